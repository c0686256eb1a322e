//! Rifle and Kepi's tables as data: its terrain chart (1 hex = 1000 m), its empty unit catalog
//! and every number of its rules (`data/tables.json`), embedded at build time.
//!
//! Invariant: the embedded files parse (tested), so [`terrain_chart`], [`catalog`] and
//! [`tables`] cannot fail at run time.

use crate::frac::Frac;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub const TERRAIN_TEXT: &str = include_str!("data/terrain-effects.json");
pub const CATALOG_TEXT: &str = include_str!("data/catalog.json");
pub const TABLES_TEXT: &str = include_str!("data/tables.json");

/// The embedded files by name, as `kepi tables --ruleset rifle-and-kepi` prints them.
pub const FILES: [(&str, &str); 3] = [
    ("tables.json", TABLES_TEXT),
    ("terrain-effects.json", TERRAIN_TEXT),
    ("catalog.json", CATALOG_TEXT),
];

pub fn terrain_chart() -> &'static crate::tables::TerrainEffects {
    static CHART: OnceLock<crate::tables::TerrainEffects> = OnceLock::new();
    CHART.get_or_init(|| {
        crate::tables::TerrainEffects::from_text(TERRAIN_TEXT)
            .unwrap_or_else(|p| panic!("embedded Rifle and Kepi terrain chart is invalid:\n{p}"))
    })
}

pub fn catalog() -> &'static crate::tables::Catalog {
    static CATALOG: OnceLock<crate::tables::Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        crate::tables::Catalog::from_text(CATALOG_TEXT)
            .unwrap_or_else(|p| panic!("embedded Rifle and Kepi catalog is invalid:\n{p}"))
    })
}

#[derive(Clone, Debug, Deserialize)]
pub struct Steps {
    pub infantry: u8,
    pub artillery: u8,
    pub cavalry: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AverageDie {
    pub faces: [u8; 6],
}

#[derive(Clone, Debug, Deserialize)]
pub struct Dithering {
    pub good: i8,
    pub average: i8,
    pub bad: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DeckSize {
    pub values: u8,
    pub suits: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub die: BTreeMap<String, u8>,
    pub column_bonus: u8,
    pub contour: u8,
    pub entrenched: u8,
    pub face_up_to_60: u8,
    pub face_over_60: u8,
    pub formation: u8,
    pub hq_hexes: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Rally {
    pub die: u8,
    pub at_least: i8,
    pub woods: i8,
    pub per_loss: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Recce {
    pub die: u8,
    pub times_range: u32,
    pub uphill: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DigIn {
    pub die: u8,
    pub at_least: i8,
    pub woods_town_obstacle: i8,
    pub per_two_markers: i8,
    pub save_at_least: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Artillery {
    pub die: BTreeMap<String, u8>,
    pub max_range: BTreeMap<String, u32>,
    pub times_range: u32,
    pub uphill_or_enfilade: i8,
    pub under_bombardment: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Combat {
    pub fresh: i8,
    pub dug_in: i8,
    pub stand_vs_charge: i8,
    pub bombarded: i8,
    pub oblique: i8,
    pub shaken: i8,
    pub charging_breechloaders: i8,
    pub flank: i8,
    pub gunners_self_defence: i64,
    pub column: Frac,
    pub oblique_fire: Frac,
    pub cavalry_vs_infantry_or_guns: Frac,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Results {
    pub disband: i64,
    pub shake: Frac,
}

/// Every number of the rules (`data/tables.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct Tables {
    pub steps: Steps,
    pub average_die: AverageDie,
    pub dithering: Dithering,
    pub deck: DeckSize,
    pub movement: Movement,
    pub rally: Rally,
    pub recce: Recce,
    pub dig_in: DigIn,
    pub artillery: Artillery,
    pub combat: Combat,
    pub results: Results,
    pub disbanded_hexes: u32,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        serde_json::from_str(TABLES_TEXT)
            .unwrap_or_else(|e| panic!("embedded Rifle and Kepi tables are invalid: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_read_and_hold_the_texts_numbers() {
        let t = tables();
        // RK Scales: two steps for infantry and artillery, one for cavalry.
        assert_eq!(
            (t.steps.infantry, t.steps.artillery, t.steps.cavalry),
            (2, 2, 1)
        );
        // RK Movement: D6, D8 for cavalry, +2 in column.
        assert_eq!(t.movement.die["infantry"], 6);
        assert_eq!(t.movement.die["cavalry"], 8);
        assert_eq!(t.movement.column_bonus, 2);
        // RK Artillery: smoothbore max range 2; D8 rifled.
        assert_eq!(t.artillery.max_range["smoothbore"], 2);
        assert_eq!(t.artillery.die["rifled"], 8);
        // RK Result: 3-1 and 3-2.
        assert_eq!(t.results.disband, 3);
        assert_eq!(t.results.shake, Frac::new(3, 2));
        assert_eq!(t.combat.flank, -2);
        assert_eq!(
            terrain_chart().terrain("woods").unwrap().movement,
            Frac::int(3)
        );
        assert!(catalog().units.is_empty());
    }
}

//! The 19th Century rules' tables as data: the terrain chart (1 hex = 6 inches), the empty
//! unit catalog and every number of the text (`data/tables.json`), embedded at build time, and
//! their conversion from the text's inches into whole hexes through a map's scale.
//!
//! Invariant: the embedded files parse (tested), so [`terrain_chart`], [`catalog`] and
//! [`tables`] cannot fail at run time.

use super::section::Kind;
use crate::map::{Distance, LengthUnit, MapScale};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub const TERRAIN_TEXT: &str = include_str!("data/terrain-effects.json");
pub const CATALOG_TEXT: &str = include_str!("data/catalog.json");
pub const TABLES_TEXT: &str = include_str!("data/tables.json");

/// The embedded files by name, as `kepi tables --ruleset nineteenth-century` prints them.
pub const FILES: [(&str, &str); 3] = [
    ("tables.json", TABLES_TEXT),
    ("terrain-effects.json", TERRAIN_TEXT),
    ("catalog.json", CATALOG_TEXT),
];

pub fn terrain_chart() -> &'static crate::tables::TerrainEffects {
    static CHART: OnceLock<crate::tables::TerrainEffects> = OnceLock::new();
    CHART.get_or_init(|| {
        crate::tables::TerrainEffects::from_text(TERRAIN_TEXT)
            .unwrap_or_else(|p| panic!("embedded 19th Century terrain chart is invalid:\n{p}"))
    })
}

pub fn catalog() -> &'static crate::tables::Catalog {
    static CATALOG: OnceLock<crate::tables::Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        crate::tables::Catalog::from_text(CATALOG_TEXT)
            .unwrap_or_else(|p| panic!("embedded 19th Century catalog is invalid:\n{p}"))
    })
}

#[derive(Clone, Debug, Deserialize)]
pub struct Shooting {
    /// Dice rolled, the highest kept (19C: "roll 2D6 selecting the highest score").
    pub dice: u8,
    /// The key of its range bands in [`Tables::bands`].
    pub bands: String,
}

/// One unit type's numbers.
#[derive(Clone, Debug, Deserialize)]
pub struct UnitType {
    pub move_inches: u32,
    pub shooting: Option<Shooting>,
    pub melee_dice: Option<u8>,
    pub eliminated_at: Option<u32>,
    pub passes_through: bool,
    pub case: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Band {
    pub name: String,
    pub from_inches: u32,
    pub to_inches: u32,
    pub modifier: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ShootingMods {
    pub target_in_cover: i32,
    pub shot_previous_turn: i32,
    pub artillery_target_artillery_or_skirmishers: i32,
    pub arc_degrees: f64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MeleeMods {
    pub first_contact_multiplier: u32,
    pub strike_back_modifier: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub road_bonus_hexes: u32,
    pub terrain_cost: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    All,
    Skirmishers,
    None,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TerrainRule {
    pub enter: Entry,
    pub halves: bool,
    pub cover: bool,
    pub blocks_sight: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct HexsideRule {
    pub crossable: bool,
    pub halves: bool,
    pub cover: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Initiative {
    pub die: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Commander {
    pub rally_hits: u32,
    pub rallies: u32,
    pub joins: Vec<Kind>,
}

/// Every number of the rules (`data/tables.json`).
#[derive(Clone, Debug, Deserialize)]
pub struct Tables {
    pub units: BTreeMap<String, UnitType>,
    pub bands: BTreeMap<String, serde_json::Value>,
    pub shooting: ShootingMods,
    pub melee: MeleeMods,
    pub movement: Movement,
    pub terrain: BTreeMap<String, serde_json::Value>,
    pub hexsides: BTreeMap<String, serde_json::Value>,
    pub initiative: Initiative,
    pub commander: Commander,
}

impl Tables {
    pub fn unit(&self, kind: Kind) -> &UnitType {
        &self.units[kind.key()]
    }

    /// The range bands of a key ("musketry"), nearest first.
    pub fn bands_of(&self, key: &str) -> Vec<Band> {
        self.bands
            .get(key)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default()
    }

    /// What a terrain does; an unknown key (not on the chart) is read as open ground.
    pub fn terrain_rule(&self, key: &str) -> TerrainRule {
        self.terrain
            .get(key)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or(TerrainRule {
                enter: Entry::All,
                halves: false,
                cover: false,
                blocks_sight: false,
            })
    }

    pub fn hexside_rule(&self, key: &str) -> Option<HexsideRule> {
        self.hexsides
            .get(key)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
    }
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        serde_json::from_str(TABLES_TEXT)
            .unwrap_or_else(|e| panic!("embedded 19th Century tables are invalid: {e}"))
    })
}

/// Whole hexes a distance of the text spans on a map of `scale`: the inches divided by the
/// map's inches a hex, rounded down (a band's upper bound or a move never reaches a hex it
/// does not wholly span: docs/rules/nineteenth-century.md, "Inches to hexes"). Refused on a
/// map measured on the ground.
pub fn hexes(scale: MapScale, inches: u32) -> Result<u32, String> {
    let h = scale
        .hexes(Distance::new(f64::from(inches), LengthUnit::Inches))
        .map_err(|e| e.0)?;
    Ok((h + 1e-9).floor() as u32)
}

/// A range band in whole hexes: (first hex, last hex, name, modifier). The first hex is the
/// one after the band below's last (at least 1: adjacent hexes are the shortest range).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HexBand {
    pub name: String,
    pub from: u32,
    pub to: u32,
    pub modifier: i32,
}

/// A unit's range bands in hexes on a map of `scale`; a band that spans no whole hex of its
/// own is dropped.
pub fn hex_bands(scale: MapScale, key: &str) -> Result<Vec<HexBand>, String> {
    let mut out = Vec::new();
    let mut next = 1;
    for b in tables().bands_of(key) {
        let to = hexes(scale, b.to_inches)?;
        if to >= next {
            out.push(HexBand {
                name: b.name.clone(),
                from: next,
                to,
                modifier: b.modifier,
            });
            next = to + 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_read_and_hold_the_texts_numbers() {
        let t = tables();
        assert_eq!(t.unit(Kind::Infantry).move_inches, 6);
        assert_eq!(t.unit(Kind::Skirmishers).move_inches, 12);
        assert_eq!(t.unit(Kind::Cavalry).move_inches, 18);
        assert_eq!(t.unit(Kind::Infantry).eliminated_at, Some(13));
        assert_eq!(t.unit(Kind::Artillery).eliminated_at, Some(7));
        assert!(t.unit(Kind::Cavalry).shooting.is_none());
        assert_eq!(t.unit(Kind::Cavalry).melee_dice, Some(2));
        assert_eq!(t.unit(Kind::Dragoons).melee_dice, Some(1));
        let six = MapScale::new(6, LengthUnit::Inches);
        let m = hex_bands(six, "musketry").unwrap();
        assert_eq!(
            m.iter().map(|b| (b.from, b.to)).collect::<Vec<_>>(),
            [(1, 1), (2, 2), (3, 3)]
        );
        let a = hex_bands(six, "artillery").unwrap();
        assert_eq!(
            a.iter().map(|b| (b.from, b.to)).collect::<Vec<_>>(),
            [(1, 2), (3, 4), (5, 6)]
        );
        assert!(hexes(MapScale::metres(50), 6).is_err());
        let chart = terrain_chart();
        for k in t.terrain.keys().filter(|k| *k != "case") {
            assert!(chart.terrain.iter().any(|x| &x.key == k), "{k}");
        }
        for k in t.hexsides.keys().filter(|k| *k != "case") {
            assert!(chart.hexsides.iter().any(|x| &x.key == k), "{k}");
        }
        assert!(catalog().units.is_empty());
    }
}

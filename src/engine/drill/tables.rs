//! Drill's tables as data, embedded at build time: its catalog (Drill 1.1), its terrain chart
//! with bog (Drill 4.2, 5.1) and its fire table (Drill 5.1).
//!
//! Invariant: the embedded files parse (tested), so [`tables`] cannot fail at run time.

use crate::tables::{Catalog, CombatResults, TerrainEffects};
use std::sync::OnceLock;

pub const CATALOG_TEXT: &str = include_str!("data/catalog.json");
pub const TERRAIN_TEXT: &str = include_str!("data/terrain-effects.json");
pub const TABLE_TEXT: &str = include_str!("data/table.json");

/// The embedded files by name, as `kepi tables --ruleset drill` prints them.
pub const FILES: [(&str, &str); 3] = [
    ("catalog.json", CATALOG_TEXT),
    ("terrain-effects.json", TERRAIN_TEXT),
    ("table.json", TABLE_TEXT),
];

pub struct Tables {
    pub catalog: Catalog,
    pub terrain: TerrainEffects,
    pub fire: CombatResults,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables {
        catalog: Catalog::from_text(CATALOG_TEXT)
            .unwrap_or_else(|p| panic!("embedded Drill catalog is invalid:\n{p}")),
        terrain: TerrainEffects::from_text(TERRAIN_TEXT)
            .unwrap_or_else(|p| panic!("embedded Drill terrain chart is invalid:\n{p}")),
        fire: crate::document::from_text(TABLE_TEXT, crate::document::DocumentKind::CombatResults)
            .and_then(CombatResults::checked)
            .unwrap_or_else(|p| panic!("embedded Drill fire table is invalid:\n{p}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_parse_and_bog_is_drills_own() {
        let t = tables();
        assert_eq!(t.catalog.units.len(), 2);
        assert_eq!(t.fire.columns.len(), 5);
        let bog = t.terrain.terrain.iter().find(|x| x.key == "bog").unwrap();
        assert_eq!(bog.defense, crate::frac::Frac::int(2));
    }
}

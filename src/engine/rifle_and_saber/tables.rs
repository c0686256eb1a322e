//! Rifle & Saber's tables as data (R&S 9.0): the unit catalog, the Combat Results Table, the
//! Terrain Effects Chart (the map chart) and the range effects, from `data/rifle-and-saber/`,
//! embedded at build time.
//!
//! Invariant: the embedded files parse and cross-check (tested), so [`Tables::embedded`]
//! cannot fail at run time.

use crate::document::{self, DocumentKind};
use crate::problems::Problems;
use crate::tables::{Catalog, CombatResults, RangeEffects, TerrainEffects};
use std::sync::OnceLock;

/// Rifle & Saber's four tables (R&S 9.0).
#[derive(Clone, Debug)]
pub struct Tables {
    pub catalog: Catalog,
    pub combat_results: CombatResults,
    pub terrain: TerrainEffects,
    pub range_effects: RangeEffects,
}

/// The embedded data files, by name, as shipped (for `kepi tables` and tests).
pub const FILES: [(&str, &str); 4] = [
    (
        "catalog.json",
        include_str!("../../../data/rifle-and-saber/catalog.json"),
    ),
    (
        "combat-results.json",
        include_str!("../../../data/rifle-and-saber/combat-results.json"),
    ),
    (
        "terrain-effects.json",
        include_str!("../../../data/rifle-and-saber/terrain-effects.json"),
    ),
    (
        "range-effects.json",
        include_str!("../../../data/rifle-and-saber/range-effects.json"),
    ),
];

impl Tables {
    /// Parse and cross-check the four files.
    pub fn from_texts(
        catalog: &str,
        combat_results: &str,
        terrain: &str,
        range_effects: &str,
    ) -> Result<Tables, Problems> {
        let mut problems = Problems::new();
        let catalog = Catalog::from_text(catalog).map_err(|p| p.nested("catalog"));
        let crt: Result<CombatResults, Problems> =
            document::from_text(combat_results, DocumentKind::CombatResults)
                .and_then(CombatResults::checked);
        let terrain = TerrainEffects::from_text(terrain).map_err(|p| p.nested("terrain"));
        let range: Result<RangeEffects, Problems> =
            document::from_text(range_effects, DocumentKind::RangeEffects);
        for r in [&catalog.as_ref().err(), &terrain.as_ref().err()]
            .into_iter()
            .flatten()
        {
            problems.extend((*r).clone());
        }
        if let Err(p) = &crt {
            problems.extend(p.clone().nested("combat-results"));
        }
        if let Err(p) = &range {
            problems.extend(p.clone().nested("range-effects"));
        }
        if let (Ok(cat), Ok(range)) = (&catalog, &range) {
            problems.extend(range.check_units(cat).nested("range-effects"));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Tables {
            catalog: catalog.expect("checked"),
            combat_results: crt.expect("checked"),
            terrain: terrain.expect("checked"),
            range_effects: range.expect("checked"),
        })
    }

    /// The embedded tables.
    pub fn embedded() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let [c, r, t, g] = FILES.map(|(_, text)| text);
            Tables::from_texts(c, r, t, g)
                .unwrap_or_else(|p| panic!("embedded Rifle & Saber tables are invalid:\n{p}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tables_load() {
        let t = Tables::embedded();
        assert_eq!(t.catalog.units.len(), 10);
        assert_eq!(t.combat_results.columns.len(), 8);
        assert_eq!(t.terrain.ruleset.key(), super::super::ruleset::KEY);
    }
}

#[cfg(test)]
mod catalog_tests {
    use super::Tables;
    use crate::frac::Frac;
    use crate::tables::Source;

    #[test]
    fn values_from_the_rules_text_are_marked_as_such() {
        let cat = &Tables::embedded().catalog;
        let mz = cat.unit("MZ").unwrap();
        // R&S 5.1 example: MZ attack 3, defense 2; MR attack 4. R&S 10.4 example: LB 9.
        assert_eq!(mz.fire_attack.value, Frac::int(3));
        assert_eq!(mz.fire_attack.source, Source::RulesText);
        assert_eq!(mz.fire_defense.value, Frac::int(2));
        assert_eq!(mz.fire_defense.source, Source::RulesText);
        let mr = cat.unit("MR").unwrap();
        assert_eq!(mr.fire_attack.value, Frac::int(4));
        assert_eq!(mr.fire_attack.source, Source::RulesText);
        let lb = cat.unit("LB").unwrap();
        assert_eq!(lb.fire_attack.value, Frac::int(9));
        assert_eq!(lb.fire_attack.source, Source::RulesText);
        assert_eq!(lb.range.source, Source::Reconstructed);
        // R&S 4(K): charge to 12; 5.2 shock; 7.0(A) stacking.
        assert_eq!(
            cat.unit("CY")
                .unwrap()
                .charge_movement
                .as_ref()
                .unwrap()
                .value,
            12
        );
        for u in &cat.units {
            let gun = u.arm.is_gun();
            assert_eq!(u.shock.value, if gun { 0 } else { 1 }, "{}", u.code);
            assert_eq!(u.stacking.value, if gun { 3 } else { 2 }, "{}", u.code);
            assert_eq!(u.limbers, gun, "{}", u.code);
        }
    }

    #[test]
    fn reconstructed_defaults_match_the_project_readings() {
        // docs/rules/README.md, "Reconstructed (default catalog)".
        let cat = &Tables::embedded().catalog;
        let expect = [
            ("MZ", 3, 2, 5, 4),
            ("EB", 5, 3, 8, 5),
            ("LB", 9, 4, 12, 5),
            ("CY", 2, 2, 2, 8),
            ("MR", 4, 2, 2, 8),
            ("MG", 5, 2, 8, 4),
            ("MA", 6, 2, 6, 6),
            ("MAh", 6, 2, 6, 10),
            ("BA", 8, 2, 8, 6),
            ("BAh", 8, 2, 8, 10),
        ];
        for (code, fa, fd, range, mv) in expect {
            let u = cat.unit(code).unwrap();
            assert_eq!(u.fire_attack.value, Frac::int(fa), "{code}");
            assert_eq!(u.fire_defense.value, Frac::int(fd), "{code}");
            assert_eq!(u.range.value, range, "{code}");
            assert_eq!(u.movement.value, mv, "{code}");
        }
        for (code, shot, srange) in [("MA", 1, 18), ("MAh", 1, 18), ("BA", 2, 24), ("BAh", 2, 24)] {
            let u = cat.unit(code).unwrap();
            assert_eq!(u.shot_attack.as_ref().unwrap().value, Frac::int(shot));
            assert_eq!(u.shot_range.as_ref().unwrap().value, srange);
        }
        assert_eq!(cat.unit("CY").unwrap().dismounts_as.as_deref(), Some("MZ"));
        assert_eq!(cat.unit("MR").unwrap().dismounts_as.as_deref(), Some("EB"));
    }

    #[test]
    fn codes_match_case_insensitively_when_unique() {
        let cat = &Tables::embedded().catalog;
        assert_eq!(cat.unit("mah").unwrap().code, "MAh");
        assert_eq!(cat.unit("Mz").unwrap().code, "MZ");
        assert!(cat.unit("HZ").is_none());
    }
}

#[cfg(test)]
mod combat_results_tests {
    use super::Tables;
    use crate::frac::Frac;

    #[test]
    fn r_and_s_5_1_example_7_to_2_is_3_to_1_and_a_six_eliminates() {
        // R&S 5.1: an MZ (3) and an MR (4) fire at an MZ (defense 2): 7-2 rounds in favour of
        // the defender to 3-1; a die roll of 6 eliminates the target.
        let crt = &Tables::embedded().combat_results;
        let col = crt.column_for(Frac::int(3) + Frac::int(4), Frac::int(2));
        assert_eq!(crt.columns[col].to_string(), "3-1");
        assert_eq!(crt.result(col, 6), Some("E"));
    }

    #[test]
    fn r_and_s_9_1_odds_beyond_the_table_use_its_ends() {
        let crt = &Tables::embedded().combat_results;
        let col = |a, d| crt.columns[crt.column_for(Frac::int(a), Frac::int(d))].to_string();
        assert_eq!(col(1, 4), "1-3");
        assert_eq!(col(1, 100), "1-3");
        assert_eq!(col(40, 2), "6-1");
        assert_eq!(col(2, 5), "1-3"); // 0.4: below 1-2, rounds down
        assert_eq!(col(5, 5), "1-1");
        assert_eq!(col(11, 2), "5-1");
    }
}

#[cfg(test)]
mod range_effects_tests {
    use super::Tables;
    use crate::frac::Frac;
    use crate::tables::range_effects::Ammunition;

    #[test]
    fn r_and_s_10_4_example_lb_at_eleven_hexes_fires_at_2_1_4() {
        let t = Tables::embedded();
        let lb = t.catalog.unit("LB").unwrap();
        let factor = t.range_effects.factor("LB", None, 11).unwrap();
        let strength = lb.fire_attack.value * factor;
        assert_eq!(strength, Frac::new(9, 4));
        assert_eq!(strength.to_string(), "2 1/4");
    }

    #[test]
    fn bands_and_ammunition() {
        let r = &Tables::embedded().range_effects;
        assert_eq!(r.factor("MZ", None, 3), Some(Frac::ONE));
        assert_eq!(r.factor("MZ", None, 4), Some(Frac::new(1, 2)));
        assert_eq!(r.factor("MG", None, 9), Some(Frac::new(1, 2)));
        assert_eq!(
            r.factor("BA", Some(Ammunition::Canister), 2),
            Some(Frac::int(2))
        );
        assert_eq!(
            r.factor("BA", Some(Ammunition::Shot), 20),
            Some(Frac::new(1, 2))
        );
        assert_eq!(r.factor("BA", None, 2), None);
    }
}

#[cfg(test)]
mod terrain_effects_tests {
    use super::Tables;
    use crate::frac::Frac;

    #[test]
    fn r_and_s_9_2_chart_values() {
        let t = &Tables::embedded().terrain;
        let row = |k: &str| {
            let r = t.terrain(k).unwrap();
            (r.movement, r.defense)
        };
        assert_eq!(row("clear"), (Frac::int(1), Frac::int(1)));
        assert_eq!(row("village"), (Frac::int(1), Frac::int(3)));
        assert_eq!(row("slope"), (Frac::int(2), Frac::int(2)));
        assert_eq!(row("woods"), (Frac::int(2), Frac::int(2)));
        assert_eq!(row("river"), (Frac::int(3), Frac::int(2)));
        assert_eq!(row("ford"), (Frac::int(2), Frac::new(1, 2)));
        assert_eq!(row("bridge").1, Frac::new(1, 2));
        assert_eq!(t.route("road").unwrap().movement, Frac::new(1, 3));
        assert_eq!(t.hexside("ridge").unwrap().movement_extra, Frac::int(1));
        assert!(t.hexside("ridge").unwrap().blocks_line_of_sight);
    }

    #[test]
    fn r_and_s_9_2_notes_trench_on_a_bridge_defends_at_1_1_2() {
        // "if a unit were in a Trench in a Bridge hex, its Defense Strength would be halved and
        // then tripled, resulting in a Defense Strength multiplication of 1 1/2".
        let t = &Tables::embedded().terrain;
        let net = t.terrain("bridge").unwrap().defense * t.condition("trench").unwrap().defense;
        assert_eq!(net, Frac::new(3, 2));
        assert_eq!(net.to_string(), "1 1/2");
    }
}

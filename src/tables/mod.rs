//! A rule system's tables as data: unit catalog, combat results, terrain effects and range
//! effects. The defaults for each ruleset are JSON files under `data/`, embedded in the binary
//! at build time; a scenario may name another catalog (see `scenario`).
//!
//! Invariant: every embedded table parses and validates (tested in `tests::embedded_*`), so
//! [`RulesetTables::rifle_and_saber`] cannot fail at run time.

pub mod catalog;
pub mod combat_results;
pub mod range_effects;
pub mod terrain_effects;

use crate::document::{self, DocumentKind};
use crate::problems::Problems;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub use catalog::{Arm, Catalog, UnitType};
pub use combat_results::{CombatResults, Odds};
pub use range_effects::RangeEffects;
pub use terrain_effects::TerrainEffects;

/// Where a table value comes from (see docs/rules/README.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Source {
    /// Printed in the rules text (a case or a worked example); the note names it.
    #[serde(rename = "rules text")]
    RulesText,
    /// The rules text lost it (OCR) or never gave it; the Kepi project's default.
    #[serde(rename = "reconstructed")]
    Reconstructed,
}

/// A value with its provenance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Sourced_{T}")]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Rule systems Kepi knows. Rifle & Saber and Age of Rifles have tables and rules; the others
/// are named so that files for them are recognized and refused with a clear message. A system
/// added at run time through `engine::game::registry::register` is `Registered(key)`.
/// Written in files as its key ("rifle-and-saber").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesetId {
    RifleAndSaber,
    AgeOfRifles,
    RifleAndKepi,
    VaeVictis,
    NineteenthCentury,
    /// A rule system registered at run time, by its key.
    Registered(&'static str),
}

impl Serialize for RulesetId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// In a schema, a rule system is one of the keys of the systems Kepi knows by name; systems
/// registered at run time are not listed.
impl JsonSchema for RulesetId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RulesetId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let keys: Vec<&str> = RulesetId::ALL.iter().map(|r| r.key()).collect();
        schemars::json_schema!({
            "description": "The rule system, by its key. Maps can be made for rifle-and-saber and \
                            age-of-rifles, and their scenarios and games are played; \
                            the other systems are recognized and refused with a message.",
            "type": "string",
            "enum": keys,
        })
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RulesetId, D::Error> {
        let key = String::deserialize(d)?;
        RulesetId::from_key(&key).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown rule system '{key}'; expected one of {}",
                RulesetId::ALL
                    .iter()
                    .map(|r| r.key())
                    .chain(
                        crate::engine::game::registry::all()
                            .iter()
                            .map(|r| r.key())
                            .filter(|k| RulesetId::ALL.iter().all(|b| b.key() != *k))
                    )
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }
}

impl RulesetId {
    /// The systems Kepi knows by name (registered ones aside).
    pub const ALL: [RulesetId; 5] = [
        RulesetId::RifleAndSaber,
        RulesetId::AgeOfRifles,
        RulesetId::RifleAndKepi,
        RulesetId::VaeVictis,
        RulesetId::NineteenthCentury,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RulesetId::RifleAndSaber => "Rifle & Saber",
            RulesetId::AgeOfRifles => "Age of Rifles",
            RulesetId::RifleAndKepi => "Rifle and Kepi",
            RulesetId::VaeVictis => "Vae Victis",
            RulesetId::NineteenthCentury => "19th Century",
            RulesetId::Registered(key) => crate::engine::game::registry::get(key)
                .map(|r| r.name())
                .unwrap_or(key),
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            RulesetId::RifleAndSaber => "rifle-and-saber",
            RulesetId::AgeOfRifles => "age-of-rifles",
            RulesetId::RifleAndKepi => "rifle-and-kepi",
            RulesetId::VaeVictis => "vae-victis",
            RulesetId::NineteenthCentury => "nineteenth-century",
            RulesetId::Registered(key) => key,
        }
    }

    /// The terrain chart that gives this system's maps their vocabulary (terrain, hexside and
    /// route keys, colours), or a message saying the system has none yet. A system may have a
    /// chart before its rules are implemented: its maps can then be painted, validated, drawn
    /// and shared, while its scenarios and games are refused by [`RulesetId::tables`].
    pub fn terrain_chart(self) -> Result<&'static TerrainEffects, String> {
        match self {
            RulesetId::RifleAndSaber => Ok(&RulesetTables::rifle_and_saber().terrain),
            RulesetId::AgeOfRifles => Ok(age_of_rifles_chart()),
            RulesetId::Registered(key) => crate::engine::game::registry::get(key)?
                .tables()
                .map(|t| &t.terrain)
                .ok_or_else(|| format!("the {} rules have no terrain chart", self.name())),
            other => Err(format!(
                "Kepi has no terrain chart for {} yet; maps can be made for Rifle & Saber and \
                 Age of Rifles",
                other.name()
            )),
        }
    }

    /// The system of a key ("rifle-and-saber"), as files and the app name it: a built-in one,
    /// or one registered at run time.
    pub fn from_key(key: &str) -> Option<RulesetId> {
        RulesetId::ALL
            .into_iter()
            .find(|r| r.key() == key)
            .or_else(|| {
                crate::engine::game::registry::registered_key(key).map(RulesetId::Registered)
            })
    }

    /// Rule systems whose maps can be made (they have a terrain chart).
    pub const WITH_MAPS: [RulesetId; 2] = [RulesetId::RifleAndSaber, RulesetId::AgeOfRifles];

    /// The default unit catalog of a system whose scenarios can be read: its tables' catalog,
    /// or Age of Rifles' empty one (its units are given in the scenario, AoR 2.2).
    pub fn catalog(self) -> Result<&'static Catalog, String> {
        match self {
            RulesetId::AgeOfRifles => Ok(age_of_rifles_catalog()),
            other => other.tables().map(|t| &t.catalog),
        }
    }

    /// The embedded default tables, or a message saying the system is not implemented yet.
    pub fn tables(self) -> Result<&'static RulesetTables, String> {
        match self {
            RulesetId::RifleAndSaber => Ok(RulesetTables::rifle_and_saber()),
            RulesetId::Registered(key) => crate::engine::game::registry::get(key)?
                .tables()
                .ok_or_else(|| format!("the {} rules have no tables", self.name())),
            other => Err(format!(
                "the {} rules are not implemented yet; Kepi plays Rifle & Saber so far",
                other.name()
            )),
        }
    }
}

/// Age of Rifles' catalog: no unit types (AoR 2.2: units carry their own values).
pub const AGE_OF_RIFLES_CATALOG: &str = include_str!("../../data/age-of-rifles/catalog.json");

fn age_of_rifles_catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        Catalog::from_text(AGE_OF_RIFLES_CATALOG)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles catalog is invalid:\n{p}"))
    })
}

/// Age of Rifles' terrain chart (the map vocabulary; its other tables are in
/// `engine::age_of_rifles::tables`).
pub const AGE_OF_RIFLES_TERRAIN: &str =
    include_str!("../../data/age-of-rifles/terrain-effects.json");

fn age_of_rifles_chart() -> &'static TerrainEffects {
    static CHART: OnceLock<TerrainEffects> = OnceLock::new();
    CHART.get_or_init(|| {
        TerrainEffects::from_text(AGE_OF_RIFLES_TERRAIN)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles terrain chart is invalid:\n{p}"))
    })
}

/// The four tables of one ruleset.
#[derive(Clone, Debug)]
pub struct RulesetTables {
    pub ruleset: RulesetId,
    pub catalog: Catalog,
    pub combat_results: CombatResults,
    pub terrain: TerrainEffects,
    pub range_effects: RangeEffects,
}

/// The embedded data files, by name, as shipped (for `kepi tables` and tests).
pub const RIFLE_AND_SABER_FILES: [(&str, &str); 4] = [
    (
        "catalog.json",
        include_str!("../../data/rifle-and-saber/catalog.json"),
    ),
    (
        "combat-results.json",
        include_str!("../../data/rifle-and-saber/combat-results.json"),
    ),
    (
        "terrain-effects.json",
        include_str!("../../data/rifle-and-saber/terrain-effects.json"),
    ),
    (
        "range-effects.json",
        include_str!("../../data/rifle-and-saber/range-effects.json"),
    ),
];

impl RulesetTables {
    /// Parse and cross-check the four files of a ruleset.
    pub fn from_texts(
        ruleset: RulesetId,
        catalog: &str,
        combat_results: &str,
        terrain: &str,
        range_effects: &str,
    ) -> Result<RulesetTables, Problems> {
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
        Ok(RulesetTables {
            ruleset,
            catalog: catalog.expect("checked"),
            combat_results: crt.expect("checked"),
            terrain: terrain.expect("checked"),
            range_effects: range.expect("checked"),
        })
    }

    pub fn rifle_and_saber() -> &'static RulesetTables {
        static TABLES: OnceLock<RulesetTables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let [c, r, t, g] = RIFLE_AND_SABER_FILES.map(|(_, text)| text);
            RulesetTables::from_texts(RulesetId::RifleAndSaber, c, r, t, g)
                .unwrap_or_else(|p| panic!("embedded Rifle & Saber tables are invalid:\n{p}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_rifle_and_saber_tables_load() {
        let t = RulesetTables::rifle_and_saber();
        assert_eq!(t.catalog.units.len(), 10);
        assert_eq!(t.combat_results.columns.len(), 8);
    }

    #[test]
    fn age_of_rifles_has_a_map_chart_but_no_rules_yet() {
        let t = RulesetId::AgeOfRifles.terrain_chart().unwrap();
        assert_eq!(t.ruleset, RulesetId::AgeOfRifles);
        let e = RulesetId::AgeOfRifles.tables().unwrap_err();
        assert!(
            e.contains("Age of Rifles") && e.contains("not implemented"),
            "{e}"
        );
        let e = RulesetId::VaeVictis.terrain_chart().unwrap_err();
        assert!(e.contains("Vae Victis"), "{e}");
        for r in RulesetId::WITH_MAPS {
            assert_eq!(r.terrain_chart().unwrap().ruleset, r);
        }
    }

    #[test]
    fn unimplemented_rulesets_are_refused_by_name() {
        let e = RulesetId::VaeVictis.tables().unwrap_err();
        assert!(
            e.contains("Vae Victis") && e.contains("not implemented"),
            "{e}"
        );
    }
}

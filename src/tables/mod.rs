//! Tables as data, in the shapes several systems share: unit catalogs, combat results,
//! terrain effects (a system's terrain chart) and range effects, with where each value comes
//! from. Each system's own files are under `data/<system>/`, embedded by the system's folder in
//! `engine/` and given to the rest of Kepi through the registry (a `RulesetId`'s `terrain_chart`,
//! `catalog`, the ruleset's `table_files`); a scenario may name another catalog.

pub mod catalog;
pub mod combat_results;
pub mod print;
pub mod range_effects;
pub mod terrain_effects;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

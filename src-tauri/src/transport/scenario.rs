//! Transport types of the scenario view: the scenario being edited (its file as JSON, which the
//! view edits by pointer), its problems, zones and forces, the unit catalog, the JSON Schema of
//! the format (the view's forms for typed rules follow it), and the creation method's report.

use super::{MapView, ProblemDto};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// One edit of the scenario: JSON pointer ops, or a brush dab on a zone.
#[derive(Clone, Debug, PartialEq, Deserialize, TS)]
#[serde(tag = "op", rename_all = "snake_case")]
#[ts(rename = "ScenarioOp")]
pub enum ScenarioOpDto {
    Set {
        pointer: String,
        #[ts(type = "unknown")]
        value: Value,
    },
    Insert {
        pointer: String,
        index: Option<u32>,
        #[ts(type = "unknown")]
        value: Value,
    },
    Remove {
        pointer: String,
    },
    PaintZone {
        zone: String,
        /// Printed hex name ("0812").
        hex: String,
        /// 1, 7 or 19 hexes.
        brush: u32,
        add: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "ScenarioZone")]
pub struct ZoneDto {
    pub field: String,
    pub pointer: String,
    pub side: Option<String>,
    pub text: String,
    pub hexes: Vec<String>,
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ForceRowDto {
    pub group: Option<String>,
    pub count: u32,
    pub item: String,
    pub unit: bool,
}

/// A side's order-of-battle formula, parsed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct FormulaDto {
    pub formula: String,
    pub rows: Vec<ForceRowDto>,
    /// 1-based character of the first error.
    pub error_at: Option<u32>,
    pub error: Option<String>,
    pub units: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct CatalogValueDto {
    pub name: String,
    pub value: String,
    /// "rules text" or "reconstructed".
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct CatalogRowDto {
    pub code: String,
    pub name: String,
    pub arm: String,
    pub values: Vec<CatalogValueDto>,
}

/// The scenario as it is now (after every command that changes it).
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScenarioView {
    /// The file as it would be written.
    #[ts(type = "any")]
    pub file: Value,
    /// Where it is saved; `None` for a new scenario or a shipped one (saved with Save as).
    pub path: Option<String>,
    pub dirty: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub problems: Vec<ProblemDto>,
    pub warnings: Vec<ProblemDto>,
    pub zones: Vec<ZoneDto>,
    /// Each side's formula; empty with `forces_note` for a system whose forces are not one.
    pub forces: Vec<FormulaDto>,
    pub forces_note: Option<String>,
    /// Age of Rifles' forces as roster tables (`None` for other systems).
    pub roster: Option<RosterDto>,
    /// Each side's paint, `#rrggbb` (grey for a colour Kepi does not know).
    pub side_colors: Vec<String>,
}

/// One column of a roster table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "RosterColumn")]
pub struct RosterColumnDto {
    /// The field it edits (`steps` is derived from `reduced_strength`).
    pub key: String,
    pub label: String,
    /// "text", "number", "choice", "flag" or "steps".
    pub kind: String,
    /// Empty leaves the field out (its default, shown as `default`).
    pub optional: bool,
    pub choices: Vec<String>,
    pub default: String,
}

/// One row: a leader, formation or unit as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "RosterRow")]
pub struct RosterRowDto {
    pub index: u32,
    /// `sides[0].units[3]`.
    pub field: String,
    /// One text a column, in the columns' order.
    pub cells: Vec<String>,
    /// A column's key (empty for the whole row) and the problem's words.
    pub problems: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "RosterSide")]
pub struct RosterSideDto {
    pub side: u32,
    pub name: String,
    pub army_demoralization: String,
    pub supply: String,
    pub leaders: Vec<RosterRowDto>,
    pub formations: Vec<RosterRowDto>,
    pub units: Vec<RosterRowDto>,
    pub problems: Vec<(String, String)>,
}

/// Age of Rifles' forces: each part's columns and each side's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "Roster")]
pub struct RosterDto {
    pub leader_columns: Vec<RosterColumnDto>,
    pub formation_columns: Vec<RosterColumnDto>,
    pub unit_columns: Vec<RosterColumnDto>,
    pub sides: Vec<RosterSideDto>,
}

/// One edit of the roster: a cell typed into, a side's own field, a row added or removed.
/// `part` is "leaders", "formations" or "units".
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "edit", rename_all = "snake_case")]
#[ts(rename = "RosterEdit")]
pub enum RosterEditDto {
    Cell {
        side: u32,
        part: String,
        index: u32,
        column: String,
        text: String,
    },
    Side {
        side: u32,
        field: String,
        text: String,
    },
    Add {
        side: u32,
        part: String,
    },
    Remove {
        side: u32,
        part: String,
        index: u32,
    },
}

/// A scenario opened in the view: its state, its map, and what the forms need.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScenarioOpened {
    pub view: ScenarioView,
    pub map: MapView,
    pub catalog: Vec<CatalogRowDto>,
    /// The scenario format's JSON Schema (`kepi schema scenario`).
    #[ts(type = "any")]
    pub schema: Value,
    /// The optional rules of the scenario's system: key and name.
    pub options: Vec<(String, String)>,
    /// The colour names a side may have (or `#rrggbb`).
    pub color_names: Vec<String>,
    /// The panels only the scenario's rule system has (`Ruleset::scenario_panels`): key, tab
    /// label, rule case.
    pub panels: Vec<(String, String, String)>,
}

//! Scenario editing for the scenario view: a [`ScenarioDocument`] is a scenario file being
//! edited on its map and unit catalog, changed only through [`ScenarioDocument::apply`] with an
//! [`Op`], with undo and redo by [`History`] (the pattern of the map painter, [`crate::editor`]).
//!
//! Invariants:
//! - the document is always a [`ScenarioFile`] that serde reads (an op whose result the format
//!   cannot even read, such as a string where a number belongs, is refused and changes nothing,
//!   naming the field); it may hold what validation refuses (an empty order of battle, a group
//!   never deployed): [`ScenarioDocument::problems`] lists that, as `kepi validate` words it,
//!   and saving refuses until it is fixed, so that no file Kepi writes fails to validate;
//! - one step of the history is one user action: the ops of one `apply` call, or of a brush
//!   stroke between [`ScenarioDocument::begin_stroke`] and [`ScenarioDocument::end_stroke`];
//! - the text written is [`ScenarioFile::to_text`] of the document: a file opened and saved
//!   unchanged is written back byte for byte (tested on the 17 shipped scenarios).

pub mod forces;
pub mod ops;
pub mod roster;
#[cfg(test)]
mod tests;

pub use ops::Op;

use super::Brush;
use super::history::History;
use crate::document::{self, DocumentKind};
use crate::engine::RulesetId;
use crate::map::{HexCoord, Map};
use crate::problems::Problems;
use crate::scenario::{Notes, Scenario, ScenarioFile, SideEntry};
use crate::tables::Catalog;
use serde_json::{Map as JsonMap, Value};
use std::collections::BTreeSet;

/// One step: the file before and after (scenario files are small, a few tens of kilobytes, so
/// whole copies keep undo exact and simple).
#[derive(Clone, Debug)]
struct Step {
    before: ScenarioFile,
    after: ScenarioFile,
}

/// Why an edit was refused; the document is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{0}")]
    Op(String),
    #[error("{0}")]
    Format(String),
}

/// A zone of the file, with the hexes it covers now (its own, or its rule's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneShown {
    /// Where it is in the file: `deployment[0].zone`, `reinforcements[1].entry`, ...
    pub field: String,
    /// The JSON pointer of the zone object (`/deployment/0/zone`), for ops.
    pub pointer: String,
    /// The side it belongs to, when the file says.
    pub side: Option<String>,
    pub text: String,
    pub hexes: Vec<String>,
    /// The rule's own words when its hexes cannot be computed.
    pub error: Option<String>,
}

/// The result of validating the document now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub problems: Problems,
    /// What the file may say but its author should see ([`crate::scenario::checks::warnings`]);
    /// empty while there are problems.
    pub warnings: Problems,
}

pub struct ScenarioDocument {
    file: ScenarioFile,
    map: Map,
    catalog: Catalog,
    history: History<Step>,
    /// The file when the open stroke began.
    stroke: Option<ScenarioFile>,
}

impl ScenarioDocument {
    /// A scenario file opened for editing on its map and catalog (not validated: problems are
    /// listed, to be fixed in the editor).
    pub fn open(file: ScenarioFile, map: Map, catalog: Catalog) -> ScenarioDocument {
        ScenarioDocument {
            file,
            map,
            catalog,
            history: History::new(),
            stroke: None,
        }
    }

    /// A new scenario on `map`: two sides, no forces, no zones, no victory conditions yet (the
    /// problems list says what is missing).
    pub fn new_on(map: Map, catalog: Catalog, ruleset: RulesetId) -> ScenarioDocument {
        let side = |id: &str, name: &str, color: &str| {
            let forces = ruleset
                .rules()
                .map(|r| r.new_side_section())
                .unwrap_or_default();
            SideEntry {
                id: id.into(),
                name: name.into(),
                color: color.into(),
                forces,
            }
        };
        let file = ScenarioFile {
            format: DocumentKind::Scenario.format_name().into(),
            version: DocumentKind::Scenario.current_version() as u32,
            id: "new-scenario".into(),
            ruleset,
            title: "New scenario".into(),
            date: String::new(),
            portion: String::new(),
            map: map.id.clone(),
            catalog: None,
            sides: vec![side("red", "Red", "red"), side("blue", "Blue", "blue")],
            deploys_first: "red".into(),
            moves_first: "red".into(),
            deployment: Vec::new(),
            reinforcements: Vec::new(),
            game_length: 10,
            night_turns: Vec::new(),
            rain_turns: Vec::new(),
            victory: Vec::new(),
            options: JsonMap::new(),
            victory_points: Vec::new(),
            special_rules: Vec::new(),
            events: Vec::new(),
            notes: Notes::default(),
        };
        ScenarioDocument::open(file, map, catalog)
    }

    pub fn file(&self) -> &ScenarioFile {
        &self.file
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The file as JSON, as it would be written.
    pub fn value(&self) -> Value {
        serde_json::to_value(&self.file).expect("scenario files serialize")
    }

    pub fn to_text(&self) -> String {
        self.file.to_text()
    }

    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    pub fn mark_saved(&mut self) {
        self.history.mark_saved();
    }

    /// Validate the document as `kepi validate` would, with its warnings.
    pub fn check(&self) -> Checked {
        match Scenario::new(self.file.clone(), self.map.clone(), self.catalog.clone()) {
            Ok(s) => Checked {
                problems: Problems::new(),
                warnings: crate::scenario::checks::warnings(&s),
            },
            Err(problems) => Checked {
                problems,
                warnings: Problems::new(),
            },
        }
    }

    /// The validated scenario, or its problems (what saving, testing and rendering need).
    pub fn scenario(&self) -> Result<Scenario, Problems> {
        Scenario::new(self.file.clone(), self.map.clone(), self.catalog.clone())
    }

    /// Apply ops as one step (or as part of the open stroke). All or nothing: when one op is
    /// refused, or the result is not a scenario file, the document is unchanged.
    pub fn apply(&mut self, ops: &[Op]) -> Result<(), EditError> {
        let mut value = self.value();
        for op in ops {
            op.apply(&mut value, &self.map).map_err(EditError::Op)?;
        }
        let file: ScenarioFile = document::from_value(value, DocumentKind::Scenario)
            .map_err(|p| EditError::Format(p.to_string()))?;
        if file == self.file {
            return Ok(());
        }
        let before = std::mem::replace(&mut self.file, file);
        if self.stroke.is_none() {
            self.history.push(Step {
                before,
                after: self.file.clone(),
            });
        }
        Ok(())
    }

    /// Open a stroke: every op until [`Self::end_stroke`] joins one step.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(self.file.clone());
    }

    /// Close the open stroke (a stroke that changed nothing leaves no step).
    pub fn end_stroke(&mut self) {
        if let Some(before) = self.stroke.take()
            && before != self.file
        {
            self.history.push(Step {
                before,
                after: self.file.clone(),
            });
        }
    }

    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        match self.history.undo() {
            Some(step) => {
                self.file = step.before.clone();
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        match self.history.redo() {
            Some(step) => {
                self.file = step.after.clone();
                true
            }
            None => false,
        }
    }

    /// Age of Rifles' forces as roster tables, each row with its problems as the document's
    /// check gives them (`Err` for a system whose forces are not a roster).
    pub fn roster(&self) -> Result<Vec<roster::RosterSide>, String> {
        roster::roster(&self.file, &self.check().problems)
    }

    /// One edit of the roster, as one undoable step (its ops through [`Self::apply`]).
    pub fn edit_roster(&mut self, edit: &roster::RosterEdit) -> Result<(), EditError> {
        let ops = roster::ops(&self.file, edit).map_err(EditError::Op)?;
        self.apply(&ops)
    }

    /// Every zone of the file with the hexes it covers now.
    pub fn zones(&self) -> Vec<ZoneShown> {
        let mut file = self.file.clone();
        let sides: Vec<(String, Option<String>)> = zone_sides(&file);
        file.zones_mut()
            .into_iter()
            .zip(sides)
            .map(|((field, zone), (_, side))| {
                let (hexes, error) = if !zone.hexes.is_empty() {
                    (zone.hexes.clone(), None)
                } else {
                    match zone.rule.as_ref().map(|r| r.compute(&self.map)) {
                        Some(Ok(h)) => (h.iter().map(|c| self.map.grid.name(*c)).collect(), None),
                        Some(Err(e)) => (Vec::new(), Some(e)),
                        None => (Vec::new(), None),
                    }
                };
                ZoneShown {
                    pointer: pointer_of(&field),
                    field,
                    side,
                    text: zone.text.clone(),
                    hexes,
                    error,
                }
            })
            .collect()
    }

    /// The hexes a brush of `size` centred on `center` covers on this map (printed names).
    pub fn brush_hexes(&self, center: HexCoord, brush: Brush) -> Vec<String> {
        ops::brush(&self.map, center, brush)
            .into_iter()
            .map(|c| self.map.grid.name(c))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }
}

/// The side of each zone `zones_mut` lists, in its order: a deployment's or reinforcement's
/// side, an exit condition's side.
fn zone_sides(file: &ScenarioFile) -> Vec<(String, Option<String>)> {
    let v = serde_json::to_value(file).expect("scenario files serialize");
    let mut copy = file.clone();
    copy.zones_mut()
        .into_iter()
        .map(|(field, _)| {
            let p = pointer_of(&field);
            // The side is on the zone's owner: the entry holding it, or an exit rule.
            let mut owner = p.clone();
            let mut side = None;
            while let Some(cut) = owner.rfind('/') {
                owner.truncate(cut);
                if let Some(s) = v
                    .pointer(&owner)
                    .and_then(|o| o.get("side"))
                    .and_then(Value::as_str)
                {
                    side = Some(s.to_string());
                    break;
                }
            }
            (field, side)
        })
        .collect()
}

/// `deployment[0].zone` as a JSON pointer: `/deployment/0/zone`.
pub fn pointer_of(field: &str) -> String {
    let mut out = String::new();
    for part in field.split('.') {
        let (name, rest) = part.split_once('[').unwrap_or((part, ""));
        out.push('/');
        out.push_str(name);
        for idx in rest.split('[') {
            let idx = idx.trim_end_matches(']');
            if !idx.is_empty() {
                out.push('/');
                out.push_str(idx);
            }
        }
    }
    out
}

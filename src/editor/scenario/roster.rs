//! Age of Rifles' forces as the scenario view's roster table: each side's units (name,
//! formation, arm, strength, back, steps, morale, movement, armament, flags), leaders with
//! their ratings and formations with their orders, read from the file as written (so a row
//! shows even while its values are refused), each row with the problems validation gives its
//! fields. An edit of one cell, or a row added or removed, is made into [`Op`]s on the file,
//! which [`super::ScenarioDocument::apply`] applies as one undoable step.
//!
//! Invariant: the ops of an edit touch only the row's own object in its side's list (or the
//! side's `army_demoralization` and `supply`); what the section means is checked by the
//! system's section reader (its `forces`, through the registry), whose problems the rows show
//! by field.

use super::Op;
use crate::problems::Problems;
use crate::scenario::ScenarioFile;
use serde_json::{Map as JsonMap, Value, json};

/// The three lists of an Age of Rifles side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Leaders,
    Formations,
    Units,
}

impl Part {
    pub const ALL: [Part; 3] = [Part::Leaders, Part::Formations, Part::Units];

    /// The list's field in a side ("units").
    pub fn key(self) -> &'static str {
        match self {
            Part::Leaders => "leaders",
            Part::Formations => "formations",
            Part::Units => "units",
        }
    }

    pub fn from_key(key: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.key() == key)
    }

    pub fn columns(self) -> &'static [Column] {
        match self {
            Part::Leaders => LEADER_COLUMNS,
            Part::Formations => FORMATION_COLUMNS,
            Part::Units => UNIT_COLUMNS,
        }
    }
}

/// What a column holds and how a typed value is written to the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// Text, required.
    Text,
    /// Text; empty leaves the field out.
    OptionalText,
    /// A whole number, required, at least `min`.
    Number { min: u32 },
    /// A whole number; empty leaves the field out (its default, or none).
    OptionalNumber { min: u32 },
    /// One of the listed values; the first is the default, written by leaving the field out
    /// when `default_omitted`.
    Choice {
        choices: &'static [&'static str],
        default_omitted: bool,
    },
    /// true or false; false leaves the field out.
    Flag,
    /// AoR 6.1: 1 or 2 steps; 2 gives the unit a back (`reduced_strength`, half its strength
    /// rounded down, at least 1) unless it has one, 1 takes the back away.
    Steps,
}

/// One column of a roster table: the field it edits (`steps` is derived), its heading, its
/// kind, and what it shows when the field is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: ColumnKind,
    pub default: &'static str,
}

const fn col(key: &'static str, label: &'static str, kind: ColumnKind) -> Column {
    Column {
        key,
        label,
        kind,
        default: "",
    }
}

const KINDS: &[&str] = &["infantry", "cavalry", "foot_artillery", "horse_artillery"];
const ORDERS: &[&str] = &["attack", "defend", "march", "reserve"];
const ROLES: &[&str] = &["formation", "wing", "overall"];
const ARMAMENTS: &[&str] = &["rifled", "repeating"];

pub const UNIT_COLUMNS: &[Column] = &[
    col("id", "id", ColumnKind::Text),
    col("name", "name", ColumnKind::Text),
    col("formation", "formation", ColumnKind::Text),
    col(
        "kind",
        "arm",
        ColumnKind::Choice {
            choices: KINDS,
            default_omitted: false,
        },
    ),
    col("strength", "strength", ColumnKind::Number { min: 1 }),
    col(
        "reduced_strength",
        "back",
        ColumnKind::OptionalNumber { min: 1 },
    ),
    col("steps", "steps", ColumnKind::Steps),
    Column {
        // AoR 2.2: 4 when absent.
        default: "4",
        ..col("morale", "morale", ColumnKind::OptionalNumber { min: 1 })
    },
    col("movement", "movement", ColumnKind::Number { min: 1 }),
    Column {
        default: "rifled",
        ..col(
            "armament",
            "armament",
            ColumnKind::Choice {
                choices: ARMAMENTS,
                default_omitted: true,
            },
        )
    },
    Column {
        default: "false",
        ..col("steady", "steady", ColumnKind::Flag)
    },
    Column {
        default: "false",
        ..col("guard", "guard", ColumnKind::Flag)
    },
];

pub const LEADER_COLUMNS: &[Column] = &[
    col("id", "id", ColumnKind::Text),
    col("name", "name", ColumnKind::Text),
    col(
        "role",
        "role",
        ColumnKind::Choice {
            choices: ROLES,
            default_omitted: false,
        },
    ),
    col("rating", "rating", ColumnKind::Number { min: 0 }),
    col("movement", "movement", ColumnKind::Number { min: 1 }),
    col("group", "group", ColumnKind::OptionalText),
    col("arrives", "arrives", ColumnKind::OptionalNumber { min: 1 }),
];

pub const FORMATION_COLUMNS: &[Column] = &[
    col("id", "id", ColumnKind::Text),
    col("name", "name", ColumnKind::Text),
    col("leader", "leader", ColumnKind::Text),
    col("commander", "commander", ColumnKind::OptionalText),
    col(
        "order",
        "order",
        ColumnKind::Choice {
            choices: ORDERS,
            default_omitted: false,
        },
    ),
    col("march_to", "march to", ColumnKind::OptionalText),
    Column {
        default: "false",
        ..col("attack_after_march", "attack after march", ColumnKind::Flag)
    },
    col(
        "demoralization",
        "demoralization",
        ColumnKind::Number { min: 1 },
    ),
    col("group", "group", ColumnKind::OptionalText),
];

/// One row: a leader, formation or unit as written, its cells as text, and its problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterRow {
    pub index: usize,
    /// Its field in validation's words: `sides[0].units[3]`.
    pub field: String,
    /// One text a column, in the part's column order.
    pub cells: Vec<String>,
    /// Problems of its fields: the column's key (empty for the row as a whole) and the words.
    pub problems: Vec<(String, String)>,
}

/// One side's roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterSide {
    pub side: usize,
    pub name: String,
    pub army_demoralization: String,
    /// The supply source hexes, space-separated.
    pub supply: String,
    pub leaders: Vec<RosterRow>,
    pub formations: Vec<RosterRow>,
    pub units: Vec<RosterRow>,
    /// Problems of the side's own fields (`army_demoralization`, `supply`, a list missing):
    /// the field after the side's, and the words.
    pub problems: Vec<(String, String)>,
}

impl RosterSide {
    pub fn rows(&self, part: Part) -> &[RosterRow] {
        match part {
            Part::Leaders => &self.leaders,
            Part::Formations => &self.formations,
            Part::Units => &self.units,
        }
    }
}

fn text_of(v: Option<&Value>, default: &str) -> String {
    match v {
        None | Some(Value::Null) => default.to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| match x {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        Some(other) => other.to_string(),
    }
}

/// Each side's roster with the problems of `problems` (the document's check) by field; `Err`
/// for a scenario of another rule system, whose forces are not a roster.
pub fn roster(file: &ScenarioFile, problems: &Problems) -> Result<Vec<RosterSide>, String> {
    if !uses_roster(file) {
        return Err(format!(
            "{}'s forces are not a roster of named units",
            file.ruleset.name()
        ));
    }
    Ok(file
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let f = &side.forces;
            let prefix = format!("sides[{i}].");
            let mut side_problems = Vec::new();
            let rows_of = |part: Part| -> Vec<RosterRow> {
                let items = f.get(part.key()).and_then(Value::as_array);
                items
                    .map(|a| {
                        a.iter()
                            .enumerate()
                            .map(|(j, item)| row(i, part, j, item, problems))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let leaders = rows_of(Part::Leaders);
            let formations = rows_of(Part::Formations);
            let units = rows_of(Part::Units);
            for p in problems.iter() {
                let Some(rest) = p.field.strip_prefix(&prefix) else {
                    continue;
                };
                let in_row = Part::ALL
                    .iter()
                    .any(|part| rest.starts_with(&format!("{}[", part.key())));
                if !in_row {
                    side_problems.push((rest.to_string(), p.message.clone()));
                }
            }
            RosterSide {
                side: i,
                name: side.name.clone(),
                army_demoralization: text_of(f.get("army_demoralization"), ""),
                supply: text_of(f.get("supply"), ""),
                leaders,
                formations,
                units,
                problems: side_problems,
            }
        })
        .collect())
}

fn row(side: usize, part: Part, index: usize, item: &Value, problems: &Problems) -> RosterRow {
    let field = format!("sides[{side}].{}[{index}]", part.key());
    let empty = JsonMap::new();
    let obj = item.as_object().unwrap_or(&empty);
    let cells = part
        .columns()
        .iter()
        .map(|c| match c.kind {
            ColumnKind::Steps => {
                if obj.get("reduced_strength").is_some_and(|v| !v.is_null()) {
                    "2".into()
                } else {
                    "1".into()
                }
            }
            _ => text_of(obj.get(c.key), c.default),
        })
        .collect();
    let mut own = Vec::new();
    for p in problems.iter() {
        if p.field == field {
            own.push((String::new(), p.message.clone()));
        } else if let Some(rest) = p.field.strip_prefix(&format!("{field}.")) {
            let key = rest.split(['.', '[']).next().unwrap_or(rest);
            own.push((key.to_string(), p.message.clone()));
        }
    }
    RosterRow {
        index,
        field,
        cells,
        problems: own,
    }
}

/// An edit of a roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterEdit {
    /// Type `text` into a cell (`column` is a column key of the part).
    Cell {
        side: usize,
        part: Part,
        index: usize,
        column: String,
        text: String,
    },
    /// A side's own field: `army_demoralization`, or `supply` (hex names, space-separated).
    Side {
        side: usize,
        field: String,
        text: String,
    },
    /// A new row at the end of the part, with values that read.
    Add { side: usize, part: Part },
    Remove {
        side: usize,
        part: Part,
        index: usize,
    },
}

/// Whether the scenario's rule system edits its forces in the roster.
fn uses_roster(file: &ScenarioFile) -> bool {
    file.ruleset.rules().is_ok_and(|r| {
        matches!(
            r.forces_editor(),
            crate::engine::ruleset::ForcesEditor::Roster
        )
    })
}

fn side_forces(file: &ScenarioFile, side: usize) -> Result<&JsonMap<String, Value>, String> {
    if !uses_roster(file) {
        return Err(format!(
            "{}'s forces are not edited in the roster",
            file.ruleset.name()
        ));
    }
    file.sides.get(side).map(|s| &s.forces).ok_or_else(|| {
        format!(
            "the scenario has {} sides; there is no {side}",
            file.sides.len()
        )
    })
}

fn whole(column: &str, text: &str, min: u32) -> Result<u32, String> {
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("{column}: '{text}' is not a whole number"))?;
    if n < min {
        return Err(format!("{column}: at least {min}"));
    }
    Ok(n)
}

/// The ops that make `edit`; empty when it changes nothing. A value that cannot be written
/// to its field (a word where a number belongs, a choice not on the list) is refused here,
/// naming the column; a value that reads but that validation refuses (a rating of 9) is
/// written, and the row shows the problem.
pub fn ops(file: &ScenarioFile, edit: &RosterEdit) -> Result<Vec<Op>, String> {
    match edit {
        RosterEdit::Cell {
            side,
            part,
            index,
            column,
            text,
        } => {
            let forces = side_forces(file, *side)?;
            let items = forces
                .get(part.key())
                .and_then(Value::as_array)
                .ok_or_else(|| format!("the side has no {} list", part.key()))?;
            let item = items
                .get(*index)
                .and_then(Value::as_object)
                .ok_or_else(|| {
                    format!(
                        "{} has {} rows; there is no {index}",
                        part.key(),
                        items.len()
                    )
                })?;
            let c = part
                .columns()
                .iter()
                .find(|c| c.key == column)
                .ok_or_else(|| {
                    format!(
                        "no column '{column}' in {}; its columns: {}",
                        part.key(),
                        part.columns()
                            .iter()
                            .map(|c| c.key)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })?;
            let row = format!("/sides/{side}/{}/{index}", part.key());
            let at = format!("{row}/{}", c.key);
            let present = item.contains_key(c.key);
            let set = |v: Value| {
                vec![Op::Set {
                    pointer: at.clone(),
                    value: v,
                }]
            };
            let remove = || {
                if present {
                    vec![Op::Remove {
                        pointer: at.clone(),
                    }]
                } else {
                    Vec::new()
                }
            };
            let t = text.trim();
            Ok(match c.kind {
                ColumnKind::Text => {
                    if t.is_empty() {
                        return Err(format!("{}: needs a value", c.label));
                    }
                    set(json!(t))
                }
                ColumnKind::OptionalText if t.is_empty() => remove(),
                ColumnKind::OptionalText => set(json!(t)),
                ColumnKind::Number { min } => set(json!(whole(c.label, t, min)?)),
                ColumnKind::OptionalNumber { .. } if t.is_empty() => remove(),
                ColumnKind::OptionalNumber { min } => set(json!(whole(c.label, t, min)?)),
                ColumnKind::Choice {
                    choices,
                    default_omitted,
                } => {
                    if !choices.contains(&t) {
                        return Err(format!(
                            "{}: '{t}' is not one of {}",
                            c.label,
                            choices.join(", ")
                        ));
                    }
                    if default_omitted && t == choices[0] {
                        remove()
                    } else {
                        set(json!(t))
                    }
                }
                ColumnKind::Flag => match t {
                    "true" => set(json!(true)),
                    "false" | "" => remove(),
                    _ => return Err(format!("{}: true or false, not '{t}'", c.label)),
                },
                ColumnKind::Steps => {
                    let back = format!("{row}/reduced_strength");
                    let has = item.get("reduced_strength").is_some_and(|v| !v.is_null());
                    match t {
                        "1" if has => vec![Op::Remove { pointer: back }],
                        "2" if !has => {
                            let strength =
                                item.get("strength").and_then(Value::as_u64).unwrap_or(2);
                            vec![Op::Set {
                                pointer: back,
                                value: json!((strength / 2).max(1)),
                            }]
                        }
                        "1" | "2" => Vec::new(),
                        _ => {
                            return Err(format!(
                                "steps: 1 or 2 (AoR 6.1: two when backprinted), not '{t}'"
                            ));
                        }
                    }
                }
            })
        }
        RosterEdit::Side { side, field, text } => {
            side_forces(file, *side)?;
            let at = format!("/sides/{side}/{field}");
            let t = text.trim();
            match field.as_str() {
                "army_demoralization" => Ok(vec![Op::Set {
                    pointer: at,
                    value: json!(whole("army demoralization", t, 1)?),
                }]),
                "supply" => Ok(vec![Op::Set {
                    pointer: at,
                    value: json!(t.split_whitespace().collect::<Vec<_>>()),
                }]),
                other => Err(format!(
                    "'{other}' is not a side field of the roster (army_demoralization, supply)"
                )),
            }
        }
        RosterEdit::Add { side, part } => {
            let forces = side_forces(file, *side)?;
            let ids: Vec<&str> = Part::ALL
                .iter()
                .filter_map(|p| forces.get(p.key()).and_then(Value::as_array))
                .flatten()
                .filter_map(|x| x.get("id").and_then(Value::as_str))
                .collect();
            // Unit ids are unique in the scenario, so the other side's count too.
            let all_units: Vec<&str> = file
                .sides
                .iter()
                .filter_map(|s| s.forces.get("units").and_then(Value::as_array))
                .flatten()
                .filter_map(|x| x.get("id").and_then(Value::as_str))
                .collect();
            let stem = match part {
                Part::Leaders => "leader",
                Part::Formations => "formation",
                Part::Units => "unit",
            };
            let id = (1..)
                .map(|n| format!("{stem}-{n}"))
                .find(|c| !ids.contains(&c.as_str()) && !all_units.contains(&c.as_str()))
                .expect("an unused id");
            let first = |p: Part| {
                forces
                    .get(p.key())
                    .and_then(Value::as_array)
                    .and_then(|a| a.first())
                    .and_then(|x| x.get("id"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string()
            };
            let value = match part {
                Part::Leaders => json!({"id": id, "name": "New leader", "role": "formation",
                                        "rating": 2, "movement": 8}),
                Part::Formations => json!({"id": id, "name": "New formation",
                                           "leader": first(Part::Leaders), "order": "reserve",
                                           "demoralization": 4}),
                Part::Units => json!({"id": id, "name": "New unit",
                                      "formation": first(Part::Formations),
                                      "kind": "infantry", "strength": 4, "reduced_strength": 2,
                                      "movement": 4}),
            };
            Ok(vec![Op::Insert {
                pointer: format!("/sides/{side}/{}", part.key()),
                index: None,
                value,
            }])
        }
        RosterEdit::Remove { side, part, index } => {
            let forces = side_forces(file, *side)?;
            let n = forces
                .get(part.key())
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            if *index >= n {
                return Err(format!("{} has {n} rows; there is no {index}", part.key()));
            }
            Ok(vec![Op::Remove {
                pointer: format!("/sides/{side}/{}/{index}", part.key()),
            }])
        }
    }
}

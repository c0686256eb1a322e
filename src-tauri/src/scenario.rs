//! The scenario editor's state (the scenario view): the scenario being edited on its map, and
//! its file. Each method parses its arguments, calls the core ([`kepi::editor::scenario`]) and
//! maps the result to a transport type; none needs a window, so they are tested without one.

use crate::transport::scenario::{
    CatalogRowDto, CatalogValueDto, ForceRowDto, FormulaDto, RosterColumnDto, RosterDto,
    RosterEditDto, RosterRowDto, RosterSideDto, ScenarioOpDto, ScenarioOpened, ScenarioView,
    ZoneDto,
};
use crate::transport::{self, AppError, AppResult, ErrorCode};
use kepi::editor::Brush;
use kepi::editor::Document;
use kepi::editor::scenario::forces::{self, FormulaView};
use kepi::editor::scenario::roster::{self, ColumnKind, Part, RosterEdit, RosterRow, RosterSide};
use kepi::editor::scenario::{EditError, Op, ScenarioDocument};
use kepi::map::Map;
use kepi::scenario::{Scenario, ScenarioFile};
use kepi::tables::Catalog;
use std::path::{Path, PathBuf};

/// Longest text an edit may carry (a scenario file is at most a few hundred kilobytes).
const MAX_EDIT_BYTES: usize = 1 << 20;
/// Most ops in one edit.
const MAX_OPS: usize = 10_000;
/// Longest panel key, and most JSON a panel's input may carry.
const MAX_PANEL_KEY: usize = 64;
const MAX_PANEL_INPUT_BYTES: usize = 64 << 10;

#[derive(Default)]
pub struct ScenarioEditor {
    doc: Option<ScenarioDocument>,
    path: Option<PathBuf>,
}

fn no_scenario() -> AppError {
    AppError::new(
        ErrorCode::NoScenario,
        "no scenario is open in the scenario view",
    )
}

impl From<EditError> for AppError {
    fn from(e: EditError) -> AppError {
        AppError::new(ErrorCode::EditRefused, e.to_string())
    }
}

fn formula_dto(f: FormulaView) -> FormulaDto {
    FormulaDto {
        formula: f.formula,
        rows: f
            .rows
            .into_iter()
            .map(|r| ForceRowDto {
                group: r.group,
                count: r.count,
                item: r.item,
                unit: r.unit,
            })
            .collect(),
        error_at: f.error.as_ref().map(|e| e.0 as u32),
        error: f.error.map(|e| e.1),
        units: f.units,
    }
}

fn catalog_rows(catalog: &Catalog) -> Vec<CatalogRowDto> {
    forces::catalog_rows(catalog)
        .into_iter()
        .map(|r| CatalogRowDto {
            code: r.code,
            name: r.name,
            arm: r.arm,
            values: r
                .values
                .into_iter()
                .map(|v| CatalogValueDto {
                    name: v.name.into(),
                    value: v.value,
                    source: v.source.into(),
                })
                .collect(),
        })
        .collect()
}

fn columns(part: Part) -> Vec<RosterColumnDto> {
    part.columns()
        .iter()
        .map(|c| {
            let (kind, optional, choices): (&str, bool, &[&str]) = match c.kind {
                ColumnKind::Text => ("text", false, &[]),
                ColumnKind::OptionalText => ("text", true, &[]),
                ColumnKind::Number { .. } => ("number", false, &[]),
                ColumnKind::OptionalNumber { .. } => ("number", true, &[]),
                ColumnKind::Choice { choices, .. } => ("choice", false, choices),
                ColumnKind::Flag => ("flag", true, &[]),
                ColumnKind::Steps => ("steps", false, &["1", "2"]),
            };
            RosterColumnDto {
                key: c.key.into(),
                label: c.label.into(),
                kind: kind.into(),
                optional,
                choices: choices.iter().map(|x| x.to_string()).collect(),
                default: c.default.into(),
            }
        })
        .collect()
}

fn rows_dto(rows: &[RosterRow]) -> Vec<RosterRowDto> {
    rows.iter()
        .map(|r| RosterRowDto {
            index: r.index as u32,
            field: r.field.clone(),
            cells: r.cells.clone(),
            problems: r.problems.clone(),
        })
        .collect()
}

fn roster_dto(sides: Vec<RosterSide>) -> RosterDto {
    RosterDto {
        leader_columns: columns(Part::Leaders),
        formation_columns: columns(Part::Formations),
        unit_columns: columns(Part::Units),
        sides: sides
            .into_iter()
            .map(|s| RosterSideDto {
                side: s.side as u32,
                leaders: rows_dto(&s.leaders),
                formations: rows_dto(&s.formations),
                units: rows_dto(&s.units),
                name: s.name,
                army_demoralization: s.army_demoralization,
                supply: s.supply,
                problems: s.problems,
            })
            .collect(),
    }
}

/// The roster edit a view sends, its arguments checked: a part by its key, text of a cell's
/// size, indices the core checks against the file.
fn roster_edit_of(dto: RosterEditDto) -> AppResult<RosterEdit> {
    let bad = |m: String| AppError::new(ErrorCode::InvalidArgument, m);
    let part = |p: &str| {
        Part::from_key(p)
            .ok_or_else(|| bad(format!("part: leaders, formations or units, not '{p}'")))
    };
    let text = |t: &str| {
        if t.len() > 1000 {
            Err(bad("text: at most 1,000 bytes a cell".into()))
        } else {
            Ok(())
        }
    };
    Ok(match dto {
        RosterEditDto::Cell {
            side,
            part: p,
            index,
            column,
            text: t,
        } => {
            text(&t)?;
            if column.len() > 64 {
                return Err(bad("column: a column's key".into()));
            }
            RosterEdit::Cell {
                side: side as usize,
                part: part(&p)?,
                index: index as usize,
                column,
                text: t,
            }
        }
        RosterEditDto::Side {
            side,
            field,
            text: t,
        } => {
            text(&t)?;
            RosterEdit::Side {
                side: side as usize,
                field,
                text: t,
            }
        }
        RosterEditDto::Add { side, part: p } => RosterEdit::Add {
            side: side as usize,
            part: part(&p)?,
        },
        RosterEditDto::Remove {
            side,
            part: p,
            index,
        } => RosterEdit::Remove {
            side: side as usize,
            part: part(&p)?,
            index: index as usize,
        },
    })
}

fn op_of(dto: ScenarioOpDto, map: &Map) -> AppResult<Op> {
    let bad = |m: String| AppError::new(ErrorCode::InvalidArgument, m);
    let check_pointer = |p: &str| {
        if p.len() > 512 || !p.starts_with('/') {
            Err(bad(format!(
                "'{p}': a JSON pointer into the scenario, as /sides/0/name"
            )))
        } else {
            Ok(())
        }
    };
    Ok(match dto {
        ScenarioOpDto::Set { pointer, value } => {
            check_pointer(&pointer)?;
            Op::Set { pointer, value }
        }
        ScenarioOpDto::Insert {
            pointer,
            index,
            value,
        } => {
            check_pointer(&pointer)?;
            Op::Insert {
                pointer,
                index: index.map(|i| i as usize),
                value,
            }
        }
        ScenarioOpDto::Remove { pointer } => {
            check_pointer(&pointer)?;
            Op::Remove { pointer }
        }
        ScenarioOpDto::PaintZone {
            zone,
            hex,
            brush,
            add,
        } => {
            check_pointer(&zone)?;
            let center = map.grid.parse(&hex).ok_or_else(|| {
                bad(format!(
                    "hex '{hex}' is not on the map; {}",
                    map.grid.name_hint()
                ))
            })?;
            let brush = Brush::from_size(brush)
                .ok_or_else(|| bad(format!("brush: 1, 7 or 19 hexes, not {brush}")))?;
            Op::PaintZone {
                zone,
                center,
                brush,
                add,
            }
        }
    })
}

impl ScenarioEditor {
    fn doc(&self) -> AppResult<&ScenarioDocument> {
        self.doc.as_ref().ok_or_else(no_scenario)
    }

    fn doc_mut(&mut self) -> AppResult<&mut ScenarioDocument> {
        self.doc.as_mut().ok_or_else(no_scenario)
    }

    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(ScenarioDocument::is_dirty)
    }

    /// How the open scenario's rule system writes a side's forces as a formula.
    fn formula_syntax(&self) -> AppResult<forces::FormulaSyntax> {
        forces::formula_syntax(self.doc()?.file().ruleset)
            .map_err(|e| AppError::new(ErrorCode::InvalidArgument, e))
    }

    /// Parse one order-of-battle formula, in the open scenario's system's syntax, against its
    /// catalog (live, as it is typed).
    pub fn formula(&self, text: &str) -> AppResult<FormulaDto> {
        if text.len() > 4096 {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "formula: at most 4,096 characters",
            ));
        }
        let syntax = self.formula_syntax()?;
        Ok(formula_dto((syntax.read)(text, self.doc()?.catalog())))
    }

    /// The formula a table of forces writes, in the open scenario's system's syntax.
    pub fn formula_of_rows(&self, rows: Vec<ForceRowDto>) -> AppResult<String> {
        if rows.len() > 1000 {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "rows: at most 1,000",
            ));
        }
        let rows: Vec<forces::ForceRow> = rows
            .into_iter()
            .map(|r| forces::ForceRow {
                group: r.group.filter(|g| !g.is_empty()),
                count: r.count,
                item: r.item,
                unit: r.unit,
            })
            .collect();
        Ok((self.formula_syntax()?.write)(&rows))
    }

    /// The answer of the open scenario's system to its own panel `key` (one it lists in
    /// `scenario_panels`), for `input`, the panel's JSON: the shell only checks and carries it.
    pub fn panel(&self, key: &str, input: &serde_json::Value) -> AppResult<serde_json::Value> {
        let bad = |m: String| AppError::new(ErrorCode::InvalidArgument, m);
        if key.is_empty() || key.len() > MAX_PANEL_KEY {
            return Err(bad(format!("panel: 1 to {MAX_PANEL_KEY} bytes")));
        }
        let size = serde_json::to_string(input).map_or(usize::MAX, |t| t.len());
        if size > MAX_PANEL_INPUT_BYTES {
            return Err(bad(format!(
                "panel input: at most {MAX_PANEL_INPUT_BYTES} bytes of JSON ({size} given)"
            )));
        }
        let doc = self.doc()?;
        let id = doc.file().ruleset.key();
        let system = kepi::engine::game::registry::get(id)
            .map_err(|e| AppError::new(ErrorCode::Refused, e.to_string()))?;
        if !system.scenario_panels().iter().any(|p| p.key == key) {
            return Err(bad(format!(
                "{} has no scenario panel '{key}'",
                system.name()
            )));
        }
        system.run_panel(key, doc.catalog(), input).map_err(bad)
    }

    /// Open a scenario file (or a shipped scenario, `path` `None`) for editing.
    pub fn open(
        &mut self,
        file: ScenarioFile,
        map: Map,
        catalog: Catalog,
        path: Option<PathBuf>,
    ) -> ScenarioOpened {
        self.doc = Some(ScenarioDocument::open(file, map, catalog));
        self.path = path;
        self.opened()
    }

    /// A new scenario of the map's rule system on `map`.
    pub fn new_on(&mut self, map: Map) -> AppResult<ScenarioOpened> {
        let ruleset = map.ruleset;
        let catalog = ruleset
            .catalog()
            .map_err(|e| AppError::new(ErrorCode::Refused, e))?;
        self.doc = Some(ScenarioDocument::new_on(map, catalog.clone(), ruleset));
        self.path = None;
        Ok(self.opened())
    }

    pub fn close(&mut self) {
        self.doc = None;
        self.path = None;
    }

    fn opened(&self) -> ScenarioOpened {
        let doc = self.doc.as_ref().expect("opened right before");
        let system = kepi::engine::game::registry::get(doc.file().ruleset.key()).ok();
        let options = system
            .map(|r| {
                r.optional_rules()
                    .into_iter()
                    .map(|o| (o.key, format!("{} ({})", o.name, o.case)))
                    .collect()
            })
            .unwrap_or_default();
        let panels = system
            .map(|r| {
                r.scenario_panels()
                    .into_iter()
                    .map(|p| (p.key, p.label, p.case))
                    .collect()
            })
            .unwrap_or_default();
        ScenarioOpened {
            view: self.view_of(doc),
            map: transport::map_view(&Document::from_map(doc.map()), None),
            catalog: catalog_rows(doc.catalog()),
            // The scenario's own rule system's sides and kinds of rule beside the shared ones.
            schema: kepi::schema::SchemaKind::scenario_for(doc.file().ruleset.key())
                .unwrap_or_else(|_| kepi::schema::SchemaKind::Scenario.schema()),
            options,
            color_names: kepi::map::colors::SIDE_COLORS
                .iter()
                .map(|(name, _)| name.to_string())
                .collect(),
            panels,
        }
    }

    fn view_of(&self, doc: &ScenarioDocument) -> ScenarioView {
        let checked = doc.check();
        let (forces, forces_note) = match forces::side_forces(doc.file(), doc.catalog()) {
            Ok(f) => (f.into_iter().map(formula_dto).collect(), None),
            Err(note) => (Vec::new(), Some(note)),
        };
        let roster = roster::roster(doc.file(), &checked.problems)
            .ok()
            .map(roster_dto);
        ScenarioView {
            file: doc.value(),
            path: self.path.as_ref().map(|p| p.display().to_string()),
            dirty: doc.is_dirty(),
            can_undo: doc.can_undo(),
            can_redo: doc.can_redo(),
            problems: transport::problems(&checked.problems),
            warnings: transport::problems(&checked.warnings),
            zones: doc
                .zones()
                .into_iter()
                .map(|z| ZoneDto {
                    field: z.field,
                    pointer: z.pointer,
                    side: z.side,
                    text: z.text,
                    hexes: z.hexes,
                    error: z.error,
                })
                .collect(),
            forces,
            forces_note: if roster.is_some() { None } else { forces_note },
            roster,
            side_colors: doc
                .file()
                .sides
                .iter()
                .map(|s| {
                    let [r, g, b] =
                        kepi::map::colors::side_color(&s.color).unwrap_or([0x88, 0x88, 0x88]);
                    format!("#{r:02x}{g:02x}{b:02x}")
                })
                .collect(),
        }
    }

    pub fn view(&self) -> AppResult<ScenarioView> {
        Ok(self.view_of(self.doc()?))
    }

    /// One edit (one undoable step, or part of the open stroke).
    pub fn edit(&mut self, ops: Vec<ScenarioOpDto>) -> AppResult<ScenarioView> {
        if ops.is_empty() || ops.len() > MAX_OPS {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("ops: one to {MAX_OPS}"),
            ));
        }
        let size: usize = ops
            .iter()
            .map(|o| match o {
                ScenarioOpDto::Set { value, .. } | ScenarioOpDto::Insert { value, .. } => {
                    value.to_string().len()
                }
                _ => 0,
            })
            .sum();
        if size > MAX_EDIT_BYTES {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "the edit is larger than a scenario file may be",
            ));
        }
        let doc = self.doc_mut()?;
        let ops = ops
            .into_iter()
            .map(|o| op_of(o, doc.map()))
            .collect::<AppResult<Vec<Op>>>()?;
        doc.apply(&ops)?;
        self.view()
    }

    /// One edit of Age of Rifles' roster (one undoable step).
    pub fn roster_edit(&mut self, edit: RosterEditDto) -> AppResult<ScenarioView> {
        let edit = roster_edit_of(edit)?;
        self.doc_mut()?.edit_roster(&edit)?;
        self.view()
    }

    pub fn begin_stroke(&mut self) -> AppResult<()> {
        self.doc_mut()?.begin_stroke();
        Ok(())
    }

    pub fn end_stroke(&mut self) -> AppResult<ScenarioView> {
        self.doc_mut()?.end_stroke();
        self.view()
    }

    pub fn undo(&mut self) -> AppResult<ScenarioView> {
        self.doc_mut()?.undo();
        self.view()
    }

    pub fn redo(&mut self) -> AppResult<ScenarioView> {
        self.doc_mut()?.redo();
        self.view()
    }

    pub fn id(&self) -> AppResult<String> {
        Ok(self.doc()?.file().id.clone())
    }

    /// The scenario validated (for saving, testing, pictures and modules), or its problems.
    pub fn scenario(&self) -> AppResult<Scenario> {
        self.doc()?.scenario().map_err(|p| {
            AppError::new(
                ErrorCode::InvalidScenario,
                format!(
                    "the scenario has {} problem(s); fix them first (the Problems panel lists \
                     them): {}",
                    p.len(),
                    p.iter()
                        .take(3)
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
            )
        })
    }

    /// Save to `path` (atomic), which becomes the file; refused while problems remain, or when
    /// the file name is not the scenario's id (`<id>.json`, as `kepi validate` requires).
    pub fn save_as(&mut self, path: &Path) -> AppResult<ScenarioView> {
        let id = self.id()?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if stem != id || path.extension().and_then(|e| e.to_str()) != Some("json") {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "{}: a scenario file is named after its id; save it as {id}.json (or change \
                     the id in the Scenario panel first)",
                    path.display()
                ),
            ));
        }
        self.scenario()?;
        let doc = self.doc_mut()?;
        kepi::atomic::write_atomic(path, doc.to_text().as_bytes())
            .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", path.display())))?;
        doc.mark_saved();
        self.path = Some(path.to_path_buf());
        self.view()
    }

    /// Save to its file; `None` when it has none yet (the view then asks where: Save as).
    pub fn save(&mut self) -> AppResult<Option<ScenarioView>> {
        match self.path.clone() {
            Some(p) => self.save_as(&p).map(Some),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shipped(id: &str) -> (ScenarioFile, Map, Catalog) {
        let f = kepi::shipped::scenario_file(id).unwrap();
        let m = kepi::shipped::load_map(&f.map).unwrap();
        let c = f.ruleset.catalog().unwrap().clone();
        (f, m, c)
    }

    fn op(v: serde_json::Value) -> ScenarioOpDto {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_shipped_scenario_edits_undoes_and_saves_as_its_id_only() {
        let dir = tempfile::tempdir().unwrap();
        let (f, m, c) = shipped("rs-01-fatehpur");
        let text = kepi::shipped::scenario("rs-01-fatehpur").unwrap().text;
        let mut s = ScenarioEditor::default();
        let o = s.open(f, m, c, None);
        assert!(o.view.problems.is_empty());
        assert_eq!(o.view.forces.len(), 2);
        assert!(o.catalog.iter().any(|r| r.code == "MZ"));
        assert!(o.schema["$defs"]["VictoryRule"].is_object());
        assert!(
            s.save().unwrap().is_none(),
            "a shipped scenario has no file yet"
        );
        let v = s
            .edit(vec![op(
                json!({"op": "set", "pointer": "/sides/0/oob", "value": "12 MZ; 2 QQ"}),
            )])
            .unwrap();
        assert!(v.dirty && !v.problems.is_empty());
        assert_eq!(v.forces[0].error_at, Some(10));
        let e = s
            .save_as(&dir.path().join("rs-01-fatehpur.json"))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidScenario, "{}", e.message);
        s.undo().unwrap();
        let e = s.save_as(&dir.path().join("other.json")).unwrap_err();
        assert!(e.message.contains("rs-01-fatehpur.json"), "{}", e.message);
        let path = dir.path().join("rs-01-fatehpur.json");
        let v = s.save_as(&path).unwrap();
        assert!(!v.dirty);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let e = s
            .edit(vec![op(
                json!({"op": "set", "pointer": "sides", "value": 1}),
            )])
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        let e = s
            .edit(vec![op(json!({"op": "paint_zone", "zone": "/deployment/0/zone", "hex": "9999", "brush": 7, "add": true}))])
            .unwrap_err();
        assert!(e.message.contains("not on the map"), "{}", e.message);
    }

    #[test]
    fn a_panel_is_answered_by_the_scenarios_own_system_only() {
        let (file, map, c) = shipped("rs-01-fatehpur");
        let mut s = ScenarioEditor::default();
        let input = json!({"sides": [["X", "1200 MZ, 12 MA"]], "men_per_unit": 100,
            "guns_per_unit": 6, "scale": "1", "hours": ""});
        assert_eq!(
            s.panel("factor", &input).unwrap_err().code,
            ErrorCode::NoScenario
        );
        s.open(file, map, c, None);
        // R&S 11.18's own example, answered by Rifle & Saber.
        assert_eq!(
            s.panel("factor", &input).unwrap()["oobs"],
            json!(["12 MZ; 2 MA"])
        );
        let e = s.panel("roster", &input).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert!(
            e.message.contains("no scenario panel 'roster'"),
            "{}",
            e.message
        );
        let e = s
            .panel(
                "factor",
                &json!({"sides": [["X", "1200 QQ"]], "men_per_unit": 100,
            "guns_per_unit": 6, "scale": "1", "hours": ""}),
            )
            .unwrap_err();
        assert!(e.message.contains("QQ"), "{}", e.message);
        let big = json!({"sides": [["X", "1".repeat(MAX_PANEL_INPUT_BYTES)]]});
        assert!(
            s.panel("factor", &big)
                .unwrap_err()
                .message
                .contains("at most")
        );
        assert_eq!(
            s.panel("", &input).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn no_scenario_open_is_an_error_not_a_crash() {
        let mut s = ScenarioEditor::default();
        assert_eq!(s.view().unwrap_err().code, ErrorCode::NoScenario);
        assert_eq!(s.undo().unwrap_err().code, ErrorCode::NoScenario);
    }
}

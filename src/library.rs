//! Reading maps, scenarios and catalogs from disk, the way `kepi validate` and the app do.
//!
//! A library is a folder with `maps/`, `scenarios/` and `catalogs/` beside each other. A
//! scenario names its map and catalog by id; they are looked up as `maps/<id>.json` and
//! `catalogs/<id>.json` in the scenario's library (the parent of its folder), then beside the
//! scenario itself. A file's id must equal its file name without `.json`, so that ids resolve.

use crate::document::{self, DocumentKind};
use crate::map::Map;
use crate::problems::{Problem, Problems};
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::Catalog;
use std::path::{Path, PathBuf};

fn file_problem(path: &Path, field: &str, message: String) -> Problems {
    Problems::from(Problem {
        file: Some(path.to_path_buf()),
        field: field.to_string(),
        hex: None,
        message,
    })
}

pub fn read_text(path: &Path) -> Result<String, Problems> {
    std::fs::read_to_string(path).map_err(|e| file_problem(path, "", format!("cannot read: {e}")))
}

pub(crate) fn check_stem(path: &Path, id: &str) -> Result<(), Problems> {
    match path.file_stem().and_then(|s| s.to_str()) {
        Some(stem) if stem == id => Ok(()),
        Some(stem) => Err(file_problem(
            path,
            "id",
            format!("the id '{id}' differs from the file name '{stem}.json'; ids name files"),
        )),
        None => Ok(()),
    }
}

pub fn load_map(path: &Path) -> Result<Map, Problems> {
    let text = read_text(path)?;
    let map = Map::from_text(&text).map_err(|p| p.in_file(path))?;
    check_stem(path, &map.id)?;
    Ok(map)
}

pub fn load_catalog(path: &Path) -> Result<Catalog, Problems> {
    let text = read_text(path)?;
    let catalog = Catalog::from_text(&text).map_err(|p| p.in_file(path))?;
    Ok(catalog)
}

/// Where a scenario's `maps/<id>.json` (or `catalogs/<id>.json`) may be.
fn candidates(scenario: &Path, folder: &str, id: &str) -> Vec<PathBuf> {
    let dir = scenario.parent().unwrap_or(Path::new("."));
    let name = format!("{id}.json");
    let mut out = Vec::new();
    if let Some(root) = dir.parent() {
        out.push(root.join(folder).join(&name));
    }
    out.push(dir.join(folder).join(&name));
    out.push(dir.join(&name));
    out
}

fn find(scenario: &Path, folder: &str, id: &str, field: &str) -> Result<PathBuf, Problems> {
    let c = candidates(scenario, folder, id);
    c.iter().find(|p| p.is_file()).cloned().ok_or_else(|| {
        file_problem(
            scenario,
            field,
            format!(
                "'{id}' not found; looked for {}",
                c.iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })
}

/// The map a scenario file names, found from the scenario's path (beside it first, then among
/// the maps Kepi ships).
pub fn load_scenario_map(path: &Path, file: &ScenarioFile) -> Result<Map, Problems> {
    match find(path, "maps", &file.map, "map") {
        Ok(p) => load_map(&p),
        // A scenario on a map Kepi ships needs no copy of it beside it (the scenario view
        // saves a new scenario on the shipped map wherever the user chooses).
        Err(not_found) => match crate::shipped::map(&file.map) {
            Some(_) => crate::shipped::load_map(&file.map),
            None => Err(not_found),
        },
    }
}

/// Read a scenario and everything it names, and validate them together.
pub fn load_scenario(path: &Path) -> Result<Scenario, Problems> {
    let text = read_text(path)?;
    let file = ScenarioFile::from_text(&text).map_err(|p| p.in_file(path))?;
    check_stem(path, &file.id)?;
    let map = load_scenario_map(path, &file)?;
    let catalog = match &file.catalog {
        Some(id) => load_catalog(&find(path, "catalogs", id, "catalog")?)?,
        None => match file.ruleset.catalog() {
            Ok(c) => c.clone(),
            Err(e) => return Err(file_problem(path, "ruleset", e)),
        },
    };
    Scenario::new(file, map, catalog).map_err(|p| p.in_file(path))
}

/// What `kepi validate` found in one file.
#[derive(Debug)]
pub struct Checked {
    pub path: PathBuf,
    pub kind: Option<DocumentKind>,
    pub result: Result<String, Problems>,
    /// What the file may say but its author should see (overlapping zones that a deployment
    /// constraint keeps apart, ...), each with its file and field; empty when it has problems.
    pub warnings: Problems,
}

/// Validate one file of any kind, detected from its `format` field.
pub fn validate_file(path: &Path) -> Checked {
    let detect = read_text(path).and_then(|t| {
        let v = document::parse_json(&t).map_err(|p| p.in_file(path))?;
        let k = document::kind_of(&v).map_err(|p| p.in_file(path))?;
        Ok(k)
    });
    let kind = match detect {
        Ok(k) => k,
        Err(p) => {
            return Checked {
                path: path.to_path_buf(),
                kind: None,
                result: Err(p),
                warnings: Problems::new(),
            };
        }
    };
    let mut warnings = Problems::new();
    let result = match kind {
        DocumentKind::Map => load_map(path).map(|m| {
            format!(
                "map '{}': {} x {} hexes, {} features",
                m.name,
                m.grid.columns,
                m.grid.rows,
                m.features.len()
            )
        }),
        DocumentKind::Scenario => load_scenario(path).map(|s| {
            warnings = crate::scenario::checks::warnings(&s).in_file(path);
            format!(
                "scenario '{}' on map '{}': {} vs {}",
                s.file.title, s.map.id, s.sides[0].forces.summary, s.sides[1].forces.summary
            )
        }),
        DocumentKind::Catalog => load_catalog(path)
            .map(|c| format!("catalog '{}': {} unit types", c.name, c.units.len())),
        DocumentKind::Game => read_text(path).and_then(|t| {
            let g = crate::game::GameRecord::from_text(&t).map_err(|p| p.in_file(path))?;
            let state = g
                .replay(None)
                .map_err(|e| file_problem(path, "moves", e.to_string()))?;
            Ok(format!(
                "game of '{}': {} commands, game-turn {}",
                g.scenario.title,
                g.moves.len(),
                state.progress().turn
            ))
        }),
        DocumentKind::GameTree => read_text(path).and_then(|t| {
            let g = crate::archive::GameTree::from_text(&t).map_err(|p| p.in_file(path))?;
            Ok(format!(
                "game record '{}': {} nodes (import it to replay and check it)",
                g.title,
                g.nodes.len()
            ))
        }),
        DocumentKind::CombatResults | DocumentKind::TerrainEffects | DocumentKind::RangeEffects => {
            read_text(path).and_then(|t| {
                let r = match kind {
                    DocumentKind::CombatResults => {
                        document::from_text::<crate::tables::CombatResults>(&t, kind)
                            .and_then(crate::tables::CombatResults::checked)
                            .map(|_| ())
                    }
                    DocumentKind::TerrainEffects => {
                        crate::tables::TerrainEffects::from_text(&t).map(|_| ())
                    }
                    _ => document::from_text::<crate::tables::RangeEffects>(&t, kind).map(|_| ()),
                };
                r.map(|_| format!("{} table", kind.format_name()))
                    .map_err(|p| p.in_file(path))
            })
        }
    };
    Checked {
        path: path.to_path_buf(),
        kind: Some(kind),
        result,
        warnings,
    }
}

/// The `.json` files under the given files and folders, sorted, each once.
pub fn json_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Problems> {
    let mut out = Vec::new();
    let mut problems = Problems::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out, &mut problems);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            problems.0.push(Problem {
                file: Some(p.clone()),
                field: String::new(),
                hex: None,
                message: "no such file or folder".to_string(),
            });
        }
    }
    out.sort();
    out.dedup();
    problems.into_result(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, problems: &mut Problems) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            problems.0.push(Problem {
                file: Some(dir.to_path_buf()),
                field: String::new(),
                hex: None,
                message: format!("cannot read folder: {e}"),
            });
            return;
        }
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out, problems);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

//! The maps and scenarios shipped with Kepi, embedded in the program (the repository's `maps/`
//! and `scenarios/`), so that the app and the command never depend on the working directory.
//!
//! Invariants: every `*.json` of `maps/` and `scenarios/` is listed here, under its id (its file
//! name: `build.rs` lists the folders), and each loads through the same validating constructors as `kepi validate` (both
//! checked by the tests below). A shipped scenario's map is a shipped map; its catalog is its
//! rule system's own (no shipped scenario names a catalog file).

use crate::map::{Map, MapFile};
use crate::problems::{Problem, Problems};
use crate::scenario::{Scenario, ScenarioFile};
use std::path::PathBuf;

/// A shipped document: its id and its text as in the repository.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    pub id: &'static str,
    pub text: &'static str,
}

/// The shipped maps, in file-name order (listed by `build.rs` from `maps/`).
pub const MAPS: &[Shipped] = include!(concat!(env!("OUT_DIR"), "/shipped_maps.rs"));

/// The shipped scenarios, in file-name order (listed by `build.rs` from `scenarios/`).
pub const SCENARIOS: &[Shipped] = include!(concat!(env!("OUT_DIR"), "/shipped_scenarios.rs"));

pub fn map(id: &str) -> Option<&'static Shipped> {
    MAPS.iter().find(|m| m.id == id)
}

pub fn scenario(id: &str) -> Option<&'static Shipped> {
    SCENARIOS.iter().find(|s| s.id == id)
}

/// The name problems are reported under: `maps/<id>.json`, as in the repository.
pub fn file_name(folder: &str, id: &str) -> PathBuf {
    PathBuf::from(folder).join(format!("{id}.json"))
}

fn unknown(folder: &str, id: &str) -> Problems {
    let known = match folder {
        "maps" => MAPS,
        _ => SCENARIOS,
    };
    Problems::from(Problem {
        file: None,
        field: String::new(),
        hex: None,
        message: format!(
            "no shipped {} '{id}'; Kepi ships {}",
            if folder == "maps" { "map" } else { "scenario" },
            known.iter().map(|s| s.id).collect::<Vec<_>>().join(", ")
        ),
    })
}

/// A shipped map, parsed (not validated: see [`load_map`]).
pub fn map_file(id: &str) -> Result<MapFile, Problems> {
    let m = map(id).ok_or_else(|| unknown("maps", id))?;
    MapFile::from_text(m.text).map_err(|p| p.in_file(&file_name("maps", id)))
}

/// A shipped map, validated.
pub fn load_map(id: &str) -> Result<Map, Problems> {
    let m = map(id).ok_or_else(|| unknown("maps", id))?;
    Map::from_text(m.text).map_err(|p| p.in_file(&file_name("maps", id)))
}

/// A shipped map opened for the painter, as a document with no file (see
/// [`crate::editor::files::open`]; a shipped map has no underlay picture).
pub fn open_for_editing(id: &str) -> Result<crate::editor::files::Opened, Problems> {
    let (map, _problems) =
        Map::for_editing(map_file(id)?).map_err(|p| p.in_file(&file_name("maps", id)))?;
    Ok(crate::editor::files::Opened {
        document: crate::editor::Document::from_map(&map),
        underlay_png: None,
    })
}

/// A shipped scenario, parsed (not validated).
pub fn scenario_file(id: &str) -> Result<ScenarioFile, Problems> {
    let s = scenario(id).ok_or_else(|| unknown("scenarios", id))?;
    ScenarioFile::from_text(s.text).map_err(|p| p.in_file(&file_name("scenarios", id)))
}

/// A shipped scenario with its shipped map and its rule system's catalog, validated together.
pub fn load_scenario(id: &str) -> Result<Scenario, Problems> {
    let file = scenario_file(id)?;
    let path = file_name("scenarios", id);
    let map = load_map(&file.map)?;
    let catalog = file
        .ruleset
        .catalog()
        .map_err(|e| {
            Problems::from(Problem {
                file: Some(path.clone()),
                field: "ruleset".into(),
                hex: None,
                message: e.to_string(),
            })
        })?
        .clone();
    Scenario::new(file, map, catalog).map_err(|p| p.in_file(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids_in(folder: &str) -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        let mut ids: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        ids.sort();
        ids
    }

    #[test]
    fn every_file_of_maps_and_scenarios_is_embedded_under_its_id() {
        let listed = |s: &[Shipped]| s.iter().map(|s| s.id.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(MAPS), ids_in("maps"));
        assert_eq!(listed(SCENARIOS), ids_in("scenarios"));
        // Rifle & Saber's 17, Age of Rifles' one, the 19th Century's two, Rifle and Kepi's two,
        // Vae Victis's four.
        assert_eq!(SCENARIOS.len(), 26);
    }

    #[test]
    fn every_shipped_map_and_scenario_loads_and_keeps_its_id() {
        for m in MAPS {
            assert_eq!(load_map(m.id).unwrap().id, m.id);
        }
        for s in SCENARIOS {
            let sc = load_scenario(s.id).unwrap_or_else(|p| panic!("{}: {p}", s.id));
            assert_eq!(sc.file.id, s.id);
            assert!(map(&sc.file.map).is_some());
        }
    }

    #[test]
    fn a_shipped_map_opens_for_editing_without_problems() {
        for m in MAPS {
            let o = open_for_editing(m.id).unwrap();
            assert!(o.document.problems().is_empty(), "{}", m.id);
            assert!(!o.document.is_dirty());
        }
        assert!(open_for_editing("nowhere").is_err());
    }

    #[test]
    fn unknown_ids_are_refused_with_the_known_ones() {
        let e = load_map("atlantis").unwrap_err().to_string();
        assert!(e.contains("no shipped map 'atlantis'"), "{e}");
        assert!(MAPS.iter().all(|m| e.contains(m.id)), "{e}");
        let e = load_scenario("../etc/passwd").unwrap_err().to_string();
        assert!(e.contains("rs-01-fatehpur"), "{e}");
    }
}

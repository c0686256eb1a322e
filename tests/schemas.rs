//! The published JSON Schemas (`schemas/`, issue 17): the committed files are what the Rust
//! types make now, every shipped map and scenario and the embedded catalog validate against
//! theirs, an exported pack's manifest validates against its own, and the scenario schema's
//! Rifle & Saber side section refuses what Kepi refuses.
//!
//! Refresh the files after changing a document type with `KEPI_BLESS=1 cargo test --test
//! integration schemas::` (and commit them).

use jsonschema::Validator;
use kepi::engine::rifle_and_saber::tables::Tables;
use kepi::map::Map;
use kepi::pack::{self, ExportOptions};
use kepi::scenario::{Scenario, ScenarioFile};
use kepi::schema::{FOLDER, SchemaKind};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const REFRESH: &str = "KEPI_BLESS=1 cargo test --test integration schemas::";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `*.json` files of a folder of the repository, sorted.
fn json_files(rel: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(rel))
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .json file in {rel}");
    files
}

/// A validator of the schema as generated now (the freshness test ties it to the files).
fn validator(kind: SchemaKind) -> Validator {
    let schema = kind.schema();
    jsonschema::meta::validate(&schema)
        .unwrap_or_else(|e| panic!("{} is not a valid JSON Schema: {e}", kind.file_name()));
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|e| panic!("{} does not compile: {e}", kind.file_name()))
}

/// Every error of `instance` against the schema, one a line: its JSON path and what is wrong.
fn errors(v: &Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn committed_schema_files_are_what_the_types_make() {
    let dir = root().join(FOLDER);
    let bless = std::env::var_os("KEPI_BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for kind in SchemaKind::ALL {
        let path = dir.join(kind.file_name());
        let now = kind.text();
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            if std::fs::read_to_string(&path).ok().as_deref() != Some(now.as_str()) {
                std::fs::write(&path, &now).unwrap();
            }
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(now.as_str()) {
            stale.push(format!("{FOLDER}/{}", kind.file_name()));
        }
    }
    // A schema file no kind makes any more (a renamed kind) is stale too.
    let made: Vec<String> = SchemaKind::ALL.map(|k| k.file_name()).to_vec();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !made.contains(&name) {
            stale.push(format!(
                "{FOLDER}/{name} (made by no schema kind: remove it)"
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "stale schema files: {}; refresh them with `{REFRESH}` and commit them",
        stale.join(", ")
    );
}

#[test]
fn every_schema_file_names_itself_and_its_draft() {
    for kind in SchemaKind::ALL {
        let s = kind.schema();
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
        assert_eq!(s["$id"], kind.id().as_str());
        assert!(
            kind.id()
                .ends_with(&format!("/schemas/{}", kind.file_name())),
            "{}",
            kind.id()
        );
        assert!(s["title"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(kind.text().ends_with("}\n"));
    }
}

#[test]
fn shipped_maps_scenarios_and_the_catalog_validate_against_their_schemas() {
    let cases = [
        (SchemaKind::Map, json_files("maps")),
        (SchemaKind::Map, json_files("tests/fixtures/library/maps")),
        (SchemaKind::Scenario, json_files("scenarios")),
        (
            SchemaKind::Scenario,
            json_files("tests/fixtures/library/scenarios"),
        ),
        (SchemaKind::Scenario, json_files("tests/fixtures/antietam")),
        (
            SchemaKind::Scenario,
            json_files("tests/fixtures/age-of-rifles/scenarios"),
        ),
        (
            SchemaKind::Map,
            json_files("tests/fixtures/age-of-rifles/maps"),
        ),
        (
            SchemaKind::Catalog,
            vec![root().join("data/rifle-and-saber/catalog.json")],
        ),
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for (kind, files) in cases {
        let v = validator(kind);
        for path in files {
            for e in errors(&v, &read_json(&path)) {
                failures.push(format!("{}: {e}", path.display()));
            }
            checked += 1;
        }
    }
    assert!(checked >= 21, "only {checked} files checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_exported_packs_manifest_validates_against_its_schema() {
    let options = ExportOptions {
        author: "Kepi tests".into(),
        license: "CC-BY-4.0".into(),
        created: Some("2025-11-23T10:00:00Z".into()),
        ..ExportOptions::default()
    };
    let exported = pack::export(&[root().join("scenarios/rs-01-fatehpur.json")], &options)
        .unwrap_or_else(|e| panic!("{e}"));
    let manifest = serde_json::to_value(&exported.manifest).unwrap();
    let v = validator(SchemaKind::PackManifest);
    assert_eq!(errors(&v, &manifest), Vec::<String>::new());
    let mut bad = manifest.clone();
    bad["entries"][0]["sha256"] = json!("ABC");
    assert!(!v.is_valid(&bad), "a short upper-case hash passes");
}

#[test]
fn the_schemas_refuse_what_kepi_refuses_by_type() {
    // One mistake of each kind the schema can see, in files Kepi refuses for it.
    let cases = [
        (
            SchemaKind::Map,
            "tests/fixtures/library/broken/wrong-type.json",
        ),
        (
            SchemaKind::Scenario,
            "tests/fixtures/library/broken/bad-side-section.json",
        ),
        (
            SchemaKind::Scenario,
            "tests/fixtures/library/broken/unknown-version.json",
        ),
    ];
    for (kind, rel) in cases {
        let path = root().join(rel);
        assert!(
            kepi::library::validate_file(&path).result.is_err(),
            "Kepi accepts {rel}"
        );
        assert!(
            !errors(&validator(kind), &read_json(&path)).is_empty(),
            "the {} schema accepts {rel}",
            kind.key()
        );
    }
}

/// The sample scenario with its second side ("(a) 4 MZ; 1 Trench (b) 2 EB") edited: whether
/// Kepi accepts it, and whether the schema does.
fn side_verdicts(edit: impl Fn(&mut serde_json::Map<String, Value>)) -> (bool, bool) {
    let lib = root().join("tests/fixtures/library");
    let map = Map::from_text(&std::fs::read_to_string(lib.join("maps/sample.json")).unwrap())
        .unwrap_or_else(|p| panic!("{p}"));
    let mut doc = read_json(&lib.join("scenarios/sample.json"));
    edit(doc["sides"][1].as_object_mut().unwrap());
    let kepi = ScenarioFile::from_text(&doc.to_string())
        .and_then(|f| Scenario::new(f, map.clone(), Tables::embedded().catalog.clone()))
        .is_ok();
    (kepi, validator(SchemaKind::Scenario).is_valid(&doc))
}

#[test]
fn the_rifle_and_saber_side_section_is_what_kepi_reads() {
    type Edit = fn(&mut serde_json::Map<String, Value>);
    let accepted: [(&str, Edit); 4] = [
        ("as written", |_| {}),
        ("morale demoralized", |s| {
            s.insert("morale".into(), json!("demoralized"));
        }),
        ("no morale", |s| {
            s.remove("morale");
        }),
        ("group_morale of group b", |s| {
            s.insert("group_morale".into(), json!({"b": "high", "a": "normal"}));
        }),
    ];
    let refused: [(&str, Edit); 7] = [
        ("an unknown field", |s| {
            s.insert("obb".into(), json!("2 EB"));
        }),
        ("no oob", |s| {
            s.remove("oob");
        }),
        ("an oob that is not text", |s| {
            s.insert("oob".into(), json!(6));
        }),
        ("an unknown morale level", |s| {
            s.insert("morale".into(), json!("brave"));
        }),
        ("a morale that is not text", |s| {
            s.insert("morale".into(), json!(1));
        }),
        ("group_morale not an object", |s| {
            s.insert("group_morale".into(), json!("high"));
        }),
        ("an unknown level in group_morale", |s| {
            s.insert("group_morale".into(), json!({"b": "brave"}));
        }),
    ];
    for (what, edit) in accepted {
        assert_eq!(side_verdicts(edit), (true, true), "{what}: (Kepi, schema)");
    }
    for (what, edit) in refused {
        assert_eq!(
            side_verdicts(edit),
            (false, false),
            "{what}: (Kepi, schema)"
        );
    }
}

#[test]
fn an_editors_schema_field_is_accepted_by_kepi_and_the_schema() {
    let path = root().join("tests/fixtures/library/maps/sample.json");
    let mut doc = read_json(&path);
    doc.as_object_mut().unwrap().insert(
        "$schema".into(),
        json!("../../../../schemas/kepi-map.schema.json"),
    );
    Map::from_text(&doc.to_string()).unwrap_or_else(|p| panic!("{p}"));
    assert_eq!(
        errors(&validator(SchemaKind::Map), &doc),
        Vec::<String>::new()
    );
}

fn kepi(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .output()
        .expect("run kepi");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn kepi_schema_prints_lists_and_writes_the_schemas() {
    let (code, out, err) = kepi(&["schema", "scenario"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, SchemaKind::Scenario.text());

    let (code, out, err) = kepi(&["schema"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), SchemaKind::ALL.len(), "{out}");
    assert!(
        out.contains("pack-manifest") && out.contains(&SchemaKind::PackManifest.id()),
        "{out}"
    );

    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("schemas");
    let (code, out, err) = kepi(&["schema", "--out", target.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), SchemaKind::ALL.len(), "{out}");
    for kind in SchemaKind::ALL {
        let written = std::fs::read_to_string(target.join(kind.file_name())).unwrap();
        assert_eq!(written, kind.text(), "{}", kind.file_name());
    }

    let (code, out, err) = kepi(&["schema", "game"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("no schema 'game'; the schemas: map, scenario, catalog, pack-manifest"),
        "{err}"
    );
}

/// The Age of Rifles test scenario with its first side edited: whether Kepi accepts it, and
/// whether the schema does (the schema picks Age of Rifles' side by the file's `ruleset`).
fn aor_side_verdicts(edit: impl Fn(&mut serde_json::Map<String, Value>)) -> (bool, bool) {
    let dir = root().join("tests/fixtures/age-of-rifles");
    let map =
        Map::from_text(&std::fs::read_to_string(dir.join("maps/aor-crossroads.json")).unwrap())
            .unwrap_or_else(|p| panic!("{p}"));
    let mut doc = read_json(&dir.join("scenarios/aor-crossroads-meeting.json"));
    edit(doc["sides"][0].as_object_mut().unwrap());
    let catalog = kepi::engine::game::registry::id("age-of-rifles")
        .unwrap()
        .catalog()
        .unwrap()
        .clone();
    let kepi = ScenarioFile::from_text(&doc.to_string())
        .and_then(|f| Scenario::new(f, map.clone(), catalog))
        .is_ok();
    (kepi, validator(SchemaKind::Scenario).is_valid(&doc))
}

#[test]
fn the_age_of_rifles_side_section_is_what_kepi_reads() {
    type Edit = fn(&mut serde_json::Map<String, Value>);
    let accepted: [(&str, Edit); 5] = [
        ("as written", |_| {}),
        ("a commander arriving on turn 2", |s| {
            s["leaders"][0]["arrives"] = json!(2);
        }),
        ("morale 6 and repeating weapons", |s| {
            s["units"][0]["morale"] = json!(6);
            s["units"][0]["armament"] = json!("repeating");
        }),
        ("no supply sources", |s| {
            s.remove("supply");
        }),
        ("a steady unit", |s| {
            s["units"][1]["steady"] = json!(true);
        }),
    ];
    let refused: [(&str, Edit); 12] = [
        ("an unknown field", |s| {
            s.insert("oob".into(), json!("6 MZ"));
        }),
        ("no units", |s| {
            s.remove("units");
        }),
        ("a rating of 7", |s| {
            s["leaders"][1]["rating"] = json!(7);
        }),
        ("morale 0", |s| {
            s["units"][0]["morale"] = json!(0);
        }),
        ("an unknown kind", |s| {
            s["units"][0]["kind"] = json!("dragoons");
        }),
        ("an unknown order", |s| {
            s["formations"][0]["order"] = json!("charge");
        }),
        ("a strength of 0", |s| {
            s["units"][2]["strength"] = json!(0);
        }),
        ("a strength that is not a number", |s| {
            s["units"][2]["strength"] = json!("six");
        }),
        ("an unknown unit field", |s| {
            s["units"][0]["men"] = json!(6000);
        }),
        ("a formation without its demoralization level", |s| {
            s["formations"][0]
                .as_object_mut()
                .unwrap()
                .remove("demoralization");
        }),
        ("a commander arriving on turn 0", |s| {
            s["leaders"][0]["arrives"] = json!(0);
        }),
        ("an army demoralization of 0", |s| {
            s["army_demoralization"] = json!(0);
        }),
    ];
    for (what, edit) in accepted {
        assert_eq!(
            aor_side_verdicts(edit),
            (true, true),
            "{what}: (Kepi, schema)"
        );
    }
    for (what, edit) in refused {
        assert_eq!(
            aor_side_verdicts(edit),
            (false, false),
            "{what}: (Kepi, schema)"
        );
    }
    // A Rifle & Saber side in an Age of Rifles file is refused by both, and an Age of Rifles
    // side in a Rifle & Saber file too: the schema follows `ruleset`.
    let rs_side = aor_side_verdicts(|s| {
        for k in [
            "army_demoralization",
            "leaders",
            "formations",
            "units",
            "supply",
        ] {
            s.remove(k);
        }
        s.insert("oob".into(), json!("6 MZ"));
    });
    assert_eq!(rs_side, (false, false), "an R&S side in an AoR file");
    let mut doc = read_json(
        &root().join("tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json"),
    );
    doc["ruleset"] = json!("rifle-and-saber");
    assert!(
        !validator(SchemaKind::Scenario).is_valid(&doc),
        "an AoR side in an R&S file"
    );
}

/// A shipped scenario edited by `edit`, written into a library folder of its own beside its
/// map: whether Kepi accepts it (its problems' words if not, its warnings' if so), and whether
/// the schema does.
fn shipped_verdicts(name: &str, edit: impl Fn(&mut Value)) -> (Result<String, String>, bool) {
    let mut doc = read_json(&root().join("scenarios").join(name));
    edit(&mut doc);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::create_dir_all(dir.path().join("maps")).unwrap();
    let map = doc["map"].as_str().unwrap().to_string();
    std::fs::copy(
        root().join("maps").join(format!("{map}.json")),
        dir.path().join("maps").join(format!("{map}.json")),
    )
    .unwrap();
    let path = dir.path().join("scenarios").join(name);
    std::fs::write(&path, doc.to_string()).unwrap();
    let checked = kepi::library::validate_file(&path);
    let kepi = checked
        .result
        .map(|_| checked.warnings.to_string())
        .map_err(|p| p.to_string());
    (kepi, validator(SchemaKind::Scenario).is_valid(&doc))
}

#[test]
fn victory_entries_are_needed_unless_the_system_scores_victory_itself() {
    // Rifle & Saber reads the scenario's victory entries: one at least.
    let (kepi, schema) = shipped_verdicts("rs-12-plevna-grivitza.json", |d| {
        d.as_object_mut().unwrap().remove("victory");
    });
    let words = kepi.expect_err("Kepi accepts an R&S scenario with no victory condition");
    assert!(
        words.contains("victory") && words.contains("at least one victory condition"),
        "{words}"
    );
    assert!(
        !schema,
        "the schema accepts an R&S scenario with no victory"
    );

    // Rifle and Kepi and the 19th Century rules score victory themselves: no entry is needed,
    // and one (as files written before carry) is named in a warning, the file still read.
    for (name, side) in [
        ("rk-trautenau.json", "prussia"),
        ("nc-wissembourg.json", "france"),
    ] {
        let (kepi, schema) = shipped_verdicts(name, |_| {});
        assert_eq!(
            kepi.as_deref().map(str::is_empty),
            Ok(true),
            "{name}: {kepi:?}"
        );
        assert!(schema, "{name} as shipped");
        let hold = json!([{"text": "Hold it.", "rule": {"kind": "hold", "side": side,
            "target": {"hexes": ["0101"], "require": "every_hex"}}}]);
        let (kepi, schema) = shipped_verdicts(name, |d| {
            d["victory"] = hold.clone();
            d["victory_points"] = json!([{"side": side, "text": "1 a kill",
                "source": {"kind": "eliminated", "points": 1}}]);
        });
        let words = kepi.expect("Kepi refuses a file with unread victory entries");
        for list in ["victory:", "victory_points:"] {
            assert!(
                words.contains(list) && words.contains("scores victory itself"),
                "{name}: {words}"
            );
        }
        assert!(schema, "{name}: the schema refuses what Kepi reads");
    }
}

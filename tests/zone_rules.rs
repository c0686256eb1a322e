//! Zones in scenario files (docs/formats.md, "Zone rules"): a zone with a rule may leave its
//! hexes out, validation computes them and the validated scenario carries them, `kepi zones
//! --write` writes them in; the refusals of the new kinds and of `side_of` reach the designer
//! with the whole field path.

use crate::common;
use common::cli::kepi_split as kepi;
use kepi::library::load_scenario;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped(id: &str) -> PathBuf {
    root().join("scenarios").join(format!("{id}.json"))
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every zone object of a scenario as JSON: deployment, entry and exit areas.
fn zones(v: &mut Value) -> Vec<&mut Value> {
    let mut out = Vec::new();
    let Value::Object(o) = v else { return out };
    for (key, list) in o.iter_mut() {
        let Value::Array(list) = list else { continue };
        for item in list {
            match key.as_str() {
                "deployment" => out.push(&mut item["zone"]),
                "reinforcements" => out.push(&mut item["entry"]),
                "victory" if item["rule"]["kind"] == "exit" => out.push(&mut item["rule"]["area"]),
                _ => {}
            }
        }
    }
    out
}

/// Leave every zone with a rule to its rule; how many zones that was.
fn drop_rule_hexes(v: &mut Value) -> usize {
    let mut n = 0;
    for z in zones(v) {
        if z.get("rule").is_some() {
            z.as_object_mut().unwrap().remove("hexes");
            n += 1;
        }
    }
    n
}

/// Validate `v` as a scenario against the map and catalog of the shipped scenario `like`.
fn validate(v: &Value, like: &Scenario) -> Result<Scenario, String> {
    let file = ScenarioFile::from_text(&serde_json::to_string_pretty(v).unwrap())
        .map_err(|p| p.to_string())?;
    Scenario::new(file, like.map.clone(), like.catalog.clone()).map_err(|p| p.to_string())
}

#[test]
fn zones_left_to_their_rules_validate_to_the_same_scenario() {
    for id in [
        "rs-03-palestro",
        "rs-12-plevna-grivitza",
        "rs-17-south-africa",
    ] {
        let full = load_scenario(&shipped(id)).unwrap_or_else(|p| panic!("{p}"));
        let mut v = read_json(&shipped(id));
        assert!(drop_rule_hexes(&mut v) >= 2, "{id}");
        let left = validate(&v, &full).unwrap_or_else(|p| panic!("{id}: {p}"));
        // The file carries the computed hexes (the exit area of rs-12, read by the engine
        // from the file, included): the scenarios are equal, files and all.
        assert_eq!(left, full, "{id}");
        assert!(
            left.file
                .clone()
                .zones_mut()
                .iter()
                .all(|(_, z)| !z.hexes.is_empty()),
            "{id}"
        );
    }
}

#[test]
fn a_rule_zone_written_without_hexes_is_read_and_written_back_without_them() {
    let text = std::fs::read_to_string(shipped("rs-12-plevna-grivitza")).unwrap();
    let mut file = ScenarioFile::from_text(&text).unwrap();
    for (_, z) in file.zones_mut() {
        z.hexes.clear();
    }
    let left = file.to_text();
    assert!(!left.contains("\"hexes\""), "{left}");
    assert_eq!(ScenarioFile::from_text(&left).unwrap().to_text(), left);
}

#[test]
fn a_zone_with_neither_hexes_nor_rule_is_refused() {
    let like = load_scenario(&shipped("rs-01-fatehpur")).unwrap();
    let mut v = read_json(&shipped("rs-01-fatehpur"));
    let z = v["deployment"][0]["zone"].as_object_mut().unwrap();
    z.remove("rule");
    z.remove("hexes");
    let e = validate(&v, &like).unwrap_err();
    assert!(
        e.contains(
            "deployment[0].zone.hexes: the zone has no hexes and no `rule` to compute them: \
             give one or the other"
        ),
        "{e}"
    );
}

#[test]
fn a_rule_that_computes_no_hexes_is_refused() {
    let like = load_scenario(&shipped("rs-01-fatehpur")).unwrap();
    let mut v = read_json(&shipped("rs-01-fatehpur"));
    let z = v["deployment"][0]["zone"].as_object_mut().unwrap();
    z.remove("hexes");
    z.insert(
        "rule".into(),
        json!({"kind": "all", "of": [
            {"kind": "on", "features": ["V4"]},
            {"kind": "terrain", "terrain": ["village"], "not": true}
        ]}),
    );
    let e = validate(&v, &like).unwrap_err();
    assert!(
        e.contains("deployment[0].zone.rule: the rule computes no hexes: the zone would be empty"),
        "{e}"
    );
}

#[test]
fn listed_hexes_must_still_be_what_the_rule_computes() {
    let like = load_scenario(&shipped("rs-12-plevna-grivitza")).unwrap();
    let mut v = read_json(&shipped("rs-12-plevna-grivitza"));
    // The triangle without the hexes on its V6-3201 side.
    v["deployment"][0]["zone"]["rule"]["of"][1]["of"][1]["including"] = json!(false);
    let e = validate(&v, &like).unwrap_err();
    assert!(
        e.contains(
            "deployment[0].zone.hexes: the hexes differ from what the zone's rule computes: \
             missing [], not in the rule ["
        ),
        "{e}"
    );
}

#[test]
fn an_edge_touching_both_banks_is_refused_and_a_hex_names_the_bank() {
    let like = load_scenario(&shipped("rs-03-palestro")).unwrap();
    let mut v = read_json(&shipped("rs-03-palestro"));
    // "On the north side of the river": the south edge touches both banks (R1 runs off it).
    let side = &mut v["deployment"][0]["zone"]["rule"]["of"][1];
    side["edge"] = json!("south");
    let e = validate(&v, &like).unwrap_err();
    assert!(
        e.contains(
            "deployment[0].zone.rule.of[1].edge: the south edge touches 2 sides of R1, J34, R3, \
             B14, B15, F17, F2 (the side of 0140, the side of 2340), so it names none; name the \
             side meant by a hex on it with `hex` instead of `edge`"
        ),
        "{e}"
    );
    // The north bank named by a hex on it: the same zone as the shipped north edge.
    let side = v["deployment"][0]["zone"]["rule"]["of"][1]
        .as_object_mut()
        .unwrap();
    side.remove("edge");
    side.insert("hex".into(), json!("0101"));
    assert_eq!(validate(&v, &like).unwrap().deployments, like.deployments);
}

#[test]
fn the_new_kinds_problems_name_their_fields() {
    let like = load_scenario(&shipped("rs-01-fatehpur")).unwrap();
    let mut v = read_json(&shipped("rs-01-fatehpur"));
    let z = v["deployment"][0]["zone"].as_object_mut().unwrap();
    z.remove("hexes");
    z.insert(
        "rule".into(),
        json!({"kind": "except", "zone": {"kind": "map"}, "minus": {"kind": "any", "of": [
            {"kind": "terrain", "terrain": ["forest"]},
            {"kind": "beyond_line", "from": "V4", "to": "H26", "side_of": "V4"}
        ]}}),
    );
    let e = validate(&v, &like).unwrap_err();
    assert!(
        e.contains(
            "deployment[0].zone.rule.minus.of[0].terrain[0]: unknown terrain 'forest'; the \
             Rifle & Saber terrain chart knows: clear, village, slope, woods"
        ),
        "{e}"
    );
    assert!(
        e.contains(
            "deployment[0].zone.rule.minus.of[1].side_of: hex V4: not a hex of the map \
             'rifle-and-saber'"
        ),
        "{e}"
    );
}

#[test]
fn zones_write_fills_in_the_hexes_left_to_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["maps", "scenarios"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::copy(
        root().join("maps/rifle-and-saber.json"),
        dir.path().join("maps/rifle-and-saber.json"),
    )
    .unwrap();
    let original = std::fs::read_to_string(shipped("rs-12-plevna-grivitza")).unwrap();
    let mut v: Value = serde_json::from_str(&original).unwrap();
    let left = drop_rule_hexes(&mut v);
    let target = dir.path().join("scenarios/rs-12-plevna-grivitza.json");
    std::fs::write(
        &target,
        format!("{}\n", serde_json::to_string_pretty(&v).unwrap()),
    )
    .unwrap();
    let t = target.to_str().unwrap();
    let (code, out, err) = kepi(&["zones", t]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("deployment[0].zone: 120 hexes (left to the rule in the file) — Turks"),
        "{out}"
    );
    let (code, out, err) = kepi(&["zones", t, "--write"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("{left} zone(s) rewritten")), "{out}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), original);
}

#[test]
fn zones_reports_a_zone_with_neither_hexes_nor_rule() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["maps", "scenarios"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    std::fs::copy(
        root().join("maps/rifle-and-saber.json"),
        dir.path().join("maps/rifle-and-saber.json"),
    )
    .unwrap();
    let mut v = read_json(&shipped("rs-01-fatehpur"));
    let z = v["deployment"][1]["zone"].as_object_mut().unwrap();
    z.remove("rule");
    z.remove("hexes");
    let target = dir.path().join("scenarios/rs-01-fatehpur.json");
    std::fs::write(&target, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let (code, _, err) = kepi(&["zones", target.to_str().unwrap(), "--write"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "deployment[1].zone.hexes: the zone has no hexes and no `rule` to compute them"
        ),
        "{err}"
    );
}

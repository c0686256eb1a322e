//! `kepi preview` of an Age of Rifles bombardment from the command line: the command rolls as
//! soon as it is given (AoR 8.1), so checking the script line may not stop at its dice; the
//! preview printed is the engine's.

use crate::common;
use common::cli::kepi_stdin as kepi;
use kepi::engine::dice::SeededDice;
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};
use std::path::Path;

fn ok(args: &[&str], stdin: &str) -> String {
    let (status, out, err) = kepi(args, stdin);
    assert_eq!(status, Some(0), "kepi {args:?}: {out}{err}");
    out
}

fn zone(cols: std::ops::RangeInclusive<u32>, rows: std::ops::RangeInclusive<u32>) -> Vec<String> {
    cols.flat_map(|c| rows.clone().map(move |r| format!("{c:02}{r:02}")))
        .collect()
}

#[test]
fn aor_8_1_a_bombardment_is_previewed_from_the_command_line_as_the_engine_previews_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/age-of-rifles");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::create_dir_all(dir.path().join("maps")).unwrap();
    std::fs::copy(
        root.join("maps/aor-crossroads.json"),
        dir.path().join("maps/aor-crossroads.json"),
    )
    .unwrap();
    // The test scenario with open zones, as tests/age_of_rifles_rest.rs opens them.
    let mut v: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("scenarios/aor-crossroads-meeting.json")).unwrap(),
    )
    .unwrap();
    let mut prussian = zone(1..=5, 1..=10);
    prussian.extend(zone(6..=12, 1..=1));
    v["deployment"][0]["zone"]["hexes"] = json!(prussian);
    v["deployment"][1]["zone"]["hexes"] = json!(zone(6..=12, 2..=10));
    let scenario = dir.path().join("scenarios/aor-crossroads-meeting.json");
    std::fs::write(&scenario, v.to_string()).unwrap();

    // The French, then the Prussians with their battery two hexes from the French in 0605;
    // then End until the Prussians' Bombardment Segment (worked out with the engine).
    let mut script: Vec<Value> = Vec::new();
    for (piece, hex) in [
        ("ii-2", "0605"),
        ("ii-1", "1005"),
        ("ii-art", "1006"),
        ("frossard", "1005"),
        ("laveaucoupet", "1005"),
        ("-", ""),
        ("vii-13", "0505"),
        ("vii-14", "0405"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
        ("-", ""),
    ] {
        script.push(if piece == "-" {
            json!({"kind": "end"})
        } else {
            json!({"kind": "deploy", "piece": piece, "hex": hex})
        });
    }
    let sc = kepi::library::load_scenario(&scenario).unwrap();
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut dice = SeededDice::new(0);
    for c in &script {
        s = AgeOfRifles
            .apply(&s, &serde_json::from_value(c.clone()).unwrap(), &mut dice)
            .unwrap()
            .0;
    }
    while AgeOfRifles.progress(&s).phase_key != "bombardment" {
        script.push(json!({"kind": "end"}));
        s = AgeOfRifles
            .apply(
                &s,
                &serde_json::from_value(json!({"kind": "end"})).unwrap(),
                &mut dice,
            )
            .unwrap()
            .0;
    }
    let bombard = json!({"kind": "bombard", "unit": "vii-art", "target": "0605"});
    let engine = AgeOfRifles
        .preview(&s, &[serde_json::from_value(bombard.clone()).unwrap()])
        .unwrap();

    let game = dir.path().join("game.json");
    let game = game.to_str().unwrap();
    ok(&["new", scenario.to_str().unwrap(), "--out", game], "");
    let lines: Vec<String> = script.iter().map(Value::to_string).collect();
    ok(&["play", game, "--script", "-"], &lines.join("\n"));
    let legal = ok(&["legal", game, "--json"], "");
    assert!(
        legal
            .lines()
            .any(|l| l.contains("\"bombard\"") && l.contains("vii-art")),
        "{legal}"
    );
    let cli: Value = serde_json::from_str(&ok(
        &["preview", game, "--script", "-", "--json"],
        &bombard.to_string(),
    ))
    .unwrap();
    assert_eq!(cli["kind"], "bombardment");
    assert_eq!(cli["outcomes"], 36);
    assert_eq!(cli["attack_total"], json!(engine.attack_total));
    assert_eq!(cli["column"], json!(engine.column));
    assert_eq!(
        cli["results"].as_array().unwrap().len(),
        engine.results.len()
    );
}

//! VASSAL export read back by an independent reader: every shipped scenario and games (a
//! deployed one through the command line, one in the middle of play with its markers) are
//! exported, and `tests/vassal/check_vmod.py` reads each module with pywargame (pinned, in a
//! project-local environment made by `scripts/vassal-venv.sh`) and checks the pieces, the
//! set-up stacks and, for every hex, that VASSAL's grid puts the hex's name within a pixel of
//! its centre in the board picture.

use kepi::game::GameRecord;
use kepi::library::load_scenario;
use kepi::vassal::{self, ExportOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

use common::vassal::{check, cli_export, python, root};

fn write(dir: &Path, name: &str, m: &vassal::Exported) -> (PathBuf, PathBuf) {
    let vmod = dir.join(format!("{name}.vmod"));
    let exp = dir.join(format!("{name}.json"));
    std::fs::write(&vmod, &m.vmod).unwrap();
    std::fs::write(&exp, serde_json::to_string(&m.expected).unwrap()).unwrap();
    (vmod, exp)
}

#[test]
fn every_scenario_and_games_read_back_with_pywargame() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let mut paths: Vec<_> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("rs-"))
        })
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 17);
    // Several hex sizes, so that the grid's rounding is checked at odd and even sizes.
    let sizes = [96, 48, 61, 75, 33];
    for (i, p) in paths.iter().enumerate() {
        let s = load_scenario(p).unwrap();
        let o = ExportOptions {
            hex_size: sizes[i % sizes.len()],
        };
        let m = vassal::export(&s, None, &o).unwrap();
        let (vmod, exp) = write(dir.path(), &s.file.id, &m);
        let (ok, text) = check(&py, &vmod, &exp);
        assert!(ok, "{}: {text}", p.display());
        assert!(text.contains("worst centre error 0."), "{text}");
    }

    // A deployed game, through the command line.
    let kepi = env!("CARGO_BIN_EXE_kepi");
    let game = dir.path().join("game.json");
    let scen = root().join("scenarios/rs-06-shiloh.json");
    let st = Command::new(kepi)
        .args([
            "new",
            scen.to_str().unwrap(),
            "--seed",
            "5",
            "--auto-deploy",
            "--out",
        ])
        .arg(&game)
        .status()
        .unwrap();
    assert!(st.success());
    let expected = cli_export(&py, dir.path(), "g", &["--game".as_ref(), game.as_os_str()]);
    let on_map = expected["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| !u["hex"].is_null())
        .count();
    assert!(on_map > 20, "{on_map} units deployed");

    // The middle of a played game: disrupted units carry their markers.
    let save = dir.path().join("played");
    std::fs::create_dir(&save).unwrap();
    let st = Command::new(kepi)
        .args([
            "autoplay",
            scen.to_str().unwrap(),
            "--seed",
            "2",
            "--games",
            "1",
            "--save",
        ])
        .arg(&save)
        .output()
        .unwrap();
    assert!(st.status.success());
    let file = std::fs::read_dir(&save)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let record = GameRecord::from_text(&std::fs::read_to_string(file).unwrap()).unwrap();
    let scenario = record.setup_scenario().unwrap();
    let mut checked_markers = false;
    for upto in [record.moves.len() / 3, record.moves.len() / 2] {
        let state = record.replay(Some(upto)).unwrap();
        let m = vassal::export(&scenario, Some(&state), &ExportOptions::default()).unwrap();
        checked_markers |= !m.expected["markers"].as_array().unwrap().is_empty();
        // Every marker set up is one Rifle & Saber lists, and none is phase bookkeeping.
        let catalog = state.rules().markers();
        for k in m.expected["markers"].as_array().unwrap() {
            let listed = catalog.iter().find(|c| k["marker"] == c.key.as_str());
            assert!(listed.is_some_and(|c| !c.transient), "{k}");
        }
        let (vmod, exp) = write(dir.path(), &format!("mid-{upto}"), &m);
        let (ok, text) = check(&py, &vmod, &exp);
        assert!(ok, "{text}");
    }
    assert!(checked_markers, "no marker in the positions checked");
}

#[test]
fn pointy_and_odd_shoved_grids_read_back() {
    use kepi::map::{Grid, Orientation, Shove};
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let base = load_scenario(&root().join("scenarios/rs-02-varese.json")).unwrap();
    let g = base.map.grid;
    for (o, shove, size) in [
        (Orientation::Pointy, Shove::Even, 50),
        (Orientation::Pointy, Shove::Odd, 37),
        (Orientation::Flat, Shove::Odd, 44),
    ] {
        // The same hexes (names, terrain) laid out on another grid.
        let mut s = base.clone();
        s.map.grid = Grid::new(o, shove, g.columns, g.rows);
        let m = vassal::export(&s, None, &ExportOptions { hex_size: size }).unwrap();
        let (vmod, exp) = write(dir.path(), &format!("{o:?}-{shove:?}"), &m);
        let (ok, text) = check(&py, &vmod, &exp);
        assert!(ok, "{o:?} {shove:?}: {text}");
    }
}

#[test]
fn the_checker_finds_a_hex_off_centre_and_a_wrong_value() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let s = load_scenario(&root().join("scenarios/rs-01-fatehpur.json")).unwrap();
    let mut m = vassal::export(&s, None, &ExportOptions { hex_size: 40 }).unwrap();
    m.expected["hexes"][5]["x"] = (m.expected["hexes"][5]["x"].as_f64().unwrap() + 1.5).into();
    m.expected["units"][0]["properties"]["Fire"] = "99".into();
    let (vmod, exp) = write(dir.path(), "bad", &m);
    let (ok, text) = check(&py, &vmod, &exp);
    assert!(!ok, "{text}");
    let name = m.expected["hexes"][5]["name"].as_str().unwrap();
    assert!(
        text.contains(&format!("problem: {name}: VASSAL centre")),
        "{text}"
    );
    assert!(
        text.contains("Fire = '") && text.contains("expected '99'"),
        "{text}"
    );
}

#[test]
fn the_help_page_lists_reinforcements_by_game_turn_and_the_victory_conditions() {
    use std::io::Read;
    let s = load_scenario(&root().join("scenarios/rs-03-palestro.json")).unwrap();
    let m = vassal::export(&s, None, &ExportOptions { hex_size: 32 }).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(m.vmod)).unwrap();
    let mut html = String::new();
    zip.by_name("help/scenario.html")
        .unwrap()
        .read_to_string(&mut html)
        .unwrap();
    let r = s
        .reinforcements
        .first()
        .expect("Palestro has reinforcements");
    assert!(html.contains("<h2>Reinforcements</h2>"), "{html}");
    assert!(html.contains(&format!("Game-Turn {}: ", r.turn)), "{html}");
    for v in &s.file.victory {
        let text = v
            .text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(html.contains(&text.replace('"', "&quot;")), "{}", v.text);
    }
    assert!(html.contains(&format!("{} game-turns", s.file.game_length)));
}

/// Age of Rifles' Gettysburg through `kepi vassal export`, as a scenario and as a game in the
/// middle of play: pywargame reads both back, with every leader and unit in its side's tray
/// with its values and steps (AoR 2.1, 6.1), and the game's units and markers at their hexes.
#[test]
fn gettysburg_exports_as_a_scenario_and_as_a_game_and_reads_back() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let scen = root().join("scenarios/aor-gettysburg-first-day.json");
    let expected = cli_export(&py, dir.path(), "gb", &[scen.as_os_str()]);
    let units = expected["units"].as_array().unwrap();
    let scenario = load_scenario(&scen).unwrap();
    let state = kepi::engine::game::registry::get("age-of-rifles")
        .unwrap()
        .start(&scenario, &serde_json::Value::Null)
        .unwrap();
    let board = state.rules().board(&state);
    assert_eq!(units.len(), board.counters.len(), "every unit and leader");
    // The scenario's formation tables (docs/scenarios/aor-gettysburg-first-day.md): 59 units
    // and 24 leaders, and the 2 its scripted events bring (Schimmelfennig and Hancock), in the
    // tray for when they come.
    assert_eq!(units.iter().filter(|u| u["type"] != "leader").count(), 59);
    assert_eq!(units.iter().filter(|u| u["type"] == "leader").count(), 26);
    for u in units {
        let p = &u["properties"];
        if u["type"] == "leader" {
            assert!(p["Rating"].is_string(), "{u}");
        } else {
            assert!(p["Strength"].is_string() && p["Morale"].is_string(), "{u}");
            let steps = p["Steps"].as_str().unwrap();
            assert!(steps == "1 of 1" || steps == "2 of 2", "{u}");
        }
    }
    for side in ["Union", "Confederates"] {
        assert!(
            units.iter().any(|u| u["side"] == side),
            "no {side} unit: {:?}",
            expected["sides"]
        );
    }

    // A game part way: its position set up, with the units' markers.
    let sc = load_scenario(&scen).unwrap();
    let rules = kepi::engine::game::registry::get("age-of-rifles").unwrap();
    let mut state = rules.start(&sc, &serde_json::Value::Null).unwrap();
    let mut player = rules.random_player(3);
    let mut dice = kepi::engine::dice::SeededDice::new(3);
    let mut reduced_or_disrupted = false;
    for n in 0..400 {
        if rules.progress(&state).over {
            break;
        }
        let c = player.next(&state);
        state = rules.apply(&state, &c, &mut dice).unwrap().state;
        if n % 100 == 99 {
            let m = vassal::export(&sc, Some(&state), &ExportOptions { hex_size: 64 }).unwrap();
            let shown = m.expected["markers"].as_array().unwrap();
            reduced_or_disrupted |= shown
                .iter()
                .any(|k| k["marker"] == "disrupted" || k["marker"] == "reduced");
            // Every marker set up is one the system lists (none drawn from its bare key), and
            // none is bookkeeping of the phase in progress.
            let catalog = rules.markers();
            for k in shown {
                let listed = catalog.iter().find(|c| k["marker"] == c.key.as_str());
                assert!(listed.is_some_and(|c| !c.transient), "command {n}: {k}");
            }
            let on_map = m.expected["units"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|u| !u["hex"].is_null())
                .count();
            assert!(on_map > 20, "command {n}: {on_map} on the map");
            let (vmod, exp) = write(dir.path(), &format!("gb-{n}"), &m);
            let (ok, text) = check(&py, &vmod, &exp);
            assert!(ok, "command {n}: {text}");
        }
    }
    assert!(
        reduced_or_disrupted,
        "no unit disrupted or reduced in the positions checked"
    );
}

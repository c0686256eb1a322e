//! `kepi play` and `kepi legal` as players use them: paths written from the unit's own hex,
//! refusals said once, forced dice left over, units named by label with their group, and
//! `legal --json` lines that play back as they are.

use crate::common;
use common::cli::kepi_stdin as kepi;
use serde_json::Value;
use std::path::Path;

/// `kepi ARGS` that must succeed: its standard output.
fn ok(args: &[&str], stdin: &str) -> String {
    let (status, out, err) = kepi(args, stdin);
    assert_eq!(status, Some(0), "kepi {args:?}: {out}{err}");
    out
}

/// A deployed game of Magenta (seed 1), whose sides are in groups (a) and (b): the French
/// to fire first.
fn magenta(dir: &Path) -> String {
    let game = dir.join("game.json").to_str().expect("utf-8").to_string();
    ok(
        &[
            "new",
            "scenarios/rs-04-magenta.json",
            "--auto-deploy",
            "--out",
            &game,
        ],
        "",
    );
    game
}

/// The legal commands as `kepi legal --json` prints them.
fn legal_json(game: &str) -> Vec<Value> {
    ok(&["legal", game, "--json"], "")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The commands stored in a game file.
fn stored_commands(game: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(game).expect("game file"))
        .expect("game JSON");
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["command"].clone())
        .collect()
}

#[test]
fn units_are_labelled_with_their_group_and_named_either_way() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = magenta(dir.path());
    let state = ok(&["state", &game], "");
    assert!(state.contains("  French (a) MZ 1 "), "{state}");
    assert!(state.contains("Austrians (a) MZ 1 "), "{state}");
    // The label with its group, and the label without it, name the same unit.
    let with = ok(&["reach", &game, "--unit", "french (a) mz 3", "--json"], "");
    let without = ok(&["reach", &game, "--unit", "French MZ 3", "--json"], "");
    assert_eq!(with, without);
    let v: Value = serde_json::from_str(&with).expect("reach JSON");
    assert_eq!(v["unit"], "French (a) MZ 3");
}

#[test]
fn legal_json_names_units_by_label_and_each_line_plays_as_it_is() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = magenta(dir.path());
    let legal = legal_json(&game);
    let fire = legal
        .iter()
        .find(|c| c["type"] == "fire")
        .expect("a fire command")
        .clone();
    assert_eq!(fire["unit"], "French (a) MZ 3", "{fire}");
    // Every unit named in the listing is named by label, as the words name it.
    let words = ok(&["legal", &game], "");
    for c in &legal {
        if let Some(u) = c.get("unit") {
            let label = u.as_str().unwrap_or_else(|| panic!("unit by number: {c}"));
            assert!(words.contains(label), "{label} not in the words");
        }
    }
    // The line plays back unchanged, and is stored by number.
    let out = ok(&["play", &game, "--script", "-"], &format!("{fire}\n"));
    assert_eq!(out, "French (a) MZ 3 fires at 1324\n");
    assert_eq!(stored_commands(&game).last().expect("stored")["unit"], 2);
}

#[test]
fn a_path_may_start_at_the_units_own_hex() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = magenta(dir.path());
    ok(
        &["play", &game, "--script", "-"],
        "{\"type\":\"end_phase\"}\n",
    );
    let reach: Value = serde_json::from_str(&ok(
        &["reach", &game, "--unit", "French MZ 1", "--json"],
        "",
    ))
    .expect("reach JSON");
    let from = reach["from"].as_str().expect("on the map").to_string();
    let to = reach["hexes"][1]["path"].clone();
    let to: Vec<String> = serde_json::from_value(to).expect("a path");
    assert!(to.len() >= 2, "{reach}");
    let mut written = vec![from.clone()];
    written.extend(to.iter().cloned());
    let line = serde_json::json!({"type": "move", "unit": "French MZ 1", "path": written});
    let out = ok(&["play", &game, "--script", "-"], &format!("{line}\n"));
    // The unit's own hex is not a step: it is dropped, in the words and in the record.
    assert!(
        out.starts_with(&format!("Move French (a) MZ 1 {}\n", to.join("-"))),
        "{out}"
    );
    let stored = stored_commands(&game);
    let path = &stored.last().expect("stored")["path"];
    assert_eq!(path, &serde_json::json!(to));
    // A hex of the path that is not the unit's own is still a step, refused as such.
    let again = serde_json::json!({"type": "move", "unit": "French MZ 2", "path": [from, from]});
    let (status, _, err) = kepi(&["play", &game, "--script", "-"], &format!("{again}\n"));
    assert_eq!(status, Some(1));
    assert!(err.contains("refused"), "{err}");
}

#[test]
fn a_refused_command_is_only_refused_not_echoed_as_played() {
    for archive in [false, true] {
        let dir = tempfile::tempdir().expect("temp dir");
        let game = magenta(dir.path());
        let db = dir
            .path()
            .join("a.kepi")
            .to_str()
            .expect("utf-8")
            .to_string();
        let target: Vec<&str> = if archive {
            let scenario = "scenarios/rs-04-magenta.json";
            ok(&["new", scenario, "--auto-deploy", "--db", &db], "");
            vec!["--db", &db, "--game", "1"]
        } else {
            vec![&game]
        };
        let script = "{\"type\":\"fire\",\"unit\":\"French MZ 3\",\"target\":\"1324\"}\n\
                      {\"type\":\"fire\",\"unit\":\"French MZ 4\",\"target\":\"0101\"}\n";
        let mut args = vec!["play"];
        args.extend(&target);
        args.extend(["--script", "-"]);
        let (status, out, err) = kepi(&args, script);
        assert_eq!(status, Some(1), "{out}{err}");
        // The first command is played and said; the second is refused and nothing else.
        let first = if archive {
            "French (a) MZ 3 fires at 1324\n  recorded as node "
        } else {
            "French (a) MZ 3 fires at 1324\n"
        };
        assert!(out.starts_with(first), "{out}");
        assert!(
            !out.contains("0101"),
            "the refused command was echoed: {out}"
        );
        assert!(err.starts_with("kepi: - line 2: refused: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn forced_dice_left_unused_are_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = magenta(dir.path());
    // One fire attack rolls one die: the 6 is used, the 3 and the 1 are not.
    let script = "{\"type\":\"fire\",\"unit\":\"French MZ 3\",\"target\":\"1324\"}\n\
                  {\"type\":\"resolve_fire\"}\n";
    let (status, out, err) = kepi(&["play", &game, "--script", "-", "--dice", "6,3,1"], script);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("die 6"), "{out}");
    assert_eq!(err, "kepi: warning: 2 --dice roll(s) left unused: 3, 1\n");
    // All used: nothing said.
    let dir = tempfile::tempdir().expect("temp dir");
    let game = magenta(dir.path());
    let (status, _, err) = kepi(&["play", &game, "--script", "-", "--dice", "6"], script);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(err, "");
}

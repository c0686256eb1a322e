//! `kepi play` refusing what it cannot read: each mistake in a script is reported for what it
//! is, at its line, and the game file is left as it was.

use crate::common;
use common::cli::kepi_stdin as kepi;
use std::path::Path;

/// A deployed game of Fatehpur, in `dir`.
fn game(dir: &Path) -> String {
    let game = dir.join("game.json").to_str().expect("utf-8").to_string();
    let (status, _, err) = kepi(
        &[
            "new",
            "scenarios/rs-01-fatehpur.json",
            "--auto-deploy",
            "--out",
            &game,
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    game
}

/// `kepi play GAME --script -` with `script`: its error, after checking that it failed and
/// left the game file untouched.
fn refused(script: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = game(dir.path());
    let before = std::fs::read(&game).expect("game file");
    let (status, out, err) = kepi(&["play", &game, "--script", "-"], script);
    assert_eq!(status, Some(1), "{out}{err}");
    assert_eq!(std::fs::read(&game).expect("game file"), before);
    err
}

const KNOWN_TYPES: &str = "deploy, place_trench, place_improved_position, end_deployment, \
    fire, cancel_fire, resolve_fire, begin_work, move, limber, unlimber, dismount, remount, \
    enter_road_mode, leave_road_mode, to_top, exit_map, shock, cancel_shock, resolve_shock, \
    choose_retreat, choose_shock_losses, end_phase";

#[test]
fn an_unknown_command_type_is_reported_as_such_not_as_an_unknown_unit() {
    let err = refused("# a comment\n{\"type\":\"fly\",\"unit\":\"x\"}\n");
    assert_eq!(
        err,
        format!(
            "kepi: - line 2: unknown command type 'fly'; the command types are {KNOWN_TYPES}\n"
        )
    );
}

#[test]
fn a_missing_command_type_is_reported_as_such() {
    let err = refused("{\"unit\":\"x\",\"target\":\"0101\"}\n");
    assert_eq!(
        err,
        format!(
            "kepi: - line 1: the command has no \"type\"; the command types are {KNOWN_TYPES}\n"
        )
    );
}

#[test]
fn a_known_type_with_an_unknown_unit_still_names_the_unit() {
    let err = refused("{\"type\":\"fire\",\"unit\":\"x\",\"target\":\"0101\"}\n");
    assert_eq!(err, "kepi: - line 1: no unit called 'x'\n");
}

//! Scenario victory conditions (R&S 11.0 and the scenarios of 11.1-11.17) through short games,
//! and the scenarios' deployment zones and constraints.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::{Location, Outcome, Phase};
use kepi::scenario::rules::VictoryLevel;
use serde_json::{Value, json};

fn game(spec: &MapSpec, blue: &str, red: &str, edit: impl Fn(&mut Value)) -> Game {
    Game::with(spec, blue, red, GameOptions::default(), edit)
}

fn exit(g: &mut Game, label: &str) -> Result<Vec<Event>, String> {
    let u = g.id(label);
    g.run(Command::ExitMap { unit: u }, &[])
        .map_err(|e| e.to_string())
}

// ---- hold ----

#[test]
fn r_and_s_11_0_hold_met_at_the_end_of_the_last_game_turn() {
    let mut g = game(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["game_length"] = json!(2)
    });
    g.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0101")]);
    // Not decided at the end of game-turn 1.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    assert_eq!(g.s.turn, 2);
    let outcome = g.play_out();
    assert_eq!(
        outcome,
        Outcome {
            winner: Some(0),
            level: None,
            reason: "Blue must hold 0101. — met at the end of game-turn 2".to_string()
        }
    );
    let e = g.refused(Command::EndPhase);
    assert_eq!(e, "the game is over");
}

#[test]
fn r_and_s_11_0_hold_not_met_gives_the_game_to_the_other_side() {
    let mut g = game(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["game_length"] = json!(1)
    });
    g.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0202")]);
    let outcome = g.play_out();
    assert_eq!(outcome.winner, Some(1));
    assert_eq!(
        outcome.reason,
        "Blue must hold 0101. — not met at the end of game-turn 1"
    );
    assert_eq!(g.s.turn, 1);
}

#[test]
fn r_and_s_11_0_hold_means_a_friendly_unit_in_the_hex_at_the_end_of_the_last_turn() {
    // Held during the game is not enough: Blue leaves 0101 in its last Movement Phase.
    let mut g = game(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["game_length"] = json!(1)
    });
    g.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0101")]);
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0102"]).unwrap();
    assert_eq!(g.play_out().winner, Some(1));
}

#[test]
fn r_and_s_11_3_hold_with_no_enemy_within_two_hexes() {
    // "Allies must hold either B14 or B15 at the end of the last Game-Turn with no Austrians
    // within 2 hexes of it."
    let spec = MapSpec::default()
        .feature("B14", &["0505"])
        .feature("B15", &["0808"]);
    let victory = |v: &mut Value| {
        v["game_length"] = json!(1);
        v["victory"] = json!([{"text": "Blue must hold either B14 or B15 with no Red unit within 2 hexes of it.",
            "rule": {"kind": "hold", "side": "blue",
                     "target": {"features": ["B14", "B15"], "require": "any_feature"},
                     "no_enemy_within": 2}}]);
    };
    // B14 held but Red 2 hexes away; B15 not held: not met.
    let mut g = game(&spec, "1 MZ", "1 MZ", victory);
    g.setup(&[("Red MZ 1", "0503")], &[("Blue MZ 1", "0505")]);
    assert_eq!(g.play_out().winner, Some(1));
    // Red 3 hexes away: met.
    let mut g = game(&spec, "1 MZ", "1 MZ", victory);
    g.setup(&[("Red MZ 1", "0502")], &[("Blue MZ 1", "0505")]);
    assert_eq!(g.play_out().winner, Some(0));
    // B15 held with Red far from it, though close to B14: met ("either").
    let mut g = game(&spec, "1 MZ", "1 MZ", victory);
    g.setup(&[("Red MZ 1", "0504")], &[("Blue MZ 1", "0808")]);
    assert_eq!(g.play_out().winner, Some(0));
}

#[test]
fn r_and_s_11_4_hold_both_villages_each_feature() {
    // "French must hold V8 and V9 at the end of the last Game-Turn": a unit in each.
    let spec = MapSpec::default()
        .feature("V8", &["0303", "0304"])
        .feature("V9", &["0707", "0708"]);
    let victory = |v: &mut Value| {
        v["game_length"] = json!(1);
        v["victory"] = json!([{"text": "Blue must hold V8 and V9.",
            "rule": {"kind": "hold", "side": "blue",
                     "target": {"features": ["V8", "V9"], "require": "each_feature"}}}]);
    };
    let mut g = game(&spec, "2 MZ", "1 MZ", victory);
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0304"), ("Blue MZ 2", "0707")],
    );
    assert_eq!(g.play_out().winner, Some(0));
    let mut g = game(&spec, "2 MZ", "1 MZ", victory);
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0304")],
    );
    assert_eq!(g.play_out().winner, Some(1));
}

// ---- hold for turns ----

fn hold_h1_for_two(v: &mut Value) {
    v["game_length"] = json!(5);
    v["victory"] = json!([{"text": "Whoever holds all of H1 for any two consecutive Game-Turns wins.",
        "rule": {"kind": "hold_for_turns", "target": {"features": ["H1"], "require": "every_hex"},
                 "turns": 2}}]);
}

fn h1() -> MapSpec {
    MapSpec::default().feature("H1", &["0505", "0506"])
}

#[test]
fn r_and_s_11_7_whoever_holds_the_hill_for_two_consecutive_game_turns_wins() {
    let mut g = game(&h1(), "1 MZ", "2 MZ", hold_h1_for_two);
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0506")],
        &[("Blue MZ 1", "0101")],
    );
    let outcome = g.play_out();
    assert_eq!(g.s.turn, 2);
    assert_eq!(
        outcome,
        Outcome {
            winner: Some(1),
            level: None,
            reason: "Whoever holds all of H1 for any two consecutive Game-Turns wins. — Red held \
                     it for 2 consecutive game-turn(s)"
                .to_string()
        }
    );
}

#[test]
fn r_and_s_11_7_the_turns_must_be_consecutive() {
    let mut g = game(&h1(), "1 MZ", "2 MZ", hold_h1_for_two);
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0506")],
        &[("Blue MZ 1", "0101")],
    );
    // Held at the end of game-turn 1; Red leaves part of H1 in game-turn 2 and comes back
    // in game-turn 3: held at the ends of 1, 3 and 4, so Red wins at the end of 4.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    assert_eq!((g.s.turn, g.s.outcome.clone()), (2, None));
    g.to(1, Phase::Movement);
    g.mv("Red MZ 2", &["0507"]).unwrap();
    g.to(0, Phase::Fire);
    assert_eq!((g.s.turn, g.s.outcome.clone()), (3, None));
    g.to(1, Phase::Movement);
    g.mv("Red MZ 2", &["0506"]).unwrap();
    g.to(0, Phase::Fire);
    assert_eq!(
        (g.s.turn, g.s.outcome.clone()),
        (4, None),
        "one game-turn held since"
    );
    let outcome = g.play_out();
    assert_eq!((outcome.winner, g.s.turn), (Some(1), 4));
}

#[test]
fn r_and_s_11_7_nobody_holding_the_hill_is_a_draw_at_the_end() {
    let mut g = game(&h1(), "1 MZ", "1 MZ", |v| {
        hold_h1_for_two(v);
        v["game_length"] = json!(2);
    });
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0101")]);
    let outcome = g.play_out();
    assert_eq!(outcome.winner, None);
    assert!(
        outcome.reason.ends_with("not met by the end"),
        "{outcome:?}"
    );
}

// ---- exit ----

fn exit_two(v: &mut Value) {
    v["game_length"] = json!(3);
    v["victory"] = json!([{"text": "Red must exit 2 units off the east edge by the end of game-turn 1 without losing more units than Blue.",
        "rule": {"kind": "exit", "side": "red", "units": {"kind": "units", "count": 2},
                 "area": {"text": "the east edge", "hexes": ["1004", "1005", "1006"]},
                 "by_turn": 1, "no_more_losses_than_enemy": true}}]);
}

#[test]
fn r_and_s_11_9_exit_enough_units_without_heavier_losses_wins() {
    let mut g = game(&MapSpec::default(), "2 MZ", "3 MZ", exit_two);
    g.setup(
        &[
            ("Red MZ 1", "1005"),
            ("Red MZ 2", "0905"),
            ("Red MZ 3", "0505"),
        ],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0102")],
    );
    g.to(1, Phase::Movement);
    // Only from the exit area.
    let e = exit(&mut g, "Red MZ 3").unwrap_err();
    assert_eq!(
        e,
        "Scenario victory conditions: Red MZ 3 may leave the map only through its side's exit \
         area; 0505 is not in it"
    );
    let events = exit(&mut g, "Red MZ 1").unwrap();
    assert!(matches!(events[..], [Event::Exited { .. }]));
    assert_eq!(g.s.units[g.id("Red MZ 1")].location, Location::Exited);
    g.mv("Red MZ 2", &["1004"]).unwrap();
    exit(&mut g, "Red MZ 2").unwrap();
    let outcome = g.play_out();
    assert_eq!(g.s.turn, 1);
    assert_eq!(outcome.winner, Some(1));
    assert!(
        outcome.reason.ends_with("— met (2 exited; losses 0 to 0)"),
        "{outcome:?}"
    );
}

#[test]
fn r_and_s_11_9_exit_too_few_units_loses() {
    let mut g = game(&MapSpec::default(), "1 MZ", "2 MZ", exit_two);
    g.setup(
        &[("Red MZ 1", "1005"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0101")],
    );
    g.to(1, Phase::Movement);
    exit(&mut g, "Red MZ 1").unwrap();
    let outcome = g.play_out();
    assert_eq!(outcome.winner, Some(0));
    assert!(
        outcome
            .reason
            .ends_with("— not met (1 exited; losses 0 to 0)"),
        "{outcome:?}"
    );
}

#[test]
fn r_and_s_11_9_exit_with_more_losses_than_the_enemy_loses() {
    let mut g = game(&MapSpec::default(), "2 MZ", "3 MZ", exit_two);
    g.setup(
        &[
            ("Red MZ 1", "1005"),
            ("Red MZ 2", "1006"),
            ("Red MZ 3", "0505"),
        ],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    // Blue eliminates Red MZ 3: 6 against 2, 3-1, a 6 is E.
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    g.ok(Command::ResolveFire, &[6]);
    assert!(g.eliminated("Red MZ 3"));
    g.to(1, Phase::Movement);
    exit(&mut g, "Red MZ 1").unwrap();
    exit(&mut g, "Red MZ 2").unwrap();
    let outcome = g.play_out();
    assert_eq!(outcome.winner, Some(0));
    assert!(
        outcome
            .reason
            .ends_with("— not met (2 exited; losses 1 to 0)"),
        "{outcome:?}"
    );
}

#[test]
fn r_and_s_11_8_exit_a_number_of_one_unit_type() {
    // "Confederates must exit 10 MZ or more off the western edge": only MZ count.
    let mut g = game(&MapSpec::default(), "1 MZ", "1 MZ; 1 CY", |v| {
        v["game_length"] = json!(1);
        v["victory"] = json!([{"text": "Red must exit 1 MZ off the west edge.",
            "rule": {"kind": "exit", "side": "red", "units": {"kind": "units", "count": 1, "unit": "MZ"},
                     "area": {"text": "the west edge", "hexes": ["0105", "0106"]},
                     "by_turn": 1}}]);
    });
    g.setup(
        &[("Red MZ 1", "0505"), ("Red CY 1", "0105")],
        &[("Blue MZ 1", "1010")],
    );
    g.to(1, Phase::Movement);
    exit(&mut g, "Red CY 1").unwrap();
    assert_eq!(g.play_out().winner, Some(0), "a CY is not an MZ");
}

// ---- destroy all ----

fn destroy_all(v: &mut Value) {
    v["game_length"] = json!(3);
    v["victory"] = json!([{"text": "Red must destroy all Blue units: by game-turn 1 a Substantive victory, by game-turn 2 a Tactical victory; by game-turn 3 Blue wins a Marginal victory; if any Blue unit survives, Blue wins a Decisive victory.",
        "rule": {"kind": "destroy_all", "side": "red",
                 "grades": [{"by_turn": 1, "winner": "red", "level": "substantive"},
                            {"by_turn": 2, "winner": "red", "level": "tactical"},
                            {"by_turn": 3, "winner": "blue", "level": "marginal"}],
                 "otherwise": {"by_turn": 3, "winner": "blue", "level": "decisive"}}}]);
}

#[test]
fn r_and_s_11_6_destroying_the_last_enemy_unit_on_game_turn_2_is_a_tactical_victory() {
    let mut g = game(&MapSpec::default(), "1 MZ", "2 MZ", destroy_all);
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0704")],
        &[("Blue MZ 1", "0505")],
    );
    // Game-turn 2, Red's Fire Combat Phase: 6 against 2, 3-1, a 6 is E.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    g.to(1, Phase::Fire);
    assert_eq!(g.s.turn, 2);
    g.fire("Red MZ 1", "0505").unwrap();
    g.fire("Red MZ 2", "0505").unwrap();
    let events = g.ok(Command::ResolveFire, &[6]);
    assert!(g.eliminated("Blue MZ 1"));
    assert_eq!(
        g.s.phase,
        Phase::Over,
        "at once, not at the end of the turn"
    );
    let outcome = g.s.outcome.clone().unwrap();
    assert_eq!(
        (outcome.winner, outcome.level),
        (Some(1), Some(VictoryLevel::Tactical))
    );
    assert!(
        outcome
            .reason
            .ends_with("— every Blue unit destroyed on game-turn 2"),
        "{outcome:?}"
    );
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
}

#[test]
fn r_and_s_11_6_destroying_the_last_enemy_unit_on_game_turn_1_is_a_substantive_victory() {
    let mut g = game(&MapSpec::default(), "1 MZ", "2 MZ", destroy_all);
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0704")],
        &[("Blue MZ 1", "0505")],
    );
    g.to(1, Phase::Fire);
    g.fire("Red MZ 1", "0505").unwrap();
    g.fire("Red MZ 2", "0505").unwrap();
    g.ok(Command::ResolveFire, &[6]);
    let outcome = g.s.outcome.clone().unwrap();
    assert_eq!(
        (outcome.winner, outcome.level),
        (Some(1), Some(VictoryLevel::Substantive))
    );
}

#[test]
fn r_and_s_11_6_units_surviving_to_the_end_win_the_otherwise_grade() {
    let mut g = game(&MapSpec::default(), "1 MZ", "1 MZ", destroy_all);
    g.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0101")]);
    let outcome = g.play_out();
    assert_eq!(g.s.turn, 3);
    assert_eq!(
        (outcome.winner, outcome.level),
        (Some(0), Some(VictoryLevel::Decisive))
    );
    assert!(outcome.reason.ends_with("— units survive to the end"));
}

// ---- control the hill the enemy deployed on ----

fn hills() -> MapSpec {
    MapSpec::default()
        .feature("H1", &["0303"])
        .feature("H2", &["0505", "0506", "0605"])
        .feature("H3", &["0306"])
}

fn tarapaca(length: u32) -> impl Fn(&mut Value) {
    move |v| {
        let hills = json!(["0303", "0505", "0506", "0605", "0306"]);
        v["game_length"] = json!(length);
        v["deployment"] = json!([
            {"side": "red", "zone": {"text": "Red deploys on H1 or H2 or H3.", "hexes": hills},
             "constraints": [{"kind": "one_feature", "features": ["H1", "H2", "H3"]}]},
            {"side": "blue", "zone": {"text": "Blue deploys on one of the two other hills.", "hexes": hills},
             "constraints": [{"kind": "one_feature", "features": ["H1", "H2", "H3"], "not_enemys": true}]}
        ]);
        v["victory"] = json!([{"text": "Blue must control the hill Red starts out on by the end of the last game-turn.",
            "rule": {"kind": "control_deployed_hill", "side": "blue", "enemy": "red",
                     "candidates": ["H1", "H2", "H3"], "by_turn": length}}]);
    }
}

#[test]
fn r_and_s_11_14_one_feature_deployment_and_control_of_the_enemys_hill_not_met() {
    let mut g = game(&hills(), "1 MZ", "2 MZ", tarapaca(1));
    g.deploy("Red MZ 1", "0505").unwrap();
    // All of the entry's units on the same one of the features.
    let e = g.deploy("Red MZ 2", "0303").unwrap_err();
    assert_eq!(
        e,
        "Scenario deployment: the others set up on H2; all must be on the same one"
    );
    g.deploy("Red MZ 2", "0506").unwrap();
    g.ok(Command::EndDeployment, &[]);
    assert_eq!(g.s.deployed_on[1].as_deref(), Some("H2"));
    // not_enemys: Blue may not choose the hill Red is on.
    let e = g.deploy("Blue MZ 1", "0605").unwrap_err();
    assert_eq!(
        e,
        "Scenario deployment: H2 is where the enemy deployed: Blue deploys on one of the two \
         other hills."
    );
    g.deploy("Blue MZ 1", "0306").unwrap();
    g.ok(Command::EndDeployment, &[]);
    let outcome = g.play_out();
    assert_eq!(outcome.winner, Some(1));
    assert!(
        outcome.reason.ends_with("— H2 not controlled"),
        "{outcome:?}"
    );
}

#[test]
fn r_and_s_11_14_control_of_the_hill_the_enemy_deployed_on_wins() {
    let mut g = game(&hills(), "1 MZ", "1 MZ", tarapaca(2));
    g.deploy("Red MZ 1", "0303").unwrap();
    g.ok(Command::EndDeployment, &[]);
    g.deploy("Blue MZ 1", "0306").unwrap();
    g.ok(Command::EndDeployment, &[]);
    // Red abandons H1; Blue takes it on game-turn 2.
    g.to(1, Phase::Movement);
    g.mv("Red MZ 1", &["0302", "0201"]).unwrap();
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0305", "0304", "0303"]).unwrap();
    let outcome = g.play_out();
    assert_eq!(outcome.winner, Some(0));
    assert!(outcome.reason.ends_with("— H1 controlled"), "{outcome:?}");
}

// ---- deployment ----

#[test]
fn scenario_deployment_zones_are_enforced() {
    let mut g = game(&MapSpec::default(), "1 MZ", "2 MZ", |v| {
        v["deployment"][0]["zone"] = json!({"text": "Red deploys in column 09.",
            "hexes": ["0901", "0902", "0903", "0904", "0905"]});
    });
    let e = g.deploy("Red MZ 1", "0505").unwrap_err();
    assert_eq!(
        e,
        "Scenario deployment: 0505 is outside Red MZ 1's deployment zone: Red deploys in \
         column 09."
    );
    // Blue does not deploy while Red is deploying.
    let e = g.deploy("Blue MZ 1", "0101").unwrap_err();
    assert!(e.contains("whose turn it is not"), "{e}");
    g.deploy("Red MZ 1", "0903").unwrap();
    let e = g.deploy("Red MZ 1", "0904").unwrap_err();
    assert_eq!(e, "Red MZ 1 is already deployed");
    let e = g.refused(Command::EndDeployment);
    assert_eq!(e, "1 still to deploy: Red MZ 2");
    g.deploy("Red MZ 2", "0904").unwrap();
    g.ok(Command::EndDeployment, &[]);
    // No deploying into the enemy's hex.
    let e = g.deploy("Blue MZ 1", "0903").unwrap_err();
    assert_eq!(e, "R&S 7.0: 0903 holds enemy units");
    g.deploy("Blue MZ 1", "0101").unwrap();
    g.ok(Command::EndDeployment, &[]);
    assert_eq!((g.s.turn, g.s.player, g.s.phase), (1, 0, Phase::Fire));
}

#[test]
fn scenario_deployment_away_from_the_enemy() {
    // "Americans deploy anywhere 13 hexes or more away from the Spanish."
    let mut g = game(&MapSpec::default(), "2 MZ", "1 MZ", |v| {
        v["deployment"][1]["constraints"] = json!([{"kind": "away_from_enemy", "distance": 5}]);
    });
    g.deploy("Red MZ 1", "0505").unwrap();
    g.ok(Command::EndDeployment, &[]);
    let e = g.deploy("Blue MZ 1", "0509").unwrap_err();
    assert_eq!(
        e,
        "Scenario deployment: 0509 is closer than 5 hexes to Red MZ 1"
    );
    g.deploy("Blue MZ 1", "0510").unwrap();
    let e = g.deploy("Blue MZ 2", "0303").unwrap_err();
    assert!(e.starts_with("Scenario deployment"), "{e}");
    g.deploy("Blue MZ 2", "1010").unwrap();
    g.ok(Command::EndDeployment, &[]);
}

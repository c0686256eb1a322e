//! Age of Rifles victory (issue 15; AoR 18, 13, 5.6) beyond `hold` and `points`: the `exit`
//! condition, sudden death, `hold_for_turns`, `destroy_all`, `all`/`any`, `no_enemy_within`,
//! how the entries combine (docs/formats.md, "How victory entries combine"), what the report
//! says of them, and the kinds refused with their field. Each test is named for its case, on
//! the test map's scenario with open zones and VII Corps under Defend orders (so that ending
//! the segments needs no move).

use crate::common;
use common::aor::{open_zones, zone};
use kepi::engine::age_of_rifles::state::{Command, Loc, State};
use kepi::engine::dice::{FixedDice, SeededDice};
use kepi::engine::{AgeOfRifles, ConditionStatus, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const SCENARIO: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";

fn try_scenario(victory: Value, points: Value) -> Result<Scenario, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIO);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    open_zones(&mut v);
    v["sides"][0]["formations"][0]["order"] = json!("defend");
    v["victory"] = victory;
    v["victory_points"] = points;
    let file = ScenarioFile::from_text(&v.to_string()).map_err(|p| p.to_string())?;
    let map = kepi::library::load_scenario_map(&path, &file).unwrap();
    Scenario::new(
        file,
        map,
        kepi::engine::game::registry::id("age-of-rifles")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .map_err(|p| p.to_string())
}

fn scenario(victory: Value) -> Scenario {
    try_scenario(victory, json!([])).unwrap_or_else(|p| panic!("{p}"))
}

fn cmd(v: Value) -> Command {
    serde_json::from_value(v).unwrap()
}

fn play(s: &State, c: Value) -> State {
    AgeOfRifles
        .apply(s, &cmd(c.clone()), &mut FixedDice::new([]))
        .unwrap_or_else(|e| panic!("{c}: {e}"))
        .0
}

/// The west edge (column 01): an exit area.
fn west() -> Vec<String> {
    zone(1..=1, 1..=10)
}

/// The French deploy east, the Prussians with vii-13 on the west edge (0104), the rest at
/// 0305; the game is at the Prussians' Command Phase of game-turn 1.
fn deployed(sc: &Scenario) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for (piece, hex) in [
        ("ii-2", "1005"),
        ("ii-1", "1005"),
        ("ii-art", "1006"),
        ("frossard", "1005"),
        ("laveaucoupet", "1005"),
        ("-", ""),
        ("vii-13", "0104"),
        ("vii-14", "0305"),
        ("vii-art", "0305"),
        ("steinmetz", "0204"),
        ("zastrow", "0204"),
        ("-", ""),
    ] {
        s = if piece == "-" {
            play(&s, json!({"kind": "end"}))
        } else {
            play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}))
        };
    }
    s
}

/// End segments until `phase` of `side` (of this game-turn or a later one).
fn to(s: &State, phase: &str, side: usize) -> State {
    let mut s = s.clone();
    for _ in 0..40 {
        let p = AgeOfRifles.progress(&s);
        if p.phase_key == phase && p.player == side {
            return s;
        }
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(0))
            .unwrap_or_else(|e| panic!("ending {}: {e}", p.phase_key))
            .0;
    }
    panic!("never reached {phase} of side {side}");
}

/// End segments until the game-turn is over (the next one begins, or the game ends).
fn end_turn(s: &State) -> State {
    let turn = s.turn;
    let mut s = s.clone();
    while s.turn == turn && !AgeOfRifles.progress(&s).over {
        let p = AgeOfRifles.progress(&s);
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(0))
            .unwrap_or_else(|e| panic!("ending {}: {e}", p.phase_key))
            .0;
    }
    s
}

fn hold(side: &str, hexes: &[&str], turn: Option<u32>) -> Value {
    let mut r = json!({"kind": "hold", "side": side,
                       "target": {"hexes": hexes, "require": "every_hex"}});
    if let Some(t) = turn {
        r["turn"] = json!(t);
    }
    r
}

#[test]
fn aor_18_5_6_an_exit_condition_opens_its_area_and_is_met_by_units_leaving_through_it() {
    let sc = scenario(json!([{
        "text": "The Prussians win if a unit leaves by the west edge by the end of game-turn 1.",
        "rule": {"kind": "exit", "side": "prussians", "units": {"kind": "units", "count": 1},
                 "area": {"text": "the west edge", "hexes": west()}, "by_turn": 1}
    }]));
    let s = to(&deployed(&sc), "movement", 0);
    // The condition's area is where the Prussians may leave (there are no exit points).
    let exit = cmd(json!({"kind": "exit", "unit": "vii-13"}));
    assert!(AgeOfRifles.legal(&s).contains(&exit));
    let v = AgeOfRifles.victory(&s);
    assert_eq!(v[0].status, ConditionStatus::Open);
    assert!(
        v[0].detail.contains("not met if it were decided now")
            && v[0].detail.contains("0 unit(s) left the map"),
        "{}",
        v[0].detail
    );
    let s = play(&s, json!({"kind": "exit", "unit": "vii-13"}));
    let v = AgeOfRifles.victory(&s);
    assert!(
        v[0].detail.contains("met if it were decided now")
            && v[0].detail.contains("1 unit(s) left the map"),
        "{}",
        v[0].detail
    );
    // Decided at the end of game-turn 1: every entry decided, the game ends then.
    let s = end_turn(&s);
    let o = AgeOfRifles
        .outcome(&s)
        .expect("over at the end of game-turn 1");
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    assert!(
        o.reason.contains("AoR 18") && o.reason.contains("1 left the map"),
        "{}",
        o.reason
    );
    assert_eq!(s.turn, 1);
    assert_eq!(AgeOfRifles.victory(&s)[0].status, ConditionStatus::Met);
}

#[test]
fn aor_18_an_exit_not_met_by_its_game_turn_is_the_other_sides_victory() {
    let sc = scenario(json!([{
        "text": "The Prussians must move two units off by the west edge by game-turn 1.",
        "rule": {"kind": "exit", "side": "prussians", "units": {"kind": "units", "count": 2},
                 "area": {"text": "the west edge", "hexes": west()}, "by_turn": 1}
    }]));
    let s = to(&deployed(&sc), "movement", 0);
    let s = play(&s, json!({"kind": "exit", "unit": "vii-13"}));
    let s = end_turn(&s);
    let o = AgeOfRifles.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(1), "{}", o.reason);
    assert!(o.reason.contains("did not meet"), "{}", o.reason);
    assert_eq!(AgeOfRifles.victory(&s)[0].status, ConditionStatus::NotMet);
}

#[test]
fn aor_18_an_exit_counts_only_the_units_that_left_through_its_own_area() {
    // Two areas: the north edge is the condition's; the west edge only scores points.
    let north: Vec<String> = zone(2..=12, 1..=1);
    let sc = try_scenario(
        json!([{
            "text": "The Prussians win if a fifth of their units leave by the north edge.",
            "rule": {"kind": "exit", "side": "prussians", "units": {"kind": "fraction", "fraction": "1/5"},
                     "area": {"text": "the north edge", "hexes": north}, "by_turn": 1}
        }]),
        json!([{
            "text": "1 point a Prussian unit leaving by the west edge",
            "side": "prussians",
            "source": {"kind": "exited", "points": 1, "area": {"text": "the west edge", "hexes": west()}}
        }]),
    )
    .unwrap();
    let s = to(&deployed(&sc), "movement", 0);
    let s = play(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert_eq!(s.points[0], 1, "the west edge's point");
    let s = end_turn(&s);
    let o = AgeOfRifles.outcome(&s).unwrap();
    assert_eq!(
        o.winner,
        Some(1),
        "1 of 5 units left, but not through the north edge: {}",
        o.reason
    );
    assert!(o.reason.contains("0 left the map"), "{}", o.reason);
}

#[test]
fn aor_18_sudden_death_a_condition_met_before_its_game_turn_ends_the_game() {
    let sc = scenario(json!([{
        "text": "The Prussians win at once if they hold 0305 at the end of any game-turn.",
        "rule": hold("prussians", &["0305"], Some(6)),
        "level": "decisive",
        "sudden_death": true
    }]));
    let s = deployed(&sc);
    let v = AgeOfRifles.victory(&s);
    assert!(v[0].detail.contains("sudden death"), "{}", v[0].detail);
    let s = end_turn(&s);
    let o = AgeOfRifles
        .outcome(&s)
        .expect("sudden death at the end of game-turn 1");
    assert_eq!((o.winner, o.level.as_deref()), (Some(0), Some("decisive")));
    assert!(o.reason.contains("sudden death"), "{}", o.reason);
    assert_eq!(s.turn, 1);
    assert!(AgeOfRifles.legal(&s).is_empty());
    // Without sudden death it waits for its game-turn.
    let sc = scenario(json!([{
        "text": "The Prussians hold 0305 at the end of game-turn 6.",
        "rule": hold("prussians", &["0305"], Some(6)),
    }]));
    let s = end_turn(&deployed(&sc));
    assert!(AgeOfRifles.outcome(&s).is_none());
}

#[test]
fn aor_18_hold_for_turns_ends_the_game_once_held_that_many_consecutive_game_turns() {
    let sc = scenario(json!([{
        "text": "Whoever holds 0305 at the end of two consecutive game-turns wins.",
        "rule": {"kind": "hold_for_turns", "target": {"hexes": ["0305"], "require": "every_hex"},
                 "turns": 2}
    }]));
    let s = end_turn(&deployed(&sc));
    assert!(AgeOfRifles.outcome(&s).is_none());
    let v = AgeOfRifles.victory(&s);
    assert_eq!(v[0].side, None);
    assert!(
        v[0].detail.contains("Prussians has held it 1 of 2"),
        "{}",
        v[0].detail
    );
    let s = end_turn(&s);
    let o = AgeOfRifles
        .outcome(&s)
        .expect("held at the end of game-turns 1 and 2");
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    assert_eq!(s.turn, 2);
    assert!(o.reason.contains("2 consecutive"), "{}", o.reason);
}

#[test]
fn aor_18_destroy_all_ends_the_game_the_moment_the_enemy_has_no_unit_left() {
    let sc = scenario(json!([{
        "text": "The Prussians must destroy the French: decisive by game-turn 3, marginal after; otherwise the French win.",
        "rule": {"kind": "destroy_all", "side": "prussians",
                 "grades": [{"by_turn": 3, "winner": "prussians", "level": "decisive"}],
                 "otherwise": {"by_turn": 6, "winner": "french", "level": "marginal"}}
    }]));
    let mut s = to(&deployed(&sc), "movement", 0);
    // Every French unit gone (as by fire): the next command ends the game.
    for u in 0..s.units.len() {
        if s.setup().units[u].side == 1 {
            s.units[u].loc = Loc::Eliminated;
        }
    }
    let s = play(&s, json!({"kind": "end"}));
    let o = AgeOfRifles.outcome(&s).expect("no French unit left");
    assert_eq!((o.winner, o.level.as_deref()), (Some(0), Some("decisive")));
    assert!(o.reason.contains("no French unit left"), "{}", o.reason);
    assert_eq!(AgeOfRifles.victory(&s)[0].status, ConditionStatus::Met);
}

#[test]
fn aor_18_destroy_all_not_met_gives_its_otherwise_at_the_end() {
    let sc = scenario(json!([{
        "text": "The Prussians must destroy the French.",
        "rule": {"kind": "destroy_all", "side": "prussians", "grades": [],
                 "otherwise": {"by_turn": 6, "winner": "french", "level": "marginal"}}
    }]));
    let mut s = deployed(&sc);
    for _ in 0..6 {
        s = end_turn(&s);
    }
    let o = AgeOfRifles.outcome(&s).unwrap();
    assert_eq!((o.winner, o.level.as_deref()), (Some(1), Some("marginal")));
}

#[test]
fn aor_18_any_is_met_by_one_part_and_all_waits_for_its_parts_own_game_turns() {
    // `any`: one part met at the end of game-turn 1 decides it; the game ends then.
    let sc = scenario(json!([{
        "text": "The Prussians hold 0305 at game-turn 1 or 1005 at game-turn 2.",
        "rule": {"kind": "any", "side": "prussians",
                 "of": [hold("prussians", &["0305"], Some(1)), hold("prussians", &["1005"], Some(2))]}
    }]));
    let s = end_turn(&deployed(&sc));
    let o = AgeOfRifles.outcome(&s).expect("decided by its first part");
    assert_eq!(o.winner, Some(0));
    assert!(o.reason.contains("part 1: met"), "{}", o.reason);
    // `all`: the first part met at game-turn 1 is kept; the second fails at game-turn 2.
    let sc = scenario(json!([{
        "text": "The Prussians hold 0305 at game-turn 1 and 1005 at game-turn 2.",
        "rule": {"kind": "all", "side": "prussians",
                 "of": [hold("prussians", &["0305"], Some(1)), hold("prussians", &["1005"], Some(2))]}
    }]));
    let s = end_turn(&deployed(&sc));
    assert!(AgeOfRifles.outcome(&s).is_none());
    assert_eq!(s.parts.get("0.0"), Some(&true));
    let s = end_turn(&s);
    let o = AgeOfRifles.outcome(&s).expect("decided at game-turn 2");
    assert_eq!(o.winner, Some(1), "{}", o.reason);
}

#[test]
fn aor_18_hold_with_no_enemy_within_fails_when_an_enemy_unit_is_that_close() {
    let entry = |n: u32| {
        let mut r = hold("prussians", &["0305"], Some(1));
        r["no_enemy_within"] = json!(n);
        json!([{"text": "The Prussians hold 0305 with no French unit near.", "rule": r}])
    };
    // The nearest French units are at 1005 and 1006, seven columns east of 0305.
    let s = end_turn(&deployed(&scenario(entry(3))));
    assert_eq!(AgeOfRifles.outcome(&s).unwrap().winner, Some(0));
    let s = end_turn(&deployed(&scenario(entry(8))));
    assert_eq!(AgeOfRifles.outcome(&s).unwrap().winner, Some(1));
}

#[test]
fn aor_18_both_sides_meeting_conditions_the_higher_level_wins() {
    let sc = scenario(json!([
        {"text": "Prussians hold 0305.", "rule": hold("prussians", &["0305"], Some(1)),
         "level": "marginal"},
        {"text": "French hold 1005.", "rule": hold("french", &["1005"], Some(1)),
         "level": "substantive"}
    ]));
    let s = end_turn(&deployed(&sc));
    let o = AgeOfRifles.outcome(&s).unwrap();
    assert_eq!(
        (o.winner, o.level.as_deref()),
        (Some(1), Some("substantive"))
    );
    // The same level on both sides is a draw.
    let sc = scenario(json!([
        {"text": "Prussians hold 0305.", "rule": hold("prussians", &["0305"], Some(1))},
        {"text": "French hold 1005.", "rule": hold("french", &["1005"], Some(1))}
    ]));
    let o = AgeOfRifles.outcome(&end_turn(&deployed(&sc))).unwrap();
    assert_eq!(o.winner, None);
    assert!(o.reason.contains("a draw"), "{}", o.reason);
}

#[test]
fn aor_18_what_age_of_rifles_cannot_decide_is_refused_by_field_all_at_once() {
    let e = try_scenario(
        json!([
            {"text": "hill", "rule": {"kind": "control_deployed_hill", "side": "prussians",
                                      "enemy": "french", "candidates": [], "by_turn": 2}},
            {"text": "by code", "rule": {"kind": "exit", "side": "prussians",
                "units": {"kind": "units", "count": 1, "unit": "MZ"},
                "area": {"text": "west", "hexes": west()}, "by_turn": 2}},
            {"text": "in parts", "rule": {"kind": "any", "side": "prussians", "of": [
                {"kind": "exit", "side": "prussians", "units": {"kind": "all", "extra": "limber_marker"},
                 "area": {"text": "west", "hexes": west()}, "by_turn": 2}]}}
        ]),
        json!([]),
    )
    .unwrap_err();
    for want in [
        "victory[0].rule",
        "control_deployed_hill",
        "victory[1].rule.units.unit",
        "no unit codes",
        "victory[2].rule.of[0].units.extra",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
    assert!(!e.contains("unknown unit"), "{e}");
}

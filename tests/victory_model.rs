//! The victory model of the scenario format (docs/formats.md, "How victory entries combine"):
//! every entry counts, whatever its place in the list; levels, all/any, victory points, sudden
//! death and draws; and the conditions the format refuses rather than leave unevaluated.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::state::Phase;
use kepi::engine::rifle_and_saber::tables::Tables;
use kepi::map::Map;
use kepi::scenario::rules::VictoryLevel;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};

fn hold(side: &str, hexes: &[&str]) -> Value {
    json!({"kind": "hold", "side": side, "target": {"hexes": hexes, "require": "every_hex"}})
}

fn entry(text: &str, rule: Value) -> Value {
    json!({"text": text, "rule": rule})
}

/// A game of `length` game-turns with these victory entries (and `extra` fields), Blue with
/// two MZ, Red with one, deployed at once.
fn game(
    length: u32,
    victory: Value,
    extra: Value,
    red: &[(&str, &str)],
    blue: &[(&str, &str)],
) -> Game {
    let mut g = Game::with(
        &MapSpec::default(),
        "2 MZ",
        "2 MZ",
        GameOptions::default(),
        |v| {
            v["game_length"] = json!(length);
            v["victory"] = victory.clone();
            if let Value::Object(m) = &extra {
                for (k, x) in m {
                    v[k] = x.clone();
                }
            }
        },
    );
    g.setup(red, blue);
    g
}

/// Where units set up: (label, hex).
type Placed<'a> = &'a [(&'a str, &'a str)];

/// The example: [Union holds 0101 and 0303, Confederates hold 0101]. Every entry
/// counts: the order of the entries does not change any result.
#[test]
fn every_entry_counts_whatever_its_place() {
    let blue = entry("Blue holds 0101 and 0303.", hold("blue", &["0101", "0303"]));
    let red = entry("Red holds 0101.", hold("red", &["0101"]));
    let cases: [(Placed, Placed, Option<usize>); 3] = [
        // Blue holds both: Blue's entry met, Red's failed.
        (
            &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
            &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0303")],
            Some(0),
        ),
        // Red holds 0101: Red's met, Blue's failed.
        (
            &[("Red MZ 1", "0101"), ("Red MZ 2", "1009")],
            &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0505")],
            Some(1),
        ),
        // Nobody holds 0101: both sides failed, a draw.
        (
            &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
            &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0505")],
            None,
        ),
    ];
    for (red_at, blue_at, winner) in cases {
        for victory in [
            json!([blue.clone(), red.clone()]),
            json!([red.clone(), blue.clone()]),
        ] {
            let mut g = game(1, victory.clone(), json!({}), red_at, blue_at);
            let o = g.play_out();
            assert_eq!(o.winner, winner, "{victory}: {}", o.reason);
        }
    }
    // The draw says why: both entries, each with its result.
    let mut g = game(
        1,
        json!([blue, red]),
        json!({}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0505")],
    );
    assert_eq!(
        g.play_out().reason,
        "a draw: Blue holds 0101 and 0303. — not met at the end of game-turn 1; \
         Red holds 0101. — not met at the end of game-turn 1"
    );
}

/// Levels: the highest level awarded wins; the same level to both sides is a draw.
#[test]
fn the_highest_level_awarded_wins() {
    let mut decisive = entry("Blue holds 0101: decisive.", hold("blue", &["0101"]));
    decisive["level"] = json!("decisive");
    let mut marginal = entry("Blue holds 0303: marginal.", hold("blue", &["0303"]));
    marginal["level"] = json!("marginal");
    let mut red = entry("Red holds 0505: substantive.", hold("red", &["0505"]));
    red["level"] = json!("substantive");
    let victory = json!([marginal, red, decisive]);

    let mut g = game(
        1,
        victory.clone(),
        json!({}),
        &[("Red MZ 1", "0505"), ("Red MZ 2", "1010")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(
        (o.winner, o.level),
        (Some(0), Some(VictoryLevel::Decisive)),
        "{}",
        o.reason
    );
    assert_eq!(
        o.reason,
        "Blue holds 0101: decisive. — met at the end of game-turn 1"
    );

    let mut g = game(
        1,
        victory.clone(),
        json!({}),
        &[("Red MZ 1", "0505"), ("Red MZ 2", "1010")],
        &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(
        (o.winner, o.level),
        (Some(1), Some(VictoryLevel::Substantive)),
        "{}",
        o.reason
    );

    let mut same = entry("Red holds 0505: decisive.", hold("red", &["0505"]));
    same["level"] = json!("decisive");
    let mut decisive = entry("Blue holds 0101: decisive.", hold("blue", &["0101"]));
    decisive["level"] = json!("decisive");
    let mut g = game(
        1,
        json!([decisive, same]),
        json!({}),
        &[("Red MZ 1", "0505"), ("Red MZ 2", "1010")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(o.winner, None, "{}", o.reason);
    assert!(o.reason.starts_with("a draw: "), "{}", o.reason);
}

/// all/any: parts are decided at their own game-turns; the game ends when every entry is
/// decided.
#[test]
fn all_and_any_combine_parts_decided_at_their_own_game_turns() {
    let mut early = hold("blue", &["0101"]);
    early["turn"] = json!(1);
    let late = hold("blue", &["0303"]);
    let all = entry(
        "Blue holds 0101 on turn 1 and 0303 at the end.",
        json!({"kind": "all", "side": "blue", "of": [early, late]}),
    );
    // Blue holds 0101 through turn 1 but never 0303: not met at the end of game-turn 3.
    let mut g = game(
        3,
        json!([all.clone()]),
        json!({}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0505")],
    );
    let o = g.play_out();
    assert_eq!((o.winner, g.s.turn), (Some(1), 3), "{}", o.reason);
    assert_eq!(
        o.reason,
        "Blue holds 0101 on turn 1 and 0303 at the end. — not met (part 1: met at the end of \
         game-turn 1; part 2: not met at the end of game-turn 3)"
    );
    // Both held: met.
    let mut g = game(
        3,
        json!([all]),
        json!({}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0303")],
    );
    assert_eq!(g.play_out().winner, Some(0));

    // any: met by its first part at the end of game-turn 1, which ends a game of one entry.
    let mut early = hold("blue", &["0101"]);
    early["turn"] = json!(1);
    let any = entry(
        "Blue holds 0101 on turn 1 or 0303 at the end.",
        json!({"kind": "any", "side": "blue", "of": [early, hold("blue", &["0303"])]}),
    );
    let mut g = game(
        3,
        json!([any]),
        json!({}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0505")],
    );
    let o = g.play_out();
    assert_eq!((o.winner, g.s.turn), (Some(0), 1), "{}", o.reason);
}

/// Victory points: holds at the end of each game-turn and enemy units eliminated score; a
/// points condition compares them with its threshold, or with `margin` the difference.
#[test]
fn victory_points_score_holds_each_turn_and_compare_with_the_threshold() {
    let points = json!([
        {"text": "Blue scores 1 for 0101 at the end of each game-turn.", "side": "blue",
         "source": {"kind": "hold", "target": {"hexes": ["0101"], "require": "every_hex"}, "points": 1, "each_turn": true}},
        {"text": "Red scores 2 for 0505 at the end of the game.", "side": "red",
         "source": {"kind": "hold", "target": {"hexes": ["0505"], "require": "every_hex"}, "points": 2}},
        {"text": "Red scores 5 per Blue unit eliminated.", "side": "red",
         "source": {"kind": "eliminated", "points": 5}}
    ]);
    let three = entry(
        "Blue scores 3 or more.",
        json!({"kind": "points", "side": "blue", "at_least": 3}),
    );
    let mut g = game(
        3,
        json!([three]),
        json!({"victory_points": points.clone()}),
        &[("Red MZ 1", "0505"), ("Red MZ 2", "1010")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    assert_eq!(
        o.reason,
        "Blue scores 3 or more. — met at the end of game-turn 3: 3 victory points to 2, 3 needed"
    );
    // With margin: Blue 3, Red 2: ahead by 1, 2 needed: not met, Red wins.
    let ahead = entry(
        "Blue leads by 2.",
        json!({"kind": "points", "side": "blue", "at_least": 2, "margin": true}),
    );
    let mut g = game(
        3,
        json!([ahead]),
        json!({"victory_points": points}),
        &[("Red MZ 1", "0505"), ("Red MZ 2", "1010")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(o.winner, Some(1), "{}", o.reason);
    assert_eq!(
        g.s.points,
        [3, 0],
        "scored each turn; end-of-game holds count when decided"
    );
}

/// Sudden death: met at the end of any game-turn before its own, the entry ends the game.
#[test]
fn a_sudden_death_entry_ends_the_game_when_met() {
    let points = json!([
        {"text": "Blue scores 1 for 0101 each game-turn.", "side": "blue",
         "source": {"kind": "hold", "target": {"hexes": ["0101"], "require": "every_hex"}, "points": 1, "each_turn": true}}
    ]);
    let mut sudden = entry(
        "Blue wins at once with 2 points.",
        json!({"kind": "points", "side": "blue", "at_least": 2}),
    );
    sudden["sudden_death"] = json!(true);
    sudden["level"] = json!("decisive");
    let mut g = game(
        10,
        json!([sudden, entry("Red holds 1010.", hold("red", &["1010"]))]),
        json!({"victory_points": points}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let o = g.play_out();
    assert_eq!(
        (o.winner, o.level, g.s.turn),
        (Some(0), Some(VictoryLevel::Decisive), 2),
        "{}",
        o.reason
    );
    assert_eq!(
        o.reason,
        "Blue wins at once with 2 points. — met at the end of game-turn 2: 2 victory points to 0, \
         2 needed (sudden death)"
    );
}

fn validate(victory: Value, extra: Value) -> String {
    let spec = MapSpec::default();
    let mj = map_json(&spec);
    let map = Map::from_text(&mj.to_string()).unwrap();
    let mut sj = scenario_json(&map, "1 MZ", "1 MZ", 5);
    sj["victory"] = victory;
    if let Value::Object(m) = extra {
        for (k, x) in m {
            sj[k] = x;
        }
    }
    let file = ScenarioFile::from_text(&sj.to_string()).unwrap();
    match Scenario::new(file, map, Tables::embedded().catalog.clone()) {
        Ok(_) => String::new(),
        Err(p) => p.to_string(),
    }
}

/// What the model will not evaluate is refused, by field.
#[test]
fn conditions_the_model_cannot_evaluate_are_refused_by_field() {
    let destroy = json!({"kind": "destroy_all", "side": "blue", "grades": [],
                         "otherwise": {"by_turn": 5, "winner": "red", "level": "marginal"}});
    let err = validate(
        json!([entry(
            "x",
            json!({"kind": "all", "side": "blue", "of": [destroy.clone()]})
        )]),
        json!({}),
    );
    assert!(
        err.contains("victory[0].rule.of[0]: destroy_all cannot be a part of all/any"),
        "{err}"
    );

    let err = validate(
        json!([entry(
            "x",
            json!({"kind": "any", "side": "blue", "of": [hold("red", &["0101"])]})
        )]),
        json!({}),
    );
    assert!(
        err.contains(
            "victory[0].rule.of[0].side: a part of blue's condition must be blue's too, not red's"
        ),
        "{err}"
    );

    let err = validate(
        json!([entry("x", json!({"kind": "all", "side": "blue", "of": []}))]),
        json!({}),
    );
    assert!(
        err.contains("victory[0].rule.of: combines no condition"),
        "{err}"
    );

    let err = validate(
        json!([entry(
            "x",
            json!({"kind": "points", "side": "blue", "at_least": 1})
        )]),
        json!({}),
    );
    assert!(
        err.contains("victory[0].rule: blue scores no victory points: add victory_points for it"),
        "{err}"
    );

    let mut e = entry("x", destroy);
    e["sudden_death"] = json!(true);
    e["level"] = json!("decisive");
    let err = validate(json!([e]), json!({}));
    assert!(
        err.contains(
            "victory[0].sudden_death: destroy_all and hold_for_turns end the game when met already"
        ),
        "{err}"
    );
    assert!(
        err.contains("victory[0].level: destroy_all gives its levels in its grades"),
        "{err}"
    );

    let err = validate(
        json!([entry("x", hold("blue", &["0101"]))]),
        json!({"victory_points": [{"text": "y", "side": "green", "source": {"kind": "eliminated", "points": 1}}]}),
    );
    assert!(
        err.contains("victory_points[0].side: no side 'green'"),
        "{err}"
    );
}

/// The state of every entry, for the play view's victory panel and `kepi state`: decided
/// entries with how, open ones with when they are decided and whether they would be met now.
#[test]
fn each_condition_says_where_it_stands() {
    use kepi::engine::ConditionStatus::{Met, Open};
    use kepi::engine::rifle_and_saber::victory::conditions;
    let mut early = hold("blue", &["0101"]);
    early["turn"] = json!(1);
    let mut first = entry("Blue holds 0101 on turn 1.", early);
    first["level"] = json!("marginal");
    let victory = json!([first, entry("Red holds 1010.", hold("red", &["1010"]))]);
    let mut g = game(
        3,
        victory,
        json!({}),
        &[("Red MZ 1", "1010"), ("Red MZ 2", "1009")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0909")],
    );
    let now = conditions(&g.s);
    assert_eq!((now[0].status, now[1].status), (Open, Open));
    assert_eq!(
        now[1].detail,
        "decided at the end of game-turn 3; met if it were decided now"
    );
    assert_eq!(now[0].level.as_deref(), Some("marginal"));
    assert_eq!((now[0].side, now[1].side), (Some(0), Some(1)));
    // After game-turn 1 the first is decided and kept; the second still open.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    let now = conditions(&g.s);
    assert_eq!((now[0].status, now[1].status), (Met, Open));
    assert_eq!(now[0].detail, "met at the end of game-turn 1");
    // At the end: Blue marginal (met) against Red's unqualified (met): Blue wins.
    let o = g.play_out();
    assert_eq!(
        (o.winner, o.level),
        (Some(0), Some(VictoryLevel::Marginal)),
        "{}",
        o.reason
    );
    let end = conditions(&g.s);
    assert_eq!((end[0].status, end[1].status), (Met, Met));
}

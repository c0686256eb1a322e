//! Age of Rifles' standard computer level (issue 18, `src/engine/age_of_rifles/ai/`): every
//! command it gives is one the legal list offers, over seeded games of the shipped scenario
//! and the test scenario; the same seed gives the same game; it beats random play on both
//! sides of Gettysburg in these seeded games; and puzzles on small positions built here (as
//! tests/common/aor.rs builds them): it takes an undefended objective in reach; it does not
//! assault at hopeless odds (with its control: it does assault at good odds, and says so with
//! the expected hits); it marches a far formation up and gives Attack orders next to a
//! beatable enemy (AoR 12.2, 12.4); it leaves a hex three enemy units can reach, but not the
//! objective it must hold at the end of the last game-turn (each the other's control); it
//! exits by the road when that wins (with a control that does not, and loses); it does not
//! walk along an enemy line under its passing fire (AoR 7.12; the control, without the
//! passing-fire term, does); it garrisons an empty fort on the objective and does not assault
//! a fort at hopeless odds (AoR 10.1; each with its control). The strong level solves the
//! same puzzles, and its commands are legal, explained and repeatable.

use crate::common;
use common::aor::{CHARGE_FRENCH, CHARGE_PRUSSIANS, to, zone};
use kepi::engine::Player;
use kepi::engine::age_of_rifles::ai::maps::cover;
use kepi::engine::age_of_rifles::ai::{Standard, Weights};
use kepi::engine::age_of_rifles::legal::{RandomPlayer, legal};
use kepi::engine::age_of_rifles::section::Order;
use kepi::engine::age_of_rifles::state::{Command, Loc, State};
use kepi::engine::dice::{FixedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::library::load_scenario;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const GETTYSBURG: &str = "scenarios/aor-gettysburg-first-day.json";
const FIXTURE: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped() -> Scenario {
    load_scenario(&root().join(GETTYSBURG)).expect("the shipped scenario loads")
}

fn fixture(edit: impl Fn(&mut Value)) -> Scenario {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(FIXTURE)).unwrap()).unwrap();
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let map = kepi::library::load_scenario_map(&root().join(FIXTURE), &file).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    Scenario::new(file, map, catalog).unwrap_or_else(|p| panic!("{p}"))
}

/// How a checked game went: the commands given, the final state's hash and the winner.
struct Game {
    commands: Vec<Command>,
    hash: String,
    winner: Option<usize>,
}

/// A game with dice from `seed`, side `i` played by the standard level when `standard[i]`,
/// else at random; every command the standard level gives is checked against the legal list
/// of the state it was given in.
fn play_checked(sc: &Scenario, seed: u64, standard: [bool; 2]) -> Game {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    let mut players: Vec<Box<dyn Player<AgeOfRifles>>> = (0..2)
        .map(|i| -> Box<dyn Player<AgeOfRifles>> {
            if standard[i] {
                Box::new(Standard::new(seed * 10 + i as u64))
            } else {
                Box::new(RandomPlayer::new(seed * 10 + 5 + i as u64))
            }
        })
        .collect();
    let mut dice = SeededDice::new(seed);
    let mut commands = Vec::new();
    while !AgeOfRifles.progress(&s).over {
        assert!(commands.len() < 50_000, "seed {seed}: no end");
        let side = AgeOfRifles.progress(&s).player;
        let c = players[side].next(&s);
        if standard[side] {
            assert!(
                listed(&s, &c),
                "seed {seed}: the standard level gave {c:?}, not a legal command in game-turn {} \
                 {}",
                s.turn,
                AgeOfRifles.progress(&s).phase
            );
        }
        s = AgeOfRifles
            .apply(&s, &c, &mut dice)
            .unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"))
            .0;
        commands.push(c);
    }
    Game {
        commands,
        hash: AgeOfRifles.state_hash(&s),
        winner: s.outcome.as_ref().and_then(|o| o.winner),
    }
}

#[test]
fn every_command_is_legal_and_standard_beats_random_on_both_sides_of_gettysburg() {
    let sc = shipped();
    let mut won = [0, 0];
    for seed in 1..=3 {
        for (side, wins) in won.iter_mut().enumerate() {
            let g = play_checked(&sc, seed, [side == 0, side == 1]);
            if g.winner == Some(side) {
                *wins += 1;
            }
        }
    }
    // The full measure (100 games a side) is in docs/ai.md; these seeded games are won.
    assert_eq!(
        won,
        [3, 3],
        "standard's wins as the Union, as the Confederates, of 3"
    );
    // Standard against standard plays to the end with legal commands too.
    play_checked(&sc, 4, [true, true]);
}

#[test]
fn every_command_is_legal_on_the_test_scenario_with_its_cavalry() {
    let sc = fixture(|_| {});
    for seed in 1..=3 {
        play_checked(&sc, seed, [true, true]);
        play_checked(&sc, seed, [seed % 2 == 0, seed % 2 == 1]);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let sc = shipped();
    let a = play_checked(&sc, 7, [true, false]);
    let b = play_checked(&sc, 7, [true, false]);
    assert_eq!(a.commands, b.commands);
    assert_eq!(a.hash, b.hash);
}

/// Whether `c` is in the legal list of `s`: a move through waypoints (AoR 5, `via`) is listed
/// by its unit and destination (the list names each destination once, by its default path);
/// the engine's `apply` then checks the waypoints.
fn listed(s: &State, c: &Command) -> bool {
    let bare = match c {
        Command::Move { unit, to, .. } => Command::Move {
            unit: unit.clone(),
            to: to.clone(),
            via: Vec::new(),
        },
        c => c.clone(),
    };
    legal(s).contains(&bare)
}

fn play(s: &State, c: Value) -> State {
    let cmd: Command = serde_json::from_value(c.clone()).unwrap();
    AgeOfRifles
        .apply(s, &cmd, &mut FixedDice::new([]))
        .unwrap_or_else(|e| panic!("{c}: {e}"))
        .0
}

/// The test scenario with the Prussians deploying in columns 1-6 and the French in 7-12,
/// VII Corps under Defend orders (nothing obliges it to move or attack, AoR 12.2); the pieces
/// deployed where given (the French first), then on to `phase` of the Prussians.
fn position(french: &[(&str, &str)], prussians: &[(&str, &str)], phase: &str) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(zone(1..=6, 1..=10));
        v["deployment"][1]["zone"]["hexes"] = json!(zone(7..=12, 1..=10));
        v["sides"][0]["formations"][0]["order"] = json!("defend");
    });
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    for (piece, hex) in french {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    for (piece, hex) in prussians {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    to(&s, phase, 0)
}

/// The standard level's commands until the phase or side to act changes.
fn segment(s: &State, seed: u64) -> (State, Vec<(Command, String)>) {
    let mut p = Standard::new(seed);
    let mut s = s.clone();
    let start = AgeOfRifles.progress(&s);
    let mut out = Vec::new();
    let mut dice = SeededDice::new(seed);
    for _ in 0..50 {
        let now = AgeOfRifles.progress(&s);
        if now.phase_key != start.phase_key || now.player != start.player {
            break;
        }
        let (c, why) = p.decide(&s);
        assert!(listed(&s, &c), "{c:?} is not legal");
        let words = why
            .iter()
            .map(|r| r.words.clone())
            .collect::<Vec<_>>()
            .join("; ");
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
        let end = c == Command::End;
        out.push((c, words));
        if end {
            break;
        }
    }
    (s, out)
}

const FAR_FRENCH: [(&str, &str); 5] = [
    ("ii-1", "1209"),
    ("ii-2", "1210"),
    ("ii-art", "1109"),
    ("frossard", "1209"),
    ("laveaucoupet", "1209"),
];

#[test]
fn puzzle_takes_an_undefended_objective_in_reach() {
    // The Crossroads (0704, 0705: the Prussians' `hold` condition, every hex) is two hexes
    // from the 13th Division; the French are far to the east.
    let prussians = [
        ("vii-13", "0504"),
        ("vii-14", "0505"),
        ("vii-art", "0405"),
        ("steinmetz", "0404"),
        ("zastrow", "0504"),
    ];
    for seed in 1..=5 {
        let s = position(&FAR_FRENCH, &prussians, "movement");
        let (after, said) = segment(&s, seed);
        let setup = after.setup();
        let crossroads: Vec<u16> = ["0704", "0705"]
            .iter()
            .map(|h| setup.parse(h).unwrap())
            .collect();
        let on: Vec<&str> = (0..after.units.len())
            .filter(|&u| setup.units[u].side == 0)
            .filter(|&u| matches!(after.units[u].loc, Loc::At(h) if crossroads.contains(&h)))
            .map(|u| setup.units[u].id.as_str())
            .collect();
        assert!(
            !on.is_empty(),
            "seed {seed}: no unit took the Crossroads: {said:?}"
        );
        assert!(
            crossroads.iter().all(|&h| after.occupied[h as usize] == 1),
            "seed {seed}: the Prussians hold every hex of the Crossroads (AoR 18 occupation)"
        );
        assert!(
            said.iter().any(|(_, w)| w.contains("takes Crossroads")),
            "seed {seed}: {said:?}"
        );
    }
}

#[test]
fn puzzle_does_not_assault_at_hopeless_odds_but_does_at_good_odds() {
    // Hopeless: the 13th Division (6) alone next to both French brigades in the town of the
    // Crossroads (5 + 5, one with repeaters: +50 % against rifles, AoR 7.6).
    let french = [
        ("ii-1", "0704"),
        ("ii-2", "0704"),
        ("ii-art", "1109"),
        ("frossard", "1209"),
        ("laveaucoupet", "0704"),
    ];
    let prussians = [
        ("vii-13", "0604"),
        ("vii-14", "0110"),
        ("vii-art", "0109"),
        ("steinmetz", "0209"),
        ("zastrow", "0504"),
    ];
    // Good odds: both Prussian divisions (6 + 6) next to the French artillery (3) alone in
    // the open.
    let french_good = [
        ("ii-1", "1209"),
        ("ii-2", "1210"),
        ("ii-art", "0703"),
        ("frossard", "1209"),
        ("laveaucoupet", "1209"),
    ];
    let prussians_good = [
        ("vii-13", "0603"),
        ("vii-14", "0603"),
        ("vii-art", "0109"),
        ("steinmetz", "0209"),
        ("zastrow", "0603"),
    ];
    for seed in 1..=5 {
        let s = position(&french, &prussians, "combat");
        assert!(
            legal(&s)
                .iter()
                .any(|c| matches!(c, Command::Assault { .. })),
            "the assault is offered"
        );
        let (_, said) = segment(&s, seed);
        assert_eq!(said[0].0, Command::End, "seed {seed}: {said:?}");

        let s = position(&french_good, &prussians_good, "combat");
        let (_, said) = segment(&s, seed);
        match &said[0] {
            (Command::Assault { target, .. }, words) => {
                assert_eq!(target, "0703");
                assert!(
                    words.starts_with("assault 0703: 12 vs ") && words.contains("expected"),
                    "seed {seed}: {words}"
                );
            }
            other => panic!("seed {seed}: no assault at good odds: {other:?}"),
        }
    }
}

#[test]
fn puzzle_orders_march_a_far_formation_up_and_attack_a_beatable_enemy() {
    // VII Corps (Defend orders) in the south-west corner, six hexes and more from the
    // Crossroads, no enemy within four hexes: a March order towards it (AoR 12.2), complied
    // with now (12.4: March 3 less half of ratings 2 + 3, Steinmetz with Zastrow).
    let far = [
        ("vii-13", "0110"),
        ("vii-14", "0210"),
        ("vii-art", "0109"),
        ("steinmetz", "0110"),
        ("zastrow", "0110"),
    ];
    // The same corps (16 strength) next to the French artillery (3) alone: an Attack order.
    let near_french = [
        ("ii-1", "1209"),
        ("ii-2", "1210"),
        ("ii-art", "0703"),
        ("frossard", "1209"),
        ("laveaucoupet", "1209"),
    ];
    let near = [
        ("vii-13", "0603"),
        ("vii-14", "0603"),
        ("vii-art", "0503"),
        ("steinmetz", "0503"),
        ("zastrow", "0603"),
    ];
    for seed in 1..=3 {
        let s = position(&FAR_FRENCH, &far, "command");
        let (_, said) = segment(&s, seed);
        match &said[0] {
            (
                Command::SendOrder {
                    formation,
                    order,
                    march_to: Some(to),
                    ..
                },
                words,
            ) => {
                assert_eq!((formation.as_str(), *order), ("vii", Order::March));
                assert!(["0704", "0705"].contains(&to.as_str()), "{to}");
                assert!(
                    words.contains("March to") && words.contains("complied with now"),
                    "{words}"
                );
            }
            other => panic!("seed {seed}: no March order: {other:?}"),
        }
        let s = position(&near_french, &near, "command");
        let (_, said) = segment(&s, seed);
        match &said[0] {
            (
                Command::SendOrder {
                    formation, order, ..
                },
                words,
            ) => {
                assert_eq!((formation.as_str(), *order), ("vii", Order::Attack));
                assert!(words.contains("Attack: 16 strength near"), "{words}");
            }
            other => panic!("seed {seed}: no Attack order: {other:?}"),
        }
    }
}

/// A player of `level` ("standard", "strong") seeded with `seed`, as the app and `kepi
/// autoplay` make it.
fn level(name: &str, seed: u64) -> Box<dyn Player<AgeOfRifles>> {
    AgeOfRifles
        .computer_player(name, seed)
        .unwrap_or_else(|| panic!("Age of Rifles has a '{name}' level"))
}

/// The test scenario after `edit`, deployed as given on open zones (the French first, then
/// the Prussians), VII Corps under Defend orders (free to stay, to leave and to exit, AoR
/// 12.2, 5.6), then on to `phase` of the Prussians in game-turn 1.
fn puzzle(
    edit: impl Fn(&mut Value),
    french: &[(&str, &str)],
    prussians: &[(&str, &str)],
    phase: &str,
) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["deployment"][1]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["sides"][0]["formations"][0]["order"] = json!("defend");
        edit(v);
    });
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    for (piece, hex) in french {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    for (piece, hex) in prussians {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    to(&s, phase, 0)
}

/// `player`'s commands for the Prussians until the phase or side to act changes, each checked
/// against the legal list, with the words that chose it.
fn segment_by(
    s: &State,
    player: &mut dyn Player<AgeOfRifles>,
    seed: u64,
) -> (State, Vec<(Command, String)>) {
    let mut s = s.clone();
    let start = AgeOfRifles.progress(&s);
    let mut out = Vec::new();
    let mut dice = SeededDice::new(seed);
    for _ in 0..50 {
        let now = AgeOfRifles.progress(&s);
        if now.phase_key != start.phase_key || now.player != start.player {
            break;
        }
        let (c, why) = player.choose(&s);
        assert!(listed(&s, &c), "{c:?} is not legal");
        let words = why
            .iter()
            .map(|r| r.words.clone())
            .collect::<Vec<_>>()
            .join("; ");
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
        let end = c == Command::End;
        out.push((c, words));
        if end {
            break;
        }
    }
    (s, out)
}

/// The game played out from `s`: the Prussians by `prussians`, the French by the standard
/// level; the final state and the Prussians' commands with their words.
fn play_out(
    s: &State,
    prussians: &mut dyn Player<AgeOfRifles>,
    seed: u64,
) -> (State, Vec<(Command, String)>) {
    let mut french = Standard::new(seed + 100);
    let mut dice = SeededDice::new(seed);
    let mut s = s.clone();
    let mut said = Vec::new();
    for _ in 0..5_000 {
        if AgeOfRifles.progress(&s).over {
            return (s, said);
        }
        let (c, why) = if s.player == 0 {
            prussians.choose(&s)
        } else {
            french.decide(&s)
        };
        assert!(listed(&s, &c), "{c:?} is not legal");
        if s.player == 0 {
            let words = why.iter().map(|r| r.words.clone()).collect::<Vec<_>>();
            said.push((c.clone(), words.join("; ")));
        }
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
    }
    panic!("the game did not end");
}

/// Three French units (both brigades, 5 each, and the artillery, 3) two hexes east of the 13th
/// Division at 0605, in the open; the rest of VII Corps to the west, within command range of
/// Zastrow (0406, AoR 12.1).
const THREE_FRENCH: [(&str, &str); 5] = [
    ("ii-1", "0805"),
    ("ii-2", "0806"),
    ("ii-art", "0804"),
    ("frossard", "1002"),
    ("laveaucoupet", "0805"),
];
const ALONE_AT_0605: [(&str, &str); 5] = [
    ("vii-13", "0605"),
    ("vii-14", "0207"),
    ("vii-art", "0208"),
    ("steinmetz", "0308"),
    ("zastrow", "0406"),
];

/// How many French units can reach a hex next to `at` in their next move and so assault it
/// (AoR 7.3): infantry within its movement (4) + 1, artillery within 3 + 1, on the map's hex
/// distance (a bound: terrain only slows them).
fn french_within_reach(s: &State, at: &str) -> usize {
    let setup = s.setup();
    let h = setup.parse(at).unwrap();
    (0..s.units.len())
        .filter(|&u| setup.units[u].side == 1)
        .filter(|&u| match s.units[u].loc {
            Loc::At(e) => setup.distance(e, h) <= setup.units[u].movement.min(4) + 1,
            _ => false,
        })
        .count()
}

fn hold_victory(v: &mut Value, hexes: &[&str]) {
    v["game_length"] = json!(1);
    // The cavalry arrives on game-turn 1, the last, far to the west.
    v["reinforcements"][0]["turn"] = json!(1);
    v["victory"] = json!([{
        "text": "The Prussians win if they hold these hexes at the end; otherwise the French.",
        "rule": {"kind": "hold", "side": "prussians",
                 "target": {"hexes": hexes, "require": "every_hex"}}
    }]);
}

/// Leave a hex that three enemy units can attack: the 13th Division alone at 0605, all three
/// French units within reach, on the last game-turn, its side's objective elsewhere (0207,
/// held by the 14th Division): it moves where fewer than three can reach it, or into cover
/// that lessens their fire (the chart's terrain multiplier below 1). Its control is
/// [`last_turn_objective`]: the same threat, but 0605 is the objective, and it stays.
fn three_attackers(name: &str) {
    for seed in 1..=5 {
        let s = puzzle(
            |v| hold_victory(v, &["0207"]),
            &THREE_FRENCH,
            &ALONE_AT_0605,
            "movement",
        );
        assert_eq!(french_within_reach(&s, "0605"), 3);
        let mut p = level(name, seed);
        let (after, said) = segment_by(&s, p.as_mut(), seed);
        let setup = after.setup();
        let u = setup.units.iter().position(|d| d.id == "vii-13").unwrap();
        let Loc::At(h) = after.units[u].loc else {
            panic!("seed {seed}: the 13th Division left the map: {said:?}")
        };
        let at = setup.name(h);
        // Out of reach of one of them at least, or in cover that lessens their fire (AoR 7.6).
        assert!(
            at != "0605" && (french_within_reach(&after, &at) < 3 || cover(setup, h) < 1.0),
            "{name}, seed {seed}: the 13th Division ended at {at}, where three French units can \
             reach it in the open: {said:?}"
        );
    }
}

/// Do not lose on the last game-turn by leaving an objective: the same threat as
/// [`three_attackers`], but 0605 is the hex the Prussians must hold at the end of this, the
/// last, game-turn: the 13th Division stays (leaving it, the French walk in and win). The
/// control is [`three_attackers`], where it leaves.
fn last_turn_objective(name: &str) {
    for seed in 1..=5 {
        let s = puzzle(
            |v| hold_victory(v, &["0605"]),
            &THREE_FRENCH,
            &ALONE_AT_0605,
            "movement",
        );
        let mut p = level(name, seed);
        let (after, said) = segment_by(&s, p.as_mut(), seed);
        let setup = after.setup();
        let u = setup.units.iter().position(|d| d.id == "vii-13").unwrap();
        assert_eq!(
            after.units[u].loc,
            Loc::At(setup.parse("0605").unwrap()),
            "{name}, seed {seed}: the 13th Division left the objective: {said:?}"
        );
    }
}

/// The scenario of the exit puzzle: the Prussians win if one unit leaves by the East Road
/// (1208) by the end of game-turn 2, the last; otherwise the French win (AoR 18 `exit`).
fn exit_victory(v: &mut Value) {
    v["game_length"] = json!(2);
    // Only the exit decides: neither army can be demoralized in two game-turns (AoR 13).
    v["sides"][0]["army_demoralization"] = json!(99);
    v["sides"][1]["army_demoralization"] = json!(99);
    v["victory"] = json!([{
        "text": "The Prussians win if a unit leaves by the East Road by the end of game-turn 2.",
        "rule": {"kind": "exit", "side": "prussians", "units": {"kind": "units", "count": 1},
                 "area": {"text": "the East Road", "hexes": ["1208"]}, "by_turn": 2}
    }]);
}

const ROAD_PRUSSIANS: [(&str, &str); 5] = [
    ("vii-13", "1008"),
    ("vii-14", "0908"),
    ("vii-art", "0808"),
    ("steinmetz", "0808"),
    ("zastrow", "0908"),
];
const NORTH_FRENCH: [(&str, &str); 5] = [
    ("ii-1", "0301"),
    ("ii-2", "0401"),
    ("ii-art", "0201"),
    ("frossard", "0201"),
    ("laveaucoupet", "0301"),
];

/// Exit by the road when that wins: VII Corps on the East Road two hexes from the exit hex
/// (1208), the French far to the north-west; played out from the Prussians' first Formation
/// Movement Segment, a unit reaches 1208 on game-turn 1, leaves on game-turn 2, and the
/// Prussians win. The control: the standard level with its exit term weighted 0 (the same
/// position, the same French) does not leave, and the French win, so the puzzle can fail.
fn exits_by_the_road(name: &str) {
    for seed in 1..=3 {
        let s = puzzle(exit_victory, &NORTH_FRENCH, &ROAD_PRUSSIANS, "movement");
        let mut p = level(name, seed);
        let (end, said) = play_out(&s, p.as_mut(), seed);
        let exited = end.units.iter().filter(|u| u.loc == Loc::Exited).count();
        assert!(exited >= 1, "{name}, seed {seed}: no unit left: {said:?}");
        assert_eq!(
            end.outcome.as_ref().and_then(|o| o.winner),
            Some(0),
            "{name}, seed {seed}: {:?}",
            end.outcome
        );
        assert!(
            end.outcome
                .as_ref()
                .unwrap()
                .reason
                .contains("left the map"),
            "{name}, seed {seed}: {:?}",
            end.outcome
        );
        assert!(
            said.iter()
                .any(|(c, w)| matches!(c, Command::Exit { .. }) && w.contains("leaves the map")),
            "{name}, seed {seed}: {said:?}"
        );
    }
}

#[test]
fn puzzle_leaves_a_hex_three_enemy_units_can_attack() {
    three_attackers("standard");
}

#[test]
fn puzzle_does_not_lose_on_the_last_turn_by_leaving_an_objective() {
    last_turn_objective("standard");
}

#[test]
fn puzzle_exits_by_the_road_when_that_wins_and_its_control_does_not() {
    exits_by_the_road("standard");
    use kepi::engine::age_of_rifles::ai::Weights;
    for seed in 1..=3 {
        let s = puzzle(exit_victory, &NORTH_FRENCH, &ROAD_PRUSSIANS, "movement");
        let mut p = Standard::with_weights(
            seed,
            Weights {
                exit: 0.0,
                ..Weights::default()
            },
        );
        let (end, _) = play_out(&s, &mut p, seed);
        assert!(
            end.units.iter().all(|u| u.loc != Loc::Exited),
            "seed {seed}"
        );
        assert_eq!(
            end.outcome.as_ref().and_then(|o| o.winner),
            Some(1),
            "seed {seed}: {:?}",
            end.outcome
        );
    }
}

/// The strong level plays through the standard level's weightings, chosen by playouts: it
/// solves the same puzzles.
#[test]
fn the_strong_level_solves_the_same_puzzles() {
    three_attackers("strong");
    last_turn_objective("strong");
    exits_by_the_road("strong");
}

/// The passing-fire and fort puzzles, for the strong level (its plans keep the standard
/// level's passing-fire and fort terms).
#[test]
fn the_strong_level_solves_the_passing_fire_and_fort_puzzles() {
    stays_off_the_line("strong");
    garrisons("strong");
    spares_the_fort("strong");
}

/// The strong level on the test scenario against the standard one, each side in turn: every
/// command it gives is legal, its first command of a player-turn names the plan chosen with
/// the playouts' figures, and the same seed gives the same game.
#[test]
fn the_strong_level_gives_legal_commands_explains_its_plans_and_repeats_itself() {
    let sc = fixture(|_| {});
    for side in 0..2 {
        let game = |seed: u64| {
            let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
            let mut strong = level("strong", seed);
            let mut standard = Standard::new(seed + 1);
            let mut dice = SeededDice::new(seed);
            let mut commands = Vec::new();
            let mut plans = Vec::new();
            while !AgeOfRifles.progress(&s).over {
                assert!(commands.len() < 20_000, "no end");
                let (c, why) = if s.player == side {
                    let (c, why) = strong.choose(&s);
                    assert!(listed(&s, &c), "{c:?} is not legal");
                    (c, why)
                } else {
                    standard.decide(&s)
                };
                plans.extend(
                    why.into_iter()
                        .filter(|r| r.term == "plan" && r.words.contains("playouts"))
                        .map(|r| r.words),
                );
                s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
                commands.push(c);
            }
            (commands, plans, AgeOfRifles.state_hash(&s))
        };
        let (a, plans, hash) = game(3);
        assert!(!plans.is_empty(), "side {side}: no plan explained");
        assert!(
            plans[0].starts_with("plan \"") && plans[0].contains("% expected over 3 playouts"),
            "{}",
            plans[0]
        );
        let (b, _, again) = game(3);
        assert_eq!((a, hash), (b, again), "side {side}");
    }
}

/// The test scenario on the test map with `forts` painted fort (AoR 10.1, the map's `fort`
/// terrain), after `edit`, deployed and on to `phase` as [`puzzle`] does.
fn puzzle_with_forts(
    forts: &[&str],
    edit: impl Fn(&mut Value),
    french: &[(&str, &str)],
    prussians: &[(&str, &str)],
    phase: &str,
) -> State {
    let sc = fortified(forts, |v| {
        v["deployment"][0]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["deployment"][1]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["sides"][0]["formations"][0]["order"] = json!("defend");
        edit(v);
    });
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    for (piece, hex) in french {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    for (piece, hex) in prussians {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    to(&s, phase, 0)
}

/// The test scenario after `edit`, on the test map with `forts` painted fort.
fn fortified(forts: &[&str], edit: impl Fn(&mut Value)) -> Scenario {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(FIXTURE)).unwrap()).unwrap();
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let map_path = root().join("tests/fixtures/age-of-rifles/maps/aor-crossroads.json");
    let mut m: Value = serde_json::from_str(&std::fs::read_to_string(map_path).unwrap()).unwrap();
    m["terrain"]["legend"]["f"] = "fort".into();
    for f in forts {
        let (c, r): (usize, usize) = (f[..2].parse().unwrap(), f[2..].parse().unwrap());
        let mut cells: Vec<char> = m["terrain"]["rows"][r - 1]
            .as_str()
            .unwrap()
            .chars()
            .collect();
        cells[c - 1] = 'f';
        m["terrain"]["rows"][r - 1] = cells.into_iter().collect::<String>().into();
    }
    let map = kepi::map::Map::from_text(&m.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let catalog = file.ruleset.catalog().unwrap().clone();
    Scenario::new(file, map, catalog).unwrap_or_else(|p| panic!("{p}"))
}

/// Whole games on the test scenario with forts on the Crossroads (0704, its town, the
/// Prussians' objective) and at 0605 beside it (AoR 10.1): every command the standard level
/// gives, either side, is legal, and every game ends.
#[test]
fn every_command_is_legal_on_a_fortified_test_map() {
    let sc = fortified(&["0704", "0605"], |_| {});
    for seed in 1..=3 {
        play_checked(&sc, seed, [true, true]);
        play_checked(&sc, seed, [seed % 2 == 0, seed % 2 == 1]);
    }
}

fn hex_of(s: &State, id: &str) -> String {
    let setup = s.setup();
    let u = setup.units.iter().position(|d| d.id == id).unwrap();
    match s.units[u].loc {
        Loc::At(h) => setup.name(h),
        other => format!("{other:?}"),
    }
}

/// Both French brigades (5 + 5, one with repeaters) at 0507, the 13th Division next to them
/// at 0508 in the open, VII Corps under Attack orders (so it may move on from one hex of the
/// brigades' ZOC into another, AoR 5.4, 12.2, drawing their passing fire, 7.12); the woods at
/// 0407 and 0406 are in the same ZOC. The rest of VII Corps to the south-west.
const LINE_FRENCH: [(&str, &str); 5] = [
    ("ii-1", "0507"),
    ("ii-2", "0507"),
    ("ii-art", "1109"),
    ("frossard", "1209"),
    ("laveaucoupet", "0507"),
];
const AT_THE_LINE: [(&str, &str); 5] = [
    ("vii-13", "0508"),
    ("vii-14", "0210"),
    ("vii-art", "0110"),
    ("steinmetz", "0209"),
    ("zastrow", "0409"),
];

fn attack_orders(v: &mut Value) {
    v["sides"][0]["formations"][0]["order"] = json!("attack");
}

/// Do not walk along an enemy line for a little cover: the 13th Division, next to both French
/// brigades, could move on (Attack orders) into the woods or towards the Crossroads through
/// hexes of the brigades' ZOC, each step drawing their passing fire at half strength (AoR
/// 7.12; strength 5 and more, a hit and a failed 7.4 check stop it short, disrupted). The
/// standard level stays where it is; its control, the standard level with the passing-fire
/// term weighted 0 (`Weights { passing: 0.0, .. }`), moves along the line every seed, so the
/// puzzle can fail.
fn stays_off_the_line(name: &str) {
    for seed in 1..=5 {
        let s = puzzle_with_forts(&[], attack_orders, &LINE_FRENCH, &AT_THE_LINE, "movement");
        let mut p = level(name, seed);
        let (after, said) = segment_by(&s, p.as_mut(), seed);
        assert_eq!(
            hex_of(&after, "vii-13"),
            "0508",
            "{name}, seed {seed}: the 13th Division walked along the French line: {said:?}"
        );
        assert!(
            !said
                .iter()
                .any(|(c, _)| matches!(c, Command::Move { unit, .. } if unit == "vii-13")),
            "{name}, seed {seed}: {said:?}"
        );
    }
}

#[test]
fn puzzle_does_not_walk_along_an_enemy_line_under_its_passing_fire() {
    stays_off_the_line("standard");
    for seed in 1..=5 {
        let s = puzzle_with_forts(&[], attack_orders, &LINE_FRENCH, &AT_THE_LINE, "movement");
        let mut control = Standard::with_weights(
            seed,
            Weights {
                passing: 0.0,
                ..Weights::default()
            },
        );
        let (_, said) = segment_by(&s, &mut control, seed);
        assert!(
            said.iter()
                .any(|(c, _)| matches!(c, Command::Move { unit, .. } if unit == "vii-13")),
            "control, seed {seed}: without the passing-fire term the 13th Division moves \
             along the line: {said:?}"
        );
    }
}

/// The 13th Division at 0505, next to 0605; the rest of VII Corps to the west.
const NEXT_TO_0605: [(&str, &str); 5] = [
    ("vii-13", "0505"),
    ("vii-14", "0207"),
    ("vii-art", "0208"),
    ("steinmetz", "0308"),
    ("zastrow", "0406"),
];

/// Garrison an empty fort on the objective: 0605 is a fort (AoR 10.1) and the hex the
/// Prussians must hold at the end of this, the last, game-turn, three French units two hexes
/// east: a unit of VII Corps enters it, saying so. The control: the same fort when the
/// objective is elsewhere (0207, held): no unit garrisons it for the objective's sake.
fn garrisons(name: &str) {
    for seed in 1..=5 {
        let s = puzzle_with_forts(
            &["0605"],
            |v| hold_victory(v, &["0605"]),
            &THREE_FRENCH,
            &NEXT_TO_0605,
            "movement",
        );
        let mut p = level(name, seed);
        let (after, said) = segment_by(&s, p.as_mut(), seed);
        let setup = after.setup();
        let fort = setup.parse("0605").unwrap();
        assert!(
            (0..after.units.len())
                .any(|u| setup.units[u].side == 0 && after.units[u].loc == Loc::At(fort)),
            "{name}, seed {seed}: no unit garrisons the fort at 0605: {said:?}"
        );
        assert!(
            said.iter()
                .any(|(_, w)| w.contains("garrisons the fort at 0605")),
            "{name}, seed {seed}: {said:?}"
        );
    }
}

#[test]
fn puzzle_garrisons_an_empty_fort_on_the_objective() {
    garrisons("standard");
    for seed in 1..=5 {
        let s = puzzle_with_forts(
            &["0605"],
            |v| hold_victory(v, &["0207"]),
            &THREE_FRENCH,
            &NEXT_TO_0605,
            "movement",
        );
        let (_, said) = segment(&s, seed);
        assert!(
            !said.iter().any(|(_, w)| w.contains("garrisons the fort")),
            "control, seed {seed}: {said:?}"
        );
    }
}

/// Do not assault a fort at hopeless odds: on the last game-turn the 2nd Brigade (5, two
/// steps) holds 0605, the Prussians' objective, a fort: the 13th Division, weakened here to 4,
/// could assault it at 2 (halved by the fort, AoR 10.1), but the brigade ignores retreat
/// results there and leaves only if both its steps are lost (2 hits: a roll of 12, 1 in 36);
/// the standard level ends the segment. The control: the same position in the open, where a
/// hit may also send the brigade back (7.4): the last game-turn makes the objective worth the
/// assault, and it is made.
const FRENCH_IN_0605: [(&str, &str); 5] = [
    ("ii-1", "1209"),
    ("ii-2", "0605"),
    ("ii-art", "1109"),
    ("frossard", "1209"),
    ("laveaucoupet", "1209"),
];

fn spares_the_fort(name: &str) {
    for seed in 1..=5 {
        let s = puzzle_with_forts(
            &["0605"],
            weak_13th_and_0605,
            &FRENCH_IN_0605,
            &NEXT_TO_0605,
            "combat",
        );
        assert!(
            legal(&s)
                .iter()
                .any(|c| matches!(c, Command::Assault { .. })),
            "the assault is offered"
        );
        let mut p = level(name, seed);
        let (_, said) = segment_by(&s, p.as_mut(), seed);
        assert_eq!(said[0].0, Command::End, "{name}, seed {seed}: {said:?}");
    }
}

fn weak_13th_and_0605(v: &mut Value) {
    hold_victory(v, &["0605"]);
    assert_eq!(v["sides"][0]["units"][0]["id"], "vii-13");
    v["sides"][0]["units"][0]["strength"] = json!(4);
    v["sides"][0]["units"][0]["reduced_strength"] = json!(2);
}

#[test]
fn puzzle_does_not_assault_a_fort_at_hopeless_odds() {
    spares_the_fort("standard");
    for seed in 1..=5 {
        let s = puzzle_with_forts(
            &[],
            weak_13th_and_0605,
            &FRENCH_IN_0605,
            &NEXT_TO_0605,
            "combat",
        );
        let (_, said) = segment(&s, seed);
        assert!(
            matches!(&said[0].0, Command::Assault { target, .. } if target == "0605"),
            "control, seed {seed}: in the open the last game-turn makes the assault: {said:?}"
        );
    }
}

/// A retreat is weighed by the passing fire it draws (AoR 7.4), the standard level's
/// `ai::passing::retreat_fire`: the 2nd Brigade at 0605, assaulted from 0505, can retreat only
/// into 0606 (0705 and 0706 hold Prussians), in the ZOC of the 14th Division at 0706: the
/// retreat's fire has a cost, and names 0606. The same brigade with VII Corps far away
/// retreats out of any ZOC: no cost. In the corner (0101, its neighbours 0102 and 0201 both
/// Prussian) it has no hex to go to: `None`, so no voluntary retreat is made (the engine
/// would eliminate it, 7.4).
#[test]
fn a_retreat_into_an_enemy_zoc_is_weighed_and_one_with_nowhere_to_go_is_not_made() {
    use kepi::engine::age_of_rifles::ai::passing::retreat_fire;
    let at = |h: &str| -> [(&str, &str); 5] {
        [
            ("ii-1", "1209"),
            ("ii-2", if h == "0605" { "0605" } else { "0101" }),
            ("ii-art", "1109"),
            ("frossard", "1209"),
            ("laveaucoupet", "1209"),
        ]
    };
    let ii_2 = |s: &State| s.setup().units.iter().position(|d| d.id == "ii-2").unwrap();
    let boxed = [
        ("vii-13", "0505"),
        ("vii-14", "0706"),
        ("vii-art", "0705"),
        ("steinmetz", "0505"),
        ("zastrow", "0505"),
    ];
    let s = puzzle(|_| {}, &at("0605"), &boxed, "combat");
    let setup = s.setup();
    let h = |x: &str| setup.parse(x).unwrap();
    let (cost, into) = retreat_fire(&s, &[ii_2(&s)], &[h("0505")]).expect("a hex to go to");
    assert_eq!(into, vec![h("0606")]);
    assert!(
        cost > 0.0,
        "the retreat's passing fire costs something: {cost}"
    );

    let open = [
        ("vii-13", "0505"),
        ("vii-14", "0210"),
        ("vii-art", "0110"),
        ("steinmetz", "0505"),
        ("zastrow", "0505"),
    ];
    let s = puzzle(|_| {}, &at("0605"), &open, "combat");
    let (cost, into) = retreat_fire(&s, &[ii_2(&s)], &[h("0505")]).expect("a hex to go to");
    assert!(into.is_empty() && cost == 0.0, "{cost} {into:?}");

    let cornered = [
        ("vii-13", "0102"),
        ("vii-14", "0201"),
        ("vii-art", "0110"),
        ("steinmetz", "0102"),
        ("zastrow", "0201"),
    ];
    let s = puzzle(|_| {}, &at("0101"), &cornered, "combat");
    assert_eq!(
        retreat_fire(&s, &[ii_2(&s)], &[h("0102"), h("0201")]),
        None,
        "no hex to retreat to from the corner"
    );
}

/// The 14th Division made cavalry of strength 3 (1 reduced) at 0405, two hexes from the
/// French 2nd Brigade (5, infantry, two steps) alone in the open at 0605, its morale
/// `morale`; VII Corps under Attack orders; the Prussians' Cavalry Charge Segment.
fn charge_at_0605(morale: u32) -> State {
    puzzle(
        |v| {
            attack_orders(v);
            v["sides"][0]["units"][1]["kind"] = json!("cavalry");
            v["sides"][0]["units"][1]["strength"] = json!(3);
            v["sides"][0]["units"][1]["reduced_strength"] = json!(1);
            v["sides"][1]["units"][1]["morale"] = json!(morale);
        },
        CHARGE_FRENCH,
        CHARGE_PRUSSIANS,
        "charge",
    )
}

/// Whether the standard level's first command in the segment charges 0605, and its words.
fn charges_0605(s: &State, seed: u64) -> (bool, String) {
    let (_, said) = segment(s, seed);
    let (c, words) = said.first().cloned().expect("a command");
    (
        matches!(&c, Command::Charge { units, target } if units.len() == 1 && units[0] == "vii-14" && target == "0605"),
        words,
    )
}

/// Charges by expected outcome (AoR 7.6, 7.10, from the charge preview): against steady
/// infantry whose morale (1) rarely forms square (17 %), the charge at double strength (6
/// against 5) is worth making, and the cavalry charges, naming its odds. The control differs
/// in the brigade's morale alone (6: it always forms square, and the charge at normal
/// strength, 3 against 5, loses more than it gains): no charge. Before this level read the
/// preview it charged no steady infantry at all, so the first half failed. (A first version
/// gave the cavalry 6: against the square 6 against 5 is still worth a charge by these
/// weights, 42 % to retreat the square, so that control charged.)
#[test]
fn puzzle_charges_when_the_preview_says_it_wins_and_not_into_a_square_that_beats_it() {
    for seed in 1..=5 {
        let (charged, words) = charges_0605(&charge_at_0605(1), seed);
        assert!(
            charged,
            "seed {seed}: no charge on a brigade that rarely forms square: {words}"
        );
        assert!(
            words.contains("charge at 0605 (AoR 7.6): ")
                && words.contains("% to retreat the defender")
                && words.contains("% to lose a step")
                && words.contains("% that they form square"),
            "seed {seed}: {words}"
        );
        let (charged, words) = charges_0605(&charge_at_0605(6), seed);
        assert!(
            !charged,
            "seed {seed}: charged a brigade that forms square and beats it: {words}"
        );
    }
}

/// The 13th Division at 1001, two hexes from 1003, the hex the Prussians must hold at the end
/// of this, the last, game-turn; the French 2nd Brigade at 0903, next to 1002 and 1003; the
/// 14th Division has just moved into 1002 (so a unit moving on out of it is not the last to
/// leave the ZOC hex, AoR 5.4: no MP more); VII Corps under Attack orders. The cheapest path,
/// 1002 then 1003 (2 MP), steps from ZOC hex to ZOC hex and draws the brigade's passing fire
/// (7.12); the dearer one by 1102 and 1103 (3 MP) enters the ZOC only at 1003. With
/// `blocker`, the 1st Brigade stands there and its ZOC holds 1103 too: every path into 1003
/// draws fire.
fn into_1003(blocker: Option<&str>) -> State {
    let s = puzzle(
        |v| {
            hold_victory(v, &["1003"]);
            attack_orders(v);
        },
        &[
            ("ii-2", "0903"),
            ("ii-1", blocker.unwrap_or("0703")),
            ("ii-art", "0603"),
            ("frossard", "0603"),
            ("laveaucoupet", "0903"),
        ],
        &[
            ("vii-13", "1001"),
            ("vii-14", "1102"),
            ("vii-art", "0201"),
            ("steinmetz", "1201"),
            ("zastrow", "1001"),
        ],
        "movement",
    );
    let s = play(&s, json!({"kind": "move", "unit": "vii-14", "to": "1002"}));
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    let h = r
        .hexes
        .iter()
        .find(|h| h.hex == "1003")
        .expect("1003 in reach");
    assert_eq!(
        (h.path.clone(), h.fires.clone()),
        (
            vec!["1002".to_string(), "1003".to_string()],
            vec!["1003".to_string()]
        )
    );
    s
}

/// The 13th Division's move in the segment, and every command's words.
fn move_of_13th(s: &State, seed: u64) -> (Option<Command>, String) {
    let (_, said) = segment(s, seed);
    let m = said
        .iter()
        .find(|(c, _)| matches!(c, Command::Move { unit, .. } if unit == "vii-13"))
        .map(|(c, _)| c.clone());
    (m, format!("{said:?}"))
}

/// Paths round passing fire (AoR 5, 7.12): the objective is worth the move, and a dearer path
/// through a waypoint avoids the fire: the 13th Division goes to 1003 through a waypoint
/// (`via`) and says so. Before the level chose paths, it named no waypoint anywhere, so the
/// puzzle failed. (A first version, into 0705 from 0707, never ran: there the engine's own
/// cheapest path already went round the fire.) Its control is the two-waypoint puzzle's
/// control below: with no fire-free path, no waypoint is named.
#[test]
fn puzzle_goes_round_passing_fire_through_a_waypoint_when_a_path_is_free_of_it() {
    for seed in 1..=5 {
        let (m, said) = move_of_13th(&into_1003(None), seed);
        assert!(
            matches!(&m, Some(Command::Move { to, via, .. }) if to == "1003" && via == &["1103"]),
            "seed {seed}: no waypoint round the fire into 1003: {said}"
        );
        assert!(said.contains("goes round by"), "seed {seed}: {said}");
    }
}

/// A path through two waypoints (AoR 5, 5.4, 7.12, `passing::entry_pairs`): the 1st Brigade at
/// 1203 puts 1103 and 1104 in its ZOC, so no single waypoint outside every enemy ZOC leads into
/// 1003 (a unit under Attack orders in an enemy ZOC moves on only into ZOC hexes, so it cannot
/// reach 1004 by way of them). But 1103 is in the 1st Brigade's ZOC only and 1003 in the 2nd
/// Brigade's only: 1001, 1102 (outside every ZOC), 1103, 1003 (3 MP) draws no fire, the step
/// into 1103 coming from outside the ZOC and the step into 1003 from another stack's. The level
/// moves to 1003 through 1102 and 1103 and says "two waypoints". With
/// `Weights { two_waypoints: false, .. }` it names no such path (it takes the default path
/// under fire or stays, seeds 1-5). The control: the 1st Brigade at 1104, whose ZOC holds both
/// 1103 and 1003, so every way in draws fire: no waypoint is named.
#[test]
fn puzzle_enters_the_enemy_zoc_through_two_waypoints_where_one_is_not_enough() {
    for seed in 1..=5 {
        let s = into_1003(Some("1203"));
        let (m, said) = move_of_13th(&s, seed);
        assert!(
            matches!(&m, Some(Command::Move { to, via, .. })
                if to == "1003" && via == &["1102", "1103"]),
            "seed {seed}: no path through two waypoints into 1003: {said}"
        );
        assert!(said.contains("two waypoints"), "seed {seed}: {said}");
        assert!(said.contains("AoR 5.4"), "seed {seed}: {said}");
        let mut off = Standard::with_weights(
            seed,
            Weights {
                two_waypoints: false,
                ..Weights::default()
            },
        );
        let (_, said) = segment_by(&s, &mut off, seed);
        assert!(
            !said
                .iter()
                .any(|(c, _)| matches!(c, Command::Move { via, .. } if via.len() >= 2)),
            "two_waypoints off, seed {seed}: {said:?}"
        );
        let (m, said) = move_of_13th(&into_1003(Some("1104")), seed);
        assert!(
            !matches!(&m, Some(Command::Move { via, .. }) if !via.is_empty()),
            "control, seed {seed}: a waypoint with no fire-free path: {said}"
        );
    }
}

/// VII Corps (Defend orders) holds 0205, the Prussians' objective (the 13th Division on it, the
/// artillery at 0204); the 14th Division, Steinmetz and Zastrow stand behind at 0105; the
/// French stand far to the east (1204-1206), ten hexes away: their next move (4 MP) takes them
/// no farther than column 08. `cavalry`: the French units are cavalry, which ignores ZOCs
/// (AoR 5.4).
fn west_line(cavalry: bool) -> State {
    let french = [
        ("ii-1", "1204"),
        ("ii-2", "1205"),
        ("ii-art", "1206"),
        ("frossard", "1205"),
        ("laveaucoupet", "1205"),
    ];
    let prussians = [
        ("vii-13", "0205"),
        ("vii-art", "0204"),
        ("vii-14", "0105"),
        ("steinmetz", "0105"),
        ("zastrow", "0105"),
    ];
    puzzle(
        |v| {
            v["victory"] = json!([{
                "text": "The Prussians win if they hold 0205 at the end; otherwise the French.",
                "rule": {"kind": "hold", "side": "prussians",
                         "target": {"hexes": ["0205"], "require": "every_hex"}}
            }]);
            if cavalry {
                for u in v["sides"][1]["units"].as_array_mut().expect("units") {
                    u["kind"] = json!("cavalry");
                }
            }
        },
        &french,
        &prussians,
        "movement",
    )
}

/// Where the 14th Division ends the Prussians' movement segment, with what was said.
fn fourteenth_after(s: &State, seed: u64) -> (String, Vec<(Command, String)>) {
    let (after, said) = segment(s, seed);
    let setup = after.setup();
    let u = setup.units.iter().position(|d| d.id == "vii-14").unwrap();
    let Loc::At(h) = after.units[u].loc else {
        panic!("seed {seed}: the 14th Division left the map: {said:?}")
    };
    (setup.name(h), said)
}

#[test]
fn puzzle_a_defender_holds_the_approach_with_its_zone_of_control() {
    // AoR 5.4, 12.2: the French foot can come on to 0205 only through the ZOCs of the units
    // before it (only Attack orders enter an enemy ZOC, and each step in one draws passing
    // fire, 7.12). The free 14th Division moves out east of the objective and its ring
    // (column 04 or beyond), where its ZOC holds the French approach, and says so.
    for seed in 1..=5 {
        let (at, said) = fourteenth_after(&west_line(false), seed);
        let col: u32 = at[..2].parse().unwrap();
        assert!(
            col >= 4,
            "seed {seed}: the 14th Division ended at {at}, not before the objective: {said:?}"
        );
        assert!(
            said.iter()
                .any(|(_, w)| w.contains("holds the enemy's approach")),
            "seed {seed}: {said:?}"
        );
    }
    // Control: the French are cavalry, which ignores ZOCs: no line stops it, and the 14th
    // Division stays back, west of column 04.
    for seed in 1..=5 {
        let (at, said) = fourteenth_after(&west_line(true), seed);
        let col: u32 = at[..2].parse().unwrap();
        assert!(
            col < 4,
            "seed {seed}: the 14th Division went to {at}: {said:?}"
        );
    }
}

/// Issue 42's audit of the exit term: leaving is a unit's whole move in its Formation Movement
/// Segment (AoR 4 III, 5.6), so a unit that moves onto the exit hex leaves a game-turn later.
/// On the exit condition's game-turn, the last, VII Corps two hexes from the East Road's end
/// (1208) cannot leave this game-turn whatever it does, and reaching 1208 is worth nothing:
/// no move says "reaches its exit" or "towards its exit". The control: the same position with
/// game-turn 2 still to come (`exit_victory`), where a unit moves to 1208 saying it reaches
/// its exit.
#[test]
fn puzzle_an_exit_reached_too_late_to_leave_is_worth_nothing() {
    let last_turn = |v: &mut Value| {
        exit_victory(v);
        v["game_length"] = json!(1);
        v["victory"][0]["rule"]["by_turn"] = json!(1);
        // The Prussian cavalry's game-turn 2 is past the end: it enters on game-turn 1, at
        // 0108, eleven hexes from the exit.
        v["reinforcements"][0]["turn"] = json!(1);
    };
    for seed in 1..=5 {
        let s = puzzle(last_turn, &NORTH_FRENCH, &ROAD_PRUSSIANS, "movement");
        let (_, said) = segment(&s, seed);
        assert!(
            said.iter()
                .all(|(_, w)| !w.contains("reaches its exit") && !w.contains("towards its exit")),
            "seed {seed}: {said:?}"
        );
        let s = puzzle(exit_victory, &NORTH_FRENCH, &ROAD_PRUSSIANS, "movement");
        let (_, said) = segment(&s, seed);
        assert!(
            said.iter().any(
                |(c, w)| matches!(c, Command::Move { to, .. } if to == "1208")
                    && w.contains("reaches its exit at 1208")
            ),
            "control, seed {seed}: {said:?}"
        );
    }
}

/// Where unit `id` ends after `after`'s moves.
fn unit_hex(after: &State, id: &str) -> String {
    let setup = after.setup();
    let u = setup.units.iter().position(|d| d.id == id).unwrap();
    match after.units[u].loc {
        Loc::At(h) => setup.name(h),
        _ => "-".into(),
    }
}

/// VII Corps under Attack orders, the 13th and 14th Divisions at 0804 and 0805, the French 2nd
/// Brigade alone two hexes east at `target` (the rest far to the south-east), the Prussians'
/// objective far away at 0101 (held by the artillery).
fn flank_position(target: &str, prussians: [&str; 2]) -> State {
    puzzle(
        |v| {
            hold_victory(v, &["0101"]);
            v["game_length"] = json!(3);
            attack_orders(v);
        },
        &[
            ("ii-2", target),
            ("ii-1", "1209"),
            ("ii-art", "1210"),
            ("frossard", "1209"),
            ("laveaucoupet", target),
        ],
        &[
            ("vii-13", prussians[0]),
            ("vii-14", prussians[1]),
            ("vii-art", "0101"),
            ("steinmetz", prussians[0]),
            ("zastrow", prussians[0]),
        ],
        "movement",
    )
}

/// Supporting attacks (AoR 7.6 Flanking: attackers +50 %, the defenders' morale -2 when two
/// stacks attack through hexsides with one between them): both divisions move next to the
/// 2nd Brigade at 1004 from hexes two apart, the first saying the other "can reach … to join
/// it", the second "flanks 1004 with the 14th Division". With `Weights::support` 0 no move
/// names a flank and they do not end flanking it. The control: the brigade in the Crossroads'
/// town (0704), which cannot be flanked: no move says "flanks".
#[test]
fn puzzle_two_stacks_move_to_flank_a_target_together() {
    let flanking = |after: &State| {
        let a = after.setup().parse(&unit_hex(after, "vii-13")).unwrap();
        let b = after.setup().parse(&unit_hex(after, "vii-14")).unwrap();
        let t = after.setup().parse("1004").unwrap();
        let s = after.setup();
        s.distance(a, t) == 1 && s.distance(b, t) == 1 && s.distance(a, b) >= 2
    };
    for seed in 1..=5 {
        let s = flank_position("1004", ["0804", "0805"]);
        let (after, said) = segment(&s, seed);
        assert!(flanking(&after), "seed {seed}: {said:?}");
        let words = format!("{said:?}");
        assert!(
            words.contains("flanks 1004 with the"),
            "seed {seed}: {words}"
        );
        assert!(words.contains("AoR 7.6"), "seed {seed}: {words}");
        let mut off = Standard::with_weights(
            seed,
            Weights {
                support: 0.0,
                ..Weights::default()
            },
        );
        let (after, said) = segment_by(&s, &mut off, seed);
        assert!(
            !flanking(&after) && !format!("{said:?}").contains("flanks"),
            "support 0, seed {seed}: {said:?}"
        );
        // Control: a town cannot be flanked (AoR 7.6).
        let s = flank_position("0704", ["0504", "0505"]);
        let (_, said) = segment(&s, seed);
        assert!(
            !format!("{said:?}").contains("flanks"),
            "control, seed {seed}: {said:?}"
        );
    }
}

/// VII Corps under Attack orders holds the Crossroads (0704, 0705: the 13th and 14th
/// Divisions, the artillery at 0604), the Prussians' objective at the end of game-turn 3;
/// `french`: the French units' hexes.
fn crossroads_held(french: [&str; 3]) -> State {
    puzzle(
        |v| {
            hold_victory(v, &["0704", "0705"]);
            v["game_length"] = json!(3);
            attack_orders(v);
        },
        &[
            ("ii-1", french[0]),
            ("ii-2", french[1]),
            ("ii-art", french[2]),
            ("frossard", "1209"),
            ("laveaucoupet", french[0]),
        ],
        &[
            ("vii-13", "0704"),
            ("vii-14", "0705"),
            ("vii-art", "0604"),
            ("steinmetz", "0604"),
            ("zastrow", "0704"),
        ],
        "command",
    )
}

/// Orders chosen to hold a line (AoR 12.2, 5.4): both French brigades and their artillery (13)
/// come on two hexes from the Crossroads VII Corps (16) holds; Attack (kept at 1.0 times the
/// enemy's strength) would oblige its units to close and leave it, so VII Corps is sent Defend
/// "to hold the line before Crossroads". With `Weights::hold_line` 0, Attack is kept (no order
/// to VII Corps). The control: only the French artillery (3) is near, the brigades far: 16
/// against 3 crushes it, and no Defend order is sent.
#[test]
fn puzzle_a_formation_holding_an_objective_is_ordered_to_hold_the_line() {
    let vii = |said: &[(Command, String)]| {
        said.iter()
            .find(|(c, _)| matches!(c, Command::SendOrder { formation, .. } if formation == "vii"))
            .cloned()
    };
    for seed in 1..=3 {
        let s = crossroads_held(["0904", "0905", "1004"]);
        let (_, said) = segment(&s, seed);
        let order = vii(&said);
        assert!(
            matches!(&order, Some((Command::SendOrder { order: Order::Defend, .. }, w))
                if w.contains("hold the line before Crossroads")),
            "seed {seed}: {said:?}"
        );
        let mut off = Standard::with_weights(
            seed,
            Weights {
                hold_line: 0.0,
                ..Weights::default()
            },
        );
        let (_, said) = segment_by(&s, &mut off, seed);
        assert!(vii(&said).is_none(), "hold_line 0, seed {seed}: {said:?}");
        let s = crossroads_held(["1209", "1210", "0904"]);
        let (_, said) = segment(&s, seed);
        assert!(vii(&said).is_none(), "control, seed {seed}: {said:?}");
    }
}

/// The 13th Division (6, VII Corps under Defend orders) at 0605 in the open, in the ZOC of both
/// French brigades (0705, in the Crossroads' town, and 0706), their artillery behind at 0704
/// (13 strength in all); `hexes`: the Prussians' `hold` at the end of game-turn 3.
fn outnumbered_at_0605(hexes: &[&str]) -> State {
    puzzle(
        |v| {
            hold_victory(v, hexes);
            v["game_length"] = json!(3);
        },
        &[
            ("ii-1", "0705"),
            ("ii-2", "0706"),
            ("ii-art", "0704"),
            ("frossard", "1002"),
            ("laveaucoupet", "0705"),
        ],
        &ALONE_AT_0605,
        "movement",
    )
}

/// A fighting withdrawal (AoR 12.2 Defend "may leave ZOC", 5.4, `maneuver::withdrawal`): the
/// Prussians must take the Crossroads (0704, 0705) by the end of game-turn 3, and the 13th
/// Division stands next to it, outnumbered 13 to 6: it cannot take it this game-turn, and the
/// French can assault it next. It leaves the ZOC for the woods at 0406 (out of every enemy
/// ZOC, cover) saying "withdraws from 0605 to 0406 … AoR 12.2, 5.4". With
/// `Weights { withdraw: 0.0, .. }` it stays at 0605, pulled by the objective (seeds 1-5). The
/// control: the same threat where 0605 is the objective it holds: no move withdraws.
#[test]
fn puzzle_an_outnumbered_unit_withdraws_from_the_enemy_zoc_to_cover() {
    for seed in 1..=5 {
        let s = outnumbered_at_0605(&["0704", "0705"]);
        let (after, said) = segment(&s, seed);
        let words = format!("{said:?}");
        assert_eq!(hex_of(&after, "vii-13"), "0406", "seed {seed}: {words}");
        assert!(
            words.contains("withdraws from 0605 to 0406") && words.contains("AoR 12.2, 5.4"),
            "seed {seed}: {words}"
        );
        let mut off = Standard::with_weights(
            seed,
            Weights {
                withdraw: 0.0,
                ..Weights::default()
            },
        );
        let (after, said) = segment_by(&s, &mut off, seed);
        assert_eq!(
            hex_of(&after, "vii-13"),
            "0605",
            "withdraw 0, seed {seed}: {said:?}"
        );
        // Control: 0605 is the objective it holds; it holds, and no move withdraws.
        let s = outnumbered_at_0605(&["0605"]);
        let (_, said) = segment(&s, seed);
        assert!(
            !format!("{said:?}").contains("withdraws"),
            "control, seed {seed}: {said:?}"
        );
    }
}

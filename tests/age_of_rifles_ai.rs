//! Age of Rifles' standard computer level (issue 18, `src/engine/age_of_rifles/ai/`): every
//! command it gives is one the legal list offers, over seeded games of the shipped scenario
//! and the test scenario; the same seed gives the same game; it beats random play on both
//! sides of Gettysburg in these seeded games; and puzzles on small positions built here (as
//! tests/common/aor.rs builds them): it takes an undefended objective in reach; it does not
//! assault at hopeless odds (with its control: it does assault at good odds, and says so with
//! the expected hits); it marches a far formation up and gives Attack orders next to a
//! beatable enemy (AoR 12.2, 12.4).

mod common;
use common::aor::{to, zone};
use kepi::engine::Player;
use kepi::engine::age_of_rifles::ai::Standard;
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
                legal(&s).contains(&c),
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
        assert!(legal(&s).contains(&c), "{c:?} is not legal");
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

//! Issue 42's guard in Age of Rifles (`src/engine/age_of_rifles/ai/guard.rs`): a move that
//! meets a victory condition the end of this game-turn decides is taken over a higher-scored
//! one (AoR 18: a hex is held by the side that last moved a unit into it). Each puzzle has its
//! controls: the same position when the condition is decided a game-turn later (nothing is
//! won now), and the guard turned off (`Weights::guard`), both of which fail the puzzle. The
//! Rifle & Saber puzzles of issue 42 are in tests/ai_puzzles.rs.

use crate::common;
use common::aor::{fixture, play, to, zone};
use kepi::engine::Player;
use kepi::engine::age_of_rifles::ai::{Standard, Weights};
use kepi::engine::age_of_rifles::state::{Command, State};
use kepi::engine::dice::SeededDice;
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};

const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;

/// The fixture scenario after `edit`, deployed on open zones as given (the French first),
/// VII Corps under Defend orders (free to stay or move, AoR 12.2), then on to the Prussians'
/// Formation Movement Segment of game-turn 1.
fn position(
    edit: impl Fn(&mut Value),
    french: &[(&str, &str)],
    prussians: &[(&str, &str)],
) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["deployment"][1]["zone"]["hexes"] = json!(zone(1..=12, 1..=10));
        v["sides"][0]["formations"][0]["order"] = json!("defend");
        edit(v);
    });
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    for (piece, hex) in french {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
    }
    s = play(&s, json!({"kind": "end"}), &[]).0;
    for (piece, hex) in prussians {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
    }
    s = play(&s, json!({"kind": "end"}), &[]).0;
    to(&s, "movement", 0)
}

/// `player`'s commands until the phase or the side to act changes; the state then.
fn segment(s: &State, player: &mut dyn Player<AgeOfRifles>, seed: u64) -> (State, Vec<Command>) {
    let mut s = s.clone();
    let start = AgeOfRifles.progress(&s);
    let mut dice = SeededDice::new(seed);
    let mut given = Vec::new();
    for _ in 0..50 {
        let now = AgeOfRifles.progress(&s);
        if now.phase_key != start.phase_key || now.player != start.player {
            break;
        }
        let c = player.next(&s);
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
        let end = c == Command::End;
        given.push(c);
        if end {
            break;
        }
    }
    (s, given)
}

/// The Prussians must hold 0606 at the end of game-turn `turn` (the game `turn` game-turns
/// long); nobody holds it yet.
fn hold_0606(turn: u32) -> impl Fn(&mut Value) {
    move |v: &mut Value| {
        v["game_length"] = json!(turn);
        v["reinforcements"][0]["turn"] = json!(1);
        v["victory"] = json!([{
            "text": "The Prussians win if they hold 0606 at the end; otherwise the French.",
            "rule": {"kind": "hold", "side": "prussians",
                     "target": {"hexes": ["0606"], "require": "every_hex"}}
        }]);
    }
}

/// Three French units two hexes east of 0605 (all three can reach 0606 next to assault it);
/// the 13th Division at 0605, next to the objective 0606, the rest of VII Corps to the west.
const FRENCH: [(&str, &str); 5] = [
    ("ii-1", "0805"),
    ("ii-2", "0806"),
    ("ii-art", "0804"),
    ("frossard", "1002"),
    ("laveaucoupet", "0805"),
];
const PRUSSIANS: [(&str, &str); 5] = [
    ("vii-13", "0605"),
    ("vii-14", "0207"),
    ("vii-art", "0208"),
    ("steinmetz", "0308"),
    ("zastrow", "0406"),
];

/// A standard level that does not weigh objectives (taking, holding, their pull 0): every
/// move onto 0606, within reach of the three French units, scores below staying or going
/// west; `guard` as given.
fn blind_to_objectives(seed: u64, guard: bool) -> Standard {
    Standard::with_weights(
        seed,
        Weights {
            take: 0.0,
            hold: 0.0,
            approach: 0.0,
            guard,
            ..Weights::default()
        },
    )
}

/// Do the Prussians hold 0606 (AoR 18 occupation)?
fn holds_0606(s: &State) -> bool {
    let h = s.setup().parse("0606").unwrap();
    s.occupied[h as usize] == 1
}

/// A command that wins now is chosen over a higher-scored one (AoR 18): on the last
/// game-turn, moving onto 0606 meets the Prussians' condition, and a level that scores that
/// move below staying still makes it, in every seed. The controls: the condition decided at
/// the end of game-turn 2 (nothing is won now) and the guard off: 0606 is not taken.
#[test]
fn a_move_that_wins_now_is_chosen_over_a_higher_scored_one() {
    for seed in SEEDS {
        let s = position(hold_0606(1), &FRENCH, &PRUSSIANS);
        assert!(!holds_0606(&s));
        let (after, given) = segment(&s, &mut blind_to_objectives(seed, true), seed);
        assert!(holds_0606(&after), "seed {seed}: {given:?}");
    }
    for seed in SEEDS {
        let s = position(hold_0606(2), &FRENCH, &PRUSSIANS);
        let (after, given) = segment(&s, &mut blind_to_objectives(seed, true), seed);
        assert!(!holds_0606(&after), "decided later, seed {seed}: {given:?}");
        let s = position(hold_0606(1), &FRENCH, &PRUSSIANS);
        let (after, given) = segment(&s, &mut blind_to_objectives(seed, false), seed);
        assert!(!holds_0606(&after), "guard off, seed {seed}: {given:?}");
    }
}

/// The words of the winning move say so.
#[test]
fn a_move_that_wins_now_says_so() {
    let s = position(hold_0606(1), &FRENCH, &PRUSSIANS);
    let mut p = blind_to_objectives(1, true);
    let mut s = s;
    let mut dice = SeededDice::new(1);
    for _ in 0..50 {
        let (c, why) = p.decide(&s);
        if matches!(c, Command::Move { ref to, .. } if to == "0606") {
            assert_eq!(why[0].term, "victory", "{why:?}");
            assert!(
                why[0].words.contains("meets a victory condition"),
                "{why:?}"
            );
            return;
        }
        assert_ne!(c, Command::End, "0606 never taken");
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
    }
    panic!("0606 never taken");
}

//! Vae Victis' standard level (`engine/vae_victis/ai/`): its commands legal and the same for
//! the same seed, its reasons in words, and puzzles where one term changes the choice, each
//! with a control (the same position with that term's weight at zero) where it must not.

use crate::common::vv::{best_for, corps, el, id, opened, position, register};
use kepi::ai::candidates::{self, Noise};
use kepi::engine::Ruleset;
use kepi::engine::dice::{Dice, SeededDice};
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::ai::{Standard, Weights, turn};
use kepi::engine::vae_victis::legal::legal;
use kepi::engine::vae_victis::state::{Command, State};

/// Whether `c` takes its element into contact with the enemy.
fn attacks(s: &State, c: &Command) -> bool {
    let Command::Move { element, .. } = c else {
        return false;
    };
    let (n, _) = VaeVictis
        .apply(s, c, &mut kepi::engine::dice::FixedDice::new([]))
        .unwrap();
    kepi::engine::vae_victis::geometry::in_contact(&n, id(&n, element))
}

#[test]
fn vv_ai_standard_plays_legal_commands_the_same_for_the_same_seed() {
    register();
    let sc = crate::common::system::fixture(&VaeVictis, crate::common::vv::FIXTURE, |_| {});
    let game = |seed: u64| {
        let mut s = VaeVictis.start(&sc, &Default::default()).unwrap();
        let mut players = [Standard::new(seed), Standard::new(seed + 7)];
        let mut dice = SeededDice::new(seed);
        let mut line = Vec::new();
        let mut explained = 0;
        for _ in 0..400 {
            if VaeVictis.outcome(&s).is_some() {
                break;
            }
            let (c, reasons) = players[s.player()].decide(&s);
            assert!(legal(&s).contains(&c), "seed {seed}: {c:?} not legal");
            if matches!(c, Command::Move { .. }) {
                assert!(!reasons.is_empty(), "a move without its reasons");
                assert!(reasons.iter().all(|r| !r.words.is_empty()));
                explained += 1;
            }
            s = VaeVictis
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap()
                .0;
            line.push(c);
        }
        assert!(explained > 0, "seed {seed}: no move given");
        line
    };
    for seed in 1..=2 {
        assert_eq!(game(seed), game(seed));
    }
}

/// A Guard element two hexes from a lone militia element attacks it on the melee term alone
/// (closing on the enemy weighed at zero); with the melee term at zero too (the control) it
/// does not. Militia facing a Guard element with rear support does not attack.
#[test]
fn vv_ai_puzzle_melee_odds_take_a_good_attack_and_refuse_a_bad_one() {
    let duel = |mine: &str, theirs: &str, support: bool| {
        let mut british = vec![el("g", theirs, "0410", "N")];
        if support {
            british.push(el("g2", theirs, "0411", "N"));
        }
        let s = position(
            (
                vec![corps(
                    "I",
                    ("g-fr", "0405"),
                    vec![el("m", mine, "0408", "S")],
                )],
                None,
            ),
            (vec![corps("A", ("g-br", "1401"), british)], None),
        );
        opened(&s, &[3, 3], 0, &[3])
    };
    let melee_only = Weights {
        approach: 0.0,
        march: 0.0,
        ..Weights::default()
    };
    let s = duel("guard", "militia", false);
    let best = best_for(&s, &melee_only, "m");
    assert!(attacks(&s, &best), "{best:?}");
    let control = Weights {
        melee: 0.0,
        ..melee_only.clone()
    };
    let best = best_for(&s, &control, "m");
    assert!(!attacks(&s, &best), "{best:?}");
    let s = duel("militia", "guard", true);
    let best = best_for(&s, &Weights::default(), "m");
    assert!(!attacks(&s, &best), "{best:?}");
}

/// A British line with French cuirassiers within reach forms square (VV 5.6); with the
/// square term at zero it does not.
#[test]
fn vv_ai_puzzle_square_against_cavalry() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0102"),
                vec![el("c", "cuirassiers", "0406", "S")],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "0612"),
                vec![el("b", "line", "0410", "N")],
            )],
            None,
        ),
    );
    let s = opened(&s, &[3, 3], 1, &[3]);
    let best = best_for(&s, &Weights::default(), "b");
    assert!(matches!(best, Command::Square { .. }), "{best:?}");
    let control = Weights {
        square: 0.0,
        ..Weights::default()
    };
    let best = best_for(&s, &control, "b");
    assert!(!matches!(best, Command::Square { .. }), "{best:?}");
}

/// The best of all the scored commands, without noise.
fn best_of_all(s: &State, w: &Weights) -> Command {
    let options = legal(s);
    candidates::best(turn::candidates(s, &options, w), &mut Noise::new(1, 0), 0.0)
        .expect("a candidate")
        .command
}

/// VV 5.2: a French line of three far from the enemy moves as one group (1 AP for the three
/// elements); with group moves not scored (the control) it never does.
#[test]
fn vv_ai_puzzle_a_line_moves_as_a_group() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0112"),
                vec![
                    el("a", "line", "0410", "N"),
                    el("b", "line", "0510", "N"),
                    el("c", "line", "0610", "N"),
                ],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("x", "line", "1301", "S")],
            )],
            None,
        ),
    );
    let s = opened(&s, &[3, 3], 0, &[3]);
    let best = best_of_all(&s, &Weights::default());
    assert!(
        matches!(&best, Command::MoveGroup { elements, .. } if elements.len() == 3),
        "{best:?}"
    );
    let control = Weights {
        groups: 0.0,
        ..Weights::default()
    };
    let best = best_of_all(&s, &control);
    assert!(!matches!(best, Command::MoveGroup { .. }), "{best:?}");
}

/// An element far from the enemy marches toward it on the march term alone (closing on the
/// enemy weighed at zero); with the march term at zero too (the control) it stands.
#[test]
fn vv_ai_puzzle_a_far_element_marches() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0112"),
                vec![el("m", "line", "0410", "N")],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("x", "line", "1301", "S")],
            )],
            None,
        ),
    );
    let s = opened(&s, &[3, 3], 0, &[3]);
    let march_only = Weights {
        approach: 0.0,
        ..Weights::default()
    };
    let best = best_for(&s, &march_only, "m");
    assert!(matches!(best, Command::Move { .. }), "{best:?}");
    let control = Weights {
        march: 0.0,
        ..march_only.clone()
    };
    let best = best_for(&s, &control, "m");
    assert_eq!(best, Command::End);
}

/// The column of the hex `c` moves its element to.
fn column_to(c: &Command) -> u32 {
    let Command::Move { to, .. } = c else {
        panic!("not a move: {c:?}");
    };
    to[..2].parse().unwrap()
}

/// VV 10 counts corps: an element between a demoralised enemy corps (west) and one not yet
/// demoralised (east) closes on the latter; with every enemy counted alike (the control)
/// it closes on the nearer, the demoralised one.
#[test]
fn vv_ai_puzzle_close_on_the_corps_not_yet_demoralised() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0612"),
                vec![el("m", "line", "0610", "N")],
            )],
            None,
        ),
        (
            vec![
                corps("A", ("g-br", "0101"), vec![el("x", "line", "0310", "N")]),
                corps("B", ("g-br2", "1401"), vec![el("y", "line", "1210", "N")]),
            ],
            Some(("wellington", "1301")),
        ),
    );
    let mut s = opened(&s, &[3, 3, 3, 3], 0, &[3]);
    let a = s.setup().corps_index("A").unwrap();
    s.corps[a].demoralised = true;
    let best = best_for(&s, &Weights::default(), "m");
    assert!(column_to(&best) > 6, "{best:?}");
    let control = Weights {
        live: 0.0,
        ..Weights::default()
    };
    let best = best_for(&s, &control, "m");
    assert!(column_to(&best) < 6, "{best:?}");
}

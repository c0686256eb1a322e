//! Rifle and Kepi's standard computer level (issue 38, `src/engine/rifle_and_kepi/ai/`):
//! every command it gives is one the legal list offers, over seeded games of the test
//! scenario and both shipped scenarios; the same seed gives the same game; it beats random
//! play on each side of both shipped scenarios in small seeded samples (the full measure, 100
//! games a side, is in docs/ai.md); and puzzles on small positions of the test map, each with
//! its control (the same puzzle with the term off, or a position where the choice is the
//! other one), so that each can fail:
//!
//! - it attacks an enemy in the flank rather than obliquely (RK Combat: "-2 Under flank
//!   attack"); the control turns the enemy round, and it takes the other hex;
//! - it does not attack at hopeless odds; the control, a beaten enemy turned away, it does;
//! - its HQ activates a unit whose card dithering inverted (RK Turn sequence ii, iv); the
//!   control, with the HQ term off, does not;
//! - its guns bombard the enemy its infantry fights (RK Artillery); the control, with the
//!   artillery term off, does not;
//! - a column ending its move where the enemy can reach it deploys (RK Combat: "X 0.5 if in
//!   column"); the control, with the enemy out of reach, stays in column;
//! - it takes an undefended objective in reach, saying so; the control, with the objective
//!   and advance terms off, does not in every seed;
//! - a large division deploys over two hexes to take two objectives side by side (RK
//!   Formations: "Large divisions may deploy in two adjacent hex"), which it does not with the
//!   term off; the control, with one objective only, deploys in one hex;
//! - an HQ goes with the unit it activates when that unit is the only one about it (RK
//!   Movement: "HQ may accompany"), which it does not with the term off; the control, two
//!   other units next to the HQ, it stays with them;
//! - a side that must attack neither fortifies nor digs in a unit off an objective (RK
//!   Movement: markers cost a point to leave); the control, the side ahead on points, does.

use crate::common;
use common::rk::{card_faces, columns, deal, fixture, ix, unit, with};
use kepi::ai::balance::games;
use kepi::engine::dice::{Dice, FixedDice, SeededDice};
use kepi::engine::game::{AnyRuleset, options_from_rules, registry};
use kepi::engine::rifle_and_kepi::ai::place::{self, Fields};
use kepi::engine::rifle_and_kepi::ai::{Standard, Weights};
use kepi::engine::rifle_and_kepi::legal::{RandomPlayer, legal};
use kepi::engine::rifle_and_kepi::section::Formation;
use kepi::engine::rifle_and_kepi::state::{Command, Phase, State, Status};
use kepi::engine::{Player, RifleAndKepi, Ruleset};
use kepi::library::load_scenario;
use kepi::scenario::Scenario;
use serde_json::{Value, json};
use std::path::Path;

fn shipped(id: &str) -> Scenario {
    load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.json")))
        .expect("the shipped scenario loads")
}

/// One game, standard on the sides `standard` says and random on the others; every command
/// the standard level gives is checked against the legal list of its state. The commands and
/// the winner.
fn play_checked(sc: &Scenario, seed: u64, standard: [bool; 2]) -> (Vec<Command>, Option<usize>) {
    let mut s = RifleAndKepi.start(sc, &Default::default()).unwrap();
    let mut players: Vec<Box<dyn Player<RifleAndKepi>>> = (0..2)
        .map(|i| -> Box<dyn Player<RifleAndKepi>> {
            if standard[i] {
                Box::new(Standard::new(seed * 10 + i as u64))
            } else {
                Box::new(RandomPlayer::new(seed * 10 + 5 + i as u64))
            }
        })
        .collect();
    let mut dice = SeededDice::new(seed);
    let mut commands = Vec::new();
    while !RifleAndKepi.progress(&s).over {
        assert!(commands.len() < 50_000, "seed {seed}: no end");
        let side = RifleAndKepi.progress(&s).player;
        let c = players[side].next(&s);
        if standard[side] {
            assert!(
                legal(&s).contains(&c),
                "seed {seed}: the standard level gave {c:?}, not a legal command in game-turn {}",
                s.turn
            );
        }
        s = RifleAndKepi
            .apply(&s, &c, &mut dice as &mut dyn Dice)
            .unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"))
            .0;
        commands.push(c);
    }
    (commands, s.outcome.as_ref().and_then(|o| o.winner))
}

#[test]
fn every_command_is_legal_on_the_test_scenario_and_the_same_seed_gives_the_same_game() {
    let sc = fixture(|_| {});
    for seed in 1..=2 {
        play_checked(&sc, seed, [true, true]);
        play_checked(&sc, seed, [seed % 2 == 0, seed % 2 == 1]);
    }
    let a = play_checked(&sc, 7, [true, false]);
    let b = play_checked(&sc, 7, [true, false]);
    assert_eq!(a, b);
}

#[test]
fn every_command_is_legal_on_both_shipped_scenarios() {
    for id in ["rk-trautenau", "rk-koniggratz"] {
        let sc = shipped(id);
        play_checked(&sc, 1, [true, false]);
        play_checked(&sc, 2, [false, true]);
    }
}

/// Issue 38's strength target, CI-sized: on both shipped scenarios and each side, the standard
/// level wins at least 3 of 4 seeded games against random play (2 pairs of player seeds on
/// dice seeds 1 and 2, `ai::balance::games`). Deterministic: it fails when a change makes the
/// standard level lose games it won. The one side that does not meet issue 38's 90 % over 100
/// games, Austria at Trautenau (docs/ai.md, "Strength (Rifle and Kepi)": 69 of 100), is held
/// to at least 2 of 4.
#[test]
fn standard_beats_random_on_both_sides_of_both_shipped_scenarios() {
    let mut failures = Vec::new();
    for id in ["rk-trautenau", "rk-koniggratz"] {
        let s = shipped(id);
        let rules: &'static dyn AnyRuleset = registry::get(s.file.ruleset.key()).unwrap();
        let opts = options_from_rules(rules, &s, &[]).unwrap();
        for (side, levels) in [(0, ["standard", "random"]), (1, ["random", "standard"])] {
            let g = games(rules, &s, &opts, levels, 2, 1, 2).expect("games play to the end");
            assert_eq!(g.len(), 4);
            let won = g.iter().filter(|p| p.winner == Some(side)).count();
            let needed = if (id, side) == ("rk-trautenau", 1) {
                2
            } else {
                3
            };
            if won < needed {
                failures.push(format!(
                    "{id} side {side}: standard won {won} of 4 (at least {needed})"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---- Puzzles --------------------------------------------------------------------------------

/// The test map with only the units listed, both sides free to set up anywhere, and the
/// objectives `objectives` (Austria's, as `[{"hex", "points"}]`).
fn position(units: &[(usize, Value)], objectives: Value) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(columns(1..=12));
        v["deployment"][1]["zone"]["hexes"] = json!(columns(1..=12));
        v["sides"][1]["objectives"] = objectives.clone();
        for side in 0..2 {
            v["sides"][side]["units"] = json!(
                units
                    .iter()
                    .filter(|(s, _)| *s == side)
                    .map(|(_, u)| u.clone())
                    .collect::<Vec<_>>()
            );
        }
    });
    RifleAndKepi.start(&sc, &Default::default()).unwrap()
}

/// `s` dealt with `id`'s card the king, the others' low (2), no card inverted.
fn dealt(s: &State, id: &str) -> State {
    deal(s, &[(id, 13)], 2, &[1, 1], &[]).0
}

/// The standard level (seed, weights) acts from `s` until the unit `id` has finished its
/// action; its movement die shows `face`. The commands given with their words, and the state
/// after.
fn act(s: &State, id: &str, seed: u64, w: Weights, face: u8) -> (Vec<(Command, String)>, State) {
    let mut p = Standard::with_weights(seed, w);
    let u = ix(s, id);
    let side = s.player;
    let mut s = s.clone();
    let mut out = Vec::new();
    let mut dice = SeededDice::new(seed);
    while s.phase == Phase::Activation && s.player == side && !s.units[u].acted {
        assert!(out.len() < 50, "no end to {id}'s action");
        let (c, reasons) = p.decide(&s);
        assert!(legal(&s).contains(&c), "{c:?} is not legal");
        let words = reasons
            .iter()
            .map(|r| r.words.clone())
            .collect::<Vec<_>>()
            .join("; ");
        s = if matches!(c, Command::Move { .. }) {
            RifleAndKepi
                .apply(&s, &c, &mut FixedDice::new([face]))
                .unwrap()
                .0
        } else {
            RifleAndKepi
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap()
                .0
        };
        out.push((c, words));
    }
    (out, s)
}

/// The hex the unit's last step entered.
fn last_step(commands: &[(Command, String)]) -> Option<String> {
    commands.iter().rev().find_map(|(c, _)| match c {
        Command::Step { to, .. } => Some(to.clone()),
        _ => None,
    })
}

fn all_words(commands: &[(Command, String)]) -> String {
    commands
        .iter()
        .map(|(_, w)| w.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// a-1 (massed) deployed at 0506 facing `facing`; p-7 (breechloaders) deployed two hexes east
/// at 0706 facing west: it can step to 0605 (60 degrees off a-1's north) or 0606 (120).
fn flank_puzzle(facing: &str) -> State {
    let s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0706"),
                    json!({"formation": "deployed", "facing": "W", "armament": "breech"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0506"),
                    json!({"formation": "deployed", "facing": facing, "massed": true}),
                ),
            ),
        ],
        json!([]),
    );
    dealt(&s, "p-7")
}

#[test]
fn puzzle_attacks_in_the_flank_rather_than_obliquely_and_its_control_turns_the_enemy_round() {
    for (facing, want) in [("N", "0606"), ("S", "0605")] {
        for seed in 1..=5 {
            let s = flank_puzzle(facing);
            let (commands, _) = act(&s, "p-7", seed, Weights::default(), 6);
            assert_eq!(
                last_step(&commands).as_deref(),
                Some(want),
                "a-1 facing {facing}, seed {seed}: {commands:?}"
            );
            let words = all_words(&commands);
            assert!(
                words.contains("attacks Brigade") || words.contains("attacks a-1"),
                "{words}"
            );
            assert!(words.contains("in the flank"), "{words}");
        }
    }
}

/// p-7 two hexes from a-1: p-7 shaken with one step left, a-1 dug in (two markers) with the
/// guns in its hex, facing p-7; or (`beaten`) a-1 shaken, one step left, facing away.
fn odds_puzzle(beaten: bool) -> State {
    let a1 = if beaten {
        json!({"formation": "deployed", "facing": "W"})
    } else {
        json!({"formation": "deployed", "facing": "E"})
    };
    let mut units = vec![
        (
            0,
            with(
                unit("p-7", "infantry", "0706"),
                json!({"formation": "deployed", "facing": "W"}),
            ),
        ),
        (1, with(unit("a-1", "infantry", "0506"), a1)),
    ];
    if !beaten {
        units.push((
            1,
            with(
                unit("a-art", "artillery", "0506"),
                json!({"formation": "deployed", "facing": "E"}),
            ),
        ));
    }
    // Shaken and weakened after the deal (no rally rolled).
    let mut s = dealt(&position(&units, json!([])), "p-7");
    let (p7, a1) = (ix(&s, "p-7"), ix(&s, "a-1"));
    if beaten {
        s.units[a1].status = Status::Shaken;
        s.units[a1].steps = 1;
    } else {
        s.units[p7].status = Status::Shaken;
        s.units[p7].steps = 1;
        s.units[a1].dm = 2;
    }
    s
}

fn adjacent_to(s: &State, id: &str, other: &str) -> bool {
    let g = &s.setup().grid;
    match (s.units[ix(s, id)].hex, s.units[ix(s, other)].hex) {
        (Some(a), Some(b)) => g.adjacent(a, b),
        _ => false,
    }
}

#[test]
fn puzzle_does_not_attack_at_hopeless_odds_and_its_control_attacks_a_beaten_enemy() {
    for seed in 1..=5 {
        let s = odds_puzzle(false);
        let (commands, after) = act(&s, "p-7", seed, Weights::default(), 6);
        assert!(
            !adjacent_to(&after, "p-7", "a-1"),
            "seed {seed}: {commands:?}"
        );
        let s = odds_puzzle(true);
        let (commands, _) = act(&s, "p-7", seed, Weights::default(), 6);
        let words = all_words(&commands);
        assert!(
            last_step(&commands).is_some() && words.contains("attacks"),
            "seed {seed}: {commands:?}"
        );
        assert!(words.contains("to 1"), "the odds in words: {words}");
    }
}

/// The Prussian HQ with p-7 (a column) in its hex at 0305, p-7's card a 3 turned by
/// dithering, the HQ's the king; the Austrians' objective (0704, 3 points) four hexes east,
/// a-1 far off at 1208.
fn hq_puzzle() -> State {
    let s = position(
        &[
            (0, unit("p-hq", "hq", "0305")),
            (0, unit("p-7", "infantry", "0305")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        json!([{"hex": "0704", "points": 3}]),
    );
    let mut faces = card_faces(&s, &[("p-hq", 13), ("p-7", 3)], 2);
    // Prussia (good C3) dithers at 5 - 1 = 4: its 3 is inverted. Austria at 2.
    faces.extend([6, 1]);
    let (s, _) = common::rk::play(&s, json!({"kind": "deal"}), &faces);
    assert!(s.units[ix(&s, "p-7")].inverted);
    s
}

#[test]
fn puzzle_an_hq_activates_a_unit_dithering_stopped_and_its_control_without_the_term_does_not() {
    for seed in 1..=5 {
        let s = hq_puzzle();
        let mut p = Standard::new(seed);
        let (c, reasons) = p.decide(&s);
        assert!(
            matches!(&c, Command::HqActivate { unit, .. } if unit == "p-7"),
            "seed {seed}: {c:?}"
        );
        assert!(
            reasons
                .iter()
                .any(|r| r.words.contains("dithering inverted")),
            "{reasons:?}"
        );
        let mut p = Standard::with_weights(
            seed,
            Weights {
                hq: 0.0,
                ..Weights::default()
            },
        );
        let (c, _) = p.decide(&s);
        assert!(
            !matches!(c, Command::HqActivate { .. }),
            "seed {seed}: {c:?}"
        );
    }
}

/// The bombardment phase, Prussia to fire: p-7 in combat with a-1 at 0506/0606, the
/// Prussian rifled guns unlimbered at 0806, two hexes from a-1 with a clear line.
fn bombardment_puzzle() -> State {
    let mut s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0606"),
                    json!({"formation": "deployed", "facing": "WNW"}),
                ),
            ),
            (
                0,
                with(
                    unit("p-art", "artillery", "0806"),
                    json!({"formation": "deployed", "facing": "W"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0506"),
                    json!({"formation": "deployed", "facing": "ESE"}),
                ),
            ),
        ],
        json!([]),
    );
    s.phase = Phase::Bombardment;
    s.player = 0;
    s
}

#[test]
fn puzzle_guns_bombard_the_enemy_their_infantry_fights_and_the_control_without_the_term_does_not() {
    let s = bombardment_puzzle();
    assert!(
        legal(&s).iter().any(|c| matches!(c, Command::Fire { .. })),
        "the puzzle offers a fire"
    );
    for seed in 1..=5 {
        let (c, reasons) = Standard::new(seed).decide(&s);
        assert!(
            matches!(&c, Command::Fire { target, .. } if target == "0506"),
            "seed {seed}: {c:?}"
        );
        assert!(
            reasons.iter().any(|r| r.words.contains("% to hit")),
            "{reasons:?}"
        );
        let (c, _) = Standard::with_weights(
            seed,
            Weights {
                artillery: 0.0,
                ..Weights::default()
            },
        )
        .decide(&s);
        assert_eq!(c, Command::End, "seed {seed}");
    }
}

/// p-7, a column at 0302, moving; a-1 deployed at `enemy`.
fn formation_puzzle(enemy: &str) -> State {
    let s = position(
        &[
            (0, unit("p-7", "infantry", "0302")),
            (
                1,
                with(
                    unit("a-1", "infantry", enemy),
                    json!({"formation": "deployed", "facing": "W"}),
                ),
            ),
        ],
        json!([]),
    );
    dealt(&s, "p-7")
}

#[test]
fn puzzle_a_column_the_enemy_can_reach_deploys_and_its_control_out_of_reach_stays_in_column() {
    for (enemy, deployed) in [("0802", true), ("1207", false)] {
        for seed in 1..=5 {
            let s = formation_puzzle(enemy);
            let (commands, after) = act(&s, "p-7", seed, Weights::default(), 4);
            let p7 = &after.units[ix(&after, "p-7")];
            assert_eq!(
                p7.formation == Formation::Deployed,
                deployed,
                "a-1 at {enemy}, seed {seed}: {commands:?}"
            );
        }
    }
}

/// p-7, a column at 0504, two hexes from the Austrians' empty objective 0704 (the town on
/// the hill, 3 points); a-1 far off at 1208.
fn objective_puzzle() -> State {
    let s = position(
        &[
            (0, unit("p-7", "infantry", "0504")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        json!([{"hex": "0704", "points": 3}]),
    );
    dealt(&s, "p-7")
}

#[test]
fn puzzle_takes_an_undefended_objective_in_reach_and_its_control_without_the_terms_does_not() {
    let mut control_took = 0;
    for seed in 1..=5 {
        let s = objective_puzzle();
        let (commands, _) = act(&s, "p-7", seed, Weights::default(), 6);
        assert_eq!(
            last_step(&commands).as_deref(),
            Some("0704"),
            "seed {seed}: {commands:?}"
        );
        assert!(all_words(&commands).contains("takes 0704"), "{commands:?}");
        let (commands, _) = act(
            &s,
            "p-7",
            seed,
            Weights {
                objective: 0.0,
                advance: 0.0,
                ..Weights::default()
            },
            6,
        );
        if last_step(&commands).as_deref() == Some("0704") {
            control_took += 1;
        }
    }
    assert!(
        control_took < 5,
        "without the terms it took 0704 in every seed"
    );
}

/// p-7, a large column at 0303 moving, the Austrians' empty objectives at `objectives`
/// (`[{"hex", "points"}]`); a-1 far off at 1208.
fn large_puzzle(objectives: Value) -> State {
    let s = position(
        &[
            (
                0,
                with(unit("p-7", "infantry", "0303"), json!({"large": true})),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        objectives,
    );
    dealt(&s, "p-7")
}

#[test]
fn puzzle_a_large_division_deploys_over_two_objectives_and_its_control_with_one_does_not() {
    let two = json!([{"hex": "0503", "points": 2}, {"hex": "0504", "points": 2}]);
    let one = json!([{"hex": "0503", "points": 2}]);
    let mut off_took_both = 0;
    for seed in 1..=5 {
        let (commands, after) = act(
            &large_puzzle(two.clone()),
            "p-7",
            seed,
            Weights::default(),
            4,
        );
        let p7 = &after.units[ix(&after, "p-7")];
        let held: Vec<String> = [p7.hex, p7.second]
            .iter()
            .flatten()
            .map(|&h| after.setup().name(h))
            .collect();
        assert!(
            held.contains(&"0503".to_string()) && held.contains(&"0504".to_string()),
            "seed {seed}: {commands:?}"
        );
        assert!(
            all_words(&commands).contains("deploys over two hexes"),
            "{commands:?}"
        );
        // The term off: its ends over two hexes are not looked at.
        let (_, after) = act(
            &large_puzzle(two.clone()),
            "p-7",
            seed,
            Weights {
                two_hexes: 0.0,
                ..Weights::default()
            },
            4,
        );
        if after.units[ix(&after, "p-7")].second.is_some() {
            off_took_both += 1;
        }
        // The control: one objective, nothing for the second hex to hold.
        let (commands, after) = act(
            &large_puzzle(one.clone()),
            "p-7",
            seed,
            Weights::default(),
            4,
        );
        let p7 = &after.units[ix(&after, "p-7")];
        assert_eq!(p7.second, None, "seed {seed}: {commands:?}");
        assert_eq!(
            p7.hex.map(|h| after.setup().name(h)).as_deref(),
            Some("0503"),
            "seed {seed}: {commands:?}"
        );
    }
    assert_eq!(off_took_both, 0);
}

/// [`hq_puzzle`], with (`crowd`) p-8 and p-9 next to the HQ, their cards high (12, 11: not
/// inverted, to come after the HQ's king).
fn accompany_puzzle(crowd: bool) -> State {
    let mut units = vec![
        (0, unit("p-hq", "hq", "0305")),
        (0, unit("p-7", "infantry", "0305")),
        (1, unit("a-1", "infantry", "1208")),
    ];
    if crowd {
        units.push((0, unit("p-8", "infantry", "0304")));
        units.push((0, unit("p-9", "infantry", "0205")));
    }
    let s = position(&units, json!([{"hex": "0704", "points": 3}]));
    let mut faces = card_faces(&s, &[("p-hq", 13), ("p-7", 3), ("p-8", 12), ("p-9", 11)], 2);
    faces.extend([6, 1]);
    let (s, _) = common::rk::play(&s, json!({"kind": "deal"}), &faces);
    assert!(s.units[ix(&s, "p-7")].inverted);
    s
}

#[test]
fn puzzle_an_hq_goes_with_the_unit_it_activates_and_its_control_stays_with_its_other_units() {
    for seed in 1..=5 {
        let s = accompany_puzzle(false);
        let (c, reasons) = Standard::new(seed).decide(&s);
        assert!(
            matches!(&c, Command::HqActivate { unit, accompany: true, .. } if unit == "p-7"),
            "seed {seed}: {c:?} {reasons:?}"
        );
        assert!(
            reasons.iter().any(|r| r.words.contains("HQ may accompany")),
            "{reasons:?}"
        );
        // The term off: it activates p-7 and stays.
        let (c, _) = Standard::with_weights(
            seed,
            Weights {
                follow: 0.0,
                ..Weights::default()
            },
        )
        .decide(&s);
        assert!(
            matches!(&c, Command::HqActivate { unit, accompany: false, .. } if unit == "p-7"),
            "seed {seed}: {c:?}"
        );
        // The control: p-8 and p-9 about the HQ; it activates p-7 and stays with them.
        let s = accompany_puzzle(true);
        let (c, _) = Standard::new(seed).decide(&s);
        assert!(
            matches!(&c, Command::HqActivate { unit, accompany: false, .. } if unit == "p-7"),
            "seed {seed}: {c:?}"
        );
    }
}

// ---- The side's posture (`ai::posture`; off in the standard level, see docs/ai.md) ----------

/// The score and words of `id` standing as in `t` (after a move from `s`, or where it is), for
/// its side, with the weights `w`.
fn scored(s: &State, t: &State, id: &str, w: &Weights) -> (f64, String) {
    let u = ix(s, id);
    let side = s.setup().units[u].side;
    let f = Fields::new(s, side, w);
    let c = place::score(s, t, u, &f, w);
    let words = c
        .reasons
        .iter()
        .map(|r| r.words.clone())
        .collect::<Vec<_>>()
        .join("; ");
    (c.score, words)
}

/// `s` with `id` standing at `hex` instead.
fn moved_to(s: &State, id: &str, hex: &str) -> State {
    let mut t = s.clone();
    let u = ix(s, id);
    t.units[u].hex = Some(s.setup().parse(hex).unwrap());
    t
}

/// a-1 (massed) deployed alone in Austria's objective 0704 (3 points), facing east; p-7 and
/// p-8 (breechloaders) deployed two hexes east at 0904 and 0905, both able to reach it; on
/// game-turn `turn` of 8.
fn hold_puzzle(turn: u32) -> State {
    let mut s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0904"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                0,
                with(
                    unit("p-8", "infantry", "0905"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0704"),
                    json!({"formation": "deployed", "facing": "E", "massed": true}),
                ),
            ),
        ],
        json!([{"hex": "0704", "points": 3}]),
    );
    s.turn = turn;
    s
}

/// RK Victory (Kepi's reading: points counted at the end) and RK Result (a step lost per enemy
/// division): holding early, a unit alone where two enemy brigades can reach it counts its
/// worth off there, and says so; the controls: with `Weights::posture` off nothing is taken
/// off, and on the last game-turn (the side striking) neither.
#[test]
fn puzzle_a_holding_side_counts_a_unit_outnumbered_where_it_stands_and_its_controls_do_not() {
    let on = Weights {
        posture: 1.0,
        ..Weights::default()
    };
    let s = hold_puzzle(1);
    let (with_term, words) = scored(&s, &s, "a-1", &on);
    assert!(words.contains("holds back until game-turn"), "{words}");
    let (without, words_off) = scored(&s, &s, "a-1", &Weights::default());
    assert!(!words_off.contains("holds back"), "{words_off}");
    assert!(
        with_term < without - 0.5,
        "outnumbered, its stay is worth less with the term: {with_term} against {without}"
    );
    // Out of the brigades' reach at 0304, nothing is taken off.
    let t = moved_to(&s, "a-1", "0304");
    let (far_on, far_words) = scored(&s, &t, "a-1", &on);
    let (far_off, _) = scored(&s, &t, "a-1", &Weights::default());
    assert!(!far_words.contains("holds back"), "{far_words}");
    assert!((far_on - far_off).abs() < 1e-9);
    // The last game-turn: the side strikes, it holds back no more.
    let s = hold_puzzle(8);
    let (late_on, late_words) = scored(&s, &s, "a-1", &on);
    let (late_off, _) = scored(&s, &s, "a-1", &Weights::default());
    assert!(!late_words.contains("holds back"), "{late_words}");
    assert!((late_on - late_off).abs() < 1e-9);
}

/// a-1 deployed at 1004, Austria's objective 0704 (3 points) held by Prussia, p-7 far off at
/// 0108; on game-turn `turn` of 8.
fn strike_puzzle(turn: u32) -> State {
    let mut s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0108"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "1004"),
                    json!({"formation": "deployed"}),
                ),
            ),
        ],
        json!([{"hex": "0704", "points": 3}]),
    );
    let h = s.setup().parse("0704").unwrap();
    let i = s
        .setup()
        .objectives
        .iter()
        .position(|&(x, _)| x == h)
        .unwrap();
    s.held[i] = Some(0);
    s.turn = turn;
    s
}

/// RK Victory, Kepi's reading (an objective is the side's that last stood in it, counted at the
/// end): on the last game-turns the side strikes, a step towards the objective the enemy holds
/// worth `Weights::strike` times its pull, saying so; the controls: with the term off (1) the
/// step is worth the pull alone, and early in the game (holding) too.
#[test]
fn puzzle_a_striking_side_pushes_for_the_objective_late_and_its_controls_do_not() {
    let on = Weights {
        strike: 2.0,
        ..Weights::default()
    };
    let gain = |turn: u32, w: &Weights| {
        let s = strike_puzzle(turn);
        let t = moved_to(&s, "a-1", "0804");
        let (stay, _) = scored(&s, &s, "a-1", w);
        let (step, words) = scored(&s, &t, "a-1", w);
        (step - stay, words)
    };
    let (late_on, words) = gain(7, &on);
    assert!(words.contains("counterattacks for 0704"), "{words}");
    let (late_off, words_off) = gain(7, &Weights::default());
    assert!(!words_off.contains("counterattacks"), "{words_off}");
    assert!(
        late_on > late_off + 0.1,
        "striking, the step is worth more: {late_on} against {late_off}"
    );
    let (early_on, early_words) = gain(1, &on);
    assert!(!early_words.contains("counterattacks"), "{early_words}");
    assert!((early_on - gain(1, &Weights::default()).0).abs() < 1e-9);
}

/// a-1 and a-2 deployed in Austria's objective 0704 (3 points; a-2 set up at 0604 and put in
/// after the set-up); p-7 deployed two hexes east at 0904 (it can reach them).
fn cover_puzzle() -> State {
    let s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0904"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0704"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-2", "infantry", "0604"),
                    json!({"formation": "deployed"}),
                ),
            ),
        ],
        json!([{"hex": "0704", "points": 3}]),
    );
    moved_to(&s, "a-2", "0704")
}

/// RK Victory (Kepi's reading: an objective is held by the side that last stood in it): a
/// second unit in an objective a friend holds counts nothing for holding it
/// (`Weights::cover`); the control, with the term off, counts it ("holds 0704").
#[test]
fn puzzle_a_second_unit_in_a_held_objective_counts_nothing_for_it_and_its_control_does() {
    let s = cover_puzzle();
    let on = Weights {
        cover: 1.0,
        ..Weights::default()
    };
    let (with_term, words) = scored(&s, &s, "a-2", &on);
    assert!(!words.contains("holds 0704"), "{words}");
    let (without, words_off) = scored(&s, &s, "a-2", &Weights::default());
    assert!(words_off.contains("holds 0704"), "{words_off}");
    assert!(with_term < without - 0.5, "{with_term} against {without}");
}

/// p-7 deployed at 0504, a-1 deployed two hexes off at 0704 (it can attack p-7), Austria's
/// objective 1208 (3 points) held by Austria, or with `ahead` by Prussia.
fn entrench_puzzle(ahead: bool) -> State {
    let mut s = position(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0504"),
                    json!({"formation": "deployed", "facing": "ESE"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0704"),
                    json!({"formation": "deployed", "facing": "WNW"}),
                ),
            ),
        ],
        json!([{"hex": "1208", "points": 3}]),
    );
    if ahead {
        s.held[0] = Some(0);
    }
    s
}

/// [`entrench_puzzle`] in the fortify phase, Prussia to place its markers.
fn fortify_phase(s: &State) -> State {
    let mut s = s.clone();
    s.phase = Phase::Fortify;
    s.player = 0;
    s
}

/// RK Movement ("-1 ... entrenched": dig-in markers cost a point to leave), RK Turn sequence
/// vi: a side that must attack (its points not above the enemy's) neither fortifies nor digs
/// in a unit off an objective, though the enemy can attack it; the control, the same position
/// with Prussia ahead on points (it holds the objective), fortifies it and values digging in.
#[test]
fn puzzle_a_side_that_must_attack_does_not_entrench_and_its_control_ahead_on_points_does() {
    use kepi::engine::rifle_and_kepi::ai::cards;
    let dig_in = |s: &State| {
        let s = dealt(s, "p-7");
        let w = Weights::default();
        let f = Fields::new(&s, 0, &w);
        cards::unit_actions(&s, ix(&s, "p-7"), &legal(&s), &f, &w)
            .into_iter()
            .find(|k| matches!(k.command, Command::DigIn { .. }))
            .expect("digging in is offered")
            .score
    };
    for ahead in [false, true] {
        let position = entrench_puzzle(ahead);
        let s = fortify_phase(&position);
        let fortify = Command::Fortify { unit: "p-7".into() };
        assert!(legal(&s).contains(&fortify), "the puzzle offers a fortify");
        for seed in 1..=5 {
            let (c, reasons) = Standard::new(seed).decide(&s);
            if ahead {
                assert_eq!(c, fortify, "seed {seed}: ahead on points, it fortifies");
                assert!(
                    reasons.iter().any(|r| r.words.contains("can attack it")),
                    "{reasons:?}"
                );
            } else {
                assert_eq!(c, Command::End, "seed {seed}: it must attack, it moves on");
            }
        }
        let v = dig_in(&position);
        if ahead {
            assert!(v > 0.1, "ahead, digging in is worth {v}");
        } else {
            assert!(v.abs() < 1e-9, "it must attack, digging in is worth {v}");
        }
    }
}

//! Seeded random games through the engine: they end, and the rule invariants hold at every
//! step (R&S 7.0 stacking, no unit in an enemy hex, disrupted units never attack), and
//! replaying the recorded dice reproduces every state hash.

use kepi::engine::dice::{RecordedDice, SeededDice};
use kepi::engine::rifle_and_saber::autoplay::Policy;
use kepi::engine::rifle_and_saber::state::{Location, Phase, State};
use kepi::engine::rifle_and_saber::{Command, Event, GameOptions};
use kepi::engine::{RifleAndSaber, Ruleset};
use kepi::library::load_scenario;
use std::collections::BTreeMap;
use std::path::Path;

use crate::common::scale;

fn check_invariants(s: &State, events: &[Event], before: &State) {
    let mut sides: BTreeMap<_, usize> = BTreeMap::new();
    for (h, stack) in s.stacks() {
        let points: u32 = stack.iter().map(|&u| s.kind(u).stacking).sum();
        assert!(points <= 6, "R&S 7.0: {h} holds {points} stacking points");
        for &u in &stack {
            let side = s.side_of(u);
            assert_eq!(*sides.entry(h).or_insert(side), side, "both sides in {h}");
        }
    }
    for e in events {
        let attacker = match e {
            Event::FireAllocated { unit, .. } | Event::ShockAllocated { unit, .. } => Some(*unit),
            _ => None,
        };
        if let Some(u) = attacker {
            assert!(
                !before.units[u].disrupted(),
                "R&S 6.0(A): disrupted {} attacked",
                before.label(u)
            );
        }
    }
}

pub fn play_game(path: &Path, seed: u64, options: GameOptions) -> (State, usize) {
    let scenario = load_scenario(path).unwrap_or_else(|p| panic!("{p}"));
    let mut state = RifleAndSaber.start(&scenario, &options).unwrap();
    let mut dice = SeededDice::new(seed);
    let mut policy = Policy::new(seed);
    let mut record: Vec<(Command, Vec<kepi::engine::dice::Roll>, String)> = Vec::new();
    let start = state.clone();
    let mut steps = 0;
    while state.phase != Phase::Over {
        steps += 1;
        assert!(steps < 200_000, "game does not end");
        let cmd = policy.next(&state);
        let (next, events) = RifleAndSaber
            .apply(&state, &cmd, &mut dice)
            .unwrap_or_else(|e| panic!("policy chose a refused command {cmd:?}: {e}"));
        check_invariants(&next, &events, &state);
        record.push((cmd, RifleAndSaber.rolls(&events), next.hash()));
        state = next;
    }
    // Replay with the recorded dice: the same states, hash for hash.
    let mut replay = start;
    for (i, (cmd, rolls, hash)) in record.iter().enumerate() {
        let mut d = RecordedDice::new(rolls.clone());
        let (next, _) = RifleAndSaber.apply(&replay, cmd, &mut d).unwrap();
        assert_eq!(&next.hash(), hash, "replay differs at command {i}");
        replay = next;
    }
    let units_left = state
        .units
        .iter()
        .filter(|u| matches!(u.location, Location::Hex(_)))
        .count();
    (state, units_left)
}

#[test]
fn sample_scenario_games_end_with_invariants_held_and_replay_exactly() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/library/scenarios/sample.json");
    for seed in 0..20 {
        let (state, _) = play_game(&path, seed, GameOptions::default());
        let outcome = state.outcome.expect("a finished game has an outcome");
        assert!(!outcome.reason.is_empty());
    }
}

/// Every move `reachable` lists is accepted by `check_move`, in many positions of real games.
#[test]
fn every_listed_move_is_legal() {
    use kepi::engine::rifle_and_saber::movement::{check_move, reachable};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for id in [
        "rs-01-fatehpur",
        "rs-09-langensalza",
        "rs-13-plevna-green-hills",
        "rs-17-south-africa",
    ] {
        let path = root.join(format!("scenarios/{id}.json"));
        let scenario = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
        let mut state = RifleAndSaber
            .start(&scenario, &GameOptions::default())
            .unwrap();
        let mut dice = SeededDice::new(3);
        let mut policy = Policy::new(3);
        let mut checked = 0;
        while state.phase != Phase::Over && state.turn <= 4 {
            if state.phase == Phase::Movement && state.pending.is_none() {
                for u in 0..state.units.len() {
                    if state.side_of(u) != state.player {
                        continue;
                    }
                    for charge in [false, true] {
                        for (h, p) in reachable(&state, u, charge) {
                            if let Err(e) = check_move(&state, u, &p, charge) {
                                panic!("{id}: {} to {h} listed but refused: {e}", state.label(u));
                            }
                            checked += 1;
                        }
                    }
                }
            }
            let cmd = policy.next(&state);
            state = RifleAndSaber.apply(&state, &cmd, &mut dice).unwrap().0;
        }
        assert!(checked > 100, "{id}: only {checked} moves checked");
    }
}

/// Every shipped scenario, both sides deployed legally by the seeded policy, 24 seeded random
/// games each (408 in all; times `KEPI_TEST_SCALE`) to the end with the invariants held at
/// every step; every fifth game is also replayed from its recorded dice, hash for hash.
#[test]
fn every_scenario_plays_seeded_games_to_the_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("rs-"))
        })
        .collect();
    files.sort();
    // Rifle & Saber's fast player: the R&S scenarios only (Age of Rifles' Gettysburg is played
    // by tests/age_of_rifles_play.rs).
    assert_eq!(files.len(), 17, "the 17 Rifle & Saber scenarios");
    for path in &files {
        let scenario = load_scenario(path).unwrap_or_else(|p| panic!("{p}"));
        let mut decided = 0;
        for seed in 0..scale::scaled(24) {
            let (state, _) = if seed % 5 == 0 {
                play_game(path, seed, GameOptions::default())
            } else {
                play_fast(&scenario, seed)
            };
            let outcome = state.outcome.expect("every game ends with an outcome");
            decided += usize::from(outcome.winner.is_some());
        }
        // Random play decides most games one way or the other; a scenario where no game is
        // ever decided would point at a broken victory condition.
        let title = &scenario.file.title;
        let whoever = matches!(
            scenario.file.victory[0].rule.shared(),
            Some(kepi::scenario::rules::VictoryRule::HoldForTurns { side: None, .. })
        );
        assert!(decided > 0 || whoever, "{title}: no game decided");
    }
}

/// A game with invariant checks but no replay.
fn play_fast(scenario: &kepi::scenario::Scenario, seed: u64) -> (State, usize) {
    let mut state = RifleAndSaber
        .start(scenario, &GameOptions::default())
        .unwrap();
    let mut dice = SeededDice::new(seed);
    let mut policy = Policy::new(seed);
    let mut steps = 0;
    while state.phase != Phase::Over {
        steps += 1;
        assert!(steps < 200_000, "game does not end");
        let cmd = policy.next(&state);
        let (next, events) = RifleAndSaber
            .apply(&state, &cmd, &mut dice)
            .unwrap_or_else(|e| panic!("{}: seed {seed}: refused {cmd:?}: {e}", scenario.file.id));
        check_invariants(&next, &events, &state);
        state = next;
    }
    (state, steps)
}

//! The computer opponent through the ruleset-neutral API the app calls (`kepi::ai::Opponent`):
//! deterministic for a seed, explained in words, and stronger than random play on shipped
//! scenarios (issue 18: standard beats random in at least 95 % of games over paired seeds).

use kepi::ai::balance::games;
use kepi::ai::{Opponent, levels, player_name};
use kepi::engine::dice::SeededDice;
use kepi::engine::game::{AnyRuleset, options_from_rules, registry};
use kepi::library::load_scenario;
use kepi::scenario::Scenario;
use std::path::Path;

fn shipped(id: &str) -> (Scenario, &'static dyn AnyRuleset, serde_json::Value) {
    let s = load_scenario(Path::new(&format!("scenarios/{id}.json"))).expect("shipped");
    let rules = registry::get(s.file.ruleset.key()).expect("registered");
    let opts = options_from_rules(rules, &s, &[]).expect("options");
    (s, rules, opts)
}

/// The first `n` commands (and explanations) of a game of standard against random.
fn opening(seed: u64, n: usize) -> Vec<(serde_json::Value, String)> {
    let (s, rules, opts) = shipped("rs-01-fatehpur");
    let mut state = rules.start(&s, &opts).unwrap();
    let mut players = [
        Opponent::new(rules, "standard", seed).unwrap(),
        Opponent::new(rules, "random", seed).unwrap(),
    ];
    let mut dice = SeededDice::new(seed);
    let mut out = Vec::new();
    while out.len() < n && !state.progress().over {
        let d = players[state.progress().player].next(&state);
        state = rules.apply(&state, &d.command, &mut dice).unwrap().state;
        out.push((d.command, d.explanation));
    }
    out
}

#[test]
fn the_levels_are_named_and_an_unknown_level_is_refused() {
    let (_, rules, _) = shipped("rs-01-fatehpur");
    assert_eq!(levels(rules), vec!["random", "standard", "strong", "deep"]);
    assert_eq!(player_name("standard"), "Kepi, standard");
    let e = Opponent::new(rules, "grandmaster", 1).err().unwrap();
    assert!(
        e.contains("its levels are random, standard, strong, deep"),
        "{e}"
    );
}

#[test]
fn the_same_seed_gives_the_same_game_and_another_seed_another() {
    let a = opening(3, 400);
    assert_eq!(a, opening(3, 400));
    assert_ne!(a, opening(4, 400));
}

#[test]
fn its_attacks_are_explained_with_their_odds_and_chances() {
    let game = opening(5, 3000);
    let (_, fire) = game
        .iter()
        .find(|(c, e)| c["type"] == "fire" && e.contains("fire at"))
        .expect("the standard level fires in a game of Fatehpur");
    // "Fire Sepoys MZ 3 at 1419: fire at 1419: 3-1 (7-2, rounded to 3-1), 67 % to disrupt..."
    assert!(fire.contains(" % to "), "{fire}");
    assert!(fire.contains('-'), "{fire}");
    let moves = game
        .iter()
        .filter(|(c, e)| c["type"] == "move" && e.contains(": "))
        .count();
    assert!(moves > 0, "moves are explained too");
}

/// Standard against random, each side in turn on the same dice seeds (paired).
fn standard_wins(id: &str, pairs: u64) -> (u64, u64) {
    let (s, rules, opts) = shipped(id);
    let mut won = 0;
    let mut played = 0;
    for (side, levels) in [(0, ["standard", "random"]), (1, ["random", "standard"])] {
        let g = games(rules, &s, &opts, levels, pairs, 100, 2).unwrap();
        won += g.iter().filter(|p| p.winner == Some(side)).count() as u64;
        played += g.len() as u64;
    }
    (won, played)
}

#[test]
fn standard_beats_random_in_95_percent_of_paired_games() {
    for id in ["rs-05-first-bull-run", "rs-07-gettysburg-little-round-top"] {
        let (won, played) = standard_wins(id, 5);
        assert_eq!(played, 20);
        assert!(
            won * 100 >= 95 * played,
            "{id}: standard won {won} of {played}"
        );
    }
}

/// A game of the strong level against standard play from its start, to the first `n`
/// commands of the strong side: its commands and explanations.
fn strong_opening(seed: u64, n: usize) -> Vec<(serde_json::Value, String)> {
    let (s, rules, opts) = shipped("rs-07-gettysburg-little-round-top");
    let mut state = rules.start(&s, &opts).unwrap();
    let mut players = [
        Opponent::new(rules, "strong", seed).unwrap(),
        Opponent::new(rules, "standard", seed).unwrap(),
    ];
    let mut dice = SeededDice::new(seed);
    let mut out = Vec::new();
    while out.len() < n && !state.progress().over {
        let side = state.progress().player;
        let d = players[side].next(&state);
        // Every command it gives is legal: apply refuses an illegal one.
        state = rules.apply(&state, &d.command, &mut dice).unwrap().state;
        if side == 0 {
            out.push((d.command, d.explanation));
        }
    }
    out
}

#[test]
fn the_strong_level_plans_its_player_turns_and_says_which_plan() {
    let a = strong_opening(2, 60);
    assert_eq!(a.len(), 60, "the strong side gives its commands");
    assert_eq!(
        a,
        strong_opening(2, 60),
        "the same seed gives the same game"
    );
    // The first command after planning names the plan and its score over the playouts.
    let planned = a
        .iter()
        .find(|(_, e)| e.contains("expected over 3 playouts"))
        .expect("a planned player-turn");
    assert!(planned.1.contains("plan \""), "{}", planned.1);
    // The others name the plan they follow.
    assert!(a.iter().filter(|(_, e)| e.contains("plan \"")).count() > 10);
}

//! Rifle and Kepi's two historical scenarios (issue 38): Königgrätz, 3 July 1866, and
//! Trautenau, 27 June 1866 (`scenarios/rk-*.json` on `maps/rk-*.json`, docs/scenarios/). Both
//! validate and load as shipped; `kepi autoplay`'s game (the seeded random player, the game
//! record's live dice) plays each to the end the same way for the same seed and replays hash
//! for hash; and seeded random games of both hold the invariants at every command (a card at
//! most once per unit a turn, no unit in an enemy hex, steps never below zero, stacking and
//! formations legal), end, and replay from their recorded dice.

use crate::common;

use common::rk::invariants;
use common::scale;
use kepi::engine::game::{AnyState, registry};
use kepi::engine::rifle_and_kepi::state::{Phase, State};
use kepi::scenario::Scenario;
use serde_json::json;

const SCENARIOS: [&str; 2] = ["rk-koniggratz", "rk-trautenau"];

fn load(id: &str) -> Scenario {
    kepi::shipped::load_scenario(id).unwrap_or_else(|p| panic!("{id}: {p}"))
}

use common::system::autoplay_shipped as autoplay;

fn typed(s: &AnyState) -> &State {
    s.downcast::<State>().expect("a Rifle and Kepi state")
}

#[test]
fn both_scenarios_validate_and_start_with_their_reinforcements_off_the_map() {
    let rules = registry::get("rifle-and-kepi").unwrap();
    for id in SCENARIOS {
        let sc = load(id);
        assert_eq!(sc.file.ruleset.key(), "rifle-and-kepi", "{id}");
        assert_eq!(sc.map.id, id, "{id}: its own map");
        assert_eq!(
            sc.map.scale,
            rules.map_scale(),
            "{id}: 1 hex = 1000 m, as the rules"
        );
        assert_eq!(sc.map.scale.per_hex, 1000, "{id}");
        let s = rules.start(&sc, &json!({})).unwrap();
        let st = typed(&s);
        assert_eq!(st.phase, Phase::Cards);
        let arriving = st
            .setup()
            .units
            .iter()
            .filter(|u| u.arrives.is_some())
            .count();
        assert!(arriving > 0, "{id}: reinforcements");
        for (u, d) in st.setup().units.iter().enumerate() {
            assert_eq!(
                st.units[u].hex.is_none(),
                d.arrives.is_some(),
                "{id}: {}",
                d.id
            );
        }
        assert!(!st.setup().objectives.is_empty(), "{id}: objectives");
    }
}

#[test]
fn the_second_army_comes_in_from_the_north_on_its_hours() {
    let sc = load("rk-koniggratz");
    let s = registry::get("rifle-and-kepi")
        .unwrap()
        .start(&sc, &json!({}))
        .unwrap();
    let st = typed(&s);
    let arrives = |id: &str| {
        let u = st.setup().unit(id).unwrap();
        st.setup().units[u]
            .arrives
            .map(|(t, h)| (t, st.setup().name(h)))
    };
    // 11 a.m. (game-turn 4): the 1st Guard Division on the north edge; I Corps at 1 p.m.
    let (t, h) = arrives("p-1g").unwrap();
    assert_eq!(t, 4);
    assert!(h.ends_with("01"), "{h}: the north edge");
    assert_eq!(arrives("p-1").unwrap().0, 6);
    assert_eq!(arrives("a-3b"), None, "the Austrians start on the field");
}

#[test]
fn autoplay_plays_each_scenario_to_the_end_the_same_way_for_a_seed_and_replays_it() {
    for id in SCENARIOS {
        let seed = 3;
        let (a, end_a) = autoplay(id, seed, |_, _| {});
        let (b, end_b) = autoplay(id, seed, |_, _| {});
        assert_eq!(
            a.moves, b.moves,
            "{id}: the same transcript for seed {seed}"
        );
        assert_eq!(end_a.hash(), end_b.hash());
        let outcome = end_a.outcome().expect("an outcome");
        assert_eq!(Some(outcome.clone()), end_b.outcome());
        eprintln!(
            "{id} seed {seed}: {} commands, {}",
            a.moves.len(),
            outcome.reason
        );
        // The record replays from its dice, every state hash checked (session::replay_line).
        let replayed = a.replay(None).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(replayed.hash(), end_a.hash());
    }
}

#[test]
fn seeded_random_games_of_both_scenarios_keep_the_invariants_end_and_replay() {
    // Default: 2 games of each (about the debug build's budget); KEPI_TEST_SCALE multiplies.
    let games = scale::scaled(2);
    for id in SCENARIOS {
        let mut combats = 0;
        for seed in 0..games {
            let mut n = 0;
            let (game, end) = autoplay(id, 100 + seed, |before, applied| {
                let s = typed(&applied.state);
                invariants(s, seed, n);
                // A card at most once per unit a turn: each deal draws one card a unit, and
                // only the deal draws cards.
                let cards: Vec<&str> = applied
                    .rolls
                    .iter()
                    .filter(|r| r.purpose.starts_with("card for"))
                    .map(|r| r.purpose.as_str())
                    .collect();
                if typed(before).phase == Phase::Cards {
                    let mut once = cards.clone();
                    once.sort();
                    once.dedup();
                    assert_eq!(
                        once.len(),
                        cards.len(),
                        "{id} seed {seed}: a unit drew twice"
                    );
                } else {
                    assert!(cards.is_empty(), "{id} seed {seed}: cards outside the deal");
                }
                combats += applied
                    .rolls
                    .iter()
                    .filter(|r| r.purpose.starts_with("combat"))
                    .count();
                n += 1;
            });
            let st = typed(&end);
            assert_eq!(st.phase, Phase::Over, "{id} seed {seed}: the game ends");
            assert!(st.turn <= st.setup().game_length);
            let replayed = game
                .replay(None)
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert_eq!(replayed.hash(), end.hash(), "{id} seed {seed}");
        }
        assert!(combats > 0, "{id}: the games come to blows");
    }
}

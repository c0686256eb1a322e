//! Vae Victis's four historical scenarios (issue 40), one a variant: Quatre Bras (La Grande
//! Armée), Palo Alto (Los Gringos), Brawner's Farm (Rebel Yell) and Wissembourg (Kepis Rouge)
//! (`scenarios/vv-*.json` on `maps/vv-*.json`, painted by `scripts/maps/vv_*.py`, notes in
//! docs/scenarios/). Each validates and loads as shipped, on its own map at 100 paces a hex,
//! its armies within VV 2's limits as the army builder reads them; `kepi autoplay`'s game plays
//! each to the end the same way for a seed and replays hash for hash; seeded random games hold
//! the invariants at every command (one element a hex, hexside facings, ground each may enter,
//! the legal list equal to the rule checks'), end, and replay from their recorded dice.

use crate::common;

use common::scale;
use common::system::autoplay_shipped;
use common::vv::random_games;
use kepi::engine::game::registry;
use kepi::engine::vae_victis::builder;
use kepi::engine::vae_victis::section::SideSection;
use kepi::engine::vae_victis::tables;
use kepi::scenario::Scenario;

/// (scenario, variant) for each of the four.
const SCENARIOS: [(&str, &str); 4] = [
    ("vv-quatre-bras", "la-grande-armee"),
    ("vv-palo-alto", "los-gringos"),
    ("vv-brawners-farm", "rebel-yell"),
    ("vv-wissembourg", "kepis-rouge"),
];

fn load(id: &str) -> Scenario {
    kepi::shipped::load_scenario(id).unwrap_or_else(|p| panic!("{id}: {p}"))
}

fn sections(sc: &Scenario) -> Vec<SideSection> {
    sc.file
        .sides
        .iter()
        .map(|s| serde_json::from_value(serde_json::Value::Object(s.forces.clone())).unwrap())
        .collect()
}

#[test]
fn each_variant_has_a_scenario_that_validates_on_its_own_map_at_100_paces() {
    let rules = registry::get("vae-victis").unwrap();
    for (id, variant) in SCENARIOS {
        let sc = load(id);
        assert_eq!(sc.file.ruleset.key(), "vae-victis", "{id}");
        assert_eq!(sc.map.id, id, "{id}: its own map");
        assert_eq!(sc.map.scale, rules.map_scale(), "{id}: 100 paces a hex");
        assert_eq!(sc.map.scale.per_hex, 100, "{id}");
        assert!(sc.file.victory.is_empty(), "{id}: VV 10 decides");
        for s in sections(&sc) {
            assert_eq!(s.variant, variant, "{id}");
            // VV 2 Troops: the army builder finds no limit broken, and every corps is within
            // 36 points by the sheet's costs.
            let v = tables::variant(variant).unwrap();
            let corps: Vec<(&str, Vec<&str>)> = s
                .corps
                .iter()
                .map(|c| {
                    (
                        c.id.as_str(),
                        c.elements.iter().map(|e| e.kind.as_str()).collect(),
                    )
                })
                .collect();
            assert_eq!(builder::limits(v, &s.nation, &corps), vec![], "{id}");
            for c in &s.corps {
                let points: u32 = c
                    .elements
                    .iter()
                    .map(|e| v.element_type(&e.kind).unwrap().cost)
                    .sum();
                assert!(points <= 36, "{id} corps {}: {points} points", c.id);
            }
            assert!(s.corps.len() <= 4, "{id}");
            assert!(s.corps.len() == 1 || s.commander_in_chief.is_some(), "{id}");
        }
        // Somebody arrives during the action in each of them.
        assert!(!sc.file.reinforcements.is_empty(), "{id}: reinforcements");
        let started = rules.start(&sc, &serde_json::json!({}));
        assert!(started.is_ok(), "{id}: {:?}", started.err());
    }
}

#[test]
fn autoplay_plays_each_scenario_to_the_end_the_same_way_for_a_seed_and_replays_it() {
    for (id, _) in SCENARIOS {
        let (a, end_a) = autoplay_shipped(id, 1, |_, _| {});
        let (b, end_b) = autoplay_shipped(id, 1, |_, _| {});
        assert_eq!(a.moves, b.moves, "{id}: the same transcript for a seed");
        assert_eq!(end_a.hash(), end_b.hash(), "{id}");
        let outcome = end_a.outcome().expect("an outcome");
        assert_eq!(Some(outcome), end_b.outcome(), "{id}");
        let replayed = a.replay(None).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(replayed.hash(), end_a.hash(), "{id}");
    }
}

#[test]
fn seeded_random_games_of_each_scenario_keep_the_invariants_end_and_replay() {
    // Default: one game of each (the debug build's budget); KEPI_TEST_SCALE multiplies.
    let games = scale::scaled(1);
    for (id, _) in SCENARIOS {
        let sc = load(id);
        let (ended, played) = random_games(&sc, 200..=200 + games - 1);
        assert_eq!(ended as u64, games, "{id}: every game ends");
        assert!(!played.is_empty(), "{id}");
    }
}

#[test]
fn vv_fire_max_range_is_the_farthest_band_of_every_element_of_the_four_scenarios() {
    // VV 7.2: `fire::max_range` (the legal list's and the computer's bound on fire) is the
    // farthest distance `fire::band` gives a band for, probed here distance by distance, for
    // every element of the four scenarios as they open and again in the random games'
    // positions where it stands in forest (VV RY: "All ranges reduced by 200 in forest").
    use kepi::engine::Ruleset;
    use kepi::engine::vae_victis::VaeVictis;
    use kepi::engine::vae_victis::fire::{band, max_range};
    let probed = |s: &kepi::engine::vae_victis::state::State, e: usize| {
        (2..=40)
            .rev()
            .find(|&d| band(s, e, d).is_some())
            .unwrap_or(0)
    };
    let mut firing = 0;
    for (id, _) in SCENARIOS {
        let sc = load(id);
        let mut s = VaeVictis.start(&sc, &Default::default()).unwrap();
        for e in 0..s.elements.len() {
            assert_eq!(max_range(&s, e), probed(&s, e), "{id}: element {e}");
            firing += usize::from(max_range(&s, e) > 0);
        }
        // Each element put on the first hex where its sheet cuts its ranges (RY's forest),
        // where the sheet has such a cut.
        let setup = s.setup_arc();
        let cut_at = |h| {
            let mut t = s.clone();
            t.elements[0].hex = Some(h);
            kepi::engine::vae_victis::ry::range_cut(&t, 0) > 0
        };
        if let Some(wood) = setup.grid.hexes().find(|&h| cut_at(h)) {
            for e in 0..s.elements.len() {
                let was = s.elements[e].hex;
                s.elements[e].hex = Some(wood);
                assert_eq!(
                    max_range(&s, e),
                    probed(&s, e),
                    "{id}: element {e} in {wood:?}"
                );
                s.elements[e].hex = was;
            }
        }
    }
    assert!(firing > 40, "elements that fire: {firing}");
}

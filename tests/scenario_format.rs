//! What the scenario format says beyond forces and victory (issue 17): optional rules set by
//! the scenario, special rules and morale levels for one group of a side, and terrain
//! overrides for the battle, each with the refusal of its mistakes.

use crate::common;
use common::*;
use kepi::engine::game::{options_from_rules, registry};
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::shock::morale_factor;
use kepi::engine::rifle_and_saber::tables::Tables;
use kepi::frac::Frac;
use kepi::map::Map;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};

/// The scenario of the test games, edited; its problems if it does not validate.
fn scenario(
    spec: &MapSpec,
    blue: &str,
    red: &str,
    edit: impl Fn(&mut Value),
) -> Result<Scenario, String> {
    let mj = map_json(spec);
    let map = Map::from_text(&mj.to_string()).unwrap();
    let mut sj = scenario_json(&map, blue, red, 5);
    edit(&mut sj);
    let file = ScenarioFile::from_text(&sj.to_string()).map_err(|p| p.to_string())?;
    Scenario::new(file, map, Tables::embedded().catalog.clone()).map_err(|p| p.to_string())
}

#[test]
fn a_scenario_sets_its_optional_rules_and_a_game_may_still_change_them() {
    let s = scenario(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["options"] = json!({"range_effects": true, "morale": false});
    })
    .unwrap();
    let rules = registry::get("rifle-and-saber").unwrap();
    let opts = options_from_rules(rules, &s, &[]).unwrap();
    assert_eq!(
        (opts["range_effects"].clone(), opts["morale"].clone()),
        (json!(true), json!(false))
    );
    // Defaults for what the scenario does not set.
    assert_eq!(opts["trenches"], json!(true));
    // The game's own choice comes last.
    let opts = options_from_rules(rules, &s, &["range_effects=off".into()]).unwrap();
    assert_eq!(opts["range_effects"], json!(false));

    let err = scenario(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["options"] = json!({"fog_of_war": true});
    })
    .unwrap_err();
    assert!(
        err.contains("options: unknown optional rule 'fog_of_war'; the optional rules are"),
        "{err}"
    );
    let err = scenario(&MapSpec::default(), "1 MZ", "1 MZ", |v| {
        v["options"] = json!({"morale": "yes"});
    })
    .unwrap_err();
    assert!(err.contains("options: "), "{err}");
}

#[test]
fn a_no_movement_rule_for_one_group_holds_that_group_only() {
    let mut g = Game::with(
        &MapSpec::default(),
        "(a) 1 MZ (b) 1 MZ",
        "1 MZ",
        GameOptions::default(),
        |v| {
            v["special_rules"] = json!([{"text": "Blue's (b) group may not move for 2 game-turns.",
            "rule": {"kind": "no_movement", "side": "blue", "group": "b", "turns": 2}}]);
        },
    );
    g.setup(
        &[("Red MZ 1", "1010")],
        &[("Blue MZ 1", "0101"), ("Blue MZ 2", "0303")],
    );
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Movement);
    g.mv("Blue MZ 1", &["0102"]).unwrap();
    let e = g.mv("Blue MZ 2", &["0304"]).unwrap_err().to_string();
    assert_eq!(
        e,
        "Scenario special rule: Blue group (b) may not move during the first 2 game-turns"
    );
}

#[test]
fn a_group_may_start_at_its_own_morale_level() {
    let g = Game::with(
        &MapSpec::default(),
        "(a) 1 MZ (b) 1 MZ",
        "1 MZ",
        GameOptions::default(),
        |v| {
            v["sides"][0]["group_morale"] = json!({"b": "high"});
        },
    );
    // R&S 10.1: high morale counts two in shock combat; the side itself is at normal.
    assert_eq!(morale_factor(&g.s, g.id("Blue MZ 1")), Frac::ONE);
    assert_eq!(morale_factor(&g.s, g.id("Blue MZ 2")), Frac::int(2));
    assert_eq!(g.s.force_name(g.id("Blue MZ 2")), "Blue group (b)");

    let err = scenario(&MapSpec::default(), "(a) 1 MZ (b) 1 MZ", "1 MZ", |v| {
        v["sides"][0]["group_morale"] = json!({"c": "high", "a": "brave"});
    })
    .unwrap_err();
    assert!(
        err.contains("sides[0].group_morale.c: the order of battle has no group (c)"),
        "{err}"
    );
    assert!(
        err.contains("sides[0].group_morale.a: \"brave\" is not a morale level"),
        "{err}"
    );
}

#[test]
fn a_special_rule_for_a_group_the_side_does_not_have_is_refused() {
    let err = scenario(&MapSpec::default(), "(a) 1 MZ (b) 1 MZ", "1 MZ", |v| {
        v["special_rules"] = json!([
            {"text": "x", "rule": {"kind": "no_movement", "side": "blue", "group": "c", "turns": 2}},
            {"text": "y", "rule": {"kind": "range", "side": "red", "group": "a", "unit": "MZ", "range": 3}},
            {"text": "z", "rule": {"kind": "river_crossings", "group": "a", "features": []}}
        ]);
    })
    .unwrap_err();
    assert!(
        err.contains("special_rules[0].rule.group: Blue has no group (c); its groups: (a), (b)"),
        "{err}"
    );
    assert!(
        err.contains(
            "special_rules[1].rule.group: Red has no group (a); its groups: one unlabelled group"
        ),
        "{err}"
    );
    assert!(
        err.contains("special_rules[2].rule.group: a rule for a group names the group's side"),
        "{err}"
    );
}

#[test]
fn a_range_rule_for_one_group_changes_that_groups_range_only() {
    let g = Game::with(
        &MapSpec::default(),
        "(a) 1 MZ (b) 1 MZ",
        "1 MZ",
        GameOptions::default(),
        |v| {
            v["special_rules"] = json!([{"text": "(b)'s rifles reach 4 hexes.",
            "rule": {"kind": "range", "side": "blue", "group": "b", "unit": "MZ", "range": 4}}]);
        },
    );
    use kepi::engine::rifle_and_saber::fire::range_of;
    let base = range_of(&g.s, g.id("Blue MZ 1"), None);
    assert_ne!(base, 4);
    assert_eq!(range_of(&g.s, g.id("Blue MZ 2"), None), 4);
    assert_eq!(range_of(&g.s, g.id("Red MZ 1"), None), base);
}

#[test]
fn treat_as_plays_hexes_features_and_terrain_as_another_terrain() {
    let spec = MapSpec::default()
        .with("w", &["0505", "0606"])
        .feature("W1", &["0505"]);
    let g = Game::with(&spec, "1 MZ", "1 MZ", GameOptions::default(), |v| {
        v["special_rules"] = json!([
            {"text": "The wheatfield at 0303 plays as woods.",
             "rule": {"kind": "treat_as", "hexes": ["0303"], "as": "woods"}},
            {"text": "W1 was cut down: clear.",
             "rule": {"kind": "treat_as", "features": ["W1"], "as": "clear"}}
        ]);
    });
    let terrain = |n: &str| {
        let i = g.s.setup.grid.index(hex(n)).unwrap();
        g.s.setup.hexes[i].terrain.clone()
    };
    assert_eq!(terrain("0303"), "woods");
    assert_eq!(terrain("0505"), "clear");
    assert_eq!(terrain("0606"), "woods");

    let err = scenario(&spec, "1 MZ", "1 MZ", |v| {
        v["special_rules"] = json!([
            {"text": "x", "rule": {"kind": "treat_as", "hexes": ["9999"], "as": "jungle"}},
            {"text": "y", "rule": {"kind": "treat_as", "as": "woods"}}
        ]);
    })
    .unwrap_err();
    assert!(err.contains("special_rules[0].rule.hexes[0]"), "{err}");
    assert!(
        err.contains("special_rules[0].rule.as: unknown terrain 'jungle'"),
        "{err}"
    );
    assert!(
        err.contains("special_rules[1].rule: names no terrain, no feature and no hex"),
        "{err}"
    );
}

/// A scenario embedded in a recorded game is read with the checks the engine needs, not those
/// added later to catch a designer's mistakes, so the game still opens and replays.
#[test]
fn a_recorded_scenario_is_not_refused_for_a_designers_mistake_found_later() {
    let mj = map_json(&MapSpec::default());
    let map = Map::from_text(&mj.to_string()).unwrap();
    let mut sj = scenario_json(&map, "1 MZ", "1 MZ", 5);
    sj["sides"][0]["color"] = json!("chartreuse");
    let file = ScenarioFile::from_text(&sj.to_string()).unwrap();
    let catalog = Tables::embedded().catalog.clone();
    let err = Scenario::new(file.clone(), map.clone(), catalog.clone())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("sides[0].color: unknown colour 'chartreuse'"),
        "{err}"
    );
    assert!(Scenario::recorded(file, map, catalog).is_ok());
}

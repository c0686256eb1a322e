//! AoR 7.12 passing fire (and 5.4's "units that move through a ZOC hex can be fired on with
//! half strength"): the cases are named for the rule. The French stack in 0903 holds the
//! Prussians' way; its ZOC covers 1002 and 1003 (both adjacent to it), 1102 and 1001 are out
//! of it. Each fire is a recorded roll of two faces (`passing fire`), each retreat check one.

use crate::common;

use common::aor::{deploy_as, open_fixture, play, refused, to, zone};
use kepi::engine::age_of_rifles::state::{Disruption, Event, Loc, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};

/// The Prussians east (columns 10-12), the French west of them; VII Corps under `order`.
fn scenario(order: &str) -> kepi::scenario::Scenario {
    scenario_with(order, |_| {})
}

/// As [`scenario`], after `edit`.
fn scenario_with(order: &str, edit: impl FnOnce(&mut Value)) -> kepi::scenario::Scenario {
    let order = order.to_string();
    open_fixture(move |v: &mut Value| {
        edit(v);
        v["deployment"][0]["zone"]["hexes"] = json!(zone(10..=12, 1..=10));
        let mut french = zone(1..=9, 1..=10);
        french.push("1103".into());
        v["deployment"][1]["zone"]["hexes"] = json!(french);
        v["sides"][0]["formations"][0]["order"] = json!(order);
    })
}

/// The French `french` (ii-2 first), the Prussians `prussians`; on to the Prussians'
/// Formation Movement Segment.
fn position(order: &str, french: &[(&str, &str)], prussians: &[(&str, &str)]) -> State {
    position_in(&scenario(order), french, prussians)
}

fn position_in(
    sc: &kepi::scenario::Scenario,
    french: &[(&str, &str)],
    prussians: &[(&str, &str)],
) -> State {
    let s = deploy_as(sc, french, prussians);
    to(&s, "movement", 0)
}

const FRENCH: [(&str, &str); 5] = [
    ("ii-2", "0903"),
    ("ii-1", "0703"),
    ("ii-art", "0603"),
    ("frossard", "0603"),
    ("laveaucoupet", "0903"),
];

fn prussians(vii13: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("vii-13", vii13),
        ("vii-14", "1202"),
        ("vii-art", "1202"),
        ("steinmetz", "1201"),
        ("zastrow", "1102"),
    ]
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn hex(s: &State, name: &str) -> Loc {
    Loc::At(s.setup().parse(name).unwrap())
}

fn notes(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn rolls(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll } => Some(roll.purpose.clone()),
            _ => None,
        })
        .collect()
}

fn slide() -> Value {
    json!({"kind": "move", "unit": "vii-13", "to": "1003"})
}

#[test]
fn aor_7_12_the_map_is_as_the_cases_say() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    let setup = s.setup();
    let d = |a: &str, b: &str| setup.distance(setup.parse(a).unwrap(), setup.parse(b).unwrap());
    assert_eq!(d("0903", "1002"), 1);
    assert_eq!(d("0903", "1003"), 1);
    assert_eq!(d("1002", "1003"), 1);
    assert!(d("0903", "1102") > 1 && d("0903", "1001") > 1 && d("0903", "1101") > 1);
}

#[test]
fn aor_7_12_a_step_from_a_zoc_hex_into_another_of_the_same_stack_draws_fire_at_half_strength() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    // ii-2, strength 5, halved: 2.5, rounded to 3 (AoR 7.6's rounding); 2 is no hit on row 3.
    let (n, e) = play(&s, slide(), &[1, 1]);
    assert_eq!(rolls(&e), ["passing fire"]);
    let text = notes(&e);
    assert!(text.contains("passing fire (AoR 7.12) from 0903"), "{text}");
    assert!(
        text.contains("strength 3 (passing fire, half strength) scores 0"),
        "{text}"
    );
    let u = unit(&n, "vii-13");
    assert_eq!(n.units[u].loc, hex(&n, "1003"));
    assert_eq!(n.units[u].steps, 2);
    assert_eq!(
        n.units[u].moved_from,
        Some(n.setup().parse("1002").unwrap())
    );
}

#[test]
fn aor_7_12_7_4_a_hit_asks_the_retreat_check_passed_the_move_goes_on() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    // 8 on row 3: one hit; vii-13 flips (morale 4, -1 for the step loss: 3) and rolls 3.
    let (n, e) = play(&s, slide(), &[4, 4, 3]);
    assert_eq!(rolls(&e), ["passing fire", "morale check"]);
    let u = unit(&n, "vii-13");
    assert_eq!(n.units[u].loc, hex(&n, "1003"));
    assert_eq!(n.units[u].steps, 1);
    assert_eq!(n.units[u].disrupted, None);
    // AoR 12.3: a unit under Attack orders suffered a hit.
    assert!(n.formations[0].hit_under_attack);
}

#[test]
fn aor_7_12_7_4_failed_the_unit_retreats_disrupted_and_its_move_ends() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    let (n, e) = play(&s, slide(), &[4, 4, 4]);
    let text = notes(&e);
    assert!(text.contains("failed"), "{text}");
    let u = unit(&n, "vii-13");
    let Loc::At(at) = n.units[u].loc else {
        panic!("vii-13 retreated, not eliminated")
    };
    let setup = n.setup();
    // One hex away from the firing stack, from 1003.
    assert_eq!(setup.distance(at, setup.parse("1003").unwrap()), 1);
    assert!(setup.distance(at, setup.parse("0903").unwrap()) > 1);
    assert_eq!(n.units[u].disrupted, Some(Disruption::Combat));
    assert_eq!(n.units[u].moved_from, None);
    assert!(n.units[u].moved);
}

#[test]
fn aor_7_12_hits_that_eliminate_end_the_move_with_no_check() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    // 12 on row 3: two hits, both steps of vii-13.
    let (n, e) = play(&s, slide(), &[6, 6]);
    assert_eq!(rolls(&e), ["passing fire"]);
    assert_eq!(n.units[unit(&n, "vii-13")].loc, Loc::Eliminated);
}

#[test]
fn aor_7_12_7_6_all_units_of_the_stack_fire_with_their_armament() {
    let mut french = FRENCH.to_vec();
    french[1] = ("ii-1", "0903");
    let s = position("attack", &french, &prussians("1002"));
    // ii-1 repeating against rifled muskets: 7.5, ii-2 5; halved 6.25, rounded 6. 6 on row 6:
    // one hit.
    let (n, e) = play(&s, slide(), &[3, 3, 1]);
    let text = notes(&e);
    assert!(text.contains("strength 6"), "{text}");
    assert!(text.contains("repeating weapons +50%"), "{text}");
    assert_eq!(n.units[unit(&n, "vii-13")].steps, 1);
}

#[test]
fn aor_7_12_entering_a_zoc_draws_no_fire_and_the_cheapest_path_goes_round_it() {
    // 1102 to 0902: through 1001 (out of the ZOC) costs 2 MP and draws no fire; through
    // 1002 it would cost 3 MP and a passing fire. No dice are rolled.
    let s = position("attack", &FRENCH, &prussians("1102"));
    let (n, e) = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0902"}),
        &[],
    );
    assert!(rolls(&e).is_empty());
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "0902"));
}

#[test]
fn aor_5_4_12_2_a_unit_in_an_enemy_zoc_may_not_leave_it_under_attack_orders() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    let e = refused(&s, json!({"kind": "move", "unit": "vii-13", "to": "1101"}));
    assert!(e.contains("cannot move to 1101"), "{e}");
}

#[test]
fn aor_12_2_defend_units_leave_a_zoc_but_do_not_slide_along_it() {
    let s = position("defend", &FRENCH, &prussians("1002"));
    let e = refused(&s, slide());
    assert!(e.contains("cannot move to 1003"), "{e}");
    let (n, e) = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "1101"}),
        &[],
    );
    assert!(rolls(&e).is_empty());
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1101"));
}

#[test]
fn aor_7_12_the_legal_moves_include_the_slide_and_replay_reproduces_it() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    let legal = AgeOfRifles.legal(&s);
    assert!(
        legal
            .iter()
            .any(|c| serde_json::to_value(c).unwrap() == slide()),
        "the slide to 1003 is legal"
    );
    // The same faces give the same state, hash for hash.
    let (a, _) = play(&s, slide(), &[4, 4, 3]);
    let (b, _) = play(&s, slide(), &[4, 4, 3]);
    assert_eq!(AgeOfRifles.state_hash(&a), AgeOfRifles.state_hash(&b));
}

#[test]
fn aor_7_12_the_reach_view_names_the_passing_fires_of_each_path() {
    let s = position("attack", &FRENCH, &prussians("1002"));
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    let slide = r.hexes.iter().find(|h| h.hex == "1003").unwrap();
    assert_eq!(
        slide.notes,
        [
            "passing fire from 0903 entering 1003: strength 3, then a retreat check on a hit (AoR \
          7.12, 7.4)"
        ]
    );
    // Entering the ZOC from outside it draws none.
    let s = position("attack", &FRENCH, &prussians("1102"));
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    let into = r.hexes.iter().find(|h| h.hex == "1002").unwrap();
    assert!(into.notes.is_empty(), "{:?}", into.notes);
}

#[test]
fn aor_7_12_a_step_in_the_zoc_of_two_stacks_draws_both_fires_in_map_order() {
    // 1002 and 1003 are both next to 0903 and to 1103: ii-2 and ii-1 each fire.
    let mut french = FRENCH.to_vec();
    french[1] = ("ii-1", "1103");
    let s = position("attack", &french, &prussians("1002"));
    let (n, e) = play(&s, slide(), &[1, 1, 1, 1]);
    assert_eq!(rolls(&e), ["passing fire", "passing fire"]);
    let text = notes(&e);
    let (a, b) = (
        text.find("from 0903").expect("0903 fires"),
        text.find("from 1103").expect("1103 fires"),
    );
    assert!(a < b, "{text}");
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1003"));
}

#[test]
fn aor_5_4_cavalry_ignores_zocs_and_draws_no_passing_fire() {
    // vii-13 made cavalry (VII Corps, Attack orders).
    let sc = scenario_with("attack", |v| {
        v["sides"][0]["units"][0]["kind"] = "cavalry".into();
    });
    let s = position_in(&sc, &FRENCH, &prussians("1002"));
    let (n, e) = play(&s, slide(), &[]);
    assert!(rolls(&e).is_empty());
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1003"));
}

#[test]
fn aor_7_12_fired_at_by_artillery_the_retreat_check_takes_its_minus_1() {
    // ii-2 (5) and ii-art (3) in 0903: 8, halved 4; 8 on row 4 is one hit. vii-13's morale 4,
    // -1 for its lost step, -1 "fired at by artillery": 2. It rolls 3 and fails (without the
    // artillery it would pass, as in the case above).
    let mut french = FRENCH.to_vec();
    french[2] = ("ii-art", "0903");
    french[3] = ("frossard", "0903");
    let s = position("attack", &french, &prussians("1002"));
    let (n, e) = play(&s, slide(), &[4, 4, 3]);
    let text = notes(&e);
    assert!(text.contains("strength 4"), "{text}");
    assert!(text.contains("failed"), "{text}");
    assert_ne!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1003"));
}

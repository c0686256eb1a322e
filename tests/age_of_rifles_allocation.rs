//! Age of Rifles, the owner's hit allocation (issue 15; AoR 7.1) beyond assaults: in a
//! bombardment (AoR 8.1: the first hit a disruption on the unit the owner chooses, then the
//! further hits) and in a cavalry charge (AoR 7.6: each side's hits, the charging side
//! choosing first), and supply (AoR 17: each unit loses its own step, so nothing is chosen).
//! Each test is named for its case, on the test map's scenario with open zones. Dice are data:
//! a 2d6 roll is two faces, given in order.

use crate::common;
use common::aor::{cmd, open_fixture as scenario, play, refused, to};
use kepi::engine::age_of_rifles::state::{Command, Disruption, Loc, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::json;

/// The French as given (their leaders at 1005), then the Prussians as given; the game is at
/// the Prussians' Command Phase of game-turn 1.
fn position(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    let leaders = [("frossard", "1005"), ("laveaucoupet", "1005")];
    for (piece, hex) in french.iter().chain(&leaders) {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
    }
    s = play(&s, json!({"kind": "end"}), &[]).0;
    for (piece, hex) in prussian {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
    }
    play(&s, json!({"kind": "end"}), &[]).0
}

const PRUSSIANS: [(&str, &str); 5] = [
    ("vii-13", "0203"),
    ("vii-14", "0405"),
    ("vii-art", "0405"),
    ("steinmetz", "0405"),
    ("zastrow", "0405"),
];

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

/// Commands as their JSON text, to compare with the expected lists.
fn ids(c: &[Command]) -> Vec<String> {
    c.iter()
        .map(|c| serde_json::to_string(c).unwrap())
        .collect()
}

#[test]
fn aor_8_1_7_1_the_owner_chooses_which_infantry_the_bombardments_disruption_falls_on() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &[("ii-1", "0605"), ("ii-2", "0605"), ("ii-art", "1006")],
        &PRUSSIANS,
    );
    let s = to(&s, "bombardment", 0);
    // vii-art (4) at 0405 on 0605, two hexes, clear: rolled 6+6 = 12, 2 hits: a disruption
    // and a step.
    let (s, ev) = play(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
        &[6, 6],
    );
    assert!(format!("{ev:?}").contains("2 hit(s)"), "{ev:?}");
    // Two undamaged infantry units: the French choose which is disrupted.
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 1, "the owner of the target chooses");
    assert!(p.waiting_for.unwrap().contains("disrupts"), "AoR 8.1");
    assert_eq!(
        AgeOfRifles.legal(&s),
        vec![
            cmd(json!({"kind": "disrupt", "unit": "ii-1"})),
            cmd(json!({"kind": "disrupt", "unit": "ii-2"})),
        ]
    );
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("bombardment"), "{e}");
    let e = refused(&s, json!({"kind": "allocate", "units": ["ii-1"]}));
    assert!(e.contains("bombardment"), "{e}");
    let (s, _) = play(&s, json!({"kind": "disrupt", "unit": "ii-2"}), &[]);
    assert_eq!(
        s.units[unit(&s, "ii-2")].disrupted,
        Some(Disruption::Bombardment)
    );
    assert_eq!(s.units[unit(&s, "ii-1")].disrupted, None);
    // Then the step: on either (neither is damaged).
    assert_eq!(
        ids(&AgeOfRifles.legal(&s)),
        [
            r#"{"kind":"allocate","units":["ii-1"]}"#,
            r#"{"kind":"allocate","units":["ii-2"]}"#
        ]
    );
    let (s, ev) = play(&s, json!({"kind": "allocate", "units": ["ii-1"]}), &[]);
    assert!(
        format!("{ev:?}").contains("1st Brigade loses a step"),
        "{ev:?}"
    );
    assert_eq!(s.units[unit(&s, "ii-1")].steps, 1);
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 2);
    // The bombarding side acts again.
    let p = AgeOfRifles.progress(&s);
    assert_eq!((p.phase_key.as_str(), p.player), ("bombardment", 0));
    assert!(p.waiting_for.is_none());
}

#[test]
fn aor_8_1_7_1_after_the_disruption_the_further_hits_need_not_start_on_infantry() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &[("ii-2", "0605"), ("ii-art", "0605"), ("ii-1", "1005")],
        &PRUSSIANS,
    );
    let s = to(&s, "bombardment", 0);
    let (s, _) = play(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
        &[6, 6],
    );
    // The disruption had to go to the infantry (AoR 7.1: the first hit from infantry if
    // possible): no choice, placed at once. The step after it may go to the artillery.
    assert_eq!(
        s.units[unit(&s, "ii-2")].disrupted,
        Some(Disruption::Bombardment)
    );
    assert_eq!(
        ids(&AgeOfRifles.legal(&s)),
        [
            r#"{"kind":"allocate","units":["ii-2"]}"#,
            r#"{"kind":"allocate","units":["ii-art"]}"#
        ]
    );
    let e = refused(&s, json!({"kind": "disrupt", "unit": "ii-art"}));
    assert!(e.contains("AoR 8.1"), "{e}");
    let e = refused(&s, json!({"kind": "allocate", "units": ["ii-1"]}));
    assert!(e.contains("AoR 8.1, 7.1"), "{e}");
    let (s, _) = play(&s, json!({"kind": "allocate", "units": ["ii-art"]}), &[]);
    assert_eq!(s.units[unit(&s, "ii-art")].loc, Loc::Eliminated);
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 2);
}

#[test]
fn aor_8_1_7_1_a_disruption_on_a_damaged_unit_while_one_is_present() {
    let sc = scenario(|_| {});
    let mut s = position(
        &sc,
        &[("ii-1", "0605"), ("ii-2", "0605"), ("ii-art", "1006")],
        &PRUSSIANS,
    );
    // ii-2 was flipped earlier.
    let u = unit(&s, "ii-2");
    s.units[u].steps = 1;
    let s = to(&s, "bombardment", 0);
    // Rolled 4+3 = 7 at strength 4: 1 hit, the disruption, on the damaged ii-2 (no choice).
    let (s, _) = play(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
        &[4, 3],
    );
    assert_eq!(s.units[u].disrupted, Some(Disruption::Bombardment));
    assert_eq!(AgeOfRifles.progress(&s).player, 0, "nothing to choose");
}

/// vii-14 made cavalry (6/3): it charges the two French brigades stacked in 0605.
#[test]
fn aor_7_6_7_1_the_charged_side_chooses_which_units_take_the_charges_hits() {
    let sc = scenario(|v| v["sides"][0]["units"][1]["kind"] = "cavalry".into());
    let s = position(
        &sc,
        &[("ii-1", "0605"), ("ii-2", "0605"), ("ii-art", "1006")],
        &PRUSSIANS,
    );
    let s = to(&s, "charge", 0);
    let s = play(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
        &[],
    )
    .0;
    let s = play(&s, json!({"kind": "end"}), &[]).0;
    // No square: the charge at double strength, 12, rolled 4+3 = 7: 2 hits; the defense
    // rolled 1+1: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "form_square", "square": false}),
        &[4, 3, 1, 1],
    );
    assert!(format!("{ev:?}").contains("scores 2"), "{ev:?}");
    // The charged French choose: both hits on one brigade (the second hit goes to the damaged
    // unit, AoR 7.1), which one is theirs to say.
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 1);
    assert!(p.waiting_for.unwrap().contains("AoR 7.1"));
    assert_eq!(
        ids(&AgeOfRifles.legal(&s)),
        [
            r#"{"kind":"allocate","units":["ii-1","ii-1"]}"#,
            r#"{"kind":"allocate","units":["ii-2","ii-2"]}"#
        ]
    );
    let e = refused(&s, json!({"kind": "allocate", "units": ["ii-1", "ii-2"]}));
    assert!(e.contains("AoR 7.1"), "{e}");
    let e = refused(&s, json!({"kind": "end_charge", "back": false}));
    assert!(e.contains("charge waits"), "{e}");
    let (s, ev) = play(
        &s,
        json!({"kind": "allocate", "units": ["ii-2", "ii-2"]}),
        &[],
    );
    assert_eq!(s.units[unit(&s, "ii-2")].loc, Loc::Eliminated);
    assert_eq!(s.units[unit(&s, "ii-1")].steps, 2);
    // Two steps lost to none: the defenders lose and the survivor retreats (AoR 7.6); the
    // cavalry decides what next.
    assert!(format!("{ev:?}").contains("lose the charge"), "{ev:?}");
    assert_ne!(
        s.units[unit(&s, "ii-1")].loc,
        Loc::At(s.setup().parse("0605").unwrap())
    );
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 0);
    assert!(p.waiting_for.unwrap().contains("stay"));
}

#[test]
fn aor_7_6_7_1_the_charging_side_chooses_first_when_both_have_a_choice() {
    // vii-13 and vii-14 made cavalry and stacked: they charge together.
    let sc = scenario(|v| {
        v["sides"][0]["units"][0]["kind"] = "cavalry".into();
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
    });
    let s = position(
        &sc,
        &[("ii-1", "0605"), ("ii-2", "0605"), ("ii-art", "1006")],
        &[
            ("vii-13", "0405"),
            ("vii-14", "0405"),
            ("vii-art", "0305"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "charge", 0);
    let s = play(
        &s,
        json!({"kind": "charge", "units": ["vii-13", "vii-14"], "target": "0605"}),
        &[],
    )
    .0;
    let s = play(&s, json!({"kind": "end"}), &[]).0;
    // Square not tried: 24 at double strength rolled 1+1: 1 hit; the defense (5 with +50%
    // repeating against rifled, and 5: 12.5, 13) rolled 4+4 = 8: 3 hits.
    let (s, ev) = play(
        &s,
        json!({"kind": "form_square", "square": false}),
        &[1, 1, 4, 4],
    );
    let t = format!("{ev:?}");
    assert!(t.contains("scores 1") && t.contains("scores 3"), "{t}");
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 0, "the charging side first");
    assert!(p.waiting_for.unwrap().contains("charging"));
    let s = play(
        &s,
        json!({"kind": "allocate", "units": ["vii-13", "vii-13", "vii-14"]}),
        &[],
    )
    .0;
    // Then the charged side, for its one hit.
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 1);
    assert!(p.waiting_for.unwrap().contains("charged"));
    let s = play(&s, json!({"kind": "allocate", "units": ["ii-1"]}), &[]).0;
    assert_eq!(s.units[unit(&s, "vii-13")].loc, Loc::Eliminated);
    assert_eq!(s.units[unit(&s, "vii-14")].steps, 1);
    assert_eq!(s.units[unit(&s, "ii-1")].steps, 1);
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 2);
}

/// AoR 17: "Units that cannot trace such a line at the end of a turn lose a step": each unit
/// takes its own step (7.1's choice is among the target units of one fire; supply has none), so
/// the game-turn ends with no allocation asked.
#[test]
fn aor_17_7_1_each_unit_out_of_supply_loses_its_own_step_with_nothing_to_choose() {
    // The Prussians' only supply source is held by the French: no Prussian unit traces a line.
    let sc = scenario(|v| {
        v["sides"][0]["supply"] = json!(["1005"]);
        v["sides"][0]["formations"][0]["order"] = json!("defend");
    });
    let s = position(
        &sc,
        &[("ii-1", "1005"), ("ii-2", "1005"), ("ii-art", "1006")],
        &[
            ("vii-13", "0203"),
            ("vii-14", "0305"),
            ("vii-art", "0305"),
            ("steinmetz", "0305"),
            ("zastrow", "0305"),
        ],
    );
    let mut s = s;
    while s.turn == 1 {
        // Only End is given: an allocation asked would refuse it.
        s = AgeOfRifles
            .apply(
                &s,
                &Command::End,
                &mut kepi::engine::dice::SeededDice::new(1),
            )
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
    }
    assert_eq!(s.units[unit(&s, "vii-13")].steps, 1);
    assert_eq!(
        s.units[unit(&s, "vii-14")].steps,
        1,
        "its own step, beside vii-art"
    );
    assert_eq!(s.units[unit(&s, "vii-art")].loc, Loc::Eliminated);
    // The French trace theirs (source 1208) and lose nothing.
    assert_eq!(s.units[unit(&s, "ii-1")].steps, 2);
}

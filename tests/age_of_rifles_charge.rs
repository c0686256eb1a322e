//! Age of Rifles cavalry charges in play (issue 15; AoR 4 II, 7.6-7.10): each test named for
//! the case it reproduces, on the test map's scenario with the deployment zones opened up
//! (Prussians: columns 01-05 and row 1; French: columns 06-12 below row 1) and some units
//! made cavalry. Dice are data: a 2d6 roll is two faces, given in order.

use crate::common;
use common::aor::{
    CHARGE_FRENCH, CHARGE_PRUSSIANS, FIXTURE as SCENARIO, cmd, open_fixture as scenario, play,
    refused, to,
};
use kepi::engine::age_of_rifles::state::{Command, Disruption, Event, Loc, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::json;
use std::path::Path;

/// vii-14 (Prussian, 6/3, morale 4) and, with `french`, ii-1 (French, 5/2 repeating) made
/// cavalry.
fn horse(french: bool) -> Scenario {
    scenario(|v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
        if french {
            v["sides"][1]["units"][0]["kind"] = "cavalry".into();
        }
    })
}

fn end(s: &State) -> State {
    play(s, json!({"kind": "end"}), &[]).0
}

/// Deploy the French, then the Prussians; the game is then at the Prussians' Command Phase of
/// game-turn 1.
fn position(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for (piece, hex) in french.iter().chain(prussian) {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
        if *piece == "laveaucoupet" {
            s = end(&s);
        }
    }
    end(&s)
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn at(s: &State, id: &str) -> Loc {
    s.units[unit(s, id)].loc
}

fn hex(s: &State, name: &str) -> Loc {
    Loc::At(s.setup().parse(name).unwrap())
}

fn text(ev: &[Event]) -> String {
    format!("{ev:?}")
}

/// Prussian cavalry vii-14 in 0405 two hexes from the French ii-2 in 0605; VII Corps' other
/// units far away. At the Prussians' Cavalry Charge Segment.
fn charge_position() -> State {
    charge_position_in(&horse(false))
}

/// The charge position of [`charge_position`] in scenario `sc`.
fn charge_position_in(sc: &Scenario) -> State {
    let s = position(sc, CHARGE_FRENCH, CHARGE_PRUSSIANS);
    to(&s, "charge", 0)
}

#[test]
fn aor_7_6_cavalry_within_two_hexes_declares_a_charge_resolved_when_the_segment_ends() {
    let s = charge_position();
    let c = json!({"kind": "charge", "units": ["vii-14"], "target": "0605"});
    assert!(AgeOfRifles.legal(&s).contains(&cmd(c.clone())));
    let (s, ev) = play(&s, c.clone(), &[]);
    assert!(text(&ev).contains("declare a charge"), "{ev:?}");
    assert!(AgeOfRifles.rolls(&ev).is_empty(), "nothing is resolved yet");
    // Once per turn, and one charge a target hex.
    let e = refused(&s, c);
    assert!(e.contains("AoR 7.6"), "{e}");
    // The segment's end resolves it: ii-2 is undisrupted infantry and chooses its square.
    let s = end(&s);
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.phase_key, "charge");
    assert_eq!(p.player, 1, "the defender chooses");
    assert!(p.waiting_for.unwrap().contains("square"));
    let legal = AgeOfRifles.legal(&s);
    assert_eq!(
        legal,
        vec![
            cmd(json!({"kind": "form_square", "square": true})),
            cmd(json!({"kind": "form_square", "square": false})),
        ]
    );
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("square"), "{e}");
    // No square: AoR 7.6 "the cavalry attacks at double strength": 6 x 2 = 12, rolled 12:
    // 5 hits; ii-2 fires back at 5 (nothing halved in a charge), rolled 2: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "form_square", "square": false}),
        &[6, 6, 1, 1],
    );
    let t = text(&ev);
    assert!(
        t.contains("charge strength 12") && t.contains("defense 5"),
        "{t}"
    );
    assert!(t.contains("infantry not in square: double strength"), "{t}");
    assert_eq!(at(&s, "ii-2"), Loc::Eliminated);
    // The target lost: the cavalry stays, goes back or pursues (nothing adjacent to pursue).
    assert_eq!(AgeOfRifles.progress(&s).player, 0);
    assert_eq!(
        AgeOfRifles.legal(&s),
        vec![
            cmd(json!({"kind": "end_charge", "back": false})),
            cmd(json!({"kind": "end_charge", "back": true})),
        ]
    );
    let (s, ev) = play(&s, json!({"kind": "end_charge", "back": false}), &[]);
    assert!(
        AgeOfRifles.rolls(&ev).is_empty(),
        "no pursuit test with no one to pursue"
    );
    assert_eq!(at(&s, "vii-14"), hex(&s, "0605"));
    let p = AgeOfRifles.progress(&s);
    assert_eq!((p.phase_key.as_str(), p.player), ("movement", 0));
    assert!(s.units[unit(&s, "vii-14")].charged);
}

#[test]
fn aor_7_6_7_10_a_square_halves_the_charge_and_aor_7_7_pursuit_of_the_retreated_is_one_sided() {
    let s = charge_position();
    let s = play(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
        &[],
    )
    .0;
    let s = end(&s);
    // Square: morale 4, rolled 3: formed; the charge is at normal strength 6, rolled 7: 1 hit;
    // the defense 5, rolled 2: none. ii-2 lost more steps and retreats, disrupted.
    let (s, ev) = play(
        &s,
        json!({"kind": "form_square", "square": true}),
        &[3, 3, 4, 1, 1],
    );
    let t = text(&ev);
    assert!(
        t.contains("forms square") && t.contains("charge strength 6"),
        "{t}"
    );
    let u = unit(&s, "ii-2");
    assert_eq!(s.units[u].steps, 1);
    assert_eq!(s.units[u].disrupted, Some(Disruption::Combat));
    let Loc::At(r) = s.units[u].loc else { panic!() };
    let setup = s.setup();
    let r_name = setup.name(r);
    assert_eq!(setup.distance(r, setup.parse("0605").unwrap()), 1);
    let pursue = cmd(json!({"kind": "pursue", "target": r_name}));
    assert!(
        AgeOfRifles.legal(&s).contains(&pursue),
        "{:?}",
        AgeOfRifles.legal(&s)
    );
    // Pursuit (AoR 7.7): the cavalry enters 0605 and fires at the retreated ii-2, which may
    // not fire back: disrupted infantry forms no square, double strength 12, rolled 12.
    let (s, ev) = play(&s, json!({"kind": "pursue", "target": r_name}), &[6, 6]);
    let t = text(&ev);
    assert!(t.contains("may not fire back"), "{t}");
    assert_eq!(AgeOfRifles.rolls(&ev).len(), 1, "one-sided");
    assert_eq!(at(&s, "ii-2"), Loc::Eliminated);
    assert_eq!(at(&s, "vii-14"), hex(&s, "0605"));
    assert!(
        AgeOfRifles
            .progress(&s)
            .waiting_for
            .unwrap()
            .contains("AoR 7.7")
    );
    // "After one round of pursuit it stops or retreats to its original starting hex."
    let s2 = play(&s, json!({"kind": "end_charge", "back": true}), &[]).0;
    assert_eq!(at(&s2, "vii-14"), hex(&s2, "0405"));
    assert_eq!(AgeOfRifles.progress(&s2).phase_key, "movement");
    let s3 = play(&s, json!({"kind": "end_charge", "back": false}), &[]).0;
    assert_eq!(at(&s3, "vii-14"), hex(&s3, "0605"));
}

#[test]
fn aor_7_7_cavalry_that_does_not_pursue_tests_its_pursuit_rating_and_may_pursue_anyway() {
    let s = charge_position();
    let s = play(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
        &[],
    )
    .0;
    let won = play(
        &end(&s),
        json!({"kind": "form_square", "square": true}),
        &[3, 3, 4, 1, 1],
    )
    .0;
    // Rolled 5 against the pursuit rating 4 (Kepi's reading: the morale, AoR 2.2): it pursues
    // the retreated ii-2 anyway (strength 12, rolled 2: no hit).
    let (s, ev) = play(
        &won,
        json!({"kind": "end_charge", "back": true}),
        &[5, 1, 1],
    );
    assert!(text(&ev).contains("pursues anyway"), "{ev:?}");
    assert_eq!(at(&s, "vii-14"), hex(&s, "0605"));
    assert!(
        AgeOfRifles
            .progress(&s)
            .waiting_for
            .unwrap()
            .contains("stop")
    );
    // Rolled 4: it goes back as chosen.
    let (s, ev) = play(&won, json!({"kind": "end_charge", "back": true}), &[4]);
    assert!(text(&ev).contains("no pursuit"), "{ev:?}");
    assert_eq!(at(&s, "vii-14"), hex(&s, "0405"));
    assert_eq!(AgeOfRifles.progress(&s).phase_key, "movement");
}

#[test]
fn aor_7_6_the_cavalry_losing_more_steps_retreats_disrupted_and_aor_7_10_a_backhand_blow_doubles_the_reaction()
 {
    let g = horse(true).map.grid;
    let a = g.parse("0505").unwrap();
    let t = g.parse("0605").unwrap();
    // A French hex next to both 0505 and 0605, for the French cavalry.
    let x = ["0604", "0606"]
        .into_iter()
        .find(|h| {
            let h = g.parse(h).unwrap();
            g.adjacent(h, a) && g.adjacent(h, t)
        })
        .unwrap();
    let s = position(
        &horse(true),
        &[
            ("ii-2", "0605"),
            ("ii-1", x),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "0805"),
        ],
        &[
            ("vii-13", "0203"),
            ("vii-14", "0505"),
            ("vii-art", "0203"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "charge", 0);
    let s = play(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
        &[],
    )
    .0;
    // Square formed (rolled 1); charge 6 rolled 2: none; defense 5 rolled 8: 1 hit.
    let (s, ev) = play(
        &end(&s),
        json!({"kind": "form_square", "square": true}),
        &[1, 1, 1, 4, 4],
    );
    assert!(text(&ev).contains("loses the charge"), "{ev:?}");
    let u = unit(&s, "vii-14");
    assert_eq!(s.units[u].loc, hex(&s, "0505"));
    assert_eq!(s.units[u].steps, 1);
    assert_eq!(s.units[u].disrupted, Some(Disruption::Combat));
    // AoR 7.8: the French cavalry within two hexes may reaction charge the retreating cavalry.
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 1);
    assert!(p.waiting_for.unwrap().contains("AoR 7.8"));
    let react = cmd(json!({"kind": "charge", "units": ["ii-1"], "target": "0505"}));
    assert_eq!(AgeOfRifles.legal(&s), vec![Command::Decline, react.clone()]);
    // Declined: the segment goes on to movement.
    let d = play(&s, json!({"kind": "decline"}), &[]).0;
    assert_eq!(AgeOfRifles.progress(&d).phase_key, "movement");
    // Morale test 4, rolled 2: it charges. 5 repeating against rifled +50% = 7.5, backhand
    // blow x2, flank charge x2 (ii-2 in 0605 is adjacent to 0505 too) = 30, looked up for 24
    // and 6 with the same roll 2: 1 hit; vii-14 disrupted 3 halved = 1.5, 2, rolled 2: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "charge", "units": ["ii-1"], "target": "0505"}),
        &[2, 1, 1, 1, 1],
    );
    let t = text(&ev);
    assert!(
        t.contains("reaction charge") && t.contains("backhand blow"),
        "{t}"
    );
    assert!(t.contains("flank charge"), "{t}");
    assert!(
        t.contains("charge strength 30") && t.contains("defense 2"),
        "{t}"
    );
    assert_eq!(at(&s, "vii-14"), Loc::Eliminated);
    let s = play(&s, json!({"kind": "end_charge", "back": true}), &[]).0;
    assert_eq!(at(&s, "ii-1"), hex(&s, x), "it went back");
    assert_eq!(AgeOfRifles.progress(&s).phase_key, "movement");
}

#[test]
fn aor_7_8_a_move_next_to_enemy_cavalry_offers_a_reaction_charge_with_a_leader_plus_1() {
    let s = position(
        &horse(true),
        &[
            ("ii-1", "0705"),
            ("ii-2", "0905"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "0705"),
        ],
        &[
            ("vii-13", "0405"),
            ("vii-14", "0305"),
            ("vii-art", "0305"),
            ("steinmetz", "0305"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "movement", 0);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0605"}),
        &[],
    )
    .0;
    let p = AgeOfRifles.progress(&s);
    assert_eq!((p.phase_key.as_str(), p.player), ("movement", 1));
    let react = cmd(json!({"kind": "charge", "units": ["ii-1"], "target": "0605"}));
    assert_eq!(AgeOfRifles.legal(&s), vec![Command::Decline, react]);
    let e = refused(&s, json!({"kind": "move", "unit": "vii-14", "to": "0405"}));
    assert!(e.contains("AoR 7.8"), "{e}");
    // Morale 4 + 1 with Laveaucoupet in the hex: rolled 5 passes. vii-13 declines the square:
    // 7.5 x 2 = 15, rolled 12: 6 hits; vii-13 6 rolled 2: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "charge", "units": ["ii-1"], "target": "0605"}),
        &[5],
    );
    assert!(text(&ev).contains("against 5"), "{ev:?}");
    assert_eq!(
        AgeOfRifles.progress(&s).player,
        0,
        "the square is vii-13's choice"
    );
    let (s, _) = play(
        &s,
        json!({"kind": "form_square", "square": false}),
        &[6, 6, 1, 1],
    );
    assert_eq!(at(&s, "vii-13"), Loc::Eliminated);
    let s = play(&s, json!({"kind": "end_charge", "back": true}), &[]).0;
    assert_eq!(at(&s, "ii-1"), hex(&s, "0705"));
    let p = AgeOfRifles.progress(&s);
    assert_eq!((p.phase_key.as_str(), p.player), ("movement", 0));
    // A failed test: no charge, and the unit has used its charge for the turn.
    let s = position(
        &horse(true),
        &[
            ("ii-1", "0705"),
            ("ii-2", "0905"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "1005"),
        ],
        &[
            ("vii-13", "0405"),
            ("vii-14", "0305"),
            ("vii-art", "0305"),
            ("steinmetz", "0305"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "movement", 0);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0605"}),
        &[],
    )
    .0;
    let (s, ev) = play(
        &s,
        json!({"kind": "charge", "units": ["ii-1"], "target": "0605"}),
        &[5],
    );
    assert!(text(&ev).contains("do not reaction charge"), "{ev:?}");
    assert!(s.units[unit(&s, "ii-1")].charged);
    assert_eq!(at(&s, "vii-13"), hex(&s, "0605"));
}

#[test]
fn aor_7_6_who_may_charge_what_cavalry_only_two_hexes_clear_ground_and_not_reserve() {
    let s = charge_position();
    let e = refused(
        &s,
        json!({"kind": "charge", "units": ["vii-art"], "target": "0605"}),
    );
    assert!(e.contains("not cavalry"), "{e}");
    let e = refused(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "1005"}),
    );
    assert!(e.contains("up to two hexes"), "{e}");
    let e = refused(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0505"}),
    );
    assert!(e.contains("no enemy unit"), "{e}");
    // AoR 12.2: Reserve orders may not attack, so their cavalry does not charge.
    let sc = scenario(|v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
        v["sides"][0]["formations"][0]["order"] = "reserve".into();
    });
    let s = position(&sc, CHARGE_FRENCH, CHARGE_PRUSSIANS);
    let s = to(&s, "charge", 0);
    let e = refused(
        &s,
        json!({"kind": "charge", "units": ["vii-14"], "target": "0605"}),
    );
    assert!(e.contains("AoR 12.2") && e.contains("Reserve"), "{e}");
    assert_eq!(AgeOfRifles.legal(&s), vec![Command::End]);
}

#[test]
fn aor_5_5_16_no_charge_and_no_reaction_charge_on_a_night_or_rain_turn() {
    let c = json!({"kind": "charge", "units": ["vii-14"], "target": "0605"});
    for key in ["night_turns", "rain_turns"] {
        let sc = scenario(|v| {
            v["sides"][0]["units"][1]["kind"] = "cavalry".into();
            v[key] = json!([1]);
        });
        let s = charge_position_in(&sc);
        assert!(
            !AgeOfRifles
                .legal(&s)
                .iter()
                .any(|c| matches!(c, Command::Charge { .. })),
            "{key}: {:?}",
            AgeOfRifles.legal(&s)
        );
        let e = refused(&s, c.clone());
        assert!(
            e.contains("AoR 5.5") && e.contains("no combat"),
            "{key}: {e}"
        );
    }
}

/// AoR 7.8 "a hex that enemy units ... retreat into": along seeded random games of the test
/// scenario, every reaction offered in the Formation Combat Segment follows an assault whose
/// units retreated; it goes to the other side's cavalry, against the hexes the enemy units
/// retreated into (each holding them now), and the reaction may be declined or made; the
/// assault's advance (if any) waits for it.
#[test]
fn aor_7_8_units_retreating_after_an_assault_may_be_reaction_charged() {
    use kepi::engine::age_of_rifles::state::Phase;
    use kepi::engine::dice::SeededDice;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIO);
    let sc = kepi::library::load_scenario(&path).unwrap();
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let (mut offered, mut made) = (0, 0);
    for seed in 0..400 {
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while !AgeOfRifles.progress(&s).over {
            let c = player.next(&s);
            let (next, ev) = AgeOfRifles.apply(&s, &c, &mut dice).unwrap();
            let fresh = s.reaction.is_none() && next.reaction.is_some();
            if fresh && next.phase == Phase::Combat {
                offered += 1;
                assert!(
                    matches!(c, Command::Retreat { .. } | Command::Allocate { .. }),
                    "seed {seed}: a reaction in combat after {c:?}"
                );
                assert!(text(&ev).contains("retreat"), "seed {seed}: {ev:?}");
                let r = next.reaction.as_ref().unwrap();
                let setup = next.setup();
                for &h in &r.targets {
                    assert!(
                        (0..next.units.len()).any(|u| setup.units[u].side == 1 - r.side
                            && next.units[u].loc == Loc::At(h)),
                        "seed {seed}: the target {} holds the retreated units",
                        setup.name(h)
                    );
                }
                let legal = AgeOfRifles.legal(&next);
                assert_eq!(legal[0], Command::Decline);
                assert!(
                    legal[1..]
                        .iter()
                        .all(|c| matches!(c, Command::Charge { .. }))
                );
                assert_eq!(AgeOfRifles.progress(&next).player, r.side);
            }
            if s.reaction.is_some()
                && s.phase == Phase::Combat
                && matches!(c, Command::Charge { .. })
            {
                made += 1;
            }
            s = next;
        }
    }
    assert!(offered > 0 && made > 0, "{offered} offered, {made} made");
}

/// AoR 7.8 "retreat into", after AoR 7.11: the Prussian cavalry vii-13 (Defend orders)
/// retreats before the French assault from 0605; the French cavalry ii-1 in 0603, not among
/// the attackers, may reaction charge it where it went, with the backhand blow on retreating
/// cavalry (AoR 7.10); the advance waits for the reaction.
#[test]
fn aor_7_8_7_11_a_retreat_before_assault_may_be_reaction_charged() {
    let sc = scenario(|v| {
        v["sides"][0]["units"][0]["kind"] = "cavalry".into();
        v["sides"][0]["formations"][0]["order"] = "defend".into();
        v["sides"][1]["formations"][0]["order"] = "attack".into();
        v["sides"][1]["units"][0]["kind"] = "cavalry".into();
    });
    let s = position(
        &sc,
        &[
            ("ii-2", "0705"),
            ("ii-1", "0603"),
            ("ii-art", "0706"),
            ("frossard", "0805"),
            ("laveaucoupet", "0805"),
        ],
        &[
            ("vii-13", "0505"),
            ("vii-14", "0405"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "movement", 1);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "ii-2", "to": "0605"}),
        &[],
    )
    .0;
    let s = play(&s, json!({"kind": "decline"}), &[]).0;
    let s = to(&s, "combat", 1);
    let declared = play(
        &s,
        json!({"kind": "assault", "from": ["0605"], "target": "0505"}),
        &[],
    )
    .0;
    let (s2, _) = play(
        &declared,
        json!({"kind": "retreat", "voluntary": true}),
        &[],
    );
    let r = s2.reaction.as_ref().expect("a reaction is offered");
    let Loc::At(went) = at(&s2, "vii-13") else {
        panic!("vii-13 retreated")
    };
    assert_eq!(
        (r.side, r.targets.clone(), r.backhand.clone()),
        (1, vec![went], vec![went])
    );
    assert_eq!(AgeOfRifles.progress(&s2).player, 1);
    let legal = AgeOfRifles.legal(&s2);
    assert_eq!(legal[0], Command::Decline);
    assert!(
        legal.iter().any(
            |c| matches!(c, Command::Charge { units, .. } if units == &vec!["ii-1".to_string()])
        )
    );
    // Declined, the advance comes next (AoR 7.5).
    let s3 = play(&s2, json!({"kind": "decline"}), &[]).0;
    assert!(
        AgeOfRifles
            .legal(&s3)
            .contains(&cmd(json!({"kind": "advance", "unit": "ii-2"})))
    );
}

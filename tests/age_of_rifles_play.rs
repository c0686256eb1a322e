//! Age of Rifles in play (issue 15): the sequence of play (AoR 4) with its cases, each test
//! named for the case it reproduces, on the test map's scenario with the deployment zones
//! opened up (Prussians: columns 01-05 and row 1; French: columns 06-12 below row 1), so each
//! test places the pieces where its case needs them. Then property tests over seeded random
//! games, and `kepi new` + `kepi autoplay` to the end.

use crate::common;
use common::aor::{FIXTURE as SCENARIO, cmd, open_fixture as scenario, play, refused, to};

use common::cli::kepi;
use kepi::engine::age_of_rifles::section::Order;
use kepi::engine::age_of_rifles::state::{Command, Disruption, LeaderLoc, Loc, Phase, State};
use kepi::engine::dice::{Dice, RecordedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::json;
use std::path::Path;

const GETTYSBURG: &str = "scenarios/aor-gettysburg-first-day.json";

fn end(s: &State) -> State {
    play(s, json!({"kind": "end"}), &[]).0
}

/// Deploy the French, then the Prussians, each piece where given; the game is then at the
/// Prussians' Command Phase of game-turn 1.
fn position(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for (piece, hex) in french.iter().chain(prussian) {
        if *piece == "-" {
            s = end(&s);
            continue;
        }
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
    }
    end(&s)
}

const FRENCH: [(&str, &str); 6] = [
    ("ii-2", "0605"),
    ("ii-1", "1005"),
    ("ii-art", "1006"),
    ("frossard", "1005"),
    ("laveaucoupet", "1005"),
    ("-", ""),
];

fn standard(sc: &Scenario) -> State {
    position(
        sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0405"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    )
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

// ---- AoR 4: the sequence of play ----------------------------------------------------------------

#[test]
fn aor_4_sequence_of_play_command_then_each_player_turns_segments() {
    let sc = scenario(|_| {});
    let g = sc.map.grid;
    assert!(g.adjacent(g.parse("0505").unwrap(), g.parse("0605").unwrap()));
    let mut s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0405"),
            ("vii-14", "0405"),
            ("vii-art", "0404"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let mut seen = Vec::new();
    for _ in 0..12 {
        let p = AgeOfRifles.progress(&s);
        seen.push(format!("{} {} {}", p.turn, p.phase_key, p.player));
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(1))
            .unwrap()
            .0;
    }
    assert_eq!(
        seen,
        [
            "1 command 0",
            "1 command 1",
            "1 bombardment 0",
            "1 charge 0",
            "1 movement 0",
            "1 combat 0",
            "1 bombardment 1",
            "1 charge 1",
            "1 movement 1",
            "1 combat 1",
            "2 command 0",
            "2 command 1",
        ]
    );
}

#[test]
fn deployment_is_in_the_zone_and_aor_5_3_two_units_a_hex() {
    let sc = scenario(|_| {});
    let s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    assert!(AgeOfRifles.progress(&s).deploying);
    let e = refused(
        &s,
        json!({"kind": "deploy", "piece": "ii-1", "hex": "0101"}),
    );
    assert!(e.contains("deployment zone"), "{e}");
    let s = play(
        &s,
        json!({"kind": "deploy", "piece": "ii-1", "hex": "0605"}),
        &[],
    )
    .0;
    let s = play(
        &s,
        json!({"kind": "deploy", "piece": "ii-2", "hex": "0605"}),
        &[],
    )
    .0;
    let e = refused(
        &s,
        json!({"kind": "deploy", "piece": "ii-art", "hex": "0605"}),
    );
    assert!(e.contains("AoR 5.3"), "{e}");
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("still to deploy"), "{e}");
}

// ---- AoR 12: orders, compliance and capacity ------------------------------------------------------

#[test]
fn aor_12_4_worked_example_in_play_attack_order_9_mp_away_complied_2_turns_later() {
    // Lee (4) sends an Attack order to Ewell (2), 9 MP away: played with Steinmetz rated 4
    // and Zastrow rated 2, nine clear hexes apart along row 1.
    let sc = scenario(|v| {
        v["sides"][0]["leaders"][0]["rating"] = 4.into();
        v["sides"][0]["leaders"][1]["rating"] = 2.into();
        v["sides"][0]["formations"][0]["order"] = "defend".into();
    });
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0901"),
            ("vii-14", "1001"),
            ("vii-art", "0105"),
            ("steinmetz", "0101"),
            ("zastrow", "1001"),
        ],
    );
    let (s, ev) = play(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "attack"}),
        &[],
    );
    let text = format!("{ev:?}");
    assert!(text.contains("= 1, + 1 for 9 MP"), "{text}");
    let f = s.setup().formation("vii").unwrap();
    assert_eq!(s.formations[f].order, Order::Defend);
    assert_eq!(s.formations[f].pending.as_ref().unwrap().due, 3);
    let s2 = to(&s, "command", 0);
    assert_eq!(s2.turn, 1);
    let t2 = to(&end(&end(&s)), "command", 0);
    assert_eq!(t2.turn, 2);
    assert_eq!(t2.formations[f].order, Order::Defend, "not yet on turn 2");
    let t3 = to(&end(&end(&t2)), "command", 0);
    assert_eq!(t3.turn, 3);
    assert_eq!(
        t3.formations[f].order,
        Order::Attack,
        "executed 2 turns later"
    );
    assert!(t3.formations[f].pending.is_none());
}

#[test]
fn aor_12_5_a_commander_sends_as_many_orders_as_his_rating() {
    let sc = scenario(|v| v["sides"][0]["leaders"][0]["rating"] = 1.into());
    let s = standard(&sc);
    let s = play(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "defend"}),
        &[],
    )
    .0;
    let e = refused(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "reserve"}),
    );
    assert!(e.contains("AoR 12.5"), "{e}");
    // AoR 12.3: Defend to Reserve at will, at once (here the Defend order came at once: the
    // ratings 1 + 3 halve to 2, Defend's 3 - 2 = 1 turn... so it is still pending).
    let f = s.setup().formation("vii").unwrap();
    assert!(s.formations[f].pending.is_some());
}

#[test]
fn aor_12_2_march_order_needs_its_hex_and_only_march_names_one() {
    let sc = scenario(|_| {});
    let s = standard(&sc);
    let e = refused(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "march"}),
    );
    assert!(e.contains("AoR 12.2"), "{e}");
    let e = refused(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "defend", "march_to": "0101"}),
    );
    assert!(e.contains("AoR 12.2"), "{e}");
}

// ---- AoR 5.4 ZOCs and AoR 12.2 Attack orders in movement ------------------------------------------

#[test]
fn aor_5_4_a_unit_starting_in_an_enemy_zoc_leaves_only_under_defend_and_pays_1_mp() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "movement", 0);
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    // Attack orders: it does not leave the ZOC (AoR 12.2 "Units in ZOC cannot exit except by
    // retreat"); it may only move on into other enemy-ZOC hexes (drawing passing fire, AoR
    // 7.12; tests/age_of_rifles_passing_fire.rs).
    let setup = s.setup();
    let french: Vec<_> = (0..s.units.len())
        .filter(|&u| setup.units[u].side == 1)
        .filter_map(|u| match s.units[u].loc {
            Loc::At(h) => Some(h),
            _ => None,
        })
        .collect();
    for h in &r.hexes {
        let at = setup.parse(&h.hex).unwrap();
        assert!(
            french.iter().any(|&f| setup.distance(at, f) == 1),
            "{} is out of the enemy ZOC",
            h.hex
        );
    }
    assert!(!r.hexes.is_empty(), "it slides along the ZOC");
    // Under Reserve orders it may not move at all.
    let sc = scenario(|v| v["sides"][0]["formations"][0]["order"] = "reserve".into());
    let s = to(&standard(&sc), "movement", 0);
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    assert!(r.hexes.is_empty());
    assert!(r.refused.unwrap().contains("AoR 5.4"));
    let sc = scenario(|v| v["sides"][0]["formations"][0]["order"] = "defend".into());
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0305"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "movement", 0);
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    // 0505 -> 0405 is one clear hex: 1 MP plus 1 MP for the last unit to leave the ZOC.
    let back = r.hexes.iter().find(|h| h.hex == "0405").unwrap();
    assert_eq!(back.cost, "2");
    // Defend: may not enter a ZOC (AoR 12.2).
    assert!(
        !r.hexes.iter().any(
            |h| ["0604", "0606", "0506", "0504"].contains(&h.hex.as_str())
                && s.setup().distance(
                    s.setup().parse(&h.hex).unwrap(),
                    s.setup().parse("0605").unwrap()
                ) == 1
        ),
        "{:?}",
        r.hexes
    );
}

#[test]
fn aor_12_2_attack_orders_move_closer_and_the_segment_waits_for_them() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0105"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0305"),
        ],
    );
    let s = to(&s, "movement", 0);
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("AoR 12.2") && e.contains("14th Division"), "{e}");
    let setup = s.setup();
    let enemy = setup.parse("0605").unwrap();
    let from = setup.distance(setup.parse("0105").unwrap(), enemy);
    for c in AgeOfRifles.legal(&s) {
        if let Command::Move { unit, to, .. } = &c
            && unit == "vii-14"
        {
            assert!(
                setup.distance(setup.parse(to).unwrap(), enemy) < from,
                "{c:?}"
            );
        }
    }
    // Command range (AoR 12.1): no move takes it more than 4 cavalry MP from Zastrow or
    // Steinmetz.
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-14", "to": "0305"}),
        &[],
    )
    .0;
    assert_eq!(at(&s, "vii-14"), hex(&s, "0305"));
    let e = refused(&s, json!({"kind": "move", "unit": "vii-14", "to": "0405"}));
    assert!(e.contains("moved this segment"), "{e}");
}

// ---- AoR 8.1 bombardment --------------------------------------------------------------------------

#[test]
fn aor_8_1_bombardment_first_hit_disrupts_further_hits_are_steps_and_it_ends_with_the_turn() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "bombardment", 0);
    // vii-art (4) at 0405 on ii-2 at 0605, two hexes, clear: 6+6 = 12 gives 2 hits.
    let e = refused(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "1005"}),
    );
    assert!(e.contains("AoR 8.1"), "{e}");
    let (s, ev) = play(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
        &[6, 6],
    );
    let rolls = AgeOfRifles.rolls(&ev);
    assert_eq!(rolls.len(), 1);
    assert_eq!((rolls[0].faces.clone(), rolls[0].total), (vec![6, 6], 12));
    let u = unit(&s, "ii-2");
    assert_eq!(s.units[u].disrupted, Some(Disruption::Bombardment));
    assert_eq!(s.units[u].steps, 1);
    let e = refused(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
    );
    assert!(e.contains("bombarded"), "{e}");
    // AoR 4 III: artillery that bombarded cannot move.
    let m = to(&s, "movement", 0);
    assert!(
        AgeOfRifles
            .reach(&m, "vii-art")
            .unwrap()
            .refused
            .unwrap()
            .contains("AoR 4 III")
    );
    // AoR 8.1, 4.4: removed at the end of the game-turn.
    let mut t = m;
    t = to(&t, "combat", 0);
    t = play(
        &t,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[1, 1, 1, 1],
    )
    .0;
    t = play(&t, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    t = play(&t, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let t = AgeOfRifles
        .apply(&t, &Command::End, &mut SeededDice::new(5))
        .unwrap()
        .0;
    let t = to(&t, "command", 0);
    assert_eq!(t.turn, 2);
    assert_ne!(t.units[u].disrupted, Some(Disruption::Bombardment));
}

// ---- AoR 7.3-7.5 assault, retreat, advance ---------------------------------------------------------

#[test]
fn aor_7_3_attack_orders_in_an_enemy_zoc_must_attack() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "combat", 0);
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("AoR 7.3") && e.contains("0505"), "{e}");
    assert!(!AgeOfRifles.legal(&s).contains(&Command::End));
}

#[test]
fn aor_7_3_assault_hits_eliminate_the_defender_and_aor_7_5_one_attacker_advances() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "combat", 0);
    // Attack 6 (vii-13), roll 12: 3 hits; defense 5 (ii-2), roll 2: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[6, 6, 1, 1],
    );
    let text = format!("{ev:?}");
    assert!(
        text.contains("attack 6") && text.contains("defense 5"),
        "{text}"
    );
    assert_eq!(
        AgeOfRifles.progress(&s).player,
        0,
        "the attacker chooses first (AoR 7.4)"
    );
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    assert_eq!(AgeOfRifles.progress(&s).player, 1, "then the defender");
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    assert_eq!(at(&s, "ii-2"), Loc::Eliminated);
    assert_eq!(s.destroyed[1], 5);
    let f = s.setup().formation("ii").unwrap();
    assert_eq!(s.formations[f].lost, 5);
    let legal = AgeOfRifles.legal(&s);
    assert!(legal.contains(&cmd(json!({"kind": "advance", "unit": "vii-13"}))));
    assert!(!legal.contains(&cmd(json!({"kind": "advance", "unit": "vii-art"}))));
    let s = play(&s, json!({"kind": "advance", "unit": "vii-13"}), &[]).0;
    assert_eq!(at(&s, "vii-13"), hex(&s, "0605"));
    assert!(s.combat.is_none());
}

#[test]
fn aor_7_1_the_owner_chooses_which_units_take_the_hits_when_there_is_a_choice() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0505"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "combat", 0);
    // Attack 12, rolled 2: none; defense 5, rolled 10: 2 hits on the two infantry divisions.
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[1, 1, 5, 5],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 0, "the attacker allocates its own hits");
    assert!(p.waiting_for.unwrap().contains("AoR 7.1"));
    // Two results: the second hit must go to the damaged unit (AoR 7.1), so one division is
    // eliminated, either one.
    assert_eq!(
        AgeOfRifles.legal(&s),
        vec![
            cmd(json!({"kind": "allocate", "units": ["vii-13", "vii-13"]})),
            cmd(json!({"kind": "allocate", "units": ["vii-14", "vii-14"]})),
        ]
    );
    let e = refused(
        &s,
        json!({"kind": "allocate", "units": ["vii-13", "vii-14"]}),
    );
    assert!(e.contains("AoR 7.1"), "{e}");
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("AoR 7.1"), "{e}");
    // vii-14 takes both; the attackers (vii-13, morale 4) check morale: rolled 1, they stay.
    let s = play(
        &s,
        json!({"kind": "allocate", "units": ["vii-14", "vii-14"]}),
        &[1],
    )
    .0;
    assert_eq!(at(&s, "vii-14"), Loc::Eliminated);
    assert_eq!(s.units[unit(&s, "vii-13")].steps, 2);
    assert_eq!(at(&s, "vii-13"), hex(&s, "0505"));
    assert!(s.combat.is_none());
}

#[test]
fn aor_7_5_two_units_with_a_leader_in_the_attacking_hex_advance_together() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0505"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0505"),
        ],
    );
    let s = to(&s, "combat", 0);
    // Attack 12 (6 + 6), rolled 12: 5 hits eliminate ii-2; defense 5, rolled 2: none.
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[6, 6, 1, 1],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let pair = json!({"kind": "advance", "unit": "vii-13", "with": "vii-14"});
    assert!(AgeOfRifles.legal(&s).contains(&cmd(pair.clone())));
    let (s, ev) = play(&s, pair, &[]);
    assert!(
        format!("{ev:?}").contains("Zastrow advances with them"),
        "{ev:?}"
    );
    assert_eq!(at(&s, "vii-13"), hex(&s, "0605"));
    assert_eq!(at(&s, "vii-14"), hex(&s, "0605"));
    let l = s.setup().leader("zastrow").unwrap();
    assert_eq!(
        s.leaders[l].loc,
        LeaderLoc::At(s.setup().parse("0605").unwrap())
    );
    // Without a leader in the hex, one unit only.
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0505"),
            ("vii-14", "0505"),
            ("vii-art", "0405"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "combat", 0);
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[6, 6, 1, 1],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let e = refused(
        &s,
        json!({"kind": "advance", "unit": "vii-13", "with": "vii-14"}),
    );
    assert!(e.contains("AoR 7.5"), "{e}");
}

#[test]
fn aor_7_4_a_hit_side_that_fails_morale_retreats_one_hex_disrupted() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "combat", 0);
    // Attack 6, roll 8: 1 hit; defense 5, roll 2: none. ii-2 flips to 2; morale 4 - 1 (step
    // loss) = 3; rolled 5: fails, retreats away from 0505.
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[4, 4, 1, 1],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let (s, ev) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[5]);
    let u = unit(&s, "ii-2");
    assert_eq!(s.units[u].steps, 1);
    assert_eq!(s.units[u].disrupted, Some(Disruption::Combat));
    let setup = s.setup();
    let Loc::At(h) = s.units[u].loc else { panic!() };
    assert_eq!(setup.distance(h, setup.parse("0505").unwrap()), 2, "{ev:?}");
    assert!(format!("{ev:?}").contains("against 3"), "{ev:?}");
}

#[test]
fn aor_7_4_a_voluntary_retreat_halves_both_sides_hits() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "combat", 0);
    // Attack 6, roll 8: 1 hit (halved to 0); defense 5, roll 10: 2 hits (halved to 1).
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[4, 4, 5, 5],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": true}), &[]).0;
    let (s, ev) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]);
    assert!(
        format!("{ev:?}").contains("attackers take 1, defenders 0"),
        "{ev:?}"
    );
    let a = unit(&s, "vii-13");
    assert_eq!(s.units[a].steps, 1);
    assert_eq!(s.units[a].disrupted, Some(Disruption::Combat));
    assert_ne!(s.units[a].loc, hex(&s, "0505"), "retreated");
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 2);
}

#[test]
fn aor_7_6_only_cavalry_charges_and_with_none_on_the_map_the_segment_only_ends() {
    let sc = scenario(|_| {});
    let s = to(&standard(&sc), "charge", 0);
    let e = refused(
        &s,
        json!({"kind": "charge", "units": ["vii-13"], "target": "0605"}),
    );
    assert!(e.contains("AoR 7.6") && e.contains("not cavalry"), "{e}");
    assert_eq!(AgeOfRifles.legal(&s), vec![Command::End]);
}

// ---- AoR 13, 18 army demoralization; AoR 9 reinforcements; AoR 11 leaders ----------------------

#[test]
fn aor_13_18_an_army_reaching_its_demoralization_level_loses_at_once() {
    let sc = scenario(|v| v["sides"][1]["army_demoralization"] = 5.into());
    let s = to(&standard(&sc), "combat", 0);
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[6, 6, 1, 1],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let o = AgeOfRifles.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(0));
    assert!(o.reason.contains("AoR 13"), "{}", o.reason);
    assert!(AgeOfRifles.progress(&s).over);
    assert!(AgeOfRifles.legal(&s).is_empty());
}

#[test]
fn aor_9_reinforcements_enter_at_their_hex_stacked_with_a_march_leader_in_his_hex() {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &FRENCH,
        &[
            ("vii-13", "0405"),
            ("vii-14", "0405"),
            ("vii-art", "0404"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    assert_eq!(at(&s, "cav5-1"), Loc::Off);
    let t2 = to(&end(&end(&s)), "command", 0);
    assert_eq!(t2.turn, 2);
    assert_eq!(at(&t2, "cav5-1"), hex(&t2, "0108"));
    assert_eq!(at(&t2, "cav5-2"), hex(&t2, "0108"));
    let l = t2.setup().leader("rheinbaben").unwrap();
    assert_eq!(
        t2.leaders[l].loc,
        LeaderLoc::At(t2.setup().parse("0608").unwrap())
    );
}

// ---- Property tests over seeded random games -----------------------------------------------------

fn invariants(s: &State, seed: u64, n: usize) {
    let setup = s.setup();
    let mut per: std::collections::BTreeMap<(u16, usize), Vec<usize>> = Default::default();
    for (u, us) in s.units.iter().enumerate() {
        if let Loc::At(h) = us.loc {
            per.entry((h, setup.units[u].side)).or_default().push(u);
            assert!(
                (1..=setup.units[u].steps()).contains(&us.steps),
                "seed {seed} command {n}: steps"
            );
        }
    }
    for ((h, side), units) in &per {
        // No unit in an enemy hex.
        assert!(
            !per.contains_key(&(*h, 1 - side)),
            "seed {seed} command {n}: both sides in {}",
            setup.name(*h)
        );
        // AoR 5.3 (and 7.4's overstacked retreat, which disrupts).
        assert!(
            units.len() <= 2 || units.iter().all(|&u| s.units[u].overstacked),
            "seed {seed} command {n}: {} units in {}",
            units.len(),
            setup.name(*h)
        );
    }
}

/// The games a property test plays: `KEPI_AOR_GAMES` when set (to run thousands by hand, or a
/// few while debugging), otherwise `default` times `KEPI_TEST_SCALE` (tests/common/scale.rs).
/// A value that is not a whole number is refused, never read as the default.
fn games(default: u64) -> u64 {
    match std::env::var("KEPI_AOR_GAMES") {
        Err(_) => common::scale::scaled(default),
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("KEPI_AOR_GAMES={v:?}: a whole number of games")),
    }
}

#[test]
fn seeded_random_games_keep_stacking_no_unit_in_an_enemy_hex_and_replay_hash_for_hash() {
    // The fixture's artillery bombards stacks of two often enough for AoR 8.1's choices.
    random_games_hold(
        SCENARIO,
        600,
        &[
            "allocate charge",
            "allocate bombardment",
            "disrupt",
            "reaction to a retreat",
            "passing fire",
            "passing fire on a retreat",
        ],
    );
}

/// The shipped historical scenario (22 x 17 hexes, 59 units and 24 leaders, 12 game-turns; some 550 commands a
/// game, so fewer games than the fixture's in a test run: `KEPI_AOR_GAMES=2000` for more).
#[test]
fn gettysburg_seeded_random_games_keep_stacking_no_unit_in_an_enemy_hex_and_replay_hash_for_hash() {
    random_games_hold(
        GETTYSBURG,
        60,
        &[
            "allocate charge",
            "reaction to a retreat",
            "passing fire",
            "passing fire on a retreat",
        ],
    );
}

#[test]
fn gettysburg_every_legal_command_is_accepted_along_seeded_games() {
    legal_commands_accepted(GETTYSBURG, 2, 25);
}

/// Plays `default` seeded random games of `scenario` (or as many as [`games`] says) to the end,
/// checking the invariants after every command, and replays a quarter of them from their
/// recorded dice hash for hash. The charges' and 7.1's decisions must arise, and so must those
/// in `also`, whenever at least the default's games are played (fewer, by hand, may miss some).
fn random_games_hold(scenario: &str, default: u64, also: &[&str]) {
    let games = games(default);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
    let sc = kepi::library::load_scenario(&path).unwrap();
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut ended = 0;
    // How often the random player met each decision of the charges and of AoR 7.1 and 7.5.
    let mut seen: std::collections::BTreeMap<&'static str, u64> = Default::default();
    for seed in 0..games {
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut record = Vec::new();
        let mut n = 0;
        while !AgeOfRifles.progress(&s).over {
            let c = player.next(&s);
            if let Some(k) = decision(&s, &c) {
                *seen.entry(k).or_default() += 1;
            }
            let (next, ev) = AgeOfRifles
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap_or_else(|e| panic!("seed {seed} command {n} {c:?}: {e}"));
            invariants(&next, seed, n);
            let rolls = AgeOfRifles.rolls(&ev);
            // AoR 7.12: passing fire is no decision (it is automatic): counted by its rolls.
            // AoR 7.4: passing fire on a stack retreating into an enemy ZOC is counted apart
            // (its roll's context says `retreat`).
            for r in rolls.iter().filter(|r| r.purpose == "passing fire") {
                let k = if r.context["retreat"] == true {
                    "passing fire on a retreat"
                } else {
                    "passing fire"
                };
                *seen.entry(k).or_default() += 1;
            }
            record.push((c, rolls, AgeOfRifles.state_hash(&next)));
            s = next;
            n += 1;
            assert!(n < 5000, "seed {seed}: the game does not end");
        }
        ended += 1;
        assert!(AgeOfRifles.outcome(&s).is_some());
        // Replay of the recorded dice reproduces every state hash (a quarter of the games, to
        // keep the run short; the archive's `check` does it for every recorded game).
        if seed % 4 == 0 {
            let mut r = root.clone();
            for (i, (c, rolls, hash)) in record.iter().enumerate() {
                let mut d = RecordedDice::new(rolls.iter().cloned());
                let (next, _) = AgeOfRifles.apply(&r, c, &mut d).unwrap();
                assert_eq!(d.remaining(), 0);
                assert_eq!(
                    &AgeOfRifles.state_hash(&next),
                    hash,
                    "seed {seed} command {i}"
                );
                r = next;
            }
            // And a snapshot restores to the same hash.
            let back = AgeOfRifles
                .restore(&root, &AgeOfRifles.snapshot(&s))
                .unwrap();
            assert_eq!(AgeOfRifles.state_hash(&back), AgeOfRifles.state_hash(&s));
        }
    }
    assert_eq!(ended, games);
    eprintln!("{scenario}: {games} games, decisions taken {seen:?}");
    // The random games exercise the charges and the new decisions (enough games for each to
    // arise: the default counts, seeds from 0, so every larger run plays them too).
    if games >= default {
        for k in [
            "charge",
            "reaction",
            "square",
            "after charge",
            "allocate",
            "fire first",
        ]
        .iter()
        .chain(also)
        {
            assert!(
                seen.get(k).is_some_and(|&n| n > 0),
                "{scenario}: no {k} in {seen:?}"
            );
        }
    }
}

/// The kind of decision `c` is, for the property tests' counts.
fn decision(s: &State, c: &Command) -> Option<&'static str> {
    Some(match c {
        // AoR 7.8: in the Formation Combat Segment a reaction is offered only against units
        // retreating after an assault.
        Command::Charge { .. } | Command::Decline
            if s.reaction.is_some() && s.phase == Phase::Combat =>
        {
            "reaction to a retreat"
        }
        Command::Charge { .. } if s.reaction.is_some() => "reaction",
        Command::Charge { .. } => "charge",
        Command::Decline => "declined reaction",
        Command::FormSquare { .. } => "square",
        Command::EndCharge { .. } | Command::Pursue { .. } => "after charge",
        Command::Allocate { .. } if s.charge.is_some() => "allocate charge",
        Command::Allocate { .. } if s.bombardment.is_some() => "allocate bombardment",
        Command::Allocate { .. } => "allocate",
        Command::Disrupt { .. } => "disrupt",
        Command::Advance { with: Some(_), .. } => "advance with a leader",
        Command::FireFirst { .. } => "fire first",
        Command::Exit { .. } => "exit",
        Command::Reorganize { .. } => "reorganize",
        _ => return None,
    })
}

#[test]
fn every_legal_command_is_accepted_along_seeded_games() {
    legal_commands_accepted(SCENARIO, 20, 10);
}

/// Along `seeds` seeded random games of `scenario`, every `step`-th legal command of every
/// position is accepted by `apply`.
fn legal_commands_accepted(scenario: &str, seeds: u64, step: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
    let sc = kepi::library::load_scenario(&path).unwrap();
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    for seed in 0..seeds {
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while !AgeOfRifles.progress(&s).over {
            let legal = AgeOfRifles.legal(&s);
            assert!(!legal.is_empty(), "seed {seed}: no legal command");
            // Every step-th command listed (all would make the test slow) is accepted.
            for c in legal.iter().step_by(step) {
                let mut d = SeededDice::new(seed + 99);
                if let Err(e) = AgeOfRifles.apply(&s, c, &mut d) {
                    panic!("seed {seed}: legal {c:?} refused: {e}");
                }
            }
            let c = player.next(&s);
            s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
        }
    }
}

// ---- The CLI plays it with no code of its own ---------------------------------------------------

#[test]
fn kepi_new_and_autoplay_play_the_scenario_to_the_end_deterministically() {
    let dir = std::env::temp_dir().join(format!("kepi-aor-play-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("g.json");
    let (code, out) = kepi(&[
        "new",
        SCENARIO,
        "--seed",
        "7",
        "--auto-deploy",
        "-o",
        game.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Command and Reorganization Phase"), "{out}");
    let (code, legal) = kepi(&["legal", game.to_str().unwrap()]);
    assert_eq!(code, 0, "{legal}");
    assert!(legal.contains("Send VII Corps"), "{legal}");
    let run = || kepi(&["autoplay", SCENARIO, "--seed", "3", "--games", "4"]);
    let (code, a) = run();
    assert_eq!(code, 0, "{a}");
    assert!(a.contains("4 game(s)"), "{a}");
    assert!(a.contains("in 6 game-turns") || a.contains("AoR 13"), "{a}");
    assert_eq!(a, run().1, "the same seeds play the same games");
    // Saved games replay and their state is checked against the record.
    let (code, out) = kepi(&[
        "autoplay",
        SCENARIO,
        "--seed",
        "5",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    let saved = dir.join("aor-crossroads-meeting-5.json");
    let (code, state) = kepi(&["state", saved.to_str().unwrap()]);
    assert_eq!(code, 0, "{state}");
    assert!(state.contains("Game over"), "{state}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn aor_7_11_assaulted_cavalry_may_retreat_before_the_assault_and_the_attacker_advances() {
    // vii-13 made cavalry, under Defend orders; the French attack.
    let sc = scenario(|v| {
        v["sides"][0]["units"][0]["kind"] = "cavalry".into();
        v["sides"][0]["formations"][0]["order"] = "defend".into();
        v["sides"][1]["formations"][0]["order"] = "attack".into();
    });
    let s = position(
        &sc,
        &[
            ("ii-2", "0705"),
            ("ii-1", "0704"),
            ("ii-art", "0706"),
            ("frossard", "0805"),
            ("laveaucoupet", "0805"),
            ("-", ""),
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
    // AoR 7.8: the Prussian cavalry next to it may reaction charge; it declines.
    assert_eq!(AgeOfRifles.progress(&s).player, 0);
    let s = play(&s, json!({"kind": "decline"}), &[]).0;
    let s = to(&s, "combat", 1);
    let declared = play(
        &s,
        json!({"kind": "assault", "from": ["0605"], "target": "0505"}),
        &[],
    )
    .0;
    let p = AgeOfRifles.progress(&declared);
    assert_eq!(p.player, 0, "the defender chooses");
    assert!(p.waiting_for.unwrap().contains("AoR 7.11"));
    // It retreats: one hex away, not disrupted, and ii-2 may advance.
    let (s2, ev) = play(
        &declared,
        json!({"kind": "retreat", "voluntary": true}),
        &[],
    );
    assert!(AgeOfRifles.rolls(&ev).is_empty(), "no fire");
    let u = unit(&s2, "vii-13");
    assert_ne!(s2.units[u].loc, hex(&s2, "0505"));
    assert_eq!(s2.units[u].disrupted, None);
    assert!(
        AgeOfRifles
            .legal(&s2)
            .contains(&cmd(json!({"kind": "advance", "unit": "ii-2"})))
    );
    // Or it stands; ii-2 moved adjacent out of 0705 (not adjacent, in line of sight), so the
    // defender may fire first (AoR 7.3); it declines, and both sides fire.
    let stands = play(
        &declared,
        json!({"kind": "retreat", "voluntary": false}),
        &[],
    )
    .0;
    assert_eq!(AgeOfRifles.progress(&stands).player, 0);
    let (s3, ev) = play(
        &stands,
        json!({"kind": "fire_first", "first": false}),
        &[1, 1, 1, 1],
    );
    assert_eq!(AgeOfRifles.rolls(&ev).len(), 2);
    assert_eq!(
        AgeOfRifles.progress(&s3).player,
        1,
        "then the attacker's choice (AoR 7.4)"
    );
}

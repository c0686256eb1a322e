//! R&S 5.2 shock combat and 6.0 disruption and retreat: rule cases through the engine.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::legal;
use kepi::engine::rifle_and_saber::state::{Pending, Phase};

#[test]
fn r_and_s_5_2_two_against_one_disrupts_the_defender_and_one_attacker_of_the_attackers_choice() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0404")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    g.shock("Blue MZ 2", "0505").unwrap();
    assert_eq!(g.s.shock_plan.len(), 1, "one combined attack (R&S 5.2(E))");
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("2".into(), "1".into())]);
    // "if two units attack one in Shock Combat, the defender and one of the attackers will
    // automatically be disrupted": the attacker chooses which.
    let (b1, b2) = (g.id("Blue MZ 1"), g.id("Blue MZ 2"));
    assert!(matches!(
        &g.s.pending,
        Some(Pending::ShockLosses {
            side: 0,
            attackers: true,
            ..
        })
    ));
    assert_eq!(
        legal(&g.s),
        [
            Command::ChooseShockLosses { units: vec![b1] },
            Command::ChooseShockLosses { units: vec![b2] }
        ]
    );
    let e = g.refused(Command::ChooseShockLosses {
        units: vec![b1, b2],
    });
    assert!(e.starts_with("R&S 5.2"), "{e}");
    let e = g.refused(Command::EndPhase);
    assert!(e.contains("must first decide"), "{e}");
    g.ok(Command::ChooseShockLosses { units: vec![b2] }, &[]);
    g.settle();
    assert!(!g.disrupted("Blue MZ 1"));
    assert!(g.disrupted("Blue MZ 2"));
    assert!(g.disrupted("Red MZ 1"));
    assert_ne!(
        g.hex_of("Red MZ 1").as_deref(),
        Some("0505"),
        "it retreated"
    );
}

#[test]
fn r_and_s_5_2_e_a_weaker_attack_disrupts_every_attacker_and_the_defender_chooses_its_loss() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0504")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("1".into(), "2".into())]);
    assert!(g.disrupted("Blue MZ 1"));
    let (r1, r2) = (g.id("Red MZ 1"), g.id("Red MZ 2"));
    assert!(matches!(
        &g.s.pending,
        Some(Pending::ShockLosses {
            side: 1,
            attackers: false,
            ..
        })
    ));
    assert_eq!(
        legal(&g.s),
        [
            Command::ChooseShockLosses { units: vec![r1] },
            Command::ChooseShockLosses { units: vec![r2] }
        ]
    );
    g.ok(Command::ChooseShockLosses { units: vec![r1] }, &[]);
    g.settle();
    assert!(g.disrupted("Red MZ 1"));
    assert_ne!(g.hex_of("Red MZ 1").as_deref(), Some("0505"));
    assert!(!g.disrupted("Red MZ 2"));
    assert_eq!(g.hex_of("Red MZ 2").as_deref(), Some("0505"));
}

#[test]
fn r_and_s_5_2_equal_strengths_disrupt_both_sides() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("1".into(), "1".into())]);
    assert!(!matches!(g.s.pending, Some(Pending::ShockLosses { .. })));
    g.settle();
    assert!(g.disrupted("Blue MZ 1"));
    assert!(g.disrupted("Red MZ 1"));
    assert_ne!(g.hex_of("Red MZ 1").as_deref(), Some("0505"));
    assert_eq!(
        g.hex_of("Blue MZ 1").as_deref(),
        Some("0504"),
        "attackers stay"
    );
}

/// A village at 0505.
fn village() -> MapSpec {
    MapSpec::default().with("v", &["0505"])
}

#[test]
fn r_and_s_5_2_a_defender_in_a_village_counts_three_so_two_attackers_do_not_disrupt_it() {
    // 9.2: a village triples the defense "Fire and Shock". "Thus, an Enemy unit in a trench
    // could be disrupted only at the cost of disrupting three Friendly attacking units": an
    // equal number of adjusted points, never more, on the stronger side.
    let spec = village();
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0404")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    g.shock("Blue MZ 2", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("2".into(), "3".into())]);
    assert!(g.s.pending.is_none());
    assert!(g.disrupted("Blue MZ 1") && g.disrupted("Blue MZ 2"));
    assert!(!g.disrupted("Red MZ 1"));
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0505"));
}

#[test]
fn r_and_s_5_2_three_attackers_against_a_village_disrupt_all_three_and_the_defender() {
    let spec = village();
    let mut g = Game::new(&spec, "3 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[
            ("Blue MZ 1", "0504"),
            ("Blue MZ 2", "0404"),
            ("Blue MZ 3", "0604"),
        ],
    );
    g.to(0, Phase::Shock);
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"] {
        g.shock(l, "0505").unwrap();
    }
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("3".into(), "3".into())]);
    g.settle();
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3", "Red MZ 1"] {
        assert!(g.disrupted(l), "{l}");
    }
    assert_ne!(g.hex_of("Red MZ 1").as_deref(), Some("0505"));
}

#[test]
fn r_and_s_5_2_guns_in_the_defending_hex_are_always_disrupted_and_unlimbered_ones_eliminated() {
    // Clear hex: 3 against the infantry's 1; the gun (shock 0) does not add to the defense.
    let mut g = Game::new(&MapSpec::default(), "3 MZ", "1 MZ; 1 MA");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MA 1", "0505")],
        &[
            ("Blue MZ 1", "0504"),
            ("Blue MZ 2", "0404"),
            ("Blue MZ 3", "0604"),
        ],
    );
    g.to(0, Phase::Shock);
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"] {
        g.shock(l, "0505").unwrap();
    }
    let mut events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("3".into(), "1".into())]);
    let b3 = g.id("Blue MZ 3");
    events.extend(g.ok(Command::ChooseShockLosses { units: vec![b3] }, &[]));
    g.settle();
    assert!(g.eliminated("Red MA 1"));
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MA 1".to_string(),
            "R&S 6.0(C): unlimbered artillery and machine guns never retreat and are \
             eliminated when disrupted by shock"
                .to_string()
        )]
    );
    assert!(g.disrupted("Red MZ 1"));
    assert!(g.disrupted("Blue MZ 3"));
    assert!(!g.disrupted("Blue MZ 1") && !g.disrupted("Blue MZ 2"));
}

#[test]
fn r_and_s_5_2_a_single_attacker_disrupts_the_guns_whatever_the_stacks_shock_strength() {
    // "even a single unit making a Shock Attack against a stack of units containing Artillery
    // or Machine Gun units, would disrupt the gun units regardless of the Shock Defense
    // Strength of the stack."
    let spec = village();
    let mut g = Game::new(&spec, "1 MZ", "1 MZ; 1 MG");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MG 1", "0505")],
        &[("Blue MZ 1", "0504")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("1".into(), "3".into())]);
    assert!(g.eliminated("Red MG 1"));
    assert!(g.disrupted("Blue MZ 1"));
    assert!(!g.disrupted("Red MZ 1"));
}

#[test]
fn r_and_s_6_0_c_a_limbered_gun_disrupted_by_shock_retreats() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MA");
    let ma = g.id("Red MA 1");
    g.deploy_limbered("Red MA 1", "0505").unwrap();
    g.ok(Command::EndDeployment, &[]);
    g.deploy("Blue MZ 1", "0504").unwrap();
    g.ok(Command::EndDeployment, &[]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    // A lone gun has no shock strength: 1 against 0, no attacker is disrupted.
    assert_eq!(shock_resolved(&events), [("1".into(), "0".into())]);
    g.settle();
    assert!(!g.eliminated("Red MA 1"));
    assert!(g.disrupted("Red MA 1"));
    assert!(
        !g.s.units[ma].limbered,
        "disrupted guns are considered unlimbered"
    );
    let at = g.hex_of("Red MA 1").unwrap();
    let grid = &g.s.setup.grid;
    // MA: 6 MP, directly away from 0504 over clear terrain.
    assert_eq!(grid.distance(hex(&at), hex("0505")), 6);
    assert_eq!(grid.distance(hex(&at), hex("0504")), 7);
    assert!(!g.disrupted("Blue MZ 1"));
}

#[test]
fn r_and_s_5_2_c_a_hex_is_attacked_once_and_a_unit_attacks_once_per_phase() {
    let mut g = Game::new(&MapSpec::default(), "3 MZ", "3 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0505"),
            ("Red MZ 2", "0505"),
            ("Red MZ 3", "0705"),
        ],
        &[
            ("Blue MZ 1", "0504"),
            ("Blue MZ 2", "0604"),
            ("Blue MZ 3", "0405"),
        ],
    );
    g.to(0, Phase::Shock);
    // Blue MZ 2 is next to both 0505 and 0705.
    g.shock("Blue MZ 2", "0705").unwrap();
    let e = g.shock("Blue MZ 2", "0505").unwrap_err();
    assert_eq!(e, "R&S 5.2(C): Blue MZ 2 has already attacked this phase");
    g.shock("Blue MZ 1", "0505").unwrap();
    g.ok(Command::ResolveShock, &[]);
    g.settle();
    // One Red unit is left in 0505; it may not be attacked again this phase.
    assert_eq!(g.s.stack(hex("0505")).len(), 1);
    let e = g.shock("Blue MZ 3", "0505").unwrap_err();
    assert_eq!(e, "R&S 5.2(C): 0505 has already been attacked this phase");
    // Next player-turn it may.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Shock);
    assert_eq!(g.s.turn, 2);
    g.shock("Blue MZ 3", "0505").unwrap();
}

/// Blue units at 0404 and 0604 control every hex a retreat from 0503 (away from 0502) can
/// enter first, so the retreat must go through their zones, down the corridor to 0507.
fn into_0507(red: &str, red_at: &[(&str, &str)]) -> Game {
    let spec = corridor();
    let mut g = Game::new(&spec, "4 MZ", red);
    g.setup(
        red_at,
        &[
            ("Blue MZ 1", "0502"),
            ("Blue MZ 2", "0404"),
            ("Blue MZ 3", "0604"),
            ("Blue MZ 4", "0508"),
        ],
    );
    g.to(0, Phase::Shock);
    g
}

#[test]
fn r_and_s_5_2_c_a_unit_is_attacked_once_even_after_retreating_into_another_hex() {
    // Both attacks allocated, then resolved: Red MZ 1 retreats from 0503 onto Red MZ 2 at
    // 0507, which Blue MZ 4 attacks next. "No unit may be attacked more than once per Shock
    // Combat Phase": Red MZ 2 alone defends (1 against 1), the disrupted Red MZ 1 is not
    // attacked again (it would count 1/2 and could be eliminated).
    let mut g = into_0507("2 MZ", &[("Red MZ 1", "0503"), ("Red MZ 2", "0507")]);
    g.shock("Blue MZ 1", "0503").unwrap();
    g.shock("Blue MZ 4", "0507").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(
        shock_resolved(&events),
        [("1".into(), "1".into()), ("1".into(), "1".into())]
    );
    assert!(g.s.pending.is_none());
    assert!(!g.eliminated("Red MZ 1"));
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0507"));
    assert!(g.disrupted("Red MZ 2"));
    assert_ne!(g.hex_of("Red MZ 2").as_deref(), Some("0507"));
    assert!(g.disrupted("Blue MZ 1") && g.disrupted("Blue MZ 4"));
    // Nor may a new attack be made on a hex holding only units already attacked.
    let mut g = into_0507("1 MZ", &[("Red MZ 1", "0503")]);
    g.shock("Blue MZ 1", "0503").unwrap();
    g.ok(Command::ResolveShock, &[]);
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0507"));
    let e = g.shock("Blue MZ 4", "0507").unwrap_err();
    assert_eq!(
        e,
        "R&S 5.2(C): every unit in 0507 has already been attacked this phase"
    );
}

#[test]
fn r_and_s_5_2_d_attackers_in_one_hex_attack_the_same_hex() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0404")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0504")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let e = g.shock("Blue MZ 2", "0404").unwrap_err();
    assert_eq!(
        e,
        "R&S 5.2(D): units in 0504 must all attack the same hex; one already attacks 0505"
    );
    g.shock("Blue MZ 2", "0505").unwrap();
    // Units are not compelled to attack (5.2(B)): Blue MZ 2 withdraws from the attack.
    let u = g.id("Blue MZ 2");
    g.ok(Command::CancelShock { unit: u }, &[]);
}

#[test]
fn r_and_s_5_2_only_adjacent_hexes_and_guns_do_not_shock_attack() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 BA", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue BA 1", "0504")],
    );
    g.to(0, Phase::Shock);
    let e = g.shock("Blue MZ 1", "0505").unwrap_err();
    assert_eq!(
        e,
        "R&S 5.2(A): Blue MZ 1 may shock attack only an adjacent hex"
    );
    let e = g.shock("Blue BA 1", "0505").unwrap_err();
    assert_eq!(
        e,
        "R&S 5.2: Blue BA 1 has a shock combat strength of zero and does not attack"
    );
}

#[test]
fn r_and_s_6_0_a_disrupted_units_may_not_shock_attack() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Movement);
    // Out of Red's zone (0503) and into it again (0404): disrupted at the phase's end.
    g.mv("Blue MZ 1", &["0503"]).unwrap();
    g.mv("Blue MZ 1", &["0403", "0404"]).unwrap();
    g.ok(Command::EndPhase, &[]);
    assert!(g.disrupted("Blue MZ 1"));
    let e = g.shock("Blue MZ 1", "0505").unwrap_err();
    assert_eq!(e, "R&S 6.0(A): Blue MZ 1 is disrupted and may not attack");
}

#[test]
fn r_and_s_6_0_a_a_second_disruption_by_enemy_action_eliminates() {
    let spec = corridor();
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0503")], &[("Blue MZ 1", "0502")]);
    // Fire: 3 against 2 is 1-1; a 5 is RD. Red retreats down the corridor, disrupted.
    g.fire("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveFire, &[5]);
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0506".into(), "0507".into()]
        )]
    );
    assert!(g.disrupted("Red MZ 1"));
    // Blue follows and shocks it: the second disruption eliminates it.
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0503", "0504", "0505", "0506"])
        .unwrap();
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0507").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    // Disrupted: half its shock value.
    assert_eq!(shock_resolved(&events), [("1".into(), "1/2".into())]);
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MZ 1".to_string(),
            "R&S 6.0(A): a second disruption by shock eliminates it".to_string()
        )]
    );
    // Half a point is less than the attacker's one: no attacker is disrupted.
    assert!(!g.disrupted("Blue MZ 1"));
}

#[test]
fn r_and_s_6_0_b_disrupted_in_the_enemy_player_turn_recovers_at_the_end_of_the_next_one() {
    let spec = corridor();
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0503")], &[("Blue MZ 1", "0502")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    g.ok(Command::ResolveShock, &[]);
    g.settle();
    // Both disrupted in Blue's player-turn 1.
    assert!(g.disrupted("Red MZ 1") && g.disrupted("Blue MZ 1"));
    // Red's own next player-turn: still disrupted all through it.
    g.to(1, Phase::Fire);
    assert!(g.disrupted("Red MZ 1"));
    g.to(1, Phase::Shock);
    assert!(g.disrupted("Red MZ 1"));
    // Blue's next player-turn (the next enemy player-turn for Red, the next friendly one
    // for Blue): both still disrupted until its very end.
    g.to(0, Phase::Shock);
    assert!(g.disrupted("Red MZ 1") && g.disrupted("Blue MZ 1"));
    let events = g.ok(Command::EndPhase, &[]);
    let recovered: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Recovered { unit } => Some(g.s.label(*unit).to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(recovered, ["Blue MZ 1", "Red MZ 1"]);
    assert_eq!((g.s.turn, g.s.player), (2, 1));
}

#[test]
fn r_and_s_6_0_c_retreat_the_full_allowance_directly_away_through_the_most_clear_hexes() {
    let spec = corridor();
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0503")], &[("Blue MZ 1", "0502")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    // Into the woods beside (0403, 0603) the path would cross fewer clear hexes: the
    // corridor is the only option, no choice is asked for.
    assert!(g.s.pending.is_none());
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0506".into(), "0507".into()]
        )]
    );
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0507"));
}

#[test]
fn r_and_s_6_0_c_a_retreat_blocked_by_enemy_units_eliminates() {
    let spec = corridor();
    let mut g = Game::new(&spec, "4 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0503")],
        &[
            ("Blue MZ 1", "0502"),
            ("Blue MZ 2", "0403"),
            ("Blue MZ 3", "0504"),
            ("Blue MZ 4", "0603"),
        ],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MZ 1".to_string(),
            "R&S 6.0(C): its path of retreat away from the attacking units (0502) is blocked \
             by enemy units (0403, 0504, 0603)"
                .to_string()
        )]
    );
}

#[test]
fn r_and_s_6_0_c_a_retreat_that_would_overstack_eliminates() {
    // "Units may not violate Stacking limits during a retreat, and if forced to do so they
    // are eliminated instead": 0504 holds six points, 0403 and 0603 hold Blue units.
    let spec = corridor();
    let mut g = Game::new(&spec, "3 MZ", "4 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0503"),
            ("Red MZ 2", "0504"),
            ("Red MZ 3", "0504"),
            ("Red MZ 4", "0504"),
        ],
        &[
            ("Blue MZ 1", "0502"),
            ("Blue MZ 2", "0403"),
            ("Blue MZ 3", "0603"),
        ],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert!(g.eliminated("Red MZ 1"));
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MZ 1".to_string(),
            "R&S 6.0(C): its path of retreat away from the attacking units (0502) is blocked \
             by enemy units (0403, 0603) and the stacking limit of six points (0504)"
                .to_string()
        )]
    );
    for l in ["Red MZ 2", "Red MZ 3", "Red MZ 4"] {
        assert!(!g.disrupted(l), "{l}");
    }
}

#[test]
fn r_and_s_6_0_c_a_retreat_blocked_by_the_map_edge_eliminates() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0501")], &[("Blue MZ 1", "0502")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0501").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    // 0401 and 0601 are no farther from 0502 than 0501 is; the hexes that are lie off the
    // map: the map edge alone blocks the retreat.
    assert!(g.eliminated("Red MZ 1"));
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MZ 1".to_string(),
            "R&S 6.0(C): its path of retreat away from the attacking units (0502) is blocked \
             by the map edge"
                .to_string()
        )]
    );
}

#[test]
fn r_and_s_6_0_c_a_unit_fired_on_from_opposite_sides_has_no_hex_farther_and_is_eliminated() {
    // The case of issue 11: Blue in 0706 and 0708 fire on Red in 0707; every other hex around
    // 0707 is empty clear terrain, but each is next to 0706 or 0708, no farther from the
    // nearest attacking unit than 0707: there is no "directly away from the attacking units"
    // (Kepi's reading of R&S 6.0(C), docs/cli.md, "How Kepi reads the rules").
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0707")],
        &[("Blue MZ 1", "0706"), ("Blue MZ 2", "0708")],
    );
    let mut around: Vec<(String, bool)> =
        g.s.setup
            .grid
            .neighbors(hex("0707"))
            .map(|h| (g.s.setup.name(h), g.s.stack(h).is_empty()))
            .collect();
    around.sort();
    let empty = |n: &str| (n.to_string(), true);
    let blue = |n: &str| (n.to_string(), false);
    assert_eq!(
        around,
        [
            empty("0606"),
            empty("0607"),
            blue("0706"),
            blue("0708"),
            empty("0806"),
            empty("0807")
        ],
        "four empty hexes around 0707"
    );
    g.fire("Blue MZ 1", "0707").unwrap();
    g.fire("Blue MZ 2", "0707").unwrap();
    // 6 against 2: 3-1, a 2 is RD.
    let events = g.ok(Command::ResolveFire, &[2]);
    assert_eq!(
        fired(&events),
        [("3-1".to_string(), "RD".to_string(), "6".to_string())]
    );
    assert_eq!(
        eliminations(&events, &g),
        [(
            "Red MZ 1".to_string(),
            "R&S 6.0(C): no hex is farther from the attacking units (0706, 0708), so it cannot \
             retreat directly away from them"
                .to_string()
        )]
    );
    assert!(retreated(&events, &g).is_empty());
    // From two sides that are not opposite (0706 and 0807), the hexes on the far side are
    // farther from both: the unit retreats.
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0707")],
        &[("Blue MZ 1", "0706"), ("Blue MZ 2", "0807")],
    );
    g.fire("Blue MZ 1", "0707").unwrap();
    g.fire("Blue MZ 2", "0707").unwrap();
    let events = g.ok(Command::ResolveFire, &[2]);
    g.settle();
    assert!(eliminations(&events, &g).is_empty());
    assert!(!g.eliminated("Red MZ 1"));
    let at = hex(&g.hex_of("Red MZ 1").expect("on the map"));
    let grid = &g.s.setup.grid;
    assert!(grid.distance(at, hex("0706")) > 1 && grid.distance(at, hex("0807")) > 1);
}

#[test]
fn r_and_s_6_0_c_friendly_units_retreated_through_are_disrupted_not_eliminated() {
    let spec = corridor();
    let mut g = Game::new(&spec, "1 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0502")],
    );
    // Red MZ 1's retreat down the corridor passes through Red MZ 2.
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    g.settle();
    let r = retreated(&events, &g);
    assert_eq!(r.len(), 1);
    assert!(r[0].1.contains(&"0505".to_string()), "{r:?}");
    assert!(g.disrupted("Red MZ 2"));
    let r2 = g.id("Red MZ 2");
    assert!(events.iter().any(|e| matches!(e,
        Event::Disrupted { unit, reason, .. }
            if *unit == r2 && reason == "R&S 6.0(C): a friendly unit retreated through it")));
    assert!(!g.eliminated("Red MZ 2"));
}

#[test]
fn r_and_s_6_0_c_an_already_disrupted_unit_retreated_through_is_not_eliminated() {
    let spec = corridor();
    let mut g = Game::new(&spec, "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0506")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0406")],
    );
    // Red MZ 2 leaves Blue MZ 2's zone of control in Red's Movement Phase: disrupted until
    // the end of Red's next player-turn.
    g.to(1, Phase::Movement);
    g.mv("Red MZ 2", &["0505"]).unwrap();
    g.ok(Command::EndPhase, &[]);
    assert!(g.disrupted("Red MZ 2"));
    // Blue's game-turn 2: Blue MZ 2 steps out of the way; Blue MZ 1 shocks Red MZ 1, whose
    // retreat down the corridor passes through the disrupted Red MZ 2.
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 2", &["0306"]).unwrap();
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    g.settle();
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0506".into(), "0507".into()]
        )]
    );
    assert!(!g.eliminated("Red MZ 2"));
    assert!(g.disrupted("Red MZ 2"));
}

#[test]
fn r_and_s_6_0_c_errata_a_retreating_unit_ends_on_top_and_takes_fire_already_allocated() {
    let spec = corridor();
    let mut g = Game::new(&spec, "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0507")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0509")],
    );
    // Both attacks allocated first (R&S 3.0), then resolved in order.
    g.fire("Blue MZ 1", "0503").unwrap();
    g.fire("Blue MZ 2", "0507").unwrap();
    // 3 against 2: 1-1, a 5 is RD: Red MZ 1 retreats onto Red MZ 2 at 0507 and is on top.
    // The fire on 0507 then hits it, disrupted (defense 1): 3-1, a 2 is RD: eliminated.
    let events = g.ok(Command::ResolveFire, &[5, 2]);
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0506".into(), "0507".into()]
        )]
    );
    let r1 = g.id("Red MZ 1");
    let hits: Vec<(usize, String, String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::FireResolved {
                defender,
                odds,
                result,
                ..
            } => Some((*defender, odds.clone(), result.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(hits[1], (r1, "3-1".to_string(), "RD".to_string()));
    assert!(g.eliminated("Red MZ 1"));
    assert!(
        !g.disrupted("Red MZ 2"),
        "a retreat ending in a hex passes nothing"
    );
}

#[test]
fn r_and_s_5_1_c_no_new_fire_at_a_hex_or_unit_already_attacked_this_phase() {
    let spec = corridor();
    let mut g = Game::new(&spec, "3 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0507")],
        &[
            ("Blue MZ 1", "0502"),
            ("Blue MZ 2", "0509"),
            ("Blue MZ 3", "0402"),
        ],
    );
    // A roll of 1 at 1-1: no effect; 0503 has been attacked all the same.
    g.fire("Blue MZ 1", "0503").unwrap();
    g.ok(Command::ResolveFire, &[1]);
    let u = g.id("Blue MZ 3");
    let e = g.refused(Command::Fire {
        unit: u,
        target: hex("0503"),
        ammo: None,
    });
    assert_eq!(e, "R&S 5.1(C): 0503 has already been attacked this phase");
    // Next Fire Combat Phase it may be attacked again; an RD sends Red MZ 1 onto Red MZ 2 at
    // 0507, where it is on top: attacked once already, it may not be fired at anew.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    g.fire("Blue MZ 1", "0503").unwrap();
    g.ok(Command::ResolveFire, &[5]);
    let r1 = g.id("Red MZ 1");
    assert_eq!(g.s.top(hex("0507")), Some(r1));
    let u = g.id("Blue MZ 2");
    let e = g.refused(Command::Fire {
        unit: u,
        target: hex("0507"),
        ammo: None,
    });
    assert_eq!(
        e,
        "R&S 5.1(C): Red MZ 1, on top in 0507, has already been attacked this phase"
    );
}

#[test]
fn r_and_s_6_0_c_the_retreat_ends_on_top_of_a_friendly_stack() {
    let spec = corridor();
    let mut g = Game::new(&spec, "1 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0507")],
        &[("Blue MZ 1", "0502")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    g.ok(Command::ResolveShock, &[]);
    let r1 = g.id("Red MZ 1");
    assert_eq!(g.s.top(hex("0507")), Some(r1));
    assert_eq!(g.s.stack(hex("0507")).len(), 2);
}

#[test]
fn r_and_s_6_0_c_enemy_zones_are_entered_only_if_no_other_retreat_exists() {
    let spec = corridor();
    // Blue MZ 2 in the woods at 0406 controls 0506 and 0507: the retreat avoids them, even at
    // the cost of a woods hex (0605).
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0503")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0406")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    g.settle();
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0605".into()]
        )]
    );
    // Blue units at 0404 and 0604 control every hex farther from 0502 than 0503: the
    // retreat goes through their zones, down the corridor.
    let mut g = Game::new(&spec, "3 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0503")],
        &[
            ("Blue MZ 1", "0502"),
            ("Blue MZ 2", "0404"),
            ("Blue MZ 3", "0604"),
        ],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    g.settle();
    assert_eq!(
        retreated(&events, &g),
        [(
            "Red MZ 1".to_string(),
            vec!["0504".into(), "0505".into(), "0506".into(), "0507".into()]
        )]
    );
}

#[test]
fn r_and_s_5_2_a_unit_worth_no_shock_points_is_not_among_the_stronger_sides_losses() {
    // Scenario 17's limbers ("a Combat Strength of 0") in a stack that beats a weaker attack:
    // the defender disrupts units worth the attacker's 1 point; the limber adds nothing to that
    // number, so it is never among them (before, "as many as fit" always took it).
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "2 MZ; 1 Limber Markers",
        Default::default(),
        |v| {
            v["special_rules"] = serde_json::json!([{
                "text": "Limbers have a Movement Allowance of 5 and a Combat Strength of 0.",
                "rule": {"kind": "special_unit", "side": "red", "extra": "limber_marker",
                         "movement": 5, "combat": 0, "road_only": false,
                         "eliminated_alone_next_to_enemy": true}
            }]);
        },
    );
    g.setup(
        &[
            ("Red MZ 1", "0505"),
            ("Red MZ 2", "0505"),
            ("Red Limber 1", "0505"),
        ],
        &[("Blue MZ 1", "0504")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    g.ok(Command::ResolveShock, &[]);
    let (r1, r2) = (g.id("Red MZ 1"), g.id("Red MZ 2"));
    assert_eq!(
        legal(&g.s),
        [
            Command::ChooseShockLosses { units: vec![r1] },
            Command::ChooseShockLosses { units: vec![r2] }
        ]
    );
    g.ok(Command::ChooseShockLosses { units: vec![r1] }, &[]);
    g.settle();
    assert!(g.disrupted("Red MZ 1"));
    assert!(!g.disrupted("Red Limber 1"));
    assert_eq!(g.hex_of("Red Limber 1").as_deref(), Some("0505"));
}

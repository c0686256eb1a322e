//! R&S 4.0 movement, 9.2 movement costs, 7.0 stacking, 8.0 zones of control, 6.0(A) disrupted
//! movement, reinforcements and the scenarios' movement special rules: rule cases through the
//! engine.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::Phase;
use serde_json::{Value, json};

/// The movement points a successful move spent.
fn cost(g: &mut Game, label: &str, path: &[&str]) -> String {
    let events = g
        .mv(label, path)
        .unwrap_or_else(|e| panic!("{label} {path:?} refused: {e}"));
    let spent: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { spent, .. } => Some(spent.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(spent.len(), 1, "{events:?}");
    spent[0].clone()
}

fn refused_move(g: &mut Game, label: &str, path: &[&str]) -> String {
    match g.mv(label, path) {
        Ok(_) => panic!("{label} {path:?} was accepted"),
        Err(e) => e.to_string(),
    }
}

fn spent(g: &Game, label: &str) -> String {
    g.s.units[g.id(label)].spent.to_string()
}

#[test]
fn r_and_s_9_2_entry_costs_clear_1_woods_2_slope_2_village_1_river_3_ford_2_bridge_3() {
    let spec = MapSpec::default()
        .with("w", &["0106"])
        .with("s", &["0206"])
        .with("v", &["0306"])
        .with("r", &["0406"])
        .with("f", &["0506"])
        .with("b", &["0606"]);
    let mut g = Game::new(&spec, "7 MZ", "1 MZ");
    let blue: Vec<(String, String)> = (1..=7)
        .map(|i| (format!("Blue MZ {i}"), format!("0{i}05")))
        .collect();
    let blue: Vec<(&str, &str)> = blue.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    g.setup(&[("Red MZ 1", "1001")], &blue);
    g.to(0, Phase::Movement);
    // R&S 9.2 Terrain Effects Chart, "MP cost to enter"; a bridge entered other than by road
    // costs what the river does (9.2 note).
    for (i, (terrain, expected)) in [
        ("woods", "2"),
        ("slope", "2"),
        ("village", "1"),
        ("river", "3"),
        ("ford", "2"),
        ("bridge", "3"),
        ("clear", "1"),
    ]
    .iter()
    .enumerate()
    {
        let c = i + 1;
        let label = format!("Blue MZ {c}");
        let to = format!("0{c}06");
        assert_eq!(&cost(&mut g, &label, &[&to]), expected, "{terrain}");
    }
}

#[test]
fn r_and_s_9_2_a_ridge_hexside_adds_1_mp_to_the_hex_entered() {
    let spec = MapSpec::default()
        .with("s", &["0406"])
        .ridge("0505", "0506")
        .ridge("0405", "0406");
    let mut g = Game::new(&spec, "3 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1001")],
        &[
            ("Blue MZ 1", "0505"),
            ("Blue MZ 2", "0405"),
            ("Blue MZ 3", "0305"),
        ],
    );
    g.to(0, Phase::Movement);
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0506"]), "2", "clear + ridge");
    assert_eq!(cost(&mut g, "Blue MZ 2", &["0406"]), "3", "slope + ridge");
    assert_eq!(cost(&mut g, "Blue MZ 3", &["0306"]), "1", "no ridge");
}

#[test]
fn r_and_s_4_m_three_road_hexes_cost_1_mp_whatever_the_terrain_but_only_through_road_hexsides() {
    let spec = MapSpec::default()
        .with("w", &["0504"])
        .road(&["0502", "0503", "0504", "0505", "0506", "0507"]);
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1010")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0402")],
    );
    g.to(0, Phase::Movement);
    // 1/3 MP a road hex entered through a road hexside (0504 is woods: the road rate still).
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0503", "0504", "0505"]), "1");
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0506"]), "1/3");
    assert_eq!(spent(&g, "Blue MZ 1"), "1 1/3");
    // Into a road hex across a non-road hexside: the terrain's cost (9.2 note); then the
    // road rate along the road.
    assert_eq!(cost(&mut g, "Blue MZ 2", &["0503"]), "1");
    assert_eq!(cost(&mut g, "Blue MZ 2", &["0504", "0505"]), "2/3");
    // Off the road into the woods: 2.
    let mut g2 = Game::new(&spec, "1 MZ", "1 MZ");
    g2.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0404")]);
    g2.to(0, Phase::Movement);
    assert_eq!(cost(&mut g2, "Blue MZ 1", &["0504"]), "2");
}

#[test]
fn r_and_s_9_2_a_bridge_costs_1_3_by_road_and_3_without_it() {
    let spec = MapSpec::default()
        .row("r", 5)
        .with("b", &["0505"])
        .road(&["0504", "0505", "0506"]);
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1010")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0404")],
    );
    g.to(0, Phase::Movement);
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0505", "0506"]), "2/3");
    assert_eq!(cost(&mut g, "Blue MZ 2", &["0505"]), "3");
}

#[test]
fn r_and_s_4_c_a_move_beyond_the_movement_allowance_is_refused_and_points_do_not_carry_over() {
    let spec = MapSpec::default().with("w", &["0706", "0707"]);
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0705")],
    );
    g.to(0, Phase::Movement);
    // MZ: 4 MP (reconstructed catalog).
    let e = refused_move(
        &mut g,
        "Blue MZ 1",
        &["0503", "0504", "0505", "0506", "0507"],
    );
    assert_eq!(
        e,
        "R&S 4(C): Blue MZ 1 has 0 MP left; entering 0507 costs 1"
    );
    // Woods 2 + woods 2 + clear 1 = 5.
    let e = refused_move(&mut g, "Blue MZ 2", &["0706", "0707", "0708"]);
    assert_eq!(
        e,
        "R&S 4(C): Blue MZ 2 has 0 MP left; entering 0708 costs 1"
    );
    // Moving in several steps adds up.
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0503"]), "1");
    let e = refused_move(&mut g, "Blue MZ 1", &["0504", "0505", "0506", "0507"]);
    assert!(e.starts_with("R&S 4(C): Blue MZ 1 has 0 MP left"), "{e}");
    // Unused points are not kept for the next Movement Phase: four hexes again, not seven.
    g.to(0, Phase::Fire);
    g.to(0, Phase::Movement);
    let e = refused_move(
        &mut g,
        "Blue MZ 1",
        &["0504", "0505", "0506", "0507", "0508"],
    );
    assert!(e.starts_with("R&S 4(C)"), "{e}");
    assert_eq!(
        cost(&mut g, "Blue MZ 1", &["0504", "0505", "0506", "0507"]),
        "4"
    );
}

#[test]
fn r_and_s_4_g_units_never_enter_or_pass_through_an_enemy_hex() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0503")]);
    g.to(0, Phase::Movement);
    let e = refused_move(&mut g, "Blue MZ 1", &["0504", "0505"]);
    assert_eq!(
        e,
        "R&S 4(G): Blue MZ 1 may not enter 0505: it holds enemy units"
    );
    let e = refused_move(&mut g, "Blue MZ 1", &["0504", "0505", "0506"]);
    assert!(e.starts_with("R&S 4(G)"), "{e}");
    assert_eq!(g.hex_of("Blue MZ 1").as_deref(), Some("0503"));
}

#[test]
fn r_and_s_4_j_guns_move_only_limbered_limbering_costs_3_mp_and_limbered_guns_do_not_fire() {
    let mut g = Game::new(&MapSpec::default(), "1 BA", "1 MZ");
    g.setup(&[("Red MZ 1", "0509")], &[("Blue BA 1", "0502")]);
    g.to(0, Phase::Movement);
    let e = refused_move(&mut g, "Blue BA 1", &["0503"]);
    assert_eq!(
        e,
        "R&S 4(J): Blue BA 1 must be limbered to move (limbering costs 3 MP)"
    );
    let events = g
        .unit_cmd(|u| Command::Limber { unit: u }, "Blue BA 1")
        .unwrap();
    assert!(matches!(events[..], [Event::Limbered { .. }]));
    assert_eq!(spent(&g, "Blue BA 1"), "3");
    // BA: 6 MP; three are left for three clear hexes.
    let e = refused_move(&mut g, "Blue BA 1", &["0503", "0504", "0505", "0506"]);
    assert_eq!(
        e,
        "R&S 4(C): Blue BA 1 has 0 MP left; entering 0506 costs 1"
    );
    assert_eq!(cost(&mut g, "Blue BA 1", &["0503", "0504", "0505"]), "3");
    let e = g
        .unit_cmd(|u| Command::Unlimber { unit: u }, "Blue BA 1")
        .unwrap_err();
    assert_eq!(e, "R&S 4(J): Blue BA 1 has 0 MP left; unlimbering costs 3");
    // Next player-turn: a limbered gun may not fire.
    g.to(0, Phase::Fire);
    let u = g.id("Blue BA 1");
    for ammo in [
        kepi::engine::rifle_and_saber::state::Ammo::Canister,
        kepi::engine::rifle_and_saber::state::Ammo::Shot,
    ] {
        let e = g.refused(Command::Fire {
            unit: u,
            target: hex("0509"),
            ammo: Some(ammo),
        });
        assert_eq!(e, "R&S 4(J): Blue BA 1 is limbered and may not fire");
    }
    // Limber and unlimber as often as the points allow: unlimber (3), limber again (3).
    g.to(0, Phase::Movement);
    g.unit_cmd(|u| Command::Unlimber { unit: u }, "Blue BA 1")
        .unwrap();
    assert_eq!(spent(&g, "Blue BA 1"), "3");
    assert!(refused_move(&mut g, "Blue BA 1", &["0506"]).starts_with("R&S 4(J)"));
    g.unit_cmd(|u| Command::Limber { unit: u }, "Blue BA 1")
        .unwrap();
    assert_eq!(spent(&g, "Blue BA 1"), "6");
    assert!(g.s.units[u].limbered);
    // Non-guns do not limber.
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0509")], &[("Blue MZ 1", "0502")]);
    g.to(0, Phase::Movement);
    let e = g
        .unit_cmd(|u| Command::Limber { unit: u }, "Blue MZ 1")
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 4(J): Blue MZ 1 is not an artillery or machine-gun unit"
    );
}

#[test]
fn r_and_s_4_k_a_charge_moves_12_must_shock_attack_and_disrupts_the_charger_at_turn_end() {
    let spec = MapSpec::clear(10, 14);
    let mut g = Game::new(&spec, "1 CY; 1 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0512")],
        &[("Blue CY 1", "0501"), ("Blue MZ 1", "0411")],
    );
    g.to(0, Phase::Movement);
    let path = [
        "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509", "0510", "0511",
    ];
    // Ten hexes: beyond the cavalry's 8, within the charge's 12.
    let e = refused_move(&mut g, "Blue CY 1", &path);
    assert_eq!(
        e,
        "R&S 4(C): Blue CY 1 has 0 MP left; entering 0510 costs 1"
    );
    g.charge("Blue CY 1", &path).unwrap();
    assert_eq!(spent(&g, "Blue CY 1"), "10");
    assert!(g.s.units[g.id("Blue CY 1")].charging);
    // The rest of its movement is part of the charge.
    let e = refused_move(&mut g, "Blue CY 1", &["0611"]);
    assert!(e.starts_with("R&S 4(K)"), "{e}");
    g.ok(Command::EndPhase, &[]);
    assert_eq!(g.s.phase, Phase::Shock);
    assert!(
        !g.disrupted("Blue CY 1"),
        "disrupted at the end of the player-turn"
    );
    // 4(K)1: "The unit must attack some Enemy unit in the subsequent Shock Combat Phase."
    let e = g.refused(Command::EndPhase);
    assert_eq!(
        e,
        "R&S 4(K): Blue CY 1 charged and must make a shock attack this phase"
    );
    for l in ["Blue CY 1", "Blue MZ 1"] {
        let u = g.id(l);
        g.ok(
            Command::Shock {
                unit: u,
                target: hex("0512"),
            },
            &[],
        );
    }
    g.ok(Command::ResolveShock, &[]);
    // 2 against 1: Blue chooses the one attacker to be disrupted: the infantry.
    let mz = g.id("Blue MZ 1");
    g.ok(Command::ChooseShockLosses { units: vec![mz] }, &[]);
    g.settle();
    assert!(g.disrupted("Blue MZ 1"));
    assert!(g.disrupted("Red MZ 1"));
    assert!(!g.disrupted("Blue CY 1"));
    // 4(K)3: "The unit is automatically disrupted at the end of that Player-Turn."
    let events = g.ok(Command::EndPhase, &[]);
    assert_eq!(g.s.player, 1);
    let cy = g.id("Blue CY 1");
    assert!(events.iter().any(|e| matches!(e,
        Event::Disrupted { unit, reason, .. } if *unit == cy && reason.starts_with("R&S 4(K)"))));
    assert!(g.disrupted("Blue CY 1"));
}

#[test]
fn r_and_s_4_k_a_charge_must_end_next_to_an_enemy_it_can_attack() {
    // 4(K)1: "The unit must attack some Enemy unit in the subsequent Shock Combat Phase": a
    // charge that ends out of contact could not be followed by the attack.
    let mut g = Game::new(&MapSpec::default(), "1 CY", "1 MZ");
    g.setup(&[("Red MZ 1", "0909")], &[("Blue CY 1", "0101")]);
    g.to(0, Phase::Movement);
    let e = g
        .charge("Blue CY 1", &["0102", "0103", "0104"])
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 4(K): Blue CY 1 may not charge to 0104: a charge ends next to an enemy unit, to \
         attack it in the Shock Combat Phase"
    );
    g.charge(
        "Blue CY 1",
        &[
            "0102", "0103", "0104", "0204", "0305", "0405", "0506", "0606", "0707", "0807", "0808",
        ],
    )
    .unwrap();
    assert_eq!(spent(&g, "Blue CY 1"), "11");
    g.ok(Command::EndPhase, &[]);
    assert_eq!(g.s.phase, Phase::Shock);
}

#[test]
fn r_and_s_6_0_a_disrupted_guns_may_not_move() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 BA");
    let ba = g.id("Red BA 1");
    g.deploy_limbered("Red BA 1", "0505").unwrap();
    g.ok(Command::EndDeployment, &[]);
    let b = g.id("Blue MZ 1");
    g.deploy("Blue MZ 1", "0504").unwrap();
    g.ok(Command::EndDeployment, &[]);
    // A shock attack disrupts the limbered gun, which retreats; "Disrupted Artillery and
    // Machine Gun units may not move at all (considered automatically unlimbered)".
    g.to(0, Phase::Shock);
    g.ok(
        Command::Shock {
            unit: b,
            target: hex("0505"),
        },
        &[],
    );
    g.ok(Command::ResolveShock, &[]);
    g.settle();
    assert!(g.disrupted("Red BA 1"));
    assert!(!g.s.units[ba].limbered);
    g.to(1, Phase::Movement);
    let at = g.hex_of("Red BA 1").unwrap();
    let next =
        g.s.setup
            .grid
            .neighbors(hex(&at))
            .find(|n| g.s.occupant(*n).is_none())
            .unwrap();
    let next = g.s.setup.name(next);
    let e = refused_move(&mut g, "Red BA 1", &[&next]);
    assert!(e.starts_with("R&S 4(J)"), "unlimbered: {e}");
    let e = g
        .unit_cmd(|u| Command::Limber { unit: u }, "Red BA 1")
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 6.0(A): Red BA 1 is disrupted: disrupted guns are considered unlimbered"
    );
}

#[test]
fn r_and_s_4_k_charges_cross_only_clear_terrain_and_no_ridge_kepi_reading() {
    let spec = MapSpec::default()
        .with("w", &["0404"])
        .ridge("0603", "0604")
        .road(&["0702", "0703", "0704"]);
    let mut g = Game::new(&spec, "3 CY; 1 MZ", "3 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0406"),
            ("Red MZ 2", "0606"),
            ("Red MZ 3", "0806"),
        ],
        &[
            ("Blue CY 1", "0402"),
            ("Blue CY 2", "0602"),
            ("Blue CY 3", "0702"),
            ("Blue MZ 1", "0202"),
        ],
    );
    g.to(0, Phase::Movement);
    let e = g
        .charge("Blue CY 1", &["0403", "0404", "0405"])
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 4(K): Blue CY 1 may not charge into 0404: a charging unit enters only clear \
         terrain (Kepi's reading of the lost condition 2), not woods"
    );
    let e = g
        .charge("Blue CY 2", &["0603", "0604", "0605"])
        .unwrap_err();
    assert!(
        e.starts_with("R&S 4(K): Blue CY 2 may not charge into 0604")
            && e.ends_with("not across a ridge hexside"),
        "{e}"
    );
    // A road through clear terrain is clear terrain.
    g.charge("Blue CY 3", &["0703", "0704", "0705", "0706"])
        .unwrap();
    // Only mounted cavalry and mounted rifles charge.
    let e = g.charge("Blue MZ 1", &["0203"]).unwrap_err();
    assert_eq!(
        e,
        "R&S 4(K): Blue MZ 1 cannot charge: only mounted cavalry and mounted rifles charge"
    );
    // The same cavalry moves through the woods without charging.
    g.mv("Blue CY 1", &["0403", "0404"]).unwrap();
}

#[test]
fn r_and_s_4_l_dismounting_costs_half_the_resulting_allowance_rounded_up_and_remounting_too() {
    let mut g = Game::new(&MapSpec::default(), "2 CY", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1010")],
        &[("Blue CY 1", "0502"), ("Blue CY 2", "0302")],
    );
    g.to(0, Phase::Movement);
    let cy = g.id("Blue CY 1");
    let events = g
        .unit_cmd(|u| Command::Dismount { unit: u }, "Blue CY 1")
        .unwrap();
    assert!(matches!(events[..], [Event::Dismounted { .. }]));
    // "When dismounted, Cavalry units assume the movement and combat characteristics of MZ
    // type infantry units": MZ, 4 MP, of which half (2) went on dismounting.
    assert_eq!(g.s.kind(cy).code, "MZ");
    assert_eq!(g.s.kind(cy).movement, 4);
    assert_eq!(spent(&g, "Blue CY 1"), "2");
    assert_eq!(g.s.label(cy), "Blue CY 1", "still one unit");
    let e = refused_move(&mut g, "Blue CY 1", &["0503", "0504", "0505"]);
    assert_eq!(
        e,
        "R&S 4(C): Blue CY 1 has 0 MP left; entering 0505 costs 1"
    );
    assert_eq!(cost(&mut g, "Blue CY 1", &["0503", "0504"]), "2");
    // Only at the very beginning of the unit's Movement Phase.
    g.mv("Blue CY 2", &["0303"]).unwrap();
    let e = g
        .unit_cmd(|u| Command::Dismount { unit: u }, "Blue CY 2")
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 4(L): Blue CY 2 may dismount only at the very beginning of its Movement Phase"
    );
    // Dismounted cavalry does not charge ("not entitled to the movement increase").
    g.to(0, Phase::Fire);
    g.to(0, Phase::Movement);
    let e = g.charge("Blue CY 1", &["0505"]).unwrap_err();
    assert!(e.starts_with("R&S 4(K)"), "{e}");
    // Remounting: half of the cavalry's 8 MP, 4 left.
    g.unit_cmd(|u| Command::Remount { unit: u }, "Blue CY 1")
        .unwrap();
    assert_eq!(g.s.kind(cy).code, "CY");
    assert_eq!(spent(&g, "Blue CY 1"), "4");
    let e = refused_move(
        &mut g,
        "Blue CY 1",
        &["0505", "0506", "0507", "0508", "0509"],
    );
    assert!(e.starts_with("R&S 4(C): Blue CY 1 has 0 MP left"), "{e}");
    assert_eq!(
        cost(&mut g, "Blue CY 1", &["0505", "0506", "0507", "0508"]),
        "4"
    );
    // Once a phase: not straight back again.
    let e = g
        .unit_cmd(|u| Command::Dismount { unit: u }, "Blue CY 1")
        .unwrap_err();
    assert!(e.starts_with("R&S 4(L)"), "{e}");
    // Infantry does not dismount.
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "1010")], &[("Blue MZ 1", "0502")]);
    g.to(0, Phase::Movement);
    let e = g
        .unit_cmd(|u| Command::Dismount { unit: u }, "Blue MZ 1")
        .unwrap_err();
    assert!(e.starts_with("R&S 4(L)"), "{e}");
}

#[test]
fn r_and_s_4_m_no_road_rate_into_a_hex_holding_friendly_units() {
    let spec = MapSpec::default().road(&["0502", "0503", "0504", "0505", "0506"]);
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1010")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0504")],
    );
    g.to(0, Phase::Movement);
    // 1/3 into 0503, clear terrain's 1 into 0504 (friendly), 1/3 out of it along the road.
    assert_eq!(
        cost(&mut g, "Blue MZ 1", &["0503", "0504", "0505"]),
        "1 2/3"
    );
}

#[test]
fn r_and_s_7_0_six_stacking_points_a_hex_guns_count_3_others_2() {
    let mut g = Game::new(&MapSpec::default(), "5 MZ; 1 BA", "1 MZ");
    g.deploy("Red MZ 1", "1010").unwrap();
    g.ok(Command::EndDeployment, &[]);
    // Three infantry units are six points: the limit, allowed.
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"] {
        g.deploy(l, "0505").unwrap();
    }
    // A gun (3) would make 9.
    let e = g.deploy("Blue BA 1", "0505").unwrap_err();
    assert_eq!(
        e,
        "R&S 7.0: 0505 would hold 9 stacking points (six at most)"
    );
    // Gun and infantry: 5.
    g.deploy("Blue BA 1", "0303").unwrap();
    g.deploy("Blue MZ 5", "0303").unwrap();
    g.deploy("Blue MZ 4", "0503").unwrap();
    g.ok(Command::EndDeployment, &[]);
    g.to(0, Phase::Movement);
    // 7.0(B): a fourth infantry unit may not move into or through the full hex...
    let e = refused_move(&mut g, "Blue MZ 4", &["0504", "0505"]);
    assert_eq!(
        e,
        "R&S 7.0(B): Blue MZ 4 may not move into or through 0505: it would hold 8 stacking \
         points (six at most)"
    );
    let e = refused_move(&mut g, "Blue MZ 4", &["0504", "0505", "0506"]);
    assert!(e.starts_with("R&S 7.0(B)"), "{e}");
    // ...nor into the gun's hex beside another infantry unit (3 + 2 + 2 = 7).
    let e = refused_move(&mut g, "Blue MZ 4", &["0403", "0303"]);
    assert!(
        e.starts_with("R&S 7.0(B)") && e.contains("it would hold 7 stacking points"),
        "{e}"
    );
    // Two units leave the full hex; then there is room for one.
    g.mv("Blue MZ 3", &["0506"]).unwrap();
    g.mv("Blue MZ 4", &["0504", "0505"]).unwrap();
    assert_eq!(g.s.stacking_points(hex("0505")), 6);
}

#[test]
fn r_and_s_7_0_c_stacking_order_changes_only_in_the_owners_movement_phase() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0909"), ("Red MZ 2", "0909")],
        &[("Blue MZ 1", "0303"), ("Blue MZ 2", "0303")],
    );
    let b1 = g.id("Blue MZ 1");
    let b2 = g.id("Blue MZ 2");
    // The unit set up last is on top.
    assert_eq!(g.s.top(hex("0303")), Some(b2));
    let e = g.refused(Command::ToTop { unit: b1 });
    assert_eq!(
        e,
        "R&S 7.0(C): Blue may change its stacking order only in its own Movement Phase; it is \
         Blue's Fire Combat Phase"
    );
    g.to(0, Phase::Movement);
    let events = g.ok(Command::ToTop { unit: b1 }, &[]);
    assert!(matches!(events[..], [Event::OnTop { unit }] if unit == b1));
    assert_eq!(g.s.top(hex("0303")), Some(b1));
    let e = g.refused(Command::ToTop { unit: b1 });
    assert!(e.contains("already on top"), "{e}");
    g.to(0, Phase::Shock);
    let e = g.refused(Command::ToTop { unit: b2 });
    assert!(e.starts_with("R&S 7.0(C)"), "{e}");
    // Not in the enemy's Movement Phase either.
    g.to(1, Phase::Movement);
    let e = g.refused(Command::ToTop { unit: b2 });
    assert!(e.starts_with("R&S 7.0(C)"), "{e}");
    let r1 = g.id("Red MZ 1");
    g.ok(Command::ToTop { unit: r1 }, &[]);
    assert_eq!(g.s.top(hex("0909")), Some(r1));
}

#[test]
fn r_and_s_8_0_b_leaving_an_enemy_controlled_hex_disrupts_at_the_end_of_the_movement_phase() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0604")],
    );
    g.to(0, Phase::Movement);
    // Into Red's zone of control (0504) and out again (to 0503).
    g.mv("Blue MZ 1", &["0504"]).unwrap();
    g.mv("Blue MZ 1", &["0503"]).unwrap();
    // Blue MZ 2 began in Red's zone (0604) and leaves it.
    g.mv("Blue MZ 2", &["0603"]).unwrap();
    assert!(!g.disrupted("Blue MZ 1") && !g.disrupted("Blue MZ 2"));
    let events = g.ok(Command::EndPhase, &[]);
    let reasons: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Disrupted { reason, .. } => Some(reason.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "R&S 8.0(B): it left an enemy-controlled hex",
            "R&S 8.0(B): it left an enemy-controlled hex"
        ]
    );
    assert!(g.disrupted("Blue MZ 1") && g.disrupted("Blue MZ 2"));
}

#[test]
fn r_and_s_8_0_b_no_move_from_one_enemy_controlled_hex_to_another() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0503")]);
    g.to(0, Phase::Movement);
    // 0504 and 0404 are both next to Red MZ 1.
    let e = refused_move(&mut g, "Blue MZ 1", &["0504", "0404"]);
    assert_eq!(
        e,
        "R&S 8.0(B): Blue MZ 1 may not move from one enemy-controlled hex (0504) to another \
         (0404)"
    );
    g.mv("Blue MZ 1", &["0504"]).unwrap();
    let e = refused_move(&mut g, "Blue MZ 1", &["0404"]);
    assert!(e.starts_with("R&S 8.0(B)"), "{e}");
    // Around the zone instead: out (0403), then back in (0404) is allowed, at the price of
    // the disruption.
    g.mv("Blue MZ 1", &["0403", "0404"]).unwrap();
    g.ok(Command::EndPhase, &[]);
    assert!(g.disrupted("Blue MZ 1"));
}

#[test]
fn r_and_s_8_0_c_and_6_0_a_disrupted_units_move_one_hex_and_never_leave_or_enter_a_zone() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0604")],
    );
    // Blue MZ 2 is disrupted by leaving Red's zone of control; Blue MZ 1 by its own failed
    // shock attack (1 against 2), which leaves it in Red's zone.
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 2", &["0603"]).unwrap();
    g.ok(Command::EndPhase, &[]);
    assert!(g.disrupted("Blue MZ 2"));
    let u = g.id("Blue MZ 1");
    g.ok(
        Command::Shock {
            unit: u,
            target: hex("0505"),
        },
        &[],
    );
    g.ok(Command::ResolveShock, &[]);
    g.settle();
    assert!(g.disrupted("Blue MZ 1"));
    // One Red unit stays in 0505, undisrupted or not: the zone is still there.
    assert_eq!(g.s.stack(hex("0505")).len(), 1);
    // Blue's next Movement Phase (game-turn 2): both still disrupted (R&S 6.0(B)).
    g.to(0, Phase::Movement);
    assert_eq!(g.s.turn, 2);
    assert!(g.disrupted("Blue MZ 1"));
    let e = refused_move(&mut g, "Blue MZ 1", &["0503"]);
    assert_eq!(
        e,
        "R&S 8.0(C): Blue MZ 1 is disrupted and may not leave an enemy-controlled hex"
    );
    // 6.0(A): one hex only, whatever the terrain and allowance.
    assert!(g.disrupted("Blue MZ 2"));
    let e = refused_move(&mut g, "Blue MZ 2", &["0602", "0601"]);
    assert_eq!(
        e,
        "R&S 6.0(A): Blue MZ 2 is disrupted and may move only one hex per Movement Phase"
    );
    let e = refused_move(&mut g, "Blue MZ 2", &["0604"]);
    assert_eq!(
        e,
        "R&S 6.0(A): Blue MZ 2 is disrupted and may not enter an enemy-controlled hex"
    );
    g.mv("Blue MZ 2", &["0602"]).unwrap();
    let e = refused_move(&mut g, "Blue MZ 2", &["0601"]);
    assert!(e.starts_with("R&S 6.0(A)"), "{e}");
}

fn with_reinforcements(v: &mut Value) {
    v["sides"][0]["oob"] = json!("(a) 1 MZ (b) 1 MZ");
    v["reinforcements"] = json!([{"side": "blue", "group": "b", "turn": 2,
        "entry": {"text": "Blue (b) enters at 0105 on game-turn 2.", "hexes": ["0105"]}}]);
}

#[test]
fn scenario_reinforcements_enter_at_their_entry_hexes_on_their_turn_not_before() {
    let mut g = Game::with(
        &MapSpec::default(),
        "",
        "1 MZ",
        GameOptions::default(),
        with_reinforcements,
    );
    let late = g.id("Blue MZ 2");
    // Not deployed before play.
    g.deploy("Red MZ 1", "1010").unwrap();
    g.ok(Command::EndDeployment, &[]);
    let e = g.refused(Command::Deploy {
        unit: late,
        hex: hex("0105"),
        limbered: false,
    });
    assert_eq!(e, "Blue (b) MZ 2 arrives as a reinforcement on game-turn 2");
    g.deploy("Blue MZ 1", "0505").unwrap();
    g.ok(Command::EndDeployment, &[]);
    g.to(0, Phase::Movement);
    let e = refused_move(&mut g, "Blue MZ 2", &["0105"]);
    assert_eq!(e, "Blue (b) MZ 2 arrives on game-turn 2, not before");
    g.to(0, Phase::Fire);
    g.to(0, Phase::Movement);
    assert_eq!(g.s.turn, 2);
    let e = refused_move(&mut g, "Blue MZ 2", &["0106"]);
    assert_eq!(
        e,
        "Scenario reinforcements: Blue (b) MZ 2 enters the map at 0105; 0106 is not one of its \
         entry hexes"
    );
    // Entering the entry hex costs its terrain: 1 + 3 more clear hexes = the MZ's 4.
    let e = refused_move(
        &mut g,
        "Blue MZ 2",
        &["0105", "0205", "0305", "0405", "0505"],
    );
    assert!(e.starts_with("R&S 4(C)"), "{e}");
    assert_eq!(
        cost(&mut g, "Blue MZ 2", &["0105", "0205", "0305", "0405"]),
        "4"
    );
    assert_eq!(g.hex_of("Blue MZ 2").as_deref(), Some("0405"));
}

#[test]
fn scenario_special_rule_no_movement_for_the_first_game_turns() {
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "1 MZ; 1 BA",
        GameOptions::default(),
        |v| {
            v["special_rules"] = json!([{"text": "Red may not move for the first game-turn.",
                "rule": {"kind": "no_movement", "side": "red", "turns": 1}}]);
        },
    );
    g.setup(
        &[("Red MZ 1", "0909"), ("Red BA 1", "0808")],
        &[("Blue MZ 1", "0202")],
    );
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0203"]).unwrap();
    g.to(1, Phase::Movement);
    let e = refused_move(&mut g, "Red MZ 1", &["0908"]);
    assert_eq!(
        e,
        "Scenario special rule: Red may not move during the first 1 game-turns"
    );
    let e = g
        .unit_cmd(|u| Command::Limber { unit: u }, "Red BA 1")
        .unwrap_err();
    assert!(e.starts_with("Scenario special rule"), "{e}");
    g.to(1, Phase::Fire);
    g.to(1, Phase::Movement);
    assert_eq!(g.s.turn, 2);
    g.mv("Red MZ 1", &["0908"]).unwrap();
}

#[test]
fn scenario_special_rule_treat_woods_as_clear_for_movement_and_line_of_sight() {
    let spec = MapSpec::default().with("w", &["0504"]);
    let clear_woods = |v: &mut Value| {
        v["special_rules"] = json!([{"text": "Treat all woods hexes as clear.",
            "rule": {"kind": "treat_as_clear", "terrain": ["woods"]}}]);
    };
    let mut g = Game::with(&spec, "2 MZ", "1 MZ", GameOptions::default(), clear_woods);
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0403")],
    );
    // Without the rule the woods at 0504 would block (see rs_fire); with it, no block.
    let u = g.id("Blue MZ 1");
    g.ok(
        Command::Fire {
            unit: u,
            target: hex("0505"),
            ammo: None,
        },
        &[],
    );
    g.ok(Command::ResolveFire, &[1]);
    g.to(0, Phase::Movement);
    assert_eq!(cost(&mut g, "Blue MZ 2", &["0504"]), "1");
    assert_eq!(g.s.setup.hex(hex("0504")).terrain, "clear");
}

#[test]
fn scenario_special_rule_rivers_entered_only_at_bridges_and_fords() {
    let spec = MapSpec::default()
        .row("r", 5)
        .with("f", &["0405"])
        .with("b", &["0605"]);
    let mut g = Game::with(&spec, "3 MZ", "1 MZ", GameOptions::default(), |v| {
        v["special_rules"] = json!([{"text": "Rivers may only be entered at bridges and fords.",
            "rule": {"kind": "river_crossings", "terrain": ["ford", "bridge"]}}]);
        // A zone never offers a hex its units may not enter: anywhere but in the river.
        for d in 0..2 {
            v["deployment"][d]["zone"] = json!({"text": "anywhere but in the river",
                "rule": {"kind": "terrain", "terrain": ["river"], "not": true}});
        }
    });
    g.setup(
        &[("Red MZ 1", "1010")],
        &[
            ("Blue MZ 1", "0404"),
            ("Blue MZ 2", "0504"),
            ("Blue MZ 3", "0604"),
        ],
    );
    g.to(0, Phase::Movement);
    assert_eq!(cost(&mut g, "Blue MZ 1", &["0405"]), "2");
    let e = refused_move(&mut g, "Blue MZ 2", &["0505"]);
    assert_eq!(
        e,
        "Scenario special rule: Blue MZ 2 may not enter 0505: Rivers may only be entered at \
         bridges and fords."
    );
    assert_eq!(cost(&mut g, "Blue MZ 3", &["0605"]), "3");
}

#[test]
fn scenario_special_rule_approach_disrupts_at_the_end_of_the_movement_phase() {
    let spec = MapSpec::default().feature("H1", &["0808"]);
    let mut g = Game::with(&spec, "2 MZ", "1 MZ", GameOptions::default(), |v| {
        v["special_rules"] = json!([{"text": "Blue may not approach within 1 hex of H1 (if \
            any Blue units do so those units are automatically disrupted).",
            "rule": {"kind": "approach", "side": "blue", "features": ["H1"], "distance": 1,
                     "effect": "disrupted"}}]);
    });
    g.setup(
        &[("Red MZ 1", "0101")],
        &[("Blue MZ 1", "0806"), ("Blue MZ 2", "0606")],
    );
    g.to(0, Phase::Movement);
    // 0807 is next to H1 (0808): allowed, but disrupting; 0607 is not.
    g.mv("Blue MZ 1", &["0807"]).unwrap();
    g.mv("Blue MZ 2", &["0607"]).unwrap();
    assert!(!g.disrupted("Blue MZ 1"));
    let events = g.ok(Command::EndPhase, &[]);
    assert!(g.disrupted("Blue MZ 1"));
    assert!(!g.disrupted("Blue MZ 2"));
    assert!(events.iter().any(|e| matches!(e,
        Event::Disrupted { reason, .. } if reason.starts_with("Scenario special rule"))));
}

#[test]
fn scenario_special_rule_approach_forbidden() {
    let spec = MapSpec::default().feature("H1", &["0808"]);
    let mut g = Game::with(&spec, "1 MZ", "1 MZ", GameOptions::default(), |v| {
        v["special_rules"] = json!([{"text": "Blue may not come within 1 hex of H1.",
            "rule": {"kind": "approach", "side": "blue", "features": ["H1"], "distance": 1,
                     "effect": "forbidden"}}]);
    });
    g.setup(&[("Red MZ 1", "0101")], &[("Blue MZ 1", "0806")]);
    g.to(0, Phase::Movement);
    let e = refused_move(&mut g, "Blue MZ 1", &["0807"]);
    assert_eq!(
        e,
        "Scenario special rule: Blue MZ 1 may not enter 0807: Blue may not come within 1 hex \
         of H1."
    );
}

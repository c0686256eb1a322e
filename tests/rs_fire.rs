//! R&S 5.1 fire combat, 9.1 combat results, 9.2 defense, 10.4 range effects: rule cases and
//! the worked examples of the rules text, through the engine.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::Ammo;

#[test]
fn r_and_s_5_1_worked_example_7_to_2_is_3_to_1_and_a_six_eliminates() {
    // "if an MZ unit (Fire Attack Strength = 3) and an MR unit (Attack Strength = 4) fire at
    // an MZ unit (Defense Strength = 2) the odds would be 7-2, which would round off [to 3-1]
    // ... if a 6 were rolled in the above attack, the result would be E".
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 MR", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0502"), ("Blue MR 1", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MR 1", "0505").unwrap();
    let events = g.ok(Command::ResolveFire, &[6]);
    assert_eq!(fired(&events), [("3-1".into(), "E".into(), "7".into())]);
    assert!(g.eliminated("Red MZ 1"));
}

#[test]
fn r_and_s_9_1_a_roll_of_3_at_3_to_1_is_rd_and_the_defender_retreats_disrupted() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 MR", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0502"), ("Blue MR 1", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MR 1", "0505").unwrap();
    let events = g.ok(Command::ResolveFire, &[3]);
    assert_eq!(fired(&events)[0].1, "RD");
    // Several paths are equally good (all clear): the owner chooses one (R&S 6.0(C)).
    let options = kepi::engine::rifle_and_saber::legal(&g.s);
    assert!(options.len() > 1);
    assert!(
        options
            .iter()
            .all(|c| matches!(c, Command::ChooseRetreat { .. }))
    );
    let e = g.refused(Command::EndPhase);
    assert!(e.contains("must first decide"), "{e}");
    g.ok(options[0].clone(), &[]);
    assert!(g.disrupted("Red MZ 1"));
    let at = g.hex_of("Red MZ 1").unwrap();
    assert_ne!(at, "0505", "R&S 6.0(C): it retreated");
    // Directly away from both attackers, its full allowance of 4 MP over clear terrain.
    let s = &g.s.setup.grid;
    let d = |a: &str, b: &str| s.distance(hex(a), hex(b));
    assert_eq!(d("0505", &at), 4);
    assert!(d(&at, "0502") > d("0505", "0502") && d(&at, "0704") > d("0505", "0704"));
}

#[test]
fn r_and_s_9_1_odds_below_1_to_3_and_above_6_to_1_use_the_end_columns() {
    // R&S 9.1: "Attacks at odds of less than 1-3 are treated as 1-3; attacks at odds greater
    // than 6-1 are treated as 6-1." The columns and results are the table's data file.
    let crt = &kepi::engine::rifle_and_saber::tables::Tables::embedded().combat_results;
    let (first, last) = (0, crt.columns.len() - 1);
    assert_eq!(crt.columns[first].to_string(), "1-3");
    assert_eq!(crt.columns[last].to_string(), "6-1");

    // Below 1-3: a cavalry unit (fire 2) at an LB (defense 4) in a village (x3): 2 against
    // 12, 1-6. A 6 is no effect on the 1-3 column (it would be RD on 1-2).
    let village = MapSpec::default().with("v", &["0505"]);
    let mut g = Game::new(&village, "1 CY", "1 LB");
    g.setup(&[("Red LB 1", "0505")], &[("Blue CY 1", "0503")]);
    g.fire("Blue CY 1", "0505").unwrap();
    let e = g.ok(Command::ResolveFire, &[6]);
    assert_eq!(
        fired(&e),
        [(
            "1-3".into(),
            crt.result(first, 6).unwrap().into(),
            "2".into()
        )]
    );
    assert_eq!(crt.result(first, 6), Some("-"));
    assert_eq!(crt.result(first + 1, 6), Some("RD"));
    let defense: Vec<String> = e
        .iter()
        .filter_map(|e| match e {
            Event::FireResolved { defense, .. } => Some(defense.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(defense, ["12"]);
    assert_eq!(g.hex_of("Red LB 1").as_deref(), Some("0505"));
    assert!(!g.disrupted("Red LB 1"));

    // Above 6-1: five MZ (3 each, from five hexes around it, R&S 5.1(E)) at an MZ (defense
    // 2): 15 against 2, 7 1/2-1. A 1 eliminates on the 6-1 column (it would be RD on 5-1).
    let mut g = Game::new(&MapSpec::default(), "5 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[
            ("Blue MZ 1", "0504"),
            ("Blue MZ 2", "0506"),
            ("Blue MZ 3", "0404"),
            ("Blue MZ 4", "0405"),
            ("Blue MZ 5", "0604"),
        ],
    );
    for l in [
        "Blue MZ 1",
        "Blue MZ 2",
        "Blue MZ 3",
        "Blue MZ 4",
        "Blue MZ 5",
    ] {
        g.fire(l, "0505").unwrap();
    }
    let e = g.ok(Command::ResolveFire, &[1]);
    assert_eq!(
        fired(&e),
        [(
            "6-1".into(),
            crt.result(last, 1).unwrap().into(),
            "15".into()
        )]
    );
    assert_eq!(crt.result(last, 1), Some("E"));
    assert_eq!(crt.result(last - 1, 1), Some("RD"));
    assert!(g.eliminated("Red MZ 1"));
}

#[test]
fn r_and_s_5_1_a_range_beyond_the_allowance_is_refused() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0508")], &[("Blue MZ 1", "0502")]);
    // MZ range 5 (reconstructed catalog): 6 hexes is too far.
    let e = g.fire("Blue MZ 1", "0508").unwrap_err();
    assert!(
        e.starts_with("R&S 5.1(A)") && e.contains("beyond its range of 5"),
        "{e}"
    );
}

#[test]
fn r_and_s_5_1_c_a_unit_fires_once() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0705")],
        &[("Blue MZ 1", "0603")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    let e = g.fire("Blue MZ 1", "0705").unwrap_err();
    assert!(e.starts_with("R&S 5.1(C)"), "{e}");
}

#[test]
fn r_and_s_5_1_d_units_in_one_hex_fire_at_different_hexes() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0705")],
        &[("Blue MZ 1", "0603"), ("Blue MZ 2", "0603")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    let e = g.fire("Blue MZ 2", "0505").unwrap_err();
    assert!(e.starts_with("R&S 5.1(D)"), "{e}");
    g.fire("Blue MZ 2", "0705").unwrap();
}

#[test]
fn r_and_s_5_1_e_only_the_topmost_unit_defends_and_attacks_from_hexes_combine() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    assert_eq!(g.s.fire_plan.len(), 1, "one combined attack on 0505");
    let events = g.ok(Command::ResolveFire, &[6]);
    // 6 against 2: 3-1; a 6 is E, on the top unit only (Red MZ 2 was deployed last).
    assert_eq!(fired(&events), [("3-1".into(), "E".into(), "6".into())]);
    assert!(g.eliminated("Red MZ 2"));
    assert!(!g.eliminated("Red MZ 1"));
}

#[test]
fn r_and_s_5_1_f_shot_attacks_every_unit_of_a_stack_canister_only_the_top() {
    let mut g = Game::new(&MapSpec::default(), "1 BA", "3 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0510"),
            ("Red MZ 2", "0510"),
            ("Red MZ 3", "0510"),
        ],
        &[("Blue BA 1", "0502")],
    );
    g.fire_with("Blue BA 1", "0510", Some(Ammo::Shot)).unwrap();
    // Shot 2 against defense 2 (1-1) at each of the three units: three rolls.
    let events = g.ok(Command::ResolveFire, &[1, 1, 1]);
    let f = fired(&events);
    assert_eq!(f.len(), 3);
    assert!(f.iter().all(|(odds, _, _)| odds == "1-1"));
    let shot_only = events
        .iter()
        .filter(|e| matches!(e, Event::FireResolved { shot: true, .. }))
        .count();
    assert_eq!(shot_only, 2, "the shot alone goes on against the other two");
}

#[test]
fn r_and_s_5_1_f_artillery_must_choose_its_ammunition_and_canister_has_short_range() {
    let mut g = Game::new(&MapSpec::default(), "1 BA", "1 MZ");
    g.setup(&[("Red MZ 1", "0510")], &[("Blue BA 1", "0502")]);
    let e = g.fire("Blue BA 1", "0510").unwrap_err();
    assert!(e.contains("choose shot or canister"), "{e}");
}

#[test]
fn r_and_s_5_1_h_an_e_against_a_gun_without_shot_is_only_a_disruption() {
    let mut g = Game::new(&MapSpec::default(), "3 LB", "1 MA");
    g.setup(
        &[("Red MA 1", "0505")],
        &[
            ("Blue LB 1", "0503"),
            ("Blue LB 2", "0704"),
            ("Blue LB 3", "0304"),
        ],
    );
    for l in ["Blue LB 1", "Blue LB 2", "Blue LB 3"] {
        g.fire(l, "0505").unwrap();
    }
    // 27 against 2: 6-1, a 1 is E; degraded to D: disrupted, not retreated.
    let events = g.ok(Command::ResolveFire, &[1]);
    assert_eq!(fired(&events)[0].1, "E");
    assert!(!g.eliminated("Red MA 1"));
    assert!(g.disrupted("Red MA 1"));
    assert_eq!(
        g.hex_of("Red MA 1").as_deref(),
        Some("0505"),
        "guns do not retreat"
    );
}

#[test]
fn r_and_s_5_1_h_shot_eliminates_a_gun_on_an_e() {
    let mut g = Game::new(&MapSpec::default(), "3 BA", "1 MA");
    g.setup(
        &[("Red MA 1", "0510")],
        &[
            ("Blue BA 1", "0502"),
            ("Blue BA 2", "0302"),
            ("Blue BA 3", "0702"),
        ],
    );
    for l in ["Blue BA 1", "Blue BA 2", "Blue BA 3"] {
        g.fire_with(l, "0510", Some(Ammo::Shot)).unwrap();
    }
    // 6 against 2: 3-1, a 6 is E, and shot is involved.
    let events = g.ok(Command::ResolveFire, &[6]);
    assert_eq!(fired(&events)[0].1, "E");
    assert!(g.eliminated("Red MA 1"));
}

#[test]
fn r_and_s_5_1_h_rd_disrupts_a_gun_and_a_second_disruption_eliminates_it() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MA");
    g.setup(
        &[("Red MA 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    g.ok(Command::ResolveFire, &[3]); // 6-2 = 3-1, a 3 is RD
    assert!(g.disrupted("Red MA 1"));
    assert_eq!(g.hex_of("Red MA 1").as_deref(), Some("0505"));
    // Blue's next Fire Combat Phase: the gun is still disrupted (until the end of Red's
    // next player-turn) and defends at half: 6 against 1 is 6-1.
    g.to(1, kepi::engine::rifle_and_saber::state::Phase::Fire);
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Fire);
    assert!(g.disrupted("Red MA 1"));
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    let e = g.ok(Command::ResolveFire, &[2]);
    assert_eq!(fired(&e)[0].0, "6-1");
    assert!(g.eliminated("Red MA 1"));
}

#[test]
fn r_and_s_5_1_g_woods_between_block_the_line_of_sight() {
    let spec = MapSpec::default().with("w", &["0504"]);
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0503")]);
    let e = g.fire("Blue MZ 1", "0505").unwrap_err();
    assert!(
        e.starts_with("R&S 5.1(G)") && e.contains("woods at 0504"),
        "{e}"
    );
}

#[test]
fn r_and_s_5_1_g_a_ridge_hexside_blocks_even_between_adjacent_hexes() {
    let spec = MapSpec::default().ridge("0504", "0505");
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    let e = g.fire("Blue MZ 1", "0505").unwrap_err();
    assert!(e.contains("ridge hexside between 0504 and 0505"), "{e}");
}

#[test]
fn r_and_s_5_1_g_occupied_hexes_block_unless_lower_than_the_firer_errata() {
    let flat = MapSpec::default();
    let mut g = Game::new(&flat, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0504")],
    );
    let e = g.fire("Blue MZ 1", "0505").unwrap_err();
    assert!(e.contains("occupied hex at 0504"), "{e}");
    // The same with the firer on higher ground: "Units may always fire into and through
    // Occupied hexes which are located on lower terrain than the firing unit."
    let high = MapSpec::default().level(1, &["0503"]);
    let mut g = Game::new(&high, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0504")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
}

#[test]
fn r_and_s_5_1_g_errata_woods_block_whatever_the_elevation() {
    let spec = MapSpec::default().with("w", &["0504"]).level(2, &["0503"]);
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0503")]);
    assert!(g.fire("Blue MZ 1", "0505").is_err());
}

#[test]
fn r_and_s_5_1_g_firing_from_a_blocking_hex_into_a_blocking_hex_is_allowed() {
    let spec = MapSpec::default().with("w", &["0503"]).with("v", &["0505"]);
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0503")]);
    g.fire("Blue MZ 1", "0505").unwrap();
}

#[test]
fn r_and_s_6_0_a_disrupted_units_may_not_fire() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ; 1 LB");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red LB 1", "0510")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    // Red has nothing to do on Blue's turn; in Red's Fire Phase, disrupt... simpler: a unit
    // made disrupted by leaving a zone of control cannot fire next turn.
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Movement);
    g.mv("Blue MZ 1", &["0504", "0404"]).unwrap_err(); // 0504 and 0404 are both in Red's zone
    g.mv("Blue MZ 1", &["0504"]).unwrap(); // into the zone
    g.to(1, kepi::engine::rifle_and_saber::state::Phase::Fire);
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Movement);
    g.mv("Blue MZ 1", &["0503"]).unwrap(); // leaves the zone: disrupted at phase end
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Shock);
    assert!(g.disrupted("Blue MZ 1"));
    g.to(0, kepi::engine::rifle_and_saber::state::Phase::Fire);
    // Still Blue's... the disruption lasts to the end of Blue's next player-turn.
    assert!(g.disrupted("Blue MZ 1"));
    let e = g.fire("Blue MZ 1", "0505").unwrap_err();
    assert!(e.starts_with("R&S 6.0(A)"), "{e}");
}

#[test]
fn r_and_s_9_2_a_village_triples_the_defense() {
    let spec = MapSpec::default().with("v", &["0505"]);
    let mut g = Game::new(&spec, "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    let e = g.ok(Command::ResolveFire, &[1]);
    // 6 against 2 x 3 = 6: 1-1.
    assert_eq!(fired(&e)[0].0, "1-1");
}

#[test]
fn r_and_s_9_2_notes_a_trench_on_a_bridge_defends_at_1_1_2() {
    let spec = MapSpec::default().row("r", 5).with("b", &["0505"]);
    let mut g = Game::new(&spec, "3 MZ", "1 MZ; 1 Trench");
    let red = g.id("Red MZ 1");
    g.deploy("Red MZ 1", "0505").unwrap();
    g.ok(Command::PlaceTrench { hex: hex("0505") }, &[]);
    g.ok(Command::EndDeployment, &[]);
    for (l, h) in [
        ("Blue MZ 1", "0503"),
        ("Blue MZ 2", "0704"),
        ("Blue MZ 3", "0304"),
    ] {
        g.deploy(l, h).unwrap();
    }
    g.ok(Command::EndDeployment, &[]);
    let def = kepi::engine::rifle_and_saber::fire::fire_defense(&g.s, red);
    assert_eq!(def.to_string(), "3", "2 x 1/2 x 3");
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"] {
        g.fire(l, "0505").unwrap();
    }
    let e = g.ok(Command::ResolveFire, &[1]);
    assert_eq!(fired(&e)[0].0, "3-1", "9 against 3");
}

#[test]
fn r_and_s_10_4_worked_example_lb_at_eleven_hexes_fires_at_2_1_4() {
    let spec = MapSpec::clear(10, 13);
    let options = GameOptions {
        range_effects: true,
        ..GameOptions::default()
    };
    let mut g = Game::with(&spec, "1 LB", "1 MZ", options, |_| {});
    g.setup(&[("Red MZ 1", "0513")], &[("Blue LB 1", "0502")]);
    g.fire("Blue LB 1", "0513").unwrap();
    let e = g.ok(Command::ResolveFire, &[6]);
    let (odds, result, attack) = &fired(&e)[0];
    assert_eq!(attack, "2 1/4");
    assert_eq!(odds, "1-1", "2 1/4 against 2");
    assert_eq!(result, "RD");
}

#[test]
fn a_refused_command_leaves_the_state_untouched_and_cites_the_case() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0509")], &[("Blue MZ 1", "0502")]);
    // Game::run asserts the hash is unchanged on refusal.
    let e = g.refused(Command::Fire {
        unit: g.id("Blue MZ 1"),
        target: hex("0509"),
        ammo: None,
    });
    assert!(e.starts_with("R&S 5.1(A)"), "{e}");
}

#[test]
fn r_and_s_5_1_g_the_hexes_that_would_screen_a_line_are_those_whose_occupation_blocks_it() {
    // `los::screens` (the computer opponent's screening, scenario 17) must agree with
    // `los::line_of_sight`: on South Africa's map (ridges, woods, hills), for lines from a
    // spread of hexes to the British road, the line is blocked by the terrain exactly when
    // `screens` says so, and otherwise one occupied hex near the line blocks it exactly when
    // it is among the screens (errata 5.1(G): not when lower than the firer).
    use kepi::engine::rifle_and_saber::los::{line_of_sight, screens};
    use kepi::engine::rifle_and_saber::setup::Setup;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-17-south-africa.json");
    let scenario = kepi::library::load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
    let setup = Setup::new(&scenario, GameOptions::default()).expect("a setup");
    let g = &setup.grid;
    let targets: Vec<_> = setup.deployments[0].hexes.iter().copied().collect();
    let (mut lines, mut blocked, mut screened) = (0, 0, 0);
    for from in g.hexes().step_by(29) {
        for &to in &targets {
            if from == to {
                continue;
            }
            lines += 1;
            let open = line_of_sight(&setup, from, to, &|_| false).is_ok();
            let Some(s) = screens(&setup, from, to) else {
                assert!(!open, "{from} to {to}: screens says the terrain blocks it");
                blocked += 1;
                continue;
            };
            assert!(open, "{from} to {to}: the terrain blocks it");
            let d = g.distance(from, to);
            for c in g.hexes() {
                if c == from || c == to || g.distance(from, c) + g.distance(c, to) > d + 1 {
                    continue;
                }
                let blocks = line_of_sight(&setup, from, to, &|h| h == c).is_err();
                assert_eq!(blocks, s.contains(&c), "{from} to {to}, {c} occupied");
                screened += usize::from(blocks);
            }
        }
    }
    assert!(
        lines > 400 && blocked > 100 && screened > 2000,
        "{lines} {blocked} {screened}"
    );
}

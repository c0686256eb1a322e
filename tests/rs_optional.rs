//! R&S optional rules: 10.1 morale, 10.2 improved positions, 10.3 trenches and 10.5 road
//! movement: rule cases through the engine.

use crate::common;
use common::*;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::fire::fire_defense;
use kepi::engine::rifle_and_saber::legal;
use kepi::engine::rifle_and_saber::scenario::Morale;
use kepi::engine::rifle_and_saber::state::Phase;
use serde_json::json;

fn defense(g: &Game, label: &str) -> String {
    fire_defense(&g.s, g.id(label)).to_string()
}

fn morale(side: usize, level: &'static str) -> impl Fn(&mut serde_json::Value) {
    move |v| v["sides"][side]["morale"] = json!(level)
}

// ---- 10.1 Morale ----

#[test]
fn r_and_s_10_1_high_morale_units_count_two_in_shock_one_attacker_beats_one_defender() {
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "1 MZ",
        GameOptions::default(),
        morale(0, "high"),
    );
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("2".into(), "1".into())]);
    g.settle();
    assert!(g.disrupted("Red MZ 1"));
    assert_ne!(g.hex_of("Red MZ 1").as_deref(), Some("0505"));
    // One point lost by the stronger side cannot be a unit worth two: none.
    assert!(!g.disrupted("Blue MZ 1"));
}

#[test]
fn r_and_s_10_1_a_high_morale_defender_counts_two() {
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "1 MZ",
        GameOptions::default(),
        morale(1, "high"),
    );
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("1".into(), "2".into())]);
    assert!(g.disrupted("Blue MZ 1"));
    assert!(!g.disrupted("Red MZ 1"));
}

#[test]
fn r_and_s_10_1_a_demoralized_side_may_not_shock_attack() {
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "1 MZ",
        GameOptions::default(),
        morale(0, "demoralized"),
    );
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Shock);
    let e = g.shock("Blue MZ 1", "0505").unwrap_err();
    assert_eq!(
        e,
        "R&S 10.1: Blue is demoralized: its units may not make shock attacks"
    );
}

#[test]
fn r_and_s_10_1_falling_below_75_percent_of_the_fire_attack_strength_lowers_morale() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "3 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0505"),
            ("Red MZ 2", "0808"),
            ("Red MZ 3", "0909"),
        ],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    // 6 against 2: 3-1, a 6 is E. Red keeps 6 of its 9 fire attack points: below 75%.
    let events = g.ok(Command::ResolveFire, &[6]);
    assert!(g.eliminated("Red MZ 1"));
    let changes: Vec<(usize, Morale, Morale, String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::MoraleChanged {
                side,
                from,
                to,
                reason,
            } => Some((*side, *from, *to, reason.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        changes,
        [
            // (1) Red's losses (3) are three times Blue's (0): Blue rises a level.
            (
                0,
                Morale::Normal,
                Morale::High,
                "R&S 10.1: losses 0 against 3 of 6 fire attack strength".to_string()
            ),
            // (2) Red below 75% of its starting 9: down a level.
            (
                1,
                Morale::Normal,
                Morale::Demoralized,
                "R&S 10.1: losses 3 against 0 of 9 fire attack strength".to_string()
            ),
        ]
    );
    assert_eq!(g.s.morale, [Morale::High, Morale::Demoralized]);
}

#[test]
fn r_and_s_10_1_losing_exactly_a_quarter_does_not_lower_morale() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "4 MZ");
    g.setup(
        &[
            ("Red MZ 1", "0505"),
            ("Red MZ 2", "0808"),
            ("Red MZ 3", "0909"),
            ("Red MZ 4", "1010"),
        ],
        &[("Blue MZ 1", "0503"), ("Blue MZ 2", "0704")],
    );
    g.fire("Blue MZ 1", "0505").unwrap();
    g.fire("Blue MZ 2", "0505").unwrap();
    g.ok(Command::ResolveFire, &[6]);
    // 9 of 12 left: 75%, not below it.
    assert_eq!(g.s.morale[1], Morale::Normal);
}

#[test]
fn r_and_s_10_1_with_the_morale_rule_off_the_scenarios_morale_is_ignored() {
    let options = GameOptions {
        morale: false,
        ..GameOptions::default()
    };
    let mut g = Game::with(
        &MapSpec::default(),
        "1 MZ",
        "1 MZ",
        options,
        morale(1, "high"),
    );
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    assert_eq!(g.s.morale, [Morale::Normal, Morale::Normal]);
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0505").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("1".into(), "1".into())]);
    g.settle();
    assert!(g.disrupted("Blue MZ 1") && g.disrupted("Red MZ 1"));
}

#[test]
fn r_and_s_10_1_high_morale_units_are_not_disrupted_when_retreated_over() {
    let spec = corridor();
    let mut g = Game::with(
        &spec,
        "2 MZ",
        "2 MZ",
        GameOptions::default(),
        morale(1, "high"),
    );
    g.setup(
        &[("Red MZ 1", "0503"), ("Red MZ 2", "0505")],
        &[("Blue MZ 1", "0502"), ("Blue MZ 2", "0402")],
    );
    g.to(0, Phase::Shock);
    g.shock("Blue MZ 1", "0503").unwrap();
    g.shock("Blue MZ 2", "0503").unwrap();
    let events = g.ok(Command::ResolveShock, &[]);
    // 2 against the high-morale unit's 2: both sides disrupted; Red MZ 1 retreats down the
    // corridor through Red MZ 2, which stays undisrupted.
    assert_eq!(shock_resolved(&events), [("2".into(), "2".into())]);
    g.settle();
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0507"));
    assert!(g.disrupted("Red MZ 1"));
    assert!(!g.disrupted("Red MZ 2"));
}

// ---- 10.2 Improved positions ----

#[test]
fn r_and_s_10_2_work_halves_the_defense_and_after_two_player_turns_an_improved_position_doubles_it()
{
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0508")], &[("Blue MZ 1", "0505")]);
    // Blue's first player-turn, at its start: the work counter.
    let events = g.ok(Command::BeginWork { hex: hex("0505") }, &[]);
    assert!(matches!(events[..], [Event::WorkBegan { .. }]));
    assert_eq!(defense(&g, "Blue MZ 1"), "1", "2 halved while working");
    let e = g.refused(Command::BeginWork { hex: hex("0505") });
    assert!(
        e.contains("already has an improved position or work"),
        "{e}"
    );
    // Red fires at the working unit: 3 against 1 is 3-1.
    g.to(1, Phase::Fire);
    g.fire("Red MZ 1", "0505").unwrap();
    let e = g.ok(Command::ResolveFire, &[1]);
    assert_eq!(fired(&e)[0].0, "3-1");
    // The end of Blue's second player-turn in the hex: the improved position is built.
    g.to(0, Phase::Shock);
    assert_eq!(g.s.turn, 2);
    assert_eq!(defense(&g, "Blue MZ 1"), "1", "still working");
    let events = g.ok(Command::EndPhase, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ImprovedPositionBuilt { hex: h } if *h == hex("0505")))
    );
    assert!(g.s.work.is_empty());
    assert_eq!(defense(&g, "Blue MZ 1"), "4", "doubled");
    g.fire("Red MZ 1", "0505").unwrap();
    let e = g.ok(Command::ResolveFire, &[1]);
    assert_eq!(fired(&e)[0].0, "1-2", "3 against 4");
    // "When a unit moves out of an Improved Position, the Improved Position Marker is
    // removed."
    g.to(0, Phase::Movement);
    let events = g.mv("Blue MZ 1", &["0504"]).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ImprovedPositionRemoved { .. }))
    );
    assert!(g.s.improved.is_empty());
    g.mv("Blue MZ 1", &["0505"]).unwrap();
    assert_eq!(defense(&g, "Blue MZ 1"), "2");
}

#[test]
fn r_and_s_10_2_work_begins_only_in_the_fire_phase_on_a_friendly_hex_and_ends_if_the_unit_leaves() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 CY", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0909")],
        &[("Blue MZ 1", "0505"), ("Blue CY 1", "0202")],
    );
    let e = g.refused(Command::BeginWork { hex: hex("0606") });
    assert_eq!(e, "R&S 10.2: 0606 holds no Blue unit");
    // Mounted cavalry does not build improved positions.
    let e = g.refused(Command::BeginWork { hex: hex("0202") });
    assert_eq!(
        e,
        "R&S 10.2: mounted cavalry and mounted rifles do not build improved positions"
    );
    g.to(0, Phase::Movement);
    let e = g.refused(Command::BeginWork { hex: hex("0505") });
    assert!(
        e.starts_with("R&S 10.2: work on an improved position begins"),
        "{e}"
    );
    // Begun next turn, then abandoned when the unit moves out.
    g.to(0, Phase::Fire);
    g.ok(Command::BeginWork { hex: hex("0505") }, &[]);
    g.to(0, Phase::Movement);
    let events = g.mv("Blue MZ 1", &["0506"]).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::WorkAbandoned { .. }))
    );
    assert!(g.s.work.is_empty());
}

#[test]
fn r_and_s_10_2_an_improved_position_does_not_double_mounted_cavalry() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 CY", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0909")],
        &[("Blue MZ 1", "0505"), ("Blue CY 1", "0505")],
    );
    g.ok(Command::BeginWork { hex: hex("0505") }, &[]);
    assert_eq!(defense(&g, "Blue MZ 1"), "1");
    assert_eq!(
        defense(&g, "Blue CY 1"),
        "1",
        "work halves every unit in the hex"
    );
    // Built at the end of Blue's second player-turn (the third player-turn of the game).
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    assert!(g.s.improved.is_empty());
    g.to(1, Phase::Fire);
    assert_eq!(g.s.improved.len(), 1);
    assert_eq!(defense(&g, "Blue MZ 1"), "4");
    assert_eq!(defense(&g, "Blue CY 1"), "2", "mounted: not doubled");
}

// ---- 10.3 Trenches ----

#[test]
fn r_and_s_10_3_trenches_go_on_friendly_occupied_hexes_before_the_game_and_triple_the_defense() {
    let mut g = Game::new(&MapSpec::default(), "4 MZ", "1 MZ; 1 CY; 2 Trenches");
    g.deploy("Red MZ 1", "0505").unwrap();
    g.deploy("Red CY 1", "0808").unwrap();
    let e = g.refused(Command::PlaceTrench { hex: hex("0606") });
    assert_eq!(e, "R&S 10.3: 0606 holds no Red unit");
    g.ok(Command::PlaceTrench { hex: hex("0505") }, &[]);
    g.ok(Command::PlaceTrench { hex: hex("0808") }, &[]);
    assert_eq!(g.s.trenches_left[1], 0);
    let e = g.refused(Command::PlaceTrench { hex: hex("0505") });
    assert_eq!(e, "R&S 10.3: Red has no trenches left to place");
    g.ok(Command::EndDeployment, &[]);
    for (l, h) in [
        ("Blue MZ 1", "0504"),
        ("Blue MZ 2", "0504"),
        ("Blue MZ 3", "0404"),
        ("Blue MZ 4", "0604"),
    ] {
        g.deploy(l, h).unwrap();
    }
    // Blue has no trenches of its own to place.
    let e = g.refused(Command::PlaceTrench { hex: hex("0504") });
    assert_eq!(e, "R&S 10.3: Blue has no trenches left to place");
    g.ok(Command::EndDeployment, &[]);
    let e = g.refused(Command::PlaceTrench { hex: hex("0504") });
    assert_eq!(
        e,
        "R&S 10.3: trenches are placed before the game begins; it is the Fire Combat Phase"
    );
    assert_eq!(defense(&g, "Red MZ 1"), "6", "2 tripled");
    assert_eq!(defense(&g, "Red CY 1"), "2", "mounted cavalry: not tripled");
    // "Thus, an Enemy unit in a trench could be disrupted only at the cost of disrupting
    // three Friendly attacking units": four attack, three of Blue's choice are disrupted.
    g.to(0, Phase::Shock);
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3", "Blue MZ 4"] {
        g.shock(l, "0505").unwrap();
    }
    let events = g.ok(Command::ResolveShock, &[]);
    assert_eq!(shock_resolved(&events), [("4".into(), "3".into())]);
    let choices = legal(&g.s);
    assert_eq!(choices.len(), 4, "any three of the four: {choices:?}");
    let keep = g.id("Blue MZ 4");
    let three: Vec<usize> = ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"]
        .iter()
        .map(|l| g.id(l))
        .collect();
    let e = g.refused(Command::ChooseShockLosses {
        units: vec![three[0], three[1]],
    });
    assert!(e.starts_with("R&S 5.2"), "{e}");
    g.ok(Command::ChooseShockLosses { units: three }, &[]);
    g.settle();
    assert!(g.disrupted("Red MZ 1"));
    assert!(!g.s.units[keep].disrupted());
    for l in ["Blue MZ 1", "Blue MZ 2", "Blue MZ 3"] {
        assert!(g.disrupted(l), "{l}");
    }
    // "Trenches are never removed from the mapsheet."
    assert!(g.s.trenches.contains(&hex("0505")));
}

#[test]
fn r_and_s_10_3_trenches_are_used_by_either_player() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ; 1 Trench");
    g.deploy("Red MZ 1", "0505").unwrap();
    g.ok(Command::PlaceTrench { hex: hex("0505") }, &[]);
    g.ok(Command::EndDeployment, &[]);
    g.deploy("Blue MZ 1", "0503").unwrap();
    g.ok(Command::EndDeployment, &[]);
    // Red leaves its trench; Blue moves in and defends tripled.
    g.to(1, Phase::Movement);
    g.mv("Red MZ 1", &["0506", "0507"]).unwrap();
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0504", "0505"]).unwrap();
    assert_eq!(defense(&g, "Blue MZ 1"), "6");
}

// ---- 10.5 Road movement ----

const ROAD: &[&str] = &[
    "0501", "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509", "0510",
];

/// A road down column 05 through a village (0505) and over a river (row 08) by a bridge.
fn road_map() -> MapSpec {
    MapSpec::default()
        .row("r", 8)
        .with("v", &["0505"])
        .with("b", &["0508"])
        .road(ROAD)
}

fn road_game(blue: &str, red: &str) -> Game {
    let spec = road_map();
    let options = GameOptions {
        road_movement: true,
        ..GameOptions::default()
    };
    Game::with(&spec, blue, red, options, |_| {})
}

fn cost(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|e| match e {
            Event::Moved { spent, .. } => Some(spent.to_string()),
            _ => None,
        })
        .expect("moved")
}

#[test]
fn r_and_s_10_5_road_mode_costs_1_mp_in_and_out_and_only_it_moves_at_the_road_rate() {
    let mut g = road_game("2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0501"), ("Blue MZ 2", "0509")],
    );
    g.to(0, Phase::Movement);
    // Not in road movement mode: the road does not exist (9.2 note): clear terrain, 1 MP.
    assert_eq!(cost(&g.mv("Blue MZ 1", &["0502"]).unwrap()), "1");
    let events = g
        .unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Blue MZ 1")
        .unwrap();
    assert!(matches!(events[..], [Event::RoadMode { on: true, .. }]));
    assert_eq!(g.s.units[g.id("Blue MZ 1")].spent.to_string(), "2");
    // In road mode: 1/3 a road hex, the village included.
    assert_eq!(
        cost(
            &g.mv("Blue MZ 1", &["0503", "0504", "0505", "0506", "0507"])
                .unwrap()
        ),
        "1 2/3"
    );
    let e = g
        .unit_cmd(|u| Command::LeaveRoadMode { unit: u }, "Blue MZ 1")
        .unwrap_err();
    assert_eq!(
        e,
        "R&S 10.5: Blue MZ 1 has 1/3 MP left; changing mode costs 1"
    );
    // 10.5(D): "If not in the Road Mode, they must pay the three Movement Point cost to enter
    // the Bridge hex."
    assert_eq!(cost(&g.mv("Blue MZ 2", &["0508"]).unwrap()), "3");
    // Road movement mode only on a road.
    g.to(0, Phase::Fire);
    g.to(0, Phase::Movement);
    let e = g
        .unit_cmd(|u| Command::LeaveRoadMode { unit: u }, "Blue MZ 2")
        .unwrap_err();
    assert!(e.contains("not in road movement mode"), "{e}");
    g.unit_cmd(|u| Command::LeaveRoadMode { unit: u }, "Blue MZ 1")
        .unwrap();
    assert_eq!(g.s.units[g.id("Blue MZ 1")].spent.to_string(), "1");
}

#[test]
fn r_and_s_10_5_road_mode_only_on_a_road() {
    let mut g = road_game("1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "1001")], &[("Blue MZ 1", "0302")]);
    g.to(0, Phase::Movement);
    let e = g
        .unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Blue MZ 1")
        .unwrap_err();
    assert_eq!(e, "R&S 10.5: Blue MZ 1 is not on a road");
}

#[test]
fn r_and_s_10_5_f_road_mode_halves_the_defense_regardless_of_terrain() {
    let mut g = road_game("2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0505"), ("Blue MZ 2", "0505")],
    );
    g.to(0, Phase::Movement);
    g.unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Blue MZ 1")
        .unwrap();
    assert_eq!(
        defense(&g, "Blue MZ 1"),
        "1",
        "2 halved, not tripled by the village"
    );
    assert_eq!(defense(&g, "Blue MZ 2"), "6", "tripled");
    // 10.5(E): the unit in road movement mode is the topmost unit.
    assert_eq!(g.s.top(hex("0505")), Some(g.id("Blue MZ 1")));
    let e = g
        .unit_cmd(|u| Command::ToTop { unit: u }, "Blue MZ 2")
        .unwrap_err();
    assert!(e.starts_with("R&S 10.5(E)"), "{e}");
}

#[test]
fn r_and_s_10_5_road_mode_ignores_a_bridge_and_off_road_mode_a_bridge_hex_is_river() {
    // 9.2 note: "when not in the Road Movement Mode, the unit must pay movement costs and
    // modify its Defensive Strength as if the Road or Bridge did not exist": a river hex,
    // doubled. Without the optional rule the bridge halves.
    let mut g = road_game("2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "1001")],
        &[("Blue MZ 1", "0508"), ("Blue MZ 2", "0508")],
    );
    g.to(0, Phase::Movement);
    g.unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Blue MZ 1")
        .unwrap();
    assert_eq!(defense(&g, "Blue MZ 1"), "1", "road mode: halved");
    assert_eq!(
        defense(&g, "Blue MZ 2"),
        "4",
        "as if no bridge: river, doubled"
    );
    let spec = road_map();
    let mut g = Game::new(&spec, "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "1001")], &[("Blue MZ 1", "0508")]);
    assert_eq!(
        defense(&g, "Blue MZ 1"),
        "1",
        "standard rules: bridge halved"
    );
}

#[test]
fn r_and_s_10_5_c_units_in_road_mode_may_not_fire_or_shock_attack() {
    let mut g = road_game("1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0604")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Movement);
    g.unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Blue MZ 1")
        .unwrap();
    g.to(0, Phase::Shock);
    let e = g.shock("Blue MZ 1", "0604").unwrap_err();
    assert_eq!(
        e,
        "R&S 10.5(C): Blue MZ 1 is in road movement mode and may not attack"
    );
    g.to(1, Phase::Fire);
    g.to(0, Phase::Fire);
    let e = g.fire("Blue MZ 1", "0604").unwrap_err();
    assert_eq!(
        e,
        "R&S 10.5(C): Blue MZ 1 is in road movement mode and may not attack"
    );
}

#[test]
fn r_and_s_10_5_f_a_unit_in_road_mode_disrupted_in_combat_first_converts_out_for_1_mp() {
    let spec = corridor().road(ROAD);
    let options = GameOptions {
        road_movement: true,
        ..GameOptions::default()
    };
    let mut g = Game::with(&spec, "1 MZ", "1 MZ", options, |_| {});
    g.setup(&[("Red MZ 1", "0503")], &[("Blue MZ 1", "0502")]);
    g.to(1, Phase::Movement);
    g.unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Red MZ 1")
        .unwrap();
    g.to(0, Phase::Fire);
    // 3 against the halved 1: 3-1, a 2 is RD. Out of road mode (1 MP), then 3 MP of retreat.
    g.fire("Blue MZ 1", "0503").unwrap();
    let events = g.ok(Command::ResolveFire, &[2]);
    assert_eq!(fired(&events)[0].0, "3-1");
    let r1 = g.id("Red MZ 1");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::RoadMode { unit, on: false } if *unit == r1))
    );
    assert!(!g.s.units[r1].road_mode);
    assert_eq!(g.hex_of("Red MZ 1").as_deref(), Some("0506"));
    assert!(g.disrupted("Red MZ 1"));
}

#[test]
fn r_and_s_10_5_a_errata_units_stop_on_entering_an_enemy_road_movement_space() {
    let mut g = road_game("1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0403")]);
    g.to(1, Phase::Movement);
    g.unit_cmd(|u| Command::EnterRoadMode { unit: u }, "Red MZ 1")
        .unwrap();
    // Red's road movement space: 0504, 0505, 0506.
    g.to(0, Phase::Movement);
    let e = g
        .mv("Blue MZ 1", &["0504", "0503"])
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "R&S 10.5(A) errata: Blue MZ 1 must stop on entering 0504, in an enemy unit's road \
         movement space"
    );
    g.mv("Blue MZ 1", &["0504"]).unwrap();
    // Stopped: not on again in a second move.
    let e = g.mv("Blue MZ 1", &["0503"]).unwrap_err().to_string();
    assert!(e.starts_with("R&S 10.5(A) errata"), "{e}");
    // A unit that begins its Movement Phase there did not enter it: it may move.
    g.to(1, Phase::Fire);
    g.to(0, Phase::Movement);
    g.mv("Blue MZ 1", &["0503"]).unwrap();
}

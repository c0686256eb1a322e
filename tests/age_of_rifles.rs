//! Age of Rifles (issue 15): its tables against the printed ones, its scenario section, movement
//! costs and the cavalry-MP distance, order compliance with the worked example of AoR 12.4, and
//! starting a game (play itself: tests/age_of_rifles_play.rs).

use crate::common;

use common::cli::{kepi, kepi_split};
use kepi::engine::age_of_rifles::movement::{Mover, Routes, cavalry_distance_half_mp, step_cost};
use kepi::engine::age_of_rifles::orders::compliance;
use kepi::engine::age_of_rifles::section::{self, Kind, Order, Role};
use kepi::engine::age_of_rifles::tables::{Effect, FireTable, charts, fire_table};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::frac::Frac;
use kepi::scenario::{Scenario, ScenarioFile};
use std::path::Path;

const SCENARIO: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";

fn scenario() -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIO);
    kepi::library::load_scenario(&path).unwrap_or_else(|p| panic!("{p}"))
}

fn hex(s: &Scenario, name: &str) -> kepi::map::HexCoord {
    s.map.grid.parse(name).unwrap()
}

// ---- AoR 7.1 Fire Table ------------------------------------------------------------------

#[test]
fn aor_7_1_fire_table_cell_by_cell_against_the_golden_transcription() {
    let golden = include_str!("golden/age-of-rifles-fire-table.csv");
    let table = fire_table();
    let mut lines = golden.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header[0], "strength");
    let rolls: Vec<u32> = header[1..].iter().map(|r| r.parse().unwrap()).collect();
    assert_eq!(rolls, table.rolls, "the columns are the rolls 2 to 12");
    let mut cells = 0;
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        let strength: u32 = row[0].parse().unwrap();
        for (i, expected) in row[1..].iter().enumerate() {
            let expected: u32 = expected.parse().unwrap();
            assert_eq!(
                table.cell(strength, rolls[i]),
                Some(expected),
                "strength {strength}, roll {}",
                rolls[i]
            );
            assert_eq!(table.hits(strength, rolls[i]).unwrap(), expected);
            cells += 1;
        }
    }
    assert_eq!(cells, 24 * 11, "24 strengths x 11 rolls");
    assert_eq!(table.rows.len(), 24);
}

#[test]
fn aor_7_1_strength_above_24_is_looked_up_twice_with_the_same_roll() {
    let t = fire_table();
    // 30 on a 7: the 24 row gives 4, the remainder 6 gives 1.
    assert_eq!(t.hits(30, 7).unwrap(), 4 + 1);
    assert_eq!(FireTable::parts(30), vec![24, 6]);
    // 25 on a 12: 9 and, for the remainder 1, 1.
    assert_eq!(t.hits(25, 12).unwrap(), 9 + 1);
    // 48 on a 2: 1 and 1.
    assert_eq!(t.hits(48, 2).unwrap(), 2);
    // Kepi's reading above 48: every further 24 looked up too (50 = 24 + 24 + 2).
    assert_eq!(FireTable::parts(50), vec![24, 24, 2]);
    assert_eq!(t.hits(50, 12).unwrap(), 9 + 9 + 2);
    // Nothing fires, nothing hits; a roll off 2d6 is refused.
    assert_eq!(t.hits(0, 12).unwrap(), 0);
    assert!(t.hits(6, 13).unwrap_err().contains("2d6"));
    assert!(t.hits(6, 1).is_err());
}

#[test]
fn aor_7_6_reduced_strengths_are_added_then_rounded() {
    use kepi::engine::age_of_rifles::tables::round_strength;
    // Two units of 3 firing into a town (-25%): 2.25 + 2.25 = 4.5, which is 5 (not 2 + 2).
    let town = charts()
        .terrain_row("town")
        .unwrap()
        .attack()
        .factor()
        .unwrap();
    let total = Frac::int(3) * town + Frac::int(3) * town;
    assert_eq!(round_strength(total), 5);
}

// ---- The charts -----------------------------------------------------------------------------

#[test]
fn terrain_effects_on_combat_chart_as_printed() {
    let c = charts();
    let row = |k: &str| {
        let r = c.terrain_row(k).unwrap();
        (r.attack(), r.bombardment(), r.charge(), r.movement.as_str())
    };
    let t = |pct: i64| Effect::Times(Frac::new(100 - pct, 100));
    assert_eq!(row("town"), (t(25), t(75), t(50), "1"));
    assert_eq!(
        row("chateau"),
        (t(50), Effect::NotAllowed, Effect::NotAllowed, "2")
    );
    assert_eq!(row("woods"), (t(50), t(50), t(75), "2/4"));
    assert_eq!(row("stream"), (t(25), Effect::NoEffect, t(25), "+2"));
    assert_eq!(
        row("crest"),
        (t(25), Effect::NotAllowed, Effect::NoEffect, "NE")
    );
    assert_eq!(
        row("bridge"),
        (t(50), Effect::NoEffect, Effect::NotAllowed, "NE")
    );
    // AoR 10.1, 10.2: the fort and the fortified hexside, not on the printed chart.
    assert_eq!(
        row("fort"),
        (t(50), Effect::NotAllowed, Effect::NotAllowed, "1")
    );
    assert_eq!(
        row("wall"),
        (t(50), Effect::NotAllowed, Effect::NotAllowed, "NE")
    );
    assert_eq!(c.terrain.rows.len(), 8);
    assert!(
        c.terrain_row("clear").is_none(),
        "the chart has no clear row"
    );
}

#[test]
fn morale_modifiers_and_order_numbers_as_printed() {
    let c = charts();
    let m = |k: &str| c.morale_modifier(k).unwrap();
    assert_eq!(
        (m("step_loss"), m("demoralized"), m("artillery_fire")),
        (-1, -1, -1)
    );
    assert_eq!((m("flank_attack"), m("old_guard")), (-2, -1));
    assert_eq!(c.order_number(Order::Attack), 4);
    assert_eq!(c.order_number(Order::Defend), 3);
    assert_eq!(c.order_number(Order::March), 3);
    assert_eq!(c.order_number(Order::Reserve), 2);
}

#[test]
fn kepi_tables_prints_the_age_of_rifles_tables() {
    let (code, out, err) = kepi_split(&[
        "tables",
        "--ruleset",
        "age-of-rifles",
        "fire-table",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        kepi::engine::age_of_rifles::tables::FIRE_TABLE_TEXT.trim()
    );
    let (code, out, _) = kepi_split(&["tables", "--ruleset", "age-of-rifles", "--json"]);
    assert_eq!(code, 0);
    for needle in [
        "kepi-aor-fire-table",
        "Terrain Effects on Combat",
        "Morale Modifiers",
        "Order number",
        "kepi-terrain-effects",
    ] {
        assert!(out.contains(needle), "missing {needle}");
    }
    let (code, out) = kepi(&["tables", "--ruleset", "age-of-rifles", "combat-results"]);
    assert_ne!(code, 0);
    assert!(
        out.contains("Age of Rifles tables: fire-table, charts, terrain-effects"),
        "{out}"
    );
    // Rifle & Saber's stay the default.
    let (code, out, _) = kepi_split(&["tables", "combat-results", "--json"]);
    assert_eq!(code, 0);
    assert!(out.contains("kepi-combat-results"));
}

// ---- The scenario section ---------------------------------------------------------------------

#[test]
fn the_test_scenario_validates_and_its_section_reads() {
    let s = scenario();
    assert_eq!(
        s.file.ruleset,
        kepi::engine::game::registry::id("age-of-rifles").unwrap()
    );
    let sec = section::section(&s);
    let prussians = &sec.sides[0];
    assert_eq!(prussians.army_demoralization, 14);
    assert_eq!(prussians.units.len(), 5);
    let d13 = &prussians.units[0];
    assert_eq!(
        (d13.strength, d13.reduced_strength, d13.steps()),
        (6, Some(3), 2)
    );
    assert_eq!(
        d13.morale, 4,
        "AoR 2.2: morale 4 when the scenario gives none"
    );
    let art = prussians.units.iter().find(|u| u.id == "vii-art").unwrap();
    assert_eq!((art.kind, art.steps()), (Kind::FootArtillery, 1));
    let cav = prussians.formation("cav5").unwrap();
    assert_eq!(
        (cav.order, cav.march_to.as_deref()),
        (Order::March, Some("0608"))
    );
    let vii = prussians.formation("vii").unwrap();
    let oc = prussians.commander_of(vii).unwrap();
    assert_eq!(
        (oc.name.as_str(), oc.role, oc.rating),
        ("Steinmetz", Role::Overall, 2)
    );
    // Groups: each formation's, the cavalry arriving on turn 2; two units a hex (AoR 5.3).
    let groups: Vec<_> = s.sides[0]
        .forces
        .groups
        .iter()
        .map(|g| (g.label.clone().unwrap(), g.units))
        .collect();
    assert_eq!(groups, vec![("vii".into(), 3), ("cav".into(), 2)]);
    assert_eq!(s.reinforcements[0].turn, 2);
}

fn with_sides(edit: impl Fn(&mut serde_json::Value)) -> Result<Scenario, kepi::problems::Problems> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIO);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string())?;
    let map = kepi::library::load_scenario_map(&path, &file)?;
    Scenario::new(
        file,
        map,
        kepi::engine::game::registry::id("age-of-rifles")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
}

#[test]
fn every_problem_of_a_section_is_reported_at_once_by_field() {
    let p = with_sides(|v| {
        let w = &mut v["sides"][0];
        w["units"][0]["morale"] = 7.into();
        w["units"][1]["formation"] = "ix".into();
        w["units"][2]["reduced_strength"] = 9.into();
        w["units"][3]["guard"] = true.into();
        w["leaders"][1]["rating"] = 8.into();
        w["formations"][0]["march_to"] = "0101".into();
        w["formations"][1]
            .as_object_mut()
            .unwrap()
            .remove("march_to");
        w["formations"][1]["demoralization"] = 0.into();
        w["colour"] = "blue".into();
        let e = &mut v["sides"][1];
        e["units"][0]["id"] = "vii-13".into(); // also a Prussian unit's id
        e["leaders"][0].as_object_mut().unwrap().remove("group");
    })
    .unwrap_err()
    .to_string();
    for (field, words) in [
        ("sides[0].units[0].morale", "outside 1 to 6"),
        ("sides[0].units[1].formation", "no formation 'ix'"),
        ("sides[0].units[2].reduced_strength", "AoR 6.1"),
        ("sides[0].units[3].guard", "Old Guard"),
        ("sides[0].leaders[1].rating", "outside 0 to 6"),
        ("sides[0].formations[0].march_to", "only a March order"),
        ("sides[0].formations[1].march_to", "AoR 12.2"),
        ("sides[0].formations[1].demoralization", "AoR 14.1"),
        ("sides[0].colour", "unknown field"),
        ("sides[1].units[0].id", "also sides[0].units[0].id"),
        ("sides[1].leaders[0].group", "Overall or Wing Commander"),
    ] {
        let line = p
            .lines()
            .find(|l| l.contains(field))
            .unwrap_or_else(|| panic!("no problem at {field} in:\n{p}"));
        assert!(line.contains(words), "{field}: {line}");
    }
}

#[test]
fn a_section_missing_its_parts_names_each() {
    let p = with_sides(|v| {
        let w = v["sides"][1].as_object_mut().unwrap();
        w.remove("units");
        w.remove("army_demoralization");
        v["catalog"] = "french-units".into();
    })
    .unwrap_err()
    .to_string();
    assert!(p.contains("sides[1].units: missing"), "{p}");
    assert!(p.contains("sides[1].army_demoralization: missing"), "{p}");
    assert!(p.contains("not from a unit catalog"), "{p}");
}

// ---- AoR 5, 5.2 movement costs; 12.1, 12.4 distance in cavalry MP -----------------------------

#[test]
fn aor_5_2_route_and_terrain_costs_in_half_movement_points() {
    let s = scenario();
    let m = &s.map;
    let h = |n: &str| hex(&s, n);
    // Road (row 8): 1/2 MP with March orders, else the terrain's 1 MP.
    assert_eq!(
        step_cost(m, h("0108"), h("0208"), Mover::Foot, Routes::Use),
        Some(1)
    );
    assert_eq!(
        step_cost(m, h("0108"), h("0208"), Mover::Foot, Routes::Ignore),
        Some(2)
    );
    // Trail (column 7) and railroad (row 10, AoR 5: railroads count as trails): 1 MP.
    assert_eq!(
        step_cost(m, h("0702"), h("0703"), Mover::Foot, Routes::Use),
        Some(2)
    );
    assert_eq!(
        step_cost(m, h("0310"), h("0410"), Mover::Mounted, Routes::Use),
        Some(2)
    );
    // Woods "2/4": 2 for infantry, 4 for cavalry (Kepi's reading).
    assert_eq!(
        step_cost(m, h("0305"), h("0306"), Mover::Foot, Routes::Ignore),
        Some(4)
    );
    assert_eq!(
        step_cost(m, h("0305"), h("0306"), Mover::Mounted, Routes::Ignore),
        Some(8)
    );
    // Stream +2 MP; the bridge where the road crosses costs nothing extra.
    assert_eq!(
        step_cost(m, h("0806"), h("0906"), Mover::Foot, Routes::Ignore),
        Some(2 + 4)
    );
    // A chateau costs 2 MP, and 2 more across the stream.
    assert_eq!(
        step_cost(m, h("0807"), h("0907"), Mover::Foot, Routes::Ignore),
        Some(4 + 4)
    );
    assert_eq!(
        step_cost(m, h("0808"), h("0908"), Mover::Foot, Routes::Ignore),
        Some(2)
    );
    assert_eq!(
        step_cost(m, h("0808"), h("0908"), Mover::Foot, Routes::Use),
        Some(1)
    );
    // Not adjacent: no step.
    assert_eq!(
        step_cost(m, h("0101"), h("0103"), Mover::Foot, Routes::Use),
        None
    );
}

#[test]
fn aor_12_4_worked_example_lee_4_attack_order_to_ewell_2_nine_mp_away_two_turns() {
    // Lee at 0103 and Ewell at 1003: nine clear hexes apart, no road between them, so 9
    // cavalry MP (18 half-MP).
    let s = scenario();
    let d = cavalry_distance_half_mp(&s.map, hex(&s, "0103"), hex(&s, "1003")).unwrap();
    assert_eq!(d, 18, "9 MP");
    let c = compliance(Order::Attack, 4, 2, d);
    // "Lee (4) sends an Attack order to Ewell (2), giving a result of 1."
    assert_eq!(c.base, 1);
    // "If Ewell is 9 MP from Lee, the order will be executed 2 turns later."
    assert_eq!(c.turns, 2);
}

#[test]
fn aor_12_4_leaders_measure_distance_on_roads() {
    // AoR 5.2: leaders pay road costs: 0108 to 1208 is 11 road hexes, 5 1/2 MP (the bridge
    // adds nothing), so an order across it loses no turn to distance.
    let s = scenario();
    let d = cavalry_distance_half_mp(&s.map, hex(&s, "0108"), hex(&s, "1208")).unwrap();
    assert_eq!(d, 11);
    assert_eq!(compliance(Order::Defend, 2, 3, d).distance_turns, 0);
}

// ---- Starting a game ---------------------------------------------------------------------------

#[test]
fn a_game_starts_in_deployment_and_kepi_new_writes_it() {
    let s = scenario();
    let state = AgeOfRifles.start(&s, &Default::default()).unwrap();
    assert!(AgeOfRifles.progress(&state).deploying);
    let out = std::env::temp_dir().join(format!("kepi-aor-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let (code, text) = kepi(&["new", SCENARIO, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("Deployment"), "{text}");
    assert!(out.exists());
    let _ = std::fs::remove_file(&out);
}

#[test]
fn a_supply_source_off_the_map_is_refused_naming_the_field() {
    let s = with_sides(|v| v["sides"][1]["supply"][0] = "1399".into()).unwrap();
    let e = AgeOfRifles
        .start(&s, &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("sides[1].supply[0]") && e.contains("1399"),
        "{e}"
    );
}

#[test]
fn the_age_of_rifles_phases_follow_aor_4() {
    let keys: Vec<String> = AgeOfRifles.phases().into_iter().map(|p| p.key).collect();
    assert_eq!(
        keys,
        [
            "command",
            "bombardment",
            "charge",
            "movement",
            "combat",
            "turn_end",
            "disruption_removal"
        ]
    );
}

// ---- AoR 5.4 zones of control on the map ------------------------------------------------------

#[test]
fn aor_5_4_zocs_are_negated_by_non_bridge_river_and_chateau_hexsides() {
    use kepi::engine::age_of_rifles::zoc::{leaving_cost_half_mp, reaches, zone};
    let s = scenario();
    let m = &s.map;
    let h = |n: &str| hex(&s, n);
    assert!(reaches(m, h("0505"), h("0506")), "clear ground");
    assert!(
        !reaches(m, h("0301"), h("0401")),
        "a river hexside without a bridge"
    );
    assert!(reaches(m, h("0302"), h("0402")), "a bridged river hexside");
    assert!(
        !reaches(m, h("0906"), h("0907")),
        "into the chateau (Kepi's reading)"
    );
    assert!(!reaches(m, h("0907"), h("1007")), "out of the chateau");
    assert!(
        reaches(m, h("0806"), h("0906")),
        "a stream does not negate a ZOC"
    );
    assert!(!reaches(m, h("0505"), h("0507")), "only adjacent hexes");
    assert_eq!(zone(m, h("0907")).len(), 0);
    assert_eq!(zone(m, h("0505")).len(), 6);
    // The last unit out pays 1 MP more, cavalry nothing.
    assert_eq!(leaving_cost_half_mp(Kind::Infantry, true), 2);
    assert_eq!(leaving_cost_half_mp(Kind::Infantry, false), 0);
    assert_eq!(leaving_cost_half_mp(Kind::Cavalry, true), 0);
}

// ---- AoR 12.1 command range, 5.3 stacking ---------------------------------------------------

#[test]
fn aor_12_1_command_range_is_4_cavalry_mp_and_not_through_enemy_zocs() {
    use kepi::engine::age_of_rifles::movement::{check_stacking, in_command_range};
    let s = scenario();
    let m = &s.map;
    let h = |n: &str| hex(&s, n);
    let open = |_: kepi::map::HexCoord| true;
    // Four clear hexes: in range; five: out.
    assert!(in_command_range(m, h("0103"), h("0503"), &open));
    assert!(!in_command_range(m, h("0103"), h("0603"), &open));
    // On the road 8 hexes are 4 MP (AoR 5.2: the trace pays road costs).
    assert!(in_command_range(m, h("0108"), h("0908"), &open));
    assert!(!in_command_range(m, h("0108"), h("1008"), &open));
    // An enemy ZOC with no friendly unit in it blocks the trace: with 0208 closed the road
    // is cut and the way around costs more than 4 MP.
    let blocked = |x: kepi::map::HexCoord| x != h("0208");
    assert!(!in_command_range(m, h("0108"), h("0908"), &blocked));
    // AoR 5.3: two units a hex; a fort holds one (AoR 10.1).
    assert!(check_stacking(2, false).is_ok());
    assert!(check_stacking(3, false).unwrap_err().contains("AoR 5.3"));
    assert!(check_stacking(2, true).unwrap_err().contains("AoR 10.1"));
}

// ---- AoR 8.3 line of sight ----------------------------------------------------------------

#[test]
fn aor_8_3_line_of_sight_woods_towns_chateaux_and_crests() {
    use kepi::engine::age_of_rifles::los::{Blocked, line_of_sight};
    let s = scenario();
    let m = &s.map;
    let h = |n: &str| hex(&s, n);
    assert_eq!(
        line_of_sight(m, h("0101"), h("0103")),
        Ok(()),
        "clear ground"
    );
    assert_eq!(
        line_of_sight(m, h("0401"), h("0403")),
        Err(Blocked::Hex(h("0402"), "woods".into()))
    );
    // A unit in woods sees out and is seen (the end hexes never block).
    assert_eq!(line_of_sight(m, h("0402"), h("0404")), Ok(()));
    assert_eq!(
        line_of_sight(m, h("0806"), h("1008")),
        Err(Blocked::Hex(h("0907"), "chateau".into()))
    );
    // A crest blocks even when it is a hexside of the firer's own hex.
    assert_eq!(
        line_of_sight(m, h("0503"), h("0504")),
        Err(Blocked::Crest(h("0503"), h("0504")))
    );
    // Told to players with the hexes' printed names.
    assert_eq!(
        Blocked::Crest(h("0503"), h("0504")).words(m),
        "AoR 8.3: the crest between 0503 and 0504"
    );
    assert_eq!(
        line_of_sight(m, h("0602"), h("0604")),
        Ok(()),
        "beside the crest"
    );
    // Running along the hexside between the two town hexes is blocked; along a hexside with
    // town on one side only it is not (Kepi's reading).
    assert_eq!(
        line_of_sight(m, h("0604"), h("0804")),
        Err(Blocked::Between(h("0704"), h("0705")))
    );
    assert_eq!(line_of_sight(m, h("0603"), h("0803")), Ok(()));
}

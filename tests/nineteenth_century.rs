//! The 19th Century rules (issue 39) on hexes of 6 inches: each rule case of the text on the
//! small fixture table (12 by 8 hexes, a road over a river bridge into a walled town), named
//! by the text's heading (19C Movement, 19C Shooting ...); every distance of the text in a
//! table test (inches, hexes, the reading); the fixture played to the end by the seeded random
//! player through the generic game layer, replayed hash for hash from its recorded dice; and
//! seeded random games holding the invariants (one unit a hex, facings on hexsides, formations
//! legal, no unit where it may not stand, replay of the recorded dice reproducing every hash).

use crate::common;

use common::nc::*;
use common::{cli, scale};
use kepi::engine::dice::{Dice, RecordedDice, SeededDice};
use kepi::engine::facing::Facing;
use kepi::engine::game::registry;
use kepi::engine::nineteenth_century::section::{Formation, Kind};
use kepi::engine::nineteenth_century::state::{Command, Phase, State};
use kepi::engine::nineteenth_century::{board, movement, tables};
use kepi::engine::{NineteenthCentury, Ruleset};
use kepi::map::{LengthUnit, MapScale};
use serde_json::json;

const P: usize = 0;
const A: usize = 1;

fn h(s: &State, name: &str) -> kepi::map::HexCoord {
    s.setup().parse(name).unwrap()
}

// ---- 19C Units, inches to hexes --------------------------------------------------------------

#[test]
fn nc_inches_to_hexes_every_distance_of_the_text() {
    let six = MapScale::new(6, LengthUnit::Inches);
    // (the text's words, inches, hexes, the reading)
    let table: [(&str, u32, u32, &str); 16] = [
        ("Infantry & Artillery - 6\"", 6, 1, "move: 6 / 6"),
        ("Skirmisher - 12\"", 12, 2, "move: 12 / 6"),
        (
            "Cavalry, Dragoons, & Commanders - 18\"",
            18,
            3,
            "move: 18 / 6",
        ),
        (
            "roads: increase ... by 3\"",
            3,
            0,
            "half a hex: read as one hex more (road_bonus_hexes)",
        ),
        ("Short range 0\" to 6\"", 6, 1, "musketry short: hex 1"),
        ("Medium range 6\" to 12\"", 12, 2, "musketry medium: hex 2"),
        ("Long range 12\" to 18\"", 18, 3, "musketry long: hex 3"),
        (
            "Short range 0\" to 12\"",
            12,
            2,
            "artillery short: hexes 1-2",
        ),
        (
            "Medium range 12\" to 24\"",
            24,
            4,
            "artillery medium: hexes 3-4",
        ),
        (
            "Long range 24\" to 36\"",
            36,
            6,
            "artillery long: hexes 5-6",
        ),
        (
            "halved infantry move 3\"",
            3,
            0,
            "reformed: no hex (rounded down)",
        ),
        ("halved skirmisher move 6\"", 6, 1, "reformed: one hex"),
        ("halved cavalry move 9\"", 9, 1, "reformed: one hex"),
        (
            "road bonus by half, infantry 3\"",
            3,
            0,
            "read as one hex, as +3\"",
        ),
        ("road bonus by half, skirmishers 6\"", 6, 1, "one hex"),
        ("road bonus by half, cavalry 9\"", 9, 1, "one hex"),
    ];
    for (words, inches, hexes, reading) in table {
        assert_eq!(
            tables::hexes(six, inches).unwrap(),
            hexes,
            "{words}: {inches} inches, {reading}"
        );
    }
    assert_eq!(tables::tables().movement.road_bonus_hexes, 1);
    let bands = |k| {
        tables::hex_bands(six, k)
            .unwrap()
            .iter()
            .map(|b| (b.name.clone(), b.from, b.to, b.modifier))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        bands("musketry"),
        [
            ("short".to_string(), 1, 1, -1),
            ("medium".to_string(), 2, 2, -2),
            ("long".to_string(), 3, 3, -3)
        ]
    );
    assert_eq!(
        bands("artillery"),
        [
            ("short".to_string(), 1, 2, -1),
            ("medium".to_string(), 3, 4, -2),
            ("long".to_string(), 5, 6, -3)
        ]
    );
    // The frontal arc: 45 degrees either side of the faced hexside.
    assert_eq!(tables::tables().shooting.arc_degrees, 45.0);
    // Through the map's own scale: on hexes of 3 inches the infantry's bands are 1-2, 3-4, 5-6.
    let three = MapScale::new(3, LengthUnit::Inches);
    assert_eq!(tables::hexes(three, 18).unwrap(), 6);
    assert_eq!(
        tables::hex_bands(three, "musketry")
            .unwrap()
            .iter()
            .map(|b| (b.from, b.to))
            .collect::<Vec<_>>(),
        [(1, 2), (3, 4), (5, 6)]
    );
    // The system's scale, and a map measured on the ground refuses the text's inches.
    assert_eq!(NineteenthCentury.map_scale(), six);
    assert!(tables::hexes(MapScale::metres(50), 6).is_err());
}

#[test]
fn nc_units_carry_their_moves_ranges_dice_and_hits_on_six_inch_hexes() {
    let s = NineteenthCentury
        .start(&fixture(|_| {}), &Default::default())
        .unwrap();
    let d = |id: &str| s.setup().units[ix(&s, id)].clone();
    assert_eq!(d("p-inf1").move_hexes, 1);
    assert_eq!(d("p-art").move_hexes, 1);
    assert_eq!(d("p-jag").move_hexes, 2);
    assert_eq!(d("p-drag").move_hexes, 3);
    assert_eq!(d("a-cav").move_hexes, 3);
    assert_eq!(d("p-cmd").move_hexes, 3);
    assert_eq!(d("p-inf1").shoot_dice, Some(2));
    assert_eq!(d("p-jag").shoot_dice, Some(1));
    assert_eq!(d("p-drag").shoot_dice, Some(1));
    assert_eq!(d("a-cav").shoot_dice, None);
    assert_eq!(d("p-art").shoot_dice, Some(2));
    assert_eq!(d("p-inf1").max_range(), 3);
    assert_eq!(d("p-art").max_range(), 6);
    assert_eq!(d("a-cav").melee_dice, Some(2));
    assert_eq!(d("p-drag").melee_dice, Some(1));
    assert_eq!(d("p-inf1").eliminated_at, Some(13));
    for id in ["p-jag", "p-art", "a-cav", "p-drag"] {
        assert_eq!(d(id).eliminated_at, Some(7), "{id}");
    }
    assert_eq!(d("p-cmd").eliminated_at, None);
    assert_eq!(Kind::Commander.stands(), 1);
    assert_eq!(Kind::Infantry.stands(), 2);
    // Registered: files name it by its key, and its tables print.
    let r = registry::get("nineteenth-century").unwrap();
    assert_eq!(r.name(), "19th Century");
    let names: Vec<&str> = r.table_files().iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        ["tables.json", "terrain-effects.json", "catalog.json"]
    );
}

#[test]
fn nc_units_one_unit_a_hex_a_commander_besides_and_facings_on_hexsides() {
    let sc = fixture(|v| v["sides"][0]["units"][1]["hex"] = json!("0203"));
    let e = NineteenthCentury
        .start(&sc, &Default::default())
        .unwrap_err();
    assert!(e.to_string().contains("start in the same hex"), "{e}");
    // A commander shares a hex with a unit.
    let s = position(&[
        (P, unit("p-1", "infantry", "0205", "N")),
        (P, unit("p-c", "commander", "0205", "N")),
        (A, unit("a-1", "infantry", "1105", "S")),
    ]);
    assert!(board::crowded(&s, ix(&s, "p-c"), h(&s, "0205")).is_none());
    // A vertex facing is refused.
    let sc = fixture(|v| v["sides"][0]["units"][0]["facing"] = json!("E"));
    let e = NineteenthCentury
        .start(&sc, &Default::default())
        .unwrap_err();
    assert!(e.to_string().contains("19C Turning"), "{e}");
    // A commander has no battle formation.
    let e = try_fixture(|v| v["sides"][0]["units"][5]["formation"] = json!("battle")).unwrap_err();
    assert!(e.contains("commander is one stand"), "{e}");
    // No unit starts in ground it may not enter.
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(all_hexes());
        v["sides"][0]["units"][0]["hex"] = json!("0502");
    });
    let e = NineteenthCentury
        .start(&sc, &Default::default())
        .unwrap_err();
    assert!(e.to_string().contains("only skirmishers"), "{e}");
    // A hex off the map (12 by 8) is the validation's problem, by field.
    let e = try_fixture(|v| v["sides"][1]["units"][0]["hex"] = json!("1309")).unwrap_err();
    assert!(
        e.contains("sides[1].units[0].hex: no hex '1309' on the map"),
        "{e}"
    );
}

// ---- 19C Sequence of Play -------------------------------------------------------------------

#[test]
fn nc_sequence_of_play_three_phases_each_opened_by_its_initiative_ties_rolled_again() {
    let s = NineteenthCentury
        .start(&fixture(|_| {}), &Default::default())
        .unwrap();
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(NineteenthCentury.legal(&s), [Command::Initiative]);
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("initiative"), "{e}");
    // Prussia rolls first: 3 and 3 tie, rolled again; 2 against 5: Austria moves first.
    let (s, ev) = play(&s, json!({"kind": "initiative"}), &[3, 3, 2, 5]);
    assert_eq!(NineteenthCentury.rolls(&ev).len(), 4);
    assert!(notes(&ev).contains("rolled again"), "{}", notes(&ev));
    assert_eq!(s.order, Some([A, P]));
    assert_eq!(s.player(), A);
    let e = refused(&s, json!({"kind": "initiative"}));
    assert!(e.contains("rolled"), "{e}");
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    assert_eq!(s.player(), P);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    // The shooting phase opens with its own roll: Prussia 6, Austria 1.
    assert_eq!((s.phase, s.order), (Phase::Shooting, None));
    let (s, _) = play(&s, json!({"kind": "initiative"}), &[6, 1]);
    assert_eq!(s.order, Some([P, A]));
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    // No melee locked: the melee phase has nothing to fight; the next turn's movement opens.
    assert_eq!((s.turn, s.phase, s.order), (2, Phase::Movement, None));
    assert_eq!(NineteenthCentury.phases().len(), 3);
}

// ---- 19C Movement ---------------------------------------------------------------------------

#[test]
fn nc_movement_allowances_march_units_move_straight_ahead_and_face_any_hexside_at_the_end() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0207", "N")),
        (P, unit("p-jag", "skirmishers", "0607", "N")),
        (P, unit("p-cav", "cavalry", "0808", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    // Infantry: one hex in any of the six directions.
    assert_eq!(reach(&s, "p-inf").len(), 6);
    assert!(reach(&s, "p-inf").contains(&"0206".to_string()));
    assert!(!reach(&s, "p-inf").contains(&"0205".to_string()));
    // Skirmishers two hexes, straight: 0605 but not a bent path's end.
    let r = reach(&s, "p-jag");
    assert!(r.contains(&"0605".to_string()), "{r:?}");
    // Cavalry three hexes straight north.
    assert!(reach(&s, "p-cav").contains(&"0805".to_string()));
    assert!(!reach(&s, "p-cav").contains(&"0804".to_string()));
    let (s2, ev) = play(
        &s,
        json!({"kind": "move", "unit": "p-cav", "to": "0805", "facing": "ESE"}),
        &[],
    );
    assert_eq!(s2.units[ix(&s2, "p-cav")].hex, Some(h(&s2, "0805")));
    assert_eq!(s2.units[ix(&s2, "p-cav")].facing.name(), "ESE");
    assert!(notes(&ev).contains("3 of 3 hexes"), "{}", notes(&ev));
    // Each unit moves once a phase.
    let e = refused(
        &s2,
        json!({"kind": "move", "unit": "p-cav", "to": "0804", "facing": "N"}),
    );
    assert!(e.contains("has moved"), "{e}");
    // Not the other side's units.
    let e = refused(
        &s,
        json!({"kind": "move", "unit": "a-1", "to": "1202", "facing": "S"}),
    );
    assert!(e.contains("acts now"), "{e}");
}

#[test]
fn nc_movement_adjustments_road_bonus_one_hex_when_the_whole_move_is_on_the_road() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0104", "ESE")),
        (P, unit("p-off", "infantry", "0207", "N")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    // 0104-0204-0304 along the Great Road: 1 hex and the bonus.
    let r = reach(&s, "p-inf");
    assert!(r.contains(&"0304".to_string()), "{r:?}");
    // Off the road: one hex only.
    assert!(!reach(&s, "p-off").contains(&"0205".to_string()));
    // Over the bridge and into the town along the road: the town does not halve a road move.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0704", "ESE")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let r = reach(&s, "p-inf");
    assert!(r.contains(&"0904".to_string()), "{r:?}");
}

#[test]
fn nc_movement_adjustments_terrain_walls_and_hills_halve_a_one_hex_mover_still_moves_one_hex() {
    let s = position(&[
        (P, unit("p-cav", "cavalry", "0308", "N")),
        (P, unit("p-cav2", "cavalry", "0901", "S")),
        (P, unit("p-inf", "infantry", "0402", "N")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    // Climbing the hill at 0306 takes two hexes: 0307 (1) + 0306 (2) = 3, no further.
    let r = reach(&s, "p-cav");
    assert!(r.contains(&"0306".to_string()), "{r:?}");
    assert!(!r.contains(&"0305".to_string()), "{r:?}");
    // The town at 0903 takes two: 0902 (1) + 0903 (2).
    let r = reach(&s, "p-cav2");
    assert!(r.contains(&"0903".to_string()), "{r:?}");
    assert!(!r.contains(&"0904".to_string()), "{r:?}");
    // Crossing the wall 0803/0903 halves: infantry (one hex) enters with its whole move.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0803", "ENE")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    assert_eq!(
        movement::step_cost(&s, ix(&s, "p-inf"), h(&s, "0803"), h(&s, "0903")),
        Ok(2)
    );
    assert!(reach(&s, "p-inf").contains(&"0903".to_string()));
}

#[test]
fn nc_movement_adjustments_reforming_from_battle_to_march_halves_the_move() {
    let s = position(&[
        (
            P,
            with(
                unit("p-inf", "infantry", "0207", "N"),
                json!({"formation": "battle"}),
            ),
        ),
        (
            P,
            with(
                unit("p-cav", "cavalry", "0808", "N"),
                json!({"formation": "battle"}),
            ),
        ),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    // Deployed units cannot move.
    let e = refused(
        &s,
        json!({"kind": "move", "unit": "p-inf", "to": "0206", "facing": "N"}),
    );
    assert!(
        e.contains("19C Turning") && e.contains("cannot move"),
        "{e}"
    );
    let (s, ev) = play(&s, json!({"kind": "reform", "unit": "p-inf"}), &[]);
    assert!(notes(&ev).contains("halved to 0 hexes"), "{}", notes(&ev));
    assert_eq!(s.units[ix(&s, "p-inf")].formation, Formation::March);
    // Half of one hex is none: the one-hex mover reforms and stays.
    assert!(reach(&s, "p-inf").is_empty());
    let (s, _) = play(&s, json!({"kind": "reform", "unit": "p-cav"}), &[]);
    // Half of three hexes is one.
    let r = reach(&s, "p-cav");
    assert!(
        r.contains(&"0807".to_string()) && !r.contains(&"0806".to_string()),
        "{r:?}"
    );
}

#[test]
fn nc_turning_units_pivot_on_their_centre_deployed_units_pivot_but_do_not_move() {
    let s = position(&[
        (
            P,
            with(
                unit("p-inf", "infantry", "0207", "N"),
                json!({"formation": "battle"}),
            ),
        ),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let (s2, ev) = play(
        &s,
        json!({"kind": "pivot", "unit": "p-inf", "facing": "ENE"}),
        &[],
    );
    assert!(notes(&ev).contains("pivots"), "{}", notes(&ev));
    assert_eq!(s2.units[0].facing.name(), "ENE");
    assert_eq!(s2.units[0].hex, s.units[0].hex);
    // A facing is a hexside, never a vertex.
    let e = refused(&s, json!({"kind": "pivot", "unit": "p-inf", "facing": "E"}));
    assert!(e.contains("vertex"), "{e}");
    // The turn at the start of a move is free; the move then goes straight on through
    // hexsides of that one direction (off the road), and any hexside is faced at the end.
    let s = position(&[
        (P, unit("p-cav", "cavalry", "0808", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let g = &s.setup().grid;
    let start = h(&s, "0808");
    let paths = movement::reach(&s, 0).unwrap();
    // North three hexes; east-north-east one (the woods at 1007 stop it); west-north-west
    // the river 0708/0808 stops.
    assert_eq!(reach(&s, "p-cav"), ["0805", "0806", "0807", "0908"]);
    for p in paths.values() {
        let f = Facing::toward(g, start, p.hexes[0]);
        let mut at = start;
        for &x in &p.hexes {
            assert_eq!(Facing::toward(g, at, x), f, "a bent path {:?}", p.hexes);
            at = x;
        }
    }
    // 0806 then 0705 bends: not reached.
    assert!(!reach(&s, "p-cav").contains(&"0705".to_string()));
}

#[test]
fn nc_interpenetration_skirmishers_and_artillery_pass_through_others_pass_only_skirmishers() {
    let base = |kind: &str| {
        let s = position(&[
            (P, unit("p-cav", "cavalry", "0208", "N")),
            (P, unit("p-x", kind, "0207", "N")),
            (A, unit("a-1", "infantry", "1201", "S")),
        ]);
        in_phase(&s, Phase::Movement, P)
    };
    // Cavalry does not pass through infantry...
    let r = reach(&base("infantry"), "p-cav");
    assert!(!r.contains(&"0206".to_string()), "{r:?}");
    // ... but through skirmishers ("and vice versa").
    let r = reach(&base("skirmishers"), "p-cav");
    assert!(r.contains(&"0206".to_string()), "{r:?}");
    assert!(!r.contains(&"0207".to_string()), "one unit a hex: {r:?}");
    // Artillery passes through infantry along the road: 0104-0204-0304.
    let s = position(&[
        (P, unit("p-art", "artillery", "0104", "ESE")),
        (P, unit("p-inf", "infantry", "0204", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    assert!(reach(&s, "p-art").contains(&"0304".to_string()));
    // Infantry does not.
    let s = position(&[
        (P, unit("p-i2", "infantry", "0104", "ESE")),
        (P, unit("p-inf", "infantry", "0204", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    assert!(!reach(&s, "p-i2").contains(&"0304".to_string()));
    // Nobody enters an enemy's hex.
    let s = position(&[
        (P, unit("p-cav", "cavalry", "0208", "N")),
        (A, unit("a-1", "skirmishers", "0207", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    assert!(!reach(&s, "p-cav").contains(&"0206".to_string()));
}

// ---- 19C Terrain ----------------------------------------------------------------------------

#[test]
fn nc_terrain_woods_for_skirmishers_only_marsh_lakes_and_buildings_impassable() {
    let s = position(&[
        (P, unit("p-jag", "skirmishers", "0504", "N")),
        (P, unit("p-inf", "infantry", "0404", "ENE")),
        (P, unit("p-cav", "cavalry", "0707", "N")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    // Skirmishers enter the woods at 0503 (two hexes of their move), no further.
    let r = reach(&s, "p-jag");
    assert!(
        r.contains(&"0503".to_string()) && !r.contains(&"0502".to_string()),
        "{r:?}"
    );
    // Infantry does not enter woods.
    let e = movement::step_cost(&s, ix(&s, "p-inf"), h(&s, "0404"), h(&s, "0503")).unwrap_err();
    assert!(e.contains("only skirmishers"), "{e}");
    // Marsh (0706), lake (1101) and buildings (0905): no unit.
    let u = ix(&s, "p-jag");
    for x in ["0706", "1101", "0905"] {
        let from = s.setup().grid.neighbors(h(&s, x)).next().unwrap();
        let e = movement::step_cost(&s, u, from, h(&s, x)).unwrap_err();
        assert!(e.contains("no unit enters"), "{x}: {e}");
    }
    assert!(!reach(&s, "p-cav").contains(&"0706".to_string()));
}

#[test]
fn nc_terrain_rivers_are_crossed_only_at_bridges_and_fords() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0703", "ESE")),
        (P, unit("p-i2", "infantry", "0707", "ESE")),
        (P, unit("p-i3", "infantry", "0704", "ESE")),
        (A, unit("a-1", "infantry", "1208", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let e = movement::step_cost(&s, 0, h(&s, "0703"), h(&s, "0803")).unwrap_err();
    assert!(e.contains("bridges and fords"), "{e}");
    assert!(!reach(&s, "p-inf").contains(&"0803".to_string()));
    // The ford at 0707/0807 halves; the one-hex mover crosses with its whole move.
    assert_eq!(
        movement::step_cost(&s, 1, h(&s, "0707"), h(&s, "0807")),
        Ok(2)
    );
    assert!(reach(&s, "p-i2").contains(&"0807".to_string()));
    // The road's bridge 0704/0804.
    assert_eq!(
        movement::step_cost(&s, 2, h(&s, "0704"), h(&s, "0804")),
        Ok(1)
    );
}

// ---- 19C Shooting ---------------------------------------------------------------------------

#[test]
fn nc_shooting_infantry_two_dice_highest_less_range_hits_applied_at_once_and_it_deploys() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "infantry", "0206", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    // Medium range (2 hexes): highest of 3 and 5 is 5, -2: 3 hits.
    let (s2, ev) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[3, 5],
    );
    assert_eq!(s2.units[1].hits, 3);
    assert!(notes(&ev).contains("medium range"), "{}", notes(&ev));
    assert_eq!(s2.units[0].formation, Formation::Battle);
    assert!(s2.units[0].shot);
    let r = NineteenthCentury.rolls(&ev);
    assert_eq!((r[0].spec.count, r[0].total), (2, 5));
    // One shot a phase.
    let e = refused(
        &s2,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
    );
    assert!(e.contains("has shot"), "{e}");
    // Short (1 hex) -1, long (3 hexes) -3, beyond 3 out of range; a score below nothing is no hits.
    for (hex, faces, hits) in [
        ("0207", [6, 1], 5),
        ("0205", [2, 2], 0),
        ("0205", [4, 1], 1),
    ] {
        let s = position(&[
            (P, unit("p-inf", "infantry", "0208", "N")),
            (A, unit("a-1", "infantry", hex, "S")),
        ]);
        let s = in_phase(&s, Phase::Shooting, P);
        let (s, _) = play(
            &s,
            json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
            &faces,
        );
        assert_eq!(s.units[1].hits, hits, "{hex} {faces:?}");
    }
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "infantry", "0204", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
    );
    assert!(e.contains("at most 3 hexes"), "{e}");
}

#[test]
fn nc_shooting_skirmishers_roll_one_die_and_cavalry_does_not_shoot() {
    let s = position(&[
        (P, unit("p-jag", "skirmishers", "0208", "N")),
        (P, unit("p-cav", "cavalry", "0408", "N")),
        (A, unit("a-1", "infantry", "0207", "S")),
        (A, unit("a-2", "infantry", "0407", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let (s2, ev) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-jag", "target": "a-1"}),
        &[4],
    );
    assert_eq!(s2.units[ix(&s2, "a-1")].hits, 3);
    assert_eq!(NineteenthCentury.rolls(&ev)[0].spec.count, 1);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-cav", "target": "a-2"}),
    );
    assert!(e.contains("cavalry units do not shoot"), "{e}");
}

#[test]
fn nc_shooting_only_within_45_degrees_of_the_frontal_facing() {
    // From 0408 facing N: 0407 dead ahead, 0507 at 30 degrees, 0508 at 60 degrees.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0408", "N")),
        (A, unit("a-1", "infantry", "0507", "S")),
        (A, unit("a-2", "infantry", "0508", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    assert!(board::in_arc(&s, 0, h(&s, "0407")));
    assert!(board::in_arc(&s, 0, h(&s, "0507")));
    assert!(!board::in_arc(&s, 0, h(&s, "0508")));
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-2"}),
    );
    assert!(e.contains("45 degrees"), "{e}");
    play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[1, 1],
    );
    // A hexside facing sees one neighbour of six in its arc.
    let n = s
        .setup()
        .grid
        .neighbors(h(&s, "0408"))
        .filter(|&x| board::in_arc(&s, 0, x))
        .count();
    assert_eq!(n, 1);
}

#[test]
fn nc_shooting_cover_and_shooting_in_the_previous_turn_each_take_one() {
    // A town hex is cover: from 0901 facing S at 0903 (2 hexes): 6 -2 -1 = 3.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0901", "S")),
        (A, unit("a-1", "infantry", "0903", "N")),
    ]);
    let mut s = in_phase(&s, Phase::Shooting, P);
    s.units[0].shot_last_turn = true;
    let (s2, ev) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[6, 2],
    );
    assert!(notes(&ev).contains("in cover (in town)"), "{}", notes(&ev));
    assert!(
        notes(&ev).contains("shot in the previous turn"),
        "{}",
        notes(&ev)
    );
    assert_eq!(s2.units[1].hits, 2);
    // A wall on the target's side: 0803 behind the wall 0803/0903.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0903", "WSW")),
        (A, unit("a-1", "infantry", "0803", "N")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let (s2, ev) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[6, 2],
    );
    assert!(notes(&ev).contains("behind a wall"), "{}", notes(&ev));
    assert_eq!(s2.units[1].hits, 4);
}

#[test]
fn nc_shooting_the_cotton_wool_marks_the_next_turn_and_is_removed_if_the_unit_does_not_shoot() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "infantry", "0206", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let (s, _) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[1, 1],
    );
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    assert_eq!(s.turn, 2);
    assert!(s.units[0].shot_last_turn && !s.units[0].shot);
    // Turn 2: it does not shoot; by turn 3 its wool is gone.
    let s = in_phase(&s, Phase::Shooting, A);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    assert_eq!(s.turn, 3);
    assert!(!s.units[0].shot_last_turn);
}

#[test]
fn nc_artillery_shooting_bands_of_two_hexes_and_minus_one_at_artillery_or_skirmishers() {
    for (hex, kind, faces, hits) in [
        ("0206", "infantry", [5, 1], 4),    // short (2 hexes): -1
        ("0205", "infantry", [5, 1], 3),    // medium (3): -2
        ("0202", "infantry", [5, 6], 3),    // long (6): -3
        ("0206", "artillery", [5, 1], 3),   // short, -1 artillery
        ("0206", "skirmishers", [5, 1], 3), // short, -1 skirmishers
    ] {
        let s = position(&[
            (P, unit("p-art", "artillery", "0208", "N")),
            (A, unit("a-1", kind, hex, "S")),
        ]);
        let s = in_phase(&s, Phase::Shooting, P);
        let (s, _) = play(
            &s,
            json!({"kind": "shoot", "unit": "p-art", "target": "a-1"}),
            &faces,
        );
        assert_eq!(s.units[1].hits, hits, "{hex} {kind}");
    }
    let s = position(&[
        (P, unit("p-art", "artillery", "0208", "N")),
        (A, unit("a-1", "infantry", "0201", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-art", "target": "a-1"}),
    );
    assert!(e.contains("at most 6 hexes"), "{e}");
}

#[test]
fn nc_terrain_buildings_and_units_block_the_line_of_sight_but_artillery_on_a_hill_fires_over_units()
{
    // A friendly unit between blocks the shot.
    let s = position(&[
        (P, unit("p-art", "artillery", "0208", "N")),
        (P, unit("p-inf", "infantry", "0207", "N")),
        (A, unit("a-1", "infantry", "0206", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-art", "target": "a-1"}),
    );
    assert!(e.contains("only artillery on a hill"), "{e}");
    // Artillery on the hill at 0406 fires over 0405 at 0404.
    let s = position(&[
        (P, unit("p-art", "artillery", "0406", "N")),
        (P, unit("p-inf", "infantry", "0405", "N")),
        (A, unit("a-1", "infantry", "0404", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    play(
        &s,
        json!({"kind": "shoot", "unit": "p-art", "target": "a-1"}),
        &[3, 3],
    );
    // Buildings (0905) block sight.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0906", "N")),
        (A, unit("a-1", "infantry", "0904", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
    );
    assert!(e.contains("buildings"), "{e}");
}

#[test]
fn nc_movement_note_units_deploy_into_battle_formation_in_the_shooting_phase() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let m = in_phase(&s, Phase::Movement, P);
    let e = refused(&m, json!({"kind": "deploy", "unit": "p-inf"}));
    assert!(e.contains("shooting phase"), "{e}");
    let sh = in_phase(&s, Phase::Shooting, P);
    let (sh, _) = play(&sh, json!({"kind": "deploy", "unit": "p-inf"}), &[]);
    assert_eq!(sh.units[0].formation, Formation::Battle);
}

// ---- 19C Melee ------------------------------------------------------------------------------

fn charge(attacker: &str, defender: &str, def_hex: &str) -> State {
    let s = position(&[
        (P, unit("p-cav", attacker, "0208", "N")),
        (A, unit("a-1", defender, def_hex, "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let (s, ev) = play(
        &s,
        json!({"kind": "move", "unit": "p-cav", "to": "0206", "facing": "N"}),
        &[],
    );
    assert!(notes(&ev).contains("locked in melee"), "{}", notes(&ev));
    s
}

#[test]
fn nc_melee_cavalry_moving_into_contact_locks_both_until_one_is_eliminated() {
    let s = charge("cavalry", "infantry", "0205");
    assert_eq!(s.melees.len(), 1);
    assert!(s.melees[0].first);
    // Locked units neither move, pivot nor shoot, nor are they shot at.
    let s2 = in_phase(&s, Phase::Movement, A);
    let e = refused(&s2, json!({"kind": "pivot", "unit": "a-1", "facing": "N"}));
    assert!(e.contains("locked in melee"), "{e}");
    let s3 = in_phase(&s, Phase::Shooting, A);
    let e = refused(
        &s3,
        json!({"kind": "shoot", "unit": "a-1", "target": "p-cav"}),
    );
    assert!(e.contains("locked in melee"), "{e}");
}

#[test]
fn nc_melee_cavalry_two_dice_doubled_on_first_contact_infantry_strikes_back_at_short_range() {
    let s = charge("cavalry", "infantry", "0205");
    let s = in_phase(&s, Phase::Melee, P);
    // Strikes are due: the phase does not end before them.
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("must strike"), "{e}");
    // Highest of 2 and 4, doubled: 8 hits.
    let (s, ev) = play(&s, json!({"kind": "strike", "unit": "p-cav"}), &[2, 4]);
    assert_eq!(s.units[1].hits, 8);
    assert!(notes(&ev).contains("first contact"), "{}", notes(&ev));
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    // The infantry strikes back with its shooting dice at short range: 5 -1 = 4.
    let (s, ev) = play(&s, json!({"kind": "strike", "unit": "a-1"}), &[5, 3]);
    assert_eq!(s.units[0].hits, 4);
    assert!(notes(&ev).contains("short range"), "{}", notes(&ev));
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    assert_eq!(s.turn, 2);
    assert!(!s.melees[0].first);
    // The next melee phase: no doubling; 6 hits take the infantry to 14: eliminated.
    let s = in_phase(&s, Phase::Melee, P);
    let (s, ev) = play(&s, json!({"kind": "strike", "unit": "p-cav"}), &[6, 1]);
    assert!(s.units[1].eliminated, "{}", notes(&ev));
    assert!(s.melees.is_empty());
}

#[test]
fn nc_melee_dragoons_roll_one_die_and_do_not_double() {
    let s = charge("dragoons", "cavalry", "0205");
    let s = in_phase(&s, Phase::Melee, A);
    // The defending cavalry strikes with its own 2D6, not doubled (it did not charge).
    let (s, _) = play(&s, json!({"kind": "strike", "unit": "a-1"}), &[3, 5]);
    assert_eq!(s.units[0].hits, 5);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, ev) = play(&s, json!({"kind": "strike", "unit": "p-cav"}), &[6]);
    assert_eq!(s.units[1].hits, 6);
    assert_eq!(NineteenthCentury.rolls(&ev)[0].spec.count, 1);
}

#[test]
fn nc_melee_no_melee_with_a_unit_in_cover() {
    let s = position(&[
        (P, unit("p-cav", "cavalry", "0901", "S")),
        (A, unit("a-1", "infantry", "0903", "N")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let (s, ev) = play(
        &s,
        json!({"kind": "move", "unit": "p-cav", "to": "0902", "facing": "S"}),
        &[],
    );
    assert!(
        notes(&ev).contains("no melee with a unit in cover"),
        "{}",
        notes(&ev)
    );
    assert!(s.melees.is_empty());
    // Infantry moving into contact makes no melee.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0207", "N")),
        (A, unit("a-1", "infantry", "0205", "S")),
    ]);
    let s = in_phase(&s, Phase::Movement, P);
    let (s, _) = play(
        &s,
        json!({"kind": "move", "unit": "p-inf", "to": "0206", "facing": "N"}),
        &[],
    );
    assert!(s.melees.is_empty());
}

// ---- 19C Elimination of units, Commanders, Victory -------------------------------------------

#[test]
fn nc_elimination_infantry_at_13_hits_others_at_7() {
    for (kind, before, faces, out) in [
        ("infantry", 8, [6, 6], true),    // 8 + 5 = 13
        ("infantry", 7, [6, 6], false),   // 12
        ("skirmishers", 2, [6, 6], true), // 2 + 5 = 7
        ("artillery", 1, [6, 6], false),  // 6
    ] {
        let s = position(&[
            (P, unit("p-inf", "infantry", "0208", "N")),
            (A, unit("a-1", kind, "0207", "S")),
            (A, unit("a-2", "infantry", "1201", "S")),
        ]);
        let mut s = in_phase(&s, Phase::Shooting, P);
        s.units[1].hits = before;
        let (s, _) = play(
            &s,
            json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
            &faces,
        );
        assert_eq!(s.units[1].eliminated, out, "{kind} {before}");
        assert_eq!(s.units[1].hex.is_none(), out);
    }
}

#[test]
fn nc_commanders_join_an_infantry_unit_once_a_game_and_remove_six_hits() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0205", "N")),
        (P, unit("p-i2", "infantry", "0405", "N")),
        (P, unit("p-jag", "skirmishers", "0208", "N")),
        (P, unit("p-c", "commander", "0207", "N")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let mut s = in_phase(&s, Phase::Movement, P);
    s.units[0].hits = 8;
    s.units[1].hits = 3;
    s.units[2].hits = 4;
    let e = refused(
        &s,
        json!({"kind": "rally", "commander": "p-c", "unit": "p-jag"}),
    );
    assert!(e.contains("joins infantry"), "{e}");
    let (s2, ev) = play(
        &s,
        json!({"kind": "rally", "commander": "p-c", "unit": "p-inf"}),
        &[],
    );
    assert!(notes(&ev).contains("6 hits removed"), "{}", notes(&ev));
    assert_eq!(s2.units[0].hits, 2);
    assert_eq!(s2.units[3].hex, s2.units[0].hex);
    // Once a game.
    let s3 = in_phase(&s2, Phase::Movement, P);
    let e = refused(
        &s3,
        json!({"kind": "rally", "commander": "p-c", "unit": "p-i2"}),
    );
    assert!(e.contains("once per game"), "{e}");
    // A commander takes no hits and is not shot at.
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-c", "commander", "0207", "S")),
        (A, unit("a-1", "infantry", "1201", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let e = refused(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-c"}),
    );
    assert!(e.contains("commander takes no hits"), "{e}");
}

#[test]
fn nc_victory_a_side_with_no_unit_left_loses_else_points_after_the_last_turn() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "skirmishers", "0207", "S")),
        (A, unit("a-c", "commander", "1201", "S")),
    ]);
    let mut s = in_phase(&s, Phase::Shooting, P);
    s.units[1].hits = 6;
    let (s, _) = play(
        &s,
        json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}),
        &[6, 6],
    );
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(NineteenthCentury.outcome(&s).unwrap().winner, Some(P));
    // At the end: Austria holds the town (3 points) against nothing.
    let mut s = NineteenthCentury
        .start(&fixture(|_| {}), &Default::default())
        .unwrap();
    s.turn = s.setup().game_length;
    let s = in_phase(&s, Phase::Shooting, P);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let (s, _) = play(&s, json!({"kind": "end"}), &[]);
    let o = NineteenthCentury.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(A), "{}", o.reason);
    assert!(o.reason.contains("Austria 3 points"), "{}", o.reason);
}

// ---- The play view ---------------------------------------------------------------------------

#[test]
fn nc_a_shot_is_previewed_with_its_modifiers_and_chances_and_commands_are_described() {
    let s = position(&[
        (P, unit("p-inf", "infantry", "0208", "N")),
        (A, unit("a-1", "infantry", "0206", "S")),
    ]);
    let s = in_phase(&s, Phase::Shooting, P);
    let c = cmd(json!({"kind": "shoot", "unit": "p-inf", "target": "a-1"}));
    let p = NineteenthCentury
        .preview(&s, std::slice::from_ref(&c))
        .unwrap();
    let total: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-9);
    // 2D6 highest -2: 0 hits on a highest 1 or 2 (4 of 36).
    let none = p.results.iter().find(|r| r.result == "0").unwrap();
    assert!((none.chance - 4.0 / 36.0).abs() < 1e-9);
    assert!(p.modifiers.iter().any(|m| m.name.contains("medium")));
    let legal = NineteenthCentury.legal(&s);
    let infos = NineteenthCentury.command_infos(&s, &legal);
    assert_eq!(infos.len(), legal.len());
    let shoot = infos.iter().find(|i| i.kind == "shoot").unwrap();
    assert!(shoot.preview);
    assert_eq!(shoot.hex.as_deref(), Some("0206"));
    assert_eq!(
        NineteenthCentury.describe_command(&s, &c),
        "p-inf shoots at a-1"
    );
    let r = NineteenthCentury
        .reach(&in_phase(&s, Phase::Movement, P), "p-inf")
        .unwrap();
    assert!(r.hexes.iter().any(|x| x.hex == "0207"));
}

// ---- Whole games ----------------------------------------------------------------------------

fn fixture_root() -> State {
    NineteenthCentury
        .start(&fixture(|_| {}), &Default::default())
        .unwrap()
}

#[test]
fn the_fixture_plays_to_the_end_through_the_generic_layer_and_replays_hash_for_hash() {
    let rules = registry::get("nineteenth-century").unwrap();
    let sc = fixture(|_| {});
    let root = rules.start(&sc, &json!({})).unwrap();
    for seed in [1u64, 2] {
        let mut player = rules.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut record = Vec::new();
        while !rules.progress(&s).over {
            let c = player.next(&s);
            let applied = rules
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap_or_else(|e| panic!("seed {seed} {c}: {e}"));
            record.push((c, applied.rolls.clone(), applied.state.hash()));
            s = applied.state;
            assert!(record.len() < 20_000, "seed {seed}: the game does not end");
        }
        let outcome = rules.outcome(&s).unwrap();
        eprintln!("seed {seed}: {} commands, {}", record.len(), outcome.reason);
        let mut r = root.clone();
        for (i, (c, rolls, hash)) in record.iter().enumerate() {
            r = kepi::engine::game::replay_step(&r, c, rolls, hash, &format!("command {i}"))
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
                .state;
        }
        assert_eq!(r.hash(), s.hash());
        let back = rules.restore(&root, &rules.snapshot(&s)).unwrap();
        assert_eq!(back.hash(), s.hash());
    }
}

/// `KEPI_PROPTEST_CASES` games when set, else 40 times `KEPI_TEST_SCALE`.
fn cases() -> u64 {
    scale::cases_or_scaled(40)
}

#[test]
fn seeded_random_games_keep_positions_legal_and_replay_their_recorded_dice_hash_for_hash() {
    let root = fixture_root();
    let games = cases();
    let (mut shots, mut strikes, mut melees, mut initiatives) = (0, 0, 0, 0);
    for seed in 0..games {
        let mut player = NineteenthCentury.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut n = 0;
        let mut record = Vec::new();
        while !NineteenthCentury.progress(&s).over {
            let c = player.next(&s);
            let legal = NineteenthCentury.legal(&s);
            assert!(legal.contains(&c), "seed {seed}: {c:?} not listed");
            let (next, ev) = NineteenthCentury
                .apply(&s, &c, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed} command {n} {c:?}: {e}"));
            let rolls = NineteenthCentury.rolls(&ev);
            for r in &rolls {
                if r.purpose.contains("initiative") {
                    initiatives += 1;
                } else if r.purpose.contains("shoots") {
                    shots += 1;
                } else if r.purpose.contains("melee") {
                    strikes += 1;
                }
            }
            if next.melees.len() > s.melees.len() {
                melees += 1;
            }
            invariants(&next, seed, n);
            record.push((c, rolls, NineteenthCentury.state_hash(&next)));
            s = next;
            n += 1;
            assert!(n < 20_000, "seed {seed}: the game does not end");
        }
        // Replay from the recorded dice alone.
        let mut r = root.clone();
        for (i, (c, rolls, hash)) in record.iter().enumerate() {
            let mut d = RecordedDice::new(rolls.iter().cloned());
            r = NineteenthCentury
                .apply(&r, c, &mut d)
                .unwrap_or_else(|e| panic!("seed {seed} replay {i}: {e}"))
                .0;
            assert_eq!(
                &NineteenthCentury.state_hash(&r),
                hash,
                "seed {seed} replay {i}"
            );
        }
    }
    eprintln!(
        "{games} games: {initiatives} initiative dice, {shots} shots, {melees} melees, {strikes} strikes"
    );
    assert!(
        shots > 0 && strikes > 0 && melees > 0,
        "the games come to blows: {shots} {melees} {strikes}"
    );
}

#[test]
fn every_legal_command_is_accepted_along_seeded_games() {
    let root = fixture_root();
    for seed in 0..scale::scaled(3) {
        let mut player = NineteenthCentury.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while !NineteenthCentury.progress(&s).over {
            let legal = NineteenthCentury.legal(&s);
            assert!(!legal.is_empty(), "seed {seed}: no legal command");
            for c in legal.iter().step_by(5) {
                if let Err(e) = NineteenthCentury.apply(&s, c, &mut SeededDice::new(seed + 99)) {
                    panic!("seed {seed}: legal {c:?} refused: {e}");
                }
            }
            let c = player.next(&s);
            s = NineteenthCentury.apply(&s, &c, &mut dice).unwrap().0;
        }
    }
}

#[test]
fn kepi_prints_the_tables_and_autoplays_the_fixture_deterministically_for_a_seed() {
    let (code, out) = cli::kepi(&["tables", "--ruleset", "nineteenth-century", "--json"]);
    assert_eq!(code, 0, "{out}");
    for word in ["kepi-19c-tables", "musketry", "\"river\"", "kepi-catalog"] {
        assert!(out.contains(word), "{word} missing from kepi tables");
    }
    let play = || cli::kepi(&["autoplay", FIXTURE, "--seed", "7", "--games", "2"]);
    let (code, first) = play();
    assert_eq!(code, 0, "{first}");
    assert!(
        first.contains("seed 7:") && first.contains("seed 8:"),
        "{first}"
    );
    assert_eq!(play().1, first);
}

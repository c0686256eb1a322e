//! Vae Victis, Los Gringos (the Mexican-American War): its Quick Reference Sheet, one test a
//! rule named `vv_lg_<heading>_...`, the tables checked cell by cell against a transcription
//! made by hand here from the sheet (not read from `data/los-gringos.json`), every distance of
//! the sheet in hexes, and seeded random games of the Los Gringos fixture
//! (`tests/fixtures/vae-victis/scenarios/vv-los-gringos.json`). docs/rules/vae-victis.md lists
//! the readings.

use crate::common;

use common::vv::{LG_FIXTURE, corps, el, hex_of, id, notes, opened, play, position_in, refused};
use kepi::engine::vae_victis::combat::{Severity, result};
use kepi::engine::vae_victis::fire::{self, Band, band};
use kepi::engine::vae_victis::lg;
use kepi::engine::vae_victis::paces::{move_hexes, over, within};
use kepi::engine::vae_victis::results::passable;
use kepi::engine::vae_victis::state::{Command, State};
use kepi::engine::vae_victis::tables::{self, Outcome};
use serde_json::{Value, json};

/// One corps a side, no C-in-C: the United States' general at 0112, Mexico's at 1401.
fn lg_duel(usa: Vec<Value>, mexico: Vec<Value>) -> State {
    position_in(
        LG_FIXTURE,
        (vec![corps("T", ("g-us", "0112"), usa)], None),
        (vec![corps("M", ("g-mx", "1401"), mexico)], None),
    )
}

fn square(e: Value) -> Value {
    let mut e = e;
    e["formation"] = json!("square");
    e
}

/// A unit's row: type, combat, unit cost, figures, movement row, range row, results row.
type Unit = (
    &'static str,
    i32,
    u32,
    u32,
    &'static str,
    Option<&'static str>,
    &'static str,
);

/// A tactical factor by key and value.
type Named = (&'static str, i32);

/// Terms by key and value.
type Terms = Vec<(String, i32)>;

use common::vv::{k, keys};

// ---------------------------------------------------------------------------------------
// The sheet, cell by cell

#[test]
fn vv_lg_sheet_cell_by_cell() {
    let v = tables::variant("los-gringos").unwrap();
    // Unit Factors: (type, combat, unit cost, figures per element, movement row, range row,
    // combat results row), the US table then the Mexican one.
    #[rustfmt::skip]
    let units: [Unit; 22] = [
        ("us_regular", 4, 5, 4, "infantry", Some("smooth_bore_muskets"), "infantry"),
        ("us_volunteers", 4, 4, 4, "infantry", Some("smooth_bore_muskets"), "infantry"),
        ("us_light_infantry", 3, 4, 2, "light_infantry", Some("rifled_muskets"), "light_infantry"),
        ("us_dragoons", 4, 4, 3, "cuirassiers_dragoons", None, "dragoons"),
        ("texas_rangers", 3, 3, 2, "light_cavalry", None, "light_cavalry"),
        ("us_volunteer_cavalry", 2, 2, 2, "light_cavalry", None, "light_cavalry"),
        ("spy_company", 1, 2, 2, "light_cavalry", None, "light_cavalry"),
        ("us_light_artillery", 3, 3, 1, "light_artillery", Some("light_artillery"), "artillery"),
        ("us_medium_artillery", 3, 3, 1, "medium_artillery", Some("medium_artillery"), "artillery"),
        ("us_heavy_artillery", 3, 3, 1, "heavy_artillery", Some("heavy_artillery"), "artillery"),
        ("mx_elite", 4, 4, 4, "infantry", Some("smooth_bore_muskets"), "infantry"),
        ("mx_regulars", 3, 3, 4, "infantry", Some("smooth_bore_muskets"), "infantry"),
        ("mx_militia", 2, 2, 4, "infantry", Some("smooth_bore_muskets"), "infantry"),
        ("mx_light_infantry", 2, 3, 2, "light_infantry", Some("rifled_muskets"), "light_infantry"),
        ("mx_cuirassiers", 4, 4, 3, "cuirassiers_dragoons", None, "cuirassiers"),
        ("mx_line_cavalry", 3, 3, 3, "cuirassiers_dragoons", None, "dragoons"),
        ("guard_hussars", 3, 3, 2, "light_cavalry", None, "light_cavalry"),
        ("mx_light_cavalry", 2, 3, 2, "light_cavalry", None, "light_cavalry"),
        ("mx_irregular_cavalry", 1, 2, 2, "light_cavalry", None, "light_cavalry"),
        ("mx_light_artillery", 2, 2, 1, "light_artillery", Some("light_artillery"), "artillery"),
        ("mx_medium_artillery", 2, 2, 1, "medium_artillery", Some("medium_artillery"), "artillery"),
        ("mx_heavy_artillery", 2, 2, 1, "heavy_artillery", Some("heavy_artillery"), "artillery"),
    ];
    assert_eq!(v.sheet.types.len(), units.len());
    for (key, combat, cost, figures, mv, range, res) in units {
        let t = v.element_type(key).unwrap_or_else(|| panic!("{key}"));
        // The single combat factor is the melee factor and, for a type that fires, the
        // fire factor; cavalry does not fire.
        let fire = range.map(|_| combat);
        assert_eq!(
            (
                t.melee,
                t.fire,
                t.cost,
                t.figures,
                t.move_row.as_str(),
                t.range.as_deref(),
                t.results.as_str()
            ),
            (combat, fire, cost, Some(figures), mv, range, res),
            "{key}"
        );
        assert_eq!(t.charge, 0, "{key}: LG has no charge column");
    }
    // "1 element maximum" (Guard Hussars, #).
    assert_eq!(
        v.element_type("guard_hussars").unwrap().max_per_army,
        Some(1)
    );
    // Movement Table: road, clear, rough ("-" as None).
    let columns = ["road", "clear", "rough"];
    assert_eq!(v.sheet.movement_columns, columns);
    #[rustfmt::skip]
    let moves: [(&str, [Option<u32>; 3]); 9] = [
        ("general", [Some(500), Some(500), Some(400)]),
        ("infantry", [Some(300), Some(200), Some(100)]),
        ("light_infantry", [Some(300), Some(300), Some(200)]),
        ("square", [Some(100), Some(100), None]),
        ("cuirassiers_dragoons", [Some(500), Some(400), Some(300)]),
        ("light_cavalry", [Some(500), Some(500), Some(400)]),
        ("light_artillery", [Some(400), Some(300), Some(200)]),
        ("medium_artillery", [Some(300), Some(200), Some(100)]),
        ("heavy_artillery", [Some(200), Some(100), None]),
    ];
    assert_eq!(v.sheet.movement.len(), moves.len());
    for (row, cells) in moves {
        for (c, want) in columns.iter().zip(cells) {
            assert_eq!(v.sheet.paces(row, c), want, "{row} {c}");
        }
        // No Difficult column: difficult ground is moved in the Rough column.
        assert_eq!(v.sheet.paces(row, "difficult"), cells[2], "{row} difficult");
    }
    // Fire Ranges: one range a weapon.
    let ranges: [(&str, u32); 5] = [
        ("light_artillery", 1200),
        ("medium_artillery", 1400),
        ("heavy_artillery", 1600),
        ("rifled_muskets", 400),
        ("smooth_bore_muskets", 200),
    ];
    assert_eq!(v.sheet.ranges.len(), ranges.len());
    for (row, paces) in ranges {
        let r = &v.sheet.ranges[row];
        assert_eq!(
            (r.short, r.medium, r.long),
            (None, Some(paces), None),
            "{row}"
        );
    }
    // Tactical Factors - Fire, in the sheet's order.
    let fire: [(&str, &str, i32); 11] = [
        ("enfilade", "Enfilading fire", 2),
        ("american_regular", "American Regulars Firing", 1),
        ("target_square", "Target is in square", 1),
        ("target_cavalry", "Target is mounted cavalry", 1),
        ("soft_cover", "Target in light cover", -1),
        ("hard_cover", "Target is in hard cover", -2),
        ("far_heavy", "Target over 800 (heavy artillery)", -1),
        ("far_medium", "Target over 700 (medium artillery)", -1),
        ("far_light", "Target over 600 (light artillery)", -2),
        ("overlap", "For each supporting enemy overlap (max 2)", -1),
        ("firer_in_square", "Firing unit is in square", -2),
    ];
    assert_eq!(v.sheet.fire_factors.len(), fire.len());
    for (f, (key, text, value)) in v.sheet.fire_factors.iter().zip(fire) {
        assert_eq!(
            (f.key.as_str(), f.text.as_str(), f.value),
            (key, text, Some(value))
        );
    }
    let far: [(&str, &str, u32); 3] = [
        ("far_heavy", "heavy_artillery", 800),
        ("far_medium", "medium_artillery", 700),
        ("far_light", "light_artillery", 600),
    ];
    for (key, row, paces) in far {
        let f = v.sheet.fire_factors.iter().find(|f| f.key == key).unwrap();
        assert_eq!(
            (f.range.as_deref(), f.over),
            (Some(row), Some(paces)),
            "{key}"
        );
    }
    assert_eq!(v.sheet.max_overlaps, Some(2));
    // Tactical Factors - Melee (and VV 9's deduction, which every sheet carries).
    let melee: [(&str, &str, i32); 10] = [
        ("general_attached", "General attached to unit", 1),
        ("rear_support", "Rear support (see 8.3)", 1),
        (
            "defending_position",
            "Defending uphill, a crest line, village or river",
            1,
        ),
        ("fortified", "Defending a fortified position", 2),
        (
            "charge_light",
            "Light Cavalry (except Hussars) or Irregular Mexican Charging 1st turn of melee",
            2,
        ),
        (
            "charge_other",
            "Other Cavalry charging 1st turn of melee",
            1,
        ),
        ("cavalry_v_square", "Cavalry Charging squares", -2),
        ("rough", "In rough terrain", -2),
        ("overlap", "For each supporting enemy overlap (max 2)", -1),
        ("demoralised", "Demoralised corps, in attack (VV 9)", -1),
    ];
    assert_eq!(v.sheet.melee_factors.len(), melee.len());
    for (f, (key, text, value)) in v.sheet.melee_factors.iter().zip(melee) {
        assert_eq!(
            (f.key.as_str(), f.text.as_str(), f.value),
            (key, text, Some(value))
        );
    }
    // Combat Results Table: each cell as (winner is one of, loser's going is one of, in
    // contact, result), the first that holds.
    type Cell = &'static [(
        &'static [&'static str],
        &'static [&'static str],
        bool,
        Outcome,
    )];
    use Outcome::{Destroyed as D, Flee as F, Recoil as R};
    #[rustfmt::skip]
    let rows: [(&str, &str, Cell, Cell); 6] = [
        ("infantry", "Infantry",
            &[(&["heavy_cavalry"], &["rough"], false, D), (&[], &[], false, R)],
            &[(&[], &[], false, D)]),
        ("light_infantry", "Light Infantry",
            &[(&["heavy_cavalry"], &["rough"], false, D), (&[], &[], false, R)],
            &[(&["cavalry"], &["rough"], false, D), (&["light_infantry"], &[], false, D),
              (&[], &[], false, F)]),
        ("cuirassiers", "Cuirassiers",
            &[(&["light_cavalry"], &[], false, D), (&["artillery"], &[], true, D),
              (&[], &[], false, R)],
            &[(&[], &[], false, D)]),
        ("dragoons", "Dragoons",
            &[(&["artillery"], &[], true, D), (&[], &["rough"], false, D), (&[], &[], false, R)],
            &[(&[], &[], false, D)]),
        ("light_cavalry", "Light Cavalry or Lancers",
            &[(&[], &["rough"], false, D), (&[], &[], false, R)],
            &[(&["cavalry"], &[], false, D), (&[], &["rough"], false, D), (&[], &[], false, F)]),
        ("artillery", "Artillery",
            &[(&[], &[], true, D), (&[], &[], false, R)],
            &[(&[], &[], false, D)]),
    ];
    assert_eq!(v.sheet.results.len(), rows.len());
    for (key, name, mth, hol) in rows {
        let row = &v.sheet.results[key];
        assert_eq!(row.name, name);
        for (cells, want) in [(&row.more_than_half, mth), (&row.half_or_less, hol)] {
            let got: Vec<(Vec<&str>, Vec<&str>, bool, Outcome)> = cells
                .iter()
                .map(|c| {
                    (
                        c.by.iter().map(String::as_str).collect(),
                        c.terrain.iter().map(String::as_str).collect(),
                        c.contact,
                        c.result,
                    )
                })
                .collect();
            let want: Vec<(Vec<&str>, Vec<&str>, bool, Outcome)> = want
                .iter()
                .map(|(b, t, c, r)| (b.to_vec(), t.to_vec(), *c, *r))
                .collect();
            assert_eq!(got, want, "{key}");
        }
    }
}

#[test]
fn vv_lg_paces_every_distance_of_the_sheet_in_hexes() {
    // (the sheet's words, paces, the largest hex distance "within" them: N/100 + 1)
    let table: [(&str, u32, u32); 5] = [
        ("LG light artillery, 1200", 1200, 13),
        ("LG medium artillery, 1400", 1400, 15),
        ("LG heavy artillery, 1600", 1600, 17),
        ("LG rifled muskets, 400", 400, 5),
        ("LG smooth bore muskets, 200", 200, 3),
    ];
    for (text, paces, hexes) in table {
        assert_eq!(within(paces), hexes, "{text}");
    }
    // "Target over N": beyond hex distance N/100 + 1.
    for (text, paces, first_over) in [
        ("over 800 (heavy artillery)", 800, 10),
        ("over 700 (medium artillery)", 700, 9),
        ("over 600 (light artillery)", 600, 8),
    ] {
        assert!(
            over(paces, first_over) && !over(paces, first_over - 1),
            "{text}"
        );
    }
    // The movement table's paces in whole hexes of one ground.
    for (paces, hexes) in [(500, 5), (400, 4), (300, 3), (200, 2), (100, 1)] {
        assert_eq!(move_hexes(paces), hexes, "{paces} paces");
    }
    // Every range of the sheet in the engine's bands: in range at its last hex, not beyond.
    let s = lg_duel(
        vec![
            el("sb", "us_regular", "0110", "N"),
            el("rf", "us_light_infantry", "0210", "N"),
            el("la", "us_light_artillery", "0310", "N"),
            el("ma", "us_medium_artillery", "0410", "N"),
            el("ha", "us_heavy_artillery", "0510", "N"),
        ],
        vec![el("x", "mx_regulars", "1403", "S")],
    );
    for (e, last) in [("sb", 3), ("rf", 5), ("la", 13), ("ma", 15), ("ha", 17)] {
        let i = id(&s, e);
        assert_eq!(band(&s, i, last), Some(Band::Medium), "{e} at {last}");
        assert_eq!(band(&s, i, last + 1), None, "{e} at {}", last + 1);
    }
}

// ---------------------------------------------------------------------------------------
// The variant chosen, validation

#[test]
fn vv_lg_variant_is_played_nations_tables_and_one_guard_hussars() {
    common::vv::lg_fixture(|_| {});
    // A US type on the Mexican side.
    let e = common::vv::try_lg_fixture(|v| {
        v["sides"][1]["corps"][0]["elements"][0]["type"] = json!("us_regular");
    })
    .unwrap_err();
    assert!(
        e.contains("VV LG Unit Factors: US Regular infantry is in the american table; this side's nation is 'mexican'"),
        "{e}"
    );
    // "1 element maximum" of Guard Hussars an army.
    let e = common::vv::try_lg_fixture(|v| {
        let els = v["sides"][1]["corps"][0]["elements"]
            .as_array_mut()
            .unwrap();
        els.push(el("M-12", "guard_hussars", "1303", "S"));
    })
    .unwrap_err();
    assert!(
        e.contains("\"1 element maximum\" an army; this side has 2"),
        "{e}"
    );
    // A Los Gringos type is not on the Kepis Rouge sheet: the side is read by the sheet it
    // names, and the field names the type.
    let e = common::vv::try_lg_fixture(|v| {
        v["sides"][0]["variant"] = json!("kepis-rouge");
        v["sides"][1]["variant"] = json!("kepis-rouge");
    })
    .unwrap_err();
    assert!(
        e.contains("sides[0].corps[0].elements[0].type")
            && e.contains("no type 'us_regular' in the Kepis Rouge sheet"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------
// Unit Factors: the single combat factor, weapon ranges

#[test]
fn vv_lg_single_combat_factor_for_fire_and_melee() {
    let s = lg_duel(
        vec![
            el("R", "us_regular", "0510", "N"),
            el("D", "us_dragoons", "0610", "N"),
        ],
        vec![el("A", "mx_medium_artillery", "0503", "S")],
    );
    let t = |e: &str| s.etype(id(&s, e)).unwrap();
    assert_eq!((t("R").fire, t("R").melee), (Some(4), 4));
    assert_eq!((t("D").fire, t("D").melee), (None, 4));
    assert_eq!((t("A").fire, t("A").melee), (Some(2), 2));
    // Its melee score's base is the combat factor.
    let (a, d) = kepi::engine::vae_victis::melee::scores(&s, id(&s, "R"), id(&s, "A"));
    assert_eq!((a.base, d.base), (4, 2));
}

#[test]
fn vv_lg_fire_ranges_by_weapon_rifled_and_smooth_bore_muskets() {
    let s = lg_duel(
        vec![
            el("R", "us_regular", "0510", "N"),
            el("L", "us_light_infantry", "0610", "N"),
        ],
        vec![
            el("X", "mx_regulars", "0506", "S"),
            el("Y", "mx_light_infantry", "0605", "S"),
        ],
    );
    // Smooth bore muskets 200 paces: hex distance 3; the regulars at 4 are out of range.
    let e = fire::check_target(&s, id(&s, "R"), id(&s, "X")).unwrap_err();
    assert!(
        e.to_string()
            .contains("X is out of R's range: hex distance 4 (300 paces), its longest is 3"),
        "{e}"
    );
    // Rifled muskets 400 paces: hex distance 5.
    assert_eq!(
        fire::check_target(&s, id(&s, "L"), id(&s, "Y")).unwrap(),
        Band::Medium
    );
}

// ---------------------------------------------------------------------------------------
// Tactical Factors - Fire

/// The firer's terms of `f` firing at `t`.
fn fire_keys(s: &State, f: &str, t: &str) -> Vec<(String, i32)> {
    let c = fire::combat(s, id(s, f), id(s, t), &[]).unwrap_or_else(|e| panic!("{e}"));
    keys(&c.firer.terms)
}

#[test]
fn vv_lg_fire_tactical_factors() {
    // American Regulars firing at mounted cavalry.
    let s = lg_duel(
        vec![el("R", "us_regular", "0510", "N")],
        vec![el("C", "mx_line_cavalry", "0508", "S")],
    );
    assert_eq!(
        fire_keys(&s, "R", "C"),
        k(&[("american_regular", 1), ("target_cavalry", 1)])
    );
    // The firer in square; the target in square.
    let s = lg_duel(
        vec![square(el("R", "us_regular", "0510", "N"))],
        vec![el("C", "mx_line_cavalry", "0508", "S")],
    );
    assert_eq!(
        fire_keys(&s, "R", "C"),
        k(&[
            ("american_regular", 1),
            ("target_cavalry", 1),
            ("firer_in_square", -2)
        ])
    );
    let s = lg_duel(
        vec![el("V", "us_volunteers", "0510", "N")],
        vec![square(el("X", "mx_regulars", "0508", "S"))],
    );
    assert_eq!(fire_keys(&s, "V", "X"), k(&[("target_square", 1)]));
    // Light cover (an orchard), hard cover (a redoubt, stone houses).
    let s = lg_duel(
        vec![el("V", "us_volunteers", "1207", "N")],
        vec![el("X", "mx_regulars", "1205", "S")],
    );
    assert_eq!(fire_keys(&s, "V", "X"), k(&[("soft_cover", -1)]));
    let s = lg_duel(
        vec![el("V", "us_volunteers", "0709", "N")],
        vec![el("X", "mx_regulars", "0707", "S")],
    );
    assert_eq!(fire_keys(&s, "V", "X"), k(&[("hard_cover", -2)]));
    let s = lg_duel(
        vec![el("V", "us_volunteers", "0606", "N")],
        vec![el("X", "mx_elite", "0604", "S")],
    );
    assert_eq!(fire_keys(&s, "V", "X"), k(&[("hard_cover", -2)]));
    // Enfilading fire: the firer behind the target's front line.
    let s = lg_duel(
        vec![el("V", "us_volunteers", "0508", "N")],
        vec![el("X", "mx_regulars", "0506", "N")],
    );
    assert_eq!(fire_keys(&s, "V", "X"), k(&[("enfilade", 2)]));
}

#[test]
fn vv_lg_fire_artillery_over_half_its_range() {
    // (type, target row in column 05 from 0512, the term expected)
    let cases: [(&str, &str, Option<Named>); 6] = [
        ("us_heavy_artillery", "0503", None), // 9 hexes: not over 800
        ("us_heavy_artillery", "0502", Some(("far_heavy", -1))), // 10
        ("us_medium_artillery", "0504", None), // 8: not over 700
        ("us_medium_artillery", "0503", Some(("far_medium", -1))), // 9
        ("us_light_artillery", "0505", None), // 7: not over 600
        ("us_light_artillery", "0504", Some(("far_light", -2))), // 8
    ];
    for (kind, target, want) in cases {
        let s = lg_duel(
            vec![el("A", kind, "0512", "N")],
            vec![el("X", "mx_regulars", target, "S")],
        );
        let want: Vec<(String, i32)> = want.into_iter().map(|(a, b)| (a.into(), b)).collect();
        assert_eq!(fire_keys(&s, "A", "X"), want, "{kind} at {target}");
    }
}

#[test]
fn vv_lg_supporting_overlaps_count_up_to_two() {
    let s = lg_duel(
        vec![el("R", "us_regular", "0510", "N")],
        vec![el("X", "mx_regulars", "0503", "S")],
    );
    for (supports, counted) in [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)] {
        assert_eq!(lg::overlap_terms(&s, supports, false).len(), counted);
        assert_eq!(lg::overlap_terms(&s, supports, true).len(), counted);
    }
    assert_eq!(
        lg::overlap_terms(&s, 3, true)[0].text,
        "For each supporting enemy overlap (max 2)"
    );
    // La Grande Armée counts every one.
    let lga = common::vv::position(
        (
            vec![corps(
                "I",
                ("g-fr", "0112"),
                vec![el("a", "line", "0510", "N")],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "0503", "S")],
            )],
            None,
        ),
    );
    assert_eq!(lg::overlap_terms(&lga, 3, true).len(), 3);
}

// ---------------------------------------------------------------------------------------
// Tactical Factors - Melee

fn melee_keys(s: &State, x: &str, opp: &str, attacking: bool, charged: bool) -> Vec<(String, i32)> {
    let mut s = s.clone();
    let i = id(&s, x);
    s.elements[i].charged = charged;
    keys(&lg::melee_terms(&s, i, id(&s, opp), attacking))
}

#[test]
fn vv_lg_melee_cavalry_charging_the_first_turn() {
    let s = lg_duel(
        vec![
            el("TR", "texas_rangers", "0505", "S"),
            el("DR", "us_dragoons", "0905", "S"),
            el("SP", "spy_company", "1105", "S"),
            el("I", "us_regular", "0306", "N"),
        ],
        vec![
            el("X", "mx_regulars", "0506", "N"),
            el("Y", "mx_regulars", "0906", "N"),
            el("Z", "mx_regulars", "1106", "N"),
            el("H", "guard_hussars", "0305", "S"),
            el("IR", "mx_irregular_cavalry", "0203", "S"),
        ],
    );
    // Light cavalry (Texas Rangers, the Spy company's lancers) and Irregular Mexican: +2.
    assert_eq!(
        melee_keys(&s, "TR", "X", true, true),
        k(&[("charge_light", 2)])
    );
    assert_eq!(
        melee_keys(&s, "SP", "Z", true, true),
        k(&[("charge_light", 2)])
    );
    assert_eq!(
        melee_keys(&s, "IR", "I", true, true),
        k(&[("charge_light", 2)])
    );
    // Hussars and other cavalry: +1.
    assert_eq!(
        melee_keys(&s, "H", "I", true, true),
        k(&[("charge_other", 1)])
    );
    assert_eq!(
        melee_keys(&s, "DR", "Y", true, true),
        k(&[("charge_other", 1)])
    );
    // Only in the first turn of melee (the turn it moved into contact), only attacking.
    assert_eq!(melee_keys(&s, "TR", "X", true, false), k(&[]));
    assert_eq!(melee_keys(&s, "TR", "X", false, true), k(&[]));
    // Infantry has no charge.
    assert_eq!(melee_keys(&s, "I", "H", true, true), k(&[]));
}

#[test]
fn vv_lg_melee_cavalry_charging_squares() {
    let s = lg_duel(
        vec![el("TR", "texas_rangers", "0505", "S")],
        vec![square(el("X", "mx_regulars", "0506", "N"))],
    );
    assert_eq!(
        melee_keys(&s, "TR", "X", true, true),
        k(&[("charge_light", 2), ("cavalry_v_square", -2)])
    );
    // The square defends with no deduction.
    assert_eq!(melee_keys(&s, "X", "TR", false, false), k(&[]));
}

/// The defender's and the attacker's terms: the US element `us` attacking the Mexican `mx`.
fn defending(us: Value, mx: Value) -> (Terms, Terms) {
    let s = lg_duel(vec![us], vec![mx]);
    (
        melee_keys(&s, "D", "A", false, false),
        melee_keys(&s, "A", "D", true, false),
    )
}

#[test]
fn vv_lg_melee_defending_uphill_a_village_a_fortified_position_and_rough_terrain() {
    // Cavalry defending a village: the village +1, and "A village is considered rough going
    // for cavalry": -2.
    let (d, a) = defending(
        el("A", "us_regular", "0705", "S"),
        el("D", "mx_light_cavalry", "0706", "N"),
    );
    assert_eq!(d, k(&[("defending_position", 1), ("rough", -2)]));
    assert_eq!(a, k(&[]), "the attacker has no defender's factor");
    // Infantry defending stone houses (a village): +1, not rough going for it.
    let (d, _) = defending(
        el("A", "us_regular", "0708", "N"),
        el("D", "mx_regulars", "0707", "S"),
    );
    assert_eq!(d, k(&[("defending_position", 1)]));
    // A redoubt: a fortified position, +2.
    let (d, _) = defending(
        el("A", "us_regular", "0605", "N"),
        el("D", "mx_elite", "0604", "S"),
    );
    assert_eq!(d, k(&[("fortified", 2)]));
    // Uphill (elevation 1 against 0).
    let (d, a) = defending(
        el("A", "us_regular", "1105", "S"),
        el("D", "mx_regulars", "1106", "N"),
    );
    assert_eq!(d, k(&[("defending_position", 1)]));
    assert_eq!(a, k(&[]));
    // Scrub is rough: -2, defending or attacking.
    let (d, a) = defending(
        el("A", "us_regular", "0404", "N"),
        el("D", "mx_regulars", "0403", "S"),
    );
    assert_eq!(d, k(&[("rough", -2)]));
    assert_eq!(a, k(&[]));
    let (_, a) = defending(
        el("A", "us_regular", "0403", "S"),
        el("D", "mx_regulars", "0404", "N"),
    );
    assert_eq!(a, k(&[("rough", -2)]));
}

// ---------------------------------------------------------------------------------------
// Special Rules: squares, villages, light and irregular cavalry; VV 8.4 American Dragoons

#[test]
fn vv_lg_squares_only_american_regulars_form_square_and_move_militia_pay_two() {
    let s = lg_duel(
        vec![
            el("R", "us_regular", "0510", "N"),
            el("R2", "us_regular", "0410", "N"),
            el("V", "us_volunteers", "0610", "N"),
        ],
        vec![
            el("M", "mx_militia", "0503", "S"),
            el("M2", "mx_militia", "0603", "S"),
        ],
    );
    let s = {
        let mut x = s;
        let g = id(&x, "g-us");
        x.elements[g].hex = Some(x.setup().grid.parse("0512").unwrap());
        let g = id(&x, "g-mx");
        x.elements[g].hex = Some(x.setup().grid.parse("0501").unwrap());
        x
    };
    // The United States move first with 6 AP.
    let us = opened(&s, &[3, 3], 0, &[6]);
    let ap = |s: &State| s.corps[0].ap;
    // A US Regular moves and forms square in the same turn.
    let (t, _) = play(
        &us,
        json!({"kind": "move", "element": "R", "to": "0509", "facing": "N"}),
        &[],
    );
    let (t, ev) = play(&t, json!({"kind": "square", "element": "R"}), &[]);
    assert!(
        notes(&ev).contains("R forms square (1 AP"),
        "{}",
        notes(&ev)
    );
    assert_eq!(ap(&t), 4);
    // ... or forms square and then moves (as a square: 100 paces, one hex).
    let (t, _) = play(&t, json!({"kind": "square", "element": "R2"}), &[]);
    let (t, _) = play(
        &t,
        json!({"kind": "move", "element": "R2", "to": "0409", "facing": "N"}),
        &[],
    );
    assert_eq!(hex_of(&t, "R2").as_deref(), Some("0409"));
    assert!(t.elements[id(&t, "R2")].square);
    // Once each.
    let e = refused(&t, json!({"kind": "line", "element": "R2"}));
    assert!(e.contains("has acted this phase"), "{e}");
    // Volunteers may not.
    let (t, _) = play(
        &t,
        json!({"kind": "move", "element": "V", "to": "0609", "facing": "N"}),
        &[],
    );
    let e = refused(&t, json!({"kind": "square", "element": "V"}));
    assert!(
        e.contains("\"Only Regular American Infantry may form square and move in the same turn\""),
        "{e}"
    );
    // Mexico's Militia: 2 AP to form square (and to form line again).
    let mx = opened(&s, &[3, 3], 1, &[3]);
    let (t, ev) = play(&mx, json!({"kind": "square", "element": "M"}), &[]);
    assert!(
        notes(&ev).contains("M forms square (2 AP"),
        "{}",
        notes(&ev)
    );
    assert_eq!(t.corps[1].ap, 1);
    let e = refused(&t, json!({"kind": "square", "element": "M2"}));
    assert!(e.contains("has 1 AP left; M2 needs 2"), "{e}");
    // A militia square, formed, may not move in the same turn.
    let e = refused(
        &t,
        json!({"kind": "move", "element": "M", "to": "0504", "facing": "S"}),
    );
    assert!(e.contains("has acted this phase"), "{e}");
}

#[test]
fn vv_lg_movement_difficult_ground_in_the_rough_column_and_no_square_in_rough() {
    let s = lg_duel(
        vec![
            el("H", "us_heavy_artillery", "0510", "N"),
            el("I", "us_volunteers", "0610", "N"),
        ],
        vec![el("X", "mx_regulars", "0503", "S")],
    );
    let h = id(&s, "H");
    let grid = s.setup().grid;
    // Heavy artillery "-" in rough: not into scrub (rough) nor the town (difficult).
    assert!(!passable(&s, h, grid.parse("0403").unwrap()));
    assert!(!passable(&s, h, grid.parse("0707").unwrap()));
    assert!(
        passable(&s, h, grid.parse("0604").unwrap()),
        "a redoubt is clear going"
    );
    // Infantry enters the town at its rough rate; a square may not.
    let i = id(&s, "I");
    assert!(passable(&s, i, grid.parse("0707").unwrap()));
    let mut sq = s.clone();
    sq.elements[i].square = true;
    assert!(!passable(&sq, i, grid.parse("0707").unwrap()));
    assert!(!passable(&sq, i, grid.parse("0403").unwrap()));
}

#[test]
fn vv_lg_light_and_irregular_cavalry_are_treated_the_same() {
    let v = tables::variant("los-gringos").unwrap();
    let (lc, ir) = (
        v.element_type("mx_light_cavalry").unwrap(),
        v.element_type("mx_irregular_cavalry").unwrap(),
    );
    assert_eq!(
        (&lc.move_row, &lc.results, lc.cavalry),
        (&ir.move_row, &ir.results, ir.cavalry)
    );
    // Cuirassiers "Destroyed by Light cavalry": by irregular cavalry too.
    let s = lg_duel(
        vec![el("T", "us_regular", "0510", "N")],
        vec![
            el("C", "mx_cuirassiers", "0505", "S"),
            el("IR", "mx_irregular_cavalry", "0605", "S"),
        ],
    );
    // (a Mexican element beaten by a Mexican one only to read the row: the table names the
    // winner's kind, not its side)
    assert_eq!(
        result(&s, id(&s, "C"), id(&s, "IR"), Severity::MoreThanHalf, true),
        Outcome::Destroyed
    );
    assert_eq!(
        result(&s, id(&s, "C"), id(&s, "T"), Severity::MoreThanHalf, true),
        Outcome::Recoil
    );
}

#[test]
fn vv_lg_results_by_the_table_rows() {
    let s = lg_duel(
        vec![
            el("vol", "us_volunteers", "0403", "N"),
            el("vol2", "us_volunteers", "0510", "N"),
            el("vol3", "us_volunteers", "0706", "N"),
            el("li", "us_light_infantry", "0303", "N"),
            el("li2", "us_light_infantry", "0512", "N"),
            el("tr", "texas_rangers", "0901", "N"),
            el("dr", "us_dragoons", "1104", "N"),
            el("dr2", "us_dragoons", "0902", "N"),
            el("la", "us_light_artillery", "0903", "N"),
            el("sp", "spy_company", "0707", "N"),
        ],
        vec![
            el("cu", "mx_cuirassiers", "0101", "S"),
            el("mli", "mx_light_infantry", "0102", "S"),
            el("mlc", "mx_light_cavalry", "0103", "S"),
            el("mreg", "mx_regulars", "0104", "S"),
            el("irr", "mx_irregular_cavalry", "1204", "S"),
            el("irr2", "mx_irregular_cavalry", "0105", "S"),
            el("lc", "mx_line_cavalry", "1310", "S"),
            el("ma", "mx_medium_artillery", "0106", "S"),
        ],
    );
    use Outcome::{Destroyed as D, Flee as F, Recoil as R};
    use Severity::{HalfOrLess as H, MoreThanHalf as M};
    // (loser, winner, severity, contact, result, the cell's words)
    #[rustfmt::skip]
    let cases: [(&str, &str, Severity, bool, Outcome, &str); 30] = [
        ("vol", "cu", M, true, D, "Infantry: destroyed by Cuirassiers in broken terrain (scrub)"),
        ("vol2", "cu", M, true, R, "Infantry: otherwise recoil (clear)"),
        ("vol3", "cu", M, true, R, "Infantry in a village: not broken for infantry"),
        ("vol", "lc", M, true, R, "Infantry: by line cavalry, not Cuirassiers"),
        ("vol2", "mreg", H, true, D, "Infantry: half or less, destroyed"),
        ("li", "cu", M, true, D, "Light Infantry: destroyed by Cuirassiers in broken terrain"),
        ("li2", "cu", M, true, R, "Light Infantry: otherwise recoil"),
        ("li", "mlc", H, true, D, "Light Infantry: destroyed by Cavalry in broken terrain"),
        ("li2", "mlc", H, true, F, "Light Infantry: by cavalry in the clear, flee"),
        ("li2", "mli", H, false, D, "Light Infantry: destroyed by Light Infantry"),
        ("li", "mreg", H, true, F, "Light Infantry: otherwise flee"),
        ("cu", "tr", M, true, D, "Cuirassiers: destroyed by Light cavalry"),
        ("cu", "la", M, true, D, "Cuirassiers: destroyed by Artillery in contact"),
        ("cu", "la", M, false, R, "Cuirassiers: artillery not in contact, recoil"),
        ("cu", "vol2", M, true, R, "Cuirassiers: otherwise recoil"),
        ("cu", "vol2", H, true, D, "Cuirassiers: half or less, destroyed"),
        ("dr2", "ma", M, true, D, "Dragoons: destroyed by Artillery in contact"),
        ("dr2", "ma", M, false, R, "Dragoons: artillery not in contact, recoil"),
        ("dr", "mreg", M, true, D, "Dragoons: destroyed in broken terrain"),
        ("lc", "vol2", M, true, D, "Mexican Line cavalry, the Dragoons row: broken terrain"),
        ("dr2", "mreg", H, true, D, "Dragoons: half or less, destroyed"),
        ("tr", "mreg", M, true, R, "Light Cavalry: otherwise recoil"),
        ("sp", "mreg", M, true, D, "Lancers in a village (rough going for cavalry): destroyed"),
        ("tr", "mlc", H, true, D, "Light Cavalry: half or less, destroyed by Cavalry"),
        ("tr", "mreg", H, true, F, "Light Cavalry: otherwise flee"),
        ("irr", "vol2", M, true, D, "Irregular (as light): destroyed in broken terrain"),
        ("irr2", "vol2", H, true, F, "Irregular (as light): otherwise flee"),
        ("la", "mreg", M, true, D, "Artillery: destroyed on contact"),
        ("la", "mreg", M, false, R, "Artillery: otherwise recoil"),
        ("la", "mreg", H, false, D, "Artillery: half or less, destroyed"),
    ];
    for (loser, winner, sev, contact, want, words) in cases {
        assert_eq!(
            result(&s, id(&s, loser), id(&s, winner), sev, contact),
            want,
            "{words}"
        );
    }
}

#[test]
fn vv_lg_american_dragoons_pursue_automatically() {
    // (the winner, its result against militia with dice 1 and 2 or 2 and 2)
    for (kind, faces, must) in [
        ("us_dragoons", [1u8, 2], true),
        ("texas_rangers", [2, 2], false),
    ] {
        let s = lg_duel(
            vec![el("W", kind, "0505", "S")],
            vec![el("X", "mx_militia", "0506", "N")],
        );
        let s = opened(&s, &[3, 3], 0, &[3]);
        let (s, _) = play(&s, json!({"kind": "end"}), &[]);
        let (s, _) = play(&s, json!({"kind": "end"}), &[]);
        // W: die + 4 (or 3); X: die + 2; more than half: the militia recoils.
        let (s, ev) = play(
            &s,
            json!({"kind": "melee", "element": "W", "target": "X"}),
            &faces,
        );
        assert_eq!(hex_of(&s, "X").as_deref(), Some("0507"), "{}", notes(&ev));
        if must {
            assert_eq!(hex_of(&s, "W").as_deref(), Some("0506"));
            assert!(s.pursuit.is_none());
            assert!(
                notes(&ev).contains("pursuit is obligatory for American Dragoons (Los Gringos)"),
                "{}",
                notes(&ev)
            );
        } else {
            assert_eq!(hex_of(&s, "W").as_deref(), Some("0505"));
            assert!(s.pursuit.is_some(), "pursuit is optional for other troops");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Whole games

#[test]
fn vv_lg_random_games_keep_the_invariants_and_replay_hash_for_hash() {
    let sc = common::vv::lg_fixture(|_| {});
    let (finished, played) = common::vv::random_games(&sc, 1..=12);
    assert_eq!(finished, 12, "every game ends");
    let melees = played
        .iter()
        .filter(|c| matches!(c, Command::Melee { .. }))
        .count();
    let squares = played
        .iter()
        .filter(|c| matches!(c, Command::Square { .. }))
        .count();
    assert!(melees > 0, "random games fight melees");
    assert!(squares > 0, "random games form squares");
}

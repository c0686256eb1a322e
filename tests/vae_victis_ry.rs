//! Vae Victis, Rebel Yell (the American Civil War): its Quick Reference Sheet, one test a rule
//! named `vv_ry_<heading>_...`, the tables checked cell by cell against a transcription made by
//! hand here from the sheet (not read from `data/rebel-yell.json`), every distance of the sheet
//! in hexes, the cavalry that mounts and dismounts (VV 5.6), and seeded random games of the
//! Rebel Yell fixture (`tests/fixtures/vae-victis/scenarios/vv-rebel-yell.json`, on the
//! vv-wilderness map with woods). docs/rules/vae-victis.md lists the readings.
//!
//! vv-wilderness: woods (forest) at 0303 0403 0304 0404 0504 0405 0505 1105 1205 1006 1106 1206
//! 1007 1107 0109 0209 0110 0210; a redoubt at 0704 0804; stone houses at 0706; hedges at 0307
//! 0308 0408; scrub at 1103 1203; walls at 1310 1410; a rise (elevation 1) at 1106 1206 1107
//! 1207; column 06 clear from end to end.

use crate::common;

use common::vv::{RY_FIXTURE, corps, el, id, notes, opened, play, position_in, refused};
use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::combat::{Severity, result};
use kepi::engine::vae_victis::fire::{self, Band, band};
use kepi::engine::vae_victis::lg;
use kepi::engine::vae_victis::movement::step_share;
use kepi::engine::vae_victis::paces::{WHOLE_MOVE, move_hexes, over, within};
use kepi::engine::vae_victis::results::passable;
use kepi::engine::vae_victis::ry::under;
use kepi::engine::vae_victis::state::{Command, State};
use kepi::engine::vae_victis::tables::{self, Outcome, TroopClass};
use serde_json::{Value, json};

/// One corps a side, no C-in-C: the Union's general at 0112, the Confederacy's at 1401.
fn ry_duel(union: Vec<Value>, confederacy: Vec<Value>) -> State {
    position_in(
        RY_FIXTURE,
        (vec![corps("U", ("g-u", "0112"), union)], None),
        (vec![corps("C", ("g-c", "1401"), confederacy)], None),
    )
}

/// A unit's row: type, combat, unit cost, figures, class, movement row, range row, results
/// row, counterpart.
type Unit = (
    &'static str,
    i32,
    u32,
    Option<u32>,
    TroopClass,
    &'static str,
    Option<&'static str>,
    &'static str,
    Option<&'static str>,
);

/// Terms by key and value.
type Terms = Vec<(String, i32)>;

/// A results cell: (contact, result) clauses, the first that holds.
type Cell = &'static [(bool, Outcome)];

/// A tactical factor by key and value.
type Named = &'static [(&'static str, i32)];

use common::vv::{k, keys};

// ---------------------------------------------------------------------------------------
// The sheet, cell by cell

#[test]
fn vv_ry_sheet_cell_by_cell() {
    use TroopClass::{Artillery as A, Cavalry as C, Infantry as I, Skirmishers as S};
    let v = tables::variant("rebel-yell").unwrap();
    // Unit Factors (combat, unit cost, figures per element), each infantry quality with either
    // musket of the Fire Ranges, cavalry with carbines or shotguns and pistols, mounted or
    // dismounted; "* 1 artillery piece plus crew" (no figures).
    #[rustfmt::skip]
    let units: [Unit; 14] = [
        ("inexperienced", 2, 2, Some(5), I, "infantry", Some("rifled_muskets"), "infantry", None),
        ("experienced", 3, 3, Some(4), I, "infantry", Some("rifled_muskets"), "infantry", None),
        ("veteran", 4, 4, Some(3), I, "infantry", Some("rifled_muskets"), "infantry", None),
        ("inexperienced_smooth_bore", 2, 2, Some(5), I, "infantry", Some("smooth_bore_muskets"), "infantry", None),
        ("experienced_smooth_bore", 3, 3, Some(4), I, "infantry", Some("smooth_bore_muskets"), "infantry", None),
        ("veteran_smooth_bore", 4, 4, Some(3), I, "infantry", Some("smooth_bore_muskets"), "infantry", None),
        ("sharpshooters", 2, 3, Some(2), S, "sharpshooters_dismounted", Some("sharpshooters"), "sharpshooters", None),
        ("cavalry", 2, 3, Some(3), C, "cavalry", None, "cavalry_mounted", Some("dismounted_cavalry")),
        ("cavalry_shotguns", 2, 3, Some(3), C, "cavalry", None, "cavalry_mounted", Some("dismounted_cavalry_shotguns")),
        ("dismounted_cavalry", 2, 3, Some(3), I, "sharpshooters_dismounted", Some("carbines"), "dismounted_cavalry", Some("cavalry")),
        ("dismounted_cavalry_shotguns", 2, 3, Some(3), I, "sharpshooters_dismounted", Some("shotguns_pistols"), "dismounted_cavalry", Some("cavalry_shotguns")),
        ("light_smooth_bore", 2, 3, None, A, "light_artillery", Some("light_smooth_bore"), "artillery", None),
        ("field_rifled", 2, 3, None, A, "field_artillery", Some("field_rifled"), "artillery", None),
        ("field_smooth_bore", 3, 4, None, A, "field_artillery", Some("field_smooth_bore"), "artillery", None),
    ];
    assert_eq!(v.sheet.types.len(), units.len());
    for (key, combat, cost, figures, class, mv, range, res, other) in units {
        let t = v.element_type(key).unwrap_or_else(|| panic!("{key}"));
        let fire = range.map(|_| combat);
        assert_eq!(
            (
                t.melee,
                t.fire,
                t.cost,
                t.figures,
                t.class,
                t.move_row.as_str(),
                t.range.as_deref(),
                t.results.as_str(),
                t.counterpart.as_deref()
            ),
            (combat, fire, cost, figures, class, mv, range, res, other),
            "{key}"
        );
        assert_eq!(t.charge, 0, "{key}: RY has no charge column");
        assert!(!t.square, "{key}: RY forms no squares");
    }
    // Tags: breech-loading carbines, shotguns and pistols.
    let tagged = |tag: &str| {
        v.sheet
            .types
            .iter()
            .filter(|t| t.has(tag))
            .map(|t| t.key.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(tagged("breech_loading"), ["dismounted_cavalry"]);
    assert_eq!(
        tagged("shotguns_pistols"),
        ["cavalry_shotguns", "dismounted_cavalry_shotguns"]
    );
    // Movement Table: road, clear, rough, forest ("-" as None).
    assert_eq!(
        v.sheet.movement_columns,
        ["road", "clear", "rough", "forest"]
    );
    #[rustfmt::skip]
    let moves: [(&str, [Option<u32>; 4]); 6] = [
        ("general", [Some(500), Some(500), Some(400), Some(300)]),
        ("infantry", [Some(300), Some(200), Some(100), Some(100)]),
        ("sharpshooters_dismounted", [Some(300), Some(300), Some(200), Some(200)]),
        ("cavalry", [Some(500), Some(400), Some(300), Some(200)]),
        ("light_artillery", [Some(400), Some(300), Some(200), None]),
        ("field_artillery", [Some(300), Some(200), Some(100), None]),
    ];
    assert_eq!(v.sheet.movement.len(), moves.len());
    for (row, want) in moves {
        assert_eq!(v.sheet.movement[row], want.to_vec(), "{row}");
    }
    // Fire Ranges.
    #[rustfmt::skip]
    let ranges: [(&str, &str, u32); 8] = [
        ("light_smooth_bore", "Light smooth bore", 1200),
        ("field_smooth_bore", "Field smooth bore", 1400),
        ("field_rifled", "Field rifled", 1600),
        ("sharpshooters", "Sharpshooters", 500),
        ("rifled_muskets", "Rifled muskets", 400),
        ("carbines", "Carbines", 300),
        ("smooth_bore_muskets", "Smooth bore muskets", 200),
        ("shotguns_pistols", "Shotguns & pistols", 100),
    ];
    assert_eq!(v.sheet.ranges.len(), ranges.len());
    for (key, name, paces) in ranges {
        let r = &v.sheet.ranges[key];
        assert_eq!(
            (r.name.as_str(), r.short, r.medium, r.long),
            (name, None, Some(paces), None),
            "{key}"
        );
    }
    let cut = v.sheet.range_reduction.as_ref().unwrap();
    assert_eq!(
        (cut.text.as_str(), cut.paces, cut.place.as_str()),
        ("All ranges reduced by 200 in forest", 200, "forest")
    );
    assert!(v.sheet.is_place("forest", "woods"));
    assert!(v.sheet.is_place("fortified", "redoubt"));
    // Tactical Factors - Fire.
    #[rustfmt::skip]
    let fire: [(&str, &str, i32); 11] = [
        ("enfilade", "Enfilading fire", 2),
        ("breech_loading", "Firing breech loading weapons", 1),
        ("smooth_bore_muskets", "Firing smooth bore muskets", 1),
        ("target_cavalry", "Target is mounted cavalry", 1),
        ("near_artillery", "Target less than 300 (artillery)", 1),
        ("far_rifled", "Target more than 200 (rifled muskets and carbines)", -1),
        ("soft_cover", "Target in light cover", -1),
        ("hard_cover", "Target is in hard cover", -2),
        ("half_smooth_bore", "Target over half range (smoothbore artillery)", -2),
        ("half_rifled", "Target over half range (rifled artillery)", -1),
        ("overlap", "For each supporting enemy overlap (max 2)", -1),
    ];
    let got: Vec<(&str, &str, i32)> = v
        .sheet
        .fire_factors
        .iter()
        .map(|f| (f.key.as_str(), f.text.as_str(), f.value.unwrap()))
        .collect();
    assert_eq!(got, fire);
    // ... and the weapons and distances they name.
    let named = |key: &str| {
        let f = v.sheet.fire_factors.iter().find(|f| f.key == key).unwrap();
        (
            f.ranges.iter().map(String::as_str).collect::<Vec<_>>(),
            f.under,
            f.over,
            f.over_half,
        )
    };
    let artillery = vec!["light_smooth_bore", "field_smooth_bore", "field_rifled"];
    assert_eq!(
        named("smooth_bore_muskets"),
        (vec!["smooth_bore_muskets"], None, None, false)
    );
    assert_eq!(named("near_artillery"), (artillery, Some(300), None, false));
    assert_eq!(
        named("far_rifled"),
        (vec!["rifled_muskets", "carbines"], None, Some(200), false)
    );
    assert_eq!(
        named("half_smooth_bore"),
        (
            vec!["light_smooth_bore", "field_smooth_bore"],
            None,
            None,
            true
        )
    );
    assert_eq!(
        named("half_rifled"),
        (vec!["field_rifled"], None, None, true)
    );
    assert_eq!(v.sheet.max_overlaps, Some(2));
    // Tactical Factors - Melee (and the core's demoralised corps, VV 9).
    #[rustfmt::skip]
    let melee: [(&str, &str, i32); 10] = [
        ("general_attached", "General attached to unit", 1),
        ("rear_support", "Rear support (see 8.3)", 1),
        ("defending_position", "Defending a crest line or river", 1),
        ("higher", "Higher than adversary", 1),
        ("fortified", "Defending a fortified position", 2),
        ("shotguns_pistols", "Shotguns/pistols (mainly Confederate cavalry)", 1),
        ("flank_rear", "Flank or rear attack", -2),
        ("rough", "In rough terrain", -2),
        ("overlap", "For each supporting enemy overlap (max 2)", -1),
        ("demoralised", "Demoralised corps, in attack (VV 9)", -1),
    ];
    let got: Vec<(&str, &str, i32)> = v
        .sheet
        .melee_factors
        .iter()
        .map(|f| (f.key.as_str(), f.text.as_str(), f.value.unwrap()))
        .collect();
    assert_eq!(got, melee);
    // Combat Results Table: (row, name, more than half, half or less) as (contact, result)
    // clauses, the first that holds.
    use Outcome::{Destroyed as D, Flee as F, Recoil as R};
    #[rustfmt::skip]
    let rows: [(&str, &str, Cell, Cell); 5] = [
        ("infantry", "Infantry", &[(false, R)], &[(false, D)]),
        ("dismounted_cavalry", "Dismounted Cavalry", &[(false, R)], &[(false, D)]),
        ("sharpshooters", "Sharpshooters", &[(false, R)], &[(true, D), (false, F)]),
        ("cavalry_mounted", "Cavalry mounted", &[(true, D), (false, R)], &[(false, D)]),
        ("artillery", "Artillery", &[(true, D), (false, R)], &[(false, D)]),
    ];
    assert_eq!(v.sheet.results.len(), rows.len());
    for (key, name, mth, hol) in rows {
        let row = &v.sheet.results[key];
        assert_eq!(row.name, name);
        for (cells, want) in [(&row.more_than_half, mth), (&row.half_or_less, hol)] {
            let got: Vec<(bool, Outcome)> = cells
                .iter()
                .map(|c| {
                    assert!(c.by.is_empty() && c.terrain.is_empty(), "{key}");
                    (c.contact, c.result)
                })
                .collect();
            assert_eq!(got, want.to_vec(), "{key}");
        }
    }
}

#[test]
fn vv_ry_tables_printed_by_kepi_tables() {
    let files: Vec<&str> = tables::FILES.iter().map(|f| f.0).collect();
    assert!(files.contains(&"rebel-yell.json"), "{files:?}");
    assert_eq!(
        VaeVictis.table_files().len(),
        tables::FILES.len(),
        "`kepi tables --ruleset vae-victis` prints every embedded file"
    );
}

#[test]
fn vv_ry_paces_every_distance_of_the_sheet_in_hexes() {
    // (the sheet's words, paces, the largest hex distance "within" them: N/100 + 1)
    #[rustfmt::skip]
    let table: [(&str, u32, u32); 8] = [
        ("RY light smooth bore, 1200", 1200, 13),
        ("RY field smooth bore, 1400", 1400, 15),
        ("RY field rifled, 1600", 1600, 17),
        ("RY sharpshooters, 500", 500, 6),
        ("RY rifled muskets, 400", 400, 5),
        ("RY carbines, 300", 300, 4),
        ("RY smooth bore muskets, 200", 200, 3),
        ("RY shotguns & pistols, 100", 100, 2),
    ];
    for (text, paces, hexes) in table {
        assert_eq!(within(paces), hexes, "{text}");
    }
    // "Target less than 300": a gap of 200 paces at most, hex distance 3.
    assert!(under(300, 3) && !under(300, 4));
    // "Target more than 200": hex distance 4 on.
    assert!(over(200, 4) && !over(200, 3));
    // "over half range": 600 (light smooth bore) from 8, 700 (field smooth bore) from 9, 800
    // (field rifled) from 10.
    for (paces, first_over) in [(600, 8), (700, 9), (800, 10)] {
        assert!(over(paces, first_over) && !over(paces, first_over - 1));
    }
    for (paces, hexes) in [(500, 5), (400, 4), (300, 3), (200, 2), (100, 1)] {
        assert_eq!(move_hexes(paces), hexes, "{paces} paces");
    }
    // Every range of the sheet in the engine's bands, from the clear southern row.
    let s = ry_duel(
        vec![
            el("ss", "sharpshooters", "0212", "N"),
            el("rm", "experienced", "0312", "N"),
            el("cb", "dismounted_cavalry", "0412", "N"),
            el("sb", "experienced_smooth_bore", "0512", "N"),
            el("sg", "dismounted_cavalry_shotguns", "0612", "N"),
            el("ls", "light_smooth_bore", "0712", "N"),
            el("fs", "field_smooth_bore", "0812", "N"),
            el("fr", "field_rifled", "0912", "N"),
        ],
        vec![el("x", "experienced", "1402", "S")],
    );
    for (e, last) in [
        ("ss", 6),
        ("rm", 5),
        ("cb", 4),
        ("sb", 3),
        ("sg", 2),
        ("ls", 13),
        ("fs", 15),
        ("fr", 17),
    ] {
        let i = id(&s, e);
        assert_eq!(band(&s, i, last), Some(Band::Medium), "{e} at {last}");
        assert_eq!(band(&s, i, last + 1), None, "{e} at {}", last + 1);
    }
}

#[test]
fn vv_ry_fire_ranges_reduced_by_200_in_forest() {
    // Firers in the woods at 0110, 0210, 0109, 0209.
    let s = ry_duel(
        vec![
            el("ss", "sharpshooters", "0110", "N"),
            el("rm", "experienced", "0210", "N"),
            el("sb", "experienced_smooth_bore", "0109", "N"),
            el("cb", "dismounted_cavalry", "0209", "N"),
        ],
        vec![el("x", "experienced", "1402", "S")],
    );
    // Sharpshooters 500 - 200 = 300 paces: hex distance 4; rifled muskets 400 - 200: 3;
    // carbines 300 - 200: 2 (the next hex, in contact: none in fact); smooth bore muskets
    // 200 - 200: nothing left.
    for (e, last) in [("ss", 4), ("rm", 3), ("cb", 2)] {
        let i = id(&s, e);
        assert_eq!(band(&s, i, last), Some(Band::Medium), "{e} at {last}");
        assert_eq!(band(&s, i, last + 1), None, "{e} at {}", last + 1);
    }
    assert_eq!(band(&s, id(&s, "sb"), 2), None);
    assert_eq!(fire::max_range(&s, id(&s, "sb")), 0);
    // The same rifled muskets out of the woods reach 5.
    let s = ry_duel(
        vec![el("rm", "experienced", "0310", "N")],
        vec![el("x", "experienced", "1402", "S")],
    );
    assert_eq!(band(&s, id(&s, "rm"), 5), Some(Band::Medium));
}

// ---------------------------------------------------------------------------------------
// The variant chosen, validation

#[test]
fn vv_ry_variant_is_played_and_an_unknown_variant_refused_by_name() {
    let sc = common::vv::ry_fixture(|_| {});
    let s = VaeVictis.start(&sc, &Default::default()).unwrap();
    assert_eq!(s.setup().variant.sheet.sheet, "RY");
    // A Los Gringos type is not on the sheet.
    let e = common::vv::try_ry_fixture(|v| {
        v["sides"][0]["corps"][0]["elements"][0]["type"] = json!("us_regular");
    })
    .unwrap_err();
    assert!(e.contains("us_regular"), "{e}");
    // A variant no sheet names is refused by its field.
    let e = common::vv::try_ry_fixture(|v| {
        v["sides"][0]["variant"] = json!("rebel-yelp");
        v["sides"][1]["variant"] = json!("rebel-yelp");
    })
    .unwrap_err();
    assert!(
        e.contains("sides[1].variant") && e.contains("no variant 'rebel-yelp'"),
        "{e}"
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
fn vv_ry_fire_smooth_bore_muskets_at_mounted_and_dismounted_cavalry() {
    let s = ry_duel(
        vec![
            el("S", "experienced_smooth_bore", "0610", "N"),
            el("S2", "experienced_smooth_bore", "0910", "N"),
        ],
        vec![
            el("M", "cavalry", "0608", "S"),
            el("D", "dismounted_cavalry", "0908", "S"),
        ],
    );
    assert_eq!(
        fire_keys(&s, "S", "M"),
        k(&[("smooth_bore_muskets", 1), ("target_cavalry", 1)])
    );
    // Dismounted cavalry is no mounted target.
    assert_eq!(fire_keys(&s, "S2", "D"), k(&[("smooth_bore_muskets", 1)]));
}

#[test]
fn vv_ry_fire_breech_loading_carbines_and_rifles_over_200() {
    let s = ry_duel(
        vec![
            el("B", "dismounted_cavalry", "0610", "N"),
            el("R", "veteran", "0910", "N"),
        ],
        vec![
            el("X", "experienced", "0606", "S"),
            el("Y", "experienced", "0907", "S"),
        ],
    );
    // Carbines at hex distance 4 (300 paces): breech-loading +1, more than 200 -1.
    assert_eq!(
        fire_keys(&s, "B", "X"),
        k(&[("breech_loading", 1), ("far_rifled", -1)])
    );
    // Rifled muskets at 3 (200 paces): not more than 200.
    assert_eq!(fire_keys(&s, "R", "Y"), k(&[]));
    let s = ry_duel(
        vec![el("R", "veteran", "0910", "N")],
        vec![el("Y", "experienced", "0906", "S")],
    );
    assert_eq!(fire_keys(&s, "R", "Y"), k(&[("far_rifled", -1)]));
}

#[test]
fn vv_ry_fire_artillery_under_300_and_over_half_range() {
    // (gun, target's hex, the firer's terms) from 0612 up the clear column 06.
    #[rustfmt::skip]
    let cases: [(&str, &str, Named); 9] = [
        ("light_smooth_bore", "0610", &[("near_artillery", 1)]),
        ("light_smooth_bore", "0609", &[("near_artillery", 1)]),
        ("light_smooth_bore", "0608", &[]),
        ("light_smooth_bore", "0605", &[]),
        ("light_smooth_bore", "0604", &[("half_smooth_bore", -2)]),
        ("field_smooth_bore", "0604", &[]),
        ("field_smooth_bore", "0603", &[("half_smooth_bore", -2)]),
        ("field_rifled", "0603", &[]),
        ("field_rifled", "0602", &[("half_rifled", -1)]),
    ];
    for (gun, at, want) in cases {
        let s = ry_duel(
            vec![el("G", gun, "0612", "N")],
            vec![el("X", "experienced", at, "S")],
        );
        assert_eq!(fire_keys(&s, "G", "X"), k(want), "{gun} at {at}");
    }
}

#[test]
fn vv_ry_fire_light_and_hard_cover_and_enfilade() {
    // Hedges (light cover), stone houses and a redoubt (hard cover).
    for (firer, target, want) in [
        ("0310", "0308", ("soft_cover", -1)),
        ("0708", "0706", ("hard_cover", -2)),
        ("0806", "0804", ("hard_cover", -2)),
    ] {
        let s = ry_duel(
            vec![el("R", "veteran", firer, "N")],
            vec![el("X", "experienced", target, "S")],
        );
        assert_eq!(fire_keys(&s, "R", "X"), k(&[want]), "{target}");
    }
    // Enfilading fire: the firer behind the target's front line.
    let s = ry_duel(
        vec![el("R", "veteran", "0508", "N")],
        vec![el("X", "experienced", "0506", "N")],
    );
    assert_eq!(fire_keys(&s, "R", "X"), k(&[("enfilade", 2)]));
}

#[test]
fn vv_ry_supporting_overlaps_count_up_to_two() {
    let s = ry_duel(
        vec![el("R", "veteran", "0510", "N")],
        vec![el("X", "experienced", "0503", "S")],
    );
    for (supports, counted) in [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)] {
        assert_eq!(lg::overlap_terms(&s, supports, false).len(), counted);
        assert_eq!(lg::overlap_terms(&s, supports, true).len(), counted);
    }
}

// ---------------------------------------------------------------------------------------
// Tactical Factors - Melee

fn melee_keys(s: &State, x: &str, opp: &str, attacking: bool) -> Vec<(String, i32)> {
    keys(&lg::melee_terms_of(s, id(s, x), id(s, opp), attacking))
}

/// The defender's and the attacker's terms: the Union element `a` attacking the Confederate
/// `d`.
fn defending(a: Value, d: Value) -> (Terms, Terms) {
    let s = ry_duel(vec![a], vec![d]);
    (
        melee_keys(&s, "D", "A", false),
        melee_keys(&s, "A", "D", true),
    )
}

#[test]
fn vv_ry_melee_shotguns_and_pistols() {
    let (d, a) = defending(
        el("A", "cavalry_shotguns", "0605", "N"),
        el("D", "experienced", "0604", "S"),
    );
    assert_eq!(a, k(&[("shotguns_pistols", 1)]));
    assert_eq!(d, k(&[]));
    // Carbines carry no such factor.
    let (_, a) = defending(
        el("A", "cavalry", "0605", "N"),
        el("D", "experienced", "0604", "S"),
    );
    assert_eq!(a, k(&[]));
}

#[test]
fn vv_ry_melee_fortified_higher_and_rough_or_forest() {
    // A redoubt: a fortified position, +2 to its defender.
    let (d, a) = defending(
        el("A", "veteran", "0805", "N"),
        el("D", "experienced", "0804", "S"),
    );
    assert_eq!(d, k(&[("fortified", 2)]));
    assert_eq!(a, k(&[]));
    // Higher than adversary (elevation 1 against 0), defending or attacking.
    let (d, a) = defending(
        el("A", "veteran", "1208", "N"),
        el("D", "experienced", "1207", "S"),
    );
    assert_eq!(d, k(&[("higher", 1)]));
    assert_eq!(a, k(&[]));
    let (d, a) = defending(
        el("A", "veteran", "1207", "S"),
        el("D", "experienced", "1208", "N"),
    );
    assert_eq!(a, k(&[("higher", 1)]));
    assert_eq!(d, k(&[]));
    // In rough terrain (scrub) and, Kepi's reading, in forest: -2.
    let (d, _) = defending(
        el("A", "veteran", "1104", "N"),
        el("D", "experienced", "1103", "S"),
    );
    assert_eq!(d, k(&[("rough", -2)]));
    let (_, a) = defending(
        el("A", "veteran", "1105", "N"),
        el("D", "experienced", "1104", "S"),
    );
    assert_eq!(a, k(&[("rough", -2)]));
}

#[test]
fn vv_ry_melee_flank_or_rear_attack() {
    // D faces X at its front; A attacks it from the rear: D fights A at -2.
    let s = ry_duel(
        vec![el("D", "experienced", "0606", "N")],
        vec![
            el("X", "experienced", "0605", "S"),
            el("A", "veteran", "0607", "N"),
        ],
    );
    assert_eq!(melee_keys(&s, "D", "A", false), k(&[("flank_rear", -2)]));
    assert_eq!(melee_keys(&s, "A", "D", true), k(&[]));
    // Fighting X, at its front, D has A behind it as an overlap (VV 8.4), and no -2.
    assert_eq!(melee_keys(&s, "D", "X", false), k(&[("overlap", -1)]));
}

// ---------------------------------------------------------------------------------------
// Movement Table (the Forest column)

#[test]
fn vv_ry_movement_forest_column_and_no_artillery_in_forest() {
    let s = ry_duel(
        vec![
            el("LA", "light_smooth_bore", "0312", "N"),
            el("FA", "field_rifled", "0412", "N"),
            el("I", "experienced", "0311", "N"),
            el("SS", "sharpshooters", "0211", "N"),
            el("CV", "cavalry", "0111", "N"),
            el("DC", "dismounted_cavalry", "0511", "N"),
        ],
        vec![el("X", "experienced", "1402", "S")],
    );
    let grid = s.setup().grid;
    let woods = grid.parse("0210").unwrap();
    // Artillery "-" in forest.
    for g in ["LA", "FA"] {
        assert!(!passable(&s, id(&s, g), woods), "{g}");
    }
    // Infantry 100 paces in forest: the whole move for one hex; sharpshooters, dismounted
    // and mounted cavalry 200: half of it.
    let from = grid.parse("0211").unwrap();
    for (e, share) in [
        ("I", WHOLE_MOVE),
        ("SS", WHOLE_MOVE / 2),
        ("CV", WHOLE_MOVE / 2),
        ("DC", WHOLE_MOVE / 2),
    ] {
        assert_eq!(
            step_share(&s, id(&s, e), from, woods),
            Some(share),
            "{e} into the woods"
        );
    }
    // Stone houses (difficult ground) are moved in the Forest column too: no artillery.
    assert!(!passable(&s, id(&s, "LA"), grid.parse("0706").unwrap()));
    // Rough ground (scrub): light artillery 200 paces, field 100.
    let scrub = grid.parse("1103").unwrap();
    let near = grid.parse("1104").unwrap();
    assert_eq!(
        step_share(&s, id(&s, "LA"), near, scrub),
        Some(WHOLE_MOVE / 2)
    );
    assert_eq!(step_share(&s, id(&s, "FA"), near, scrub), Some(WHOLE_MOVE));
}

// ---------------------------------------------------------------------------------------
// VV 5.6 Dismounting/mounting cavalry (Rebel Yell)

#[test]
fn vv_ry_dismounting_and_mounting_cavalry_one_ap() {
    let s = ry_duel(
        vec![
            el("H", "cavalry", "0610", "N"),
            el("D", "dismounted_cavalry_shotguns", "0810", "N"),
            el("I", "experienced", "0410", "N"),
        ],
        vec![el("X", "experienced", "0603", "S")],
    );
    let s = opened(&s, &[3, 3], 0, &[4]);
    let ap = |s: &State| s.corps[0].ap;
    let before = ap(&s);
    let legal = VaeVictis.legal(&s);
    assert!(legal.contains(&Command::Dismount {
        element: "H".into()
    }));
    assert!(legal.contains(&Command::Mount {
        element: "D".into()
    }));
    assert!(!legal.iter().any(|c| matches!(c,
        Command::Dismount { element } | Command::Mount { element } if element == "I")));
    // Dismount: 1 AP, the element replaced by its dismounted counterpart.
    let (s, ev) = play(&s, json!({"kind": "dismount", "element": "H"}), &[]);
    assert_eq!(ap(&s), before - 1);
    let h = id(&s, "H");
    assert_eq!(s.etype(h).unwrap().key, "dismounted_cavalry");
    assert_eq!(s.class(h), TroopClass::Infantry);
    assert!(
        notes(&ev).contains("H dismounts: replaced by the element Dismounted cavalry (carbines)"),
        "{}",
        notes(&ev)
    );
    // Mount: the shotgun cavalry mounts.
    let (s, _) = play(&s, json!({"kind": "mount", "element": "D"}), &[]);
    assert_eq!(ap(&s), before - 2);
    assert_eq!(s.etype(id(&s, "D")).unwrap().key, "cavalry_shotguns");
    // Refused, with the rule named: infantry; the dismounted mounting again this phase; a
    // mounted element mounting.
    let e = refused(&s, json!({"kind": "dismount", "element": "I"}));
    assert!(
        e.contains("VV 5.6 Dismounting/mounting cavalry (RY)")
            && e.contains("I is not cavalry: only cavalry mounts and dismounts"),
        "{e}"
    );
    let e = refused(&s, json!({"kind": "mount", "element": "D"}));
    assert!(e.contains("D is mounted already"), "{e}");
    let e = refused(&s, json!({"kind": "mount", "element": "H"}));
    assert!(e.contains("has acted this phase"), "{e}");
    // A dismounted element fires with its carbines; mounted it may not fire.
    assert_eq!(s.etype(h).unwrap().fire, Some(2));
    assert_eq!(s.etype(id(&s, "D")).unwrap().fire, None);
    // Saved and restored, the element keeps its mount.
    let back = VaeVictis.restore(&s, &VaeVictis.snapshot(&s)).unwrap();
    assert_eq!(back.etype(h).unwrap().key, "dismounted_cavalry");
}

// ---------------------------------------------------------------------------------------
// Combat Results Table

#[test]
fn vv_ry_results_by_the_table_rows() {
    let s = ry_duel(
        vec![
            el("inf", "veteran", "0110", "N"),
            el("dis", "dismounted_cavalry", "0210", "N"),
            el("ss", "sharpshooters", "0310", "N"),
            el("cav", "cavalry", "0410", "N"),
            el("art", "field_rifled", "0510", "N"),
        ],
        vec![el("x", "experienced", "1402", "S")],
    );
    use Outcome::{Destroyed as D, Flee as F, Recoil as R};
    use Severity::{HalfOrLess as H, MoreThanHalf as M};
    #[rustfmt::skip]
    let cases: [(&str, Severity, bool, Outcome, &str); 14] = [
        ("inf", M, true, R, "Infantry: recoil"),
        ("inf", H, false, D, "Infantry: destroyed"),
        ("dis", M, true, R, "Dismounted Cavalry: recoil"),
        ("dis", H, true, D, "Dismounted Cavalry: destroyed"),
        ("ss", M, true, R, "Sharpshooters: recoil"),
        ("ss", H, true, D, "Sharpshooters: destroyed on contact"),
        ("ss", H, false, F, "Sharpshooters: otherwise flee"),
        ("cav", M, true, D, "Cavalry mounted: destroyed on contact"),
        ("cav", M, false, R, "Cavalry mounted: otherwise recoil"),
        ("cav", H, false, D, "Cavalry mounted: destroyed"),
        ("art", M, true, D, "Artillery: destroyed on contact"),
        ("art", M, false, R, "Artillery: otherwise recoil"),
        ("art", H, false, D, "Artillery: destroyed"),
        ("art", H, true, D, "Artillery: destroyed (in contact)"),
    ];
    for (loser, sev, contact, want, words) in cases {
        assert_eq!(
            result(&s, id(&s, loser), id(&s, "x"), sev, contact),
            want,
            "{words}"
        );
    }
    // Dismounted, the cavalry element fights on the Dismounted Cavalry row.
    let mut t = s.clone();
    let cav = id(&t, "cav");
    t.elements[cav].switched = true;
    assert_eq!(
        result(&t, cav, id(&t, "x"), Severity::MoreThanHalf, true),
        Outcome::Recoil
    );
}

// ---------------------------------------------------------------------------------------
// Whole games

#[test]
fn vv_ry_random_games_keep_the_invariants_and_replay_hash_for_hash() {
    let sc = common::vv::ry_fixture(|_| {});
    let (finished, played) = common::vv::random_games(&sc, 1..=12);
    assert_eq!(finished, 12, "every game ends");
    let count = |f: fn(&Command) -> bool| played.iter().filter(|c| f(c)).count();
    assert!(
        count(|c| matches!(c, Command::Melee { .. })) > 0,
        "random games fight melees"
    );
    assert!(
        count(|c| matches!(c, Command::Fire { .. })) > 0,
        "random games fire"
    );
    assert!(
        count(|c| matches!(c, Command::Dismount { .. } | Command::Mount { .. })) > 0,
        "random games mount or dismount"
    );
}

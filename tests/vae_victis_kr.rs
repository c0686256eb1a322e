//! Vae Victis, Kepis Rouge (the Franco-Prussian War): its Quick Reference Sheet, one test a rule
//! named `vv_kr_<heading>_...`, the tables checked cell by cell against a transcription made by
//! hand here from the sheet (not read from `data/kepis-rouge.json`), every distance of the sheet
//! in hexes, its special rules (the charge bonus, the national maximums, Guard Cavalry, the
//! national ranges, the light troops exempt from rough terrain), each with a control, and
//! seeded random games of the Kepis Rouge fixture
//! (`tests/fixtures/vae-victis/scenarios/vv-kepis-rouge.json`, France against the Germans on
//! the vv-wilderness map). docs/rules/vae-victis.md lists the readings.
//!
//! vv-wilderness: woods at 0303 0403 0304 0404 0504 0405 0505 1105 1205 1006 1106 1206 1007
//! 1107 0109 0209 0110 0210; a redoubt (clear, hard cover) at 0704 0804; stone houses at 0706;
//! hedges (rough, soft cover) at 0307 0308 0408; scrub (rough) at 1103 1203; walls at 1310
//! 1410; a rise (elevation 1) at 1106 1206 1107 1207; column 06 clear from end to end; the
//! road up column 07.

use crate::common;

use common::vv::{KR_FIXTURE, corps, el, id, k, keys, opened, position_in, refused};
use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::combat::{Severity, result};
use kepi::engine::vae_victis::fire::{self, Band, band};
use kepi::engine::vae_victis::lg;
use kepi::engine::vae_victis::movement::step_share;
use kepi::engine::vae_victis::paces::{WHOLE_MOVE, move_hexes, over, within};
use kepi::engine::vae_victis::state::{Command, State};
use kepi::engine::vae_victis::tables::{self, Cavalry, Outcome, TroopClass};
use serde_json::{Value, json};

/// One corps a side, no C-in-C: France's general at 0112, the Germans' at 1401.
fn kr_duel(france: Vec<Value>, germany: Vec<Value>) -> State {
    position_in(
        KR_FIXTURE,
        (vec![corps("FC", ("g-f", "0112"), france)], None),
        (vec![corps("GC", ("g-g", "1401"), germany)], None),
    )
}

/// Terms by key and value.
type Terms = Vec<(String, i32)>;

/// A fire factor: key, text, value, the range row and the paces it names.
type FireRow = (
    &'static str,
    &'static str,
    i32,
    Option<&'static str>,
    Option<u32>,
);

/// A tactical factor by key and value.
type Named = &'static [(&'static str, i32)];

// ---------------------------------------------------------------------------------------
// The sheet, cell by cell

/// A row of the Fire & Melee Factors as the sheet prints it: the units, combat, charge bonus,
/// unit cost, the notes' maximum; then Kepi's types for it (nation, movement row, range row,
/// results row).
type Row = (
    &'static str,
    i32,
    i32,
    u32,
    Option<u32>,
    &'static [(&'static str, Option<&'static str>)],
    &'static str,
    Option<&'static str>,
    &'static str,
);

#[test]
fn vv_kr_sheet_cell_by_cell() {
    let v = tables::variant("kepis-rouge").unwrap();
    assert_eq!(v.sheet.sheet, "KR");
    assert_eq!(v.sheet.nations, ["french", "german"]);
    // Fire & Melee Factors: Units, Combat, Charge Bonus, Unit Cost, Notes ("N maximum"), and
    // the types that stand for each row (the infantry and artillery by the nation whose range
    // they fire at, "Chasseurs a Pied or Jagers" and "Guard Mobiles or Landwehrs" one a nation).
    #[rustfmt::skip]
    let rows: [Row; 14] = [
        ("Guard", 4, 0, 4, None, &[("french_guard", Some("french")), ("german_guard", Some("german"))], "line_infantry", Some("*_infantry"), "infantry"),
        ("Line", 3, 0, 3, None, &[("french_line", Some("french")), ("german_line", Some("german"))], "line_infantry", Some("*_infantry"), "infantry"),
        ("Prussian", 3, 1, 3, Some(4), &[("prussian", Some("german"))], "line_infantry", Some("german_infantry"), "infantry"),
        ("Turcos", 3, 1, 4, None, &[("turcos", Some("french"))], "line_infantry", Some("french_infantry"), "infantry"),
        ("Zouaves", 3, 1, 4, None, &[("zouaves", Some("french"))], "line_infantry", Some("french_infantry"), "infantry"),
        ("Chasseurs a Pied or Jagers", 2, 0, 3, None, &[("chasseurs", Some("french")), ("jagers", Some("german"))], "light_infantry", Some("*_infantry"), "light_infantry"),
        ("Guard Mobiles or Landwehrs", 2, 0, 2, None, &[("guard_mobiles", Some("french")), ("landwehr", Some("german"))], "line_infantry", Some("*_infantry"), "infantry"),
        ("Cuirassiers", 4, 1, 4, None, &[("cuirassiers", None)], "cuirassiers", None, "cuirassiers"),
        ("Dragoons", 3, 1, 3, None, &[("dragoons", None)], "dragoons", None, "dragoons"),
        ("Lancers", 2, 2, 3, None, &[("lancers", None)], "light_cavalry", None, "light_cavalry"),
        ("Light cavalry", 2, 1, 2, None, &[("light_cavalry", None)], "light_cavalry", None, "light_cavalry"),
        ("French", 3, 0, 3, Some(2), &[("french_artillery", Some("french"))], "artillery", Some("french_artillery"), "artillery"),
        ("German", 5, 0, 5, Some(2), &[("german_artillery", Some("german"))], "artillery", Some("german_artillery"), "artillery"),
        ("Mitrailleuse", 4, 0, 4, Some(1), &[("mitrailleuse", Some("french"))], "artillery", Some("mitrailleuse"), "artillery"),
    ];
    let mut seen = 0;
    for (name, combat, charge, cost, max, types, mv, range, res) in rows {
        for &(key, nation) in types {
            seen += 1;
            let t = v
                .element_type(key)
                .unwrap_or_else(|| panic!("{name}: {key}"));
            let range = range.map(|r| match (r, nation) {
                ("*_infantry", Some("french")) => "french_infantry",
                ("*_infantry", Some("german")) => "german_infantry",
                (r, _) => r,
            });
            assert_eq!(
                (
                    t.melee,
                    t.fire,
                    t.charge,
                    t.cost,
                    t.max_per_army,
                    t.nation.as_deref(),
                    t.move_row.as_str(),
                    t.range.as_deref(),
                    t.results.as_str()
                ),
                (
                    combat,
                    range.map(|_| combat),
                    charge,
                    cost,
                    max,
                    nation,
                    mv,
                    range,
                    res
                ),
                "{name}: {key}"
            );
            assert!(!t.square, "{key}: KR forms no squares");
        }
    }
    // "* Add 1 point to unit cost for Guard Cavalry": each cavalry row again, its cost + 1,
    // the Guard's.
    for (plain, guard) in [
        ("cuirassiers", "guard_cuirassiers"),
        ("dragoons", "guard_dragoons"),
        ("lancers", "guard_lancers"),
        ("light_cavalry", "guard_light_cavalry"),
    ] {
        seen += 1;
        let (p, g) = (
            v.element_type(plain).unwrap(),
            v.element_type(guard).unwrap(),
        );
        assert_eq!(g.cost, p.cost + 1, "{guard}");
        assert_eq!(
            (
                g.melee,
                g.charge,
                &g.move_row,
                &g.results,
                g.cavalry,
                g.nation.as_ref()
            ),
            (p.melee, p.charge, &p.move_row, &p.results, p.cavalry, None),
            "{guard}"
        );
        assert!(g.guard && !p.guard, "{guard}");
    }
    assert_eq!(v.sheet.types.len(), seen);
    // The guard infantry is Guard (VV 9: no demoralised deduction).
    assert!(v.element_type("french_guard").unwrap().guard);
    assert!(v.element_type("german_guard").unwrap().guard);
    // Classes: infantry, cavalry, artillery; the Cuirassiers are the heavy cavalry (VV 8.4
    // pursuit; "Destroyed by Cuirassiers"), lancers and light cavalry light.
    for t in &v.sheet.types {
        let want = match t.results.as_str() {
            "infantry" | "light_infantry" => TroopClass::Infantry,
            "artillery" => TroopClass::Artillery,
            _ => TroopClass::Cavalry,
        };
        assert_eq!(t.class, want, "{}", t.key);
    }
    let cav = |k: &str| v.element_type(k).unwrap().cavalry;
    assert_eq!(cav("cuirassiers"), Some(Cavalry::Heavy));
    assert_eq!(cav("dragoons"), Some(Cavalry::Line));
    assert_eq!(cav("lancers"), Some(Cavalry::Light));
    assert_eq!(cav("light_cavalry"), Some(Cavalry::Light));
    // "Unit in rough terrain (except Light infantry, Zouaves or Turcos)".
    let mut exempt: Vec<&str> = v
        .sheet
        .types
        .iter()
        .filter(|t| t.has("rough_exempt"))
        .map(|t| t.key.as_str())
        .collect();
    exempt.sort();
    assert_eq!(exempt, ["chasseurs", "jagers", "turcos", "zouaves"]);
    // Movement Table: road, clear, rough.
    assert_eq!(v.sheet.movement_columns, ["road", "clear", "rough"]);
    #[rustfmt::skip]
    let moves: [(&str, [u32; 3]); 7] = [
        ("general", [500, 500, 500]),
        ("line_infantry", [300, 200, 100]),
        ("light_infantry", [300, 300, 200]),
        ("light_cavalry", [500, 500, 400]),
        ("dragoons", [500, 400, 300]),
        ("cuirassiers", [500, 300, 200]),
        ("artillery", [300, 200, 100]),
    ];
    assert_eq!(v.sheet.movement.len(), moves.len());
    for (row, want) in moves {
        let want: Vec<Option<u32>> = want.iter().map(|&p| Some(p)).collect();
        assert_eq!(v.sheet.movement[row], want, "{row}");
    }
    // No Difficult column: difficult ground is moved in the Rough column.
    assert_eq!(v.sheet.paces("line_infantry", "difficult"), Some(100));
    // Fire Ranges.
    #[rustfmt::skip]
    let ranges: [(&str, &str, u32); 5] = [
        ("french_infantry", "French Infantry", 600),
        ("german_infantry", "German Infantry", 400),
        ("french_artillery", "French artillery", 1400),
        ("german_artillery", "German artillery", 1600),
        ("mitrailleuse", "Mitrailleuse", 500),
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
    assert!(v.sheet.range_reduction.is_none());
    // Tactical Factors - Fire, with the range rows and paces the artillery rows name.
    #[rustfmt::skip]
    let fire: [FireRow; 6] = [
        ("enfilade", "Enfilading fire", 2, None, None),
        ("target_cavalry", "Target is cavalry", 1, None, None),
        ("cover", "Target in cover", -1, None, None),
        ("overlap", "For each enemy overlap", -1, None, None),
        ("far_french", "Target is over 700 paces for French artillery", -1, Some("french_artillery"), Some(700)),
        ("far_german", "Target is over 800 paces for German artillery", -1, Some("german_artillery"), Some(800)),
    ];
    let got: Vec<FireRow> = v
        .sheet
        .fire_factors
        .iter()
        .map(|f| {
            (
                f.key.as_str(),
                f.text.as_str(),
                f.value.unwrap(),
                f.range.as_deref(),
                f.over,
            )
        })
        .collect();
    assert_eq!(got, fire);
    // "For each enemy overlap": no maximum on this sheet.
    assert_eq!(v.sheet.max_overlaps, None);
    // Tactical Factors - Melee (the charge "See Fire & Melee table": no value of its own; and
    // the core's demoralised corps, VV 9).
    #[rustfmt::skip]
    let melee: [(&str, &str, Option<i32>); 9] = [
        ("general_attached", "General attached to unit", Some(1)),
        ("rear_support", "Rear support (see 8.3)", Some(1)),
        ("overlap", "For each enemy overlap on flank or rear", Some(-1)),
        ("higher", "Higher than adversary", Some(1)),
        ("defending_cover", "Defending in cover or a river bank", Some(1)),
        ("guard_cavalry", "Guard Cavalry", Some(1)),
        ("rough", "Unit in rough terrain (except Light infantry, Zouaves or Turcos)", Some(-2)),
        ("charge", "Charging cavalry or infantry in first round of melee - See Fire & Melee table", None),
        ("demoralised", "Demoralised corps, in attack (VV 9)", Some(-1)),
    ];
    let got: Vec<(&str, &str, Option<i32>)> = v
        .sheet
        .melee_factors
        .iter()
        .map(|f| (f.key.as_str(), f.text.as_str(), f.value))
        .collect();
    assert_eq!(got, melee);
    // Combat Results Table: each cell's clauses as "by/terrain/contact:result", the first
    // that holds.
    let cell = |row: &str, half: bool| -> Vec<String> {
        let r = &v.sheet.results[row];
        let c = if half {
            &r.half_or_less
        } else {
            &r.more_than_half
        };
        c.iter()
            .map(|c| {
                format!(
                    "{}/{}/{}:{:?}",
                    c.by.join("+"),
                    c.terrain.join("+"),
                    c.contact,
                    c.result
                )
            })
            .collect()
    };
    #[rustfmt::skip]
    let table: [(&str, &str, &[&str], &[&str]); 6] = [
        // "Destroyed by Cuirassiers in rough terrain. Otherwise recoil." / "Destroyed"
        ("infantry", "Infantry",
            &["heavy_cavalry/rough/false:Destroyed", "//false:Recoil"],
            &["//false:Destroyed"]),
        // ... / "Destroyed by cavalry or if in rough or difficult terrain, or by light
        // infantry. Otherwise flee."
        ("light_infantry", "Light Infantry",
            &["heavy_cavalry/rough/false:Destroyed", "//false:Recoil"],
            &["cavalry//false:Destroyed", "/rough+difficult/false:Destroyed", "light_infantry//false:Destroyed", "//false:Flee"]),
        // "Destroyed in rough or difficult terrain. otherwise recoil." / "Destroyed by
        // cavalry or if in rough or difficult terrain. Otherwise flee."
        ("light_cavalry", "Light Cavalry / Lancers",
            &["/rough+difficult/false:Destroyed", "//false:Recoil"],
            &["cavalry//false:Destroyed", "/rough+difficult/false:Destroyed", "//false:Flee"]),
        // "Destroyed by artillery in contact or if in rough terrain. Otherwise recoil."
        ("dragoons", "Dragoons",
            &["artillery//true:Destroyed", "/rough/false:Destroyed", "//false:Recoil"],
            &["//false:Destroyed"]),
        // "Destroyed by light cavalry, artillery in contact or if in rough terrain.
        // Otherwise recoil."
        ("cuirassiers", "Cuirassiers",
            &["light_cavalry//false:Destroyed", "artillery//true:Destroyed", "/rough/false:Destroyed", "//false:Recoil"],
            &["//false:Destroyed"]),
        // "Destroyed on contact otherwise recoil." / "Destroyed"
        ("artillery", "Artillery & Mitrailleuse",
            &["//true:Destroyed", "//false:Recoil"],
            &["//false:Destroyed"]),
    ];
    assert_eq!(v.sheet.results.len(), table.len());
    for (row, name, mth, hol) in table {
        assert_eq!(v.sheet.results[row].name, name);
        assert_eq!(cell(row, false), mth, "{row}, more than half");
        assert_eq!(cell(row, true), hol, "{row}, half or less");
    }
}

#[test]
fn vv_kr_tables_printed_by_kepi_tables() {
    let files: Vec<&str> = tables::FILES.iter().map(|f| f.0).collect();
    assert!(files.contains(&"kepis-rouge.json"), "{files:?}");
    assert_eq!(
        VaeVictis.table_files().len(),
        tables::FILES.len(),
        "`kepi tables --ruleset vae-victis` prints every embedded file"
    );
}

#[test]
fn vv_kr_paces_every_distance_of_the_sheet_in_hexes() {
    // (the sheet's words, paces, the largest hex distance "within" them: N/100 + 1)
    #[rustfmt::skip]
    let table: [(&str, u32, u32); 5] = [
        ("KR French Infantry, 600", 600, 7),
        ("KR German Infantry, 400", 400, 5),
        ("KR French artillery, 1400", 1400, 15),
        ("KR German artillery, 1600", 1600, 17),
        ("KR Mitrailleuse, 500", 500, 6),
    ];
    for (text, paces, hexes) in table {
        assert_eq!(within(paces), hexes, "{text}");
    }
    // "Target is over 700 paces for French artillery": hex distance 9 on; "over 800 paces for
    // German artillery": 10 on.
    assert!(over(700, 9) && !over(700, 8));
    assert!(over(800, 10) && !over(800, 9));
    // Movement: 500 ... 100 paces, 5 ... 1 hexes, no remainder lost.
    for (paces, hexes) in [(500, 5), (400, 4), (300, 3), (200, 2), (100, 1)] {
        assert_eq!(move_hexes(paces), hexes, "{paces} paces");
    }
    // Every range of the sheet in the engine's bands: the French along the southern row, the
    // Germans along the northern one.
    let s = kr_duel(
        vec![
            el("fi", "french_line", "0212", "N"),
            el("fa", "french_artillery", "0312", "N"),
            el("mi", "mitrailleuse", "0412", "N"),
            el("fg", "french_guard", "0512", "N"),
            el("ch", "chasseurs", "0612", "N"),
        ],
        vec![
            el("gi", "german_line", "0201", "S"),
            el("ga", "german_artillery", "0301", "S"),
            el("pr", "prussian", "0401", "S"),
            el("jg", "jagers", "0501", "S"),
        ],
    );
    for (e, last) in [
        ("fi", 7),
        ("fg", 7),
        ("ch", 7),
        ("fa", 15),
        ("mi", 6),
        ("gi", 5),
        ("pr", 5),
        ("jg", 5),
        ("ga", 17),
    ] {
        let i = id(&s, e);
        assert_eq!(band(&s, i, last), Some(Band::Medium), "{e} at {last}");
        assert_eq!(band(&s, i, last + 1), None, "{e} at {}", last + 1);
    }
}

// ---------------------------------------------------------------------------------------
// The variant chosen, validation: nations and maximums

#[test]
fn vv_kr_variant_is_played_nations_and_maximums_per_army() {
    let sc = common::vv::kr_fixture(|_| {});
    let s = VaeVictis.start(&sc, &Default::default()).unwrap();
    assert_eq!(s.setup().variant.sheet.sheet, "KR");
    // The sheet's nations: a Prussian army is German in the sheet's words.
    let e =
        common::vv::try_kr_fixture(|v| v["sides"][1]["nation"] = json!("prussian")).unwrap_err();
    assert!(
        e.contains("sides[1].nation")
            && e.contains(
                "VV KR Fire Ranges: the sheet's nations are french, german; this side's nation \
                 is 'prussian'"
            ),
        "{e}"
    );
    // A German type on the French side (the national ranges are the types').
    let e = common::vv::try_kr_fixture(|v| {
        v["sides"][0]["corps"][0]["elements"][1]["type"] = json!("german_line");
    })
    .unwrap_err();
    assert!(
        e.contains("sides[0].corps[0].elements[1].type")
            && e.contains("Line (German) is in the german table; this side's nation is 'french'"),
        "{e}"
    );
    // "Maximums refer to numbers of elements per army": Prussian 4, French and German
    // artillery 2, Mitrailleuse 1; each one over refused, each at its maximum accepted.
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, Edit); 4] = [
        (
            "Prussian \"4 element maximum\" an army; this side has 5",
            |v| {
                // Four more Prussians (six with the fixture's two), in a second corps.
                second_corps(v, 1, &["prussian"; 3], "S");
            },
            |v| second_corps(v, 1, &["prussian"; 2], "S"),
        ),
        (
            "French artillery \"2 element maximum\" an army; this side has 3",
            |v| second_corps(v, 0, &["french_artillery"; 2], "N"),
            |v| second_corps(v, 0, &["french_artillery"], "N"),
        ),
        (
            "German artillery \"2 element maximum\" an army; this side has 3",
            |v| second_corps(v, 1, &["german_artillery"; 2], "S"),
            |v| second_corps(v, 1, &["german_artillery"], "S"),
        ),
        (
            "Mitrailleuse \"1 element maximum\" an army; this side has 2",
            |v| second_corps(v, 0, &["mitrailleuse"], "N"),
            |v| second_corps(v, 0, &["french_line"], "N"),
        ),
    ];
    for (words, over_it, at_it) in cases {
        let e = common::vv::try_kr_fixture(over_it).unwrap_err();
        assert!(e.contains(words), "{words}: {e}");
        let sc = common::vv::try_kr_fixture(at_it).unwrap_or_else(|e| panic!("{words}: {e}"));
        VaeVictis.start(&sc, &Default::default()).unwrap();
    }
}

/// A second corps for side `side` (with its C-in-C) holding elements of these types, on the
/// row behind the fixture's.
fn second_corps(v: &mut Value, side: usize, types: &[&str], facing: &str) {
    let (row, cinc, g) = if side == 0 {
        ("12", "1412", "1312")
    } else {
        ("01", "1401", "1301")
    };
    let els: Vec<Value> = types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            el(
                &format!("X{side}-{i}"),
                t,
                &format!("{:02}{row}", i + 1),
                facing,
            )
        })
        .collect();
    v["sides"][side]["corps"]
        .as_array_mut()
        .unwrap()
        .push(corps(&format!("X{side}"), (&format!("gx{side}"), g), els));
    v["sides"][side]["commander_in_chief"] = json!({"id": format!("cinc{side}"), "hex": cinc});
}

// ---------------------------------------------------------------------------------------
// Tactical Factors - Fire

/// The firer's terms of `f` firing at `t`.
fn fire_keys(s: &State, f: &str, t: &str) -> Terms {
    let c = fire::combat(s, id(s, f), id(s, t), &[]).unwrap_or_else(|e| panic!("{e}"));
    keys(&c.firer.terms)
}

#[test]
fn vv_kr_fire_target_cavalry_cover_and_enfilade() {
    // (French line's hex facing north, the German target's type, hex and facing, the firer's
    // terms), one duel each.
    #[rustfmt::skip]
    let cases: [(&str, &str, &str, &str, Named, &str); 6] = [
        ("0610", "dragoons", "0607", "S", &[("target_cavalry", 1)], "Target is cavalry"),
        ("0610", "german_line", "0607", "S", &[], "the control: infantry in the open"),
        ("0310", "german_line", "0308", "S", &[("cover", -1)], "Target in cover: hedges (soft)"),
        ("0806", "german_line", "0804", "S", &[("cover", -1)], "Target in cover: a redoubt (hard)"),
        ("0508", "german_line", "0506", "N", &[("enfilade", 2)], "Enfilading fire: behind its front line"),
        ("0508", "german_line", "0506", "S", &[], "the control: the target faces the firer"),
    ];
    for (at, t, target, facing, want, words) in cases {
        let s = kr_duel(
            vec![el("A", "french_line", at, "N")],
            vec![el("X", t, target, facing)],
        );
        assert_eq!(fire_keys(&s, "A", "X"), k(want), "{words}");
    }
}

#[test]
fn vv_kr_fire_artillery_over_700_french_over_800_german() {
    // (gun and its side, the gun's hex, the target's hex, the firer's terms): up and down
    // the clear column 06.
    #[rustfmt::skip]
    let cases: [(&str, bool, &str, &str, Named); 7] = [
        ("french_artillery", true, "0612", "0604", &[]),
        ("french_artillery", true, "0612", "0603", &[("far_french", -1)]),
        ("french_artillery", true, "0612", "0601", &[("far_french", -1)]),
        ("german_artillery", false, "0601", "0610", &[]),
        ("german_artillery", false, "0601", "0611", &[("far_german", -1)]),
        ("german_artillery", false, "0601", "0612", &[("far_german", -1)]),
        // The Mitrailleuse is no "French artillery": its 500 paces carry no such factor.
        ("mitrailleuse", true, "0612", "0606", &[]),
    ];
    for (gun, french, at, target, want) in cases {
        let (fr, de) = if french {
            (
                vec![el("G", gun, at, "N")],
                vec![el("X", "german_line", target, "S")],
            )
        } else {
            (
                vec![el("X", "french_line", target, "N")],
                vec![el("G", gun, at, "S")],
            )
        };
        let s = kr_duel(fr, de);
        assert_eq!(fire_keys(&s, "G", "X"), k(want), "{gun} at {target}");
    }
}

#[test]
fn vv_kr_overlaps_count_without_a_maximum() {
    let s = kr_duel(
        vec![el("A", "french_line", "0510", "N")],
        vec![el("X", "german_line", "0503", "S")],
    );
    // Every supporting overlap counts (LG and RY count two at most).
    for n in 0..=4 {
        assert_eq!(lg::overlap_terms(&s, n, false).len(), n);
        assert_eq!(lg::overlap_terms(&s, n, true).len(), n);
    }
}

// ---------------------------------------------------------------------------------------
// Tactical Factors - Melee

/// `x`'s melee terms fighting `opp`, `charged` its flag (it moved into contact this
/// player-turn).
fn melee_keys(s: &State, x: &str, opp: &str, attacking: bool, charged: bool) -> Terms {
    let mut s = s.clone();
    let i = id(&s, x);
    s.elements[i].charged = charged;
    keys(&lg::melee_terms_of(&s, i, id(&s, opp), attacking))
}

/// A French element `f` facing north at 0605, a German `g` facing south at 0604 (clear).
fn face_to_face(f: &str, g: &str) -> State {
    kr_duel(vec![el("F", f, "0605", "N")], vec![el("G", g, "0604", "S")])
}

#[test]
fn vv_kr_melee_charge_bonus_in_the_first_round() {
    // (attacker, its side, the sheet's Charge Bonus)
    for (t, french, bonus) in [
        ("zouaves", true, 1),
        ("turcos", true, 1),
        ("prussian", false, 1),
        ("cuirassiers", true, 1),
        ("dragoons", false, 1),
        ("lancers", true, 2),
        ("light_cavalry", false, 1),
        ("guard_lancers", true, 2),
    ] {
        let (s, x, o) = if french {
            (face_to_face(t, "german_line"), "F", "G")
        } else {
            (face_to_face("french_line", t), "G", "F")
        };
        let extra: Terms = if t.starts_with("guard_") {
            k(&[("guard_cavalry", 1)])
        } else {
            k(&[])
        };
        let mut want = extra.clone();
        want.extend(k(&[("charge", bonus)]));
        assert_eq!(melee_keys(&s, x, o, true, true), want, "{t} charging");
        // Controls: not in its first round (it did not move into contact this turn), and
        // defending.
        assert_eq!(melee_keys(&s, x, o, true, false), extra, "{t} not charging");
        assert_eq!(melee_keys(&s, x, o, false, true), extra, "{t} defending");
    }
    // The rows with no Charge Bonus: Line, Guard infantry, Chasseurs, artillery.
    for t in ["french_line", "french_guard", "chasseurs", "guard_mobiles"] {
        let s = face_to_face(t, "german_line");
        assert_eq!(melee_keys(&s, "F", "G", true, true), k(&[]), "{t}");
    }
}

#[test]
fn vv_kr_melee_charge_bonus_from_a_move_into_contact() {
    // The Zouaves move into contact this player-turn: their melee is their first round, +1;
    // the Zouaves beside them, in contact from the start, did not charge: no bonus.
    let s = kr_duel(
        vec![
            el("Z", "zouaves", "0607", "N"),
            el("L", "zouaves", "0905", "N"),
        ],
        vec![
            el("X", "german_line", "0604", "S"),
            el("Y", "german_line", "0904", "S"),
        ],
    );
    let s = opened(&s, &[3, 3], 0, &[4]);
    let (s, _) = common::vv::play(
        &s,
        json!({"kind": "move", "element": "Z", "to": "0605", "facing": "N"}),
        &[],
    );
    let terms = |x: &str, o: &str| keys(&lg::melee_terms_of(&s, id(&s, x), id(&s, o), true));
    assert_eq!(terms("Z", "X"), k(&[("charge", 1)]));
    assert_eq!(terms("L", "Y"), k(&[]));
}

#[test]
fn vv_kr_melee_guard_cavalry_and_the_guard_in_a_demoralised_corps() {
    // "Guard Cavalry" +1, attacking or defending; the same cavalry of the line: nothing.
    let s = face_to_face("french_line", "guard_dragoons");
    assert_eq!(
        melee_keys(&s, "G", "F", true, false),
        k(&[("guard_cavalry", 1)])
    );
    assert_eq!(
        melee_keys(&s, "G", "F", false, false),
        k(&[("guard_cavalry", 1)])
    );
    let s = face_to_face("french_line", "dragoons");
    assert_eq!(melee_keys(&s, "G", "F", true, false), k(&[]));
    // The Guard infantry is not Guard Cavalry.
    let s = face_to_face("french_guard", "german_line");
    assert_eq!(melee_keys(&s, "F", "G", true, false), k(&[]));
    // VV 9: a demoralised corps attacks at -1, but its Guard units do not.
    for (t, want) in [
        ("french_line", k(&[("demoralised", -1)])),
        ("french_guard", k(&[])),
        ("guard_cuirassiers", k(&[("guard_cavalry", 1)])),
    ] {
        let mut s = face_to_face(t, "german_line");
        s.corps[0].demoralised = true;
        assert_eq!(melee_keys(&s, "F", "G", true, false), want, "{t}");
    }
}

#[test]
fn vv_kr_melee_rough_terrain_except_light_infantry_zouaves_or_turcos() {
    // In scrub (rough): -2, but for the light infantry, Zouaves and Turcos.
    for (t, want) in [
        ("french_line", k(&[("rough", -2)])),
        ("guard_mobiles", k(&[("rough", -2)])),
        ("cuirassiers", k(&[("rough", -2)])),
        ("french_artillery", k(&[("rough", -2)])),
        ("chasseurs", k(&[])),
        ("zouaves", k(&[])),
        ("turcos", k(&[])),
    ] {
        let s = kr_duel(
            vec![el("F", t, "1103", "N")],
            vec![el("G", "german_line", "1102", "S")],
        );
        assert_eq!(melee_keys(&s, "F", "G", false, false), want, "{t} in scrub");
        // The control: the same element on clear ground.
        let s = kr_duel(
            vec![el("F", t, "1104", "N")],
            vec![el("G", "german_line", "1103", "S")],
        );
        assert_eq!(
            melee_keys(&s, "F", "G", true, false),
            k(&[]),
            "{t} in the open"
        );
    }
    // The Jagers too; in woods (difficult ground, fought as rough) with its soft cover.
    for (t, want) in [
        ("german_line", k(&[("defending_cover", 1), ("rough", -2)])),
        ("landwehr", k(&[("defending_cover", 1), ("rough", -2)])),
        ("jagers", k(&[("defending_cover", 1)])),
    ] {
        let s = kr_duel(
            vec![el("F", "french_line", "0305", "N")],
            vec![el("G", t, "0304", "S")],
        );
        assert_eq!(melee_keys(&s, "G", "F", false, false), want, "{t} in woods");
    }
}

#[test]
fn vv_kr_melee_defending_in_cover_and_higher() {
    // A redoubt (clear ground, hard cover): +1 to its defender, nothing to it attacking.
    let s = kr_duel(
        vec![el("F", "french_line", "0805", "N")],
        vec![el("G", "german_line", "0804", "S")],
    );
    assert_eq!(
        melee_keys(&s, "G", "F", false, false),
        k(&[("defending_cover", 1)])
    );
    assert_eq!(melee_keys(&s, "G", "F", true, false), k(&[]));
    assert_eq!(melee_keys(&s, "F", "G", true, false), k(&[]));
    // Higher than adversary (the rise at 1207 over 1208), attacking or defending; the control
    // on the same level.
    let s = kr_duel(
        vec![el("F", "french_line", "1208", "N")],
        vec![el("G", "german_line", "1207", "S")],
    );
    assert_eq!(melee_keys(&s, "G", "F", false, false), k(&[("higher", 1)]));
    assert_eq!(melee_keys(&s, "G", "F", true, false), k(&[("higher", 1)]));
    assert_eq!(melee_keys(&s, "F", "G", true, false), k(&[]));
}

// ---------------------------------------------------------------------------------------
// Movement Table (no Difficult column), no squares

#[test]
fn vv_kr_movement_columns_and_difficult_ground_in_the_rough_column() {
    let s = kr_duel(
        vec![
            el("LI", "french_line", "0212", "N"),
            el("CH", "chasseurs", "0312", "N"),
            el("LC", "lancers", "0412", "N"),
            el("DR", "dragoons", "0512", "N"),
            el("CU", "cuirassiers", "0612", "N"),
            el("AR", "french_artillery", "0812", "N"),
            el("MI", "mitrailleuse", "0912", "N"),
        ],
        vec![el("X", "german_line", "1402", "S")],
    );
    let g = s.setup().grid;
    let h = |n: &str| g.parse(n).unwrap();
    // (element, road, clear, rough (hedges), difficult (woods)) in shares of a whole move:
    // 420 x 100 / paces.
    let w = WHOLE_MOVE;
    #[rustfmt::skip]
    let cases: [(&str, [u32; 4]); 7] = [
        ("LI", [w * 100 / 300, w * 100 / 200, w, w]),
        ("CH", [w * 100 / 300, w * 100 / 300, w * 100 / 200, w * 100 / 200]),
        ("LC", [w * 100 / 500, w * 100 / 500, w * 100 / 400, w * 100 / 400]),
        ("DR", [w * 100 / 500, w * 100 / 400, w * 100 / 300, w * 100 / 300]),
        ("CU", [w * 100 / 500, w * 100 / 300, w * 100 / 200, w * 100 / 200]),
        ("AR", [w * 100 / 300, w * 100 / 200, w, w]),
        ("MI", [w * 100 / 300, w * 100 / 200, w, w]),
    ];
    for (e, want) in cases {
        let i = id(&s, e);
        let got = [
            step_share(&s, i, h("0709"), h("0708")),
            step_share(&s, i, h("0511"), h("0510")),
            step_share(&s, i, h("0309"), h("0308")),
            step_share(&s, i, h("0211"), h("0210")),
        ];
        assert_eq!(got, want.map(Some), "{e}");
    }
}

#[test]
fn vv_kr_no_squares_on_the_sheet() {
    let s = kr_duel(
        vec![el("I", "french_line", "0610", "N")],
        vec![el("X", "german_line", "0603", "S")],
    );
    let s = opened(&s, &[3, 3], 0, &[4]);
    assert!(
        !VaeVictis
            .legal(&s)
            .iter()
            .any(|c| matches!(c, Command::Square { .. })),
        "no square offered"
    );
    let e = refused(&s, json!({"kind": "square", "element": "I"}));
    assert!(
        e.contains("VV 5.6 Squares") && e.contains("the KR sheet has no squares"),
        "{e}"
    );
    // The control: the same command under La Grande Armée forms a square.
    let s = common::vv::position(
        (
            vec![corps(
                "F",
                ("g-f", "0112"),
                vec![el("I", "line", "0610", "N")],
            )],
            None,
        ),
        (
            vec![corps(
                "B",
                ("g-b", "1401"),
                vec![el("X", "line", "0603", "S")],
            )],
            None,
        ),
    );
    let s = opened(&s, &[3, 3], 0, &[4]);
    assert!(
        VaeVictis
            .legal(&s)
            .iter()
            .any(|c| matches!(c, Command::Square { .. }))
    );
}

// ---------------------------------------------------------------------------------------
// Combat Results Table

#[test]
fn vv_kr_results_by_the_table_rows() {
    // The winners: German cavalry of every kind, a battery, Jagers and line infantry.
    let winners = || {
        vec![
            el("Wcu", "cuirassiers", "0101", "S"),
            el("Wlc", "light_cavalry", "0201", "S"),
            el("Wla", "lancers", "0301", "S"),
            el("Wdr", "dragoons", "0401", "S"),
            el("Wart", "german_artillery", "0501", "S"),
            el("Wjg", "jagers", "0601", "S"),
            el("Wln", "german_line", "0801", "S"),
            el("Wgl", "guard_light_cavalry", "0901", "S"),
        ]
    };
    // The French losers in the open, in hedges (rough) and in woods (difficult), in two
    // corps' worth of points: the infantry, then the cavalry and the guns.
    let foot = kr_duel(
        vec![
            el("inf", "french_line", "0610", "N"),
            el("inf_r", "french_line", "0308", "N"),
            el("li", "chasseurs", "0510", "N"),
            el("li_r", "chasseurs", "0307", "N"),
            el("li_w", "chasseurs", "0210", "N"),
        ],
        winners(),
    );
    let horse = kr_duel(
        vec![
            el("lc", "light_cavalry", "0810", "N"),
            el("lc_r", "lancers", "0408", "N"),
            el("lc_w", "light_cavalry", "0110", "N"),
            el("dr", "dragoons", "0910", "N"),
            el("dr_w", "dragoons", "0109", "N"),
            el("cu", "cuirassiers", "1010", "N"),
            el("cu_w", "cuirassiers", "0209", "N"),
            el("art", "french_artillery", "1110", "N"),
            el("mi", "mitrailleuse", "1210", "N"),
        ],
        winners(),
    );
    use Outcome::{Destroyed as D, Flee as F, Recoil as R};
    use Severity::{HalfOrLess as H, MoreThanHalf as M};
    #[rustfmt::skip]
    let cases: [(&str, &str, Severity, bool, Outcome, &str); 43] = [
        ("inf", "Wcu", M, true, R, "Infantry: Cuirassiers, not in rough terrain: recoil"),
        ("inf_r", "Wcu", M, true, D, "Infantry: destroyed by Cuirassiers in rough terrain"),
        ("inf_r", "Wdr", M, true, R, "Infantry: Dragoons are no Cuirassiers"),
        ("inf_r", "Wln", M, false, R, "Infantry: otherwise recoil"),
        ("inf", "Wln", H, false, D, "Infantry: destroyed"),
        ("li", "Wcu", M, true, R, "Light Infantry: Cuirassiers, open ground: recoil"),
        ("li_r", "Wcu", M, true, D, "Light Infantry: destroyed by Cuirassiers in rough terrain"),
        ("li_w", "Wcu", M, true, D, "Light Infantry: ... in woods (difficult, fought as rough)"),
        ("li_r", "Wln", M, true, R, "Light Infantry: otherwise recoil"),
        ("li", "Wdr", H, true, D, "Light Infantry: destroyed by cavalry"),
        ("li", "Wlc", H, true, D, "Light Infantry: destroyed by (light) cavalry"),
        ("li_r", "Wln", H, false, D, "Light Infantry: destroyed if in rough terrain"),
        ("li_w", "Wln", H, false, D, "Light Infantry: destroyed if in difficult terrain"),
        ("li", "Wjg", H, false, D, "Light Infantry: destroyed by light infantry"),
        ("li", "Wln", H, false, F, "Light Infantry: otherwise flee"),
        ("li", "Wart", H, false, F, "Light Infantry: artillery fire, otherwise flee"),
        ("lc", "Wln", M, false, R, "Light Cavalry: otherwise recoil"),
        ("lc_r", "Wln", M, false, D, "Lancers: destroyed in rough terrain"),
        ("lc_w", "Wln", M, false, D, "Light Cavalry: destroyed in difficult terrain"),
        ("lc", "Wcu", H, true, D, "Light Cavalry: destroyed by cavalry"),
        ("lc", "Wln", H, false, F, "Light Cavalry: otherwise flee"),
        ("lc_w", "Wln", H, false, D, "Light Cavalry: destroyed if in difficult terrain"),
        ("dr", "Wart", M, true, D, "Dragoons: destroyed by artillery in contact"),
        ("dr", "Wart", M, false, R, "Dragoons: artillery fire, not in contact: recoil"),
        ("dr", "Wln", M, true, R, "Dragoons: otherwise recoil"),
        ("dr_w", "Wln", M, false, D, "Dragoons: destroyed in rough (woods) terrain"),
        ("dr", "Wln", H, false, D, "Dragoons: destroyed"),
        ("cu", "Wlc", M, true, D, "Cuirassiers: destroyed by light cavalry"),
        ("cu", "Wla", M, true, D, "Cuirassiers: lancers are light cavalry"),
        ("cu", "Wgl", M, true, D, "Cuirassiers: Guard light cavalry"),
        ("cu", "Wdr", M, true, R, "Cuirassiers: dragoons: recoil"),
        ("cu", "Wcu", M, true, R, "Cuirassiers: cuirassiers: recoil"),
        ("cu", "Wart", M, true, D, "Cuirassiers: destroyed by artillery in contact"),
        ("cu", "Wart", M, false, R, "Cuirassiers: artillery fire: recoil"),
        ("cu_w", "Wln", M, false, D, "Cuirassiers: destroyed in rough (woods) terrain"),
        ("cu", "Wln", M, false, R, "Cuirassiers: otherwise recoil"),
        ("cu", "Wln", H, false, D, "Cuirassiers: destroyed"),
        ("art", "Wln", M, true, D, "Artillery: destroyed on contact"),
        ("art", "Wln", M, false, R, "Artillery: otherwise recoil"),
        ("art", "Wln", H, false, D, "Artillery: destroyed"),
        ("mi", "Wcu", M, true, D, "Mitrailleuse: destroyed on contact"),
        ("mi", "Wart", M, false, R, "Mitrailleuse: otherwise recoil"),
        ("mi", "Wart", H, false, D, "Mitrailleuse: destroyed"),
    ];
    for (loser, winner, sev, contact, want, words) in cases {
        let s = if loser.starts_with("in") || loser.starts_with("li") {
            &foot
        } else {
            &horse
        };
        assert_eq!(
            result(s, id(s, loser), id(s, winner), sev, contact),
            want,
            "{words}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Whole games

#[test]
fn vv_kr_random_games_keep_the_invariants_and_replay_hash_for_hash() {
    let sc = common::vv::kr_fixture(|_| {});
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
    assert_eq!(
        count(|c| matches!(c, Command::Square { .. })),
        0,
        "no squares in Kepis Rouge"
    );
}

//! Vae Victis rule cases, one test a case, named `vv_<heading>_...` after the text's headings
//! (docs/rules/vae-victis.md lists them beside their readings). The text prints no worked
//! example with numbers: the arithmetic of each case is worked here by hand from the LGA sheet;
//! its one example in words (7.2, the element in a forest) and its one figure (9, "a third of
//! its points (i.e. 12 points)") are reproduced as written.

use crate::common;

use common::vv::{corps, el, hex_of, id, notes, opened, play, position, refused};
use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::fire::{Band, band};
use kepi::engine::vae_victis::paces::{move_hexes, over, within};
use kepi::engine::vae_victis::state::{Command, Phase, State};
use kepi::engine::vae_victis::tables::{self, Outcome};
use kepi::engine::vae_victis::{generals, melee, morale};
use serde_json::{Value, json};

fn mv(e: &str, to: &str, f: &str) -> Value {
    json!({"kind": "move", "element": e, "to": to, "facing": f})
}

fn end() -> Value {
    json!({"kind": "end"})
}

/// One corps a side, no C-in-C; France's general at 0112, Britain's at 1401.
fn duel(france: Vec<Value>, britain: Vec<Value>) -> State {
    position(
        (vec![corps("I", ("g-fr", "0112"), france)], None),
        (vec![corps("A", ("g-br", "1401"), britain)], None),
    )
}

/// Britain moving first with `ap` AP, both generals average (ratings 3).
fn britain_moves(s: &State, ap: u8) -> State {
    opened(s, &[3, 3], 1, &[ap])
}

/// France moving first with `ap` AP, both generals average.
fn france_moves(s: &State, ap: u8) -> State {
    opened(s, &[3, 3], 0, &[ap])
}

/// Britain moved (and ended its movement): France's defensive fire.
fn france_fires(s: &State) -> State {
    let s = britain_moves(s, 3);
    play(&s, end(), &[]).0
}

// ---------------------------------------------------------------------------------------
// Paces to hexes

#[test]
fn vv_paces_every_distance_of_the_text_in_hexes() {
    // (the text's words, paces, the largest hex distance "within" them)
    let table: [(&str, u32, u32); 18] = [
        ("contact", 0, 1),
        ("VV 6 zone of control, 200 paces", 200, 3),
        ("VV 5.1, 5.2 command range, 600 paces", 600, 7),
        ("VV 5.2 over 1200 paces", 1200, 13),
        ("VV 7.2 line of fire in woods, 50 paces", 50, 1),
        ("LGA infantry medium, 100", 100, 2),
        ("LGA infantry long, 200", 200, 3),
        ("LGA horse artillery short, 300", 300, 4),
        ("LGA horse artillery medium, 500", 500, 6),
        ("LGA horse artillery long, 900", 900, 10),
        ("LGA field artillery short, 400", 400, 5),
        ("LGA field artillery medium, 600", 600, 7),
        ("LGA field artillery long, 1000", 1000, 11),
        ("LGA heavy artillery short, 400", 400, 5),
        ("LGA heavy artillery medium, 700", 700, 8),
        ("LGA heavy artillery long, 1200", 1200, 13),
        ("VV 8 recoil, a base width (100 paces)", 100, 2),
        ("VV 3 set-up, 15 cm at 15mm (600 paces)", 600, 7),
    ];
    for (text, paces, hexes) in table {
        assert_eq!(within(paces), hexes, "{text}");
    }
    // VV 5.5: strategic moves "beyond 1200 paces": hex distance 14 or more.
    assert!(over(1200, 14) && !over(1200, 13));
    // Moves: whole hexes of one ground, the remainder lost.
    for (paces, hexes) in [
        (600, 6),
        (500, 5),
        (400, 4),
        (350, 3),
        (300, 3),
        (250, 2),
        (150, 1),
        (100, 1),
        (50, 0),
    ] {
        assert_eq!(move_hexes(paces), hexes, "{paces} paces");
    }
    // VV 8 Fleeing: "+ 100 paces" is one hex more.
    assert_eq!(move_hexes(tables::core().paces.flee_extra), 1);
    // The engine's bands, on elements: a line at 0610, a field battery at 0710.
    let s = duel(
        vec![
            el("inf", "line", "0610", "N"),
            el("gun", "field_artillery", "0710", "N"),
        ],
        vec![el("b", "line", "0101", "S")],
    );
    let (inf, gun) = (id(&s, "inf"), id(&s, "gun"));
    assert_eq!(band(&s, inf, 2), Some(Band::Medium));
    assert_eq!(band(&s, inf, 3), Some(Band::Long));
    assert_eq!(band(&s, inf, 4), None);
    assert_eq!(band(&s, gun, 5), Some(Band::Short));
    assert_eq!(band(&s, gun, 7), Some(Band::Medium));
    assert_eq!(band(&s, gun, 11), Some(Band::Long));
    assert_eq!(band(&s, gun, 12), None);
}

// ---------------------------------------------------------------------------------------
// The LGA sheet, against a second transcription made from the text for this test

#[test]
fn vv_lga_sheet_cell_by_cell() {
    let v = tables::variant("la-grande-armee").unwrap();
    // (type, fire, melee, charge bonus, cost) as printed in "Fire & Melee Factors".
    let factors: [(&str, Option<i32>, i32, i32, u32); 16] = [
        ("militia", Some(2), 2, 0, 2),
        ("line", Some(3), 3, 0, 3),
        ("light", Some(3), 3, 0, 4),
        ("light_skirmishers", Some(1), 1, 0, 2),
        ("elite", Some(4), 4, 0, 4),
        ("guard", Some(4), 4, 1, 5),
        ("cossacks", None, 2, 0, 2),
        ("lancers", None, 2, 1, 3),
        ("light_cavalry", None, 2, 2, 4),
        ("dragoons", None, 3, 1, 4),
        ("cuirassiers", None, 4, 2, 5),
        ("guard_heavy", None, 4, 2, 5),
        ("guard_light", None, 3, 1, 4),
        ("light_artillery", Some(3), 4, 0, 2),
        ("field_artillery", Some(3), 4, 0, 3),
        ("heavy_artillery", Some(3), 4, 0, 4),
    ];
    assert_eq!(v.sheet.types.len(), factors.len());
    for (k, fire, melee, charge, cost) in factors {
        let t = v.element_type(k).unwrap_or_else(|| panic!("{k}"));
        assert_eq!(
            (t.fire, t.melee, t.charge, t.cost),
            (fire, melee, charge, cost),
            "{k}"
        );
    }
    // Movement Table: road, clear, rough, difficult ("-" as None).
    let moves: [(&str, [Option<u32>; 4]); 10] = [
        ("general", [Some(500), Some(500), Some(500), Some(500)]),
        ("square", [Some(100), Some(100), Some(100), None]),
        ("skirmishers", [Some(400), Some(300), Some(300), Some(200)]),
        ("infantry", [Some(300), Some(300), Some(200), Some(100)]),
        (
            "light_cavalry",
            [Some(500), Some(500), Some(400), Some(300)],
        ),
        (
            "irregular_cavalry",
            [Some(600), Some(500), Some(400), Some(300)],
        ),
        (
            "heavy_cavalry",
            [Some(400), Some(400), Some(300), Some(200)],
        ),
        ("horse_artillery", [Some(350), Some(300), Some(200), None]),
        ("foot_artillery", [Some(250), Some(200), Some(100), None]),
        ("heavy_artillery", [Some(250), Some(150), Some(50), None]),
    ];
    assert_eq!(v.sheet.movement.len(), moves.len());
    for (row, cells) in moves {
        for (i, col) in ["road", "clear", "rough", "difficult"].iter().enumerate() {
            assert_eq!(v.sheet.paces(row, col), cells[i], "{row} {col}");
        }
    }
    // Fire Ranges: short, medium, long.
    let ranges: [(&str, [Option<u32>; 3]); 5] = [
        ("infantry", [None, Some(100), Some(200)]),
        ("infantry_rifled", [None, Some(100), Some(200)]),
        ("horse_artillery", [Some(300), Some(500), Some(900)]),
        ("field_artillery", [Some(400), Some(600), Some(1000)]),
        ("heavy_artillery", [Some(400), Some(700), Some(1200)]),
    ];
    for (row, [s, m, l]) in ranges {
        let r = &v.sheet.ranges[row];
        assert_eq!((r.short, r.medium, r.long), (s, m, l), "{row}");
    }
    // Tactical factors, fire and melee.
    let fire: [(&str, i32); 12] = [
        ("british_infantry", 1),
        ("firer_in_square", -1),
        ("overlap", -1),
        ("enfilade", 2),
        ("target_cavalry", 1),
        ("soft_cover", -1),
        ("target_skirmishers", -1),
        ("hard_cover", -2),
        ("case_shot", 1),
        ("long_range", -1),
        ("target_square", 1),
        ("russian_artillery_old_guard", 1),
    ];
    for (k, x) in fire {
        assert_eq!(v.sheet.fire_factor(k), x, "fire {k}");
    }
    let melee: [(&str, i32); 9] = [
        ("general_attached", 1),
        ("rear_support", 1),
        ("overlap", -1),
        ("higher", 1),
        ("soft_cover", 1),
        ("hard_cover", 2),
        ("difficult", -2),
        ("cavalry_v_square", -2),
        ("artillery_support", 1),
    ];
    for (k, x) in melee {
        assert_eq!(v.sheet.melee_factor(k), x, "melee {k}");
    }
    // Combat Results Table: each cell's clauses as "by/terrain/contact:result".
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
    assert_eq!(cell("infantry", false), ["//false:Recoil"]);
    assert_eq!(cell("infantry", true), ["//false:Destroyed"]);
    assert_eq!(cell("skirmishers", false), ["//false:Recoil"]);
    assert_eq!(
        cell("skirmishers", true),
        ["cavalry+skirmishers/clear/false:Destroyed", "//false:Flee"]
    );
    assert_eq!(
        cell("light_cavalry", false),
        [
            "/rough+difficult/false:Destroyed",
            "cavalry//false:Flee",
            "//false:Recoil"
        ]
    );
    assert_eq!(
        cell("light_cavalry", true),
        [
            "cavalry//false:Destroyed",
            "/rough+difficult/false:Destroyed",
            "//false:Flee"
        ]
    );
    assert_eq!(
        cell("irregular_cavalry", false),
        ["/difficult/false:Destroyed", "//false:Flee"]
    );
    assert_eq!(
        cell("irregular_cavalry", true),
        [
            "light_cavalry//false:Destroyed",
            "/difficult/false:Destroyed",
            "//false:Flee"
        ]
    );
    assert_eq!(
        cell("heavy_cavalry", false),
        [
            "artillery//true:Destroyed",
            "/rough+difficult/false:Destroyed",
            "heavy_cavalry//false:Flee",
            "//false:Recoil"
        ]
    );
    assert_eq!(cell("heavy_cavalry", true), ["//false:Destroyed"]);
    assert_eq!(
        cell("artillery", false),
        ["//true:Destroyed", "//false:Recoil"]
    );
    assert_eq!(cell("artillery", true), ["//false:Destroyed"]);
}

#[test]
fn vv_every_variant_played_and_an_unknown_one_refused_by_field() {
    // All four sheets are transcribed: a side of a variant Kepi does not know is refused by
    // its field, the message naming the four.
    let e = common::vv::try_fixture(|v| {
        v["sides"][0]["variant"] = json!("kepis-bleu");
        v["sides"][1]["variant"] = json!("kepis-bleu");
    })
    .unwrap_err();
    assert!(
        e.contains("sides[0].variant")
            && e.contains(
                "no variant 'kepis-bleu'; the variants are la-grande-armee, los-gringos, \
                 rebel-yell, kepis-rouge"
            ),
        "{e}"
    );
    // Kepis Rouge is read by its own sheet: the LGA fixture's British are no nation of it.
    let e = common::vv::try_fixture(|v| {
        v["sides"][0]["variant"] = json!("kepis-rouge");
        v["sides"][1]["variant"] = json!("kepis-rouge");
    })
    .unwrap_err();
    assert!(
        e.contains("sides[1].nation")
            && e.contains("VV KR Fire Ranges: the sheet's nations are french, german"),
        "{e}"
    );
    let e =
        common::vv::try_fixture(|v| v["sides"][1]["variant"] = json!("rebel-yell")).unwrap_err();
    assert!(e.contains("both sides play one variant"), "{e}");
}

// ---------------------------------------------------------------------------------------
// VV 2 Troops

#[test]
fn vv_troops_corps_of_36_points_four_corps_and_a_commander_in_chief() {
    // 8 cuirassiers at 5 points: 40 > 36.
    let e = common::vv::try_fixture(|v| {
        let els: Vec<Value> = (1..=8)
            .map(|i| el(&format!("c{i}"), "cuirassiers", &format!("{i:02}11"), "N"))
            .collect();
        v["sides"][0]["corps"][1]["elements"] = json!(els);
    })
    .unwrap_err();
    assert!(e.contains("up to 36 points; corps C has 40"), "{e}");
    // Two corps and no C-in-C.
    let e = common::vv::try_fixture(|v| {
        v["sides"][1]
            .as_object_mut()
            .unwrap()
            .remove("commander_in_chief");
    })
    .unwrap_err();
    assert!(e.contains("requires a Commander-in-Chief"), "{e}");
    // Five corps.
    let e = common::vv::try_fixture(|v| {
        let c: Vec<Value> = (1..=5)
            .map(|i| {
                corps(
                    &format!("K{i}"),
                    (&format!("k{i}"), &format!("{i:02}12")),
                    vec![el(&format!("k{i}-1"), "line", &format!("{i:02}11"), "N")],
                )
            })
            .collect();
        v["sides"][0]["corps"] = json!(c);
    })
    .unwrap_err();
    assert!(e.contains("up to 4 corps; this one has 5"), "{e}");
    // The fixture itself reads: 18 + 12 points for France.
    let sc = common::vv::fixture(|_| {});
    let s = VaeVictis.start(&sc, &Default::default()).unwrap();
    let pts: Vec<u32> = s.setup().corps.iter().map(|c| c.points).collect();
    assert_eq!(pts, [18, 12, 15, 12]);
}

// ---------------------------------------------------------------------------------------
// VV 4.2, VV 3, VV 5.1

#[test]
fn vv_generals_rated_at_the_start_one_die_each() {
    let s = position(
        (
            vec![
                corps("I", ("g1", "0112"), vec![el("a", "line", "0111", "N")]),
                corps("C", ("g3", "0312"), vec![el("c", "lancers", "0311", "N")]),
            ],
            Some(("nap", "0512")),
        ),
        (
            vec![corps(
                "A",
                ("g2", "0101"),
                vec![el("b", "line", "0102", "S")],
            )],
            None,
        ),
    );
    assert_eq!(s.phase, Phase::Begin);
    assert!(refused(&s, json!({"kind": "activate"})).contains("begins with the generals' ratings"));
    // France: g1 1, g3 6, nap 3; Britain: g2 4; the first player 3-3 (again), then 2-5.
    let (s, ev) = play(&s, json!({"kind": "begin"}), &[1, 6, 3, 4, 3, 3, 2, 5]);
    let r = |x: &str| s.elements[id(&s, x)].rating;
    assert_eq!(
        (r("g1"), r("g3"), r("nap"), r("g2")),
        (Some(1), Some(6), Some(3), Some(4))
    );
    let n = notes(&ev);
    assert!(
        n.contains("g1 is Mediocre") && n.contains("g3 is Good") && n.contains("nap is Average"),
        "{n}"
    );
    assert!(n.contains("rolled again (VV 3)"), "{n}");
    assert_eq!(s.first, 1);
    assert_eq!(s.active(), 1);
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(VaeVictis.rolls(&ev).len(), 8);
}

#[test]
fn vv_activation_points_one_die_a_corps_rating_applied_minimum_one() {
    let s = position(
        (
            vec![
                corps("I", ("g1", "0112"), vec![el("a", "line", "0111", "N")]),
                corps("C", ("g3", "0312"), vec![el("c", "lancers", "0311", "N")]),
            ],
            Some(("nap", "0512")),
        ),
        (
            vec![corps(
                "A",
                ("g2", "0101"),
                vec![el("b", "line", "0102", "S")],
            )],
            None,
        ),
    );
    // g1 mediocre, g3 good, nap average; France first; I rolls 1 (-1: 0, at least 1), C 6 (+1:
    // 7), nap 4.
    let s = opened(&s, &[1, 6, 3, 4], 0, &[1, 6, 4]);
    assert_eq!(s.corps[0].ap, 1);
    assert_eq!(s.corps[1].ap, 7);
    assert_eq!(s.cinc_score[0], Some(4));
    // One AP: one move of corps I; the second is refused.
    let (s2, _) = play(&s, mv("a", "0110", "N"), &[]);
    assert_eq!(s2.corps[0].ap, 0);
    let e = refused(&s2, json!({"kind": "pivot", "element": "a", "facing": "S"}));
    assert!(e.contains("acted") || e.contains("AP left"), "{e}");
}

#[test]
fn vv_commander_in_chief_takes_command_of_a_corps_that_rolled_lower() {
    let s = position(
        (
            vec![
                corps(
                    "I",
                    ("g1", "0112"),
                    vec![el("a", "line", "0111", "N"), el("far", "line", "1401", "N")],
                ),
                corps("C", ("g3", "0312"), vec![el("c", "lancers", "0311", "N")]),
            ],
            Some(("nap", "0212")),
        ),
        (
            vec![corps(
                "A",
                ("g2", "0801"),
                vec![el("b", "line", "0802", "S")],
            )],
            None,
        ),
    );
    let s = opened(&s, &[1, 6, 3, 4], 0, &[1, 6, 4]);
    let e = refused(&s, json!({"kind": "take_command", "corps": "C"}));
    assert!(e.contains("scored 4, not more than corps C's 7"), "{e}");
    let (s, ev) = play(&s, json!({"kind": "take_command", "corps": "I"}), &[]);
    assert!(notes(&ev).contains("takes command of corps I"));
    assert_eq!(s.corps[0].ap, 4);
    let e = refused(&s, json!({"kind": "take_command", "corps": "I"}));
    assert!(e.contains("this phase already"), "{e}");
    // "far" is beyond 600 paces of him.
    let e = refused(&s, mv("far", "1402", "S"));
    assert!(e.contains("only its troops within 600 paces"), "{e}");
    let (s, _) = play(&s, mv("a", "0110", "N"), &[]);
    assert_eq!(s.corps[0].ap, 3);
}

#[test]
fn vv_command_range_600_paces_or_1200_in_sight() {
    // Column 1 is clear; column 3 has woods at 0303-0304.
    let s = duel(
        vec![
            el("d7", "line", "0105", "N"),
            el("d10", "line", "0102", "N"),
            el("woods", "line", "1307", "N"),
            el("d14", "line", "1301", "N"),
        ],
        vec![el("b", "line", "0801", "S")],
    );
    let s = france_moves(&s, 6);
    let cost = |x: &str| generals::move_cost(&s, id(&s, x)).unwrap();
    assert_eq!(cost("d7"), 1, "within 600 paces (hex distance 7)");
    assert_eq!(cost("d10"), 1, "within 1200 paces and in sight");
    assert_eq!(cost("d14"), 2, "over 1200 paces");
    // Move the general to 0312 and the element to 0302, beyond the woods of column 3.
    let mut t = s.clone();
    let g = id(&t, "g-fr");
    t.elements[g].hex = t.setup().grid.parse("0312");
    let w = id(&t, "woods");
    t.elements[w].hex = t.setup().grid.parse("0302");
    assert_eq!(
        generals::move_cost(&t, w).unwrap(),
        2,
        "out of sight behind the woods at 0303-0304, over 600 paces"
    );
    // A lost general: every move 2 AP.
    t.elements[g].destroyed = true;
    t.elements[g].hex = None;
    assert_eq!(generals::move_cost(&t, id(&t, "d7")).unwrap(), 2);
}

// ---------------------------------------------------------------------------------------
// VV 5 Movement

#[test]
fn vv_movement_an_about_turn_in_place_costs_one_ap_and_a_move_turns_free() {
    let s = duel(
        vec![el("a", "line", "0110", "N"), el("b", "line", "0210", "N")],
        vec![el("x", "line", "1301", "S")],
    );
    let s = france_moves(&s, 3);
    let (s, _) = play(
        &s,
        json!({"kind": "pivot", "element": "a", "facing": "S"}),
        &[],
    );
    assert_eq!(s.corps[0].ap, 2);
    assert_eq!(s.elements[id(&s, "a")].facing.name(), "S");
    assert!(refused(&s, mv("a", "0111", "S")).contains("has acted"));
    // A move ending facing another way costs its 1 AP only.
    let (s, _) = play(&s, mv("b", "0208", "S"), &[]);
    assert_eq!(s.corps[0].ap, 1);
    assert_eq!(s.elements[id(&s, "b")].facing.name(), "S");
}

#[test]
fn vv_movement_shares_of_mixed_terrain() {
    // Scrub (rough) at 1104; the high road up column 7.
    let s = duel(
        vec![
            el("inf", "line", "0212", "N"),
            el("inf2", "line", "1107", "N"),
            el("inf3", "line", "1106", "WNW"),
            el("heavy", "heavy_artillery", "0512", "N"),
            el("road", "heavy_artillery", "0712", "N"),
            el("rough", "heavy_artillery", "1205", "N"),
        ],
        vec![el("x", "line", "1301", "S")],
    );
    let s = france_moves(&s, 6);
    play(&s, mv("inf", "0209", "N"), &[]);
    assert!(refused(&s, mv("inf", "0208", "N")).contains("cannot reach 0208"));
    // Two clear hexes (140 + 140) and the scrub (210) exceed the move; one clear and the scrub
    // do not.
    assert!(refused(&s, mv("inf2", "1104", "N")).contains("cannot reach"));
    play(&s, mv("inf3", "1104", "N"), &[]);
    // Heavy artillery: 150 paces in the clear (one hex), 250 on the road (two).
    play(&s, mv("heavy", "0511", "N"), &[]);
    assert!(refused(&s, mv("heavy", "0510", "N")).contains("cannot reach"));
    play(&s, mv("road", "0710", "N"), &[]);
    assert!(refused(&s, mv("road", "0709", "N")).contains("cannot reach"));
    // 50 paces in rough: the minimum move, one hex.
    let (t, _) = play(&s, mv("rough", "1204", "N"), &[]);
    assert_eq!(hex_of(&t, "rough").as_deref(), Some("1204"));
    // It may not enter the woods at all.
    let mut u = s.clone();
    let r = id(&u, "rough");
    u.elements[r].hex = u.setup().grid.parse("0405");
    assert!(refused(&u, mv("rough", "0404", "N")).contains("cannot reach"));
}

#[test]
fn vv_strategic_moves_beyond_1200_paces() {
    let s = duel(
        vec![
            el("far", "light_cavalry", "0212", "N"),
            el("near", "light_cavalry", "1312", "N"),
        ],
        vec![el("x", "line", "1301", "S")],
    );
    let s = france_moves(&s, 6);
    // 0212 is 14 hexes and more from 1301: a strategic move, and another.
    let (s, ev) = play(&s, mv("far", "0211", "N"), &[]);
    assert!(notes(&ev).contains("strategic move"));
    let (s, _) = play(&s, mv("far", "0212", "N"), &[]);
    assert_eq!(s.corps[0].ap, 4);
    // Within 1200 paces of the enemy: one move only.
    let (s, ev) = play(&s, mv("near", "1311", "N"), &[]);
    assert!(!notes(&ev).contains("strategic"));
    assert!(refused(&s, mv("near", "1312", "N")).contains("has acted"));
}

#[test]
fn vv_zone_of_control_stops_a_move_at_its_limit() {
    // A British line at 0103 facing south: its zone is hex distance 2-3 ahead, 0105-0106.
    let s = duel(
        vec![el("f1", "line", "0108", "N"), el("f2", "line", "0207", "N")],
        vec![el("b", "line", "0103", "S")],
    );
    let s = france_moves(&s, 6);
    // From 0108: entering the zone at 0106 stops it there; 0105 is refused.
    assert!(refused(&s, mv("f1", "0105", "N")).contains("cannot reach 0105"));
    let (t, _) = play(&s, mv("f1", "0106", "N"), &[]);
    assert_eq!(hex_of(&t, "f1").as_deref(), Some("0106"));
    // From 0106 (in the zone) it may close to contact, or leave; not stay in the zone.
    let mut u = s.clone();
    let f1 = id(&u, "f1");
    u.elements[f1].hex = u.setup().grid.parse("0107");
    let (v, ev) = play(&u, mv("f1", "0104", "N"), &[]);
    assert_eq!(hex_of(&v, "f1").as_deref(), Some("0104"));
    assert!(v.elements[f1].charged);
    let _ = ev;
}

fn facings_at_of(c: &Command) -> kepi::engine::facing::Facing {
    match c {
        Command::Move { facing, .. } => *facing,
        other => panic!("not a move: {other:?}"),
    }
}

#[test]
fn vv_zone_of_control_aligns_an_element_to_face_its_owner() {
    use kepi::engine::facing::Facing;
    use kepi::engine::vae_victis::geometry::{self, facings_toward};
    // VV 6 "A unit that finds itself in an enemy ZoC must align itself to face that unit":
    // the British line at 0103 facing south holds 0105-0106 in its zone.
    let s = duel(
        vec![
            el("f1", "line", "0108", "N"),
            el("f2", "line", "0408", "N"),
            el("f3", "line", "0305", "N"),
        ],
        vec![el("b", "line", "0103", "S")],
    );
    let s = france_moves(&s, 6);
    // A move ending in the zone faces b (north); any other facing is refused by the rule.
    let why = refused(&s, mv("f1", "0106", "ENE"));
    assert!(
        why.contains("VV 6") && why.contains("b (N)") && why.contains("may not face ENE"),
        "{why}"
    );
    let (t, _) = play(&s, mv("f1", "0106", "N"), &[]);
    assert_eq!(hex_of(&t, "f1").as_deref(), Some("0106"));
    // The legal list offers only that facing there; outside the zone, as before, the facing
    // of the last step and the element's own.
    let legal = VaeVictis.legal(&s);
    let facings_at = |hex: &str| -> Vec<Facing> {
        legal
            .iter()
            .filter_map(|c| match c {
                Command::Move {
                    element,
                    to,
                    facing,
                } if element == "f1" && to == hex => Some(*facing),
                _ => None,
            })
            .collect()
    };
    assert_eq!(facings_at("0106"), vec![Facing::parse("N").unwrap()]);
    assert!(!facings_at("0107").is_empty());
    // The play view's click on a hex of the zone (the reach's command) faces as the list
    // offers, whichever way the last step goes: every such command is a legal one.
    let (mut zone_hexes, mut askew) = (0, 0);
    for e in ["f1", "f2", "f3"] {
        let r = VaeVictis.reach(&s, e).unwrap();
        for h in &r.hexes {
            let g = &s.setup().grid;
            let hex = g.parse(&h.hex).unwrap();
            if geometry::zone_owners(&s, 0, hex).is_empty() {
                continue;
            }
            zone_hexes += 1;
            let c: Command = serde_json::from_value(h.command.clone()).unwrap();
            assert!(legal.contains(&c), "{e} to {}: {c:?} is not listed", h.hex);
            let last = g.parse(&h.path[h.path.len() - 2]).unwrap();
            if geometry::hexside_toward(&s, last, hex) != facings_at_of(&c) {
                askew += 1;
            }
        }
    }
    assert!(zone_hexes >= 3 && askew >= 1, "{zone_hexes} {askew}");
    // An element standing in the zone pivots only to face b; out of it, to any hexside.
    let mut u = s.clone();
    let f1 = id(&u, "f1");
    u.elements[f1].hex = u.setup().grid.parse("0106");
    u.elements[f1].facing = Facing::parse("ENE").unwrap();
    let pivot = |f: &str| json!({"kind": "pivot", "element": "f1", "facing": f});
    assert!(refused(&u, pivot("S")).contains("VV 6"));
    let (v, _) = play(&u, pivot("N"), &[]);
    assert_eq!(v.elements[f1].facing, Facing::parse("N").unwrap());
    let pivots: Vec<String> = VaeVictis
        .legal(&u)
        .iter()
        .filter_map(|c| match c {
            Command::Pivot { element, facing } if element == "f1" => Some(facing.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(pivots, vec!["N"]);
    let f2_pivots = VaeVictis
        .legal(&u)
        .iter()
        .filter(|c| matches!(c, Command::Pivot { element, .. } if element == "f2"))
        .count();
    assert_eq!(f2_pivots, 5, "f2 stands in no zone: every other hexside");
    // "Face that unit": the hexside nearest the bearing; both where it lies midway between
    // two. Of the twelve hexes two hexes away, six lie straight off a hexside, six midway.
    let g = &s.setup().grid;
    let from = g.parse("0506").unwrap();
    let ring: Vec<usize> = g
        .to_hex(from)
        .ring(2)
        .filter_map(|h| g.from_hex(h))
        .map(|h| facings_toward(&s, from, h).len())
        .collect();
    assert_eq!(ring.len(), 12);
    assert_eq!(ring.iter().filter(|&&n| n == 1).count(), 6);
    assert_eq!(ring.iter().filter(|&&n| n == 2).count(), 6);
}

#[test]
fn vv_interpenetration_skirmishers_and_artillery_are_passed() {
    use kepi::engine::facing::Facing;
    use kepi::engine::vae_victis::movement::reach;
    // A field battery (two hexes a move) behind a line may not pass through it, and the way
    // round is three hexes; behind skirmishers it passes.
    let s = duel(
        vec![
            el("g", "field_artillery", "0610", "N"),
            el("d", "line", "0609", "N"),
            el("g2", "field_artillery", "0310", "N"),
            el("k", "light_skirmishers", "0309", "N"),
            el("lc", "light_cavalry", "0810", "N"),
            el("art", "field_artillery", "0809", "N"),
        ],
        vec![el("x", "line", "1301", "S")],
    );
    let s = france_moves(&s, 6);
    assert!(refused(&s, mv("g", "0608", "N")).contains("cannot reach 0608"));
    play(&s, mv("g2", "0308", "N"), &[]);
    // Cavalry through artillery facing the same or the opposite way; not across it.
    let lc = id(&s, "lc");
    let to = s.setup().grid.parse("0808").unwrap();
    let f = |n: &str| Some(Facing::parse(n).unwrap());
    assert_eq!(
        reach(&s, lc, f("N"))[&to].hexes.len(),
        3,
        "straight through the battery"
    );
    assert_eq!(
        reach(&s, lc, f("S"))[&to].hexes.len(),
        3,
        "facing the opposite way"
    );
    assert_eq!(reach(&s, lc, f("ENE"))[&to].hexes.len(), 4, "round it");
    assert!(!reach(&s, lc, f("ENE"))[&to].passes);
}

#[test]
fn vv_movement_a_generals_first_move_is_free() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0112"),
                vec![el("a", "line", "0111", "N")],
            )],
            Some(("nap", "0212")),
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "0106", "S")],
            )],
            None,
        ),
    );
    // France first: corps I 3 AP, the C-in-C 3.
    let s = opened(&s, &[3, 3, 3], 0, &[3, 3]);
    // A general never moves into contact: 0107 (five hexes up his column, within his 500
    // paces) touches the British line at 0106; 0108 does not.
    assert!(refused(&s, mv("g-fr", "0107", "N")).contains("cannot reach 0107"));
    play(&s, mv("g-fr", "0108", "N"), &[]);
    let (s, _) = play(&s, mv("g-fr", "0312", "N"), &[]);
    assert_eq!(s.corps[0].ap, 3, "the first move is free");
    let (s, _) = play(&s, mv("g-fr", "0412", "N"), &[]);
    assert_eq!(s.corps[0].ap, 2, "the next costs 1 AP");
    let (s, _) = play(&s, mv("nap", "0211", "N"), &[]);
    assert!(refused(&s, mv("nap", "0210", "N")).contains("has made his move"));
}

#[test]
fn vv_movement_units_attached_to_a_general_benefit_from_his_free_move() {
    use kepi::engine::vae_victis::groups;
    // VV 5.7 "Any units or group of units attached to a general may also benefit from the
    // generals' free move": a and b stand beside their general at 0112, c does not.
    let s = duel(
        vec![
            el("a", "line", "0111", "N"),
            el("b", "line", "0212", "N"),
            el("c", "line", "0511", "N"),
            el("d", "line", "0611", "N"),
        ],
        vec![el("x", "line", "1402", "S")],
    );
    let s = france_moves(&s, 3);
    // Before the general moves, a's move costs 1 AP like any other.
    let (t, _) = play(&s, mv("a", "0110", "N"), &[]);
    assert_eq!(t.corps[0].ap, 2);
    // His free first move carries a and b: their next move (or pivot) costs nothing; c's
    // costs 1 AP; the mark is spent by the move.
    let (s, ev) = play(&s, mv("g-fr", "0312", "N"), &[]);
    assert_eq!(s.corps[0].ap, 3, "the general's first move is free");
    assert!(
        notes(&ev).contains(
            "g-fr's free move carries a, b beside him: the next move or about-turn of each is \
             free this turn (VV 5.7)"
        ),
        "{}",
        notes(&ev)
    );
    let carried = |s: &State, e: &str| s.elements[id(s, e)].carried;
    assert!(carried(&s, "a") && carried(&s, "b") && !carried(&s, "c"));
    let (s, ev) = play(&s, mv("a", "0109", "N"), &[]);
    assert_eq!(s.corps[0].ap, 3, "a moves free with its general");
    assert!(notes(&ev).contains("a goes free: carried by its general's free move (VV 5.7)"));
    assert!(!carried(&s, "a"));
    let (t, _) = play(
        &s,
        json!({"kind": "pivot", "element": "b", "facing": "ENE"}),
        &[],
    );
    assert_eq!(t.corps[0].ap, 3, "b's about-turn is free too");
    let (t, _) = play(&s, mv("c", "0510", "N"), &[]);
    assert_eq!(t.corps[0].ap, 2, "c was not beside him");
    // A group one of whose elements he carried moves free: b with c and d in line.
    let (b, c, d) = (id(&s, "b"), id(&s, "c"), id(&s, "d"));
    let mut u = s.clone();
    u.elements[b].hex = u.setup().grid.parse("0411");
    assert_eq!(groups::cost(&u, &[b, c, d]).unwrap(), 0);
    assert_eq!(groups::cost(&u, &[c, d]).unwrap(), 1);
    // The general's second move carries no one.
    let (t, _) = play(&s, mv("g-fr", "0412", "N"), &[]);
    assert_eq!(t.corps[0].ap, 2);
    assert!(
        t.elements.iter().filter(|x| x.carried).count() == 1,
        "b's mark only"
    );
}

#[test]
fn vv_lga_fire_tactical_factors() {
    use kepi::engine::vae_victis::fire::combat;
    let s = duel(
        vec![
            el("og", "guard", "0510", "N"),
            el("gun", "field_artillery", "0810", "N"),
            el("sq", "line", "0210", "N"),
        ],
        vec![
            el("cav", "light_cavalry", "0507", "S"),
            el("sk", "light_skirmishers", "0806", "S"),
            el("t", "line", "0207", "S"),
        ],
    );
    let mut s = france_fires(&s);
    let sq = id(&s, "sq");
    s.elements[sq].square = true;
    let keys = |x: &kepi::engine::vae_victis::combat::Score| {
        x.terms.iter().map(|t| t.key.clone()).collect::<Vec<_>>()
    };
    // The French Old Guard at long range against cavalry, which defends with its melee factor.
    let c = combat(&s, id(&s, "og"), id(&s, "cav"), &[]).unwrap();
    assert_eq!(
        keys(&c.firer),
        [
            "target_cavalry",
            "long_range",
            "russian_artillery_old_guard"
        ]
    );
    assert_eq!(
        (c.firer.modifier(), c.target.modifier()),
        (4 + 1 - 1 + 1, 2)
    );
    // Case shot at short range against skirmishers, out of their range: melee 1.
    let c = combat(&s, id(&s, "gun"), id(&s, "sk"), &[]).unwrap();
    assert_eq!(keys(&c.firer), ["target_skirmishers", "case_shot"]);
    assert_eq!(
        (
            c.firer.modifier(),
            c.target.base_name.as_str(),
            c.target.modifier()
        ),
        (3, "melee", 1)
    );
    // A square fires at -1; the British line returns fire at it: +1 British, +1 square, -1 long.
    let c = combat(&s, sq, id(&s, "t"), &[]).unwrap();
    assert_eq!(keys(&c.firer), ["firer_in_square", "long_range"]);
    assert_eq!(
        keys(&c.target),
        ["british_infantry", "long_range", "target_square"]
    );
    assert_eq!(c.target.modifier(), 3 + 1 - 1 + 1);
    // Hard cover: the walled field at 0906.
    let s = duel(
        vec![el("fm", "militia", "0906", "N")],
        vec![el("bl", "line", "0903", "S")],
    );
    let s = france_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let c = combat(&s, id(&s, "bl"), id(&s, "fm"), &[]).unwrap();
    assert_eq!(
        keys(&c.firer),
        ["british_infantry", "hard_cover", "long_range"]
    );
}

#[test]
fn vv_lga_melee_tactical_factors() {
    // Cuirassiers charge a militia element in the walled field (hard cover) with a British
    // battery at 0909 able to fire at it (artillery supporting the attack); a French line on
    // the rise (1106, higher) is attacked from 1105; two lines fight in the village.
    let s = duel(
        vec![
            el("f", "militia", "0906", "N"),
            el("hf", "line", "1106", "N"),
            el("vf", "line", "0707", "N"),
        ],
        vec![
            el("b", "cuirassiers", "0903", "S"),
            el("ba", "field_artillery", "0909", "N"),
            el("hb", "line", "1105", "S"),
            el("vb", "line", "0706", "S"),
        ],
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, mv("b", "0905", "S"), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let keys = |x: &kepi::engine::vae_victis::combat::Score| {
        x.terms
            .iter()
            .map(|t| (t.key.clone(), t.value))
            .collect::<Vec<_>>()
    };
    type Terms = Vec<(String, i32)>;
    let k = |a: &str, b: &str| -> (Terms, Terms) {
        let (x, y) = melee::scores(&s, id(&s, a), id(&s, b));
        (keys(&x), keys(&y))
    };
    let o = |v: &[(&str, i32)]| {
        v.iter()
            .map(|(a, b)| (a.to_string(), *b))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        k("b", "f"),
        (
            o(&[("charge", 2), ("artillery_support", 1)]),
            o(&[("hard_cover", 2)])
        )
    );
    assert_eq!(k("hb", "hf"), (o(&[]), o(&[("higher", 1)])));
    assert_eq!(
        k("vb", "vf"),
        (
            o(&[("difficult", -2)]),
            o(&[("soft_cover", 1), ("difficult", -2)])
        )
    );
}

// ---------------------------------------------------------------------------------------
// VV 7 Fire

#[test]
fn vv_fire_only_out_of_contact_and_never_cavalry() {
    let s = duel(
        vec![
            el("cav", "lancers", "0110", "N"),
            el("inf", "line", "0410", "N"),
            el("inf2", "line", "0610", "N"),
        ],
        vec![el("b", "line", "0108", "S"), el("c", "line", "0609", "S")],
    );
    let s = france_fires(&s);
    assert_eq!(s.phase, Phase::Fire);
    assert!(
        refused(&s, json!({"kind": "fire", "element": "cav", "target": "b"}))
            .contains("Cavalry units may not fire")
    );
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "inf2", "target": "c"}),
    );
    assert!(e.contains("VV 7") && e.contains("in contact"), "{e}");
    // The active player does not fire.
    let e = refused(&s, json!({"kind": "fire", "element": "b", "target": "cav"}));
    assert!(e.contains("only the passive player fires"), "{e}");
}

#[test]
fn vv_fire_preview_lists_each_sides_own_factors_and_the_chances() {
    // VV 7.6: the firer's die with its fire factor and tactical factors against the target's
    // with its melee factor (or fire, returning it) and its own. The play view's preview lists
    // each side's factors under it; none is on the totals (a factor shown there would read as
    // the defence's too).
    let s = duel(
        vec![el("gun", "field_artillery", "0410", "N")],
        vec![el("b", "line", "0408", "S")],
    );
    let s = france_fires(&s);
    let fire = Command::Fire {
        element: "gun".into(),
        target: "b".into(),
        supports: vec![],
    };
    let p = VaeVictis.preview(&s, &[fire]).unwrap();
    let names = |m: &[kepi::engine::preview::Modifier]| {
        m.iter().map(|m| m.name.clone()).collect::<Vec<_>>()
    };
    let firer = names(&p.attackers[0].modifiers);
    assert!(
        firer.iter().any(|n| n.contains("case shot")),
        "the gun's case shot at short range: {firer:?}"
    );
    let target = names(&p.defenders[0].modifiers);
    assert!(
        !target.iter().any(|n| n.contains("case shot")),
        "the target has none of the gun's factors: {target:?}"
    );
    assert!(p.modifiers.is_empty(), "{:?}", names(&p.modifiers));
    assert_eq!(p.attack_total, format!("d6 {}", p.attackers[0].value));
    assert_eq!(p.defense_total, format!("d6 {}", p.defenders[0].value));
    let sum: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
}

#[test]
fn vv_fire_field_of_fire_three_elements_wide() {
    let s = duel(
        vec![el("inf", "line", "0510", "N")],
        vec![
            el("ahead", "militia", "0508", "S"),
            el("side", "militia", "0408", "S"),
            el("wide", "militia", "0308", "S"),
        ],
    );
    let s = france_fires(&s);
    let (f, a, b, c) = (
        id(&s, "inf"),
        id(&s, "ahead"),
        id(&s, "side"),
        id(&s, "wide"),
    );
    let g = |x: usize| s.elements[x].hex.unwrap();
    use kepi::engine::vae_victis::geometry::in_field;
    assert!(in_field(&s, f, g(a)));
    assert!(in_field(&s, f, g(b)));
    assert!(!in_field(&s, f, g(c)));
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "inf", "target": "wide"}),
    );
    assert!(e.contains("not in inf's field of fire"), "{e}");
}

#[test]
fn vv_line_of_fire_the_forest_example() {
    // Woods at 0403 and 0404: an element at 0404 is at the forest's edge toward 0406; one at
    // 0403 is 100 paces inside. "Equally it cannot be targeted if it is over 50 paces from the
    // edge of the forest."
    let s = duel(
        vec![el("inf", "line", "0406", "N")],
        vec![el("edge", "militia", "0404", "S")],
    );
    let s = france_fires(&s);
    play(
        &s,
        json!({"kind": "fire", "element": "inf", "target": "edge"}),
        &[1, 6],
    );
    let s = duel(
        vec![el("inf", "line", "0406", "N")],
        vec![el("deep", "militia", "0403", "S")],
    );
    let s = france_fires(&s);
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "inf", "target": "deep"}),
    );
    assert!(e.contains("0404 (woods) blocks the line of fire"), "{e}");
}

#[test]
fn vv_fire_priority_to_the_element_in_front() {
    let s = duel(
        vec![el("inf", "line", "0510", "N")],
        vec![
            el("front", "militia", "0508", "S"),
            el("side", "militia", "0408", "S"),
        ],
    );
    let s = france_fires(&s);
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "inf", "target": "side"}),
    );
    assert!(
        e.contains("must fire on front, immediately to its front, first"),
        "{e}"
    );
}

#[test]
fn vv_fire_skirmisher_screens() {
    // A British line at 0406 screened by its skirmishers at 0407.
    let s = duel(
        vec![el("gun", "field_artillery", "0411", "N")],
        vec![
            el("line", "line", "0406", "S"),
            el("skr", "light_skirmishers", "0407", "S"),
        ],
    );
    let s = france_fires(&s);
    // Hex distance 5: short range; only medium or long range fire ignores the screen.
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "gun", "target": "line"}),
    );
    assert!(
        e.contains("VV 7.3") && e.contains("protected by the skirmishers skr"),
        "{e}"
    );
    // From 0412 the skirmishers straight ahead are the gun's priority target (VV 7.3).
    let s = duel(
        vec![el("gun", "field_artillery", "0412", "N")],
        vec![
            el("line", "line", "0406", "S"),
            el("skr", "light_skirmishers", "0407", "S"),
        ],
    );
    let s = france_fires(&s);
    let e = refused(
        &s,
        json!({"kind": "fire", "element": "gun", "target": "line"}),
    );
    assert!(e.contains("must fire on skr"), "{e}");
    // From 0512, a column aside, at medium range: the gun may target the line behind them.
    let s = duel(
        vec![el("gun", "field_artillery", "0512", "N")],
        vec![
            el("line", "line", "0406", "S"),
            el("skr", "light_skirmishers", "0407", "S"),
        ],
    );
    let s = france_fires(&s);
    let (_, ev) = play(
        &s,
        json!({"kind": "fire", "element": "gun", "target": "line"}),
        &[1, 6],
    );
    assert!(
        notes(&ev).contains("VV 7.6 fire at medium range"),
        "{}",
        notes(&ev)
    );
}

#[test]
fn vv_fire_supports_overlap_the_target_and_return_fire() {
    // Two French lines fire at a British line at long range (hex distance 3); it returns fire
    // at the firer (in its field, in range). Firer: die 4 + fire 3 + long range -1 = 6.
    // Target: die 1 + fire 3 + British infantry +1 + long range -1 + one overlap -1 = 3.
    // 3 is half of 6: "Destroyed" (Infantry, half or less).
    let s = duel(
        vec![el("a", "line", "0410", "N"), el("b", "line", "0510", "N")],
        vec![el("t", "line", "0407", "S")],
    );
    let s = france_fires(&s);
    let (s2, ev) = play(
        &s,
        json!({"kind": "fire", "element": "a", "target": "t", "supports": ["b"]}),
        &[4, 1],
    );
    let n = notes(&ev);
    assert!(
        n.contains("a: die 4 + fire 3, Target at long range -1 = 6"),
        "{n}"
    );
    assert!(n.contains("t: die 1 + fire (return fire) 3, British infantry firing +1, Target at long range -1, For each enemy overlap -1 = 3"), "{n}");
    assert!(n.contains("t is destroyed"), "{n}");
    assert!(s2.elements[id(&s2, "t")].destroyed);
    assert!(s2.elements[id(&s2, "b")].fired);
    // The same with 6 and 4: 8 against 6, more than half: it recoils one hex back (north).
    let (s3, ev) = play(
        &s,
        json!({"kind": "fire", "element": "a", "target": "t", "supports": ["b"]}),
        &[6, 4],
    );
    assert!(notes(&ev).contains("t recoils to 0406"), "{}", notes(&ev));
    assert_eq!(hex_of(&s3, "t").as_deref(), Some("0406"));
    // 4 and 5: 6 against 7, the target holds (and the firer suffers nothing).
    let (s4, ev) = play(
        &s,
        json!({"kind": "fire", "element": "a", "target": "t"}),
        &[4, 5],
    );
    assert!(notes(&ev).contains("t holds"));
    assert_eq!(hex_of(&s4, "t").as_deref(), Some("0407"));
}

#[test]
fn vv_fire_enfilade_from_behind_the_front_line() {
    // The British line faces north, away from the firer: +2 to the firer; it cannot return
    // fire, so it adds its melee factor. Firer 1 + 3 - 1 + 2 = 5; target 6 + 3 = 9: holds.
    let s = duel(
        vec![el("a", "line", "0410", "N")],
        vec![el("t", "line", "0407", "N")],
    );
    let s = france_fires(&s);
    let (_, ev) = play(
        &s,
        json!({"kind": "fire", "element": "a", "target": "t"}),
        &[1, 6],
    );
    let n = notes(&ev);
    assert!(n.contains("Enfilading fire +2") && n.contains("= 5"), "{n}");
    assert!(n.contains("t: die 6 + melee 3 = 9"), "{n}");
}

// ---------------------------------------------------------------------------------------
// VV 8 Melee

#[test]
fn vv_melee_contact_turns_the_defender_ties_rolled_again_recoil_and_pursuit() {
    // A French line at 0410 facing ENE; a British line comes down column 4 into contact at
    // 0409: the French line pivots to face it.
    let s = duel(
        vec![el("f", "line", "0410", "ENE")],
        vec![el("b", "line", "0407", "S")],
    );
    let s = britain_moves(&s, 3);
    let (s, ev) = play(&s, mv("b", "0409", "S"), &[]);
    assert!(notes(&ev).contains("f pivots to face b"), "{}", notes(&ev));
    assert_eq!(s.elements[id(&s, "f")].facing.name(), "N");
    // Defensive fire: neither may fire in contact.
    let (s, _) = play(&s, end(), &[]);
    assert_eq!(VaeVictis.legal(&s), vec![Command::End]);
    let (s, _) = play(&s, end(), &[]);
    assert_eq!(s.phase, Phase::Melee);
    // Obligatory.
    assert!(refused(&s, end()).contains("melee is obligatory"));
    // 3 + 3 against 3 + 3: rolled again; 5 + 3 = 8 against 2 + 3 = 5: the French line recoils.
    let (s, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[3, 3, 5, 2],
    );
    assert_eq!(VaeVictis.rolls(&ev).len(), 4);
    let n = notes(&ev);
    assert!(n.contains("rolled again"), "{n}");
    assert!(n.contains("f recoils to 0411"), "{n}");
    // Pursuit is optional for a line: offered.
    assert_eq!(VaeVictis.legal(&s), vec![Command::Pursue, Command::Hold]);
    let (s, _) = play(&s, json!({"kind": "pursue"}), &[]);
    assert_eq!(hex_of(&s, "b").as_deref(), Some("0410"));
}

#[test]
fn vv_melee_artillery_and_infantry_against_cavalry_in_the_open_do_not_charge() {
    let s = duel(
        vec![
            el("cav", "cuirassiers", "0410", "N"),
            el("f", "line", "0710", "N"),
        ],
        vec![
            el("gun", "field_artillery", "0708", "S"),
            el("inf", "line", "0408", "S"),
        ],
    );
    let s = britain_moves(&s, 3);
    let e = refused(&s, mv("gun", "0709", "S"));
    assert!(
        e.contains("an artillery element may not voluntarily engage"),
        "{e}"
    );
    let e = refused(&s, mv("inf", "0409", "S"));
    assert!(e.contains("VV 8.1"), "{e}");
}

#[test]
fn vv_melee_rear_support_overlaps_and_general_attached() {
    // Britain attacks the French line at 0410 from 0409; a second British line at 0510 (the
    // French line's corner) faces it: an overlap. A French line behind at 0411 facing north:
    // rear support. The French general beside at 0311: attached.
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0311"),
                vec![
                    el("f", "line", "0410", "N"),
                    el("back", "line", "0411", "N"),
                ],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "0409", "S"), el("o", "line", "0510", "WSW")],
            )],
            None,
        ),
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (a, d) = (id(&s, "b"), id(&s, "f"));
    let (sa, sd) = melee::scores(&s, a, d);
    let keys = |x: &kepi::engine::vae_victis::combat::Score| {
        x.terms.iter().map(|t| t.key.clone()).collect::<Vec<_>>()
    };
    assert_eq!(keys(&sd), ["general_attached", "rear_support", "overlap"]);
    assert_eq!(sd.modifier(), 3 + 1 + 1 - 1);
    assert!(keys(&sa).is_empty(), "{:?}", keys(&sa));
}

#[test]
fn vv_melee_attacked_on_more_than_one_front() {
    // The French line at 0410 has British lines at its front (0409) and rear (0411, facing
    // it): losing, even by more than half, it is destroyed.
    let s = duel(
        vec![el("f", "line", "0410", "N")],
        vec![el("b", "line", "0409", "S"), el("r", "line", "0411", "N")],
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s2, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[4, 3],
    );
    assert!(notes(&ev).contains("attacked on more than one front and loses"));
    assert!(s2.elements[id(&s2, "f")].destroyed);
    // Winning, it makes all its opponents retreat.
    let (s3, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[1, 6],
    );
    assert!(notes(&ev).contains("all its opponents must retreat"));
    assert_eq!(hex_of(&s3, "b").as_deref(), Some("0408"));
    assert_eq!(hex_of(&s3, "r").as_deref(), Some("0412"));
}

#[test]
fn vv_results_recoil_pushes_a_column_or_destroys() {
    // The French line at 0410 loses by more than half with a French line behind it facing the
    // same way: both go back a hex.
    let s = duel(
        vec![
            el("f", "line", "0410", "N"),
            el("back", "line", "0411", "N"),
        ],
        vec![el("b", "line", "0409", "S")],
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s2, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[5, 3],
    );
    assert!(notes(&ev).contains("pushing back back"), "{}", notes(&ev));
    assert_eq!(hex_of(&s2, "f").as_deref(), Some("0411"));
    assert_eq!(hex_of(&s2, "back").as_deref(), Some("0412"));
    // Behind it a friend facing another way: it cannot recoil and is destroyed.
    let s = duel(
        vec![
            el("f", "line", "0410", "N"),
            el("back", "line", "0411", "S"),
        ],
        vec![el("b", "line", "0409", "S")],
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s2, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[5, 3],
    );
    assert!(
        notes(&ev).contains("facing in a different direction"),
        "{}",
        notes(&ev)
    );
    assert!(s2.elements[id(&s2, "f")].destroyed);
}

#[test]
fn vv_fleeing_and_heavy_cavalry_pursuit() {
    // British dragoons charge French light cavalry at 0104 from 0101: 4 + 3 + charge 1 = 8
    // against 4 + 2 = 6: more than half; light cavalry "Flee from cavalry": it recoils to
    // 0105 and flees 500 + 100 paces (6 hexes) south, to 0111. The dragoons (heavy) must
    // pursue into 0104.
    let s = duel(
        vec![el("lc", "light_cavalry", "0104", "N")],
        vec![el("dr", "dragoons", "0101", "S")],
    );
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, mv("dr", "0103", "S"), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s, ev) = play(
        &s,
        json!({"kind": "melee", "element": "dr", "target": "lc"}),
        &[4, 4],
    );
    let n = notes(&ev);
    assert!(
        n.contains(
            "dr: die 4 + melee 3, Charging cavalry or infantry in first round of melee +1 = 8"
        ),
        "{n}"
    );
    assert!(n.contains("lc flees"), "{n}");
    assert_eq!(hex_of(&s, "lc").as_deref(), Some("0111"));
    assert_eq!(s.elements[id(&s, "lc")].facing.name(), "S");
    assert_eq!(hex_of(&s, "dr").as_deref(), Some("0104"));
    assert!(s.pursuit.is_none());
}

#[test]
fn vv_generals_lost_beside_an_element_destroyed() {
    let s = duel(
        vec![
            el("f", "line", "0410", "N"),
            el("back", "line", "0411", "S"),
        ],
        vec![el("b", "line", "0409", "S")],
    );
    let mut s = s;
    let g = id(&s, "g-fr");
    s.elements[g].hex = s.setup().grid.parse("0310");
    let s = britain_moves(&s, 3);
    let (s, _) = play(&s, end(), &[]);
    let (s, _) = play(&s, end(), &[]);
    let (s2, ev) = play(
        &s,
        json!({"kind": "melee", "element": "b", "target": "f"}),
        &[5, 3],
    );
    assert!(
        notes(&ev).contains("g-fr is killed or captured"),
        "{}",
        notes(&ev)
    );
    assert!(s2.elements[g].destroyed);
}

// ---------------------------------------------------------------------------------------
// VV 9 Demoralisation, VV 10 Victory

fn full_corps() -> Vec<Value> {
    // Twelve lines: 36 points.
    (1..=12)
        .map(|i| {
            el(
                &format!("l{i}"),
                "line",
                &format!("{:02}{}", (i - 1) % 6 + 1, if i <= 6 { "09" } else { "10" }),
                "N",
            )
        })
        .collect()
}

#[test]
fn vv_demoralisation_a_third_of_the_points_and_a_rally_die() {
    let s = position(
        (vec![corps("I", ("g-fr", "0311"), full_corps())], None),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "1402", "S")],
            )],
            None,
        ),
    );
    assert_eq!(s.setup().corps[0].points, 36);
    let mut s = britain_moves(&s, 3);
    for i in 1..=3 {
        let e = id(&s, &format!("l{i}"));
        s.elements[e].destroyed = true;
        s.elements[e].hex = None;
        s.elements[e].lost = 3;
    }
    assert_eq!(morale::lost(&s, 0), 9);
    assert!(!morale::past_threshold(&s, 0), "9 points of 36");
    let e = id(&s, "l4");
    s.elements[e].destroyed = true;
    s.elements[e].hex = None;
    s.elements[e].lost = 3;
    assert!(
        morale::past_threshold(&s, 0),
        "12 points of 36: \"a third of its points (i.e. 12 points)\""
    );
    // Britain ends its phases: France (passive) checks: a 2 rallies the two nearest its
    // general at 0311: l9 (0310) and l3's neighbour l10 ... the rest flee next turn.
    let (s, _) = play(&s, end(), &[]);
    let (s, ev) = play(&s, end(), &[2]);
    let n = notes(&ev);
    assert!(
        n.contains("corps I has lost 12 of its 36 points: demoralised"),
        "{n}"
    );
    assert!(s.corps[0].demoralised);
    let fleeing: Vec<String> = (0..s.elements.len())
        .filter(|&e| s.elements[e].to_flee)
        .map(|e| s.setup().elements[e].id.clone())
        .collect();
    assert_eq!(fleeing.len(), 6, "{fleeing:?}");
    // VV 10, between two corps: Britain has destroyed a third of France's points and wins.
    let o = s.outcome.clone().unwrap();
    assert_eq!(o.winner, Some(1));
    assert!(o.reason.contains("a third of its points"), "{}", o.reason);
}

#[test]
fn vv_demoralisation_without_a_general_only_the_c_in_c_rallies_and_victory_by_army_morale() {
    let s = position(
        (
            vec![
                corps("I", ("g1", "0312"), full_corps()),
                corps("C", ("g2", "1212"), vec![el("c1", "lancers", "1211", "N")]),
                corps("K", ("g3", "1012"), vec![el("k1", "lancers", "1011", "N")]),
            ],
            Some(("nap", "0411")),
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "1402", "S")],
            )],
            None,
        ),
    );
    let mut s = opened(&s, &[3, 3, 3, 3, 3], 1, &[3]);
    let g1 = id(&s, "g1");
    s.elements[g1].destroyed = true;
    s.elements[g1].hex = None;
    for i in 1..=4 {
        let e = id(&s, &format!("l{i}"));
        s.elements[e].destroyed = true;
        s.elements[e].hex = None;
        s.elements[e].lost = 3;
    }
    let (s, _) = play(&s, end(), &[]);
    // The C-in-C rolls 1: one element rallies, the nearest him (0411): l10 at 0410.
    let (s, ev) = play(&s, end(), &[1]);
    assert!(
        notes(&ev).contains("nap rallies 1 element(s) within his command range: l10"),
        "{}",
        notes(&ev)
    );
    // One corps of three demoralised: the game goes on.
    assert!(s.outcome.is_none());
    let mut t = s.clone();
    t.corps[1].demoralised = true;
    let mut ev = Vec::new();
    morale::victory(&mut t, &mut ev);
    let o = t.outcome.unwrap();
    assert_eq!(o.winner, Some(1));
    assert!(
        o.reason.contains("2 of its 3 corps demoralised"),
        "{}",
        o.reason
    );
}

#[test]
fn vv_demoralised_elements_flee_in_their_movement_phase_and_attack_at_minus_one_but_the_guard() {
    let s = position(
        (
            vec![corps(
                "I",
                ("g-fr", "0306"),
                vec![
                    el("l", "line", "0105", "N"),
                    el("gd", "guard", "0505", "N"),
                    el("x", "line", "0205", "N"),
                ],
            )],
            None,
        ),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b", "line", "0104", "S"), el("c", "line", "0504", "S")],
            )],
            None,
        ),
    );
    let mut s = france_moves(&s, 3);
    s.corps[0].demoralised = true;
    let (l, gd, b, c) = (id(&s, "l"), id(&s, "gd"), id(&s, "b"), id(&s, "c"));
    s.phase = Phase::Melee;
    let keys = |x: usize, o: usize| {
        melee::scores(&s, x, o)
            .0
            .terms
            .iter()
            .map(|t| t.key.clone())
            .collect::<Vec<_>>()
    };
    assert!(keys(l, b).contains(&"demoralised".to_string()));
    assert!(
        !keys(gd, c).contains(&"demoralised".to_string()),
        "Guard units do not suffer a deduction"
    );
    // Defending, no deduction.
    let d = melee::scores(&s, b, l)
        .1
        .terms
        .iter()
        .any(|t| t.key == "demoralised");
    assert!(!d);
    // Marked to flee: it flees after its side's activation dice.
    let mut t = s.clone();
    t.phase = Phase::Movement;
    t.activated = false;
    let x = id(&t, "x");
    t.elements[x].to_flee = true;
    let (t, ev) = play(&t, json!({"kind": "activate"}), &[3]);
    assert!(notes(&ev).contains("x flees"), "{}", notes(&ev));
    assert_eq!(hex_of(&t, "x").as_deref(), Some("0209"));
}

// ---------------------------------------------------------------------------------------
// LGA Squares, Skirmishers

#[test]
fn vv_lga_squares_all_faces_no_outflanking() {
    let s = duel(
        vec![
            el("sq", "line", "0410", "N"),
            el("cav", "cuirassiers", "0810", "N"),
        ],
        vec![
            el("b", "line", "0407", "S"),
            el("lc", "light_cavalry", "1301", "S"),
            el("o", "line", "1201", "S"),
        ],
    );
    let s = france_moves(&s, 6);
    let (s, ev) = play(&s, json!({"kind": "square", "element": "sq"}), &[]);
    assert!(notes(&ev).contains("forms square"));
    assert_eq!(s.corps[0].ap, 5);
    assert!(
        refused(&s, json!({"kind": "square", "element": "cav"})).contains("only it forms square")
    );
    let sq = id(&s, "sq");
    use kepi::engine::vae_victis::geometry::{Around, around, in_field};
    // No corners, flanks or rear: all front; it fires all round.
    let behind = s.setup().grid.parse("0411").unwrap();
    assert_eq!(around(&s, sq, behind), Around::Front);
    assert!(in_field(&s, sq, s.setup().grid.parse("0412").unwrap()));
    // Light cavalry at its corner (0510), a line at its rear (0411) facing it: cavalry
    // against a square -2, and the square is not overlapped (not "outflanked").
    let mut t = s.clone();
    let (lc, o) = (id(&t, "lc"), id(&t, "o"));
    t.elements[lc].hex = t.setup().grid.parse("0510");
    t.elements[lc].facing = kepi::engine::facing::Facing::parse("WSW").unwrap();
    t.elements[o].hex = t.setup().grid.parse("0411");
    t.elements[o].facing = kepi::engine::facing::Facing::parse("N").unwrap();
    t.phase = Phase::Melee;
    let (sa, sd) = melee::scores(&t, lc, sq);
    assert!(
        sa.terms
            .iter()
            .any(|x| x.key == "cavalry_v_square" && x.value == -2)
    );
    assert!(
        sd.terms.iter().all(|x| x.key != "overlap"),
        "{:?}",
        sd.terms
    );
    // The same line not in square is overlapped by the line at its rear.
    t.elements[sq].square = false;
    let (_, sd) = melee::scores(&t, lc, sq);
    assert!(
        sd.terms.iter().any(|x| x.key == "overlap"),
        "{:?}",
        sd.terms
    );
    // A square moves 100 paces: one hex (next phase: it has acted in this one).
    let mut u = s.clone();
    u.elements[sq].acted = Default::default();
    play(&u, mv("sq", "0411", "N"), &[]);
    assert!(refused(&u, mv("sq", "0412", "N")).contains("cannot reach"));
}

#[test]
fn vv_lga_skirmisher_pairs_split_and_rejoin() {
    let s = duel(
        vec![el("lt", "light", "0610", "N")],
        vec![el("b", "line", "1301", "S")],
    );
    let s = france_moves(&s, 6);
    let (s, ev) = play(
        &s,
        json!({"kind": "skirmish", "element": "lt", "hex": "0510"}),
        &[],
    );
    assert!(
        notes(&ev).contains("two skirmisher elements, lt and lt-2 at 0510"),
        "{}",
        notes(&ev)
    );
    assert_eq!(hex_of(&s, "lt-2").as_deref(), Some("0510"));
    assert_eq!(s.etype(id(&s, "lt")).unwrap().key, "light_skirmishers");
    assert_eq!(s.corps[0].ap, 5);
    // Rejoined, next phase: the pair side by side.
    let mut t = s.clone();
    for e in t.elements.iter_mut() {
        e.acted = Default::default();
    }
    let (u, _) = play(&t, json!({"kind": "close_order", "element": "lt-2"}), &[]);
    assert_eq!(hex_of(&u, "lt-2"), None);
    assert_eq!(u.etype(id(&u, "lt")).unwrap().key, "light");
    // One of the pair destroyed: the other may not reform.
    let p = id(&t, "lt-2");
    t.elements[p].destroyed = true;
    t.elements[p].hex = None;
    let e = refused(&t, json!({"kind": "close_order", "element": "lt"}));
    assert!(e.contains("must remain in skirmish formation"), "{e}");
}

#[test]
fn vv_lga_results_by_the_table_rows() {
    use kepi::engine::vae_victis::combat::{Severity, result, severity};
    assert_eq!(severity(5, 5), None);
    assert_eq!(severity(4, 5), Some(Severity::MoreThanHalf));
    assert_eq!(severity(3, 6), Some(Severity::HalfOrLess));
    assert_eq!(severity(0, 1), Some(Severity::HalfOrLess));
    assert_eq!(severity(-1, -1), None);
    // Skirmishers in the clear, half or less, by cavalry: destroyed; by infantry: flee.
    let s = duel(
        vec![
            el("skr", "light_skirmishers", "0110", "N"),
            el("hc", "cuirassiers", "0510", "N"),
            el("hc2", "cuirassiers", "1104", "N"),
        ],
        vec![
            el("cav", "lancers", "0109", "S"),
            el("inf", "line", "0210", "S"),
            el("gun", "field_artillery", "0509", "S"),
        ],
    );
    let (skr, cav, inf, hc, hc2, gun) = (
        id(&s, "skr"),
        id(&s, "cav"),
        id(&s, "inf"),
        id(&s, "hc"),
        id(&s, "hc2"),
        id(&s, "gun"),
    );
    assert_eq!(
        result(&s, skr, cav, Severity::HalfOrLess, true),
        Outcome::Destroyed
    );
    assert_eq!(
        result(&s, skr, inf, Severity::HalfOrLess, true),
        Outcome::Flee
    );
    // Heavy cavalry, more than half: by artillery in contact destroyed; in rough destroyed;
    // by lancers (not heavy) recoil.
    assert_eq!(
        result(&s, hc, gun, Severity::MoreThanHalf, true),
        Outcome::Destroyed
    );
    assert_eq!(
        result(&s, hc, cav, Severity::MoreThanHalf, true),
        Outcome::Recoil
    );
    assert_eq!(
        result(&s, hc2, cav, Severity::MoreThanHalf, true),
        Outcome::Destroyed,
        "1104 is scrub"
    );
    // Artillery: destroyed on contact, else recoil.
    assert_eq!(
        result(&s, gun, hc, Severity::MoreThanHalf, true),
        Outcome::Destroyed
    );
    assert_eq!(
        result(&s, gun, hc, Severity::MoreThanHalf, false),
        Outcome::Recoil
    );
}

// ---------------------------------------------------------------------------------------
// Whole games: seeded random games keep the invariants and replay hash for hash

#[test]
fn vv_random_games_keep_the_invariants_and_replay_hash_for_hash() {
    let sc = common::vv::fixture(|_| {});
    let (finished, played) = common::vv::random_games(&sc, 1..=24);
    assert_eq!(
        finished, 24,
        "every game ends (by morale or by its game-turns)"
    );
    let melees = played
        .iter()
        .filter(|c| matches!(c, Command::Melee { .. }))
        .count();
    assert!(melees > 0, "random games fight melees");
}

//! Age of Rifles forts and fortified hexsides (issue 15; AoR 10.1, 10.2) and the attack
//! preview's allocation choices (AoR 7.1): each test named for its case, on the test map with
//! forts painted in (the map's `fort` terrain) or a fortified hexside (`wall`) drawn, and the
//! deployment zones opened (Prussians: columns 01-05 and the hexes a test adds; French: columns
//! 06-12 below row 1 and the hexes a test adds). Dice are data: a 2d6 roll is two faces.
//!
//! Geometry of the test map (flat, even columns shoved down): 0605's neighbours are 0604,
//! 0606, 0505, 0506, 0705 and 0706; 0505 and 0606 are two hexes apart (a flank, AoR 7.6);
//! 0101's neighbours are 0102 and 0201.

use crate::common;
use common::aor::{FIXTURE, cmd, deploy_as, open_zones, play, refused, to};
use kepi::engine::age_of_rifles::losses::retreat_hex;
use kepi::engine::age_of_rifles::position::Ctx;
use kepi::engine::age_of_rifles::state::{Event, Loc, Stage, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::map::Map;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const MAP: &str = "tests/fixtures/age-of-rifles/maps/aor-crossroads.json";

/// The test map with `forts` painted fort and `walls` (pairs of adjacent hexes) fortified.
fn map_json(forts: &[&str], walls: &[[&str; 2]]) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(MAP);
    let mut m: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    m["terrain"]["legend"]["f"] = "fort".into();
    for f in forts {
        let (c, r): (usize, usize) = (f[..2].parse().unwrap(), f[2..].parse().unwrap());
        let row = m["terrain"]["rows"][r - 1].as_str().unwrap().to_string();
        let mut cells: Vec<char> = row.chars().collect();
        cells[c - 1] = 'f';
        m["terrain"]["rows"][r - 1] = cells.into_iter().collect::<String>().into();
    }
    for w in walls {
        m["hexsides"]
            .as_array_mut()
            .unwrap()
            .push(json!({"between": w, "features": ["wall"]}));
    }
    m
}

/// The fixture scenario on the map with these forts and walls; `prussian` and `french` hexes
/// added to each side's deployment zone (and taken out of the other's); then `edit`.
fn scenario(
    forts: &[&str],
    walls: &[[&str; 2]],
    prussian: &[&str],
    french: &[&str],
    edit: impl FnOnce(&mut Value),
) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    open_zones(&mut v);
    for (side, add, other) in [(0, prussian, french), (1, french, prussian)] {
        let zone = v["deployment"][side]["zone"]["hexes"]
            .as_array_mut()
            .unwrap();
        zone.retain(|h| !other.contains(&h.as_str().unwrap()));
        for h in add {
            if !zone.iter().any(|x| x == h) {
                zone.push(json!(h));
            }
        }
    }
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let map = Map::from_text(&map_json(forts, walls).to_string()).unwrap_or_else(|p| panic!("{p}"));
    Scenario::new(
        file,
        map,
        kepi::engine::game::registry::id("age-of-rifles")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .unwrap_or_else(|p| panic!("{p}"))
}

/// Deploy the French (every piece: ii-1, ii-2, ii-art, frossard, laveaucoupet), then the
/// Prussians (vii-13, vii-14, vii-art, steinmetz, zastrow); at the Prussians' Command Phase
/// of game-turn 1.
fn position(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    deploy_as(sc, french, prussian)
}

/// The French far east but `ii2` (ii-2's hex) and `ii1` (ii-1's).
fn french<'a>(ii2: &'a str, ii1: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("ii-2", ii2),
        ("ii-1", ii1),
        ("ii-art", "1107"),
        ("frossard", "1106"),
        ("laveaucoupet", "1106"),
    ]
}

/// The Prussians: vii-13 in `a`, vii-14 in `b`, vii-art in `art`, their leaders with vii-13.
fn prussian<'a>(a: &'a str, b: &'a str, art: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("vii-13", a),
        ("vii-14", b),
        ("vii-art", art),
        ("steinmetz", a),
        ("zastrow", a),
    ]
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn ix(s: &State, name: &str) -> u16 {
    s.setup().parse(name).unwrap()
}

fn text(ev: &[Event]) -> String {
    format!("{ev:?}")
}

fn preview(s: &State, c: Value) -> kepi::engine::preview::AttackPreview {
    AgeOfRifles
        .preview(s, std::slice::from_ref(&cmd(c)))
        .unwrap_or_else(|e| panic!("{e}"))
}

// ---- The map ---------------------------------------------------------------------------------

#[test]
fn aor_10_1_a_fort_is_painted_as_a_hex_terrain_and_validated_by_hex() {
    let m = Map::from_text(&map_json(&["0605"], &[["0505", "0605"]]).to_string()).unwrap();
    let h = m.grid.parse("0605").unwrap();
    assert_eq!(m.terrain(h), Some("fort"));
    assert_eq!(m.hexside(m.grid.parse("0505").unwrap(), h), ["wall"]);
    // The chart knows it, so the painter's palette (the chart's terrain) offers it.
    let chart = kepi::engine::game::registry::id("age-of-rifles")
        .unwrap()
        .terrain_chart()
        .unwrap();
    assert!(
        chart.terrain_keys().contains("fort"),
        "{}",
        chart.terrain_keys()
    );
    // A misspelt key is refused naming the hexes painted with it and the known keys.
    let mut v = map_json(&["0605"], &[]);
    v["terrain"]["legend"]["f"] = "fortress".into();
    let e = Map::from_text(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("hex 0605: unknown terrain 'fortress'"), "{e}");
    assert!(e.contains("fort"), "{e}");
}

// ---- AoR 10.1 --------------------------------------------------------------------------------

#[test]
fn aor_10_1_stacking_limit_is_one_unit_in_a_fort() {
    let sc = scenario(&["0605"], &[], &[], &[], |_| {});
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    s = play(
        &s,
        json!({"kind": "deploy", "piece": "ii-2", "hex": "0605"}),
        &[],
    )
    .0;
    let e = refused(
        &s,
        json!({"kind": "deploy", "piece": "ii-1", "hex": "0605"}),
    );
    assert!(e.contains("AoR 5.3, 10.1"), "{e}");
    assert!(
        !AgeOfRifles.legal(&s).contains(&cmd(
            json!({"kind": "deploy", "piece": "ii-1", "hex": "0605"})
        )),
        "not listed either"
    );
    // A leader does not count (AoR 11); a second unit in a clear hex is fine (AoR 5.3).
    s = play(
        &s,
        json!({"kind": "deploy", "piece": "frossard", "hex": "0605"}),
        &[],
    )
    .0;
    s = play(
        &s,
        json!({"kind": "deploy", "piece": "ii-1", "hex": "0606"}),
        &[],
    )
    .0;
    play(
        &s,
        json!({"kind": "deploy", "piece": "ii-art", "hex": "0606"}),
        &[],
    );
}

#[test]
fn aor_10_1_units_in_forts_are_not_affected_by_enemy_zocs_but_have_normal_zocs() {
    let sc = scenario(&["0505"], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let ctx = Ctx::new(&s);
    let (fort, clear) = (ix(&s, "0505"), ix(&s, "0605"));
    assert!(
        !ctx.enemy_zoc(0, fort),
        "ii-2's ZOC does not reach into the fort"
    );
    assert!(ctx.enemy_zoc(1, clear), "the fort's unit exerts its ZOC");
}

#[test]
fn aor_10_1_units_in_forts_are_never_required_to_attack() {
    // vii-13 has Attack orders and is adjacent to ii-2: in a fort it need not attack.
    let sc = scenario(&["0505"], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    play(&s, json!({"kind": "end"}), &[]);
    // The control: the same position without the fort must attack (AoR 7.3).
    let sc = scenario(&[], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    let e = refused(&s, json!({"kind": "end"}));
    assert!(e.contains("must attack"), "{e}");
}

#[test]
fn aor_10_1_units_in_forts_cannot_be_bombarded() {
    let sc = scenario(&["0605"], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0105", "0103", "0405"),
    );
    let s = to(&s, "bombardment", 0);
    let c = json!({"kind": "bombard", "unit": "vii-art", "target": "0605"});
    let e = refused(&s, c.clone());
    assert!(
        e.contains("AoR 10.1") && e.contains("cannot be bombarded"),
        "{e}"
    );
    // The control: in the open, two hexes away, the bombardment is allowed.
    let sc = scenario(&[], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0105", "0103", "0405"),
    );
    let s = to(&s, "bombardment", 0);
    assert_eq!(preview(&s, c).kind, "bombardment");
}

#[test]
fn aor_10_1_units_in_forts_cannot_be_charged() {
    let sc = scenario(&["0605"], &[], &[], &[], |v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
    });
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0105", "0405", "0104"),
    );
    let s = to(&s, "charge", 0);
    let c = json!({"kind": "charge", "units": ["vii-14"], "target": "0605"});
    let e = refused(&s, c.clone());
    assert!(
        e.contains("AoR 10.1: units in forts cannot be charged"),
        "{e}"
    );
    // The charge preview refuses it as the command does.
    let p = AgeOfRifles
        .preview(&s, std::slice::from_ref(&cmd(c.clone())))
        .unwrap_err()
        .to_string();
    assert_eq!(p, e);
    assert!(!AgeOfRifles.legal(&s).contains(&cmd(c)));
}

#[test]
fn aor_10_1_attacker_strengths_halved_and_defenders_in_forts_cannot_be_flanked() {
    // vii-13 (6) in 0505 and vii-14 (6) in 0606 attack ii-2 in 0605 from hexes two apart
    // (vii-art in 0506 carries the command trace between them, AoR 12.1).
    let a = json!({"kind": "assault", "from": ["0505", "0606"], "target": "0605"});
    let open = scenario(&[], &[], &["0606"], &[], |_| {});
    let s = position(
        &open,
        &french("0605", "1005"),
        &prussian("0505", "0606", "0506"),
    );
    let pv = preview(&to(&s, "combat", 0), a.clone());
    assert_eq!(pv.attack_total, "18", "12 flanked: +50% (AoR 7.6)");
    let fort = scenario(&["0605"], &[], &["0606"], &[], |_| {});
    let s = position(
        &fort,
        &french("0605", "1005"),
        &prussian("0505", "0606", "0506"),
    );
    let pv = preview(&to(&s, "combat", 0), a);
    assert_eq!(
        pv.attack_total, "6",
        "12 halved, not flanked: {:?}",
        pv.modifiers
    );
    assert!(
        pv.modifiers.iter().any(|m| m.name.contains("Fort")),
        "{:?}",
        pv.modifiers
    );
    assert!(
        pv.notes
            .iter()
            .any(|n| n.contains("AoR 10.1") && n.contains("ignore retreat results")),
        "{:?}",
        pv.notes
    );
}

#[test]
fn aor_10_1_units_in_forts_ignore_retreat_results_and_no_unit_advances_into_a_fort() {
    let sc = scenario(&["0605"], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    // Attack 6 halved is 3, rolled 8: 1 hit; defense 5 rolled 2: none.
    let (s, ev) = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[4, 4, 1, 1],
    );
    assert!(text(&ev).contains("attack 3"), "{ev:?}");
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    // ii-2 (morale 4, one step lost: 3) rolls 6 and fails its morale check, but stays.
    let (s, ev) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[6]);
    let t = text(&ev);
    assert!(t.contains("failed"), "{t}");
    assert!(
        t.contains("ignores the retreat result (AoR 10.1: in a fort)"),
        "{t}"
    );
    assert_eq!(s.units[unit(&s, "ii-2")].loc, Loc::At(ix(&s, "0605")));
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 1);
    assert!(s.combat.is_none(), "no advance is offered");
}

#[test]
fn aor_10_1_no_advance_into_an_emptied_fort() {
    let sc = scenario(&["0605"], &[], &[], &[], |v| {
        v["sides"][1]["units"][1]["reduced_strength"] = Value::Null;
    });
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    // ii-2 now has one step: attack 3 rolled 8 eliminates it; defense 5 rolled 2: none.
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[4, 4, 1, 1],
    )
    .0;
    let mut s = s;
    while let Some(c) = &s.combat {
        assert!(
            matches!(c.stage, Stage::AttackerRetreat | Stage::DefenderRetreat),
            "{:?}",
            c.stage
        );
        s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    }
    assert_eq!(s.units[unit(&s, "ii-2")].loc, Loc::Eliminated);
    // AoR 10.1: "Units cannot advance into forts": no advance stage was offered.
    assert_eq!(s.units[unit(&s, "vii-13")].loc, Loc::At(ix(&s, "0505")));
}

#[test]
fn aor_10_1_no_retreat_into_an_occupied_fort() {
    // ii-2 (made cavalry, so ZOCs do not bar its retreat) in the corner 0101; its one way
    // out is 0201 (0102 holds vii-13), where ii-1 stands.
    let french_zone = ["0101", "0201"];
    let edit = |v: &mut Value| v["sides"][1]["units"][1]["kind"] = "cavalry".into();
    let run = |forts: &[&str]| {
        let sc = scenario(forts, &[], &[], &french_zone, edit);
        let s = position(
            &sc,
            &french("0101", "0201"),
            &prussian("0102", "0103", "0104"),
        );
        let u = unit(&s, "ii-2");
        retreat_hex(&s, 1, &[u], ix(&s, "0101"), &[]).map(|h| s.setup().name(h))
    };
    assert_eq!(
        run(&[]).as_deref(),
        Some("0201"),
        "a clear hex: overstacked"
    );
    assert_eq!(run(&["0201"]), None, "an occupied fort");
}

#[test]
fn aor_10_1_a_unit_that_could_attack_a_fort_must_attack_it_first() {
    // vii-13 in 0505 is adjacent to ii-2 in the fort 0605 and to ii-1 in 0604.
    let sc = scenario(&["0605"], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "0604"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    let e = refused(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0604"}),
    );
    assert!(
        e.contains("AoR 10.1") && e.contains("must attack 0605 first"),
        "{e}"
    );
    assert_eq!(
        preview(
            &s,
            json!({"kind": "assault", "from": ["0505"], "target": "0605"})
        )
        .target,
        "0605"
    );
}

// ---- AoR 10.2 --------------------------------------------------------------------------------

#[test]
fn aor_10_2_fire_across_a_fortified_hexside_is_halved_and_does_not_flank() {
    let a = json!({"kind": "assault", "from": ["0505", "0606"], "target": "0605"});
    let sc = scenario(&[], &[["0505", "0605"]], &["0606"], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0606", "0506"),
    );
    let pv = preview(&to(&s, "combat", 0), a);
    // 6 across the wall halved (3) + 6 in the open = 9; not flanked (18 without the wall).
    assert_eq!(pv.attack_total, "9", "{:?}", pv.modifiers);
    assert!(
        pv.notes.iter().any(|n| n.contains("AoR 10.2")),
        "{:?}",
        pv.notes
    );
}

#[test]
fn aor_10_2_no_charge_or_adjacent_bombardment_across_a_fortified_hexside() {
    let sc = scenario(&[], &[["0505", "0605"]], &[], &[], |v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
    });
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0405", "0505", "0506"),
    );
    let s = to(&s, "bombardment", 0);
    // vii-art in 0506 is adjacent to 0605 with no wall between: allowed.
    assert_eq!(
        preview(
            &s,
            json!({"kind": "bombard", "unit": "vii-art", "target": "0605"})
        )
        .kind,
        "bombardment"
    );
    let s = to(&s, "charge", 0);
    let c = json!({"kind": "charge", "units": ["vii-14"], "target": "0605"});
    let e = refused(&s, c.clone());
    assert!(e.contains("AoR 10.2"), "{e}");
    // The charge preview refuses it alike.
    let p = AgeOfRifles
        .preview(&s, std::slice::from_ref(&cmd(c)))
        .unwrap_err()
        .to_string();
    assert_eq!(p, e);
    let sc = scenario(&[], &[["0505", "0605"]], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0105", "0103", "0505"),
    );
    let s = to(&s, "bombardment", 0);
    let e = refused(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
    );
    assert!(e.contains("AoR 10.2"), "{e}");
}

#[test]
fn aor_10_2_defenders_attacked_only_across_walls_ignore_retreat_results() {
    let sc = scenario(&[], &[["0505", "0605"]], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[4, 4, 1, 1],
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let (s, ev) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[6]);
    assert!(
        text(&ev)
            .contains("ignores the retreat result (AoR 10.1, 10.2: behind fortified hexsides)"),
        "{ev:?}"
    );
    assert_eq!(s.units[unit(&s, "ii-2")].loc, Loc::At(ix(&s, "0605")));
}

// ---- AoR 7.1 in the preview ------------------------------------------------------------------

#[test]
fn aor_7_1_the_assault_preview_says_the_defender_allocates_the_hits_and_how() {
    let sc = scenario(&[], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "0605"),
        &prussian("0505", "0405", "0404"),
    );
    let s = to(&s, "combat", 0);
    let pv = preview(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
    );
    let n = pv
        .notes
        .iter()
        .find(|n| n.contains("defender's owner chooses"))
        .unwrap_or_else(|| panic!("{:?}", pv.notes));
    assert!(n.starts_with("AoR 7.1"), "{n}");
    assert!(n.contains("1 hit: ") && n.contains(" or "), "{n}");
    // One attacking unit: nothing for the attacker to choose.
    assert!(
        !pv.notes.iter().any(|n| n.contains("you choose")),
        "{:?}",
        pv.notes
    );
}

#[test]
fn aor_7_1_8_1_the_bombardment_preview_says_the_owner_places_the_disruption() {
    let sc = scenario(&[], &[], &[], &[], |_| {});
    let s = position(
        &sc,
        &french("0605", "0605"),
        &prussian("0105", "0103", "0405"),
    );
    let s = to(&s, "bombardment", 0);
    let pv = preview(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
    );
    let n = pv
        .notes
        .iter()
        .find(|n| n.contains("chooses the unit the first hit disrupts"))
        .unwrap_or_else(|| panic!("{:?}", pv.notes));
    let names: Vec<String> = ["ii-1", "ii-2"]
        .iter()
        .map(|id| s.setup().units[unit(&s, id)].name.clone())
        .collect();
    assert!(names.iter().all(|x| n.contains(x.as_str())), "{n}");
    // One unit alone: no choice, no note.
    let s = position(
        &sc,
        &french("0605", "1005"),
        &prussian("0105", "0103", "0405"),
    );
    let s = to(&s, "bombardment", 0);
    let pv = preview(
        &s,
        json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
    );
    assert!(
        !pv.notes.iter().any(|n| n.contains("chooses")),
        "{:?}",
        pv.notes
    );
}

// ---- The picture -----------------------------------------------------------------------------

#[test]
fn aor_10_1_the_png_render_paints_a_fort_in_its_colour_with_its_trace() {
    use kepi::render::{Layout, RenderOptions, render_map};
    let options = RenderOptions {
        labels: false,
        ..RenderOptions::default()
    };
    let pixel = |forts: &[&str], dx: f64| {
        let map = Map::from_text(&map_json(forts, &[]).to_string()).unwrap();
        let img = render_map(&map, &options).unwrap();
        let layout = Layout::new(&map.grid, options.scale).unwrap();
        let c = layout.center(map.grid.parse("0605").unwrap());
        let p = img.get_pixel((c.0 + dx * layout.radius()) as u32, c.1 as u32);
        [p[0], p[1], p[2]]
    };
    let chart = kepi::engine::game::registry::id("age-of-rifles")
        .unwrap()
        .terrain_chart()
        .unwrap();
    let color = &chart.terrain("fort").unwrap().color;
    let rgb = |i: usize| u8::from_str_radix(&color[1 + 2 * i..3 + 2 * i], 16).unwrap();
    // Between the centre and the trace: the fort's colour; on the trace's east point: ink.
    assert_eq!(pixel(&["0605"], 0.2), [rgb(0), rgb(1), rgb(2)]);
    let ink = pixel(&["0605"], 0.62);
    assert!(ink.iter().all(|&v| v < 0x60), "{ink:?}");
    assert_ne!(pixel(&[], 0.62), ink, "no trace in a clear hex");
}

// ---- Seeded random games with forts ----------------------------------------------------------

/// The fixture scenario as it ships (its own deployment zones) on the test map with forts in
/// 0505, 0605 and 0704 (in the French zone) and the town 0705 walled towards 0604 and 0804.
fn fortified_fixture() -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let file = ScenarioFile::from_text(&std::fs::read_to_string(path).unwrap()).unwrap();
    let map = map_json(
        &["0505", "0605", "0704"],
        &[["0705", "0604"], ["0705", "0804"]],
    );
    let map = Map::from_text(&map.to_string()).unwrap_or_else(|p| panic!("{p}"));
    Scenario::new(
        file,
        map,
        kepi::engine::game::registry::id("age-of-rifles")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .unwrap_or_else(|p| panic!("{p}"))
}

#[test]
fn aor_10_seeded_random_games_keep_one_unit_a_fort_and_never_bombard_charge_or_enter_one_by_advance()
 {
    use kepi::engine::age_of_rifles::state::Command;
    use kepi::engine::dice::SeededDice;
    let sc = fortified_fixture();
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let setup = root.setup();
    let forts: Vec<u16> = ["0505", "0605", "0704"]
        .iter()
        .map(|h| setup.parse(h).unwrap())
        .collect();
    let (mut held, mut assaulted) = (0u64, 0u64);
    for seed in 0..300u64 {
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut n = 0;
        while !AgeOfRifles.progress(&s).over {
            let c = player.next(&s);
            match &c {
                Command::Bombard { target, .. } | Command::Charge { target, .. } => {
                    let t = setup.parse(target).unwrap();
                    assert!(!forts.contains(&t), "seed {seed}: {c:?} at a fort is legal");
                }
                Command::Assault { target, .. }
                    if forts.contains(&setup.parse(target).unwrap()) =>
                {
                    assaulted += 1
                }
                _ => {}
            }
            let before: Vec<Loc> = s.units.iter().map(|u| u.loc).collect();
            let advancing = matches!(c, Command::Advance { .. });
            let (next, _) = AgeOfRifles
                .apply(&s, &c, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed} command {n} {c:?}: {e}"));
            for &f in &forts {
                let inside: Vec<usize> = (0..next.units.len())
                    .filter(|&u| next.units[u].loc == Loc::At(f))
                    .collect();
                // AoR 10.1: one unit a fort (7.4's overstacked retreat aside, which disrupts).
                assert!(
                    inside.len() <= 1 || inside.iter().all(|&u| next.units[u].overstacked),
                    "seed {seed} command {n}: {} units in fort {}",
                    inside.len(),
                    setup.name(f)
                );
                held += inside.len() as u64;
                // AoR 10.1: no advance into a fort.
                if advancing {
                    assert!(
                        inside.iter().all(|&u| before[u] == Loc::At(f)),
                        "seed {seed} command {n}: advanced into fort {}",
                        setup.name(f)
                    );
                }
            }
            s = next;
            n += 1;
            assert!(n < 5000, "seed {seed}: the game does not end");
        }
    }
    eprintln!("forts held {held} unit-commands; assaulted {assaulted} times");
    assert!(
        held > 0 && assaulted > 0,
        "held {held}, assaulted {assaulted}"
    );
}

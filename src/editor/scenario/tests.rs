use super::forces::{formula_of, formula_view, side_forces};
use super::*;
use crate::shipped;
use serde_json::json;

fn catalog() -> Catalog {
    RulesetId::RifleAndSaber.tables().unwrap().catalog.clone()
}

fn shipped_doc(id: &str) -> ScenarioDocument {
    let file = shipped::scenario_file(id).unwrap();
    let map = shipped::load_map(&file.map).unwrap();
    ScenarioDocument::open(file, map, catalog())
}

fn set(pointer: &str, value: Value) -> Op {
    Op::Set {
        pointer: pointer.into(),
        value,
    }
}

#[test]
fn every_shipped_scenario_opens_without_problems_and_saves_byte_for_byte() {
    for s in shipped::SCENARIOS {
        let mut doc = shipped_doc(s.id);
        let checked = doc.check();
        assert!(
            checked.problems.is_empty(),
            "{}: {}",
            s.id,
            checked.problems
        );
        assert_eq!(doc.to_text(), s.text, "{} written back unchanged", s.id);
        // An edit and its undo leave the same bytes too.
        doc.apply(&[set("/title", json!("Changed"))]).unwrap();
        assert_ne!(doc.to_text(), s.text);
        assert!(doc.undo());
        assert_eq!(doc.to_text(), s.text, "{} after an edit undone", s.id);
        assert!(!doc.is_dirty());
    }
}

#[test]
fn an_edit_is_one_step_undone_and_redone() {
    let mut doc = shipped_doc("rs-01-fatehpur");
    assert!(!doc.is_dirty() && !doc.can_undo());
    doc.apply(&[
        set("/game_length", json!(12)),
        set("/title", json!("Fatehpur again")),
    ])
    .unwrap();
    assert_eq!(doc.file().game_length, 12);
    assert!(doc.is_dirty());
    assert!(doc.undo());
    assert_eq!(doc.file().title, "Fatehpur");
    assert_ne!(doc.file().game_length, 12, "both ops were one step");
    assert!(doc.redo());
    assert_eq!(doc.file().title, "Fatehpur again");
    doc.mark_saved();
    assert!(!doc.is_dirty());
}

#[test]
fn an_edit_the_format_cannot_read_is_refused_naming_the_field_and_changes_nothing() {
    let mut doc = shipped_doc("rs-01-fatehpur");
    let before = doc.to_text();
    let e = doc
        .apply(&[
            set("/title", json!("Half done")),
            set("/game_length", json!("ten")),
        ])
        .unwrap_err();
    assert!(e.to_string().contains("game_length"), "{e}");
    assert_eq!(doc.to_text(), before);
    assert!(!doc.can_undo());
    let e = doc
        .apply(&[Op::Remove {
            pointer: "/deployment/9".into(),
        }])
        .unwrap_err();
    assert!(e.to_string().contains("there is no 9"), "{e}");
}

#[test]
fn a_validation_problem_is_listed_not_refused() {
    let mut doc = shipped_doc("rs-01-fatehpur");
    doc.apply(&[set("/sides/0/oob", json!("12 MZ; 2 XX"))])
        .unwrap();
    let p = doc.check().problems;
    assert!(
        p.0.iter()
            .any(|p| p.field.starts_with("sides[0]") && p.message.contains("XX")),
        "{p}"
    );
}

#[test]
fn a_brush_stroke_paints_a_zone_as_one_step_and_a_rule_zone_becomes_painted() {
    let mut doc = ScenarioDocument::new_on(
        shipped::load_map("rifle-and-saber").unwrap(),
        catalog(),
        RulesetId::RifleAndSaber,
    );
    doc.apply(&[Op::Insert {
        pointer: "/deployment".into(),
        index: None,
        value: json!({"side": "red", "zone": {"text": "In 1010 or 1011",
            "rule": {"kind": "hexes", "hexes": ["1010", "1011"]}}}),
    }])
    .unwrap();
    let zones = doc.zones();
    assert_eq!(zones.len(), 1);
    assert_eq!(zones[0].pointer, "/deployment/0/zone");
    assert_eq!(zones[0].side.as_deref(), Some("red"));
    assert_eq!(zones[0].hexes, ["1010", "1011"], "{:?}", zones[0]);
    let steps_before = doc.history.depth();
    doc.begin_stroke();
    for center in [HexCoord::new(20, 20), HexCoord::new(21, 20)] {
        doc.apply(&[Op::PaintZone {
            zone: "/deployment/0/zone".into(),
            center,
            brush: Brush::Seven,
            add: true,
        }])
        .unwrap();
    }
    doc.end_stroke();
    assert_eq!(
        doc.history.depth(),
        steps_before + 1,
        "a stroke is one step"
    );
    let z = &doc.file().deployment[0].zone;
    assert!(z.rule.is_none(), "painting makes the zone a painted one");
    assert_eq!(z.text, "In 1010 or 1011", "the wording is kept");
    assert!(z.hexes.contains(&"1010".to_string()) && z.hexes.contains(&"2020".to_string()));
    assert_eq!(
        z.hexes.len(),
        2 + 10,
        "two overlapping 7-hex dabs: 10 hexes"
    );
    doc.apply(&[Op::PaintZone {
        zone: "/deployment/0/zone".into(),
        center: HexCoord::new(10, 10),
        brush: Brush::One,
        add: false,
    }])
    .unwrap();
    assert!(
        !doc.file().deployment[0]
            .zone
            .hexes
            .contains(&"1010".to_string())
    );
    assert!(doc.undo());
    assert!(
        doc.file().deployment[0]
            .zone
            .hexes
            .contains(&"1010".to_string())
    );
    let e = doc
        .apply(&[Op::PaintZone {
            zone: "/deployment/0/zone".into(),
            center: HexCoord::new(99, 99),
            brush: Brush::One,
            add: true,
        }])
        .unwrap_err();
    assert!(e.to_string().contains("not on the map"), "{e}");
}

#[test]
fn a_new_scenario_lists_what_it_lacks_and_is_valid_once_given_it() {
    let mut doc = ScenarioDocument::new_on(
        shipped::load_map("rifle-and-saber").unwrap(),
        catalog(),
        RulesetId::RifleAndSaber,
    );
    assert!(!doc.check().problems.is_empty());
    let zone = |hexes: &[&str]| json!({"text": "here", "hexes": hexes});
    doc.apply(&[
        set("/sides/0/oob", json!("4 MZ")),
        set("/sides/1/oob", json!("4 EB")),
        Op::Insert {
            pointer: "/deployment".into(),
            index: None,
            value: json!({"side": "red", "zone": zone(&["0505", "0506", "0605", "0606"])}),
        },
        Op::Insert {
            pointer: "/deployment".into(),
            index: None,
            value: json!({"side": "blue", "zone": zone(&["2020", "2021", "2120", "2121"])}),
        },
        Op::Insert {
            pointer: "/victory".into(),
            index: None,
            value: json!({"text": "Red wins by destroying Blue", "rule": {"kind": "destroy_all", "side": "red",
                "grades": [{"by_turn": 10, "winner": "red", "level": "decisive"}],
                "otherwise": {"by_turn": 10, "winner": "blue", "level": "marginal"}}}),
        },
    ])
    .unwrap();
    let checked = doc.check();
    assert!(checked.problems.is_empty(), "{}", checked.problems);
    let again = ScenarioFile::from_text(&doc.to_text()).unwrap();
    assert_eq!(&again, doc.file());
}

#[test]
fn the_formula_is_parsed_live_with_its_error_at_its_character_and_the_table_writes_it_back() {
    let c = catalog();
    let v = formula_view("(a) 12 MZ; 1 MA; 3 Trenches (b) 9 MZ", &c);
    assert_eq!(v.error, None);
    assert_eq!(v.units, 22);
    assert_eq!(v.rows.len(), 4);
    assert_eq!(v.rows[2].item, "Trenches");
    assert!(!v.rows[2].unit);
    assert_eq!(formula_of(&v.rows), "(a) 12 MZ; 1 MA; 3 Trenches (b) 9 MZ");
    let bad = formula_view("12 MZ; 2 QQ", &c);
    let (column, message) = bad.error.unwrap();
    assert_eq!(column, 10, "{message}");
    let doc = shipped_doc("rs-10-worth");
    let sides = side_forces(doc.file(), doc.catalog()).unwrap();
    assert!(sides.iter().all(|s| s.error.is_none() && s.units > 0));
}

#[test]
fn pointers_follow_the_problems_field_paths() {
    assert_eq!(pointer_of("deployment[0].zone"), "/deployment/0/zone");
    assert_eq!(
        pointer_of("victory[1].rule.of[0].area"),
        "/victory/1/rule/of/0/area"
    );
}

//! The map painter's document (src/editor/): brushes, strokes, undo and redo, hexsides, routes,
//! features and exits on Rifle & Saber's chart, a map of Age of Rifles' chart, maps opened with
//! their problems listed, and the scale. (They were the core's own tests; they live here because
//! they paint one system's terrain by its keys.)

use kepi::editor::*;
use kepi::map::{Grid, HexCoord, Map, MapEdge};

fn h(name: &str) -> HexCoord {
    name.parse().unwrap()
}

fn doc() -> Document {
    Document::new(
        "test",
        "Test",
        kepi::engine::game::registry::id("rifle-and-saber").unwrap(),
        Grid::flat(10, 8),
    )
    .unwrap()
}

fn paint(d: &mut Document, hex: &str, brush: Brush, terrain: &str) -> Changed {
    d.apply(Op::Paint {
        center: h(hex),
        brush,
        terrain: terrain.into(),
    })
    .unwrap()
}

#[test]
fn new_maps_are_valid_and_clean() {
    let d = doc();
    assert!(d.validate().is_ok());
    assert!(!d.is_dirty() && !d.can_undo());
    assert_eq!(d.terrain(h("0505")), Some("clear"));
    let e = Document::new(
        "x",
        "X",
        kepi::engine::game::registry::id("rifle-and-saber").unwrap(),
        Grid::flat(0, 3),
    )
    .unwrap_err();
    assert!(e.to_string().contains("1 to 999"), "{e}");
}

#[test]
fn brushes_cover_1_7_and_19_hexes() {
    let mut d = doc();
    assert_eq!(paint(&mut d, "0505", Brush::One, "woods").cells.len(), 1);
    assert_eq!(
        paint(&mut d, "0505", Brush::Seven, "village").cells.len(),
        7
    );
    // The 7 already village are changed again only if different: 19 - 0 (woods -> village
    // was the centre, already village now).
    assert_eq!(
        paint(&mut d, "0505", Brush::Nineteen, "slope").cells.len(),
        19
    );
    // At a corner the brush is clipped by the map.
    assert_eq!(paint(&mut d, "0101", Brush::Seven, "woods").cells.len(), 3);
    let e = d
        .apply(Op::Paint {
            center: h("0505"),
            brush: Brush::One,
            terrain: "jungle".into(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("unknown terrain 'jungle'"), "{e}");
    assert!(e.to_string().contains("clear, village"), "{e}");
}

#[test]
fn a_stroke_is_one_step_and_undo_redo_restore_exactly() {
    let mut d = doc();
    let before = d.to_file();
    d.begin_stroke();
    for hex in ["0202", "0203", "0204", "0304"] {
        paint(&mut d, hex, Brush::One, "woods");
    }
    d.end_stroke();
    let after = d.to_file();
    assert!(d.is_dirty());
    let ch = d.undo();
    assert_eq!(ch.cells.len(), 4);
    assert_eq!(d.to_file(), before);
    assert!(!d.can_undo(), "the stroke was one step");
    assert!(!d.is_dirty(), "undone to the opened state");
    d.redo();
    assert_eq!(d.to_file(), after);
    d.mark_saved();
    assert!(!d.is_dirty());
}

#[test]
fn flood_fill_stops_at_other_terrain() {
    let mut d = doc();
    // A wall of woods down column 04 splits the map.
    for r in 1..=8 {
        paint(&mut d, &format!("04{r:02}"), Brush::One, "woods");
    }
    let ch = d
        .apply(Op::Fill {
            start: h("0101"),
            terrain: "river".into(),
        })
        .unwrap();
    assert_eq!(ch.cells.len(), 3 * 8);
    assert_eq!(d.terrain(h("0308")), Some("river"));
    assert_eq!(d.terrain(h("0501")), Some("clear"));
}

#[test]
fn raising_in_a_stroke_changes_each_hex_once() {
    let mut d = doc();
    d.begin_stroke();
    for _ in 0..3 {
        d.apply(Op::Elevation {
            center: h("0505"),
            brush: Brush::Seven,
            change: Elevation::Raise,
        })
        .unwrap();
    }
    d.end_stroke();
    assert_eq!(d.elevation(h("0505")), Some(1));
    d.apply(Op::Elevation {
        center: h("0505"),
        brush: Brush::One,
        change: Elevation::Raise,
    })
    .unwrap();
    assert_eq!(d.elevation(h("0505")), Some(2));
    d.apply(Op::Elevation {
        center: h("0505"),
        brush: Brush::One,
        change: Elevation::Set(7),
    })
    .unwrap();
    assert_eq!(d.elevation(h("0505")), Some(7));
    assert!(
        d.apply(Op::Elevation {
            center: h("0505"),
            brush: Brush::One,
            change: Elevation::Set(12),
        })
        .is_err()
    );
    let m = d.validate().unwrap();
    assert_eq!(m.elevation(h("0504")), Some(1));
}

#[test]
fn hexsides_toggle_and_must_be_adjacent_and_in_the_chart() {
    let mut d = doc();
    let side = |on| Op::Hexside {
        a: h("0303"),
        b: h("0302"),
        feature: "ridge".into(),
        on,
    };
    d.apply(side(true)).unwrap();
    assert_eq!(d.hexside(h("0302"), h("0303")), ["ridge"]);
    d.apply(Op::Hexside {
        a: h("0302"),
        b: h("0303"),
        feature: "stream".into(),
        on: true,
    })
    .unwrap();
    assert_eq!(d.hexside(h("0302"), h("0303")), ["ridge", "stream"]);
    d.apply(side(false)).unwrap();
    assert_eq!(d.hexside(h("0302"), h("0303")), ["stream"]);
    let e = d
        .apply(Op::Hexside {
            a: h("0101"),
            b: h("0505"),
            feature: "ridge".into(),
            on: true,
        })
        .unwrap_err();
    assert!(matches!(e, EditError::NotAdjacent(..)), "{e}");
    let e = d
        .apply(Op::Hexside {
            a: h("0101"),
            b: h("0102"),
            feature: "wall".into(),
            on: true,
        })
        .unwrap_err();
    assert!(e.to_string().contains("knows: ridge, stream"), "{e}");
    let m = d.validate().unwrap();
    assert_eq!(m.hexside(h("0303"), h("0302")), ["stream"]);
}

#[test]
fn routes_fill_gaps_undo_backtracks_and_extend_at_their_end() {
    let mut d = doc();
    let road = |hexes: &[&str]| Op::Route {
        kind: "road".into(),
        name: String::new(),
        hexes: hexes.iter().map(|n| h(n)).collect(),
    };
    d.apply(road(&["0101", "0104"])).unwrap();
    assert_eq!(d.routes()[0].hexes, ["0101", "0102", "0103", "0104"].map(h));
    d.apply(road(&["0104", "0105", "0104", "0204", "0204"]))
        .unwrap();
    assert_eq!(d.routes().len(), 1, "extends the road that ends at 0104");
    assert_eq!(
        d.routes()[0].hexes,
        ["0101", "0102", "0103", "0104", "0204"].map(h)
    );
    assert_eq!(
        d.apply(road(&["0707"])).unwrap_err(),
        EditError::RouteTooShort
    );
    assert!(d.validate().is_ok());
    d.apply(Op::DeleteRoutesAt { hex: h("0103") }).unwrap();
    assert!(d.routes().is_empty());
}

#[test]
fn features_live_validation_and_erase() {
    let mut d = doc();
    d.apply(Op::FeatureCreate {
        code: "V4".into(),
        name: "Montebello".into(),
    })
    .unwrap();
    let p = d.problems().to_string();
    assert!(p.contains("V4 has no hexes"), "{p}");
    for hex in ["0404", "0405"] {
        d.apply(Op::FeatureHex {
            code: "V4".into(),
            hex: h(hex),
            on: true,
        })
        .unwrap();
    }
    assert!(d.problems().is_empty());
    d.apply(Op::FeatureCreate {
        code: "H4".into(),
        name: String::new(),
    })
    .unwrap();
    d.apply(Op::FeatureHex {
        code: "H4".into(),
        hex: h("0808"),
        on: true,
    })
    .unwrap();
    let p = d.problems().to_string();
    assert!(p.contains("number 4 is already used by V4"), "{p}");
    d.apply(Op::FeatureEdit {
        code: "H4".into(),
        new_code: "H5".into(),
        name: "Round Top".into(),
    })
    .unwrap();
    assert!(d.problems().is_empty());
    assert_eq!(
        d.apply(Op::FeatureCreate {
            code: "v9".into(),
            name: String::new()
        })
        .unwrap_err(),
        EditError::BadCode("v9".into())
    );
    // Erasing cuts a road in two and takes hexes out of features.
    d.apply(Op::Route {
        kind: "road".into(),
        name: "Pike".into(),
        hexes: vec![h("0401"), h("0408")],
    })
    .unwrap();
    paint(&mut d, "0404", Brush::One, "village");
    d.apply(Op::Hexside {
        a: h("0404"),
        b: h("0403"),
        feature: "ridge".into(),
        on: true,
    })
    .unwrap();
    d.apply(Op::Erase {
        center: h("0404"),
        brush: Brush::One,
    })
    .unwrap();
    assert_eq!(d.terrain(h("0404")), Some("clear"));
    assert!(d.hexside(h("0404"), h("0403")).is_empty());
    assert_eq!(d.features()[0].hexes, [h("0405")]);
    assert_eq!(d.routes().len(), 2);
    assert!(d.problems().is_empty());
    d.apply(Op::FeatureDelete { code: "H5".into() }).unwrap();
    assert_eq!(d.features().len(), 1);
}

#[test]
fn saved_documents_round_trip_through_the_format() {
    let mut d = doc();
    paint(&mut d, "0303", Brush::Seven, "woods");
    paint(&mut d, "0808", Brush::One, "village");
    d.apply(Op::Elevation {
        center: h("0606"),
        brush: Brush::Nineteen,
        change: Elevation::Raise,
    })
    .unwrap();
    d.apply(Op::Hexside {
        a: h("0505"),
        b: h("0506"),
        feature: "ridge".into(),
        on: true,
    })
    .unwrap();
    let m = d.validate().unwrap();
    let again = Document::from_map(&m);
    assert_eq!(again.to_file(), d.to_file());
    let text = m.to_file().to_text();
    assert_eq!(Map::from_text(&text).unwrap(), m);
}

#[test]
fn the_shipped_map_opens_unchanged() {
    let text = include_str!("../maps/rifle-and-saber.json");
    let m = Map::from_text(text).unwrap();
    let d = Document::from_map(&m);
    assert_eq!(d.validate().unwrap(), m);
}

#[test]
fn age_of_rifles_maps_have_rivers_walls_bridges_trails_and_railroads() {
    // The hexside and route kinds come from the map's ruleset chart: Age of Rifles has river,
    // bridge, wall (10.2 fortified hexsides), stream and crest hexsides and road, trail and
    // railroad routes (5.0, 5.2); Rifle & Saber has none of river, wall, bridge or railroad.
    let mut d = Document::new(
        "aor",
        "AoR",
        kepi::engine::game::registry::id("age-of-rifles").unwrap(),
        Grid::flat(10, 8),
    )
    .unwrap();
    assert_eq!(d.terrain(h("0505")), Some("clear"));
    paint(&mut d, "0303", Brush::Seven, "town");
    for (a, b, f) in [
        ("0505", "0506", "river"),
        ("0605", "0606", "bridge"),
        ("0705", "0706", "wall"),
        ("0405", "0406", "stream"),
        ("0305", "0306", "crest"),
    ] {
        d.apply(Op::Hexside {
            a: h(a),
            b: h(b),
            feature: f.into(),
            on: true,
        })
        .unwrap();
    }
    for (kind, hexes) in [
        ("railroad", ["0101", "0108"]),
        ("trail", ["1001", "1008"]),
        ("road", ["0201", "0901"]),
    ] {
        d.apply(Op::Route {
            kind: kind.into(),
            name: String::new(),
            hexes: hexes.iter().map(|x| h(x)).collect(),
        })
        .unwrap();
    }
    let m = d.validate().unwrap();
    let text = m.to_file().to_text();
    assert!(
        text.contains("\"age-of-rifles\"") && text.contains("\"railroad\""),
        "{text}"
    );
    let back = Map::from_text(&text).unwrap();
    assert_eq!(back, m);
    assert_eq!(Document::from_map(&back).to_file(), d.to_file());

    let mut rs = doc();
    for f in ["river", "wall", "bridge"] {
        let e = rs
            .apply(Op::Hexside {
                a: h("0505"),
                b: h("0506"),
                feature: f.into(),
                on: true,
            })
            .unwrap_err();
        assert!(e.to_string().contains("ridge, stream"), "{e}");
    }
    // Every system Kepi knows plays and has a terrain chart (none is only planned): a map
    // can be made for each.
    for id in kepi::engine::game::registry::known() {
        Document::new("any", "Any", id, Grid::flat(4, 4)).unwrap();
    }
}

/// A 6 x 4 map with a swamp (unknown terrain) at 0202 and 0302, a road that jumps from 0101 to
/// 0104, a feature without hexes and a number used twice.
const WITH_PROBLEMS: &str = r#"{
  "format": "kepi-map", "version": 1, "id": "broken", "name": "Broken",
  "ruleset": "rifle-and-saber",
  "grid": {"orientation": "flat", "shove": "even", "columns": 6, "rows": 4},
  "terrain": {"legend": {".": "clear", "m": "swamp"},
              "rows": ["......", ".mm...", "......", "......"]},
  "routes": [{"kind": "road", "hexes": ["0101", "0104"]}],
  "features": [{"code": "V1", "hexes": []}, {"code": "H1", "hexes": ["0503"]}],
  "hexsides": [{"between": ["0403", "0404"], "features": ["wall"]}],
  "underlay": {"image": "../outside.png", "scale": 1, "opacity": 0.5}
}"#;

#[test]
fn maps_with_fixable_problems_open_with_them_listed_and_shown() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    let path = dir.path().join("maps").join("broken.json");
    std::fs::write(&path, WITH_PROBLEMS).unwrap();
    // The underlay names a file outside the map's folder: listed, and never read.
    std::fs::write(dir.path().join("outside.png"), b"not for the map").unwrap();
    let opened = files::open(&path).unwrap();
    assert!(opened.underlay_png.is_none());
    let mut d = opened.document;
    let problems = d.problems();
    let text = problems.to_string();
    // Every problem the format finds, the unknown terrain on its hexes (outlined on the map).
    assert!(text.contains("unknown terrain 'swamp'"), "{text}");
    let hexes: Vec<&str> = problems.iter().filter_map(|p| p.hex.as_deref()).collect();
    assert!(
        hexes.contains(&"0202") && hexes.contains(&"0302"),
        "{hexes:?}"
    );
    assert!(
        hexes.contains(&"0104"),
        "the broken road at its gap: {hexes:?}"
    );
    assert!(text.contains("V1 has no hexes"), "{text}");
    assert!(text.contains("number 1 is already used by V1"), "{text}");
    assert!(text.contains("unknown hexside feature 'wall'"), "{text}");
    assert!(
        hexes.contains(&"0403"),
        "the unknown hexside at its hex: {hexes:?}"
    );
    assert!(text.contains("underlay.image"), "{text}");
    // Saving refuses while there are problems, and writes nothing.
    let out = dir.path().join("fixed.json");
    assert!(files::save(&mut d, &out, None).is_err());
    assert!(!out.exists());

    // Fix them in the painter: paint over the swamp, redo the road, paint V1, renumber H1.
    paint(&mut d, "0202", Brush::One, "woods");
    paint(&mut d, "0302", Brush::One, "woods");
    assert!(!d.problems().to_string().contains("swamp"));
    d.apply(Op::DeleteRoutesAt { hex: h("0101") }).unwrap();
    d.apply(Op::Route {
        kind: "road".into(),
        name: String::new(),
        hexes: vec![h("0101"), h("0104")],
    })
    .unwrap();
    d.apply(Op::FeatureHex {
        code: "V1".into(),
        hex: h("0303"),
        on: true,
    })
    .unwrap();
    d.apply(Op::FeatureEdit {
        code: "H1".into(),
        new_code: "H2".into(),
        name: String::new(),
    })
    .unwrap();
    // A feature the chart does not know can be taken off (not put on).
    d.apply(Op::Hexside {
        a: h("0403"),
        b: h("0404"),
        feature: "wall".into(),
        on: false,
    })
    .unwrap();
    d.apply(Op::SetUnderlay(None)).unwrap();
    assert!(d.problems().is_empty(), "{}", d.problems());
    files::save(&mut d, &out, None).unwrap();
    assert!(files::open(&out).unwrap().document.problems().is_empty());
}

#[test]
fn maps_that_editing_would_change_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (name, from, to) in [
        (
            "short-row",
            "\"......\", \".mm...\"",
            "\".....\", \".mm...\"",
        ),
        ("not-in-legend", ".mm...", ".mx..."),
        ("off-map", "\"0104\"]", "\"0109\"]"),
    ] {
        let path = dir.path().join("broken.json");
        let text = WITH_PROBLEMS.replacen(from, to, 1);
        assert_ne!(text, WITH_PROBLEMS, "{name}");
        std::fs::write(&path, text).unwrap();
        let Err(e) = files::open(&path) else {
            panic!("{name}: opened")
        };
        let e = e.to_string();
        assert!(e.contains("broken.json"), "{name}: {e}");
    }
}

#[test]
fn exits_are_set_on_their_edge_moved_by_name_deleted_and_undone() {
    let mut d = doc(); // 10 x 8
    let set = |d: &mut Document, name: &str, hex: &str, edge: MapEdge| {
        d.apply(Op::ExitSet {
            name: name.into(),
            hex: h(hex),
            edge,
        })
    };
    let ch = set(&mut d, "South Road", "0508", MapEdge::South).unwrap();
    assert!(ch.exits);
    set(&mut d, "East Road", "1004", MapEdge::East).unwrap();
    // Not on the edge it names, no name: refused, nothing changed.
    let e = set(&mut d, "North Road", "0505", MapEdge::North).unwrap_err();
    assert!(
        e.to_string().contains("0505 is not on the north edge"),
        "{e}"
    );
    assert!(set(&mut d, "  ", "0501", MapEdge::North).is_err());
    assert_eq!(d.exits().len(), 2);
    // Setting an exit as it is changes nothing (no step); the same name again moves it, in
    // its place.
    let steps = d.can_undo();
    assert!(
        set(&mut d, "South Road", "0508", MapEdge::South)
            .unwrap()
            .is_empty()
    );
    assert_eq!(d.can_undo(), steps);
    set(&mut d, "south road", "0608", MapEdge::South).unwrap();
    assert_eq!(d.exits().len(), 2);
    assert_eq!(d.exits()[0].hex, h("0608"), "moved in its place");
    assert!(d.exits().iter().any(|x| x.hex == h("0608")));
    assert!(!d.exits().iter().any(|x| x.hex == h("0508")));
    // By name: only that exit, even when another leaves by the same hex.
    set(&mut d, "Rail", "0608", MapEdge::South).unwrap();
    d.apply(Op::ExitRemove {
        name: "RAIL".into(),
    })
    .unwrap();
    assert_eq!(d.exits().len(), 2);
    d.apply(Op::ExitDelete { hex: h("1004") }).unwrap();
    assert_eq!(d.exits().len(), 1);
    let m = d.validate().unwrap();
    assert_eq!(m.exits.len(), 1);
    assert_eq!(Map::from_text(&m.to_file().to_text()).unwrap(), m);
    // Each change is one step: delete, remove, set Rail, move South Road.
    let counts: Vec<usize> = (0..4)
        .map(|_| {
            assert!(d.undo().exits);
            d.exits().len()
        })
        .collect();
    assert_eq!(counts, [2, 3, 2, 2]);
    assert!(d.exits().iter().any(|x| x.hex == h("0508")));
    for _ in 0..4 {
        assert!(d.redo().exits);
    }
    assert_eq!(d.exits().len(), 1);
}

#[test]
fn the_scale_starts_at_the_systems_is_one_undoable_step_and_is_checked_on_validation() {
    use kepi::map::{LengthUnit, MapScale};
    let mut d = doc();
    // A new map takes its system's scale (R&S errata [1.1]: 50 m), whatever the system.
    assert_eq!(d.scale(), MapScale::metres(50));
    for id in kepi::engine::game::registry::with_maps() {
        let other = Document::new("a", "A", id, Grid::flat(4, 4)).unwrap();
        assert_eq!(
            other.scale(),
            id.rules().unwrap().map_scale(),
            "{}",
            id.name()
        );
    }

    let yards = MapScale::new(55, LengthUnit::Yards);
    let ch = d.apply(Op::SetScale(yards)).unwrap();
    assert!(ch.scale && ch.cells.is_empty());
    assert_eq!(d.scale(), yards);
    assert!(d.is_dirty() && d.can_undo());
    let m = d.validate().unwrap();
    assert_eq!(m.scale, yards);
    assert!(d.to_file().to_text().contains("\"unit\": \"yards\""));
    assert!(d.undo().scale);
    assert_eq!(d.scale(), MapScale::metres(50));
    assert!(d.redo().scale);
    assert_eq!(d.scale(), yards);
    // The same scale again is no step.
    assert!(d.apply(Op::SetScale(yards)).unwrap().is_empty());
    assert_eq!(
        d.apply(Op::SetScale(MapScale::new(0, LengthUnit::Metres))),
        Err(EditError::ZeroScale)
    );
    // Inches measure the table: a Rifle & Saber map in inches is a problem, named by field.
    d.apply(Op::SetScale(MapScale::new(6, LengthUnit::Inches)))
        .unwrap();
    let p = d.problems().to_string();
    assert!(p.contains("scale.unit: inches measure the table"), "{p}");
}

//! Zone rules on a small map.

use super::*;
use crate::map::Map;

/// 9 x 9 map on the chart of Fatehpur's rule system: village V4 at 0505, a river R1 across row
/// 5 from 0105 to 0405 and 0605 to 0905 (the village sits on it), hill H2 at 0202.
fn map() -> Map {
    let ruleset = crate::shipped::scenario_file("rs-01-fatehpur")
        .unwrap()
        .ruleset;
    let row = |s: &str| s.to_string();
    let terrain: Vec<String> = (1..=9)
        .map(|r| {
            if r == 5 {
                row("rrrrvrrrr")
            } else {
                row(".........")
            }
        })
        .collect();
    let v = serde_json::json!({
        "format": "kepi-map", "version": 1, "id": "t", "name": "t",
        "ruleset": ruleset,
        "grid": {"orientation": "flat", "shove": "even", "columns": 9, "rows": 9},
        "terrain": {"legend": {".": "clear", "r": "river", "v": "village"}, "rows": terrain},
        "routes": [{"kind": "road", "name": "East Road", "hexes": ["0505", "0605", "0705"]}],
        "features": [
            {"code": "V4", "hexes": ["0505"]},
            {"code": "R1", "hexes": ["0105", "0205", "0305", "0405", "0605", "0705", "0805", "0905"]},
            {"code": "H2", "hexes": ["0202"]}
        ]
    });
    Map::from_text(&v.to_string()).unwrap()
}

fn names(m: &Map, z: &Hexes) -> Vec<String> {
    z.iter().map(|h| m.grid.name(*h)).collect()
}

#[test]
fn within_one_is_on_or_adjacent() {
    let m = map();
    let z = ZoneRule::Within {
        features: vec!["V4".into()],
        distance: 1,
    }
    .compute(&m)
    .unwrap();
    assert_eq!(z.len(), 7);
    assert!(z.contains(&HexCoord::new(5, 5)));
}

#[test]
fn at_least_is_the_complement_of_within() {
    let m = map();
    let f = vec!["V4".to_string()];
    let near = ZoneRule::Within {
        features: f.clone(),
        distance: 2,
    }
    .compute(&m)
    .unwrap();
    let far = ZoneRule::AtLeast {
        features: f,
        distance: 3,
    }
    .compute(&m)
    .unwrap();
    assert_eq!(near.len() + far.len(), 81);
    assert!(near.is_disjoint(&far));
}

#[test]
fn side_of_a_river_stops_at_the_river() {
    let m = map();
    // The river row 5 is crossed only through V4 (not part of R1), so the north side
    // flows around through 0505: exclude V4 too to get exactly rows 1-4.
    let z = ZoneRule::SideOf {
        features: vec!["R1".into(), "V4".into()],
        edge: Some(MapEdge::North),
        hex: None,
    }
    .compute(&m)
    .unwrap();
    assert_eq!(z.len(), 36);
    assert!(z.iter().all(|h| h.row <= 4), "{:?}", names(&m, &z));
}

#[test]
fn directions_are_half_planes_and_quadrants() {
    let m = map();
    let north = ZoneRule::Toward {
        features: vec!["V4".into()],
        direction: Direction::North,
        including: true,
    }
    .compute(&m)
    .unwrap();
    assert!(north.contains(&HexCoord::new(5, 5)));
    assert!(north.contains(&HexCoord::new(5, 1)));
    assert!(!north.contains(&HexCoord::new(5, 6)));
    let ne = ZoneRule::Toward {
        features: vec!["V4".into()],
        direction: Direction::Northeast,
        including: false,
    }
    .compute(&m)
    .unwrap();
    assert!(ne.contains(&HexCoord::new(8, 2)));
    assert!(
        !ne.contains(&HexCoord::new(5, 2)),
        "due north is not northeast"
    );
    assert!(!ne.contains(&HexCoord::new(2, 2)));
}

#[test]
fn combinators_routes_corners_and_edges() {
    let m = map();
    let z = ZoneRule::All {
        of: vec![
            ZoneRule::Route {
                names: vec!["east road".into()],
            },
            ZoneRule::Edge {
                edge: MapEdge::East,
                depth: 5,
            },
        ],
    }
    .compute(&m)
    .unwrap();
    assert_eq!(names(&m, &z), ["0505", "0605", "0705"]);
    let c = ZoneRule::Corner {
        corner: Corner::Northeast,
        distance: 1,
    }
    .compute(&m)
    .unwrap();
    assert_eq!(names(&m, &c), ["0801", "0901", "0902"]);
    let e = ZoneRule::Except {
        zone: Box::new(ZoneRule::On {
            features: vec!["R1".into()],
        }),
        minus: Box::new(ZoneRule::Hexes {
            hexes: vec!["0105".into()],
        }),
    }
    .compute(&m)
    .unwrap();
    assert_eq!(e.len(), 7);
}

#[test]
fn between_two_features_covers_the_gap() {
    let m = map();
    let z = ZoneRule::Between {
        features: vec!["H2".into(), "V4".into()],
        slack: 0,
    }
    .compute(&m)
    .unwrap();
    assert!(z.contains(&HexCoord::new(2, 2)) && z.contains(&HexCoord::new(5, 5)));
    assert!(!z.contains(&HexCoord::new(9, 9)));
}

#[test]
fn unknown_features_and_routes_are_named() {
    let m = map();
    let e = ZoneRule::On {
        features: vec!["H26".into()],
    }
    .compute(&m)
    .unwrap_err();
    assert!(
        e.contains("no feature H26") && e.contains("V4, R1, H2"),
        "{e}"
    );
    let e = ZoneRule::Route {
        names: vec!["South Road".into()],
    }
    .compute(&m)
    .unwrap_err();
    assert!(e.contains("East Road"), "{e}");
}

/// A rule written as a designer writes it.
fn rule(v: serde_json::Value) -> ZoneRule {
    serde_json::from_value(v).unwrap()
}

/// The problems of a rule that does not compute, as (field, message) pairs.
fn errors(m: &Map, v: serde_json::Value) -> Vec<(String, String)> {
    rule(v)
        .compute_all(m)
        .unwrap_err()
        .into_iter()
        .map(|e| (e.field.clone(), e.to_string()))
        .collect()
}

fn hexes(m: &Map, names: &[&str]) -> Hexes {
    names.iter().map(|n| m.grid.parse(n).unwrap()).collect()
}

#[test]
fn the_whole_map_is_every_hex() {
    let m = map();
    let z = rule(serde_json::json!({"kind": "map"}))
        .compute(&m)
        .unwrap();
    assert_eq!(z, m.grid.hexes().collect::<Hexes>());
    assert_eq!(z.len(), 81);
}

#[test]
fn terrain_takes_the_hexes_of_the_terrain_and_not_the_others() {
    let m = map();
    let river = rule(serde_json::json!({"kind": "terrain", "terrain": ["river"]}))
        .compute(&m)
        .unwrap();
    assert_eq!(
        river,
        m.feature("R1").unwrap().hexes.iter().copied().collect()
    );
    let wet = rule(serde_json::json!({"kind": "terrain", "terrain": ["river", "village"]}))
        .compute(&m)
        .unwrap();
    assert_eq!(names(&m, &wet).len(), 9);
    let dry = rule(serde_json::json!({"kind": "terrain", "terrain": ["river"], "not": true}))
        .compute(&m)
        .unwrap();
    assert_eq!(dry.len(), 73);
    assert!(dry.is_disjoint(&river) && dry.contains(&HexCoord::new(5, 5)));
    // "Within 1 of V4, not on the river": `not` inside `all` is `except` written shorter.
    let near = serde_json::json!({"kind": "within", "features": ["V4"], "distance": 1});
    let a = rule(serde_json::json!({"kind": "all", "of": [near,
        {"kind": "terrain", "terrain": ["river"], "not": true}]}))
    .compute(&m)
    .unwrap();
    let b = rule(serde_json::json!({"kind": "except", "zone": near,
        "minus": {"kind": "terrain", "terrain": ["river"]}}))
    .compute(&m)
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(names(&m, &a), ["0404", "0504", "0505", "0506", "0604"]);
}

#[test]
fn terrain_keys_are_checked_against_the_maps_chart() {
    let m = map();
    let e = errors(
        &m,
        serde_json::json!({"kind": "terrain", "terrain": ["river", "wood", "swamp"]}),
    );
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!(e[0].0, "terrain[1]");
    assert!(
        e[0].1.starts_with(
            "terrain[1]: unknown terrain 'wood'; the Rifle & Saber terrain chart knows: clear, \
             village, slope, woods"
        ),
        "{}",
        e[0].1
    );
    assert_eq!(e[1].0, "terrain[2]");
    assert_eq!(
        errors(&m, serde_json::json!({"kind": "terrain", "terrain": []})),
        [(
            "terrain".to_string(),
            "terrain: names no terrain".to_string()
        )]
    );
}

#[test]
fn beyond_line_is_one_side_of_a_straight_line_by_hex_centres() {
    let m = map();
    // Column 5 is a straight north-south line of centres.
    let west = rule(
        serde_json::json!({"kind": "beyond_line", "from": "0501", "to": "0509",
        "side_of": "0101"}),
    )
    .compute(&m)
    .unwrap();
    assert!(west.iter().all(|h| h.col < 5) && west.len() == 36);
    let on_or_east = rule(serde_json::json!({"kind": "beyond_line", "from": "0509",
        "to": "0501", "side_of": "0909", "including": true}))
    .compute(&m)
    .unwrap();
    assert!(on_or_east.iter().all(|h| h.col >= 5) && on_or_east.len() == 45);
    // 0101, 0201, 0302, ... 0905 step southeast from centre to centre: a slanted line whose
    // own hexes `including` adds, and nothing else.
    let slant = |including: bool| {
        rule(
            serde_json::json!({"kind": "beyond_line", "from": "0101", "to": "0503",
            "side_of": "0109", "including": including}),
        )
        .compute(&m)
        .unwrap()
    };
    let (below, with_line) = (slant(false), slant(true));
    let line: Hexes = with_line.difference(&below).copied().collect();
    assert_eq!(
        names(&m, &line),
        [
            "0101", "0201", "0302", "0402", "0503", "0603", "0704", "0804", "0905"
        ]
    );
    // The exact sides agree with the floating-point centres away from the line.
    let (p, q) = (
        m.grid.center(HexCoord::new(1, 1)),
        m.grid.center(HexCoord::new(5, 3)),
    );
    for h in m.grid.hexes() {
        let (x, y) = m.grid.center(h);
        let cross = (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0);
        if cross.abs() > 1e-6 {
            assert_eq!(below.contains(&h), cross > 0.0, "{}", m.grid.name(h));
        }
    }
}

#[test]
fn beyond_line_runs_through_features_centroids() {
    let m = map();
    // R1's centroid lies a quarter hex below the centre of 0505 (half its hexes are in shoved
    // columns): the line from it to H2 is not the line from 0505.
    let through = |from: &str| {
        rule(
            serde_json::json!({"kind": "beyond_line", "from": from, "to": "H2",
            "side_of": "0909"}),
        )
        .compute(&m)
        .unwrap()
    };
    let (r1, v4) = (through("R1"), through("V4"));
    assert_ne!(r1, v4);
    assert_eq!(v4, through("0505"), "a one-hex feature is its hex");
    let f: Vec<HexCoord> = m.feature("R1").unwrap().hexes.clone();
    let p = centroid(&m, &f);
    let q = m.grid.center(HexCoord::new(2, 2));
    for h in m.grid.hexes() {
        let (x, y) = m.grid.center(h);
        let cross = (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0);
        if cross.abs() > 1e-6 {
            assert_eq!(r1.contains(&h), cross < 0.0, "{}", m.grid.name(h));
        }
    }
}

#[test]
fn beyond_line_refuses_what_names_no_side() {
    let m = map();
    let e = errors(
        &m,
        serde_json::json!({"kind": "beyond_line", "from": "0501", "to": "0509",
            "side_of": "0505"}),
    );
    assert_eq!(
        e,
        [(
            "side_of".to_string(),
            "side_of: hex 0505: lies on the line from 0501 to 0509, on neither side; name a hex \
             on the side meant"
                .to_string()
        )]
    );
    let e = errors(
        &m,
        serde_json::json!({"kind": "beyond_line", "from": "V4", "to": "0505", "side_of": "0101"}),
    );
    assert_eq!(
        e[0].1,
        "to: '0505' is where 'V4' is: a line needs two different points"
    );
    let e = errors(
        &m,
        serde_json::json!({"kind": "beyond_line", "from": "V9", "to": "1010", "side_of": "0001"}),
    );
    let fields: Vec<&str> = e.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(fields, ["from", "to", "side_of"], "{e:?}");
    assert!(
        e[0].1
            .starts_with("from: 'V9' is neither a hex of the map 't' (hex names here")
            && e[0].1.ends_with("nor one of its features (V4, R1, H2)"),
        "{}",
        e[0].1
    );
    assert!(
        e[2].1
            .starts_with("side_of: hex 0001: not a hex of the map 't'"),
        "{}",
        e[2].1
    );
}

#[test]
fn side_of_by_a_hex_takes_the_bank_holding_it() {
    let m = map();
    let south = rule(
        serde_json::json!({"kind": "side_of", "features": ["R1", "V4"],
        "hex": "0909"}),
    )
    .compute(&m)
    .unwrap();
    assert_eq!(south.len(), 36);
    assert!(south.iter().all(|h| h.row >= 6), "{:?}", names(&m, &south));
    let e = errors(
        &m,
        serde_json::json!({"kind": "side_of", "features": ["R1", "V4"], "hex": "0305"}),
    );
    assert_eq!(
        e[0].1,
        "hex: hex 0305: is on R1, V4 itself, on no side of it; name a hex on the side meant"
    );
}

#[test]
fn side_of_an_edge_that_touches_both_banks_is_refused() {
    let m = map();
    // The west edge runs from 0101 to 0109, across the river at 0105.
    let e = errors(
        &m,
        serde_json::json!({"kind": "side_of", "features": ["R1", "V4"], "edge": "west"}),
    );
    assert_eq!(
        e,
        [(
            "edge".to_string(),
            "edge: the west edge touches 2 sides of R1, V4 (the side of 0101, the side of 0106), \
             so it names none; name the side meant by a hex on it with `hex` instead of `edge`"
                .to_string()
        )]
    );
    // The north edge touches one bank only: that bank.
    let north = rule(
        serde_json::json!({"kind": "side_of", "features": ["R1", "V4"],
        "edge": "north"}),
    )
    .compute(&m)
    .unwrap();
    assert_eq!(north, hexes(&m, &["0101"]).union(&north).copied().collect());
    assert!(north.iter().all(|h| h.row <= 4) && north.len() == 36);
}

#[test]
fn side_of_takes_one_of_edge_and_hex() {
    let m = map();
    let e = errors(
        &m,
        serde_json::json!({"kind": "side_of", "features": ["R1"], "edge": "north",
            "hex": "0101"}),
    );
    assert_eq!(
        e[0].1,
        "hex: give `hex` or `edge`, not both: each names a side of the features"
    );
    let e = errors(
        &m,
        serde_json::json!({"kind": "side_of", "features": ["R1"]}),
    );
    assert_eq!(
        e[0],
        (
            String::new(),
            "names no side of the features: give `hex`, a hex on the side meant (or `edge`, a \
             map edge that touches that side only)"
                .to_string()
        )
    );
}

#[test]
fn every_problem_of_a_rule_is_reported_at_its_field() {
    let m = map();
    let e = errors(
        &m,
        serde_json::json!({"kind": "all", "of": [
            {"kind": "on", "features": ["V4", "H99"]},
            {"kind": "except",
             "zone": {"kind": "route", "names": ["West Road"]},
             "minus": {"kind": "terrain", "terrain": []}},
            {"kind": "map"}
        ]}),
    );
    let fields: Vec<&str> = e.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        [
            "of[0].features[1]",
            "of[1].zone.names[0]",
            "of[1].minus.terrain"
        ]
    );
}

#[test]
fn new_kinds_are_written_as_read_without_default_fields() {
    for text in [
        r#"{"kind":"map"}"#,
        r#"{"kind":"terrain","terrain":["woods"]}"#,
        r#"{"kind":"terrain","terrain":["woods"],"not":true}"#,
        r#"{"kind":"beyond_line","from":"0510","to":"V5","side_of":"0101"}"#,
        r#"{"kind":"beyond_line","from":"0510","to":"1205","side_of":"0101","including":true}"#,
        r#"{"kind":"side_of","features":["R1"],"edge":"south"}"#,
        r#"{"kind":"side_of","features":["R1"],"hex":"0101"}"#,
    ] {
        let r: ZoneRule = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), text);
    }
    let e = serde_json::from_str::<ZoneRule>(r#"{"kind":"map","hexes":[]}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field `hexes`"), "{e}");
}

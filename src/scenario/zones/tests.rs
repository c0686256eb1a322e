//! Zone rules on a small map.

use super::*;
use crate::map::Map;

/// 9 x 9 map: village V4 at 0505, a river R1 across row 5 from 0105 to 0405 and 0605 to
/// 0905 (the village sits on it), hill H2 at 0202.
fn map() -> Map {
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
        "ruleset": "rifle-and-saber",
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
        edge: MapEdge::North,
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

//! Zone rules: the typed form of deployment, entry and exit wording ("within five hexes of
//! B14 and B15, but on the north side of the river"), and the hex sets they compute.
//!
//! Distances are in hexes to the nearest hex of the named features (R&S 11.0: "within four
//! hexes of V4 means within four hexes of any hex in the village numbered 4"). Directions use
//! hex centres with y growing south: a cardinal direction is a half-plane through the centroid
//! of the named features ("north of H26": centre north of H26's centroid); an intercardinal
//! direction is the quadrant between its two cardinals ("northeast of V9").

use crate::map::{HexCoord, Map, MapEdge};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, VecDeque};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    North,
    Northeast,
    East,
    Southeast,
    South,
    Southwest,
    West,
    Northwest,
}

impl Direction {
    /// Is the vector (dx, dy) from the reference point (y grows south) in this direction?
    fn contains(self, dx: f64, dy: f64) -> bool {
        const EPS: f64 = 1e-9;
        let (n, s, e, w) = (dy < -EPS, dy > EPS, dx > EPS, dx < -EPS);
        match self {
            Direction::North => n,
            Direction::South => s,
            Direction::East => e,
            Direction::West => w,
            Direction::Northeast => n && e,
            Direction::Southeast => s && e,
            Direction::Southwest => s && w,
            Direction::Northwest => n && w,
        }
    }
}

/// A map corner, for "within 4 hexes of the northeast corner".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    Northeast,
    Southeast,
    Southwest,
    Northwest,
}

/// How a zone's hexes are computed from the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ZoneRule {
    /// Exactly these hexes.
    Hexes { hexes: Vec<String> },
    /// The hexes of the features ("in V4", "on H30").
    On { features: Vec<String> },
    /// Within `distance` hexes of the features, their own hexes included ("on or adjacent to
    /// V4" is distance 1).
    Within {
        features: Vec<String>,
        distance: u32,
    },
    /// `distance` or more hexes from every hex of the features.
    AtLeast {
        features: Vec<String>,
        distance: u32,
    },
    /// Hexes in a direction of the features, with the features' own hexes if `including`
    /// ("on or north of H26").
    Toward {
        features: Vec<String>,
        direction: Direction,
        #[serde(default)]
        including: bool,
    },
    /// The hexes reachable from a map edge without entering the features' hexes: the side of a
    /// river or a line ("on the north side of the river").
    SideOf {
        features: Vec<String>,
        edge: MapEdge,
    },
    /// On the features or between consecutive ones: hexes whose distances to two consecutive
    /// features add up to at most their distance plus `slack` ("on and between H32 and H26").
    Between {
        features: Vec<String>,
        #[serde(default)]
        slack: u32,
    },
    /// Hexes within `depth` hexes of a map edge (depth 1 is the edge row itself).
    Edge { edge: MapEdge, depth: u32 },
    /// Hexes within `distance` hexes of a map corner hex (0 is the corner hex).
    Corner { corner: Corner, distance: u32 },
    /// The hexes of the named routes ("on the road").
    Route { names: Vec<String> },
    /// Hexes in every one of the zones.
    All { of: Vec<ZoneRule> },
    /// Hexes in any of the zones.
    Any { of: Vec<ZoneRule> },
    /// Hexes of `zone` that are not in `minus`.
    Except {
        zone: Box<ZoneRule>,
        minus: Box<ZoneRule>,
    },
}

type Hexes = BTreeSet<HexCoord>;

fn feature_hexes(map: &Map, codes: &[String]) -> Result<Vec<HexCoord>, String> {
    if codes.is_empty() {
        return Err("names no feature".to_string());
    }
    let mut out = Vec::new();
    for c in codes {
        match map.feature(c) {
            Some(f) => out.extend(f.hexes.iter().copied()),
            None => {
                return Err(format!(
                    "the map '{}' has no feature {c}; its features: {}",
                    map.id,
                    map.feature_codes()
                ));
            }
        }
    }
    Ok(out)
}

/// Distance from `h` to the nearest of `targets`.
fn distance_to(map: &Map, h: HexCoord, targets: &[HexCoord]) -> u32 {
    targets
        .iter()
        .map(|t| map.grid.distance(h, *t))
        .min()
        .unwrap_or(u32::MAX)
}

fn centroid(map: &Map, hexes: &[HexCoord]) -> (f64, f64) {
    let n = hexes.len().max(1) as f64;
    let (sx, sy) = hexes.iter().fold((0.0, 0.0), |(x, y), h| {
        let (cx, cy) = map.grid.center(*h);
        (x + cx, y + cy)
    });
    (sx / n, sy / n)
}

impl ZoneRule {
    /// The hexes of this zone on `map`, or why it cannot be computed (an unknown feature).
    pub fn compute(&self, map: &Map) -> Result<Hexes, String> {
        let g = &map.grid;
        let all = || g.hexes();
        Ok(match self {
            ZoneRule::Hexes { hexes } => {
                let mut out = Hexes::new();
                for n in hexes {
                    out.insert(g.parse(n).ok_or_else(|| {
                        format!("{n} is not a hex of this map ({})", g.name_hint())
                    })?);
                }
                out
            }
            ZoneRule::On { features } => feature_hexes(map, features)?.into_iter().collect(),
            ZoneRule::Within { features, distance } => {
                let f = feature_hexes(map, features)?;
                all()
                    .filter(|h| distance_to(map, *h, &f) <= *distance)
                    .collect()
            }
            ZoneRule::AtLeast { features, distance } => {
                let f = feature_hexes(map, features)?;
                all()
                    .filter(|h| distance_to(map, *h, &f) >= *distance)
                    .collect()
            }
            ZoneRule::Toward {
                features,
                direction,
                including,
            } => {
                let f = feature_hexes(map, features)?;
                let (cx, cy) = centroid(map, &f);
                all()
                    .filter(|h| {
                        let (x, y) = g.center(*h);
                        direction.contains(x - cx, y - cy) || (*including && f.contains(h))
                    })
                    .collect()
            }
            ZoneRule::SideOf { features, edge } => {
                let blocked: Hexes = feature_hexes(map, features)?.into_iter().collect();
                let mut seen: Hexes = g
                    .edge_hexes(*edge)
                    .into_iter()
                    .filter(|h| !blocked.contains(h))
                    .collect();
                let mut queue: VecDeque<HexCoord> = seen.iter().copied().collect();
                while let Some(h) = queue.pop_front() {
                    for n in g.neighbors(h) {
                        if !blocked.contains(&n) && seen.insert(n) {
                            queue.push_back(n);
                        }
                    }
                }
                seen
            }
            ZoneRule::Between { features, slack } => {
                if features.len() < 2 {
                    return Err("'between' needs at least two features".to_string());
                }
                let sets: Vec<Vec<HexCoord>> = features
                    .iter()
                    .map(|c| feature_hexes(map, std::slice::from_ref(c)))
                    .collect::<Result<_, _>>()?;
                let mut out: Hexes = sets.iter().flatten().copied().collect();
                for pair in sets.windows(2) {
                    let gap = pair[0]
                        .iter()
                        .map(|a| distance_to(map, *a, &pair[1]))
                        .min()
                        .unwrap_or(0);
                    out.extend(all().filter(|h| {
                        distance_to(map, *h, &pair[0]) + distance_to(map, *h, &pair[1])
                            <= gap + slack
                    }));
                }
                out
            }
            ZoneRule::Edge { edge, depth } => {
                let rim = g.edge_hexes(*edge);
                all()
                    .filter(|h| *depth > 0 && distance_along(g, *h, *edge) < *depth)
                    .filter(|_| !rim.is_empty())
                    .collect()
            }
            ZoneRule::Corner { corner, distance } => {
                let c = match corner {
                    Corner::Northeast => HexCoord::new(g.columns, 1),
                    Corner::Southeast => HexCoord::new(g.columns, g.rows),
                    Corner::Southwest => HexCoord::new(1, g.rows),
                    Corner::Northwest => HexCoord::new(1, 1),
                };
                all().filter(|h| g.distance(*h, c) <= *distance).collect()
            }
            ZoneRule::Route { names } => {
                let mut out = Hexes::new();
                for n in names {
                    let routes: Vec<_> = map
                        .routes
                        .iter()
                        .filter(|r| r.name.eq_ignore_ascii_case(n))
                        .collect();
                    if routes.is_empty() {
                        let known: BTreeSet<&str> = map
                            .routes
                            .iter()
                            .filter(|r| !r.name.is_empty())
                            .map(|r| r.name.as_str())
                            .collect();
                        return Err(format!(
                            "the map has no route named '{n}'; named routes: {}",
                            known.into_iter().collect::<Vec<_>>().join(", ")
                        ));
                    }
                    out.extend(routes.iter().flat_map(|r| r.hexes.iter().copied()));
                }
                out
            }
            ZoneRule::All { of } => {
                let mut it = of.iter();
                let first = it
                    .next()
                    .ok_or_else(|| "'all' lists no zones".to_string())?
                    .compute(map)?;
                it.try_fold(first, |acc, z| {
                    let z = z.compute(map)?;
                    Ok::<_, String>(acc.intersection(&z).copied().collect())
                })?
            }
            ZoneRule::Any { of } => {
                if of.is_empty() {
                    return Err("'any' lists no zones".to_string());
                }
                of.iter().try_fold(Hexes::new(), |mut acc, z| {
                    acc.extend(z.compute(map)?);
                    Ok::<_, String>(acc)
                })?
            }
            ZoneRule::Except { zone, minus } => {
                let z = zone.compute(map)?;
                let m = minus.compute(map)?;
                z.difference(&m).copied().collect()
            }
        })
    }
}

/// Hexes between `h` and the edge, 0 for the edge row itself.
fn distance_along(g: &crate::map::Grid, h: HexCoord, edge: MapEdge) -> u32 {
    (match edge {
        MapEdge::North => h.row - 1,
        MapEdge::South => g.rows - h.row,
        MapEdge::West => h.col - 1,
        MapEdge::East => g.columns - h.col,
    }) as u32
}

#[cfg(test)]
mod tests {
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
}

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
mod tests;

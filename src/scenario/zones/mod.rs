//! Zone rules: the typed form of deployment, entry and exit wording ("within five hexes of
//! B14 and B15, but on the north side of the river"), and the hex sets they compute.
//!
//! Distances are in hexes to the nearest hex of the named features (R&S 11.0: "within four
//! hexes of V4 means within four hexes of any hex in the village numbered 4"). Directions use
//! hex centres with y growing south: a cardinal direction is a half-plane through the centroid
//! of the named features ("north of H26": centre north of H26's centroid); an intercardinal
//! direction is the quadrant between its two cardinals ("northeast of V9"). A straight line
//! (`beyond_line`) runs through hex centres or features' centroids, decided exactly
//! ([`line`]).
//!
//! Computing a rule reports every problem of it at once, each at its field inside the rule
//! ([`ZoneError`]); a rule that computes is a set of hexes of the map (maybe empty: whether an
//! empty zone is allowed is the caller's to say).

mod line;
#[cfg(test)]
mod tests;

use super::{ScenarioFile, Zone};
use crate::map::{HexCoord, Map, MapEdge};
use crate::problems::join_field;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeSet, VecDeque};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    Northeast,
    Southeast,
    Southwest,
    Northwest,
}

/// How a zone's hexes are computed from the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ZoneRule {
    /// Exactly these hexes.
    Hexes { hexes: Vec<String> },
    /// Every hex of the map ("anywhere on the map"). A struct variant, so that an unknown
    /// field is refused as in every other kind.
    #[serde(rename = "map")]
    WholeMap {},
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
    /// One side of the features (a river, a line of hexes): the hexes connected, without
    /// entering the features' hexes, to `hex` ("on the north side of the river": a hex north
    /// of it), or to the hexes of the map edge `edge`. Exactly one of the two is given; an
    /// edge is refused when it touches more than one side, since it then names none.
    SideOf {
        features: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<MapEdge>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hex: Option<String>,
    },
    /// The hexes on one side of the straight line through `from` and `to` (each a hex, for its
    /// centre, or a feature, for the centroid of its hexes): the side where the hex `side_of`
    /// lies, by hex centres. With `including`, the hexes whose centre lies on the line too.
    BeyondLine {
        from: String,
        to: String,
        side_of: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        including: bool,
    },
    /// Hexes whose terrain is one of `terrain` (keys of the map's terrain chart); with `not`,
    /// the hexes whose terrain is none of them ("not in woods").
    Terrain {
        terrain: Vec<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not: bool,
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

/// A problem of a zone rule: the field inside the rule (a JSON path relative to the rule,
/// `of[1].edge`; empty for the rule as a whole), the hex when it is about one, and what is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneError {
    pub field: String,
    pub hex: Option<String>,
    pub message: String,
}

impl fmt::Display for ZoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        if let Some(hex) = &self.hex {
            write!(f, "hex {hex}: ")?;
        }
        write!(f, "{}", self.message)
    }
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

/// The hexes connected to `start` without entering `blocked` (`start` itself not blocked).
fn flood(map: &Map, start: impl IntoIterator<Item = HexCoord>, blocked: &Hexes) -> Hexes {
    let mut seen: Hexes = start.into_iter().filter(|h| !blocked.contains(h)).collect();
    let mut queue: VecDeque<HexCoord> = seen.iter().copied().collect();
    while let Some(h) = queue.pop_front() {
        for n in map.grid.neighbors(h) {
            if !blocked.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

/// One computation of a rule: every problem found is kept, and a part of the rule with a
/// problem computes to `None` (never to a partial set).
struct Eval<'a> {
    map: &'a Map,
    errors: Vec<ZoneError>,
}

impl Eval<'_> {
    /// Record a problem at `field` of the rule at `at`; always `None`, for `return`.
    fn fail<T>(&mut self, at: &str, field: &str, message: impl Into<String>) -> Option<T> {
        self.errors.push(ZoneError {
            field: join_field(at, field),
            hex: None,
            message: message.into(),
        });
        None
    }

    fn fail_hex<T>(
        &mut self,
        at: &str,
        field: &str,
        hex: &str,
        message: impl Into<String>,
    ) -> Option<T> {
        self.errors.push(ZoneError {
            field: join_field(at, field),
            hex: Some(hex.to_string()),
            message: message.into(),
        });
        None
    }

    fn hex(&mut self, at: &str, field: &str, name: &str) -> Option<HexCoord> {
        let g = &self.map.grid;
        match g.parse(name) {
            Some(h) => Some(h),
            None => {
                let m = format!("not a hex of the map '{}' ({})", self.map.id, g.name_hint());
                self.fail_hex(at, field, name, m)
            }
        }
    }

    /// The hexes of the features named at `at.features`, every unknown one reported.
    fn features(&mut self, at: &str, codes: &[String]) -> Option<Vec<HexCoord>> {
        if codes.is_empty() {
            return self.fail(at, "features", "names no feature");
        }
        let map = self.map;
        let mut out = Some(Vec::new());
        for (i, c) in codes.iter().enumerate() {
            match map.feature(c) {
                Some(f) => {
                    if let Some(o) = out.as_mut() {
                        o.extend(f.hexes.iter().copied());
                    }
                }
                None => {
                    out = self.fail(
                        at,
                        &format!("features[{i}]"),
                        format!(
                            "the map '{}' has no feature {c}; its features: {}",
                            map.id,
                            map.feature_codes()
                        ),
                    );
                }
            }
        }
        out
    }

    /// A point a line runs through: a hex's centre, or a feature's centroid.
    fn point(&mut self, at: &str, field: &str, name: &str) -> Option<line::Point> {
        let (map, g) = (self.map, &self.map.grid);
        if let Some(h) = g.parse(name) {
            return Some(line::Point::hex(g, h));
        }
        match map.feature(name) {
            Some(f) if !f.hexes.is_empty() => Some(line::Point::centroid(g, &f.hexes)),
            _ => self.fail(
                at,
                field,
                format!(
                    "'{name}' is neither a hex of the map '{}' ({}) nor one of its features ({})",
                    map.id,
                    g.name_hint(),
                    map.feature_codes()
                ),
            ),
        }
    }

    /// The rule at `at` (its JSON path inside the whole rule).
    fn rule(&mut self, rule: &ZoneRule, at: &str) -> Option<Hexes> {
        let map = self.map;
        let g = &map.grid;
        let all = || g.hexes();
        Some(match rule {
            ZoneRule::Hexes { hexes } => {
                let mut out = Some(Hexes::new());
                for (i, n) in hexes.iter().enumerate() {
                    match self.hex(at, &format!("hexes[{i}]"), n) {
                        Some(h) => {
                            if let Some(o) = out.as_mut() {
                                o.insert(h);
                            }
                        }
                        None => out = None,
                    }
                }
                out?
            }
            ZoneRule::WholeMap {} => all().collect(),
            ZoneRule::On { features } => self.features(at, features)?.into_iter().collect(),
            ZoneRule::Within { features, distance } => {
                let f = self.features(at, features)?;
                all()
                    .filter(|h| distance_to(map, *h, &f) <= *distance)
                    .collect()
            }
            ZoneRule::AtLeast { features, distance } => {
                let f = self.features(at, features)?;
                all()
                    .filter(|h| distance_to(map, *h, &f) >= *distance)
                    .collect()
            }
            ZoneRule::Toward {
                features,
                direction,
                including,
            } => {
                let f = self.features(at, features)?;
                let (cx, cy) = centroid(map, &f);
                all()
                    .filter(|h| {
                        let (x, y) = g.center(*h);
                        direction.contains(x - cx, y - cy) || (*including && f.contains(h))
                    })
                    .collect()
            }
            ZoneRule::SideOf {
                features,
                edge,
                hex,
            } => self.side_of(at, features, *edge, hex.as_deref())?,
            ZoneRule::BeyondLine {
                from,
                to,
                side_of,
                including,
            } => {
                let p = self.point(at, "from", from);
                let q = self.point(at, "to", to);
                let s = self.hex(at, "side_of", side_of);
                let (p, q, s) = (p?, q?, s?);
                if p.same(q) {
                    return self.fail(
                        at,
                        "to",
                        format!("'{to}' is where '{from}' is: a line needs two different points"),
                    );
                }
                let want = line::side(p, q, line::Point::hex(g, s));
                if want == Ordering::Equal {
                    return self.fail_hex(
                        at,
                        "side_of",
                        side_of,
                        format!(
                            "lies on the line from {from} to {to}, on neither side; name a hex \
                             on the side meant"
                        ),
                    );
                }
                all()
                    .filter(|h| {
                        let sd = line::side(p, q, line::Point::hex(g, *h));
                        sd == want || (*including && sd == Ordering::Equal)
                    })
                    .collect()
            }
            ZoneRule::Terrain { terrain, not } => {
                let chart = match map.ruleset.terrain_chart() {
                    Ok(c) => c,
                    Err(e) => return self.fail(at, "terrain", e),
                };
                if terrain.is_empty() {
                    return self.fail(at, "terrain", "names no terrain");
                }
                let mut known = true;
                for (i, t) in terrain.iter().enumerate() {
                    if chart.terrain(t).is_none() {
                        known = false;
                        self.fail::<()>(
                            at,
                            &format!("terrain[{i}]"),
                            format!(
                                "unknown terrain '{t}'; the {} terrain chart knows: {}",
                                map.ruleset.name(),
                                chart.terrain_keys()
                            ),
                        );
                    }
                }
                if !known {
                    return None;
                }
                all()
                    .filter(|h| {
                        let here = map.terrain(*h).unwrap_or_default();
                        terrain.iter().any(|t| t == here) != *not
                    })
                    .collect()
            }
            ZoneRule::Between { features, slack } => {
                if features.len() < 2 {
                    return self.fail(at, "features", "'between' needs at least two features");
                }
                let sets: Vec<Option<Vec<HexCoord>>> = features
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let one = std::slice::from_ref(c);
                        // Each feature on its own, reported at its own index.
                        let before = self.errors.len();
                        let r = self.features(at, one);
                        for e in &mut self.errors[before..] {
                            e.field = join_field(at, &format!("features[{i}]"));
                        }
                        r
                    })
                    .collect();
                let sets: Vec<Vec<HexCoord>> = sets.into_iter().collect::<Option<_>>()?;
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
            ZoneRule::Edge { edge, depth } => all()
                .filter(|h| *depth > 0 && distance_along(g, *h, *edge) < *depth)
                .collect(),
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
                if names.is_empty() {
                    return self.fail(at, "names", "names no route");
                }
                let mut out = Some(Hexes::new());
                for (i, n) in names.iter().enumerate() {
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
                        out = self.fail(
                            at,
                            &format!("names[{i}]"),
                            format!(
                                "the map has no route named '{n}'; named routes: {}",
                                known.into_iter().collect::<Vec<_>>().join(", ")
                            ),
                        );
                    } else if let Some(o) = out.as_mut() {
                        o.extend(routes.iter().flat_map(|r| r.hexes.iter().copied()));
                    }
                }
                out?
            }
            ZoneRule::All { of } | ZoneRule::Any { of } => {
                let is_all = matches!(rule, ZoneRule::All { .. });
                if of.is_empty() {
                    let kind = if is_all { "all" } else { "any" };
                    return self.fail(at, "of", format!("'{kind}' lists no zones"));
                }
                let parts: Vec<Option<Hexes>> = of
                    .iter()
                    .enumerate()
                    .map(|(i, z)| self.rule(z, &join_field(at, &format!("of[{i}]"))))
                    .collect();
                let mut parts = parts
                    .into_iter()
                    .collect::<Option<Vec<Hexes>>>()?
                    .into_iter();
                let first = parts.next().unwrap_or_default();
                parts.fold(first, |acc, z| {
                    if is_all {
                        acc.intersection(&z).copied().collect()
                    } else {
                        acc.union(&z).copied().collect()
                    }
                })
            }
            ZoneRule::Except { zone, minus } => {
                let z = self.rule(zone, &join_field(at, "zone"));
                let m = self.rule(minus, &join_field(at, "minus"));
                z?.difference(&m?).copied().collect()
            }
        })
    }

    /// `side_of`: the side holding `hex`, or the one side `edge` touches.
    fn side_of(
        &mut self,
        at: &str,
        features: &[String],
        edge: Option<MapEdge>,
        hex: Option<&str>,
    ) -> Option<Hexes> {
        let blocked: Option<Hexes> = self.features(at, features).map(|f| f.into_iter().collect());
        let codes = features.join(", ");
        match (edge, hex) {
            (Some(_), Some(_)) => self.fail(
                at,
                "hex",
                "give `hex` or `edge`, not both: each names a side of the features",
            ),
            (None, None) => self.fail(
                at,
                "",
                "names no side of the features: give `hex`, a hex on the side meant (or `edge`, \
                 a map edge that touches that side only)",
            ),
            (None, Some(name)) => {
                let h = self.hex(at, "hex", name);
                let (h, blocked) = (h?, blocked?);
                if blocked.contains(&h) {
                    return self.fail_hex(
                        at,
                        "hex",
                        name,
                        format!(
                            "is on {codes} itself, on no side of it; name a hex on the side meant"
                        ),
                    );
                }
                Some(flood(self.map, [h], &blocked))
            }
            (Some(e), None) => {
                let blocked = blocked?;
                // The sides the edge touches: the connected parts of the map outside the
                // features that hold an edge hex, each named by its first edge hex.
                let mut sides: Vec<(HexCoord, Hexes)> = Vec::new();
                for h in self.map.grid.edge_hexes(e) {
                    if !blocked.contains(&h) && !sides.iter().any(|(_, s)| s.contains(&h)) {
                        sides.push((h, flood(self.map, [h], &blocked)));
                    }
                }
                match sides.len() {
                    0 => self.fail(
                        at,
                        "edge",
                        format!(
                            "the {} edge lies wholly on {codes}: it touches no side of it",
                            e.name()
                        ),
                    ),
                    1 => sides.pop().map(|(_, s)| s),
                    n => {
                        let g = &self.map.grid;
                        let named: Vec<String> = sides
                            .iter()
                            .map(|(h, _)| format!("the side of {}", g.name(*h)))
                            .collect();
                        self.fail(
                            at,
                            "edge",
                            format!(
                                "the {} edge touches {n} sides of {codes} ({}), so it names \
                                 none; name the side meant by a hex on it with `hex` instead \
                                 of `edge`",
                                e.name(),
                                named.join(", ")
                            ),
                        )
                    }
                }
            }
        }
    }
}

impl ZoneRule {
    /// The hexes of this zone on `map`, or every problem of the rule, each at its field.
    pub fn compute_all(&self, map: &Map) -> Result<Hexes, Vec<ZoneError>> {
        let mut ev = Eval {
            map,
            errors: Vec::new(),
        };
        match ev.rule(self, "") {
            Some(hexes) if ev.errors.is_empty() => Ok(hexes),
            _ => {
                debug_assert!(!ev.errors.is_empty(), "a rule fails only with a problem");
                Err(ev.errors)
            }
        }
    }

    /// The hexes of this zone on `map`, or its problems in one line (each with its field
    /// inside the rule).
    pub fn compute(&self, map: &Map) -> Result<Hexes, String> {
        self.compute_all(map).map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
    }
}

impl Zone {
    /// The hexes the zone's rule computes, as printed names, when it has a rule that computes.
    pub fn rule_hexes(&self, map: &Map) -> Option<Result<Vec<String>, Vec<ZoneError>>> {
        let rule = self.rule.as_ref()?;
        Some(
            rule.compute_all(map)
                .map(|hexes| hexes.iter().map(|h| map.grid.name(*h)).collect()),
        )
    }
}

/// Give every zone of `file` that lists no hexes those its rule computes (a zone whose rule
/// does not compute is left as it is). Returns how many zones were filled in.
pub fn fill_rule_hexes(file: &mut ScenarioFile, map: &Map) -> usize {
    let mut filled = 0;
    for (_, zone) in file.zones_mut() {
        if zone.hexes.is_empty()
            && let Some(Ok(names)) = zone.rule_hexes(map)
        {
            zone.hexes = names;
            filled += 1;
        }
    }
    filled
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

//! Line of sight, AoR 8.3: "Only blocked by Forest, Chateau and Town hexes and Crest hexsides
//! (even when this is a hexside of the hex the unit is in) including the endpoints of Crest
//! hexsides. Blocked if running along a Crest with blocking terrain to the right and left of
//! Crest. Blocked if running between a Crest and other blocking terrain."
//!
//! The exact geometry and the walk along the line are `map::sight`'s, shared with Rifle &
//! Saber (integer points, no rounding). Kepi's reading of the text:
//! - a crest hexside blocks if the line touches it at any point, its end points included, even
//!   a hexside of the firing or target hex; so a line running along a crest is blocked;
//! - a woods, chateau or town hex between the two blocks if the line passes through its inside;
//! - a line running along a hexside between two such hexes is blocked; along a hexside with
//!   blocking terrain on one side only it is not (the text names the cases where running along
//!   a hexside blocks, and a single blocking hex is not among them);
//! - the firing and target hexes never block.

use crate::map::sight::{LineWalk, corners, cross, shared_side, sub};
use crate::map::{HexCoord, Map};
use hexx::Hex;

/// AoR 8.3: the terrain that blocks ("Forest, Chateau and Town").
pub const BLOCKING: [&str; 3] = ["woods", "chateau", "town"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    Crest(HexCoord, HexCoord),
    Hex(HexCoord, String),
    /// Running along the hexside between two blocking hexes.
    Between(HexCoord, HexCoord),
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Blocked::Crest(a, b) => write!(f, "AoR 8.3: the crest between {a:?} and {b:?}"),
            Blocked::Hex(h, t) => write!(f, "AoR 8.3: {t} at {h:?}"),
            Blocked::Between(a, b) => write!(
                f,
                "AoR 8.3: running between the blocking hexes {a:?} and {b:?}"
            ),
        }
    }
}

impl Blocked {
    /// In a player's words, the hexes by their printed names ("the crest between 1004 and
    /// 1005").
    pub fn words(&self, map: &Map) -> String {
        let n = |h: &HexCoord| map.grid.name(*h);
        match self {
            Blocked::Crest(a, b) => format!("AoR 8.3: the crest between {} and {}", n(a), n(b)),
            Blocked::Hex(h, t) => format!("AoR 8.3: {t} at {}", n(h)),
            Blocked::Between(a, b) => format!(
                "AoR 8.3: running between the blocking hexes {} and {}",
                n(a),
                n(b)
            ),
        }
    }
}

fn blocking(map: &Map, h: HexCoord) -> Option<&str> {
    map.terrain(h).filter(|t| BLOCKING.contains(t))
}

/// The edge of `h` the segment runs along, if it is collinear with one (the neighbour across).
fn along_edge(a: (i64, i64), b: (i64, i64), h: Hex) -> Option<Hex> {
    let v = corners(h);
    for k in 0..6 {
        let (p, q) = (v[k], v[(k + 1) % 6]);
        let e = sub(q, p);
        if cross(e, sub(a, p)) == 0 && cross(e, sub(b, p)) == 0 {
            return h.all_neighbors().into_iter().find(|n| {
                shared_side(h, *n).is_some_and(|(x, y)| (x == p && y == q) || (x == q && y == p))
            });
        }
    }
    None
}

/// AoR 8.3: the line of sight from `from` to `to`, or what blocks it.
pub fn line_of_sight(map: &Map, from: HexCoord, to: HexCoord) -> Result<(), Blocked> {
    let g = &map.grid;
    let line = LineWalk::new(g, from, to);
    if let Some((x, y)) =
        line.side_touched(g, |x, y| map.hexside(x, y).iter().any(|s| s == "crest"))
    {
        return Err(Blocked::Crest(x, y));
    }
    for (h, hc) in line.between(g) {
        let Some(t) = blocking(map, hc) else { continue };
        if !line.passes_through(h) {
            continue;
        }
        match along_edge(line.a, line.b, h) {
            None => return Err(Blocked::Hex(hc, t.to_string())),
            Some(n) => {
                if let Some(nc) = g.from_hex(n)
                    && nc != from
                    && nc != to
                    && blocking(map, nc).is_some()
                {
                    return Err(Blocked::Between(hc.min(nc), hc.max(nc)));
                }
            }
        }
    }
    Ok(())
}

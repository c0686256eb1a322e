//! Line-of-sight geometry shared by the rule systems, and the walk along a line that both
//! Rifle & Saber (5.1(G)) and Age of Rifles (8.3) make: which hexes a line can touch, the first
//! hexside of a kind it touches, and which hexes between the ends it passes through. What
//! blocks is each system's own rule (its `los` module).
//!
//! Geometry is exact: hex centres and corners are mapped to integer points by the linear map
//! (x, y) -> (x, y / sqrt 3) of flat-topped hexes of radius 2, so a centre is (3q, 2r + q) in
//! axial coordinates and the corners are the centre plus (±2, 0) and (±1, ±1). Lines stay
//! lines under a linear map, so "passes through a hexside", "through a junction" and "through
//! two hexsides of a hex" are decided without rounding. Pointy-topped maps have the same axial
//! geometry turned by 30 degrees, which changes no incidence.

use super::{Grid, HexCoord};
use crate::frac::Frac;
use hexx::Hex;

const CORNERS: [(i64, i64); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

pub fn center(h: Hex) -> (i64, i64) {
    let (q, r) = (h.x as i64, h.y as i64);
    (3 * q, 2 * r + q)
}

pub fn corners(h: Hex) -> [(i64, i64); 6] {
    let (cx, cy) = center(h);
    CORNERS.map(|(dx, dy)| (cx + dx, cy + dy))
}

pub fn cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

pub fn sub(a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
    (a.0 - b.0, a.1 - b.1)
}

/// Do the closed segments p1-p2 and q1-q2 share a point?
pub fn segments_touch(p1: (i64, i64), p2: (i64, i64), q1: (i64, i64), q2: (i64, i64)) -> bool {
    let d1 = cross(sub(q2, q1), sub(p1, q1)).signum();
    let d2 = cross(sub(q2, q1), sub(p2, q1)).signum();
    let d3 = cross(sub(p2, p1), sub(q1, p1)).signum();
    let d4 = cross(sub(p2, p1), sub(q2, p1)).signum();
    let on = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
        c.0 >= a.0.min(b.0) && c.0 <= a.0.max(b.0) && c.1 >= a.1.min(b.1) && c.1 <= a.1.max(b.1)
    };
    if d1 != d2 && d3 != d4 && d1 * d2 <= 0 && d3 * d4 <= 0 {
        return true;
    }
    (d1 == 0 && on(q1, q2, p1))
        || (d2 == 0 && on(q1, q2, p2))
        || (d3 == 0 && on(p1, p2, q1))
        || (d4 == 0 && on(p1, p2, q2))
}

/// Does the segment a-b meet the closed hexagon `h` in more than one point?
pub fn passes_through(a: (i64, i64), b: (i64, i64), h: Hex) -> bool {
    let v = corners(h);
    let c = center(h);
    let d = sub(b, a);
    let (mut lo, mut hi) = (Frac::ZERO, Frac::ONE);
    for k in 0..6 {
        let e = sub(v[(k + 1) % 6], v[k]);
        let s = cross(e, sub(c, v[k])).signum();
        // Inside when s * (c0 + t c1) >= 0.
        let c0 = s * cross(e, sub(a, v[k]));
        let c1 = s * cross(e, d);
        if c1 == 0 {
            if c0 < 0 {
                return false;
            }
        } else if c1 > 0 {
            lo = lo.max(Frac::new(-c0, c1));
        } else {
            hi = hi.min(Frac::new(c0, -c1));
        }
    }
    lo < hi
}

/// The corners two neighbouring hexes share: their hexside.
pub fn shared_side(a: Hex, b: Hex) -> Option<((i64, i64), (i64, i64))> {
    let ca = corners(a);
    let cb = corners(b);
    let shared: Vec<(i64, i64)> = ca.iter().filter(|p| cb.contains(p)).copied().collect();
    match shared.as_slice() {
        [p, q] => Some((*p, *q)),
        _ => None,
    }
}

/// A line from one hex centre to another, with the hexes it can touch (those along hexx's
/// line and their neighbours, in that order: the order every check walks them in).
pub struct LineWalk {
    pub from: HexCoord,
    pub to: HexCoord,
    /// The end points.
    pub a: (i64, i64),
    pub b: (i64, i64),
    pub near: Vec<Hex>,
}

impl LineWalk {
    pub fn new(grid: &Grid, from: HexCoord, to: HexCoord) -> LineWalk {
        let (ha, hb) = (grid.to_hex(from), grid.to_hex(to));
        let mut near: Vec<Hex> = Vec::new();
        for h in ha.line_to(hb) {
            for n in std::iter::once(h).chain(h.all_neighbors()) {
                if !near.contains(&n) {
                    near.push(n);
                }
            }
        }
        LineWalk {
            from,
            to,
            a: center(ha),
            b: center(hb),
            near,
        }
    }

    /// The first hexside (as `(lower, higher)` hexes) for which `is(x, y)` holds that the line
    /// touches at any point, its end points included.
    pub fn side_touched(
        &self,
        grid: &Grid,
        is: impl Fn(HexCoord, HexCoord) -> bool,
    ) -> Option<(HexCoord, HexCoord)> {
        for &h in &self.near {
            let Some(hc) = grid.from_hex(h) else { continue };
            for n in h.all_neighbors() {
                let Some(nc) = grid.from_hex(n) else { continue };
                if hc < nc
                    && is(hc, nc)
                    && let Some((p, q)) = shared_side(h, n)
                    && segments_touch(self.a, self.b, p, q)
                {
                    return Some((hc, nc));
                }
            }
        }
        None
    }

    /// The hexes of the map the line can touch, without its two ends, in walking order.
    pub fn between<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = (Hex, HexCoord)> + 'a {
        self.near.iter().filter_map(move |&h| {
            let hc = grid.from_hex(h)?;
            (hc != self.from && hc != self.to).then_some((h, hc))
        })
    }

    /// Does the line meet hex `h` in more than one point?
    pub fn passes_through(&self, h: Hex) -> bool {
        passes_through(self.a, self.b, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexx::hex;

    #[test]
    fn a_line_along_a_hexside_touches_two_junctions_of_each_hex() {
        // From (0,0) to (1,1): the line runs along the hexside between (1,0) and (0,1).
        let a = center(hex(0, 0));
        let b = center(hex(1, 1));
        assert!(passes_through(a, b, hex(1, 0)));
        assert!(passes_through(a, b, hex(0, 1)));
        // A hex merely touched at one corner is not passed through.
        assert!(!passes_through(a, b, hex(2, -1)));
    }

    #[test]
    fn straight_lines_pass_through_the_hexes_between() {
        let a = center(hex(0, 0));
        let b = center(hex(0, 3));
        assert!(passes_through(a, b, hex(0, 1)));
        assert!(passes_through(a, b, hex(0, 2)));
        assert!(!passes_through(a, b, hex(1, 1)));
        assert!(!passes_through(a, b, hex(-1, 1)));
    }

    #[test]
    fn shared_sides_and_touching() {
        let (p, q) = shared_side(hex(0, 0), hex(1, 0)).unwrap();
        assert!(segments_touch(center(hex(0, 0)), center(hex(1, 0)), p, q));
        assert!(shared_side(hex(0, 0), hex(2, 0)).is_none());
        // A line ending exactly at a corner touches the sides meeting there.
        assert!(segments_touch((0, 0), (2, 0), (2, 0), (1, 1)));
        assert!(!segments_touch((0, 0), (1, 0), (2, 0), (1, 1)));
    }
}

//! Line of sight, R&S 5.1(G) with the errata.
//!
//! Geometry is exact: hex centres and corners are mapped to integer points by the linear map
//! (x, y) -> (x, y / sqrt 3) of flat-topped hexes of radius 2, so a centre is (3q, 2r + q) in
//! axial coordinates and the corners are the centre plus (±2, 0) and (±1, ±1). Lines stay
//! lines under a linear map, so "passes through a hexside", "through a junction" and "through
//! two hexsides of a hex" are decided without rounding. Pointy-topped maps have the same axial
//! geometry turned by 30 degrees, which changes no incidence.
//!
//! - Ridge hexsides block if the line touches them at any point, ends included (a junction
//!   point of which any hexside is a ridge), even between adjacent hexes (5.1(G)1).
//! - A blocking hex between the two (woods, village, or occupied) blocks if the line passes
//!   through it, i.e. meets it in more than one point: through two hexsides, two junctions, or
//!   a junction and a hexside (5.1(G)2). The firing and target hexes never block.
//! - Errata: occupied hexes lower than the firing unit's hex do not block; woods and villages
//!   block whatever the elevation.

use super::setup::Setup;
use crate::frac::Frac;
use crate::map::HexCoord;
use hexx::Hex;

const CORNERS: [(i64, i64); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

pub(crate) fn center(h: Hex) -> (i64, i64) {
    let (q, r) = (h.x as i64, h.y as i64);
    (3 * q, 2 * r + q)
}

pub(crate) fn corners(h: Hex) -> [(i64, i64); 6] {
    let (cx, cy) = center(h);
    CORNERS.map(|(dx, dy)| (cx + dx, cy + dy))
}

pub(crate) fn cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

pub(crate) fn sub(a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
    (a.0 - b.0, a.1 - b.1)
}

/// Do the closed segments p1-p2 and q1-q2 share a point?
pub(crate) fn segments_touch(
    p1: (i64, i64),
    p2: (i64, i64),
    q1: (i64, i64),
    q2: (i64, i64),
) -> bool {
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
pub(crate) fn passes_through(a: (i64, i64), b: (i64, i64), h: Hex) -> bool {
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
pub(crate) fn shared_side(a: Hex, b: Hex) -> Option<((i64, i64), (i64, i64))> {
    let ca = corners(a);
    let cb = corners(b);
    let shared: Vec<(i64, i64)> = ca.iter().filter(|p| cb.contains(p)).copied().collect();
    match shared.as_slice() {
        [p, q] => Some((*p, *q)),
        _ => None,
    }
}

/// Why a line of sight is blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    Ridge(HexCoord, HexCoord),
    Hex(HexCoord, &'static str),
}

/// R&S 5.1(G): check the line of sight from `from` to `to`. `occupied(h)` says whether a hex
/// holds units (of either side).
pub fn line_of_sight(
    setup: &Setup,
    from: HexCoord,
    to: HexCoord,
    occupied: &dyn Fn(HexCoord) -> bool,
) -> Result<(), Blocked> {
    let g = &setup.grid;
    let (ha, hb) = (g.to_hex(from), g.to_hex(to));
    let (a, b) = (center(ha), center(hb));
    // Hexes the line can touch: those along hexx's line and their neighbours.
    let mut near: Vec<Hex> = Vec::new();
    for h in ha.line_to(hb) {
        for n in std::iter::once(h).chain(h.all_neighbors()) {
            if !near.contains(&n) {
                near.push(n);
            }
        }
    }
    // Ridges: any hexside of a nearby hex that the line touches.
    for &h in &near {
        let Some(hc) = g.from_hex(h) else { continue };
        for n in h.all_neighbors() {
            let Some(nc) = g.from_hex(n) else { continue };
            if hc < nc
                && setup.is_ridge(hc, nc)
                && let Some((p, q)) = shared_side(h, n)
                && segments_touch(a, b, p, q)
            {
                return Err(Blocked::Ridge(hc, nc));
            }
        }
    }
    let elevation_from = setup.hex(from).elevation;
    for &h in &near {
        let Some(hc) = g.from_hex(h) else { continue };
        if hc == from || hc == to {
            continue;
        }
        let info = setup.hex(hc);
        let why = if info.blocks_los {
            Some(if info.terrain == "village" {
                "village"
            } else {
                "woods"
            })
        } else if occupied(hc) && info.elevation >= elevation_from {
            // Errata 5.1(G): occupied hexes on lower terrain than the firer do not block.
            Some("occupied hex")
        } else {
            None
        };
        if let Some(why) = why
            && passes_through(a, b, h)
        {
            return Err(Blocked::Hex(hc, why));
        }
    }
    Ok(())
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

//! Exact plane geometry for straight lines through hexes (`beyond_line`).
//!
//! Hex centres are mapped to integer points by a linear map that scales each axis by a
//! positive factor (flat hexes: axial (q, r) to (q, 2r + q); pointy: (2q + r, r)), so which
//! side of a line a centre lies on, and whether it lies on the line, is decided without
//! rounding. A feature stands for the centroid of its hexes: the sum of their points over
//! their number, kept as a fraction.

use crate::map::{Grid, HexCoord, Orientation};
use std::cmp::Ordering;

/// The point (x / d, y / d) of the scaled plane; d > 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Point {
    x: i128,
    y: i128,
    d: i128,
}

impl Point {
    pub(super) fn hex(g: &Grid, h: HexCoord) -> Point {
        let a = g.to_hex(h);
        let (q, r) = (i128::from(a.x), i128::from(a.y));
        let (x, y) = match g.orientation {
            Orientation::Flat => (q, 2 * r + q),
            Orientation::Pointy => (2 * q + r, r),
        };
        Point { x, y, d: 1 }
    }

    /// The centroid of `hexes` (not empty).
    pub(super) fn centroid(g: &Grid, hexes: &[HexCoord]) -> Point {
        let (x, y) = hexes.iter().fold((0, 0), |(x, y), h| {
            let p = Point::hex(g, *h);
            (x + p.x, y + p.y)
        });
        Point {
            x,
            y,
            d: hexes.len().max(1) as i128,
        }
    }

    pub(super) fn same(self, o: Point) -> bool {
        self.x * o.d == o.x * self.d && self.y * o.d == o.y * self.d
    }
}

/// Which side of the line through `p` and `q` (in that order) the hex point `x` lies on:
/// the sign of the cross product (q - p) x (x - p), `Equal` on the line. Scaling the three
/// points by the positive p.d * q.d keeps the sign and makes every coordinate an integer.
pub(super) fn side(p: Point, q: Point, x: Point) -> Ordering {
    debug_assert_eq!(x.d, 1, "only hex centres are tested against a line");
    let k = p.d * q.d;
    let (px, py) = (p.x * q.d, p.y * q.d);
    let (qx, qy) = (q.x * p.d, q.y * p.d);
    let (xx, xy) = (x.x * k, x.y * k);
    ((qx - px) * (xy - py) - (qy - py) * (xx - px)).cmp(&0)
}

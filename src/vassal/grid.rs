//! The VASSAL `HexGrid` and `HexGridNumbering` that match a Kepi map picture.
//!
//! VASSAL (HexGrid.java, HexGridNumbering.java) works in an unrotated frame: hexes stand in
//! columns `dx` apart, `dy` apart within a column, and odd raw columns sit `dy / 2` lower; with
//! `sideways="true"` x and y are swapped. The centre it gives a name is
//! `getCenterPoint(col - hOff, row - vOff)`:
//! `x = (int)(col * dx) + x0`, `y = (int)(row * dy [+ dy / 2 when col is odd]) + y0`, then
//! swapped when sideways.
//!
//! Kepi's flat maps are VASSAL's upright grids (a Kepi column is a VASSAL column), pointy maps
//! its sideways grids (a Kepi row is a VASSAL "column"). A Kepi line `L` (column, or row when
//! pointy) is VASSAL raw column `L - 1` when the even lines are shoved (raw odd = printed even),
//! and `L` when the odd ones are; so raw columns are never negative and truncation always
//! rounds down. The position along the line `P` is raw row `P - 1`.
//!
//! Invariant: `x0`, `y0` are the picture's raw-origin coordinates rounded up, so every centre
//! VASSAL computes is within (-1, 1) px of the picture's centre on each axis (the fraction lost
//! by rounding up is at most what truncation takes off).

use crate::map::{Grid, HexCoord, Orientation, Shove};
use crate::render::Layout;

/// The attributes of a VASSAL `HexGrid` with its `HexGridNumbering`.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalGrid {
    pub sideways: bool,
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    /// `'H'` (flat: column first) or `'V'` (pointy: VASSAL's row, Kepi's column, first).
    pub first: char,
    pub h_off: i32,
    pub v_off: i32,
    pub h_leading: u32,
    pub v_leading: u32,
}

fn digits(n: u16) -> u32 {
    n.to_string().len().max(2) as u32
}

impl VassalGrid {
    /// The grid matching `layout` (a Kepi picture's hex positions).
    pub fn new(layout: &Layout) -> VassalGrid {
        let g: &Grid = layout.grid();
        let sideways = g.orientation == Orientation::Pointy;
        let r = layout.radius();
        let dx = 1.5 * r;
        let dy = 3f64.sqrt() * r;
        // The Kepi line of the first hex, and its raw VASSAL column.
        let first = HexCoord::new(1, 1);
        let (px, py) = layout.center(first);
        let (u, v) = if sideways { (py, px) } else { (px, py) };
        let h_off = match g.shove {
            Shove::Even => 1,
            Shove::Odd => 0,
        };
        let raw = 1 - h_off; // raw column of line 1
        let u0 = u - raw as f64 * dx;
        let v0 = v - if raw % 2 == 1 { dy / 2.0 } else { 0.0 };
        let (line_digits, along_digits) = if sideways {
            (digits(g.rows), digits(g.columns))
        } else {
            (digits(g.columns), digits(g.rows))
        };
        VassalGrid {
            sideways,
            dx,
            dy,
            x0: u0.ceil() as i32,
            y0: v0.ceil() as i32,
            first: if sideways { 'V' } else { 'H' },
            h_off,
            v_off: 1,
            h_leading: line_digits - 1,
            v_leading: along_digits - 1,
        }
    }

    /// The centre VASSAL's `HexGridNumbering.getCenterPoint` gives the hex Kepi names `h`.
    pub fn center(&self, h: HexCoord) -> (i64, i64) {
        let (line, along) = if self.sideways {
            (h.row as i64, h.col as i64)
        } else {
            (h.col as i64, h.row as i64)
        };
        let col = line - self.h_off as i64;
        let row = along - self.v_off as i64;
        let x = (col as f64 * self.dx) as i64 + self.x0 as i64;
        let y = if col % 2 == 0 {
            (row as f64 * self.dy) as i64
        } else {
            (row as f64 * self.dy + self.dy / 2.0) as i64
        } + self.y0 as i64;
        if self.sideways { (y, x) } else { (x, y) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vassal_centre_is_within_a_pixel_of_the_picture() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for shove in [Shove::Even, Shove::Odd] {
                for scale in [24, 33, 64, 75] {
                    let g = Grid::new(o, shove, 13, 11);
                    let l = Layout::new(&g, scale).unwrap();
                    let v = VassalGrid::new(&l);
                    for h in g.hexes() {
                        let (x, y) = l.center(h);
                        let (vx, vy) = v.center(h);
                        assert!(
                            (vx as f64 - x).abs() < 1.0 && (vy as f64 - y).abs() < 1.0,
                            "{o:?} {shove:?} {scale} {h:?}: vassal ({vx}, {vy}), picture ({x:.2}, {y:.2})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn numbering_follows_the_printed_names() {
        let g = Grid::new(Orientation::Pointy, Shove::Odd, 120, 8);
        let v = VassalGrid::new(&Layout::new(&g, 32).unwrap());
        // Pointy: VASSAL's row (Kepi's column, 3 digits) comes first.
        assert_eq!((v.first, v.v_leading, v.h_leading), ('V', 2, 1));
        assert_eq!(v.h_off, 0);
        let f = Grid::new(Orientation::Flat, Shove::Even, 32, 40);
        let v = VassalGrid::new(&Layout::new(&f, 32).unwrap());
        assert_eq!(
            (v.first, v.h_off, v.v_off, v.h_leading, v.v_leading),
            ('H', 1, 1, 1, 1)
        );
    }
}

//! The unit-type symbols drawn in a counter's box, as data: for every [`Symbol`] the NATO
//! box's contents (infantry's cross, cavalry's diagonal, artillery's dot, a leader's star) as
//! polylines and polygons in the box's unit coordinates. The core's counter pictures
//! ([`super::counter`]) draw them, and the app's counters layer draws the same parts from the
//! SVG path data [`svg_path`] writes (shipped with the counter layout), so the two agree.
//!
//! Coordinates: (0, 0) is the box's top-left corner, (1, 1) its bottom-right (x east, y
//! south); the box is [`COUNTER_GEOMETRY`]'s, so a round dot is an ellipse here that the box's
//! aspect turns round again. Invariant: every point lies inside the unit box.

use crate::engine::counters::{COUNTER_GEOMETRY, Symbol};

/// One part of a symbol.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolPart {
    /// The points, in the box's unit coordinates.
    pub points: Vec<[f32; 2]>,
    /// Filled as a closed polygon; otherwise stroked as an open polyline.
    pub filled: bool,
}

impl SymbolPart {
    fn line(points: &[[f32; 2]]) -> SymbolPart {
        SymbolPart {
            points: points.to_vec(),
            filled: false,
        }
    }
}

/// The box's width over its height (on the counter).
fn aspect() -> f32 {
    COUNTER_GEOMETRY.symbol_box[2] / COUNTER_GEOMETRY.symbol_box[3]
}

/// A filled disc at (`x`, `y`) of radius `r` box heights, round on the counter.
fn dot(x: f32, y: f32, r: f32) -> SymbolPart {
    let n = 16;
    SymbolPart {
        points: (0..n)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / n as f32;
                [x + r * t.cos() / aspect(), y + r * t.sin()]
            })
            .collect(),
        filled: true,
    }
}

/// A filled five-pointed star at the box's centre, point up, of outer radius `r` box heights.
fn star(r: f32) -> SymbolPart {
    SymbolPart {
        points: (0..10)
            .map(|i| {
                let t = std::f32::consts::PI * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
                let k = if i % 2 == 0 { r } else { r * 0.4 };
                [0.5 + k * t.cos() / aspect(), 0.52 + k * t.sin()]
            })
            .collect(),
        filled: true,
    }
}

/// What is drawn in `symbol`'s box, in the box's unit coordinates.
pub fn unit_symbol(symbol: Symbol) -> Vec<SymbolPart> {
    let cross = || {
        vec![
            SymbolPart::line(&[[0.0, 0.0], [1.0, 1.0]]),
            SymbolPart::line(&[[0.0, 1.0], [1.0, 0.0]]),
        ]
    };
    let diagonal = || SymbolPart::line(&[[0.0, 1.0], [1.0, 0.0]]);
    match symbol {
        // NATO infantry: the box's diagonals crossed.
        Symbol::Infantry => cross(),
        // NATO cavalry: one diagonal, lower left to upper right.
        Symbol::Cavalry => vec![diagonal()],
        // Infantry that rides: the cross and a short bar under it, clear of the diagonals.
        Symbol::MountedRifles => {
            let mut p = cross();
            p.push(SymbolPart::line(&[[0.3, 0.86], [0.7, 0.86]]));
            p
        }
        // NATO artillery: a dot.
        Symbol::Artillery => vec![dot(0.5, 0.5, 0.2)],
        // Horse artillery: the dot and the cavalry's diagonal.
        Symbol::HorseArtillery => vec![dot(0.5, 0.5, 0.2), diagonal()],
        // A machine gun: a smaller dot between two upright bars.
        Symbol::MachineGun => vec![
            dot(0.5, 0.5, 0.15),
            SymbolPart::line(&[[0.18, 0.2], [0.18, 0.8]]),
            SymbolPart::line(&[[0.82, 0.2], [0.82, 0.8]]),
        ],
        // No fighting arm: the box with a bar across.
        Symbol::Other => vec![SymbolPart::line(&[[0.0, 0.5], [1.0, 0.5]])],
        // A leader: a star.
        Symbol::Leader => vec![star(0.42)],
    }
}

/// `parts` as SVG path data (absolute `M`, `L` and `Z` only, filled parts closed), each point
/// mapped by `to` (into a picture's or a counter's coordinates): one path of the filled parts
/// and one of the stroked, either empty when there are none.
pub fn svg_path(parts: &[SymbolPart], to: impl Fn([f32; 2]) -> [f32; 2]) -> (String, String) {
    let mut out = (String::new(), String::new());
    for p in parts {
        let d = if p.filled { &mut out.0 } else { &mut out.1 };
        for (i, &pt) in p.points.iter().enumerate() {
            let [x, y] = to(pt);
            let cmd = if i == 0 { 'M' } else { 'L' };
            if !d.is_empty() {
                d.push(' ');
            }
            // Four decimals: a ten-thousandth of a counter, far under a pixel.
            d.push_str(&format!("{cmd}{} {}", round4(x), round4(y)));
        }
        if p.filled {
            d.push_str(" Z");
        }
    }
    out
}

fn round4(v: f32) -> f32 {
    let r = (v * 10_000.0).round() / 10_000.0;
    if r == 0.0 { 0.0 } else { r }
}

/// `symbol`'s parts as path data in the counter's coordinates: fractions of its side from its
/// centre (the box where [`COUNTER_GEOMETRY`] puts it): (filled, stroked).
pub fn counter_paths(symbol: Symbol) -> (String, String) {
    let [x, y, w, h] = COUNTER_GEOMETRY.symbol_box;
    svg_path(&unit_symbol(symbol), |[u, v]| {
        [x + u * w - 0.5, y + v * h - 0.5]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_stays_in_its_box_and_the_symbols_differ() {
        let mut seen = Vec::new();
        for s in Symbol::ALL {
            let parts = unit_symbol(s);
            assert!(!parts.is_empty(), "{s:?}");
            for p in &parts {
                assert!(p.points.len() >= 2, "{s:?}");
                for &[x, y] in &p.points {
                    assert!(
                        (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y),
                        "{s:?}"
                    );
                }
            }
            assert!(!seen.contains(&parts), "{s:?} looks like another symbol");
            seen.push(parts);
        }
    }

    #[test]
    fn path_data_is_absolute_moves_and_lines() {
        let (filled, stroked) = svg_path(&unit_symbol(Symbol::HorseArtillery), |p| p);
        assert!(
            filled.starts_with("M0.6143 0.5 L") && filled.ends_with(" Z"),
            "{filled}"
        );
        assert_eq!(filled.matches('M').count(), 1);
        assert_eq!(filled.matches('L').count(), 15);
        assert_eq!(stroked, "M0 1 L1 0");
        assert!(
            filled
                .chars()
                .all(|c| "MLZ -.".contains(c) || c.is_ascii_digit())
        );
        // In the counter's coordinates the infantry cross spans the box from the centre.
        let (none, cross) = counter_paths(Symbol::Infantry);
        assert_eq!(none, "");
        assert_eq!(cross, "M-0.28 -0.15 L0.28 0.17 M-0.28 0.17 L0.28 -0.15");
    }
}

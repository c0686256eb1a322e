//! The glyph library: each glyph once, as parts of path data in its unit box (-1..1 both ways,
//! y down), each part filled or stroked in the texture's ink, its light colour, or the hex's
//! fill. Parts are mostly fills: a filled shape prints the same in the raster and the PDF,
//! where hairline strokes differ most.

use super::GlyphKind;
use super::path::{PathBuilder, arc, parse, polygon};
use std::collections::BTreeMap;
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
use std::sync::OnceLock;

/// Which colour a part takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// The texture's (or hexside's) ink.
    Ink,
    /// Its light colour (the ink, lightened, when none is given).
    Light,
    /// The fill under it: a knock-out (a bridge's deck).
    Fill,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Paint {
    Fill(Ink),
    /// A stroke of this width in unit-box units, round joins and ends.
    Stroke(Ink, f64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct GlyphPart {
    /// Path data, absolute M/L/Z only, in the unit box.
    pub d: String,
    pub paint: Paint,
    /// `d` parsed once.
    pub contours: Vec<Vec<(f64, f64)>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    /// Painted in order.
    pub parts: Vec<GlyphPart>,
    /// How far the glyph reaches from its origin (strokes' half widths included), in unit-box
    /// units: placements keep `size * s * extent` inside the placement circle.
    pub extent: f64,
}

fn part(d: String, paint: Paint) -> GlyphPart {
    let contours = parse(&d);
    GlyphPart { d, paint, contours }
}

fn fill(d: PathBuilder, ink: Ink) -> GlyphPart {
    part(d.build(), Paint::Fill(ink))
}

fn stroke(d: PathBuilder, ink: Ink, w: f64) -> GlyphPart {
    part(d.build(), Paint::Stroke(ink, w))
}

fn b() -> PathBuilder {
    PathBuilder::new()
}

fn parts(kind: GlyphKind) -> Vec<GlyphPart> {
    match kind {
        // A crown massed from three lobes with a light highlight up-left and a short trunk.
        GlyphKind::Tree => vec![
            fill(b().rect(-0.12, 0.45, 0.12, 0.95), Ink::Ink),
            fill(
                b().polygon(&polygon(0.0, -0.1, 0.82, 11, -FRAC_PI_2))
                    .circle(-0.35, 0.2, 0.5, 9)
                    .circle(0.38, 0.18, 0.5, 9),
                Ink::Ink,
            ),
            fill(b().circle(-0.22, -0.32, 0.42, 9), Ink::Light),
        ],
        GlyphKind::Bush => vec![fill(
            b().polygon(&polygon(0.0, 0.0, 0.8, 7, -FRAC_PI_2)),
            Ink::Ink,
        )],
        GlyphKind::OrchardTree => vec![
            fill(b().circle(0.0, 0.0, 0.7, 10), Ink::Ink),
            fill(b().circle(-0.2, -0.2, 0.28, 7), Ink::Light),
        ],
        GlyphKind::Building => vec![
            fill(b().rect(-0.8, -0.5, 0.8, 0.5), Ink::Ink),
            fill(b().rect(-0.62, -0.07, 0.62, 0.07), Ink::Light),
        ],
        // A nave with a tower and a cross: one per town, at its centre hex.
        GlyphKind::Church => vec![
            fill(
                b().rect(-0.5, -0.3, 0.9, 0.45)
                    .rect(-0.9, -0.55, -0.4, 0.45),
                Ink::Ink,
            ),
            fill(
                b().rect(-0.7, -0.98, -0.6, -0.58)
                    .rect(-0.8, -0.86, -0.5, -0.78),
                Ink::Ink,
            ),
            fill(b().rect(-0.35, 0.02, 0.75, 0.12), Ink::Light),
        ],
        // Blades fanning up from a base, water dashes beneath.
        GlyphKind::MarshTuft => {
            let mut blades = b().rect(-0.7, 0.3, 0.7, 0.42);
            for k in 0..5 {
                let a = -PI / 2.0 + (k as f64 - 2.0) * 0.32;
                let tip = (0.9 * a.cos(), 0.36 + 1.1 * a.sin());
                let x = (k as f64 - 2.0) * 0.14;
                blades = blades.polygon(&[(x - 0.07, 0.36), tip, (x + 0.07, 0.36)]);
            }
            vec![
                fill(blades, Ink::Ink),
                fill(
                    b().rect(-0.8, 0.62, -0.25, 0.72).rect(0.1, 0.78, 0.7, 0.88),
                    Ink::Light,
                ),
            ]
        }
        GlyphKind::FieldRows => {
            let mut rows = b();
            for k in 0..4 {
                let y = -0.75 + 0.5 * k as f64;
                rows = rows.rect(-0.9, y - 0.06, 0.9, y + 0.06);
            }
            vec![fill(rows, Ink::Ink)]
        }
        GlyphKind::StoneWall => vec![fill(
            b().polygon(&[(-0.7, -0.45), (0.6, -0.6), (0.75, 0.5), (-0.6, 0.6)]),
            Ink::Ink,
        )],
        // A wedge, wide at the top (the crest) and coming to a point at the foot.
        GlyphKind::Hachure => vec![fill(
            b().polygon(&[(-0.14, -1.0), (0.14, -1.0), (0.0, 1.0)]),
            Ink::Ink,
        )],
        GlyphKind::Ripple => vec![
            stroke(
                b().line(&arc(-0.3, 0.6, 0.6, -PI * 0.8, -PI * 0.2, 6)),
                Ink::Light,
                0.16,
            ),
            stroke(
                b().line(&arc(0.35, 0.95, 0.6, -PI * 0.8, -PI * 0.2, 6)),
                Ink::Light,
                0.16,
            ),
        ],
        GlyphKind::IceCrack => vec![stroke(
            b().line(&[
                (-0.9, -0.2),
                (-0.4, 0.2),
                (0.0, -0.3),
                (0.45, 0.15),
                (0.9, -0.1),
            ])
            .line(&[(0.0, -0.3), (0.1, -0.85)]),
            Ink::Ink,
            0.12,
        )],
        // Age of Rifles' fort: the bastioned trace the map view has always drawn (radii 0.62
        // and 0.34 of the hex at size 1).
        GlyphKind::Bastion => {
            let trace: Vec<(f64, f64)> = (0..8)
                .map(|k| {
                    let a = FRAC_PI_4 * k as f64;
                    let q = if k % 2 == 0 { 0.62 } else { 0.34 };
                    (q * a.cos(), q * a.sin())
                })
                .collect();
            vec![stroke(b().polygon(&trace), Ink::Ink, 0.14)]
        }
        // A closed lunette, its ditch dashed in front.
        GlyphKind::Redoubt => {
            let mut ditch = b();
            for k in 0..5 {
                let a = -PI * 0.85 + PI * 0.7 * k as f64 / 4.0;
                let (c, s) = (a.cos(), a.sin());
                ditch = ditch.polygon(&[
                    (0.78 * c - 0.08 * s, 0.2 + 0.78 * s + 0.08 * c),
                    (0.92 * c - 0.08 * s, 0.2 + 0.92 * s + 0.08 * c),
                    (0.92 * c + 0.08 * s, 0.2 + 0.92 * s - 0.08 * c),
                    (0.78 * c + 0.08 * s, 0.2 + 0.78 * s - 0.08 * c),
                ]);
            }
            vec![
                stroke(
                    b().polygon(&[
                        (-0.55, 0.55),
                        (-0.6, -0.05),
                        (0.0, -0.5),
                        (0.6, -0.05),
                        (0.55, 0.55),
                    ]),
                    Ink::Ink,
                    0.16,
                ),
                fill(ditch, Ink::Ink),
            ]
        }
        // A deck along y (the way across), knocked out of whatever is under it, its parapets
        // in ink and four splayed abutment ticks.
        GlyphKind::Bridge => vec![
            fill(b().rect(-0.32, -0.75, 0.32, 0.75), Ink::Light),
            fill(
                b().rect(-0.46, -0.7, -0.32, 0.7)
                    .rect(0.32, -0.7, 0.46, 0.7)
                    .polygon(&[(-0.46, -0.7), (-0.32, -0.7), (-0.62, -0.98), (-0.76, -0.98)])
                    .polygon(&[(0.46, -0.7), (0.32, -0.7), (0.62, -0.98), (0.76, -0.98)])
                    .polygon(&[(-0.46, 0.7), (-0.32, 0.7), (-0.62, 0.98), (-0.76, 0.98)])
                    .polygon(&[(0.46, 0.7), (0.32, 0.7), (0.62, 0.98), (0.76, 0.98)]),
                Ink::Ink,
            ),
        ],
        // Two rows of stepping stones across (along y).
        GlyphKind::Ford => {
            let mut dots = b();
            for k in 0..4 {
                let y = -0.75 + 0.45 * k as f64;
                dots = dots
                    .circle(-0.25, y, 0.13, 6)
                    .circle(0.25, y + 0.2, 0.13, 6);
            }
            vec![fill(dots, Ink::Light)]
        }
    }
}

fn extent(parts: &[GlyphPart]) -> f64 {
    parts
        .iter()
        .map(|p| {
            let half = match p.paint {
                Paint::Fill(_) => 0.0,
                Paint::Stroke(_, w) => w / 2.0,
            };
            p.contours
                .iter()
                .flatten()
                .map(|(x, y)| (x * x + y * y).sqrt() + half)
                .fold(0.0, f64::max)
        })
        .fold(0.0, f64::max)
}

/// The glyph of `kind`, built once.
pub fn glyph(kind: GlyphKind) -> &'static Glyph {
    static LIBRARY: OnceLock<BTreeMap<GlyphKind, Glyph>> = OnceLock::new();
    let lib = LIBRARY.get_or_init(|| {
        GlyphKind::ALL
            .iter()
            .map(|&k| {
                let parts = parts(k);
                let extent = extent(&parts);
                (k, Glyph { parts, extent })
            })
            .collect()
    });
    &lib[&kind]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_parses_and_stays_in_its_unit_box() {
        for k in GlyphKind::ALL {
            let g = glyph(k);
            assert!(!g.parts.is_empty(), "{k:?}");
            for p in &g.parts {
                assert!(!p.contours.is_empty(), "{k:?}: {}", p.d);
                assert!(
                    p.d.split_whitespace()
                        .all(|t| ["M", "L", "Z"].contains(&t) || t.parse::<f64>().is_ok()),
                    "{k:?}: only M, L, Z and numbers: {}",
                    p.d
                );
                for c in &p.contours {
                    for &(x, y) in c {
                        assert!(x.abs() <= 1.0 && y.abs() <= 1.0, "{k:?}: ({x}, {y})");
                    }
                    if let Paint::Fill(_) = p.paint {
                        assert!(c.len() >= 4, "{k:?}: a filled contour is closed");
                    }
                }
            }
            assert!(g.extent > 0.3 && g.extent <= 1.42, "{k:?}: {}", g.extent);
        }
    }

    #[test]
    fn the_bastion_keeps_the_trace_of_the_map_view() {
        let g = glyph(GlyphKind::Bastion);
        let c = &g.parts[0].contours[0];
        assert_eq!(c.len(), 9);
        assert!((c[0].0 - 0.62).abs() < 1e-9 && c[0].1.abs() < 1e-9);
        let r1 = (c[1].0 * c[1].0 + c[1].1 * c[1].1).sqrt();
        assert!((r1 - 0.34).abs() < 2e-3);
    }
}

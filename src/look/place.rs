//! Where a texture's glyphs go in a hex: a few precomputed arrangements ([`variants`]) per
//! texture, one picked per hex from the hex's seed ([`hex_seed`], [`pick`]), so every picture
//! of a hex shows the same trees, and neighbouring hexes of the same terrain do not repeat.
//!
//! Invariant: every glyph of every placement stays inside [`PLACEMENT_RADIUS`] of the hex
//! centre (the inner radius is 0.866), for flat and pointy hexes alike: no glyph crosses a side.

use super::glyphs::glyph;
use super::{Arrange, ChartLook, Texture};

/// Radius, in hex radii, of the circle every glyph stays inside.
pub const PLACEMENT_RADIUS: f64 = 0.74;
/// Arrangements per texture.
pub const VARIANTS: usize = 8;
/// The hex number's place at the top of the hex (x from -, x to, y from, y to, in radii):
/// scattered, rowed and block glyphs keep out of it, so the number reads over woods and towns.
pub const NUMBER_BOX: [f64; 4] = [-0.3, 0.3, -1.0, -0.5];

/// Whether a glyph reaching `reach` from (x, y) keeps out of [`NUMBER_BOX`].
fn clear_of_number(x: f64, y: f64, reach: f64) -> bool {
    let [x0, x1, y0, y1] = NUMBER_BOX;
    let dx = (x0 - x).max(x - x1).max(0.0);
    let dy = (y0 - y).max(y - y1).max(0.0);
    dx * dx + dy * dy > reach * reach
}

/// The seed of a hex: every picture of a hex gets the same one. Only u32 multiply, xor and
/// shift, which TypeScript does exactly with `Math.imul` and `>>> 0`.
pub fn hex_seed(col: i32, row: i32) -> u32 {
    let mut h = (col as u32).wrapping_mul(0x9E37_79B1) ^ (row as u32).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

/// Which variant a hex uses, and whether it is mirrored (x to -x).
pub fn pick(seed: u32) -> (usize, bool) {
    ((seed % VARIANTS as u32) as usize, seed & 0x100 != 0)
}

/// One placement, in hex radii from the centre: where, a size factor, a turn (radians,
/// clockwise on screen), and the detail level it appears from (0: from `lod.symbols_min`,
/// 1: from `lod.full_detail`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub x: f32,
    pub y: f32,
    pub s: f32,
    pub turn: f32,
    pub lod: u8,
}

/// splitmix32: a small, fixed stream of numbers (the same on every machine).
struct Stream(u32);

impl Stream {
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9);
        let mut z = self.0;
        z = (z ^ (z >> 16)).wrapping_mul(0x85EB_CA6B);
        z = (z ^ (z >> 13)).wrapping_mul(0xC2B2_AE35);
        z ^ (z >> 16)
    }

    /// In 0..1.
    fn unit(&mut self) -> f64 {
        self.next() as f64 / 4_294_967_296.0
    }
}

/// The [`VARIANTS`] arrangements of a texture, seeded by the texture's glyph, density and
/// arrangement (not by the hex): each sorted by y so that overlapping glyphs paint back to
/// front, about a third (spread over the hex) marked lod 0.
pub fn variants(t: &Texture) -> Vec<Vec<Placement>> {
    let g = glyph(t.glyph);
    let reach = t.size as f64 * g.extent;
    (0..VARIANTS)
        .map(|v| {
            let seed = (t.glyph as u32).wrapping_mul(0x0100_0193).wrapping_add(
                t.density as u32 * 131 + t.arrange as u32 * 7919 + v as u32 * 104_729,
            );
            let mut rng = Stream(hex_seed(seed as i32, v as i32));
            let mut ps = match t.arrange {
                Arrange::Centre => vec![Placement {
                    x: 0.0,
                    y: 0.0,
                    s: 1.0,
                    turn: 0.0,
                    lod: 0,
                }],
                Arrange::Scatter => scatter(t, reach, &mut rng),
                Arrange::Rows => rows(t, reach, v, &mut rng),
                Arrange::Blocks => blocks(t, reach, v, &mut rng),
            };
            ps.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
            ps
        })
        .collect()
}

/// Jittered, spread placements by best candidate (each new one the farthest from the others
/// of a few tries), so the first ones are spread over the hex: they are the lod-0 third.
fn scatter(t: &Texture, reach: f64, rng: &mut Stream) -> Vec<Placement> {
    let n = t.density as usize;
    let mut out: Vec<Placement> = Vec::with_capacity(n);
    for i in 0..n {
        let s = 0.85 + 0.3 * rng.unit();
        let room = (PLACEMENT_RADIUS - reach * s).max(0.0);
        let mut best = (0.0, 0.0, -1.0);
        for _ in 0..24 {
            // Uniform in the disc of radius `room`.
            let (r, a) = (room * rng.unit().sqrt(), std::f64::consts::TAU * rng.unit());
            let (x, y) = (r * a.cos(), r * a.sin());
            if !clear_of_number(x, y, reach * s) {
                continue;
            }
            let d = out
                .iter()
                .map(|p| (p.x as f64 - x).powi(2) + (p.y as f64 - y).powi(2))
                .fold(f64::MAX, f64::min);
            if d > best.2 {
                best = (x, y, d);
            }
        }
        let turn = if t.glyph == super::GlyphKind::IceCrack {
            std::f64::consts::TAU * rng.unit()
        } else {
            0.0
        };
        out.push(Placement {
            x: best.0 as f32,
            y: best.1 as f32,
            s: s as f32,
            turn: turn as f32,
            lod: u8::from(i * 3 >= n.max(1) + 2),
        });
    }
    out
}

/// Points of a lattice turned by `angle` (rows `dy` apart, `dx` apart along a row, every other
/// row shifted half a step when `stagger`), phase `(px, py)`, inside `room`, nearest the centre
/// first.
fn lattice(
    dx: f64,
    dy: f64,
    stagger: bool,
    angle: f64,
    phase: (f64, f64),
    room: f64,
    reach: f64,
) -> Vec<(f64, f64)> {
    let (c, s) = (angle.cos(), angle.sin());
    let mut pts = Vec::new();
    let n = (room / dy.min(dx)).ceil() as i32 + 2;
    for j in -n..=n {
        let shift = if stagger && j.rem_euclid(2) == 1 {
            dx / 2.0
        } else {
            0.0
        };
        for i in -n..=n {
            let (u, v) = (i as f64 * dx + shift + phase.0, j as f64 * dy + phase.1);
            let (x, y) = (u * c - v * s, u * s + v * c);
            if x * x + y * y <= room * room && clear_of_number(x, y, reach) {
                pts.push((x, y));
            }
        }
    }
    pts.sort_by(|a, b| (a.0 * a.0 + a.1 * a.1).total_cmp(&(b.0 * b.0 + b.1 * b.1)));
    pts
}

/// The densest lattice spacing (largest first) that holds `n` points inside `room`, and the
/// `n` points nearest the centre.
fn fitted(
    n: usize,
    room: f64,
    reach: f64,
    stagger: bool,
    aspect: f64,
    angle: f64,
    phase: (f64, f64),
) -> Vec<(f64, f64)> {
    let mut step = room * 1.2;
    loop {
        let phase = (phase.0 * step, phase.1 * step);
        let pts = lattice(step, step * aspect, stagger, angle, phase, room, reach);
        if pts.len() >= n || step < 0.02 {
            return pts.into_iter().take(n).collect();
        }
        step *= 0.94;
    }
}

/// Parallel rows at one of three hex-aligned angles (0, 60, 120 degrees by variant), each glyph
/// turned with its row: orchards, fields, hachured slopes.
fn rows(t: &Texture, reach: f64, v: usize, rng: &mut Stream) -> Vec<Placement> {
    let angle = (v % 3) as f64 * std::f64::consts::PI / 3.0;
    let room = (PLACEMENT_RADIUS - reach).max(0.0);
    let phase = (rng.unit() - 0.5, 0.3 * (rng.unit() - 0.5));
    let pts = fitted(t.density as usize, room, reach, false, 1.3, angle, phase);
    pts.iter()
        .enumerate()
        .map(|(i, &(x, y))| Placement {
            x: x as f32,
            y: y as f32,
            s: 1.0,
            turn: angle as f32,
            lod: u8::from(i % 3 != 0),
        })
        .collect()
}

/// Blocks along a small street grid: a town's houses, a few of them larger.
fn blocks(t: &Texture, reach: f64, v: usize, rng: &mut Stream) -> Vec<Placement> {
    let angle = (v % 6) as f64 * std::f64::consts::PI / 6.0;
    let big = 1.25;
    let room = (PLACEMENT_RADIUS - reach * big).max(0.0);
    let phase = (0.5 * (rng.unit() - 0.5), 0.5 * (rng.unit() - 0.5));
    let pts = fitted(
        t.density as usize,
        room,
        reach * big,
        true,
        0.8,
        angle,
        phase,
    );
    pts.iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let s = 0.8 + (big - 0.8) * rng.unit();
            // Every third house stands end-on to the street.
            let turn = angle
                + if rng.next().is_multiple_of(3) {
                    std::f64::consts::FRAC_PI_2
                } else {
                    0.0
                };
            Placement {
                x: x as f32,
                y: y as f32,
                s: s as f32,
                turn: turn as f32,
                lod: u8::from(i % 3 != 0),
            }
        })
        .collect()
}

/// Hill-shade factor of a hex: its elevation `own` and its neighbours' as (direction to the
/// neighbour as a unit vector on screen, y down, its level). The slope's gradient against the
/// light (from `look.light_deg`, a compass bearing) brightens a slope facing the light and
/// darkens one turned away; quantised to nine steps so every renderer rounds alike.
pub fn hill_shade(own: i32, neighbours: &[((f64, f64), i32)], look: &ChartLook) -> f32 {
    if look.shade == 0.0 || neighbours.is_empty() {
        return 1.0;
    }
    let (mut gx, mut gy) = (0.0, 0.0);
    for &((dx, dy), level) in neighbours {
        let d = (level - own) as f64;
        gx += d * dx;
        gy += d * dy;
    }
    // Six neighbours of a plane rising m per hex give 3m along its direction.
    gx /= 3.0;
    gy /= 3.0;
    let bearing = (look.light_deg as f64).to_radians();
    let (lx, ly) = (bearing.sin(), -bearing.cos());
    let lit = (-(gx * lx + gy * ly)).clamp(-1.0, 1.0);
    let q = (lit * 4.0).round() / 4.0;
    1.0 + look.shade * q as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::look::GlyphKind;

    fn texture(glyph: GlyphKind, density: u8, arrange: Arrange, size: f32) -> Texture {
        Texture {
            glyph,
            density,
            arrange,
            size,
            ink: "#000000".into(),
            light: None,
        }
    }

    #[test]
    fn hex_seeds_are_known_values() {
        // Pinned: the app's port must give the same numbers.
        assert_eq!(hex_seed(0, 0), 0);
        let s: Vec<u32> = [(1, 1), (8, 12), (-3, 7), (120, 199)]
            .iter()
            .map(|&(c, r)| hex_seed(c, r))
            .collect();
        assert_eq!(s, KNOWN);
        assert_ne!(hex_seed(1, 2), hex_seed(2, 1));
    }

    const KNOWN: [u32; 4] = [1_133_855_410, 4_035_377_511, 3_648_340_143, 712_741_177];

    #[test]
    fn placements_stay_inside_the_placement_circle() {
        let cases = [
            texture(GlyphKind::Tree, 7, Arrange::Scatter, 0.2),
            texture(GlyphKind::Bush, 14, Arrange::Scatter, 0.08),
            texture(GlyphKind::OrchardTree, 12, Arrange::Rows, 0.09),
            texture(GlyphKind::Hachure, 9, Arrange::Rows, 0.15),
            texture(GlyphKind::FieldRows, 2, Arrange::Rows, 0.35),
            texture(GlyphKind::Building, 9, Arrange::Blocks, 0.16),
            texture(GlyphKind::Building, 3, Arrange::Blocks, 0.14),
            texture(GlyphKind::Bastion, 1, Arrange::Centre, 1.0),
            texture(GlyphKind::Redoubt, 1, Arrange::Centre, 0.8),
            texture(GlyphKind::IceCrack, 3, Arrange::Scatter, 0.2),
        ];
        for t in &cases {
            let g = glyph(t.glyph);
            let vs = variants(t);
            assert_eq!(vs.len(), VARIANTS);
            for v in &vs {
                assert_eq!(v.len(), t.density as usize, "{t:?}");
                assert!(v.iter().any(|p| p.lod == 0), "{t:?}");
                for p in v {
                    let (c, s) = ((p.turn as f64).cos(), (p.turn as f64).sin());
                    let k = (t.size * p.s) as f64;
                    for part in &g.parts {
                        let half = match part.paint {
                            crate::look::glyphs::Paint::Stroke(_, w) => w / 2.0,
                            _ => 0.0,
                        };
                        for &(x, y) in part.contours.iter().flatten() {
                            let (u, w) = (x * c - y * s, x * s + y * c);
                            let (px, py) = (p.x as f64 + k * u, p.y as f64 + k * w);
                            let r = (px * px + py * py).sqrt() + k * half;
                            assert!(r <= PLACEMENT_RADIUS + 1e-6, "{t:?}: {r}");
                            let [x0, x1, y0, y1] = NUMBER_BOX;
                            let in_box = px > x0 && px < x1 && py > y0 && py < y1;
                            assert!(
                                t.arrange == Arrange::Centre || !in_box,
                                "{t:?}: ({px}, {py}) on the hex number"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn variants_are_deterministic_and_differ() {
        let t = texture(GlyphKind::Tree, 7, Arrange::Scatter, 0.2);
        let (a, b) = (variants(&t), variants(&t));
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
        for v in &a {
            assert!(v.windows(2).all(|w| w[0].y <= w[1].y), "back to front");
        }
    }

    #[test]
    fn picks_cover_every_variant_and_both_mirrors() {
        let mut seen = [[false; 2]; VARIANTS];
        for c in 0..20 {
            for r in 0..20 {
                let (v, m) = pick(hex_seed(c, r));
                seen[v][usize::from(m)] = true;
            }
        }
        assert!(seen.iter().flatten().all(|&s| s));
    }

    #[test]
    fn a_slope_facing_the_light_is_lighter() {
        let look = ChartLook::default();
        let dirs: Vec<(f64, f64)> = (0..6)
            .map(|i| {
                let a = (30.0 + 60.0 * i as f64).to_radians();
                (a.cos(), a.sin())
            })
            .collect();
        // Rising to the south-east: the slope faces the north-west light.
        let rising_se: Vec<((f64, f64), i32)> = dirs
            .iter()
            .map(|&d| (d, 1 + (d.0 + d.1 > 0.1) as i32 - (d.0 + d.1 < -0.1) as i32))
            .collect();
        let facing = hill_shade(1, &rising_se, &look);
        let away: Vec<((f64, f64), i32)> = rising_se.iter().map(|&(d, l)| (d, 2 - l)).collect();
        let turned = hill_shade(1, &away, &look);
        let flat: Vec<((f64, f64), i32)> = dirs.iter().map(|&d| (d, 1)).collect();
        assert!(facing > 1.0 && turned < 1.0, "{facing} {turned}");
        assert_eq!(hill_shade(1, &flat, &look), 1.0);
        assert!(facing <= 1.0 + look.shade && turned >= 1.0 - look.shade);
    }
}

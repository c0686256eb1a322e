//! How each thing of the chart is drawn, from its look ([`crate::look`]): hill-shaded fills,
//! textures (glyphs placed from the hex's seed), terrain edges, contours, hexsides by style,
//! routes with casing, dashes and ties. [`super::draw`] calls these in the order of the layers;
//! everything goes through [`Surface`], so the PNG, the printed map and VASSAL boards agree.

use super::Layout;
use super::raster::{Color, Pt};
use super::surface::Surface;
use crate::look::glyphs::{Glyph, Ink, Paint, glyph};
use crate::look::place::{Placement, hex_seed, hill_shade, pick, variants};
use crate::look::{Arrange, ChartLook, HexsideLook, LineLook, RouteLook, Texture};
use crate::map::{HexCoord, Map};
use crate::tables::TerrainEffects;
use crate::tables::terrain_effects::HexsideFeature;
use std::collections::BTreeMap;

/// Used when a chart's colour is not `#rrggbb` (checked charts never have one).
pub(super) const FALLBACK: Color = Color::rgb(0xcc, 0xcc, 0xcc);

pub(super) fn color(c: &str) -> Color {
    Color::hex(c).unwrap_or(FALLBACK)
}

/// A light version of `c` (a glyph's light part when the look gives none).
fn lighten(c: Color, f: f32) -> Color {
    let m = |v: u8| (v as f32 + (255.0 - v as f32) * f).round() as u8;
    Color::rgb(m(c.r), m(c.g), m(c.b))
}

/// A texture ready to draw: its glyph, colours and arrangements.
pub(super) struct TextureDraw {
    glyph: &'static Glyph,
    size: f64,
    ink: Color,
    light: Color,
    arrange: Arrange,
    variants: Vec<Vec<Placement>>,
}

impl TextureDraw {
    fn new(t: &Texture) -> TextureDraw {
        let ink = color(&t.ink);
        TextureDraw {
            glyph: glyph(t.glyph),
            size: t.size as f64,
            ink,
            light: t.light.as_deref().map_or(lighten(ink, 0.45), color),
            arrange: t.arrange,
            variants: variants(t),
        }
    }
}

/// One terrain's look, resolved.
pub(super) struct TerrainDraw {
    pub fill: Color,
    pub texture: Option<TextureDraw>,
    pub edge: Option<HexsideLook>,
}

/// The chart's looks, resolved once per picture.
pub(super) struct Looks<'a> {
    pub chart: &'a ChartLook,
    pub terrain: BTreeMap<&'a str, TerrainDraw>,
}

impl<'a> Looks<'a> {
    pub fn new(tec: &'a TerrainEffects) -> Looks<'a> {
        let terrain = tec
            .terrain
            .iter()
            .map(|t| {
                let d = TerrainDraw {
                    fill: color(t.look.fill.as_deref().unwrap_or(&t.color)),
                    texture: t.look.texture.as_ref().map(TextureDraw::new),
                    edge: t.look.edge.clone(),
                };
                (t.key.as_str(), d)
            })
            .collect();
        Looks {
            chart: &tec.look,
            terrain,
        }
    }

    /// The fill of a hex: its terrain's fill, darker per elevation level, hill-shaded.
    pub fn fill(&self, map: &Map, layout: &Layout, hex: HexCoord) -> Color {
        let base = map
            .terrain(hex)
            .and_then(|k| self.terrain.get(k))
            .map_or(FALLBACK, |t| t.fill);
        let level = map.elevation(hex).unwrap_or(0) as i32;
        let tint = 1.0 - self.chart.tint_per_level * level.min(6) as f32;
        base.shade(tint * self.shade(map, layout, hex))
    }

    fn shade(&self, map: &Map, layout: &Layout, hex: HexCoord) -> f32 {
        let own = map.elevation(hex).unwrap_or(0) as i32;
        let c = layout.center(hex);
        let r = layout.radius();
        let nbs: Vec<((f64, f64), i32)> = layout
            .neighbours(hex)
            .iter()
            .flatten()
            .map(|n| {
                let p = layout.center(*n);
                let d = (
                    (p.0 - c.0) / (r * super::SQRT3),
                    (p.1 - c.1) / (r * super::SQRT3),
                );
                (d, map.elevation(*n).unwrap_or(0) as i32)
            })
            .collect();
        hill_shade(own, &nbs, self.chart)
    }
}

/// Draw `g` with its unit box scaled to `k` pixels, turned by `turn` (radians, clockwise on
/// screen), mirrored (x to -x, before turning) if `mirror`, its origin at `at`.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_glyph(
    surf: &mut dyn Surface,
    g: &Glyph,
    at: Pt,
    k: f64,
    turn: f64,
    mirror: bool,
    ink: Color,
    light: Color,
    under: Color,
) {
    let (c, s) = (turn.cos(), turn.sin());
    let m = if mirror { -1.0 } else { 1.0 };
    let tf = |&(x, y): &(f64, f64)| {
        let x = m * x;
        (at.0 + k * (x * c - y * s), at.1 + k * (x * s + y * c))
    };
    for part in &g.parts {
        let pick_ink = |i: Ink| match i {
            Ink::Ink => ink,
            Ink::Light => light,
            Ink::Fill => under,
        };
        match part.paint {
            Paint::Fill(i) => {
                let contours: Vec<Vec<Pt>> = part
                    .contours
                    .iter()
                    .map(|ct| ct.iter().map(tf).collect())
                    .collect();
                surf.fill(&contours, pick_ink(i));
            }
            Paint::Stroke(i, w) => {
                for ct in &part.contours {
                    let pts: Vec<Pt> = ct.iter().map(tf).collect();
                    surf.stroke(&pts, (w * k).max(0.6), pick_ink(i));
                }
            }
        }
    }
}

/// The texture of one hex: the placements of its variant down to the detail level `lod`.
/// `turn_to`: a turn for a centred glyph (a bridge along its road), else upright.
pub(super) fn draw_texture(
    surf: &mut dyn Surface,
    t: &TextureDraw,
    layout: &Layout,
    hex: HexCoord,
    lod: u8,
    fill: Color,
    turn_to: Option<f64>,
) {
    let r = layout.radius();
    let k0 = t.size * r;
    if k0 < 0.9 {
        return;
    }
    let c = layout.center(hex);
    let (v, mirror) = pick(hex_seed(hex.col as i32, hex.row as i32));
    // A centred glyph is not mirrored (a fort's trace, a bridge along its road).
    let mirror = mirror && t.arrange != Arrange::Centre;
    let m = if mirror { -1.0 } else { 1.0 };
    for p in &t.variants[v] {
        if p.lod > lod {
            continue;
        }
        let turn = match (t.arrange, turn_to) {
            (Arrange::Centre, Some(a)) => a,
            _ => m * p.turn as f64,
        };
        let at = (c.0 + m * p.x as f64 * r, c.1 + p.y as f64 * r);
        draw_glyph(
            surf,
            t.glyph,
            at,
            k0 * p.s as f64,
            turn,
            mirror,
            t.ink,
            t.light,
            fill,
        );
    }
}

/// Width in pixels of a line look at `r` pixels per radius.
pub(super) fn width(l: &LineLook, r: f64) -> f64 {
    (l.width as f64 * r).max(l.min_px as f64)
}

/// The pieces of a polyline cut into dashes `on` long, `off` apart (pixels), from its start.
pub(super) fn dashes(pts: &[Pt], on: f64, off: f64) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = Vec::new();
    if on <= 0.0 || off <= 0.0 {
        return vec![pts.to_vec()];
    }
    let mut cur: Vec<Pt> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let mut t = 0.0;
        if drawing && cur.is_empty() {
            cur.push(a);
        }
        while len - t > left {
            t += left;
            let p = (a.0 + (b.0 - a.0) * t / len, a.1 + (b.1 - a.1) * t / len);
            if drawing {
                cur.push(p);
                out.push(std::mem::take(&mut cur));
                left = off;
            } else {
                cur.push(p);
                left = on;
            }
            drawing = !drawing;
        }
        left -= len - t;
        if drawing {
            cur.push(b);
        }
    }
    if drawing && cur.len() > 1 {
        out.push(cur);
    }
    out
}

/// Points every `gap` pixels along a polyline, from half a gap in: (point, unit direction).
pub(super) fn along(pts: &[Pt], gap: f64) -> Vec<(Pt, Pt)> {
    let mut out = Vec::new();
    if gap <= 0.0 {
        return out;
    }
    let mut next = gap / 2.0;
    let mut run = 0.0;
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len == 0.0 {
            continue;
        }
        let d = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        while next <= run + len {
            let t = next - run;
            out.push(((a.0 + d.0 * t, a.1 + d.1 * t), d));
            next += gap;
        }
        run += len;
    }
    out
}

/// A route by its look: casing, the line (dashed if asked), cross-ties.
pub(super) fn draw_route(surf: &mut dyn Surface, look: &RouteLook, pts: &[Pt], r: f64) {
    if let Some(c) = &look.casing {
        surf.stroke(pts, width(c, r), color(&c.color));
    }
    let lw = width(&look.line, r);
    let lc = color(&look.line.color);
    if let Some(t) = &look.ties {
        let (half, tw) = (t.len as f64 * r / 2.0, (t.width as f64 * r).max(1.0));
        for ((x, y), (dx, dy)) in along(pts, t.gap as f64 * r) {
            surf.segment(
                (x - dy * half, y + dx * half),
                (x + dy * half, y - dx * half),
                tw,
                lc,
            );
        }
    }
    match look.line.dash {
        Some([on, off]) => {
            for piece in dashes(pts, on as f64 * r, off as f64 * r) {
                surf.stroke(&piece, lw, lc);
            }
        }
        None => surf.stroke(pts, lw, lc),
    }
}

/// A line look along `pts`, with its glyphs (hedge bushes, wall stones) when the detail
/// allows them.
pub(super) fn draw_lined(
    surf: &mut dyn Surface,
    look: &HexsideLook,
    pts: &[Pt],
    r: f64,
    glyphs: bool,
) {
    let HexsideLook::Lined {
        line,
        glyph: g,
        gap,
        size,
        ink,
    } = look
    else {
        return;
    };
    let lc = color(&line.color);
    match line.dash {
        Some([on, off]) => {
            for piece in dashes(pts, on as f64 * r, off as f64 * r) {
                surf.stroke(&piece, width(line, r), lc);
            }
        }
        None => surf.stroke(pts, width(line, r), lc),
    }
    if let (Some(g), true) = (g, glyphs) {
        let ink = ink.as_deref().map_or(lc, color);
        let k = *size as f64 * r;
        if k < 0.7 {
            return;
        }
        for (p, d) in along(pts, *gap as f64 * r) {
            let turn = d.1.atan2(d.0);
            draw_glyph(
                surf,
                glyph(*g),
                p,
                k,
                turn,
                false,
                ink,
                lighten(ink, 0.45),
                ink,
            );
        }
    }
}

/// A side as a gently meandering polyline from `p` to `q`: `wiggle` pixels of offset along
/// the normal in two half-waves (zero at both corners, so sides join exactly), `flip` turning
/// the meander the other way.
pub(super) fn meander(p: Pt, q: Pt, wiggle: f64, flip: bool) -> Vec<Pt> {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 || wiggle == 0.0 {
        return vec![p, q];
    }
    let (nx, ny) = (-dy / len, dx / len);
    let sgn = if flip { -1.0 } else { 1.0 };
    let n = 12;
    (0..=n)
        .map(|i| {
            let t = i as f64 / n as f64;
            let o = sgn * wiggle * (std::f64::consts::TAU * t).sin();
            (p.0 + dx * t + nx * o, p.1 + dy * t + ny * o)
        })
        .collect()
}

/// A side to draw a feature on: its end points, the unit vector across it from hex a to hex
/// b, the two hexes' levels (a crest's ticks point to the lower), and a seed (the meander's
/// way).
pub(super) struct SideWay {
    pub p: Pt,
    pub q: Pt,
    pub d: Pt,
    pub levels: (u8, u8),
    pub seed: u32,
}

/// Draw the part of a side's feature that belongs to `pass`: 0 water banks, 1 water, 2 crests
/// and plain lines (a feature without a look: a line `plain_width` wide in its colour),
/// 3 lined features, 4 crossings. Drawing every side's pass before the next pass's joins
/// water cleanly at corners and puts bridges over it.
pub(super) fn draw_side_pass(
    surf: &mut dyn Surface,
    feature: Option<&HexsideFeature>,
    s: &SideWay,
    pass: u8,
    r: f64,
    ticks: bool,
    plain_width: f64,
) {
    let look = feature.and_then(|f| f.look.as_ref());
    match (pass, look) {
        (
            0 | 1,
            Some(HexsideLook::Water {
                width: w,
                water,
                bank,
                wiggle,
            }),
        ) => {
            let line = meander(s.p, s.q, *wiggle as f64 * r, s.seed & 1 == 1);
            let w = (*w as f64 * r).max(1.5);
            if pass == 0 {
                let bw = width(bank, r);
                surf.stroke(&line, w + 2.0 * bw, color(&bank.color));
            } else {
                surf.stroke(&line, w, color(water));
            }
        }
        (2, None) => {
            let c = feature.map_or(FALLBACK, |f| color(&f.color));
            surf.stroke(&[s.p, s.q], plain_width, c);
        }
        (
            2,
            Some(HexsideLook::Hachures {
                line,
                tick_len,
                tick_gap,
            }),
        ) => {
            let w = width(line, r);
            let c = color(&line.color);
            surf.stroke(&[s.p, s.q], w, c);
            if ticks {
                // Ticks point down-slope: toward the lower hex, both ways on a level top.
                let (la, lb) = s.levels;
                let (len, gap) = (*tick_len as f64 * r, *tick_gap as f64 * r);
                if la >= lb {
                    draw_ticks(surf, s.p, s.q, s.d, w, len, gap, c);
                }
                if lb >= la {
                    draw_ticks(surf, s.p, s.q, (-s.d.0, -s.d.1), w, len, gap, c);
                }
            }
        }
        (3, Some(l @ HexsideLook::Lined { .. })) => draw_lined(surf, l, &[s.p, s.q], r, ticks),
        (
            4,
            Some(HexsideLook::Crossing {
                glyph: g,
                size,
                ink,
                light,
            }),
        ) => {
            let ink = color(ink);
            let light = light.as_deref().map_or(super::PAPER, color);
            let mid = ((s.p.0 + s.q.0) / 2.0, (s.p.1 + s.q.1) / 2.0);
            // The glyph's y axis runs the way across, from a to b.
            let turn = (-s.d.0).atan2(s.d.1);
            draw_glyph(
                surf,
                glyph(*g),
                mid,
                *size as f64 * r,
                turn,
                false,
                ink,
                light,
                light,
            );
        }
        _ => {}
    }
}

/// A hexside feature's every pass on one side (the terrain key's swatch), hex a above.
pub(super) fn draw_side_look(
    surf: &mut dyn Surface,
    h: &HexsideFeature,
    p: Pt,
    q: Pt,
    d: Pt,
    r: f64,
) {
    let way = SideWay {
        p,
        q,
        d,
        levels: (1, 0),
        seed: 0,
    };
    for pass in 0..5 {
        draw_side_pass(surf, Some(h), &way, pass, r, true, (r * 0.28).max(2.0));
    }
}

/// Crest ticks (hachures) along the side p-q, pointing `down` (a unit vector toward the
/// lower hex): wedges from the crest line's edge, `len` long, `gap` apart (pixels).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_ticks(
    surf: &mut dyn Surface,
    p: Pt,
    q: Pt,
    down: Pt,
    line_w: f64,
    len: f64,
    gap: f64,
    c: Color,
) {
    let side = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    let n = (side / gap).round().max(1.0) as usize;
    // Wide enough at the root to read as a tick, not a hairline, at the least scale ticks are drawn.
    let base = (line_w * 1.6).max(2.2);
    let (ax, ay) = ((q.0 - p.0) / side, (q.1 - p.1) / side);
    let mut wedges: Vec<Vec<Pt>> = Vec::with_capacity(n);
    for i in 0..n {
        let t = (i as f64 + 0.5) / n as f64;
        let m = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
        let root = (m.0 + down.0 * line_w * 0.4, m.1 + down.1 * line_w * 0.4);
        let tip = (
            m.0 + down.0 * (line_w * 0.4 + len),
            m.1 + down.1 * (line_w * 0.4 + len),
        );
        wedges.push(vec![
            (root.0 - ax * base / 2.0, root.1 - ay * base / 2.0),
            (root.0 + ax * base / 2.0, root.1 + ay * base / 2.0),
            tip,
        ]);
    }
    surf.fill(&wedges, c);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_alternate_along_the_line() {
        let d = dashes(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 3.0, 2.0);
        let starts: Vec<Pt> = d.iter().map(|p| p[0]).collect();
        assert_eq!(starts, [(0.0, 0.0), (5.0, 0.0), (10.0, 0.0), (10.0, 5.0)]);
        // A gap ends on the corner; the next dash runs down the second segment.
        assert_eq!(d[3].last(), Some(&(10.0, 8.0)));
    }

    #[test]
    fn ties_are_spaced_along_the_line() {
        let a = along(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 4.0);
        let pts: Vec<Pt> = a.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            pts,
            [
                (2.0, 0.0),
                (6.0, 0.0),
                (10.0, 0.0),
                (10.0, 4.0),
                (10.0, 8.0)
            ]
        );
    }

    #[test]
    fn a_meander_meets_the_corners() {
        let m = meander((0.0, 0.0), (12.0, 0.0), 1.0, false);
        assert_eq!(m.first(), Some(&(0.0, 0.0)));
        let last = m.last().unwrap();
        assert!((last.0 - 12.0).abs() < 1e-9 && last.1.abs() < 1e-9);
        assert!(m.iter().any(|p| p.1 > 0.9));
    }
}

//! A small anti-aliased rasteriser on an opaque RGBA image: filled polygons by scanline (four
//! sub-scanlines per pixel row, exact horizontal coverage), thick lines as filled quads with
//! round joins, discs and stars. Everything is plain `f64`/`f32` arithmetic in a fixed order, so
//! the same input gives the same pixels.

use image::RgbaImage;

/// A point in pixels; x grows east (right), y grows south (down).
pub(crate) type Pt = (f64, f64);

/// Sub-scanlines per pixel row.
const SUBROWS: u32 = 4;

/// A colour with an opacity (0 transparent, 1 opaque).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Color {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: f32,
}

impl Color {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 1.0 }
    }

    /// Parse `#rrggbb`.
    pub fn hex(s: &str) -> Option<Color> {
        let s = s.strip_prefix('#')?;
        if s.len() != 6 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let c = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).ok();
        Some(Color::rgb(c(0)?, c(2)?, c(4)?))
    }

    pub fn alpha(self, a: f32) -> Color {
        Color { a, ..self }
    }

    /// Multiply the channels by `f` (below 1 darkens).
    pub fn shade(self, f: f32) -> Color {
        let m = |c: u8| (c as f32 * f).round().clamp(0.0, 255.0) as u8;
        Color {
            r: m(self.r),
            g: m(self.g),
            b: m(self.b),
            a: self.a,
        }
    }

    /// Relative luminance in 0..1 (sRGB weights, no linearisation).
    pub fn luma(self) -> f32 {
        (0.299 * self.r as f32 + 0.587 * self.g as f32 + 0.114 * self.b as f32) / 255.0
    }
}

/// Blend `c` with opacity `c.a * coverage` over the pixel at (x, y), which must be inside.
pub(crate) fn blend(img: &mut RgbaImage, x: u32, y: u32, c: Color, coverage: f32) {
    let a = (c.a * coverage).clamp(0.0, 1.0);
    if a <= 0.0 {
        return;
    }
    let p = img.get_pixel_mut(x, y);
    let mix = |d: u8, s: u8| (d as f32 + (s as f32 - d as f32) * a).round() as u8;
    p.0 = [mix(p.0[0], c.r), mix(p.0[1], c.g), mix(p.0[2], c.b), 255];
}

/// Twice the signed area (positive when the points turn clockwise on screen, y down).
pub(crate) fn signed_area2(pts: &[Pt]) -> f64 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

/// Fill the union of `contours` (each a closed polygon, any orientation), painting each covered
/// pixel with `paint(x, y)` at its coverage. Overlapping contours are covered once.
pub(crate) fn fill_with(
    img: &mut RgbaImage,
    contours: &[Vec<Pt>],
    paint: impl Fn(u32, u32) -> Color,
) {
    let (w, h) = img.dimensions();
    // Edges (x0, y0, x1, y1, winding), every contour turned the same way so that the nonzero
    // rule gives the union.
    let mut edges: Vec<(f64, f64, f64, f64, i32)> = Vec::new();
    let (mut ymin, mut ymax, mut xmin, mut xmax) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for c in contours {
        if c.len() < 3 {
            continue;
        }
        let flip = signed_area2(c) < 0.0;
        for i in 0..c.len() {
            let (mut a, mut b) = (c[i], c[(i + 1) % c.len()]);
            if flip {
                std::mem::swap(&mut a, &mut b);
            }
            ymin = ymin.min(a.1);
            ymax = ymax.max(a.1);
            xmin = xmin.min(a.0);
            xmax = xmax.max(a.0);
            if a.1 == b.1 {
                continue;
            }
            let dir = if a.1 < b.1 { 1 } else { -1 };
            edges.push((a.0, a.1, b.0, b.1, dir));
        }
    }
    if edges.is_empty() || !ymin.is_finite() || !ymax.is_finite() {
        return;
    }
    let y0 = ymin.floor().max(0.0) as u32;
    let y1 = (ymax.ceil().min(h as f64)).max(0.0) as u32;
    let x0 = xmin.floor().max(0.0) as usize;
    let x1 = (xmax.ceil() + 1.0).min(w as f64).max(0.0) as usize;
    if x0 >= x1 {
        return;
    }
    let mut cov = vec![0f32; x1 - x0];
    let mut xs: Vec<(f64, i32)> = Vec::new();
    let sub = 1.0 / SUBROWS as f32;
    for py in y0..y1 {
        cov.iter_mut().for_each(|c| *c = 0.0);
        let mut any = false;
        for s in 0..SUBROWS {
            let sy = py as f64 + (s as f64 + 0.5) / SUBROWS as f64;
            xs.clear();
            for &(ax, ay, bx, by, dir) in &edges {
                let (lo, hi) = if ay < by { (ay, by) } else { (by, ay) };
                if sy >= lo && sy < hi {
                    xs.push((ax + (sy - ay) * (bx - ax) / (by - ay), dir));
                }
            }
            if xs.is_empty() {
                continue;
            }
            xs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut winding = 0;
            let mut start = 0.0;
            for &(x, dir) in &xs {
                let was = winding != 0;
                winding += dir;
                if !was && winding != 0 {
                    start = x;
                } else if was && winding == 0 {
                    any |= add_span(&mut cov, x0, start, x, sub);
                }
            }
        }
        if !any {
            continue;
        }
        for (i, &c) in cov.iter().enumerate() {
            if c > 0.0 {
                let x = (x0 + i) as u32;
                blend(img, x, py, paint(x, py), c.min(1.0));
            }
        }
    }
}

/// Add `weight` times the covered fraction of each pixel between `a` and `b` (pixel x
/// coordinates) to `cov`, which starts at pixel `x0`. True if anything was added.
fn add_span(cov: &mut [f32], x0: usize, a: f64, b: f64, weight: f32) -> bool {
    let lo = x0 as f64;
    let hi = (x0 + cov.len()) as f64;
    let (a, b) = (a.max(lo), b.min(hi));
    if b <= a {
        return false;
    }
    let (ia, ib) = (a.floor() as usize, b.floor() as usize);
    if ia == ib {
        cov[ia - x0] += (b - a) as f32 * weight;
    } else {
        cov[ia - x0] += (ia as f64 + 1.0 - a) as f32 * weight;
        for c in &mut cov[ia + 1 - x0..ib - x0] {
            *c += weight;
        }
        if ib < x0 + cov.len() {
            cov[ib - x0] += (b - ib as f64) as f32 * weight;
        }
    }
    true
}

pub(crate) fn fill(img: &mut RgbaImage, contours: &[Vec<Pt>], c: Color) {
    fill_with(img, contours, |_, _| c);
}

/// A regular polygon approximating a circle, with enough sides to look round at its size.
pub(crate) fn disc(c: Pt, r: f64) -> Vec<Pt> {
    let n = ((r * 3.0).ceil() as usize).clamp(8, 64);
    (0..n)
        .map(|i| {
            let t = std::f64::consts::TAU * i as f64 / n as f64;
            (c.0 + r * t.cos(), c.1 + r * t.sin())
        })
        .collect()
}

/// A five-pointed star, one point up.
pub(crate) fn star(c: Pt, outer: f64) -> Vec<Pt> {
    let inner = outer * 0.42;
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let t = -std::f64::consts::FRAC_PI_2 + std::f64::consts::PI * i as f64 / 5.0;
            (c.0 + r * t.cos(), c.1 + r * t.sin())
        })
        .collect()
}

/// The quad covering the segment a-b at `width` (butt ends).
fn quad(a: Pt, b: Pt, width: f64) -> Option<Vec<Pt>> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return None;
    }
    let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
    Some(vec![
        (a.0 + nx, a.1 + ny),
        (b.0 + nx, b.1 + ny),
        (b.0 - nx, b.1 - ny),
        (a.0 - nx, a.1 - ny),
    ])
}

/// Contours of a thick polyline with round joins and (if `round_caps`) round ends.
pub(crate) fn polyline_contours(pts: &[Pt], width: f64, round_caps: bool) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = pts
        .windows(2)
        .filter_map(|w| quad(w[0], w[1], width))
        .collect();
    let n = pts.len();
    for (i, &p) in pts.iter().enumerate() {
        let end = i == 0 || i + 1 == n;
        if !end || round_caps {
            out.push(disc(p, width / 2.0));
        }
    }
    out
}

/// A thick polyline, round joins and ends, painted once (no darker overlaps when translucent).
pub(crate) fn stroke(img: &mut RgbaImage, pts: &[Pt], width: f64, c: Color) {
    fill(img, &polyline_contours(pts, width, true), c);
}

/// A thick segment with butt ends.
pub(crate) fn segment(img: &mut RgbaImage, a: Pt, b: Pt, width: f64, c: Color) {
    if let Some(q) = quad(a, b, width) {
        fill(img, &[q], c);
    }
}

/// Solid pixel-aligned rectangle (clipped).
pub(crate) fn rect(img: &mut RgbaImage, x: i64, y: i64, w: i64, h: i64, c: Color) {
    let (iw, ih) = (img.width() as i64, img.height() as i64);
    for py in y.max(0)..(y + h).min(ih) {
        for px in x.max(0)..(x + w).min(iw) {
            blend(img, px as u32, py as u32, c, 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn blank(w: u32, h: u32) -> RgbaImage {
        RgbaImage::from_pixel(w, h, Rgba([255, 255, 255, 255]))
    }

    #[test]
    fn a_pixel_aligned_square_fills_exactly() {
        let mut img = blank(10, 10);
        let sq = vec![(2.0, 2.0), (6.0, 2.0), (6.0, 5.0), (2.0, 5.0)];
        fill(&mut img, &[sq], Color::rgb(0, 0, 0));
        let black = (0..10)
            .flat_map(|y| (0..10).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0 == [0, 0, 0, 255])
            .count();
        assert_eq!(black, 12);
        assert_eq!(img.get_pixel(1, 2).0, [255, 255, 255, 255]);
        assert_eq!(img.get_pixel(6, 4).0, [255, 255, 255, 255]);
    }

    #[test]
    fn half_covered_pixels_blend_halfway() {
        let mut img = blank(4, 1);
        let r = vec![(0.0, 0.0), (1.5, 0.0), (1.5, 1.0), (0.0, 1.0)];
        fill(&mut img, &[r], Color::rgb(0, 0, 0));
        assert_eq!(img.get_pixel(0, 0).0[0], 0);
        assert_eq!(img.get_pixel(1, 0).0[0], 128);
        assert_eq!(img.get_pixel(2, 0).0[0], 255);
    }

    #[test]
    fn overlapping_contours_of_either_orientation_are_a_union() {
        let mut img = blank(10, 10);
        let a = vec![(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (0.0, 6.0)];
        let b: Vec<Pt> = vec![(3.0, 3.0), (9.0, 3.0), (9.0, 9.0), (3.0, 9.0)]
            .into_iter()
            .rev()
            .collect();
        fill(&mut img, &[a, b], Color::rgb(0, 0, 0).alpha(0.5));
        assert_eq!(
            img.get_pixel(4, 4).0[0],
            img.get_pixel(1, 1).0[0],
            "overlap painted once"
        );
        assert_eq!(img.get_pixel(1, 1).0[0], 128);
    }

    #[test]
    fn polygons_off_the_image_are_clipped() {
        let mut img = blank(5, 5);
        let big = vec![(-50.0, -50.0), (50.0, -50.0), (50.0, 50.0), (-50.0, 50.0)];
        fill(&mut img, &[big], Color::rgb(1, 2, 3));
        assert!(img.pixels().all(|p| p.0 == [1, 2, 3, 255]));
        let away = vec![(60.0, 60.0), (70.0, 60.0), (70.0, 70.0)];
        fill(&mut img, &[away], Color::rgb(9, 9, 9));
        assert!(img.pixels().all(|p| p.0 == [1, 2, 3, 255]));
    }

    #[test]
    fn colours_parse() {
        assert_eq!(Color::hex("#6f9a5a"), Some(Color::rgb(0x6f, 0x9a, 0x5a)));
        assert_eq!(Color::hex("6f9a5a"), None);
        assert_eq!(Color::hex("#6f9a5"), None);
        assert_eq!(Color::hex("#6f9a5g"), None);
    }
}

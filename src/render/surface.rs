//! What the map and counter pictures are drawn on: a [`Surface`] takes filled polygons, thick
//! lines, rectangles and text, in pixel coordinates (x east, y south). The raster image
//! ([`RgbaImage`], for PNG) and the PDF pages of `kepi print` ([`crate::print`]) both implement
//! it, so how a map or a counter looks is written once ([`super::draw`], [`super::counter`]).

use super::font::{Font, draw_text, glyph_cells};
use super::raster::{self, Color, Pt};
use image::RgbaImage;

/// A drawing surface in pixel units.
pub(crate) trait Surface {
    /// Fill the union of closed `contours` (any orientation; overlaps painted once).
    fn fill(&mut self, contours: &[Vec<Pt>], c: Color);
    /// A thick polyline with round joins and ends, painted once.
    fn stroke(&mut self, pts: &[Pt], width: f64, c: Color);
    /// A thick segment with butt ends.
    fn segment(&mut self, a: Pt, b: Pt, width: f64, c: Color);
    /// A solid pixel-aligned rectangle.
    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: Color);
    /// `text` in `font` at scale `k`, its top-left corner at (x, y): each glyph takes
    /// `font.width(.., k)` across and `font.height(k)` down, as [`draw_text`] draws it.
    fn text(&mut self, text: &str, x: i64, y: i64, k: u32, font: Font, c: Color);
    /// Characters of `font` set one by one, each glyph's cell (`font.cell()` font pixels of
    /// `k` pixels, any size) centred at its point and turned by `angle` radians (clockwise on
    /// screen): a name along a feature. With `halo`, every glyph is first drawn in that colour
    /// `k / 2` wider all round, so the ink reads over a busy map.
    fn glyphs(
        &mut self,
        glyphs: &[(char, Pt)],
        angle: f64,
        k: f64,
        font: Font,
        c: Color,
        halo: Option<Color>,
    );
}

/// The font pixels of `glyphs` as squares `k + 2 grow` wide, turned and placed as
/// [`Surface::glyphs`] places them.
fn glyph_squares(glyphs: &[(char, Pt)], angle: f64, k: f64, font: Font, grow: f64) -> Vec<Vec<Pt>> {
    let (w, h) = font.cell();
    let (sin, cos) = angle.sin_cos();
    let turn = |(x, y): Pt, at: Pt| (at.0 + x * cos - y * sin, at.1 + x * sin + y * cos);
    let half = k / 2.0 + grow;
    let mut out = Vec::new();
    for &(ch, at) in glyphs {
        for (col, row) in glyph_cells(font, ch) {
            let cx = (col as f64 + 0.5 - w as f64 / 2.0) * k;
            let cy = (row as f64 + 0.5 - h as f64 / 2.0) * k;
            out.push(
                [(-half, -half), (half, -half), (half, half), (-half, half)]
                    .iter()
                    .map(|&(dx, dy)| turn((cx + dx, cy + dy), at))
                    .collect(),
            );
        }
    }
    out
}

impl Surface for RgbaImage {
    fn fill(&mut self, contours: &[Vec<Pt>], c: Color) {
        raster::fill(self, contours, c);
    }

    fn stroke(&mut self, pts: &[Pt], width: f64, c: Color) {
        raster::stroke(self, pts, width, c);
    }

    fn segment(&mut self, a: Pt, b: Pt, width: f64, c: Color) {
        raster::segment(self, a, b, width, c);
    }

    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: Color) {
        raster::rect(self, x, y, w, h, c);
    }

    fn text(&mut self, text: &str, x: i64, y: i64, k: u32, font: Font, c: Color) {
        draw_text(self, text, x, y, k, font, c);
    }

    fn glyphs(
        &mut self,
        glyphs: &[(char, Pt)],
        angle: f64,
        k: f64,
        font: Font,
        c: Color,
        halo: Option<Color>,
    ) {
        if let Some(h) = halo {
            raster::fill(self, &glyph_squares(glyphs, angle, k, font, k / 2.0), h);
        }
        raster::fill(self, &glyph_squares(glyphs, angle, k, font, 0.0), c);
    }
}

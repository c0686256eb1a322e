//! What the map and counter pictures are drawn on: a [`Surface`] takes filled polygons, thick
//! lines, rectangles and text, in pixel coordinates (x east, y south). The raster image
//! ([`RgbaImage`], for PNG) and the PDF pages of `kepi print` ([`crate::print`]) both implement
//! it, so how a map or a counter looks is written once ([`super::draw`], [`super::counter`]).

use super::font::{Font, draw_text};
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
}

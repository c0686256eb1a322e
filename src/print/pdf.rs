//! The PDF implementation of the render module's [`Surface`]: the map and counters are drawn
//! on a page through it, in the picture's pixel units under a transform to points, so that
//! the PDF shows what the PNG shows (see `docs/print.md` for how closely).
//!
//! Text in the picture's bitmap font is set in DejaVu Sans Mono (embedded, subset by krilla):
//! a monospaced face whose advance (0.602 em) is matched to the bitmap font's cell, so that
//! every width the picture's layout measured holds on paper too.

use crate::render::surface::Surface;
use crate::render::{Color, Font as BitmapFont, Pt, signed_area2};
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Stroke};
use krilla::text::{Font, TextDirection};

/// DejaVu Sans Mono (Bitstream Vera licence, assets/fonts/LICENSE-DejaVu.txt).
static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono-Bold.ttf");

/// Advance of every glyph of the mono face, in em.
pub const ADVANCE_EM: f64 = 1233.0 / 2048.0;

/// The two faces used.
#[derive(Clone)]
pub struct Fonts {
    pub regular: Font,
    pub bold: Font,
}

impl Fonts {
    pub fn load() -> Fonts {
        let face = |data: &'static [u8]| {
            Font::new(data.into(), 0).expect("the embedded DejaVu Sans Mono is a valid TrueType")
        };
        Fonts {
            regular: face(REGULAR),
            bold: face(BOLD),
        }
    }
}

/// Width of `text` in the mono face at `size` (any unit: the size's).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * ADVANCE_EM * size
}

pub fn paint(c: Color) -> (rgb::Color, NormalizedF32) {
    (
        rgb::Color::new(c.r, c.g, c.b),
        NormalizedF32::new(c.a.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE),
    )
}

pub fn fill_of(c: Color) -> Fill {
    let (col, opacity) = paint(c);
    Fill {
        paint: col.into(),
        opacity,
        rule: FillRule::NonZero,
    }
}

pub fn stroke_of(c: Color, width: f64, cap: LineCap) -> Stroke {
    let (col, opacity) = paint(c);
    Stroke {
        paint: col.into(),
        width: width as f32,
        miter_limit: 4.0,
        line_cap: cap,
        line_join: LineJoin::Round,
        opacity,
        dash: None,
    }
}

/// Closed contours as one path, each turned clockwise so that the nonzero rule fills their
/// union, as the rasteriser does.
pub fn contours_path(contours: &[Vec<Pt>]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let mut any = false;
    for c in contours.iter().filter(|c| c.len() >= 3) {
        let pts: Vec<Pt> = if signed_area2(c) < 0.0 {
            c.iter().rev().copied().collect()
        } else {
            c.clone()
        };
        pb.move_to(pts[0].0 as f32, pts[0].1 as f32);
        for p in &pts[1..] {
            pb.line_to(p.0 as f32, p.1 as f32);
        }
        pb.close();
        any = true;
    }
    if any { pb.finish() } else { None }
}

pub fn polyline_path(pts: &[Pt]) -> Option<Path> {
    if pts.len() < 2 {
        return None;
    }
    let mut pb = PathBuilder::new();
    pb.move_to(pts[0].0 as f32, pts[0].1 as f32);
    for p in &pts[1..] {
        pb.line_to(p.0 as f32, p.1 as f32);
    }
    pb.finish()
}

pub fn rect_path(x: f64, y: f64, w: f64, h: f64) -> Option<Path> {
    contours_path(&[vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]])
}

/// A page's surface (krilla's) seen as a [`Surface`]: coordinates are whatever the transforms
/// pushed on it make them (the picture's pixels for a map or a counter).
pub struct PdfSurface<'a, 'b> {
    pub surface: &'a mut krilla::surface::Surface<'b>,
    pub fonts: &'a Fonts,
}

impl PdfSurface<'_, '_> {
    pub fn fill_path(&mut self, path: &Path, c: Color) {
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill_of(c)));
        self.surface.draw_path(path);
    }

    pub fn stroke_path(&mut self, path: &Path, width: f64, c: Color, cap: LineCap) {
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(stroke_of(c, width, cap)));
        self.surface.draw_path(path);
        self.surface.set_stroke(None);
    }

    /// `text` with its baseline's left end at (x, y), `size` in the current units.
    pub fn text_at(&mut self, text: &str, x: f64, y: f64, size: f64, bold: bool, c: Color) {
        if text.is_empty() || size <= 0.0 {
            return;
        }
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill_of(c)));
        let font = if bold {
            self.fonts.bold.clone()
        } else {
            self.fonts.regular.clone()
        };
        self.surface.draw_text(
            Point::from_xy(x as f32, y as f32),
            font,
            size as f32,
            text,
            false,
            TextDirection::Auto,
        );
    }

    pub fn push_transform(&mut self, t: Transform) {
        self.surface.push_transform(&t);
    }

    pub fn push_clip(&mut self, path: &Path) {
        self.surface.push_clip_path(path, &FillRule::NonZero);
    }

    pub fn pop(&mut self) {
        self.surface.pop();
    }
}

impl Surface for PdfSurface<'_, '_> {
    fn fill(&mut self, contours: &[Vec<Pt>], c: Color) {
        if let Some(p) = contours_path(contours) {
            self.fill_path(&p, c);
        }
    }

    fn stroke(&mut self, pts: &[Pt], width: f64, c: Color) {
        if let Some(p) = polyline_path(pts) {
            self.stroke_path(&p, width, c, LineCap::Round);
        }
    }

    fn segment(&mut self, a: Pt, b: Pt, width: f64, c: Color) {
        if let Some(p) = polyline_path(&[a, b]) {
            self.stroke_path(&p, width, c, LineCap::Butt);
        }
    }

    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: Color) {
        if w <= 0 || h <= 0 {
            return;
        }
        if let Some(p) = rect_path(x as f64, y as f64, w as f64, h as f64) {
            self.fill_path(&p, c);
        }
    }

    fn glyphs(
        &mut self,
        glyphs: &[(char, Pt)],
        angle: f64,
        k: f64,
        font: BitmapFont,
        c: Color,
        halo: Option<Color>,
    ) {
        // Each glyph in the face whose advance is the bitmap cell's and one font pixel, its
        // advance centred on the cell's centre, its baseline on the cell's bottom row; the
        // halo a stroke of the outline a font pixel wide, under every glyph's ink.
        let (w, h) = font.cell();
        let advance = (w + 1) as f64 * k;
        let size = advance / ADVANCE_EM;
        let (sin, cos) = (angle.sin() as f32, angle.cos() as f32);
        for pass in [halo.map(|h| (h, true)), Some((c, false))]
            .into_iter()
            .flatten()
        {
            for &(ch, at) in glyphs {
                // Turned by `angle` about the cell's centre, then moved to it.
                let t = Transform::from_row(cos, sin, -sin, cos, at.0 as f32, at.1 as f32);
                self.push_transform(t);
                let (x, y) = (-advance / 2.0, h as f64 * k / 2.0);
                let text = ch.to_string();
                match pass {
                    (col, true) => {
                        self.surface.set_fill(None);
                        self.surface
                            .set_stroke(Some(stroke_of(col, k, LineCap::Round)));
                        self.surface.draw_text(
                            Point::from_xy(x as f32, y as f32),
                            self.fonts.regular.clone(),
                            size as f32,
                            &text,
                            false,
                            TextDirection::Auto,
                        );
                        self.surface.set_stroke(None);
                    }
                    (col, false) => self.text_at(&text, x, y, size, false, col),
                }
                self.pop();
            }
        }
    }

    fn text(&mut self, text: &str, x: i64, y: i64, k: u32, font: BitmapFont, c: Color) {
        // The bitmap font's cell advance (glyph width and one pixel of space) is the face's
        // advance; its baseline is the cell's bottom row.
        let advance = font.width("00", k) as f64 - font.width("0", k) as f64;
        let size = advance / ADVANCE_EM;
        let baseline = y as f64 + font.height(k) as f64;
        self.text_at(text, x as f64, baseline, size, false, c);
    }
}

//! The map at true scale: one sheet, or tiles of the paper with overlaps and registration
//! marks to tape them together.
//!
//! Each tile prints the map inside the page's margins. Neighbouring tiles print the same
//! [`OVERLAP_MM`] band of the map along their shared edge, and in that band the same
//! registration crosses at the same places of the map, so that laying one tile's band over the
//! other's until the crosses (and the hex grid) meet joins them exactly.

use super::page::{MARGIN_MM, Paper};
use super::pdf::{Fonts, PdfSurface, rect_path};
use super::{MAP_SCALE, PrintError, PrintOptions, mm};
use crate::render::surface::Surface;
use crate::render::{self, Color, Layout, RenderOptions};
use crate::scenario::Scenario;
use krilla::geom::{PathBuilder, Transform};
use krilla::page::PageSettings;
use krilla::paint::LineCap;

/// How much of the map two neighbouring tiles both print, in millimetres.
pub const OVERLAP_MM: f64 = 12.0;
const MARK: Color = Color::rgb(0, 0, 0);

/// The map's pages.
pub struct MapPlan {
    pub options: RenderOptions,
    pub layout: Layout,
    /// The picture's size in pixels (map and strip).
    pub px: (f64, f64),
    /// Millimetres per picture pixel.
    pub mm_per_px: f64,
    /// Page size in points.
    pub page: (f64, f64),
    pub cols: usize,
    pub rows: usize,
    /// The map's part each tile prints, in millimetres across and down (the usable width and
    /// height of the page).
    pub usable: (f64, f64),
    pub sheet: bool,
    pub title: String,
    /// A hex's size across flats on paper, in millimetres.
    pub hex_mm: f64,
}

impl MapPlan {
    pub fn pages(&self) -> usize {
        self.cols * self.rows
    }

    fn step(&self) -> (f64, f64) {
        (self.usable.0 - OVERLAP_MM, self.usable.1 - OVERLAP_MM)
    }
}

/// How many tiles of `usable` mm, overlapping by [`OVERLAP_MM`], cover `len` mm.
fn tiles(len: f64, usable: f64) -> usize {
    if len <= usable {
        1
    } else {
        ((len - OVERLAP_MM) / (usable - OVERLAP_MM)).ceil() as usize
    }
}

pub fn plan(scenario: &Scenario, options: &PrintOptions) -> Result<MapPlan, PrintError> {
    let ropts = RenderOptions {
        scale: MAP_SCALE,
        hex_numbers: true,
        labels: true,
    };
    let (layout, strip) = render::scenario_layout(scenario, &ropts)?;
    let (w, h) = layout.size();
    let px = (w as f64, (h + strip) as f64);
    // Across flats a hex is sqrt 3 outer radii, the radius half the scale.
    let mm_per_px = options.hex_mm / (3f64.sqrt() / 2.0 * MAP_SCALE as f64);
    let (map_w, map_h) = (px.0 * mm_per_px, px.1 * mm_per_px);
    let title = scenario.file.title.clone();
    if options.paper == Paper::Sheet {
        let page = (mm(map_w + 2.0 * MARGIN_MM), mm(map_h + 2.0 * MARGIN_MM));
        return Ok(MapPlan {
            options: ropts,
            layout,
            px,
            mm_per_px,
            page,
            cols: 1,
            rows: 1,
            usable: (map_w, map_h),
            sheet: true,
            title,
            hex_mm: options.hex_mm,
        });
    }
    let (pw, ph) = options.paper.page_pt();
    let to_mm = |pt: f64| pt * 25.4 / 72.0;
    // Portrait or landscape, whichever takes fewer pages (portrait on a tie).
    let count = |(w, h): (f64, f64)| {
        let (uw, uh) = (to_mm(w) - 2.0 * MARGIN_MM, to_mm(h) - 2.0 * MARGIN_MM);
        (tiles(map_w, uw), tiles(map_h, uh), (uw, uh))
    };
    let portrait = count((pw, ph));
    let landscape = count((ph, pw));
    let ((cols, rows, usable), page) = if landscape.0 * landscape.1 < portrait.0 * portrait.1 {
        (landscape, (ph, pw))
    } else {
        (portrait, (pw, ph))
    };
    Ok(MapPlan {
        options: ropts,
        layout,
        px,
        mm_per_px,
        page,
        cols,
        rows,
        usable,
        sheet: false,
        title,
        hex_mm: options.hex_mm,
    })
}

/// A registration cross with a ring at (x, y) points.
fn cross(s: &mut PdfSurface, x: f64, y: f64) {
    let r = mm(2.5);
    let mut pb = PathBuilder::new();
    pb.move_to((x - 1.6 * r) as f32, y as f32);
    pb.line_to((x + 1.6 * r) as f32, y as f32);
    pb.move_to(x as f32, (y - 1.6 * r) as f32);
    pb.line_to(x as f32, (y + 1.6 * r) as f32);
    let ring = crate::render::disc((x, y), r);
    if let Some(p) = pb.finish() {
        s.stroke_path(&p, mm(0.5), Color::rgb(255, 255, 255), LineCap::Butt);
        s.stroke_path(&p, mm(0.18), MARK, LineCap::Butt);
    }
    let mut closed = ring.clone();
    closed.push(ring[0]);
    if let Some(p) = super::pdf::polyline_path(&closed) {
        s.stroke_path(&p, mm(0.5), Color::rgb(255, 255, 255), LineCap::Butt);
        s.stroke_path(&p, mm(0.18), MARK, LineCap::Butt);
    }
}

pub fn draw(
    doc: &mut krilla::Document,
    fonts: &Fonts,
    scenario: &Scenario,
    plan: &MapPlan,
    tick: &mut dyn FnMut(),
) -> Result<(), PrintError> {
    let (step_x, step_y) = plan.step();
    let (map_w, map_h) = (plan.px.0 * plan.mm_per_px, plan.px.1 * plan.mm_per_px);
    for r in 0..plan.rows {
        for c in 0..plan.cols {
            let settings = PageSettings::from_wh(plan.page.0 as f32, plan.page.1 as f32)
                .ok_or_else(|| PrintError::Pdf("a map page of no size".into()))?;
            let mut page = doc.start_page_with(settings);
            let mut surface = page.surface();
            let mut s = PdfSurface {
                surface: &mut surface,
                fonts,
            };
            // The part of the map this tile prints, in map millimetres.
            let (x0, y0) = (c as f64 * step_x, r as f64 * step_y);
            let (vw, vh) = (plan.usable.0.min(map_w - x0), plan.usable.1.min(map_h - y0));
            let head = if plan.sheet {
                format!("{} - map", plan.title)
            } else {
                format!(
                    "{} - map, row {} of {}, column {} of {}",
                    plan.title,
                    r + 1,
                    plan.rows,
                    c + 1,
                    plan.cols
                )
            };
            s.text_at(&head, mm(MARGIN_MM), mm(MARGIN_MM - 3.0), 8.0, false, MARK);
            let clip = rect_path(mm(MARGIN_MM), mm(MARGIN_MM), mm(vw), mm(vh))
                .ok_or_else(|| PrintError::Pdf("a map tile of no size".into()))?;
            s.push_clip(&clip);
            let k = mm(plan.mm_per_px);
            s.push_transform(Transform::from_row(
                k as f32,
                0.0,
                0.0,
                k as f32,
                mm(MARGIN_MM - x0) as f32,
                mm(MARGIN_MM - y0) as f32,
            ));
            let pw = plan.px.0.ceil() as i64;
            let ph = plan.px.1.ceil() as i64;
            s.rect(0, 0, pw, ph, crate::render::PAPER);
            render::draw_scenario_on(&mut s, scenario, &plan.layout, &plan.options)?;
            // The transform, then the clip.
            s.pop();
            s.pop();
            // Registration crosses in each overlap band this tile shares, at the same map
            // places on both tiles: a third, half and two thirds along the band.
            let at = |mx: f64, my: f64| (mm(MARGIN_MM + mx - x0), mm(MARGIN_MM + my - y0));
            let mut marks: Vec<(f64, f64)> = Vec::new();
            let along = [1.0 / 6.0, 0.5, 5.0 / 6.0];
            for band_c in [c, c + 1] {
                // The band between columns band_c - 1 and band_c, rows of tile r.
                if band_c == 0 || band_c >= plan.cols {
                    continue;
                }
                let bx = band_c as f64 * step_x + OVERLAP_MM / 2.0;
                for t in along {
                    let my = y0 + vh * t;
                    marks.push(at(bx, my));
                }
            }
            for band_r in [r, r + 1] {
                if band_r == 0 || band_r >= plan.rows {
                    continue;
                }
                let by = band_r as f64 * step_y + OVERLAP_MM / 2.0;
                for t in along {
                    let mx = x0 + vw * t;
                    marks.push(at(mx, by));
                }
            }
            for (x, y) in marks {
                cross(&mut s, x, y);
            }
            // The scale bar in the bottom margin at the right, true to scale on paper: drawn
            // in half millimetres (a hex `2 hex_mm` across), its text 3.5 mm high.
            let unit = mm(0.5);
            s.push_transform(Transform::from_row(
                unit as f32,
                0.0,
                0.0,
                unit as f32,
                mm(MARGIN_MM + vw) as f32,
                mm(MARGIN_MM + vh + 1.5) as f32,
            ));
            let across = 2.0 * plan.hex_mm;
            let max_w = 2.0 * (vw / 3.0).min(60.0);
            render::draw_scale_bar_on(&mut s, &scenario.map, across, (0.0, 0.0), max_w, 1);
            s.pop();
            // The printed area's edge: the cut line of a tile laid over its neighbour.
            if !plan.sheet {
                if let Some(p) = rect_path(mm(MARGIN_MM), mm(MARGIN_MM), mm(vw), mm(vh)) {
                    s.stroke_path(&p, mm(0.1), Color::rgb(0x80, 0x80, 0x80), LineCap::Butt);
                }
                let mut notes = Vec::new();
                if c > 0 {
                    notes.push(format!("cut on the left line, lay over column {c}"));
                }
                if r > 0 {
                    notes.push(format!("cut on the top line, lay over row {r}"));
                }
                if !notes.is_empty() {
                    let y = mm(MARGIN_MM + vh) + mm(5.0);
                    s.text_at(&notes.join("; "), mm(MARGIN_MM), y, 7.0, false, MARK);
                }
            }
            surface.finish();
            page.finish();
            tick();
        }
    }
    Ok(())
}

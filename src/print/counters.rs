//! Counter sheets: every unit of the scenario's set-up (reinforcements included) and a few of
//! each of the system's markers, fronts on one page and backs on the next, the back page
//! mirrored left-right so that printed two-sided (flipped on the long edge) each back falls
//! behind its front.
//!
//! A unit's back is as its system's layout says ([`BackLook`]): its reduced side (AoR: the
//! same layout a step less, a white band across the top-right corner) when the counter has
//! one, else its counter in a darker shade with the word of the system's "back" marker (the
//! state a printed game shows by turning the counter over, R&S's DISR); a marker's back is the
//! marker again.

use super::page::MARGIN_MM;
use super::pdf::{Fonts, PdfSurface};
use super::{COUNTER_PER_HEX, PrintError, PrintOptions, mm};
use crate::engine::counters::BackLook;
use crate::render::{Color, CounterPicture, draw_counter, side_rgb};
use crate::scenario::Scenario;
use krilla::geom::Transform;
use krilla::page::PageSettings;

/// Pixels across a counter's picture (the size its layout's text scales are chosen for).
const COUNTER_PX: u32 = 64;
/// Space between counters, for the knife and for a duplex printer's slack, in millimetres.
pub const GUTTER_MM: f64 = 2.0;
/// Copies of each marker the system lists (bookkeeping markers included).
pub const MARKER_COPIES: usize = 4;
/// The room under the top margin for the page's caption, in millimetres.
const CAPTION_MM: f64 = 6.0;

pub struct Sheet {
    /// Front and back of each counter.
    pub counters: Vec<(CounterPicture, CounterPicture)>,
    /// Counter side in millimetres.
    pub size_mm: f64,
    pub title: String,
}

/// Where the counters go on a page: columns, rows and the top-left corner of the first, in
/// points; the same on every sheet.
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    pub left: f64,
    pub top: f64,
    pub pitch: f64,
    pub size: f64,
}

impl Sheet {
    pub fn grid(&self, page: (f64, f64)) -> Grid {
        let size = mm(self.size_mm);
        let pitch = size + mm(GUTTER_MM);
        let usable_w = page.0 - 2.0 * mm(MARGIN_MM);
        let usable_h = page.1 - 2.0 * mm(MARGIN_MM) - mm(CAPTION_MM);
        let fit = |len: f64| (((len + mm(GUTTER_MM)) / pitch).floor() as usize).max(1);
        let (cols, rows) = (fit(usable_w), fit(usable_h));
        let width = cols as f64 * pitch - mm(GUTTER_MM);
        Grid {
            cols,
            rows,
            // Centred across, so that a column's mirror is a column.
            left: (page.0 - width) / 2.0,
            top: mm(MARGIN_MM + CAPTION_MM),
            pitch,
            size,
        }
    }

    /// Pages of fronts (as many of backs).
    pub fn sheets(&self, page: (f64, f64)) -> usize {
        let g = self.grid(page);
        self.counters.len().div_ceil(g.cols * g.rows)
    }
}

impl Grid {
    /// Top-left corner of counter `i` of a sheet in points: on the front, and on the back
    /// (mirrored left-right across the page of width `page_w`).
    pub fn place(&self, i: usize, page_w: f64) -> ((f64, f64), (f64, f64)) {
        let per = self.cols * self.rows;
        let (row, col) = ((i % per) / self.cols, i % self.cols);
        let x = self.left + col as f64 * self.pitch;
        let y = self.top + row as f64 * self.pitch;
        ((x, y), (page_w - x - self.size, y))
    }
}

pub fn plan(scenario: &Scenario, options: &PrintOptions) -> Result<Sheet, PrintError> {
    let rules = crate::engine::game::registry::get(scenario.file.ruleset.key())
        .map_err(PrintError::Setup)?;
    let state = rules
        .start(scenario, &rules.default_options())
        .map_err(|e| PrintError::Setup(format!("{}: {e}", scenario.file.id)))?;
    let board = rules.board(&state);
    let layout = rules.counter_layout();
    let markers = rules.markers();
    let back_word = markers
        .iter()
        .find(|m| m.back)
        .map(|m| m.word.clone())
        .unwrap_or_default();
    let colors = side_rgb(scenario);
    let mut counters = Vec::new();
    for c in &board.counters {
        let fill = colors[c.side.min(1)];
        let front = CounterPicture::of_unit(c, &layout, fill, COUNTER_PX);
        let reduced = match layout.back {
            BackLook::Reduced => c.reduced(),
            BackLook::Darker => None,
        };
        let back = match reduced {
            // AoR 6.1: the reverse of a backprinted counter, the unit a step less.
            Some(r) => CounterPicture {
                reduced: true,
                ..CounterPicture::of_unit(&r, &layout, fill, COUNTER_PX)
            },
            None => {
                let dark = Color::rgb(fill[0], fill[1], fill[2]).shade(0.7);
                CounterPicture {
                    fill: [dark.r, dark.g, dark.b],
                    bottom: back_word.clone(),
                    corners: Vec::new(),
                    ..front.clone()
                }
            }
        };
        counters.push((front, back));
    }
    for m in &markers {
        let p = CounterPicture::of_marker(m, COUNTER_PX);
        for _ in 0..MARKER_COPIES {
            counters.push((p.clone(), p.clone()));
        }
    }
    Ok(Sheet {
        counters,
        size_mm: options.hex_mm * COUNTER_PER_HEX,
        title: scenario.file.title.clone(),
    })
}

fn draw_one(s: &mut PdfSurface, p: &CounterPicture, at: (f64, f64), size: f64) {
    let k = size / COUNTER_PX as f64;
    s.push_transform(Transform::from_row(
        k as f32,
        0.0,
        0.0,
        k as f32,
        at.0 as f32,
        at.1 as f32,
    ));
    draw_counter(s, p);
    s.pop();
}

/// Draw the sheets: for each, its fronts then its backs. Returns the number of sheets.
pub fn draw(
    doc: &mut krilla::Document,
    fonts: &Fonts,
    sheet: &Sheet,
    page: (f64, f64),
    tick: &mut dyn FnMut(),
) -> Result<usize, PrintError> {
    let g = sheet.grid(page);
    let per = g.cols * g.rows;
    let n = sheet.sheets(page);
    let ink = Color::rgb(0, 0, 0);
    for k in 0..n {
        let chunk = &sheet.counters[k * per..((k + 1) * per).min(sheet.counters.len())];
        for back in [false, true] {
            let settings = PageSettings::from_wh(page.0 as f32, page.1 as f32)
                .ok_or_else(|| PrintError::Pdf("a counter page of no size".into()))?;
            let mut pg = doc.start_page_with(settings);
            let mut surface = pg.surface();
            let mut s = PdfSurface {
                surface: &mut surface,
                fonts,
            };
            let caption = if back {
                format!("{} - counter backs {} of {n}", sheet.title, k + 1)
            } else {
                format!("{} - counter fronts {} of {n}", sheet.title, k + 1)
            };
            // Centred, so that the caption too mirrors onto itself.
            let size = 8.0;
            let w = super::pdf::text_width(&caption, size);
            s.text_at(
                &caption,
                (page.0 - w) / 2.0,
                mm(MARGIN_MM),
                size,
                false,
                ink,
            );
            for (i, (front, rear)) in chunk.iter().enumerate() {
                let (f, b) = g.place(i, page.0);
                if back {
                    draw_one(&mut s, rear, b, g.size);
                } else {
                    draw_one(&mut s, front, f, g.size);
                }
            }
            surface.finish();
            pg.finish();
            tick();
        }
    }
    Ok(n)
}

//! Print and play: a scenario as a vector PDF to print at home (`kepi print`, issue 41).
//!
//! The document holds, in order: the map at true scale ([`map`]: tiled across pages with
//! overlaps and registration marks, or on one large sheet), the counter sheets ([`counters`]:
//! fronts, then backs mirrored left-right for duplex printing), the scenario card ([`card`])
//! and the system's charts ([`charts`]: the map's terrain key, then what `kepi tables`
//! prints). Each map page has the scale bar in its bottom margin. The map and the counters
//! are drawn by the render module's code through its [`crate::render::surface::Surface`]
//! trait, the PNG's drawing exactly, on PDF pages ([`pdf`]).
//!
//! Geometry: the map is drawn at [`MAP_SCALE`] pixels per hex (corner to corner) and scaled
//! so that a hex measures [`PrintOptions::hex_mm`] across its flats on paper; a counter is
//! [`COUNTER_PER_HEX`] of that (12.7 mm, half an inch, for the default 16 mm hex).

mod card;
mod charts;
mod counters;
mod map;
mod page;
mod pdf;
mod text;

pub use page::Paper;

use crate::scenario::Scenario;
use std::path::Path;

/// The default hex size across flats on paper, in millimetres (5/8 inch, the classic size for
/// half-inch counters).
pub const DEFAULT_HEX_MM: f64 = 16.0;
/// The hex sizes accepted, in millimetres.
pub const MIN_HEX_MM: f64 = 8.0;
pub const MAX_HEX_MM: f64 = 40.0;
/// Pixels per hex (corner to corner) of the picture the map pages are drawn from: the scale
/// that fixes line widths and text sizes, as `kepi render --scale 64` draws them.
pub const MAP_SCALE: u32 = 64;
/// A counter's side as a fraction of the hex's size across flats (12.7 mm for 16 mm).
pub const COUNTER_PER_HEX: f64 = 12.7 / 16.0;

/// Millimetres to PDF points.
pub(crate) fn mm(v: f64) -> f64 {
    v * 72.0 / 25.4
}

#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    pub paper: Paper,
    /// The size of a hex across its flats on paper, in millimetres.
    pub hex_mm: f64,
}

impl Default for PrintOptions {
    fn default() -> PrintOptions {
        PrintOptions {
            paper: Paper::A4,
            hex_mm: DEFAULT_HEX_MM,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("--paper '{0}' is not a paper Kepi prints on: use a4, letter or sheet")]
    Paper(String),
    #[error("--hex-mm {0} is out of range: use {MIN_HEX_MM} to {MAX_HEX_MM} millimetres")]
    HexSize(f64),
    #[error("cannot draw the map: {0}")]
    Render(#[from] crate::render::RenderError),
    #[error("cannot set up the scenario's counters: {0}")]
    Setup(String),
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    #[error("{0}: cannot write: {1}")]
    Write(String, std::io::Error),
}

/// How far the work has come: `done` of `total` pages drawn, the part in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    pub part: &'static str,
}

/// What was printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Printed {
    pub pages: usize,
    /// Map pages across and down (1 x 1 on a sheet).
    pub map_tiles: (usize, usize),
    /// Pages of counter fronts (each followed by its backs).
    pub counter_sheets: usize,
    pub counters: usize,
    pub card_pages: usize,
    pub chart_pages: usize,
    /// Page size in points (of the map's pages on a sheet).
    pub page_pt: (f64, f64),
    pub bytes: usize,
}

impl PrintOptions {
    pub fn check(&self) -> Result<(), PrintError> {
        if !(self.hex_mm.is_finite() && (MIN_HEX_MM..=MAX_HEX_MM).contains(&self.hex_mm)) {
            return Err(PrintError::HexSize(self.hex_mm));
        }
        Ok(())
    }
}

/// The whole document as PDF bytes. `progress` is called as each page is done.
pub fn pdf_bytes(
    scenario: &Scenario,
    options: &PrintOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Vec<u8>, Printed), PrintError> {
    options.check()?;
    let fonts = pdf::Fonts::load();
    let paper = options.paper.page_pt();
    let plan_map = map::plan(scenario, options)?;
    let sheet = counters::plan(scenario, options)?;
    let card_pages = text::paginate(&card::lines(scenario, paper)?, paper);
    let chart_pages = text::paginate(&charts::lines(scenario, paper)?, paper);
    // Counter fronts start on an odd page, so that printed two-sided each back page falls
    // on the back of its fronts: a blank page after an odd number of map pages.
    let blank = plan_map.pages() % 2;
    let sheets = sheet.sheets(paper);
    // The charts: the map's key on a page, then the tables.
    let total = plan_map.pages() + blank + 2 * sheets + card_pages.len() + 1 + chart_pages.len();
    let mut done = 0;
    let mut tick = |part: &'static str| {
        done += 1;
        progress(Progress { done, total, part });
    };

    let mut doc = krilla::Document::new();
    let mut printed = Printed {
        map_tiles: (plan_map.cols, plan_map.rows),
        counters: sheet.counters.len(),
        counter_sheets: sheets,
        card_pages: card_pages.len(),
        chart_pages: 1 + chart_pages.len(),
        page_pt: plan_map.page,
        ..Printed::default()
    };
    map::draw(&mut doc, &fonts, scenario, &plan_map, &mut || tick("map"))?;
    if blank == 1 {
        text::draw(
            &mut doc,
            &fonts,
            &[Vec::new()],
            paper,
            "Blank (for two-sided printing)",
            &mut || tick("map"),
        )?;
    }
    counters::draw(&mut doc, &fonts, &sheet, paper, &mut || tick("counters"))?;
    text::draw(
        &mut doc,
        &fonts,
        &card_pages,
        paper,
        "Scenario card",
        &mut || tick("card"),
    )?;
    charts::draw_key(
        &mut doc,
        &fonts,
        scenario,
        paper,
        options.hex_mm,
        &mut || tick("charts"),
    )?;
    text::draw(&mut doc, &fonts, &chart_pages, paper, "Charts", &mut || {
        tick("charts")
    })?;
    printed.pages = total;
    let bytes = doc
        .finish()
        .map_err(|e| PrintError::Pdf(format!("{e:?}")))?;
    printed.bytes = bytes.len();
    Ok((bytes, printed))
}

/// Print `scenario` to the PDF file `out` (written whole or not at all).
pub fn write_pdf(
    scenario: &Scenario,
    options: &PrintOptions,
    out: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<Printed, PrintError> {
    let (bytes, printed) = pdf_bytes(scenario, options, progress)?;
    crate::atomic::write_atomic(out, &bytes)
        .map_err(|e| PrintError::Write(out.display().to_string(), e))?;
    Ok(printed)
}

//! The system's charts: every table file `kepi tables --ruleset KEY` prints (combat results,
//! terrain effects, ...), as it prints them, set in the monospaced face at the largest size up
//! to the body size at which the widest line fits the page.

use super::page::MARGIN_MM;
use super::pdf::{ADVANCE_EM, Fonts, PdfSurface};
use super::text::{BODY, Line, heading, usable_width};
use super::{PrintError, mm};
use crate::render::{self, Color};
use crate::scenario::Scenario;
use krilla::geom::Transform;
use krilla::page::PageSettings;

/// The smallest size a chart is set in, in points: a wider line runs into the margin.
pub const MIN_SIZE: f64 = 5.0;

pub fn lines(scenario: &Scenario, page: (f64, f64)) -> Result<Vec<Line>, PrintError> {
    let key = scenario.file.ruleset.key();
    let ruleset = crate::engine::game::registry::id(key)
        .ok_or_else(|| PrintError::Setup(format!("unknown rule system '{key}'")))?;
    let files = ruleset.rules().map_err(PrintError::Setup)?.table_files();
    let width = usable_width(page);
    let mut out = vec![heading(&format!("{} charts", ruleset.name()), 16.0)];
    for (name, text) in &files {
        let doc: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| PrintError::Setup(format!("{name}: not JSON: {e}")))?;
        let body = crate::tables::print::text(&doc);
        let widest = body
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let size = (width / (widest as f64 * ADVANCE_EM)).clamp(MIN_SIZE, BODY);
        out.push(heading(name.trim_end_matches(".json"), 11.0));
        for l in body.lines() {
            out.push(Line {
                text: l.to_string(),
                size,
                bold: false,
                gap: 0.0,
                indent: 0.0,
            });
        }
    }
    Ok(out)
}

/// The key is laid out as `kepi render --key` lays it out at this scale, this many pixels
/// wide (two entries a row), then scaled to the page.
const KEY_SCALE: u32 = 64;
const KEY_WIDTH: u32 = 1000;

/// The map's key on a page of its own, first of the charts: each terrain, hexside feature and
/// route of the scenario's map drawn as the map page draws it, with its name, and the scale bar
/// true to scale for hexes `hex_mm` across.
pub fn draw_key(
    doc: &mut krilla::Document,
    fonts: &Fonts,
    scenario: &Scenario,
    page: (f64, f64),
    hex_mm: f64,
    tick: &mut dyn FnMut(),
) -> Result<(), PrintError> {
    let map = &scenario.map;
    let height = render::key_height(map, KEY_SCALE, KEY_WIDTH).max(1) as f64;
    let settings = PageSettings::from_wh(page.0 as f32, page.1 as f32)
        .ok_or_else(|| PrintError::Pdf("a chart page of no size".into()))?;
    let mut pg = doc.start_page_with(settings);
    let mut surface = pg.surface();
    let mut s = PdfSurface {
        surface: &mut surface,
        fonts,
    };
    let ink = Color::rgb(0x10, 0x10, 0x10);
    s.text_at(
        "Charts - terrain key",
        mm(MARGIN_MM),
        mm(MARGIN_MM),
        8.0,
        false,
        ink,
    );
    let top = mm(MARGIN_MM) + 14.0;
    let (w, h) = (usable_width(page), page.1 - mm(MARGIN_MM) - top);
    // Points per key pixel: the key's width on the page, less if it would run off its foot.
    let k = (w / KEY_WIDTH as f64).min(h / height);
    s.push_transform(Transform::from_row(
        k as f32,
        0.0,
        0.0,
        k as f32,
        mm(MARGIN_MM) as f32,
        top as f32,
    ));
    let across = mm(hex_mm) / k;
    render::draw_key_on(&mut s, map, 0.0, KEY_WIDTH, across, KEY_SCALE);
    s.pop();
    surface.finish();
    pg.finish();
    tick();
    Ok(())
}

//! Pages of text (the scenario card, the charts): lines set in the monospaced face, wrapped
//! by counting characters (every glyph has the same advance), paginated and drawn.

use super::page::MARGIN_MM;
use super::pdf::{ADVANCE_EM, Fonts, PdfSurface};
use super::{PrintError, mm};
use crate::render::Color;
use krilla::page::PageSettings;

#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub text: String,
    /// Font size in points.
    pub size: f64,
    pub bold: bool,
    /// Space above the line in points (dropped at the top of a page).
    pub gap: f64,
    /// Left indent in points.
    pub indent: f64,
}

/// Body text size in points.
pub const BODY: f64 = 9.0;
/// Room under the top margin for the page's caption, in points.
const CAPTION: f64 = 14.0;

pub fn usable_width(page: (f64, f64)) -> f64 {
    page.0 - 2.0 * mm(MARGIN_MM)
}

pub fn heading(text: &str, size: f64) -> Line {
    Line {
        text: text.to_string(),
        size,
        bold: true,
        gap: size * 0.8,
        indent: 0.0,
    }
}

/// `text` wrapped into lines of `size` points that fit `width` points after `indent`; each
/// line break of the text starts a new line.
pub fn para(text: &str, size: f64, width: f64, indent: f64) -> Vec<Line> {
    let per_line = (((width - indent) / (ADVANCE_EM * size)).floor() as usize).max(8);
    let mut out = Vec::new();
    for raw in text.lines() {
        let mut cur = String::new();
        for word in raw.split_whitespace() {
            let mut word = word.to_string();
            // A word longer than a line is cut.
            while word.chars().count() > per_line {
                let head: String = word.chars().take(per_line).collect();
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                out.push(head);
                word = word.chars().skip(per_line).collect();
            }
            let len = cur.chars().count() + usize::from(!cur.is_empty()) + word.chars().count();
            if !cur.is_empty() && len > per_line {
                out.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(&word);
        }
        out.push(cur);
    }
    out.into_iter()
        .map(|t| Line {
            text: t,
            size,
            bold: false,
            gap: 0.0,
            indent,
        })
        .collect()
}

fn height(l: &Line) -> f64 {
    l.size * 1.22
}

/// The lines in pages that fit `page`.
pub fn paginate(lines: &[Line], page: (f64, f64)) -> Vec<Vec<Line>> {
    let room = page.1 - 2.0 * mm(MARGIN_MM) - CAPTION;
    let mut pages: Vec<Vec<Line>> = Vec::new();
    let mut cur: Vec<Line> = Vec::new();
    let mut used = 0.0;
    for l in lines {
        let need = height(l) + if cur.is_empty() { 0.0 } else { l.gap };
        if !cur.is_empty() && used + need > room {
            pages.push(std::mem::take(&mut cur));
            used = 0.0;
        }
        used += height(l) + if cur.is_empty() { 0.0 } else { l.gap };
        cur.push(l.clone());
    }
    if !cur.is_empty() {
        pages.push(cur);
    }
    pages
}

pub fn draw(
    doc: &mut krilla::Document,
    fonts: &Fonts,
    pages: &[Vec<Line>],
    page: (f64, f64),
    caption: &str,
    tick: &mut dyn FnMut(),
) -> Result<(), PrintError> {
    let ink = Color::rgb(0x10, 0x10, 0x10);
    for (n, lines) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(page.0 as f32, page.1 as f32)
            .ok_or_else(|| PrintError::Pdf("a text page of no size".into()))?;
        let mut pg = doc.start_page_with(settings);
        let mut surface = pg.surface();
        let mut s = PdfSurface {
            surface: &mut surface,
            fonts,
        };
        let head = format!("{caption} - page {} of {}", n + 1, pages.len());
        s.text_at(&head, mm(MARGIN_MM), mm(MARGIN_MM), 8.0, false, ink);
        let mut y = mm(MARGIN_MM) + CAPTION;
        for (i, l) in lines.iter().enumerate() {
            if i > 0 {
                y += l.gap;
            }
            y += height(l);
            s.text_at(
                &l.text,
                mm(MARGIN_MM) + l.indent,
                y - l.size * 0.25,
                l.size,
                l.bold,
                ink,
            );
        }
        surface.finish();
        pg.finish();
        tick();
    }
    Ok(())
}

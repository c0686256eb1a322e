//! The system's charts: every table file `kepi tables --ruleset KEY` prints (combat results,
//! terrain effects, ...), as it prints them, set in the monospaced face at the largest size up
//! to the body size at which the widest line fits the page.

use super::PrintError;
use super::pdf::ADVANCE_EM;
use super::text::{BODY, Line, heading, usable_width};
use crate::scenario::Scenario;

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

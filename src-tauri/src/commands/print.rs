//! "Print and play…": a Library scenario, or the scenario open in the scenario view, printed as
//! a PDF (`kepi print`'s document: the map, counter sheets, the card and the charts) where the
//! user picks (the shell's save dialog), as a job with a progress step per page.
//!
//! Invariants: the paper and the hex size are checked, and the scenario read, before the save
//! dialog opens; nothing is written until every page is drawn, and a cancelled or failed job
//! writes nothing (the file is written whole at the end, through a temporary beside it).

use super::jobs::WindowSink;
use super::library::library_scenario;
use super::lock;
use super::paint::Editor;
use super::scenario::ScenarioState;
use crate::dialog::{Dialog, ask};
use crate::jobs::{Job, Jobs, Stop};
use crate::library::Library;
use crate::transport::jobs::{JobKind, JobResult};
use crate::transport::{AppError, AppResult, ErrorCode};
use kepi::print::{MAX_HEX_MM, MIN_HEX_MM, Paper, PrintOptions};
use kepi::scenario::Scenario;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tauri::{Manager, Runtime, State, WebviewWindow};

/// The print options from the command's arguments, each refused by its name.
pub fn options(paper: &str, hex_mm: f64) -> AppResult<PrintOptions> {
    let paper = match paper.parse::<Paper>() {
        Ok(p) if paper.len() <= 16 => p,
        _ => {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "paper: '{}' is not a paper Kepi prints on: use a4, letter or sheet",
                    paper.chars().take(16).collect::<String>()
                ),
            ));
        }
    };
    let options = PrintOptions { paper, hex_mm };
    if options.check().is_err() {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!(
                "hexMm: a hex of {hex_mm} mm is out of range: use {MIN_HEX_MM} to {MAX_HEX_MM} \
                 millimetres"
            ),
        ));
    }
    Ok(options)
}

/// Print `scenario` to `out`: one progress step per page drawn, then the file written whole.
/// Cancelling stops before the file is written (the drawing itself runs to its end: the core
/// draws a document in one call).
pub fn print_scenario(
    job: &Job,
    scenario: &Scenario,
    options: &PrintOptions,
    out: &Path,
) -> Result<JobResult, Stop> {
    job.checkpoint()?;
    let mut cancelled = false;
    let (bytes, printed) = kepi::print::pdf_bytes(scenario, options, &mut |p| {
        cancelled = cancelled || job.checkpoint().is_err();
        if !cancelled {
            job.progress(
                p.done as u32,
                p.total as u32,
                format!("drawing the {}, page {}", p.part, p.done),
                None,
            );
        }
    })
    .map_err(|e| AppError::new(ErrorCode::Render, e.to_string()))?;
    // The safe point: nothing has been written yet.
    job.checkpoint()?;
    job.progress(
        printed.pages as u32,
        printed.pages as u32,
        format!("writing {}", out.display()),
        None,
    );
    kepi::atomic::write_atomic(out, &bytes)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", out.display())))?;
    Ok(JobResult::Printed {
        path: out.display().to_string(),
        title: scenario.file.title.clone(),
        paper: match options.paper {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::Sheet => "sheet",
        }
        .to_string(),
        hex_mm: options.hex_mm,
        pages: printed.pages as u32,
        map_pages: (printed.map_tiles.0 * printed.map_tiles.1) as u32,
        counters: printed.counters as u32,
        bytes: bytes.len() as u64,
    })
}

/// Print the Library scenario `key`, or (no key) the scenario open in the scenario view, on
/// `paper` (a4, letter or sheet) with hexes `hex_mm` across their flats; asks where to write the
/// PDF (the save dialog) and answers the job's id, `None` when the dialog was cancelled.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn print_pdf<R: Runtime>(
    window: WebviewWindow<R>,
    editor: Editor<'_>,
    library: State<'_, Mutex<Library>>,
    scenario_view: ScenarioState<'_>,
    jobs: State<'_, Arc<Jobs>>,
    key: Option<String>,
    paper: String,
    hex_mm: f64,
) -> AppResult<Option<u64>> {
    let options = options(&paper, hex_mm)?;
    let scenario = match key {
        Some(key) => library_scenario(&editor, &library, &key)?,
        None => lock(&scenario_view)?.scenario()?,
    };
    let suggested = format!("{}.pdf", scenario.file.id);
    let Some(out) = ask(&window, Dialog::SavePdf, Some(&suggested)) else {
        return Ok(None);
    };
    if !out
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
    {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!(
                "{}: Kepi prints to PDF; name the file with .pdf",
                out.display()
            ),
        ));
    }
    let app = window.app_handle().clone();
    jobs.start(JobKind::Print, Arc::new(WindowSink(app)), move |job| {
        print_scenario(job, &scenario, &options, &out)
    })
    .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_refused_by_their_field() {
        assert_eq!(options("a4", 16.0).unwrap(), PrintOptions::default());
        assert_eq!(options("Letter", 8.0).unwrap().paper, Paper::Letter);
        assert_eq!(options("sheet", 40.0).unwrap().hex_mm, 40.0);
        let e = options("a3", 16.0).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert!(e.message.starts_with("paper: 'a3'"), "{}", e.message);
        for bad in [7.9, 40.1, f64::NAN, f64::INFINITY, -16.0] {
            let e = options("a4", bad).unwrap_err();
            assert!(e.message.starts_with("hexMm: "), "{}", e.message);
        }
    }
}

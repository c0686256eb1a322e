//! "Export as VASSAL module…": a Library scenario, or the position of the game open in the play
//! view, written as a `.vmod` where the user picks (the shell's save dialog), as a job.

use super::jobs::WindowSink;
use super::library::library_scenario;
use super::lock;
use super::paint::Editor;
use super::play::PlayState;
use super::replay::ReplayState;
use crate::dialog::{Dialog, ask};
use crate::jobs::{Job, Jobs, Stop};
use crate::library::Library;
use crate::transport::jobs::{JobKind, JobResult};
use crate::transport::{AppError, AppResult, ErrorCode};
use kepi::engine::AnyState;
use kepi::scenario::Scenario;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tauri::{Manager, Runtime, State, WebviewWindow};

/// Write the module of `scenario` (with `game`: that position) to `out`.
pub fn export_module(
    job: &Job,
    scenario: &Scenario,
    game: Option<(&AnyState, i64)>,
    out: &Path,
) -> Result<JobResult, Stop> {
    job.progress(0, 2, "drawing the map, the counters and the set-up", None);
    let made = kepi::vassal::export(
        scenario,
        game.map(|g| g.0),
        &kepi::vassal::ExportOptions::default(),
    )
    .map_err(AppError::from)?;
    job.checkpoint()?;
    job.progress(1, 2, format!("writing {}", out.display()), None);
    kepi::atomic::write_atomic(out, &made.vmod)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", out.display())))?;
    job.progress(2, 2, "written", None);
    Ok(JobResult::VassalExported {
        path: out.display().to_string(),
        title: scenario.file.title.clone(),
        game_node: game.map(|g| g.1),
        pieces: made.slots,
        bytes: made.vmod.len() as u64,
    })
}

/// Export the Library scenario `key`, or the position at `node` of the game open in the replay
/// view, or (neither) the position of the game open in the play view; `None` when the save
/// dialog was cancelled.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn vassal_export<R: Runtime>(
    window: WebviewWindow<R>,
    editor: Editor<'_>,
    library: State<'_, Mutex<Library>>,
    play: PlayState<'_>,
    replay: ReplayState<'_>,
    jobs: State<'_, Arc<Jobs>>,
    key: Option<String>,
    node: Option<i64>,
) -> AppResult<Option<u64>> {
    let (scenario, game) = match (key, node) {
        (Some(_), Some(_)) => {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "a scenario's key or a node, not both",
            ));
        }
        (None, Some(node)) => {
            if node < 1 {
                return Err(AppError::new(
                    ErrorCode::InvalidArgument,
                    "node: an archive id",
                ));
            }
            let (s, state) = lock(&replay)?.position(node)?;
            (s, Some((state, node)))
        }
        (Some(key), None) => (library_scenario(&editor, &library, &key)?, None),
        (None, None) => {
            let (s, state, node) = lock(&play)?.position()?;
            (s, Some((state, node)))
        }
    };
    let suggested = match &game {
        Some((_, node)) => format!("{}-node-{node}.vmod", scenario.file.id),
        None => format!("{}.vmod", scenario.file.id),
    };
    let Some(out) = ask(&window, Dialog::SaveVmod, Some(&suggested)) else {
        return Ok(None);
    };
    let app = window.app_handle().clone();
    jobs.start(
        JobKind::VassalExport,
        Arc::new(WindowSink(app)),
        move |job| export_module(job, &scenario, game.as_ref().map(|(s, n)| (s, *n)), &out),
    )
    .map(Some)
}

//! The scenario view's commands: the scenario editor's state ([`ScenarioEditor`]) behind its
//! own lock, the pure helpers of its panels (formula, creation method), and its long work
//! (a test of seeded games, pictures, VASSAL modules) off the command thread.

use super::jobs::WindowSink;
use super::library::{LibraryState, check_key};
use super::lock;
use super::paint::Editor;
use super::vassal::export_module;
use crate::dialog::{Dialog, ask};
use crate::jobs::{Job, Jobs, Stop};
use crate::scenario::ScenarioEditor;
use crate::transport::jobs::{JobKind, JobResult, TestLevelDto};
use crate::transport::scenario::{
    ForceRowDto, FormulaDto, RosterEditDto, ScenarioOpDto, ScenarioOpened, ScenarioView,
};
use crate::transport::{AppError, AppResult, ErrorCode};
use kepi::library_index as index;
use kepi::scenario::Scenario;
use std::sync::{Arc, Mutex};
use tauri::{Manager, Runtime, State, WebviewWindow};

pub type ScenarioState<'a> = State<'a, Mutex<ScenarioEditor>>;

/// The most games one test plays.
pub const MAX_TEST_GAMES: u32 = 1000;

/// Open the Library's scenario `key` for editing.
#[tauri::command]
pub async fn scenario_open(
    editor: Editor<'_>,
    library: LibraryState<'_>,
    state: ScenarioState<'_>,
    key: String,
) -> AppResult<ScenarioOpened> {
    check_key(&key)?;
    let recent = lock(&editor)?.recent_paths();
    let entry = lock(&library)?.entry(&key, &recent)?;
    let (file, map, catalog, path) = index::scenario_for_editing(&entry)?;
    Ok(lock(&state)?.open(file, map, catalog, path))
}

/// A new scenario on the map of the Library entry `key` (a map, or a scenario's map).
#[tauri::command]
pub async fn scenario_new(
    editor: Editor<'_>,
    library: LibraryState<'_>,
    state: ScenarioState<'_>,
    key: String,
) -> AppResult<ScenarioOpened> {
    check_key(&key)?;
    let recent = lock(&editor)?.recent_paths();
    let entry = lock(&library)?.entry(&key, &recent)?;
    let map = index::map_for(&entry)?;
    lock(&state)?.new_on(map)
}

#[tauri::command]
pub fn scenario_view(state: ScenarioState<'_>) -> AppResult<ScenarioView> {
    lock(&state)?.view()
}

/// One edit: the ops as one undoable step (or part of the open stroke).
#[tauri::command]
pub fn scenario_edit(state: ScenarioState<'_>, ops: Vec<ScenarioOpDto>) -> AppResult<ScenarioView> {
    lock(&state)?.edit(ops)
}

/// One edit of Age of Rifles' roster table: a cell, a side's field, a row added or removed,
/// as one undoable step.
#[tauri::command]
pub fn scenario_roster_edit(
    state: ScenarioState<'_>,
    edit: RosterEditDto,
) -> AppResult<ScenarioView> {
    lock(&state)?.roster_edit(edit)
}

#[tauri::command]
pub fn scenario_begin_stroke(state: ScenarioState<'_>) -> AppResult<()> {
    lock(&state)?.begin_stroke()
}

#[tauri::command]
pub fn scenario_end_stroke(state: ScenarioState<'_>) -> AppResult<ScenarioView> {
    lock(&state)?.end_stroke()
}

#[tauri::command]
pub fn scenario_undo(state: ScenarioState<'_>) -> AppResult<ScenarioView> {
    lock(&state)?.undo()
}

#[tauri::command]
pub fn scenario_redo(state: ScenarioState<'_>) -> AppResult<ScenarioView> {
    lock(&state)?.redo()
}

/// Save to the scenario's file; `None` when it has none yet (the view then asks: Save as).
#[tauri::command]
pub fn scenario_save(state: ScenarioState<'_>) -> AppResult<Option<ScenarioView>> {
    lock(&state)?.save()
}

/// Save where the user picks (`<id>.json`); `None` when the dialog was cancelled.
#[tauri::command]
pub async fn scenario_save_as<R: Runtime>(
    window: WebviewWindow<R>,
    state: ScenarioState<'_>,
) -> AppResult<Option<ScenarioView>> {
    let suggested = format!("{}.json", lock(&state)?.id()?);
    let Some(path) = ask(&window, Dialog::SaveScenario, Some(&suggested)) else {
        return Ok(None);
    };
    lock(&state)?.save_as(&path).map(Some)
}

/// Forget the open scenario (the view was left; unsaved changes were asked about first).
#[tauri::command]
pub fn scenario_close(state: ScenarioState<'_>) -> AppResult<()> {
    lock(&state)?.close();
    Ok(())
}

/// Parse an order-of-battle formula as it is typed, against the open scenario's catalog.
#[tauri::command]
pub fn scenario_formula(state: ScenarioState<'_>, text: String) -> AppResult<FormulaDto> {
    lock(&state)?.formula(&text)
}

/// The formula a table of forces writes, in the open scenario's system's syntax.
#[tauri::command]
pub fn scenario_formula_of(state: ScenarioState<'_>, rows: Vec<ForceRowDto>) -> AppResult<String> {
    lock(&state)?.formula_of_rows(rows)
}

/// A panel only the open scenario's rule system has (the 11.18 panel of Rifle & Saber), answered
/// by that system; `input` is the panel's own JSON, checked by the system.
#[tauri::command]
pub fn scenario_panel(
    state: ScenarioState<'_>,
    key: String,
    input: serde_json::Value,
) -> AppResult<serde_json::Value> {
    lock(&state)?.panel(&key, &input)
}

/// Play `games` seeded games of `scenario` at `level` (both sides), in pairs with the seats
/// swapped, reporting after each pair; stops at a safe point when cancelled. At a level above
/// random the same pairs are also played by random players, and the report says whether the
/// result swings with the players' skill (as `kepi balance`).
pub fn test_games(
    job: &Job,
    scenario: &Scenario,
    level: &str,
    games: u32,
) -> Result<JobResult, Stop> {
    let refused = |e: String| Stop::from(AppError::new(ErrorCode::Refused, e));
    let rules = crate::play::rules_of(scenario)?;
    let options = kepi::engine::game::options_from_rules(rules, scenario, &[]).map_err(refused)?;
    let start = rules
        .start(scenario, &options)
        .map_err(|e| refused(e.to_string()))?;
    let sides: Vec<String> = start.sides().into_iter().map(|s| s.name).collect();
    let pairs = games.div_ceil(2).max(1);
    let levels: Vec<&str> = if level == "random" {
        vec![level]
    } else {
        vec![level, "random"]
    };
    let total = pairs * 2 * levels.len() as u32;
    let mut played: Vec<Vec<_>> = vec![Vec::new(); levels.len()];
    for (i, l) in levels.iter().enumerate() {
        for k in 0..pairs {
            job.checkpoint()?;
            let done = (i as u32 * pairs + k) * 2;
            job.progress(
                done,
                total,
                format!("{l} level: game {} of {}", k * 2 + 1, pairs * 2),
                None,
            );
            let two =
                kepi::ai::balance::games(rules, scenario, &options, [l, l], 1, u64::from(k) + 1, 1)
                    .map_err(refused)?;
            played[i].extend(two);
        }
    }
    job.progress(total, total, "done", None);
    let r = kepi::ai::balance::level_report(level, &sides, &played[0]);
    let random = played
        .get(1)
        .map(|g| kepi::ai::balance::level_report("random", &sides, g));
    let swings_with_skill = random
        .as_ref()
        .and_then(|x| kepi::ai::balance::swing(&r, x));
    let ended = played[0].len() as u32;
    let TestLevelDto {
        level,
        games,
        sides,
        draws,
        average_turns,
        decided_by,
    } = TestLevelDto::from(r);
    Ok(JobResult::ScenarioTested {
        title: scenario.file.title.clone(),
        level,
        games,
        ended,
        sides,
        draws,
        average_turns,
        decided_by,
        random: random.map(TestLevelDto::from),
        swings_with_skill,
    })
}

/// "Test with N games": seeded games of the scenario as it is now (at the random level, or the
/// computer opponent's), as a job; refused while the scenario has problems.
#[tauri::command]
pub fn scenario_test<R: Runtime>(
    window: WebviewWindow<R>,
    state: ScenarioState<'_>,
    jobs: State<'_, Arc<Jobs>>,
    games: u32,
    level: String,
) -> AppResult<u64> {
    if games == 0 || games > MAX_TEST_GAMES {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("games: 1 to {MAX_TEST_GAMES}"),
        ));
    }
    let scenario = lock(&state)?.scenario()?;
    let rules = crate::play::rules_of(&scenario)?;
    if !kepi::ai::levels(rules).iter().any(|l| *l == level) {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("level: one of {}", kepi::ai::levels(rules).join(", ")),
        ));
    }
    let app = window.app_handle().clone();
    jobs.start(
        JobKind::ScenarioTest,
        Arc::new(WindowSink(app)),
        move |job| test_games(job, &scenario, &level, games),
    )
}

/// Export the scenario's picture (the core's renderer, as `kepi render --scenario`).
#[tauri::command]
pub async fn scenario_export_png<R: Runtime>(
    window: WebviewWindow<R>,
    state: ScenarioState<'_>,
    scale: u32,
) -> AppResult<Option<String>> {
    if !(8..=128).contains(&scale) {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            "scale: 8 to 128 pixels a hex",
        ));
    }
    let scenario = lock(&state)?.scenario()?;
    let suggested = format!("{}.png", scenario.file.id);
    let Some(path) = ask(&window, Dialog::SavePng, Some(&suggested)) else {
        return Ok(None);
    };
    let options = kepi::render::RenderOptions {
        scale,
        ..kepi::render::RenderOptions::default()
    };
    let render = |e: kepi::render::RenderError| AppError::new(ErrorCode::Render, e.to_string());
    let img = kepi::render::render_scenario(&scenario, &options).map_err(render)?;
    let png = kepi::render::encode_png(&img).map_err(render)?;
    kepi::atomic::write_atomic(&path, &png)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", path.display())))?;
    Ok(Some(format!(
        "{} ({} x {} px)",
        path.display(),
        img.width(),
        img.height()
    )))
}

/// Export the scenario as it is now as a VASSAL module (a job); `None` when the save dialog
/// was cancelled.
#[tauri::command]
pub async fn scenario_export_vassal<R: Runtime>(
    window: WebviewWindow<R>,
    state: ScenarioState<'_>,
    jobs: State<'_, Arc<Jobs>>,
) -> AppResult<Option<u64>> {
    let scenario = lock(&state)?.scenario()?;
    let suggested = format!("{}.vmod", scenario.file.id);
    let Some(out) = ask(&window, Dialog::SaveVmod, Some(&suggested)) else {
        return Ok(None);
    };
    let app = window.app_handle().clone();
    jobs.start(
        JobKind::VassalExport,
        Arc::new(WindowSink(app)),
        move |job| export_module(job, &scenario, None, &out),
    )
    .map(Some)
}

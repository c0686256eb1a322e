//! The replay view's commands: open a game of the archive for review, and the position at any
//! node of it. Nothing here writes to the archive.

use super::jobs::WindowSink;
use super::lock;
use crate::dialog::{Dialog, ask};
use crate::jobs::Jobs;
use crate::replay::Replay;
use crate::transport::jobs::JobKind;
use crate::transport::play::{
    AnnotationDto, HitDto, LineEntry, ReplayOpened, ReplayPosition, SearchSpec,
};
use crate::transport::{AppError, AppResult, ErrorCode};
use std::sync::{Arc, Mutex};
use tauri::{Manager, Runtime, State, WebviewWindow};

pub type ReplayState<'a> = State<'a, Mutex<Replay>>;

fn positive(what: &str, id: i64) -> AppResult<()> {
    if id < 1 {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("{what}: an archive id (1 or more)"),
        ));
    }
    Ok(())
}

#[tauri::command]
pub async fn replay_open(replay: ReplayState<'_>, game: i64) -> AppResult<ReplayOpened> {
    positive("game", game)?;
    lock(&replay)?.open(game)
}

#[tauri::command]
pub async fn replay_at(
    replay: ReplayState<'_>,
    node: i64,
    seen_by: Option<i64>,
) -> AppResult<ReplayPosition> {
    positive("node", node)?;
    let seen_by = match seen_by {
        Some(side) => Some(usize::try_from(side).map_err(|_| {
            AppError::new(
                ErrorCode::InvalidArgument,
                "seen_by: a side's index (0 is the first)",
            )
        })?),
        None => None,
    };
    lock(&replay)?.at_seen_by(node, seen_by)
}

/// Open the line through a node (a variation) of the open game.
#[tauri::command]
pub async fn replay_line(replay: ReplayState<'_>, game: i64, node: i64) -> AppResult<ReplayOpened> {
    positive("game", game)?;
    positive("node", node)?;
    lock(&replay)?.open_line(game, Some(node))
}

/// Commands `from .. from + count` of the line open (named by its last node, `tip`), described
/// in words with their dice and results (the rest of a long line, after its first picture).
#[tauri::command]
pub async fn replay_moves(
    replay: ReplayState<'_>,
    tip: i64,
    from: u32,
    count: u32,
) -> AppResult<Vec<LineEntry>> {
    positive("tip", tip)?;
    if count == 0 || count as usize > crate::replay::PAGE_MAX {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("count: 1 to {} commands a page", crate::replay::PAGE_MAX),
        ));
    }
    lock(&replay)?.moves(tip, from as usize, count as usize)
}

/// "What if that roll had been a `face`?": a new variation with the roll forced, opened.
#[tauri::command]
pub async fn replay_what_if(
    replay: ReplayState<'_>,
    node: i64,
    roll: u32,
    face: u8,
) -> AppResult<ReplayOpened> {
    positive("node", node)?;
    if roll > 1000 {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            "roll: the roll's number in its command",
        ));
    }
    lock(&replay)?.what_if(node, roll as usize, face)
}

/// "Replay under today's rules": a line today's rules read differently, played again under
/// them from where they part, as a new variation, opened; the record is not changed.
#[tauri::command]
pub async fn replay_under_today(replay: ReplayState<'_>, node: i64) -> AppResult<ReplayOpened> {
    positive("node", node)?;
    lock(&replay)?.under_today(node)
}

#[tauri::command]
pub async fn replay_promote(replay: ReplayState<'_>, node: i64) -> AppResult<ReplayOpened> {
    positive("node", node)?;
    lock(&replay)?.promote(node)
}

#[tauri::command]
pub async fn replay_rename(
    replay: ReplayState<'_>,
    node: i64,
    name: String,
) -> AppResult<ReplayOpened> {
    positive("node", node)?;
    lock(&replay)?.rename(node, &name)
}

#[tauri::command]
pub async fn replay_delete(replay: ReplayState<'_>, node: i64) -> AppResult<ReplayOpened> {
    positive("node", node)?;
    lock(&replay)?.delete(node)
}

/// Add (or, with an id, edit) an annotation of a node; the node's annotations after it.
#[tauri::command]
pub async fn replay_annotate(
    replay: ReplayState<'_>,
    node: i64,
    annotation: AnnotationDto,
) -> AppResult<Vec<AnnotationDto>> {
    positive("node", node)?;
    lock(&replay)?.annotate(node, &annotation)
}

#[tauri::command]
pub async fn replay_delete_annotation(
    replay: ReplayState<'_>,
    node: i64,
    id: i64,
) -> AppResult<Vec<AnnotationDto>> {
    positive("node", node)?;
    positive("id", id)?;
    lock(&replay)?.delete_annotation(node, id)
}

/// Write a game with all its variations, dice and annotations where the user picks; the path
/// written, or `None` when the dialog was cancelled.
#[tauri::command]
pub async fn game_export<R: Runtime>(
    window: WebviewWindow<R>,
    replay: ReplayState<'_>,
    game: i64,
) -> AppResult<Option<String>> {
    positive("game", game)?;
    let Some(out) = ask(
        &window,
        Dialog::SaveGame,
        Some(&format!("game-{game}.json")),
    ) else {
        return Ok(None);
    };
    lock(&replay)?.export_game(game, &out)?;
    Ok(Some(out.display().to_string()))
}

/// Import a game file the user picks, as a job (read, every node replayed and checked, then
/// written in one transaction; a refusal writes nothing and is the job's error); the job's id,
/// or `None` when the dialog was cancelled.
#[tauri::command]
pub async fn game_import<R: Runtime>(
    window: WebviewWindow<R>,
    replay: ReplayState<'_>,
    jobs: State<'_, Arc<Jobs>>,
) -> AppResult<Option<u64>> {
    let Some(path) = ask(&window, Dialog::OpenGame, None) else {
        return Ok(None);
    };
    let archive = lock(&replay)?.archive_path();
    let app = window.app_handle().clone();
    jobs.start(JobKind::GameImport, Arc::new(WindowSink(app)), move |job| {
        crate::replay::import_game_job(job, archive.as_deref(), &path)
    })
    .map(Some)
}

/// Search the archive's games and annotations, as the Library's search box types.
#[tauri::command]
pub async fn archive_search(replay: ReplayState<'_>, spec: SearchSpec) -> AppResult<Vec<HitDto>> {
    let fields = [
        &Some(spec.text.clone()),
        &spec.scenario,
        &spec.ruleset,
        &spec.tag,
        &spec.result,
        &spec.from,
        &spec.to,
    ];
    if fields
        .iter()
        .any(|f| f.as_ref().is_some_and(|s| s.len() > 500))
    {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            "search: at most 500 characters a field",
        ));
    }
    lock(&replay)?.search(&spec)
}

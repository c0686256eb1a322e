//! The replay view's commands: open a game of the archive for review, and the position at any
//! node of it. Nothing here writes to the archive.

use super::lock;
use crate::replay::Replay;
use crate::transport::play::{ReplayOpened, ReplayPosition};
use crate::transport::{AppError, AppResult, ErrorCode};
use std::sync::Mutex;
use tauri::State;

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
pub async fn replay_at(replay: ReplayState<'_>, node: i64) -> AppResult<ReplayPosition> {
    positive("node", node)?;
    lock(&replay)?.at(node)
}

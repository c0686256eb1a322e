//! The play view's commands: start or resume a game of the archive, and play it. The game's
//! state ([`Play`]) is behind its own lock; the rules, the dice and the record are the core's.
//! Every argument is checked here before it reaches the core.

use super::library::library_scenario;
use super::lock;
use super::paint::Editor;
use crate::library::Library;
use crate::play::Play;
use crate::transport::play::{
    AttackPreviewDto, GameChoices, LegalCommand, NewGameSpec, PlayOpened, PlayView, ReachDto,
    SightDto, mirror,
};
use crate::transport::{AppError, AppResult, ErrorCode};
use serde_json::Value;
use std::sync::Mutex;
use tauri::State;

pub type PlayState<'a> = State<'a, Mutex<Play>>;

/// Longest unit or hex name the view sends.
const NAME_MAX: usize = 200;
/// Most waypoints a reach takes (the core's limit for a move).
const VIA_MAX: usize = kepi::engine::preview::MAX_VIA;
/// Most allocations one attack preview takes.
const PREVIEW_MAX: usize = 64;

fn invalid(what: impl Into<String>) -> AppError {
    AppError::new(ErrorCode::InvalidArgument, what)
}

fn check_name(what: &str, s: &str) -> AppResult<()> {
    if s.is_empty() || s.len() > NAME_MAX {
        return Err(invalid(format!("{what}: 1 to {NAME_MAX} characters")));
    }
    Ok(())
}

/// A command as the view sends it: a JSON object of at most 64 KiB (its system reads the rest
/// and refuses what it cannot read, naming the field).
fn check_command(c: &Value) -> AppResult<()> {
    if !c.is_object() || c.to_string().len() > 64 * 1024 {
        return Err(invalid("a command is a JSON object of at most 64 KiB"));
    }
    Ok(())
}

/// The optional rules and sides of a Library scenario, before a game of it starts.
#[tauri::command]
pub async fn play_choices(
    editor: Editor<'_>,
    library: State<'_, Mutex<Library>>,
    key: String,
) -> AppResult<GameChoices> {
    Play::choices(&library_scenario(&editor, &library, &key)?)
}

/// Start a game of a Library scenario in the archive.
#[tauri::command]
pub async fn play_start(
    editor: Editor<'_>,
    library: State<'_, Mutex<Library>>,
    play: PlayState<'_>,
    spec: NewGameSpec,
) -> AppResult<PlayOpened> {
    if spec.rules.len() > 64 || spec.rules.iter().any(|(k, _)| k.len() > NAME_MAX) {
        return Err(invalid("rules: at most 64 optional rules by key"));
    }
    if spec
        .computer
        .as_ref()
        .is_some_and(|c| c.len() > 8 || c.iter().any(|l| l.len() > NAME_MAX))
    {
        return Err(invalid("computer: a level (or \"\") per side"));
    }
    if spec.seed.as_ref().is_some_and(|s| s.len() > 20) {
        return Err(invalid("seed: at most 20 digits"));
    }
    let s = library_scenario(&editor, &library, &spec.key)?;
    lock(&play)?.start(&s, &spec)
}

/// Open a game of the archive at the end of its main line, to go on playing.
#[tauri::command]
pub async fn play_resume(play: PlayState<'_>, game: i64) -> AppResult<PlayOpened> {
    if game < 1 {
        return Err(invalid("game: an archive game id (1 or more)"));
    }
    lock(&play)?.resume(game)
}

/// Open a game of the archive at any node (from the replay view), to play on from there: the
/// next command starts a new variation and the recorded line stays the main line.
#[tauri::command]
pub async fn play_continue(play: PlayState<'_>, game: i64, node: i64) -> AppResult<PlayOpened> {
    if game < 1 {
        return Err(invalid("game: an archive game id (1 or more)"));
    }
    if node < 1 {
        return Err(invalid("node: an archive node id (1 or more)"));
    }
    lock(&play)?.continue_from(game, node)
}

#[tauri::command]
pub async fn play_view(play: PlayState<'_>) -> AppResult<PlayView> {
    lock(&play)?.view()
}

/// Legal commands of one unit, of one hex, or (neither) those naming no unit or hex.
#[tauri::command]
pub async fn play_legal(
    play: PlayState<'_>,
    unit: Option<String>,
    hex: Option<String>,
) -> AppResult<Vec<LegalCommand>> {
    for (what, v) in [("unit", &unit), ("hex", &hex)] {
        if let Some(v) = v {
            check_name(what, v)?;
        }
    }
    lock(&play)?.legal(unit.as_deref(), hex.as_deref())
}

/// Where a unit may go now; with `via`, along paths through those hexes in order (the
/// player's waypoints, Age of Rifles).
#[tauri::command]
pub async fn play_reach(
    play: PlayState<'_>,
    unit: String,
    via: Option<Vec<String>>,
) -> AppResult<ReachDto> {
    check_name("unit", &unit)?;
    let via = via.unwrap_or_default();
    if via.len() > VIA_MAX {
        return Err(invalid(format!("via: at most {VIA_MAX} waypoints")));
    }
    for h in &via {
        check_name("via", h)?;
    }
    Ok(mirror(&lock(&play)?.reach(&unit, &via)?))
}

/// The line of sight between two hexes now, and what blocks it.
#[tauri::command]
pub async fn play_sight(play: PlayState<'_>, from: String, to: String) -> AppResult<SightDto> {
    check_name("from", &from)?;
    check_name("to", &to)?;
    Ok(mirror(&lock(&play)?.sight(&from, &to)?))
}

/// The attack some allocations would make, before anything is rolled.
#[tauri::command]
pub async fn play_preview(
    play: PlayState<'_>,
    commands: Vec<Value>,
) -> AppResult<AttackPreviewDto> {
    if commands.is_empty() || commands.len() > PREVIEW_MAX {
        return Err(invalid(format!("commands: 1 to {PREVIEW_MAX} allocations")));
    }
    commands.iter().try_for_each(check_command)?;
    Ok(mirror(&lock(&play)?.preview(&commands)?))
}

/// Play a command; with `at`, aimed at that hex instead (a unit dropped on a hex its listed
/// commands do not name: the rules' refusal says why). `forced` (faces for the next rolls) is
/// for the end-to-end tests and is refused in release builds.
#[tauri::command]
pub async fn play_apply(
    play: PlayState<'_>,
    command: Value,
    forced: Vec<u8>,
    at: Option<String>,
) -> AppResult<PlayView> {
    check_command(&command)?;
    if let Some(h) = &at {
        check_name("at", h)?;
    }
    if !forced.is_empty() && !cfg!(debug_assertions) {
        return Err(AppError::new(
            ErrorCode::NotAllowed,
            "forced dice are for tests; a game rolls its own",
        ));
    }
    if forced.len() > 16 || forced.iter().any(|f| !(1..=20).contains(f)) {
        return Err(invalid("forced: at most 16 faces of 1 to 20"));
    }
    lock(&play)?.apply_at(&command, &forced, at.as_deref())
}

#[tauri::command]
pub async fn play_take_back(play: PlayState<'_>) -> AppResult<PlayView> {
    lock(&play)?.take_back()
}

#[tauri::command]
pub async fn play_auto_deploy(play: PlayState<'_>) -> AppResult<PlayView> {
    lock(&play)?.auto_deploy()
}

/// Hand a side to the computer at a level, or (no level) take it over.
#[tauri::command]
pub async fn play_set_computer(
    play: PlayState<'_>,
    side: u32,
    level: Option<String>,
) -> AppResult<PlayView> {
    if let Some(l) = &level {
        check_name("level", l)?;
    }
    lock(&play)?.set_computer(side as usize, level.as_deref())
}

/// The computer plays one command for the side to act (when the computer plays it).
#[tauri::command]
pub async fn play_computer_step(play: PlayState<'_>) -> AppResult<PlayView> {
    lock(&play)?.computer_step()
}

//! The painter's commands: the map editor's state ([`Session`]) behind its own lock.

use super::lock;
use crate::dialog::{Dialog, ask};
use crate::session::Session;
use crate::transport::{
    AppError, AppInfo, AppResult, Delta, EditDto, ErrorCode, MapView, NewMapSpec, StatusDto,
};
use std::path::PathBuf;
use std::sync::Mutex;
use tauri::{Runtime, State, WebviewWindow};

pub type Editor<'a> = State<'a, Mutex<Session>>;

pub fn retitle<R: Runtime>(window: &WebviewWindow<R>, s: &Session) {
    let _ = window.set_title(&s.title());
}

#[tauri::command]
pub fn app_info(state: Editor<'_>) -> AppResult<AppInfo> {
    let s = lock(&state)?;
    let shipped = std::env::current_dir()
        .ok()
        .map(|d| d.join("maps"))
        .filter(|d| d.is_dir())
        .map(|d| d.display().to_string());
    Ok(AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
        recent: s.recent_files(),
        shipped_maps: shipped,
        rulesets: kepi::engine::game::registry::with_maps()
            .iter()
            .map(|r| (r.key().to_string(), r.name().to_string()))
            .collect(),
        rules_versions: kepi::engine::game::registry::all()
            .iter()
            .map(|r| format!("{} rules {}", r.name(), r.rules_version()))
            .collect(),
        process_age_ms: crate::launch::process_age_ms(),
        launch_steps: crate::launch::steps(),
    })
}

#[tauri::command]
pub fn new_map<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    spec: NewMapSpec,
) -> AppResult<MapView> {
    let mut s = lock(&state)?;
    let v = s.new_map(
        &spec.name,
        spec.columns,
        spec.rows,
        &spec.orientation,
        &spec.shove,
        &spec.ruleset,
    )?;
    retitle(&window, &s);
    Ok(v)
}

#[tauri::command]
pub async fn open_map<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
) -> AppResult<Option<MapView>> {
    let Some(path) = ask(&window, Dialog::OpenMap, None) else {
        return Ok(None);
    };
    let mut s = lock(&state)?;
    let v = s.open(&path)?;
    retitle(&window, &s);
    Ok(Some(v))
}

#[tauri::command]
pub fn open_recent<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    path: String,
) -> AppResult<MapView> {
    let mut s = lock(&state)?;
    let v = s.open_recent(&path)?;
    retitle(&window, &s);
    Ok(v)
}

/// Open a map shipped with Kepi (`id`: a shipped map's id, as `library_list` gives it) as a new
/// document: saving asks where.
#[tauri::command]
pub fn open_shipped_map<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    id: String,
) -> AppResult<MapView> {
    let mut s = lock(&state)?;
    let v = s.open_shipped(&id)?;
    retitle(&window, &s);
    Ok(v)
}

#[tauri::command]
pub fn recent_files(state: Editor<'_>) -> AppResult<Vec<String>> {
    Ok(lock(&state)?.recent_files())
}

#[tauri::command]
pub fn map_view(state: Editor<'_>) -> AppResult<MapView> {
    lock(&state)?.view()
}

#[tauri::command]
pub async fn save_map_as<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
) -> AppResult<Option<StatusDto>> {
    let suggested = {
        let s = lock(&state)?;
        s.view().ok().map(|v| format!("{}.json", v.id))
    };
    let Some(path) = ask(&window, Dialog::SaveMap, suggested.as_deref()) else {
        return Ok(None);
    };
    let mut s = lock(&state)?;
    let st = s.save_as(&path)?;
    retitle(&window, &s);
    Ok(Some(st))
}

#[tauri::command]
pub async fn save_map<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
) -> AppResult<Option<StatusDto>> {
    let path = lock(&state)?.path().map(PathBuf::from);
    match path {
        Some(path) => {
            let mut s = lock(&state)?;
            let st = s.save_as(&path)?;
            retitle(&window, &s);
            Ok(Some(st))
        }
        None => save_map_as(window, state).await,
    }
}

#[tauri::command]
pub fn begin_stroke(state: Editor<'_>) -> AppResult<()> {
    lock(&state)?.begin_stroke()
}

#[tauri::command]
pub fn end_stroke<R: Runtime>(window: WebviewWindow<R>, state: Editor<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.end_stroke()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
pub fn edit<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    edit: EditDto,
    in_stroke: bool,
) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.edit(edit, in_stroke)?;
    if !in_stroke {
        retitle(&window, &s);
    }
    Ok(d)
}

#[tauri::command]
pub fn undo<R: Runtime>(window: WebviewWindow<R>, state: Editor<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.undo()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
pub fn redo<R: Runtime>(window: WebviewWindow<R>, state: Editor<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.redo()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
pub async fn import_underlay<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
) -> AppResult<Option<Delta>> {
    let Some(path) = ask(&window, Dialog::OpenPicture, None) else {
        return Ok(None);
    };
    let mut s = lock(&state)?;
    let d = s.import_underlay(&path)?;
    retitle(&window, &s);
    Ok(Some(d))
}

/// The underlay picture as PNG bytes (an empty answer when there is none).
#[tauri::command]
pub fn underlay_image(state: Editor<'_>) -> AppResult<tauri::ipc::Response> {
    let bytes = lock(&state)?.underlay_image().unwrap_or_default();
    Ok(tauri::ipc::Response::new(bytes))
}

#[tauri::command]
pub async fn export_png<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    scale: u32,
) -> AppResult<Option<String>> {
    let suggested = lock(&state)?.view().ok().map(|v| format!("{}.png", v.id));
    let Some(path) = ask(&window, Dialog::SavePng, suggested.as_deref()) else {
        return Ok(None);
    };
    let s = lock(&state)?;
    s.export_png(&path, scale).map(Some)
}

/// Close the window; with unsaved changes only when `discard` is true.
#[tauri::command]
pub fn close_window<R: Runtime>(
    window: WebviewWindow<R>,
    state: Editor<'_>,
    discard: bool,
) -> AppResult<bool> {
    let mut s = lock(&state)?;
    if s.is_dirty() && !discard {
        return Ok(false);
    }
    s.closing = true;
    drop(s);
    window
        .destroy()
        .map_err(|e| AppError::new(ErrorCode::Io, e.to_string()))?;
    Ok(true)
}

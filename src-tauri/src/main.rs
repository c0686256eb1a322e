//! Kepi's desktop shell: a Tauri window serving the web UI (ui/dist) and commands that call the
//! core. The web view reaches files only through these commands and the system file dialogs,
//! which the shell opens itself (capabilities/main.json grants the commands and events only).
//!
//! Tests and headless runs can answer the file dialogs without a person: when the environment
//! variable `KEPI_TEST_DIALOG_FILE` names a file, each dialog returns the path written in it
//! (an empty file is "cancelled") instead of opening a window.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]
#![forbid(unsafe_code)]

mod session;
mod transport;

use session::Session;
use std::path::PathBuf;
use std::sync::Mutex;
use tauri::{Emitter, Manager, State, WebviewWindow};
use tauri_plugin_dialog::DialogExt;
use transport::{AppError, AppResult, Delta, EditDto, ErrorCode, MapView, StatusDto};

type Shared<'a> = State<'a, Mutex<Session>>;

fn lock<'a>(s: &'a Shared<'_>) -> AppResult<std::sync::MutexGuard<'a, Session>> {
    s.lock()
        .map_err(|_| AppError::new(ErrorCode::Io, "the session is poisoned; restart Kepi"))
}

fn retitle(window: &WebviewWindow, s: &Session) {
    let _ = window.set_title(&s.title());
}

#[derive(Clone, Copy)]
enum Dialog {
    OpenMap,
    SaveMap,
    OpenPicture,
    SavePng,
}

/// Ask for a path (see the module documentation for the test answer file).
fn ask(window: &WebviewWindow, kind: Dialog, suggested: Option<&str>) -> Option<PathBuf> {
    if let Ok(answers) = std::env::var("KEPI_TEST_DIALOG_FILE") {
        let text = std::fs::read_to_string(answers).unwrap_or_default();
        let text = text.trim();
        return (!text.is_empty()).then(|| PathBuf::from(text));
    }
    let d = window.dialog().file().set_parent(window);
    let d = match suggested {
        Some(name) => d.set_file_name(name),
        None => d,
    };
    let picked = match kind {
        Dialog::OpenMap => d.add_filter("Kepi map", &["json"]).blocking_pick_file(),
        Dialog::SaveMap => d.add_filter("Kepi map", &["json"]).blocking_save_file(),
        Dialog::OpenPicture => d
            .add_filter("Picture", &["png", "jpg", "jpeg"])
            .blocking_pick_file(),
        Dialog::SavePng => d.add_filter("PNG picture", &["png"]).blocking_save_file(),
    };
    picked.and_then(|p| p.into_path().ok())
}

#[derive(serde::Serialize)]
struct AppInfo {
    version: &'static str,
    recent: Vec<String>,
    /// The map folder shipped with Kepi, when found (for the start page).
    shipped_maps: Option<String>,
    /// The rule systems a new map can be made for: (key, name), the first the default.
    rulesets: Vec<(&'static str, &'static str)>,
}

#[tauri::command]
fn app_info(state: Shared<'_>) -> AppResult<AppInfo> {
    let s = lock(&state)?;
    let shipped = std::env::current_dir()
        .ok()
        .map(|d| d.join("maps"))
        .filter(|d| d.is_dir())
        .map(|d| d.display().to_string());
    Ok(AppInfo {
        version: env!("CARGO_PKG_VERSION"),
        recent: s.recent_files(),
        shipped_maps: shipped,
        rulesets: kepi::tables::RulesetId::WITH_MAPS
            .map(|r| (r.key(), r.name()))
            .to_vec(),
    })
}

/// The start page's New map form.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMapSpec {
    name: String,
    columns: u16,
    rows: u16,
    orientation: String,
    shove: String,
    ruleset: String,
}

#[tauri::command]
fn new_map(window: WebviewWindow, state: Shared<'_>, spec: NewMapSpec) -> AppResult<MapView> {
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
async fn open_map(window: WebviewWindow, state: Shared<'_>) -> AppResult<Option<MapView>> {
    let Some(path) = ask(&window, Dialog::OpenMap, None) else {
        return Ok(None);
    };
    let mut s = lock(&state)?;
    let v = s.open(&path)?;
    retitle(&window, &s);
    Ok(Some(v))
}

#[tauri::command]
fn open_recent(window: WebviewWindow, state: Shared<'_>, path: String) -> AppResult<MapView> {
    let mut s = lock(&state)?;
    let v = s.open_recent(&path)?;
    retitle(&window, &s);
    Ok(v)
}

#[tauri::command]
fn recent_files(state: Shared<'_>) -> AppResult<Vec<String>> {
    Ok(lock(&state)?.recent_files())
}

#[tauri::command]
fn map_view(state: Shared<'_>) -> AppResult<MapView> {
    lock(&state)?.view()
}

#[tauri::command]
async fn save_map_as(window: WebviewWindow, state: Shared<'_>) -> AppResult<Option<StatusDto>> {
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
async fn save_map(window: WebviewWindow, state: Shared<'_>) -> AppResult<Option<StatusDto>> {
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
fn begin_stroke(state: Shared<'_>) -> AppResult<()> {
    lock(&state)?.begin_stroke()
}

#[tauri::command]
fn end_stroke(window: WebviewWindow, state: Shared<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.end_stroke()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
fn edit(
    window: WebviewWindow,
    state: Shared<'_>,
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
fn undo(window: WebviewWindow, state: Shared<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.undo()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
fn redo(window: WebviewWindow, state: Shared<'_>) -> AppResult<Delta> {
    let mut s = lock(&state)?;
    let d = s.redo()?;
    retitle(&window, &s);
    Ok(d)
}

#[tauri::command]
async fn import_underlay(window: WebviewWindow, state: Shared<'_>) -> AppResult<Option<Delta>> {
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
fn underlay_image(state: Shared<'_>) -> AppResult<tauri::ipc::Response> {
    let bytes = lock(&state)?.underlay_image().unwrap_or_default();
    Ok(tauri::ipc::Response::new(bytes))
}

#[tauri::command]
async fn export_png(
    window: WebviewWindow,
    state: Shared<'_>,
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
fn close_window(window: WebviewWindow, state: Shared<'_>, discard: bool) -> AppResult<bool> {
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

fn main() {
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let store = app
                .path()
                .app_config_dir()
                .ok()
                .map(|d| d.join("recent.json"));
            app.manage(Mutex::new(Session::with_recent_store(store)));
            Ok(())
        })
        .on_window_event(|window, event| {
            if let tauri::WindowEvent::CloseRequested { api, .. } = event {
                let state = window.state::<Mutex<Session>>();
                let guard = state.lock();
                let keep_open = guard.as_ref().is_ok_and(|s| s.is_dirty() && !s.closing);
                drop(guard);
                if keep_open {
                    // The UI asks: save, discard or cancel (see ui/src/main.ts).
                    api.prevent_close();
                    let _ = window.emit("close-requested", ());
                }
            }
        })
        .invoke_handler(tauri::generate_handler![
            app_info,
            new_map,
            open_map,
            open_recent,
            recent_files,
            map_view,
            save_map,
            save_map_as,
            begin_stroke,
            end_stroke,
            edit,
            undo,
            redo,
            import_underlay,
            underlay_image,
            export_png,
            close_window,
        ])
        .run(tauri::generate_context!())
        .expect("error while running Kepi");
}

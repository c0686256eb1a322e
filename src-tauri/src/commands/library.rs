//! The Library's commands (the home page): listing, thumbnails, opening a map in the painter,
//! and packs. Every entry is named by the `key` the last listing gave it; the shell checks the
//! key names an entry and that the entry's file is still inside the library.

use super::jobs::WindowSink;
use super::lock;
use super::paint::{Editor, retitle};
use crate::dialog::{Dialog, ask};
use crate::jobs::Jobs;
use crate::library::{self, Library};
use crate::transport::jobs::{JobKind, OnConflictDto, PackFields};
use crate::transport::library::{GamesPage, GamesQuery, LibraryListing};
use crate::transport::{AppError, AppResult, ErrorCode, MapView};
use kepi::library_index::{self as index, MapSource, Origin};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tauri::{AppHandle, Manager, Runtime, State, WebviewWindow};

pub type LibraryState<'a> = State<'a, Mutex<Library>>;

fn recent(editor: &Editor<'_>) -> AppResult<Vec<PathBuf>> {
    Ok(lock(editor)?.recent_paths())
}

/// Refuses a key no listing gives (empty, or longer than a path can be), naming the argument.
pub fn check_key(key: &str) -> AppResult<()> {
    if key.is_empty() || key.len() > 4096 {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            "key: a Library key",
        ));
    }
    Ok(())
}

/// The scenario of the Library entry `key` (the key checked first; an entry that is a map, or
/// whose file no longer reads as a scenario, is refused by `index::scenario_of`).
pub fn library_scenario(
    editor: &Editor<'_>,
    library: &LibraryState<'_>,
    key: &str,
) -> AppResult<kepi::scenario::Scenario> {
    check_key(key)?;
    let recent = recent(editor)?;
    let entry = lock(library)?.entry(key, &recent)?;
    Ok(index::scenario_of(&entry)?)
}

/// Everything the home page lists: shipped and library maps and scenarios, recent files,
/// the archive's games. Fast: no thumbnails (see `library_thumbnail`).
#[tauri::command]
pub async fn library_list(
    editor: Editor<'_>,
    library: LibraryState<'_>,
) -> AppResult<LibraryListing> {
    let recent = recent(&editor)?;
    Ok(lock(&library)?.list(&recent))
}

/// One page of the games table over the whole archive: sorted by a column, filtered, from an
/// offset (every input checked: `library::games_page`). Runs on a blocking thread, off the
/// window's and the async runtime's threads, the Library's lock held only to read where the
/// archive is.
#[tauri::command]
pub async fn library_games(library: LibraryState<'_>, query: GamesQuery) -> AppResult<GamesPage> {
    let archive = lock(&library)?.archive.clone();
    blocking(move || library::games_page(archive.as_deref(), &query)).await
}

/// Run `work` on the async runtime's blocking pool. Work that takes a while (a thumbnail drawn,
/// a sort over the archive) must not hold one of the runtime's few worker threads (two on a
/// two-core machine): the other commands, a search as typed among them, would wait behind it.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    tauri::async_runtime::spawn_blocking(work)
        .await
        .map_err(|e| AppError::new(ErrorCode::Io, format!("the work stopped: {e}")))?
}

/// The entry's thumbnail as PNG bytes, drawn on first use and cached (memory and disk).
#[tauri::command]
pub async fn library_thumbnail(
    editor: Editor<'_>,
    library: LibraryState<'_>,
    key: String,
) -> AppResult<tauri::ipc::Response> {
    let recent = recent(&editor)?;
    let (entry, thumbnails) = {
        let mut l = lock(&library)?;
        (l.entry(&key, &recent)?, l.thumbnails.clone())
    };
    let png = blocking(move || Ok(thumbnails.get(&entry)?)).await?;
    Ok(tauri::ipc::Response::new(png.as_ref().clone()))
}

/// Start drawing every thumbnail not cached yet; returns the job's id. Each `job-progress`
/// event's `item` is the key of the entry just drawn.
#[tauri::command]
pub fn library_thumbnails<R: Runtime>(
    app: AppHandle<R>,
    editor: Editor<'_>,
    library: LibraryState<'_>,
    jobs: State<'_, Arc<Jobs>>,
) -> AppResult<u64> {
    let recent = recent(&editor)?;
    let (entries, thumbnails) = {
        let mut l = lock(&library)?;
        (l.drawable(&recent), l.thumbnails.clone())
    };
    jobs.start(JobKind::Thumbnails, Arc::new(WindowSink(app)), move |job| {
        library::draw_thumbnails(job, &thumbnails, &entries)
    })
}

/// Open in the painter the map of a Library entry: the map itself, or the map a scenario is on.
/// A map of the library folder (or a recent file) opens as its file; a shipped map, or one
/// inside an imported pack (never written into), opens as a new document that saving asks a
/// place for.
#[tauri::command]
pub fn open_library_map<R: Runtime>(
    window: WebviewWindow<R>,
    editor: Editor<'_>,
    library: LibraryState<'_>,
    key: String,
) -> AppResult<MapView> {
    let recent = recent(&editor)?;
    let (entry, folder) = {
        let mut l = lock(&library)?;
        (l.entry(&key, &recent)?, l.folder.clone())
    };
    let source = index::map_of(&entry)?;
    let mut s = lock(&editor)?;
    let v = match source {
        MapSource::Shipped(m) => s.open_shipped(m.id)?,
        MapSource::File(path) => {
            let in_library = folder.as_deref().is_some_and(|f| index::inside(f, &path));
            let in_pack = folder
                .as_deref()
                .is_some_and(|f| index::inside(&f.join("packs"), &path));
            match entry.origin {
                Origin::Recent => s.open_recent(&path.display().to_string())?,
                Origin::Library if in_library && !in_pack => s.open(&path)?,
                Origin::Library | Origin::Pack { .. } if in_library => {
                    s.open_detached(kepi::editor::files::open(&path)?)?
                }
                _ => {
                    return Err(AppError::new(
                        ErrorCode::NotAllowed,
                        format!("{} is not in the library", path.display()),
                    ));
                }
            }
        }
    };
    retitle(&window, &s);
    Ok(v)
}

/// Import a pack the user picks (the shell's file dialog) into the library, as a job; `None`
/// when the dialog was cancelled. `on_conflict` (default `refuse`) says what to do when the
/// library holds a pack of the same id with other content (the job then fails with
/// `pack_conflict`).
#[tauri::command]
pub async fn pack_import<R: Runtime>(
    window: WebviewWindow<R>,
    library: LibraryState<'_>,
    jobs: State<'_, Arc<Jobs>>,
    on_conflict: Option<OnConflictDto>,
) -> AppResult<Option<u64>> {
    let folder = lock(&library)?.folder.clone().ok_or_else(|| {
        AppError::new(
            ErrorCode::Io,
            "there is no library folder to import into (no home folder?)",
        )
    })?;
    let Some(path) = ask(&window, Dialog::OpenPack, None) else {
        return Ok(None);
    };
    let on_conflict = on_conflict.unwrap_or_default();
    let app = window.app_handle().clone();
    jobs.start(JobKind::PackImport, Arc::new(WindowSink(app)), move |job| {
        library::import_pack(job, &path, &folder, on_conflict)
    })
    .map(Some)
}

/// Make a pack of the scenarios `keys` name (shipped or library scenarios; their maps, catalogs
/// and thumbnails come along) and write it where the user picks, as a job; `None` when the
/// dialog was cancelled.
#[tauri::command]
pub async fn pack_export<R: Runtime>(
    window: WebviewWindow<R>,
    editor: Editor<'_>,
    library: LibraryState<'_>,
    jobs: State<'_, Arc<Jobs>>,
    keys: Vec<String>,
    fields: Option<PackFields>,
) -> AppResult<Option<u64>> {
    let options = library::export_options(fields.unwrap_or_default())?;
    let recent = recent(&editor)?;
    let entries = {
        let mut l = lock(&library)?;
        keys.iter()
            .map(|k| l.entry(k, &recent))
            .collect::<AppResult<Vec<_>>>()?
    };
    library::scenarios_to_pack(&entries)?;
    let suggested = format!(
        "{}.{}",
        options.id.clone().unwrap_or_else(|| entries[0].id.clone()),
        kepi::pack::EXTENSION
    );
    let Some(out) = ask(&window, Dialog::SavePack, Some(&suggested)) else {
        return Ok(None);
    };
    let app = window.app_handle().clone();
    jobs.start(JobKind::PackExport, Arc::new(WindowSink(app)), move |job| {
        library::export_pack(job, &entries, &options, &out)
    })
    .map(Some)
}

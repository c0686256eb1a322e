//! Kepi's desktop shell: a Tauri window serving the web UI (ui/dist) and commands that call the
//! core. The web view reaches files only through these commands and the system file dialogs,
//! which the shell opens itself (capabilities/main.json grants the commands and events only).
//!
//! One state per concern, each behind its own lock and managed on its own: the map editor
//! ([`session::Session`]), the Library ([`library::Library`]) and the job runner
//! ([`jobs::Jobs`]), the game being played ([`play::Play`]) and the care of the archive
//! ([`commands::archive_care`]: its daily backup at the start, backups, a damaged archive's
//! recovery). Commands are grouped by view in [`commands`].

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]
// One `unsafe` block, reviewed: `webkit::without_gl_before_gtk` sets an environment variable
// before any thread exists. Nothing else may use it.
#![deny(unsafe_code)]

mod commands;
#[cfg(test)]
mod commands_list;
mod dialog;
#[cfg(test)]
mod generated;
#[cfg(test)]
mod ipc_tests;
mod jobs;
mod launch;
mod library;
mod play;
mod replay;
mod scenario;
mod session;
mod transport;
#[cfg(target_os = "linux")]
mod webkit;

use commands::archive_care::care::ArchiveCare;
use session::Session;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tauri::{Builder, Emitter, Manager, Runtime};

/// Where the app keeps and finds things (from the platform's folders, or a test's).
pub struct Places {
    pub recent_store: Option<PathBuf>,
    pub library_folder: Option<PathBuf>,
    pub archive: Option<PathBuf>,
    pub thumbnail_cache: Option<PathBuf>,
    pub answers: dialog::TestAnswers,
}

impl Places {
    fn of<R: Runtime>(app: &tauri::AppHandle<R>) -> Places {
        let paths = app.path();
        Places {
            recent_store: paths.app_config_dir().ok().map(|d| d.join("recent.json")),
            library_folder: kepi::pack::default_library_dir(),
            archive: Some(kepi::archive::Archive::default_path()),
            thumbnail_cache: paths.app_cache_dir().ok().map(|d| d.join("thumbnails")),
            answers: dialog::TestAnswers::from_env(),
        }
    }
}

/// The states, one per concern, each behind its own lock.
struct States {
    editor: Mutex<Session>,
    library: Mutex<library::Library>,
    play: Mutex<play::Play>,
    replay: Mutex<replay::Replay>,
    scenario: Mutex<scenario::ScenarioEditor>,
    jobs: Arc<jobs::Jobs>,
    care: Arc<Mutex<ArchiveCare>>,
    answers: dialog::TestAnswers,
}

impl States {
    fn new(p: Places) -> States {
        States {
            editor: Mutex::new(Session::with_recent_store(p.recent_store)),
            library: Mutex::new(library::Library::new(
                p.library_folder,
                p.archive.clone(),
                p.thumbnail_cache,
            )),
            play: Mutex::new(play::Play::new(p.archive.clone())),
            replay: Mutex::new(replay::Replay::new(p.archive.clone())),
            scenario: Mutex::new(scenario::ScenarioEditor::default()),
            jobs: Arc::new(jobs::Jobs::default()),
            care: Arc::new(Mutex::new(ArchiveCare::new(p.archive))),
            answers: p.answers,
        }
    }
}

/// The app's states, window guard and commands on any runtime (the real one, or tauri's mock
/// runtime in tests); `places` default to the platform's folders (known once the app runs).
pub fn app<R: Runtime>(builder: Builder<R>, places: Option<Places>) -> Builder<R> {
    let builder = match places {
        Some(p) => {
            let s = States::new(p);
            builder
                .manage(s.editor)
                .manage(s.library)
                .manage(s.play)
                .manage(s.replay)
                .manage(s.scenario)
                .manage(s.jobs)
                .manage(s.care)
                .manage(s.answers)
        }
        None => builder.setup(|app| {
            launch::step("setup");
            let s = States::new(Places::of(app.handle()));
            app.manage(s.editor);
            app.manage(s.library);
            app.manage(s.play);
            app.manage(s.replay);
            app.manage(s.scenario);
            app.manage(s.jobs);
            // The daily backup (and a look at the archive) on a thread of its own: the window
            // does not wait for it, and a failure is a notice, never the end of the start.
            commands::archive_care::start(app.handle().clone(), Arc::clone(&s.care));
            app.manage(s.care);
            app.manage(s.answers);
            #[cfg(target_os = "linux")]
            webkit::paint_without_compositing(app);
            launch::step("states");
            Ok(())
        }),
    };
    builder
        .on_page_load(|_, payload| match payload.event() {
            tauri::webview::PageLoadEvent::Started => launch::step("page"),
            tauri::webview::PageLoadEvent::Finished => launch::step("page loaded"),
        })
        .on_window_event(|window, event| {
            if let tauri::WindowEvent::CloseRequested { api, .. } = event {
                let state = window.state::<Mutex<Session>>();
                let guard = state.lock();
                let closing = guard.as_ref().is_ok_and(|s| s.closing);
                let map_dirty = guard.as_ref().is_ok_and(|s| s.is_dirty());
                drop(guard);
                // One lock at a time: the scenario editor's after the painter's.
                let scenario = window.state::<Mutex<scenario::ScenarioEditor>>();
                let scenario_dirty = scenario.lock().is_ok_and(|s| s.is_dirty());
                let keep_open = (map_dirty || scenario_dirty) && !closing;
                if keep_open {
                    // The UI asks: save, discard or cancel.
                    api.prevent_close();
                    let _ = window.emit("close-requested", ());
                }
            }
        })
        .invoke_handler(tauri::generate_handler![
            commands::paint::app_info,
            commands::paint::new_map,
            commands::paint::open_map,
            commands::paint::open_recent,
            commands::paint::open_shipped_map,
            commands::paint::recent_files,
            commands::paint::map_view,
            commands::paint::save_map,
            commands::paint::save_map_as,
            commands::paint::begin_stroke,
            commands::paint::end_stroke,
            commands::paint::edit,
            commands::paint::undo,
            commands::paint::redo,
            commands::paint::import_underlay,
            commands::paint::underlay_image,
            commands::paint::export_png,
            commands::paint::close_window,
            commands::library::library_list,
            commands::library::library_games,
            commands::library::library_thumbnail,
            commands::library::library_thumbnails,
            commands::library::open_library_map,
            commands::library::pack_import,
            commands::library::pack_export,
            commands::jobs::cancel_job,
            commands::play::play_choices,
            commands::play::play_start,
            commands::play::play_resume,
            commands::play::play_continue,
            commands::play::play_view,
            commands::play::play_legal,
            commands::play::play_reach,
            commands::play::play_preview,
            commands::play::play_apply,
            commands::play::play_take_back,
            commands::play::play_auto_deploy,
            commands::play::play_sight,
            commands::play::play_set_computer,
            commands::play::play_computer_step,
            commands::vassal::vassal_export,
            commands::replay::replay_open,
            commands::replay::replay_at,
            commands::replay::replay_line,
            commands::replay::replay_moves,
            commands::replay::replay_what_if,
            commands::replay::replay_under_today,
            commands::replay::replay_promote,
            commands::replay::replay_rename,
            commands::replay::replay_delete,
            commands::replay::replay_annotate,
            commands::replay::replay_delete_annotation,
            commands::replay::game_export,
            commands::replay::game_import,
            commands::replay::archive_search,
            commands::archive_care::archive_status,
            commands::archive_care::archive_check,
            commands::archive_care::archive_backups,
            commands::archive_care::archive_backup_now,
            commands::archive_care::archive_restore,
            commands::archive_care::archive_survey,
            commands::archive_care::archive_recover,
            commands::scenario::scenario_open,
            commands::scenario::scenario_new,
            commands::scenario::scenario_view,
            commands::scenario::scenario_edit,
            commands::scenario::scenario_roster_edit,
            commands::scenario::scenario_begin_stroke,
            commands::scenario::scenario_end_stroke,
            commands::scenario::scenario_undo,
            commands::scenario::scenario_redo,
            commands::scenario::scenario_save,
            commands::scenario::scenario_save_as,
            commands::scenario::scenario_close,
            commands::scenario::scenario_formula,
            commands::scenario::scenario_formula_of,
            commands::scenario::scenario_panel,
            commands::scenario::scenario_test,
            commands::scenario::scenario_export_png,
            commands::scenario::scenario_export_vassal,
            commands::print::print_pdf,
        ])
}

fn main() {
    launch::mark_main();
    #[cfg(target_os = "linux")]
    webkit::without_gl_before_gtk();
    app(tauri::Builder::default(), None)
        .plugin(tauri_plugin_dialog::init())
        .run(tauri::generate_context!())
        .expect("error while running Kepi");
}

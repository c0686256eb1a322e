//! The system file dialogs, opened by the shell (the web view has no dialog or file access).
//!
//! Tests and headless runs can answer them without a person: when the environment variable
//! `KEPI_TEST_DIALOG_FILE` names a file (or tests manage [`TestAnswers`] naming one), each
//! dialog returns the path written in it (an empty file is "cancelled") instead of opening a
//! window.

use std::path::PathBuf;
use tauri::{Manager, Runtime, WebviewWindow};
use tauri_plugin_dialog::DialogExt;

/// The file whose text answers every dialog, when set.
pub struct TestAnswers(pub Option<PathBuf>);

impl TestAnswers {
    pub fn from_env() -> TestAnswers {
        TestAnswers(std::env::var_os("KEPI_TEST_DIALOG_FILE").map(PathBuf::from))
    }
}

#[derive(Clone, Copy)]
pub enum Dialog {
    OpenMap,
    SaveMap,
    OpenPicture,
    SavePng,
    OpenPack,
    SavePack,
    SaveVmod,
    SavePdf,
    OpenGame,
    SaveGame,
    SaveScenario,
}

/// Ask for a path (see the module documentation for the test answer file).
pub fn ask<R: Runtime>(
    window: &WebviewWindow<R>,
    kind: Dialog,
    suggested: Option<&str>,
) -> Option<PathBuf> {
    if let Some(answers) = window.try_state::<TestAnswers>().and_then(|a| a.0.clone()) {
        let text = std::fs::read_to_string(answers).unwrap_or_default();
        let text = text.trim();
        return (!text.is_empty()).then(|| PathBuf::from(text));
    }
    let d = window.dialog().file().set_parent(window);
    let d = match suggested {
        Some(name) => d.set_file_name(name),
        None => d,
    };
    let pack = kepi::pack::EXTENSION;
    let picked = match kind {
        Dialog::OpenMap => d.add_filter("Kepi map", &["json"]).blocking_pick_file(),
        Dialog::SaveMap => d.add_filter("Kepi map", &["json"]).blocking_save_file(),
        Dialog::OpenPicture => d
            .add_filter("Picture", &["png", "jpg", "jpeg"])
            .blocking_pick_file(),
        Dialog::SavePng => d.add_filter("PNG picture", &["png"]).blocking_save_file(),
        Dialog::OpenPack => d.add_filter("Kepi pack", &[pack]).blocking_pick_file(),
        Dialog::SavePack => d.add_filter("Kepi pack", &[pack]).blocking_save_file(),
        Dialog::OpenGame => d.add_filter("Kepi game", &["json"]).blocking_pick_file(),
        Dialog::SaveGame => d.add_filter("Kepi game", &["json"]).blocking_save_file(),
        Dialog::SaveScenario => d
            .add_filter("Kepi scenario", &["json"])
            .blocking_save_file(),
        Dialog::SaveVmod => d
            .add_filter("VASSAL module", &["vmod"])
            .blocking_save_file(),
        Dialog::SavePdf => d.add_filter("PDF", &["pdf"]).blocking_save_file(),
    };
    picked.and_then(|p| p.into_path().ok())
}

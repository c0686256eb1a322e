//! Embeds ui/dist and generates one permission per app command, so that the capability file
//! can grant exactly the commands the UI uses.

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(kepi_app_commands::COMMANDS)),
    )
    .expect("tauri build step");
}

#[path = "src/commands_list.rs"]
mod kepi_app_commands;

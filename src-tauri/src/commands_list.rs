//! The shell's commands by name: build.rs makes one permission each (`allow-<name>`), and
//! capabilities/main.json grants them to the main window.

pub const COMMANDS: &[&str] = &[
    "app_info",
    "new_map",
    "open_map",
    "open_recent",
    "recent_files",
    "map_view",
    "save_map",
    "save_map_as",
    "begin_stroke",
    "end_stroke",
    "edit",
    "undo",
    "redo",
    "import_underlay",
    "underlay_image",
    "export_png",
    "close_window",
];

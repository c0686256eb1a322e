//! The `kepi` command: everything the app does, headless (the commands live in `kepi::cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    kepi::cli::run()
}

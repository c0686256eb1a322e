//! Running the `kepi` binary from the repository root, as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run kepi")
}

/// (exit status, stdout followed by stderr).
pub fn kepi(args: &[&str]) -> (i32, String) {
    let out = run(args);
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout) + &text(&out.stderr),
    )
}

/// (exit status, stdout, stderr).
pub fn kepi_split(args: &[&str]) -> (i32, String, String) {
    let out = run(args);
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// Run kepi with `stdin` as its standard input: (exit status, stdout, stderr).
pub fn kepi_stdin(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kepi");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("wait for kepi");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// `games` seeded games of Fatehpur (seed 3) recorded by `kepi autoplay --db` into
/// `dir/archive.kepi` (the WAL folded in on close): the archive the archive tests damage,
/// check and recover.
pub fn autoplayed(dir: &std::path::Path, games: u32) -> std::path::PathBuf {
    let path = dir.join("archive.kepi");
    let games = games.to_string();
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-01-fatehpur.json",
        "--games",
        &games,
        "--seed",
        "3",
        "--db",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    path
}

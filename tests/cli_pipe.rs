//! `kepi ... | head`: a reader that closes the pipe early ends kepi quietly with success
//! (src/cli/out.rs), never with a panic and a backtrace.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

/// Spawns are serialized: a child forked by another test thread could briefly hold a copy of
/// a pipe's read end, and kepi's write would then not see the reader gone.
static SPAWN: Mutex<()> = Mutex::new(());

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kepi")
}

/// What kepi did: its exit status and standard error.
fn finish(child: Child) -> (Option<i32>, String) {
    let out = child.wait_with_output().expect("wait for kepi");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `kepi ARGS | head -1`: read one line, then close the pipe. Returns the line, the exit status
/// and standard error.
fn head_1(args: &[&str]) -> (String, Option<i32>, String) {
    let _one = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
    let mut child = spawn(args);
    let mut line = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().expect("piped"));
        reader.read_line(&mut line).expect("read a line");
        // The reader (the pipe's only read end) is dropped here.
    }
    let (status, err) = finish(child);
    (line, status, err)
}

/// `kepi ARGS` whose reader has gone before kepi writes anything: its first write certainly
/// meets a closed pipe (kepi has not finished starting when the read end is closed).
fn reader_gone_at_once(args: &[&str]) -> (Option<i32>, String) {
    let _one = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
    let mut child = spawn(args);
    drop(child.stdout.take());
    finish(child)
}

/// A game of Plevna deployed by both sides: `kepi state` prints a line for each of its many
/// units.
fn plevna(dir: &Path) -> String {
    let game = dir.join("plevna.json");
    let game = game.to_str().expect("utf-8 path").to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args([
            "new",
            "scenarios/rs-13-plevna-green-hills.json",
            "--auto-deploy",
            "--out",
            &game,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run kepi new");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    game
}

#[test]
fn state_piped_into_head_prints_one_line_and_ends_quietly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = plevna(dir.path());
    let full = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(["state", &game])
        .output()
        .expect("run kepi state");
    let full = String::from_utf8_lossy(&full.stdout).into_owned();
    assert!(full.lines().count() > 50, "{full}");

    let (line, status, err) = head_1(&["state", &game]);
    assert_eq!(line, format!("{}\n", full.lines().next().expect("a line")));
    assert_eq!((status, err.as_str()), (Some(0), ""));

    let (status, err) = reader_gone_at_once(&["state", &game]);
    assert_eq!((status, err.as_str()), (Some(0), ""));
}

#[test]
fn tables_piped_into_head_prints_one_line_and_ends_quietly() {
    let (line, status, err) = head_1(&["tables"]);
    assert_eq!(line, "Rifle & Saber units (Kepi default catalog)\n");
    assert_eq!((status, err.as_str()), (Some(0), ""));

    let (status, err) = reader_gone_at_once(&["tables"]);
    assert_eq!((status, err.as_str()), (Some(0), ""));
}

#[test]
fn every_printing_subcommand_ends_quietly_on_a_closed_pipe() {
    for args in [
        &["factor", "--side", "X=1200 MZ, 12 MA"][..],
        &["oob", "27 MZ; 3 CY; 2 MAh"],
        &["validate", "scenarios"],
        &["zones", "scenarios/rs-01-fatehpur.json"],
        &["legal", "tests/fixtures/no-such-game.json"],
    ] {
        let (status, err) = reader_gone_at_once(args);
        if args[0] == "legal" {
            // An error goes to standard error, which is still open: reported as before.
            assert_eq!(status, Some(1), "{args:?}");
            assert!(err.starts_with("kepi: "), "{args:?}: {err}");
        } else {
            assert_eq!((status, err.as_str()), (Some(0), ""), "{args:?}");
        }
    }
}

/// Any other write error is an error: reported on standard error, exit status 1.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_behind_standard_output_is_reported() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .arg("tables")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .expect("run kepi");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("kepi: cannot write to standard output: No space left on device"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

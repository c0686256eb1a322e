//! The command line on a damaged archive and its help: an error met part way through a command
//! ("database disk image is malformed", after the archive opened) names the archive file and the
//! two commands that help; `kepi --help` lists every `kepi archive` subcommand.

use crate::common;

use common::cli::kepi;
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// Six seeded games of Fatehpur recorded by `kepi autoplay --db` (the WAL folded in on close).
fn recorded(dir: &Path) -> PathBuf {
    common::cli::autoplayed(dir, 6)
}

/// Zero the middle leaf page of `table` (the pages as SQLite's dbstat lists them).
fn zero_a_leaf_of(path: &Path, table: &str) {
    let c = Connection::open(path).unwrap();
    let page_size: u64 = c
        .query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0))
        .unwrap() as u64;
    let leaves: Vec<u64> = c
        .prepare("SELECT pageno FROM dbstat WHERE name = ?1 AND pagetype = 'leaf' ORDER BY pageno")
        .unwrap()
        .query_map([table], |r| r.get::<_, i64>(0))
        .unwrap()
        .map(|p| p.unwrap() as u64)
        .collect();
    drop(c);
    assert!(leaves.len() >= 3, "{table}: {leaves:?}");
    let page = leaves[leaves.len() / 2];
    use std::io::{Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.seek(SeekFrom::Start((page - 1) * page_size)).unwrap();
    f.write_all(&vec![0u8; page_size as usize]).unwrap();
}

#[test]
fn damage_met_part_way_through_a_command_names_the_file_and_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let db = path.to_str().unwrap();
    zero_a_leaf_of(&path, "dice_rows");
    // The archive still opens (its first pages are sound): the games list reads.
    let (code, out) = kepi(&["games", "--db", db]);
    assert_eq!(code, 0, "{out}");
    // Exporting each game reads its dice: the games whose dice were on the page meet the damage.
    let out_file = dir.path().join("game.json");
    let mut failures = Vec::new();
    for game in 1..=6 {
        let (code, out) = kepi(&[
            "export-game",
            "--db",
            db,
            "--game",
            &game.to_string(),
            "--out",
            out_file.to_str().unwrap(),
        ]);
        if code != 0 {
            failures.push(out);
        }
    }
    assert!(
        !failures.is_empty(),
        "some game's dice were on the zeroed page"
    );
    for out in &failures {
        assert!(out.contains("malformed"), "SQLite's words: {out}");
        assert!(
            out.contains(&format!("{db}: the archive is damaged")),
            "names the file: {out}"
        );
        assert!(
            out.contains(&format!("kepi archive check --db {db}")),
            "{out}"
        );
        assert!(
            out.contains(&format!("kepi archive recover {db} --out NEW.kepi")),
            "{out}"
        );
    }
    // The maintenance commands say the same (stats reads every table).
    let (code, out) = kepi(&["archive", "stats", "--db", db]);
    if code != 0 {
        assert!(
            out.contains(&format!("kepi archive recover {db} --out NEW.kepi")),
            "{out}"
        );
    }
}

#[test]
fn the_help_lists_every_archive_subcommand() {
    let (code, sub) = kepi(&["archive", "--help"]);
    assert_eq!(code, 0, "{sub}");
    // The subcommands as clap lists them: the first word of each line under "Commands:".
    let names: Vec<&str> = sub
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .collect();
    for expected in ["stats", "check", "recover", "backup", "backups", "restore"] {
        assert!(names.contains(&expected), "{expected}: {names:?}");
    }
    let (code, top) = kepi(&["--help"]);
    assert_eq!(code, 0, "{top}");
    let line = top
        .lines()
        .find(|l| l.trim_start().starts_with("archive "))
        .unwrap_or_else(|| panic!("an archive line: {top}"));
    let listed: Vec<&str> = line
        .split(':')
        .nth(1)
        .unwrap_or_default()
        .split([',', '.', ' '])
        .filter(|w| !w.is_empty())
        .collect();
    for n in &names {
        assert!(
            listed.contains(n),
            "`kepi --help` names `{n}` on its archive line: {line}"
        );
    }
}

//! Files written by an earlier Kepi, read by today's (issue 37: "a game file, a pack and an
//! archive written by the Kepi of this week are among the fixtures"). Each folder of
//! tests/fixtures/formats/ is named by the day its files were written and holds a game file
//! (`kepi autoplay --save`), a game tree with a variation and an annotation (`kepi
//! export-game`), a scenario pack (`kepi pack export`) and an archive (`kepi autoplay --db`,
//! `branch`, `annotate`); its README.md gives the commit and the commands. A folder is never
//! rewritten: a later week that changes a format adds its own.
//!
//! (The archives of schema 1 to 3 are in tests/fixtures/archive/, read by
//! tests/archive_compaction.rs.)

use crate::common;

use common::cli::kepi;
use kepi::archive::{Archive, GameTree};
use kepi::game::GameRecord;
use std::path::{Path, PathBuf};

/// Every folder of written files, oldest first.
fn weeks() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    assert!(!out.is_empty(), "{}: no folder of files", dir.display());
    out
}

fn only(week: &Path, suffix: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(week)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    assert_eq!(found.len(), 1, "{}: one file *{suffix}", week.display());
    found.into_iter().next().unwrap()
}

#[test]
fn game_files_written_earlier_replay_hash_for_hash() {
    for week in weeks() {
        let path = only(&week, ".game.json");
        let game = GameRecord::from_text(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|p| panic!("{}: {p}", path.display()));
        assert!(!game.moves.is_empty(), "{}", path.display());
        // Every command with its recorded dice, every state hash compared.
        let end = game
            .replay(None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(&end.hash(), &game.moves.last().unwrap().state_hash);
        let (code, out) = kepi(&["state", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}");
    }
}

#[test]
fn game_trees_written_earlier_import_with_their_variations_and_notes() {
    for week in weeks() {
        let path = only(&week, ".tree.json");
        let tree = GameTree::from_text(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|p| panic!("{}: {p}", path.display()));
        let dir = tempfile::tempdir().unwrap();
        let mut ar = Archive::open(&dir.path().join("a.kepi")).unwrap();
        let g = ar
            .import_game(&tree)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(ar.verify_game(g).unwrap(), tree.nodes.len());
        assert_eq!(ar.game(g).unwrap().rules_version, tree.rules_version);
        let nodes = ar.nodes(g).unwrap();
        assert!(
            nodes.iter().any(|n| n.name.is_some()),
            "{}: its variation, named",
            path.display()
        );
        let notes: usize = nodes
            .iter()
            .map(|n| ar.annotations(n.id).unwrap().len())
            .sum();
        assert!(notes >= 1, "{}: its annotation", path.display());
    }
}

#[test]
fn packs_written_earlier_verify_and_import() {
    for week in weeks() {
        let path = only(&week, ".kepipack");
        let (code, out) = kepi(&["pack", "verify", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}", path.display());
        let dir = tempfile::tempdir().unwrap();
        let (code, out) = kepi(&[
            "pack",
            "import",
            path.to_str().unwrap(),
            "--into",
            dir.path().to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{}: {out}", path.display());
        // What it brought is valid for today's Kepi.
        let (code, out) = kepi(&["validate", dir.path().to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}", path.display());
        assert!(out.contains("0 with problems"), "{out}");
    }
}

#[test]
fn archives_written_earlier_open_and_every_game_replays() {
    for week in weeks() {
        let fixture = only(&week, ".kepi");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("archive.kepi");
        std::fs::copy(&fixture, &path).unwrap();
        let ar = Archive::open(&path).unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
        assert_eq!(
            ar.schema_version().unwrap(),
            kepi::archive::latest_version()
        );
        let games = ar.games().unwrap();
        assert!(games.len() >= 2, "{}", fixture.display());
        let mut branched = false;
        for g in &games {
            ar.verify_game(g.id)
                .unwrap_or_else(|e| panic!("{}: game {}: {e}", fixture.display(), g.id));
            branched |= ar.nodes(g.id).unwrap().iter().any(|n| n.name.is_some());
        }
        assert!(branched, "{}: its forced variation", fixture.display());
        let (code, out) = kepi(&["archive", "check", "--db", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("every game replays hash for hash"), "{out}");
    }
}

//! A damaged archive (a hand-edited file, another program's writes) is outside data: reading
//! it answers with an error naming the node, never a panic or an endless walk. The cases the
//! archive fuzz target (fuzz/fuzz_targets/archive.rs) reaches: node links that loop, a second
//! root, a node whose command is missing.

use kepi::archive::{Archive, ArchiveError, GameId, GameTree};
use std::collections::BTreeMap;
use std::path::Path;

/// A 61-node game (a variation and annotations included) in a new archive at `path`.
fn archive_with_a_game(path: &Path) -> (Archive, GameId) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/game_tree/short-tree.json"),
    )
    .unwrap();
    let tree = GameTree::from_text(&text).unwrap();
    let mut ar = Archive::open(path).unwrap();
    let game = ar.import_game(&tree).unwrap();
    ar.verify_game(game).unwrap();
    (ar, game)
}

fn damage(path: &Path, sql: &str) {
    let c = rusqlite::Connection::open(path).unwrap();
    // The schema's foreign keys are what a careless writer would not check.
    c.pragma_update(None, "foreign_keys", "OFF").unwrap();
    c.execute_batch(sql).unwrap();
}

fn replay_error(r: Result<impl std::fmt::Debug, ArchiveError>) -> String {
    match r {
        Err(e @ ArchiveError::Replay(_)) => e.to_string(),
        other => panic!("expected a replay error, got {other:?}"),
    }
}

#[test]
fn node_links_that_loop_are_an_error_not_an_endless_walk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("loop.kepi");
    let (ar, game) = archive_with_a_game(&path);
    let line = ar.main_line(game).unwrap();
    // Nodes 20 and 21 of the main line made each other's parent, without snapshots: walking up
    // from either never reaches the root.
    let (a, b) = (line[20].id, line[21].id);
    drop(ar);
    damage(
        &path,
        &format!(
            "UPDATE nodes SET parent_id = {b} WHERE id = {a};
             DELETE FROM snapshots WHERE node_id IN ({a}, {b});"
        ),
    );
    let ar = Archive::open(&path).unwrap();
    let e = replay_error(ar.state_at(b));
    assert!(e.contains("loop"), "{e}");
    let e = replay_error(ar.path_to(a));
    assert!(e.contains("loop"), "{e}");
    let e = replay_error(ar.line_from(ar.node(a).unwrap()));
    assert!(e.contains("loop"), "{e}");
    // The main line from the root now stops where the link was cut.
    assert_eq!(ar.main_line(game).unwrap().len(), 20);
    assert!(ar.verify_game(game).is_err());
}

#[test]
fn a_second_root_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("roots.kepi");
    let (ar, game) = archive_with_a_game(&path);
    let n = ar.main_line(game).unwrap()[30].id;
    drop(ar);
    damage(
        &path,
        &format!("UPDATE nodes SET parent_id = NULL WHERE id = {n};"),
    );
    let ar = Archive::open(&path).unwrap();
    let e = replay_error(ar.verify_game(game));
    assert!(e.contains("second root"), "{e}");
}

#[test]
fn a_node_without_its_command_cannot_be_played_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("command.kepi");
    let (ar, game) = archive_with_a_game(&path);
    // A node with a die roll (the variation "a six" forced one at its fork).
    let with_roll = ar
        .nodes(game)
        .unwrap()
        .into_iter()
        .find(|n| n.parent.is_some() && !ar.rolls(n.id).unwrap().is_empty())
        .expect("the game rolled dice");
    drop(ar);
    damage(
        &path,
        &format!(
            "UPDATE nodes SET command = 'not a command' WHERE id = {};",
            with_roll.id
        ),
    );
    let mut ar = Archive::open(&path).unwrap();
    let e = replay_error(ar.branch_forced(with_roll.id, BTreeMap::from([(0, vec![6])]), None));
    assert!(e.contains("command is missing or unreadable"), "{e}");
    assert!(ar.verify_game(game).is_err());
}

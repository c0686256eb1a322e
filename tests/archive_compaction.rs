//! The archive at scale (issue 16): compact snapshots and node rows (schema 3), the migration
//! of older archives (files written by an older Kepi, and long games rewritten in the old
//! form), a kill -9 in the middle of that migration, and `kepi archive check|stats|vacuum`.

use crate::common;

use common::cli::kepi;
use kepi::archive::Archive;
use kepi::engine::AnyState;
use kepi::engine::dice::Roll;
use kepi::engine::game::replay_step;
use kepi::library::load_scenario;
use rusqlite::Connection;
use std::collections::{BTreeMap, VecDeque};
use std::io::Read;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/archive")
        .join(name)
}

fn copy_to(dir: &Path, from: &Path) -> PathBuf {
    let to = dir.join(from.file_name().unwrap());
    std::fs::copy(from, &to).unwrap();
    to
}

/// (node id, state hash, events as stored) of every node, read without Kepi.
fn raw_nodes(path: &Path) -> Vec<(i64, String, String)> {
    let c = Connection::open(path).unwrap();
    let mut st = c
        .prepare("SELECT id, state_hash, events FROM nodes ORDER BY id")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

fn user_version(path: &Path) -> i32 {
    Connection::open(path)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

/// How many snapshots are JSON text and how many compact blobs.
fn snapshot_forms(path: &Path) -> (i64, i64) {
    let c = Connection::open(path).unwrap();
    c.query_row(
        "SELECT sum(typeof(state) = 'text'), sum(typeof(state) = 'blob') FROM snapshots",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

/// Archives written by Kepi before schema 3 (the schema 2 file by the `kepi` of commit
/// 4861507 with `autoplay`, `branch --force` and `annotate`; the schema 1 file is the same
/// with the schema 2 tables and column dropped): they open, migrate, and every node opens to
/// the hash that Kepi recorded, with the events it recorded recomputed by replay.
#[test]
fn archives_written_by_an_older_kepi_open_migrate_and_replay_hash_for_hash() {
    for (name, version) in [
        ("schema1-json-snapshots.kepi", 1),
        ("schema2-json-snapshots.kepi", 2),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_to(dir.path(), &fixture(name));
        assert_eq!(user_version(&path), version);
        let before = raw_nodes(&path);
        assert_eq!(
            snapshot_forms(&path),
            (7, 0),
            "{name}: JSON snapshots every 16 plies"
        );
        let ar = Archive::open(&path).unwrap();
        assert_eq!(
            ar.schema_version().unwrap(),
            kepi::archive::latest_version()
        );
        assert_eq!(
            snapshot_forms(&path),
            (0, 2),
            "{name}: the root and ply 64, compact"
        );
        let game = ar.games().unwrap()[0].id;
        assert_eq!(ar.verify_game(game).unwrap(), before.len());
        let fresh = Archive::open(&path).unwrap();
        for (id, hash, events) in &before {
            assert_eq!(
                &fresh.state_at(*id).unwrap().hash(),
                hash,
                "{name}: node {id}"
            );
            let old: serde_json::Value = serde_json::from_str(events).unwrap();
            assert_eq!(
                fresh.events(*id).unwrap(),
                old,
                "{name}: node {id}'s events"
            );
        }
        // The forced branch ("a six") kept its forced roll.
        let branch = fresh
            .nodes(game)
            .unwrap()
            .into_iter()
            .find(|n| n.name.as_deref() == Some("a six"))
            .unwrap();
        let rolls = fresh.rolls(branch.id).unwrap();
        assert_eq!((rolls[0].faces.clone(), rolls[0].forced), (vec![6], true));
        if version == 2 {
            assert_eq!(fresh.annotations(96).unwrap()[0].text, "The volley");
        }
        let (code, out) = kepi(&["archive", "check", "--db", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("every game replays hash for hash"), "{out}");
    }
}

/// (node id, state hash, command JSON text) of every node of a schema 1-3 file, read without
/// Kepi.
fn raw_commands(path: &Path) -> Vec<(i64, String, Option<String>)> {
    let c = Connection::open(path).unwrap();
    let mut st = c
        .prepare("SELECT id, state_hash, command FROM nodes ORDER BY id")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// An archive written by the Kepi of commit ddc8b10 at schema 3 (compact snapshots, JSON node
/// rows; `kepi autoplay` of Langensalza seed 3, `branch --force 0=6 --name "a six"` at node
/// 143, two annotations with tags): it opens, its node rows are rewritten in the schema 4
/// form, every command reads back as the JSON it held, every node opens to its recorded hash,
/// and the search finds its annotations.
#[test]
fn a_schema_3_archive_migrates_to_compact_node_rows_and_replays_hash_for_hash() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_to(dir.path(), &fixture("schema3-compact-snapshots.kepi"));
    assert_eq!(user_version(&path), 3);
    let before = raw_commands(&path);
    assert_eq!(before.len(), 471);
    let ar = Archive::open(&path).unwrap();
    assert_eq!(
        ar.schema_version().unwrap(),
        kepi::archive::latest_version()
    );
    // Recorded before games kept their rules version: read as the first (schema 5).
    assert_eq!(ar.games().unwrap()[0].rules_version, 1);
    let game = ar.games().unwrap()[0].id;
    assert_eq!(ar.verify_game(game).unwrap(), before.len());
    let fresh = Archive::open(&path).unwrap();
    for (id, hash, command) in &before {
        let n = fresh.node(*id).unwrap();
        // The rewritten row keeps the hash's first 8 bytes (schema 8).
        assert_eq!(n.state_hash, hash[..16], "node {id}");
        let old: Option<serde_json::Value> =
            command.as_ref().map(|c| serde_json::from_str(c).unwrap());
        assert_eq!(n.command, old, "node {id}'s command");
    }
    for (id, hash, _) in before.iter().step_by(5) {
        assert_eq!(&fresh.state_at(*id).unwrap().hash(), hash, "node {id}");
    }
    // Stored as schema 4 stores them: binary commands, hashes as bytes (8 of them since schema
    // 8), phases by label, no events or per-node time; a SQLite client reads the rows through
    // `nodes_readable`.
    let c = Connection::open(&path).unwrap();
    let (blobs, hashes, phases): (i64, i64, i64) = c
        .query_row(
            "SELECT sum(typeof(command) = 'blob'), sum(length(state_hash) = 8),
                    sum(typeof(phase) = 'integer') FROM nodes",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!((blobs, hashes, phases), (470, 471, 471));
    let columns: Vec<String> = c
        .prepare("SELECT name FROM pragma_table_info('nodes')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert!(!columns.iter().any(|c| c == "events" || c == "created"));
    let (hash, phase): (String, String) = c
        .query_row(
            "SELECT state_hash, phase FROM nodes_readable WHERE id = 143",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(hash, before[142].1[..16]);
    assert_eq!(phase, fresh.node(143).unwrap().phase);
    // The dice stay one plain row per roll, read through the view `dice`.
    let faces: Vec<String> = c
        .prepare("SELECT faces FROM dice WHERE node_id = 143 ORDER BY seq")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(faces, ["[1]", "[4]"]);
    let branch = fresh
        .nodes(game)
        .unwrap()
        .into_iter()
        .find(|n| n.name.as_deref() == Some("a six"))
        .unwrap();
    let rolls = fresh.rolls(branch.id).unwrap();
    assert_eq!((rolls[0].faces.clone(), rolls[0].forced), (vec![6], true));
    let hits = fresh
        .search(&kepi::archive::SearchQuery {
            text: "volley".into(),
            tag: Some("fire".into()),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].node, Some(143));
    let (code, out) = kepi(&["archive", "check", "--db", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("every game replays hash for hash"), "{out}");
}

/// kill -9 while the node rows of a schema 3 archive are being rewritten: the archive is
/// left at schema 3 exactly as it was, and the next open migrates it whole.
#[test]
fn kill_9_during_the_node_row_migration_leaves_schema_3_which_then_migrates_whole() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old3.kepi");
    // Enough games that the rewrite, a few milliseconds a game, is still running when the
    // kill arrives.
    record_games(&old, "rs-09-langensalza", 40, 11);
    rewrite_in_old_form(&old, 3);
    let before = raw_commands(&old);
    for games_done in [1, 10] {
        let path = dir.path().join(format!("killed3-{games_done}.kepi"));
        std::fs::copy(&old, &path).unwrap();
        kill_during_migration(&path, games_done);
        assert_eq!(user_version(&path), 3, "killed after {games_done} games");
        assert_eq!(raw_commands(&path), before);
        let ar = Archive::open(&path).unwrap();
        assert_eq!(
            ar.schema_version().unwrap(),
            kepi::archive::latest_version()
        );
        assert_eq!(ar.integrity_check().unwrap(), "ok");
        let mut nodes = 0;
        for g in ar.games().unwrap() {
            nodes += ar.verify_game(g.id).unwrap();
        }
        assert_eq!(nodes, before.len());
        for (id, hash, _) in before.iter().step_by(97) {
            assert_eq!(&ar.state_at(*id).unwrap().hash(), hash);
        }
    }
}

/// Rewrite every game of the archive at `path` as schema 2 stored it: JSON snapshots at the
/// root and every 16 plies, the events of every node, the setup in the game's row, the node
/// rows of schemas 1-3, `user_version` 2.
fn rewrite_as_schema_2(path: &Path) {
    rewrite_in_old_form(path, 2);
}

/// Rewrite the archive at `path` as schema `version` (2 or 3) stored it. Both have the node
/// rows of schemas 1-3: the command as JSON text, the state hash as hex text, the phase's key,
/// `events` (schema 2: the node's events; schema 3: '') and `created`, the dice with a rowid.
/// Schema 2 also has JSON snapshots every 16 plies and the setups in the games' rows. Neither
/// has the games' rules versions (schema 5).
fn rewrite_in_old_form(path: &Path, version: i32) {
    let ar = Archive::open(path).unwrap();
    let mut snapshots: Vec<(i64, String)> = Vec::new();
    // Each node with its events, the whole hash of its state (schema 8 rows keep 8 bytes of
    // it; the old forms all 16, as hex text) and its dice (the old forms' context is JSON).
    let mut rows: Vec<(kepi::archive::NodeInfo, String, String, Vec<Roll>)> = Vec::new();
    for g in ar.games().unwrap() {
        let mut states: BTreeMap<i64, AnyState> = BTreeMap::new();
        for n in ar.nodes(g.id).unwrap() {
            let (state, events) = match n.parent {
                None => (ar.state_at(n.id).unwrap(), "[]".to_string()),
                Some(p) => {
                    let applied = replay_step(
                        &states[&p],
                        n.command.as_ref().unwrap(),
                        &ar.rolls(n.id).unwrap(),
                        &n.state_hash,
                        "node",
                    )
                    .unwrap();
                    let events = serde_json::to_string(&applied.events).unwrap();
                    (applied.state, events)
                }
            };
            if n.ply % 16 == 0 {
                snapshots.push((n.id, state.rules().snapshot(&state)));
            }
            let hash = state.hash();
            states.insert(n.id, state);
            let events = if version == 2 { events } else { String::new() };
            let rolls = ar.rolls(n.id).unwrap();
            rows.push((n, events, hash, rolls));
        }
    }
    drop(ar);
    let mut c = Connection::open(path).unwrap();
    c.pragma_update(None, "foreign_keys", "OFF").unwrap();
    let tx = c.transaction().unwrap();
    tx.execute_batch(
        "CREATE TABLE dice_old (
             node_id  INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
             seq      INTEGER NOT NULL,
             purpose  TEXT NOT NULL,
             spec     TEXT NOT NULL,
             faces    TEXT NOT NULL,
             total    INTEGER NOT NULL,
             context  TEXT NOT NULL,
             forced   INTEGER NOT NULL DEFAULT 0,
             PRIMARY KEY (node_id, seq)
         );
         ALTER TABLE games DROP COLUMN rules_version;
         DROP VIEW dice;
         DROP TABLE dice_rows;
         ALTER TABLE dice_old RENAME TO dice;
         DROP VIEW nodes_readable;
         DROP TABLE nodes;
         DROP TABLE labels;
         CREATE TABLE nodes (
             id            INTEGER PRIMARY KEY,
             game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
             parent_id     INTEGER REFERENCES nodes(id) ON DELETE CASCADE,
             sibling_order INTEGER NOT NULL DEFAULT 0,
             ply           INTEGER NOT NULL,
             command       TEXT,
             events        TEXT NOT NULL DEFAULT '[]',
             state_hash    TEXT NOT NULL,
             turn          INTEGER NOT NULL,
             phase         TEXT NOT NULL,
             player        INTEGER NOT NULL,
             dice_draws    INTEGER NOT NULL,
             name          TEXT,
             created       TEXT NOT NULL
         );
         CREATE INDEX nodes_game ON nodes(game_id, ply);
         CREATE INDEX nodes_parent ON nodes(parent_id, sibling_order);",
    )
    .unwrap();
    for (n, events, hash, rolls) in &rows {
        tx.execute(
            "INSERT INTO nodes VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
                                       '2026-01-01T00:00:00Z')",
            rusqlite::params![
                n.id,
                n.game,
                n.parent,
                n.sibling_order,
                n.ply,
                n.command.as_ref().map(|c| c.to_string()),
                events,
                hash,
                n.turn,
                n.phase,
                n.player as i64,
                n.dice_draws as i64,
                n.name
            ],
        )
        .unwrap();
        for (seq, r) in rolls.iter().enumerate() {
            tx.execute(
                "INSERT INTO dice VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                rusqlite::params![
                    n.id,
                    seq as i64,
                    r.purpose,
                    r.spec.to_string(),
                    serde_json::to_string(&r.faces).unwrap(),
                    r.total as i64,
                    r.context.to_string(),
                    r.forced as i64
                ],
            )
            .unwrap();
        }
    }
    if version == 2 {
        tx.execute("DELETE FROM snapshots", []).unwrap();
        for (id, json) in snapshots {
            tx.execute(
                "INSERT INTO snapshots (node_id, state) VALUES (?1, ?2)",
                rusqlite::params![id, json],
            )
            .unwrap();
        }
        // Schema 3's shared setups, embedded again.
        tx.execute_batch(
            "UPDATE games SET setup = (SELECT setup FROM setups WHERE hash = games.setup_hash)
             WHERE setup = '';
             ALTER TABLE games DROP COLUMN setup_hash;
             DROP TABLE setups;",
        )
        .unwrap();
    }
    tx.pragma_update(None, "user_version", version).unwrap();
    tx.commit().unwrap();
}

fn record_games(path: &Path, scenario: &str, games: u64, seed: u64) {
    let (code, out) = kepi(&[
        "autoplay",
        &format!("scenarios/{scenario}.json"),
        "--games",
        &games.to_string(),
        "--seed",
        &seed.to_string(),
        "--db",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn long_games_in_the_old_form_migrate_every_node_hash_for_hash_and_shrink() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.kepi");
    record_games(&path, "rs-02-varese", 2, 40);
    rewrite_as_schema_2(&path);
    let before = raw_nodes(&path);
    let (json, _) = snapshot_forms(&path);
    assert!(json > 10);
    let old_bytes = Archive::open_with_progress(&path, &mut |_, _| {})
        .map(|a| a.stats().unwrap())
        .unwrap();
    assert_eq!(old_bytes.json_snapshots, 0);
    // Every node opens from a compact snapshot at most SNAPSHOT_EVERY - 1 commands above it.
    let ar = Archive::open(&path).unwrap();
    for (id, hash, _) in before.iter().step_by(7) {
        assert_eq!(&ar.state_at(*id).unwrap().hash(), hash, "node {id}");
    }
    for g in ar.games().unwrap() {
        ar.verify_game(g.id).unwrap();
        // The root and every ply that is a multiple of the interval, nothing else.
        let line = ar.main_line(g.id).unwrap();
        let expected = line
            .iter()
            .filter(|n| n.ply % kepi::archive::SNAPSHOT_EVERY == 0)
            .count();
        let c = Connection::open(&path).unwrap();
        let have: i64 = c
            .query_row(
                "SELECT count(*) FROM snapshots s JOIN nodes n ON n.id = s.node_id
                 WHERE n.game_id = ?1",
                [g.id],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(have as usize, expected, "game {}", g.id);
    }
    // Compacting again changes nothing.
    let mut ar = Archive::open(&path).unwrap();
    let again = ar.compact(&mut |_, _| {}).unwrap();
    assert_eq!((again.rewritten, again.deleted), (0, 0));
    // Vacuumed, the file is far smaller than it was with JSON snapshots.
    let json_file = {
        let p = dir.path().join("json.kepi");
        record_games(&p, "rs-02-varese", 2, 40);
        rewrite_as_schema_2(&p);
        Connection::open(&p)
            .unwrap()
            .execute_batch("VACUUM")
            .unwrap();
        std::fs::metadata(&p).unwrap().len()
    };
    let (before_vacuum, after) = ar.vacuum().unwrap();
    assert!(after < before_vacuum);
    assert!(
        (after as u64) * 3 < json_file,
        "compact {after} bytes against {json_file} in the old form"
    );
}

/// Start `kepi archive stats` on an old archive (which migrates it), wait until the migration
/// reports `games_done` games compacted, and kill it (SIGKILL).
fn kill_during_migration(path: &Path, games_done: usize) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(["archive", "stats", "--db"])
        .arg(path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 256];
    let wanted = format!("game {games_done} of");
    while !seen.contains(&wanted) {
        let n = err.read(&mut buf).unwrap();
        assert!(
            n > 0,
            "kepi ended before compacting {games_done} games: {seen}"
        );
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn kill_9_during_the_migration_leaves_the_old_archive_which_then_migrates_whole() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.kepi");
    record_games(&old, "rs-09-langensalza", 6, 7);
    rewrite_as_schema_2(&old);
    let before = raw_nodes(&old);
    let forms = snapshot_forms(&old);
    for games_done in [1, 3, 5] {
        let path = dir.path().join(format!("killed-{games_done}.kepi"));
        std::fs::copy(&old, &path).unwrap();
        kill_during_migration(&path, games_done);
        // All or nothing: the migration's one transaction was rolled back.
        assert_eq!(user_version(&path), 2, "killed after {games_done} games");
        assert_eq!(snapshot_forms(&path), forms);
        assert_eq!(raw_nodes(&path), before);
        let ar = Archive::open(&path).unwrap();
        assert_eq!(ar.integrity_check().unwrap(), "ok");
        assert_eq!(snapshot_forms(&path).0, 0);
        let mut nodes = 0;
        for g in ar.games().unwrap() {
            nodes += ar.verify_game(g.id).unwrap();
        }
        assert_eq!(nodes, before.len());
    }
}

/// A game of 200 plies (snapshots at plies 0, 64, 128 and 192), and its nodes at those plies.
fn game_with_snapshots(path: &Path) -> (i64, Vec<i64>) {
    let mut ar = Archive::open(path).unwrap();
    let scenario =
        load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-02-varese.json"))
            .unwrap();
    let game = ar
        .create_game(&scenario, &serde_json::Value::Null, 9, &[])
        .unwrap();
    let mut node = ar.root(game).unwrap().id;
    let mut state = ar.state_at(node).unwrap();
    let mut player = state.rules().random_player(9);
    for _ in 0..200 {
        let cmd = player.next(&state);
        let (n, applied) = ar.play(node, &cmd, &mut VecDeque::new()).unwrap();
        node = n;
        state = applied.state;
    }
    let at: Vec<i64> = ar
        .main_line(game)
        .unwrap()
        .into_iter()
        .filter(|n| n.ply % 64 == 0)
        .map(|n| n.id)
        .collect();
    assert_eq!(at.len(), 4);
    (game, at)
}

#[test]
fn archive_check_names_the_game_and_node_of_a_damaged_or_wrong_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.kepi");
    let (game, at) = game_with_snapshots(&path);
    let db = path.to_str().unwrap();
    let (code, out) = kepi(&["archive", "check", "--db", db]);
    assert_eq!(code, 0, "{out}");
    let c = Connection::open(&path).unwrap();
    // A flipped byte inside the compressed frame of ply 128's snapshot.
    let mut blob: Vec<u8> = c
        .query_row(
            "SELECT state FROM snapshots WHERE node_id = ?1",
            [at[2]],
            |r| r.get(0),
        )
        .unwrap();
    let mid = blob.len() / 2;
    blob[mid] ^= 0x20;
    c.execute(
        "UPDATE snapshots SET state = ?2 WHERE node_id = ?1",
        rusqlite::params![at[2], blob],
    )
    .unwrap();
    // Ply 64's snapshot, well formed, copied over ply 192's: the wrong state.
    c.execute(
        "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE node_id = ?1)
         WHERE node_id = ?2",
        [at[1], at[3]],
    )
    .unwrap();
    drop(c);
    let (code, out) = kepi(&["archive", "check", "--db", db]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "game {game}, node {}: its snapshot is unreadable",
            at[2]
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "game {game}, node {}: its snapshot hashes to",
            at[3]
        )),
        "{out}"
    );
    // Those two and nothing else: replaying from the root does not need them.
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
    // Opening a node below the damaged snapshot says which one it is.
    let ar = Archive::open(&path).unwrap();
    let below = ar.children(at[2]).unwrap()[0].id;
    let err = ar.state_at(below).unwrap_err().to_string();
    assert!(
        err.contains(&format!("game {game}, node {}", at[2])),
        "{err}"
    );
}

#[test]
fn archive_stats_counts_the_rows_and_the_bytes_of_every_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.kepi");
    let (_, at) = game_with_snapshots(&path);
    let (code, out) = kepi(&["archive", "stats", "--db", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 1);
    assert_eq!(v["nodes"], 201);
    assert_eq!(v["snapshots"], at.len());
    assert_eq!(v["json_snapshots"], 0);
    let tables: Vec<&str> = v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for t in [
        "nodes",
        "dice_rows",
        "snapshots",
        "games",
        "nodes_parent",
        "labels",
    ] {
        assert!(tables.contains(&t), "{t} in {tables:?}");
    }
    let per_node = v["bytes_per_node"].as_f64().unwrap();
    assert!(per_node > 0.0 && per_node < 1000.0, "{per_node}");
}

/// The binary snapshot of Rifle & Saber states (MessagePack, named fields) restores every
/// state to its hash, fields left out while empty included.
#[test]
fn binary_snapshots_restore_every_state_of_seeded_games_to_its_hash() {
    for (id, seed) in [
        ("rs-01-fatehpur", 1),
        ("rs-08-gettysburg-picketts-charge", 2),
    ] {
        let scenario = load_scenario(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.json")),
        )
        .unwrap();
        let rules = kepi::engine::game::registry::get("rifle-and-saber").unwrap();
        let root = rules.start(&scenario, &serde_json::Value::Null).unwrap();
        let mut state = root.clone();
        let mut player = rules.random_player(seed);
        let mut live = kepi::engine::dice::SeededDice::new(seed);
        let mut n = 0;
        while !state.progress().over && n < 600 {
            let bytes = rules.snapshot_bytes(&state);
            let back = rules.restore_bytes(&root, &bytes).unwrap();
            assert_eq!(back.hash(), state.hash(), "{id} after {n} commands");
            let cmd = player.next(&state);
            state = rules.apply(&state, &cmd, &mut live).unwrap().state;
            n += 1;
        }
    }
}

/// `kepi autoplay --db` writes games in batches (one transaction each): killed part way, the
/// archive holds whole, finished games only, and `--resume` goes on from there to every seed
/// exactly once.
#[test]
fn a_batch_killed_part_way_holds_whole_games_and_resumes_from_the_last_finished_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("batch.kepi");
    let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-09-langensalza.json");
    let autoplay = |resume: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"));
        c.arg("autoplay")
            .arg(&scen)
            .args(["--games", "40", "--batch", "4", "--seed", "50", "--db"])
            .arg(&db);
        if resume {
            c.arg("--resume");
        }
        c
    };
    let mut child = autoplay(false)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Seed 57's line is printed once its game, the 8th, is played: a batch is committed by then.
    let mut out = child.stdout.take().unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 256];
    while !seen.contains("seed 57:") {
        let n = out.read(&mut buf).unwrap();
        assert!(n > 0, "autoplay ended early: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.integrity_check().unwrap(), "ok");
    let before = ar.games().unwrap();
    assert!(
        // By game 8 a batch of at most 4 games (or of the games of a second, under load) was
        // committed at least once.
        (4..40).contains(&before.len()),
        "a batch at least, not all: {}",
        before.len()
    );
    for g in &before {
        assert!(g.finished.is_some(), "game {} is whole", g.id);
        ar.verify_game(g.id).unwrap();
    }
    drop(ar);
    let out = autoplay(true).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.matches("recorded already").count(),
        before.len(),
        "{text}"
    );
    let ar = Archive::open(&db).unwrap();
    let mut seeds: Vec<u64> = ar.games().unwrap().iter().map(|g| g.seed).collect();
    seeds.sort();
    assert_eq!(seeds, (50..90).collect::<Vec<u64>>());
    for g in ar.games().unwrap() {
        ar.verify_game(g.id).unwrap();
    }
}

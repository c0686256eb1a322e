//! A damaged archive (a file truncated, overwritten in the middle, a page zeroed) is recovered
//! game by game by `kepi archive recover`: every game whose rows all survive is in the new
//! archive and replays hash for hash, identical to the original; every other game is named as
//! lost with a reason (or, when only rows after its own were lost, recovered with a warning); the
//! damaged file is never written. Which games survive is decided independently of the recovery:
//! each game's rows are looked up one by one in the damaged file and compared with the same rows
//! read before the damage. And rolling backups: made, pruned to the newest few, restored with the
//! archive that was there kept aside.

use crate::common;

use common::cli::kepi;
use common::scale::scaled;
use kepi::archive::{
    Annotation, Archive, GameId, GameTree, RecoveryReport, list_backups, restore_backup,
};
use rusqlite::Connection;
use rusqlite::types::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Six seeded games of Fatehpur recorded by `kepi autoplay --db`, an annotation with a tag on
/// the second; the archive closed (its WAL folded into the file).
fn recorded(dir: &Path) -> PathBuf {
    let path = common::cli::autoplayed(dir, 6);
    let mut ar = Archive::open(&path).unwrap();
    let games = ar.games().unwrap();
    assert_eq!(games.len(), 6);
    let node = ar.main_line(games[1].id).unwrap()[40].id;
    ar.annotate(
        node,
        &Annotation {
            text: "the sepoys hold the village".into(),
            tags: vec!["village".into()],
            ..Annotation::default_for_tests()
        },
    )
    .unwrap();
    drop(ar);
    assert!(
        !path.with_extension("kepi-wal").exists(),
        "the WAL is folded in"
    );
    path
}

/// A table's rows under one key, every column: ("table.key", key, rows).
type KeyedRows = (String, i64, Vec<Vec<Value>>);

/// What the archive held before the damage: each game's record and its rows, by table, as
/// SQLite returns them (looked up by key, the way the oracle below reads the damaged file).
struct Before {
    trees: BTreeMap<GameId, GameTree>,
    rows: BTreeMap<GameId, Vec<KeyedRows>>,
    labels: Vec<(i64, Vec<Vec<Value>>)>,
    page_size: u64,
}

/// Rows of `table` whose `key` is `k`, every column (an error when the file cannot be read).
/// A row's columns, but a node's recorded board (schema 7): recovery replays every game it
/// salvages and writes the boards again from the replayed states, so a damaged board of a game
/// that replays is no loss.
fn rows_at(c: &Connection, table: &str, key: &str, k: i64) -> rusqlite::Result<Vec<Vec<Value>>> {
    let mut st = c.prepare(&format!("SELECT * FROM {table} WHERE {key} = ?1"))?;
    let kept: Vec<usize> = (0..st.column_count())
        .filter(|&i| !(table == "nodes" && st.column_name(i).is_ok_and(|n| n == "board")))
        .collect();
    st.query_map([k], |r| {
        kept.iter().map(|&i| r.get::<_, Value>(i)).collect()
    })?
    .collect()
}

/// Every row a game is made of, as (table, key, rows): its game row, its setup, each node with
/// its dice, each annotation with its tags.
fn keys_of(c: &Connection, game: GameId) -> Vec<(String, String, i64)> {
    let mut keys = vec![("games".to_string(), "rowid".to_string(), game)];
    let setup: i64 = c
        .query_row(
            "SELECT s.rowid FROM setups s JOIN games g ON g.setup_hash = s.hash WHERE g.id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    keys.push(("setups".into(), "rowid".into(), setup));
    let nodes: Vec<i64> = c
        .prepare("SELECT id FROM nodes WHERE game_id = ?1 ORDER BY id")
        .unwrap()
        .query_map([game], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    for n in nodes {
        keys.push(("nodes".into(), "rowid".into(), n));
        keys.push(("dice_rows".into(), "node_id".into(), n));
    }
    let annotations: Vec<(i64, i64)> = c
        .prepare(
            "SELECT a.id, t.rowid FROM annotations a JOIN nodes n ON n.id = a.node_id
             LEFT JOIN annotation_tags t ON t.annotation_id = a.id WHERE n.game_id = ?1",
        )
        .unwrap()
        .query_map([game], |r| {
            Ok((r.get(0)?, r.get::<_, Option<i64>>(1)?.unwrap_or(0)))
        })
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    for (a, tag) in annotations {
        keys.push(("annotations".into(), "rowid".into(), a));
        keys.push(("annotation_tags".into(), "rowid".into(), tag));
    }
    keys
}

fn before(path: &Path) -> Before {
    let ar = Archive::open(path).unwrap();
    let trees = ar
        .games()
        .unwrap()
        .into_iter()
        .map(|g| (g.id, ar.export_game(g.id).unwrap()))
        .collect::<BTreeMap<_, _>>();
    drop(ar);
    let c = Connection::open(path).unwrap();
    let rows = trees
        .keys()
        .map(|&g| {
            let rows = keys_of(&c, g)
                .into_iter()
                .map(|(t, k, v)| {
                    let r = rows_at(&c, &t, &k, v).unwrap();
                    (format!("{t}.{k}"), v, r)
                })
                .collect();
            (g, rows)
        })
        .collect();
    let labels = c
        .prepare("SELECT id FROM labels ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get::<_, i64>(0))
        .unwrap()
        .map(|id| {
            let id = id.unwrap();
            (id, rows_at(&c, "labels", "rowid", id).unwrap())
        })
        .collect();
    let page_size = c
        .query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0))
        .unwrap() as u64;
    Before {
        trees,
        rows,
        labels,
        page_size,
    }
}

/// The pages (numbered from 1) of a table's or index's leaves, in file order.
fn leaf_pages(path: &Path, name: &str) -> Vec<u64> {
    let c = Connection::open(path).unwrap();
    c.prepare("SELECT pageno FROM dbstat WHERE name = ?1 AND pagetype = 'leaf' ORDER BY pageno")
        .unwrap()
        .query_map([name], |r| r.get::<_, i64>(0))
        .unwrap()
        .map(|p| p.unwrap() as u64)
        .collect()
}

/// The oracle: the games whose every row reads back from the damaged file as it was, or `None`
/// when a label is damaged (every game may use any label, so no game can be judged by its own
/// rows). Reads a scratch copy (SQLite may write a file it opens), never the damaged file.
fn intact_games(damaged: &Path, b: &Before, scratch: &Path) -> Option<BTreeSet<GameId>> {
    let copy = scratch.join("oracle.kepi");
    std::fs::copy(damaged, &copy).unwrap();
    // Read alone, without the WAL machinery (rollback mode in the header, immutable): a
    // damaged file's WAL locks can make every read wait.
    overwrite(&copy, 18, 2, |_| 1);
    let c = Connection::open_with_flags(
        format!("file:{}?immutable=1", copy.display()),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
    )
    .unwrap();
    // Without it SQLite refuses every read of a file shorter than its header says.
    c.pragma_update(None, "writable_schema", true).unwrap();
    let labels_intact = b
        .labels
        .iter()
        .all(|(id, rows)| rows_at(&c, "labels", "rowid", *id).ok().as_ref() == Some(rows));
    let intact = b
        .rows
        .iter()
        .filter(|(_, rows)| {
            rows.iter().all(|(tk, k, r)| {
                let (t, key) = tk.split_once('.').unwrap();
                rows_at(&c, t, key, *k).ok().as_ref() == Some(r)
            })
        })
        .map(|(g, _)| *g)
        .collect();
    drop(c);
    std::fs::remove_file(&copy).unwrap();
    labels_intact.then_some(intact)
}

/// A game record without its file-local ids: each node's parent as its index, and what the
/// node holds; annotations by their text, author, shapes and tags.
fn shape(t: &GameTree) -> serde_json::Value {
    let index: BTreeMap<i64, usize> = t.nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    serde_json::json!({
        "title": t.title, "ruleset": t.ruleset, "options": t.options, "seed": t.seed,
        "players": t.players, "notes": t.notes, "created": t.created,
        "scenario_hash": t.scenario_hash, "setup": t.setup,
        "nodes": t.nodes.iter().map(|n| serde_json::json!({
            "parent": n.parent.map(|p| index[&p]),
            "sibling_order": n.sibling_order,
            "command": n.command,
            "rolls": n.rolls,
            "state_hash": n.state_hash,
            "dice_draws": n.dice_draws,
            "name": n.name,
            "annotations": n.annotations.iter()
                .map(|a| (a.author.clone(), a.text.clone(), a.shapes.clone(), a.tags.clone()))
                .collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// Damage `path` with `damage`, recover it, and check the recovery against the oracle. The
/// games lost (by the oracle) and the report.
fn damage_and_recover(
    name: &str,
    damage: impl FnOnce(&Path, &Before),
) -> (BTreeSet<GameId>, RecoveryReport) {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let b = before(&path);
    damage(&path, &b);
    let damaged_bytes = std::fs::read(&path).unwrap();
    let intact = intact_games(&path, &b, dir.path())
        .unwrap_or_else(|| panic!("{name}: the damage chosen leaves the labels alone"));
    let harmed: BTreeSet<GameId> = b
        .trees
        .keys()
        .filter(|g| !intact.contains(g))
        .copied()
        .collect();
    assert!(
        !harmed.is_empty(),
        "{name}: the damage reaches some game's rows"
    );
    assert!(!intact.is_empty(), "{name}: some game survives the damage");

    let out = dir.path().join("recovered.kepi");
    let report = kepi::archive::recover(&path, &out, &mut |_, _| {}).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged_bytes,
        "{name}: the damaged file is not written"
    );
    assert!(!Path::new(&format!("{}-wal", path.display())).exists());
    judge(name, &b, &intact, &report, &out);
    assert!(
        !report.lost_rows.is_empty(),
        "{name}: the unreadable rows are named"
    );
    (harmed, report)
}

/// The report and the new archive against the oracle: every game named, every intact game
/// recovered identical to the original, every harmed one lost with a reason or recovered short
/// of its end with a warning; the new archive checks.
fn judge(name: &str, b: &Before, intact: &BTreeSet<GameId>, report: &RecoveryReport, out: &Path) {
    let all: BTreeSet<GameId> = b.trees.keys().copied().collect();
    let recovered: BTreeMap<GameId, _> = report.recovered.iter().map(|g| (g.id, g)).collect();
    let lost: BTreeMap<GameId, _> = report.lost.iter().map(|g| (g.id, g)).collect();
    let named: BTreeSet<GameId> = recovered.keys().chain(lost.keys()).copied().collect();
    assert_eq!(named, all, "{name}: {report:#?}");
    let ar = Archive::open(out).unwrap();
    for g in intact {
        let r = recovered
            .get(g)
            .unwrap_or_else(|| panic!("{name}: intact game {g} not recovered: {report:#?}"));
        assert_eq!(
            shape(&ar.export_game(r.new_id).unwrap()),
            shape(&b.trees[g]),
            "{name}: game {g}"
        );
    }
    for g in all.difference(intact) {
        match (lost.get(g), recovered.get(g)) {
            (Some(l), None) => assert!(!l.reason.is_empty()),
            (None, Some(r)) if r.warning.is_none() => {
                // Recovered whole: only an annotation's tag row was lost, which names no game
                // once unreadable; the report lists it by table.
                assert!(
                    report
                        .lost_rows
                        .iter()
                        .any(|l| l.table == "annotation_tags"),
                    "{name}: game {g} harmed: {report:#?}"
                );
                let untagged = |t: &GameTree| {
                    let mut v = shape(t);
                    for n in v["nodes"].as_array_mut().unwrap() {
                        for a in n["annotations"].as_array_mut().unwrap() {
                            a[3] = serde_json::Value::Null;
                        }
                    }
                    v
                };
                assert_eq!(
                    untagged(&ar.export_game(r.new_id).unwrap()),
                    untagged(&b.trees[g]),
                    "{name}: game {g}"
                );
            }
            (None, Some(r)) => {
                assert!(r.nodes < b.trees[g].nodes.len(), "{name}: game {g}");
            }
            other => panic!("{name}: game {g}: {other:?}"),
        }
    }
    let check = ar.check(&mut |_, _| {}).unwrap();
    assert_eq!(check.sqlite, "ok", "{name}");
    assert!(check.problems.is_empty(), "{name}: {:?}", check.problems);
    assert_eq!(check.games, recovered.len(), "{name}");
}

/// Overwrite `len` bytes of `path` at `offset` with `byte(i)`.
fn overwrite(path: &Path, offset: u64, len: u64, byte: impl Fn(u64) -> u8) {
    use std::io::{Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.seek(SeekFrom::Start(offset)).unwrap();
    let bytes: Vec<u8> = (0..len).map(byte).collect();
    f.write_all(&bytes).unwrap();
}

#[test]
fn a_truncated_archive_is_recovered_game_by_game() {
    damage_and_recover("truncated", |path, b| {
        let len = std::fs::metadata(path).unwrap().len();
        // Cut at a page boundary two thirds of the way in.
        let keep = len * 2 / 3 / b.page_size * b.page_size;
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .unwrap()
            .set_len(keep)
            .unwrap();
    });
}

#[test]
fn an_archive_overwritten_in_the_middle_is_recovered_game_by_game() {
    let (harmed, report) = damage_and_recover("overwritten", |path, b| {
        // Garbage (a fixed xorshift stream) over a page and a half of node rows, from the
        // middle leaf of `nodes`.
        let leaves = leaf_pages(path, "nodes");
        let page = leaves[leaves.len() / 2];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let garbage: Vec<u8> = (0..b.page_size * 3 / 2)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        overwrite(path, (page - 1) * b.page_size, garbage.len() as u64, |i| {
            garbage[i as usize]
        });
    });
    // The node rows lost are named by their ids.
    assert!(
        report.lost_rows.iter().any(|l| l.table == "nodes"),
        "{report:#?}"
    );
    assert!(!harmed.is_empty());
}

#[test]
fn an_archive_with_a_page_of_dice_zeroed_is_recovered_game_by_game() {
    let (harmed, report) = damage_and_recover("zeroed", |path, b| {
        let leaves = leaf_pages(path, "dice_rows");
        assert!(leaves.len() >= 3, "{leaves:?}");
        let page = leaves[leaves.len() / 2];
        overwrite(path, (page - 1) * b.page_size, b.page_size, |_| 0);
    });
    // A game whose dice are lost does not replay: lost, its reason saying so.
    for g in &harmed {
        let l = report
            .lost
            .iter()
            .find(|l| l.id == *g)
            .unwrap_or_else(|| panic!("game {g} lost: {report:#?}"));
        assert!(l.reason.contains("dice"), "{}", l.reason);
        assert!(l.title.is_some());
    }
    assert!(report.lost_rows.iter().all(|l| l.table == "dice_rows"));
}

#[test]
fn check_and_recover_on_the_command_line_name_the_file_and_the_games_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let db = path.to_str().unwrap();
    let (code, out) = kepi(&["archive", "check", "--db", db]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("every game replays hash for hash"), "{out}");

    let page_size: u64 = Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0))
        .unwrap() as u64;
    let leaves = leaf_pages(&path, "dice_rows");
    let page = leaves[leaves.len() / 2];
    overwrite(&path, (page - 1) * page_size, page_size, |_| 0);
    let damaged_bytes = std::fs::read(&path).unwrap();

    // Any command meeting the damage says what to do.
    let (code, out) = kepi(&["archive", "stats", "--db", db]);
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("kepi archive recover"), "{out}");

    let (code, out) = kepi(&["archive", "check", "--db", db]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("{db}: DAMAGED")), "{out}");
    assert!(out.contains("LOST"), "{out}");
    assert!(out.contains("can be recovered"), "{out}");
    assert!(
        out.contains(&format!("kepi archive recover {db} --out NEW.kepi")),
        "{out}"
    );

    let new = dir.path().join("new.kepi");
    let (code, out) = kepi(&["archive", "recover", db, "--out", new.to_str().unwrap()]);
    assert_eq!(code, 1, "games were lost: {out}");
    assert!(out.contains("LOST"), "{out}");
    assert!(out.contains("recovered ("), "{out}");
    assert!(out.contains("unreadable: dice_rows"), "{out}");
    assert_eq!(std::fs::read(&path).unwrap(), damaged_bytes);
    let (code, out) = kepi(&["archive", "check", "--db", new.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");

    // The new file is never overwritten.
    let (code, out) = kepi(&["archive", "recover", db, "--out", new.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.contains("exists already"), "{out}");
}

#[test]
fn a_healthy_archive_recovers_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let b = before(&path);
    let out = dir.path().join("copy.kepi");
    let report = kepi::archive::recover(&path, &out, &mut |_, _| {}).unwrap();
    assert!(report.nothing_lost(), "{report:#?}");
    assert_eq!(report.sqlite, "ok");
    let ar = Archive::open(&out).unwrap();
    assert_eq!(report.recovered.len(), b.trees.len());
    for r in &report.recovered {
        assert!(r.warning.is_none());
        assert_eq!(
            shape(&ar.export_game(r.new_id).unwrap()),
            shape(&b.trees[&r.id])
        );
    }
}

#[test]
fn rolling_backups_keep_the_newest_and_a_restore_keeps_the_current_archive_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let backups = dir.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    // Three older backups, and files that are not backups of this archive.
    for day in ["2026-01-01", "2026-01-02", "2026-01-03"] {
        std::fs::write(backups.join(format!("archive-{day}.kepi")), b"old").unwrap();
    }
    std::fs::write(backups.join("archive-notes.kepi"), b"keep me").unwrap();
    std::fs::write(backups.join("other-2026-01-01.kepi"), b"keep me").unwrap();

    let ar = Archive::open(&path).unwrap();
    let made = ar.rolling_backup(&backups, 2, false).unwrap().unwrap();
    // Once a day: a second call the same day makes none.
    assert_eq!(ar.rolling_backup(&backups, 2, false).unwrap(), None);
    let list = list_backups(&backups, &path).unwrap();
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(list[0].date, "2026-01-03");
    assert_eq!(list[1].path, made);
    assert!(backups.join("archive-notes.kepi").exists());
    assert!(backups.join("other-2026-01-01.kepi").exists());
    drop(ar);

    // The backup is a sound archive with every game.
    let games = |p: &Path| Archive::open(p).unwrap().games().unwrap().len();
    let copy = dir.path().join("probe.kepi");
    std::fs::copy(&made, &copy).unwrap();
    assert_eq!(games(&copy), 6);

    // A game more after the backup; restoring brings the six back and keeps the seven aside.
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-01-fatehpur.json",
        "--games",
        "1",
        "--seed",
        "90",
        "--db",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(games(&path), 7);
    let restored = restore_backup(&made, &path).unwrap();
    let aside = restored.kept_aside.unwrap();
    assert_eq!(games(&path), 6);
    assert_eq!(games(&aside), 7);

    // A file that is not a sound archive is refused, and nothing moves.
    let bad = dir.path().join("bad.kepi");
    std::fs::write(&bad, vec![7u8; 8192]).unwrap();
    let before_bytes = std::fs::read(&path).unwrap();
    assert!(restore_backup(&bad, &path).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), before_bytes);

    // On the command line: backup (made again today), the list, restore.
    let db = path.to_str().unwrap();
    let dirs = backups.to_str().unwrap();
    let (code, out) = kepi(&[
        "archive", "backup", "--db", db, "--dir", dirs, "--keep", "2",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("backed up to"), "{out}");
    let (code, out) = kepi(&["archive", "backup", "--db", db, "--dir", dirs, "--if-due"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("there already"), "{out}");
    let (code, out) = kepi(&["archive", "backups", "--db", db, "--dir", dirs]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
    let (code, out) = kepi(&["archive", "restore", made.to_str().unwrap(), "--db", db]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("is kept as"), "{out}");
}

/// A process that dies leaves its last commits in the WAL beside the file: the recovery copies
/// the WAL with the file, so they are recovered too.
#[test]
fn the_commits_still_in_the_wal_are_recovered() {
    let dir = tempfile::tempdir().unwrap();
    let path = recorded(dir.path());
    let mut ar = Archive::open(&path).unwrap();
    let game = ar.games().unwrap()[0].id;
    let node = ar.main_line(game).unwrap()[10].id;
    ar.annotate(
        node,
        &Annotation {
            text: "written just before the crash".into(),
            ..Annotation::default_for_tests()
        },
    )
    .unwrap();
    // The files as a crash would leave them, copied while the handle is open.
    let crashed = dir.path().join("crashed");
    std::fs::create_dir_all(&crashed).unwrap();
    let file = crashed.join("archive.kepi");
    std::fs::copy(&path, &file).unwrap();
    let wal = format!("{}-wal", path.display());
    assert!(Path::new(&wal).exists(), "the annotation is in the WAL");
    std::fs::copy(&wal, crashed.join("archive.kepi-wal")).unwrap();
    drop(ar);

    let out = dir.path().join("recovered.kepi");
    let report = kepi::archive::recover(&file, &out, &mut |_, _| {}).unwrap();
    assert!(report.nothing_lost(), "{report:#?}");
    let ar = Archive::open(&out).unwrap();
    let new = report
        .recovered
        .iter()
        .find(|g| g.id == game)
        .unwrap()
        .new_id;
    let texts: Vec<String> = ar
        .export_game(new)
        .unwrap()
        .nodes
        .iter()
        .flat_map(|n| n.annotations.iter().map(|a| a.text.clone()))
        .collect();
    assert_eq!(texts, vec!["written just before the crash".to_string()]);
}

/// Seeded damage anywhere after the first page (a truncation, a page zeroed, garbage over one to
/// three pages from anywhere in a page): the recovery never panics and never writes the damaged
/// file; it either refuses, naming the file (nothing written), or recovers every game whose rows
/// all survive and names every other, as the oracle says.
#[test]
fn seeded_damage_anywhere_after_the_first_page_never_loses_an_intact_game() {
    let dir = tempfile::tempdir().unwrap();
    let pristine = recorded(dir.path());
    let b = before(&pristine);
    let pages = std::fs::metadata(&pristine).unwrap().len() / b.page_size;
    let mut judged = 0;
    for seed in 0..scaled(8) {
        let name = format!("seed {seed}");
        let case = dir.path().join(format!("case-{seed}"));
        std::fs::create_dir_all(&case).unwrap();
        let path = case.join("archive.kepi");
        std::fs::copy(&pristine, &path).unwrap();
        let mut x = 0x2545_F491_4F6C_DD1D ^ (seed + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        // A page from 2 to the last.
        let page = 2 + next() % (pages - 1);
        let at = (page - 1) * b.page_size;
        let what = match next() % 3 {
            0 => {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .unwrap()
                    .set_len(at)
                    .unwrap();
                format!("truncated before page {page}")
            }
            1 => {
                overwrite(&path, at, b.page_size, |_| 0);
                format!("page {page} zeroed")
            }
            _ => {
                let start = at + next() % b.page_size;
                let len = (b.page_size * (1 + next() % 3)).min(pages * b.page_size - start);
                let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
                overwrite(&path, start, len, |i| bytes[i as usize]);
                format!("{len} bytes of garbage at {start}")
            }
        };
        let name = format!("{name} ({what})");
        eprintln!("{name}");
        let damaged_bytes = std::fs::read(&path).unwrap();
        let out = case.join("recovered.kepi");
        let recovered = kepi::archive::recover(&path, &out, &mut |_, _| {});
        assert_eq!(std::fs::read(&path).unwrap(), damaged_bytes, "{name}");
        match recovered {
            Err(e) => {
                assert!(!out.exists(), "{name}: {e}");
                assert!(
                    e.to_string().contains(&path.display().to_string()),
                    "{name}: {e}"
                );
            }
            Ok(report) => {
                if let Some(intact) = intact_games(&path, &b, &case) {
                    judge(&name, &b, &intact, &report, &out);
                    judged += 1;
                }
            }
        }
    }
    assert!(
        judged > 0,
        "some seeded damage was judged against the oracle"
    );
}

//! Batches of games beyond autoplay (issue 16): `kepi balance --db` records its games in
//! batches with the same report, resumes after a kill -9 from its last finished game, and
//! `kepi import-game` takes several records in batches, stopping at a bad one with its name
//! and going on with `--resume`.

use crate::common;

use common::cli::kepi;
use kepi::archive::Archive;
use rusqlite::Connection;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

const LRT: &str = "scenarios/rs-07-gettysburg-little-round-top.json";

fn report_of(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn games_in(path: &Path) -> i64 {
    Connection::open(path)
        .and_then(|c| c.query_row("SELECT count(*) FROM games", [], |r| r.get(0)))
        .unwrap_or(0)
}

#[test]
fn balance_with_db_records_every_game_with_the_same_report_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("balance.kepi");
    let db_s = db.to_str().unwrap();
    let (code, plain) = kepi(&["balance", LRT, "--games", "4", "--json"]);
    assert_eq!(code, 0, "{plain}");
    let (code, recorded) = kepi(&[
        "balance", LRT, "--games", "4", "--json", "--db", db_s, "--batch", "3",
    ]);
    assert_eq!(code, 0, "{recorded}");
    assert_eq!(report_of(&recorded), report_of(&plain));
    // 4 games at the level and 4 at random, whole, each replaying hash for hash.
    let ar = Archive::open(&db).unwrap();
    let games = ar.games().unwrap();
    assert_eq!(games.len(), 8);
    for g in &games {
        assert!(g.finished.is_some());
        ar.verify_game(g.id).unwrap();
    }
    assert_eq!(
        games[0].players,
        ["standard (seed 2)", "standard (seed 3)"],
        "players named by level and seed"
    );
    assert_eq!(games[1].players, ["standard (seed 3)", "standard (seed 2)"]);
    drop(ar);
    // Resumed, every game is read back: the same report, nothing written.
    let (code, again) = kepi(&[
        "balance", LRT, "--games", "4", "--json", "--db", db_s, "--resume",
    ]);
    assert_eq!(code, 0, "{again}");
    assert_eq!(report_of(&again), report_of(&plain));
    assert_eq!(games_in(&db), 8);
}

#[test]
fn a_balance_killed_part_way_keeps_whole_games_and_resumes_to_the_same_report() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("killed.kepi");
    let db_s = db.to_str().unwrap();
    let args = [
        "balance", LRT, "--games", "8", "--json", "--batch", "2", "--db", db_s,
    ];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill once two batches are in the file, before the 16 games are.
    let start = Instant::now();
    while games_in(&db) < 4 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no batch written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.integrity_check().unwrap(), "ok");
    let kept = ar.games().unwrap();
    assert!(
        (4..16).contains(&kept.len()),
        "killed part way: {}",
        kept.len()
    );
    for g in &kept {
        assert!(g.finished.is_some(), "game {} is whole", g.id);
        ar.verify_game(g.id).unwrap();
    }
    drop(ar);
    let mut resumed: Vec<&str> = args.to_vec();
    resumed.push("--resume");
    let (code, out) = kepi(&resumed);
    assert_eq!(code, 0, "{out}");
    let (_, plain) = kepi(&["balance", LRT, "--games", "8", "--json"]);
    assert_eq!(report_of(&out), report_of(&plain));
    assert_eq!(games_in(&db), 16, "every game once");
}

#[test]
fn several_game_records_import_in_batches_stop_at_a_bad_one_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("from.kepi");
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-09-langensalza.json",
        "--games",
        "5",
        "--seed",
        "30",
        "--db",
        from.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    let mut files = Vec::new();
    for g in 1..=5 {
        let f = dir.path().join(format!("game{g}.json"));
        let (code, out) = kepi(&[
            "export-game",
            "--db",
            from.to_str().unwrap(),
            "--game",
            &g.to_string(),
            "--out",
            f.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{out}");
        files.push(f.to_str().unwrap().to_string());
    }
    // The fourth record tampered with: a state hash that its commands do not reach.
    let bad = dir.path().join("bad.json");
    let text = std::fs::read_to_string(&files[3]).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let nodes = v["nodes"].as_array_mut().unwrap();
    let last = nodes.len() - 1;
    nodes[last]["state_hash"] = Value::from("0".repeat(32));
    std::fs::write(&bad, serde_json::to_string(&v).unwrap()).unwrap();
    let to = dir.path().join("to.kepi");
    let to_s = to.to_str().unwrap();
    let mut args = vec!["import-game", "--db", to_s, "--batch", "2"];
    let with_bad = [
        files[0].as_str(),
        files[1].as_str(),
        files[2].as_str(),
        bad.to_str().unwrap(),
        files[4].as_str(),
    ];
    args.extend(with_bad);
    let (code, out) = kepi(&args);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("bad.json") && out.contains("nothing of it was imported"),
        "{out}"
    );
    assert_eq!(games_in(&to), 3, "the games before the bad record");
    // Resumed with the good record: the three are skipped, the last two imported.
    let mut args = vec!["import-game", "--db", to_s, "--batch", "2", "--resume"];
    args.extend(files.iter().map(|s| s.as_str()));
    let (code, out) = kepi(&args);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches("imported already").count(), 4, "{out}");
    assert!(
        out.contains("2 game(s) imported, 3 imported already"),
        "{out}"
    );
    let a = Archive::open(&from).unwrap();
    let b = Archive::open(&to).unwrap();
    let games = b.games().unwrap();
    assert_eq!(games.len(), 5);
    for (x, y) in a.games().unwrap().iter().zip(&games) {
        assert_eq!(x.seed, y.seed);
        assert_eq!(b.verify_game(y.id).unwrap(), a.nodes(x.id).unwrap().len());
        assert_eq!(
            b.tip(y.id).unwrap().state_hash,
            a.tip(x.id).unwrap().state_hash
        );
    }
}

/// Schema 4's search index keys its rows so that re-indexing or deleting one is a look-up by
/// rowid, never a scan: a game's row is `-id`, an annotation's its id. Editing and deleting
/// annotations (directly or with their node) leaves no stale row behind.
#[test]
fn search_rows_are_keyed_by_game_and_annotation_and_none_go_stale() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("search.kepi");
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-09-langensalza.json",
        "--games",
        "2",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    let mut ar = Archive::open(&db).unwrap();
    let line = ar.main_line(1).unwrap();
    let note = |text: &str, tag: &str| kepi::archive::Annotation {
        text: text.into(),
        tags: vec![tag.into()],
        ..kepi::archive::Annotation::default_for_tests()
    };
    let a = ar
        .annotate(line[10].id, &note("a charge", "cavalry"))
        .unwrap();
    let b = ar
        .annotate(line[40].id, &note("the volley", "fire"))
        .unwrap();
    let c = ar
        .annotate(line[60].id, &note("a retreat", "rout"))
        .unwrap();
    ar.edit_annotation(a, &note("a flank charge", "cavalry"))
        .unwrap();
    ar.delete_annotation(b).unwrap();
    // Deleting the variation from node 50 deletes annotation c with its node.
    ar.delete_variation(line[50].id).unwrap();
    ar.set_title(2, "renamed").unwrap();
    let rows: Vec<(i64, i64, Option<i64>)> = Connection::open(&db)
        .unwrap()
        .prepare("SELECT rowid, game_id, annotation_id FROM search ORDER BY rowid")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(rows, [(-2, 2, None), (-1, 1, None), (a, 1, Some(a))]);
    assert!(rows.iter().all(|r| r.0 != b && r.0 != c));
    let hits = |text: &str| {
        ar.search(&kepi::archive::SearchQuery {
            text: text.into(),
            ..Default::default()
        })
        .unwrap()
        .len()
    };
    assert_eq!(hits("flank"), 1);
    assert_eq!(hits("volley"), 0);
    assert_eq!(hits("retreat"), 0);
    assert_eq!(hits("renamed"), 1);
}

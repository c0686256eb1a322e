//! Several `kepi` processes writing one archive at once (issue 11): started together on a file
//! that does not exist yet, they race to create the schema and then interleave their write
//! transactions command by command. None may fail ("database is locked", "table games already
//! exists"), and every game they wrote must be whole and replay.

use kepi::archive::Archive;
use std::path::Path;
use std::process::{Command, Stdio};

const WRITERS: u64 = 4;
const GAMES_EACH: u64 = 2;

#[test]
fn several_autoplay_processes_share_one_new_archive() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.kepi");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-01-fatehpur.json");
    let children: Vec<_> = (0..WRITERS)
        .map(|k| {
            Command::new(env!("CARGO_BIN_EXE_kepi"))
                .arg("autoplay")
                .arg(&scenario)
                .arg("--db")
                .arg(&db)
                .args(["--games", &GAMES_EACH.to_string()])
                .args(["--seed", &(100 * k + 1).to_string()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start kepi")
        })
        .collect();
    for (k, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "writer {k} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.integrity_check().unwrap(), "ok");
    let games = ar.games().unwrap();
    assert_eq!(games.len() as u64, WRITERS * GAMES_EACH);
    let mut seeds: Vec<u64> = games.iter().map(|g| g.seed).collect();
    seeds.sort_unstable();
    let mut expected: Vec<u64> = (0..WRITERS)
        .flat_map(|k| (0..GAMES_EACH).map(move |g| 100 * k + 1 + g))
        .collect();
    expected.sort_unstable();
    assert_eq!(seeds, expected, "each process's games, once each");
    for g in &games {
        assert!(g.finished.is_some(), "game {} is finished", g.id);
        let nodes = ar.verify_game(g.id).unwrap();
        assert!(nodes > 1, "game {} has its commands", g.id);
        let tip = ar.tip(g.id).unwrap();
        assert!(
            ar.state_at(tip.id).unwrap().progress().over,
            "game {} replays to its end",
            g.id
        );
    }
}

/// The same race on the schema alone: many handles of one process opening a new file at once.
#[test]
fn threads_opening_a_new_archive_at_once_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("new.kepi");
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let db = db.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                Archive::open(&db).map(|a| a.schema_version().unwrap())
            })
        })
        .collect();
    for h in handles {
        let v = h.join().unwrap().expect("open");
        assert_eq!(v, kepi::archive::latest_version());
    }
}

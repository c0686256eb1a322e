//! Issue 37, "a test changes a rule on purpose": games recorded under Rifle & Saber rules 1
//! are opened after one cell of the Combat Results Table changed (rules 2, a test build's
//! `test_rules_change`). Every node still opens and shows the board as recorded, the first
//! difference is named, `kepi archive check` calls the games readable, `kepi replay` says
//! "recorded under … rules 1; from game-turn N today's rules 2 read this differently", and
//! "replay under today's rules" adds a variation without touching the record.
//!
//! Its own test binary: turning the change on is process-wide.

mod common;

use common::cli::kepi;
use kepi::archive::board_patch::{diff, diff_boards};
use kepi::archive::{Archive, GameTree};
use kepi::engine::counters::Board;
use kepi::engine::rifle_and_saber::test_rules_change;
use std::collections::BTreeMap;

const GAMES: u32 = 8;

/// Every main-line node's board, by game, as today's engine draws it.
fn boards(ar: &Archive) -> BTreeMap<i64, Vec<(i64, Board)>> {
    let mut out = BTreeMap::new();
    // A new archive numbers its games from 1.
    for g in 1..=GAMES as i64 {
        let line = ar.main_line(g).unwrap();
        let bs = line
            .iter()
            .map(|n| {
                let s = ar.state_at(n.id).unwrap();
                (n.id, s.rules().board(&s))
            })
            .collect();
        out.insert(g, bs);
    }
    out
}

#[test]
fn games_recorded_under_an_older_rules_version_open_at_every_node() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("a.kepi");
    let dbs = db.display().to_string();
    let games = GAMES.to_string();
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-01-fatehpur.json",
        "--games",
        &games,
        "--db",
        &dbs,
    ]);
    assert_eq!(code, 0, "{out}");

    // Recorded under rules 1: the boards as played.
    let ar = Archive::open(&db).unwrap();
    let recorded = boards(&ar);
    assert_eq!(recorded.len(), GAMES as usize);
    // The typed patch is the patch of the JSON forms (board_patch's invariant).
    for line in recorded.values() {
        for w in line.windows(2) {
            let json = |b: &Board| serde_json::to_value(b).unwrap();
            assert_eq!(
                diff_boards(&w[0].1, &w[1].1),
                diff(&json(&w[0].1), &json(&w[1].1))
            );
        }
    }
    // Game files written now, under rules 1, carry the boards as recorded.
    let trees: Vec<GameTree> = (1..=GAMES as i64)
        .map(|g| GameTree::from_text(&ar.export_game(g).unwrap().to_text()).unwrap())
        .collect();
    assert!(
        trees[0].nodes[1..]
            .iter()
            .all(|n| n.board.is_some() && n.turn.is_some())
    );
    drop(ar);

    test_rules_change::turn_on();
    let mut ar = Archive::open(&db).unwrap();
    let mut parted_games = Vec::new();
    for (g, line) in &recorded {
        let mut parted = None;
        for (id, board) in line {
            let opened = ar
                .open_node(*id)
                .unwrap_or_else(|e| panic!("node {id}: {e}"));
            let shown = match (&opened.state, &opened.recorded) {
                (Some(s), None) => s.rules().board(s),
                (None, Some(r)) => {
                    parted.get_or_insert(r.parted_at.id);
                    assert!(!r.difference.is_empty());
                    r.board.clone()
                }
                _ => panic!("node {id} opened both ways or neither"),
            };
            assert_eq!(&shown, board, "game {g}, node {id}: the board as recorded");
        }
        if let Some(p) = parted {
            parted_games.push((*g, p, line.last().unwrap().0));
        }
    }
    assert!(
        !parted_games.is_empty(),
        "no game of {GAMES} met the changed cell (1-1, a roll of 6)"
    );

    // The first parting is named: a unit, its values as recorded and today.
    let (g, parted, tip) = parted_games[0];
    let r = ar
        .open_node(parted)
        .unwrap()
        .recorded
        .expect("shown as recorded");
    assert_eq!(r.parted_at.id, parted);
    assert!(
        r.difference.contains("recorded") && r.difference.contains("today"),
        "{}",
        r.difference
    );
    let p = ar.game_parting(g).unwrap().expect("the game parts");
    assert_eq!(p.node, parted);

    // `kepi archive check`: readable, not a problem.
    let report = ar.check(&mut |_, _| {}).unwrap();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(report.shown_as_recorded.len(), parted_games.len());
    assert!(
        report.shown_as_recorded[0].contains("recorded under Rifle & Saber rules 1")
            && report.shown_as_recorded[0].contains("today's rules 2"),
        "{}",
        report.shown_as_recorded[0]
    );

    // Replay under today's rules: a variation beside the record, which stays as it was.
    let line_before: Vec<i64> = ar.main_line(g).unwrap().iter().map(|n| n.id).collect();
    let v = ar.replay_under_today(tip).unwrap();
    assert!(v.played >= 1);
    let first = ar.node(v.first).unwrap();
    assert_eq!(
        first.parent, r.parted_at.parent,
        "from the line's first parting"
    );
    assert_eq!(first.name.as_deref(), Some("today's rules"));
    assert_eq!(first.rules_version, Some(2));
    assert!(first.sibling_order > 0, "the record stays the main line");
    let line_after: Vec<i64> = ar.main_line(g).unwrap().iter().map(|n| n.id).collect();
    assert_eq!(line_before, line_after);
    let last = ar.open_node(v.last).unwrap();
    assert!(last.state.is_some() && last.recorded.is_none());
    assert!(ar.open_node(parted).unwrap().recorded.is_some());
    drop(ar);

    // The game files import under today's rules: every node kept, shown as recorded from where
    // they part, the boards as they were played.
    let mut fresh = Archive::open(&d.path().join("imported.kepi")).unwrap();
    for (i, tree) in trees.iter().enumerate() {
        let h = fresh
            .import_game(tree)
            .unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        let line = fresh.main_line(h).unwrap();
        let was = &recorded[&(i as i64 + 1)];
        assert_eq!(line.len(), was.len());
        for (n, (_, board)) in line.iter().zip(was) {
            let o = fresh.open_node(n.id).unwrap();
            let shown = match (&o.state, &o.recorded) {
                (Some(s), _) => s.rules().board(s),
                (None, Some(r)) => r.board.clone(),
                _ => unreachable!(),
            };
            assert_eq!(&shown, board, "imported game {h}, node {}", n.id);
        }
    }
    // A file whose recorded board does not fit is refused, and nothing is written.
    let mut bad = trees[(g - 1) as usize].clone();
    let k = bad
        .nodes
        .iter()
        .rposition(|n| {
            n.board
                .as_ref()
                .is_some_and(|b| b.as_object().is_some_and(|m| !m.is_empty()))
        })
        .unwrap();
    bad.nodes[k].board = Some(serde_json::json!({"@0": {"#9999": {"@1": "0101"}}}));
    let before = fresh.stats().unwrap().games;
    let err = fresh.import_game(&bad).unwrap_err().to_string();
    assert!(
        err.contains("its board") && err.contains("index 9999"),
        "{err}"
    );
    assert_eq!(fresh.stats().unwrap().games, before);
    drop(fresh);

    // The CLI, in a process with the change on through its variable.
    let node = parted.to_string();
    let (code, out) = kepi_with_change(&["replay", "--db", &dbs, "--node", &node]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("recorded under Rifle & Saber rules 1; from game-turn")
            && out.contains("today's rules 2 read this differently"),
        "{out}"
    );
    let (code, out) = kepi_with_change(&["archive", "check", "--db", &dbs]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("readable: game"), "{out}");
    // Without the change (today's rules are rules 1 again) the record replays hash for hash.
    // Its variation, played under rules 2, is shown as recorded there.
    let (code, out) = kepi(&["archive", "check", "--db", &dbs]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("recorded under rules 2") && out.contains("today's rules 1"),
        "{out}"
    );

    // `kepi state` of a game file of the plain form (no boards kept): shown as far as both
    // rules read it alike, the parting named, exit 1 (not the position asked for).
    let saved = d.path().join("saved");
    let saved_s = saved.display().to_string();
    let (code, out) = kepi(&[
        "autoplay",
        "scenarios/rs-01-fatehpur.json",
        "--games",
        &games,
        "--save",
        &saved_s,
    ]);
    assert_eq!(code, 0, "{out}");
    let mut notes = 0;
    for f in std::fs::read_dir(&saved).unwrap() {
        let f = f.unwrap().path().display().to_string();
        let (code, out) = kepi_with_change(&["state", &f]);
        if code == 0 {
            continue;
        }
        notes += 1;
        assert!(
            out.contains("recorded under Rifle & Saber rules 1; from command")
                && out.contains("today's rules 2 read it differently")
                && out.contains("Fatehpur — game-turn"),
            "{out}"
        );
    }
    assert!(notes > 0, "no saved game met the changed cell");
}

fn kepi_with_change(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .env("KEPI_TEST_RULES_CHANGE", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run kepi");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

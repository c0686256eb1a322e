//! The archive: recording, replay, branches, annotations, search, migration, foreign files,
//! export/import, and crash safety (kill -9 of a real `kepi` process).

use kepi::archive::{Annotation, Archive, ArchiveError, SearchQuery, Shape};
use kepi::engine::dice::SeededDice;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::autoplay::Policy;
use kepi::engine::rifle_and_saber::state::Phase;
use kepi::engine::{RifleAndSaber, Ruleset};

/// Rifle & Saber's default options, as the archive stores them.
fn opts() -> serde_json::Value {
    serde_json::to_value(GameOptions::default()).unwrap()
}
use kepi::library::load_scenario;
use kepi::scenario::Scenario;
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};

fn scenario(id: &str) -> Scenario {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.json"));
    load_scenario(&p).unwrap_or_else(|p| panic!("{p}"))
}

/// Play `plies` policy commands (or to the end) after `node`, recording each.
fn play_on(ar: &mut Archive, mut node: i64, seed: u64, plies: usize) -> i64 {
    let mut state = ar.state_at(node).unwrap();
    let mut policy = state.rules().random_player(seed);
    for _ in 0..plies {
        if state.progress().over {
            break;
        }
        let cmd = policy.next(&state);
        let (n, applied) = ar.play(node, &cmd, &mut VecDeque::new()).unwrap();
        node = n;
        state = applied.state;
    }
    node
}

fn play_on_root(ar: &mut Archive, game: i64, seed: u64, plies: usize) -> i64 {
    let root = ar.root(game).unwrap().id;
    play_on(ar, root, seed, plies)
}

fn tmp() -> (tempfile::TempDir, PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("archive.kepi");
    (d, p)
}

#[test]
fn a_long_game_with_branches_and_annotations_round_trips_through_a_file() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let game = ar
        .create_game(
            &scenario("rs-01-fatehpur"),
            &opts(),
            11,
            &["Ann".into(), "Bob".into()],
        )
        .unwrap();
    let root = ar.root(game).unwrap().id;
    let tip = play_on(&mut ar, root, 11, 400);
    let line = ar.main_line(game).unwrap();
    assert!(line.len() > 300);
    // A variation from the middle, played on with another policy.
    let fork = line[150].id;
    let var = play_on(&mut ar, fork, 99, 60);
    assert_ne!(var, tip);
    ar.name_variation(ar.path_to(var).unwrap()[151].id, "what if they held")
        .unwrap();
    // A forced-die branch at the first node that rolled.
    let rolled = line
        .iter()
        .find(|n| !ar.rolls(n.id).unwrap().is_empty())
        .expect("some command rolled dice")
        .id;
    let original = ar.rolls(rolled).unwrap()[0].faces[0];
    let face = if original == 6 { 1 } else { 6 };
    let (forced, _) = ar
        .branch_forced(rolled, BTreeMap::from([(0, vec![face])]), Some("a six"))
        .unwrap();
    let r = ar.rolls(forced).unwrap();
    assert_eq!(r[0].faces, vec![face]);
    assert!(r[0].forced, "a forced roll is recorded as forced");
    // Annotations with shapes and tags.
    let note = Annotation {
        author: "Ann".into(),
        text: "The *Sepoy* cavalry **charges** here.".into(),
        shapes: vec![
            Shape::Arrow {
                from: "1519".parse().unwrap(),
                to: "1318".parse().unwrap(),
                color: "#c0392b".into(),
            },
            Shape::Highlight {
                hex: "1318".parse().unwrap(),
                color: "#f1c40f".into(),
            },
        ],
        tags: vec!["Charge".into(), "turning-point".into()],
        ..Annotation::default_for_tests()
    };
    let a1 = ar.annotate(line[200].id, &note).unwrap();
    ar.annotate(
        var,
        &Annotation {
            text: "variation note".into(),
            ..note.clone()
        },
    )
    .unwrap();
    let mut edited = ar.annotation(a1).unwrap();
    edited.text = "The Sepoy cavalry charges here, and fails.".into();
    ar.edit_annotation(a1, &edited).unwrap();
    assert_eq!(ar.annotation(a1).unwrap().tags, ["charge", "turning-point"]);

    let nodes_before = ar.nodes(game).unwrap().len();
    assert_eq!(ar.verify_game(game).unwrap(), nodes_before);
    // Export, import into a new archive: the same tree, hashes and notes.
    let tree = ar.export_game(game).unwrap();
    let text = tree.to_text();
    let (_d2, path2) = tmp();
    let mut other = Archive::open(&path2).unwrap();
    let back = other
        .import_game(&kepi::archive::GameTree::from_text(&text).unwrap())
        .unwrap();
    let again = other.export_game(back).unwrap();
    assert_eq!(again.nodes.len(), nodes_before);
    let hashes = |t: &kepi::archive::GameTree| {
        t.nodes
            .iter()
            .map(|n| (n.state_hash.clone(), n.sibling_order, n.name.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(hashes(&again), hashes(&tree));
    let notes = |t: &kepi::archive::GameTree| {
        t.nodes
            .iter()
            .flat_map(|n| {
                n.annotations
                    .iter()
                    .map(|a| (a.text.clone(), a.tags.clone(), a.shapes.clone()))
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(notes(&again), notes(&tree));
    assert_eq!(other.verify_game(back).unwrap(), nodes_before);
    let tip_state = other.state_at(other.tip(back).unwrap().id).unwrap();
    assert_eq!(tip_state.hash(), ar.state_at(tip).unwrap().hash());
    // The rules version the game was played under travels with it: today's, recorded at the
    // start, written in the file and kept by the import; a file from before versions (no
    // field) is read as the first, and a version the file states is kept as it is.
    assert_eq!(
        ar.game(game).unwrap().rules_version,
        RifleAndSaber.rules_version()
    );
    assert!(
        text.contains("\"rules_version\": 1"),
        "the game tree states it"
    );
    assert_eq!(other.game(back).unwrap().rules_version, tree.rules_version);
    let older = text.replace("\"rules_version\": 1,", "");
    assert_eq!(
        kepi::archive::GameTree::from_text(&older)
            .unwrap()
            .rules_version,
        1
    );
    let mut later = tree.clone();
    later.rules_version = 7;
    let kept = other.import_game(&later).unwrap();
    assert_eq!(other.game(kept).unwrap().rules_version, 7);

    // A record whose hashes do not match is refused, and nothing is written.
    let mut bad = tree.clone();
    bad.nodes[40].state_hash = "0".repeat(32);
    let games_before = other.games().unwrap().len();
    let err = other.import_game(&bad).unwrap_err();
    assert!(matches!(err, ArchiveError::Replay(_)), "{err}");
    assert_eq!(other.games().unwrap().len(), games_before);

    // Promote the named variation, then delete it.
    let fork_child = ar.path_to(var).unwrap()[151].id;
    ar.promote(fork_child).unwrap();
    assert_eq!(ar.main_line(game).unwrap()[151].id, fork_child);
    ar.delete_variation(fork_child).unwrap();
    // The 60 nodes of that variation are gone; the forced branch beside it stays.
    assert_eq!(ar.verify_game(game).unwrap(), nodes_before - 60);
}

#[test]
fn replay_from_the_archive_equals_live_play_for_many_seeds() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let sc = scenario("rs-11-mars-la-tour");
    for seed in 0..8 {
        let game = ar.create_game(&sc, &opts(), seed, &[]).unwrap();
        let tip = play_on_root(&mut ar, game, seed, 100_000);
        // The same game played live, with the same dice and policy.
        let mut live = RifleAndSaber.start(&sc, &GameOptions::default()).unwrap();
        let mut dice = SeededDice::new(seed);
        let mut policy = Policy::new(seed);
        while live.phase != Phase::Over {
            let c = policy.next(&live);
            live = RifleAndSaber.apply(&live, &c, &mut dice).unwrap().0;
        }
        // A fresh handle: no cache, the state comes from snapshots and recorded dice.
        let fresh = Archive::open(&path).unwrap();
        assert_eq!(
            fresh.state_at(tip).unwrap().hash(),
            live.hash(),
            "seed {seed}"
        );
        assert!(fresh.game(game).unwrap().finished.is_some());
    }
}

#[test]
fn any_node_opens_from_the_nearest_snapshot() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let game = ar
        .create_game(&scenario("rs-02-varese"), &opts(), 5, &[])
        .unwrap();
    play_on_root(&mut ar, game, 5, 300);
    let line = ar.main_line(game).unwrap();
    let fresh = Archive::open(&path).unwrap();
    for n in line.iter().step_by(37) {
        // The row keeps the hash's first 8 bytes (schema 8).
        let hash = fresh.state_at(n.id).unwrap().hash();
        assert_eq!(n.state_hash.len(), 16);
        assert!(hash.starts_with(&n.state_hash), "node {}", n.id);
    }
    let t3 = fresh.find_on_main_line(game, 3, Some("movement")).unwrap();
    assert_eq!(t3.turn, 3);
    assert_eq!(t3.phase, "movement");
}

/// Schema 8's forms: a row keeps the first 8 bytes of its state hash and a roll's context in
/// the commands' binary form; both read back to what the engine makes (the context equal to
/// the roll's, which replaying checks), and a context that does not decode is an error naming
/// the roll, never a guess.
#[test]
fn rows_keep_8_bytes_of_the_hash_and_a_binary_roll_context() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let game = ar
        .create_game(&scenario("rs-02-varese"), &opts(), 5, &[])
        .unwrap();
    play_on_root(&mut ar, game, 5, 400);
    assert_eq!(ar.verify_game(game).unwrap(), ar.nodes(game).unwrap().len());
    drop(ar);
    let c = rusqlite::Connection::open(&path).unwrap();
    let (nodes, short, contexts, binary): (i64, i64, i64, i64) = c
        .query_row(
            "SELECT (SELECT count(*) FROM nodes), (SELECT count(*) FROM nodes
                     WHERE typeof(state_hash) = 'blob' AND length(state_hash) = 8),
                    (SELECT count(*) FROM dice_rows),
                    (SELECT count(*) FROM dice_rows WHERE typeof(context) = 'blob')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(short, nodes);
    assert!(contexts > 0, "the game rolled dice");
    assert_eq!(binary, contexts);
    // A context with a label the archive does not hold.
    let (node, purpose): (i64, String) = c
        .query_row(
            "SELECT node_id, purpose FROM dice ORDER BY node_id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    c.execute(
        "UPDATE dice_rows SET context = X'06FF7F' WHERE node_id = ?1 AND seq = 0",
        [node],
    )
    .unwrap();
    drop(c);
    let ar = Archive::open(&path).unwrap();
    let e = ar.rolls(node).unwrap_err().to_string();
    assert!(
        e.contains(&format!("the context of a {purpose} roll does not read")),
        "{e}"
    );
}

#[test]
fn the_first_schema_migrates_forward_keeping_the_games() {
    // A schema 1 archive as an older Kepi wrote it (tests/archive_compaction.rs says how).
    let (_d, path) = tmp();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/archive/schema1-json-snapshots.kepi"),
        &path,
    )
    .unwrap();
    {
        let v1 = Archive::create_at_version(&path, 1).unwrap();
        assert_eq!(v1.schema_version().unwrap(), 1);
    }
    let mut ar = Archive::open(&path).unwrap();
    assert_eq!(
        ar.schema_version().unwrap(),
        kepi::archive::latest_version()
    );
    let game = ar.games().unwrap()[0].id;
    assert_eq!(ar.verify_game(game).unwrap(), 102);
    // Recorded before games kept their rules version: read as the first.
    assert_eq!(ar.game(game).unwrap().rules_version, 1);
    // Schema 2 features work on the migrated game; the search index was filled.
    ar.set_notes(game, "Prentiss holds the Hornets' Nest")
        .unwrap();
    let hits = ar
        .search(&SearchQuery {
            text: "hornets".into(),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(hits.len(), 1);
    let hits = ar
        .search(&SearchQuery {
            text: "langensalza".into(),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(hits[0].game, game);
    // New games go on in the migrated file.
    let g2 = ar
        .create_game(&scenario("rs-06-shiloh"), &opts(), 2, &[])
        .unwrap();
    play_on_root(&mut ar, g2, 2, 50);
    assert_eq!(ar.verify_game(g2).unwrap(), 51);
}

fn file_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

#[test]
fn a_corrupted_or_foreign_file_is_refused_and_left_untouched() {
    let d = tempfile::tempdir().unwrap();
    // Not SQLite at all.
    let junk = d.path().join("junk.kepi");
    std::fs::write(
        &junk,
        b"this is not a database, just some text\n".repeat(200),
    )
    .unwrap();
    let before = file_bytes(&junk);
    let e = Archive::open(&junk).err().expect("refused").to_string();
    assert!(
        e.contains("not a SQLite database") && e.contains("not changed"),
        "{e}"
    );
    assert_eq!(file_bytes(&junk), before);
    // Another program's SQLite database.
    let foreign = d.path().join("foreign.db");
    {
        let c = rusqlite::Connection::open(&foreign).unwrap();
        c.execute_batch("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'x');").unwrap();
    }
    let before = file_bytes(&foreign);
    let e = Archive::open(&foreign).err().expect("refused").to_string();
    assert!(e.contains("not a Kepi archive"), "{e}");
    assert_eq!(file_bytes(&foreign), before);
    // A Kepi archive from a newer Kepi.
    let newer = d.path().join("newer.kepi");
    drop(Archive::open(&newer).unwrap());
    {
        let c = rusqlite::Connection::open(&newer).unwrap();
        c.pragma_update(None, "user_version", 99).unwrap();
        c.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    let before = file_bytes(&newer);
    let e = Archive::open(&newer).err().expect("refused").to_string();
    assert!(e.contains("version 99 is newer"), "{e}");
    assert_eq!(file_bytes(&newer), before);
    // A truncated archive.
    let cut = d.path().join("cut.kepi");
    {
        let mut ar = Archive::open(&cut).unwrap();
        let g = ar
            .create_game(&scenario("rs-06-shiloh"), &opts(), 1, &[])
            .unwrap();
        play_on_root(&mut ar, g, 1, 30);
    }
    let c = rusqlite::Connection::open(&cut).unwrap();
    c.pragma_update(None, "journal_mode", "DELETE").unwrap();
    drop(c);
    let full = file_bytes(&cut);
    std::fs::write(&cut, &full[..full.len() / 3]).unwrap();
    let before = file_bytes(&cut);
    match Archive::open(&cut) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(ar) => {
            // SQLite may open a cut file; reading the game then fails with an error, not a
            // panic, and the file is not rewritten.
            let r = ar.games().and_then(|g| ar.verify_game(g[0].id).map(|_| ()));
            assert!(r.is_err() || ar.integrity_check().map(|s| s != "ok").unwrap_or(true));
        }
    }
    assert_eq!(file_bytes(&cut).len(), before.len());
}

#[test]
fn search_finds_titles_notes_and_annotations_with_filters() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let g1 = ar
        .create_game(&scenario("rs-01-fatehpur"), &opts(), 1, &[])
        .unwrap();
    let g2 = ar
        .create_game(&scenario("rs-16-modder-river"), &opts(), 2, &[])
        .unwrap();
    let n2 = play_on_root(&mut ar, g2, 2, 20);
    ar.set_notes(g1, "Havelock's column on the Grand Trunk Road")
        .unwrap();
    ar.annotate(
        n2,
        &Annotation {
            text: "The Boer trenches hold the river line".into(),
            tags: vec!["defence".into()],
            ..Annotation::default_for_tests()
        },
    )
    .unwrap();
    let q = |text: &str| SearchQuery {
        text: text.into(),
        ..Default::default()
    };
    assert_eq!(ar.search(&q("havelock")).unwrap()[0].game, g1);
    let hits = ar.search(&q("trenches")).unwrap();
    assert_eq!((hits[0].game, hits[0].node), (g2, Some(n2)));
    assert!(
        hits[0].snippet.contains("[trenches]"),
        "{}",
        hits[0].snippet
    );
    assert!(
        ar.search(&SearchQuery {
            scenario: Some("rs-01-fatehpur".into()),
            ..q("trenches")
        })
        .unwrap()
        .is_empty()
    );
    assert_eq!(
        ar.search(&SearchQuery {
            tag: Some("defence".into()),
            ..q("")
        })
        .unwrap()
        .len(),
        2
    );
    assert!(
        ar.search(&SearchQuery {
            tag: Some("attack".into()),
            ..q("")
        })
        .unwrap()
        .is_empty()
    );
    assert_eq!(
        ar.search(&SearchQuery {
            result: Some("none".into()),
            ..q("")
        })
        .unwrap()
        .len(),
        3
    );
    assert_eq!(
        ar.search(&SearchQuery {
            from: Some("2000-01-01".into()),
            ..q("havelock")
        })
        .unwrap()
        .len(),
        1
    );
    assert!(
        ar.search(&SearchQuery {
            to: Some("2000-01-01".into()),
            ..q("havelock")
        })
        .unwrap()
        .is_empty()
    );
    let e = ar.search(&q("\"unclosed")).unwrap_err().to_string();
    assert!(e.contains("cannot search"), "{e}");
}

/// Every filter of the search is answered from an index over a large archive (the plan is
/// checked, not a time): the tag filter once, from `annotation_tags_tag` (a correlated subquery
/// run again for each row took 21 s over 10,000 games), the games' filters from their indexes
/// when no text is typed, and the words from the full-text index. The answers are the ones a
/// plain reading of the tables gives.
#[test]
fn every_search_filter_is_answered_from_an_index() {
    let (_d, path) = tmp();
    let mut ar = Archive::open(&path).unwrap();
    let s = scenario("rs-01-fatehpur");
    let g = ar.create_game(&s, &opts(), 1, &[]).unwrap();
    play_on_root(&mut ar, g, 1, 5);
    ar.populate_for_bench(g, 3_000).unwrap();
    let q = |text: &str| SearchQuery {
        text: text.into(),
        limit: 50,
        ..Default::default()
    };
    let tag = |t: &str, text: &str| SearchQuery {
        tag: Some(t.into()),
        ..q(text)
    };
    let cases: Vec<(&str, SearchQuery, &[&str])> = vec![
        ("a tag", tag("retreat", ""), &["annotation_tags_tag"]),
        (
            "a tag and words",
            tag("retreat", "\"charge\"*"),
            &["annotation_tags_tag", "VIRTUAL TABLE INDEX"],
        ),
        (
            "dates",
            SearchQuery {
                from: Some("2026-06-01".into()),
                to: Some("2026-08-31".into()),
                ..q("")
            },
            &["games_created"],
        ),
        (
            "a rule system",
            SearchQuery {
                ruleset: Some("rifle-and-saber".into()),
                ..q("")
            },
            &["games_ruleset"],
        ),
        (
            "no winner",
            SearchQuery {
                result: Some("none".into()),
                ..q("")
            },
            &["games_winner"],
        ),
        (
            "a winner",
            SearchQuery {
                result: Some("blue".into()),
                ..q("")
            },
            &["games_winner"],
        ),
        (
            "a scenario",
            SearchQuery {
                scenario: Some("rs-01-fatehpur".into()),
                ..q("")
            },
            &["games_scenario"],
        ),
        ("words", q("\"cav\"*"), &["VIRTUAL TABLE INDEX"]),
    ];
    for (what, query, indexes) in &cases {
        let plan = ar.search_plan(query).unwrap().join("\n");
        for i in *indexes {
            assert!(plan.contains(i), "{what}: the plan uses {i}:\n{plan}");
        }
        assert!(
            !plan.contains("CORRELATED"),
            "{what}: no subquery run again for each row:\n{plan}"
        );
        // The games table is never read whole.
        assert!(
            !plan
                .lines()
                .any(|l| l.trim_start_matches(['|', '-', '`', ' ']) == "SCAN g"),
            "{what}: the games are not scanned:\n{plan}"
        );
    }
    // The tag filter's answer: each annotation tagged "retreat" (the newest games first), and
    // the game rows of their games.
    let all = ar
        .search(&SearchQuery {
            limit: 100_000,
            ..tag("retreat", "")
        })
        .unwrap();
    let notes = all.iter().filter(|h| h.annotation.is_some()).count();
    let games = all.iter().filter(|h| h.annotation.is_none()).count();
    let tagged = (0..3_000)
        .filter(|i| [6, 7].iter().any(|k| (i * 7 + k * 5) % 12 == 7))
        .count();
    assert!(notes > 0 && games > 0, "{notes} {games}");
    assert_eq!(
        games, tagged,
        "one game row for each game with a tagged annotation"
    );
    for h in &all {
        if let Some(a) = h.annotation {
            assert!(
                ar.annotation(a)
                    .unwrap()
                    .tags
                    .contains(&"retreat".to_string())
            );
        }
    }
    let newest = ar.search(&tag("retreat", "")).unwrap();
    assert_eq!(newest.len(), 50);
    assert_eq!(newest[..], all[..50], "the first 50 of the whole answer");
    // Words with a filter: each hit's game passes it.
    for h in ar
        .search(&SearchQuery {
            result: Some("blue".into()),
            ..q("\"flank\"*")
        })
        .unwrap()
    {
        assert_eq!(ar.game(h.game).unwrap().winner.as_deref(), Some("blue"));
    }
}

/// R&S archive crash safety: kill a real `kepi autoplay --db` process with SIGKILL at random
/// moments; each time the archive opens cleanly, passes SQLite's integrity check, holds only
/// whole games (a batch, here of one game, is one transaction) and still every game found
/// before; each game replays hash for hash when first found, and all of them again at the
/// end. (`kepi play` and the app commit every command alone.)
#[test]
fn kill_9_mid_recording_loses_at_most_the_batch_in_flight() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("crash.kepi");
    let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-06-shiloh.json");
    // Each game is verified (replayed hash for hash) once, in the round that first finds it, and
    // every game once more at the end; a later round checks that the earlier games are all
    // still there with the same number of nodes.
    let mut verified: std::collections::BTreeMap<i64, usize> = Default::default();
    for round in 0..8u64 {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
            .args(["autoplay"])
            .arg(&scen)
            .args(["--games", "100", "--batch", "1", "--seed"])
            .arg((round * 1000).to_string())
            .arg("--db")
            .arg(&db)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300 + 197 * round));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let ar = Archive::open(&db).expect("the archive opens after a kill -9");
        assert_eq!(ar.integrity_check().unwrap(), "ok");
        let games = ar.games().unwrap();
        for g in &games {
            assert!(
                g.finished.is_some(),
                "round {round}: game {} is whole",
                g.id
            );
            if let std::collections::btree_map::Entry::Vacant(e) = verified.entry(g.id) {
                e.insert(
                    ar.verify_game(g.id)
                        .unwrap_or_else(|e| panic!("round {round}, game {}: {e}", g.id)),
                );
            }
        }
        let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
        for id in verified.keys() {
            assert!(ids.contains(id), "round {round}: game {id} was lost");
        }
    }
    let ar = Archive::open(&db).unwrap();
    for (&id, &nodes) in &verified {
        assert_eq!(ar.verify_game(id).unwrap(), nodes, "game {id}");
    }
    let nodes_seen: usize = verified.values().sum();
    assert!(
        nodes_seen > 100,
        "the processes recorded something before being killed"
    );
}

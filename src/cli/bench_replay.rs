//! `kepi bench --replay`: the core's part of the replay view's figures (issue 14), on one
//! temporary archive.
//!
//! - Opening a 5,000-node game for review to its first picture: the calls the app's replay view
//!   makes (src-tauri/src/replay.rs, `open_line` then `at`): the main line's rows (each fork's
//!   nodes listed, the line's annotations counted in one query), the 60 commands before its end
//!   replayed from the nearest snapshot with their recorded dice, checked hash for hash and
//!   described (each fork's other commands against the state before them); then the last
//!   position opened from the archive with its counters (`board`). Goal: 300 ms with the window.
//!   Then the rest of the line described in pages of 100 (`replay_moves`), as the window asks
//!   for it after the first picture.
//! - Stepping: each next position of the main line opened from the archive with its counters and
//!   annotations, as ← → do. Goal: 30 nodes a second with the map redrawn.
//! - Search as typed over 10,000 games: each prefix of a word typed ("c", "ca", "cav" …) and the
//!   filters the Library sends, 50 hits at most. Goal: results within 100 ms of a keystroke.
//! - The Library's games table over the same 10,000 games (`Archive::list_games`, as the app's
//!   `library_games` asks): the first page of 100 sorted by each column both ways, a page deep
//!   in the list, and a page with filters.
//!
//! `--keep-archive PATH` builds the archive at PATH and keeps it (the end-to-end test of the
//! Library over a large archive opens the app on it).
//!
//! The window's own part (drawing, the IPC) is measured by the end-to-end test, which imports
//! the game this writes with `--replay-file` and prints what it sees.

use crate::archive::{Archive, Durability, SearchQuery};
use crate::engine::game::session::{Recorded, replay_line};
use std::collections::VecDeque;
use std::path::Path;
use std::time::{Duration, Instant};

fn percentile(mut v: Vec<Duration>, p: f64) -> Duration {
    v.sort();
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The words a search box sends, as the app makes them (each a prefix, all required).
fn typed(words: &str) -> String {
    words
        .split_whitespace()
        .map(|w| format!("\"{w}\"*"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(
    scenario: &crate::scenario::Scenario,
    nodes_wanted: usize,
    search_games: usize,
    runs: u32,
    game_file: Option<&Path>,
    keep: Option<&Path>,
) -> Result<(), String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let dir = std::env::temp_dir().join(format!("kepi-bench-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|x| x.to_string())?;
    let path = match keep {
        Some(p) if p.exists() => {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(format!(
                "--keep-archive {}: the file exists (give a new one; nothing was written)",
                p.display()
            ));
        }
        Some(p) => p.to_path_buf(),
        None => dir.join("replay.kepi"),
    };
    let result = (|| {
        let mut ar = Archive::open(&path)
            .and_then(|a| a.with_durability(Durability::Batch))
            .map_err(e)?;
        let game = ar
            .create_game(scenario, &serde_json::Value::Null, 1, &[])
            .map_err(e)?;
        // The game: its main line played to the end by the random player, then variations from
        // points along it until it has `nodes_wanted` nodes.
        let play = |ar: &mut Archive, from: i64, seed: u64, plies: usize| -> Result<(), String> {
            let mut node = from;
            let mut state = ar.state_at(node).map_err(e)?;
            let mut player = state.rules().random_player(seed);
            for _ in 0..plies {
                if state.progress().over {
                    break;
                }
                let c = player.next(&state);
                let (n, applied) = ar.play(node, &c, &mut VecDeque::new()).map_err(e)?;
                (node, state) = (n, applied.state);
            }
            Ok(())
        };
        let root = ar.root(game).map_err(e)?.id;
        play(&mut ar, root, 1, 1_000_000)?;
        let line = ar.main_line(game).map_err(e)?;
        let mut k = 0u64;
        while ar.nodes(game).map_err(e)?.len() < nodes_wanted {
            k += 1;
            let from = line[(k as usize * 37) % (line.len() - 1)].id;
            play(&mut ar, from, 100 + k, 150)?;
        }
        let nodes = ar.nodes(game).map_err(e)?.len();
        if let Some(out) = game_file {
            let tree = ar.export_game(game).map_err(e)?;
            crate::atomic::write_atomic(out, tree.to_text().as_bytes())
                .map_err(|x| format!("{}: {x}", out.display()))?;
        }
        drop(ar);

        // 1. Open for review, to the first picture (a fresh handle each time, as the app opens
        // the archive once and then every game afresh).
        let mut opens = Vec::new();
        for _ in 0..runs.max(1) {
            let ar = Archive::open(&path).map_err(e)?;
            let t = Instant::now();
            let described = open_for_review(&ar, game)?;
            opens.push(t.elapsed());
            std::hint::black_box(described);
        }
        outln!(
            "open a {nodes}-node game for review ({} commands on its main line: its rows, the \
             {FIRST_BEFORE} commands before the end replayed, checked and described) to its \
             first picture: median {}, p99 {}",
            line.len() - 1,
            ms(percentile(opens.clone(), 0.5)),
            ms(percentile(opens, 0.99)),
        );
        // 1b. The rest of the line, described in pages after the first picture.
        let mut rests = Vec::new();
        for _ in 0..runs.max(1) {
            let ar = Archive::open(&path).map_err(e)?;
            let t = Instant::now();
            std::hint::black_box(describe_rest(&ar, game)?);
            rests.push(t.elapsed());
        }
        outln!(
            "then the rest of its line described in pages of {PAGE} (the window shows a \
             progress bar meanwhile): median {}, p99 {}",
            ms(percentile(rests.clone(), 0.5)),
            ms(percentile(rests, 0.99)),
        );

        // 2. Stepping through the main line, node by node.
        let ar = Archive::open(&path).map_err(e)?;
        let mut steps = Vec::new();
        let stepped = line.iter().take(1_000);
        let t0 = Instant::now();
        for n in stepped {
            let t = Instant::now();
            let s = ar.state_at(n.id).map_err(e)?;
            let board = s.rules().board(&s);
            let notes = ar.annotations(n.id).map_err(e)?;
            steps.push(t.elapsed());
            std::hint::black_box((board, notes));
        }
        let all = t0.elapsed();
        outln!(
            "step through the main line ({} positions, each opened from the archive with its \
             counters and notes): median {}, p99 {}; {:.0} positions a second",
            steps.len(),
            ms(percentile(steps.clone(), 0.5)),
            ms(percentile(steps.clone(), 0.99)),
            steps.len() as f64 / all.as_secs_f64().max(1e-9),
        );
        drop(ar);

        // 3. Search as typed, over `search_games` games.
        let mut ar = Archive::open(&path)
            .and_then(|a| a.with_durability(Durability::Batch))
            .map_err(e)?;
        let t = Instant::now();
        ar.populate_for_bench(game, search_games.saturating_sub(1))
            .map_err(e)?;
        let populated = t.elapsed();
        let games = ar.games().map_err(e)?.len();
        let mut keystrokes: Vec<SearchQuery> = Vec::new();
        for word in ["cavalry", "bridge", "retreat"] {
            for end in 1..=word.len() {
                keystrokes.push(SearchQuery {
                    text: typed(&word[..end]),
                    limit: 50,
                    ..Default::default()
                });
            }
        }
        let q = |text: &str| SearchQuery {
            text: typed(text),
            limit: 50,
            ..Default::default()
        };
        keystrokes.extend([
            SearchQuery {
                tag: Some("retreat".into()),
                ..q("charge")
            },
            SearchQuery {
                result: Some("blue".into()),
                ..q("flank")
            },
            SearchQuery {
                from: Some("2026-06-01".into()),
                to: Some("2026-08-31".into()),
                ..q("volley")
            },
            SearchQuery {
                scenario: Some(scenario.file.id.clone()),
                ruleset: Some(scenario.file.ruleset.key().to_string()),
                ..q("ridge")
            },
            SearchQuery {
                result: Some("none".into()),
                tag: Some("trench".into()),
                ..q("")
            },
        ]);
        let mut times = Vec::new();
        let mut hits = 0;
        for _ in 0..3 {
            for q in &keystrokes {
                let t = Instant::now();
                let found = ar.search(q).map_err(e)?;
                times.push(t.elapsed());
                hits += found.len();
            }
        }
        outln!(
            "search as typed over {games} games ({} keystrokes: each prefix of three words, and \
             five with filters; {} generated in {:.1} s): median {}, p99 {}, max {} ({:.0} hits \
             a search)",
            keystrokes.len(),
            games - 1,
            populated.as_secs_f64(),
            ms(percentile(times.clone(), 0.5)),
            ms(percentile(times.clone(), 0.99)),
            ms(percentile(times.clone(), 1.0)),
            hits as f64 / times.len() as f64,
        );
        games_table(&ar, games)?;
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&dir);
    match (keep, &result) {
        (Some(p), Ok(())) => outln!("the archive is kept: {}", p.display()),
        // A half-built archive is not kept.
        (Some(p), Err(_)) => {
            for end in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{end}", p.display()));
            }
        }
        (None, _) => {}
    }
    result
}

/// The app's replay view answers a line of more than this many commands with the commands from
/// `FIRST_BEFORE` before the position opened described, the rest in pages of `PAGE`
/// (src-tauri/src/replay.rs `DESCRIBED_WHOLE`, `FIRST_BEFORE`; ui/src/views/replay/replayer.ts
/// `PAGE`).
const DESCRIBED_WHOLE: usize = 300;
const FIRST_BEFORE: usize = 60;
const PAGE: usize = 100;

/// What the replay view's `open_line` and `at` ask of the core for a game's main line, opened at
/// its end: the line's rows (each fork's nodes, the annotations counted in one query), the
/// commands around the end described, the last position with its counters. The number of
/// things described (kept from being optimized away).
fn open_for_review(ar: &Archive, game: i64) -> Result<usize, String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let root = ar.root(game).map_err(e)?;
    let path = ar.line_through(root.id).map_err(e)?;
    let parents: Vec<i64> = path[..path.len() - 1].iter().map(|n| n.id).collect();
    let mut described = ar.children_of(&parents).map_err(e)?.len();
    let ids: Vec<i64> = path[1..].iter().map(|n| n.id).collect();
    described += ar.annotation_counts(&ids).map_err(e)?.len();
    let len = path.len() - 1;
    let from = if len <= DESCRIBED_WHOLE {
        0
    } else {
        len - FIRST_BEFORE
    };
    described += describe(ar, &path, from, len)?;
    // The first picture: the last position, opened from the archive, with its counters.
    let tip = path.last().expect("a line has its root").id;
    let s = ar.state_at(tip).map_err(e)?;
    let board = s.rules().board(&s);
    described += board.counters.len() + ar.annotations(tip).map_err(e)?.len();
    Ok(described)
}

/// The rest of the line described after the first picture, in pages as the view asks them
/// (`replay_moves`): each page's rows, its first position opened from the archive, its commands
/// replayed and described.
fn describe_rest(ar: &Archive, game: i64) -> Result<usize, String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let root = ar.root(game).map_err(e)?;
    let path = ar.line_through(root.id).map_err(e)?;
    let len = path.len() - 1;
    let mut described = 0;
    let mut from = 0;
    while from < len.saturating_sub(FIRST_BEFORE) {
        let to = (from + PAGE).min(len - FIRST_BEFORE);
        let parents: Vec<i64> = path[from..to].iter().map(|n| n.id).collect();
        described += ar.children_of(&parents).map_err(e)?.len();
        let ids: Vec<i64> = path[from + 1..to + 1].iter().map(|n| n.id).collect();
        described += ar.annotation_counts(&ids).map_err(e)?.len();
        described += describe(ar, &path, from, to)?;
        from = to;
    }
    Ok(described)
}

/// Commands `from .. to` of the line `path` replayed from the state at `path[from]` (opened from
/// its nearest snapshot) and checked, each described, each fork's other commands described
/// against the state before them.
fn describe(
    ar: &Archive,
    path: &[crate::archive::NodeInfo],
    from: usize,
    to: usize,
) -> Result<usize, String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let state = ar.state_at(path[from].id).map_err(e)?;
    let mut described = 0;
    // The forks (the app's rows say where they are; their commands are read where they are).
    let parents: Vec<i64> = path[from..to].iter().map(|n| n.id).collect();
    let forks = ar.children_of(&parents).map_err(e)?;
    let steps = path[from + 1..to + 1].iter().map(|n| {
        Ok(Recorded {
            command: n.command.clone().ok_or("a node without its command")?,
            rolls: ar.rolls(n.id).map_err(e)?,
            hash: Some(n.state_hash.clone()),
            at: "bench".into(),
        })
    });
    let mut i = from;
    replay_line(state, steps, |state, applied| {
        let parent = &path[i];
        i += 1;
        let words = state.rules().describe_command(state, &applied.command);
        if forks.get(&parent.id).is_some_and(|c| c.len() > 1) {
            let siblings = ar.children(parent.id).map_err(e)?;
            for c in siblings.iter().filter(|c| c.id != path[i].id) {
                if let Some(cmd) = &c.command {
                    described += state.rules().describe_command(state, cmd).len();
                }
            }
        }
        described += words.len() + applied.described.len();
        Ok::<_, String>(())
    })?;
    Ok(described)
}

/// The Library's games table over the archive's games: the first page of each sort, both ways;
/// a page deep in the newest-first list; a page with filters.
fn games_table(ar: &Archive, games: usize) -> Result<(), String> {
    use crate::archive::{GameListQuery, GameSort};
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let time = |q: &GameListQuery| -> Result<Duration, String> {
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            std::hint::black_box(ar.list_games(q).map_err(e)?);
            best = best.min(t.elapsed());
        }
        Ok(best)
    };
    let mut firsts = Vec::new();
    for sort in GameSort::ALL {
        for descending in [false, true] {
            let q = GameListQuery {
                sort,
                descending,
                ..GameListQuery::default()
            };
            firsts.push((sort.name(), descending, time(&q)?));
        }
    }
    let slowest = firsts.iter().max_by_key(|f| f.2).expect("seven sorts");
    let deep = time(&GameListQuery {
        offset: games / 2,
        ..GameListQuery::default()
    })?;
    let filtered = time(&GameListQuery {
        sort: GameSort::Title,
        result: Some("blue".into()),
        tag: Some("retreat".into()),
        ..GameListQuery::default()
    })?;
    outln!(
        "the games table over {games} games (a page of 100 with the total, best of 3): first \
         page by each column both ways {}; the slowest by {} {}: {}; a page at game {} {}; \
         title order with a result and a tag filter {}",
        firsts
            .iter()
            .map(|(n, d, t)| format!("{n}{} {}", if *d { "↓" } else { "↑" }, ms(*t)))
            .collect::<Vec<_>>()
            .join(", "),
        slowest.0,
        if slowest.1 { "descending" } else { "ascending" },
        ms(slowest.2),
        games / 2,
        ms(deep),
        ms(filtered),
    );
    Ok(())
}

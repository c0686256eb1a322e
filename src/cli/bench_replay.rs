//! `kepi bench --replay`: the core's part of the replay view's figures (issue 14), on one
//! temporary archive.
//!
//! - Opening a 5,000-node game for review to its first picture: the calls the app's replay view
//!   makes (src-tauri/src/replay.rs, `open_line` then `at`): the main line replayed from the
//!   root with its recorded dice and checked hash for hash, each command described, each
//!   fork's variations listed and described (against the state replayed before them), the
//!   line's annotations counted (one query); then the last
//!   position opened from the archive with its counters (`board`). Goal: 300 ms with the window.
//! - Stepping: each next position of the main line opened from the archive with its counters and
//!   annotations, as ← → do. Goal: 30 nodes a second with the map redrawn.
//! - Search as typed over 10,000 games: each prefix of a word typed ("c", "ca", "cav" …) and the
//!   filters the Library sends, 50 hits at most. Goal: results within 100 ms of a keystroke.
//!
//! The window's own part (drawing, the IPC) is measured by the end-to-end test, which imports
//! the game this writes with `--replay-file` and prints what it sees.

use crate::archive::{Archive, Durability, SearchQuery};
use crate::engine::game::replay_step;
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
) -> Result<(), String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let dir = std::env::temp_dir().join(format!("kepi-bench-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|x| x.to_string())?;
    let path = dir.join("replay.kepi");
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
            "open a {nodes}-node game for review ({} commands on its main line, replayed and \
             checked, with its variations listed) to its first picture: median {}, p99 {}",
            line.len() - 1,
            ms(percentile(opens.clone(), 0.5)),
            ms(percentile(opens, 0.99)),
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
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// What the replay view's `open_line` and `at` ask of the core for a game's main line: the
/// number of lines described (kept from being optimized away).
fn open_for_review(ar: &Archive, game: i64) -> Result<usize, String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let tip = ar.tip(game).map_err(e)?;
    let path = ar.path_to(tip.id).map_err(e)?;
    let mut state = ar.root_state(game).map_err(e)?;
    let mut described = 0;
    let mut parent = path[0].id;
    for n in &path[1..] {
        let command = n.command.clone().ok_or("a node without its command")?;
        let rolls = ar.rolls(n.id).map_err(e)?;
        let words = state.rules().describe_command(&state, &command);
        // A fork's other commands, described against the state before them (the one replayed).
        let siblings = ar.children(parent).map_err(e)?;
        for c in siblings.iter().filter(|c| c.id != n.id) {
            if let Some(cmd) = &c.command {
                described += state.rules().describe_command(&state, cmd).len();
            }
        }
        let applied = replay_step(&state, &command, &rolls, &n.state_hash, "bench")
            .map_err(|x| x.to_string())?;
        described += words.len();
        state = applied.state;
        parent = n.id;
    }
    // The annotated commands, in one query.
    let ids: Vec<i64> = path[1..].iter().map(|n| n.id).collect();
    described += ar.annotation_counts(&ids).map_err(e)?.len();
    // The first picture: the last position, opened from the archive, with its counters.
    let s = ar.state_at(tip.id).map_err(e)?;
    let board = s.rules().board(&s);
    described += board.counters.len() + ar.annotations(tip.id).map_err(e)?.len();
    Ok(described)
}

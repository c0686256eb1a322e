//! `kepi bench`: the speed figures the issues name, measured on the shipped content: each rule
//! system's own ([`crate::engine::ruleset::Ruleset::bench`], asked of the registry), then the
//! scenario view's live check, the VASSAL export and, when asked, the archive's.

use super::Outcome;
use crate::engine::game::registry;
use crate::library::load_scenario;
use crate::timing::{ms, percentile};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The scenarios folder.
    #[arg(long, default_value = "scenarios")]
    scenarios: PathBuf,
    /// Repetitions of each measurement.
    #[arg(long, default_value_t = 20)]
    runs: u32,
    /// Also measure the archive on one temporary file: a 5,000-node game, recording and
    /// opening nodes, search over generated games, each against the bare SQLite or engine
    /// work it rests on, as ratios.
    #[arg(long)]
    archive: bool,
    /// Games generated for the search measurement.
    #[arg(long, default_value_t = 100_000)]
    archive_games: usize,
    /// Measure the archive's size instead (issue 16's goal of 100 bytes a node): record this
    /// many seeded games of the shipped scenarios (game k: the (k mod N)-th scenario, seed
    /// 1 + k / N), random play, in batches, and print the bytes a node, table by table, and
    /// the time against playing the same games without recording. Only this is measured.
    #[arg(long)]
    archive_size: Option<usize>,
    /// With --archive-size: write the archive here (kept) instead of a temporary file.
    #[arg(long, requires = "archive_size")]
    archive_file: Option<PathBuf>,
    /// Measure only the core's part of the replay view, on one temporary file: a 5,000-node
    /// game opened for review to its first picture, stepped through, and search as typed over
    /// 10,000 games (src/cli/bench_replay.rs).
    #[arg(long)]
    replay: bool,
    /// With --replay: also write the 5,000-node game as a game file here (the end-to-end test
    /// imports it to measure the window's part).
    #[arg(long)]
    replay_file: Option<PathBuf>,
    /// With --replay: build the archive here and keep it (a new file: the 5,000-node game and
    /// 10,000 games in all), for the end-to-end test of the Library over a large archive.
    #[arg(long, requires = "replay", value_name = "PATH")]
    keep_archive: Option<PathBuf>,
    /// Measure only one scenario of any rule system: one seeded random game played to its end,
    /// the legal commands of the slowest position met, and each computer level's commands of
    /// one game-turn (src/cli/bench_game.rs).
    #[arg(long, value_name = "SCENARIO")]
    game: Option<PathBuf>,
}

pub fn run(a: Args) -> Outcome {
    if let Some(games) = a.archive_size {
        return super::bench_archive_size::run(&a.scenarios, games, a.archive_file.as_deref());
    }
    if let Some(p) = &a.game {
        let s = load_scenario(p).map_err(|p| p.to_string())?;
        super::bench_game::run(&s, a.runs)?;
        return Ok(ExitCode::SUCCESS);
    }
    let path = |id: &str| a.scenarios.join(format!("{id}.json"));
    if a.replay {
        // Only the replay view's figures.
        let fatehpur = load_scenario(&path("rs-01-fatehpur")).map_err(|p| p.to_string())?;
        super::bench_replay::run(
            &fatehpur,
            5_000,
            10_000,
            a.runs.min(10),
            a.replay_file.as_deref(),
            a.keep_archive.as_deref(),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    // Each system's own figures, measured through its own types.
    for rules in registry::all() {
        if let Some(figures) = rules.bench() {
            figures(&a.scenarios, a.runs, &mut |line| outln!("{line}"))?;
        }
    }
    bench_scenario_edit(a.runs.max(20))?;
    bench_vassal(&path("rs-02-varese"), a.runs.clamp(1, 5))?;
    if a.archive {
        let fatehpur = load_scenario(&path("rs-01-fatehpur")).map_err(|p| p.to_string())?;
        bench_archive(&fatehpur, a.archive_games)?;
    }

    Ok(ExitCode::SUCCESS)
}

/// VASSAL export of the scenario with the most counters (Varese, 75 piece slots) at the
/// default hex size: board and counter pictures, build file, zip. Held to 2 s.
fn bench_vassal(path: &std::path::Path, runs: u32) -> Result<(), String> {
    let scenario = load_scenario(path).map_err(|p| p.to_string())?;
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let m = crate::vassal::export(&scenario, None, &crate::vassal::ExportOptions::default())
            .map_err(|e| e.to_string())?;
        times.push(t.elapsed());
        bytes = m.vmod.len();
    }
    outln!(
        "VASSAL export of {} ({} KB module, {} px per hex): median {}, max {}",
        scenario.file.title,
        bytes / 1024,
        crate::vassal::DEFAULT_HEX_SIZE,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 1.0)),
    );
    Ok(())
}

fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.2}", a.as_secs_f64() / b.as_secs_f64().max(1e-9))
}

fn bench_archive(scenario: &crate::scenario::Scenario, search_games: usize) -> Result<(), String> {
    use crate::archive::{Archive, SearchQuery};
    use std::collections::VecDeque;
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let dir = std::env::temp_dir().join(format!("kepi-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|x| x.to_string())?;
    let path = dir.join("bench.kepi");
    let mut ar = Archive::open(&path).map_err(e)?;
    let game = ar
        .create_game(scenario, &serde_json::Value::Null, 1, &[])
        .map_err(e)?;
    // A 5,000-node game: the main line to the end, then variations from points along it.
    // Recording times of commands that continue a line (the parent's state is at hand), and
    // of the first command of each variation (the parent is opened from a snapshot first).
    let mut record_times = Vec::new();
    let mut branch_times = Vec::new();
    let mut play = |ar: &mut Archive, from: i64, seed: u64, plies: usize| -> Result<(), String> {
        let mut node = from;
        let mut state = ar.state_at(node).map_err(e)?;
        let mut policy = state.rules().random_player(seed);
        for i in 0..plies {
            if state.progress().over {
                break;
            }
            let c = policy.next(&state);
            let t = Instant::now();
            let (n, applied) = ar.play(node, &c, &mut VecDeque::new()).map_err(e)?;
            let s = applied.state;
            if i == 0 {
                branch_times.push(t.elapsed());
            } else {
                record_times.push(t.elapsed());
            }
            node = n;
            state = s;
        }
        Ok(())
    };
    let root = ar.root(game).map_err(e)?.id;
    play(&mut ar, root, 1, 100_000)?;
    let line = ar.main_line(game).map_err(e)?;
    let mut k = 0u64;
    while ar.nodes(game).map_err(e)?.len() < 5_000 {
        k += 1;
        let from = line[(k as usize * 37) % (line.len() - 1)].id;
        play(&mut ar, from, 100 + k, 150)?;
    }
    let nodes = ar.nodes(game).map_err(e)?;
    outln!(
        "record one command with its dice (one transaction each, synced as in play): median \
         {}, p99 {} ({} commands); the first command of a new variation, opening its parent \
         too: median {}",
        ms(percentile(record_times.clone(), 0.5)),
        ms(percentile(record_times, 0.99)),
        nodes.len() - 1,
        ms(percentile(branch_times, 0.5))
    );
    drop(ar);
    // Open nodes with a fresh handle: the first open builds the game's setup once.
    let fresh = Archive::open(&path).map_err(e)?;
    let t = Instant::now();
    fresh.state_at(root).map_err(e)?;
    let first = t.elapsed();
    let mut times = Vec::new();
    for i in 0..200 {
        let n = &nodes[(i * 7919) % nodes.len()];
        let t = Instant::now();
        let s = fresh.state_at(n.id).map_err(e)?;
        times.push(t.elapsed());
        std::hint::black_box(s);
    }
    outln!(
        "open any node of a {}-node game (replayed from the nearest snapshot, hash-checked): \
         median {}, p99 {}, max {} (first open of the game, building its setup: {})",
        nodes.len(),
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times.clone(), 0.99)),
        ms(*times.iter().max().expect("200 runs")),
        ms(first)
    );
    // The same nodes, bare: the nearest snapshot decoded and the commands since applied.
    let mut bare = Vec::new();
    for i in 0..200 {
        let n = &nodes[(i * 7919) % nodes.len()];
        bare.push(fresh.bench_open_bare(n.id).map_err(e)?);
    }
    outln!(
        "  against decoding the nearest snapshot and applying the commands since, bare: \
         median {}, p99 {}; open-node ratio {} (median), {} (p99)",
        ms(percentile(bare.clone(), 0.5)),
        ms(percentile(bare.clone(), 0.99)),
        ratio(
            percentile(times.clone(), 0.5),
            percentile(bare.clone(), 0.5)
        ),
        ratio(percentile(times.clone(), 0.99), percentile(bare, 0.99)),
    );
    drop(fresh);
    bench_write_ratio(&path, &nodes)?;
    // Search over generated games, in one transaction: a batch (docs/archive.md "Durability").
    let mut ar = Archive::open(&path)
        .and_then(|a| a.with_durability(crate::archive::Durability::Batch))
        .map_err(e)?;
    let t = Instant::now();
    ar.populate_for_bench(game, search_games).map_err(e)?;
    let populate = t.elapsed();
    let games = ar.games().map_err(e)?.len();
    let queries = [
        SearchQuery {
            text: "cavalry".into(),
            ..Default::default()
        },
        SearchQuery {
            text: "charge AND flank".into(),
            ..Default::default()
        },
        SearchQuery {
            text: "bridge".into(),
            tag: Some("retreat".into()),
            ..Default::default()
        },
        SearchQuery {
            text: "fatehpur".into(),
            result: Some("blue".into()),
            ..Default::default()
        },
        SearchQuery {
            text: "decisive".into(),
            from: Some("2026-06".into()),
            ..Default::default()
        },
    ];
    let mut times = Vec::new();
    for _ in 0..10 {
        for q in &queries {
            let t = Instant::now();
            let hits = ar.search(q).map_err(e)?;
            times.push(t.elapsed());
            std::hint::black_box(hits);
        }
    }
    let mut bare = Vec::new();
    for _ in 0..10 {
        for q in &queries {
            let t = Instant::now();
            let n = ar.bench_bare_fts(&q.text, 50).map_err(e)?;
            bare.push(t.elapsed());
            std::hint::black_box(n);
        }
    }
    outln!(
        "search over {games} games ({} generated in {:.1} s; 5 queries with filters, 50 hits \
         each at most): median {}, p99 {}; the bare FTS5 queries: median {}, p99 {}; search \
         ratio {} (median), {} (p99)",
        search_games,
        populate.as_secs_f64(),
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times.clone(), 0.99)),
        ms(percentile(bare.clone(), 0.5)),
        ms(percentile(bare.clone(), 0.99)),
        ratio(
            percentile(times.clone(), 0.5),
            percentile(bare.clone(), 0.5)
        ),
        ratio(percentile(times, 0.99), percentile(bare, 0.99)),
    );
    let stats = ar.stats().map_err(e)?;
    outln!(
        "the benchmark's file: {} games, {} nodes, {:.1} MB",
        stats.games,
        stats.nodes,
        (stats.bytes - stats.free_bytes) as f64 / 1e6
    );
    drop(ar);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Writing one command with its dice (synchronous=FULL, as in play) against a bare SQLite
/// commit of one row of the same size, on the same file. The commands are applied before the
/// clock starts: only the write is timed.
fn bench_write_ratio(
    path: &std::path::Path,
    nodes: &[crate::archive::NodeInfo],
) -> Result<(), String> {
    use crate::archive::Archive;
    use crate::engine::dice::{Dice, SeededDice};
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let mut ar = Archive::open(path).map_err(e)?;
    let stats = ar.stats().map_err(e)?;
    // A node's share of the nodes and dice tables and their indexes: the row written.
    let row: i64 = stats
        .tables
        .iter()
        .filter(|t| t.name.starts_with("nodes") || t.name.contains("dice"))
        .map(|t| t.bytes)
        .sum::<i64>()
        / stats.nodes.max(1);
    let from = &nodes[nodes.len() / 3];
    let game = ar.game(from.game).map_err(e)?;
    let mut node = from.clone();
    let mut state = ar.state_at(node.id).map_err(e)?;
    let mut player = state.rules().random_player(4242);
    let mut writes = Vec::new();
    for _ in 0..300 {
        if state.progress().over {
            break;
        }
        let c = player.next(&state);
        let mut live = SeededDice::resume(game.seed, node.dice_draws);
        let applied = state
            .rules()
            .apply(&state, &c, &mut live as &mut dyn Dice)
            .map_err(|x| x.to_string())?;
        let t = Instant::now();
        let id = ar
            .bench_record(node.id, &applied, live.draws())
            .map_err(e)?;
        writes.push(t.elapsed());
        node = ar.node(id).map_err(e)?;
        state = applied.state;
    }
    let mut bare = Vec::new();
    for _ in 0..writes.len() {
        bare.push(ar.bench_bare_commit(row as usize).map_err(e)?);
    }
    ar.bench_drop_bare().map_err(e)?;
    outln!(
        "write one command with its dice (synchronous=FULL, {} commands): median {}, p99 {}; a \
         bare commit of one {row}-byte row: median {}, p99 {}; write ratio {} (median), {} (p99)",
        writes.len(),
        ms(percentile(writes.clone(), 0.5)),
        ms(percentile(writes.clone(), 0.99)),
        ms(percentile(bare.clone(), 0.5)),
        ms(percentile(bare.clone(), 0.99)),
        ratio(
            percentile(writes.clone(), 0.5),
            percentile(bare.clone(), 0.5)
        ),
        ratio(percentile(writes, 0.99), percentile(bare, 0.99)),
    );
    Ok(())
}

/// The scenario view's live check (issue 12: at most 5 ms): one edit of the largest shipped
/// scenario (its file's size) applied to the document and the whole scenario validated again,
/// as `kepi validate` does, with its warnings and every zone's hexes.
fn bench_scenario_edit(runs: u32) -> Result<(), String> {
    use crate::editor::scenario::{Op, ScenarioDocument};
    let largest = crate::shipped::SCENARIOS
        .iter()
        .max_by_key(|s| s.text.len())
        .ok_or("no shipped scenario")?;
    let file = crate::shipped::scenario_file(largest.id).map_err(|p| p.to_string())?;
    let map = crate::shipped::load_map(&file.map).map_err(|p| p.to_string())?;
    let catalog = file.ruleset.catalog()?.clone();
    let mut doc = ScenarioDocument::open(file, map, catalog);
    let mut times = Vec::new();
    for k in 0..runs {
        let t = Instant::now();
        doc.apply(&[Op::Set {
            pointer: "/game_length".into(),
            value: serde_json::json!(10 + k % 5),
        }])
        .map_err(|e| e.to_string())?;
        let checked = doc.check();
        let zones = doc.zones();
        times.push(t.elapsed());
        std::hint::black_box((checked, zones));
    }
    outln!(
        "scenario view: an edit of {} ({} KB) and the whole scenario validated again: median {}, \
         p99 {}",
        largest.id,
        largest.text.len() / 1024,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99))
    );
    Ok(())
}

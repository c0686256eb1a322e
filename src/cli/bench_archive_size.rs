//! `kepi bench --archive-size GAMES`: the archive's bytes a node over many seeded games of the
//! shipped scenarios of the systems with figures of their own in `kepi bench` (issue 16: at
//! most 100, snapshots included), and the time of
//! recording them in batches against playing them without recording (at most twice).
//!
//! Game k plays the (k mod N)-th scenario of the folder (file-name order), seed 1 + k / N,
//! both sides by the random player, so the same command always writes the same games.

use super::Outcome;
use crate::archive::{Archive, Durability};
use crate::engine::dice::SeededDice;
use crate::engine::game::registry;
use crate::library::load_scenario;
use std::collections::VecDeque;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Games a batch's transaction holds (as `kepi autoplay --db`).
const BATCH: usize = 32;

pub fn run(dir: &Path, games: usize, keep: Option<&Path>) -> Outcome {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|x| format!("{}: {x}", dir.display()))?
        .filter_map(|f| f.ok().map(|f| f.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    // The scenarios of the systems with figures of their own in `kepi bench`
    // (`Ruleset::bench`), as when issue 16's figures were measured: the others', measured by
    // `--game` only, play longer games (some 500 commands a game) and would change them.
    let benched = |key: &str| registry::get(key).is_ok_and(|r| r.bench().is_some());
    let scenarios = files
        .iter()
        .map(|f| load_scenario(f).map_err(|p| p.to_string()))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|s| benched(s.file.ruleset.key()))
        .collect::<Vec<_>>();
    if scenarios.is_empty() {
        return Err(format!("{}: no scenarios", dir.display()));
    }
    let temp = std::env::temp_dir().join(format!("kepi-size-{}", std::process::id()));
    let path = match keep {
        Some(p) => p.to_path_buf(),
        None => {
            std::fs::create_dir_all(&temp).map_err(|x| x.to_string())?;
            temp.join("size.kepi")
        }
    };
    if path.exists() {
        return Err(format!(
            "{}: exists; the measurement writes a new archive",
            path.display()
        ));
    }
    let game_of = |k: usize| {
        (
            &scenarios[k % scenarios.len()],
            1 + (k / scenarios.len()) as u64,
        )
    };

    // The same games without recording: the engine's own time.
    let t = Instant::now();
    let mut plain_commands = 0usize;
    for k in 0..games {
        let (scenario, seed) = game_of(k);
        let rules = super::game::rules_of(scenario)?;
        let mut state = rules
            .start(scenario, &serde_json::Value::Null)
            .map_err(|x| x.to_string())?;
        let mut player = rules.random_player(seed);
        let mut dice = SeededDice::new(seed);
        while !state.progress().over {
            let c = player.next(&state);
            state = rules
                .apply(&state, &c, &mut dice)
                .map_err(|x| format!("{} seed {seed}: {x}", scenario.file.id))?
                .state;
            plain_commands += 1;
        }
    }
    let plain = t.elapsed();

    let t = Instant::now();
    let mut ar = Archive::open(&path)
        .and_then(|a| a.with_durability(Durability::Batch))
        .map_err(e)?;
    let mut recorded_commands = 0usize;
    for k in 0..games {
        let (scenario, seed) = game_of(k);
        if k % BATCH == 0 {
            ar.begin_batch().map_err(e)?;
        }
        let game = ar
            .create_game(scenario, &serde_json::Value::Null, seed, &[])
            .map_err(e)?;
        let mut node = ar.root(game).map_err(e)?.id;
        let mut state = ar.state_at(node).map_err(e)?;
        let mut player = state.rules().random_player(seed);
        while !state.progress().over {
            let c = player.next(&state);
            let (n, applied) = ar
                .play(node, &c, &mut VecDeque::new())
                .map_err(|x| format!("{} seed {seed}: {x}", scenario.file.id))?;
            node = n;
            state = applied.state;
            recorded_commands += 1;
        }
        if k % BATCH == BATCH - 1 {
            ar.commit_batch().map_err(e)?;
        }
    }
    ar.commit_batch().map_err(e)?;
    let recorded = t.elapsed();
    if recorded_commands != plain_commands {
        return Err(format!(
            "recording played {recorded_commands} commands, playing alone {plain_commands}: the \
             games differ"
        ));
    }
    ar.vacuum().map_err(e)?;
    let st = ar.stats().map_err(e)?;
    outln!(
        "{} games of {} scenarios (seeds 1-{}), {} nodes, {} dice, {} snapshots",
        st.games,
        scenarios.len(),
        1 + games.saturating_sub(1) / scenarios.len(),
        st.nodes,
        st.dice,
        st.snapshots
    );
    let per = |b: i64| b as f64 / st.nodes.max(1) as f64;
    outln!(
        "{:.1} MB in use: {:.1} bytes a node (goal 100)",
        (st.bytes - st.free_bytes) as f64 / 1e6,
        st.bytes_per_node()
    );
    for t in st.tables.iter().filter(|t| per(t.bytes) >= 0.5) {
        outln!("  {:<28} {:>7.1} bytes a node", t.name, per(t.bytes));
    }
    let secs = |d: Duration| d.as_secs_f64();
    outln!(
        "played without recording: {:.1} s; recorded in batches of {BATCH}: {:.1} s; ratio {:.2} \
         (goal 2)",
        secs(plain),
        secs(recorded),
        secs(recorded) / secs(plain).max(1e-9)
    );
    if keep.is_none() {
        drop(ar);
        let _ = std::fs::remove_dir_all(&temp);
    } else {
        outln!("kept: {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

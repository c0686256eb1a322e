//! `kepi balance --db`: the same games as [`crate::ai::balance::balance`] (pair k: dice seed
//! `seed + k`, players seeded `2(seed + k)` and `2(seed + k) + 1`, the second game with the
//! seats swapped; the level's games, then the random level's), played on one thread and
//! recorded in the archive in batches, with the same report.
//!
//! Invariants: the report equals the one `kepi balance` prints without `--db` (tested); a
//! batch of games is one transaction, so a run killed part way leaves whole, finished games
//! only, and `--resume` reads those back (their summary from the recorded final state) instead
//! of playing them again.

use crate::ai::Opponent;
use crate::ai::balance::{Report, level_report, player_seeds, swing};
use crate::ai::selfplay::{MAX_COMMANDS, Played, summary};
use crate::archive::Durability;
use crate::engine::game::AnyRuleset;
use crate::scenario::Scenario;
use serde_json::Value;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How the games are recorded.
pub struct Recording {
    pub db: Option<PathBuf>,
    pub resume: bool,
    /// Games a batch's transaction holds at most.
    pub batch: usize,
}

/// A batch is also committed once it has been open this long (other writers wait for it).
const BATCH_TIME: Duration = Duration::from_secs(1);

/// The players' names of a recorded balance game: its level and player seed, one per side.
pub fn player_names(level: &str, seeds: [u64; 2]) -> Vec<String> {
    seeds
        .iter()
        .map(|s| format!("{level} (seed {s})"))
        .collect()
}

pub fn balance_recorded(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    level: &str,
    games_wanted: u64,
    first_seed: u64,
    rec: &Recording,
) -> Result<Report, String> {
    let e = |x: crate::archive::ArchiveError| x.to_string();
    let pairs = games_wanted.div_ceil(2).max(1);
    let start = rules.start(scenario, options).map_err(|x| x.to_string())?;
    let sides: Vec<String> = start.sides().into_iter().map(|s| s.name).collect();
    let scenario_hash = rules.scenario_hash(&start);
    let mut ar = super::archive::open(&rec.db)?
        .with_durability(Durability::Batch)
        .map_err(e)?;
    let mut in_batch = (0usize, Instant::now());
    let mut reports = Vec::new();
    for lv in [level, "random"] {
        let mut played: Vec<Played> = Vec::new();
        for k in 0..pairs {
            let seed = first_seed + k;
            for swap in [false, true] {
                let seats = player_seeds(seed, swap);
                let names = player_names(lv, seats);
                if rec.resume
                    && let Some(id) = ar
                        .finished_game_with_players(&scenario_hash, seed, &names)
                        .map_err(e)?
                {
                    let tip = ar.tip(id).map_err(e)?;
                    let state = ar.state_at(tip.id).map_err(e)?;
                    played.push(summary(&state, tip.ply as usize));
                    continue;
                }
                if in_batch.0 == 0 {
                    ar.begin_batch().map_err(e)?;
                    in_batch.1 = Instant::now();
                }
                let mut players = [
                    Opponent::new(rules, lv, seats[0])?,
                    Opponent::new(rules, lv, seats[1])?,
                ];
                let game = ar.create_game(scenario, options, seed, &names).map_err(e)?;
                let mut node = ar.root(game).map_err(e)?.id;
                let mut state = ar.state_at(node).map_err(e)?;
                let mut commands = 0usize;
                while !state.progress().over {
                    if commands >= MAX_COMMANDS {
                        return Err(format!("seed {seed}: no end after {MAX_COMMANDS} commands"));
                    }
                    let side = state.progress().player;
                    let d = players
                        .get_mut(side)
                        .ok_or_else(|| format!("no player for side {side}"))?
                        .next(&state);
                    let (n, applied) = ar
                        .play(node, &d.command, &mut VecDeque::new())
                        .map_err(|x| format!("seed {seed}: {}: {x}", d.described))?;
                    node = n;
                    state = applied.state;
                    commands += 1;
                }
                played.push(summary(&state, commands));
                in_batch.0 += 1;
                if in_batch.0 >= rec.batch || in_batch.1.elapsed() >= BATCH_TIME {
                    ar.commit_batch().map_err(e)?;
                    in_batch.0 = 0;
                }
            }
        }
        reports.push(level_report(lv, &sides, &played));
    }
    ar.commit_batch().map_err(e)?;
    let random = reports.pop().expect("two levels");
    let level = reports.pop().expect("two levels");
    let swings_with_skill = swing(&level, &random);
    Ok(Report {
        scenario: scenario.file.id.clone(),
        level,
        random,
        swings_with_skill,
    })
}

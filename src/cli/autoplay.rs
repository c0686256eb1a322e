//! `kepi autoplay`: seeded games played to the end by computer players (random legal commands,
//! or a level of the computer opponent per side), one line each and a summary, the same
//! whether the games are kept in files, in the archive or not at all. With `--json`, every
//! command is a JSON line with the player that gave it and the terms that chose it.

use super::Outcome;
use super::game::{rules_of, save_game};
use crate::ai::{Opponent, player_name};
use crate::engine::game::{AnyPlayer, AnyRuleset, AnyState, options_from_rules};
use crate::game::GameRecord;
use crate::library::load_scenario;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    scenario: PathBuf,
    /// Seed of the first game; game k uses seed + k for dice and moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 1)]
    games: u64,
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// Save each game as DIR/<scenario>-<seed>.json.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Record every game in this archive, in batches: the games finished in about a second
    /// (at most 32) share one transaction, so a batch is in the file whole or not at all.
    #[arg(long)]
    db: Option<PathBuf>,
    /// With --db: skip every seed whose game is already recorded to its end, so a batch
    /// stopped part way goes on from its last finished game.
    #[arg(long, requires = "db")]
    resume: bool,
    /// With --db: games a transaction holds at most (1: each game alone).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// The level of one side's player, `SIDE=LEVEL` (the side by id or name, any case:
    /// `--side sepoys=standard`); repeat for the other side. Levels: random, and the rule
    /// system's own (`kepi rules` lists each system's).
    #[arg(long = "side", value_name = "SIDE=LEVEL")]
    sides: Vec<String>,
    /// The level of every side not given with `--side`.
    #[arg(long, default_value = "random")]
    level: String,
    /// Every command as a JSON line (game, side, player, command, explanation), then each
    /// game's result as a JSON line.
    #[arg(long)]
    json: bool,
}

/// Who plays each side: the level per side, from `--side` and `--level`.
fn levels(rules: &dyn AnyRuleset, state: &AnyState, a: &Args) -> Result<Vec<String>, String> {
    let sides = state.sides();
    let known = crate::ai::levels(rules);
    let check = |l: &str| {
        if known.contains(&l) {
            Ok(l.to_string())
        } else {
            Err(format!(
                "{} has no level '{l}'; its levels are {}",
                rules.name(),
                known.join(", ")
            ))
        }
    };
    let mut out = vec![check(&a.level)?; sides.len()];
    for s in &a.sides {
        let (who, level) = s
            .split_once('=')
            .ok_or_else(|| format!("--side {s}: write SIDE=LEVEL"))?;
        let i = sides
            .iter()
            .position(|x| x.id.eq_ignore_ascii_case(who) || x.name.eq_ignore_ascii_case(who))
            .ok_or_else(|| {
                format!(
                    "--side {s}: no side '{who}'; the sides are {}",
                    sides
                        .iter()
                        .map(|x| x.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
        out[i] = check(level)?;
    }
    Ok(out)
}

/// The players of one game: all random shares one random player (the games `kepi autoplay`
/// has always played for a seed); otherwise one player per side, side `i` seeded `seed + i`.
enum Seats {
    Shared(Box<dyn AnyPlayer>),
    PerSide(Vec<Opponent>),
}

impl Seats {
    fn new(rules: &dyn AnyRuleset, levels: &[String], seed: u64) -> Result<Seats, String> {
        if levels.iter().all(|l| l == "random") {
            return Ok(Seats::Shared(rules.random_player(seed)));
        }
        levels
            .iter()
            .enumerate()
            .map(|(i, l)| Opponent::new(rules, l, seed.wrapping_add(i as u64)))
            .collect::<Result<Vec<_>, _>>()
            .map(Seats::PerSide)
    }

    /// The next command, and its explanation when the player gives one.
    fn next(&mut self, state: &AnyState) -> (serde_json::Value, String) {
        match self {
            Seats::Shared(p) => {
                let c = p.next(state);
                let d = state.rules().describe_command(state, &c);
                (c, d)
            }
            Seats::PerSide(players) => {
                let side = state.progress().player;
                let d = players[side].next(state);
                (d.command, d.explanation)
            }
        }
    }
}

/// A batch is committed after `--batch` games or once it has been open this long, whichever
/// comes first (other writers wait for it).
const BATCH_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The games' results, by side. Invariant: `wins` sums with `draws` to `games`.
#[derive(Debug, Default)]
struct Tally {
    sides: Vec<String>,
    wins: Vec<u64>,
    draws: u64,
    games: u64,
    game_turns: u64,
}

impl Tally {
    fn new(sides: Vec<String>) -> Tally {
        Tally {
            wins: vec![0; sides.len()],
            sides,
            ..Tally::default()
        }
    }

    /// Count a finished game; the game-turn it ended in.
    fn add(&mut self, state: &AnyState) -> u32 {
        let p = state.progress();
        // A game played to its end finishes in its last game-turn.
        let turn = p.turn.min(p.last_turn);
        match state.outcome().and_then(|o| o.winner) {
            Some(w) if w < self.wins.len() => self.wins[w] += 1,
            _ => self.draws += 1,
        }
        self.games += 1;
        self.game_turns += u64::from(turn);
        turn
    }

    /// "3 games: Sepoys won 2, British won 1, no winner in 0; average length 14.7 game-turns".
    fn summary(&self) -> String {
        let wins: Vec<String> = self
            .sides
            .iter()
            .zip(&self.wins)
            .map(|(s, w)| format!("{s} won {w}"))
            .collect();
        let average = if self.games == 0 {
            0.0
        } else {
            self.game_turns as f64 / self.games as f64
        };
        format!(
            "{} game(s): {}, no winner in {}; average length {average:.1} game-turns",
            self.games,
            wins.join(", "),
            self.draws
        )
    }
}

pub fn run(a: Args) -> Outcome {
    let scenario = load_scenario(&a.scenario).map_err(|p| p.to_string())?;
    let rules = rules_of(&scenario)?;
    let opts = options_from_rules(rules, &scenario, &a.rules)?;
    let mut archive = match &a.db {
        // Generated games are written thousands a second and cheap to make again: synced at
        // checkpoints only (docs/archive.md "Durability").
        Some(_) => Some(
            super::archive::open(&a.db)?
                .with_durability(crate::archive::Durability::Batch)
                .map_err(|e| e.to_string())?,
        ),
        None => None,
    };
    let scenario_hash =
        rules.scenario_hash(&rules.start(&scenario, &opts).map_err(|e| e.to_string())?);
    let mut tally: Option<Tally> = None;
    let mut recorded: Vec<i64> = Vec::new();
    let mut batch = (0usize, std::time::Instant::now());
    let first = rules.start(&scenario, &opts).map_err(|e| e.to_string())?;
    let levels = levels(rules, &first, &a)?;
    let side_names: Vec<String> = first.sides().into_iter().map(|s| s.name).collect();
    let names: Vec<String> = levels.iter().map(|l| player_name(l)).collect();
    let json = a.json;
    let show = |seed: u64, n: usize, state: &AnyState, c: &serde_json::Value, why: &str| {
        if json {
            let side = state.progress().player;
            outln!(
                "{}",
                serde_json::json!({
                    "game": seed, "n": n, "side": side_names[side], "player": names[side],
                    "command": c, "explanation": why,
                })
            );
        }
    };
    for k in 0..a.games {
        let seed = a.seed + k;
        let mut player = Seats::new(rules, &levels, seed)?;
        let mut commands = 0usize;
        if let (Some(ar), true) = (archive.as_ref(), a.resume)
            && let Some(id) = ar
                .finished_game_with_seed(&scenario_hash, seed)
                .map_err(|e| e.to_string())?
        {
            outln!("seed {seed}: recorded already as game {id}");
            recorded.push(id);
            continue;
        }
        let state = if let Some(ar) = archive.as_mut() {
            if batch.0 == 0 {
                ar.begin_batch().map_err(|e| e.to_string())?;
                batch.1 = std::time::Instant::now();
            }
            let id = ar
                .create_game(&scenario, &opts, seed, &names)
                .map_err(|e| e.to_string())?;
            recorded.push(id);
            let mut node = ar.root(id).map_err(|e| e.to_string())?.id;
            let mut state = ar.state_at(node).map_err(|e| e.to_string())?;
            while !state.progress().over {
                let (cmd, why) = player.next(&state);
                show(seed, commands, &state, &cmd, &why);
                let (n, applied) = ar
                    .play(node, &cmd, &mut VecDeque::new())
                    .map_err(|e| format!("seed {seed}: {e}"))?;
                node = n;
                state = applied.state;
                commands += 1;
            }
            batch.0 += 1;
            if batch.0 >= a.batch as usize || batch.1.elapsed() >= BATCH_TIME {
                ar.commit_batch().map_err(|e| e.to_string())?;
                batch.0 = 0;
            }
            state
        } else {
            let mut game = GameRecord::new(&scenario, &opts, seed)?;
            let mut state = rules
                .start(&scenario, &game.options)
                .map_err(|e| e.to_string())?;
            while !state.progress().over {
                let (cmd, why) = player.next(&state);
                show(seed, commands, &state, &cmd, &why);
                let applied = game.play(&state, &cmd, Default::default()).map_err(|e| {
                    format!("seed {seed}: {}: {e}", rules.describe_command(&state, &cmd))
                })?;
                state = applied.state;
                commands += 1;
            }
            if let Some(dir) = &a.save {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
                save_game(
                    &dir.join(format!("{}-{seed}.json", scenario.file.id)),
                    &game,
                )?;
            }
            state
        };
        let tally = tally
            .get_or_insert_with(|| Tally::new(state.sides().into_iter().map(|s| s.name).collect()));
        let turn = tally.add(&state);
        let (winner, reason) = state.result_words().unwrap_or_default();
        if json {
            outln!(
                "{}",
                serde_json::json!({
                    "game": seed, "result": winner, "reason": reason, "commands": commands,
                    "game_turns": turn, "players": names,
                })
            );
        } else {
            outln!(
                "seed {seed}: {winner} after {commands} commands in {turn} game-turns: {reason}"
            );
        }
    }
    if let Some(ar) = archive.as_mut() {
        ar.commit_batch().map_err(|e| e.to_string())?;
    }
    if let Some(t) = &tally
        && !json
    {
        if levels.iter().any(|l| l != "random") {
            let who: Vec<String> = side_names
                .iter()
                .zip(&names)
                .map(|(s, n)| format!("{s}: {n}"))
                .collect();
            outln!("players: {}", who.join(", "));
        }
        outln!("{}", t.summary());
    }
    if let (Some(ar), Some(first), Some(last)) = (&archive, recorded.first(), recorded.last()) {
        outln!(
            "recorded in {} as game(s) {first} to {last}",
            ar.path().display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_wins_by_side_draws_and_the_average_length() {
        let mut t = Tally::new(vec!["Sepoys".into(), "British".into()]);
        t.wins = vec![2, 1];
        t.draws = 1;
        t.games = 4;
        t.game_turns = 7 + 20 + 20 + 12;
        assert_eq!(
            t.summary(),
            "4 game(s): Sepoys won 2, British won 1, no winner in 1; \
             average length 14.8 game-turns"
        );
    }
}

//! `kepi balance`: a scenario's balance by self-play at a level and at random
//! ([`crate::ai::balance`]): each side's win rate with its 95 % Wilson interval, draws, the
//! average length, which victory conditions decided the games, and whether the result swings
//! with the players' skill.

use super::Outcome;
use super::game::rules_of;
use crate::ai::balance::{LevelReport, balance};
use crate::engine::game::options_from_rules;
use crate::library::load_scenario;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    scenario: PathBuf,
    /// Games at the level (rounded up to pairs); as many are played at the random level.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The level both sides play at: random, or the rule system's own (Rifle & Saber and
    /// Age of Rifles: standard, strong).
    #[arg(long, default_value = "standard")]
    level: String,
    /// Dice seed of the first pair; pair k uses seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// The report as JSON.
    #[arg(long)]
    json: bool,
    /// Record every game in this archive, in batches as `kepi autoplay --db` does (a batch is
    /// in the file whole or not at all); the games are then played on one thread. Each game's
    /// players are named by level and seed ("standard (seed 6)").
    #[arg(long)]
    db: Option<PathBuf>,
    /// With --db: take every game already recorded to its end (same scenario, dice seed and
    /// players) from the archive instead of playing it, so a stopped run goes on from its last
    /// finished game.
    #[arg(long, requires = "db")]
    resume: bool,
    /// With --db: games a transaction holds at most.
    #[arg(long, default_value_t = 32, requires = "db")]
    batch: u32,
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn print_level(r: &LevelReport) {
    let sides: Vec<String> = r
        .sides
        .iter()
        .map(|s| {
            format!(
                "{} {} ({} won, 95 % interval {}-{})",
                s.side,
                pct(s.rate),
                s.wins,
                pct(s.low),
                pct(s.high)
            )
        })
        .collect();
    outln!(
        "{}: {}; draws {}; average length {:.1} game-turns",
        r.level,
        sides.join(", "),
        r.draws,
        r.average_turns
    );
    for (why, n) in &r.decided_by {
        outln!("  {n:>5} decided by: {why}");
    }
}

pub fn run(a: Args) -> Outcome {
    let scenario = load_scenario(&a.scenario).map_err(|p| p.to_string())?;
    let rules = rules_of(&scenario)?;
    let opts = options_from_rules(rules, &scenario, &a.rules)?;
    let known = crate::ai::levels(rules);
    if !known.contains(&a.level.as_str()) {
        return Err(format!(
            "{} has no level '{}'; its levels are {}",
            rules.name(),
            a.level,
            known.join(", ")
        ));
    }
    let report = match &a.db {
        Some(_) => super::balance_recorded::balance_recorded(
            rules,
            &scenario,
            &opts,
            &a.level,
            a.games,
            a.seed,
            &super::balance_recorded::Recording {
                db: a.db.clone(),
                resume: a.resume,
                batch: a.batch.max(1) as usize,
            },
        )?,
        None => balance(
            rules, &scenario, &opts, &a.level, a.games, a.seed, a.threads,
        )?,
    };
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&report).expect("reports serialize")
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{} ({}): {} games at each level, paired seeds {}-{} with the seats swapped",
        scenario.file.title,
        scenario.file.id,
        report.level.games,
        a.seed,
        a.seed + report.level.games / 2 - 1
    );
    print_level(&report.level);
    print_level(&report.random);
    match &report.swings_with_skill {
        Some(why) => outln!("swings with skill: {why}"),
        None => outln!("no swing with skill: the same side is favoured at both levels"),
    }
    Ok(ExitCode::SUCCESS)
}

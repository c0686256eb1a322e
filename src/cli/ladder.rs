//! `kepi ladder`: the computer levels on one Elo scale ([`crate::ai::ladder`]), each measured
//! against the level below it on paired games over one or more scenarios in turn.

use super::Outcome;
use super::sprt::load_games;
use crate::ai::ladder::{Ladder, Rung, run as ladder};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Scenarios, played in turn: pair k of each rung is played on the (k mod n)-th.
    #[arg(required = true)]
    scenarios: Vec<PathBuf>,
    /// The levels, weakest first, comma-separated (default: every level of the first
    /// scenario's rule system, "random" first).
    #[arg(long, value_delimiter = ',')]
    levels: Vec<String>,
    /// Pairs of games a rung (each pair: two games on one dice seed, seats swapped).
    #[arg(long, default_value_t = 20)]
    pairs: u64,
    /// Dice seed of the first pair; pair k uses seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Pairs played at once, one a thread.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The ladder as JSON.
    #[arg(long)]
    json: bool,
}

fn signed(x: Option<f64>, open: &str) -> String {
    x.map_or(open.into(), |x| format!("{x:+.0}"))
}

fn rung_line(r: &Rung) -> String {
    format!(
        "{} against {}: {} pairs, +{} ={} -{}, score {:.1} %, {:+.0} Elo [{}, {}]",
        r.candidate,
        r.against,
        r.pairs,
        r.wins,
        r.draws,
        r.losses,
        r.score * 100.0,
        r.elo,
        signed(r.low, "open"),
        signed(r.high, "open")
    )
}

fn table(l: &Ladder) -> String {
    let w = l
        .places
        .iter()
        .map(|p| p.level.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = format!("{:w$}  {:>6}  95 % interval\n", "level", "Elo");
    for (i, p) in l.places.iter().enumerate() {
        let interval = if i == 0 {
            "(the anchor)".to_string()
        } else {
            format!("[{}, {}]", signed(p.low, "open"), signed(p.high, "open"))
        };
        out.push_str(&format!("{:w$}  {:>+6.0}  {interval}\n", p.level, p.elo));
    }
    out
}

pub fn run(a: Args) -> Outcome {
    if a.pairs == 0 {
        return Err("--pairs must be at least 1".into());
    }
    let levels: Vec<String> = if a.levels.is_empty() {
        let first = load_games(&a.scenarios[..1], &[])?;
        crate::ai::levels(first[0].0)
            .into_iter()
            .map(String::from)
            .collect()
    } else {
        a.levels.iter().map(|l| l.trim().to_string()).collect()
    };
    if levels.len() < 2 {
        return Err(format!(
            "--levels needs at least two levels, weakest first (got {})",
            levels.join(",")
        ));
    }
    for (i, l) in levels.iter().enumerate() {
        if levels[..i].contains(l) {
            return Err(format!("--levels names '{l}' twice"));
        }
    }
    let names: Vec<&str> = levels.iter().map(String::as_str).collect();
    let games = load_games(&a.scenarios, &names)?;
    let json = a.json;
    let l = ladder(&games, &names, a.pairs, a.seed, a.threads, |r| {
        if !json {
            outln!("{}", rung_line(r));
        }
    })?;
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&l).expect("ladders serialize")
        );
    } else {
        out!("{}", table(&l));
    }
    Ok(ExitCode::SUCCESS)
}

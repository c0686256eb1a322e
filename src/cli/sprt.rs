//! `kepi sprt`: one computer level against another by a sequential probability ratio test
//! ([`crate::ai::sprt`]), over one or more scenarios in turn, pairs of games on the same dice
//! with the seats swapped, until the test accepts a hypothesis or the pairs allowed run out.

use super::Outcome;
use super::game::rules_of;
use crate::ai::sprt::{Hypotheses, Verdict, run as sprt};
use crate::engine::game::AnyRuleset;
use crate::engine::game::options_from_rules;
use crate::library::load_scenario;
use crate::scenario::Scenario;
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Scenarios, played in turn: pair k is played on the (k mod n)-th.
    #[arg(required = true)]
    scenarios: Vec<PathBuf>,
    /// The candidate level.
    #[arg(long, default_value = "strong")]
    candidate: String,
    /// The level it is tested against.
    #[arg(long, default_value = "standard")]
    against: String,
    /// H0: the candidate is this many Elo points stronger (at most).
    #[arg(long, default_value_t = 0.0)]
    elo0: f64,
    /// H1: the candidate is this many Elo points stronger (at least).
    #[arg(long, default_value_t = 50.0)]
    elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Pairs of games played at most; the test stays open if no bound is crossed by then.
    #[arg(long, default_value_t = 200)]
    max_pairs: u64,
    /// Dice seed of the first pair; pair k uses seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Pairs played at once, one a thread.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The verdict as JSON.
    #[arg(long)]
    json: bool,
}

/// The scenarios with their rule systems and default options, each checked to have every one
/// of `levels`.
pub(super) type Games = Vec<(&'static dyn AnyRuleset, Scenario, Value)>;

pub(super) fn load_games(paths: &[PathBuf], levels: &[&str]) -> Result<Games, String> {
    let mut games = Vec::new();
    for path in paths {
        let scenario = load_scenario(path).map_err(|p| p.to_string())?;
        let rules = rules_of(&scenario)?;
        let known = crate::ai::levels(rules);
        for l in levels {
            if !known.contains(l) {
                return Err(format!(
                    "{}: {} has no level '{l}'; its levels are {}",
                    path.display(),
                    rules.name(),
                    known.join(", ")
                ));
            }
        }
        let opts = options_from_rules(rules, &scenario, &[])?;
        games.push((rules, scenario, opts));
    }
    Ok(games)
}

fn line(v: &Verdict) -> String {
    format!(
        "{} pairs: +{} ={} -{}, score {:.1} % ({:+.0} Elo), LLR {:.2} in [{:.2}, {:.2}]",
        v.pairs,
        v.wins,
        v.draws,
        v.losses,
        v.score * 100.0,
        v.elo,
        v.llr,
        v.lower,
        v.upper
    )
}

pub fn run(a: Args) -> Outcome {
    let h = Hypotheses {
        elo0: a.elo0,
        elo1: a.elo1,
        alpha: a.alpha,
        beta: a.beta,
    };
    if h.elo0.is_nan() || h.elo1.is_nan() || h.elo1 <= h.elo0 {
        return Err(format!(
            "--elo1 ({}) must be above --elo0 ({})",
            h.elo1, h.elo0
        ));
    }
    for (name, x) in [("--alpha", h.alpha), ("--beta", h.beta)] {
        if x.is_nan() || x <= 0.0 || x >= 0.5 {
            return Err(format!("{name} must be between 0 and 0.5, not {x}"));
        }
    }
    let games = load_games(&a.scenarios, &[&a.candidate, &a.against])?;
    let json = a.json;
    let v = sprt(
        &games,
        [&a.candidate, &a.against],
        &h,
        a.max_pairs,
        a.seed,
        a.threads,
        |v| {
            if !json {
                outln!("{}", line(v));
            }
        },
    )?;
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).expect("verdicts serialize")
        );
        return Ok(ExitCode::SUCCESS);
    }
    let (c, o) = (&a.candidate, &a.against);
    match v.accepted.as_str() {
        "H1" => outln!(
            "H1 accepted: {c} is at least {} Elo stronger than {o} (alpha {}, beta {})",
            h.elo1,
            h.alpha,
            h.beta
        ),
        "H0" => outln!(
            "H0 accepted: {c} is not {} Elo stronger than {o} (at most {}; alpha {}, beta {})",
            h.elo1,
            h.elo0,
            h.alpha,
            h.beta
        ),
        _ => outln!(
            "no verdict after {} pairs: the LLR stayed between the bounds",
            v.pairs
        ),
    }
    Ok(ExitCode::SUCCESS)
}

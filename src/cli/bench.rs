//! `kepi bench`: the speed figures the issues name, measured on the shipped content.

use super::Outcome;
use kepi::engine::dice::SeededDice;
use kepi::engine::rs::autoplay::Policy;
use kepi::engine::rs::board::Board;
use kepi::engine::rs::movement::{reachable_on, search};
use kepi::engine::rs::state::{Phase, State};
use kepi::engine::rs::{Command, GameOptions};
use kepi::engine::{RifleAndSaber, Ruleset};
use kepi::library::load_scenario;
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
}

fn percentile(mut v: Vec<Duration>, p: f64) -> Duration {
    v.sort();
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// Play with the random policy until `stop` holds.
fn play_until(mut s: State, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut dice = SeededDice::new(seed);
    let mut policy = Policy::new(seed);
    while !stop(&s) && s.phase != Phase::Over {
        let c = policy.next(&s);
        s = RifleAndSaber
            .apply(&s, &c, &mut dice)
            .expect("policy commands apply")
            .0;
    }
    s
}

pub fn run(a: Args) -> Outcome {
    let path = |id: &str| a.scenarios.join(format!("{id}.json"));
    // 1. Legal moves for every unit of a large position: Plevna (Green Hills), 66 units.
    let plevna = load_scenario(&path("rs-13-plevna-green-hills")).map_err(|p| p.to_string())?;
    let start = RifleAndSaber
        .start(&plevna, &GameOptions::default())
        .map_err(|e| e.to_string())?;
    let units = start.units.len();
    let s = play_until(start, 7, |s| s.phase == Phase::Movement && s.turn >= 2);
    let movers: Vec<usize> = s.on_map(s.player).collect();
    let mut times = Vec::new();
    for _ in 0..a.runs {
        let t = Instant::now();
        let mut n = 0;
        let board = Board::new(&s);
        for &u in &movers {
            n += search(&s, &board, u, false).len();
        }
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    println!(
        "legal moves (every reachable hex of every unit), {} units of a {}-unit position ({}): \
         median {}, p99 {}",
        movers.len(),
        units,
        plevna.file.title,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99))
    );
    let mut times = Vec::new();
    for _ in 0..a.runs {
        let t = Instant::now();
        let board = Board::new(&s);
        let n: usize = movers
            .iter()
            .map(|&u| reachable_on(&s, &board, u, false).len())
            .sum();
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    println!(
        "the same with every path built: median {}",
        ms(percentile(times, 0.5))
    );
    let mut times = Vec::new();
    for _ in 0..a.runs {
        let t = Instant::now();
        let n = RifleAndSaber.legal(&s).len();
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    println!(
        "all legal commands of that position: median {}",
        ms(percentile(times, 0.5))
    );
    // 2. One seeded random game of a 20-turn scenario: Fatehpur.
    let fatehpur = load_scenario(&path("rs-01-fatehpur")).map_err(|p| p.to_string())?;
    let mut times = Vec::new();
    let mut commands = 0;
    for seed in 0..a.runs as u64 {
        let s = RifleAndSaber
            .start(&fatehpur, &GameOptions::default())
            .map_err(|e| e.to_string())?;
        let t = Instant::now();
        let mut dice = SeededDice::new(seed);
        let mut policy = Policy::new(seed);
        let mut s = s;
        while s.phase != Phase::Over {
            let c: Command = policy.next(&s);
            s = RifleAndSaber.apply(&s, &c, &mut dice).expect("applies").0;
            commands += 1;
        }
        times.push(t.elapsed());
    }
    println!(
        "one seeded random game of {} ({} game-turns): median {}, p99 {} ({} commands a game)",
        fatehpur.file.title,
        fatehpur.file.game_length,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / a.runs as usize
    );
    Ok(ExitCode::SUCCESS)
}

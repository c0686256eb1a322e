//! Rifle & Saber's figures in `kepi bench`'s default run ([`crate::engine::ruleset::BenchFigures`]),
//! measured on its shipped scenarios through its own types: the legal moves of a large position
//! (Plevna, Green Hills), one seeded random game of a 20-turn scenario (Fatehpur), the same games
//! through the generic game layer, and a standard-level and a strong-level player-turn of its
//! scenario with the most units (issue 18). Measurement only: the rules never read a clock.

use super::ai::Standard;
use super::autoplay::Policy;
use super::board::Board;
use super::movement::{reachable_on, search};
use super::ruleset::{KEY, RifleAndSaber};
use super::state::{Phase, State};
use super::{Command, GameOptions};
use crate::engine::Ruleset;
use crate::engine::dice::SeededDice;
use crate::library::load_scenario;
use crate::timing::{ms, percentile};
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// Every figure, on the scenarios of `dir`, each line given to `print` as it is measured.
pub fn figures(dir: &Path, runs: u32, print: &mut dyn FnMut(String)) -> Result<(), String> {
    let path = |id: &str| dir.join(format!("{id}.json"));
    // 1. Legal moves for every unit of a large position: Plevna (Green Hills), 66 units.
    let plevna = load_scenario(&path("rs-13-plevna-green-hills")).map_err(|p| p.to_string())?;
    let start = RifleAndSaber
        .start(&plevna, &GameOptions::default())
        .map_err(|e| e.to_string())?;
    let units = start.units.len();
    let s = play_until(start, 7, |s| s.phase == Phase::Movement && s.turn >= 2);
    let movers: Vec<usize> = s.on_map(s.player).collect();
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0;
        let board = Board::new(&s);
        for &u in &movers {
            n += search(&s, &board, u, false).len();
        }
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    print(format!(
        "legal moves (every reachable hex of every unit), {} units of a {}-unit position ({}): \
         median {}, p99 {}",
        movers.len(),
        units,
        plevna.file.title,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99))
    ));
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let board = Board::new(&s);
        let n: usize = movers
            .iter()
            .map(|&u| reachable_on(&s, &board, u, false).len())
            .sum();
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    print(format!(
        "the same with every path built: median {}",
        ms(percentile(times, 0.5))
    ));
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let n = RifleAndSaber.legal(&s).len();
        times.push(t.elapsed());
        std::hint::black_box(n);
    }
    print(format!(
        "all legal commands of that position: median {}",
        ms(percentile(times, 0.5))
    ));
    // 2. One seeded random game of a 20-turn scenario: Fatehpur.
    let fatehpur = load_scenario(&path("rs-01-fatehpur")).map_err(|p| p.to_string())?;
    let mut times = Vec::new();
    let mut commands = 0;
    for seed in 0..runs as u64 {
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
    print(format!(
        "one seeded random game of {} ({} game-turns): median {}, p99 {} ({} commands a game)",
        fatehpur.file.title,
        fatehpur.file.game_length,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs as usize
    ));
    // 3. The same games through the generic game layer (erased states, commands as JSON), as
    // the archive, game files and the app play them: the layer's own cost.
    let rules = crate::engine::game::registry::get(fatehpur.file.ruleset.key())?;
    let mut times = Vec::new();
    for seed in 0..runs as u64 {
        let s = rules
            .start(&fatehpur, &serde_json::Value::Null)
            .map_err(|e| e.to_string())?;
        let t = Instant::now();
        let mut dice = SeededDice::new(seed);
        let mut player = rules.random_player(seed);
        let mut s = s;
        while !s.progress().over {
            let c = player.next(&s);
            s = rules.apply(&s, &c, &mut dice).expect("applies").state;
        }
        times.push(t.elapsed());
    }
    print(format!(
        "the same games through the generic game layer (commands as JSON): median {}, p99 {}",
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
    ));
    // A strong player-turn plays some 70 standard ones in its playouts: fewer runs.
    for (level, runs) in [("standard", runs), ("strong", runs.clamp(1, 10))] {
        if let Some(line) = level_turn(dir, runs, level)? {
            print(line);
        }
    }
    Ok(())
}

/// A player-turn of a computer level (issue 18: standard at most 50 ms, strong at most 2 s) in
/// the shipped scenario with the most units, from the start of the first side's player-turn of
/// game-turn 3 of a standard game against random play: every command of that player-turn chosen
/// (its fire, movement and shock; the strong level's planning with it) and applied, the
/// enemy's retreat choices answered by random play. None when the folder has no scenario of
/// the system.
fn level_turn(dir: &Path, runs: u32, level: &str) -> Result<Option<String>, String> {
    let mut largest: Option<(usize, crate::scenario::Scenario)> = None;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    for p in paths {
        let sc = load_scenario(&p).map_err(|e| e.to_string())?;
        // Rifle & Saber's standard level plays Rifle & Saber's scenarios only (the folder also
        // ships other systems', whose figures `--game` measures).
        if sc.file.ruleset.key() != KEY {
            continue;
        }
        let n = RifleAndSaber
            .start(&sc, &GameOptions::default())
            .map_err(|e| e.to_string())?
            .units
            .len();
        if largest.as_ref().is_none_or(|(m, _)| n > *m) {
            largest = Some((n, sc));
        }
    }
    let Some((units, sc)) = largest else {
        return Ok(None);
    };
    let start = RifleAndSaber
        .start(&sc, &GameOptions::default())
        .map_err(|e| e.to_string())?;
    let side = start.setup.moves_first;
    // Standard against random until game-turn 3 begins.
    let mut s = start;
    let mut dice = SeededDice::new(3);
    let mut standard = Standard::new(3);
    let mut random = Policy::new(3);
    while !(s.turn >= 3 && s.player == side && s.phase == Phase::Fire && s.pending.is_none())
        && s.phase != Phase::Over
    {
        let acting = s.pending.as_ref().map(|p| p.side()).unwrap_or(s.player);
        let c = if acting == side {
            standard.decide(&s).0
        } else {
            random.next(&s)
        };
        s = RifleAndSaber.apply(&s, &c, &mut dice).expect("applies").0;
    }
    let mut times = Vec::new();
    let mut commands = 0usize;
    for r in 0..runs.max(1) as u64 {
        let mut t_state = s.clone();
        let mut dice = SeededDice::new(r);
        let mut random = Policy::new(r);
        let t = Instant::now();
        let mut player = RifleAndSaber
            .computer_player(level, r)
            .ok_or_else(|| format!("Rifle & Saber has no level '{level}'"))?;
        while t_state.phase != Phase::Over && (t_state.player == side || t_state.pending.is_some())
        {
            let acting = t_state
                .pending
                .as_ref()
                .map(|p| p.side())
                .unwrap_or(t_state.player);
            let c = if acting == side {
                player.next(&t_state)
            } else {
                random.next(&t_state)
            };
            t_state = RifleAndSaber
                .apply(&t_state, &c, &mut dice)
                .expect("applies")
                .0;
            commands += 1;
        }
        times.push(t.elapsed());
    }
    Ok(Some(format!(
        "a {}-level player-turn of {} ({} units, {} on game-turn {}): median {}, p99 {} \
         ({} commands a player-turn)",
        level,
        sc.file.title,
        units,
        s.setup.sides[side].name,
        s.turn,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs.max(1) as usize
    )))
}

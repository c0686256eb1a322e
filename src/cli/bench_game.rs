//! `kepi bench --game SCENARIO`: the speed figures every rule system's issue names, for any
//! registered system, through the same erased interface the CLI, the archive and the app use
//! (commands as JSON): one seeded random game played to its end (goal: at most 50 ms), the legal
//! commands of the slowest position met in those games (at most 1 ms: the engine's list; the
//! same list turned into JSON is timed beside it), and for each computer level the system has,
//! its commands of one game-turn (standard: at most 50 ms).

use crate::engine::dice::SeededDice;
use crate::engine::game::{AnyRuleset, AnyState, options_from_rules, registry};
use crate::scenario::Scenario;
use crate::timing::{ms, percentile};
use std::time::{Duration, Instant};

/// The game-turn whose commands a level's figure times (or the last, in a shorter game).
const LEVEL_TURN: u32 = 6;

pub fn run(scenario: &Scenario, runs: u32) -> Result<(), String> {
    let rules = registry::get(scenario.file.ruleset.key())?;
    let options = options_from_rules(rules, scenario, &[])?;
    let root = rules.start(scenario, &options).map_err(|e| e.to_string())?;
    let runs = runs.max(1);
    let name = rules.name();
    // One seeded random game to its end, per seed.
    let mut times = Vec::new();
    let mut commands = 0usize;
    for seed in 0..runs as u64 {
        let t = Instant::now();
        commands += random_game(rules, &root, seed, |_| {})?;
        times.push(t.elapsed());
    }
    outln!(
        "{name}: one seeded random game of {} ({} game-turns): median {}, p99 {} ({} commands \
         a game)",
        scenario.file.title,
        scenario.file.game_length,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs as usize
    );
    // The slowest position: the one whose legal commands took longest to list over the same
    // games (played again apart from the timed ones), then measured again on its own.
    let mut slowest = (Duration::ZERO, root.clone());
    for seed in 0..runs as u64 {
        random_game(rules, &root, seed, |s| {
            let t = Instant::now();
            std::hint::black_box(rules.legal(s).len());
            let took = t.elapsed();
            if took > slowest.0 {
                slowest = (took, s.clone());
            }
        })?;
    }
    let s = slowest.1;
    let n = rules.legal(&s).len();
    let time = |f: &dyn Fn() -> usize| {
        let mut times = Vec::new();
        for _ in 0..runs.max(20) {
            let t = Instant::now();
            std::hint::black_box(f());
            times.push(t.elapsed());
        }
        times
    };
    let listed = time(&|| rules.legal_len(&s));
    let as_json = time(&|| rules.legal(&s).len());
    let p = s.progress();
    outln!(
        "{name}: all legal commands of the slowest position met ({n} commands, game-turn {} \
         {}): median {}, p99 {} (the engine's list); median {}, p99 {} as JSON (the list the \
         views and the archive read)",
        p.turn,
        p.phase,
        ms(percentile(listed.clone(), 0.5)),
        ms(percentile(listed, 0.99)),
        ms(percentile(as_json.clone(), 0.5)),
        ms(percentile(as_json, 0.99))
    );
    for level in rules.levels() {
        // A level that plays out whole lines (the strong one) is measured fewer times.
        let runs = if level == "standard" {
            runs
        } else {
            runs.clamp(1, 10)
        };
        level_turn(rules, scenario, &root, runs, level)?;
    }
    if rules.levels().is_empty() {
        outln!("{name}: no computer level besides random play yet");
    }
    Ok(())
}

/// Play a seeded random game from `root` to its end, calling `each` on every position before
/// its command; the number of commands.
fn random_game(
    rules: &dyn AnyRuleset,
    root: &AnyState,
    seed: u64,
    mut each: impl FnMut(&AnyState),
) -> Result<usize, String> {
    let mut player = rules.random_player(seed);
    let mut dice = SeededDice::new(seed);
    let mut s = root.clone();
    let mut n = 0;
    while !s.progress().over {
        each(&s);
        let c = player.next(&s);
        s = rules
            .apply(&s, &c, &mut dice)
            .map_err(|e| format!("seed {seed}: {e}"))?
            .state;
        n += 1;
    }
    Ok(n)
}

/// A computer level's commands of one game-turn: from the first position of game-turn 6 (or
/// the last), reached by random play (seed 3), the side to act there plays at `level` until
/// the game-turn ends, its enemy by random play; only the level's choosing is timed (each run
/// seeded apart: dice and players).
fn level_turn(
    rules: &dyn AnyRuleset,
    scenario: &Scenario,
    root: &AnyState,
    runs: u32,
    level: &str,
) -> Result<(), String> {
    let turn = LEVEL_TURN.min(root.progress().last_turn.max(1));
    let mut s = root.clone();
    let mut dice = SeededDice::new(3);
    let mut random = rules.random_player(3);
    while !s.progress().over && (s.progress().turn < turn || s.progress().deploying) {
        let c = random.next(&s);
        s = rules
            .apply(&s, &c, &mut dice)
            .map_err(|e| e.to_string())?
            .state;
    }
    if s.progress().over {
        return Err(format!("the game ended before game-turn {turn}"));
    }
    let side = s.progress().player;
    let turn = s.progress().turn;
    let mut times = Vec::new();
    let mut commands = 0usize;
    for r in 0..runs as u64 {
        let mut t_state = s.clone();
        let mut dice = SeededDice::new(r);
        let mut random = rules.random_player(r);
        let mut player = rules.player(level, r)?;
        let mut took = Duration::ZERO;
        while !t_state.progress().over && t_state.progress().turn == turn {
            let c = if t_state.progress().player == side {
                let t = Instant::now();
                let c = player.next(&t_state);
                took += t.elapsed();
                commands += 1;
                c
            } else {
                random.next(&t_state)
            };
            t_state = rules
                .apply(&t_state, &c, &mut dice)
                .map_err(|e| format!("run {r}: {e}"))?
                .state;
        }
        times.push(took);
    }
    let on_map = rules
        .board(&s)
        .counters
        .iter()
        .filter(|c| c.place == crate::engine::counters::Place::Map)
        .count();
    let sides = s.sides();
    outln!(
        "{}: the {level} level's commands of one game-turn of {} ({} counters on the map, {} on \
         game-turn {turn}): median {}, p99 {} ({} commands)",
        rules.name(),
        scenario.file.title,
        on_map,
        sides.get(side).map(|x| x.name.as_str()).unwrap_or("?"),
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs as usize
    );
    Ok(())
}

//! `kepi bench --age-of-rifles`: issue 15's two figures for Age of Rifles: the legal commands of
//! the largest position met in seeded random games of a scenario (goal: at most 1 ms), and one
//! seeded random game played to its end (goal: at most 50 ms).

use super::bench::{ms, percentile};
use crate::engine::dice::SeededDice;
use crate::engine::{AgeOfRifles, Ruleset};
use crate::scenario::Scenario;
use std::time::Instant;

pub fn run(scenario: &Scenario, runs: u32) -> Result<(), String> {
    let runs = runs.max(1);
    let root = AgeOfRifles
        .start(scenario, &Default::default())
        .map_err(|e| e.to_string())?;
    // The largest position: the one whose legal commands took longest to list over `runs`
    // seeded games (then measured again on its own).
    let mut largest = (std::time::Duration::ZERO, root.clone());
    let mut times = Vec::new();
    let mut commands = 0usize;
    for seed in 0..runs as u64 {
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let t = Instant::now();
        while !AgeOfRifles.progress(&s).over {
            let c = player.next(&s);
            s = AgeOfRifles
                .apply(&s, &c, &mut dice)
                .map_err(|e| format!("seed {seed}: {e}"))?
                .0;
            commands += 1;
        }
        times.push(t.elapsed());
        // Measured apart from the timed game: every position of the same game again.
        let mut player = AgeOfRifles.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while !AgeOfRifles.progress(&s).over {
            let t = Instant::now();
            std::hint::black_box(AgeOfRifles.legal(&s).len());
            let took = t.elapsed();
            if took > largest.0 {
                largest = (took, s.clone());
            }
            let c = player.next(&s);
            s = AgeOfRifles.apply(&s, &c, &mut dice).expect("replays").0;
        }
    }
    outln!(
        "Age of Rifles: one seeded random game of {} ({} game-turns): median {}, p99 {} ({} \
         commands a game)",
        scenario.file.title,
        scenario.file.game_length,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs as usize
    );
    let (_, s) = largest;
    let n = AgeOfRifles.legal(&s).len();
    let mut times = Vec::new();
    for _ in 0..runs.max(20) {
        let t = Instant::now();
        let k = AgeOfRifles.legal(&s).len();
        times.push(t.elapsed());
        std::hint::black_box(k);
    }
    let p = AgeOfRifles.progress(&s);
    outln!(
        "Age of Rifles: all legal commands of the slowest position met ({n} commands, game-turn \
         {} {}): median {}, p99 {}",
        p.turn,
        p.phase,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99))
    );
    Ok(())
}

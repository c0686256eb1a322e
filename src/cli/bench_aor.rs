//! `kepi bench --age-of-rifles`: issue 15's two figures for Age of Rifles: the legal commands of
//! the largest position met in seeded random games of a scenario (goal: at most 1 ms), and one
//! seeded random game played to its end (goal: at most 50 ms); and issue 18's figures for the
//! computer levels: a standard player-turn (goal: at most 50 ms) and a strong one (at most 2 s).

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
    level_turn(scenario, &root, runs, "standard")?;
    // A strong player-turn plays some 70 standard ones in its playouts: fewer runs.
    level_turn(scenario, &root, runs.clamp(1, 10), "strong")
}

/// A player-turn of a computer level (issue 18: standard at most 50 ms, strong at most 2 s):
/// the side that moves first, from the start of its player-turn of game-turn 6 of a game of
/// the standard level against random play (dice seed 3), every command of that player-turn
/// chosen (the strong level's planning with it) and applied (its bombardments, charges, moves
/// and assaults), the enemy's choices in its assaults answered by random play. Each run is
/// seeded apart (dice and players).
fn level_turn(
    scenario: &Scenario,
    root: &crate::engine::age_of_rifles::state::State,
    runs: u32,
    level: &str,
) -> Result<(), String> {
    use crate::engine::age_of_rifles::ai::Standard;
    use crate::engine::age_of_rifles::state::Phase;
    let side = root.setup().moves_first;
    let turn = 6.min(root.setup().game_length);
    let mut s = root.clone();
    let mut dice = SeededDice::new(3);
    let mut standard = Standard::new(3);
    let mut random = AgeOfRifles.random_player(3);
    let at_start = |s: &crate::engine::age_of_rifles::state::State| {
        s.turn >= turn
            && s.phase == Phase::Bombardment
            && s.phasing() == side
            && s.player == side
            && s.combat.is_none()
    };
    while !at_start(&s) && !AgeOfRifles.progress(&s).over {
        let c = if s.player == side {
            standard.decide(&s).0
        } else {
            random.next(&s)
        };
        s = AgeOfRifles
            .apply(&s, &c, &mut dice)
            .map_err(|e| e.to_string())?
            .0;
    }
    if AgeOfRifles.progress(&s).over {
        return Err(format!("the game ended before game-turn {turn}"));
    }
    let mut times = Vec::new();
    let mut commands = 0usize;
    for r in 0..runs.max(1) as u64 {
        let mut t_state = s.clone();
        let mut dice = SeededDice::new(r);
        let mut random = AgeOfRifles.random_player(r);
        let t = Instant::now();
        let mut player = AgeOfRifles
            .computer_player(level, r)
            .ok_or_else(|| format!("Age of Rifles has no level '{level}'"))?;
        while !AgeOfRifles.progress(&t_state).over
            && t_state.phasing() == side
            && t_state.phase != Phase::Command
            && t_state.turn == s.turn
        {
            let c = if t_state.player == side {
                player.next(&t_state)
            } else {
                random.next(&t_state)
            };
            t_state = AgeOfRifles
                .apply(&t_state, &c, &mut dice)
                .map_err(|e| format!("run {r}: {e}"))?
                .0;
            commands += 1;
        }
        times.push(t.elapsed());
    }
    let on_map = s
        .units
        .iter()
        .filter(|u| matches!(u.loc, crate::engine::age_of_rifles::state::Loc::At(_)))
        .count();
    outln!(
        "Age of Rifles: a {level}-level player-turn of {} ({} units on the map, {} on game-turn \
         {}): median {}, p99 {} ({} commands a player-turn)",
        scenario.file.title,
        on_map,
        s.setup().sides[side].1,
        s.turn,
        ms(percentile(times.clone(), 0.5)),
        ms(percentile(times, 0.99)),
        commands / runs.max(1) as usize
    );
    Ok(())
}

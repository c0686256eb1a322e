//! Objectives and distances (19C Victory, Kepi's reading: an objective is held by the last
//! side with a unit in it, each enemy unit eliminated is a point, the side with more points
//! after the last game-turn wins): what standing in a hex is worth, where a unit is pulled,
//! and the guard's verdict on the last game-turn.

use super::super::board::fighting;
use super::super::section::Kind;
use super::super::state::State;
use super::super::victory;
use super::roads::Distances;
use super::weights::Weights;
use crate::ai::candidates::Verdict;
use crate::map::HexCoord;

/// The nearest enemy unit that fights, from `h`: (unit, hexes).
pub fn nearest_enemy(s: &State, side: usize, h: HexCoord) -> Option<(usize, u32)> {
    let g = &s.setup().grid;
    (0..s.units.len())
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e))
        .filter_map(|e| s.units[e].hex.map(|x| (e, g.distance(h, x))))
        .min_by_key(|&(e, d)| (d, e))
}

/// Whether an enemy unit could reach and fight for `h` soon: within its move and two hexes.
fn contested(s: &State, side: usize, h: HexCoord) -> bool {
    let g = &s.setup().grid;
    (0..s.units.len()).any(|e| {
        let d = &s.setup().units[e];
        d.side != side
            && fighting(s, e)
            && s.units[e]
                .hex
                .is_some_and(|x| g.distance(h, x) <= d.move_hexes + 2)
    })
}

/// What `u` standing in `h` is worth for the objectives: taking one the enemy holds, holding
/// one of its side's the enemy could come to (a commander too: no unit enters an enemy's hex,
/// 19C Movement, so a commander in it keeps the enemy out).
pub fn place(s: &State, u: usize, h: HexCoord, w: &Weights) -> (f64, String) {
    let setup = s.setup();
    let d = &setup.units[u];
    let side = d.side;
    for (i, &(o, p)) in setup.objectives.iter().enumerate() {
        if o != h {
            continue;
        }
        let p = f64::from(p);
        let mine = s.held[i] == Some(side);
        if !mine && d.kind != Kind::Commander {
            return (
                w.take * p,
                format!("takes the objective at {} ({p} points)", setup.name(h)),
            );
        }
        if !mine {
            continue;
        }
        let near = contested(s, side, h);
        let others = super::super::board::at(s, h)
            .into_iter()
            .filter(|&o| o != u && setup.units[o].side == side)
            .collect::<Vec<_>>();
        if d.kind == Kind::Commander {
            // No unit enters an enemy's hex (19C Movement) and a commander is never shot at
            // nor struck: it keeps the enemy out for good. Another commander there does it.
            if others
                .iter()
                .any(|&o| setup.units[o].kind == Kind::Commander)
            {
                continue;
            }
            let share = if near { 1.0 } else { 0.5 };
            return (
                w.hold * p * share,
                format!(
                    "keeps the enemy out of the objective at {} ({p} points): no unit enters \
                     an enemy's hex",
                    setup.name(h)
                ),
            );
        }
        // Another of the side's units (or its commander) there holds it already.
        if near && others.is_empty() {
            return (
                w.hold * p,
                format!("holds the objective at {} ({p} points)", setup.name(h)),
            );
        }
    }
    (0.0, String::new())
}

/// The pull towards `u`'s goals from `h`, whichever is nearest: an objective the side does not
/// hold (half its points taken off the turns), or the nearest enemy unit beyond `u`'s reach
/// (its range, or contact for cavalry; half a turn added); in turns of movement (roads
/// counted, `roads`), as a negative score and its words.
pub fn approach(
    s: &State,
    u: usize,
    h: HexCoord,
    dist: &mut Distances,
    w: &Weights,
) -> (f64, String) {
    let setup = s.setup();
    let d = &setup.units[u];
    let side = d.side;
    if d.kind == Kind::Commander {
        return (0.0, String::new());
    }
    let mut best: Option<(f64, String)> = None;
    for (i, &(o, p)) in setup.objectives.iter().enumerate() {
        if s.held[i] == Some(side) {
            continue;
        }
        let t = dist.turns(s, u, h, o);
        if !t.is_finite() {
            continue;
        }
        let cost = t - 0.5 * f64::from(p);
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((
                cost,
                format!("towards the objective at {} ({p} points)", setup.name(o)),
            ));
        }
    }
    if let Some((e, hexes)) = nearest_enemy(s, side, h) {
        let reach = if d.shoot_dice.is_some() {
            d.max_range()
        } else {
            1
        };
        let t = f64::from(hexes.saturating_sub(reach)) / f64::from(d.move_hexes.max(1));
        if best.as_ref().is_none_or(|b| t + 0.5 < b.0) {
            best = Some((
                t + 0.5,
                format!("towards the enemy ({})", setup.units[e].id),
            ));
        }
    }
    match best {
        Some((cost, words)) => (-w.approach * cost, words),
        None => (0.0, String::new()),
    }
}

/// The side's lead in points if the game-turn ended with `s` as it stands (objectives held
/// by who stands in them).
fn lead(s: &State, side: usize) -> i64 {
    let mut c = s.clone();
    victory::update_held(&mut c);
    i64::from(victory::points(&c, side)) - i64::from(victory::points(&c, 1 - side))
}

/// The guard (issue 42) on the last game-turn: a move that would make the side lead on points
/// where it does not is a win now; one that makes it lose its lead gives it up. `after` is the
/// state with the move made.
pub fn verdict(s: &State, after: &State, side: usize) -> Verdict {
    if s.turn < s.setup().game_length {
        return Verdict::Open;
    }
    let (before, now) = (lead(s, side), lead(after, side));
    if before <= 0 && now > 0 {
        Verdict::Wins
    } else if before > 0 && now <= 0 {
        Verdict::GivesUp
    } else {
        Verdict::Open
    }
}

//! Retreat, R&S 6.0(C).
//!
//! "The defending unit must retreat directly away from the attacking units, travelling its
//! full, printed Movement Allowance. The unit must retreat through the greatest possible number
//! of Clear terrain hexes. All normal costs for terrain are in force." Kepi's reading of
//! "directly away": every hex entered is farther from the nearest attacking unit than the hex
//! before, "farther" meaning that the smallest of its distances to the hexes of the attacking
//! units (every unit in the combined fire or shock attack, at any range) is larger. A unit
//! attacked from several sides therefore never steps closer to the nearest attacking unit (it
//! may step closer to a farther one); when no adjacent hex is farther from the nearest attacking unit than its own
//! hex (attacked from opposite sides: 0706 and 0708 against 0707), there is no direction
//! "directly away from the attacking units", so it cannot retreat and is eliminated, as a
//! unit whose path of retreat is blocked ("If a unit's path of retreat is blocked ... it is
//! eliminated"). A path is complete when no further such hex can be paid for; the first hex
//! is always allowed ("at least one hex"). Enemy-occupied hexes are never entered;
//! enemy-controlled hexes only if no path avoids them; no hex may be over-stacked on entering
//! (R&S 7.0). Among the complete paths with the most clear hexes, the owner chooses (one path
//! per end hex).
//!
//! Invariant: a unit has no retreat at all exactly when no first hex can be entered (a first
//! hex that can be entered is a complete path by itself), so [`why_no_retreat`] looks only at
//! the hexes around the unit to say what blocks it.

use super::board::Board;
use super::movement::{STACKING_LIMIT, StepError, step, step_cost};
use super::state::{State, UnitId};
use crate::frac::Frac;
use crate::map::{Grid, HexCoord};
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// R&S 6.0(C): the distance from `h` to the nearest attacking unit's hex; "directly away"
/// means that this grows with every hex entered. `h` may lie off the map (for the map edge).
fn to_nearest_attacker(grid: &Grid, attackers: &[HexCoord], h: Hex) -> u32 {
    attackers
        .iter()
        .map(|a| grid.to_hex(*a).unsigned_distance_to(h))
        .min()
        .unwrap_or(0)
}

/// The best retreat paths, or an empty list if the unit cannot retreat at all.
pub fn retreat_options(
    state: &State,
    u: UnitId,
    from: HexCoord,
    attackers: &[HexCoord],
    allowance: Frac,
) -> Vec<Vec<HexCoord>> {
    let strict = search(state, u, from, attackers, allowance, false);
    if !strict.is_empty() {
        return strict;
    }
    // "They may, if no other alternative exists, retreat into or through Enemy controlled
    // hexes."
    search(state, u, from, attackers, allowance, true)
}

fn search(
    state: &State,
    u: UnitId,
    from: HexCoord,
    attackers: &[HexCoord],
    allowance: Frac,
    allow_zoc: bool,
) -> Vec<Vec<HexCoord>> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let board = Board::new(state);
    // R&S 6.0(C) "directly away from the attacking units": each step raises this.
    let away = |h: HexCoord| to_nearest_attacker(&setup.grid, attackers, setup.grid.to_hex(h));
    let own = state.kind(u).stacking;
    // Best (clear hexes, path) per end hex.
    let mut ends: BTreeMap<HexCoord, (u32, Vec<HexCoord>)> = BTreeMap::new();
    // Depth-first over (hex, spent); steps always increase the distance, so paths are finite.
    let mut stack: Vec<(Vec<HexCoord>, Frac, u32)> = vec![(vec![from], Frac::ZERO, 0)];
    let mut seen: BTreeMap<(HexCoord, Frac), u32> = BTreeMap::new();
    while let Some((path, spent, clear)) = stack.pop() {
        let here = *path.last().expect("non-empty");
        let mut extended = false;
        for n in setup.grid.neighbors(here) {
            if away(n) <= away(here) {
                continue;
            }
            if board.side(state, n).is_some_and(|s| s != side) {
                continue;
            }
            if !allow_zoc && board.enemy_zoc(state, side, n) {
                continue;
            }
            // The retreating unit's own points left `from`.
            let points = board.points(state, n) + own;
            if points > STACKING_LIMIT {
                continue;
            }
            let prev = Some(here);
            let Ok(cost) = step_cost(state, &board, u, prev, n, false) else {
                continue;
            };
            let first = path.len() == 1;
            if !first && spent + cost > allowance {
                continue;
            }
            let total = spent + cost;
            let c = clear + u32::from(setup.hex(n).clear);
            if seen.get(&(n, total)).is_some_and(|&best| best >= c) {
                continue;
            }
            seen.insert((n, total), c);
            let mut p = path.clone();
            p.push(n);
            extended = true;
            stack.push((p, total, c));
        }
        if !extended && path.len() > 1 {
            let entry = ends.entry(here).or_insert((clear, path[1..].to_vec()));
            if clear > entry.0 || (clear == entry.0 && path[1..] < entry.1[..]) {
                *entry = (clear, path[1..].to_vec());
            }
        }
    }
    let most = ends.values().map(|(c, _)| *c).max();
    ends.into_values()
        .filter(|(c, _)| Some(*c) == most)
        .map(|(_, p)| p)
        .collect()
}

/// Why a unit attacked from `attackers` cannot retreat from `from` at all (when
/// [`retreat_options`] is empty), citing R&S 6.0(C) and naming what blocks it: no hex farther
/// from the attacking units; or, among the hexes that are farther, enemy units, the map edge,
/// the stacking limit (R&S 7.0(B)) or a scenario rule. Enemy zones of control never block a
/// retreat by themselves ("if no other alternative exists" they are entered).
pub fn why_no_retreat(state: &State, u: UnitId, from: HexCoord, attackers: &[HexCoord]) -> String {
    let setup = &state.setup;
    let grid = &setup.grid;
    let board = Board::new(state);
    let names = |hs: &BTreeSet<HexCoord>| {
        hs.iter()
            .map(|h| setup.name(*h))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let attacking = names(&attackers.iter().copied().collect());
    let here = to_nearest_attacker(grid, attackers, grid.to_hex(from));
    let mut away = false;
    let mut edge = false;
    let mut enemy = BTreeSet::new();
    let mut stacking = BTreeSet::new();
    let mut other = Vec::new();
    for n in grid.to_hex(from).all_neighbors() {
        if to_nearest_attacker(grid, attackers, n) <= here {
            continue;
        }
        away = true;
        let Some(n) = grid.from_hex(n) else {
            edge = true;
            continue;
        };
        match step(state, &board, u, Some(from), n, false) {
            Err(StepError::Enemy) => {
                enemy.insert(n);
            }
            Err(StepError::Stacking(_)) => {
                stacking.insert(n);
            }
            Err(StepError::Crossing(text)) => {
                other.push(format!("{} (Scenario special rule: {text})", setup.name(n)))
            }
            Err(StepError::NoRoad) => other.push(format!(
                "{} (Scenario special rule: it moves only by road)",
                setup.name(n)
            )),
            Err(StepError::NotAdjacent(_) | StepError::ChargeTerrain { .. }) | Ok(_) => {}
        }
    }
    if !away {
        return format!(
            "R&S 6.0(C): no hex is farther from the attacking units ({attacking}), so it cannot \
             retreat directly away from them"
        );
    }
    let mut blocks = Vec::new();
    if !enemy.is_empty() {
        blocks.push(format!("enemy units ({})", names(&enemy)));
    }
    if !stacking.is_empty() {
        blocks.push(format!(
            "the stacking limit of six points ({})",
            names(&stacking)
        ));
    }
    blocks.extend(other);
    if edge {
        blocks.push("the map edge".to_string());
    }
    // By the module's invariant some cause blocks every hex that is farther.
    debug_assert!(
        !blocks.is_empty(),
        "a retreat from {from} with an open first hex"
    );
    let blocks = match blocks.split_last() {
        None => "hexes it may not enter".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    };
    format!(
        "R&S 6.0(C): its path of retreat away from the attacking units ({attacking}) is \
         blocked by {blocks}"
    )
}

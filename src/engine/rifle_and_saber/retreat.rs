//! Retreat, R&S 6.0(C).
//!
//! "The defending unit must retreat directly away from the attacking units, travelling its
//! full, printed Movement Allowance. The unit must retreat through the greatest possible number
//! of Clear terrain hexes. All normal costs for terrain are in force." Kepi's reading of
//! "directly away": every hex entered is farther from the nearest attacking unit than the hex
//! before. A path is complete when no further such hex can be paid for; the first hex is always
//! allowed ("at least one hex"). Enemy-occupied hexes are never entered; enemy-controlled hexes
//! only if no path avoids them; no hex may be over-stacked on entering (R&S 7.0). Among the
//! complete paths with the most clear hexes, the owner chooses (one path per end hex).

use super::board::Board;
use super::movement::{STACKING_LIMIT, step_cost};
use super::state::{State, UnitId};
use crate::frac::Frac;
use crate::map::HexCoord;
use std::collections::BTreeMap;

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
    let away = |h: HexCoord| {
        attackers
            .iter()
            .map(|a| setup.grid.distance(h, *a))
            .min()
            .unwrap_or(0)
    };
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

//! Lines whose zones of control cover the approaches (issue 18, the standard level). R&S 8.0:
//! the six hexes around a unit are its zone of control; 8.0(B): a unit may not move from one
//! enemy-controlled hex to another in a phase, and one that leaves a controlled hex is
//! disrupted. A defender whose zone covers the hexes the enemy must pass to reach an
//! objective stops or disrupts whatever comes that way.
//!
//! The approaches are found once per Movement Phase ([`Approaches::new`], kept by the player
//! for the phase), from two searches of the map's movement costs: the enemy's movement points
//! to the objectives the side defends, and from the enemy's units. Scoring a hex is then a
//! lookup over its neighbours ([`Approaches::value`]).

use super::super::state::{State, UnitId};
use super::maps::{Fields, attacks_next, cost_distance, urgency};
use super::risk::{fragile, multiplier_at};
use crate::map::HexCoord;
use std::cell::OnceCell;

/// How far off the enemy's shortest way to the objectives a hex may be and still be an
/// approach, in movement points.
const SLACK: f64 = 2.0;

/// The share of a hex's approach weight a unit still adds where a friend that will not move
/// again this phase already controls the hex.
const COVERED: f64 = 0.25;

/// The most good ground multiplies a line's worth by (a village's x3 defense would otherwise
/// outweigh holding the objective beside it).
const GROUND: f64 = 2.0;

/// The approaches to the objectives one side defends, for one Movement Phase.
pub struct Approaches {
    /// Per grid index: the share of the enemy's way to the defended objectives that passes
    /// there. The hexes on the enemy's near-shortest routes (within [`SLACK`] movement points of
    /// the shortest, and at most two of its movements from the objectives) are banded by their
    /// whole movement points to the objectives; each band shares the objectives' urgency
    /// equally among its hexes, so a ford that every route takes weighs as much as a whole
    /// band of open ground. Zero off the routes. Made when first asked for ([`Self::weights`]):
    /// it reads only the enemy's units, the objectives and the map, which the side's own moves
    /// do not change, so any state of the phase gives the same.
    weight: OnceCell<Vec<f64>>,
    /// The hexes of the defended objectives (not exit areas, still to be decided, with no
    /// enemy unit on them).
    pub goals: Vec<HexCoord>,
    /// The greatest urgency among them.
    urgency: f64,
    /// The defending side.
    side: usize,
}

impl Approaches {
    pub fn new(state: &State, fields: &Fields) -> Approaches {
        let enemy = 1 - fields.side;
        let mut goals = Vec::new();
        let mut urg: f64 = 0.0;
        for o in fields.objectives.iter().filter(|o| !o.exit) {
            let u = urgency(o, state.turn);
            if u == 0.0 {
                continue;
            }
            let free: Vec<HexCoord> = o
                .hexes
                .iter()
                .copied()
                .filter(|h| state.occupant(*h) != Some(enemy))
                .collect();
            if !free.is_empty() {
                urg = urg.max(u);
                goals.extend(free);
            }
        }
        Approaches {
            weight: OnceCell::new(),
            goals,
            urgency: urg,
            side: fields.side,
        }
    }

    /// The approach weights (see `weight`), made on the first call.
    fn weights(&self, state: &State) -> &[f64] {
        self.weight.get_or_init(|| self.make(state))
    }

    fn make(&self, state: &State) -> Vec<f64> {
        let setup = &state.setup;
        let n = setup.grid.len();
        let enemy = 1 - self.side;
        let (goals, urg) = (&self.goals, self.urgency);
        let movers: Vec<UnitId> = state
            .on_map(enemy)
            .filter(|&e| attacks_next(state, e) && state.kind(e).movement > 0)
            .collect();
        let mut weight = vec![0.0; n];
        if goals.is_empty() || movers.is_empty() {
            return weight;
        }
        let from: Vec<HexCoord> = movers
            .iter()
            .filter_map(|&e| state.units[e].hex())
            .collect();
        // Movement points the enemy needs from each hex to the objectives, and from its units
        // to each hex (the costs are nearly symmetric: a hexside's extra counts either way).
        let to_goal = cost_distance(setup, enemy, None, goals);
        let from_enemy = cost_distance(setup, enemy, None, &from);
        let shortest = (0..n)
            .map(|x| to_goal[x] + from_enemy[x])
            .fold(f64::INFINITY, f64::min);
        if !shortest.is_finite() {
            return weight;
        }
        let reach = movers
            .iter()
            .map(|&e| f64::from(state.kind(e).movement))
            .fold(0.0, f64::max);
        // The objective's own hexes and the ring around them are what the objective terms
        // weigh (holding it, reinforcing it); a line stands farther out.
        let g = &setup.grid;
        let near_goal = |x: usize| {
            let h = g.coord_at(x);
            goals.iter().any(|&o| g.distance(h, o) <= 1)
        };
        let band = |x: usize| {
            from_enemy[x] > 0.0
                && !near_goal(x)
                && to_goal[x] <= 2.0 * reach
                && to_goal[x] + from_enemy[x] <= shortest + SLACK
        };
        let layers = (2.0 * reach).ceil() as usize + 1;
        let mut count = vec![0u32; layers];
        for x in (0..n).filter(|&x| band(x)) {
            count[to_goal[x].floor() as usize] += 1;
        }
        for x in (0..n).filter(|&x| band(x)) {
            weight[x] = urg / f64::from(count[to_goal[x].floor() as usize]);
        }
        weight
    }

    /// Does the side defend anything the enemy can come to?
    pub fn any(&self, state: &State) -> bool {
        self.weights(state).iter().any(|w| *w > 0.0)
    }

    /// Does unit `u` take a defending role: it may hold a line (not a unit lost alone or
    /// indispensable, not disrupted: 8.0(C), it could not leave), and it stands within a
    /// movement and two hexes of a defended objective (farther units are on their way to
    /// attack or take one)?
    pub fn defends(&self, state: &State, u: UnitId) -> bool {
        let Some(at) = state.units[u].hex() else {
            return false;
        };
        let g = &state.setup.grid;
        let reach = state.kind(u).movement + 2;
        !fragile(state, u)
            && !state.units[u].disrupted()
            && self.goals.iter().any(|o| g.distance(at, *o) <= reach)
    }

    /// The approach weight unit `u`'s zone of control would newly cover from `h` (its hex and
    /// the six around it, R&S 8.0), a hex `covered` by a friend counting [`COVERED`] of
    /// itself, times the terrain's defense there (a line on good ground holds), at most
    /// [`GROUND`]; with the hex of those that weighs most (for the words).
    pub fn value(
        &self,
        state: &State,
        u: UnitId,
        h: HexCoord,
        covered: &[bool],
    ) -> (f64, Option<HexCoord>) {
        let g = &state.setup.grid;
        if g.index(h).is_none() {
            return (0.0, None);
        }
        let weight = self.weights(state);
        let share = |i: usize| weight[i] * if covered[i] { COVERED } else { 1.0 };
        let mut sum = 0.0;
        let mut top: Option<(f64, HexCoord)> = None;
        for c in std::iter::once(h).chain(g.neighbors(h)) {
            let Some(i) = g.index(c) else { continue };
            let s = share(i);
            sum += s;
            if s > 0.0 && top.is_none_or(|(t, _)| s > t) {
                top = Some((s, c));
            }
        }
        let ground = multiplier_at(state, u, h).to_f64().min(GROUND);
        (sum * ground, top.map(|(_, c)| c))
    }
}

/// Per grid index: controlled by a unit of `side` other than `u` that will not move again
/// this phase (it has moved, or `settled` holds it: offered and stayed).
pub fn covered(
    state: &State,
    side: usize,
    u: UnitId,
    settled: impl Fn(UnitId) -> bool,
) -> Vec<bool> {
    let g = &state.setup.grid;
    let mut out = vec![false; g.len()];
    for o in state.on_map(side).filter(|&o| o != u) {
        if state.units[o].moved == 0 && !settled(o) {
            continue;
        }
        let Some(h) = state.units[o].hex() else {
            continue;
        };
        for c in std::iter::once(h).chain(g.neighbors(h)) {
            if let Some(i) = g.index(c) {
                out[i] = true;
            }
        }
    }
    out
}

//! Road use and distances (19C Movement): how many turns of movement a unit of a kind needs
//! from each hex to a goal, by the engine's own step costs (`movement::step_cost`: terrain,
//! walls, fords and climbs take two hexes of the move, woods for skirmishers only, rivers at
//! bridges and fords), a road step counted at the road's rate (19C Movement Adjustments: one
//! hex more when the whole move is on the road), a one-hex mover's single hex always a turn.

use super::super::movement::step_cost;
use super::super::section::Kind;
use super::super::state::State;
use crate::map::HexCoord;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Turns of movement between two adjacent hexes for unit `u`, or `None` where it may not go.
pub fn step_turns(s: &State, u: usize, from: HexCoord, to: HexCoord) -> Option<f64> {
    let setup = s.setup();
    let c = f64::from(step_cost(s, u, from, to).ok()?);
    let m = f64::from(setup.units[u].move_hexes.max(1));
    let bonus = f64::from(super::super::tables::tables().movement.road_bonus_hexes);
    Some(if setup.map.route_between(from, to).is_some() {
        c / (m + bonus)
    } else {
        c.min(m) / m
    })
}

/// Distance fields for one game (its setup): for each kind of unit and goal hex, the turns of
/// movement from every hex of the map (`f64::INFINITY` where it cannot get there).
#[derive(Default)]
pub struct Distances {
    setup: Option<Arc<super::super::state::Setup>>,
    fields: BTreeMap<(Kind, HexCoord), Vec<f64>>,
}

impl Distances {
    /// The turns `u` needs from `from` to `goal`, the terrain alone (units left out).
    pub fn turns(&mut self, s: &State, u: usize, from: HexCoord, goal: HexCoord) -> f64 {
        let arc = s.setup_arc();
        if !self.setup.as_ref().is_some_and(|a| Arc::ptr_eq(a, &arc)) {
            self.setup = Some(arc);
            self.fields.clear();
        }
        let kind = s.setup().units[u].kind;
        let g = &s.setup().grid;
        let field = self
            .fields
            .entry((kind, goal))
            .or_insert_with(|| field(s, u, goal));
        g.index(from).map(|i| field[i]).unwrap_or(f64::INFINITY)
    }
}

/// Dijkstra from `goal` backwards over the map (120 hexes or so: the simple quadratic form).
fn field(s: &State, u: usize, goal: HexCoord) -> Vec<f64> {
    let g = &s.setup().grid;
    let n = g.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let Some(gi) = g.index(goal) else { return dist };
    dist[gi] = 0.0;
    while let Some(i) = (0..n)
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[i] = true;
        let x = g.coord_at(i);
        for nb in g.neighbors(x) {
            let Some(j) = g.index(nb) else { continue };
            if done[j] {
                continue;
            }
            if let Some(t) = step_turns(s, u, nb, x)
                && dist[i] + t < dist[j]
            {
                dist[j] = dist[i] + t;
            }
        }
    }
    dist
}

/// The words and worth of a move all along a road: the hex it gains (19C Movement
/// Adjustments).
pub fn road_words(road: bool, hexes: usize) -> Option<String> {
    (road && hexes > 1).then(|| "by the road (+1 hex, 19C Movement Adjustments)".to_string())
}

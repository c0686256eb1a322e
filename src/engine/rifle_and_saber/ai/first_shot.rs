//! Where the enemy moves first, its guns fire shot from where they deploy before the side has
//! moved a unit (R&S 3.0: the first player's Fire Combat Phase opens game-turn 1). Shot
//! strikes every unit of a stack one by one (5.1(F)), so a stack holding units the side cannot
//! win without (scenario 17's limbers) is lost to it wherever a gun can see it. A gun sees a
//! hex along a line no ridge, woods or village blocks, and no occupied hex either (5.1(G)):
//! the side's own stacks screen a hex from the positions whose lines pass through them.
//!
//! This module holds, for each hex of a deployment zone, every position an enemy gun may fire
//! shot from at it (in range, the line not blocked by the terrain) with the hexes whose
//! occupation would screen that line, and weighs a hex by the share of the enemy guns'
//! positions that see it: the chance that a gun placed anywhere it may be placed can fire at
//! it. Made once per deployment (the lines do not change as units deploy; which positions are
//! allowed and which lines are screened do, and are read from the units placed).

use super::super::fire::range_of;
use super::super::los::screens;
use super::super::state::{Ammo, Location, State};
use crate::map::HexCoord;
use crate::scenario::DeployConstraint;
use std::collections::BTreeMap;

/// The enemy guns' first shot at a deployment zone.
pub struct FirstShot {
    /// Where an enemy gun may stand when it fires first, with the distance it must keep from
    /// the side's units (a deployment's `away_from_enemy`, 0 for a gun already on the map).
    positions: Vec<(HexCoord, u32)>,
    /// Per hex of the zone: the positions (indexes into `positions`) whose shot reaches it,
    /// each with the hexes that would screen the line if occupied.
    lines: BTreeMap<HexCoord, Vec<(usize, Vec<HexCoord>)>>,
}

impl FirstShot {
    /// The first shot at the hexes of `zone` of the side to move second, or `None` when the
    /// side moves first, the game has begun, or the enemy has no gun firing shot that stands
    /// on the map or deploys at the start.
    pub fn new(state: &State, zone: &[HexCoord]) -> Option<FirstShot> {
        let setup = &state.setup;
        let side = state.player;
        if setup.moves_first == side || state.turn > 1 {
            return None;
        }
        let mut positions: BTreeMap<HexCoord, u32> = BTreeMap::new();
        let mut range = 0;
        for (g, us) in setup.units.iter().enumerate() {
            if us.side == side || state.kind(g).shot_attack.is_none() {
                continue;
            }
            let places: Vec<(HexCoord, u32)> = match (state.units[g].location, us.deployment) {
                (Location::Hex(h), _) => vec![(h, 0)],
                (Location::Off, Some(d)) => {
                    let deployment = &setup.deployments[d];
                    let away = deployment
                        .constraints
                        .iter()
                        .map(|c| match c {
                            DeployConstraint::AwayFromEnemy { distance } => *distance,
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0);
                    deployment.hexes.iter().map(|&h| (h, away)).collect()
                }
                _ => continue,
            };
            range = range.max(range_of(state, g, Some(Ammo::Shot)));
            for (h, away) in places {
                let e = positions.entry(h).or_insert(away);
                *e = (*e).min(away);
            }
        }
        if positions.is_empty() {
            return None;
        }
        let positions: Vec<(HexCoord, u32)> = positions.into_iter().collect();
        let mut lines = BTreeMap::new();
        for &t in zone {
            let seen: Vec<(usize, Vec<HexCoord>)> = positions
                .iter()
                .enumerate()
                .filter(|(_, (p, _))| *p != t && setup.grid.distance(*p, t) <= range)
                .filter_map(|(i, (p, _))| screens(setup, *p, t).map(|s| (i, s)))
                .collect();
            lines.insert(t, seen);
        }
        Some(FirstShot { positions, lines })
    }

    /// The share of the enemy guns' allowed positions that see `t` with the side's units in
    /// the hexes `occupied` (sorted): 0 for a hex outside the zone or no position allowed.
    pub fn share(&self, state: &State, t: HexCoord, occupied: &[HexCoord]) -> f64 {
        let g = &state.setup.grid;
        let Some(lines) = self.lines.get(&t) else {
            return 0.0;
        };
        let allowed = |p: HexCoord, away: u32| {
            away == 0
                || (g.distance(p, t) >= away && occupied.iter().all(|&o| g.distance(p, o) >= away))
        };
        let total = self
            .positions
            .iter()
            .filter(|&&(p, away)| allowed(p, away))
            .count();
        if total == 0 {
            return 0.0;
        }
        let seen = lines
            .iter()
            .filter(|(i, s)| {
                let (p, away) = self.positions[*i];
                allowed(p, away) && !s.iter().any(|h| occupied.binary_search(h).is_ok())
            })
            .count();
        seen as f64 / total as f64
    }
}

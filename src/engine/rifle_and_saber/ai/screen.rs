//! Screening the units the side cannot lose from the enemy guns' shot (R&S 5.1(F), (G)).
//!
//! Shot goes on against every unit of a stack (5.1(F)), so a stack holding a unit the side
//! never puts on top (`risk::fragile`: scenario 17's limbers) loses it to a gun that can see
//! it. An occupied hex between the two blocks the line of sight (5.1(G), unless it is lower
//! than the gun's hex, errata), and a gun fires first in its player-turn from where it stands
//! at the end of the side's move: a friend standing on the line then screens the stack. A
//! unit that moves onto such a line gains the loss it spares them; one that leaves it gives
//! that back.

use super::super::los::screens;
use super::super::state::{State, UnitId};
use super::maps::Fields;
use super::risk::{fire_chances, fragile, multiplier_at, occupied_without};
use super::weights::{Weights, disruption_cost, unit_value};
use crate::map::HexCoord;

/// One gun's line of shot to a stack of fragile units.
struct ShotLine {
    /// The expected loss of the fragile units of the stack to this gun's shot.
    worth: f64,
    /// The hexes whose occupation would block the line.
    screens: Vec<HexCoord>,
    /// Whether a unit other than the one moving blocks it already.
    blocked: bool,
}

/// The enemy guns' lines of shot to the side's fragile stacks, as the board stands, for one
/// unit about to move.
pub struct ShotLines {
    lines: Vec<ShotLine>,
    /// The mover's hex.
    from: Option<HexCoord>,
}

impl ShotLines {
    /// The lines of the guns `fields.shot_guns` (in range, not blocked by the terrain) to each
    /// hex holding fragile units of `u`'s side, for `u` (itself not fragile) to screen. Empty
    /// for a fragile `u` or where the side has no such stack in any gun's shot.
    pub fn new(state: &State, fields: &Fields, w: &Weights, u: UnitId) -> ShotLines {
        let from = state.units[u].hex();
        let mut lines = Vec::new();
        if fields.shot_guns.is_empty() || fragile(state, u) {
            return ShotLines { lines, from };
        }
        let side = state.side_of(u);
        let setup = &state.setup;
        let mut targets: Vec<HexCoord> = state
            .on_map(side)
            .filter(|&o| fragile(state, o))
            .filter_map(|o| state.units[o].hex())
            .collect();
        targets.sort();
        targets.dedup();
        for t in targets {
            for &(g, shot, range) in &fields.shot_guns {
                if setup.grid.distance(g, t) > range {
                    continue;
                }
                let Some(screens) = screens(setup, g, t) else {
                    continue;
                };
                let worth: f64 = state
                    .stack(t)
                    .into_iter()
                    .filter(|&o| fragile(state, o))
                    .map(|o| {
                        let defense = state.kind(o).fire_defense * multiplier_at(state, o, t);
                        let (rd, e) = fire_chances(state, shot, defense);
                        unit_value(state, o) * (rd * disruption_cost(state, w, o) + e)
                    })
                    .sum();
                let blocked = screens.iter().any(|&s| occupied_without(state, u, &[], s));
                lines.push(ShotLine {
                    worth,
                    screens,
                    blocked,
                });
            }
        }
        ShotLines { lines, from }
    }

    /// The fragile units' expected loss to the shot of the lines open with the mover in `h`.
    fn exposure(&self, h: Option<HexCoord>) -> f64 {
        self.lines
            .iter()
            .filter(|l| !l.blocked && !h.is_some_and(|h| l.screens.contains(&h)))
            .map(|l| l.worth)
            .sum()
    }

    /// What the mover ending in `h` spares its fragile friends of the guns' shot, against
    /// staying where it is (negative when it leaves a line it screens).
    pub fn gain(&self, h: HexCoord) -> f64 {
        if self.lines.is_empty() {
            return 0.0;
        }
        self.exposure(self.from) - self.exposure(Some(h))
    }
}

//! The side's posture over the game-turns left (RK Victory, Kepi's reading: an objective is
//! the side's that last had a unit in it, and the points are counted only at the end of the
//! last game-turn; each unit broken is a point to the enemy). Holding an objective early is
//! worth nothing if it is lost later, and a unit broken early is a point given for good; so
//! the side **holds** while a unit's push would arrive before the end: each of its infantry and
//! cavalry stays where the enemy that can reach it is no stronger than the friends about it
//! (good ground, its own objectives covered, or out of reach), and **strikes** once the
//! game-turns left are no more than the game-turns it needs to reach the objective it is to
//! take (or the enemy to break, for a side that must attack) plus `Weights::strike_turns`:
//! then the objectives are taken late enough to be held at the end, every striking unit at
//! once, the enemy's possible charge weighed less.

use super::super::board::{self, fighting, in_combat};
use super::super::section::{Formation, Kind};
use super::super::state::State;
use super::super::tables::tables;
use super::Weights;
use super::maps::Enemies;
use super::odds::unit_value;
use crate::map::HexCoord;

/// A side's posture at a decision: the game-turn and the game-turns left after it.
#[derive(Clone, Debug)]
pub struct Posture {
    pub turn: u32,
    pub length: u32,
    /// `Weights::strike_turns`.
    pub margin: u32,
}

/// What a unit does under the side's posture.
#[derive(Clone, Debug, PartialEq)]
pub enum Stance {
    /// Holding until the game-turn its push must start (`from`).
    Hold { from: u32 },
    /// Striking for the goal named, `eta` game-turns away.
    Strike { goal: String, eta: u32 },
}

/// A unit's hexes a game-turn on average (RK Movement: its die, +2 in column, two points a
/// hex), not counting terrain.
pub fn pace(s: &State, u: usize) -> f64 {
    let d = &s.setup().units[u];
    let t = &tables().movement;
    let die = t.die[d.kind.key()] as f64;
    let bonus = if s.units[u].formation == Formation::Column {
        t.column_bonus as f64
    } else {
        0.0
    };
    ((die + 1.0) / 2.0 + bonus) / 2.0
}

impl Posture {
    pub fn new(s: &State, w: &Weights) -> Posture {
        Posture {
            turn: s.turn,
            length: s.setup().game_length.max(1),
            margin: w.strike_turns,
        }
    }

    /// The game-turns left after this one.
    pub fn left(&self) -> u32 {
        self.length.saturating_sub(self.turn)
    }

    /// `u`'s stance where it stands in `s` (before its move): it strikes once the game-turns
    /// left are no more than those it needs to reach `target` (the hex of the goal it is
    /// pulled to, named `name`) plus the margin.
    pub fn stance(&self, s: &State, u: usize, target: Option<(HexCoord, &str)>) -> Stance {
        let Some((h, name)) = target else {
            return Stance::Hold { from: self.length };
        };
        let Some(at) = s.units[u].hex else {
            return Stance::Hold { from: self.length };
        };
        let d = s.setup().grid.distance(at, h);
        let eta = (d as f64 / pace(s, u)).ceil() as u32;
        let from = self.length.saturating_sub(eta + self.margin).max(1);
        if self.turn >= from {
            Stance::Strike {
                goal: name.to_string(),
                eta,
            }
        } else {
            Stance::Hold { from }
        }
    }
}

/// The strength of the enemy's infantry and cavalry that can come next to any of `u`'s hexes
/// in `t` when they next act, and of `u`'s side's fighting units (not HQs) in or next to its
/// hexes, itself included: each unit at its worth (`odds::unit_value`).
pub fn balance(t: &State, u: usize, enemies: &Enemies) -> (f64, f64, Vec<usize>) {
    let setup = t.setup();
    let side = setup.units[u].side;
    let g = &setup.grid;
    let mine = board::hexes(t, u);
    let mut threats: Vec<usize> = mine.iter().flat_map(|&x| enemies.attackers(t, x)).collect();
    threats.sort();
    threats.dedup();
    let enemy: f64 = threats.iter().map(|&e| unit_value(t, e)).sum();
    let friends: f64 = (0..t.units.len())
        .filter(|&o| {
            setup.units[o].side == side
                && setup.units[o].kind != Kind::Hq
                && fighting(t, o)
                && (o == u
                    || board::hexes(t, o)
                        .iter()
                        .any(|&x| mine.iter().any(|&y| x == y || g.adjacent(x, y))))
        })
        .map(|o| {
            // Guns in the hex defend with it; a unit already in combat is busy.
            if o != u && in_combat(t, o) {
                0.5 * unit_value(t, o)
            } else {
                unit_value(t, o)
            }
        })
        .sum();
    (enemy, friends, threats)
}

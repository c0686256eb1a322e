//! Drill's random player: fires when it can, else moves, advances a line or turns towards the
//! nearest enemy (ties at random); draws when it must. Seeded, so an autoplay replays.

use super::state::{Command, State};
use crate::engine::Player;
use crate::engine::facing::Facing;
use crate::map::HexCoord;

pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(6364136223846793005).wrapping_add(1))
    }

    fn next_u(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

impl Player<super::Drill> for Random {
    fn next(&mut self, s: &State) -> Command {
        let r = self.next_u();
        let legal = super::rules::legal(s);
        if legal.len() == 1 || s.deploying {
            return legal[r % legal.len()].clone();
        }
        let fires: Vec<&Command> = legal
            .iter()
            .filter(|c| matches!(c, Command::Fire { .. }))
            .collect();
        if !fires.is_empty() {
            return fires[r % fires.len()].clone();
        }
        let g = s.setup().grid;
        let enemy_of = |u: usize| {
            (0..s.hex.len()).filter(move |&e| s.alive[e] && s.side_of(e) != s.side_of(u))
        };
        let near = |u: usize, h: HexCoord| {
            enemy_of(u)
                .filter_map(|e| s.hex[e].map(|eh| g.distance(h, eh)))
                .min()
                .unwrap_or(0)
        };
        // Moves that close in, and turns that face the nearest enemy.
        let good: Vec<&Command> = legal
            .iter()
            .filter(|c| match c {
                Command::Move { unit, to } => {
                    s.hex[*unit].is_some_and(|h| near(*unit, *to) < near(*unit, h))
                }
                // A line whose first unit closes in (Drill 4.3).
                Command::Advance { unit } => super::rules::advance(s, *unit)
                    .ok()
                    .and_then(|steps| steps.into_iter().find(|(u, _)| u == unit))
                    .is_some_and(|(u, to)| s.hex[u].is_some_and(|h| near(u, to) < near(u, h))),
                // The hexside facing nearest the line to the nearest enemy.
                Command::Face { unit, facing } => s.hex[*unit].is_some_and(|h| {
                    let best = enemy_of(*unit)
                        .filter_map(|e| s.hex[e])
                        .min_by_key(|eh| g.distance(h, *eh))
                        .and_then(|eh| {
                            Facing::all()
                                .filter(|f| f.is_hexside(&g))
                                .min_by_key(|f| f.angle_to(&g, h, eh))
                        });
                    best == Some(*facing)
                }),
                _ => false,
            })
            .collect();
        if good.is_empty() || r.is_multiple_of(8) {
            return Command::Pass;
        }
        good[r % good.len()].clone()
    }
}

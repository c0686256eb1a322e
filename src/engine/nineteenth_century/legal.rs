//! Legal commands, and the seeded random player of `kepi autoplay`: it rolls the initiative,
//! mostly moves its units towards the nearest enemy and faces it, shoots whenever it can,
//! strikes in melee, and now and then pivots, reforms, deploys or rallies.

use super::NineteenthCentury;
use super::board::{self, fighting, melee_of};
use super::movement::{self, hexside_facings};
use super::section::{Formation, Kind};
use super::state::{Command, Phase, State};
use super::tables::tables;
use crate::engine::facing::{Facing, bearing};
use crate::engine::{Player, Ruleset};
use crate::map::HexCoord;

pub fn legal(s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    if s.phase == Phase::Over {
        return out;
    }
    if s.order.is_none() {
        out.push(Command::Initiative);
        return out;
    }
    let setup = s.setup();
    let side = s.player();
    let own: Vec<usize> = (0..s.units.len())
        .filter(|&u| setup.units[u].side == side && board::standing(s, u))
        .collect();
    let facings = hexside_facings(s);
    match s.phase {
        Phase::Movement => {
            for &u in &own {
                let d = &setup.units[u];
                let us = &s.units[u];
                if us.acted || melee_of(s, u).is_some() {
                    continue;
                }
                if let Ok(reach) = movement::reach(s, u) {
                    for h in reach.keys() {
                        for &f in &facings {
                            out.push(Command::Move {
                                unit: d.id.clone(),
                                to: setup.name(*h),
                                facing: f,
                            });
                        }
                    }
                }
                for &f in &facings {
                    if f != us.facing {
                        out.push(Command::Pivot {
                            unit: d.id.clone(),
                            facing: f,
                        });
                    }
                }
                if us.formation == Formation::Battle && !us.reformed && d.kind != Kind::Commander {
                    out.push(Command::Reform { unit: d.id.clone() });
                }
                if d.kind == Kind::Commander && !us.rallied {
                    let reach = movement::reach(s, u).unwrap_or_default();
                    for &o in &own {
                        let h = s.units[o].hex.expect("standing");
                        if tables().commander.joins.contains(&setup.units[o].kind)
                            && s.units[o].hits > 0
                            && fighting(s, o)
                            && (h == us.hex.expect("standing") || reach.contains_key(&h))
                        {
                            out.push(Command::Rally {
                                commander: d.id.clone(),
                                unit: setup.units[o].id.clone(),
                            });
                        }
                    }
                }
            }
            out.push(Command::End);
        }
        Phase::Shooting => {
            for &u in &own {
                let d = &setup.units[u];
                if super::fire::may_shoot(s, u).is_ok() {
                    for t in 0..s.units.len() {
                        if setup.units[t].side != side
                            && fighting(s, t)
                            && super::fire::shot(s, u, t).is_ok()
                        {
                            out.push(Command::Shoot {
                                unit: d.id.clone(),
                                target: setup.units[t].id.clone(),
                            });
                        }
                    }
                }
                if d.kind != Kind::Commander
                    && s.units[u].formation == Formation::March
                    && melee_of(s, u).is_none()
                {
                    out.push(Command::Deploy { unit: d.id.clone() });
                }
            }
            out.push(Command::End);
        }
        Phase::Melee => {
            let left = super::melee::to_strike(s, side);
            for u in &left {
                out.push(Command::Strike {
                    unit: setup.units[*u].id.clone(),
                });
            }
            if left.is_empty() {
                out.push(Command::End);
            }
        }
        Phase::Over => {}
    }
    out
}

/// A seeded player of legal commands, biased towards a fight so that seeded games reach every
/// rule.
pub struct RandomPlayer {
    state: u64,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            state: seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407),
        }
    }

    fn next_u32(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.state >> 33) as u32
    }

    fn pick<'a>(&mut self, v: &[&'a Command]) -> Option<&'a Command> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.next_u32() as usize % v.len()])
        }
    }
}

/// The nearest enemy unit's hex from `h`, and its distance.
fn nearest_enemy(s: &State, side: usize, h: HexCoord) -> Option<(HexCoord, u32)> {
    let g = &s.setup().grid;
    (0..s.units.len())
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e))
        .filter_map(|e| s.units[e].hex)
        .map(|x| (x, g.distance(h, x)))
        .min_by_key(|&(x, d)| (d, x))
}

/// The hexside facing nearest the bearing from `from` to `to`.
pub fn facing_to(s: &State, from: HexCoord, to: HexCoord) -> Facing {
    let g = &s.setup().grid;
    let b = bearing(g, from, to);
    hexside_facings(s)
        .into_iter()
        .min_by_key(|f| {
            let d = (b - f64::from(f.degrees())).rem_euclid(360.0);
            (d.min(360.0 - d) * 1000.0) as i64
        })
        .expect("six hexside facings")
}

impl Player<NineteenthCentury> for RandomPlayer {
    fn next(&mut self, s: &State) -> Command {
        let legal = NineteenthCentury.legal(s);
        let setup = s.setup();
        let side = s.player();
        let of = |f: &dyn Fn(&Command) -> bool| legal.iter().filter(|c| f(c)).collect::<Vec<_>>();
        let r = self.next_u32() % 100;
        let choice: Option<&Command> = match s.phase {
            Phase::Movement if s.order.is_some() => {
                // Moves that close on the nearest enemy and face it.
                let good = of(&|c| match c {
                    Command::Move { unit, to, facing } => {
                        let (Ok(u), Ok(h)) = (setup.unit(unit), setup.parse(to)) else {
                            return false;
                        };
                        let at = s.units[u].hex.expect("standing");
                        match (nearest_enemy(s, side, at), nearest_enemy(s, side, h)) {
                            (Some((_, now)), Some((e, then))) => {
                                then < now && *facing == facing_to(s, h, e)
                            }
                            _ => false,
                        }
                    }
                    Command::Pivot { unit, facing } => setup.unit(unit).ok().is_some_and(|u| {
                        let at = s.units[u].hex.expect("standing");
                        nearest_enemy(s, side, at)
                            .is_some_and(|(e, _)| *facing == facing_to(s, at, e))
                    }),
                    Command::Rally { .. } => true,
                    _ => false,
                });
                let other = of(&|c| !matches!(c, Command::End));
                if r < 75 {
                    self.pick(&good)
                        .or_else(|| self.pick(&other).filter(|_| r < 30))
                } else if r < 90 {
                    self.pick(&other)
                } else {
                    None
                }
            }
            Phase::Shooting if s.order.is_some() => {
                let shots = of(&|c| matches!(c, Command::Shoot { .. }));
                if r < 92 {
                    self.pick(&shots).or_else(|| {
                        (r < 20)
                            .then(|| self.pick(&of(&|c| matches!(c, Command::Deploy { .. }))))
                            .flatten()
                    })
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some(c) = choice {
            return c.clone();
        }
        if legal.contains(&Command::End) {
            return Command::End;
        }
        let all: Vec<&Command> = legal.iter().collect();
        self.pick(&all).expect("a legal command").clone()
    }
}

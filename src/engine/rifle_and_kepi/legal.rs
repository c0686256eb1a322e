//! Every command the side to act may give now, and the seeded random player.

use super::RifleAndKepi;
use super::board::{self, enemy_adjacent, fighting, in_combat};
use super::fire::{fires, recce_check};
use super::movement::{facing_cost, step_cost};
use super::section::{Formation, Kind};
use super::sequence::{actors, fortifiable, top};
use super::state::{Command, Phase, State};
use crate::engine::facing::Facing;
use crate::engine::{Player, Ruleset};
use crate::map::HexCoord;

pub fn legal(s: &State) -> Vec<Command> {
    let setup = s.setup();
    let id = |u: usize| setup.units[u].id.clone();
    let name = |h: HexCoord| setup.name(h);
    let mut out = Vec::new();
    match s.phase {
        Phase::Over => {}
        Phase::Cards => out.push(Command::Deal),
        Phase::Activation => {
            if let Some(a) = &s.active
                && let Some(mp) = a.mp
            {
                let u = a.unit;
                if !s.units[u].charged {
                    let at = s.units[u].hex.expect("on the map");
                    for n in setup.grid.neighbors(at) {
                        if let Ok((cost, _)) = step_cost(s, u, n)
                            && cost <= mp
                        {
                            out.push(Command::Step {
                                unit: id(u),
                                to: name(n),
                            });
                        }
                    }
                    let engaged = board::hexes(s, u)
                        .iter()
                        .any(|&h| enemy_adjacent(s, setup.units[u].side, h));
                    if !engaged {
                        for f in Facing::all() {
                            if f != s.units[u].facing && facing_cost(s, u, f) <= mp {
                                out.push(Command::Face {
                                    unit: id(u),
                                    facing: f,
                                });
                            }
                        }
                        if !(s.units[u].second.is_some() && a.stepped) {
                            out.push(Command::Formation {
                                unit: id(u),
                                second: None,
                            });
                            if setup.units[u].large && s.units[u].formation == Formation::Column {
                                for n in setup.grid.neighbors(at) {
                                    if board::enemy_in(s, setup.units[u].side, n).is_empty()
                                        && board::crowded(s, u, n).is_none()
                                        && !enemy_adjacent(s, setup.units[u].side, n)
                                    {
                                        out.push(Command::Formation {
                                            unit: id(u),
                                            second: Some(name(n)),
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                out.push(Command::EndMove { unit: id(u) });
                return out;
            }
            if s.active.is_none()
                && let Some((v, sides)) = top(s)
                && sides.len() > 1
                && s.tie.is_none_or(|(tv, _)| tv != v)
            {
                for side in sides {
                    out.push(Command::GoFirst {
                        side: setup.sides[side].id.clone(),
                    });
                }
                return out;
            }
            let by_hq = s.active.as_ref().is_some_and(|a| a.hq.is_some());
            for u in actors(s) {
                actions(s, u, by_hq, &mut out);
            }
        }
        Phase::CounterBattery | Phase::Bombardment => {
            for (u, h) in fires(s) {
                out.push(Command::Fire {
                    unit: id(u),
                    target: name(h),
                });
            }
            out.push(Command::End);
        }
        Phase::Fortify => {
            for u in fortifiable(s) {
                out.push(Command::Fortify { unit: id(u) });
            }
            out.push(Command::End);
        }
    }
    out
}

fn actions(s: &State, u: usize, by_hq: bool, out: &mut Vec<Command>) {
    let setup = s.setup();
    let d = &setup.units[u];
    let id = d.id.clone();
    out.push(Command::Stand { unit: id.clone() });
    let free = !s.units[u].inverted || (by_hq && setup.options.hq_overrides_dithering);
    if d.kind == Kind::Hq {
        if !free {
            return;
        }
        let at = s.units[u].hex.expect("on the map");
        for h in setup.grid.hexes() {
            if h != at && setup.grid.distance(at, h) <= 2 {
                let mut t = s.clone();
                if super::movement::hq_move(&mut t, u, h, &mut Vec::new()).is_ok() {
                    out.push(Command::HqMove {
                        hq: id.clone(),
                        to: setup.name(h),
                    });
                }
            }
        }
        for o in 0..s.units.len() {
            let near = board::hexes(s, o)
                .iter()
                .any(|&x| x == at || setup.grid.adjacent(x, at));
            if setup.units[o].side == d.side
                && setup.units[o].kind != Kind::Hq
                && near
                && s.units[o].card.is_some()
                && !s.units[o].acted
                && fighting(s, o)
                && !in_combat(s, o)
            {
                for accompany in [false, true] {
                    out.push(Command::HqActivate {
                        hq: id.clone(),
                        unit: setup.units[o].id.clone(),
                        accompany,
                    });
                }
            }
        }
        return;
    }
    if !free {
        return;
    }
    out.push(Command::Move { unit: id.clone() });
    if s.units[u].formation == Formation::Deployed && d.kind != Kind::Cavalry {
        out.push(Command::DigIn { unit: id.clone() });
    }
    let mut hexes: Vec<HexCoord> = (0..s.units.len())
        .filter(|&e| setup.units[e].side != d.side && board::standing(s, e))
        .flat_map(|e| board::hexes(s, e))
        .collect();
    hexes.sort();
    hexes.dedup();
    // RK Recce: no roll reaches beyond (die + uphill) / times_range hexes, nor spots an
    // adjacent hex; the hexes outside are passed over (recce_check would refuse them).
    let r = &super::tables::tables().recce;
    let reach = (r.die as i32 + r.uphill.max(0) as i32) / r.times_range as i32;
    let at = s.units[u].hex.expect("an actor is on the map");
    for h in hexes {
        let dist = setup.grid.distance(at, h) as i32;
        if (2..=reach).contains(&dist) && recce_check(s, u, h).is_ok() {
            out.push(Command::Recce {
                unit: id.clone(),
                target: setup.name(h),
            });
        }
    }
}

/// Random legal commands, leaning towards the enemy so that games come to blows: a moving
/// unit mostly steps towards the nearest enemy, columns near the enemy deploy, artillery
/// fires when it can.
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

    fn chance(&mut self, percent: u32) -> bool {
        self.next_u32() % 100 < percent
    }
}

fn nearest_enemy(s: &State, side: usize, h: HexCoord) -> u32 {
    let g = &s.setup().grid;
    (0..s.units.len())
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e))
        .flat_map(|e| board::hexes(s, e))
        .map(|x| g.distance(h, x))
        .min()
        .unwrap_or(0)
}

impl Player<RifleAndKepi> for RandomPlayer {
    fn next(&mut self, s: &State) -> Command {
        let legal = RifleAndKepi.legal(s);
        let of = |f: fn(&Command) -> bool| legal.iter().filter(|c| f(c)).collect::<Vec<_>>();
        if let Some(a) = &s.active
            && a.mp.is_some()
        {
            let u = a.unit;
            let side = s.setup().units[u].side;
            let at = s.units[u].hex.expect("on the map");
            let here = nearest_enemy(s, side, at);
            let steps = of(|c| matches!(c, Command::Step { .. }));
            let closer: Vec<&Command> = steps
                .iter()
                .copied()
                .filter(|c| match c {
                    Command::Step { to, .. } => s
                        .setup()
                        .grid
                        .parse(to)
                        .is_some_and(|h| nearest_enemy(s, side, h) < here),
                    _ => false,
                })
                .collect();
            let form = of(|c| matches!(c, Command::Formation { .. }));
            let column = s.units[u].formation == Formation::Column;
            if column
                && here <= 3
                && !a.stepped
                && self.chance(60)
                && let Some(c) = self.pick(&form)
            {
                return c.clone();
            }
            if !column
                && here > 4
                && !a.stepped
                && self.chance(50)
                && let Some(c) = self.pick(&form)
            {
                return c.clone();
            }
            let r = self.next_u32() % 100;
            let choice = if r < 65 {
                self.pick(&closer).or_else(|| self.pick(&steps))
            } else if r < 78 {
                self.pick(&steps)
            } else if r < 83 {
                self.pick(&of(|c| matches!(c, Command::Face { .. })))
            } else {
                None
            };
            return choice
                .cloned()
                .unwrap_or_else(|| of(|c| matches!(c, Command::EndMove { .. }))[0].clone());
        }
        let r = self.next_u32() % 100;
        let prefer: Option<&Command> = match s.phase {
            Phase::CounterBattery | Phase::Bombardment if r < 85 => {
                self.pick(&of(|c| matches!(c, Command::Fire { .. })))
            }
            Phase::Fortify if r < 50 => self.pick(&of(|c| matches!(c, Command::Fortify { .. }))),
            Phase::Activation if r < 70 => self.pick(&of(|c| {
                matches!(c, Command::Move { .. } | Command::HqActivate { .. })
            })),
            Phase::Activation if r < 80 => self.pick(&of(|c| {
                matches!(
                    c,
                    Command::DigIn { .. } | Command::Recce { .. } | Command::HqMove { .. }
                )
            })),
            _ => None,
        };
        if let Some(c) = prefer {
            return c.clone();
        }
        if matches!(
            s.phase,
            Phase::CounterBattery | Phase::Bombardment | Phase::Fortify
        ) {
            return Command::End;
        }
        let all: Vec<&Command> = legal.iter().collect();
        self.pick(&all).expect("a legal command").clone()
    }
}

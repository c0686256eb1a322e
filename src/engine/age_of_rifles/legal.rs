//! Every command the side to act may give now, and the seeded random player of `kepi autoplay`.
//! Invariant (tests/age_of_rifles_play.rs): `apply` accepts every command listed here, and the
//! list is never empty before the game is over.

use super::assault::{advancers, assault_check, bombard_check};
use super::position::Ctx;
use super::section::Order;
use super::sequence::{must_attack, to_deploy, zone_of};
use super::setup::Ix;
use super::state::{Command, LeaderLoc, Loc, Phase, Stage, State};
use crate::engine::Player;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub fn legal(s: &State) -> Vec<Command> {
    let setup = s.setup();
    let name = |h: Ix| setup.name(h);
    let mut out = Vec::new();
    if s.phase == Phase::Over {
        return out;
    }
    // AoR 7.6-7.10: a charge decision or a reaction charge waits.
    if let Some(v) = super::cavalry::pending_legal(s) {
        return v;
    }
    if let Some(c) = &s.combat {
        match c.stage {
            Stage::BeforeAssault | Stage::AttackerRetreat | Stage::DefenderRetreat => {
                out.push(Command::Retreat { voluntary: false });
                out.push(Command::Retreat { voluntary: true });
            }
            Stage::AllocateAttackers | Stage::AllocateDefenders => {
                let (units, hits) = super::assault::allocation_asked(s, c);
                for a in super::losses::allocations(s, &units, hits) {
                    out.push(Command::Allocate {
                        units: a.iter().map(|&u| setup.units[u].id.clone()).collect(),
                    });
                }
            }
            Stage::Advance => {
                out.push(Command::Advance {
                    unit: None,
                    with: None,
                });
                for u in advancers(s, c) {
                    out.push(Command::Advance {
                        unit: Some(setup.units[u].id.clone()),
                        with: None,
                    });
                }
                for (a, b) in super::assault::pairs_with_leader(s, c) {
                    out.push(Command::Advance {
                        unit: Some(setup.units[a].id.clone()),
                        with: Some(setup.units[b].id.clone()),
                    });
                }
            }
        }
        return out;
    }
    let ctx = Ctx::new(s);
    let side = s.player;
    match s.phase {
        Phase::Deployment => {
            let (units, leaders) = to_deploy(s);
            for u in &units {
                let g = &setup.formations[setup.units[*u].formation].group;
                for &h in zone_of(setup, side, g) {
                    if ctx.friends_in(side, h) < 2 && !ctx.enemy_in(side, h) {
                        out.push(Command::Deploy {
                            piece: setup.units[*u].id.clone(),
                            hex: name(h),
                        });
                    }
                }
            }
            for l in &leaders {
                for &h in zone_of(setup, side, &setup.leaders[*l].group) {
                    if !ctx.enemy_in(side, h) {
                        out.push(Command::Deploy {
                            piece: setup.leaders[*l].id.clone(),
                            hex: name(h),
                        });
                    }
                }
            }
            if units.is_empty() && leaders.is_empty() {
                out.push(Command::End);
            }
        }
        Phase::Command => {
            let n = setup.map.grid.len() as Ix;
            for (f, fd) in setup.formations.iter().enumerate() {
                if fd.side != side {
                    continue;
                }
                let c = fd.commander;
                if !matches!(s.leaders[c].loc, LeaderLoc::At(_))
                    || !matches!(s.leaders[fd.leader].loc, LeaderLoc::At(_))
                    || s.leaders[c].orders_sent >= s.leaders[c].rating
                {
                    continue;
                }
                let cur = &s.formations[f];
                for order in [Order::Attack, Order::Defend, Order::Reserve] {
                    if cur.order == order && cur.pending.is_none() {
                        continue;
                    }
                    out.push(Command::SendOrder {
                        formation: fd.id.clone(),
                        order,
                        march_to: None,
                        attack_after_march: false,
                    });
                }
                for h in 0..n {
                    if ctx.enemy_in(side, h)
                        || (cur.order == Order::March
                            && cur.pending.is_none()
                            && cur.march_to == Some(h))
                    {
                        continue;
                    }
                    for after in [false, true] {
                        out.push(Command::SendOrder {
                            formation: fd.id.clone(),
                            order: Order::March,
                            march_to: Some(name(h)),
                            attack_after_march: after,
                        });
                    }
                }
            }
            for (f, fd) in setup.formations.iter().enumerate() {
                if fd.side == side && s.formations[f].order == Order::Defend {
                    out.push(Command::ToReserve {
                        formation: fd.id.clone(),
                    });
                }
            }
            out.push(Command::End);
        }
        Phase::Bombardment => {
            for (u, d) in setup.units.iter().enumerate() {
                let Loc::At(h) = s.units[u].loc else { continue };
                if d.side != side || !d.kind.is_artillery() || s.units[u].bombarded {
                    continue;
                }
                for t in 0..setup.map.grid.len() as Ix {
                    if ctx.enemy_in(side, t)
                        && setup.distance(h, t) <= 2
                        && bombard_check(s, u, t).is_ok()
                    {
                        out.push(Command::Bombard {
                            unit: d.id.clone(),
                            target: name(t),
                        });
                    }
                }
            }
            out.push(Command::End);
        }
        // AoR 4 II, 7.6: the charges phasing cavalry may declare, then the segment's end.
        Phase::Charge => {
            out.extend(super::cavalry::declarations(s));
            out.push(Command::End);
        }
        Phase::Movement => {
            let mut obliged = false;
            for (u, d) in setup.units.iter().enumerate() {
                if d.side != side {
                    continue;
                }
                let Ok(options) = ctx.unit_moves(u) else {
                    continue;
                };
                if !options.is_empty()
                    && s.formations[d.formation].order == Order::Attack
                    && matches!(s.units[u].loc, Loc::At(h) if ctx.nearest_enemy(side, h).is_some_and(|e| e > 2))
                {
                    obliged = true;
                }
                for o in options {
                    out.push(Command::Move {
                        unit: d.id.clone(),
                        to: name(o.to),
                    });
                }
            }
            for (l, d) in setup.leaders.iter().enumerate() {
                if d.side != side {
                    continue;
                }
                if let Ok(options) = ctx.leader_moves(l) {
                    for o in options {
                        out.push(Command::MoveLeader {
                            leader: d.id.clone(),
                            to: name(o.to),
                        });
                    }
                }
            }
            if !obliged {
                out.push(Command::End);
            }
        }
        Phase::Combat => {
            let mut targets: Vec<Ix> = Vec::new();
            for (u, d) in setup.units.iter().enumerate() {
                if d.side == side
                    && let Loc::At(h) = s.units[u].loc
                {
                    for t in setup.neighbors(h) {
                        if ctx.enemy_in(side, t) && !targets.contains(&t) {
                            targets.push(t);
                        }
                    }
                }
            }
            targets.sort();
            for t in targets {
                let from: Vec<Ix> = setup
                    .neighbors(t)
                    .filter(|&h| ctx.friends_in(side, h) > 0)
                    .filter(|&h| assault_check(s, &[h], t).is_ok())
                    .collect();
                for &h in &from {
                    out.push(Command::Assault {
                        from: vec![name(h)],
                        target: name(t),
                    });
                }
                if from.len() > 1 && assault_check(s, &from, t).is_ok() {
                    out.push(Command::Assault {
                        from: from.iter().map(|&h| name(h)).collect(),
                        target: name(t),
                    });
                }
            }
            if must_attack(s, &ctx).is_empty() {
                out.push(Command::End);
            }
        }
        Phase::Over => {}
    }
    out
}

/// The kind of a command, for the random player's first draw.
fn kind(c: &Command) -> u8 {
    match c {
        Command::Deploy { .. } => 0,
        Command::SendOrder { .. } | Command::ToReserve { .. } => 1,
        Command::Bombard { .. } => 2,
        Command::Charge { .. } => 3,
        Command::FormSquare { .. }
        | Command::EndCharge { .. }
        | Command::Pursue { .. }
        | Command::Decline => 10,
        Command::Allocate { .. } => 11,
        Command::Move { .. } => 4,
        Command::MoveLeader { .. } => 5,
        Command::Assault { .. } => 6,
        Command::Retreat { .. } => 7,
        Command::Advance { .. } => 8,
        Command::End => 9,
    }
}

/// A seeded random player: it draws a kind of command among those legal, then one command of
/// that kind (so the many March destinations do not drown the other orders). Its own
/// generator, ChaCha8 from the seed, separate from the dice.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8] = 0xa0; // apart from the dice's stream of the same seed
        RandomPlayer {
            rng: ChaCha8Rng::from_seed(bytes),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n as u64) as usize
    }

    pub fn pick(&mut self, options: &[Command]) -> Command {
        let mut kinds: Vec<u8> = options.iter().map(kind).collect();
        kinds.sort();
        kinds.dedup();
        let k = kinds[self.below(kinds.len())];
        let of: Vec<&Command> = options.iter().filter(|c| kind(c) == k).collect();
        of[self.below(of.len())].clone()
    }
}

impl Player<super::AgeOfRifles> for RandomPlayer {
    fn next(&mut self, state: &State) -> Command {
        let options = legal(state);
        if options.is_empty() {
            return Command::End;
        }
        self.pick(&options)
    }
}

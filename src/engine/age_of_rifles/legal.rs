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
    // AoR 8.1, 7.1: a bombardment's hits wait for the owner's choice.
    if let Some(p) = &s.bombardment {
        if p.disrupt {
            for u in super::assault::disrupt_candidates(s, p) {
                out.push(Command::Disrupt {
                    unit: setup.units[u].id.clone(),
                });
            }
        } else {
            for a in super::assault::bombardment_allocations(s, p) {
                out.push(Command::Allocate {
                    units: a.iter().map(|&u| setup.units[u].id.clone()).collect(),
                });
            }
        }
        return out;
    }
    if let Some(c) = &s.combat {
        match c.stage {
            Stage::BeforeAssault | Stage::AttackerRetreat | Stage::DefenderRetreat => {
                out.push(Command::Retreat { voluntary: false });
                out.push(Command::Retreat { voluntary: true });
            }
            Stage::FireFirst => {
                out.push(Command::FireFirst { first: true });
                out.push(Command::FireFirst { first: false });
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
                    if ctx.friends_in(side, h) < setup.stack_limit(h) && !ctx.enemy_in(side, h) {
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
            let orders = OrderChoices::new(s, &ctx);
            for i in 0..orders.len() {
                out.push(orders.nth(s, i));
            }
            // AoR 15: the eliminated units that may be reorganized on a night turn.
            for u in super::reorganize::offered(s) {
                out.push(Command::Reorganize {
                    unit: setup.units[u].id.clone(),
                });
            }
            out.push(Command::End);
        }
        Phase::Bombardment => {
            // AoR 5.5, 16: no bombardment on a night or rain turn.
            let dark = super::weather::no_combat(s).is_some();
            for (u, d) in setup.units.iter().enumerate().filter(|_| !dark) {
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
                let Ok(options) = ctx.unit_destinations(u) else {
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
                        via: Vec::new(),
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
            // AoR 5.6: units on a map-edge hex of their side's exit area may leave the map.
            for u in super::exits::exiters(s, &ctx) {
                out.push(Command::Exit {
                    unit: setup.units[u].id.clone(),
                });
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
            // AoR 5.5, 16: no assault on a night or rain turn.
            if super::weather::no_combat(s).is_some() {
                targets.clear();
            }
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

/// The orders a side may give in its Command Phase (AoR 12.2-12.5), in the order `legal` lists
/// them, counted and drawn by index without listing them all (a March order may name any hex:
/// thousands of commands, of which the random player needs one).
pub struct OrderChoices {
    /// Formations that may be sent an order, each with the orders other than March offered
    /// and the hex its March order in force names (not offered again).
    formations: Vec<(usize, Vec<Order>, Option<Ix>)>,
    /// Hexes a March order may name: those without enemy units, in index order.
    hexes: Vec<Ix>,
    /// Formations with Defend orders (AoR 12.3: to Reserve at will).
    to_reserve: Vec<usize>,
}

impl OrderChoices {
    pub fn new(s: &State, ctx: &Ctx) -> OrderChoices {
        let setup = s.setup();
        let side = s.player;
        let hexes: Vec<Ix> = (0..setup.map.grid.len() as Ix)
            .filter(|&h| !ctx.enemy_in(side, h))
            .collect();
        let mut formations = Vec::new();
        for (f, fd) in setup.formations.iter().enumerate() {
            if fd.side != side {
                continue;
            }
            let c = fd.commander;
            if !matches!(s.leaders[c].loc, LeaderLoc::At(_))
                || !matches!(s.leaders[fd.leader].loc, LeaderLoc::At(_))
                || s.leaders[c].orders_sent >= s.leaders[c].rating
                // AoR 15: a reorganizing leader receives no orders.
                || s.leaders[fd.leader].reorganizing
            {
                continue;
            }
            let cur = &s.formations[f];
            let fixed: Vec<Order> = [Order::Attack, Order::Defend, Order::Reserve]
                .into_iter()
                .filter(|&o| !(cur.order == o && cur.pending.is_none()))
                .collect();
            let skip = if cur.order == Order::March && cur.pending.is_none() {
                cur.march_to.filter(|h| hexes.binary_search(h).is_ok())
            } else {
                None
            };
            formations.push((f, fixed, skip));
        }
        let to_reserve = (0..setup.formations.len())
            .filter(|&f| setup.formations[f].side == side && s.formations[f].order == Order::Defend)
            .collect();
        OrderChoices {
            formations,
            hexes,
            to_reserve,
        }
    }

    fn march_count(&self, skip: Option<Ix>) -> usize {
        2 * (self.hexes.len() - usize::from(skip.is_some()))
    }

    /// How many order commands there are (not counting `End`).
    pub fn len(&self) -> usize {
        self.formations
            .iter()
            .map(|(_, fixed, skip)| fixed.len() + self.march_count(*skip))
            .sum::<usize>()
            + self.to_reserve.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th order command, `i < len()`.
    pub fn nth(&self, s: &State, mut i: usize) -> Command {
        let setup = s.setup();
        for (f, fixed, skip) in &self.formations {
            let id = &setup.formations[*f].id;
            if i < fixed.len() {
                return Command::SendOrder {
                    formation: id.clone(),
                    order: fixed[i],
                    march_to: None,
                    attack_after_march: false,
                };
            }
            i -= fixed.len();
            let m = self.march_count(*skip);
            if i < m {
                let mut k = i / 2;
                if let Some(p) = skip.and_then(|h| self.hexes.binary_search(&h).ok())
                    && k >= p
                {
                    k += 1;
                }
                return Command::SendOrder {
                    formation: id.clone(),
                    order: Order::March,
                    march_to: Some(setup.name(self.hexes[k])),
                    attack_after_march: i % 2 == 1,
                };
            }
            i -= m;
        }
        Command::ToReserve {
            formation: setup.formations[self.to_reserve[i]].id.clone(),
        }
    }
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
        Command::Disrupt { .. } => 15,
        Command::Move { .. } => 4,
        Command::MoveLeader { .. } => 5,
        Command::Assault { .. } => 6,
        Command::Retreat { .. } => 7,
        Command::FireFirst { .. } => 14,
        Command::Advance { .. } => 8,
        Command::End => 9,
        Command::Reorganize { .. } => 12,
        Command::Exit { .. } => 13,
    }
}

/// A seeded random player: it draws a kind of command among those legal, then one command of
/// that kind (so the many March destinations do not drown the other orders). Its own
/// generator, ChaCha8 from the seed, separate from the dice.
#[derive(Clone)]
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

    /// The Deployment's draw, as `pick` over `legal`: kind Deploy while pieces are left
    /// (End is not legal then), else End.
    fn deploy(&mut self, s: &State) -> Command {
        let setup = s.setup();
        let ctx = Ctx::new(s);
        let side = s.player;
        let (units, leaders) = to_deploy(s);
        if units.is_empty() && leaders.is_empty() {
            // One draw for the kind, one in it.
            self.below(1);
            self.below(1);
            return Command::End;
        }
        let unit_hexes = |u: usize| -> Vec<Ix> {
            let g = &setup.formations[setup.units[u].formation].group;
            zone_of(setup, side, g)
                .iter()
                .copied()
                .filter(|&h| {
                    ctx.friends_in(side, h) < setup.stack_limit(h) && !ctx.enemy_in(side, h)
                })
                .collect()
        };
        let leader_hexes = |l: usize| -> Vec<Ix> {
            zone_of(setup, side, &setup.leaders[l].group)
                .iter()
                .copied()
                .filter(|&h| !ctx.enemy_in(side, h))
                .collect()
        };
        let mut pieces: Vec<(String, Vec<Ix>)> = Vec::new();
        for &u in &units {
            pieces.push((setup.units[u].id.clone(), unit_hexes(u)));
        }
        for &l in &leaders {
            pieces.push((setup.leaders[l].id.clone(), leader_hexes(l)));
        }
        let total: usize = pieces.iter().map(|p| p.1.len()).sum();
        if total == 0 {
            // No legal command: what `next` answers for an empty list (no draw).
            return Command::End;
        }
        self.below(1);
        let mut i = self.below(total);
        for (piece, hexes) in pieces {
            if i < hexes.len() {
                return Command::Deploy {
                    piece,
                    hex: setup.name(hexes[i]),
                };
            }
            i -= hexes.len();
        }
        unreachable!("the index is below the total")
    }

    /// The Formation Movement Segment's draw, as `pick` over `legal`: the kinds present (Move
    /// if a unit may move, MoveLeader if a leader may, End unless an Attack-order unit must
    /// still move closer, AoR 12.2), then one command of the kind drawn, computing only what
    /// that needs.
    fn movement(&mut self, s: &State) -> Command {
        let setup = s.setup();
        let ctx = Ctx::new(s);
        let side = s.player;
        let units: Vec<usize> = (0..setup.units.len())
            .filter(|&u| setup.units[u].side == side)
            .collect();
        let leaders: Vec<usize> = (0..setup.leaders.len())
            .filter(|&l| setup.leaders[l].side == side)
            .collect();
        let mut unit_moves: Vec<Option<Vec<Ix>>> = vec![None; units.len()];
        let dests = |i: usize, cache: &mut Vec<Option<Vec<Ix>>>| -> usize {
            cache[i]
                .get_or_insert_with(|| {
                    ctx.unit_destinations(units[i])
                        .map(|o| o.into_iter().map(|o| o.to).collect())
                        .unwrap_or_default()
                })
                .len()
        };
        let has_move = (0..units.len()).any(|i| dests(i, &mut unit_moves) > 0);
        let obliged = (0..units.len()).any(|i| {
            let u = units[i];
            s.formations[setup.units[u].formation].order == Order::Attack
                && matches!(s.units[u].loc, Loc::At(h) if ctx.nearest_enemy(side, h).is_some_and(|e| e > 2))
                && dests(i, &mut unit_moves) > 0
        });
        let mut leader_moves: Vec<Option<Vec<Ix>>> = vec![None; leaders.len()];
        let ldests = |i: usize, cache: &mut Vec<Option<Vec<Ix>>>| -> usize {
            cache[i]
                .get_or_insert_with(|| {
                    ctx.leader_moves(leaders[i])
                        .map(|o| o.into_iter().map(|o| o.to).collect())
                        .unwrap_or_default()
                })
                .len()
        };
        let has_leader = (0..leaders.len()).any(|i| ldests(i, &mut leader_moves) > 0);
        let mut kinds = Vec::new();
        if has_move {
            kinds.push(4);
        }
        if has_leader {
            kinds.push(5);
        }
        if !obliged {
            kinds.push(9);
        }
        // AoR 5.6: the units that may leave the map (kind 13 sorts last).
        let exiters = super::exits::exiters(s, &ctx);
        if !exiters.is_empty() {
            kinds.push(13);
        }
        let k = kinds[self.below(kinds.len())];
        match k {
            4 => {
                let total: usize = (0..units.len()).map(|i| dests(i, &mut unit_moves)).sum();
                let mut n = self.below(total);
                for (i, m) in unit_moves.iter().enumerate() {
                    let m = m.as_ref().expect("counted");
                    if n < m.len() {
                        return Command::Move {
                            unit: setup.units[units[i]].id.clone(),
                            to: setup.name(m[n]),
                            via: Vec::new(),
                        };
                    }
                    n -= m.len();
                }
                unreachable!("the index is below the total")
            }
            5 => {
                let total: usize = (0..leaders.len())
                    .map(|i| ldests(i, &mut leader_moves))
                    .sum();
                let mut n = self.below(total);
                for (i, m) in leader_moves.iter().enumerate() {
                    let m = m.as_ref().expect("counted");
                    if n < m.len() {
                        return Command::MoveLeader {
                            leader: setup.leaders[leaders[i]].id.clone(),
                            to: setup.name(m[n]),
                        };
                    }
                    n -= m.len();
                }
                unreachable!("the index is below the total")
            }
            13 => Command::Exit {
                unit: setup.units[exiters[self.below(exiters.len())]].id.clone(),
            },
            _ => {
                self.below(1);
                Command::End
            }
        }
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
        // AoR 7.6-7.10: a charge decision or a reaction charge waiting is drawn from its list.
        if let Some(options) = super::cavalry::pending_legal(state) {
            if options.is_empty() {
                return Command::End;
            }
            return self.pick(&options);
        }
        // The Command Phase's orders are drawn by index, not listed: the same draws as `pick`
        // over `legal` (kinds: the orders, then End; one draw for the kind, one in it).
        // AoR 15's reorganizations are a third kind (listed after End in kind order).
        if state.combat.is_none() && state.phase == Phase::Command {
            let orders = OrderChoices::new(state, &Ctx::new(state));
            let n = orders.len();
            let reorganize = super::reorganize::offered(state);
            let mut kinds = Vec::new();
            if n > 0 {
                kinds.push(1);
            }
            kinds.push(9);
            if !reorganize.is_empty() {
                kinds.push(12);
            }
            match kinds[self.below(kinds.len())] {
                1 => {
                    let i = self.below(n);
                    return orders.nth(state, i);
                }
                12 => {
                    let u = reorganize[self.below(reorganize.len())];
                    return Command::Reorganize {
                        unit: state.setup().units[u].id.clone(),
                    };
                }
                _ => {
                    self.below(1);
                    return Command::End;
                }
            }
        }
        // So are the Deployment's placements and the Formation Movement Segment's moves.
        if state.combat.is_none() && state.phase == Phase::Deployment {
            return self.deploy(state);
        }
        if state.combat.is_none() && state.phase == Phase::Movement {
            return self.movement(state);
        }
        let options = legal(state);
        if options.is_empty() {
            return Command::End;
        }
        self.pick(&options)
    }
}

//! Passing fire for the standard level (AoR 7.12, 7.4): what the path a move would take costs
//! in the fires it draws. Each step from one hex of an enemy stack's ZOC into another draws
//! that stack's fire at half strength (the engine's own `passing::firing_stacks` and
//! `passing::strength_at`, the fires `kepi reach` lists); each fire is weighed over the 36
//! rolls on the Fire Table (`maps::hit_distribution`, the engine's table, no copy), a hit costs
//! what `attack::loss_value` says, and a hit followed by a failed 7.4 retreat check (the
//! unit's morale on one die, `losses::group`, `combat::morale_passes`) stops the move short.
//!
//! A retreat is weighed the same way ([`retreat_fire`]): the hex the engine would retreat a
//! stack into, and the fires of the enemy stacks whose ZOC holds it (7.4).
//!
//! A move whose default path draws fire is offered paths round it ([`detour_waypoints`]): a
//! few hexes next to the fire hexes, outside every enemy ZOC, each searched as a waypoint by
//! the engine (`Ctx::unit_moves_via`, the `via` of `Command::Move`); `maneuver.rs` weighs each
//! path to the same end hex against the default.
//!
//! Invariants: every path weighed is the engine's (its cheapest, and of the cheapest the one
//! through the fewest fires, through the waypoint when one is named); cavalry draws no passing
//! fire (5.4); the risk is zero when no step goes from ZOC hex to ZOC hex; chances are in
//! [0, 1].

use super::super::combat::morale_passes;
use super::super::losses::{group, retreat_hex};
use super::super::passing::{firing_stacks, strength_at, strength_on, zoc_stacks};
use super::super::position::{Ctx, MoveOption};
use super::super::setup::Ix;
use super::super::state::{Loc, State};
use super::super::zoc::ignores_zocs;
use super::attack::loss_value;
use super::maps::hit_distribution;

/// The passing fires a path would draw, weighed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathRisk {
    /// How many stacks would fire, counting each step's.
    pub fires: u32,
    /// The expected hits scored on the moving unit.
    pub hits: f64,
    /// The expected cost of those hits to the owner (`attack::loss_value`).
    pub loss: f64,
    /// The chance that a hit and a failed retreat check end the move before its end.
    pub stopped: f64,
}

/// The passing fires unit `u` of the moving side would draw entering the hexes of `path` in
/// turn from where it stands (AoR 7.12), each weighed only if the unit is still moving then.
pub fn path_risk(s: &State, ctx: &Ctx, u: usize, path: &[Ix]) -> PathRisk {
    let setup = s.setup();
    let d = &setup.units[u];
    let mut out = PathRisk::default();
    let Loc::At(mut prev) = s.units[u].loc else {
        return out;
    };
    if ignores_zocs(d.kind) {
        return out;
    }
    // AoR 7.4 as 7.12 asks: one die against the unit's morale (demoralization counts).
    let (morale, demo) = group(s, &[u]);
    let mut moving = 1.0;
    for &h in path {
        if ctx.enemy_zoc(d.side, prev) && ctx.enemy_zoc(d.side, h) {
            for stack in firing_stacks(ctx, d.side, prev, h) {
                let Some((st, _)) = strength_at(s, u, stack, h) else {
                    continue;
                };
                // The chart's "fired at by artillery" modifier on the check.
                let artillery = (0..s.units.len()).any(|x| {
                    setup.units[x].side != d.side
                        && s.units[x].loc == Loc::At(stack)
                        && setup.units[x].kind.is_artillery()
                });
                let extra = if artillery { -1 } else { 0 };
                let fails = (1..=6u32)
                    .filter(|&die| !morale_passes(morale, demo + extra, die))
                    .count() as f64
                    / 6.0;
                let dist = hit_distribution(st);
                let hit: f64 = dist.iter().filter(|(n, _)| *n >= 1).map(|x| x.1).sum();
                out.fires += 1;
                out.hits += moving * dist.iter().map(|(n, p)| *n as f64 * p).sum::<f64>();
                out.loss += moving
                    * dist
                        .iter()
                        .map(|(n, p)| p * loss_value(s, &[u], *n))
                        .sum::<f64>();
                out.stopped += moving * hit * fails;
                moving *= 1.0 - hit * fails;
            }
        }
        prev = h;
    }
    out
}

/// At most this many waypoints are tried for a path around a move's passing fire (each is
/// one more search of the engine's, `Ctx::unit_moves_via`).
pub const MAX_DETOURS: usize = 3;

/// The hexes of `path` (from `start`) whose entry draws passing fire on side `side`'s unit:
/// a step from one enemy-ZOC hex into another (AoR 7.12).
pub fn fire_hexes(ctx: &Ctx, side: usize, start: Ix, path: &[Ix]) -> Vec<Ix> {
    let mut prev = start;
    let mut out = Vec::new();
    for &h in path {
        if ctx.enemy_zoc(side, prev) && ctx.enemy_zoc(side, h) {
            out.push(h);
        }
        prev = h;
    }
    out
}

/// Waypoints for a path around passing fire (AoR 5: the player traces the path; 7.12): the
/// hexes next to the fire hexes `fired` that the unit may reach (`reach`: its destinations)
/// and that lie outside every enemy ZOC (a step out of one draws no fire), the cheapest to
/// reach first, at most [`MAX_DETOURS`].
pub fn detour_waypoints(
    s: &State,
    ctx: &Ctx,
    side: usize,
    fired: &[Ix],
    reach: &[MoveOption],
) -> Vec<Ix> {
    let setup = s.setup();
    let mut out: Vec<(u32, Ix)> = reach
        .iter()
        .filter(|o| !ctx.enemy_zoc(side, o.to) && !fired.contains(&o.to))
        .filter(|o| fired.iter().any(|&f| setup.distance(f, o.to) == 1))
        .map(|o| (o.cost, o.to))
        .collect();
    out.sort();
    out.into_iter().take(MAX_DETOURS).map(|x| x.1).collect()
}

/// At most this many pairs of waypoints are tried for one destination (each one more search
/// of the engine's, `Ctx::unit_moves_via` with two hexes).
pub const MAX_PAIRS: usize = 2;

/// Pairs of waypoints into `to`, a hex in an enemy ZOC, by a side door (AoR 5, 5.4, 7.12): a
/// unit under Attack orders, once in an enemy ZOC, moves on only into ZOC hexes, and each step
/// from one hex of a stack's ZOC into another draws that stack's fire; so a path that enters
/// the ZOC at `z`, a hex next to `to` in the ZOC of other stacks only (the step from `z` into
/// `to` draws none), from `w`, a hex next to `z` outside every enemy ZOC (the step into `z`
/// draws none), draws no fire on the way. One waypoint is not enough where the cheapest path
/// to `z` itself walks along a ZOC: `[w, z]` names the entry. Both hexes must be among the
/// unit's destinations (`reach`); the cheapest `w` first, at most [`MAX_PAIRS`].
pub fn entry_pairs(
    s: &State,
    ctx: &Ctx,
    side: usize,
    to: Ix,
    reach: &[MoveOption],
) -> Vec<[Ix; 2]> {
    let setup = s.setup();
    let firing_to = zoc_stacks(ctx, side, to);
    let cost = |h: Ix| reach.iter().find(|o| o.to == h).map(|o| o.cost);
    let mut out: Vec<(u32, [Ix; 2])> = Vec::new();
    for z in setup.neighbors(to) {
        if !ctx.enemy_zoc(side, z) || cost(z).is_none() {
            continue;
        }
        if zoc_stacks(ctx, side, z)
            .iter()
            .any(|e| firing_to.contains(e))
        {
            continue;
        }
        for w in setup.neighbors(z) {
            if w == to || ctx.enemy_zoc(side, w) {
                continue;
            }
            if let Some(c) = cost(w) {
                out.push((c, [w, z]));
            }
        }
    }
    out.sort();
    out.into_iter().take(MAX_PAIRS).map(|x| x.1).collect()
}

/// What a retreat of `units` (one side's, possibly in several hexes) away from `enemies`
/// would cost in the passing fire it draws (AoR 7.4: a stack that retreats into an enemy ZOC
/// suffers passing fire, `passing::on_retreat`), each stack to the hex the engine would send
/// it (`losses::retreat_hex`). `None` when a stack has no hex to go to: the engine eliminates
/// it (7.4), so no voluntary retreat is worth it.
pub fn retreat_fire(s: &State, units: &[usize], enemies: &[Ix]) -> Option<(f64, Vec<Ix>)> {
    let setup = s.setup();
    let ctx = Ctx::new(s);
    let mut stacks: Vec<(Ix, Vec<usize>)> = Vec::new();
    for &u in units {
        let Loc::At(h) = s.units[u].loc else {
            continue;
        };
        match stacks.iter_mut().find(|(x, _)| *x == h) {
            Some((_, v)) => v.push(u),
            None => stacks.push((h, vec![u])),
        }
    }
    let mut cost = 0.0;
    let mut into_zoc = Vec::new();
    for (from, stack) in &stacks {
        let side = setup.units[stack[0]].side;
        let to = retreat_hex(s, side, stack, *from, enemies)?;
        if stack.iter().all(|&u| ignores_zocs(setup.units[u].kind)) {
            continue;
        }
        let firing = zoc_stacks(&ctx, side, to);
        if !firing.is_empty() {
            into_zoc.push(to);
        }
        for e in firing {
            let Some((st, _)) = strength_on(s, stack, e, to) else {
                continue;
            };
            cost += hit_distribution(st)
                .iter()
                .map(|(n, p)| p * loss_value(s, stack, *n))
                .sum::<f64>();
        }
    }
    Some((cost, into_zoc))
}

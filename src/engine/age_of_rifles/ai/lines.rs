//! Lines whose zones of control cover the approaches (issue 18, Age of Rifles' standard level).
//! AoR 5.4: every combat unit's ZOC holds the hexes next to it (not across a river or chateau
//! hexside, not into a fort); only units under Attack orders enter an enemy ZOC (12.2), and
//! once in one they move on only into ZOC hexes, each step drawing the stack's passing fire
//! (7.12); cavalry ignores ZOCs. A defender whose ZOC covers the hexes the enemy's foot must
//! pass to reach an objective stops whatever is not ordered to attack, and makes the attack
//! pay on the way.
//!
//! The approaches are found once per Formation Movement Segment (the enemy does not move in
//! it), when a defender first asks: two cost searches of the map (foot, no roads: only March
//! orders use them, AoR 5), the enemy's half-MP to the objectives and from its units. As for
//! Rifle & Saber (`rifle_and_saber/ai/lines.rs`), the hexes on the near-cheapest ways are
//! banded by their cost to the objectives and each band shares the objectives' worth, so a
//! bridge every route takes weighs as much as a band of open ground; unlike it, each hex is
//! judged on the way of the enemy unit nearest it (with many objectives and units the cheapest
//! way of all is one unit's), and only beyond the enemy's next move.

use super::super::movement::{Mover, Routes, step_cost};
use super::super::section::{Kind, Order};
use super::super::setup::Ix;
use super::super::state::{Loc, State};
use super::super::zoc;
use super::maps::{Fields, Geometry, cover};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How far off the cheapest way to the objectives of the enemy unit nearest it a hex may be and
/// still be an approach, in half-MP (one clear hex).
const SLACK: u32 = 2;

/// The share of a hex's weight a unit still adds where a friend's ZOC already holds it.
const COVERED: f64 = 0.25;

/// The most good ground multiplies a line's worth by.
const GROUND: f64 = 2.0;

pub struct Approaches {
    /// Per hex: the share of the enemy's way to the defended objectives that passes there
    /// (each band of the near-cheapest ways of the enemy unit nearest each hex, by whole MP to
    /// the objectives, shares the objectives' greatest worth among its hexes); zero off the
    /// routes, within the enemy's next move, on the objectives and next to them (what holding
    /// them weighs).
    weight: Vec<f64>,
    /// The objective hexes the side defends: worth something to it, with no enemy unit in
    /// them.
    goals: Vec<Ix>,
}

/// Half-MP from the nearest of `from` to every hex, for foot off the roads (`u32::MAX` where
/// it cannot go), with the hex of `from` it is nearest.
fn costs(s: &State, from: &[Ix]) -> (Vec<u32>, Vec<Ix>) {
    let map = &s.setup().map;
    let g = &map.grid;
    let mut best = vec![u32::MAX; g.len()];
    let mut source: Vec<Ix> = (0..g.len()).map(|x| x as Ix).collect();
    let mut heap = BinaryHeap::new();
    for &h in from {
        best[h as usize] = 0;
        heap.push(Reverse((0u32, h)));
    }
    while let Some(Reverse((c, h))) = heap.pop() {
        if best[h as usize] != c {
            continue;
        }
        let at = g.coord_at(h as usize);
        for n in g.neighbors(at) {
            let Some(i) = g.index(n) else { continue };
            let Some(step) = step_cost(map, at, n, Mover::Foot, Routes::Ignore) else {
                continue;
            };
            let t = c + step;
            if t < best[i] {
                best[i] = t;
                source[i] = source[h as usize];
                heap.push(Reverse((t, i as Ix)));
            }
        }
    }
    (best, source)
}

impl Approaches {
    pub fn new(s: &State, fields: &Fields, geo: &Geometry) -> Approaches {
        let setup = s.setup();
        let n = setup.map.grid.len();
        let enemy_on = |h: usize| fields.enemies.iter().any(|&(_, e)| e as usize == h);
        let goals: Vec<Ix> = (0..n)
            .filter(|&h| fields.value[h] > 0.0 && !enemy_on(h))
            .map(|h| h as Ix)
            .collect();
        let worth = goals
            .iter()
            .map(|&h| fields.value[h as usize])
            .fold(0.0, f64::max);
        // The enemy's foot and guns (cavalry ignores ZOCs, AoR 5.4).
        let movers: Vec<(usize, Ix)> = fields
            .enemies
            .iter()
            .copied()
            .filter(|&(e, _)| setup.units[e].kind != Kind::Cavalry)
            .collect();
        let mut weight = vec![0.0; n];
        if goals.is_empty() || movers.is_empty() {
            return Approaches { weight, goals };
        }
        let from: Vec<Ix> = movers.iter().map(|&(_, h)| h).collect();
        let (to_goal, _) = costs(s, &goals);
        let (from_enemy, nearest) = costs(s, &from);
        // How much longer the way of the enemy unit nearest `x` to the objectives is through
        // `x` than its cheapest: each unit's own corridor (the cheapest of all would leave only
        // the route of the unit nearest an objective, with many objectives and many units).
        let detour = |x: usize| {
            let direct = to_goal[nearest[x] as usize];
            (direct != u32::MAX && to_goal[x] != u32::MAX && from_enemy[x] != u32::MAX)
                .then(|| (to_goal[x] + from_enemy[x]).saturating_sub(direct))
        };
        // Two of the enemy's moves from the objectives, in half-MP.
        let reach = 2
            * 2
            * movers
                .iter()
                .map(|&(e, _)| setup.units[e].movement)
                .max()
                .unwrap_or(0);
        let near_goal = |x: usize| goals.iter().any(|&o| geo.d(o, x as Ix) <= 1);
        // Beyond the enemy's next move: a line there makes it stop in front (or attack
        // through passing fire), where one nearer would be assaulted before it holds anything
        // (and every route starts at the enemy, so the bands are narrowest there).
        let next_move = 2 * movers
            .iter()
            .map(|&(e, _)| setup.units[e].movement)
            .max()
            .unwrap_or(0);
        let band = |x: usize| {
            from_enemy[x] > next_move
                && to_goal[x] <= reach
                && detour(x).is_some_and(|d| d <= SLACK)
                && !near_goal(x)
        };
        // Bands of whole MP (two half-MP).
        let mut count = vec![0u32; reach as usize / 2 + 1];
        for x in (0..n).filter(|&x| band(x)) {
            count[to_goal[x] as usize / 2] += 1;
        }
        for x in (0..n).filter(|&x| band(x)) {
            weight[x] = worth / f64::from(count[to_goal[x] as usize / 2]);
        }
        Approaches { weight, goals }
    }

    /// Does unit `u` defend: its formation has Defend orders (AoR 12.2: it never enters an
    /// enemy ZOC, and holds), and it stands within its movement and two hexes of a defended
    /// objective?
    pub fn defends(&self, s: &State, geo: &Geometry, u: usize) -> bool {
        let d = &s.setup().units[u];
        let Loc::At(at) = s.units[u].loc else {
            return false;
        };
        s.formations[d.formation].order == Order::Defend
            && s.units[u].disrupted.is_none()
            && self.goals.iter().any(|&o| geo.d(at, o) <= d.movement + 2)
            && self.weight.iter().any(|w| *w > 0.0)
    }

    /// The approach weight unit `u`'s ZOC would hold from `h` (its hex and the hexes its ZOC
    /// reaches, AoR 5.4), a hex a friend's ZOC already holds counting [`COVERED`] of itself,
    /// times the cover of the ground there (at most [`GROUND`]); with the hex that weighs most.
    pub fn value(&self, s: &State, u: usize, h: Ix) -> (f64, Option<Ix>) {
        let setup = s.setup();
        let map = &setup.map;
        let g = &map.grid;
        let side = setup.units[u].side;
        let at = g.coord_at(h as usize);
        // Hexes other friends' ZOCs hold now.
        let held = |x: Ix| {
            let c = g.coord_at(x as usize);
            (0..s.units.len()).any(|o| {
                o != u
                    && setup.units[o].side == side
                    && matches!(s.units[o].loc, Loc::At(f) if f == x
                        || zoc::reaches(map, g.coord_at(f as usize), c))
            })
        };
        let mut sum = 0.0;
        let mut top: Option<(f64, Ix)> = None;
        let zone = zoc::zone(map, at);
        for x in std::iter::once(h).chain(zone.iter().filter_map(|c| g.index(*c).map(|i| i as Ix)))
        {
            let w = self.weight[x as usize];
            if w == 0.0 {
                continue;
            }
            let share = if held(x) { w * COVERED } else { w };
            sum += share;
            if top.is_none_or(|(t, _)| share > t) {
                top = Some((share, x));
            }
        }
        let ground = (1.0 / cover(setup, h)).min(GROUND);
        (sum * ground, top.map(|(_, x)| x))
    }
}

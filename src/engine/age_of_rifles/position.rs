//! What a position says about the rules that depend on where everything is: stacks, zones of
//! control (AoR 5.4), command range (AoR 12.1) and where a unit or leader may move this
//! segment (AoR 5, 5.2, 5.3, 11, 12.2). Built once per question from a state ([`Ctx`]); the
//! arithmetic is the `movement` and `zoc` modules'.

use super::movement::{COMMAND_RANGE_HALF_MP, Mover};
use super::search::Dial;
use super::section::{Kind, Order, Role};
use super::setup::Ix;
use super::state::{LeaderLoc, Loc, Phase, State};
use super::zoc;
use crate::engine::RuleError;
use std::cell::RefCell;

/// A position's stacks and zones, with command ranges computed when first asked.
pub struct Ctx<'a> {
    pub s: &'a State,
    /// `zoc[k][h]`: hex `h` is in the ZOC of a unit of side `k`.
    pub zoc: [Vec<bool>; 2],
    /// `count[k][h]`: units of side `k` in hex `h`.
    pub count: [Vec<u8>; 2],
    /// Each formation's command-trace costs, when first asked (see [`Ranges`]).
    range: RefCell<Vec<Option<Ranges>>>,
    /// `hexes[k]`: the hexes holding units of side `k`, in index order, each once.
    hexes: [Vec<Ix>; 2],
    /// `near[k][h]`: the hex distance from `h` to the closest unit of side `k`'s enemies, when
    /// first asked (`UNKNOWN` before; `NONE` when there is no enemy on the map).
    near: RefCell<[Vec<u32>; 2]>,
    /// The queue the searches share (one search at a time).
    queue: RefCell<Dial>,
}

const UNKNOWN: u32 = u32::MAX;
/// The movement search's keys: cost times `PASSES` plus passing fires met (see
/// `unit_options`). A step costs at most 16 half MP, so a key grows by less than the search
/// queue's span (256).
const PASSES: u32 = 8;
const NONE: u32 = u32::MAX - 1;
/// The most waypoints a move may name (`Command::Move`'s `via`).
pub use crate::engine::preview::MAX_VIA;

/// A formation's command-trace costs (half cavalry MP) from its origins: exact for every hex
/// whose cost is at most `bound` (the rest `None`); `bound` is `u32::MAX` once the whole map
/// is searched. Command range (AoR 12.1) needs only the costs up to 4 MP; a unit out of
/// range, moving back towards it, needs the rest.
struct Ranges {
    costs: Vec<Option<u32>>,
    bound: u32,
}

/// One place a unit or leader may move to, with its cheapest allowed path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOption {
    pub to: Ix,
    /// In half movement points.
    pub cost: u32,
    /// The hexes entered, ending at `to`.
    pub path: Vec<Ix>,
}

impl<'a> Ctx<'a> {
    pub fn new(s: &'a State) -> Ctx<'a> {
        let setup = s.setup();
        let n = setup.map.grid.len();
        let mut zoc = [vec![false; n], vec![false; n]];
        let mut count = [vec![0u8; n], vec![0u8; n]];
        let mut hexes = [Vec::new(), Vec::new()];
        for (u, us) in s.units.iter().enumerate() {
            if let Loc::At(h) = us.loc {
                let side = setup.units[u].side;
                if count[side][h as usize] == 0 {
                    hexes[side].push(h);
                }
                count[side][h as usize] += 1;
                // AoR 5.4: the hexes its ZOC reaches (`zoc::zone`, computed once in the setup).
                for &z in &setup.zones[h as usize] {
                    zoc[side][z as usize] = true;
                }
            }
        }
        for hs in &mut hexes {
            hs.sort_unstable();
        }
        Ctx {
            s,
            zoc,
            count,
            range: RefCell::new((0..setup.formations.len()).map(|_| None).collect()),
            hexes,
            near: RefCell::new([vec![UNKNOWN; n], vec![UNKNOWN; n]]),
            queue: RefCell::new(Dial::default()),
        }
    }

    /// Hex `h` is in the ZOC of `side`'s enemies.
    pub fn enemy_zoc(&self, side: usize, h: Ix) -> bool {
        self.zoc[1 - side][h as usize]
    }
    pub fn enemy_in(&self, side: usize, h: Ix) -> bool {
        self.count[1 - side][h as usize] > 0
    }
    pub fn friends_in(&self, side: usize, h: Ix) -> u8 {
        self.count[side][h as usize]
    }

    /// The units of `side` in `h`, in unit order.
    pub fn units_at(&self, side: usize, h: Ix) -> Vec<usize> {
        let setup = self.s.setup();
        (0..self.s.units.len())
            .filter(|&u| setup.units[u].side == side && self.s.units[u].loc == Loc::At(h))
            .collect()
    }

    /// Where a formation's command is traced from (AoR 12.1: "their leader, WC, or OC"): the
    /// leader's hex (under March orders the hex he is placed in, AoR 12.2) and the
    /// commander's.
    pub fn command_origins(&self, f: usize) -> Vec<Ix> {
        let setup = self.s.setup();
        let fd = &setup.formations[f];
        let mut out = Vec::new();
        let fs = &self.s.formations[f];
        if fs.order == Order::March
            && let Some(m) = fs.march_to
        {
            out.push(m);
        } else if let LeaderLoc::At(h) = self.s.leaders[fd.leader].loc
            // AoR 15: a reorganizing leader is not present for command this turn.
            && !self.s.leaders[fd.leader].reorganizing
        {
            out.push(h);
        }
        if let LeaderLoc::At(h) = self.s.leaders[fd.commander].loc {
            out.push(h);
        }
        out
    }

    /// The cavalry-MP cost (half MP) of the command trace from formation `f`'s origins to
    /// hex `h` (AoR 12.1: through enemy ZOCs only where friendly units are; Kepi's reading:
    /// it may end in one, where the unit it reaches is), or `None` where it cannot reach. The
    /// search stops at `bound` half-MP (the rest is `None`) unless a cost beyond it is asked.
    /// With `until`, the search ends once that hex's cost is known (and every cost up to it).
    fn command_cost(&self, f: usize, h: Ix, bound: u32, until: bool) -> Option<u32> {
        let mut r = self.range.borrow_mut();
        let mut least = 0;
        if let Some(rg) = &r[f] {
            if rg.costs[h as usize].is_some() || rg.bound >= bound {
                return rg.costs[h as usize];
            }
            least = rg.bound;
        }
        let rg = self.search_command(f, bound, until.then_some(h), least);
        let c = rg.costs[h as usize];
        r[f] = Some(rg);
        c
    }

    /// Dijkstra from every origin at once (mounted, on roads: AoR 5.2), through hexes without
    /// enemy units and out of enemy ZOCs unless friends are there, up to `bound` half-MP, or
    /// (with `until`) up to that hex's cost but not below `least`.
    fn search_command(&self, f: usize, mut bound: u32, until: Option<Ix>, least: u32) -> Ranges {
        let setup = self.s.setup();
        let side = setup.formations[f].side;
        let n = setup.map.grid.len();
        let mut best: Vec<Option<u32>> = vec![None; n];
        let mut q = self.queue.borrow_mut();
        q.clear();
        for o in self.command_origins(f) {
            best[o as usize] = Some(0);
            q.push(0, o.into());
        }
        while let Some((cost, h)) = q.pop() {
            let h = h as Ix;
            if best[h as usize] != Some(cost) {
                continue;
            }
            if until == Some(h) {
                bound = bound.min(cost.max(least));
            }
            if cost > bound {
                // Every cost still queued is at least this one: beyond the bound, dropped.
                break;
            }
            // A trace may end in an enemy-ZOC hex (the unit there is the friend in it) but
            // goes on through one only where friendly units are.
            if cost > 0 && self.enemy_zoc(side, h) && self.friends_in(side, h) == 0 {
                continue;
            }
            for st in &setup.steps[h as usize] {
                let i = st.to;
                let c = st.cost[1][1] as u32;
                if c == 0 || self.enemy_in(side, i) {
                    continue;
                }
                let total = cost + c;
                if best[i as usize].is_none_or(|b| total < b) {
                    best[i as usize] = Some(total);
                    q.push(total, i.into());
                }
            }
        }
        for b in &mut best {
            if b.is_some_and(|c| c > bound) {
                *b = None;
            }
        }
        Ranges { costs: best, bound }
    }

    /// AoR 12.1: a hex within 4 cavalry MP of formation `f`'s leader, WC or OC.
    pub fn in_range(&self, f: usize, h: Ix) -> bool {
        self.command_cost(f, h, COMMAND_RANGE_HALF_MP, false)
            .is_some_and(|c| c <= COMMAND_RANGE_HALF_MP)
    }

    /// The command-trace cost to `h` (`u32::MAX` where it cannot reach).
    fn range_cost(&self, f: usize, h: Ix) -> u32 {
        self.command_cost(f, h, u32::MAX, true).unwrap_or(u32::MAX)
    }

    /// The command-trace cost to `h` is below `than` (searching no further than that).
    fn closer(&self, f: usize, h: Ix, than: u32) -> bool {
        self.command_cost(f, h, than, false)
            .is_some_and(|c| c < than)
    }

    /// The hex distance from `h` to the closest enemy unit of `side`.
    pub fn nearest_enemy(&self, side: usize, h: Ix) -> Option<u32> {
        let mut near = self.near.borrow_mut();
        let d = &mut near[side][h as usize];
        if *d == UNKNOWN {
            let setup = self.s.setup();
            *d = self.hexes[1 - side]
                .iter()
                .map(|&e| setup.distance(h, e))
                .min()
                .unwrap_or(NONE);
        }
        (*d != NONE).then_some(*d)
    }

    /// AoR 5.4, 12.1, 12.2: whether unit `u` may enter an enemy ZOC now.
    pub fn may_enter_zoc(&self, u: usize, from: Ix) -> Result<(), String> {
        let setup = self.s.setup();
        let d = &setup.units[u];
        let order = self.s.formations[d.formation].order;
        if order != Order::Attack {
            return Err(format!(
                "AoR 12.2: units with {} orders may not enter enemy ZOCs",
                order.name()
            ));
        }
        if !self.in_range(d.formation, from) {
            return Err("AoR 12.1: units outside command range may not move into ZOCs".into());
        }
        Ok(())
    }

    /// Every hex unit `u` may move to in this Formation Movement Segment, or why it may not
    /// move at all.
    pub fn unit_moves(&self, u: usize) -> Result<Vec<MoveOption>, String> {
        self.unit_options(u, true, &[]).map(|(o, _)| o)
    }

    /// As [`Ctx::unit_moves`], without the paths (empty): the legal commands need only the
    /// destinations.
    pub fn unit_destinations(&self, u: usize) -> Result<Vec<MoveOption>, String> {
        self.unit_options(u, false, &[]).map(|(o, _)| o)
    }

    /// Every hex unit `u` may move to along a path through the waypoints `via`, in order (the
    /// player's choice of path: AoR 5 lets the player trace it, and the path decides the
    /// passing fires drawn, 7.12, and 7.3's fire first). Each option's path is the cheapest
    /// through them, and of the cheapest the one through the fewest passing fires. A waypoint
    /// that cannot be passed through is refused naming the hex and the rule.
    pub fn unit_moves_via(&self, u: usize, via: &[Ix]) -> Result<Vec<MoveOption>, RuleError> {
        let setup = self.s.setup();
        let name = &setup.units[u].name;
        if via.len() > MAX_VIA {
            return Err(RuleError::rule(
                "AoR 5",
                format!(
                    "a move names at most {MAX_VIA} waypoints, not {}",
                    via.len()
                ),
            ));
        }
        let start = match self.s.units[u].loc {
            Loc::At(h) => Some(h),
            _ => None,
        };
        for (i, &w) in via.iter().enumerate() {
            if Some(w) == start {
                return Err(RuleError::rule(
                    "AoR 5",
                    format!("waypoint {} is {name}'s own hex", setup.name(w)),
                ));
            }
            if i > 0 && via[i - 1] == w {
                return Err(RuleError::rule(
                    "AoR 5",
                    format!("waypoint {} is named twice in a row", setup.name(w)),
                ));
            }
        }
        let (options, missed) = self
            .unit_options(u, true, via)
            .map_err(|e| RuleError::rule("AoR 5", e))?;
        match missed {
            Some(i) => Err(self.why_not_via(u, via, i)),
            None => Ok(options),
        }
    }

    /// Why waypoint `via[i]` cannot be passed through after the ones before it.
    fn why_not_via(&self, u: usize, via: &[Ix], i: usize) -> RuleError {
        let s = self.s;
        let setup = s.setup();
        let d = &setup.units[u];
        let side = d.side;
        let w = via[i];
        let hex = setup.name(w);
        let cav = zoc::ignores_zocs(d.kind);
        if self.enemy_in(side, w) {
            return RuleError::rule("AoR 5", format!("{hex} holds enemy units"));
        }
        if self.enemy_zoc(side, w) {
            if super::weather::no_zoc_entry(s) {
                return RuleError::rule(
                    "AoR 5.5, 16",
                    format!(
                        "{hex} is in an enemy ZOC, and no unit enters one on a night or rain turn"
                    ),
                );
            }
            if !cav
                && let Loc::At(start) = s.units[u].loc
                && let Err(e) = self.may_enter_zoc(u, start)
            {
                return RuleError::rule("AoR 5.4", format!("{hex} is in an enemy ZOC: {e}"));
            }
        }
        let before = match i {
            0 => match s.units[u].loc {
                Loc::At(h) => h,
                _ => w,
            },
            _ => via[i - 1],
        };
        // AoR 5.4: once in an enemy ZOC, a unit (not cavalry) moves on only into ZOC hexes; a
        // Defend unit may leave the one it starts in.
        let starts_there = i == 0 && s.formations[d.formation].order == Order::Defend;
        if !cav && self.enemy_zoc(side, before) && !self.enemy_zoc(side, w) && !starts_there {
            return RuleError::rule(
                "AoR 5.4",
                format!(
                    "{hex} leaves an enemy ZOC (from {}; once in one, a unit moves on only into \
                     enemy-ZOC hexes)",
                    setup.name(before)
                ),
            );
        }
        let through = if i == 0 {
            String::new()
        } else {
            format!(
                " through {}",
                via[..i]
                    .iter()
                    .map(|&h| setup.name(h))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        RuleError::rule(
            "AoR 5, 5.4",
            format!(
                "{hex} is out of reach of {}{through} (its movement allowance, terrain, ZOCs)",
                d.name
            ),
        )
    }

    /// The search behind [`Ctx::unit_moves`] and [`Ctx::unit_moves_via`]: the options after
    /// passing every waypoint of `via`, and the index of the first waypoint no path reaches
    /// (`None` when all are reached).
    fn unit_options(
        &self,
        u: usize,
        paths: bool,
        via: &[Ix],
    ) -> Result<(Vec<MoveOption>, Option<usize>), String> {
        let s = self.s;
        let setup = s.setup();
        let d = &setup.units[u];
        let us = &s.units[u];
        if s.phase != Phase::Movement || d.side != s.phasing() || s.combat.is_some() {
            return Err("units move in their side's Formation Movement Segment (AoR 4 III)".into());
        }
        let Loc::At(start) = us.loc else {
            return Err(format!("{} is not on the map", d.name));
        };
        if us.moved {
            return Err(format!("{} has moved this segment already", d.name));
        }
        if us.bombarded && d.kind.is_artillery() {
            return Err("AoR 4 III, 8.1: artillery that bombarded cannot move".into());
        }
        let side = d.side;
        let cav = zoc::ignores_zocs(d.kind);
        let fs = &s.formations[d.formation];
        let started_in_zoc = self.enemy_zoc(side, start);
        let zoc_ok = self.may_enter_zoc(u, start).is_ok();
        // AoR 5.4, 12.2: a unit starting in an enemy ZOC leaves it only by advance or retreat,
        // unless it is cavalry or under Defend orders ("may leave ZOC"); under Attack orders
        // (in command range, 12.1) it may move on from ZOC hex to ZOC hex, drawing passing
        // fire (AoR 7.12).
        if started_in_zoc && !cav && fs.order != Order::Defend && !zoc_ok {
            return Err(format!(
                "AoR 5.4, 12.2: {} starts in an enemy ZOC and may leave it only by advance or \
                 retreat ({} orders)",
                d.name,
                fs.order.name()
            ));
        }
        // AoR 14.1: a demoralized formation's units move 1 MP less.
        let mp = d.movement.saturating_sub(u32::from(fs.demoralized));
        let allowance = mp * 2;
        // AoR 5.4: the last unit to move out of a ZOC hex pays 1 MP extra.
        let last = self.friends_in(side, start) <= 1;
        let initial = if started_in_zoc {
            zoc::leaving_cost_half_mp(d.kind, last)
        } else {
            0
        };
        // AoR 5.5, 16: on a night or rain turn no unit enters a ZOC, not even cavalry.
        let dark = super::weather::no_zoc_entry(s);
        let mover = Mover::of(d.kind);
        // AoR 12.2 March: road and trail rates "only if moving unstacked and if there is no
        // unit in the hex they are entering"; AoR 5: only March orders use them.
        let roads = fs.order == Order::March && self.friends_in(side, start) <= 1;
        let n = setup.map.grid.len() as u32;
        let m = via.len() as u32;
        // Search states: hex `h` with `k` waypoints passed is state `k * n + h` (without
        // waypoints, the hex index). A waypoint is passed on entering it when it is the next
        // one, so the ZOC rules and the leaving cost hold along the whole path.
        let states = (n * (m + 1)) as usize;
        // The search's key is the cost in half MP times `PASSES`, plus the passing fires
        // (AoR 7.12) met on the way (at most `PASSES - 1`): the cheapest path first, and of
        // the cheapest, the one through the fewest passing fires.
        let mut best: Vec<Option<u32>> = vec![None; states];
        let mut prev: Vec<u32> = vec![u32::MAX; states];
        // The states reached, so the answer need not scan the whole map.
        let mut reached: Vec<u32> = vec![start.into()];
        let mut layers = vec![false; m as usize + 1];
        layers[0] = true;
        best[start as usize] = Some(initial * PASSES);
        let mut heap = self.queue.borrow_mut();
        heap.clear();
        heap.push(initial * PASSES, start.into());
        while let Some((key, st_ix)) = heap.pop() {
            if best[st_ix as usize] != Some(key) {
                continue;
            }
            let (k, h) = (st_ix / n, (st_ix % n) as Ix);
            let (cost, passes) = (key / PASSES, key % PASSES);
            // AoR 5.4, 12.2 Attack ("Units in ZOC cannot exit except by retreat"): once in an
            // enemy ZOC a unit moves on only into enemy-ZOC hexes; a Defend unit that starts
            // in one may leave it (and never enters one, 12.2).
            let in_zoc = !cav && self.enemy_zoc(side, h);
            let at_start = h == start && k == 0;
            let may_exit = at_start && fs.order == Order::Defend;
            // AoR 5.4: "The last unit to move out of a ZOC hex pays 1 MP extra" (the start's
            // is `initial`; back in its starting hex, the unit itself is no other unit there).
            let leave = if in_zoc && !at_start {
                let others = self.friends_in(side, h) - u8::from(h == start);
                zoc::leaving_cost_half_mp(d.kind, others == 0)
            } else {
                0
            };
            for st in &setup.steps[h as usize] {
                let nb = st.to;
                if self.enemy_in(side, nb) {
                    continue;
                }
                let nb_zoc = self.enemy_zoc(side, nb);
                if nb_zoc && (dark || (!cav && !zoc_ok)) {
                    continue;
                }
                if in_zoc && !nb_zoc && !may_exit {
                    continue;
                }
                let occupied = self.count[0][nb as usize] + self.count[1][nb as usize] > 0;
                let routes = usize::from(roads && !occupied);
                let mi = usize::from(mover == Mover::Mounted);
                let c = st.cost[mi][routes] as u32;
                if c == 0 {
                    continue;
                }
                let total = cost + c + leave;
                if total > allowance {
                    continue;
                }
                let fired = in_zoc && nb_zoc && super::passing::exposed(self, side, h, nb);
                let key = total * PASSES + (passes + u32::from(fired)).min(PASSES - 1);
                let nk = if k < m && via[k as usize] == nb {
                    k + 1
                } else {
                    k
                };
                let ns = nk * n + u32::from(nb);
                if best[ns as usize].is_none_or(|b| key < b) {
                    if best[ns as usize].is_none() {
                        reached.push(ns);
                        layers[nk as usize] = true;
                    }
                    best[ns as usize] = Some(key);
                    prev[ns as usize] = st_ix;
                    heap.push(key, ns);
                }
            }
        }
        drop(heap);
        if let Some(missed) = layers.iter().position(|&l| !l) {
            return Ok((Vec::new(), Some(missed - 1)));
        }
        reached.sort_unstable();
        let in_range_now = self.in_range(d.formation, start);
        let range_now = if in_range_now {
            0
        } else {
            self.range_cost(d.formation, start)
        };
        let enemy_now = self.nearest_enemy(side, start);
        let mut out = Vec::new();
        for &ns in &reached {
            // Only the states with every waypoint passed end a move.
            if ns / n != m {
                continue;
            }
            let to = (ns % n) as Ix;
            let Some(key) = best[ns as usize] else {
                continue;
            };
            let cost = key / PASSES;
            if to == start || self.friends_in(side, to) >= setup.stack_limit(to) {
                continue; // AoR 5.3: two units a hex; AoR 10.1: one in a fort.
            }
            // AoR 12.1: not out of range by normal movement; back towards it when out.
            if in_range_now {
                if !self.in_range(d.formation, to) {
                    continue;
                }
            } else if !self.in_range(d.formation, to) && !self.closer(d.formation, to, range_now) {
                continue;
            }
            // AoR 12.2 Attack: "must move towards the closest enemy unit ... until within
            // artillery range" (two hexes, AoR 8.1).
            if fs.order == Order::Attack
                && let Some(e) = enemy_now
                && e > 2
                && self.nearest_enemy(side, to).is_none_or(|x| x >= e)
            {
                continue;
            }
            let path = if paths {
                path_to(&prev, start.into(), ns, n)
            } else {
                Vec::new()
            };
            out.push(MoveOption { to, cost, path });
        }
        Ok((out, None))
    }

    /// Every hex leader `l` may move to now (AoR 11, 12.2, 12.5), or why he may not.
    pub fn leader_moves(&self, l: usize) -> Result<Vec<MoveOption>, String> {
        let s = self.s;
        let setup = s.setup();
        let d = &setup.leaders[l];
        let ls = &s.leaders[l];
        if s.phase != Phase::Movement || d.side != s.phasing() || s.combat.is_some() {
            return Err("leaders move in their side's Formation Movement Segment".into());
        }
        let LeaderLoc::At(start) = ls.loc else {
            return Err(format!("{} is not on the map", d.name));
        };
        if ls.moved {
            return Err(format!("{} has moved this segment already", d.name));
        }
        if ls.reorganizing {
            return Err(format!(
                "AoR 15: {} reorganizes units this turn and is not present to move",
                d.name
            ));
        }
        if let Some(f) = d.formation {
            match s.formations[f].order {
                Order::Reserve => {
                    return Err("AoR 12.2 Reserve: the leader cannot move".into());
                }
                Order::March => {
                    return Err(
                        "AoR 12.2 March: the leader is placed in his hex and is not moved".into(),
                    );
                }
                _ => {}
            }
        }
        let mut allowance = d.movement * 2;
        if ls.orders_sent > 0 {
            // AoR 11: "A leader's movement value is halved on a turn when he gives orders";
            // AoR 12.5 (Kepi's reading): one who sent more than half his rating may not move.
            if d.role != Role::Formation && ls.orders_sent > ls.rating / 2 {
                return Err(format!(
                    "AoR 12.5: {} sent {} orders, more than half his rating {}, and may not move",
                    d.name, ls.orders_sent, ls.rating
                ));
            }
            allowance /= 2;
        }
        let side = d.side;
        let n = setup.map.grid.len();
        let mut best: Vec<Option<u32>> = vec![None; n];
        let mut prev: Vec<Ix> = vec![Ix::MAX; n];
        best[start as usize] = Some(0);
        let mut heap = self.queue.borrow_mut();
        heap.clear();
        heap.push(0, start.into());
        while let Some((cost, h)) = heap.pop() {
            let h = h as Ix;
            if best[h as usize] != Some(cost) {
                continue;
            }
            for st in &setup.steps[h as usize] {
                let nb = st.to;
                // AoR 11: never into a ZOC not occupied by a friendly unit; never into enemies.
                if self.enemy_in(side, nb)
                    || (self.enemy_zoc(side, nb) && self.friends_in(side, nb) == 0)
                {
                    continue;
                }
                // AoR 5.2, 11: leaders pay road or trail costs, as cavalry.
                let c = st.cost[1][1] as u32;
                if c == 0 {
                    continue;
                }
                let total = cost + c;
                if total <= allowance && best[nb as usize].is_none_or(|b| total < b) {
                    best[nb as usize] = Some(total);
                    prev[nb as usize] = h;
                    heap.push(total, nb.into());
                }
            }
        }
        drop(heap);
        let mut out = Vec::new();
        for (i, b) in best.iter().enumerate() {
            let to = i as Ix;
            let Some(cost) = *b else { continue };
            if to == start {
                continue;
            }
            out.push(MoveOption {
                to,
                cost,
                path: hex_path_to(&prev, start, to),
            });
        }
        Ok(out)
    }

    /// Units of `side` able to attack from `h` now (AoR 7.3, 8.2, 12.1, 12.2).
    pub fn attackers_at(&self, side: usize, h: Ix) -> Vec<usize> {
        let s = self.s;
        let setup = s.setup();
        self.units_at(side, h)
            .into_iter()
            .filter(|&u| {
                let d = &setup.units[u];
                let us = &s.units[u];
                let order = s.formations[d.formation].order;
                let bombarded = us.bombarded && d.kind.is_artillery();
                !(us.attacked || bombarded)
                    && order != Order::Reserve
                    && order != Order::March
                    && self.in_range(d.formation, h)
            })
            .collect()
    }

    /// AoR 7.3's order of targets for a stack containing infantry: chateaux, infantry,
    /// cavalry, artillery. Lower is first.
    pub fn target_rank(&self, side: usize, h: Ix) -> u8 {
        let setup = self.s.setup();
        if setup.terrain(h) == "chateau" {
            return 0;
        }
        let kinds: Vec<Kind> = self
            .units_at(1 - side, h)
            .iter()
            .map(|&u| setup.units[u].kind)
            .collect();
        if kinds.contains(&Kind::Infantry) {
            1
        } else if kinds.contains(&Kind::Cavalry) {
            2
        } else {
            3
        }
    }
}

/// The hexes entered from `start` to `to` along the search's `prev` links.
fn hex_path_to(prev: &[Ix], start: Ix, to: Ix) -> Vec<Ix> {
    let mut path = vec![to];
    let mut at = to;
    while prev[at as usize] != start {
        at = prev[at as usize];
        path.push(at);
    }
    path.reverse();
    path
}

/// The hexes entered from state `start` to state `to` along the unit search's `prev` links
/// (states of `n` hexes a layer, see `unit_options`).
fn path_to(prev: &[u32], start: u32, to: u32, n: u32) -> Vec<Ix> {
    let mut path = vec![(to % n) as Ix];
    let mut at = to;
    while prev[at as usize] != start {
        at = prev[at as usize];
        path.push((at % n) as Ix);
    }
    path.reverse();
    path
}

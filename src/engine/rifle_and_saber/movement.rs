//! Movement, R&S 4.0: movement points and the terrain effects chart (9.2), roads 4(M),
//! artillery limbering 4(J), cavalry charges 4(K), dismounting 4(L), stacking 7.0, zones of
//! control 8.0, disrupted units 6.0(A), road movement mode 10.5 and the scenarios' movement
//! special rules.

use super::board::Board;
use super::state::{Location, State, UnitId};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::rules::ApproachEffect;
use std::collections::BTreeMap;

/// R&S 7.0: six stacking points a hex.
pub const STACKING_LIMIT: u32 = 6;

/// What a valid move does.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePlan {
    pub spent: Frac,
    pub left_zoc: bool,
    pub approached: bool,
}

/// The movement allowance this phase (R&S 4(K): 12 when charging).
pub fn allowance(state: &State, u: UnitId, charge: bool) -> u32 {
    let kind = state.kind(u);
    if charge {
        kind.charge_movement.unwrap_or(kind.movement)
    } else {
        kind.movement
    }
}

fn r(case: &str, msg: String) -> RuleError {
    RuleError::rule(case, msg)
}

/// Is this unit mounted cavalry or mounted rifles?
pub fn mounted(state: &State, u: UnitId) -> bool {
    state.kind(u).arm.is_mounted() && state.units[u].mounted_kind.is_none()
}

/// The crossing rule that applies to a unit, if any (a unit-specific rule first).
fn crossing_allows(state: &State, u: UnitId, h: HexCoord) -> Result<(), String> {
    let setup = &state.setup;
    if !setup.hex(h).water {
        return Ok(());
    }
    let side = state.side_of(u);
    let kind = state.units[u].kind;
    let group = &setup.units[u].group;
    let applies = |c: &&super::setup::CrossingRule| {
        c.side.is_none_or(|s| s == side)
            && c.group.as_ref().is_none_or(|g| Some(g) == group.as_ref())
            && c.kind.is_none_or(|k| k == kind)
    };
    let rule = setup
        .crossings
        .iter()
        .filter(applies)
        .max_by_key(|c| c.kind.is_some());
    match rule {
        Some(c) if !c.allowed.contains(&h) => Err(c.text.clone()),
        _ => Ok(()),
    }
}

/// Why one step is impossible, cheap to make; worded for players by [`StepError::explain`].
#[derive(Clone, Debug, PartialEq)]
pub enum StepError {
    NotAdjacent(HexCoord),
    Enemy,
    Crossing(String),
    NoRoad,
    Stacking(u32),
    ChargeTerrain { ridge: bool },
}

impl StepError {
    pub fn explain(&self, state: &State, u: UnitId, to: HexCoord) -> RuleError {
        let setup = &state.setup;
        let name = setup.name(to);
        let label = state.label(u);
        match self {
            StepError::NotAdjacent(f) => RuleError::not_now(format!(
                "{name} is not next to {}: a path steps from hex to adjacent hex",
                setup.name(*f)
            )),
            StepError::Enemy => r(
                "R&S 4(G)",
                format!("{label} may not enter {name}: it holds enemy units"),
            ),
            StepError::Crossing(text) => r(
                "Scenario special rule",
                format!("{label} may not enter {name}: {text}"),
            ),
            StepError::NoRoad => r(
                "Scenario special rule",
                format!("{label} may not move into {name}, which has no road"),
            ),
            StepError::Stacking(points) => r(
                "R&S 7.0(B)",
                format!(
                    "{label} may not move into or through {name}: it would hold {points} \
                     stacking points (six at most)"
                ),
            ),
            StepError::ChargeTerrain { ridge } => r(
                "R&S 4(K)",
                format!(
                    "{label} may not charge into {name}: a charging unit enters only clear \
                     terrain (Kepi's reading of the lost condition 2), not {}",
                    if *ridge {
                        "across a ridge hexside".to_string()
                    } else {
                        setup.hex(to).terrain.clone()
                    }
                ),
            ),
        }
    }
}

/// Cost of one step, without the allowance check. `from` is `None` when entering the map.
pub fn step_cost(
    state: &State,
    board: &Board,
    u: UnitId,
    from: Option<HexCoord>,
    to: HexCoord,
    charge: bool,
) -> Result<Frac, RuleError> {
    step(state, board, u, from, to, charge).map_err(|e| e.explain(state, u, to))
}

/// [`step_cost`] without wording.
pub fn step(
    state: &State,
    board: &Board,
    u: UnitId,
    from: Option<HexCoord>,
    to: HexCoord,
    charge: bool,
) -> Result<Frac, StepError> {
    let g = &state.setup.grid;
    let to_i = g.index(to).expect("hex on the map");
    let from = match from {
        Some(f) => {
            let fi = g.index(f).expect("hex on the map");
            let d = state.setup.neighbors[fi]
                .iter()
                .position(|&n| n as usize == to_i)
                .ok_or(StepError::NotAdjacent(f))?;
            Some((fi, d))
        }
        None => None,
    };
    step_at(state, board, u, from, to_i, charge).map(|units| Frac::new(units, state.setup.cost_den))
}

/// One step by hex indices: from hex `from.0` across its side `from.1` into `to`, its cost in
/// units of `1/cost_den` MP. The search's inner loop; every check of [`step`].
pub fn step_at(
    state: &State,
    board: &Board,
    u: UnitId,
    from: Option<(usize, usize)>,
    to: usize,
    charge: bool,
) -> Result<i64, StepError> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let kind = state.kind(u);
    if board.side_at(to).is_some_and(|s| s != side) {
        return Err(StepError::Enemy);
    }
    let info = &setup.hexes[to];
    if info.water && !setup.crossings.is_empty() {
        crossing_allows(state, u, setup.grid.coord_at(to)).map_err(StepError::Crossing)?;
    }
    let by_road = match from {
        Some((fi, d)) => setup.road_dirs[fi] & (1 << d) != 0,
        None => setup.road_exits.contains(&setup.grid.coord_at(to)),
    };
    if kind.road_only && setup.road_dirs[to] == 0 {
        return Err(StepError::NoRoad);
    }
    let points = board.points_at(to);
    if points + kind.stacking > STACKING_LIMIT {
        return Err(StepError::Stacking(points + kind.stacking));
    }
    let ridge = from.is_some_and(|(fi, d)| setup.ridge_dirs[fi] & (1 << d) != 0);
    if charge && (!info.clear || ridge) {
        return Err(StepError::ChargeTerrain { ridge });
    }
    // R&S 4(M): road rate into a road hex through a road hexside; not into a hex holding other
    // friendly units. R&S 10.5: with road movement mode in play, only units in that mode.
    let road_rate = by_road && (!setup.options.road_movement || unit.road_mode) && points == 0;
    let cost = if road_rate {
        setup.road_units[to]
    } else {
        match from {
            Some((fi, d)) => setup.move_units[to] + setup.side_units[fi][d],
            None => setup.move_units[to],
        }
    };
    Ok(cost)
}

/// Check a whole move and say what it does; the state is not changed.
pub fn check_move(
    state: &State,
    u: UnitId,
    path: &[HexCoord],
    charge: bool,
) -> Result<MovePlan, RuleError> {
    check_move_on(state, &Board::new(state), u, path, charge)
}

/// What every move of a unit needs, whatever the path: its side is moving, it is on the map
/// (or arriving), the scenario lets it move, guns are limbered (R&S 4(J)), a charge is allowed
/// (R&S 4(K)). Returns the unit's hex (`None` for an arriving reinforcement).
pub fn check_mover(state: &State, u: UnitId, charge: bool) -> Result<Option<HexCoord>, RuleError> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let kind = state.kind(u);
    let label = state.label(u);
    if side != state.player {
        return Err(RuleError::not_now(format!(
            "{label} belongs to {}, who is not moving now",
            setup.sides[side].name
        )));
    }
    let start = match unit.location {
        Location::Hex(h) => Some(h),
        Location::Off => {
            let (turn, _) = setup.units[u]
                .arrival
                .ok_or_else(|| RuleError::not_now(format!("{label} has not been deployed")))?;
            if turn > state.turn {
                return Err(RuleError::not_now(format!(
                    "{label} arrives on game-turn {turn}, not before"
                )));
            }
            None
        }
        Location::Exited | Location::Eliminated | Location::Withdrawn => {
            return Err(RuleError::not_now(format!(
                "{label} is no longer on the map"
            )));
        }
    };
    let no_move = setup.no_movement_turns(u);
    if state.turn <= no_move {
        let who = match &setup.units[u].group {
            Some(g) if setup.sides[side].group_no_movement.contains_key(g) => {
                format!("{} group ({g})", setup.sides[side].name)
            }
            _ => setup.sides[side].name.clone(),
        };
        return Err(r(
            "Scenario special rule",
            format!("{who} may not move during the first {no_move} game-turns"),
        ));
    }
    if kind.limbers && !unit.limbered {
        return Err(r(
            "R&S 4(J)",
            format!("{label} must be limbered to move (limbering costs 3 MP)"),
        ));
    }
    let disrupted = unit.disrupted();
    if disrupted && kind.limbers {
        return Err(r(
            "R&S 6.0(A)",
            format!("{label} is disrupted: disrupted artillery and machine guns may not move"),
        ));
    }
    if charge {
        if kind.charge_movement.is_none() || unit.mounted_kind.is_some() {
            return Err(r(
                "R&S 4(K)",
                format!("{label} cannot charge: only mounted cavalry and mounted rifles charge"),
            ));
        }
        if disrupted {
            return Err(r(
                "R&S 6.0(A)",
                format!("{label} is disrupted and may not charge"),
            ));
        }
        if unit.moved > 0 && !unit.charging {
            return Err(r(
                "R&S 4(K)",
                format!("{label} has already moved without charging this phase"),
            ));
        }
    } else if unit.charging {
        return Err(r(
            "R&S 4(K)",
            format!("{label} is charging: the rest of its move is part of the charge"),
        ));
    }
    Ok(start)
}

/// [`check_move`] with an occupancy index already built for `state`.
pub fn check_move_on(
    state: &State,
    board: &Board,
    u: UnitId,
    path: &[HexCoord],
    charge: bool,
) -> Result<MovePlan, RuleError> {
    let start = check_mover(state, u, charge)?;
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let label = state.label(u);
    let disrupted = unit.disrupted();
    if path.is_empty() {
        return Err(RuleError::not_now("a move needs at least one hex"));
    }
    if disrupted && unit.moved as usize + path.len() > 1 {
        return Err(r(
            "R&S 6.0(A)",
            format!("{label} is disrupted and may move only one hex per Movement Phase"),
        ));
    }
    if start.is_none() {
        let (_, entry) = setup.units[u].arrival.expect("checked above");
        if !setup.entries[entry].contains(&path[0]) {
            return Err(r(
                "Scenario reinforcements",
                format!(
                    "{label} enters the map at {}; {} is not one of its entry hexes",
                    setup.entries[entry]
                        .iter()
                        .map(|h| setup.name(*h))
                        .collect::<Vec<_>>()
                        .join(", "),
                    setup.name(path[0])
                ),
            ));
        }
    }
    let limit = Frac::int(allowance(state, u, charge) as i64);
    let mut spent = unit.spent;
    let mut left_zoc = unit.left_zoc;
    let mut approached = false;
    let mut prev = start;
    let enemy_road_space = if setup.options.road_movement {
        enemy_road_spaces(state, side)
    } else {
        Vec::new()
    };
    // Errata 10.5(A): "must stop upon entering" holds across moves: a unit that entered an
    // enemy road movement space earlier this phase may not go on (one that began the phase
    // there did not enter it, and may move).
    if let Some(h) = start
        && unit.moved > 0
        && !unit.road_mode
        && enemy_road_space.contains(&h)
    {
        return Err(r(
            "R&S 10.5(A) errata",
            format!(
                "{label} entered {}, in an enemy unit's road movement space, and must stop \
                 there",
                setup.name(h)
            ),
        ));
    }
    for (i, &next) in path.iter().enumerate() {
        let cost = step_cost(state, board, u, prev, next, charge)?;
        if let Some(p) = prev {
            let from_zoc = board.enemy_zoc(state, side, p);
            let to_zoc = board.enemy_zoc(state, side, next);
            if disrupted && from_zoc {
                return Err(r(
                    "R&S 8.0(C)",
                    format!("{label} is disrupted and may not leave an enemy-controlled hex"),
                ));
            }
            if from_zoc && to_zoc {
                return Err(r(
                    "R&S 8.0(B)",
                    format!(
                        "{label} may not move from one enemy-controlled hex ({}) to another ({})",
                        setup.name(p),
                        setup.name(next)
                    ),
                ));
            }
            if from_zoc {
                left_zoc = true;
            }
        }
        if disrupted && board.enemy_zoc(state, side, next) {
            return Err(r(
                "R&S 6.0(A)",
                format!("{label} is disrupted and may not enter an enemy-controlled hex"),
            ));
        }
        if !disrupted {
            if spent + cost > limit {
                return Err(r(
                    "R&S 4(C)",
                    format!(
                        "{label} has {} MP left; entering {} costs {}",
                        limit - spent,
                        setup.name(next),
                        cost
                    ),
                ));
            }
            spent = spent + cost;
        }
        for a in setup.approach_rules(u) {
            let (effect, text) = (&a.effect, &a.text);
            if a.hexes.contains(&next) {
                match effect {
                    ApproachEffect::Forbidden => {
                        return Err(r(
                            "Scenario special rule",
                            format!("{label} may not enter {}: {text}", setup.name(next)),
                        ));
                    }
                    ApproachEffect::Disrupted => approached = true,
                }
            }
        }
        // Errata 10.5(A): a unit not in road movement mode stops on entering an enemy road
        // movement space.
        if setup.options.road_movement
            && !unit.road_mode
            && enemy_road_space.contains(&next)
            && i + 1 < path.len()
        {
            return Err(r(
                "R&S 10.5(A) errata",
                format!(
                    "{label} must stop on entering {}, in an enemy unit's road movement space",
                    setup.name(next)
                ),
            ));
        }
        if setup.options.road_movement && unit.road_mode {
            check_road_space(state, u, next)?;
        }
        prev = Some(next);
    }
    Ok(MovePlan {
        spent,
        left_zoc,
        approached,
    })
}

/// R&S 10.5(A): a unit in road movement mode occupies its hex and the road hexes in front of
/// and behind it (Kepi: every hex joined to it by road).
pub fn road_space(state: &State, h: HexCoord) -> Vec<HexCoord> {
    let setup = &state.setup;
    std::iter::once(h)
        .chain(setup.grid.neighbors(h).filter(|n| setup.is_road(h, *n)))
        .collect()
}

fn enemy_road_spaces(state: &State, side: usize) -> Vec<HexCoord> {
    state
        .on_map(1 - side)
        .filter(|&o| state.units[o].road_mode)
        .flat_map(|o| road_space(state, state.units[o].hex().expect("on map")))
        .collect()
}

/// R&S 10.5(A): road movement spaces of units in road mode never overlap.
fn check_road_space(state: &State, u: UnitId, at: HexCoord) -> Result<(), RuleError> {
    let mine = road_space(state, at);
    for o in 0..state.units.len() {
        if o == u || !state.units[o].road_mode {
            continue;
        }
        let Some(h) = state.units[o].hex() else {
            continue;
        };
        if road_space(state, h).iter().any(|x| mine.contains(x)) {
            return Err(r(
                "R&S 10.5(A)",
                format!(
                    "{} in road movement mode at {} would overlap the road movement space of {}",
                    state.label(u),
                    state.setup.name(at),
                    state.label(o)
                ),
            ));
        }
    }
    Ok(())
}

/// Where a unit can move this phase: every reachable hex with the cheapest legal path to it,
/// preferring paths that do not leave an enemy-controlled hex (which would disrupt the unit,
/// R&S 8.0(B)). Paths are rebuilt on demand from predecessor links.
pub struct Reach {
    grid: crate::map::Grid,
    /// Destination hexes (by index) with their search node and cost (in `1/cost_den` MP,
    /// what was spent before included).
    dests: Vec<(usize, usize, i64)>,
    pred: Vec<usize>,
}

impl Reach {
    fn empty(grid: crate::map::Grid) -> Reach {
        Reach {
            grid,
            dests: Vec::new(),
            pred: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.dests.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dests.is_empty()
    }

    pub fn destinations(&self) -> impl Iterator<Item = HexCoord> + '_ {
        self.dests.iter().map(|(i, _, _)| self.grid.coord_at(*i))
    }

    fn path_of(&self, mut node: usize) -> Vec<HexCoord> {
        let mut p = Vec::new();
        while node != usize::MAX {
            p.push(self.grid.coord_at(node / 2));
            node = self.pred[node];
        }
        p.reverse();
        p
    }

    /// Every destination and whether its preferred path leaves an enemy-controlled hex (see
    /// [`Reach::with_costs`], in the same order, without the paths).
    pub fn ends(&self) -> impl Iterator<Item = (HexCoord, bool)> + '_ {
        self.dests
            .iter()
            .map(|(i, node, _)| (self.grid.coord_at(*i), node & 1 == 1))
    }

    /// The path to `h`, if reachable.
    pub fn path(&self, h: HexCoord) -> Option<Vec<HexCoord>> {
        let i = self.grid.index(h)?;
        self.dests
            .iter()
            .find(|(d, _, _)| *d == i)
            .map(|(_, node, _)| self.path_of(*node))
    }

    /// Every destination with its path, the movement points spent on arrival (in whole
    /// `1/cost_den` MP, what was spent before this move included) and whether the path leaves
    /// an enemy-controlled hex (the unit is then disrupted at the end of the phase, R&S
    /// 8.0(B)). The path is the preferred one: not leaving a controlled hex when possible, then
    /// the cheapest.
    pub fn with_costs(&self) -> Vec<(HexCoord, Vec<HexCoord>, i64, bool)> {
        self.dests
            .iter()
            .map(|(i, node, cost)| {
                (
                    self.grid.coord_at(*i),
                    self.path_of(*node),
                    *cost,
                    node & 1 == 1,
                )
            })
            .collect()
    }

    pub fn into_map(self) -> BTreeMap<HexCoord, Vec<HexCoord>> {
        self.dests
            .iter()
            .map(|(i, node, _)| (self.grid.coord_at(*i), self.path_of(*node)))
            .collect()
    }
}

/// Cheapest legal path to every reachable hex (see [`Reach`]).
pub fn reachable(state: &State, u: UnitId, charge: bool) -> BTreeMap<HexCoord, Vec<HexCoord>> {
    let board = Board::new(state);
    search(state, &board, u, charge).into_map()
}

pub fn reachable_on(
    state: &State,
    board: &Board,
    u: UnitId,
    charge: bool,
) -> BTreeMap<HexCoord, Vec<HexCoord>> {
    search(state, board, u, charge).into_map()
}

/// The search's reusable tables, per thread: the best cost of each node, the cost buckets.
type Scratch = (Vec<i64>, Vec<Vec<(usize, usize)>>);

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Dijkstra over (hex, has-left-a-controlled-hex) with a bucket queue: costs are small whole
/// numbers of `1/cost_den` MP, and (left, cost) is processed in lexicographic order. The search
/// makes every check of [`check_move_on`] but the road movement spaces of 10.5, which are
/// checked on each path when that rule is on; a listed move is always accepted (tested).
pub fn search(state: &State, board: &Board, u: UnitId, charge: bool) -> Reach {
    let setup = &state.setup;
    let g = &setup.grid;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let limit = allowance(state, u, charge) as i64 * setup.cost_den;
    let spent = setup.units(unit.spent);
    let start_i = unit.hex().and_then(|h| g.index(h));
    let disrupted = unit.disrupted();
    if (disrupted && unit.moved > 0) || check_mover(state, u, charge).is_err() {
        return Reach::empty(*g);
    }
    let forbidden: Vec<usize> = setup
        .approach_rules(u)
        .filter(|a| a.effect == ApproachEffect::Forbidden)
        .flat_map(|a| a.hexes.iter().filter_map(|h| g.index(*h)))
        .collect();
    let n = g.len();
    let mut pred: Vec<usize> = vec![usize::MAX; 2 * n];
    let width = (limit.max(spent) + 1) as usize;
    let bucket = |left: bool, cost: i64| {
        usize::from(left) * width + cost.clamp(0, width as i64 - 1) as usize
    };
    let start_zoc = start_i.is_some_and(|i| board.enemy_zoc_at(side, i));
    let firsts: Vec<(Option<(usize, usize)>, usize)> = match start_i {
        Some(si) => (0..6)
            .filter(|&d| setup.neighbors[si][d] != super::setup::NO_HEX)
            .map(|d| (Some((si, d)), setup.neighbors[si][d] as usize))
            .collect(),
        None => match setup.units[u].arrival {
            Some((_, e)) => setup.entries[e]
                .iter()
                .filter_map(|h| g.index(*h))
                .map(|i| (None, i))
                .collect(),
            None => return Reach::empty(*g),
        },
    };
    // The cost table and the buckets are this thread's, reused from search to search (taken
    // out while in use, so a search made inside this one gets its own).
    let (mut best, mut buckets) = SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()));
    best.clear();
    best.resize(2 * n, i64::MAX);
    // Every bucket is empty here: a search pops each until it is (the early returns above
    // come before the tables are taken).
    buckets.resize_with(2 * width, Vec::new);
    for (from, f) in firsts {
        let Ok(cost) = step_at(state, board, u, from, f, charge) else {
            continue;
        };
        let total = spent + cost;
        if !disrupted && total > limit {
            continue;
        }
        let f_zoc = board.enemy_zoc_at(side, f);
        if (start_zoc && f_zoc) || (disrupted && (start_zoc || f_zoc)) || forbidden.contains(&f) {
            continue;
        }
        // Disrupted units move one hex whatever it costs (R&S 6.0(A)).
        let total = if disrupted { spent } else { total };
        buckets[bucket(start_zoc, total)].push((f * 2 + usize::from(start_zoc), usize::MAX));
    }
    let mut dests: Vec<(usize, usize, i64)> = Vec::new();
    for b in 0..2 * width {
        let left = b >= width;
        let total = (b % width) as i64;
        while let Some((node, from)) = buckets[b].pop() {
            if best[node] <= total {
                continue;
            }
            if best[node ^ 1] == i64::MAX {
                // First reached in this layer: layer 0 always comes first, so this is the
                // preferred (non-disrupting, then cheapest) path.
                dests.push((node / 2, node, total));
            }
            best[node] = total;
            pred[node] = from;
            if disrupted {
                continue;
            }
            let here = node / 2;
            let here_zoc = board.enemy_zoc_at(side, here);
            for d in 0..6 {
                let nb = setup.neighbors[here][d];
                if nb == super::setup::NO_HEX || Some(nb as usize) == start_i {
                    continue;
                }
                let nb = nb as usize;
                let Ok(cost) = step_at(state, board, u, Some((here, d)), nb, charge) else {
                    continue;
                };
                let t = total + cost;
                if t > limit
                    || (here_zoc && board.enemy_zoc_at(side, nb))
                    || forbidden.contains(&nb)
                {
                    continue;
                }
                let nl = left || here_zoc;
                let next = nb * 2 + usize::from(nl);
                if best[next] <= t {
                    continue;
                }
                buckets[bucket(nl, t)].push((next, node));
            }
        }
    }
    SCRATCH.with(|s| *s.borrow_mut() = (best, buckets));
    let mut reach = Reach {
        grid: *g,
        dests,
        pred,
    };
    if setup.options.road_movement {
        let keep: Vec<(usize, usize, i64)> = reach
            .dests
            .iter()
            .copied()
            .filter(|(_, node, _)| {
                check_move_on(state, board, u, &reach.path_of(*node), charge).is_ok()
            })
            .collect();
        reach.dests = keep;
    }
    reach
}

//! Movement, R&S 4.0: movement points and the terrain effects chart (9.2), roads 4(M),
//! artillery limbering 4(J), cavalry charges 4(K), dismounting 4(L), stacking 7.0, zones of
//! control 8.0, disrupted units 6.0(A), road movement mode 10.5 and the scenarios' movement
//! special rules.

use super::board::Board;
use super::state::{Location, State, UnitId};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::{Edge, HexCoord};
use crate::scenario::rules::ApproachEffect;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

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
    let applies = |c: &&super::setup::CrossingRule| {
        c.side.is_none_or(|s| s == side) && c.kind.is_none_or(|k| k == kind)
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

/// Cost of one step, without the allowance check. `from` is `None` when entering the map.
pub fn step_cost(
    state: &State,
    board: &Board,
    u: UnitId,
    from: Option<HexCoord>,
    to: HexCoord,
    charge: bool,
) -> Result<Frac, RuleError> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let kind = state.kind(u);
    let name = setup.name(to);
    let label = state.label(u);
    if let Some(f) = from
        && !setup.grid.adjacent(f, to)
    {
        return Err(RuleError::not_now(format!(
            "{name} is not next to {}: a path steps from hex to adjacent hex",
            setup.name(f)
        )));
    }
    if board.side(state, to).is_some_and(|s| s != side) {
        return Err(r(
            "R&S 4(G)",
            format!("{label} may not enter {name}: it holds enemy units"),
        ));
    }
    if let Err(text) = crossing_allows(state, u, to) {
        return Err(r(
            "Scenario special rule",
            format!("{label} may not enter {name}: {text}"),
        ));
    }
    let by_road = match from {
        Some(f) => setup.is_road(f, to),
        None => setup.road_exits.contains(&to),
    };
    if kind.road_only && !setup.has_road(to) {
        return Err(r(
            "Scenario special rule",
            format!("{label} may not move into {name}, which has no road"),
        ));
    }
    if board.points(state, to) + kind.stacking > STACKING_LIMIT {
        return Err(r(
            "R&S 7.0(B)",
            format!(
                "{label} may not move into or through {name}: it would hold {} stacking points \
                 (six at most)",
                board.points(state, to) + kind.stacking
            ),
        ));
    }
    let info = setup.hex(to);
    let ridge = from.is_some_and(|f| setup.is_ridge(f, to));
    if charge && (!info.clear || ridge) {
        return Err(r(
            "R&S 4(K)",
            format!(
                "{label} may not charge into {name}: a charging unit enters only clear terrain \
                 (Kepi's reading of the lost condition 2), not {}",
                if ridge {
                    "across a ridge hexside".to_string()
                } else {
                    info.terrain.clone()
                }
            ),
        ));
    }
    // R&S 4(M): road rate into a road hex through a road hexside; not into a hex holding other
    // friendly units. R&S 10.5: with road movement mode in play, only units in that mode.
    let road_rate =
        by_road && (!setup.options.road_movement || unit.road_mode) && board.points(state, to) == 0;
    let cost = if road_rate {
        info.movement_by_road
            .unwrap_or(setup.road_cost)
            .min(setup.road_cost)
    } else {
        let extra = from
            .and_then(|f| setup.hexside_extra.get(&Edge::new(f, to)).copied())
            .unwrap_or(Frac::ZERO);
        info.movement + extra
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

/// [`check_move`] with an occupancy index already built for `state`.
pub fn check_move_on(
    state: &State,
    board: &Board,
    u: UnitId,
    path: &[HexCoord],
    charge: bool,
) -> Result<MovePlan, RuleError> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let kind = state.kind(u);
    let label = state.label(u).to_string();
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
        Location::Exited | Location::Eliminated => {
            return Err(RuleError::not_now(format!(
                "{label} is no longer on the map"
            )));
        }
    };
    let no_move = setup.sides[side].no_movement_turns;
    if state.turn <= no_move {
        return Err(r(
            "Scenario special rule",
            format!(
                "{} may not move during the first {no_move} game-turns",
                setup.sides[side].name
            ),
        ));
    }
    if path.is_empty() {
        return Err(RuleError::not_now("a move needs at least one hex"));
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
    if disrupted && unit.moved as usize + path.len() > 1 {
        return Err(r(
            "R&S 6.0(A)",
            format!("{label} is disrupted and may move only one hex per Movement Phase"),
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
    let enemy_road_space = enemy_road_spaces(state, side);
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
        for (hexes, effect, text) in &setup.sides[side].approach {
            if hexes.contains(&next) {
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

/// Cheapest legal path to every reachable hex (for legal moves and the UI), preferring paths
/// that do not leave an enemy-controlled hex (which would disrupt the unit, R&S 8.0(B)).
pub fn reachable(state: &State, u: UnitId, charge: bool) -> BTreeMap<HexCoord, Vec<HexCoord>> {
    let setup = &state.setup;
    let side = state.side_of(u);
    let unit = &state.units[u];
    let board = Board::new(state);
    let limit = Frac::int(allowance(state, u, charge) as i64);
    let start = unit.hex();
    let disrupted = unit.disrupted();
    // Node: (hex, left_zoc). Key: (left_zoc, spent).
    type Node = (HexCoord, bool);
    let mut best: BTreeMap<Node, (Frac, Vec<HexCoord>)> = BTreeMap::new();
    let mut heap: BinaryHeap<Reverse<(bool, Frac, Vec<HexCoord>)>> = BinaryHeap::new();
    let firsts: Vec<HexCoord> = match start {
        Some(h) => setup.grid.neighbors(h).collect(),
        None => match setup.units[u].arrival {
            Some((_, e)) => setup.entries[e].iter().copied().collect(),
            None => return BTreeMap::new(),
        },
    };
    let start_zoc = start.is_some_and(|h| board.enemy_zoc(state, side, h));
    for f in firsts {
        heap.push(Reverse((start_zoc && start.is_some(), unit.spent, vec![f])));
    }
    while let Some(Reverse((left, spent, path))) = heap.pop() {
        let here = *path.last().expect("non-empty");
        let prev = if path.len() >= 2 {
            Some(path[path.len() - 2])
        } else {
            start
        };
        let Ok(cost) = step_cost(state, &board, u, prev, here, charge) else {
            continue;
        };
        let total = spent + cost;
        if !disrupted && total > limit {
            continue;
        }
        if disrupted && (unit.moved > 0 || path.len() > 1) {
            continue;
        }
        let here_zoc = board.enemy_zoc(state, side, here);
        if let Some(p) = prev {
            let p_zoc = board.enemy_zoc(state, side, p);
            if (p_zoc && here_zoc) || (disrupted && (p_zoc || here_zoc)) {
                continue;
            }
        }
        if setup.sides[side]
            .approach
            .iter()
            .any(|(hx, e, _)| *e == ApproachEffect::Forbidden && hx.contains(&here))
        {
            continue;
        }
        let key = (here, left);
        if best.get(&key).is_some_and(|(c, _)| *c <= total) {
            continue;
        }
        best.insert(key, (total, path.clone()));
        if disrupted {
            continue;
        }
        for n in setup.grid.neighbors(here) {
            if Some(n) == start || path.contains(&n) {
                continue;
            }
            let mut p = path.clone();
            p.push(n);
            heap.push(Reverse((left || here_zoc, total, p)));
        }
    }
    let mut out: BTreeMap<HexCoord, (bool, Frac, Vec<HexCoord>)> = BTreeMap::new();
    for ((h, left), (cost, path)) in best {
        if Some(h) == start {
            continue;
        }
        let better = out.get(&h).is_none_or(|(l, c, _)| (left, cost) < (*l, *c));
        if better {
            out.insert(h, (left, cost, path));
        }
    }
    out.into_iter()
        .filter(|(_, (_, _, p))| check_move_on(state, &board, u, p, charge).is_ok())
        .map(|(h, (_, _, p))| (h, p))
        .collect()
}

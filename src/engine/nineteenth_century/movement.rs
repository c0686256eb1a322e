//! 19C Movement: allowances in whole hexes, the terrain's halving, the road bonus, turning,
//! interpenetration, reforming and the commanders' rally.
//!
//! Kepi's readings on hexes (docs/rules/nineteenth-century.md, "Movement"):
//! - a move is measured in hexes of the unit's allowance: a hex of open ground takes 1, a hex
//!   of terrain (woods, town), a hex entered across a wall or a ford, or a hex higher than the
//!   one left ("climbing hills") takes 2 (the move is halved there);
//! - a unit that has not reformed may always move one hex with its whole move, whatever that
//!   hex takes (the halved move of a one-hex mover);
//! - reforming from battle into march halves the allowance, rounded down (a one-hex mover
//!   reforms and stays);
//! - the road bonus is one hex, when every hex of the move is entered along a road;
//! - "They may [pivot] at the start & end of their move": the unit pivots to the direction it
//!   goes, moves straight ahead through hexsides in that direction, and faces any hexside at
//!   the end; a unit following a road follows its bends;
//! - skirmishers and artillery pass through friendly units, and any unit passes through
//!   friendly skirmishers (both Interpenetration sentences); commanders pass through friendly
//!   units; no unit enters a hex holding an enemy.

use super::board::{crowded, enemy_in, standing};
use super::section::{Formation, Kind};
use super::state::State;
use super::tables::{Entry, tables};
use crate::engine::RuleError;
use crate::engine::facing::Facing;
use crate::map::HexCoord;
use std::collections::BTreeMap;

/// One way to a hex: the hexes entered in order, the hexes of the move they take, and whether
/// all of it is along a road.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub hexes: Vec<HexCoord>,
    pub cost: u32,
    pub road: bool,
}

/// 19C Movement allowances: the unit's move in hexes now, before the road bonus; halved,
/// rounded down, after reforming (19C Movement Adjustments).
pub fn allowance(s: &State, u: usize) -> u32 {
    let m = s.setup().units[u].move_hexes;
    if s.units[u].reformed { m / 2 } else { m }
}

/// What entering `to` from the adjacent `from` takes of `u`'s move (1 or 2), or why it may
/// not (19C Terrain: woods for skirmishers only; buildings, marsh and lakes impassable; rivers
/// at bridges and fords only).
pub fn step_cost(s: &State, u: usize, from: HexCoord, to: HexCoord) -> Result<u32, String> {
    let setup = s.setup();
    let t = tables();
    let kind = setup.units[u].kind;
    let terrain = setup.terrain(to);
    let rule = t.terrain_rule(terrain);
    match rule.enter {
        Entry::None => {
            return Err(format!(
                "{} is {terrain}: no unit enters it (19C Terrain)",
                setup.name(to)
            ));
        }
        Entry::Skirmishers if kind != Kind::Skirmishers => {
            return Err(format!(
                "{} is {terrain}: only skirmishers enter it (19C Terrain)",
                setup.name(to)
            ));
        }
        _ => {}
    }
    let side = setup.map.hexside(from, to);
    let road = setup.map.route_between(from, to).is_some();
    let mut halves = rule.halves;
    let crossing = side.iter().any(|k| k == "bridge" || k == "ford") || road;
    for k in side {
        if let Some(r) = t.hexside_rule(k) {
            if !r.crossable && !crossing {
                return Err(format!(
                    "a {k} runs between {} and {}: rivers are crossed only at bridges and \
                     fords (19C Terrain)",
                    setup.name(from),
                    setup.name(to)
                ));
            }
            // A bridge (or a road over the river) carries the unit over; a ford halves.
            if r.halves && !(k == "ford" && side.iter().any(|x| x == "bridge")) {
                halves = true;
            }
        }
    }
    if setup.elevation(to) > setup.elevation(from) {
        halves = true;
    }
    // On a road the terrain of the hex does not halve the move (a road through a town or
    // woods); walls, fords and climbs still do.
    if road
        && rule.halves
        && !side.iter().any(|k| k == "wall" || k == "ford")
        && setup.elevation(to) <= setup.elevation(from)
    {
        halves = false;
    }
    Ok(if halves { t.movement.terrain_cost } else { 1 })
}

/// Whether `u` may pass through `h` on its way (19C Interpenetration), or what stops it.
fn pass(s: &State, u: usize, h: HexCoord) -> Result<(), String> {
    let setup = s.setup();
    let me = &setup.units[u];
    if let Some(&e) = enemy_in(s, me.side, h).first() {
        return Err(format!(
            "{} holds {}: no unit enters an enemy's hex",
            setup.units[e].id,
            setup.name(h)
        ));
    }
    for o in super::board::at(s, h) {
        if o == u {
            continue;
        }
        let other = &setup.units[o];
        let through = me.passes_through
            || other.kind == Kind::Skirmishers
            || other.kind == Kind::Commander
            || me.kind == Kind::Commander;
        if !through {
            return Err(format!(
                "{} stands in {}: only skirmishers and artillery pass through other units, and \
                 others only through skirmishers (19C Interpenetration)",
                other.id,
                setup.name(h)
            ));
        }
    }
    Ok(())
}

/// The hex one step from `h` in the direction of hexside facing `f`, if on the map.
pub fn step_toward(s: &State, h: HexCoord, f: Facing) -> Option<HexCoord> {
    let g = &s.setup().grid;
    g.neighbors(h).find(|&n| Facing::toward(g, h, n) == f)
}

/// The hexside facings of the map's grid (six).
pub fn hexside_facings(s: &State) -> Vec<Facing> {
    let g = &s.setup().grid;
    Facing::all().filter(|f| f.is_hexside(g)).collect()
}

/// Every hex `u` may end its move in now, with the path it takes (the cheapest, then the
/// first found: straight lines by facing, then roads), or why it may not move at all.
pub fn reach(s: &State, u: usize) -> Result<BTreeMap<HexCoord, Path>, RuleError> {
    may_move(s, u)?;
    let setup = s.setup();
    let start = s.units[u].hex.expect("standing");
    let allow = allowance(s, u);
    let bonus = tables().movement.road_bonus_hexes;
    let minimum = !s.units[u].reformed;
    let mut out: BTreeMap<HexCoord, Path> = BTreeMap::new();
    let mut consider = |hexes: &[HexCoord], cost: u32, road: bool| {
        let Some(&last) = hexes.last() else { return };
        let budget = if road { allow + bonus } else { allow };
        let ok = cost <= budget || (minimum && hexes.len() == 1);
        if !ok || crowded(s, u, last).is_some() {
            return;
        }
        let better = out.get(&last).is_none_or(|p| cost < p.cost);
        if better {
            out.insert(
                last,
                Path {
                    hexes: hexes.to_vec(),
                    cost,
                    road,
                },
            );
        }
    };
    // Straight ahead in each direction.
    for f in hexside_facings(s) {
        let mut at = start;
        let mut hexes = Vec::new();
        let mut cost = 0;
        let mut road = true;
        while let Some(n) = step_toward(s, at, f) {
            let Ok(c) = step_cost(s, u, at, n) else {
                break;
            };
            if pass(s, u, n).is_err() {
                break;
            }
            road &= setup.map.route_between(at, n).is_some();
            cost += c;
            hexes.push(n);
            if cost > allow + bonus && hexes.len() > 1 {
                break;
            }
            consider(&hexes, cost, road);
            at = n;
        }
    }
    // Along roads, following their bends.
    let mut stack: Vec<(Vec<HexCoord>, u32)> = vec![(Vec::new(), 0)];
    while let Some((hexes, cost)) = stack.pop() {
        let at = hexes.last().copied().unwrap_or(start);
        for n in setup.grid.neighbors(at) {
            if n == start || hexes.contains(&n) || setup.map.route_between(at, n).is_none() {
                continue;
            }
            let Ok(c) = step_cost(s, u, at, n) else {
                continue;
            };
            if pass(s, u, n).is_err() || cost + c > allow + bonus {
                continue;
            }
            let mut next = hexes.clone();
            next.push(n);
            consider(&next, cost + c, true);
            stack.push((next, cost + c));
        }
    }
    Ok(out)
}

/// Whether `u` may move in this movement phase at all (19C Movement: "players can move units
/// which are in march formation"; "Deployed units cannot move"; 19C Melee: locked units).
pub fn may_move(s: &State, u: usize) -> Result<(), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    if !standing(s, u) {
        return Err(RuleError::not_now(format!("{} is not on the map", d.id)));
    }
    if s.units[u].acted {
        return Err(RuleError::rule(
            "19C Movement",
            format!("{} has moved this phase", d.id),
        ));
    }
    if super::board::melee_of(s, u).is_some() {
        return Err(RuleError::rule(
            "19C Melee",
            format!("{} is locked in melee until one side is eliminated", d.id),
        ));
    }
    if s.units[u].formation == Formation::Battle {
        return Err(RuleError::rule(
            "19C Turning",
            format!(
                "{} is deployed in battle formation: deployed units cannot move, but may pivot \
                 or reform into march formation (19C Movement Adjustments)",
                d.id
            ),
        ));
    }
    Ok(())
}

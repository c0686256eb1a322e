//! Movement costs (AoR 5, 5.2 and the chart's Movement column) and the distance in cavalry
//! movement points that command range (AoR 12.1) and order compliance (AoR 12.4) measure.
//!
//! Costs are counted in half movement points (a road hex costs 1/2 MP), so that sums stay
//! whole numbers. Invariant: every cost is at least 1 half-MP, so a cheapest path is found by
//! Dijkstra's algorithm and the distance is a metric on the hexes it can reach.

use super::section::Kind;
use crate::map::{HexCoord, Map};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Who pays: the Movement column's "2/4" for woods depends on it (Kepi's reading: 2 for
/// infantry, 4 for cavalry, artillery and leaders, who "count as cavalry for movement costs",
/// AoR 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Foot,
    Mounted,
}

impl Mover {
    pub fn of(kind: Kind) -> Mover {
        match kind {
            Kind::Infantry => Mover::Foot,
            Kind::Cavalry | Kind::FootArtillery | Kind::HorseArtillery => Mover::Mounted,
        }
    }
}

/// Whether road and trail costs apply: AoR 5 "Only units with March orders may use road/trail
/// movement costs"; AoR 5.2 "Leaders and command range trace always pay road or trail costs".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routes {
    Use,
    Ignore,
}

/// Half-MP cost of entering `to` from the adjacent `from`, or `None` if it cannot be entered.
pub fn step_cost(
    map: &Map,
    from: HexCoord,
    to: HexCoord,
    mover: Mover,
    routes: Routes,
) -> Option<u32> {
    if !map.grid.adjacent(from, to) {
        return None;
    }
    let sides = map.hexside(from, to);
    let bridged = sides.iter().any(|s| s == "bridge");
    // AoR 5.2: "stream hexsides cost +2 MP to cross", "bridge hexsides have no extra cost".
    let extra = if !bridged && sides.iter().any(|s| s == "stream") {
        4
    } else {
        0
    };
    let route = match routes {
        Routes::Use => map.route_between(from, to).map(|r| r.kind.as_str()),
        Routes::Ignore => None,
    };
    let base = match route {
        // AoR 5.2: "Road hexes cost 1/2 MP".
        Some("road") => 1,
        // AoR 5.2: "trail hexes always cost 1 MP"; AoR 5: "Railroads always count as trails".
        Some("trail") | Some("railroad") => 2,
        _ => terrain_cost(map.terrain(to)?, mover)?,
    };
    Some(base + extra)
}

/// The chart's Movement column, in half-MP: town 1, chateau 2, woods 2/4; clear 1 and fort 1
/// (Kepi's readings: the chart has no clear row and no fort row).
pub fn terrain_cost(terrain: &str, mover: Mover) -> Option<u32> {
    match (terrain, mover) {
        ("clear", _) | ("town", _) => Some(2),
        // AoR 10.1 gives a fort no cost; Kepi's reading: 1 MP, as clear.
        (super::setup::FORT, _) => Some(2),
        ("chateau", _) => Some(4),
        ("woods", Mover::Foot) => Some(4),
        ("woods", Mover::Mounted) => Some(8),
        _ => None,
    }
}

/// The cheapest cost in half-MP from `from` to every hex, for a leader or a command trace:
/// mounted, on roads and trails. `passable(h)` says whether the trace may enter `h` (AoR 12.1:
/// "Command range can be traced through ZOCs only if friendly units are in that hex").
/// Unreachable hexes are `None`.
pub fn cavalry_costs(
    map: &Map,
    from: HexCoord,
    passable: &dyn Fn(HexCoord) -> bool,
) -> Vec<Option<u32>> {
    let mut best: Vec<Option<u32>> = vec![None; map.grid.len()];
    let Some(start) = map.grid.index(from) else {
        return best;
    };
    best[start] = Some(0);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, from)));
    while let Some(Reverse((cost, h))) = heap.pop() {
        if best[map.grid.index(h).expect("on the map")] != Some(cost) {
            continue;
        }
        for n in map.grid.neighbors(h) {
            if !passable(n) {
                continue;
            }
            let Some(c) = step_cost(map, h, n, Mover::Mounted, Routes::Use) else {
                continue;
            };
            let i = map.grid.index(n).expect("a neighbour is on the map");
            let total = cost + c;
            if best[i].is_none_or(|b| total < b) {
                best[i] = Some(total);
                heap.push(Reverse((total, n)));
            }
        }
    }
    best
}

/// The distance in cavalry movement points from one hex to another, as 12.4 adds it (a
/// fraction of a half MP counts: the result is in half-MP), or `None` if unreachable.
pub fn cavalry_distance_half_mp(map: &Map, from: HexCoord, to: HexCoord) -> Option<u32> {
    let costs = cavalry_costs(map, from, &|_| true);
    costs[map.grid.index(to)?]
}

/// AoR 12.1: command range is 4 cavalry MP.
pub const COMMAND_RANGE_HALF_MP: u32 = 8;

/// AoR 12.1: "To be at full effectiveness, combat units have to be within command range (4 Cav
/// MP) of their leader, WC, or OC. Command range can be traced through ZOCs only if friendly
/// units are in that hex." `passable(h)` is false for a hex in an enemy ZOC with no friendly
/// unit (and for a hex the trace may not enter at all); the leader's own hex is the start.
pub fn in_command_range(
    map: &Map,
    leader: HexCoord,
    unit: HexCoord,
    passable: &dyn Fn(HexCoord) -> bool,
) -> bool {
    let costs = cavalry_costs(map, leader, passable);
    map.grid
        .index(unit)
        .and_then(|i| costs[i])
        .is_some_and(|c| c <= COMMAND_RANGE_HALF_MP)
}

/// AoR 5.3: "Two friendly units per hex, checked at end of each Formation Movement Segment";
/// AoR 10.1: a fort's limit is 1. Leaders do not count (AoR 11). `Err` names the limit broken.
pub fn check_stacking(units_in_hex: usize, fort: bool) -> Result<(), String> {
    let limit = if fort { 1 } else { 2 };
    if units_in_hex > limit {
        let case = if fort { "AoR 10.1" } else { "AoR 5.3" };
        return Err(format!(
            "{case}: {units_in_hex} units in a hex whose limit is {limit}"
        ));
    }
    Ok(())
}

/// Half movement points in the rules' notation: 5 is "2 1/2", 4 is "2".
pub fn half_mp(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{} 1/2", half / 2)
    }
}

//! Zones of control on the map (AoR 5.4): which adjacent hexes a combat unit's ZOC reaches.
//! Who is in a ZOC, and what that forbids, is a matter of the position, played in the
//! sequence of play (not built yet).

use super::section::Kind;
use crate::map::{HexCoord, Map};

/// AoR 5.4: "All combat units exert ZOCs, negated by non-bridge river hexsides and Chateau
/// hexsides." Kepi's reading of "Chateau hexsides": every hexside of a chateau hex, so a ZOC
/// reaches neither into nor out of a chateau. True when a unit in `from` exerts a ZOC into the
/// adjacent `to`.
pub fn reaches(map: &Map, from: HexCoord, to: HexCoord) -> bool {
    if !map.grid.adjacent(from, to) {
        return false;
    }
    let side = map.hexside(from, to);
    let bridged = side.iter().any(|s| s == "bridge");
    if side.iter().any(|s| s == "river") && !bridged {
        return false;
    }
    let chateau = |h| map.terrain(h) == Some("chateau");
    !(chateau(from) || chateau(to) || in_fort(map, to))
}

/// AoR 10.1: "Units in forts are not affected by enemy ZOCs ... but have normal ZOCs". Kepi's
/// reading: no ZOC reaches into a fort hex, so a unit in a fort (or entering one) is never in
/// an enemy ZOC: it may leave freely, pays no cost to leave and is never bound to attack by
/// 7.3 or 12.2; the fort's own units exert their ZOCs out of it as usual.
fn in_fort(map: &Map, to: HexCoord) -> bool {
    map.terrain(to) == Some(super::setup::FORT)
}

/// The hexes a combat unit in `at` holds in its ZOC (AoR 5.4).
pub fn zone(map: &Map, at: HexCoord) -> Vec<HexCoord> {
    map.grid
        .neighbors(at)
        .filter(|&n| reaches(map, at, n))
        .collect()
}

/// AoR 5.4: "Cavalry ignores ZOCs under all circumstances."
pub fn ignores_zocs(kind: Kind) -> bool {
    kind == Kind::Cavalry
}

/// AoR 5.4: "The last unit to move out of a ZOC hex pays 1 MP extra (except if it is
/// cavalry)". In half-MP.
pub fn leaving_cost_half_mp(kind: Kind, last_to_leave: bool) -> u32 {
    if last_to_leave && !ignores_zocs(kind) {
        2
    } else {
        0
    }
}

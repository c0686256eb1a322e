//! Questions about a position every rule asks: where a unit is, who is in a hex, who is
//! engaged with whom (RK Combat: "groups of adjacent hostile units"), stacking, and the line
//! artillery fires and scouts look along (RK Artillery: "not beyond woods/town/hill crest").

use super::section::Kind;
use super::state::{State, Status};
use crate::engine::RuleError;
use crate::engine::dice::{Dice, DiceSpec, Roll, RollRequest};
use crate::map::HexCoord;

use super::state::Event;

/// A unit on the map that still fights or acts: fresh or shaken.
pub fn standing(s: &State, u: usize) -> bool {
    matches!(s.units[u].status, Status::Fresh | Status::Shaken) && s.units[u].hex.is_some()
}

/// A reinforcement not yet on the field (off the map, fresh, with its game-turn to come or
/// waiting for room): it is neither broken nor standing.
pub fn to_arrive(s: &State, u: usize) -> bool {
    s.setup().units[u].arrives.is_some()
        && s.units[u].hex.is_none()
        && s.units[u].status == Status::Fresh
}

/// A fighting unit (not an HQ) that still fights.
pub fn fighting(s: &State, u: usize) -> bool {
    standing(s, u) && s.setup().units[u].kind != Kind::Hq
}

/// The hexes a unit stands in: one, or two for a large division deployed over two.
pub fn hexes(s: &State, u: usize) -> Vec<HexCoord> {
    let us = &s.units[u];
    us.hex.into_iter().chain(us.second).collect()
}

/// Units (any status on the map) in a hex.
pub fn at(s: &State, h: HexCoord) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&u| s.units[u].hex == Some(h) || s.units[u].second == Some(h))
        .collect()
}

/// A unit's hexes without a list (the hot paths: contact is asked of every pair of units).
fn hexes_of(s: &State, u: usize) -> impl Iterator<Item = HexCoord> + Clone {
    let us = &s.units[u];
    us.hex.into_iter().chain(us.second)
}

/// Whether two units' hexes touch.
pub fn touching(s: &State, a: usize, b: usize) -> bool {
    let g = &s.setup().grid;
    let hb = hexes_of(s, b);
    hexes_of(s, a).any(|x| hb.clone().any(|y| g.adjacent(x, y)))
}

/// The enemy fighting units a unit's hexes touch: those it is engaged with.
pub fn engaged_with(s: &State, u: usize) -> Vec<usize> {
    let side = s.setup().units[u].side;
    (0..s.units.len())
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e) && touching(s, u, e))
        .collect()
}

/// RK Turn sequence i and RK Formations: a fighting unit touching an enemy fighting unit is
/// "in combat" ("out of control in combat until they win or lose").
pub fn in_combat(s: &State, u: usize) -> bool {
    let side = s.setup().units[u].side;
    fighting(s, u)
        && (0..s.units.len())
            .any(|e| s.setup().units[e].side != side && fighting(s, e) && touching(s, u, e))
}

/// Every unit's [`in_combat`] at once, indexed by unit: the same answer in one pass over the
/// fighting units' hexes instead of one pass per unit (the hot path: the cards still to play
/// are asked for on every list of legal commands).
pub fn in_combat_all(s: &State) -> Vec<bool> {
    let g = &s.setup().grid;
    let n = s.units.len();
    // For each hex of the map (by its index), the sides (as a bit set) with a fighting unit in
    // a hex adjacent to it.
    let mut next_to = vec![0u64; g.len()];
    for e in (0..n).filter(|&e| fighting(s, e)) {
        let bit = 1u64 << (s.setup().units[e].side % 64);
        for h in hexes_of(s, e) {
            for y in g.neighbors(h) {
                if let Some(i) = g.index(y) {
                    next_to[i] |= bit;
                }
            }
        }
    }
    (0..n)
        .map(|u| {
            let enemies = !(1u64 << (s.setup().units[u].side % 64));
            fighting(s, u)
                && hexes_of(s, u).any(|x| g.index(x).is_some_and(|i| next_to[i] & enemies != 0))
        })
        .collect()
}

/// Whether a hex is adjacent to (or is) a hex of an enemy fighting unit of `side`.
pub fn enemy_adjacent(s: &State, side: usize, h: HexCoord) -> bool {
    let g = &s.setup().grid;
    (0..s.units.len()).any(|e| {
        s.setup().units[e].side != side
            && fighting(s, e)
            && hexes_of(s, e).any(|x| x == h || g.adjacent(x, h))
    })
}

/// Enemy units standing (fresh or shaken, HQs too) in a hex.
pub fn enemy_in(s: &State, side: usize, h: HexCoord) -> Vec<usize> {
    at(s, h)
        .into_iter()
        .filter(|&e| s.setup().units[e].side != side && standing(s, e))
        .collect()
}

/// Disbanded enemy units in a hex (RK Movement: "Cavalry may overrun disbanded units").
pub fn routed_enemy_in(s: &State, side: usize, h: HexCoord) -> Vec<usize> {
    at(s, h)
        .into_iter()
        .filter(|&e| s.setup().units[e].side != side && s.units[e].status == Status::Disbanded)
        .collect()
}

/// RK Movement: "Units may not move through each other (apart from artillery)". Kepi's
/// reading: a hex holds one division (infantry or cavalry) and one artillery regiment of a
/// side, and HQs besides; disbanded units are not counted. `None` when `u` may be in `h`,
/// else what stands there.
pub fn crowded(s: &State, u: usize, h: HexCoord) -> Option<usize> {
    let setup = s.setup();
    let kind = setup.units[u].kind;
    if kind == Kind::Hq {
        return None;
    }
    let art = kind == Kind::Artillery;
    at(s, h).into_iter().find(|&o| {
        o != u
            && setup.units[o].side == setup.units[u].side
            && standing(s, o)
            && setup.units[o].kind != Kind::Hq
            && (setup.units[o].kind == Kind::Artillery) == art
    })
}

/// The hexes strictly between two hexes on the line joining their centres.
pub fn between(s: &State, a: HexCoord, b: HexCoord) -> Vec<HexCoord> {
    let g = &s.setup().grid;
    let (ha, hb) = (g.to_hex(a), g.to_hex(b));
    ha.line_to(hb)
        .filter_map(|x| g.from_hex(x))
        .filter(|&x| x != a && x != b)
        .collect()
}

/// RK Artillery: "May fire overhead, but not beyond woods/town/hill crest" (also read for
/// RK Recce). `Err` names what blocks: a woods or town hex between, a hex between higher than
/// both ends (a hill crest), or a crest hexside crossed.
pub fn line_clear(s: &State, a: HexCoord, b: HexCoord) -> Result<(), String> {
    let setup = s.setup();
    let top = setup.elevation(a).max(setup.elevation(b));
    let mut path = vec![a];
    path.extend(between(s, a, b));
    path.push(b);
    for w in path.windows(2) {
        if setup.map.hexside(w[0], w[1]).iter().any(|k| k == "crest") {
            return Err(format!(
                "a hill crest between {} and {}",
                setup.name(w[0]),
                setup.name(w[1])
            ));
        }
    }
    for &x in &path[1..path.len() - 1] {
        if setup.covered(x) {
            return Err(format!(
                "{} ({}) is in the way",
                setup.name(x),
                setup.terrain(x)
            ));
        }
        if setup.elevation(x) > top {
            return Err(format!("the hill at {} is in the way", setup.name(x)));
        }
    }
    Ok(())
}

/// One die of `sides` faces asked of `dice`, recorded in `events`.
pub fn roll(
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
    purpose: &str,
    sides: u8,
    context: serde_json::Value,
) -> Result<u8, RuleError> {
    let request = RollRequest {
        purpose: purpose.to_string(),
        spec: DiceSpec { count: 1, sides },
        context,
    };
    let r = dice.roll(&request)?;
    let face = r.faces[0];
    events.push(Event::Rolled {
        roll: Roll {
            purpose: request.purpose,
            spec: request.spec,
            faces: r.faces,
            total: face as u32,
            context: request.context,
            forced: r.forced,
        },
    });
    Ok(face)
}

/// RK Turn sequence ii, RK Combat: an average die, rolled as a d6 and read through the
/// table's faces (2 3 3 4 4 5).
pub fn average_die(
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
    purpose: &str,
    context: serde_json::Value,
) -> Result<i8, RuleError> {
    let faces = super::tables::tables().average_die.faces;
    let mut ctx = context;
    ctx["average_die"] = serde_json::json!(faces);
    let f = roll(dice, events, purpose, 6, ctx)?;
    Ok(faces[f as usize - 1] as i8)
}

pub fn note(events: &mut Vec<Event>, text: impl Into<String>) {
    events.push(Event::Note { text: text.into() });
}

//! Questions about a position every rule asks: who stands where (19C Units: one unit a hex, a
//! commander besides), the frontal arc (19C Shooting: "within 45 degree of their frontal
//! facing"), the line of sight (19C Terrain: buildings block it; artillery on a hill fires
//! over units), cover, melees, and the dice.

use super::section::Kind;
use super::state::{Event, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::{Dice, DiceSpec, Roll, RollRequest};
use crate::engine::facing::{Facing, bearing};
use crate::map::HexCoord;

/// A unit on the map, not eliminated.
pub fn standing(s: &State, u: usize) -> bool {
    !s.units[u].eliminated && s.units[u].hex.is_some()
}

/// A standing unit that is not a commander: one that takes hits and fills its hex.
pub fn fighting(s: &State, u: usize) -> bool {
    standing(s, u) && s.setup().units[u].kind != Kind::Commander
}

/// Standing units in a hex.
pub fn at(s: &State, h: HexCoord) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&u| standing(s, u) && s.units[u].hex == Some(h))
        .collect()
}

/// Standing enemy units of `side` (commanders too) in a hex.
pub fn enemy_in(s: &State, side: usize, h: HexCoord) -> Vec<usize> {
    at(s, h)
        .into_iter()
        .filter(|&e| s.setup().units[e].side != side)
        .collect()
}

/// Kepi's reading of one unit a hex (docs/rules/nineteenth-century.md, "One unit a hex"): a
/// hex holds one unit and one commander of a side. `Some` names what already fills the place
/// `u` would take in `h`.
pub fn crowded(s: &State, u: usize, h: HexCoord) -> Option<usize> {
    let setup = s.setup();
    let cmd = setup.units[u].kind == Kind::Commander;
    at(s, h).into_iter().find(|&o| {
        o != u
            && setup.units[o].side == setup.units[u].side
            && (setup.units[o].kind == Kind::Commander) == cmd
    })
}

/// The neighbour a unit faces (its faced hexside), if on the map.
pub fn ahead(s: &State, u: usize) -> Option<HexCoord> {
    let setup = s.setup();
    let h = s.units[u].hex?;
    let f = s.units[u].facing;
    setup
        .grid
        .neighbors(h)
        .find(|&n| Facing::toward(&setup.grid, h, n) == f)
}

/// 19C Shooting: "within 45 degree of their frontal facing". Kepi's reading (Facing): the
/// angle between the unit's facing (a hexside) and the line from its hex's centre to the
/// target hex's centre, unrounded, at most 45 degrees; no hex centre lies at exactly 45.
pub fn in_arc(s: &State, u: usize, to: HexCoord) -> bool {
    let setup = s.setup();
    let Some(from) = s.units[u].hex else {
        return false;
    };
    if from == to {
        return false;
    }
    let b = bearing(&setup.grid, from, to);
    let d = (b - f64::from(s.units[u].facing.degrees())).rem_euclid(360.0);
    d.min(360.0 - d) <= tables().shooting.arc_degrees
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

/// 19C Terrain, the line of sight from `u`'s hex to `to`: blocked by a hex between whose
/// terrain blocks sight (buildings; woods, Kepi's reading), by a hex between higher than both
/// ends (a hill), and by any unit between, but for artillery on a hill (19C Terrain: "Artillery
/// can fire over the heads of units if positioned on a hill": on a hex higher than every hex
/// between). `Err` says what blocks.
pub fn sight(s: &State, u: usize, to: HexCoord) -> Result<(), String> {
    let setup = s.setup();
    let from = s.units[u].hex.ok_or("the unit is not on the map")?;
    let t = tables();
    let top = setup.elevation(from).max(setup.elevation(to));
    let path = between(s, from, to);
    let over = setup.units[u].kind == Kind::Artillery
        && setup.elevation(from) > 0
        && path
            .iter()
            .all(|&x| setup.elevation(x) < setup.elevation(from));
    for &x in &path {
        let terrain = setup.terrain(x);
        if t.terrain_rule(terrain).blocks_sight {
            return Err(format!(
                "{} ({terrain}) blocks the line of sight (19C Terrain)",
                setup.name(x)
            ));
        }
        if setup.elevation(x) > top {
            return Err(format!(
                "the hill at {} blocks the line of sight (19C Terrain)",
                setup.name(x)
            ));
        }
        if !over && let Some(&o) = at(s, x).first() {
            return Err(format!(
                "{} at {} is in the way; only artillery on a hill fires over the heads of \
                 units (19C Terrain)",
                setup.units[o].id,
                setup.name(x)
            ));
        }
    }
    Ok(())
}

/// 19C Shooting "Target in cover" (and Melee, "another unit not in cover"): the target's hex
/// is cover (a town's walls; woods, Kepi's reading), or a wall runs along the side of the
/// target's hex the line from `from` enters it by. The words say which, for the reports.
pub fn cover(s: &State, target: usize, from: HexCoord) -> Option<String> {
    let setup = s.setup();
    let t = tables();
    let h = s.units[target].hex?;
    let terrain = setup.terrain(h);
    if t.terrain_rule(terrain).cover {
        return Some(format!("in {terrain}"));
    }
    let last = between(s, from, h).last().copied().unwrap_or(from);
    if setup.grid.adjacent(last, h)
        && setup
            .map
            .hexside(last, h)
            .iter()
            .any(|k| t.hexside_rule(k).is_some_and(|r| r.cover))
    {
        return Some("behind a wall".into());
    }
    None
}

/// The melee a unit is locked in, by index.
pub fn melee_of(s: &State, u: usize) -> Option<usize> {
    s.melees
        .iter()
        .position(|m| m.attacker == u || m.defender == u)
}

/// Its enemy in the melee it is locked in.
pub fn opponent(s: &State, u: usize) -> Option<usize> {
    melee_of(s, u).map(|i| {
        let m = &s.melees[i];
        if m.attacker == u {
            m.defender
        } else {
            m.attacker
        }
    })
}

/// `count` dice of six faces asked of `dice` at once and recorded in `events`, the highest
/// kept (19C: "roll 2D6 selecting the highest score"; one die is its own highest).
pub fn roll_highest(
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
    purpose: &str,
    count: u8,
    context: serde_json::Value,
) -> Result<u8, RuleError> {
    let request = RollRequest {
        purpose: purpose.to_string(),
        spec: DiceSpec { count, sides: 6 },
        context,
    };
    let r = dice.roll(&request)?;
    let high = r.faces.iter().copied().max().unwrap_or(0);
    events.push(Event::Rolled {
        roll: Roll {
            purpose: request.purpose,
            spec: request.spec,
            faces: r.faces,
            total: u32::from(high),
            context: request.context,
            forced: r.forced,
        },
    });
    Ok(high)
}

pub fn note(events: &mut Vec<Event>, text: impl Into<String>) {
    events.push(Event::Note { text: text.into() });
}

/// 19C Elimination of units: `hits` more on `u`, which is eliminated when they reach its
/// threshold (and its melee ends). Returns whether it was eliminated.
pub fn take_hits(s: &mut State, u: usize, hits: u32, ev: &mut Vec<Event>) -> bool {
    let setup = s.setup_arc();
    let d = &setup.units[u];
    s.units[u].hits += hits;
    let Some(limit) = d.eliminated_at else {
        return false;
    };
    if s.units[u].hits >= limit {
        s.units[u].eliminated = true;
        s.units[u].hex = None;
        s.melees.retain(|m| m.attacker != u && m.defender != u);
        note(
            ev,
            format!(
                "{} is eliminated: {} hits, {} or more eliminate {} (19C Elimination of units)",
                d.id,
                s.units[u].hits,
                limit,
                d.kind.key()
            ),
        );
        true
    } else {
        false
    }
}

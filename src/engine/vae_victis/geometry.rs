//! Where elements stand and what they see (docs/rules/vae-victis.md): one element a hex; an
//! element faces a hexside; its neighbours are its front, corners, flanks and rear (VV 1); its
//! field of fire three elements wide (VV 7.1); its zone of control (VV 6); the line of fire and
//! the line of sight for command (VV 7.2); command range (VV 5.2).

use super::paces::within;
use super::state::{Role, State};
use super::tables::{Class, TerrainClass, TroopClass, core};
use crate::engine::facing::{Facing, bearing};
use crate::map::{Grid, HexCoord};

/// VV 1: where a neighbour lies seen from an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Around {
    Front,
    Corner,
    Flank,
    Rear,
}

/// On the map, not destroyed.
pub fn standing(s: &State, e: usize) -> bool {
    !s.elements[e].destroyed && s.elements[e].hex.is_some()
}

/// A standing troop element (not a general).
pub fn troop(s: &State, e: usize) -> bool {
    standing(s, e) && s.setup().elements[e].role == Role::Troop
}

/// The standing element in a hex (one element a hex).
pub fn at(s: &State, h: HexCoord) -> Option<usize> {
    (0..s.elements.len()).find(|&e| standing(s, e) && s.elements[e].hex == Some(h))
}

pub fn side(s: &State, e: usize) -> usize {
    s.setup().elements[e].side
}

pub fn terrain(s: &State, h: HexCoord) -> TerrainClass {
    s.setup().class_at(h)
}

pub fn distance(s: &State, a: HexCoord, b: HexCoord) -> u32 {
    s.setup().grid.distance(a, b)
}

/// The neighbour in direction `f` of `h`.
pub fn toward(s: &State, h: HexCoord, f: Facing) -> Option<HexCoord> {
    let g = &s.setup().grid;
    g.neighbors(h).find(|&n| Facing::toward(g, h, n) == f)
}

/// The hex an element faces.
pub fn ahead(s: &State, e: usize) -> Option<HexCoord> {
    toward(s, s.elements[e].hex?, s.elements[e].facing)
}

/// The hex directly behind an element.
pub fn behind(s: &State, e: usize) -> Option<HexCoord> {
    toward(s, s.elements[e].hex?, s.elements[e].facing.turn(6))
}

/// VV 1: where the neighbour `h` lies seen from `e`; a square has only a front (VV 5.6 "A
/// square may not be outflanked").
pub fn around(s: &State, e: usize, h: HexCoord) -> Around {
    if s.elements[e].square {
        return Around::Front;
    }
    let Some(from) = s.elements[e].hex else {
        return Around::Front;
    };
    match s.elements[e].facing.angle_to(&s.setup().grid, from, h) {
        0..=30 => Around::Front,
        31..=90 => Around::Corner,
        91..=150 => Around::Flank,
        _ => Around::Rear,
    }
}

/// Standing enemy troop elements adjacent to `e`.
pub fn contacts(s: &State, e: usize) -> Vec<usize> {
    let Some(h) = s.elements[e].hex else {
        return Vec::new();
    };
    let g = &s.setup().grid;
    g.neighbors(h)
        .filter_map(|n| at(s, n))
        .filter(|&o| troop(s, o) && side(s, o) != side(s, e))
        .collect()
}

/// VV 7: "in contact, even partially".
pub fn in_contact(s: &State, e: usize) -> bool {
    !contacts(s, e).is_empty()
}

/// The enemy troop element `e` faces, adjacent (its frontal opponent).
pub fn front_enemy(s: &State, e: usize) -> Option<usize> {
    let o = at(s, ahead(s, e)?)?;
    (troop(s, o) && side(s, o) != side(s, e)).then_some(o)
}

/// The forward and lateral offsets of `h` from `e`'s hex along its facing, in hex spacings.
fn offsets(s: &State, from: HexCoord, facing: Facing, h: HexCoord) -> (f64, f64) {
    let g = &s.setup().grid;
    let (x0, y0) = g.center(from);
    let (x1, y1) = g.center(h);
    let spacing = 3f64.sqrt();
    let (dx, dy) = ((x1 - x0) / spacing, (y1 - y0) / spacing);
    let a = f64::from(facing.degrees()).to_radians();
    // The facing's unit vector: north is -y, east +x.
    let (fx, fy) = (a.sin(), -a.cos());
    (dx * fx + dy * fy, (dx * fy - dy * fx).abs())
}

/// VV 7.1 Field of fire: "three elements wide ... centred and orientated on the firing unit":
/// hexes ahead of its front whose centres lie within one hex spacing of its axis (its own
/// column and one each side); all round for a square.
pub fn in_field(s: &State, e: usize, h: HexCoord) -> bool {
    let Some(from) = s.elements[e].hex else {
        return false;
    };
    if from == h {
        return false;
    }
    if s.elements[e].square {
        return true;
    }
    let (fwd, lat) = offsets(s, from, s.elements[e].facing, h);
    fwd > 0.01 && lat <= 1.01
}

/// VV 6 Zone of control: "from its front face for a distance of 200 paces" (hex distance 2
/// and 3, the three columns ahead of it; all round for a square); none from a general or an
/// element in difficult terrain.
pub fn in_zoc(s: &State, e: usize, h: HexCoord) -> bool {
    if !troop(s, e) {
        return false;
    }
    let from = s.elements[e].hex.expect("standing");
    if terrain(s, from).class == Class::Difficult {
        return false;
    }
    let d = distance(s, from, h);
    d >= 2 && d <= within(core().paces.zone_of_control) && in_field(s, e, h)
}

/// VV 6: the enemy troop elements (of a side other than `side_of`) in whose zone of control
/// `h` lies.
pub fn zone_owners(s: &State, side_of: usize, h: HexCoord) -> Vec<usize> {
    (0..s.elements.len())
        .filter(|&o| side(s, o) != side_of && in_zoc(s, o, h))
        .collect()
}

/// VV 6 "must align itself to face that unit": the hexside facings at `from` that face `to`:
/// the hexside nearest the bearing to it, both where the bearing lies midway between two.
pub fn facings_toward(s: &State, from: HexCoord, to: HexCoord) -> Vec<Facing> {
    let g = &s.setup().grid;
    let off = |f: &Facing| f.angle_to(g, from, to);
    let best = Facing::all()
        .filter(|f| f.is_hexside(g))
        .map(|f| off(&f))
        .min()
        .expect("six hexside facings");
    Facing::all()
        .filter(|f| f.is_hexside(g) && off(f) == best)
        .collect()
}

/// VV 6 "A unit that finds itself in an enemy ZoC must align itself to face that unit": an
/// element at `h` facing `facing` faces one of `owners` (the enemies whose zones hold `h`,
/// [`zone_owners`]); outside every zone, or in square (it faces all round, VV 5.6), it is
/// aligned whatever its facing.
pub fn aligned(s: &State, owners: &[usize], h: HexCoord, facing: Facing, square: bool) -> bool {
    square
        || owners.is_empty()
        || owners.iter().any(|&o| {
            let oh = s.elements[o].hex.expect("a zone's owner stands");
            facings_toward(s, h, oh).contains(&facing)
        })
}

/// VV 7.5: "the firing element must be completely behind the front line of the target": the
/// firer's hex more than 90 degrees off the target's facing; never against a square.
pub fn enfilades(s: &State, firer: usize, target: usize) -> bool {
    if s.elements[target].square {
        return false;
    }
    let (Some(f), Some(t)) = (s.elements[firer].hex, s.elements[target].hex) else {
        return false;
    };
    let b = bearing(&s.setup().grid, t, f);
    let d = (b - f64::from(s.elements[target].facing.degrees())).rem_euclid(360.0);
    d.min(360.0 - d) > 90.5
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

/// VV 7.2 Line of fire from `firer` to `to`: blocked by rough or difficult ground between
/// (the ends' own ground does not block, so an element in a forest fires only from its edge,
/// the forest example) and by any element between, but friendly skirmishers adjacent ahead
/// facing the same way (VV 7.3) and enemy skirmishers when artillery fires at medium or long
/// range (`far_artillery`). Two elements both in woods, orchard or village fire at each other
/// at hex distance 2 whatever the hex between ("50 paces"). `Err` says what blocks.
pub fn line_of_fire(
    s: &State,
    firer: usize,
    to: HexCoord,
    far_artillery: bool,
) -> Result<(), String> {
    let setup = s.setup();
    let from = s.elements[firer]
        .hex
        .ok_or("the element is not on the map")?;
    let close =
        terrain(s, from).close_fire && terrain(s, to).close_fire && distance(s, from, to) == 2;
    for x in between(s, from, to) {
        let t = terrain(s, x);
        if t.blocks_sight() && !close {
            return Err(format!(
                "{} ({}) blocks the line of fire (VV 7.2: broken and difficult terrain block it)",
                setup.name(x),
                setup.terrain(x)
            ));
        }
        if let Some(o) = at(s, x) {
            let skirmishers = s.class(o) == TroopClass::Skirmishers;
            let screen_ahead = skirmishers
                && side(s, o) == side(s, firer)
                && Some(x) == ahead(s, firer)
                && s.elements[o].facing == s.elements[firer].facing;
            let ignored = skirmishers && side(s, o) != side(s, firer) && far_artillery;
            if !screen_ahead && !ignored {
                return Err(format!(
                    "{} at {} is in the way (VV 7.2: all units block the line of fire)",
                    setup.elements[o].id,
                    setup.name(x)
                ));
            }
        }
    }
    Ok(())
}

/// VV 7.2: "Neither friendly nor enemy elements block the line of sight ... for command
/// purposes": only broken and difficult ground between blocks.
pub fn command_sight(s: &State, a: HexCoord, b: HexCoord) -> bool {
    between(s, a, b)
        .into_iter()
        .all(|x| !terrain(s, x).blocks_sight())
}

/// VV 5.2: within 600 paces of `general`, or within 1200 paces and in his sight.
pub fn within_command(s: &State, general: usize, h: HexCoord) -> bool {
    let Some(g) = s.elements[general].hex.filter(|_| standing(s, general)) else {
        return false;
    };
    let p = &core().paces;
    let d = distance(s, g, h);
    d <= within(p.command_range)
        || (d <= within(p.command_range_in_sight) && command_sight(s, g, h))
}

/// The facing nearest the bearing from `from` to `to` that is a hexside of this grid.
pub fn hexside_toward(s: &State, from: HexCoord, to: HexCoord) -> Facing {
    // A neighbour's, from the setup's table.
    match s.setup().step(from, to) {
        Some(step) => step.facing,
        None => bearing_facing(&s.setup().grid, from, to),
    }
}

/// [`hexside_toward`] on the grid alone.
pub fn bearing_facing(g: &Grid, from: HexCoord, to: HexCoord) -> Facing {
    let b = bearing(g, from, to);
    Facing::all()
        .filter(|f| f.is_hexside(g))
        .min_by(|x, y| {
            let dx = (b - f64::from(x.degrees())).rem_euclid(360.0);
            let dy = (b - f64::from(y.degrees())).rem_euclid(360.0);
            dx.min(360.0 - dx).total_cmp(&dy.min(360.0 - dy))
        })
        .expect("six hexside facings")
}

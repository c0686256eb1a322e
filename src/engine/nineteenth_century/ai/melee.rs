//! Melee odds (19C Melee): a charge by cavalry or dragoons weighed over the dice of both
//! strikes of the first melee phase: the charger's melee dice (cavalry's hits doubled on first
//! contact), the defender's own melee dice or its shooting dice at short range (-1, Kepi's
//! reading); who strikes first is the melee phase's initiative, an even chance, and a unit
//! eliminated before it strikes does not strike.

use super::super::board::{ahead, cover, fighting, melee_of};
use super::super::section::Kind;
use super::super::state::State;
use super::super::tables::tables;
use super::dice;
use super::shooting::{left, loss};

/// A charge weighed: the enemy it would lock in melee, its worth, and its words.
#[derive(Clone, Debug)]
pub struct Charge {
    pub target: usize,
    pub value: f64,
    pub words: String,
}

/// The melee `u` would start standing as in `s` (moved or pivoted there), if any: the enemy
/// on the hexside it faces, not in cover, not in another melee (19C Melee, `melee::contact`).
pub fn charge(s: &State, u: usize) -> Option<Charge> {
    let setup = s.setup();
    let d = &setup.units[u];
    if !matches!(d.kind, Kind::Cavalry | Kind::Dragoons) || melee_of(s, u).is_some() {
        return None;
    }
    let h = ahead(s, u)?;
    let from = s.units[u].hex?;
    let e = (0..s.units.len())
        .find(|&e| fighting(s, e) && setup.units[e].side != d.side && s.units[e].hex == Some(h))?;
    if cover(s, e, from).is_some() || melee_of(s, e).is_some() {
        return None;
    }
    let t = tables();
    let (n, times) = (
        d.melee_dice.unwrap_or(1),
        if d.kind == Kind::Cavalry {
            t.melee.first_contact_multiplier
        } else {
            1
        },
    );
    let ed = &setup.units[e];
    let (en, em) = match (ed.melee_dice, ed.shoot_dice) {
        (Some(k), _) => (k, 0),
        (None, Some(k)) => (k, t.melee.strike_back_modifier),
        (None, None) => (0, 0),
    };
    let kill = dice::at_least(n, 0, times, left(s, e));
    let dealt = dice::expected(n, 0, times, left(s, e));
    let back = if en == 0 {
        0.0
    } else {
        dice::expected(en, em, 1, left(s, u)) * (1.0 - 0.5 * kill)
    };
    let value = loss(s, e, dealt) - loss(s, u, back);
    let words = format!(
        "charges {} (19C Melee): {n}D6{} against {}, {:.0} % to eliminate it on contact, \
         {back:.1} hits back expected",
        ed.id,
        if times > 1 {
            " doubled on first contact"
        } else {
            ""
        },
        ed.kind.key(),
        kill * 100.0
    );
    Some(Charge {
        target: e,
        value,
        words,
    })
}

/// The hits enemy cavalry and dragoons could bring on `u` where it stands, by a charge in
/// their next movement (within their move of a hex next to it, `u` not in cover): the first
/// contact's strike, an even chance that they come.
pub fn charge_threat(s: &State, u: usize) -> f64 {
    let setup = s.setup();
    let side = setup.units[u].side;
    let Some(h) = s.units[u].hex else { return 0.0 };
    let t = tables();
    if t.terrain_rule(setup.terrain(h)).cover {
        return 0.0;
    }
    let mut worst: f64 = 0.0;
    for e in 0..s.units.len() {
        let d = &setup.units[e];
        if d.side == side || !fighting(s, e) || melee_of(s, e).is_some() {
            continue;
        }
        let Some(n) = d.melee_dice else { continue };
        let Some(eh) = s.units[e].hex else { continue };
        let reach = if s.units[e].formation == super::super::section::Formation::March {
            d.move_hexes + 1
        } else {
            1
        };
        if setup.grid.distance(eh, h) > reach {
            continue;
        }
        let times = if d.kind == Kind::Cavalry {
            t.melee.first_contact_multiplier
        } else {
            1
        };
        worst = worst.max(0.5 * dice::expected(n, 0, times, left(s, u)));
    }
    worst
}

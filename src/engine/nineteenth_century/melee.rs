//! 19C Melee: contact by cavalry or dragoons, units locked in melee until one side is
//! eliminated, and the strikes of the melee phase (cavalry 2D6 the highest, dragoons 1D6;
//! cavalry double their hits on first contact).
//!
//! Kepi's readings (docs/rules/nineteenth-century.md, "Melee"): contact is the cavalry or
//! dragoons, after moving or pivoting, facing the hexside of an adjacent enemy unit; a unit is
//! locked in one melee at a time; a unit without melee dice strikes back with its shooting
//! dice at short range (-1); only the cavalry that moved into contact doubles its hits, in the
//! first melee phase after the contact.

use super::board::{ahead, cover, fighting, melee_of, note, opponent, roll_highest, take_hits};
use super::section::Kind;
use super::state::{Event, Melee, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use serde_json::json;

/// 19C Melee: "A melee occurs when cavalry or dragoons move into contact with another unit
/// not in cover": after `u` moved or pivoted, the enemy unit on the hexside it faces is
/// locked in melee with it, unless in cover or already in a melee.
pub fn contact(s: &mut State, u: usize, ev: &mut Vec<Event>) {
    let setup = s.setup_arc();
    let d = &setup.units[u];
    if !matches!(d.kind, Kind::Cavalry | Kind::Dragoons) || melee_of(s, u).is_some() {
        return;
    }
    let Some(h) = ahead(s, u) else { return };
    let from = s.units[u].hex.expect("standing");
    let Some(e) = (0..s.units.len())
        .find(|&e| fighting(s, e) && setup.units[e].side != d.side && s.units[e].hex == Some(h))
    else {
        return;
    };
    let name = &setup.units[e].id;
    if let Some(c) = cover(s, e, from) {
        note(
            ev,
            format!(
                "{} faces {name}, which is {c}: no melee with a unit in cover (19C Melee)",
                d.id
            ),
        );
        return;
    }
    if melee_of(s, e).is_some() {
        note(
            ev,
            format!(
                "{} faces {name}, already locked in another melee: no second melee \
                 (Kepi's reading)",
                d.id
            ),
        );
        return;
    }
    s.melees.push(Melee {
        attacker: u,
        defender: e,
        first: true,
    });
    note(
        ev,
        format!(
            "{} moves into contact with {name}: they are locked in melee until one side is \
             eliminated (19C Melee)",
            d.id
        ),
    );
}

/// The dice `u` strikes with in melee and the modifier: its melee dice, or its shooting dice
/// at short range (Kepi's reading for a unit with none), doubled by cavalry on first contact.
pub fn strike_dice(s: &State, u: usize) -> Option<(u8, i32, u32)> {
    let setup = s.setup();
    let d = &setup.units[u];
    let t = tables();
    let m = &s.melees[melee_of(s, u)?];
    if let Some(n) = d.melee_dice {
        let double = d.kind == Kind::Cavalry && m.attacker == u && m.first;
        return Some((
            n,
            0,
            if double {
                t.melee.first_contact_multiplier
            } else {
                1
            },
        ));
    }
    d.shoot_dice.map(|n| (n, t.melee.strike_back_modifier, 1))
}

/// 19C Melee: `u` strikes the enemy it is locked with; the hits are applied at once.
pub fn strike(
    s: &mut State,
    u: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let d = &setup.units[u];
    let Some(e) = opponent(s, u) else {
        return Err(RuleError::rule(
            "19C Melee",
            format!("{} is not locked in melee", d.id),
        ));
    };
    if s.units[u].acted {
        return Err(RuleError::rule(
            "19C Melee",
            format!("{} has struck this melee phase", d.id),
        ));
    }
    let Some((n, modifier, times)) = strike_dice(s, u) else {
        return Err(RuleError::rule(
            "19C Melee",
            format!("{} has no dice to strike with", d.id),
        ));
    };
    let high = roll_highest(
        dice,
        ev,
        &format!("{} strikes {} in melee", d.id, setup.units[e].id),
        n,
        json!({"unit": d.id, "target": setup.units[e].id, "modifier": modifier, "times": times}),
    )?;
    let hits = (i32::from(high) + modifier).max(0) as u32 * times;
    s.units[u].acted = true;
    note(
        ev,
        format!(
            "{} strikes {} in melee: highest {high}{}{} = {hits} hits",
            d.id,
            setup.units[e].id,
            if modifier != 0 {
                format!(" {modifier:+} (no melee dice: its shooting dice at short range)")
            } else {
                String::new()
            },
            if times > 1 {
                format!(" x{times} (cavalry on first contact)")
            } else {
                String::new()
            }
        ),
    );
    take_hits(s, e, hits, ev);
    Ok(())
}

/// The units of `side` still to strike in this melee phase.
pub fn to_strike(s: &State, side: usize) -> Vec<usize> {
    let mut v: Vec<usize> = s
        .melees
        .iter()
        .flat_map(|m| [m.attacker, m.defender])
        .filter(|&u| {
            s.setup().units[u].side == side
                && !s.units[u].acted
                && fighting(s, u)
                && strike_dice(s, u).is_some()
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

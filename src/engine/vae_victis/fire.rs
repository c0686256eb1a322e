//! VV 7 Fire: the passive player's defensive fire, out of contact, within the field of fire
//! (VV 7.1), the line of fire (VV 7.2), its priority and the skirmisher screens (VV 7.3), with
//! supports (VV 7.4), resolved with opposed dice (VV 7.6): the target adds its fire factor when
//! it returns fire, else its melee factor; only the target suffers.

use super::combat::{Score, roll_both, severity, words};
use super::dice::note;
use super::geometry::{self, at, distance, in_contact, in_field, line_of_fire, side, troop};
use super::paces::within;
use super::state::{Event, State};
use super::tables::TroopClass;
use super::{lg, results};
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use serde::Serialize;

/// A sheet's range bands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Short,
    Medium,
    Long,
}

/// The band hex distance `d` falls in for `e` (`None`: out of range, or it does not fire).
pub fn band(s: &State, e: usize, d: u32) -> Option<Band> {
    let t = s.etype(e)?;
    t.fire?;
    let row = s.setup().variant.sheet.ranges.get(t.range.as_ref()?)?;
    // VV RY: "All ranges reduced by 200 in forest".
    let cut = super::ry::range_cut(s, e);
    [
        (Band::Short, row.short),
        (Band::Medium, row.medium),
        (Band::Long, row.long),
    ]
    .into_iter()
    .find(|(_, p)| p.is_some_and(|p| p > cut && d <= within(p - cut)))
    .map(|(b, _)| b)
}

/// The farthest hex distance `e` fires at: the largest `d` of 2 to 40 that [`band`] gives a
/// band for (the farthest of its bands' distances, each cut as `band` cuts it), 0 for none.
pub fn max_range(s: &State, e: usize) -> u32 {
    let Some(t) = s.etype(e) else { return 0 };
    if t.fire.is_none() {
        return 0;
    }
    let Some(row) = t
        .range
        .as_ref()
        .and_then(|r| s.setup().variant.sheet.ranges.get(r))
    else {
        return 0;
    };
    let cut = super::ry::range_cut(s, e);
    let d = [row.short, row.medium, row.long]
        .into_iter()
        .flatten()
        .filter(|&p| p > cut)
        .map(|p| within(p - cut))
        .max()
        .unwrap_or(0)
        .min(40);
    if d >= 2 { d } else { 0 }
}

/// Whether `f` may fire at `t` now, all of VV 7 but the priority; its band.
pub fn check_target(s: &State, f: usize, t: usize) -> Result<Band, RuleError> {
    let setup = s.setup();
    let (fid, tid) = (&setup.elements[f].id, &setup.elements[t].id);
    if !troop(s, f) {
        return Err(RuleError::rule(
            "VV 7.1",
            format!("{fid} does not fire: generals do not"),
        ));
    }
    if s.etype(f).and_then(|x| x.fire).is_none() {
        return Err(RuleError::rule(
            "VV 7.1",
            format!("{fid} does not fire: \"Cavalry units may not fire\""),
        ));
    }
    if s.elements[f].fired {
        return Err(RuleError::rule(
            "VV 7",
            format!("{fid} has fired in this phase"),
        ));
    }
    if !troop(s, t) || side(s, t) == side(s, f) {
        return Err(RuleError::rule(
            "VV 7",
            format!("{tid} is not an enemy element"),
        ));
    }
    if in_contact(s, f) || in_contact(s, t) {
        return Err(RuleError::rule(
            "VV 7",
            format!(
                "neither the firing unit nor the target may be in contact with opposing \
                 elements ({fid}, {tid})"
            ),
        ));
    }
    let th = s.elements[t].hex.expect("standing");
    let fh = s.elements[f].hex.expect("standing");
    if !in_field(s, f, th) {
        return Err(RuleError::rule(
            "VV 7.1",
            format!(
                "{tid} at {} is not in {fid}'s field of fire (three elements wide ahead of its \
                 front)",
                setup.name(th)
            ),
        ));
    }
    let d = distance(s, fh, th);
    let b = band(s, f, d).ok_or_else(|| {
        RuleError::rule(
            "VV 7.1",
            format!(
                "{tid} is out of {fid}'s range: hex distance {d} ({} paces), its longest is {}",
                (d - 1) * 100,
                max_range(s, f)
            ),
        )
    })?;
    let far_artillery = s.class(f) == TroopClass::Artillery && b != Band::Short;
    if !far_artillery
        && let Some(a) = geometry::ahead(s, t)
        && let Some(k) = at(s, a)
        && troop(s, k)
        && side(s, k) == side(s, t)
        && s.class(k) == TroopClass::Skirmishers
    {
        return Err(RuleError::rule(
            "VV 7.3",
            format!(
                "{tid} is protected by the skirmishers {} to its front: only artillery at \
                 medium or long range may target it",
                setup.elements[k].id
            ),
        ));
    }
    line_of_fire(s, f, th, far_artillery).map_err(|m| RuleError::rule("VV 7.2", m))?;
    Ok(b)
}

/// VV 7.3: "Infantry and artillery units must fire on, as a priority, the target element that
/// is immediately to its front": the first element straight ahead (friendly skirmishers
/// adjacent ahead facing the same way passed over), when it is an enemy it may fire at.
pub fn priority(s: &State, f: usize) -> Option<usize> {
    if s.elements[f].square {
        return None;
    }
    let mut h = s.elements[f].hex?;
    for step in 1..=max_range(s, f) {
        h = geometry::toward(s, h, s.elements[f].facing)?;
        let Some(o) = at(s, h) else { continue };
        if step == 1
            && side(s, o) == side(s, f)
            && s.class(o) == TroopClass::Skirmishers
            && s.elements[o].facing == s.elements[f].facing
        {
            continue;
        }
        return (side(s, o) != side(s, f) && check_target(s, f, o).is_ok()).then_some(o);
    }
    None
}

/// Everything of one fire combat before its dice.
#[derive(Clone, Debug, Serialize)]
pub struct FireCombat {
    pub band: Band,
    pub firer: Score,
    pub target: Score,
    /// VV 7.6: the target returns fire.
    pub returns_fire: bool,
}

/// VV 7.6: the two scores of `f` (with `supports`) firing at `t`, checked.
pub fn combat(s: &State, f: usize, t: usize, supports: &[usize]) -> Result<FireCombat, RuleError> {
    let setup = s.setup();
    let b = check_target(s, f, t)?;
    if let Some(p) = priority(s, f)
        && p != t
    {
        return Err(RuleError::rule(
            "VV 7.3",
            format!(
                "{} must fire on {}, immediately to its front, first",
                setup.elements[f].id, setup.elements[p].id
            ),
        ));
    }
    for (i, &x) in supports.iter().enumerate() {
        if x == f || supports[..i].contains(&x) {
            return Err(RuleError::not_now(format!(
                "{} is named twice",
                setup.elements[x].id
            )));
        }
        if side(s, x) != side(s, f) {
            return Err(RuleError::rule("VV 7.4", "a support is a friendly element"));
        }
        check_target(s, x, t).map_err(|e| {
            RuleError::rule(
                "VV 7.4",
                format!(
                    "{} may not support: \"the element must be able to target the enemy unit \
                     itself\" ({e})",
                    setup.elements[x].id
                ),
            )
        })?;
    }
    let ft = s.etype(f).expect("a firing troop");
    let firer = Score {
        element: f,
        base_name: "fire".into(),
        base: ft.fire.unwrap_or(0),
        terms: lg::fire_terms_of(s, f, t, b),
    };
    let fh = s.elements[f].hex.expect("standing");
    let th = s.elements[t].hex.expect("standing");
    let tt = s.etype(t).expect("a target troop");
    let back = tt
        .fire
        .and_then(|_| band(s, t, distance(s, th, fh)))
        .filter(|&bt| {
            in_field(s, t, fh)
                && line_of_fire(
                    s,
                    t,
                    fh,
                    s.class(t) == TroopClass::Artillery && bt != Band::Short,
                )
                .is_ok()
        });
    let mut target = match back {
        Some(bt) => Score {
            element: t,
            base_name: "fire (return fire)".into(),
            base: tt.fire.unwrap_or(0),
            terms: lg::fire_terms_of(s, t, f, bt),
        },
        None => Score {
            element: t,
            base_name: "melee".into(),
            base: tt.melee,
            terms: Vec::new(),
        },
    };
    target
        .terms
        .extend(lg::overlap_terms(s, supports.len(), false));
    Ok(FireCombat {
        band: b,
        firer,
        target,
        returns_fire: back.is_some(),
    })
}

/// VV 7.6 Fire combat resolution.
pub fn fire(
    s: &mut State,
    f: usize,
    t: usize,
    supports: &[usize],
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = combat(s, f, t, supports)?;
    let (ft, tt, df, dt) = roll_both(dice, ev, "VV 7.6 fire", &c.firer, &c.target, s)?;
    note(
        ev,
        format!(
            "VV 7.6 fire at {} range: {}; {}",
            match c.band {
                Band::Short => "short",
                Band::Medium => "medium",
                Band::Long => "long",
            },
            words(s, &c.firer, df),
            words(s, &c.target, dt)
        ),
    );
    s.elements[f].fired = true;
    for &x in supports {
        s.elements[x].fired = true;
    }
    match severity(tt, ft) {
        None => note(
            ev,
            format!(
                "{} holds: {tt} against {ft} (VV 7.6: the attacking unit suffers no adverse \
                 results)",
                s.setup().elements[t].id
            ),
        ),
        Some(sev) => {
            let outcome = super::combat::result(s, t, f, sev, false);
            results::apply(s, t, outcome, sev, ev);
        }
    }
    Ok(())
}

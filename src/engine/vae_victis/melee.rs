//! VV 8 Melee: every element of the active player with an enemy at its front fights (melee is
//! obligatory; artillery never attacks, VV 8.4), opposed dice rolled again while equal (VV 8.4),
//! overlaps (VV 8.4), an element attacked on more than one front, the results (VV 8) and
//! pursuit (VV 8.4).

use super::combat::{Score, overlaps, result, roll_both, severity, words};
use super::dice::note;
use super::geometry::{self, contacts, front_enemy, troop};
use super::lg;
use super::results;
use super::state::{Event, Pursuit, State};
use super::tables::{Cavalry, Outcome, TroopClass};
use crate::engine::RuleError;
use crate::engine::dice::Dice;

/// The melees still to fight this phase: (the active player's element, the enemy at its
/// front), neither having fought.
pub fn pending(s: &State) -> Vec<(usize, usize)> {
    let side = s.active();
    (0..s.elements.len())
        .filter(|&a| troop(s, a) && geometry::side(s, a) == side && !s.elements[a].fought)
        .filter(|&a| s.class(a) != TroopClass::Artillery)
        .filter_map(|a| front_enemy(s, a).map(|d| (a, d)))
        .filter(|&(_, d)| !s.elements[d].fought)
        .collect()
}

/// The two scores of a melee (VV 8.4), before the dice.
pub fn scores(s: &State, a: usize, d: usize) -> (Score, Score) {
    let score = |x: usize, o: usize, attacking: bool| Score {
        element: x,
        base_name: "melee".into(),
        base: s.etype(x).map(|t| t.melee).unwrap_or(0),
        terms: lg::melee_terms_of(s, x, o, attacking),
    };
    (score(a, d, true), score(d, a, false))
}

/// VV 8.4 Melee resolution of `a` against `d`.
pub fn melee(
    s: &mut State,
    a: usize,
    d: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    if !pending(s).contains(&(a, d)) {
        return Err(RuleError::rule(
            "VV 8",
            format!(
                "{} does not fight {} now: a melee is the active player's element (not \
                 artillery) against the enemy at its front, once a phase",
                setup.elements[a].id, setup.elements[d].id
            ),
        ));
    }
    let (sa, sd) = scores(s, a, d);
    let (ta, td) = loop {
        let (ta, td, da, dd) = roll_both(dice, ev, "VV 8.4 melee", &sa, &sd, s)?;
        note(
            ev,
            format!("VV 8.4 melee: {}; {}", words(s, &sa, da), words(s, &sd, dd)),
        );
        if ta == td {
            note(
                ev,
                "equal scores: rolled again (VV 8 \"In melee roll again in the case of equal scores\")",
            );
            continue;
        }
        break (ta, td);
    };
    // The attackers overlapping the defender fight in this combat too.
    let mut fighters: Vec<usize> = vec![a, d];
    fighters.extend(overlaps(s, d, Some(a)));
    for &x in &fighters {
        s.elements[x].fought = true;
    }
    let many_fronts = contacts(s, d).len() >= 2;
    if ta > td {
        let sev = severity(td, ta).expect("lower");
        let outcome = if many_fronts {
            note(
                ev,
                format!(
                    "{} is attacked on more than one front and loses: destroyed (VV 8.4)",
                    setup.elements[d].id
                ),
            );
            Outcome::Destroyed
        } else {
            result(s, d, a, sev, true)
        };
        let vacated = results::apply(s, d, outcome, sev, ev);
        pursue(s, a, vacated, ev);
    } else if many_fronts {
        note(
            ev,
            format!(
                "{} is attacked on more than one front and wins: all its opponents must \
                 retreat (VV 8.4)",
                setup.elements[d].id
            ),
        );
        for o in contacts(s, d) {
            if geometry::standing(s, o) {
                results::recoil(s, o, ev);
            }
        }
    } else {
        let sev = severity(ta, td).expect("lower");
        let outcome = result(s, a, d, sev, true);
        let vacated = results::apply(s, a, outcome, sev, ev);
        pursue(s, d, vacated, ev);
    }
    Ok(())
}

/// VV 8.4 Pursuit: heavy cavalry must occupy the hex its loser left; other troops may
/// (offered as `pursue` or `hold`); artillery never.
fn pursue(s: &mut State, w: usize, vacated: Option<crate::map::HexCoord>, ev: &mut Vec<Event>) {
    let Some(h) = vacated else { return };
    if !geometry::standing(s, w) || s.class(w) == TroopClass::Artillery {
        return;
    }
    if s.elements[w].square {
        return;
    }
    let t = s.etype(w);
    let heavy = t.and_then(|t| t.cavalry) == Some(Cavalry::Heavy);
    // VV 8.4: "American Dragoons also automatically pursue (Los Gringos)".
    let must = t.is_some_and(|t| t.pursues);
    if heavy || must {
        s.elements[w].hex = Some(h);
        note(
            ev,
            format!(
                "{} pursues into {} (VV 8.4: pursuit is obligatory for {}; it does not pursue \
                 any further)",
                s.setup().elements[w].id,
                s.setup().name(h),
                if heavy {
                    "heavy cavalry"
                } else {
                    "American Dragoons (Los Gringos)"
                }
            ),
        );
    } else if results::passable(s, w, h) {
        s.pursuit = Some(Pursuit { element: w, hex: h });
    }
}

/// VV 8.4: the optional pursuit taken or declined.
pub fn resolve_pursuit(s: &mut State, take: bool, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let Some(p) = s.pursuit.take() else {
        return Err(RuleError::not_now("no pursuit is offered"));
    };
    let id = s.setup().elements[p.element].id.clone();
    if take {
        s.elements[p.element].hex = Some(p.hex);
        note(
            ev,
            format!("{id} pursues into {} (VV 8.4)", s.setup().name(p.hex)),
        );
    } else {
        note(ev, format!("{id} does not pursue (VV 8.4: optional)"));
    }
    Ok(())
}

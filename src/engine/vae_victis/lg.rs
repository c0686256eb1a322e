//! Los Gringos' sheet beyond its numbers (`data/los-gringos.json`, the Mexican-American War):
//! its tactical factors, fire and melee, each a named term with the sheet's words (VV LG
//! Tactical Factors); the artillery's long-range deductions by paces; overlaps counted up to
//! two; the cavalry's charge in the first turn of melee; and the ground of its special rules
//! ("A village is considered rough going for cavalry"; the sheet has no Difficult column).
//!
//! Invariant: every function here reads the side's sheet; La Grande Armée's terms are
//! `lga.rs`'s, chosen by [`plays`].

use super::combat::{Term, overlaps};
use super::fire::Band;
use super::geometry::{self, terrain};
use super::lga;
use super::paces::over;
use super::state::State;
use super::tables::{Cavalry, Class, Cover, TroopClass};
use crate::map::HexCoord;

/// The variant key this module plays.
pub const KEY: &str = "los-gringos";

/// Whether the game plays Los Gringos' sheet.
pub fn plays(s: &State) -> bool {
    s.setup().variant.sheet.variant == KEY
}

/// The going of hex `h` for element `e` in combat ("in rough terrain", "in broken terrain"):
/// its terrain class read through the sheet's columns (VV LG: difficult ground is rough); a
/// village is rough going for cavalry and, Kepi's reading of VV LG Special Rules, not for
/// other troops (they defend it: "Defending ... village +1"). Under LGA the terrain class.
pub fn ground(s: &State, e: usize, h: HexCoord) -> Class {
    let sheet = &s.setup().variant.sheet;
    let class = terrain(s, h).class;
    if sheet.is_place("village", s.setup().terrain(h)) {
        // VV LG Special Rules: "A village is considered rough going for cavalry."
        return if s.class(e) == TroopClass::Cavalry {
            Class::Rough
        } else {
            Class::Clear
        };
    }
    match sheet.going.get(class.key()).map(String::as_str) {
        Some("rough") => Class::Rough,
        Some("clear") => Class::Clear,
        _ => class,
    }
}

/// The fire terms of the game's sheet ([`lga::fire_terms`], [`fire_terms`],
/// [`super::ry::fire_terms`] or [`super::kr::fire_terms`]).
pub fn fire_terms_of(s: &State, firer: usize, target: usize, b: Band) -> Vec<Term> {
    if plays(s) {
        fire_terms(s, firer, target)
    } else if super::ry::plays(s) {
        super::ry::fire_terms(s, firer, target)
    } else if super::kr::plays(s) {
        super::kr::fire_terms(s, firer, target)
    } else {
        lga::fire_terms(s, firer, target, b)
    }
}

/// The melee terms of the game's sheet ([`lga::melee_terms`], [`melee_terms`],
/// [`super::ry::melee_terms`] or [`super::kr::melee_terms`]).
pub fn melee_terms_of(s: &State, x: usize, opp: usize, attacking: bool) -> Vec<Term> {
    if plays(s) {
        melee_terms(s, x, opp, attacking)
    } else if super::ry::plays(s) {
        super::ry::melee_terms(s, x, opp, attacking)
    } else if super::kr::plays(s) {
        super::kr::melee_terms(s, x, opp, attacking)
    } else {
        lga::melee_terms(s, x, opp, attacking)
    }
}

/// VV 7.4 and the sheet's "For each supporting enemy overlap (max 2)": each supporting
/// element, up to the sheet's maximum (LGA has none).
pub fn overlap_terms(s: &State, supports: usize, melee: bool) -> Vec<Term> {
    let n = s
        .setup()
        .variant
        .sheet
        .max_overlaps
        .map_or(supports, |m| supports.min(m));
    lga::overlap_terms(s, n, melee)
}

/// VV LG Tactical Factors - Fire, for `firer` at `target` (also a target's return fire at its
/// firer, VV 7.6). Supports (overlaps) are the target's, see [`overlap_terms`].
pub fn fire_terms(s: &State, firer: usize, target: usize) -> Vec<Term> {
    let sheet = &s.setup().variant.sheet;
    let list = &sheet.fire_factors;
    let f = |k: &str| Term::of(list, k, sheet.fire_factor(k));
    let mut out = Vec::new();
    if geometry::enfilades(s, firer, target) {
        out.push(f("enfilade"));
    }
    let ft = s.etype(firer);
    if ft.is_some_and(|t| t.has("american_regular")) {
        out.push(f("american_regular"));
    }
    if s.elements[target].square {
        out.push(f("target_square"));
    }
    // "Target is mounted cavalry": Kepi has no dismounted cavalry, so any cavalry element.
    if s.class(target) == TroopClass::Cavalry {
        out.push(f("target_cavalry"));
    }
    let th = s.elements[target].hex.expect("standing");
    let fh = s.elements[firer].hex.expect("standing");
    match terrain(s, th).cover {
        Cover::Soft => out.push(f("soft_cover")),
        Cover::Hard => out.push(f("hard_cover")),
        Cover::None => {}
    }
    // "Target over 800 (heavy artillery)" and the like: the gap beyond the paces named.
    let d = geometry::distance(s, fh, th);
    let row = ft.and_then(|t| t.range.as_deref());
    for x in list {
        if let (Some(r), Some(p)) = (&x.range, x.over)
            && row == Some(r.as_str())
            && over(p, d)
        {
            out.push(Term::of(list, &x.key, x.value.unwrap_or(0)));
        }
    }
    if s.elements[firer].square {
        out.push(f("firer_in_square"));
    }
    out
}

/// VV LG Tactical Factors - Melee for `x` fighting `opp`; `attacking` for the active player's
/// element.
pub fn melee_terms(s: &State, x: usize, opp: usize, attacking: bool) -> Vec<Term> {
    let setup = s.setup();
    let sheet = &setup.variant.sheet;
    let list = &sheet.melee_factors;
    let f = |k: &str| Term::of(list, k, sheet.melee_factor(k));
    let mut out = Vec::new();
    let xh = s.elements[x].hex.expect("standing");
    let oh = s.elements[opp].hex.expect("standing");
    if lga::general_attached(s, x) {
        out.push(f("general_attached"));
    }
    if lga::rear_support(s, x) {
        out.push(f("rear_support"));
    }
    let key = setup.terrain(xh);
    if !attacking {
        // "Defending uphill, a crest line, village or river": higher than its attacker, or in
        // a village (the maps have no crest lines nor rivers as hexsides).
        if setup.elevation(xh) > setup.elevation(oh) || sheet.is_place("village", key) {
            out.push(f("defending_position"));
        }
        if sheet.is_place("fortified", key) {
            out.push(f("fortified"));
        }
    }
    let class = s.class(x);
    let t = s.etype(x);
    if attacking && s.elements[x].charged && class == TroopClass::Cavalry {
        let light = t.is_some_and(|t| {
            (t.cavalry == Some(Cavalry::Light) && !t.has("hussars")) || t.has("mexican_irregular")
        });
        out.push(f(if light {
            "charge_light"
        } else {
            "charge_other"
        }));
    }
    if attacking && class == TroopClass::Cavalry && s.elements[opp].square {
        out.push(f("cavalry_v_square"));
    }
    if ground(s, x, xh) == Class::Rough {
        out.push(f("rough"));
    }
    out.extend(overlap_terms(s, overlaps(s, x, Some(opp)).len(), true));
    let corps_down = setup.elements[x]
        .corps
        .is_some_and(|c| s.corps[c].demoralised);
    if attacking && corps_down && !t.is_some_and(|t| t.guard) {
        out.push(f("demoralised"));
    }
    out
}

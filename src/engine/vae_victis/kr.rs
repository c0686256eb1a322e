//! Kepis Rouge's sheet beyond its numbers (`data/kepis-rouge.json`, the Franco-Prussian War):
//! its tactical factors, fire and melee, each a named term with the sheet's words (VV KR
//! Tactical Factors); the artillery's long-range deductions by nation; the charge bonus of the
//! Fire & Melee Factors in the first round of melee; the Guard Cavalry's +1; and the light
//! troops ("Light infantry, Zouaves or Turcos") exempt from the rough-terrain deduction.
//!
//! The rest of the sheet is data: the ranges by nation and weapon are the types' range rows
//! (each infantry row is a nation's type), "Maximums refer to numbers of elements per army"
//! are the types' `max_per_army` (refused at validation, `section.rs`), the Guard cavalry's
//! "Add 1 point to unit cost" their own rows' costs, difficult ground is moved and fought in
//! the Rough column (`going`, as LG; `lg::ground`).
//!
//! Invariant: every function here reads the side's sheet; the other variants' terms are
//! `lga.rs`'s, `lg.rs`'s and `ry.rs`'s, chosen by [`plays`] in `lg.rs`'s dispatch.

use super::combat::{Term, overlaps};
use super::geometry::{self, terrain};
use super::lga;
use super::paces::over;
use super::state::State;
use super::tables::{Class, Cover, TroopClass};

/// The variant key this module plays.
pub const KEY: &str = "kepis-rouge";

/// Whether the game plays Kepis Rouge's sheet.
pub fn plays(s: &State) -> bool {
    s.setup().variant.sheet.variant == KEY
}

/// VV KR "Unit in rough terrain (except Light infantry, Zouaves or Turcos)": `e` stands on
/// rough going (rough ground, or difficult ground read in the Rough column) and is not of a
/// type the exception names (the sheet's tag `rough_exempt`: Chasseurs a Pied, Jagers,
/// Zouaves, Turcos).
pub fn in_rough(s: &State, e: usize) -> bool {
    let h = s.elements[e].hex.expect("standing");
    super::lg::ground(s, e, h) == Class::Rough && !s.etype(e).is_some_and(|t| t.has("rough_exempt"))
}

/// VV KR Tactical Factors - Fire, for `firer` at `target` (also a target's return fire at its
/// firer, VV 7.6). Supports (overlaps, every one of them: the sheet names no maximum) are the
/// target's, `lg::overlap_terms`.
pub fn fire_terms(s: &State, firer: usize, target: usize) -> Vec<Term> {
    let sheet = &s.setup().variant.sheet;
    let list = &sheet.fire_factors;
    let f = |k: &str| Term::of(list, k, sheet.fire_factor(k));
    let mut out = Vec::new();
    // VV KR "Enfilading fire" +2 (VV 7.5).
    if geometry::enfilades(s, firer, target) {
        out.push(f("enfilade"));
    }
    // VV KR "Target is cavalry" +1.
    if s.class(target) == TroopClass::Cavalry {
        out.push(f("target_cavalry"));
    }
    // VV KR "Target in cover" -1: soft or hard cover alike (the sheet has one row).
    let th = s.elements[target].hex.expect("standing");
    let fh = s.elements[firer].hex.expect("standing");
    if terrain(s, th).cover != Cover::None {
        out.push(f("cover"));
    }
    // VV KR "Target is over 700 paces for French artillery", "over 800 paces for German
    // artillery": the firer's range row and the gap beyond the paces named.
    let d = geometry::distance(s, fh, th);
    let row = s.etype(firer).and_then(|t| t.range.as_deref());
    for x in list {
        if let (Some(r), Some(p)) = (&x.range, x.over)
            && row == Some(r.as_str())
            && over(p, d)
        {
            out.push(Term::of(list, &x.key, x.value.unwrap_or(0)));
        }
    }
    out
}

/// VV KR Tactical Factors - Melee for `x` fighting `opp`; `attacking` for the active player's
/// element.
pub fn melee_terms(s: &State, x: usize, opp: usize, attacking: bool) -> Vec<Term> {
    let setup = s.setup();
    let sheet = &setup.variant.sheet;
    let list = &sheet.melee_factors;
    let f = |k: &str| Term::of(list, k, sheet.melee_factor(k));
    let mut out = Vec::new();
    let xh = s.elements[x].hex.expect("standing");
    let oh = s.elements[opp].hex.expect("standing");
    let t = s.etype(x);
    // VV KR "General attached to unit" +1, "Rear support (see 8.3)" +1.
    if lga::general_attached(s, x) {
        out.push(f("general_attached"));
    }
    if lga::rear_support(s, x) {
        out.push(f("rear_support"));
    }
    // VV KR "For each enemy overlap on flank or rear" -1 (no maximum on this sheet).
    out.extend(super::lg::overlap_terms(
        s,
        overlaps(s, x, Some(opp)).len(),
        true,
    ));
    // VV KR "Higher than adversary" +1, attacking or defending.
    if setup.elevation(xh) > setup.elevation(oh) {
        out.push(f("higher"));
    }
    // VV KR "Defending in cover or a river bank" +1: the defender's hex of soft or hard cover
    // (Kepi's maps draw no river banks as hexsides).
    if !attacking && terrain(s, xh).cover != Cover::None {
        out.push(f("defending_cover"));
    }
    // VV KR "Guard Cavalry" +1: a Guard cavalry element, attacking or defending.
    if s.class(x) == TroopClass::Cavalry && t.is_some_and(|t| t.guard) {
        out.push(f("guard_cavalry"));
    }
    // VV KR "Unit in rough terrain (except Light infantry, Zouaves or Turcos)" -2.
    if in_rough(s, x) {
        out.push(f("rough"));
    }
    // VV KR charge bonus: "Charging cavalry or infantry in first round of melee - See Fire &
    // Melee table": the attacker that moved into contact this player-turn, its type's Charge
    // Bonus column.
    if attacking && s.elements[x].charged {
        let bonus = t.map(|t| t.charge).unwrap_or(0);
        if bonus != 0 {
            out.push(Term::of(list, "charge", bonus));
        }
    }
    // VV 9: a demoralised corps' -1 in attack, not for Guard units.
    let corps_down = setup.elements[x]
        .corps
        .is_some_and(|c| s.corps[c].demoralised);
    if attacking && corps_down && !t.is_some_and(|t| t.guard) {
        out.push(f("demoralised"));
    }
    out
}

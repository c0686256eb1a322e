//! La Grande Armée's sheet beyond its numbers (`data/la-grande-armee.json`): its tactical
//! factors, fire and melee, each a named term with the sheet's words (VV LGA Tactical Factors);
//! the Guard (no demoralisation deduction, VV 9); the British, Russian and French Old Guard
//! bonuses by the side's `nation`.

use super::combat::{Term, adjacent, overlaps};
use super::fire::{Band, band};
use super::geometry::{self, standing, terrain, troop};
use super::state::{Role, State};
use super::tables::{Class, Cover, TroopClass};

fn nation(s: &State, e: usize) -> &str {
    &s.setup().nations[s.setup().elements[e].side]
}

/// VV LGA Tactical Factors - Fire, for `firer` at `target` in `band` (also a target's return
/// fire at its firer, VV 7.6). Supports (overlaps) are the target's, see [`overlap_terms`].
pub fn fire_terms(s: &State, firer: usize, target: usize, b: Band) -> Vec<Term> {
    let sheet = &s.setup().variant.sheet;
    let list = &sheet.fire_factors;
    let f = |k: &str| Term::of(list, k, sheet.fire_factor(k));
    let mut out = Vec::new();
    let fc = s.class(firer);
    if matches!(fc, TroopClass::Infantry | TroopClass::Skirmishers) && nation(s, firer) == "british"
    {
        out.push(f("british_infantry"));
    }
    if s.elements[firer].square {
        out.push(f("firer_in_square"));
    }
    if geometry::enfilades(s, firer, target) {
        out.push(f("enfilade"));
    }
    if s.class(target) == TroopClass::Cavalry {
        out.push(f("target_cavalry"));
    }
    let th = s.elements[target].hex.expect("standing");
    match terrain(s, th).cover {
        Cover::Soft => out.push(f("soft_cover")),
        Cover::Hard => out.push(f("hard_cover")),
        Cover::None => {}
    }
    if s.class(target) == TroopClass::Skirmishers {
        out.push(f("target_skirmishers"));
    }
    if fc == TroopClass::Artillery && b == Band::Short {
        out.push(f("case_shot"));
    }
    if b == Band::Long {
        out.push(f("long_range"));
    }
    if s.elements[target].square {
        out.push(f("target_square"));
    }
    let old_guard = s.etype(firer).is_some_and(|t| t.guard)
        && fc == TroopClass::Infantry
        && nation(s, firer) == "french";
    if (fc == TroopClass::Artillery && nation(s, firer) == "russian") || old_guard {
        out.push(f("russian_artillery_old_guard"));
    }
    out
}

/// VV 7.4 and the LGA fire factor "For each enemy overlap -1": each supporting firer.
pub fn overlap_terms(s: &State, supports: usize, melee: bool) -> Vec<Term> {
    let sheet = &s.setup().variant.sheet;
    let (list, v) = if melee {
        (&sheet.melee_factors, sheet.melee_factor("overlap"))
    } else {
        (&sheet.fire_factors, sheet.fire_factor("overlap"))
    };
    (0..supports)
        .map(|_| Term::of(list, "overlap", v))
        .collect()
}

/// VV LGA Tactical Factors - Melee for `x` fighting `opp`; `attacking` for the active
/// player's element.
pub fn melee_terms(s: &State, x: usize, opp: usize, attacking: bool) -> Vec<Term> {
    let setup = s.setup();
    let sheet = &setup.variant.sheet;
    let list = &sheet.melee_factors;
    let f = |k: &str| Term::of(list, k, sheet.melee_factor(k));
    let mut out = Vec::new();
    let def = &setup.elements[x];
    let xh = s.elements[x].hex.expect("standing");
    let oh = s.elements[opp].hex.expect("standing");
    if general_attached(s, x) {
        out.push(f("general_attached"));
    }
    if rear_support(s, x) {
        out.push(f("rear_support"));
    }
    out.extend(overlap_terms(s, overlaps(s, x, Some(opp)).len(), true));
    if setup.elevation(xh) > setup.elevation(oh) {
        out.push(f("higher"));
    }
    if !attacking {
        match terrain(s, xh).cover {
            Cover::Soft => out.push(f("soft_cover")),
            Cover::Hard => out.push(f("hard_cover")),
            Cover::None => {}
        }
    }
    let class = s.class(x);
    if terrain(s, xh).class == Class::Difficult && class != TroopClass::Skirmishers {
        out.push(f("difficult"));
    }
    let t = s.etype(x);
    if attacking && s.elements[x].charged {
        let bonus = t.map(|t| t.charge).unwrap_or(0);
        if bonus != 0 {
            out.push(Term::of(list, "charge", bonus));
        }
    }
    if class == TroopClass::Cavalry && s.elements[opp].square {
        out.push(f("cavalry_v_square"));
    }
    if attacking && artillery_supports(s, x, opp) {
        out.push(f("artillery_support"));
    }
    let corps_down = def.corps.is_some_and(|c| s.corps[c].demoralised);
    if attacking && corps_down && !t.is_some_and(|t| t.guard) {
        out.push(f("demoralised"));
    }
    out
}

/// "General attached to unit" (LGA, LG): its corps' general or the commander-in-chief
/// beside it.
pub fn general_attached(s: &State, x: usize) -> bool {
    let setup = s.setup();
    let def = &setup.elements[x];
    (0..s.elements.len()).any(|g| {
        standing(s, g)
            && setup.elements[g].side == def.side
            && (setup.elements[g].role == Role::CommanderInChief
                || (setup.elements[g].role == Role::General
                    && setup.elements[g].corps == def.corps))
            && adjacent(s, x, g)
    })
}

/// VV 8.3 Rear support: infantry (not skirmishers) of the same type immediately behind and
/// facing the same way; VV 8.2: infantry or cavalry so behind an artillery element.
pub fn rear_support(s: &State, x: usize) -> bool {
    let Some(b) = geometry::behind(s, x) else {
        return false;
    };
    let Some(y) = geometry::at(s, b) else {
        return false;
    };
    if !troop(s, y)
        || geometry::side(s, y) != geometry::side(s, x)
        || s.elements[y].facing != s.elements[x].facing
        || s.elements[y].square
    {
        return false;
    }
    match s.class(x) {
        TroopClass::Infantry => {
            s.class(y) == TroopClass::Infantry
                && s.etype(y).map(|t| &t.key) == s.etype(x).map(|t| &t.key)
        }
        TroopClass::Artillery => matches!(s.class(y), TroopClass::Infantry | TroopClass::Cavalry),
        _ => false,
    }
}

/// LGA "Artillery supporting an attack" (Kepi's reading): a friendly artillery element out of
/// contact with the defender in its field of fire, range and line of fire.
pub fn artillery_supports(s: &State, x: usize, opp: usize) -> bool {
    let oh = s.elements[opp].hex.expect("standing");
    (0..s.elements.len()).any(|a| {
        a != x
            && troop(s, a)
            && geometry::side(s, a) == geometry::side(s, x)
            && s.class(a) == TroopClass::Artillery
            && !geometry::in_contact(s, a)
            && geometry::in_field(s, a, oh)
            && {
                let d = geometry::distance(s, s.elements[a].hex.expect("standing"), oh);
                band(s, a, d)
                    .is_some_and(|b| geometry::line_of_fire(s, a, oh, b != Band::Short).is_ok())
            }
    })
}

//! Rebel Yell's sheet beyond its numbers (`data/rebel-yell.json`, the American Civil War): its
//! tactical factors, fire and melee, each a named term with the sheet's words (VV RY Tactical
//! Factors); the ranges by weapon and "All ranges reduced by 200 in forest"; the forest's going
//! (the sheet's Forest column); and the cavalry that mounts and dismounts (VV 5.6, the element
//! replaced by its counterpart on the sheet, `formations::mount`).
//!
//! Invariant: every function here reads the side's sheet; the other variants' terms are
//! `lga.rs`'s and `lg.rs`'s, chosen by [`plays`] in `lg.rs`'s dispatch.

use super::combat::{Term, overlaps};
use super::geometry::{self, Around, terrain};
use super::lga;
use super::paces::{over, within};
use super::state::State;
use super::tables::{Class, Cover, TroopClass};

/// The variant key this module plays.
pub const KEY: &str = "rebel-yell";

/// Whether the game plays Rebel Yell's sheet.
pub fn plays(s: &State) -> bool {
    s.setup().variant.sheet.variant == KEY
}

/// VV RY Fire Ranges, "All ranges reduced by 200 in forest": the paces `e`'s range loses where
/// it stands (Kepi's reading: the firer in a forest hex, the sheet's place "forest"; a target
/// in forest is already seen only from close by, VV 7.2). 0 under the other sheets.
pub fn range_cut(s: &State, e: usize) -> u32 {
    let setup = s.setup();
    let Some(r) = &setup.variant.sheet.range_reduction else {
        return 0;
    };
    match s.elements[e].hex {
        Some(h) if setup.variant.sheet.is_place(&r.place, setup.terrain(h)) => r.paces,
        _ => 0,
    }
}

/// "Target less than `paces`": the gap is short of them (hex distance below [`within`]).
pub fn under(paces: u32, d: u32) -> bool {
    d < within(paces)
}

/// The going of `e`'s hex for "In rough terrain": rough ground and, Kepi's reading, the
/// Forest column's ground (difficult ground, moved in the Forest column) too.
pub fn rough(s: &State, e: usize) -> bool {
    let h = s.elements[e].hex.expect("standing");
    matches!(terrain(s, h).class, Class::Rough | Class::Difficult)
}

/// VV RY Tactical Factors - Fire, for `firer` at `target` (also a target's return fire at its
/// firer, VV 7.6). Supports (overlaps, at most two) are the target's, `lg::overlap_terms`.
pub fn fire_terms(s: &State, firer: usize, target: usize) -> Vec<Term> {
    let sheet = &s.setup().variant.sheet;
    let th = s.elements[target].hex.expect("standing");
    let fh = s.elements[firer].hex.expect("standing");
    let d = geometry::distance(s, fh, th);
    let ft = s.etype(firer);
    let row = ft.and_then(|t| t.range.as_deref());
    let range = row
        .and_then(|r| sheet.ranges.get(r))
        .and_then(|r| r.medium)
        .unwrap_or(0);
    let cover = terrain(s, th).cover;
    // The sheet's rows in its order; the overlaps are the target's (`lg::overlap_terms`).
    sheet
        .fire_factors
        .iter()
        .filter(|x| match x.key.as_str() {
            "enfilade" => geometry::enfilades(s, firer, target),
            "breech_loading" => ft.is_some_and(|t| t.has("breech_loading")),
            // A dismounted cavalry element is of its dismounted type (infantry): only a
            // mounted one is of class cavalry.
            "target_cavalry" => s.class(target) == TroopClass::Cavalry,
            "soft_cover" => cover == Cover::Soft,
            "hard_cover" => cover == Cover::Hard,
            "overlap" => false,
            // "Firing smooth bore muskets", "Target less than 300 (artillery)", "Target more
            // than 200 (rifled muskets and carbines)", "Target over half range (... artillery)".
            _ => {
                row.is_some_and(|r| x.ranges.iter().any(|y| y == r))
                    && match (x.under, x.over, x.over_half) {
                        (Some(p), _, _) => under(p, d),
                        (_, Some(p), _) => over(p, d),
                        (_, _, true) => over(range / 2, d),
                        _ => true,
                    }
            }
        })
        .map(|x| Term {
            key: x.key.clone(),
            text: x.text.clone(),
            value: x.value.unwrap_or(0),
        })
        .collect()
}

/// VV RY Tactical Factors - Melee for `x` fighting `opp`; `attacking` for the active player's
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
    // "Defending a crest line or river": Kepi's maps draw neither as a hexside; never (the
    // row is transcribed for the record, docs/rules/vae-victis.md).
    if setup.elevation(xh) > setup.elevation(oh) {
        out.push(f("higher"));
    }
    if !attacking && sheet.is_place("fortified", setup.terrain(xh)) {
        out.push(f("fortified"));
    }
    if s.etype(x).is_some_and(|t| t.has("shotguns_pistols")) {
        out.push(f("shotguns_pistols"));
    }
    // "Flank or rear attack": against the element whose opponent stands at its flank or rear
    // (it could not pivot to face it, VV 8: it faces an enemy at its front already).
    if matches!(geometry::around(s, x, oh), Around::Flank | Around::Rear) {
        out.push(f("flank_rear"));
    }
    if rough(s, x) {
        out.push(f("rough"));
    }
    out.extend(super::lg::overlap_terms(
        s,
        overlaps(s, x, Some(opp)).len(),
        true,
    ));
    let corps_down = setup.elements[x]
        .corps
        .is_some_and(|c| s.corps[c].demoralised);
    if attacking && corps_down && !s.etype(x).is_some_and(|t| t.guard) {
        out.push(f("demoralised"));
    }
    out
}

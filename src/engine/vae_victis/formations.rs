//! VV 5.6 Formation changes: squares (the core and LGA) and LGA's skirmisher pairs (a light
//! infantry element replaced by two skirmisher elements, and joined again), and RY's cavalry
//! mounting and dismounting, 1 AP each.

use super::dice::note;
use super::geometry::{at, standing};
use super::movement::formation_cost;
use super::results::passable;
use super::state::State;
use super::tables::TroopClass;
use crate::engine::RuleError;
use crate::engine::setup_state::Event;
use crate::map::HexCoord;

/// VV 5.6 Squares: "Infantry in line may change to square formation and vice versa".
pub fn square(s: &mut State, e: usize, form: bool, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let id = s.setup().elements[e].id.clone();
    let sheet = &s.setup().variant.sheet;
    // VV RY, KR: a sheet without an "Infantry in square" movement row forms no squares
    // (docs/rules/vae-victis.md).
    if !sheet.movement.contains_key("square") {
        return Err(RuleError::rule(
            "VV 5.6 Squares",
            format!(
                "{id} may not form square: the {} sheet has no squares (no \"Infantry in \
                 square\" row)",
                sheet.sheet
            ),
        ));
    }
    let can = s.etype(e).is_some_and(|t| t.square);
    if !can {
        return Err(RuleError::rule(
            "VV 5.6 Squares",
            format!("{id} is not infantry in line: only it forms square"),
        ));
    }
    if s.elements[e].square == form {
        return Err(RuleError::rule(
            "VV 5.6 Squares",
            format!(
                "{id} is in {} already",
                if form { "square" } else { "line" }
            ),
        ));
    }
    if form && !passable_as_square(s, e) {
        return Err(RuleError::rule(
            "VV 5.6 Squares",
            format!("{id} may not form square where a square may not stand (difficult ground)"),
        ));
    }
    let ap = formation_cost(s, e)?;
    s.elements[e].square = form;
    note(
        ev,
        format!(
            "{id} forms {} ({ap} AP, VV 5.6 Squares{})",
            if form { "square" } else { "line" },
            if ap > 1 {
                "; VV LG: \"It costs 2AP for Militia to form square from line (and vice versa)\""
            } else {
                ""
            }
        ),
    );
    Ok(())
}

fn passable_as_square(s: &State, e: usize) -> bool {
    let mut t = s.clone();
    t.elements[e].square = true;
    passable(&t, e, s.elements[e].hex.expect("standing"))
}

/// The second skirmisher element of `e`, if its type has one.
pub fn partner(s: &State, e: usize) -> Option<usize> {
    s.setup()
        .elements
        .iter()
        .position(|d| d.partner_of == Some(e))
}

/// VV 5.6 Skirmishers (LGA): the light infantry element becomes two skirmisher elements, the
/// second placed in `hex`, an empty hex beside it, facing as it does.
pub fn skirmish(
    s: &mut State,
    e: usize,
    hex: HexCoord,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    let case = "VV LGA Skirmishers (VV 5.6)";
    let Some(p) = partner(s, e) else {
        return Err(RuleError::rule(case, format!("{id} is not light infantry")));
    };
    if s.elements[e].skirmish || s.elements[e].square {
        return Err(RuleError::rule(
            case,
            format!("{id} is not light infantry in line"),
        ));
    }
    if s.elements[p].destroyed {
        return Err(RuleError::rule(
            case,
            format!("{id}'s second skirmisher element is lost"),
        ));
    }
    let h = s.elements[e].hex.expect("standing");
    if !setup.grid.adjacent(h, hex) || at(s, hex).is_some() || !passable(s, p, hex) {
        return Err(RuleError::rule(
            case,
            format!(
                "the second skirmisher element goes to an empty hex beside {id} it may enter, not {}",
                setup.name(hex)
            ),
        ));
    }
    formation_cost(s, e)?;
    s.elements[e].skirmish = true;
    s.elements[p].hex = Some(hex);
    s.elements[p].facing = s.elements[e].facing;
    s.elements[p].acted = super::state::Acted::Done;
    note(
        ev,
        format!(
            "{id} takes skirmish formation: two skirmisher elements, {id} and {} at {} (1 AP, \
             VV LGA Skirmishers)",
            setup.elements[p].id,
            setup.name(hex)
        ),
    );
    Ok(())
}

/// VV 5.6 Skirmishers (LGA), "and vice versa": a pair side by side forms the light infantry
/// element again in the light infantry element's hex; a lone survivor may not.
pub fn close_order(s: &mut State, x: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let case = "VV LGA Skirmishers (VV 5.6)";
    let (e, p) = match setup.elements[x].partner_of {
        Some(e) => (e, x),
        None => match partner(s, x) {
            Some(p) => (x, p),
            None => {
                return Err(RuleError::rule(
                    case,
                    format!("{} is not a skirmisher pair", setup.elements[x].id),
                ));
            }
        },
    };
    if !s.elements[e].skirmish {
        return Err(RuleError::rule(
            case,
            format!("{} is not in skirmish formation", setup.elements[e].id),
        ));
    }
    if !standing(s, e) || !standing(s, p) {
        return Err(RuleError::rule(
            case,
            "\"if one of the skirmisher elements is destroyed, then the other unit must remain \
             in skirmish formation and may not reform during the game\"",
        ));
    }
    let (a, b) = (
        s.elements[e].hex.expect("standing"),
        s.elements[p].hex.expect("standing"),
    );
    if !setup.grid.adjacent(a, b) {
        return Err(RuleError::rule(
            case,
            "the two skirmisher elements must stand side by side",
        ));
    }
    formation_cost(s, e)?;
    s.elements[e].skirmish = false;
    s.elements[p].hex = None;
    note(
        ev,
        format!(
            "{} and {} form the light infantry element {} at {} again (1 AP, VV LGA Skirmishers)",
            setup.elements[e].id,
            setup.elements[p].id,
            setup.elements[e].id,
            setup.name(a)
        ),
    );
    Ok(())
}

/// VV 5.6 Dismounting/mounting cavalry (Rebel Yell): "Cavalry units may mount or dismount at
/// the cost of 1AP. The unit is replaced by an appropriate mounted or un-mounted element": its
/// type becomes its counterpart on the sheet (`mount`: to the mounted one), where that
/// element may stand. Kepi's reading: like the core's formation changes it is the element's
/// action of the phase (it neither moves nor changes again in that phase).
pub fn mount(s: &mut State, e: usize, mount: bool, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    let case = "VV 5.6 Dismounting/mounting cavalry (RY)";
    let Some(other) = setup.elements[e]
        .counterpart_ty
        .and_then(|i| setup.variant.sheet.types.get(i))
    else {
        return Err(RuleError::rule(
            case,
            format!("{id} is not cavalry: only cavalry mounts and dismounts (Rebel Yell)"),
        ));
    };
    let mounted = s.class(e) == TroopClass::Cavalry;
    if mounted == mount {
        return Err(RuleError::rule(
            case,
            format!(
                "{id} is {} already",
                if mount { "mounted" } else { "dismounted" }
            ),
        ));
    }
    let h = s.elements[e].hex.expect("standing");
    let mut t = s.clone();
    t.elements[e].switched = !t.elements[e].switched;
    if !passable(&t, e, h) {
        return Err(RuleError::rule(
            case,
            format!(
                "{id} may not {} at {}: {} may not stand there",
                if mount { "mount" } else { "dismount" },
                setup.name(h),
                other.name
            ),
        ));
    }
    let ap = formation_cost(s, e)?;
    s.elements[e].switched = !s.elements[e].switched;
    note(
        ev,
        format!(
            "{id} {}: replaced by the element {} ({ap} AP, {case})",
            if mount { "mounts" } else { "dismounts" },
            other.name
        ),
    );
    Ok(())
}

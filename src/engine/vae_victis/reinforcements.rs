//! VV 4.1 Game Phases, "1 Movement: the active player ... moves his troops ... or enters any
//! reinforcements" (Kepi's reading, docs/rules/vae-victis.md): a corps the scenario brings on
//! as a reinforcement (its `reinforcements` entry names the corps as its group) stands off the
//! map until its game-turn; from then, in each of its side's movement phases, each of its
//! elements (its general too) may enter at one of the entry's hexes: that hex free (no element
//! in it) and not in contact with an enemy troop element, on ground it may enter, facing any
//! hexside (in an enemy zone of control, a troop element faces one of its owners, VV 6).
//! Entering costs 1 AP of its corps (a general's entry is his free first move, VV 5.7, and
//! carries no one: he comes from off the map); the element may then move on from the entry hex
//! as any element does. An element that finds no such hex waits for a later phase.

use super::dice::note;
use super::generals;
use super::geometry::{self, at, side};
use super::movement::{self, Board, contact_hex};
use super::results::passable;
use super::state::{Acted, Command, Role, State};
use crate::engine::RuleError;
use crate::engine::facing::Facing;
use crate::engine::setup_state::Event;
use crate::map::HexCoord;

/// A reinforcement corps' arrival: its game-turn and its entry hexes (in the map's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub turn: u32,
    pub hexes: Vec<HexCoord>,
}

const CASE: &str = "VV 4.1";

/// `e`'s corps' arrival while `e` is still off the map to enter (not destroyed; not a second
/// skirmisher element, which comes with its light infantry).
pub fn to_arrive(s: &State, e: usize) -> Option<&Arrival> {
    let setup = s.setup();
    let d = &setup.elements[e];
    if d.partner_of.is_some() || s.elements[e].hex.is_some() || s.elements[e].destroyed {
        return None;
    }
    setup.corps[d.corps?].arrives.as_ref()
}

/// `e` is to arrive and its game-turn has come.
pub fn due(s: &State, e: usize) -> bool {
    to_arrive(s, e).is_some_and(|a| a.turn <= s.turn)
}

/// Why `e` may not enter at `h` facing `facing` now.
pub fn check(s: &State, e: usize, h: HexCoord, facing: Facing) -> Result<(), RuleError> {
    let setup = s.setup();
    let id = &setup.elements[e].id;
    let Some(a) = to_arrive(s, e) else {
        return Err(RuleError::rule(
            CASE,
            format!("{id} is not a reinforcement waiting to enter the map"),
        ));
    };
    if side(s, e) != s.active() {
        return Err(RuleError::not_now(format!(
            "{id} is not the active player's"
        )));
    }
    if a.turn > s.turn {
        return Err(RuleError::rule(
            CASE,
            format!(
                "{id} arrives on game-turn {}, not before (this is game-turn {})",
                a.turn, s.turn
            ),
        ));
    }
    if !a.hexes.contains(&h) {
        return Err(RuleError::rule(
            CASE,
            format!(
                "{id} enters at {}; {} is not one of its entry hexes",
                a.hexes
                    .iter()
                    .map(|x| setup.name(*x))
                    .collect::<Vec<_>>()
                    .join(", "),
                setup.name(h)
            ),
        ));
    }
    if let Some(o) = at(s, h) {
        return Err(RuleError::rule(
            CASE,
            format!(
                "entry hex {} is occupied by {}: one element a hex (VV 1); enter at another \
                 entry hex or in a later phase",
                setup.name(h),
                setup.elements[o].id
            ),
        ));
    }
    if contact_hex(s, e, h) {
        return Err(RuleError::rule(
            CASE,
            format!(
                "entry hex {} is in contact with an enemy element: a reinforcement does not \
                 enter into contact (Kepi's reading); enter at another entry hex or in a later \
                 phase",
                setup.name(h)
            ),
        ));
    }
    if !passable(s, e, h) {
        return Err(RuleError::rule(
            "VV 5.4",
            format!(
                "{id} may not stand at {} ({})",
                setup.name(h),
                setup.terrain(h)
            ),
        ));
    }
    if !facing.is_hexside(&setup.grid) {
        return Err(RuleError::rule(
            "VV 1",
            format!("an element faces a hexside, not {facing}"),
        ));
    }
    movement::zone_alignment(s, e, &geometry::zone_owners(s, side(s, e), h), h, facing)?;
    let general_free = setup.elements[e].role == Role::General && !s.elements[e].moved_free;
    if let Some(c) = setup.elements[e].corps
        && !general_free
        && s.corps[c].ap < 1
    {
        return Err(RuleError::rule(
            CASE,
            format!(
                "corps {} has no AP left: {id} needs 1 to enter",
                setup.corps[c].id
            ),
        ));
    }
    Ok(())
}

/// `e` enters at `h`, facing `facing`.
pub fn enter(
    s: &mut State,
    e: usize,
    h: HexCoord,
    facing: Facing,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    check(s, e, h, facing)?;
    let setup = s.setup_arc();
    if setup.elements[e].role == Role::General && !s.elements[e].moved_free {
        s.elements[e].moved_free = true;
    } else {
        generals::spend(s, e, 1)?;
    }
    let x = &mut s.elements[e];
    x.hex = Some(h);
    x.facing = facing;
    x.acted = Acted::Nothing;
    note(
        ev,
        format!(
            "{} enters the map at {}, facing {facing} (reinforcement, VV 4.1)",
            setup.elements[e].id,
            setup.name(h)
        ),
    );
    Ok(())
}

/// The active player's entries: each due element's, at each entry hex it may enter, facing
/// each hexside, in the order of elements, hexes, then facings.
pub fn commands(s: &State, board: &Board, out: &mut Vec<Command>) {
    let setup = s.setup();
    for e in 0..s.elements.len() {
        if side(s, e) != s.active() || !due(s, e) {
            continue;
        }
        let facings: Vec<Facing> = Facing::all()
            .filter(|f| f.is_hexside(&setup.grid))
            .collect();
        for &h in &to_arrive(s, e).expect("due").hexes {
            // `check` asks of the facing only that it is a hexside's and, in an enemy zone of
            // control, aligned on an owner (VV 6): the hex is checked once, with an aligned
            // facing, and every aligned facing offered. An occupied hex or one in contact (the
            // board of the active side, as `check` would find) is passed over first.
            if board.at(h).is_some() || board.contact(h) {
                continue;
            }
            // VV 6: in an enemy zone of control it enters facing one of its owners.
            let owners = board.zone_owners(h);
            let Some(&ok) = facings
                .iter()
                .find(|&&f| geometry::aligned(s, owners, h, f, false))
            else {
                continue;
            };
            if check(s, e, h, ok).is_ok() {
                for &f in &facings {
                    if setup.elements[e].role == Role::Troop
                        && !geometry::aligned(s, owners, h, f, false)
                    {
                        continue;
                    }
                    out.push(Command::Enter {
                        element: setup.elements[e].id.clone(),
                        hex: setup.name(h),
                        facing: f,
                    });
                }
            }
        }
    }
}

//! VV 5.2 Group elements: a group of one corps' elements, touching and facing alike, moved in
//! parallel as one command (docs/rules/vae-victis.md, "VV 5.2 Groups").
//!
//! Kepi's reading: a group is two elements or more of one corps, on the map, the active
//! player's and free to act (not in contact, VV 8), troops only (a general's free move carries
//! his attached units instead: a group with one of them moves free, VV 5.7, [`cost`]), none in
//! square (VV 5.6 "A square cannot
//! form part of a group"), all facing the same hexside, joined by touching elements of the
//! group ("each must be touching another of its elements") and none standing in the hex ahead
//! of another ("presenting a united front": a line, not a column). It moves parallel: every
//! element shifts by the same hex offset (`to` is the first listed element's destination) and
//! keeps its facing (a wheel is not yet played); each element's way is checked as its single
//! move would be (paces by the ground, VV 5.3 interpenetration, VV 6 zones of control, VV 8
//! contact, VV 5.5 strategic moves) with the group's own elements lifted off the board, so an
//! element may step into a hex another of the group leaves; the same distance for all makes
//! the slowest element's pace the group's. Cost: 1 AP for the group; 2 AP if any element is
//! out of its general's command range (VV 5.2) or if artillery is grouped with another type
//! ("It would cost 2APs to move them as a group"); never more than 2; none when its general's
//! free move carried one of its elements (VV 5.7). An element ending in an enemy zone of
//! control, not in contact, must face one of the zones' owners with the group's facing (VV 6).

use super::dice::note;
use super::generals;
use super::geometry::{self, distance, side, standing, troop};
use super::movement::{self, Board, Path, Reach};
use super::state::{Acted, State};
use super::tables::TroopClass;
use crate::engine::RuleError;
use crate::engine::facing::Facing;
use crate::engine::setup_state::Event;
use crate::map::HexCoord;

/// VV 5.2: "It would cost 2APs to move them as a group" (artillery with another type).
const MIXED_ARTILLERY_AP: u32 = 2;

fn id(s: &State, e: usize) -> &str {
    &s.setup().elements[e].id
}

fn refuse(text: String) -> RuleError {
    RuleError::rule("VV 5.2", text)
}

/// Whether `a` stands in the hex ahead of `b` (or `b` ahead of `a`).
fn in_column(s: &State, a: usize, b: usize) -> bool {
    let ahead = |x: usize, y: usize| {
        geometry::toward(
            s,
            s.elements[y].hex.expect("standing"),
            s.elements[y].facing,
        ) == s.elements[x].hex
    };
    ahead(a, b) || ahead(b, a)
}

/// May `e` stand in a group (each element's own conditions): free to act, a troop element,
/// not in square.
fn member(s: &State, e: usize) -> Result<(), RuleError> {
    movement::may_act(s, e)?;
    if !troop(s, e) {
        return Err(refuse(format!(
            "{} is a general: a group is of troop elements (his free first move carries the \
             units beside him: their next move is free, VV 5.7)",
            id(s, e)
        )));
    }
    if s.elements[e].square {
        return Err(RuleError::rule(
            "VV 5.6",
            format!(
                "{} is in square: \"A square cannot form part of a group\"",
                id(s, e)
            ),
        ));
    }
    Ok(())
}

/// The group's own checks (VV 5.2, 5.6): two elements or more, each a [`member`], of one
/// corps, facing alike, joined by touching elements of the group, none ahead of another.
pub fn check(s: &State, members: &[usize]) -> Result<(), RuleError> {
    let Some(&first) = members.first() else {
        return Err(refuse("a group is two elements or more".into()));
    };
    if members.len() < 2 {
        return Err(refuse(format!(
            "a group is two elements or more; {} moves alone by `move`",
            id(s, first)
        )));
    }
    for (i, &e) in members.iter().enumerate() {
        if members[..i].contains(&e) {
            return Err(refuse(format!("{} is named twice", id(s, e))));
        }
    }
    for &e in members {
        member(s, e)?;
    }
    let setup = s.setup();
    let corps = setup.elements[first].corps;
    let facing = s.elements[first].facing;
    for &e in &members[1..] {
        if setup.elements[e].corps != corps {
            return Err(refuse(format!(
                "{} is of corps {}, {} of corps {}: \"Units of different corps may not be \
                 formed into the same group\"",
                id(s, e),
                setup.elements[e].corps.map_or("-", |c| &setup.corps[c].id),
                id(s, first),
                corps.map_or("-", |c| &setup.corps[c].id),
            )));
        }
        if s.elements[e].facing != facing {
            return Err(refuse(format!(
                "{} faces {}, {} faces {facing}: a group's elements face \"in the same \
                 direction\"",
                id(s, e),
                s.elements[e].facing,
                id(s, first)
            )));
        }
    }
    let hex = |e: usize| s.elements[e].hex.expect("standing");
    // Joined: every element reached from the first through touching elements of the group.
    let mut joined = vec![first];
    let mut i = 0;
    while i < joined.len() {
        let a = joined[i];
        for &b in members {
            if !joined.contains(&b) && setup.grid.adjacent(hex(a), hex(b)) {
                joined.push(b);
            }
        }
        i += 1;
    }
    if let Some(&e) = members.iter().find(|e| !joined.contains(e)) {
        return Err(refuse(format!(
            "{} is not touching the group of {}: \"Elements consisting a group must each be \
             touching another of its elements\"",
            id(s, e),
            id(s, first)
        )));
    }
    for (i, &a) in members.iter().enumerate() {
        for &b in &members[i + 1..] {
            if in_column(s, a, b) {
                return Err(refuse(format!(
                    "{} and {} stand one ahead of the other: a group presents \"a united \
                     front\" (a line, not a column)",
                    id(s, a),
                    id(s, b)
                )));
            }
        }
    }
    Ok(())
}

/// The AP the group's move costs (VV 5.2): 1; 2 if any element is out of command range or
/// artillery is grouped with another type; 0 when one of its elements was carried by its
/// general's free move (VV 5.7). Refused as a single move would be for an element
/// of a corps the C-in-C commands beyond 600 paces of him (VV 5.1).
pub fn cost(s: &State, members: &[usize]) -> Result<u32, RuleError> {
    let mut c = 1;
    for &e in members {
        c = c.max(generals::move_cost(s, e)?);
    }
    // VV 5.7: "Any units or group of units attached to a general may also benefit from the
    // generals' free move": a group one of whose elements he carried moves free.
    if members.iter().any(|&e| s.elements[e].carried) {
        return Ok(0);
    }
    let artillery = |e: &usize| s.class(*e) == TroopClass::Artillery;
    if members.iter().any(artillery) && !members.iter().all(artillery) {
        c = c.max(MIXED_ARTILLERY_AP);
    }
    Ok(c)
}

/// One element's part of a group move: its destination, whether the move is strategic
/// (VV 5.5) and what it had done before. Its way is in the reaches `plan` was given (built
/// only for the move made: the legal list plans every group's every destination).
pub struct Step {
    pub element: usize,
    pub to: HexCoord,
    pub strategic: bool,
    pub before: Acted,
}

/// The hex `e` ends in when the group's first element moves from `from0` to `to`.
pub fn shifted(s: &State, e: usize, from0: HexCoord, to: HexCoord) -> Option<HexCoord> {
    let g = &s.setup().grid;
    let h = s.elements[e].hex.expect("standing");
    g.from_hex(g.to_hex(h) + (g.to_hex(to) - g.to_hex(from0)))
}

/// The group's parallel move to `to` (its first element's destination) facing `facing`,
/// each element's way checked as its single move's (`reaches`: each element's reach on the
/// board without the group (`Board::without`: each element's move may enter a hex another of
/// the group leaves) for `facing`, in the members' order; `board` that lifted board, whose
/// contacts are the enemies' as on the unlifted one). The group's own checks are the caller's
/// ([`check`]).
pub fn plan(
    s: &State,
    board: &Board,
    members: &[usize],
    reaches: &[Reach],
    to: HexCoord,
    facing: Facing,
) -> Result<Vec<Step>, RuleError> {
    let setup = s.setup();
    let first = members[0];
    let from0 = s.elements[first].hex.expect("standing");
    if facing != s.elements[first].facing {
        return Err(refuse(format!(
            "the group of {} faces {}: it moves parallel and keeps its facing (a wheel is \
             not yet played)",
            id(s, first),
            s.elements[first].facing
        )));
    }
    if to == from0 {
        return Err(refuse(format!(
            "{} is at {} already: a group's move goes somewhere",
            id(s, first),
            setup.name(to)
        )));
    }
    let mut steps = Vec::new();
    for (i, &e) in members.iter().enumerate() {
        let from = s.elements[e].hex.expect("standing");
        let Some(dest) = shifted(s, e, from0, to) else {
            return Err(refuse(format!(
                "{} would leave the map: every element of a group moves \"parallel\" and \
                 \"the same distance\"",
                id(s, e)
            )));
        };
        if !reaches[i].contains(dest) {
            return Err(refuse(format!(
                "{} cannot reach {}: each element moves \"the same distance\", the group's \
                 speed \"that of its slowest element\" (its paces by the ground, VV 5.3 \
                 interpenetration, VV 6 zones of control)",
                id(s, e),
                setup.name(dest)
            )));
        }
        let strategic = movement::strategic(s, e, from, dest);
        let before = movement::may_move_now(s, e, strategic)?;
        if board.contact(dest) {
            movement::contact_checks(s, e, dest, facing)?;
        } else {
            movement::zone_alignment(s, e, board.zone_owners(dest), dest, facing)?;
        }
        steps.push(Step {
            element: e,
            to: dest,
            strategic,
            before,
        });
    }
    Ok(steps)
}

/// Each element's reach on the lifted board for `facing`, in the members' order.
pub fn reaches(s: &State, board: &Board, members: &[usize], facing: Facing) -> Vec<Reach> {
    members
        .iter()
        .map(|&e| movement::reach_of(board, s, e, Some(facing)))
        .collect()
}

/// VV 5.2: the group `members` moves in parallel, its first element to `to`, facing `facing`.
pub fn move_group(
    s: &mut State,
    members: &[usize],
    to: HexCoord,
    facing: Facing,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    check(s, members)?;
    let ap = cost(s, members)?;
    let first = members[0];
    let c = s.setup().elements[first]
        .corps
        .expect("a troop element's corps");
    if s.corps[c].ap < ap {
        return Err(refuse(format!(
            "corps {} has {} AP left; the group of {} needs {ap}",
            s.setup().corps[c].id,
            s.corps[c].ap,
            id(s, first)
        )));
    }
    let board = Board::new(s, side(s, first)).without(s, members);
    let reaches = reaches(s, &board, members, facing);
    let steps = plan(s, &board, members, &reaches, to, facing)?;
    s.corps[c].ap -= ap;
    let carried = members.iter().any(|&e| s.elements[e].carried);
    for &e in members {
        s.elements[e].carried = false;
    }
    let paid = if carried {
        "free: carried by its general's free move, VV 5.7".to_string()
    } else {
        format!("{ap} AP, VV 5.2")
    };
    note(
        ev,
        format!(
            "The group of {} moves in parallel ({paid})",
            members
                .iter()
                .map(|&e| id(s, e).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    let paths: Vec<Path> = steps
        .iter()
        .zip(&reaches)
        .map(|(st, r)| r.path(st.to).expect("planned"))
        .collect();
    for st in &steps {
        s.elements[st.element].hex = None;
    }
    for (st, path) in steps.into_iter().zip(&paths) {
        movement::settle(
            s,
            st.element,
            st.to,
            facing,
            path,
            st.strategic,
            st.before,
            ev,
        );
    }
    Ok(())
}

/// The groups the legal list offers: the maximal lines of the active player's elements, each
/// the elements joined by touching pairs of one corps and one facing, neither ahead of the
/// other, each free to act, a troop element, not in square and not done for the phase; of two
/// elements or more and passing [`check`]; the elements in their index order.
pub fn lines(s: &State) -> Vec<Vec<usize>> {
    let setup = s.setup();
    let me = s.active();
    let n = s.elements.len();
    let ok: Vec<bool> = (0..n)
        .map(|e| {
            standing(s, e)
                && side(s, e) == me
                && member(s, e).is_ok()
                && !matches!(s.elements[e].acted, Acted::Done | Acted::Moved)
        })
        .collect();
    let hex = |e: usize| s.elements[e].hex.expect("standing");
    let linked = |a: usize, b: usize| {
        setup.elements[a].corps == setup.elements[b].corps
            && s.elements[a].facing == s.elements[b].facing
            && distance(s, hex(a), hex(b)) == 1
            && !in_column(s, a, b)
    };
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for e in 0..n {
        if !ok[e] || seen[e] {
            continue;
        }
        seen[e] = true;
        let mut group = vec![e];
        let mut i = 0;
        while i < group.len() {
            let a = group[i];
            for b in 0..n {
                if ok[b] && !seen[b] && linked(a, b) {
                    seen[b] = true;
                    group.push(b);
                }
            }
            i += 1;
        }
        group.sort_unstable();
        if group.len() >= 2 && check(s, &group).is_ok() {
            out.push(group);
        }
    }
    out
}

//! The scenario's scripted events (src/scenario/events.rs) in Age of Rifles: every kind of
//! the format. AoR 2.1 leaves leaders, their ratings and who commands which formation to the
//! scenario ("given in scenario notes"), and AoR 9 brings reinforcements at the turns the
//! scenario gives: a scripted event is the scenario changing these at a game-turn.
//!
//! Kepi's readings:
//! - `leader_leaves`: the leader is out of the game for good (not AoR 11's death: he never
//!   comes back). His formation and the formations he commanded keep him, absent (so they are
//!   out of his command range, AoR 12.1), until another event gives them another.
//! - `leader_replaced`: the new man takes the leader's role (or the role given), the formation
//!   he led and the formations he commanded, with the rating given (AoR 2.1). A leader new to
//!   the game comes where the leader is: in his hex, with his group if it has not arrived, or,
//!   when the leader has left, with the first unit on the map of the formations he now leads or
//!   commands. The replaced leader stays in the game with no command unless he has left.
//! - `formation_commander`: the formation's Overall or Wing Commander (AoR 12) or its
//!   formation leader (AoR 2.1) becomes another.
//! - `arrives`: a unit, a group or a leader (`unit` may name one) enters as AoR 9 says, at the
//!   first of the hexes with room; a leader is placed in the first hex.
//! - `leaves`: the unit or the group's units leave the map for good, as a unit that exits does
//!   (AoR 5.6: no loss), but from no exit area, so no `exit` condition counts them.
//! - `changes`: a unit's `strength` (its front side), `morale` (AoR 2.2) or `movement`, or a
//!   leader's `rating` (AoR 2.1), becomes the number given.
//!
//! The events happen, in order, at the start of their game-turn before its reinforcements
//! arrive (AoR 4.1, 9), or at its end after Disruption Removal (AoR 4.4) and before supply and
//! victory (AoR 17, 18). What they change of the units', leaders' and formations' definitions
//! is the setup's: the state counts the events that have happened (`State::scripted`), and a
//! snapshot read back has its setup rebuilt from the root's ([`setup_after`]).

use super::losses::note;
use super::section::{Role, SideSection};
use super::setup::{Ix, LeaderDef, Setup};
use super::state::{Event, LeaderLoc, Loc, State};
use crate::problems::Problems;
use crate::scenario::ScenarioFile;
use crate::scenario::events::{EventAction, EventTime, EventValue, Piece};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The kinds Age of Rifles plays, with the rule case each applies.
pub const KINDS: [(&str, &str); 7] = [
    ("note", "AoR 2.1"),
    ("leader_leaves", "AoR 2.1, 11"),
    ("leader_replaced", "AoR 2.1, 12"),
    ("formation_commander", "AoR 2.1, 12"),
    ("arrives", "AoR 9"),
    ("leaves", "AoR 5.6"),
    ("changes", "AoR 2.1, 2.2"),
];

/// A unit's or a leader's value a `changes` event may set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Strength,
    Morale,
    Movement,
    Rating,
}

const VALUES: &str = "strength, morale, movement (units) or rating (leaders)";

/// What an event does, on the setup's indices.
#[derive(Clone, Debug)]
pub enum Act {
    Note,
    LeaderLeaves {
        leader: usize,
    },
    LeaderReplaced {
        leader: usize,
        by: usize,
        role: Option<Role>,
        rating: Option<u32>,
    },
    FormationCommander {
        formation: usize,
        commander: Option<usize>,
        leader: Option<usize>,
    },
    Arrives {
        side: usize,
        units: Vec<usize>,
        leaders: Vec<usize>,
        hexes: Vec<Ix>,
    },
    Leaves {
        units: Vec<usize>,
    },
    Changes {
        units: Vec<usize>,
        leaders: Vec<usize>,
        value: Value,
        to: u32,
    },
}

/// A scripted event of the game, in the order they happen.
#[derive(Clone, Debug)]
pub struct Scripted {
    pub turn: u32,
    pub at: EventTime,
    pub text: String,
    pub act: Act,
}

fn role(word: &str) -> Option<Role> {
    match word {
        "overall" => Some(Role::Overall),
        "wing" => Some(Role::Wing),
        "formation" => Some(Role::Formation),
        _ => None,
    }
}

/// The names the scenario's events give, checked against the sides' sections (each `None`
/// when it did not read), every problem naming its field. Leaders an earlier
/// `leader_replaced` brings into the game may be named by the events after it.
pub fn check(file: &ScenarioFile, sections: &[Option<SideSection>], p: &mut Problems) {
    let mut brought: Vec<BTreeSet<String>> = vec![BTreeSet::new(); file.sides.len()];
    for (i, e) in crate::scenario::events::in_order(file) {
        let f = format!("events[{i}].does");
        let Some(side) = e.does.side() else { continue };
        let Some(si) = file.sides.iter().position(|s| s.id == side) else {
            continue; // said by the common checks
        };
        let Some(Some(sec)) = sections.get(si) else {
            continue;
        };
        let leader_ok =
            |id: &str, brought: &BTreeSet<String>| sec.leader(id).is_some() || brought.contains(id);
        let no_leader = |id: &str| {
            format!(
                "no leader '{id}' on this side; its leaders: {}",
                sec.leaders
                    .iter()
                    .map(|l| l.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let groups: BTreeSet<&str> = sec.formations.iter().map(|x| x.group()).collect();
        match &e.does {
            EventAction::Note => {}
            EventAction::LeaderLeaves { leader, .. } => {
                if !leader_ok(leader, &brought[si]) {
                    p.push(format!("{f}.leader"), no_leader(leader));
                }
            }
            EventAction::LeaderReplaced { leader, by, .. } => {
                if !leader_ok(leader, &brought[si]) {
                    p.push(format!("{f}.leader"), no_leader(leader));
                }
                let new = !leader_ok(&by.id, &brought[si]);
                if new {
                    if !crate::map::valid_id(&by.id) {
                        p.push(
                            format!("{f}.by.id"),
                            format!(
                                "'{}' is not an id (lower-case letters, digits and '-')",
                                by.id
                            ),
                        );
                    }
                    if sec.units.iter().any(|u| u.id == by.id) || sec.formation(&by.id).is_some() {
                        p.push(
                            format!("{f}.by.id"),
                            format!(
                                "'{}' is a unit or formation of this side, not a leader",
                                by.id
                            ),
                        );
                    }
                    if by.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
                        p.push(
                            format!("{f}.by.name"),
                            format!(
                                "'{}' is a new leader (no leader of this side has the id): give \
                                 his name",
                                by.id
                            ),
                        );
                    }
                    if by.rating.is_none() {
                        p.push(
                            format!("{f}.by.rating"),
                            format!(
                                "'{}' is a new leader: give his rating (AoR 2.1: \"given in \
                                 scenario notes\")",
                                by.id
                            ),
                        );
                    }
                    brought[si].insert(by.id.clone());
                } else if by.name.is_some() {
                    p.push(
                        format!("{f}.by.name"),
                        format!(
                            "'{}' is a leader of this side already: he keeps his name",
                            by.id
                        ),
                    );
                }
                if let Some(r) = by.rating
                    && r > 6
                {
                    p.push(
                        format!("{f}.by.rating"),
                        format!("rating {r} is outside 0 to 6 (AoR 2.1, 12.4)"),
                    );
                }
                if let Some(r) = &by.role
                    && role(r).is_none()
                {
                    p.push(
                        format!("{f}.by.role"),
                        format!("'{r}' is not a role of AoR 2.1: overall, wing or formation"),
                    );
                }
            }
            EventAction::FormationCommander {
                formation,
                commander,
                leader,
                ..
            } => {
                if sec.formation(formation).is_none() {
                    p.push(
                        format!("{f}.formation"),
                        format!(
                            "no formation '{formation}' on this side; its formations: {}",
                            sec.formations
                                .iter()
                                .map(|x| x.id.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
                if commander.is_none() && leader.is_none() {
                    p.push(
                        format!("{f}.commander"),
                        "name the new `commander`, the new `leader`, or both",
                    );
                }
                for (key, id) in [("commander", commander), ("leader", leader)] {
                    if let Some(id) = id
                        && !leader_ok(id, &brought[si])
                    {
                        p.push(format!("{f}.{key}"), no_leader(id));
                    }
                }
            }
            EventAction::Arrives { .. }
            | EventAction::Leaves { .. }
            | EventAction::Changes { .. } => {
                let is_leader = |id: &str| leader_ok(id, &brought[si]);
                match e.does.piece() {
                    Some(Piece::Unit(u)) => {
                        let unit = sec.units.iter().any(|x| x.id == u);
                        let allowed_leader = !matches!(e.does, EventAction::Leaves { .. });
                        if !(unit || (allowed_leader && is_leader(u))) {
                            p.push(
                                format!("{f}.unit"),
                                format!(
                                    "no unit '{u}' on this side{}",
                                    if allowed_leader {
                                        " (nor a leader)"
                                    } else {
                                        ""
                                    }
                                ),
                            );
                        }
                    }
                    Some(Piece::Group(g)) if !groups.contains(g) => {
                        p.push(
                            format!("{f}.group"),
                            format!(
                                "no group '{g}' on this side; its groups: {}",
                                groups.iter().copied().collect::<Vec<_>>().join(", ")
                            ),
                        );
                    }
                    // A group of the side; neither or both named: said by the common checks.
                    Some(Piece::Group(_)) | None => {}
                }
                if let EventAction::Changes {
                    value, to, unit, ..
                } = &e.does
                {
                    let leader = unit.as_deref().is_some_and(is_leader);
                    let v = match value.as_str() {
                        "strength" => Some(Value::Strength),
                        "morale" => Some(Value::Morale),
                        "movement" => Some(Value::Movement),
                        "rating" => Some(Value::Rating),
                        _ => None,
                    };
                    match v {
                        None => p.push(
                            format!("{f}.value"),
                            format!("'{value}' is not a value an event changes: {VALUES}"),
                        ),
                        Some(Value::Rating) if !leader => p.push(
                            format!("{f}.value"),
                            "only a leader has a rating (AoR 2.1): name him in `unit`",
                        ),
                        Some(v) if v != Value::Rating && leader => p.push(
                            format!("{f}.value"),
                            format!(
                                "a leader's only value an event changes is his rating, not {value}"
                            ),
                        ),
                        Some(v) => {
                            let range = match v {
                                Value::Morale => 1..=6,
                                Value::Rating => 0..=6,
                                _ => 1..=99,
                            };
                            match to {
                                EventValue::Number(n) if range.contains(n) => {}
                                _ => p.push(
                                    format!("{f}.to"),
                                    format!(
                                        "{value} is a whole number from {} to {}",
                                        range.start(),
                                        range.end()
                                    ),
                                ),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The leaders the events bring into the game, appended to the setup's (AoR 2.1): not in play
/// until their event ([`start_loc`]). Then the events on the setup's indices. Called by
/// `setup::build` once the scenario's own leaders, formations and units are numbered.
pub fn build(file: &ScenarioFile, sides: &[(String, String, String); 2], setup: &mut Setup) {
    let side_of = |id: &str| sides.iter().position(|s| s.0 == id).expect("checked");
    let mut out = Vec::new();
    for (_, e) in crate::scenario::events::in_order(file) {
        let leader = |setup: &Setup, side: usize, id: &str| {
            setup
                .leaders
                .iter()
                .position(|l| l.side == side && l.id == id)
                .expect("checked")
        };
        let units_of = |setup: &Setup, side: usize, piece: Piece<'_>| -> (Vec<usize>, Vec<usize>) {
            match piece {
                Piece::Unit(id) => match setup
                    .units
                    .iter()
                    .position(|u| u.side == side && u.id == id)
                {
                    Some(u) => (vec![u], Vec::new()),
                    None => (Vec::new(), vec![leader(setup, side, id)]),
                },
                Piece::Group(g) => (
                    (0..setup.units.len())
                        .filter(|&u| {
                            setup.units[u].side == side
                                && setup.formations[setup.units[u].formation].group == g
                        })
                        .collect(),
                    (0..setup.leaders.len())
                        .filter(|&l| setup.leaders[l].side == side && setup.leaders[l].group == g)
                        .collect(),
                ),
            }
        };
        let act = match &e.does {
            EventAction::Note => Act::Note,
            EventAction::LeaderLeaves { side, leader: l } => Act::LeaderLeaves {
                leader: leader(setup, side_of(side), l),
            },
            EventAction::LeaderReplaced {
                side,
                leader: l,
                by,
            } => {
                let side = side_of(side);
                let old = leader(setup, side, l);
                let existing = setup
                    .leaders
                    .iter()
                    .position(|x| x.side == side && x.id == by.id);
                let by_ix = match existing {
                    Some(b) => b,
                    None => {
                        let d = &setup.leaders[old];
                        let new = LeaderDef {
                            id: by.id.clone(),
                            name: by.name.clone().unwrap_or_default(),
                            side,
                            role: by.role.as_deref().and_then(role).unwrap_or(d.role),
                            rating: by.rating.unwrap_or(d.rating),
                            movement: d.movement,
                            formation: None,
                            group: d.group.clone(),
                            scripted: true,
                        };
                        setup.leaders.push(new);
                        setup.leaders.len() - 1
                    }
                };
                Act::LeaderReplaced {
                    leader: old,
                    by: by_ix,
                    role: by.role.as_deref().and_then(role),
                    rating: by.rating,
                }
            }
            EventAction::FormationCommander {
                side,
                formation,
                commander,
                leader: l,
            } => {
                let side = side_of(side);
                Act::FormationCommander {
                    formation: setup
                        .formations
                        .iter()
                        .position(|x| x.side == side && &x.id == formation)
                        .expect("checked"),
                    commander: commander.as_deref().map(|c| leader(setup, side, c)),
                    leader: l.as_deref().map(|c| leader(setup, side, c)),
                }
            }
            EventAction::Arrives { side, hexes, .. } => {
                let side = side_of(side);
                let (units, leaders) = units_of(setup, side, e.does.piece().expect("checked"));
                Act::Arrives {
                    side,
                    units,
                    leaders,
                    hexes: hexes
                        .iter()
                        .map(|h| setup.parse(h).expect("checked"))
                        .collect(),
                }
            }
            EventAction::Leaves { side, .. } => {
                let side = side_of(side);
                Act::Leaves {
                    units: units_of(setup, side, e.does.piece().expect("checked")).0,
                }
            }
            EventAction::Changes {
                side, value, to, ..
            } => {
                let side = side_of(side);
                let (units, leaders) = units_of(setup, side, e.does.piece().expect("checked"));
                Act::Changes {
                    units,
                    leaders,
                    value: match value.as_str() {
                        "strength" => Value::Strength,
                        "morale" => Value::Morale,
                        "movement" => Value::Movement,
                        _ => Value::Rating,
                    },
                    to: match to {
                        EventValue::Number(n) => *n,
                        EventValue::Word(_) => 0, // refused by the check
                    },
                }
            }
        };
        out.push(Scripted {
            turn: e.turn,
            at: e.at,
            text: e.text.clone(),
            act,
        });
    }
    setup.scripted = out;
}

/// Where a leader is when the game starts: one an event brings is not in play until it does.
pub fn start_loc(d: &LeaderDef) -> LeaderLoc {
    if d.scripted {
        LeaderLoc::Gone
    } else {
        LeaderLoc::Off
    }
}

/// What an event changes of the setup's definitions (AoR 2.1: roles, who leads and commands
/// which formation; a unit's values). Returns false when it changes none.
fn modify(setup: &mut Setup, act: &Act) -> bool {
    match act {
        Act::LeaderReplaced {
            leader, by, role, ..
        } => {
            let (old, by) = (*leader, *by);
            let new_role = role.unwrap_or(setup.leaders[old].role);
            for f in 0..setup.formations.len() {
                if setup.formations[f].leader == old {
                    setup.formations[f].leader = by;
                    setup.leaders[by].formation = Some(f);
                    setup.leaders[old].formation = None;
                }
                if setup.formations[f].commander == old {
                    setup.formations[f].commander = by;
                }
            }
            setup.leaders[by].role = new_role;
            true
        }
        Act::FormationCommander {
            formation,
            commander,
            leader,
        } => {
            let f = *formation;
            if let Some(c) = commander {
                setup.formations[f].commander = *c;
            }
            if let Some(l) = leader {
                let old = setup.formations[f].leader;
                if setup.leaders[old].formation == Some(f) {
                    setup.leaders[old].formation = None;
                }
                setup.formations[f].leader = *l;
                setup.leaders[*l].formation = Some(f);
            }
            true
        }
        Act::Changes {
            units, value, to, ..
        } if *value != Value::Rating => {
            for &u in units {
                let d = &mut setup.units[u];
                match value {
                    Value::Strength => {
                        d.strength = *to;
                        if let Some(r) = d.reduced_strength {
                            d.reduced_strength = Some(r.min(*to));
                        }
                    }
                    Value::Morale => d.morale = *to,
                    Value::Movement => d.movement = *to,
                    Value::Rating => {}
                }
            }
            true
        }
        _ => false,
    }
}

/// The setup of a position after `from` and before `to` of the events have happened, from the
/// setup after `from` (a snapshot read back onto its root's setup).
pub fn setup_after(setup: &Arc<Setup>, from: u32, to: u32) -> Arc<Setup> {
    if to <= from {
        return setup.clone();
    }
    let mut next = (**setup).clone();
    let acts: Vec<Act> = setup
        .scripted
        .get(from as usize..(to as usize).min(setup.scripted.len()))
        .unwrap_or_default()
        .iter()
        .map(|e| e.act.clone())
        .collect();
    let mut changed = false;
    for a in &acts {
        changed |= modify(&mut next, a);
    }
    if changed {
        Arc::new(next)
    } else {
        setup.clone()
    }
}

/// The events of the current game-turn at `at` that have not happened yet, in order: each
/// noted in words and done.
pub fn happen(s: &mut State, at: EventTime, events: &mut Vec<Event>) {
    loop {
        let setup = s.arc();
        let Some(e) = setup.scripted.get(s.scripted as usize) else {
            return;
        };
        if e.turn != s.turn || e.at != at {
            return;
        }
        s.scripted += 1;
        events.push(Event::Scripted {
            turn: e.turn,
            at: at.words().to_string(),
            text: e.text.clone(),
        });
        let mut next = (*setup).clone();
        if modify(&mut next, &e.act) {
            s.setup = Some(Arc::new(next));
        }
        let setup = s.arc();
        match &e.act {
            Act::Note | Act::FormationCommander { .. } => {}
            Act::LeaderLeaves { leader } => {
                s.leaders[*leader].loc = LeaderLoc::Gone;
                note(
                    events,
                    format!("{} leaves the game", setup.leaders[*leader].name),
                );
            }
            Act::LeaderReplaced {
                leader, by, rating, ..
            } => {
                let (old, by) = (*leader, *by);
                if let Some(r) = rating {
                    s.leaders[by].rating = *r;
                }
                if s.leaders[by].loc == LeaderLoc::Gone && setup.leaders[by].scripted {
                    s.leaders[by].loc = match s.leaders[old].loc {
                        LeaderLoc::At(h) => LeaderLoc::At(h),
                        LeaderLoc::Off => LeaderLoc::Off,
                        LeaderLoc::Gone | LeaderLoc::Dead { .. } => with_his_units(s, by),
                    };
                }
                note(
                    events,
                    format!(
                        "{} takes {}'s place as {} (rated {})",
                        setup.leaders[by].name,
                        setup.leaders[old].name,
                        role_words(setup.leaders[by].role),
                        s.leaders[by].rating
                    ),
                );
            }
            Act::Arrives {
                side,
                units,
                leaders,
                hexes,
            } => {
                let units: Vec<usize> = units
                    .iter()
                    .copied()
                    .filter(|&u| s.units[u].loc == Loc::Off)
                    .collect();
                let first = super::sequence::arrive_units(s, *side, &units, hexes, events);
                for &l in leaders {
                    if s.leaders[l].loc == LeaderLoc::Off {
                        // With the first unit that came, else the first hex no enemy unit
                        // holds (AoR 11: a leader alone with the enemy is no reading here).
                        let ctx = super::position::Ctx::new(s);
                        let free = hexes
                            .iter()
                            .copied()
                            .find(|&h| !ctx.enemy_in(setup.leaders[l].side, h));
                        drop(ctx);
                        let at = first.or(free);
                        if let Some(h) = at {
                            s.leaders[l].loc = LeaderLoc::At(h);
                            note(
                                events,
                                format!(
                                    "{} arrives in {} (AoR 9)",
                                    setup.leaders[l].name,
                                    setup.name(h)
                                ),
                            );
                        }
                    }
                }
            }
            Act::Leaves { units } => {
                for &u in units {
                    if matches!(s.units[u].loc, Loc::At(_) | Loc::Off) {
                        s.units[u].loc = Loc::Exited;
                        note(events, format!("{} leaves the game", setup.units[u].name));
                    }
                }
            }
            Act::Changes {
                units,
                leaders,
                value,
                to,
            } => {
                if *value == Value::Rating {
                    for &l in leaders {
                        s.leaders[l].rating = *to;
                        note(
                            events,
                            format!("{} is rated {to} (AoR 2.1)", setup.leaders[l].name),
                        );
                    }
                } else {
                    for &u in units {
                        note(
                            events,
                            format!(
                                "{}'s {} is {to}",
                                setup.units[u].name,
                                match value {
                                    Value::Strength => "strength",
                                    Value::Morale => "morale (AoR 2.2)",
                                    _ => "movement",
                                }
                            ),
                        );
                    }
                }
            }
        }
    }
}

/// A leader who comes when the man he replaces has left: with the first unit on the map of the
/// formations he leads or commands (as AoR 11 brings a dead leader back), else off the map.
fn with_his_units(s: &State, l: usize) -> LeaderLoc {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| {
            let f = &setup.formations[setup.units[u].formation];
            f.leader == l || f.commander == l
        })
        .find_map(|u| match s.units[u].loc {
            Loc::At(h) => Some(LeaderLoc::At(h)),
            _ => None,
        })
        .unwrap_or(LeaderLoc::Off)
}

fn role_words(r: Role) -> &'static str {
    match r {
        Role::Overall => "Overall Commander",
        Role::Wing => "Wing Commander",
        Role::Formation => "formation leader",
    }
}

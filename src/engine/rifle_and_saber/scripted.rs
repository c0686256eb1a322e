//! The scenario's scripted events (src/scenario/events.rs) in Rifle & Saber. R&S 11.0 gives
//! each scenario its forces, their morale and their reinforcements; a scripted event is the
//! scenario changing these at a game-turn. Rifle & Saber has no leaders and no formations, and
//! its scenarios give units by type in groups (the order of battle's formula), not by name, so
//! it plays:
//! - `note`: the text, told to the players;
//! - `arrives`: a group's units still off the map are placed in the first of the event's hexes
//!   where they stay within the stacking limit (R&S 7.0: 6 points) and no enemy unit stands
//!   (Kepi's reading; the others wait, off the map, and are said to);
//! - `leaves`: a group's units leave the game for good: not eliminated (no loss of strength
//!   for R&S 10.1) and not exited (no `exit` condition counts them);
//! - `changes`: a group's `morale` (R&S 10.1: `high`, `normal` or `demoralized`) becomes the
//!   level given, and moves with its side's from then on as a group's own level does.
//!
//! They happen, in order, at the start of their game-turn's first player-turn, and at the end
//! of its second player-turn before the game-turn is scored (R&S 3.0, 11.0).

use super::command::Event;
use super::ctx::{Ctx, morale_index, morale_shift};
use super::scenario::Morale;
use super::state::{Location, UnitId};
use crate::map::HexCoord;
use crate::problems::Problems;
use crate::scenario::events::{EventAction, EventTime, EventValue, Piece};
use crate::scenario::{Forces, ScenarioFile};

/// The kinds Rifle & Saber plays, with the rule case each applies.
pub const KINDS: [(&str, &str); 4] = [
    ("note", "R&S 11.0"),
    ("arrives", "R&S 11.0, 7.0"),
    ("leaves", "R&S 11.0"),
    ("changes", "R&S 10.1"),
];

#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    Note,
    Arrives {
        units: Vec<UnitId>,
        hexes: Vec<HexCoord>,
    },
    Leaves {
        units: Vec<UnitId>,
    },
    Morale {
        side: usize,
        group: String,
        to: Morale,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scripted {
    pub turn: u32,
    pub at: EventTime,
    pub text: String,
    pub act: Act,
}

fn morale(word: &str) -> Option<Morale> {
    match word {
        "high" => Some(Morale::High),
        "normal" => Some(Morale::Normal),
        "demoralized" => Some(Morale::Demoralized),
        _ => None,
    }
}

/// The names the events give, against the groups the sides' forces read (`forces`), every
/// problem naming its field.
pub fn check(file: &ScenarioFile, forces: &Forces, p: &mut Problems) {
    for (i, e) in file.events.iter().enumerate() {
        let f = format!("events[{i}].does");
        let Some(side) = e.does.side() else { continue };
        let Some(si) = file.sides.iter().position(|s| s.id == side) else {
            continue;
        };
        let Some(Some(sf)) = forces.sides.get(si) else {
            continue;
        };
        let groups: Vec<&str> = sf
            .groups
            .iter()
            .filter_map(|g| g.label.as_deref())
            .collect();
        match e.does.piece() {
            Some(Piece::Unit(_)) => p.push(
                format!("{f}.unit"),
                "a Rifle & Saber scenario gives its units by type in groups (R&S 11.0), not by \
                 name: name the unit's group in `group`",
            ),
            Some(Piece::Group(g)) if !groups.contains(&g) => p.push(
                format!("{f}.group"),
                format!(
                    "no group '{g}' on this side; its groups: {}",
                    if groups.is_empty() {
                        "none (its order of battle has no (a), (b) ...)".to_string()
                    } else {
                        groups.join(", ")
                    }
                ),
            ),
            _ => {}
        }
        if let EventAction::Changes { value, to, .. } = &e.does {
            if value != "morale" {
                p.push(
                    format!("{f}.value"),
                    format!(
                        "'{value}' is not a value a Rifle & Saber event changes: morale (R&S 10.1)"
                    ),
                );
            } else if !matches!(to, EventValue::Word(w) if morale(w).is_some()) {
                p.push(
                    format!("{f}.to"),
                    "a morale level of R&S 10.1: high, normal or demoralized",
                );
            }
        }
    }
}

/// The events on the setup's units and hexes, in the order they happen.
pub fn build(
    file: &ScenarioFile,
    grid: &crate::map::Grid,
    units: &[super::setup::UnitSetup],
    side_of: impl Fn(&str) -> usize,
) -> Vec<Scripted> {
    crate::scenario::events::in_order(file)
        .into_iter()
        .map(|(_, e)| {
            let group_units = |side: usize| -> Vec<UnitId> {
                let g = match e.does.piece() {
                    Some(Piece::Group(g)) => g,
                    _ => return Vec::new(),
                };
                (0..units.len())
                    .filter(|&u| units[u].side == side && units[u].group.as_deref() == Some(g))
                    .collect()
            };
            let act = match &e.does {
                EventAction::Arrives { side, hexes, .. } => Act::Arrives {
                    units: group_units(side_of(side)),
                    hexes: hexes
                        .iter()
                        .map(|h| grid.parse(h).expect("checked on the map"))
                        .collect(),
                },
                EventAction::Leaves { side, .. } => Act::Leaves {
                    units: group_units(side_of(side)),
                },
                EventAction::Changes {
                    side, group, to, ..
                } => Act::Morale {
                    side: side_of(side),
                    group: group.clone().unwrap_or_default(),
                    to: match to {
                        EventValue::Word(w) => morale(w).unwrap_or_default(),
                        EventValue::Number(_) => Morale::Normal,
                    },
                },
                _ => Act::Note,
            };
            Scripted {
                turn: e.turn,
                at: e.at,
                text: e.text.clone(),
                act,
            }
        })
        .collect()
}

impl Ctx<'_> {
    /// The events of the current game-turn at `at` that have not happened yet, in order.
    pub(super) fn scripted_events(&mut self, at: EventTime) {
        let setup = self.s.setup.clone();
        while let Some(e) = setup.scripted.get(self.s.scripted as usize) {
            if e.turn != self.s.turn || e.at != at {
                return;
            }
            self.s.scripted += 1;
            let mut did = Vec::new();
            match &e.act {
                Act::Note => {}
                Act::Arrives { units, hexes } => {
                    for &u in units {
                        if self.s.units[u].location != Location::Off {
                            continue;
                        }
                        let side = self.s.side_of(u);
                        let points = self.s.kind(u).stacking;
                        // R&S 7.0: within 6 stacking points; no hex of the enemy's.
                        let at = hexes.iter().copied().find(|&h| {
                            self.s.occupant(h).is_none_or(|o| o == side)
                                && self.s.stacking_points(h) + points
                                    <= super::movement::STACKING_LIMIT
                        });
                        match at {
                            Some(h) => {
                                self.s.units[u].location = Location::Hex(h);
                                self.to_top(u);
                                did.push(format!("{} arrives in {}", self.label(u), self.name(h)));
                            }
                            None => did.push(format!(
                                "{} finds no hex with room (R&S 7.0) and stays off the map",
                                self.label(u)
                            )),
                        }
                    }
                }
                Act::Leaves { units } => {
                    for &u in units {
                        if matches!(self.s.units[u].location, Location::Hex(_) | Location::Off) {
                            self.s.units[u].location = Location::Withdrawn;
                            did.push(format!("{} leaves the game", self.label(u)));
                        }
                    }
                }
                Act::Morale { side, group, to } => {
                    // The group's own level from now on, moving with its side's (R&S 10.1
                    // (5)): kept as the level it would have started at.
                    let shift = if setup.options.morale {
                        morale_shift(&self.s, *side)
                    } else {
                        0
                    };
                    let base = morale_index(*to) - shift;
                    self.s
                        .morale_set
                        .retain(|(s, g, _)| !(*s == *side && g == group));
                    self.s.morale_set.push((*side, group.clone(), base));
                    did.push(format!(
                        "{} group ({group}) is at {} morale (R&S 10.1)",
                        setup.sides[*side].name,
                        format!("{to:?}").to_lowercase()
                    ));
                }
            }
            self.events.push(Event::Scripted {
                turn: e.turn,
                at: at.words().to_string(),
                text: e.text.clone(),
                did,
            });
        }
    }
}

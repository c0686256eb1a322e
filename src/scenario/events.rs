//! Scripted events of a scenario (`events`): what happens at the start or the end of a given
//! game-turn whatever the players do, for every rule system: a leader leaves or is replaced by
//! another with his rating and role, a formation changes commander or leader, a unit or a group
//! arrives, leaves or changes a value, and a note shown to the players.
//!
//! ```json
//! "events": [
//!   { "turn": 3, "at": "end", "text": "Reynolds is killed at the edge of Herbst Woods.",
//!     "does": { "kind": "leader_leaves", "side": "union", "leader": "reynolds" } },
//!   { "turn": 4, "at": "start", "text": "Howard takes command of the field.",
//!     "does": { "kind": "leader_replaced", "side": "union", "leader": "reynolds",
//!               "by": { "id": "howard", "rating": 2 } } }
//! ]
//! ```
//!
//! The format is Kepi's; what each kind does is its rule system's. A system lists the kinds it
//! plays ([`crate::engine::Ruleset::event_kinds`], each with the rule case it applies them
//! under); validation refuses any other kind naming the field (`events[2].does.kind`), and the
//! system checks the names an event gives (its leaders, formations, units, groups, values) when
//! it reads its sections. Events happen in the file's order among those of the same game-turn
//! and time; a game records what they did among the events of the command that reached them,
//! so a replay gives the same states.
//!
//! Invariants of a validated scenario's events: each `turn` is a game-turn of the game; each
//! `side` is one of the scenario's sides; `arrives`, `leaves` and `changes` name exactly one of
//! `unit` and `group`; `arrives` gives at least one hex, each on the map; the kind is one the
//! system plays.

use crate::map::Map;
use crate::problems::Problems;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ScenarioFile;

/// When in its game-turn an event happens.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EventTime {
    /// Before anything else of the game-turn (before its reinforcements arrive).
    Start,
    /// After everything else of the game-turn, before it is scored.
    End,
}

impl EventTime {
    pub fn words(self) -> &'static str {
        match self {
            EventTime::Start => "start",
            EventTime::End => "end",
        }
    }
}

/// One scripted event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScriptedEvent {
    /// The game-turn it happens in (1 to the game's length).
    #[schemars(range(min = 1))]
    pub turn: u32,
    /// At the start of the game-turn or at its end.
    pub at: EventTime,
    /// What the players are told when it happens.
    pub text: String,
    /// What it does (`note`: nothing but tell).
    pub does: EventAction,
}

/// A leader taking another's place: an existing leader of the side by `id`, or a new one (his
/// `name` and `rating` then required).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLeader {
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    /// A new leader's name (an existing leader keeps his).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// His rating from now on (an existing leader keeps his own when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// His role from now on, in the rule system's words; the replaced leader's when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

/// What an event does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EventAction {
    /// Nothing but the text, shown to the players.
    Note,
    /// The leader leaves the game for good (killed, wounded, called away). The formations he
    /// led or commanded keep him as their leader or commander, absent, until another event
    /// gives them one.
    LeaderLeaves { side: String, leader: String },
    /// `by` takes `leader`'s place: his role (or `by.role`), the formation he led and the
    /// formations he commanded, with `by.rating`. A new leader comes where `leader` is (his
    /// hex, or with his group when he is not on the map yet); `leader` keeps no place, and
    /// stays in the game unless he has left or another event takes him out.
    LeaderReplaced {
        side: String,
        leader: String,
        by: NewLeader,
    },
    /// The formation's commander (who sends it orders) or its own leader, or both, change.
    FormationCommander {
        side: String,
        formation: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commander: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader: Option<String>,
    },
    /// A unit or a group (with its leaders) comes onto the map at the first of these hexes
    /// with room for it, as the system's reinforcements do.
    Arrives {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        hexes: Vec<String>,
    },
    /// A unit or a group leaves the map for good (no loss, no exit counted).
    Leaves {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
    },
    /// One of a unit's or a group's values, by the system's name for it, becomes `to`.
    Changes {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        value: String,
        to: EventValue,
    },
}

/// A value an event sets: a number or a word ("high").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum EventValue {
    Number(u32),
    Word(String),
}

impl std::fmt::Display for EventValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventValue::Number(n) => write!(f, "{n}"),
            EventValue::Word(w) => f.write_str(w),
        }
    }
}

/// Every kind, as files write it.
pub const KINDS: [&str; 7] = [
    "note",
    "leader_leaves",
    "leader_replaced",
    "formation_commander",
    "arrives",
    "leaves",
    "changes",
];

impl EventAction {
    /// Its kind, as files write it.
    pub fn kind(&self) -> &'static str {
        match self {
            EventAction::Note => "note",
            EventAction::LeaderLeaves { .. } => "leader_leaves",
            EventAction::LeaderReplaced { .. } => "leader_replaced",
            EventAction::FormationCommander { .. } => "formation_commander",
            EventAction::Arrives { .. } => "arrives",
            EventAction::Leaves { .. } => "leaves",
            EventAction::Changes { .. } => "changes",
        }
    }

    /// The side it acts on (a note acts on none).
    pub fn side(&self) -> Option<&str> {
        match self {
            EventAction::Note => None,
            EventAction::LeaderLeaves { side, .. }
            | EventAction::LeaderReplaced { side, .. }
            | EventAction::FormationCommander { side, .. }
            | EventAction::Arrives { side, .. }
            | EventAction::Leaves { side, .. }
            | EventAction::Changes { side, .. } => Some(side),
        }
    }

    /// The unit or group of `arrives`, `leaves` and `changes`.
    pub fn piece(&self) -> Option<Piece<'_>> {
        let (unit, group) = match self {
            EventAction::Arrives { unit, group, .. }
            | EventAction::Leaves { unit, group, .. }
            | EventAction::Changes { unit, group, .. } => (unit, group),
            _ => return None,
        };
        match (unit, group) {
            (Some(u), None) => Some(Piece::Unit(u)),
            (None, Some(g)) => Some(Piece::Group(g)),
            _ => None,
        }
    }
}

/// What `arrives`, `leaves` and `changes` act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Unit(&'a str),
    Group(&'a str),
}

/// The scenario's events in the order they happen: by game-turn, the start before the end,
/// then in the file's order. Each with its index in the file.
pub fn in_order(file: &ScenarioFile) -> Vec<(usize, &ScriptedEvent)> {
    let mut out: Vec<(usize, &ScriptedEvent)> = file.events.iter().enumerate().collect();
    out.sort_by_key(|(i, e)| (e.turn, e.at, *i));
    out
}

/// The checks every system shares, each problem naming its field: the game-turn, the text, the
/// side, one of `unit` and `group`, the hexes on the map, and the kind one `kinds` lists (the
/// system's, with the rule case of each; `system` its name).
pub fn check(
    file: &ScenarioFile,
    map: &Map,
    system: &str,
    kinds: &[(&'static str, &'static str)],
    p: &mut Problems,
) {
    for (i, e) in file.events.iter().enumerate() {
        let f = format!("events[{i}]");
        if e.turn == 0 || e.turn > file.game_length {
            p.push(
                format!("{f}.turn"),
                format!(
                    "game-turn {} is not in the game (1 to {})",
                    e.turn, file.game_length
                ),
            );
        }
        if e.text.trim().is_empty() {
            p.push(
                format!("{f}.text"),
                "an event says what happens to the players: its text is empty",
            );
        }
        let kind = e.does.kind();
        if !kinds.iter().any(|(k, _)| *k == kind) {
            let plays: Vec<String> = kinds.iter().map(|(k, c)| format!("{k} ({c})")).collect();
            p.push(
                format!("{f}.does.kind"),
                format!(
                    "{system} has no rule for a '{kind}' event; the kinds it plays: {}",
                    if plays.is_empty() {
                        "none".to_string()
                    } else {
                        plays.join(", ")
                    }
                ),
            );
        }
        if let Some(side) = e.does.side()
            && !file.sides.iter().any(|s| s.id == side)
        {
            p.push(
                format!("{f}.does.side"),
                format!(
                    "no side '{side}'; the sides: {}",
                    file.sides
                        .iter()
                        .map(|s| s.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if matches!(
            e.does,
            EventAction::Arrives { .. } | EventAction::Leaves { .. } | EventAction::Changes { .. }
        ) && e.does.piece().is_none()
        {
            p.push(
                format!("{f}.does.unit"),
                "name one unit (`unit`) or one group (`group`), not both and not neither",
            );
        }
        if let EventAction::Arrives { hexes, .. } = &e.does {
            if hexes.is_empty() {
                p.push(
                    format!("{f}.does.hexes"),
                    "an arrival needs at least one hex to enter at",
                );
            }
            for (j, h) in hexes.iter().enumerate() {
                let on = map.grid.parse(h).filter(|c| map.grid.contains(*c));
                if on.is_none() {
                    p.push(
                        format!("{f}.does.hexes[{j}]"),
                        format!(
                            "'{h}' is not a hex of {} ({})",
                            map.name,
                            map.grid.name_hint()
                        ),
                    );
                }
            }
        }
        if let EventAction::LeaderReplaced { leader, by, .. } = &e.does
            && by.id == *leader
        {
            p.push(
                format!("{f}.does.by.id"),
                format!("{leader} cannot replace himself"),
            );
        }
    }
}

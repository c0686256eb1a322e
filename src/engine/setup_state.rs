//! The glue every system whose position shares its game's fixed part would otherwise write
//! again: a snapshot of what changes, a position restored beside its root's setup, the state as
//! JSON with its hash, and the rolls among a command's events.
//!
//! Invariant: a snapshot holds only what a command may change; the setup (map, units'
//! identities, the tables read, the scenario's hash) is the root's, shared and never serialized,
//! so `restore(root, &snapshot(s))` hashes as `s` does whenever `s` descends from `root`.

use super::dice::Roll;
use super::hash::stable_hash;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A position whose setup is shared (an `Arc` skipped by serde) and whose other fields are
/// what changes.
pub trait SharedSetup: Serialize + DeserializeOwned {
    /// Give `self`, a position just read from a snapshot, the setup of `root`.
    fn share_setup_of(&mut self, root: &Self);
}

/// What changes in `state`, as JSON.
pub fn snapshot<S: Serialize>(state: &S) -> String {
    serde_json::to_string(state).expect("states serialize")
}

/// The position of `snapshot`, with the setup of `root` (the game's start).
pub fn restore<S: SharedSetup>(root: &S, snapshot: &str) -> Result<S, String> {
    let mut s: S = serde_json::from_str(snapshot).map_err(|e| e.to_string())?;
    s.share_setup_of(root);
    Ok(s)
}

/// The state as `kepi state` prints it: its fields and its hash.
pub fn state_json<S: Serialize>(state: &S) -> serde_json::Value {
    let mut v = serde_json::to_value(state).expect("states serialize");
    v["hash"] = serde_json::json!(stable_hash(state));
    v
}

/// An event that may carry a roll (a die, or a card drawn: see [`super::deck`]).
pub trait RollEvent {
    fn roll(&self) -> Option<&Roll>;
}

/// The rolls among `events`, in order.
pub fn rolls<E: RollEvent>(events: &[E]) -> Vec<Roll> {
    events.iter().filter_map(|e| e.roll().cloned()).collect()
}

/// The events a system records when it needs no others: a roll, a note in words citing its
/// case, or a scenario's scripted note told. Serialized as `{"type": "rolled", "roll": …}`,
/// `{"type": "note", "text": …}` and `{"type": "scripted", "turn": …, "at": …, "text": …}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Rolled {
        roll: Roll,
    },
    Note {
        text: String,
    },
    /// A scenario's scripted event happened (src/scenario/events.rs): its game-turn, its time
    /// ("start" or "end") and its text.
    Scripted {
        turn: u32,
        at: String,
        text: String,
    },
}

impl RollEvent for Event {
    fn roll(&self) -> Option<&Roll> {
        match self {
            Event::Rolled { roll } => Some(roll),
            Event::Note { .. } | Event::Scripted { .. } => None,
        }
    }
}

/// A scripted event as the play view announces it ("Game-turn 3, end: Dusk."), for
/// [`crate::engine::Ruleset::scripted_words`].
pub fn scripted_words(e: &Event) -> Option<String> {
    match e {
        Event::Scripted { turn, at, text } => Some(format!("Game-turn {turn}, {at}: {text}")),
        _ => None,
    }
}

/// An event in the players' words where it needs no system's own: a note as written, a
/// scripted event with its game-turn, time and "(the scenario's event)"; `None` for a roll,
/// which each system words itself.
pub fn common_words(e: &Event) -> Option<String> {
    match e {
        Event::Note { text } => Some(text.clone()),
        Event::Scripted { .. } => scripted_words(e).map(|w| format!("{w} (the scenario's event)")),
        Event::Rolled { .. } => None,
    }
}

/// The scenario's scripted notes (kind `note`), for a system whose scripted events are notes
/// only: each game-turn, its time and its text, in the order they happen
/// ([`crate::scenario::events::in_order`]). Kept in the system's setup and told by
/// [`tell_notes`]; they change nothing, so no count of them is kept in the state (each time of
/// each game-turn is passed once).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptedNotes(Vec<(u32, crate::scenario::events::EventTime, String)>);

impl ScriptedNotes {
    pub fn of(file: &crate::scenario::ScenarioFile) -> ScriptedNotes {
        ScriptedNotes(
            crate::scenario::events::in_order(file)
                .into_iter()
                .filter(|(_, e)| e.does == crate::scenario::events::EventAction::Note)
                .map(|(_, e)| (e.turn, e.at, e.text.clone()))
                .collect(),
        )
    }

    /// Tell the notes of game-turn `turn` at `at`, in order, among `events`.
    pub fn tell(&self, turn: u32, at: crate::scenario::events::EventTime, events: &mut Vec<Event>) {
        for (t, a, text) in &self.0 {
            if *t == turn && *a == at {
                events.push(Event::Scripted {
                    turn,
                    at: at.words().to_string(),
                    text: text.clone(),
                });
            }
        }
    }
}

/// The kinds a system whose scripted events are notes only plays ([`ScriptedNotes`]), with the
/// case it tells them under: its own rules have no scenario events, so Kepi's format's.
pub const NOTE_KINDS: [(&str, &str); 1] =
    [("note", "Kepi's scenario format: told, nothing changes")];

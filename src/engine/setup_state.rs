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

/// The events a system records when it needs no others: a roll, or a note in words citing its
/// case. Serialized as `{"type": "rolled", "roll": …}` and `{"type": "note", "text": …}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Rolled { roll: Roll },
    Note { text: String },
}

impl RollEvent for Event {
    fn roll(&self) -> Option<&Roll> {
        match self {
            Event::Rolled { roll } => Some(roll),
            Event::Note { .. } => None,
        }
    }
}

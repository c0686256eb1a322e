//! Vae Victis test helpers: the system registered (it is under development: not yet in the
//! built-in list), the fixture scenario edited (each side's corps replaced, both sides free to
//! set up anywhere), the opening rolls and the activation dice made with chosen faces, and
//! commands applied with exactly the faces given or refused.
#![allow(dead_code)]

use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::state::{Event, State};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

pub const FIXTURE: &str = "tests/fixtures/vae-victis/scenarios/vv-ridge.json";

/// The system, registered once for the process (registering again returns the entry).
pub fn register() {
    kepi::engine::game::registry::register(VaeVictis).expect("vae-victis registers");
}

pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, FIXTURE, edit)
}

pub fn try_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, FIXTURE, edit)
}

/// An element's entry.
pub fn el(id: &str, kind: &str, hex: &str, facing: &str) -> Value {
    json!({"id": id, "type": kind, "hex": hex, "facing": facing})
}

/// A corps' entry: its general's id and hex and its elements.
pub fn corps(id: &str, general: (&str, &str), elements: Vec<Value>) -> Value {
    json!({"id": id, "general": {"id": general.0, "hex": general.1}, "elements": elements})
}

/// The fixture with each side's corps (and commander-in-chief, `None` for none) replaced and
/// both sides free to set up anywhere; started, before its opening rolls.
pub fn position(
    france: (Vec<Value>, Option<(&str, &str)>),
    britain: (Vec<Value>, Option<(&str, &str)>),
) -> State {
    let sc = fixture(|v| {
        let all = super::system::zone(1..=14, 1..=12);
        v["deployment"][0]["zone"]["hexes"] = json!(all);
        v["deployment"][1]["zone"]["hexes"] = json!(all);
        for (i, (c, cinc)) in [france, britain].into_iter().enumerate() {
            v["sides"][i]["corps"] = json!(c);
            match cinc {
                Some((id, hex)) => {
                    v["sides"][i]["commander_in_chief"] = json!({"id": id, "hex": hex})
                }
                None => {
                    v["sides"][i]
                        .as_object_mut()
                        .unwrap()
                        .remove("commander_in_chief");
                }
            }
        }
    });
    VaeVictis.start(&sc, &Default::default()).unwrap()
}

/// `c` applied with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    super::system::play(&VaeVictis, s, c, faces)
}

pub fn refused(s: &State, c: Value) -> String {
    super::system::refused(&VaeVictis, s, c)
}

/// The notes of `events`, joined.
pub fn notes(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The opening rolls with these rating faces (every general in the sides' order, each side's
/// corps generals then its C-in-C), `first` the first player; then the first player's
/// activation dice `ap` (one a corps, then the C-in-C's).
pub fn opened(s: &State, ratings: &[u8], first: usize, ap: &[u8]) -> State {
    let mut faces = ratings.to_vec();
    faces.extend(if first == 0 { [6, 1] } else { [1, 6] });
    let (s, _) = play(s, json!({"kind": "begin"}), &faces);
    play(&s, json!({"kind": "activate"}), ap).0
}

pub fn id(s: &State, id: &str) -> usize {
    s.setup().element(id).unwrap()
}

pub fn hex_of(s: &State, e: &str) -> Option<String> {
    let i = id(s, e);
    s.elements[i].hex.map(|h| s.setup().name(h))
}

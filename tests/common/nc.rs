//! 19th Century test helpers: the fixture scenario (edited, with units placed where a rule
//! case needs them), commands applied with exactly the faces given or refused, and a phase
//! opened with a chosen side first.
#![allow(dead_code)]

use kepi::engine::dice::FixedDice;
use kepi::engine::nineteenth_century::state::{Command, Event, Phase, State};
use kepi::engine::{NineteenthCentury, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

pub const FIXTURE: &str = "tests/fixtures/nineteenth-century/scenarios/nc-crossing.json";

/// The fixture scenario after `edit`, validated (a problem fails the test).
pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    try_fixture(edit).unwrap_or_else(|p| panic!("{p}"))
}

pub fn try_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).map_err(|p| p.to_string())?;
    let map = kepi::library::load_scenario_map(&path, &file).map_err(|e| e.to_string())?;
    Scenario::new(file, map, NineteenthCentury.catalog().clone()).map_err(|p| p.to_string())
}

/// Every hex of the fixture's 12 by 8 hexes.
pub fn all_hexes() -> Vec<String> {
    (1..=12)
        .flat_map(|c| (1..=8).map(move |r| format!("{c:02}{r:02}")))
        .collect()
}

/// The fixture with both sides free to set up anywhere and only the units listed, as
/// `(side, unit json)`: `unit("p-1", "infantry", "0505", "N")`.
pub fn position(units: &[(usize, Value)]) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(all_hexes());
        v["deployment"][1]["zone"]["hexes"] = json!(all_hexes());
        for side in 0..2 {
            v["sides"][side]["units"] = json!(
                units
                    .iter()
                    .filter(|(s, _)| *s == side)
                    .map(|(_, u)| u.clone())
                    .collect::<Vec<_>>()
            );
        }
    });
    NineteenthCentury.start(&sc, &Default::default()).unwrap()
}

/// A unit's entry.
pub fn unit(id: &str, kind: &str, hex: &str, facing: &str) -> Value {
    json!({"id": id, "kind": kind, "hex": hex, "facing": facing})
}

/// `u` with `fields` set.
pub fn with(mut u: Value, fields: Value) -> Value {
    for (k, v) in fields.as_object().unwrap() {
        u[k] = v.clone();
    }
    u
}

/// `s` in `phase` with its initiative rolled: `first` acts first, no unit has acted yet.
pub fn in_phase(s: &State, phase: Phase, first: usize) -> State {
    let mut s = s.clone();
    for u in s.units.iter_mut() {
        u.acted = false;
    }
    s.phase = phase;
    s.order = Some([first, 1 - first]);
    s.step = 0;
    s
}

pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// Apply with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    let mut d = FixedDice::new(faces.iter().copied());
    let (n, e) = NineteenthCentury
        .apply(s, &cmd(c.clone()), &mut d)
        .unwrap_or_else(|e| panic!("{c}: {e}"));
    assert_eq!(d.remaining(), 0, "{c}: faces left over");
    (n, e)
}

/// The refusal of a command (no dice may be rolled).
pub fn refused(s: &State, c: Value) -> String {
    NineteenthCentury
        .apply(s, &cmd(c), &mut FixedDice::new([]))
        .unwrap_err()
        .to_string()
}

pub fn ix(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

/// The printed names of the hexes `id` may end its move in now.
pub fn reach(s: &State, id: &str) -> Vec<String> {
    match kepi::engine::nineteenth_century::movement::reach(s, ix(s, id)) {
        Ok(r) => r.keys().map(|h| s.setup().name(*h)).collect(),
        Err(_) => Vec::new(),
    }
}

/// The notes of the events, one a line.
pub fn notes(ev: &[Event]) -> String {
    ev.iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

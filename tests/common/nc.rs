//! 19th Century test helpers: the fixture scenario (edited, with units placed where a rule
//! case needs them), commands applied with exactly the faces given or refused, and a phase
//! opened with a chosen side first.
#![allow(dead_code)]

use kepi::engine::nineteenth_century::section::{Formation, Kind};
use kepi::engine::nineteenth_century::state::{Command, Event, Phase, State};
use kepi::engine::nineteenth_century::{board, movement};
use kepi::engine::{NineteenthCentury, Ruleset};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

pub const FIXTURE: &str = "tests/fixtures/nineteenth-century/scenarios/nc-crossing.json";

/// The fixture scenario after `edit`, validated (a problem fails the test).
pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    super::system::fixture(&NineteenthCentury, FIXTURE, edit)
}

/// The fixture scenario after `edit`, or its problems.
pub fn try_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    super::system::try_fixture(&NineteenthCentury, FIXTURE, edit)
}

/// Every hex of the fixture's 12 by 8 hexes.
pub fn all_hexes() -> Vec<String> {
    super::system::zone(1..=12, 1..=8)
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
    super::system::cmd(v)
}

/// Apply with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    super::system::play(&NineteenthCentury, s, c, faces)
}

/// The refusal of a command (no dice may be rolled).
pub fn refused(s: &State, c: Value) -> String {
    super::system::refused(&NineteenthCentury, s, c)
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

/// Invariants of every position of a game (the property tests of the fixture and of the
/// shipped scenarios): every facing a hexside, commanders in march, hits below the threshold,
/// one unit a hex as the engine reads it (a commander besides), never two sides in a hex, no
/// unit on ground its kind may not enter, melees between adjacent standing units.
pub fn invariants(s: &State, seed: u64, n: usize) {
    let setup = s.setup();
    for u in 0..s.units.len() {
        let us = &s.units[u];
        let d = &setup.units[u];
        assert!(
            us.facing.is_hexside(&setup.grid),
            "seed {seed} command {n}: {} faces a vertex",
            d.id
        );
        if d.kind == Kind::Commander {
            assert_eq!(us.formation, Formation::March, "seed {seed} command {n}");
        }
        if !board::standing(s, u) {
            assert!(us.eliminated && us.hex.is_none());
            continue;
        }
        let at = us.hex.unwrap();
        if let Some(limit) = d.eliminated_at {
            assert!(
                us.hits < limit,
                "seed {seed} command {n}: {} over its hits",
                d.id
            );
        }
        // One unit a hex (a commander besides), never two sides in a hex.
        assert!(
            board::crowded(s, u, at).is_none(),
            "seed {seed} command {n}: {} stacked at {}",
            d.id,
            setup.name(at)
        );
        assert!(
            board::enemy_in(s, d.side, at).is_empty(),
            "seed {seed} command {n}: both sides in {}",
            setup.name(at)
        );
        // No unit where it may not stand.
        assert!(
            movement::step_cost(s, u, at, at).is_ok(),
            "seed {seed} command {n}: {} in {} ({})",
            d.id,
            setup.name(at),
            setup.terrain(at)
        );
    }
    for m in &s.melees {
        let (a, b) = (m.attacker, m.defender);
        assert!(board::fighting(s, a) && board::fighting(s, b));
        assert!(
            setup
                .grid
                .adjacent(s.units[a].hex.unwrap(), s.units[b].hex.unwrap())
        );
        assert!(matches!(
            setup.units[a].kind,
            Kind::Cavalry | Kind::Dragoons
        ));
    }
}

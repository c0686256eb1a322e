//! Rifle and Kepi test helpers shared by the `rifle_and_kepi*` tests: the fixture scenario
//! (edited, with units placed where a rule case needs them), commands applied with exactly the
//! faces given or refused, and the turn's deal with chosen cards and dithering.
#![allow(dead_code)]

use kepi::engine::rifle_and_kepi::section::{Formation, Kind};
use kepi::engine::rifle_and_kepi::state::{Command, Event, Phase, State};
use kepi::engine::rifle_and_kepi::{board, fire, sequence, tables};
use kepi::engine::{RifleAndKepi, Ruleset};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

pub const FIXTURE: &str = "tests/fixtures/rifle-and-kepi/scenarios/rk-meeting.json";

/// The fixture scenario after `edit`, validated (a problem fails the test).
pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    super::system::fixture(&RifleAndKepi, FIXTURE, edit)
}

/// Every hex of columns `cols` on the fixture's 8 rows.
pub fn columns(cols: std::ops::RangeInclusive<u32>) -> Vec<String> {
    super::system::zone(cols, 1..=8)
}

/// The fixture with both sides free to set up anywhere and only the units listed, as
/// `(side, unit json)`: `unit("p-7", "infantry", "0505")` and friends.
pub fn position(units: &[(usize, Value)]) -> State {
    let sc = fixture(|v| {
        v["deployment"][0]["zone"]["hexes"] = json!(columns(1..=12));
        v["deployment"][1]["zone"]["hexes"] = json!(columns(1..=12));
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
    RifleAndKepi.start(&sc, &Default::default()).unwrap()
}

/// A unit's entry: `unit("p-7", "infantry", "0505")`; change fields with `with`.
pub fn unit(id: &str, kind: &str, hex: &str) -> Value {
    let mut u = json!({"id": id, "kind": kind, "hex": hex});
    if kind == "artillery" {
        u["guns"] = json!("rifled");
    }
    u
}

/// `u` with `fields` set.
pub fn with(mut u: Value, fields: Value) -> Value {
    for (k, v) in fields.as_object().unwrap() {
        u[k] = v.clone();
    }
    u
}

pub fn cmd(v: Value) -> Command {
    super::system::cmd(v)
}

/// Apply with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    super::system::play(&RifleAndKepi, s, c, faces)
}

/// The refusal of a command (no dice may be rolled).
pub fn refused(s: &State, c: Value) -> String {
    super::system::refused(&RifleAndKepi, s, c)
}

pub fn ix(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

/// The faces that deal each unit getting a card the value `values` gives it (`default` for
/// the others), in unit order, from a fresh 52-card deck (value-major: ace of clubs first).
pub fn card_faces(s: &State, values: &[(&str, u8)], default: u8) -> Vec<u8> {
    let mut deck: Vec<u8> = (1..=13u8).flat_map(|v| [v; 4]).collect();
    let mut faces = Vec::new();
    for u in 0..s.units.len() {
        let hq = s.setup().units[u].kind == Kind::Hq;
        if !board::standing(s, u) || (!hq && board::in_combat(s, u)) {
            continue;
        }
        let id = &s.setup().units[u].id;
        let at = match values.iter().find(|(i, _)| i == id) {
            Some((_, want)) => deck.iter().position(|c| c == want).expect("a card left"),
            // The others: the first card of the default value or above.
            None => deck
                .iter()
                .position(|&c| c >= default)
                .expect("a card left"),
        };
        if deck.len() > 1 {
            faces.push(at as u8 + 1);
        }
        deck.remove(at);
    }
    faces
}

/// Deal with chosen card values, the dithering faces of the sides that have cards (d6 faces
/// read through the average die 2 3 3 4 4 5), and then the faces of rallies.
pub fn deal(
    s: &State,
    values: &[(&str, u8)],
    default: u8,
    dither: &[u8],
    rally: &[u8],
) -> (State, Vec<Event>) {
    let mut faces = card_faces(s, values, default);
    faces.extend_from_slice(dither);
    faces.extend_from_slice(rally);
    play(s, json!({"kind": "deal"}), &faces)
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

/// What every position of a game keeps (issue 38's property tests): steps between one and the
/// unit's own for every unit standing (none below zero), no two divisions or two artillery
/// regiments of a side in a hex, a second hex only for a large division deployed next to its
/// first, and no unit in a hex of the enemy.
pub fn invariants(s: &State, seed: u64, n: usize) {
    let setup = s.setup();
    // The fires offered are every (gun, hex) pair the rule check allows (RK Artillery): the
    // list's shortcuts pass over nothing `fire_check` would allow.
    let mut offered = fire::fires(s);
    offered.sort();
    // (Other units and other phases are refused by fire_check's first lines.)
    let mut allowed: Vec<_> = (0..s.units.len())
        .filter(|&u| setup.units[u].kind == Kind::Artillery && setup.units[u].side == s.player)
        .filter(|_| matches!(s.phase, Phase::CounterBattery | Phase::Bombardment))
        .flat_map(|u| setup.grid.hexes().map(move |h| (u, h)))
        .filter(|&(u, h)| fire::fire_check(s, u, h).is_ok())
        .collect();
    allowed.sort();
    assert_eq!(
        offered, allowed,
        "seed {seed} command {n}: the fires offered"
    );
    // RK Recce: the hexes `legal` passes over as out of any roll's reach (or adjacent) are
    // refused by the rule check too.
    let r = &tables::tables().recce;
    let reach = (r.die as u32 + r.uphill.max(0) as u32) / r.times_range;
    for u in sequence::actors(s) {
        if setup.units[u].kind == Kind::Hq {
            continue;
        }
        let at = s.units[u].hex.unwrap();
        for e in (0..s.units.len()).filter(|&e| setup.units[e].side != setup.units[u].side) {
            for h in board::hexes(s, e) {
                let dist = setup.grid.distance(at, h);
                if dist < 2 || dist > reach {
                    assert!(
                        fire::recce_check(s, u, h).is_err(),
                        "seed {seed} command {n}: {} may scout {} at {dist}",
                        setup.units[u].id,
                        setup.name(h)
                    );
                }
            }
        }
    }
    // The one-pass in-combat answer is the per-unit one (RK Turn sequence i).
    let combat = board::in_combat_all(s);
    for (u, &c) in combat.iter().enumerate() {
        assert_eq!(
            c,
            board::in_combat(s, u),
            "seed {seed} command {n}: {}'s in combat",
            setup.units[u].id
        );
    }
    for u in 0..s.units.len() {
        let us = &s.units[u];
        let d = &setup.units[u];
        assert!(us.steps <= d.steps, "seed {seed} command {n}: steps");
        if board::standing(s, u) && d.kind != Kind::Hq {
            assert!(
                us.steps >= 1,
                "seed {seed} command {n}: {} has no step",
                d.id
            );
            assert!(
                board::crowded(s, u, us.hex.unwrap()).is_none(),
                "seed {seed} command {n}: {} stacked",
                d.id
            );
        }
        if let Some(x) = us.second {
            assert!(
                d.large
                    && us.formation == Formation::Deployed
                    && setup.grid.adjacent(x, us.hex.unwrap()),
                "seed {seed} command {n}: {} second hex",
                d.id
            );
        }
        for h in board::hexes(s, u) {
            // No unit in an enemy hex.
            assert!(
                board::at(s, h)
                    .iter()
                    .all(|&o| setup.units[o].side == d.side),
                "seed {seed} command {n}: both sides in {}",
                setup.name(h)
            );
        }
    }
}

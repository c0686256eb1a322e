//! Seeded autoplay transcripts of every shipped scenario, compared with the ones recorded in
//! tests/fixtures/autoplay/transcripts.json: each scenario played by its system's seeded random
//! player through the game record (as `kepi autoplay SCENARIO --seed N` plays it) to its end,
//! with each of [`SEEDS`]. A change to a rule system that alters any state, legal
//! command, roll or outcome of these games shows here as a changed digest, hash or outcome;
//! a refactoring must leave them all as they were (issue 36: "every existing test, the 17
//! Rifle & Saber scenarios and Gettysburg play exactly as before"). A rule fix that changes
//! them on purpose records them again with `KEPI_BLESS=1` and says so in its commit (and
//! raises the system's rules version, issue 37).
//!
//! Invariant: the fixture lists every scenario under scenarios/ (a new one fails until
//! recorded), and nothing else.

use kepi::engine::game::{options_from_rules, registry};
use kepi::engine::hash::stable_hash;
use kepi::game::GameRecord;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Commands played of each game at most: every shipped scenario's games end well before
/// (the longest, Königgrätz, in about 1,300); the cap only stops a game that would not end.
const CAP: usize = 5000;
/// The seeds each scenario is played with: three games each, in a few seconds in all.
const SEEDS: [u64; 3] = [1, 2, 3];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture() -> PathBuf {
    root().join("tests/fixtures/autoplay/transcripts.json")
}

/// One scenario's game as recorded: how many commands, a digest of them with their dice, the
/// hash of the state after the last, and the outcome when the game ended.
fn transcript(id: &str, seed: u64) -> Value {
    let sc = kepi::shipped::load_scenario(id).unwrap_or_else(|e| panic!("{id}: {e}"));
    let rules = registry::get(sc.file.ruleset.key()).unwrap();
    let opts = options_from_rules(rules, &sc, &[]).unwrap();
    let mut game = GameRecord::new(&sc, &opts, seed).unwrap();
    let mut state = rules.start(&sc, &game.options).unwrap();
    let mut player = rules.random_player(seed);
    while !state.progress().over && game.moves.len() < CAP {
        let c = player.next(&state);
        state = game
            .play(&state, &c, Default::default())
            .unwrap_or_else(|e| panic!("{id} seed {seed}: {c}: {e}"))
            .state;
    }
    json!({
        "commands": game.moves.len(),
        "moves": stable_hash(&game.moves),
        "end": state.hash(),
        "outcome": state.outcome().map(|o| o.reason),
    })
}

#[test]
fn every_shipped_scenario_autoplays_as_recorded() {
    let mut now = BTreeMap::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    for p in &paths {
        let id = p.file_stem().unwrap().to_string_lossy().into_owned();
        for seed in SEEDS {
            now.insert(format!("{id} seed {seed}"), transcript(&id, seed));
        }
    }
    let now = serde_json::to_value(&now).unwrap();
    if std::env::var_os("KEPI_BLESS").is_some() {
        std::fs::write(
            fixture(),
            serde_json::to_string_pretty(&now).unwrap() + "\n",
        )
        .unwrap();
        return;
    }
    let recorded: Value = serde_json::from_str(
        &std::fs::read_to_string(fixture())
            .expect("tests/fixtures/autoplay/transcripts.json (KEPI_BLESS=1 records it)"),
    )
    .unwrap();
    let (now, recorded) = (now.as_object().unwrap(), recorded.as_object().unwrap());
    let mut wrong = Vec::new();
    for (id, t) in now {
        match recorded.get(id) {
            None => wrong.push(format!("{id}: not recorded (KEPI_BLESS=1 records it)")),
            // A game that hit the cap did not end: a bug, whatever was recorded.
            Some(_) if t["commands"] == CAP => {
                wrong.push(format!("{id}: no end in {CAP} commands"))
            }
            Some(r) if r != t => wrong.push(format!("{id}: recorded {r}, now {t}")),
            Some(_) => {}
        }
    }
    for id in recorded.keys().filter(|id| !now.contains_key(*id)) {
        wrong.push(format!(
            "{id}: recorded, but no such scenario and seed is played"
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

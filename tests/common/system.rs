//! Helpers every rule system's tests share, generic over its [`Ruleset`]: a fixture scenario read
//! from the repository and edited as JSON before it is validated, and a command applied with
//! exactly the faces given (every face used) or refused (no face rolled). Each system's module
//! (`aor`, `rk`) binds them to its own ruleset and fixture.
#![allow(dead_code)]

use kepi::engine::Ruleset;
use kepi::engine::dice::FixedDice;
use kepi::scenario::{Scenario, ScenarioFile};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::path::Path;

/// The scenario at `relative` (from the repository's root) after `edit`, validated against
/// `ruleset`'s catalog: a problem fails the test.
pub fn fixture<R: Ruleset>(ruleset: &R, relative: &str, edit: impl FnOnce(&mut Value)) -> Scenario {
    try_fixture(ruleset, relative, edit).unwrap_or_else(|p| panic!("{p}"))
}

/// [`fixture`], its problems returned (a test of what validation refuses).
pub fn try_fixture<R: Ruleset>(
    ruleset: &R,
    relative: &str,
    edit: impl FnOnce(&mut Value),
) -> Result<Scenario, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: {e}"));
    let mut v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{relative}: {e}"));
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).map_err(|p| p.to_string())?;
    let map = kepi::library::load_scenario_map(&path, &file).map_err(|e| e.to_string())?;
    Scenario::new(file, map, ruleset.catalog().clone()).map_err(|p| p.to_string())
}

/// The hexes of columns `cols` and rows `rows`, by name ("0105").
pub fn zone(
    cols: std::ops::RangeInclusive<u32>,
    rows: std::ops::RangeInclusive<u32>,
) -> Vec<String> {
    cols.flat_map(|c| rows.clone().map(move |r| format!("{c:02}{r:02}")))
        .collect()
}

/// A command from its JSON (a wrong one fails the test, naming it).
pub fn cmd<C: DeserializeOwned>(v: Value) -> C {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// `c` applied with exactly these faces (all must be used).
pub fn play<R: Ruleset>(
    ruleset: &R,
    s: &R::State,
    c: Value,
    faces: &[u8],
) -> (R::State, Vec<R::Event>) {
    let mut d = FixedDice::new(faces.iter().copied());
    let (n, e) = ruleset
        .apply(s, &cmd(c.clone()), &mut d)
        .unwrap_or_else(|e| panic!("{c}: {e}"));
    assert_eq!(d.remaining(), 0, "{c}: faces left over");
    (n, e)
}

/// The refusal of `c` (no dice may be rolled).
pub fn refused<R: Ruleset>(ruleset: &R, s: &R::State, c: Value) -> String {
    match ruleset.apply(s, &cmd(c.clone()), &mut FixedDice::new([])) {
        Ok(_) => panic!("{c}: accepted, expected a refusal"),
        Err(e) => e.to_string(),
    }
}

/// One game of the shipped scenario `id` as `kepi autoplay <scenario> --seed <seed>` plays it
/// without an archive: the system's seeded random player, each command applied through the
/// game record with its live dice; `each` sees every command's state before and after.
pub fn autoplay_shipped(
    id: &str,
    seed: u64,
    mut each: impl FnMut(&kepi::engine::game::AnyState, &kepi::engine::game::Applied),
) -> (kepi::game::GameRecord, kepi::engine::game::AnyState) {
    use kepi::engine::game::{options_from_rules, registry};
    let sc = kepi::shipped::load_scenario(id).unwrap_or_else(|p| panic!("{id}: {p}"));
    let rules = registry::get(sc.file.ruleset.key()).unwrap();
    let opts = options_from_rules(rules, &sc, &[]).unwrap();
    let mut game = kepi::game::GameRecord::new(&sc, &opts, seed).unwrap();
    let mut state = rules.start(&sc, &game.options).unwrap();
    let mut player = rules.random_player(seed);
    while !state.progress().over {
        let c = player.next(&state);
        let applied = game
            .play(&state, &c, Default::default())
            .unwrap_or_else(|e| panic!("{id} seed {seed}: {c}: {e}"));
        each(&state, &applied);
        state = applied.state;
        assert!(
            game.moves.len() < 100_000,
            "{id} seed {seed}: the game does not end"
        );
    }
    (game, state)
}

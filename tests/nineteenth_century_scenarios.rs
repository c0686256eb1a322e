//! The 19th Century rules' two historical scenarios (issue 39): Trautenau, 27 June 1866, and
//! Wissembourg, 4 August 1870 (`scenarios/nc-*.json` on `maps/nc-*.json`, written by
//! `scripts/maps/nc_*.py`; docs/scenarios/nc-*.md). Both validate and load as shipped, at the
//! rules' scale; `kepi autoplay`'s library path plays each to the end deterministically for a
//! seed; seeded random games of both keep every position legal and replay hash for hash from
//! their recorded dice.

use crate::common;

use common::nc::invariants;
use common::{cli, scale};
use kepi::engine::dice::{Dice, SeededDice};
use kepi::engine::game::session::{Recorded, replay_line};
use kepi::engine::game::{AnyRuleset, options_from_rules, registry};
use kepi::engine::nineteenth_century::section::Kind;
use kepi::engine::nineteenth_century::state::State;
use kepi::engine::{NineteenthCentury, Ruleset};
use kepi::game::GameRecord;
use kepi::map::{LengthUnit, MapScale};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::json;
use std::path::Path;

const IDS: [&str; 2] = ["nc-trautenau", "nc-wissembourg"];

fn load(id: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{id}.json"));
    kepi::library::load_scenario(&path).unwrap_or_else(|p| panic!("{id}: {p}"))
}

fn rules() -> &'static dyn AnyRuleset {
    registry::get("nineteenth-century").unwrap()
}

#[test]
fn both_scenarios_validate_and_load_as_shipped_at_six_inches_a_hex() {
    for id in IDS {
        let (code, out) = cli::kepi(&["validate", &format!("scenarios/{id}.json")]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("0 with problems"), "{out}");
        let sc = load(id);
        assert_eq!(sc.file.ruleset.key(), "nineteenth-century");
        assert_eq!(sc.file.map, id);
        // Read and written back (as the scenario editor saves it), the same bytes.
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{id}.json")),
        )
        .unwrap();
        let back = ScenarioFile::from_text(&text).unwrap().to_text();
        if let Some((i, (a, b))) = text
            .lines()
            .zip(back.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
        {
            panic!("{id}: line {} reads {a:?}, written back {b:?}", i + 1);
        }
        assert!(back == text, "{id}: not written back as it was read");
        // The shipped copies are the files.
        let shipped = kepi::shipped::load_scenario(id).unwrap_or_else(|p| panic!("{id}: {p}"));
        assert_eq!(shipped.file, sc.file);
        assert!(kepi::shipped::map(id).is_some(), "{id}: map not shipped");
        // A table of a few feet at the rules' scale.
        assert_eq!(sc.map.scale, MapScale::new(6, LengthUnit::Inches), "{id}");
        let (cols, rows) = (sc.map.grid.columns, sc.map.grid.rows);
        assert!(
            (8..=12).contains(&cols) && (6..=10).contains(&rows),
            "{id}: {cols} x {rows}"
        );
        // A handful of two-stand units a side, a commander at least, every position legal.
        let s = NineteenthCentury.start(&sc, &Default::default()).unwrap();
        invariants(&s, 0, 0);
        let setup = s.setup();
        for side in 0..2 {
            let kinds: Vec<Kind> = setup
                .units
                .iter()
                .filter(|u| u.side == side)
                .map(|u| u.kind)
                .collect();
            let fighting = kinds.iter().filter(|k| **k != Kind::Commander).count();
            assert!(
                (5..=16).contains(&fighting),
                "{id} side {side}: {fighting} units"
            );
            assert!(
                kinds.contains(&Kind::Commander),
                "{id} side {side}: no commander"
            );
            assert!(
                kinds.contains(&Kind::Artillery),
                "{id} side {side}: no artillery"
            );
        }
        assert!(!sc.file.notes.history.is_empty() && !sc.file.notes.source.is_empty());
        let doc = format!("docs/scenarios/{id}.md");
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(&doc).exists(),
            "{doc} missing"
        );
    }
}

/// One game as `kepi autoplay` plays it (no archive): the scenario's options, a game record
/// played with the seeded random player and the record's seeded dice. Returns the result in
/// words, the final state hash and the commands; the record replays to the same hash.
fn autoplay(id: &str, seed: u64) -> (String, String, usize) {
    let sc = load(id);
    let rules = rules();
    let opts = options_from_rules(rules, &sc, &[]).unwrap();
    let mut game = GameRecord::new(&sc, &opts, seed).unwrap();
    let mut player = rules.random_player(seed);
    let mut state = rules.start(&sc, &game.options).unwrap();
    while !state.progress().over {
        let c = player.next(&state);
        state = game
            .play(&state, &c, Default::default())
            .unwrap_or_else(|e| panic!("{id} seed {seed}: {c}: {e}"))
            .state;
        assert!(game.moves.len() < 20_000, "{id} seed {seed}: no end");
    }
    let p = state.progress();
    assert!(p.turn <= p.last_turn, "{id} seed {seed}");
    let replayed = game
        .replay(None)
        .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
    assert_eq!(replayed.hash(), state.hash(), "{id} seed {seed}: replay");
    let back = GameRecord::from_text(&game.to_text()).unwrap();
    assert_eq!(back.replay(None).unwrap().hash(), state.hash());
    let (winner, reason) = state.result_words().expect("a finished game has a result");
    (
        format!("{winner}: {reason}"),
        state.hash(),
        game.moves.len(),
    )
}

#[test]
fn autoplay_plays_each_scenario_to_the_end_deterministically_for_a_seed() {
    for id in IDS {
        for seed in [3u64, 11] {
            let first = autoplay(id, seed);
            eprintln!("{id} seed {seed}: {} commands, {}", first.2, first.0);
            assert_eq!(autoplay(id, seed), first, "{id} seed {seed}");
        }
        assert_ne!(autoplay(id, 3).1, autoplay(id, 11).1, "{id}: seeds differ");
    }
    // The command itself, twice: the same lines.
    let play = || cli::kepi(&["autoplay", "scenarios/nc-trautenau.json", "--seed", "5"]);
    let (code, out) = play();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("seed 5:"), "{out}");
    assert_eq!(play().1, out);
}

/// `KEPI_PROPTEST_CASES` games a scenario when set, else 40 times `KEPI_TEST_SCALE`.
fn cases() -> u64 {
    scale::cases_or_scaled(40)
}

/// Seeded random games of `id` through the generic layer: every position keeps the
/// invariants ([`invariants`]: one unit a hex as the engine reads it, facings on hexsides,
/// commanders in march, no unit on ground it may not enter, ...), every game ends, and the
/// recorded line replays from its dice alone ([`replay_line`]) to every recorded hash.
fn random_games(id: &str) {
    let rules = rules();
    let sc = load(id);
    let root = rules.start(&sc, &json!({})).unwrap();
    let games = cases();
    let (mut shots, mut eliminated, mut commands) = (0usize, 0usize, 0usize);
    for seed in 0..games {
        let mut player = rules.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut steps: Vec<Recorded> = Vec::new();
        while !s.progress().over {
            let c = player.next(&s);
            let applied = rules
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap_or_else(|e| panic!("{id} seed {seed} command {}: {c}: {e}", steps.len()));
            let state: &State = applied.state.downcast().unwrap();
            invariants(state, seed, steps.len());
            shots += applied
                .rolls
                .iter()
                .filter(|r| r.purpose.contains("shoots"))
                .count();
            steps.push(Recorded {
                command: c,
                rolls: applied.rolls.clone(),
                hash: Some(applied.state.hash()),
                at: format!("{id} seed {seed} command {}", steps.len()),
            });
            s = applied.state;
            assert!(
                steps.len() < 20_000,
                "{id} seed {seed}: the game does not end"
            );
        }
        assert!(
            s.outcome().is_some(),
            "{id} seed {seed}: over without an outcome"
        );
        let end: &State = s.downcast().unwrap();
        eliminated += end.units.iter().filter(|u| u.eliminated).count();
        commands += steps.len();
        let replayed =
            replay_line::<String>(root.clone(), steps.into_iter().map(Ok), |_, _| Ok(()))
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        assert_eq!(replayed.hash(), s.hash(), "{id} seed {seed}");
    }
    eprintln!("{id}: {games} games, {commands} commands, {shots} shots, {eliminated} eliminated");
    assert!(shots > 0 && eliminated > 0, "{id}: the games come to blows");
}

#[test]
fn trautenau_seeded_random_games_keep_positions_legal_and_replay_hash_for_hash() {
    random_games("nc-trautenau");
}

#[test]
fn wissembourg_seeded_random_games_keep_positions_legal_and_replay_hash_for_hash() {
    random_games("nc-wissembourg");
}

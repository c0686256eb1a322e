//! Drill, the test rule system (src/engine/drill/, compiled with the feature `test-ruleset`):
//! every rule case of its RULES.md reproduced with fixed dice, and a game of it played through
//! every game command of the CLI and of the archive — new, legal, play, state, reach, preview,
//! replay, tree, branch, export and import of a game, autoplay — with no code of its own
//! outside its folder. This is the proof that the game layer is generic.
#![cfg(feature = "test-ruleset")]

use crate::common;

use common::system::{fixture, try_fixture};
use kepi::archive::{Archive, GameTree};
use kepi::engine::counters::CounterLayout;
use kepi::engine::dice::FixedDice;
use kepi::engine::drill::state::{Card, Command, State};
use kepi::engine::drill::{Drill, KEY, Options};
use kepi::engine::facing::Facing;
use kepi::engine::game::registry;
use kepi::engine::{ConditionStatus, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use kepi::vassal::counters::unit_picture;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/drill")
}

fn scenario_path() -> String {
    fixtures()
        .join("scenarios/drill-skirmish.json")
        .display()
        .to_string()
}

/// `kepi ARGS...` in this process; exit status 0.
fn kepi(args: &[&str]) {
    let mut all = vec!["kepi"];
    all.extend_from_slice(args);
    let code = kepi::cli::run_from(all);
    assert_eq!(
        format!("{code:?}"),
        format!("{:?}", ExitCode::SUCCESS),
        "kepi {}",
        args.join(" ")
    );
}

#[test]
fn drill_plays_through_every_game_command_of_the_cli_and_the_archive() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("drill.kepi");
    let db_s = db.display().to_string();
    let sc = scenario_path();
    kepi(&["validate", &sc]);
    kepi(&["rules"]);
    // A game in the archive, deployed at random, then commands from a script.
    kepi(&["new", &sc, "--db", &db_s, "--seed", "4", "--auto-deploy"]);
    kepi(&["legal", "--db", &db_s, "--game", "1"]);
    let script = d.path().join("moves.jsonl");
    let ar = Archive::open(&db).unwrap();
    let tip = ar.tip(1).unwrap();
    let state = ar.state_at(tip.id).unwrap();
    assert!(
        !state.progress().deploying,
        "auto-deploy deployed both sides"
    );
    drop(ar);
    // Drill 2.2, 2.3: a card is drawn, and passed; then another.
    std::fs::write(
        &script,
        "{\"type\": \"draw\"}\n{\"type\": \"pass\"}\n{\"type\": \"draw\"}\n",
    )
    .unwrap();
    kepi(&["reach", "--db", &db_s, "--game", "1", "--unit", "West FT 1"]);
    kepi(&[
        "play",
        "--db",
        &db_s,
        "--game",
        "1",
        "--script",
        &script.display().to_string(),
    ]);
    // Play the game to its end with the random player, through the archive API.
    let mut ar = Archive::open(&db).unwrap();
    let mut node = ar.tip(1).unwrap().id;
    let mut state = ar.state_at(node).unwrap();
    let mut player = state.rules().random_player(9);
    let mut rolled = None;
    while !state.progress().over {
        let c = player.next(&state);
        let (n, applied) = ar
            .play(node, &c, &mut std::collections::VecDeque::new())
            .unwrap();
        // A roll neither forced face below gives: its branches differ from it.
        if applied.rolls.first().is_some_and(|r| r.faces[0] > 2) && rolled.is_none() {
            rolled = Some(n);
        }
        node = n;
        state = applied.state;
    }
    assert!(ar.game(1).unwrap().finished.is_some());
    let nodes = ar.verify_game(1).unwrap();
    assert!(nodes > 10);
    drop(ar);
    let rolled = rolled
        .expect("some card or shot was rolled above 2")
        .to_string();
    kepi(&["replay", "--db", &db_s, "--node", &rolled, "--json"]);
    kepi(&["tree", "--db", &db_s, "--game", "1"]);
    // What if that roll (a card drawn, or a shot) had been a 2 (and a 1)? New variations,
    // replayed and checked: a card drawn is a roll like any other (Drill 2.2).
    kepi(&[
        "branch", "--db", &db_s, "--node", &rolled, "--force", "0=2", "--name", "two",
    ]);
    kepi(&["branch", "--db", &db_s, "--node", &rolled, "--force", "0=1"]);
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.verify_game(1).unwrap(), nodes + 2);
    let forced = ar
        .children(ar.node(rolled.parse().unwrap()).unwrap().parent.unwrap())
        .unwrap();
    assert_eq!(forced.len(), 3);
    assert!(ar.rolls(forced[1].id).unwrap()[0].forced);
    drop(ar);
    // Export and import into a fresh archive: the same tree, hash for hash.
    let file = d.path().join("drill-game.json");
    kepi(&[
        "export-game",
        "--db",
        &db_s,
        "--game",
        "1",
        "--out",
        &file.display().to_string(),
    ]);
    let other = d.path().join("other.kepi");
    kepi(&[
        "import-game",
        "--db",
        &other.display().to_string(),
        &file.display().to_string(),
    ]);
    let a = Archive::open(&db).unwrap();
    let b = Archive::open(&other).unwrap();
    let hashes = |ar: &Archive| {
        ar.nodes(1)
            .unwrap()
            .into_iter()
            .map(|n| n.state_hash)
            .collect::<Vec<_>>()
    };
    assert_eq!(hashes(&a), hashes(&b));
    assert_eq!(b.verify_game(1).unwrap(), nodes + 2);
    // A tampered record is refused, naming the node.
    let mut tree = GameTree::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let last = tree.nodes.len() - 1;
    tree.nodes[last].state_hash = "0".repeat(64);
    let mut third = Archive::open(&d.path().join("third.kepi")).unwrap();
    let e = third.import_game(&tree).unwrap_err().to_string();
    assert!(e.contains(&format!("node {}", tree.nodes[last].id)), "{e}");
    assert!(third.games().unwrap().is_empty(), "nothing written");
    // So is a forged roll: its total, purpose or forced mark must be what the faces make.
    let mut forged = GameTree::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let k = forged
        .nodes
        .iter()
        .position(|n| !n.rolls.is_empty())
        .unwrap();
    forged.nodes[k].rolls[0].total = 99;
    let e = third.import_game(&forged).unwrap_err().to_string();
    assert!(e.contains("roll 0 is recorded as"), "{e}");
    assert!(third.games().unwrap().is_empty(), "nothing written");
    // Autoplay into the archive and as game files; state of a game file; preview an attack.
    kepi(&[
        "autoplay",
        &sc,
        "--db",
        &db_s,
        "--games",
        "3",
        "--rule",
        "fierce_horse=on",
    ]);
    let saved = d.path().join("saved");
    kepi(&[
        "autoplay",
        &sc,
        "--games",
        "2",
        "--save",
        &saved.display().to_string(),
    ]);
    let game_file = saved.join("drill-skirmish-1.json");
    kepi(&["state", &game_file.display().to_string()]);
    kepi(&[
        "state",
        &game_file.display().to_string(),
        "--json",
        "--at",
        "10",
    ]);
    kepi(&["validate", &game_file.display().to_string()]);
    // Drill 7 from the command line: the board as a side sees it, after deployment.
    let seen = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(["state", &game_file.display().to_string(), "--at", "8"])
        .args(["--seen-by", "west"])
        .output()
        .unwrap();
    let text = String::from_utf8(seen.stdout).unwrap();
    assert!(seen.status.success(), "{text}");
    let rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game_file).unwrap()).unwrap();
    let at = rec.replay(Some(8)).unwrap();
    let unseen = at.rules().unseen(&at, 0);
    assert!(text.starts_with("The board as West sees it:\n"), "{text}");
    assert!(!unseen.is_empty(), "East deploys out of West's sight");
    assert!(
        text.contains(&format!("Out of West's sight: {}\n", unseen.join(", "))),
        "{text}"
    );
    for c in at
        .rules()
        .board(&at)
        .counters
        .iter()
        .filter(|c| c.side == 0)
    {
        assert!(
            text.contains(&format!("  {}: {}\n", c.id, c.hex.as_deref().unwrap())),
            "{text}"
        );
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args([
            "state",
            &game_file.display().to_string(),
            "--seen-by",
            "north",
        ])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(bad.stderr)
            .unwrap()
            .contains("--seen-by: no side 'north' in this game (its sides: west, east)")
    );
    // A record whose rule system is not its scenario's is refused, naming the field.
    let mut rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game_file).unwrap()).unwrap();
    rec.ruleset = kepi::engine::game::registry::id("rifle-and-saber").unwrap();
    let e = rec.replay(None).unwrap_err().to_string();
    assert!(
        e.starts_with("ruleset: the record says Rifle & Saber, its scenario Drill"),
        "{e}"
    );
    // So are options the rules do not have.
    let mut rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game_file).unwrap()).unwrap();
    rec.options = serde_json::json!({"morale": true});
    let e = rec.replay(None).unwrap_err().to_string();
    assert!(
        e.starts_with("options: unknown optional rule 'morale'"),
        "{e}"
    );
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.games().unwrap().len(), 4);
    for gm in ar.games().unwrap() {
        assert_eq!(gm.ruleset, KEY);
        assert!(gm.finished.is_some());
        ar.verify_game(gm.id).unwrap();
    }
    assert_eq!(ar.games().unwrap()[1].options["fierce_horse"], true);
}

#[test]
fn a_drill_game_file_replays_and_a_preview_changes_nothing() {
    let d = tempfile::tempdir().unwrap();
    let game = d.path().join("g.json");
    let g = game.display().to_string();
    kepi(&[
        "new",
        &scenario_path(),
        "--out",
        &g,
        "--seed",
        "2",
        "--auto-deploy",
    ]);
    // Two cards drawn and passed through `kepi play`, one command a line.
    let script = d.path().join("s.jsonl");
    let lines = [
        r#"{"type": "draw"}"#,
        r#"{"type": "pass"}"#,
        r#"{"type": "draw"}"#,
        r#"{"type": "pass"}"#,
    ];
    std::fs::write(&script, lines.join("\n")).unwrap();
    kepi(&["play", &g, "--script", &script.display().to_string()]);
    let rec = kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game).unwrap()).unwrap();
    let state = rec.replay(None).unwrap();
    let typed = state.downcast::<State>().unwrap();
    assert_eq!((typed.turn, typed.deck.len()), (1, 4));
    // A shot previewed from West FT 1 at East FT 1, wherever they stand: chances sum to one.
    let east = typed
        .setup()
        .units
        .iter()
        .position(|u| u.side == 1)
        .unwrap();
    let target = typed.hex[east].unwrap();
    let rules = state.rules();
    let p = rules
        .preview(
            &state,
            &[json!({"type": "fire", "unit": 0, "target": target})],
        )
        .unwrap();
    let total: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(p.dice, "1d6");
    let before = std::fs::read_to_string(&game).unwrap();
    let pv = d.path().join("p.jsonl");
    std::fs::write(&pv, r#"{"type": "draw"}"#).unwrap();
    // `kepi preview` refuses what is not a shot, and never writes the game.
    let code = kepi::cli::run_from(["kepi", "preview", &g, "--script", &pv.display().to_string()]);
    assert_ne!(format!("{code:?}"), format!("{:?}", ExitCode::SUCCESS));
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
}

/// The scenario's sides carry each system's own section: Drill's roster of named units is
/// read and checked by Drill, every problem at once with its field; the common checks
/// weigh deployment zones with Drill's stacking limit; and Rifle & Saber refuses Drill's
/// shape by field name, as Drill refuses Rifle & Saber's formula.
#[test]
fn each_system_reads_and_checks_its_own_section_of_a_scenario() {
    let text = std::fs::read_to_string(scenario_path()).unwrap();
    let map_path = fixtures().join("maps/drill-field.json");
    let map = kepi::library::load_map(&map_path).unwrap();
    let catalog = kepi::engine::drill::tables::tables().catalog.clone();
    let check = |text: &str| -> Result<Scenario, String> {
        let file = ScenarioFile::from_text(text).map_err(|p| p.to_string())?;
        Scenario::new(file, map.clone(), catalog.clone()).map_err(|p| p.to_string())
    };

    let ok = check(&text).unwrap();
    assert_eq!(ok.sides[0].forces.summary, "4 units, 3 cards");
    assert_eq!(ok.sides[1].forces.groups[0].units, 4);

    let bad = text.replacen(
        r#"{"name": "West FT 2", "kind": "FT"}"#,
        r#"{"name": "West FT 1", "kind": "XX"}"#,
        1,
    );
    let mut v: serde_json::Value = serde_json::from_str(&bad).unwrap();
    v["sides"][1]["oob"] = serde_json::json!("3 FT");
    let bad = v.to_string();
    let err = check(&bad).unwrap_err();
    assert!(
        err.contains("sides[0].units[1].kind: no unit kind 'XX'"),
        "{err}"
    );
    assert!(
        err.contains("sides[0].units[1].name: two units are called 'West FT 1'"),
        "{err}"
    );
    assert!(err.contains("sides[1]: unknown field `oob`"), "{err}");

    // Four units in a zone of one hex: Drill's limit is one unit a hex (Drill 1.2).
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["deployment"][0]["zone"]["hexes"] = serde_json::json!(["0101"]);
    let err = check(&v.to_string()).unwrap_err();
    assert!(
        err.contains("deployment[0].zone: 4 units do not fit in 1 hex of 1 each (Drill 1.2)"),
        "{err}"
    );

    // Drill's roster in a Rifle & Saber scenario is refused by Rifle & Saber, by field.
    let rs = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-01-fatehpur.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rs).unwrap();
    v["sides"][0]["units"] = serde_json::json!([{"name": "West FT 1", "kind": "FT"}]);
    v["sides"][1].as_object_mut().unwrap().remove("oob");
    let file = ScenarioFile::from_text(&v.to_string()).unwrap();
    let rs_map = kepi::shipped::load_map("rifle-and-saber").unwrap();
    let err = Scenario::new(
        file,
        rs_map,
        kepi::engine::game::registry::id("rifle-and-saber")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("sides[0].units: unknown field; a Rifle & Saber side has"),
        "{err}"
    );
    assert!(err.contains("sides[1].oob: missing"), "{err}");
}

#[test]
fn a_system_reads_its_own_kind_of_special_rule_and_others_refuse_it() {
    let text = std::fs::read_to_string(scenario_path()).unwrap();
    let map = kepi::library::load_map(&fixtures().join("maps/drill-field.json")).unwrap();
    let catalog = kepi::engine::drill::tables::tables().catalog.clone();
    let with_rule = |rule: serde_json::Value| -> String {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["special_rules"] = serde_json::json!([{"text": "West FT 1 holds on.", "rule": rule}]);
        v.to_string()
    };
    let check = |text: &str| -> Result<Scenario, String> {
        let file = ScenarioFile::from_text(text).map_err(|p| p.to_string())?;
        Scenario::new(file, map.clone(), catalog.clone()).map_err(|p| p.to_string())
    };

    // Read, written back as it was, and played: West FT 1 defends at 3 (Drill 6.1), not 2.
    let text_ok = with_rule(serde_json::json!({"kind": "drill_stubborn", "units": ["West FT 1"]}));
    let sc = check(&text_ok).unwrap();
    let written: serde_json::Value = serde_json::from_str(&sc.file.to_text()).unwrap();
    assert_eq!(
        written["special_rules"][0]["rule"],
        serde_json::json!({"kind": "drill_stubborn", "units": ["West FT 1"]})
    );
    let state = Drill.start(&sc, &Default::default()).unwrap();
    let defense = |name: &str| {
        let s = state.setup();
        s.units
            .iter()
            .find(|u| u.name == name)
            .map(|u| u.defense)
            .unwrap()
    };
    assert_eq!((defense("West FT 1"), defense("West FT 2")), (3, 2));

    // Its fields are Drill's to check, by field.
    let err = check(&with_rule(
        serde_json::json!({"kind": "drill_stubborn", "units": ["Nobody"]}),
    ))
    .unwrap_err();
    assert!(
        err.contains("special_rules[0].rule.units[0]: no unit is called 'Nobody' (Drill 6.1)"),
        "{err}"
    );
    let err = check(&with_rule(
        serde_json::json!({"kind": "drill_stubborn", "unit": ["West FT 1"]}),
    ))
    .unwrap_err();
    assert!(
        err.contains("special_rules[0].rule: unknown field `unit`, expected `units`"),
        "{err}"
    );
    // A kind nobody has is refused, listing the shared kinds and Drill's own.
    let err = check(&with_rule(serde_json::json!({"kind": "drill_brave"}))).unwrap_err();
    assert!(
        err.contains(
            "special_rules[0].rule.kind: unknown kind of special rule 'drill_brave'; Kepi's \
             kinds: treat_as_clear, "
        ) && err.contains("; Drill's own: drill_stubborn"),
        "{err}"
    );
    // A shared kind with a wrong field keeps serde's words, not "unknown kind".
    let err = check(&with_rule(
        serde_json::json!({"kind": "no_movement", "sid": "west"}),
    ))
    .unwrap_err();
    assert!(err.contains("unknown field `sid`"), "{err}");

    // Drill's rule in a Rifle & Saber scenario: Rifle & Saber has no kinds of its own.
    let rs = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-01-fatehpur.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rs).unwrap();
    v["special_rules"] =
        serde_json::json!([{"text": "x", "rule": {"kind": "drill_stubborn", "units": []}}]);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap();
    let rs_id = registry::id("rifle-and-saber").unwrap();
    let err = Scenario::new(
        file,
        kepi::shipped::load_map("rifle-and-saber").unwrap(),
        rs_id.catalog().unwrap().clone(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("special_rules[0].rule.kind: unknown kind of special rule 'drill_stubborn'")
            && err.contains("Rifle & Saber has no kinds of its own"),
        "{err}"
    );

    // The scenario view's schema of Drill offers its kind and its sides; Rifle & Saber's
    // does not offer Drill's kind.
    let schema = kepi::schema::SchemaKind::scenario_for(KEY).unwrap();
    let kinds = |schema: &serde_json::Value| -> Vec<String> {
        schema["$defs"]["SpecialRule"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|k| k["properties"]["kind"]["const"].as_str().map(String::from))
            .collect()
    };
    assert!(kinds(&schema).contains(&"drill_stubborn".to_string()));
    assert!(kinds(&schema).contains(&"no_movement".to_string()));
    assert!(schema["$defs"]["DrillSideEntry"]["properties"]["units"].is_object());
    let rs_schema = kepi::schema::SchemaKind::scenario_for("rifle-and-saber").unwrap();
    assert!(!kinds(&rs_schema).contains(&"drill_stubborn".to_string()));
    assert!(rs_schema["$defs"]["DrillSideEntry"].is_null());
}

// ---- Drill's rule cases (src/engine/drill/RULES.md), with fixed dice ----

/// The skirmish with both sides free to deploy anywhere, `edit` applied to its JSON.
fn drill_scenario(edit: impl FnOnce(&mut serde_json::Value)) -> Scenario {
    fixture(
        &Drill,
        "tests/fixtures/drill/scenarios/drill-skirmish.json",
        |v| {
            let all = common::system::zone(1..=8, 1..=6);
            v["deployment"][0]["zone"]["hexes"] = json!(all);
            v["deployment"][1]["zone"]["hexes"] = json!(all);
            edit(v);
        },
    )
}

/// `command` (units, hexes and facings by name) applied with exactly these faces.
fn go(s: &State, command: serde_json::Value, faces: &[u8]) -> (State, Vec<String>) {
    let c = Drill.parse_command(s, command.clone()).unwrap();
    let mut d = FixedDice::new(faces.iter().copied());
    let (n, ev) = Drill
        .apply(s, &c, &mut d)
        .unwrap_or_else(|e| panic!("{command}: {e}"));
    assert_eq!(d.remaining(), 0, "{command}: faces left over");
    let words = ev
        .iter()
        .map(|e| Drill.describe_event(&n, e).unwrap())
        .collect();
    (n, words)
}

/// `command` is refused, with words that contain `expected`.
fn assert_refused(s: &State, command: serde_json::Value, expected: &str) {
    let c = Drill.parse_command(s, command.clone()).unwrap();
    let e = Drill
        .apply(s, &c, &mut FixedDice::new([]))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains(expected), "{command}: {e}");
}

/// West FT 1 at 0303, West HS 1 at 0402, East FT 1 in the bog at 0403, the others far off;
/// West faces ESE, East WNW (Drill 2.1).
fn position(sc: &Scenario) -> State {
    position_with(sc, &Options::default())
}

fn position_with(sc: &Scenario, options: &Options) -> State {
    deployed(
        Drill.start(sc, options).unwrap(),
        [
            ("West FT 1", "0303"),
            ("West FT 2", "0101"),
            ("West FT 3", "0102"),
            ("West HS 1", "0402"),
            ("East FT 1", "0403"),
            ("East FT 2", "0801"),
            ("East FT 3", "0802"),
            ("East HS 1", "0806"),
        ],
    )
}

/// Every unit deployed where `at` says, West's first.
fn deployed(mut s: State, at: [(&str, &str); 8]) -> State {
    for (unit, hex) in at {
        s = go(&s, json!({"type": "deploy", "unit": unit, "hex": hex}), &[]).0;
    }
    s
}

/// Where `name` is, printed.
fn hex_of(s: &State, name: &str) -> String {
    let u = unit(s, name);
    s.setup().grid.name(s.hex[u].unwrap())
}

fn unit(s: &State, name: &str) -> usize {
    s.setup().units.iter().position(|u| u.name == name).unwrap()
}

#[test]
fn drill_2_a_card_drawn_with_one_die_of_the_cards_left_decides_who_acts() {
    let s = position(&drill_scenario(|_| {}));
    // Drill 2.1: deployed facing their side's `faces`; play starts with a draw.
    assert_eq!(
        s.facing[unit(&s, "West FT 1")],
        Facing::parse("ESE").unwrap()
    );
    assert_eq!(
        s.facing[unit(&s, "East FT 1")],
        Facing::parse("WNW").unwrap()
    );
    assert_eq!((s.turn, s.deploying), (1, false));
    assert_eq!(Drill.legal(&s), vec![Command::Draw]);
    // Drill 2.2: six cards, West 1-3 then East 1-3; a 4 draws East 1, and East acts.
    let c = Drill.parse_command(&s, json!({"type": "draw"})).unwrap();
    let mut d = FixedDice::new([4]);
    let (n, ev) = Drill.apply(&s, &c, &mut d).unwrap();
    let rolls = Drill.rolls(&ev);
    assert_eq!(rolls.len(), 1);
    assert_eq!((rolls[0].spec.sides, rolls[0].total), (6, 4));
    assert_eq!(rolls[0].context["card"], json!({"side": 1, "number": 1}));
    assert_eq!(n.card, Some(Card { side: 1, number: 1 }));
    assert_eq!(n.player, 1);
    assert_eq!(Drill.progress(&n).phase, "Activation: East 1");
    let board = Drill.board(&n);
    assert_eq!(board.cards[0].title, "East 1");
    assert_eq!(
        board.cards[1].detail,
        "5 card(s) left this game-turn: West 1, West 2, West 3, East 2, East 3"
    );
    // A West unit may not act on East's card; a second draw waits for the card to be played.
    assert_refused(
        &n,
        json!({"type": "face", "unit": "West FT 1", "facing": "N"}),
        "not a unit of East on the map",
    );
    assert_refused(
        &n,
        json!({"type": "draw"}),
        "East 1 is in play: play it first",
    );
}

#[test]
fn drill_2_4_the_last_card_ends_the_game_turn_and_the_last_game_turn_the_game() {
    let s = position(&drill_scenario(|v| {
        v["game_length"] = json!(1);
        v["victory"][0]["rule"]["grades"][0]["by_turn"] = json!(1);
        v["victory"][0]["rule"]["otherwise"]["by_turn"] = json!(1);
    }));
    let mut s = s;
    let mut words = Vec::new();
    // Six cards: five rolls (6, 5, 4, 3, 2 faces), the last card drawn with no roll.
    for left in (1..=6u8).rev() {
        let faces: Vec<u8> = if left > 1 { vec![1] } else { vec![] };
        let (n, w) = go(&s, json!({"type": "draw"}), &faces);
        words.extend(w);
        let (n, w) = go(&n, json!({"type": "pass"}), &[]);
        words.extend(w);
        s = n;
    }
    assert_eq!(words[0], "West 1 drawn (a 1 of 1-6, Drill 2.2)");
    assert!(
        words.contains(&"East 3 drawn, the last card (Drill 2.2)".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"game-turn 1 ends (Drill 2.4)".to_string()),
        "{words:?}"
    );
    // Drill 6.2: West did not destroy East by game-turn 1: East wins (the shared evaluator's
    // words for a `destroy_all` not met).
    let o = Drill.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(
        o.reason,
        "Drill 6.2: West must eliminate every East unit; otherwise East wins. — units survive \
         to the end"
    );
    assert!(Drill.legal(&s).is_empty());
}

#[test]
fn drill_3_and_4_a_unit_moves_one_hex_into_its_front_and_horse_keeps_out_of_bog() {
    let s = position(&drill_scenario(|_| {}));
    let (s, _) = go(&s, json!({"type": "draw"}), &[1]); // West 1
    // West HS 1 at 0402 faces ESE: its front is 0502, 0503 and 0403.
    assert_refused(
        &s,
        json!({"type": "move", "unit": "West HS 1", "to": "0503"}),
        "Drill 4.2: horse may not enter the bog at 0503",
    );
    assert_refused(
        &s,
        json!({"type": "move", "unit": "West HS 1", "to": "0401"}),
        "Drill 4.1: 0401 is not in its front",
    );
    assert_refused(
        &s,
        json!({"type": "move", "unit": "West HS 1", "to": "0403"}),
        "Drill 1.2: 0403 holds a unit",
    );
    // Foot may enter bog: West FT 1 from 0303 into 0404? Not adjacent; into 0304 (its front).
    let (s2, _) = go(
        &s,
        json!({"type": "move", "unit": "West FT 1", "to": "0304"}),
        &[],
    );
    assert_eq!(
        s2.hex[unit(&s2, "West FT 1")].map(|h| s2.setup().grid.name(h)),
        Some("0304".into())
    );
    assert_eq!(s2.card, None, "a move plays the card (Drill 2.3)");
    // Drill 3.2: turning is an activation; the unit may then move where it faces.
    let (s3, _) = go(
        &s,
        json!({"type": "face", "unit": "West HS 1", "facing": "N"}),
        &[],
    );
    assert_eq!(
        s3.facing[unit(&s3, "West HS 1")],
        Facing::parse("N").unwrap()
    );
    assert_refused(
        &s,
        json!({"type": "face", "unit": "West HS 1", "facing": "E"}),
        "Drill 3.1: E is a vertex; a unit faces a hexside",
    );
    let (s3, _) = go(&s3, json!({"type": "draw"}), &[1]); // West 2
    // Drill 2.3: each unit acts once a game-turn.
    assert_refused(
        &s3,
        json!({"type": "move", "unit": "West HS 1", "to": "0401"}),
        "Drill 2.3: West HS 1 has acted this game-turn",
    );
}

#[test]
fn drill_5_fire_at_odds_of_attack_to_defense_times_terrain_one_column_right_from_outside_the_front()
{
    let s = position(&drill_scenario(|_| {}));
    let (w, _) = go(&s, json!({"type": "draw"}), &[1]); // West 1
    let fire = json!({"type": "fire", "unit": "West FT 1", "target": "0403"});
    // Drill 5.1: 2 against 2 x 2 (bog) is 1-2; East FT 1 faces WNW, West FT 1 is in its
    // front: a 4 does nothing, a 5 eliminates.
    let c = Drill.parse_command(&w, fire.clone()).unwrap();
    let p = Drill.preview(&w, &[c]).unwrap();
    assert_eq!(p.column, "1-2");
    assert_eq!(p.modifiers.len(), 1, "{:?}", p.modifiers);
    let (n, words) = go(&w, fire.clone(), &[4]);
    assert_eq!(words, vec!["rolled 4 (fire (Drill 5.1))"]);
    assert!(n.alive[unit(&n, "East FT 1")]);
    let (n, words) = go(&w, fire.clone(), &[5]);
    assert_eq!(words[1], "East FT 1 eliminated (Drill 5.1)");
    assert!(!n.alive[unit(&n, "East FT 1")]);
    // Drill 5.2: East FT 1 turned to face S has West FT 1 on its flank: 1-1, and a 4 kills.
    let (e, _) = go(&s, json!({"type": "draw"}), &[4]); // East 1
    let (e, _) = go(
        &e,
        json!({"type": "face", "unit": "East FT 1", "facing": "S"}),
        &[],
    );
    let (e, _) = go(&e, json!({"type": "draw"}), &[1]); // West 1
    let c = Drill.parse_command(&e, fire.clone()).unwrap();
    assert_eq!(Drill.preview(&e, &[c]).unwrap().column, "1-1");
    let (n, _) = go(&e, fire.clone(), &[4]);
    assert!(!n.alive[unit(&n, "East FT 1")]);
    // Out of range (West FT 2 at 0101, range 2), a unit may not fire; nor out of its front
    // (West FT 1 turned to face N, on the next West card).
    let (w2, _) = go(
        &w,
        json!({"type": "face", "unit": "West FT 1", "facing": "N"}),
        &[],
    );
    let (w2, _) = go(&w2, json!({"type": "draw"}), &[1]);
    let mut next = w2.clone();
    next.acted.iter_mut().for_each(|a| *a = false);
    assert_refused(
        &next,
        json!({"type": "fire", "unit": "West FT 1", "target": "0403"}),
        "Drill 5.1: no enemy in its front within its range at 0403",
    );
    assert_refused(
        &w2,
        json!({"type": "fire", "unit": "West FT 2", "target": "0403"}),
        "Drill 5.1: no enemy in its front within its range at 0403",
    );
}

#[test]
fn drill_5_3_and_6_1_fierce_horse_and_stubborn_units_change_the_column() {
    // Drill 6.1: East FT 1 stubborn defends at 3, x 2 in bog: West FT 1's 2 is 1-3.
    let sc = drill_scenario(|v| {
        v["special_rules"] = json!([{"text": "East FT 1 holds.",
            "rule": {"kind": "drill_stubborn", "units": ["East FT 1"]}}]);
    });
    let s = position(&sc);
    let (w, _) = go(&s, json!({"type": "draw"}), &[1]);
    let c = Drill
        .parse_command(
            &w,
            json!({"type": "fire", "unit": "West FT 1", "target": "0403"}),
        )
        .unwrap();
    assert_eq!(Drill.preview(&w, &[c]).unwrap().column, "1-3");
    assert!(
        Drill.board(&w).counters[unit(&w, "East FT 1")]
            .markers
            .contains(&"stubborn".into())
    );
    // Drill 5.3: West HS 1 (attack 4) against 4 is 1-1; fierce, 8 against 4 is 2-1.
    let horse = json!({"type": "fire", "unit": "West HS 1", "target": "0403"});
    let s = position(&drill_scenario(|_| {}));
    let (w, _) = go(&s, json!({"type": "draw"}), &[1]);
    let c = Drill.parse_command(&w, horse.clone()).unwrap();
    assert_eq!(Drill.preview(&w, &[c]).unwrap().column, "1-1");
    let fierce = Options { fierce_horse: true };
    let s = position_with(&drill_scenario(|_| {}), &fierce);
    let (w, _) = go(&s, json!({"type": "draw"}), &[1]);
    let c = Drill.parse_command(&w, horse).unwrap();
    assert_eq!(Drill.preview(&w, &[c]).unwrap().column, "2-1");
}

#[test]
fn drill_3_1_units_face_a_hexside_and_a_vertex_is_refused_at_the_start() {
    let sc = drill_scenario(|v| v["sides"][0]["faces"] = json!("E"));
    let e = Drill
        .start(&sc, &Default::default())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("sides[0].faces: E is a vertex of this map's hexes; units face a hexside"),
        "{e}"
    );
    let e = try_fixture(
        &Drill,
        "tests/fixtures/drill/scenarios/drill-skirmish.json",
        |v| {
            v["sides"][1]["cards"] = json!(0);
        },
    )
    .unwrap_err();
    assert!(
        e.contains("sides[1].cards: 0 cards; a side puts 1 to 20 in the deck (Drill 2.2)"),
        "{e}"
    );
}

/// A Drill scenario exports as a VASSAL module, and a game's position too (counters facing
/// where the units face), and a pack carries it to another library folder: each read back.
#[test]
fn drill_exports_as_a_vassal_module_and_a_pack() {
    let py = common::vassal::python();
    let d = tempfile::tempdir().unwrap();
    let sc = scenario_path();
    let module = common::vassal::cli_export(&py, d.path(), "drill", &[sc.as_ref()]);
    let units = module["units"].as_array().unwrap();
    assert_eq!(units.len(), 8, "{module}");
    assert!(
        units.iter().all(|u| u["properties"]["Range"].is_string()),
        "{units:?}"
    );
    // Every Drill unit faces: its piece rotates to its facing (a rotate trait of twelve
    // angles, West's ESE at index 4, East's WNW at 10), which the reader checks; a facing the
    // module does not hold is found.
    let faced: Vec<i64> = units
        .iter()
        .map(|u| u["facing"].as_i64().unwrap())
        .collect();
    assert_eq!(faced, [4, 4, 4, 4, 10, 10, 10, 10]);
    let mut wrong = module.clone();
    wrong["units"][0]["facing"] = json!(5);
    let exp = d.path().join("wrong.json");
    std::fs::write(&exp, wrong.to_string()).unwrap();
    let (ok, text) = common::vassal::check(&py, &d.path().join("drill.vmod"), &exp);
    assert!(!ok && text.contains("West FT 1: rotate trait"), "{text}");
    // Its pieces are drawn as Drill prints its counters (Drill 1.3: values in the lower
    // corners, the defense in a ring), not in the common layout.
    let sc_read = drill_scenario(|_| {});
    let west = &Drill
        .board(&Drill.start(&sc_read, &Options::default()).unwrap())
        .counters[0];
    let file = std::fs::File::open(d.path().join("drill.vmod")).unwrap();
    let mut zip = zip::ZipArchive::new(file).unwrap();
    let name = (0..zip.len())
        .map(|i| zip.by_index(i).unwrap().name().to_string())
        .find(|n| n.starts_with("images/unit-west-FT-"))
        .expect("West FT's picture in the module");
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut zip.by_name(&name).unwrap(), &mut bytes).unwrap();
    let img = image::load_from_memory(&bytes).unwrap().to_rgba8();
    let fill = kepi::render::side_rgb(&sc_read)[0];
    let drawn = |layout: &CounterLayout| unit_picture(west, layout, fill, img.width());
    assert_eq!(west.id, "West FT 1");
    assert!(
        drawn(&Drill.counter_layout()) == img,
        "{name}: Drill's layout"
    );
    assert!(
        drawn(&CounterLayout::default()) != img,
        "{name}: not the common layout"
    );
    // A game part way: its position, with the units where they deployed.
    let game = d.path().join("g.json");
    kepi(&[
        "new",
        &sc,
        "--out",
        &game.display().to_string(),
        "--seed",
        "5",
        "--auto-deploy",
    ]);
    let module = common::vassal::cli_export(
        &py,
        d.path(),
        "drill-game",
        &["--game".as_ref(), game.as_os_str()],
    );
    let on_map = module["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| !u["hex"].is_null())
        .count();
    assert_eq!(on_map, 8, "{module}");
    // A pack of the scenario with its map, imported into an empty library folder.
    let pack = d.path().join("drill.kepipack");
    kepi(&["pack", "export", &sc, "--out", &pack.display().to_string()]);
    kepi(&["pack", "verify", &pack.display().to_string()]);
    let lib = d.path().join("library");
    kepi(&[
        "pack",
        "import",
        &pack.display().to_string(),
        "--into",
        &lib.display().to_string(),
    ]);
    let imported: Vec<_> = walk(&lib)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "drill-skirmish.json"))
        .collect();
    assert_eq!(imported.len(), 1, "{:?}", walk(&lib));
    kepi(&["validate", &imported[0].display().to_string()]);
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// Every card of the game-turn drawn (the first of those left each time) and passed.
fn pass_the_game_turn(mut s: State) -> State {
    let turn = s.turn;
    while s.turn == turn && s.outcome.is_none() {
        let faces: &[u8] = if s.deck.len() > 1 { &[1] } else { &[] };
        s = go(&s, json!({"type": "draw"}), faces).0;
        s = go(&s, json!({"type": "pass"}), &[]).0;
    }
    s
}

/// A game of one game-turn whose only victory entry is West holding 0303 at its end.
fn hold_scenario() -> Scenario {
    drill_scenario(|v| {
        v["game_length"] = json!(1);
        v["victory"] = json!([{
            "text": "West holds 0303.",
            "rule": {"kind": "hold", "side": "west",
                     "target": {"hexes": ["0303"], "require": "every_hex"}, "turn": 1},
            "level": "marginal"
        }]);
    })
}

#[test]
fn drill_6_2_a_hold_is_decided_at_its_game_turn_by_the_shared_evaluator() {
    let s = position(&hold_scenario());
    // Open, and read from the position now: West FT 1 is in 0303.
    let v = Drill.victory(&s);
    assert_eq!(v[0].status, ConditionStatus::Open);
    assert_eq!(
        v[0].detail,
        "decided at the end of game-turn 1; met if it were decided now"
    );
    // Every card passed: West still holds 0303 at the end of game-turn 1, and wins.
    let held = pass_the_game_turn(s.clone());
    let o = Drill.outcome(&held).unwrap();
    assert_eq!((o.winner, o.level.as_deref()), (Some(0), Some("marginal")));
    assert_eq!(
        o.reason,
        "Drill 6.2: West holds 0303. — met at the end of game-turn 1"
    );
    assert_eq!(Drill.victory(&held)[0].status, ConditionStatus::Met);
    // East 1 drawn (a 4 of 1-6); East FT 1 fires at West FT 1, in its front: 2 against 2 is
    // 1-1, and a 4 eliminates it. 0303 is empty at the end: West failed, East wins.
    let (e, _) = go(&s, json!({"type": "draw"}), &[4]);
    let fire = json!({"type": "fire", "unit": "East FT 1", "target": "0303"});
    let (e, words) = go(&e, fire, &[4]);
    assert_eq!(words[1], "West FT 1 eliminated (Drill 5.1)");
    let lost = pass_the_game_turn(e);
    let o = Drill.outcome(&lost).unwrap();
    assert_eq!((o.winner, o.level.as_deref()), (Some(1), None));
    assert_eq!(
        o.reason,
        "Drill 6.2: West holds 0303. — not met at the end of game-turn 1"
    );
    let v = Drill.victory(&lost);
    assert_eq!(v[0].status, ConditionStatus::NotMet);
    assert_eq!(v[0].detail, "not met at the end of game-turn 1");
}

#[test]
fn drill_6_2_destroy_all_ends_the_game_at_once_and_a_side_with_no_unit_loses() {
    // East with one unit, East FT 1 in the bog at 0403.
    let one = |v: &mut serde_json::Value| {
        v["sides"][1]["units"] = json!([{"name": "East FT 1", "kind": "FT"}]);
    };
    let sc = drill_scenario(one);
    let mut s = Drill.start(&sc, &Options::default()).unwrap();
    for (unit, hex) in [
        ("West FT 1", "0303"),
        ("West FT 2", "0101"),
        ("West FT 3", "0102"),
        ("West HS 1", "0402"),
        ("East FT 1", "0403"),
    ] {
        s = go(&s, json!({"type": "deploy", "unit": unit, "hex": hex}), &[]).0;
    }
    // West 1 drawn; West FT 1 fires at 1-2 and a 5 eliminates East's last unit: West wins
    // with the grade of game-turn 1, in the game-turn.
    let (w, _) = go(&s, json!({"type": "draw"}), &[1]);
    let fire = json!({"type": "fire", "unit": "West FT 1", "target": "0403"});
    let (w, words) = go(&w, fire, &[5]);
    assert_eq!(
        words[2],
        "game over: Drill 6.2: West must eliminate every East unit; otherwise East wins. — \
         every East unit destroyed on game-turn 1"
    );
    let o = Drill.outcome(&w).unwrap();
    assert_eq!((o.winner, o.level.as_deref()), (Some(0), Some("marginal")));
    assert_eq!(Drill.victory(&w)[0].status, ConditionStatus::Met);
    assert!(Drill.legal(&w).is_empty());
    // Drill's own rule: a side left with no unit loses at once, whatever the entries. East
    // holds 0806 at the end; West's only unit is eliminated on game-turn 1.
    let hold = drill_scenario(|v| {
        v["sides"][0]["units"] = json!([{"name": "West FT 1", "kind": "FT"}]);
        v["victory"] = json!([{
            "text": "East holds 0806.",
            "rule": {"kind": "hold", "side": "east",
                     "target": {"hexes": ["0806"], "require": "every_hex"}}
        }]);
    });
    let mut s = Drill.start(&hold, &Options::default()).unwrap();
    for (unit, hex) in [
        ("West FT 1", "0303"),
        ("East FT 1", "0403"),
        ("East FT 2", "0801"),
        ("East FT 3", "0802"),
        ("East HS 1", "0806"),
    ] {
        s = go(&s, json!({"type": "deploy", "unit": unit, "hex": hex}), &[]).0;
    }
    let (e, _) = go(&s, json!({"type": "draw"}), &[4]); // East 1
    let fire = json!({"type": "fire", "unit": "East FT 1", "target": "0303"});
    let (e, _) = go(&e, fire, &[4]);
    let o = Drill.outcome(&e).unwrap();
    assert_eq!((o.winner, o.level), (Some(1), None));
    assert_eq!(o.reason, "Drill 6.2: every West unit is eliminated");
}

#[test]
fn drill_6_2_refuses_what_it_cannot_play_by_field() {
    let victory = |rule: serde_json::Value| {
        move |v: &mut serde_json::Value| {
            v["victory"][0]["rule"] = rule;
            v["victory_points"] = json!([{"text": "1 a kill", "side": "west", "source": {"kind": "eliminated", "points": 1}}]);
        }
    };
    let hold = json!({"kind": "hold", "side": "west",
                      "target": {"hexes": ["0303"], "require": "every_hex"}});
    let exit = json!({"kind": "exit", "side": "west", "units": {"kind": "units", "count": 1},
                      "area": {"text": "the east edge", "hexes": ["0801"]}, "by_turn": 6});
    let points = json!({"kind": "points", "side": "west", "at_least": 1});
    let any = json!({"kind": "any", "side": "west", "of": [hold, exit]});
    let path = "tests/fixtures/drill/scenarios/drill-skirmish.json";
    // Validation reports each, with its field.
    let err = try_fixture(&Drill, path, victory(any.clone())).unwrap_err();
    assert!(
        err.contains("victory[0].rule.of[1]: Drill 6.2: Drill's units never leave the map"),
        "{err}"
    );
    assert!(
        err.contains("victory_points[0]: Drill 6.2: Drill scores no victory points"),
        "{err}"
    );
    assert!(!err.contains("of[0]"), "{err}");
    let err = try_fixture(&Drill, path, victory(points)).unwrap_err();
    assert!(
        err.contains("victory[0].rule: Drill 6.2: Drill scores no victory points"),
        "{err}"
    );
    // The start refuses them too, by field.
    let mut sc = drill_scenario(|_| {});
    sc.file.victory[0].rule = serde_json::from_value(any).unwrap();
    let e = Drill
        .start(&sc, &Options::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("victory[0].rule.of[1]: Drill 6.2:"), "{e}");
}

#[test]
fn drill_4_3_a_line_advances_one_hex_straight_ahead_at_once_on_one_card() {
    // Named before the rules check it (the app describes a command first): a unit not on the
    // map, or no unit at all, is described and refused, never a crash.
    let sc = drill_scenario(|_| {});
    let start = Drill.start(&sc, &Options::default()).unwrap();
    for unit in [0, 99] {
        let c = Command::Advance { unit };
        assert!(
            Drill
                .describe_command(&start, &c)
                .starts_with("Advance the line of")
        );
        let _ = Drill.command_infos(&start, std::slice::from_ref(&c));
        assert!(Drill.apply(&start, &c, &mut FixedDice::new([])).is_err());
    }
    let s = position(&sc);
    let (s, _) = go(&s, json!({"type": "draw"}), &[1]); // West 1
    // West FT 2 (0101) and West FT 3 (0102) are next to each other, both facing ESE: a line,
    // offered once, by its first unit, with each unit's step.
    let legal = Drill.legal(&s);
    let advances: Vec<&Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::Advance { .. }))
        .collect();
    assert_eq!(
        advances,
        vec![&Command::Advance {
            unit: unit(&s, "West FT 2")
        }],
        "West FT 1 (0303) and West HS 1 (0402) are a line too, but blocked"
    );
    let info = &Drill.command_infos(&s, &[advances[0].clone()])[0];
    assert_eq!(info.kind, "advance_line");
    assert_eq!(info.units, vec!["West FT 2", "West FT 3"]);
    let steps: Vec<(String, Vec<String>)> = info
        .steps
        .iter()
        .map(|x| (x.unit.clone(), x.path.clone()))
        .collect();
    assert_eq!(
        steps,
        vec![
            ("West FT 2".into(), vec!["0101".into(), "0201".into()]),
            ("West FT 3".into(), vec!["0102".into(), "0202".into()]),
        ]
    );
    assert_eq!(
        Drill.describe_command(&s, advances[0]),
        "Advance the line of 2 (West FT 2, West FT 3)"
    );
    // Any unit of the line gives the same advance.
    let (n, _) = go(&s, json!({"type": "advance", "unit": "West FT 3"}), &[]);
    assert_eq!(hex_of(&n, "West FT 2"), "0201");
    assert_eq!(hex_of(&n, "West FT 3"), "0202");
    assert_eq!(n.card, None, "one card for the whole line (Drill 2.3)");
    assert!(n.acted[unit(&n, "West FT 2")] && n.acted[unit(&n, "West FT 3")]);
    assert_eq!(
        n.facing[unit(&n, "West FT 2")],
        Facing::parse("ESE").unwrap()
    );
    // Their line is blocked ahead: West FT 1's hex ahead (0403) holds East FT 1, and West
    // HS 1's (0503) is bog.
    assert_refused(
        &s,
        json!({"type": "advance", "unit": "West HS 1"}),
        "Drill 1.2: 0403, ahead of West FT 1, holds a unit",
    );
    // A unit that has acted leaves its line; alone, a unit has no line.
    let (n, _) = go(&n, json!({"type": "draw"}), &[1]); // West 2
    let (n, _) = go(
        &n,
        json!({"type": "face", "unit": "West FT 1", "facing": "N"}),
        &[],
    );
    let (n, _) = go(&n, json!({"type": "draw"}), &[1]); // West 3
    assert_refused(
        &n,
        json!({"type": "advance", "unit": "West HS 1"}),
        "Drill 4.3: West HS 1 has no unit beside it facing as it does that has not acted",
    );
}

#[test]
fn drill_4_3_a_unit_of_a_line_steps_into_the_hex_another_leaves_and_horse_keeps_out_of_bog() {
    let sc = drill_scenario(|_| {});
    // A column facing ESE: West FT 2 at 0101, West FT 3 ahead of it at 0201.
    let s = deployed(
        Drill.start(&sc, &Options::default()).unwrap(),
        [
            ("West FT 1", "0106"),
            ("West FT 2", "0101"),
            ("West FT 3", "0201"),
            ("West HS 1", "0402"),
            ("East FT 1", "0801"),
            ("East FT 2", "0802"),
            ("East FT 3", "0803"),
            ("East HS 1", "0806"),
        ],
    );
    let (s, _) = go(&s, json!({"type": "draw"}), &[1]);
    let (n, _) = go(&s, json!({"type": "advance", "unit": "West FT 2"}), &[]);
    assert_eq!(hex_of(&n, "West FT 2"), "0201");
    assert_eq!(hex_of(&n, "West FT 3"), "0302");
    // West HS 1 joins them at 0302's neighbour 0402: next, the three advance, and the horse's
    // hex ahead, 0503, is bog.
    let (n, _) = go(&n, json!({"type": "draw"}), &[1]);
    let (n, _) = go(&n, json!({"type": "pass"}), &[]);
    let (n, _) = go(&n, json!({"type": "draw"}), &[1]);
    let (n, _) = go(&n, json!({"type": "pass"}), &[]);
    let n = pass_the_game_turn(n);
    let (n, _) = go(&n, json!({"type": "draw"}), &[1]);
    assert_refused(
        &n,
        json!({"type": "advance", "unit": "West FT 2"}),
        "Drill 4.2: horse may not enter the bog at 0503 (West HS 1)",
    );
}

#[test]
fn drill_7_a_side_sees_enemy_units_next_to_its_own_or_in_their_front_within_3_hexes() {
    let s = position(&drill_scenario(|_| {}));
    // West (facing ESE from 0303, 0101, 0102, 0402) sees East FT 1 next to it at 0403; East
    // FT 2 at 0801 is 4 hexes from West HS 1, the others further.
    assert_eq!(
        Drill.unseen(&s, 0),
        vec!["East FT 2", "East FT 3", "East HS 1"]
    );
    // East sees West FT 1 and West HS 1 (next to East FT 1) and West FT 3, 3 hexes straight
    // ahead of East FT 1 (0403, WNW: 0303, 0202, 0102); not West FT 2 at 0101.
    assert_eq!(Drill.unseen(&s, 1), vec!["West FT 2"]);
    // In the front within 3 hexes: 0604 is 3 hexes straight ahead of West FT 1 (0303, ESE);
    // behind it, 0102 is 2 hexes off and unseen from there.
    let sc = drill_scenario(|_| {});
    let s = deployed(
        Drill.start(&sc, &Options::default()).unwrap(),
        [
            ("West FT 1", "0303"),
            ("West FT 2", "0106"),
            ("West FT 3", "0206"),
            ("West HS 1", "0306"),
            ("East FT 1", "0604"),
            ("East FT 2", "0102"),
            ("East FT 3", "0801"),
            ("East HS 1", "0802"),
        ],
    );
    assert_eq!(
        s.setup()
            .grid
            .distance(s.hex[0].unwrap(), s.hex[4].unwrap()),
        3
    );
    assert_eq!(
        Drill.unseen(&s, 0),
        vec!["East FT 2", "East FT 3", "East HS 1"]
    );
    // The board as West sees it: where an unseen unit is, how it faces and stands, is gone;
    // what its order of battle shows stays.
    let board = Drill.board(&s).seen_by(&Drill.unseen(&s, 0));
    let east_ft_2 = board.counters.iter().find(|c| c.id == "East FT 2").unwrap();
    assert_eq!(east_ft_2.place, kepi::engine::counters::Place::Unseen);
    assert_eq!((east_ft_2.hex.as_deref(), east_ft_2.facing), (None, None));
    assert_eq!(east_ft_2.values, "2-2-2");
    let east_ft_1 = board.counters.iter().find(|c| c.id == "East FT 1").unwrap();
    assert_eq!(east_ft_1.hex.as_deref(), Some("0604"));
    assert_eq!(board.counters, {
        let mut whole = Drill.board(&s);
        for c in whole
            .counters
            .iter_mut()
            .filter(|c| c.id != "East FT 1" && c.side == 1)
        {
            c.place = kepi::engine::counters::Place::Unseen;
            c.hex = None;
            c.facing = None;
            c.markers.clear();
            c.order = 0;
        }
        whole.counters
    });
}

/// Issue 37: a game recorded under an older rules version of its system (here Drill rules 1,
/// before Drill 4.3 and 7) and played on under today's records today's version on the nodes
/// played now, and only there; the game's own record is not rewritten, and an exported game
/// file keeps every node's version through an import.
#[test]
fn nodes_played_on_under_a_later_rules_version_record_it() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("a.kepi");
    let sc = drill_scenario(|_| {});
    let mut ar = Archive::open(&db).unwrap();
    let players = ["Ann".to_string(), "Bob".to_string()];
    let g = ar.create_game(&sc, &json!({}), 4, &players).unwrap();
    let play_first = |ar: &mut Archive, node| {
        let s = ar.state_at(node).unwrap();
        let c = s.rules().legal(&s).remove(0);
        ar.play(node, &c, &mut Default::default()).unwrap().0
    };
    let root = ar.root(g).unwrap().id;
    let n1 = play_first(&mut ar, root);
    assert_eq!(
        ar.node(n1).unwrap().rules_version,
        None,
        "the game's own rules"
    );
    drop(ar);
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE games SET rules_version = 1 WHERE id = ?1", [g])
        .unwrap();
    let mut ar = Archive::open(&db).unwrap();
    let n2 = play_first(&mut ar, n1);
    assert_eq!(
        ar.node(n2).unwrap().rules_version,
        Some(Drill.rules_version())
    );
    assert_eq!(ar.node(n1).unwrap().rules_version, None);
    assert_eq!(
        ar.game(g).unwrap().rules_version,
        1,
        "the record is not rewritten"
    );
    // A branch at n1 is played under today's rules too.
    let n3 = play_first(&mut ar, n1);
    assert_ne!(n3, n2);
    assert_eq!(ar.node(n3).unwrap().rules_version, Some(2));
    let tree = ar.export_game(g).unwrap();
    let versions =
        |t: &GameTree| -> Vec<Option<u32>> { t.nodes.iter().map(|n| n.rules_version).collect() };
    assert_eq!(versions(&tree), vec![None, None, Some(2), Some(2)]);
    let tree = GameTree::from_text(&tree.to_text()).unwrap();
    let mut fresh = Archive::open(&d.path().join("b.kepi")).unwrap();
    let h = fresh.import_game(&tree).unwrap();
    assert_eq!(fresh.verify_game(h).unwrap(), 4);
    assert_eq!(fresh.game(h).unwrap().rules_version, 1);
    let kept: Vec<Option<u32>> = fresh
        .nodes(h)
        .unwrap()
        .iter()
        .map(|n| n.rules_version)
        .collect();
    assert_eq!(kept, vec![None, None, Some(2), Some(2)]);
}

//! Age of Rifles, the rest of issue 15: the speed work's equivalences (the random player draws
//! exactly what it drew over the full legal list, the step-table distance is the map's), night
//! and rain (AoR 5.5, 16) with the scenario fields that name their turns. Each test is named
//! for the case it checks.

use crate::common;
use common::aor::{to, zone};
use kepi::engine::Player;
use kepi::engine::age_of_rifles::legal::{OrderChoices, RandomPlayer, legal};
use kepi::engine::age_of_rifles::position::Ctx;
use kepi::engine::age_of_rifles::section::Order;
use kepi::engine::age_of_rifles::state::{Command, Phase, State};
use kepi::engine::dice::{FixedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const SCENARIO: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";
const GETTYSBURG: &str = "scenarios/aor-gettysburg-first-day.json";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap()).unwrap()
}

/// A scenario file after `edit`, as Kepi reads it: the scenario, or its problems in words.
fn try_scenario(rel: &str, edit: impl Fn(&mut Value)) -> Result<Scenario, String> {
    let mut v = read(rel);
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).map_err(|p| p.to_string())?;
    let map = kepi::library::load_scenario_map(&root().join(rel), &file).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    Scenario::new(file, map, catalog).map_err(|p| p.to_string())
}

/// The test scenario with open zones (as tests/age_of_rifles_play.rs opens them), after `edit`.
fn scenario(edit: impl Fn(&mut Value)) -> Scenario {
    try_scenario(SCENARIO, |v| {
        let mut prussian = zone(1..=5, 1..=10);
        prussian.extend(zone(6..=12, 1..=1));
        v["deployment"][0]["zone"]["hexes"] = json!(prussian);
        v["deployment"][1]["zone"]["hexes"] = json!(zone(6..=12, 2..=10));
        edit(v);
    })
    .unwrap_or_else(|p| panic!("{p}"))
}

fn cmd(v: Value) -> Command {
    serde_json::from_value(v).unwrap()
}

fn play(s: &State, c: Value) -> State {
    AgeOfRifles
        .apply(s, &cmd(c.clone()), &mut FixedDice::new([]))
        .unwrap_or_else(|e| panic!("{c}: {e}"))
        .0
}

fn refused(s: &State, c: Value) -> String {
    AgeOfRifles
        .apply(s, &cmd(c), &mut FixedDice::new([]))
        .unwrap_err()
        .to_string()
}

/// Deploy each piece where given ("-" ends a side's deployment); then game-turn 1's Command
/// Phase.
fn position(sc: &Scenario, pieces: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for (piece, hex) in pieces {
        s = if *piece == "-" {
            play(&s, json!({"kind": "end"}))
        } else {
            play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}))
        };
    }
    play(&s, json!({"kind": "end"}))
}

const FRENCH: [(&str, &str); 6] = [
    ("ii-2", "0605"),
    ("ii-1", "1005"),
    ("ii-art", "1006"),
    ("frossard", "1005"),
    ("laveaucoupet", "1005"),
    ("-", ""),
];

/// vii-13 in the ZOC of ii-2 (0605), vii-14 and the battery two hexes off, all under Attack.
fn standard(sc: &Scenario) -> State {
    let mut p = FRENCH.to_vec();
    p.extend([
        ("vii-13", "0505"),
        ("vii-14", "0405"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
    ]);
    position(sc, &p)
}

// ---- Speed: the same games for a seed ------------------------------------------------------------

/// What the player's random generator will draw next, seen through a long list.
fn next_draws(p: &RandomPlayer) -> Vec<Command> {
    let many: Vec<Command> = (0..997)
        .map(|i| Command::Deploy {
            piece: format!("p{i}"),
            hex: String::new(),
        })
        .collect();
    let mut p = p.clone();
    (0..3).map(|_| p.pick(&many)).collect()
}

/// Along seeded random games, the player's draw by index (orders, deployments, moves) is the
/// draw `pick` makes over the whole legal list, and leaves its generator in the same place.
fn random_player_draws_as_over_the_legal_list(rel: &str, games: u64) {
    let sc = try_scenario(rel, |_| {}).unwrap();
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut steps = 0;
    for seed in 0..games {
        let mut p = RandomPlayer::new(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while s.phase != Phase::Over {
            let mut q = p.clone();
            let options = legal(&s);
            let want = if options.is_empty() {
                Command::End
            } else {
                q.pick(&options)
            };
            let got = p.next(&s);
            assert_eq!(
                got, want,
                "seed {seed}, {:?} of game-turn {}",
                s.phase, s.turn
            );
            assert_eq!(
                next_draws(&p),
                next_draws(&q),
                "seed {seed}: generators apart"
            );
            if s.phase == Phase::Command && s.combat.is_none() {
                // Every order command by index is the legal list's, in its order.
                let orders = OrderChoices::new(&s, &Ctx::new(&s));
                let listed: Vec<Command> = (0..orders.len()).map(|i| orders.nth(&s, i)).collect();
                assert_eq!(listed[..], options[..options.len() - 1]);
            }
            s = AgeOfRifles.apply(&s, &got, &mut dice).unwrap().0;
            steps += 1;
        }
    }
    assert!(steps > 100 * games as usize, "{steps} steps");
}

#[test]
fn speed_the_random_player_draws_as_over_the_legal_list_on_the_fixture() {
    random_player_draws_as_over_the_legal_list(SCENARIO, 12);
}

#[test]
fn speed_the_random_player_draws_as_over_the_legal_list_on_gettysburg() {
    random_player_draws_as_over_the_legal_list(GETTYSBURG, 2);
}

#[test]
fn speed_the_step_table_distance_is_aor_12_4_cavalry_distance_on_the_map() {
    let sc = try_scenario(GETTYSBURG, |_| {}).unwrap();
    let s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let setup = s.setup();
    let n = setup.map.grid.len() as u16;
    let mut checked = 0;
    for a in (0..n).step_by(7) {
        for b in (0..n).step_by(11) {
            let want = kepi::engine::age_of_rifles::movement::cavalry_distance_half_mp(
                &setup.map,
                setup.hex(a),
                setup.hex(b),
            );
            assert_eq!(setup.cavalry_distance(a, b), want, "{a} to {b}");
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

// ---- AoR 5.5, 16: night and rain ---------------------------------------------------------------

#[test]
fn night_and_rain_turns_outside_the_game_twice_or_in_rifle_and_saber_are_refused_by_field() {
    let e = try_scenario(SCENARIO, |v| {
        v["night_turns"] = json!([0, 7, 3, 3]);
        v["rain_turns"] = json!([2, 9]);
    })
    .unwrap_err();
    for field in [
        "night_turns[0]",
        "night_turns[1]",
        "night_turns[3]",
        "rain_turns[1]",
    ] {
        assert!(e.contains(field), "{field} in {e}");
    }
    assert!(
        !e.contains("night_turns[2]") && !e.contains("rain_turns[0]"),
        "{e}"
    );
    let e = try_scenario("scenarios/rs-02-varese.json", |v| {
        v["night_turns"] = json!([1]);
    })
    .unwrap_err();
    assert!(
        e.contains("night_turns") && e.contains("AoR 5.5, 16"),
        "{e}"
    );
    // Valid turns read, and are written back only when present.
    let sc = scenario(|v| v["night_turns"] = json!([5, 6]));
    assert_eq!(sc.file.night_turns, vec![5, 6]);
    assert!(!scenario(|_| {}).file.to_text().contains("night_turns"));
}

#[test]
fn aor_5_5_16_night_no_assault_and_no_obligation_to_attack() {
    // By day the stack in 0505 (Attack orders, in the ZOC of 0605) must attack (AoR 7.3).
    let day = to(&standard(&scenario(|_| {})), "combat", 0);
    assert!(
        legal(&day)
            .iter()
            .any(|c| matches!(c, Command::Assault { .. }))
    );
    assert!(!legal(&day).contains(&Command::End));
    let night = to(
        &standard(&scenario(|v| v["night_turns"] = json!([1]))),
        "combat",
        0,
    );
    assert_eq!(legal(&night), vec![Command::End]);
    let e = refused(
        &night,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
    );
    assert!(e.contains("AoR 5.5, 16") && e.contains("night"), "{e}");
    assert!(AgeOfRifles.report(&night).contains("A night turn"));
}

#[test]
fn aor_16_night_artillery_cannot_bombard_and_aor_5_5_rain_neither() {
    let day = to(&standard(&scenario(|_| {})), "bombardment", 0);
    assert!(
        legal(&day)
            .iter()
            .any(|c| matches!(c, Command::Bombard { unit, .. } if unit == "vii-art")),
        "{:?}",
        legal(&day)
    );
    for key in ["night_turns", "rain_turns"] {
        let dark = to(
            &standard(&scenario(|v| v[key] = json!([1]))),
            "bombardment",
            0,
        );
        assert_eq!(legal(&dark), vec![Command::End], "{key}");
        let e = refused(
            &dark,
            json!({"kind": "bombard", "unit": "vii-art", "target": "0605"}),
        );
        assert!(
            e.contains("AoR 5.5") && e.contains("no combat"),
            "{key}: {e}"
        );
    }
}

#[test]
fn aor_5_5_night_and_rain_no_unit_enters_an_enemy_zoc_but_may_leave() {
    let destinations = |s: &State, unit: &str| -> Vec<(String, bool)> {
        let ctx = Ctx::new(s);
        let u = s.setup().unit(unit).unwrap();
        ctx.unit_moves(u)
            .unwrap()
            .iter()
            .map(|o| (s.setup().name(o.to), ctx.enemy_zoc(0, o.to)))
            .collect()
    };
    // By day vii-14 (Attack orders, in range) may step into the ZOC of ii-2.
    let day = to(&standard(&scenario(|_| {})), "movement", 0);
    let into = destinations(&day, "vii-14")
        .into_iter()
        .find(|d| d.1)
        .expect("a ZOC hex by day")
        .0;
    for key in ["night_turns", "rain_turns"] {
        let dark = to(&standard(&scenario(|v| v[key] = json!([1]))), "movement", 0);
        let d = destinations(&dark, "vii-14");
        assert!(!d.is_empty() && d.iter().all(|d| !d.1), "{key}: {d:?}");
        let e = refused(&dark, json!({"kind": "move", "unit": "vii-14", "to": into}));
        assert!(e.contains(&format!("cannot move to {into}")), "{key}: {e}");
    }
    // Leaving stays as by day: a Defend unit starting in a ZOC may leave it (AoR 5.5 "Units
    // can leave ZOCs").
    let sc = scenario(|v| {
        v["sides"][0]["formations"][0]["order"] = "defend".into();
        v["night_turns"] = json!([1]);
    });
    let mut p = FRENCH.to_vec();
    p.extend([
        ("vii-13", "0505"),
        ("vii-14", "0305"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
    ]);
    let dark = to(&position(&sc, &p), "movement", 0);
    let d = destinations(&dark, "vii-13");
    assert!(d.iter().any(|(h, _)| h == "0405"), "{d:?}");
    assert!(d.iter().all(|d| !d.1), "{d:?}");
}

#[test]
fn aor_16_attack_orders_that_hold_nothing_fail_at_night_and_go_to_reserve() {
    // Far from the French: no unit of VII Corps in an enemy ZOC.
    let mut far = FRENCH.to_vec();
    far.extend([
        ("vii-13", "0205"),
        ("vii-14", "0206"),
        ("vii-art", "0207"),
        ("steinmetz", "0206"),
        ("zastrow", "0206"),
    ]);
    let vii = |s: &State| s.formations[s.setup().formation("vii").unwrap()].order;
    let night = scenario(|v| v["night_turns"] = json!([1]));
    assert_eq!(vii(&position(&night, &far)), Order::Reserve);
    // By day, or holding part of the enemy's line (vii-13 in the ZOC of ii-2), it stands.
    assert_eq!(vii(&position(&scenario(|_| {}), &far)), Order::Attack);
    assert_eq!(vii(&standard(&night)), Order::Attack);
    // Rain is not night: the order stands.
    let rain = scenario(|v| v["rain_turns"] = json!([1]));
    assert_eq!(vii(&position(&rain, &far)), Order::Attack);
}

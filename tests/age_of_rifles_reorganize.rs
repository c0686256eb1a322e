//! Age of Rifles, reorganization of eliminated units (AoR 15) on night turns (AoR 16): when it is
//! offered, what it needs (Reserve orders, a leader no enemy unit sees, room in his hex), what
//! comes back (one step, in the leader's hex), the die of a demoralized corps or army, the
//! leader absent for anything else that turn, and the random player's draws with it. Each test
//! is named for the case it checks.

use crate::common;
use common::aor::open_zones;
use kepi::engine::Player;
use kepi::engine::age_of_rifles::legal::{OrderChoices, RandomPlayer, legal};
use kepi::engine::age_of_rifles::losses;
use kepi::engine::age_of_rifles::position::Ctx;
use kepi::engine::age_of_rifles::report::describe_command;
use kepi::engine::age_of_rifles::state::{Command, Event, LeaderLoc, Loc, Phase, State};
use kepi::engine::dice::{FixedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const SCENARIO: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";
const PRUSSIANS: usize = 0;
const FRENCH: usize = 1;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The test scenario with open zones (as tests/age_of_rifles_rest.rs opens them), VII Corps
/// under Defend orders (no Attack obligation while turns are ended), II Corps under Reserve,
/// the cavalry arriving late, after `edit`.
fn scenario(edit: impl Fn(&mut Value)) -> Scenario {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(SCENARIO)).unwrap()).unwrap();
    open_zones(&mut v);
    v["sides"][0]["formations"][0]["order"] = "defend".into();
    v["sides"][1]["formations"][0]["order"] = "reserve".into();
    v["reinforcements"][0]["turn"] = json!(5);
    v["night_turns"] = json!([2]);
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let map = kepi::library::load_scenario_map(&root().join(SCENARIO), &file).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    Scenario::new(file, map, catalog).unwrap_or_else(|p| panic!("{p}"))
}

fn cmd(v: Value) -> Command {
    serde_json::from_value(v).unwrap()
}

fn play_with(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    AgeOfRifles
        .apply(s, &cmd(c.clone()), &mut FixedDice::new(faces.to_vec()))
        .unwrap_or_else(|e| panic!("{c}: {e}"))
}

fn play(s: &State, c: Value) -> State {
    play_with(s, c, &[]).0
}

fn refused(s: &State, c: Value) -> String {
    AgeOfRifles
        .apply(s, &cmd(c), &mut FixedDice::new([]))
        .unwrap_err()
        .to_string()
}

fn reorganize(unit: &str) -> Value {
    json!({"kind": "reorganize", "unit": unit})
}

/// Deploy each piece where given ("-" ends a side's deployment; the French deploy first);
/// then game-turn 1's Command Phase.
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

/// VII Corps in the west, where the town and the woods hide 0905 from it; II Corps's leader
/// Laveaucoupet in `leader_at` with the 1st Brigade, the rest by the East Road.
fn standard(sc: &Scenario, leader_at: &str) -> State {
    position(
        sc,
        &[
            ("ii-1", leader_at),
            ("ii-2", "1006"),
            ("ii-art", "1007"),
            ("frossard", "1006"),
            ("laveaucoupet", leader_at),
            ("-", ""),
            ("vii-13", "0105"),
            ("vii-14", "0106"),
            ("vii-art", "0104"),
            ("steinmetz", "0105"),
            ("zastrow", "0105"),
        ],
    )
}

/// The units eliminated as fire eliminates them (their formation's and army's losses grow).
fn eliminate(s: &State, units: &[&str]) -> State {
    let mut s = s.clone();
    let mut events = Vec::new();
    for id in units {
        let u = s.setup().unit(id).unwrap();
        losses::eliminate(&mut s, u, &mut events, "the test");
    }
    s
}

/// End segments until `phase` of `side` on game-turn `turn`.
fn to(s: &State, turn: u32, phase: &str, side: usize) -> State {
    let mut s = s.clone();
    for _ in 0..40 {
        let p = AgeOfRifles.progress(&s);
        if s.turn == turn && p.phase_key == phase && p.player == side {
            return s;
        }
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(0))
            .unwrap_or_else(|e| panic!("ending {}: {e}", p.phase_key))
            .0;
    }
    panic!("never reached {phase} of side {side} on game-turn {turn}");
}

fn offered(s: &State) -> Vec<String> {
    legal(s)
        .into_iter()
        .filter_map(|c| match c {
            Command::Reorganize { unit } => Some(unit),
            _ => None,
        })
        .collect()
}

fn unit<'a>(s: &'a State, id: &str) -> &'a kepi::engine::age_of_rifles::state::UnitState {
    &s.units[s.setup().unit(id).unwrap()]
}

fn hex(s: &State, name: &str) -> u16 {
    s.setup().parse(name).unwrap()
}

#[test]
fn aor_15_offered_only_on_a_night_turn_after_the_elimination() {
    // Night on game-turns 1 and 3; the 2nd Brigade is eliminated on game-turn 1.
    let sc = scenario(|v| v["night_turns"] = json!([1, 3]));
    let s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        1,
        "command",
        FRENCH,
    );
    assert_eq!(unit(&s, "ii-2").eliminated_on, Some(1));
    // The night of its elimination: not yet.
    assert!(offered(&s).is_empty(), "{:?}", offered(&s));
    let e = refused(&s, reorganize("ii-2"));
    assert!(
        e.contains("AoR 15") && e.contains("eliminated on this game-turn"),
        "{e}"
    );
    // Game-turn 2 is a day turn.
    let day = to(&s, 2, "command", FRENCH);
    assert!(offered(&day).is_empty());
    let e = refused(&day, reorganize("ii-2"));
    assert!(
        e.contains("AoR 15") && e.contains("not a night turn"),
        "{e}"
    );
    // Game-turn 3 is the first night turn after it: offered to the French only, in their turn
    // to send orders.
    let prussian_night = to(&day, 3, "command", PRUSSIANS);
    assert!(offered(&prussian_night).is_empty());
    let e = refused(&prussian_night, reorganize("ii-2"));
    assert!(
        e.contains("not a unit of the side") && e.contains("AoR 4.1, 15"),
        "{e}"
    );
    let night = to(&prussian_night, 3, "command", FRENCH);
    assert_eq!(offered(&night), vec!["ii-2".to_string()]);
    // A unit on the map is not eliminated; nor in another phase.
    assert!(refused(&night, reorganize("ii-1")).contains("is not eliminated"));
    let later = to(&night, 3, "movement", PRUSSIANS);
    let e = refused(&later, reorganize("ii-2"));
    assert!(
        e.contains("Command and Reorganization Phase (AoR 4.1, 15)"),
        "{e}"
    );
}

#[test]
fn aor_15_the_formation_must_have_reserve_orders() {
    let sc = scenario(|v| v["sides"][1]["formations"][0]["order"] = "defend".into());
    let s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    assert!(offered(&s).is_empty());
    let e = refused(&s, reorganize("ii-2"));
    assert!(
        e.contains("AoR 15") && e.contains("Defend orders") && e.contains("Reserve"),
        "{e}"
    );
    // AoR 12.3: Defend to Reserve at will, then it is offered.
    let s = play(&s, json!({"kind": "to_reserve", "formation": "ii"}));
    assert_eq!(offered(&s), vec!["ii-2".to_string()]);
}

#[test]
fn aor_15_a_leader_in_enemy_line_of_sight_refuses_and_a_hidden_one_does_not() {
    // 0806 is seen from 0105 (the 13th Division), 0905 is not (the town, AoR 8.3).
    let sc = scenario(|_| {});
    let seen = to(
        &eliminate(&standard(&sc, "0806"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    assert!(offered(&seen).is_empty());
    let e = refused(&seen, reorganize("ii-2"));
    assert!(
        e.contains("AoR 15")
            && e.contains("Laveaucoupet in 0806")
            && e.contains("line of sight")
            && e.contains("13th Division in 0105"),
        "{e}"
    );
    let hidden = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    assert_eq!(offered(&hidden), vec!["ii-2".to_string()]);
}

#[test]
fn aor_15_reorganized_in_the_leaders_hex_with_its_reduced_step_strength() {
    let sc = scenario(|_| {});
    let s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    let ii = s.setup().formation("ii").unwrap();
    assert_eq!((s.formations[ii].lost, s.destroyed[FRENCH]), (5, 5));
    let c = cmd(reorganize("ii-2"));
    assert_eq!(
        describe_command(&s, &c),
        "Reorganize 2nd Brigade in 0905 (AoR 15)"
    );
    let (after, events) = play_with(&s, reorganize("ii-2"), &[]);
    let u = unit(&after, "ii-2");
    assert_eq!(u.loc, Loc::At(hex(&after, "0905")));
    // One step: its reduced side, strength 2 of 5.
    assert_eq!(u.steps, 1);
    let d = &after.setup().units[after.setup().unit("ii-2").unwrap()];
    assert_eq!((d.strength, d.strength_at(u.steps)), (5, 2));
    assert_eq!(u.eliminated_on, None);
    // No die for a corps that is not demoralized.
    assert!(!events.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Note { text }
        if text.contains("2nd Brigade is reorganized in 0905") && text.contains("AoR 15"))));
    // It leaves the eliminated strength of its corps and army.
    assert_eq!((after.formations[ii].lost, after.destroyed[FRENCH]), (0, 0));
    assert!(offered(&after).is_empty());
    // The state hash covers it: the state before and after differ, and a snapshot restores.
    assert_ne!(AgeOfRifles.state_hash(&s), AgeOfRifles.state_hash(&after));
    let back = AgeOfRifles
        .restore(&s, &AgeOfRifles.snapshot(&after))
        .unwrap();
    assert_eq!(
        AgeOfRifles.state_hash(&back),
        AgeOfRifles.state_hash(&after)
    );
    assert!(back.leaders[back.setup().leader("laveaucoupet").unwrap()].reorganizing);
    // The elimination's game-turn is state too: the same position with it cleared hashes
    // differently.
    let mut forgot = s.clone();
    let u2 = s.setup().unit("ii-2").unwrap();
    forgot.units[u2].eliminated_on = None;
    assert_ne!(AgeOfRifles.state_hash(&s), AgeOfRifles.state_hash(&forgot));
    assert!(
        AgeOfRifles
            .report(&after)
            .contains("reorganizing this turn")
    );
}

#[test]
fn aor_15_at_most_two_units_in_the_leaders_hex() {
    // Laveaucoupet alone in 0905; the whole corps eliminated (limits raised so that no corps
    // or army is demoralized).
    let sc = scenario(|v| {
        v["sides"][1]["formations"][0]["demoralization"] = json!(20);
        v["sides"][1]["army_demoralization"] = json!(30);
    });
    let s = position(
        &sc,
        &[
            ("ii-1", "1005"),
            ("ii-2", "1006"),
            ("ii-art", "1007"),
            ("frossard", "1006"),
            ("laveaucoupet", "0905"),
            ("-", ""),
            ("vii-13", "0105"),
            ("vii-14", "0106"),
            ("vii-art", "0104"),
            ("steinmetz", "0105"),
            ("zastrow", "0105"),
        ],
    );
    let s = to(
        &eliminate(&s, &["ii-1", "ii-2", "ii-art"]),
        2,
        "command",
        FRENCH,
    );
    assert_eq!(offered(&s), vec!["ii-1", "ii-2", "ii-art"]);
    let s = play(&s, reorganize("ii-art"));
    assert_eq!(offered(&s), vec!["ii-1", "ii-2"]);
    let s = play(&s, reorganize("ii-1"));
    assert!(offered(&s).is_empty());
    let e = refused(&s, reorganize("ii-2"));
    assert!(
        e.contains("AoR 15, 5.3") && e.contains("0905 holds two units already"),
        "{e}"
    );
    let at = hex(&s, "0905");
    assert_eq!(Ctx::new(&s).friends_in(FRENCH, at), 2);
    // A one-step unit comes back on its only side.
    assert_eq!(unit(&s, "ii-art").steps, 1);
    assert_eq!(unit(&s, "ii-2").loc, Loc::Eliminated);
}

#[test]
fn aor_15_a_demoralized_corps_rolls_5_6_to_reorganize_else_eliminated_permanently() {
    // The 2nd Brigade and the artillery (5 + 3 = 8, II Corps's limit): II Corps is demoralized.
    let sc = scenario(|v| v["night_turns"] = json!([2, 3]));
    let s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2", "ii-art"]),
        2,
        "command",
        FRENCH,
    );
    let ii = s.setup().formation("ii").unwrap();
    assert!(s.formations[ii].demoralized);
    assert_eq!(offered(&s), vec!["ii-2", "ii-art"]);
    // 5: back.
    let (back, events) = play_with(&s, reorganize("ii-2"), &[5]);
    assert_eq!(unit(&back, "ii-2").loc, Loc::At(hex(&back, "0905")));
    let rolls: Vec<_> = AgeOfRifles.rolls(&events);
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].purpose, "reorganization");
    assert_eq!(rolls[0].faces, vec![5]);
    assert_eq!(rolls[0].context["unit"], "ii-2");
    assert_eq!(rolls[0].context["demoralized"], true);
    // Still demoralized (AoR 14.1 has no recovery).
    assert!(back.formations[ii].demoralized);
    // 6 is back too.
    let (six, _) = play_with(&s, reorganize("ii-2"), &[6]);
    assert_eq!(unit(&six, "ii-2").steps, 1);
    // Two units fill the leader's hex: the artillery waits.
    assert!(offered(&back).is_empty());
    // 1-4: eliminated permanently, never offered again.
    for face in 1..=4 {
        let (gone, events) = play_with(&s, reorganize("ii-art"), &[face]);
        assert_eq!(unit(&gone, "ii-art").loc, Loc::Eliminated);
        assert!(unit(&gone, "ii-art").permanent);
        assert!(events.iter().any(|e| matches!(e, Event::Note { text }
            if text.contains("eliminated permanently"))));
        assert_eq!(offered(&gone), vec!["ii-2".to_string()]);
        if face == 4 {
            // Nor on the next night turn, with room in the leader's hex.
            let next = to(&gone, 3, "command", FRENCH);
            assert_eq!(offered(&next), vec!["ii-2".to_string()]);
            let e = refused(&next, reorganize("ii-art"));
            assert!(
                e.contains("AoR 15") && e.contains("eliminated permanently"),
                "{e}"
            );
        }
    }
}

#[test]
fn aor_15_a_demoralized_army_rolls_too() {
    let sc = scenario(|_| {});
    let mut s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    s.army_demoralized[FRENCH] = true;
    let (gone, events) = play_with(&s, reorganize("ii-2"), &[3]);
    assert!(unit(&gone, "ii-2").permanent);
    let rolls = AgeOfRifles.rolls(&events);
    assert_eq!(rolls[0].context["army_demoralized"], true);
    assert_eq!(rolls[0].context["demoralized"], false);
}

#[test]
fn aor_15_the_reorganizing_leader_is_absent_for_orders_moves_and_command_range() {
    let sc = scenario(|_| {});
    let s = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    let ii = s.setup().formation("ii").unwrap();
    let at = hex(&s, "0905");
    assert!(Ctx::new(&s).command_origins(ii).contains(&at));
    let before = OrderChoices::new(&s, &Ctx::new(&s)).len();
    assert!(before > 0);
    let s = play(&s, reorganize("ii-2"));
    // No orders to II Corps (Frossard may send none to him), and none listed.
    let e = refused(
        &s,
        json!({"kind": "send_order", "formation": "ii", "order": "defend"}),
    );
    assert!(
        e.contains("AoR 15") && e.contains("Laveaucoupet") && e.contains("receives no orders"),
        "{e}"
    );
    assert_eq!(OrderChoices::new(&s, &Ctx::new(&s)).len(), 0);
    assert!(
        !legal(&s)
            .iter()
            .any(|c| matches!(c, Command::SendOrder { .. }))
    );
    // His hex is no origin of II Corps's command range this turn (Frossard's still is).
    let origins = Ctx::new(&s).command_origins(ii);
    assert!(!origins.contains(&at), "{origins:?}");
    assert_eq!(origins, vec![hex(&s, "1006")]);
    // He does not move in his side's Formation Movement Segment (before Reserve's own bar).
    let moving = to(&s, 2, "movement", FRENCH);
    let l = moving.setup().leader("laveaucoupet").unwrap();
    let e = Ctx::new(&moving).leader_moves(l).unwrap_err();
    assert!(
        e.contains("AoR 15") && e.contains("not present to move"),
        "{e}"
    );
    // Next game-turn he is back.
    let next = to(&s, 3, "command", FRENCH);
    assert!(!next.leaders[next.setup().leader("laveaucoupet").unwrap()].reorganizing);
    assert!(Ctx::new(&next).command_origins(ii).contains(&at));
    assert!(matches!(
        next.leaders[next.setup().leader("laveaucoupet").unwrap()].loc,
        LeaderLoc::At(h) if h == at
    ));
    // An order sent to II Corps first: complied with at once it ends Reserve orders (no
    // reorganization); pending, Reserve stays in force (AoR 12.4) and it is still offered.
    let s2 = to(
        &eliminate(&standard(&sc, "0905"), &["ii-2"]),
        2,
        "command",
        FRENCH,
    );
    let sent = play(
        &s2,
        json!({"kind": "send_order", "formation": "ii", "order": "defend"}),
    );
    assert_eq!(sent.formations[ii].pending.as_ref().map(|p| p.due), Some(3));
    assert_eq!(offered(&sent), vec!["ii-2".to_string()]);
}

#[test]
fn aor_15_reorganize_is_a_command_in_words_and_json() {
    let c = cmd(reorganize("ii-2"));
    assert_eq!(
        c,
        Command::Reorganize {
            unit: "ii-2".into()
        }
    );
    assert_eq!(
        serde_json::to_value(&c).unwrap(),
        json!({"kind": "reorganize", "unit": "ii-2"})
    );
}

/// Seeded random games on the fixture with every game-turn from the 3rd a night turn: the
/// random player's draws are `pick`'s over `legal` (reorganizations included), every command is
/// accepted, and the recorded dice replay hash for hash.
#[test]
fn aor_15_seeded_random_night_games_draw_as_over_the_legal_list_and_replay_hash_for_hash() {
    let rel = SCENARIO;
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(rel)).unwrap()).unwrap();
    v["night_turns"] = json!([3, 4, 5, 6]);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap();
    let map = kepi::library::load_scenario_map(&root().join(rel), &file).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    let sc = Scenario::new(file, map, catalog).unwrap();
    let start = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut reorganized = 0;
    let mut offers = 0;
    for seed in 0..64u64 {
        let mut p = RandomPlayer::new(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = start.clone();
        let mut record = Vec::new();
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
            if options
                .iter()
                .any(|c| matches!(c, Command::Reorganize { .. }))
            {
                offers += 1;
            }
            if matches!(got, Command::Reorganize { .. }) {
                reorganized += 1;
            }
            let (next, ev) = AgeOfRifles
                .apply(&s, &got, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed}: {got:?}: {e}"));
            record.push((got, AgeOfRifles.rolls(&ev), AgeOfRifles.state_hash(&next)));
            s = next;
        }
        let mut r = start.clone();
        for (c, rolls, hash) in &record {
            let faces: Vec<u8> = rolls.iter().flat_map(|x| x.faces.clone()).collect();
            r = AgeOfRifles
                .apply(&r, c, &mut FixedDice::new(faces))
                .unwrap()
                .0;
            assert_eq!(&AgeOfRifles.state_hash(&r), hash, "seed {seed}");
        }
    }
    eprintln!("{offers} Command Phases offered reorganization, {reorganized} taken");
    assert!(
        offers > 0 && reorganized > 0,
        "{offers} offers, {reorganized} taken"
    );
}

//! Age of Rifles, exiting the map (AoR 5.6, issue 15): the `exit` command from a side's exit
//! area (the areas of its `exited` victory points), its refusals, the points it scores, that an
//! exited unit is no loss, and that a retreat off the map eliminates. Each test is named for
//! the case it checks.

use crate::common;
use common::aor::zone;
use kepi::engine::Player;
use kepi::engine::age_of_rifles::legal::{RandomPlayer, legal};
use kepi::engine::age_of_rifles::losses;
use kepi::engine::age_of_rifles::state::{Command, Event, Loc, Phase, State};
use kepi::engine::counters::Place;
use kepi::engine::dice::{FixedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const SCENARIO: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn try_scenario(edit: impl Fn(&mut Value)) -> Result<Scenario, String> {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(SCENARIO)).unwrap()).unwrap();
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).map_err(|p| p.to_string())?;
    let map = kepi::library::load_scenario_map(&root().join(SCENARIO), &file).unwrap();
    let catalog = file.ruleset.catalog().unwrap().clone();
    Scenario::new(file, map, catalog).map_err(|p| p.to_string())
}

/// The west edge (column 01) and the north edge (row 01): the Prussians' exit area.
fn exit_area() -> Vec<String> {
    let mut a = zone(1..=1, 1..=10);
    a.extend(zone(2..=12, 1..=1));
    a
}

/// The test scenario with open zones, VII Corps under `order`, the Prussians scoring 2 points
/// a unit leaving through their exit area (with `exits`) and the French 1 an enemy unit
/// eliminated.
fn scenario(order: &str, exits: bool) -> Scenario {
    let order = order.to_string();
    try_scenario(move |v| {
        let mut prussian = zone(1..=5, 1..=10);
        prussian.extend(zone(6..=12, 1..=1));
        v["deployment"][0]["zone"]["hexes"] = json!(prussian);
        v["deployment"][1]["zone"]["hexes"] = json!(zone(6..=12, 2..=10));
        v["sides"][0]["formations"][0]["order"] = json!(order);
        let mut points = vec![json!({
            "text": "1 VP per Prussian unit eliminated",
            "side": "french",
            "source": {"kind": "eliminated", "points": 1}
        })];
        if exits {
            points.push(json!({
                "text": "2 VP per Prussian unit exiting by the west or north edge",
                "side": "prussians",
                "source": {"kind": "exited", "points": 2,
                           "area": {"text": "the west and north edges", "hexes": exit_area()}}
            }));
        }
        v["victory_points"] = json!(points);
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

/// Deploy the French far east (ii-2 at `ii2`), the Prussians as given; then on to the Prussians' Formation
/// Movement Segment.
fn movement(sc: &Scenario, prussians: &[(&str, &str)], ii2: &str) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    // The French deploy first.
    for (piece, hex) in [
        ("ii-2", ii2),
        ("ii-1", "1005"),
        ("ii-art", "1006"),
        ("frossard", "1005"),
        ("laveaucoupet", "1005"),
    ] {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    for (piece, hex) in prussians {
        s = play(&s, json!({"kind": "deploy", "piece": piece, "hex": hex}));
    }
    s = play(&s, json!({"kind": "end"}));
    for _ in 0..20 {
        let p = AgeOfRifles.progress(&s);
        if p.phase_key == "movement" && p.player == 0 {
            return s;
        }
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(0))
            .unwrap_or_else(|e| panic!("ending {}: {e}", p.phase_key))
            .0;
    }
    panic!("never reached the Prussian movement");
}

const PRUSSIANS: [(&str, &str); 5] = [
    ("vii-13", "0104"),
    ("vii-14", "0305"),
    ("vii-art", "0305"),
    ("steinmetz", "0204"),
    ("zastrow", "0204"),
];

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

#[test]
fn aor_5_6_a_unit_on_its_exit_area_leaves_the_map_scores_and_is_no_loss() {
    let sc = scenario("defend", true);
    let s = movement(&sc, &PRUSSIANS, "1005");
    let exit = json!({"kind": "exit", "unit": "vii-13"});
    assert!(legal(&s).contains(&cmd(exit.clone())));
    // Not on its exit area: no exit offered.
    assert!(!legal(&s).contains(&cmd(json!({"kind": "exit", "unit": "vii-14"}))));
    let (after, events) = AgeOfRifles
        .apply(&s, &cmd(exit.clone()), &mut FixedDice::new([]))
        .unwrap();
    let u = unit(&after, "vii-13");
    assert_eq!(after.units[u].loc, Loc::Exited);
    assert_eq!(
        after.points,
        [2, 0],
        "AoR 5.6: 2 points for the exit, none lost"
    );
    assert_eq!(
        after.destroyed,
        [0, 0],
        "an exited unit is no loss (AoR 13)"
    );
    assert_eq!(
        after.formations[0].lost, 0,
        "nor its formation's (AoR 14.1)"
    );
    assert!(events.iter().any(|e| matches!(e, Event::Note { text }
        if text.contains("leaves the map from 0104 (AoR 5.6): 2 victory points"))));
    let board = AgeOfRifles.board(&after);
    let c = board.counters.iter().find(|c| c.id == "vii-13").unwrap();
    assert_eq!((c.place, c.hex.clone()), (Place::Exited, None));
    assert!(
        AgeOfRifles
            .report(&after)
            .contains("left the map (AoR 5.6)")
    );
    assert_ne!(AgeOfRifles.state_hash(&after), AgeOfRifles.state_hash(&s));
    // It never comes back: no move, no second exit.
    assert!(refused(&after, exit).contains("AoR 5.6: 13th Division is not on the map"));
    assert!(
        refused(
            &after,
            json!({"kind": "move", "unit": "vii-13", "to": "0204"})
        )
        .contains("not on the map")
    );
    assert!(
        !legal(&after)
            .iter()
            .any(|c| matches!(c, Command::Exit { unit } if unit == "vii-13"))
    );
}

#[test]
fn aor_5_6_a_unit_off_its_exit_area_may_not_leave() {
    let sc = scenario("defend", true);
    let s = movement(&sc, &PRUSSIANS, "1005");
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-14"}));
    assert!(
        e.contains("AoR 5.6") && e.contains("map-edge hex of its side's exit area; 0305"),
        "{e}"
    );
}

#[test]
fn aor_5_6_without_exit_points_no_side_has_an_exit_area() {
    let sc = scenario("defend", false);
    let s = movement(&sc, &PRUSSIANS, "1005");
    assert!(!legal(&s).iter().any(|c| matches!(c, Command::Exit { .. })));
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert!(e.contains("AoR 5.6") && e.contains("exit area"), "{e}");
}

#[test]
fn aor_5_6_12_2_attack_orders_may_not_move_away_off_the_map() {
    let sc = scenario("attack", true);
    let s = movement(&sc, &PRUSSIANS, "1005");
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert!(
        e.contains("AoR 5.6, 12.2") && e.contains("Attack orders"),
        "{e}"
    );
}

#[test]
fn aor_5_6_5_4_a_unit_in_an_enemy_zoc_may_not_leave() {
    let sc = scenario("defend", true);
    let mut p = PRUSSIANS.to_vec();
    p[0] = ("vii-13", "0701");
    p[3] = ("steinmetz", "0601");
    p[4] = ("zastrow", "0601");
    let s = movement(&sc, &p, "0702");
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert!(e.contains("AoR 5.6, 5.4") && e.contains("enemy ZOC"), "{e}");
}

#[test]
fn aor_5_6_a_unit_that_moved_may_not_leave_in_the_same_segment() {
    let sc = scenario("defend", true);
    let mut p = PRUSSIANS.to_vec();
    p[0] = ("vii-13", "0204");
    let s = movement(&sc, &p, "1005");
    let s = play(&s, json!({"kind": "move", "unit": "vii-13", "to": "0104"}));
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert!(
        e.contains("AoR 5.6") && e.contains("moved this segment already"),
        "{e}"
    );
}

#[test]
fn aor_5_6_units_leave_only_in_their_sides_formation_movement_segment() {
    let sc = scenario("defend", true);
    let s = movement(&sc, &PRUSSIANS, "1005");
    let s = play(&s, json!({"kind": "end"}));
    let e = refused(&s, json!({"kind": "exit", "unit": "vii-13"}));
    assert!(
        e.contains("AoR 5.6") && e.contains("Formation Movement Segment"),
        "{e}"
    );
}

#[test]
fn aor_5_6_a_retreat_off_the_map_eliminates_and_scores_for_the_enemy() {
    let sc = scenario("defend", true);
    let mut s = movement(&sc, &PRUSSIANS, "1005");
    let setup = s.arc();
    let u = unit(&s, "vii-13");
    let from = setup.parse("0104").unwrap();
    // Every way on the map leads towards the enemy: the only way away is off the map.
    let enemies: Vec<_> = setup.neighbors(from).collect();
    let mut events = Vec::new();
    // No hex, so no passing fire (AoR 7.4): no die is rolled.
    losses::retreat(&mut s, &[u], &enemies, &mut FixedDice::new([]), &mut events).unwrap();
    assert_eq!(s.units[u].loc, Loc::Eliminated, "not exited (AoR 5.6)");
    assert_eq!(
        s.points,
        [0, 1],
        "the French score the elimination, the Prussians no exit"
    );
    assert_eq!(s.destroyed[0], setup.units[u].strength);
    assert!(events.iter().any(|e| matches!(e, Event::Note { text }
        if text.contains("AoR 7.4, 5.6") && text.contains("eliminated"))));
}

#[test]
fn aor_5_6_the_random_player_draws_exits_as_over_the_legal_list() {
    let sc = scenario("defend", true);
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut exits = 0;
    for seed in 0..6 {
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
                p.pick(&[Command::End, Command::Decline]),
                q.pick(&[Command::End, Command::Decline])
            );
            if matches!(got, Command::Exit { .. }) {
                exits += 1;
            }
            s = AgeOfRifles.apply(&s, &got, &mut dice).unwrap().0;
        }
        let gone = s.units.iter().filter(|u| u.loc == Loc::Exited).count() as i64;
        // Only exits score the Prussians points here.
        assert_eq!(s.points[0], 2 * gone, "seed {seed}: 2 points an exit");
    }
    assert!(exits > 0, "no random game left the map");
}

/// AoR 5.6 "they can only reenter if permitted by game specific rules": the scenario format
/// has no rule that permits it (a special rule other than a `note` is refused at `kepi new`),
/// so an exited unit never comes back. Along the rest of seeded random games, through a night
/// turn (AoR 15 reorganizes only eliminated units) and the reinforcements' arrival (AoR 9
/// brings only units not yet on the map), it stays off the map, no legal command names it,
/// and its exit points stay scored.
#[test]
fn aor_5_6_an_exited_unit_never_reenters() {
    let sc = {
        try_scenario(|v| {
            let mut prussian = zone(1..=5, 1..=10);
            prussian.extend(zone(6..=12, 1..=1));
            v["deployment"][0]["zone"]["hexes"] = json!(prussian);
            v["deployment"][1]["zone"]["hexes"] = json!(zone(6..=12, 2..=10));
            v["sides"][0]["formations"][0]["order"] = json!("defend");
            v["night_turns"] = json!([2]);
            v["victory_points"] = json!([{
                "text": "2 VP per Prussian unit exiting by the west or north edge",
                "side": "prussians",
                "source": {"kind": "exited", "points": 2,
                           "area": {"text": "the west and north edges", "hexes": exit_area()}}
            }]);
        })
        .unwrap_or_else(|p| panic!("{p}"))
    };
    let s = movement(&sc, &PRUSSIANS, "1005");
    let s = play(&s, json!({"kind": "exit", "unit": "vii-13"}));
    let u = unit(&s, "vii-13");
    let mut nights = 0;
    for seed in 0..10 {
        let mut player = RandomPlayer::new(seed);
        let mut dice = SeededDice::new(seed);
        let mut g = s.clone();
        let mut night = false;
        while g.phase != Phase::Over {
            assert_eq!(g.units[u].loc, Loc::Exited, "seed {seed}");
            assert!(g.points[0] >= 2, "seed {seed}: the exit's points stay");
            night |= g.turn == 2;
            let names = legal(&g)
                .iter()
                .filter(|c| serde_json::to_string(c).unwrap().contains("\"vii-13\""))
                .count();
            assert_eq!(names, 0, "seed {seed}: a command names the exited unit");
            let c = player.pick(&legal(&g));
            g = AgeOfRifles.apply(&g, &c, &mut dice).unwrap().0;
        }
        assert_eq!(g.units[u].loc, Loc::Exited);
        nights += u32::from(night);
    }
    assert!(nights > 0, "no game reached the night turn");
}

//! Kepi's reading of VV 10 with the scenario's objectives (docs/rules/vae-victis.md, "VV 10
//! Victory: objectives"; `engine/vae_victis/objectives.rs`): each side holds the objectives it
//! lists at the start; a troop element standing in one takes it (a general does not); when the
//! last game-turn ends with no army lost, the side holding more objective points wins, equal
//! points draw, and a scenario without objectives ends in a draw as before. The standard
//! level's objective term, with its control.

use crate::common::vv::{
    FIXTURE, best_for, corps, el, notes, opened, play, position_with, register,
};
use kepi::engine::dice::SeededDice;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::ai::{Weights, turn};
use kepi::engine::vae_victis::legal::legal;
use kepi::engine::vae_victis::objectives;
use kepi::engine::vae_victis::state::{Command, Phase, State};
use kepi::engine::{ConditionStatus, Ruleset};
use serde_json::{Value, json};

/// France's corps I (these elements, its general at 1308) against Britain's corps A (b1 at
/// 1002, its general at 1401) on the ridge fixture, the scenario edited further by `edit`.
fn ridge(france: Vec<Value>, edit: impl FnOnce(&mut Value)) -> State {
    position_with(
        FIXTURE,
        (vec![corps("I", ("g-fr", "1308"), france)], None),
        (
            vec![corps(
                "A",
                ("g-br", "1401"),
                vec![el("b1", "line", "1002", "S")],
            )],
            None,
        ),
        edit,
    )
}

/// [`ridge`] with f1 at 1207 and f2 at 0310; France lists 0310 (2 points), Britain 1206
/// (`britain_points`) and 1306 (1 point); `game_length` game-turns.
fn contest(britain_points: u32, game_length: u32) -> State {
    ridge(
        vec![el("f1", "line", "1207", "N"), el("f2", "line", "0310", "N")],
        |v| {
            v["sides"][0]["objectives"] = json!([{"hex": "0310", "points": 2}]);
            v["sides"][1]["objectives"] =
                json!([{"hex": "1206", "points": britain_points}, {"hex": "1306"}]);
            v["game_length"] = json!(game_length);
        },
    )
}

fn mv(element: &str, to: &str) -> Value {
    json!({"kind": "move", "element": element, "to": to, "facing": "N"})
}

/// Every phase ended (the opening rolls and each movement phase's activation dice first)
/// until the game is over; the notes told on the way.
fn to_the_end(mut s: State) -> (State, String) {
    let mut dice = SeededDice::new(7);
    let mut told = String::new();
    for _ in 0..200 {
        if s.outcome.is_some() {
            return (s, told);
        }
        let c = if s.phase == Phase::Begin {
            Command::Begin
        } else if s.phase == Phase::Movement && !s.activated {
            Command::Activate
        } else {
            Command::End
        };
        let (n, ev) = VaeVictis.apply(&s, &c, &mut dice).unwrap();
        told.push_str(&notes(&ev));
        told.push('\n');
        s = n;
    }
    panic!("the game did not end");
}

#[test]
fn vv_objectives_are_held_by_the_side_listing_them_and_taken_by_a_troop_element_only() {
    let s = contest(3, 1);
    assert_eq!(s.held, vec![Some(0), Some(1), Some(1)]);
    assert_eq!(
        (objectives::points(&s, 0), objectives::points(&s, 1)),
        (2, 4)
    );
    let s = opened(&s, &[3, 3], 0, &[4]);
    // A general alone holds nothing: g-fr into Britain's 1306 leaves it Britain's.
    let (s, ev) = play(&s, mv("g-fr", "1306"), &[]);
    assert!(
        !notes(&ev).contains("takes the objective"),
        "{}",
        notes(&ev)
    );
    assert_eq!(s.held[2], Some(1));
    // A troop element standing in 1206 takes it, and says so.
    let (s, ev) = play(&s, mv("f1", "1206"), &[]);
    let n = notes(&ev);
    assert!(
        n.contains("takes the objective 1206 (3 points) with f1 (VV 10, Kepi's reading)"),
        "{n}"
    );
    assert_eq!(s.held, vec![Some(0), Some(0), Some(1)]);
    assert_eq!(
        (objectives::points(&s, 0), objectives::points(&s, 1)),
        (5, 1)
    );
    // The hex stays France's when f1 has left it (the side that last had a troop in it).
    let mut gone = s.clone();
    let f1 = gone.setup().element("f1").unwrap();
    gone.elements[f1].hex = gone.setup().parse("1207").ok();
    let (gone, _) = play(&gone, json!({"kind": "end"}), &[]);
    assert_eq!(gone.held[1], Some(0));
}

#[test]
fn vv_objectives_decide_a_game_army_morale_left_undecided_at_its_last_game_turn() {
    let s = opened(&contest(3, 1), &[3, 3], 0, &[4]);
    let (s, _) = play(&s, mv("f1", "1206"), &[]);
    let (s, told) = to_the_end(s);
    let o = s.outcome.clone().unwrap();
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    let names: Vec<String> = s.setup().sides.iter().map(|x| x.name.clone()).collect();
    assert_eq!(
        o.reason,
        format!(
            "the scenario's 1 game-turns are played and no army has lost (VV 10); objectives \
             held: {} 5 points, {} 1 points: {} wins",
            names[0], names[1], names[0]
        )
    );
    assert!(
        told.contains(&format!("the game ends: {}", o.reason)),
        "{told}"
    );
    // The victory panel: France's objective condition met, Britain's not; VV 10's army
    // morale conditions are not what decided it.
    let v = VaeVictis.victory(&s);
    let objective = |side: usize| {
        v.iter()
            .find(|c| c.side == Some(side) && c.text.contains("objective points"))
            .unwrap_or_else(|| panic!("no objective condition for side {side}: {v:?}"))
    };
    assert_eq!(objective(0).status, ConditionStatus::Met);
    assert_eq!(objective(1).status, ConditionStatus::NotMet);
    assert_eq!(
        objective(0).detail,
        "5 objective points held: 0310 (2), 1206 (3)"
    );
    assert!(
        v.iter()
            .filter(|c| c.text.starts_with("VV 10"))
            .all(|c| c.status != ConditionStatus::Met),
        "{v:?}"
    );
}

#[test]
fn vv_objectives_equal_points_draw_and_a_scenario_without_objectives_draws_as_before() {
    // Britain's 1206 worth 1: France 2, Britain 2, nothing taken.
    let (s, _) = to_the_end(contest(1, 1));
    let o = s.outcome.unwrap();
    assert_eq!(o.winner, None);
    assert!(o.reason.ends_with(": a draw"), "{}", o.reason);
    assert!(o.reason.contains("objectives held"), "{}", o.reason);
    // No objectives: VV 10 alone, the words and the state's hash as before objectives were
    // read (no `held` in the state).
    let bare = ridge(vec![el("f1", "line", "1207", "N")], |v| {
        v["game_length"] = json!(1)
    });
    assert!(bare.held.is_empty());
    assert!(
        serde_json::to_value(&bare).unwrap().get("held").is_none(),
        "a state without objectives serialises as before"
    );
    assert!(
        VaeVictis
            .victory(&bare)
            .iter()
            .all(|c| c.text.starts_with("VV 10"))
    );
    let (s, _) = to_the_end(bare);
    assert_eq!(
        s.outcome.unwrap().reason,
        "the scenario's 1 game-turns are played and no army has lost (VV 10): a draw"
    );
}

#[test]
fn vv_objectives_are_checked_naming_their_fields() {
    register();
    let err = crate::common::system::try_fixture(&VaeVictis, FIXTURE, |v| {
        v["sides"][0]["objectives"] = json!([{"hex": "0310", "points": 0}]);
        v["sides"][1]["objectives"] = json!([{"hex": "0310"}]);
    })
    .unwrap_err();
    assert!(
        err.contains("sides[0].objectives[0].points") && err.contains("at least one point"),
        "{err}"
    );
    assert!(
        err.contains("sides[1].objectives[0].hex")
            && err.contains("hex 0310 is listed as an objective twice"),
        "{err}"
    );
    let err = crate::common::system::try_fixture(&VaeVictis, FIXTURE, |v| {
        v["sides"][1]["objectives"] = json!([{"hex": "4040", "points": 2}]);
    })
    .unwrap_err();
    assert!(err.contains("sides[1].objectives[0].hex"), "{err}");
    let err = crate::common::system::try_fixture(&VaeVictis, FIXTURE, |v| {
        v["sides"][1]["objectives"] = json!([{"hex": "1206", "worth": 2}]);
    })
    .unwrap_err();
    assert!(err.contains("worth"), "{err}");
}

/// f1 beside Britain's objective 1206 and far from b1 takes it on the objective term; with
/// that term (and its march) at zero it does not.
#[test]
fn vv_ai_objective_term_takes_an_objective_the_side_does_not_hold_with_a_control() {
    let s = opened(&contest(3, 6), &[3, 3], 0, &[4]);
    let w = Weights::default();
    let to = |c: &Command| match c {
        Command::Move { to, .. } => Some(to.clone()),
        _ => None,
    };
    let taken = best_for(&s, &w, "f1");
    assert_eq!(to(&taken).as_deref(), Some("1206"), "{taken:?}");
    let control = Weights {
        objective: 0.0,
        objective_march: 0.0,
        guard: 0.0,
        ..Weights::default()
    };
    let other = best_for(&s, &control, "f1");
    assert_ne!(to(&other).as_deref(), Some("1206"), "{other:?}");
    // Its words name the objective.
    let reasons = turn::explain(&s, &taken, &legal(&s), &w);
    assert!(
        reasons
            .iter()
            .any(|r| r.term == "objective" && r.words == "takes the objective 1206 (3 points)"),
        "{reasons:?}"
    );
}

/// The computer opponent's way to an objective (`Setup::steps_to_objective`) goes round
/// ground no troop may enter: never shorter than the hex distance, equal beside the
/// objective, and longer somewhere at Wissembourg, where the Lauter runs between the German
/// approach and the French objectives.
#[test]
fn vv_objectives_the_way_to_an_objective_goes_round_impassable_ground() {
    register();
    let mut longer = 0;
    for id in [
        "vv-quatre-bras",
        "vv-palo-alto",
        "vv-brawners-farm",
        "vv-wissembourg",
    ] {
        let sc = kepi::shipped::load_scenario(id).unwrap_or_else(|p| panic!("{id}: {p}"));
        let s = VaeVictis.start(&sc, &Default::default()).unwrap();
        let setup = s.setup();
        assert!(!setup.objectives.is_empty(), "{id} lists objectives");
        for (i, &(o, _)) in setup.objectives.iter().enumerate() {
            assert_eq!(setup.steps_to_objective(i, o), 0);
            for h in setup.grid.hexes() {
                let (way, d) = (setup.steps_to_objective(i, h), setup.grid.distance(h, o));
                assert!(
                    way >= d,
                    "{id}: {} to {}: {way} < {d}",
                    setup.name(h),
                    setup.name(o)
                );
                if d == 1
                    && setup.class_at(h).class
                        != kepi::engine::vae_victis::tables::Class::Impassable
                {
                    assert_eq!(way, 1, "{id}: {} beside {}", setup.name(h), setup.name(o));
                }
                if id == "vv-wissembourg" && way > d + 2 && way != u32::MAX {
                    longer += 1;
                }
            }
        }
    }
    assert!(longer > 0, "the Lauter lengthens some way at Wissembourg");
}

//! VV 5.2 Group elements (and 5.6 "A square cannot form part of a group"): the parallel group
//! move, its cost, its refusals, the slowest element's pace and each element's way checked as
//! its single move's. The ridge fixture's columns 1 to 6, rows 8 to 12, are clear.

use crate::common::vv::*;
use kepi::engine::Ruleset;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::generals;
use kepi::engine::vae_victis::state::{Command, State};
use serde_json::{Value, json};

fn group(elements: &[&str], to: &str, f: &str) -> Value {
    json!({"kind": "move_group", "elements": elements, "to": to, "facing": f})
}

fn mv(e: &str, to: &str, f: &str) -> Value {
    json!({"kind": "move", "element": e, "to": to, "facing": f})
}

/// One corps a side, no C-in-C; France's general at 0112, Britain's at 1401; France moving
/// first with `ap` AP.
fn france(elements: Vec<Value>, britain: Vec<Value>, ap: u8) -> State {
    let s = position(
        (vec![corps("I", ("g-fr", "0112"), elements)], None),
        (vec![corps("A", ("g-br", "1401"), britain)], None),
    );
    opened(&s, &[3, 3], 0, &[ap])
}

fn far() -> Vec<Value> {
    vec![el("x", "line", "1301", "S")]
}

/// The group commands of the legal list.
fn offered(s: &State) -> Vec<Command> {
    VaeVictis
        .legal(s)
        .into_iter()
        .filter(|c| matches!(c, Command::MoveGroup { .. }))
        .collect()
}

#[test]
fn vv_group_moves_in_parallel_for_one_ap() {
    let s = france(
        vec![
            el("a", "line", "0410", "N"),
            el("b", "line", "0510", "N"),
            el("c", "line", "0610", "N"),
        ],
        far(),
        3,
    );
    let (t, ev) = play(&s, group(&["a", "b", "c"], "0408", "N"), &[]);
    assert_eq!(hex_of(&t, "a").as_deref(), Some("0408"));
    assert_eq!(hex_of(&t, "b").as_deref(), Some("0508"));
    assert_eq!(hex_of(&t, "c").as_deref(), Some("0608"));
    assert_eq!(t.corps[0].ap, 2, "one AP for the group");
    assert!(notes(&ev).contains("The group of a, b, c moves in parallel (1 AP, VV 5.2)"));
    assert!(refused(&t, mv("b", "0507", "N")).contains("has acted"));
    // The list offers the whole line only (its first element's reach), never a part of it.
    let groups = offered(&s);
    assert!(groups.contains(&Command::MoveGroup {
        elements: vec!["a".into(), "b".into(), "c".into()],
        to: "0408".into(),
        facing: kepi::engine::facing::Facing::parse("N").unwrap(),
    }));
    assert!(groups.iter().all(|c| matches!(
        c,
        Command::MoveGroup { elements, .. } if elements.len() == 3
    )));
    // The play view's offer: a move through the reach, given for the first element, naming
    // the others, each element's step from its hex to the hex the parallel move gives it (so
    // that the view draws the line's arrows and any element of it can be clicked for).
    let all = Command::MoveGroup {
        elements: vec!["a".into(), "b".into(), "c".into()],
        to: "0408".into(),
        facing: kepi::engine::facing::Facing::parse("N").unwrap(),
    };
    let info = &VaeVictis.command_infos(&s, std::slice::from_ref(&all))[0];
    assert_eq!(info.kind, "move_group");
    assert_eq!(info.unit.as_deref(), Some("a"));
    assert_eq!(info.hex.as_deref(), Some("0408"));
    let steps: Vec<(String, Vec<String>)> = info
        .steps
        .iter()
        .map(|st| (st.unit.clone(), st.path.clone()))
        .collect();
    assert_eq!(
        steps,
        vec![
            ("a".into(), vec!["0410".into(), "0408".into()]),
            ("b".into(), vec!["0510".into(), "0508".into()]),
            ("c".into(), vec!["0610".into(), "0608".into()]),
        ]
    );
    assert!(info.involves("c"));
    // A part of the line is a group too when named.
    let (u, _) = play(&s, group(&["c", "b"], "0609", "N"), &[]);
    assert_eq!(hex_of(&u, "b").as_deref(), Some("0509"));
    assert_eq!(hex_of(&u, "a").as_deref(), Some("0410"));
    // A group keeps its facing (a wheel is not yet played) and goes somewhere.
    assert!(refused(&s, group(&["a", "b"], "0409", "WNW")).contains("keeps its facing"));
    assert!(refused(&s, group(&["a", "b"], "0410", "N")).contains("goes somewhere"));
}

#[test]
fn vv_group_out_of_command_range_costs_two_ap() {
    let mut s = france(
        vec![el("a", "line", "0410", "N"), el("b", "line", "0510", "N")],
        far(),
        3,
    );
    // Lost general: every move out of command range (VV 5.2).
    let g = id(&s, "g-fr");
    s.elements[g].destroyed = true;
    s.elements[g].hex = None;
    assert_eq!(generals::move_cost(&s, id(&s, "a")).unwrap(), 2);
    let (t, ev) = play(&s, group(&["a", "b"], "0409", "N"), &[]);
    assert_eq!(t.corps[0].ap, 1, "two AP out of command range");
    assert!(notes(&ev).contains("(2 AP, VV 5.2)"));
    let mut u = s.clone();
    u.corps[0].ap = 1;
    let e = refused(&u, group(&["a", "b"], "0409", "N"));
    assert!(e.contains("VV 5.2") && e.contains("needs 2"), "{e}");
    assert!(offered(&u).is_empty(), "not offered without the AP");
}

#[test]
fn vv_group_refused_when_not_touching_facing_apart_or_of_two_corps() {
    let s = position(
        (
            vec![
                corps(
                    "I",
                    ("g-fr", "0112"),
                    vec![
                        el("a", "line", "0410", "N"),
                        el("c", "line", "0610", "N"),
                        el("d", "line", "0310", "WNW"),
                    ],
                ),
                corps("II", ("g-fr2", "0812"), vec![el("e", "line", "0710", "N")]),
            ],
            Some(("nap", "0212")),
        ),
        (vec![corps("A", ("g-br", "1401"), far())], None),
    );
    let s = opened(&s, &[3, 3, 3, 3], 0, &[3, 3, 3]);
    let e = refused(&s, group(&["a", "c"], "0409", "N"));
    assert!(
        e.contains("VV 5.2") && e.contains("c is not touching"),
        "{e}"
    );
    let e = refused(&s, group(&["a", "d"], "0409", "N"));
    assert!(e.contains("VV 5.2") && e.contains("d faces WNW"), "{e}");
    let e = refused(&s, group(&["c", "e"], "0609", "N"));
    assert!(
        e.contains("VV 5.2") && e.contains("e is of corps II") && e.contains("different corps"),
        "{e}"
    );
    let e = refused(&s, group(&["a"], "0409", "N"));
    assert!(e.contains("two elements or more"), "{e}");
    // None of them is a line of one corps and one facing: nothing offered.
    assert!(offered(&s).is_empty());
}

#[test]
fn vv_group_refused_with_a_square_or_in_column() {
    let s = france(
        vec![
            el("a", "line", "0410", "N"),
            el("b", "line", "0510", "N"),
            el("f", "line", "0409", "N"),
        ],
        far(),
        4,
    );
    let e = refused(&s, group(&["a", "f"], "0408", "N"));
    assert!(e.contains("VV 5.2") && e.contains("united front"), "{e}");
    // f stands ahead of a: no group offered holds both.
    assert!(offered(&s).iter().all(|c| match c {
        Command::MoveGroup { elements, .. } =>
            !(elements.contains(&"a".to_string()) && elements.contains(&"f".to_string())),
        _ => false,
    }));
    let (t, _) = play(&s, json!({"kind": "square", "element": "b"}), &[]);
    let e = refused(&t, group(&["a", "b"], "0409", "N"));
    assert!(
        e.contains("VV 5.6") && e.contains("b is in square") && e.contains("cannot form part"),
        "{e}"
    );
}

#[test]
fn vv_group_artillery_with_infantry_costs_two_ap() {
    let s = france(
        vec![
            el("a", "line", "0410", "N"),
            el("g", "field_artillery", "0510", "N"),
            el("g2", "field_artillery", "0210", "N"),
            el("g3", "field_artillery", "0110", "N"),
        ],
        far(),
        3,
    );
    let (t, ev) = play(&s, group(&["a", "g"], "0409", "N"), &[]);
    assert_eq!(t.corps[0].ap, 1, "artillery grouped with infantry: 2 AP");
    assert!(notes(&ev).contains("(2 AP, VV 5.2)"));
    let (t, _) = play(&s, group(&["g2", "g3"], "0209", "N"), &[]);
    assert_eq!(t.corps[0].ap, 2, "artillery alone: 1 AP");
}

#[test]
fn vv_group_moves_at_its_slowest_elements_pace() {
    // Line infantry goes three clear hexes, light cavalry more.
    let s = france(
        vec![
            el("cav", "light_cavalry", "0411", "N"),
            el("inf", "line", "0511", "N"),
        ],
        far(),
        3,
    );
    play(&s, mv("cav", "0407", "N"), &[]);
    let (t, _) = play(&s, group(&["cav", "inf"], "0408", "N"), &[]);
    assert_eq!(hex_of(&t, "inf").as_deref(), Some("0508"));
    let e = refused(&s, group(&["cav", "inf"], "0407", "N"));
    assert!(
        e.contains("VV 5.2") && e.contains("inf cannot reach 0507") && e.contains("slowest"),
        "{e}"
    );
}

#[test]
fn vv_group_each_elements_way_blocked_or_through_a_zone_as_a_single_move() {
    // A British line at 0103 facing south: its zone is 0105-0106 (VV 6).
    let s = france(
        vec![el("f1", "line", "0109", "N"), el("f2", "line", "0209", "N")],
        vec![el("b", "line", "0103", "S")],
        4,
    );
    // Entering the zone at 0106 stops f1 there, as its single move.
    assert!(refused(&s, mv("f1", "0105", "N")).contains("cannot reach 0105"));
    let e = refused(&s, group(&["f1", "f2"], "0105", "N"));
    assert!(
        e.contains("VV 5.2") && e.contains("f1 cannot reach 0105"),
        "{e}"
    );
    let (t, _) = play(&s, group(&["f1", "f2"], "0106", "N"), &[]);
    assert_eq!(hex_of(&t, "f1").as_deref(), Some("0106"));
    assert_eq!(hex_of(&t, "f2").as_deref(), Some("0206"));
    // Along its own line: f1 steps into the hex f2 leaves, f2 one hex on alike.
    let (u, _) = play(&s, group(&["f1", "f2"], "0209", "N"), &[]);
    assert_eq!(hex_of(&u, "f1").as_deref(), Some("0209"));
    assert_ne!(hex_of(&u, "f2").as_deref(), Some("0209"));
    // A friend facing south, not of the group, holds f2's destination.
    let s = france(
        vec![
            el("f1", "line", "0109", "N"),
            el("f2", "line", "0209", "N"),
            el("d", "line", "0207", "S"),
        ],
        far(),
        4,
    );
    assert!(refused(&s, mv("f2", "0207", "N")).contains("cannot reach 0207"));
    let e = refused(&s, group(&["f1", "f2"], "0107", "N"));
    assert!(
        e.contains("VV 5.2") && e.contains("f2 cannot reach 0207"),
        "{e}"
    );
}

/// A seeded player that plays a group move whenever one is offered (one of them, by its own
/// LCG), else the engine's random player's command.
struct GroupPlayer {
    state: u64,
    random: Box<dyn kepi::engine::Player<VaeVictis>>,
}

impl kepi::engine::Player<VaeVictis> for GroupPlayer {
    fn next(&mut self, s: &State) -> Command {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let groups = offered(s);
        if groups.is_empty() {
            self.random.next(s)
        } else {
            groups[(self.state >> 33) as usize % groups.len()].clone()
        }
    }
}

#[test]
fn vv_group_random_games_move_groups_keep_the_invariants_and_replay() {
    let sc = fixture(|_| {});
    let (finished, played) = random_games_by(&sc, 1..=2, |seed| {
        Box::new(GroupPlayer {
            state: seed,
            random: VaeVictis.random_player(seed),
        })
    });
    assert_eq!(finished, 2, "every game ends");
    let groups = played
        .iter()
        .filter(|c| matches!(c, Command::MoveGroup { .. }))
        .count();
    assert!(groups > 0, "the games move groups");
    eprintln!("{groups} group moves in {} commands", played.len());
}

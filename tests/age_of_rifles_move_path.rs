//! AoR 5, 5.4, 7.3, 7.12: the player chooses the path a move takes (`via`, waypoint hexes the
//! move passes through in order). The French stack in 0903 controls 1002 and 1003 (adjacent
//! to it); 1001, 1102 and 1103 are out of its ZOC. From 1001 the only 2-MP path to 1003 goes
//! through 1002 (where 14th Division stands, so leaving it costs nothing more, AoR 5.4) and
//! draws the stack's passing fire (7.12) as it steps on into 1003; the path through 1102 and
//! 1103 costs 3 MP and draws none.

use crate::common;

use common::aor::{cmd, deploy_as, open_fixture, play, refused, to, zone};
use kepi::engine::age_of_rifles::state::{Command, Event, Loc, Stage, State};
use kepi::engine::dice::{Dice, RecordedDice, SeededDice};
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};

/// The Prussians east (columns 10-12), the French west of them; VII Corps under Attack orders.
fn position(vii13: &str) -> State {
    position_with_art(vii13, "1104")
}

/// As [`position`], VII Corps' artillery in `art`.
fn position_with_art(vii13: &str, art: &str) -> State {
    let sc = open_fixture(|v: &mut Value| {
        v["deployment"][0]["zone"]["hexes"] = json!(zone(10..=12, 1..=10));
        v["deployment"][1]["zone"]["hexes"] = json!(zone(1..=9, 1..=10));
        v["sides"][0]["formations"][0]["order"] = json!("attack");
    });
    let s = deploy_as(
        &sc,
        &[
            ("ii-2", "0903"),
            ("ii-1", "0703"),
            ("ii-art", "0603"),
            ("frossard", "0603"),
            ("laveaucoupet", "0903"),
        ],
        &[
            ("vii-13", vii13),
            // In 0903's ZOC: a unit moving on out of 1002 is not the last to leave it (no 1 MP
            // more, AoR 5.4), so the path through it is the cheapest.
            ("vii-14", "1002"),
            // Within two hexes of 0903 (AoR 12.2 Attack: no obligation to move closer).
            ("vii-art", art),
            ("steinmetz", "1201"),
            ("zastrow", "1102"),
        ],
    );
    to(&s, "movement", 0)
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn hex(s: &State, name: &str) -> Loc {
    Loc::At(s.setup().parse(name).unwrap())
}

fn rolls(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll } => Some(roll.purpose.clone()),
            _ => None,
        })
        .collect()
}

fn notes(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn mv(to: &str, via: &[&str]) -> Value {
    json!({"kind": "move", "unit": "vii-13", "to": to, "via": via})
}

#[test]
fn aor_5_the_map_is_as_the_cases_say() {
    let s = position("1001");
    let setup = s.setup();
    let d = |a: &str, b: &str| setup.distance(setup.parse(a).unwrap(), setup.parse(b).unwrap());
    for h in ["1002", "1003"] {
        assert_eq!(d("0903", h), 1, "{h}");
    }
    for h in ["1001", "1102", "1103", "1104"] {
        assert!(d("0903", h) == 2, "{h}");
    }
    assert_eq!(d("1001", "1003"), 2);
}

#[test]
fn aor_7_12_a_waypoint_avoids_the_passing_fire_the_default_path_draws() {
    let s = position("1001");
    // Without waypoints: the cheapest path, 1002 then 1003, draws ii-2's fire (two faces).
    let (n, e) = play(&s, mv("1003", &[]), &[1, 1]);
    assert_eq!(rolls(&e), ["passing fire"]);
    let text = notes(&e);
    assert!(
        text.contains("13th Division moves 1001-1002-1003 (2 MP)"),
        "{text}"
    );
    assert!(text.contains("passing fire (AoR 7.12) from 0903"), "{text}");
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1003"));
    // Through 1103: 3 MP, no passing fire, no die rolled (`play` checks that every face given
    // is used, and none is given).
    let (n, e) = play(&s, mv("1003", &["1103"]), &[]);
    assert!(rolls(&e).is_empty(), "{e:?}");
    let text = notes(&e);
    assert!(
        text.contains("13th Division moves 1001-1102-1103-1003 (3 MP through 1103)"),
        "{text}"
    );
    let u = unit(&n, "vii-13");
    assert_eq!(n.units[u].loc, hex(&n, "1003"));
    assert!(n.units[u].moved);
    // The reach through the waypoint says so too: the path, and no fire on it.
    let r = AgeOfRifles
        .reach_via(&s, "vii-13", &["1103".to_string()])
        .unwrap();
    let h = r.hexes.iter().find(|h| h.hex == "1003").expect("1003");
    assert_eq!(h.path, ["1102", "1103", "1003"]);
    assert_eq!(h.cost, "3");
    assert!(h.fires.is_empty() && h.notes.is_empty(), "{h:?}");
    assert_eq!(cmd(h.command.clone()), cmd(mv("1003", &["1103"])));
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    let h = r.hexes.iter().find(|h| h.hex == "1003").expect("1003");
    assert_eq!(h.path, ["1002", "1003"]);
    assert_eq!(h.fires, ["1003"]);
    assert_eq!(h.notes.len(), 1);
    // The command in words names the waypoints.
    assert_eq!(
        AgeOfRifles.describe_command(&s, &cmd(mv("1003", &["1103"]))),
        "Move 13th Division to 1003 via 1103"
    );
}

#[test]
fn aor_5_3_a_waypoint_may_be_a_hex_the_move_may_not_end_in() {
    // 1002 holds two units (14th Division and the artillery): full (AoR 5.3), so no move ends
    // there, but a move may pass through it, and a waypoint there is the player's choice of
    // that path (the window offers a waypoint on any hex, not only on the reach's).
    let s = position_with_art("1001", "1002");
    let r = AgeOfRifles.reach(&s, "vii-13").unwrap();
    assert!(!r.hexes.iter().any(|h| h.hex == "1002"), "{r:?}");
    let r = AgeOfRifles
        .reach_via(&s, "vii-13", &["1002".to_string()])
        .unwrap();
    assert!(r.refused.is_none(), "{r:?}");
    assert!(!r.hexes.iter().any(|h| h.hex == "1002"), "{r:?}");
    let h = r.hexes.iter().find(|h| h.hex == "1003").expect("1003");
    assert_eq!(h.path, ["1002", "1003"]);
    assert_eq!(cmd(h.command.clone()), cmd(mv("1003", &["1002"])));
    let (n, e) = play(&s, mv("1003", &["1002"]), &[1, 1]);
    assert!(
        notes(&e).contains("13th Division moves 1001-1002-1003 (2 MP through 1002)"),
        "{}",
        notes(&e)
    );
    assert_eq!(n.units[unit(&n, "vii-13")].loc, hex(&n, "1003"));
}

#[test]
fn aor_5_a_waypoint_beyond_the_allowance_is_refused_naming_the_hex() {
    let s = position("1001");
    // 1110 is more than 4 MP away.
    let e = refused(&s, mv("1003", &["1110"]));
    assert!(
        e.contains("AoR 5") && e.contains("1110 is out of reach"),
        "{e}"
    );
    // 1105 is in reach (3 MP), but 1003 is not from there within the allowance.
    let e = refused(&s, mv("1003", &["1105"]));
    assert!(e.contains("1003") && e.contains("through 1105"), "{e}");
    // A second waypoint out of reach after the first names both.
    let e = refused(&s, mv("1003", &["1103", "1110"]));
    assert!(
        e.contains("1110 is out of reach") && e.contains("through 1103"),
        "{e}"
    );
    // Enemy units, the unit's own hex and a hex named twice in a row are refused too.
    let e = refused(&s, mv("1003", &["0903"]));
    assert!(e.contains("0903 holds enemy units"), "{e}");
    let e = refused(&s, mv("1003", &["1001"]));
    assert!(e.contains("own hex"), "{e}");
    let e = refused(&s, mv("1003", &["1102", "1102"]));
    assert!(e.contains("twice"), "{e}");
    let e = refused(&s, mv("1003", &["9999"]));
    assert!(e.contains("9999"), "{e}");
    let r = AgeOfRifles
        .reach_via(&s, "vii-13", &["1110".to_string()])
        .unwrap();
    assert!(r.hexes.is_empty());
    assert!(r.refused.unwrap().contains("1110 is out of reach"));
}

#[test]
fn aor_5_4_a_waypoint_that_leaves_an_enemy_zoc_is_refused() {
    let s = position("1002");
    let e = refused(&s, mv("1003", &["1102"]));
    assert!(
        e.contains("AoR 5.4: 1102 leaves an enemy ZOC (from 1002"),
        "{e}"
    );
    // Within the ZOC, the same move through no waypoint draws the fire as before.
    let (_, e) = play(&s, mv("1003", &[]), &[1, 1]);
    assert_eq!(rolls(&e), ["passing fire"]);
}

#[test]
fn aor_7_3_fire_first_follows_the_path_chosen() {
    let s = position("1001");
    let assault = json!({"kind": "assault", "from": ["1003"], "target": "0903"});
    // The default path enters 1003 from 1002, adjacent to 0903: no fire first; the assault
    // fires at once (two rolls of two faces).
    let n = play(&s, mv("1003", &[]), &[1, 1]).0;
    let u = unit(&n, "vii-13");
    assert_eq!(
        n.units[u].moved_from,
        Some(n.setup().parse("1002").unwrap())
    );
    let n = to(&n, "combat", 0);
    let (n, _) = play(&n, assault.clone(), &[1, 1, 1, 1]);
    assert!(
        n.combat
            .as_ref()
            .is_none_or(|c| c.stage != Stage::FireFirst)
    );
    // Through 1103, nonadjacent to 0903 and in its line of sight: the defender may fire first.
    let n = play(&s, mv("1003", &["1103"]), &[]).0;
    assert_eq!(
        n.units[u].moved_from,
        Some(n.setup().parse("1103").unwrap())
    );
    let n = to(&n, "combat", 0);
    let (n, e) = play(&n, assault, &[]);
    assert!(notes(&e).contains("may fire first"), "{e:?}");
    assert_eq!(n.combat.as_ref().map(|c| c.stage), Some(Stage::FireFirst));
}

#[test]
fn aor_5_a_game_with_waypoint_moves_replays_hash_for_hash() {
    let s = position("1001");
    let script = [
        mv("1003", &["1102", "1103"]),
        json!({"kind": "move", "unit": "vii-art", "to": "1004", "via": ["1105"]}),
        json!({"kind": "end"}),
        json!({"kind": "assault", "from": ["1003"], "target": "0903"}),
    ];
    let mut dice = SeededDice::new(7);
    let mut record = Vec::new();
    let mut at = s.clone();
    for c in &script {
        // Each command goes through its stored form, as the archive keeps it.
        let stored: Command =
            serde_json::from_str(&serde_json::to_string(&cmd(c.clone())).unwrap()).unwrap();
        let (next, ev) = AgeOfRifles
            .apply(&at, &stored, &mut dice as &mut dyn Dice)
            .unwrap_or_else(|e| panic!("{c}: {e}"));
        record.push((
            stored,
            AgeOfRifles.rolls(&ev),
            AgeOfRifles.state_hash(&next),
        ));
        at = next;
    }
    assert_eq!(at.units[unit(&at, "vii-art")].loc, hex(&at, "1004"));
    let mut r = s;
    for (i, (c, rolls, hash)) in record.iter().enumerate() {
        let mut d = RecordedDice::new(rolls.iter().cloned());
        let (next, _) = AgeOfRifles.apply(&r, c, &mut d).unwrap();
        assert_eq!(d.remaining(), 0, "command {i}");
        assert_eq!(&AgeOfRifles.state_hash(&next), hash, "command {i}");
        r = next;
    }
}

#[test]
fn serde_a_move_without_waypoints_is_stored_exactly_as_before() {
    let c = Command::Move {
        unit: "vii-13".into(),
        to: "1003".into(),
        via: Vec::new(),
    };
    assert_eq!(
        serde_json::to_string(&c).unwrap(),
        r#"{"kind":"move","unit":"vii-13","to":"1003"}"#
    );
    let back: Command =
        serde_json::from_str(r#"{"kind":"move","unit":"vii-13","to":"1003"}"#).unwrap();
    assert_eq!(back, c);
    let with = Command::Move {
        unit: "vii-13".into(),
        to: "1003".into(),
        via: vec!["1102".into(), "1103".into()],
    };
    assert_eq!(
        serde_json::to_string(&with).unwrap(),
        r#"{"kind":"move","unit":"vii-13","to":"1003","via":["1102","1103"]}"#
    );
}

//! Age of Rifles sequential losses in assault (issue 15; AoR 7.3): "Losses are applied
//! simultaneously, unless any attacking units have moved adjacent out of a nonadjacent hex that
//! was in LOS of the defending stack. Then, the defender can choose to fire at these units
//! first". Each test is named for its case, on the test map's scenario with the deployment
//! zones opened up (Prussians: columns 01-05 and row 1; French: columns 06-12 below row 1 and
//! 0507). Dice are data: a 2d6 roll is two faces, given in order. The test map has woods in
//! 0306, 0406, 0307, 0407 (AoR 8.3 blocks the line of sight through them).

use crate::common;
use common::aor::{cmd, fixture, play, refused, to, zone};
use kepi::engine::age_of_rifles::state::{Event, Loc, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

/// The test scenario with open zones, after `edit`.
fn scenario(edit: impl Fn(&mut Value)) -> Scenario {
    fixture(|v| {
        let mut prussian = zone(1..=5, 1..=10);
        prussian.extend(zone(6..=12, 1..=1));
        v["deployment"][0]["zone"]["hexes"] = json!(prussian);
        let mut french = zone(6..=12, 2..=10);
        french.push("0507".into());
        v["deployment"][1]["zone"]["hexes"] = json!(french);
        edit(v);
    })
}

fn end(s: &State) -> State {
    play(s, json!({"kind": "end"}), &[]).0
}

/// Deploy the French, then the Prussians; the game is then at the Prussians' Command Phase of
/// game-turn 1.
fn position(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for (piece, hex) in french.iter().chain(prussian) {
        s = play(
            &s,
            json!({"kind": "deploy", "piece": piece, "hex": hex}),
            &[],
        )
        .0;
        if *piece == "laveaucoupet" {
            s = end(&s);
        }
    }
    end(&s)
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn at(s: &State, id: &str) -> Loc {
    s.units[unit(s, id)].loc
}

fn hex(s: &State, name: &str) -> Loc {
    Loc::At(s.setup().parse(name).unwrap())
}

fn text(ev: &[Event]) -> String {
    format!("{ev:?}")
}

fn fire_first(first: bool) -> Value {
    json!({"kind": "fire_first", "first": first})
}

/// French ii-2 (infantry 5/2) in 0605; the Prussians deployed as given, then at their
/// Formation Movement Segment of game-turn 1.
fn movement(prussian: &[(&str, &str)]) -> State {
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &[
            ("ii-2", "0605"),
            ("ii-1", "1005"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "1005"),
        ],
        prussian,
    );
    to(&s, "movement", 0)
}

/// vii-13 (6/3, two steps) moves 0405 -> 0505 beside ii-2 in 0605; 0405 is two hexes from
/// 0605 with clear ground between. At the Prussians' Formation Combat Segment.
fn moved_adjacent() -> State {
    let s = movement(&[
        ("vii-13", "0405"),
        ("vii-14", "0105"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
    ]);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0505"}),
        &[],
    )
    .0;
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-14", "to": "0305"}),
        &[],
    )
    .0;
    to(&s, "combat", 0)
}

#[test]
fn aor_7_3_the_move_records_the_hex_moved_out_of_until_the_next_player_turn() {
    let s = moved_adjacent();
    let u = unit(&s, "vii-13");
    assert_eq!(Loc::At(s.units[u].moved_from.unwrap()), hex(&s, "0405"));
    let json = serde_json::to_value(&s).unwrap();
    let v = unit(&s, "ii-2");
    assert!(json["units"][u].get("moved_from").is_some());
    assert!(
        json["units"][v].get("moved_from").is_none(),
        "serialized only when set"
    );
}

#[test]
fn aor_7_3_offered_when_an_attacker_moved_adjacent_from_a_nonadjacent_hex_in_los() {
    let s = moved_adjacent();
    let a = json!({"kind": "assault", "from": ["0505"], "target": "0605"});
    let pv = AgeOfRifles
        .preview(&s, std::slice::from_ref(&cmd(a.clone())))
        .unwrap();
    assert!(
        pv.notes
            .iter()
            .any(|n| n.contains("AoR 7.3") && n.contains("fire first")),
        "{:?}",
        pv.notes
    );
    let (s, ev) = play(&s, a, &[]);
    assert!(text(&ev).contains("may fire first"), "{ev:?}");
    let p = AgeOfRifles.progress(&s);
    assert_eq!(p.player, 1, "the defender chooses");
    assert!(p.waiting_for.unwrap().contains("AoR 7.3"));
    assert_eq!(
        AgeOfRifles.legal(&s),
        vec![cmd(fire_first(true)), cmd(fire_first(false))]
    );
    let e = refused(&s, json!({"kind": "retreat", "voluntary": false}));
    assert!(e.contains("AoR 7.3"), "{e}");
}

#[test]
fn aor_7_3_sequential_the_attack_strength_is_the_one_after_losses() {
    let s = moved_adjacent();
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[],
    )
    .0;
    // ii-2 fires first at defense 5, rolled 8: 1 hit, vii-13 reduced to one step (strength
    // 3); then vii-13 fires at 3, rolled 12.
    let (s, ev) = play(&s, fire_first(true), &[4, 4, 6, 6]);
    let t = text(&ev);
    assert!(
        t.contains("fires first") && t.contains("defense 5 scores 1"),
        "{t}"
    );
    assert!(t.contains("attack 3"), "the reduced strength fires: {t}");
    assert_eq!(s.units[unit(&s, "vii-13")].steps, 1);
    assert!(s.combat.as_ref().unwrap().sequential);
    assert_eq!(
        AgeOfRifles.progress(&s).player,
        0,
        "then the voluntary retreats (AoR 7.4)"
    );
}

#[test]
fn aor_7_3_sequential_an_eliminated_attacker_does_not_fire() {
    let s = moved_adjacent();
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[],
    )
    .0;
    // Defense 5 rolled 10: 2 hits eliminate vii-13; no attacker roll (all faces used).
    let (s, ev) = play(&s, fire_first(true), &[5, 5]);
    assert_eq!(at(&s, "vii-13"), Loc::Eliminated);
    assert!(text(&ev).contains("attack 0 scores 0"), "{ev:?}");
    assert_eq!(s.units[unit(&s, "ii-2")].steps, 2);
    assert!(s.combat.is_none());
}

#[test]
fn aor_7_3_declined_the_losses_are_simultaneous() {
    let s = moved_adjacent();
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[],
    )
    .0;
    // Attack 6 rolled 12: 3 hits; defense 5 rolled 10: 2 hits; both at full strength.
    let (s, ev) = play(&s, fire_first(false), &[6, 6, 5, 5]);
    let t = text(&ev);
    assert!(t.contains("attack 6") && t.contains("defense 5"), "{t}");
    assert!(!s.combat.as_ref().unwrap().sequential);
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    assert_eq!(at(&s, "ii-2"), Loc::Eliminated);
    assert_eq!(at(&s, "vii-13"), Loc::Eliminated);
}

#[test]
fn aor_7_3_sequential_a_voluntary_retreat_halves_only_the_defenders_hits() {
    let s = moved_adjacent();
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[],
    )
    .0;
    // Defense 5 rolled 8: 1 hit (not halved later); attack 3 rolled 10: hits halved.
    let s = play(&s, fire_first(true), &[4, 4, 5, 5]).0;
    let h = s.combat.as_ref().unwrap().hits;
    let s = play(&s, json!({"kind": "retreat", "voluntary": true}), &[]).0;
    let (s, ev) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]);
    assert!(text(&ev).contains("are not halved"), "{ev:?}");
    assert_eq!(
        s.units[unit(&s, "vii-13")].steps,
        1,
        "the hit taken stays one"
    );
    let halved = kepi::engine::age_of_rifles::tables::halve_hits(h.1);
    assert_eq!(s.units[unit(&s, "ii-2")].steps as u32, 2 - halved.min(2));
}

#[test]
fn aor_7_3_not_offered_when_the_attacker_started_adjacent() {
    let s = movement(&[
        ("vii-13", "0505"),
        ("vii-14", "0105"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
    ]);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-14", "to": "0305"}),
        &[],
    )
    .0;
    let s = to(&s, "combat", 0);
    let a = json!({"kind": "assault", "from": ["0505"], "target": "0605"});
    let pv = AgeOfRifles
        .preview(&s, std::slice::from_ref(&cmd(a.clone())))
        .unwrap();
    assert!(!pv.notes.iter().any(|n| n.contains("fire first")));
    let e = refused(&s, fire_first(true));
    assert!(e.contains("AoR 7.3"), "{e}");
    // Both fire at once at the declaration.
    let (s, _) = play(&s, a, &[1, 1, 1, 1]);
    assert_eq!(AgeOfRifles.progress(&s).player, 0);
    let e = refused(&s, fire_first(true));
    assert!(e.contains("waits for"), "{e}");
}

#[test]
fn aor_7_3_not_offered_when_the_hex_moved_out_of_was_out_of_los() {
    // ii-2 in 0507; vii-13 moves 0307 -> 0407 (woods): the line from 0307 to 0507 runs
    // between the woods of 0406 and 0407, which blocks it (AoR 8.3).
    let sc = scenario(|_| {});
    let s = position(
        &sc,
        &[
            ("ii-2", "0507"),
            ("ii-1", "1005"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "1005"),
        ],
        &[
            ("vii-13", "0307"),
            ("vii-14", "0105"),
            ("vii-art", "0307"),
            ("steinmetz", "0307"),
            ("zastrow", "0307"),
        ],
    );
    let s = to(&s, "movement", 0);
    let setup = s.setup();
    let (from, into, t) = (
        setup.parse("0307").unwrap(),
        setup.parse("0407").unwrap(),
        setup.parse("0507").unwrap(),
    );
    assert_eq!((setup.distance(from, t), setup.distance(into, t)), (2, 1));
    assert!(
        kepi::engine::age_of_rifles::los::line_of_sight(&setup.map, setup.hex(from), setup.hex(t))
            .is_err()
    );
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0407"}),
        &[],
    )
    .0;
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-14", "to": "0205"}),
        &[],
    )
    .0;
    let s = to(&s, "combat", 0);
    assert_eq!(
        Loc::At(s.units[unit(&s, "vii-13")].moved_from.unwrap()),
        hex(&s, "0307")
    );
    // Both fire at once at the declaration: no choice for the defender.
    let (s, _) = play(
        &s,
        json!({"kind": "assault", "from": ["0407"], "target": "0507"}),
        &[1, 1, 1, 1],
    );
    assert_eq!(AgeOfRifles.progress(&s).player, 0);
    assert!(!s.combat.as_ref().unwrap().sequential);
}

#[test]
fn aor_7_3_sequential_the_attacker_allocates_its_hits_before_it_fires() {
    // vii-14 already in 0505; vii-13 moves 0405 -> 0505 beside it (0405 sees 0605).
    let s = movement(&[
        ("vii-13", "0405"),
        ("vii-14", "0505"),
        ("vii-art", "0405"),
        ("steinmetz", "0405"),
        ("zastrow", "0405"),
    ]);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0505"}),
        &[],
    )
    .0;
    let s = to(&s, "combat", 0);
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0505"], "target": "0605"}),
        &[],
    )
    .0;
    assert_eq!(
        AgeOfRifles.progress(&s).player,
        1,
        "vii-13 moved adjacent: offered"
    );
    // Defense 5 rolled 10: 2 hits, one division must take both (AoR 7.1): the attacker
    // chooses before anything else is rolled.
    let s = play(&s, fire_first(true), &[5, 5]).0;
    assert_eq!(AgeOfRifles.progress(&s).player, 0);
    assert_eq!(
        AgeOfRifles.legal(&s),
        vec![
            cmd(json!({"kind": "allocate", "units": ["vii-13", "vii-13"]})),
            cmd(json!({"kind": "allocate", "units": ["vii-14", "vii-14"]})),
        ]
    );
    // vii-13 is eliminated; vii-14 alone fires at 6, rolled 12: 3 hits.
    let (s, ev) = play(
        &s,
        json!({"kind": "allocate", "units": ["vii-13", "vii-13"]}),
        &[6, 6],
    );
    assert_eq!(at(&s, "vii-13"), Loc::Eliminated);
    assert!(text(&ev).contains("attack 6 scores 3"), "{ev:?}");
    // Both stand: only the defenders' hits are left to apply; the attackers (hit) check
    // morale: vii-14 rolled 1, it stays.
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[1]).0;
    assert_eq!(at(&s, "ii-2"), Loc::Eliminated);
    assert_eq!(s.units[unit(&s, "vii-14")].steps, 2);
    assert_eq!(at(&s, "vii-14"), hex(&s, "0505"));
}

//! AoR 7.4 "A stack that retreats into an enemy ZOC suffers passing fire" (issue 15): each
//! test named for its case. The French brigade ii-2 stands on the west edge in 0105, assaulted
//! by the 13th Division (vii-13) from 0205; its one hex away from 0205 is 0104 (0106 and 0204
//! are next to 0205, 0105's other neighbours are off the map). The 14th Division (vii-14)
//! decides what 0104 is: in 0103 it holds 0104 in its ZOC, in 0104 it closes it, in 0206 it
//! leaves it free. Dice are data: a 2d6 roll is two faces; the Fire Table's row 3 gives 0 hits
//! on 2, 1 on 8 and 2 on 12. Two cases place the pieces elsewhere and say where: the choice
//! between a free hex and ZOC hexes, and a retreat after passing fire in movement (7.12).

use crate::common;
use common::aor::{FIXTURE, deploy_as, open_zones, play, to, zone};
use kepi::engine::age_of_rifles::position::Ctx;
use kepi::engine::age_of_rifles::state::{Disruption, Event, Loc, State};
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::map::Map;
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};
use std::path::Path;

const MAP: &str = "tests/fixtures/age-of-rifles/maps/aor-crossroads.json";

/// The fixture scenario with the Prussians in columns 02-05 and 0103-0104, the French in
/// columns 06-12 and 0105; the hexes in `forts` painted fort (AoR 10.1); then `edit`.
fn scenario(forts: &[&str], edit: impl FnOnce(&mut Value)) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    open_zones(&mut v);
    let mut prussian = zone(2..=5, 1..=10);
    prussian.extend(["0103".to_string(), "0104".to_string()]);
    let mut french = zone(6..=12, 1..=10);
    french.push("0105".into());
    v["deployment"][0]["zone"]["hexes"] = json!(prussian);
    v["deployment"][1]["zone"]["hexes"] = json!(french);
    edit(&mut v);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap_or_else(|p| panic!("{p}"));
    let map_path = Path::new(env!("CARGO_MANIFEST_DIR")).join(MAP);
    let mut m: Value = serde_json::from_str(&std::fs::read_to_string(map_path).unwrap()).unwrap();
    m["terrain"]["legend"]["f"] = "fort".into();
    for f in forts {
        let (c, r): (usize, usize) = (f[..2].parse().unwrap(), f[2..].parse().unwrap());
        let mut cells: Vec<char> = m["terrain"]["rows"][r - 1]
            .as_str()
            .unwrap()
            .chars()
            .collect();
        cells[c - 1] = 'f';
        m["terrain"]["rows"][r - 1] = cells.into_iter().collect::<String>().into();
    }
    let map = Map::from_text(&m.to_string()).unwrap_or_else(|p| panic!("{p}"));
    Scenario::new(
        file,
        map,
        kepi::engine::game::registry::id("age-of-rifles")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .unwrap_or_else(|p| panic!("{p}"))
}

/// ii-2 in 0105 (`ii1` for ii-1's hex), the other French far east; vii-13 and its leaders in
/// 0205, vii-14 in `vii14`, vii-art in 0305; at the Prussians' Formation Combat Segment of
/// game-turn 1.
fn position(sc: &Scenario, ii1: &str, vii14: &str) -> State {
    position_with(sc, ii1, vii14, "0305")
}

/// As [`position`], vii-art in `art`.
fn position_with(sc: &Scenario, ii1: &str, vii14: &str, art: &str) -> State {
    let french = [
        ("ii-2", "0105"),
        ("ii-1", ii1),
        ("ii-art", "1107"),
        ("frossard", "1106"),
        ("laveaucoupet", "1106"),
    ];
    let prussian = [
        ("vii-13", "0205"),
        ("vii-14", vii14),
        ("vii-art", art),
        ("steinmetz", "0205"),
        ("zastrow", "0205"),
    ];
    let s = deploy_as(sc, &french, &prussian);
    to(&s, "combat", 0)
}

/// vii-13 assaults 0105 with `faces` (attack, then defense); the attacker stands; the
/// defender chooses `voluntary` and rolls `morale` (none or one face). The events of the
/// defender's choice, where the retreat is made.
fn assault(s: &State, faces: [u8; 4], voluntary: bool, then: &[u8]) -> (State, Vec<Event>) {
    let s = play(
        s,
        json!({"kind": "assault", "from": ["0205"], "target": "0105"}),
        &faces,
    )
    .0;
    let s = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]).0;
    play(&s, json!({"kind": "retreat", "voluntary": voluntary}), then)
}

/// The notes of the assault preview of vii-13 on 0105.
fn preview_notes(s: &State) -> Vec<String> {
    let c = common::aor::cmd(json!({"kind": "assault", "from": ["0205"], "target": "0105"}));
    AgeOfRifles
        .preview(s, std::slice::from_ref(&c))
        .unwrap_or_else(|e| panic!("{e}"))
        .notes
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

fn hex(s: &State, name: &str) -> Loc {
    Loc::At(s.setup().parse(name).unwrap())
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

/// The rolls recorded: purpose and faces.
fn rolls(events: &[Event]) -> Vec<(String, Vec<u8>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll } => Some((roll.purpose.clone(), roll.faces.clone())),
            _ => None,
        })
        .collect()
}

fn pf(faces: [u8; 2]) -> (String, Vec<u8>) {
    ("passing fire".to_string(), faces.to_vec())
}

#[test]
fn aor_7_4_the_map_is_as_the_cases_say() {
    let sc = scenario(&[], |_| {});
    let g = sc.map.grid;
    let h = |n: &str| g.parse(n).unwrap();
    let mut around: Vec<String> = g.neighbors(h("0105")).map(|n| g.name(n)).collect();
    around.sort();
    assert_eq!(around, ["0104", "0106", "0204", "0205"]);
    // Only 0104 is farther from 0205.
    assert_eq!(g.distance(h("0104"), h("0205")), 2);
    for n in ["0106", "0204"] {
        assert_eq!(g.distance(h(n), h("0205")), 1);
    }
    // 0103 holds 0104 in its ZOC, not 0105; 0206 neither.
    assert!(g.adjacent(h("0103"), h("0104")) && !g.adjacent(h("0103"), h("0105")));
    assert!(!g.adjacent(h("0206"), h("0104")) && !g.adjacent(h("0206"), h("0105")));
}

#[test]
fn aor_7_4_a_stack_whose_only_retreat_hex_is_in_an_enemy_zoc_retreats_into_it_and_is_fired_at() {
    let sc = scenario(&[], |_| {});
    let s = position(&sc, "1005", "0103");
    // Attack 6 rolled 2 and defense 5 rolled 2: no hits. ii-2 retreats voluntarily (AoR 7.4)
    // into 0104, in vii-14's ZOC: vii-14's 6 at half strength is 3, rolled 8: one hit.
    let (n, e) = assault(&s, [1, 1, 1, 1], true, &[4, 4]);
    assert_eq!(rolls(&e), [pf([4, 4])], "no retreat check follows the hit");
    let text = notes(&e);
    assert!(
        text.contains(
            "passing fire on a retreat into an enemy ZOC (AoR 7.4, 7.12) from 0103 at 2nd \
             Brigade in 0104: strength 3 (passing fire, half strength) scores 1"
        ),
        "{text}"
    );
    let u = unit(&n, "ii-2");
    assert_eq!(n.units[u].loc, hex(&n, "0104"));
    assert_eq!(n.units[u].steps, 1);
    assert_eq!(n.units[u].disrupted, Some(Disruption::Combat));
    // The assault preview says so before the roll.
    assert!(
        preview_notes(&s).contains(
            &"AoR 7.4: every hex the defenders could retreat into is in an enemy ZOC: a \
              retreat would go into 0104 under passing fire from 0103 (half strength, AoR 7.12)"
                .to_string()
        ),
        "{:?}",
        preview_notes(&s)
    );
    // The roll is recorded with what it was: a replay of the same faces gives the same state.
    let (again, _) = assault(&s, [1, 1, 1, 1], true, &[4, 4]);
    assert_eq!(AgeOfRifles.state_hash(&n), AgeOfRifles.state_hash(&again));
}

#[test]
fn aor_7_4_passing_fire_on_a_retreat_can_eliminate_the_stack() {
    let sc = scenario(&[], |_| {});
    let s = position(&sc, "1005", "0103");
    // Attack 6 rolled 8: one hit (ii-2 flips to 2); defense rolled 2: none. ii-2 (morale 4,
    // -1 for the step: 3) rolls 5, fails and retreats into 0104; vii-14 rolls 12: two hits.
    let (n, e) = assault(&s, [4, 4, 1, 1], false, &[5, 6, 6]);
    assert_eq!(
        rolls(&e),
        [("morale check".to_string(), vec![5]), pf([6, 6])]
    );
    let text = notes(&e);
    assert!(text.contains("retreats from 0105 to 0104"), "{text}");
    assert!(text.contains("scores 2"), "{text}");
    assert!(text.contains("2nd Brigade is eliminated"), "{text}");
    assert_eq!(n.units[unit(&n, "ii-2")].loc, Loc::Eliminated);
    assert_eq!(n.destroyed[1], 5);
}

#[test]
fn aor_7_4_a_free_hex_draws_no_fire() {
    // vii-14 in 0206: 0104 is in no enemy ZOC.
    let sc = scenario(&[], |_| {});
    let s = position(&sc, "1005", "0206");
    assert!(
        !preview_notes(&s)
            .iter()
            .any(|n| n.contains("retreat would")),
        "{:?}",
        preview_notes(&s)
    );
    let (n, e) = assault(&s, [1, 1, 1, 1], true, &[]);
    assert!(rolls(&e).is_empty(), "{:?}", rolls(&e));
    let u = unit(&n, "ii-2");
    assert_eq!(n.units[u].loc, hex(&n, "0104"));
    assert_eq!(n.units[u].steps, 2);
    assert!(!notes(&e).contains("passing fire"));
}

#[test]
fn aor_7_4_a_hex_out_of_enemy_zoc_is_preferred_to_one_in_it() {
    // ii-1 in 0805 retreating away from 0705: 0806, 0905 and 0906 are each two hexes from
    // 0705, all clear and empty. vii-14 in 0904 holds 0905 in its ZOC, vii-art in 0807 holds
    // 0806; 0906 is free, and is chosen though it comes last in map order.
    use kepi::engine::age_of_rifles::losses::retreat_hex;
    use kepi::engine::age_of_rifles::position::Ctx;
    let sc = scenario(&[], |v| {
        let f = v["deployment"][1]["zone"]["hexes"].as_array_mut().unwrap();
        f.retain(|h| h != "0904" && h != "0807");
        let p = v["deployment"][0]["zone"]["hexes"].as_array_mut().unwrap();
        p.extend([json!("0904"), json!("0807")]);
    });
    let s = position_with(&sc, "0805", "0904", "0807");
    let setup = s.setup();
    let ix = |n: &str| setup.parse(n).unwrap();
    let ctx = Ctx::new(&s);
    assert!(ctx.enemy_zoc(1, ix("0905")) && ctx.enemy_zoc(1, ix("0806")));
    assert!(!ctx.enemy_zoc(1, ix("0906")));
    assert!(ix("0806") < ix("0906") && ix("0905") < ix("0906"));
    let u = unit(&s, "ii-1");
    let to = retreat_hex(&s, 1, &[u], ix("0805"), &[ix("0705")]).unwrap();
    assert_eq!(setup.name(to), "0906");
}

#[test]
fn aor_7_4_with_no_hex_at_all_the_stack_is_still_eliminated() {
    // vii-14 in 0104 itself: no hex to retreat into.
    let sc = scenario(&[], |_| {});
    let s = position(&sc, "1005", "0104");
    assert!(preview_notes(&s).iter().any(|n| n
        == "AoR 7.4: the defenders have no hex to retreat into from 0105: a retreat would \
            eliminate them"));
    let (n, e) = assault(&s, [1, 1, 1, 1], true, &[]);
    assert!(rolls(&e).is_empty());
    let text = notes(&e);
    assert!(text.contains("no hex to retreat into"), "{text}");
    assert_eq!(n.units[unit(&n, "ii-2")].loc, Loc::Eliminated);
}

#[test]
fn aor_7_4_5_4_an_all_cavalry_stack_ignores_the_zoc_and_draws_no_fire() {
    // ii-2 made cavalry: it retreats into 0104 as before, unfired at (defense 5 halved: 3).
    let sc = scenario(&[], |v| {
        v["sides"][1]["units"][1]["kind"] = "cavalry".into();
    });
    let s = position(&sc, "1005", "0103");
    let s = play(
        &s,
        json!({"kind": "assault", "from": ["0205"], "target": "0105"}),
        &[1, 1, 1, 1],
    )
    .0;
    // AoR 7.3: cavalry defending alone retreats voluntarily, with no choice asked.
    let (n, e) = play(&s, json!({"kind": "retreat", "voluntary": false}), &[]);
    assert!(rolls(&e).is_empty(), "{:?}", rolls(&e));
    assert!(notes(&e).contains("retreats from 0105 to 0104"));
    let u = unit(&n, "ii-2");
    assert_eq!(n.units[u].loc, hex(&n, "0104"));
    assert_eq!(n.units[u].steps, 2);
}

#[test]
fn aor_7_4_7_1_a_stack_of_two_takes_the_hits_by_kepis_rule_for_the_owner() {
    // ii-1 joins ii-2 in 0105; both sides roll 2: no hits. The two brigades retreat
    // voluntarily into 0104 together; vii-14 rolls 12: two hits. Both are infantry of
    // strength 5: Kepi's rule puts the first hit on the first in unit order (ii-1), the
    // second on the damaged ii-1 (AoR 7.1: "hits must be allocated to damaged units").
    let sc = scenario(&[], |_| {});
    let s = position(&sc, "0105", "0103");
    let (n, e) = assault(&s, [1, 1, 1, 1], true, &[6, 6]);
    assert_eq!(rolls(&e), [pf([6, 6])]);
    let text = notes(&e);
    assert!(
        text.contains("at 1st Brigade, 2nd Brigade in 0104") && text.contains("scores 2"),
        "{text}"
    );
    assert!(
        text.contains("Kepi's rule for the owner, AoR 7.1"),
        "{text}"
    );
    assert_eq!(n.units[unit(&n, "ii-1")].loc, Loc::Eliminated);
    let u = unit(&n, "ii-2");
    assert_eq!(n.units[u].loc, hex(&n, "0104"));
    assert_eq!(n.units[u].steps, 2);
}

#[test]
fn aor_10_1_a_unit_in_a_fort_still_ignores_the_retreat_result() {
    // ii-2 in a fort in 0105: attack 6 halved (AoR 10.1) is 3, rolled 8: one hit; defense
    // rolled 2. ii-2 fails its check (rolled 6 against 3) and stays: no retreat, no fire.
    let sc = scenario(&["0105"], |_| {});
    let s = position(&sc, "1005", "0103");
    let (n, e) = assault(&s, [4, 4, 1, 1], false, &[6]);
    assert_eq!(rolls(&e), [("morale check".to_string(), vec![6])]);
    assert!(notes(&e).contains("ignores the retreat result (AoR 10.1: in a fort)"));
    let u = unit(&n, "ii-2");
    assert_eq!(n.units[u].loc, hex(&n, "0105"));
    assert_eq!(n.units[u].steps, 1);
}

#[test]
fn aor_10_1_a_retreat_into_an_empty_fort_draws_no_fire() {
    // 0104 a fort: no ZOC reaches into it (Kepi's reading of AoR 10.1), so vii-14 in 0103
    // does not fire at ii-2 retreating into it.
    let sc = scenario(&["0104"], |_| {});
    let s = position(&sc, "1005", "0103");
    let (n, e) = assault(&s, [1, 1, 1, 1], true, &[]);
    assert!(rolls(&e).is_empty(), "{:?}", rolls(&e));
    assert_eq!(n.units[unit(&n, "ii-2")].loc, hex(&n, "0104"));
}

#[test]
fn aor_7_12_7_4_a_unit_failing_its_check_after_passing_fire_retreats_into_a_zoc_under_fire_once() {
    // vii-13 slides from 1002 to 1003 along ii-2's ZOC (0903) and is fired at (AoR 7.12): 8 on
    // row 3, one hit; it fails its check (rolled 4 against 3) and retreats away from 0903.
    // Every hex away from 0903 (1004, 1103, 1104) is held in a ZOC by ii-1 (1105) or ii-art
    // (1203), so it retreats into one and draws the fire of ii-art (3 at half strength: 2;
    // rolled 2, no hit) (AoR 7.4).
    let sc = scenario(&[], |v| {
        v["deployment"][0]["zone"]["hexes"] = json!(["1002", "1102", "1201", "1202"]);
        v["deployment"][1]["zone"]["hexes"] = json!(["0903", "1105", "1203"]);
    });
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let french = [
        ("ii-2", "0903"),
        ("ii-1", "1105"),
        ("ii-art", "1203"),
        ("frossard", "1203"),
        ("laveaucoupet", "0903"),
    ];
    let prussian = [
        ("vii-13", "1002"),
        ("vii-14", "1202"),
        ("vii-art", "1202"),
        ("steinmetz", "1201"),
        ("zastrow", "1102"),
    ];
    for side in [&french, &prussian] {
        for (piece, hex) in side.iter() {
            s = play(
                &s,
                json!({"kind": "deploy", "piece": piece, "hex": hex}),
                &[],
            )
            .0;
        }
        s = play(&s, json!({"kind": "end"}), &[]).0;
    }
    let s = to(&s, "movement", 0);
    let setup = s.setup();
    let ix = |n: &str| setup.parse(n).unwrap();
    let (n, e) = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "1003"}),
        &[4, 4, 4, 1, 1],
    );
    let text = notes(&e);
    assert_eq!(
        rolls(&e),
        [
            pf([4, 4]),
            ("morale check".to_string(), vec![4]),
            pf([1, 1])
        ],
        "{text}"
    );
    // Of the three, 1103 comes first in map order (all two hexes from 0903, all with room).
    for h in ["1004", "1103", "1104"] {
        assert_eq!(setup.distance(ix(h), ix("0903")), 2, "{h}");
    }
    assert!(ix("1103") < ix("1004") && ix("1103") < ix("1104"));
    assert!(text.contains("13th Division retreats from 1003 to 1103 disrupted (AoR 7.4)"));
    assert!(
        text.contains(
            "passing fire on a retreat into an enemy ZOC (AoR 7.4, 7.12) from 1203 at 13th \
             Division in 1103: strength 2 (passing fire, half strength) scores 0"
        ),
        "{text}"
    );
    let u = unit(&n, "vii-13");
    assert_eq!(n.units[u].loc, hex(&n, "1103"));
    assert!(Ctx::new(&n).enemy_zoc(0, ix("1103")));
    assert_eq!(n.units[u].steps, 1);
    assert_eq!(n.units[u].disrupted, Some(Disruption::Combat));
}

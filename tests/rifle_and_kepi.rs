//! Rifle and Kepi (issue 38): each rule case of the text on a small 1-km map, named by its
//! heading (RK Movement, RK Combat ...); the fixture scenario played to the end by the seeded
//! random player through the generic game layer, replayed hash for hash from its recorded
//! dice; and seeded random games holding the invariants (a card once per unit a turn, no unit
//! in an enemy hex, formations and stacking legal, steps never below zero).
//!
//! The text prints no worked example (no figures of a turn or a combat); the combat cases
//! below work the text's arithmetic by hand instead, figure by figure.

use crate::common;

use common::rk::*;
use common::scale;
use kepi::engine::dice::{Dice, SeededDice};
use kepi::engine::game::registry;
use kepi::engine::rifle_and_kepi::board;
use kepi::engine::rifle_and_kepi::combat;
use kepi::engine::rifle_and_kepi::section::{Formation, Kind};
use kepi::engine::rifle_and_kepi::state::{Command, Phase, State, Status};
use kepi::engine::{RifleAndKepi, Ruleset};
use kepi::frac::Frac;
use serde_json::json;

fn combat_at_end_of_bombardment(s: &State) -> State {
    let mut s = s.clone();
    s.phase = Phase::Bombardment;
    s.player = 1 - s.setup().first;
    s
}

// ---- RK Scales ------------------------------------------------------------------------------

#[test]
fn rk_scales_two_steps_for_infantry_and_artillery_one_for_cavalry_on_1000_m_hexes() {
    let s = RifleAndKepi
        .start(&fixture(|_| {}), &Default::default())
        .unwrap();
    let steps = |id: &str| s.units[ix(&s, id)].steps;
    assert_eq!(steps("p-7"), 2);
    assert_eq!(steps("p-art"), 2);
    assert_eq!(steps("p-cav"), 1);
    assert_eq!(steps("p-hq"), 0);
    assert_eq!(RifleAndKepi.map_scale(), kepi::map::MapScale::metres(1000));
    // Registered: files name it by its key, and the generic layer plays it.
    let r = registry::get("rifle-and-kepi").unwrap();
    assert_eq!(r.name(), "Rifle and Kepi");
    let names: Vec<&str> = r.table_files().iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        ["tables.json", "terrain-effects.json", "catalog.json"]
    );
}

#[test]
fn rk_scenario_units_outside_their_zone_or_sharing_a_hex_are_refused() {
    let sc = fixture(|v| v["sides"][0]["units"][0]["hex"] = json!("0505"));
    let e = RifleAndKepi.start(&sc, &Default::default()).unwrap_err();
    assert!(
        e.to_string().contains("outside Prussia's deployment zone"),
        "{e}"
    );
    let sc = fixture(|v| v["sides"][0]["units"][1]["hex"] = json!("0203"));
    let e = RifleAndKepi.start(&sc, &Default::default()).unwrap_err();
    assert!(e.to_string().starts_with("RK Movement"), "{e}");
    // A hex off the map is the validation's problem, by field, an arriving unit's too (its hex
    // need not be in the zone, but on the map), and an objective's.
    let e = common::system::try_fixture(&RifleAndKepi, FIXTURE, |v| {
        v["sides"][0]["units"][2]["hex"] = json!("1309");
        v["sides"][0]["units"][2]["arrives"] = json!(2);
        v["sides"][1]["objectives"] = json!([{"hex": "0000"}]);
    })
    .unwrap_err();
    assert!(
        e.contains("sides[0].units[2].hex: no hex '1309' on the map (RK Scenario)"),
        "{e}"
    );
    assert!(
        e.contains("sides[1].objectives[0].hex: no hex '0000'"),
        "{e}"
    );
}

// ---- RK Turn sequence -----------------------------------------------------------------------

#[test]
fn rk_turn_sequence_i_a_card_for_each_unit_and_hq_not_in_combat_and_ii_dithering_inverts_low_cards()
{
    let s = position(&[
        (0, unit("p-7", "infantry", "0504")),
        (0, unit("p-8", "infantry", "0302")),
        (0, unit("p-hq", "hq", "0302")),
        (
            1,
            with(
                unit("a-1", "infantry", "0505"),
                json!({"formation": "deployed"}),
            ),
        ),
        (1, unit("a-2", "infantry", "0908")),
    ]);
    // p-7 and a-1 touch: in combat, no card (RK Turn sequence i).
    assert!(board::in_combat(&s, ix(&s, "p-7")));
    let faces = card_faces(&s, &[("p-8", 3), ("p-hq", 9), ("a-2", 4)], 2);
    assert_eq!(faces.len(), 3, "three cards drawn: {faces:?}");
    // Dithering: Prussia (good C3) rolls the average die's 4 (face 4): 4 - 1 = 3, so its 3
    // stays; Austria (average) rolls 5 (face 6): its 4 is inverted.
    let (s, ev) = deal(&s, &[("p-8", 3), ("p-hq", 9), ("a-2", 4)], 2, &[4, 6], &[]);
    let card = |id: &str| s.units[ix(&s, id)].card.map(|c| c.value);
    assert_eq!(card("p-7"), None);
    assert_eq!(card("a-1"), None);
    assert_eq!(card("p-8"), Some(3));
    assert_eq!(s.dither, [Some(3), Some(5)]);
    assert!(!s.units[ix(&s, "p-8")].inverted);
    assert!(s.units[ix(&s, "a-2")].inverted);
    let rolls = RifleAndKepi.rolls(&ev);
    assert_eq!(
        rolls[0].spec.sides, 52,
        "a draw is one roll over the cards left"
    );
    assert_eq!(rolls[1].spec.sides, 51);
    assert!(
        rolls[3].purpose.contains("dithering"),
        "{}",
        rolls[3].purpose
    );
    // Beside the map: the dithering scores, then the cards in the order they act, the HQ's 9
    // acting now, p-8's 3 to come, a-2's inverted 4 (shown by value, it only stands).
    let shown: Vec<(String, String)> = RifleAndKepi
        .board(&s)
        .cards
        .into_iter()
        .map(|c| (c.title, c.detail))
        .collect();
    let titles: Vec<&str> = shown.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles[..2],
        ["Prussia dithers at 3", "Austria dithers at 5"]
    );
    assert_eq!(titles.len(), 5, "{titles:?}");
    assert!(
        titles[2].starts_with("9") && titles[2].ends_with(" p-hq"),
        "{titles:?}"
    );
    assert!(
        titles[3].starts_with("4") && titles[3].ends_with(" a-2"),
        "{titles:?}"
    );
    assert!(
        titles[4].starts_with("3") && titles[4].ends_with(" p-8"),
        "{titles:?}"
    );
    assert!(shown[2].1.starts_with("acts now"), "{shown:?}");
    assert!(shown[3].1.starts_with("inverted"), "{shown:?}");
    assert!(shown[4].1.starts_with("to come"), "{shown:?}");
    // RK Turn sequence iv: in card value order, the HQ's 9 first.
    assert_eq!(s.phase, Phase::Activation);
    let e = refused(&s, json!({"kind": "move", "unit": "p-8"}));
    assert!(e.starts_with("RK Turn sequence iv"), "{e}");
    // The HQ activates p-8 (same hex) and then p-8's own card is played.
    let (s, _) = play(
        &s,
        json!({"kind": "hq_activate", "hq": "p-hq", "unit": "p-8"}),
        &[],
    );
    let (s, _) = play(&s, json!({"kind": "stand", "unit": "p-8"}), &[1, 1]);
    assert!(s.units[ix(&s, "a-2")].stood);
    assert_ne!(s.phase, Phase::Activation);
}

#[test]
fn rk_turn_sequence_iv_equal_card_values_the_superior_c3_side_chooses_who_acts_first() {
    let s = position(&[
        (0, unit("p-7", "infantry", "0302")),
        (1, unit("a-1", "infantry", "0907")),
    ]);
    let (s, _) = deal(&s, &[("p-7", 9), ("a-1", 9)], 2, &[1, 1], &[]);
    // Prussia's C3 is good, Austria's average.
    assert_eq!(s.player, 0);
    let legal = RifleAndKepi.legal(&s);
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert!(legal.iter().all(|c| matches!(c, Command::GoFirst { .. })));
    let e = refused(&s, json!({"kind": "move", "unit": "p-7"}));
    assert!(e.contains("value 9"), "{e}");
    let (s, _) = play(&s, json!({"kind": "go_first", "side": "austria"}), &[]);
    assert_eq!(s.player, 1);
    let (s, _) = play(&s, json!({"kind": "stand", "unit": "a-1"}), &[]);
    assert_eq!(s.player, 0, "then Prussia's 9");
}

#[test]
fn rk_turn_sequence_iv_an_hq_activates_units_in_its_own_or_an_adjacent_hex_only() {
    let s = position(&[
        (0, unit("p-art", "artillery", "0104")),
        (0, unit("p-hq", "hq", "0104")),
        (0, unit("p-7", "infantry", "0203")),
        (0, unit("p-8", "infantry", "0305")),
        (1, unit("a-1", "infantry", "1107")),
    ]);
    let (s, _) = deal(
        &s,
        &[("p-hq", 13), ("p-7", 5), ("p-8", 6), ("p-art", 4)],
        7,
        &[1, 1],
        &[],
    );
    let e = refused(
        &s,
        json!({"kind": "hq_activate", "hq": "p-hq", "unit": "p-8"}),
    );
    assert!(
        e.starts_with("RK Turn sequence iv") && e.contains("adjacent"),
        "{e}"
    );
    // It goes with p-7 (adjacent), which moves a hex east.
    let (s, _) = play(
        &s,
        json!({"kind": "hq_activate", "hq": "p-hq", "unit": "p-7", "accompany": true}),
        &[],
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[1]);
    let (s, _) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0303"}),
        &[],
    );
    let (s, _) = play(&s, json!({"kind": "end_move", "unit": "p-7"}), &[]);
    assert_eq!(
        s.units[ix(&s, "p-hq")].hex,
        s.units[ix(&s, "p-7")].hex,
        "the HQ went with it"
    );
    // p-7's own card (5) is played: it does not act again.
    assert!(s.units[ix(&s, "p-7")].acted);
}

#[test]
fn rk_turn_sequence_ii_an_inverted_card_prevents_movement_unless_an_hq_activates_it() {
    let s = position(&[
        (0, unit("p-hq", "hq", "0104")),
        (0, unit("p-7", "infantry", "0104")),
        (1, unit("a-1", "infantry", "1107")),
    ]);
    // Prussia dithers at 5 - 1 = 4: p-7's 2 is inverted, the HQ's 13 is not.
    let (s, _) = deal(&s, &[("p-hq", 13), ("p-7", 2)], 7, &[6, 1], &[]);
    assert!(s.units[ix(&s, "p-7")].inverted);
    let (s2, _) = play(
        &s,
        json!({"kind": "hq_activate", "hq": "p-hq", "unit": "p-7"}),
        &[],
    );
    // By the optional reading (on by default) the HQ's activation overrides the dithering.
    play(&s2, json!({"kind": "move", "unit": "p-7"}), &[3]);
    let options = kepi::engine::rifle_and_kepi::state::Options {
        hq_overrides_dithering: false,
        ..Default::default()
    };
    let off = restart_with(&s2, options);
    let e = refused(&off, json!({"kind": "move", "unit": "p-7"}));
    assert!(e.starts_with("RK Turn sequence ii"), "{e}");
    let e = refused(&off, json!({"kind": "dig_in", "unit": "p-7"}));
    assert!(e.starts_with("RK Turn sequence ii"), "{e}");
    play(&off, json!({"kind": "stand", "unit": "p-7"}), &[]);
}

/// The same position with other options.
fn restart_with(s: &State, options: kepi::engine::rifle_and_kepi::state::Options) -> State {
    let setup = s.setup();
    let new = kepi::engine::rifle_and_kepi::state::Setup {
        map: setup.map.clone(),
        grid: setup.grid,
        sides: setup.sides.clone(),
        c3: setup.c3,
        home_edge: setup.home_edge,
        units: setup.units.clone(),
        objectives: setup.objectives.clone(),
        first: setup.first,
        game_length: setup.game_length,
        options,
        scenario_hash: setup.scenario_hash.clone(),
        notes: setup.notes.clone(),
    };
    let mut out = s.clone();
    out.setup = Some(std::sync::Arc::new(new));
    out
}

// ---- RK Movement and RK Formations ----------------------------------------------------------

/// A position where only `id` acts (its card the king), the others' cards low and unplayed.
fn acting(units: &[(usize, serde_json::Value)], id: &str) -> State {
    let s = position(units);
    deal(&s, &[(id, 13)], 2, &[1, 1], &[]).0
}

#[test]
fn rk_movement_d6_plus_2_in_column_2_a_hex_and_one_more_for_streams_contours_and_woods() {
    let units = [
        (
            0,
            with(unit("p-7", "infantry", "0305"), json!({"facing": "ESE"})),
        ),
        (1, unit("a-1", "infantry", "1208")),
    ];
    let s = acting(&units, "p-7");
    let (s, ev) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[2]);
    assert!(notes(&ev).contains("4 movement points"), "{}", notes(&ev));
    assert_eq!(RifleAndKepi.rolls(&ev)[0].spec.sides, 6);
    // 0305 -> 0405 crosses the stream: 2 + 1.
    let reach = RifleAndKepi.reach(&s, "p-7").unwrap();
    let cost = |h: &str| {
        reach
            .hexes
            .iter()
            .find(|x| x.hex == h)
            .map(|x| x.cost.clone())
    };
    assert_eq!(cost("0405").as_deref(), Some("3"));
    assert_eq!(cost("0304").as_deref(), Some("2"));
    let (s, _) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0405"}),
        &[],
    );
    // One point left: another hex costs 2.
    let e = refused(&s, json!({"kind": "step", "unit": "p-7", "to": "0505"}));
    assert!(
        e.starts_with("RK Movement") && e.contains("1 points left"),
        "{e}"
    );
    // Woods and contours: 0502 -> 0501 (woods) is 3, 0502 -> 0402 (clear) 2, 0503 -> 0603
    // (up the hill) 3.
    let s = acting(
        &[
            (0, unit("p-7", "infantry", "0502")),
            (0, unit("p-8", "infantry", "0503")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[1]);
    let reach = RifleAndKepi.reach(&s, "p-7").unwrap();
    let c = |h: &str| {
        reach
            .hexes
            .iter()
            .find(|x| x.hex == h)
            .unwrap()
            .cost
            .clone()
    };
    assert_eq!(c("0501"), "3");
    assert_eq!(c("0402"), "2");
    let notes_603 = RifleAndKepi
        .reach(&s, "p-8")
        .unwrap()
        .hexes
        .into_iter()
        .find(|x| x.hex == "0603")
        .unwrap();
    assert_eq!(notes_603.cost, "3", "{:?}", notes_603.notes);
}

#[test]
fn rk_movement_cavalry_rolls_a_d8() {
    let s = acting(
        &[
            (0, unit("p-cav", "cavalry", "0302")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-cav",
    );
    let (_, ev) = play(&s, json!({"kind": "move", "unit": "p-cav"}), &[8]);
    assert_eq!(RifleAndKepi.rolls(&ev)[0].spec.sides, 8);
    assert!(notes(&ev).contains("10 movement points"), "{}", notes(&ev));
}

#[test]
fn rk_movement_a_deployed_unit_pays_1_to_face_up_to_60_degrees_and_2_beyond() {
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0505"),
                    json!({"formation": "deployed", "facing": "N"}),
                ),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    // Deployed: no +2. Face 3 gives 3 points.
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[3]);
    let (s, ev) = play(
        &s,
        json!({"kind": "face", "unit": "p-7", "facing": "ENE"}),
        &[],
    );
    assert!(notes(&ev).contains("(1 points)"), "{}", notes(&ev));
    // ENE to SSW is 150 degrees: 2 points, and 2 are left.
    let (s, ev) = play(
        &s,
        json!({"kind": "face", "unit": "p-7", "facing": "SSW"}),
        &[],
    );
    assert!(notes(&ev).contains("(2 points)"), "{}", notes(&ev));
    let e = refused(&s, json!({"kind": "face", "unit": "p-7", "facing": "N"}));
    assert!(e.starts_with("RK Movement"), "{e}");
    // "may change formation whatever score": no points left, it forms column.
    let (s, _) = play(&s, json!({"kind": "formation", "unit": "p-7"}), &[]);
    assert_eq!(s.units[ix(&s, "p-7")].formation, Formation::Column);
}

#[test]
fn rk_formations_columns_and_artillery_never_move_adjacent_to_the_enemy_deployed_units_charge() {
    let enemy = (
        1,
        with(
            unit("a-1", "infantry", "0705"),
            json!({"formation": "deployed"}),
        ),
    );
    let s = acting(
        &[(0, unit("p-7", "infantry", "0505")), enemy.clone()],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    let e = refused(&s, json!({"kind": "step", "unit": "p-7", "to": "0605"}));
    assert!(
        e.starts_with("RK Formations") && e.contains("column"),
        "{e}"
    );
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-art", "artillery", "0505"),
                    json!({"formation": "deployed"}),
                ),
            ),
            enemy.clone(),
        ],
        "p-art",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-art"}), &[6]);
    let e = refused(&s, json!({"kind": "step", "unit": "p-art", "to": "0605"}));
    assert!(
        e.starts_with("RK Movement") && e.contains("artillery"),
        "{e}"
    );
    // Deployed infantry charges: its move ends adjacent, in combat.
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0505"),
                    json!({"formation": "deployed", "facing": "ESE"}),
                ),
            ),
            enemy,
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    // The move ends; with no card left the combat follows at once (two average dice).
    let (s, ev) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0605"}),
        &[1, 1],
    );
    assert!(notes(&ev).contains("charges"), "{}", notes(&ev));
    assert!(notes(&ev).contains("Combat: p-7, a-1"), "{}", notes(&ev));
    let p7 = &s.units[ix(&s, "p-7")];
    assert!(p7.charged && p7.acted);
}

/// RK Combat's preview: a charge's combat, each result's chance over the average dice, checked
/// against the combat really fought for every pair of faces; a step that charges is offered at
/// its hex, previewed, and one that does not is refused a preview.
#[test]
fn rk_combat_a_charge_is_previewed_with_the_exact_chances_of_the_combat_it_brings_on() {
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0505"),
                    json!({"formation": "deployed", "facing": "ESE", "armament": "breech"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0705"),
                    json!({"formation": "deployed", "facing": "WNW"}),
                ),
            ),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    let step = cmd(json!({"kind": "step", "unit": "p-7", "to": "0605"}));
    let infos = RifleAndKepi.command_infos(&s, std::slice::from_ref(&step));
    assert!(infos[0].preview, "a charge is previewed before it is made");
    assert_eq!(infos[0].hex.as_deref(), Some("0605"));
    let p = RifleAndKepi
        .preview(&s, std::slice::from_ref(&step))
        .unwrap();
    assert_eq!(p.kind, "combat");
    assert_eq!((p.attackers.len(), p.defenders.len()), (1, 1));
    assert!(
        p.defenders[0]
            .modifiers
            .iter()
            .any(|m| m.name == "fresh troops"),
        "{:?}",
        p.defenders[0]
    );
    let total: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-9, "chances add up to 1: {total}");
    // The combat fought for each pair of faces (the step ends the last card: combat follows).
    let mut fought: std::collections::BTreeMap<&str, f64> = Default::default();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let (_, ev) = play(&s, serde_json::to_value(&step).unwrap(), &[a, b]);
            let n = notes(&ev);
            let k = if n.contains("Austria beaten 3-1") {
                "3-1"
            } else if n.contains("Austria beaten 3-2") {
                "3-2"
            } else if n.contains("Prussia beaten 3-2") {
                "2-3"
            } else if n.contains("Prussia beaten 3-1") {
                "1-3"
            } else {
                assert!(n.contains("exchange fire"), "{n}");
                "exchange"
            };
            *fought.entry(k).or_default() += 1.0 / 36.0;
        }
    }
    let previewed: std::collections::BTreeMap<&str, f64> = p
        .results
        .iter()
        .map(|r| (r.result.as_str(), r.chance))
        .collect();
    assert_eq!(
        previewed.keys().collect::<Vec<_>>(),
        fought.keys().collect::<Vec<_>>()
    );
    for (k, c) in &fought {
        assert!(
            (previewed[k] - c).abs() < 1e-9,
            "{k}: {} vs {c}",
            previewed[k]
        );
    }
    // A step that does not reach the enemy is no combat.
    let away = cmd(json!({"kind": "step", "unit": "p-7", "to": "0504"}));
    assert!(!RifleAndKepi.command_infos(&s, std::slice::from_ref(&away))[0].preview);
    let e = RifleAndKepi.preview(&s, &[away]).unwrap_err().to_string();
    assert!(e.contains("no combat to preview"), "{e}");
}

#[test]
fn rk_formations_no_formation_or_facing_change_adjacent_to_the_enemy_and_not_during_movement() {
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0604"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0905"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-2", "infantry", "0806"),
                    json!({"formation": "deployed"}),
                ),
            ),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    // 0604 -> 0605 -> 0705 (next to a-2 at 0806? no: 0705's neighbours are 0804, 0805).
    let (s, _) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0605"}),
        &[],
    );
    // A formation change after moving ends the move.
    let (s2, ev) = play(&s, json!({"kind": "formation", "unit": "p-7"}), &[]);
    assert!(notes(&ev).contains("forms column"), "{}", notes(&ev));
    assert!(s2.active.is_none(), "the move is over");
    // Adjacent to the enemy: no change of formation or facing.
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0604"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (
                1,
                with(
                    unit("a-1", "infantry", "0805"),
                    json!({"formation": "deployed"}),
                ),
            ),
        ],
        "p-7",
    );
    assert!(!board::in_combat(&s, ix(&s, "p-7")));
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    // Into 0705, next to a-1: a charge ends the move and the unit is out of control (no
    // formation or facing change is offered any more); the combat follows (two dice).
    let (s, _) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0705"}),
        &[1, 1],
    );
    assert!(s.active.is_none(), "a charge ends the move");
    assert!(s.units[ix(&s, "p-7")].charged);
}

#[test]
fn rk_formations_a_large_division_deploys_over_two_hexes_and_takes_a_turn_to_reform() {
    let s = acting(
        &[
            (
                0,
                with(unit("p-7", "infantry", "0505"), json!({"large": true})),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[1]);
    let (s, _) = play(
        &s,
        json!({"kind": "formation", "unit": "p-7", "second": "0504"}),
        &[],
    );
    let p7 = &s.units[ix(&s, "p-7")];
    assert_eq!(p7.formation, Formation::Deployed);
    assert_eq!(
        p7.second.map(|h| s.setup().name(h)).as_deref(),
        Some("0504")
    );
    assert_eq!(board::hexes(&s, ix(&s, "p-7")).len(), 2);
    // Next turn: it cannot move before reforming, and reforming takes its whole turn.
    let (mut s, _) = play(&s, json!({"kind": "end_move", "unit": "p-7"}), &[]);
    s.phase = Phase::Cards;
    s.active = None;
    let (s, _) = deal(&s, &[("p-7", 13)], 2, &[1, 1], &[]);
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    let e = refused(&s, json!({"kind": "step", "unit": "p-7", "to": "0506"}));
    assert!(
        e.starts_with("RK Formations") && e.contains("two hexes"),
        "{e}"
    );
    let (s, ev) = play(&s, json!({"kind": "formation", "unit": "p-7"}), &[]);
    assert!(notes(&ev).contains("whole turn"), "{}", notes(&ev));
    assert!(s.active.is_none());
    assert_eq!(s.units[ix(&s, "p-7")].second, None);
    // Only large divisions take a second hex.
    let s = acting(
        &[
            (0, unit("p-8", "infantry", "0505")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-8",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-8"}), &[1]);
    let e = refused(
        &s,
        json!({"kind": "formation", "unit": "p-8", "second": "0504"}),
    );
    assert!(e.starts_with("RK Formations"), "{e}");
}

#[test]
fn rk_movement_units_may_not_move_through_each_other_apart_from_artillery() {
    let s = acting(
        &[
            (0, unit("p-7", "infantry", "0303")),
            (0, unit("p-8", "infantry", "0304")),
            (0, unit("p-art", "artillery", "0403")),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    let e = refused(&s, json!({"kind": "step", "unit": "p-7", "to": "0304"}));
    assert!(
        e.starts_with("RK Movement") && e.contains("apart from artillery"),
        "{e}"
    );
    // Into the artillery's hex: allowed (one division and one artillery regiment a hex).
    play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0403"}),
        &[],
    );
}

// ---- RK Rallying, RK Recce, RK Digging in ---------------------------------------------------

#[test]
fn rk_rallying_shaken_d6_at_least_3_less_1_in_woods_and_per_loss() {
    let mut s = position(&[
        (0, unit("p-7", "infantry", "0501")),
        (1, unit("a-1", "infantry", "1208")),
    ]);
    let p7 = ix(&s, "p-7");
    s.units[p7].status = Status::Shaken;
    s.units[p7].steps = 1;
    // 4 - 1 (woods) - 1 (a loss) = 2: stays shaken.
    let (s2, ev) = deal(&s, &[], 7, &[1, 1], &[4]);
    assert_eq!(s2.units[p7].status, Status::Shaken, "{}", notes(&ev));
    // 5 - 2 = 3: rallies.
    let (s2, _) = deal(&s, &[], 7, &[1, 1], &[5]);
    assert_eq!(s2.units[p7].status, Status::Fresh);
}

#[test]
fn rk_recce_d6_at_least_twice_the_range_plus_1_uphill_and_adjacent_is_spotted() {
    let units = [
        (0, unit("p-7", "infantry", "0504")),
        (1, unit("a-1", "infantry", "0704")),
        (1, unit("a-hq", "hq", "0505")),
    ];
    let s = acting(&units, "p-7");
    // 0704 is two hexes away: 4 or more spots.
    let (s3, ev) = play(
        &s,
        json!({"kind": "recce", "unit": "p-7", "target": "0704"}),
        &[3],
    );
    assert!(!s3.units[ix(&s3, "a-1")].spotted, "{}", notes(&ev));
    let (s4, _) = play(
        &s,
        json!({"kind": "recce", "unit": "p-7", "target": "0704"}),
        &[4],
    );
    assert!(s4.units[ix(&s4, "a-1")].spotted);
    let e = refused(
        &s,
        json!({"kind": "recce", "unit": "p-7", "target": "0505"}),
    );
    assert!(e.starts_with("RK Recce") && e.contains("adjacent"), "{e}");
    // From the hill (0704, level 1) down to 0504 the scout adds 1: 3 + 1 spots.
    let s = acting(&units, "a-1");
    let (s, _) = play(
        &s,
        json!({"kind": "recce", "unit": "a-1", "target": "0504"}),
        &[3],
    );
    assert!(s.units[ix(&s, "p-7")].spotted);
}

#[test]
fn rk_digging_in_deployed_units_not_cavalry_and_the_markers_go_when_they_move() {
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0303"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    let (s, _) = play(&s, json!({"kind": "dig_in", "unit": "p-7"}), &[]);
    assert_eq!(s.units[ix(&s, "p-7")].dm, 1);
    let s = acting(
        &[
            (
                0,
                with(
                    unit("p-cav", "cavalry", "0303"),
                    json!({"formation": "deployed"}),
                ),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-cav",
    );
    let e = refused(&s, json!({"kind": "dig_in", "unit": "p-cav"}));
    assert!(e.starts_with("RK Digging in"), "{e}");
    // Moving off costs one more (entrenched) and removes the markers.
    let mut s = acting(
        &[
            (
                0,
                with(
                    unit("p-7", "infantry", "0303"),
                    json!({"formation": "deployed", "facing": "N"}),
                ),
            ),
            (1, unit("a-1", "infantry", "1208")),
        ],
        "p-7",
    );
    let p7 = ix(&s, "p-7");
    s.units[p7].dm = 2;
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-7"}), &[6]);
    let (s, ev) = play(
        &s,
        json!({"kind": "step", "unit": "p-7", "to": "0302"}),
        &[],
    );
    assert!(
        notes(&ev).contains("leave its entrenchment"),
        "{}",
        notes(&ev)
    );
    assert_eq!(s.units[p7].dm, 0);
}

// ---- RK Artillery ---------------------------------------------------------------------------

fn artillery_phase(units: &[(usize, serde_json::Value)]) -> State {
    let mut s = position(units);
    s.phase = Phase::CounterBattery;
    s.player = 0;
    s
}

#[test]
fn rk_artillery_counter_battery_hits_on_twice_the_range_smoothbore_reaches_2_woods_block() {
    let dep = json!({"formation": "deployed"});
    let s = artillery_phase(&[
        (0, with(unit("p-art", "artillery", "0304"), dep.clone())),
        (0, unit("p-7", "infantry", "0101")),
        (1, with(unit("a-art", "artillery", "0604"), dep.clone())),
    ]);
    let mut s = s;
    // Spotted by a recce this turn (RK Recce).
    let a = ix(&s, "a-art");
    let e = refused(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0604"}),
    );
    assert!(
        e.starts_with("RK Recce") && e.contains("not spotted"),
        "{e}"
    );
    s.units[a].spotted = true;
    // Range 3, rifled D8: 6 or more hits; the target (facing west, from 0604) sees 0304 ahead
    // and it stands higher (level 1): +1 uphill is the target's, not the firer's, so none.
    let (miss, _) = play(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0604"}),
        &[5],
    );
    assert!(!miss.units[a].bombarded);
    let (hit, ev) = play(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0604"}),
        &[6],
    );
    assert!(hit.units[a].bombarded, "{}", notes(&ev));
    assert_eq!(RifleAndKepi.rolls(&ev)[0].spec.sides, 8);
    // Smoothbore reaches 2.
    let s = artillery_phase(&[
        (
            0,
            with(
                with(unit("p-art", "artillery", "0304"), dep.clone()),
                json!({"guns": "smoothbore"}),
            ),
        ),
        (1, with(unit("a-art", "artillery", "0604"), dep.clone())),
    ]);
    let e = refused(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0604"}),
    );
    assert!(
        e.starts_with("RK Artillery") && e.contains("reach 2"),
        "{e}"
    );
    // Not beyond woods: 0401 to 0701 passes the woods of 0501 and 0601.
    let mut s = artillery_phase(&[
        (0, with(unit("p-art", "artillery", "0401"), dep.clone())),
        (1, with(unit("a-art", "artillery", "0701"), dep)),
    ]);
    let a = ix(&s, "a-art");
    s.units[a].spotted = true;
    let e = refused(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0701"}),
    );
    assert!(e.starts_with("RK Artillery") && e.contains("woods"), "{e}");
}

#[test]
fn rk_artillery_bombardment_supports_friendly_units_and_puts_the_target_under_bombardment() {
    let dep = json!({"formation": "deployed"});
    let mut s = position(&[
        (0, with(unit("p-art", "artillery", "0403"), dep.clone())),
        (
            0,
            with(
                unit("p-7", "infantry", "0504"),
                json!({"formation": "deployed", "facing": "S"}),
            ),
        ),
        (
            1,
            with(
                unit("a-1", "infantry", "0505"),
                json!({"formation": "deployed", "facing": "N"}),
            ),
        ),
        (1, with(unit("a-2", "infantry", "0807"), dep)),
    ]);
    s.phase = Phase::Bombardment;
    s.player = 0;
    let e = refused(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0807"}),
    );
    assert!(e.starts_with("RK Artillery"), "{e}");
    // 0403 to 0505: 2 hexes, D8 4+. Then Austria has nothing to fire and combat follows:
    // p-7 rolls the average die's 4 (+1 fresh) x 2 = 10; a-1's 4 + 1 - 1 (under bombardment)
    // = 4 x 2 = 8; an exchange of fire (10 < 12), and a-1 is not massed.
    let (s, ev) = play(
        &s,
        json!({"kind": "fire", "unit": "p-art", "target": "0505"}),
        &[4, 4, 4],
    );
    assert!(s.units[ix(&s, "a-1")].bombarded, "{}", notes(&ev));
    let text = notes(&ev);
    assert!(text.contains("-1 under bombardment"), "{text}");
    assert!(text.contains("exchange fire"), "{text}");
    assert_eq!(s.units[ix(&s, "p-7")].steps, 1);
    assert_eq!(s.units[ix(&s, "a-1")].steps, 1);
}

// ---- RK Combat and RK Result ----------------------------------------------------------------

/// p-7 (breechloaders) at 0504 facing south, a-1 at 0505 facing north: face to face.
fn face_to_face(a1: serde_json::Value) -> State {
    position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0504"),
                json!({"formation": "deployed", "facing": "S", "armament": "breech"}),
            ),
        ),
        (
            1,
            with(
                with(
                    unit("a-1", "infantry", "0505"),
                    json!({"formation": "deployed", "facing": "N"}),
                ),
                a1,
            ),
        ),
    ])
}

#[test]
fn rk_combat_scores_are_the_modified_average_die_times_steps_with_the_multipliers() {
    // The text's arithmetic by hand: 4 + 1 (fresh) = 5, times 2 steps = 10.
    assert_eq!(
        combat::score(4, &[("fresh troops".into(), 1)], &[], 2),
        Frac::int(10)
    );
    // Gunners x 2 in self defence, x 0.5 limbered: 3 x 2 steps x 2 x 1/2 = 6.
    assert_eq!(
        combat::score(
            3,
            &[],
            &[
                ("gunners".into(), Frac::int(2)),
                ("column".into(), Frac::new(1, 2))
            ],
            2
        ),
        Frac::int(6)
    );
    // A score below 0 counts 0.
    assert_eq!(
        combat::score(2, &[("flank".into(), -3)], &[], 2),
        Frac::ZERO
    );
    // RK Result: 3 to 1 disbands, 3 to 2 shakes, less is an exchange.
    assert_eq!(
        combat::outcome([Frac::int(9), Frac::int(3)]),
        combat::Outcome::Beaten31 { loser: 1 }
    );
    assert_eq!(
        combat::outcome([Frac::int(6), Frac::int(9)]),
        combat::Outcome::Beaten32 { loser: 0 }
    );
    assert_eq!(
        combat::outcome([Frac::int(10), Frac::int(8)]),
        combat::Outcome::Exchange
    );
    assert_eq!(
        combat::outcome([Frac::int(3), Frac::ZERO]),
        combat::Outcome::Beaten31 { loser: 1 }
    );
    assert_eq!(
        combat::outcome([Frac::ZERO, Frac::ZERO]),
        combat::Outcome::Exchange
    );
}

#[test]
fn rk_combat_flank_and_oblique_attacks_and_fire_at_60_degrees() {
    // a-1 faces north at 0505; p-7 at 0605 is 120 degrees off: a flank attack.
    let s = position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0605"),
                json!({"formation": "deployed", "facing": "WSW"}),
            ),
        ),
        (
            1,
            with(
                unit("a-1", "infantry", "0505"),
                json!({"formation": "deployed", "facing": "N"}),
            ),
        ),
    ]);
    let (m, x) = combat::factors(&s, ix(&s, "a-1"), true);
    let names: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
    assert!(names.contains(&"under flank attack"), "{m:?}");
    assert!(
        !names.contains(&"dug in"),
        "dug in does not count against a flank: {m:?}"
    );
    assert!(
        x.iter().any(|(k, _)| k == "firing at 60 deg to front"),
        "{x:?}"
    );
    // Facing north-east (ENE, 60 degrees) p-7 is 60 degrees off: oblique.
    let s = position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0605"),
                json!({"formation": "deployed", "facing": "WSW"}),
            ),
        ),
        (
            1,
            with(
                unit("a-1", "infantry", "0505"),
                json!({"formation": "deployed", "facing": "ENE"}),
            ),
        ),
    ]);
    let (m, x) = combat::factors(&s, ix(&s, "a-1"), false);
    assert!(
        m.iter().any(|(k, v)| k == "oblique attack" && *v == -1),
        "{m:?}"
    );
    assert!(
        x.iter().any(|(k, _)| k == "firing at 60 deg to front"),
        "{x:?}"
    );
    // Facing ESE (120) p-7 is straight ahead: neither.
    let s = position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0605"),
                json!({"formation": "deployed", "facing": "WNW"}),
            ),
        ),
        (
            1,
            with(
                unit("a-1", "infantry", "0505"),
                json!({"formation": "deployed", "facing": "ESE"}),
            ),
        ),
    ]);
    let (m, x) = combat::factors(&s, ix(&s, "a-1"), false);
    assert_eq!(m, vec![("fresh troops".to_string(), 1)]);
    assert!(x.is_empty(), "{x:?}");
}

#[test]
fn rk_combat_cavalry_halved_against_unshaken_infantry_and_charging_breechloaders_minus_1() {
    let mut s = position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0504"),
                json!({"formation": "deployed", "facing": "S", "armament": "breech"}),
            ),
        ),
        (
            1,
            with(
                unit("a-cav", "cavalry", "0505"),
                json!({"formation": "deployed", "facing": "N"}),
            ),
        ),
    ]);
    let c = ix(&s, "a-cav");
    s.units[c].charged = true;
    let p7 = ix(&s, "p-7");
    s.units[p7].stood = true;
    let (m, x) = combat::factors(&s, c, false);
    assert!(
        m.iter()
            .any(|(k, v)| k == "charging breechloading rifles" && *v == -1),
        "{m:?}"
    );
    assert!(
        x.iter()
            .any(|(k, _)| k == "cavalry vs unshaken infantry or guns"),
        "{x:?}"
    );
    // The infantry stood (its card inverted) and the cavalry moved adjacent: +1.
    let (m, _) = combat::factors(&s, ix(&s, "p-7"), false);
    assert!(
        m.iter().any(|(k, v)| k == "stand vs charge" && *v == 1),
        "{m:?}"
    );
}

#[test]
fn rk_result_beaten_3_2_shakes_the_loser_with_a_step_per_enemy_division_and_massed_units_lose_one_more()
 {
    let s = combat_at_end_of_bombardment(&face_to_face(json!({"massed": true})));
    // p-7: average die 4 (face 4) + 1 fresh = 5 x 2 = 10; a-1: 2 (face 1) + 1 = 3 x 2 = 6.
    // 10 >= 6 x 3/2 = 9: Austria beaten 3-2. a-1 shaken, one step (one division), and one
    // more as massed troops against breechloaders: eliminated.
    let (s, ev) = play(&s, json!({"kind": "end"}), &[4, 1]);
    let text = notes(&ev);
    assert!(
        text.contains("p-7: 4 (+1 fresh troops) x 2 steps = 10"),
        "{text}"
    );
    assert!(
        text.contains("a-1: 2 (+1 fresh troops) x 2 steps = 6"),
        "{text}"
    );
    assert!(text.contains("beaten 3-2"), "{text}");
    assert!(
        text.contains("massed troops against breechloaders"),
        "{text}"
    );
    assert_eq!(s.units[ix(&s, "a-1")].status, Status::Eliminated);
    // Prussia wins at once: Austria has nothing left standing.
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(RifleAndKepi.outcome(&s).unwrap().winner, Some(0));
}

#[test]
fn rk_result_beaten_3_2_when_shaken_already_disbands_and_beaten_3_1_disbands_with_guns_lost() {
    let mut s = face_to_face(json!({}));
    let a1 = ix(&s, "a-1");
    s.units[a1].status = Status::Shaken;
    let s = combat_at_end_of_bombardment(&s);
    // a-1: 2 + 1 - 1 (shaken) = 2 x 2 = 4; p-7: 3 + 1 = 4 x 2 = 8: 8 >= 6 (3-2), 8 < 12.
    let (s2, ev) = play(&s, json!({"kind": "end"}), &[2, 1]);
    assert!(notes(&ev).contains("beaten 3-2"), "{}", notes(&ev));
    assert_eq!(s2.units[ix(&s2, "a-1")].status, Status::Disbanded);
    // Artillery beaten 3-1 loses its guns.
    let s = position(&[
        (
            0,
            with(
                unit("p-7", "infantry", "0504"),
                json!({"formation": "deployed", "facing": "S"}),
            ),
        ),
        (
            0,
            with(
                unit("p-8", "infantry", "0404"),
                json!({"formation": "deployed", "facing": "ESE"}),
            ),
        ),
        (
            1,
            with(unit("a-art", "artillery", "0505"), json!({"facing": "N"})),
        ),
        (1, unit("a-1", "infantry", "1208")),
    ]);
    let s = combat_at_end_of_bombardment(&s);
    // p-7 6 x 2 = 12, p-8 12; a-art (limbered) 3 x 2 steps x 2 gunners x 1/2 = 6 : 24 to 6.
    let (s, ev) = play(&s, json!({"kind": "end"}), &[6, 6, 1]);
    let text = notes(&ev);
    assert!(text.contains("beaten 3-1"), "{text}");
    assert!(text.contains("guns lost"), "{text}");
    assert_eq!(s.units[ix(&s, "a-art")].status, Status::Eliminated);
}

#[test]
fn rk_digging_in_when_attacked_5_plus_with_1_per_two_markers_and_each_loss_saved_on_4_plus() {
    let mut s = face_to_face(json!({}));
    let a1 = ix(&s, "a-1");
    s.units[a1].dm = 2;
    let s = combat_at_end_of_bombardment(&s);
    // Dig-in roll 4 + 1 (two DM) = 5: dug in. p-7 4 + 1 = 5 x 2 = 10; a-1 2 + 1 + 1 = 4 x 2
    // = 8: exchange. a-1 saves its loss on 4 (a save roll); p-7 loses a step.
    let (s, ev) = play(&s, json!({"kind": "end"}), &[4, 4, 1, 4]);
    let text = notes(&ev);
    assert!(text.contains("a-1 is dug in (5)"), "{text}");
    assert!(text.contains("+1 dug in"), "{text}");
    assert!(text.contains("saves the loss"), "{text}");
    assert_eq!(s.units[a1].steps, 2);
    assert_eq!(s.units[ix(&s, "p-7")].steps, 1);
}

#[test]
fn rk_combat_groups_last_across_turns_fresh_troops_only_in_the_first() {
    let s = combat_at_end_of_bombardment(&face_to_face(json!({})));
    let (s, _) = play(&s, json!({"kind": "end"}), &[3, 3]);
    // An exchange: both lose a step and stay locked together.
    assert_eq!(combat::groups(&s), vec![vec![0, 1]]);
    assert!(s.units[0].engaged && s.units[1].engaged);
    let (m, _) = combat::factors(&s, 0, false);
    assert!(!m.iter().any(|(k, _)| k == "fresh troops"), "{m:?}");
    // Next turn they get no card (in combat) and no side dithers: the deal goes on to their
    // combat, whose two average dice are its only rolls.
    assert_eq!(s.phase, Phase::Cards);
    let (_, ev) = play(&s, json!({"kind": "deal"}), &[3, 3]);
    let rolls = RifleAndKepi.rolls(&ev);
    assert_eq!(rolls.len(), 2);
    assert!(
        rolls.iter().all(|r| r.purpose.starts_with("combat")),
        "{rolls:?}"
    );
}

// ---- Disbanded units ------------------------------------------------------------------------

#[test]
fn rk_result_disbanded_units_leave_the_field_two_hexes_a_turn_and_rout_through_friends() {
    let mut s = position(&[
        (0, unit("p-7", "infantry", "0102")),
        (1, unit("a-1", "infantry", "0905")),
        (1, unit("a-2", "infantry", "1203")),
        (1, unit("a-3", "infantry", "1204")),
    ]);
    let a1 = ix(&s, "a-1");
    s.units[a1].status = Status::Disbanded;
    let (s, ev) = deal(&s, &[], 7, &[1, 1], &[]);
    assert_eq!(
        s.units[a1].hex.map(|h| s.setup().name(h)).as_deref(),
        Some("1104"),
        "{}",
        notes(&ev)
    );
    // From 1104 both hexes east hold friends: it routs through 1203, whose card is turned.
    let mut n = s.clone();
    n.phase = Phase::Cards;
    let (n, ev) = deal(&n, &[], 7, &[1, 1], &[]);
    let text = notes(&ev);
    assert!(text.contains("routs through a-2"), "{text}");
    assert!(text.contains("leaves the field"), "{text}");
    assert_eq!(n.units[a1].status, Status::Left);
    assert!(n.units[ix(&n, "a-2")].inverted);
}

#[test]
fn rk_movement_cavalry_may_overrun_disbanded_units_others_may_not_enter() {
    let mut s = position(&[
        (
            0,
            with(
                unit("p-cav", "cavalry", "0503"),
                json!({"formation": "deployed", "facing": "S"}),
            ),
        ),
        (0, unit("p-7", "infantry", "0102")),
        (1, unit("a-1", "infantry", "0505")),
        (1, unit("a-2", "infantry", "1208")),
    ]);
    let a1 = ix(&s, "a-1");
    s.units[a1].status = Status::Disbanded;
    // It does not flee this turn (the deal moves it: put it back after).
    let (mut s, _) = deal(&s, &[("p-cav", 13)], 7, &[1, 1], &[]);
    s.units[a1].hex = Some(s.setup().parse("0505").unwrap());
    let (s, _) = play(&s, json!({"kind": "move", "unit": "p-cav"}), &[6]);
    let (s, _) = play(
        &s,
        json!({"kind": "step", "unit": "p-cav", "to": "0504"}),
        &[],
    );
    let (s, ev) = play(
        &s,
        json!({"kind": "step", "unit": "p-cav", "to": "0505"}),
        &[],
    );
    assert!(notes(&ev).contains("overruns"), "{}", notes(&ev));
    assert_eq!(s.units[a1].status, Status::Eliminated);
}

// ---- Reinforcements (Kepi's reading: the text has none) ---------------------------------------

fn dealt_on(s: &State, turn: u32) -> State {
    let mut t = s.clone();
    t.turn = turn;
    t.phase = Phase::Cards;
    RifleAndKepi
        .apply(&t, &Command::Deal, &mut SeededDice::new(7))
        .unwrap()
        .0
}

#[test]
fn rk_reinforcements_enter_at_their_hex_on_their_game_turn_or_at_the_nearest_free_hex() {
    let s = position(&[
        (0, unit("p-7", "infantry", "0203")),
        (
            0,
            with(unit("p-8", "infantry", "0105"), json!({"arrives": 2})),
        ),
        (
            0,
            with(unit("p-g", "infantry", "0608"), json!({"arrives": 3})),
        ),
        (1, unit("a-1", "infantry", "0608")),
        (1, unit("a-2", "infantry", "1104")),
    ]);
    let (p8, pg) = (ix(&s, "p-8"), ix(&s, "p-g"));
    // Off the map until their game-turn: no hex, no card, not broken.
    assert_eq!(s.units[p8].hex, None);
    assert!(!board::standing(&s, p8));
    assert!(RifleAndKepi.report(&s).contains("arrives on game-turn 2"));
    let t1 = dealt_on(&s, 1);
    assert_eq!(t1.units[p8].hex, None);
    assert_eq!(t1.units[p8].card, None);
    // Game-turn 2: at its hex, before the cards (it draws one).
    let t2 = dealt_on(&s, 2);
    assert_eq!(t2.units[p8].hex, Some(t2.setup().parse("0105").unwrap()));
    assert!(t2.units[p8].card.is_some());
    assert_eq!(t2.units[pg].hex, None);
    // Game-turn 3: its hex is the enemy's, so the nearest hex not next to an enemy.
    let t3 = dealt_on(&s, 3);
    let entry = t3.setup().parse("0608").unwrap();
    let at = t3.units[pg].hex.expect("arrived");
    assert_eq!(t3.setup().grid.distance(entry, at), 2);
    assert!(!board::enemy_adjacent(&t3, 0, at));
    // Rules 2: a disbanded enemy unit's hex is taken too (a disbanded unit is no enemy next to
    // it, but it stands in the hex): the reinforcement enters one hex off.
    let mut routed = position(&[
        (0, unit("p-7", "infantry", "0203")),
        (
            0,
            with(unit("p-g", "cavalry", "0608"), json!({"arrives": 1})),
        ),
        (1, unit("a-1", "infantry", "0608")),
        (1, unit("a-2", "infantry", "1104")),
    ]);
    let a1 = ix(&routed, "a-1");
    routed.units[a1].status = Status::Disbanded;
    let t1 = dealt_on(&routed, 1);
    let at = t1.units[ix(&t1, "p-g")].hex.expect("arrived");
    assert_ne!(at, entry, "not in the disbanded unit's hex");
    assert_eq!(t1.setup().grid.distance(entry, at), 1);
    // A side whose units on the field are all gone does not lose while one is still to come.
    let mut gone = position(&[
        (0, unit("p-7", "infantry", "0203")),
        (1, unit("a-1", "infantry", "1103")),
        (
            1,
            with(unit("a-2", "infantry", "1105"), json!({"arrives": 5})),
        ),
    ]);
    let a1 = ix(&gone, "a-1");
    gone.units[a1].status = Status::Eliminated;
    gone.units[a1].hex = None;
    assert_ne!(dealt_on(&gone, 1).phase, Phase::Over);
    // A game-turn outside the game is refused.
    for bad in [0, 9] {
        let e = common::system::try_fixture(&RifleAndKepi, FIXTURE, |v| {
            v["sides"][0]["units"][1]["arrives"] = json!(bad);
        })
        .unwrap_err();
        assert!(e.contains("arrives"), "{e}");
    }
}

// ---- Whole games ----------------------------------------------------------------------------

/// Invariants of every position of a game.
fn fixture_root() -> State {
    RifleAndKepi
        .start(&fixture(|_| {}), &Default::default())
        .unwrap()
}

#[test]
fn the_fixture_plays_to_the_end_through_the_generic_layer_and_replays_hash_for_hash() {
    let rules = registry::get("rifle-and-kepi").unwrap();
    let sc = fixture(|_| {});
    let root = rules.start(&sc, &json!({})).unwrap();
    for seed in [1u64, 2] {
        let mut player = rules.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut record = Vec::new();
        while !rules.progress(&s).over {
            let c = player.next(&s);
            let applied = rules
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap_or_else(|e| panic!("seed {seed} {c}: {e}"));
            record.push((c, applied.rolls.clone(), applied.state.hash()));
            s = applied.state;
            assert!(record.len() < 20_000, "seed {seed}: the game does not end");
        }
        let outcome = rules.outcome(&s).unwrap();
        eprintln!("seed {seed}: {} commands, {}", record.len(), outcome.reason);
        let mut r = root.clone();
        for (i, (c, rolls, hash)) in record.iter().enumerate() {
            r = kepi::engine::game::replay_step(&r, c, rolls, hash, &format!("command {i}"))
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
                .state;
        }
        assert_eq!(r.hash(), s.hash());
        let back = rules.restore(&root, &rules.snapshot(&s)).unwrap();
        assert_eq!(back.hash(), s.hash());
    }
}

#[test]
fn seeded_random_games_draw_a_card_once_per_unit_a_turn_and_keep_positions_legal() {
    let root = fixture_root();
    let games = scale::scaled(40);
    let mut combats = 0;
    let mut fires = 0;
    for seed in 0..games {
        let mut player = RifleAndKepi.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        let mut n = 0;
        while !RifleAndKepi.progress(&s).over {
            let c = player.next(&s);
            let legal = RifleAndKepi.legal(&s);
            assert!(legal.contains(&c), "seed {seed}: {c:?} not listed");
            let (next, ev) = RifleAndKepi
                .apply(&s, &c, &mut dice)
                .unwrap_or_else(|e| panic!("seed {seed} command {n} {c:?}: {e}"));
            let rolls = RifleAndKepi.rolls(&ev);
            if c == Command::Deal {
                let mut cards: Vec<&str> = rolls
                    .iter()
                    .filter(|r| r.purpose.starts_with("card for"))
                    .map(|r| r.purpose.as_str())
                    .collect();
                let all = cards.len();
                cards.sort();
                cards.dedup();
                assert_eq!(all, cards.len(), "seed {seed}: a unit drew twice");
                for u in 0..next.units.len() {
                    if next.units[u].card.is_some() {
                        assert!(
                            !board::in_combat(&next, u) || next.setup().units[u].kind == Kind::Hq
                        );
                    }
                }
            }
            combats += rolls
                .iter()
                .filter(|r| r.purpose.starts_with("combat"))
                .count();
            fires += rolls
                .iter()
                .filter(|r| {
                    r.purpose.contains("bombardment") || r.purpose.contains("counter-battery")
                })
                .count();
            invariants(&next, seed, n);
            s = next;
            n += 1;
            assert!(n < 20_000, "seed {seed}: the game does not end");
        }
    }
    eprintln!("{games} games: {combats} combat rolls, {fires} artillery fires");
    assert!(
        combats > 0 && fires > 0,
        "the games come to blows: {combats} {fires}"
    );
}

#[test]
fn every_legal_command_is_accepted_along_seeded_games() {
    let root = fixture_root();
    for seed in 0..scale::scaled(3) {
        let mut player = RifleAndKepi.random_player(seed);
        let mut dice = SeededDice::new(seed);
        let mut s = root.clone();
        while !RifleAndKepi.progress(&s).over {
            let legal = RifleAndKepi.legal(&s);
            assert!(!legal.is_empty(), "seed {seed}: no legal command");
            for c in legal.iter().step_by(3) {
                if let Err(e) = RifleAndKepi.apply(&s, c, &mut SeededDice::new(seed + 99)) {
                    panic!("seed {seed}: legal {c:?} refused: {e}");
                }
            }
            let c = player.next(&s);
            s = RifleAndKepi.apply(&s, &c, &mut dice).unwrap().0;
        }
    }
}

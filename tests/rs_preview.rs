//! The play view's previews for Rifle & Saber, through the common ruleset interface: where a
//! unit may go (R&S 4.0) and what a fire or shock attack would be before the roll (R&S 5.1,
//! 5.2, 9.1, 9.2). Each preview is checked against what the engine then actually does.

use crate::common;
use common::*;
use kepi::engine::RifleAndSaber;
use kepi::engine::Ruleset;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::{Ammo, Phase};
use std::collections::BTreeSet;

fn fire(g: &Game, label: &str, target: &str) -> Command {
    Command::Fire {
        unit: g.id(label),
        target: hex(target),
        ammo: None,
    }
}

/// The 5.1 worked example: MZ 3 and MR 4 fire at an MZ (defense 2): 7-2, rounded to 3-1.
fn worked_example() -> (Game, Vec<Command>) {
    let mut g = Game::new(&MapSpec::default(), "1 MZ; 1 MR", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0502"), ("Blue MR 1", "0704")],
    );
    let cs = vec![fire(&g, "Blue MZ 1", "0505"), fire(&g, "Blue MR 1", "0505")];
    (g, cs)
}

#[test]
fn r_and_s_5_1_worked_example_previews_7_to_2_rounded_to_3_to_1() {
    let (g, cs) = worked_example();
    let before = g.s.hash();
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    assert_eq!(g.s.hash(), before, "a preview changes nothing");
    assert_eq!(p.kind, "fire");
    assert_eq!(p.target, "0505");
    assert_eq!(p.attack_total, "7");
    assert_eq!(p.defense_total, "2");
    assert_eq!(p.column, "3-1");
    assert_eq!(p.odds, "7-2, rounded to 3-1");
    assert_eq!(p.attackers.len(), 2);
    assert_eq!(p.defenders[0].unit, "Red MZ 1");
    // The 3-1 column of 9.1: 1 no effect, 2-5 retreat and disrupt, 6 eliminated.
    let faces = |code: &str| {
        p.results
            .iter()
            .find(|r| r.result == code)
            .map(|r| r.faces.clone())
            .unwrap_or_default()
    };
    assert_eq!(faces("-"), [1]);
    assert_eq!(faces("RD"), [2, 3, 4, 5]);
    assert_eq!(faces("E"), [6]);
    let total: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn a_fire_preview_agrees_with_the_resolution_for_every_face() {
    let (g, cs) = worked_example();
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    for face in 1..=6u8 {
        let mut h = Game { s: g.s.clone() };
        for c in &cs {
            h.ok(c.clone(), &[]);
        }
        let events = h.ok(Command::ResolveFire, &[face]);
        let (odds, result) = events
            .iter()
            .find_map(|e| match e {
                Event::FireResolved { odds, result, .. } => Some((odds.clone(), result.clone())),
                _ => None,
            })
            .expect("fire resolved");
        assert_eq!(odds, p.column, "face {face}");
        let expected = p
            .results
            .iter()
            .find(|r| r.faces.contains(&(face as u32)))
            .unwrap();
        assert_eq!(result, expected.result, "face {face}");
    }
}

#[test]
fn r_and_s_9_2_the_net_defense_names_and_cites_each_modifier() {
    // A disrupted MZ in woods: 2 x2 (woods) x1/2 (disrupted) = 2.
    let spec = MapSpec::clear(10, 10).with("w", &["0505"]);
    let mut g = Game::new(&spec, "1 MZ; 1 MR", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0502"), ("Blue MR 1", "0704")],
    );
    let red = g.id("Red MZ 1");
    let mut s = g.s.clone();
    s.units[red].disrupted_until = Some(99);
    let g = Game { s };
    let p = RifleAndSaber
        .preview(&g.s, &[fire(&g, "Blue MZ 1", "0505")])
        .unwrap();
    let names: Vec<(&str, &str, &str)> = p
        .modifiers
        .iter()
        .map(|m| (m.name.as_str(), m.case.as_str(), m.effect.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("woods", "R&S 9.2", "x2"),
            ("disrupted", "R&S 6.0(A)", "x1/2")
        ]
    );
    assert_eq!(p.defense_total, "2");
    // MZ 3 against 2: 3-2, rounded to 1-1.
    assert_eq!(p.odds, "3-2, rounded to 1-1");
}

#[test]
fn a_preview_of_something_else_than_an_allocation_is_refused() {
    let (g, _) = worked_example();
    let e = RifleAndSaber
        .preview(&g.s, &[Command::EndPhase])
        .unwrap_err()
        .to_string();
    assert!(e.contains("fire or shock allocations only"), "{e}");
}

#[test]
fn r_and_s_5_2_a_shock_preview_says_who_is_disrupted_without_dice() {
    let mut g = Game::new(&MapSpec::default(), "2 MZ", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0505")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0604")],
    );
    g.to(0, Phase::Shock);
    let cs = vec![
        Command::Shock {
            unit: g.id("Blue MZ 1"),
            target: hex("0505"),
        },
        Command::Shock {
            unit: g.id("Blue MZ 2"),
            target: hex("0505"),
        },
    ];
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    assert_eq!(p.kind, "shock");
    assert_eq!(
        (p.attack_total.as_str(), p.defense_total.as_str()),
        ("2", "1")
    );
    assert_eq!(p.results.len(), 1);
    assert_eq!(p.results[0].result, "defender disrupted");
    assert_eq!(p.dice, "none");
}

#[test]
fn r_and_s_4_0_reach_lists_exactly_the_moves_the_engine_accepts_with_their_cost() {
    let spec = MapSpec::clear(10, 10).with("w", &["0403"]);
    let mut g = Game::new(&spec, "1 MZ; 1 CY", "1 MZ");
    g.setup(
        &[("Red MZ 1", "0909")],
        &[("Blue MZ 1", "0303"), ("Blue CY 1", "0101")],
    );
    g.to(0, Phase::Movement);
    let r = RifleAndSaber.reach(&g.s, "Blue MZ 1").unwrap();
    assert_eq!(r.from.as_deref(), Some("0303"));
    assert!(r.refused.is_none());
    let listed: BTreeSet<String> = r.hexes.iter().map(|h| h.hex.clone()).collect();
    assert!(!listed.is_empty());
    // Every hex listed is entered by its path at its cost; the allowance is never exceeded.
    for h in &r.hexes {
        let mut t = Game { s: g.s.clone() };
        let path: Vec<&str> = h.path.iter().map(String::as_str).collect();
        let events = t
            .mv("Blue MZ 1", &path)
            .unwrap_or_else(|e| panic!("{}: {e}", h.hex));
        let spent = events
            .iter()
            .find_map(|e| match e {
                Event::Moved { spent, .. } => Some(spent.to_string()),
                _ => None,
            })
            .unwrap();
        assert_eq!(spent, h.cost, "{}", h.hex);
        assert_eq!(h.path.last(), Some(&h.hex));
    }
    // Every neighbour the engine accepts as a one-hex move is listed.
    let u = g.id("Blue MZ 1");
    for n in g.s.setup.grid.neighbors(hex("0303")) {
        let mut t = Game { s: g.s.clone() };
        let ok = t
            .run(
                Command::Move {
                    unit: u,
                    path: vec![n],
                    charge: false,
                },
                &[],
            )
            .is_ok();
        assert_eq!(ok, listed.contains(&g.s.setup.name(n)), "{n}");
    }
    // Cavalry lists the hexes only a charge reaches, marked as such.
    let c = RifleAndSaber.reach(&g.s, "Blue CY 1").unwrap();
    assert!(
        c.hexes
            .iter()
            .any(|h| h.notes.iter().any(|n| n.contains("R&S 4(K)")))
    );
    // A unit of the other side may not move now: said, not an empty silence.
    let red = RifleAndSaber.reach(&g.s, "Red MZ 1").unwrap();
    assert!(red.hexes.is_empty());
    assert!(red.refused.is_some());
}

#[test]
fn kepi_reach_and_preview_print_what_the_core_computes() {
    let d = tempfile::tempdir().unwrap();
    let game = d.path().join("g.json");
    let kepi = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "kepi {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let g = game.display().to_string();
    kepi(&[
        "new",
        "scenarios/rs-01-fatehpur.json",
        "--seed",
        "3",
        "--auto-deploy",
        "--out",
        &g,
    ]);
    // Play on at random until some unit of the side to act can fire, and save the game there.
    let mut rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game).unwrap()).unwrap();
    let mut state = rec.replay(None).unwrap();
    let mut player = state.rules().random_player(3);
    let firing = |st: &kepi::engine::AnyState| {
        let s = st
            .downcast::<kepi::engine::rifle_and_saber::State>()
            .unwrap();
        if s.phase != Phase::Fire || s.pending.is_some() {
            return None;
        }
        (0..s.units.len())
            .filter(|&a| s.side_of(a) == s.player)
            .flat_map(|a| (0..s.units.len()).map(move |e| (a, e)))
            .filter(|&(_, e)| s.side_of(e) != s.player)
            .find_map(|(a, e)| {
                let h = s.units[e].hex()?;
                kepi::engine::rifle_and_saber::fire::check_fire(s, a, h, None)
                    .ok()
                    .map(|_| (a, h))
            })
    };
    let mut guard = 0;
    while firing(&state).is_none() {
        let c = player.next(&state);
        state = rec.play(&state, &c, Default::default()).unwrap().state;
        guard += 1;
        assert!(guard < 5000 && !state.progress().over, "no fire came up");
    }
    std::fs::write(&game, rec.to_text()).unwrap();
    let pair = firing(&state);
    let s = state
        .downcast::<kepi::engine::rifle_and_saber::State>()
        .unwrap();
    // The first unit of the side to act, and its reach as the CLI prints it.
    let u = (0..s.units.len())
        .find(|&u| s.side_of(u) == s.player)
        .unwrap();
    let label = s.label(u).to_string();
    let printed: kepi::engine::preview::Reach =
        serde_json::from_str(&kepi(&["reach", &g, "--unit", &label, "--json"])).unwrap();
    assert_eq!(printed, RifleAndSaber.reach(s, &label).unwrap());
    // A fire allocation previewed by the CLI equals the core's preview; the file is unchanged.
    let before = std::fs::read_to_string(&game).unwrap();
    {
        let (u, t) = pair.expect("after deployment someone is in range (seed 3)");
        let label = s.label(u).to_string();
        let script = d.path().join("fire.jsonl");
        std::fs::write(
            &script,
            format!(
                "{{\"type\": \"fire\", \"unit\": \"{label}\", \"target\": \"{}\"}}\n",
                s.setup.name(t)
            ),
        )
        .unwrap();
        let printed: serde_json::Value = serde_json::from_str(&kepi(&[
            "preview",
            &g,
            "--script",
            &script.display().to_string(),
            "--json",
        ]))
        .unwrap();
        let core = RifleAndSaber
            .preview(
                s,
                &[Command::Fire {
                    unit: u,
                    target: t,
                    ammo: None,
                }],
            )
            .unwrap();
        assert_eq!(printed, serde_json::to_value(core).unwrap());
    }
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    // The text forms run too.
    assert!(kepi(&["reach", &g, "--unit", &label]).contains("hex(es)"));
}

/// What the engine did to `unit` when the fire was resolved with `face`: "eliminated",
/// "retreated", "disrupted" or "no effect".
fn fate(g: &Game, cs: &[Command], unit: &str, face: u8, rolls: usize) -> &'static str {
    let mut h = Game { s: g.s.clone() };
    for c in cs {
        h.ok(c.clone(), &[]);
    }
    let u = h.id(unit);
    // The shot-alone rolls come after the main attack's, unless it leaves a decision pending
    // (a retreat path to choose): spare faces are left unused then.
    let mut dice = kepi::engine::dice::FixedDice::new(vec![face; rolls]);
    let (after, events) = RifleAndSaber
        .apply(&h.s, &Command::ResolveFire, &mut dice)
        .unwrap();
    // A retreat with several equally good paths waits for its owner's choice (R&S 6.0(C)).
    if matches!(
        after.pending,
        Some(kepi::engine::rifle_and_saber::state::Pending::Retreat { unit, .. }) if unit == u
    ) {
        return "retreated";
    }
    let hit = |f: &dyn Fn(&Event) -> bool| events.iter().any(f);
    if hit(&|e| matches!(e, Event::Eliminated { unit, .. } if *unit == u)) {
        "eliminated"
    } else if hit(&|e| matches!(e, Event::Retreated { unit, .. } if *unit == u)) {
        "retreated"
    } else if hit(&|e| matches!(e, Event::Disrupted { unit, .. } if *unit == u)) {
        "disrupted"
    } else {
        "no effect"
    }
}

/// Every face of a fire preview says what the engine then does to the defender.
fn preview_agrees_for_every_face(g: &Game, cs: &[Command], defender: &str) {
    let p = RifleAndSaber.preview(&g.s, cs).unwrap();
    // The main attack's roll, then one for each shot-alone attack (R&S 5.1(F)).
    let rolls = 1 + p
        .notes
        .iter()
        .filter(|n| n.starts_with("then the shot alone"))
        .count();
    for face in 1..=6u8 {
        let r = p
            .results
            .iter()
            .find(|r| r.faces.contains(&(face as u32)))
            .unwrap();
        let expected = if r.meaning.starts_with("Eliminated") {
            "eliminated"
        } else if r.meaning.starts_with("Retreat") {
            "retreated"
        } else if r.meaning.starts_with("Disrupted") {
            "disrupted"
        } else {
            "no effect"
        };
        assert_eq!(
            fate(g, cs, defender, face, rolls),
            expected,
            "face {face}: {}",
            r.meaning
        );
    }
}

fn with_ammo(g: &Game, label: &str, target: &str, ammo: Ammo) -> Command {
    Command::Fire {
        unit: g.id(label),
        target: hex(target),
        ammo: Some(ammo),
    }
}

#[test]
fn r_and_s_5_1_h_a_canister_e_against_an_undisrupted_gun_is_previewed_as_a_disruption() {
    let mut g = Game::new(&MapSpec::default(), "3 BA", "1 MA");
    g.setup(
        &[("Red MA 1", "0505")],
        &[
            ("Blue BA 1", "0504"),
            ("Blue BA 2", "0404"),
            ("Blue BA 3", "0604"),
        ],
    );
    let cs: Vec<Command> = ["Blue BA 1", "Blue BA 2", "Blue BA 3"]
        .iter()
        .map(|l| with_ammo(&g, l, "0505", Ammo::Canister))
        .collect();
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    assert!(
        p.results
            .iter()
            .any(|r| r.result == "E" && r.meaning.contains("5.1(H)")),
        "{:?}",
        p.results
    );
    preview_agrees_for_every_face(&g, &cs, "Red MA 1");
}

#[test]
fn r_and_s_5_1_h_an_rd_against_a_disrupted_gun_is_previewed_as_its_elimination() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MA");
    g.setup(&[("Red MA 1", "0505")], &[("Blue MZ 1", "0504")]);
    let red = g.id("Red MA 1");
    g.s.units[red].disrupted_until = Some(99);
    let cs = vec![fire(&g, "Blue MZ 1", "0505")];
    preview_agrees_for_every_face(&g, &cs, "Red MA 1");
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    assert!(
        p.results
            .iter()
            .any(|r| r.meaning.contains("second disruption"))
    );
}

#[test]
fn r_and_s_5_1_f_a_shot_preview_lists_the_shot_alone_attacks_on_the_rest_of_the_stack() {
    let mut g = Game::new(&MapSpec::default(), "1 MA; 1 MZ", "2 MZ");
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MZ 2", "0505")],
        &[("Blue MA 1", "0705"), ("Blue MZ 1", "0504")],
    );
    let cs = vec![
        with_ammo(&g, "Blue MA 1", "0505", Ammo::Shot),
        fire(&g, "Blue MZ 1", "0505"),
    ];
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    let ma = &p.attackers[0];
    let kind = g.s.kind(g.id("Blue MA 1"));
    assert_eq!(
        ma.base,
        kind.shot_attack.unwrap().to_string(),
        "the shot's value"
    );
    assert!(
        p.notes
            .iter()
            .any(|n| n.starts_with("then the shot alone") && n.contains("Red MZ 1")),
        "{:?}",
        p.notes
    );
    assert!(!p.notes.iter().any(|n| n.contains("only the top unit")));
    preview_agrees_for_every_face(&g, &cs, "Red MZ 2");
}

#[test]
fn r_and_s_5_2_a_shock_preview_leaves_guns_out_of_the_defense_and_names_high_morale() {
    let mut g = Game::with(
        &MapSpec::default(),
        "2 MZ",
        "1 MZ; 1 MA",
        kepi::engine::rifle_and_saber::GameOptions::default(),
        |s| s["sides"][1]["morale"] = "high".into(),
    );
    g.setup(
        &[("Red MZ 1", "0505"), ("Red MA 1", "0505")],
        &[("Blue MZ 1", "0504"), ("Blue MZ 2", "0604")],
    );
    g.to(0, Phase::Shock);
    let cs = vec![
        Command::Shock {
            unit: g.id("Blue MZ 1"),
            target: hex("0505"),
        },
        Command::Shock {
            unit: g.id("Blue MZ 2"),
            target: hex("0505"),
        },
    ];
    let p = RifleAndSaber.preview(&g.s, &cs).unwrap();
    // Red MZ 1 at high morale counts 2 (R&S 10.1); the gun adds nothing (R&S 5.2).
    assert_eq!(p.defense_total, "2");
    assert_eq!(p.defenders.len(), 1);
    assert!(p.modifiers.iter().any(|m| m.case == "R&S 10.1"));
    assert!(p.notes.iter().any(|n| n.contains("Red MA 1 is a gun")));
    assert_eq!(p.results[0].result, "both disrupted");
    // The engine's own totals agree.
    let mut h = Game { s: g.s.clone() };
    for c in &cs {
        h.ok(c.clone(), &[]);
    }
    let events = h.ok(Command::ResolveShock, &[]);
    let (a, d) = events
        .iter()
        .find_map(|e| match e {
            Event::ShockResolved {
                attack, defense, ..
            } => Some((attack.to_string(), defense.to_string())),
            _ => None,
        })
        .unwrap();
    assert_eq!((a, d), (p.attack_total.clone(), p.defense_total.clone()));
}

#[test]
fn r_and_s_8_0_b_reach_marks_hexes_reached_by_leaving_an_enemy_zone_of_control() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0505")], &[("Blue MZ 1", "0504")]);
    g.to(0, Phase::Movement);
    let r = RifleAndSaber.reach(&g.s, "Blue MZ 1").unwrap();
    assert!(!r.hexes.is_empty());
    for h in &r.hexes {
        assert!(
            h.notes.iter().any(|n| n.contains("R&S 8.0(B)")),
            "{}: {:?}",
            h.hex,
            h.notes
        );
    }
}

#[test]
fn r_and_s_6_0_a_reach_of_a_disrupted_unit_that_has_moved_says_why() {
    let mut g = Game::new(&MapSpec::default(), "1 MZ", "1 MZ");
    g.setup(&[("Red MZ 1", "0909")], &[("Blue MZ 1", "0303")]);
    g.to(0, Phase::Movement);
    let u = g.id("Blue MZ 1");
    g.s.units[u].disrupted_until = Some(99);
    let one = RifleAndSaber.reach(&g.s, "Blue MZ 1").unwrap();
    assert!(!one.hexes.is_empty());
    assert!(one.hexes.iter().all(|h| h.path.len() == 1));
    let first = one.hexes[0].hex.clone();
    g.mv("Blue MZ 1", &[&first]).unwrap();
    let r = RifleAndSaber.reach(&g.s, "Blue MZ 1").unwrap();
    assert!(r.hexes.is_empty());
    assert!(r.refused.unwrap().contains("R&S 6.0(A)"));
}

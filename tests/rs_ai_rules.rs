//! Issue 42, "every rule in play": the rules of Rifle & Saber the standard level had never
//! used (cavalry charges, road movement mode, improved positions begun during play,
//! dismounting), each with a puzzle where using it is clearly right and a control where it is
//! clearly wrong. Every puzzle is also played with the rule's term turned off
//! (`Weights`), and fails then: the term is what solves it.

use crate::common;

use common::{Game, MapSpec};
use kepi::engine::dice::SeededDice;
use kepi::engine::rifle_and_saber::ai::{Standard, weights::Weights};
use kepi::engine::rifle_and_saber::command::Command;
use kepi::engine::rifle_and_saber::state::{Phase, State};
use kepi::engine::rifle_and_saber::{GameOptions, legal};
use kepi::engine::{Player, Reason, RifleAndSaber, Ruleset};
use serde_json::{Value, json};

const BLUE: usize = 0;
const SEEDS: std::ops::Range<u64> = 1..6;

/// A command Blue gave, with the reasons it gave for it.
type Given = Vec<(Command, Vec<Reason>)>;

/// Let the standard level with weights `w` play Blue until `stop` holds; Red ends its phases
/// (and answers a pending decision with the first legal choice). The commands Blue gave.
fn blue_plays(g: &mut Game, seed: u64, w: &Weights, stop: impl Fn(&State) -> bool) -> Given {
    let mut player = Standard::with_weights(seed, w.clone());
    let mut dice = SeededDice::new(seed);
    let mut given = Vec::new();
    let mut guard = 0;
    while !stop(&g.s) && g.s.phase != Phase::Over {
        let acting = g.s.pending.as_ref().map(|p| p.side()).unwrap_or(g.s.player);
        let c = if acting == BLUE {
            let (c, why) = player.choose(&g.s);
            given.push((c.clone(), why));
            c
        } else {
            let options = legal(&g.s);
            if options.contains(&Command::EndPhase) {
                Command::EndPhase
            } else {
                options
                    .into_iter()
                    .next()
                    .expect("a pending decision has options")
            }
        };
        g.s = RifleAndSaber
            .apply(&g.s, &c, &mut dice)
            .unwrap_or_else(|e| panic!("the standard level gave a refused command {c:?}: {e}"))
            .0;
        guard += 1;
        assert!(guard < 500, "the play never stopped");
    }
    given
}

/// Blue's whole current player-turn.
fn blue_turn(g: &mut Game, seed: u64, w: &Weights) -> Given {
    blue_plays(g, seed, w, |s| s.player != BLUE && s.pending.is_none())
}

fn hold(side: &str, hexes: &[&str], turn: Option<u32>) -> Value {
    let mut rule = json!({"kind": "hold", "side": side,
                          "target": {"hexes": hexes, "require": "every_hex"}});
    if let Some(t) = turn {
        rule["turn"] = json!(t);
    }
    json!([{"text": format!("{side} must hold {}", hexes.join(", ")), "rule": rule}])
}

fn game(spec: &MapSpec, blue: &str, red: &str, options: GameOptions, v: Value) -> Game {
    Game::with(spec, blue, red, options, move |s: &mut Value| {
        s["victory"] = v.clone();
    })
}

/// The words of every reason given with the commands `pick` keeps.
fn words(given: &Given, pick: impl Fn(&Command) -> bool) -> Vec<String> {
    given
        .iter()
        .filter(|(c, _)| pick(c))
        .flat_map(|(_, why)| why.iter().map(|r| r.words.clone()))
        .collect()
}

// ---- Cavalry charges (R&S 4(K)) ----

fn is_charge(c: &Command) -> bool {
    matches!(c, Command::Move { charge: true, .. })
}

/// Blue CY 1 (movement 8, 12 charging) at 0206 on clear ground; Red's `red` alone at 1306,
/// eleven hexes away: no hex next to it is within the cavalry's 8 MP, every one at 10 is
/// within its charge's 12. Blue must hold 1506, beyond it.
fn charge_position(red: &str) -> Game {
    let mut g = game(
        &MapSpec::clear(16, 12),
        "1 CY",
        red,
        GameOptions::default(),
        hold("blue", &["1506"], None),
    );
    let label = format!("Red {} 1", red.trim_start_matches("1 "));
    g.setup(&[(&label, "1306")], &[("Blue CY 1", "0206")]);
    g
}

#[test]
fn cavalry_charges_an_unlimbered_gun_beyond_its_normal_move() {
    // R&S 5.2: guns add nothing to a hex's shock defense and an unlimbered gun in a
    // shock-attacked hex is eliminated (6.0(C)); the cavalry's shock (1) beats the lone gun's
    // defense (0). Only the charge's 12 MP bring it next to the gun.
    for seed in SEEDS {
        let mut g = charge_position("1 BA");
        let given = blue_turn(&mut g, seed, &Weights::default());
        assert!(
            given.iter().any(|(c, _)| is_charge(c)),
            "seed {seed}: no charge in {given:?}"
        );
        assert!(g.eliminated("Red BA 1"), "seed {seed}: the gun survived");
        let said = words(&given, is_charge).join(" / ");
        assert!(
            said.contains("R&S 4(K)")
                && said.contains("shock on 1306")
                && said.contains("1 against 0"),
            "seed {seed}: {said}"
        );
    }
    // The term off: the level never charges, and the gun lives.
    let off = Weights {
        charge: false,
        ..Weights::default()
    };
    for seed in SEEDS {
        let mut g = charge_position("1 BA");
        let given = blue_turn(&mut g, seed, &off);
        assert!(!given.iter().any(|(c, _)| is_charge(c)), "seed {seed}");
        assert!(!g.eliminated("Red BA 1"), "seed {seed}");
    }
}

#[test]
fn cavalry_does_not_charge_a_shock_it_cannot_win() {
    // Control: an MZ in the gun's place defends with 1 against the cavalry's 1 (R&S 5.2: not
    // stronger, so both are disrupted): the charge would only disrupt the cavalry (4(K)3).
    for seed in SEEDS {
        let mut g = charge_position("1 MZ");
        let given = blue_turn(&mut g, seed, &Weights::default());
        assert!(
            !given.iter().any(|(c, _)| is_charge(c)),
            "seed {seed}: {given:?}"
        );
    }
}

// ---- Road movement mode (R&S 10.5) ----

fn road_options() -> GameOptions {
    GameOptions {
        road_movement: true,
        ..GameOptions::default()
    }
}

fn enters_road_mode(c: &Command) -> bool {
    matches!(c, Command::EnterRoadMode { .. })
}

/// A road along row 04 from 0104 to 2004; Blue MZ 1 (movement 4) on it at 0204 must hold
/// 1904, seventeen hexes on. Walking it comes to 0604 at most; in road movement mode (1 MP,
/// then 1/3 MP a road hex) to 1104. Red MZ 1 stands at `red`.
fn road_position(red: &str) -> Game {
    let road: Vec<String> = (1..=20).map(|c| format!("{c:02}04")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    let mut g = game(
        &MapSpec::clear(20, 10).road(&road),
        "1 MZ",
        "1 MZ",
        road_options(),
        hold("blue", &["1904"], None),
    );
    g.setup(&[("Red MZ 1", red)], &[("Blue MZ 1", "0204")]);
    g
}

fn column(g: &Game, label: &str) -> u32 {
    g.hex_of(label).expect("on the map")[..2]
        .parse()
        .expect("a column")
}

#[test]
fn a_unit_with_far_to_go_by_road_takes_road_movement_mode() {
    // Red MZ 1 at 2010: its fire (range 5) and shock (movement 4) reach no hex of the road
    // Blue can come to this phase.
    for seed in SEEDS {
        let mut g = road_position("2010");
        let given = blue_turn(&mut g, seed, &Weights::default());
        assert!(
            given.iter().any(|(c, _)| enters_road_mode(c)),
            "seed {seed}: {given:?}"
        );
        assert!(
            column(&g, "Blue MZ 1") >= 8,
            "seed {seed}: {:?}",
            g.hex_of("Blue MZ 1")
        );
        let said = words(&given, enters_road_mode).join(" / ");
        assert!(said.contains("R&S 10.5"), "seed {seed}: {said}");
    }
    // The term off: it walks, four hexes at most.
    let off = Weights {
        road_mode: false,
        ..Weights::default()
    };
    for seed in SEEDS {
        let mut g = road_position("2010");
        let given = blue_turn(&mut g, seed, &off);
        assert!(
            !given.iter().any(|(c, _)| enters_road_mode(c)),
            "seed {seed}"
        );
        assert!(column(&g, "Blue MZ 1") <= 6, "seed {seed}");
    }
}

#[test]
fn no_road_movement_mode_where_the_enemy_can_reach_the_road() {
    // Control: Red MZ 1 at 0906 reaches the road from 0404 to 1404 with its fire (range 5):
    // in the mode Blue would defend at half and could not fire back (10.5(C), (F)).
    for seed in SEEDS {
        let mut g = road_position("0906");
        let given = blue_turn(&mut g, seed, &Weights::default());
        assert!(
            !given.iter().any(|(c, _)| enters_road_mode(c)),
            "seed {seed}: {given:?}"
        );
        assert!(!g.s.units[g.id("Blue MZ 1")].road_mode, "seed {seed}");
    }
}

// ---- Improved positions begun during play (R&S 10.2) ----

fn begins_work(c: &Command) -> bool {
    matches!(c, Command::BeginWork { .. })
}

/// Blue MZ 1 holds 0505, its objective decided at the end of game-turn `turn`; Red MZ 1 at
/// `red`. Blue moves first.
fn works_position(red: &str, turn: u32) -> Game {
    let mut g = game(
        &MapSpec::clear(12, 14),
        "1 MZ",
        "1 MZ",
        GameOptions::default(),
        hold("blue", &["0505"], Some(turn)),
    );
    g.setup(&[("Red MZ 1", red)], &[("Blue MZ 1", "0505")]);
    g
}

#[test]
fn a_unit_holding_its_objective_out_of_reach_digs_in() {
    // Red MZ 1 at 0513, eight hexes off: its fire (range 5) and shock (movement 4) cannot reach
    // 0505 next player-turn. The work begun now is an improved position at the end of Blue's
    // next player-turn, before the objective is decided (game-turn 5).
    for seed in SEEDS {
        let mut g = works_position("0513", 5);
        let given = blue_turn(&mut g, seed, &Weights::default());
        assert!(
            given.iter().any(|(c, _)| begins_work(c)),
            "seed {seed}: {given:?}"
        );
        let said = words(&given, begins_work).join(" / ");
        assert!(said.contains("R&S 10.2"), "seed {seed}: {said}");
        // It stays, and the position is done at the end of Blue's second player-turn.
        blue_plays(&mut g, seed, &Weights::default(), |s| {
            s.turn == 3 && s.player == BLUE
        });
        assert_eq!(
            g.hex_of("Blue MZ 1").as_deref(),
            Some("0505"),
            "seed {seed}"
        );
        assert!(
            g.s.improved.contains(&common::hex("0505")),
            "seed {seed}: no improved position"
        );
    }
    let off = Weights {
        works: false,
        ..Weights::default()
    };
    for seed in SEEDS {
        let mut g = works_position("0513", 5);
        let given = blue_turn(&mut g, seed, &off);
        assert!(!given.iter().any(|(c, _)| begins_work(c)), "seed {seed}");
    }
}

#[test]
fn no_work_under_the_enemys_fire_or_too_late() {
    // Controls: Red MZ 1 at 0508 fires on 0505 next player-turn (the work would halve Blue's
    // defense then); or the objective is decided at the end of this game-turn, before the
    // position could be done.
    for seed in SEEDS {
        for (red, turn) in [("0508", 5), ("0513", 1)] {
            let mut g = works_position(red, turn);
            let given = blue_turn(&mut g, seed, &Weights::default());
            assert!(
                !given.iter().any(|(c, _)| begins_work(c)),
                "seed {seed}, Red at {red}, decided on {turn}: {given:?}"
            );
        }
    }
}

// ---- Dismounting (R&S 4(L)) ----

fn dismounts(c: &Command) -> bool {
    matches!(c, Command::Dismount { .. })
}

/// Blue MR 1 (mounted rifles: fire 4, range 2; on foot an EB, fire 5, range 8) holds 0505,
/// its objective decided on game-turn 3; Red MZ 1 at `red`. Blue's Movement Phase.
fn dismount_position(red: &str) -> Game {
    let mut g = game(
        &MapSpec::clear(14, 14),
        "1 MR",
        "1 MZ",
        GameOptions::default(),
        hold("blue", &["0505"], Some(3)),
    );
    g.setup(&[("Red MZ 1", red)], &[("Blue MR 1", "0505")]);
    g.to(BLUE, Phase::Movement);
    g
}

#[test]
fn mounted_rifles_that_hold_under_fire_dismount() {
    // Red MZ 1 at 0510, five hexes off: beyond the mounted rifles' range (2), within the EB's
    // (8), and its own fire (range 5) reaches 0505. Staying on the objective, on foot Blue
    // fires 5 against 2 and defends at 3 instead of 2.
    for seed in SEEDS {
        let mut g = dismount_position("0510");
        let given = blue_plays(&mut g, seed, &Weights::default(), |s| {
            s.phase != Phase::Movement
        });
        assert!(
            given.iter().any(|(c, _)| dismounts(c)),
            "seed {seed}: {given:?}"
        );
        let said = words(&given, dismounts).join(" / ");
        assert!(said.contains("R&S 4(L)"), "seed {seed}: {said}");
        assert_eq!(
            g.hex_of("Blue MR 1").as_deref(),
            Some("0505"),
            "seed {seed}"
        );
    }
    let off = Weights {
        dismount: false,
        ..Weights::default()
    };
    for seed in SEEDS {
        let mut g = dismount_position("0510");
        let given = blue_plays(&mut g, seed, &off, |s| s.phase != Phase::Movement);
        assert!(!given.iter().any(|(c, _)| dismounts(c)), "seed {seed}");
    }
}

#[test]
fn mounted_rifles_out_of_reach_stay_mounted() {
    // Control: Red MZ 1 at 1214, beyond the EB's range and its own: nothing to fire at, no
    // fire to hold against; dismounting would only cost the mounted movement.
    for seed in SEEDS {
        let mut g = dismount_position("1214");
        let given = blue_plays(&mut g, seed, &Weights::default(), |s| {
            s.phase != Phase::Movement
        });
        assert!(
            !given.iter().any(|(c, _)| dismounts(c)),
            "seed {seed}: {given:?}"
        );
    }
}

fn remounts(c: &Command) -> bool {
    matches!(c, Command::Remount { .. })
}

/// Blue MR 1 dismounted (an EB, movement 5) at 0202 in game-turn 1, must hold 1212, twelve
/// hexes off; Red MZ 1 at `red`. Blue's Movement Phase of game-turn 2.
fn remount_position(red: &str) -> Game {
    let mut g = game(
        &MapSpec::clear(14, 14),
        "1 MR",
        "1 MZ",
        GameOptions::default(),
        hold("blue", &["1212"], None),
    );
    g.setup(&[("Red MZ 1", red)], &[("Blue MR 1", "0202")]);
    g.to(BLUE, Phase::Movement);
    g.unit_cmd(|unit| Command::Dismount { unit }, "Blue MR 1")
        .expect("it may dismount");
    g.ok(Command::EndPhase, &[]);
    g.to(BLUE, Phase::Movement);
    assert_eq!(g.s.turn, 2);
    g
}

#[test]
fn dismounted_rifles_with_far_to_go_remount() {
    // Red MZ 1 at 1401: nothing within the EB's range (8), no enemy fire or shock reaches
    // 0202. Remounted (4 MP, half the mounted 8) it moves as far as on foot this phase and 8
    // a phase after.
    for seed in SEEDS {
        let mut g = remount_position("1401");
        let given = blue_plays(&mut g, seed, &Weights::default(), |s| {
            s.phase != Phase::Movement
        });
        assert!(
            given.iter().any(|(c, _)| remounts(c)),
            "seed {seed}: {given:?}"
        );
    }
    let off = Weights {
        dismount: false,
        ..Weights::default()
    };
    for seed in SEEDS {
        let mut g = remount_position("1401");
        let given = blue_plays(&mut g, seed, &off, |s| s.phase != Phase::Movement);
        assert!(!given.iter().any(|(c, _)| remounts(c)), "seed {seed}");
    }
}

#[test]
fn dismounted_rifles_under_fire_stay_on_foot() {
    // Control: Red MZ 1 at 0207 fires on 0202 (range 5) and is within the EB's range.
    for seed in SEEDS {
        let mut g = remount_position("0207");
        let given = blue_plays(&mut g, seed, &Weights::default(), |s| {
            s.phase != Phase::Movement
        });
        assert!(
            !given.iter().any(|(c, _)| remounts(c)),
            "seed {seed}: {given:?}"
        );
    }
}

//! Scripted events of the scenario format (src/scenario/events.rs): each kind applied in Age of
//! Rifles and in Rifle & Saber, refused where the system has no rule for it, checked by field,
//! and recorded (a snapshot taken after them restores to the same hash and the same command).

use crate::common;

use common::aor::{deploy_as, open_fixture, play};
use kepi::engine::age_of_rifles::section::Role;
use kepi::engine::age_of_rifles::state::{Event, LeaderLoc, Loc, State};
use kepi::engine::dice::SeededDice;
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};

const FRENCH: &[(&str, &str)] = &[
    ("ii-1", "1005"),
    ("ii-2", "1006"),
    ("ii-art", "1004"),
    ("frossard", "1005"),
    ("laveaucoupet", "1005"),
];
const PRUSSIANS: &[(&str, &str)] = &[
    ("vii-13", "0105"),
    ("vii-14", "0106"),
    ("vii-art", "0107"),
    ("steinmetz", "0105"),
    ("zastrow", "0105"),
];

/// The AoR fixture with the Prussians on Defend (so that segments end without moves) and
/// `events` as its events.
fn aor_with(events: Value) -> kepi::scenario::Scenario {
    open_fixture(|v| {
        v["sides"][0]["formations"][0]["order"] = json!("defend");
        v["events"] = events;
    })
}

fn aor_refusal(events: Value) -> String {
    common::system::try_fixture(&AgeOfRifles, common::aor::FIXTURE, |v| {
        v["events"] = events;
    })
    .expect_err("refused")
}

/// Ends segments until the Command Phase of game-turn `turn` (no dice are needed: no unit is
/// disrupted and nobody fights).
fn until_turn(s: &State, turn: u32) -> (State, Vec<Event>) {
    let mut s = s.clone();
    let mut events = Vec::new();
    while s.turn < turn {
        let (n, e) = AgeOfRifles
            .apply(
                &s,
                &common::aor::cmd(json!({"kind": "end"})),
                &mut SeededDice::new(1),
            )
            .unwrap();
        events.extend(e);
        s = n;
    }
    (s, events)
}

/// The events in words as a player reads them: notes, and each scripted event as it is told
/// (its game-turn, time and text, "(the scenario's event)").
fn notes(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.clone()),
            Event::Scripted { .. } => AgeOfRifles
                .scripted_words(e)
                .map(|w| format!("{w} (the scenario's event)")),
            _ => None,
        })
        .collect()
}

fn leader(s: &State, id: &str) -> usize {
    s.setup().leader(id).unwrap()
}

fn unit(s: &State, id: &str) -> usize {
    s.setup().unit(id).unwrap()
}

#[test]
fn aor_a_note_is_told_at_the_start_of_its_game_turn() {
    let sc = aor_with(json!([
        {"turn": 2, "at": "start", "text": "Rain clouds gather.", "does": {"kind": "note"}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let (s1, e1) = until_turn(&s, 1);
    assert!(notes(&e1).iter().all(|n| !n.contains("Rain clouds")));
    let (s2, e2) = until_turn(&s1, 2);
    assert!(
        notes(&e2)
            .iter()
            .any(|n| n.contains("Game-turn 2, start: Rain clouds gather.")),
        "{:?}",
        notes(&e2)
    );
    assert_eq!(s2.scripted, 1);
}

#[test]
fn aor_a_leader_leaves_at_the_end_of_a_game_turn_and_his_formation_keeps_him_absent() {
    let sc = aor_with(json!([
        {"turn": 1, "at": "end", "text": "Zastrow is wounded.",
         "does": {"kind": "leader_leaves", "side": "prussians", "leader": "zastrow"}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let z = leader(&s, "zastrow");
    assert!(matches!(s.leaders[z].loc, LeaderLoc::At(_)));
    let (s2, e) = until_turn(&s, 2);
    assert_eq!(s2.leaders[z].loc, LeaderLoc::Gone);
    assert!(notes(&e).iter().any(|n| n == "Zastrow leaves the game"));
    // His formation has no leader on the map: out of command range (AoR 12.1), so no order
    // reaches it (AoR 12.2-12.5).
    let f = s2.setup().formation("vii").unwrap();
    assert_eq!(s2.setup().formations[f].leader, z);
}

#[test]
fn aor_a_new_leader_replaces_one_in_his_hex_with_his_rating_role_and_formation() {
    let sc = aor_with(json!([
        {"turn": 2, "at": "start", "text": "Kameke takes the 14th Division's corps.",
         "does": {"kind": "leader_replaced", "side": "prussians", "leader": "zastrow",
                  "by": {"id": "kameke", "name": "Kameke", "rating": 1}}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let k = leader(&s, "kameke");
    // Not in play before his event, and not deployed.
    assert_eq!(s.leaders[k].loc, LeaderLoc::Gone);
    let z = leader(&s, "zastrow");
    let zastrow_at = s.leaders[z].loc;
    let (s2, e) = until_turn(&s, 2);
    let setup = s2.setup();
    let f = setup.formation("vii").unwrap();
    assert_eq!(setup.formations[f].leader, k);
    assert_eq!(setup.leaders[k].formation, Some(f));
    assert_eq!(setup.leaders[z].formation, None);
    assert_eq!(setup.leaders[k].role, Role::Formation);
    assert_eq!(s2.leaders[k].rating, 1);
    assert_eq!(s2.leaders[k].loc, zastrow_at);
    assert!(
        notes(&e)
            .iter()
            .any(|n| n == "Kameke takes Zastrow's place as formation leader (rated 1)"),
        "{:?}",
        notes(&e)
    );
    // The setup before the event is untouched (the root's, shared by earlier positions).
    assert_eq!(s.setup().formations[f].leader, z);
}

#[test]
fn aor_an_existing_leader_replaces_another_and_takes_his_role_and_commands() {
    // Rheinbaben (cavalry division) takes Steinmetz's place as Overall Commander: he then
    // commands the VII Corps and keeps his own division.
    let sc = aor_with(json!([
        {"turn": 1, "at": "end", "text": "Steinmetz is called away.",
         "does": {"kind": "leader_leaves", "side": "prussians", "leader": "steinmetz"}},
        {"turn": 2, "at": "start", "text": "Rheinbaben commands.",
         "does": {"kind": "leader_replaced", "side": "prussians", "leader": "steinmetz",
                  "by": {"id": "rheinbaben", "rating": 3, "role": "overall"}}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let (s2, _) = until_turn(&s, 2);
    let setup = s2.setup();
    let r = leader(&s2, "rheinbaben");
    let vii = setup.formation("vii").unwrap();
    let cav = setup.formation("cav5").unwrap();
    assert_eq!(setup.formations[vii].commander, r);
    assert_eq!(setup.formations[cav].leader, r);
    assert_eq!(setup.leaders[r].role, Role::Overall);
    assert_eq!(s2.leaders[r].rating, 3);
    assert_eq!(s2.leaders[leader(&s2, "steinmetz")].loc, LeaderLoc::Gone);
}

#[test]
fn aor_a_formation_changes_commander_and_its_orders_come_from_him() {
    let sc = aor_with(json!([
        {"turn": 1, "at": "start", "text": "Zastrow's corps answers to Rheinbaben.",
         "does": {"kind": "formation_commander", "side": "prussians", "formation": "vii",
                  "commander": "rheinbaben"}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let vii = s.setup().formation("vii").unwrap();
    assert_eq!(
        s.setup().formations[vii].commander,
        leader(&s, "rheinbaben")
    );
    // AoR 12.2: Steinmetz no longer sends the VII Corps orders; Rheinbaben, not on the map
    // yet (he comes with his division on game-turn 2), cannot.
    let refusal = common::aor::refused(
        &s,
        json!({"kind": "send_order", "formation": "vii", "order": "attack"}),
    );
    assert!(refusal.contains("Rheinbaben"), "{refusal}");
}

#[test]
fn aor_a_group_a_unit_and_a_leader_arrive_where_the_event_says() {
    let sc = aor_with(json!([
        {"turn": 1, "at": "start", "text": "The cavalry comes early, by the north.",
         "does": {"kind": "arrives", "side": "prussians", "group": "cav",
                  "hexes": ["0109"]}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let c1 = unit(&s, "cav5-1");
    let c2 = unit(&s, "cav5-2");
    let at = |u: usize| match s.units[u].loc {
        Loc::At(h) => s.setup().name(h),
        other => panic!("{other:?}"),
    };
    assert_eq!((at(c1), at(c2)), ("0109".to_string(), "0109".to_string()));
    let r = leader(&s, "rheinbaben");
    assert!(matches!(s.leaders[r].loc, LeaderLoc::At(_)));
    // Its reinforcement turn (2) finds it on the map already: nothing enters twice.
    let (s2, _) = until_turn(&s, 2);
    assert_eq!(s2.units[c1].loc, s.units[c1].loc);

    // A single unit, and a leader by his id.
    let sc = aor_with(json!([
        {"turn": 1, "at": "start", "text": "One regiment rides ahead.",
         "does": {"kind": "arrives", "side": "prussians", "unit": "cav5-2", "hexes": ["0110"]}},
        {"turn": 1, "at": "start", "text": "Rheinbaben with it.",
         "does": {"kind": "arrives", "side": "prussians", "unit": "rheinbaben",
                  "hexes": ["0110"]}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    assert_eq!(s.units[c1].loc, Loc::Off);
    assert!(matches!(s.units[c2].loc, Loc::At(h) if s.setup().name(h) == "0110"));
    assert!(matches!(s.leaders[r].loc, LeaderLoc::At(h) if s.setup().name(h) == "0110"));
}

#[test]
fn aor_a_unit_leaves_the_game_without_loss() {
    let sc = aor_with(json!([
        {"turn": 1, "at": "end", "text": "The guns are sent to another front.",
         "does": {"kind": "leaves", "side": "prussians", "unit": "vii-art"}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let (s2, e) = until_turn(&s, 2);
    let a = unit(&s2, "vii-art");
    assert_eq!(s2.units[a].loc, Loc::Exited);
    assert_eq!(s2.units[a].exited_from, None);
    // No loss: AoR 13's count and AoR 14.1's are untouched.
    assert_eq!(s2.destroyed, [0, 0]);
    assert_eq!(s2.formations[s2.setup().formation("vii").unwrap()].lost, 0);
    assert!(notes(&e).iter().any(|n| n.ends_with("leaves the game")));
}

#[test]
fn aor_a_unit_and_a_leader_change_a_value() {
    let sc = aor_with(json!([
        {"turn": 1, "at": "start", "text": "The 13th Division is reinforced.",
         "does": {"kind": "changes", "side": "prussians", "unit": "vii-13",
                  "value": "strength", "to": 8}},
        {"turn": 1, "at": "start", "text": "The 14th is shaken.",
         "does": {"kind": "changes", "side": "prussians", "unit": "vii-14",
                  "value": "morale", "to": 2}},
        {"turn": 1, "at": "start", "text": "Zastrow rises to the occasion.",
         "does": {"kind": "changes", "side": "prussians", "unit": "zastrow",
                  "value": "rating", "to": 5}},
        {"turn": 1, "at": "start", "text": "The French guns are short of horses.",
         "does": {"kind": "changes", "side": "french", "group": "ii",
                  "value": "movement", "to": 2}}
    ]));
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let setup = s.setup();
    assert_eq!(setup.units[unit(&s, "vii-13")].strength, 8);
    assert_eq!(setup.units[unit(&s, "vii-14")].morale, 2);
    assert_eq!(s.leaders[leader(&s, "zastrow")].rating, 5);
    for u in ["ii-1", "ii-2", "ii-art"] {
        assert_eq!(setup.units[unit(&s, u)].movement, 2, "{u}");
    }
    assert_eq!(s.scripted, 4);
}

#[test]
fn aor_a_position_after_events_restores_with_them_and_replays_hash_for_hash() {
    let events = json!([
        {"turn": 1, "at": "start", "text": "Kameke takes over.",
         "does": {"kind": "leader_replaced", "side": "prussians", "leader": "zastrow",
                  "by": {"id": "kameke", "name": "Kameke", "rating": 1}}},
        {"turn": 1, "at": "start", "text": "The 13th Division is reinforced.",
         "does": {"kind": "changes", "side": "prussians", "unit": "vii-13",
                  "value": "strength", "to": 8}}
    ]);
    let sc = aor_with(events);
    let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let s = deploy_as(&sc, FRENCH, PRUSSIANS);
    let back = AgeOfRifles
        .restore(&root, &AgeOfRifles.snapshot(&s))
        .unwrap();
    assert_eq!(AgeOfRifles.state_hash(&back), AgeOfRifles.state_hash(&s));
    assert_eq!(back.setup().units[unit(&s, "vii-13")].strength, 8);
    let vii = back.setup().formation("vii").unwrap();
    assert_eq!(back.setup().formations[vii].leader, leader(&s, "kameke"));
    let bytes = AgeOfRifles.snapshot_bytes(&s);
    let back = AgeOfRifles.restore_bytes(&root, &bytes).unwrap();
    assert_eq!(back.setup().formations[vii].leader, leader(&s, "kameke"));
    // The same commands from the root again give the same hashes (the events are the
    // scenario's: nothing of them is rolled or chosen).
    let again = deploy_as(&sc, FRENCH, PRUSSIANS);
    assert_eq!(AgeOfRifles.state_hash(&again), AgeOfRifles.state_hash(&s));
    // A command after the events plays from the restored position as from the live one.
    let c = json!({"kind": "end"});
    let (a, _) = play(&s, c.clone(), &[]);
    let (b, _) = play(&back, c, &[]);
    assert_eq!(AgeOfRifles.state_hash(&a), AgeOfRifles.state_hash(&b));
}

#[test]
fn aor_events_are_checked_by_field() {
    let e = aor_refusal(json!([
        {"turn": 7, "at": "start", "text": "Too late.", "does": {"kind": "note"}},
        {"turn": 1, "at": "start", "text": " ", "does": {"kind": "note"}},
        {"turn": 1, "at": "end", "text": "Who?",
         "does": {"kind": "leader_leaves", "side": "prussians", "leader": "moltke"}},
        {"turn": 1, "at": "end", "text": "A stranger.",
         "does": {"kind": "leader_replaced", "side": "prussians", "leader": "zastrow",
                  "by": {"id": "kameke", "role": "general"}}},
        {"turn": 1, "at": "end", "text": "Both.",
         "does": {"kind": "leaves", "side": "prussians", "unit": "vii-13", "group": "vii"}},
        {"turn": 1, "at": "end", "text": "Off the map.",
         "does": {"kind": "arrives", "side": "prussians", "group": "cav", "hexes": ["9999"]}},
        {"turn": 1, "at": "end", "text": "Bad value.",
         "does": {"kind": "changes", "side": "prussians", "unit": "vii-13", "value": "morale",
                  "to": 9}},
        {"turn": 1, "at": "end", "text": "No side.",
         "does": {"kind": "leaves", "side": "austrians", "group": "vii"}},
        {"turn": 1, "at": "end", "text": "A leader's rating on a unit.",
         "does": {"kind": "changes", "side": "prussians", "unit": "vii-13", "value": "rating",
                  "to": 2}}
    ]));
    for (field, words) in [
        ("events[0].turn", "game-turn 7 is not in the game (1 to 6)"),
        ("events[1].text", "its text is empty"),
        ("events[2].does.leader", "no leader 'moltke' on this side"),
        ("events[3].does.by.name", "'kameke' is a new leader"),
        ("events[3].does.by.rating", "give his rating"),
        (
            "events[3].does.by.role",
            "'general' is not a role of AoR 2.1",
        ),
        ("events[4].does.unit", "not both and not neither"),
        ("events[5].does.hexes[0]", "'9999' is not a hex"),
        ("events[6].does.to", "morale is a whole number from 1 to 6"),
        ("events[7].does.side", "no side 'austrians'"),
        ("events[8].does.value", "only a leader has a rating"),
    ] {
        assert!(
            e.lines().any(|l| l.contains(field) && l.contains(words)),
            "{field}: {words}\n{e}"
        );
    }
}

// Rifle & Saber.

mod rs {
    use super::*;
    use kepi::engine::RifleAndSaber;
    use kepi::engine::rifle_and_saber::command::{Command, Event as RsEvent};
    use kepi::engine::rifle_and_saber::scenario::Morale;
    use kepi::engine::rifle_and_saber::state::{Location, State as RsState};

    /// A shipped Rifle & Saber scenario whose second side has a labelled group arriving as a
    /// reinforcement (the Austrians' (b), on game-turn 4).
    const SCENARIO: &str = "scenarios/rs-04-magenta.json";

    pub fn with(events: Value) -> Result<kepi::scenario::Scenario, String> {
        common::system::try_fixture(&RifleAndSaber, SCENARIO, |v| v["events"] = events)
    }

    fn deployed(sc: &kepi::scenario::Scenario) -> RsState {
        let mut s = RifleAndSaber.start(sc, &Default::default()).unwrap();
        let mut player = RifleAndSaber.random_player(3);
        let mut dice = SeededDice::new(3);
        while s.turn == 0 {
            let c = player.next(&s);
            s = RifleAndSaber.apply(&s, &c, &mut dice).unwrap().0;
        }
        s
    }

    /// Ends phases until game-turn `turn` begins (the random player's fire and shock are not
    /// wanted: only `end_phase`, with any decision the game waits for taken by the player).
    fn until_turn(s: &RsState, turn: u32) -> (RsState, Vec<RsEvent>) {
        let mut s = s.clone();
        let mut all = Vec::new();
        let mut player = RifleAndSaber.random_player(5);
        let mut dice = SeededDice::new(5);
        while s.turn < turn && s.outcome.is_none() {
            let legal = RifleAndSaber.legal(&s);
            let c = if legal.contains(&Command::EndPhase) {
                Command::EndPhase
            } else {
                player.next(&s)
            };
            let (n, e) = RifleAndSaber.apply(&s, &c, &mut dice).unwrap();
            all.extend(e);
            s = n;
        }
        (s, all)
    }

    fn scripted(events: &[RsEvent]) -> Vec<(String, Vec<String>)> {
        events
            .iter()
            .filter_map(|e| match e {
                RsEvent::Scripted { text, did, .. } => Some((text.clone(), did.clone())),
                _ => None,
            })
            .collect()
    }

    pub fn groups(sc: &kepi::scenario::Scenario, side: usize) -> Vec<String> {
        sc.sides[side]
            .forces
            .groups
            .iter()
            .filter_map(|g| g.label.clone())
            .collect()
    }

    #[test]
    fn a_note_is_told_at_the_start_and_the_end_of_its_game_turn() {
        let sc = with(json!([
            {"turn": 1, "at": "end", "text": "Dusk.", "does": {"kind": "note"}},
            {"turn": 2, "at": "start", "text": "Dawn.", "does": {"kind": "note"}}
        ]))
        .unwrap();
        let s = deployed(&sc);
        let (s2, e) = until_turn(&s, 2);
        let told = scripted(&e);
        assert_eq!(
            told.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
            ["Dusk.", "Dawn."]
        );
        assert_eq!(s2.scripted, 2);
        let words = RifleAndSaber
            .describe_event(
                &s2,
                e.iter()
                    .find(|x| matches!(x, RsEvent::Scripted { .. }))
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(words, "Game-turn 1, end: Dusk. (the scenario's event)");
    }

    #[test]
    fn a_group_arrives_leaves_and_changes_its_morale() {
        let probe = with(json!([])).unwrap();
        let side = probe.sides[1].id.clone();
        let g = groups(&probe, 1);
        let group = g.last().expect("a labelled group").clone();
        let entry: Vec<String> = probe
            .reinforcements
            .iter()
            .find(|r| r.side == 1 && r.group.as_deref() == Some(&group))
            .map(|r| r.hexes.iter().map(|h| probe.map.grid.name(*h)).collect())
            .expect("the group arrives as a reinforcement");
        let sc = with(json!([
            {"turn": 1, "at": "start", "text": "They come early.",
             "does": {"kind": "arrives", "side": side, "group": group, "hexes": entry}},
            {"turn": 1, "at": "start", "text": "Spirits sink.",
             "does": {"kind": "changes", "side": side, "group": group, "value": "morale",
                      "to": "demoralized"}},
            {"turn": 1, "at": "end", "text": "They are recalled.",
             "does": {"kind": "leaves", "side": side, "group": group}}
        ]))
        .unwrap();
        let s = deployed(&sc);
        let units: Vec<usize> = (0..s.units.len())
            .filter(|&u| {
                s.setup.units[u].side == 1 && s.setup.units[u].group.as_deref() == Some(&group)
            })
            .collect();
        assert!(!units.is_empty());
        // Arrived at the start of game-turn 1 (within the stacking limit: some may wait).
        assert!(
            units
                .iter()
                .any(|&u| matches!(s.units[u].location, Location::Hex(_)))
        );
        for &u in &units {
            if s.units[u].location != Location::Off {
                assert_eq!(s.unit_morale(u), Morale::Demoralized);
            }
        }
        let (s2, e) = until_turn(&s, 2);
        for &u in &units {
            assert!(
                matches!(
                    s2.units[u].location,
                    Location::Withdrawn | Location::Eliminated
                ),
                "{:?}",
                s2.units[u].location
            );
        }
        assert!(scripted(&e).iter().any(|(t, did)| t == "They are recalled."
            && did.iter().all(|d| d.ends_with("leaves the game"))));
        // Withdrawn is no loss and no exit (R&S 10.1; `exit` counts none).
        assert!(s2.eliminated[1] <= s.eliminated[1] + units.len() as u32);
        let back = RifleAndSaber
            .restore(
                &RifleAndSaber.start(&sc, &Default::default()).unwrap(),
                &RifleAndSaber.snapshot(&s2),
            )
            .unwrap();
        assert_eq!(
            RifleAndSaber.state_hash(&back),
            RifleAndSaber.state_hash(&s2)
        );
    }

    #[test]
    fn leaders_and_formations_are_refused_by_field_and_groups_checked() {
        let probe = with(json!([])).unwrap();
        let side = probe.sides[0].id.clone();
        let e = with(json!([
            {"turn": 1, "at": "start", "text": "A general falls.",
             "does": {"kind": "leader_leaves", "side": side, "leader": "someone"}},
            {"turn": 1, "at": "start", "text": "New command.",
             "does": {"kind": "formation_commander", "side": side, "formation": "x",
                      "commander": "y"}},
            {"turn": 1, "at": "start", "text": "Replaced.",
             "does": {"kind": "leader_replaced", "side": side, "leader": "a",
                      "by": {"id": "b"}}},
            {"turn": 1, "at": "start", "text": "A unit by name.",
             "does": {"kind": "leaves", "side": side, "unit": "MZ 1"}},
            {"turn": 1, "at": "start", "text": "No such group.",
             "does": {"kind": "leaves", "side": side, "group": "zz"}},
            {"turn": 1, "at": "start", "text": "Strength.",
             "does": {"kind": "changes", "side": side, "group": "zz", "value": "strength",
                      "to": 3}}
        ]))
        .expect_err("refused");
        for (field, words) in [
            (
                "events[0].does.kind",
                "Rifle & Saber has no rule for a 'leader_leaves' event",
            ),
            (
                "events[1].does.kind",
                "no rule for a 'formation_commander' event",
            ),
            (
                "events[2].does.kind",
                "no rule for a 'leader_replaced' event",
            ),
            ("events[3].does.unit", "name the unit's group"),
            ("events[4].does.group", "no group 'zz' on this side"),
            (
                "events[5].does.value",
                "'strength' is not a value a Rifle & Saber event changes",
            ),
        ] {
            assert!(
                e.lines().any(|l| l.contains(field) && l.contains(words)),
                "{field}: {words}\n{e}"
            );
        }
        // The message lists what Rifle & Saber plays.
        assert!(
            e.contains("the kinds it plays: note (R&S 11.0), arrives"),
            "{e}"
        );
    }
}

/// `kepi rules` lists each system's kinds of scripted event with their cases.
#[test]
fn kepi_rules_lists_the_kinds_each_system_plays() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(["rules", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let kinds = |key: &str| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .find(|r| r["key"] == key)
            .unwrap()["event_kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["kind"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(kinds("age-of-rifles").len(), 7);
    assert_eq!(
        kinds("rifle-and-saber"),
        ["note", "arrives", "leaves", "changes"]
    );
    assert_eq!(kinds("rifle-and-kepi"), ["note"]);
    assert_eq!(kinds("nineteenth-century"), ["note"]);
    assert_eq!(kinds("vae-victis"), ["note"]);
}

/// The 19th Century rules and Vae Victis tell a scenario's notes as Rifle and Kepi does (Kepi's
/// format; their texts have no scenario rules): game-turn 1's with the game's first command
/// (the movement initiative; the generals' ratings), before anything of it; a later game-turn's
/// as it begins; a game-turn's end before it is scored. Each once, in order. Any other kind is
/// refused by field.
mod notes_only {
    use super::common::{nc, vv};
    use kepi::engine::dice::SeededDice;
    use kepi::engine::vae_victis::VaeVictis;
    use kepi::engine::{NineteenthCentury, Ruleset};
    use kepi::scenario::Scenario;
    use serde_json::{Value, json};

    fn notes(v: &mut Value) {
        v["events"] = json!([
            {"turn": 2, "at": "start", "text": "Dawn.", "does": {"kind": "note"}},
            {"turn": 1, "at": "end", "text": "Dusk.", "does": {"kind": "note"}},
            {"turn": 1, "at": "start", "text": "Mist on the river.", "does": {"kind": "note"}}
        ]);
    }

    /// The words told, commands chosen in turn among the legal ones until game-turn 2's note
    /// is told; the first command's first event is game-turn 1's note.
    fn told<R: Ruleset>(r: &R, sc: &Scenario) -> Vec<String> {
        let mut s = r.start(sc, &R::Options::default()).unwrap();
        let mut dice = SeededDice::new(3);
        let mut told: Vec<String> = Vec::new();
        let mut steps = 0;
        while !told.iter().any(|w| w.contains("Dawn")) {
            let legal = r.legal(&s);
            assert!(!legal.is_empty(), "no command before game-turn 2: {told:?}");
            let c = legal[steps * 7 % legal.len()].clone();
            let (n, ev) = r.apply(&s, &c, &mut dice).unwrap();
            if steps == 0 {
                assert_eq!(
                    r.scripted_words(&ev[0]).as_deref(),
                    Some("Game-turn 1, start: Mist on the river."),
                    "told before anything else of the first command"
                );
            }
            told.extend(ev.iter().filter_map(|e| r.scripted_words(e)));
            s = n;
            steps += 1;
            assert!(steps < 5_000, "game-turn 2 never began: {told:?}");
        }
        told
    }

    const IN_ORDER: [&str; 3] = [
        "Game-turn 1, start: Mist on the river.",
        "Game-turn 1, end: Dusk.",
        "Game-turn 2, start: Dawn.",
    ];

    #[test]
    fn the_19th_century_tells_notes_at_the_start_and_the_end_of_their_game_turns() {
        assert_eq!(told(&NineteenthCentury, &nc::fixture(notes)), IN_ORDER);
    }

    #[test]
    fn vae_victis_tells_notes_at_the_start_and_the_end_of_their_game_turns() {
        assert_eq!(told(&VaeVictis, &vv::fixture(notes)), IN_ORDER);
    }

    #[test]
    fn kinds_other_than_notes_are_refused_by_field() {
        let leaves = |v: &mut Value| {
            v["events"] = json!([
                {"turn": 1, "at": "start", "text": "A unit falls back.", "does": {"kind": "leaves", "side": "a", "unit": "x"}}
            ]);
        };
        for e in [
            nc::try_fixture(leaves).expect_err("refused"),
            vv::try_fixture(leaves).expect_err("refused"),
        ] {
            assert!(
                e.contains("events[0].does.kind") && e.contains("the kinds it plays: note"),
                "{e}"
            );
        }
    }
}

/// Rifle and Kepi tells a scenario's notes (Kepi's format; the text has no scenario rules):
/// at the start of their game-turn before the deal's reinforcements, at its end before it is
/// scored, each once, in order; the play view's words come from `scripted_words`. Any other
/// kind is refused by field, naming what it plays.
mod rk {
    use super::common::rk;
    use kepi::engine::dice::SeededDice;
    use kepi::engine::rifle_and_kepi::state::{Command, Event};
    use kepi::engine::{RifleAndKepi, Ruleset};
    use serde_json::json;

    #[test]
    fn notes_are_told_at_the_start_and_the_end_of_their_game_turns() {
        let sc = rk::fixture(|v| {
            v["events"] = json!([
                {"turn": 2, "at": "start", "text": "Dawn.", "does": {"kind": "note"}},
                {"turn": 1, "at": "end", "text": "Dusk.", "does": {"kind": "note"}},
                {"turn": 1, "at": "start", "text": "Fog on the Aupa.", "does": {"kind": "note"}}
            ]);
        });
        let mut s = RifleAndKepi.start(&sc, &Default::default()).unwrap();
        let mut dice = SeededDice::new(3);
        let mut told: Vec<(u32, String)> = Vec::new();
        let mut steps = 0;
        // Commands chosen in turn among the legal ones until game-turn 2 is dealt.
        while !(s.turn == 2 && told.iter().any(|(_, w)| w.contains("Dawn"))) {
            let legal: Vec<Command> = RifleAndKepi.legal(&s);
            let c = legal[steps * 7 % legal.len()].clone();
            let (n, ev) = RifleAndKepi.apply(&s, &c, &mut dice).unwrap();
            for e in &ev {
                if let Some(w) = RifleAndKepi.scripted_words(e) {
                    told.push((s.turn, w));
                    // Told before anything else of the deal (reinforcements, cards).
                    if matches!(c, Command::Deal) {
                        assert!(matches!(ev[0], Event::Scripted { .. }), "{ev:?}");
                    }
                }
            }
            s = n;
            steps += 1;
            assert!(steps < 2_000, "game-turn 2 never dealt: {told:?}");
        }
        assert_eq!(
            told,
            [
                (1, "Game-turn 1, start: Fog on the Aupa.".to_string()),
                (1, "Game-turn 1, end: Dusk.".to_string()),
                (2, "Game-turn 2, start: Dawn.".to_string()),
            ]
        );
        let (_, ev) = RifleAndKepi
            .apply(
                &RifleAndKepi.start(&sc, &Default::default()).unwrap(),
                &Command::Deal,
                &mut SeededDice::new(3),
            )
            .unwrap();
        let words = RifleAndKepi.describe_event(&s, &ev[0]).unwrap();
        assert_eq!(
            words,
            "Game-turn 1, start: Fog on the Aupa. (the scenario's event)"
        );
    }

    #[test]
    fn kinds_other_than_notes_are_refused_by_field() {
        let e = kepi_refusal(json!([
            {"turn": 1, "at": "start", "text": "Gablenz falls back.", "does": {"kind": "leaves", "side": "austria", "unit": "a-1"}}
        ]));
        assert!(
            e.contains("events[0].does.kind") && e.contains("the kinds it plays: note"),
            "{e}"
        );
    }

    fn kepi_refusal(events: serde_json::Value) -> String {
        super::common::system::try_fixture(&RifleAndKepi, rk::FIXTURE, |v| {
            v["events"] = events;
        })
        .expect_err("refused")
    }
}

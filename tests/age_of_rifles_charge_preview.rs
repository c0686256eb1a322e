//! The Age of Rifles charge preview (the play view's, before the roll; AoR 7.6-7.10) against
//! the resolution: along seeded random games every charge on offer is previewed, then played
//! (declared and resolved, or made as a reaction), and the preview's strengths, the hits it
//! gives for the totals rolled and the result they make must be the ones the resolution
//! wrote; then a named case per rule (the square, a disrupted charger, a flank charge, a
//! backhand blow above 24, a reaction charge's morale test with a leader). The fort's refusal
//! is `age_of_rifles_forts.rs`'s.

use crate::common;
use common::aor::{CHARGE_FRENCH, CHARGE_PRUSSIANS, cmd, number_after, open_fixture, play, to};
use kepi::engine::age_of_rifles::state::{Command, Disruption, Event, State};
use kepi::engine::dice::{Dice, SeededDice};
use kepi::engine::preview::AttackPreview;
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

fn preview(s: &State, c: &Command) -> AttackPreview {
    AgeOfRifles
        .preview(s, std::slice::from_ref(c))
        .unwrap_or_else(|e| panic!("preview of {c:?}: {e}"))
}

/// The note of the preview that starts with `start` (after its rule case) and contains `with`.
fn note<'a>(p: &'a AttackPreview, with: &str) -> &'a str {
    p.notes
        .iter()
        .find(|n| n.contains(with))
        .unwrap_or_else(|| panic!("a note with {with:?} in {:#?}", p.notes))
}

/// From a hits note ("...: 0 hits on 2, 3 (3/36); 1 hit on 4, 5 (7/36)"), the hits for
/// `total`, and the steps the target side has ("(3 steps)").
fn hits_in(note: &str, total: u32) -> (u32, u32) {
    let at = note.find(" step").expect("the target's steps");
    let digits = note[..at].rsplit(['(', ' ']).next().unwrap();
    let steps: u32 = digits
        .parse()
        .unwrap_or_else(|_| panic!("steps in {note:?}"));
    let list = &note[note.find("):").expect("the list after the steps") + 2..];
    for part in list.split(';') {
        let (n, rest) = part.trim().split_once(' ').unwrap();
        let totals = &rest[rest.find(" on ").unwrap() + 4..rest.find(" (").unwrap()];
        if totals
            .split(", ")
            .any(|t| t.parse::<u32>().unwrap() == total)
        {
            return (n.parse().unwrap(), steps);
        }
    }
    panic!("total {total} in {note:?}")
}

/// A hits note's whole list: (hits, ways out of 36) for each number of hits, and the steps;
/// a side that does not roll scores 0 hits for sure.
fn hits_table(note: &str) -> (Vec<(u32, u32)>, u32) {
    let at = note.find(" step").expect("the target's steps");
    let digits = note[..at].rsplit(['(', ' ']).next().unwrap();
    let steps: u32 = digits.parse().unwrap();
    let list = &note[note.find("):").unwrap() + 2..];
    if list.contains("no roll") {
        return (vec![(0, 36)], steps);
    }
    let table = list
        .split(';')
        .map(|part| {
            let (n, rest) = part.trim().split_once(' ').unwrap();
            (n.parse().unwrap(), number_after(rest, "("))
        })
        .collect();
    (table, steps)
}

/// The results of branch `branch` ("" or "no square: " or "square: ") computed from the
/// preview's own hits notes (AoR 7.6: the side that loses more steps loses; a side loses no
/// more steps than it has), in ways out of 1296, against the preview's results.
fn results_follow_from_the_hits(p: &AttackPreview, branch: &str) {
    let strength = if branch == "square: " {
        number_after(&p.attack_total, "(")
    } else {
        number_after(&format!(" {}", p.attack_total), " ")
    };
    let (charge, steps_d) = hits_table(note(
        p,
        &format!("{branch}the charge at strength {strength} "),
    ));
    let (back, steps_a) = if p.defense_total == "0" {
        (vec![(0, 36)], 0)
    } else {
        hits_table(note(p, "the defenders fire back"))
    };
    let mut ways = [("defenders lose", 0u32), ("even", 0), ("cavalry loses", 0)];
    for &(h1, w1) in &charge {
        for &(h2, w2) in &back {
            let k = match h1.min(steps_d).cmp(&h2.min(steps_a)) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            ways[k].1 += w1 * w2;
        }
    }
    for (result, w) in ways {
        let shown = p
            .results
            .iter()
            .find(|r| r.result == format!("{branch}{result}"))
            .map_or(0.0, |r| r.chance);
        assert!(
            (shown - w as f64 / 1296.0).abs() < 1e-9,
            "{branch}{result}: {shown} against {w}/1296 in {p:#?}"
        );
    }
}

/// The charge's result as the resolution wrote it.
fn result_of(notes: &[&str]) -> Option<&'static str> {
    notes.iter().find_map(|n| {
        if n.contains("defenders of") && n.contains("lose the charge") {
            Some("defenders lose")
        } else if n.contains("the cavalry loses the charge") {
            Some("cavalry loses")
        } else if n.contains("as many steps lost on each side") {
            Some("even")
        } else {
            None
        }
    })
}

/// Plays the charge `c` from `s` to its fire and losses with seeded dice (the square as
/// `square` says, allocations the first on offer) and checks the preview `p` against what
/// happened. `false` when nothing was fired (a failed reaction test).
fn check(s: &State, c: &Command, p: &AttackPreview, seed: u64, square: bool) -> bool {
    let mut dice = SeededDice::new(seed);
    let mut events: Vec<Event> = Vec::new();
    let mut apply = |s: &State, c: &Command, events: &mut Vec<Event>| -> State {
        let (n, ev) = AgeOfRifles
            .apply(s, c, &mut dice as &mut dyn Dice)
            .unwrap_or_else(|e| panic!("seed {seed}: {c:?}: {e}"));
        events.extend(ev);
        n
    };
    let reaction = s.reaction.is_some();
    let mut s = apply(s, c, &mut events);
    if !reaction {
        s = apply(&s, &Command::End, &mut events);
    }
    let mut formed = None;
    for _ in 0..4 {
        let legal = AgeOfRifles.legal(&s);
        let next = match legal.first() {
            Some(Command::FormSquare { .. }) if s.charge.is_some() => {
                formed = Some(square);
                Command::FormSquare { square }
            }
            Some(a @ Command::Allocate { .. }) if s.charge.is_some() => a.clone(),
            _ => break,
        };
        s = apply(&s, &next, &mut events);
    }
    let notes: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    if notes.iter().any(|n| n.contains("do not reaction charge")) {
        return false;
    }
    let fired = notes
        .iter()
        .find(|n| n.contains("(AoR 7.6") && n.contains("charge strength"))
        .unwrap_or_else(|| panic!("seed {seed}: {c:?} fired: {notes:#?}"));
    let formed = formed.is_some() && notes.iter().any(|n| n.contains("forms square"));
    let branch = match (p.results[0].result.split_once(": "), formed) {
        (None, _) => "",
        (Some(_), true) => "square: ",
        (Some(_), false) => "no square: ",
    };
    // The strengths.
    let strength = number_after(fired, "charge strength");
    let total = &p.attack_total;
    let shown = if branch == "square: " {
        number_after(total, "(")
    } else {
        number_after(&format!(" {total}"), " ")
    };
    assert_eq!(strength, shown, "seed {seed}: {fired} / {total}");
    assert_eq!(
        number_after(fired, "defense"),
        p.defense_total.parse::<u32>().unwrap(),
        "seed {seed}: {fired}"
    );
    // The hits for the totals rolled, and the result they make.
    let rolls = AgeOfRifles.rolls(&events);
    let rolled = |purpose: &str| rolls.iter().find(|r| r.purpose == purpose).map(|r| r.total);
    let charge_note = note(p, &format!("{}the charge at strength {strength}", branch));
    let (on_d, steps_d) = match rolled("charge: charging cavalry's fire") {
        Some(t) => hits_in(charge_note, t),
        None => (0, 0),
    };
    assert_eq!(on_d, number_after(fired, "scores"), "seed {seed}: {fired}");
    let (on_a, steps_a) = match rolled("charge: defenders' fire") {
        Some(t) => {
            let n = hits_in(note(p, "the defenders fire back"), t);
            assert_eq!(
                n.0,
                number_after(fired.rsplit("defense").next().unwrap(), "scores")
            );
            n
        }
        None => (0, 0),
    };
    let expected = match on_d.min(steps_d).cmp(&on_a.min(steps_a)) {
        std::cmp::Ordering::Greater => "defenders lose",
        std::cmp::Ordering::Less => "cavalry loses",
        std::cmp::Ordering::Equal => "even",
    };
    if let Some(happened) = result_of(&notes) {
        assert_eq!(happened, expected, "seed {seed}: {notes:#?}");
    }
    let row = p
        .results
        .iter()
        .find(|r| r.result == format!("{branch}{expected}"))
        .unwrap_or_else(|| panic!("seed {seed}: {branch}{expected} in {:#?}", p.results));
    assert!(row.chance > 0.0);
    if !row.faces.is_empty() {
        let t = rolled("charge: charging cavalry's fire")
            .or(rolled("charge: defenders' fire"))
            .unwrap();
        assert!(row.faces.contains(&t), "seed {seed}: {t} in {row:?}");
    }
    true
}

/// Each branch of the results adds up to 1, over 36 or 36 x 36 outcomes.
fn sums_to_one(p: &AttackPreview) {
    let mut branches: Vec<(&str, f64)> = Vec::new();
    for r in &p.results {
        let b = r.result.split_once(": ").map_or("", |x| x.0);
        match branches.iter_mut().find(|x| x.0 == b) {
            Some(x) => x.1 += r.chance,
            None => branches.push((b, r.chance)),
        }
        let ways = r.chance * p.outcomes as f64;
        assert!(
            (ways - ways.round()).abs() < 1e-6,
            "{r:?} over {}",
            p.outcomes
        );
    }
    for (b, sum) in branches {
        assert!((sum - 1.0).abs() < 1e-9, "{b}: {sum}");
    }
    assert!([36, 1296].contains(&p.outcomes));
}

/// The test scenario with its two units of each side made cavalry where `cav` says, and
/// `edit`.
fn horse(cav: &[(usize, usize)], edit: impl FnOnce(&mut Value)) -> Scenario {
    let cav = cav.to_vec();
    open_fixture(move |v| {
        for (side, unit) in cav {
            v["sides"][side]["units"][unit]["kind"] = "cavalry".into();
        }
        v["sides"][0]["formations"][0]["order"] = "attack".into();
        v["sides"][1]["formations"][0]["order"] = "attack".into();
        edit(v)
    })
}

#[test]
fn along_seeded_games_every_charge_preview_agrees_with_its_resolution() {
    // Cavalry on both sides of the test scenario (the fixture's own, and each side's second
    // unit), under Attack orders so that they close; and the Gettysburg scenario.
    let scenarios = [
        (horse(&[(0, 1), (1, 1)], |_| {}), 60),
        (
            kepi::library::load_scenario(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("scenarios/aor-gettysburg-first-day.json"),
            )
            .unwrap(),
            2,
        ),
    ];
    let (mut declared, mut reactions, mut squares) = (0, 0, 0);
    for (sc, seeds) in scenarios {
        let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
        for seed in 0..seeds {
            let mut player = AgeOfRifles.random_player(seed);
            let mut dice = SeededDice::new(seed);
            let mut s = root.clone();
            while !AgeOfRifles.progress(&s).over {
                for (k, c) in AgeOfRifles.legal(&s).iter().enumerate() {
                    if !matches!(c, Command::Charge { .. }) {
                        continue;
                    }
                    let p = preview(&s, c);
                    assert_eq!(p.kind, "charge");
                    sums_to_one(&p);
                    // A charge declared after others is resolved after them: only the first of
                    // a segment is resolved in the position previewed.
                    if s.reaction.is_none() && !s.charges.is_empty() {
                        assert!(note(&p, "declared before it").contains("AoR 7.6"));
                        continue;
                    }
                    let square = p.results[0].result.starts_with("no square");
                    for b in if square {
                        vec!["no square: ", "square: "]
                    } else {
                        vec![""]
                    } {
                        results_follow_from_the_hits(&p, b);
                    }
                    let trial = seed * 1000 + k as u64;
                    let mut any = false;
                    for formed in if square {
                        vec![false, true]
                    } else {
                        vec![false]
                    } {
                        any |= check(&s, c, &p, trial, formed);
                    }
                    if any {
                        if s.reaction.is_some() {
                            reactions += 1;
                        } else {
                            declared += 1;
                        }
                        squares += usize::from(square);
                    }
                }
                let c = player.next(&s);
                s = AgeOfRifles
                    .apply(&s, &c, &mut dice as &mut dyn Dice)
                    .unwrap()
                    .0;
            }
        }
    }
    eprintln!(
        "charges checked: {declared} declared, {reactions} reactions, {squares} with a square"
    );
    assert!(
        declared > 20 && reactions > 0 && squares > 0,
        "charges checked: {declared} declared, {reactions} reactions, {squares} with a square"
    );
}

/// Prussian cavalry vii-14 (6, morale 4) in 0405 two hexes from the French ii-2 (5, infantry)
/// in 0605; at the Prussians' Cavalry Charge Segment.
fn charge_position(sc: &Scenario) -> State {
    let s = common::aor::deploy_as(sc, CHARGE_FRENCH, CHARGE_PRUSSIANS);
    to(&s, "charge", 0)
}

fn vii14() -> Scenario {
    open_fixture(|v| v["sides"][0]["units"][1]["kind"] = "cavalry".into())
}

const CHARGE: &str = r#"{"kind": "charge", "units": ["vii-14"], "target": "0605"}"#;

#[test]
fn aor_7_6_7_10_the_square_is_the_defenders_choice_and_both_branches_are_shown() {
    let s = charge_position(&vii14());
    let c = cmd(serde_json::from_str(CHARGE).unwrap());
    let p = preview(&s, &c);
    assert_eq!(p.kind, "charge");
    // 6 doubled against infantry not in square, normal against a square; ii-2 fires at 5.
    assert_eq!(p.attack_total, "12 (6 against a square)");
    assert_eq!(p.defense_total, "5");
    assert_eq!(p.outcomes, 1296);
    assert!(p.modifiers.iter().any(|m| m.name.contains("not in square")));
    let sq = note(&p, "form square");
    assert!(
        sq.contains("choose") && sq.contains("at 4, 4 in 6"),
        "ii-2's morale 4 passes on 1-4: {sq}"
    );
    assert!(
        p.results
            .iter()
            .any(|r| r.result == "no square: defenders lose")
    );
    assert!(
        p.results
            .iter()
            .any(|r| r.result == "square: cavalry loses")
    );
    sums_to_one(&p);
    // The 12 on the Fire Table: 7 scores 3 hits (charge_test's case rolls 12: 5 hits).
    let (h, steps) = hits_in(note(&p, "no square: the charge at strength 12"), 12);
    assert_eq!((h, steps), (5, 2));
    // Formed (rolled 3), the 6 rolled 7 scores 1; the 5 rolled 2 none: the defenders lose,
    // as the preview's square branch allows.
    assert_eq!(
        hits_in(note(&p, "square: the charge at strength 6"), 7).0,
        1
    );
    assert_eq!(hits_in(note(&p, "the defenders fire back"), 2).0, 0);
    let s = play(&s, serde_json::from_str(CHARGE).unwrap(), &[]).0;
    let s = play(&s, json!({"kind": "end"}), &[]).0;
    let (_, ev) = play(
        &s,
        json!({"kind": "form_square", "square": true}),
        &[3, 3, 4, 1, 1],
    );
    assert!(format!("{ev:?}").contains("lose the charge"));
    // Pursuit (7.7): the hex ii-2 would retreat into, at morale 4 (2 in 6 to pursue anyway).
    let pursuit = note(&p, "AoR 7.7");
    assert!(
        pursuit.contains("retreated defenders") && pursuit.contains("2 in 6"),
        "{pursuit}"
    );
    // No French cavalry near: no reaction afterwards (7.8).
    assert!(note(&p, "AoR 7.8").contains("no cavalry within two hexes"));
    // Disrupted, ii-2 cannot form square (7.10): double strength only.
    let mut s2 = charge_position(&vii14());
    let ii2 = s2.setup().unit("ii-2").unwrap();
    s2.units[ii2].disrupted = Some(Disruption::Combat);
    let p = preview(&s2, &c);
    assert_eq!(p.attack_total, "12");
    assert_eq!(
        p.defense_total, "3",
        "5 halved is 2.5, rounded up (AoR 6.2, 7.6)"
    );
    assert!(note(&p, "AoR 7.10").contains("not all undisrupted"));
    assert!(p.results.iter().all(|r| !r.result.contains("square")));
}

#[test]
fn aor_6_2_a_disrupted_charger_is_halved_and_not_ready_has_no_effect_of_its_own() {
    let mut s = charge_position(&vii14());
    let u = s.setup().unit("vii-14").unwrap();
    s.units[u].disrupted = Some(Disruption::Combat);
    let p = preview(&s, &cmd(serde_json::from_str(CHARGE).unwrap()));
    let a = &p.attackers[0];
    assert_eq!((a.base.as_str(), a.value.as_str()), ("6", "3"));
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.case == "AoR 6.2" && m.effect == "-50%")
    );
    assert_eq!(p.attack_total, "6 (3 against a square)");
    assert!(note(&p, "not ready").contains("no effect of its own"));
}

/// The French cavalry ii-1 (5 repeating) next to the beaten Prussian cavalry vii-14 in 0505,
/// ii-2 in 0605 adjacent to it too: after vii-14's lost charge, ii-1's reaction charge.
#[test]
fn aor_7_8_7_10_a_reaction_charge_with_a_flank_and_a_backhand_blow_above_24() {
    let sc = open_fixture(|v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
        v["sides"][1]["units"][0]["kind"] = "cavalry".into();
    });
    let g = &sc.map.grid;
    let (a, t) = (g.parse("0505").unwrap(), g.parse("0605").unwrap());
    let x = ["0604", "0606"]
        .into_iter()
        .find(|h| {
            let h = g.parse(h).unwrap();
            g.adjacent(h, a) && g.adjacent(h, t)
        })
        .unwrap();
    let s = common::aor::deploy_as(
        &sc,
        &[
            ("ii-2", "0605"),
            ("ii-1", x),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "0805"),
        ],
        &[
            ("vii-13", "0203"),
            ("vii-14", "0505"),
            ("vii-art", "0203"),
            ("steinmetz", "0405"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "charge", 0);
    // Before: vii-14's charge on ii-2 would be flanked by nobody, and ii-1 is near (7.8).
    let p = preview(&s, &cmd(serde_json::from_str(CHARGE).unwrap()));
    let french = s.setup().sides[1].1.clone();
    let r = note(&p, "AoR 7.8");
    assert!(
        r.contains(&format!("{french} may reaction charge")) && r.contains("1st Brigade"),
        "{r}"
    );
    let s = play(&s, serde_json::from_str(CHARGE).unwrap(), &[]).0;
    let s = play(&s, json!({"kind": "end"}), &[]).0;
    let s = play(
        &s,
        json!({"kind": "form_square", "square": true}),
        &[1, 1, 1, 4, 4],
    )
    .0;
    let react = cmd(json!({"kind": "charge", "units": ["ii-1"], "target": "0505"}));
    assert!(AgeOfRifles.legal(&s).contains(&react));
    let p = preview(&s, &react);
    // 5 repeating +50% = 7.5, backhand x2, flank x2 = 30: looked up for 24 and 6 with the same
    // roll; vii-14, disrupted with one step, fires at 3 halved = 2 (rounded).
    assert!(p.odds.starts_with("reaction charge 30"), "{}", p.odds);
    assert_eq!(p.column, "30 (24 + 6 with the same roll, AoR 7.1)");
    assert_eq!(p.defense_total, "2");
    let mods: Vec<&str> = p.modifiers.iter().map(|m| m.name.as_str()).collect();
    assert!(
        mods.iter().any(|m| m.contains("flank")) && mods.iter().any(|m| m.contains("backhand")),
        "{mods:?}"
    );
    assert!(
        p.attackers[0]
            .modifiers
            .iter()
            .any(|m| m.name.contains("repeating"))
    );
    assert!(note(&p, "a flank charge").contains("adjacent to 2nd Brigade"));
    assert!(note(&p, "backhand blow").contains("AoR 7.10"));
    // ii-1's morale 4, no leader in its hex: 4 in 6; and no reaction to a reaction.
    assert!(note(&p, "morale test at 4 (4 in 6)").contains("AoR 7.8"));
    assert!(note(&p, "no reaction to a reaction").contains("AoR 7.8"));
    assert!(note(&p, "AoR 7.11 does not apply").contains("not before a charge"));
    // The resolution of charge_test's case: test 2 passes, 30 rolled 2: 1 hit, 2 rolled 2:
    // none; the preview's hits agree.
    assert_eq!(hits_in(note(&p, "the charge at strength 30"), 2), (1, 1));
    assert_eq!(hits_in(note(&p, "the defenders fire back"), 2).0, 0);
    let (_, ev) = play(
        &s,
        json!({"kind": "charge", "units": ["ii-1"], "target": "0505"}),
        &[2, 1, 1, 1, 1],
    );
    assert!(format!("{ev:?}").contains("charge strength 30"));
}

#[test]
fn aor_7_8_a_reaction_test_counts_the_leader_in_the_hex() {
    let sc = open_fixture(|v| {
        v["sides"][0]["units"][1]["kind"] = "cavalry".into();
        v["sides"][1]["units"][0]["kind"] = "cavalry".into();
    });
    let s = common::aor::deploy_as(
        &sc,
        &[
            ("ii-1", "0705"),
            ("ii-2", "0905"),
            ("ii-art", "1006"),
            ("frossard", "1005"),
            ("laveaucoupet", "0705"),
        ],
        &[
            ("vii-13", "0405"),
            ("vii-14", "0305"),
            ("vii-art", "0305"),
            ("steinmetz", "0305"),
            ("zastrow", "0405"),
        ],
    );
    let s = to(&s, "movement", 0);
    let s = play(
        &s,
        json!({"kind": "move", "unit": "vii-13", "to": "0605"}),
        &[],
    )
    .0;
    let react = cmd(json!({"kind": "charge", "units": ["ii-1"], "target": "0605"}));
    let p = preview(&s, &react);
    let t = note(&p, "reaction charge:");
    assert!(
        t.contains("at 5, +1 with a leader") && t.contains("5 in 6"),
        "{t}"
    );
    // vii-13 is undisrupted infantry: its square is its owner's choice.
    let prussians = s.setup().sides[0].1.clone();
    assert!(
        note(&p, "form square").contains(&format!("{prussians} choose whether")),
        "{:?}",
        p.notes
    );
    assert_eq!(p.attack_total, "15 (8 against a square)");
}

#[test]
fn only_one_charge_command_has_a_preview_and_a_refused_charge_is_refused_alike() {
    let s = charge_position(&vii14());
    // Too far: the command's own refusal.
    let far = cmd(json!({"kind": "charge", "units": ["vii-14"], "target": "1005"}));
    let e = AgeOfRifles.preview(&s, &[far]).unwrap_err().to_string();
    assert!(e.contains("up to two hexes"), "{e}");
    let e = AgeOfRifles.preview(&s, &[]).unwrap_err().to_string();
    assert!(e.contains("one command"), "{e}");
}

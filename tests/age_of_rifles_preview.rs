//! The Age of Rifles attack preview (the play view's, before the roll) against the resolution:
//! along seeded random games, every bombardment and assault on offer is previewed, then played,
//! and the preview's strengths and the hits it gives for the dice rolled must be the ones the
//! resolution wrote (AoR 7.1, 7.3, 8.1). The chances count the 36 ways two dice fall.

use kepi::engine::age_of_rifles::state::{Command, Event, State};
use kepi::engine::dice::{Dice, SeededDice};
use kepi::engine::preview::AttackPreview;
use kepi::engine::{AgeOfRifles, Ruleset};
use std::path::Path;

use crate::common;
use common::aor::number_after;

const SCENARIOS: [&str; 2] = [
    "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json",
    "scenarios/aor-gettysburg-first-day.json",
];

/// The hits the preview gives for a roll's total.
fn hits_for(p: &AttackPreview, total: u32) -> u32 {
    let r = p
        .results
        .iter()
        .find(|r| r.faces.contains(&total))
        .unwrap_or_else(|| panic!("total {total} in {:?}", p.results));
    number_after(&format!(" {}", r.result), " ")
}

fn check(s: &State, c: &Command, seed: u64) -> bool {
    let p = AgeOfRifles
        .preview(s, std::slice::from_ref(c))
        .unwrap_or_else(|e| panic!("seed {seed}: preview of {c:?}: {e}"));
    let sum: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((sum - 1.0).abs() < 1e-9, "chances add up to 1: {sum}");
    assert_eq!(p.outcomes, 36);
    let (_, events) = AgeOfRifles
        .apply(s, c, &mut SeededDice::new(seed) as &mut dyn Dice)
        .unwrap();
    let rolls = AgeOfRifles.rolls(&events);
    let notes: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    match c {
        Command::Bombard { .. } => {
            let note = notes
                .iter()
                .find(|n| n.contains("bombards"))
                .expect("a bombardment note");
            assert_eq!(
                number_after(note, "at strength"),
                p.attack_total.parse::<u32>().unwrap()
            );
            let rolled: u32 = rolls.first().map_or(0, |r| r.total);
            if rolled > 0 {
                assert_eq!(
                    hits_for(&p, rolled),
                    number_after(note, ":"),
                    "seed {seed}: {note}"
                );
            }
        }
        Command::Assault { .. } => {
            // Cavalry may first retreat before the assault (AoR 7.11): nothing is rolled yet.
            let Some(note) = notes.iter().find(|n| n.starts_with("assault on")) else {
                assert!(rolls.is_empty());
                return false;
            };
            assert_eq!(
                number_after(note, "attack"),
                p.attack_total.parse::<u32>().unwrap(),
                "seed {seed}: {note}"
            );
            assert_eq!(
                number_after(note, "defense"),
                p.defense_total.parse::<u32>().unwrap(),
                "seed {seed}: {note}"
            );
            if let Some(r) = rolls.iter().find(|r| r.purpose.contains("attacker")) {
                let scores = number_after(note, "scores");
                assert_eq!(hits_for(&p, r.total), scores, "seed {seed}: {note}");
            }
        }
        _ => unreachable!(),
    }
    true
}

#[test]
fn the_preview_gives_the_strengths_and_hits_the_resolution_uses() {
    let (mut all_bombard, mut all_assault) = (0, 0);
    for (k, scenario) in SCENARIOS.iter().enumerate() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
        let sc = kepi::library::load_scenario(&path).unwrap();
        let root = AgeOfRifles.start(&sc, &Default::default()).unwrap();
        let (mut bombard, mut assault) = (0, 0);
        for seed in 0..[12, 2][k] {
            let mut player = AgeOfRifles.random_player(seed);
            let mut dice = SeededDice::new(seed);
            let mut s = root.clone();
            while !AgeOfRifles.progress(&s).over {
                for c in AgeOfRifles.legal(&s) {
                    let counted = match c {
                        Command::Bombard { .. } | Command::Assault { .. } => check(&s, &c, seed),
                        _ => false,
                    };
                    if counted {
                        match c {
                            Command::Bombard { .. } => bombard += 1,
                            _ => assault += 1,
                        }
                    }
                }
                let c = player.next(&s);
                s = AgeOfRifles
                    .apply(&s, &c, &mut dice as &mut dyn Dice)
                    .unwrap()
                    .0;
            }
        }
        assert!(
            bombard + assault > 0,
            "{scenario}: previews checked: {bombard} bombardments, {assault} assaults"
        );
        all_bombard += bombard;
        all_assault += assault;
    }
    assert!(
        all_bombard > 0 && all_assault > 0,
        "previews checked: {all_bombard} bombardments, {all_assault} assaults"
    );
}

#[test]
fn only_one_attack_command_has_a_preview() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIOS[0]);
    let sc = kepi::library::load_scenario(&path).unwrap();
    let s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let e = AgeOfRifles.preview(&s, &[]).unwrap_err().to_string();
    assert!(e.contains("one command"), "{e}");
    let e = AgeOfRifles
        .preview(&s, &[Command::End])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("only a bombardment, an assault or a charge"),
        "{e}"
    );
}

//! The scenario's objectives: Kepi's reading of victory when army morale has not decided the
//! battle by its last game-turn (docs/rules/vae-victis.md, "VV 10 Victory: objectives").
//!
//! VV 10 is the text's only victory: an army loses when more than half of its corps are
//! demoralised. A scenario's side may list objectives (`{"hex": "2007", "points": 2}`): the
//! side listing one holds it at the start; a hex is then held by the side that last had a
//! troop element standing in it (a general alone holds nothing); when the last game-turn ends
//! and no army has lost, the side holding more objective points wins, equal points draw. A
//! scenario with no objectives ends that game in a draw, as VV 10 alone reads it.
//!
//! Invariants: `State::held` has one entry an objective of the setup, in the order the sides
//! list them, and is empty when the scenario lists none (so the states of a scenario without
//! objectives hash as before); holders change only when a troop element stands in the hex.

use super::dice::note;
use super::geometry::{at, troop};
use super::state::{Event, State};
use crate::engine::points_victory;
use crate::engine::{ConditionStatus, GameOutcome, VictoryCondition};

/// Each objective goes to the side of the troop element standing in it, told when it changes
/// hands.
pub fn update_held(s: &mut State, ev: &mut Vec<Event>) {
    let setup = s.setup_arc();
    for (i, &(h, points)) in setup.objectives.iter().enumerate() {
        let Some(e) = at(s, h).filter(|&e| troop(s, e)) else {
            continue;
        };
        let side = setup.elements[e].side;
        if s.held[i] != Some(side) {
            s.held[i] = Some(side);
            note(
                ev,
                format!(
                    "{} takes the objective {} ({} points) with {} (VV 10, Kepi's reading)",
                    setup.sides[side].name,
                    setup.name(h),
                    points,
                    setup.elements[e].id
                ),
            );
        }
    }
}

/// The objective points `side` holds.
pub fn points(s: &State, side: usize) -> u32 {
    points_victory::held_points(&s.setup().objectives, &s.held, side)
}

/// The game ended on the objectives' points (not by VV 10's army morale).
pub fn decided(s: &State) -> bool {
    s.phase == super::state::Phase::Over
        && !s.setup().objectives.is_empty()
        && s.turn == s.setup().game_length
        && s.outcome.as_ref().is_some_and(|o| o.reason.contains(HELD))
}

/// The words of an outcome decided on objectives.
const HELD: &str = "; objectives held: ";

/// The end of the last game-turn with no army lost: the objective points compared (a draw
/// with none listed, or equal points).
pub fn final_result(s: &State) -> GameOutcome {
    let setup = s.setup();
    let played = format!(
        "the scenario's {} game-turns are played and no army has lost (VV 10)",
        setup.game_length
    );
    if setup.objectives.is_empty() {
        return GameOutcome {
            winner: None,
            level: None,
            reason: format!("{played}: a draw"),
        };
    }
    let p = [points(s, 0), points(s, 1)];
    let winner = match p[0].cmp(&p[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    GameOutcome {
        winner,
        level: None,
        reason: format!(
            "{played}{HELD}{} {} points, {} {} points: {}",
            setup.sides[0].name,
            p[0],
            setup.sides[1].name,
            p[1],
            match winner {
                Some(w) => format!("{} wins", setup.sides[w].name),
                None => "a draw".into(),
            }
        ),
    }
}

/// Each side's objectives as the victory panel shows them (none without objectives).
pub fn conditions(s: &State) -> Vec<VictoryCondition> {
    let setup = s.setup();
    if setup.objectives.is_empty() {
        return Vec::new();
    }
    let on_points = decided(s);
    (0..2)
        .map(|side| {
            let held =
                points_victory::held_names(&setup.objectives, &s.held, side, |h| setup.name(h));
            VictoryCondition {
                text: format!(
                    "more objective points than the enemy when game-turn {} ends with no army \
                     lost (Kepi's reading of VV 10)",
                    setup.game_length
                ),
                side: Some(side),
                level: None,
                status: match &s.outcome {
                    None => ConditionStatus::Open,
                    Some(o) if on_points && o.winner == Some(side) => ConditionStatus::Met,
                    Some(_) => ConditionStatus::NotMet,
                },
                detail: format!(
                    "{} objective points held: {}",
                    points(s, side),
                    if held.is_empty() {
                        "none".to_string()
                    } else {
                        held.join(", ")
                    }
                ),
            }
        })
        .collect()
}

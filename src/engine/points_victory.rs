//! Victory on points, for the systems whose texts have no victory rules and which Kepi reads
//! the same way (Rifle and Kepi, the 19th Century rules; each system's docs/rules page says
//! so): objectives held are worth their points, each enemy unit put out of the fight one
//! point; at the end of the last game-turn the side with more points wins, equal points draw;
//! a side with nothing left loses at once. A system gives its own words for "left" and "out of
//! the fight" and its own counts; the verdicts and their wording live here once.
//!
//! Invariant: two sides, numbered 0 and 1, as every system here plays.

use super::ruleset::{ConditionStatus, GameOutcome, VictoryCondition};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An objective of a scenario side's section (`{"hex": "0305", "points": 2}`): the side
/// listing it holds it at the start; a hex is held by the side that last had a unit in it.
/// One type for every system that scores objectives (Rifle and Kepi, the 19th Century rules,
/// Vae Victis).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub hex: String,
    #[serde(default = "one")]
    pub points: u32,
}

fn one() -> u32 {
    1
}

/// The points of the objectives `side` holds: `objectives` (hex, points) and `held` (the side
/// holding each) in the same order.
pub fn held_points<H>(objectives: &[(H, u32)], held: &[Option<usize>], side: usize) -> u32 {
    objectives
        .iter()
        .zip(held)
        .filter(|(_, h)| **h == Some(side))
        .map(|((_, p), _)| *p)
        .sum()
}

/// The objectives `side` holds, each named by `name` with its points ("0604 (2)").
pub fn held_names<H: Copy>(
    objectives: &[(H, u32)],
    held: &[Option<usize>],
    side: usize,
    name: impl Fn(H) -> String,
) -> Vec<String> {
    objectives
        .iter()
        .zip(held)
        .filter(|(_, h)| **h == Some(side))
        .map(|((h, p), _)| format!("{} ({p})", name(*h)))
        .collect()
}

/// The game's end when a side has no unit left: `None` while both have one. `left` is the
/// system's words for what a side has no unit of ("left", "left standing").
pub fn last_side_standing(names: [&str; 2], alive: [bool; 2], left: &str) -> Option<GameOutcome> {
    let winner = match alive {
        [true, true] => return None,
        [true, false] => Some(0),
        [false, true] => Some(1),
        [false, false] => None,
    };
    let reason = match winner {
        Some(w) => format!("{} has no unit {left}: {} wins", names[1 - w], names[w]),
        None => format!("neither side has a unit {left}"),
    };
    Some(GameOutcome {
        winner,
        level: None,
        reason,
    })
}

/// The end of game-turn `turn`, the last: the points compared.
pub fn on_points(names: [&str; 2], points: [u32; 2], turn: u32) -> GameOutcome {
    let winner = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let reason = format!(
        "after game-turn {turn}: {} {} points, {} {} points{}",
        names[0],
        points[0],
        names[1],
        points[1],
        match winner {
            Some(w) => format!(": {} wins", names[w]),
            None => ": a draw".to_string(),
        }
    );
    GameOutcome {
        winner,
        level: None,
        reason,
    }
}

/// Where one side stands on points, for the victory panel.
pub struct SidePoints<'a> {
    pub name: &'a str,
    pub side: usize,
    pub game_length: u32,
    /// The objectives it holds, each named with its points ("0604 (2)").
    pub held: Vec<String>,
    pub objective_points: u32,
    /// Enemy units out of the fight.
    pub taken: u32,
    /// The system's words for a unit out of the fight ("broken", "eliminated") and for a side
    /// with nothing left ("no unit standing", "no unit left").
    pub taken_word: &'a str,
    pub nothing_left: &'a str,
}

/// The side's condition: open until the game ends, then met by the winner only.
pub fn condition(p: &SidePoints, outcome: Option<&GameOutcome>) -> VictoryCondition {
    let status = match outcome {
        None => ConditionStatus::Open,
        Some(o) if o.winner == Some(p.side) => ConditionStatus::Met,
        Some(_) => ConditionStatus::NotMet,
    };
    VictoryCondition {
        text: format!(
            "{}: more points than the enemy after game-turn {} (objectives held, and one for \
             each enemy unit {}); a side with {} loses",
            p.name, p.game_length, p.taken_word, p.nothing_left
        ),
        side: Some(p.side),
        level: None,
        status,
        detail: format!(
            "{} points: objectives {} [{}], enemy units {} {}",
            p.objective_points + p.taken,
            p.objective_points,
            p.held.join(", "),
            p.taken_word,
            p.taken
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_with_nothing_left_loses_and_points_decide_at_the_end() {
        let names = ["Prussians", "Austrians"];
        assert_eq!(last_side_standing(names, [true, true], "left"), None);
        let o = last_side_standing(names, [true, false], "left standing").unwrap();
        assert_eq!(o.winner, Some(0));
        assert_eq!(
            o.reason,
            "Austrians has no unit left standing: Prussians wins"
        );
        let o = last_side_standing(names, [false, false], "left").unwrap();
        assert_eq!(
            (o.winner, o.reason.as_str()),
            (None, "neither side has a unit left")
        );

        let o = on_points(names, [3, 5], 12);
        assert_eq!(o.winner, Some(1));
        assert_eq!(
            o.reason,
            "after game-turn 12: Prussians 3 points, Austrians 5 points: Austrians wins"
        );
        assert_eq!(on_points(names, [4, 4], 12).winner, None);
        assert!(on_points(names, [4, 4], 12).reason.ends_with(": a draw"));
    }

    #[test]
    fn a_condition_is_open_until_the_end_then_met_by_the_winner_only() {
        let p = SidePoints {
            name: "Prussians",
            side: 0,
            game_length: 12,
            held: vec!["0604 (2)".into()],
            objective_points: 2,
            taken: 1,
            taken_word: "eliminated",
            nothing_left: "no unit left",
        };
        let c = condition(&p, None);
        assert_eq!(c.status, ConditionStatus::Open);
        assert_eq!(
            c.detail,
            "3 points: objectives 2 [0604 (2)], enemy units eliminated 1"
        );
        let won = on_points(["Prussians", "Austrians"], [3, 1], 12);
        assert_eq!(condition(&p, Some(&won)).status, ConditionStatus::Met);
        let lost = on_points(["Prussians", "Austrians"], [1, 3], 12);
        assert_eq!(condition(&p, Some(&lost)).status, ConditionStatus::NotMet);
    }
}

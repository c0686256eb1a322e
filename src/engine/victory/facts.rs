//! What a rule system tells the evaluator: its position ([`Facts`]) and its words for the
//! verdicts ([`Words`]; the shared wording is the format's first, Rifle & Saber's, and a system
//! whose verdicts have always read otherwise says so).

use super::condition::Condition;

/// The position the shared kinds are decided on, as the system's rules read it. Sides are 0
/// and 1.
pub trait Facts {
    type Hex: Copy + PartialEq;
    /// The side's name, as verdicts print it.
    fn side_name(&self, side: usize) -> &str;
    /// Does `side` hold hex `h`? (R&S 11.0: a friendly unit in the hex; AoR 18: occupation.)
    fn holds(&self, side: usize, h: Self::Hex) -> bool;
    /// Is an enemy unit of `side` on the map within `n` hexes of any of `hexes`?
    fn enemy_within(&self, side: usize, hexes: &[Self::Hex], n: u32) -> bool;
    /// `side`'s units that left the map through `area` (of `kind`, if given).
    fn exited(&self, side: usize, area: &[Self::Hex], kind: Option<usize>) -> u32;
    /// All of `side`'s units, whatever became of them.
    fn units(&self, side: usize) -> u32;
    /// `side`'s units still in play, on the map or still to arrive (of `kind`, if given).
    fn in_play(&self, side: usize, kind: Option<usize>) -> u32;
    /// `side`'s units eliminated.
    fn eliminated(&self, side: usize) -> u32;
    /// `side`'s victory points at this moment.
    fn points(&self, side: usize) -> i64;
    /// The feature `side` deployed on, for `control_deployed_hill` (none: not chosen, or a
    /// system whose deployment has no such choice).
    fn deployed_hill(&self, _side: usize) -> Option<&str> {
        None
    }
}

/// "met" or "not met".
pub(super) fn yes(met: bool) -> &'static str {
    if met { "met" } else { "not met" }
}

/// The words of the verdicts a system may word its own way. Each default is the shared
/// wording.
pub trait Words: Facts {
    /// `hold_for_turns` met by `side`.
    fn held_for_turns(&self, side: usize, turns: u32) -> String {
        format!(
            "{} held it for {turns} consecutive game-turn(s)",
            self.side_name(side)
        )
    }

    /// `destroy_all` met: no unit of `enemy` left on game-turn `turn`.
    fn destroyed(&self, enemy: usize, turn: u32) -> String {
        format!(
            "every {} unit destroyed on game-turn {turn}",
            self.side_name(enemy)
        )
    }

    /// `destroy_all` not met by the end of the game.
    fn survived(&self) -> &'static str {
        "units survive to the end"
    }

    /// Where an open `destroy_all` stands: `left` enemy units in play.
    fn enemies_left(&self, left: u32) -> String {
        format!("{left} enemy unit(s) left")
    }

    /// An `exit` decided at the end of game-turn `turn`: `exited` of the side's units off the
    /// map through its area, `losses` eliminated (the side's, the enemy's).
    fn exit_decided(&self, met: bool, _turn: u32, exited: u32, losses: [u32; 2]) -> String {
        format!(
            "{} ({exited} exited; losses {} to {})",
            yes(met),
            losses[0],
            losses[1]
        )
    }

    /// A `points` condition of `side` decided at the end of game-turn `turn`: `points` (the
    /// side's, the enemy's), `at_least` needed (as a lead with `margin`).
    fn points_decided(
        &self,
        met: bool,
        turn: u32,
        _side: usize,
        points: [i64; 2],
        at_least: i64,
        margin: bool,
    ) -> String {
        format!(
            "{} at the end of game-turn {turn}: {} victory points to {}, {at_least} needed{}",
            yes(met),
            points[0],
            points[1],
            if margin { " ahead" } else { "" }
        )
    }

    /// The game lost by `loser`, the only side that failed its entries (`whys`: every entry).
    fn failed(&self, _loser: usize, whys: String) -> String {
        whys
    }

    /// The end with no award and no side failing (`whys`: every entry, `entries` of them): a
    /// scenario of one entry ends with its words alone, as it did before entries combined.
    fn no_award(&self, whys: String, entries: usize) -> String {
        if entries == 1 {
            whys
        } else {
            format!("a draw: {whys}")
        }
    }

    /// The figures an open condition will be decided on, after "met if it were decided now".
    fn progress(&self, _c: &Condition<Self::Hex>) -> String {
        String::new()
    }

    /// What the report adds to an open `sudden_death` entry.
    fn sudden_note(&self) -> &'static str {
        ""
    }
}

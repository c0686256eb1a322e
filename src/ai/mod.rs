//! The computer opponent, ruleset-neutral: a player of any rule system chosen by level name,
//! that picks its commands through the same interface as a person (the legal commands, the
//! reach and attack previews, `apply` with dice as data) and says why in words.
//!
//! What lives here is what does not depend on a rule system: the levels and the names the
//! archive records ([`player_name`]), the one call the app makes ([`Opponent::next`]), the
//! exact expected outcome of an attack over the die's faces ([`odds`]), the seeded noise and
//! the choice among scored candidates ([`candidates`]), the strong level's planner over a rule
//! system's weighted standard players ([`planner`]), self-play ([`selfplay`]) and the balance
//! statistics ([`balance`]). Each rule system's evaluation terms live in its own
//! folder (`engine/<system>/ai/`) behind [`crate::engine::Ruleset::levels`]
//! and [`crate::engine::Ruleset::computer_player`].
//!
//! Invariants: a player is a pure function of its seed and the states it is shown (the same
//! seed and game give the same commands on every platform); every command it gives is legal
//! in the state it was given.

pub mod balance;
pub mod candidates;
pub mod ladder;
pub mod odds;
pub mod planner;
pub mod selfplay;
pub mod sprt;

use crate::engine::Reason;
use crate::engine::game::{AnyPlayer, AnyRuleset, AnyState};
use serde::Serialize;
use serde_json::Value;

/// The levels a rule system is played at: "random", then its own (weakest first).
pub fn levels(rules: &dyn AnyRuleset) -> Vec<&'static str> {
    let mut v = vec!["random"];
    v.extend(rules.levels());
    v
}

/// The name the archive records for a computer player ("Kepi, standard").
pub fn player_name(level: &str) -> String {
    format!("Kepi, {level}")
}

/// A computer player's next command, with what chose it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The command in the rule system's JSON, as `apply` takes it.
    pub command: Value,
    /// The command in words ("British MZ 3 fires at 1419").
    pub described: String,
    /// The command and the terms that chose it, in one sentence: "British MZ 3 fires at 1419:
    /// fire at 1419: 3-1 (7-2, rounded to 3-1), 67 % to disrupt, 17 % to eliminate; denies
    /// the enemy objective V12".
    pub explanation: String,
    pub reasons: Vec<Reason>,
}

/// A computer player for one side of one game, as the play view and `kepi autoplay` use it.
pub struct Opponent {
    level: String,
    player: Box<dyn AnyPlayer>,
}

impl Opponent {
    /// A seeded player of `level` ("random" or one of the rule system's levels).
    pub fn new(rules: &dyn AnyRuleset, level: &str, seed: u64) -> Result<Opponent, String> {
        Ok(Opponent {
            level: level.to_string(),
            player: rules.player(level, seed)?,
        })
    }

    pub fn level(&self) -> &str {
        &self.level
    }

    /// The name the archive records for it.
    pub fn name(&self) -> String {
        player_name(&self.level)
    }

    /// The next command and its terms, not put into words (self-play, where nobody reads
    /// them: [`Opponent::next`] describes and explains).
    pub fn choose(&mut self, state: &AnyState) -> (serde_json::Value, Vec<Reason>) {
        self.player.choose(state)
    }

    /// The next command for whoever must act in `state` (the caller shows this player only
    /// the states where its side acts), with the terms that chose it.
    pub fn next(&mut self, state: &AnyState) -> Decision {
        let (command, reasons) = self.choose(state);
        let described = state.rules().describe_command(state, &command);
        let explanation = explain(&described, &reasons);
        Decision {
            command,
            described,
            explanation,
            reasons,
        }
    }
}

/// "Move X 0812-0813: takes V12; out of reach of enemy fire" (no reasons: the command alone).
pub fn explain(described: &str, reasons: &[Reason]) -> String {
    let words: Vec<&str> = reasons
        .iter()
        .map(|r| r.words.as_str())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        described.to_string()
    } else {
        format!("{described}: {}", words.join("; "))
    }
}

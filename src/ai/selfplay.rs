//! Self-play: one game of a scenario to its end between computer players of any levels, with
//! live seeded dice, for `kepi balance`, the strength tests and the benchmarks.
//! Ruleset-neutral.

use super::Opponent;
use crate::engine::ConditionStatus;
use crate::engine::dice::SeededDice;
use crate::engine::game::{AnyRuleset, AnyState};
use crate::scenario::Scenario;
use serde_json::Value;

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The winning side's index; `None` for a draw or no winner.
    pub winner: Option<usize>,
    /// The game-turn it ended in.
    pub turns: u32,
    pub commands: usize,
    /// The victory condition that decided it: the text of the winner's condition that was
    /// met, or, when no met condition names the winner, the outcome's reason.
    pub decided_by: String,
}

/// A game never ends if its players never end a phase; this bounds a game so that a faulty
/// player is an error, not a hang (the longest shipped game takes a few thousand commands).
pub const MAX_COMMANDS: usize = 200_000;

/// Play `scenario` from its start with dice from `dice_seed`; side `i` is played by
/// `players[i]`.
pub fn play(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    dice_seed: u64,
    players: &mut [Opponent],
) -> Result<(AnyState, Played), String> {
    let mut state = rules.start(scenario, options).map_err(|e| e.to_string())?;
    let mut dice = SeededDice::new(dice_seed);
    let mut commands = 0usize;
    while !state.progress().over {
        if commands >= MAX_COMMANDS {
            return Err(format!(
                "seed {dice_seed}: no end after {MAX_COMMANDS} commands"
            ));
        }
        let side = state.progress().player;
        let who = players
            .get_mut(side)
            .ok_or_else(|| format!("no player for side {side}"))?;
        // The command is described only if it is refused (nobody reads it otherwise).
        let (command, _) = who.choose(&state);
        let applied = rules.apply(&state, &command, &mut dice).map_err(|e| {
            format!(
                "seed {dice_seed}: the {} player gave a refused command, {}: {e}",
                who.level(),
                rules.describe_command(&state, &command)
            )
        })?;
        state = applied.state;
        commands += 1;
    }
    let played = summary(&state, commands);
    Ok((state, played))
}

/// What a finished game says of itself.
pub fn summary(state: &AnyState, commands: usize) -> Played {
    let p = state.progress();
    let outcome = state.outcome();
    let winner = outcome.as_ref().and_then(|o| o.winner);
    let met = state
        .victory()
        .into_iter()
        .find(|c| c.status == ConditionStatus::Met && winner.is_some() && c.side == winner);
    Played {
        winner,
        turns: p.turn.min(p.last_turn),
        commands,
        decided_by: met
            .map(|c| c.text)
            .or_else(|| outcome.map(|o| o.reason))
            .unwrap_or_default(),
    }
}

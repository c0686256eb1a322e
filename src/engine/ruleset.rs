//! The interface every rule system implements. Rifle & Saber is the first; Age of Rifles,
//! Rifle and Kepi, Vae Victis and 19th Century will follow the same trait.

use super::dice::{Dice, Roll};
use super::error::RuleError;
use crate::scenario::Scenario;
use crate::tables::RulesetId;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where a game stands, for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub turn: u32,
    pub last_turn: u32,
    /// The side to act (index into the scenario's sides).
    pub player: usize,
    pub phase: String,
    /// A decision the engine waits for, in words.
    pub waiting_for: Option<String>,
}

pub trait Ruleset {
    type State: Clone;
    type Command: Clone + Serialize + DeserializeOwned + std::fmt::Debug;
    type Event: Clone + Serialize + std::fmt::Debug;
    type Options: Clone + Serialize + DeserializeOwned + Default;

    fn id(&self) -> RulesetId;

    /// The state before the first command, or why this scenario cannot be played.
    fn start(&self, scenario: &Scenario, options: &Self::Options)
    -> Result<Self::State, RuleError>;

    /// The one transition. A refused command leaves the state untouched.
    fn apply(
        &self,
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn Dice,
    ) -> Result<(Self::State, Vec<Self::Event>), RuleError>;

    fn legal(&self, state: &Self::State) -> Vec<Self::Command>;

    fn progress(&self, state: &Self::State) -> Progress;

    /// The result once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<super::rifle_and_saber::state::Outcome>;

    /// A hash of the state, stable across runs and platforms.
    fn state_hash(&self, state: &Self::State) -> String;

    /// The dice rolled, as recorded in the events.
    fn rolls(&self, events: &[Self::Event]) -> Vec<Roll>;
}

/// Rifle & Saber through the common interface.
#[derive(Clone, Copy, Debug, Default)]
pub struct RifleAndSaber;

impl Ruleset for RifleAndSaber {
    type State = super::rifle_and_saber::State;
    type Command = super::rifle_and_saber::Command;
    type Event = super::rifle_and_saber::Event;
    type Options = super::rifle_and_saber::GameOptions;

    fn id(&self) -> RulesetId {
        RulesetId::RifleAndSaber
    }

    fn start(
        &self,
        scenario: &Scenario,
        options: &Self::Options,
    ) -> Result<Self::State, RuleError> {
        if scenario.file.ruleset != RulesetId::RifleAndSaber {
            return Err(RuleError::Unimplemented(format!(
                "{} scenarios in the Rifle & Saber engine",
                scenario.file.ruleset.name()
            )));
        }
        let setup = super::rifle_and_saber::Setup::new(scenario, *options)?;
        Ok(super::rifle_and_saber::new_game(std::sync::Arc::new(setup)))
    }

    fn apply(
        &self,
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn Dice,
    ) -> Result<(Self::State, Vec<Self::Event>), RuleError> {
        super::rifle_and_saber::apply(state, command, dice)
    }

    fn legal(&self, state: &Self::State) -> Vec<Self::Command> {
        super::rifle_and_saber::legal(state)
    }

    fn progress(&self, s: &Self::State) -> Progress {
        let waiting_for = s.pending.as_ref().map(|p| match p {
            super::rifle_and_saber::state::Pending::Retreat { unit, .. } => {
                format!("the retreat path of {}", s.label(*unit))
            }
            super::rifle_and_saber::state::Pending::ShockLosses { .. } => {
                "which units the shock attack disrupts".to_string()
            }
        });
        Progress {
            turn: s.turn,
            last_turn: s.setup.game_length,
            player: s.pending.as_ref().map(|p| p.side()).unwrap_or(s.player),
            phase: s.phase.name().to_string(),
            waiting_for,
        }
    }

    fn outcome(&self, state: &Self::State) -> Option<super::rifle_and_saber::state::Outcome> {
        state.outcome.clone()
    }

    fn state_hash(&self, state: &Self::State) -> String {
        state.hash()
    }

    fn rolls(&self, events: &[Self::Event]) -> Vec<Roll> {
        events.iter().filter_map(|e| e.roll().cloned()).collect()
    }
}

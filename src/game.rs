//! A game as a self-contained record: the scenario, map and catalog it was started from, the
//! options, the seed of its live dice, and every command with the dice it consumed and the hash
//! of the state it produced. Replaying the commands with the recorded dice gives the same
//! states, bit for bit; a hash that differs is reported, never hidden.
//!
//! This is the `kepi-game` JSON file of the command line. The archive (SQLite) stores the same
//! record as rows.

use crate::document::{self, DocumentKind};
use crate::engine::dice::{Dice, ForcedDice, RecordedDice, Roll, SeededDice};
use crate::engine::rifle_and_saber::{Command, Event, GameOptions, State};
use crate::engine::{RifleAndSaber, RuleError, Ruleset};
use crate::map::{Map, MapFile};
use crate::problems::Problems;
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::{Catalog, RulesetId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedMove {
    pub command: Command,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    /// Hash of the state after the command.
    pub state_hash: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub ruleset: RulesetId,
    #[serde(default)]
    pub options: GameOptions,
    /// Seed of the live dice (ChaCha8, see `engine::dice`).
    pub seed: u64,
    /// Words drawn from the live dice so far, to resume them.
    pub dice_draws: u64,
    pub scenario: ScenarioFile,
    pub map: MapFile,
    /// The scenario's own catalog, when it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<Catalog>,
    pub moves: Vec<RecordedMove>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the embedded scenario is invalid: {0}")]
    Scenario(String),
    #[error("command {index} ({command}) was refused on replay: {error}")]
    Refused {
        index: usize,
        command: String,
        error: String,
    },
    #[error(
        "command {index} ({command}) gives state {found}, but the record says {recorded}: the \
         record does not replay"
    )]
    HashMismatch {
        index: usize,
        command: String,
        recorded: String,
        found: String,
    },
    #[error("command {index} ({command}) recorded {recorded} dice but used {used}")]
    DiceLeft {
        index: usize,
        command: String,
        recorded: usize,
        used: usize,
    },
}

impl GameRecord {
    pub fn new(scenario: &Scenario, options: GameOptions, seed: u64) -> GameRecord {
        let default_catalog = scenario
            .file
            .ruleset
            .tables()
            .map(|t| t.catalog.clone())
            .ok();
        GameRecord {
            format: DocumentKind::Game.format_name().to_string(),
            version: DocumentKind::Game.current_version() as u32,
            ruleset: scenario.file.ruleset,
            options,
            seed,
            dice_draws: 0,
            scenario: scenario.file.clone(),
            map: scenario.map.to_file(),
            catalog: (Some(&scenario.catalog) != default_catalog.as_ref())
                .then(|| scenario.catalog.clone()),
            moves: Vec::new(),
        }
    }

    pub fn from_text(text: &str) -> Result<GameRecord, Problems> {
        document::from_text(text, DocumentKind::Game)
    }

    pub fn to_text(&self) -> String {
        document::to_text(self)
    }

    /// The embedded scenario, validated again.
    pub fn setup_scenario(&self) -> Result<Scenario, ReplayError> {
        let bad = |p: Problems| ReplayError::Scenario(p.to_string());
        let map = Map::from_file(self.map.clone()).map_err(bad)?;
        let catalog = match &self.catalog {
            Some(c) => c.clone().checked().map_err(bad)?,
            None => self
                .ruleset
                .tables()
                .map_err(|e| ReplayError::Scenario(e.clone()))?
                .catalog
                .clone(),
        };
        Scenario::new(self.scenario.clone(), map, catalog).map_err(bad)
    }

    pub fn start(&self) -> Result<State, ReplayError> {
        let scenario = self.setup_scenario()?;
        RifleAndSaber
            .start(&scenario, &self.options)
            .map_err(|e| ReplayError::Scenario(e.to_string()))
    }

    /// The state after the first `upto` commands (all if `None`), replayed from the recorded
    /// dice and checked against every recorded state hash.
    pub fn replay(&self, upto: Option<usize>) -> Result<State, ReplayError> {
        let mut state = self.start()?;
        let n = upto.unwrap_or(self.moves.len()).min(self.moves.len());
        for (index, m) in self.moves[..n].iter().enumerate() {
            state = replay_one(&state, index, m)?;
        }
        Ok(state)
    }

    /// Apply a command with the live dice (rolls listed in `forced`, by their index within the
    /// command, take the given faces) and record it.
    pub fn play(
        &mut self,
        state: &State,
        command: Command,
        forced: BTreeMap<usize, Vec<u8>>,
    ) -> Result<(State, Vec<Event>), RuleError> {
        let mut live = SeededDice::resume(self.seed, self.dice_draws);
        let (next, events) = {
            let mut dice = ForcedDice::new(&mut live, forced);
            RifleAndSaber.apply(state, &command, &mut dice as &mut dyn Dice)?
        };
        self.record(command, &next, &events, live.draws());
        Ok((next, events))
    }

    /// Apply a command whose first rolls take faces from `queue` (forced), the rest live.
    pub fn play_queued(
        &mut self,
        state: &State,
        command: Command,
        queue: &mut std::collections::VecDeque<u8>,
    ) -> Result<(State, Vec<Event>), RuleError> {
        let mut live = SeededDice::resume(self.seed, self.dice_draws);
        let (next, events) = {
            let mut dice = crate::engine::dice::QueuedDice::new(&mut live, queue);
            RifleAndSaber.apply(state, &command, &mut dice as &mut dyn Dice)?
        };
        self.record(command, &next, &events, live.draws());
        Ok((next, events))
    }

    fn record(&mut self, command: Command, next: &State, events: &[Event], draws: u64) {
        self.dice_draws = draws;
        self.moves.push(RecordedMove {
            rolls: RifleAndSaber.rolls(events),
            state_hash: next.hash(),
            command,
        });
    }
}

/// Replay one recorded command on `state`.
pub fn replay_one(state: &State, index: usize, m: &RecordedMove) -> Result<State, ReplayError> {
    let command = serde_json::to_string(&m.command).unwrap_or_default();
    let mut dice = RecordedDice::new(m.rolls.clone());
    let (next, _) = RifleAndSaber
        .apply(state, &m.command, &mut dice)
        .map_err(|e| ReplayError::Refused {
            index,
            command: command.clone(),
            error: e.to_string(),
        })?;
    if dice.remaining() != 0 {
        return Err(ReplayError::DiceLeft {
            index,
            command,
            recorded: m.rolls.len(),
            used: m.rolls.len() - dice.remaining(),
        });
    }
    let found = next.hash();
    if found != m.state_hash {
        return Err(ReplayError::HashMismatch {
            index,
            command,
            recorded: m.state_hash.clone(),
            found,
        });
    }
    Ok(next)
}

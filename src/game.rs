//! A game as a self-contained record: the scenario, map and catalog it was started from, the
//! options, the seed of its live dice, and every command with the dice it consumed and the hash
//! of the state it produced. Replaying the commands with the recorded dice gives the same
//! states, bit for bit; a hash that differs is reported, never hidden.
//!
//! This is the `kepi-game` JSON file of the command line, for any rule system: commands and
//! options are the ruleset's own JSON, replayed through [`crate::engine::game`]. The archive
//! (SQLite) stores the same record as rows.

use crate::document::{self, DocumentKind};
use crate::engine::RuleError;
use crate::engine::RulesetId;
use crate::engine::dice::{Dice, ForcedDice, QueuedDice, Roll, SeededDice};
use crate::engine::game::{AnyRuleset, AnyState, Applied, registry, replay_step};
use crate::map::{Map, MapFile};
use crate::problems::Problems;
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, VecDeque};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedMove {
    /// The ruleset's command, as JSON.
    pub command: Value,
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
    /// The rules version of its system it was played under
    /// ([`crate::engine::Ruleset::rules_version`]); a file written before versions were
    /// recorded reads as the first.
    #[serde(default = "first_rules_version")]
    pub rules_version: u32,
    /// The ruleset's options, as JSON (missing rules take their defaults).
    #[serde(default)]
    pub options: Value,
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
    /// The record's rule system or options, named as the field says.
    #[error("{field}: {message}")]
    Field {
        field: &'static str,
        message: String,
    },
    #[error("{0}; the record does not replay")]
    Step(#[from] crate::engine::game::ReplayError),
}

/// The scenario's catalog when it differs from its ruleset's default (it is then embedded).
pub fn own_catalog(scenario: &Scenario) -> Option<Catalog> {
    let default = scenario.file.ruleset.catalog().ok().cloned();
    (Some(&scenario.catalog) != default.as_ref()).then(|| scenario.catalog.clone())
}

/// An embedded scenario validated again: the map, and the catalog or the ruleset's default.
pub fn embedded_scenario(
    file: &ScenarioFile,
    map: &MapFile,
    catalog: &Option<Catalog>,
) -> Result<Scenario, String> {
    let map = Map::from_file(map.clone()).map_err(|p| p.to_string())?;
    let catalog = match catalog {
        Some(c) => c.clone().checked().map_err(|p| p.to_string())?,
        None => file.ruleset.catalog()?.clone(),
    };
    Scenario::recorded(file.clone(), map, catalog).map_err(|p| p.to_string())
}

/// The rules version of a record written before versions were recorded.
pub fn first_rules_version() -> u32 {
    registry::FIRST_RULES_VERSION
}

impl GameRecord {
    /// A new record; `options` are checked by the scenario's ruleset.
    pub fn new(scenario: &Scenario, options: &Value, seed: u64) -> Result<GameRecord, String> {
        let rules = registry::get(scenario.file.ruleset.key())?;
        Ok(GameRecord {
            format: DocumentKind::Game.format_name().to_string(),
            version: DocumentKind::Game.current_version() as u32,
            ruleset: scenario.file.ruleset,
            rules_version: rules.rules_version(),
            options: rules.check_options(options)?,
            seed,
            dice_draws: 0,
            scenario: scenario.file.clone(),
            map: scenario.map.to_file(),
            catalog: own_catalog(scenario),
            moves: Vec::new(),
        })
    }

    pub fn from_text(text: &str) -> Result<GameRecord, Problems> {
        document::from_text(text, DocumentKind::Game)
    }

    pub fn to_text(&self) -> String {
        document::to_text(self)
    }

    pub fn rules(&self) -> Result<&'static dyn AnyRuleset, ReplayError> {
        let rules = registry::get(self.ruleset.key()).map_err(|message| ReplayError::Field {
            field: "ruleset",
            message,
        })?;
        if self.scenario.ruleset != self.ruleset {
            return Err(ReplayError::Field {
                field: "ruleset",
                message: format!(
                    "the record says {}, its scenario {}",
                    self.ruleset.name(),
                    self.scenario.ruleset.name()
                ),
            });
        }
        Ok(rules)
    }

    /// The embedded scenario, validated again.
    pub fn setup_scenario(&self) -> Result<Scenario, ReplayError> {
        embedded_scenario(&self.scenario, &self.map, &self.catalog).map_err(ReplayError::Scenario)
    }

    pub fn start(&self) -> Result<AnyState, ReplayError> {
        let rules = self.rules()?;
        let options = rules
            .check_options(&self.options)
            .map_err(|message| ReplayError::Field {
                field: "options",
                message,
            })?;
        let scenario = self.setup_scenario()?;
        rules
            .start(&scenario, &options)
            .map_err(|e| ReplayError::Scenario(e.to_string()))
    }

    /// The state after the first `upto` commands (all if `None`), replayed from the recorded
    /// dice and checked against every recorded state hash.
    pub fn replay(&self, upto: Option<usize>) -> Result<AnyState, ReplayError> {
        match self.replay_as_far_as_agreed(upto)? {
            (state, None) => Ok(state),
            (_, Some((_, e))) => Err(e),
        }
    }

    /// [`GameRecord::replay`] as far as today's rules read the record: the state after the
    /// last command that replays hash for hash, and the index of the first that does not with
    /// why (`None` when the first `upto` commands all replay).
    pub fn replay_as_far_as_agreed(
        &self,
        upto: Option<usize>,
    ) -> Result<(AnyState, Option<(usize, ReplayError)>), ReplayError> {
        let n = upto.unwrap_or(self.moves.len()).min(self.moves.len());
        let mut state = self.start()?;
        for (index, m) in self.moves[..n].iter().enumerate() {
            let at = format!("command {index}");
            match replay_step(&state, &m.command, &m.rolls, &m.state_hash, &at) {
                Ok(applied) => state = applied.state,
                Err(e) => return Ok((state, Some((index, e.into())))),
            }
        }
        Ok((state, None))
    }

    /// Apply a command with the live dice (rolls listed in `forced`, by their index within the
    /// command, take the given faces) and record it.
    pub fn play(
        &mut self,
        state: &AnyState,
        command: &Value,
        forced: BTreeMap<usize, Vec<u8>>,
    ) -> Result<Applied, RuleError> {
        self.check_state(state)?;
        let mut live = SeededDice::resume(self.seed, self.dice_draws);
        let applied = {
            let mut dice = ForcedDice::new(&mut live, forced);
            state
                .rules()
                .apply(state, command, &mut dice as &mut dyn Dice)?
        };
        self.record(&applied, live.draws());
        Ok(applied)
    }

    /// Apply a command whose first rolls take faces from `queue` (forced), the rest live.
    pub fn play_queued(
        &mut self,
        state: &AnyState,
        command: &Value,
        queue: &mut VecDeque<u8>,
    ) -> Result<Applied, RuleError> {
        self.check_state(state)?;
        let mut live = SeededDice::resume(self.seed, self.dice_draws);
        let applied = {
            let mut dice = QueuedDice::new(&mut live, queue);
            state
                .rules()
                .apply(state, command, &mut dice as &mut dyn Dice)?
        };
        self.record(&applied, live.draws());
        Ok(applied)
    }

    /// A state of this record's game (its rule system), or a refusal.
    fn check_state(&self, state: &AnyState) -> Result<(), RuleError> {
        if state.rules().key() != self.ruleset.key() {
            return Err(RuleError::not_now(format!(
                "a {} state cannot continue a {} game",
                state.rules().name(),
                self.ruleset.name()
            )));
        }
        Ok(())
    }

    fn record(&mut self, applied: &Applied, draws: u64) {
        self.dice_draws = draws;
        self.moves.push(RecordedMove {
            command: applied.command.clone(),
            rolls: applied.rolls.clone(),
            state_hash: applied.state.hash(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game records the rules version it is played under; a file written before versions
    /// were recorded (no field) reads as the first.
    #[test]
    fn a_game_file_states_its_rules_version_and_an_older_one_reads_as_the_first() {
        let sc = crate::shipped::load_scenario("rs-01-fatehpur").unwrap();
        let rules = registry::get(sc.file.ruleset.key()).unwrap();
        let game = GameRecord::new(&sc, &serde_json::json!({}), 3).unwrap();
        assert_eq!(game.rules_version, rules.rules_version());
        let text = game.to_text();
        assert!(text.contains("\"rules_version\": 1"), "the file states it");
        let older = text.replace("\"rules_version\": 1,", "");
        assert_ne!(older, text);
        let read = GameRecord::from_text(&older).unwrap();
        assert_eq!(read.rules_version, registry::FIRST_RULES_VERSION);
        assert_eq!(
            read.replay(None).unwrap().hash(),
            game.start().unwrap().hash()
        );
    }
}

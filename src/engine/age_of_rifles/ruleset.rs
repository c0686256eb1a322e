//! Age of Rifles on the generic ruleset layer: its key, its phases, its optional rule and its
//! scenario section are real, so its scenarios are read and validated like any other system's.
//! Play is not built yet: [`AgeOfRifles::start`] checks the scenario on its map and then refuses
//! with a message citing AoR 4, so no game state is ever made. [`State`] has no values (it is an
//! empty enum), which makes that a proof in the types, not a promise: every method that takes a
//! state can never be called, and none pretends to play.

use super::section::{self, AorSection};
use super::tables::charts;
use crate::engine::counters::Board;
use crate::engine::dice::{Dice, Roll};
use crate::engine::preview::{AttackPreview, Reach};
use crate::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};

pub const KEY: &str = "age-of-rifles";

/// What is not built yet, as `kepi new` says it.
pub const NOT_PLAYABLE: &str = "AoR 4: the Age of Rifles sequence of play (command and \
     reorganization, bombardment, cavalry charges, formation movement and combat, turn end, \
     disruption removal) is not implemented yet; Kepi reads and validates Age of Rifles \
     scenarios, its tables and order compliance (AoR 12.4), but cannot play a game of it";

#[derive(Clone, Copy, Debug, Default)]
pub struct AgeOfRifles;

/// A game in progress. No game can be started yet (see [`NOT_PLAYABLE`]), so it has no values.
#[derive(Clone, Debug)]
pub enum State {}

/// A player's command. None exist until the sequence of play is built.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {}

#[derive(Clone, Debug, Serialize)]
pub enum Event {}

/// The one optional rule the charts print: "Bombardment (opt.): +50% for stacked non-arty
/// targets".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    #[serde(default)]
    pub stacked_bombardment: bool,
}

/// The phases of AoR 4, in order; the player-turn's segments are listed once for each side's
/// player-turn by their keys.
pub fn phases() -> Vec<PhaseInfo> {
    let p = |key: &str, name: &str, case: &str| PhaseInfo {
        key: key.into(),
        name: name.into(),
        case: case.into(),
    };
    vec![
        p(
            "command",
            "Command and Reorganization Phase",
            "AoR 4.1, 12, 15",
        ),
        p("bombardment", "Bombardment Segment", "AoR 4 I, 8.1"),
        p("charge", "Cavalry Charge Segment", "AoR 4 II, 7.6-7.11"),
        p("movement", "Formation Movement Segment", "AoR 4 III, 5"),
        p("combat", "Formation Combat Segment", "AoR 4 IV, 7.3-7.5"),
        p("turn_end", "Turn End Segment", "AoR 4 V, 6.2"),
        p("disruption_removal", "Disruption Removal", "AoR 4.4, 8.1"),
    ]
}

impl Ruleset for AgeOfRifles {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = Options;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "Age of Rifles"
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        let row = &charts().combat_modifiers.rows;
        let printed = row
            .iter()
            .find(|r| r.combat.starts_with("Bombardment"))
            .map(|r| r.modifiers.clone())
            .unwrap_or_default();
        vec![OptionalRule {
            key: "stacked_bombardment".into(),
            name: format!("Bombardment: {printed}"),
            case: "AoR Combat modifiers chart".into(),
            default: false,
            note: "the chart marks it optional".into(),
        }]
    }

    fn phases(&self) -> Vec<PhaseInfo> {
        phases()
    }

    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
        section::read_forces(file, catalog)
    }

    fn victory(&self, state: &State) -> Vec<VictoryCondition> {
        match *state {}
    }

    fn start(&self, scenario: &Scenario, _options: &Options) -> Result<State, RuleError> {
        let s: &AorSection = section::section(scenario);
        let on_map = section::check_on_map(s, &scenario.map);
        if !on_map.is_empty() {
            return Err(RuleError::rule("AoR 12.2, 17", on_map.to_string()));
        }
        Err(RuleError::Unimplemented(NOT_PLAYABLE.into()))
    }

    fn apply(
        &self,
        state: &State,
        _command: &Command,
        _dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), RuleError> {
        match *state {}
    }

    fn legal(&self, state: &State) -> Vec<Command> {
        match *state {}
    }

    fn progress(&self, state: &State) -> Progress {
        match *state {}
    }

    fn outcome(&self, state: &State) -> Option<GameOutcome> {
        match *state {}
    }

    fn sides(&self, state: &State) -> Vec<SideInfo> {
        match *state {}
    }

    fn state_hash(&self, state: &State) -> String {
        match *state {}
    }

    fn scenario_hash(&self, state: &State) -> String {
        match *state {}
    }

    fn rolls(&self, events: &[Event]) -> Vec<Roll> {
        match events.first() {
            None => Vec::new(),
            Some(e) => match *e {},
        }
    }

    fn describe_command(&self, state: &State, _command: &Command) -> String {
        match *state {}
    }

    fn describe_event(&self, state: &State, _event: &Event) -> Option<String> {
        match *state {}
    }

    fn parse_command(&self, state: &State, _value: serde_json::Value) -> Result<Command, String> {
        match *state {}
    }

    fn snapshot(&self, state: &State) -> String {
        match *state {}
    }

    fn restore(&self, root: &State, _snapshot: &str) -> Result<State, String> {
        match *root {}
    }

    fn state_json(&self, state: &State) -> serde_json::Value {
        match *state {}
    }

    fn report(&self, state: &State) -> String {
        match *state {}
    }

    fn board(&self, state: &State) -> Board {
        match *state {}
    }

    fn reach(&self, state: &State, _unit: &str) -> Result<Reach, RuleError> {
        match *state {}
    }

    fn preview(&self, state: &State, _commands: &[Command]) -> Result<AttackPreview, RuleError> {
        match *state {}
    }

    fn random_player(&self, _seed: u64) -> Box<dyn Player<Self>> {
        Box::new(NoPlayer)
    }
}

/// The random player of a system with no states: it is never asked for a command.
struct NoPlayer;

impl Player<AgeOfRifles> for NoPlayer {
    fn next(&mut self, state: &State) -> Command {
        match *state {}
    }
}

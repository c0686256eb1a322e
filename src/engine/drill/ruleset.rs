//! Drill on the generic ruleset layer: `kepi new/play/legal/replay/autoplay`, the archive, game
//! files, packs, VASSAL export and the app reach it only through this trait.

use super::section;
use super::state::{Command, Event, State};
use super::tables::{self, tables};
use super::{KEY, rules, victory, view};
use crate::engine::dice::{Dice, Roll};
use crate::engine::hash::stable_hash;
use crate::engine::preview::{AttackPreview, Reach};
use crate::engine::ruleset::{OwnKind, OwnRules, ScenarioPanel};
use crate::engine::setup_state::{self, RollEvent, SharedSetup};
use crate::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default)]
pub struct Drill;

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Drill 5.3 (optional): horse attacks at twice its attack.
    pub fierce_horse: bool,
}

impl SharedSetup for State {
    fn share_setup_of(&mut self, root: &State) {
        self.setup = root.setup.clone();
    }
}

impl RollEvent for Event {
    fn roll(&self) -> Option<&Roll> {
        match self {
            Event::Drawn { roll, .. } => roll.as_ref(),
            Event::Rolled { roll } => Some(roll),
            _ => None,
        }
    }
}

/// The deck panel's key (Drill 2.2).
pub const DECK_PANEL: &str = "deck";

impl Ruleset for Drill {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = Options;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "Drill"
    }

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // RULES.md, "Changes".
    fn rules_version(&self) -> u32 {
        2
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        &tables().terrain
    }

    /// Drill 1.1: a hex is 100 metres.
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::metres(100)
    }

    fn catalog(&self) -> &'static Catalog {
        &tables().catalog
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        tables::FILES.to_vec()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        vec![OptionalRule {
            key: "fierce_horse".into(),
            name: "Fierce horse".into(),
            case: "Drill 5.3".into(),
            default: false,
            note: "horse attacks at twice its attack".into(),
        }]
    }

    fn phases(&self) -> Vec<PhaseInfo> {
        [
            ("deployment", "Deployment", "Drill 2.1"),
            ("draw", "Draw a card", "Drill 2.2"),
            ("activation", "Activation", "Drill 2.3, 3, 4, 5"),
        ]
        .iter()
        .map(|(k, n, c)| PhaseInfo {
            key: k.to_string(),
            name: n.to_string(),
            case: c.to_string(),
        })
        .collect()
    }

    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
        section::read_forces(file, catalog)
    }

    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
        section::side_schema(generator)
    }

    fn own_rules(&self, _generator: &mut schemars::SchemaGenerator) -> OwnRules {
        OwnRules {
            victory: Vec::new(),
            special: vec![OwnKind {
                kind: "drill_stubborn",
                schema: section::stubborn_schema(),
            }],
        }
    }

    fn new_side_section(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("faces".into(), "N".into());
        m.insert("cards".into(), 2.into());
        m.insert("units".into(), serde_json::json!([]));
        m
    }

    fn scenario_panels(&self) -> Vec<ScenarioPanel> {
        vec![ScenarioPanel {
            key: DECK_PANEL.into(),
            label: "Deck".into(),
            case: "Drill 2.2".into(),
        }]
    }

    fn run_panel(
        &self,
        key: &str,
        _catalog: &Catalog,
        input: &serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        match key {
            DECK_PANEL => section::deck_panel(input),
            _ => Err(format!("Drill has no scenario panel '{key}'")),
        }
    }

    fn victory(&self, s: &State) -> Vec<VictoryCondition> {
        victory::conditions(s)
    }

    fn start(&self, scenario: &Scenario, options: &Options) -> Result<State, RuleError> {
        rules::start(scenario, options)
    }

    fn apply(
        &self,
        state: &State,
        command: &Command,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), RuleError> {
        rules::apply(state, command, dice)
    }

    fn legal(&self, state: &State) -> Vec<Command> {
        rules::legal(state)
    }

    fn progress(&self, s: &State) -> Progress {
        let (key, name) = if s.outcome.is_some() {
            ("over", "Game over".to_string())
        } else if s.deploying {
            ("deployment", "Deployment".to_string())
        } else if let Some(c) = s.card {
            ("activation", format!("Activation: {}", s.card_name(c)))
        } else {
            ("draw", "Draw a card".to_string())
        };
        Progress {
            turn: s.turn,
            last_turn: s.setup().last_turn,
            player: s.player,
            phase_key: key.into(),
            phase: name,
            waiting_for: None,
            deploying: s.deploying,
            over: s.outcome.is_some(),
        }
    }

    fn outcome(&self, s: &State) -> Option<GameOutcome> {
        s.outcome.clone()
    }

    fn sides(&self, s: &State) -> Vec<SideInfo> {
        s.setup().sides.clone()
    }

    fn state_hash(&self, s: &State) -> String {
        stable_hash(s)
    }

    fn scenario_hash(&self, s: &State) -> String {
        s.setup().hash.clone()
    }

    fn rolls(&self, events: &[Event]) -> Vec<Roll> {
        setup_state::rolls(events)
    }

    fn describe_command(&self, s: &State, c: &Command) -> String {
        view::describe_command(s, c)
    }

    fn command_infos(
        &self,
        s: &State,
        commands: &[Command],
    ) -> Vec<crate::engine::command_info::CommandInfo> {
        super::offers::command_infos(s, commands)
    }

    fn describe_event(&self, s: &State, e: &Event) -> Option<String> {
        Some(view::describe_event(s, e))
    }

    fn parse_command(&self, s: &State, v: serde_json::Value) -> Result<Command, String> {
        view::parse_command(s, v)
    }

    fn snapshot(&self, s: &State) -> String {
        setup_state::snapshot(s)
    }

    fn restore(&self, root: &State, text: &str) -> Result<State, String> {
        setup_state::restore(root, text)
    }

    fn state_json(&self, s: &State) -> serde_json::Value {
        setup_state::state_json(s)
    }

    fn report(&self, s: &State) -> String {
        view::report(s)
    }

    fn board(&self, s: &State) -> crate::engine::counters::Board {
        view::board(s)
    }

    /// Drill 7: a side sees only the enemy units near its own or in their front.
    fn hides_units(&self) -> bool {
        true
    }

    fn unseen(&self, s: &State, side: usize) -> Vec<String> {
        super::sight::unseen(s, side)
    }

    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        view::markers()
    }

    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        view::counter_layout()
    }

    fn reach(&self, s: &State, unit: &str) -> Result<Reach, RuleError> {
        view::reach(s, unit)
    }

    fn preview(&self, s: &State, cs: &[Command]) -> Result<AttackPreview, RuleError> {
        view::preview(s, cs)
    }

    /// Drill is the test rule system: published nowhere.
    fn test_only(&self) -> bool {
        true
    }

    fn random_player(&self, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(super::player::Random::new(seed))
    }
}

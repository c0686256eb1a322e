//! The interface every rule system implements, with its own state, command, event and option
//! types. Nothing outside a rule system's folder names those types: the generic game layer
//! (`engine::game`) plays, records, replays and verifies games of any system through this
//! trait, erased to [`crate::engine::game::AnyRuleset`] and found by key in the registry.
//!
//! Contract (checked by the generic layer on every replay):
//! - `apply` is a pure function of the state, the command and the dice faces it is given: the
//!   same inputs give the same `state_hash`, on every platform. A refused command leaves the
//!   state untouched and says why, citing the rule case.
//! - every die the engine rolls is asked of the `Dice` it is given and appears in `rolls` of the
//!   events, in the order it was asked for;
//! - `restore(root, snapshot(s))` and `restore_bytes(root, snapshot_bytes(s))` give a state
//!   with the same hash as `s`;
//! - commands and options round-trip through serde JSON unchanged.

use super::dice::{Dice, Roll};
use super::error::RuleError;
use super::preview::{AttackPreview, Reach};
use crate::problems::Problems;
pub use crate::scenario::rule_kinds::{OwnKind, OwnRules};
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::{Catalog, TerrainEffects};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// Where a game stands, for display and for the generic layer's loops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub turn: u32,
    pub last_turn: u32,
    /// The side to act (index into the scenario's sides).
    pub player: usize,
    /// The phase's key, as [`Ruleset::phases`] lists it ("fire").
    pub phase_key: String,
    /// The phase in words ("Fire Combat Phase").
    pub phase: String,
    /// A decision the engine waits for, in words.
    pub waiting_for: Option<String>,
    /// Setting up before play (auto-deploy plays while this holds).
    pub deploying: bool,
    /// The game has ended: [`Ruleset::outcome`] says how.
    pub over: bool,
}

/// One phase of the sequence of play, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseInfo {
    pub key: String,
    pub name: String,
    /// The rule case that defines it ("R&S 3.0").
    pub case: String,
}

/// An optional rule a game may switch on or off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionalRule {
    /// The key in the options' JSON and in `--rule KEY=on|off` ("morale").
    pub key: String,
    pub name: String,
    pub case: String,
    pub default: bool,
    /// Why the default is what it is, in a sentence.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// A side, as a game shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideInfo {
    pub id: String,
    pub name: String,
    pub color: String,
}

impl From<&crate::scenario::Side> for SideInfo {
    /// A scenario's side as a game shows it.
    fn from(s: &crate::scenario::Side) -> SideInfo {
        SideInfo {
            id: s.id.clone(),
            name: s.name.clone(),
            color: s.color.clone(),
        }
    }
}

/// How a game ended, in ruleset-neutral terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// The winning side's index; `None` for a draw or no winner.
    pub winner: Option<usize>,
    /// The grade of the victory in words ("decisive"), when the scenario grades it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    pub reason: String,
}

/// Where a victory condition stands (for the play view's victory panel and `kepi state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConditionStatus {
    /// Not decided yet.
    Open,
    Met,
    NotMet,
}

/// One victory entry of the scenario and its state, in ruleset-neutral terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryCondition {
    /// The scenario's wording.
    pub text: String,
    /// The side whose condition it is (index into the sides); `None` for "whoever".
    pub side: Option<usize>,
    /// The level it gives when met ("substantive").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    pub status: ConditionStatus,
    /// How it stands, in words: when it is decided and whether it would be met now.
    pub detail: String,
}

/// One term of a computer player's evaluation that chose a command, in words
/// ("3-1, 50 % to disrupt"), with the part of the score it gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    /// The term's key ("attack", "objective", "threat").
    pub term: String,
    pub words: String,
    /// Its contribution to the command's score (0 for terms that only describe).
    pub score: f64,
}

/// A player that picks commands (the random player of `kepi autoplay` and auto-deploy, the
/// computer opponent's levels). It owns its own generator, separate from the dice.
pub trait Player<R: Ruleset + ?Sized>: Send {
    /// The next command for whoever must act; it must be legal in `state`.
    fn next(&mut self, state: &R::State) -> R::Command;

    /// The next command with the terms that chose it; a player that does not explain itself
    /// gives none. Invariant: the command is the one `next` would give.
    fn choose(&mut self, state: &R::State) -> (R::Command, Vec<Reason>) {
        (self.next(state), Vec::new())
    }
}

/// The forces editors of the scenario view; a rule system names the one its side section
/// needs ([`Ruleset::forces_editor`]).
#[derive(Clone, Copy, Debug)]
pub enum ForcesEditor {
    /// An order-of-battle formula per side (`oob`: "12 MZ; 1 MA") read against the catalog,
    /// beside its table, in the system's own syntax.
    Formula(super::formula::FormulaSyntax),
    /// Tables of named units, leaders and formations (`units`, `leaders`, `formations`).
    Roster,
    /// The side's section as a form built from the system's side schema
    /// ([`Ruleset::side_schema`]): its fields, lists of units with a row each, choices from its
    /// enumerations (the scenario view's generic form).
    Form,
}

/// A command a system adds to `kepi`: its arguments as clap reads them, and what it does with
/// them, as the text to print or a refusal in words (it reads no file and writes none).
#[derive(Clone)]
pub struct Tool {
    pub command: clap::Command,
    pub run: fn(&clap::ArgMatches) -> Result<String, String>,
}

impl Debug for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tool({})", self.command.get_name())
    }
}

/// The figures a system adds to `kepi bench`'s default run ([`Ruleset::bench`]), measured on
/// the shipped scenarios of the folder given, each repeated `runs` times, each line given to
/// `print` as it is measured; a refusal in words when the folder lacks what they need.
pub type BenchFigures =
    fn(scenarios: &std::path::Path, runs: u32, print: &mut dyn FnMut(String)) -> Result<(), String>;

/// A panel of the scenario view only some systems have: its key (the view's component,
/// `ui/src/rulesets/`), its tab's label and the rule case it applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioPanel {
    pub key: String,
    pub label: String,
    pub case: String,
}

pub trait Ruleset: Send + Sync + 'static {
    type State: Clone + Send + Sync + 'static;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + Debug + Serialize + Send + Sync + 'static;
    type Options: Clone
        + Debug
        + PartialEq
        + Default
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;

    /// The key files, the archive and the registry use (lowercase words joined by hyphens).
    fn key(&self) -> &'static str;
    fn name(&self) -> &'static str;

    /// Its rules version: raised whenever a change alters any state, legal command or roll of
    /// a game (its changelog, docs/rules/<key>-changes.md, says what and which rule case). Every
    /// game records the version it was played under; records older than versions are read as
    /// version 1 ([`crate::engine::game::registry::FIRST_RULES_VERSION`]).
    fn rules_version(&self) -> u32;

    /// The terrain chart its maps use: the vocabulary of terrain, hexside and route keys the
    /// painter offers and maps are checked against, with their effects and colours.
    fn terrain_chart(&self) -> &'static TerrainEffects;

    /// What one hex stands for in its rules (a new map's scale; a map on the table for a
    /// system played on the ground, or the other way round, is refused). Its distances are
    /// converted to hexes through the map's own scale ([`crate::map::MapScale::hexes`]).
    fn map_scale(&self) -> crate::map::MapScale;

    /// The unit catalog its scenarios are read against when they name none (a system whose
    /// units carry their own values gives an empty one).
    fn catalog(&self) -> &'static Catalog;

    /// Its tables as the data files it ships, by file name ("combat-results.json"), in the
    /// order `kepi tables` prints them.
    fn table_files(&self) -> Vec<(&'static str, &'static str)>;

    /// The optional rules, in the order to show them, with their defaults.
    fn optional_rules(&self) -> Vec<OptionalRule>;

    /// The commands it adds to `kepi` (Rifle & Saber: `factor`, `oob`), beside the generic
    /// ones; each name is `kepi`'s only once (the registry's tests hold it).
    fn tools(&self) -> Vec<Tool> {
        Vec::new()
    }

    /// Its own figures in `kepi bench`'s default run, measured through its own types, if it
    /// has any (`kepi bench --game` measures any system's scenario with nothing of it);
    /// `kepi bench --archive-size` records the scenarios of the systems that have them.
    fn bench(&self) -> Option<BenchFigures> {
        None
    }

    /// The phases of the sequence of play, in order (for a phase tracker).
    fn phases(&self) -> Vec<PhaseInfo>;

    /// Reads this system's sections of a scenario file: each side's forces (the fields of
    /// `sides[i]` beyond its id, name and colour) against the unit catalog, with any check that
    /// needs them. Every problem is returned at once, naming its field (`sides[0].oob`); a side
    /// whose forces do not read is `None` in the answer, so the common checks still run on the
    /// other. The answer's section is what `start` gets back in `Scenario::section`.
    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems);

    /// The checks of its sections that need the map (a unit's or an objective's hex is a hex
    /// of it), each problem naming its field (`sides[0].units[3].hex`); run by validation
    /// beside [`Ruleset::forces`], which reads the file alone. None by default.
    fn check_on_map(&self, _file: &ScenarioFile, _map: &crate::map::Map) -> Problems {
        Problems::new()
    }

    /// The schema of one side of its scenarios: `id`, `name`, `color` and the fields of the
    /// section [`Ruleset::forces`] reads (the published scenario schema picks it by `ruleset`;
    /// tests/schemas.rs checks that it refuses what `forces` refuses).
    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> serde_json::Value;

    /// Its own kinds of victory condition and special rule, beside Kepi's shared ones
    /// (src/scenario/rules.rs), each with the schema of its fields. A scenario's rule of
    /// another kind is refused naming its field; `forces` reads and checks the fields of these.
    fn own_rules(&self, _generator: &mut schemars::SchemaGenerator) -> OwnRules {
        OwnRules::default()
    }

    /// How a system that scores victory itself, from its own sections (objectives held, enemy
    /// units broken), does it, in words for the scenario view and the printed help; `None`
    /// (the default) when a scenario's `victory` entries decide. Invariant: `Some` means
    /// [`Ruleset::victory`] reads no `victory` or `victory_points` entry, so validation
    /// refuses them rather than keep entries nothing reads.
    fn own_victory(&self) -> Option<&'static str> {
        None
    }

    /// The kinds of marker its orders of battle hold beside units that a rule may name
    /// (`exit`'s `extra`, `special_unit`'s `extra`), as scenarios write them.
    fn order_markers(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// How the scenario view edits a side's section: which of Kepi's forces editors it uses.
    fn forces_editor(&self) -> ForcesEditor {
        ForcesEditor::Form
    }

    /// The section a new scenario's side starts with (`{"oob": ""}`), beside id, name, colour.
    fn new_side_section(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }

    /// The scenario view's panels only this system has, beside the common ones.
    fn scenario_panels(&self) -> Vec<ScenarioPanel> {
        Vec::new()
    }

    /// What its scenario-view panel `key` (one of [`Ruleset::scenario_panels`]) answers to
    /// `input`, the panel's own JSON, on the scenario's catalog: the panel's UI
    /// (`ui/src/rulesets/<system>/`) and this method are the only two that know its shape. A
    /// refusal is a sentence naming the field.
    fn run_panel(
        &self,
        key: &str,
        _catalog: &Catalog,
        _input: &serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        Err(format!("{} has no scenario panel '{key}'", self.name()))
    }

    /// The lists of game-turns of the scenario format it reads (`night_turns`, `rain_turns`),
    /// each with the rule case that reads it; a scenario of another system that fills one is
    /// refused.
    fn turn_lists(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// The kinds of scripted event of the scenario format it plays (`src/scenario/events.rs`:
    /// `note`, `leader_leaves`, ...), each with the rule case it applies them under; a
    /// scenario's event of another kind is refused naming its field. Its `forces` checks the
    /// names the events give. None by default.
    fn event_kinds(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// Each victory condition of the scenario and where it stands.
    fn victory(&self, state: &Self::State) -> Vec<VictoryCondition>;

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

    /// Every command the side to act may give now.
    fn legal(&self, state: &Self::State) -> Vec<Self::Command>;

    fn progress(&self, state: &Self::State) -> Progress;

    /// The result once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<GameOutcome>;

    fn sides(&self, state: &Self::State) -> Vec<SideInfo>;

    /// A hash of the state, stable across runs and platforms.
    fn state_hash(&self, state: &Self::State) -> String;

    /// The hash of the scenario, map, catalog and options the game was started from.
    fn scenario_hash(&self, state: &Self::State) -> String;

    /// The dice rolled, as recorded in the events, in order.
    fn rolls(&self, events: &[Self::Event]) -> Vec<Roll>;

    /// A command in a player's words ("Move British MZ 3 0812-0813").
    fn describe_command(&self, state: &Self::State, command: &Self::Command) -> String;

    /// How the play view offers each of `commands` (legal in `state`): a button, an action of
    /// the selected unit, a hex to click or a move through the reach, with the units and hex it
    /// names. One answer a command, in order; the shell and the UI read nothing else of them.
    fn command_infos(
        &self,
        state: &Self::State,
        commands: &[Self::Command],
    ) -> Vec<crate::engine::command_info::CommandInfo>;

    /// The command `command` aimed at the hex `hex` instead (printed name): a unit dropped on a
    /// hex its legal commands do not name, sent anyway so that the rules' refusal says why.
    /// `None` when the command aims at no hex.
    fn command_at(
        &self,
        _state: &Self::State,
        _command: &Self::Command,
        _hex: &str,
    ) -> Option<Self::Command> {
        None
    }

    /// An event in a player's words, or `None` for bookkeeping events.
    fn describe_event(&self, state: &Self::State, event: &Self::Event) -> Option<String>;

    /// The scenario's scripted event (`src/scenario/events.rs`) this event records as it
    /// happens, in the players' words ("Game-turn 3, end: Reynolds is killed ..."), or `None`
    /// for every other event: the play view announces these apart from the rest of a command's
    /// results. A system that plays scripted events ([`Ruleset::event_kinds`]) records each in
    /// one event it names here. None by default.
    fn scripted_words(&self, _event: &Self::Event) -> Option<String> {
        None
    }

    /// A command as people write it (units by label, hexes by printed name).
    fn parse_command(
        &self,
        state: &Self::State,
        value: serde_json::Value,
    ) -> Result<Self::Command, String>;

    /// The state as text to store (the archive's snapshots).
    fn snapshot(&self, state: &Self::State) -> String;

    /// A stored snapshot read back, sharing `root`'s static setup.
    fn restore(&self, root: &Self::State, snapshot: &str) -> Result<Self::State, String>;

    /// The state as compact bytes (the archive's binary snapshots, which it compresses).
    /// `restore_bytes(root, snapshot_bytes(s))` must hash as `s` does, and the same state must
    /// give the same bytes. The default is the text of [`Ruleset::snapshot`]; a system with a
    /// binary encoding of its own overrides both.
    fn snapshot_bytes(&self, state: &Self::State) -> Vec<u8> {
        self.snapshot(state).into_bytes()
    }

    /// Bytes written by [`Ruleset::snapshot_bytes`] read back, sharing `root`'s static setup.
    fn restore_bytes(&self, root: &Self::State, bytes: &[u8]) -> Result<Self::State, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 text: {e}"))?;
        self.restore(root, text)
    }

    /// The state as JSON for `--json` and the app.
    fn state_json(&self, state: &Self::State) -> serde_json::Value;

    /// The state as a report for people (`kepi state`): one line a unit.
    fn report(&self, state: &Self::State) -> String;

    /// The position as the views draw it: every unit's counter, the hexes' markers.
    fn board(&self, state: &Self::State) -> crate::engine::counters::Board;

    /// Every marker [`Ruleset::board`] may show, with the word and colour it is printed with
    /// (the VASSAL export's marker tray). A key the board shows that is not listed is drawn
    /// with its key as the word.
    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        Vec::new()
    }

    /// How its counters are printed (what goes where, how facing shows); the common layout
    /// unless the system prints its own.
    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        crate::engine::counters::CounterLayout::default()
    }

    /// Whether a side may be kept from seeing enemy units (a system with hidden units): the
    /// views then draw the board as one side sees it ([`Ruleset::unseen`]). False by default.
    fn hides_units(&self) -> bool {
        false
    }

    /// The units side `side` cannot see now, by counter id ([`crate::engine::counters::Board`]
    /// draws them as [`crate::engine::counters::Place::Unseen`] for it); every unit is seen
    /// in a system without hidden units (the default).
    fn unseen(&self, _state: &Self::State, _side: usize) -> Vec<String> {
        Vec::new()
    }

    /// The line of sight between two hexes (printed names) now; a system without one refuses.
    fn sight(
        &self,
        _state: &Self::State,
        _from: &str,
        _to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        Err(RuleError::not_now(format!(
            "{} has no line-of-sight rule",
            self.name()
        )))
    }
    fn reach(&self, state: &Self::State, unit: &str) -> Result<Reach, RuleError>;

    /// As [`Ruleset::reach`], along paths through the waypoint hexes `via` in order (printed
    /// names): each hex's path passes through them, and its command names them. A system
    /// whose moves take no waypoints refuses any.
    fn reach_via(
        &self,
        state: &Self::State,
        unit: &str,
        via: &[String],
    ) -> Result<Reach, RuleError> {
        if via.is_empty() {
            return self.reach(state, unit);
        }
        Err(RuleError::not_now(format!(
            "{}'s moves take no waypoints",
            self.name()
        )))
    }

    /// The attack that `commands` (allocations, applied in order to a copy of the state)
    /// would make, before anything is rolled.
    fn preview(
        &self,
        state: &Self::State,
        commands: &[Self::Command],
    ) -> Result<AttackPreview, RuleError>;

    /// A seeded random player of legal commands.
    fn random_player(&self, seed: u64) -> Box<dyn Player<Self>>;

    /// A system compiled into the test build only (the test rule system): it plays like any
    /// other, but what Kepi publishes (the schema files) leaves it out.
    fn test_only(&self) -> bool {
        false
    }

    /// The computer-opponent levels this system plays besides "random", weakest first
    /// (Rifle & Saber: "standard"). A system without a computer opponent lists none.
    fn levels(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// A seeded computer player of one of [`Ruleset::levels`]; `None` for another name.
    fn computer_player(&self, _level: &str, _seed: u64) -> Option<Box<dyn Player<Self>>> {
        None
    }
}

//! The one generic game layer: play, record, replay and verify a game of any rule system.
//!
//! A [`Ruleset`] is typed (its own state, command, event and option types). Everything that
//! stores or transports games — the game file, the archive, the CLI, the app — works through
//! [`AnyRuleset`], the same interface with the types erased: commands, events and options are
//! their serde JSON, states are [`AnyState`]. A ruleset is found by its key in the
//! [`registry`], which is how files and the archive name it.
//!
//! Invariants:
//! - an [`AnyState`] only ever meets the ruleset that made it: each state carries its ruleset
//!   (callers write `state.rules().apply(&state, ..)`); the erased calls that return a
//!   `Result` refuse a state of another system, the others panic on that programming error;
//! - [`replay_step`] is the only place a recorded command is applied again: it uses the
//!   recorded dice only, requires every recorded roll to be used and to be exactly the roll the
//!   engine makes of those faces (purpose, dice, total, context, forced), and compares the
//!   state hash;
//! - what is stored is the canonical form of a command ([`Applied::command`]), never the form
//!   a caller wrote.

pub mod registry;
pub mod session;

use super::command_info::CommandInfo;
use super::dice::{Dice, RecordedDice, Roll};
use super::error::RuleError;
use super::preview::{AttackPreview, Reach};
use super::ruleset::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, Reason, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::{Catalog, TerrainEffects};
use serde_json::Value;
use std::any::Any;
use std::sync::Arc;

/// A game state of some rule system, with that system attached.
#[derive(Clone)]
pub struct AnyState {
    rules: &'static dyn AnyRuleset,
    inner: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyState({}, {})", self.rules.key(), self.hash())
    }
}

impl AnyState {
    /// The rule system this state belongs to.
    pub fn rules(&self) -> &'static dyn AnyRuleset {
        self.rules
    }

    /// The typed state, when it is of type `T`.
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        self.inner.downcast_ref::<T>()
    }

    pub fn hash(&self) -> String {
        self.rules.state_hash(self)
    }

    pub fn progress(&self) -> Progress {
        self.rules.progress(self)
    }

    pub fn outcome(&self) -> Option<GameOutcome> {
        self.rules.outcome(self)
    }

    /// Each victory condition and where it stands.
    pub fn victory(&self) -> Vec<VictoryCondition> {
        self.rules.victory(self)
    }

    pub fn sides(&self) -> Vec<SideInfo> {
        self.rules.sides(self)
    }

    /// Once the game is over: who won in words ("Sepoys win", "British win (decisive)",
    /// "no winner") and why.
    pub fn result_words(&self) -> Option<(String, String)> {
        let o = self.outcome()?;
        let sides = self.sides();
        let who = o
            .winner
            .and_then(|w| sides.get(w))
            .map(|s| match &o.level {
                Some(l) => format!("{} wins ({l})", s.name),
                None => format!("{} wins", s.name),
            })
            .unwrap_or_else(|| "no winner".into());
        Some((who, o.reason))
    }
}

/// A command applied: the command in its canonical (stored) form, the next state, the events
/// (as JSON), the dice rolled and the events in words for players.
#[derive(Clone, Debug)]
pub struct Applied {
    pub command: Value,
    pub state: AnyState,
    pub events: Vec<Value>,
    pub rolls: Vec<Roll>,
    pub described: Vec<String>,
    /// The scenario's scripted events that happened in it, in words
    /// ([`crate::engine::Ruleset::scripted_words`]), in the order they happened.
    pub scripted: Vec<String>,
}

/// A player of any rule system.
pub trait AnyPlayer: Send {
    /// The next command (as JSON) for whoever must act in `state`.
    fn next(&mut self, state: &AnyState) -> Value;

    /// The next command with the terms of the evaluation that chose it (none for a player
    /// that does not explain itself).
    fn choose(&mut self, state: &AnyState) -> (Value, Vec<Reason>) {
        (self.next(state), Vec::new())
    }
}

/// [`Ruleset`] with its types erased; implemented for every ruleset.
pub trait AnyRuleset: Send + Sync + 'static {
    fn key(&self) -> &'static str;
    /// The type of the typed ruleset behind this entry (the registry refuses a second system
    /// under a taken key).
    fn rules_type(&self) -> std::any::TypeId;
    fn name(&self) -> &'static str;
    /// [`Ruleset::rules_version`].
    fn rules_version(&self) -> u32;
    fn terrain_chart(&self) -> &'static TerrainEffects;
    fn map_scale(&self) -> crate::map::MapScale;
    fn catalog(&self) -> &'static Catalog;
    fn table_files(&self) -> Vec<(&'static str, &'static str)>;
    fn tools(&self) -> Vec<super::ruleset::Tool>;
    fn bench(&self) -> Option<super::ruleset::BenchFigures>;
    fn optional_rules(&self) -> Vec<OptionalRule>;
    fn phases(&self) -> Vec<PhaseInfo>;
    /// The options with every optional rule at its default, as JSON.
    fn default_options(&self) -> Value;
    /// Options read back from JSON (missing keys take their defaults), in canonical form; an
    /// unknown key or a wrong type is refused.
    fn check_options(&self, options: &Value) -> Result<Value, String>;
    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems);
    fn check_on_map(&self, file: &ScenarioFile, map: &crate::map::Map) -> Problems;
    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> Value;
    fn own_rules(&self, generator: &mut schemars::SchemaGenerator) -> super::ruleset::OwnRules;
    fn order_markers(&self) -> Vec<&'static str>;
    fn own_victory(&self) -> Option<&'static str>;
    fn turn_lists(&self) -> Vec<(&'static str, &'static str)>;
    fn event_kinds(&self) -> Vec<(&'static str, &'static str)>;
    fn forces_editor(&self) -> super::ruleset::ForcesEditor;
    fn new_side_section(&self) -> serde_json::Map<String, Value>;
    fn scenario_panels(&self) -> Vec<super::ruleset::ScenarioPanel>;
    fn run_panel(&self, key: &str, catalog: &Catalog, input: &Value) -> Result<Value, String>;
    fn victory(&self, state: &AnyState) -> Vec<VictoryCondition>;
    fn start(&self, scenario: &Scenario, options: &Value) -> Result<AnyState, RuleError>;
    fn apply(
        &self,
        state: &AnyState,
        command: &Value,
        dice: &mut dyn Dice,
    ) -> Result<Applied, RuleError>;
    fn legal(&self, state: &AnyState) -> Vec<Value>;
    /// How many commands [`AnyRuleset::legal`] lists, the engine's own list made and dropped
    /// without turning it into JSON (what `kepi bench --game` times as the list's speed; the
    /// JSON the views and the archive read is timed beside it).
    fn legal_len(&self, state: &AnyState) -> usize;
    fn progress(&self, state: &AnyState) -> Progress;
    fn outcome(&self, state: &AnyState) -> Option<GameOutcome>;
    fn sides(&self, state: &AnyState) -> Vec<SideInfo>;
    fn state_hash(&self, state: &AnyState) -> String;
    fn scenario_hash(&self, state: &AnyState) -> String;
    fn describe_command(&self, state: &AnyState, command: &Value) -> String;
    /// A command as people write it, checked and put in its stored form.
    fn parse_command(&self, state: &AnyState, value: Value) -> Result<Value, String>;
    /// How the play view offers each command (stored form); a command this system cannot read
    /// is a button of kind "unreadable".
    fn command_infos(&self, state: &AnyState, commands: &[Value]) -> Vec<CommandInfo>;
    /// The command aimed at `hex` instead, stored form ([`Ruleset::command_at`]).
    fn command_at(&self, state: &AnyState, command: &Value, hex: &str) -> Option<Value>;
    fn snapshot(&self, state: &AnyState) -> String;
    fn restore(&self, root: &AnyState, snapshot: &str) -> Result<AnyState, String>;
    /// The state as compact bytes ([`Ruleset::snapshot_bytes`]).
    fn snapshot_bytes(&self, state: &AnyState) -> Vec<u8>;
    fn restore_bytes(&self, root: &AnyState, bytes: &[u8]) -> Result<AnyState, String>;
    fn state_json(&self, state: &AnyState) -> Value;
    fn report(&self, state: &AnyState) -> String;
    fn board(&self, state: &AnyState) -> crate::engine::counters::Board;
    /// [`Ruleset::hides_units`].
    fn hides_units(&self) -> bool;
    /// The board as side `side` sees it ([`Ruleset::unseen`]), or the whole board (`None`).
    fn board_seen_by(
        &self,
        state: &AnyState,
        side: Option<usize>,
    ) -> crate::engine::counters::Board {
        let board = self.board(state);
        match side {
            Some(side) => {
                let unseen = self.unseen(state, side);
                board.seen_by(&unseen)
            }
            None => board,
        }
    }
    /// [`Ruleset::unseen`].
    fn unseen(&self, state: &AnyState, side: usize) -> Vec<String>;
    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind>;
    fn counter_layout(&self) -> crate::engine::counters::CounterLayout;
    fn sight(
        &self,
        state: &AnyState,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError>;
    fn reach(&self, state: &AnyState, unit: &str) -> Result<Reach, RuleError>;
    /// [`Ruleset::reach_via`]: the reach through waypoint hexes, in order.
    fn reach_via(&self, state: &AnyState, unit: &str, via: &[String]) -> Result<Reach, RuleError>;
    fn preview(&self, state: &AnyState, commands: &[Value]) -> Result<AttackPreview, RuleError>;
    fn random_player(&self, seed: u64) -> Box<dyn AnyPlayer>;
    /// The computer-opponent levels besides "random" ([`Ruleset::levels`]).
    fn levels(&self) -> Vec<&'static str>;
    /// Compiled into the test build only ([`Ruleset::test_only`]).
    fn test_only(&self) -> bool;
    /// A seeded player of a level: "random", or one of [`AnyRuleset::levels`].
    fn player(&self, level: &str, seed: u64) -> Result<Box<dyn AnyPlayer>, String>;
}

/// The typed state inside `s`; a state of another system is a programming error.
fn typed<'a, R: Ruleset>(rules: &R, s: &'a AnyState) -> &'a R::State {
    s.inner.downcast_ref::<R::State>().unwrap_or_else(|| {
        panic!(
            "a {} state was given to the {} rules",
            s.rules.key(),
            rules.key()
        )
    })
}

/// Refuse a state of another system (the `Result`-returning erased calls).
fn check_own(rules: &dyn AnyRuleset, s: &AnyState) -> Result<(), RuleError> {
    if std::ptr::addr_eq(
        rules as *const dyn AnyRuleset,
        s.rules as *const dyn AnyRuleset,
    ) {
        Ok(())
    } else {
        Err(RuleError::not_now(format!(
            "a {} game cannot be played with the {} rules",
            s.rules.name(),
            rules.name()
        )))
    }
}

fn command_of<R: Ruleset>(rules: &R, v: &Value) -> Result<R::Command, RuleError> {
    R::Command::deserialize(v)
        .map_err(|e| RuleError::not_now(format!("not a {} command: {e}", rules.name())))
}

use serde::Deserialize as _;

struct ErasedPlayer<R: Ruleset> {
    player: Box<dyn Player<R>>,
    rules: &'static R,
}

impl<R: Ruleset> AnyPlayer for ErasedPlayer<R> {
    fn next(&mut self, state: &AnyState) -> Value {
        let c = self.player.next(typed(self.rules, state));
        serde_json::to_value(c).expect("commands serialize")
    }

    fn choose(&mut self, state: &AnyState) -> (Value, Vec<Reason>) {
        let (c, why) = self.player.choose(typed(self.rules, state));
        (serde_json::to_value(c).expect("commands serialize"), why)
    }
}

/// A typed ruleset in its `'static` registry entry, so that the states it makes can carry it.
/// Made only by [`Registered::leak`] (the registry's entries live as long as the program).
pub struct Registered<R: Ruleset> {
    rules: R,
    this: std::sync::OnceLock<&'static Registered<R>>,
}

impl<R: Ruleset> Registered<R> {
    /// Leak one ruleset into a `'static` registry entry.
    pub(crate) fn leak(rules: R) -> &'static Registered<R> {
        let r: &'static Registered<R> = Box::leak(Box::new(Registered {
            rules,
            this: std::sync::OnceLock::new(),
        }));
        let _ = r.this.set(r);
        r
    }

    fn this_static(&self) -> &'static Registered<R> {
        self.this.get().expect("made by Registered::leak")
    }

    fn wrap(&self, inner: R::State) -> AnyState {
        AnyState {
            rules: self.this_static(),
            inner: Arc::new(inner),
        }
    }
}

impl<R: Ruleset> AnyRuleset for Registered<R> {
    fn key(&self) -> &'static str {
        self.rules.key()
    }

    fn rules_type(&self) -> std::any::TypeId {
        std::any::TypeId::of::<R>()
    }

    fn name(&self) -> &'static str {
        self.rules.name()
    }

    fn rules_version(&self) -> u32 {
        self.rules.rules_version()
    }

    fn terrain_chart(&self) -> &'static TerrainEffects {
        self.rules.terrain_chart()
    }

    fn map_scale(&self) -> crate::map::MapScale {
        self.rules.map_scale()
    }

    fn catalog(&self) -> &'static Catalog {
        self.rules.catalog()
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        self.rules.table_files()
    }

    fn tools(&self) -> Vec<super::ruleset::Tool> {
        self.rules.tools()
    }

    fn bench(&self) -> Option<super::ruleset::BenchFigures> {
        self.rules.bench()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        self.rules.optional_rules()
    }

    fn phases(&self) -> Vec<PhaseInfo> {
        self.rules.phases()
    }

    fn default_options(&self) -> Value {
        serde_json::to_value(R::Options::default()).expect("options serialize")
    }

    fn check_options(&self, options: &Value) -> Result<Value, String> {
        let typed = options_of::<R>(options)?;
        Ok(serde_json::to_value(typed).expect("options serialize"))
    }

    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
        self.rules.forces(file, catalog)
    }

    fn check_on_map(&self, file: &ScenarioFile, map: &crate::map::Map) -> Problems {
        self.rules.check_on_map(file, map)
    }

    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> Value {
        self.rules.side_schema(generator)
    }

    fn own_rules(&self, generator: &mut schemars::SchemaGenerator) -> super::ruleset::OwnRules {
        self.rules.own_rules(generator)
    }

    fn order_markers(&self) -> Vec<&'static str> {
        self.rules.order_markers()
    }

    fn own_victory(&self) -> Option<&'static str> {
        self.rules.own_victory()
    }

    fn turn_lists(&self) -> Vec<(&'static str, &'static str)> {
        self.rules.turn_lists()
    }

    fn event_kinds(&self) -> Vec<(&'static str, &'static str)> {
        self.rules.event_kinds()
    }

    fn forces_editor(&self) -> super::ruleset::ForcesEditor {
        self.rules.forces_editor()
    }

    fn new_side_section(&self) -> serde_json::Map<String, Value> {
        self.rules.new_side_section()
    }

    fn scenario_panels(&self) -> Vec<super::ruleset::ScenarioPanel> {
        self.rules.scenario_panels()
    }

    fn run_panel(&self, key: &str, catalog: &Catalog, input: &Value) -> Result<Value, String> {
        self.rules.run_panel(key, catalog, input)
    }

    fn victory(&self, state: &AnyState) -> Vec<VictoryCondition> {
        self.rules.victory(typed(&self.rules, state))
    }

    fn start(&self, scenario: &Scenario, options: &Value) -> Result<AnyState, RuleError> {
        if scenario.file.ruleset.key() != self.key() {
            return Err(RuleError::not_now(format!(
                "'{}' is a {} scenario, not a {} one",
                scenario.file.id,
                scenario.file.ruleset.name(),
                self.name()
            )));
        }
        let o =
            options_of::<R>(options).map_err(|e| RuleError::not_now(format!("options: {e}")))?;
        let s = self.rules.start(scenario, &o)?;
        Ok(self.wrap(s))
    }

    fn apply(
        &self,
        state: &AnyState,
        command: &Value,
        dice: &mut dyn Dice,
    ) -> Result<Applied, RuleError> {
        check_own(self, state)?;
        let s = typed(&self.rules, state);
        let c = command_of(&self.rules, command)?;
        let (next, events) = self.rules.apply(s, &c, dice)?;
        let command = serde_json::to_value(&c).expect("commands serialize");
        let described = events
            .iter()
            .filter_map(|e| self.rules.describe_event(&next, e))
            .collect();
        let rolls = self.rules.rolls(&events);
        let scripted = events
            .iter()
            .filter_map(|e| self.rules.scripted_words(e))
            .collect();
        let events = events
            .iter()
            .map(|e| serde_json::to_value(e).expect("events serialize"))
            .collect();
        Ok(Applied {
            command,
            state: AnyState {
                rules: state.rules,
                inner: Arc::new(next),
            },
            events,
            rolls,
            described,
            scripted,
        })
    }

    fn legal(&self, state: &AnyState) -> Vec<Value> {
        self.rules
            .legal(typed(&self.rules, state))
            .into_iter()
            .map(|c| serde_json::to_value(c).expect("commands serialize"))
            .collect()
    }

    fn legal_len(&self, state: &AnyState) -> usize {
        self.rules.legal(typed(&self.rules, state)).len()
    }

    fn progress(&self, state: &AnyState) -> Progress {
        self.rules.progress(typed(&self.rules, state))
    }

    fn outcome(&self, state: &AnyState) -> Option<GameOutcome> {
        self.rules.outcome(typed(&self.rules, state))
    }

    fn sides(&self, state: &AnyState) -> Vec<SideInfo> {
        self.rules.sides(typed(&self.rules, state))
    }

    fn state_hash(&self, state: &AnyState) -> String {
        self.rules.state_hash(typed(&self.rules, state))
    }

    fn scenario_hash(&self, state: &AnyState) -> String {
        self.rules.scenario_hash(typed(&self.rules, state))
    }

    fn describe_command(&self, state: &AnyState, command: &Value) -> String {
        match R::Command::deserialize(command) {
            Ok(c) => self.rules.describe_command(typed(&self.rules, state), &c),
            Err(_) => format!("unreadable command {command}"),
        }
    }

    fn parse_command(&self, state: &AnyState, value: Value) -> Result<Value, String> {
        check_own(self, state).map_err(|e| e.to_string())?;
        let c = self.rules.parse_command(typed(&self.rules, state), value)?;
        Ok(serde_json::to_value(c).expect("commands serialize"))
    }

    fn command_infos(&self, state: &AnyState, commands: &[Value]) -> Vec<CommandInfo> {
        let s = typed(&self.rules, state);
        let read: Vec<Option<R::Command>> = commands
            .iter()
            .map(|c| R::Command::deserialize(c).ok())
            .collect();
        let known: Vec<R::Command> = read.iter().flatten().cloned().collect();
        let mut infos = self.rules.command_infos(s, &known).into_iter();
        read.iter()
            .map(|c| match c {
                Some(_) => infos.next().expect("one description a command"),
                None => CommandInfo::button("unreadable"),
            })
            .collect()
    }

    fn command_at(&self, state: &AnyState, command: &Value, hex: &str) -> Option<Value> {
        let c = R::Command::deserialize(command).ok()?;
        let at = self.rules.command_at(typed(&self.rules, state), &c, hex)?;
        Some(serde_json::to_value(at).expect("commands serialize"))
    }

    fn snapshot(&self, state: &AnyState) -> String {
        self.rules.snapshot(typed(&self.rules, state))
    }

    fn restore(&self, root: &AnyState, snapshot: &str) -> Result<AnyState, String> {
        check_own(self, root).map_err(|e| e.to_string())?;
        let s = self.rules.restore(typed(&self.rules, root), snapshot)?;
        Ok(AnyState {
            rules: root.rules,
            inner: Arc::new(s),
        })
    }

    fn snapshot_bytes(&self, state: &AnyState) -> Vec<u8> {
        self.rules.snapshot_bytes(typed(&self.rules, state))
    }

    fn restore_bytes(&self, root: &AnyState, bytes: &[u8]) -> Result<AnyState, String> {
        check_own(self, root).map_err(|e| e.to_string())?;
        let s = self.rules.restore_bytes(typed(&self.rules, root), bytes)?;
        Ok(AnyState {
            rules: root.rules,
            inner: Arc::new(s),
        })
    }

    fn state_json(&self, state: &AnyState) -> Value {
        self.rules.state_json(typed(&self.rules, state))
    }

    fn report(&self, state: &AnyState) -> String {
        self.rules.report(typed(&self.rules, state))
    }

    fn board(&self, state: &AnyState) -> crate::engine::counters::Board {
        self.rules.board(typed(&self.rules, state))
    }

    fn hides_units(&self) -> bool {
        self.rules.hides_units()
    }

    fn unseen(&self, state: &AnyState, side: usize) -> Vec<String> {
        self.rules.unseen(typed(&self.rules, state), side)
    }

    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        self.rules.markers()
    }

    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        self.rules.counter_layout()
    }

    fn sight(
        &self,
        state: &AnyState,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        check_own(self, state)?;
        self.rules.sight(typed(&self.rules, state), from, to)
    }

    fn reach(&self, state: &AnyState, unit: &str) -> Result<Reach, RuleError> {
        check_own(self, state)?;
        self.rules.reach(typed(&self.rules, state), unit)
    }

    fn reach_via(&self, state: &AnyState, unit: &str, via: &[String]) -> Result<Reach, RuleError> {
        check_own(self, state)?;
        self.rules.reach_via(typed(&self.rules, state), unit, via)
    }

    fn preview(&self, state: &AnyState, commands: &[Value]) -> Result<AttackPreview, RuleError> {
        check_own(self, state)?;
        let cs = commands
            .iter()
            .map(|c| command_of(&self.rules, c))
            .collect::<Result<Vec<_>, _>>()?;
        self.rules.preview(typed(&self.rules, state), &cs)
    }

    fn random_player(&self, seed: u64) -> Box<dyn AnyPlayer> {
        Box::new(ErasedPlayer {
            player: self.rules.random_player(seed),
            rules: &self.this_static().rules,
        })
    }

    fn levels(&self) -> Vec<&'static str> {
        self.rules.levels()
    }

    fn test_only(&self) -> bool {
        self.rules.test_only()
    }

    fn player(&self, level: &str, seed: u64) -> Result<Box<dyn AnyPlayer>, String> {
        let player = if level == "random" {
            self.rules.random_player(seed)
        } else {
            self.rules.computer_player(level, seed).ok_or_else(|| {
                let mut known = vec!["random"];
                known.extend(self.rules.levels());
                format!(
                    "{} has no level '{level}'; its levels are {}",
                    self.rules.name(),
                    known.join(", ")
                )
            })?
        };
        Ok(Box::new(ErasedPlayer {
            player,
            rules: &self.this_static().rules,
        }))
    }
}

/// Typed options from JSON: missing keys take their defaults (so older records read).
pub fn options_of<R: Ruleset>(v: &Value) -> Result<R::Options, String> {
    if v.is_null() {
        return Ok(R::Options::default());
    }
    let mut full = serde_json::to_value(R::Options::default()).expect("options serialize");
    match (v, &mut full) {
        (Value::Object(given), Value::Object(base)) => {
            for (k, val) in given {
                if !base.contains_key(k) {
                    return Err(format!(
                        "unknown optional rule '{k}'; the optional rules are {}",
                        base.keys().cloned().collect::<Vec<_>>().join(", ")
                    ));
                }
                base.insert(k.clone(), val.clone());
            }
        }
        _ => return Err(format!("options must be a JSON object, not {v}")),
    }
    R::Options::deserialize(&full).map_err(|e| format!("options: {e}"))
}

/// A game's options: the ruleset's defaults, then the scenario's `options`, then
/// `--rule KEY=on|off` settings.
pub fn options_from_rules(
    rules: &dyn AnyRuleset,
    scenario: &Scenario,
    settings: &[String],
) -> Result<Value, String> {
    let mut v = rules.check_options(&Value::Object(scenario.file.options.clone()))?;
    let known = rules.optional_rules();
    for r in settings {
        let (name, value) = r
            .split_once('=')
            .ok_or_else(|| format!("--rule {r}: write NAME=on or NAME=off"))?;
        let on = match value {
            "on" => true,
            "off" => false,
            _ => return Err(format!("--rule {r}: the value is on or off")),
        };
        if !known.iter().any(|k| k.key == name) {
            return Err(format!(
                "--rule {r}: unknown rule; the optional rules of {} are {}",
                rules.name(),
                known
                    .iter()
                    .map(|k| k.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        v[name] = Value::Bool(on);
    }
    rules.check_options(&v)
}

/// Why a recorded command does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("{at} ({command}) was refused on replay: {error}")]
    Refused {
        at: String,
        command: String,
        error: String,
    },
    #[error("{at} ({command}) gives state {found}, but the record says {recorded}")]
    HashMismatch {
        at: String,
        command: String,
        recorded: String,
        found: String,
    },
    #[error("{at} ({command}) recorded {recorded} dice but used {used}")]
    DiceLeft {
        at: String,
        command: String,
        recorded: usize,
        used: usize,
    },
    #[error(
        "{at} ({command}): roll {index} is recorded as {recorded}, but those faces make {found}"
    )]
    RollDiffers {
        at: String,
        command: String,
        index: usize,
        recorded: String,
        found: String,
    },
}

/// Apply one recorded command again with its recorded dice and check the state hash it
/// produced. `at` names the command in messages ("command 12", "node 340"). The one replay
/// step of the game file, the archive and game-file import.
pub fn replay_step(
    state: &AnyState,
    command: &Value,
    rolls: &[Roll],
    recorded_hash: &str,
    at: &str,
) -> Result<Applied, ReplayError> {
    replay_step_checking(state, command, rolls, Some(recorded_hash), at)
}

/// [`replay_step`], comparing the state hash only when `recorded_hash` is given: for the
/// steps on the way to a node whose own hash is then compared (opening a node from a
/// snapshot), where a wrong step shows in that last hash. The dice are checked at every step.
pub fn replay_step_checking(
    state: &AnyState,
    command: &Value,
    rolls: &[Roll],
    recorded_hash: Option<&str>,
    at: &str,
) -> Result<Applied, ReplayError> {
    let mut dice = RecordedDice::new(rolls.iter().cloned());
    let applied =
        state
            .rules
            .apply(state, command, &mut dice)
            .map_err(|e| ReplayError::Refused {
                at: at.to_string(),
                command: command.to_string(),
                error: e.to_string(),
            })?;
    if dice.remaining() != 0 {
        return Err(ReplayError::DiceLeft {
            at: at.to_string(),
            command: command.to_string(),
            recorded: rolls.len(),
            used: rolls.len() - dice.remaining(),
        });
    }
    // The recorded rolls must be the very rolls the engine makes of their faces: a total,
    // purpose or context written into a record is refused, not shown in a dice log.
    let n = rolls.len().max(applied.rolls.len());
    if let Some(i) = (0..n).find(|&i| rolls.get(i) != applied.rolls.get(i)) {
        let show = |r: Option<&Roll>| {
            r.map(|r| serde_json::to_string(r).expect("rolls serialize"))
                .unwrap_or_else(|| "no roll".into())
        };
        return Err(ReplayError::RollDiffers {
            at: at.to_string(),
            command: command.to_string(),
            index: i,
            recorded: show(rolls.get(i)),
            found: show(applied.rolls.get(i)),
        });
    }
    let Some(recorded_hash) = recorded_hash else {
        return Ok(applied);
    };
    let found = applied.state.hash();
    if !crate::engine::hash::recorded_hash_matches(recorded_hash, &found) {
        return Err(ReplayError::HashMismatch {
            at: at.to_string(),
            command: command.to_string(),
            recorded: recorded_hash.to_string(),
            found,
        });
    }
    Ok(applied)
}

//! Rifle and Kepi on the generic ruleset layer: its key, phases, optional readings, scenario
//! section and play. `kepi new/play/legal/replay/autoplay`, the archive and the app reach it
//! only through this trait.

use super::state::{Command, Event, Options, Phase, State};
use crate::engine::dice::{Dice, Roll};
use crate::engine::hash::stable_hash;
use crate::engine::preview::{AttackPreview, Reach, ReachHex};
use crate::engine::setup_state;
use crate::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::Catalog;

pub const KEY: &str = "rifle-and-kepi";

#[derive(Clone, Copy, Debug, Default)]
pub struct RifleAndKepi;

/// RK Turn sequence, its six steps (i-iii are one phase: they need no decision).
pub fn phases() -> Vec<PhaseInfo> {
    let p = |key: &str, name: &str, case: &str| PhaseInfo {
        key: key.into(),
        name: name.into(),
        case: case.into(),
    };
    vec![
        p(
            Phase::Cards.key(),
            Phase::Cards.name(),
            "RK Turn sequence i-iii, RK Rallying",
        ),
        p(
            Phase::Activation.key(),
            Phase::Activation.name(),
            "RK Turn sequence iv, RK Movement, RK Recce, RK Digging in",
        ),
        p(
            Phase::CounterBattery.key(),
            Phase::CounterBattery.name(),
            "RK Turn sequence v, RK Artillery",
        ),
        p(
            Phase::Bombardment.key(),
            "Bombardment, then combat",
            "RK Turn sequence v, RK Artillery, RK Combat, RK Result",
        ),
        p(
            Phase::Fortify.key(),
            Phase::Fortify.name(),
            "RK Turn sequence vi",
        ),
    ]
}

impl Ruleset for RifleAndKepi {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = Options;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "Rifle and Kepi"
    }

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // docs/rules/rifle-and-kepi-changes.md.
    fn rules_version(&self) -> u32 {
        2
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        super::tables::terrain_chart()
    }

    /// RK Scales: "1 hex = 1000m".
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::metres(1000)
    }

    fn catalog(&self) -> &'static Catalog {
        super::tables::catalog()
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        super::tables::FILES.to_vec()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        vec![
            OptionalRule {
                key: "hq_overrides_dithering".into(),
                name: "An HQ's activation overrides dithering".into(),
                case: "RK Turn sequence ii, iv".into(),
                default: true,
                note: "Kepi's reading: a unit an HQ activates acts even if its own card is inverted; off, it may only stand".into(),
            },
            OptionalRule {
                key: "spotting".into(),
                name: "Artillery fires only at spotted units".into(),
                case: "RK Recce, RK Artillery".into(),
                default: true,
                note: "Kepi's reading of what reconnaissance is for: off, artillery fires at any enemy in range".into(),
            },
        ]
    }

    fn phases(&self) -> Vec<PhaseInfo> {
        phases()
    }

    fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
        super::section::read_forces(file, catalog)
    }

    fn check_on_map(&self, file: &ScenarioFile, map: &crate::map::Map) -> Problems {
        super::section::check_on_map(file, map)
    }

    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
        super::section::side_schema(generator)
    }

    /// RK has no victory rules; Kepi's reading scores the sides' objectives and the enemy
    /// units broken (victory.rs), so a scenario carries no victory entries.
    fn own_victory(&self) -> Option<&'static str> {
        Some(
            "each side's objectives, worth their points to the side holding them after the \
             last game-turn, and one point for each enemy unit broken; more points wins",
        )
    }

    fn victory(&self, state: &State) -> Vec<VictoryCondition> {
        super::victory::conditions(state)
    }

    fn start(&self, scenario: &Scenario, options: &Options) -> Result<State, RuleError> {
        super::sequence::start(scenario, options)
    }

    fn apply(
        &self,
        state: &State,
        command: &Command,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), RuleError> {
        super::sequence::apply(state, command, dice)
    }

    fn legal(&self, state: &State) -> Vec<Command> {
        super::legal::legal(state)
    }

    fn progress(&self, s: &State) -> Progress {
        Progress {
            turn: s.turn,
            last_turn: s.setup().game_length,
            player: s.player,
            phase_key: s.phase.key().to_string(),
            phase: s.phase.name().to_string(),
            waiting_for: super::sequence::waiting(s),
            deploying: false,
            over: s.phase == Phase::Over,
        }
    }

    fn outcome(&self, state: &State) -> Option<GameOutcome> {
        state.outcome.clone()
    }

    fn sides(&self, state: &State) -> Vec<SideInfo> {
        state.setup().sides.clone()
    }

    fn state_hash(&self, state: &State) -> String {
        stable_hash(state)
    }

    fn scenario_hash(&self, state: &State) -> String {
        state.setup().scenario_hash.clone()
    }

    fn rolls(&self, events: &[Event]) -> Vec<Roll> {
        setup_state::rolls(events)
    }

    fn describe_command(&self, state: &State, command: &Command) -> String {
        super::report::describe_command(state, command)
    }

    fn command_infos(
        &self,
        state: &State,
        commands: &[Command],
    ) -> Vec<crate::engine::command_info::CommandInfo> {
        super::offers::command_infos(state, commands)
    }

    fn describe_event(&self, _state: &State, event: &Event) -> Option<String> {
        super::report::describe_event(event)
    }

    fn scripted_words(&self, event: &Event) -> Option<String> {
        crate::engine::setup_state::scripted_words(event)
    }

    fn event_kinds(&self) -> Vec<(&'static str, &'static str)> {
        crate::engine::setup_state::NOTE_KINDS.to_vec()
    }

    fn parse_command(&self, _state: &State, value: serde_json::Value) -> Result<Command, String> {
        serde_json::from_value(value).map_err(|e| {
            format!(
                "not a Rifle and Kepi command ({e}); `kepi legal` lists them, e.g. \
                 {{\"kind\":\"step\",\"unit\":\"7-div\",\"to\":\"0305\"}}"
            )
        })
    }

    fn snapshot(&self, state: &State) -> String {
        setup_state::snapshot(state)
    }

    fn restore(&self, root: &State, snapshot: &str) -> Result<State, String> {
        setup_state::restore(root, snapshot)
    }

    fn state_json(&self, state: &State) -> serde_json::Value {
        setup_state::state_json(state)
    }

    fn report(&self, state: &State) -> String {
        super::report::report(state)
    }

    fn board(&self, state: &State) -> crate::engine::counters::Board {
        super::report::board(state)
    }

    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        super::report::markers()
    }

    /// Its counters as the common layout prints them (the type above, the steps left below:
    /// the rules print no counter), turned to the hexside the unit faces (formation and facing
    /// changes, fire at 60 degrees to the front).
    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        crate::engine::counters::CounterLayout {
            facing: crate::engine::counters::FacingLook::Turned,
            ..Default::default()
        }
    }

    /// The hexes the moving unit may enter next, with their cost (RK Movement); a unit not
    /// moving shows what each neighbouring hex would cost it.
    fn reach(&self, s: &State, unit: &str) -> Result<Reach, RuleError> {
        let setup = s.setup();
        let u = setup.unit(unit)?;
        let from = s.units[u].hex;
        let moving = s.active.as_ref().filter(|a| a.unit == u).and_then(|a| a.mp);
        let mut hexes = Vec::new();
        let mut refused = None;
        if let Some(at) = from {
            for n in setup.grid.neighbors(at) {
                match super::movement::step_cost(s, u, n) {
                    Ok((cost, why)) if moving.is_none_or(|mp| cost <= mp) => hexes.push(ReachHex {
                        hex: setup.name(n),
                        cost: cost.to_string(),
                        left: moving.map(|mp| (mp - cost).to_string()).unwrap_or_default(),
                        path: vec![setup.name(n)],
                        notes: why,
                        fires: Vec::new(),
                        command: serde_json::to_value(Command::Step {
                            unit: setup.units[u].id.clone(),
                            to: setup.name(n),
                        })
                        .expect("commands serialize"),
                    }),
                    Ok(_) => {}
                    Err(e) => {
                        refused.get_or_insert(e.to_string());
                    }
                }
            }
        }
        if moving.is_none() {
            refused = Some(format!(
                "{unit} is not moving now: the costs are what each hex would take (RK Movement)"
            ));
        }
        Ok(Reach {
            unit: setup.units[u].id.clone(),
            from: from.map(|h| setup.name(h)),
            allowance: moving
                .map(|m| m.to_string())
                .unwrap_or_else(|| "die".into()),
            spent: "0".into(),
            hexes,
            refused,
        })
    }

    fn preview(&self, s: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
        super::combat_preview::preview(s, commands)
    }

    fn random_player(&self, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(super::legal::RandomPlayer::new(seed))
    }

    /// The computer opponent's levels (`ai/`): "standard".
    fn levels(&self) -> Vec<&'static str> {
        super::ai::LEVELS.to_vec()
    }

    fn computer_player(&self, level: &str, seed: u64) -> Option<Box<dyn Player<Self>>> {
        super::ai::player(level, seed)
    }
}

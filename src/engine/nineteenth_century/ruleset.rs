//! The 19th Century rules on the generic ruleset layer: key, phases, scenario section and
//! play. `kepi new/play/legal/replay/autoplay`, the archive and the app reach it only through
//! this trait.

use super::state::{Command, Event, Options, Phase, State};
use crate::engine::dice::{Dice, Roll};
use crate::engine::hash::stable_hash;
use crate::engine::preview::{
    AttackPreview, Contribution, Modifier, Reach, ReachHex, ResultChance,
};
use crate::engine::setup_state;
use crate::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::Catalog;

pub const KEY: &str = "nineteenth-century";

#[derive(Clone, Copy, Debug, Default)]
pub struct NineteenthCentury;

/// 19C Sequence of Play: movement, shooting, melee, each opened by its initiative roll.
pub fn phases() -> Vec<PhaseInfo> {
    let p = |ph: Phase, case: &str| PhaseInfo {
        key: ph.key().into(),
        name: ph.name().into(),
        case: case.into(),
    };
    vec![
        p(Phase::Movement, "19C Sequence of Play, 19C Movement"),
        p(Phase::Shooting, "19C Sequence of Play, 19C Shooting"),
        p(Phase::Melee, "19C Sequence of Play, 19C Melee"),
    ]
}

impl Ruleset for NineteenthCentury {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = Options;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "19th Century"
    }

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // docs/rules/nineteenth-century-changes.md.
    fn rules_version(&self) -> u32 {
        1
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        super::tables::terrain_chart()
    }

    /// The author's 6-inch grid ("The rules did start out on a 6 inch square grid"), on hexes.
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::new(6, crate::map::LengthUnit::Inches)
    }

    fn catalog(&self) -> &'static Catalog {
        super::tables::catalog()
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        super::tables::FILES.to_vec()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        Vec::new()
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

    /// The 19th Century rules have no victory rules; Kepi's reading scores the sides'
    /// objectives and the enemy units eliminated (victory.rs), so a scenario carries no
    /// victory entries.
    fn own_victory(&self) -> Option<&'static str> {
        Some(
            "each side's objectives, worth their points to the side holding them after the \
             last game-turn, and one point for each enemy unit eliminated; more points wins",
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
            player: s.player(),
            phase_key: s.phase.key().to_string(),
            phase: s.phase.name().to_string(),
            waiting_for: match (s.phase, s.order) {
                (Phase::Over, _) => None,
                (_, None) => Some(format!(
                    "the {} phase's initiative roll",
                    s.phase.name().to_lowercase()
                )),
                (Phase::Melee, Some(_)) => {
                    let left = super::melee::to_strike(s, s.player());
                    (!left.is_empty()).then(|| {
                        format!(
                            "the strikes of {}",
                            left.iter()
                                .map(|&u| s.setup().units[u].id.clone())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                }
                _ => None,
            },
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

    fn command_at(&self, state: &State, command: &Command, hex: &str) -> Option<Command> {
        match command {
            Command::Move { unit, facing, .. } => Some(Command::Move {
                unit: unit.clone(),
                to: hex.to_string(),
                facing: *facing,
            }),
            Command::Shoot { unit, .. } => {
                let setup = state.setup();
                let h = setup.parse(hex).ok()?;
                let t = super::board::at(state, h).into_iter().next()?;
                Some(Command::Shoot {
                    unit: unit.clone(),
                    target: setup.units[t].id.clone(),
                })
            }
            _ => None,
        }
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
                "not a 19th Century command ({e}); `kepi legal` lists them, e.g. \
                 {{\"kind\":\"move\",\"unit\":\"1-inf\",\"to\":\"0305\",\"facing\":\"N\"}}"
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

    /// Its counters as the common layout prints them (the type above, hits taken of the
    /// unit's limit below: the rules are for figures and print no counter), turned to the
    /// hexside the unit faces: it shoots only within 45 degrees of its front.
    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        crate::engine::counters::CounterLayout {
            facing: crate::engine::counters::FacingLook::Turned,
            ..Default::default()
        }
    }

    fn sight(
        &self,
        state: &State,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        let setup = state.setup();
        let (a, b) = (setup.parse(from)?, setup.parse(to)?);
        let u = super::board::at(state, a)
            .into_iter()
            .next()
            .ok_or_else(|| {
                RuleError::not_now(format!(
                    "no unit at {from}: the 19th Century line of sight is a unit's (units in \
                 the way block it, but for artillery on a hill)"
                ))
            })?;
        let r = super::board::sight(state, u, b);
        Ok(crate::engine::preview::Sight {
            from: from.to_string(),
            to: to.to_string(),
            clear: r.is_ok(),
            blocked_by: r.err(),
        })
    }

    /// The hexes the unit may end its move in (19C Movement), each with its path and the
    /// hexes of the move it takes.
    fn reach(&self, s: &State, unit: &str) -> Result<Reach, RuleError> {
        let setup = s.setup();
        let u = setup.unit(unit)?;
        let from = s.units[u].hex;
        let allow = super::movement::allowance(s, u);
        let (hexes, refused) = match super::movement::reach(s, u) {
            Ok(r) => (
                r.iter()
                    .map(|(h, p)| {
                        let last = p.hexes.len().checked_sub(2).map(|i| p.hexes[i]);
                        let facing = super::legal::facing_to(s, last.or(from).unwrap_or(*h), *h);
                        let facing = if last.is_none() && from.is_none() {
                            s.units[u].facing
                        } else {
                            facing
                        };
                        let mut notes = Vec::new();
                        if p.road {
                            notes.push(format!(
                                "all on road: +{} hex",
                                super::tables::tables().movement.road_bonus_hexes
                            ));
                        }
                        ReachHex {
                            hex: setup.name(*h),
                            cost: p.cost.to_string(),
                            left: allow.saturating_sub(p.cost).to_string(),
                            path: p.hexes.iter().map(|x| setup.name(*x)).collect(),
                            notes,
                            fires: Vec::new(),
                            command: serde_json::to_value(Command::Move {
                                unit: setup.units[u].id.clone(),
                                to: setup.name(*h),
                                facing,
                            })
                            .expect("commands serialize"),
                        }
                    })
                    .collect(),
                None,
            ),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        Ok(Reach {
            unit: setup.units[u].id.clone(),
            from: from.map(|h| setup.name(h)),
            allowance: allow.to_string(),
            spent: "0".into(),
            hexes,
            refused,
        })
    }

    /// A shot before its roll (19C Shooting): the dice, every modifier with its case, and the
    /// chance of each number of hits.
    fn preview(&self, s: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
        let Some(Command::Shoot { unit, target }) = commands.first() else {
            return Err(RuleError::not_now(
                "only a shot is previewed (19C Shooting); a melee's strikes are rolled in the \
                 melee phase",
            ));
        };
        let setup = s.setup();
        let (u, t) = (setup.unit(unit)?, setup.unit(target)?);
        let shot = super::fire::shot(s, u, t)?;
        let n = i32::from(shot.dice);
        let outcomes = 6u32.pow(n as u32);
        let mut by_hits: std::collections::BTreeMap<u32, Vec<u32>> = Default::default();
        for k in 1..=6u8 {
            by_hits.entry(shot.hits(k)).or_default().push(u32::from(k));
        }
        let chance = |k: u32| {
            let (a, b) = (k.pow(n as u32), (k - 1).pow(n as u32));
            f64::from(a - b) / f64::from(outcomes)
        };
        let results = by_hits
            .into_iter()
            .map(|(hits, faces)| ResultChance {
                result: format!("{hits}"),
                meaning: format!("{hits} hits"),
                chance: faces.iter().map(|&k| chance(k)).sum(),
                faces,
            })
            .collect();
        let hex = |x: usize| s.units[x].hex.map(|h| setup.name(h)).unwrap_or_default();
        let limit = setup.units[t]
            .eliminated_at
            .map(|l| l.to_string())
            .unwrap_or_default();
        Ok(AttackPreview {
            kind: "shoot".into(),
            target: hex(t),
            attackers: vec![Contribution {
                unit: unit.clone(),
                hex: hex(u),
                base: format!("{}D6 highest", shot.dice),
                value: format!("{:+}", shot.modifier()),
                modifiers: Vec::new(),
            }],
            defenders: vec![Contribution {
                unit: target.clone(),
                hex: hex(t),
                base: format!("{} hits", s.units[t].hits),
                value: format!("eliminated at {limit}"),
                modifiers: Vec::new(),
            }],
            attack_total: format!("highest die {:+}", shot.modifier()),
            defense_total: format!("{} of {limit} hits", s.units[t].hits),
            modifiers: shot
                .terms
                .iter()
                .map(|m| Modifier {
                    name: m.name.clone(),
                    case: m.case.to_string(),
                    effect: format!("{:+}", m.value),
                })
                .collect(),
            column: format!("{:+}", shot.modifier()),
            odds: format!(
                "{}D6, the highest, {:+}: the remaining score is the hits",
                shot.dice,
                shot.modifier()
            ),
            dice: format!("{}d6", shot.dice),
            outcomes: 6,
            results,
            notes: vec![format!(
                "range {} hexes, {} facing {}",
                shot.distance, unit, s.units[u].facing
            )],
        })
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

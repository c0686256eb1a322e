//! Age of Rifles on the generic ruleset layer: its key, phases, optional rule and scenario
//! section, and play through the sequence of play of AoR 4 (`sequence`), its legal commands
//! (`legal`) and the views' board, reach and line of sight. `kepi new/play/legal/replay/
//! autoplay`, the archive and the app reach it only through this trait.

use super::section;
use super::state::{LeaderLoc, Loc, Phase};
use super::tables::charts;
use crate::engine::counters::Board;
use crate::engine::counters::{Counter, Place, SideStanding, Symbol};
use crate::engine::dice::{Dice, Roll};
use crate::engine::hash::stable_hash;
use crate::engine::preview::ReachHex;
use crate::engine::preview::{AttackPreview, Reach};
use crate::engine::setup_state;
use crate::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
    VictoryCondition,
};
use crate::problems::Problems;
use crate::scenario::{Forces, Scenario, ScenarioFile};
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const KEY: &str = "age-of-rifles";

#[derive(Clone, Copy, Debug, Default)]
pub struct AgeOfRifles;

pub use super::state::{Command, Event, State};

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

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // docs/rules/age-of-rifles-changes.md.
    fn rules_version(&self) -> u32 {
        1
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        super::tables::terrain_chart()
    }

    /// The basic rules give no scale; Kepi reads them at 400 m a hex, as the Napoleon's Last
    /// Battles family they refit (docs/rules/age-of-rifles.md, "Scale").
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::metres(400)
    }

    fn catalog(&self) -> &'static Catalog {
        super::tables::catalog()
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        super::tables::FILES.to_vec()
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

    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
        section::side_schema(generator)
    }

    /// AoR 2.1, 2.2: named units, leaders and formations.
    fn forces_editor(&self) -> crate::engine::ruleset::ForcesEditor {
        crate::engine::ruleset::ForcesEditor::Roster
    }

    /// AoR 5.5, 16: night and rain game-turns.
    fn turn_lists(&self) -> Vec<(&'static str, &'static str)> {
        vec![("night_turns", "AoR 5.5, 16"), ("rain_turns", "AoR 5.5")]
    }

    /// Every kind of scripted event (`scripted`).
    fn event_kinds(&self) -> Vec<(&'static str, &'static str)> {
        super::scripted::KINDS.to_vec()
    }

    fn victory(&self, state: &State) -> Vec<VictoryCondition> {
        super::report::victory(state)
    }

    fn start(&self, scenario: &Scenario, options: &Options) -> Result<State, RuleError> {
        let setup = super::setup::build(scenario, options)?;
        Ok(super::sequence::start(Arc::new(setup)))
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

    fn progress(&self, state: &State) -> Progress {
        let setup = state.setup();
        let phase = match state.phase {
            Phase::Deployment => "deployment".to_string(),
            Phase::Over => "over".to_string(),
            p => p.key().to_string(),
        };
        Progress {
            turn: state.turn,
            last_turn: setup.game_length,
            player: state.player,
            phase_key: phase,
            phase: state.phase.name().to_string(),
            waiting_for: super::sequence::waiting(state),
            deploying: state.phase == Phase::Deployment,
            over: state.phase == Phase::Over,
        }
    }

    fn outcome(&self, state: &State) -> Option<GameOutcome> {
        state.outcome.clone()
    }

    fn sides(&self, state: &State) -> Vec<SideInfo> {
        state
            .setup()
            .sides
            .iter()
            .map(|(id, name, color)| SideInfo {
                id: id.clone(),
                name: name.clone(),
                color: color.clone(),
            })
            .collect()
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

    fn command_at(&self, _state: &State, command: &Command, hex: &str) -> Option<Command> {
        super::offers::command_at(command, hex)
    }

    fn scripted_words(&self, event: &Event) -> Option<String> {
        match event {
            Event::Scripted { turn, at, text } => Some(format!("Game-turn {turn}, {at}: {text}")),
            _ => None,
        }
    }

    fn describe_event(&self, _state: &State, event: &Event) -> Option<String> {
        match event {
            Event::Note { text } => Some(text.clone()),
            Event::Scripted { .. } => self
                .scripted_words(event)
                .map(|w| format!("{w} (the scenario's event)")),
            Event::Rolled { roll } => Some(format!(
                "{}: rolled {}",
                roll.purpose,
                roll.faces
                    .iter()
                    .map(|f| f.to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            )),
        }
    }

    fn parse_command(&self, _state: &State, value: serde_json::Value) -> Result<Command, String> {
        serde_json::from_value(value).map_err(|e| {
            format!(
                "not an Age of Rifles command ({e}); `kepi legal` lists them, e.g. \
                 {{\"kind\":\"move\",\"unit\":\"vii-13\",\"to\":\"0305\"}}"
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

    fn board(&self, state: &State) -> Board {
        board(state)
    }

    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        markers()
    }

    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        counter_layout()
    }

    fn sight(
        &self,
        state: &State,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        let setup = state.setup();
        let (a, b) = (setup.parse(from.trim())?, setup.parse(to.trim())?);
        let blocked_by = super::los::line_of_sight(&setup.map, setup.hex(a), setup.hex(b))
            .err()
            .map(|e| e.words(&setup.map));
        Ok(crate::engine::preview::Sight {
            from: setup.name(a),
            to: setup.name(b),
            clear: blocked_by.is_none(),
            blocked_by,
        })
    }

    fn reach(&self, state: &State, unit: &str) -> Result<Reach, RuleError> {
        self.reach_via(state, unit, &[])
    }

    /// Where a unit may go, along paths through the waypoints `via` (AoR 5); each hex with the
    /// passing fires its path draws (AoR 7.12). Leaders take no waypoints.
    fn reach_via(&self, state: &State, unit: &str, via: &[String]) -> Result<Reach, RuleError> {
        let setup = state.setup();
        let ctx = super::position::Ctx::new(state);
        let waypoints = via
            .iter()
            .map(|h| setup.parse(h.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        let via: Vec<String> = waypoints.iter().map(|&h| setup.name(h)).collect();
        let (from, allowance, moves, label) = if let Ok(u) = setup.unit(unit) {
            let from = match state.units[u].loc {
                Loc::At(h) => Some(setup.name(h)),
                _ => None,
            };
            let moves = if waypoints.is_empty() {
                ctx.unit_moves(u)
            } else {
                ctx.unit_moves_via(u, &waypoints).map_err(|e| e.to_string())
            };
            (
                from,
                setup.units[u].movement,
                moves,
                setup.units[u].id.clone(),
            )
        } else {
            let l = setup.leader(unit)?;
            if !waypoints.is_empty() {
                return Err(RuleError::rule(
                    "AoR 11",
                    format!("{}'s move takes no waypoints", setup.leaders[l].name),
                ));
            }
            let from = match state.leaders[l].loc {
                LeaderLoc::At(h) => Some(setup.name(h)),
                _ => None,
            };
            (
                from,
                setup.leaders[l].movement,
                ctx.leader_moves(l),
                setup.leaders[l].id.clone(),
            )
        };
        let mp = super::movement::half_mp;
        let unit_ix = setup.unit(unit).ok();
        let is_unit = unit_ix.is_some();
        let (hexes, refused) = match moves {
            Ok(options) => (
                options
                    .into_iter()
                    .map(|o| {
                        // AoR 7.12: the passing fires the path draws.
                        let fires = match unit_ix {
                            Some(u) => super::passing::path_fires(state, &ctx, u, &o.path),
                            None => Vec::new(),
                        };
                        ReachHex {
                            hex: setup.name(o.to),
                            cost: mp(o.cost),
                            left: mp((allowance * 2).saturating_sub(o.cost)),
                            path: o.path.iter().map(|&h| setup.name(h)).collect(),
                            notes: match unit_ix {
                                Some(u) => super::passing::path_notes(state, &ctx, u, &o.path),
                                None => Vec::new(),
                            },
                            fires: fires.iter().map(|&(_, at, _)| setup.name(at)).collect(),
                            command: serde_json::to_value(if is_unit {
                                Command::Move {
                                    unit: label.clone(),
                                    to: setup.name(o.to),
                                    via: via.clone(),
                                }
                            } else {
                                Command::MoveLeader {
                                    leader: label.clone(),
                                    to: setup.name(o.to),
                                }
                            })
                            .expect("commands serialize"),
                        }
                    })
                    .collect(),
                None,
            ),
            Err(e) => (Vec::new(), Some(e)),
        };
        Ok(Reach {
            unit: label,
            from,
            allowance: allowance.to_string(),
            spent: "0".into(),
            hexes,
            refused,
        })
    }

    fn preview(&self, state: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
        super::preview::preview(state, commands)
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

/// The markers [`board`] shows, as printed: a unit's disruption (AoR 7.4), movement and lost
/// step (6.1); a formation leader's order (12), an order sent and not yet complied with (12.4),
/// and his formation's demoralization (13).
pub fn markers() -> Vec<crate::engine::counters::MarkerKind> {
    use crate::engine::counters::MarkerKind;
    let mut m = vec![
        MarkerKind::new("disrupted", "DISR", [0xf0, 0xc8, 0x20]).back(),
        MarkerKind::new("moved", "MOVED", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("reduced", "REDUCED", [0xe8, 0xa0, 0x90]),
    ];
    for o in section::Order::ALL {
        m.push(MarkerKind::new(
            &format!("order_{}", o.name().to_lowercase()),
            &o.name().to_uppercase(),
            [0xa0, 0xc0, 0xe8],
        ));
    }
    m.push(MarkerKind::new(
        "order_pending",
        "ORDER SENT",
        [0xc8, 0xd8, 0xf0],
    ));
    m.push(MarkerKind::new("demoralized", "DEMOR", [0xc0, 0x40, 0x40]));
    m
}

/// How AoR's counters print (AoR 2.2: "Strength-Morale-Movement"): the formation's id above
/// the symbol, the strength at the lower left, the morale in a ring at the lower right and the
/// movement between them; a leader's rating (2.1) in the ring and his star in the box. The back
/// is the reduced side (6.1: "most units are backprinted"), its strength one step less.
pub fn counter_layout() -> crate::engine::counters::CounterLayout {
    use crate::engine::counters::{BackLook, Corner, CornerText, CounterLayout, CounterText};
    let value = |name: &str| CounterText::Property {
        name: name.to_string(),
    };
    let corner = |corner, name: &str, ring| CornerText {
        corner,
        text: value(name),
        ring,
    };
    CounterLayout {
        top: CounterText::Code,
        bottom: value("Movement"),
        corners: vec![
            corner(Corner::BottomLeft, "Strength", false),
            corner(Corner::BottomRight, "Morale", true),
            // A leader has a rating and no morale: the ring is his.
            corner(Corner::BottomRight, "Rating", true),
        ],
        back: BackLook::Reduced,
        ..CounterLayout::default()
    }
}

/// When a group still to come arrives (AoR 9: reinforcements), in words: "game-turn 3 at
/// 0101, 0102"; `None` for a group placed at the start.
fn arrival(setup: &super::setup::Setup, side: usize, group: &str) -> Option<String> {
    setup
        .placement(side, group)
        .filter(|p| p.turn > 0)
        .map(|p| {
            format!(
                "game-turn {} at {}",
                p.turn,
                p.hexes
                    .iter()
                    .map(|&h| setup.name(h))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// The position as the views draw it: every unit, then every leader, as a counter.
pub fn board(state: &State) -> Board {
    let setup = state.setup();
    let mut counters = Vec::new();
    for (u, d) in setup.units.iter().enumerate() {
        let us = &state.units[u];
        let (place, hex) = match us.loc {
            Loc::Off => (Place::Off, None),
            Loc::At(h) => (Place::Map, Some(setup.name(h))),
            Loc::Eliminated => (Place::Eliminated, None),
            Loc::Exited => (Place::Exited, None),
        };
        let mut markers = Vec::new();
        if us.disrupted.is_some() {
            markers.push("disrupted".to_string());
        }
        if us.moved {
            markers.push("moved".to_string());
        }
        if us.steps < d.steps() {
            markers.push("reduced".to_string());
        }
        let group = setup.formations[d.formation].group.clone();
        let arrives = arrival(setup, d.side, &group).filter(|_| us.loc == Loc::Off);
        counters.push(Counter {
            id: d.id.clone(),
            side: d.side,
            code: setup.formations[d.formation].id.clone(),
            kind: d.kind.key().replace('_', " "),
            symbol: match d.kind {
                section::Kind::Infantry => Symbol::Infantry,
                section::Kind::Cavalry => Symbol::Cavalry,
                section::Kind::FootArtillery => Symbol::Artillery,
                section::Kind::HorseArtillery => Symbol::HorseArtillery,
            },
            values: format!(
                "{}-{}-{}",
                d.strength_at(us.steps.max(1)),
                d.morale,
                d.movement
            ),
            place,
            hex,
            order: u as u32,
            markers,
            group: Some(group),
            arrives,
            // AoR 2.1's counter: combat value (6.1: the reduced side's after a step lost),
            // morale, movement.
            properties: {
                let mut p = vec![
                    (
                        "Strength".to_string(),
                        d.strength_at(us.steps.max(1)).to_string(),
                    ),
                    (
                        "Steps".to_string(),
                        format!("{} of {}", us.steps, d.steps()),
                    ),
                    ("Morale".to_string(), d.morale.to_string()),
                    ("Movement".to_string(), d.movement.to_string()),
                ];
                if d.armament == section::Armament::Repeating {
                    p.push(("Armament".to_string(), "repeating".to_string()));
                }
                // AoR 6.1: a backprinted counter's reverse, the strength after a step lost
                // (what print's counter backs show, `BackLook::Reduced`).
                if us.steps > 1 {
                    p.push((
                        format!("Strength{}", crate::engine::counters::REDUCED),
                        d.strength_at(us.steps - 1).to_string(),
                    ));
                }
                p
            },
            facing: None,
        });
    }
    let base = setup.units.len() as u32;
    for (l, d) in setup.leaders.iter().enumerate() {
        let ls = &state.leaders[l];
        let (place, hex) = match ls.loc {
            LeaderLoc::Off => (Place::Off, None),
            LeaderLoc::At(h) => (Place::Map, Some(setup.name(h))),
            LeaderLoc::Dead { .. } => (Place::Eliminated, None),
            LeaderLoc::Gone => (Place::Exited, None),
        };
        let mut markers = Vec::new();
        if let Some(f) = d.formation {
            markers.push(format!(
                "order_{}",
                state.formations[f].order.name().to_lowercase()
            ));
            if state.formations[f].pending.is_some() {
                markers.push("order_pending".into());
            }
            if state.formations[f].demoralized {
                markers.push("demoralized".into());
            }
        }
        counters.push(Counter {
            id: d.id.clone(),
            side: d.side,
            code: "leader".into(),
            kind: format!("{:?} leader", d.role).to_lowercase(),
            symbol: Symbol::Leader,
            values: format!("{}-{}", ls.rating, d.movement),
            place,
            hex,
            order: base + l as u32,
            markers,
            group: Some(d.group.clone()),
            // AoR 9: a leader arrives with his group, as its units do.
            arrives: arrival(setup, d.side, &d.group).filter(|_| ls.loc == LeaderLoc::Off),
            // AoR 2.1's leader counter: command rating, movement.
            properties: vec![
                ("Rating".to_string(), ls.rating.to_string()),
                ("Movement".to_string(), d.movement.to_string()),
            ],
            facing: None,
        });
    }
    let sides = (0..2)
        .map(|i| SideStanding {
            morale: Some(
                if state.army_demoralized[i] {
                    "demoralized"
                } else {
                    "normal"
                }
                .into(),
            ),
            notes: vec![
                format!(
                    "destroyed {} of {} (AoR 13)",
                    state.destroyed[i], setup.army_demoralization[i]
                ),
                format!("victory points {}", super::victory::points(state, i)),
            ],
        })
        .collect();
    let deployment = if state.phase == Phase::Deployment {
        setup
            .placements
            .iter()
            .filter(|p| p.turn == 0 && p.side == state.player)
            .map(|p| crate::engine::counters::DeploymentArea {
                side: p.side,
                text: p.text.clone(),
                hexes: p.hexes.iter().map(|&h| setup.name(h)).collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Board {
        counters,
        hex_markers: Vec::new(),
        sides,
        deployment,
        cards: Vec::new(),
    }
}

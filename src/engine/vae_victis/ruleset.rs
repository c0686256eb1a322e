//! Vae Victis on the generic ruleset layer: key, phases, scenario section and play. `kepi
//! new/play/legal/replay/autoplay`, the archive and the app reach it only through this trait.

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

pub const KEY: &str = "vae-victis";

#[derive(Clone, Copy, Debug, Default)]
pub struct VaeVictis;

/// VV 4.1 Game Phases.
pub fn phases() -> Vec<PhaseInfo> {
    let p = |ph: Phase, case: &str| PhaseInfo {
        key: ph.key().into(),
        name: ph.name().into(),
        case: case.into(),
    };
    vec![
        p(Phase::Begin, "VV 4.2, VV 3"),
        p(Phase::Movement, "VV 4.1 (1), VV 5"),
        p(Phase::Fire, "VV 4.1 (2), VV 7"),
        p(Phase::Melee, "VV 4.1 (3, 4), VV 8, VV 9"),
    ]
}

impl Ruleset for VaeVictis {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = Options;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "Vae Victis"
    }

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // docs/rules/vae-victis-changes.md.
    fn rules_version(&self) -> u32 {
        3
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        super::tables::terrain_chart()
    }

    /// Hexes of 100 paces (docs/rules/vae-victis.md).
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::new(100, crate::map::LengthUnit::Paces)
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

    /// A new side: no variant yet (the army builder picks it for both sides), no corps.
    fn new_side_section(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("variant".into(), "".into());
        m.insert("nation".into(), "".into());
        m.insert("base_edge".into(), "south".into());
        m.insert("corps".into(), serde_json::Value::Array(Vec::new()));
        m
    }

    /// VV 2 Troops: the points army builder.
    fn scenario_panels(&self) -> Vec<crate::engine::ruleset::ScenarioPanel> {
        vec![crate::engine::ruleset::ScenarioPanel {
            key: super::builder::KEY.into(),
            label: "Army builder".into(),
            case: "VV 2 Troops".into(),
        }]
    }

    /// VV 2 Troops: the army builder's answer (costs, totals, the limits broken).
    fn run_panel(
        &self,
        key: &str,
        _catalog: &Catalog,
        input: &serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        match key {
            super::builder::KEY => super::builder::answer(input),
            _ => Err(format!("Vae Victis has no scenario panel '{key}'")),
        }
    }

    /// VV 10: victory by army morale, then (Kepi's reading) by the sides' objectives, not by
    /// the scenario's entries.
    fn own_victory(&self) -> Option<&'static str> {
        Some(
            "army morale (VV 10): an army loses when more than half of its corps are \
             demoralised; when the last game-turn ends with no army lost, the side holding more \
             objective points wins (each side's objectives, held at the start by the side \
             listing them, then by the side that last had a troop element in the hex)",
        )
    }

    fn victory(&self, s: &State) -> Vec<VictoryCondition> {
        let mut v = super::morale::conditions(s);
        v.extend(super::objectives::conditions(s));
        v
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
            waiting_for: if s.pursuit.is_some() {
                Some("a pursuit taken or declined (VV 8.4)".into())
            } else if s.phase == Phase::Movement && !s.activated {
                Some("the activation dice (VV 5.1)".into())
            } else if s.phase == Phase::Melee {
                let left = super::melee::pending(s);
                (!left.is_empty()).then(|| {
                    format!(
                        "the melees of {}",
                        left.iter()
                            .map(|&(a, _)| s.setup().elements[a].id.clone())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            } else {
                None
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
            Command::Move {
                element, facing, ..
            } => Some(Command::Move {
                element: element.clone(),
                to: hex.to_string(),
                facing: *facing,
            }),
            Command::MoveGroup {
                elements, facing, ..
            } => Some(Command::MoveGroup {
                elements: elements.clone(),
                to: hex.to_string(),
                facing: *facing,
            }),
            Command::Fire { element, .. } => {
                let setup = state.setup();
                let t = super::geometry::at(state, setup.parse(hex).ok()?)?;
                Some(Command::Fire {
                    element: element.clone(),
                    target: setup.elements[t].id.clone(),
                    supports: Vec::new(),
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
                "not a Vae Victis command ({e}); `kepi legal` lists them, e.g. \
                 {{\"kind\":\"move\",\"element\":\"II-1\",\"to\":\"0305\",\"facing\":\"N\"}}"
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

    /// Its counters as the common layout prints them (the troop type above, fire and melee
    /// factors below: the rules are for elements on bases), turned to the front face the
    /// element's zone of control and field of fire project from.
    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        crate::engine::counters::CounterLayout {
            facing: crate::engine::counters::FacingLook::Turned,
            ..Default::default()
        }
    }

    /// VV 7.2: the line of fire of the element at `from` to `to`.
    fn sight(
        &self,
        state: &State,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        let setup = state.setup();
        let (a, b) = (setup.parse(from)?, setup.parse(to)?);
        let e = super::geometry::at(state, a).ok_or_else(|| {
            RuleError::not_now(format!(
                "no element at {from}: the Vae Victis line of fire is an element's (VV 7.2)"
            ))
        })?;
        let r = super::geometry::line_of_fire(state, e, b, false);
        Ok(crate::engine::preview::Sight {
            from: from.to_string(),
            to: to.to_string(),
            clear: r.is_ok(),
            blocked_by: r.err(),
        })
    }

    /// The hexes the element may end its move in (VV 5), each with its path and the share
    /// of the move it takes (of 420).
    fn reach(&self, s: &State, element: &str) -> Result<Reach, RuleError> {
        let setup = s.setup();
        let e = setup.element(element)?;
        let from = s.elements[e].hex;
        let (hexes, refused) = match super::movement::may_act(s, e) {
            Ok(()) => (
                super::movement::reach(s, e, None)
                    .into_iter()
                    .map(|(h, p)| {
                        let last = p.hexes[p.hexes.len() - 2];
                        ReachHex {
                            hex: setup.name(h),
                            cost: p.cost.to_string(),
                            left: super::paces::WHOLE_MOVE.saturating_sub(p.cost).to_string(),
                            path: p.hexes.iter().map(|x| setup.name(*x)).collect(),
                            notes: Vec::new(),
                            fires: Vec::new(),
                            command: serde_json::to_value(Command::Move {
                                element: setup.elements[e].id.clone(),
                                to: setup.name(h),
                                facing: reach_facing(s, e, h, last),
                            })
                            .expect("commands serialize"),
                        }
                    })
                    .collect(),
                None,
            ),
            Err(err) => (Vec::new(), Some(err.to_string())),
        };
        Ok(Reach {
            unit: setup.elements[e].id.clone(),
            from: from.map(|h| setup.name(h)),
            allowance: super::paces::WHOLE_MOVE.to_string(),
            spent: "0".into(),
            hexes,
            refused,
        })
    }

    /// A fire combat before its dice (VV 7.6): both scores with their terms and the chance of
    /// each result over the 36 pairs of faces.
    fn preview(&self, s: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
        let Some(Command::Fire {
            element,
            target,
            supports,
        }) = commands.first()
        else {
            return Err(RuleError::not_now("only fire is previewed (VV 7.6)"));
        };
        let setup = s.setup();
        let (f, t) = (setup.element(element)?, setup.element(target)?);
        let sup = supports
            .iter()
            .map(|x| setup.element(x))
            .collect::<Result<Vec<_>, _>>()?;
        let c = super::fire::combat(s, f, t, &sup)?;
        let mut counts: std::collections::BTreeMap<String, (u32, Vec<u32>)> = Default::default();
        for df in 1..=6 {
            for dt in 1..=6 {
                let (ft, tt) = (df + c.firer.modifier(), dt + c.target.modifier());
                let r = match super::combat::severity(tt, ft) {
                    None => "no effect".to_string(),
                    Some(sev) => {
                        format!("{:?}", super::combat::result(s, t, f, sev, false)).to_lowercase()
                    }
                };
                let x = counts.entry(r).or_default();
                x.0 += 1;
                if !x.1.contains(&(df as u32)) {
                    x.1.push(df as u32);
                }
            }
        }
        let hex = |x: usize| s.elements[x].hex.map(|h| setup.name(h)).unwrap_or_default();
        let mods = |sc: &super::combat::Score| {
            sc.terms
                .iter()
                .map(|m| Modifier {
                    name: m.text.clone(),
                    case: format!("VV {} Tactical Factors", setup.sheet_name()),
                    effect: format!("{:+}", m.value),
                })
                .collect::<Vec<_>>()
        };
        Ok(AttackPreview {
            kind: "fire".into(),
            target: hex(t),
            attackers: vec![Contribution {
                unit: element.clone(),
                hex: hex(f),
                base: format!("{} {}", c.firer.base_name, c.firer.base),
                value: format!("{:+}", c.firer.modifier()),
                modifiers: mods(&c.firer),
            }],
            defenders: vec![Contribution {
                unit: target.clone(),
                hex: hex(t),
                base: format!("{} {}", c.target.base_name, c.target.base),
                value: format!("{:+}", c.target.modifier()),
                modifiers: mods(&c.target),
            }],
            attack_total: format!("d6 {:+}", c.firer.modifier()),
            defense_total: format!("d6 {:+}", c.target.modifier()),
            // Each side's tactical factors are its own (listed under it above); none is on
            // the totals.
            modifiers: Vec::new(),
            column: format!("{:?}", c.band).to_lowercase(),
            odds: "opposed d6 (VV 7.6)".into(),
            dice: "2d6".into(),
            outcomes: 36,
            results: counts
                .into_iter()
                .map(|(r, (n, faces))| ResultChance {
                    meaning: r.clone(),
                    result: r,
                    chance: f64::from(n) / 36.0,
                    faces,
                })
                .collect(),
            notes: vec![if c.returns_fire {
                "the target returns fire (VV 7.6)".into()
            } else {
                "the target defends with its melee factor (VV 7.6)".into()
            }],
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

/// The facing a click on `h` in the play view moves `e` with: the first the legal list offers
/// there (into contact, toward the first enemy it touches, VV 8; in an enemy zone of control,
/// toward one of its owners, VV 6), else the last step's.
fn reach_facing(
    s: &State,
    e: usize,
    h: crate::map::HexCoord,
    last: crate::map::HexCoord,
) -> crate::engine::facing::Facing {
    use super::geometry::{self, at, hexside_toward, side, troop};
    use crate::engine::facing::Facing;
    let setup = s.setup();
    if setup.elements[e].role == super::state::Role::Troop {
        if super::movement::contact_hex(s, e, h) {
            if let Some(n) = setup
                .grid
                .neighbors(h)
                .find(|&n| at(s, n).is_some_and(|o| troop(s, o) && side(s, o) != side(s, e)))
            {
                return hexside_toward(s, h, n);
            }
        } else if !s.elements[e].square {
            let owners = geometry::zone_owners(s, side(s, e), h);
            if !owners.is_empty()
                && let Some(f) = Facing::all()
                    .filter(|f| f.is_hexside(&setup.grid))
                    .find(|&f| geometry::aligned(s, &owners, h, f, false))
            {
                return f;
            }
        }
    }
    hexside_toward(s, last, h)
}

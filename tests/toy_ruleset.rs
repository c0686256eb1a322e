//! A test-only rule system ("Toy": two unit kinds, one d6 table) registered at run time plays
//! through every game command of the CLI and of the archive — new, legal, play, state, reach,
//! preview, replay, tree, branch, export and import of a game, autoplay — with no code of its
//! own outside this file. This is the proof that the game layer is generic (issue 11).

use kepi::archive::{Archive, GameTree};
use kepi::engine::dice::{Dice, DiceSpec, Roll, RollRequest};
use kepi::engine::game::registry;
use kepi::engine::hash::stable_hash;
use kepi::engine::preview::{AttackPreview, Contribution, Reach, ReachHex, ResultChance};
use kepi::engine::ruleset::{OwnKind, OwnRules};
use kepi::engine::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, RuleError, Ruleset, SideInfo,
};
use kepi::map::{Grid, HexCoord};
use kepi::problems::Problems;
use kepi::scenario::rules::VictoryRule;
use kepi::scenario::{Forces, GroupForces, Scenario, ScenarioFile, Section, SideForces, Stacking};
use kepi::tables::{Catalog, CombatResults, TerrainEffects};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

mod toy {
    use super::*;

    pub const KEY: &str = "kepi-toy";

    const CATALOG: &str = r#"{"format": "kepi-catalog", "version": 1, "ruleset": "kepi-toy",
      "name": "Toy units", "description": "Two kinds.", "units": [
      {"code": "FT", "name": "Foot", "arm": "infantry",
       "fire_attack": {"value": 2, "source": "reconstructed"},
       "fire_defense": {"value": 2, "source": "reconstructed"},
       "range": {"value": 1, "source": "reconstructed"},
       "movement": {"value": 1, "source": "reconstructed"},
       "shock": {"value": 1, "source": "reconstructed"},
       "stacking": {"value": 1, "source": "reconstructed"}},
      {"code": "HS", "name": "Horse", "arm": "cavalry",
       "fire_attack": {"value": 4, "source": "reconstructed"},
       "fire_defense": {"value": 1, "source": "reconstructed"},
       "range": {"value": 1, "source": "reconstructed"},
       "movement": {"value": 1, "source": "reconstructed"},
       "shock": {"value": 1, "source": "reconstructed"},
       "stacking": {"value": 1, "source": "reconstructed"}}]}"#;
    /// The one d6 table: attack against defense, rounded down to a column.
    const TABLE: &str = r#"{"format": "kepi-combat-results", "version": 1, "ruleset": "kepi-toy",
      "name": "Toy table", "reference": "Toy 2", "source": "reconstructed", "dice": "1d6",
      "columns": ["1-2", "1-1", "2-1"],
      "rows": [{"roll": 1, "results": ["-", "-", "-"]}, {"roll": 2, "results": ["-", "-", "E"]},
               {"roll": 3, "results": ["-", "-", "E"]}, {"roll": 4, "results": ["-", "E", "E"]},
               {"roll": 5, "results": ["-", "E", "E"]}, {"roll": 6, "results": ["E", "E", "E"]}],
      "results": [{"code": "-", "name": "No effect"}, {"code": "E", "name": "Eliminated"}]}"#;
    const TERRAIN: &str = r##"{"format": "kepi-terrain-effects", "version": 1,
      "ruleset": "kepi-toy", "name": "Toy terrain", "reference": "Toy 1",
      "default_terrain": "open", "terrain": [{"key": "open", "name": "Open", "movement": 1,
      "defense": 1, "blocks_line_of_sight": false, "color": "#e8e2c4",
      "source": "reconstructed"}], "hexsides": [], "routes": [], "conditions": []}"##;
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Toy;

    #[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        /// Toy 3 (optional): horse attacks twice as hard.
        pub fierce_horse: bool,
    }

    #[derive(Debug)]
    pub struct Setup {
        pub grid: Grid,
        pub sides: Vec<SideInfo>,
        /// (side, label, attack, defense) per unit.
        pub units: Vec<(usize, String, u32, u32)>,
        pub zones: Vec<Vec<HexCoord>>,
        pub first: usize,
        pub last_turn: u32,
        pub table: CombatResults,
        /// The side that must destroy the other, and who wins otherwise.
        pub destroyer: usize,
        pub otherwise: usize,
        pub hash: String,
        pub options: Options,
    }

    #[derive(Clone, Debug, Serialize, Deserialize)]
    pub struct State {
        #[serde(skip)]
        pub setup: Option<Arc<Setup>>,
        pub turn: u32,
        pub player: usize,
        pub deploying: bool,
        pub hex: Vec<Option<HexCoord>>,
        pub alive: Vec<bool>,
        pub acted: Vec<bool>,
        pub outcome: Option<GameOutcome>,
    }

    impl State {
        pub fn setup(&self) -> &Setup {
            self.setup.as_deref().expect("states carry their setup")
        }
        pub fn at(&self, h: HexCoord) -> Option<usize> {
            (0..self.hex.len()).find(|&u| self.alive[u] && self.hex[u] == Some(h))
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
    pub enum Command {
        Deploy { unit: usize, hex: HexCoord },
        Move { unit: usize, to: HexCoord },
        Attack { unit: usize, target: HexCoord },
        EndTurn,
    }

    #[derive(Clone, Debug, Serialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Event {
        Rolled { roll: Roll },
        Eliminated { unit: usize },
        Over { outcome: GameOutcome },
    }

    /// The toy's own order-of-battle shape, unlike Rifle & Saber's formula: each side lists
    /// named units, `"units": [{"name": "West FT 1", "kind": "FT", "group": "a"}]`.
    #[derive(Clone, Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct RosterUnit {
        pub name: String,
        pub kind: String,
        #[serde(default)]
        pub group: Option<String>,
    }

    #[derive(Clone, Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct SideRoster {
        pub units: Vec<RosterUnit>,
    }

    /// The section a toy scenario carries: each side's roster, in the file's order.
    pub struct ToySection(pub Vec<SideRoster>);

    /// The toy's own kind of special rule (Toy 5), written in the scenario's `special_rules`
    /// beside Kepi's shared kinds.
    #[derive(Clone, Debug, Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    pub enum ToyRule {
        /// Toy 5: the named units defend one point stronger.
        ToyStubborn { units: Vec<String> },
    }

    /// The scenario's toy rules with their fields (`special_rules[i].rule`); the shared kinds
    /// are not the toy's to read.
    fn toy_rules(file: &ScenarioFile) -> Vec<(String, Result<ToyRule, String>)> {
        file.special_rules
            .iter()
            .enumerate()
            .filter_map(|(i, r)| Some((format!("special_rules[{i}].rule"), r.rule.own()?.read())))
            .collect()
    }

    /// Toy 4: two units in a hex.
    const STACKING: Stacking = Stacking {
        per_hex: 2,
        measure: "units",
        case: "Toy 4",
    };

    fn read_forces(file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
        let mut p = Problems::new();
        let mut rosters = Vec::new();
        let mut sides = Vec::new();
        for (i, s) in file.sides.iter().enumerate() {
            let roster: SideRoster =
                match serde_json::from_value(serde_json::Value::Object(s.forces.clone())) {
                    Ok(r) => r,
                    Err(e) => {
                        p.push(format!("sides[{i}]"), e.to_string());
                        sides.push(None);
                        continue;
                    }
                };
            let mut groups: Vec<GroupForces> = Vec::new();
            for (j, u) in roster.units.iter().enumerate() {
                if catalog.unit(&u.kind).is_none() {
                    p.push(
                        format!("sides[{i}].units[{j}].kind"),
                        format!("no unit kind '{}'", u.kind),
                    );
                }
                if roster.units[..j].iter().any(|o| o.name == u.name) {
                    p.push(
                        format!("sides[{i}].units[{j}].name"),
                        format!("two units are called '{}'", u.name),
                    );
                }
                match groups.iter_mut().find(|g| g.label == u.group) {
                    Some(g) => {
                        g.units += 1;
                        g.stacking += 1;
                    }
                    None => groups.push(GroupForces {
                        label: u.group.clone(),
                        units: 1,
                        stacking: 1,
                    }),
                }
            }
            sides.push(Some(SideForces {
                groups,
                summary: format!("{} units", roster.units.len()),
                kinds: roster.units.iter().map(|u| u.kind.clone()).collect(),
            }));
            rosters.push(roster);
        }
        for (field, rule) in toy_rules(file) {
            match rule {
                Ok(ToyRule::ToyStubborn { units }) => {
                    for (j, name) in units.iter().enumerate() {
                        if !rosters
                            .iter()
                            .any(|r| r.units.iter().any(|u| &u.name == name))
                        {
                            p.push(
                                format!("{field}.units[{j}]"),
                                format!("no unit is called '{name}' (Toy 5)"),
                            );
                        }
                    }
                }
                Err(e) => p.push(field, e),
            }
        }
        let forces = Forces {
            sides,
            stacking: STACKING,
            section: Section::new(ToySection(rosters)),
        };
        (forces, p)
    }

    fn refuse(m: String) -> RuleError {
        RuleError::rule("Toy 2", m)
    }

    /// The toy's three tables: its catalog, its map chart and its one d6 table. Read once the
    /// toy is registered (their files name its key).
    pub struct Tables {
        pub catalog: Catalog,
        pub terrain: TerrainEffects,
        pub table: CombatResults,
    }

    pub fn tables() -> &'static Tables {
        static T: OnceLock<Tables> = OnceLock::new();
        T.get_or_init(|| Tables {
            catalog: Catalog::from_text(CATALOG).unwrap_or_else(|p| panic!("toy catalog: {p}")),
            terrain: TerrainEffects::from_text(TERRAIN)
                .unwrap_or_else(|p| panic!("toy terrain: {p}")),
            table: kepi::document::from_text(TABLE, kepi::document::DocumentKind::CombatResults)
                .and_then(CombatResults::checked)
                .unwrap_or_else(|p| panic!("toy table: {p}")),
        })
    }

    fn column(s: &State, attacker: usize, defender: usize) -> usize {
        let (_, _, a, _) = s.setup().units[attacker];
        let a = if s.setup().options.fierce_horse && a == 4 {
            8
        } else {
            a
        };
        let (_, _, _, d) = s.setup().units[defender];
        s.setup().table.column_for(
            kepi::frac::Frac::int(a as i64),
            kepi::frac::Frac::int(d as i64),
        )
    }

    fn finish(s: &mut State, events: &mut Vec<Event>) {
        let alive =
            |side: usize| (0..s.alive.len()).any(|u| s.alive[u] && s.setup().units[u].0 == side);
        let enemy = 1 - s.setup().destroyer;
        let winner = if !alive(enemy) {
            Some(s.setup().destroyer)
        } else if s.turn > s.setup().last_turn {
            Some(s.setup().otherwise)
        } else {
            None
        };
        if let Some(w) = winner {
            let o = GameOutcome {
                winner: Some(w),
                level: Some("marginal".into()),
                reason: "Toy 4: destroy all, or the other side wins".into(),
            };
            events.push(Event::Over { outcome: o.clone() });
            s.outcome = Some(o);
        }
    }

    impl Ruleset for Toy {
        type State = State;
        type Command = Command;
        type Event = Event;
        type Options = Options;

        fn key(&self) -> &'static str {
            KEY
        }
        fn name(&self) -> &'static str {
            "Toy"
        }
        fn terrain_chart(&self) -> &'static TerrainEffects {
            &tables().terrain
        }
        fn map_scale(&self) -> kepi::map::MapScale {
            kepi::map::MapScale::metres(100)
        }
        fn catalog(&self) -> &'static Catalog {
            &tables().catalog
        }
        fn table_files(&self) -> Vec<(&'static str, &'static str)> {
            vec![
                ("catalog.json", CATALOG),
                ("terrain-effects.json", TERRAIN),
                ("table.json", TABLE),
            ]
        }
        fn optional_rules(&self) -> Vec<OptionalRule> {
            vec![OptionalRule {
                key: "fierce_horse".into(),
                name: "Fierce horse".into(),
                case: "Toy 3".into(),
                default: false,
                note: String::new(),
            }]
        }
        fn phases(&self) -> Vec<PhaseInfo> {
            ["deployment", "play"]
                .iter()
                .map(|k| PhaseInfo {
                    key: k.to_string(),
                    name: k.to_string(),
                    case: "Toy 1".into(),
                })
                .collect()
        }
        fn forces(&self, file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
            read_forces(file, catalog)
        }
        fn side_schema(&self, _: &mut schemars::SchemaGenerator) -> serde_json::Value {
            kepi::schema::side_entry(
                "One side of a toy scenario: its roster.",
                serde_json::json!({"units": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "kind": {"type": "string"},
                                   "group": {"type": "string"}},
                    "required": ["name", "kind"], "additionalProperties": false}}}),
                &["units"],
            )
        }
        fn own_rules(&self, _: &mut schemars::SchemaGenerator) -> OwnRules {
            OwnRules {
                victory: Vec::new(),
                special: vec![OwnKind {
                    kind: "toy_stubborn",
                    schema: serde_json::json!({
                        "description": "Toy 5: the named units defend one point stronger.",
                        "type": "object",
                        "properties": {
                            "kind": {"type": "string", "const": "toy_stubborn"},
                            "units": {"type": "array", "items": {"type": "string"}},
                        },
                        "required": ["kind", "units"],
                        "additionalProperties": false,
                    }),
                }],
            }
        }
        fn start(&self, sc: &Scenario, options: &Options) -> Result<State, RuleError> {
            let Some(VictoryRule::DestroyAll {
                side, otherwise, ..
            }) = sc.file.victory[0].rule.shared()
            else {
                return Err(RuleError::Unimplemented(
                    "the toy rules know only destroy_all victory".into(),
                ));
            };
            let side_index = |id: &str| sc.sides.iter().position(|s| s.id == id).unwrap_or(0);
            let mut units = Vec::new();
            let ToySection(rosters) = sc.section.get::<ToySection>().expect("a toy scenario");
            // Toy 5: stubborn units defend one point stronger.
            let stubborn: Vec<String> = toy_rules(&sc.file)
                .into_iter()
                .flat_map(|(_, r)| match r {
                    Ok(ToyRule::ToyStubborn { units }) => units,
                    Err(_) => Vec::new(),
                })
                .collect();
            for (i, roster) in rosters.iter().enumerate() {
                for u in &roster.units {
                    let t = sc.catalog.unit(&u.kind).expect("validated kind");
                    units.push((
                        i,
                        u.name.clone(),
                        t.fire_attack.value.floor() as u32,
                        t.fire_defense.value.floor() as u32 + u32::from(stubborn.contains(&u.name)),
                    ));
                }
            }
            let setup = Setup {
                grid: sc.map.grid,
                sides: sc
                    .sides
                    .iter()
                    .map(|s| SideInfo {
                        id: s.id.clone(),
                        name: s.name.clone(),
                        color: s.color.clone(),
                    })
                    .collect(),
                zones: (0..2)
                    .map(|i| {
                        sc.deployments
                            .iter()
                            .filter(|d| d.side == i)
                            .flat_map(|d| d.hexes.iter().copied())
                            .collect()
                    })
                    .collect(),
                first: sc.moves_first,
                last_turn: sc.file.game_length,
                table: tables().table.clone(),
                destroyer: side_index(side),
                otherwise: side_index(&otherwise.winner),
                hash: stable_hash(&(&sc.file, &sc.map.to_file(), options)),
                options: options.clone(),
                units,
            };
            let n = setup.units.len();
            Ok(State {
                turn: 0,
                player: sc.deploys_first,
                deploying: true,
                hex: vec![None; n],
                alive: vec![true; n],
                acted: vec![false; n],
                outcome: None,
                setup: Some(Arc::new(setup)),
            })
        }
        fn apply(
            &self,
            state: &State,
            c: &Command,
            dice: &mut dyn Dice,
        ) -> Result<(State, Vec<Event>), RuleError> {
            let mut s = state.clone();
            let mut ev = Vec::new();
            if s.outcome.is_some() {
                return Err(RuleError::not_now("the game is over"));
            }
            let own = |s: &State, u: usize| -> Result<(), RuleError> {
                if u >= s.hex.len() || s.setup().units[u].0 != s.player || !s.alive[u] {
                    return Err(RuleError::not_now(format!("unit {u} is not yours to use")));
                }
                Ok(())
            };
            match c {
                Command::Deploy { unit, hex } => {
                    own(&s, *unit)?;
                    if !s.deploying || s.hex[*unit].is_some() {
                        return Err(RuleError::not_now("not deploying that unit now"));
                    }
                    if !s.setup().zones[s.player].contains(hex) || s.at(*hex).is_some() {
                        return Err(refuse(format!("{hex} is not a free hex of the zone")));
                    }
                    s.hex[*unit] = Some(*hex);
                    let left = (0..s.hex.len())
                        .any(|u| s.setup().units[u].0 == s.player && s.hex[u].is_none());
                    if !left {
                        let other = 1 - s.player;
                        if (0..s.hex.len())
                            .any(|u| s.setup().units[u].0 == other && s.hex[u].is_none())
                        {
                            s.player = other;
                        } else {
                            s.deploying = false;
                            s.turn = 1;
                            s.player = s.setup().first;
                        }
                    }
                }
                Command::Move { unit, to } => {
                    own(&s, *unit)?;
                    let from = s.hex[*unit].ok_or_else(|| RuleError::not_now("not deployed"))?;
                    if s.deploying || s.acted[*unit] {
                        return Err(refuse("each unit acts once a turn".into()));
                    }
                    if s.setup().grid.distance(from, *to) != 1 || s.at(*to).is_some() {
                        return Err(refuse(format!("{to} is not a free adjacent hex")));
                    }
                    s.hex[*unit] = Some(*to);
                    s.acted[*unit] = true;
                }
                Command::Attack { unit, target } => {
                    own(&s, *unit)?;
                    let from = s.hex[*unit].ok_or_else(|| RuleError::not_now("not deployed"))?;
                    let d = s.at(*target).filter(|&d| s.setup().units[d].0 != s.player);
                    let Some(d) = d.filter(|_| s.setup().grid.distance(from, *target) == 1) else {
                        return Err(refuse(format!("no enemy adjacent at {target}")));
                    };
                    if s.deploying || s.acted[*unit] {
                        return Err(refuse("each unit acts once a turn".into()));
                    }
                    let col = column(&s, *unit, d);
                    let req = RollRequest {
                        purpose: "toy attack (Toy 2)".into(),
                        spec: DiceSpec::D6,
                        context: serde_json::json!({"column": col}),
                    };
                    let r = dice.roll(&req)?;
                    let face = r.faces[0];
                    ev.push(Event::Rolled {
                        roll: Roll {
                            purpose: req.purpose,
                            spec: req.spec,
                            faces: r.faces.clone(),
                            total: face as u32,
                            context: req.context,
                            forced: r.forced,
                        },
                    });
                    s.acted[*unit] = true;
                    if s.setup().table.result(col, face as u32) == Some("E") {
                        s.alive[d] = false;
                        ev.push(Event::Eliminated { unit: d });
                        finish(&mut s, &mut ev);
                    }
                }
                Command::EndTurn => {
                    if s.deploying {
                        return Err(RuleError::not_now("deploy every unit first"));
                    }
                    s.acted.iter_mut().for_each(|a| *a = false);
                    if s.player == s.setup().first {
                        s.player = 1 - s.player;
                    } else {
                        s.player = s.setup().first;
                        s.turn += 1;
                        finish(&mut s, &mut ev);
                    }
                }
            }
            Ok((s, ev))
        }
        fn legal(&self, s: &State) -> Vec<Command> {
            let mut out = Vec::new();
            if s.outcome.is_some() {
                return out;
            }
            let g = s.setup().grid;
            for u in 0..s.hex.len() {
                if s.setup().units[u].0 != s.player || !s.alive[u] {
                    continue;
                }
                if s.deploying {
                    if s.hex[u].is_none() {
                        for h in &s.setup().zones[s.player] {
                            if s.at(*h).is_none() {
                                out.push(Command::Deploy { unit: u, hex: *h });
                            }
                        }
                    }
                    continue;
                }
                let Some(h) = s.hex[u] else { continue };
                if s.acted[u] {
                    continue;
                }
                for n in g.neighbors(h) {
                    match s.at(n) {
                        None => out.push(Command::Move { unit: u, to: n }),
                        Some(o) if s.setup().units[o].0 != s.player => {
                            out.push(Command::Attack { unit: u, target: n })
                        }
                        _ => {}
                    }
                }
            }
            if !s.deploying {
                out.push(Command::EndTurn);
            }
            out
        }
        fn progress(&self, s: &State) -> Progress {
            let key = if s.outcome.is_some() {
                "over"
            } else if s.deploying {
                "deployment"
            } else {
                "play"
            };
            Progress {
                turn: s.turn,
                last_turn: s.setup().last_turn,
                player: s.player,
                phase_key: key.into(),
                phase: key.into(),
                waiting_for: None,
                deploying: s.deploying,
                over: s.outcome.is_some(),
            }
        }
        fn outcome(&self, s: &State) -> Option<GameOutcome> {
            s.outcome.clone()
        }
        fn victory(&self, s: &State) -> Vec<kepi::engine::VictoryCondition> {
            use kepi::engine::ConditionStatus;
            let st = s.setup();
            let enemy = 1 - st.destroyer;
            let left = (0..st.units.len())
                .filter(|&u| st.units[u].0 == enemy && s.alive[u])
                .count();
            let status = match (&s.outcome, left) {
                (_, 0) => ConditionStatus::Met,
                (Some(_), _) => ConditionStatus::NotMet,
                (None, _) => ConditionStatus::Open,
            };
            vec![kepi::engine::VictoryCondition {
                text: "Destroy every enemy unit.".into(),
                side: Some(st.destroyer),
                level: None,
                status,
                detail: format!("{left} enemy unit(s) left"),
            }]
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
            events
                .iter()
                .filter_map(|e| match e {
                    Event::Rolled { roll } => Some(roll.clone()),
                    _ => None,
                })
                .collect()
        }
        fn command_infos(
            &self,
            s: &State,
            commands: &[Command],
        ) -> Vec<kepi::engine::command_info::CommandInfo> {
            use kepi::engine::command_info::{CommandInfo, Offer};
            let l = |u: &usize| s.setup().units[*u].1.clone();
            let n = |h: &HexCoord| s.setup().grid.name(*h);
            commands
                .iter()
                .map(|c| match c {
                    Command::Deploy { unit, hex } => {
                        CommandInfo::at_hex("deploy", Some(l(unit)), n(hex))
                    }
                    Command::Move { unit, to } => CommandInfo::new("move", Offer::Reach)
                        .unit(l(unit))
                        .hex(n(to)),
                    Command::Attack { unit, target } => {
                        CommandInfo::at_hex("attack", Some(l(unit)), n(target))
                    }
                    Command::EndTurn => CommandInfo::button("end_turn").ends_phase(),
                })
                .collect()
        }

        fn describe_command(&self, s: &State, c: &Command) -> String {
            let l = |u: &usize| {
                s.setup()
                    .units
                    .get(*u)
                    .map(|x| x.1.clone())
                    .unwrap_or_default()
            };
            let n = |h: &HexCoord| s.setup().grid.name(*h);
            match c {
                Command::Deploy { unit, hex } => format!("Deploy {} at {}", l(unit), n(hex)),
                Command::Move { unit, to } => format!("Move {} to {}", l(unit), n(to)),
                Command::Attack { unit, target } => format!("{} attacks {}", l(unit), n(target)),
                Command::EndTurn => "End turn".into(),
            }
        }
        fn describe_event(&self, s: &State, e: &Event) -> Option<String> {
            Some(match e {
                Event::Rolled { roll } => format!("rolled {:?}", roll.faces),
                Event::Eliminated { unit } => format!("{} eliminated", s.setup().units[*unit].1),
                Event::Over { outcome } => format!("game over: {}", outcome.reason),
            })
        }
        fn parse_command(&self, s: &State, mut v: serde_json::Value) -> Result<Command, String> {
            if let Some(serde_json::Value::String(label)) = v.get("unit").cloned() {
                let u = s.setup().units.iter().position(|x| x.1 == label);
                v["unit"] = serde_json::json!(u.ok_or(format!("no unit called '{label}'"))?);
            }
            for k in ["hex", "to", "target"] {
                if let Some(serde_json::Value::String(name)) = v.get(k).cloned() {
                    let h = s
                        .setup()
                        .grid
                        .parse(&name)
                        .ok_or(format!("no hex {name}"))?;
                    v[k] = serde_json::to_value(h).unwrap();
                }
            }
            serde_json::from_value(v).map_err(|e| e.to_string())
        }
        fn snapshot(&self, s: &State) -> String {
            serde_json::to_string(s).unwrap()
        }
        fn restore(&self, root: &State, text: &str) -> Result<State, String> {
            let mut s: State = serde_json::from_str(text).map_err(|e| e.to_string())?;
            s.setup = root.setup.clone();
            Ok(s)
        }
        fn state_json(&self, s: &State) -> serde_json::Value {
            let mut v = serde_json::to_value(s).unwrap();
            v["hash"] = serde_json::json!(stable_hash(s));
            v
        }
        fn report(&self, s: &State) -> String {
            (0..s.hex.len())
                .map(|u| {
                    let at = match (s.alive[u], s.hex[u]) {
                        (false, _) => "eliminated".to_string(),
                        (true, Some(h)) => s.setup().grid.name(h),
                        (true, None) => "not deployed".to_string(),
                    };
                    format!("{} {at}", s.setup().units[u].1)
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        fn board(&self, s: &State) -> kepi::engine::counters::Board {
            use kepi::engine::counters::{Board, Counter, Place, SideStanding, Symbol};
            let st = s.setup();
            let counters = st
                .units
                .iter()
                .enumerate()
                .map(|(u, (side, label, attack, defense))| Counter {
                    id: label.clone(),
                    side: *side,
                    code: if *attack > 1 { "FT" } else { "SK" }.into(),
                    kind: "toy unit".into(),
                    symbol: Symbol::Infantry,
                    values: format!("{attack}-{defense}"),
                    place: match (s.alive[u], s.hex[u]) {
                        (false, _) => Place::Eliminated,
                        (true, Some(_)) => Place::Map,
                        (true, None) => Place::Off,
                    },
                    hex: s.hex[u].filter(|_| s.alive[u]).map(|h| st.grid.name(h)),
                    order: u as u32,
                    markers: if s.acted[u] {
                        vec!["fired".into()]
                    } else {
                        Vec::new()
                    },
                    group: None,
                    arrives: None,
                    properties: vec![
                        ("Attack".into(), attack.to_string()),
                        ("Defense".into(), defense.to_string()),
                    ],
                    facing: None,
                })
                .collect();
            Board {
                counters,
                hex_markers: Vec::new(),
                sides: st
                    .sides
                    .iter()
                    .map(|_| SideStanding {
                        morale: None,
                        notes: Vec::new(),
                    })
                    .collect(),
                deployment: Vec::new(),
            }
        }
        fn reach(&self, s: &State, unit: &str) -> Result<Reach, RuleError> {
            let u = s
                .setup()
                .units
                .iter()
                .position(|x| x.1 == unit)
                .ok_or_else(|| RuleError::not_now(format!("no unit called '{unit}'")))?;
            let hexes = self
                .legal(s)
                .into_iter()
                .filter_map(|c| match c {
                    Command::Move { unit, to } if unit == u => Some(ReachHex {
                        hex: s.setup().grid.name(to),
                        cost: "1".into(),
                        left: "0".into(),
                        path: vec![s.setup().grid.name(to)],
                        notes: Vec::new(),
                        fires: Vec::new(),
                        command: serde_json::to_value(Command::Move { unit, to })
                            .expect("commands serialize"),
                    }),
                    _ => None,
                })
                .collect();
            Ok(Reach {
                unit: unit.into(),
                from: s.hex[u].map(|h| s.setup().grid.name(h)),
                allowance: "1".into(),
                spent: "0".into(),
                hexes,
                refused: None,
            })
        }
        fn preview(&self, s: &State, cs: &[Command]) -> Result<AttackPreview, RuleError> {
            let Some(Command::Attack { unit, target }) = cs.last() else {
                return Err(RuleError::not_now("preview an attack"));
            };
            let d = s
                .at(*target)
                .ok_or_else(|| RuleError::not_now("nobody there"))?;
            let col = column(s, *unit, d);
            let t = &s.setup().table;
            let mut results: Vec<ResultChance> = Vec::new();
            for row in &t.rows {
                let code = t.result(col, row.roll).unwrap().to_string();
                match results.iter_mut().find(|r| r.result == code) {
                    Some(r) => r.faces.push(row.roll),
                    None => results.push(ResultChance {
                        meaning: code.clone(),
                        result: code,
                        faces: vec![row.roll],
                        chance: 0.0,
                    }),
                }
            }
            for r in &mut results {
                r.chance = r.faces.len() as f64 / 6.0;
            }
            let c = |u: usize| Contribution {
                unit: s.setup().units[u].1.clone(),
                hex: s.hex[u].map(|h| s.setup().grid.name(h)).unwrap_or_default(),
                base: String::new(),
                value: String::new(),
                modifiers: Vec::new(),
            };
            Ok(AttackPreview {
                kind: "attack".into(),
                target: s.setup().grid.name(*target),
                attackers: vec![c(*unit)],
                defenders: vec![c(d)],
                attack_total: s.setup().units[*unit].2.to_string(),
                defense_total: s.setup().units[d].3.to_string(),
                modifiers: Vec::new(),
                column: t.columns[col].to_string(),
                odds: t.columns[col].to_string(),
                dice: "1d6".into(),
                outcomes: 6,
                results,
                notes: Vec::new(),
            })
        }
        fn random_player(&self, seed: u64) -> Box<dyn Player<Self>> {
            Box::new(Random(
                seed.wrapping_mul(6364136223846793005).wrapping_add(1),
            ))
        }
    }

    /// Attacks when it can, else moves towards the nearest enemy (ties at random); ends the
    /// turn one time in four.
    struct Random(u64);

    impl Player<Toy> for Random {
        fn next(&mut self, s: &State) -> Command {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (self.0 >> 33) as usize;
            let legal = Toy.legal(s);
            if s.deploying {
                return legal[r % legal.len()].clone();
            }
            if let Some(a) = legal.iter().find(|c| matches!(c, Command::Attack { .. })) {
                return a.clone();
            }
            if r.is_multiple_of(4) {
                return Command::EndTurn;
            }
            let g = s.setup().grid;
            let near = |h: HexCoord| {
                (0..s.hex.len())
                    .filter(|&u| s.alive[u] && s.setup().units[u].0 != s.player)
                    .filter_map(|u| s.hex[u].map(|e| g.distance(h, e)))
                    .min()
                    .unwrap_or(0)
            };
            let moves: Vec<&Command> = legal
                .iter()
                .filter(|c| matches!(c, Command::Move { .. }))
                .collect();
            let best = moves
                .iter()
                .map(|c| match c {
                    Command::Move { to, .. } => near(*to),
                    _ => u32::MAX,
                })
                .min();
            let best: Vec<&&Command> = moves
                .iter()
                .filter(|c| matches!(c, Command::Move { to, .. } if Some(near(*to)) == best))
                .collect();
            match best.len() {
                0 => Command::EndTurn,
                n => (*best[r % n]).clone(),
            }
        }
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/toy")
}

fn scenario_path() -> String {
    fixtures()
        .join("scenarios/toy-skirmish.json")
        .display()
        .to_string()
}

/// `kepi ARGS...` in this process (where the toy rules are registered); exit status 0.
fn kepi(args: &[&str]) {
    registry::register(toy::Toy).unwrap();
    let mut all = vec!["kepi"];
    all.extend_from_slice(args);
    let code = kepi::cli::run_from(all);
    assert_eq!(
        format!("{code:?}"),
        format!("{:?}", ExitCode::SUCCESS),
        "kepi {}",
        args.join(" ")
    );
}

#[test]
fn the_toy_rules_play_through_every_game_command_of_the_cli_and_the_archive() {
    registry::register(toy::Toy).unwrap();
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("toy.kepi");
    let db_s = db.display().to_string();
    let sc = scenario_path();
    kepi(&["validate", &sc]);
    kepi(&["rules"]);
    // A game in the archive, deployed at random, then commands from a script.
    kepi(&["new", &sc, "--db", &db_s, "--seed", "4", "--auto-deploy"]);
    kepi(&["legal", "--db", &db_s, "--game", "1"]);
    let script = d.path().join("moves.jsonl");
    let ar = Archive::open(&db).unwrap();
    let tip = ar.tip(1).unwrap();
    let state = ar.state_at(tip.id).unwrap();
    assert!(
        !state.progress().deploying,
        "auto-deploy deployed both sides"
    );
    let typed = state.downcast::<toy::State>().unwrap();
    let west_ft1 = typed.hex[0].unwrap();
    let g = ar.game_setup(1).unwrap().map.grid;
    let free = g
        .neighbors(west_ft1)
        .find(|h| typed.at(*h).is_none())
        .unwrap();
    drop(ar);
    std::fs::write(
        &script,
        format!(
            "{{\"type\": \"move\", \"unit\": \"West FT 1\", \"to\": \"{}\"}}\n{{\"type\": \"end_turn\"}}\n",
            g.name(free)
        ),
    )
    .unwrap();
    kepi(&["reach", "--db", &db_s, "--game", "1", "--unit", "West FT 1"]);
    kepi(&[
        "play",
        "--db",
        &db_s,
        "--game",
        "1",
        "--script",
        &script.display().to_string(),
    ]);
    // Play the game to its end with the random player, through the archive API.
    let mut ar = Archive::open(&db).unwrap();
    let mut node = ar.tip(1).unwrap().id;
    let mut state = ar.state_at(node).unwrap();
    let mut player = state.rules().random_player(9);
    let mut rolled = None;
    while !state.progress().over {
        let c = player.next(&state);
        let (n, applied) = ar
            .play(node, &c, &mut std::collections::VecDeque::new())
            .unwrap();
        if !applied.rolls.is_empty() && rolled.is_none() {
            rolled = Some(n);
        }
        node = n;
        state = applied.state;
    }
    assert!(ar.game(1).unwrap().finished.is_some());
    let nodes = ar.verify_game(1).unwrap();
    assert!(nodes > 10);
    drop(ar);
    let rolled = rolled.expect("some attack was rolled").to_string();
    kepi(&["replay", "--db", &db_s, "--node", &rolled, "--json"]);
    kepi(&["tree", "--db", &db_s, "--game", "1"]);
    // What if that roll had been a 6 (and a 1)? New variations, replayed and checked.
    kepi(&[
        "branch", "--db", &db_s, "--node", &rolled, "--force", "0=6", "--name", "six",
    ]);
    kepi(&["branch", "--db", &db_s, "--node", &rolled, "--force", "0=1"]);
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.verify_game(1).unwrap(), nodes + 2);
    let forced = ar
        .children(ar.node(rolled.parse().unwrap()).unwrap().parent.unwrap())
        .unwrap();
    assert_eq!(forced.len(), 3);
    assert!(ar.rolls(forced[1].id).unwrap()[0].forced);
    drop(ar);
    // Export and import into a fresh archive: the same tree, hash for hash.
    let file = d.path().join("toy-game.json");
    kepi(&[
        "export-game",
        "--db",
        &db_s,
        "--game",
        "1",
        "--out",
        &file.display().to_string(),
    ]);
    let other = d.path().join("other.kepi");
    kepi(&[
        "import-game",
        "--db",
        &other.display().to_string(),
        &file.display().to_string(),
    ]);
    let a = Archive::open(&db).unwrap();
    let b = Archive::open(&other).unwrap();
    let hashes = |ar: &Archive| {
        ar.nodes(1)
            .unwrap()
            .into_iter()
            .map(|n| n.state_hash)
            .collect::<Vec<_>>()
    };
    assert_eq!(hashes(&a), hashes(&b));
    assert_eq!(b.verify_game(1).unwrap(), nodes + 2);
    // A tampered record is refused, naming the node.
    let mut tree = GameTree::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let last = tree.nodes.len() - 1;
    tree.nodes[last].state_hash = "0".repeat(64);
    let mut third = Archive::open(&d.path().join("third.kepi")).unwrap();
    let e = third.import_game(&tree).unwrap_err().to_string();
    assert!(e.contains(&format!("node {}", tree.nodes[last].id)), "{e}");
    assert!(third.games().unwrap().is_empty(), "nothing written");
    // So is a forged roll: its total, purpose or forced mark must be what the faces make.
    let mut forged = GameTree::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let k = forged
        .nodes
        .iter()
        .position(|n| !n.rolls.is_empty())
        .unwrap();
    forged.nodes[k].rolls[0].total = 99;
    let e = third.import_game(&forged).unwrap_err().to_string();
    assert!(e.contains("roll 0 is recorded as"), "{e}");
    assert!(third.games().unwrap().is_empty(), "nothing written");
    // Autoplay into the archive and as game files; state of a game file; preview an attack.
    kepi(&[
        "autoplay",
        &sc,
        "--db",
        &db_s,
        "--games",
        "3",
        "--rule",
        "fierce_horse=on",
    ]);
    let saved = d.path().join("saved");
    kepi(&[
        "autoplay",
        &sc,
        "--games",
        "2",
        "--save",
        &saved.display().to_string(),
    ]);
    let game_file = saved.join("toy-skirmish-1.json");
    kepi(&["state", &game_file.display().to_string()]);
    kepi(&[
        "state",
        &game_file.display().to_string(),
        "--json",
        "--at",
        "10",
    ]);
    kepi(&["validate", &game_file.display().to_string()]);
    // A record whose rule system is not its scenario's is refused, naming the field.
    let mut rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game_file).unwrap()).unwrap();
    rec.ruleset = kepi::engine::game::registry::id("rifle-and-saber").unwrap();
    let e = rec.replay(None).unwrap_err().to_string();
    assert!(
        e.starts_with("ruleset: the record says Rifle & Saber, its scenario Toy"),
        "{e}"
    );
    // So are options the rules do not have.
    let mut rec =
        kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game_file).unwrap()).unwrap();
    rec.options = serde_json::json!({"morale": true});
    let e = rec.replay(None).unwrap_err().to_string();
    assert!(
        e.starts_with("options: unknown optional rule 'morale'"),
        "{e}"
    );
    let ar = Archive::open(&db).unwrap();
    assert_eq!(ar.games().unwrap().len(), 4);
    for gm in ar.games().unwrap() {
        assert_eq!(gm.ruleset, toy::KEY);
        assert!(gm.finished.is_some());
        ar.verify_game(gm.id).unwrap();
    }
    assert_eq!(ar.games().unwrap()[1].options["fierce_horse"], true);
}

#[test]
fn a_toy_game_file_replays_and_a_preview_changes_nothing() {
    registry::register(toy::Toy).unwrap();
    let d = tempfile::tempdir().unwrap();
    let game = d.path().join("g.json");
    let g = game.display().to_string();
    kepi(&[
        "new",
        &scenario_path(),
        "--out",
        &g,
        "--seed",
        "2",
        "--auto-deploy",
    ]);
    // Walk the two sides into contact through `kepi play`, one command a line.
    let script = d.path().join("s.jsonl");
    let lines = [r#"{"type": "end_turn"}"#, r#"{"type": "end_turn"}"#];
    std::fs::write(&script, lines.join("\n")).unwrap();
    kepi(&["play", &g, "--script", &script.display().to_string()]);
    let rec = kepi::game::GameRecord::from_text(&std::fs::read_to_string(&game).unwrap()).unwrap();
    let state = rec.replay(None).unwrap();
    assert_eq!(state.progress().turn, 2);
    // Place an attack by hand: put West FT 1 beside East FT 1 in a copy of the record.
    let typed = state.downcast::<toy::State>().unwrap();
    let east = (0..typed.hex.len())
        .find(|&u| typed.setup.as_ref().unwrap().units[u].0 == 1)
        .unwrap();
    let target = typed.hex[east].unwrap();
    let rules = state.rules();
    let p = rules
        .preview(
            &state,
            &[serde_json::json!({"type": "attack", "unit": 0, "target": target})],
        )
        .unwrap();
    let total: f64 = p.results.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(p.dice, "1d6");
    let before = std::fs::read_to_string(&game).unwrap();
    let pv = d.path().join("p.jsonl");
    std::fs::write(&pv, r#"{"type": "end_turn"}"#).unwrap();
    // `kepi preview` refuses what is not an attack, and never writes the game.
    registry::register(toy::Toy).unwrap();
    let code = kepi::cli::run_from(["kepi", "preview", &g, "--script", &pv.display().to_string()]);
    assert_ne!(format!("{code:?}"), format!("{:?}", ExitCode::SUCCESS));
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
}

/// The scenario's sides carry each system's own section: the toy's roster of named units is
/// read and checked by the toy rules, every problem at once with its field; the common checks
/// weigh deployment zones with the toy's stacking limit; and Rifle & Saber refuses the toy's
/// shape by field name, as the toy refuses Rifle & Saber's formula.
#[test]
fn each_system_reads_and_checks_its_own_section_of_a_scenario() {
    registry::register(toy::Toy).unwrap();
    let text = std::fs::read_to_string(scenario_path()).unwrap();
    let map_path = fixtures().join("maps/toy-field.json");
    let map = kepi::library::load_map(&map_path).unwrap();
    let catalog = toy::tables().catalog.clone();
    let check = |text: &str| -> Result<Scenario, String> {
        let file = ScenarioFile::from_text(text).map_err(|p| p.to_string())?;
        Scenario::new(file, map.clone(), catalog.clone()).map_err(|p| p.to_string())
    };

    let ok = check(&text).unwrap();
    assert_eq!(ok.sides[0].forces.summary, "4 units");
    assert_eq!(ok.sides[1].forces.groups[0].units, 4);

    let bad = text.replacen(
        r#"{"name": "West FT 2", "kind": "FT"}"#,
        r#"{"name": "West FT 1", "kind": "XX"}"#,
        1,
    );
    let mut v: serde_json::Value = serde_json::from_str(&bad).unwrap();
    v["sides"][1]["oob"] = serde_json::json!("3 FT");
    let bad = v.to_string();
    let err = check(&bad).unwrap_err();
    assert!(
        err.contains("sides[0].units[1].kind: no unit kind 'XX'"),
        "{err}"
    );
    assert!(
        err.contains("sides[0].units[1].name: two units are called 'West FT 1'"),
        "{err}"
    );
    assert!(err.contains("sides[1]: unknown field `oob`"), "{err}");

    // Four units in a zone of one hex: the toy's limit is two units a hex (Toy 4).
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["deployment"][0]["zone"]["hexes"] = serde_json::json!(["0101"]);
    let err = check(&v.to_string()).unwrap_err();
    assert!(
        err.contains("deployment[0].zone: 4 units do not fit in 1 hex of 2 each (Toy 4)"),
        "{err}"
    );

    // The toy's roster in a Rifle & Saber scenario is refused by Rifle & Saber, by field.
    let rs = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-01-fatehpur.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rs).unwrap();
    v["sides"][0]["units"] = serde_json::json!([{"name": "West FT 1", "kind": "FT"}]);
    v["sides"][1].as_object_mut().unwrap().remove("oob");
    let file = ScenarioFile::from_text(&v.to_string()).unwrap();
    let rs_map = kepi::shipped::load_map("rifle-and-saber").unwrap();
    let err = Scenario::new(
        file,
        rs_map,
        kepi::engine::game::registry::id("rifle-and-saber")
            .unwrap()
            .catalog()
            .unwrap()
            .clone(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("sides[0].units: unknown field; a Rifle & Saber side has"),
        "{err}"
    );
    assert!(err.contains("sides[1].oob: missing"), "{err}");
}

#[test]
fn a_system_reads_its_own_kind_of_special_rule_and_others_refuse_it() {
    registry::register(toy::Toy).unwrap();
    let text = std::fs::read_to_string(scenario_path()).unwrap();
    let map = kepi::library::load_map(&fixtures().join("maps/toy-field.json")).unwrap();
    let catalog = toy::tables().catalog.clone();
    let with_rule = |rule: serde_json::Value| -> String {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["special_rules"] = serde_json::json!([{"text": "West FT 1 holds on.", "rule": rule}]);
        v.to_string()
    };
    let check = |text: &str| -> Result<Scenario, String> {
        let file = ScenarioFile::from_text(text).map_err(|p| p.to_string())?;
        Scenario::new(file, map.clone(), catalog.clone()).map_err(|p| p.to_string())
    };

    // Read, written back as it was, and played: West FT 1 defends at 3 (Toy 5), not 2.
    let text_ok = with_rule(serde_json::json!({"kind": "toy_stubborn", "units": ["West FT 1"]}));
    let sc = check(&text_ok).unwrap();
    let written: serde_json::Value = serde_json::from_str(&sc.file.to_text()).unwrap();
    assert_eq!(
        written["special_rules"][0]["rule"],
        serde_json::json!({"kind": "toy_stubborn", "units": ["West FT 1"]})
    );
    let state = toy::Toy.start(&sc, &Default::default()).unwrap();
    let defense = |name: &str| {
        let s = state.setup();
        s.units.iter().find(|u| u.1 == name).map(|u| u.3).unwrap()
    };
    assert_eq!((defense("West FT 1"), defense("West FT 2")), (3, 2));

    // Its fields are the toy's to check, by field.
    let err = check(&with_rule(
        serde_json::json!({"kind": "toy_stubborn", "units": ["Nobody"]}),
    ))
    .unwrap_err();
    assert!(
        err.contains("special_rules[0].rule.units[0]: no unit is called 'Nobody' (Toy 5)"),
        "{err}"
    );
    let err = check(&with_rule(
        serde_json::json!({"kind": "toy_stubborn", "unit": ["West FT 1"]}),
    ))
    .unwrap_err();
    assert!(
        err.contains("special_rules[0].rule: unknown field `unit`, expected `units`"),
        "{err}"
    );
    // A kind nobody has is refused, listing the shared kinds and the toy's own.
    let err = check(&with_rule(serde_json::json!({"kind": "toy_brave"}))).unwrap_err();
    assert!(
        err.contains(
            "special_rules[0].rule.kind: unknown kind of special rule 'toy_brave'; Kepi's \
             kinds: treat_as_clear, "
        ) && err.contains("; Toy's own: toy_stubborn"),
        "{err}"
    );
    // A shared kind with a wrong field keeps serde's words, not "unknown kind".
    let err = check(&with_rule(
        serde_json::json!({"kind": "no_movement", "sid": "west"}),
    ))
    .unwrap_err();
    assert!(err.contains("unknown field `sid`"), "{err}");

    // The toy's rule in a Rifle & Saber scenario: Rifle & Saber has no kinds of its own.
    let rs = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rs-01-fatehpur.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&rs).unwrap();
    v["special_rules"] =
        serde_json::json!([{"text": "x", "rule": {"kind": "toy_stubborn", "units": []}}]);
    let file = ScenarioFile::from_text(&v.to_string()).unwrap();
    let rs_id = registry::id("rifle-and-saber").unwrap();
    let err = Scenario::new(
        file,
        kepi::shipped::load_map("rifle-and-saber").unwrap(),
        rs_id.catalog().unwrap().clone(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("special_rules[0].rule.kind: unknown kind of special rule 'toy_stubborn'")
            && err.contains("Rifle & Saber has no kinds of its own"),
        "{err}"
    );

    // The scenario view's schema of the toy offers its kind and its sides; Rifle & Saber's
    // does not offer the toy's kind.
    let schema = kepi::schema::SchemaKind::scenario_for(toy::KEY).unwrap();
    let kinds = |schema: &serde_json::Value| -> Vec<String> {
        schema["$defs"]["SpecialRule"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|k| k["properties"]["kind"]["const"].as_str().map(String::from))
            .collect()
    };
    assert!(kinds(&schema).contains(&"toy_stubborn".to_string()));
    assert!(kinds(&schema).contains(&"no_movement".to_string()));
    assert!(schema["$defs"]["KepiToySideEntry"]["properties"]["units"].is_object());
    let rs_schema = kepi::schema::SchemaKind::scenario_for("rifle-and-saber").unwrap();
    assert!(!kinds(&rs_schema).contains(&"toy_stubborn".to_string()));
    assert!(rs_schema["$defs"]["KepiToySideEntry"].is_null());
}

//! Rifle & Saber through the common [`Ruleset`] interface: the only place its state, command
//! and event types meet the generic game layer.

use super::autoplay::Policy;
use super::board::Board;
use super::command::{Command, Event};
use super::fire::{attack_strength, defense_factors, fire_defense};
use super::movement::{allowance, check_mover, search};
use super::setup::{GameOptions, Setup};
use super::shock::{attack_value, defense_value, morale_factor};
use super::state::{Ammo, Location, Pending, Phase, State, UnitId};
use super::tables::Tables;
use crate::engine::dice::{Dice, FixedDice, Roll};
use crate::engine::error::RuleError;
use crate::engine::preview::{
    AttackPreview, Contribution, Modifier, Reach, ReachHex, ResultChance,
};
use crate::engine::ruleset::{
    GameOutcome, OptionalRule, PhaseInfo, Player, Progress, Ruleset, SideInfo,
};
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::Scenario;
use std::fmt::Write as _;
use std::sync::Arc;

/// Rifle & Saber (SPI, 1973).
#[derive(Clone, Copy, Debug, Default)]
pub struct RifleAndSaber;

/// The key files and the registry name Rifle & Saber by.
pub const KEY: &str = "rifle-and-saber";

/// The random player of `kepi autoplay` and auto-deploy.
struct RandomPlayer(Policy);

impl Player<RifleAndSaber> for RandomPlayer {
    fn next(&mut self, state: &State) -> Command {
        self.0.next(state)
    }
}

fn rule(key: &str, name: &str, case: &str, default: bool, note: &str) -> OptionalRule {
    OptionalRule {
        key: key.into(),
        name: name.into(),
        case: case.into(),
        default,
        note: note.into(),
    }
}

/// A unit named as commands name it: its label ("British MZ 3", "French (b) EB 2" with or
/// without the group, any case) or its number.
pub fn find_unit(state: &State, name: &str) -> Result<UnitId, String> {
    let t = name.trim();
    if let Ok(n) = t.parse::<usize>()
        && n < state.units.len()
    {
        return Ok(n);
    }
    (0..state.units.len())
        .find(|&u| state.answers_to(u, t))
        .ok_or_else(|| format!("no unit called '{t}'"))
}

fn phase_key(p: Phase) -> &'static str {
    match p {
        Phase::Deployment => "deployment",
        Phase::Fire => "fire",
        Phase::Movement => "movement",
        Phase::Shock => "shock",
        Phase::Over => "over",
    }
}

impl Ruleset for RifleAndSaber {
    type State = State;
    type Command = Command;
    type Event = Event;
    type Options = GameOptions;

    fn key(&self) -> &'static str {
        KEY
    }

    fn name(&self) -> &'static str {
        "Rifle & Saber"
    }

    // Raised with every change to a game's states, legal commands or rolls; its changelog:
    // docs/rules/rifle-and-saber-changes.md.
    fn rules_version(&self) -> u32 {
        // A test build may raise it with a rule changed on purpose (test_rules_change).
        super::test_rules_change::rules_version(1)
    }

    fn terrain_chart(&self) -> &'static crate::tables::TerrainEffects {
        &Tables::embedded().terrain
    }

    /// R&S errata of 30 April 1973, [1.1] Game Scale: "Each hex in Rifle & Saber represents
    /// about 50 meters from side to side."
    fn map_scale(&self) -> crate::map::MapScale {
        crate::map::MapScale::metres(50)
    }

    fn catalog(&self) -> &'static crate::tables::Catalog {
        &Tables::embedded().catalog
    }

    fn table_files(&self) -> Vec<(&'static str, &'static str)> {
        super::tables::FILES.to_vec()
    }

    /// `kepi factor` (R&S 11.18) and `kepi oob`.
    fn tools(&self) -> Vec<crate::engine::ruleset::Tool> {
        super::tools::tools()
    }

    /// Legal moves of Plevna, Fatehpur's random games, the levels' player-turns (issue 18).
    fn bench(&self) -> Option<crate::engine::ruleset::BenchFigures> {
        Some(super::bench::figures)
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        let on = "on by default: the scenarios' orders of battle and morale levels use it";
        vec![
            rule("morale", "Morale levels", "R&S 10.1", true, on),
            rule(
                "improved_positions",
                "Improved positions",
                "R&S 10.2",
                true,
                on,
            ),
            rule("trenches", "Trenches", "R&S 10.3", true, on),
            rule(
                "range_effects",
                "Range effects chart",
                "R&S 10.4",
                false,
                "",
            ),
            rule("road_movement", "Road movement mode", "R&S 10.5", false, ""),
        ]
    }

    fn phases(&self) -> Vec<PhaseInfo> {
        [
            (Phase::Deployment, "R&S 11.0"),
            (Phase::Fire, "R&S 3.0 step 1"),
            (Phase::Movement, "R&S 3.0 step 2"),
            (Phase::Shock, "R&S 3.0 step 3"),
        ]
        .into_iter()
        .map(|(p, case)| PhaseInfo {
            key: phase_key(p).into(),
            name: p.name().into(),
            case: case.into(),
        })
        .collect()
    }

    fn forces(
        &self,
        file: &crate::scenario::ScenarioFile,
        catalog: &crate::tables::Catalog,
    ) -> (crate::scenario::Forces, crate::problems::Problems) {
        let (forces, mut p) = super::scenario::forces(file, catalog);
        super::scripted::check(file, &forces, &mut p);
        (forces, p)
    }

    /// The kinds of scripted event it plays (`scripted`).
    fn event_kinds(&self) -> Vec<(&'static str, &'static str)> {
        super::scripted::KINDS.to_vec()
    }

    fn side_schema(&self, generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
        super::scenario::side_schema(generator)
    }

    /// R&S 11.0: a side's forces are an order-of-battle formula.
    fn forces_editor(&self) -> crate::engine::ruleset::ForcesEditor {
        crate::engine::ruleset::ForcesEditor::Formula(super::formula::SYNTAX)
    }

    fn new_side_section(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("oob".into(), serde_json::Value::String(String::new()));
        m
    }

    /// R&S 11.18: the scenario-creation method (`kepi factor`).
    fn scenario_panels(&self) -> Vec<crate::engine::ruleset::ScenarioPanel> {
        vec![crate::engine::ruleset::ScenarioPanel {
            key: super::factor::panel::KEY.into(),
            label: "11.18".into(),
            case: "R&S 11.18".into(),
        }]
    }

    /// R&S 11.18: the creation method's panel.
    fn run_panel(
        &self,
        key: &str,
        catalog: &crate::tables::Catalog,
        input: &serde_json::Value,
    ) -> Result<serde_json::Value, String> {
        match key {
            super::factor::panel::KEY => super::factor::panel::answer(catalog, input),
            _ => Err(format!("Rifle & Saber has no scenario panel '{key}'")),
        }
    }

    /// R&S 10.2, 10.3 and scenario 17: trenches, improved positions and limber markers.
    fn order_markers(&self) -> Vec<&'static str> {
        super::oob::Extra::ALL.iter().map(|e| e.key()).collect()
    }

    fn victory(&self, state: &Self::State) -> Vec<crate::engine::VictoryCondition> {
        super::victory::conditions(state)
    }

    fn start(
        &self,
        scenario: &Scenario,
        options: &Self::Options,
    ) -> Result<Self::State, RuleError> {
        if scenario.file.ruleset.key() != KEY {
            return Err(RuleError::Unimplemented(format!(
                "{} scenarios in the Rifle & Saber engine",
                scenario.file.ruleset.name()
            )));
        }
        let setup = Setup::new(scenario, *options)?;
        Ok(super::new_game(Arc::new(setup)))
    }

    fn apply(
        &self,
        state: &Self::State,
        command: &Self::Command,
        dice: &mut dyn Dice,
    ) -> Result<(Self::State, Vec<Self::Event>), RuleError> {
        super::apply(state, command, dice)
    }

    fn legal(&self, state: &Self::State) -> Vec<Self::Command> {
        super::legal(state)
    }

    fn progress(&self, s: &Self::State) -> Progress {
        let waiting_for = s.pending.as_ref().map(|p| match p {
            Pending::Retreat { unit, .. } => format!("the retreat path of {}", s.label(*unit)),
            Pending::ShockLosses { .. } => "which units the shock attack disrupts".to_string(),
        });
        Progress {
            turn: s.turn,
            last_turn: s.setup.game_length,
            player: s.pending.as_ref().map(|p| p.side()).unwrap_or(s.player),
            phase_key: phase_key(s.phase).into(),
            phase: s.phase.name().to_string(),
            waiting_for,
            deploying: s.phase == Phase::Deployment,
            over: s.phase == Phase::Over,
        }
    }

    fn outcome(&self, state: &Self::State) -> Option<GameOutcome> {
        state.outcome.as_ref().map(|o| GameOutcome {
            winner: o.winner,
            level: o.level.map(|l| format!("{l:?}").to_lowercase()),
            reason: super::describe::outcome_words(
                [&state.setup.sides[0].name, &state.setup.sides[1].name],
                o.winner,
                &o.reason,
            ),
        })
    }

    fn sides(&self, state: &Self::State) -> Vec<SideInfo> {
        state
            .setup
            .sides
            .iter()
            .map(|s| SideInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                color: s.color.clone(),
            })
            .collect()
    }

    fn state_hash(&self, state: &Self::State) -> String {
        state.hash()
    }

    fn scenario_hash(&self, state: &Self::State) -> String {
        state.setup.scenario_hash.clone()
    }

    fn rolls(&self, events: &[Self::Event]) -> Vec<Roll> {
        events.iter().filter_map(|e| e.roll().cloned()).collect()
    }

    fn describe_command(&self, state: &Self::State, command: &Self::Command) -> String {
        super::describe::describe_command(state, command)
    }

    fn command_infos(
        &self,
        state: &Self::State,
        commands: &[Self::Command],
    ) -> Vec<crate::engine::command_info::CommandInfo> {
        commands
            .iter()
            .map(|c| super::offers::command_info(state, c))
            .collect()
    }

    fn command_at(
        &self,
        state: &Self::State,
        command: &Self::Command,
        hex: &str,
    ) -> Option<Self::Command> {
        super::offers::command_at(state, command, hex)
    }

    fn describe_event(&self, state: &Self::State, event: &Self::Event) -> Option<String> {
        super::describe::describe_event(state, event)
    }

    fn scripted_words(&self, event: &Self::Event) -> Option<String> {
        super::describe::scripted_words(event)
    }

    fn parse_command(
        &self,
        state: &Self::State,
        value: serde_json::Value,
    ) -> Result<Self::Command, String> {
        super::describe::parse_command(state, value)
    }

    fn snapshot(&self, state: &Self::State) -> String {
        serde_json::to_string(state).expect("states serialize")
    }

    fn restore(&self, root: &Self::State, snapshot: &str) -> Result<Self::State, String> {
        State::from_snapshot(snapshot, root.setup.clone()).map_err(|e| e.to_string())
    }

    fn snapshot_bytes(&self, state: &Self::State) -> Vec<u8> {
        state.to_snapshot_bytes()
    }

    fn restore_bytes(&self, root: &Self::State, bytes: &[u8]) -> Result<Self::State, String> {
        State::from_snapshot_bytes(bytes, root.setup.clone())
    }

    fn state_json(&self, state: &Self::State) -> serde_json::Value {
        let mut v = serde_json::to_value(state).expect("states serialize");
        v["hash"] = serde_json::Value::String(state.hash());
        v
    }

    fn report(&self, s: &Self::State) -> String {
        let mut out = String::new();
        let p = self.progress(s);
        let _ = writeln!(
            out,
            "{} — game-turn {} of {}, {} {}{}",
            s.setup.title,
            p.turn,
            p.last_turn,
            s.setup.sides[p.player].name,
            p.phase,
            p.waiting_for
                .map(|w| format!(" (waiting for {w})"))
                .unwrap_or_default()
        );
        if let Some(o) = &s.outcome {
            let _ = writeln!(
                out,
                "Result: {} — {}",
                o.winner
                    .map(|w| format!("{} wins", s.setup.sides[w].name))
                    .unwrap_or_else(|| "no winner".into()),
                o.reason
            );
        }
        for side in 0..2 {
            let _ = writeln!(
                out,
                "{} (morale {:?}):",
                s.setup.sides[side].name, s.morale[side]
            );
            for u in (0..s.units.len()).filter(|&u| s.side_of(u) == side) {
                let unit = &s.units[u];
                let at = match unit.location {
                    Location::Hex(h) => s.setup.name(h),
                    Location::Off => "not on the map yet".into(),
                    Location::Exited => "left the map".into(),
                    Location::Withdrawn => "left the game".into(),
                    Location::Eliminated => "eliminated".into(),
                };
                let mut notes = Vec::new();
                if unit.disrupted() {
                    notes.push("disrupted");
                }
                if unit.limbered {
                    notes.push("limbered");
                }
                if unit.mounted_kind.is_some() {
                    notes.push("dismounted");
                }
                if unit.road_mode {
                    notes.push("road mode");
                }
                let _ = writeln!(out, "  {:<24} {:<20} {}", s.label(u), at, notes.join(", "));
            }
        }
        let _ = write!(out, "state hash {}", s.hash());
        out
    }

    fn board(&self, state: &Self::State) -> crate::engine::counters::Board {
        super::counters::board(state)
    }

    fn markers(&self) -> Vec<crate::engine::counters::MarkerKind> {
        super::counters::markers()
    }

    fn counter_layout(&self) -> crate::engine::counters::CounterLayout {
        super::counters::counter_layout()
    }

    fn sight(
        &self,
        state: &Self::State,
        from: &str,
        to: &str,
    ) -> Result<crate::engine::preview::Sight, RuleError> {
        sight(state, from, to)
    }

    fn reach(&self, state: &Self::State, unit: &str) -> Result<Reach, RuleError> {
        let u = find_unit(state, unit).map_err(RuleError::NotNow)?;
        reach(state, u)
    }

    fn preview(
        &self,
        state: &Self::State,
        commands: &[Self::Command],
    ) -> Result<AttackPreview, RuleError> {
        preview(state, commands)
    }

    fn random_player(&self, seed: u64) -> Box<dyn Player<Self>> {
        Box::new(RandomPlayer(Policy::new(seed)))
    }

    fn levels(&self) -> Vec<&'static str> {
        super::ai::LEVELS.to_vec()
    }

    fn computer_player(&self, level: &str, seed: u64) -> Option<Box<dyn Player<Self>>> {
        match level {
            "standard" => Some(Box::new(super::ai::Standard::new(seed))),
            "strong" => Some(Box::new(super::ai::strong::Strong::new(seed))),
            "deep" => Some(Box::new(super::ai::strong::Strong::deep(seed))),
            _ => None,
        }
    }
}

/// R&S 4.0: the hexes a unit may enter now, each with the cost of its preferred path (not
/// leaving an enemy-controlled hex when possible, then the cheapest); cavalry that may charge
/// (R&S 4(K)) also lists the hexes only a charge reaches.
pub fn reach(state: &State, u: UnitId) -> Result<Reach, RuleError> {
    let setup = &state.setup;
    let unit = &state.units[u];
    let frac = |units: i64| Frac::new(units, setup.cost_den);
    let from = match (unit.hex(), setup.units[u].arrival) {
        (Some(h), _) => Some(setup.name(h)),
        (None, Some((_, e))) => Some(format!(
            "entering at {}",
            setup.entries[e]
                .iter()
                .map(|h| setup.name(*h))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (None, None) => None,
    };
    let mut out = Reach {
        unit: state.label(u).to_string(),
        from,
        allowance: allowance(state, u, false).to_string(),
        spent: unit.spent.to_string(),
        hexes: Vec::new(),
        refused: None,
    };
    if let Err(e) = check_mover(state, u, false) {
        out.refused = Some(e.to_string());
        return Ok(out);
    }
    if unit.disrupted() && unit.moved > 0 {
        out.refused = Some(format!(
            "R&S 6.0(A): {} is disrupted and has moved its one hex this phase",
            state.label(u)
        ));
        return Ok(out);
    }
    let board = Board::new(state);
    let names = |p: &[HexCoord]| p.iter().map(|h| setup.name(*h)).collect::<Vec<_>>();
    let mut seen = std::collections::BTreeSet::new();
    for charge in [false, true] {
        if charge
            && (state.kind(u).charge_movement.is_none() || check_mover(state, u, true).is_err())
        {
            continue;
        }
        let limit = Frac::int(allowance(state, u, charge) as i64);
        // Paths start with the first hex entered (a reinforcement's, with its entry hex).
        for (h, path, cost, left_zoc) in search(state, &board, u, charge).with_costs() {
            if !seen.insert(h) {
                continue;
            }
            let cost = frac(cost);
            let mut notes = Vec::new();
            if unit.disrupted() {
                notes.push("disrupted: one hex only (R&S 6.0(A))".to_string());
            }
            if left_zoc {
                notes.push(
                    "leaves an enemy-controlled hex: disrupted at the end of the Movement Phase \
                     (R&S 8.0(B))"
                        .to_string(),
                );
            }
            if charge {
                notes.push(
                    "charge only: must shock attack, disrupted at the end of the player-turn \
                     (R&S 4(K))"
                        .to_string(),
                );
            }
            out.hexes.push(ReachHex {
                hex: setup.name(h),
                left: (limit - cost).max(Frac::ZERO).to_string(),
                cost: cost.to_string(),
                path: names(&path),
                notes,
                fires: Vec::new(),
                command: serde_json::to_value(Command::Move {
                    unit: u,
                    path: path.clone(),
                    charge,
                })
                .expect("commands serialize"),
            });
        }
    }
    Ok(out)
}

/// The fire or shock attack that `commands` (allocations) would make, before any roll.
pub fn preview(state: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
    let Some(last) = commands.last() else {
        return Err(RuleError::not_now(
            "give the fire or shock allocations to preview",
        ));
    };
    let mut s = state.clone();
    for c in commands {
        match c {
            Command::Fire { .. } | Command::Shock { .. } => {}
            other => {
                return Err(RuleError::not_now(format!(
                    "a preview is made of fire or shock allocations only, not '{}'",
                    super::describe::describe_command(&s, other)
                )));
            }
        }
        // Allocations roll no dice: a die asked for here is a bug, refused as such.
        s = super::apply(&s, c, &mut FixedDice::new([]))?.0;
    }
    match last {
        Command::Fire { target, .. } => fire_preview(&s, *target),
        Command::Shock { target, .. } => shock_preview(&s, *target),
        _ => unreachable!("checked above"),
    }
}

fn defense_contribution(s: &State, u: UnitId, base: Frac, value: Frac) -> Contribution {
    let mut modifiers = Vec::new();
    defense_factors(s, u, |name, case, f| {
        modifiers.push(Modifier {
            name: name.to_string(),
            case: case.to_string(),
            effect: format!("x{f}"),
        })
    });
    Contribution {
        unit: s.label(u).to_string(),
        hex: s.units[u]
            .hex()
            .map(|h| s.setup.name(h))
            .unwrap_or_default(),
        base: base.to_string(),
        value: value.to_string(),
        modifiers,
    }
}

/// R&S 5.1 and 9.1: the combined fire on `target` as allocated, against its top unit.
fn fire_preview(s: &State, target: HexCoord) -> Result<AttackPreview, RuleError> {
    let setup = &s.setup;
    let attack = s
        .fire_plan
        .iter()
        .find(|a| a.target == target)
        .ok_or_else(|| RuleError::not_now("no fire is allocated at that hex"))?;
    let defender = s
        .top(target)
        .ok_or_else(|| RuleError::not_now("the target hex is empty"))?;
    let mut attackers = Vec::new();
    let mut total = Frac::ZERO;
    let mut notes = Vec::new();
    for &(u, ammo) in &attack.attackers {
        let from = s.units[u]
            .hex()
            .expect("allocated attackers are on the map");
        let range = setup.grid.distance(from, target);
        let value = attack_strength(s, u, ammo, range);
        total = total + value;
        let kind = s.kind(u);
        // The printed value of the ammunition fired (R&S 5.1(F)).
        let base = match ammo {
            Some(Ammo::Shot) => kind.shot_attack.unwrap_or(kind.fire_attack),
            _ => kind.fire_attack,
        };
        let mut modifiers = Vec::new();
        if setup.options.range_effects && value != base {
            modifiers.push(Modifier {
                name: format!("range {range}"),
                case: "R&S 10.4".into(),
                effect: format!("x{}", value / base),
            });
        }
        match ammo {
            Some(Ammo::Shot) => notes.push(format!("{} fires shot (R&S 5.1(F))", s.label(u))),
            Some(Ammo::Canister) => {
                notes.push(format!("{} fires canister (R&S 5.1(F))", s.label(u)))
            }
            None => {}
        }
        attackers.push(Contribution {
            unit: s.label(u).to_string(),
            hex: setup.name(from),
            base: base.to_string(),
            value: value.to_string(),
            modifiers,
        });
    }
    let defense = fire_defense(s, defender);
    let d = defense_contribution(s, defender, s.kind(defender).fire_defense, defense);
    let crt = &setup.crt;
    let column = if defense == Frac::ZERO {
        crt.columns.len() - 1
    } else {
        crt.column_for(total, defense)
    };
    let col = crt.columns[column].to_string();
    // R&S 5.1: "Odds are always rounded off in favor of the defender"; below 1-3 is 1-3 and
    // above 6-1 is 6-1 (9.1): the column the table gives.
    let odds = if defense == Frac::ZERO {
        format!("defense 0: the last column, {col}")
    } else {
        let exact = if total.den() == 1 && defense.den() == 1 {
            format!("{total}-{defense}")
        } else {
            format!("{total} to {defense}")
        };
        if exact == col {
            exact
        } else {
            format!("{exact}, rounded to {col}")
        }
    };
    let gun = s.kind(defender).is_gun();
    let disrupted = s.units[defender].disrupted();
    let shot = attack.attackers.iter().any(|(_, a)| *a == Some(Ammo::Shot));
    let mut results: Vec<ResultChance> = Vec::new();
    for row in &crt.rows {
        let code = crt.result(column, row.roll).unwrap_or("-").to_string();
        let mut meaning = crt
            .results
            .iter()
            .find(|r| r.code == code)
            .map(|r| r.name.clone())
            .unwrap_or_else(|| code.clone());
        if code == "E" && gun && !disrupted && !shot {
            meaning = "Disrupted (E against an undisrupted gun without shot, R&S 5.1(H))".into();
        } else if code == "RD" && gun && disrupted {
            meaning = "Eliminated (RD against a disrupted gun: a second disruption, R&S 5.1(H), \
                       6.0(A))"
                .into();
        } else if code == "RD" && gun {
            meaning = "Disrupted, no retreat (gun unit, R&S 5.1(H))".into();
        } else if code == "RD" && disrupted {
            meaning = "Eliminated (RD against a disrupted unit, R&S 6.0)".into();
        }
        match results
            .iter_mut()
            .find(|r| r.result == code && r.meaning == meaning)
        {
            Some(r) => r.faces.push(row.roll),
            None => results.push(ResultChance {
                result: code,
                meaning,
                faces: vec![row.roll],
                chance: 0.0,
            }),
        }
    }
    let outcomes = crt.rows.len() as u32;
    for r in &mut results {
        r.chance = r.faces.len() as f64 / outcomes as f64;
    }
    let others: Vec<UnitId> = s
        .stack(target)
        .into_iter()
        .filter(|&o| o != defender)
        .rev()
        .collect();
    if !others.is_empty() && !shot {
        notes.push(format!(
            "only the top unit, {}, is attacked (R&S 5.1(E))",
            s.label(defender)
        ));
    }
    if shot && !others.is_empty() {
        // R&S 5.1(F): the shot alone then fires at each other unit of the hex, one by one.
        let shot_total = attack
            .attackers
            .iter()
            .filter(|(_, a)| *a == Some(Ammo::Shot))
            .map(|&(u, a)| {
                let from = s.units[u]
                    .hex()
                    .expect("allocated attackers are on the map");
                attack_strength(s, u, a, setup.grid.distance(from, target))
            })
            .fold(Frac::ZERO, |x, y| x + y);
        for o in others {
            let d = fire_defense(s, o);
            let c = if d == Frac::ZERO {
                crt.columns.len() - 1
            } else {
                crt.column_for(shot_total, d)
            };
            notes.push(format!(
                "then the shot alone ({shot_total}) fires at {} ({d}) at {}, with a roll of its \
                 own (R&S 5.1(F))",
                s.label(o),
                crt.columns[c]
            ));
        }
    }
    Ok(AttackPreview {
        kind: "fire".into(),
        target: setup.name(target),
        attackers,
        defenders: vec![d.clone()],
        attack_total: total.to_string(),
        defense_total: defense.to_string(),
        modifiers: d.modifiers,
        column: col,
        odds,
        dice: crt.dice.clone(),
        outcomes,
        results,
        notes,
    })
}

/// R&S 5.2: shock is resolved without dice; the weaker side is disrupted.
fn shock_preview(s: &State, target: HexCoord) -> Result<AttackPreview, RuleError> {
    let setup = &s.setup;
    let attack = s
        .shock_plan
        .iter()
        .find(|a| a.target == target)
        .ok_or_else(|| RuleError::not_now("no shock attack is allocated at that hex"))?;
    let high = |u: UnitId| {
        (morale_factor(s, u) != Frac::ONE).then(|| Modifier {
            name: "high morale".into(),
            case: "R&S 10.1".into(),
            effect: "x2".into(),
        })
    };
    let mut attackers = Vec::new();
    let mut total = Frac::ZERO;
    for &u in &attack.attackers {
        let v = attack_value(s, u);
        total = total + v;
        attackers.push(Contribution {
            unit: s.label(u).to_string(),
            hex: s.units[u].hex().map(|h| setup.name(h)).unwrap_or_default(),
            base: s.kind(u).shock.to_string(),
            value: v.to_string(),
            modifiers: high(u).into_iter().collect(),
        });
    }
    // As the engine resolves it (shock.rs): units already attacked by shock this phase neither
    // defend nor suffer (R&S 5.2(C)); guns do not add to the defense and are always disrupted.
    let mut defenders = Vec::new();
    let mut defense = Frac::ZERO;
    let mut modifiers = Vec::new();
    let mut notes = Vec::new();
    for u in s.stack(target) {
        if s.side_of(u) == s.player {
            continue;
        }
        if s.shock_defended.contains(&u) {
            notes.push(format!(
                "{} was attacked by shock this phase: it neither defends nor suffers (R&S 5.2(C))",
                s.label(u)
            ));
            continue;
        }
        if s.kind(u).is_gun() {
            notes.push(format!(
                "{} is a gun: it does not defend, and is disrupted whatever the strengths; \
                 {} (R&S 5.2, 6.0(C))",
                s.label(u),
                if s.units[u].limbered {
                    "limbered, it retreats"
                } else {
                    "unlimbered, it is eliminated"
                }
            ));
            continue;
        }
        let v = defense_value(s, u);
        defense = defense + v;
        let mut c = defense_contribution(s, u, Frac::int(s.kind(u).shock as i64), v);
        c.modifiers.extend(high(u));
        for m in &c.modifiers {
            if !modifiers.contains(m) {
                modifiers.push(m.clone());
            }
        }
        defenders.push(c);
    }
    let (result, meaning) = match total.cmp(&defense) {
        std::cmp::Ordering::Greater => (
            "defender disrupted",
            "every defending unit is disrupted and retreats (an unlimbered gun is \
             eliminated); attackers worth up to the defense's points are disrupted (R&S 5.2)",
        ),
        std::cmp::Ordering::Less => (
            "attacker disrupted",
            "every attacking unit is disrupted; defenders worth up to the attack's points are \
             disrupted (R&S 5.2)",
        ),
        std::cmp::Ordering::Equal => (
            "both disrupted",
            "equal strengths: both sides are disrupted whole (R&S 5.2, Kepi's reading)",
        ),
    };
    Ok(AttackPreview {
        kind: "shock".into(),
        target: setup.name(target),
        attackers,
        defenders,
        attack_total: total.to_string(),
        defense_total: defense.to_string(),
        modifiers,
        column: format!("{total} against {defense}"),
        odds: format!("{total} against {defense}: no dice, the weaker side is disrupted"),
        dice: "none".into(),
        outcomes: 1,
        results: vec![ResultChance {
            result: result.into(),
            meaning: meaning.into(),
            faces: Vec::new(),
            chance: 1.0,
        }],
        notes,
    })
}

/// R&S 5.1(G): the line of sight between two hexes now (occupied hexes of either side count).
pub fn sight(
    state: &State,
    from: &str,
    to: &str,
) -> Result<crate::engine::preview::Sight, RuleError> {
    use super::los::{Blocked, line_of_sight};
    let setup = &state.setup;
    let hex = |n: &str| {
        setup.grid.parse(n.trim()).ok_or_else(|| {
            RuleError::not_now(format!(
                "'{n}' is not a hex of this map ({})",
                setup.grid.name_hint()
            ))
        })
    };
    let (a, b) = (hex(from)?, hex(to)?);
    let occupied = |h| state.occupant(h).is_some();
    let blocked_by = match line_of_sight(setup, a, b, &occupied) {
        Ok(()) => None,
        Err(Blocked::Ridge(x, y)) => Some(format!(
            "the ridge between {} and {} (R&S 5.1(G)1)",
            setup.name(x),
            setup.name(y)
        )),
        Err(Blocked::Hex(h, what)) => Some(format!("{what} at {} (R&S 5.1(G)2)", setup.name(h))),
    };
    Ok(crate::engine::preview::Sight {
        from: setup.name(a),
        to: setup.name(b),
        clear: blocked_by.is_none(),
        blocked_by,
    })
}

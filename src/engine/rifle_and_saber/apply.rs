//! The transition function: `apply(&state, &command, &mut dice)`.

use super::board::Board;
use super::command::{Command, Event};
use super::ctx::Ctx;
use super::movement::{check_move, mounted};
use super::scenario::Morale;
use super::setup::Setup;
use super::state::{Location, Pending, Phase, Resolving, State, UnitId, UnitState, Work};
use crate::engine::dice::Dice;
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::DeployConstraint;
use std::sync::Arc;

fn r(case: &str, msg: String) -> RuleError {
    RuleError::rule(case, msg)
}

/// The state before the first deployment.
pub fn new_game(setup: Arc<Setup>) -> State {
    let units: Vec<UnitState> = setup
        .units
        .iter()
        .map(|u| UnitState {
            kind: u.kind,
            mounted_kind: None,
            location: Location::Off,
            order: 0,
            disrupted_until: None,
            // Reinforcing guns arrive limbered, ready to move (R&S 4(J)).
            limbered: setup.kinds[u.kind].limbers && u.arrival.is_some(),
            road_mode: false,
            spent: Frac::ZERO,
            moved: 0,
            left_zoc: false,
            approached: false,
            charging: false,
            fired: false,
            shocked: false,
            changed_mount: false,
        })
        .collect();
    let mut start = [Frac::ZERO; 2];
    for u in &setup.units {
        start[u.side] = start[u.side] + setup.kinds[u.kind].fire_attack;
    }
    let opt = setup.options;
    let morale = if opt.morale {
        [setup.sides[0].morale, setup.sides[1].morale]
    } else {
        [Morale::Normal; 2]
    };
    State {
        turn: 0,
        phase: Phase::Deployment,
        player: setup.deploys_first,
        player_turn: 0,
        units,
        next_order: 1,
        trenches: Default::default(),
        trenches_left: if opt.trenches {
            [setup.sides[0].trenches, setup.sides[1].trenches]
        } else {
            [0; 2]
        },
        improved: Default::default(),
        improved_left: if opt.improved_positions {
            [
                setup.sides[0].improved_positions,
                setup.sides[1].improved_positions,
            ]
        } else {
            [0; 2]
        },
        work: Vec::new(),
        fire_plan: Vec::new(),
        fire_tasks: Vec::new(),
        shock_plan: Vec::new(),
        attacked: Vec::new(),
        shock_defended: Vec::new(),
        fire_attacked: Vec::new(),
        fire_defended: Vec::new(),
        resolving: None,
        pending: None,
        morale,
        lost_strength: [Frac::ZERO; 2],
        start_strength: start,
        eliminated: [0; 2],
        streaks: vec![[0; 2]; setup.victory.len()],
        deployed_on: [None, None],
        decided: Default::default(),
        points: [0; 2],
        outcome: None,
        scripted: 0,
        morale_set: Vec::new(),
        setup,
    }
}

/// Apply one command. A refused command changes nothing and says why.
pub fn apply(
    state: &State,
    command: &Command,
    dice: &mut dyn Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut cx = Ctx {
        s: state.clone(),
        events: Vec::new(),
        dice,
    };
    cx.command(command)?;
    Ok((cx.s, cx.events))
}

impl Ctx<'_> {
    fn unit_ok(&self, u: UnitId) -> Result<(), RuleError> {
        if u >= self.s.units.len() {
            return Err(RuleError::not_now(format!(
                "there is no unit {u} (units are numbered 0 to {})",
                self.s.units.len().saturating_sub(1)
            )));
        }
        Ok(())
    }

    fn phase_is(&self, phase: Phase, what: &str) -> Result<(), RuleError> {
        if self.s.phase != phase {
            return Err(RuleError::not_now(format!(
                "{what} only in the {}; it is the {}",
                phase.name(),
                self.s.phase.name()
            )));
        }
        Ok(())
    }

    fn own(&self, u: UnitId) -> Result<(), RuleError> {
        self.unit_ok(u)?;
        if self.s.side_of(u) != self.s.player {
            return Err(RuleError::not_now(format!(
                "{} belongs to {}, whose turn it is not",
                self.label(u),
                self.s.setup.sides[self.s.side_of(u)].name
            )));
        }
        Ok(())
    }

    fn on_map(&self, u: UnitId) -> Result<HexCoord, RuleError> {
        self.s.units[u]
            .hex()
            .ok_or_else(|| RuleError::not_now(format!("{} is not on the map", self.label(u))))
    }

    pub fn command(&mut self, c: &Command) -> Result<(), RuleError> {
        if self.s.phase == Phase::Over {
            return Err(RuleError::not_now("the game is over"));
        }
        if let Some(p) = &self.s.pending {
            let ok = matches!(
                (p, c),
                (Pending::Retreat { .. }, Command::ChooseRetreat { .. })
                    | (
                        Pending::ShockLosses { .. },
                        Command::ChooseShockLosses { .. }
                    )
            );
            if !ok {
                return Err(RuleError::not_now(format!(
                    "{} must first decide: {}",
                    self.s.setup.sides[p.side()].name,
                    match p {
                        Pending::Retreat { unit, .. } =>
                            format!("the retreat path of {}", self.label(*unit)),
                        Pending::ShockLosses { .. } =>
                            "which units the shock attack disrupts".to_string(),
                    }
                )));
            }
        }
        match c {
            Command::Deploy {
                unit,
                hex,
                limbered,
            } => self.deploy(*unit, *hex, *limbered),
            Command::PlaceTrench { hex } => self.place_trench(*hex),
            Command::PlaceImprovedPosition { hex } => self.place_improved(*hex),
            Command::EndDeployment => self.end_deployment(),
            Command::Fire { unit, target, ammo } => {
                self.phase_is(Phase::Fire, "units fire")?;
                self.unit_ok(*unit)?;
                self.allocate_fire(*unit, *target, *ammo)
            }
            Command::CancelFire { unit } => {
                self.phase_is(Phase::Fire, "fire is cancelled")?;
                self.unit_ok(*unit)?;
                self.cancel_fire(*unit)
            }
            Command::ResolveFire => {
                self.phase_is(Phase::Fire, "fire is resolved")?;
                self.resolve_fire()
            }
            Command::BeginWork { hex } => self.begin_work(*hex),
            Command::Move { unit, path, charge } => self.do_move(*unit, path, *charge),
            Command::Limber { unit } => self.limber(*unit, true),
            Command::Unlimber { unit } => self.limber(*unit, false),
            Command::Dismount { unit } => self.mount(*unit, false),
            Command::Remount { unit } => self.mount(*unit, true),
            Command::EnterRoadMode { unit } => self.road_mode(*unit, true),
            Command::LeaveRoadMode { unit } => self.road_mode(*unit, false),
            Command::ToTop { unit } => self.on_top(*unit),
            Command::ExitMap { unit } => self.exit_map(*unit),
            Command::Shock { unit, target } => {
                self.phase_is(Phase::Shock, "units shock attack")?;
                self.unit_ok(*unit)?;
                self.allocate_shock(*unit, *target)
            }
            Command::CancelShock { unit } => {
                self.phase_is(Phase::Shock, "shock attacks are cancelled")?;
                self.unit_ok(*unit)?;
                self.cancel_shock(*unit)
            }
            Command::ResolveShock => {
                self.phase_is(Phase::Shock, "shock attacks are resolved")?;
                self.resolve_shock()
            }
            Command::ChooseRetreat { path } => self.choose_retreat(path),
            Command::ChooseShockLosses { units } => self.choose_shock_losses(units),
            Command::EndPhase => {
                if self.s.resolving.is_some() {
                    return Err(RuleError::not_now("combat is still being resolved"));
                }
                self.end_phase()
            }
        }
    }

    fn choose_retreat(&mut self, path: &[HexCoord]) -> Result<(), RuleError> {
        let Some(Pending::Retreat { unit, options, .. }) = self.s.pending.clone() else {
            return Err(RuleError::not_now("no retreat is waiting to be chosen"));
        };
        if !options.iter().any(|o| o == path) {
            return Err(r(
                "R&S 6.0(C)",
                format!(
                    "that is not one of the retreat paths of {}: {}",
                    self.label(unit),
                    options
                        .iter()
                        .map(|o| o
                            .iter()
                            .map(|h| self.name(*h))
                            .collect::<Vec<_>>()
                            .join("-"))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            ));
        }
        self.s.pending = None;
        let reason = match self.s.resolving {
            Some(Resolving::Shock { .. }) => "R&S 5.2: disrupted by shock",
            _ => "R&S 9.1: RD",
        };
        self.finish_retreat(unit, path, reason);
        match self.s.resolving {
            Some(Resolving::Fire) => self.continue_fire(),
            Some(Resolving::Shock { .. }) => self.continue_shock(),
            None => Ok(()),
        }
    }

    // ---- Deployment ----

    fn deploy(&mut self, u: UnitId, hex: HexCoord, limbered: bool) -> Result<(), RuleError> {
        self.phase_is(Phase::Deployment, "units deploy")?;
        self.own(u)?;
        let setup = self.s.setup.clone();
        let label = self.label(u);
        if self.s.units[u].location != Location::Off {
            return Err(RuleError::not_now(format!("{label} is already deployed")));
        }
        let Some(d) = setup.units[u].deployment else {
            let (turn, _) = setup.units[u]
                .arrival
                .expect("validated: deployed or arriving");
            return Err(RuleError::not_now(format!(
                "{label} arrives as a reinforcement on game-turn {turn}"
            )));
        };
        let zone = &setup.deployments[d];
        if !setup.grid.contains(hex) || !zone.hexes.contains(&hex) {
            return Err(r(
                "Scenario deployment",
                format!(
                    "{} is outside {label}'s deployment zone: {}",
                    hex, zone.text
                ),
            ));
        }
        let board = Board::new(&self.s);
        let side = self.s.side_of(u);
        if board.side(&self.s, hex).is_some_and(|s| s != side) {
            return Err(r(
                "R&S 7.0",
                format!("{} holds enemy units", self.name(hex)),
            ));
        }
        let points = board.points(&self.s, hex) + self.s.kind(u).stacking;
        if points > super::movement::STACKING_LIMIT {
            return Err(r(
                "R&S 7.0",
                format!(
                    "{} would hold {points} stacking points (six at most)",
                    self.name(hex)
                ),
            ));
        }
        for c in &zone.constraints {
            match c {
                DeployConstraint::OneFeature {
                    features,
                    not_enemys,
                } => {
                    let here: Vec<&String> = features
                        .iter()
                        .filter(|f| setup.features.get(*f).is_some_and(|h| h.contains(&hex)))
                        .collect();
                    if here.is_empty() {
                        return Err(r(
                            "Scenario deployment",
                            format!("{} is on none of {}", self.name(hex), features.join(", ")),
                        ));
                    }
                    if *not_enemys
                        && let Some(e) = &self.s.deployed_on[1 - side]
                        && here.iter().all(|f| *f == e)
                    {
                        return Err(r(
                            "Scenario deployment",
                            format!("{e} is where the enemy deployed: {}", zone.text),
                        ));
                    }
                    // All units of this deployment on one feature.
                    let mates: Vec<HexCoord> = (0..self.s.units.len())
                        .filter(|&o| setup.units[o].deployment == Some(d))
                        .filter_map(|o| self.s.units[o].hex())
                        .collect();
                    if let Some(f) = features.iter().find(|f| {
                        let hs = &setup.features[*f];
                        !mates.is_empty() && mates.iter().all(|m| hs.contains(m))
                    }) && !setup.features[f].contains(&hex)
                    {
                        return Err(r(
                            "Scenario deployment",
                            format!("the others set up on {f}; all must be on the same one"),
                        ));
                    }
                }
                DeployConstraint::AwayFromEnemy { distance } => {
                    let near = self.s.on_map(1 - side).find(|&e| {
                        setup
                            .grid
                            .distance(hex, self.s.units[e].hex().expect("on map"))
                            < *distance
                    });
                    if let Some(e) = near {
                        return Err(r(
                            "Scenario deployment",
                            format!(
                                "{} is closer than {distance} hexes to {}",
                                self.name(hex),
                                self.label(e)
                            ),
                        ));
                    }
                }
            }
        }
        if limbered && !self.s.kind(u).limbers {
            return Err(r("R&S 4(J)", format!("{label} does not limber")));
        }
        self.s.units[u].limbered = limbered;
        self.place(u, hex);
        self.events.push(Event::Deployed { unit: u, hex });
        Ok(())
    }

    /// Trenches, improved positions and work go only on hexes the player's units occupy;
    /// `case` is the rule that says so (R&S 10.2, 10.3).
    fn friendly_hex(&self, hex: HexCoord, case: &str) -> Result<(), RuleError> {
        if !self.s.setup.grid.contains(hex) || self.s.occupant(hex) != Some(self.s.player) {
            return Err(r(
                case,
                format!(
                    "{hex} holds no {} unit",
                    self.s.setup.sides[self.s.player].name
                ),
            ));
        }
        Ok(())
    }

    fn place_trench(&mut self, hex: HexCoord) -> Result<(), RuleError> {
        // R&S 10.3: "placed on any Friendly-occupied hex, before the game begins".
        if self.s.phase != Phase::Deployment {
            return Err(r(
                "R&S 10.3",
                format!(
                    "trenches are placed before the game begins; it is the {}",
                    self.s.phase.name()
                ),
            ));
        }
        let side = self.s.player;
        if !self.s.setup.options.trenches {
            return Err(RuleError::not_now(
                "optional rule 10.3 (trenches) is off in this game",
            ));
        }
        if self.s.trenches_left[side] == 0 {
            return Err(r(
                "R&S 10.3",
                format!(
                    "{} has no trenches left to place",
                    self.s.setup.sides[side].name
                ),
            ));
        }
        self.friendly_hex(hex, "R&S 10.3")?;
        if !self.s.trenches.insert(hex) {
            return Err(RuleError::not_now(format!(
                "{} already has a trench",
                self.name(hex)
            )));
        }
        self.s.trenches_left[side] -= 1;
        self.events.push(Event::TrenchPlaced { hex });
        Ok(())
    }

    fn place_improved(&mut self, hex: HexCoord) -> Result<(), RuleError> {
        self.phase_is(Phase::Deployment, "improved positions are placed")?;
        let side = self.s.player;
        if !self.s.setup.options.improved_positions {
            return Err(RuleError::not_now(
                "optional rule 10.2 (improved positions) is off in this game",
            ));
        }
        self.friendly_hex(hex, "R&S 10.2")?;
        if self.s.improved.contains(&hex) {
            return Err(RuleError::not_now(format!(
                "{} already has an improved position",
                self.name(hex)
            )));
        }
        let setup = self.s.setup.clone();
        let own = &setup.sides[side];
        if let Some(forbidden) = &own.ip_at_deployment
            && forbidden.contains(&hex)
        {
            // R&S 11.8: "Union may not place improved position counters on H24, H25, or H26
            // proper during deployment".
            return Err(r(
                "Scenario special rule",
                format!("no improved position may be placed on {}", self.name(hex)),
            ));
        }
        if self.s.improved_left[side] > 0 {
            self.s.improved_left[side] -= 1;
        } else if own.improved_positions > 0 {
            // R&S 11.13: an order of battle that lists improved positions ("8 Improved
            // Positions") allots that many, with or without a rule placing them at deployment.
            return Err(r(
                "Scenario order of battle",
                format!(
                    "the {} have placed all {} improved positions of their order of battle",
                    own.name, own.improved_positions
                ),
            ));
        } else if own.ip_at_deployment.is_none() {
            return Err(r(
                "R&S 10.2",
                format!("{} has no improved positions to place", own.name),
            ));
        }
        // Otherwise R&S 11.8 "with improved positions as desired": no count, one a hex.
        self.s.improved.insert(hex);
        self.events.push(Event::ImprovedPositionPlaced { hex });
        Ok(())
    }

    fn end_deployment(&mut self) -> Result<(), RuleError> {
        self.phase_is(Phase::Deployment, "deployment ends")?;
        let side = self.s.player;
        let setup = self.s.setup.clone();
        let missing: Vec<String> = (0..self.s.units.len())
            .filter(|&u| {
                setup.units[u].side == side
                    && setup.units[u].deployment.is_some()
                    && self.s.units[u].location == Location::Off
            })
            .map(|u| self.label(u))
            .collect();
        if !missing.is_empty() {
            return Err(RuleError::not_now(format!(
                "{} still to deploy: {}",
                missing.len(),
                missing.join(", ")
            )));
        }
        // The feature a side chose where the scenario lets it choose one.
        for d in setup.deployments.iter().filter(|d| d.side == side) {
            for c in &d.constraints {
                if let DeployConstraint::OneFeature { features, .. } = c {
                    let hexes: Vec<HexCoord> = self
                        .s
                        .on_map(side)
                        .filter_map(|u| self.s.units[u].hex())
                        .collect();
                    self.s.deployed_on[side] = features
                        .iter()
                        .find(|f| hexes.iter().any(|h| setup.features[*f].contains(h)))
                        .cloned();
                }
            }
        }
        self.events.push(Event::DeploymentEnded { side });
        if side == setup.deploys_first {
            self.s.player = 1 - side;
        } else {
            self.start_game();
        }
        Ok(())
    }

    // ---- Movement Phase ----

    fn movement_unit(&self, u: UnitId, what: &str) -> Result<(), RuleError> {
        self.phase_is(Phase::Movement, what)?;
        self.own(u)
    }

    fn do_move(&mut self, u: UnitId, path: &[HexCoord], charge: bool) -> Result<(), RuleError> {
        self.movement_unit(u, "units move")?;
        for h in path {
            if !self.s.setup.grid.contains(*h) {
                return Err(RuleError::not_now(format!("{h} is not on the map")));
            }
        }
        let plan = check_move(&self.s, u, path, charge)?;
        // R&S 4(K)1: a charging unit "must attack some Enemy unit in the subsequent Shock
        // Combat Phase", so a charge ends next to one (checked on the move, so that a unit
        // never gets stuck unable to end its phase).
        let end = *path.last().expect("checked non-empty");
        let enemy = 1 - self.s.side_of(u);
        if charge
            && !self
                .s
                .setup
                .grid
                .neighbors(end)
                .any(|n| self.s.occupant(n) == Some(enemy))
        {
            return Err(r(
                "R&S 4(K)",
                format!(
                    "{} may not charge to {}: a charge ends next to an enemy unit, to attack it \
                     in the Shock Combat Phase",
                    self.label(u),
                    self.name(end)
                ),
            ));
        }
        let before = self.s.units[u].spent;
        let unit = &mut self.s.units[u];
        unit.spent = plan.spent;
        unit.moved += path.len() as u32;
        unit.left_zoc = plan.left_zoc;
        unit.approached |= plan.approached;
        unit.charging |= charge;
        let end = *path.last().expect("checked non-empty");
        self.place(u, end);
        self.events.push(Event::Moved {
            unit: u,
            path: path.to_vec(),
            spent: plan.spent - before,
        });
        // Errata 11.17: limbers alone in a hex are eliminated when an enemy unit moves next
        // to them.
        let side = self.s.side_of(u);
        for h in path {
            for n in self.s.setup.grid.neighbors(*h).collect::<Vec<_>>() {
                let stack = self.s.stack(n);
                if let [only] = stack.as_slice()
                    && self.s.side_of(*only) != side
                    && self.s.kind(*only).eliminated_alone_next_to_enemy
                {
                    let o = *only;
                    self.eliminate(
                        o,
                        "Scenario special rule (errata 11.17): a limber alone next to the enemy",
                    );
                }
            }
        }
        self.check_sudden_victory();
        Ok(())
    }

    fn spend(&mut self, u: UnitId, cost: Frac, case: &str, what: &str) -> Result<(), RuleError> {
        let allowance = Frac::int(self.s.kind(u).movement as i64);
        let unit = &self.s.units[u];
        if unit.spent + cost > allowance {
            return Err(r(
                case,
                format!(
                    "{} has {} MP left; {what} costs {cost}",
                    self.label(u),
                    allowance - unit.spent
                ),
            ));
        }
        self.s.units[u].spent = unit.spent + cost;
        Ok(())
    }

    fn limber(&mut self, u: UnitId, on: bool) -> Result<(), RuleError> {
        self.movement_unit(u, "guns limber and unlimber")?;
        self.on_map(u)?;
        let label = self.label(u);
        if !self.s.kind(u).limbers {
            return Err(r(
                "R&S 4(J)",
                format!("{label} is not an artillery or machine-gun unit"),
            ));
        }
        if self.s.units[u].disrupted() {
            return Err(r(
                "R&S 6.0(A)",
                format!("{label} is disrupted: disrupted guns are considered unlimbered"),
            ));
        }
        let side = self.s.side_of(u);
        if self.s.turn <= self.s.setup.no_movement_turns(u) {
            return Err(r(
                "Scenario special rule",
                format!("{} may not move yet", self.s.setup.sides[side].name),
            ));
        }
        if self.s.units[u].limbered == on {
            return Err(RuleError::not_now(format!(
                "{label} is already {}",
                if on { "limbered" } else { "unlimbered" }
            )));
        }
        // R&S 4(J): "to limber or unlimber requires a movement expenditure of three MP".
        self.spend(
            u,
            Frac::int(3),
            "R&S 4(J)",
            if on { "limbering" } else { "unlimbering" },
        )?;
        self.s.units[u].limbered = on;
        self.events.push(if on {
            Event::Limbered { unit: u }
        } else {
            Event::Unlimbered { unit: u }
        });
        Ok(())
    }

    fn mount(&mut self, u: UnitId, remount: bool) -> Result<(), RuleError> {
        self.movement_unit(u, "units dismount and remount")?;
        self.on_map(u)?;
        let label = self.label(u);
        let unit = &self.s.units[u];
        if unit.moved > 0 || unit.spent > Frac::ZERO || unit.changed_mount {
            return Err(r(
                "R&S 4(L)",
                format!(
                    "{label} may {} only at the very beginning of its Movement Phase",
                    if remount { "remount" } else { "dismount" }
                ),
            ));
        }
        let new_kind = if remount {
            unit.mounted_kind
                .ok_or_else(|| RuleError::not_now(format!("{label} is not dismounted")))?
        } else {
            if unit.mounted_kind.is_some() {
                return Err(RuleError::not_now(format!("{label} is already dismounted")));
            }
            self.s.kind(u).dismounts_as.ok_or_else(|| {
                r(
                    "R&S 4(L)",
                    format!("{label} is not a mounted unit that can dismount"),
                )
            })?
        };
        // R&S 4(L): costs half the movement allowance of the resulting unit, rounded up.
        let ma = self.s.setup.kinds[new_kind].movement as i64;
        let cost = Frac::new(ma, 2).ceil();
        let old_kind = self.s.units[u].kind;
        let unit = &mut self.s.units[u];
        unit.mounted_kind = if remount { None } else { Some(old_kind) };
        unit.kind = new_kind;
        unit.spent = Frac::int(cost);
        unit.changed_mount = true;
        self.events.push(if remount {
            Event::Remounted { unit: u }
        } else {
            Event::Dismounted { unit: u }
        });
        Ok(())
    }

    fn road_mode(&mut self, u: UnitId, on: bool) -> Result<(), RuleError> {
        self.movement_unit(u, "units change road movement mode")?;
        let h = self.on_map(u)?;
        if !self.s.setup.options.road_movement {
            return Err(RuleError::not_now(
                "optional rule 10.5 (road movement mode) is off in this game",
            ));
        }
        let label = self.label(u);
        if self.s.units[u].road_mode == on {
            return Err(RuleError::not_now(format!(
                "{label} is {} in road movement mode",
                if on { "already" } else { "not" }
            )));
        }
        if on && !self.s.setup.has_road(h) {
            return Err(r("R&S 10.5", format!("{label} is not on a road")));
        }
        if on && self.s.units[u].disrupted() {
            return Err(r("R&S 10.5(F)", format!("{label} is disrupted")));
        }
        // R&S 10.5: one movement point to convert in or out.
        self.spend(u, Frac::ONE, "R&S 10.5", "changing mode")?;
        self.s.units[u].road_mode = on;
        if on {
            self.to_top(u);
        }
        self.events.push(Event::RoadMode { unit: u, on });
        Ok(())
    }

    fn on_top(&mut self, u: UnitId) -> Result<(), RuleError> {
        // R&S 5.1(E), 7.0(C): "The owning Player may only change his stacking order during
        // his Movement Phase." The refusal cites the case: here the phase is the rule.
        self.unit_ok(u)?;
        if self.s.phase != Phase::Movement || self.s.side_of(u) != self.s.player {
            return Err(r(
                "R&S 7.0(C)",
                format!(
                    "{} may change its stacking order only in its own Movement Phase; it is \
                     {}'s {}",
                    self.s.setup.sides[self.s.side_of(u)].name,
                    self.s.setup.sides[self.s.player].name,
                    self.s.phase.name()
                ),
            ));
        }
        let h = self.on_map(u)?;
        if self.s.top(h) == Some(u) {
            return Err(RuleError::not_now(format!(
                "{} is already on top",
                self.label(u)
            )));
        }
        if self.s.stack(h).iter().any(|&o| self.s.units[o].road_mode) {
            return Err(r(
                "R&S 10.5(E)",
                "a unit in road movement mode stays the topmost unit".to_string(),
            ));
        }
        self.to_top(u);
        self.events.push(Event::OnTop { unit: u });
        Ok(())
    }

    fn exit_map(&mut self, u: UnitId) -> Result<(), RuleError> {
        self.movement_unit(u, "units leave the map")?;
        let h = self.on_map(u)?;
        let side = self.s.side_of(u);
        let label = self.label(u);
        if !self.s.setup.exits_through(side, h) {
            return Err(r(
                "Scenario victory conditions",
                format!(
                    "{label} may leave the map only through its side's exit area; {} is not in it",
                    self.name(h)
                ),
            ));
        }
        if self.s.units[u].disrupted() && self.s.units[u].moved > 0 {
            return Err(r(
                "R&S 6.0(A)",
                format!("{label} is disrupted and has already moved its one hex"),
            ));
        }
        if self.s.kind(u).limbers && !self.s.units[u].limbered {
            return Err(r("R&S 4(J)", format!("{label} must be limbered to move")));
        }
        // Leaving costs what entering one more clear hex would: 1 MP, or the road rate at a
        // road exit.
        let cost = if self.s.setup.road_exits.contains(&h) {
            self.s.setup.road_cost
        } else {
            Frac::ONE
        };
        if !self.s.units[u].disrupted() {
            self.spend(u, cost, "R&S 4(C)", "leaving the map")?;
        }
        self.left_hex(h);
        self.s.units[u].location = Location::Exited;
        self.score_exit(side, h);
        self.events.push(Event::Exited { unit: u });
        Ok(())
    }

    fn begin_work(&mut self, hex: HexCoord) -> Result<(), RuleError> {
        // R&S 10.2: the work counter is placed at the start of the first friendly player-turn
        // (its Fire Combat Phase).
        if self.s.phase != Phase::Fire {
            return Err(r(
                "R&S 10.2",
                format!(
                    "work on an improved position begins at the start of a friendly \
                     player-turn, in its Fire Combat Phase; it is the {}",
                    self.s.phase.name()
                ),
            ));
        }
        if !self.s.setup.options.improved_positions {
            return Err(RuleError::not_now(
                "optional rule 10.2 (improved positions) is off in this game",
            ));
        }
        self.friendly_hex(hex, "R&S 10.2")?;
        if self.s.improved.contains(&hex) || self.s.work.iter().any(|w| w.hex == hex) {
            return Err(RuleError::not_now(format!(
                "{} already has an improved position or work",
                self.name(hex)
            )));
        }
        let builders = self.s.stack(hex).into_iter().any(|u| !mounted(&self.s, u));
        if !builders {
            return Err(r(
                "R&S 10.2",
                "mounted cavalry and mounted rifles do not build improved positions".to_string(),
            ));
        }
        let started = self.s.player_turn;
        self.s.work.push(Work {
            hex,
            side: self.s.player,
            started,
        });
        self.events.push(Event::WorkBegan { hex });
        Ok(())
    }
}

//! Fire combat, R&S 5.1, the combat results table 9.1, and the net defense of 9.2's notes.

use super::board::Board;
use super::ctx::Ctx;
use super::los::{Blocked, line_of_sight};
use super::movement::mounted;
use super::state::{Ammo, FireAttack, Location, Pending, Resolving, State, UnitId};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::tables::range_effects::Ammunition;

fn r(case: &str, msg: String) -> RuleError {
    RuleError::rule(case, msg)
}

/// R&S 9.2 notes: every effect on a unit's defense resolved into one net multiplier: terrain
/// (or road movement mode, 10.5(F), "regardless of other terrain"), trench 10.3 and improved
/// position 10.2 (not for mounted cavalry), work (halved), disruption 6.0(A) (halved).
pub fn defense_multiplier(state: &State, u: UnitId) -> Frac {
    let mut m = Frac::ONE;
    defense_factors(state, u, |_, _, f| m = m * f);
    m
}

/// Each factor of [`defense_multiplier`], named and cited, in the order applied: `f(name,
/// case, factor)`. A terrain factor of 1 is reported too (the hex's terrain is always named);
/// the product of the factors is the net multiplier.
pub fn defense_factors(state: &State, u: UnitId, mut f: impl FnMut(&str, &'static str, Frac)) {
    let setup = &state.setup;
    let unit = &state.units[u];
    let Some(h) = unit.hex() else {
        return;
    };
    let info = setup.hex(h);
    if unit.road_mode {
        f("road movement mode", "R&S 10.5(F)", Frac::new(1, 2));
    } else if setup.options.road_movement
        && let Some(river) = info.defense_without_bridge
    {
        // R&S 9.2 note: with 10.5 in play, a unit not in road movement mode modifies its
        // defense "as if the Road or Bridge did not exist": a bridge hex is a river hex.
        f("bridge, as the river (not in road mode)", "R&S 9.2", river);
    } else {
        f(&info.terrain, "R&S 9.2", info.defense);
    }
    let mounted = mounted(state, u);
    if setup.options.trenches && state.trenches.contains(&h) && !mounted {
        f("trench", "R&S 10.3", Frac::int(3));
    }
    if setup.options.improved_positions {
        if state.improved.contains(&h) && !mounted {
            f("improved position", "R&S 10.2", Frac::int(2));
        }
        if state.work.iter().any(|w| w.hex == h) {
            f(
                "at work on an improved position",
                "R&S 10.2",
                Frac::new(1, 2),
            );
        }
    }
    if unit.disrupted() {
        f("disrupted", "R&S 6.0(A)", Frac::new(1, 2));
    }
}

/// Fire defense strength of a unit where it stands.
pub fn fire_defense(state: &State, u: UnitId) -> Frac {
    state.kind(u).fire_defense * defense_multiplier(state, u)
}

/// Range allowance of a unit for an ammunition (scenario special rules may override).
pub fn range_of(state: &State, u: UnitId, ammo: Option<Ammo>) -> u32 {
    let kind = state.kind(u);
    let base = match ammo {
        Some(Ammo::Shot) => kind.shot_range.unwrap_or(kind.range),
        _ => kind.range,
    };
    state
        .setup
        .range_override(u, state.units[u].kind)
        .unwrap_or(base)
}

/// Fire attack strength of one attacker at a range (R&S 10.4 when the option is on).
pub fn attack_strength(state: &State, u: UnitId, ammo: Option<Ammo>, range: u32) -> Frac {
    let kind = state.kind(u);
    let base = match ammo {
        Some(Ammo::Shot) => kind.shot_attack.unwrap_or(kind.fire_attack),
        _ => kind.fire_attack,
    };
    if !state.setup.options.range_effects {
        return base;
    }
    let am = ammo.map(|a| match a {
        Ammo::Canister => Ammunition::Canister,
        Ammo::Shot => Ammunition::Shot,
    });
    let factor = state
        .setup
        .range_effects
        .factor(&kind.code, am, range)
        .unwrap_or(Frac::ONE);
    base * factor
}

/// Check that `u` may fire at `target` with `ammo` now (R&S 5.1(A)-(F), 4(J), 6.0(A)).
pub fn check_fire(
    state: &State,
    u: UnitId,
    target: HexCoord,
    ammo: Option<Ammo>,
) -> Result<(), RuleError> {
    check_fire_on(state, &Board::new(state), u, target, ammo)
}

/// [`check_fire`] with an occupancy index already built for `state`.
pub fn check_fire_on(
    state: &State,
    board: &Board,
    u: UnitId,
    target: HexCoord,
    ammo: Option<Ammo>,
) -> Result<(), RuleError> {
    let setup = &state.setup;
    let label = state.label(u);
    let side = state.side_of(u);
    let unit = &state.units[u];
    let kind = state.kind(u);
    if side != state.player {
        return Err(RuleError::not_now(format!(
            "{label} belongs to {}, who is not firing now",
            setup.sides[side].name
        )));
    }
    let Some(from) = unit.hex() else {
        return Err(RuleError::not_now(format!("{label} is not on the map")));
    };
    if unit.disrupted() {
        return Err(r(
            "R&S 6.0(A)",
            format!("{label} is disrupted and may not attack"),
        ));
    }
    if unit.fired {
        return Err(r(
            "R&S 5.1(C)",
            format!("{label} has already fired this phase"),
        ));
    }
    if kind.fire_attack == Frac::ZERO && kind.shot_attack.is_none() {
        return Err(r("R&S 5.1", format!("{label} has no fire attack strength")));
    }
    if unit.road_mode {
        return Err(r(
            "R&S 10.5(C)",
            format!("{label} is in road movement mode and may not attack"),
        ));
    }
    if kind.limbers && unit.limbered {
        return Err(r(
            "R&S 4(J)",
            format!("{label} is limbered and may not fire"),
        ));
    }
    match (kind.shot_attack.is_some(), ammo) {
        (true, None) => {
            return Err(r(
                "R&S 5.1(F)",
                format!("{label} is artillery: choose shot or canister"),
            ));
        }
        (false, Some(_)) => {
            return Err(r(
                "R&S 5.1(F)",
                format!("{label} is not artillery and fires no shot or canister"),
            ));
        }
        _ => {}
    }
    if !setup.grid.contains(target) {
        return Err(RuleError::not_now(format!("{target} is not on the map")));
    }
    if board.side(state, target) != Some(1 - side) {
        return Err(RuleError::not_now(format!(
            "{} holds no enemy unit",
            setup.name(target)
        )));
    }
    // R&S 5.1(C): "No target hex, nor unit may be attacked more than once per Fire Combat
    // Phase" (fire already executed this phase; allocations not yet executed combine, 5.1(E)).
    if state.fire_attacked.contains(&target) {
        return Err(r(
            "R&S 5.1(C)",
            format!(
                "{} has already been attacked this phase",
                setup.name(target)
            ),
        ));
    }
    if let Some(top) = state.top(target)
        && state.fire_defended.contains(&top)
    {
        return Err(r(
            "R&S 5.1(C)",
            format!(
                "{}, on top in {}, has already been attacked this phase",
                state.label(top),
                setup.name(target)
            ),
        ));
    }
    let dist = setup.grid.distance(from, target);
    let range = range_of(state, u, ammo);
    if dist > range {
        return Err(r(
            "R&S 5.1(A)",
            format!(
                "{} is {dist} hexes from {label}, beyond its range of {range}",
                setup.name(target)
            ),
        ));
    }
    let occupied = |h: HexCoord| board.side(state, h).is_some();
    if let Err(b) = line_of_sight(setup, from, target, &occupied) {
        let why = match b {
            Blocked::Ridge(a, c) => format!(
                "the ridge hexside between {} and {}",
                setup.name(a),
                setup.name(c)
            ),
            Blocked::Hex(h, what) => format!("the {what} at {}", setup.name(h)),
        };
        return Err(r(
            "R&S 5.1(G)",
            format!(
                "{label} has no line of sight to {}: blocked by {why}",
                setup.name(target)
            ),
        ));
    }
    // R&S 5.1(D): units in the same hex fire at different hexes.
    for a in &state.fire_plan {
        if a.target == target
            && a.attackers
                .iter()
                .any(|(o, _)| state.units[*o].hex() == Some(from))
        {
            return Err(r(
                "R&S 5.1(D)",
                format!(
                    "units in {} must fire at different hexes; one already fires at {}",
                    setup.name(from),
                    setup.name(target)
                ),
            ));
        }
    }
    Ok(())
}

/// One fire task left to resolve.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FireTask {
    /// The combined attack on the top unit of an attack's hex.
    Main(FireAttack),
    /// R&S 5.1(F): the shot alone against another unit of the stack.
    Shot { attack: FireAttack, unit: UnitId },
}

impl Ctx<'_> {
    pub fn allocate_fire(
        &mut self,
        u: UnitId,
        target: HexCoord,
        ammo: Option<Ammo>,
    ) -> Result<(), RuleError> {
        check_fire(&self.s, u, target, ammo)?;
        self.s.units[u].fired = true;
        match self.s.fire_plan.iter_mut().find(|a| a.target == target) {
            Some(a) => a.attackers.push((u, ammo)),
            None => self.s.fire_plan.push(FireAttack {
                target,
                attackers: vec![(u, ammo)],
            }),
        }
        self.events
            .push(super::command::Event::FireAllocated { unit: u, target });
        Ok(())
    }

    pub fn cancel_fire(&mut self, u: UnitId) -> Result<(), RuleError> {
        let before = self.s.fire_plan.len();
        let mut found = false;
        for a in &mut self.s.fire_plan {
            let n = a.attackers.len();
            a.attackers.retain(|(o, _)| *o != u);
            found |= a.attackers.len() != n;
        }
        self.s.fire_plan.retain(|a| !a.attackers.is_empty());
        let _ = before;
        if !found {
            return Err(RuleError::not_now(format!(
                "{} has no fire allocated",
                self.label(u)
            )));
        }
        self.s.units[u].fired = false;
        self.events
            .push(super::command::Event::FireCancelled { unit: u });
        Ok(())
    }

    /// Start resolving the fire plan (R&S 3.0: allocate all fire, then execute it).
    pub fn resolve_fire(&mut self) -> Result<(), RuleError> {
        if self.s.fire_plan.is_empty() {
            return Err(RuleError::not_now("no fire is allocated"));
        }
        let plan = std::mem::take(&mut self.s.fire_plan);
        self.s.fire_tasks = plan.into_iter().map(FireTask::Main).collect();
        self.s.resolving = Some(Resolving::Fire);
        self.continue_fire()
    }

    /// Resolve fire tasks until done or a decision is needed.
    pub fn continue_fire(&mut self) -> Result<(), RuleError> {
        while self.s.pending.is_none() {
            if self.s.fire_tasks.is_empty() {
                self.s.resolving = None;
                return Ok(());
            }
            let task = self.s.fire_tasks.remove(0);
            match task {
                FireTask::Main(attack) => self.fire_main(attack)?,
                FireTask::Shot { attack, unit } => self.fire_shot(&attack, unit)?,
            }
            self.check_sudden_victory();
            if self.s.outcome.is_some() {
                self.s.fire_tasks.clear();
                self.s.resolving = None;
                return Ok(());
            }
        }
        Ok(())
    }

    fn fire_main(&mut self, attack: FireAttack) -> Result<(), RuleError> {
        let Some(defender) = self.s.top(attack.target) else {
            // The hex emptied before its attack came up: nothing to hit.
            return Ok(());
        };
        if self.s.side_of(defender) == self.s.player {
            return Ok(());
        }
        let others: Vec<UnitId> = self
            .s
            .stack(attack.target)
            .into_iter()
            .filter(|&o| o != defender)
            .rev()
            .collect();
        self.s.fire_attacked.push(attack.target);
        self.s.fire_defended.push(defender);
        let shot = attack.attackers.iter().any(|(_, a)| *a == Some(Ammo::Shot));
        let total = self.attack_total(&attack, false);
        self.fire_at(&attack, defender, total, shot, false)?;
        // R&S 5.1(F): the shot alone goes on against the other units, one by one.
        if shot {
            let tasks: Vec<FireTask> = others
                .into_iter()
                .map(|unit| FireTask::Shot {
                    attack: attack.clone(),
                    unit,
                })
                .collect();
            let rest = std::mem::take(&mut self.s.fire_tasks);
            self.s.fire_tasks = tasks.into_iter().chain(rest).collect();
        }
        Ok(())
    }

    fn fire_shot(&mut self, attack: &FireAttack, unit: UnitId) -> Result<(), RuleError> {
        if self.s.units[unit].location != Location::Hex(attack.target) {
            return Ok(());
        }
        self.s.fire_defended.push(unit);
        let total = self.attack_total(attack, true);
        self.fire_at(attack, unit, total, true, true)
    }

    fn attack_total(&self, attack: &FireAttack, shot_only: bool) -> Frac {
        attack
            .attackers
            .iter()
            .filter(|(_, a)| !shot_only || *a == Some(Ammo::Shot))
            .map(|&(u, ammo)| {
                let from = self.s.units[u].hex().expect("attackers stay put");
                let range = self.s.setup.grid.distance(from, attack.target);
                attack_strength(&self.s, u, ammo, range)
            })
            .fold(Frac::ZERO, |a, b| a + b)
    }

    fn fire_at(
        &mut self,
        attack: &FireAttack,
        defender: UnitId,
        strength: Frac,
        shot: bool,
        shot_only: bool,
    ) -> Result<(), RuleError> {
        let defense = fire_defense(&self.s, defender);
        let crt = &self.s.setup.crt;
        // A defense of 0 (scenario 17's limbers) is beyond every column: the last one.
        let column = if defense == Frac::ZERO {
            crt.columns.len() - 1
        } else {
            crt.column_for(strength, defense)
        };
        let odds = crt.columns[column].to_string();
        let context = serde_json::json!({
            "attack": strength.to_string(),
            "defense": defense.to_string(),
            "odds": odds,
            "target": self.name(attack.target),
            "defender": self.label(defender),
            "attackers": attack.attackers.iter().map(|(u, _)| self.label(*u)).collect::<Vec<_>>(),
            "shot": shot,
        });
        let roll = self.roll_d6("fire combat (R&S 5.1)", context)?;
        let result = self
            .s
            .setup
            .crt
            .result(column, roll as u32)
            .unwrap_or("-")
            .to_string();
        // Test builds only: a cell changed on purpose (issue 37's old-records tests).
        let result = super::test_rules_change::result(&odds, roll as u32, result);
        self.events.push(super::command::Event::FireResolved {
            target: attack.target,
            defender,
            attack: strength,
            defense,
            odds,
            roll,
            result: result.clone(),
            shot: shot_only,
        });
        let attackers: Vec<HexCoord> = attack
            .attackers
            .iter()
            .filter_map(|(u, _)| self.s.units[*u].hex())
            .collect();
        self.apply_fire_result(defender, &result, shot, &attackers)
    }

    /// Apply a combat result to a defender: R&S 9.1 with the gun rules of 5.1(H).
    fn apply_fire_result(
        &mut self,
        u: UnitId,
        result: &str,
        shot: bool,
        attackers: &[HexCoord],
    ) -> Result<(), RuleError> {
        let gun = self.s.kind(u).is_gun();
        let disrupted = self.s.units[u].disrupted();
        match result {
            "E" if gun && !disrupted && !shot => {
                // R&S 5.1(H): without shot an E against an undisrupted gun is degraded to D.
                self.disrupt(u, true, "R&S 5.1(H): E degraded to D, no shot involved");
            }
            "E" => self.eliminate(u, "R&S 9.1: E"),
            "RD" if gun => {
                // R&S 5.1(H): disrupted, not retreated; a second disruption eliminates.
                self.disrupt(u, true, "R&S 5.1(H): RD against a gun unit, no retreat");
            }
            "RD" if disrupted => self.eliminate(
                u,
                "R&S 9.1: RD against a unit already disrupted eliminates it",
            ),
            "RD" => self.start_retreat(u, attackers, "R&S 9.1: RD")?,
            _ => {}
        }
        Ok(())
    }

    /// Retreat a unit, then disrupt it (R&S 6.0(C)); may leave a decision pending.
    pub fn start_retreat(
        &mut self,
        u: UnitId,
        attackers: &[HexCoord],
        reason: &str,
    ) -> Result<(), RuleError> {
        let from = self.s.units[u]
            .hex()
            .expect("retreating units are on the map");
        let mut allowance = Frac::int(self.s.kind(u).movement as i64);
        if self.s.units[u].road_mode {
            // R&S 10.5(F): first convert out of road movement mode, for 1 MP.
            self.s.units[u].road_mode = false;
            allowance = allowance - Frac::ONE;
            self.events
                .push(super::command::Event::RoadMode { unit: u, on: false });
        }
        let options = super::retreat::retreat_options(&self.s, u, from, attackers, allowance);
        match options.len() {
            0 => {
                let why = super::retreat::why_no_retreat(&self.s, u, from, attackers);
                self.eliminate(u, &why);
                Ok(())
            }
            1 => {
                let path = options.into_iter().next().expect("one");
                self.finish_retreat(u, &path, reason);
                Ok(())
            }
            _ => {
                let side = self.s.side_of(u);
                self.events.push(super::command::Event::DecisionNeeded {
                    side,
                    what: format!(
                        "{} must retreat: choose one of {} paths (R&S 6.0(C))",
                        self.label(u),
                        options.len()
                    ),
                });
                self.s.pending = Some(Pending::Retreat {
                    side,
                    unit: u,
                    options,
                });
                Ok(())
            }
        }
    }

    /// Move a retreating unit along its path, disrupting friendly units it passes through,
    /// then disrupt it (R&S 6.0(C)); it ends on top of its new hex (errata 6.0(C)).
    pub fn finish_retreat(&mut self, u: UnitId, path: &[HexCoord], reason: &str) {
        for h in &path[..path.len().saturating_sub(1)] {
            for o in self.s.stack(*h) {
                // R&S 10.1: high-morale units are not disrupted when retreated over.
                let high = self.s.setup.options.morale
                    && self.s.unit_morale(o) == super::scenario::Morale::High;
                if !high && !self.s.units[o].disrupted() {
                    self.disrupt(o, false, "R&S 6.0(C): a friendly unit retreated through it");
                }
            }
        }
        let end = *path.last().expect("a retreat enters at least one hex");
        self.place(u, end);
        self.events.push(super::command::Event::Retreated {
            unit: u,
            path: path.to_vec(),
        });
        self.disrupt(u, true, reason);
    }
}

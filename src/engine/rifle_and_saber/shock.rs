//! Shock combat, R&S 5.2. No dice: "All units on the weaker side are automatically disrupted
//! and an equal number, in terms of adjusted Shock Combat Points, on the stronger side are
//! automatically disrupted." Kepi's readings: with equal strengths both sides are disrupted
//! whole; the stronger side's owner chooses which of its units (the defender, 5.2(E), when
//! the attacker is weaker); the units chosen may be worth at most the weaker side's points
//! ("an equal number", never more) and must be as many as fit: no unit left out could be
//! added without going over. So a unit worth more than the weaker side's points is not
//! disrupted at all, as the rules' own example has it: "an Enemy unit in a trench could be
//! disrupted only at the cost of disrupting three Friendly attacking units" (two attackers
//! against a trench's 3 points disrupt the two, not the defender). A unit of the stronger side
//! worth no shock points (scenario 17's limbers) adds nothing to that number and is not among
//! the units disrupted. Guns in the defending hex are always disrupted and retreat if limbered,
//! or are eliminated (5.2, 6.0(C)).

use super::command::Event;
use super::ctx::Ctx;
use super::fire::defense_multiplier;
use super::scenario::Morale;
use super::state::{Pending, Resolving, ShockAttack, State, UnitId};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;

fn r(case: &str, msg: String) -> RuleError {
    RuleError::rule(case, msg)
}

/// R&S 10.1: 2 for a unit of a side at high morale (with the morale rule on), else 1.
pub fn morale_factor(state: &State, u: UnitId) -> Frac {
    // R&S 10.1: "Each unit counts as two in Shock Combat" at high morale.
    if state.setup.options.morale && state.unit_morale(u) == Morale::High {
        Frac::int(2)
    } else {
        Frac::ONE
    }
}

/// Adjusted shock value of an attacking unit.
pub fn attack_value(state: &State, u: UnitId) -> Frac {
    Frac::int(state.kind(u).shock as i64) * morale_factor(state, u)
}

/// Adjusted shock value of a defending unit: terrain and positions (R&S 9.2, "Fire and
/// Shock"), disruption, morale.
pub fn defense_value(state: &State, u: UnitId) -> Frac {
    Frac::int(state.kind(u).shock as i64) * defense_multiplier(state, u) * morale_factor(state, u)
}

pub fn check_shock(state: &State, u: UnitId, target: HexCoord) -> Result<(), RuleError> {
    let setup = &state.setup;
    let label = state.label(u);
    let side = state.side_of(u);
    let unit = &state.units[u];
    if side != state.player {
        return Err(RuleError::not_now(format!(
            "{label} belongs to {}, who is not attacking now",
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
    if setup.options.morale && state.unit_morale(u) == Morale::Demoralized {
        return Err(r(
            "R&S 10.1",
            format!(
                "{} is demoralized: its units may not make shock attacks",
                state.force_name(u)
            ),
        ));
    }
    if unit.shocked {
        return Err(r(
            "R&S 5.2(C)",
            format!("{label} has already attacked this phase"),
        ));
    }
    if state.kind(u).shock == 0 {
        return Err(r(
            "R&S 5.2",
            format!("{label} has a shock combat strength of zero and does not attack"),
        ));
    }
    if unit.road_mode {
        return Err(r(
            "R&S 10.5(C)",
            format!("{label} is in road movement mode and may not attack"),
        ));
    }
    if !setup.grid.adjacent(from, target) {
        return Err(r(
            "R&S 5.2(A)",
            format!("{label} may shock attack only an adjacent hex"),
        ));
    }
    if state.occupant(target) != Some(1 - side) {
        return Err(RuleError::not_now(format!(
            "{} holds no enemy unit",
            setup.name(target)
        )));
    }
    if state.attacked.contains(&target) {
        return Err(r(
            "R&S 5.2(C)",
            format!(
                "{} has already been attacked this phase",
                setup.name(target)
            ),
        ));
    }
    // R&S 5.2(C): "No unit may be attacked more than once per Shock Combat Phase": units that
    // retreated here from an attack already made do not defend again.
    if state
        .stack(target)
        .iter()
        .all(|d| state.shock_defended.contains(d))
    {
        return Err(r(
            "R&S 5.2(C)",
            format!(
                "every unit in {} has already been attacked this phase",
                setup.name(target)
            ),
        ));
    }
    // R&S 5.2(D): attackers in one hex all attack the same hex.
    for a in &state.shock_plan {
        if a.target != target
            && a.attackers
                .iter()
                .any(|o| state.units[*o].hex() == Some(from))
        {
            return Err(r(
                "R&S 5.2(D)",
                format!(
                    "units in {} must all attack the same hex; one already attacks {}",
                    setup.name(from),
                    setup.name(a.target)
                ),
            ));
        }
    }
    Ok(())
}

/// Is `chosen` (out of `candidates`) an acceptable set of units to disrupt: worth at most
/// `points` (R&S 5.2: "an equal number, in terms of adjusted Shock Combat Points"), and no
/// candidate left out could be added without going over? The empty set is acceptable only
/// when every candidate is worth more than `points`.
pub fn valid_losses(
    candidates: &[(UnitId, Frac)],
    chosen: &[(UnitId, Frac)],
    points: Frac,
) -> bool {
    let sum = chosen.iter().fold(Frac::ZERO, |a, (_, v)| a + *v);
    sum <= points
        && candidates
            .iter()
            .filter(|c| !chosen.iter().any(|o| o.0 == c.0))
            .all(|(_, v)| sum + *v > points)
}

/// All acceptable choices (for legal commands), up to `cap`; possibly the one empty choice.
pub fn loss_choices(candidates: &[(UnitId, Frac)], points: Frac, cap: usize) -> Vec<Vec<UnitId>> {
    let n = candidates.len().min(16);
    let mut out = Vec::new();
    for mask in 0u32..(1 << n) {
        let chosen: Vec<(UnitId, Frac)> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| candidates[i])
            .collect();
        if valid_losses(&candidates[..n], &chosen, points) {
            out.push(chosen.iter().map(|(u, _)| *u).collect());
            if out.len() >= cap {
                break;
            }
        }
    }
    out
}

impl Ctx<'_> {
    pub fn allocate_shock(&mut self, u: UnitId, target: HexCoord) -> Result<(), RuleError> {
        check_shock(&self.s, u, target)?;
        self.s.units[u].shocked = true;
        match self.s.shock_plan.iter_mut().find(|a| a.target == target) {
            Some(a) => a.attackers.push(u),
            None => self.s.shock_plan.push(ShockAttack {
                target,
                attackers: vec![u],
            }),
        }
        self.events.push(Event::ShockAllocated { unit: u, target });
        Ok(())
    }

    pub fn cancel_shock(&mut self, u: UnitId) -> Result<(), RuleError> {
        let mut found = false;
        for a in &mut self.s.shock_plan {
            let n = a.attackers.len();
            a.attackers.retain(|o| *o != u);
            found |= a.attackers.len() != n;
        }
        self.s.shock_plan.retain(|a| !a.attackers.is_empty());
        if !found {
            return Err(RuleError::not_now(format!(
                "{} has no shock attack allocated",
                self.label(u)
            )));
        }
        self.s.units[u].shocked = false;
        self.events.push(Event::ShockCancelled { unit: u });
        Ok(())
    }

    pub fn resolve_shock(&mut self) -> Result<(), RuleError> {
        if self.s.shock_plan.is_empty() {
            return Err(RuleError::not_now("no shock attack is allocated"));
        }
        self.continue_shock()
    }

    /// Resolve shock attacks until done or a decision is needed.
    pub fn continue_shock(&mut self) -> Result<(), RuleError> {
        loop {
            if self.s.pending.is_some() {
                return Ok(());
            }
            if let Some(Resolving::Shock { attack, to_retreat }) = self.s.resolving.clone() {
                if let Some((&u, rest)) = to_retreat.split_first() {
                    self.s.resolving = Some(Resolving::Shock {
                        attack: attack.clone(),
                        to_retreat: rest.to_vec(),
                    });
                    self.defender_disrupted(u, &attack);
                    continue;
                }
                self.s.resolving = None;
                self.check_sudden_victory();
                if self.s.outcome.is_some() {
                    self.s.shock_plan.clear();
                    return Ok(());
                }
            }
            if self.s.shock_plan.is_empty() {
                return Ok(());
            }
            let attack = self.s.shock_plan.remove(0);
            self.shock_one(attack)?;
        }
    }

    fn shock_one(&mut self, attack: ShockAttack) -> Result<(), RuleError> {
        let target = attack.target;
        self.s.attacked.push(target);
        // R&S 5.2(C): a unit attacked once this phase (and retreated here since) is not
        // attacked again: it neither defends nor suffers the result.
        let defenders: Vec<UnitId> = self
            .s
            .stack(target)
            .into_iter()
            .filter(|&d| self.s.side_of(d) != self.s.player)
            .filter(|d| !self.s.shock_defended.contains(d))
            .collect();
        if defenders.is_empty() {
            return Ok(());
        }
        self.s.shock_defended.extend(defenders.iter().copied());
        let attackers: Vec<(UnitId, Frac)> = attack
            .attackers
            .iter()
            .filter(|&&u| self.s.units[u].hex().is_some())
            .map(|&u| (u, attack_value(&self.s, u)))
            .collect();
        let guns: Vec<UnitId> = defenders
            .iter()
            .copied()
            .filter(|&d| self.s.kind(d).is_gun())
            .collect();
        let fighters: Vec<(UnitId, Frac)> = defenders
            .iter()
            .copied()
            .filter(|&d| !self.s.kind(d).is_gun())
            .map(|d| (d, defense_value(&self.s, d)))
            .collect();
        let a = attackers.iter().fold(Frac::ZERO, |s, (_, v)| s + *v);
        let d = fighters.iter().fold(Frac::ZERO, |s, (_, v)| s + *v);
        self.events.push(Event::ShockResolved {
            target,
            attack: a,
            defense: d,
        });
        let attacker_side = self.s.player;
        let defender_side = 1 - attacker_side;
        // Guns in the defending hex are disrupted whatever the strengths (R&S 5.2).
        let mut hit_defenders: Vec<UnitId> = guns;
        let mut attackers_hit: Vec<UnitId> = Vec::new();
        let mut pending: Option<Pending> = None;
        // The stronger side's losses are counted in adjusted shock points: a unit worth none
        // (scenario 17's limbers, "a Combat Strength of 0") is not part of that number, so it is
        // never among them (only the weaker side loses every unit).
        let counted = |units: &[(UnitId, Frac)]| -> Vec<(UnitId, Frac)> {
            units
                .iter()
                .copied()
                .filter(|(_, v)| *v > Frac::ZERO)
                .collect()
        };
        if a > d {
            hit_defenders.extend(fighters.iter().map(|(u, _)| *u));
            if d > Frac::ZERO {
                let attackers = counted(&attackers);
                let choices = loss_choices(&attackers, d, 2);
                if choices.len() == 1 {
                    attackers_hit = choices[0].clone();
                } else {
                    pending = Some(Pending::ShockLosses {
                        side: attacker_side,
                        target,
                        candidates: attackers.clone(),
                        points: d,
                        attackers: true,
                    });
                }
            }
        } else if a < d {
            attackers_hit = attackers.iter().map(|(u, _)| *u).collect();
            let fighters = counted(&fighters);
            let choices = loss_choices(&fighters, a, 2);
            if choices.len() == 1 {
                hit_defenders.extend(choices[0].iter().copied());
            } else if !fighters.is_empty() && a > Frac::ZERO {
                pending = Some(Pending::ShockLosses {
                    side: defender_side,
                    target,
                    candidates: fighters.clone(),
                    points: a,
                    attackers: false,
                });
            }
        } else {
            attackers_hit = attackers.iter().map(|(u, _)| *u).collect();
            hit_defenders.extend(fighters.iter().map(|(u, _)| *u));
        }
        for u in attackers_hit {
            self.disrupt(u, true, "R&S 5.2: disrupted in its own shock attack");
        }
        self.s.resolving = Some(Resolving::Shock {
            attack: attack.clone(),
            to_retreat: hit_defenders,
        });
        if let Some(p) = pending {
            self.events.push(Event::DecisionNeeded {
                side: p.side(),
                what: format!(
                    "{} chooses which units to disrupt after the shock attack on {} (R&S 5.2)",
                    self.s.setup.sides[p.side()].name,
                    self.name(target)
                ),
            });
            self.s.pending = Some(p);
        }
        Ok(())
    }

    /// A defender disrupted by shock: eliminated if already disrupted or an unlimbered gun,
    /// otherwise it retreats and is then disrupted (R&S 5.2, 6.0(A), 6.0(C)).
    fn defender_disrupted(&mut self, u: UnitId, attack: &ShockAttack) {
        if self.s.units[u].hex() != Some(attack.target) {
            return;
        }
        let kind = self.s.kind(u).clone();
        if self.s.units[u].disrupted() {
            self.eliminate(u, "R&S 6.0(A): a second disruption by shock eliminates it");
            return;
        }
        if kind.limbers && !self.s.units[u].limbered {
            self.eliminate(
                u,
                "R&S 6.0(C): unlimbered artillery and machine guns never retreat and are \
                 eliminated when disrupted by shock",
            );
            return;
        }
        let attackers: Vec<HexCoord> = attack
            .attackers
            .iter()
            .filter_map(|a| self.s.units[*a].hex())
            .collect();
        // A pending retreat here leaves the rest of `to_retreat` for after the choice.
        let _ = self.start_retreat(u, &attackers, "R&S 5.2: disrupted by shock");
    }

    /// Apply a chosen set of shock losses.
    pub fn choose_shock_losses(&mut self, units: &[UnitId]) -> Result<(), RuleError> {
        let Some(Pending::ShockLosses {
            candidates,
            points,
            attackers,
            ..
        }) = self.s.pending.clone()
        else {
            return Err(RuleError::not_now(
                "no shock losses are waiting to be chosen",
            ));
        };
        let mut chosen = Vec::new();
        for u in units {
            match candidates.iter().find(|(c, _)| c == u) {
                Some(c) if !chosen.contains(c) => chosen.push(*c),
                _ => {
                    return Err(RuleError::not_now(format!(
                        "{} is not one of the units to choose from",
                        self.label(*u)
                    )));
                }
            }
        }
        if !valid_losses(&candidates, &chosen, points) {
            return Err(r(
                "R&S 5.2",
                format!(
                    "choose units worth at most {points} adjusted shock points, as many as fit"
                ),
            ));
        }
        self.s.pending = None;
        if attackers {
            for (u, _) in chosen {
                self.disrupt(u, true, "R&S 5.2: disrupted in its own shock attack");
            }
        } else if let Some(Resolving::Shock { to_retreat, .. }) = &mut self.s.resolving {
            to_retreat.extend(chosen.iter().map(|(u, _)| *u));
        }
        self.continue_shock()
    }
}

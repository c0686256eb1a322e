//! Cavalry charges (issue 42, R&S 4(K)): mounted cavalry and mounted rifles may raise their
//! movement allowance to twelve in a Movement Phase, entering only clear ground (the project's
//! reading of condition 2); the charging unit must make a shock attack in the Shock Combat
//! Phase that follows (condition 1) and is disrupted at the end of the player-turn (condition
//! 3). The charge gives no shock strength of its own: what it gives is reach.
//!
//! So a charge is worth making only to come next to an enemy stack that the unit cannot come
//! next to without charging, and whose shock defense the attack (the unit and the settled
//! friends already next to it) beats (5.2: the weaker side is disrupted, no dice). Its value
//! is what the shock wins (as `attack::plan_shock` counts it: a disruption's worth, a whole
//! unit where it is already disrupted, cannot retreat or is an unlimbered gun, 5.2, 6.0(C);
//! an objective cleared), less the friends disrupted in return, the charger's own certain
//! disruption and what it risks standing disrupted where it ends through the enemy's next
//! player-turn ([`exposure`]: defense halved, a second disruption eliminates it, 6.0(A)),
//! which stands in for the move's own risk term. A charge whose shock the defense would
//! beat is never proposed (it would only disrupt the charger).

use super::super::fire::{attack_strength, range_of};
use super::super::movement::mounted;
use super::super::retreat::retreat_options;
use super::super::shock::{attack_value, check_shock, defense_value, morale_factor};
use super::super::state::{Ammo, State, UnitId};
use super::maps::{Fields, attacks_next};
use super::risk::{fire_chances, multiplier_at};
use super::weights::{Weights, disruption_cost, unit_value};
use crate::frac::Frac;
use crate::map::HexCoord;
use std::collections::BTreeSet;

/// A charge's worth and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct Charge {
    /// The enemy hex its shock attacks.
    pub target: HexCoord,
    pub value: f64,
    pub words: String,
}

/// May unit `u` charge this phase (R&S 4(K)): mounted cavalry or mounted rifles on the map,
/// not yet moved, not disrupted, not in road movement mode, and able to make the shock attack
/// the charge requires (a shock strength, its force not demoralized, 10.1)?
/// Only where an enemy unit stands within the charge's reach (the search is made then only).
pub fn may_charge(state: &State, u: UnitId) -> bool {
    let unit = &state.units[u];
    let Some(reach) = state.kind(u).charge_movement else {
        return false;
    };
    let Some(at) = unit.hex() else {
        return false;
    };
    mounted(state, u)
        && unit.moved == 0
        && super::support::may_shock(state, u)
        && state.on_map(1 - state.side_of(u)).any(|e| {
            state.units[e]
                .hex()
                .is_some_and(|h| state.setup.grid.distance(at, h) <= reach + 1)
        })
}

/// The best charge of unit `u` ending in `h`, if any pays (see the module comment). `normal`:
/// the hexes `u` can end in without charging, its own among them; `settled(o)`: friend `o`
/// will not move again this phase (its shock can be counted on).
pub fn value(
    state: &State,
    fields: &Fields,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
    normal: &BTreeSet<HexCoord>,
    settled: &impl Fn(UnitId) -> bool,
) -> Option<Charge> {
    let g = &state.setup.grid;
    let side = state.side_of(u);
    let v = unit_value(state, u);
    // Its own certain disruption at the end of the player-turn (4(K)3).
    let own = v * disruption_cost(state, w, u);
    let mut best: Option<Charge> = None;
    for t in g.neighbors(h) {
        if state.occupant(t) != Some(1 - side) {
            continue;
        }
        // Without the charge's reach the unit could come next to it anyway: no charge needed.
        if g.neighbors(t).any(|n| normal.contains(&n)) {
            continue;
        }
        let friends: Vec<UnitId> = state
            .on_map(side)
            .filter(|&o| o != u && settled(o))
            .filter(|&o| check_shock(state, o, t).is_ok())
            .collect();
        let total = friends
            .iter()
            .fold(attack_value(state, u), |a, &o| a + attack_value(state, o));
        let defenders = state.stack(t);
        let defense = defenders
            .iter()
            .filter(|&&d| !state.kind(d).is_gun())
            .fold(Frac::ZERO, |a, &d| a + defense_value(state, d));
        // R&S 5.2: only a stronger attack disrupts the defender.
        if total <= defense {
            continue;
        }
        let mut from: Vec<HexCoord> = friends
            .iter()
            .filter_map(|&o| state.units[o].hex())
            .chain([h])
            .collect();
        from.sort();
        from.dedup();
        let trapped = defenders.iter().any(|&d| {
            !state.kind(d).is_gun()
                && retreat_options(state, d, t, &from, Frac::int(state.kind(d).movement as i64))
                    .is_empty()
        });
        let mut gain = 0.0;
        let mut lost = Vec::new();
        for &d in &defenders {
            let dv = unit_value(state, d);
            let unit = &state.units[d];
            // Guns in a shock-attacked hex are disrupted and retreat if limbered, else are
            // eliminated (5.2, 6.0(C)); a second disruption eliminates (6.0(A)).
            let whole = if state.kind(d).is_gun() {
                !unit.limbered || unit.disrupted() || trapped
            } else {
                unit.disrupted() || trapped
            };
            gain += if whole { dv } else { dv * w.disruption };
            if whole {
                lost.push(state.label(d).to_string());
            }
        }
        let bonus = fields
            .objective(state, t)
            .map_or(0.0, |(_, urg)| w.hold * urg * 0.5);
        // The friends disrupted in return (5.2: an equal number of points on the stronger
        // side); the charger is disrupted whatever happens (4(K)3): `own`.
        let returned = friends.iter().map(|&o| unit_value(state, o)).sum::<f64>()
            * w.disruption
            * (defense / total).to_f64().min(1.0);
        // Standing disrupted in `h` through the enemy's next player-turn, the beaten
        // defenders aside (disrupted or gone, they do not attack then, 6.0(A)).
        let (loss, p) = exposure(state, u, h, &defenders);
        let value = gain + bonus - returned - own - w.risk * loss;
        if value <= 0.0 || best.as_ref().is_some_and(|b| b.value >= value) {
            continue;
        }
        let result = if lost.is_empty() {
            "the defenders disrupted".to_string()
        } else {
            format!("{} eliminated", lost.join(", "))
        };
        let with = if friends.is_empty() {
            String::new()
        } else {
            format!(
                " with {}",
                friends
                    .iter()
                    .map(|&o| state.label(o).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        best = Some(Charge {
            target: t,
            value,
            words: format!(
                "charges to {} (R&S 4(K): 12 MP through clear ground, beyond its normal move): \
                 shock on {}{with}, {total} against {defense}: {result}; disrupted at the end \
                 of the player-turn (4(K)3), {:.0} % chance of a loss there",
                state.setup.name(h),
                state.setup.name(t),
                p * 100.0
            ),
        });
    }
    best
}

/// What unit `u` risks standing disrupted in `h` through the enemy's next player-turn (R&S
/// 6.0(A): defense halved, and any further disruption eliminates it), from every enemy unit
/// that will attack then but `beaten`: the fire of each one within range at full strength
/// (5.1, 10.4 when in play; the stronger ammunition for guns) against its defense there, and
/// the shock of those whose movement allowance brings them next to it (5.2, terrain ignored).
/// The expected loss in unit values and the chance of any.
pub fn exposure(state: &State, u: UnitId, h: HexCoord, beaten: &[UnitId]) -> (f64, f64) {
    let g = &state.setup.grid;
    let side = state.side_of(u);
    let v = unit_value(state, u);
    let m = multiplier_at(state, u, h) * Frac::new(1, 2);
    let mut fire = Frac::ZERO;
    let mut shock = Frac::ZERO;
    for e in state.on_map(1 - side) {
        if beaten.contains(&e) || !attacks_next(state, e) {
            continue;
        }
        let Some(eh) = state.units[e].hex() else {
            continue;
        };
        let d = g.distance(eh, h);
        let k = state.kind(e);
        let mut best = Frac::ZERO;
        if !(k.limbers && state.units[e].limbered) {
            let ammos: &[Option<Ammo>] = if k.shot_attack.is_some() {
                &[Some(Ammo::Canister), Some(Ammo::Shot)]
            } else {
                &[None]
            };
            for &a in ammos {
                if d <= range_of(state, e, a) {
                    best = best.max(attack_strength(state, e, a, d));
                }
            }
        }
        fire = fire + best;
        if !k.is_gun() && d <= k.movement + 1 {
            shock = shock + attack_value(state, e);
        }
    }
    let (rd, el) = fire_chances(state, fire, state.kind(u).fire_defense * m);
    let hit = (rd + el).min(1.0);
    let shock_defense = Frac::int(state.kind(u).shock as i64) * m * morale_factor(state, u);
    let shocked = shock > shock_defense;
    if shocked {
        return (v, 1.0);
    }
    (v * hit, hit)
}

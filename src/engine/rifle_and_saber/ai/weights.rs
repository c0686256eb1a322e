//! The weights of the standard level's evaluation terms, in one place: a strong level plays
//! a portfolio of these. Scores are in "unit values" (what a unit is worth, [`unit_value`]):
//! eliminating a unit gains its value, disrupting it a part of it.

use super::super::state::{State, UnitId};

#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A disruption as a share of a unit's value (R&S 6.0: it may neither attack nor move more
    /// than one hex, defends at half, and a second one eliminates it).
    pub disruption: f64,
    /// Holding an objective hex, per unit of urgency.
    pub hold: f64,
    /// A further unit in an objective hex, as a share of `hold`.
    pub reinforce: f64,
    /// Each hex nearer an objective, per unit of urgency.
    pub advance: f64,
    /// Expected losses to enemy fire and shock where a unit ends its move.
    pub risk: f64,
    /// The share of its risk a unit runs in a hex with friends (R&S 5.1(E): fire strikes the
    /// top unit only).
    pub stacked: f64,
    /// Ending in range of an enemy hex, to fire next turn.
    pub engage: f64,
    /// Each step of terrain defense above clear (x2 woods: 1 step).
    pub cover: f64,
    /// A fire attack whose chance of any effect is below this is hopeless (R&S 9.1: 1-2 has
    /// one face in six).
    pub hopeless: f64,
    /// Noise added to each candidate's score, at most.
    pub noise: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            disruption: 0.35,
            hold: 3.0,
            reinforce: 0.4,
            advance: 0.4,
            risk: 1.5,
            stacked: 0.4,
            engage: 0.3,
            cover: 0.15,
            hopeless: 0.2,
            noise: 0.05,
        }
    }
}

/// What a unit is worth: its printed fire attack (shot for guns), fire defense and shock
/// strength, over 3 (a 3-2-4 infantry unit is worth 3), and at least 1: every unit lost
/// counts in "no more losses than the enemy" (scenarios 9, 17) and every unit may count
/// toward an exit (scenario 17's limbers have no combat strength at all).
pub fn unit_value(state: &State, u: UnitId) -> f64 {
    let k = state.kind(u);
    let fire = k.shot_attack.unwrap_or(k.fire_attack).max(k.fire_attack);
    ((fire.to_f64() + k.fire_defense.to_f64() + k.shock as f64) / 3.0).max(1.0)
}

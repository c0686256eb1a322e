//! The weights of the 19th Century standard level, in one place. Scores are in victory points:
//! an eliminated enemy unit is worth one (19C Victory, Kepi's reading), plus what it would
//! still do on the table (`worth`); an objective its points.
//!
//! `Weights::default()` is the standard level as it plays; a puzzle's control zeroes one term.

#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Standing in an objective hex the enemy holds (19C Victory: held by the last side with a
    /// unit in it), as a multiple of its points.
    pub take: f64,
    /// Standing in (or, for a commander, blocking) an objective the side holds, with the enemy
    /// near, as a multiple of its points.
    pub hold: f64,
    /// The pull towards the objectives to take and the enemy to shoot, per turn of movement.
    pub approach: f64,
    /// A shot's worth (expected hits against what is left of the target, 19C Shooting).
    pub shoot: f64,
    /// The enemy's next shooting and charges where a unit ends, as a share of what it costs.
    pub risk: f64,
    /// A melee's worth (19C Melee: the strikes over the dice, both ways).
    pub melee: f64,
    /// Shooting pins a unit in battle formation (19C Movement: deployed units cannot move):
    /// what that costs a unit that still has ground to gain.
    pub pin: f64,
    /// Facing the best target (19C Turning, 19C Shooting's 45-degree arc).
    pub facing: f64,
    /// A move all along a road (19C Movement Adjustments: one hex more), per hex gained.
    pub road: f64,
    /// A commander's rally (19C Commanders: 6 hits removed), per hit removed.
    pub rally: f64,
    /// The seeded noise on each candidate.
    pub noise: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            take: 1.5,
            hold: 1.0,
            approach: 0.25,
            shoot: 1.0,
            risk: 0.7,
            melee: 1.0,
            pin: 0.25,
            facing: 1.0,
            road: 0.05,
            rally: 0.08,
            noise: 0.02,
        }
    }
}

/// What a unit would still do on the table, beside the point its elimination scores.
pub fn worth(kind: crate::engine::nineteenth_century::section::Kind) -> f64 {
    use crate::engine::nineteenth_century::section::Kind;
    match kind {
        Kind::Infantry | Kind::Artillery => 1.0,
        Kind::Cavalry => 0.9,
        Kind::Dragoons => 0.8,
        Kind::Skirmishers => 0.7,
        Kind::Commander => 0.0,
    }
}

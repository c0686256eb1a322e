//! Every constant of the standard level's terms. `Weights::default()` is the standard level;
//! a term set to 0 is off (the puzzles' controls turn one off to show it decides).

/// The weights of the standard level's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Taking an objective the enemy holds, holding one the enemy threatens (RK Victory,
    /// Kepi's reading: objectives' points go to the side that last stood in them).
    pub objective: f64,
    /// The pull of the objectives and of the enemy to be broken, by hex distance.
    pub advance: f64,
    /// The expected result of the combat a unit joins by moving next to the enemy (RK Combat,
    /// RK Result), over the average dice of every unit in the group.
    pub combat: f64,
    /// Columns halved in combat (RK Combat: "X 0.5 if in column"): deploying where the enemy
    /// can come next to the unit, columns where it cannot (they move two points further).
    pub formation: f64,
    /// Facing the enemy's approach (RK Combat: "-2 Under flank attack", "-1 oblique").
    pub facing: f64,
    /// Artillery: unlimbered within range of the enemy, never where the enemy can reach it
    /// (RK Artillery, RK Movement).
    pub artillery: f64,
    /// An HQ activating a unit whose card dithering inverted (RK Turn sequence ii, iv).
    pub hq: f64,
    /// Digging in and fortifying where the enemy can attack (RK Digging in).
    pub dig_in: f64,
    /// A win now is taken, a met condition never given up (`crate::ai::candidates`).
    pub guard: bool,
    /// The seeded noise on each candidate's score.
    pub noise: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            objective: 1.0,
            advance: 1.0,
            combat: 1.0,
            formation: 1.0,
            facing: 1.0,
            artillery: 1.0,
            hq: 1.0,
            dig_in: 1.0,
            guard: true,
            noise: 0.05,
        }
    }
}

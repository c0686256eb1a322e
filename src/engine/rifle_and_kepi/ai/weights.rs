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
    /// The share of the enemy's possible charge on a unit counted where it stands.
    pub exposure: f64,
    /// How many of the enemy units that can reach a unit are taken to charge it together.
    pub exposure_units: usize,
    /// Taking an objective, per point (times the urgency and the chance to keep it).
    pub take: f64,
    /// A side that must attack weighs its combats' gains this much more.
    pub press: f64,
    /// The pull of the enemy's units (to be broken) on a side that must attack.
    pub hunt: f64,
    /// Standing ready for a charge, and digging in, where the enemy can attack.
    pub stand: f64,
    pub dig: f64,
    /// The share of an objective kept after an exchange of fire next to the enemy.
    pub keep_exchange: f64,
    /// How much the chance that a unit would be broken by the enemy's charge lessens the
    /// objective it holds or takes there.
    pub keep_exposed: f64,
    /// Cavalry is pulled by the enemy's units whether or not its side must attack.
    pub cavalry_hunts: f64,
    /// A large division deploying over two hexes (RK Formations): 0 never does (its ends are
    /// not looked at); what it holds in both hexes counts, less `reform`.
    pub two_hexes: f64,
    /// What deploying over two hexes costs: it cannot move next turn but to reform (RK
    /// Formations: "one turn to reform").
    pub reform: f64,
    /// An HQ going with the unit it activates (RK Movement: "HQ may accompany"): 0 never does;
    /// else this much for each unit of its side (not in combat) it would have in or next to its
    /// hex after the move more than where it stands (those it can activate next turn), less
    /// half of one (at equal numbers it stays).
    pub follow: f64,
    /// A turn ahead (RK Result): the chance the enemy units that may charge a unit before it
    /// moves again break it where it stands, times its worth; it lessens the objective held
    /// there too. 0 is off (the standard level: at 1 Austria at Trautenau won 50 of 100).
    pub danger: f64,
    /// The share of `danger` a side that must attack counts (RK Victory: it must close).
    pub danger_press: f64,
    /// The side holding (`posture`): a unit's worth, times the share of the enemy's strength
    /// that can reach it beyond its friends' about it, off where it stands. 0 is off (the
    /// standard level: docs/ai.md, "Strength (Rifle and Kepi)", has the figures measured).
    pub posture: f64,
    /// The side striking (`posture`): its objectives to take and its pull this many times
    /// their weight. 1 is off (the standard level).
    pub strike: f64,
    /// A unit strikes once the game-turns left are no more than those it needs to reach its
    /// goal and this many.
    pub strike_turns: u32,
    /// The share of the enemy's possible charge (`exposure`) a striking unit counts.
    pub strike_exposure: f64,
    /// An objective a friend's infantry or cavalry stands in is not held twice: 0 is off (the
    /// standard level).
    pub cover: f64,
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
            exposure: 0.5,
            exposure_units: 1,
            take: 2.0,
            press: 1.2,
            hunt: 1.5,
            stand: 0.15,
            dig: 0.5,
            keep_exchange: 0.3,
            keep_exposed: 0.0,
            cavalry_hunts: 1.0,
            two_hexes: 1.0,
            reform: 0.2,
            follow: 0.3,
            danger: 0.0,
            danger_press: 1.0,
            posture: 0.0,
            strike: 1.0,
            strike_turns: 1,
            strike_exposure: 0.5,
            cover: 0.0,
        }
    }
}

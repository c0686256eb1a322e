//! Every constant of the standard level's evaluation, by name (the puzzles' controls set one
//! to zero to show that its term is what changes the choice).

/// The weights of the terms (scores are in the sheet's points: an element destroyed is worth
/// its cost).
#[derive(Clone, Debug)]
pub struct Weights {
    /// The seeded noise added to every candidate's score (at most this much).
    pub noise: f64,
    /// A move or formation change is given only when it gains more than this (else the phase
    /// ends: action points are spent on the elements that matter, VV 5.1).
    pub min_gain: f64,
    /// The melee an element's position leads to (VV 8): its expected points won and lost.
    pub melee: f64,
    /// The enemy's defensive fire the position is exposed to (VV 7): its expected points lost.
    pub exposure: f64,
    /// Closing on the enemy: the score of standing `d` hexes from the nearest enemy troop is
    /// `approach * reach / (d + reach)` (the nearer elements gain more from a step: attacks
    /// are pressed home by the elements already close).
    pub approach: f64,
    /// Artillery: each enemy troop element in its field of fire and range (VV 7.1).
    pub guns: f64,
    /// An enemy troop element that could reach the element's flank or rear (VV 1 facing).
    pub flank: f64,
    /// A friendly troop element beside it (a line keeps its flanks covered), at most two.
    pub together: f64,
    /// VV 5.6 Squares: a square against each enemy cavalry element within reach; and what a
    /// square costs with none about (it moves slowly and is an easy target).
    pub square: f64,
    pub square_idle: f64,
    /// A general next to the enemy, or next to a friend in contact (VV 2 Generals lost).
    pub general_risk: f64,
    /// Each element of his corps out of his command range (VV 5.2: it then moves for 2 AP).
    pub command: f64,
    /// A corps demoralised by the points lost (VV 9), beyond the elements' own points.
    pub demoralise: f64,
    /// The share of an element's points a flight and a recoil are worth (VV 8 Results).
    pub flee: f64,
    pub recoil: f64,
    /// A general lost (VV 2), in points.
    pub general: f64,
    /// A reinforcement entering (VV 4.1), before its position's terms.
    pub enter: f64,
    /// VV 5.2: whether group moves are scored (1) or left out (0, never given).
    pub groups: f64,
    /// The reach of the approach term, in hexes (see `approach`).
    pub reach: f64,
    /// Closing on the enemy from afar: this much for each hex nearer the nearest enemy it
    /// closes on (the approach term flattens with distance; a far corps must still march).
    pub march: f64,
    /// VV 10: closing on the enemy counts only the elements of enemy corps not yet
    /// demoralised (1), or every enemy element (0): a demoralised corps counts once.
    pub live: f64,
    /// VV 9, 10: the share of its cost an element destroyed is worth when its corps is
    /// demoralised already (its loss brings no corps nearer demoralisation).
    pub spent: f64,
    /// Kepi's reading of VV 10 (the scenario's objectives): an objective the side does not
    /// hold, this much a point for an element standing in it (taking it), the score falling as
    /// `reach / (d + reach)` with its distance `d` (the nearest such objective counts).
    pub objective: f64,
    /// Closing on that objective from afar: this much a hex nearer (as `march`).
    pub objective_march: f64,
    /// An objective the side holds with enemy troops within [`super::place`]'s guard reach:
    /// this much a point for an element standing in it, half beside it.
    pub guard: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            noise: 0.05,
            min_gain: 0.1,
            melee: 1.0,
            exposure: 0.8,
            approach: 6.0,
            guns: 0.4,
            flank: 0.6,
            together: 0.25,
            square: 2.0,
            square_idle: 0.6,
            general_risk: 4.0,
            command: 0.5,
            demoralise: 12.0,
            flee: 0.5,
            recoil: 0.15,
            general: 4.0,
            enter: 3.0,
            groups: 1.0,
            reach: 4.0,
            march: 0.3,
            live: 1.0,
            spent: 0.5,
            objective: 24.0,
            objective_march: 1.2,
            guard: 2.0,
        }
    }
}

//! The weights of Age of Rifles' standard level, in one place: the strong level (`strong.rs`)
//! plays a portfolio of these. Scores are in the standard level's points (an eliminated unit
//! is worth 1 + 0.15 × its strength, `attack::unit_value`; an objective its victory points).
//!
//! `Weights::default()` is the standard level exactly as it plays: every constant it used
//! inline (orders.rs, attack.rs, maneuver.rs) is one of these fields with the same value.

#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    // The Command Phase (AoR 12.2-12.4, `orders.rs`).
    /// Attack orders when the side's strength near a formation is at least this many times
    /// the enemy's near it.
    pub attack_ratio: f64,
    /// An Attack order in force (or on its way) is kept down to this ratio.
    pub keep_attack: f64,
    /// In the last three game-turns, with the formation's objective not held, Attack down to
    /// this ratio.
    pub last_turns_ratio: f64,
    /// Hold the line (`orders.rs`, AoR 12.2, 5.4): a formation by an objective its side holds,
    /// with the enemy approaching and nothing to take, is given Defend instead of Attack while
    /// its strength near is less than this many times the enemy's; 0 never.
    pub hold_line: f64,
    /// A March order when the formation's goal is more than this many hexes away and no enemy
    /// is near.
    pub march_beyond: u32,
    // Bombardment (AoR 8.1) and assault (AoR 7.3, `attack.rs`).
    /// A bombardment worth less than this is not made.
    pub bombard_min: f64,
    /// What a disruption (the first hit of a bombardment, 8.1) is worth.
    pub disruption: f64,
    /// An assault expected to gain less than this is vetoed (unless forced or the last
    /// game-turn decides an objective).
    pub assault_min: f64,
    /// The chance that defenders hit but not eliminated leave the hex (a failed morale check
    /// or a voluntary retreat, 7.4).
    pub clearing: f64,
    /// The target's objective, as a share of its value times the chance to clear it.
    pub assault_objective: f64,
    /// Below this chance to clear the target's hex (eliminated, or gone by a failed check or
    /// a retreat; never by retreat from a fort, AoR 10.1), the last game-turn does not make
    /// an assault on an objective worth its losses.
    pub deadline_clear: f64,
    /// A charge (AoR 7.6, `charges.rs`) expected to gain less than this is not made (nor a
    /// reaction charge, 7.8).
    pub charge_min: f64,
    // Movement (AoR 5, 11, 12, `maneuver.rs`).
    /// Taking an objective hex, as a multiple of its value.
    pub take: f64,
    /// Keeping a held objective within the enemy's reach, alone in it, as a share of its
    /// value.
    pub hold: f64,
    /// The pull of the objectives, per unit of need, at distance 0 (× 0.85 a hex).
    pub approach: f64,
    /// The enemy's next assault where a unit ends: the share of its expected cost counted.
    pub threat: f64,
    /// How much more an undisrupted unit weighs that threat (per unit of value).
    pub risk_steady: f64,
    /// The same for a disrupted unit (pulled back out of reach).
    pub risk_disrupted: f64,
    /// Cover where the enemy can reach, per share of fire it saves (AoR 7.6 terrain).
    pub cover: f64,
    /// Under Attack orders, the odds against the worst enemy next to a hex, as a share.
    pub close: f64,
    /// A supporting attack (AoR 7.6 Flanking, `maneuver::support`): under Attack orders, a
    /// hex next to an enemy stack that another friendly stack flanks (or can reach to flank),
    /// as a multiple of the flank's worth; 0 never seeks it.
    pub support: f64,
    /// A fighting withdrawal (AoR 12.2, 5.4, `maneuver::withdrawal`): a unit under Defend
    /// orders too weak to hold the enemy ZOC it stands in, to a better position out of every
    /// enemy ZOC within four hexes of the enemy, as a multiple of the hits it no longer faces
    /// by its value; 0 never withdraws for it.
    pub withdraw: f64,
    /// Leaving the map where the side scores or meets an exit condition (AoR 5.6, 18), as a
    /// multiple of what it is worth (`maps::Fields::exit`): the pull towards the exit hexes and
    /// standing on one; 0 never leaves.
    pub exit: f64,
    /// Passing fire (AoR 7.12) along a move's path: the share counted of the expected cost of
    /// the hits its fires would score (each fire's Fire Table row over the 36 rolls) and of
    /// the gain lost when a hit's retreat check stops the move short (7.4); 0 ignores it.
    pub passing: f64,
    /// Paths through two waypoints (AoR 5, 5.4, 7.12, `passing::entry_pairs`): where no single
    /// waypoint clears a move's passing fire, a hex outside every enemy ZOC then a hex next to
    /// the destination in the ZOC of other stacks only; false tries one waypoint only.
    pub two_waypoints: bool,
    /// Holding an objective in a fort (AoR 10.1: its defenders ignore retreat results and
    /// cannot be bombarded, charged or flanked), as a share of the objective's value, while
    /// the enemy is near.
    pub fort: f64,
    /// A Defend unit's ZOC over the enemy's approaches to the objectives (`lines.rs`, AoR 5.4,
    /// 12.2), per unit of approach weight held (a band of the approaches weighs the
    /// objectives' worth).
    pub line: f64,
    /// Noise added to each destination's score, at most (seeded).
    pub noise: f64,
    /// Issue 42: a move that meets a victory condition the end of this game-turn decides is
    /// taken over any score, and one that gives up a met one refused (`guard.rs`). Off only
    /// to measure what it changes.
    pub guard: bool,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            attack_ratio: 1.4,
            keep_attack: 1.0,
            last_turns_ratio: 0.9,
            hold_line: 2.0,
            march_beyond: 5,
            bombard_min: 0.05,
            disruption: 0.25,
            assault_min: 0.1,
            clearing: 0.45,
            assault_objective: 0.5,
            deadline_clear: 0.05,
            charge_min: 0.1,
            take: 1.5,
            hold: 0.8,
            approach: 1.0,
            threat: 0.3,
            risk_steady: 0.35,
            risk_disrupted: 1.5,
            cover: 0.6,
            close: 0.5,
            support: 1.0,
            withdraw: 1.0,
            exit: 1.0,
            passing: 1.0,
            two_waypoints: true,
            fort: 0.5,
            line: 0.3,
            noise: 0.05,
            guard: true,
        }
    }
}

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
    /// Ending a move next to a disrupted enemy stack that the Shock Combat Phase to come then
    /// beats and not before, as a share of what its units are worth (R&S 5.2, 6.0(A)).
    pub support: f64,
    /// A defender's zone of control over the enemy's approaches to the objectives, per unit of
    /// approach weight newly covered (`lines::Approaches`, R&S 8.0).
    pub line: f64,
    /// Issue 42: a move that meets a victory condition at stake this game-turn is taken over
    /// any score, and one that gives up a met condition refused unless every move does
    /// (`guard`, `crate::ai::candidates::Verdict`). Off only to measure what it changes.
    pub guard: bool,
    /// Issue 42: an exit hex is worth what the unit can still do from it: leaving now with the
    /// movement point kept (R&S 4(C)), later, or, on the condition's last game-turn, not at
    /// all (`maneuver`). Off (every exit hex alike, as before) only to measure what it changes.
    pub exit_mp: bool,
    /// Issue 42: the engage and support terms count only what the unit can still do from
    /// where it ends: nothing for a move that leaves an enemy-controlled hex (disrupted, R&S
    /// 8.0(B), so it may not attack next player-turn, 6.0(A)-(B)), no fire next turn for a
    /// gun that ends limbered without the 3 MP to unlimber (4(J)), and engaging only where an
    /// enemy is within the unit's own range at better than hopeless odds (5.1(A)). Off only to
    /// measure.
    pub what_is_left: bool,
    /// Issue 42: a tie of score between two moves is broken by the movement points the unit
    /// keeps (`Candidate::secondary`), not by the noise alone. Off only to measure.
    pub tie_break: bool,
    /// Issue 42: mounted cavalry charges (R&S 4(K): twelve movement points through clear
    /// ground, a shock attack it must make, disrupted at the end of the player-turn) where the
    /// charge's reach alone brings it next to a stack its shock beats (`charge`). Off only to
    /// measure and for the puzzles' controls.
    pub charge: bool,
    /// Issue 42: road movement mode where the rule is in play (R&S 10.5): entered by a unit
    /// with far to go by road where no enemy can reach it, left where one can (`road`). Off
    /// only to measure and for the puzzles' controls.
    pub road_mode: bool,
    /// Issue 42: improved positions begun during play (R&S 10.2) on objective hexes the side
    /// holds where no enemy can reach them before the work is done (`works`). Off only to
    /// measure and for the puzzles' controls.
    pub works: bool,
    /// Issue 42: dismounting a mounted unit that stays to fire or hold under fire, remounting
    /// one with far to go out of the enemy's reach (R&S 4(L), `dismount`). Off only to measure
    /// and for the puzzles' controls.
    pub dismount: bool,
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
            support: 1.0,
            line: 1.0,
            guard: true,
            exit_mp: true,
            what_is_left: true,
            tie_break: true,
            charge: true,
            road_mode: true,
            works: true,
            dismount: true,
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
    let combat = ((fire.to_f64() + k.fire_defense.to_f64() + k.shock as f64) / 3.0).max(1.0);
    if indispensable(state, u) {
        combat + INDISPENSABLE
    } else {
        combat
    }
}

/// What a disruption of unit `u` costs, as a share of its value: `w.disruption`, but all of
/// it when the unit is disrupted already (a second disruption eliminates it, R&S 6.0(A)) or
/// when its force is demoralized: its disrupted units stay disrupted (10.1, with the errata:
/// until the force's morale rises again), so the unit would never attack again and would move
/// one hex a Movement Phase for the rest of the game (6.0(A)).
pub fn disruption_cost(state: &State, w: &Weights, u: UnitId) -> f64 {
    use super::super::scenario::Morale;
    let for_good = state.setup.options.morale && state.unit_morale(u) == Morale::Demoralized;
    if state.units[u].disrupted() || for_good {
        1.0
    } else {
        w.disruption
    }
}

/// What a unit its side cannot win without is worth besides its combat value: twice the
/// default hold of an objective (the game rides on it, as on an objective at its game-turn).
pub const INDISPENSABLE: f64 = 6.0;

/// Is `u` a unit its side cannot win without: every unit of its kind still in play is needed
/// for its side's own exit condition ("all four limbers off the map", R&S scenario 17)? Once
/// one is lost that condition can no longer be met, and the others are worth their combat
/// value again. Only exit conditions counting units of
/// one kind name such units; a unit already off the map no longer risks anything.
pub fn indispensable(state: &State, u: UnitId) -> bool {
    use super::super::state::Location;
    use crate::engine::victory::{Condition, ExitNeed};
    if !matches!(state.units[u].location, Location::Hex(_) | Location::Off) {
        return false;
    }
    let side = state.side_of(u);
    let kind = state.setup.units[u].kind;
    fn needs(v: &Condition<crate::map::HexCoord>, state: &State, side: usize, kind: usize) -> bool {
        match v {
            Condition::Exit {
                side: s,
                need:
                    ExitNeed::Units {
                        count,
                        kind: Some(k),
                    },
                ..
            } if *s == side && *k == kind => {
                // The units of the kind not yet lost (on the map, to come, or exited).
                let left = (0..state.units.len())
                    .filter(|&o| {
                        state.side_of(o) == side
                            && state.setup.units[o].kind == kind
                            && state.units[o].location != Location::Eliminated
                    })
                    .count() as u32;
                left == *count
            }
            Condition::All { of, .. } => of.iter().any(|p| needs(p, state, side, kind)),
            _ => false,
        }
    }
    state
        .setup
        .victory
        .iter()
        .any(|e| needs(&e.condition, state, side, kind))
}

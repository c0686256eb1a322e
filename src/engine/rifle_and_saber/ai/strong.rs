//! Rifle & Saber's strong level: it plans each of its player-turns as a whole. A portfolio of
//! standard-level weightings ([`portfolio`]) are its candidate plans; each plan is scored by
//! seeded playouts of the game from the start of the player-turn (the plan's own player-turn,
//! then both sides played at the standard level), with the same dice and the same opponent
//! for every plan (common random numbers: plan A and plan B meet the same rolls, so the
//! difference between their scores is the plans', not the dice's). The best plan then plays
//! the player-turn. After the Fire Combat Phase and after the Movement Phase it compares the
//! position with what the chosen plan's playouts reached at that point, and plans again when
//! the dice went unexpectedly (the material balance off the playouts' mean by more than
//! [`SURPRISE`] standard deviations).
//!
//! Invariants: a pure function of its seed and the states it is shown (the playouts' dice and
//! noise are seeded from the player's seed and the player-turn); each command given is one
//! the standard level gives in that state, so it is legal; a playout is bounded in commands.

use super::super::apply::apply;
use super::super::state::{Location, Phase, State};
use super::Standard;
use super::weights::{Weights, unit_value};
use crate::ai::planner::{DEEP_PLAYOUTS, Planner, Planning};
use crate::engine::dice::SeededDice;
use crate::engine::{ConditionStatus, Player, Reason};

pub use crate::ai::planner::{HORIZON, PLAYOUTS, SURPRISE};

/// The candidate plans: the standard weighting and variations of it, each with its name.
pub fn portfolio() -> Vec<(&'static str, Weights)> {
    let base = Weights::default();
    vec![
        ("standard", base.clone()),
        (
            "press the attack",
            Weights {
                risk: base.risk * 0.5,
                advance: base.advance * 2.0,
                engage: base.engage * 2.0,
                // The hopeless-attack veto stays (1-2 is never fired unless forced, as the
                // puzzles ask of every level).
                ..base.clone()
            },
        ),
        (
            "hold back",
            Weights {
                risk: base.risk * 2.0,
                advance: base.advance * 0.5,
                cover: base.cover * 2.0,
                ..base.clone()
            },
        ),
        (
            "take the objectives",
            Weights {
                hold: base.hold * 2.0,
                reinforce: 0.6,
                advance: base.advance * 1.5,
                ..base
            },
        ),
    ]
}

/// Side `side`'s material less the enemy's, in unit values: units in play or exited count
/// whole, disrupted ones less a disruption's worth (R&S 6.0), eliminated ones nothing.
pub fn material(state: &State, side: usize, w: &Weights) -> f64 {
    (0..state.units.len())
        .map(|u| {
            let v = match state.units[u].location {
                Location::Eliminated => 0.0,
                _ if state.units[u].disrupted() => unit_value(state, u) * (1.0 - w.disruption),
                _ => unit_value(state, u),
            };
            if state.side_of(u) == side { v } else { -v }
        })
        .sum()
}

/// How good a playout's last position is for `side`, from 0 to 1: the game's result when it is
/// over (1 a win, 0.5 a draw); otherwise the victory conditions as they would be decided now
/// (the wording `victory::conditions` gives an open condition) and the material won or lost
/// since the plan began (`base`), in 0.1..0.9.
pub fn judge(state: &State, side: usize, base: f64, w: &Weights) -> f64 {
    if let Some(o) = &state.outcome {
        return match o.winner {
            Some(s) if s == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let mut conditions = 0.0;
    for c in super::super::victory::conditions(state) {
        let Some(s) = c.side else { continue };
        let sign = if s == side { 1.0 } else { -1.0 };
        let met = match c.status {
            ConditionStatus::Met => Some(true),
            ConditionStatus::NotMet => Some(false),
            ConditionStatus::Open if c.detail.ends_with("; met if it were decided now") => {
                Some(true)
            }
            ConditionStatus::Open if c.detail.ends_with("; not met if it were decided now") => {
                Some(false)
            }
            ConditionStatus::Open => None,
        };
        match met {
            Some(true) => conditions += sign,
            Some(false) => conditions -= sign,
            None => {}
        }
    }
    let gained = material(state, side, w) - base;
    0.5 + 0.4 * (0.5 * conditions + gained / 6.0).tanh()
}

/// Rifle & Saber for the planner.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl Planning for Rules {
    type State = State;
    type Command = Command;
    type Weights = Weights;
    type Player = Standard;

    fn portfolio(&self) -> Vec<(&'static str, Weights)> {
        portfolio()
    }

    fn player(&self, seed: u64, w: Weights) -> Standard {
        Standard::with_weights(seed, w)
    }

    fn decide(&self, p: &mut Standard, s: &State) -> (Command, Vec<Reason>) {
        p.decide(s)
    }

    fn acting(&self, s: &State) -> usize {
        s.pending.as_ref().map_or(s.player, |p| p.side())
    }

    fn player_turn(&self, s: &State) -> u32 {
        s.player_turn
    }

    /// Its own player-turn's commands, not a retreat or other answer waiting (R&S 6.0).
    fn planned(&self, s: &State) -> bool {
        s.pending.is_none() && s.phase != Phase::Deployment
    }

    /// The start of the Movement Phase (after the fire) and of the Shock Phase (after the
    /// moves).
    fn checkpoint(&self, s: &State, _side: usize) -> Option<&'static str> {
        matches!(s.phase, Phase::Movement | Phase::Shock).then(|| s.phase.name())
    }

    fn over(&self, s: &State) -> bool {
        s.phase == Phase::Over
    }

    fn apply(&self, s: &State, c: &Command, dice: &mut SeededDice) -> Option<State> {
        apply(s, c, dice).ok().map(|x| x.0)
    }

    /// Every plan weighs a disruption the same ([`portfolio`] leaves it), so the standard
    /// weighting measures the material of all of them.
    fn material(&self, s: &State, side: usize) -> f64 {
        material(s, side, &Weights::default())
    }

    fn judge(&self, s: &State, side: usize, base: f64) -> f64 {
        judge(s, side, base, &Weights::default())
    }
}

/// The strong level (and the deep level: the same plans over more playouts).
pub struct Strong(Planner<Rules>);

impl Strong {
    pub fn new(seed: u64) -> Strong {
        Strong(Planner::new(Rules, seed))
    }

    /// The deep level: each plan scored over [`DEEP_PLAYOUTS`] playouts instead of three.
    pub fn deep(seed: u64) -> Strong {
        Strong(Planner::with_playouts(Rules, seed, DEEP_PLAYOUTS))
    }

    /// The next command with its reasons (the standard player's, then the plan's).
    pub fn decide(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.0.decide(state)
    }
}

use super::super::command::Command;
use super::super::ruleset::RifleAndSaber;

impl Player<RifleAndSaber> for Strong {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

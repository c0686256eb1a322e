//! Age of Rifles' strong level: the ruleset-neutral planner (`crate::ai::planner`) over the
//! standard level. A side's span is planned as a whole: its orders in the Command Phase (AoR
//! 12) with the player-turn that follows them, and its player-turn (bombardment, charges,
//! movement, assaults: AoR 4 I-IV). The plans are standard-level weightings ([`portfolio`]);
//! each is scored by seeded playouts with the same dice for every plan; the chosen plan is
//! checked against its playouts at the start of the side's Bombardment Segment (after the
//! enemy's player-turn, when the side moves second and planned at its orders), of its
//! Formation Movement Segment (after the bombardments and charges) and of its Formation Combat
//! Segment (after the moves), and the rest of the player-turn is planned again after an
//! unexpected result.
//!
//! What is Age of Rifles' own here: the portfolio, the player-turn numbering (two a game-turn;
//! the Command Phase counts with the side's own player-turn), which decisions are the side's
//! own (not answers inside the enemy's assaults, charges or bombardments), and the material:
//! each unit's value (`attack::unit_value`: the enemy's point for eliminating it and its
//! strength toward demoralization, AoR 13) by the share of its steps left, less a disruption,
//! plus half the victory-point margin as it would be counted now (AoR 18, hold points
//! included).
//!
//! Invariants: a pure function of its seed and the states it is shown; each command it gives
//! is one its chosen standard player gives, so it is legal.

use super::super::state::{Command, Loc, Phase, State};
use super::super::{AgeOfRifles, sequence, victory};
use super::attack::unit_value;
use super::{Standard, Weights};
use crate::ai::planner::{DEEP_PLAYOUTS, Planner, Planning, conditions_balance, judge};
use crate::engine::dice::SeededDice;
use crate::engine::{Player, Reason};

/// The victory-point margin's weight in the material balance, per point.
pub const POINTS: f64 = 0.5;

/// The candidate plans: the standard weighting and variations of it, each with its name.
pub fn portfolio() -> Vec<(&'static str, Weights)> {
    let base = Weights::default();
    vec![
        ("standard", base.clone()),
        (
            "press the attack",
            Weights {
                attack_ratio: 1.1,
                keep_attack: 0.8,
                // The hopeless-assault veto stays: nothing expected lost is still required.
                assault_min: 0.0,
                threat: base.threat * 0.5,
                approach: base.approach * 1.5,
                ..base.clone()
            },
        ),
        (
            "hold back",
            Weights {
                attack_ratio: 2.0,
                keep_attack: 1.4,
                threat: base.threat * 2.0,
                cover: base.cover * 2.0,
                approach: base.approach * 0.6,
                ..base.clone()
            },
        ),
        (
            "take the objectives",
            Weights {
                take: base.take * 1.5,
                hold: base.hold * 2.0,
                approach: base.approach * 1.5,
                last_turns_ratio: 0.7,
                assault_objective: base.assault_objective * 2.0,
                ..base
            },
        ),
    ]
}

/// Age of Rifles for the planner.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

/// Whether `s` waits for an answer inside an action under way (an assault's, a charge's or a
/// bombardment's decisions, a reaction charge), rather than a free command.
fn answering(s: &State) -> bool {
    s.combat.is_some()
        || s.charge.is_some()
        || s.reaction.is_some()
        || s.bombardment.is_some()
        || s.resolving_charges
}

/// What `u` is worth now: its value by the share of its steps left, less a disruption.
fn worth(s: &State, u: usize, w: &Weights) -> f64 {
    let d = &s.setup().units[u];
    let whole = unit_value(s, u);
    match s.units[u].loc {
        Loc::Eliminated => 0.0,
        Loc::Exited | Loc::Off => whole,
        Loc::At(_) => {
            let share = f64::from(s.units[u].steps) / f64::from(d.steps().max(1));
            let v = whole * share;
            if s.units[u].disrupted.is_some() {
                v - w.disruption
            } else {
                v
            }
        }
    }
}

/// Side `side`'s material less the enemy's (see the module's words).
pub fn material(s: &State, side: usize) -> f64 {
    let w = Weights::default();
    let setup = s.setup();
    let units: f64 = (0..s.units.len())
        .map(|u| {
            let v = worth(s, u, &w);
            if setup.units[u].side == side { v } else { -v }
        })
        .sum();
    let margin = victory::points(s, side) - victory::points(s, 1 - side);
    units + POINTS * margin as f64
}

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
        s.player
    }

    /// 2 × game-turn + the half (AoR 4: the first player-turn is the half 0); a side's orders
    /// in the Command Phase count with its own player-turn of that game-turn.
    fn player_turn(&self, s: &State) -> u32 {
        let half = if s.phase == Phase::Command {
            u32::from(s.player != s.setup().moves_first)
        } else {
            u32::from(s.half)
        };
        2 * s.turn + half
    }

    fn planned(&self, s: &State) -> bool {
        match s.phase {
            Phase::Deployment | Phase::Over => false,
            Phase::Command => !answering(s),
            _ => s.player == s.phasing() && !answering(s),
        }
    }

    fn checkpoint(&self, s: &State, side: usize) -> Option<&'static str> {
        if s.player != side || s.phasing() != side || answering(s) {
            return None;
        }
        match s.phase {
            Phase::Bombardment | Phase::Movement | Phase::Combat => Some(s.phase.name()),
            _ => None,
        }
    }

    fn over(&self, s: &State) -> bool {
        s.phase == Phase::Over || s.outcome.is_some()
    }

    fn apply(&self, s: &State, c: &Command, dice: &mut SeededDice) -> Option<State> {
        sequence::apply(s, c, dice).ok().map(|x| x.0)
    }

    fn material(&self, s: &State, side: usize) -> f64 {
        material(s, side)
    }

    fn judge(&self, s: &State, side: usize, base: f64) -> f64 {
        let winner = s.outcome.as_ref().and_then(|o| o.winner);
        judge(
            self.over(s),
            winner,
            side,
            conditions_balance(&victory::report(s), side),
            material(s, side) - base,
        )
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
    pub fn decide(&mut self, s: &State) -> (Command, Vec<Reason>) {
        self.0.decide(s)
    }
}

impl Player<AgeOfRifles> for Strong {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

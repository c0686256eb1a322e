//! The strong level's planner, ruleset-neutral: a side's player-turn is planned as a whole. A
//! portfolio of standard-level weightings ([`Planning::portfolio`]) are the candidate plans;
//! each is scored by seeded playouts from the position (the plan's player playing the side,
//! the standard level the enemy, for [`HORIZON`] game-turns or to the end), with the same dice
//! and the same opponent seeds for every plan (common random numbers: plan A and plan B meet
//! the same rolls, so the difference between their scores is the plans', not the dice's). The
//! best plan then plays the player-turn. At the rule system's checkpoints (for instance after
//! the fire and after the movement) the planner compares the material balance with what the
//! chosen plan's playouts reached there, and plans the rest of the player-turn again when the
//! dice went unexpectedly (more than [`SURPRISE`] standard deviations off their mean).
//!
//! A rule system gives what depends on its rules through [`Planning`]: the portfolio and a
//! weighted standard player, the side acting, the player-turn a state belongs to, its
//! checkpoints, how commands apply, and the material balance and judgement of a position.
//! Each system's strong level is built on it, in the system's own `ai/strong.rs` (Rifle &
//! Saber's plays the same games as before the planner moved here).
//!
//! Invariants: a pure function of its seed and the states it is shown (the playouts' dice and
//! noise are seeded from the player's seed, the player-turn and the replan count); every
//! command it gives is the chosen plan's standard player's, so it is as legal as the standard
//! level's; a playout is bounded in commands.

use crate::engine::dice::SeededDice;
use crate::engine::{ConditionStatus, Reason, VictoryCondition};

/// Playouts per plan at the strong level.
pub const PLAYOUTS: usize = 3;
/// Playouts per plan at the deep level (the strong level with more playouts: the plans'
/// scores, a few per cent apart, are told apart with less noise, at three times the cost).
pub const DEEP_PLAYOUTS: usize = 9;
/// Game-turns a playout looks ahead before the position is judged (a playout reaching the end
/// of the game is judged by its result).
pub const HORIZON: u32 = 3;
/// A result this many standard deviations (of the playouts) away from their mean is
/// unexpected, and the rest of the player-turn is planned again.
pub const SURPRISE: f64 = 1.5;
/// The least standard deviation the surprise test divides by (three playouts may agree).
pub const LEAST_SD: f64 = 0.3;
/// Commands a playout gives at most (a faulty player must not hang the planner).
pub const PLAYOUT_COMMANDS: usize = 20_000;

/// What a rule system gives the planner.
pub trait Planning {
    type State: Clone;
    type Command;
    type Weights: Clone;
    /// The rule system's standard player with a weighting.
    type Player;

    /// The candidate plans, the standard weighting first, each with its name.
    fn portfolio(&self) -> Vec<(&'static str, Self::Weights)>;
    /// A seeded standard player with the weighting `w`.
    fn player(&self, seed: u64, w: Self::Weights) -> Self::Player;
    /// The player's next command in `s`, with its reasons.
    fn decide(&self, p: &mut Self::Player, s: &Self::State) -> (Self::Command, Vec<Reason>);
    /// The side that must act in `s`.
    fn acting(&self, s: &Self::State) -> usize;
    /// The player-turn `s` belongs to, as a number that grows through the game (two a
    /// game-turn with two sides).
    fn player_turn(&self, s: &Self::State) -> u32;
    /// Whether `s` is a free decision of the acting side's own planned span (its player-turn,
    /// or its orders before it), not an answer to the enemy's action nor deployment: the
    /// planner plans only at these.
    fn planned(&self, s: &Self::State) -> bool;
    /// The checkpoint `s` is at, when the side to act is `side` (the start of a phase whose
    /// material is compared with the plan's): `None` elsewhere.
    fn checkpoint(&self, s: &Self::State, side: usize) -> Option<&'static str>;
    /// Whether the game is over.
    fn over(&self, s: &Self::State) -> bool;
    /// `c` applied with `dice`; `None` when refused (the playout ends there).
    fn apply(
        &self,
        s: &Self::State,
        c: &Self::Command,
        dice: &mut SeededDice,
    ) -> Option<Self::State>;
    /// Side `side`'s material less the enemy's, in the standard level's unit values.
    fn material(&self, s: &Self::State, side: usize) -> f64;
    /// How good a playout's last position is for `side`, from 0 to 1, with `base` the material
    /// balance when the plan began ([`judge`] does it from the victory conditions).
    fn judge(&self, s: &Self::State, side: usize, base: f64) -> f64;
}

/// splitmix64: the seeds of the playouts from the player's seed, the player-turn and the
/// playout's number (the same for every plan).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `what` of playout `playout`, planned at `player_turn` after `replans`.
pub fn seed_of(seed: u64, player_turn: u32, replans: u32, playout: usize, what: u64) -> u64 {
    mix(mix(mix(mix(seed) ^ u64::from(player_turn)) ^ u64::from(replans)) ^ playout as u64) ^ what
}

/// The victory conditions as they stand, for `side`: +1 for each of its own met (or met if
/// decided now) and each of the enemy's not met, -1 the other way; open ones without a
/// reading count nothing. The wording is the one the rule systems' reports give an open
/// condition ("...; met if it were decided now ...").
pub fn conditions_balance(conditions: &[VictoryCondition], side: usize) -> f64 {
    let mut total = 0.0;
    for c in conditions {
        let Some(s) = c.side else { continue };
        let sign = if s == side { 1.0 } else { -1.0 };
        let met = match c.status {
            ConditionStatus::Met => Some(true),
            ConditionStatus::NotMet => Some(false),
            ConditionStatus::Open if c.detail.contains("; met if it were decided now") => {
                Some(true)
            }
            ConditionStatus::Open if c.detail.contains("; not met if it were decided now") => {
                Some(false)
            }
            ConditionStatus::Open => None,
        };
        match met {
            Some(true) => total += sign,
            Some(false) => total -= sign,
            None => {}
        }
    }
    total
}

/// A position's worth to `side` from 0 to 1: the result when the game is over (`winner`; 1 a
/// win, 0.5 no winner), else the conditions' balance and the material gained, in 0.1..0.9.
pub fn judge(over: bool, winner: Option<usize>, side: usize, conditions: f64, gained: f64) -> f64 {
    if over {
        return match winner {
            Some(s) if s == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    0.5 + 0.4 * (0.5 * conditions + gained / 6.0).tanh()
}

/// What a plan's playouts found: their mean score, and the material balance at each
/// checkpoint of the planned player-turn (mean, standard deviation).
#[derive(Clone, Debug, Default)]
pub struct Scored {
    pub score: f64,
    pub marks: Vec<(&'static str, f64, f64)>,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The strong level over a rule system's [`Planning`].
pub struct Planner<P: Planning> {
    rules: P,
    seed: u64,
    /// Playouts per plan (at least 1).
    playouts: usize,
    plans: Vec<(&'static str, P::Weights)>,
    /// The plan playing the current player-turn, and its player.
    chosen: usize,
    player: P::Player,
    /// The player-turn planned for, and the checkpoints already compared with the plan.
    planned: Option<u32>,
    checked: Vec<&'static str>,
    replans: u32,
    expected: Scored,
    /// Words on the plan, given with the first command after it was made (then taken).
    words: String,
}

impl<P: Planning> Planner<P> {
    pub fn new(rules: P, seed: u64) -> Planner<P> {
        Self::with_playouts(rules, seed, PLAYOUTS)
    }

    /// A planner scoring each plan over `playouts` playouts (at least one).
    pub fn with_playouts(rules: P, seed: u64, playouts: usize) -> Planner<P> {
        let plans = rules.portfolio();
        let player = rules.player(seed, plans[0].1.clone());
        Planner {
            rules,
            seed,
            playouts: playouts.max(1),
            plans,
            chosen: 0,
            player,
            planned: None,
            checked: Vec::new(),
            replans: 0,
            expected: Scored::default(),
            words: String::new(),
        }
    }

    /// The names of the plans, in the portfolio's order.
    pub fn plan_names(&self) -> Vec<&'static str> {
        self.plans.iter().map(|p| p.0).collect()
    }

    /// One plan's playouts from `state` (the side to act is the planner's).
    fn score(&self, state: &P::State, w: &P::Weights, base: f64) -> Scored {
        let r = &self.rules;
        let side = r.acting(state);
        let turn = r.player_turn(state);
        let mut scores = Vec::with_capacity(self.playouts);
        let mut marks: Vec<(&'static str, Vec<f64>)> = Vec::new();
        for j in 0..self.playouts {
            let s = |what| seed_of(self.seed, turn, self.replans, j, what);
            let mut me = r.player(s(1), w.clone());
            let mut them = r.player(s(2), self.plans[0].1.clone());
            let mut dice = SeededDice::new(s(3));
            let end = turn + 2 * HORIZON;
            let mut now = state.clone();
            let mut seen = r.checkpoint(state, side);
            for _ in 0..PLAYOUT_COMMANDS {
                if r.over(&now) || r.player_turn(&now) >= end {
                    break;
                }
                if r.player_turn(&now) == turn {
                    let at = r.checkpoint(&now, side);
                    if let Some(name) = at
                        && at != seen
                    {
                        seen = at;
                        let m = r.material(&now, side);
                        match marks.iter_mut().find(|x| x.0 == name) {
                            Some(x) => x.1.push(m),
                            None => marks.push((name, vec![m])),
                        }
                    }
                }
                let c = if r.acting(&now) == side {
                    r.decide(&mut me, &now).0
                } else {
                    r.decide(&mut them, &now).0
                };
                match r.apply(&now, &c, &mut dice) {
                    Some(next) => now = next,
                    // The standard level checks its commands; should one still be refused,
                    // the playout ends where it is.
                    None => break,
                }
            }
            scores.push(r.judge(&now, side, base));
        }
        Scored {
            score: mean(&scores),
            marks: marks
                .into_iter()
                .map(|(p, v)| {
                    let m = mean(&v);
                    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64;
                    (p, m, var.sqrt())
                })
                .collect(),
        }
    }

    /// Score every plan from `state` and take the best.
    fn plan(&mut self, state: &P::State) {
        let side = self.rules.acting(state);
        let base = self.rules.material(state, side);
        let scored: Vec<Scored> = self
            .plans
            .iter()
            .map(|(_, w)| self.score(state, w, base))
            .collect();
        // The best mean; the earlier plan on a tie (the standard weighting first).
        let mut best = 0;
        for (i, s) in scored.iter().enumerate() {
            if s.score > scored[best].score + 1e-9 {
                best = i;
            }
        }
        self.chosen = best;
        let turn = self.rules.player_turn(state);
        self.player = self.rules.player(
            seed_of(self.seed, turn, self.replans, 0, 4),
            self.plans[best].1.clone(),
        );
        self.expected = scored[best].clone();
        let others: Vec<String> = self
            .plans
            .iter()
            .zip(&scored)
            .enumerate()
            .filter(|(i, _)| *i != best)
            .map(|(_, ((name, _), s))| format!("{name} {:.0} %", s.score * 100.0))
            .collect();
        self.words = format!(
            "plan \"{}\": {:.0} % expected over {} playouts ({})",
            self.plans[best].0,
            scored[best].score * 100.0,
            self.playouts,
            others.join(", ")
        );
    }

    /// The next command with its reasons: the plan's reason ("plan \"hold back\": 61 %
    /// expected over 3 playouts (standard 55 %, ...)") after the standard player's.
    pub fn decide(&mut self, state: &P::State) -> (P::Command, Vec<Reason>) {
        let mine = self.rules.planned(state);
        let turn = self.rules.player_turn(state);
        if mine && self.planned != Some(turn) {
            self.planned = Some(turn);
            self.checked.clear();
            self.replans = 0;
            self.plan(state);
        } else if mine {
            let side = self.rules.acting(state);
            if let Some(at) = self.rules.checkpoint(state, side)
                && !self.checked.contains(&at)
            {
                self.checked.push(at);
                if let Some(&(_, mean, sd)) = self.expected.marks.iter().find(|m| m.0 == at) {
                    let now = self.rules.material(state, side);
                    if (now - mean).abs() > SURPRISE * sd.max(LEAST_SD) {
                        self.replans += 1;
                        self.plan(state);
                        self.words = format!(
                            "replanned at the {at} (material {now:+.1}, the plan expected \
                             {mean:+.1}): {}",
                            self.words
                        );
                    }
                }
            }
        }
        let (c, mut reasons) = self.rules.decide(&mut self.player, state);
        if mine {
            // The plan in full with the first command after it was made, by name after that.
            let words = if self.words.is_empty() {
                format!("plan \"{}\"", self.plans[self.chosen].0)
            } else {
                std::mem::take(&mut self.words)
            };
            reasons.push(Reason {
                term: "plan".into(),
                words,
                score: self.expected.score,
            });
        }
        (c, reasons)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cond(side: usize, status: ConditionStatus, detail: &str) -> VictoryCondition {
        VictoryCondition {
            text: String::new(),
            side: Some(side),
            level: None,
            status,
            detail: detail.into(),
        }
    }

    #[test]
    fn conditions_count_for_their_side_and_against_the_other() {
        let c = [
            cond(0, ConditionStatus::Met, ""),
            cond(
                1,
                ConditionStatus::Open,
                "at the end; not met if it were decided now",
            ),
            cond(
                1,
                ConditionStatus::Open,
                "at the end; met if it were decided now (6 to 2)",
            ),
            cond(0, ConditionStatus::Open, "at the end"),
        ];
        assert_eq!(conditions_balance(&c, 0), 1.0 + 1.0 - 1.0);
        assert_eq!(conditions_balance(&c, 1), -1.0);
    }

    #[test]
    fn a_finished_game_is_judged_by_its_result_and_an_open_one_in_between() {
        assert_eq!(judge(true, Some(1), 1, -3.0, -9.0), 1.0);
        assert_eq!(judge(true, Some(0), 1, 3.0, 9.0), 0.0);
        assert_eq!(judge(true, None, 1, 3.0, 9.0), 0.5);
        let up = judge(false, None, 0, 1.0, 2.0);
        let down = judge(false, None, 0, -1.0, -2.0);
        assert!(
            up > 0.5 && up < 0.9 && down < 0.5 && down > 0.1,
            "{up} {down}"
        );
        assert_eq!(judge(false, None, 0, 0.0, 0.0), 0.5);
    }

    #[test]
    fn playout_seeds_differ_by_playout_and_stream_but_not_by_plan() {
        let a = seed_of(7, 3, 0, 0, 1);
        assert_eq!(a, seed_of(7, 3, 0, 0, 1));
        assert_ne!(a, seed_of(7, 3, 0, 1, 1));
        assert_ne!(a, seed_of(7, 3, 0, 0, 2));
        assert_ne!(a, seed_of(7, 4, 0, 0, 1));
        assert_ne!(a, seed_of(7, 3, 1, 0, 1));
    }
}

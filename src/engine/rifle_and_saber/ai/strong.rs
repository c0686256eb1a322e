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
use crate::engine::dice::SeededDice;
use crate::engine::{ConditionStatus, Player, Reason};

/// Playouts per plan.
pub const PLAYOUTS: usize = 3;
/// Game-turns a playout looks ahead before the position is judged (a playout reaching the end
/// of the game is judged by its result).
pub const HORIZON: u32 = 3;
/// A result this many standard deviations (of the playouts) away from their mean is
/// unexpected, and the rest of the player-turn is planned again.
pub const SURPRISE: f64 = 1.5;
/// Commands a playout gives at most (a faulty player must not hang the planner).
const PLAYOUT_COMMANDS: usize = 20_000;

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

/// splitmix64: the seeds of the playouts from the player's seed, the player-turn and the
/// playout's number (the same for every plan).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn seed_of(seed: u64, player_turn: u32, replans: u32, playout: usize, what: u64) -> u64 {
    mix(mix(mix(mix(seed) ^ u64::from(player_turn)) ^ u64::from(replans)) ^ playout as u64) ^ what
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

/// What a plan's playouts found: their mean score, and the material balance at the start of
/// the Movement and Shock phases of the planned player-turn (mean, standard deviation).
#[derive(Clone, Debug, Default)]
struct Scored {
    score: f64,
    marks: Vec<(Phase, f64, f64)>,
}

/// The strong level.
pub struct Strong {
    seed: u64,
    plans: Vec<(&'static str, Weights)>,
    /// The plan playing the current player-turn, and its player.
    chosen: usize,
    player: Standard,
    /// The player-turn planned for, and the phases whose start was checked against the plan.
    planned: Option<u32>,
    checked: Vec<Phase>,
    replans: u32,
    expected: Scored,
    /// Words on the plan, given with the first command after it was made (then taken).
    words: String,
}

impl Strong {
    pub fn new(seed: u64) -> Strong {
        Strong {
            seed,
            plans: portfolio(),
            chosen: 0,
            player: Standard::new(seed),
            planned: None,
            checked: Vec::new(),
            replans: 0,
            expected: Scored::default(),
            words: String::new(),
        }
    }

    /// Score every plan from `state` (the side to move is the planner's) and take the best.
    fn plan(&mut self, state: &State) {
        let side = state.player;
        let base = material(state, side, &self.plans[0].1);
        let mut scored: Vec<Scored> = Vec::with_capacity(self.plans.len());
        for (_, w) in &self.plans {
            let mut scores = Vec::with_capacity(PLAYOUTS);
            let mut marks: Vec<(Phase, Vec<f64>)> =
                vec![(Phase::Movement, Vec::new()), (Phase::Shock, Vec::new())];
            for j in 0..PLAYOUTS {
                let s = |what| seed_of(self.seed, state.player_turn, self.replans, j, what);
                let mut me = Standard::with_weights(s(1), w.clone());
                let mut them = Standard::new(s(2));
                let mut dice = SeededDice::new(s(3));
                let end = state.player_turn + 2 * HORIZON;
                let mut now = state.clone();
                let mut seen = state.phase;
                for _ in 0..PLAYOUT_COMMANDS {
                    if now.phase == Phase::Over || now.player_turn >= end {
                        break;
                    }
                    if now.player_turn == state.player_turn && now.phase != seen {
                        seen = now.phase;
                        if let Some(m) = marks.iter_mut().find(|m| m.0 == seen) {
                            m.1.push(material(&now, side, w));
                        }
                    }
                    let acting = now.pending.as_ref().map_or(now.player, |p| p.side());
                    let c = if acting == side {
                        me.decide(&now).0
                    } else {
                        them.decide(&now).0
                    };
                    match apply(&now, &c, &mut dice) {
                        Ok((next, _)) => now = next,
                        // The standard level checks its commands; should one still be
                        // refused, the playout ends where it is.
                        Err(_) => break,
                    }
                }
                scores.push(judge(&now, side, base, w));
            }
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
            scored.push(Scored {
                score: mean(&scores),
                marks: marks
                    .into_iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(p, v)| {
                        let m = mean(&v);
                        let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>()
                            / v.len().max(1) as f64;
                        (p, m, var.sqrt())
                    })
                    .collect(),
            });
        }
        // The best mean; the earlier plan on a tie (the standard weighting first).
        let mut best = 0;
        for (i, s) in scored.iter().enumerate() {
            if s.score > scored[best].score + 1e-9 {
                best = i;
            }
        }
        self.chosen = best;
        self.player = Standard::with_weights(
            seed_of(self.seed, state.player_turn, self.replans, 0, 4),
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
            "plan \"{}\": {:.0} % expected over {PLAYOUTS} playouts ({})",
            self.plans[best].0,
            scored[best].score * 100.0,
            others.join(", ")
        );
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, state: &State) -> (Command, Vec<Reason>) {
        let mine = state.pending.is_none() && state.phase != Phase::Deployment;
        if mine && self.planned != Some(state.player_turn) {
            self.planned = Some(state.player_turn);
            self.checked.clear();
            self.replans = 0;
            self.plan(state);
        } else if mine && !self.checked.contains(&state.phase) {
            self.checked.push(state.phase);
            let side = state.player;
            if let Some(&(_, mean, sd)) = self.expected.marks.iter().find(|m| m.0 == state.phase) {
                let now = material(state, side, &self.plans[0].1);
                if (now - mean).abs() > SURPRISE * sd.max(0.3) {
                    self.replans += 1;
                    self.plan(state);
                    self.words = format!(
                        "replanned at the {} (material {now:+.1}, the plan expected {mean:+.1}): {}",
                        state.phase.name(),
                        self.words
                    );
                }
            }
        }
        let (c, mut reasons) = self.player.decide(state);
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

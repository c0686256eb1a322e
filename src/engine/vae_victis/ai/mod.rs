//! Vae Victis' computer opponent: the standard level, a candidate-action player on the
//! ruleset-neutral choice of `crate::ai::candidates` (scored candidates with reasons, seeded
//! noise), with the system's own evaluation terms. It sees what a person sees (the legal
//! commands, the engine's own combat scores and results table on copies of the position) and
//! gives one command at a time with the terms that chose it:
//!
//! - the movement phase ([`turn`], VV 5): every move, about-turn, square and entry the legal
//!   list offers, scored by what it gains for the element's position ([`place`]: the melee it
//!   leads to, the enemy fire it stands under, closing on the enemy, flanks, friends beside,
//!   squares against cavalry, a general's safety and command range), divided by its action
//!   points (VV 5.1: 2 out of command range); a group's move (VV 5.2) by the sum of its
//!   elements' gains over its action points; the best move is given while it gains more
//!   than [`Weights::min_gain`], so the corps' points go to the elements that matter; the
//!   C-in-C takes command of the corps that rolled lowest where his score gives it most;
//! - the defensive fire phase ([`turn::fire`], VV 7): the fire with the best expected points
//!   ([`odds`]: the exact chances over the 36 pairs of faces, from the engine's scores), its
//!   supports counted against what they would win firing alone;
//! - the melee phase (VV 8): the melees in the order of their expected points, and a pursuit
//!   taken where the vacated hex scores better than standing.
//!
//! Every constant is a field of [`Weights`]. No search deeper than the one command.
//!
//! Invariants: a pure function of its seed and the states it is shown; every command it
//! gives is one `legal` lists (it chooses only among them; a position's only command is given
//! as it is); the commands it does not score (skirmish order and close order, mounting and
//! dismounting) are never given; a decision with nothing scored is answered by the seeded
//! random player.

pub mod odds;
pub mod place;
pub mod turn;
pub mod weights;

use super::VaeVictis;
use super::legal::{RandomPlayer, legal};
use super::state::{Command, State};
use crate::ai::candidates::{self, Candidate, Noise};
use crate::engine::{Player, Reason};
pub use weights::Weights;

/// The levels Vae Victis plays besides random.
pub const LEVELS: &[&str] = &["standard"];

/// The standard level.
pub struct Standard {
    weights: Weights,
    noise: Noise,
    fallback: RandomPlayer,
}

impl Standard {
    pub fn new(seed: u64) -> Standard {
        Standard::with_weights(seed, Weights::default())
    }

    /// A standard player with its terms weighted by `weights` (the puzzles' controls).
    pub fn with_weights(seed: u64, weights: Weights) -> Standard {
        Standard {
            weights,
            noise: Noise::new(seed, 4),
            fallback: RandomPlayer::new(seed ^ 0x5eed_a0a1),
        }
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, s: &State) -> (Command, Vec<Reason>) {
        let options = legal(s);
        if options.len() == 1 {
            return (options[0].clone(), Vec::new());
        }
        let cands = turn::candidates(s, &options, &self.weights);
        let chosen = candidates::best(cands, &mut self.noise, self.weights.noise)
            .map(|c| c.command)
            .filter(|c| options.contains(c));
        match chosen {
            Some(c) => {
                // The chosen command scored again with its words.
                let mut reasons = turn::explain(s, &c, &options, &self.weights);
                if reasons.is_empty() && c != Command::End {
                    reasons.push(Reason {
                        term: "best".into(),
                        words: "the best of the commands scored".into(),
                        score: 0.0,
                    });
                }
                (c, reasons)
            }
            None => {
                let c = self.fallback.next(s);
                (
                    c,
                    vec![Reason {
                        term: "unscored".into(),
                        words: "a seeded choice among the legal commands".into(),
                        score: 0.0,
                    }],
                )
            }
        }
    }
}

impl Player<VaeVictis> for Standard {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

/// The levels' players, for the ruleset's hooks.
pub fn player(level: &str, seed: u64) -> Option<Box<dyn Player<VaeVictis>>> {
    match level {
        "standard" => Some(Box::new(Standard::new(seed))),
        _ => None,
    }
}

/// A candidate with no words (the many scored; only the chosen one is put into words).
fn quiet(c: &Command) -> Candidate<Command> {
    Candidate::quiet(c.clone())
}

//! Rifle and Kepi's computer opponent: the standard level, a candidate-action player on the
//! ruleset-neutral choice of `crate::ai::candidates` (scored candidates with reasons, seeded
//! noise, the guard's verdict), with the system's own evaluation terms. It sees what a person
//! sees (the legal commands, and `apply`'s own movement rules on copies of the position) and
//! gives one command at a time with the terms that chose it:
//!
//! - the cards ([`cards`], RK Turn sequence i-iv): who acts first at equal values, each
//!   unit's action when its card comes up (move, stand, dig in, scout) scored against
//!   standing, and the HQs' cards: activating units whose cards dithering inverted, and going
//!   with them where more of their units will be about them;
//! - movement ([`place`], RK Movement, RK Formations): every end the unit's movement points
//!   allow, one hex at a time, with a formation change before or after (a large division's
//!   over two hexes too) and a last facing,
//!   scored by the objectives ([`maps`]), the combat it joins ([`odds`]: the exact chances of
//!   RK Result over the group's average dice, from the engine's modifiers: flank and oblique
//!   attacks, columns, fresh troops, dug in, charging breechloaders), its formation and
//!   facing where the enemy can reach it, and for guns a firing position out of reach;
//! - the artillery phases and fortifying ([`guns`], RK Artillery, RK Turn sequence vi).
//!
//! Every constant is a field of [`Weights`]. No search deeper than the unit's own move: a
//! player-turn costs a move search per unit.
//!
//! Invariants: a pure function of its seed and the states it is shown; every command it
//! gives is one `legal` lists (it chooses only among them; a planned move's next command is
//! checked against them and the move planned again when it is not); a decision of a kind it
//! does not score is answered by the seeded random player.

pub mod cards;
pub mod guns;
pub mod maps;
pub mod odds;
pub mod place;
pub mod posture;
pub mod weights;

use super::RifleAndKepi;
use super::legal::{RandomPlayer, legal};
use super::section::Kind;
use super::sequence::actors;
use super::state::{Command, Phase, State};
use crate::ai::candidates::{self, Candidate, Noise, Verdict};
use crate::engine::{Player, Reason};
use place::Fields;
pub use weights::Weights;

/// The levels Rifle and Kepi plays besides random.
pub const LEVELS: &[&str] = &["standard"];

/// The standard level.
pub struct Standard {
    weights: Weights,
    noise: Noise,
    fallback: RandomPlayer,
    /// The moving unit's planned commands still to give, and their reasons.
    plan: Vec<Command>,
    plan_reasons: Vec<Reason>,
}

impl Standard {
    pub fn new(seed: u64) -> Standard {
        Standard::with_weights(seed, Weights::default())
    }

    /// A standard player with its terms weighted by `weights` (the puzzles' controls).
    pub fn with_weights(seed: u64, weights: Weights) -> Standard {
        Standard {
            weights,
            noise: Noise::new(seed, 3),
            fallback: RandomPlayer::new(seed ^ 0x5eed_a0a1),
            plan: Vec::new(),
            plan_reasons: Vec::new(),
        }
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, s: &State) -> (Command, Vec<Reason>) {
        let options = legal(s);
        if options.len() == 1 {
            self.plan.clear();
            return (options[0].clone(), Vec::new());
        }
        match self.choose(s, &options) {
            Some(c) if options.contains(&c.0) => c,
            _ => {
                self.plan.clear();
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

    fn pick(&mut self, candidates: Vec<Candidate<Command>>) -> Option<(Command, Vec<Reason>)> {
        candidates::best(candidates, &mut self.noise, self.weights.noise)
            .map(|c| (c.command, c.reasons))
    }

    fn choose(&mut self, s: &State, options: &[Command]) -> Option<(Command, Vec<Reason>)> {
        let side = s.player;
        let w = self.weights.clone();
        match s.phase {
            Phase::Over => None,
            Phase::Cards => options.first().map(|c| (c.clone(), Vec::new())),
            Phase::CounterBattery | Phase::Bombardment => {
                let f = Fields::new(s, side, &w);
                let best = guns::fires(s, options, &f, &w).into_iter().next();
                Some(match best {
                    Some(k) => (k.command, k.reasons),
                    None => (Command::End, Vec::new()),
                })
            }
            Phase::Fortify => {
                let f = Fields::new(s, side, &w);
                Some(match guns::fortify(s, options, &f, &w) {
                    Some(k) => (k.command, k.reasons),
                    None => (Command::End, Vec::new()),
                })
            }
            Phase::Activation => self.activation(s, options, &w),
        }
    }

    fn activation(
        &mut self,
        s: &State,
        options: &[Command],
        w: &Weights,
    ) -> Option<(Command, Vec<Reason>)> {
        let side = s.player;
        // A move under way: the plan's next command, while it is legal.
        if let Some(a) = &s.active
            && a.mp.is_some()
        {
            if let Some(next) = self.plan.first()
                && options.contains(next)
            {
                let c = self.plan.remove(0);
                return Some((c, self.plan_reasons.clone()));
            }
            let f = Fields::new(s, side, w);
            return self.plan_move(s, a.unit, &f, w);
        }
        self.plan.clear();
        let f = Fields::new(s, side, w);
        if options.iter().any(|c| matches!(c, Command::GoFirst { .. })) {
            return cards::go_first(s, options, &f);
        }
        let setup = s.setup();
        // The actors at this card value act one by one, units before HQs (an HQ may then
        // activate a unit whose card is still to come); each chooses its best action.
        let mut order = actors(s);
        order.sort_by_key(|&u| (setup.units[u].kind == Kind::Hq, u));
        let u = *order.first()?;
        let cs = if setup.units[u].kind == Kind::Hq {
            cards::hq_actions(s, u, options, &f, w)
        } else {
            cards::unit_actions(s, u, options, &f, w)
        };
        self.pick(cs)
    }

    /// Every end of the moving unit's move, scored; the best is planned and its first command
    /// given.
    fn plan_move(
        &mut self,
        s: &State,
        u: usize,
        f: &Fields,
        w: &Weights,
    ) -> Option<(Command, Vec<Reason>)> {
        let ends = place::ends(s, u, w.two_hexes > 0.0);
        let mut cands: Vec<Candidate<usize>> = place::ranked(s, &ends, u, f, w, cards::RANKED)
            .into_iter()
            .map(|(i, mut k)| {
                let e = &ends[i];
                let mut c = Candidate::new(i);
                c.score = k.score;
                c.reasons = std::mem::take(&mut k.reasons);
                c.verdict = if w.guard {
                    place::verdict(s, &e.state, f.side)
                } else {
                    Verdict::Open
                };
                c
            })
            .collect();
        if cands.is_empty() {
            return None;
        }
        // Stable order: the stay first (ends() lists it first).
        let best = candidates::best(std::mem::take(&mut cands), &mut self.noise, w.noise)?;
        let mut path = ends[best.command].path.clone();
        if path.is_empty() {
            return None;
        }
        let first = path.remove(0);
        self.plan = path;
        self.plan_reasons = best.reasons.clone();
        Some((first, best.reasons))
    }
}

impl Player<RifleAndKepi> for Standard {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

/// The levels' players, for the ruleset's hooks.
pub fn player(level: &str, seed: u64) -> Option<Box<dyn Player<RifleAndKepi>>> {
    match level {
        "standard" => Some(Box::new(Standard::new(seed))),
        _ => None,
    }
}

//! The 19th Century computer opponent: the standard level, a candidate-action player on the
//! ruleset-neutral candidates (`crate::ai::candidates`: scored commands with their reasons,
//! seeded noise, the guard's verdict) with the system's own evaluation terms, each from the
//! engine's own rules:
//!
//! - [`objectives`]: objectives held by the last side in them (19C Victory, Kepi's reading),
//!   taken, held, kept from the enemy by a commander; the pull of the goals; the guard's
//!   verdict on the last game-turn;
//! - [`roads`]: turns of movement by terrain and road (19C Movement, Adjustments);
//! - [`shooting`] and [`dice`]: the shot over the dice by range band, cover, the previous
//!   turn's shooting (19C Shooting), and the enemy's shooting where a unit would stand;
//! - [`melee`]: a charge's strikes both ways, first contact doubled (19C Melee);
//! - [`formation`]: march or battle formation, and the facing (19C Movement, Turning);
//! - [`maneuver`]: the movement phase, one unit at a time.
//!
//! It gives one command at a time: the initiative; in the movement phase each unit (cavalry
//! and dragoons first, then the nearest the enemy, commanders last) is weighed once, its best
//! command given or it is left as it stands; in the shooting phase the best shot of all while
//! one is worth it (hits apply at once, so each shot is weighed after the last); in the melee
//! phase every strike. Every constant is a field of [`Weights`].
//!
//! Invariants: a pure function of its seed and the states it is shown; every command it gives
//! is one `legal` lists; every phase ends, since each unit is weighed once a phase (a reform
//! leaves it to be weighed again, once).

pub mod dice;
pub mod formation;
pub mod maneuver;
pub mod melee;
pub mod objectives;
pub mod roads;
pub mod shooting;
pub mod weights;

use super::NineteenthCentury;
use super::board::melee_of;
use super::legal::legal;
use super::state::{Command, Phase, State};
use crate::ai::candidates::{Candidate, Noise, best};
use crate::engine::{Player, Reason};
use std::collections::BTreeSet;
pub use weights::Weights;

/// The levels the 19th Century rules play besides random.
pub const LEVELS: &[&str] = &["standard"];

/// The standard level.
pub struct Standard {
    weights: Weights,
    noise: Noise,
    distances: roads::Distances,
    /// (turn, phase, step) of the units weighed so far.
    moment: Option<(u32, Phase, usize)>,
    weighed: BTreeSet<usize>,
}

impl Standard {
    pub fn new(seed: u64) -> Standard {
        Standard::with_weights(seed, Weights::default())
    }

    /// A standard player with its terms weighted by `weights` (a puzzle's control).
    pub fn with_weights(seed: u64, weights: Weights) -> Standard {
        Standard {
            weights,
            noise: Noise::new(seed, 19),
            distances: roads::Distances::default(),
            moment: None,
            weighed: BTreeSet::new(),
        }
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, s: &State) -> (Command, Vec<Reason>) {
        let options = legal(s);
        let (c, r) = self.choose_among(s, &options);
        if options.contains(&c) {
            (c, r)
        } else {
            // Never reached: every branch chooses from `options`; kept so that a kind of
            // command the engine grows cannot make it give an illegal one.
            (options.first().cloned().unwrap_or(Command::End), Vec::new())
        }
    }

    fn choose_among(&mut self, s: &State, options: &[Command]) -> (Command, Vec<Reason>) {
        if s.phase == Phase::Over || options.is_empty() {
            return (Command::End, Vec::new());
        }
        if s.order.is_none() {
            return (Command::Initiative, Vec::new());
        }
        let moment = (s.turn, s.phase, s.step);
        if self.moment != Some(moment) {
            self.moment = Some(moment);
            self.weighed.clear();
        }
        match s.phase {
            Phase::Movement => self.movement(s, options),
            Phase::Shooting => self.shooting(s, options),
            Phase::Melee => options
                .iter()
                .find(|c| matches!(c, Command::Strike { .. }))
                .map(|c| {
                    (
                        c.clone(),
                        vec![Reason {
                            term: "melee".into(),
                            words: "strikes: every unit locked in melee strikes (19C Melee)".into(),
                            score: 0.0,
                        }],
                    )
                })
                .unwrap_or((Command::End, Vec::new())),
            Phase::Over => (Command::End, Vec::new()),
        }
    }

    /// 19C Movement: each unit weighed once, in order.
    fn movement(&mut self, s: &State, options: &[Command]) -> (Command, Vec<Reason>) {
        let setup = s.setup();
        let side = s.player();
        let mut units: Vec<(u8, u32, usize)> = (0..s.units.len())
            .filter(|&u| {
                setup.units[u].side == side
                    && super::board::standing(s, u)
                    && !s.units[u].acted
                    && melee_of(s, u).is_none()
                    && !self.weighed.contains(&u)
            })
            .map(|u| {
                use super::section::Kind;
                let d = &setup.units[u];
                let rank = match d.kind {
                    Kind::Cavalry | Kind::Dragoons => 0,
                    Kind::Commander => 2,
                    _ => 1,
                };
                let near = s.units[u]
                    .hex
                    .and_then(|h| objectives::nearest_enemy(s, side, h))
                    .map(|(_, d)| d)
                    .unwrap_or(99);
                (rank, near, u)
            })
            .collect();
        units.sort();
        for (_, _, u) in units {
            let reformed = s.units[u].reformed;
            if let Some(pick) = maneuver::unit(
                s,
                u,
                options,
                &mut self.distances,
                &mut self.noise,
                &self.weights,
            ) {
                // A reform leaves the unit to move on after it: it is weighed again, once.
                if !matches!(pick.0, Command::Reform { .. }) || reformed {
                    self.weighed.insert(u);
                }
                return pick;
            }
            self.weighed.insert(u);
        }
        (Command::End, Vec::new())
    }

    /// 19C Shooting: the best shot of all while one is worth it.
    fn shooting(&mut self, s: &State, options: &[Command]) -> (Command, Vec<Reason>) {
        let setup = s.setup();
        let w = &self.weights;
        let mut out = Vec::new();
        for c in options {
            let Command::Shoot { unit, target } = c else {
                continue;
            };
            let (Ok(u), Ok(t)) = (setup.unit(unit), setup.unit(target)) else {
                continue;
            };
            let Some(shot) = shooting::weigh(s, u, t) else {
                continue;
            };
            let mut k = Candidate::new(c.clone());
            k.term("shoot", w.shoot * shot.value, shot.words);
            let (pin, words) = formation::pin(s, u, shot.hexes, &mut self.distances, w);
            k.term("formation", pin, words);
            if let Some(h) = s.units[u].hex {
                let (v, words) = objectives::place(s, u, h, w);
                if v > 0.0 {
                    k.term("objective", 0.0, words);
                }
            }
            if k.score > 0.02 {
                out.push(k);
            }
        }
        match best(out, &mut self.noise, w.noise) {
            Some(k) => (k.command, k.reasons),
            None => (Command::End, Vec::new()),
        }
    }
}

impl Player<NineteenthCentury> for Standard {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

/// The levels' players, for the ruleset's hooks.
pub fn player(level: &str, seed: u64) -> Option<Box<dyn Player<NineteenthCentury>>> {
    match level {
        "standard" => Some(Box::new(Standard::new(seed))),
        _ => None,
    }
}

//! Age of Rifles' computer opponent: the evaluation terms of the standard level, in the manner
//! of the candidate-action players of open hex games (Battle for Wesnoth, LGeneral), as Rifle
//! & Saber's (`engine/rifle_and_saber/ai/`), with Age of Rifles' own terms. It sees what a
//! person sees (the legal commands, reach, the attack previews) and gives one command at a
//! time with the terms that chose it:
//!
//! - deployment ([`decisions::deploy`]): near the objectives, in cover, leaders among their
//!   units;
//! - the Command Phase ([`orders`], AoR 12): Attack where the side is stronger near a
//!   formation, March to bring far formations up, Defend otherwise; no order that could not be
//!   complied with before the end (12.4); eliminated units reorganized when offered (15);
//! - bombardment and assault ([`attack`], AoR 8.1, 7.3): the exact expected outcome over the
//!   36 rolls from the attack preview with the defender's return fire; hopeless assaults
//!   vetoed unless the side must attack or the last game-turn decides an objective it could
//!   clear (never a fort's at hopeless odds, AoR 10.1);
//! - movement ([`maneuver`], AoR 5, 11, 12): leaders first, then each unit, most constrained
//!   first, to take and hold objectives (weighted more as the last game-turn nears), in cover,
//!   out of the enemy's reach when disrupted, an objective's fort garrisoned (AoR 10.1); a
//!   move or a retreat weighed by the passing fire it draws ([`passing`], AoR 7.12, 7.4);
//!   what orders oblige is the engine's;
//! - charges, squares, pursuit, retreats, firing first, allocation and the advance
//!   ([`decisions`]): sensible simple rules.
//!
//! Every constant of those terms is a field of [`Weights`]; the strong level ([`strong`])
//! plans with a portfolio of them over `crate::ai::planner`.
//!
//! Invariants: a pure function of its seed and the states it is shown; every command it gives
//! is one `legal` lists (orders are checked with the engine, moves are the engine's own
//! destinations, everything else is chosen from the legal list); a command of a kind it does
//! not score is answered by a seeded choice among the legal commands, so a kind the engine
//! grows cannot stop it; every phase ends, since each piece and formation is offered once a
//! phase.

pub mod attack;
pub mod charges;
pub mod decisions;
pub mod guard;
pub mod lines;
pub mod maneuver;
pub mod maps;
pub mod orders;
pub mod passing;
pub mod strong;
pub mod weights;

use super::legal::{RandomPlayer, legal};
use super::position::Ctx;
use super::sequence::must_move;
use super::state::{Command, LeaderLoc, Loc, Phase, State};
use super::{AgeOfRifles, ruleset};
use crate::ai::candidates::Noise;
use crate::engine::{Player, Reason};
use maps::{Fields, Geometry};
use std::collections::BTreeSet;
pub use weights::Weights;

/// The levels Age of Rifles plays besides random, weakest first.
pub const LEVELS: &[&str] = &["standard", "strong", "deep"];

fn said(term: &str, words: impl Into<String>) -> Vec<Reason> {
    vec![Reason {
        term: term.into(),
        words: words.into(),
        score: 0.0,
    }]
}

/// Where in the game a plan was made: game-turn, half, phase and side to act.
type Moment = (u32, u8, Phase, usize);

/// The standard level.
pub struct Standard {
    weights: Weights,
    noise: Noise,
    /// The seeded choice among legal commands of kinds it does not score.
    fallback: RandomPlayer,
    geometry: Option<Geometry>,
    moment: Option<Moment>,
    /// Formations considered for an order, units and leaders offered a move, this phase.
    tried: BTreeSet<usize>,
    offered_units: BTreeSet<usize>,
    offered_leaders: BTreeSet<usize>,
    /// The approaches to the objectives the side defends, for `moment` (made when a unit
    /// first asks in a movement segment: the enemy does not move in it).
    approaches: Option<lines::Approaches>,
}

impl Standard {
    pub fn new(seed: u64) -> Standard {
        Standard::with_weights(seed, Weights::default())
    }

    /// A standard player with its terms weighted by `weights` (the strong level's plans).
    pub fn with_weights(seed: u64, weights: Weights) -> Standard {
        Standard {
            weights,
            noise: Noise::new(seed, 3),
            fallback: RandomPlayer::new(seed ^ 0x5eed_a0a1),
            geometry: None,
            moment: None,
            tried: BTreeSet::new(),
            offered_units: BTreeSet::new(),
            offered_leaders: BTreeSet::new(),
            approaches: None,
        }
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, s: &State) -> (Command, Vec<Reason>) {
        let arc = s.arc();
        if !self.geometry.as_ref().is_some_and(|g| g.is_for(&arc)) {
            self.geometry = Some(Geometry::new(arc));
        }
        let moment = (s.turn, s.half, s.phase, s.player);
        if self.moment != Some(moment) {
            self.moment = Some(moment);
            self.tried.clear();
            self.offered_units.clear();
            self.offered_leaders.clear();
            self.approaches = None;
        }
        let geo = self.geometry.take().expect("made above");
        let fields = Fields::new(s, s.player, &geo);
        let out = self.choose_with(s, &fields, &geo);
        self.geometry = Some(geo);
        match out {
            Some(c) => c,
            None => self.fall_back(s),
        }
    }

    /// A seeded choice among the legal commands: for a decision of a kind not scored.
    fn fall_back(&mut self, s: &State) -> (Command, Vec<Reason>) {
        let options = legal(s);
        if options.contains(&Command::End) {
            return (Command::End, Vec::new());
        }
        if options.is_empty() {
            return (Command::End, Vec::new());
        }
        let c = self.fallback.pick(&options);
        (
            c,
            said("unscored", "a seeded choice among the legal commands"),
        )
    }

    fn choose_with(
        &mut self,
        s: &State,
        fields: &Fields,
        geo: &Geometry,
    ) -> Option<(Command, Vec<Reason>)> {
        if s.phase == Phase::Over {
            return Some((Command::End, Vec::new()));
        }
        // A charge decision or a reaction charge that waits (AoR 7.6-7.10).
        if let Some(options) = super::cavalry::pending_legal(s) {
            let pick = decisions::cavalry(s, &options, fields, &self.weights)?;
            return options.contains(&pick.0).then_some(pick);
        }
        if s.combat.is_some() {
            let options = legal(s);
            let pick = decisions::combat(s, &options, fields)?;
            return options.contains(&pick.0).then_some(pick);
        }
        match s.phase {
            Phase::Deployment => {
                let options = legal(s);
                if options == [Command::End] {
                    return Some((Command::End, Vec::new()));
                }
                let pick = decisions::deploy(s, &options, fields, geo, &mut self.noise)?;
                options.contains(&pick.0).then_some(pick)
            }
            Phase::Command => {
                let ctx = Ctx::new(s);
                // AoR 15: every eliminated unit that may come back does.
                if let Some(u) = super::reorganize::offered(s).first() {
                    return Some((
                        Command::Reorganize {
                            unit: s.setup().units[*u].id.clone(),
                        },
                        said("reorganize", "an eliminated unit comes back (AoR 15)"),
                    ));
                }
                if let Some(k) =
                    orders::next_order(s, &ctx, fields, geo, &mut self.tried, &self.weights)
                {
                    return Some((k.command, k.reasons));
                }
                Some((Command::End, Vec::new()))
            }
            Phase::Bombardment => {
                let options = legal(s);
                if let Some(k) = attack::bombardments(s, &options, &self.weights)
                    .into_iter()
                    .next()
                {
                    return Some((k.command, k.reasons));
                }
                options
                    .contains(&Command::End)
                    .then_some((Command::End, Vec::new()))
            }
            Phase::Charge => {
                let options = legal(s);
                if let Some(pick) = decisions::cavalry(s, &options, fields, &self.weights)
                    && options.contains(&pick.0)
                {
                    return Some(pick);
                }
                options
                    .contains(&Command::End)
                    .then_some((Command::End, Vec::new()))
            }
            Phase::Movement => self.movement(s, fields, geo),
            Phase::Combat => {
                let options = legal(s);
                let forced = !options.contains(&Command::End);
                if let Some(k) = attack::assault(s, &options, fields, forced, &self.weights) {
                    return Some((k.command, k.reasons));
                }
                (!forced).then_some((Command::End, Vec::new()))
            }
            Phase::Over => Some((Command::End, Vec::new())),
            // A phase the engine grows later is not scored: the seeded fallback answers it.
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    fn movement(
        &mut self,
        s: &State,
        fields: &Fields,
        geo: &Geometry,
    ) -> Option<(Command, Vec<Reason>)> {
        let setup = s.setup();
        let side = s.player;
        let ctx = Ctx::new(s);
        // AoR 5.6: units leave the map where the side scores for it or meets an exit
        // condition.
        let leaving = super::exits::exiters(s, &ctx).into_iter().find(|&u| {
            self.weights.exit > 0.0
                && setup.units[u].side == side
                && matches!(s.units[u].loc, Loc::At(h) if fields.exit[h as usize] > 0.0)
        });
        if let Some(u) = leaving {
            return Some((
                Command::Exit {
                    unit: setup.units[u].id.clone(),
                },
                said(
                    "exit",
                    "leaves the map by its exit area: scores its points or counts for its exit condition (AoR 5.6)",
                ),
            ));
        }
        // Formation leaders first (their units follow within command range), then commanders.
        let mut leaders: Vec<usize> = (0..setup.leaders.len())
            .filter(|&l| setup.leaders[l].side == side && !self.offered_leaders.contains(&l))
            .filter(|&l| matches!(s.leaders[l].loc, LeaderLoc::At(_)))
            .collect();
        leaders.sort_by_key(|&l| setup.leaders[l].formation.is_none());
        for l in leaders {
            if setup.leaders[l].formation.is_none()
                && (0..s.units.len()).any(|u| {
                    setup.units[u].side == side
                        && !self.offered_units.contains(&u)
                        && matches!(s.units[u].loc, Loc::At(_))
                })
            {
                // Commanders move once the units have.
                continue;
            }
            self.offered_leaders.insert(l);
            if let Some(k) = maneuver::leader_move(s, &ctx, fields, geo, l) {
                return Some((k.command, k.reasons));
            }
        }
        // Units, most constrained first (the fewest hexes to go to).
        let obliged: BTreeSet<usize> = must_move(s, &ctx).into_iter().collect();
        let mut units: Vec<(usize, usize)> = (0..s.units.len())
            .filter(|&u| setup.units[u].side == side && !self.offered_units.contains(&u))
            .filter(|&u| matches!(s.units[u].loc, Loc::At(_)) && !s.units[u].moved)
            .map(|u| {
                let n = ctx.unit_destinations(u).map(|o| o.len()).unwrap_or(0);
                (n, u)
            })
            .collect();
        units.sort();
        for (n, u) in units {
            self.offered_units.insert(u);
            if n == 0 {
                continue;
            }
            let must = obliged.contains(&u);
            if self.weights.line > 0.0 && self.approaches.is_none() {
                self.approaches = Some(lines::Approaches::new(s, fields, geo));
            }
            if let Some(k) = maneuver::unit_move(
                s,
                &ctx,
                fields,
                geo,
                u,
                must,
                &mut self.noise,
                &self.weights,
                self.approaches.as_ref(),
            ) {
                return Some((k.command, k.reasons));
            }
        }
        // Commanders, now that their formations have moved.
        for l in 0..setup.leaders.len() {
            if setup.leaders[l].side != side || self.offered_leaders.contains(&l) {
                continue;
            }
            self.offered_leaders.insert(l);
            if let Some(k) = maneuver::leader_move(s, &ctx, fields, geo, l) {
                return Some((k.command, k.reasons));
            }
        }
        // A unit that must still move (its order obliges it, AoR 12.2) moves at last.
        if let Some(&u) = must_move(s, &ctx).first()
            && let Some(k) = maneuver::unit_move(
                s,
                &ctx,
                fields,
                geo,
                u,
                true,
                &mut self.noise,
                &self.weights,
                self.approaches.as_ref(),
            )
        {
            return Some((k.command, k.reasons));
        }
        None
    }
}

impl Player<AgeOfRifles> for Standard {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

/// The levels' players, for the ruleset's hooks.
pub fn player(level: &str, seed: u64) -> Option<Box<dyn Player<ruleset::AgeOfRifles>>> {
    match level {
        "standard" => Some(Box::new(Standard::new(seed))),
        "strong" => Some(Box::new(strong::Strong::new(seed))),
        "deep" => Some(Box::new(strong::Strong::deep(seed))),
        _ => None,
    }
}

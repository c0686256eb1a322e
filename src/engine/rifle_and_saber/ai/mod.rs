//! Rifle & Saber's computer opponent: the evaluation terms of the standard level, in the
//! manner of the candidate-action players of open hex games (Battle for Wesnoth, LGeneral).
//! It sees what a person sees (the legal commands, reach, the attack previews) and gives one
//! command at a time with the terms that chose it:
//!
//! - deployment ([`deploy`]): near the objectives, in cover, not crowded;
//! - fire ([`attack::plan_fire`], R&S 5.1): the attacks with the best exact expected outcome
//!   over the die's faces, trimmed to the units that make their odds column; hopeless ones
//!   vetoed unless the turn limit forces them;
//! - movement ([`maneuver`], R&S 4.0): units leave the map where that wins (exit conditions),
//!   then each unit, most constrained first (fewest hexes to go to), takes, holds or nears the
//!   objectives (weighted more as their game-turn comes) and keeps out of the enemy's reach as
//!   much as its risk is worth; guns limber to move and unlimber within range;
//! - shock ([`attack::plan_shock`], R&S 5.2): only when stronger, unless a charge forces it;
//! - retreats and shock losses: the safest path, the cheapest units.
//!
//! Invariants: each command given is legal in the state it was given for (checked with the
//! engine before it is given; the fallback is ending the phase); every phase ends, since each
//! unit is offered at most once per phase and each plan is made once per phase; the same seed
//! and the same states give the same commands.

pub mod attack;
pub mod charge;
pub mod deploy;
pub mod dismount;
pub mod first_shot;
pub mod guard;
pub mod lines;
pub mod maneuver;
pub mod maps;
pub mod reaches;
pub mod risk;
pub mod road;
pub mod screen;
pub mod strong;
pub mod support;
pub mod weights;
pub mod works;

use reaches::Reaches;

use super::command::Command;
use super::legal::legal;
use super::ruleset::RifleAndSaber;
use super::state::{Location, Pending, Phase, State, UnitId};
use crate::ai::candidates::{Noise, best_index};
use crate::engine::dice::FixedDice;
use crate::engine::{Player, Reason};
use attack::Planned;
use maps::Fields;
use std::collections::{BTreeSet, VecDeque};
use weights::{Weights, unit_value};

/// The levels Rifle & Saber plays besides random, weakest first.
pub const LEVELS: &[&str] = &["standard", "strong", "deep"];

fn applies(state: &State, c: &Command) -> bool {
    super::apply::apply(state, c, &mut FixedDice::new([])).is_ok()
}

fn reason(term: &str, words: impl Into<String>) -> Reason {
    Reason {
        term: term.into(),
        words: words.into(),
        score: 0.0,
    }
}

/// The standard level.
pub struct Standard {
    weights: Weights,
    noise: Noise,
    /// The player-turn and phase the plans below are for.
    planned_for: Option<(u32, Phase)>,
    plan: VecDeque<Planned>,
    /// Units offered their move this phase, and the order to offer them in.
    offered: BTreeSet<UnitId>,
    order: Vec<UnitId>,
    /// Units are offered a second time once all have been (a road cleared by the units ahead
    /// lets those behind use it, R&S 4(M)); never a third.
    second_pass: bool,
    fields: Option<Fields>,
    /// The approaches to the objectives the side defends, found once per Movement Phase (for
    /// the player-turn and phase of `planned_for`), their weights when a defender first asks.
    approaches: Option<lines::Approaches>,
    /// What the deployment remembers from one of its commands to the next.
    deployment: deploy::Memo,
}

impl Standard {
    pub fn new(seed: u64) -> Standard {
        Standard::with_weights(seed, Weights::default())
    }

    pub fn with_weights(seed: u64, weights: Weights) -> Standard {
        Standard {
            weights,
            noise: Noise::new(seed, 1),
            planned_for: None,
            plan: VecDeque::new(),
            offered: BTreeSet::new(),
            order: Vec::new(),
            second_pass: false,
            fields: None,
            approaches: None,
            deployment: deploy::Memo::default(),
        }
    }

    /// The next command with its reasons.
    pub fn decide(&mut self, state: &State) -> (Command, Vec<Reason>) {
        if let Some(p) = &state.pending {
            return self.pending(state, p);
        }
        // The searches of this decision's state, made once (see `reaches`).
        let reaches = (state.phase == Phase::Movement).then(|| Reaches::new(state));
        let key = (state.player_turn, state.phase);
        if self.planned_for != Some(key) || state.phase == Phase::Deployment {
            let fresh = self.planned_for != Some(key);
            self.planned_for = Some(key);
            self.fields = Some(Fields::new(state, state.player));
            if fresh {
                self.plan.clear();
                self.offered.clear();
                self.order.clear();
                self.start_phase(state, reaches.as_ref());
            }
        }
        let fields = self.fields.take().expect("made above");
        let out = match state.phase {
            Phase::Deployment => {
                let c = deploy::next(
                    state,
                    &fields,
                    &self.weights,
                    &mut self.noise,
                    &mut self.deployment,
                );
                (c.command, c.reasons)
            }
            Phase::Fire => self
                .begin_work(state, &fields)
                .unwrap_or_else(|| self.follow_plan(state, Command::ResolveFire)),
            Phase::Shock => self.shock(state),
            Phase::Movement => self.movement(
                state,
                &fields,
                reaches.as_ref().expect("made for the Movement Phase"),
            ),
            Phase::Over => (Command::EndPhase, Vec::new()),
        };
        self.fields = Some(fields);
        out
    }

    fn start_phase(&mut self, state: &State, reaches: Option<&Reaches>) {
        let fields = self.fields.as_ref().expect("made before");
        match state.phase {
            Phase::Fire => {
                self.plan = attack::plan_fire(state, fields, &self.weights).into();
            }
            Phase::Shock => {
                self.plan = attack::plan_shock(state, fields, &self.weights).into();
            }
            Phase::Movement => {
                self.second_pass = false;
                self.approaches = Some(lines::Approaches::new(state, fields));
                self.order = movers(state, reaches.expect("made for the Movement Phase"), |_| {
                    true
                });
            }
            _ => {}
        }
    }
}

/// A stack of the side whose top unit is not its best fire defender (R&S 5.1(E)): that unit
/// to the top. The best defender has the greatest fire defense where it stands (terrain,
/// works, disruption: `risk::multiplier_at`), then the least value to lose; a unit that is
/// lost alone next to the enemy or that the side cannot win without is never preferred.
/// Each call puts one stack in order, and a stack in order stays so: it ends.
fn restack(state: &State) -> Option<(Command, Vec<Reason>)> {
    let side = state.player;
    for (h, stack) in state.stacks() {
        if stack.len() < 2 || state.side_of(stack[0]) != side {
            continue;
        }
        let key = |u: UnitId| {
            let fragile = risk::fragile(state, u);
            let defense = state.kind(u).fire_defense * risk::multiplier_at(state, u, h);
            (
                !fragile,
                defense,
                -unit_value(state, u),
                std::cmp::Reverse(u),
            )
        };
        let best = stack.iter().copied().max_by(|a, b| {
            key(*a)
                .partial_cmp(&key(*b))
                .unwrap_or(std::cmp::Ordering::Equal)
        })?;
        if state.top(h) == Some(best) {
            continue;
        }
        if key(best).partial_cmp(&key(state.top(h)?)) != Some(std::cmp::Ordering::Greater) {
            continue;
        }
        let c = Command::ToTop { unit: best };
        if applies(state, &c) {
            return Some((
                c,
                vec![reason(
                    "stacking",
                    "the best fire defender on top (R&S 5.1(E): fire strikes the top unit)",
                )],
            ));
        }
    }
    None
}

/// The side's units that may move (of those `offer` takes), most constrained first: the
/// fewest hexes to go to (R&S 4.0).
fn movers(state: &State, reaches: &Reaches, offer: impl Fn(UnitId) -> bool) -> Vec<UnitId> {
    let mut units: Vec<(usize, UnitId)> = (0..state.units.len())
        .filter(|&u| {
            state.side_of(u) == state.player
                && match state.units[u].location {
                    Location::Hex(_) => true,
                    Location::Off => state.setup.units[u]
                        .arrival
                        .is_some_and(|(t, _)| t <= state.turn),
                    _ => false,
                }
                && offer(u)
        })
        .map(|u| (reaches.of(u).len(), u))
        .collect();
    units.sort();
    units.into_iter().map(|(_, u)| u).collect()
}

impl Standard {
    /// The planned allocations in order (skipping any no longer legal), then `finish` if
    /// any attack is allocated, else the end of the phase.
    fn follow_plan(&mut self, state: &State, finish: Command) -> (Command, Vec<Reason>) {
        while let Some((c, why)) = self.plan.pop_front() {
            if applies(state, &c) {
                return (c, why);
            }
        }
        let allocated = match state.phase {
            Phase::Fire => !state.fire_plan.is_empty(),
            _ => !state.shock_plan.is_empty(),
        };
        if allocated {
            return (
                finish,
                vec![reason("resolve", "every planned attack is allocated")],
            );
        }
        (Command::EndPhase, Vec::new())
    }

    /// Work on an improved position (R&S 10.2), begun at the start of the player-turn where
    /// `works::begin` finds it pays; one hex a command, each hex once.
    fn begin_work(&self, state: &State, fields: &Fields) -> Option<(Command, Vec<Reason>)> {
        if !self.weights.works || !state.fire_plan.is_empty() {
            return None;
        }
        let (hex, words) = works::begin(state, fields)?;
        let c = Command::BeginWork { hex };
        applies(state, &c).then(|| (c, vec![reason("works", words)]))
    }

    fn shock(&mut self, state: &State) -> (Command, Vec<Reason>) {
        let (c, why) = self.follow_plan(state, Command::ResolveShock);
        if c != Command::EndPhase || applies(state, &Command::EndPhase) {
            return (c, why);
        }
        // A charging unit must attack if it can (R&S 4(K)): the strongest such attack.
        let forced = legal(state).into_iter().find_map(|c| match c {
            Command::Shock { unit, .. } if state.units[unit].charging => Some(c),
            _ => None,
        });
        match forced {
            Some(c) => (
                c,
                vec![reason("forced", "a charging unit must attack (R&S 4(K))")],
            ),
            None => (Command::EndPhase, Vec::new()),
        }
    }

    fn movement(
        &mut self,
        state: &State,
        fields: &Fields,
        reaches: &Reaches,
    ) -> (Command, Vec<Reason>) {
        let w = self.weights.clone();
        // Exits first, where the side's conditions ask for them.
        // A unit that does not count toward the exit (scenario 17: only the limbers do) leaves
        // only once every unit that counts has left: until then it screens them.
        let exits: Vec<&maps::Objective> = fields
            .objectives
            .iter()
            .filter(|o| o.exit && o.own)
            .collect();
        if !exits.is_empty() {
            let counts = |u: UnitId| exits.iter().any(|o| o.counts(state, u));
            let to_come = (0..state.units.len()).any(|u| {
                state.side_of(u) == state.player
                    && counts(u)
                    && matches!(state.units[u].location, Location::Hex(_) | Location::Off)
            });
            // Issue 42's guard: leaving the map is refused where it makes a met condition at
            // stake fail (a hex held alone left empty, R&S 11.0); staying gives up nothing.
            let stake = if w.guard {
                guard::before(state)
            } else {
                Vec::new()
            };
            let gives_up = |c: &Command| {
                !stake.is_empty()
                    && super::apply::apply(state, c, &mut FixedDice::new([])).is_ok_and(
                        |(after, _)| {
                            guard::verdict(&stake, &after, state.player)
                                == crate::ai::candidates::Verdict::GivesUp
                        },
                    )
            };
            for u in state.on_map(state.player) {
                let c = Command::ExitMap { unit: u };
                let counted = counts(u);
                if (counted || !to_come) && applies(state, &c) && !gives_up(&c) {
                    let words = if counted {
                        "leaves the map: counts toward the exit condition"
                    } else {
                        "leaves the map: every unit that counts toward the exit has left"
                    };
                    return (c, vec![reason("exit", words)]);
                }
            }
        }
        loop {
            let Some(pos) = self.order.iter().position(|u| !self.offered.contains(u)) else {
                if self.second_pass {
                    break;
                }
                // Only the units that have not moved yet: a unit's move is one decision.
                self.second_pass = true;
                self.offered.clear();
                self.order = movers(state, reaches, |u| state.units[u].moved == 0);
                continue;
            };
            let u = self.order[pos];
            self.offered.insert(u);
            let unit = &state.units[u];
            let kind = state.kind(u);
            // Guns: an unlimbered gun holds its ground if it has targets; otherwise it limbers
            // to move (R&S 4(J), 3 MP) and is offered again.
            if kind.limbers && unit.hex().is_some() && !unit.limbered {
                let x = fields.at(state, unit.hex().expect("on map"));
                if fields.targets[x] == 0 && fields.distance_for(state, u, x) > 1.0 {
                    let c = Command::Limber { unit: u };
                    if applies(state, &c) {
                        self.offered.remove(&u);
                        self.order.retain(|o| *o != u);
                        self.order.push(u);
                        return (
                            c,
                            vec![reason("gun", "no target in range: limbers to move")],
                        );
                    }
                }
                continue;
            }
            // Road movement mode (R&S 10.5): left before moving where the enemy can reach the
            // unit or where the road takes it, entered where the road takes it far and safe.
            // The unit is offered again at once, in its new mode.
            if w.road_mode {
                let change = if let Some(words) = road::leave(state, fields, reaches, u, false) {
                    Some((Command::LeaveRoadMode { unit: u }, words))
                } else {
                    road::enter(state, fields, reaches, u)
                        .map(|words| (Command::EnterRoadMode { unit: u }, words))
                };
                if let Some((c, words)) = change
                    && applies(state, &c)
                {
                    self.offered.remove(&u);
                    return (c, vec![reason("road", words)]);
                }
            }
            // A dismounted unit with far to go remounts first (R&S 4(L)).
            if w.dismount
                && let Some(words) = dismount::remount(state, fields, u)
            {
                let c = Command::Remount { unit: u };
                if applies(state, &c) {
                    self.offered.remove(&u);
                    return (c, vec![reason("mount", words)]);
                }
            }
            // A defender's line: the approaches, less what friends offered before it (moved
            // or chosen to stay) already control.
            let covered;
            let line = match &self.approaches {
                Some(a) if w.line > 0.0 && a.defends(state, u) && a.any(state) => {
                    covered = lines::covered(state, state.player, u, |o| self.offered.contains(&o));
                    Some((a, covered.as_slice()))
                }
                _ => None,
            };
            let mut scored = maneuver::candidates(state, reaches, fields, &w, u, line, |o| {
                self.offered.contains(&o)
            });
            if scored.all.len() < 2 {
                continue;
            }
            // Staying keeps what leaving would give up (its words are not given: staying is
            // no command).
            if let Some((cost, _)) = maneuver::leave_cost(state, fields, &w, u) {
                scored.all[0].score += cost;
            }
            let Some((at, _)) =
                best_index(&scored.all, &mut self.noise, w.noise * unit_value(state, u))
            else {
                continue;
            };
            // A mounted unit that stays dismounts where it fires or holds better on foot
            // (R&S 4(L)), and is offered again as infantry.
            if at == 0
                && w.dismount
                && let Some(words) = dismount::dismount(state, fields, &w, u)
            {
                let c = Command::Dismount { unit: u };
                if applies(state, &c) {
                    self.offered.remove(&u);
                    return (c, vec![reason("mount", words)]);
                }
            }
            if let Some(c) = scored.command(reaches, u, at)
                && applies(state, &c)
            {
                if kind.eliminated_alone_next_to_enemy {
                    self.followers_next(state, u);
                }
                return (c, scored.reasons(state, fields, &w, u, at));
            }
        }
        // Stacking order (R&S 5.1(E): enemy fire strikes only the top unit; 7.0(C): the owner
        // may change it in his Movement Phase): the best fire defender on top.
        if let Some((c, why)) = restack(state) {
            return (c, why);
        }
        // Units in road movement mode leave it where the enemy can reach them or they have
        // targets (R&S 10.5(C), (F)).
        if w.road_mode {
            for u in state.on_map(state.player) {
                if let Some(words) = road::leave(state, fields, reaches, u, true) {
                    let c = Command::LeaveRoadMode { unit: u };
                    if applies(state, &c) {
                        return (c, vec![reason("road", words)]);
                    }
                }
            }
        }
        // Guns that moved limbered unlimber where they have targets.
        for u in state.on_map(state.player) {
            let unit = &state.units[u];
            if state.kind(u).limbers && unit.limbered && unit.moved > 0 {
                let x = fields.at(state, unit.hex().expect("on map"));
                let c = Command::Unlimber { unit: u };
                if fields.targets[x] > 0 && applies(state, &c) {
                    return (
                        c,
                        vec![reason("gun", "targets in range: unlimbers to fire")],
                    );
                }
            }
        }
        (Command::EndPhase, Vec::new())
    }

    /// A unit lost when alone next to the enemy has moved (scenario 17's limbers): the friends
    /// that stood with it and have not moved are offered next, so that its escort follows it
    /// (`maneuver::candidates` counted on one of them). Bounded: each unit moves once a phase.
    fn followers_next(&mut self, state: &State, u: UnitId) {
        let Some(from) = state.units[u].hex() else {
            return;
        };
        let followers: Vec<UnitId> = state
            .stack(from)
            .into_iter()
            .filter(|&o| {
                o != u && state.units[o].moved == 0 && !state.kind(o).eliminated_alone_next_to_enemy
            })
            .collect();
        self.order.retain(|o| !followers.contains(o));
        let at = self.order.iter().position(|o| *o == u).map_or(0, |p| p + 1);
        for (i, o) in followers.into_iter().enumerate() {
            self.offered.remove(&o);
            self.order.insert(at + i, o);
        }
    }

    /// A retreat path ending where enemy fire is weakest (R&S 6.0(C): the owner chooses among
    /// equally good paths); shock losses costing the least (5.2).
    fn pending(&mut self, state: &State, p: &Pending) -> (Command, Vec<Reason>) {
        let options = legal(state);
        let side = p.side();
        match p {
            Pending::Retreat { .. } => {
                let fields = Fields::new(state, side);
                let pick = options
                    .iter()
                    .min_by_key(|c| match c {
                        Command::ChooseRetreat { path } => path
                            .last()
                            .map(|h| fields.fire[fields.at(state, *h)])
                            .unwrap_or(crate::frac::Frac::ZERO),
                        _ => crate::frac::Frac::ZERO,
                    })
                    .cloned()
                    .expect("a pending retreat has options");
                (
                    pick,
                    vec![reason(
                        "retreat",
                        "the path ending farthest from enemy fire",
                    )],
                )
            }
            Pending::ShockLosses { .. } => {
                let cost = |c: &Command| match c {
                    Command::ChooseShockLosses { units } => {
                        units.iter().map(|u| unit_value(state, *u)).sum::<f64>()
                    }
                    _ => 0.0,
                };
                let pick = options
                    .iter()
                    .min_by(|a, b| cost(a).total_cmp(&cost(b)))
                    .cloned()
                    .expect("pending shock losses have options");
                (pick, vec![reason("losses", "the units worth least")])
            }
        }
    }
}

impl Player<RifleAndSaber> for Standard {
    fn next(&mut self, state: &State) -> Command {
        self.decide(state).0
    }

    fn choose(&mut self, state: &State) -> (Command, Vec<Reason>) {
        self.decide(state)
    }
}

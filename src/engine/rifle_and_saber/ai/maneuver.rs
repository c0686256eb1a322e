//! The standard level's movement (R&S 4.0): each unit, most constrained first, goes to the
//! reachable hex that scores best (or stays), weighing the objectives it takes, holds or
//! nears (more as their game-turn comes), what it risks there from enemy fire and shock, the
//! cover of the terrain, being in range to fire next turn, and the disruption of leaving an
//! enemy-controlled hex (8.0(B)); a defender's zone of control over the enemy's approaches
//! ([`super::lines`]); the support a unit gives a shock on a disrupted enemy
//! ([`super::support`]).

use super::super::command::Command;
use super::super::state::{Location, State, UnitId};
use super::lines::Approaches;
use super::maps::{Fields, sole_holder};
use super::reaches::Reaches;
use super::risk::{expected_loss, multiplier_at};
use super::screen::ShotLines;
use super::weights::{INDISPENSABLE, Weights, disruption_cost, indispensable, unit_value};
use crate::ai::candidates::{Candidate, Verdict};
use crate::frac::Frac;
use crate::map::HexCoord;

/// The candidates of one unit, scored quietly (without their words: see [`Scored::reasons`]).
pub struct Scored {
    /// Staying first, then each reachable hex (scores and reasons only: the commands are
    /// made by [`Scored::command`]).
    pub all: Vec<Candidate<Option<Command>>>,
    /// Per candidate of `all`: where it ends, whether it leaves an enemy ZOC, the friends
    /// that can follow it there, the approach weight its zone of control covers there
    /// (see [`Line`]), and in an exit area it counts for, whether it can still leave the map
    /// from there this phase ([`Leaves`]).
    ends: Vec<(HexCoord, bool, Vec<UnitId>, LineAt, Leaves)>,
    /// Per candidate of `all`: the movement points the unit has left where it ends (see
    /// [`mp_left`]).
    mp_left: Vec<f64>,
    /// Per candidate of `all`: the charge it is (R&S 4(K), see [`super::charge`]), if any.
    charges: Vec<Option<super::charge::Charge>>,
    from: Option<HexCoord>,
    convoy: Vec<HexCoord>,
    support: Vec<super::support::Target>,
    defends: bool,
    shot_lines: ShotLines,
}

impl Scored {
    /// The command of candidate `i` of `all` for unit `u`: none for staying, else the move
    /// to its hex by the search's preferred path.
    pub fn command(&self, reaches: &Reaches, u: UnitId, i: usize) -> Option<Command> {
        if i == 0 {
            return None;
        }
        let charge = self.charges[i].is_some();
        let reach = if charge {
            reaches.charge_of(u)
        } else {
            reaches.of(u)
        };
        let path = reach.path(self.ends[i].0)?;
        Some(Command::Move {
            unit: u,
            path,
            charge,
        })
    }

    /// Where candidate `i` of `all` ends, and whether its path leaves an enemy-controlled hex.
    pub fn end(&self, i: usize) -> (HexCoord, bool) {
        (self.ends[i].0, self.ends[i].1)
    }

    /// The movement points the unit has left where candidate `i` of `all` ends.
    pub fn mp_left(&self, i: usize) -> f64 {
        self.mp_left[i]
    }

    /// The reasons of candidate `i` of `all`: its terms scored again, with their words.
    pub fn reasons(
        &self,
        state: &State,
        fields: &Fields,
        w: &Weights,
        u: UnitId,
        i: usize,
    ) -> Vec<crate::engine::Reason> {
        if i == 0 && self.from.is_none() {
            return Vec::new();
        }
        let ctx = Context {
            convoy: &self.convoy,
            support: &self.support,
            shot_lines: &self.shot_lines,
            explain: true,
            escorts: escorts(state, u),
            defends: self.defends,
            enemy_tops: &enemy_tops(state, u),
            charging: self.charges[i].is_some(),
        };
        let (h, left_zoc, joining, line, leaves) = &self.ends[i];
        let from = if i == 0 { None } else { self.from };
        let mut reasons = score(
            state,
            fields,
            w,
            u,
            *h,
            *left_zoc,
            from,
            joining,
            *line,
            *leaves,
            self.mp_left[i],
            &ctx,
        )
        .reasons;
        if let Some(ch) = &self.charges[i] {
            reasons.insert(
                0,
                crate::engine::Reason {
                    term: "charge".into(),
                    words: ch.words.clone(),
                    score: ch.value,
                },
            );
        }
        if self.all[i].verdict == Verdict::Wins {
            reasons.insert(
                0,
                crate::engine::Reason {
                    term: "victory".into(),
                    words: "meets a victory condition at stake this game-turn".into(),
                    score: 0.0,
                },
            );
        }
        reasons
    }
}

/// The share of the reinforcing term counted for an objective no enemy unit can come next to
/// in its next player-turn.
const UNTHREATENED: f64 = 0.25;

/// In an exit area the unit counts for: whether it can still leave the map from there this
/// phase, the movement point of leaving kept (R&S 4(C)); `None` elsewhere.
type Leaves = Option<bool>;

/// The share of the exit area's worth a hex of it is worth when the unit reaches it without
/// the movement points to leave this phase but a later Movement Phase is still in time: it
/// leaves then, after a player-turn of the enemy's fire.
const LEAVES_LATER: f64 = 0.8;

/// The movement points unit `u` has left this phase after spending `spent` (in the setup's
/// `1/cost_den` MP, what it spent before this move included), R&S 4(C): what it can still do
/// where it ends (leave the map, unlimber). The candidates' secondary score (issue 42): of two
/// hexes that score alike, the one reached with more left is taken, not one the noise picks.
fn mp_left(state: &State, u: UnitId, spent: i64) -> f64 {
    let den = state.setup.cost_den;
    let limit = i64::from(super::super::movement::allowance(state, u, false)) * den;
    (limit - spent).max(0) as f64 / den as f64
}

/// The movement points a gun must have left to unlimber where it ends, and so fire in its
/// side's next Fire Combat Phase (R&S 4(J): limbering or unlimbering costs three).
const UNLIMBER_MP: f64 = 3.0;

/// What a unit's zone of control covers from a hex: the approach weight, and the hex of it
/// that weighs most ([`Approaches::value`]).
type LineAt = (f64, Option<HexCoord>);

/// A defender's line (see [`super::lines`]): the phase's approaches and, per grid index, the
/// hexes that friends which will not move again this phase already control.
pub type Line<'a> = Option<(&'a Approaches, &'a [bool])>;

/// The candidates of one unit: staying (no command) and each reachable hex. A reinforcement
/// off the map has no staying candidate that scores (it stays off the map: worth nothing).
/// `line`: given for a unit that defends (see [`Approaches::defends`]).
pub fn candidates(
    state: &State,
    reaches: &Reaches,
    fields: &Fields,
    w: &Weights,
    u: UnitId,
    line: Line,
    settled: impl Fn(UnitId) -> bool,
) -> Scored {
    let line_at =
        |h: HexCoord| line.map_or((0.0, None), |(a, covered)| a.value(state, u, h, covered));
    let from = state.units[u].hex();
    let convoy = convoy(state, fields, u);
    let support = super::support::targets(state, reaches, w, u, &settled);
    let shot_lines = ShotLines::new(state, fields, w, u);
    let tops = enemy_tops(state, u);
    let ctx = Context {
        convoy: &convoy,
        support: &support,
        shot_lines: &shot_lines,
        explain: false,
        escorts: escorts(state, u),
        defends: line.is_some(),
        enemy_tops: &tops,
        charging: false,
    };
    let mut all = Vec::new();
    let mut ends = Vec::new();
    let mut lefts = Vec::new();
    let tie = |c: &mut Candidate<Option<Command>>, left: f64| {
        if w.tie_break {
            c.secondary = left;
        }
    };
    match from {
        Some(h) => {
            let l = line_at(h);
            let left = mp_left(state, u, state.setup.units(state.units[u].spent));
            let mut stay = score(
                state,
                fields,
                w,
                u,
                h,
                false,
                None,
                &[],
                l,
                None,
                left,
                &ctx,
            );
            tie(&mut stay, left);
            all.push(stay);
            ends.push((h, false, Vec::new(), l, None));
            lefts.push(left);
        }
        None => {
            all.push(Candidate::new(None));
            ends.push((HexCoord::new(0, 0), false, Vec::new(), (0.0, None), None));
            lefts.push(0.0);
        }
    }
    // Issue 42: what a move does to the victory conditions at stake (won now, or a met one
    // given up: see `guard`), and where the unit counts toward an exit, whether it can still
    // leave the map from the hex it ends in (the move and the exit played, R&S 4(C)).
    let side = state.side_of(u);
    let stake = if w.guard {
        super::guard::before(state)
    } else {
        Vec::new()
    };
    let exits: Vec<&super::maps::Objective> = fields
        .objectives
        .iter()
        .filter(|o| {
            o.exit && o.own && o.counts(state, u) && super::maps::urgency(o, state.turn) > 0.0
        })
        .collect();
    let in_objective = |h: HexCoord| fields.objectives.iter().any(|o| o.hexes.contains(&h));
    let from_objective = from.is_some_and(in_objective);
    let mut away: Option<Verdict> = None;
    // A unit lost when alone next to the enemy (scenario 17's limbers) moves as a convoy:
    // where one of the friends with it that have not moved yet can follow it this phase, it
    // counts that friend as its escort there (the friend is offered next, and its escort term
    // brings it along).
    let followers: Vec<(UnitId, std::collections::BTreeSet<HexCoord>)> = match from {
        Some(f) if state.kind(u).eliminated_alone_next_to_enemy => state
            .stack(f)
            .into_iter()
            .filter(|&o| {
                o != u && state.units[o].moved == 0 && !state.kind(o).eliminated_alone_next_to_enemy
            })
            .map(|o| {
                let reach = reaches.of(o).destinations().collect();
                (o, reach)
            })
            .collect(),
        _ => Vec::new(),
    };
    for (h, _, spent, left_zoc) in reaches.of(u).with_costs() {
        if Some(h) == from {
            continue;
        }
        let joining: Vec<UnitId> = followers
            .iter()
            .filter(|(_, reach)| reach.contains(&h))
            .map(|(o, _)| *o)
            .collect();
        let at_exit = exits.iter().any(|o| o.hexes.contains(&h));
        let mut leaves = None;
        let mut verdict = Verdict::Open;
        if (at_exit && (w.exit_mp || !stake.is_empty())) || (!stake.is_empty() && in_objective(h)) {
            if let Some((after, left)) =
                super::guard::after_move(state, u, reaches.of(u).path(h), at_exit)
            {
                leaves = (at_exit && w.exit_mp).then_some(left);
                if !stake.is_empty() {
                    verdict = super::guard::verdict(&stake, &after, side);
                }
            }
        } else if !stake.is_empty() && from_objective {
            // Any move off the objective to a hex of no objective does the same (see `guard`).
            verdict = *away.get_or_insert_with(|| {
                super::guard::after_move(state, u, reaches.of(u).path(h), false)
                    .map_or(Verdict::Open, |(after, _)| {
                        super::guard::verdict(&stake, &after, side)
                    })
            });
        }
        // The command (its path) is made only for the candidate given: see `Scored::command`.
        let l = line_at(h);
        let left = mp_left(state, u, spent);
        let mut scored = score(
            state, fields, w, u, h, left_zoc, from, &joining, l, leaves, left, &ctx,
        );
        scored.verdict = verdict;
        tie(&mut scored, left);
        all.push(scored);
        ends.push((h, left_zoc, joining, l, leaves));
        lefts.push(left);
    }
    // Issue 42: charges (R&S 4(K)), to the hexes only the charge's reach brings the unit to,
    // next to a stack its shock beats (see `super::charge`).
    let mut charges = vec![None; all.len()];
    if w.charge && super::charge::may_charge(state, u) {
        let normal: std::collections::BTreeSet<HexCoord> =
            reaches.of(u).destinations().chain(from).collect();
        let charging = Context {
            charging: true,
            ..ctx
        };
        for (h, _, spent, left_zoc) in reaches.charge_of(u).with_costs() {
            if normal.contains(&h) {
                continue;
            }
            let Some(ch) = super::charge::value(state, fields, w, u, h, &normal, &settled) else {
                continue;
            };
            let l = line_at(h);
            let left = mp_left(state, u, spent);
            let mut scored = score(
                state,
                fields,
                w,
                u,
                h,
                left_zoc,
                from,
                &[],
                l,
                None,
                left,
                &charging,
            );
            scored.term("charge", ch.value, String::new());
            tie(&mut scored, left);
            all.push(scored);
            ends.push((h, left_zoc, Vec::new(), l, None));
            lefts.push(left);
            charges.push(Some(ch));
        }
    }
    Scored {
        all,
        ends,
        mp_left: lefts,
        charges,
        from,
        convoy,
        support,
        defends: line.is_some(),
        shot_lines,
    }
}

/// What one unit's candidates share: where the friends it escorts stand (see [`convoy`]) and
/// the disrupted enemy stacks it may help shock; whether their words are wanted.
struct Context<'a> {
    support: &'a [super::support::Target],
    /// The enemy guns' lines of shot to the side's fragile stacks (see [`ShotLines`]).
    shot_lines: &'a ShotLines,
    convoy: &'a [HexCoord],
    explain: bool,
    /// The side has another unit on the map that is eliminated when alone next to the enemy
    /// (without one, the escort terms count nothing: see [`unescorted_with`], [`abandoned`]).
    escorts: bool,
    /// The unit defends an objective near it ([`Approaches::defends`]): it is given a line.
    defends: bool,
    /// The enemy stacks' top units, each with where it stands and its fire defense there
    /// (R&S 5.1(E): fire strikes the top unit): what the unit could fire at next turn.
    enemy_tops: &'a [(HexCoord, Frac)],
    /// The move is a charge (R&S 4(K)): the unit is disrupted at the end of the player-turn,
    /// so it will neither fire next turn nor support another shock (6.0(A)).
    charging: bool,
}

/// The top unit of every enemy stack of unit `u`'s side, with its hex and fire defense there
/// (terrain, works, disruption: [`multiplier_at`]).
pub fn enemy_tops(state: &State, u: UnitId) -> Vec<(HexCoord, Frac)> {
    let side = state.side_of(u);
    state
        .stacks()
        .into_iter()
        .filter_map(|(h, stack)| {
            let top = *stack.last()?;
            (state.side_of(top) != side).then(|| {
                (
                    h,
                    state.kind(top).fire_defense * multiplier_at(state, top, h),
                )
            })
        })
        .collect()
}

/// Would unit `u` standing in `h` have fire to give next Fire Combat Phase that the level
/// gives: an enemy stack's top unit within its range (R&S 5.1(A); a gun's shot reaches
/// farther, 5.1(F)) that its own attack, alone, strikes at better than hopeless odds
/// (`Weights::hopeless`: the fire plan vetoes the rest, `attack::plan_fire`). Line of sight
/// is not traced here, and fire combined with friends' (5.1(C)) is not counted: a unit whose
/// own fire is hopeless may still add to a friend's attack, but is not placed for it.
pub fn fire_to_give(
    state: &State,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
    tops: &[(HexCoord, Frac)],
) -> bool {
    use super::super::fire::range_of;
    use super::super::state::Ammo;
    let k = state.kind(u);
    let near = range_of(state, u, None);
    let far = match k.shot_attack {
        Some(_) => range_of(state, u, Some(Ammo::Shot)),
        None => 0,
    };
    tops.iter().any(|&(eh, defense)| {
        let d = state.setup.grid.distance(h, eh);
        let attack = match k.shot_attack {
            Some(shot) if d <= far && d > near => shot,
            Some(shot) if d <= near => shot.max(k.fire_attack),
            _ if d <= near => k.fire_attack,
            _ => return false,
        };
        let (rd, e) = super::risk::fire_chances(state, attack, defense);
        rd + e >= w.hopeless
    })
}

/// The score of unit `u` ending its move in `h` (come from `from`, or staying when `from`
/// is `None` and `h` is its hex); `joining`: the friends that can follow it there this phase;
/// `line`: the approach weight its zone of control would cover there, with the hex weighing
/// most ([`Approaches::value`]); `leaves`: see [`Leaves`]; `mp_left`: the movement points it
/// has left there ([`mp_left`]).
#[allow(clippy::too_many_arguments)]
fn score(
    state: &State,
    fields: &Fields,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
    left_zoc: bool,
    from: Option<HexCoord>,
    joining: &[UnitId],
    line: LineAt,
    leaves: Leaves,
    mp_left: f64,
    ctx: &Context,
) -> Candidate<Option<Command>> {
    let convoy = ctx.convoy;
    let setup = &state.setup;
    let mut c = if ctx.explain {
        Candidate::new(None)
    } else {
        Candidate::quiet(None)
    };
    let x = fields.at(state, h);
    let v = unit_value(state, u);
    let disrupted = state.units[u].disrupted();
    let urgency_max = fields
        .objectives
        .iter()
        .map(|o| super::maps::urgency(o, state.turn))
        .fold(1.0, f64::max);
    // Objectives: holding one (alone is what counts, R&S 11.0), nearing one.
    if let Some((o, urg)) = fields.objective(state, h) {
        let alone = sole_holder(state, u, h) || from.is_some() && state.occupant(h).is_none();
        if alone && !o.exit {
            let verb = if from.is_some() { "takes" } else { "holds" };
            c.term_with("objective", w.hold * urg, || {
                format!("{verb} objective {}{}", o.name, turn_words(state, o.turn))
            });
        } else if !o.exit {
            // Reinforcing the hex: its shock defense adds up (R&S 5.2), fire still strikes
            // only its top unit (5.1(E)). That counts once the enemy can come next to it in
            // its next player-turn; before, a quarter (the unit can step onto it then, and
            // meanwhile its zone of control may hold an approach: see `lines`).
            let threatened = fields.shock[x] > Frac::ZERO;
            let share = if threatened { 1.0 } else { UNTHREATENED };
            c.term_with("objective", w.hold * urg * w.reinforce * share, || {
                if threatened {
                    format!("reinforces objective {}", o.name)
                } else {
                    format!(
                        "reinforces objective {} (out of the enemy's reach yet)",
                        o.name
                    )
                }
            });
        } else if o.own && convoy.is_empty() {
            // Issue 42: an exit hex is worth what the unit can still do from it. Leaving the
            // map costs a movement point (the road rate at a road exit, R&S 4(C)): reached
            // without it, the unit leaves only in a later Movement Phase, and on the
            // condition's last game-turn not at all.
            let later = o.turn > state.turn;
            match leaves {
                Some(false) if !later => {}
                Some(false) => c.term(
                    "objective",
                    w.hold * urg * 0.5 * LEAVES_LATER,
                    "reaches the exit area (no movement point left to leave it: next Movement \
                     Phase, R&S 4(C))"
                        .to_string(),
                ),
                Some(true) => c.term(
                    "objective",
                    w.hold * urg * 0.5,
                    "reaches the exit area with the movement point to leave the map this phase \
                     (R&S 4(C))"
                        .to_string(),
                ),
                None => c.term(
                    "objective",
                    w.hold * urg * 0.5,
                    "reaches the exit area".to_string(),
                ),
            }
        }
    }
    // An escort nears the friends it escorts, not the exit.
    let to_convoy = |at: HexCoord| {
        convoy
            .iter()
            .map(|c| f64::from(setup.grid.distance(at, *c)))
            .fold(f64::INFINITY, f64::min)
    };
    if let Some(f) = from.filter(|_| !convoy.is_empty()) {
        let gain = to_convoy(f) - to_convoy(h);
        if gain != 0.0 {
            c.term_with("advance", w.advance * urgency_max * gain, || {
                if gain > 0.0 {
                    format!("{gain:.0} hex(es) nearer the units it escorts")
                } else {
                    String::new()
                }
            });
        }
    } else if let Some(f) = from {
        let (d0, d1) = (
            fields.distance_for(state, u, fields.at(state, f)),
            fields.distance_for(state, u, x),
        );
        // A defender within a move of its objective is placed by the objective, its line, the
        // risk and the ground, not by nearing the objective: it can step onto it when needed.
        let placed = ctx.defends && d0 <= f64::from(state.kind(u).movement);
        if !placed && d0.is_finite() && d1.is_finite() && d0 != d1 {
            let gain = d0 - d1;
            let late = late_for_exit(state, fields, u, d0);
            let hurry = if late || indispensable(state, u) {
                LATE
            } else {
                1.0
            };
            c.term_with("advance", w.advance * urgency_max * gain * hurry, || {
                if gain > 0.0 && late {
                    format!(
                        "{gain:.1} MP nearer the exit, with barely the game-turns left to reach it"
                    )
                } else if gain > 0.0 {
                    format!("{gain:.1} MP nearer the objectives")
                } else {
                    String::new()
                }
            });
        }
    }
    // Risk: expected losses to the enemy's next fire and shock. Fire strikes only the top unit
    // of a stack (R&S 5.1(E)): joining friends adds little risk, and adds to the shock defense.
    // A charge's risk is its own (disrupted where it ends, `charge::exposure`), in its term.
    let (loss, p) = if ctx.charging {
        (0.0, 0.0)
    } else {
        expected_loss(state, fields, w, u, h, joining)
    };
    let with_friends = !joining.is_empty()
        || state
            .units
            .iter()
            .enumerate()
            .any(|(o, at)| o != u && at.location == Location::Hex(h));
    let weight =
        if disrupted { w.risk * 1.5 } else { w.risk } * if with_friends { w.stacked } else { 1.0 };
    c.term_with("risk", -weight * loss, || {
        if loss > 0.05 {
            format!(
                "{:.0} % chance of a loss to fire from {} enemy unit(s)",
                p * 100.0,
                fields.in_range_of[x]
            )
        } else if !ctx.charging
            && from.is_some()
            && fields.in_range_of[fields.at(state, from.unwrap_or(h))] > 0
        {
            "out of reach of enemy fire".to_string()
        } else {
            String::new()
        }
    });
    let cover = multiplier_at(state, u, h)
        / if disrupted {
            Frac::new(1, 2)
        } else {
            Frac::ONE
        };
    // Issue 42: work in progress on the hex it stays in becomes an improved position at the
    // end of its side's next player-turn if a unit stays (R&S 10.2: doubled, not for mounted
    // units); leaving it empty abandons the work.
    let building = w.works
        && from.is_none()
        && super::works::at_work(state, state.side_of(u), h)
        && !super::super::movement::mounted(state, u);
    let cover = if building {
        cover * Frac::int(2)
    } else {
        cover
    };
    if cover > Frac::ONE {
        c.term_with("cover", w.cover * v * (cover.to_f64() - 1.0), || {
            if building {
                format!(
                    "{} with the improved position under way (defense x{cover} once done, R&S \
                     10.2)",
                    setup.hex(h).terrain
                )
            } else {
                format!("{} (defense x{cover})", setup.hex(h).terrain)
            }
        });
    }
    // Being in range to fire next turn counts only where the unit can still fire then, and
    // has fire the level would give (issue 42): a unit that leaves an enemy-controlled hex is
    // disrupted at the end of this Movement Phase (R&S 8.0(B)) until its side's next
    // player-turn is over (6.0(B)), and disrupted units may not attack (6.0(A)); a gun moves
    // limbered and fires only unlimbered, which costs it 3 MP (4(J)): ended limbered without
    // them, it cannot fire before its next Movement Phase; and a target its own attack strikes
    // only at hopeless odds is one the fire plan leaves alone (see [`fire_to_give`]).
    let still_limbered = state.kind(u).limbers && state.units[u].limbered && mp_left < UNLIMBER_MP;
    let can_fire = !w.what_is_left || !(left_zoc || still_limbered || ctx.charging);
    if !disrupted
        && can_fire
        && fields.targets[x] > 0
        && state.kind(u).fire_attack > Frac::ZERO
        && (!w.what_is_left || fire_to_give(state, w, u, h, ctx.enemy_tops))
    {
        c.term("engage", w.engage * v.min(3.0), String::new());
    }
    // A line (R&S 8.0): the approaches its zone of control would newly cover, on good ground.
    if let (value, Some(at)) = line
        && value > 0.0
    {
        c.term_with("line", w.line * value, || {
            format!(
                "its zone of control covers the enemy's approach at {} (R&S 8.0)",
                setup.name(at)
            )
        });
    }
    // Issue 42: a unit that leaves an enemy-controlled hex is disrupted at the end of this
    // Movement Phase (R&S 8.0(B)) and may not attack (6.0(A)): the shock it would come to
    // support is not there.
    if !((left_zoc || ctx.charging) && w.what_is_left)
        && let Some((value, words)) = super::support::shock_support(state, w, u, h, ctx.support)
    {
        c.term("support", value, words);
    }
    // Escort: a friend eliminated when alone next to the enemy (scenario 17's limbers) is safe
    // with this unit beside it, where an enemy unit can come next to it (errata 11.17).
    let guarded = if ctx.escorts && fields.approach[x] {
        unescorted_with(state, u, h)
    } else {
        0.0
    };
    if guarded > 0.0 {
        c.term(
            "escort",
            w.risk * guarded,
            "escorts a unit that would be lost alone next to the enemy".to_string(),
        );
    }
    // Screening them: a friend on a gun's line of shot to them blocks it (R&S 5.1(G)).
    if from.is_some_and(|f| f != h) {
        let spared = ctx.shot_lines.gain(h);
        if spared.abs() > 1e-9 {
            c.term_with("screen", w.risk * spared, || {
                if spared > 0.0 {
                    "screens units its side cannot lose from an enemy gun's shot (R&S 5.1(G))"
                        .to_string()
                } else {
                    "opens an enemy gun's line of shot to units its side cannot lose (R&S 5.1(G))"
                        .to_string()
                }
            });
        }
    }
    // Leaving them: the friends it alone escorts where it stands, within the enemy's reach.
    if let Some(f) = from.filter(|f| *f != h) {
        let left = if ctx.escorts {
            abandoned(state, u, f)
        } else {
            0.0
        };
        if left > 0.0 && fields.approach[fields.at(state, f)] {
            c.term(
                "escort",
                -w.risk * left,
                "would leave a unit alone next to the enemy".to_string(),
            );
        }
    }
    if left_zoc {
        // Disruption costs what the unit fights with (its value to the game aside: it
        // survives), R&S 6.0(A).
        let fights = if indispensable(state, u) {
            v - INDISPENSABLE
        } else {
            v
        };
        // In a demoralized force the disruption lasts (R&S 10.1): a unit that counts toward
        // an exit then moves one hex a Movement Phase (6.0(A)); where that cannot reach the
        // exit in the game-turns left, it is lost to the side's condition: its whole value.
        let lasting = disruption_cost(state, w, u) >= 1.0 && !disrupted;
        let stranded = lasting && stranded_if_disrupted(state, fields, u, h);
        let cost = fights * disruption_cost(state, w, u) * 2.0 + if stranded { v } else { 0.0 };
        let words = if lasting {
            "leaves an enemy-controlled hex (disrupted for good: R&S 8.0(B), 10.1)"
        } else {
            "leaves an enemy-controlled hex (disrupted, R&S 8.0(B))"
        };
        c.term("zoc", -cost, words.to_string());
    }
    c
}

fn turn_words(state: &State, turn: u32) -> String {
    if turn == state.turn {
        format!(", decided this game-turn ({turn})")
    } else if turn > state.turn {
        format!(" (game-turn {turn})")
    } else {
        String::new()
    }
}

/// Leaving an objective hex the side holds with this unit alone: what it gives up.
pub fn leave_cost(state: &State, fields: &Fields, w: &Weights, u: UnitId) -> Option<(f64, String)> {
    let h = state.units[u].hex()?;
    let (o, urg) = fields.objective(state, h)?;
    if o.exit || !sole_holder(state, u, h) {
        return None;
    }
    // On the game-turn it is decided, giving it up loses it.
    let factor = if o.turn == state.turn { 10.0 } else { 1.0 };
    Some((w.hold * urg * factor, format!("keeps objective {}", o.name)))
}

/// Has `u`'s side another unit on the map that is eliminated when alone next to the enemy?
fn escorts(state: &State, u: UnitId) -> bool {
    state
        .on_map(state.side_of(u))
        .any(|o| o != u && state.kind(o).eliminated_alone_next_to_enemy)
}

/// The value of the friends in `h` that are eliminated when alone next to the enemy and have
/// no escort there but `u` (R&S scenario 17's limbers, errata: "only automatically eliminated
/// if alone in a hex").
pub fn unescorted_with(state: &State, u: UnitId, h: HexCoord) -> f64 {
    if state.kind(u).eliminated_alone_next_to_enemy {
        return 0.0;
    }
    let stack = state.stack(h);
    let escorted = stack
        .iter()
        .any(|&o| o != u && !state.kind(o).eliminated_alone_next_to_enemy);
    if escorted {
        return 0.0;
    }
    stack
        .iter()
        .filter(|&&o| o != u && state.side_of(o) == state.side_of(u))
        .map(|&o| unit_value(state, o))
        .sum()
}

/// The value of the friends in `from` that unit `u` alone escorts there (units eliminated when
/// alone next to the enemy, with no other escort): what `u` leaves unguarded by moving.
pub fn abandoned(state: &State, u: UnitId, from: HexCoord) -> f64 {
    if state.kind(u).eliminated_alone_next_to_enemy {
        return 0.0;
    }
    let stack = state.stack(from);
    let others = stack
        .iter()
        .any(|&o| o != u && !state.kind(o).eliminated_alone_next_to_enemy);
    if others {
        return 0.0;
    }
    stack
        .iter()
        .filter(|&&o| o != u && state.side_of(o) == state.side_of(u))
        .map(|&o| unit_value(state, o))
        .sum()
}

/// The hexes of the friends an escort keeps with: when `u` does not count toward its side's
/// own exit condition and that condition counts only units of one kind (R&S scenario 17:
/// only the limbers, scenario 8: only MZ), the units that count and are still on the map.
/// `u` screens them rather than running for the exit (it leaves only after them, see
/// `Standard::movement`). Empty otherwise.
pub fn convoy(state: &State, fields: &Fields, u: UnitId) -> Vec<HexCoord> {
    let side = state.side_of(u);
    let exits: Vec<&super::maps::Objective> = fields
        .objectives
        .iter()
        .filter(|o| o.exit && o.own && o.exit_kind.is_some())
        .collect();
    if exits.is_empty() || exits.iter().any(|o| o.counts(state, u)) {
        return Vec::new();
    }
    let mut hexes: Vec<HexCoord> = state
        .on_map(side)
        .filter(|&o| exits.iter().any(|x| x.counts(state, o)))
        .filter_map(|o| state.units[o].hex())
        .collect();
    hexes.sort();
    hexes.dedup();
    hexes
}

/// Would unit `u`, disrupted in `h` for the rest of the game (one hex a Movement Phase, R&S
/// 6.0(A)), be too far from its side's own exit area to leave the map by the condition's
/// game-turn? Only for a unit that counts toward such a condition.
pub fn stranded_if_disrupted(state: &State, fields: &Fields, u: UnitId, h: HexCoord) -> bool {
    let g = &state.setup.grid;
    fields.objectives.iter().any(|o| {
        o.exit && o.own && o.counts(state, u) && o.turn >= state.turn && {
            let hexes = o
                .hexes
                .iter()
                .map(|e| g.distance(h, *e))
                .min()
                .unwrap_or(u32::MAX);
            // Movement Phases after this one up to the condition's game-turn, one hex each,
            // and one more to leave the map.
            hexes + 1 > o.turn - state.turn
        }
    })
}

/// How much more nearing the exit weighs for a unit that is late for it (see [`late_for_exit`]).
pub const LATE: f64 = 3.0;

/// Is unit `u`, `d` movement points from the exit, late for its side's exit condition: it
/// counts toward it and needs every Movement Phase left before the condition's game-turn to
/// get there at its full movement allowance (R&S 4.0)? Then time is worth more than safety.
pub fn late_for_exit(state: &State, fields: &Fields, u: UnitId, d: f64) -> bool {
    let allowance = f64::from(state.kind(u).movement.max(1));
    fields.objectives.iter().any(|o| {
        o.exit
            && o.own
            && o.counts(state, u)
            && o.turn >= state.turn
            && (d / allowance).ceil() >= f64::from(o.turn - state.turn + 1)
    })
}

//! The candidates of each phase, scored: the movement phase's moves, about-turns, squares and
//! entries by what they gain for the element's position ([`super::place`]); the defensive
//! fire phase's fires and the melee phase's melees by their expected points
//! ([`super::odds`]); a pursuit by the position it leads to; the C-in-C's taking command by
//! the action points it adds (VV 5.1). The end of a phase is a candidate worth
//! [`Weights::min_gain`] (movement) or nothing (fire): a command is given only when it is
//! worth more.

use super::{Weights, odds, place, quiet};
use crate::ai::candidates::Candidate;
use crate::engine::Reason;
use crate::engine::vae_victis::geometry::{distance, side, standing, troop};
use crate::engine::vae_victis::state::{Command, Phase, Role, State};
use crate::engine::vae_victis::{generals, groups};

/// Every option scored that the level scores (the others are left out: never given).
pub fn candidates(s: &State, options: &[Command], w: &Weights) -> Vec<Candidate<Command>> {
    let mut ctx = Ctx::new(s, options, w);
    options.iter().filter_map(|c| ctx.score(c, true)).collect()
}

/// The reasons of `c`, scored again with their words.
pub fn explain(s: &State, c: &Command, options: &[Command], w: &Weights) -> Vec<Reason> {
    let mut ctx = Ctx::new(s, options, w);
    ctx.score(c, false).map(|k| k.reasons).unwrap_or_default()
}

struct Ctx<'a> {
    s: &'a State,
    w: &'a Weights,
    /// Each element's position score as it stands (movement), found when first needed.
    now: Vec<Option<f64>>,
    /// Each firer's best expected points firing alone (the fire phase's supports' cost).
    alone: Vec<f64>,
}

impl<'a> Ctx<'a> {
    fn new(s: &'a State, options: &[Command], w: &'a Weights) -> Ctx<'a> {
        let n = s.elements.len();
        let mut alone = vec![0.0; n];
        if s.phase == Phase::Fire {
            let setup = s.setup();
            for c in options {
                if let Command::Fire {
                    element,
                    target,
                    supports,
                } = c
                    && supports.is_empty()
                    && let (Ok(f), Ok(t)) = (setup.element(element), setup.element(target))
                    && let Some(o) = odds::fire(s, f, t, &[], w)
                {
                    alone[f] = f64::max(alone[f], o.gain);
                }
            }
        }
        Ctx {
            s,
            w,
            now: vec![None; n],
            alone,
        }
    }

    fn new_candidate(&self, c: &Command, quiet_: bool) -> Candidate<Command> {
        if quiet_ {
            quiet(c)
        } else {
            Candidate::new(c.clone())
        }
    }

    /// The position score of `e` as it stands.
    fn now(&mut self, e: usize) -> f64 {
        if let Some(v) = self.now[e] {
            return v;
        }
        let mut k: Candidate<()> = Candidate::quiet(());
        place::score(self.s, e, self.w, &mut k);
        self.now[e] = Some(k.score);
        k.score
    }

    /// `e` placed as `after` has it: its position's terms, less its score now, divided by the
    /// AP the command costs.
    fn gain(&mut self, c: &Command, e: usize, after: &State, q: bool) -> Candidate<Command> {
        let s = self.s;
        let setup = s.setup();
        let before = self.now(e);
        let mut k = self.new_candidate(c, q);
        place::score(after, e, self.w, &mut k);
        k.term("now", -before, "");
        // VV 5.1, 5.2: a troop's move costs 1 AP, 2 out of command range; a general's first
        // is free, and so is the next move of a troop he carried with it (VV 5.7).
        let ap = match setup.elements[e].role {
            Role::Troop => generals::move_cost_now(s, e).unwrap_or(1),
            Role::General if s.elements[e].moved_free => 1,
            _ => 0,
        };
        if ap > 1 {
            let cut = k.score - k.score / f64::from(ap);
            k.term_with("action points", -cut.max(0.0), || {
                format!("out of command range: {ap} action points")
            });
        }
        k
    }

    /// VV 5.2: a group's move, the sum of what each element gains placed as `after` has it,
    /// divided by the AP the group costs (1; 2 out of command range or artillery with
    /// another type).
    fn group_gain(
        &mut self,
        c: &Command,
        members: &[usize],
        after: &State,
        q: bool,
    ) -> Candidate<Command> {
        let mut k = self.new_candidate(c, q);
        let n = members.len();
        k.term_with("group", 0.0, || {
            format!("a line of {n} elements moved as one group (VV 5.2)")
        });
        for &e in members {
            let before = self.now(e);
            let mut one: Candidate<()> = if q {
                Candidate::quiet(())
            } else {
                Candidate::new(())
            };
            place::score(after, e, self.w, &mut one);
            let gain = one.score - before;
            k.term_with("group", gain, || {
                let words: Vec<&str> = one.reasons.iter().map(|r| r.words.as_str()).collect();
                format!(
                    "{} gains {gain:.1}: {}",
                    self.s.setup().elements[e].id,
                    words.join("; ")
                )
            });
        }
        let ap = groups::cost(self.s, members).unwrap_or(1);
        if ap > 1 {
            let cut = k.score - k.score / f64::from(ap);
            k.term_with("action points", -cut.max(0.0), || {
                format!("the group costs {ap} action points")
            });
        }
        k
    }

    fn score(&mut self, c: &Command, q: bool) -> Option<Candidate<Command>> {
        let s = self.s;
        let setup = s.setup();
        let w = self.w;
        match c {
            Command::End => {
                let mut k = self.new_candidate(c, q);
                if s.phase == Phase::Movement {
                    k.term("end", w.min_gain, "nothing left worth its action points");
                }
                Some(k)
            }
            Command::Move {
                element,
                to,
                facing,
            } => {
                let e = setup.element(element).ok()?;
                let to = setup.parse(to).ok()?;
                let after = place::placed(s, e, to, *facing);
                Some(self.gain(c, e, &after, q))
            }
            Command::MoveGroup {
                elements,
                to,
                facing,
            } => {
                if self.w.groups <= 0.0 {
                    return None;
                }
                let members: Vec<usize> = elements
                    .iter()
                    .map(|x| setup.element(x).ok())
                    .collect::<Option<_>>()?;
                let to = setup.parse(to).ok()?;
                let after = place::placed_group(s, &members, to, *facing)?;
                Some(self.group_gain(c, &members, &after, q))
            }
            Command::Pivot { element, facing } => {
                let e = setup.element(element).ok()?;
                let h = s.elements[e].hex?;
                let after = place::placed(s, e, h, *facing);
                Some(self.gain(c, e, &after, q))
            }
            Command::Square { element } | Command::Line { element } => {
                let e = setup.element(element).ok()?;
                let mut after = s.clone();
                after.elements[e].square = matches!(c, Command::Square { .. });
                Some(self.gain(c, e, &after, q))
            }
            Command::Enter {
                element,
                hex,
                facing,
            } => {
                let e = setup.element(element).ok()?;
                let h = setup.parse(hex).ok()?;
                let after = place::placed(s, e, h, *facing);
                let mut k = self.new_candidate(c, q);
                k.term(
                    "enter",
                    w.enter,
                    "brings a reinforcement onto the field (VV 4.1)",
                );
                place::score(&after, e, w, &mut k);
                k.term("march", -place::march(&after, e, w), "");
                Some(k)
            }
            Command::TakeCommand { corps } => {
                let ci = setup.corps_index(corps).ok()?;
                let me = s.active();
                let cinc = setup.cinc[me]?;
                let ch = s.elements[cinc].hex?;
                let more = s.cinc_score[me]? as f64 - s.corps[ci].ap as f64;
                let near = (0..s.elements.len())
                    .filter(|&e| {
                        troop(s, e)
                            && side(s, e) == me
                            && setup.elements[e].corps == Some(ci)
                            && distance(s, ch, s.elements[e].hex.expect("standing")) <= 7
                    })
                    .count() as f64;
                let mut k = self.new_candidate(c, q);
                let v = more.min(near) * 0.5;
                k.term_with("command", v, || {
                    format!(
                        "the Commander-in-Chief's score gives corps {corps} {more} more action \
                         points, {near} of its elements within his 600 paces (VV 5.1)"
                    )
                });
                Some(k)
            }
            Command::Fire {
                element,
                target,
                supports,
            } => {
                let f = setup.element(element).ok()?;
                let t = setup.element(target).ok()?;
                let sup: Vec<usize> = supports
                    .iter()
                    .filter_map(|x| setup.element(x).ok())
                    .collect();
                let o = odds::fire(s, f, t, &sup, w)?;
                let mut k = self.new_candidate(c, q);
                k.term_with("fire", o.gain, || {
                    format!("fire at {target}: {}", odds::words(&o))
                });
                let cost: f64 = sup.iter().map(|&x| self.alone[x]).sum();
                if cost > 0.0 {
                    k.term_with("supports", -cost, || {
                        format!("its supports would win {cost:.1} points firing alone")
                    });
                }
                Some(k)
            }
            Command::Melee { element, target } => {
                let a = setup.element(element).ok()?;
                let d = setup.element(target).ok()?;
                let o = odds::melee(s, a, d, w);
                let mut k = self.new_candidate(c, q);
                k.term_with("melee", o.value(), || {
                    format!("melee against {target} first: {}", odds::words(&o))
                });
                Some(k)
            }
            Command::Pursue | Command::Hold => {
                let p = s.pursuit.as_ref()?;
                let e = p.element;
                if !standing(s, e) {
                    return None;
                }
                let mut k = self.new_candidate(c, q);
                if *c == Command::Pursue {
                    let mut after = s.clone();
                    after.pursuit = None;
                    after.elements[e].hex = Some(p.hex);
                    place::score(&after, e, w, &mut k);
                    let before = self.now(e);
                    k.term("now", -before, "");
                    k.term(
                        "pursue",
                        0.0,
                        "pursues into the hex its enemy left (VV 8.4)",
                    );
                } else {
                    k.term(
                        "hold",
                        0.0,
                        "holds its ground (VV 8.4: pursuit is optional)",
                    );
                }
                Some(k)
            }
            _ => None,
        }
    }
}

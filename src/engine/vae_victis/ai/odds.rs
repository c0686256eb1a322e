//! The exact chances of a fire combat (VV 7.6) and a melee (VV 8.4) over the 36 pairs of
//! faces, from the engine's own scores and results table, and what their results are worth
//! in the sheet's points (VV 2 costs; VV 9 a corps demoralised; VV 2 generals lost).

use super::Weights;
use crate::engine::vae_victis::combat::{Score, result, severity};
use crate::engine::vae_victis::geometry::{self, contacts, standing};
use crate::engine::vae_victis::morale;
use crate::engine::vae_victis::state::{Role, State};
use crate::engine::vae_victis::tables::{Outcome, core};
use crate::engine::vae_victis::{fire, melee};

/// A combat's chances: the enemy's expected loss and ours, in points, and the chance that
/// the element named wins.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Odds {
    pub win: f64,
    /// The expected points the enemy loses (its element's results, weighted).
    pub gain: f64,
    /// The expected points we lose.
    pub loss: f64,
}

impl Odds {
    pub fn value(&self) -> f64 {
        self.gain - self.loss
    }
}

/// What `outcome` on element `x` is worth, in points: its cost by the result's share, a
/// corps it demoralises (VV 9), and any general beside it that falls with it (VV 2).
pub fn worth(s: &State, x: usize, outcome: Outcome, w: &Weights) -> f64 {
    let setup = s.setup();
    let cost = s.etype(x).map_or(0, |t| t.cost) as f64;
    match outcome {
        Outcome::Recoil => cost * w.recoil,
        Outcome::Flee => cost * w.flee,
        Outcome::Destroyed => {
            let mut v = cost;
            if let Some(c) = setup.elements[x].corps
                && s.corps[c].demoralised
            {
                v *= w.spent;
            }
            if let Some(c) = setup.elements[x].corps
                && !s.corps[c].demoralised
            {
                let [n, d] = core().demoralised_fraction;
                let lost = morale::lost(s, c) + cost as u32;
                if lost * d >= setup.corps[c].points * n {
                    v += w.demoralise;
                }
            }
            if let Some(h) = s.elements[x].hex {
                let g = &setup.grid;
                for n in g.neighbors(h) {
                    if let Some(o) = geometry::at(s, n)
                        && standing(s, o)
                        && setup.elements[o].role != Role::Troop
                    {
                        // A general beside it falls, whichever side (VV 2).
                        let sign = if setup.elements[o].side == setup.elements[x].side {
                            1.0
                        } else {
                            -1.0
                        };
                        v += sign * w.general;
                    }
                }
            }
            v
        }
    }
}

/// VV 7.6: the chances of `f` (with `supports`) firing at `t`; the firer suffers nothing.
pub fn fire(s: &State, f: usize, t: usize, supports: &[usize], w: &Weights) -> Option<Odds> {
    let c = fire::combat(s, f, t, supports).ok()?;
    let (fm, tm) = (c.firer.modifier(), c.target.modifier());
    let mut o = Odds::default();
    for df in 1..=6 {
        for dt in 1..=6 {
            if let Some(sev) = severity(dt + tm, df + fm) {
                o.win += 1.0 / 36.0;
                o.gain += worth(s, t, result(s, t, f, sev, false), w) / 36.0;
            }
        }
    }
    Some(o)
}

/// VV 8.4: the chances of the melee of `a` against `d` (ties rolled again: the 36 pairs
/// less the ties), with an element attacked on more than one front destroyed when it loses
/// and its opponents recoiling when it wins.
pub fn melee(s: &State, a: usize, d: usize, w: &Weights) -> Odds {
    let (sa, sd): (Score, Score) = melee::scores(s, a, d);
    let (am, dm) = (sa.modifier(), sd.modifier());
    let many = contacts(s, d).len() >= 2;
    let mut o = Odds::default();
    let mut n = 0.0;
    for da in 1..=6 {
        for dd in 1..=6 {
            let (ta, td) = (da + am, dd + dm);
            if ta == td {
                continue;
            }
            n += 1.0;
            if ta > td {
                o.win += 1.0;
                let out = if many {
                    Outcome::Destroyed
                } else {
                    result(s, d, a, severity(td, ta).expect("lower"), true)
                };
                o.gain += worth(s, d, out, w);
            } else if many {
                o.loss += contacts(s, d)
                    .into_iter()
                    .map(|x| worth(s, x, Outcome::Recoil, w))
                    .sum::<f64>();
            } else {
                let out = result(s, a, d, severity(ta, td).expect("lower"), true);
                o.loss += worth(s, a, out, w);
            }
        }
    }
    if n > 0.0 {
        o.win /= n;
        o.gain /= n;
        o.loss /= n;
    }
    // Kepi's reading of VV 10: a loser leaves its hex (recoil, flight or destruction) and the
    // winner may pursue into it (VV 8.4): an objective its side holds there is at stake.
    o.gain += o.win * held_objective(s, d) * w.objective;
    o.loss += (1.0 - o.win) * held_objective(s, a) * w.objective;
    o
}

/// The points of the objective element `x` stands in, when its own side holds it (0 else).
fn held_objective(s: &State, x: usize) -> f64 {
    let Some(h) = s.elements[x].hex else {
        return 0.0;
    };
    let side = s.setup().elements[x].side;
    s.setup()
        .objectives
        .iter()
        .zip(&s.held)
        .find(|((o, _), held)| *o == h && **held == Some(side))
        .map_or(0.0, |((_, p), _)| f64::from(*p))
}

/// "58 % to win; the enemy loses 2.1 points, we 0.9" (a combat's words).
pub fn words(o: &Odds) -> String {
    format!(
        "{:.0} % to win, expected {:.1} points to the enemy and {:.1} to us",
        o.win * 100.0,
        o.gain,
        o.loss
    )
}

//! Cavalry charges for the standard level (AoR 7.6-7.10): each legal charge (declared, or a
//! reaction charge, 7.8) weighed from the charge preview's own strengths
//! (`charge_preview::odds`: the command's check, the square branches and the defenders' square
//! test), over both rolls of the Fire Table (`maps::hit_distribution`, 36 × 36), in the
//! points the assaults use (`attack::loss_value`, `Weights::disruption`, the target's
//! objective).
//!
//! Invariants: a side loses no more steps than it has, and the side losing more loses the
//! charge (`charge::charge_result`, as the resolution and the preview count it); where the
//! defenders may test to form square they take the choice worse for the cavalry (testing, or
//! not); the chances of a branch add up to 1.

use super::super::cavalry::ChargeFire;
use super::super::charge::{ChargeResult, charge_result};
use super::super::charge_preview::{Odds, odds};
use super::super::state::{Command, State};
use super::attack::loss_value;
use super::maps::{Fields, hit_distribution};
use super::weights::Weights;
use crate::ai::candidates::Candidate;

/// A charge's expected outcome over its rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outlook {
    /// The expected cost of the steps each side loses, the defenders' less the cavalry's,
    /// with the loser's disruption and the objective cleared.
    pub value: f64,
    /// The chance the defenders lose (and retreat, disrupted, AoR 7.6).
    pub win: f64,
    /// The chance the cavalry loses (it goes back, disrupted).
    pub lose: f64,
    /// The chance the cavalry loses at least a step.
    pub step: f64,
}

impl Outlook {
    /// `a` with chance `p`, else `b`.
    fn mix(p: f64, a: Outlook, b: Outlook) -> Outlook {
        let m = |x: f64, y: f64| p * x + (1.0 - p) * y;
        Outlook {
            value: m(a.value, b.value),
            win: m(a.win, b.win),
            lose: m(a.lose, b.lose),
            step: m(a.step, b.step),
        }
    }
}

/// One branch's outlook: both sides fire at once, each roll over its 36 faces.
fn branch(s: &State, o: &Odds, fire: &ChargeFire, objective: f64, w: &Weights) -> Outlook {
    let c = &o.charge;
    let steps = |us: &[usize]| -> u32 { us.iter().map(|&u| s.units[u].steps as u32).sum() };
    let (steps_a, steps_d) = (steps(&c.units), steps(&c.defenders));
    let mut out = Outlook::default();
    for (h1, p1) in hit_distribution(fire.charge) {
        for (h2, p2) in hit_distribution(fire.defense) {
            let p = p1 * p2;
            let (lost_a, lost_d) = (h2.min(steps_a), h1.min(steps_d));
            out.value +=
                p * (loss_value(s, &c.defenders, lost_d) - loss_value(s, &c.units, lost_a));
            if lost_a > 0 {
                out.step += p;
            }
            match charge_result(lost_a, lost_d) {
                ChargeResult::TargetLoses => out.win += p,
                ChargeResult::ChargerLoses => out.lose += p,
                ChargeResult::Even => {}
            }
        }
    }
    // AoR 7.6: the loser retreats disrupted; beaten defenders leave the target hex.
    out.value +=
        out.win * (w.disruption + objective * w.assault_objective) - out.lose * w.disruption;
    out
}

/// The charge `c` weighed: its outlook under the defenders' best square choice, and the
/// words that name its odds.
pub fn weigh_charge(
    s: &State,
    c: &Command,
    fields: &Fields,
    w: &Weights,
) -> Option<(Candidate<Command>, Outlook)> {
    let Command::Charge { units, target } = c else {
        return None;
    };
    let o = odds(s, units, target).ok()?;
    let t = o.charge.target;
    let objective = fields.value[t as usize];
    let open = branch(s, &o, &o.branches[0].fire, objective, w);
    // AoR 7.6, 7.10: the defenders may test to form square; they choose what is worse for
    // the cavalry (testing costs nothing but the chance of failing it).
    let (outlook, square) = match o.branches.get(1) {
        Some(sq) => {
            let tested = Outlook::mix(o.square_chance, branch(s, &o, &sq.fire, objective, w), open);
            if tested.value < open.value {
                (tested, Some(o.square_chance))
            } else {
                (open, None)
            }
        }
        None => (open, None),
    };
    let mut k = Candidate::new(c.clone());
    k.term(
        "charge",
        outlook.value,
        format!(
            "{}charge at {} (AoR 7.6): {:.0} % to retreat the defender, {:.0} % to lose a \
             step{}; worth {:.2}",
            if o.reaction { "reaction " } else { "" },
            s.setup().name(t),
            outlook.win * 100.0,
            outlook.step * 100.0,
            match square {
                Some(p) => format!(", {:.0} % that they form square (7.10)", p * 100.0),
                None => String::new(),
            },
            outlook.value
        ),
    );
    Some((k, outlook))
}

/// The charge to make now, if any: the best by expected value, when it is worth more than
/// `Weights::charge_min` (hopeless charges are vetoed, as assaults are).
pub fn charge(
    s: &State,
    options: &[Command],
    fields: &Fields,
    w: &Weights,
) -> Option<Candidate<Command>> {
    options
        .iter()
        .filter_map(|c| weigh_charge(s, c, fields, w))
        .map(|(k, _)| k)
        .filter(|k| k.score > w.charge_min)
        .fold(None, |best: Option<Candidate<Command>>, k| match best {
            Some(b) if b.score >= k.score => Some(b),
            _ => Some(k),
        })
}

//! Bombardment (AoR 8.1) and assault (AoR 7.3) for the standard level: the exact expected
//! outcome over the 36 rolls of two dice from the attack preview (`preview.rs`, the one the
//! play view shows), with the defender's return fire at the strength the preview names, each
//! hit valued by what it costs its owner (AoR 6.1, 7.1: steps and eliminated units, which
//! score the enemy's `eliminated` points and count toward army demoralization, AoR 13).
//! Hopeless assaults are vetoed unless the side must attack (AoR 7.3, 12.2) or the last
//! game-turn makes the target's objective worth the risk.

use super::super::assault::hold_fast;
use super::super::preview::preview;
use super::super::state::{Command, Loc, State};
use super::maps::{Fields, hit_distribution};
use super::weights::Weights;
use crate::ai::candidates::Candidate;
use crate::engine::preview::AttackPreview;

/// What a unit is worth to its owner: the enemy's point for eliminating it, and its strength
/// toward army demoralization (AoR 13).
pub fn unit_value(s: &State, u: usize) -> f64 {
    1.0 + 0.15 * s.setup().units[u].strength as f64
}

/// What `hits` cost the owner of `units`, allocated as AoR 7.1 asks (damaged units first)
/// and otherwise as cheaply as the owner can.
pub fn loss_value(s: &State, units: &[usize], hits: u32) -> f64 {
    let setup = s.setup();
    let mut damaged = Vec::new();
    let mut fresh = Vec::new();
    for &u in units {
        if !matches!(s.units[u].loc, Loc::At(_)) {
            continue;
        }
        let d = &setup.units[u];
        let steps = s.units[u].steps;
        if steps >= 2 {
            // The first step: the strength lost by flipping; the second eliminates.
            let first = 0.3 + 0.15 * (d.strength - d.strength_at(1)) as f64;
            fresh.push((first, unit_value(s, u)));
        } else if d.steps() == 2 {
            damaged.push(unit_value(s, u));
        } else {
            fresh.push((unit_value(s, u), 0.0));
        }
    }
    let mut left = hits as usize;
    let mut total = 0.0;
    for v in damaged {
        if left == 0 {
            return total;
        }
        total += v;
        left -= 1;
    }
    fresh.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Each hit on a fresh two-step unit flips it; the next must eliminate it (7.1).
    for (first, second) in fresh {
        if left == 0 {
            break;
        }
        total += first;
        left -= 1;
        if second > 0.0 && left > 0 {
            total += second;
            left -= 1;
        }
    }
    total
}

/// The total steps of `units` on the map.
pub fn steps(s: &State, units: &[usize]) -> u32 {
    units
        .iter()
        .filter(|&&u| matches!(s.units[u].loc, Loc::At(_)))
        .map(|&u| s.units[u].steps as u32)
        .sum()
}

/// The hits and their chances read from a preview's results ("3 hits").
fn preview_hits(p: &AttackPreview) -> Vec<(u32, f64)> {
    p.results
        .iter()
        .map(|r| {
            let n = r
                .result
                .split_whitespace()
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            (n, r.chance)
        })
        .collect()
}

fn units_at(s: &State, side: usize, h: &str) -> Vec<usize> {
    let setup = s.setup();
    let Ok(h) = setup.parse(h) else {
        return Vec::new();
    };
    (0..s.units.len())
        .filter(|&u| setup.units[u].side == side && s.units[u].loc == Loc::At(h))
        .collect()
}

/// The bombardments worth making now, best first.
pub fn bombardments(s: &State, options: &[Command], w: &Weights) -> Vec<Candidate<Command>> {
    let side = s.player;
    let mut out = Vec::new();
    for c in options {
        let Command::Bombard { target, .. } = c else {
            continue;
        };
        let Ok(p) = preview(s, std::slice::from_ref(c)) else {
            continue;
        };
        let defenders = units_at(s, 1 - side, target);
        // AoR 8.1: the first hit disrupts, each further one is a step loss.
        let dist = preview_hits(&p);
        let value: f64 = dist
            .iter()
            .map(|(h, pr)| {
                let disrupt = if *h >= 1 { w.disruption } else { 0.0 };
                pr * (disrupt + loss_value(s, &defenders, h.saturating_sub(1)))
            })
            .sum();
        let any: f64 = dist.iter().filter(|(h, _)| *h >= 1).map(|x| x.1).sum();
        let mut k = Candidate::new(c.clone());
        k.term(
            "bombard",
            value,
            format!(
                "bombard {target}: strength {} on the Fire Table, {:.0} % to disrupt, worth {:.2}",
                p.attack_total,
                any * 100.0,
                value
            ),
        );
        if value > w.bombard_min {
            out.push(k);
        }
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

/// One assault weighed: the expected hits each way over the 36 rolls, their cost, and the
/// target's objective when the defenders are likely to go.
pub fn weigh_assault(
    s: &State,
    c: &Command,
    fields: &Fields,
    w: &Weights,
) -> Option<Candidate<Command>> {
    let setup = s.setup();
    let side = s.player;
    let Command::Assault { from, target } = c else {
        return None;
    };
    let p = preview(s, std::slice::from_ref(c)).ok()?;
    let defenders = units_at(s, 1 - side, target);
    let attackers: Vec<usize> = from
        .iter()
        .flat_map(|h| units_at(s, side, h))
        .filter(|&u| !s.units[u].attacked)
        .collect();
    let att = preview_hits(&p);
    let defense: u32 = p.defense_total.parse().unwrap_or(0);
    let back = hit_distribution(defense);
    let e_on_def: f64 = att.iter().map(|(h, pr)| *h as f64 * pr).sum();
    let e_on_att: f64 = back.iter().map(|(h, pr)| *h as f64 * pr).sum();
    let gain: f64 = att
        .iter()
        .map(|(h, pr)| pr * loss_value(s, &defenders, *h))
        .sum();
    let cost: f64 = back
        .iter()
        .map(|(h, pr)| pr * loss_value(s, &attackers, *h))
        .sum();
    // The defenders leave the hex when eliminated, or (about half the time) by a failed
    // morale check or a voluntary retreat after any hit (AoR 7.4); in a fort, or attacked
    // only across fortified hexsides, they ignore retreat results (AoR 10.1, 10.2) and leave
    // only when eliminated.
    let t = setup.parse(target).ok()?;
    let from_hexes: Vec<_> = from.iter().filter_map(|h| setup.parse(h).ok()).collect();
    let fast = !defenders.is_empty()
        && hold_fast(s, &defenders, true, t, &from_hexes).len() == defenders.len();
    let clearing = if fast { 0.0 } else { w.clearing };
    let total = steps(s, &defenders);
    let cleared: f64 = att
        .iter()
        .map(|(h, pr)| {
            if *h >= total {
                *pr
            } else if *h >= 1 {
                pr * clearing
            } else {
                0.0
            }
        })
        .sum();
    let objective = fields.value[t as usize];
    let mut k = Candidate::new(c.clone());
    k.term(
        "assault",
        gain - cost,
        format!(
            "assault {target}: {} vs {}, expected {e_on_def:.1} hits to {e_on_att:.1}",
            p.attack_total, p.defense_total
        ),
    );
    if setup.fort(t) {
        k.term(
            "fort",
            0.0,
            "a fort: attackers halved, its defenders ignore retreat results (AoR 10.1)",
        );
    }
    if objective > 0.0 && cleared < w.deadline_clear {
        // Hopeless for the objective (a fort's defenders leave only when eliminated, AoR
        // 10.1): no deadline makes this assault worth its losses.
        k.term(
            "hopeless",
            objective * cleared * w.assault_objective,
            format!(
                "cannot take {}: {:.0} % to clear it",
                fields.label[t as usize].as_deref().unwrap_or(target),
                cleared * 100.0
            ),
        );
    } else if objective > 0.0 {
        let words = format!(
            "takes {} ({:.0} % to clear it)",
            fields.label[t as usize].as_deref().unwrap_or(target),
            cleared * 100.0
        );
        k.term(
            "objective",
            objective * cleared * w.assault_objective,
            words,
        );
    }
    Some(k)
}

/// The assault to make now, if any: the best by expected value, when it is worth making;
/// when the side must attack (`forced`), the best of them whatever its value.
pub fn assault(
    s: &State,
    options: &[Command],
    fields: &Fields,
    forced: bool,
    w: &Weights,
) -> Option<Candidate<Command>> {
    let setup = s.setup();
    let last = s.turn >= setup.game_length;
    let mut best: Option<Candidate<Command>> = None;
    for c in options {
        let Some(mut k) = weigh_assault(s, c, fields, w) else {
            continue;
        };
        // A combined assault is offered beside each hex's own; prefer fewer stacks when the
        // value is the same (the others stay free to attack elsewhere).
        if let Command::Assault { from, .. } = c {
            k.score -= 0.01 * from.len() as f64;
        }
        if best.as_ref().is_none_or(|b| k.score > b.score) {
            best = Some(k);
        }
    }
    let mut b = best?;
    if forced {
        if b.score < 0.0 {
            b.term(
                "forced",
                0.0,
                "Attack orders oblige the stack to assault (AoR 7.3, 12.2)",
            );
        }
        return Some(b);
    }
    // The veto: nothing expected to be gained, unless the last game-turn decides an
    // objective.
    let objective = b.reasons.iter().any(|r| r.term == "objective");
    if b.score > w.assault_min || (last && objective && b.score > -1.0) {
        if b.score <= w.assault_min {
            b.term(
                "deadline",
                0.0,
                "the last game-turn: the objective is worth the risk",
            );
        }
        return Some(b);
    }
    None
}

//! Combat odds (RK Combat, RK Result): the exact chances of a group's results over every
//! unit's average die (2 3 3 4 4 5) and dig-in roll, from the engine's own modifiers and
//! multipliers (`combat::factors`), and what each result is worth to a side.

use super::super::board::{engaged_with, fighting, hexes};
use super::super::combat::{self, Outcome, factors, score};
use super::super::section::{Armament, Kind};
use super::super::state::{State, Status};
use super::super::tables::tables;
use crate::frac::Frac;
use std::collections::BTreeMap;

/// What a step lost is worth, and what a unit broken is worth beyond its steps (RK Victory,
/// Kepi's reading: each enemy unit broken is a point).
pub const STEP: f64 = 0.5;
pub const BROKEN: f64 = 1.0;

/// A unit's worth to its side: a point when broken, and its steps.
pub fn unit_value(s: &State, u: usize) -> f64 {
    if s.setup().units[u].kind == Kind::Hq {
        return 0.0;
    }
    BROKEN + STEP * s.units[u].steps as f64
}

/// The chance a unit with dig-in markers rolls to be dug in (RK Digging in: "roll 5+ on D6 ...
/// +1 if in woods/town/obstacle, +1 per two DM"; obstacles left out).
pub fn dug_chance(s: &State, u: usize) -> f64 {
    let t = &tables().dig_in;
    let dm = s.units[u].dm;
    if dm == 0 {
        return 0.0;
    }
    let covered = hexes(s, u).iter().any(|&h| s.setup().covered(h));
    let bonus =
        if covered { t.woods_town_obstacle } else { 0 } + t.per_two_markers * (dm / 2) as i8;
    let need = t.at_least - bonus;
    let faces = (1..=t.die as i8).filter(|&f| f >= need).count();
    faces as f64 / t.die as f64
}

/// One unit's score distribution: value -> chance.
fn unit_scores(s: &State, u: usize) -> BTreeMap<Frac, f64> {
    let faces = tables().average_die.faces;
    let p_dug = dug_chance(s, u);
    let mut out = BTreeMap::new();
    for (dug, p) in [(false, 1.0 - p_dug), (true, p_dug)] {
        if p <= 0.0 {
            continue;
        }
        let (m, x) = factors(s, u, dug);
        for &f in &faces {
            let v = score(f as i8, &m, &x, s.units[u].steps);
            *out.entry(v).or_insert(0.0) += p / faces.len() as f64;
        }
    }
    out
}

fn convolve(a: &BTreeMap<Frac, f64>, b: &BTreeMap<Frac, f64>) -> BTreeMap<Frac, f64> {
    let mut out = BTreeMap::new();
    for (&x, &p) in a {
        for (&y, &q) in b {
            *out.entry(x + y).or_insert(0.0) += p * q;
        }
    }
    out
}

/// The chances of a group's results, seen from `side`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Odds {
    /// The enemy beaten 3-1 (disbanded), 3-2 (shaken, a loss); the side beaten 3-2, 3-1.
    pub win31: f64,
    pub win32: f64,
    pub lose32: f64,
    pub lose31: f64,
    pub exchange: f64,
    /// The totals' means: the side's and the enemy's.
    pub mine: f64,
    pub theirs: f64,
    /// What the combat is worth to the side: the enemy's expected losses less its own.
    pub value: f64,
}

impl Odds {
    /// "3 to 1" and the chances in words.
    pub fn words(&self) -> String {
        let ratio = if self.theirs <= 0.0 {
            "against nothing".to_string()
        } else if self.mine >= self.theirs {
            format!("{:.1} to 1", self.mine / self.theirs)
        } else {
            format!("1 to {:.1}", self.theirs / self.mine.max(0.01))
        };
        format!(
            "{ratio} ({:.0} % to disband them, {:.0} % to shake them, {:.0} % to be beaten)",
            100.0 * self.win31,
            100.0 * self.win32,
            100.0 * (self.lose31 + self.lose32)
        )
    }
}

/// RK Result: the divisions (infantry and cavalry) of `units`: the steps the enemy loses.
fn divisions(s: &State, units: &[usize]) -> usize {
    units
        .iter()
        .filter(|&&u| matches!(s.setup().units[u].kind, Kind::Infantry | Kind::Cavalry))
        .count()
}

/// What `n` step losses among `units` cost their side (each on the unit with most steps; a
/// unit losing its last step is broken).
fn losses(s: &State, units: &[usize], n: usize) -> f64 {
    let mut steps: Vec<(u8, usize)> = units.iter().map(|&u| (s.units[u].steps, u)).collect();
    let mut cost = 0.0;
    for _ in 0..n {
        steps.sort_by_key(|b| std::cmp::Reverse(b.0));
        let Some(top) = steps.first_mut() else { break };
        if top.0 == 0 {
            break;
        }
        top.0 -= 1;
        cost += STEP;
        if top.0 == 0 {
            cost += BROKEN;
        }
    }
    cost
}

/// RK Result: what each result costs the loser: disbanded (3-1: every unit, guns lost);
/// shaken with a step per enemy division (3-2; disbanded if shaken already); an exchange of
/// fire (a step per enemy division each way).
fn cost_beaten31(s: &State, units: &[usize]) -> f64 {
    units.iter().map(|&u| unit_value(s, u)).sum()
}

fn cost_beaten32(s: &State, units: &[usize], enemy: &[usize]) -> f64 {
    let shaken: f64 = units
        .iter()
        .map(|&u| {
            if s.units[u].status == Status::Shaken {
                unit_value(s, u)
            } else {
                0.25 * unit_value(s, u)
            }
        })
        .sum();
    let fresh: Vec<usize> = units
        .iter()
        .copied()
        .filter(|&u| s.units[u].status != Status::Shaken)
        .collect();
    shaken + losses(s, &fresh, divisions(s, enemy))
}

/// RK Result: "massed units ... vs breechloaders suffer extra loss per turn win or lose".
fn massed(s: &State, units: &[usize]) -> f64 {
    let setup = s.setup();
    units
        .iter()
        .filter(|&&u| {
            setup.units[u].massed
                && engaged_with(s, u).iter().any(|&e| {
                    setup.units[e].kind == Kind::Infantry
                        && setup.units[e].armament == Armament::Breech
                })
        })
        .map(|&u| losses(s, &[u], 1))
        .sum()
}

/// The odds of the combat group `group` (units of both sides) for `side`.
pub fn group_odds(s: &State, group: &[usize], side: usize) -> Odds {
    let setup = s.setup();
    let mine: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&u| setup.units[u].side == side && fighting(s, u))
        .collect();
    let theirs: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&u| setup.units[u].side != side && fighting(s, u))
        .collect();
    let total = |units: &[usize]| {
        units
            .iter()
            .fold(BTreeMap::from([(Frac::ZERO, 1.0)]), |acc, &u| {
                convolve(&acc, &unit_scores(s, u))
            })
    };
    let (a, b) = (total(&mine), total(&theirs));
    let mean = |d: &BTreeMap<Frac, f64>| d.iter().map(|(v, p)| v.to_f64() * p).sum::<f64>();
    let mut o = Odds {
        mine: mean(&a),
        theirs: mean(&b),
        ..Odds::default()
    };
    for (&x, &p) in &a {
        for (&y, &q) in &b {
            let pq = p * q;
            // The engine's own comparison of the totals, the side's as side 0.
            match combat::outcome([x, y]) {
                Outcome::Beaten31 { loser: 1 } => o.win31 += pq,
                Outcome::Beaten32 { loser: 1 } => o.win32 += pq,
                Outcome::Beaten32 { .. } => o.lose32 += pq,
                Outcome::Beaten31 { .. } => o.lose31 += pq,
                Outcome::Exchange => o.exchange += pq,
            }
        }
    }
    o.value = o.win31 * cost_beaten31(s, &theirs) + o.win32 * cost_beaten32(s, &theirs, &mine)
        - o.lose31 * cost_beaten31(s, &mine)
        - o.lose32 * cost_beaten32(s, &mine, &theirs)
        + o.exchange
            * (losses(s, &theirs, divisions(s, &mine)) - losses(s, &mine, divisions(s, &theirs)))
        + massed(s, &theirs)
        - massed(s, &mine);
    o
}

/// The combat group `u` is in (RK Combat: the units linked by contact with the enemy), in
/// unit order; empty when it touches no enemy.
pub fn group_of(s: &State, u: usize) -> Vec<usize> {
    if engaged_with(s, u).is_empty() {
        return Vec::new();
    }
    let mut group = vec![u];
    let mut i = 0;
    while i < group.len() {
        for e in engaged_with(s, group[i]) {
            if !group.contains(&e) {
                group.push(e);
            }
        }
        i += 1;
    }
    group.sort();
    group
}

/// The value to `side` of every combat group on the board now.
pub fn board_value(s: &State, side: usize) -> f64 {
    combat::groups(s)
        .iter()
        .map(|g| group_odds(s, g, side).value)
        .sum()
}

/// The chance `u` is broken (disbanded, or its last step lost) by the combat of odds `o` it
/// is in, when it stands alone on its side there: RK Result's losses are a step per enemy
/// division (and the massed troops' extra step), each saved on 4+ when dug in.
pub fn broken_chance(s: &State, u: usize, o: &Odds) -> f64 {
    let group = group_of(s, u);
    let side = s.setup().units[u].side;
    let enemy: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e))
        .collect();
    let losses = divisions(s, &enemy) as f64 + if massed(s, &[u]) > 0.0 { 1.0 } else { 0.0 };
    let kept = 1.0 - 0.5 * dug_chance(s, u);
    let lost = losses * kept;
    let steps = s.units[u].steps as f64;
    let shaken = s.units[u].status == Status::Shaken;
    o.lose31
        + o.lose32
            * if shaken || lost >= steps {
                1.0
            } else {
                lost / steps
            }
        + o.exchange * (lost / steps).min(1.0)
}

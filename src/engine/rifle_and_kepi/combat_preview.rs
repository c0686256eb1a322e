//! The combat a charge would bring on, before anything is rolled (RK Combat, RK Result): the
//! moving unit's step into contact is made on a copy of the position, and the group it would
//! then fight in is scored as the combat phase scores it, every unit's average die and every
//! dig-in roll taken over all its faces, so the chances of the three results (3-1, 3-2,
//! exchange of fire) are exact.
//!
//! Invariant: the chances add up to 1, and each is what [`super::combat::resolve`] would give
//! if the turn ended with the position as it is after the step (the text fights combat after
//! the artillery: a bombardment or another unit's move may change the group, which the
//! preview's notes say).

use super::board::{fighting, hexes};
use super::combat::{Outcome, dig_in_modifier, factors, groups, outcome, score};
use super::state::{Command, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::preview::{AttackPreview, Contribution, Modifier, ResultChance};
use crate::frac::Frac;
use std::collections::HashMap;

/// A distribution of scores: each total with its chance.
type Spread = HashMap<Frac, f64>;

/// RK Combat: the combat the moving unit's step `commands[0]` would bring on.
pub fn preview(s: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
    let [Command::Step { unit, to }] = commands else {
        return Err(RuleError::not_now(
            "only a step into contact is previewed (RK Combat): its group fights at the end of \
             the turn",
        ));
    };
    let setup = s.setup();
    let u = setup.unit(unit)?;
    if s.active.as_ref().map(|a| a.unit) != Some(u) {
        return Err(RuleError::not_now(format!("{unit} is not moving now")));
    }
    let to = setup.parse(to)?;
    let mut after = s.clone();
    super::movement::step(&mut after, u, to, &mut Vec::new())?;
    let Some(group) = groups(&after).into_iter().find(|g| g.contains(&u)) else {
        return Err(RuleError::not_now(format!(
            "{unit} would not be in contact with the enemy at {}: no combat to preview",
            setup.name(to)
        )));
    };
    let side = setup.units[u].side;
    let mut spreads = [Spread::from([(Frac::ZERO, 1.0)]), Spread::new()];
    spreads[1] = spreads[0].clone();
    let mut parts: [Vec<Contribution>; 2] = [Vec::new(), Vec::new()];
    let mut rolled = 0u32;
    let mut dug_notes = Vec::new();
    for &g in &group {
        let (spread, part, dig) = unit_spread(&after, g);
        let i = usize::from(setup.units[g].side != side);
        spreads[i] = convolve(&spreads[i], &spread);
        parts[i].push(part);
        rolled += 1 + u32::from(dig.is_some());
        if let Some(p) = dig {
            dug_notes.push(format!(
                "{} is dug in with chance {:.0} % (RK Digging in)",
                setup.units[g].id,
                p * 100.0
            ));
        }
    }
    let foe = setup.sides[1 - side].name.clone();
    let own = setup.sides[side].name.clone();
    let mut chances: Vec<(String, String, f64)> = vec![
        ("3-1".into(), format!("{foe} beaten 3-1: disbanded"), 0.0),
        (
            "3-2".into(),
            format!(
                "{foe} beaten 3-2: shaken (disbanded if shaken already), a step lost for each of {own}'s divisions"
            ),
            0.0,
        ),
        (
            "exchange".into(),
            "exchange of fire: both sides lose a step for each enemy division".into(),
            0.0,
        ),
        (
            "2-3".into(),
            format!(
                "{own} beaten 3-2: shaken (disbanded if shaken already), a step lost for each of {foe}'s divisions"
            ),
            0.0,
        ),
        ("1-3".into(), format!("{own} beaten 3-1: disbanded"), 0.0),
    ];
    for (&a, &pa) in &spreads[0] {
        for (&b, &pb) in &spreads[1] {
            let k = match outcome([a, b]) {
                Outcome::Beaten31 { loser: 1 } => 0,
                Outcome::Beaten32 { loser: 1 } => 1,
                Outcome::Exchange => 2,
                Outcome::Beaten32 { .. } => 3,
                Outcome::Beaten31 { .. } => 4,
            };
            chances[k].2 += pa * pb;
        }
    }
    let totals = |sp: &Spread| {
        let lo = sp.keys().min().copied().unwrap_or(Frac::ZERO);
        let hi = sp.keys().max().copied().unwrap_or(Frac::ZERO);
        (lo, hi, sp.iter().map(|(v, p)| v.to_f64() * p).sum::<f64>())
    };
    let (a, d) = (totals(&spreads[0]), totals(&spreads[1]));
    let range = |(lo, hi, _): (Frac, Frac, f64)| format!("{lo} to {hi}");
    let mut notes = vec![
        format!(
            "fought at the end of the turn after the artillery (RK Turn sequence v), as the \
             group stands after this step: {} unit(s) of {own} against {} of {foe}",
            parts[0].len(),
            parts[1].len()
        ),
        "bombardment, further moves and the massed troops' extra loss are not in these chances"
            .into(),
    ];
    notes.extend(dug_notes);
    let faces = tables().average_die.faces;
    Ok(AttackPreview {
        kind: "combat".into(),
        target: setup.name(to),
        attackers: std::mem::take(&mut parts[0]),
        defenders: std::mem::take(&mut parts[1]),
        attack_total: range(a),
        defense_total: range(d),
        modifiers: Vec::new(),
        column: String::new(),
        odds: format!("on average {:.1} to {:.1}", a.2, d.2),
        dice: format!(
            "an average die ({}) for each unit, a d6 for each dig-in roll",
            faces.map(|f| f.to_string()).join(",")
        ),
        outcomes: 6u32.saturating_pow(rolled),
        results: chances
            .into_iter()
            .filter(|c| c.2 > 0.0)
            .map(|(result, meaning, chance)| ResultChance {
                result,
                meaning,
                faces: Vec::new(),
                chance,
            })
            .collect(),
        notes,
    })
}

/// One unit's scores over its average die and its dig-in roll, its part in words, and its
/// chance of being dug in when it rolls for it.
fn unit_spread(s: &State, u: usize) -> (Spread, Contribution, Option<f64>) {
    let setup = s.setup();
    let t = tables();
    let steps = s.units[u].steps;
    let p_dug = dig_in_modifier(s, u).map(|(_, bonus)| {
        let hit = (1..=t.dig_in.die)
            .filter(|&f| f as i8 + bonus >= t.dig_in.at_least)
            .count();
        hit as f64 / f64::from(t.dig_in.die)
    });
    let mut spread = Spread::new();
    let mut add = |dug: bool, weight: f64| {
        let (m, x) = factors(s, u, dug);
        for f in t.average_die.faces {
            *spread.entry(score(f as i8, &m, &x, steps)).or_default() += weight / 6.0;
        }
    };
    match p_dug {
        Some(p) => {
            add(true, p);
            add(false, 1.0 - p);
        }
        None => add(false, 1.0),
    }
    let (m, x) = factors(s, u, false);
    let modifiers = m
        .iter()
        .map(|(k, v)| Modifier {
            name: k.clone(),
            case: "RK Combat".into(),
            effect: format!("{v:+}"),
        })
        .chain(x.iter().map(|(k, f)| Modifier {
            name: k.clone(),
            case: "RK Combat".into(),
            effect: format!("x{f}"),
        }))
        .collect();
    let lo = spread.keys().min().copied().unwrap_or(Frac::ZERO);
    let hi = spread.keys().max().copied().unwrap_or(Frac::ZERO);
    let part = Contribution {
        unit: setup.units[u].id.clone(),
        hex: hexes(s, u)
            .iter()
            .map(|&h| setup.name(h))
            .collect::<Vec<_>>()
            .join("+"),
        base: format!("average die x {steps} step(s)"),
        value: format!("{lo} to {hi}"),
        modifiers,
    };
    debug_assert!(fighting(s, u));
    (spread, part, p_dug)
}

/// The distribution of the sum of two independent scores.
fn convolve(a: &Spread, b: &Spread) -> Spread {
    let mut out = Spread::new();
    for (&x, &p) in a {
        for (&y, &q) in b {
            *out.entry(x + y).or_default() += p * q;
        }
    }
    out
}

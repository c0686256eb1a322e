//! What fire and melee share (VV 7.6, VV 8.4: "The procedure is exactly the same"): a total
//! of a die, a factor and named tactical factors for each side; the comparison ("less ... but
//! more than half", "half or less"); and the variant's combat results table, row by row.

use super::dice::roll_d6;
use super::geometry;
use super::state::{Event, State};
use super::tables::{Cavalry, Clause, Factor, Outcome, Sheet, TroopClass};
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use serde::Serialize;

/// One tactical factor as applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Term {
    pub key: String,
    /// The sheet's words.
    pub text: String,
    pub value: i32,
}

impl Term {
    /// The tactical factor `key` of a sheet's list (fire or melee), in the sheet's words, worth
    /// `value` here.
    pub fn of(list: &[Factor], key: &str, value: i32) -> Term {
        Term {
            key: key.to_string(),
            text: Sheet::factor_text(list, key).to_string(),
            value,
        }
    }
}

/// One side's score before its die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    pub element: usize,
    /// "fire 3", "melee 4".
    pub base_name: String,
    pub base: i32,
    pub terms: Vec<Term>,
}

impl Score {
    pub fn modifier(&self) -> i32 {
        self.base + self.terms.iter().map(|t| t.value).sum::<i32>()
    }
}

/// VV 8 Results: how badly the lower total lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// "less than that of the enemy but more than half".
    MoreThanHalf,
    /// "half or less than half that of the enemy".
    HalfOrLess,
}

/// `None` when `loser` is not below `winner`.
pub fn severity(loser: i32, winner: i32) -> Option<Severity> {
    if loser >= winner {
        None
    } else if 2 * loser <= winner {
        Some(Severity::HalfOrLess)
    } else {
        Some(Severity::MoreThanHalf)
    }
}

fn by_matches(s: &State, winner: usize, by: &str) -> bool {
    let t = s.etype(winner);
    let class = s.class(winner);
    let cav = t.and_then(|t| t.cavalry);
    match by {
        "cavalry" => class == TroopClass::Cavalry,
        "heavy_cavalry" => cav == Some(Cavalry::Heavy),
        "light_cavalry" => cav == Some(Cavalry::Light),
        "irregular_cavalry" => cav == Some(Cavalry::Irregular),
        "skirmishers" => class == TroopClass::Skirmishers,
        "artillery" => class == TroopClass::Artillery,
        "infantry" => class == TroopClass::Infantry,
        // VV LG: the types fought on the Light Infantry row.
        "light_infantry" => t.is_some_and(|t| t.results == "light_infantry"),
        _ => false,
    }
}

fn clause_holds(s: &State, loser: usize, winner: usize, contact: bool, c: &Clause) -> bool {
    let hex = s.elements[loser].hex.expect("the loser stands");
    (c.by.is_empty() || c.by.iter().any(|b| by_matches(s, winner, b)))
        && (c.terrain.is_empty() || {
            let ground = super::lg::ground(s, loser, hex).key();
            c.terrain.iter().any(|t| ground == t)
        })
        && (!c.contact || contact)
}

/// VV 8 Results by the loser's row of the variant's table: the first clause that holds.
pub fn result(s: &State, loser: usize, winner: usize, sev: Severity, contact: bool) -> Outcome {
    let Some(t) = s.etype(loser) else {
        return Outcome::Destroyed;
    };
    let row = &s.setup().variant.sheet.results[&t.results];
    let cell = match sev {
        Severity::MoreThanHalf => &row.more_than_half,
        Severity::HalfOrLess => &row.half_or_less,
    };
    cell.iter()
        .find(|c| clause_holds(s, loser, winner, contact, c))
        .map(|c| c.result)
        .unwrap_or(Outcome::Destroyed)
}

/// Both dice of a combat, the first side's first, recorded; (first total, second total).
pub fn roll_both(
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
    purpose: &str,
    a: &Score,
    b: &Score,
    s: &State,
) -> Result<(i32, i32, u8, u8), RuleError> {
    let setup = s.setup();
    let ctx = |x: &Score| {
        serde_json::json!({
            "element": setup.elements[x.element].id,
            "base": x.base_name,
            "terms": x.terms,
            "modifier": x.modifier(),
        })
    };
    let da = roll_d6(
        dice,
        ev,
        &format!("{purpose}: {}", setup.elements[a.element].id),
        ctx(a),
    )?;
    let db = roll_d6(
        dice,
        ev,
        &format!("{purpose}: {}", setup.elements[b.element].id),
        ctx(b),
    )?;
    Ok((
        i32::from(da) + a.modifier(),
        i32::from(db) + b.modifier(),
        da,
        db,
    ))
}

/// The words of a score: "die 4 + melee 3 + General attached to unit +1 = 8".
pub fn words(s: &State, x: &Score, die: u8) -> String {
    let mut w = format!(
        "{}: die {die} + {} {}",
        s.setup().elements[x.element].id,
        x.base_name,
        x.base
    );
    for t in &x.terms {
        w.push_str(&format!(", {} {:+}", t.text, t.value));
    }
    w.push_str(&format!(" = {}", i32::from(die) + x.modifier()));
    w
}

/// Whether the two elements are adjacent.
pub fn adjacent(s: &State, a: usize, b: usize) -> bool {
    match (s.elements[a].hex, s.elements[b].hex) {
        (Some(x), Some(y)) => s.setup().grid.adjacent(x, y),
        _ => false,
    }
}

/// VV 8.4 Overlaps: enemy troop elements adjacent to `e` at its corner, flank or rear, other
/// than `opponent`, that face it (it in their front or corner hexes); none on a square.
pub fn overlaps(s: &State, e: usize, opponent: Option<usize>) -> Vec<usize> {
    let Some(h) = s.elements[e].hex else {
        return Vec::new();
    };
    geometry::contacts(s, e)
        .into_iter()
        .filter(|&o| Some(o) != opponent)
        .filter(|&o| {
            let oh = s.elements[o].hex.expect("standing");
            geometry::around(s, e, oh) != geometry::Around::Front
                && matches!(
                    geometry::around(s, o, h),
                    geometry::Around::Front | geometry::Around::Corner
                )
        })
        .collect()
}

//! Combat results table (R&S 9.1): odds columns x die rolls.

use super::Source;
use crate::engine::RulesetId;
use crate::frac::Frac;
use crate::problems::Problems;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An odds column such as `3-1` or `1-2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Odds {
    pub attack: u32,
    pub defense: u32,
}

impl Odds {
    pub fn ratio(self) -> Frac {
        Frac::new(self.attack as i64, self.defense as i64)
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.attack, self.defense)
    }
}

impl FromStr for Odds {
    type Err = String;
    fn from_str(s: &str) -> Result<Odds, String> {
        let bad = || format!("'{s}' is not an odds column (expected e.g. 3-1 or 1-2)");
        let (a, d) = s.split_once('-').ok_or_else(bad)?;
        let attack: u32 = a.trim().parse().map_err(|_| bad())?;
        let defense: u32 = d.trim().parse().map_err(|_| bad())?;
        if attack == 0 || defense == 0 {
            return Err(bad());
        }
        Ok(Odds { attack, defense })
    }
}

impl Serialize for Odds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Odds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Odds, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtRow {
    pub roll: u32,
    /// One result code per column.
    pub results: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultCode {
    pub code: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatResults {
    pub format: String,
    pub version: u32,
    pub ruleset: RulesetId,
    pub name: String,
    pub reference: String,
    pub source: Source,
    /// Dice rolled on the table, e.g. `1d6`.
    pub dice: String,
    /// Columns in increasing odds.
    pub columns: Vec<Odds>,
    pub rows: Vec<CrtRow>,
    pub results: Vec<ResultCode>,
    #[serde(default)]
    pub notes: String,
}

impl CombatResults {
    pub fn checked(self) -> Result<CombatResults, Problems> {
        let mut p = Problems::new();
        if self.columns.is_empty() {
            p.push("columns", "at least one odds column is needed");
        }
        for w in self.columns.windows(2) {
            if w[0].ratio() >= w[1].ratio() {
                p.push(
                    "columns",
                    format!(
                        "columns must rise in odds, but {} comes before {}",
                        w[0], w[1]
                    ),
                );
            }
        }
        for (i, row) in self.rows.iter().enumerate() {
            if row.results.len() != self.columns.len() {
                p.push(
                    format!("rows[{i}].results"),
                    format!(
                        "{} results for {} columns",
                        row.results.len(),
                        self.columns.len()
                    ),
                );
            }
            for (j, r) in row.results.iter().enumerate() {
                if !self.results.iter().any(|c| &c.code == r) {
                    p.push(
                        format!("rows[{i}].results[{j}]"),
                        format!(
                            "unknown result '{r}'; known: {}",
                            self.results
                                .iter()
                                .map(|c| c.code.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
            }
            if self.rows[..i].iter().any(|o| o.roll == row.roll) {
                p.push(
                    format!("rows[{i}].roll"),
                    format!("roll {} twice", row.roll),
                );
            }
        }
        p.into_result(self)
    }

    /// R&S 5.1: the odds are rounded off in favour of the defender to the highest column not
    /// above the true ratio; below the first column counts as the first (1-3), above the last
    /// as the last (6-1, R&S 9.1).
    pub fn column_for(&self, attack: Frac, defense: Frac) -> usize {
        let ratio = attack / defense;
        self.columns
            .iter()
            .rposition(|c| c.ratio() <= ratio)
            .unwrap_or(0)
    }

    pub fn result(&self, column: usize, roll: u32) -> Option<&str> {
        self.rows
            .iter()
            .find(|r| r.roll == roll)
            .and_then(|r| r.results.get(column))
            .map(String::as_str)
    }
}

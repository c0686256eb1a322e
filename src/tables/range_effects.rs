//! Range effects chart (R&S 10.4, optional): multiplies fire attack strength by range band.

use super::{Catalog, Source};
use crate::engine::RulesetId;
use crate::frac::Frac;
use crate::problems::Problems;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ammunition {
    Canister,
    Shot,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub from: u32,
    /// Inclusive; absent for the last, open band ("8 or more").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRow {
    pub name: String,
    pub units: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammunition: Option<Ammunition>,
    /// One factor per band.
    pub factors: Vec<Frac>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeEffects {
    pub format: String,
    pub version: u32,
    pub ruleset: RulesetId,
    pub name: String,
    pub reference: String,
    pub source: Source,
    #[serde(default)]
    pub note: String,
    pub bands: Vec<Band>,
    pub rows: Vec<RangeRow>,
}

impl RangeEffects {
    /// Every unit code named exists; every row has a factor per band; bands are contiguous.
    pub fn check_units(&self, catalog: &Catalog) -> Problems {
        let mut p = Problems::new();
        let mut next = 1;
        for (i, b) in self.bands.iter().enumerate() {
            if b.from != next {
                p.push(format!("bands[{i}].from"), format!("expected {next}"));
            }
            match b.to {
                Some(to) if to >= b.from => next = to + 1,
                Some(_) => p.push(format!("bands[{i}].to"), "ends before it starts"),
                None if i + 1 != self.bands.len() => {
                    p.push(format!("bands[{i}].to"), "only the last band may be open")
                }
                None => {}
            }
        }
        for (i, row) in self.rows.iter().enumerate() {
            if row.factors.len() != self.bands.len() {
                p.push(
                    format!("rows[{i}].factors"),
                    format!(
                        "{} factors for {} bands",
                        row.factors.len(),
                        self.bands.len()
                    ),
                );
            }
            for (j, code) in row.units.iter().enumerate() {
                if catalog.unit(code).is_none() {
                    p.push(
                        format!("rows[{i}].units[{j}]"),
                        format!("unknown unit '{code}'; known: {}", catalog.codes_list()),
                    );
                }
            }
        }
        p
    }

    /// The factor for a unit firing at `range` hexes, or `None` if the chart has no row for it.
    pub fn factor(&self, unit: &str, ammunition: Option<Ammunition>, range: u32) -> Option<Frac> {
        let band = self
            .bands
            .iter()
            .position(|b| range >= b.from && b.to.is_none_or(|t| range <= t))?;
        self.rows
            .iter()
            .find(|r| r.units.iter().any(|u| u == unit) && r.ammunition == ammunition)
            .and_then(|r| r.factors.get(band).copied())
    }
}

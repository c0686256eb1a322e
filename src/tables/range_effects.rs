//! Range effects chart (R&S 10.4, optional): multiplies fire attack strength by range band.

use super::{Catalog, RulesetId, Source};
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

#[cfg(test)]
mod tests {
    use super::Ammunition;
    use crate::frac::Frac;
    use crate::tables::RulesetTables;

    #[test]
    fn r_and_s_10_4_example_lb_at_eleven_hexes_fires_at_2_1_4() {
        let t = RulesetTables::rifle_and_saber();
        let lb = t.catalog.unit("LB").unwrap();
        let factor = t.range_effects.factor("LB", None, 11).unwrap();
        let strength = lb.fire_attack.value * factor;
        assert_eq!(strength, Frac::new(9, 4));
        assert_eq!(strength.to_string(), "2 1/4");
    }

    #[test]
    fn bands_and_ammunition() {
        let r = &RulesetTables::rifle_and_saber().range_effects;
        assert_eq!(r.factor("MZ", None, 3), Some(Frac::ONE));
        assert_eq!(r.factor("MZ", None, 4), Some(Frac::new(1, 2)));
        assert_eq!(r.factor("MG", None, 9), Some(Frac::new(1, 2)));
        assert_eq!(
            r.factor("BA", Some(Ammunition::Canister), 2),
            Some(Frac::int(2))
        );
        assert_eq!(
            r.factor("BA", Some(Ammunition::Shot), 20),
            Some(Frac::new(1, 2))
        );
        assert_eq!(r.factor("BA", None, 2), None);
    }
}

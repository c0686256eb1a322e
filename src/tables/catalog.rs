//! Unit catalog: the unit types of a ruleset with their printed values.
//!
//! R&S 2.31 Unit Identification Chart. Which values are printed in the rules and which are the
//! project's reconstruction is recorded per value (`Sourced`).

use super::Sourced;
use crate::document::{self, DocumentKind};
use crate::engine::RulesetId;
use crate::frac::Frac;
use crate::problems::Problems;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Infantry,
    Cavalry,
    MountedRifles,
    MachineGun,
    Artillery,
}

impl Arm {
    /// R&S 5.1(H) "gun units": artillery and machine guns.
    pub fn is_gun(self) -> bool {
        matches!(self, Arm::MachineGun | Arm::Artillery)
    }

    /// R&S 11.18: infantry and cavalry are counted in men, artillery and machine guns in guns.
    pub fn counted_in_guns(self) -> bool {
        self.is_gun()
    }

    pub fn is_mounted(self) -> bool {
        matches!(self, Arm::Cavalry | Arm::MountedRifles)
    }
}

/// One unit type (one kind of counter).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// The code used in orders of battle: `MZ`, `MAh` (letters and digits, unique in the
    /// catalog, case ignored).
    #[schemars(regex(pattern = r"^[A-Za-z0-9]+$"))]
    pub code: String,
    /// What the counter is ("Muzzle-loading infantry").
    pub name: String,
    pub arm: Arm,
    /// Fire attack strength; canister strength for artillery.
    pub fire_attack: Sourced<Frac>,
    /// Shot strength (artillery only, R&S 5.1(F)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot_attack: Option<Sourced<Frac>>,
    pub fire_defense: Sourced<Frac>,
    /// Range allowance in hexes; canister range for artillery.
    pub range: Sourced<u32>,
    /// Shot range (artillery only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot_range: Option<Sourced<u32>>,
    pub movement: Sourced<u32>,
    /// R&S 5.2: guns 0, all others 1.
    pub shock: Sourced<u32>,
    /// R&S 7.0(A): guns 3, all others 2.
    pub stacking: Sourced<u32>,
    /// R&S 4(K): movement allowance when charging.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge_movement: Option<Sourced<u32>>,
    /// R&S 4(L): the unit type a mounted unit becomes when dismounted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismounts_as: Option<String>,
    /// R&S 4(J): moves only limbered, never fires limbered.
    #[serde(default)]
    pub limbers: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// `kepi-catalog`.
    pub format: String,
    /// The layout's version (1).
    pub version: u32,
    /// The rule system whose units these are.
    pub ruleset: RulesetId,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The unit types.
    pub units: Vec<UnitType>,
}

impl Catalog {
    pub fn from_text(text: &str) -> Result<Catalog, Problems> {
        let catalog: Catalog = document::from_text(text, DocumentKind::Catalog)?;
        catalog.checked()
    }

    /// Cross-field checks: unique codes, artillery has shot values, dismount targets exist.
    pub fn checked(self) -> Result<Catalog, Problems> {
        let mut problems = Problems::new();
        for (i, u) in self.units.iter().enumerate() {
            let field = format!("units[{i}]");
            if u.code.is_empty() || !u.code.chars().all(|c| c.is_ascii_alphanumeric()) {
                problems.push(
                    format!("{field}.code"),
                    format!("'{}' is not a unit code (letters and digits)", u.code),
                );
            }
            if self.units[..i]
                .iter()
                .any(|o| o.code.eq_ignore_ascii_case(&u.code))
            {
                problems.push(
                    format!("{field}.code"),
                    format!("unit code '{}' appears twice", u.code),
                );
            }
            if (u.arm == Arm::Artillery) != u.shot_attack.is_some()
                || (u.arm == Arm::Artillery) != u.shot_range.is_some()
            {
                problems.push(
                    field.clone(),
                    "artillery, and only artillery, has shot_attack and shot_range (R&S 5.1(F))",
                );
            }
            if let Some(d) = &u.dismounts_as
                && !self.units.iter().any(|o| &o.code == d)
            {
                problems.push(
                    format!("{field}.dismounts_as"),
                    format!("no unit type '{d}' in this catalog"),
                );
            }
            if u.fire_defense.value <= Frac::ZERO {
                problems.push(
                    format!("{field}.fire_defense"),
                    "must be above 0 (odds divide by it)",
                );
            }
        }
        problems.into_result(self)
    }

    /// Exact code first, then a unique case-insensitive match ("mah" is MAh).
    pub fn unit(&self, code: &str) -> Option<&UnitType> {
        self.units.iter().find(|u| u.code == code).or_else(|| {
            let mut it = self
                .units
                .iter()
                .filter(|u| u.code.eq_ignore_ascii_case(code));
            match (it.next(), it.next()) {
                (Some(u), None) => Some(u),
                _ => None,
            }
        })
    }

    pub fn codes(&self) -> Vec<&str> {
        self.units.iter().map(|u| u.code.as_str()).collect()
    }

    /// "MZ, EB, LB, ..." for error messages.
    pub fn codes_list(&self) -> String {
        self.codes().join(", ")
    }
}

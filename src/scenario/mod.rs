//! Scenarios: sides and orders of battle, deployment, reinforcements, game length, victory
//! conditions and special rules (R&S 11.0 gives the format every scenario follows).
//!
//! [`ScenarioFile`] is the document; [`Scenario`] is a validated setup, built only by
//! [`Scenario::new`], which checks the file against its map and unit catalog and reports every
//! problem at once. Invariants of a `Scenario`: exactly two sides whose forces their rule
//! system has read (its section, [`forces`]); every group of every side is deployed or arrives
//! as a reinforcement exactly once; every zone is a non-empty set of hexes on the map, equal to
//! what its rule computes; every feature, route, unit code, terrain key and side named anywhere
//! exists.

pub mod checks;
pub mod events;
mod file;
pub mod forces;
pub mod rule_kinds;
pub mod rules;
mod validate;
mod victory_checks;
pub mod zones;

pub use file::{
    DeployConstraint, DeploymentEntry, Notes, ReinforcementEntry, ScenarioFile, SideEntry,
    SpecialRuleEntry, VictoryEntry, Zone,
};
pub use forces::{Forces, GroupForces, Section, SideForces, Stacking};

use crate::map::{HexCoord, Map};
use crate::tables::Catalog;
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub color: String,
    /// The groups and their weight, as the rule system read them.
    pub forces: SideForces,
}

/// Where groups of one side set up before play.
#[derive(Clone, Debug, PartialEq)]
pub struct Deployment {
    pub side: usize,
    /// Group labels placed here (`None` for an unlabelled group).
    pub groups: Vec<Option<String>>,
    pub text: String,
    pub hexes: BTreeSet<HexCoord>,
    pub constraints: Vec<DeployConstraint>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Reinforcement {
    pub side: usize,
    pub group: Option<String>,
    pub turn: u32,
    pub text: String,
    pub hexes: BTreeSet<HexCoord>,
}

#[derive(Clone, Debug)]
pub struct Scenario {
    /// The document as read; victory conditions and special rules are read from it.
    pub file: ScenarioFile,
    pub map: Map,
    pub catalog: Catalog,
    pub sides: [Side; 2],
    pub deploys_first: usize,
    pub moves_first: usize,
    pub deployments: Vec<Deployment>,
    pub reinforcements: Vec<Reinforcement>,
    /// The rule system's reading of its sections (for its `start`).
    pub section: Section,
}

/// Equal files, maps and catalogs make equal scenarios: everything else is computed from them
/// (the section too, see [`Section`]).
impl PartialEq for Scenario {
    fn eq(&self, other: &Scenario) -> bool {
        self.file == other.file && self.map == other.map && self.catalog == other.catalog
    }
}

impl Scenario {
    /// The one constructor of a playable setup. `catalog` is the scenario's own catalog if it
    /// names one, else the ruleset's default.
    pub fn new(
        file: ScenarioFile,
        map: Map,
        catalog: Catalog,
    ) -> Result<Scenario, crate::problems::Problems> {
        validate::validate(file, map, catalog, false)
    }

    /// A scenario embedded in a game record, validated again: every check of [`Scenario::new`]
    /// the engine needs, but not those added after games could be recorded to catch a
    /// designer's mistakes (a deployment zone holding hexes a river rule forbids, an unknown
    /// colour, a rule for a unit code the side lacks, a deployment that places no unit), so
    /// that a recorded game opens and replays as it was played.
    pub fn recorded(
        file: ScenarioFile,
        map: Map,
        catalog: Catalog,
    ) -> Result<Scenario, crate::problems::Problems> {
        validate::validate(file, map, catalog, true)
    }

    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }
}

//! A side's forces as the common scenario checks see them, whatever the rule system.
//!
//! A scenario file's sides carry, beside their id, name and colour, the rule system's own
//! section: Rifle & Saber's order-of-battle formula and morale level, another system's roster of
//! named units and leaders. The system reads that section ([`crate::engine::Ruleset::forces`])
//! and answers with [`Forces`]: the groups each side deploys or brings on as reinforcements,
//! what each group weighs against the stacking limit, and its own parsed reading ([`Section`]),
//! which its `start` takes back from the validated [`super::Scenario`].

use std::any::Any;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

/// A part of a side that sets up or arrives together: R&S's `(a)`, `(b)`; a division or corps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupForces {
    /// `None` for a side's one unlabelled group.
    pub label: Option<String>,
    /// Units on the map (markers and allotments not counted).
    pub units: u32,
    /// What the group's units take of the stacking limit, in [`Stacking::measure`].
    pub stacking: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideForces {
    /// In the order the file gives them.
    pub groups: Vec<GroupForces>,
    /// One line for listings: "27 MZ; 3 CY; 2 MAh", "14 units, 3 leaders".
    pub summary: String,
    /// The unit codes (catalog keys) of the side's units, in every group: what a rule naming a
    /// unit code for this side can apply to (R&S: the codes of its order of battle).
    pub kinds: BTreeSet<String>,
}

impl SideForces {
    pub fn group(&self, label: Option<&str>) -> Option<&GroupForces> {
        self.groups.iter().find(|g| g.label.as_deref() == label)
    }
}

/// How much a hex holds, for checking that a deployment zone can hold what is put in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stacking {
    pub per_hex: u32,
    /// "stacking points", "units".
    pub measure: &'static str,
    /// The rule that sets the limit ("R&S 7.0").
    pub case: &'static str,
}

/// What a rule system read from a scenario's sections.
#[derive(Clone, Debug)]
pub struct Forces {
    /// Indexed like the file's sides; `None` where a side's section did not read (its problems
    /// are reported; the other checks still run on the other side).
    pub sides: Vec<Option<SideForces>>,
    pub stacking: Stacking,
    pub section: Section,
}

/// A rule system's own parsed reading of its scenario sections, kept with the validated
/// scenario. Invariant: it is a function of the scenario file and catalog it was read from,
/// so two scenarios with equal files and catalogs have equal sections.
#[derive(Clone)]
pub struct Section(Arc<dyn Any + Send + Sync>);

impl Section {
    pub fn new<T: Any + Send + Sync>(value: T) -> Section {
        Section(Arc::new(value))
    }

    /// The section as the type its rule system stored, or `None` for another type.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.downcast_ref::<T>()
    }
}

impl fmt::Debug for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Section(..)")
    }
}

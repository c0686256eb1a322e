//! A side's forces written as a formula (a whole order of battle in one line of text), as the
//! scenario view's formula editor shows it: the formula read into a table of counts, with its
//! first error at its character, and the table written back as a formula. The syntax is the
//! rule system's own: a system whose sides are formulas names its reader and writer in
//! [`crate::engine::ruleset::ForcesEditor::Formula`].

use crate::tables::Catalog;

/// One line of the table: a unit code (or an extra) and its count in a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForceRow {
    pub group: Option<String>,
    pub count: u32,
    /// The unit code as the catalog spells it, or the extra's words ("Trenches").
    pub item: String,
    /// True for a unit type, false for an extra (trench, improved position, limber marker).
    pub unit: bool,
}

/// The formula of one side, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaView {
    pub formula: String,
    pub rows: Vec<ForceRow>,
    /// The first error: its 1-based character and words.
    pub error: Option<(usize, String)>,
    /// Units (not extras) in the formula.
    pub units: u32,
}

/// How a rule system's formula is read and written.
///
/// Invariant: `read(write(rows), catalog).rows` is `rows` without those of count 0.
#[derive(Clone, Copy, Debug)]
pub struct FormulaSyntax {
    /// One side's formula read against the catalog.
    pub read: fn(&str, &Catalog) -> FormulaView,
    /// The formula a table writes, rows in order.
    pub write: fn(&[ForceRow]) -> String,
}

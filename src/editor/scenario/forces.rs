//! A side's forces as the scenario view shows them: Rifle & Saber's order-of-battle formula
//! parsed live (R&S 11.0: `27 MZ; 3 CY; 2 MAh`, groups `(a) … (b) …`, extras such as
//! `3 Trenches`) with an error at its character, and the same force as a table whose values
//! come from the unit catalog, each marked as the catalog sources it ("rules text" or
//! "reconstructed"). Other systems' forces are not formulas: [`side_forces`] says so.

use crate::engine::rifle_and_saber::oob::{Item, Oob};
use crate::engine::ruleset::ForcesEditor;
use crate::scenario::ScenarioFile;
use crate::tables::{Catalog, Source, Sourced, UnitType};

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

/// The formula of one side, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaView {
    pub formula: String,
    pub rows: Vec<ForceRow>,
    /// The first parse error: its 1-based character and words.
    pub error: Option<(usize, String)>,
    /// Units (not extras) in the formula.
    pub units: u32,
}

/// One value of a unit type, with where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogValue {
    pub name: &'static str,
    pub value: String,
    /// "rules text" or "reconstructed".
    pub source: &'static str,
}

/// A unit type of the catalog, as the view lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogRow {
    pub code: String,
    pub name: String,
    pub arm: String,
    pub values: Vec<CatalogValue>,
}

fn sourced<T: std::fmt::Display>(name: &'static str, s: &Sourced<T>) -> CatalogValue {
    CatalogValue {
        name,
        value: s.value.to_string(),
        source: match s.source {
            Source::RulesText => "rules text",
            Source::Reconstructed => "reconstructed",
        },
    }
}

/// The catalog's unit types with their values and sources (R&S 2.31).
pub fn catalog_rows(catalog: &Catalog) -> Vec<CatalogRow> {
    catalog
        .units
        .iter()
        .map(|u: &UnitType| {
            let mut values = vec![sourced("fire attack", &u.fire_attack)];
            if let Some(s) = &u.shot_attack {
                values.push(sourced("shot attack", s));
            }
            values.push(sourced("fire defense", &u.fire_defense));
            values.push(sourced("range", &u.range));
            if let Some(s) = &u.shot_range {
                values.push(sourced("shot range", s));
            }
            values.push(sourced("movement", &u.movement));
            values.push(sourced("shock", &u.shock));
            values.push(sourced("stacking", &u.stacking));
            if let Some(s) = &u.charge_movement {
                values.push(sourced("charge movement", s));
            }
            CatalogRow {
                code: u.code.clone(),
                name: u.name.clone(),
                arm: format!("{:?}", u.arm),
                values,
            }
        })
        .collect()
}

/// Parse one formula against the catalog.
pub fn formula_view(formula: &str, catalog: &Catalog) -> FormulaView {
    match Oob::parse(formula, catalog) {
        Ok(oob) => FormulaView {
            formula: formula.to_string(),
            units: oob.unit_count(),
            rows: oob
                .groups
                .iter()
                .flat_map(|g| {
                    g.entries.iter().map(|e| ForceRow {
                        group: g.label.clone(),
                        count: e.count,
                        item: match &e.item {
                            Item::Unit(code) => code.clone(),
                            Item::Extra(x) => x.plural().to_string(),
                        },
                        unit: matches!(e.item, Item::Unit(_)),
                    })
                })
                .collect(),
            error: None,
        },
        Err(e) => FormulaView {
            formula: formula.to_string(),
            rows: Vec::new(),
            error: Some((e.column, e.message)),
            units: 0,
        },
    }
}

/// The formula a table writes: rows in order, groups as they come (`(a) 12 MZ; 1 MA (b) 9 MZ`);
/// rows with a count of 0 are left out. Parsing it gives the table back.
pub fn formula_of(rows: &[ForceRow]) -> String {
    let mut out = String::new();
    let mut group: Option<&Option<String>> = None;
    for r in rows.iter().filter(|r| r.count > 0) {
        if group != Some(&r.group) {
            if !out.is_empty() {
                out.push(' ');
            }
            if let Some(label) = &r.group {
                out.push_str(&format!("({label}) "));
            }
            group = Some(&r.group);
        } else {
            out.push_str("; ");
        }
        out.push_str(&format!("{} {}", r.count, r.item));
    }
    out
}

/// Each side's formula, parsed; `Err` with the reason for a system whose forces are not
/// a formula.
pub fn side_forces(file: &ScenarioFile, catalog: &Catalog) -> Result<Vec<FormulaView>, String> {
    let editor = file
        .ruleset
        .rules()
        .map(|r| r.forces_editor())
        .unwrap_or(ForcesEditor::None);
    if editor != ForcesEditor::Formula {
        return Err(format!(
            "{}'s forces are not an order-of-battle formula{}",
            file.ruleset.name(),
            if editor == ForcesEditor::Roster {
                ": they are named units, leaders and formations, edited in the roster"
            } else {
                "; its scenario section is edited in the scenario file"
            }
        ));
    }
    Ok(file
        .sides
        .iter()
        .map(|s| {
            let formula = s.forces.get("oob").and_then(|v| v.as_str()).unwrap_or("");
            formula_view(formula, catalog)
        })
        .collect())
}

//! A side's forces as the scenario view shows them, for a rule system whose sides are an
//! order-of-battle formula ([`ForcesEditor::Formula`]: the system reads and writes its own
//! syntax): the formula parsed live with an error at its character, and the same force as a
//! table whose values come from the unit catalog, each marked as the catalog sources it ("rules
//! text" or "reconstructed"). Other systems' forces are not formulas: [`formula_syntax`] says so.

use crate::engine::RulesetId;
pub use crate::engine::formula::{ForceRow, FormulaSyntax, FormulaView};
use crate::engine::ruleset::ForcesEditor;
use crate::scenario::ScenarioFile;
use crate::tables::{Catalog, Source, Sourced, UnitType};

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

/// How the scenario's rule system writes a side's forces as a formula; `Err` with the reason
/// for a system whose forces are not a formula.
pub fn formula_syntax(ruleset: RulesetId) -> Result<FormulaSyntax, String> {
    match ruleset.rules().map(|r| r.forces_editor()) {
        Ok(ForcesEditor::Formula(syntax)) => Ok(syntax),
        editor => Err(format!(
            "{}'s forces are not an order-of-battle formula{}",
            ruleset.name(),
            if matches!(editor, Ok(ForcesEditor::Roster)) {
                ": they are named units, leaders and formations, edited in the roster"
            } else {
                ": each side's section is edited as a form, from its schema"
            }
        )),
    }
}

/// Each side's formula, parsed; `Err` with the reason for a system whose forces are not
/// a formula.
pub fn side_forces(file: &ScenarioFile, catalog: &Catalog) -> Result<Vec<FormulaView>, String> {
    let syntax = formula_syntax(file.ruleset)?;
    Ok(file
        .sides
        .iter()
        .map(|s| {
            let formula = s.forces.get("oob").and_then(|v| v.as_str()).unwrap_or("");
            (syntax.read)(formula, catalog)
        })
        .collect())
}

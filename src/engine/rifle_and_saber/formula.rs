//! Rifle & Saber's order-of-battle formula as the scenario view's formula editor reads and
//! writes it (R&S 11.0: `27 MZ; 3 CY; 2 MAh`, groups `(a) … (b) …`, extras such as
//! `3 Trenches`): parsed live with an error at its character, and a table written back.

use super::oob::{Item, Oob};
use crate::engine::formula::{ForceRow, FormulaSyntax, FormulaView};
use crate::tables::Catalog;

/// The formula editor's syntax ([`crate::engine::ruleset::ForcesEditor::Formula`]).
pub const SYNTAX: FormulaSyntax = FormulaSyntax {
    read: formula_view,
    write: formula_of,
};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Ruleset;

    #[test]
    fn the_formula_is_parsed_live_with_its_error_at_its_character_and_the_table_writes_it_back() {
        let c = super::super::ruleset::RifleAndSaber.catalog();
        let v = formula_view("(a) 12 MZ; 1 MA; 3 Trenches (b) 9 MZ", c);
        assert_eq!(v.error, None);
        assert_eq!(v.units, 22);
        assert_eq!(v.rows.len(), 4);
        assert_eq!(v.rows[2].item, "Trenches");
        assert!(!v.rows[2].unit);
        assert_eq!(formula_of(&v.rows), "(a) 12 MZ; 1 MA; 3 Trenches (b) 9 MZ");
        let bad = formula_view("12 MZ; 2 QQ", c);
        let (column, message) = bad.error.unwrap();
        assert_eq!(column, 10, "{message}");
    }
}

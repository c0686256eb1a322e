//! Reading `kepi factor`'s input: sides with their groups, the scale and the hours.

use super::{FactorError, SideStrength, StrengthGroup};
use crate::frac::Frac;
use crate::tables::Catalog;

/// Parse a side from the command line: `Union=1200 MZ, 12 MA` (`;` also separates entries,
/// spaces are free, `1200MZ` is accepted), or in groups as the scenarios write orders of
/// battle, `Union=(a) 4000 MZ, 8 MA (b) 3000 MZ`. Codes are matched with [`Catalog::unit`]
/// and kept as the catalog spells them; labels are kept in lower case, as
/// [`Oob::parse`](crate::engine::rifle_and_saber::oob::Oob::parse) keeps them.
/// Invariants of the result: as for an order of battle, either one unlabelled group or
/// labelled groups with distinct labels; no group empty; no code twice in a group.
pub fn parse_side(spec: &str, catalog: &Catalog) -> Result<SideStrength, FactorError> {
    let bad = |reason: String| FactorError::BadSideSpec {
        spec: spec.to_string(),
        reason,
    };
    let (name, list) = spec
        .split_once('=')
        .ok_or_else(|| bad("no '=' between the side's name and its forces".to_string()))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(bad("no side name before '='".to_string()));
    }
    let list = list.trim();
    let mut groups: Vec<StrengthGroup> = Vec::new();
    if !list.starts_with('(') {
        if list.contains('(') {
            return Err(bad(
                "a labelled group follows unlabelled forces: label every group, as in \
                 (a) 4000 MZ (b) 3000 MZ"
                    .to_string(),
            ));
        }
        groups.push(StrengthGroup {
            label: None,
            entries: parse_entries(list, name, catalog, &bad)?,
        });
    } else {
        // "(a) 4000 MZ, 8 MA (b) 3000 MZ" split at '(' is ["", "a) 4000 MZ, 8 MA ", ...].
        for part in list.split('(').skip(1) {
            let (label, forces) = part
                .split_once(')')
                .ok_or_else(|| bad(format!("'({part}' has no ')' after its label")))?;
            let label = label.trim();
            if label.is_empty() || !label.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(bad(format!(
                    "'({label})' is not a group label: write (a), (b), ..."
                )));
            }
            let label = label.to_ascii_lowercase();
            if groups.iter().any(|g| g.label.as_deref() == Some(&label)) {
                return Err(bad(format!("group ({label}) appears twice")));
            }
            let entries = parse_entries(forces, name, catalog, &bad).map_err(|e| match e {
                FactorError::BadSideSpec { reason, .. } if reason.starts_with("no forces") => {
                    bad(format!("group ({label}) lists no forces"))
                }
                e => e,
            })?;
            groups.push(StrengthGroup {
                label: Some(label),
                entries,
            });
        }
    }
    Ok(SideStrength {
        name: name.to_string(),
        groups,
    })
}

/// `1200 MZ, 12 MA`: amounts and codes, at least one, no code twice.
fn parse_entries(
    list: &str,
    side: &str,
    catalog: &Catalog,
    bad: &dyn Fn(String) -> FactorError,
) -> Result<Vec<(u32, String)>, FactorError> {
    let mut entries: Vec<(u32, String)> = Vec::new();
    for piece in list.split([',', ';']).map(str::trim) {
        if piece.is_empty() {
            continue;
        }
        let digits_end = piece
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(piece.len());
        let (digits, code) = piece.split_at(digits_end);
        let code = code.trim();
        if digits.is_empty() {
            return Err(bad(format!(
                "'{piece}' does not start with an amount of men or guns"
            )));
        }
        if code.is_empty() {
            return Err(bad(format!(
                "'{piece}' has no unit code (write thousands without a comma: 1200 MZ)"
            )));
        }
        let amount: u32 = digits
            .parse()
            .map_err(|_| bad(format!("'{digits}' is too large an amount")))?;
        let unit = catalog.unit(code).ok_or_else(|| FactorError::UnknownCode {
            side: side.to_string(),
            entry: piece.to_string(),
            code: code.to_string(),
            known: catalog.codes_list(),
        })?;
        if amount == 0 {
            return Err(FactorError::ZeroAmount {
                side: side.to_string(),
                code: unit.code.clone(),
            });
        }
        if entries.iter().any(|(_, c)| *c == unit.code) {
            return Err(FactorError::DuplicateCode {
                side: side.to_string(),
                code: unit.code.clone(),
            });
        }
        entries.push((amount, unit.code.clone()));
    }
    if entries.is_empty() {
        return Err(bad("no forces after '='".to_string()));
    }
    Ok(entries)
}

/// A number above 0 as a [`Frac`]: `1/3`, `2 1/2`, `4`, or a decimal, `0.33`, `4.5`, `.5`
/// (exactly: `0.33` is 33/100).
fn positive(text: &str) -> Option<Frac> {
    let t = text.trim();
    let f = match t.parse::<Frac>() {
        Ok(f) => f,
        Err(_) => {
            let (whole, part) = t.split_once('.')?;
            let digits = |d: &str| d.chars().all(|c| c.is_ascii_digit());
            // At most 9 decimals keeps 10^k and the numerator in i64.
            if part.is_empty() || part.len() > 9 || !digits(whole) || !digits(part) {
                return None;
            }
            let den = 10i64.pow(u32::try_from(part.len()).ok()?);
            let whole: i64 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            let num = whole.checked_mul(den)?.checked_add(part.parse().ok()?)?;
            Frac::new(num, den)
        }
    };
    (f > Frac::ZERO).then_some(f)
}

/// Parse a scale such as `1/3`, `2/3`, `1` or `0.33`; it must be above 0.
pub fn parse_scale(text: &str) -> Result<Frac, FactorError> {
    positive(text).ok_or_else(|| FactorError::BadScale(text.to_string()))
}

/// Parse a battle duration in hours such as `4`, `2 1/2` or `4.5`; it must be above 0.
pub fn parse_hours(text: &str) -> Result<Frac, FactorError> {
    positive(text).ok_or_else(|| FactorError::BadHours(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rifle_and_saber::tables::Tables;

    fn catalog() -> &'static Catalog {
        &Tables::embedded().catalog
    }

    #[test]
    fn decimals_are_exact_fractions() {
        assert_eq!(parse_hours("4.5").unwrap(), Frac::new(9, 2));
        assert_eq!(parse_scale("0.33").unwrap(), Frac::new(33, 100));
        assert_eq!(parse_scale(".5").unwrap(), Frac::new(1, 2));
        assert_eq!(parse_scale("1/3").unwrap(), Frac::new(1, 3));
        assert_eq!(parse_hours("2 1/2").unwrap(), Frac::new(5, 2));
        for bad in ["0.0", "-0.5", "4.", "4.5.1", "1.2345678901", "x.5", "0"] {
            assert!(parse_scale(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn groups_are_read_as_the_formula_writes_them() {
        let s = parse_side("Union=(a) 4000 MZ, 8 MA (B) 3000 mz", catalog()).unwrap();
        assert_eq!(s.name, "Union");
        assert_eq!(s.groups.len(), 2);
        assert_eq!(s.groups[0].label.as_deref(), Some("a"));
        assert_eq!(
            s.groups[0].entries,
            vec![(4000, "MZ".to_string()), (8, "MA".to_string())]
        );
        assert_eq!(s.groups[1].label.as_deref(), Some("b"));
        assert_eq!(s.groups[1].entries, vec![(3000, "MZ".to_string())]);
        // The same code in two groups is two entries; twice in one group is refused.
        for spec in [
            "U=(a) 10 MZ (a) 20 MZ",
            "U=(a) (b) 20 MZ",
            "U=10 MZ (b) 20 MZ",
            "U=(a 10 MZ",
            "U=(a-1) 10 MZ",
            "U=(a) 10 MZ, 5 mz",
        ] {
            assert!(parse_side(spec, catalog()).is_err(), "{spec}");
        }
    }
}

//! The scenario view's 11.18 panel (R&S 11.18), as the system answers it through
//! [`crate::engine::Ruleset::run_panel`]: the historical strengths of each side in, the orders of
//! battle and how well the proportions hold out, in the words the panel shows. The UI's
//! `ui/src/rulesets/rifle-and-saber/factor.ts` mirrors these two types.
//!
//! Invariant: every input is bounded before it is read (eight sides at most, names of 200 bytes,
//! strengths of 4,096), and every refusal is a sentence naming the field.

use super::{FactorOptions, factor, parse_hours, parse_scale, parse_side};
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};

/// The panel's key, as [`crate::engine::ruleset::ScenarioPanel::key`] names it.
pub const KEY: &str = "factor";

/// The creation method's input (R&S 11.18): per side its name and strengths as `kepi factor`
/// reads them (`1200 MZ, 12 MA`, groups `(a) 4000 MZ (b) 2000 CY`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactorInput {
    pub sides: Vec<(String, String)>,
    pub men_per_unit: u32,
    pub guns_per_unit: u32,
    /// "1", "1/3", "2/3", "0.5".
    pub scale: String,
    /// The battle's duration in hours ("4", "2.5"); empty for none.
    pub hours: String,
}

/// One `(amount, code)` of the input with its result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactorEntry {
    pub side: String,
    pub group: Option<String>,
    pub code: String,
    pub amount: u32,
    /// "men" or "guns".
    pub counted_in: String,
    pub exact: String,
    pub exact_value: f64,
    pub rounded: u32,
}

/// The creation method's result: the orders of battle and how well the proportions hold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactorOutput {
    /// Each side's order of battle, in input order.
    pub oobs: Vec<String>,
    pub entries: Vec<FactorEntry>,
    /// "MZ of Union: 3.2 %".
    pub worst_ratio_error: String,
    pub worst_ratio_value: f64,
    /// "Union : Confederate = 2.00 (exact 2.04)".
    pub side_ratio: Option<String>,
    pub game_length: Option<u32>,
    pub game_length_note: Option<String>,
    pub warnings: Vec<String>,
}

/// The panel's answer to `input` (JSON of a [`FactorInput`]) on the scenario's catalog.
pub fn answer(catalog: &Catalog, input: &serde_json::Value) -> Result<serde_json::Value, String> {
    let input: FactorInput = serde_json::from_value(input.clone())
        .map_err(|e| format!("the 11.18 panel's input: {e}"))?;
    let output = run(catalog, &input)?;
    serde_json::to_value(output).map_err(|e| e.to_string())
}

/// The creation method (R&S 11.18), as `kepi factor` computes it.
pub fn run(catalog: &Catalog, input: &FactorInput) -> Result<FactorOutput, String> {
    if input.sides.is_empty() || input.sides.len() > 8 {
        return Err("sides: one to eight".into());
    }
    let mut sides = Vec::new();
    for (name, spec) in &input.sides {
        if name.len() > 200 || spec.len() > 4096 {
            return Err("a side's name or strengths are too long".into());
        }
        // `kepi factor`'s NAME=AMOUNT CODE form, with the name given apart.
        let side = parse_side(&format!("{}={spec}", name.replace('=', " ")), catalog)
            .map_err(|e| e.to_string())?;
        sides.push(side);
    }
    let options = FactorOptions {
        men_per_unit: input.men_per_unit,
        guns_per_unit: input.guns_per_unit,
        scale: parse_scale(input.scale.trim()).map_err(|e| e.to_string())?,
        hours: match input.hours.trim() {
            "" => None,
            h => Some(parse_hours(h).map_err(|e| e.to_string())?),
        },
    };
    let r = factor(&sides, &options, catalog).map_err(|e| e.to_string())?;
    let w = &r.worst_ratio_error;
    Ok(FactorOutput {
        oobs: r.sides.iter().map(|s| s.oob.clone()).collect(),
        entries: r
            .entries
            .iter()
            .map(|e| FactorEntry {
                side: e.side.clone(),
                group: e.group.clone(),
                code: e.code.clone(),
                amount: e.amount,
                counted_in: e.counted_in.to_string(),
                exact: e.exact.to_string(),
                exact_value: e.exact_f64,
                rounded: e.rounded,
            })
            .collect(),
        worst_ratio_error: format!(
            "{} of {}{}: {:.1} %",
            w.code,
            w.side,
            w.group
                .as_ref()
                .map(|g| format!(" ({g})"))
                .unwrap_or_default(),
            w.error * 100.0
        ),
        worst_ratio_value: w.error,
        side_ratio: r.side_ratio.as_ref().map(|s| match s.rounded_f64 {
            Some(rounded) => format!(
                "{} : {} = {rounded:.2} (exact {:.2})",
                s.first, s.second, s.exact_f64
            ),
            None => format!(
                "{} : {} (exact {:.2}); the second side has no units left",
                s.first, s.second, s.exact_f64
            ),
        }),
        game_length: r.game_length.as_ref().map(|g| g.game_turns),
        game_length_note: r.game_length.as_ref().map(|g| {
            let mut t = format!(
                "{} hours at {} minutes a game-turn. {}",
                g.hours, g.minutes_per_turn, g.basis
            );
            if g.beyond_turn_record_chart {
                t.push_str(" Longer than the Turn Record Chart's 20 game-turns (R&S 15.0).");
            }
            t
        }),
        warnings: r.warnings.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn catalog() -> &'static Catalog {
        &crate::engine::rifle_and_saber::tables::Tables::embedded().catalog
    }

    #[test]
    fn the_panel_gives_the_rules_example() {
        // R&S 11.18: "1,200 infantry ... and 12 muzzle-loading cannon" are `12 MZ; 2 MA`.
        let input = json!({"sides": [["X", "1200 MZ, 12 MA"]], "men_per_unit": 100,
            "guns_per_unit": 6, "scale": "1", "hours": ""});
        let out: FactorOutput = serde_json::from_value(answer(catalog(), &input).unwrap()).unwrap();
        assert_eq!(out.oobs, ["12 MZ; 2 MA"]);
        assert_eq!(out.game_length, None);
    }

    #[test]
    fn the_panel_refuses_with_the_field_named() {
        let e = run(
            catalog(),
            &FactorInput {
                sides: vec![("X".into(), "1200 QQ".into())],
                men_per_unit: 100,
                guns_per_unit: 6,
                scale: "1".into(),
                hours: "".into(),
            },
        )
        .unwrap_err();
        assert!(e.contains("QQ"), "{e}");
        let e = answer(catalog(), &json!({"sides": [], "men": 1})).unwrap_err();
        assert!(e.contains("11.18 panel's input"), "{e}");
        let e = answer(
            catalog(),
            &json!({"sides": [], "men_per_unit": 100, "guns_per_unit": 6, "scale": "1", "hours": ""}),
        )
        .unwrap_err();
        assert_eq!(e, "sides: one to eight");
    }
}

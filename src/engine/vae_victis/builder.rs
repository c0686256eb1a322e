//! The points army builder (VV 2 Troops) as the scenario view's panel, answered through
//! [`crate::engine::Ruleset::run_panel`], and the army's limits it shares with the scenario's
//! validation (`section.rs`): one place says what an army of a variant may hold.
//!
//! VV 2: "An army may have up to four corps, each consisting of elements totalling up to 36
//! points. For the cost of individual units, see table, Generals are free. If an army consists
//! of more than one corps then a Commander-in-Chief is also required." The costs are the
//! sheets' `cost` (their "Unit Cost" columns), the maximums the sheets' `max_per_army`.
//!
//! The panel's UI (`ui/src/rulesets/vae-victis/builder.ts`) mirrors [`BuilderInput`] and
//! [`BuilderOutput`]. Invariant: the input is bounded before it is read (at most 16 corps, 200
//! elements a corps, names of 64 bytes), every limit is a sentence that begins with its rule.

use super::tables::{self, ElementType, TroopClass, Variant};
use serde::{Deserialize, Serialize};

/// The panel's key, as [`crate::engine::ruleset::ScenarioPanel::key`] names it.
pub const KEY: &str = "army-builder";

const MAX_CORPS_INPUT: usize = 16;
const MAX_ELEMENTS_INPUT: usize = 200;
const MAX_NAME: usize = 64;

/// One side's army as the builder holds it: its variant, nation, whether it has a
/// commander-in-chief, and each corps' elements by type key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuilderInput {
    pub variant: String,
    #[serde(default)]
    pub nation: String,
    #[serde(default)]
    pub commander_in_chief: bool,
    pub corps: Vec<CorpsInput>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpsInput {
    pub id: String,
    /// Its elements' types, one key per element ("line", "cuirassiers").
    pub elements: Vec<String>,
}

/// A variant to pick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantRow {
    pub key: String,
    pub name: String,
    /// Its sheet's abbreviation (LGA, LG, RY, KR), as the rules cite it.
    pub sheet: String,
}

/// A type the side may field, with its cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeRow {
    pub key: String,
    pub name: String,
    /// "infantry", "skirmishers", "cavalry" or "artillery".
    pub class: String,
    pub cost: u32,
    /// The sheet's "N element maximum" an army, if any.
    pub max_per_army: Option<u32>,
    /// How many the army has now.
    pub count: u32,
}

/// A corps' total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsTotal {
    pub id: String,
    pub points: u32,
    pub elements: u32,
}

/// A limit the army breaks: its field (relative to the side: `corps[0].elements`), its rule
/// (`VV 2 Troops`) and the sentence, which begins with the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limit {
    pub field: String,
    pub rule: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuilderOutput {
    pub variants: Vec<VariantRow>,
    /// The nations the variant's sheet names (KR's tables, LG's types); empty: any name (LGA
    /// reads `british` and `russian`, RY none).
    pub nations: Vec<String>,
    /// Names the sheet's factors read, offered when `nations` is empty.
    pub suggested_nations: Vec<String>,
    /// The types this side's nation may field, in the sheet's order.
    pub types: Vec<TypeRow>,
    pub corps: Vec<CorpsTotal>,
    /// VV 2: 36 points a corps.
    pub corps_points: u32,
    /// VV 2: four corps an army.
    pub max_corps: usize,
    pub army_points: u32,
    pub army_elements: u32,
    /// The limits the army breaks (the builder refuses a step that adds one).
    pub limits: Vec<Limit>,
    /// What the army still lacks to be played (a corps with no element, the commander-in-chief
    /// of an army of several corps): not refused while building.
    pub missing: Vec<Limit>,
}

fn class_key(c: TroopClass) -> &'static str {
    match c {
        TroopClass::Infantry => "infantry",
        TroopClass::Skirmishers => "skirmishers",
        TroopClass::Cavalry => "cavalry",
        TroopClass::Artillery => "artillery",
        TroopClass::General => "general",
    }
}

/// The nations a variant's sheet names: KR's tables by nation, else the nations its types
/// belong to (LG), else none (any name).
pub fn nations(v: &Variant) -> Vec<String> {
    if !v.sheet.nations.is_empty() {
        return v.sheet.nations.clone();
    }
    let mut n: Vec<String> = Vec::new();
    for t in &v.sheet.types {
        if let Some(x) = &t.nation
            && !n.contains(x)
        {
            n.push(x.clone());
        }
    }
    n
}

/// A type built by another's change of formation, not bought (LGA's skirmisher pairs: "The
/// light infantry element is replaced by two skirmisher elements", VV 5.6).
fn made_in_play(v: &Variant, t: &ElementType) -> bool {
    v.sheet
        .types
        .iter()
        .any(|o| o.skirmish_as.as_deref() == Some(t.key.as_str()))
}

/// Whether a side of `nation` may field `t` (its sheet's table by nation, VV LG and KR Unit
/// Factors).
fn fields(t: &ElementType, nation: &str) -> bool {
    t.nation.as_deref().is_none_or(|n| n == nation)
}

/// VV 2 Troops and the sheet's Unit Factors: every limit `corps` (each a corps' id and its
/// elements' type keys) breaks, with fields relative to the side (`corps[0].elements[2].type`).
/// The scenario's validation reads the same.
pub fn limits(v: &Variant, nation: &str, corps: &[(&str, Vec<&str>)]) -> Vec<Limit> {
    let core = tables::core();
    let sheet = &v.sheet;
    let mut out = Vec::new();
    let mut push =
        |field: String, rule: String, text: String| out.push(Limit { field, rule, text });
    // VV KR: the sheet's tables are by nation ("French Infantry 600", "German Infantry 400").
    if !sheet.nations.is_empty() && !sheet.nations.iter().any(|n| n == nation) {
        let rule = format!("VV {} Fire Ranges", sheet.sheet);
        push(
            "nation".into(),
            rule.clone(),
            format!(
                "{rule}: the sheet's nations are {}; this side's nation is '{nation}'",
                sheet.nations.join(", ")
            ),
        );
    }
    if corps.len() > core.max_corps {
        push(
            "corps".into(),
            "VV 2 Troops".into(),
            format!(
                "VV 2 Troops: an army may have up to {} corps; this one has {}",
                core.max_corps,
                corps.len()
            ),
        );
    }
    let mut per_type: std::collections::BTreeMap<&str, u32> = Default::default();
    for (j, (id, elements)) in corps.iter().enumerate() {
        let mut points = 0;
        for (k, key) in elements.iter().enumerate() {
            let ef = format!("corps[{j}].elements[{k}].type");
            let Some(t) = v.element_type(key) else {
                push(
                    ef,
                    "VV 2 Troops".into(),
                    format!(
                        "no type '{key}' in the {} sheet; its types are {}",
                        sheet.name,
                        v.type_keys()
                    ),
                );
                continue;
            };
            points += t.cost;
            *per_type.entry(t.key.as_str()).or_default() += 1;
            let rule = format!("VV {} Unit Factors", sheet.sheet);
            if !fields(t, nation) {
                push(
                    ef,
                    rule.clone(),
                    format!(
                        "{rule}: {} is in the {} table; this side's nation is '{nation}'",
                        t.name,
                        t.nation.as_deref().unwrap_or_default()
                    ),
                );
            } else if t.class == TroopClass::General {
                push(
                    ef,
                    "VV 2 Troops".into(),
                    "VV 2 Troops: a general is the corps' `general`".into(),
                );
            }
        }
        if points > core.corps_points {
            push(
                format!("corps[{j}].elements"),
                "VV 2 Troops".into(),
                format!(
                    "VV 2 Troops: a corps' elements total up to {} points; corps {id} has {points}",
                    core.corps_points
                ),
            );
        }
    }
    for (k, n) in &per_type {
        if let Some(t) = v.element_type(k)
            && let Some(m) = t.max_per_army
            && *n > m
        {
            let rule = format!("VV {} Unit Factors", sheet.sheet);
            push(
                "corps".into(),
                rule.clone(),
                format!(
                    "{rule}: {} \"{m} element maximum\" an army; this side has {n}",
                    t.name
                ),
            );
        }
    }
    out
}

fn bounded(input: &BuilderInput) -> Result<(), String> {
    if input.corps.len() > MAX_CORPS_INPUT {
        return Err(format!("corps: at most {MAX_CORPS_INPUT} in the builder"));
    }
    for (j, c) in input.corps.iter().enumerate() {
        if c.id.len() > MAX_NAME {
            return Err(format!("corps[{j}].id: at most {MAX_NAME} bytes"));
        }
        if c.elements.len() > MAX_ELEMENTS_INPUT {
            return Err(format!(
                "corps[{j}].elements: at most {MAX_ELEMENTS_INPUT} a corps"
            ));
        }
        if let Some(k) = c.elements.iter().position(|e| e.len() > MAX_NAME) {
            return Err(format!(
                "corps[{j}].elements[{k}]: at most {MAX_NAME} bytes"
            ));
        }
    }
    if input.nation.len() > MAX_NAME {
        return Err(format!("nation: at most {MAX_NAME} bytes"));
    }
    Ok(())
}

/// The builder's answer: the variant's types for the side's nation with their costs, each
/// corps' points, the army's, and the limits it breaks.
pub fn answer(input: &serde_json::Value) -> Result<serde_json::Value, String> {
    let input: BuilderInput = serde_json::from_value(input.clone())
        .map_err(|e| format!("the army builder's input: {e}"))?;
    bounded(&input)?;
    let variants: Vec<VariantRow> = tables::VARIANTS
        .iter()
        .map(|(key, name, sheet)| VariantRow {
            key: key.to_string(),
            name: name.to_string(),
            sheet: sheet.to_string(),
        })
        .collect();
    let core = tables::core();
    // No variant yet (a new scenario's side) or an unknown one: the variants to pick from,
    // and the variant as the one limit.
    let Some(v) = tables::variant(&input.variant) else {
        let out = BuilderOutput {
            variants,
            nations: Vec::new(),
            suggested_nations: Vec::new(),
            types: Vec::new(),
            corps: Vec::new(),
            corps_points: core.corps_points,
            max_corps: core.max_corps,
            army_points: 0,
            army_elements: 0,
            limits: vec![Limit {
                field: "variant".into(),
                rule: "VV".into(),
                text: format!(
                    "VV: pick a variant; '{}' is none of {}",
                    input.variant,
                    tables::VARIANTS
                        .iter()
                        .map(|v| v.0)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }],
            missing: Vec::new(),
        };
        return serde_json::to_value(out).map_err(|e| e.to_string());
    };
    let corps: Vec<(&str, Vec<&str>)> = input
        .corps
        .iter()
        .map(|c| {
            (
                c.id.as_str(),
                c.elements.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    let limits = limits(v, &input.nation, &corps);
    let mut missing = Vec::new();
    for (j, c) in input.corps.iter().enumerate() {
        if c.elements.is_empty() {
            missing.push(Limit {
                field: format!("corps[{j}].elements"),
                rule: "VV 2 Troops".into(),
                text: format!("VV 2 Troops: corps {} has no element yet", c.id),
            });
        }
    }
    if input.corps.is_empty() {
        missing.push(Limit {
            field: "corps".into(),
            rule: "VV 2 Troops".into(),
            text: "VV 2 Troops: an army needs at least one corps".into(),
        });
    }
    if input.corps.len() > 1 && !input.commander_in_chief {
        missing.push(Limit {
            field: "commander_in_chief".into(),
            rule: "VV 2 Troops".into(),
            text: "VV 2 Troops: an army of more than one corps requires a Commander-in-Chief"
                .into(),
        });
    }
    let mut count: std::collections::BTreeMap<&str, u32> = Default::default();
    for c in &input.corps {
        for e in &c.elements {
            *count.entry(e.as_str()).or_default() += 1;
        }
    }
    let types = v
        .sheet
        .types
        .iter()
        .filter(|t| {
            t.class != TroopClass::General && !made_in_play(v, t) && fields(t, &input.nation)
        })
        .map(|t| TypeRow {
            key: t.key.clone(),
            name: t.name.clone(),
            class: class_key(t.class).into(),
            cost: t.cost,
            max_per_army: t.max_per_army,
            count: count.get(t.key.as_str()).copied().unwrap_or(0),
        })
        .collect();
    let totals: Vec<CorpsTotal> = input
        .corps
        .iter()
        .map(|c| CorpsTotal {
            id: c.id.clone(),
            points: c
                .elements
                .iter()
                .filter_map(|e| v.element_type(e))
                .map(|t| t.cost)
                .sum(),
            elements: c.elements.len() as u32,
        })
        .collect();
    let out = BuilderOutput {
        variants,
        nations: nations(v),
        suggested_nations: suggested(v),
        types,
        army_points: totals.iter().map(|c| c.points).sum(),
        army_elements: totals.iter().map(|c| c.elements).sum(),
        corps: totals,
        corps_points: core.corps_points,
        max_corps: core.max_corps,
        limits,
        missing,
    };
    serde_json::to_value(out).map_err(|e| e.to_string())
}

/// The nation names a sheet's factors read where it has no tables by nation: LGA's British
/// volley and Russian guns (`lga.rs`); none for RY.
fn suggested(v: &Variant) -> Vec<String> {
    match v.sheet.variant.as_str() {
        "la-grande-armee" => vec!["french".into(), "british".into(), "russian".into()],
        _ => Vec::new(),
    }
}

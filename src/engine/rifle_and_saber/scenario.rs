//! Rifle & Saber's section of a scenario file: each side's order of battle in the R&S formula
//! (`"oob": "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2 MA"`) and its morale level (R&S 10.1,
//! `"morale": "high"`), with the checks that need them.

use super::oob::{Extra, Item, Oob};
use crate::problems::Problems;
use crate::scenario::rules::{ExitCount, MarkerKind, SpecialRule, VictoryRule};
use crate::scenario::{Forces, GroupForces, Scenario, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// R&S 7.0: no more than six stacking points in a hex.
pub const STACKING: Stacking = Stacking {
    per_hex: super::movement::STACKING_LIMIT,
    measure: "stacking points",
    case: "R&S 7.0",
};

/// R&S 10.1 morale levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Morale {
    High,
    /// R&S 11.0: "If not specifically mentioned, units have normal morale."
    #[default]
    Normal,
    Demoralized,
}

/// One side's forces as the scenario gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSection {
    pub morale: Morale,
    /// Groups that start at another level than the side (`"group_morale": {"b": "high"}`).
    pub group_morale: BTreeMap<String, Morale>,
    pub oob: Oob,
}

/// The section of a validated Rifle & Saber scenario: its sides, in the file's order.
#[derive(Clone, Debug, PartialEq)]
pub struct RsSection {
    pub sides: [SideSection; 2],
}

/// The section of a validated scenario. Invariant: every Rifle & Saber scenario is validated
/// through [`forces`], which stores an [`RsSection`]; another system's scenario is refused by
/// name before this is asked (`Ruleset::start` checks the ruleset).
pub fn section(scenario: &Scenario) -> &RsSection {
    scenario
        .section
        .get::<RsSection>()
        .expect("a validated Rifle & Saber scenario carries its section")
}

/// The schema of one side: its id, name and colour, `oob` required, `morale` and
/// `group_morale` optional, no other field (what [`read_side`] refuses; tests/schemas.rs
/// checks that the two agree).
pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> Value {
    let morale = generator.subschema_for::<Morale>().to_value();
    let mut side_morale = morale.clone();
    if let Some(m) = side_morale.as_object_mut() {
        m.insert(
            "description".into(),
            "Rifle & Saber: the side's morale level (R&S 10.1); normal when absent.".into(),
        );
        m.insert("default".into(), serde_json::json!(Morale::default()));
    }
    crate::schema::side_entry(
        "One side of a Rifle & Saber scenario: its id, name and colour, its order of battle \
         (R&S 11.0) and morale (R&S 10.1). Any other field is refused.",
        serde_json::json!({
            "oob": {
                "description": "Rifle & Saber: the side's order of battle in the R&S formula \
                                (\"12 MZ; 1 MA\"; groups \"(a) 4 MZ; 1 Trench (b) 2 EB\"; extras \
                                N Trenches, N Improved Positions, N Limber Markers).",
                "type": "string",
            },
            "morale": side_morale,
            "group_morale": {
                "description": "Rifle & Saber: groups that start at another morale level than \
                                the side, by group label ({\"b\": \"high\"}).",
                "type": "object",
                "additionalProperties": morale,
            },
        }),
        &["oob"],
    )
}

/// The fields of a side's section, as written.
const FIELDS: &str = "`oob` (the order of battle, R&S 11.0), `morale` (R&S 10.1) and \
                      `group_morale` (a group's own level)";

fn read_side(
    field: &str,
    section: &serde_json::Map<String, Value>,
    catalog: &Catalog,
    p: &mut Problems,
) -> Option<SideSection> {
    let mut ok = true;
    for key in section.keys() {
        if !["oob", "morale", "group_morale"].contains(&key.as_str()) {
            p.push(
                format!("{field}.{key}"),
                format!("unknown field; a Rifle & Saber side has id, name, color, {FIELDS}"),
            );
            ok = false;
        }
    }
    let morale = match section.get("morale") {
        None => Morale::default(),
        Some(v) => match Morale::deserialize(v) {
            Ok(m) => m,
            Err(_) => {
                p.push(
                    format!("{field}.morale"),
                    format!("{v} is not a morale level: high, normal or demoralized (R&S 10.1)"),
                );
                ok = false;
                Morale::default()
            }
        },
    };
    let mut group_morale = BTreeMap::new();
    match section.get("group_morale") {
        None => {}
        Some(Value::Object(groups)) => {
            for (label, v) in groups {
                match Morale::deserialize(v) {
                    Ok(m) => {
                        group_morale.insert(label.clone(), m);
                    }
                    Err(_) => {
                        p.push(
                            format!("{field}.group_morale.{label}"),
                            format!(
                                "{v} is not a morale level: high, normal or demoralized (R&S 10.1)"
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        Some(other) => {
            p.push(
                format!("{field}.group_morale"),
                format!("{other} is not an object of group and level ({{\"b\": \"high\"}})"),
            );
            ok = false;
        }
    }
    let oob = match section.get("oob") {
        None => {
            p.push(
                format!("{field}.oob"),
                "missing: a side needs its order of battle (\"12 MZ; 1 MA\")",
            );
            None
        }
        Some(Value::String(text)) => match Oob::parse(text, catalog) {
            Ok(oob) => Some(oob),
            Err(e) => {
                p.push(format!("{field}.oob"), e.to_string());
                None
            }
        },
        Some(other) => {
            p.push(
                format!("{field}.oob"),
                format!("{other} is not text: the order of battle is a formula (\"12 MZ; 1 MA\")"),
            );
            None
        }
    };
    if let Some(oob) = &oob {
        for label in group_morale.keys() {
            if oob.group(Some(label)).is_none() {
                p.push(
                    format!("{field}.group_morale.{label}"),
                    format!("the order of battle has no group ({label})"),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    oob.map(|oob| SideSection {
        morale,
        group_morale,
        oob,
    })
}

fn side_forces(s: &SideSection, catalog: &Catalog) -> SideForces {
    let groups = s
        .oob
        .groups
        .iter()
        .map(|g| {
            let (mut units, mut stacking) = (0, 0);
            for e in &g.entries {
                // Trenches, improved positions and limber markers are markers, not units.
                if let Item::Unit(code) = &e.item
                    && let Some(u) = catalog.unit(code)
                {
                    units += e.count;
                    stacking += u.stacking.value * e.count;
                }
            }
            GroupForces {
                label: g.label.clone(),
                units,
                stacking,
            }
        })
        .collect();
    let kinds = s
        .oob
        .groups
        .iter()
        .flat_map(|g| &g.entries)
        .filter_map(|e| match &e.item {
            Item::Unit(code) if e.count > 0 => Some(code.clone()),
            _ => None,
        })
        .collect();
    SideForces {
        groups,
        summary: s.oob.to_string(),
        kinds,
    }
}

/// Read each side's section; check what depends on the markers a side has.
pub fn forces(file: &ScenarioFile, catalog: &Catalog) -> (Forces, Problems) {
    let mut p = Problems::new();
    let read: Vec<Option<SideSection>> = file
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| read_side(&format!("sides[{i}]"), &s.forces, catalog, &mut p))
        .collect();
    // A side by id: its name and its section, when both exist.
    let of_side = |id: &str| {
        let i = file.sides.iter().position(|s| s.id == id)?;
        Some((&file.sides[i].name, read[i].as_ref()?))
    };

    // Exits of every unit of a marker kind ("all four limbers"), parts of all/any included.
    fn exit_extras(field: String, rule: &VictoryRule, out: &mut Vec<(String, String, MarkerKind)>) {
        match rule {
            VictoryRule::Exit {
                side,
                units:
                    ExitCount::All {
                        extra: Some(extra), ..
                    }
                    | ExitCount::Units {
                        extra: Some(extra), ..
                    },
                ..
            } => out.push((format!("{field}.units.extra"), side.clone(), extra.clone())),
            VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
                for (j, part) in of.iter().enumerate() {
                    exit_extras(format!("{field}.of[{j}]"), part, out);
                }
            }
            _ => {}
        }
    }
    let mut extras = Vec::new();
    for (i, v) in file.victory.iter().enumerate() {
        if let Some(rule) = v.rule.shared() {
            exit_extras(format!("victory[{i}].rule"), rule, &mut extras);
        }
    }
    for (i, r) in file.special_rules.iter().enumerate() {
        match r.rule.shared() {
            Some(SpecialRule::SpecialUnit { side, extra, .. }) => extras.push((
                format!("special_rules[{i}].rule.extra"),
                side.clone(),
                extra.clone(),
            )),
            Some(SpecialRule::RiverCrossings {
                side,
                unit: Some(m),
                ..
            }) => extras.push((
                format!("special_rules[{i}].rule.unit"),
                side.clone().unwrap_or_default(),
                m.clone(),
            )),
            _ => {}
        }
    }
    for (field, side, marker) in extras {
        let Some(extra) = Extra::from_key(marker.as_str()) else {
            p.push(
                field,
                format!(
                    "unknown marker '{}'; an order of battle's markers are {} (R&S 10.2, 10.3, \
                     11.17)",
                    marker.as_str(),
                    Extra::ALL.map(Extra::key).join(", ")
                ),
            );
            continue;
        };
        if field.ends_with(".rule.unit") {
            continue;
        }
        if let Some((name, s)) = of_side(&side)
            && s.oob.extra(extra) == 0
        {
            if field.starts_with("special_rules") {
                p.push(
                    field,
                    format!("{name}'s order of battle has no {}", extra.plural()),
                );
            } else {
                p.push(field, format!("{name} has no {}", extra.plural()));
            }
        }
    }
    // R&S 11.17: limber markers are units only through a special rule giving their values.
    for (i, s) in read.iter().enumerate() {
        let id = &file.sides[i].id;
        if let Some(s) = s
            && s.oob.extra(Extra::LimberMarker) > 0
            && !file.special_rules.iter().any(|r| {
                matches!(r.rule.shared(), Some(SpecialRule::SpecialUnit { side, extra, .. })
                    if side == id && Extra::from_key(extra.as_str()) == Some(Extra::LimberMarker))
            })
        {
            p.push(
                format!("sides[{i}].oob"),
                "Limber Markers need a special_unit rule giving their movement and combat values",
            );
        }
    }

    let sides: Vec<Option<SideForces>> = read
        .iter()
        .map(|s| s.as_ref().map(|s| side_forces(s, catalog)))
        .collect();
    let section = match <[SideSection; 2]>::try_from(read.into_iter().flatten().collect::<Vec<_>>())
    {
        Ok(sides) => Section::new(RsSection { sides }),
        // Not two sides that read: the scenario is refused, the section never used.
        Err(_) => Section::new(()),
    };
    (
        Forces {
            sides,
            stacking: STACKING,
            section,
        },
        p,
    )
}

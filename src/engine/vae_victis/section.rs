//! The Vae Victis scenario section: each side's variant, nation, base edge, commander-in-chief
//! and corps, each corps its general and its elements (VV 2 Troops).
//!
//! ```json
//! "sides": [{"id": "france", "name": "France", "color": "blue",
//!   "variant": "la-grande-armee", "nation": "french", "base_edge": "south",
//!   "commander_in_chief": {"id": "ney", "hex": "0610"},
//!   "corps": [{"id": "II", "general": {"id": "reille", "hex": "0609"},
//!     "elements": [{"id": "II-1", "type": "line", "hex": "0608", "facing": "N"}]}]}]
//! ```

use super::builder;
use super::tables;
use crate::engine::facing::Facing;
pub use crate::engine::points_victory::Objective;
use crate::map::MapEdge;
use crate::problems::Problems;
use crate::scenario::{Forces, GroupForces, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A general element (VV 1: "Generals see below"; VV 4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneralEntry {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    pub hex: String,
    /// A hexside; absent, the hexside nearest the map's centre.
    #[serde(default)]
    pub facing: Option<Facing>,
}

/// VV 5.6: an element's formation at the start (`line`, the default, or `square`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    #[default]
    Line,
    Square,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementEntry {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// A type of the variant's sheet ("line", "cuirassiers", "field_artillery").
    #[serde(rename = "type")]
    pub kind: String,
    pub hex: String,
    #[serde(default)]
    pub facing: Option<Facing>,
    #[serde(default)]
    pub formation: Formation,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CorpsEntry {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    pub general: GeneralEntry,
    pub elements: Vec<ElementEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSection {
    /// "la-grande-armee", "los-gringos", "rebel-yell" or "kepis-rouge"; both sides the same.
    pub variant: String,
    /// The nation its sheet's factors name ("british", "russian", "french"; LG "american" or
    /// "mexican", KR "french" or "german", whose table its types must be from); may be empty
    /// under LGA.
    #[serde(default)]
    pub nation: String,
    /// VV 8 Fleeing: "towards the rear, to its own base line".
    pub base_edge: MapEdge,
    /// VV 2: "If an army consists of more than one corps then a Commander-in-Chief is also
    /// required."
    #[serde(default)]
    pub commander_in_chief: Option<GeneralEntry>,
    pub corps: Vec<CorpsEntry>,
    /// Kepi's reading of victory at the last game-turn (docs/rules/vae-victis.md, "VV 10
    /// Victory"): the hexes this side holds at the start, each worth its points to the side
    /// holding it when the last game-turn ends undecided by army morale.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
}

/// The section a Vae Victis scenario carries: each side's, in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VvSection(pub Vec<SideSection>);

/// One element a hex (docs/rules/vae-victis.md).
pub const STACKING: Stacking = Stacking {
    per_hex: 1,
    measure: "elements",
    case: "VV 1 Unit Bases",
};

pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
    let general = generator.subschema_for::<GeneralEntry>().to_value();
    let corps = generator.subschema_for::<CorpsEntry>().to_value();
    let edge = generator.subschema_for::<MapEdge>().to_value();
    let objective = generator.subschema_for::<Objective>().to_value();
    crate::schema::side_entry(
        "One side of a Vae Victis scenario: its id, name and colour, its variant, nation and \
         base edge, its commander-in-chief, its corps and the objectives it holds at the start \
         (docs/rules/vae-victis.md). Any other \
         field is refused.",
        serde_json::json!({
            "variant": {"type": "string", "enum": tables::VARIANTS.iter().map(|v| v.0).collect::<Vec<_>>()},
            "nation": {"type": "string"},
            "base_edge": edge,
            "commander_in_chief": general,
            "corps": {"type": "array", "items": corps},
            "objectives": {"type": "array", "items": objective},
        }),
        &["variant", "base_edge", "corps"],
    )
}

/// VV 2 Troops: every problem at once, each with its field.
pub fn read_forces(file: &ScenarioFile, _catalog: &Catalog) -> (Forces, Problems) {
    let mut p = Problems::new();
    let mut read = Vec::new();
    let mut sides = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    let mut first_variant: Option<String> = None;
    let mut objectives: Vec<String> = Vec::new();
    for (i, s) in file.sides.iter().enumerate() {
        let section: SideSection =
            match serde_json::from_value(serde_json::Value::Object(s.forces.clone())) {
                Ok(r) => r,
                Err(e) => {
                    p.push(format!("sides[{i}]"), e.to_string());
                    sides.push(None);
                    continue;
                }
            };
        let f = format!("sides[{i}]");
        let mut id = |p: &mut Problems, field: String, x: &str| {
            if x.trim().is_empty() {
                p.push(field.clone(), "an element needs an id");
            }
            if ids.iter().any(|y| y == x) {
                p.push(field, format!("two elements are called '{x}'"));
            }
            ids.push(x.to_string());
        };
        match &first_variant {
            Some(v) if *v != section.variant => p.push(
                format!("{f}.variant"),
                format!(
                    "both sides play one variant: the first side plays '{v}', this one '{}'",
                    section.variant
                ),
            ),
            _ => first_variant = Some(section.variant.clone()),
        }
        let variant = tables::variant(&section.variant);
        if variant.is_none() {
            p.push(
                format!("{f}.variant"),
                format!(
                    "no variant '{}'; the variants are {}",
                    section.variant,
                    tables::VARIANTS
                        .iter()
                        .map(|v| v.0)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if section.corps.is_empty() {
            p.push(
                format!("{f}.corps"),
                "a side needs at least one corps (VV 2)",
            );
        }
        match &section.commander_in_chief {
            Some(c) => id(&mut p, format!("{f}.commander_in_chief.id"), &c.id),
            None if section.corps.len() > 1 => p.push(
                format!("{f}.commander_in_chief"),
                "VV 2 Troops: an army of more than one corps requires a Commander-in-Chief",
            ),
            None => {}
        }
        let mut elements = 0;
        let mut kinds = std::collections::BTreeSet::new();
        let mut groups = Vec::new();
        for (j, c) in section.corps.iter().enumerate() {
            let cf = format!("{f}.corps[{j}]");
            id(&mut p, format!("{cf}.general.id"), &c.general.id);
            for (k, e) in c.elements.iter().enumerate() {
                let ef = format!("{cf}.elements[{k}]");
                id(&mut p, format!("{ef}.id"), &e.id);
                kinds.insert(e.kind.clone());
                if let Some(t) = variant.and_then(|v| v.element_type(&e.kind))
                    && e.formation == Formation::Square
                    && !t.square
                {
                    p.push(
                        format!("{ef}.formation"),
                        format!(
                            "VV 5.6 Squares: only infantry in line forms square, not {}",
                            t.name
                        ),
                    );
                }
            }
            if c.elements.is_empty() {
                p.push(
                    format!("{cf}.elements"),
                    "a corps needs at least one element",
                );
            }
            elements += c.elements.len();
            groups.push(GroupForces {
                label: Some(c.id.clone()),
                units: c.elements.len() as u32 + 1,
                stacking: c.elements.len() as u32 + 1,
            });
        }
        // VV 2 Troops and the sheet's Unit Factors: the army's limits, as the army builder
        // checks them while it builds (`builder.rs`).
        if let Some(v) = variant {
            let corps: Vec<(&str, Vec<&str>)> = section
                .corps
                .iter()
                .map(|c| {
                    (
                        c.id.as_str(),
                        c.elements.iter().map(|e| e.kind.as_str()).collect(),
                    )
                })
                .collect();
            for l in builder::limits(v, &section.nation, &corps) {
                p.push(format!("{f}.{}", l.field), l.text);
            }
        }
        // Kepi's reading of VV 10 (objectives): a hex is one side's objective once.
        for (j, o) in section.objectives.iter().enumerate() {
            let of = format!("{f}.objectives[{j}]");
            if objectives.contains(&o.hex) {
                p.push(
                    format!("{of}.hex"),
                    format!("hex {} is listed as an objective twice", o.hex),
                );
            }
            objectives.push(o.hex.clone());
            if o.points == 0 {
                p.push(
                    format!("{of}.points"),
                    "an objective is worth at least one point",
                );
            }
        }
        sides.push(Some(SideForces {
            groups,
            summary: format!("{} corps, {elements} elements", section.corps.len()),
            kinds,
        }));
        read.push(section);
    }
    let forces = Forces {
        sides,
        stacking: STACKING,
        section: Section::new(VvSection(read)),
    };
    (forces, p)
}

/// Every general's and element's hex is a hex of the map, by field.
pub fn check_on_map(file: &ScenarioFile, map: &crate::map::Map) -> Problems {
    let mut p = Problems::new();
    for (i, s) in file.sides.iter().enumerate() {
        let Ok(section) =
            serde_json::from_value::<SideSection>(serde_json::Value::Object(s.forces.clone()))
        else {
            continue;
        };
        let mut hexes: Vec<(String, &str)> = Vec::new();
        if let Some(c) = &section.commander_in_chief {
            hexes.push((format!("sides[{i}].commander_in_chief.hex"), c.hex.as_str()));
        }
        for (j, c) in section.corps.iter().enumerate() {
            hexes.push((
                format!("sides[{i}].corps[{j}].general.hex"),
                c.general.hex.as_str(),
            ));
            for (k, e) in c.elements.iter().enumerate() {
                hexes.push((
                    format!("sides[{i}].corps[{j}].elements[{k}].hex"),
                    e.hex.as_str(),
                ));
            }
        }
        for (j, o) in section.objectives.iter().enumerate() {
            hexes.push((format!("sides[{i}].objectives[{j}].hex"), o.hex.as_str()));
        }
        crate::scenario::checks::hexes_on_map(map, "VV 3 Terrain", hexes, &mut p);
    }
    p
}

//! The 19th Century scenario section: each side's objectives and its units (19C Units:
//! infantry, skirmishers, dragoons, cavalry, artillery and commanders) with their hex,
//! formation and facing.
//!
//! ```json
//! "sides": [{"id": "prussia", "name": "Prussia", "color": "black",
//!   "objectives": [{"hex": "0305", "points": 2}],
//!   "units": [{"id": "1-inf", "kind": "infantry", "hex": "0305",
//!              "formation": "march", "facing": "N"}]}]
//! ```
//!
//! The text has no victory rules; Kepi scores the side sections' objectives and the enemy
//! units eliminated (docs/rules/nineteenth-century.md, "Victory").

use crate::engine::facing::Facing;
use crate::problems::Problems;
use crate::scenario::{Forces, GroupForces, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// 19C Units: "Infantry, Skirmishers, Dragoons, Cavalry, Artillery, Commander".
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Infantry,
    Skirmishers,
    Dragoons,
    Cavalry,
    Artillery,
    Commander,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Infantry,
        Kind::Skirmishers,
        Kind::Dragoons,
        Kind::Cavalry,
        Kind::Artillery,
        Kind::Commander,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Skirmishers => "skirmishers",
            Kind::Dragoons => "dragoons",
            Kind::Cavalry => "cavalry",
            Kind::Artillery => "artillery",
            Kind::Commander => "commander",
        }
    }

    /// 19C Units: "Most units are based on two stands. The exception being the commander
    /// which is based on one stand."
    pub fn stands(self) -> u8 {
        if self == Kind::Commander { 1 } else { 2 }
    }
}

/// 19C Units: "Units can be either manoeuvring (one behind the other) or deployed for combat
/// (side by side)": march or battle formation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    #[default]
    March,
    Battle,
}

impl Formation {
    pub fn key(self) -> &'static str {
        match self {
            Formation::March => "march",
            Formation::Battle => "battle",
        }
    }
}

pub use crate::engine::points_victory::Objective;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// The unit's name in commands ("1-inf").
    pub id: String,
    /// Its name in words ("1st Battalion"); the id when absent.
    #[serde(default)]
    pub name: Option<String>,
    pub kind: Kind,
    pub hex: String,
    /// March (the default) or battle formation; a commander is always in march.
    #[serde(default)]
    pub formation: Formation,
    /// A hexside facing (N, ENE, ESE, S, WSW, WNW on a flat-topped grid). Absent: the
    /// hexside facing nearest the map's centre.
    #[serde(default)]
    pub facing: Option<Facing>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSection {
    #[serde(default)]
    pub objectives: Vec<Objective>,
    pub units: Vec<UnitEntry>,
}

/// The section a 19th Century scenario carries: each side's, in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NcSection(pub Vec<SideSection>);

/// Kepi's reading of the two-stand units on a hex (docs/rules/nineteenth-century.md,
/// "One unit a hex"): one unit a hex, and a commander besides.
pub const STACKING: Stacking = Stacking {
    per_hex: 1,
    measure: "units (a commander besides)",
    case: "19C Units",
};

/// The schema of one side: its id, name and colour and the section [`read_forces`] reads
/// (`units` required; `objectives` optional; no other field).
pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
    let objective = generator.subschema_for::<Objective>().to_value();
    let unit = generator.subschema_for::<UnitEntry>().to_value();
    crate::schema::side_entry(
        "One side of a 19th Century scenario: its id, name and colour, its objectives and its \
         units (docs/rules/nineteenth-century.md). Any other field is refused.",
        serde_json::json!({
            "objectives": {"type": "array", "items": objective},
            "units": {"type": "array", "items": unit},
        }),
        &["units"],
    )
}

pub fn read_forces(file: &ScenarioFile, _catalog: &Catalog) -> (Forces, Problems) {
    let mut p = Problems::new();
    let mut read = Vec::new();
    let mut sides = Vec::new();
    let mut ids: Vec<String> = Vec::new();
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
        for (j, u) in section.units.iter().enumerate() {
            let f = format!("sides[{i}].units[{j}]");
            if u.id.trim().is_empty() {
                p.push(format!("{f}.id"), "a unit needs an id");
            }
            if ids.contains(&u.id) {
                p.push(
                    format!("{f}.id"),
                    format!("two units are called '{}'", u.id),
                );
            }
            ids.push(u.id.clone());
            if u.kind == Kind::Commander && u.formation == Formation::Battle {
                p.push(
                    format!("{f}.formation"),
                    "a commander is one stand: it has no battle formation (19C Units)",
                );
            }
        }
        if !section.units.iter().any(|u| u.kind != Kind::Commander) {
            p.push(
                format!("sides[{i}].units"),
                "a side needs at least one unit besides its commanders",
            );
        }
        let fighting = section
            .units
            .iter()
            .filter(|u| u.kind != Kind::Commander)
            .count() as u32;
        let commanders = section.units.len() as u32 - fighting;
        sides.push(Some(SideForces {
            groups: vec![GroupForces {
                label: None,
                units: section.units.len() as u32,
                stacking: fighting,
            }],
            summary: format!("{fighting} units, {commanders} commanders"),
            kinds: section
                .units
                .iter()
                .map(|u| u.kind.key().to_string())
                .collect(),
        }));
        read.push(section);
    }
    let forces = Forces {
        sides,
        stacking: STACKING,
        section: Section::new(NcSection(read)),
    };
    (forces, p)
}

/// Every unit's and objective's hex is a hex of the map, each problem naming its
/// field (the start would refuse the scenario otherwise).
pub fn check_on_map(file: &ScenarioFile, map: &crate::map::Map) -> Problems {
    let mut p = Problems::new();
    for (i, s) in file.sides.iter().enumerate() {
        let Ok(section) =
            serde_json::from_value::<SideSection>(serde_json::Value::Object(s.forces.clone()))
        else {
            continue;
        };
        let units = section.units.iter().enumerate();
        let objectives = section.objectives.iter().enumerate();
        crate::scenario::checks::hexes_on_map(
            map,
            "19C Terrain",
            units
                .map(|(j, u)| (format!("sides[{i}].units[{j}].hex"), u.hex.as_str()))
                .chain(
                    objectives
                        .map(|(j, o)| (format!("sides[{i}].objectives[{j}].hex"), o.hex.as_str())),
                ),
            &mut p,
        );
    }
    p
}

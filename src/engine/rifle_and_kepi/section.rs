//! Rifle and Kepi's scenario section: each side's C3 rating, the map edge its disbanded units
//! leave by, the objectives it holds at the start, and its units (divisions, cavalry
//! regiments, artillery regiments and HQs) with their hex, formation and facing.
//!
//! ```json
//! "sides": [{"id": "prussia", "name": "Prussia", "color": "black",
//!   "c3": "good", "home_edge": "west", "objectives": [{"hex": "0305", "points": 2}],
//!   "units": [{"id": "7-div", "kind": "infantry", "armament": "breech", "hex": "0305",
//!              "formation": "column", "facing": "E"}]}]
//! ```
//!
//! Victory is read from here too (the objectives' points, RK has no victory rules of its own:
//! docs/rules/rifle-and-kepi.md, "Victory"), not from the scenario format's `victory`
//! entries, which are shaped on Rifle & Saber's.

use crate::engine::facing::Facing;
use crate::map::MapEdge;
use crate::problems::Problems;
use crate::scenario::{Forces, GroupForces, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// RK Turn sequence ii: "-1 good C3, +1 bad C3".
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum C3 {
    Bad,
    #[default]
    Average,
    Good,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Infantry,
    Cavalry,
    Artillery,
    Hq,
}

impl Kind {
    pub fn key(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::Artillery => "artillery",
            Kind::Hq => "hq",
        }
    }
}

/// RK Combat: "charging breechloading rifles"; "massed units ... vs breechloaders".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Armament {
    #[default]
    Muzzle,
    Breech,
}

/// RK Artillery: "D6 (mixed/smooth), D8 (rifled)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Guns {
    Smoothbore,
    Mixed,
    Rifled,
}

impl Guns {
    pub fn key(self) -> &'static str {
        match self {
            Guns::Smoothbore => "smoothbore",
            Guns::Mixed => "mixed",
            Guns::Rifled => "rifled",
        }
    }
}

/// RK Formations: column (limbered for guns) or deployed (unlimbered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    #[default]
    Column,
    Deployed,
}

pub use crate::engine::points_victory::Objective;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// The unit's name in commands ("7-div").
    pub id: String,
    /// Its name in words ("7th Division"); the id when absent.
    #[serde(default)]
    pub name: Option<String>,
    pub kind: Kind,
    pub hex: String,
    #[serde(default)]
    pub formation: Formation,
    /// Absent: facing the far edge, away from the side's home edge.
    #[serde(default)]
    pub facing: Option<Facing>,
    /// Infantry and cavalry only.
    #[serde(default)]
    pub armament: Armament,
    /// Artillery only (required there).
    #[serde(default)]
    pub guns: Option<Guns>,
    /// RK Formations: "Large divisions may deploy in two adjacent hex" (infantry only).
    #[serde(default)]
    pub large: bool,
    /// RK Result: "massed units (e.g. 1866 Austrians)".
    #[serde(default)]
    pub massed: bool,
    /// A reinforcement (Kepi's reading; the text has none): the game-turn it enters the
    /// field at `hex` (or, that hex held, the nearest free hex within two of it), before that
    /// turn's cards. Its `hex` need not lie in the side's deployment zone. Absent: it starts
    /// on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSection {
    #[serde(default)]
    pub c3: C3,
    /// Where its disbanded units leave the field (RK Result: "Leave field").
    pub home_edge: MapEdge,
    #[serde(default)]
    pub objectives: Vec<Objective>,
    pub units: Vec<UnitEntry>,
}

/// The section a Rifle and Kepi scenario carries: each side's, in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RkSection(pub Vec<SideSection>);

/// Kepi's reading of "may defend with infantry in same hex": one division (infantry or
/// cavalry) and one artillery regiment a hex, HQs besides (docs/rules/rifle-and-kepi.md).
pub const STACKING: Stacking = Stacking {
    per_hex: 2,
    measure: "units (one division and one artillery regiment)",
    case: "RK Movement",
};

/// The schema of one side: its id, name and colour and the section [`read_forces`] reads
/// (`home_edge` and `units` required; `c3` and `objectives` optional; no other field).
pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> serde_json::Value {
    let c3 = generator.subschema_for::<C3>().to_value();
    let edge = generator.subschema_for::<MapEdge>().to_value();
    let objective = generator.subschema_for::<Objective>().to_value();
    let unit = generator.subschema_for::<UnitEntry>().to_value();
    crate::schema::side_entry(
        "One side of a Rifle and Kepi scenario: its id, name and colour, its C3 rating, the \
         edge its disbanded units leave by, its objectives and its units \
         (docs/rules/rifle-and-kepi.md). Any other field is refused.",
        serde_json::json!({
            "c3": c3,
            "home_edge": edge,
            "objectives": {"type": "array", "items": objective},
            "units": {"type": "array", "items": unit},
        }),
        &["home_edge", "units"],
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
            match (u.kind, u.guns) {
                (Kind::Artillery, None) => p.push(
                    format!("{f}.guns"),
                    "an artillery regiment needs its guns: smoothbore, mixed or rifled (RK Artillery)",
                ),
                (Kind::Artillery, Some(_)) => {}
                (_, Some(_)) => p.push(format!("{f}.guns"), "only artillery has guns"),
                _ => {}
            }
            if u.large && u.kind != Kind::Infantry {
                p.push(
                    format!("{f}.large"),
                    "only infantry divisions are large (RK Formations)",
                );
            }
            if let Some(t) = u.arrives
                && (t < 1 || t > file.game_length)
            {
                p.push(
                    format!("{f}.arrives"),
                    format!(
                        "a unit arrives on a game-turn from 1 to the game's {}",
                        file.game_length
                    ),
                );
            }
            if u.kind == Kind::Hq && (u.massed || u.armament == Armament::Breech) {
                p.push(f.to_string(), "an HQ has no armament and is not massed");
            }
        }
        if !section.units.iter().any(|u| u.kind != Kind::Hq) {
            p.push(
                format!("sides[{i}].units"),
                "a side needs at least one unit",
            );
        }
        let fighting = section.units.iter().filter(|u| u.kind != Kind::Hq).count() as u32;
        let hqs = section.units.len() as u32 - fighting;
        sides.push(Some(SideForces {
            groups: vec![GroupForces {
                label: None,
                units: section.units.len() as u32,
                stacking: fighting,
            }],
            summary: format!("{fighting} units, {hqs} HQs"),
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
        section: Section::new(RkSection(read)),
    };
    (forces, p)
}

/// RK Scenario: every unit's and objective's hex is a hex of the map, each problem naming its
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
            "RK Scenario",
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

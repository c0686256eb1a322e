//! Terrain effects chart (R&S 9.2; Age of Rifles' Terrain Effects on Combat): what each hex
//! terrain, hexside feature, route and condition costs to move through and does in combat. A
//! map's terrain, hexside and route keys are checked against its ruleset's chart.

use super::Source;
use crate::document::{self, DocumentKind};
use crate::engine::RulesetId;
use crate::frac::Frac;
use crate::look::{self, ChartLook, HexsideLook, RouteLook, TerrainLook};
use crate::problems::Problems;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub key: String,
    pub name: String,
    /// Movement points to enter.
    pub movement: Frac,
    /// Cost when entered through a road hexside (bridges), if different from the route's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement_by_road: Option<Frac>,
    /// Combat multiplier of the terrain, as the ruleset reads it: R&S multiplies the defense
    /// strength (fire and shock, 9.2); Age of Rifles multiplies the strength firing into the hex
    /// (its chart's Attack column).
    pub defense: Frac,
    /// R&S 5.1(G)2: woods and villages are blocking hexes.
    pub blocks_line_of_sight: bool,
    /// The painter's swatch, `#rrggbb`, and the map's fill unless `look.fill` gives another.
    pub color: String,
    /// How the terrain looks on every picture of a map (fill, texture, edge).
    #[serde(default, skip_serializing_if = "is_plain")]
    pub look: TerrainLook,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn is_plain(l: &TerrainLook) -> bool {
    *l == TerrainLook::default()
}

fn is_default_chart_look(l: &ChartLook) -> bool {
    *l == ChartLook::default()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideFeature {
    pub key: String,
    pub name: String,
    /// Extra movement points to cross.
    pub movement_extra: Frac,
    /// Multiplier on the strength firing across the hexside, where the ruleset's chart has one
    /// (Age of Rifles: -25% is 3/4). Rifle & Saber's hexsides have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<Frac>,
    pub blocks_line_of_sight: bool,
    pub shock: String,
    /// The swatch, and the plain line drawn on the side when there is no `look`.
    pub color: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look: Option<HexsideLook>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Route {
    pub key: String,
    pub name: String,
    /// Movement points to enter a route hex through a route hexside.
    pub movement: Frac,
    /// The swatch, and the plain line drawn when there is no `look`.
    pub color: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look: Option<RouteLook>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub key: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement_extra: Option<Frac>,
    pub defense: Frac,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffects {
    pub format: String,
    pub version: u32,
    pub ruleset: RulesetId,
    pub name: String,
    pub reference: String,
    /// The terrain of a hex the map does not paint.
    pub default_terrain: String,
    pub terrain: Vec<Terrain>,
    pub hexsides: Vec<HexsideFeature>,
    pub routes: Vec<Route>,
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub notes: String,
    /// Chart-wide look: elevation tint, contours, hill shading, level-of-detail thresholds.
    #[serde(default, skip_serializing_if = "is_default_chart_look")]
    pub look: ChartLook,
}

fn keys<'a>(it: impl Iterator<Item = &'a String>) -> String {
    it.map(String::as_str).collect::<Vec<_>>().join(", ")
}

fn valid_key(k: &str) -> bool {
    !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

impl TerrainEffects {
    pub fn from_text(text: &str) -> Result<TerrainEffects, Problems> {
        let t: TerrainEffects = document::from_text(text, DocumentKind::TerrainEffects)?;
        t.checked()
    }

    pub fn checked(self) -> Result<TerrainEffects, Problems> {
        let mut p = Problems::new();
        let groups: [(&str, Vec<&String>); 4] = [
            ("terrain", self.terrain.iter().map(|t| &t.key).collect()),
            ("hexsides", self.hexsides.iter().map(|t| &t.key).collect()),
            ("routes", self.routes.iter().map(|t| &t.key).collect()),
            (
                "conditions",
                self.conditions.iter().map(|t| &t.key).collect(),
            ),
        ];
        for (name, ks) in &groups {
            for (i, k) in ks.iter().enumerate() {
                if !valid_key(k) {
                    p.push(
                        format!("{name}[{i}].key"),
                        format!("'{k}' is not a key (lower-case letters, digits, _ and -)"),
                    );
                }
                if ks[..i].contains(k) {
                    p.push(format!("{name}[{i}].key"), format!("'{k}' appears twice"));
                }
            }
        }
        if self.terrain(&self.default_terrain).is_none() {
            p.push(
                "default_terrain",
                format!(
                    "unknown terrain '{}'; known: {}",
                    self.default_terrain,
                    self.terrain_keys()
                ),
            );
        }
        for (i, t) in self.terrain.iter().enumerate() {
            if t.movement <= Frac::ZERO || t.defense <= Frac::ZERO {
                p.push(
                    format!("terrain[{i}]"),
                    "movement and defense must be above 0",
                );
            }
        }
        // Looks: every colour `#rrggbb`, every size in range; each problem names the key.
        let mut looks: Vec<(String, String)> = Vec::new();
        for (i, t) in self.terrain.iter().enumerate() {
            look::color_problem(&format!("terrain[{i}].color"), &t.color, &mut looks);
            t.look
                .problems(&format!("terrain[{i}] ({}).look", t.key), &mut looks);
        }
        for (i, h) in self.hexsides.iter().enumerate() {
            look::color_problem(&format!("hexsides[{i}].color"), &h.color, &mut looks);
            if let Some(l) = &h.look {
                l.problems(&format!("hexsides[{i}] ({}).look", h.key), &mut looks);
            }
        }
        for (i, r) in self.routes.iter().enumerate() {
            look::color_problem(&format!("routes[{i}].color"), &r.color, &mut looks);
            if let Some(l) = &r.look {
                l.problems(&format!("routes[{i}] ({}).look", r.key), &mut looks);
            }
        }
        self.look.problems("look", &mut looks);
        for (at, msg) in looks {
            p.push(at, msg);
        }
        p.into_result(self)
    }

    pub fn terrain(&self, key: &str) -> Option<&Terrain> {
        self.terrain.iter().find(|t| t.key == key)
    }

    pub fn hexside(&self, key: &str) -> Option<&HexsideFeature> {
        self.hexsides.iter().find(|t| t.key == key)
    }

    pub fn route(&self, key: &str) -> Option<&Route> {
        self.routes.iter().find(|t| t.key == key)
    }

    pub fn condition(&self, key: &str) -> Option<&Condition> {
        self.conditions.iter().find(|t| t.key == key)
    }

    pub fn terrain_keys(&self) -> String {
        keys(self.terrain.iter().map(|t| &t.key))
    }

    pub fn hexside_keys(&self) -> String {
        keys(self.hexsides.iter().map(|t| &t.key))
    }

    pub fn route_keys(&self) -> String {
        keys(self.routes.iter().map(|t| &t.key))
    }
}

//! Terrain effects chart (R&S 9.2; Age of Rifles' Terrain Effects on Combat): what each hex
//! terrain, hexside feature, route and condition costs to move through and does in combat. A
//! map's terrain, hexside and route keys are checked against its ruleset's chart.

use super::{RulesetId, Source};
use crate::document::{self, DocumentKind};
use crate::frac::Frac;
use crate::problems::Problems;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Default colour for pictures and the painter's palette, `#rrggbb`.
    pub color: String,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    pub color: String,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Route {
    pub key: String,
    pub name: String,
    /// Movement points to enter a route hex through a route hexside.
    pub movement: Frac,
    pub color: String,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

#[cfg(test)]
mod tests {
    use crate::frac::Frac;
    use crate::tables::RulesetTables;

    #[test]
    fn r_and_s_9_2_chart_values() {
        let t = &RulesetTables::rifle_and_saber().terrain;
        let row = |k: &str| {
            let r = t.terrain(k).unwrap();
            (r.movement, r.defense)
        };
        assert_eq!(row("clear"), (Frac::int(1), Frac::int(1)));
        assert_eq!(row("village"), (Frac::int(1), Frac::int(3)));
        assert_eq!(row("slope"), (Frac::int(2), Frac::int(2)));
        assert_eq!(row("woods"), (Frac::int(2), Frac::int(2)));
        assert_eq!(row("river"), (Frac::int(3), Frac::int(2)));
        assert_eq!(row("ford"), (Frac::int(2), Frac::new(1, 2)));
        assert_eq!(row("bridge").1, Frac::new(1, 2));
        assert_eq!(t.route("road").unwrap().movement, Frac::new(1, 3));
        assert_eq!(t.hexside("ridge").unwrap().movement_extra, Frac::int(1));
        assert!(t.hexside("ridge").unwrap().blocks_line_of_sight);
    }

    #[test]
    fn age_of_rifles_chart_values() {
        // AoR 5.2: road hexes 1/2 MP, trail hexes 1 MP, bridge hexsides no extra cost, stream
        // hexsides +2 MP; 5.0: railroads count as trails; the chart: town -25%, woods -50%;
        // 10.2: fortified hexsides (walls) work like forts, attacker halved (10.1).
        let t = crate::tables::RulesetId::AgeOfRifles
            .terrain_chart()
            .unwrap();
        assert_eq!(t.route("road").unwrap().movement, Frac::new(1, 2));
        assert_eq!(t.route("trail").unwrap().movement, Frac::int(1));
        assert_eq!(
            t.route("railroad").unwrap().movement,
            t.route("trail").unwrap().movement
        );
        assert_eq!(t.hexside("bridge").unwrap().movement_extra, Frac::ZERO);
        assert_eq!(t.hexside("stream").unwrap().movement_extra, Frac::int(2));
        assert_eq!(t.hexside("stream").unwrap().combat, Some(Frac::new(3, 4)));
        assert_eq!(t.hexside("wall").unwrap().combat, Some(Frac::new(1, 2)));
        assert!(t.hexside("crest").unwrap().blocks_line_of_sight);
        assert!(t.hexside("river").is_some());
        assert_eq!(t.terrain("town").unwrap().defense, Frac::new(3, 4));
        assert_eq!(t.terrain("woods").unwrap().defense, Frac::new(1, 2));
        assert_eq!(t.terrain("chateau").unwrap().movement, Frac::int(2));
        assert_eq!(t.terrain("fort").unwrap().defense, Frac::new(1, 2));
    }

    #[test]
    fn r_and_s_9_2_notes_trench_on_a_bridge_defends_at_1_1_2() {
        // "if a unit were in a Trench in a Bridge hex, its Defense Strength would be halved and
        // then tripled, resulting in a Defense Strength multiplication of 1 1/2".
        let t = &RulesetTables::rifle_and_saber().terrain;
        let net = t.terrain("bridge").unwrap().defense * t.condition("trench").unwrap().defense;
        assert_eq!(net, Frac::new(3, 2));
        assert_eq!(net.to_string(), "1 1/2");
    }
}

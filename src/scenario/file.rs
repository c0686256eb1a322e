//! The scenario file (`scenarios/*.json`, format `kepi-scenario`, version 1).

use super::rule_kinds::Rule;
use super::rules::{PointsEntry, PointsSource, SpecialRule, VictoryLevel, VictoryRule};
use super::zones::ZoneRule;
use crate::document::{self, DocumentKind};
use crate::engine::RulesetId;
use crate::problems::Problems;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One side. Beside its id, name and colour a side carries its rule system's section (the
/// fields `forces` holds, read by the system: Rifle & Saber's `oob` formula and `morale`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    deny_unknown_fields,
    description = "One side: its id, name and colour, and its rule system's fields (Rifle & \
                   Saber's: `oob`, `morale`, `group_morale`; any other field is refused)."
)]
pub struct SideEntry {
    /// Short id used by the rest of the file ("british").
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    /// Counter colour ("red", "blue").
    pub color: String,
    /// The rule system's section, as written; its fields are checked by the system
    /// ([`crate::engine::Ruleset::forces`]), which refuses any it does not know.
    #[serde(flatten)]
    #[schemars(schema_with = "crate::schema::side_section")]
    pub forces: serde_json::Map<String, serde_json::Value>,
}

/// An area of the map: the original wording, the hexes, and optionally the rule that computes
/// them. A zone with a rule may leave its hexes out (an empty list is the same): validation
/// computes them, and `kepi zones --write` writes them in. When both are given the hexes must
/// be what the rule computes; a zone with neither is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<ZoneRule>,
    /// Empty when the file leaves them to the rule; never empty in a validated
    /// [`super::Scenario`]'s file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
}

/// Deployment rules that depend on where units (or the enemy) actually set up, checked when
/// units are placed; the zone's hexes are the widest area they allow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DeployConstraint {
    /// All units of the entry on one of these features ("on any one of H24 or H25 or H26");
    /// with `not_enemys`, not the one the enemy deployed on ("on one of the two other hills").
    OneFeature {
        features: Vec<String>,
        #[serde(default)]
        not_enemys: bool,
    },
    /// At least `distance` hexes from every enemy unit ("13 hexes or more away from the
    /// Spanish"); the enemy must deploy first.
    AwayFromEnemy { distance: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentEntry {
    pub side: String,
    /// The group ("a"); absent for a side's only, unlabelled group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub zone: Zone,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<DeployConstraint>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementEntry {
    pub side: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The game-turn on which the group enters.
    pub turn: u32,
    /// Where it enters: map-edge hexes (a road exit is one hex).
    pub entry: Zone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryEntry {
    pub text: String,
    /// One of Kepi's shared kinds, or one of the rule system's own.
    pub rule: Rule<VictoryRule>,
    /// The level of the victory when the condition is met (unqualified when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<VictoryLevel>,
    /// Met, it ends the game at once (at the end of the game-turn it is met in), whatever
    /// other entries are still open.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sudden_death: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRuleEntry {
    pub text: String,
    /// One of Kepi's shared kinds, or one of the rule system's own.
    pub rule: Rule<SpecialRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Notes {
    /// The historical note, in the project's own words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub history: String,
    /// How the rules text was read where it is garbled or silent.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reading: String,
    /// Where the scenario comes from ("R&S 11.1").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub format: String,
    pub version: u32,
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub ruleset: RulesetId,
    pub title: String,
    pub date: String,
    /// The portion of the battle, when not the whole ("The Stone Wall").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub portion: String,
    /// Map id: `maps/<id>.json` beside the scenarios folder.
    pub map: String,
    /// Catalog id (`catalogs/<id>.json`) replacing the ruleset's default unit catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    #[schemars(length(equal = 2))]
    pub sides: Vec<SideEntry>,
    pub deploys_first: String,
    pub moves_first: String,
    pub deployment: Vec<DeploymentEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<ReinforcementEntry>,
    /// Number of game-turns.
    pub game_length: u32,
    /// Game-turns played at night (Age of Rifles 5.5, 16; reorganization, 15, needs one).
    /// Read by Age of Rifles only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub night_turns: Vec<u32>,
    /// Game-turns of rain (Age of Rifles 5.5: as night, no unit enters a ZOC and there is no
    /// combat). Read by Age of Rifles only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rain_turns: Vec<u32>,
    /// The victory conditions: at least one, except in a system that scores victory itself
    /// (`Ruleset::own_victory`), where there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictoryEntry>,
    /// The optional rules this scenario plays with, over the rule system's defaults
    /// (`{"range_effects": true}`); a game's own choices (`kepi new --rule`) come on top.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    #[schemars(extend("additionalProperties" = {"type": "boolean"}))]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// How each side scores victory points, for `points` victory conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory_points: Vec<PointsEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRuleEntry>,
    /// Scripted events: what happens at the start or end of a given game-turn whatever the
    /// players do (src/scenario/events.rs). Absent when there are none, so that a scenario
    /// without them reads, writes and hashes as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<super::events::ScriptedEvent>,
    #[serde(default)]
    pub notes: Notes,
}

impl ScenarioFile {
    pub fn from_text(text: &str) -> Result<ScenarioFile, Problems> {
        document::from_text(text, DocumentKind::Scenario)
    }

    pub fn to_text(&self) -> String {
        document::to_text(self)
    }

    /// Every zone of the file with its field path: deployment, entry and exit areas.
    pub fn zones_mut(&mut self) -> Vec<(String, &mut Zone)> {
        let mut out: Vec<(String, &mut Zone)> = Vec::new();
        for (i, d) in self.deployment.iter_mut().enumerate() {
            out.push((format!("deployment[{i}].zone"), &mut d.zone));
        }
        for (i, r) in self.reinforcements.iter_mut().enumerate() {
            out.push((format!("reinforcements[{i}].entry"), &mut r.entry));
        }
        fn exits<'a>(
            field: String,
            rule: &'a mut VictoryRule,
            out: &mut Vec<(String, &'a mut Zone)>,
        ) {
            match rule {
                VictoryRule::Exit { area, .. } => out.push((format!("{field}.area"), area)),
                VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
                    for (j, part) in of.iter_mut().enumerate() {
                        exits(format!("{field}.of[{j}]"), part, out);
                    }
                }
                _ => {}
            }
        }
        for (i, v) in self.victory.iter_mut().enumerate() {
            if let Some(rule) = v.rule.shared_mut() {
                exits(format!("victory[{i}].rule"), rule, &mut out);
            }
        }
        for (i, p) in self.victory_points.iter_mut().enumerate() {
            if let PointsSource::Exited { area, .. } = &mut p.source {
                out.push((format!("victory_points[{i}].source.area"), area));
            }
        }
        out
    }
}

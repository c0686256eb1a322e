//! Victory conditions and special rules as typed variants, so that the engine can act on them.
//! Each is written in a scenario file beside the original wording (`text`).

use super::rule_kinds::SharedKinds;
use super::zones::ZoneRule;
use crate::frac::Frac;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How much of a target must be held. R&S 11.0: "For one side to 'hold' a hex, a Friendly
/// unit must be in the hex on the specified Game-Turn."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Require {
    /// Every hex of every named feature and every named hex.
    EveryHex,
    /// At least one hex of each named feature (and every named hex).
    EachFeature,
    /// At least one hex of any one named feature ("either B14 or B15").
    AnyFeature,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Target {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    pub require: Require,
}

/// How complete a victory is, lowest first (the order compares them: a decisive result beats a
/// substantive one). SPI's scenarios grade marginal, substantive and decisive; Rifle & Saber
/// 11.6 also names moderate and tactical.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum VictoryLevel {
    Marginal,
    Moderate,
    Tactical,
    Substantive,
    Decisive,
}

impl VictoryLevel {
    pub fn name(self) -> &'static str {
        match self {
            VictoryLevel::Marginal => "marginal",
            VictoryLevel::Moderate => "moderate",
            VictoryLevel::Tactical => "tactical",
            VictoryLevel::Substantive => "substantive",
            VictoryLevel::Decisive => "decisive",
        }
    }
}

/// One rung of a graded result: if the condition is met by the end of `by_turn`, `winner`
/// wins at `level`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grade {
    pub by_turn: u32,
    pub winner: String,
    pub level: VictoryLevel,
}

/// What must leave the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ExitCount {
    /// At least `count` units (of one type, or of one marker kind made a unit by a special
    /// rule, if `unit` or `extra` is given): "10 MZ or more", "all four limbers" (R&S 11.17).
    Units {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extra: Option<MarkerKind>,
    },
    /// At least this fraction of the side's units: "one-third or more of their units".
    Fraction { fraction: Frac },
    /// Every surviving unit (of one type, or one group, if given).
    All {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extra: Option<MarkerKind>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum VictoryRule {
    /// `side` holds the target at the end of `turn` (the last game-turn if absent); with
    /// `no_enemy_within`, no enemy unit may be that close to the held hexes.
    Hold {
        side: String,
        target: Target,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        no_enemy_within: Option<u32>,
    },
    /// Holding the target for `turns` consecutive game-turns at any time wins. With no `side`,
    /// whichever side does it first wins ("Whoever holds all of H26 for any two consecutive
    /// Game-Turns wins").
    HoldForTurns {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        target: Target,
        turns: u32,
    },
    /// `side` moves units off the map through the `area` hexes by the end of `by_turn`.
    Exit {
        side: String,
        units: ExitCount,
        area: super::Zone,
        by_turn: u32,
        /// "without losing more units than the enemy loses".
        #[serde(default)]
        no_more_losses_than_enemy: bool,
    },
    /// `side` must eliminate every enemy unit; the result is graded by the turn it happens.
    DestroyAll {
        side: String,
        grades: Vec<Grade>,
        /// The result if the enemy still has units at the end.
        otherwise: Grade,
    },
    /// `side` must control the hill (feature) that `enemy` deployed on, chosen from
    /// `candidates`, by the end of `by_turn`. Control: every hex of it held.
    ControlDeployedHill {
        side: String,
        enemy: String,
        candidates: Vec<String>,
        by_turn: u32,
    },
    /// `side`'s victory points (the scenario's `victory_points`) reach `at_least` at the end of
    /// `turn` (the last game-turn if absent); with `margin`, its points less the enemy's.
    Points {
        side: String,
        at_least: i64,
        #[serde(default)]
        margin: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn: Option<u32>,
    },
    /// Every part met, by one side. Parts are conditions decided at a game-turn (hold, exit,
    /// control_deployed_hill, points) of the same side.
    All { side: String, of: Vec<VictoryRule> },
    /// At least one part met, by one side (parts as for `all`).
    Any { side: String, of: Vec<VictoryRule> },
}

impl VictoryRule {
    /// The side that must achieve the condition, if one is named.
    pub fn side(&self) -> Option<&str> {
        match self {
            VictoryRule::Hold { side, .. }
            | VictoryRule::Exit { side, .. }
            | VictoryRule::DestroyAll { side, .. }
            | VictoryRule::ControlDeployedHill { side, .. }
            | VictoryRule::Points { side, .. }
            | VictoryRule::All { side, .. }
            | VictoryRule::Any { side, .. } => Some(side),
            VictoryRule::HoldForTurns { side, .. } => side.as_deref(),
        }
    }
}

/// What scores a side victory points (`victory_points[].source`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PointsSource {
    /// `points` for holding the target (as a `hold` condition reads it) at the end of the game,
    /// or with `each_turn`, at the end of every game-turn.
    Hold {
        target: Target,
        points: i64,
        #[serde(default)]
        each_turn: bool,
    },
    /// `points` for each enemy unit eliminated.
    Eliminated { points: i64 },
    /// `points` for each of the side's units that leaves the map through `area`.
    Exited { points: i64, area: super::Zone },
}

/// One way a side scores victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsEntry {
    pub text: String,
    pub side: String,
    pub source: PointsSource,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApproachEffect {
    /// Units that come that close are automatically disrupted (scenario 13).
    Disrupted,
    /// Units may not come that close at all.
    Forbidden,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SpecialRule {
    /// Treat terrain types and/or features as clear terrain ("Treat all woods hexes as clear").
    TreatAsClear {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        terrain: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        features: Vec<String>,
    },
    /// Hexes treated as another terrain for the battle ("treat the Sunken Road as slope"):
    /// every hex of the terrain types, features and hexes named plays as terrain `as`.
    TreatAs {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        terrain: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        features: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        hexes: Vec<String>,
        #[serde(rename = "as")]
        as_terrain: String,
    },
    /// One side's units of one type have another range ("French EB units have a range of 10");
    /// with `group`, only that group's.
    Range {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        unit: String,
        range: u32,
    },
    /// A side (with `group`, one group of it) may not move for the first `turns` game-turns.
    NoMovement {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        turns: u32,
    },
    /// A side (with `group`, one group of it) may not approach within `distance` hexes of
    /// features, or is disrupted if it does.
    Approach {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        features: Vec<String>,
        distance: u32,
        effect: ApproachEffect,
    },
    /// Rivers (river hexes) may be entered only through these terrain types or features
    /// ("Rivers may only be entered at bridges and fords").
    RiverCrossings {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
        /// Only this group of `side`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<MarkerKind>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        terrain: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        features: Vec<String>,
    },
    /// Improved positions may be placed during deployment (R&S 10.2), except in `zone`.
    ImprovedPositionsAtDeployment {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not_in: Option<ZoneRule>,
    },
    /// A scenario-only unit kind with its own values (scenario 17's limbers without cannon).
    SpecialUnit {
        side: String,
        /// The extra of the order of battle these units are ("limber_marker").
        extra: MarkerKind,
        movement: u32,
        combat: u32,
        /// Must be placed on, and may move only along, road hexes.
        #[serde(default)]
        road_only: bool,
        /// Eliminated when alone in a hex to which an enemy unit moves adjacent (errata 11.17).
        #[serde(default)]
        eliminated_alone_next_to_enemy: bool,
    },
    /// Wording with no mechanical effect the engine must enforce (a note to the players).
    Note,
}

/// A kind of marker an order of battle holds beside its units, named by a rule ("all four
/// limbers"): one of the scenario's rule system's ([`crate::engine::Ruleset::order_markers`]),
/// which checks it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MarkerKind(pub String);

impl MarkerKind {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// In a schema, a marker kind is one of those the registered rule systems know when the schema
/// is written.
impl JsonSchema for MarkerKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "MarkerKind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut kinds: Vec<&str> = crate::engine::game::registry::all()
            .iter()
            .flat_map(|r| r.order_markers())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        schemars::json_schema!({
            "description": "A kind of marker in a side's order of battle, as its rule system \
                            names it.",
            "type": "string",
            "enum": kinds,
        })
    }
}

impl SharedKinds for VictoryRule {
    const KINDS: &'static [&'static str] = &[
        "hold",
        "hold_for_turns",
        "exit",
        "destroy_all",
        "control_deployed_hill",
        "points",
        "all",
        "any",
    ];
}

impl SharedKinds for SpecialRule {
    const KINDS: &'static [&'static str] = &[
        "treat_as_clear",
        "treat_as",
        "range",
        "no_movement",
        "approach",
        "river_crossings",
        "improved_positions_at_deployment",
        "special_unit",
        "note",
    ];
}

/// Each hex whose terrain a special rule changes, with the terrain it plays as (R&S 11.0:
/// "ignore certain terrain features"): `treat_as_clear` and `treat_as` rules in the order the
/// scenario gives them, a later rule over an earlier one. Hexes not listed play as the map has
/// them.
pub fn played_terrain(
    rules: &[super::file::SpecialRuleEntry],
    map: &crate::map::Map,
) -> std::collections::BTreeMap<crate::map::HexCoord, String> {
    let grid = map.grid;
    let mut played = std::collections::BTreeMap::new();
    for r in rules {
        let (terrain, features, hexes, as_terrain): (&[String], &[String], &[String], &str) =
            match r.rule.shared() {
                Some(SpecialRule::TreatAsClear { terrain, features }) => {
                    (terrain, features, &[], "clear")
                }
                Some(SpecialRule::TreatAs {
                    terrain,
                    features,
                    hexes,
                    as_terrain,
                }) => (terrain, features, hexes, as_terrain.as_str()),
                _ => continue,
            };
        let named = features
            .iter()
            .filter_map(|c| map.feature(c))
            .flat_map(|f| f.hexes.iter().copied())
            .chain(hexes.iter().filter_map(|n| grid.parse(n)))
            .chain(grid.hexes().filter(|h| {
                map.terrain(*h)
                    .is_some_and(|k| terrain.iter().any(|t| t == k))
            }))
            .collect::<Vec<_>>();
        for h in named {
            played.insert(h, as_terrain.to_string());
        }
    }
    played
}

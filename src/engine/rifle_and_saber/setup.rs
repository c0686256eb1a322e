//! The static part of a Rifle & Saber game: terrain as the rules see it (special rules
//! applied), unit kinds and units, zones, victory conditions and options. Built once from a
//! validated [`Scenario`]; shared by every state of the game.

use super::scenario::Morale;
use crate::engine::error::RuleError;
use crate::engine::hash::sha256_hex;
use crate::engine::rifle_and_saber::oob::{Extra, Item};
use crate::frac::Frac;
use crate::map::{Edge, Grid, HexCoord};
use crate::scenario::rules::{ApproachEffect, SpecialRule};
use crate::scenario::{DeployConstraint, Scenario};
use crate::tables::{Arm, CombatResults, RangeEffects};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Optional rules (R&S 10.1-10.5), each switchable per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameOptions {
    /// 10.1 morale levels.
    pub morale: bool,
    /// 10.2 improved positions.
    pub improved_positions: bool,
    /// 10.3 trenches.
    pub trenches: bool,
    /// 10.4 range effects chart.
    pub range_effects: bool,
    /// 10.5 road movement mode.
    pub road_movement: bool,
}

impl Default for GameOptions {
    /// Morale, improved positions and trenches are on: the scenarios themselves use them
    /// (Varese's high morale, the trenches and improved positions in orders of battle).
    fn default() -> GameOptions {
        GameOptions {
            morale: true,
            improved_positions: true,
            trenches: true,
            range_effects: false,
            road_movement: false,
        }
    }
}

/// A unit type as the engine uses it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitKind {
    pub code: String,
    pub name: String,
    pub arm: Arm,
    pub fire_attack: Frac,
    pub shot_attack: Option<Frac>,
    pub fire_defense: Frac,
    pub range: u32,
    pub shot_range: Option<u32>,
    pub movement: u32,
    pub shock: u32,
    pub stacking: u32,
    pub charge_movement: Option<u32>,
    /// Kind index of the dismounted form (R&S 4(L)).
    pub dismounts_as: Option<usize>,
    pub limbers: bool,
    /// Scenario special unit (scenario 17's limbers).
    pub road_only: bool,
    pub eliminated_alone_next_to_enemy: bool,
}

impl UnitKind {
    /// R&S 5.1(H): artillery and machine guns.
    pub fn is_gun(&self) -> bool {
        self.arm.is_gun()
    }
}

/// Terrain of one hex as the rules see it, after "treat as clear" special rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexInfo {
    pub terrain: String,
    pub movement: Frac,
    /// Cost when entered through a road hexside, if the terrain sets one (bridges).
    pub movement_by_road: Option<Frac>,
    pub defense: Frac,
    /// A bridge's defense "as if the Road or Bridge did not exist" (the river's): what a unit
    /// not in road movement mode gets when optional rule 10.5 is in play (R&S 9.2 note).
    pub defense_without_bridge: Option<Frac>,
    pub blocks_los: bool,
    /// Clear terrain (R&S 6.0(C) retreats, 4(K) charges).
    pub clear: bool,
    /// River, ford or bridge: crossing points for river special rules.
    pub water: bool,
    pub elevation: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSetup {
    pub id: String,
    pub name: String,
    pub color: String,
    pub morale: Morale,
    /// Groups that start at another morale level than their side (R&S 10.1 by group).
    pub group_morale: BTreeMap<String, Morale>,
    /// (group, kind index) -> range (special rule); no group: every unit of the kind.
    pub range_override: BTreeMap<(Option<String>, usize), u32>,
    /// May not move during game-turns 1..=N.
    pub no_movement_turns: u32,
    /// A group that may not move during game-turns 1..=N.
    pub group_no_movement: BTreeMap<String, u32>,
    /// Hexes that disrupt (or forbid) this side's units (with a group: that group's) entering
    /// them.
    pub approach: Vec<Approach>,
    pub trenches: u32,
    pub improved_positions: u32,
    /// Improved positions may be placed at deployment, outside these hexes.
    pub ip_at_deployment: Option<BTreeSet<HexCoord>>,
}

/// A scenario's approach rule for a side or one group of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Approach {
    pub group: Option<String>,
    pub hexes: BTreeSet<HexCoord>,
    pub effect: ApproachEffect,
    pub text: String,
}

/// River-crossing limits: water hexes a unit may enter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrossingRule {
    pub side: Option<usize>,
    /// Only this group of the side.
    pub group: Option<String>,
    /// Only for this kind (a special unit), or for every unit.
    pub kind: Option<usize>,
    pub allowed: BTreeSet<HexCoord>,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitSetup {
    pub side: usize,
    pub kind: usize,
    pub group: Option<String>,
    /// "British MZ 3".
    pub label: String,
    /// Deployment entry index, for units set up before play.
    pub deployment: Option<usize>,
    /// (game-turn, entry index) for reinforcements.
    pub arrival: Option<(u32, usize)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeploymentSetup {
    pub side: usize,
    pub text: String,
    pub hexes: BTreeSet<HexCoord>,
    pub constraints: Vec<DeployConstraint>,
}

pub use super::victory::PointsSetup;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Setup {
    pub scenario_id: String,
    pub title: String,
    /// SHA-256 of the scenario, map and catalog documents: which setup a record belongs to.
    pub scenario_hash: String,
    pub options: GameOptions,
    pub grid: Grid,
    /// Per hex, by [`Grid::index`].
    pub hexes: Vec<HexInfo>,
    /// Ridge hexsides: +1 MP, block line of sight (R&S 9.2, 5.1(G)1).
    pub ridges: BTreeSet<Edge>,
    /// Extra movement points per hexside.
    pub hexside_extra: BTreeMap<Edge, Frac>,
    /// Road connections between adjacent hexes.
    pub roads: BTreeSet<Edge>,
    pub road_cost: Frac,
    /// Where roads leave the map (for exits).
    pub road_exits: BTreeSet<HexCoord>,
    pub kinds: Vec<UnitKind>,
    pub sides: [SideSetup; 2],
    pub units: Vec<UnitSetup>,
    pub deployments: Vec<DeploymentSetup>,
    pub entries: Vec<BTreeSet<HexCoord>>,
    pub crossings: Vec<CrossingRule>,
    pub deploys_first: usize,
    pub moves_first: usize,
    pub game_length: u32,
    pub victory: Vec<crate::engine::victory::Entry<HexCoord>>,
    /// How each side scores victory points.
    pub points: Vec<PointsSetup>,
    pub features: BTreeMap<String, Vec<HexCoord>>,
    pub crt: CombatResults,
    pub range_effects: RangeEffects,
    /// The scenario's scripted events, in the order they happen (`scripted`).
    #[serde(skip)]
    pub scripted: Vec<super::scripted::Scripted>,
    /// Per hex: bit `d` set when a road leaves towards hexx edge direction `d`.
    #[serde(skip)]
    pub road_dirs: Vec<u8>,
    /// Per hex: bit `d` set when the hexside towards direction `d` is a ridge.
    #[serde(skip)]
    pub ridge_dirs: Vec<u8>,
    /// Per hex and direction: extra movement points to cross that hexside.
    #[serde(skip)]
    pub side_extra: Vec<[Frac; 6]>,
    /// Per hex and direction: the neighbour's index, or `NO_HEX` off the map.
    #[serde(skip)]
    pub neighbors: Vec<[u32; 6]>,
    /// Every movement cost is a whole number of `1/cost_den` MP (3 in Rifle & Saber: roads
    /// cost 1/3), so searches add integers.
    #[serde(skip)]
    pub cost_den: i64,
    /// Per hex, in those units: cost to enter, and through a road hexside.
    #[serde(skip)]
    pub move_units: Vec<i64>,
    #[serde(skip)]
    pub road_units: Vec<i64>,
    /// Per hex and direction, in those units: extra cost of the hexside.
    #[serde(skip)]
    pub side_units: Vec<[i64; 6]>,
}

/// No neighbour in that direction (the map edge).
pub const NO_HEX: u32 = u32::MAX;

impl Setup {
    /// Game-turns 1..=N in which unit `u` may not move (a scenario special rule for its side
    /// or its group; the longer applies).
    pub fn no_movement_turns(&self, u: usize) -> u32 {
        let unit = &self.units[u];
        let side = &self.sides[unit.side];
        let group = unit
            .group
            .as_ref()
            .and_then(|g| side.group_no_movement.get(g))
            .copied()
            .unwrap_or(0);
        side.no_movement_turns.max(group)
    }

    /// A scenario's range for unit `u` of kind `kind`, if one is set: its group's before its
    /// side's.
    pub fn range_override(&self, u: usize, kind: usize) -> Option<u32> {
        let unit = &self.units[u];
        let side = &self.sides[unit.side];
        unit.group
            .as_ref()
            .and_then(|g| side.range_override.get(&(Some(g.clone()), kind)))
            .or_else(|| side.range_override.get(&(None, kind)))
            .copied()
    }

    /// The approach rules that apply to unit `u` (its side's, and its group's).
    pub fn approach_rules(&self, u: usize) -> impl Iterator<Item = &Approach> {
        let unit = &self.units[u];
        self.sides[unit.side]
            .approach
            .iter()
            .filter(move |a| a.group.is_none() || a.group == unit.group)
    }

    /// A stand-in for states read from JSON before their real setup is attached (see
    /// `State::from_snapshot`); never used for play.
    pub fn placeholder() -> std::sync::Arc<Setup> {
        static EMPTY: std::sync::OnceLock<std::sync::Arc<Setup>> = std::sync::OnceLock::new();
        EMPTY
            .get_or_init(|| {
                let t = crate::engine::rifle_and_saber::tables::Tables::embedded();
                let side = || SideSetup {
                    id: String::new(),
                    name: String::new(),
                    color: String::new(),
                    morale: Morale::Normal,
                    group_morale: BTreeMap::new(),
                    range_override: BTreeMap::new(),
                    no_movement_turns: 0,
                    group_no_movement: BTreeMap::new(),
                    approach: Vec::new(),
                    trenches: 0,
                    improved_positions: 0,
                    ip_at_deployment: None,
                };
                std::sync::Arc::new(Setup {
                    scenario_id: String::new(),
                    title: String::new(),
                    scenario_hash: String::new(),
                    options: GameOptions::default(),
                    grid: Grid::flat(1, 1),
                    hexes: Vec::new(),
                    ridges: BTreeSet::new(),
                    hexside_extra: BTreeMap::new(),
                    roads: BTreeSet::new(),
                    road_cost: Frac::ONE,
                    road_exits: BTreeSet::new(),
                    kinds: Vec::new(),
                    sides: [side(), side()],
                    units: Vec::new(),
                    deployments: Vec::new(),
                    entries: Vec::new(),
                    crossings: Vec::new(),
                    deploys_first: 0,
                    moves_first: 0,
                    game_length: 0,
                    victory: Vec::new(),
                    points: Vec::new(),
                    features: BTreeMap::new(),
                    crt: t.combat_results.clone(),
                    range_effects: t.range_effects.clone(),
                    road_dirs: Vec::new(),
                    ridge_dirs: Vec::new(),
                    side_extra: Vec::new(),
                    neighbors: Vec::new(),
                    cost_den: 1,
                    move_units: Vec::new(),
                    road_units: Vec::new(),
                    side_units: Vec::new(),
                    scripted: Vec::new(),
                })
            })
            .clone()
    }

    pub fn new(scenario: &Scenario, options: GameOptions) -> Result<Setup, RuleError> {
        let file = &scenario.file;
        let map = &scenario.map;
        let tables = super::tables::Tables::embedded();
        let tec = &tables.terrain;
        let side_of = |id: &str| scenario.side_index(id).expect("validated side");
        let feature_hexes = |codes: &[String]| -> BTreeSet<HexCoord> {
            codes
                .iter()
                .filter_map(|c| map.feature(c))
                .flat_map(|f| f.hexes.iter().copied())
                .collect()
        };

        // Special rules that change terrain: R&S 11.0 "ignore certain terrain features".
        // Each hex's terrain for the battle: treat_as_clear and treat_as rules in the order
        // the scenario gives them, a later rule over an earlier one.
        let grid = map.grid;
        let played = crate::scenario::rules::played_terrain(&file.special_rules, map);
        if let Some(t) = played.values().find(|t| tec.terrain(t).is_none()) {
            return Err(RuleError::Unimplemented(format!(
                "a terrain chart without '{t}'"
            )));
        }
        // R&S 11.7, 11.13 "Treat R3 and H27 as clear terrain": a hill played as clear terrain
        // is gone, not only its slopes: no ridge on its hexsides and no height. Its hexes lie
        // at the level of the ground around them (the lowest hex bordering them).
        let flat: BTreeSet<HexCoord> = played
            .iter()
            .filter(|(h, t)| t.as_str() == "clear" && map.terrain(**h) == Some("slope"))
            .map(|(h, _)| *h)
            .collect();
        let mut ground: BTreeMap<HexCoord, u8> = BTreeMap::new();
        for &start in &flat {
            if ground.contains_key(&start) {
                continue;
            }
            let mut part = vec![start];
            let mut seen = BTreeSet::from([start]);
            let mut low: Option<u8> = None;
            let mut i = 0;
            while i < part.len() {
                for n in grid.neighbors(part[i]).collect::<Vec<_>>() {
                    if flat.contains(&n) {
                        if seen.insert(n) {
                            part.push(n);
                        }
                    } else {
                        let e = map.elevation(n).unwrap_or(0);
                        low = Some(low.map_or(e, |l| l.min(e)));
                    }
                }
                i += 1;
            }
            for h in part {
                ground.insert(h, low.unwrap_or(0));
            }
        }
        let hexes: Vec<HexInfo> = grid
            .hexes()
            .map(|h| {
                let key = played
                    .get(&h)
                    .map(String::as_str)
                    .unwrap_or_else(|| map.terrain(h).expect("on map"));
                let t = tec.terrain(key).expect("validated terrain");
                HexInfo {
                    terrain: t.key.clone(),
                    movement: t.movement,
                    movement_by_road: t.movement_by_road,
                    defense: t.defense,
                    defense_without_bridge: match t.key.as_str() {
                        "bridge" => tec.terrain("river").map(|r| r.defense),
                        _ => None,
                    },
                    blocks_los: t.blocks_line_of_sight,
                    clear: t.key == "clear",
                    water: matches!(t.key.as_str(), "river" | "ford" | "bridge"),
                    elevation: ground
                        .get(&h)
                        .copied()
                        .unwrap_or_else(|| map.elevation(h).unwrap_or(0)),
                }
            })
            .collect();
        let mut ridges = BTreeSet::new();
        let mut hexside_extra = BTreeMap::new();
        for (edge, features) in map.hexsides() {
            let mut extra = Frac::ZERO;
            let (a, b) = edge.hexes();
            let flattened = flat.contains(&a) || flat.contains(&b);
            for f in features {
                // R&S 11.7, 11.13: a hill played as clear terrain has no ridges.
                if flattened && f == "ridge" {
                    continue;
                }
                let hs = tec.hexside(f).expect("validated hexside");
                extra = extra + hs.movement_extra;
                if hs.blocks_line_of_sight {
                    ridges.insert(edge);
                }
            }
            if extra != Frac::ZERO {
                hexside_extra.insert(edge, extra);
            }
        }
        let mut roads = BTreeSet::new();
        for r in &map.routes {
            if r.kind != "road" {
                return Err(RuleError::Unimplemented(format!(
                    "route kind '{}' in Rifle & Saber movement",
                    r.kind
                )));
            }
            for w in r.hexes.windows(2) {
                roads.insert(Edge::new(w[0], w[1]));
            }
        }
        let road_cost = tec.route("road").map(|r| r.movement).unwrap_or(Frac::ONE);

        // Unit kinds: the catalog, then scenario special units.
        let catalog = &scenario.catalog;
        let mut kinds: Vec<UnitKind> = catalog
            .units
            .iter()
            .map(|u| UnitKind {
                code: u.code.clone(),
                name: u.name.clone(),
                arm: u.arm,
                fire_attack: u.fire_attack.value,
                shot_attack: u.shot_attack.as_ref().map(|s| s.value),
                fire_defense: u.fire_defense.value,
                range: u.range.value,
                shot_range: u.shot_range.as_ref().map(|s| s.value),
                movement: u.movement.value,
                shock: u.shock.value,
                stacking: u.stacking.value,
                charge_movement: u.charge_movement.as_ref().map(|s| s.value),
                dismounts_as: None,
                limbers: u.limbers,
                road_only: false,
                eliminated_alone_next_to_enemy: false,
            })
            .collect();
        for (i, u) in catalog.units.iter().enumerate() {
            kinds[i].dismounts_as = u
                .dismounts_as
                .as_ref()
                .and_then(|d| catalog.units.iter().position(|o| &o.code == d));
        }
        let mut special_kinds: BTreeMap<(usize, Extra), usize> = BTreeMap::new();
        for r in &file.special_rules {
            if let Some(SpecialRule::SpecialUnit {
                side,
                extra,
                movement,
                combat,
                road_only,
                eliminated_alone_next_to_enemy,
            }) = r.rule.shared()
            {
                let extra = Extra::of(extra);
                special_kinds.insert((side_of(side), extra), kinds.len());
                // R&S 11.17: limbers have a movement allowance and a combat strength; as
                // markers they have no stacking points (R&S 7.0(A)).
                kinds.push(UnitKind {
                    code: "Limber".to_string(),
                    name: extra.singular().to_string(),
                    arm: Arm::Infantry,
                    fire_attack: Frac::int(*combat as i64),
                    shot_attack: None,
                    fire_defense: Frac::int(*combat as i64),
                    range: 0,
                    shot_range: None,
                    movement: *movement,
                    shock: *combat,
                    stacking: 0,
                    charge_movement: None,
                    dismounts_as: None,
                    limbers: false,
                    road_only: *road_only,
                    eliminated_alone_next_to_enemy: *eliminated_alone_next_to_enemy,
                });
            }
        }

        let section = super::scenario::section(scenario);
        let mut sides: Vec<SideSetup> = scenario
            .sides
            .iter()
            .zip(&section.sides)
            .map(|(s, rs)| SideSetup {
                id: s.id.clone(),
                name: s.name.clone(),
                color: s.color.clone(),
                morale: rs.morale,
                group_morale: rs.group_morale.clone(),
                range_override: BTreeMap::new(),
                no_movement_turns: 0,
                group_no_movement: BTreeMap::new(),
                approach: Vec::new(),
                trenches: rs.oob.extra(Extra::Trench),
                improved_positions: rs.oob.extra(Extra::ImprovedPosition),
                ip_at_deployment: None,
            })
            .collect();
        let mut crossings = Vec::new();
        let kind_of = |code: &str| kinds.iter().position(|k| k.code.eq_ignore_ascii_case(code));
        for r in &file.special_rules {
            let Some(rule) = r.rule.shared() else {
                continue;
            };
            match rule {
                SpecialRule::Range {
                    side,
                    group,
                    unit,
                    range,
                } => {
                    let k = kind_of(unit).expect("validated unit");
                    sides[side_of(side)]
                        .range_override
                        .insert((group.clone(), k), *range);
                }
                SpecialRule::NoMovement { side, group, turns } => {
                    let s = &mut sides[side_of(side)];
                    match group {
                        Some(g) => {
                            s.group_no_movement.insert(g.clone(), *turns);
                        }
                        None => s.no_movement_turns = *turns,
                    }
                }
                SpecialRule::Approach {
                    side,
                    group,
                    features,
                    distance,
                    effect,
                } => {
                    let f: Vec<HexCoord> = feature_hexes(features).into_iter().collect();
                    let near: BTreeSet<HexCoord> = grid
                        .hexes()
                        .filter(|h| f.iter().any(|x| grid.distance(*h, *x) <= *distance))
                        .collect();
                    sides[side_of(side)].approach.push(Approach {
                        group: group.clone(),
                        hexes: near,
                        effect: *effect,
                        text: r.text.clone(),
                    });
                }
                SpecialRule::RiverCrossings {
                    side,
                    group,
                    unit,
                    terrain,
                    features,
                } => {
                    let side = side.as_deref().map(side_of);
                    let kind = match unit {
                        Some(extra) => {
                            let owner = side.unwrap_or(0);
                            let extra = Extra::of(extra);
                            Some(*special_kinds.get(&(owner, extra)).ok_or_else(|| {
                                RuleError::Unimplemented(format!(
                                    "a river crossing rule for {} without a special_unit rule",
                                    extra.plural()
                                ))
                            })?)
                        }
                        None => None,
                    };
                    let mut allowed = feature_hexes(features);
                    allowed.extend(
                        grid.hexes().filter(|h| {
                            terrain.iter().any(|t| map.terrain(*h) == Some(t.as_str()))
                        }),
                    );
                    crossings.push(CrossingRule {
                        side,
                        group: group.clone(),
                        kind,
                        allowed,
                        text: r.text.clone(),
                    });
                }
                SpecialRule::ImprovedPositionsAtDeployment { side, not_in } => {
                    let forbidden = match not_in {
                        Some(z) => z.compute(map).map_err(RuleError::not_now)?,
                        None => BTreeSet::new(),
                    };
                    sides[side_of(side)].ip_at_deployment = Some(forbidden);
                }
                SpecialRule::TreatAsClear { .. }
                | SpecialRule::TreatAs { .. }
                | SpecialRule::SpecialUnit { .. }
                | SpecialRule::Note => {}
            }
        }

        // Units, numbered per side and code: "British MZ 3".
        let mut units = Vec::new();
        for (si, (s, rs)) in scenario.sides.iter().zip(&section.sides).enumerate() {
            let mut numbers: BTreeMap<String, u32> = BTreeMap::new();
            for g in &rs.oob.groups {
                let deployment = scenario
                    .deployments
                    .iter()
                    .position(|d| d.side == si && d.groups.contains(&g.label));
                let arrival = scenario
                    .reinforcements
                    .iter()
                    .position(|r| r.side == si && r.group == g.label)
                    .map(|i| (scenario.reinforcements[i].turn, i));
                for e in &g.entries {
                    let kind = match &e.item {
                        Item::Unit(code) => kind_of(code).expect("validated unit"),
                        Item::Extra(extra) => match special_kinds.get(&(si, *extra)) {
                            Some(k) => *k,
                            None => continue, // trenches and improved positions: allotments
                        },
                    };
                    for _ in 0..e.count {
                        let n = numbers.entry(kinds[kind].code.clone()).or_insert(0);
                        *n += 1;
                        units.push(UnitSetup {
                            side: si,
                            kind,
                            group: g.label.clone(),
                            label: format!("{} {} {}", s.name, kinds[kind].code, n),
                            deployment,
                            arrival,
                        });
                    }
                }
            }
        }

        let (victory, points) =
            super::victory::build(file, map, &side_of, &kind_of, &special_kinds);

        let hash_input = format!(
            "{}\n{}\n{}",
            file.to_text(),
            map.identity_text(),
            crate::document::to_text(catalog)
        );
        let n = grid.len();
        let mut road_dirs = vec![0u8; n];
        let mut ridge_dirs = vec![0u8; n];
        let mut side_extra = vec![[Frac::ZERO; 6]; n];
        let mut neighbors = vec![[NO_HEX; 6]; n];
        for h in grid.hexes() {
            let i = grid.index(h).expect("on map");
            for d in hexx::EdgeDirection::ALL_DIRECTIONS {
                let Some(nb) = grid.from_hex(grid.to_hex(h).neighbor(d)) else {
                    continue;
                };
                neighbors[i][d.index() as usize] = grid.index(nb).expect("on map") as u32;
                let e = Edge::new(h, nb);
                let bit = 1u8 << d.index();
                if roads.contains(&e) {
                    road_dirs[i] |= bit;
                }
                if ridges.contains(&e) {
                    ridge_dirs[i] |= bit;
                }
                if let Some(x) = hexside_extra.get(&e) {
                    side_extra[i][d.index() as usize] = *x;
                }
            }
        }
        let mut cost_den: i64 = 1;
        let lcm = |a: i64, b: i64| {
            let (mut x, mut y) = (a, b);
            while y != 0 {
                (x, y) = (y, x % y);
            }
            a / x * b
        };
        for f in hexes
            .iter()
            .flat_map(|h| std::iter::once(h.movement).chain(h.movement_by_road))
            .chain(side_extra.iter().flatten().copied())
            .chain([road_cost])
        {
            cost_den = lcm(cost_den, f.den());
        }
        let to_units = |f: Frac| (f * Frac::int(cost_den)).floor();
        let move_units: Vec<i64> = hexes.iter().map(|h| to_units(h.movement)).collect();
        let road_units: Vec<i64> = hexes
            .iter()
            .map(|h| to_units(h.movement_by_road.unwrap_or(road_cost).min(road_cost)))
            .collect();
        let side_units: Vec<[i64; 6]> = side_extra.iter().map(|a| a.map(to_units)).collect();
        let scripted = super::scripted::build(file, &grid, &units, side_of);
        Ok(Setup {
            move_units,
            road_units,
            side_units,
            cost_den,
            neighbors,
            road_dirs,
            ridge_dirs,
            side_extra,
            scenario_id: file.id.clone(),
            title: file.title.clone(),
            scenario_hash: sha256_hex(hash_input.as_bytes()),
            options,
            grid,
            hexes,
            ridges,
            hexside_extra,
            roads,
            road_cost,
            road_exits: map.exits.iter().map(|e| e.hex).collect(),
            kinds,
            sides: sides.try_into().expect("two sides"),
            units,
            deployments: scenario
                .deployments
                .iter()
                .map(|d| DeploymentSetup {
                    side: d.side,
                    text: d.text.clone(),
                    hexes: d.hexes.clone(),
                    constraints: d.constraints.clone(),
                })
                .collect(),
            entries: scenario
                .reinforcements
                .iter()
                .map(|r| r.hexes.clone())
                .collect(),
            crossings,
            deploys_first: scenario.deploys_first,
            moves_first: scenario.moves_first,
            game_length: file.game_length,
            victory,
            points,
            features: map
                .features
                .iter()
                .map(|f| (f.code.clone(), f.hexes.clone()))
                .collect(),
            crt: tables.combat_results.clone(),
            range_effects: tables.range_effects.clone(),
            scripted,
        })
    }

    pub fn hex(&self, h: HexCoord) -> &HexInfo {
        &self.hexes[self.grid.index(h).expect("hex on the map")]
    }

    /// A movement cost in whole units of `1/cost_den` MP.
    pub fn units(&self, f: Frac) -> i64 {
        (f * Frac::int(self.cost_den)).floor()
    }

    /// The hexx direction from `a` to its neighbour `b`, with `a`'s index.
    fn dir(&self, a: HexCoord, b: HexCoord) -> Option<(usize, usize)> {
        let i = self.grid.index(a)?;
        let d = self
            .grid
            .to_hex(a)
            .neighbor_direction(self.grid.to_hex(b))?;
        Some((i, d.index() as usize))
    }

    pub fn is_road(&self, a: HexCoord, b: HexCoord) -> bool {
        self.dir(a, b)
            .is_some_and(|(i, d)| self.road_dirs[i] & (1 << d) != 0)
    }

    pub fn has_road(&self, h: HexCoord) -> bool {
        self.grid.index(h).is_some_and(|i| self.road_dirs[i] != 0)
    }

    pub fn is_ridge(&self, a: HexCoord, b: HexCoord) -> bool {
        self.dir(a, b)
            .is_some_and(|(i, d)| self.ridge_dirs[i] & (1 << d) != 0)
    }

    /// Extra movement points to cross from `a` into its neighbour `b`.
    pub fn side_cost(&self, a: HexCoord, b: HexCoord) -> Frac {
        self.dir(a, b)
            .map(|(i, d)| self.side_extra[i][d])
            .unwrap_or(Frac::ZERO)
    }

    pub fn name(&self, h: HexCoord) -> String {
        self.grid.name(h)
    }

    pub fn other(side: usize) -> usize {
        1 - side
    }
}

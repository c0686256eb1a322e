//! The fixed part of an Age of Rifles game, built once from a validated scenario and shared by
//! every state of the game (an `Arc`): the map, the units, leaders and formations by index,
//! where each group deploys or arrives, the victory conditions Kepi plays, and the hash of
//! everything the game was started from.
//!
//! Invariants: units, leaders and formations are numbered in the scenario's order, side 0's
//! first; every index stored in a state points into these lists; hexes are grid indices
//! (`Ix`) of `map`.

use super::ruleset::Options;
use super::section::{self, Armament, Kind, Order, Role};
use crate::engine::RuleError;
use crate::engine::hash::sha256_hex;
use crate::map::{HexCoord, Map};
use crate::scenario::Scenario;
use crate::scenario::rules::{PointsSource, SpecialRule};
use std::collections::BTreeSet;

/// A hex as a grid index of the map.
pub type Ix = u16;

/// The map chart's terrain key of a fort (AoR 10.1).
pub const FORT: &str = "fort";
/// The map chart's hexside key of a fortified hexside (AoR 10.2).
pub const WALL: &str = "wall";

#[derive(Clone, Debug)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    pub formation: usize,
    pub kind: Kind,
    pub strength: u32,
    pub reduced_strength: Option<u32>,
    pub morale: u32,
    pub movement: u32,
    pub armament: Armament,
    pub steady: bool,
    pub guard: bool,
}

impl UnitDef {
    /// AoR 6.1: two steps when backprinted.
    pub fn steps(&self) -> u8 {
        if self.reduced_strength.is_some() {
            2
        } else {
            1
        }
    }
    /// The strength of the side showing with `steps` left.
    pub fn strength_at(&self, steps: u8) -> u32 {
        if steps >= 2 || self.reduced_strength.is_none() {
            self.strength
        } else {
            self.reduced_strength.unwrap_or(self.strength)
        }
    }
}

#[derive(Clone, Debug)]
pub struct LeaderDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    pub role: Role,
    pub rating: u32,
    pub movement: u32,
    /// The formation he leads (formation leaders).
    pub formation: Option<usize>,
    /// The group he sets up or arrives with.
    pub group: String,
    /// A leader a scripted event brings into the game (`scripted::build`): not in play until
    /// it happens.
    pub scripted: bool,
}

#[derive(Clone, Debug)]
pub struct FormationDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    pub leader: usize,
    /// The OC or WC who sends it orders.
    pub commander: usize,
    pub order: Order,
    pub march_to: Option<Ix>,
    pub attack_after_march: bool,
    pub demoralization: u32,
    pub group: String,
}

/// Where a group is placed: a deployment zone or a reinforcement's entry hexes on a turn.
#[derive(Clone, Debug)]
pub struct Placement {
    pub side: usize,
    pub group: String,
    /// 0 for a deployment; the game-turn of arrival for a reinforcement.
    pub turn: u32,
    pub hexes: Vec<Ix>,
    pub text: String,
}

/// A victory target: each feature's hexes, then each named hex, and how much of it must be
/// held.
pub type TargetHexes = crate::engine::victory::Target<Ix>;
/// A victory condition of the shared kinds, on the map's grid indices.
pub type Condition = crate::engine::victory::Condition<Ix>;
/// A victory entry of the scenario.
pub type VictoryDef = crate::engine::victory::Entry<Ix>;

#[derive(Clone, Debug)]
pub enum PointsDef {
    Hold {
        side: usize,
        target: TargetHexes,
        points: i64,
        each_turn: bool,
    },
    Eliminated {
        side: usize,
        points: i64,
    },
    /// AoR 5.6: `points` for each of `side`'s units that leaves the map from a hex of `area`
    /// (the side's exit area: its units may leave the map only there, `exit` says how).
    Exited {
        side: usize,
        points: i64,
        area: Vec<Ix>,
    },
}

/// One way out of a hex, with its costs in half MP (`movement::step_cost`, computed once):
/// `cost[mover][routes]`, mover 0 on foot and 1 mounted, routes 0 ignored and 1 used; 0 when
/// the step cannot be made.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub to: Ix,
    pub cost: [[u8; 2]; 2],
    /// A road, trail or railroad joins the two hexes (AoR 17's line of supply).
    pub route: bool,
}

#[derive(Clone, Debug)]
pub struct Setup {
    pub map: Map,
    /// Each hex's steps to its neighbours.
    pub steps: Vec<Vec<Step>>,
    /// Each hex's printed name (computed once: the legal commands name thousands of hexes).
    pub names: Vec<String>,
    /// The hexes a combat unit in each hex holds in its ZOC (AoR 5.4, `zoc::zone`, computed
    /// once).
    pub zones: Vec<Vec<Ix>>,
    pub scenario_id: String,
    pub title: String,
    pub scenario_hash: String,
    pub options: Options,
    pub sides: [(String, String, String); 2],
    pub army_demoralization: [u32; 2],
    pub units: Vec<UnitDef>,
    pub leaders: Vec<LeaderDef>,
    pub formations: Vec<FormationDef>,
    pub placements: Vec<Placement>,
    pub supply: [Vec<Ix>; 2],
    pub game_length: u32,
    /// AoR 5.5, 16: the night game-turns and the rain game-turns (`weather`).
    pub night_turns: Vec<u32>,
    pub rain_turns: Vec<u32>,
    pub deploys_first: usize,
    pub moves_first: usize,
    pub victory: Vec<VictoryDef>,
    pub points: Vec<PointsDef>,
    /// AoR 5.6: each side's exit areas (its `exited` points' and `exit` conditions' areas),
    /// hexes sorted.
    pub exit_areas: [Vec<Ix>; 2],
    /// The scenario's scripted events, in the order they happen (`scripted`).
    pub scripted: Vec<super::scripted::Scripted>,
}

impl Setup {
    pub fn ix(&self, h: HexCoord) -> Ix {
        self.map.grid.index(h).expect("a hex of the map") as Ix
    }
    pub fn hex(&self, i: Ix) -> HexCoord {
        self.map.grid.coord_at(i as usize)
    }
    pub fn name(&self, i: Ix) -> String {
        self.names[i as usize].clone()
    }
    /// A printed hex name read back, or a message naming it.
    pub fn parse(&self, name: &str) -> Result<Ix, RuleError> {
        self.map
            .grid
            .parse(name)
            .filter(|h| self.map.grid.contains(*h))
            .map(|h| self.ix(h))
            .ok_or_else(|| {
                RuleError::not_now(format!(
                    "'{name}' is not a hex of {} ({})",
                    self.map.name,
                    self.map.grid.name_hint()
                ))
            })
    }
    pub fn unit(&self, id: &str) -> Result<usize, RuleError> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| RuleError::not_now(format!("no unit '{id}' in this game")))
    }
    pub fn leader(&self, id: &str) -> Result<usize, RuleError> {
        self.leaders
            .iter()
            .position(|l| l.id == id)
            .ok_or_else(|| RuleError::not_now(format!("no leader '{id}' in this game")))
    }
    pub fn formation(&self, id: &str) -> Result<usize, RuleError> {
        self.formations
            .iter()
            .position(|f| f.id == id)
            .ok_or_else(|| RuleError::not_now(format!("no formation '{id}' in this game")))
    }
    pub fn distance(&self, a: Ix, b: Ix) -> u32 {
        self.map.grid.distance(self.hex(a), self.hex(b))
    }
    pub fn neighbors(&self, i: Ix) -> impl Iterator<Item = Ix> + '_ {
        self.map.grid.neighbors(self.hex(i)).map(|h| self.ix(h))
    }
    pub fn terrain(&self, i: Ix) -> &str {
        self.map.terrain(self.hex(i)).unwrap_or("clear")
    }
    pub fn hexside(&self, a: Ix, b: Ix) -> &[String] {
        self.map.hexside(self.hex(a), self.hex(b))
    }
    /// AoR 10.1: the hex is a fort (the map's `fort` terrain).
    pub fn fort(&self, i: Ix) -> bool {
        self.terrain(i) == FORT
    }
    /// AoR 10.2: a fortified hexside (`wall`) lies between the adjacent hexes `a` and `b`.
    pub fn wall(&self, a: Ix, b: Ix) -> bool {
        self.hexside(a, b).iter().any(|f| f == WALL)
    }
    /// AoR 5.3: two units a hex; AoR 10.1: "Stacking limit is 1 unit" in a fort. Leaders do
    /// not count (AoR 11).
    pub fn stack_limit(&self, i: Ix) -> u8 {
        if self.fort(i) { 1 } else { 2 }
    }
    /// The cheapest cost in half cavalry MP from `a` to `b` on roads and trails, as leaders
    /// pay it (AoR 5.2, 11) and order compliance counts it (AoR 12.4); `None` if unreachable.
    /// The same as `movement::cavalry_distance_half_mp`, on the step table.
    pub fn cavalry_distance(&self, a: Ix, b: Ix) -> Option<u32> {
        let mut best: Vec<Option<u32>> = vec![None; self.map.grid.len()];
        let mut q = super::search::Dial::default();
        best[a as usize] = Some(0);
        q.push(0, a.into());
        while let Some((cost, h)) = q.pop() {
            let h = h as Ix;
            if best[h as usize] != Some(cost) {
                continue;
            }
            if h == b {
                return Some(cost);
            }
            for st in &self.steps[h as usize] {
                let c = st.cost[1][1] as u32;
                if c == 0 {
                    continue;
                }
                let total = cost + c;
                if best[st.to as usize].is_none_or(|x| total < x) {
                    best[st.to as usize] = Some(total);
                    q.push(total, st.to.into());
                }
            }
        }
        None
    }

    /// The placement of a group, if it deploys (turn 0) or arrives.
    pub fn placement(&self, side: usize, group: &str) -> Option<&Placement> {
        self.placements
            .iter()
            .find(|p| p.side == side && p.group == group)
    }
}

/// The setup of a game, or why this scenario cannot be played by Kepi yet (a refusal naming
/// the rule case; nothing is skipped).
pub fn build(scenario: &Scenario, options: &Options) -> Result<Setup, RuleError> {
    let s = section::section(scenario);
    let on_map = section::check_on_map(s, &scenario.map);
    if !on_map.is_empty() {
        return Err(RuleError::rule("AoR 12.2, 17", on_map.to_string()));
    }
    let file = &scenario.file;
    let map = scenario.map.clone();
    let ix = |name: &str| -> Ix {
        map.grid
            .parse(name)
            .and_then(|h| map.grid.index(h))
            .expect("checked on the map") as Ix
    };
    // A `note` is a special rule in words only (nothing to enforce); Age of Rifles plays no
    // other shared kind yet (and has none of its own): refused rather than silently skipped.
    let enforced: Vec<_> = file
        .special_rules
        .iter()
        .filter(|r| !matches!(r.rule.shared(), Some(SpecialRule::Note)))
        .collect();
    if !enforced.is_empty() {
        return Err(RuleError::Unimplemented(format!(
            "the scenario's special rules ({}) are of kinds Age of Rifles plays none of yet \
             (only `note`)",
            enforced
                .iter()
                .map(|r| r.text.clone())
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    let mut units = Vec::new();
    let mut leaders = Vec::new();
    let mut formations = Vec::new();
    for (side, ss) in s.sides.iter().enumerate() {
        let l0 = leaders.len();
        let f0 = formations.len();
        for l in &ss.leaders {
            let formation = ss
                .formations
                .iter()
                .position(|f| f.leader == l.id)
                .map(|j| f0 + j);
            let group = match (&l.group, formation) {
                (Some(g), _) => g.clone(),
                (None, Some(j)) => ss.formations[j - f0].group().to_string(),
                (None, None) => String::new(),
            };
            leaders.push(LeaderDef {
                id: l.id.clone(),
                name: l.name.clone(),
                side,
                role: l.role,
                rating: l.rating,
                movement: l.movement,
                formation,
                group,
                scripted: false,
            });
        }
        for f in &ss.formations {
            let leader = l0
                + ss.leaders
                    .iter()
                    .position(|l| l.id == f.leader)
                    .expect("checked");
            let commander = ss.commander_of(f).expect("checked");
            let commander = l0
                + ss.leaders
                    .iter()
                    .position(|l| l.id == commander.id)
                    .expect("checked");
            formations.push(FormationDef {
                id: f.id.clone(),
                name: f.name.clone(),
                side,
                leader,
                commander,
                order: f.order,
                march_to: f.march_to.as_deref().map(ix),
                attack_after_march: f.attack_after_march,
                demoralization: f.demoralization,
                group: f.group().to_string(),
            });
        }
        for u in &ss.units {
            units.push(UnitDef {
                id: u.id.clone(),
                name: u.name.clone(),
                side,
                formation: f0
                    + ss.formations
                        .iter()
                        .position(|f| f.id == u.formation)
                        .expect("checked"),
                kind: u.kind,
                strength: u.strength,
                reduced_strength: u.reduced_strength,
                morale: u.morale,
                movement: u.movement,
                armament: u.armament,
                steady: u.steady,
                guard: u.guard,
            });
        }
    }
    let to_ix = |hs: &BTreeSet<HexCoord>| -> Vec<Ix> {
        hs.iter()
            .filter_map(|h| map.grid.index(*h))
            .map(|i| i as Ix)
            .collect()
    };
    let mut placements = Vec::new();
    for d in &scenario.deployments {
        for g in &d.groups {
            let groups: Vec<String> = match g {
                Some(g) => vec![g.clone()],
                None => formations
                    .iter()
                    .filter(|f| f.side == d.side)
                    .map(|f| f.group.clone())
                    .filter(|g| {
                        !scenario
                            .reinforcements
                            .iter()
                            .any(|r| r.side == d.side && r.group.as_deref() == Some(g))
                    })
                    .collect(),
            };
            for group in groups {
                placements.push(Placement {
                    side: d.side,
                    group,
                    turn: 0,
                    hexes: to_ix(&d.hexes),
                    text: d.text.clone(),
                });
            }
        }
    }
    for r in &scenario.reinforcements {
        let Some(group) = &r.group else {
            return Err(RuleError::Unimplemented(
                "AoR 9: a reinforcement without a group is not played: name the group that \
                 arrives"
                    .into(),
            ));
        };
        placements.push(Placement {
            side: r.side,
            group: group.clone(),
            turn: r.turn,
            hexes: to_ix(&r.hexes),
            text: r.text.clone(),
        });
    }
    let side_of = |id: &str| scenario.side_index(id).expect("validated side");
    let victory = super::victory::build(file, &map, &side_of)?;
    let mut points = Vec::new();
    for p in &file.victory_points {
        let side = side_of(&p.side);
        points.push(match &p.source {
            PointsSource::Hold {
                target,
                points,
                each_turn,
            } => PointsDef::Hold {
                side,
                target: super::victory::target(&map, target, &side_of),
                points: *points,
                each_turn: *each_turn,
            },
            PointsSource::Eliminated { points } => PointsDef::Eliminated {
                side,
                points: *points,
            },
            PointsSource::Exited { points, area } => PointsDef::Exited {
                side,
                points: *points,
                area: super::victory::area(&map, &area.hexes),
            },
        });
    }
    let hash_input = format!(
        "{}\n{}\n{}",
        file.to_text(),
        map.identity_text(),
        serde_json::to_string(options).expect("options serialize")
    );
    let side_info = |i: usize| {
        (
            scenario.sides[i].id.clone(),
            scenario.sides[i].name.clone(),
            scenario.sides[i].color.clone(),
        )
    };
    let steps = map
        .grid
        .hexes()
        .map(|h| {
            map.grid
                .neighbors(h)
                .map(|n| {
                    use super::movement::{Mover, Routes, step_cost};
                    let c = |m, r| step_cost(&map, h, n, m, r).map_or(0, |c| c.min(255) as u8);
                    Step {
                        to: map.grid.index(n).expect("a neighbour is on the map") as Ix,
                        cost: [
                            [c(Mover::Foot, Routes::Ignore), c(Mover::Foot, Routes::Use)],
                            [
                                c(Mover::Mounted, Routes::Ignore),
                                c(Mover::Mounted, Routes::Use),
                            ],
                        ],
                        route: map.route_between(h, n).is_some(),
                    }
                })
                .collect()
        })
        .collect();
    let names = map.grid.hexes().map(|h| map.grid.name(h)).collect();
    let zones = map
        .grid
        .hexes()
        .map(|h| {
            super::zoc::zone(&map, h)
                .into_iter()
                .map(|z| map.grid.index(z).expect("a neighbour is on the map") as Ix)
                .collect()
        })
        .collect();
    let mut setup = Setup {
        steps,
        names,
        zones,
        scenario_id: file.id.clone(),
        title: file.title.clone(),
        scenario_hash: sha256_hex(hash_input.as_bytes()),
        options: options.clone(),
        sides: [side_info(0), side_info(1)],
        army_demoralization: [
            s.sides[0].army_demoralization,
            s.sides[1].army_demoralization,
        ],
        supply: [
            s.sides[0].supply.iter().map(|h| ix(h)).collect(),
            s.sides[1].supply.iter().map(|h| ix(h)).collect(),
        ],
        units,
        leaders,
        formations,
        placements,
        game_length: file.game_length,
        night_turns: file.night_turns.clone(),
        rain_turns: file.rain_turns.clone(),
        deploys_first: scenario.deploys_first,
        moves_first: scenario.moves_first,
        exit_areas: super::victory::exit_areas(&victory, &points),
        victory,
        points,
        map,
        scripted: Vec::new(),
    };
    let sides = setup.sides.clone();
    super::scripted::build(file, &sides, &mut setup);
    Ok(setup)
}

/// Leaders of a role, for messages.
pub fn is_commander(l: &LeaderDef) -> bool {
    l.role != Role::Formation
}

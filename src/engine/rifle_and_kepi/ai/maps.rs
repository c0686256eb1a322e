//! Objectives and distances (RK Victory, Kepi's reading): the hexes each side scores for
//! holding, who holds them, what they are called on the map, and how far the enemy can come
//! (RK Movement: a deployed unit rolls a D6, cavalry a D8, two points a hex).

use super::super::board::{fighting, in_combat};
use super::super::section::{Formation, Kind};
use super::super::state::State;
use super::super::tables::tables;
use crate::map::HexCoord;

/// An objective as the side sees it.
#[derive(Clone, Debug)]
pub struct Goal {
    pub hex: HexCoord,
    pub points: f64,
    /// The enemy holds it: to take.
    pub take: bool,
    pub name: String,
}

/// The name of an objective: the map's feature holding the hex ("Chlum"), else the hex.
pub fn place_name(s: &State, h: HexCoord) -> String {
    let setup = s.setup();
    setup
        .map
        .features
        .iter()
        .find(|f| f.hexes.contains(&h) && !f.name.is_empty())
        .map(|f| f.name.clone())
        .unwrap_or_else(|| setup.name(h))
}

/// The side's goals: every objective, to take (held by the enemy) or to hold (its own).
pub fn goals(s: &State, side: usize) -> Vec<Goal> {
    let setup = s.setup();
    setup
        .objectives
        .iter()
        .zip(&s.held)
        .map(|(&(h, p), held)| Goal {
            hex: h,
            points: p as f64,
            take: *held != Some(side),
            name: place_name(s, h),
        })
        .collect()
}

/// The farthest a unit can move in hexes in one activation (RK Movement: its die, +2 in
/// column, 2 points a hex), not counting terrain.
pub fn reach(s: &State, u: usize) -> u32 {
    let d = &s.setup().units[u];
    let t = &tables().movement;
    if d.kind == Kind::Hq {
        return t.hq_hexes;
    }
    let die = t.die[d.kind.key()] as u32;
    let bonus = if s.units[u].formation == Formation::Column {
        t.column_bonus as u32
    } else {
        0
    };
    (die + bonus) / 2
}

/// The enemy units (of `side`'s enemy) that could come next to `h` when they next act:
/// infantry and cavalry that are deployed (columns and artillery never move next to the
/// enemy, RK Formations, RK Movement), within their reach plus one.
pub fn attackers(s: &State, side: usize, h: HexCoord) -> Vec<usize> {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&e| {
            setup.units[e].side != side
                && fighting(s, e)
                && !in_combat(s, e)
                && matches!(setup.units[e].kind, Kind::Infantry | Kind::Cavalry)
        })
        .filter(|&e| {
            let at = s.units[e].hex.expect("on the map");
            let d = setup.grid.distance(at, h);
            // A column deploys first (its whole move next turn): it threatens next turn.
            d <= reach(s, e) + 1
        })
        .collect()
}

/// The nearest enemy fighting unit's hex and its distance.
pub fn nearest_enemy(s: &State, side: usize, h: HexCoord) -> Option<(HexCoord, u32)> {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&e| setup.units[e].side != side && fighting(s, e))
        .filter_map(|e| s.units[e].hex)
        .map(|x| (x, setup.grid.distance(h, x)))
        .min_by_key(|&(x, d)| (d, x))
}

/// Whether `side` must attack to win: the enemy's points stand above its own (RK Victory).
pub fn attacker(s: &State, side: usize) -> bool {
    use super::super::victory::points;
    points(s, side) <= points(s, 1 - side)
}

/// The enemy's fighting units as a decision finds them (the enemy does not move while the side
/// decides): their hexes, their reach, and whether they can attack (infantry or cavalry not in
/// combat). [`attackers`] and [`nearest_enemy`] read from it.
pub struct Enemies {
    units: Vec<(usize, HexCoord, u32, bool)>,
}

impl Enemies {
    pub fn new(s: &State, side: usize) -> Enemies {
        let setup = s.setup();
        let units = (0..s.units.len())
            .filter(|&e| setup.units[e].side != side && fighting(s, e))
            .map(|e| {
                let can = matches!(setup.units[e].kind, Kind::Infantry | Kind::Cavalry)
                    && !in_combat(s, e);
                (e, s.units[e].hex.expect("on the map"), reach(s, e), can)
            })
            .collect();
        Enemies { units }
    }

    /// [`attackers`] of `h`.
    pub fn attackers(&self, s: &State, h: HexCoord) -> Vec<usize> {
        let g = &s.setup().grid;
        self.units
            .iter()
            .filter(|&&(_, x, r, can)| can && g.distance(x, h) <= r + 1)
            .map(|&(e, ..)| e)
            .collect()
    }

    /// [`nearest_enemy`] of `h`.
    pub fn nearest(&self, s: &State, h: HexCoord) -> Option<(HexCoord, u32)> {
        let g = &s.setup().grid;
        self.units
            .iter()
            .map(|&(_, x, ..)| (x, g.distance(h, x)))
            .min_by_key(|&(x, d)| (d, x))
    }

    /// Every enemy fighting unit and its hex.
    pub fn all(&self) -> impl Iterator<Item = (usize, HexCoord)> + '_ {
        self.units.iter().map(|&(e, x, ..)| (e, x))
    }
}

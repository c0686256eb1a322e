//! The standard level's maps of a position, for one side: what each hex is worth to hold at
//! the end (the scenario's `hold` victory points and conditions, the side's own to take and
//! the enemy's to deny, AoR 18), the enemy's threat (the fire strength that can assault each
//! hex in the enemy's next player-turn, AoR 7.3, or bombard it, AoR 8.1), and the hex
//! distances between every two hexes (computed once per game).
//!
//! Invariants: every vector is indexed by the map's grid index (`Ix`); values are finite and
//! not negative.

use super::super::combat::hits;
use super::super::position::Ctx;
use super::super::setup::{Condition, Ix, PointsDef, Setup, TargetHexes};
use super::super::state::{Loc, State};
use super::super::tables::charts;
use crate::scenario::rules::Require;
use std::sync::{Arc, OnceLock};

/// A whole victory condition of `hold` kind is worth this many points to the standard level.
const CONDITION_POINTS: f64 = 12.0;

/// The hex distances of a map, computed once for a game's setup.
pub struct Geometry {
    setup: Arc<Setup>,
    n: usize,
    dist: Vec<u8>,
}

impl Geometry {
    pub fn new(setup: Arc<Setup>) -> Geometry {
        let n = setup.map.grid.len();
        let mut dist = vec![0u8; n * n];
        for a in 0..n {
            for b in a + 1..n {
                let d = setup.distance(a as Ix, b as Ix).min(255) as u8;
                dist[a * n + b] = d;
                dist[b * n + a] = d;
            }
        }
        Geometry { setup, n, dist }
    }
    /// Whether this geometry was made for `setup` (the same shared setup).
    pub fn is_for(&self, setup: &Arc<Setup>) -> bool {
        Arc::ptr_eq(&self.setup, setup)
    }
    pub fn d(&self, a: Ix, b: Ix) -> u32 {
        self.dist[a as usize * self.n + b as usize] as u32
    }
}

/// The expected hits of a fire of `strength` over the 36 rolls of two dice (AoR 7.1).
pub fn expected_hits(strength: u32) -> f64 {
    hit_distribution(strength)
        .iter()
        .map(|(h, p)| *h as f64 * p)
        .sum()
}

/// The Fire Table's hits for `strength` over the 36 rolls: (hits, chance) for each roll.
pub fn hit_distribution(strength: u32) -> Vec<(u32, f64)> {
    static CACHE: OnceLock<Vec<Vec<(u32, f64)>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| {
        (0..=120u32)
            .map(|st| {
                let mut out: Vec<(u32, f64)> = Vec::new();
                for a in 1..=6u8 {
                    for b in 1..=6u8 {
                        let h = if st == 0 { 0 } else { hits(st, [a, b]) };
                        match out.iter_mut().find(|(x, _)| *x == h) {
                            Some((_, p)) => *p += 1.0 / 36.0,
                            None => out.push((h, 1.0 / 36.0)),
                        }
                    }
                }
                out.sort_by_key(|(h, _)| *h);
                out
            })
            .collect()
    });
    cache[strength.min(120) as usize].clone()
}

/// The chart's multiplier on fire into a hex of this terrain (AoR 7.6, Terrain Effects on
/// Combat): 1 in the open, less in woods and towns.
pub fn cover(setup: &Setup, h: Ix) -> f64 {
    charts()
        .terrain_row(setup.terrain(h))
        .and_then(|r| r.attack().factor())
        .map(|f| f.to_f64())
        .unwrap_or(1.0)
}

/// One side's view of a position.
pub struct Fields {
    pub side: usize,
    /// What holding each hex at the end is worth to the side (its own `hold` points and the
    /// enemy's denied), in victory points, weighted by how near the last game-turn is.
    pub value: Vec<f64>,
    /// The objective's name where a hex is worth something ("Cemetery Hill").
    pub label: Vec<Option<String>>,
    /// What a unit leaving the map from each hex is worth to the side (AoR 5.6, 18): its
    /// `exited` points there, and a whole condition for an `exit` condition of its own not yet
    /// decided; only on map-edge hexes of its exit areas, weighted like `value`.
    pub exit: Vec<f64>,
    /// What reaching each hex of `exit` is worth: leaving is a unit's whole move in its
    /// Formation Movement Segment (AoR 4 III, 5.6: a unit that moved may not leave), so a unit
    /// that moves there leaves in its side's next one, a game-turn later; only the `exited`
    /// points and `exit` conditions still to be scored then count (issue 42: on the last
    /// game-turn an exit hex reached is worth nothing).
    pub exit_later: Vec<f64>,
    /// The enemy fire strength that can assault (or bombard) each hex next player-turn.
    pub threat: Vec<f64>,
    /// The hex distance to the closest enemy unit (`u32::MAX` with none on the map).
    pub enemy_dist: Vec<u32>,
    /// The enemy units on the map, with their hexes.
    pub enemies: Vec<(usize, Ix)>,
}

impl Fields {
    pub fn new(s: &State, side: usize, geo: &Geometry) -> Fields {
        let setup = s.setup();
        let n = setup.map.grid.len();
        let mut value = vec![0.0; n];
        let mut label: Vec<Option<String>> = vec![None; n];
        let held = |h: Ix| s.occupied[h as usize] == side as u8 + 1;
        let enemy_held = |h: Ix| s.occupied[h as usize] == (1 - side) as u8 + 1;
        let mut add = |t: &TargetHexes, owner: usize, points: f64| {
            let all: Vec<Ix> = t.hexes().collect();
            if all.is_empty() {
                return;
            }
            for part in t.parts.iter().map(|p| &p.hexes) {
                let (own, every) = (owner == side, t.require == Require::EveryHex);
                for &h in part {
                    let v = match (own, every) {
                        // Our every-hex target: the missing hexes share its points.
                        (true, true) => {
                            let missing = all.iter().filter(|&&x| !held(x)).count().max(1);
                            if held(h) {
                                points / all.len() as f64
                            } else {
                                points / missing as f64
                            }
                        }
                        // Ours, a hex of the part: any one hex of it scores.
                        (true, false) => {
                            let mine = part.iter().filter(|&&x| held(x)).count();
                            match (mine, held(h)) {
                                (0, _) => points,
                                (k, true) => points / k as f64,
                                (_, false) => points * 0.2,
                            }
                        }
                        // Theirs, every hex: one hex not theirs denies it.
                        (false, true) => {
                            let free = all.iter().filter(|&&x| !enemy_held(x)).count();
                            if free == 0 {
                                points
                            } else if enemy_held(h) {
                                points * 0.3
                            } else {
                                points / free as f64
                            }
                        }
                        // Theirs, a hex of the part: every hex of it must be kept from them.
                        (false, false) => points / part.len() as f64,
                    };
                    value[h as usize] += v;
                }
            }
        };
        for p in &setup.points {
            if let PointsDef::Hold {
                side: owner,
                target,
                points,
                ..
            } = p
            {
                add(target, *owner, *points as f64);
            }
        }
        for v in &setup.victory {
            if let Condition::Hold {
                side: owner,
                target,
                ..
            } = &v.condition
            {
                add(target, *owner, CONDITION_POINTS);
            }
        }
        // AoR 5.6: leaving by the side's exit areas, where it scores or meets a condition.
        let mut exit = vec![0.0; n];
        let mut exit_later = vec![0.0; n];
        for &h in super::super::exits::exit_hexes(setup, side) {
            if !super::super::exits::on_edge(setup, h) {
                continue;
            }
            let mut v = 0.0;
            let mut later = 0.0;
            for p in &setup.points {
                if let PointsDef::Exited {
                    side: owner,
                    points,
                    area,
                } = p
                    && *owner == side
                    && area.contains(&h)
                {
                    v += (*points).max(0) as f64;
                    if s.turn < setup.game_length {
                        later += (*points).max(0) as f64;
                    }
                }
            }
            for (i, d) in setup.victory.iter().enumerate() {
                if let Condition::Exit {
                    side: owner,
                    area,
                    by_turn,
                    ..
                } = &d.condition
                    && *owner == side
                    && area.contains(&h)
                    && s.turn <= *by_turn
                    && s.decided.get(i).copied().flatten().is_none()
                {
                    v += CONDITION_POINTS;
                    if s.turn < *by_turn {
                        later += CONDITION_POINTS;
                    }
                }
            }
            exit[h as usize] = v;
            exit_later[h as usize] = later;
        }
        // The last game-turns weigh most: occupation is counted at the end (AoR 18).
        let urgency = 0.6 + 0.4 * (s.turn as f64 / setup.game_length.max(1) as f64).min(1.0);
        for v in value
            .iter_mut()
            .chain(exit.iter_mut())
            .chain(exit_later.iter_mut())
        {
            *v *= urgency;
        }
        for f in &setup.map.features {
            for c in &f.hexes {
                let Some(i) = setup.map.grid.index(*c) else {
                    continue;
                };
                if value[i] > 0.0 && label[i].is_none() {
                    label[i] = Some(if f.name.is_empty() {
                        f.code.clone()
                    } else {
                        f.name.clone()
                    });
                }
            }
        }
        // The enemy's reach: an enemy unit threatens the hexes next to where it can move
        // (its movement in clear hexes, at most 4) and, if artillery, two hexes beyond.
        let mut threat = vec![0.0; n];
        let mut enemy_dist = vec![u32::MAX; n];
        let mut enemies = Vec::new();
        for (u, d) in setup.units.iter().enumerate() {
            if d.side == side {
                continue;
            }
            let Loc::At(e) = s.units[u].loc else {
                continue;
            };
            enemies.push((u, e));
            let mut st = d.strength_at(s.units[u].steps) as f64;
            if s.units[u].disrupted.is_some() {
                st *= 0.5;
            }
            let reach = d.movement.min(4) + if d.kind.is_artillery() { 2 } else { 1 };
            for h in 0..n {
                let dd = geo.d(e, h as Ix);
                if dd < enemy_dist[h] {
                    enemy_dist[h] = dd;
                }
                if dd <= reach {
                    threat[h] += st;
                }
            }
        }
        Fields {
            side,
            value,
            label,
            exit,
            exit_later,
            threat,
            enemy_dist,
            enemies,
        }
    }

    /// What it is worth to the side to be in `h` at the end, if the side does not hold it
    /// now (taking it), or to keep it while the enemy is near (holding it).
    pub fn need(&self, s: &State, h: Ix) -> f64 {
        let v = self.value[h as usize];
        if v <= 0.0 {
            return 0.0;
        }
        if s.occupied[h as usize] == self.side as u8 + 1 {
            // Held: worth guarding while the enemy is within reach of it.
            if self.enemy_dist[h as usize] <= 4 {
                v * 0.6
            } else {
                v * 0.1
            }
        } else {
            v
        }
    }

    /// The pull of the objectives on a unit in `h`: the best objective's need, less with
    /// its distance.
    pub fn pull(&self, s: &State, ctx: &Ctx, geo: &Geometry, h: Ix) -> (f64, Option<Ix>) {
        self.pull_exits(s, ctx, geo, h, 0.0)
    }

    /// [`Fields::pull`] with the exit hexes pulling too, each by what reaching it is worth
    /// (`exit_later`) times `exits`.
    pub fn pull_exits(
        &self,
        s: &State,
        ctx: &Ctx,
        geo: &Geometry,
        h: Ix,
        exits: f64,
    ) -> (f64, Option<Ix>) {
        let mut best = (0.0, None);
        for x in 0..self.value.len() as Ix {
            let leave = self.exit_later[x as usize] * exits;
            if leave > 0.0 {
                let p = leave * 0.85f64.powi(geo.d(h, x) as i32);
                if p > best.0 {
                    best = (p, Some(x));
                }
            }
            let need = self.need(s, x);
            if need <= 0.0 {
                continue;
            }
            // A held objective already garrisoned pulls no one else.
            let garrisoned = ctx.friends_in(self.side, x) > 0 && x != h;
            let need = if garrisoned && s.occupied[x as usize] == self.side as u8 + 1 {
                need * 0.2
            } else {
                need
            };
            let p = need * 0.85f64.powi(geo.d(h, x) as i32);
            if p > best.0 {
                best = (p, Some(x));
            }
        }
        best
    }
}

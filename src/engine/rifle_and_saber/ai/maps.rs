//! The standard level's maps of a position, for one side: its objectives (the scenario's
//! victory conditions as hexes, with an urgency that grows as their game-turn nears), the
//! distance of every hex to the nearest of them, and the enemy's threat (the fire strength
//! that can reach each hex in the enemy's next Fire Combat Phase, and the shock strength that
//! can come next to it).

use super::super::los::line_of_sight;
use super::super::setup::Setup;
use super::super::state::{Location, State, UnitId};
use super::super::victory::PointsSourceSetup;
use crate::engine::victory::{Condition, ExitNeed, Part};
use crate::frac::Frac;
use crate::map::HexCoord;

/// An objective of one side: hexes to hold (its own conditions), to deny (the enemy's), or to
/// leave the map from (exit conditions).
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// The feature code or hex name ("V12").
    pub name: String,
    pub hexes: Vec<HexCoord>,
    /// The side's own condition (else the enemy's, to deny).
    pub own: bool,
    /// An exit area (R&S scenario exit conditions): reached, the units leave the map.
    pub exit: bool,
    /// The game-turn it is decided (held at its end), or the last game-turn.
    pub turn: u32,
    /// Held from a game-turn on, not only at one (hold for turns, points each game-turn).
    pub ongoing: bool,
    /// For an exit area: the unit kind whose exits count (scenario 17's limbers, scenario 8's
    /// MZ); `None`: every unit counts.
    pub exit_kind: Option<usize>,
}

impl Objective {
    /// Does unit `u` leaving the map count toward this exit objective?
    pub fn counts(&self, state: &State, u: UnitId) -> bool {
        self.exit
            && self
                .exit_kind
                .is_none_or(|k| state.setup.units[u].kind == k)
    }
}

/// The objectives of `side` in the scenario's victory conditions and points. A hill to
/// control is the one the enemy deployed on, once it has (R&S scenarios 14, 15).
pub fn objectives(state: &State, side: usize) -> Vec<Objective> {
    let setup: &Setup = &state.setup;
    let last = setup.game_length;
    let mut out = Vec::new();
    fn walk(
        v: &Condition<HexCoord>,
        side: usize,
        last: u32,
        deployed_on: &[Option<String>; 2],
        out: &mut Vec<Objective>,
    ) {
        let mut add = |parts: &[Part<HexCoord>], own: bool, turn: u32, ongoing| {
            for p in parts {
                out.push(Objective {
                    name: p.name.clone(),
                    hexes: p.hexes.clone(),
                    own,
                    exit: false,
                    turn,
                    ongoing,
                    exit_kind: None,
                });
            }
        };
        match v {
            Condition::Hold {
                side: s,
                target,
                turn,
                ..
            } => add(&target.parts, *s == side, *turn, false),
            Condition::HoldForTurns {
                side: s, target, ..
            } => add(&target.parts, s.is_none_or(|s| s == side), last, true),
            Condition::ControlDeployedHill {
                side: s,
                enemy,
                candidates,
                by_turn,
            } => {
                let hill: Vec<Part<HexCoord>> = candidates
                    .iter()
                    .filter(|c| deployed_on[*enemy].as_ref().is_none_or(|d| *d == c.name))
                    .cloned()
                    .collect();
                add(&hill, *s == side, *by_turn, false)
            }
            Condition::Exit {
                side: s,
                area,
                by_turn,
                need,
                ..
            } => out.push(Objective {
                name: "the exit area".into(),
                hexes: area.clone(),
                own: *s == side,
                exit: true,
                turn: *by_turn,
                ongoing: false,
                exit_kind: match need {
                    ExitNeed::Units { kind, .. } | ExitNeed::All { kind } => *kind,
                    ExitNeed::Fraction(_) => None,
                },
            }),
            Condition::All { of, .. } | Condition::Any { of, .. } => {
                for p in of {
                    walk(p, side, last, deployed_on, out);
                }
            }
            Condition::DestroyAll { .. } | Condition::Points { .. } => {}
        }
    }
    for e in &setup.victory {
        walk(&e.condition, side, last, &state.deployed_on, &mut out);
    }
    for p in &setup.points {
        match &p.source {
            PointsSourceSetup::Hold {
                target, each_turn, ..
            } => {
                for part in &target.parts {
                    out.push(Objective {
                        name: part.name.clone(),
                        hexes: part.hexes.clone(),
                        own: p.side == side,
                        exit: false,
                        turn: last,
                        ongoing: *each_turn,
                        exit_kind: None,
                    });
                }
            }
            PointsSourceSetup::Exited { area, .. } if p.side == side => out.push(Objective {
                name: "the exit area".into(),
                hexes: area.iter().copied().collect(),
                own: true,
                exit: true,
                turn: last,
                ongoing: true,
                exit_kind: None,
            }),
            _ => {}
        }
    }
    out
}

/// How much an objective matters on game-turn `now`: from 1 at the start to 3 on its
/// game-turn; nothing once it is decided (unless it is held turn after turn).
pub fn urgency(o: &Objective, now: u32) -> f64 {
    if now > o.turn && !o.ongoing {
        return 0.0;
    }
    let t = o.turn.max(1) as f64;
    1.0 + 2.0 * (now as f64 / t).min(1.0)
}

/// The maps of one position for one side.
pub struct Fields {
    pub side: usize,
    pub objectives: Vec<Objective>,
    /// Per grid index: hexes to the nearest objective hex to hold (to the nearest enemy unit
    /// when the side has no objective), or movement points to its exit area at the terrain's
    /// costs with roads at the road rate (R&S 4.0, 4(M), 9.2), whichever is nearer; infinite
    /// when there is neither.
    pub distance: Vec<f64>,
    /// The same for the unit kinds that move by other rules than the side's other units
    /// (scenario special units held to roads, R&S 4(M), or with river crossings of their own):
    /// their movement points to the exit area by the ways they may take, or the hexes to the
    /// hexes to hold, whichever is nearer. Kinds not listed use `distance`.
    pub distance_of_kind: Vec<(usize, Vec<f64>)>,
    /// Per grid index: the urgency of the objectives the hex is part of (summed), with the
    /// name of the most urgent.
    pub objective_at: Vec<(f64, Option<usize>)>,
    /// Per grid index: the enemy fire strength to expect on it (R&S 5.1: fire comes first in the
    /// enemy's player-turn, from where the enemy stands now; line of sight is not checked),
    /// each enemy unit's strength shared among the side's hexes in its range.
    pub fire: Vec<Frac>,
    /// Per grid index: enemy shock strength that can come next to it (hex distance within a
    /// movement allowance), and the number of enemy units in range of it.
    pub shock: Vec<Frac>,
    pub in_range_of: Vec<u32>,
    /// Per grid index: the enemy artillery's shot that can reach it (R&S 5.1(F): shot goes on
    /// against every unit of a stack, not only the top one), the guns' strengths summed, where
    /// a gun sees the hex (5.1(G), terrain only); traced only when the side has units the shot
    /// alone can reach (`risk::fragile`), zero otherwise.
    pub shot: Vec<Frac>,
    /// The enemy guns whose shot `shot` counts: each one's hex, shot strength and range
    /// (empty where `shot` is not traced). Their lines through the side's own units are
    /// traced as units move (`risk::shot_now`, `screen`).
    pub shot_guns: Vec<(HexCoord, Frac, u32)>,
    /// Per grid index: enemy units the side could fire on from there (within its longest
    /// range, ignoring line of sight).
    pub targets: Vec<u32>,
    /// Per grid index: an enemy unit can move next to it in the enemy's next player-turn (hex
    /// distance within its whole movement allowance plus one, terrain ignored, disrupted or
    /// not: no attack is needed), which eliminates a unit of the side lost when alone next to
    /// the enemy (R&S errata 11.17, scenario 17's limbers). Computed only for a side that has
    /// such a unit on the map; all false otherwise. (`shock` caps the reach at 6 and counts
    /// only units that may attack: a demoralized force's mounted rifles, movement 8, rode
    /// next to a limber the shock field called safe.)
    pub approach: Vec<bool>,
}

impl Fields {
    pub fn new(state: &State, side: usize) -> Fields {
        let setup = &state.setup;
        let g = &setup.grid;
        let n = g.len();
        let objectives = objectives(state, side);
        let live = |exit: bool| -> Vec<HexCoord> {
            objectives
                .iter()
                .filter(|o| o.exit == exit && urgency(o, state.turn) > 0.0)
                .flat_map(|o| o.hexes.iter().copied())
                .collect()
        };
        let (holds, exits) = (live(false), live(true));
        let enemies: Vec<UnitId> = state.on_map(1 - side).collect();
        let enemy_hexes: Vec<HexCoord> = enemies
            .iter()
            .filter_map(|&e| state.units[e].hex())
            .collect();
        let goals = if holds.is_empty() && exits.is_empty() {
            &enemy_hexes
        } else {
            &holds
        };
        // Hexes to the hexes to hold (or the enemy); movement points, roads counted at the road
        // rate, to an exit area (exits are made by the roads). The nearer of the two.
        // Every hex's axial coordinates, for distances.
        let axial: Vec<hexx::Hex> = (0..n).map(|x| g.to_hex(g.coord_at(x))).collect();
        let goal_hexes: Vec<hexx::Hex> = goals.iter().map(|t| g.to_hex(*t)).collect();
        let mut distance: Vec<f64> = axial
            .iter()
            .map(|h| {
                goal_hexes
                    .iter()
                    .map(|t| h.unsigned_distance_to(*t))
                    .min()
                    .map_or(f64::INFINITY, f64::from)
            })
            .collect();
        let hex_distance = distance.clone();
        if !exits.is_empty() {
            for (d, e) in distance
                .iter_mut()
                .zip(cost_distance(setup, side, None, &exits))
            {
                *d = d.min(e);
            }
        }
        let mut distance_of_kind = Vec::new();
        if !exits.is_empty() {
            let mut kinds: Vec<usize> = state
                .on_map(side)
                .chain((0..state.units.len()).filter(|&u| {
                    state.side_of(u) == side && state.units[u].location == Location::Off
                }))
                .map(|u| state.units[u].kind)
                .filter(|&k| moves_apart(setup, side, k))
                .collect();
            kinds.sort();
            kinds.dedup();
            for k in kinds {
                let by_kind: Vec<f64> = hex_distance
                    .iter()
                    .zip(cost_distance(setup, side, Some(k), &exits))
                    .map(|(d, e)| d.min(e))
                    .collect();
                distance_of_kind.push((k, by_kind));
            }
        }
        let own_range = state
            .on_map(side)
            .map(|u| super::super::fire::range_of(state, u, None))
            .max()
            .unwrap_or(0);
        let mut f = Fields {
            side,
            distance,
            distance_of_kind,
            objective_at: vec![(0.0, None); n],
            fire: vec![Frac::ZERO; n],
            shock: vec![Frac::ZERO; n],
            in_range_of: vec![0; n],
            shot: vec![Frac::ZERO; n],
            shot_guns: Vec::new(),
            targets: vec![0; n],
            approach: vec![false; n],
            objectives,
        };
        // R&S errata 11.17: where an enemy unit can come next to a unit lost alone there.
        if state
            .on_map(side)
            .any(|u| state.kind(u).eliminated_alone_next_to_enemy)
        {
            for &e in &enemies {
                let Some(h) = state.units[e].hex() else {
                    continue;
                };
                let (eh, reach) = (g.to_hex(h), state.kind(e).movement + 1);
                for (x, a) in f.approach.iter_mut().enumerate() {
                    *a = *a || axial[x].unsigned_distance_to(eh) <= reach;
                }
            }
        }
        for (i, o) in f.objectives.iter().enumerate() {
            let u = urgency(o, state.turn);
            if u == 0.0 {
                continue;
            }
            for h in &o.hexes {
                if let Some(x) = g.index(*h) {
                    let slot = &mut f.objective_at[x];
                    if slot
                        .1
                        .is_none_or(|j| urgency(&f.objectives[j], state.turn) < u)
                    {
                        slot.1 = Some(i);
                    }
                    slot.0 += u;
                }
            }
        }
        // Enemy fire and shock, from where each enemy unit stands.
        let threats: Vec<(HexCoord, Frac, u32, Frac, u32, Frac, u32)> = enemies
            .iter()
            .filter_map(|&e| {
                let h = state.units[e].hex()?;
                let unit = &state.units[e];
                // R&S 6.0(A): disrupted units may not attack; one still disrupted in the
                // enemy's next player-turn threatens nothing.
                if !attacks_next(state, e) {
                    return None;
                }
                let k = state.kind(e);
                let half = |x: Frac| {
                    if unit.disrupted() {
                        x * Frac::new(1, 2)
                    } else {
                        x
                    }
                };
                let (fire, range, shot, shot_range) = if k.limbers && unit.limbered {
                    (Frac::ZERO, 0, Frac::ZERO, 0)
                } else {
                    let shot = k.shot_attack.unwrap_or(Frac::ZERO);
                    let r = super::super::fire::range_of(state, e, None);
                    let rs = k
                        .shot_attack
                        .map(|_| {
                            super::super::fire::range_of(
                                state,
                                e,
                                Some(super::super::state::Ammo::Shot),
                            )
                        })
                        .unwrap_or(0);
                    (half(k.fire_attack.max(shot)), r.max(rs), half(shot), rs)
                };
                let shock = if k.is_gun() {
                    Frac::ZERO
                } else {
                    half(super::super::shock::attack_value(state, e))
                };
                Some((
                    h,
                    fire,
                    range,
                    shock,
                    k.movement.min(6) + 1,
                    shot,
                    shot_range,
                ))
            })
            .collect();
        // The enemy shares its fire among the side's hexes in its range (R&S 5.1(C): a hex is
        // attacked once a phase, each unit fires once): each enemy unit is counted as its
        // strength over the number of those hexes, and a hex fears at least the strongest
        // single enemy unit in range of it.
        let own_hexes = state.hexes_of(side);
        let shares: Vec<Frac> = threats
            .iter()
            .map(|(eh, _, range, ..)| {
                let k = own_hexes
                    .iter()
                    .filter(|h| g.distance(**h, *eh) <= *range)
                    .count()
                    .max(1);
                Frac::int(k as i64)
            })
            .collect();
        // The shot is weighed only for the units it alone can reach (`risk::fragile`, kept
        // under a friend), so its line of sight (R&S 5.1(G), terrain only: the units that
        // block it move) is traced only for a side that has such units.
        let guarded = state.on_map(side).any(|u| super::risk::fragile(state, u));
        if guarded {
            f.shot_guns = threats
                .iter()
                .filter(|t| t.5 > Frac::ZERO)
                .map(|t| (t.0, t.5, t.6))
                .collect();
        }
        // Per threat, what does not depend on the hex: its axial position, its fire shared
        // out, and the farthest distance at which it counts for anything.
        let near: Vec<(hexx::Hex, Frac, u32)> = threats
            .iter()
            .zip(&shares)
            .map(|((eh, fire, range, _, reach, shot, shot_range), share)| {
                let shot_reach = if guarded && *shot > Frac::ZERO {
                    *shot_range
                } else {
                    0
                };
                let far = shot_reach.max(*range).max(*reach).max(own_range);
                (g.to_hex(*eh), *fire / *share, far)
            })
            .collect();
        // Threat by threat over the hexes within its farthest distance (the sums are exact
        // fractions and counts, so the order they are added in does not matter).
        let mut strongest = vec![Frac::ZERO; n];
        for (i, (eh, fire, range, shock, reach, shot, shot_range)) in threats.iter().enumerate() {
            let (ex, fire_share, far) = near[i];
            let mut visit = |x: usize, h: HexCoord, dist: u32| {
                if guarded
                    && dist <= *shot_range
                    && *shot > Frac::ZERO
                    && line_of_sight(setup, *eh, h, &|_| false).is_ok()
                {
                    f.shot[x] = f.shot[x] + *shot;
                }
                if dist <= *range && *fire > Frac::ZERO {
                    f.fire[x] = f.fire[x] + fire_share;
                    strongest[x] = strongest[x].max(*fire);
                    f.in_range_of[x] += 1;
                }
                if dist <= *reach {
                    f.shock[x] = f.shock[x] + *shock;
                }
                if dist <= own_range {
                    f.targets[x] += 1;
                }
            };
            let area = 3 * far as usize * (far as usize + 1) + 1;
            if area < n {
                for hx in ex.range(far) {
                    if let Some(h) = g.from_hex(hx)
                        && let Some(x) = g.index(h)
                    {
                        visit(x, h, hx.unsigned_distance_to(ex));
                    }
                }
            } else {
                for (x, hx) in axial.iter().enumerate() {
                    let dist = hx.unsigned_distance_to(ex);
                    if dist <= far {
                        visit(x, g.coord_at(x), dist);
                    }
                }
            }
        }
        for (fire, strongest) in f.fire.iter_mut().zip(strongest) {
            *fire = (*fire).max(strongest);
        }
        f
    }

    pub fn at(&self, state: &State, h: HexCoord) -> usize {
        state.setup.grid.index(h).expect("hex on the map")
    }

    /// `distance` at grid index `x` for unit `u`: by the ways its kind may take.
    pub fn distance_for(&self, state: &State, u: UnitId, x: usize) -> f64 {
        let k = state.units[u].kind;
        self.distance_of_kind
            .iter()
            .find(|(kind, _)| *kind == k)
            .map_or(self.distance[x], |(_, d)| d[x])
    }

    /// The most urgent objective hex `h` is part of, with its urgency.
    pub fn objective(&self, state: &State, h: HexCoord) -> Option<(&Objective, f64)> {
        let (u, i) = self.objective_at[self.at(state, h)];
        i.map(|i| (&self.objectives[i], u))
    }
}

/// Does unit kind `kind` of `side` move by other ways than the side's other units: held to
/// roads (a scenario's special unit), or with a river-crossing rule of its own?
fn moves_apart(setup: &Setup, side: usize, kind: usize) -> bool {
    setup.kinds[kind].road_only
        || setup
            .crossings
            .iter()
            .any(|c| c.side.is_none_or(|s| s == side) && c.kind == Some(kind))
}

/// Movement points from every hex to the nearest of `goals` (a reverse Dijkstra over the
/// map's entry costs: a road hexside at the road rate, otherwise the hex's cost and the
/// hexside's extra, as `movement::step_at` counts them for an empty hex).
/// Water hexes are entered only where the scenario's crossing rules for `side` allow it. With
/// `kind`, for units of that kind: the crossing rule most particular to it (as
/// `movement::crossing_allows` chooses it) and, for a kind held to roads, road hexes only
/// (R&S 4(M)); without, the side's rules for particular groups or kinds are merged (the map is
/// the side's as a whole).
pub fn cost_distance(
    setup: &Setup,
    side: usize,
    kind: Option<usize>,
    goals: &[HexCoord],
) -> Vec<f64> {
    use super::super::setup::NO_HEX;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = setup.grid.len();
    let crossings: std::collections::BTreeSet<HexCoord> = match kind {
        None => setup
            .crossings
            .iter()
            .filter(|c| c.side.is_none_or(|s| s == side))
            .flat_map(|c| c.allowed.iter().copied())
            .collect(),
        Some(k) => setup
            .crossings
            .iter()
            .filter(|c| c.side.is_none_or(|s| s == side) && c.kind.is_none_or(|ck| ck == k))
            .max_by_key(|c| c.kind.is_some())
            .map(|c| c.allowed.clone())
            .unwrap_or_default(),
    };
    let road_only = kind.is_some_and(|k| setup.kinds[k].road_only);
    let closed = |x: usize| {
        setup.hexes[x].water
            && !setup.crossings.is_empty()
            && !crossings.contains(&setup.grid.coord_at(x))
            || road_only && setup.road_dirs[x] == 0
    };
    let mut dist = vec![i64::MAX; n];
    let mut heap = BinaryHeap::new();
    for h in goals {
        if let Some(x) = setup.grid.index(*h)
            && !closed(x)
        {
            dist[x] = 0;
            heap.push(Reverse((0i64, x)));
        }
    }
    while let Some(Reverse((d, b))) = heap.pop() {
        if d > dist[b] {
            continue;
        }
        for &a in &setup.neighbors[b] {
            if a == NO_HEX {
                continue;
            }
            let a = a as usize;
            if closed(a) {
                continue;
            }
            let Some(dir) = setup.neighbors[a].iter().position(|&x| x as usize == b) else {
                continue;
            };
            let step = if setup.road_dirs[a] & (1 << dir) != 0 {
                setup.road_units[b]
            } else {
                setup.move_units[b] + setup.side_units[a][dir]
            };
            let nd = d + step.max(1);
            if nd < dist[a] {
                dist[a] = nd;
                heap.push(Reverse((nd, a)));
            }
        }
    }
    let den = setup.cost_den as f64;
    dist.into_iter()
        .map(|d| {
            if d == i64::MAX {
                f64::INFINITY
            } else {
                d as f64 / den
            }
        })
        .collect()
}

/// Is `side` the only one holding `h` with unit `u` alone (so that moving it gives the hex
/// up)?
pub fn sole_holder(state: &State, u: UnitId, h: HexCoord) -> bool {
    !state
        .units
        .iter()
        .enumerate()
        .any(|(o, s)| o != u && s.location == Location::Hex(h))
}

/// Can enemy unit `e` attack (fire or shock) in its side's next player-turn? Not if it is
/// disrupted then (R&S 6.0(A)): disrupted past the end of the current player-turn (6.0(B)),
/// or for good in a demoralized force (10.1).
pub fn attacks_next(state: &State, e: UnitId) -> bool {
    use super::super::scenario::Morale;
    let unit = &state.units[e];
    match unit.disrupted_until {
        None => true,
        Some(until) => {
            let demoralized =
                state.setup.options.morale && state.unit_morale(e) == Morale::Demoralized;
            until <= state.player_turn && !demoralized
        }
    }
}

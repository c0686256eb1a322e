//! The standard level's deployment (R&S 11.0): each unit, largest first, in the hex of its
//! zone that is nearest the side's objectives, in the best cover, not crowded; then trenches
//! and improved positions (10.2, 10.3) on the occupied hexes nearest the objectives. Where
//! the enemy's guns fire before the side moves, units it cannot lose deploy where the fewest
//! gun positions see them, and their escorts screen them (`first_shot`, R&S 5.1(F), (G)).

use super::super::board::Board;
use super::super::command::Command;
use super::super::legal::legal;
use super::super::state::{Location, State, UnitId};
use super::first_shot::FirstShot;
use super::maps::Fields;
use super::maps::cost_distance;
use super::risk::stack_shock_defense;
use super::weights::{Weights, unit_value};
use crate::ai::candidates::{Candidate, Noise};
use crate::engine::dice::FixedDice;
use crate::map::HexCoord;

/// What a gun the enemy can shock before its first move costs a deployment hex, per point of
/// its worth (`unit_value`): five times its worth in hexes of distance (`Weights::advance`).
const FIRST_STRIKE: f64 = 2.0;

/// What a hex costs a unit the side cannot lose, per point of its worth and per unit of the
/// share of the enemy guns' positions that would see it there when they fire first
/// (`FirstShot`): a hex every position sees costs its whole worth. And what an escort gains by
/// screening such units from those positions, on the same scale.
const FIRST_SHOT: f64 = 2.0;

/// What the deployment remembers from one command to the next.
#[derive(Default)]
pub struct Memo {
    /// Hexes tried for trenches and improved positions.
    tried: std::collections::BTreeSet<HexCoord>,
    /// The enemy guns' first shot at the side's zones, made at the first command that needs
    /// it (`None` inside: no such shot; the side's number with it).
    first_shot: Option<(usize, Option<FirstShot>)>,
}

impl Memo {
    /// The first shot at the hexes where the side's units that it cannot lose deploy, if the
    /// enemy's guns fire before the side moves (`FirstShot::new`).
    fn first_shot(&mut self, state: &State) -> Option<&FirstShot> {
        let side = state.player;
        if self.first_shot.as_ref().map(|(s, _)| *s) != Some(side) {
            let setup = &state.setup;
            let mut zone: Vec<HexCoord> = (0..state.units.len())
                .filter(|&u| setup.units[u].side == side && super::risk::fragile(state, u))
                .filter_map(|u| setup.units[u].deployment)
                .flat_map(|d| setup.deployments[d].hexes.iter().copied())
                .collect();
            zone.sort();
            zone.dedup();
            let shot = (!zone.is_empty())
                .then(|| FirstShot::new(state, &zone))
                .flatten();
            self.first_shot = Some((side, shot));
        }
        self.first_shot.as_ref().and_then(|(_, s)| s.as_ref())
    }
}

/// Where the enemy of `side` moves first (game-turn 1, R&S 3.0: the first player's player-turn
/// comes before the second's), the hexes its units that may move then (not held by a scenario's
/// no-movement rule) and could shock (a shock strength, not guns) can enter in that move: per
/// grid index, within the largest such movement allowance, in movement points from their
/// deployment zones, their hexes or their game-turn-1 entry hexes (`maps::cost_distance`, the
/// map's costs without zones of control or units: an upper bound on what they reach). `None`
/// when `side` moves first or no such unit comes.
pub fn first_turn_shock_reach(state: &State, side: usize) -> Option<Vec<bool>> {
    let setup = &state.setup;
    if setup.moves_first == side || state.turn > 1 {
        return None;
    }
    let enemy = 1 - side;
    let mut from: Vec<HexCoord> = Vec::new();
    let mut reach = 0u32;
    for (u, us) in setup.units.iter().enumerate() {
        let k = state.kind(u);
        if us.side != enemy || k.is_gun() || k.shock == 0 || setup.no_movement_turns(u) >= 1 {
            continue;
        }
        let starts: Vec<HexCoord> = match (state.units[u].location, us.deployment, us.arrival) {
            (Location::Hex(h), ..) => vec![h],
            (Location::Off, Some(d), _) => setup.deployments[d].hexes.iter().copied().collect(),
            (Location::Off, None, Some((1, e))) => setup.entries[e].iter().copied().collect(),
            _ => continue,
        };
        if starts.is_empty() {
            continue;
        }
        from.extend(starts);
        reach = reach.max(k.movement);
    }
    if from.is_empty() {
        return None;
    }
    from.sort();
    from.dedup();
    let cost = cost_distance(setup, enemy, None, &from);
    Some(cost.iter().map(|&c| c <= f64::from(reach)).collect())
}

fn applies(state: &State, c: &Command) -> bool {
    super::super::apply::apply(state, c, &mut FixedDice::new([])).is_ok()
}

/// The next deployment command.
pub fn next(
    state: &State,
    fields: &Fields,
    w: &Weights,
    noise: &mut Noise,
    memo: &mut Memo,
) -> Candidate<Command> {
    let setup = &state.setup;
    let side = state.player;
    let mut waiting: Vec<UnitId> = (0..state.units.len())
        .filter(|&u| {
            setup.units[u].side == side
                && setup.units[u].deployment.is_some()
                && state.units[u].location == Location::Off
        })
        .collect();
    // Units lost when alone next to the enemy, or that the side cannot win without, first:
    // their escorts deploy after them and so on top of them, where enemy fire strikes
    // (R&S 5.1(E): only the top unit of a stack may be fired upon). Then by stacking points
    // (R&S 7.0: guns weigh 3, others 2), the largest first.
    let fragile_unit = |u: UnitId| super::risk::fragile(state, u);
    waiting.sort_by_key(|&u| (!fragile_unit(u), std::cmp::Reverse(state.kind(u).stacking)));
    let board = Board::new(state);
    if let Some(&u) = waiting.first() {
        let d = setup.units[u].deployment.expect("filtered");
        let fragile = fragile_unit(u);
        // R&S 5.2: guns in a hex shock attacked are disrupted whatever the odds; where the enemy
        // moves first, a gun it can reach then is lost before it fires.
        let first_strike = if state.kind(u).is_gun() {
            first_turn_shock_reach(state, side)
        } else {
            None
        };
        let exposed = |h: HexCoord| {
            first_strike.as_ref().is_some_and(|reach| {
                setup
                    .grid
                    .neighbors(h)
                    .filter_map(|n| setup.grid.index(n))
                    .any(|i| reach[i])
            })
        };
        let zone: std::collections::BTreeSet<HexCoord> =
            setup.deployments[d].hexes.iter().copied().collect();
        // R&S 5.1(F), (G): where the enemy's guns fire before the side moves, a unit it cannot
        // lose deploys where the fewest of their positions see it, and its escorts screen it.
        let shot = memo.first_shot(state);
        let occupied = state.hexes_of(side);
        // The stacks of units the side cannot lose, with their worth and how much of the
        // guns' positions see them now.
        let guarded: Vec<(HexCoord, f64, f64)> = match shot {
            Some(shot) if !fragile => occupied
                .iter()
                .filter_map(|&f| {
                    let worth: f64 = state
                        .stack(f)
                        .into_iter()
                        .filter(|&o| fragile_unit(o))
                        .map(|o| unit_value(state, o))
                        .sum();
                    (worth > 0.0).then(|| (f, worth, shot.share(state, f, &occupied)))
                })
                .collect(),
            _ => Vec::new(),
        };
        // The units still to deploy that may stand beside a fragile stack and screen it.
        let escorts_left = waiting.iter().filter(|&&o| !fragile_unit(o)).count();
        let grid = &setup.grid;
        // For a fragile unit, the share of the guns' positions that would see it in a hex,
        // with the zone's nearest hexes within 2 held by the escorts still to come; for an
        // escort, the share of them its hex would screen its fragile friends from (weighted by
        // their worth).
        let shot_at = |h: HexCoord| -> Option<f64> {
            let shot = shot?;
            let mut occ = occupied.clone();
            if fragile {
                occ.push(h);
                let mut near: Vec<HexCoord> = zone
                    .iter()
                    .copied()
                    .filter(|z| *z != h && grid.distance(*z, h) <= 2 && !occupied.contains(z))
                    .collect();
                near.sort_by_key(|z| (grid.distance(*z, h), *z));
                near.truncate(escorts_left);
                occ.extend(near);
                occ.sort();
                occ.dedup();
                Some(shot.share(state, h, &occ))
            } else if guarded.is_empty() || occupied.binary_search(&h).is_ok() {
                None
            } else {
                occ.push(h);
                occ.sort();
                Some(
                    guarded
                        .iter()
                        .map(|(f, worth, now)| worth * (now - shot.share(state, *f, &occ)))
                        .sum(),
                )
            }
        };
        let mut sight: std::collections::BTreeMap<HexCoord, f64> = Default::default();
        let mut scored: Vec<(f64, HexCoord)> = setup.deployments[d]
            .hexes
            .iter()
            .filter(|h| board.points(state, **h) + state.kind(u).stacking <= 6)
            .map(|&h| {
                let x = fields.at(state, h);
                let mut s = 0.0;
                let distance = fields.distance_for(state, u, x);
                if distance.is_finite() {
                    s -= w.advance * distance;
                }
                s += fields.objective_at[x].0 * w.hold * 0.3;
                s += w.cover * 3.0 * (setup.hex(h).defense.to_f64() - 1.0);
                if board.points(state, h) >= 4 {
                    s -= 0.5;
                }
                s -= 0.2 * (fields.fire[x].to_f64() / 4.0).min(3.0);
                if exposed(h) {
                    s -= FIRST_STRIKE * unit_value(state, u);
                }
                // The guns' first shot: a fragile unit pays its worth times the share of their
                // positions that see it; an escort gains the worth it screens (R&S 5.1(G)).
                if let Some(seen) = shot_at(h) {
                    sight.insert(h, seen);
                    s += FIRST_SHOT
                        * if fragile {
                            -unit_value(state, u) * seen
                        } else {
                            seen
                        };
                }
                // A unit lost when alone next to the enemy, or one its side cannot win
                // without (scenario 17's limbers, deployed last: no stacking points), goes
                // where its friends' shock defense is greatest (R&S 5.2: the stack defends
                // together), one point of it outweighing a hex of distance.
                let stack = state.stack(h);
                if fragile {
                    s += stack_shock_defense(state, u, h).to_f64();
                    // Inside the formation rather than at its edge: the hexes around it that
                    // its side may deploy in (where friends stand, an attack or a retreat
                    // cannot come through, R&S 6.0(C)).
                    s += 0.5 * setup.grid.neighbors(h).filter(|n| zone.contains(n)).count() as f64;
                    // Together: one stack to escort rather than several.
                    if stack.iter().any(|&o| fragile_unit(o)) {
                        s += 1.0;
                    }
                } else if stack.iter().any(|&o| fragile_unit(o)) {
                    // An escort: its shock defense joins theirs (and it stands on top); a unit
                    // with none (guns) only takes an escort's stacking room.
                    let own = state.kind(u).shock as f64;
                    s += if own > 0.0 { own } else { -1.0 };
                }
                (s + noise.jitter(w.noise * 4.0), h)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, h) in scored {
            let c = Command::Deploy {
                unit: u,
                hex: h,
                limbered: false,
            };
            if applies(state, &c) {
                let mut k = Candidate::new(c);
                let x = fields.at(state, h);
                let words = match fields.objective(state, h) {
                    Some((o, _)) => format!("on objective {}", o.name),
                    None if fields.distance_for(state, u, x).is_finite() => {
                        format!(
                            "{:.1} MP from the objectives",
                            fields.distance_for(state, u, x)
                        )
                    }
                    None => String::new(),
                };
                k.term("deploy", 0.0, words);
                match sight.get(&h) {
                    Some(seen) if fragile => k.term(
                        "first shot",
                        -FIRST_SHOT * unit_value(state, u) * seen,
                        format!(
                            "{:.0} % of the enemy guns' positions see it before it moves (R&S 5.1(F), (G))",
                            seen * 100.0
                        ),
                    ),
                    Some(gain) if *gain > 0.0 => k.term(
                        "screen",
                        FIRST_SHOT * gain,
                        "screens units its side cannot lose from the enemy guns' first shot (R&S 5.1(G))",
                    ),
                    _ => {}
                }
                return k;
            }
        }
        return Candidate::new(Command::EndDeployment);
    }
    // Trenches and improved positions, nearest the objectives first, each hex tried once.
    let mut works: Vec<(f64, HexCoord, Command)> = legal(state)
        .into_iter()
        .filter_map(|c| match c {
            Command::PlaceTrench { hex } | Command::PlaceImprovedPosition { hex }
                if !memo.tried.contains(&hex) =>
            {
                Some((fields.distance[fields.at(state, hex)], hex, c))
            }
            _ => None,
        })
        .collect();
    works.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    if let Some((_, h, c)) = works.into_iter().next() {
        memo.tried.insert(h);
        let mut k = Candidate::new(c);
        k.term("deploy", 0.0, "the occupied hex nearest the objectives");
        return k;
    }
    Candidate::new(Command::EndDeployment)
}

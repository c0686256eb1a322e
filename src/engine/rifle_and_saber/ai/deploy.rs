//! The standard level's deployment (R&S 11.0): each unit, largest first, in the hex of its
//! zone that is nearest the side's objectives, in the best cover, not crowded; then trenches
//! and improved positions (10.2, 10.3) on the occupied hexes nearest the objectives.

use super::super::board::Board;
use super::super::command::Command;
use super::super::legal::legal;
use super::super::state::{Location, State, UnitId};
use super::maps::Fields;
use super::risk::stack_shock_defense;
use super::weights::Weights;
use crate::ai::candidates::{Candidate, Noise};
use crate::engine::dice::FixedDice;
use crate::map::HexCoord;

fn applies(state: &State, c: &Command) -> bool {
    super::super::apply::apply(state, c, &mut FixedDice::new([])).is_ok()
}

/// The next deployment command.
pub fn next(
    state: &State,
    fields: &Fields,
    w: &Weights,
    noise: &mut Noise,
    tried: &mut std::collections::BTreeSet<HexCoord>,
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
        let zone: std::collections::BTreeSet<HexCoord> =
            setup.deployments[d].hexes.iter().copied().collect();
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
                if !tried.contains(&hex) =>
            {
                Some((fields.distance[fields.at(state, hex)], hex, c))
            }
            _ => None,
        })
        .collect();
    works.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    if let Some((_, h, c)) = works.into_iter().next() {
        tried.insert(h);
        let mut k = Candidate::new(c);
        k.term("deploy", 0.0, "the occupied hex nearest the objectives");
        return k;
    }
    Candidate::new(Command::EndDeployment)
}

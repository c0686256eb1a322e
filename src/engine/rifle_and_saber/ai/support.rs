//! Supporting attacks in movement (issue 18, the standard level): a unit ends its move where
//! the Shock Combat Phase to come needs it. Fire and shock planning already combine every unit
//! that can reach a target and trim each attack to the fewest units that keep its odds column
//! (`attack::plan_fire`, `attack::plan_shock`); what they cannot do is bring a unit next to a
//! target. This term does: a disrupted enemy stack (R&S 6.0(A): a second disruption eliminates
//! a unit; it defends at half) that the friends already next to it cannot beat by shock (5.2:
//! only a stronger attack disrupts the defender) but that they can with this unit.

use super::super::shock::{attack_value, check_shock, defense_value};
use super::super::state::{State, UnitId};
use super::weights::{Weights, unit_value};
use crate::frac::Frac;
use crate::map::HexCoord;

/// Can unit `u` make a shock attack this player-turn from wherever it ends its move (not
/// disrupted, a shock strength, not a gun)?
fn may_shock(state: &State, u: UnitId) -> bool {
    let k = state.kind(u);
    !state.units[u].disrupted()
        && !state.units[u].shocked
        && !k.is_gun()
        && attack_value(state, u) > Frac::ZERO
}

/// The support unit `u` gives by ending its move in `h`: for each disrupted enemy stack next to
/// `h` that the friends already next to it could not beat by shock but could with `u`, what its
/// units are worth (each eliminated by a second disruption, 6.0(A)), times `w.support`; with
/// the words. `None` where `u` makes no such difference.
pub fn shock_support(state: &State, w: &Weights, u: UnitId, h: HexCoord) -> Option<(f64, String)> {
    if w.support == 0.0 || !may_shock(state, u) {
        return None;
    }
    let g = &state.setup.grid;
    let side = state.side_of(u);
    let mine = attack_value(state, u);
    let mut gain = 0.0;
    let mut names = Vec::new();
    for t in g.neighbors(h) {
        if state.occupant(t) != Some(1 - side) {
            continue;
        }
        let defenders = state.stack(t);
        // Only a stack every unit of which is disrupted (the pursuit of a beaten enemy); its
        // defense is already halved (defense_value).
        if defenders.iter().any(|&d| !state.units[d].disrupted()) {
            continue;
        }
        let defense = defenders
            .iter()
            .filter(|&&d| !state.kind(d).is_gun())
            .fold(Frac::ZERO, |a, &d| a + defense_value(state, d));
        let before = state
            .on_map(side)
            .filter(|&o| o != u && check_shock(state, o, t).is_ok())
            .fold(Frac::ZERO, |a, o| a + attack_value(state, o));
        if before > defense || before + mine <= defense {
            continue;
        }
        gain += defenders.iter().map(|&d| unit_value(state, d)).sum::<f64>();
        names.push(state.setup.name(t).to_string());
    }
    (gain > 0.0).then(|| {
        (
            w.support * gain,
            format!(
                "supports the shock on the disrupted enemy at {} (R&S 5.2, 6.0(A))",
                names.join(", ")
            ),
        )
    })
}

//! Supporting attacks in movement (issue 18, the standard level): a unit ends its move where
//! the Shock Combat Phase to come needs it. Fire and shock planning already combine every unit
//! that can reach a target and trim each attack to the fewest units that keep its odds column
//! (`attack::plan_fire`, `attack::plan_shock`); what they cannot do is bring a unit next to a
//! target, or keep one there. This term does: a disrupted enemy stack (R&S 6.0(A): a second
//! disruption eliminates a unit; it defends at half) that the friends settled next to it cannot
//! beat by shock (5.2: only a stronger attack disrupts the defender) but that they can with
//! this unit and the friends still to move that can come next to it this phase.
//!
//! Invariant: the units of one Movement Phase are offered one at a time (`Standard`); a friend
//! is *settled* once it has moved or has been offered and stayed, and *still to move* before.
//! The first of two needed units (whether it stands next to the target or not) sees the second
//! among those still to move and so stays or comes; the second then sees the first settled.

use super::super::scenario::Morale;
use super::super::shock::{attack_value, defense_value};
use super::super::state::{State, UnitId};
use super::reaches::Reaches;
use super::weights::{Weights, unit_value};
use crate::frac::Frac;
use crate::map::HexCoord;

/// Can unit `u` make a shock attack this player-turn from wherever it ends its move (not
/// disrupted, not already attacked, a shock strength, not a gun, not demoralized (R&S 10.1), not
/// in road movement mode (10.5(C)))?
pub fn may_shock(state: &State, u: UnitId) -> bool {
    let k = state.kind(u);
    let unit = &state.units[u];
    let demoralized = state.setup.options.morale && state.unit_morale(u) == Morale::Demoralized;
    let barred = unit.disrupted() || unit.shocked || unit.road_mode || demoralized;
    !barred && !k.is_gun() && attack_value(state, u) > Frac::ZERO
}

/// A disrupted enemy stack a shock could eliminate this player-turn, as seen by one unit.
pub struct Target {
    hex: HexCoord,
    /// Its shock defense (halved by disruption, `defense_value`); guns do not defend (5.2).
    defense: Frac,
    /// The shock attack of the settled friends next to it (not the unit weighing its move).
    settled: Frac,
    /// The shock attack of the friends still to move that stand next to it or can come there.
    coming: Frac,
    /// What its units are worth.
    value: f64,
}

/// The disrupted enemy stacks that unit `u` could help shock this player-turn (see the module
/// comment); `settled(o)`: friend `o` will not move again this phase. Empty (and no search made)
/// where `u` cannot shock or the weight is zero.
pub fn targets(
    state: &State,
    reaches: &Reaches,
    w: &Weights,
    u: UnitId,
    settled: impl Fn(UnitId) -> bool,
) -> Vec<Target> {
    if w.support == 0.0 || !may_shock(state, u) {
        return Vec::new();
    }
    let g = &state.setup.grid;
    let side = state.side_of(u);
    let reach = state.kind(u).movement + 1;
    let Some(at) = state.units[u].hex() else {
        return Vec::new();
    };
    let mut hexes: Vec<HexCoord> = state
        .on_map(1 - side)
        .filter_map(|e| state.units[e].hex())
        .filter(|&t| g.distance(at, t) <= reach)
        .collect();
    hexes.sort();
    hexes.dedup();
    // Friends still to move (where they can end their move is searched once, lazily).
    let coming: Vec<UnitId> = state
        .on_map(side)
        .filter(|&o| o != u && state.units[o].moved == 0 && !settled(o) && may_shock(state, o))
        .collect();
    let mut out = Vec::new();
    for t in hexes {
        let defenders = state.stack(t);
        // Only a stack every unit of which is disrupted (the pursuit of a beaten enemy).
        if defenders.iter().any(|&d| !state.units[d].disrupted()) {
            continue;
        }
        let defense = defenders
            .iter()
            .filter(|&&d| !state.kind(d).is_gun())
            .fold(Frac::ZERO, |a, &d| a + defense_value(state, d));
        let next_to = |h: Option<HexCoord>| h.is_some_and(|h| g.adjacent(h, t));
        let settled_attack = state
            .on_map(side)
            .filter(|&o| o != u && (state.units[o].moved > 0 || settled(o)))
            .filter(|&o| may_shock(state, o) && next_to(state.units[o].hex()))
            .fold(Frac::ZERO, |a, o| a + attack_value(state, o));
        let mut coming_attack = Frac::ZERO;
        for o in coming.iter() {
            let Some(oh) = state.units[*o].hex() else {
                continue;
            };
            let far = g.distance(oh, t) > state.kind(*o).movement + 1;
            if far {
                continue;
            }
            let can = next_to(Some(oh)) || reaches.of(*o).destinations().any(|d| next_to(Some(d)));
            if can {
                coming_attack = coming_attack + attack_value(state, *o);
            }
        }
        out.push(Target {
            hex: t,
            defense,
            settled: settled_attack,
            coming: coming_attack,
            value: defenders.iter().map(|&d| unit_value(state, d)).sum(),
        });
    }
    out
}

/// The support unit `u` gives by ending its move in `h`: for each of `targets` next to `h` that
/// the settled friends cannot beat by shock but that they, `u` and the friends still to move
/// can, what its units are worth (each eliminated by a second disruption, 6.0(A)), times
/// `w.support`; with the words. `None` where `u` makes no such difference.
pub fn shock_support(
    state: &State,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
    targets: &[Target],
) -> Option<(f64, String)> {
    let g = &state.setup.grid;
    let mine = attack_value(state, u);
    let mut gain = 0.0;
    let mut names = Vec::new();
    for t in targets.iter().filter(|t| g.adjacent(h, t.hex)) {
        // R&S 5.2: the attack must be stronger than the defense to disrupt it.
        if t.settled > t.defense || t.settled + mine + t.coming <= t.defense {
            continue;
        }
        gain += t.value;
        names.push(state.setup.name(t.hex).to_string());
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

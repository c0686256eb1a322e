//! What a unit risks where it would stand: the exact chances of the Combat Results Table
//! (R&S 9.1) for the enemy fire that can reach the hex against the unit's defense there
//! (terrain 9.2, trench 10.3, improved position 10.2, disruption 6.0(A)), and the shock that
//! can come next to it (5.2).

use super::super::fire::{attack_strength, fire_defense, range_of};
use super::super::movement::mounted;
use super::super::shock::morale_factor;
use super::super::state::{Ammo, State, UnitId};
use super::maps::Fields;
use super::weights::{Weights, disruption_cost, unit_value};
use crate::frac::Frac;
use crate::map::HexCoord;

/// The defense multiplier unit `u` would have in hex `h` (as `fire::defense_factors` gives it
/// where it stands; road movement mode aside).
pub fn multiplier_at(state: &State, u: UnitId, h: HexCoord) -> Frac {
    let setup = &state.setup;
    let mut m = setup.hex(h).defense;
    let mounted = mounted(state, u);
    if setup.options.trenches && state.trenches.contains(&h) && !mounted {
        m = m * Frac::int(3);
    }
    if setup.options.improved_positions && state.improved.contains(&h) && !mounted {
        m = m * Frac::int(2);
    }
    if state.units[u].disrupted() {
        m = m * Frac::new(1, 2);
    }
    m
}

/// Chances of "RD" and of "E" (R&S 9.1) for `attack` against `defense`, over the die's faces.
pub fn fire_chances(state: &State, attack: Frac, defense: Frac) -> (f64, f64) {
    if attack == Frac::ZERO {
        return (0.0, 0.0);
    }
    let crt = &state.setup.crt;
    let column = if defense == Frac::ZERO {
        crt.columns.len() - 1
    } else {
        crt.column_for(attack, defense)
    };
    let n = crt.rows.len().max(1) as f64;
    let count = |code: &str| {
        crt.rows
            .iter()
            .filter(|r| crt.result(column, r.roll) == Some(code))
            .count() as f64
            / n
    };
    (count("RD"), count("E"))
}

/// The expected loss (in unit values) of unit `u` standing in `h` through the enemy's next
/// player-turn, and the chance that its fire does anything. `joining`: friends that will join
/// `u` in `h` this phase (its escort, see `maneuver`), counted in the stack.
pub fn expected_loss(
    state: &State,
    fields: &Fields,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
    joining: &[UnitId],
) -> (f64, f64) {
    let x = fields.at(state, h);
    let v = unit_value(state, u);
    let m = multiplier_at(state, u, h);
    let kind = state.kind(u);
    // A second disruption eliminates (R&S 6.0(A)); in a demoralized force one lasts (10.1).
    let disruption = disruption_cost(state, w, u);
    // Looked at only where it matters (a stack's units are counted on each call).
    let escort = || !joining.is_empty() || escorted(state, u, h);
    // Fire strikes only the top unit of a stack (R&S 5.1(E)), and the side never puts on top a
    // unit that is lost alone or that it cannot win without (`restack`): with a friend to
    // stand over it, such a unit fears only the artillery's shot, which goes on against every
    // unit of the stack one by one (5.1(F)).
    let reaching = if fragile(state, u) && escort() {
        if fields.shot[x] > Frac::ZERO {
            shot_now(state, fields, u, h, joining)
        } else {
            Frac::ZERO
        }
    } else {
        fields.fire[x]
    };
    let (rd, e) = fire_chances(state, reaching, kind.fire_defense * m);
    let mut loss = v * (rd * disruption + e);
    // Shock: a weaker defender is disrupted and retreats (R&S 5.2); guns always suffer. The
    // whole stack defends together (5.2(E): "all units in a hex may be attacked"), so the
    // defense is the stack's with `u` in it.
    // Where no enemy shock reaches, there is nothing to weigh it against.
    let shocked = fields.shock[x] > Frac::ZERO
        && (kind.is_gun() || {
            let mut shock_defense = stack_shock_defense(state, u, h);
            for &j in joining {
                shock_defense = shock_defense + shock_defense_of(state, j, h);
            }
            fields.shock[x] > shock_defense
        });
    if shocked {
        // A unit eliminated when alone next to the enemy (scenario 17's limbers) retreats
        // alone and is lost: its whole value.
        loss += if kind.eliminated_alone_next_to_enemy {
            v
        } else {
            0.5 * v * disruption
        };
    }
    // A unit eliminated when alone in a hex an enemy unit moves next to (scenario 17's
    // limbers, errata 11.17): lost if it stands alone where any enemy unit can come next to
    // it (`Fields::approach`: its whole movement, whether it may attack or not).
    if kind.eliminated_alone_next_to_enemy && fields.approach[x] && !escort() {
        return (v, 1.0);
    }
    (loss, rd + e)
}

/// Is hex `hc` occupied (R&S 5.1(G): an occupied hex blocks a line of sight) once `u` and
/// `moving` have left the hexes they stand in?
pub fn occupied_without(state: &State, u: UnitId, moving: &[UnitId], hc: HexCoord) -> bool {
    state.units.iter().enumerate().any(|(o, at)| {
        at.location == super::super::state::Location::Hex(hc) && o != u && !moving.contains(&o)
    })
}

/// The enemy guns' shot that reaches `h` as the board stands (R&S 5.1(F), (G)): the strength
/// of each gun of `fields.shot_guns` in range whose line to `h` no ridge, woods, village or
/// occupied hex blocks, with `u` and `joining` already moved out of the hexes they leave.
pub fn shot_now(
    state: &State,
    fields: &Fields,
    u: UnitId,
    h: HexCoord,
    joining: &[UnitId],
) -> Frac {
    let setup = &state.setup;
    let occupied = |hc: HexCoord| occupied_without(state, u, joining, hc);
    fields
        .shot_guns
        .iter()
        .filter(|(g, _, range)| {
            setup.grid.distance(*g, h) <= *range
                && super::super::los::line_of_sight(setup, *g, h, &occupied).is_ok()
        })
        .fold(Frac::ZERO, |acc, (_, shot, _)| acc + *shot)
}

/// The shock defense of hex `h` with unit `u` in it (R&S 5.2: every unit of the stack
/// defends; terrain 9.2 and morale 10.1 per unit, as the unit alone would have them).
pub fn stack_shock_defense(state: &State, u: UnitId, h: HexCoord) -> Frac {
    use super::super::state::Location;
    let one = |o: UnitId| shock_defense_of(state, o, h);
    // The stack's units in any order (exact fractions: the sum is the same).
    (0..state.units.len())
        .filter(|&o| o != u && state.units[o].location == Location::Hex(h))
        .fold(one(u), |acc, o| acc + one(o))
}

/// Is `u` a unit its side never puts on top of a stack (R&S 5.1(E)): one lost when alone next
/// to the enemy (scenario 17's limbers) or one the side cannot win without?
pub fn fragile(state: &State, u: UnitId) -> bool {
    state.kind(u).eliminated_alone_next_to_enemy || super::weights::indispensable(state, u)
}

/// Would unit `u` standing in `h` have a friend with it (a unit other than those eliminated
/// alone next to the enemy)?
pub fn escorted(state: &State, u: UnitId, h: HexCoord) -> bool {
    state
        .stack(h)
        .iter()
        .any(|&o| o != u && !state.kind(o).eliminated_alone_next_to_enemy)
}

/// The shock defense unit `u` would add to hex `h` (R&S 5.2, terrain 9.2, morale 10.1).
fn shock_defense_of(state: &State, u: UnitId, h: HexCoord) -> Frac {
    Frac::int(state.kind(u).shock as i64) * multiplier_at(state, u, h) * morale_factor(state, u)
}

/// What enemy unit `e`'s fire could cost the other side in its next Fire Combat Phase, at most
/// (in unit values, over the die's faces): at the best target within its range, the top unit
/// of the stack (R&S 5.1(E)), and with shot every unit of it one by one (5.1(F)). Nothing if
/// `e` will not attack then (disrupted, 6.0(A); a limbered gun, 4(J)). Disrupting or
/// eliminating `e` takes this threat away for that player-turn: the fire plan counts it.
pub fn threat(state: &State, w: &Weights, e: UnitId) -> f64 {
    let Some(from) = state.units[e].hex() else {
        return 0.0;
    };
    let kind = state.kind(e);
    if !super::maps::attacks_next(state, e) || kind.limbers && state.units[e].limbered {
        return 0.0;
    }
    let g = &state.setup.grid;
    let side = 1 - state.side_of(e);
    let loss = |u: UnitId, attack: Frac| {
        let (rd, el) = fire_chances(state, attack, fire_defense(state, u));
        let disruption = disruption_cost(state, w, u);
        unit_value(state, u) * (rd * disruption + el)
    };
    let mut best = 0.0f64;
    for (h, stack) in state.stacks() {
        if stack.is_empty() || state.side_of(stack[0]) != side {
            continue;
        }
        let d = g.distance(from, h);
        let top = *stack.last().expect("not empty");
        let mut worst = 0.0f64;
        if d <= range_of(state, e, None) {
            worst = loss(top, attack_strength(state, e, None, d));
        }
        if kind.shot_attack.is_some() && d <= range_of(state, e, Some(Ammo::Shot)) {
            let shot = attack_strength(state, e, Some(Ammo::Shot), d);
            worst = worst.max(stack.iter().map(|&u| loss(u, shot)).sum());
        }
        best = best.max(worst);
    }
    best
}

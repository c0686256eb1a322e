//! What a unit risks where it would stand: the exact chances of the Combat Results Table
//! (R&S 9.1) for the enemy fire that can reach the hex against the unit's defense there
//! (terrain 9.2, trench 10.3, improved position 10.2, disruption 6.0(A)), and the shock that
//! can come next to it (5.2).

use super::super::movement::mounted;
use super::super::shock::morale_factor;
use super::super::state::{State, UnitId};
use super::maps::Fields;
use super::weights::{Weights, unit_value};
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
    let disrupted = state.units[u].disrupted();
    // A second disruption eliminates (R&S 6.0(A)).
    let disruption = if disrupted { 1.0 } else { w.disruption };
    let (rd, e) = fire_chances(state, fields.fire[x], kind.fire_defense * m);
    let mut loss = v * (rd * disruption + e);
    // Shock: a weaker defender is disrupted and retreats (R&S 5.2); guns always suffer. The
    // whole stack defends together (5.2(E): "all units in a hex may be attacked"), so the
    // defense is the stack's with `u` in it.
    let mut shock_defense = stack_shock_defense(state, u, h);
    for &j in joining {
        shock_defense = shock_defense + shock_defense_of(state, j, h);
    }
    let escort = escorted(state, u, h) || !joining.is_empty();
    if fields.shock[x] > shock_defense || kind.is_gun() && fields.shock[x] > Frac::ZERO {
        // A unit eliminated when alone next to the enemy (scenario 17's limbers) retreats
        // alone and is lost: its whole value.
        loss += if kind.eliminated_alone_next_to_enemy {
            v
        } else {
            0.5 * v * disruption
        };
    }
    // A unit eliminated when alone in a hex an enemy unit moves next to (scenario 17's
    // limbers): lost if it stands alone within the enemy's reach.
    if kind.eliminated_alone_next_to_enemy && fields.shock[x] > Frac::ZERO && !escort {
        return (v, 1.0);
    }
    (loss, rd + e)
}

/// The shock defense of hex `h` with unit `u` in it (R&S 5.2: every unit of the stack
/// defends; terrain 9.2 and morale 10.1 per unit, as the unit alone would have them).
pub fn stack_shock_defense(state: &State, u: UnitId, h: HexCoord) -> Frac {
    let one = |o: UnitId| shock_defense_of(state, o, h);
    state
        .stack(h)
        .into_iter()
        .filter(|&o| o != u)
        .fold(one(u), |acc, o| acc + one(o))
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

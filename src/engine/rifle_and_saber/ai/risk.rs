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
/// player-turn, and the chance that its fire does anything.
pub fn expected_loss(
    state: &State,
    fields: &Fields,
    w: &Weights,
    u: UnitId,
    h: HexCoord,
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
    // Shock: a weaker defender is disrupted and retreats (R&S 5.2); guns always suffer.
    let shock_defense = Frac::int(kind.shock as i64) * m * morale_factor(state, u);
    if fields.shock[x] > shock_defense || kind.is_gun() && fields.shock[x] > Frac::ZERO {
        loss += 0.5 * v * disruption;
    }
    // A unit eliminated when alone in a hex an enemy unit moves next to (scenario 17's
    // limbers): lost if it stands alone within the enemy's reach.
    if kind.eliminated_alone_next_to_enemy && fields.shock[x] > Frac::ZERO && !escorted(state, u, h)
    {
        return (v, 1.0);
    }
    (loss, rd + e)
}

/// Would unit `u` standing in `h` have a friend with it (a unit other than those eliminated
/// alone next to the enemy)?
pub fn escorted(state: &State, u: UnitId, h: HexCoord) -> bool {
    state
        .stack(h)
        .iter()
        .any(|&o| o != u && !state.kind(o).eliminated_alone_next_to_enemy)
}

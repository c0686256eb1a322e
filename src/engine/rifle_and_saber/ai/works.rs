//! Improved positions begun during play (issue 42, R&S 10.2): a work counter is placed at the
//! start of a friendly player-turn on a hex of units that are not all mounted; if they stay,
//! it becomes an improved position at the end of the second friendly player-turn, doubling
//! the fire and shock defense of the (not mounted) units there for as long as a unit stays.
//! Meanwhile the work halves their defense, and leaving the hex empty abandons it.
//!
//! So work pays for units that will stay on a defensive position they hold for the coming
//! turns, where the enemy cannot reach them before it is done: the standard level begins
//! work, in its Fire Combat Phase, on a hex it holds in an objective to hold or deny that is
//! not decided before the enemy's first player-turn after the work is done ([`in_time`]),
//! where the enemy's next fire and shock reach neither the hex (`Fields::fire`,
//! `Fields::shock`: the half defense is never tried). Its movement then keeps the units
//! there: staying on work in progress is scored with the position's doubling, as the cover
//! term scores a finished one (`maneuver`).

use super::super::movement::mounted;
use super::super::state::State;
use super::maps::Fields;
use crate::frac::Frac;
use crate::map::HexCoord;

/// Would an improved position begun now be done before an enemy player-turn in which the
/// objective `turn` still counts? Work begun in player-turn P is done at the end of P + 2;
/// the enemy's next player-turn after that is P + 3: game-turn + 1 if the side moves first,
/// + 2 if it moves second.
pub fn in_time(state: &State, turn: u32, ongoing: bool) -> bool {
    let first = state.player == state.setup.moves_first;
    let enemy_after = state.turn + if first { 1 } else { 2 };
    let last = if ongoing {
        state.setup.game_length
    } else {
        turn
    };
    enemy_after <= last
}

/// The next hex the side should begin work on now, with the words saying why.
pub fn begin(state: &State, fields: &Fields) -> Option<(HexCoord, String)> {
    if !state.setup.options.improved_positions {
        return None;
    }
    let side = state.player;
    for h in state.hexes_of(side) {
        if state.improved.contains(&h) || state.work.iter().any(|w| w.hex == h) {
            continue;
        }
        let stack = state.stack(h);
        // R&S 10.2: mounted cavalry neither builds nor gains from the position.
        if stack.iter().all(|&u| mounted(state, u)) {
            continue;
        }
        let Some((o, urg)) = fields.objective(state, h) else {
            continue;
        };
        if o.exit || urg <= 0.0 || !in_time(state, o.turn, o.ongoing) {
            continue;
        }
        let x = fields.at(state, h);
        if fields.fire[x] > Frac::ZERO || fields.shock[x] > Frac::ZERO {
            continue;
        }
        return Some((
            h,
            format!(
                "begins an improved position at {} (R&S 10.2): its units hold objective {}, \
                 and defend doubled from the end of their next player-turn; no enemy fire or \
                 shock can reach them before (the work halves their defense meanwhile)",
                state.setup.name(h),
                o.name
            ),
        ));
    }
    None
}

/// Is work of `side` in progress on `h` (R&S 10.2)?
pub fn at_work(state: &State, side: usize, h: HexCoord) -> bool {
    state.work.iter().any(|w| w.hex == h && w.side == side)
}

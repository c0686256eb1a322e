//! What a side sees (Drill 7): the enemy units next to one of its units or in the front of one
//! of its units within [`SIGHT`] hexes (or the unit's range, when a scenario's catalog gives a
//! longer one). The views draw the board as the side at the keyboard sees it; sight changes no
//! state, command or roll.

use super::state::State;
use crate::engine::facing::Arc;

/// How far a unit sees into its front, in hexes (Drill 7.1), unless its range is longer: so a
/// side sees every unit it may fire at (Drill 5.1).
pub const SIGHT: u32 = 3;

/// Whether side `side` sees unit `u` (Drill 7.1): its own units always; an enemy unit on the
/// map when a unit of `side` on the map is next to it or has it in its front within
/// [`SIGHT`] hexes. Units off the map are not on it to be hidden.
pub fn sees(s: &State, side: usize, u: usize) -> bool {
    let st = s.setup();
    let Some(h) = s.hex[u].filter(|_| s.alive[u] && s.side_of(u) != side) else {
        return true;
    };
    (0..s.hex.len()).any(|f| {
        let Some(fh) = s.hex[f].filter(|_| s.alive[f] && s.side_of(f) == side) else {
            return false;
        };
        let d = st.grid.distance(fh, h);
        let far = SIGHT.max(st.units[f].range);
        d == 1 || (d <= far && s.facing[f].arc(&st.grid, fh, h) == Arc::Front)
    })
}

/// The units side `side` does not see now, by name (Drill 7.2).
pub fn unseen(s: &State, side: usize) -> Vec<String> {
    (0..s.hex.len())
        .filter(|&u| !sees(s, side, u))
        .map(|u| s.name(u).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    /// Drill 7.1: the built-in catalog's ranges are all within sight (a longer one, from a
    /// scenario's own catalog, sees as far as it fires).
    #[test]
    fn sight_reaches_every_range_of_the_catalog() {
        for u in &super::super::tables::tables().catalog.units {
            assert!(u.range.value <= super::SIGHT, "{}", u.code);
        }
    }
}

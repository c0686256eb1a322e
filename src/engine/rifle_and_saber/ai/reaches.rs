//! The moves of the side's units from one state, each searched at most once.
//!
//! Invariant: a `Reaches` is made for one state and dropped before that state changes (it
//! lives for one decision of the standard level), so every search it holds is the one
//! `movement::search` would give now. The order of the movers (`movers`), each unit's
//! candidates, the friends that can follow it and the support it may give read the same
//! searches instead of making them again.

use super::super::board::Board;
use super::super::movement::{Reach, search};
use super::super::state::{State, UnitId};
use std::cell::OnceCell;

pub struct Reaches<'a> {
    state: &'a State,
    pub board: Board,
    /// Per unit: its search (not charging), once made.
    found: Vec<OnceCell<Reach>>,
    /// Per unit: its search charging (R&S 4(K)), once made.
    charging: Vec<OnceCell<Reach>>,
}

impl<'a> Reaches<'a> {
    pub fn new(state: &'a State) -> Reaches<'a> {
        Reaches {
            state,
            board: Board::new(state),
            found: (0..state.units.len()).map(|_| OnceCell::new()).collect(),
            charging: (0..state.units.len()).map(|_| OnceCell::new()).collect(),
        }
    }

    /// Where unit `u` can move now (R&S 4.0), as [`search`] gives it.
    pub fn of(&self, u: UnitId) -> &Reach {
        self.found[u].get_or_init(|| search(self.state, &self.board, u, false))
    }

    /// Where unit `u` can charge now (R&S 4(K): twelve movement points, clear ground only).
    pub fn charge_of(&self, u: UnitId) -> &Reach {
        self.charging[u].get_or_init(|| search(self.state, &self.board, u, true))
    }
}

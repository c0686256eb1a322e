//! An index of who is where, built from a state for fast queries during one command.

use super::state::{State, UnitId};
use crate::map::HexCoord;

pub struct Board {
    /// Per grid index: occupying side.
    side: Vec<Option<u8>>,
    /// Per grid index: stacking points.
    points: Vec<u32>,
    /// Per grid index and side: controlled by that side (R&S 8.0).
    control: Vec<[bool; 2]>,
}

impl Board {
    pub fn new(state: &State) -> Board {
        let g = &state.setup.grid;
        let n = g.len();
        let mut b = Board {
            side: vec![None; n],
            points: vec![0; n],
            control: vec![[false; 2]; n],
        };
        for (i, u) in state.units.iter().enumerate() {
            if let Some(h) = u.hex() {
                let s = state.side_of(i);
                let idx = g.index(h).expect("units stand on the map");
                b.side[idx] = Some(s as u8);
                b.points[idx] += state.kind(i).stacking;
                for nb in g.neighbors(h) {
                    b.control[g.index(nb).expect("neighbour on map")][s] = true;
                }
            }
        }
        b
    }

    fn idx(state: &State, h: HexCoord) -> usize {
        state.setup.grid.index(h).expect("hex on the map")
    }

    pub fn side(&self, state: &State, h: HexCoord) -> Option<usize> {
        self.side[Self::idx(state, h)].map(|s| s as usize)
    }

    pub fn points(&self, state: &State, h: HexCoord) -> u32 {
        self.points[Self::idx(state, h)]
    }

    /// Controlled by the enemies of `side`.
    pub fn enemy_zoc(&self, state: &State, side: usize, h: HexCoord) -> bool {
        self.control[Self::idx(state, h)][1 - side]
    }

    pub fn side_at(&self, i: usize) -> Option<usize> {
        self.side[i].map(|s| s as usize)
    }

    pub fn points_at(&self, i: usize) -> u32 {
        self.points[i]
    }

    pub fn enemy_zoc_at(&self, side: usize, i: usize) -> bool {
        self.control[i][1 - side]
    }

    /// Move a unit's points from one hex to another in the index (during a retreat or move).
    pub fn shift(&mut self, state: &State, unit: UnitId, from: Option<HexCoord>, to: HexCoord) {
        let pts = state.kind(unit).stacking;
        if let Some(f) = from {
            let i = Self::idx(state, f);
            self.points[i] -= pts;
        }
        let i = Self::idx(state, to);
        self.points[i] += pts;
    }
}

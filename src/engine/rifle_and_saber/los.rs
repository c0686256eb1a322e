//! Line of sight, R&S 5.1(G) with the errata.
//!
//! The exact geometry and the walk along the line are `map::sight`'s (shared with Age of
//! Rifles); what blocks is this module's.
//!
//! - Ridge hexsides block if the line touches them at any point, ends included (a junction
//!   point of which any hexside is a ridge), even between adjacent hexes (5.1(G)1).
//! - A blocking hex between the two (woods, village, or occupied) blocks if the line passes
//!   through it, i.e. meets it in more than one point: through two hexsides, two junctions, or
//!   a junction and a hexside (5.1(G)2). The firing and target hexes never block.
//! - Errata: occupied hexes lower than the firing unit's hex do not block; woods and villages
//!   block whatever the elevation.

use super::setup::Setup;
use crate::map::HexCoord;
use crate::map::sight::LineWalk;

/// Why a line of sight is blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    Ridge(HexCoord, HexCoord),
    Hex(HexCoord, &'static str),
}

/// R&S 5.1(G): check the line of sight from `from` to `to`. `occupied(h)` says whether a hex
/// holds units (of either side).
pub fn line_of_sight(
    setup: &Setup,
    from: HexCoord,
    to: HexCoord,
    occupied: &dyn Fn(HexCoord) -> bool,
) -> Result<(), Blocked> {
    let g = &setup.grid;
    let line = LineWalk::new(g, from, to);
    // Ridges: any hexside of a nearby hex that the line touches.
    if let Some((x, y)) = line.side_touched(g, |x, y| setup.is_ridge(x, y)) {
        return Err(Blocked::Ridge(x, y));
    }
    let elevation_from = setup.hex(from).elevation;
    for (h, hc) in line.between(g) {
        let info = setup.hex(hc);
        let why = if info.blocks_los {
            Some(if info.terrain == "village" {
                "village"
            } else {
                "woods"
            })
        } else if occupied(hc) && info.elevation >= elevation_from {
            // Errata 5.1(G): occupied hexes on lower terrain than the firer do not block.
            Some("occupied hex")
        } else {
            None
        };
        if let Some(why) = why
            && line.passes_through(h)
        {
            return Err(Blocked::Hex(hc, why));
        }
    }
    Ok(())
}

/// R&S 5.1(G) for a line not yet drawn through units: `None` when the terrain blocks the
/// line from `from` to `to` (a ridge, woods or a village), else the hexes between that would
/// block it if occupied (those the line passes through, not lower than `from`: errata 5.1(G)).
/// `line_of_sight` with `occupied` holds exactly when the answer is `Some` of hexes none of
/// which is occupied.
pub fn screens(setup: &Setup, from: HexCoord, to: HexCoord) -> Option<Vec<HexCoord>> {
    let g = &setup.grid;
    let line = LineWalk::new(g, from, to);
    if line.side_touched(g, |x, y| setup.is_ridge(x, y)).is_some() {
        return None;
    }
    let elevation_from = setup.hex(from).elevation;
    let mut out = Vec::new();
    for (h, hc) in line.between(g) {
        let info = setup.hex(hc);
        if !info.blocks_los && info.elevation < elevation_from {
            continue;
        }
        if !line.passes_through(h) {
            continue;
        }
        if info.blocks_los {
            return None;
        }
        out.push(hc);
    }
    Some(out)
}

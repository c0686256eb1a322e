//! Road movement mode (issue 42, R&S 10.5, optional): with the rule in play, only a unit in
//! road movement mode moves at the road rate (one-third MP a road hex entered through a road
//! hexside); converting in or out costs one movement point; in the mode a unit may not attack
//! (10.5(C)), stays on top of its stack (10.5(E)) and defends at half whatever the terrain
//! (10.5(F)).
//!
//! So the mode pays for a unit with far to go by road where no enemy can reach it: the
//! standard level converts a unit on a road when the nearest it can come to its objectives
//! this phase in the mode (the point of converting paid) is nearer by at least
//! [`MIN_GAIN`] than without it, and the enemy's next fire and shock reach neither where it
//! stands nor that hex (`Fields::fire`, `Fields::shock`). A unit in the mode converts out
//! before moving where that no longer holds, and at the end of its move where the enemy can
//! reach it or it could fire next turn.

use super::super::apply::apply;
use super::super::board::Board;
use super::super::command::Command;
use super::super::movement::search;
use super::super::state::{State, UnitId};
use super::maps::Fields;
use super::reaches::Reaches;
use crate::engine::dice::FixedDice;
use crate::frac::Frac;
use crate::map::HexCoord;

/// The least gain (hexes or movement points nearer the objectives, as `Fields::distance`
/// counts them) that makes converting worth its movement point and its halved defense.
pub const MIN_GAIN: f64 = 2.0;

/// Can the enemy's next player-turn reach hex `h` with fire or shock?
fn reached(state: &State, fields: &Fields, h: HexCoord) -> bool {
    let x = fields.at(state, h);
    fields.fire[x] > Frac::ZERO || fields.shock[x] > Frac::ZERO
}

/// The nearest unit `u` can come to its objectives by a reach's destinations (its own hex
/// included), and the hex where it does.
fn nearest(
    state: &State,
    fields: &Fields,
    u: UnitId,
    hexes: impl Iterator<Item = HexCoord>,
) -> Option<(f64, HexCoord)> {
    hexes
        .map(|h| (fields.distance_for(state, u, fields.at(state, h)), h))
        .filter(|(d, _)| d.is_finite())
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
}

/// The road-mode search of unit `u`: where it could go this phase once converted (the
/// conversion played on a copy of the state), or `None` where it may not convert.
fn converted_nearest(state: &State, fields: &Fields, u: UnitId) -> Option<(f64, HexCoord)> {
    let (after, _) = apply(
        state,
        &Command::EnterRoadMode { unit: u },
        &mut FixedDice::new([]),
    )
    .ok()?;
    let board = Board::new(&after);
    let reach = search(&after, &board, u, false);
    let from = after.units[u].hex();
    nearest(state, fields, u, reach.destinations().chain(from))
}

/// Should unit `u`, not in road movement mode, convert now? Its words if so.
pub fn enter(state: &State, fields: &Fields, reaches: &Reaches, u: UnitId) -> Option<String> {
    let unit = &state.units[u];
    let h = unit.hex()?;
    if !state.setup.options.road_movement
        || unit.road_mode
        || unit.disrupted()
        || unit.moved > 0
        || unit.spent > Frac::ZERO
        || !state.setup.has_road(h)
        || reached(state, fields, h)
    {
        return None;
    }
    let here = fields.distance_for(state, u, fields.at(state, h));
    let (walking, _) = nearest(state, fields, u, reaches.of(u).destinations().chain([h]))?;
    let (riding, at) = converted_nearest(state, fields, u)?;
    // Far to go: it cannot come to its objectives this phase without the mode.
    if walking <= 0.0 || walking - riding < MIN_GAIN {
        return None;
    }
    if reached(state, fields, at) {
        return None;
    }
    Some(format!(
        "enters road movement mode (R&S 10.5: 1 MP, then 1/3 MP a road hex): it can come \
         {:.0} nearer its objectives this phase, to {}, than without it ({:.0}), and no enemy \
         fire or shock can reach it there next player-turn (in the mode it defends at half, \
         10.5(F))",
        here - riding,
        state.setup.name(at),
        here - walking
    ))
}

/// Should unit `u`, in road movement mode, convert out now? Where the enemy's next fire or
/// shock can reach it; before its move (`moved` false) also where it can reach the hex the
/// road takes it nearest its objectives; after its move, also where it has targets in range
/// to fire at next turn. Its words if so.
pub fn leave(
    state: &State,
    fields: &Fields,
    reaches: &Reaches,
    u: UnitId,
    moved: bool,
) -> Option<String> {
    let unit = &state.units[u];
    let h = unit.hex()?;
    if !unit.road_mode {
        return None;
    }
    if reached(state, fields, h) {
        return Some(
            "leaves road movement mode (R&S 10.5: 1 MP): the enemy can reach it, and in the \
             mode it defends at half and may not attack (10.5(C), (F))"
                .to_string(),
        );
    }
    if moved {
        return (fields.targets[fields.at(state, h)] > 0).then(|| {
            "leaves road movement mode (R&S 10.5: 1 MP): targets in range, and in the mode it \
             may not attack (10.5(C))"
                .to_string()
        });
    }
    // Before moving (its search now is the mode's): where the road takes it nearest.
    let (_, at) = nearest(state, fields, u, reaches.of(u).destinations().chain([h]))?;
    reached(state, fields, at).then(|| {
        format!(
            "leaves road movement mode (R&S 10.5: 1 MP): the enemy can reach {}, where the \
             road takes it",
            state.setup.name(at)
        )
    })
}

//! How the play view offers Rifle & Saber's commands ([`CommandInfo`]): deployments, fire and
//! shock at a hex of the map (fire and shock previewed, R&S 5.1, 5.2), moves through the
//! unit's reach (R&S 4.0), a unit's own actions (limber, dismount, road mode, R&S 4(J), 4(L),
//! 10.5), and the buttons beside the map.

use super::command::Command;
use super::state::{State, UnitId};
use crate::engine::command_info::{CommandInfo, Offer};
use crate::map::HexCoord;

/// The unit as counters and commands name it ("British MZ 3").
fn name(s: &State, u: UnitId) -> String {
    if u < s.units.len() {
        s.label(u).into_owned()
    } else {
        format!("unit {u}")
    }
}

pub fn command_info(s: &State, c: &Command) -> CommandInfo {
    let hex = |h: &HexCoord| s.setup.name(*h);
    let unit = |k: &str, u: &UnitId| CommandInfo::of_unit(k, name(s, *u));
    match c {
        Command::Deploy { unit, hex: h, .. } => {
            CommandInfo::at_hex("deploy", Some(name(s, *unit)), hex(h))
        }
        Command::PlaceTrench { hex: h } => CommandInfo::at_hex("place_trench", None, hex(h)),
        Command::PlaceImprovedPosition { hex: h } => {
            CommandInfo::at_hex("place_improved_position", None, hex(h))
        }
        Command::BeginWork { hex: h } => CommandInfo::at_hex("begin_work", None, hex(h)),
        Command::EndDeployment => CommandInfo::button("end_deployment").ends_phase(),
        Command::Fire { unit, target, .. } => {
            CommandInfo::at_hex("fire", Some(name(s, *unit)), hex(target)).previewed()
        }
        Command::Shock { unit, target } => {
            CommandInfo::at_hex("shock", Some(name(s, *unit)), hex(target)).previewed()
        }
        Command::CancelFire { unit: u } => unit("cancel_fire", u),
        Command::CancelShock { unit: u } => unit("cancel_shock", u),
        Command::ResolveFire => CommandInfo::button("resolve_fire").resolves(),
        Command::ResolveShock => CommandInfo::button("resolve_shock").resolves(),
        Command::Move { unit, .. } => CommandInfo::new("move", Offer::Reach).unit(name(s, *unit)),
        Command::Limber { unit: u } => unit("limber", u),
        Command::Unlimber { unit: u } => unit("unlimber", u),
        Command::Dismount { unit: u } => unit("dismount", u),
        Command::Remount { unit: u } => unit("remount", u),
        Command::EnterRoadMode { unit: u } => unit("enter_road_mode", u),
        Command::LeaveRoadMode { unit: u } => unit("leave_road_mode", u),
        Command::ToTop { unit: u } => unit("to_top", u),
        Command::ExitMap { unit: u } => unit("exit_map", u),
        // R&S 6.0: the retreat's path is shown while its button is hovered.
        Command::ChooseRetreat { path } => {
            CommandInfo::button("choose_retreat").path(path.iter().map(hex).collect())
        }
        // A loss choice is listed by each unit it names.
        Command::ChooseShockLosses { units } => {
            CommandInfo::new("choose_shock_losses", Offer::Unit)
                .involving(units.iter().map(|&u| name(s, u)))
        }
        Command::EndPhase => CommandInfo::button("end_phase").ends_phase(),
    }
}

/// A deployment aimed at another hex (the refusal then says why it may not go there).
pub fn command_at(s: &State, c: &Command, at: &str) -> Option<Command> {
    let h = s.setup.grid.parse(at)?;
    match c {
        Command::Deploy { unit, limbered, .. } => Some(Command::Deploy {
            unit: *unit,
            hex: h,
            limbered: *limbered,
        }),
        _ => None,
    }
}

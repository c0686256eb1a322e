//! How the play view offers Rifle and Kepi's commands ([`CommandInfo`]): dealing, the
//! superior C3 side's choice and ending a phase as buttons; each unit's action as a button of
//! the unit; steps and HQ moves at the hex they go to; reconnaissance and fire at the target
//! hex.

use super::board::enemy_adjacent;
use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer};

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    commands.iter().map(|c| command_info(s, c)).collect()
}

/// RK Movement: a step into a hex next to an enemy fighting unit is a charge (the move ends
/// there, in combat).
fn charges(s: &State, unit: &str, to: &str) -> bool {
    let setup = s.setup();
    match (setup.unit(unit), setup.parse(to)) {
        (Ok(u), Ok(h)) => enemy_adjacent(s, setup.units[u].side, h),
        _ => false,
    }
}

fn command_info(s: &State, c: &Command) -> CommandInfo {
    let unit = |k: &str, u: &str| CommandInfo::of_unit(k, u.to_string());
    match c {
        Command::Deal => CommandInfo::button("deal").ends_phase(),
        Command::GoFirst { .. } => CommandInfo::button("go_first"),
        Command::Stand { unit: u } => unit("stand", u),
        Command::Recce { unit, target } => {
            CommandInfo::at_hex("recce", Some(unit.clone()), target.clone())
        }
        Command::DigIn { unit: u } => unit("dig_in", u),
        Command::Move { unit: u } => unit("roll_move", u),
        Command::Step { unit, to } if charges(s, unit, to) => {
            CommandInfo::at_hex("step", Some(unit.clone()), to.clone()).previewed()
        }
        Command::Step { unit, to } => CommandInfo::new("step", Offer::Reach)
            .unit(unit.clone())
            .hex(to.clone()),
        Command::Face { unit: u, facing } => unit("face", u).facing(*facing),
        Command::Formation { unit, second } => match second {
            Some(h) => CommandInfo::at_hex("change_formation", Some(unit.clone()), h.clone()),
            None => CommandInfo::of_unit("change_formation", unit.clone()),
        },
        Command::EndMove { unit: u } => unit("end_move", u).ends_phase(),
        Command::HqMove { hq, to } => CommandInfo::at_hex("hq_move", Some(hq.clone()), to.clone()),
        Command::HqActivate { hq, unit, .. } => {
            CommandInfo::of_unit("hq_activate", hq.clone()).involving([unit.clone()])
        }
        Command::Fire { unit, target } => {
            CommandInfo::at_hex("artillery_fire", Some(unit.clone()), target.clone())
        }
        Command::Fortify { unit: u } => unit("fortify", u),
        Command::End => CommandInfo::button("end_phase").ends_phase(),
    }
}

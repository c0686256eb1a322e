//! How the play view offers the 19th Century commands ([`CommandInfo`]): the initiative roll
//! and ending a phase as buttons; reforming, deploying, pivoting and striking as buttons of the
//! unit (a pivot aimed at the hexside it faces); moves through the unit's reach (with the
//! hexside faced at the end); shots at the target's hex (previewed); a commander's
//! rally at the unit it joins.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer};
use crate::engine::facing::Facing;

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    commands.iter().map(|c| command_info(s, c)).collect()
}

fn hex_of(s: &State, id: &str) -> Option<String> {
    let setup = s.setup();
    let u = setup.unit(id).ok()?;
    s.units[u].hex.map(|h| setup.name(h))
}

/// The hexside a unit in `hex` facing `facing` faces, as "0812/0813"; `None` at the map's
/// edge.
fn faced(s: &State, hex: &str, facing: Facing) -> Option<String> {
    let setup = s.setup();
    let h = setup.parse(hex).ok()?;
    let n = super::movement::step_toward(s, h, facing)?;
    Some(format!("{}/{}", setup.name(h), setup.name(n)))
}

fn command_info(s: &State, c: &Command) -> CommandInfo {
    let unit = |k: &str, u: &str| CommandInfo::of_unit(k, u.to_string());
    match c {
        Command::Initiative => CommandInfo::button("initiative"),
        // A move's facing at its end is the hexside faced there, given beside its hex (the
        // six moves to a hex differ by it); a pivot is aimed at the hexside it turns to face.
        Command::Move { unit, to, facing } => {
            let mut c = CommandInfo::new("move", Offer::Reach)
                .unit(unit.clone())
                .hex(to.clone())
                .facing(*facing);
            c.hexside = faced(s, to, *facing);
            c
        }
        Command::Pivot { unit: u, facing } => {
            let c = unit("pivot", u).facing(*facing);
            match hex_of(s, u).and_then(|h| faced(s, &h, *facing)) {
                Some(side) => c.hexside(side),
                None => c,
            }
        }
        Command::Reform { unit: u } => unit("reform", u),
        Command::Rally { commander, unit } => match hex_of(s, unit) {
            Some(h) => {
                CommandInfo::at_hex("rally", Some(commander.clone()), h).involving([unit.clone()])
            }
            None => CommandInfo::of_unit("rally", commander.clone()).involving([unit.clone()]),
        },
        Command::Deploy { unit: u } => unit("deploy", u),
        Command::Shoot { unit, target } => match hex_of(s, target) {
            Some(h) => CommandInfo::at_hex("shoot", Some(unit.clone()), h)
                .involving([target.clone()])
                .previewed(),
            None => CommandInfo::of_unit("shoot", unit.clone()).involving([target.clone()]),
        },
        Command::Strike { unit: u } => unit("strike", u).resolves(),
        Command::End => CommandInfo::button("end_phase").ends_phase(),
    }
}

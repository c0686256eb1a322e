//! How the play view offers the 19th Century commands ([`CommandInfo`]): the initiative roll
//! and ending a phase as buttons; reforming, deploying, pivoting and striking as buttons of the
//! unit; moves through the unit's reach; shots at the target's hex (previewed); a commander's
//! rally at the unit it joins.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer};

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    commands.iter().map(|c| command_info(s, c)).collect()
}

fn hex_of(s: &State, id: &str) -> Option<String> {
    let setup = s.setup();
    let u = setup.unit(id).ok()?;
    s.units[u].hex.map(|h| setup.name(h))
}

fn command_info(s: &State, c: &Command) -> CommandInfo {
    let unit = |k: &str, u: &str| CommandInfo::of_unit(k, u.to_string());
    match c {
        Command::Initiative => CommandInfo::button("initiative"),
        // The facing at the end of a move, and a pivot's, have no field of their own in a
        // CommandInfo: the six commands of a hex differ only in their descriptions.
        Command::Move { unit, to, .. } => CommandInfo::new("move", Offer::Reach)
            .unit(unit.clone())
            .hex(to.clone()),
        Command::Pivot { unit: u, .. } => unit("pivot", u),
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

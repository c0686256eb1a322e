//! How the play view offers the Vae Victis commands ([`CommandInfo`]): the opening rolls, the
//! activation dice, taking command and ending a phase as buttons; pivots and formation changes
//! as buttons of the element; moves through its reach (with the hexside faced at the end); fire
//! and melee at the target's hex (fire previewed); pursuit as buttons.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer};
use crate::engine::facing::Facing;

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    commands.iter().map(|c| command_info(s, c)).collect()
}

fn hex_of(s: &State, id: &str) -> Option<String> {
    let setup = s.setup();
    let e = setup.element(id).ok()?;
    s.elements[e].hex.map(|h| setup.name(h))
}

/// The hexside an element in `hex` facing `facing` faces, "0812/0813".
fn faced(s: &State, hex: &str, facing: Facing) -> Option<String> {
    let setup = s.setup();
    let h = setup.parse(hex).ok()?;
    let n = super::geometry::toward(s, h, facing)?;
    Some(format!("{}/{}", setup.name(h), setup.name(n)))
}

fn command_info(s: &State, c: &Command) -> CommandInfo {
    let unit = |k: &str, u: &str| CommandInfo::of_unit(k, u.to_string());
    match c {
        Command::Begin => CommandInfo::button("begin"),
        Command::Activate => CommandInfo::button("activate"),
        Command::TakeCommand { .. } => CommandInfo::button("take_command"),
        Command::Move {
            element,
            to,
            facing,
        } => {
            let mut c = CommandInfo::new("move", Offer::Reach)
                .unit(element.clone())
                .hex(to.clone())
                .facing(*facing);
            c.hexside = faced(s, to, *facing);
            c
        }
        Command::MoveGroup {
            elements,
            to,
            facing,
        } => {
            let first = elements.first().cloned().unwrap_or_default();
            let mut c = CommandInfo::new("move_group", Offer::Reach)
                .unit(first)
                .hex(to.clone())
                .facing(*facing)
                .involving(elements.iter().skip(1).cloned());
            c.hexside = faced(s, to, *facing);
            c
        }
        Command::Pivot { element, facing } => {
            let c = unit("pivot", element).facing(*facing);
            match hex_of(s, element).and_then(|h| faced(s, &h, *facing)) {
                Some(side) => c.hexside(side),
                None => c,
            }
        }
        Command::Square { element } => unit("square", element),
        Command::Line { element } => unit("line", element),
        Command::Skirmish { element, hex } => {
            CommandInfo::at_hex("skirmish", Some(element.clone()), hex.clone())
        }
        Command::CloseOrder { element } => unit("close_order", element),
        Command::Dismount { element } => unit("dismount", element),
        Command::Mount { element } => unit("mount", element),
        Command::Enter {
            element,
            hex,
            facing,
        } => {
            let mut c =
                CommandInfo::at_hex("enter", Some(element.clone()), hex.clone()).facing(*facing);
            c.hexside = faced(s, hex, *facing);
            c
        }
        Command::Fire {
            element,
            target,
            supports,
        } => match hex_of(s, target) {
            Some(h) => CommandInfo::at_hex("fire", Some(element.clone()), h)
                .involving(std::iter::once(target.clone()).chain(supports.iter().cloned()))
                .previewed(),
            None => CommandInfo::of_unit("fire", element.clone()).involving([target.clone()]),
        },
        Command::Melee { element, target } => match hex_of(s, target) {
            Some(h) => CommandInfo::at_hex("melee", Some(element.clone()), h)
                .involving([target.clone()])
                .resolves(),
            None => CommandInfo::of_unit("melee", element.clone()).involving([target.clone()]),
        },
        Command::Pursue => CommandInfo::button("pursue").resolves(),
        Command::Hold => CommandInfo::button("hold").resolves(),
        Command::End => CommandInfo::button("end_phase").ends_phase(),
    }
}

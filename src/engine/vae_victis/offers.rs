//! How the play view offers the Vae Victis commands ([`CommandInfo`]): the opening rolls, the
//! activation dice, taking command and ending a phase as buttons; pivots and formation changes
//! as buttons of the element; moves through its reach (with the hexside faced at the end); fire
//! and melee at the target's hex (fire previewed); pursuit as buttons.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer, UnitStep};
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

/// VV 5.2: each element of a group from its hex to the hex the parallel move gives it (the
/// first element's to `to`), so that the play view draws the line moving and lets any of its
/// elements be the one clicked for. Empty when an element is not on the map (the command is
/// refused then anyway).
fn group_steps(s: &State, elements: &[String], to: &str) -> Vec<UnitStep> {
    let setup = s.setup();
    let on_map = |id: &String| {
        let e = setup.element(id).ok()?;
        Some((e, s.elements[e].hex?))
    };
    let Some((_, from0)) = elements.first().and_then(on_map) else {
        return Vec::new();
    };
    let Ok(to) = setup.parse(to) else {
        return Vec::new();
    };
    elements
        .iter()
        .map(|id| {
            let (e, from) = on_map(id)?;
            let dest = super::groups::shifted(s, e, from0, to)?;
            Some(UnitStep {
                unit: id.clone(),
                path: vec![setup.name(from), setup.name(dest)],
            })
        })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default()
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
                .involving(elements.iter().skip(1).cloned())
                .steps(group_steps(s, elements, to));
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

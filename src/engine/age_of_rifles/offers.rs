//! How the play view offers Age of Rifles' commands ([`CommandInfo`]): orders from buttons or
//! at the hex a march goes to (AoR 12.2), bombardments, assaults and charges at a hex of the
//! map and previewed (AoR 8.1, 7.3, 7.6), moves through the reach with waypoints (AoR 5),
//! the owner's choices (hits, retreats, advances, squares) as buttons or by the units they
//! name.

use super::state::{Command, LeaderLoc, Loc, State};
use crate::engine::command_info::{CommandInfo, Offer};
use std::collections::HashMap;

/// Every counter (units and leaders) by the printed name of the hex it stands in.
fn counters_by_hex(s: &State) -> HashMap<String, Vec<String>> {
    let setup = s.setup();
    let mut at: HashMap<String, Vec<String>> = HashMap::new();
    for (u, d) in setup.units.iter().enumerate() {
        if let Loc::At(h) = s.units[u].loc {
            at.entry(setup.name(h)).or_default().push(d.id.clone());
        }
    }
    for (l, d) in setup.leaders.iter().enumerate() {
        if let LeaderLoc::At(h) = s.leaders[l].loc {
            at.entry(setup.name(h)).or_default().push(d.id.clone());
        }
    }
    at
}

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    let needs_positions = commands
        .iter()
        .any(|c| matches!(c, Command::Assault { .. }));
    let at = if needs_positions {
        counters_by_hex(s)
    } else {
        HashMap::new()
    };
    commands.iter().map(|c| command_info(c, &at)).collect()
}

fn command_info(c: &Command, at: &HashMap<String, Vec<String>>) -> CommandInfo {
    let unit = |k: &str, u: &str| CommandInfo::of_unit(k, u.to_string());
    match c {
        Command::Deploy { piece, hex } => {
            CommandInfo::at_hex("deploy", Some(piece.clone()), hex.clone())
        }
        // AoR 12.2: a march order is given at the hex it marches to; the others are buttons.
        Command::SendOrder { march_to, .. } => match march_to {
            Some(h) => CommandInfo::at_hex("send_order", None, h.clone()),
            None => CommandInfo::button("send_order"),
        },
        Command::ToReserve { .. } => CommandInfo::button("to_reserve"),
        // AoR 15: the unit is eliminated and cannot be selected on the map.
        Command::Reorganize { unit } => CommandInfo::button("reorganize").unit(unit.clone()),
        Command::Bombard { unit, target } => {
            CommandInfo::at_hex("bombard", Some(unit.clone()), target.clone()).previewed()
        }
        // AoR 7.6: given by selecting any of the charging cavalry, or at the target hex.
        Command::Charge { units, target } => CommandInfo::at_hex("charge", None, target.clone())
            .involving(units.iter().cloned())
            .previewed(),
        // AoR 7.3: every counter in a hex the assault comes from lists it.
        Command::Assault { from, target } => CommandInfo::at_hex("assault", None, target.clone())
            .involving(
                from.iter()
                    .flat_map(|h| at.get(h).cloned().unwrap_or_default()),
            )
            .previewed(),
        Command::FormSquare { .. } => CommandInfo::button("form_square"),
        Command::EndCharge { .. } => CommandInfo::button("end_charge"),
        Command::Pursue { target } => CommandInfo::at_hex("pursue", None, target.clone()),
        Command::Decline => CommandInfo::button("decline"),
        // AoR 7.1: a choice of hits is listed by each unit it names.
        Command::Allocate { units } => {
            CommandInfo::new("allocate", Offer::Unit).involving(units.iter().cloned())
        }
        Command::Disrupt { unit: u } => unit("disrupt", u),
        Command::Move { unit, to, .. } => CommandInfo::new("move", Offer::Reach)
            .unit(unit.clone())
            .hex(to.clone())
            .waypoints(),
        Command::Exit { unit: u } => unit("exit", u),
        Command::MoveLeader { leader, to } => CommandInfo::new("move_leader", Offer::Reach)
            .unit(leader.clone())
            .hex(to.clone()),
        Command::FireFirst { .. } => CommandInfo::button("fire_first"),
        Command::Retreat { .. } => CommandInfo::button("retreat"),
        // AoR 7.5: "no advance" is a button; an advance is listed by the units it takes.
        Command::Advance { unit: None, .. } => CommandInfo::button("advance"),
        Command::Advance {
            unit: Some(u),
            with,
        } => unit("advance", u).involving(with.iter().cloned()),
        Command::End => CommandInfo::button("end").ends_phase(),
    }
}

/// A deployment aimed at another hex (the refusal then says why it may not go there).
pub fn command_at(c: &Command, hex: &str) -> Option<Command> {
    match c {
        Command::Deploy { piece, .. } => Some(Command::Deploy {
            piece: piece.clone(),
            hex: hex.to_string(),
        }),
        _ => None,
    }
}

//! How the play view offers Drill's commands ([`CommandInfo`]): the draw and the pass of a card
//! as buttons beside the map (the pass plays the card in play), a deployment at its hex, a
//! move through the unit's reach, a line's advance as a button of any unit of the line with
//! each unit's step (Drill 4.3), a turn as a button of the unit with the facing it gives (so
//! `[`, `]` and a drag turn it), a shot at the target's hex, previewed.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer, UnitStep};

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    // A command may name any unit before the rules check it.
    let l = |u: &usize| {
        s.setup()
            .units
            .get(*u)
            .map_or_else(|| format!("unit {u}"), |x| x.name.clone())
    };
    let card = s.card.map(|c| s.card_name(c));
    commands
        .iter()
        .map(|c| match c {
            Command::Deploy { unit, hex: h } => {
                CommandInfo::at_hex("deploy", Some(l(unit)), s.hex_name(*h))
            }
            Command::Draw => CommandInfo::button("draw_card").key("d"),
            Command::Move { unit, to } => CommandInfo::new("move", Offer::Reach)
                .unit(l(unit))
                .hex(s.hex_name(*to)),
            Command::Advance { unit } => {
                let steps = super::rules::advance(s, *unit)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(u, to)| UnitStep {
                        unit: l(&u),
                        path: s.hex[u]
                            .into_iter()
                            .chain([to])
                            .map(|h| s.hex_name(h))
                            .collect(),
                    })
                    .collect();
                CommandInfo::of_unit("advance_line", l(unit))
                    .steps(steps)
                    .key("l")
            }
            Command::Face { unit, facing } => CommandInfo::of_unit("face", l(unit)).facing(*facing),
            Command::Fire { unit, target } => {
                let mut i =
                    CommandInfo::at_hex("fire", Some(l(unit)), s.hex_name(*target)).previewed();
                if let Some(t) = s.at(*target) {
                    i = i.involving([l(&t)]);
                }
                i
            }
            Command::Pass => {
                let i = CommandInfo::button("pass").ends_phase();
                match &card {
                    Some(c) => i.card(c.clone()),
                    None => i,
                }
            }
        })
        .collect()
}

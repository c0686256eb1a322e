//! How the play view offers Drill's commands ([`CommandInfo`]): the draw and the pass of a card
//! as buttons beside the map (the pass plays the card in play), a deployment at its hex, a
//! move through the unit's reach, a turn as a button of the unit with the facing it gives (so
//! `[`, `]` and a drag turn it), a shot at the target's hex, previewed.

use super::state::{Command, State};
use crate::engine::command_info::{CommandInfo, Offer};

pub fn command_infos(s: &State, commands: &[Command]) -> Vec<CommandInfo> {
    let l = |u: &usize| s.setup().units[*u].name.clone();
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

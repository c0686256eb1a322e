//! Every die of Vae Victis is one d6 asked of the engine's [`Dice`] with its purpose and
//! recorded in the events, so a replay gives back every face (DESIGN: "Dice are data").

use super::state::Event;
use crate::engine::RuleError;
use crate::engine::dice::{Dice, DiceSpec, Roll, RollRequest};

/// One d6, recorded.
pub fn roll_d6(
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
    purpose: &str,
    context: serde_json::Value,
) -> Result<u8, RuleError> {
    let request = RollRequest {
        purpose: purpose.to_string(),
        spec: DiceSpec::D6,
        context,
    };
    let r = dice.roll(&request)?;
    let face = r.faces.first().copied().unwrap_or(1);
    events.push(Event::Rolled {
        roll: Roll {
            purpose: request.purpose,
            spec: request.spec,
            faces: r.faces,
            total: u32::from(face),
            context: request.context,
            forced: r.forced,
        },
    });
    Ok(face)
}

pub fn note(events: &mut Vec<Event>, text: impl Into<String>) {
    events.push(Event::Note { text: text.into() });
}

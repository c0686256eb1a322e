//! The rules engine: pure, with no I/O, no clock and no randomness of its own.
//!
//! One transition: `apply(&state, &command, &mut dyn Dice) -> Result<(State, Vec<Event>),
//! RuleError>`. A refused command leaves the state untouched and says why, citing the case.
//! Dice are asked for with their purpose and returned as data in the events.

pub mod dice;
pub mod error;
pub mod hash;
pub mod rifle_and_saber;
pub mod ruleset;

pub use error::RuleError;
pub use ruleset::{Progress, RifleAndSaber, Ruleset};

//! The rules engine: pure, with no I/O, no clock and no randomness of its own.
//!
//! One transition: `apply(&state, &command, &mut dyn Dice) -> Result<(State, Vec<Event>),
//! RuleError>`. A refused command leaves the state untouched and says why, citing the case.
//! Dice are asked for with their purpose and returned as data in the events.
//!
//! Each rule system implements [`Ruleset`] in its own folder (`rifle_and_saber/`); [`game`] is
//! the one generic layer that plays, records, replays and verifies games of any of them.

pub mod age_of_rifles;
pub mod command_info;
pub mod counters;
pub mod deck;
pub mod dice;
#[cfg(feature = "test-ruleset")]
pub mod drill;
pub mod error;
pub mod facing;
pub mod formula;
pub mod game;
pub mod hash;
pub mod nineteenth_century;
pub mod points_victory;
pub mod preview;
pub mod rifle_and_kepi;
pub mod rifle_and_saber;
pub mod ruleset;
pub mod setup_state;
pub mod vae_victis;
pub mod victory;

pub use age_of_rifles::AgeOfRifles;
pub use error::RuleError;
pub use game::registry::RulesetId;
pub use game::{AnyRuleset, AnyState};
pub use nineteenth_century::NineteenthCentury;
pub use rifle_and_kepi::RifleAndKepi;
pub use rifle_and_saber::ruleset::RifleAndSaber;
pub use ruleset::{
    ConditionStatus, GameOutcome, OptionalRule, PhaseInfo, Player, Progress, Reason, Ruleset,
    SideInfo, VictoryCondition,
};

//! Why the engine refused a command, in a player's words, citing the rule case.

use super::dice::DiceError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The command breaks a rule: `case` cites it ("R&S 8.0(B)").
    #[error("{case}: {message}")]
    Rule { case: String, message: String },
    /// The command does not fit the game's state (wrong phase, unknown unit, a decision pending).
    #[error("{0}")]
    NotNow(String),
    /// A rule the scenario or options need is not implemented; refused, never skipped.
    #[error("not implemented: {0}")]
    Unimplemented(String),
    #[error("dice: {0}")]
    Dice(#[from] DiceError),
}

impl RuleError {
    pub fn rule(case: &str, message: impl Into<String>) -> RuleError {
        RuleError::Rule {
            case: case.to_string(),
            message: message.into(),
        }
    }

    pub fn not_now(message: impl Into<String>) -> RuleError {
        RuleError::NotNow(message.into())
    }
}

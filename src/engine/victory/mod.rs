//! The shared victory kinds of the scenario format (`crate::scenario::rules::VictoryRule`:
//! `hold`, `hold_for_turns`, `exit`, `destroy_all`, `control_deployed_hill`, `points`, `all`,
//! `any`), evaluated once for every rule system that plays them, and how a scenario's entries
//! combine into one result (docs/formats.md, "How victory entries combine"):
//!
//! - Each entry is decided at its game-turn (`hold`, `exit`, `control_deployed_hill`,
//!   `points`; `all`/`any` when their parts, each at its own game-turn, settle it), or the
//!   moment it is met (`hold_for_turns` at the end of a game-turn, `destroy_all` after any
//!   command), or at the end of the game.
//! - A met entry with `sudden_death` (and a met `hold_for_turns` or `destroy_all`) ends the game
//!   at once with its award; a `sudden_death` entry is checked at the end of every game-turn
//!   before its own as if it were decided then.
//! - Otherwise the game ends at the end of the game-turn in which every entry is decided, or
//!   after the last game-turn. The highest level awarded wins (an unqualified victory ranks below
//!   marginal); one level awarded to both sides is a draw. With no award, failed entries of one
//!   side only are the other side's victory (R&S 11.0's form "X must ..."); failures on both
//!   sides, or nothing decided, are a draw.
//!
//! A system gives what is its own: its position as [`Facts`] (who holds a hex, units exited,
//! eliminated and in play, its victory points, the hill a side deployed on), its [`Words`] where
//! its verdicts are worded otherwise, and how it keeps what is decided ([`Record`]). It builds
//! its entries with [`build`], calls [`end_game_turn`] at the end of each game-turn and
//! [`destroyed`] after each command, applies the [`Ending`] they give in its own way, and
//! reports with [`report`].
//!
//! Invariant kept for the archive: every verdict is worded as each system worded it before this
//! module, so recorded games keep their state hashes (an outcome's reason, and Rifle & Saber's
//! decided entries, are in the hashed state).

mod condition;
mod decide;
mod ending;
mod facts;
mod record;
mod report;

pub use condition::{Condition, Entry, ExitNeed, Part, Resolve, Target, build, target};
pub use decide::{decide, held};
pub use ending::{Ending, destroyed, end_game_turn};
pub use facts::{Facts, Words};
pub use record::{ByPath, Decided, Parts, Record};
pub use report::report;

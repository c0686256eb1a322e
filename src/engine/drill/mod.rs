//! Drill, the test rule system (RULES.md beside this file): activation cards drawn from a
//! deck decide which side acts, units face a hexside, bog is a terrain only Drill has, and its
//! scenarios carry their own roster, special rule and scenario-view panel. It exists to prove
//! that a rule system is one folder: it is compiled only with the cargo feature
//! `test-ruleset` and registered by one line of the registry, and nothing outside this folder
//! and `ui/src/rulesets/drill/` names it.
//!
//! Modules: `tables` (its embedded data), `section` (its part of a scenario, its special rule
//! and its panel), `state` (setup, state, commands and events), `rules` (what a command does
//! and which are legal), `victory` (Drill 6.2 on the shared evaluator `engine::victory`),
//! `offers` (how the play view offers each command), `view` (what the views and the CLI
//! show), `sight` (what a side sees, Drill 7), `player` (the random player), `ruleset` (the
//! [`crate::engine::Ruleset`] it registers).

mod offers;
mod player;
mod rules;
mod ruleset;
pub mod section;
mod sight;
pub mod state;
pub mod tables;
mod victory;
mod view;

pub use ruleset::{Drill, Options};

/// Its key in scenario, map and game files.
pub const KEY: &str = "drill";

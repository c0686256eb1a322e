//! Rifle and Kepi (Martin Rapier): large engagements in the late nineteenth century, 1 hex =
//! 1000 m, 1 turn = 1 hour, divisions and artillery regiments with steps, activated by playing
//! cards, slowed by dithering, fighting in groups that stay locked together until one side
//! wins or loses. Rules are cited in code by the text's headings: `// RK Movement`.
//!
//! Modules: `tables` (the numbers and the terrain chart as data, `data/`), `section` (the
//! scenario's sides: C3, home edge, objectives, units), `state` (setup, state, commands,
//! events, options), `board` (positions: engagement, stacking, lines of fire), `sequence` (the
//! turn sequence: cards, dithering, rallying, activation in card order, the artillery phases,
//! fortifying), `movement` (movement points, costs, formation, facing, HQs, digging in,
//! disbanded units' flight), `fire` (recce and artillery), `combat` (groups, scores, results,
//! losses), `combat_preview` (a charge's combat before the roll), `victory`, `legal` (legal
//! commands and the random player), `offers`, `report`, `ruleset`. The generic pieces it uses
//! are `engine::deck` (cards drawn as dice) and `engine::facing` (hexside and vertex facings,
//! arcs).
//!
//! docs/rules/rifle-and-kepi.md records how the text is read where it is short or silent.

pub mod ai;
pub mod board;
pub mod combat;
pub mod combat_preview;
pub mod fire;
pub mod legal;
pub mod movement;
pub mod offers;
pub mod report;
pub mod ruleset;
pub mod section;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod victory;

pub use ruleset::RifleAndKepi;

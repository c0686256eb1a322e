//! The 19th Century European wargaming rules (1860-1880): a short miniatures game in the
//! manner of One-Hour Wargames, measured in inches, played by Kepi on hexes of 6 inches (its
//! author's grid: "The rules did start out on a 6 inch square grid"). Units of two stands in
//! march or battle formation facing a hexside, three phases a turn each opened by its own
//! initiative roll, shooting with range bands, melee by cavalry and dragoons, commanders'
//! once-a-game rally, elimination by hits. Rules are cited in code by the text's headings:
//! `// 19C Movement`.
//!
//! Modules: `tables` (the numbers and the terrain chart as data, `data/`, and inches to
//! hexes), `section` (the scenario's sides: objectives, units), `state` (setup, state,
//! commands, events), `board` (positions: one unit a hex, the frontal arc, line of sight,
//! cover, melees, dice), `movement`, `fire` (shooting), `melee`, `sequence` (start, apply,
//! the initiative rolls, the phases), `victory`, `legal` (legal commands and the random
//! player), `offers`, `report`, `ruleset`, `ai` (the computer opponent's standard level).
//!
//! docs/rules/nineteenth-century.md records how the text is read where it is garbled or
//! silent, and every distance of the text in hexes.

pub mod ai;
pub mod board;
pub mod fire;
pub mod legal;
pub mod melee;
pub mod movement;
pub mod offers;
pub mod report;
pub mod ruleset;
pub mod section;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod victory;

pub use ruleset::NineteenthCentury;

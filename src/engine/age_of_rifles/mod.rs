//! Age of Rifles (Markus Stumptner, 2007; the basic rules): corps and division command with
//! leaders, orders and their compliance delay, a 2d6 Fire Table, cavalry charges and morale.
//!
//! Built so far: its tables (the Fire Table, AoR 7.1; the Terrain Effects on Combat, Morale
//! Modifiers, Order number and combat modifiers charts), its scenario section (named units,
//! formations, leaders and ratings, orders at the start, demoralization levels, supply
//! sources), movement costs and the cavalry-MP distance (AoR 5, 5.2, 12.1), and order
//! compliance and capacity (AoR 12.3-12.5), zones of control on the map (AoR 5.4), and the combat
//! arithmetic (fire strength with its modifiers, hits, hit allocation, step losses, bombardment's
//! disruption, morale checks: AoR 2.3, 6, 7.1, 7.2, 7.6, 8.1), and play: the game's fixed
//! `setup`, its `state`, the sequence of play of AoR 4 (`sequence`), fire in play (`assault`,
//! `losses`), cavalry charges, pursuit and reaction charges (`cavalry`, AoR 7.6-7.10), where
//! pieces may move (`position`), the legal commands and the random player (`legal`) and the
//! game in words (`report`), night and rain (`weather`, AoR 5.5, 16) and the reorganization
//! of eliminated units on night turns (`reorganize`, AoR 15), exiting the map (`exits`,
//! AoR 5.6), passing fire on units moving through a ZOC and on stacks retreating into one
//! (`passing`, AoR 5.4, 7.12, 7.4), and victory (`victory`, AoR 13, 18: the scenario format's
//! conditions and how they combine). Forts and fortified hexsides (AoR 10) are the map's
//! `fort` terrain and `wall` hexside (`setup::FORT`, `setup::WALL`), applied where each rule
//! acts.
//! docs/rules/age-of-rifles.md records the readings where the text is cut off or silent.

pub mod ai;
pub mod assault;
pub mod cavalry;
pub mod charge;
pub mod charge_preview;
pub mod combat;
pub mod exits;
pub mod legal;
pub mod los;
pub mod losses;
pub mod movement;
pub mod offers;
pub mod orders;
pub mod passing;
pub mod position;
pub mod preview;
pub mod reorganize;
pub mod report;
pub mod retreat;
pub mod ruleset;
pub mod scripted;
pub mod search;
pub mod section;
pub mod sequence;
pub mod setup;
pub mod state;
pub mod tables;
pub mod victory;
pub mod weather;
pub mod zoc;

pub use ruleset::AgeOfRifles;

//! Age of Rifles (Markus Stumptner, 2007; the basic rules): corps and division command with
//! leaders, orders and their compliance delay, a 2d6 Fire Table, cavalry charges and morale.
//!
//! Built so far: its tables (the Fire Table, AoR 7.1; the Terrain Effects on Combat, Morale
//! Modifiers, Order number and combat modifiers charts), its scenario section (named units,
//! formations, leaders and ratings, orders at the start, demoralization levels, supply
//! sources), movement costs and the cavalry-MP distance (AoR 5, 5.2, 12.1), and order
//! compliance and capacity (AoR 12.3-12.5), zones of control on the map (AoR 5.4), and the combat
//! arithmetic (fire strength with its modifiers, hits, hit allocation, step losses, bombardment's
//! disruption, morale checks: AoR 2.3, 6, 7.1, 7.2, 7.6, 8.1). Not built yet: the sequence of play (AoR 4) and
//! everything played in it; starting a game is refused citing AoR 4 (see `ruleset`).
//! docs/rules/age-of-rifles.md records the readings where the text is cut off or silent.

pub mod charge;
pub mod combat;
pub mod los;
pub mod movement;
pub mod orders;
pub mod retreat;
pub mod ruleset;
pub mod section;
pub mod tables;
pub mod zoc;

pub use ruleset::AgeOfRifles;

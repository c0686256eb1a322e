//! Vae Victis (the compilation of La Grande Armée, Los Gringos, Rebel Yell and Kepis Rouge
//! from the magazine Vae Victis): a miniatures game measured in paces, played by Kepi on hexes
//! of 100 paces, one element a hex. One core of rules; each variant's Quick Reference Sheet as
//! data (`data/<variant>.json`) and a small module beside it (`lga.rs`, `lg.rs`,
//! `ry.rs`, `kr.rs`). Rules are cited by the
//! text's numbers and headings, `// VV 7.6`, and a sheet's by its name, `// VV LGA`.
//!
//! Modules: `paces` (paces to hexes), `tables` (the core's numbers, the sheets, the terrain
//! chart), `section` (the scenario's sides: variant, nation, base edge, C-in-C, corps), `state`
//! (setup, state, commands, events), `dice` (every die recorded), `geometry` (one element a
//! hex, facing, field of fire, zone of control, line of fire and of command), `generals`
//! (ratings, the first player, activation points, command), `movement`, `groups` (VV 5.2
//! group moves), `formations`
//! (squares, skirmisher pairs), `combat` (scores, results by the table, overlaps), `fire`,
//! `melee`, `results` (recoil, flight, destruction, generals lost), `morale` (demoralisation,
//! rally, victory), `objectives` (the scenario's objectives, Kepi's reading of VV 10), `lga` (La Grande Armée's tactical factors), `lg` (Los Gringos': its
//! tactical factors, charges, overlaps and ground), `ry` (Rebel Yell's: its tactical factors,
//! ranges in forest), `kr` (Kepis Rouge's: its tactical factors, charge bonus, Guard cavalry and the
//! light troops exempt from rough ground), `sequence` (start, the one
//! transition, the phases), `legal` (legal commands, the random player), `offers`, `report`,
//! `ruleset`.
//!
//! docs/rules/vae-victis.md records every distance in hexes and how the text is read where it
//! is silent or contradicts itself.

pub mod ai;
pub mod builder;
pub mod combat;
pub mod dice;
pub mod fire;
pub mod formations;
pub mod generals;
pub mod geometry;
pub mod groups;
pub mod kr;
pub mod legal;
pub mod lg;
pub mod lga;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod objectives;
pub mod offers;
pub mod paces;
pub mod reinforcements;
pub mod report;
pub mod results;
pub mod ruleset;
pub mod ry;
pub mod section;
pub mod sequence;
pub mod state;
pub mod tables;

pub use ruleset::VaeVictis;

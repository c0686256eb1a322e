//! Rifle & Saber (SPI, 1973), all of it: sequence of play 3.0, movement 4.0, combat 5.0,
//! disruption and retreat 6.0, stacking 7.0, zones of control 8.0, the tables 9.0, the optional
//! rules 10.1-10.5 and the scenarios' victory conditions and special rules.

pub mod ai;
pub mod apply;
pub mod autoplay;
pub mod bench;
pub mod board;
pub mod command;
pub mod counters;
pub mod ctx;
pub mod describe;
pub mod factor;
pub mod fire;
pub mod formula;
pub mod legal;
pub mod los;
pub mod movement;
pub mod offers;
pub mod oob;
pub mod retreat;
pub mod ruleset;
pub mod scenario;
pub mod scripted;
pub mod setup;
pub mod shock;
pub mod state;
pub mod tables;
pub mod test_rules_change;
pub mod tools;
pub mod turn;
pub mod victory;

pub use apply::{apply, new_game};
pub use command::{Command, Event};
pub use legal::legal;
pub use setup::{GameOptions, Setup};
pub use state::{Phase, State, UnitId};

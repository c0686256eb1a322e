//! Kepi core: maps, scenarios, orders of battle, rules tables and (later) the rules engine and
//! the archive, with no window and no web view. The `kepi` command-line binary and the desktop
//! shell both call these functions.
#![forbid(unsafe_code)]

pub mod ai;
pub mod archive;
pub mod atomic;
pub mod cli;
pub mod document;
pub mod editor;
pub mod engine;
pub mod frac;
pub mod game;
pub mod hostile_input;
pub mod library;
pub mod library_index;
pub mod look;
pub mod map;
pub mod pack;
pub mod print;
pub mod problems;
pub mod render;
pub mod scenario;
pub mod schema;
pub mod shipped;
pub mod tables;
pub mod timing;
pub mod vassal;

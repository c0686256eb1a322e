//! The rules engine: pure, with no I/O, no clock and no randomness of its own.
pub mod dice;

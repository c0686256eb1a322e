//! Every integration test of the core, as one test binary: one link of the kepi library and its
//! dependencies instead of one per file (about 80 links, the largest part of a clean build's
//! time on two cores). Each file of tests/ is a module here, named as the file: run one with
//! `cargo test --test integration archive::`, one test with `cargo test --test integration
//! archive::kill_9`. A new file of tests/ is added to this list, or it is not compiled.
//! (tests/recorded_boards.rs is a binary of its own: it turns a rule change on process-wide.)
//!
//! Invariant: tests of different modules run in one process, in parallel: none may change the
//! process's environment or working directory, and each writes only under its own temporary
//! folder.

mod common;

mod age_of_rifles;
mod age_of_rifles_ai;
mod age_of_rifles_allocation;
mod age_of_rifles_charge;
mod age_of_rifles_charge_preview;
mod age_of_rifles_cli;
mod age_of_rifles_exits;
mod age_of_rifles_forts;
mod age_of_rifles_move_path;
mod age_of_rifles_passing_fire;
mod age_of_rifles_play;
mod age_of_rifles_preview;
mod age_of_rifles_readings;
mod age_of_rifles_reorganize;
mod age_of_rifles_rest;
mod age_of_rifles_retreat_zoc;
mod age_of_rifles_sequential;
mod age_of_rifles_victory;
mod ai_opponent;
mod ai_puzzles;
mod ai_strength;
mod ai_win_guard;
mod antietam;
mod archive;
mod archive_batches;
mod archive_compaction;
mod archive_concurrency;
mod archive_damaged;
mod archive_recovery;
mod autoplay_golden;
mod cli_ai;
mod cli_archive;
mod cli_autoplay;
mod cli_checks;
mod cli_pipe;
mod cli_play;
mod cli_play_errors;
mod cli_tools;
mod cli_validate;
mod content;
mod counter_layouts;
#[cfg(feature = "test-ruleset")]
mod drill;
mod engine_autoplay;
mod format_fixtures;
mod gettysburg_history;
mod golden_games;
mod golden_tables;
mod hostile_input;
mod map_editor;
mod nineteenth_century;
mod nineteenth_century_ai;
mod nineteenth_century_scenarios;
mod oob_rifle_and_saber;
mod pack;
mod pack_cli;
mod pack_hostile;
mod pack_leftovers;
mod print;
mod render;
mod render_looks;
mod rifle_and_kepi;
mod rifle_and_kepi_ai;
mod rifle_and_kepi_scenarios;
mod rs_ai_rules;
mod rs_fire;
mod rs_movement;
mod rs_optional;
mod rs_preview;
mod rs_shock_retreat;
mod rs_victory;
mod ruleset_isolation;
mod scenario_format;
mod schemas;
mod scripted_events;
mod shipped_scenarios;
mod vae_victis;
mod vae_victis_ai;
mod vae_victis_builder;
mod vae_victis_groups;
mod vae_victis_kr;
mod vae_victis_lg;
mod vae_victis_objectives;
mod vae_victis_reinforcements;
mod vae_victis_ry;
mod vae_victis_scenarios;
mod vassal_export;
mod victory_model;
mod zone_rules;

//! Scenario files on arbitrary bytes: reading one (`ScenarioFile::from_text`) and validating
//! it against the shipped Rifle & Saber map and the ruleset's catalog (`Scenario::new`, the
//! one constructor of a playable setup) must refuse or accept, never panic, hang or allocate
//! without bound. An accepted scenario must also start a game.
#![no_main]

use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::{RifleAndSaber, Ruleset};
use kepi::map::Map;
use kepi::scenario::{Scenario, ScenarioFile};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn shipped_map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        Map::from_text(include_str!("../../maps/rifle-and-saber.json")).expect("the shipped map")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = ScenarioFile::from_text(text) else {
        return;
    };
    let Ok(tables) = file.ruleset.tables() else {
        return;
    };
    let catalog = tables.catalog.clone();
    if let Ok(scenario) = Scenario::new(file, shipped_map().clone(), catalog) {
        // Starting may refuse (with a message), never panic.
        let _ = RifleAndSaber.start(&scenario, &GameOptions::default());
    }
});

//! Age of Rifles test helpers shared by the `age_of_rifles_*` tests: the fixture scenario's
//! deployment zones opened, and segments ended until a phase.

use kepi::engine::age_of_rifles::state::{Command, State};
use kepi::engine::dice::SeededDice;
use kepi::engine::{AgeOfRifles, Ruleset};
use serde_json::{Value, json};

/// The hexes of columns `cols` and rows `rows`, by name ("0105").
pub fn zone(
    cols: std::ops::RangeInclusive<u32>,
    rows: std::ops::RangeInclusive<u32>,
) -> Vec<String> {
    cols.flat_map(|c| rows.clone().map(move |r| format!("{c:02}{r:02}")))
        .collect()
}

/// The fixture scenario's zones opened: the Prussians west of column 6 and along row 1, the
/// French from column 6 east.
pub fn open_zones(v: &mut Value) {
    let mut prussian = zone(1..=5, 1..=10);
    prussian.extend(zone(6..=12, 1..=1));
    v["deployment"][0]["zone"]["hexes"] = json!(prussian);
    v["deployment"][1]["zone"]["hexes"] = json!(zone(6..=12, 2..=10));
}

/// End segments (no dice needed before the Turn End Segment) until `phase` of `side`.
pub fn to(s: &State, phase: &str, side: usize) -> State {
    let mut s = s.clone();
    for _ in 0..20 {
        let p = AgeOfRifles.progress(&s);
        if p.phase_key == phase && p.player == side {
            return s;
        }
        s = AgeOfRifles
            .apply(&s, &Command::End, &mut SeededDice::new(0))
            .unwrap_or_else(|e| panic!("ending {}: {e}", p.phase_key))
            .0;
    }
    panic!("never reached {phase} of side {side}");
}

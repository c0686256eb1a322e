//! Age of Rifles test helpers shared by the `age_of_rifles_*` tests: the fixture scenario
//! (edited, its deployment zones opened), commands applied with exactly the faces given or
//! refused, and segments ended until a phase.

use kepi::engine::age_of_rifles::state::{Command, Event, State};
use kepi::engine::dice::SeededDice;
use kepi::engine::{AgeOfRifles, Ruleset};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

/// The rules cases' scenario: the test map's crossroads meeting.
pub const FIXTURE: &str = "tests/fixtures/age-of-rifles/scenarios/aor-crossroads-meeting.json";

/// The fixture scenario after `edit`, validated (a problem fails the test).
pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    super::system::fixture(&AgeOfRifles, FIXTURE, edit)
}

/// The fixture scenario with open zones ([`open_zones`]), after `edit`.
pub fn open_fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    fixture(|v| {
        open_zones(v);
        edit(v)
    })
}

/// A cavalry-charge position on the fixture's map: the French 2nd Brigade alone in the open at
/// 0605, the rest of the French far east; VII Corps at 0405 (the 14th Division, made cavalry by
/// the test, two hexes from 0605) and 0203.
pub const CHARGE_FRENCH: &[(&str, &str)] = &[
    ("ii-2", "0605"),
    ("ii-1", "1005"),
    ("ii-art", "1006"),
    ("frossard", "1005"),
    ("laveaucoupet", "1005"),
];

/// The Prussians of [`CHARGE_FRENCH`]'s position.
pub const CHARGE_PRUSSIANS: &[(&str, &str)] = &[
    ("vii-13", "0203"),
    ("vii-14", "0405"),
    ("vii-art", "0405"),
    ("steinmetz", "0405"),
    ("zastrow", "0405"),
];

pub fn cmd(v: Value) -> Command {
    super::system::cmd(v)
}

/// Apply with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    super::system::play(&AgeOfRifles, s, c, faces)
}

/// The refusal of a command (no dice may be rolled).
pub fn refused(s: &State, c: Value) -> String {
    super::system::refused(&AgeOfRifles, s, c)
}

/// The hexes of columns `cols` and rows `rows`, by name ("0105").
pub use super::system::zone;

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

/// The game started, the French deployed as given, then the Prussians; it is then at the
/// Prussians' Command Phase of game-turn 1.
pub fn deploy_as(sc: &Scenario, french: &[(&str, &str)], prussian: &[(&str, &str)]) -> State {
    let mut s = AgeOfRifles.start(sc, &Default::default()).unwrap();
    for side in [french, prussian] {
        for (piece, hex) in side {
            s = play(
                &s,
                json!({"kind": "deploy", "piece": piece, "hex": hex}),
                &[],
            )
            .0;
        }
        s = play(&s, json!({"kind": "end"}), &[]).0;
    }
    s
}

/// The number after `word` in `text` ("attack 7 (flanking)" -> 7): the previews' and notes'
/// figures read back in the tests.
pub fn number_after(text: &str, word: &str) -> u32 {
    let at = text
        .find(word)
        .unwrap_or_else(|| panic!("{word:?} in {text:?}"));
    text[at + word.len()..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("a number after {word:?} in {text:?}"))
}

//! A rules change made on purpose, for the tests of games recorded under an older rules
//! version (issue 37): with it on, Rifle & Saber is at rules 2 and one cell of the Combat
//! Results Table reads differently (1-1, a roll of 6: "E" instead of "RD"). Compiled only
//! into test builds (the `test-ruleset` feature) and off until a test turns it on; a test that
//! does owns its process (tests/recorded_boards.rs is its own test binary).

#[cfg(feature = "test-ruleset")]
static ON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turn the change on for the rest of the process.
#[cfg(feature = "test-ruleset")]
pub fn turn_on() {
    ON.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Whether the change is on (never in a build without the test feature): turned on by a test,
/// or in a test build's process started with `KEPI_TEST_RULES_CHANGE=1` (the CLI's tests).
pub fn is_on() -> bool {
    #[cfg(feature = "test-ruleset")]
    {
        static FROM_ENV: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        ON.load(std::sync::atomic::Ordering::SeqCst)
            || *FROM_ENV
                .get_or_init(|| std::env::var("KEPI_TEST_RULES_CHANGE").is_ok_and(|v| v == "1"))
    }
    #[cfg(not(feature = "test-ruleset"))]
    {
        false
    }
}

/// The rules version: 2 with the change, else the shipped one.
pub fn rules_version(shipped: u32) -> u32 {
    if is_on() { shipped + 1 } else { shipped }
}

/// A CRT result as the changed table reads it.
pub fn result(odds: &str, roll: u32, printed: String) -> String {
    if is_on() && odds == "1-1" && roll == 6 {
        "E".into()
    } else {
        printed
    }
}

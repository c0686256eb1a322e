//! How much the property tests play: their seeded games (Rifle & Saber's autoplay of every
//! scenario, Age of Rifles' random games) are multiplied by `KEPI_TEST_SCALE` (a whole number,
//! default 1). The default is what `cargo test` and CI run,
//! sized so that a run stays within CI's time budget; `KEPI_TEST_SCALE=10 cargo test` plays ten
//! times as many seeds by hand (docs/testing.md). Seeds are numbered from 0, so a larger scale
//! plays the default's games and more, never others.

/// `default` times `KEPI_TEST_SCALE`. A value that is not a positive whole number is refused
/// loudly rather than read as 1, so a typo never silently shrinks a long run.
pub fn scaled(default: u64) -> u64 {
    default * factor()
}

/// `KEPI_TEST_SCALE`, or 1.
pub fn factor() -> u64 {
    match std::env::var("KEPI_TEST_SCALE") {
        Err(_) => 1,
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => panic!("KEPI_TEST_SCALE={v:?}: a positive whole number (1 is the default)"),
        },
    }
}

/// `KEPI_PROPTEST_CASES` when set (an exact number of cases, for one run by hand), else
/// `default` times `KEPI_TEST_SCALE`.
pub fn cases_or_scaled(default: u64) -> u64 {
    match std::env::var("KEPI_PROPTEST_CASES") {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("KEPI_PROPTEST_CASES={v:?}: a whole number")),
        Err(_) => scaled(default),
    }
}

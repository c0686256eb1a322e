//! Durations as `kepi bench` reports them: a percentile of repeated measurements, written in
//! milliseconds. Shared by the CLI's figures and the figures a rule system adds
//! ([`crate::engine::ruleset::BenchFigures`]).

use std::time::Duration;

/// The `p` percentile (0 to 1) of the measurements, the nearest one measured.
pub fn percentile(mut v: Vec<Duration>, p: f64) -> Duration {
    v.sort();
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// "12.345 ms".
pub fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

//! How long the app's process has run: with the UI's clock, the launch-to-Library figure (the
//! Library's cards shown, `document.body.dataset.launchMs`, printed by the window tests).
//!
//! On Linux the process's own start time is read from the kernel (so the executable's loading
//! and everything before `main` count); elsewhere the figure starts at `main` ([`mark_main`]).

use std::sync::{Mutex, OnceLock};
use std::time::Instant;

static MAIN: OnceLock<Instant> = OnceLock::new();
/// The shell's steps of the launch: (step, process age in ms), in order.
static STEPS: Mutex<Vec<(&'static str, u64)>> = Mutex::new(Vec::new());

/// The instant `main` began, for systems without the kernel's figure. Called first in `main`.
pub fn mark_main() {
    MAIN.get_or_init(Instant::now);
    step("main");
}

/// Record a step of the shell's part of the launch ("setup", "page"): the process's age now.
/// Only the first of each name counts (a page loaded again is not the launch).
pub fn step(name: &'static str) {
    let age = process_age_ms();
    if let Ok(mut s) = STEPS.lock()
        && !s.iter().any(|(n, _)| *n == name)
    {
        s.push((name, age));
    }
}

/// The shell's steps so far, "main 12 · setup 45 · page 210" (process age in ms at each).
pub fn steps() -> String {
    STEPS
        .lock()
        .map(|s| {
            s.iter()
                .map(|(n, ms)| format!("{n} {ms}"))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .unwrap_or_default()
}

/// Milliseconds since the process started (since `main` where the kernel does not say).
pub fn process_age_ms() -> u64 {
    from_proc().unwrap_or_else(|| {
        MAIN.get()
            .map(|t| t.elapsed().as_millis() as u64)
            .unwrap_or(0)
    })
}

/// Linux: /proc/self/stat's field 22 (the start time in clock ticks since boot; USER_HZ is 100
/// on every Linux architecture Kepi builds for) against /proc/uptime (seconds since boot). The
/// resolution is a tick, 10 ms.
fn from_proc() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    age_from(&stat, &std::fs::read_to_string("/proc/uptime").ok()?)
}

fn age_from(stat: &str, uptime: &str) -> Option<u64> {
    // Field 2, the command's name, is in parentheses and may hold spaces: the fields after its
    // closing one start with field 3, so field 22 is the 20th of them.
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let start_ticks: u64 = rest.split(' ').nth(19)?.parse().ok()?;
    let up: f64 = uptime.split(' ').next()?.parse().ok()?;
    let age = up * 1000.0 - start_ticks as f64 * 10.0;
    (age >= 0.0).then_some(age as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_time_is_read_after_a_name_with_spaces_and_parentheses() {
        // pid (comm) state ppid ... field 22 = 12345 ticks = 123.45 s after boot.
        let stat =
            "42 (kepi (app) x) S 1 42 42 0 -1 4194304 100 0 0 0 5 3 0 0 20 0 9 0 12345 1000 50";
        assert_eq!(age_from(stat, "125.00 300.00\n"), Some(1550));
        assert_eq!(
            age_from(stat, "100.00 300.00\n"),
            None,
            "started after now: no figure"
        );
        assert_eq!(age_from("garbage", "1.0 1.0"), None);
    }

    #[test]
    fn this_process_has_an_age() {
        mark_main();
        let a = process_age_ms();
        std::thread::sleep(std::time::Duration::from_millis(30));
        // Both clocks tick in hundredths of a second: 30 ms later, at least one tick on.
        assert!(process_age_ms() >= a + 10, "the age grows with time");
        step("test-step");
        step("test-step");
        let s = steps();
        assert_eq!(s.matches("test-step").count(), 1, "{s}");
    }
}

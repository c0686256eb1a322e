//! libFuzzer on the `scenario` reader: the check itself, and what an accepted input must hold, is
//! `kepi::hostile_input`'s (the test suite runs the same check on seeded mutations).
#![no_main]

use kepi::hostile_input::{Scratch, run};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new("kepi-fuzz-scenario"));
}

fuzz_target!(|data: &[u8]| {
    SCRATCH.with(|s| run("scenario", data, &mut s.borrow_mut()));
});

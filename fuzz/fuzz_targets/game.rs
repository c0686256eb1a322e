//! Game files (`format: kepi-game`) on arbitrary bytes: reading one and replaying it (the
//! embedded scenario, map and catalog validated again, every command applied with its
//! recorded dice and checked against its state hash), as `kepi state` and `kepi play` do,
//! must refuse or accept, never panic, hang or allocate without bound.
#![no_main]

use kepi::game::GameRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = GameRecord::from_text(text) else {
        return;
    };
    let _ = record.replay(None);
});

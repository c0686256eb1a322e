//! Unit catalog files on arbitrary bytes: `Catalog::from_text` (syntax, format and version,
//! typed fields, then the cross-field checks) must refuse or accept, never panic, hang or
//! allocate without bound.
#![no_main]

use kepi::tables::Catalog;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(catalog) = Catalog::from_text(text) {
        // What was accepted passes its own checks again.
        catalog.checked().expect("an accepted catalog stays valid");
    }
});

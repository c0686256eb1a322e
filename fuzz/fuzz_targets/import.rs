//! The pack importer on arbitrary bytes: reading a pack (everything `kepi pack import` checks
//! before it writes) must refuse or accept, never panic, hang or allocate without bound.
#![no_main]

use kepi::pack::{Limits, read_manifest, read_pack};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The default limits scaled down, so that each run stays fast; the checks are the same.
    let limits = Limits {
        max_pack_bytes: 1 << 20,
        max_entries: 200,
        max_entry_bytes: 4 << 20,
        max_total_bytes: 8 << 20,
        max_manifest_bytes: 256 << 10,
        ratio_floor: 64 << 10,
        max_image_pixels: 4_000_000,
        ..Limits::default()
    };
    let manifest = read_manifest(data, &limits);
    if let Ok(pack) = read_pack(data, &limits) {
        // A pack that reads has a manifest, and every entry it lists, with that hash.
        let m = manifest.expect("a readable pack has a readable manifest");
        assert_eq!(m, pack.manifest);
        assert_eq!(m.entries.len(), pack.files.len());
    }
});

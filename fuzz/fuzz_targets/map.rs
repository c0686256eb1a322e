//! Map files on arbitrary bytes: reading a map (`Map::from_text`, what `kepi validate`, the
//! library and scenarios use) and opening it for the painter (`Map::for_editing`) must refuse
//! or accept, never panic, hang or allocate without bound.
#![no_main]

use kepi::map::{Map, MapFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = MapFile::from_text(text) else {
        return;
    };
    let edited = Map::for_editing(file.clone());
    if let Ok(map) = Map::from_file(file) {
        // A valid map opens for editing without problems, and writes a file that reads back
        // as the same map.
        let (_, problems) = edited.expect("a valid map opens for editing");
        assert!(
            problems.is_empty(),
            "a valid map has no problems: {problems}"
        );
        let again = Map::from_text(&map.to_file().to_text()).expect("a written map reads back");
        assert_eq!(again.to_file(), map.to_file());
    }
});

//! Game-tree files (`format: kepi-game-tree`, `kepi import-game`) on arbitrary bytes: reading
//! one and importing it into an archive (everything replayed with the recorded dice before
//! anything is written) must refuse or accept, never panic, hang or allocate without bound.
//! An imported game must replay from the archive and export again.
#![no_main]

use kepi::archive::{Archive, Durability, GameTree};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    /// One scratch archive per fuzzing process (in the temporary folder, named by pid).
    static ARCHIVE: RefCell<Archive> = RefCell::new({
        let dir = scratch_root().join(format!("kepi-fuzz-game-tree-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Archive::open(&dir.join("scratch.kepi"))
            .and_then(|a| a.with_durability(Durability::Batch))
            .expect("a scratch archive")
    });
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = GameTree::from_text(text) else {
        return;
    };
    ARCHIVE.with(|a| {
        let mut ar = a.borrow_mut();
        if let Ok(game) = ar.import_game(&tree) {
            ar.verify_game(game).expect("an imported game replays");
            ar.export_game(game).expect("an imported game exports");
        }
    });
});

/// Memory-backed `/dev/shm` where there is one (SQLite's syncs cost nothing there, so many more
/// inputs run a second), else the temporary folder.
fn scratch_root() -> std::path::PathBuf {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

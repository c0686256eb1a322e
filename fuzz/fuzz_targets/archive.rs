//! Archive files on arbitrary bytes: opening one (`Archive::open`: foreign, newer and
//! damaged files refused) and reading what it holds (the games, each one's main line and
//! the state at its tip, replayed from the stored dice) must refuse or accept, never panic,
//! hang or allocate without bound.
#![no_main]

use kepi::archive::Archive;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = scratch_root().join(format!("kepi-fuzz-archive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("input.kepi");
    // A fresh file each run: no WAL or shared-memory file left from the last input.
    for leftover in ["input.kepi", "input.kepi-wal", "input.kepi-shm"] {
        let _ = std::fs::remove_file(dir.join(leftover));
    }
    std::fs::write(&path, data).expect("write the input");
    let Ok(ar) = Archive::open(&path) else {
        return;
    };
    let Ok(games) = ar.games() else {
        return;
    };
    for g in games.iter().take(4) {
        let _ = ar.game_setup(g.id);
        if let Ok(line) = ar.main_line(g.id) {
            if let Some(tip) = line.last() {
                let _ = ar.state_at(tip.id);
            }
        }
        let _ = ar.export_game(g.id).map(|t| t.to_text());
        let _ = ar.verify_game(g.id);
    }
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

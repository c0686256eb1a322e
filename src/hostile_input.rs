//! The checks every reader of outside data must pass on arbitrary bytes, one function per
//! reader: it must refuse or accept, never panic, hang or allocate without bound, and what it
//! accepts must hold its own invariants (stated per function). The cargo-fuzz targets in
//! `fuzz/fuzz_targets/` call these (long, coverage-guided runs on demand: `scripts/fuzz.sh`),
//! and `tests/hostile_input.rs` runs them on the committed seeds and on seeded mutations of
//! them in every `cargo test` (as many as `KEPI_FUZZ_CASES` asks), so CI builds them once.
//!
//! A panic here is the finding: each function panics (with `expect`/`assert`) only where an
//! accepted input broke an invariant.

use crate::archive::{Archive, Durability, GameTree};
use crate::game::GameRecord;
use crate::map::{Map, MapFile};
use crate::pack::{Limits, read_manifest, read_pack};
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::Catalog;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The readers, by the name of their fuzz target.
pub const TARGETS: [&str; 7] = [
    "import",
    "map",
    "scenario",
    "catalog",
    "game",
    "game_tree",
    "archive",
];

/// A scratch folder for the readers that need files, and the archive the game-tree reader
/// imports into (one per process or test: opening one per input would slow fuzzing tenfold).
pub struct Scratch {
    pub dir: PathBuf,
    archive: Option<Archive>,
}

impl Scratch {
    /// A fresh folder `name` under [`scratch_root`], emptied first.
    pub fn new(name: &str) -> Scratch {
        let dir = scratch_root().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch { dir, archive: None }
    }

    fn archive(&mut self) -> &mut Archive {
        let path = self.dir.join("scratch.kepi");
        self.archive.get_or_insert_with(|| {
            Archive::open(&path)
                .and_then(|a| a.with_durability(Durability::Batch))
                .expect("a scratch archive")
        })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.archive = None;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Run the reader named `target` ([`TARGETS`]) on `data`.
pub fn run(target: &str, data: &[u8], scratch: &mut Scratch) {
    match target {
        "import" => pack(data),
        "map" => map(data),
        "scenario" => scenario(data),
        "catalog" => catalog(data),
        "game" => game(data),
        "game_tree" => game_tree(data, scratch.archive()),
        "archive" => archive(data, &scratch.dir),
        other => panic!("no reader named '{other}'; the readers are {TARGETS:?}"),
    }
}

/// The pack importer: everything `kepi pack import` checks before it writes. A pack that
/// reads has a manifest, and every entry it lists, with that hash.
pub fn pack(data: &[u8]) {
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
        let m = manifest.expect("a readable pack has a readable manifest");
        assert_eq!(m, pack.manifest);
        assert_eq!(m.entries.len(), pack.files.len());
    }
}

/// Map files (`Map::from_text`, what `kepi validate`, the library and scenarios use) and
/// opening one for the painter. A valid map opens for editing without problems and writes a
/// file that reads back as the same map.
pub fn map(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = MapFile::from_text(text) else {
        return;
    };
    let edited = Map::for_editing(file.clone());
    if let Ok(map) = Map::from_file(file) {
        let (_, problems) = edited.expect("a valid map opens for editing");
        assert!(
            problems.is_empty(),
            "a valid map has no problems: {problems}"
        );
        let again = Map::from_text(&map.to_file().to_text()).expect("a written map reads back");
        assert_eq!(again.to_file(), map.to_file());
    }
}

/// A shipped map by its id, read once per process.
fn shipped_map(id: &str) -> Option<Map> {
    static MAPS: OnceLock<BTreeMap<String, Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        crate::shipped::MAPS
            .iter()
            .map(|m| {
                let map = crate::shipped::load_map(m.id).expect("a shipped map reads");
                (m.id.to_string(), map)
            })
            .collect()
    })
    .get(id)
    .cloned()
}

/// Scenario files, validated against the shipped map they name and their system's
/// catalog (`Scenario::new`, the one constructor of a playable setup). An accepted scenario
/// starts a game or refuses with a message.
pub fn scenario(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = ScenarioFile::from_text(text) else {
        return;
    };
    let Ok(rules) = crate::engine::game::registry::get(file.ruleset.key()) else {
        return;
    };
    let Ok(catalog) = file.ruleset.catalog() else {
        return;
    };
    let Some(map) = shipped_map(&file.map) else {
        return;
    };
    if let Ok(scenario) = Scenario::new(file, map, catalog.clone()) {
        let _ = rules.start(&scenario, &rules.default_options());
    }
}

/// Unit catalog files: what is accepted passes its own checks again.
pub fn catalog(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(catalog) = Catalog::from_text(text) {
        catalog.checked().expect("an accepted catalog stays valid");
    }
}

/// Game files (`format: kepi-game`) read and replayed as `kepi state` and `kepi play` do.
pub fn game(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = GameRecord::from_text(text) else {
        return;
    };
    let _ = record.replay(None);
}

/// Game-tree files (`kepi import-game`) imported into a scratch archive (everything replayed
/// before anything is written). An imported game replays from the archive and exports again.
pub fn game_tree(data: &[u8], ar: &mut Archive) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = GameTree::from_text(text) else {
        return;
    };
    if let Ok(game) = ar.import_game(&tree) {
        ar.verify_game(game).expect("an imported game replays");
        ar.export_game(game).expect("an imported game exports");
    }
}

/// Archive files: opening one (foreign, newer and damaged files refused) and reading what it
/// holds (the games, each one's main line and the state at its tip, replayed from the stored
/// dice).
pub fn archive(data: &[u8], scratch: &Path) {
    // A fresh file each run: no WAL or shared-memory file left from the last input.
    for leftover in ["input.kepi", "input.kepi-wal", "input.kepi-shm"] {
        let _ = std::fs::remove_file(scratch.join(leftover));
    }
    let path = scratch.join("input.kepi");
    std::fs::write(&path, data).expect("write the input");
    let Ok(ar) = Archive::open(&path) else {
        return;
    };
    let Ok(games) = ar.games() else {
        return;
    };
    for g in games.iter().take(4) {
        let _ = ar.game_setup(g.id);
        if let Ok(line) = ar.main_line(g.id)
            && let Some(tip) = line.last()
        {
            let _ = ar.state_at(tip.id);
        }
        let _ = ar.export_game(g.id).map(|t| t.to_text());
        let _ = ar.verify_game(g.id);
    }
}

/// Memory-backed `/dev/shm` where there is one (SQLite's syncs cost nothing there), else the
/// temporary folder.
pub fn scratch_root() -> PathBuf {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

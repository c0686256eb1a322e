//! What a killed pack import leaves behind, and the next import clearing it (src/pack/import.rs
//! "Leftovers of a killed import"): its temporary folder is removed, a pack moved aside by a
//! killed replace is moved back, nothing else in `packs/` is touched, and the folder of an
//! import still running (holding the library's import lock) is left alone.

use kepi::pack::{self, ExportOptions, ImportOptions, ImportOutcome};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scenario(name: &str) -> PathBuf {
    root().join("scenarios").join(name)
}

fn export(id: &str, version: &str, scenario_file: &str) -> Vec<u8> {
    let options = ExportOptions {
        id: Some(id.to_string()),
        name: Some(format!("Pack {id}")),
        version: Some(version.to_string()),
        created: Some("2025-06-01T12:00:00Z".into()),
        ..Default::default()
    };
    pack::export(&[scenario(scenario_file)], &options)
        .unwrap()
        .bytes
}

/// A folder looking like what a killed import leaves: some of a pack's files.
fn half_written(dir: &Path) {
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::write(
        dir.join("scenarios/rs-02-varese.json"),
        b"{\"format\": \"kepi-sc",
    )
    .unwrap();
}

#[test]
fn a_killed_import_s_temporary_folder_is_removed_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path();
    pack::import(
        &export("club", "1.0", "rs-01-fatehpur.json"),
        lib,
        &ImportOptions::default(),
    )
    .unwrap();
    let packs = lib.join("packs");
    let leftover = packs.join(".kepi-import-club-4242-0");
    half_written(&leftover);
    // Not Kepi's temporaries: kept whatever they hold.
    for keep in [
        ".kepi-import-club",          // no pid and number
        ".kepi-import-club-x-0",      // pid not a number
        "kepi-import-club-4242-0",    // not hidden
        ".mine",                      // someone else's
        ".kepi-importer-club-4242-0", // another prefix
    ] {
        half_written(&packs.join(keep));
    }

    let r = pack::import(
        &export("other", "1.0", "rs-03-palestro.json"),
        lib,
        &ImportOptions::default(),
    )
    .unwrap();
    assert_eq!(r.outcome, ImportOutcome::Imported);
    assert!(!leftover.exists(), "the killed import's folder is removed");
    for keep in [
        ".kepi-import-club",
        ".kepi-import-club-x-0",
        "kepi-import-club-4242-0",
        ".mine",
        ".kepi-importer-club-4242-0",
    ] {
        assert!(
            packs
                .join(keep)
                .join("scenarios/rs-02-varese.json")
                .is_file(),
            "{keep} is kept"
        );
    }
    let ids: Vec<String> = pack::installed_packs(lib)
        .into_iter()
        .map(|i| i.manifest.id)
        .collect();
    assert_eq!(ids, ["club", "other"]);
}

#[test]
fn a_pack_moved_aside_by_a_killed_replace_is_moved_back() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path();
    pack::import(
        &export("club", "1.0", "rs-01-fatehpur.json"),
        lib,
        &ImportOptions::default(),
    )
    .unwrap();
    let packs = lib.join("packs");
    // Killed between moving the old pack aside and moving the new one into place.
    std::fs::rename(packs.join("club"), packs.join(".kepi-replaced-club-4242-0")).unwrap();
    half_written(&packs.join(".kepi-import-club-4242-1"));
    assert!(pack::installed_packs(lib).is_empty());

    // The next import (of the same pack, as a user would retry) finds the library as it was.
    let r = pack::import(
        &export("club", "1.0", "rs-01-fatehpur.json"),
        lib,
        &ImportOptions::default(),
    )
    .unwrap();
    assert_eq!(r.outcome, ImportOutcome::AlreadyPresent);
    assert_eq!(r.folder, packs.join("club"));
    assert!(packs.join("club/scenarios/rs-01-fatehpur.json").is_file());
    let hidden: Vec<String> = std::fs::read_dir(&packs)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".kepi-import-") || n.starts_with(".kepi-replaced-"))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");

    // Killed after the new pack was in place, before the old one was removed: the old one goes.
    std::fs::create_dir(packs.join(".kepi-replaced-club-4242-2")).unwrap();
    pack::import(
        &export("other", "1.0", "rs-03-palestro.json"),
        lib,
        &ImportOptions::default(),
    )
    .unwrap();
    assert!(!packs.join(".kepi-replaced-club-4242-2").exists());
    assert!(packs.join("club/scenarios/rs-01-fatehpur.json").is_file());
}

#[test]
fn the_folder_of_an_import_still_running_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().to_path_buf();
    pack::import(
        &export("club", "1.0", "rs-01-fatehpur.json"),
        &lib,
        &ImportOptions::default(),
    )
    .unwrap();
    let packs = lib.join("packs");
    // Another import is writing: it holds the library's lock and its folder exists.
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(packs.join(".kepi-import.lock"))
        .unwrap();
    lock.lock().unwrap();
    let running = packs.join(".kepi-import-big-4242-0");
    half_written(&running);

    let bytes = export("other", "1.0", "rs-03-palestro.json");
    let importer = {
        let lib = lib.clone();
        std::thread::spawn(move || pack::import(&bytes, &lib, &ImportOptions::default()))
    };
    std::thread::sleep(std::time::Duration::from_millis(600));
    assert!(running.is_dir(), "a running import's folder is not removed");
    assert!(!importer.is_finished(), "the import waits for the lock");
    // The other import is done (here: killed); its folder is now a leftover.
    drop(lock);
    let r = importer.join().unwrap().unwrap();
    assert_eq!(r.outcome, ImportOutcome::Imported);
    assert!(!running.exists());
}

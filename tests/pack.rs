//! Scenario packs against the shipped content: the 17 Rifle & Saber scenarios round trip
//! byte for byte; a scenario brings its map, catalog and underlay; an existing pack id is never
//! overwritten silently; a failure part way leaves the library as it was.

use kepi::library::validate_file;
use kepi::pack::{
    self, EntryKind, ExportOptions, ImportOptions, ImportOutcome, Limits, OnConflict, PackError,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(rel: &str) -> PathBuf {
    root().join("tests/fixtures/library").join(rel)
}

/// Every file, folder and link under `dir` by relative path, with a file's SHA-256.
fn tree(dir: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let t = std::fs::symlink_metadata(&p).unwrap().file_type();
            if t.is_symlink() {
                out.insert(rel, format!("link {:?}", std::fs::read_link(&p).unwrap()));
            } else if t.is_dir() {
                out.insert(rel, "dir".into());
                walk(root, &p, out);
            } else {
                let h = Sha256::digest(std::fs::read(&p).unwrap());
                out.insert(rel, format!("{h:x}"));
            }
        }
    }
    let mut out = BTreeMap::new();
    if dir.exists() {
        walk(dir, dir, &mut out);
    }
    out
}

/// The 17 Rifle & Saber scenarios of `scenarios/` (`rs-*.json`), sorted: the folder also
/// ships Age of Rifles' scenario on a map of its own.
fn rs_scenarios() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("rs-"))
        })
        .collect();
    files.sort();
    files
}

fn options(id: &str, version: &str) -> ExportOptions {
    ExportOptions {
        id: Some(id.into()),
        name: Some(format!("Pack {id}")),
        version: Some(version.into()),
        author: "A. Designer".into(),
        description: "For the club.\nEnjoy.".into(),
        license: "CC-BY-4.0".into(),
        created: Some("2025-06-01T12:00:00Z".into()),
    }
}

fn scenario(name: &str) -> PathBuf {
    root().join("scenarios").join(name)
}

fn import(
    bytes: &[u8],
    lib: &Path,
    on_conflict: OnConflict,
) -> Result<pack::ImportReport, PackError> {
    pack::import(
        bytes,
        lib,
        &ImportOptions {
            on_conflict,
            ..Default::default()
        },
    )
}

#[test]
fn all_17_rifle_and_saber_scenarios_round_trip_byte_for_byte() {
    let made = pack::export(&rs_scenarios(), &options("rifle-and-saber", "1.0"))
        .expect("the shipped scenarios export");
    let m = &made.manifest;
    assert_eq!(m.count(EntryKind::Scenario), 17);
    assert_eq!(m.count(EntryKind::Map), 1);
    assert_eq!(m.count(EntryKind::Thumbnail), 17);
    assert_eq!(
        m.count(EntryKind::Catalog),
        0,
        "the scenarios use the embedded catalog"
    );

    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    let r = import(&made.bytes, &lib, OnConflict::Refuse).unwrap();
    assert_eq!(r.outcome, ImportOutcome::Imported);
    assert_eq!(r.folder, lib.join("packs/rifle-and-saber"));
    assert_eq!(r.files_written, 36);

    let mut originals = rs_scenarios();
    assert_eq!(originals.len(), 17);
    originals.push(root().join("maps/rifle-and-saber.json"));
    for original in &originals {
        let rel = original.strip_prefix(root()).unwrap();
        let imported = r.folder.join(rel);
        assert_eq!(
            std::fs::read(&imported).unwrap(),
            std::fs::read(original).unwrap(),
            "{} differs from the original",
            rel.display()
        );
        let checked = validate_file(&imported);
        assert!(
            checked.result.is_ok(),
            "kepi validate fails on {}: {:?}",
            imported.display(),
            checked.result
        );
    }
    // Nothing else but the thumbnails and the manifest.
    let files: Vec<String> = tree(&r.folder)
        .into_iter()
        .filter(|(_, v)| v != "dir")
        .map(|(k, _)| k)
        .collect();
    assert_eq!(files.len(), 36);
    assert!(files.contains(&pack::MANIFEST_PATH.to_string()));
    let thumb = r
        .folder
        .join("thumbnails/rs-08-gettysburg-picketts-charge.png");
    let img = image::open(&thumb).unwrap();
    assert!(img.width() <= 320 && img.height() <= 480 && img.width() >= 100);
    // The imported manifest is the pack's own.
    assert_eq!(
        std::fs::read(r.folder.join(pack::MANIFEST_PATH)).unwrap(),
        made.manifest.to_text().into_bytes()
    );
}

#[test]
fn export_is_deterministic_and_verifies() {
    let paths = [
        scenario("rs-01-fatehpur.json"),
        scenario("rs-15-el-caney.json"),
    ];
    let a = pack::export(&paths, &options("two", "1.0")).unwrap();
    let b = pack::export(&paths, &options("two", "1.0")).unwrap();
    assert_eq!(a.bytes, b.bytes);
    let p = pack::read_pack(&a.bytes, &Limits::default()).unwrap();
    assert_eq!(p.contents.scenarios.len(), 2);
    assert_eq!(p.contents.scenarios[0].1, "Fatehpur");
    let listed = pack::read_manifest(&a.bytes, &Limits::default()).unwrap();
    assert_eq!(listed, a.manifest);
    assert_eq!(listed.author, "A. Designer");
    assert_eq!(listed.min_kepi_version, pack::kepi_version());
}

#[test]
fn defaults_come_from_the_scenarios() {
    let one = pack::export(&[scenario("rs-02-varese.json")], &ExportOptions::default()).unwrap();
    assert_eq!(one.manifest.name, "Varese");
    assert_eq!(one.manifest.id, "varese");
    assert_eq!(one.manifest.pack_version, "1.0");
    assert!(
        one.manifest.created.ends_with('Z'),
        "{}",
        one.manifest.created
    );
    let two = pack::export(
        &[
            scenario("rs-02-varese.json"),
            scenario("rs-03-palestro.json"),
        ],
        &ExportOptions::default(),
    )
    .unwrap();
    assert_eq!(two.manifest.name, "2 scenarios");
}

/// A library folder with the sample map (with an underlay picture) and a scenario on it that
/// names its own catalog.
fn library_with_catalog_and_underlay(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("maps/underlays")).unwrap();
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::create_dir_all(dir.join("catalogs")).unwrap();
    let mut map: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("maps/sample.json")).unwrap())
            .unwrap();
    map["underlay"] = serde_json::json!({
        "image": "underlays/old-map.png", "scale": 0.05, "opacity": 0.5
    });
    std::fs::write(
        dir.join("maps/sample.json"),
        serde_json::to_string_pretty(&map).unwrap() + "\n",
    )
    .unwrap();
    let img = image::RgbaImage::from_fn(64, 48, |x, y| {
        image::Rgba([x as u8 * 4, y as u8 * 5, 90, 255])
    });
    std::fs::write(
        dir.join("maps/underlays/old-map.png"),
        kepi::render::encode_png(&img).unwrap(),
    )
    .unwrap();
    std::fs::copy(
        root().join("data/rifle-and-saber/catalog.json"),
        dir.join("catalogs/my-counters.json"),
    )
    .unwrap();
    let text = std::fs::read_to_string(fixture("scenarios/sample.json")).unwrap();
    let text = text.replacen(
        "\"map\": \"sample\",",
        "\"map\": \"sample\",\n  \"catalog\": \"my-counters\",",
        1,
    );
    let path = dir.join("scenarios/sample.json");
    std::fs::write(&path, text).unwrap();
    assert!(validate_file(&path).result.is_ok());
    path
}

#[test]
fn a_scenario_brings_its_map_underlay_and_catalog() {
    let src = tempfile::tempdir().unwrap();
    let scen = library_with_catalog_and_underlay(src.path());
    let made = pack::export(&[scen], &options("own-counters", "2.0")).unwrap();
    let kinds: Vec<(String, EntryKind)> = made
        .manifest
        .entries
        .iter()
        .map(|e| (e.path.clone(), e.kind))
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("catalogs/my-counters.json".into(), EntryKind::Catalog),
            ("maps/sample.json".into(), EntryKind::Map),
            ("maps/underlays/old-map.png".into(), EntryKind::Image),
            ("scenarios/sample.json".into(), EntryKind::Scenario),
            ("thumbnails/sample.png".into(), EntryKind::Thumbnail),
        ]
    );
    let dir = tempfile::tempdir().unwrap();
    let r = import(&made.bytes, dir.path(), OnConflict::Refuse).unwrap();
    for rel in [
        "catalogs/my-counters.json",
        "maps/sample.json",
        "maps/underlays/old-map.png",
        "scenarios/sample.json",
    ] {
        assert_eq!(
            std::fs::read(r.folder.join(rel)).unwrap(),
            std::fs::read(src.path().join(rel)).unwrap(),
            "{rel}"
        );
    }
    for rel in [
        "maps/sample.json",
        "scenarios/sample.json",
        "catalogs/my-counters.json",
    ] {
        let c = validate_file(&r.folder.join(rel));
        assert!(c.result.is_ok(), "{rel}: {:?}", c.result);
    }
}

#[test]
fn a_pack_without_its_catalog_is_refused() {
    // Made by another tool: the scenario names a catalog the pack does not carry.
    let src = tempfile::tempdir().unwrap();
    let scen = library_with_catalog_and_underlay(src.path());
    let made = pack::export(&[scen], &options("own-counters", "2.0")).unwrap();
    let p = pack::read_pack(&made.bytes, &Limits::default()).unwrap();
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let mut m = p.manifest.clone();
    m.entries.retain(|e| e.kind != EntryKind::Catalog);
    let o = zip::write::SimpleFileOptions::default();
    use std::io::Write;
    w.start_file(pack::MANIFEST_PATH, o).unwrap();
    w.write_all(m.to_text().as_bytes()).unwrap();
    for e in &m.entries {
        w.start_file(e.path.as_str(), o).unwrap();
        w.write_all(&p.files[&e.path]).unwrap();
    }
    let bytes = w.finish().unwrap().into_inner();
    let e = pack::read_pack(&bytes, &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("scenarios/sample.json: catalog: the catalog 'my-counters' is not in the pack"),
        "{e}"
    );
}

#[test]
fn export_refuses_invalid_scenarios_with_every_problem() {
    let e = pack::export(
        &[
            fixture("broken/unknown-feature.json"),
            fixture("broken/unknown-side.json"),
        ],
        &ExportOptions::default(),
    )
    .unwrap_err();
    let PackError::Invalid(problems) = &e else {
        panic!("{e}");
    };
    let text = problems.to_string();
    assert!(
        text.contains("unknown-feature.json") && text.contains("unknown-side.json"),
        "{text}"
    );
    let e = pack::export(&[fixture("maps/sample.json")], &ExportOptions::default()).unwrap_err();
    assert!(e.to_string().contains("'kepi-map' file"), "{e}");
}

#[test]
fn export_refuses_an_underlay_too_large_to_import() {
    let src = tempfile::tempdir().unwrap();
    let scen = library_with_catalog_and_underlay(src.path());
    // A PNG whose header says 8000 x 8000 pixels (64 megapixels, over the limit).
    let path = src.path().join("maps/underlays/old-map.png");
    let mut png = std::fs::read(&path).unwrap();
    png[16..20].copy_from_slice(&8000u32.to_be_bytes());
    png[20..24].copy_from_slice(&8000u32.to_be_bytes());
    std::fs::write(&path, png).unwrap();
    let e = pack::export(&[scen], &ExportOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("old-map.png"), "{e}");
}

#[test]
fn two_different_files_for_one_path_are_refused() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    for (dir, name) in [
        (a.path(), "Sample crossroads"),
        (b.path(), "Another crossroads"),
    ] {
        std::fs::create_dir_all(dir.join("maps")).unwrap();
        std::fs::create_dir_all(dir.join("scenarios")).unwrap();
        let text = std::fs::read_to_string(fixture("maps/sample.json")).unwrap();
        let text = text.replacen("\"Sample crossroads\"", &format!("\"{name}\""), 1);
        std::fs::write(dir.join("maps/sample.json"), text).unwrap();
        std::fs::copy(
            fixture("scenarios/sample.json"),
            dir.join("scenarios/sample.json"),
        )
        .unwrap();
    }
    let e = pack::export(
        &[
            a.path().join("scenarios/sample.json"),
            b.path().join("scenarios/sample.json"),
        ],
        &ExportOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("two different files would both be 'maps/sample.json'"),
        "{e}"
    );
}

#[test]
fn a_pack_id_already_present_is_never_overwritten_silently() {
    let a = pack::export(&[fixture("scenarios/sample.json")], &options("club", "1.0")).unwrap();
    let b = pack::export(
        &[
            scenario("rs-01-fatehpur.json"),
            scenario("rs-02-varese.json"),
        ],
        &options("club", "1.1"),
    )
    .unwrap();
    let c = pack::export(&[scenario("rs-03-palestro.json")], &options("club", "1.2")).unwrap();
    let d = pack::export(&[scenario("rs-04-magenta.json")], &options("club", "1.1")).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path();
    let packs = lib.join("packs");
    assert_eq!(
        import(&a.bytes, lib, OnConflict::Refuse).unwrap().outcome,
        ImportOutcome::Imported
    );
    let after_a = tree(lib);

    // The same pack again: nothing to do, nothing written.
    let r = import(&a.bytes, lib, OnConflict::Refuse).unwrap();
    assert_eq!(
        (r.outcome, r.files_written),
        (ImportOutcome::AlreadyPresent, 0)
    );
    assert_eq!(tree(lib), after_a);

    // Other content under the same id: refused, offering both ways.
    let e = import(&b.bytes, lib, OnConflict::Refuse)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("pack 'club' is already in the library with different content")
            && e.contains("version 1.0")
            && e.contains("--replace")
            && e.contains("--as-new-version")
            && e.contains("club@1.1")
            && e.contains("nothing was written"),
        "{e}"
    );
    assert_eq!(tree(lib), after_a);

    // --as-new-version: beside it; the old one untouched.
    let r = import(&b.bytes, lib, OnConflict::NewVersion).unwrap();
    assert_eq!(r.outcome, ImportOutcome::NewVersion);
    assert_eq!(r.folder, packs.join("club@1.1"));
    assert_eq!(tree(&packs.join("club")), subtree(&after_a, "packs/club/"));
    assert!(packs.join("club@1.1/scenarios/rs-02-varese.json").is_file());
    // Importing it again finds it there.
    let r = import(&b.bytes, lib, OnConflict::Refuse).unwrap();
    assert_eq!(r.outcome, ImportOutcome::AlreadyPresent);
    assert_eq!(r.folder, packs.join("club@1.1"));
    // Another 1.1 with other content gets the next free name.
    let r = import(&d.bytes, lib, OnConflict::NewVersion).unwrap();
    assert_eq!(r.folder, packs.join("club@1.1~2"));

    // --replace: packs/club becomes the new pack whole; the other versions stay.
    let keep = tree(&packs.join("club@1.1"));
    let r = import(&c.bytes, lib, OnConflict::Replace).unwrap();
    assert_eq!(r.outcome, ImportOutcome::Replaced);
    assert_eq!(r.folder, packs.join("club"));
    assert!(packs.join("club/scenarios/rs-03-palestro.json").is_file());
    assert!(!packs.join("club/scenarios/sample.json").exists());
    assert!(!packs.join("club/maps/sample.json").exists());
    assert_eq!(tree(&packs.join("club@1.1")), keep);
    let names: Vec<String> = std::fs::read_dir(&packs)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        // The library's import lock file stays (src/pack/import.rs); nothing else hidden.
        names
            .iter()
            .all(|n| !n.starts_with('.') || n == ".kepi-import.lock"),
        "temporary folders left: {names:?}"
    );
    let installed = pack::installed_packs(lib);
    assert_eq!(installed.len(), 3);
}

/// The part of a tree under `prefix`, re-rooted there.
fn subtree(t: &BTreeMap<String, String>, prefix: &str) -> BTreeMap<String, String> {
    t.iter()
        .filter_map(|(k, v)| k.strip_prefix(prefix).map(|k| (k.to_string(), v.clone())))
        .collect()
}

#[test]
fn a_folder_of_the_users_named_like_the_pack_is_not_replaced() {
    let a = pack::export(&[fixture("scenarios/sample.json")], &options("club", "1.0")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path();
    std::fs::create_dir_all(lib.join("packs/club")).unwrap();
    std::fs::write(lib.join("packs/club/notes.txt"), "mine").unwrap();
    let before = tree(lib);
    for how in [OnConflict::Refuse, OnConflict::Replace] {
        let e = import(&a.bytes, lib, how).unwrap_err().to_string();
        assert!(e.contains("holds no pack 'club'"), "{e}");
        assert_eq!(tree(lib), before);
    }
    let r = import(&a.bytes, lib, OnConflict::NewVersion).unwrap();
    assert_eq!(r.folder, lib.join("packs/club@1.0"));
    assert_eq!(
        std::fs::read_to_string(lib.join("packs/club/notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_failure_part_way_leaves_the_library_as_it_was() {
    let a = pack::export(&[fixture("scenarios/sample.json")], &options("club", "1.0")).unwrap();
    let c = pack::export(&[scenario("rs-03-palestro.json")], &options("club", "1.2")).unwrap();
    let failing = |how: OnConflict, after: usize| ImportOptions {
        on_conflict: how,
        fail_after_files: Some(after),
        ..Default::default()
    };

    // Into a library that does not exist yet: nothing is left behind, not even the folder.
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    for after in 1..=3 {
        let e = pack::import(&a.bytes, &lib, &failing(OnConflict::Refuse, after)).unwrap_err();
        assert!(e.to_string().contains("nothing was imported"), "{e}");
        assert!(!lib.exists());
    }

    // Into a library holding the pack: neither a replace nor a new version leaves a trace.
    pack::import(&a.bytes, &lib, &ImportOptions::default()).unwrap();
    std::fs::write(lib.join("notes.txt"), "my notes").unwrap();
    let before = tree(&lib);
    for how in [OnConflict::Replace, OnConflict::NewVersion] {
        for after in [1, 2] {
            pack::import(&c.bytes, &lib, &failing(how, after)).unwrap_err();
            assert_eq!(tree(&lib), before, "{how:?} failing after {after} files");
        }
    }
    // And without the failure, the same imports work.
    pack::import(
        &c.bytes,
        &lib,
        &ImportOptions {
            on_conflict: OnConflict::Replace,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(
        lib.join("packs/club/scenarios/rs-03-palestro.json")
            .is_file()
    );
}

#[test]
fn the_default_library_folder_follows_the_platform() {
    let d = pack::default_library_dir();
    if cfg!(target_os = "linux") {
        let d = d.expect("HOME is set when tests run");
        assert!(d.ends_with("kepi/library"), "{}", d.display());
        assert!(d.is_absolute());
    }
}

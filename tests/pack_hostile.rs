//! Hostile packs, each built here: every one is refused by `read_pack` (what `kepi pack verify`
//! runs) and by `import` with a message that says what is wrong, and the library it was
//! imported into (which already holds a pack and a file of the user's) is byte-for-byte what it
//! was before, checked by hashing the whole tree.

use kepi::pack::{self, EntryKind, ImportOptions, Limits, MANIFEST_PATH};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

// ---------------------------------------------------------------------------------------------
// The library and its tree hash

/// Every file, folder and link under `root` by relative path: the SHA-256 of a file's bytes,
/// `dir`, or the link's target.
fn tree(root: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let t = std::fs::symlink_metadata(&p).unwrap().file_type();
            if t.is_symlink() {
                out.insert(rel, format!("link {:?}", std::fs::read_link(&p).unwrap()));
            } else if t.is_dir() {
                out.insert(rel, "dir".into());
                walk(root, &p, out);
            } else {
                let bytes = std::fs::read(&p).unwrap();
                out.insert(rel, format!("{:x}", Sha256::digest(&bytes)));
            }
        }
    }
    let mut out = BTreeMap::new();
    if root.exists() {
        walk(root, root, &mut out);
    }
    out
}

fn tree_hash(root: &Path) -> String {
    let mut h = Sha256::new();
    for (k, v) in tree(root) {
        h.update(k.as_bytes());
        h.update([0]);
        h.update(v.as_bytes());
        h.update([0]);
    }
    format!("{:x}", h.finalize())
}

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/library")
        .join(rel)
}

/// The valid pack every hostile one is made from: the sample fixture scenario, its map and
/// thumbnail.
fn good() -> &'static pack::Pack {
    static GOOD: OnceLock<pack::Pack> = OnceLock::new();
    GOOD.get_or_init(|| {
        let made = pack::export(
            &[fixture("scenarios/sample.json")],
            &pack::ExportOptions {
                id: Some("hostile".into()),
                ..Default::default()
            },
        )
        .expect("the sample exports");
        pack::read_pack(&made.bytes, &Limits::default()).expect("and reads back")
    })
}

/// A library holding another pack and a file of the user's.
fn library() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let made = pack::export(
        &[fixture("scenarios/sample.json")],
        &pack::ExportOptions {
            id: Some("already-here".into()),
            ..Default::default()
        },
    )
    .unwrap();
    pack::import(&made.bytes, dir.path(), &ImportOptions::default()).unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::write(
        dir.path().join("scenarios/mine.json"),
        b"{\"my\": \"own\"}\n",
    )
    .unwrap();
    dir
}

/// The pack is refused by reading and by import, with `want` in the message, and the library
/// is unchanged.
fn assert_refused_with(bytes: &[u8], limits: &Limits, want: &str) -> String {
    let read = pack::read_pack(bytes, limits)
        .map(|_| ())
        .expect_err("read_pack must refuse");
    let msg = read.to_string();
    if std::env::var_os("PACK_SHOW").is_some() {
        eprintln!("REFUSED: {msg}");
    }
    assert!(msg.contains(want), "expected '{want}' in: {msg}");

    let lib = library();
    let before = tree(lib.path());
    let hash = tree_hash(lib.path());
    let options = ImportOptions {
        limits: limits.clone(),
        ..Default::default()
    };
    let e = pack::import(bytes, lib.path(), &options).expect_err("import must refuse");
    assert_eq!(e.to_string(), msg);
    assert_eq!(tree(lib.path()), before, "the library changed");
    assert_eq!(tree_hash(lib.path()), hash);

    // Into a folder that does not exist yet: it is not even created.
    let empty = tempfile::tempdir().unwrap();
    let target = empty.path().join("library");
    pack::import(bytes, &target, &options).expect_err("refused");
    assert!(!target.exists(), "nothing may be created");
    msg
}

fn assert_refused(bytes: &[u8], want: &str) -> String {
    assert_refused_with(bytes, &Limits::default(), want)
}

// ---------------------------------------------------------------------------------------------
// Building zips

fn sha(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// A manifest listing `files` with their real sizes and hashes.
fn manifest_for(files: &[(String, EntryKind, Vec<u8>)]) -> serde_json::Value {
    let m = &good().manifest;
    serde_json::json!({
        "format": "kepi-pack",
        "version": 1,
        "id": m.id,
        "name": m.name,
        "pack_version": "1.0",
        "created": "2025-01-01T00:00:00Z",
        "min_kepi_version": "0.1.0",
        "entries": files.iter().map(|(p, k, b)| serde_json::json!({
            "path": p, "kind": k, "size": b.len(), "sha256": sha(b)
        })).collect::<Vec<_>>(),
    })
}

/// The good pack's files.
fn good_files() -> Vec<(String, EntryKind, Vec<u8>)> {
    let g = good();
    g.manifest
        .entries
        .iter()
        .map(|e| (e.path.clone(), e.kind, g.files[&e.path].clone()))
        .collect()
}

fn deflated() -> SimpleFileOptions {
    SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .unix_permissions(0o644)
}

fn stored() -> SimpleFileOptions {
    deflated().compression_method(CompressionMethod::Stored)
}

/// A zip with the manifest (if any) first, then the entries as given.
fn zip_of(manifest: Option<&[u8]>, entries: &[(&str, &[u8], SimpleFileOptions)]) -> Vec<u8> {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    if let Some(m) = manifest {
        w.start_file(MANIFEST_PATH, deflated()).unwrap();
        w.write_all(m).unwrap();
    }
    for (name, bytes, o) in entries {
        w.start_file(*name, *o).unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// The good files plus `extra` (listed in the manifest as `kind`), stored or deflated.
fn pack_with(extra: &[(&str, EntryKind, Vec<u8>)], o: SimpleFileOptions) -> Vec<u8> {
    let mut files = good_files();
    for (p, k, b) in extra {
        files.push((p.to_string(), *k, b.clone()));
    }
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), o))
        .collect();
    zip_of(Some(&m), &entries)
}

/// The good pack with its manifest edited.
fn with_manifest(edit: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let files = good_files();
    let mut m = manifest_for(&files);
    edit(&mut m);
    let m = serde_json::to_vec_pretty(&m).unwrap();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    zip_of(Some(&m), &entries)
}

/// The good pack with one file's bytes replaced (and listed with their real hash).
fn with_file(path: &str, bytes: Vec<u8>) -> Vec<u8> {
    let mut files = good_files();
    files.iter_mut().find(|f| f.0 == path).unwrap().2 = bytes;
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    zip_of(Some(&m), &entries)
}

/// Replace every occurrence of `from` with `to` (same length): a name in the local and central
/// headers, where the zip writer would refuse it.
fn patch(mut bytes: Vec<u8>, from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut n = 0;
    let mut i = 0;
    while i + from.len() <= bytes.len() {
        if &bytes[i..i + from.len()] == from {
            bytes[i..i + from.len()].copy_from_slice(to);
            n += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    assert!(n >= 2, "{} found {n} times", String::from_utf8_lossy(from));
    bytes
}

/// (local header offset, central header offset) of an entry.
fn headers(bytes: &[u8], name: &str) -> (usize, usize) {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let f = z.by_name(name).unwrap();
    (f.header_start() as usize, f.central_header_start() as usize)
}

fn put_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Set an entry's external attributes (and "made by" system: 3 Unix, 0 DOS).
fn set_attributes(mut bytes: Vec<u8>, name: &str, system: u8, attrs: u32) -> Vec<u8> {
    let (_, c) = headers(&bytes, name);
    bytes[c + 5] = system;
    put_u32(&mut bytes, c + 38, attrs);
    bytes
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A real PNG whose header says it is `w` x `h` (IHDR patched, its CRC fixed).
fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(4, 4, image::Rgba([1, 2, 3, 255]));
    let mut png = kepi::render::encode_png(&img).unwrap();
    // Signature (8), IHDR length (4), "IHDR" (4), width, height, ... then the chunk's CRC.
    png[16..20].copy_from_slice(&w.to_be_bytes());
    png[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

const SCENARIO: &str = "scenarios/sample.json";
const THUMB: &str = "thumbnails/sample.png";

// ---------------------------------------------------------------------------------------------
// The good pack is accepted (so each refusal below is the hostile part's doing)

#[test]
fn the_pack_they_are_made_from_imports() {
    let lib = library();
    let bytes = pack_with(&[], deflated());
    let r = pack::import(&bytes, lib.path(), &ImportOptions::default()).unwrap();
    assert_eq!(r.folder, lib.path().join("packs/hostile"));
    assert_eq!(
        std::fs::read(lib.path().join("packs/hostile").join(SCENARIO)).unwrap(),
        std::fs::read(fixture("scenarios/sample.json")).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// Zip slip

#[test]
fn dot_dot_is_refused() {
    let bytes = pack_with(
        &[("../evil.json", EntryKind::Map, b"{}".to_vec())],
        deflated(),
    );
    assert_refused(&bytes, "'..'");
    let bytes = zip_of(None, &[("maps/../../evil.json", b"x", deflated())]);
    assert_refused(&bytes, "zip slip");
}

#[test]
fn absolute_paths_are_refused() {
    let bytes = zip_of(None, &[("/tmp/kepi-evil.json", b"x", deflated())]);
    let msg = assert_refused(&bytes, "absolute path");
    assert!(msg.contains("/tmp/kepi-evil.json"), "{msg}");
}

#[test]
fn drive_letters_are_refused() {
    for name in ["C:/Windows/evil.json", "c:evil.json"] {
        let bytes = zip_of(None, &[(name, b"x", deflated())]);
        assert_refused(&bytes, "drive letter");
    }
}

#[test]
fn backslashes_are_refused() {
    for name in ["maps\\evil.json", "..\\..\\evil.json"] {
        let bytes = zip_of(Some(b"{}"), &[(name, b"x", deflated())]);
        assert_refused(&bytes, "backslash");
    }
}

#[test]
fn names_the_writer_refuses_are_refused_too() {
    // A name with a NUL and one that is not UTF-8, patched in.
    let bytes = zip_of(Some(b"{}"), &[("maps/aaaa.json", b"x", deflated())]);
    assert_refused(
        &patch(bytes.clone(), b"maps/aaaa.json", b"maps/a\0aa.json"),
        "control",
    );
    assert_refused(
        &patch(bytes, b"maps/aaaa.json", b"maps/a\xffaa.json"),
        "not UTF-8",
    );
}

// ---------------------------------------------------------------------------------------------
// Non-regular entries

#[test]
fn symlinks_are_refused() {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    w.start_file(MANIFEST_PATH, deflated()).unwrap();
    w.write_all(b"{}").unwrap();
    w.add_symlink("maps/sample.json", "/etc/passwd", deflated())
        .unwrap();
    let bytes = w.finish().unwrap().into_inner();
    assert_refused(&bytes, "is a symbolic link");
}

#[test]
fn devices_pipes_and_sockets_are_refused() {
    for (mode, what) in [
        (0o010_644, "named pipe"),
        (0o020_644, "character device"),
        (0o060_644, "block device"),
        (0o140_644, "socket"),
        (0o120_777, "symbolic link"),
    ] {
        let bytes = pack_with(&[], deflated());
        let bytes = set_attributes(bytes, SCENARIO, 3, mode << 16);
        assert_refused(&bytes, what);
    }
}

#[test]
fn a_file_marked_as_a_folder_is_refused() {
    // MS-DOS attributes with the directory bit on an entry named like a file.
    let bytes = set_attributes(pack_with(&[], deflated()), SCENARIO, 0, 0x10);
    assert_refused(&bytes, "is a folder, not a regular file");
}

#[test]
fn encrypted_and_unknown_methods_are_refused() {
    let bytes = pack_with(&[], deflated());
    let (l, c) = headers(&bytes, SCENARIO);
    let mut enc = bytes.clone();
    enc[c + 8] |= 1;
    enc[l + 6] |= 1;
    assert_refused(&enc, "encrypted");
    let mut method = bytes;
    put_u16(&mut method, c + 10, 12);
    put_u16(&mut method, l + 8, 12);
    assert_refused(&method, "stored or deflate");
}

// ---------------------------------------------------------------------------------------------
// Duplicates

#[test]
fn duplicate_names_are_refused() {
    // The zip writer refuses two entries of one name: write another name, then patch it.
    let files = good_files();
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let scen = &files.iter().find(|f| f.0 == SCENARIO).unwrap().2;
    let mut entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), stored()))
        .collect();
    entries.push(("scenarios/xample.json", b"{\"evil\": true}", stored()));
    let bytes = zip_of(Some(&m), &entries);
    let bytes = patch(bytes, b"scenarios/xample.json", SCENARIO.as_bytes());
    let msg = assert_refused(&bytes, "appears more than once");
    assert!(msg.contains(SCENARIO), "{msg}");
    assert!(scen.len() > 10);
}

#[test]
fn names_differing_only_in_case_are_refused() {
    let bytes = pack_with(
        &[("scenarios/Sample.json", EntryKind::Scenario, b"{}".to_vec())],
        deflated(),
    );
    assert_refused(&bytes, "differs only in case");
}

// ---------------------------------------------------------------------------------------------
// Sizes and zip bombs

#[test]
fn an_entry_over_the_size_limit_is_refused() {
    let limits = Limits {
        max_entry_bytes: 64 << 10,
        ..Limits::default()
    };
    let big: Vec<u8> = (0..100_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let bytes = pack_with(&[("images/big.png", EntryKind::Image, big)], stored());
    let msg = assert_refused_with(&bytes, &limits, "over the size limit");
    assert!(
        msg.contains("images/big.png") && msg.contains("header says"),
        "{msg}"
    );
}

#[test]
fn an_entry_whose_header_lies_about_its_size_is_stopped_while_inflating() {
    let limits = Limits {
        max_entry_bytes: 64 << 10,
        ..Limits::default()
    };
    let big: Vec<u8> = (0..100_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let bytes = pack_with(&[("images/big.png", EntryKind::Image, big)], deflated());
    let (l, c) = headers(&bytes, "images/big.png");
    let mut lying = bytes;
    put_u32(&mut lying, c + 24, 1_000);
    put_u32(&mut lying, l + 22, 1_000);
    let msg = assert_refused_with(&lying, &limits, "over the size limit");
    assert!(msg.contains("claims only 1000 bytes"), "{msg}");
}

#[test]
fn a_pack_over_the_size_limit_is_refused() {
    let bytes = pack_with(&[], deflated());
    let limits = Limits {
        max_pack_bytes: bytes.len() as u64 - 1,
        ..Limits::default()
    };
    assert_refused_with(&bytes, &limits, "over the limit");

    // And from disk, before the file is read whole.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("big.kepipack");
    std::fs::write(&f, &bytes).unwrap();
    let e = pack::read_file(&f, &limits).unwrap_err().to_string();
    assert!(e.contains("over the limit"), "{e}");
}

#[test]
fn entries_over_the_total_limit_are_refused() {
    let files_total: u64 = good_files().iter().map(|f| f.2.len() as u64).sum();
    let limits = Limits {
        max_total_bytes: files_total,
        ..Limits::default()
    };
    let bytes = pack_with(&[], deflated());
    assert_refused_with(&bytes, &limits, "in all, over the limit");
}

#[test]
fn too_many_entries_are_refused() {
    let limits = Limits {
        max_entries: 3,
        ..Limits::default()
    };
    assert_refused_with(
        &pack_with(&[], deflated()),
        &limits,
        "entries, over the limit",
    );
}

#[test]
fn a_zip_bomb_is_refused_while_inflating() {
    // 24 MiB of zeros, about 24 kB deflated: within the per-entry limit, far over the ratio.
    let zeros = vec![0u8; 24 << 20];
    let bytes = pack_with(&[("maps/bomb.json", EntryKind::Map, zeros)], deflated());
    assert!(bytes.len() < 200_000, "{}", bytes.len());
    let msg = assert_refused(&bytes, "zip bomb");
    assert!(msg.contains("maps/bomb.json"), "{msg}");

    // With the header claiming a tiny size, it is still stopped by what inflating produces.
    let (l, c) = headers(&bytes, "maps/bomb.json");
    let mut lying = bytes;
    put_u32(&mut lying, c + 24, 100);
    put_u32(&mut lying, l + 22, 100);
    assert_refused(&lying, "zip bomb");
}

// ---------------------------------------------------------------------------------------------
// Not a zip, truncated

#[test]
fn non_zip_files_are_refused() {
    assert_refused(b"", "not a zip archive");
    assert_refused(b"Hello, this is not a pack at all.\n", "not a zip archive");
    let png = png_claiming(4, 4);
    assert_refused(&png, "not a zip archive");
}

#[test]
fn truncated_packs_are_refused() {
    let bytes = pack_with(&[], deflated());
    for cut in [bytes.len() / 2, bytes.len() - 10, 30] {
        assert_refused(&bytes[..cut], "not a zip archive");
    }
}

#[test]
fn data_before_the_zip_is_refused() {
    let mut bytes = b"#!/bin/sh\necho surprise\n".to_vec();
    bytes.extend(pack_with(&[], deflated()));
    assert_refused(&bytes, "other data");
}

// ---------------------------------------------------------------------------------------------
// Images

#[test]
fn an_image_of_too_many_pixels_is_refused_before_decoding() {
    // 100,000 x 100,000 pixels (40 GB decoded) in a file of a few dozen bytes.
    let bytes = with_file(THUMB, png_claiming(100_000, 100_000));
    let msg = assert_refused(&bytes, "over the limit");
    assert!(
        msg.contains("100000 x 100000") && msg.contains(THUMB),
        "{msg}"
    );
    let bytes = pack_with(
        &[(
            "images/huge.png",
            EntryKind::Image,
            png_claiming(6_000, 6_000),
        )],
        stored(),
    );
    assert_refused(&bytes, "before decoding");
}

#[test]
fn damaged_and_non_png_images_are_refused() {
    let mut png = png_claiming(4, 4);
    let n = png.len();
    png.truncate(n - 20);
    assert_refused(&with_file(THUMB, png), "PNG");
    assert_refused(
        &with_file(THUMB, b"GIF89a not a png".to_vec()),
        "not a PNG image",
    );
}

// ---------------------------------------------------------------------------------------------
// The manifest

#[test]
fn a_hash_mismatch_is_refused() {
    let bytes = with_manifest(|m| {
        let e = m["entries"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|e| e["path"] == SCENARIO)
            .unwrap();
        let h = e["sha256"].as_str().unwrap();
        let flipped = if h.starts_with('0') { "1" } else { "0" };
        e["sha256"] = format!("{flipped}{}", &h[1..]).into();
    });
    let msg = assert_refused(&bytes, "does not match the manifest");
    assert!(msg.contains(SCENARIO) && msg.contains("SHA-256"), "{msg}");
}

#[test]
fn content_swapped_under_a_listed_hash_is_refused() {
    // The manifest lists the original scenario; the zip holds an edited one of the same size.
    let files = good_files();
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let mut evil = files.iter().find(|f| f.0 == SCENARIO).unwrap().2.clone();
    let at = evil.iter().position(|b| *b == b'S').unwrap();
    evil[at] = b'Z';
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| {
            let b: &[u8] = if p == SCENARIO { &evil } else { b };
            (p.as_str(), b, deflated())
        })
        .collect();
    assert_refused(&zip_of(Some(&m), &entries), "does not match the manifest");
}

#[test]
fn a_size_mismatch_is_refused() {
    let bytes = with_manifest(|m| {
        let e = &mut m["entries"][0];
        e["size"] = (e["size"].as_u64().unwrap() + 1).into();
    });
    assert_refused(&bytes, "but the manifest says");
}

#[test]
fn a_missing_manifest_is_refused() {
    let files = good_files();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    assert_refused(
        &zip_of(None, &entries),
        "manifest (kepipack.manifest) is missing",
    );
}

#[test]
fn a_malformed_manifest_is_refused() {
    let files = good_files();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    assert_refused(
        &zip_of(
            Some(b"{\"format\": \"kepi-pack\", \"version\": 1,"),
            &entries,
        ),
        "truncated JSON",
    );
    assert_refused(&zip_of(Some(b"\xff\xfe"), &entries), "not UTF-8");
    assert_refused(
        &zip_of(Some(b"{\"format\": \"kepi-map\"}"), &entries),
        "not a Kepi pack manifest",
    );
}

#[test]
fn manifest_versions_are_checked() {
    let newer = with_manifest(|m| m["version"] = 2.into());
    assert_refused(&newer, "newer than this Kepi");
    let needs = with_manifest(|m| m["min_kepi_version"] = "99.0".into());
    assert_refused(&needs, "needs Kepi 99.0 or newer");
    let bad = with_manifest(|m| m["min_kepi_version"] = "soon".into());
    assert_refused(&bad, "min_kepi_version");
}

#[test]
fn manifest_fields_are_checked() {
    let unknown = with_manifest(|m| m["surprise"] = true.into());
    assert_refused(&unknown, "unknown field");
    let escape = with_manifest(|m| m["name"] = "Nice pack\u{1b}]0;pwned\u{7}".into());
    assert_refused(&escape, "control character");
    let id = with_manifest(|m| m["id"] = "../../etc".into());
    assert_refused(&id, "not a pack id");
    let kind = with_manifest(|m| m["entries"][0]["kind"] = "thumbnail".into());
    assert_refused(&kind, "entries[0].path");
    let listed_evil = with_manifest(|m| m["entries"][0]["path"] = "../x.json".into());
    assert_refused(&listed_evil, "'..'");
}

#[test]
fn an_unlisted_entry_is_refused() {
    let files = good_files();
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let mut entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    entries.push(("images/extra.png", b"stowaway", deflated()));
    let msg = assert_refused(&zip_of(Some(&m), &entries), "not listed in the manifest");
    assert!(msg.contains("images/extra.png"), "{msg}");
}

#[test]
fn a_listed_entry_missing_from_the_zip_is_refused() {
    let files = good_files();
    let m = serde_json::to_vec_pretty(&manifest_for(&files)).unwrap();
    let entries: Vec<(&str, &[u8], SimpleFileOptions)> = files
        .iter()
        .filter(|(p, _, _)| p != THUMB)
        .map(|(p, _, b)| (p.as_str(), b.as_slice(), deflated()))
        .collect();
    let msg = assert_refused(
        &zip_of(Some(&m), &entries),
        "listed in the manifest but not",
    );
    assert!(msg.contains(THUMB), "{msg}");
}

// ---------------------------------------------------------------------------------------------
// The contents

#[test]
fn malformed_json_is_refused() {
    let msg = assert_refused(
        &with_file(
            SCENARIO,
            b"{\"format\": \"kepi-scenario\", \"version\": 1, ".to_vec(),
        ),
        "truncated",
    );
    assert!(msg.contains(SCENARIO), "{msg}");
    let msg = assert_refused(
        &with_file("maps/sample.json", b"{ this is not json }".to_vec()),
        "not valid JSON",
    );
    assert!(msg.contains("maps/sample.json"), "{msg}");
}

#[test]
fn an_invalid_scenario_is_refused_with_its_problems() {
    let text = String::from_utf8(good().files[SCENARIO].clone()).unwrap();
    let bad = text.replacen("\"map\": \"sample\"", "\"map\": \"elsewhere\"", 1);
    let msg = assert_refused(&with_file(SCENARIO, bad.into_bytes()), "not in the pack");
    assert!(msg.contains("map"), "{msg}");

    let bad = text.replacen("\"6 MZ; 1 CY; 1 MA\"", "\"6 ZZ; 1 CY; 1 MA\"", 1);
    assert_ne!(bad, text);
    let msg = assert_refused(&with_file(SCENARIO, bad.into_bytes()), "sides[0].oob");
    assert!(msg.contains(SCENARIO), "{msg}");
}

#[test]
fn a_file_of_another_kind_than_listed_is_refused() {
    // The scenario's bytes listed as a map.
    let scen = good().files[SCENARIO].clone();
    let bytes = pack_with(&[("maps/other.json", EntryKind::Map, scen)], deflated());
    assert_refused(
        &bytes,
        "'kepi-scenario' file, but a 'kepi-map' was expected",
    );
}

#[test]
fn a_thumbnail_of_no_scenario_is_refused() {
    let png = good().files[THUMB].clone();
    let bytes = pack_with(
        &[("thumbnails/ghost.png", EntryKind::Thumbnail, png)],
        stored(),
    );
    assert_refused(&bytes, "which is not in the pack");
}

// ---------------------------------------------------------------------------------------------
// Arbitrary bytes never panic (a quick stand-in for the fuzz target)

#[test]
fn corrupted_bytes_never_panic() {
    let bytes = pack_with(&[], deflated());
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..300 {
        let mut b = bytes.clone();
        for _ in 0..4 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = (seed % b.len() as u64) as usize;
            b[i] = (seed >> 32) as u8;
        }
        let _ = pack::read_pack(&b, &Limits::default());
        let _ = pack::read_manifest(&b, &Limits::default());
    }
}

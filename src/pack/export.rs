//! Making a pack from scenario files: each scenario is loaded and validated as `kepi validate`
//! does, and brings along its map (with the map's underlay image) and the catalog it names, as
//! the files' own bytes (an imported file is byte-for-byte the exported one). Every scenario
//! gets a thumbnail drawn by the core renderer. The finished pack is read back through
//! [`super::read_pack`] before it is returned: a pack that would not import is never made.

use super::check::check_png;
use super::manifest::{
    Entry, EntryKind, FORMAT, MANIFEST_PATH, Manifest, VERSION, kepi_version, pack_version_ok,
    rfc3339_utc,
};
use super::path::check_entry_name;
use super::read::sha256_hex;
use super::{Limits, PackError, read_pack};
use crate::document::{self, DocumentKind};
use crate::library;
use crate::problems::Problems;
use crate::render;
use crate::scenario::Scenario;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// The pack's description; anything left `None` gets a default from the scenarios.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Default: the name made into an id ("Rifle & Saber" -> `rifle-saber`).
    pub id: Option<String>,
    /// Default: the scenario's title for one scenario, else "N scenarios".
    pub name: Option<String>,
    /// Default: "1.0".
    pub version: Option<String>,
    pub author: String,
    pub description: String,
    pub license: String,
    /// RFC 3339; default: now, or `SOURCE_DATE_EPOCH` when set (reproducible packs).
    pub created: Option<String>,
}

/// A pack made in memory, checked as import checks it.
#[derive(Clone, Debug)]
pub struct Exported {
    pub bytes: Vec<u8>,
    pub manifest: Manifest,
}

/// Largest thumbnail: the biggest scale from 16 px per hex down whose picture fits this box.
const THUMB_BOX: (u32, u32) = (320, 480);

fn err(msg: String) -> PackError {
    PackError::Export(msg)
}

/// The scenario files among `paths`: files as given, and in folders every `*.json` whose
/// `format` is `kepi-scenario`.
pub fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, PackError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let files = library::json_files(std::slice::from_ref(p)).map_err(PackError::Invalid)?;
            for f in files {
                let is_scenario = std::fs::read_to_string(&f)
                    .ok()
                    .and_then(|t| document::parse_json(&t).ok())
                    .and_then(|v| document::kind_of(&v).ok())
                    == Some(DocumentKind::Scenario);
                if is_scenario {
                    out.push(f);
                }
            }
        } else {
            out.push(p.clone());
        }
    }
    if out.is_empty() {
        return Err(err(
            "no scenario files given (or none in the folders given)".into(),
        ));
    }
    Ok(out)
}

/// Where the library finds a scenario's `maps/<id>.json` or `catalogs/<id>.json`: in the
/// scenario's library (the folder above its folder), then beside it. The same order as
/// `library::load_scenario`; the file found is checked to be the one it loaded.
fn find_named(scenario: &Path, folder: &str, id: &str) -> Option<PathBuf> {
    let dir = scenario.parent().unwrap_or(Path::new("."));
    let name = format!("{id}.json");
    let mut c = Vec::new();
    if let Some(root) = dir.parent() {
        c.push(root.join(folder).join(&name));
    }
    c.push(dir.join(folder).join(&name));
    c.push(dir.join(&name));
    c.into_iter().find(|p| p.is_file())
}

fn read(path: &Path) -> Result<Vec<u8>, PackError> {
    std::fs::read(path).map_err(|e| PackError::Io {
        path: path.to_path_buf(),
        message: format!("cannot read: {e}"),
    })
}

/// `name` as a pack id: lower-case letters and digits, runs of anything else as one `-`;
/// apostrophes are dropped, so a word keeps whole ("Burnside's" is `burnsides`).
fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if matches!(c, '\'' | '\u{2019}' | '\u{2018}' | '\u{02bc}') {
            continue;
        }
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s: String = s.chars().take(64).collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() { "pack".into() } else { s }
}

fn now_rfc3339() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
        });
    rfc3339_utc(secs)
}

/// Add a file's bytes under `path`, refusing two different files for one path.
fn add(
    files: &mut BTreeMap<String, (EntryKind, Vec<u8>, PathBuf)>,
    path: String,
    kind: EntryKind,
    bytes: Vec<u8>,
    source: &Path,
) -> Result<(), PackError> {
    if let Some((_, old, old_src)) = files.get(&path) {
        if *old != bytes {
            return Err(err(format!(
                "two different files would both be '{path}' in the pack: {} and {}; give them \
                 different ids",
                old_src.display(),
                source.display()
            )));
        }
        return Ok(());
    }
    files.insert(path, (kind, bytes, source.to_path_buf()));
    Ok(())
}

/// The thumbnail of a scenario: the largest scale that fits [`THUMB_BOX`], at least the
/// renderer's smallest.
fn thumbnail(s: &Scenario) -> Result<Vec<u8>, PackError> {
    let fail = |e: render::RenderError| err(format!("scenario '{}': thumbnail: {e}", s.file.id));
    let options = render::fitting_options(&s.map, Some(s), THUMB_BOX);
    let img = render::render_scenario(s, &options).map_err(fail)?;
    render::encode_png(&img).map_err(fail)
}

/// Every scenario's thumbnail, drawn on all cores (drawing is most of an export's time).
fn thumbnails(loaded: &[(PathBuf, Scenario)]) -> Vec<Option<Result<Vec<u8>, PackError>>> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    let chunk = loaded.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = loaded
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || part.iter().map(|(_, s)| thumbnail(s)).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(v) => v,
                Err(p) => std::panic::resume_unwind(p),
            })
            .map(Some)
            .collect()
    })
}

/// Make a pack of the scenarios at `paths` (see [`scenario_files`]), with their maps, catalogs,
/// underlay images and thumbnails. Refuses, with every problem, if any scenario does not
/// validate; refuses if the result would not import.
pub fn export(paths: &[PathBuf], options: &ExportOptions) -> Result<Exported, PackError> {
    let scenario_paths = scenario_files(paths)?;
    let mut problems = Problems::new();
    let mut loaded = Vec::new();
    for p in &scenario_paths {
        match library::load_scenario(p) {
            Ok(s) => loaded.push((p.clone(), s)),
            Err(e) => problems.extend(e),
        }
    }
    if !problems.is_empty() {
        return Err(PackError::Invalid(problems));
    }

    let mut thumbs = thumbnails(&loaded);
    let mut files: BTreeMap<String, (EntryKind, Vec<u8>, PathBuf)> = BTreeMap::new();
    for (i, (path, s)) in loaded.iter().enumerate() {
        let id = &s.file.id;
        add(
            &mut files,
            format!("scenarios/{id}.json"),
            EntryKind::Scenario,
            read(path)?,
            path,
        )?;

        let map_path = find_named(path, "maps", &s.map.id)
            .ok_or_else(|| err(format!("{}: map '{}' not found", path.display(), s.map.id)))?;
        let map = library::load_map(&map_path).map_err(PackError::Invalid)?;
        if map != s.map {
            return Err(err(format!(
                "{}: the map found at {} is not the one the scenario loaded",
                path.display(),
                map_path.display()
            )));
        }
        add(
            &mut files,
            format!("maps/{}.json", map.id),
            EntryKind::Map,
            read(&map_path)?,
            &map_path,
        )?;
        if let Some(u) = &map.underlay {
            let src = map_path.parent().unwrap_or(Path::new(".")).join(&u.image);
            let inner = format!("maps/{}", u.image);
            check_entry_name(&inner).map_err(|why| {
                err(format!(
                    "{}: underlay.image '{}' cannot go in a pack: the name {why}",
                    map_path.display(),
                    u.image
                ))
            })?;
            if !inner.to_ascii_lowercase().ends_with(".png") {
                return Err(err(format!(
                    "{}: underlay.image '{}': packs carry PNG images only",
                    map_path.display(),
                    u.image
                )));
            }
            let bytes = read(&src)?;
            check_png(&bytes, &Limits::default())
                .map_err(|e| err(format!("{}: {e}", src.display())))?;
            add(&mut files, inner, EntryKind::Image, bytes, &src)?;
        }

        if let Some(cid) = &s.file.catalog {
            let cpath = find_named(path, "catalogs", cid)
                .ok_or_else(|| err(format!("{}: catalog '{cid}' not found", path.display())))?;
            let catalog = library::load_catalog(&cpath).map_err(PackError::Invalid)?;
            if catalog != s.catalog {
                return Err(err(format!(
                    "{}: the catalog found at {} is not the one the scenario loaded",
                    path.display(),
                    cpath.display()
                )));
            }
            add(
                &mut files,
                format!("catalogs/{cid}.json"),
                EntryKind::Catalog,
                read(&cpath)?,
                &cpath,
            )?;
        }

        add(
            &mut files,
            format!("thumbnails/{id}.png"),
            EntryKind::Thumbnail,
            thumbs[i].take().expect("one thumbnail per scenario")?,
            path,
        )?;
    }

    let name = match &options.name {
        Some(n) => n.clone(),
        None if loaded.len() == 1 => loaded[0].1.file.title.clone(),
        None => format!("{} scenarios", loaded.len()),
    };
    let id = options.id.clone().unwrap_or_else(|| slug(&name));
    let pack_version = options.version.clone().unwrap_or_else(|| "1.0".into());
    if !pack_version_ok(&pack_version) {
        return Err(err(format!(
            "--version '{pack_version}': a pack version is letters, digits, '.', '_', '+' and \
             '-' (at most 32)"
        )));
    }
    let manifest = Manifest {
        format: FORMAT.into(),
        version: VERSION,
        id,
        name,
        pack_version,
        author: options.author.clone(),
        description: options.description.clone(),
        license: options.license.clone(),
        created: options.created.clone().unwrap_or_else(now_rfc3339),
        min_kepi_version: kepi_version().into(),
        entries: files
            .iter()
            .map(|(path, (kind, bytes, _))| Entry {
                path: path.clone(),
                kind: *kind,
                size: bytes.len() as u64,
                sha256: sha256_hex(bytes),
            })
            .collect(),
    };
    let manifest = manifest
        .checked()
        .map_err(|e| err(format!("the pack's {e}")))?;
    let manifest_text = manifest.to_text();

    let bytes =
        write_zip(&manifest_text, &files).map_err(|e| err(format!("cannot write the zip: {e}")))?;
    read_pack(&bytes, &Limits::default()).map_err(|e| {
        err(format!(
            "the pack would not import, so it was not made: {e}"
        ))
    })?;
    Ok(Exported { bytes, manifest })
}

fn write_zip(
    manifest: &str,
    files: &BTreeMap<String, (EntryKind, Vec<u8>, PathBuf)>,
) -> zip::result::ZipResult<Vec<u8>> {
    let mut w = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .unix_permissions(0o644);
    // PNG is compressed already.
    let stored = deflated.compression_method(CompressionMethod::Stored);
    w.start_file(MANIFEST_PATH, deflated)?;
    w.write_all(manifest.as_bytes())?;
    for (path, (kind, bytes, _)) in files {
        let o = match kind {
            EntryKind::Image | EntryKind::Thumbnail => stored,
            _ => deflated,
        };
        w.start_file(path.as_str(), o)?;
        w.write_all(bytes)?;
    }
    Ok(w.finish()?.into_inner())
}

/// Write `bytes` to `path` whole or not at all ([`crate::atomic::write_atomic`]), with the
/// pack's error naming the file.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<(), PackError> {
    crate::atomic::write_atomic(path, bytes).map_err(|e| PackError::Io {
        path: path.to_path_buf(),
        message: format!("cannot write: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_ids() {
        assert_eq!(slug("Rifle & Saber: all 17"), "rifle-saber-all-17");
        assert_eq!(slug("  ***  "), "pack");
        // Apostrophes, straight or curly, are not separators: words keep whole.
        assert_eq!(
            slug("Antietam: Burnside's Bridge"),
            "antietam-burnsides-bridge"
        );
        assert_eq!(slug("Burnside\u{2019}s Bridge"), "burnsides-bridge");
        assert_eq!(slug("'Twas"), "twas");
        assert!(crate::map::valid_id(&slug(&"x".repeat(200))));
    }
}

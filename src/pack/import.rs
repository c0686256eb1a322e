//! Importing a pack into a library folder.
//!
//! Layout: each imported pack is a folder `packs/<folder>/` of the library holding the pack's
//! files at their paths in the pack and the manifest (`kepipack.manifest`) as it was in the
//! pack. The folder is the pack id (`packs/rs-club/`); a pack imported with
//! [`OnConflict::NewVersion`] beside another of its id goes to `packs/<id>@<version>/` (then
//! `~2`, `~3`, ... if that is taken). Each pack folder is a library folder of its own, so its
//! scenarios find their maps and catalogs as `kepi validate` and the app look for them.
//!
//! Invariants: nothing is written unless [`super::read_pack`] accepted the whole pack and the
//! conflict rule allows it; files are written (and synced) into a new temporary folder inside
//! `packs/` that is then renamed into place, so an interrupted or failed import leaves at most
//! that temporary folder (removed on failure) and never a half-written pack; an existing pack
//! folder is never written into, only replaced whole by rename when the caller asked for
//! [`OnConflict::Replace`].
//!
//! Leftovers of a killed import: an import killed part way leaves its temporary folder
//! (`packs/.kepi-import-<id>-<pid>-<n>/`) and, if it was killed in the middle of a replace, the
//! old pack moved aside (`packs/.kepi-replaced-<id>-<pid>-<n>/`). Writers hold the library's
//! import lock (`packs/.kepi-import.lock`, an advisory lock on that file) from before they
//! create a temporary folder until the import is done, so a folder of those two names seen
//! while holding the lock belongs to no running import. The next import into the library
//! takes the lock first and then removes every `.kepi-import-*` folder, and moves a
//! `.kepi-replaced-<id>-*` folder back to `packs/<id>/` when that is missing (the library as
//! it was before the killed replace), else removes it. Nothing else in `packs/` is touched:
//! only hidden folders with exactly those prefixes, which only Kepi makes. Imports into one
//! library therefore run one at a time; one waits up to [`LOCK_WAIT`] for another.

use super::manifest::{MANIFEST_PATH, Manifest};
use super::{Limits, Pack, PackError, read_pack};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long an import waits for another import into the same library to finish.
pub const LOCK_WAIT: Duration = Duration::from_secs(60);

/// The library's import lock, in `packs/` (hidden, so never taken for a pack).
const LOCK_FILE: &str = ".kepi-import.lock";
/// Names of an import's temporary folder and of a replaced pack moved aside.
const TEMP_PREFIX: &str = "kepi-import";
const REPLACED_PREFIX: &str = "kepi-replaced";

/// What to do when the library already holds a pack of the same id with other content.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnConflict {
    /// Refuse, naming both options (the default).
    #[default]
    Refuse,
    /// Replace the pack in `packs/<id>/` (`--replace`).
    Replace,
    /// Keep the pack there and import this one beside it (`--as-new-version`).
    NewVersion,
}

#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    pub on_conflict: OnConflict,
    pub limits: Limits,
    /// For tests of atomicity: fail with an I/O error after writing this many files.
    #[doc(hidden)]
    pub fail_after_files: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportOutcome {
    /// Written into a new pack folder.
    Imported,
    /// The same content was there already; nothing was written.
    AlreadyPresent,
    /// Written in place of the pack of the same id.
    Replaced,
    /// Written beside the pack of the same id.
    NewVersion,
}

#[derive(Clone, Debug)]
pub struct ImportReport {
    pub outcome: ImportOutcome,
    /// The pack's folder in the library.
    pub folder: PathBuf,
    pub manifest: Manifest,
    /// Files written (the manifest included); 0 when nothing was.
    pub files_written: usize,
}

/// A pack found in a library.
#[derive(Clone, Debug)]
pub struct Installed {
    pub folder: PathBuf,
    pub manifest: Manifest,
}

/// The app's library folder: `$XDG_DATA_HOME/kepi/library` (else
/// `~/.local/share/kepi/library`) on Linux and other Unix systems,
/// `~/Library/Application Support/kepi/library` on macOS, `%APPDATA%\kepi\library` on Windows.
pub fn default_library_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let base = if cfg!(windows) {
        env("APPDATA")?
    } else if cfg!(target_os = "macos") {
        env("HOME")?.join("Library").join("Application Support")
    } else {
        match env("XDG_DATA_HOME") {
            Some(d) => d,
            None => env("HOME")?.join(".local").join("share"),
        }
    };
    Some(base.join("kepi").join("library"))
}

fn read_installed_manifest(dir: &Path) -> Option<Manifest> {
    let f = std::fs::File::open(dir.join(MANIFEST_PATH)).ok()?;
    let mut bytes = Vec::new();
    f.take(Limits::default().max_manifest_bytes)
        .read_to_end(&mut bytes)
        .ok()?;
    Manifest::from_bytes(&bytes).ok()
}

/// The packs imported into `library` (folders of `packs/` with a readable manifest), sorted
/// by folder.
pub fn installed_packs(library: &Path) -> Vec<Installed> {
    let Ok(entries) = std::fs::read_dir(library.join("packs")) else {
        return Vec::new();
    };
    let mut out: Vec<Installed> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let folder = e.path();
            read_installed_manifest(&folder).map(|manifest| Installed { folder, manifest })
        })
        .collect();
    out.sort_by(|a, b| a.folder.cmp(&b.folder));
    out
}

fn io_err(path: &Path, what: &str, e: std::io::Error) -> PackError {
    PackError::Io {
        path: path.to_path_buf(),
        message: format!("{what}: {e}; nothing was imported"),
    }
}

/// A path inside `root` for a checked pack path (`/`-separated safe components).
fn inside(root: &Path, pack_path: &str) -> PathBuf {
    pack_path
        .split('/')
        .fold(root.to_path_buf(), |p, c| p.join(c))
}

fn sync_dir(dir: &Path) {
    // Directory fsync makes the rename durable on Unix; Windows has no such call.
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Write every file of the pack and its manifest into the new folder `tmp`.
fn write_tree(tmp: &Path, pack: &Pack, fail_after: Option<usize>) -> std::io::Result<usize> {
    let mut written = 0;
    let files = pack
        .files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_slice()))
        .chain(std::iter::once((
            MANIFEST_PATH,
            pack.manifest_bytes.as_slice(),
        )));
    let mut dirs = vec![tmp.to_path_buf()];
    for (path, bytes) in files {
        let dest = inside(tmp, path);
        if let Some(parent) = dest.parent()
            && !parent.exists()
        {
            std::fs::create_dir_all(parent)?;
            dirs.push(parent.to_path_buf());
        }
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&dest)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        written += 1;
        if fail_after == Some(written) {
            return Err(std::io::Error::other(
                "simulated failure after writing files",
            ));
        }
    }
    for d in dirs.iter().rev() {
        sync_dir(d);
    }
    Ok(written)
}

/// A new, empty folder in `dir` named `<prefix>-<pid>-<n>`.
fn new_temp_dir(dir: &Path, prefix: &str) -> std::io::Result<PathBuf> {
    for n in 0..1000 {
        let p = dir.join(format!(".{prefix}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&p) {
            Ok(()) => return Ok(p),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("no free name for a temporary folder"))
}

/// A name in `dir` for the temporary name of an existing folder during a replace.
fn free_name(dir: &Path, prefix: &str) -> PathBuf {
    (0..)
        .map(|n| dir.join(format!(".{prefix}-{}-{n}", std::process::id())))
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .expect("some name is free")
}

/// Take the import lock of the library whose pack folder is `packs` (which must exist),
/// waiting up to [`LOCK_WAIT`] for another import. Held until the returned file is dropped.
fn lock_packs(packs: &Path) -> Result<std::fs::File, PackError> {
    let path = packs.join(LOCK_FILE);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| io_err(&path, "cannot open the library's import lock", e))?;
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < LOCK_WAIT => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(PackError::Io {
                    path: packs.to_path_buf(),
                    message: format!(
                        "another import into this library has held its lock ({}) for {} s; \
                         nothing was imported",
                        path.display(),
                        LOCK_WAIT.as_secs()
                    ),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(io_err(&path, "cannot lock the library's import lock", e));
            }
        }
    }
}

/// The pack id in a leftover folder's name `.<prefix>-<id>-<pid>-<n>`, when it is one.
fn leftover_id<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = name
        .strip_prefix('.')?
        .strip_prefix(prefix)?
        .strip_prefix('-')?;
    let mut parts = rest.rsplitn(3, '-');
    let n = parts.next()?;
    let pid = parts.next()?;
    let id = parts.next()?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(n) && digits(pid) && crate::map::valid_id(id)).then_some(id)
}

/// Whether `packs` holds any folder a killed import may have left (read only).
fn has_leftovers(packs: &Path) -> bool {
    std::fs::read_dir(packs).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            leftover_id(&name, TEMP_PREFIX).is_some()
                || leftover_id(&name, REPLACED_PREFIX).is_some()
        })
    })
}

/// Clear what killed imports left in `packs` (see the module docs). The caller holds the
/// import lock, so no running import owns any of these folders.
fn remove_leftovers(packs: &Path) -> Result<(), PackError> {
    let entries = std::fs::read_dir(packs)
        .map_err(|e| io_err(packs, "cannot list the library's packs", e))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    // Restore replaced packs before removing temporaries, in a stable order.
    names.sort();
    for name in &names {
        let Some(id) = leftover_id(name, REPLACED_PREFIX) else {
            continue;
        };
        let from = packs.join(name);
        let home = packs.join(id);
        let result = if std::fs::symlink_metadata(&home).is_err() {
            std::fs::rename(&from, &home)
        } else {
            std::fs::remove_dir_all(&from)
        };
        result.map_err(|e| io_err(&from, "cannot clear what an interrupted import left", e))?;
    }
    for name in &names {
        if leftover_id(name, TEMP_PREFIX).is_some() {
            let dir = packs.join(name);
            std::fs::remove_dir_all(&dir)
                .map_err(|e| io_err(&dir, "cannot clear what an interrupted import left", e))?;
        }
    }
    sync_dir(packs);
    Ok(())
}

/// Folders created to hold `packs/` that did not exist before, deepest first, to remove again
/// if the import fails.
fn create_packs_dir(packs: &Path) -> Result<Vec<PathBuf>, PackError> {
    let mut missing = Vec::new();
    let mut p = packs.to_path_buf();
    while std::fs::symlink_metadata(&p).is_err() {
        missing.push(p.clone());
        match p.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => p = parent.to_path_buf(),
            _ => break,
        }
    }
    std::fs::create_dir_all(packs).map_err(|e| io_err(packs, "cannot create the folder", e))?;
    Ok(missing)
}

/// Check a pack and import it into `library` (see the module docs).
pub fn import(
    bytes: &[u8],
    library: &Path,
    options: &ImportOptions,
) -> Result<ImportReport, PackError> {
    let pack = read_pack(bytes, &options.limits)?;
    let m = &pack.manifest;
    let packs = library.join("packs");
    // Leftovers of a killed import are cleared under the lock before anything is decided
    // (a replaced pack moved back changes what is installed). Without any, nothing is
    // written before the decisions, so a refused import writes nothing at all.
    let mut lock = None;
    if has_leftovers(&packs) {
        lock = Some(lock_packs(&packs)?);
        remove_leftovers(&packs)?;
    }
    let installed: Vec<Installed> = installed_packs(library)
        .into_iter()
        .filter(|i| i.manifest.id == m.id)
        .collect();
    if let Some(same) = installed.iter().find(|i| i.manifest.same_content(m)) {
        return Ok(ImportReport {
            outcome: ImportOutcome::AlreadyPresent,
            folder: same.folder.clone(),
            manifest: m.clone(),
            files_written: 0,
        });
    }
    let primary = packs.join(&m.id);
    let primary_exists = std::fs::symlink_metadata(&primary).is_ok();
    let primary_is_pack = installed.iter().any(|i| i.folder == primary);
    let new_version_folder = || {
        let base = format!("{}@{}", m.id, m.pack_version);
        (1..)
            .map(|n| {
                if n == 1 {
                    packs.join(&base)
                } else {
                    packs.join(format!("{base}~{n}"))
                }
            })
            .find(|p| std::fs::symlink_metadata(p).is_err())
            .expect("some name is free")
    };

    let (target, outcome) = match options.on_conflict {
        _ if installed.is_empty() && !primary_exists => (primary.clone(), ImportOutcome::Imported),
        OnConflict::NewVersion => (new_version_folder(), ImportOutcome::NewVersion),
        _ if primary_exists && !primary_is_pack => {
            return Err(PackError::Conflict(format!(
                "{} is already there and holds no pack '{}'; nothing was written. Move it away, \
                 or import with --as-new-version to put this pack beside it",
                primary.display(),
                m.id
            )));
        }
        OnConflict::Replace if primary_exists => (primary.clone(), ImportOutcome::Replaced),
        OnConflict::Replace => (primary.clone(), ImportOutcome::Imported),
        OnConflict::Refuse => {
            let there = installed
                .iter()
                .map(|i| {
                    format!(
                        "version {} at {}",
                        i.manifest.pack_version,
                        i.folder.display()
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PackError::Conflict(format!(
                "pack '{}' is already in the library with different content ({there}); nothing \
                 was written. Import it with --replace to replace {}, or with \
                 --as-new-version to keep both (this version {} would go to {})",
                m.id,
                primary.display(),
                m.pack_version,
                new_version_folder().display()
            )));
        }
    };

    let created = create_packs_dir(&packs)?;
    let undo_created = || {
        if !created.is_empty() {
            // `packs/` is ours alone: its lock file goes with it.
            let _ = std::fs::remove_file(packs.join(LOCK_FILE));
        }
        for d in &created {
            let _ = std::fs::remove_dir(d);
        }
    };
    // Held from before the temporary folder exists until the import is done (dropped on
    // return), so no other import takes that folder for a leftover.
    let _lock = match lock.take() {
        Some(l) => l,
        None => lock_packs(&packs).inspect_err(|_| undo_created())?,
    };
    let tmp = match new_temp_dir(&packs, &format!("{TEMP_PREFIX}-{}", m.id)) {
        Ok(t) => t,
        Err(e) => {
            undo_created();
            return Err(io_err(&packs, "cannot create a temporary folder", e));
        }
    };
    let fail = |e: std::io::Error, what: &str| {
        let _ = std::fs::remove_dir_all(&tmp);
        undo_created();
        io_err(&tmp, what, e)
    };
    let written = write_tree(&tmp, &pack, options.fail_after_files)
        .map_err(|e| fail(e, "cannot write the pack's files"))?;

    if outcome == ImportOutcome::Replaced {
        let old = free_name(&packs, &format!("{REPLACED_PREFIX}-{}", m.id));
        std::fs::rename(&target, &old).map_err(|e| fail(e, "cannot move the old pack aside"))?;
        if let Err(e) = std::fs::rename(&tmp, &target) {
            let back = std::fs::rename(&old, &target);
            let mut err = fail(e, "cannot move the new pack into place");
            if let (Err(b), PackError::Io { message, .. }) = (back, &mut err) {
                message.push_str(&format!(
                    "; the old pack could not be moved back from {}: {b}",
                    old.display()
                ));
            }
            return Err(err);
        }
        // The new pack is in place; the old one's files are no longer part of the library.
        let _ = std::fs::remove_dir_all(&old);
    } else {
        if std::fs::symlink_metadata(&target).is_ok() {
            return Err(fail(
                std::io::Error::from(std::io::ErrorKind::AlreadyExists),
                "the pack's folder appeared while importing",
            ));
        }
        std::fs::rename(&tmp, &target).map_err(|e| fail(e, "cannot move the pack into place"))?;
    }
    sync_dir(&packs);
    Ok(ImportReport {
        outcome,
        folder: target,
        manifest: pack.manifest.clone(),
        files_written: written,
    })
}

//! Replacing a file whole: [`write_atomic`] is the one way Kepi writes a document, a game file,
//! a pack or a picture that must never be seen half written.
//!
//! Invariants:
//! - At every moment `path` is either the old file (or absent, if there was none) or the whole
//!   new one: the bytes go to a temporary file in the same folder (so the rename never crosses
//!   file systems), which is synced and then renamed over `path`.
//! - When `write_atomic` returns `Ok`, the new content and its name are on the disk: the file
//!   is synced before the rename and the folder after it (on Unix; Windows has no folder sync,
//!   and its rename is durable once it returns).
//! - The temporary's name is `.<name>.<pid>-<n>.kepi-tmp`: the process id and a per-process
//!   counter keep two processes (or two threads) writing the same file from ever sharing one,
//!   and it is created with `create_new`, so an existing file is never written into. It is
//!   removed again on any failure; only a process killed mid-write leaves one behind.
//! - A symbolic link at `path` is followed: the file it points to is replaced, the link kept.
//!   The file's permissions are kept when it existed (Unix mode bits, read-only elsewhere).

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The suffix of every temporary file [`write_atomic`] makes (and `.gitignore` ignores).
pub const TEMP_SUFFIX: &str = ".kepi-tmp";

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Write `bytes` to `path` atomically and durably (see the module docs).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = resolve_link(path)?;
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: not a file name", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut file) = create_temp(&dir, name)?;
    let written = (|| {
        file.write_all(bytes)?;
        if let Ok(old) = std::fs::metadata(&path) {
            file.set_permissions(old.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, &path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(&dir)
}

/// A new temporary file in `dir` for a file named `name`, never one that exists.
fn create_temp(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{pid}-{n}{TEMP_SUFFIX}"));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            // Left by a killed process that had this pid: take the next number.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// `path`, or the file a symbolic link there points to (relative links from the link's folder).
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    // A bounded walk: a loop of links is refused like the operating system refuses it.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Sync a folder, so that a rename in it survives a power cut. File systems that cannot sync
/// a folder say so with "invalid input" or "unsupported"; that is not a failure of the write.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(TEMP_SUFFIX))
            .collect()
    }

    #[test]
    fn writes_a_new_file_and_replaces_an_old_one_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.json");
        write_atomic(&path, b"first").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write_atomic(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        write_atomic(&path, b"").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a folder: the rename over it fails after the temporary was written.
        let path = dir.path().join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), b"kept").unwrap();
        assert!(write_atomic(&path, b"new").is_err());
        assert_eq!(std::fs::read(path.join("inside")).unwrap(), b"kept");
        assert!(leftovers(dir.path()).is_empty());
        // A missing folder: nothing is created.
        let missing = dir.path().join("no-such-folder").join("x.json");
        assert!(write_atomic(&missing, b"x").is_err());
        assert!(!dir.path().join("no-such-folder").exists());
    }

    #[test]
    fn temporaries_never_collide_between_threads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let threads: Vec<_> = (0..8u8)
            .map(|k| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for _ in 0..20 {
                        write_atomic(&path, &[k; 4096]).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        // Whichever write came last, it is whole: 4096 bytes of one writer.
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 4096);
        assert!(bytes.iter().all(|b| *b == bytes[0]));
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn an_existing_temporary_name_is_skipped_not_written_into() {
        let dir = tempfile::tempdir().unwrap();
        let next = COUNTER.load(Ordering::Relaxed);
        let pid = std::process::id();
        // Temporaries a killed process with our pid might have left, for the next few numbers.
        for n in next..next + 64 {
            let p = dir
                .path()
                .join(format!(".scenario.json.{pid}-{n}{TEMP_SUFFIX}"));
            std::fs::write(p, b"left behind").unwrap();
        }
        let path = dir.path().join("scenario.json");
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        for n in next..next + 64 {
            let p = dir
                .path()
                .join(format!(".scenario.json.{pid}-{n}{TEMP_SUFFIX}"));
            if p.exists() {
                assert_eq!(std::fs::read(p).unwrap(), b"left behind");
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        std::fs::write(&real, b"old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
}

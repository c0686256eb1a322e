//! Rolling backups of an archive (`kepi archive backup`, `backups`, `restore`).
//!
//! A backup is a whole copy made with SQLite's online backup API while the archive stays open
//! (other processes may go on writing: the copy is of one consistent moment), checked with
//! SQLite's `quick_check`, in rollback-journal mode (one file, no WAL beside it), named
//! `<archive stem>-YYYY-MM-DD.kepi` (UTC) in the backup folder, by default `backups/` beside the
//! archive (the app's data folder). One a day: [`Archive::rolling_backup`] makes today's unless
//! it is there already (or is told to replace it), then keeps the newest `keep`.
//!
//! Invariants:
//! - a backup appears under its name only whole and checked (written as `NAME.partial`, synced,
//!   then renamed);
//! - pruning removes only files named exactly as this module names backups of this archive;
//! - [`restore_backup`] never destroys the current archive: the backup is copied beside the
//!   target and checked first, then the current file (with its WAL) is renamed aside
//!   (`<stem>.replaced-YYYYMMDDTHHMMSSZ.kepi`) and the copy takes its name.

use super::recovery::{remove_database, with_suffix};
use super::{APPLICATION_ID, Archive, ArchiveError, Result, time};
use rusqlite::Connection;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// How many daily backups are kept unless told otherwise.
pub const BACKUPS_KEPT: usize = 7;

/// One backup of an archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BackupFile {
    pub path: PathBuf,
    /// The UTC day it was made, `YYYY-MM-DD`.
    pub date: String,
    pub bytes: u64,
}

/// What a restore did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Restored {
    pub target: PathBuf,
    /// Where the archive that was there before is kept (`None` when there was none).
    pub kept_aside: Option<PathBuf>,
}

/// The backup folder of an archive: `backups/` beside it.
pub fn default_backup_dir(archive: &Path) -> PathBuf {
    archive
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("backups")
}

/// The stem backups of `archive` are named after (`archive` for `archive.kepi`).
fn stem(archive: &Path) -> String {
    archive
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "archive".to_string())
}

/// The date of a backup of `stem` named `<stem>-YYYY-MM-DD.kepi`, or `None` for any other name.
fn backup_date(stem: &str, file_name: &str) -> Option<String> {
    let date = file_name
        .strip_prefix(stem)?
        .strip_prefix('-')?
        .strip_suffix(".kepi")?;
    let b = date.as_bytes();
    let shape = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    shape.then(|| date.to_string())
}

/// The backups of `archive` in `dir`, oldest first.
pub fn list_backups(dir: &Path, archive: &Path) -> Result<Vec<BackupFile>> {
    let stem = stem(archive);
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e.into()),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(date) = backup_date(&stem, &name) {
            let meta = entry.metadata()?;
            if meta.is_file() {
                out.push(BackupFile {
                    path: entry.path(),
                    date,
                    bytes: meta.len(),
                });
            }
        }
    }
    out.sort_by(|a, b| a.date.cmp(&b.date));
    Ok(out)
}

/// Sync a folder, so a rename in it is on the disk (a no-op where folders cannot be opened).
fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Check that `path` is a sound Kepi archive this build can open: Kepi's application id, a
/// schema it knows, SQLite's `check` ("quick_check" or "integrity_check") answering "ok".
fn check_copy(conn: &Connection, name: &str, check: &str) -> Result<()> {
    let (app, version) = super::read_identity(conn)
        .map_err(|e| ArchiveError::Invalid(format!("{name}: cannot be read ({e})")))?;
    super::refuse_foreign_or_newer(name, app == APPLICATION_ID, version)?;
    let answer: String = conn
        .query_row(&format!("PRAGMA {check}"), [], |r| r.get(0))
        .unwrap_or_else(|e| e.to_string());
    if answer != "ok" {
        return Err(ArchiveError::Damaged {
            path: name.to_string(),
            detail: format!("SQLite's {check}: {answer}"),
        });
    }
    Ok(())
}

impl Archive {
    /// A whole copy of this archive at `dest` (replaced if it exists), made with SQLite's online
    /// backup API: one consistent moment, while other handles go on writing. The copy is in
    /// rollback-journal mode (one file) and checked before it takes its name.
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let partial = with_suffix(dest, ".partial");
        remove_database(&partial);
        let made = (|| -> Result<()> {
            let mut dst = Connection::open(&partial)?;
            {
                let b = rusqlite::backup::Backup::new(&self.conn, &mut dst)?;
                // Every page in one step: one read transaction, one consistent copy.
                match b.step(-1)? {
                    rusqlite::backup::StepResult::Done => {}
                    other => {
                        return Err(ArchiveError::Invalid(format!(
                            "{}: the backup did not finish ({other:?})",
                            dest.display()
                        )));
                    }
                }
            }
            dst.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))?;
            check_copy(&dst, &dest.display().to_string(), "quick_check")?;
            drop(dst);
            std::fs::File::open(&partial)?.sync_all()?;
            Ok(())
        })();
        if let Err(e) = made {
            remove_database(&partial);
            return Err(e);
        }
        std::fs::rename(&partial, dest)?;
        if let Some(dir) = dest.parent() {
            sync_dir(dir);
        }
        Ok(())
    }

    /// Today's backup (UTC) in `dir`, unless it is there already and `replace` is false; then
    /// only the newest `keep` backups of this archive are kept (at least one). The backup made,
    /// or `None` when today's was there.
    pub fn rolling_backup(
        &self,
        dir: &Path,
        keep: usize,
        replace: bool,
    ) -> Result<Option<PathBuf>> {
        let today = &time::now()[..10];
        let dest = dir.join(format!("{}-{today}.kepi", stem(&self.path)));
        let made = if dest.exists() && !replace {
            None
        } else {
            self.backup_to(&dest)?;
            Some(dest)
        };
        let all = list_backups(dir, &self.path)?;
        let keep = keep.max(1);
        if all.len() > keep {
            for old in &all[..all.len() - keep] {
                std::fs::remove_file(&old.path)?;
            }
        }
        Ok(made)
    }

    /// SQLite's `quick_check` of this archive (every page read, its b-trees' structure
    /// checked; no replay), with Kepi's identity: `Ok` or [`ArchiveError::Damaged`] naming the
    /// file with SQLite's words. Opening reads only the first pages, so a damaged page further in
    /// is found here (or by whatever reads it first). Only reads.
    pub fn quick_check(&self) -> Result<()> {
        check_copy(&self.conn, &self.path.display().to_string(), "quick_check")
    }

    /// How many games the archive at `path` holds, read without writing to it (a backup is
    /// listed this way: opening it as an archive would put it in WAL mode).
    pub fn count_games_read_only(path: &Path) -> Result<usize> {
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        let (app, version) = super::read_identity(&conn)?;
        super::refuse_foreign_or_newer(
            &path.display().to_string(),
            app == APPLICATION_ID,
            version,
        )?;
        let n: i64 = conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
        Ok(n as usize)
    }

    /// Put the archive `fresh` (a whole file, closed, no WAL beside it) in the place of
    /// `target`, in the same folder: the file at `target`, if any, is renamed aside with its WAL
    /// (never deleted, never opened) as `<stem>.<label>-YYYYMMDDTHHMMSSZ.kepi`, then `fresh`
    /// takes its name. Where the old file went (`None` when there was none). A failure before
    /// `fresh` is renamed leaves `target` as it was. Whoever holds `target` open goes on using
    /// the file set aside: close it first.
    pub fn put_in_place(fresh: &Path, target: &Path, label: &str) -> Result<Option<PathBuf>> {
        if with_suffix(fresh, "-wal").exists() {
            return Err(ArchiveError::Invalid(format!(
                "{}: still has a WAL beside it (is it open?); it was not put in place",
                fresh.display()
            )));
        }
        let dir = target
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let wal = with_suffix(target, "-wal");
        let kept_aside = if target.exists() {
            let stamp: String = time::now()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect();
            let mut aside = dir.join(format!("{}.{label}-{stamp}.kepi", stem(target)));
            let mut n = 2;
            while aside.exists() {
                aside = dir.join(format!("{}.{label}-{stamp}-{n}.kepi", stem(target)));
                n += 1;
            }
            // The WAL first: renamed alone, the file would lose its last commits.
            // A WAL left beside the new file would be read into it.
            let wal_aside = with_suffix(&aside, "-wal");
            let moved_wal = wal.exists();
            if moved_wal {
                std::fs::rename(&wal, &wal_aside)?;
            }
            if let Err(e) = std::fs::rename(target, &aside) {
                if moved_wal {
                    let _ = std::fs::rename(&wal_aside, &wal);
                }
                return Err(e.into());
            }
            let _ = std::fs::remove_file(with_suffix(target, "-shm"));
            Some((aside, moved_wal.then_some(wal_aside)))
        } else {
            None
        };
        if let Err(e) = std::fs::rename(fresh, target) {
            // Put the old file (and its WAL) back under its name.
            if let Some((aside, wal_aside)) = &kept_aside {
                let _ = std::fs::rename(aside, target);
                if let Some(w) = wal_aside {
                    let _ = std::fs::rename(w, &wal);
                }
            }
            return Err(e.into());
        }
        let kept_aside = kept_aside.map(|(aside, _)| aside);
        sync_dir(&dir);
        Ok(kept_aside)
    }
}

/// Put `backup` in the place of the archive at `target`. The backup is copied beside the
/// target and checked (SQLite's integrity check, Kepi's application id, a known schema) before
/// anything else; then the current archive, if any, is renamed aside with its WAL, and the copy
/// takes its name. Nothing is deleted. Close the app (and any `kepi` using `target`) first: a
/// process holding the old file open goes on writing the file set aside.
pub fn restore_backup(backup: &Path, target: &Path) -> Result<Restored> {
    let backup_name = backup.display().to_string();
    if !backup.is_file() {
        return Err(ArchiveError::NotFound(format!(
            "{backup_name}: no such file"
        )));
    }
    if target.exists() && std::fs::canonicalize(backup)? == std::fs::canonicalize(target)? {
        return Err(ArchiveError::Invalid(format!(
            "{backup_name} is the archive itself; name a backup to restore"
        )));
    }
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    std::fs::create_dir_all(&dir)?;
    let incoming = with_suffix(target, ".restoring");
    remove_database(&incoming);
    let copied = (|| -> Result<()> {
        std::fs::copy(backup, &incoming)?;
        let wal = with_suffix(backup, "-wal");
        if wal.is_file() {
            std::fs::copy(&wal, with_suffix(&incoming, "-wal"))?;
        }
        let conn = Connection::open(&incoming)?;
        check_copy(&conn, &backup_name, "integrity_check")?;
        // Fold any WAL into the one file before it is renamed.
        conn.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))?;
        drop(conn);
        std::fs::File::open(&incoming)?.sync_all()?;
        Ok(())
    })();
    if let Err(e) = copied {
        remove_database(&incoming);
        return Err(e);
    }
    let kept_aside = match Archive::put_in_place(&incoming, target, "replaced") {
        Ok(k) => k,
        Err(e) => {
            remove_database(&incoming);
            return Err(e);
        }
    };
    Ok(Restored {
        target: target.to_path_buf(),
        kept_aside,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_of_this_archives_backups_have_a_date() {
        assert_eq!(
            backup_date("archive", "archive-2026-11-29.kepi").as_deref(),
            Some("2026-11-29")
        );
        for other in [
            "archive-2026-11-29.kepi-wal",
            "archive-2026-11-29.kepi.partial",
            "archive-notes.kepi",
            "archive-2026-1-29.kepi",
            "archive.replaced-20261129T010203Z.kepi",
            "other-2026-11-29.kepi",
            "archive2026-11-29.kepi",
        ] {
            assert_eq!(backup_date("archive", other), None, "{other}");
        }
    }

    #[test]
    fn backups_go_beside_the_archive() {
        assert_eq!(
            default_backup_dir(Path::new("/data/kepi/archive.kepi")),
            Path::new("/data/kepi/backups")
        );
        assert_eq!(
            default_backup_dir(Path::new("archive.kepi")),
            Path::new("./backups")
        );
    }
}

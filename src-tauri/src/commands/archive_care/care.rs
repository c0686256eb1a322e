//! Looking after the app's archive (issue 37): the daily backup when the app starts, the backups
//! listed and one restored, and a damaged archive's recovery offer (what can be saved, surveyed;
//! then recovered into a new archive that takes the archive's place). The work and the state,
//! without a window: the commands that call it are in [`super`], and the tests below run it on
//! files.
//!
//! Invariants:
//! - a backup is restored only when it is one that [`list_backups`] gives for the app's archive
//!   at that moment: the UI names it by the path a listing gave, and any other path is refused;
//! - a damaged archive is never written: it is surveyed and recovered from a copy
//!   ([`kepi::archive::recover`]), then renamed aside (`<stem>.damaged-STAMP.kepi`, with its
//!   WAL); neither a backup nor a restore opens it;
//! - a file takes the archive's place only through [`Archive::put_in_place`] (the file there
//!   is renamed aside, never deleted), and the caller first makes the play and replay views let
//!   go of their handles, holding their locks while it swaps, so nothing keeps writing the old
//!   file;
//! - one piece of care runs at a time (the start's check and backup, a survey, a recovery, a
//!   restore, a backup now): [`ArchiveCare::begin`] refuses a second, naming the first.

use crate::transport::{AppError, AppResult, ErrorCode};
use kepi::archive::{
    Archive, ArchiveError, BACKUPS_KEPT, BackupFile, RecoveryReport, default_backup_dir,
    list_backups,
};
use serde::Serialize;
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// The event sent whenever what is known of the archive changes (payload: [`ArchiveStatus`]).
pub const ARCHIVE_STATUS: &str = "archive-status";
/// The event a survey or a recovery sends as it goes (payload: [`CareProgress`]).
pub const CARE_PROGRESS: &str = "archive-care-progress";

/// Longest path the UI may send (a backup's, as listed).
const PATH_MAX: usize = 4096;

/// What is known of the app's archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ArchiveHealth {
    /// Not looked at yet.
    Unchecked,
    /// The start's check (and the daily backup) is running.
    Checking,
    /// There is no archive yet (the first start): nothing to check or back up.
    Missing,
    /// It opens, and SQLite's quick check of every page passes.
    Sound,
    /// SQLite finds it damaged, or it is not a SQLite file at all: the app offers to recover it.
    /// `detail` is SQLite's words.
    Damaged { detail: String },
    /// It is refused as it is and left alone (another program's database, a newer schema, a
    /// file that cannot be read): `message` says which and what to do.
    Refused { message: String },
    /// Kepi has no place for an archive here (no data folder).
    NoPlace,
}

/// The archive, what is known of it, and what the daily backup did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ArchiveStatus {
    pub archive: Option<String>,
    /// Where its backups go (`backups/` beside it).
    pub backup_dir: Option<String>,
    pub health: ArchiveHealth,
    /// What the daily backup did at the start, in words, once it ran.
    pub backup_notice: Option<String>,
    /// The daily backup failed (`backup_notice` says why); the app goes on.
    pub backup_failed: bool,
}

/// One backup of the archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct BackupDto {
    /// Its path, as listed: what `archive_restore` takes back.
    pub path: String,
    /// Its file name.
    pub file: String,
    /// The day (UTC) it was made, `YYYY-MM-DD`.
    pub date: String,
    #[ts(type = "number")]
    pub bytes: u64,
    /// How many games it holds; `None` when it cannot be read (`problem` says why).
    pub games: Option<u32>,
    pub problem: Option<String>,
}

/// The archive's backups, the newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct BackupsDto {
    pub archive: String,
    pub dir: String,
    pub backups: Vec<BackupDto>,
    /// How many daily backups are kept (the oldest beyond are removed).
    pub kept: u32,
}

/// What a restore did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct RestoredDto {
    pub archive: String,
    /// The backup restored (its path, and its day).
    pub backup: String,
    pub date: String,
    /// Where the archive that was there is kept, renamed (`None` when there was none).
    pub kept_aside: Option<String>,
    /// The games the archive now holds.
    pub games: Option<u32>,
}

/// A game of a damaged archive that can be (or was) recovered, replayed hash for hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SalvagedGameDto {
    /// Its id in the damaged archive.
    #[ts(type = "number")]
    pub id: i64,
    /// Its id in the recovered archive (after a recovery).
    #[ts(type = "number | null")]
    pub new_id: Option<i64>,
    pub title: String,
    pub nodes: u32,
    /// Why it may have lost its last commands though everything it holds replays.
    pub warning: Option<String>,
}

/// A game of a damaged archive that cannot be recovered, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LostGameDto {
    #[ts(type = "number")]
    pub id: i64,
    /// `None` when the game's own row cannot be read.
    pub title: Option<String>,
    pub reason: String,
}

/// A survey of a damaged archive (what a recovery would save and lose), or what a recovery did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SalvageDto {
    /// The damaged archive.
    pub damaged: String,
    /// SQLite's integrity check of it (its first problems).
    pub sqlite: String,
    pub recovered: Vec<SalvagedGameDto>,
    pub lost: Vec<LostGameDto>,
    /// Rows that could not be read, in words, by table.
    pub lost_rows: Vec<String>,
    /// After a recovery: the new archive (now the app's archive)...
    pub archive: Option<String>,
    /// ...and where the damaged file is kept, renamed, never written.
    pub kept_aside: Option<String>,
}

/// How far a survey or a recovery is: `done` of `total` games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct CareProgress {
    /// `survey` or `recover`.
    pub stage: String,
    pub done: u32,
    pub total: u32,
}

/// The care of the app's archive: where it is, what is known of it, what is running.
pub struct ArchiveCare {
    archive: Option<PathBuf>,
    health: ArchiveHealth,
    backup_notice: Option<String>,
    backup_failed: bool,
    /// The piece of care running, in words.
    busy: Option<&'static str>,
}

impl ArchiveCare {
    pub fn new(archive: Option<PathBuf>) -> ArchiveCare {
        ArchiveCare {
            archive,
            health: ArchiveHealth::Unchecked,
            backup_notice: None,
            backup_failed: false,
            busy: None,
        }
    }

    /// The app's archive, or an error saying there is no place for one.
    pub fn archive(&self) -> AppResult<PathBuf> {
        self.archive.clone().ok_or_else(|| {
            AppError::new(ErrorCode::Archive, "Kepi has no place for its archive here")
        })
    }

    pub fn health(&self) -> &ArchiveHealth {
        &self.health
    }

    pub fn status(&self) -> ArchiveStatus {
        ArchiveStatus {
            archive: self.archive.as_ref().map(|p| p.display().to_string()),
            backup_dir: self
                .archive
                .as_deref()
                .map(|p| default_backup_dir(p).display().to_string()),
            health: self.health.clone(),
            backup_notice: self.backup_notice.clone(),
            backup_failed: self.backup_failed,
        }
    }

    pub fn set_health(&mut self, health: ArchiveHealth) {
        self.health = health;
    }

    /// Record a check's findings (and, from the start's, what the backup did).
    pub fn checked(&mut self, c: Checked) {
        self.health = c.health;
        if c.backup_notice.is_some() {
            self.backup_notice = c.backup_notice;
            self.backup_failed = c.backup_failed;
        }
    }

    /// Take the one slot for care work `what`; refused while another runs.
    pub fn begin(&mut self, what: &'static str) -> AppResult<()> {
        if let Some(running) = self.busy {
            return Err(AppError::new(
                ErrorCode::Refused,
                format!("{running} is running; try again when it has finished"),
            ));
        }
        self.busy = Some(what);
        Ok(())
    }

    pub fn end(&mut self) {
        self.busy = None;
    }

    /// The archive, if it is damaged (what a survey and a recovery need); refused otherwise.
    pub fn damaged_archive(&self) -> AppResult<PathBuf> {
        let path = self.archive()?;
        match &self.health {
            ArchiveHealth::Damaged { .. } => Ok(path),
            other => Err(AppError::new(
                ErrorCode::Refused,
                format!(
                    "{}: the archive is not known to be damaged ({}); there is nothing to \
                     recover",
                    path.display(),
                    health_words(other)
                ),
            )),
        }
    }
}

/// A state of health in a few words, for messages.
fn health_words(h: &ArchiveHealth) -> &'static str {
    match h {
        ArchiveHealth::Unchecked => "not checked yet",
        ArchiveHealth::Checking => "being checked",
        ArchiveHealth::Missing => "there is none yet",
        ArchiveHealth::Sound => "it checks",
        ArchiveHealth::Damaged { .. } => "damaged",
        ArchiveHealth::Refused { .. } => "refused as it is",
        ArchiveHealth::NoPlace => "no place for one",
    }
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub health: ArchiveHealth,
    /// What the backup did (when one was asked for), in words.
    pub backup_notice: Option<String>,
    pub backup_failed: bool,
}

impl Checked {
    fn only(health: ArchiveHealth) -> Checked {
        Checked {
            health,
            backup_notice: None,
            backup_failed: false,
        }
    }
}

/// What an error of opening or reading the archive says of its health: damaged (SQLite's
/// words), or refused as it is.
pub fn health_of(e: ArchiveError) -> ArchiveHealth {
    match e {
        // The detail is said as SQLite's words already ("SQLite says …").
        ArchiveError::Damaged { detail, .. } => ArchiveHealth::Damaged {
            detail: detail
                .strip_prefix("SQLite's ")
                .map(str::to_string)
                .unwrap_or(detail),
        },
        // SQLite's own words for a file whose header is not SQLite's (SQLITE_NOTADB).
        ArchiveError::NotSqlite { .. } => ArchiveHealth::Damaged {
            detail: "file is not a database (its first bytes are not a SQLite header)".into(),
        },
        ArchiveError::Sql(s) if kepi::archive::is_corrupt(&s) => ArchiveHealth::Damaged {
            detail: s.to_string(),
        },
        other => ArchiveHealth::Refused {
            message: other.to_string(),
        },
    }
}

/// Look at the archive: it opens, and SQLite's quick check reads every page. With `backup`
/// (the start's check), a sound archive then gets today's rolling backup in
/// `default_backup_dir(archive)` unless today's is there, keeping [`BACKUPS_KEPT`]; a backup
/// that fails is a notice, not a finding about the archive. A damaged archive is not backed up
/// (its backup would not check, and would push a sound one out).
pub fn check(archive: Option<&Path>, backup: bool) -> Checked {
    let Some(path) = archive else {
        return Checked::only(ArchiveHealth::NoPlace);
    };
    if !path.exists() {
        return Checked::only(ArchiveHealth::Missing);
    }
    let ar = match Archive::open(path) {
        Ok(a) => a,
        Err(e) => return Checked::only(health_of(e)),
    };
    if let Err(e) = ar.quick_check() {
        return Checked::only(health_of(e));
    }
    if !backup {
        return Checked::only(ArchiveHealth::Sound);
    }
    let dir = default_backup_dir(path);
    let (notice, failed) = match ar.rolling_backup(&dir, BACKUPS_KEPT, false) {
        Ok(Some(made)) => (format!("Today's backup: {}", made.display()), false),
        Ok(None) => (
            format!("Today's backup was made already (in {})", dir.display()),
            false,
        ),
        Err(e) => (
            format!(
                "The daily backup of {} into {} failed: {e}. Kepi goes on; Library → Backups… \
                 → Back up now tries again",
                path.display(),
                dir.display()
            ),
            true,
        ),
    };
    Checked {
        health: ArchiveHealth::Sound,
        backup_notice: Some(notice),
        backup_failed: failed,
    }
}

fn archive_error(e: ArchiveError) -> AppError {
    AppError::new(ErrorCode::Archive, e.to_string())
}

/// A backup as the UI shows it, its games counted without writing to it.
fn backup_dto(b: &BackupFile) -> BackupDto {
    let (games, problem) = match Archive::count_games_read_only(&b.path) {
        Ok(n) => (Some(n as u32), None),
        Err(e) => (None, Some(e.to_string())),
    };
    BackupDto {
        path: b.path.display().to_string(),
        file: b
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        date: b.date.clone(),
        bytes: b.bytes,
        games,
        problem,
    }
}

/// The archive's backups in its backup folder, the newest first.
pub fn backups(archive: &Path) -> AppResult<BackupsDto> {
    let dir = default_backup_dir(archive);
    let mut list = list_backups(&dir, archive).map_err(archive_error)?;
    list.reverse();
    Ok(BackupsDto {
        archive: archive.display().to_string(),
        dir: dir.display().to_string(),
        backups: list.iter().map(backup_dto).collect(),
        kept: BACKUPS_KEPT as u32,
    })
}

/// The backup of `archive` that `path` names: one that [`list_backups`] gives now, compared
/// path for path (never a file the UI names otherwise).
pub fn listed_backup(archive: &Path, path: &str) -> AppResult<BackupFile> {
    let bad = |m: String| AppError::new(ErrorCode::InvalidArgument, m);
    if path.is_empty() || path.len() > PATH_MAX || path.contains('\0') {
        return Err(bad("backup: the path of a backup the list gave".into()));
    }
    let dir = default_backup_dir(archive);
    list_backups(&dir, archive)
        .map_err(archive_error)?
        .into_iter()
        .find(|b| b.path == Path::new(path))
        .ok_or_else(|| {
            AppError::new(
                ErrorCode::NotAllowed,
                format!(
                    "{path} is not a backup of {} (the backups are in {}); list them again",
                    archive.display(),
                    dir.display()
                ),
            )
        })
}

/// Today's backup made now (replacing today's, if there is one), the newest
/// [`BACKUPS_KEPT`] kept.
pub fn backup_now(archive: &Path) -> AppResult<BackupDto> {
    if !archive.exists() {
        return Err(AppError::new(
            ErrorCode::Archive,
            format!(
                "{}: there is no archive yet, so nothing to back up",
                archive.display()
            ),
        ));
    }
    let ar = Archive::open(archive).map_err(archive_error)?;
    let dir = default_backup_dir(archive);
    let made = ar
        .rolling_backup(&dir, BACKUPS_KEPT, true)
        .map_err(archive_error)?
        .ok_or_else(|| AppError::new(ErrorCode::Io, "the backup was not made"))?;
    drop(ar);
    let listed = list_backups(&dir, archive).map_err(archive_error)?;
    let b = listed
        .iter()
        .find(|b| b.path == made)
        .ok_or_else(|| AppError::new(ErrorCode::Io, format!("{}: not found", made.display())))?;
    Ok(backup_dto(b))
}

/// Put the backup in the archive's place ([`kepi::archive::restore_backup`]: checked first,
/// the current archive kept aside, renamed). The caller has made the views let go of the
/// archive and holds them.
pub fn restore(archive: &Path, backup: &BackupFile) -> AppResult<RestoredDto> {
    let done = kepi::archive::restore_backup(&backup.path, archive).map_err(archive_error)?;
    Ok(RestoredDto {
        archive: archive.display().to_string(),
        backup: backup.path.display().to_string(),
        date: backup.date.clone(),
        kept_aside: done.kept_aside.map(|p| p.display().to_string()),
        games: Archive::count_games_read_only(archive)
            .ok()
            .map(|n| n as u32),
    })
}

fn salvage_dto(r: &RecoveryReport, recovered: bool) -> SalvageDto {
    SalvageDto {
        damaged: r.damaged.clone(),
        sqlite: r.sqlite.clone(),
        recovered: r
            .recovered
            .iter()
            .map(|g| SalvagedGameDto {
                id: g.id,
                new_id: recovered.then_some(g.new_id),
                title: g.title.clone(),
                nodes: g.nodes as u32,
                warning: g.warning.clone(),
            })
            .collect(),
        lost: r
            .lost
            .iter()
            .map(|g| LostGameDto {
                id: g.id,
                title: g.title.clone(),
                reason: g.reason.clone(),
            })
            .collect(),
        lost_rows: r.lost_rows.iter().map(|l| l.to_string()).collect(),
        archive: None,
        kept_aside: None,
    }
}

/// What a recovery of the damaged `archive` would save and lose, game by game (read from a
/// copy; the file is not written).
pub fn survey(archive: &Path, progress: &mut dyn FnMut(usize, usize)) -> AppResult<SalvageDto> {
    let r = kepi::archive::survey(archive, progress).map_err(archive_error)?;
    Ok(salvage_dto(&r, false))
}

/// A free name beside `archive` for the recovered archive: `<stem>.recovered.kepi`, or
/// `<stem>.recovered-N.kepi`.
fn recovered_name(archive: &Path) -> PathBuf {
    let stem = archive
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "archive".into());
    let dir = archive.parent().unwrap_or(Path::new("."));
    let mut out = dir.join(format!("{stem}.recovered.kepi"));
    let mut n = 2;
    while out.exists() || out.with_extension("kepi.partial").exists() {
        out = dir.join(format!("{stem}.recovered-{n}.kepi"));
        n += 1;
    }
    out
}

/// Recover every game of the damaged `archive` that can be read into a new archive beside it
/// (read from a copy: the damaged file is not written). Returns the report and the new file,
/// which [`put_recovered_in_place`] then puts in the archive's place.
pub fn recover_beside(
    archive: &Path,
    progress: &mut dyn FnMut(usize, usize),
) -> AppResult<(SalvageDto, PathBuf)> {
    let out = recovered_name(archive);
    let r = kepi::archive::recover(archive, &out, progress).map_err(archive_error)?;
    Ok((salvage_dto(&r, true), out))
}

/// The recovered archive `fresh` takes the place of the damaged `archive`, which is renamed
/// aside (`<stem>.damaged-STAMP.kepi`, with its WAL), never written. The caller has made the
/// views let go of the archive and holds them.
pub fn put_recovered_in_place(
    archive: &Path,
    fresh: &Path,
    mut report: SalvageDto,
) -> AppResult<SalvageDto> {
    let aside = Archive::put_in_place(fresh, archive, "damaged").map_err(|e| {
        AppError::new(
            ErrorCode::Archive,
            format!(
                "the games were recovered into {}, but it could not take the place of {}: {e}",
                fresh.display(),
                archive.display()
            ),
        )
    })?;
    report.archive = Some(archive.display().to_string());
    report.kept_aside = aside.map(|p| p.display().to_string());
    Ok(report)
}

/// Calls `report` with (done, total) at most about a hundred times over a run.
pub fn throttled(mut report: impl FnMut(usize, usize)) -> impl FnMut(usize, usize) {
    let mut shown: Option<usize> = None;
    move |done, total| {
        let pct = (done * 100).checked_div(total).unwrap_or(100);
        if shown != Some(pct) {
            shown = Some(pct);
            report(done, total);
        }
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use kepi::archive::GameTree;

    /// A new archive at `path` with `games` copies of a 61-node game (a variation and
    /// annotations included), closed (its WAL folded in).
    pub fn archive_with_games(path: &Path, games: usize) {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/game_tree/short-tree.json"),
        )
        .unwrap();
        let tree = GameTree::from_text(&text).unwrap();
        let mut ar = Archive::open(path).unwrap();
        for _ in 0..games {
            ar.import_game(&tree).unwrap();
        }
    }

    /// Overwrite the page holding the middle of `table`'s rows with zeros: the archive still
    /// opens (its first pages are sound), and SQLite's quick check finds it.
    /// Zero the middle leaf page of the `nodes` table (found with SQLite's `dbstat`).
    pub fn zero_a_page_of_nodes(path: &Path) {
        let (page, leaves): (i64, Vec<i64>) = {
            let c = rusqlite::Connection::open(path).unwrap();
            let page: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
            let mut st = c
                .prepare(
                    "SELECT pageno FROM dbstat WHERE name = 'nodes' AND pagetype = 'leaf'
                     ORDER BY pageno",
                )
                .unwrap();
            let leaves = st
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            (page, leaves)
        };
        assert!(leaves.len() >= 2, "{} leaf pages of nodes", leaves.len());
        use std::io::{Seek, SeekFrom, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        // Page numbers count from 1.
        f.seek(SeekFrom::Start(
            ((leaves[leaves.len() / 2] - 1) * page) as u64,
        ))
        .unwrap();
        f.write_all(&[0u8; 4096]).unwrap();
    }

    #[test]
    fn the_start_check_backs_up_a_sound_archive_once_a_day_and_never_a_damaged_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("archive.kepi");
        // No place, and no archive yet: nothing to do, nothing made.
        assert_eq!(check(None, true).health, ArchiveHealth::NoPlace);
        let first = check(Some(&path), true);
        assert_eq!(first, Checked::only(ArchiveHealth::Missing));
        assert!(!path.exists(), "the check creates no archive");
        assert!(!default_backup_dir(&path).exists());

        archive_with_games(&path, 2);
        let c = check(Some(&path), true);
        assert_eq!(c.health, ArchiveHealth::Sound);
        assert!(!c.backup_failed, "{c:?}");
        assert!(c.backup_notice.unwrap().contains("Today's backup: "));
        let listed = backups(&path).unwrap();
        assert_eq!(listed.backups.len(), 1);
        assert_eq!(listed.backups[0].games, Some(2));
        let made = std::fs::read(&listed.backups[0].path).unwrap();
        // Again the same day: today's is there, left as it was.
        let c = check(Some(&path), true);
        assert!(c.backup_notice.unwrap().contains("made already"));
        assert_eq!(std::fs::read(&listed.backups[0].path).unwrap(), made);
        assert_eq!(backups(&path).unwrap().backups.len(), 1);

        // Damaged: found by the quick check (the file still opens), and not backed up.
        std::fs::remove_file(&listed.backups[0].path).unwrap();
        zero_a_page_of_nodes(&path);
        let c = check(Some(&path), true);
        assert!(
            matches!(&c.health, ArchiveHealth::Damaged { detail } if !detail.is_empty()),
            "{c:?}"
        );
        assert_eq!(c.backup_notice, None);
        assert!(backups(&path).unwrap().backups.is_empty());

        // Not SQLite at all: damaged too (the offer is the same: a backup, or quit).
        std::fs::write(&path, b"this is not a database, not at all, no").unwrap();
        assert!(matches!(
            check(Some(&path), false).health,
            ArchiveHealth::Damaged { .. }
        ));
    }

    #[test]
    fn a_failed_backup_is_a_notice_and_the_archive_is_still_sound() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("archive.kepi");
        archive_with_games(&path, 1);
        // A file where the backup folder should be.
        std::fs::write(default_backup_dir(&path), b"not a folder").unwrap();
        let c = check(Some(&path), true);
        assert_eq!(c.health, ArchiveHealth::Sound);
        assert!(c.backup_failed);
        let notice = c.backup_notice.unwrap();
        assert!(
            notice.contains("failed") && notice.contains("archive.kepi"),
            "{notice}"
        );
    }

    #[test]
    fn only_a_listed_backup_of_this_archive_is_restored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("archive.kepi");
        archive_with_games(&path, 1);
        let made = backup_now(&path).unwrap();
        assert_eq!(made.games, Some(1));
        let listed = listed_backup(&path, &made.path).unwrap();
        assert_eq!(listed.path, Path::new(&made.path));
        // Anything else is refused, whatever it points at.
        let other = dir.path().join("other.kepi");
        archive_with_games(&other, 1);
        let backups_dir = default_backup_dir(&path);
        let dotdot = format!("{}/../archive.kepi", backups_dir.display());
        let named_like = backups_dir.join("archive-2020-01-01.kepi.partial");
        std::fs::copy(&made.path, &named_like).unwrap();
        for bad in [
            other.display().to_string(),
            path.display().to_string(),
            dotdot,
            named_like.display().to_string(),
            "archive-2020-01-01.kepi".to_string(),
            "/etc/passwd".to_string(),
        ] {
            let e = listed_backup(&path, &bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::NotAllowed, "{bad}: {e:?}");
        }
        for bad in [String::new(), "x".repeat(PATH_MAX + 1), "a\0b".to_string()] {
            assert_eq!(
                listed_backup(&path, &bad).unwrap_err().code,
                ErrorCode::InvalidArgument
            );
        }
    }

    #[test]
    fn a_damaged_archive_is_recovered_beside_it_and_put_in_its_place_the_damaged_file_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("archive.kepi");
        archive_with_games(&path, 6);
        zero_a_page_of_nodes(&path);
        let damaged = std::fs::read(&path).unwrap();
        let mut care = ArchiveCare::new(Some(path.clone()));
        assert_eq!(care.damaged_archive().unwrap_err().code, ErrorCode::Refused);
        care.checked(check(Some(&path), false));
        assert_eq!(care.damaged_archive().unwrap(), path);

        let mut seen = Vec::new();
        let s = survey(&path, &mut |d, t| seen.push((d, t))).unwrap();
        assert!(!s.lost.is_empty() || !s.lost_rows.is_empty(), "{s:?}");
        assert_eq!(s.recovered.len() + s.lost.len(), 6, "{s:?}");
        assert!(s.recovered.iter().all(|g| g.new_id.is_none()));
        assert_eq!(std::fs::read(&path).unwrap(), damaged, "only read");

        let (r, fresh) = recover_beside(&path, &mut |_, _| {}).unwrap();
        assert_eq!(fresh, dir.path().join("archive.recovered.kepi"));
        assert_eq!(
            r.recovered.iter().map(|g| g.id).collect::<Vec<_>>(),
            s.recovered.iter().map(|g| g.id).collect::<Vec<_>>(),
            "the survey said what the recovery saves"
        );
        assert!(r.recovered.iter().all(|g| g.new_id.is_some()));
        let r = put_recovered_in_place(&path, &fresh, r).unwrap();
        let aside = PathBuf::from(r.kept_aside.clone().unwrap());
        assert!(
            aside
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("archive.damaged-"),
            "{aside:?}"
        );
        assert_eq!(
            std::fs::read(&aside).unwrap(),
            damaged,
            "kept, never written"
        );
        assert!(!fresh.exists());
        // The archive is now the recovered one, sound.
        assert_eq!(check(Some(&path), false).health, ArchiveHealth::Sound);
        assert_eq!(
            Archive::count_games_read_only(&path).unwrap(),
            r.recovered.len()
        );
    }

    #[test]
    fn one_piece_of_care_at_a_time() {
        let mut care = ArchiveCare::new(None);
        assert_eq!(care.archive().unwrap_err().code, ErrorCode::Archive);
        care.begin("the daily backup").unwrap();
        let e = care.begin("a restore").unwrap_err();
        assert!(e.message.contains("the daily backup"), "{e:?}");
        care.end();
        care.begin("a restore").unwrap();
    }
}

//! The care of the app's archive: the daily backup when the app starts ([`start`]), the
//! Library's Backups dialog (list, back up now, restore one) and a damaged archive's recovery
//! offer (survey, recover). The work is in [`care`]; every command here checks its input (a
//! backup is named by a path a listing gave, checked against the backups there are now) and
//! runs its file work on the blocking pool, one piece of care at a time.
//!
//! A file is put in the archive's place (a restore, a recovery) only while the play and replay
//! views' locks are held, after each has let go of its handle to the archive: nothing can open
//! the old file again in between, and nothing goes on writing it. This is the one place that
//! holds two states' locks at once, always the play view's first, then the replay view's;
//! every other command holds one state's lock at a time, so the two cannot deadlock.

pub mod care;

use super::library::blocking;
use super::lock;
use crate::play::Play;
use crate::replay::Replay;
use crate::transport::{AppError, AppResult, ErrorCode};
use care::{
    ARCHIVE_STATUS, ArchiveCare, ArchiveHealth, ArchiveStatus, BackupDto, BackupsDto,
    CARE_PROGRESS, CareProgress, RestoredDto, SalvageDto,
};
use std::sync::{Arc, Mutex};
use tauri::{AppHandle, Emitter, Manager, Runtime, State};

pub type CareState<'a> = State<'a, Arc<Mutex<ArchiveCare>>>;

/// The care slot, taken for one piece of work and given back when dropped (also when the work
/// fails or panics).
struct Busy(Arc<Mutex<ArchiveCare>>);

impl Busy {
    fn take(care: &Arc<Mutex<ArchiveCare>>, what: &'static str) -> AppResult<Busy> {
        lock(care)?.begin(what)?;
        Ok(Busy(Arc::clone(care)))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Ok(mut c) = self.0.lock() {
            c.end();
        }
    }
}

fn emit_status<R: Runtime>(app: &AppHandle<R>, care: &Mutex<ArchiveCare>) {
    if let Ok(c) = care.lock() {
        let _ = app.emit(ARCHIVE_STATUS, c.status());
    }
}

/// The app starts on its archive: on a thread of its own (the window does not wait), check it
/// and make today's backup if it is not there ([`care::check`]), then tell the window
/// (`archive-status`). A failure is a notice on standard error and in the status, never fatal.
pub fn start<R: Runtime>(app: AppHandle<R>, care: Arc<Mutex<ArchiveCare>>) {
    let work = move || {
        let Ok(busy) = Busy::take(&care, "the start's check and daily backup") else {
            return;
        };
        let archive = match care.lock() {
            Ok(mut c) => {
                c.set_health(ArchiveHealth::Checking);
                c.archive().ok()
            }
            Err(_) => return,
        };
        emit_status(&app, &care);
        let found = care::check(archive.as_deref(), true);
        if let Some(n) = found
            .backup_notice
            .as_deref()
            .filter(|_| found.backup_failed)
        {
            eprintln!("kepi-app: {n}");
        }
        if let ArchiveHealth::Damaged { detail } = &found.health {
            eprintln!(
                "kepi-app: the archive {} is damaged ({detail}); the window offers to recover it",
                archive
                    .as_deref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            );
        }
        if let Ok(mut c) = care.lock() {
            c.checked(found);
        }
        drop(busy);
        emit_status(&app, &care);
    };
    if let Err(e) = std::thread::Builder::new()
        .name("kepi-archive-care".into())
        .spawn(work)
    {
        eprintln!("kepi-app: the archive's daily backup could not start: {e}");
    }
}

/// What is known of the archive now (the start's check may still be running: its end is sent
/// as `archive-status`).
#[tauri::command]
pub fn archive_status(care: CareState<'_>) -> AppResult<ArchiveStatus> {
    Ok(lock(&care)?.status())
}

/// Look at the archive again (open it, SQLite's quick check of every page), as when a Library
/// listing met a problem with it. While other care runs, what is known now.
#[tauri::command]
pub async fn archive_check<R: Runtime>(
    app: AppHandle<R>,
    care: CareState<'_>,
) -> AppResult<ArchiveStatus> {
    let care = Arc::clone(&care);
    let Ok(busy) = Busy::take(&care, "a check of the archive") else {
        return Ok(lock(&care)?.status());
    };
    let archive = lock(&care)?.archive().ok();
    let found = blocking(move || Ok(care::check(archive.as_deref(), false))).await?;
    lock(&busy.0)?.checked(found);
    let status = lock(&busy.0)?.status();
    drop(busy);
    let _ = app.emit(ARCHIVE_STATUS, status.clone());
    Ok(status)
}

/// The archive's backups, the newest first, each with its games counted (read only).
#[tauri::command]
pub async fn archive_backups(care: CareState<'_>) -> AppResult<BackupsDto> {
    let archive = lock(&care)?.archive()?;
    blocking(move || care::backups(&archive)).await
}

/// Back the archive up now (today's backup made again), the newest 7 kept. Refused while the
/// archive is damaged: its backup would not check (recover it first).
#[tauri::command]
pub async fn archive_backup_now(care: CareState<'_>) -> AppResult<BackupDto> {
    let care = Arc::clone(&care);
    let archive = {
        let c = lock(&care)?;
        if let ArchiveHealth::Damaged { detail } = c.health() {
            return Err(AppError::new(
                ErrorCode::Refused,
                format!(
                    "the archive is damaged ({detail}): a backup of it would not check. Recover \
                     it, or restore a backup"
                ),
            ));
        }
        c.archive()?
    };
    let busy = Busy::take(&care, "a backup")?;
    let made = blocking(move || care::backup_now(&archive)).await;
    drop(busy);
    made
}

/// Make the play and replay views let go of the archive and run `swap` while they are held
/// (see the module's comment); both open the archive again, at the same path, on their next
/// command.
fn with_views_released<R: Runtime, T>(
    app: &AppHandle<R>,
    swap: impl FnOnce() -> AppResult<T>,
) -> AppResult<T> {
    let play = app.state::<Mutex<Play>>();
    let replay = app.state::<Mutex<Replay>>();
    let mut p = lock(&play)?;
    let mut r = lock(&replay)?;
    p.release_archive();
    r.release_archive();
    swap()
}

/// Restore the backup at `path` (one the last listing gave; anything else is refused): checked
/// first, then the current archive is renamed aside (kept, never deleted) and the backup takes
/// its place. A game open in the play or replay view is closed (it was the old file's).
#[tauri::command]
pub async fn archive_restore<R: Runtime>(
    app: AppHandle<R>,
    care: CareState<'_>,
    path: String,
) -> AppResult<RestoredDto> {
    let care = Arc::clone(&care);
    let archive = lock(&care)?.archive()?;
    let backup = care::listed_backup(&archive, &path)?;
    let busy = Busy::take(&care, "a restore")?;
    let handle = app.clone();
    let done =
        blocking(move || with_views_released(&handle, || care::restore(&archive, &backup))).await;
    if done.is_ok() {
        lock(&care)?.set_health(ArchiveHealth::Sound);
    }
    drop(busy);
    emit_status(&app, &care);
    done
}

/// Sends a survey's or a recovery's progress as `archive-care-progress`.
fn progress_events<R: Runtime>(app: AppHandle<R>, stage: &'static str) -> impl FnMut(usize, usize) {
    care::throttled(move |done, total| {
        let _ = app.emit(
            CARE_PROGRESS,
            CareProgress {
                stage: stage.into(),
                done: done as u32,
                total: total as u32,
            },
        );
    })
}

/// What recovering the damaged archive would save and lose, game by game (read from a copy;
/// the file is not written). Only while the archive is known to be damaged.
#[tauri::command]
pub async fn archive_survey<R: Runtime>(
    app: AppHandle<R>,
    care: CareState<'_>,
) -> AppResult<SalvageDto> {
    let care = Arc::clone(&care);
    let archive = lock(&care)?.damaged_archive()?;
    let busy = Busy::take(&care, "a survey of the damaged archive")?;
    let mut progress = progress_events(app, "survey");
    let done = blocking(move || care::survey(&archive, &mut progress)).await;
    drop(busy);
    done
}

/// Recover every game of the damaged archive that can be read into a new archive, which then
/// takes the archive's place; the damaged file is never written and is kept beside it, renamed
/// (`<stem>.damaged-STAMP.kepi`). Only while the archive is known to be damaged.
#[tauri::command]
pub async fn archive_recover<R: Runtime>(
    app: AppHandle<R>,
    care: CareState<'_>,
) -> AppResult<SalvageDto> {
    let care = Arc::clone(&care);
    let archive = lock(&care)?.damaged_archive()?;
    let busy = Busy::take(&care, "a recovery of the damaged archive")?;
    let mut progress = progress_events(app.clone(), "recover");
    let handle = app.clone();
    let done = blocking(move || {
        // The long part (every game read and replayed) reads a copy: the views may hold the
        // damaged file meanwhile. Only the swap holds them.
        let (report, fresh) = care::recover_beside(&archive, &mut progress)?;
        with_views_released(&handle, || {
            care::put_recovered_in_place(&archive, &fresh, report)
        })
    })
    .await;
    if done.is_ok() {
        lock(&care)?.set_health(ArchiveHealth::Sound);
    }
    drop(busy);
    emit_status(&app, &care);
    done
}

#[cfg(test)]
mod tests {
    use super::care::tests::{archive_with_games, zero_a_page_of_nodes};
    use crate::ipc_tests::Harness;
    use serde_json::json;

    /// The archive in a folder of its own (its backups go beside it).
    fn harness() -> Harness {
        Harness::with_archive("data/archive.kepi")
    }

    #[test]
    fn restore_takes_only_a_listed_backup_and_the_views_let_go_of_the_old_file() {
        let h = harness();
        let archive = h.archive();
        std::fs::create_dir_all(archive.parent().unwrap()).unwrap();
        // No archive yet: nothing to back up, no backups, nothing to restore.
        assert_eq!(
            h.json("archive_status", json!({}))["health"]["state"],
            "unchecked"
        );
        assert_eq!(h.error_code("archive_backup_now", json!({})), "archive");
        assert_eq!(h.json("archive_backups", json!({}))["backups"], json!([]));

        archive_with_games(&archive, 1);
        let made = h.json("archive_backup_now", json!({}));
        assert_eq!(made["games"], 1);
        let listed = h.json("archive_backups", json!({}));
        assert_eq!(listed["backups"][0]["path"], made["path"]);
        // Two more games after the backup, one of them opened for review: the replay view
        // holds the archive open.
        archive_with_games(&archive, 2);
        assert_eq!(h.json("replay_open", json!({"game": 3}))["game"], 3);

        // Paths the listing did not give are refused, whatever they name.
        for bad in [
            archive.display().to_string(),
            format!("{}/../archive.kepi", listed["dir"].as_str().unwrap()),
            "/etc/passwd".into(),
        ] {
            assert_eq!(
                h.error_code("archive_restore", json!({"path": bad})),
                "not_allowed"
            );
        }
        assert_eq!(
            h.error_code("archive_restore", json!({"path": ""})),
            "invalid_argument"
        );

        let r = h.json("archive_restore", json!({"path": made["path"]}));
        assert_eq!(r["games"], 1);
        let aside = std::path::PathBuf::from(r["kept_aside"].as_str().unwrap());
        assert_eq!(
            kepi::archive::Archive::count_games_read_only(&aside).unwrap(),
            3
        );
        // The replay view let go of the old file: its game 3 is not in the restored archive,
        // and what it opens now is the restored file's.
        assert_eq!(h.error_code("replay_open", json!({"game": 3})), "archive");
        assert_eq!(h.json("replay_open", json!({"game": 1}))["game"], 1);
        assert_eq!(
            h.json("archive_status", json!({}))["health"]["state"],
            "sound"
        );
    }

    #[test]
    fn survey_and_recover_are_refused_unless_the_archive_is_damaged_then_recover_it() {
        let h = harness();
        let archive = h.archive();
        std::fs::create_dir_all(archive.parent().unwrap()).unwrap();
        archive_with_games(&archive, 6);
        assert_eq!(h.error_code("archive_survey", json!({})), "refused");
        assert_eq!(h.error_code("archive_recover", json!({})), "refused");
        assert_eq!(
            h.json("archive_check", json!({}))["health"]["state"],
            "sound"
        );

        zero_a_page_of_nodes(&archive);
        let damaged = std::fs::read(&archive).unwrap();
        let status = h.json("archive_check", json!({}));
        assert_eq!(status["health"]["state"], "damaged", "{status}");
        assert_eq!(h.error_code("archive_backup_now", json!({})), "refused");
        let s = h.json("archive_survey", json!({}));
        let saved = s["recovered"].as_array().unwrap().len();
        assert_eq!(saved + s["lost"].as_array().unwrap().len(), 6, "{s}");
        let r = h.json("archive_recover", json!({}));
        assert_eq!(r["recovered"].as_array().unwrap().len(), saved);
        assert_eq!(r["archive"], archive.display().to_string());
        let aside = r["kept_aside"].as_str().unwrap();
        assert_eq!(std::fs::read(aside).unwrap(), damaged);
        assert_eq!(
            h.json("archive_status", json!({}))["health"]["state"],
            "sound"
        );
        assert_eq!(
            kepi::archive::Archive::count_games_read_only(&archive).unwrap(),
            saved
        );
        // Sound again: nothing more to recover.
        assert_eq!(h.error_code("archive_recover", json!({})), "refused");
    }
}

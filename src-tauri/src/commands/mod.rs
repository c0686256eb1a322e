//! The shell's commands, grouped by view: the painter ([`paint`]), the Library home page
//! ([`library`]), long jobs ([`jobs`]) and the care of the archive ([`archive_care`]: backups,
//! restore, recovery). Each state is managed on its own and locked on its
//! own, never two at once: a command copies what it needs from one state before it locks
//! another.

pub mod archive_care;
pub mod jobs;
pub mod library;
pub mod paint;
pub mod play;
pub mod print;
pub mod replay;
pub mod scenario;
pub mod vassal;

use crate::transport::{AppError, AppResult, ErrorCode};
use std::sync::{Mutex, MutexGuard};

/// Lock one state; a poisoned lock (a panic while it was held) is an error, not a crash.
pub fn lock<T>(m: &Mutex<T>) -> AppResult<MutexGuard<'_, T>> {
    m.lock()
        .map_err(|_| AppError::new(ErrorCode::Io, "the app's state is poisoned; restart Kepi"))
}

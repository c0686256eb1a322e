//! Long jobs: cancelling, and the sink that sends their events to the window.

use crate::jobs::{Jobs, Sink};
use crate::transport::AppResult;
use crate::transport::jobs::{JOB_FINISHED, JOB_PROGRESS, JobFinished, JobProgress};
use std::sync::Arc;
use tauri::{AppHandle, Emitter, Runtime, State};

/// Sends a job's events to the app's windows (`job-progress`, `job-finished`).
pub struct WindowSink<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> Sink for WindowSink<R> {
    fn progress(&self, p: JobProgress) {
        let _ = self.0.emit(JOB_PROGRESS, p);
    }
    fn finished(&self, f: JobFinished) {
        let _ = self.0.emit(JOB_FINISHED, f);
    }
}

/// Ask job `job` to stop at its next safe point: `true` if it was running (its `job-finished`
/// event then says `cancelled`, or `done` if it finished first), `false` if it had ended.
#[tauri::command]
pub fn cancel_job(jobs: State<'_, Arc<Jobs>>, job: u64) -> AppResult<bool> {
    jobs.cancel(job)
}

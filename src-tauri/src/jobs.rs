//! Long work off the command thread: each job runs on a thread of its own, reports
//! `job-progress` events as it goes and ends with one `job-finished` event (its result, its
//! error, or that it was cancelled).
//!
//! Invariants: a job's id is never reused; every job emits exactly one `finished` event, also
//! when its work panics; cancelling only asks: a job stops at its next safe point (between
//! thumbnails, before a pack is written), so a cancelled job leaves nothing half-done.

use crate::transport::jobs::{JobFinished, JobKind, JobProgress, JobResult, JobStatus};
use crate::transport::{AppError, AppResult, ErrorCode};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Where a job's events go (the window in the app, a list in tests).
pub trait Sink: Send + Sync + 'static {
    fn progress(&self, p: JobProgress);
    fn finished(&self, f: JobFinished);
}

/// Why a job's work stopped early.
#[derive(Debug)]
pub enum Stop {
    Cancelled,
    Failed(AppError),
}

impl From<AppError> for Stop {
    fn from(e: AppError) -> Stop {
        Stop::Failed(e)
    }
}

/// The running job, as its work sees it.
pub struct Job {
    pub id: u64,
    pub kind: JobKind,
    cancel: Arc<AtomicBool>,
    sink: Arc<dyn Sink>,
}

impl Job {
    pub fn progress(
        &self,
        done: u32,
        total: u32,
        message: impl Into<String>,
        item: Option<String>,
    ) {
        self.sink.progress(JobProgress {
            job: self.id,
            kind: self.kind,
            done,
            total,
            message: message.into(),
            item,
        });
    }

    /// A safe point: stop here if cancelling was asked for.
    pub fn checkpoint(&self) -> Result<(), Stop> {
        if self.cancel.load(Ordering::SeqCst) {
            Err(Stop::Cancelled)
        } else {
            Ok(())
        }
    }
}

/// The shell's job runner (one per app).
#[derive(Default)]
pub struct Jobs {
    next: AtomicU64,
    running: Mutex<HashMap<u64, Arc<AtomicBool>>>,
}

impl Jobs {
    /// Start `work` on a new thread; returns the job's id at once.
    pub fn start<F>(self: &Arc<Self>, kind: JobKind, sink: Arc<dyn Sink>, work: F) -> AppResult<u64>
    where
        F: FnOnce(&Job) -> Result<JobResult, Stop> + Send + 'static,
    {
        let id = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.running
            .lock()
            .map_err(|_| AppError::new(ErrorCode::Io, "the job list is poisoned; restart Kepi"))?
            .insert(id, cancel.clone());
        let jobs = Arc::clone(self);
        let job = Job {
            id,
            kind,
            cancel,
            sink,
        };
        let spawned = std::thread::Builder::new()
            .name(format!("kepi-job-{id}"))
            .spawn(move || {
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&job)));
                if let Ok(mut r) = jobs.running.lock() {
                    r.remove(&id);
                }
                let (status, result, error) = match outcome {
                    Ok(Ok(r)) => (JobStatus::Done, Some(r), None),
                    Ok(Err(Stop::Cancelled)) => (JobStatus::Cancelled, None, None),
                    Ok(Err(Stop::Failed(e))) => (JobStatus::Failed, None, Some(e)),
                    Err(_) => (
                        JobStatus::Failed,
                        None,
                        Some(AppError::new(
                            ErrorCode::Io,
                            "the job stopped on an internal error (a bug in Kepi)",
                        )),
                    ),
                };
                job.sink.finished(JobFinished {
                    job: id,
                    kind: job.kind,
                    status,
                    result,
                    error,
                });
            });
        if let Err(e) = spawned {
            if let Ok(mut r) = self.running.lock() {
                r.remove(&id);
            }
            return Err(AppError::new(
                ErrorCode::Io,
                format!("cannot start the job: {e}"),
            ));
        }
        Ok(id)
    }

    /// Ask job `id` to stop at its next safe point. `Ok(false)` when it has already ended;
    /// an id never given out is an invalid argument.
    pub fn cancel(&self, id: u64) -> AppResult<bool> {
        if id == 0 || id > self.next.load(Ordering::SeqCst) {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("there is no job {id}"),
            ));
        }
        let running = self
            .running
            .lock()
            .map_err(|_| AppError::new(ErrorCode::Io, "the job list is poisoned; restart Kepi"))?;
        Ok(match running.get(&id) {
            Some(flag) => {
                flag.store(true, Ordering::SeqCst);
                true
            }
            None => false,
        })
    }

    /// The jobs still running.
    #[cfg(test)]
    pub fn running(&self) -> Vec<u64> {
        let mut ids: Vec<u64> = self
            .running
            .lock()
            .map(|r| r.keys().copied().collect())
            .unwrap_or_default();
        ids.sort();
        ids
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Events as a channel, for tests.
    pub struct Channel(pub Mutex<mpsc::Sender<Result<JobProgress, JobFinished>>>);

    impl Sink for Channel {
        fn progress(&self, p: JobProgress) {
            let _ = self.0.lock().unwrap().send(Ok(p));
        }
        fn finished(&self, f: JobFinished) {
            let _ = self.0.lock().unwrap().send(Err(f));
        }
    }

    pub fn channel() -> (
        Arc<dyn Sink>,
        mpsc::Receiver<Result<JobProgress, JobFinished>>,
    ) {
        let (tx, rx) = mpsc::channel();
        (Arc::new(Channel(Mutex::new(tx))), rx)
    }

    /// Every event until the job's `finished`.
    pub fn until_finished(
        rx: &mpsc::Receiver<Result<JobProgress, JobFinished>>,
    ) -> (Vec<JobProgress>, JobFinished) {
        let mut progress = Vec::new();
        loop {
            match rx
                .recv_timeout(std::time::Duration::from_secs(120))
                .expect("the job finishes")
            {
                Ok(p) => progress.push(p),
                Err(f) => return (progress, f),
            }
        }
    }

    fn done() -> JobResult {
        JobResult::Thumbnails {
            drawn: 1,
            cached: 0,
            failed: vec![],
        }
    }

    #[test]
    fn a_job_reports_progress_then_finishes_once_with_its_result() {
        let jobs = Arc::new(Jobs::default());
        let (sink, rx) = channel();
        let id = jobs
            .start(JobKind::Thumbnails, sink, |job| {
                job.progress(1, 2, "one", Some("k".into()));
                job.progress(2, 2, "two", None);
                Ok(done())
            })
            .unwrap();
        let (p, f) = until_finished(&rx);
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].job, p[0].done, p[0].total), (id, 1, 2));
        assert_eq!(f.status, JobStatus::Done);
        assert_eq!(f.result, Some(done()));
        assert!(!jobs.cancel(id).unwrap(), "it has ended");
        assert_eq!(
            jobs.cancel(id + 1).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn a_cancelled_job_stops_at_its_next_safe_point() {
        let jobs = Arc::new(Jobs::default());
        let (sink, rx) = channel();
        let (go_tx, go_rx) = mpsc::channel::<()>();
        let id = jobs
            .start(JobKind::PackExport, sink, move |job| {
                go_rx.recv().unwrap();
                job.checkpoint()?;
                Ok(done())
            })
            .unwrap();
        assert_eq!(jobs.running(), vec![id]);
        assert!(jobs.cancel(id).unwrap());
        go_tx.send(()).unwrap();
        let (_, f) = until_finished(&rx);
        assert_eq!(f.status, JobStatus::Cancelled);
        assert!(f.result.is_none() && f.error.is_none());
        assert!(jobs.running().is_empty());
    }

    #[test]
    fn a_failing_or_panicking_job_finishes_with_an_error() {
        let jobs = Arc::new(Jobs::default());
        let (sink, rx) = channel();
        jobs.start(JobKind::PackImport, sink.clone(), |_| {
            Err(AppError::new(ErrorCode::InvalidPack, "not a pack").into())
        })
        .unwrap();
        let (_, f) = until_finished(&rx);
        assert_eq!(f.status, JobStatus::Failed);
        assert_eq!(f.error.unwrap().code, ErrorCode::InvalidPack);
        jobs.start(JobKind::PackImport, sink, |_| panic!("boom"))
            .unwrap();
        let (_, f) = until_finished(&rx);
        assert_eq!(f.status, JobStatus::Failed);
    }
}

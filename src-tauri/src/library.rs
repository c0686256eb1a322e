//! The Library's state (the home page): where the library folder, the archive and the
//! thumbnail cache are, and the last listing, whose keys name entries in the library commands.
//! Also the work of the library's jobs (thumbnails, pack import and export), which runs on a
//! job's thread and is tested without a window.

use crate::jobs::{Job, Stop};
use crate::transport::jobs::{ImportOutcomeDto, JobResult, OnConflictDto, PackFields};
use crate::transport::library::{self as dto, GamesPage, GamesQuery, LibraryListing};
use crate::transport::{AppError, AppResult, ErrorCode};
use kepi::library_index::{self as index, Entry, Index, Kind, Origin, Source, Thumbnails};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Longest manifest field accepted from the UI (a description may be a few paragraphs).
const MAX_FIELD: usize = 10_000;

/// Longest filter of the games table accepted from the UI.
const MAX_FILTER: usize = 500;

/// A page of the games table over the whole archive, every input checked first: the sort is a
/// column of the table ([`index::GameSort`]), the page holds 1 to
/// [`kepi::archive::GAME_PAGE_MAX`] games, a filter is at most [`MAX_FILTER`] characters and a
/// date is `YYYY-MM-DD`. No archive yet: no games.
pub fn games_page(archive: Option<&Path>, q: &GamesQuery) -> AppResult<GamesPage> {
    let bad = |m: String| AppError::new(ErrorCode::InvalidArgument, m);
    let sort = index::GameSort::parse(&q.sort).map_err(|e| bad(e.to_string()))?;
    let max = kepi::archive::GAME_PAGE_MAX;
    if q.limit == 0 || q.limit as usize > max {
        return Err(bad(format!(
            "limit: a page holds 1 to {max} games, not {}",
            q.limit
        )));
    }
    let fields = [
        ("scenario", &q.scenario),
        ("ruleset", &q.ruleset),
        ("from", &q.from),
        ("to", &q.to),
        ("result", &q.result),
        ("tag", &q.tag),
    ];
    for (name, v) in fields {
        if v.as_ref().is_some_and(|s| s.chars().count() > MAX_FILTER) {
            return Err(bad(format!("{name}: at most {MAX_FILTER} characters")));
        }
    }
    for (name, v) in [("from", &q.from), ("to", &q.to)] {
        let given = v.as_deref().map(str::trim).filter(|s| !s.is_empty());
        if let Some(d) = given.filter(|d| !is_date(d)) {
            return Err(bad(format!("{name}: '{d}' is not a date (YYYY-MM-DD)")));
        }
    }
    let query = index::GameListQuery {
        sort,
        descending: q.descending,
        scenario: q.scenario.clone(),
        ruleset: q.ruleset.clone(),
        from: q.from.clone(),
        to: q.to.clone(),
        result: q.result.clone(),
        tag: q.tag.clone(),
        offset: q.offset as usize,
        limit: q.limit as usize,
    };
    let (games, total) = match archive {
        Some(a) => index::games_page(a, &query).map_err(|m| AppError::new(ErrorCode::Io, m))?,
        None => (Vec::new(), 0),
    };
    Ok(GamesPage {
        games: games.iter().map(dto::game).collect(),
        total: total as u32,
        offset: q.offset,
    })
}

/// `YYYY-MM-DD`, digits where they go.
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

pub struct Library {
    /// The user's library folder (`~/.local/share/kepi/library`), where packs are imported.
    pub folder: Option<PathBuf>,
    /// The archive whose games are listed (not created if missing).
    pub archive: Option<PathBuf>,
    pub thumbnails: Arc<Thumbnails>,
    index: Option<Index>,
}

impl Library {
    pub fn new(folder: Option<PathBuf>, archive: Option<PathBuf>, cache: Option<PathBuf>) -> Self {
        Library {
            folder,
            archive,
            thumbnails: Arc::new(Thumbnails::new(cache)),
            index: None,
        }
    }

    /// List everything again (`recent`: the painter's recent files).
    pub fn list(&mut self, recent: &[PathBuf]) -> LibraryListing {
        let index = index::scan(self.folder.as_deref(), recent, self.archive.as_deref());
        let listing = dto::listing(&index, self.folder.as_deref());
        self.index = Some(index);
        listing
    }

    /// The entry `key` names, from the last listing (listing again if it is not there); a file
    /// entry only if its file is still inside the library (or in the recent list).
    pub fn entry(&mut self, key: &str, recent: &[PathBuf]) -> AppResult<Entry> {
        let known = self.index.as_ref().and_then(|i| i.find(key)).is_some();
        if !known {
            self.list(recent);
        }
        let e = self
            .index
            .as_ref()
            .and_then(|i| i.find(key))
            .cloned()
            .ok_or_else(|| {
                AppError::new(
                    ErrorCode::InvalidArgument,
                    format!("'{key}' names no entry of the Library"),
                )
            })?;
        if let Source::File(path) = &e.source {
            let allowed = match e.origin {
                Origin::Recent => recent.contains(path),
                Origin::Library | Origin::Pack { .. } => self
                    .folder
                    .as_deref()
                    .is_some_and(|f| index::inside(f, path)),
                Origin::Shipped => false,
            };
            if !allowed {
                return Err(AppError::new(
                    ErrorCode::NotAllowed,
                    format!("{} is not in the library", path.display()),
                ));
            }
        }
        Ok(e)
    }

    /// The entries of the last listing whose thumbnails can be drawn.
    pub fn drawable(&mut self, recent: &[PathBuf]) -> Vec<Entry> {
        if self.index.is_none() {
            self.list(recent);
        }
        self.index
            .iter()
            .flat_map(|i| i.entries.iter().chain(&i.recent))
            .filter(|e| e.problem.is_none())
            .cloned()
            .collect()
    }
}

/// A job's work: draw every entry's thumbnail that is not cached, one at a time (a safe point
/// between each).
pub fn draw_thumbnails(
    job: &Job,
    thumbnails: &Thumbnails,
    entries: &[Entry],
) -> Result<JobResult, Stop> {
    let total = entries.len() as u32;
    let (mut drawn, mut cached, mut failed) = (0, 0, Vec::new());
    for (i, e) in entries.iter().enumerate() {
        job.checkpoint()?;
        if thumbnails.is_cached(e) {
            cached += 1;
        } else {
            match thumbnails.get(e) {
                Ok(_) => drawn += 1,
                Err(err) => failed.push(format!("{}: {err}", e.key)),
            }
        }
        job.progress(i as u32 + 1, total, e.title.clone(), Some(e.key.clone()));
    }
    Ok(JobResult::Thumbnails {
        drawn,
        cached,
        failed,
    })
}

/// A job's work: read the pack at `path`, check it and import it into `library`. The pack
/// module reports no progress of its own: the job reports reading, then checking and writing
/// as one step. Cancelling is honoured until the import starts (the import is atomic: all or
/// nothing).
pub fn import_pack(
    job: &Job,
    path: &Path,
    library: &Path,
    on_conflict: OnConflictDto,
) -> Result<JobResult, Stop> {
    use kepi::pack::{ImportOptions, ImportOutcome, Limits, OnConflict};
    job.progress(0, 2, format!("reading {}", path.display()), None);
    let bytes = kepi::pack::read_file(path, &Limits::default()).map_err(AppError::from)?;
    job.checkpoint()?;
    job.progress(1, 2, "checking and importing", None);
    let options = ImportOptions {
        on_conflict: match on_conflict {
            OnConflictDto::Refuse => OnConflict::Refuse,
            OnConflictDto::Replace => OnConflict::Replace,
            OnConflictDto::NewVersion => OnConflict::NewVersion,
        },
        ..ImportOptions::default()
    };
    let r = kepi::pack::import(&bytes, library, &options).map_err(AppError::from)?;
    job.progress(2, 2, "imported", None);
    let m = &r.manifest;
    Ok(JobResult::PackImported {
        outcome: match r.outcome {
            ImportOutcome::Imported => ImportOutcomeDto::Imported,
            ImportOutcome::AlreadyPresent => ImportOutcomeDto::AlreadyPresent,
            ImportOutcome::Replaced => ImportOutcomeDto::Replaced,
            ImportOutcome::NewVersion => ImportOutcomeDto::NewVersion,
        },
        id: m.id.clone(),
        name: m.name.clone(),
        version: m.pack_version.clone(),
        folder: r.folder.display().to_string(),
        files_written: r.files_written as u32,
        maps: m.count(kepi::pack::EntryKind::Map) as u32,
        scenarios: m.count(kepi::pack::EntryKind::Scenario) as u32,
    })
}

/// Check the fields the UI gave for a pack's manifest (the pack module checks their form).
pub fn export_options(fields: PackFields) -> AppResult<kepi::pack::ExportOptions> {
    let all = [
        fields.id.as_deref().unwrap_or_default(),
        fields.name.as_deref().unwrap_or_default(),
        fields.version.as_deref().unwrap_or_default(),
        &fields.author,
        &fields.description,
        &fields.license,
    ];
    if all.iter().any(|f| f.len() > MAX_FIELD) {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("a pack's fields are at most {MAX_FIELD} bytes each"),
        ));
    }
    let nonempty = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    Ok(kepi::pack::ExportOptions {
        id: nonempty(fields.id),
        name: nonempty(fields.name),
        version: nonempty(fields.version),
        author: fields.author,
        description: fields.description,
        license: fields.license,
        created: None,
    })
}

/// The scenario entries to pack, checked: each must be a scenario without problems.
pub fn scenarios_to_pack(entries: &[Entry]) -> AppResult<()> {
    if entries.is_empty() {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            "choose at least one scenario to pack",
        ));
    }
    for e in entries {
        if e.kind != Kind::Scenario {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "'{}' is a map; a pack is made of scenarios (their maps come along)",
                    e.key
                ),
            ));
        }
        if let Some(p) = &e.problem {
            return Err(AppError::new(ErrorCode::InvalidPack, p.clone()));
        }
    }
    Ok(())
}

/// A job's work: make a pack of the scenarios and write it to `out`. Shipped scenarios are
/// copied, with their shipped maps, into a temporary library first (the pack module reads
/// files). Cancelling is honoured until the pack is written (written whole or not at all).
pub fn export_pack(
    job: &Job,
    entries: &[Entry],
    options: &kepi::pack::ExportOptions,
    out: &Path,
) -> Result<JobResult, Stop> {
    let io = |what: &str, e: std::io::Error| AppError::new(ErrorCode::Io, format!("{what}: {e}"));
    job.progress(0, 3, "gathering the scenarios", None);
    let staging = tempfile_dir().map_err(|e| io("cannot make a temporary folder", e))?;
    let mut paths = Vec::new();
    for e in entries {
        match &e.source {
            Source::File(p) => paths.push(p.clone()),
            Source::Shipped(s) => {
                let scenario = staging
                    .path
                    .join("scenarios")
                    .join(format!("{}.json", s.id));
                let write = |p: &Path, text: &str| -> std::io::Result<()> {
                    std::fs::create_dir_all(p.parent().unwrap_or(Path::new(".")))?;
                    std::fs::write(p, text)
                };
                write(&scenario, s.text).map_err(|e| io("cannot copy a shipped scenario", e))?;
                if let Some(map) = e.map.as_deref().and_then(kepi::shipped::map) {
                    let m = staging.path.join("maps").join(format!("{}.json", map.id));
                    write(&m, map.text).map_err(|e| io("cannot copy a shipped map", e))?;
                }
                paths.push(scenario);
            }
        }
    }
    job.checkpoint()?;
    job.progress(
        1,
        3,
        format!(
            "checking {} scenario(s) and drawing thumbnails",
            paths.len()
        ),
        None,
    );
    let made = kepi::pack::export(&paths, options).map_err(AppError::from)?;
    job.checkpoint()?;
    job.progress(2, 3, format!("writing {}", out.display()), None);
    kepi::pack::write_file_atomically(out, &made.bytes).map_err(AppError::from)?;
    job.progress(3, 3, "written", None);
    let m = &made.manifest;
    Ok(JobResult::PackExported {
        path: out.display().to_string(),
        id: m.id.clone(),
        name: m.name.clone(),
        version: m.pack_version.clone(),
        scenarios: m.count(kepi::pack::EntryKind::Scenario) as u32,
        bytes: made.bytes.len() as u64,
    })
}

/// A temporary folder removed when dropped.
struct TempDir {
    path: PathBuf,
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

fn tempfile_dir() -> std::io::Result<TempDir> {
    let base = std::env::temp_dir();
    for n in 0..1000u32 {
        let path = base.join(format!("kepi-pack-{}-{n}", std::process::id()));
        match std::fs::create_dir(&path) {
            Ok(()) => return Ok(TempDir { path }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("no free name for a temporary folder"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::Jobs;
    use crate::jobs::tests::{channel, until_finished};
    use crate::transport::jobs::{JobKind, JobStatus};

    fn run(
        kind: JobKind,
        work: impl FnOnce(&Job) -> Result<JobResult, Stop> + Send + 'static,
    ) -> crate::transport::jobs::JobFinished {
        let jobs = Arc::new(Jobs::default());
        let (sink, rx) = channel();
        jobs.start(kind, sink, work).unwrap();
        until_finished(&rx).1
    }

    #[test]
    fn shipped_scenarios_pack_and_import_into_the_library_which_then_lists_them() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("library");
        let mut lib = Library::new(Some(folder.clone()), None, None);
        let listing = lib.list(&[]);
        let shipped = kepi::shipped::MAPS.len() + kepi::shipped::SCENARIOS.len();
        assert_eq!(
            listing.entries.len(),
            shipped,
            "every shipped map and scenario"
        );
        let keys = [
            "shipped/scenario/rs-10-worth",
            "shipped/scenario/rs-11-mars-la-tour",
        ];
        let entries: Vec<Entry> = keys.iter().map(|k| lib.entry(k, &[]).unwrap()).collect();
        scenarios_to_pack(&entries).unwrap();
        let options = export_options(PackFields {
            name: Some("Two battles".into()),
            author: "Test".into(),
            ..PackFields::default()
        })
        .unwrap();
        let out = dir.path().join("two.kepipack");
        let o = out.clone();
        let f = run(JobKind::PackExport, move |job| {
            export_pack(job, &entries, &options, &o)
        });
        assert_eq!(f.status, JobStatus::Done, "{:?}", f.error);
        let Some(JobResult::PackExported { scenarios, id, .. }) = f.result else {
            panic!("{:?}", f.result)
        };
        assert_eq!((scenarios, id.as_str()), (2, "two-battles"));

        let (o, lf) = (out.clone(), folder.clone());
        let f = run(JobKind::PackImport, move |job| {
            import_pack(job, &o, &lf, OnConflictDto::Refuse)
        });
        assert_eq!(f.status, JobStatus::Done, "{:?}", f.error);
        let listing = lib.list(&[]);
        let packed: Vec<_> = listing
            .entries
            .iter()
            .filter(|e| matches!(&e.origin, dto::OriginDto::Pack { id, .. } if id == "two-battles"))
            .collect();
        assert_eq!(packed.len(), 3, "two scenarios and their map");
        let key = packed[0].key.clone();
        assert!(key.starts_with("library/packs/two-battles/"), "{key}");
        assert!(lib.entry(&key, &[]).is_ok());
        assert_eq!(
            lib.entry("library/../../etc/passwd", &[]).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        // A map is not packed on its own (Worth's, here).
        let worth_map = kepi::shipped::scenario_file("rs-10-worth").unwrap().map;
        let map = lib.entry(&format!("shipped/map/{worth_map}"), &[]).unwrap();
        assert_eq!(
            scenarios_to_pack(&[map]).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn a_file_that_is_not_a_pack_fails_the_import_job() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.kepipack");
        std::fs::write(&bad, b"hello").unwrap();
        let lf = dir.path().join("library");
        let f = run(JobKind::PackImport, move |job| {
            import_pack(job, &bad, &lf, OnConflictDto::Refuse)
        });
        assert_eq!(f.status, JobStatus::Failed);
        assert_eq!(f.error.unwrap().code, ErrorCode::InvalidPack);
        assert!(!dir.path().join("library").exists(), "nothing written");
    }

    #[test]
    fn the_thumbnail_job_draws_each_entry_once() {
        let mut lib = Library::new(None, None, None);
        lib.list(&[]);
        let entries: Vec<Entry> = lib.drawable(&[]).into_iter().take(2).collect();
        let t = lib.thumbnails.clone();
        let (e2, t2) = (entries.clone(), t.clone());
        let f = run(JobKind::Thumbnails, move |job| {
            draw_thumbnails(job, &t2, &e2)
        });
        assert_eq!(
            f.result,
            Some(JobResult::Thumbnails {
                drawn: 2,
                cached: 0,
                failed: vec![]
            })
        );
        let f = run(JobKind::Thumbnails, move |job| {
            draw_thumbnails(job, &t, &entries)
        });
        assert!(matches!(
            f.result,
            Some(JobResult::Thumbnails {
                drawn: 0,
                cached: 2,
                ..
            })
        ));
        assert!(
            export_options(PackFields {
                description: "x".repeat(MAX_FIELD + 1),
                ..PackFields::default()
            })
            .is_err()
        );
    }
}

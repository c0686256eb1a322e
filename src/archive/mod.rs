//! The archive: one SQLite file holding every game, every command and every die roll, so any
//! moment of any game can be reopened, branched ("what if that roll had been a 6?"),
//! annotated and searched (DESIGN "The record").
//!
//! - A game is its setup (scenario, map and catalog embedded, with their hash), options, seed
//!   and a tree of nodes. A node is one command (in a compact binary form, schema 4) with the
//!   dice it consumed; its events are recomputed by replay. The root node is the state before
//!   the first command. Children of a node are variations; the child with `sibling_order` 0 is
//!   the main line.
//! - Every command is written with its node, dice and (every [`SNAPSHOT_EVERY`] plies)
//!   a state snapshot in ONE transaction, before it is reported done: after a crash the archive
//!   holds the game up to the last finished command, never half of one.
//! - Replaying a node uses the recorded dice, never new ones, and checks the stored state hash
//!   at every step; a mismatch is an error, never hidden.
//! - The schema version is `PRAGMA user_version`; migrations run forward in one transaction;
//!   a newer schema is refused. Each table's migration lives beside the code that uses it.
//!   `PRAGMA application_id` marks Kepi archives, so foreign databases are refused untouched.
//! - Several processes may write one archive at once (two `kepi autoplay --db`, the app and the
//!   CLI). Every write transaction begins as a writer (`BEGIN IMMEDIATE`), so it waits for the
//!   write lock up to [`BUSY_TIMEOUT`] instead of failing when a reader it started as could not
//!   be upgraded; the migration takes the write lock first and reads `user_version` again under
//!   it, so of several processes opening a new file exactly one creates the schema.
//! - Durability is chosen per connection ([`Durability`]): interactive play is synced on every
//!   commit (`synchronous=FULL`, the default), generated batches only at checkpoints (`NORMAL`).

mod annotations;
mod backup;
mod batch;
mod bench_support;
pub mod board_patch;
pub mod command_encoding;
mod compaction;
mod game_list;
mod games;
mod maintenance;
mod node_rows;
mod nodes;
mod recorded_boards;
mod recovery;
mod salvage;
mod search;
pub mod snapshot_encoding;
mod time;
mod tree_file;

pub use annotations::{Annotation, Shape};
pub use backup::{
    BACKUPS_KEPT, BackupFile, Restored, default_backup_dir, list_backups, restore_backup,
};
pub use compaction::Compacted;
pub use game_list::{GAME_PAGE_MAX, GameListQuery, GameSort, ListedGame};
pub use games::{GameInfo, GameSetup};
pub use maintenance::{CheckReport, Stats, TableBytes};
pub use nodes::NodeInfo;
pub use recorded_boards::{GameParting, Opened, Recorded, TodayVariation};
pub use recovery::{LostGame, RecoveredGame, RecoveryReport, recover, survey};
pub use salvage::{LostRows, is_corrupt};
pub use search::{Hit, SearchQuery};
pub use tree_file::{ExportedNode, GameTree};

use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// "KEPI" as a big-endian integer, in the SQLite header's application id.
pub const APPLICATION_ID: i32 = 0x4B45_5049;

/// A snapshot of the state is stored every this many plies (and at the root). Opening a
/// node replays at most this many commands less one from the nearest snapshot; the figure is
/// chosen so that this stays within the open-node goal (`kepi bench --archive`,
/// docs/archive.md) while snapshots cost a few bytes a node.
pub const SNAPSHOT_EVERY: i64 = 64;

/// How long a writer waits for another process's write transaction before giving up. A
/// command is written in well under a millisecond and a whole generated game in one
/// `populate_for_bench` transaction in seconds, so this is generous.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// How hard a commit is pushed to the disk before it is reported done.
///
/// Both keep the file sound after a killed process or a power cut (WAL); they differ in what a
/// power cut (or an operating-system crash) may take away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=FULL`: the WAL is synced at every commit, so a command a player made is on
    /// the disk when it is reported done, power cut or not. The default of [`Archive::open`].
    #[default]
    Interactive,
    /// `synchronous=NORMAL`: synced only at checkpoints; a power cut may lose the last commits
    /// (never corrupting the file). For batches of generated games (`kepi autoplay --db`, the
    /// benchmark's archive), which are cheap to make again and written thousands a second.
    Batch,
}

pub type GameId = i64;
pub type NodeId = i64;

/// Migrations in order: (schema version, SQL). Each comes from the module that owns the table.
fn migrations() -> Vec<(i32, &'static str)> {
    vec![
        (1, games::V1),
        (1, nodes::V1),
        (2, games::V2),
        (2, annotations::V2),
        (2, search::V2),
        (3, compaction::V3),
        (4, node_rows::V4),
        (5, games::V5),
        (6, nodes::V6),
        (7, recorded_boards::V7),
        (8, node_rows::V8),
    ]
}

/// What a long archive operation has done so far: `done` of `total` games.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// The newest schema this build writes.
pub fn latest_version() -> i32 {
    migrations().iter().map(|(v, _)| *v).max().unwrap_or(0)
}

#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("{path}: not a SQLite database (a Kepi archive is one); the file was not changed")]
    NotSqlite { path: String },
    #[error(
        "{path}: a SQLite database, but not a Kepi archive (its tables belong to another \
         program); the file was not changed"
    )]
    Foreign { path: String },
    #[error(
        "{path}: archive schema version {found} is newer than this Kepi (which knows up to \
         {known}); update Kepi to open it. The file was not changed"
    )]
    TooNew {
        path: String,
        found: i32,
        known: i32,
    },
    #[error(
        "{path}: the archive is damaged ({detail}). `kepi archive check --db {path}` names the \
         games that can still be read and those lost; `kepi archive recover {path} --out \
         NEW.kepi` copies every game that can be read into a new archive (it never writes to \
         the damaged file)"
    )]
    Damaged { path: String, detail: String },
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Invalid(String),
    #[error("the game record does not replay: {0}")]
    Replay(String),
    #[error("{0}")]
    Rule(#[from] crate::engine::RuleError),
    #[error("archive: {0}{hint}", hint = damage_hint(.0))]
    Sql(#[from] rusqlite::Error),
    #[error("archive: {0}")]
    Io(#[from] std::io::Error),
}

pub type Result<T> = std::result::Result<T, ArchiveError>;

/// What to do about an error that says the file is damaged (SQLite's "database disk image is
/// malformed" alone told nobody anything).
fn damage_hint(e: &rusqlite::Error) -> &'static str {
    if salvage::is_corrupt(e) {
        " (the archive file is damaged: `kepi archive check --db FILE` names the games that can \
         still be read, `kepi archive recover FILE --out NEW.kepi` copies them into a new \
         archive)"
    } else {
        ""
    }
}

pub struct Archive {
    conn: Connection,
    path: PathBuf,
    /// Root states by game (building one validates the embedded scenario).
    roots: std::cell::RefCell<std::collections::HashMap<GameId, crate::engine::AnyState>>,
    /// The last node played or opened, to continue from it without a replay.
    last: std::cell::RefCell<Option<(NodeId, crate::engine::AnyState)>>,
    /// The board of the last node written, the parent of the next command's (schema 7).
    last_board: std::cell::RefCell<Option<(NodeId, crate::engine::counters::Board)>>,
    /// The node last shown as recorded, with its board's JSON form (schema 7): its child is
    /// shown by one patch.
    last_recorded:
        std::cell::RefCell<Option<(NodeId, recorded_boards::Recorded, serde_json::Value)>>,
    /// Root snapshot payloads by game: the dictionary of the game's other snapshots.
    root_payloads: std::cell::RefCell<std::collections::HashMap<GameId, std::sync::Arc<Vec<u8>>>>,
    /// A batch's transaction is open ([`Archive::begin_batch`]).
    batch_open: bool,
    /// Label texts by id (`labels`), as read; dropped when a write is undone.
    labels: std::cell::RefCell<std::collections::HashMap<i64, String>>,
}

impl Archive {
    /// The archive the app opens by default: `$XDG_DATA_HOME/kepi/archive.kepi` (or
    /// `~/.local/share/kepi/archive.kepi`).
    pub fn default_path() -> PathBuf {
        let base = std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
            .unwrap_or_else(|| PathBuf::from("."));
        base.join("kepi").join("archive.kepi")
    }

    /// Open (or create) an archive, migrating it forward. A file that is not a Kepi archive,
    /// or of a newer schema, is refused and left untouched. Other processes may hold the same
    /// file open and write it; the handle starts at [`Durability::Interactive`] (every commit
    /// synced), which a writer of generated games lowers with [`Archive::set_durability`].
    pub fn open(path: &Path) -> Result<Archive> {
        Archive::open_with_progress(path, &mut |_, _| {})
    }

    /// [`Archive::open`], reporting the progress of a migration that compacts an older
    /// archive (games done of all), which may take a while on a large file.
    pub fn open_with_progress(path: &Path, progress: Progress) -> Result<Archive> {
        Archive::open_unnamed(path, progress).map_err(|e| match e {
            ArchiveError::Sql(e) if salvage::is_corrupt(&e) => ArchiveError::Damaged {
                path: path.display().to_string(),
                detail: e.to_string(),
            },
            e => e,
        })
    }

    /// [`Archive::open_with_progress`], its errors not yet named by the file.
    fn open_unnamed(path: &Path, progress: Progress) -> Result<Archive> {
        let name = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        // Before anything reads: another process may be creating or writing the file.
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // Every `transaction()` is BEGIN IMMEDIATE: a deferred transaction that read first
        // cannot be upgraded to a writer when another process committed meanwhile (WAL answers
        // SQLITE_BUSY at once, the busy timeout does not apply), which lost games.
        conn.set_transaction_behavior(TransactionBehavior::Immediate);
        // Read-only checks first: nothing is written to a file that is not ours.
        // One statement, so one consistent snapshot: read one by one, another process's
        // migration could commit between the reads (application id 0, then its tables), and
        // a new archive being created would look foreign.
        let read = conn.query_row(
            "SELECT a.application_id, v.user_version,
                    (SELECT count(*) FROM sqlite_master WHERE type = 'table')
             FROM pragma_application_id() AS a, pragma_user_version() AS v",
            [],
            |r| {
                Ok((
                    r.get::<_, i32>(0)?,
                    r.get::<_, i32>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            },
        );
        let (app, version, tables) = match read {
            Ok(v) => v,
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::NotADatabase =>
            {
                return Err(ArchiveError::NotSqlite { path: name });
            }
            Err(e) => return Err(e.into()),
        };
        // A new file (id 0, no tables) becomes ours below.
        refuse_foreign_or_newer(
            &name,
            app == APPLICATION_ID || (app == 0 && tables == 0),
            version,
        )?;
        set_wal(&conn)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Checkpoint (copy the WAL into the file and sync it) every 8,192 pages (32 MB) rather
        // than SQLite's 1,000, so the occasional sync falls on far fewer commands.
        conn.pragma_update(None, "wal_autocheckpoint", 8192)?;
        // Up to 32 MiB of pages kept in the handle (SQLite's default is 2 MiB): a search over
        // 100,000 games reads tens of megabytes of full-text index, again for every query.
        // Taken only as pages are read.
        conn.pragma_update(None, "cache_size", -32768)?;
        let mut a = Archive {
            conn,
            path: path.to_path_buf(),
            roots: Default::default(),
            last: Default::default(),
            last_board: Default::default(),
            last_recorded: Default::default(),
            root_payloads: Default::default(),
            batch_open: false,
            labels: Default::default(),
        };
        a.set_durability(Durability::Interactive)?;
        a.migrate_to(latest_version(), &name, progress)?;
        a.ensure_search_indexes()?;
        Ok(a)
    }

    /// Choose how hard each later commit is pushed to the disk (see [`Durability`]); it holds
    /// for this handle only. [`Archive::open`] starts at [`Durability::Interactive`].
    pub fn set_durability(&self, d: Durability) -> Result<()> {
        let mode = match d {
            Durability::Interactive => "FULL",
            Durability::Batch => "NORMAL",
        };
        self.conn.pragma_update(None, "synchronous", mode)?;
        Ok(())
    }

    /// [`Archive::set_durability`] on an archive just opened, for chaining.
    pub fn with_durability(self, d: Durability) -> Result<Archive> {
        self.set_durability(d)?;
        Ok(self)
    }

    /// This handle's durability, as SQLite reports it.
    pub fn durability(&self) -> Result<Durability> {
        let level: i64 = self
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))?;
        // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: only FULL and above sync every commit.
        Ok(if level >= 2 {
            Durability::Interactive
        } else {
            Durability::Batch
        })
    }

    /// Run the migrations up to `to`, all in one immediate transaction (the SQL of each
    /// version, then, going to schema 3, the compaction of every game's snapshots). The
    /// version is read again under the write lock: a process that lost the race to create a
    /// new archive finds the schema there and runs nothing. Without anything to do, nothing is
    /// written. A process killed part way leaves the archive as it was before (WAL rollback).
    fn migrate_to(&mut self, to: i32, name: &str, progress: Progress) -> Result<()> {
        let seen: i32 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if seen >= to {
            return Ok(());
        }
        // Rewriting `nodes` drops and renames the table: with foreign keys on, dropping it
        // would delete every die, snapshot and annotation. The switch only works outside a
        // transaction; `rewrite_nodes` checks the keys before the commit.
        self.conn.pragma_update(None, "foreign_keys", "OFF")?;
        let done = self.migrate_in_transaction(to, name, progress);
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        done
    }

    fn migrate_in_transaction(&mut self, to: i32, name: &str, progress: Progress) -> Result<()> {
        self.in_transaction(|a| {
            let from: i32 = a.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if from > latest_version() {
                return Err(ArchiveError::TooNew {
                    path: name.to_string(),
                    found: from,
                    known: latest_version(),
                });
            }
            if from >= to {
                return Ok(());
            }
            for (v, sql) in migrations() {
                if v > from && v <= to {
                    a.conn.execute_batch(sql)?;
                }
            }
            // A new file has nothing to compact, and schema 1-2 files have JSON snapshots.
            if from > 0 && from < 3 && to >= 3 {
                a.compact_games(progress)?;
            }
            // Schema 1-3 node rows (a new file's empty table too) become schema 4's.
            if from < 4 && to >= 4 {
                a.rewrite_nodes(progress)?;
            }
            a.conn
                .pragma_update(None, "application_id", APPLICATION_ID)?;
            a.conn.pragma_update(None, "user_version", to)?;
            Ok(())
        })
    }

    /// Run `f` in one immediate (writer) transaction, committed when it succeeds and rolled
    /// back when it fails. Unlike `Connection::transaction`, `f` may call `&self` methods.
    fn in_transaction<T>(&mut self, f: impl FnOnce(&mut Archive) -> Result<T>) -> Result<T> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        match f(self) {
            Ok(v) => {
                self.conn.execute_batch("COMMIT")?;
                Ok(v)
            }
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                // Cached states and labels may come from rows that are no longer there.
                self.forget_nodes();
                self.root_payloads.borrow_mut().clear();
                self.labels.borrow_mut().clear();
                Err(e)
            }
        }
    }

    /// Open an archive at a given schema version (tests of migrations only).
    #[doc(hidden)]
    pub fn create_at_version(path: &Path, version: i32) -> Result<Archive> {
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.set_transaction_behavior(TransactionBehavior::Immediate);
        set_wal(&conn)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut a = Archive {
            conn,
            path: path.to_path_buf(),
            roots: Default::default(),
            last: Default::default(),
            last_board: Default::default(),
            last_recorded: Default::default(),
            root_payloads: Default::default(),
            batch_open: false,
            labels: Default::default(),
        };
        a.migrate_to(version, &path.display().to_string(), &mut |_, _| {})?;
        Ok(a)
    }

    pub fn schema_version(&self) -> Result<i32> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// SQLite's own consistency check ("ok" when sound).
    pub fn integrity_check(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }

    fn cached_root(&self, game: GameId) -> Option<crate::engine::AnyState> {
        self.roots.borrow().get(&game).cloned()
    }

    fn remember_root(&self, game: GameId, state: crate::engine::AnyState) {
        self.roots.borrow_mut().insert(game, state);
    }

    fn cached_node(&self, id: NodeId) -> Option<crate::engine::AnyState> {
        match &*self.last.borrow() {
            Some((n, s)) if *n == id => Some(s.clone()),
            _ => None,
        }
    }

    fn remember_node(&self, id: NodeId, state: crate::engine::AnyState) {
        *self.last.borrow_mut() = Some((id, state));
    }

    fn forget_nodes(&self) {
        *self.last.borrow_mut() = None;
        *self.last_recorded.borrow_mut() = None;
        // Ids are given again after a deletion: no board may outlive its node.
        *self.last_board.borrow_mut() = None;
    }
}

impl Archive {
    /// Benchmark support: copy game `template` `games` times (the row, a root node sharing the
    /// template's snapshot text, two annotations each with varied words and tags), all in one
    /// transaction. Lets `kepi bench --archive` measure search over many games quickly.
    #[doc(hidden)]
    pub fn populate_for_bench(&mut self, template: GameId, games: usize) -> Result<()> {
        const WORDS: [&str; 12] = [
            "charge",
            "flank",
            "ridge",
            "village",
            "bridge",
            "cavalry",
            "artillery",
            "retreat",
            "trench",
            "volley",
            "column",
            "reserve",
        ];
        let root = self.root(template)?;
        let snapshot: rusqlite::types::Value = self.conn.query_row(
            "SELECT state FROM snapshots WHERE node_id = ?1",
            [root.id],
            |r| r.get(0),
        )?;
        let tx = self.write()?;
        for i in 0..games {
            let w = |k: usize| WORDS[(i * 7 + k * 5) % WORDS.len()];
            tx.execute(
                "INSERT INTO games (title, scenario_id, scenario_hash, ruleset, options, seed,
                                    setup, setup_hash, players, created, notes, winner,
                                    rules_version)
                 SELECT title || ' ' || ?2, scenario_id, scenario_hash, ruleset, options, ?3,
                        setup, setup_hash, players, ?4, ?5, ?6, rules_version
                 FROM games WHERE id = ?1",
                rusqlite::params![
                    template,
                    i as i64,
                    i as i64,
                    format!("2026-{:02}-{:02}T12:00:00Z", 1 + i % 12, 1 + i % 28),
                    format!("a {} on the {} by the {}", w(0), w(1), w(2)),
                    if i % 3 == 0 {
                        None
                    } else {
                        Some(if i % 2 == 0 { "blue" } else { "red" })
                    },
                ],
            )?;
            let game = tx.last_insert_rowid();
            let node = archive_bench_root(&tx, game, &root, &snapshot)?;
            for k in 0..2 {
                tx.execute(
                    "INSERT INTO annotations (node_id, author, text, shapes, created, updated)
                     VALUES (?1, 'bench', ?2, '[]', ?3, ?3)",
                    rusqlite::params![
                        node,
                        format!(
                            "the {} of the {} was decisive near the {}",
                            w(3 + k),
                            w(4 + k),
                            w(5 + k)
                        ),
                        time::now()
                    ],
                )?;
                let a = tx.last_insert_rowid();
                tx.execute(
                    "INSERT INTO annotation_tags (annotation_id, tag) VALUES (?1, ?2)",
                    rusqlite::params![a, w(6 + k)],
                )?;
                search::index_new_annotation(&tx, a)?;
            }
        }
        tx.commit()?;
        Ok(())
    }
}

/// Put the file in WAL mode (a no-op when it is already). Switching a new file to WAL needs
/// its exclusive lock, and SQLite answers SQLITE_BUSY to that without calling the busy
/// handler in every case (another process creating or switching it at the same moment), so
/// a busy answer is retried for up to [`BUSY_TIMEOUT`].
fn set_wal(conn: &Connection) -> Result<()> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        let got = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0));
        match got {
            Ok(mode) if mode.eq_ignore_ascii_case("wal") => return Ok(()),
            Ok(mode) => {
                // SQLite keeps the old mode, without an error, only where WAL cannot work
                // (a file system without shared memory): say so rather than run without it.
                return Err(ArchiveError::Invalid(format!(
                    "archive: cannot put the file in WAL mode (it stays in {mode} mode)"
                )));
            }
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && start.elapsed() < BUSY_TIMEOUT => {}
            Err(e) => return Err(e.into()),
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

fn archive_bench_root(
    tx: &rusqlite::Connection,
    game: GameId,
    root: &NodeInfo,
    snapshot: &rusqlite::types::Value,
) -> Result<NodeId> {
    tx.execute(
        "INSERT INTO nodes (game_id, parent_id, sibling_order, ply, command, state_hash, turn,
                            phase, player, dice_draws)
         VALUES (?1, NULL, 0, 0, NULL, ?2, ?3, ?4, ?5, 0)",
        rusqlite::params![
            game,
            node_rows::hash_to_sql(&root.state_hash),
            root.turn,
            node_rows::label_id(tx, &root.phase)?,
            root.player as i64,
        ],
    )?;
    let id = tx.last_insert_rowid();
    tx.execute(
        "INSERT INTO snapshots (node_id, state) VALUES (?1, ?2)",
        rusqlite::params![id, snapshot],
    )?;
    Ok(id)
}

/// A file's `PRAGMA application_id` and `PRAGMA user_version`, read in one statement (one
/// snapshot).
pub(crate) fn read_identity(conn: &Connection) -> rusqlite::Result<(i32, i32)> {
    conn.query_row(
        "SELECT a.application_id, v.user_version
         FROM pragma_application_id() AS a, pragma_user_version() AS v",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Refuse, naming the file `name`, a file that is not Kepi's (`is_kepi` false) or whose schema
/// `version` is newer than this build knows. The one check every way of opening a file shares
/// (open, backup, recovery).
pub(crate) fn refuse_foreign_or_newer(name: &str, is_kepi: bool, version: i32) -> Result<()> {
    if !is_kepi {
        return Err(ArchiveError::Foreign {
            path: name.to_string(),
        });
    }
    if version > latest_version() {
        return Err(ArchiveError::TooNew {
            path: name.to_string(),
            found: version,
            known: latest_version(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_opens_durable_and_a_batch_writer_lowers_only_its_own_handle() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kepi");
        let play = Archive::open(&path).unwrap();
        assert_eq!(play.durability().unwrap(), Durability::Interactive);
        let batch = Archive::open(&path)
            .and_then(|a| a.with_durability(Durability::Batch))
            .unwrap();
        assert_eq!(batch.durability().unwrap(), Durability::Batch);
        assert_eq!(play.durability().unwrap(), Durability::Interactive);
        batch.set_durability(Durability::Interactive).unwrap();
        assert_eq!(batch.durability().unwrap(), Durability::Interactive);
    }
}

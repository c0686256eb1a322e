//! Salvaging a damaged archive (`kepi archive recover DAMAGED --out NEW`), and saying what a
//! damaged archive has lost, game by game (`kepi archive check` on a damaged file).
//!
//! How: the damaged file (and its WAL) is copied into a scratch folder and only the copy is
//! opened. Every table a game needs is read row by row past the bad pages
//! ([`super::salvage`]) into a fresh archive (the staging file), without its foreign keys, so
//! a row whose neighbours are lost still comes across. From there each game goes through the
//! archive's own paths: exported as a game record, imported into the new archive (which
//! replays every node with its recorded dice and checks every state hash before writing
//! anything), and at the end the new archive's own `check` replays every game written, hash for
//! hash. (SQLite's recovery extension, `sqlite3_recover`, is not part of the SQLite that
//! rusqlite bundles; the row-by-row reading takes its place for the tables Kepi needs.)
//!
//! Invariants:
//! - the damaged file is never opened by SQLite, let alone written: it is copied, byte for
//!   byte, and the copy is read;
//! - a game is written to the new archive only when every node of its tree, its dice and its
//!   setup read and replay to their recorded hashes; a game that fails any step is reported by
//!   its id and title with the reason, and nothing of it is written;
//! - the new archive appears under its name only once every game is written and the whole file
//!   checks; until then it is `NEW.partial`, and a failure removes it;
//! - rows that could not be read are reported by table and key range, and the games that may
//!   have lost rows there (the game whose node rows come just before a lost range) are named.

use super::salvage::{LostRows, TableWalk, is_damage};
use super::{APPLICATION_ID, Archive, ArchiveError, Durability, GameId, Progress, Result};
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A game copied into the new archive, replayed hash for hash.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecoveredGame {
    /// Its id in the damaged file.
    pub id: GameId,
    /// Its id in the new archive.
    pub new_id: GameId,
    pub title: String,
    pub nodes: usize,
    /// Why it may be incomplete even though everything it holds replays: node rows just after
    /// its own could not be read.
    pub warning: Option<String>,
}

/// A game that could not be recovered, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LostGame {
    pub id: GameId,
    /// `None` when the game's own row is unreadable.
    pub title: Option<String>,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecoveryReport {
    pub damaged: String,
    /// The new archive (`None` when only surveyed, for `kepi archive check`).
    pub out: Option<String>,
    /// SQLite's integrity check of the damaged file (its first problems).
    pub sqlite: String,
    pub recovered: Vec<RecoveredGame>,
    pub lost: Vec<LostGame>,
    /// Rows that could not be read, by table.
    pub lost_rows: Vec<LostRows>,
}

impl RecoveryReport {
    /// Every game came across and every row was read.
    pub fn nothing_lost(&self) -> bool {
        self.lost.is_empty() && self.lost_rows.is_empty()
    }
}

/// The tables a game is made of, in the order they are read (labels and setups first: the
/// nodes and games name them). `(table, key, order)` as [`TableWalk`] takes them. Snapshots
/// and the search index are not read: the import writes them again.
const TABLES: [(&str, &str, &str); 7] = [
    ("labels", "rowid", "rowid"),
    ("setups", "rowid", "rowid"),
    ("games", "rowid", "rowid"),
    ("nodes", "rowid", "rowid"),
    ("dice_rows", "node_id", "node_id, seq"),
    ("annotations", "rowid", "rowid"),
    ("annotation_tags", "rowid", "rowid"),
];

/// A scratch folder, removed with everything in it when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!("kepi-recover-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `path` with `suffix` added to its file name (`a.kepi` → `a.kepi-wal`).
pub(super) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Remove a database file with its WAL and shared-memory files (those that exist).
pub(super) fn remove_database(path: &Path) {
    for p in [
        path.to_path_buf(),
        with_suffix(path, "-wal"),
        with_suffix(path, "-shm"),
    ] {
        let _ = std::fs::remove_file(p);
    }
}

/// Salvage every game of `damaged` that can be read into a new archive at `out`, which must
/// not exist. `damaged` is only read (copied); see the module's invariants.
pub fn recover(damaged: &Path, out: &Path, progress: Progress) -> Result<RecoveryReport> {
    if out.exists() {
        return Err(ArchiveError::Invalid(format!(
            "{}: the file exists already; `kepi archive recover` writes a new archive, so \
             choose a name that is not taken",
            out.display()
        )));
    }
    let scratch = Scratch::new()?;
    let partial = with_suffix(out, ".partial");
    remove_database(&partial);
    let done = salvage_into(damaged, &partial, &scratch, progress);
    let mut report = match done {
        Ok(r) => r,
        Err(e) => {
            remove_database(&partial);
            return Err(e);
        }
    };
    std::fs::rename(&partial, out)?;
    report.out = Some(out.display().to_string());
    Ok(report)
}

/// What [`recover`] would salvage from `damaged` and what it would lose, without keeping the
/// new archive (it is written in a scratch folder and removed).
pub fn survey(damaged: &Path, progress: Progress) -> Result<RecoveryReport> {
    let scratch = Scratch::new()?;
    let out = scratch.0.join("recovered.kepi");
    salvage_into(damaged, &out, &scratch, progress)
}

fn salvage_into(
    damaged: &Path,
    out: &Path,
    scratch: &Scratch,
    progress: Progress,
) -> Result<RecoveryReport> {
    let name = damaged.display().to_string();
    if !damaged.is_file() {
        return Err(ArchiveError::NotFound(format!("{name}: no such file")));
    }
    // The only use of the damaged file: copying its bytes (and its WAL's, which holds the
    // last commits until a checkpoint).
    let copy = scratch.0.join("damaged.kepi");
    std::fs::copy(damaged, &copy)?;
    let wal = with_suffix(damaged, "-wal");
    if wal.is_file() {
        std::fs::copy(&wal, with_suffix(&copy, "-wal"))?;
    }
    let src = open_copy(&copy, &name)?;
    let sqlite = integrity(&src);

    let staging_path = scratch.0.join("staging.kepi");
    drop(Archive::open(&staging_path)?);
    let lost_rows = copy_rows(&src, &staging_path, &name)?;
    drop(src);

    let staging = Archive::open(&staging_path)?;
    let mut output = Archive::open(out)?.with_durability(Durability::Batch)?;
    let (recovered, lost) = transfer_games(&staging, &mut output, &lost_rows, progress)?;
    // Every game written, replayed again from the new file hash for hash, and SQLite's own
    // check of it: the new archive is sound or it is not kept.
    let check = output.check(&mut |_, _| {})?;
    if check.sqlite != "ok" || !check.problems.is_empty() {
        return Err(ArchiveError::Invalid(format!(
            "{}: the recovered archive does not check ({}; {}); it was not kept",
            out.display(),
            check.sqlite,
            check.problems.join("; ")
        )));
    }
    drop(output);
    Ok(RecoveryReport {
        damaged: name,
        out: None,
        sqlite,
        recovered,
        lost,
        lost_rows,
    })
}

/// Open the scratch copy of a damaged archive, checking it is a Kepi archive this build
/// knows; an older schema is migrated (in the copy) first.
fn open_copy(copy: &Path, name: &str) -> Result<Connection> {
    let unreadable = |e: rusqlite::Error| ArchiveError::Damaged {
        path: name.to_string(),
        detail: format!(
            "{e}: its first page, which holds the file's header and the list of its tables, \
             cannot be read, so no game can be found in it"
        ),
    };
    fold_wal(copy);
    let src = open_immutable(copy)?;
    let (app, version) = super::read_identity(&src).map_err(unreadable)?;
    super::refuse_foreign_or_newer(name, app == APPLICATION_ID, version)?;
    if version < super::latest_version() {
        drop(src);
        // The copy is ours to write: bring it to the schema the salvage reads.
        drop(Archive::open(copy).map_err(|e| ArchiveError::Damaged {
            path: name.to_string(),
            detail: format!(
                "an archive of schema {version} whose migration fails on the damage ({e})"
            ),
        })?);
        fold_wal(copy);
        return open_immutable(copy);
    }
    Ok(src)
}

/// Copy the commits of the copy's WAL (if it has one) into the copy, and remove the WAL. A WAL
/// that does not fold in (itself damaged) is left out: the file is read as it stands.
fn fold_wal(copy: &Path) {
    if with_suffix(copy, "-wal").exists()
        && let Ok(c) = Connection::open(copy)
    {
        let _ = c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    }
    let _ = std::fs::remove_file(with_suffix(copy, "-wal"));
    let _ = std::fs::remove_file(with_suffix(copy, "-shm"));
}

/// The copy opened read-only and immutable: no locks, no WAL, no shared memory (a damaged
/// file's WAL machinery can make every read wait on its locks). Its header is first set to
/// rollback-journal mode (bytes 18 and 19), so SQLite reads the file alone.
fn open_immutable(copy: &Path) -> Result<Connection> {
    use std::io::{Read, Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(copy)?;
    let mut versions = [0u8; 2];
    f.seek(SeekFrom::Start(18))?;
    if f.read_exact(&mut versions).is_ok() && versions == [2, 2] {
        f.seek(SeekFrom::Start(18))?;
        f.write_all(&[1, 1])?;
    }
    drop(f);
    let path = copy.display().to_string();
    let uri = format!(
        "file:{}?immutable=1",
        path.replace('%', "%25")
            .replace('?', "%3f")
            .replace('#', "%23")
    );
    let c = Connection::open_with_flags(
        uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    // SQLite refuses every read of a file shorter than its header says (a truncated copy)
    // unless the schema is writable; nothing writes through this handle.
    c.pragma_update(None, "writable_schema", true)?;
    Ok(c)
}

/// SQLite's integrity check, its first few problems on one line ("ok" when sound).
fn integrity(src: &Connection) -> String {
    let rows = src.prepare("PRAGMA integrity_check(5)").and_then(|mut st| {
        st.query_map([], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()
    });
    match rows {
        // A row may hold several lines ("*** in database main ***" and the first problem).
        Ok(rows) => rows
            .iter()
            .flat_map(|r| r.lines())
            .filter(|l| !l.starts_with("***"))
            .collect::<Vec<_>>()
            .join("; "),
        Err(e) => e.to_string(),
    }
}

/// The names of a table's columns (none when the table is not there).
fn columns(conn: &Connection, table: &str) -> Result<Vec<String>> {
    let mut st = conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
    Ok(st
        .query_map([table], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Copy every readable row of the game tables from `src` into the staging archive; the rows
/// that could not be read, by table.
fn copy_rows(src: &Connection, staging: &Path, name: &str) -> Result<Vec<LostRows>> {
    let mut dst = Connection::open(staging)?;
    // A row whose parent (a node, a game) was lost still comes across; the games it belongs
    // to are judged afterwards.
    dst.pragma_update(None, "foreign_keys", "OFF")?;
    let tx = dst.transaction()?;
    let mut lost = Vec::new();
    for (table, key, order) in TABLES {
        let theirs = columns(src, table).map_err(|e| match e {
            ArchiveError::Sql(e) if is_damage(&e) => ArchiveError::Damaged {
                path: name.to_string(),
                detail: format!("{e}: the list of its tables cannot be read"),
            },
            e => e,
        })?;
        let ours = columns(&tx, table)?;
        let shared: Vec<String> = theirs.into_iter().filter(|c| ours.contains(c)).collect();
        if shared.is_empty() {
            continue;
        }
        let insert = format!(
            "INSERT OR IGNORE INTO {table} ({}) VALUES ({})",
            shared.join(", "),
            vec!["?"; shared.len()].join(", ")
        );
        let walk = TableWalk {
            table,
            key,
            order,
            columns: &shared,
        };
        let mut st = tx.prepare(&insert)?;
        lost.extend(walk.salvage(src, &mut |rows: &[Vec<Value>]| {
            for r in rows {
                st.execute(rusqlite::params_from_iter(r.iter()))?;
            }
            Ok(())
        })?);
    }
    tx.commit()?;
    Ok(lost)
}

/// Each game of the staging archive exported, imported into `output` (replayed before it is
/// written) or reported lost with its reason.
fn transfer_games(
    staging: &Archive,
    output: &mut Archive,
    lost_rows: &[LostRows],
    progress: Progress,
) -> Result<(Vec<RecoveredGame>, Vec<LostGame>)> {
    let conn = &staging.conn;
    let titles: BTreeMap<GameId, String> = {
        let mut st = conn.prepare("SELECT id, title FROM games")?;
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    let node_counts: BTreeMap<GameId, usize> = {
        let mut st = conn.prepare("SELECT game_id, count(*) FROM nodes GROUP BY game_id")?;
        st.query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as usize)))?
            .collect::<rusqlite::Result<_>>()?
    };
    let mut games: Vec<GameId> = titles.keys().chain(node_counts.keys()).copied().collect();
    games.sort_unstable();
    games.dedup();
    let warnings = tail_warnings(conn, lost_rows)?;
    let lost_dice: Vec<&LostRows> = lost_rows
        .iter()
        .filter(|l| l.table == "dice_rows")
        .collect();

    let mut recovered = Vec::new();
    let mut lost = Vec::new();
    output.begin_batch()?;
    progress(0, games.len());
    for (i, &g) in games.iter().enumerate() {
        let rows = node_counts.get(&g).copied().unwrap_or(0);
        let outcome = match titles.get(&g) {
            None => Err(format!(
                "its row in `games` (setup, seed, players) cannot be read, so its {rows} \
                 node(s) cannot be replayed"
            )),
            Some(_) => transfer_game(staging, output, g, rows, &lost_dice),
        };
        match outcome {
            Ok((new_id, nodes)) => recovered.push(RecoveredGame {
                id: g,
                new_id,
                title: titles[&g].clone(),
                nodes,
                warning: warnings.get(&g).cloned(),
            }),
            Err(reason) => lost.push(LostGame {
                id: g,
                title: titles.get(&g).cloned(),
                reason,
            }),
        }
        // A batch of a few games a transaction, as `kepi import-game` writes them.
        if (i + 1) % 32 == 0 {
            output.commit_batch()?;
            output.begin_batch()?;
        }
        progress(i + 1, games.len());
    }
    output.commit_batch()?;
    Ok((recovered, lost))
}

/// One game: read whole from the staging archive, then imported (replayed first). The new id
/// and its node count, or why it is lost.
fn transfer_game(
    staging: &Archive,
    output: &mut Archive,
    game: GameId,
    rows: usize,
    lost_dice: &[&LostRows],
) -> std::result::Result<(GameId, usize), String> {
    let tree = staging.export_game(game).map_err(|e| e.to_string())?;
    if tree.nodes.is_empty() {
        return Err(match rows {
            0 => "none of its node rows can be read".to_string(),
            _ => format!(
                "its root node cannot be read, so none of its {rows} node row(s) can be replayed"
            ),
        });
    }
    if tree.nodes.len() != rows {
        return Err(format!(
            "{} of its {rows} node rows are cut off from its root (a node between them cannot \
             be read), so its tree is not whole",
            rows - tree.nodes.len().min(rows)
        ));
    }
    output.import_game(&tree).map(|id| (id, rows)).map_err(|e| {
        let unread: Vec<String> = lost_dice
            .iter()
            .filter(|l| tree.nodes.iter().any(|n| l.contains(n.id)))
            .map(|l| l.to_string())
            .collect();
        if unread.is_empty() {
            e.to_string()
        } else {
            format!(
                "{e} (the dice of some of its nodes cannot be read: {})",
                unread.join("; ")
            )
        }
    })
}

/// The games that may have lost node rows in a lost range: the game whose readable node comes
/// just before the range (its last commands, or a variation recorded there). A game's nodes
/// are numbered from its root upward, so a range below a game's root holds none of its nodes.
fn tail_warnings(conn: &Connection, lost_rows: &[LostRows]) -> Result<BTreeMap<GameId, String>> {
    let mut out: BTreeMap<GameId, String> = BTreeMap::new();
    for l in lost_rows.iter().filter(|l| l.table == "nodes") {
        let before: Option<(GameId, i64)> = conn
            .query_row(
                "SELECT game_id, id FROM nodes WHERE id < ?1 ORDER BY id DESC LIMIT 1",
                [l.first],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        if let Some((g, node)) = before {
            let text = format!(
                "its last readable node row is {node}, just before unreadable ones ({l}): it \
                 may have lost the commands or variations recorded there"
            );
            out.entry(g)
                .and_modify(|w| {
                    w.push_str("; ");
                    w.push_str(&text)
                })
                .or_insert(text);
        }
    }
    Ok(out)
}

//! What `kepi bench --archive` compares the archive with, measured on the same file: a bare
//! SQLite commit of one row, a bare snapshot decode and replay, a bare FTS5 query. Not for
//! anything but the benchmark (`#[doc(hidden)]`).

use super::snapshot_encoding::{self as encoding, Stored};
use super::{Archive, ArchiveError, NodeId, Result};
use crate::engine::dice::RecordedDice;
use crate::engine::game::Applied;
use std::time::{Duration, Instant};

impl Archive {
    /// Record an applied command as a child of `parent` (what [`Archive::play`] writes), so
    /// that the benchmark times the write alone, without the engine.
    #[doc(hidden)]
    pub fn bench_record(
        &mut self,
        parent: NodeId,
        applied: &Applied,
        draws: u64,
    ) -> Result<NodeId> {
        let p = self.node(parent)?;
        self.insert(&p, applied, draws, None)
    }

    /// One row of `bytes` bytes committed alone in its own transaction, in a scratch table.
    #[doc(hidden)]
    pub fn bench_bare_commit(&self, bytes: usize) -> Result<Duration> {
        self.conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY, data BLOB)",
        )?;
        let data = vec![7u8; bytes];
        let t = Instant::now();
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.conn
            .execute("INSERT INTO bench_bare (data) VALUES (?1)", [&data])?;
        self.conn.execute_batch("COMMIT")?;
        Ok(t.elapsed())
    }

    #[doc(hidden)]
    pub fn bench_drop_bare(&self) -> Result<()> {
        self.conn.execute_batch("DROP TABLE IF EXISTS bench_bare")?;
        Ok(())
    }

    /// The bare work of opening node `id`: its nearest snapshot decoded and the commands since
    /// applied with their dice, nothing read from SQL nor checked while timed.
    #[doc(hidden)]
    pub fn bench_open_bare(&self, id: NodeId) -> Result<Duration> {
        let mut chain = vec![self.node(id)?];
        let stored = loop {
            let n = chain.last().expect("the chain starts with node `id`");
            let snap: Option<rusqlite::types::Value> =
                rusqlite::OptionalExtension::optional(self.conn.query_row(
                    "SELECT state FROM snapshots WHERE node_id = ?1",
                    [n.id],
                    |r| r.get(0),
                ))?;
            if let Some(s) = snap {
                break Stored::from_sql(s).map_err(ArchiveError::Invalid)?;
            }
            let p = n.parent.expect("a root has a snapshot");
            chain.push(self.node(p)?);
        };
        chain.reverse();
        let root = self.root_state(chain[0].game)?;
        let dict = self.cached_root_payload(chain[0].game)?;
        let steps: Vec<_> = chain[1..]
            .iter()
            .map(|n| Ok((n.command.clone().unwrap_or_default(), self.rolls(n.id)?)))
            .collect::<Result<_>>()?;
        let t = Instant::now();
        let mut state = match &stored {
            Stored::Compact(b) => {
                let payload = encoding::decode_compact(b, || Ok(dict.clone()))
                    .map_err(ArchiveError::Invalid)?;
                root.rules().restore_bytes(&root, &payload)
            }
            Stored::Json(t) => root.rules().restore(&root, t),
        }
        .map_err(ArchiveError::Invalid)?;
        for (command, rolls) in steps {
            let mut dice = RecordedDice::new(rolls);
            state = state.rules().apply(&state, &command, &mut dice)?.state;
        }
        let took = t.elapsed();
        std::hint::black_box(state);
        Ok(took)
    }

    /// The FTS5 query alone that [`Archive::search`] issues for `text`.
    #[doc(hidden)]
    pub fn bench_bare_fts(&self, text: &str, limit: usize) -> Result<usize> {
        let mut st = self.conn.prepare_cached(
            "SELECT game_id FROM search WHERE search MATCH ?1 ORDER BY rank LIMIT ?2",
        )?;
        let n = st
            .query_map(rusqlite::params![text, limit as i64], |r| {
                r.get::<_, i64>(0)
            })?
            .count();
        Ok(n)
    }
}

//! Writing many generated games in shared transactions (`kepi autoplay --db`).
//!
//! Invariants: outside a batch every write is its own immediate transaction; inside one,
//! each write (a game's creation, a command) is a savepoint of the batch's one transaction, so
//! a failed write is undone alone and the batch goes on, and what the batch wrote reaches the
//! file all at once at [`Archive::commit_batch`] or not at all (a process killed before it
//! leaves the archive as it was at the last commit: only whole batches are ever in the file).

use super::{Archive, Result};
use std::ops::Deref;

/// A write: its own immediate transaction, or a savepoint inside an open batch.
pub(super) enum Write<'a> {
    Alone(rusqlite::Transaction<'a>),
    InBatch(rusqlite::Savepoint<'a>),
}

impl Deref for Write<'_> {
    type Target = rusqlite::Connection;
    fn deref(&self) -> &rusqlite::Connection {
        match self {
            Write::Alone(t) => t,
            Write::InBatch(s) => s,
        }
    }
}

impl Write<'_> {
    pub(super) fn commit(self) -> Result<()> {
        match self {
            Write::Alone(t) => t.commit()?,
            Write::InBatch(s) => s.commit()?,
        }
        Ok(())
    }
}

impl Archive {
    /// Begin a write of its own, or a savepoint of the open batch.
    pub(super) fn write(&mut self) -> Result<Write<'_>> {
        Ok(if self.batch_open {
            Write::InBatch(self.conn.savepoint()?)
        } else {
            Write::Alone(self.conn.transaction()?)
        })
    }

    /// Open a batch: later writes share one transaction until [`Archive::commit_batch`]. It
    /// holds the write lock, so other writers wait (up to the busy timeout) while it is open:
    /// commit every few games.
    pub fn begin_batch(&mut self) -> Result<()> {
        if !self.batch_open {
            self.conn.execute_batch("BEGIN IMMEDIATE")?;
            self.batch_open = true;
        }
        Ok(())
    }

    /// Write everything since [`Archive::begin_batch`] to the file at once.
    pub fn commit_batch(&mut self) -> Result<()> {
        if self.batch_open {
            self.batch_open = false;
            if let Err(e) = self.conn.execute_batch("COMMIT") {
                let _ = self.conn.execute_batch("ROLLBACK");
                self.forget_nodes();
                self.labels.borrow_mut().clear();
                return Err(e.into());
            }
        }
        Ok(())
    }

    /// The game already recorded with this scenario (by its hash), options and seed, played
    /// to its end: what a resumed batch skips.
    pub fn finished_game_with_seed(
        &self,
        scenario_hash: &str,
        seed: u64,
    ) -> Result<Option<super::GameId>> {
        Ok(rusqlite::OptionalExtension::optional(self.conn.query_row(
            "SELECT id FROM games WHERE scenario_hash = ?1 AND seed = ?2
             AND finished IS NOT NULL ORDER BY id LIMIT 1",
            rusqlite::params![scenario_hash, seed as i64],
            |r| r.get(0),
        ))?)
    }

    /// The game already recorded with this scenario (by its hash), dice seed and players (by
    /// name, one per side, as given to [`Archive::create_game`]), played to its end: what a
    /// resumed `kepi balance --db` takes instead of playing it again.
    pub fn finished_game_with_players(
        &self,
        scenario_hash: &str,
        seed: u64,
        players: &[String],
    ) -> Result<Option<super::GameId>> {
        let names = serde_json::to_string(players).expect("names serialize");
        Ok(rusqlite::OptionalExtension::optional(self.conn.query_row(
            "SELECT id FROM games WHERE scenario_hash = ?1 AND seed = ?2 AND players = ?3
             AND finished IS NOT NULL ORDER BY id LIMIT 1",
            rusqlite::params![scenario_hash, seed as i64, names],
            |r| r.get(0),
        ))?)
    }
}

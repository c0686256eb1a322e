//! Schema 3: compact snapshots and node rows, and the migration that rewrites an older
//! archive into them.
//!
//! What schema 3 changes is what the columns hold, not the tables: `snapshots.state` is a
//! compact BLOB ([`super::snapshot_encoding`]) at the root and every [`SNAPSHOT_EVERY`] plies,
//! and `nodes.events` is `''` (recomputed by replay). A schema 2 reader would misread both,
//! hence the new version, which it refuses.
//!
//! The compaction of a game, run by the migration for every game in its one transaction and
//! by `kepi archive compact` (the same transaction rule):
//! - every snapshot kept is restored and checked against its node's state hash before it is
//!   rewritten; one that does not check is left exactly as it was (JSON snapshots stay
//!   readable) for `kepi archive check` to report, so compaction never turns a damaged
//!   snapshot into a well-formed wrong one;
//! - snapshots off the interval are deleted (the root's never);
//! - stored events are cleared only for a game whose root state can be built (its rule system
//!   is known to this Kepi): they are recomputed by replaying the node;
//! - a game whose rule system this Kepi does not know is left as it was.

use super::node_rows::GAME_TREE;
use super::snapshot_encoding::{self as encoding, Stored};
use super::{Archive, GameId, Progress, Result, SNAPSHOT_EVERY};
use rusqlite::params;

/// Setups are stored once (`setups`, by the SHA-256 of their text) and named by each game
/// (`games.setup_hash`, `games.setup` then `''`); the version also marks the new forms of
/// `snapshots.state` and `nodes.events`.
pub(super) const V3: &str = "
CREATE TABLE setups (
    hash  TEXT PRIMARY KEY,              -- SHA-256 of the text
    setup TEXT NOT NULL                  -- JSON {scenario, map, catalog}
);
ALTER TABLE games ADD COLUMN setup_hash TEXT;  -- setups.hash; NULL: `setup` embeds it
";

/// What compacting did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compacted {
    pub games: usize,
    /// Games left as they were (their rule system or setup cannot be read here).
    pub skipped: Vec<GameId>,
    pub rewritten: usize,
    pub deleted: usize,
    /// Snapshots left as they were because they do not restore to their node's hash.
    pub unreadable: Vec<(GameId, i64)>,
}

impl Archive {
    /// Rewrite every game's snapshots compact, at the current interval, in one transaction
    /// (`kepi archive compact`; also what opening a schema 1-2 archive does). An archive
    /// already compact is left with the same contents.
    pub fn compact(&mut self, progress: Progress) -> Result<Compacted> {
        self.in_transaction(|a| a.compact_games(progress))
    }

    /// Inside a transaction: compact every game.
    pub(super) fn compact_games(&self, progress: Progress) -> Result<Compacted> {
        let games: Vec<GameId> = {
            let mut st = self.conn.prepare("SELECT id FROM games ORDER BY id")?;
            st.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        let mut out = Compacted {
            games: games.len(),
            ..Compacted::default()
        };
        progress(0, games.len());
        for (i, &g) in games.iter().enumerate() {
            self.share_setup(g)?;
            self.compact_game(g, &mut out)?;
            progress(i + 1, games.len());
        }
        // States cached from the rows rewritten are still right, but drop them anyway: what
        // is opened next is read from the rows as they are now.
        self.forget_nodes();
        self.root_payloads.borrow_mut().clear();
        Ok(out)
    }

    /// Move a game's embedded setup into `setups` (once for all the games that share it).
    fn share_setup(&self, game: GameId) -> Result<()> {
        let text: String =
            self.conn
                .query_row("SELECT setup FROM games WHERE id = ?1", [game], |r| {
                    r.get(0)
                })?;
        if text.is_empty() {
            return Ok(());
        }
        let hash = super::games::store_setup_text(&self.conn, &text)?;
        self.conn.execute(
            "UPDATE games SET setup = '', setup_hash = ?2 WHERE id = ?1",
            params![game, hash],
        )?;
        Ok(())
    }

    fn compact_game(&self, game: GameId, out: &mut Compacted) -> Result<()> {
        let root_state = match self.root_state(game) {
            Ok(s) => s,
            Err(_) => {
                out.skipped.push(game);
                return Ok(());
            }
        };
        let rules = root_state.rules();
        // (node, ply, is the root, stored)
        let rows: Vec<(i64, i64, bool, rusqlite::types::Value)> = {
            let mut st = self.conn.prepare(&format!(
                "{GAME_TREE} SELECT n.id, n.ply, n.parent_id IS NULL, s.state
                 FROM tree JOIN nodes n ON n.id = tree.id JOIN snapshots s ON s.node_id = n.id
                 ORDER BY n.parent_id IS NOT NULL, n.ply, n.id"
            ))?;
            st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<rusqlite::Result<_>>()?
        };
        let mut root_payload: Option<Vec<u8>> = None;
        for (node, ply, is_root, stored) in rows {
            if !is_root && ply % SNAPSHOT_EVERY != 0 {
                self.conn
                    .execute("DELETE FROM snapshots WHERE node_id = ?1", [node])?;
                out.deleted += 1;
                continue;
            }
            let info = self.node(node)?;
            let state = match self.restore_snapshot(&info, stored.clone()) {
                Ok(s) => s,
                Err(_) => {
                    out.unreadable.push((game, node));
                    if is_root {
                        // Nothing else of this game can be checked against its root.
                        return Ok(());
                    }
                    continue;
                }
            };
            let payload = rules.snapshot_bytes(&state);
            let new = if is_root {
                let s = encoding::encode_root(&payload);
                root_payload = Some(payload);
                s
            } else {
                let root = match &root_payload {
                    Some(r) => r,
                    None => continue,
                };
                encoding::encode_against_root(&payload, root)
            };
            if Stored::from_sql(stored).ok().as_ref() != Some(&new) {
                self.conn.execute(
                    "UPDATE snapshots SET state = ?2 WHERE node_id = ?1",
                    params![node, &new],
                )?;
                out.rewritten += 1;
            }
            if is_root {
                // Later snapshots of this game are read against the new root.
                self.root_payloads.borrow_mut().remove(&game);
            }
        }
        // Schema 4 rows have no `events` column (the migration from 1-2 runs this first).
        let has_events: bool = self.conn.query_row(
            "SELECT count(*) > 0 FROM pragma_table_info('nodes') WHERE name = 'events'",
            [],
            |r| r.get(0),
        )?;
        if has_events {
            self.conn.execute(
                "UPDATE nodes SET events = '' WHERE game_id = ?1 AND events != ''",
                [game],
            )?;
        }
        Ok(())
    }
}

//! Looking after an archive: what it holds and where its bytes go (`kepi archive stats`),
//! whether every game still replays hash for hash and every snapshot restores to its node's
//! hash (`kepi archive check`), and giving free pages back to the disk (`kepi archive vacuum`).
//!
//! Invariants: `stats` and `check` only read; `check` reports every problem it finds (each
//! naming its game and node) rather than stopping at the first.

use super::ArchiveError;
use super::node_rows::GAME_TREE;
use super::{Archive, GameId, Progress, Result};
use serde::Serialize;

/// The bytes of one table or index, as SQLite's `dbstat` counts its pages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableBytes {
    pub name: String,
    pub bytes: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    pub schema: i32,
    pub games: i64,
    pub nodes: i64,
    pub dice: i64,
    pub snapshots: i64,
    /// Snapshots still in the schema 1-2 JSON form.
    pub json_snapshots: i64,
    pub annotations: i64,
    /// Pages in use and free, times the page size (the database as a reader sees it, the WAL
    /// included).
    pub bytes: i64,
    pub free_bytes: i64,
    /// Every table and index, largest first.
    pub tables: Vec<TableBytes>,
}

impl Stats {
    /// Bytes in use a node, everything included (games, snapshots, dice, indexes).
    pub fn bytes_per_node(&self) -> f64 {
        if self.nodes == 0 {
            return 0.0;
        }
        (self.bytes - self.free_bytes) as f64 / self.nodes as f64
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CheckReport {
    /// SQLite's `integrity_check` ("ok" when sound).
    pub sqlite: String,
    pub games: usize,
    pub nodes: usize,
    pub snapshots: usize,
    /// Each problem, naming its game and node.
    pub problems: Vec<String>,
    /// Games recorded under an older rules version that today's rules replay differently
    /// from a node on: every node opens, shown as recorded from there (not a problem).
    #[serde(default)]
    pub shown_as_recorded: Vec<String>,
}

impl Archive {
    pub fn stats(&self) -> Result<Stats> {
        let count = |table: &str| -> Result<i64> {
            Ok(self
                .conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)
        };
        let pragma = |name: &str| -> Result<i64> {
            Ok(self
                .conn
                .query_row(&format!("PRAGMA {name}"), [], |r| r.get(0))?)
        };
        let page = pragma("page_size")?;
        let tables = {
            let mut st = self
                .conn
                .prepare("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC, 1")?;
            st.query_map([], |r| {
                Ok(TableBytes {
                    name: r.get(0)?,
                    bytes: r.get(1)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?
        };
        let has_annotations: bool = self.conn.query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE name = 'annotations'",
            [],
            |r| r.get(0),
        )?;
        Ok(Stats {
            schema: self.schema_version()?,
            games: count("games")?,
            nodes: count("nodes")?,
            dice: count("dice")?,
            snapshots: count("snapshots")?,
            json_snapshots: self.conn.query_row(
                "SELECT count(*) FROM snapshots WHERE typeof(state) = 'text'",
                [],
                |r| r.get(0),
            )?,
            annotations: if has_annotations {
                count("annotations")?
            } else {
                0
            },
            bytes: pragma("page_count")? * page,
            free_bytes: pragma("freelist_count")? * page,
            tables,
        })
    }

    /// SQLite's integrity check, then every game replayed from its root hash for hash, then
    /// every snapshot restored and checked against its node's hash.
    pub fn check(&self, progress: Progress) -> Result<CheckReport> {
        let mut report = CheckReport {
            sqlite: self.integrity_check()?,
            ..CheckReport::default()
        };
        let games: Vec<GameId> = {
            let mut st = self.conn.prepare("SELECT id FROM games ORDER BY id")?;
            st.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        report.games = games.len();
        progress(0, games.len());
        for (i, &g) in games.iter().enumerate() {
            self.forget_nodes();
            match self.verify_tree(g) {
                Ok(n) => report.nodes += n,
                Err(e) => self.check_as_recorded(g, e, &mut report)?,
            }
            let snaps: Vec<(i64, rusqlite::types::Value)> = {
                let mut st = self.conn.prepare(&format!(
                    "{GAME_TREE} SELECT s.node_id, s.state FROM tree
                     JOIN nodes n ON n.id = tree.id JOIN snapshots s ON s.node_id = n.id
                     ORDER BY n.ply, n.id"
                ))?;
                st.query_map([g], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<rusqlite::Result<_>>()?
            };
            for (node, stored) in snaps {
                report.snapshots += 1;
                let checked = self
                    .node(node)
                    .and_then(|info| self.restore_snapshot(&info, stored));
                if let Err(e) = checked {
                    report.problems.push(with_game(g, e.to_string()));
                }
            }
            progress(i + 1, games.len());
        }
        for (g, count) in self.unreachable_nodes()? {
            report
                .problems
                .push(super::nodes::unreachable(g, count).to_string());
        }
        self.forget_nodes();
        Ok(report)
    }

    /// A game today's rules do not replay hash for hash: readable when every node opens as
    /// recorded and it was recorded under an older rules version; else a problem (a game of
    /// today's version that replays differently is damaged, or an engine that lost its
    /// determinism).
    fn check_as_recorded(
        &self,
        g: GameId,
        failure: ArchiveError,
        report: &mut CheckReport,
    ) -> Result<()> {
        let parted = self.game_parting(g);
        self.forget_nodes();
        let info = self.game(g)?;
        let today = self
            .root_state(g)
            .map(|s| (s.rules().name(), s.rules().rules_version()));
        match (parted, today) {
            (Ok(Some(p)), Ok((name, today))) => {
                let note = format!(
                    "game {g}: recorded under {name} rules {}; today's rules {today} read it \
                     differently from node {} (game-turn {}, {}, recorded under rules {}): {}; \
                     all {} nodes open, {} shown as recorded",
                    info.rules_version,
                    p.node,
                    p.turn,
                    p.phase,
                    p.recorded_version,
                    p.difference,
                    p.nodes,
                    p.nodes_as_recorded
                );
                report.nodes += p.nodes;
                // Recorded under other rules (older, or newer than this Kepi's): shown as
                // recorded is what it should be.
                if p.recorded_version != today {
                    report.shown_as_recorded.push(note);
                } else {
                    report.problems.push(format!(
                        "{note}, though it was recorded under today's rules (damaged, or the \
                         engine lost its determinism)"
                    ));
                }
            }
            _ => report.problems.push(with_game(g, failure.to_string())),
        }
        Ok(())
    }

    /// Rebuild the file without its free pages (SQLite's `VACUUM`), then truncate the WAL.
    /// Returns the database's bytes before and after.
    pub fn vacuum(&mut self) -> Result<(i64, i64)> {
        let size = |a: &Archive| -> Result<i64> {
            let pages: i64 = a.conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
            let page: i64 = a.conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
            Ok(pages * page)
        };
        let before = size(self)?;
        self.conn.execute_batch("VACUUM")?;
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok((before, size(self)?))
    }
}

/// A problem's message, with its game named when the message does not already say it.
fn with_game(game: GameId, message: String) -> String {
    if message.contains(&format!("game {game}")) {
        message
    } else {
        format!("game {game}: {message}")
    }
}

//! The `nodes`, `dice` and `snapshots` tables: the game tree, each command's dice, and periodic
//! states for fast opening. (Schema 1's SQL is below; the schema 4 forms of `nodes` and
//! `dice_rows` are in [`super::node_rows`].)
//!
//! Invariants: a node's events are not stored ([`Archive::events`] replays the node to
//! recompute them); every game's root has a snapshot,
//! kind `r` once compacted (see [`super::snapshot_encoding`]); a snapshot is written at every
//! ply that is a multiple of [`SNAPSHOT_EVERY`] on the line being played.

use super::command_encoding;
use super::node_rows::{self as rows, GAME_TREE, N_COLUMNS, NODE_COLUMNS};
use super::recorded_boards::{BLOCK_EVERY, board_of, stored_patch};
use super::snapshot_encoding::{self as encoding, Stored};
use super::{Archive, ArchiveError, GameId, NodeId, Result, SNAPSHOT_EVERY};
use crate::engine::dice::{Dice, DiceSpec, ForcedDice, QueuedDice, Roll, SeededDice};
use crate::engine::game::{AnyState, Applied, replay_step_checking};
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

pub(super) const V1: &str = "
CREATE TABLE nodes (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    parent_id     INTEGER REFERENCES nodes(id) ON DELETE CASCADE,  -- NULL: the root
    sibling_order INTEGER NOT NULL DEFAULT 0,  -- 0: the main line
    ply           INTEGER NOT NULL,            -- commands from the root
    command       TEXT,                        -- JSON; NULL for the root
    events        TEXT NOT NULL DEFAULT '[]',  -- JSON
    state_hash    TEXT NOT NULL,               -- hash of the state after the command
    turn          INTEGER NOT NULL,
    phase         TEXT NOT NULL,
    player        INTEGER NOT NULL,
    dice_draws    INTEGER NOT NULL,            -- live dice position after the command
    name          TEXT,                        -- variation name
    created       TEXT NOT NULL
);
CREATE INDEX nodes_game ON nodes(game_id, ply);
CREATE INDEX nodes_parent ON nodes(parent_id, sibling_order);
CREATE TABLE dice (
    node_id  INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,                 -- order of the roll within the command
    purpose  TEXT NOT NULL,
    spec     TEXT NOT NULL,                    -- '1d6'
    faces    TEXT NOT NULL,                    -- JSON array
    total    INTEGER NOT NULL,
    context  TEXT NOT NULL,                    -- JSON: attackers, defender, odds...
    forced   INTEGER NOT NULL DEFAULT 0,       -- 1: chosen in a branch, not drawn
    PRIMARY KEY (node_id, seq)
);
CREATE TABLE snapshots (
    node_id INTEGER PRIMARY KEY REFERENCES nodes(id) ON DELETE CASCADE,
    state   TEXT NOT NULL                      -- JSON of the state after the node
);
";

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NodeInfo {
    pub id: NodeId,
    pub game: GameId,
    pub parent: Option<NodeId>,
    pub sibling_order: i64,
    pub ply: i64,
    /// The ruleset's command, as JSON (`None` at the root).
    pub command: Option<Value>,
    pub state_hash: String,
    pub turn: u32,
    pub phase: String,
    pub player: usize,
    pub dice_draws: u64,
    pub name: Option<String>,
    /// The rules version its command was played under, when not its game's (a game recorded
    /// under an older version, played on or branched under today's rules); `None`: the
    /// game's own (`GameInfo::rules_version`).
    pub rules_version: Option<u32>,
}

/// Schema 6: the rules version a node's command was played under when it is not its game's
/// (NULL, the default, for every node recorded before and every node played under the
/// game's own version).
pub(super) const V6: &str = "
ALTER TABLE nodes ADD COLUMN rules_version INTEGER;
";

pub(super) fn insert_root(
    tx: &rusqlite::Connection,
    game: GameId,
    state: &AnyState,
) -> Result<NodeId> {
    let p = state.progress();
    tx.execute(
        "INSERT INTO nodes (game_id, parent_id, sibling_order, ply, command, state_hash, turn,
                            phase, player, dice_draws)
         VALUES (?1, NULL, 0, 0, NULL, ?2, ?3, ?4, ?5, 0)",
        params![
            game,
            rows::hash_to_sql(&state.hash()),
            p.turn,
            rows::label_id(tx, &p.phase_key)?,
            p.player as i64,
        ],
    )?;
    let id = tx.last_insert_rowid();
    let stored = encoding::encode_root(&state.rules().snapshot_bytes(state));
    tx.execute(
        "INSERT INTO snapshots (node_id, state) VALUES (?1, ?2)",
        params![id, &stored],
    )?;
    Ok(id)
}

/// The payload of a game's root snapshot (the dictionary of its other snapshots).
pub(super) fn root_payload(conn: &rusqlite::Connection, game: GameId) -> Result<Vec<u8>> {
    let stored: Option<rusqlite::types::Value> = conn
        .query_row(
            "SELECT s.state FROM nodes n JOIN snapshots s ON s.node_id = n.id
             WHERE n.game_id = ?1 AND n.parent_id IS NULL",
            [game],
            |r| r.get(0),
        )
        .optional()?;
    let stored = stored
        .ok_or_else(|| ArchiveError::Replay(format!("game {game}: its root has no snapshot")))?;
    let stored = Stored::from_sql(stored)
        .map_err(|e| ArchiveError::Replay(format!("game {game}: its root snapshot: {e}")))?;
    match &stored {
        Stored::Json(_) => Err(ArchiveError::Invalid(format!(
            "game {game}: its root snapshot is in the schema 2 JSON form; open the archive with \
             Kepi to compact it first"
        ))),
        Stored::Compact(_) if stored.needs_root() => Err(ArchiveError::Replay(format!(
            "game {game}: its root snapshot is compressed against a root (the file is damaged)"
        ))),
        Stored::Compact(b) => encoding::decode_compact(b, || Err("a root needs no root".into()))
            .map_err(|e| ArchiveError::Replay(format!("game {game}: its root snapshot: {e}"))),
    }
}

/// The snapshot of a non-root node, compressed against its game's root.
pub(super) fn snapshot_of(
    conn: &rusqlite::Connection,
    game: GameId,
    state: &AnyState,
) -> Result<Stored> {
    let root = root_payload(conn, game)?;
    Ok(encoding::encode_against_root(
        &state.rules().snapshot_bytes(state),
        &root,
    ))
}

/// Insert one played command as a child of `parent`, with its dice and, every
/// `SNAPSHOT_EVERY` plies, a snapshot.
#[allow(clippy::too_many_arguments)]
pub(super) fn insert_child(
    tx: &rusqlite::Connection,
    parent: &NodeInfo,
    command: &Value,
    state: &AnyState,
    rolls: &[Roll],
    dice_draws: u64,
    name: Option<&str>,
    rules_version: Option<u32>,
    board: &[u8],
) -> Result<NodeId> {
    let p = state.progress();
    // Events are not stored: replay recomputes them (`Archive::events`). The command is
    // binary and the phase a label (schema 4, `node_rows`).
    let id = insert_row(
        tx,
        parent,
        &RecordedRow {
            command,
            state_hash: &state.hash(),
            turn: p.turn,
            phase: &p.phase_key,
            player: p.player,
            rolls,
            dice_draws,
            name,
            rules_version,
            board,
        },
    )?;
    let ply = parent.ply + 1;
    if ply % SNAPSHOT_EVERY == 0 {
        let stored = snapshot_of(tx, parent.game, state)?;
        tx.execute(
            "INSERT INTO snapshots (node_id, state) VALUES (?1, ?2)",
            params![id, &stored],
        )?;
    }
    // The boards of the stretch since the last packing, or of a game's last stretch, packed
    // into one block (schema 7, `recorded_boards`).
    if ply % BLOCK_EVERY == 0 || state.outcome().is_some() {
        super::recorded_boards::pack_line(tx, id)?;
    }
    Archive::finish(tx, parent.game, state)?;
    Ok(id)
}

/// A node's row as recorded, its state not at hand (a record today's rules read differently).
pub(super) struct RecordedRow<'a> {
    pub command: &'a Value,
    pub state_hash: &'a str,
    pub turn: u32,
    /// The phase's key.
    pub phase: &'a str,
    pub player: usize,
    pub rolls: &'a [Roll],
    pub dice_draws: u64,
    pub name: Option<&'a str>,
    pub rules_version: Option<u32>,
    /// As `nodes.board` stores it.
    pub board: &'a [u8],
}

/// Insert a node shown as recorded (an imported record today's rules read differently): its
/// row and dice as the record has them, no snapshot; its line's boards packed at the same
/// plies as a played line's.
pub(super) fn insert_recorded(
    tx: &rusqlite::Connection,
    parent: &NodeInfo,
    row: &RecordedRow,
) -> Result<NodeId> {
    let id = insert_row(tx, parent, row)?;
    if (parent.ply + 1) % BLOCK_EVERY == 0 {
        super::recorded_boards::pack_line(tx, id)?;
    }
    Ok(id)
}

/// The node row and its dice rows.
fn insert_row(tx: &rusqlite::Connection, parent: &NodeInfo, row: &RecordedRow) -> Result<NodeId> {
    let order: i64 = tx
        .prepare_cached("SELECT count(*) FROM nodes WHERE parent_id = ?1")?
        .query_row([parent.id], |r| r.get(0))?;
    tx.prepare_cached(
        "INSERT INTO nodes (game_id, parent_id, sibling_order, ply, command, state_hash,
                            turn, phase, player, dice_draws, name, rules_version, board)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        parent.game,
        parent.id,
        order,
        parent.ply + 1,
        rows::command_to_sql(tx, row.command)?,
        rows::hash_to_sql(row.state_hash),
        row.turn,
        rows::label_id(tx, row.phase)?,
        row.player as i64,
        row.dice_draws as i64,
        row.name,
        row.rules_version,
        row.board,
    ])?;
    let id = tx.last_insert_rowid();
    let mut st = tx.prepare_cached(
        "INSERT INTO dice_rows (node_id, seq, purpose, spec, faces, total, context, forced)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for (seq, r) in row.rolls.iter().enumerate() {
        st.execute(params![
            id,
            seq as i64,
            rows::label_id(tx, &r.purpose)?,
            rows::label_id(tx, &r.spec.to_string())?,
            serde_json::to_string(&r.faces).expect("faces serialize"),
            r.total as i64,
            // Schema 8: the commands' binary form, its keys and short strings as labels.
            rusqlite::types::Value::Blob(rows::command_to_sql(tx, &r.context)?),
            r.forced as i64,
        ])?;
    }
    Ok(id)
}

/// A roll from `purpose, spec, faces, total, context, forced` at column `at` on, its context
/// as stored (read with `Archive::with_context`).
fn row_roll(r: &rusqlite::Row, at: usize) -> rusqlite::Result<(Roll, rusqlite::types::Value)> {
    let faces: String = r.get(at + 2)?;
    Ok((
        Roll {
            purpose: r.get(at)?,
            spec: parse_spec(&r.get::<_, String>(at + 1)?),
            faces: serde_json::from_str(&faces).unwrap_or_default(),
            total: r.get::<_, i64>(at + 3)? as u32,
            context: serde_json::Value::Null,
            forced: r.get::<_, i64>(at + 5)? != 0,
        },
        r.get(at + 4)?,
    ))
}

fn parse_spec(s: &str) -> DiceSpec {
    let (c, d) = s.split_once('d').unwrap_or(("1", "6"));
    DiceSpec {
        count: c.parse().unwrap_or(1),
        sides: d.parse().unwrap_or(6),
    }
}

/// The children of several nodes, by parent, in order: each child's id and name
/// ([`Archive::children_of`]).
pub type ChildrenOf = HashMap<NodeId, Vec<(NodeId, Option<String>)>>;

impl Archive {
    pub fn node(&self, id: NodeId) -> Result<NodeInfo> {
        self.query_nodes(
            &format!("SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?1"),
            [id],
        )?
        .pop()
        .ok_or_else(|| ArchiveError::NotFound(format!("no node {id} in the archive")))
    }

    pub fn root(&self, game: GameId) -> Result<NodeInfo> {
        self.query_nodes(
            &format!(
                "SELECT {NODE_COLUMNS} FROM nodes WHERE game_id = ?1 AND parent_id IS NULL
                 ORDER BY id LIMIT 1"
            ),
            [game],
        )?
        .pop()
        .ok_or_else(|| ArchiveError::NotFound(format!("no game {game} in the archive")))
    }

    /// Children in order: the first is the main line.
    pub fn children(&self, id: NodeId) -> Result<Vec<NodeInfo>> {
        self.query_nodes(
            &format!(
                "SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ?1 ORDER BY sibling_order, id"
            ),
            [id],
        )
    }

    /// The root and the main line from it (first children), in order.
    pub fn main_line(&self, game: GameId) -> Result<Vec<NodeInfo>> {
        self.line_from(self.root(game)?)
    }

    /// `from`, then its first child, and so on to the end of that line.
    /// A damaged archive whose parent links loop is refused, not followed forever.
    pub fn line_from(&self, from: NodeInfo) -> Result<Vec<NodeInfo>> {
        let mut seen = HashSet::from([from.id]);
        let mut last = from.id;
        let mut out = vec![from];
        while let Some(n) = self.children(last)?.into_iter().next() {
            if !seen.insert(n.id) {
                return Err(looped(n.id));
            }
            last = n.id;
            out.push(n);
        }
        Ok(out)
    }

    /// The line through `id`: the root, each ancestor, `id`, then first children to the end
    /// ([`Archive::path_to`] then [`Archive::line_from`]) in three queries whatever its length
    /// (each of those asks once a node): for the replay view, which opens lines of thousands.
    /// Links that do not chain (a damaged file) are left to those two to name.
    pub fn line_through(&self, id: NodeId) -> Result<Vec<NodeInfo>> {
        let up = self.query_nodes(
            &format!(
                "WITH RECURSIVE up(id) AS (
                     SELECT ?1
                     UNION
                     SELECT n.parent_id FROM nodes n JOIN up ON n.id = up.id
                     WHERE n.parent_id IS NOT NULL)
                 SELECT {N_COLUMNS} FROM up JOIN nodes n ON n.id = up.id ORDER BY n.ply"
            ),
            [id],
        )?;
        // UNION, not UNION ALL: a loop ends the walk; the rows are then checked to chain.
        let down = self.query_nodes(
            &format!(
                "WITH RECURSIVE down(id) AS (
                     SELECT ?1
                     UNION
                     SELECT (SELECT c.id FROM nodes c WHERE c.parent_id = down.id
                             ORDER BY c.sibling_order, c.id LIMIT 1)
                     FROM down WHERE down.id IS NOT NULL)
                 SELECT {N_COLUMNS} FROM down JOIN nodes n ON n.id = down.id ORDER BY n.ply"
            ),
            [id],
        )?;
        let mut line = up;
        line.extend(down.into_iter().skip(1));
        let chains = line.first().is_some_and(|r| r.parent.is_none())
            && line.windows(2).all(|w| w[1].parent == Some(w[0].id))
            && line.iter().any(|n| n.id == id);
        let ends = match line.last() {
            Some(last) => self.children(last.id)?.is_empty(),
            None => false,
        };
        if chains && ends {
            return Ok(line);
        }
        let at = self.node(id)?;
        let mut line = self.path_to(id)?;
        line.extend(self.line_from(at)?.into_iter().skip(1));
        Ok(line)
    }

    /// The children of each of `parents`, in order (the first is the main line from there):
    /// their ids and names, in one query.
    pub fn children_of(&self, parents: &[NodeId]) -> Result<ChildrenOf> {
        let ids = serde_json::to_string(parents).expect("integers serialize");
        let mut st = self.conn.prepare_cached(
            "SELECT parent_id, id, name FROM nodes
             WHERE parent_id IN (SELECT value FROM json_each(?1))
             ORDER BY parent_id, sibling_order, id",
        )?;
        let mut out = ChildrenOf::new();
        for row in st.query_map([ids], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))? {
            let (parent, id, name) = row?;
            out.entry(parent).or_default().push((id, name));
        }
        Ok(out)
    }

    /// The last node of the main line.
    pub fn tip(&self, game: GameId) -> Result<NodeInfo> {
        Ok(self
            .main_line(game)?
            .pop()
            .expect("a game has at least its root"))
    }

    /// Every node of a game, parents before children: the tree under its root (schema 4 has
    /// no index of nodes by game; `nodes_root` finds the root, `nodes_parent` the rest).
    pub fn nodes(&self, game: GameId) -> Result<Vec<NodeInfo>> {
        self.query_nodes(
            &format!(
                "{GAME_TREE} SELECT {N_COLUMNS} FROM tree JOIN nodes n ON n.id = tree.id
                 ORDER BY n.ply, n.parent_id, n.sibling_order, n.id"
            ),
            [game],
        )
    }

    /// The root, then each ancestor, down to `id`.
    pub fn path_to(&self, id: NodeId) -> Result<Vec<NodeInfo>> {
        let first = self.node(id)?;
        let mut seen = HashSet::from([id]);
        let mut parent = first.parent;
        let mut out = vec![first];
        while let Some(p) = parent {
            if !seen.insert(p) {
                return Err(looped(p));
            }
            let n = self.node(p)?;
            parent = n.parent;
            out.push(n);
        }
        out.reverse();
        Ok(out)
    }

    /// The dice a node's command used, in order.
    pub fn rolls(&self, id: NodeId) -> Result<Vec<Roll>> {
        let mut st = self.conn.prepare_cached(
            "SELECT purpose, spec, faces, total, context, forced FROM dice WHERE node_id = ?1
             ORDER BY seq",
        )?;
        let rows = st
            .query_map([id], |r| row_roll(r, 0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(roll, context)| self.with_context(roll, context))
            .collect()
    }

    /// A roll's context as stored: the commands' binary form (schema 8) or JSON text (before).
    /// One that does not read is an error naming it: replaying checks the context the engine
    /// makes against it.
    fn with_context(&self, mut roll: Roll, stored: rusqlite::types::Value) -> Result<Roll> {
        use rusqlite::types::Value as Sql;
        roll.context = match stored {
            Sql::Blob(b) => {
                command_encoding::decode(&b, &mut rows::CachedLabels(self)).map_err(|e| {
                    ArchiveError::Replay(format!(
                        "the context of a {} roll does not read: {e}",
                        roll.purpose
                    ))
                })?
            }
            Sql::Text(t) => serde_json::from_str(&t).unwrap_or(serde_json::Value::Null),
            _ => serde_json::Value::Null,
        };
        Ok(roll)
    }

    /// The dice of several nodes in one query (opening a node replays up to
    /// `SNAPSHOT_EVERY - 1` of them), by node, each in order.
    fn rolls_of(&self, nodes: &[NodeInfo]) -> Result<HashMap<NodeId, Vec<Roll>>> {
        let ids = serde_json::to_string(&nodes.iter().map(|n| n.id).collect::<Vec<_>>())
            .expect("ids serialize");
        let mut st = self.conn.prepare_cached(
            "SELECT purpose, spec, faces, total, context, forced, node_id FROM dice
             WHERE node_id IN (SELECT value FROM json_each(?1)) ORDER BY node_id, seq",
        )?;
        let mut out: HashMap<NodeId, Vec<Roll>> = HashMap::new();
        let rows = st
            .query_map([ids], |r| Ok((r.get::<_, i64>(6)?, row_roll(r, 0)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (node, (roll, context)) in rows {
            out.entry(node)
                .or_default()
                .push(self.with_context(roll, context)?);
        }
        Ok(out)
    }

    /// The events a node's command produced, as JSON: recomputed by replaying the node from
    /// its parent (hash-checked). (Schema 1-2 stored them; schema 3-4 do not.)
    pub fn events(&self, id: NodeId) -> Result<serde_json::Value> {
        let n = self.node(id)?;
        let Some(parent) = n.parent else {
            return Ok(serde_json::Value::Array(Vec::new()));
        };
        let remembered = self.last.borrow().clone();
        let parent_state = self.state_at(parent)?;
        let applied = self.replay_applied(&parent_state, &n)?;
        // Opening the parent is a look-up, not a move: the node last opened stays at hand.
        *self.last.borrow_mut() = remembered;
        Ok(serde_json::Value::Array(applied.events))
    }

    /// The state after node `id`: from the nearest snapshot at or above it, replaying the
    /// recorded dice and checking every stored state hash.
    pub fn state_at(&self, id: NodeId) -> Result<AnyState> {
        if let Some(s) = self.cached_node(id) {
            return Ok(s);
        }
        let (chain, snapshot) = match self.chain_to_snapshot(id)? {
            Some(found) => found,
            None => self.chain_to_snapshot_step_by_step(id)?,
        };
        let base = &chain[0];
        let last = chain.len() - 1;
        if last == 0 {
            let state = self.restore_snapshot(base, snapshot)?;
            self.remember_node(id, state.clone());
            return Ok(state);
        }
        // One state hash is computed, the node opened's: a wrong snapshot or a wrong step on
        // the way shows there, and is then told apart by checking the snapshot (only on that
        // failure). The steps between have their dice checked; verify_game and `kepi archive
        // check` compare every node's hash.
        let mut state = self.restore_unchecked(base, snapshot.clone())?;
        let mut rolls = self.rolls_of(&chain[1..])?;
        for (i, n) in chain.iter().enumerate().skip(1) {
            let r = rolls.remove(&n.id).unwrap_or_default();
            state = match self.replay_with(&state, n, &r, i == last) {
                Ok(a) => a.state,
                Err(e) => {
                    self.restore_snapshot(base, snapshot)?;
                    return Err(e);
                }
            };
        }
        // The node opened is the one a player continues from (the play and replay views, a
        // branch): keep it at hand so playing from it does not replay it again.
        self.remember_node(id, state.clone());
        Ok(state)
    }

    /// The nodes from the nearest snapshot at or above `id` down to `id`, and that snapshot,
    /// in one query; `None` when the links do not lead to a snapshot (a damaged file), for
    /// [`Archive::chain_to_snapshot_step_by_step`] to say what is wrong.
    fn chain_to_snapshot(
        &self,
        id: NodeId,
    ) -> Result<Option<(Vec<NodeInfo>, rusqlite::types::Value)>> {
        // UNION, not UNION ALL: a loop in the links ends the walk instead of running forever.
        let mut st = self.conn.prepare_cached(&format!(
            "WITH RECURSIVE up(id, parent_id) AS (
                 SELECT id, parent_id FROM nodes WHERE id = ?1
                 UNION
                 SELECT n.id, n.parent_id FROM nodes n JOIN up ON n.id = up.parent_id
                 WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.node_id = up.id))
             SELECT {N_COLUMNS}, s.state AS snapshot FROM up JOIN nodes n ON n.id = up.id
             LEFT JOIN snapshots s ON s.node_id = n.id ORDER BY n.ply"
        ))?;
        let raws = st
            .query_map([id], |r| {
                Ok((
                    rows::raw_node(r)?,
                    r.get::<_, rusqlite::types::Value>("snapshot")?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        drop(st);
        let rows = raws
            .into_iter()
            .map(|(n, s)| Ok((self.decode_node(n)?, s)))
            .collect::<Result<Vec<_>>>()?;
        let linked = rows.windows(2).all(|w| w[1].0.parent == Some(w[0].0.id))
            && rows.last().is_some_and(|(n, _)| n.id == id);
        let mut rows = rows.into_iter();
        match rows.next() {
            Some((first, snap)) if linked && snap != rusqlite::types::Value::Null => {
                let mut chain = vec![first];
                chain.extend(rows.map(|(n, _)| n));
                Ok(Some((chain, snap)))
            }
            _ => Ok(None),
        }
    }

    /// [`Archive::chain_to_snapshot`] one node at a time, naming what is wrong in a damaged
    /// file (a loop, a root without its snapshot).
    fn chain_to_snapshot_step_by_step(
        &self,
        id: NodeId,
    ) -> Result<(Vec<NodeInfo>, rusqlite::types::Value)> {
        let mut chain = vec![self.node(id)?];
        let mut seen = HashSet::from([id]);
        let snapshot: rusqlite::types::Value = loop {
            let n = chain.last().expect("the chain starts with node `id`");
            let snap: Option<rusqlite::types::Value> = self
                .conn
                .query_row(
                    "SELECT state FROM snapshots WHERE node_id = ?1",
                    [n.id],
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(s) = snap {
                break s;
            }
            let parent = n.parent.ok_or_else(|| {
                ArchiveError::Replay(format!("game {}: its root has no snapshot", n.game))
            })?;
            if !seen.insert(parent) {
                return Err(looped(parent));
            }
            chain.push(self.node(parent)?);
        };
        chain.reverse();
        Ok((chain, snapshot))
    }

    /// A stored snapshot of node `n` read back and checked against the node's state hash.
    pub(super) fn restore_snapshot(
        &self,
        n: &NodeInfo,
        stored: rusqlite::types::Value,
    ) -> Result<AnyState> {
        let state = self.restore_unchecked(n, stored)?;
        if !crate::engine::hash::recorded_hash_matches(&n.state_hash, &state.hash()) {
            return Err(ArchiveError::Replay(format!(
                "game {}, node {}: its snapshot hashes to {}, the record says {}",
                n.game,
                n.id,
                state.hash(),
                n.state_hash
            )));
        }
        Ok(state)
    }

    /// A stored snapshot of node `n` read back, its hash not computed (the caller checks a
    /// state replayed from it).
    fn restore_unchecked(&self, n: &NodeInfo, stored: rusqlite::types::Value) -> Result<AnyState> {
        let unreadable = |e: String| {
            ArchiveError::Replay(format!(
                "game {}, node {}: its snapshot is unreadable: {e}",
                n.game, n.id
            ))
        };
        let root = self.root_state(n.game)?;
        let state = match Stored::from_sql(stored).map_err(unreadable)? {
            Stored::Json(text) => root.rules().restore(&root, &text),
            Stored::Compact(blob) => {
                let payload = encoding::decode_compact(&blob, || {
                    self.cached_root_payload(n.game)
                        .map_err(|e| format!("its game's root snapshot: {e}"))
                })
                .map_err(unreadable)?;
                root.rules().restore_bytes(&root, &payload)
            }
        }
        .map_err(unreadable)?;
        Ok(state)
    }

    /// A game's root payload, read once per handle.
    pub(super) fn cached_root_payload(&self, game: GameId) -> Result<std::sync::Arc<Vec<u8>>> {
        if let Some(p) = self.root_payloads.borrow().get(&game) {
            return Ok(p.clone());
        }
        let p = std::sync::Arc::new(root_payload(&self.conn, game)?);
        self.root_payloads.borrow_mut().insert(game, p.clone());
        Ok(p)
    }

    /// Apply a recorded node to its parent's state with its recorded dice; check the hash.
    fn replay_node(&self, parent_state: &AnyState, n: &NodeInfo) -> Result<AnyState> {
        Ok(self.replay_applied(parent_state, n)?.state)
    }

    /// [`Archive::replay_node`], with everything the command produced.
    fn replay_applied(&self, parent_state: &AnyState, n: &NodeInfo) -> Result<Applied> {
        self.replay_checking(parent_state, n, true)
    }

    /// A recorded node applied again, its hash compared when `check_hash`.
    fn replay_checking(
        &self,
        parent_state: &AnyState,
        n: &NodeInfo,
        check_hash: bool,
    ) -> Result<Applied> {
        let rolls = self.rolls(n.id)?;
        self.replay_with(parent_state, n, &rolls, check_hash)
    }

    /// [`Archive::replay_checking`] with the node's rolls already read.
    fn replay_with(
        &self,
        parent_state: &AnyState,
        n: &NodeInfo,
        rolls: &[Roll],
        check_hash: bool,
    ) -> Result<Applied> {
        let command = n
            .command
            .as_ref()
            .ok_or_else(|| ArchiveError::Replay(format!("node {} has no command", n.id)))?;
        let applied = replay_step_checking(
            parent_state,
            command,
            rolls,
            check_hash.then_some(n.state_hash.as_str()),
            &format!("node {}", n.id),
        )
        .map_err(|e| ArchiveError::Replay(format!("game {}: {e}", n.game)))?;
        Ok(applied)
    }

    /// Play a command after node `parent` with the game's live dice (the next faces taken from
    /// `forced`, marked forced). A parent that already has children gets a new variation.
    /// Written in one transaction with its dice before this returns.
    pub fn play(
        &mut self,
        parent: NodeId,
        command: &Value,
        forced: &mut VecDeque<u8>,
    ) -> Result<(NodeId, Applied)> {
        let p = self.node(parent)?;
        let state = self.state_at(parent)?;
        let seed = self.game(p.game)?.seed;
        let mut live = SeededDice::resume(seed, p.dice_draws);
        let applied = {
            let mut dice = QueuedDice::new(&mut live, forced);
            state
                .rules()
                .apply(&state, command, &mut dice as &mut dyn Dice)?
        };
        let id = self.insert(&p, &applied, live.draws(), None)?;
        Ok((id, applied))
    }

    /// "What if that roll had been a 6?": play node `id`'s command again from its parent with
    /// the rolls listed in `forced` (by their order within the command) replaced, as a new
    /// variation beside it.
    pub fn branch_forced(
        &mut self,
        id: NodeId,
        forced: BTreeMap<usize, Vec<u8>>,
        name: Option<&str>,
    ) -> Result<(NodeId, Applied)> {
        let n = self.node(id)?;
        let parent_id = n.parent.ok_or_else(|| {
            ArchiveError::Invalid("the root of a game has no command to play again".into())
        })?;
        let command = n.command.clone().ok_or_else(|| {
            ArchiveError::Replay(format!("node {id}: its command is missing or unreadable"))
        })?;
        let p = self.node(parent_id)?;
        let state = self.state_at(parent_id)?;
        let seed = self.game(p.game)?.seed;
        let mut live = SeededDice::resume(seed, p.dice_draws);
        let applied = {
            let mut dice = ForcedDice::new(&mut live, forced);
            state
                .rules()
                .apply(&state, &command, &mut dice as &mut dyn Dice)?
        };
        let new = self.insert(&p, &applied, live.draws(), name)?;
        Ok((new, applied))
    }

    /// Record an applied command (in its canonical form) as a child of `parent`.
    pub(super) fn insert(
        &mut self,
        parent: &NodeInfo,
        applied: &Applied,
        draws: u64,
        name: Option<&str>,
    ) -> Result<NodeId> {
        let parent_board = self.board_of_parent(parent.id)?;
        let tx = self.write()?;
        // Played under today's rules: recorded as such when the game was recorded under
        // another version (issue 37).
        let today = applied.state.rules().rules_version();
        let recorded: u32 = tx
            .prepare_cached("SELECT rules_version FROM games WHERE id = ?1")?
            .query_row([parent.game], |r| r.get(0))?;
        // The board as recorded (schema 7): what the command changed in it.
        let child_board = board_of(&applied.state);
        let board = stored_patch(&parent_board, &child_board);
        let written = insert_child(
            &tx,
            parent,
            &applied.command,
            &applied.state,
            &applied.rolls,
            draws,
            name,
            (today != recorded).then_some(today),
            &board,
        )
        .and_then(|id| tx.commit().map(|_| id));
        let id = match written {
            Ok(id) => id,
            Err(e) => {
                // Undone: labels it added may be given to other texts later.
                self.labels.borrow_mut().clear();
                return Err(e);
            }
        };
        self.remember_node(id, applied.state.clone());
        *self.last_board.borrow_mut() = Some((id, child_board));
        Ok(id)
    }

    /// The board of node `id` (a parent about to get a child): the one remembered from the
    /// last write when it is that node's, else drawn from its state.
    fn board_of_parent(&self, id: NodeId) -> Result<crate::engine::counters::Board> {
        // Only while the node is also the one remembered (`last`), which every undoing write
        // forgets: an id given again after a deletion never finds another node's board.
        let kept = self.last_board.borrow_mut().take();
        if let Some((n, b)) = kept
            && n == id
            && self.cached_node(id).is_some()
        {
            return Ok(b);
        }
        Ok(board_of(&self.state_at(id)?))
    }

    /// Make the line through `id` the main line at its fork.
    pub fn promote(&mut self, id: NodeId) -> Result<()> {
        let n = self.node(id)?;
        let parent = n
            .parent
            .ok_or_else(|| ArchiveError::Invalid("the root is not a variation".into()))?;
        let tx = self.write()?;
        tx.execute(
            "UPDATE nodes SET sibling_order = sibling_order + 1
             WHERE parent_id = ?1 AND sibling_order < ?2",
            params![parent, n.sibling_order],
        )?;
        tx.execute("UPDATE nodes SET sibling_order = 0 WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(())
    }

    /// Delete a variation: the node and everything after it.
    pub fn delete_variation(&mut self, id: NodeId) -> Result<()> {
        let n = self.node(id)?;
        let parent = n
            .parent
            .ok_or_else(|| ArchiveError::Invalid("the root cannot be deleted".into()))?;
        let tx = self.write()?;
        tx.execute("DELETE FROM nodes WHERE id = ?1", [id])?;
        tx.execute(
            "UPDATE nodes SET sibling_order = sibling_order - 1
             WHERE parent_id = ?1 AND sibling_order > ?2",
            params![parent, n.sibling_order],
        )?;
        tx.commit()?;
        self.forget_nodes();
        Ok(())
    }

    pub fn name_variation(&mut self, id: NodeId, name: &str) -> Result<()> {
        self.node(id)?;
        let name = name.trim();
        self.conn.execute(
            "UPDATE nodes SET name = ?2 WHERE id = ?1",
            params![id, (!name.is_empty()).then_some(name)],
        )?;
        Ok(())
    }

    /// The first main-line node of a game-turn (and phase, if given).
    pub fn find_on_main_line(
        &self,
        game: GameId,
        turn: u32,
        phase: Option<&str>,
    ) -> Result<NodeInfo> {
        self.main_line(game)?
            .into_iter()
            .find(|n| n.turn == turn && phase.is_none_or(|p| n.phase == p))
            .ok_or_else(|| {
                ArchiveError::NotFound(format!(
                    "game {game} has no node in game-turn {turn}{}",
                    phase.map(|p| format!(", {p}")).unwrap_or_default()
                ))
            })
    }

    /// Replay a whole game from its root through every node, checking every hash. A node of
    /// the game that cannot be reached from its root (damaged links) is an error too; finding
    /// those reads the whole `nodes` table (there is no index by game), which `kepi archive
    /// check` does once for all games instead ([`Archive::unreachable_nodes`]).
    pub fn verify_game(&self, game: GameId) -> Result<usize> {
        let n = self.verify_tree(game)?;
        let all: i64 = self.conn.query_row(
            "SELECT count(*) FROM nodes WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )?;
        if all as usize != n {
            return Err(unreachable(game, all as usize - n.min(all as usize)));
        }
        Ok(n)
    }

    /// Games with nodes that cannot be reached from their root: (game, how many), one pass
    /// over the whole table.
    pub(super) fn unreachable_nodes(&self) -> Result<Vec<(GameId, usize)>> {
        let mut st = self.conn.prepare(
            "WITH RECURSIVE tree(id) AS (
                 SELECT id FROM nodes WHERE parent_id IS NULL
                 UNION
                 SELECT n.id FROM nodes n JOIN tree t ON n.parent_id = t.id)
             SELECT game_id, count(*) FROM nodes WHERE id NOT IN tree
             GROUP BY game_id ORDER BY game_id",
        )?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as usize)))?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// [`Archive::verify_game`] of the nodes reached from the root only.
    pub(super) fn verify_tree(&self, game: GameId) -> Result<usize> {
        let nodes = self.nodes(game)?;
        let mut states: BTreeMap<NodeId, AnyState> = BTreeMap::new();
        let root = nodes
            .first()
            .ok_or_else(|| ArchiveError::NotFound(format!("no game {game}")))?;
        states.insert(root.id, self.state_at(root.id)?);
        for n in &nodes[1..] {
            // `nodes` puts the root first (ply 0); a second root is a damaged archive.
            let parent = n.parent.ok_or_else(|| {
                ArchiveError::Replay(format!("game {game}: node {} is a second root", n.id))
            })?;
            let ps = states
                .get(&parent)
                .ok_or_else(|| ArchiveError::Replay(format!("node {}: parent missing", n.id)))?
                .clone();
            let s = self.replay_node(&ps, n)?;
            states.insert(n.id, s);
        }
        Ok(nodes.len())
    }
}

/// Nodes of a game that its tree does not reach.
pub(super) fn unreachable(game: GameId, count: usize) -> ArchiveError {
    ArchiveError::Replay(format!(
        "game {game}: {count} of its nodes cannot be reached from its root (the archive's node \
         links are damaged)"
    ))
}

/// A node met twice while following parent or first-child links: in a sound archive the
/// nodes of a game form a tree, so only a damaged (or hand-edited) file can loop.
fn looped(id: NodeId) -> ArchiveError {
    ArchiveError::Replay(format!(
        "node {id} is its own ancestor: the archive's node links loop (the file is damaged)"
    ))
}

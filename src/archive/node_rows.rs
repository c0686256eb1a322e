//! Schema 4: compact node rows, the `labels` table they name, the search index keyed so that
//! nothing scans, and the migration that rewrites an older `nodes` table into them.
//!
//! A schema 4 node row holds only what cannot be recomputed cheaply: its links, its ply, its
//! command in the binary form of [`super::command_encoding`] (labels by id), its state hash as
//! 16 bytes, where the game stands after it (turn, phase as a label id, side to act) and the
//! live dice position. Events, the per-node creation time and the repeated phase names are gone
//! (events are recomputed by replay, the time of a game is `games.created`).
//!
//! Invariants:
//! - a row's `command` is a BLOB in the binary form, or (only where an older archive held JSON
//!   that does not parse) the old JSON text, kept as it was; `state_hash` is a BLOB of the
//!   hash's first [`HASH_BYTES_KEPT`] bytes (all 16 in rows written before schema 8) when the
//!   rule system's hash is hex digits, else the hash's text; `phase` is a `labels.id`; a
//!   roll's `context` is a BLOB in the commands' binary form (JSON text before schema 8);
//! - labels are never deleted or changed, so an id read once names the same text for the life
//!   of the file; a handle's cache of them is dropped whenever one of its writes is undone (an
//!   id added by an undone write may be given to another text later);
//! - the search index's rowid is `-games.id` for a game's row and `annotations.id` for an
//!   annotation's, so indexing, re-indexing and deleting are rowid look-ups, never a scan;
//! - a game's nodes are found from its root (`nodes_root`, a partial index of the roots) down
//!   `nodes_parent`; there is no index of every node by game.

use super::command_encoding::{self, Labels};
use super::{Archive, ArchiveError, GameId, NodeId, NodeInfo, Progress, Result};
use rusqlite::types::Value as Sql;
use rusqlite::{OptionalExtension, params};

/// The labels table, and the search index rebuilt with rowids that find its rows.
pub(super) const V4: &str = "
CREATE TABLE labels (
    id   INTEGER PRIMARY KEY,
    text TEXT NOT NULL UNIQUE        -- an object key, a short string or a phase's key
);
DROP TRIGGER IF EXISTS games_search_insert;
DROP TRIGGER IF EXISTS games_search_update;
DROP TRIGGER IF EXISTS games_search_delete;
DROP TRIGGER IF EXISTS annotations_search_delete;
DROP TABLE IF EXISTS search;
CREATE VIRTUAL TABLE search USING fts5(
    body,
    game_id UNINDEXED,
    annotation_id UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO search (rowid, body, game_id, annotation_id)
    SELECT -id, title || ' ' || notes || ' ' || scenario_id, id, NULL FROM games;
INSERT INTO search (rowid, body, game_id, annotation_id)
    SELECT a.id, a.text || ' ' || a.author || ' ' ||
           coalesce((SELECT group_concat(tag, ' ') FROM annotation_tags WHERE annotation_id = a.id), ''),
           n.game_id, a.id
    FROM annotations a JOIN nodes n ON n.id = a.node_id;
CREATE TRIGGER games_search_insert AFTER INSERT ON games BEGIN
    INSERT INTO search (rowid, body, game_id, annotation_id)
    VALUES (-new.id, new.title || ' ' || new.notes || ' ' || new.scenario_id, new.id, NULL);
END;
CREATE TRIGGER games_search_update AFTER UPDATE OF title, notes ON games BEGIN
    DELETE FROM search WHERE rowid = -old.id;
    INSERT INTO search (rowid, body, game_id, annotation_id)
    VALUES (-new.id, new.title || ' ' || new.notes || ' ' || new.scenario_id, new.id, NULL);
END;
CREATE TRIGGER games_search_delete AFTER DELETE ON games BEGIN
    DELETE FROM search WHERE rowid = -old.id;
END;
-- Also when a node's deletion cascades to its annotations.
CREATE TRIGGER annotations_search_delete AFTER DELETE ON annotations BEGIN
    DELETE FROM search WHERE rowid = old.id;
END;
";

/// Schema 8: no table changes. Rows written from here keep the first [`HASH_BYTES_KEPT`] bytes
/// of a state hash and a roll's context in the commands' binary form (`command_encoding`);
/// rows written before are read as they are (a 16-byte hash, a context as JSON text).
pub(super) const V8: &str = "-- schema 8: shorter hashes and binary dice contexts in new rows";

/// The schema 4 `nodes` table, created under another name and renamed once filled.
const NODES_V4: &str = "
CREATE TABLE nodes_v4 (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    parent_id     INTEGER REFERENCES nodes(id) ON DELETE CASCADE,  -- NULL: the root
    sibling_order INTEGER NOT NULL DEFAULT 0,  -- 0: the main line
    ply           INTEGER NOT NULL,            -- commands from the root
    command       BLOB,                        -- binary (command_encoding); NULL for the root
    state_hash    BLOB NOT NULL,               -- the hash of the state after it: 16 bytes, 8 from schema 8
    turn          INTEGER NOT NULL,
    phase         INTEGER NOT NULL,            -- labels.id of the phase's key
    player        INTEGER NOT NULL,
    dice_draws    INTEGER NOT NULL,            -- live dice position after the command
    name          TEXT,                        -- variation name
    -- Schema 6 (nodes::V6): NULL for every row rewritten here (the rewrite runs after every
    -- SQL migration, the ALTER of schema 6 included, on the way to the latest schema).
    rules_version INTEGER,
    -- Schema 7 (recorded_boards::V7): the board as recorded, NULL for rows rewritten here.
    board         BLOB
);
";

/// The dice rows of schema 4: without a rowid (the primary key (node, seq) is the table's own
/// order, so a roll costs no rowid and no second index), the purpose and the spec by label.
/// The view `dice` shows them as before, one plain row per roll, to any SQLite client (a
/// roll's context, since schema 8, as the BLOB of its binary form).
const DICE_V4: &str = "
CREATE TABLE dice_rows (
    node_id  INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,                 -- order of the roll within the command
    purpose  INTEGER NOT NULL,                 -- labels.id: 'fire combat (R&S 5.1)'
    spec     INTEGER NOT NULL,                 -- labels.id: '1d6'
    faces    TEXT NOT NULL,                    -- JSON array
    total    INTEGER NOT NULL,
    context  TEXT NOT NULL,                    -- attackers, defender, odds...: JSON text;
                                               -- from schema 8 a BLOB (command_encoding)
    forced   INTEGER NOT NULL DEFAULT 0,       -- 1: chosen in a branch, not drawn
    PRIMARY KEY (node_id, seq)
) WITHOUT ROWID;
INSERT OR IGNORE INTO labels (text) SELECT DISTINCT purpose FROM dice;
INSERT OR IGNORE INTO labels (text) SELECT DISTINCT spec FROM dice;
INSERT INTO dice_rows
    SELECT d.node_id, d.seq, p.id, s.id, d.faces, d.total, d.context, d.forced
    FROM dice d JOIN labels p ON p.text = d.purpose JOIN labels s ON s.text = d.spec;
DROP TABLE dice;
CREATE VIEW dice AS
    SELECT d.node_id, d.seq, p.text AS purpose, s.text AS spec, d.faces, d.total, d.context,
           d.forced
    FROM dice_rows d JOIN labels p ON p.id = d.purpose JOIN labels s ON s.id = d.spec;
";

/// Children are found by parent alone: a node has few, sorted after (the sibling order in the
/// index cost a byte a node).
const NODE_INDEXES: &str = "
CREATE INDEX nodes_parent ON nodes(parent_id);
CREATE INDEX nodes_root ON nodes(game_id) WHERE parent_id IS NULL;
CREATE VIEW nodes_readable AS
    SELECT n.id, n.game_id, n.parent_id, n.sibling_order, n.ply,
           CASE typeof(n.state_hash) WHEN 'blob' THEN lower(hex(n.state_hash))
                ELSE n.state_hash END AS state_hash,
           n.turn, l.text AS phase, n.player, n.dice_draws, n.name
    FROM nodes n JOIN labels l ON l.id = n.phase;
";

/// The ids of a game's nodes, as the table `tree`, for a query that binds the game as `?1`:
/// the tree under its root, followed down `nodes_parent` (any schema).
pub(super) const GAME_TREE: &str = "WITH RECURSIVE tree(id) AS (
         SELECT id FROM nodes WHERE game_id = ?1 AND parent_id IS NULL
         UNION
         SELECT n.id FROM nodes n JOIN tree t ON n.parent_id = t.id WHERE n.game_id = ?1) ";

/// The columns every node query reads, in [`RawNode`]'s order.
/// The columns of a node row the schema 4 rewrite copies (schemas 1-5 have them all).
const V4_COLUMNS: &str = "id, game_id, parent_id, sibling_order, ply, command, state_hash, turn, phase, player, \
     dice_draws, name";

/// A node row's columns, in the order [`raw_node`] reads them (schema 6 adds `rules_version`).
pub(super) const NODE_COLUMNS: &str = "id, game_id, parent_id, sibling_order, ply, command, state_hash, turn, phase, player, \
     dice_draws, name, rules_version";

/// [`NODE_COLUMNS`] of the table aliased `n`.
pub(super) const N_COLUMNS: &str = "n.id, n.game_id, n.parent_id, n.sibling_order, n.ply, n.command, n.state_hash, n.turn, \
     n.phase, n.player, n.dice_draws, n.name, n.rules_version";

/// A node row as stored (any schema's forms), before its labels are looked up.
pub(super) struct RawNode {
    id: NodeId,
    game: GameId,
    parent: Option<NodeId>,
    sibling_order: i64,
    ply: i64,
    command: Sql,
    state_hash: Sql,
    turn: i64,
    phase: Sql,
    player: i64,
    dice_draws: i64,
    name: Option<String>,
    rules_version: Option<u32>,
}

/// A row selected with [`NODE_COLUMNS`] first.
pub(super) fn raw_node(r: &rusqlite::Row) -> rusqlite::Result<RawNode> {
    Ok(RawNode {
        id: r.get(0)?,
        game: r.get(1)?,
        parent: r.get(2)?,
        sibling_order: r.get(3)?,
        ply: r.get(4)?,
        command: r.get(5)?,
        state_hash: r.get(6)?,
        turn: r.get(7)?,
        phase: r.get(8)?,
        player: r.get(9)?,
        dice_draws: r.get(10)?,
        name: r.get(11)?,
        // Absent from a row read with `V4_COLUMNS` (the schema 4 rewrite).
        rules_version: match r.get(12) {
            Err(rusqlite::Error::InvalidColumnIndex(_)) => None,
            other => other?,
        },
    })
}

/// Bytes of a state hash a node row keeps (schema 8; 16 before): the first 8 of the 16, which
/// tell a replay that parts from its record with odds of 2^-64 a node to miss it, at 8 bytes a
/// node less (the archive's size goal). Read back, they are a prefix of the whole hash
/// (`engine::hash::recorded_hash_matches`).
pub(super) const HASH_BYTES_KEPT: usize = 8;

/// A state hash as stored: its first [`HASH_BYTES_KEPT`] bytes when it is 32 (or, kept by a
/// game file written from a schema 8 archive, 16) lower-case hex digits, else its text.
pub(super) fn hash_to_sql(hash: &str) -> Sql {
    let hex = (hash.len() == 32 || hash.len() == 2 * HASH_BYTES_KEPT)
        && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !hex {
        return Sql::Text(hash.to_string());
    }
    let digit = |b: u8| if b <= b'9' { b - b'0' } else { b - b'a' + 10 };
    Sql::Blob(
        hash.as_bytes()[..2 * HASH_BYTES_KEPT]
            .chunks(2)
            .map(|p| digit(p[0]) << 4 | digit(p[1]))
            .collect(),
    )
}

fn hash_from_sql(v: Sql) -> String {
    match v {
        Sql::Blob(b) => b.iter().map(|x| format!("{x:02x}")).collect(),
        Sql::Text(t) => t,
        other => format!("{other:?}"),
    }
}

/// Labels read and added inside a write transaction.
pub(super) struct TxLabels<'a>(pub(super) &'a rusqlite::Connection);

impl Labels for TxLabels<'_> {
    fn id_of(&mut self, text: &str) -> std::result::Result<u64, String> {
        label_id(self.0, text)
            .map(|i| i as u64)
            .map_err(|e| e.to_string())
    }
    fn text_of(&mut self, id: u64) -> std::result::Result<String, String> {
        self.0
            .prepare_cached("SELECT text FROM labels WHERE id = ?1")
            .and_then(|mut st| st.query_row([id as i64], |r| r.get(0)).optional())
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no label {id} in the archive"))
    }
}

/// The id of a label, added when new.
pub(super) fn label_id(tx: &rusqlite::Connection, text: &str) -> Result<i64> {
    let found: Option<i64> = tx
        .prepare_cached("SELECT id FROM labels WHERE text = ?1")?
        .query_row([text], |r| r.get(0))
        .optional()?;
    if let Some(id) = found {
        return Ok(id);
    }
    tx.prepare_cached("INSERT INTO labels (text) VALUES (?1)")?
        .execute([text])?;
    Ok(tx.last_insert_rowid())
}

/// A command in its stored (binary) form.
pub(super) fn command_to_sql(tx: &rusqlite::Connection, c: &serde_json::Value) -> Result<Vec<u8>> {
    command_encoding::encode(c, &mut TxLabels(tx))
        .map_err(|e| ArchiveError::Invalid(format!("cannot store the command {c}: {e}")))
}

/// Labels read through a handle's cache.
pub(super) struct CachedLabels<'a>(pub(super) &'a Archive);

impl Labels for CachedLabels<'_> {
    fn id_of(&mut self, text: &str) -> std::result::Result<u64, String> {
        Err(format!(
            "reading only, but the label '{text}' was asked for"
        ))
    }
    fn text_of(&mut self, id: u64) -> std::result::Result<String, String> {
        self.0.label_text(id as i64).map_err(|e| e.to_string())
    }
}

impl Archive {
    /// The text of a label, read once per handle.
    pub(super) fn label_text(&self, id: i64) -> Result<String> {
        if let Some(t) = self.labels.borrow().get(&id) {
            return Ok(t.clone());
        }
        let t = TxLabels(&self.conn)
            .text_of(id as u64)
            .map_err(ArchiveError::Replay)?;
        self.labels.borrow_mut().insert(id, t.clone());
        Ok(t)
    }

    /// A node as the API shows it. A command that does not decode reads as `None`, which
    /// replaying the node reports, naming it.
    pub(super) fn decode_node(&self, raw: RawNode) -> Result<NodeInfo> {
        let command = match raw.command {
            Sql::Null => None,
            Sql::Blob(b) => command_encoding::decode(&b, &mut CachedLabels(self)).ok(),
            Sql::Text(t) => serde_json::from_str(&t).ok(),
            _ => None,
        };
        let phase = match raw.phase {
            Sql::Integer(id) => self.label_text(id)?,
            Sql::Text(t) => t,
            other => {
                return Err(ArchiveError::Replay(format!(
                    "node {}: its phase is {other:?}, not a label",
                    raw.id
                )));
            }
        };
        Ok(NodeInfo {
            id: raw.id,
            game: raw.game,
            parent: raw.parent,
            sibling_order: raw.sibling_order,
            ply: raw.ply,
            command,
            state_hash: hash_from_sql(raw.state_hash),
            turn: raw.turn as u32,
            phase,
            player: raw.player as usize,
            dice_draws: raw.dice_draws as u64,
            name: raw.name,
            rules_version: raw.rules_version,
        })
    }

    /// Decode every row of a query.
    pub(super) fn query_nodes(
        &self,
        sql: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<NodeInfo>> {
        let raws = {
            let mut st = self.conn.prepare_cached(sql)?;
            st.query_map(args, raw_node)?
                .collect::<rusqlite::Result<Vec<_>>>()?
        };
        raws.into_iter().map(|r| self.decode_node(r)).collect()
    }

    /// Inside the migration's transaction (foreign keys off): rewrite the schema 1-3 `nodes`
    /// table into the schema 4 one, node ids kept, game by game with progress, then check
    /// every foreign key.
    pub(super) fn rewrite_nodes(&self, progress: Progress) -> Result<()> {
        self.conn.execute_batch(NODES_V4)?;
        let games: Vec<GameId> = {
            let mut st = self.conn.prepare("SELECT id FROM games ORDER BY id")?;
            st.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        progress(0, games.len());
        {
            let mut read = self.conn.prepare(&format!(
                "SELECT {V4_COLUMNS} FROM nodes WHERE game_id = ?1 ORDER BY id"
            ))?;
            let mut write = self.conn.prepare(&format!(
                "INSERT INTO nodes_v4 ({V4_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, \
                 ?9, ?10, ?11, ?12)"
            ))?;
            for (i, &g) in games.iter().enumerate() {
                let rows = read
                    .query_map([g], raw_node)?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                for n in rows {
                    let command = match n.command {
                        // JSON that does not parse is kept as it was, for `check` to report.
                        Sql::Text(t) => match serde_json::from_str(&t) {
                            Ok(v) => Sql::Blob(command_to_sql(&self.conn, &v)?),
                            Err(_) => Sql::Text(t),
                        },
                        other => other,
                    };
                    let hash = match n.state_hash {
                        Sql::Text(t) => hash_to_sql(&t),
                        other => other,
                    };
                    let phase = match n.phase {
                        Sql::Text(t) => Sql::Integer(label_id(&self.conn, &t)?),
                        other => other,
                    };
                    write.execute(params![
                        n.id,
                        n.game,
                        n.parent,
                        n.sibling_order,
                        n.ply,
                        command,
                        hash,
                        n.turn,
                        phase,
                        n.player,
                        n.dice_draws,
                        n.name
                    ])?;
                }
                progress(i + 1, games.len());
            }
        }
        let orphans: i64 = self.conn.query_row(
            "SELECT count(*) FROM nodes WHERE game_id NOT IN (SELECT id FROM games)",
            [],
            |r| r.get(0),
        )?;
        if orphans > 0 {
            return Err(ArchiveError::Invalid(format!(
                "{orphans} nodes belong to no game; the archive is damaged (run `sqlite3 FILE \
                 'PRAGMA foreign_key_check'`) and was not changed"
            )));
        }
        self.conn.execute_batch(
            "DROP TABLE nodes;
             ALTER TABLE nodes_v4 RENAME TO nodes;",
        )?;
        self.conn.execute_batch(NODE_INDEXES)?;
        self.conn.execute_batch(DICE_V4)?;
        let broken: Option<String> = self
            .conn
            .query_row(
                "SELECT * FROM pragma_foreign_key_check('nodes')
                 UNION ALL SELECT * FROM pragma_foreign_key_check('dice_rows') LIMIT 1",
                [],
                |r| {
                    Ok(format!(
                        "{} row {} refers to a missing {}",
                        r.get::<_, String>(0)?,
                        r.get::<_, Option<i64>>(1)?.unwrap_or(0),
                        r.get::<_, String>(2)?
                    ))
                },
            )
            .optional()?;
        if let Some(b) = broken {
            return Err(ArchiveError::Invalid(format!(
                "the archive is damaged ({b}) and was not changed"
            )));
        }
        self.labels.borrow_mut().clear();
        Ok(())
    }
}

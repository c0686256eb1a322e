//! Boards as recorded (schema 7, issue 37): every node written since keeps what its command
//! changed in the board the views draw, so that a recorded line can be shown as it was played
//! from the node where today's rules part from it (a rule fixed or changed since) on.
//!
//! - `nodes.board`: NULL for a node written before schema 7 (nothing recorded); an empty BLOB
//!   for a command that changed nothing on the board; else a [`board_patch`] from its parent's
//!   board. A root keeps none: its state is its snapshot, restored and hash-checked, and its
//!   board is drawn from that.
//! - Opening a node ([`Archive::open_node`]) replays it under today's rules from its nearest
//!   snapshot while the hashes agree. Where one does not (the node where the line *parts*),
//!   the board shown is the last agreeing state's board with the recorded patches of the
//!   nodes from there applied, and the first difference is named in words. A snapshot after
//!   the parting is the recorded state itself (restored, hash-checked): the replay agrees
//!   again from there.
//!
//! - Packed (to keep within the archive's size goal): when a line reaches a multiple of
//!   [`BLOCK_EVERY`] plies (twice the snapshot interval) or its game's end, the patches of its nodes since the last packing
//!   are compressed together into one block, stored in the first of them (`B` and a zstd frame
//!   of entries: the node's id less the first's, the stored patch's length, the stored patch,
//!   each number a LEB128 varint); each other member keeps `b` and its id less the first's.
//!   A command that changed nothing keeps its empty BLOB and is no member.
//!
//! Invariants: nothing here writes to a recorded node but the packing of its own board;
//! what today's rules make of a parted line is a variation ([`Archive::replay_under_today`]);
//! every member of a block descends from the node that holds it, so deleting a variation
//! never deletes a block whose members outlive it.

use super::board_patch;
use super::node_rows::N_COLUMNS;
use super::{Archive, ArchiveError, GameId, NodeId, NodeInfo, Result, SNAPSHOT_EVERY};
use crate::engine::counters::Board;
use crate::engine::dice::{Dice, QueuedDice, Roll, SeededDice};
use crate::engine::game::AnyState;
use rusqlite::OptionalExtension;
use serde::Deserialize;
use serde_json::Value;
use std::collections::VecDeque;

/// Schema 7: the board as recorded, by node.
pub(super) const V7: &str = "
ALTER TABLE nodes ADD COLUMN board BLOB;
";

/// The neutral board of a state, as JSON (what a patch is taken between).
pub(super) fn board_json(state: &AnyState) -> Value {
    serde_json::to_value(state.rules().board(state)).expect("a board serializes")
}

/// The neutral board of a state.
pub(super) fn board_of(state: &AnyState) -> Board {
    state.rules().board(state)
}

/// What a node stores: the patch from its parent's board to its own (empty: no change).
pub(super) fn stored_patch(parent: &Board, child: &Board) -> Vec<u8> {
    match board_patch::diff_boards(parent, child) {
        None => Vec::new(),
        Some(p) => board_patch::encode(&p),
    }
}

const BLOCK: u8 = b'B';
const MEMBER: u8 = b'b';
/// zstd's level for a block: written once every [`BLOCK_EVERY`] plies.
const BLOCK_LEVEL: i32 = 19;
/// A line's patches are packed when it reaches a multiple of this many plies (or its game's
/// end): twice the snapshot interval, since a longer block compresses better (a tenth less
/// than 64-ply blocks, measured on Plevna) and costs one more decompression of a few KB on
/// opening a node.
pub(super) const BLOCK_EVERY: i64 = 2 * SNAPSHOT_EVERY;
/// No block decompresses to more than this: a larger claimed size is a damaged frame.
const MAX_BLOCK: usize = 64 << 20;

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn take_varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = bytes.split_first()?;
        *bytes = rest;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// Pack the unpacked patches of the line ending at node `last` (at most the
/// [`BLOCK_EVERY`] nodes above it and itself) into one block, in the transaction `tx`.
pub(super) fn pack_line(tx: &rusqlite::Connection, last: NodeId) -> Result<()> {
    let rows: Vec<(NodeId, Option<Vec<u8>>)> = {
        let mut st = tx.prepare_cached(
            "WITH RECURSIVE up(id, parent_id, k) AS (
                 SELECT id, parent_id, 0 FROM nodes WHERE id = ?1
                 UNION ALL
                 SELECT n.id, n.parent_id, up.k + 1 FROM nodes n JOIN up ON n.id = up.parent_id
                 WHERE up.k < ?2 AND n.parent_id IS NOT NULL)
             SELECT n.id, n.board FROM up JOIN nodes n ON n.id = up.id ORDER BY up.k DESC",
        )?;
        st.query_map(rusqlite::params![last, BLOCK_EVERY - 1], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<rusqlite::Result<_>>()?
    };
    // The unpacked end of the line: above it, nodes already packed (another line's block, the
    // line's earlier stretch) or kept from before schema 7.
    let start = rows
        .iter()
        .rposition(|(_, b)| match b {
            None => true,
            Some(b) => matches!(b.first(), Some(&BLOCK | &MEMBER)),
        })
        .map_or(0, |i| i + 1);
    let members: Vec<&(NodeId, Option<Vec<u8>>)> = rows[start..]
        .iter()
        .filter(|(_, b)| b.as_ref().is_some_and(|b| !b.is_empty()))
        .collect();
    if members.len() < 2 {
        return Ok(());
    }
    let first = members[0].0;
    let mut block = Vec::new();
    for (id, b) in &members {
        let b = board_patch::plain(b.as_ref().expect("members have a patch"))
            .map_err(|e| ArchiveError::Replay(format!("node {id}: its recorded board: {e}")))?;
        put_varint(&mut block, (id - first) as u64);
        put_varint(&mut block, b.len() as u64);
        block.extend_from_slice(&b);
    }
    let z = zstd::bulk::compress(&block, BLOCK_LEVEL)
        .map_err(|e| ArchiveError::Invalid(format!("packing boards: {e}")))?;
    let mut held = vec![BLOCK];
    held.extend_from_slice(&z);
    let mut set = tx.prepare_cached("UPDATE nodes SET board = ?2 WHERE id = ?1")?;
    set.execute(rusqlite::params![first, held])?;
    for (id, _) in &members[1..] {
        let mut m = vec![MEMBER];
        put_varint(&mut m, (id - first) as u64);
        set.execute(rusqlite::params![id, m])?;
    }
    Ok(())
}

/// The entries of a block: (node id less the first's, stored patch).
fn unpack_block(held: &[u8]) -> std::result::Result<Vec<(u64, Vec<u8>)>, String> {
    let raw = zstd::bulk::decompress(&held[1..], MAX_BLOCK)
        .map_err(|e| format!("a damaged block of boards: {e}"))?;
    let mut rest = &raw[..];
    let mut out = Vec::new();
    while !rest.is_empty() {
        let bad = || "a block of boards that does not read".to_string();
        let delta = take_varint(&mut rest).ok_or_else(bad)?;
        let len = take_varint(&mut rest).ok_or_else(bad)? as usize;
        if len > rest.len() {
            return Err(bad());
        }
        out.push((delta, rest[..len].to_vec()));
        rest = &rest[len..];
    }
    Ok(out)
}

/// A node opened: today's state of it when today's rules replay the record to it, else the
/// board as recorded.
pub struct Opened {
    /// The state after the node, replayed under today's rules and agreeing with the record
    /// (hash for hash); `None` when the line parted above it.
    pub state: Option<AnyState>,
    /// Set when the line parted: the node is shown as recorded.
    pub recorded: Option<Recorded>,
}

/// A node shown as recorded, and where and how today's rules part from the record.
#[derive(Clone)]
pub struct Recorded {
    /// The board as recorded after the node.
    pub board: Board,
    /// The first node (from the nearest agreeing state above) that today's rules replay
    /// differently.
    pub parted_at: NodeInfo,
    /// The last state today's rules and the record agree on (the parent of `parted_at`).
    pub agreed: AnyState,
    /// The first difference in words ("Russian 4 (1413): values recorded 3-2-4, today
    /// 2-2-4").
    pub difference: String,
}

impl Archive {
    /// Node `id` as it can be shown: replayed under today's rules, or, where they part from
    /// the record, as recorded. An error only when neither can be had (a damaged file, a node
    /// recorded before boards were kept on a line today's rules read differently).
    pub fn open_node(&self, id: NodeId) -> Result<Opened> {
        // The child of the node last shown as recorded, without a snapshot of its own: its
        // recorded patch applied to its parent's board (stepping along a recorded line costs
        // one patch a step, not a replay).
        if let Some(r) = self.next_recorded(id)? {
            return Ok(Opened {
                state: None,
                recorded: Some(r),
            });
        }
        let failure = match self.state_at(id) {
            Ok(state) => {
                return Ok(Opened {
                    state: Some(state),
                    recorded: None,
                });
            }
            Err(e @ ArchiveError::Replay(_)) => e,
            Err(e) => return Err(e),
        };
        match self.recorded_at(id)? {
            Some(r) => Ok(Opened {
                state: None,
                recorded: Some(r),
            }),
            None => Err(failure),
        }
    }

    /// [`Archive::open_node`]'s step along a recorded line, when `id` is the child of the
    /// node last shown as recorded and has no snapshot.
    fn next_recorded(&self, id: NodeId) -> Result<Option<Recorded>> {
        let Some((last, r, board)) = self.last_recorded.borrow().clone() else {
            return Ok(None);
        };
        let n = self.node(id)?;
        let has_snapshot: bool = self
            .conn
            .prepare_cached("SELECT count(*) > 0 FROM snapshots WHERE node_id = ?1")?
            .query_row([id], |r| r.get(0))?;
        if n.parent != Some(last) || has_snapshot {
            return Ok(None);
        }
        let mut blocks = Default::default();
        let board = match self.stored_patch_of(id, &mut blocks)? {
            None => return Ok(None),
            Some(p) if p.is_empty() => board,
            Some(p) => {
                let bad = |e: String| {
                    ArchiveError::Replay(format!(
                        "game {}, node {id}: its recorded board: {e}",
                        n.game
                    ))
                };
                board_patch::apply(&board, &board_patch::decode(&p).map_err(bad)?).map_err(bad)?
            }
        };
        let r = Recorded {
            board: read_board(&board, n.game, id)?,
            ..r
        };
        *self.last_recorded.borrow_mut() = Some((id, r.clone(), board));
        Ok(Some(r))
    }

    /// The nodes from the root down to `id` in one query (the links checked), else node by
    /// node ([`Archive::path_to`], which names a damaged link).
    fn path_down_to(&self, id: NodeId) -> Result<Vec<NodeInfo>> {
        let raws = {
            let mut st = self.conn.prepare_cached(&format!(
                "WITH RECURSIVE up(id, parent_id) AS (
                     SELECT id, parent_id FROM nodes WHERE id = ?1
                     UNION
                     SELECT n.id, n.parent_id FROM nodes n JOIN up ON n.id = up.parent_id)
                 SELECT {N_COLUMNS} FROM up JOIN nodes n ON n.id = up.id ORDER BY n.ply"
            ))?;
            st.query_map([id], super::node_rows::raw_node)?
                .collect::<rusqlite::Result<Vec<_>>>()?
        };
        let path = raws
            .into_iter()
            .map(|r| self.decode_node(r))
            .collect::<Result<Vec<_>>>()?;
        let linked = path.first().is_some_and(|n| n.parent.is_none())
            && path.windows(2).all(|w| w[1].parent == Some(w[0].id))
            && path.last().is_some_and(|n| n.id == id);
        if linked { Ok(path) } else { self.path_to(id) }
    }

    /// The board recorded at node `id` when today's rules part from its line above it;
    /// `None` when they agree all the way (the failure was something else).
    fn recorded_at(&self, id: NodeId) -> Result<Option<Recorded>> {
        let path = self.path_down_to(id)?;
        let ids = serde_json::to_string(&path.iter().map(|n| n.id).collect::<Vec<_>>())
            .expect("ids serialize");
        let with_snapshot: std::collections::HashSet<NodeId> = {
            let mut st = self.conn.prepare_cached(
                "SELECT node_id FROM snapshots WHERE node_id IN (SELECT value FROM json_each(?1))",
            )?;
            st.query_map([ids], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        // The nearest snapshot at or above `id` that restores to its recorded hash: the
        // recorded state itself, whatever today's rules would have made of the line above.
        let mut from = 0;
        let mut state = None;
        for (i, n) in path.iter().enumerate().rev() {
            if !with_snapshot.contains(&n.id) {
                continue;
            }
            if let Some(s) = self.stored_snapshot(n.id)?
                && let Ok(st) = self.restore_snapshot(n, s)
            {
                from = i;
                state = Some(st);
                break;
            }
        }
        let mut state = state.ok_or_else(|| {
            ArchiveError::Replay(format!(
                "game {}: no snapshot above node {id} restores to its recorded state",
                path[0].game
            ))
        })?;
        let seed = self.game(path[0].game)?.seed;
        for k in from + 1..path.len() {
            let n = &path[k];
            let rolls = self.rolls(n.id)?;
            let draws = path[k - 1].dice_draws;
            match replay_agrees(&state, n, &rolls, || SeededDice::resume(seed, draws)) {
                Ok(next) => state = next,
                Err(today) => {
                    let board = self.board_along(&state, &path[k..])?;
                    let at_k = if k == path.len() - 1 {
                        board.clone()
                    } else {
                        self.board_along(&state, &path[k..=k])?
                    };
                    let difference = match &today {
                        Today::Refused(e) => format!("today's rules refuse its command: {e}"),
                        Today::Differs(t) => name_difference(&board_json(t), &at_k),
                    };
                    let r = Recorded {
                        board: read_board(&board, n.game, id)?,
                        parted_at: n.clone(),
                        agreed: state,
                        difference,
                    };
                    *self.last_recorded.borrow_mut() = Some((id, r.clone(), board));
                    return Ok(Some(r));
                }
            }
        }
        Ok(None)
    }

    /// The board of `agreed` with the recorded patches of `nodes` applied in order.
    fn board_along(&self, agreed: &AnyState, nodes: &[NodeInfo]) -> Result<Value> {
        let mut board = board_json(agreed);
        let mut blocks: std::collections::HashMap<NodeId, Vec<(u64, Vec<u8>)>> = Default::default();
        for n in nodes {
            let bad = |e: String| {
                ArchiveError::Replay(format!(
                    "game {}, node {}: its recorded board: {e}",
                    n.game, n.id
                ))
            };
            let Some(patch) = self.stored_patch_of(n.id, &mut blocks)? else {
                return Err(ArchiveError::Replay(format!(
                    "game {}, node {}: today's rules replay this line differently and the node \
                     was recorded before Kepi kept boards (archive schema 7), so it cannot be \
                     shown as recorded",
                    n.game, n.id
                )));
            };
            if patch.is_empty() {
                continue;
            }
            let patch = board_patch::decode(&patch).map_err(bad)?;
            board = board_patch::apply(&board, &patch).map_err(bad)?;
        }
        Ok(board)
    }

    /// Node `id`'s recorded patch as stored (a `p` or `z` patch; empty: no change), read out
    /// of its block when packed (`blocks` keeps the blocks read); `None` when not kept.
    pub(super) fn stored_patch_of(
        &self,
        id: NodeId,
        blocks: &mut std::collections::HashMap<NodeId, Vec<(u64, Vec<u8>)>>,
    ) -> Result<Option<Vec<u8>>> {
        let bad = |e: String| ArchiveError::Replay(format!("node {id}: its recorded board: {e}"));
        let Some(stored) = self.stored_board(id)? else {
            return Ok(None);
        };
        let first = match stored.first() {
            Some(&BLOCK) => id,
            Some(&MEMBER) => {
                let mut rest = &stored[1..];
                let delta = take_varint(&mut rest)
                    .ok_or_else(|| bad("a member without its block".into()))?;
                id - delta as NodeId
            }
            _ => return Ok(Some(stored)),
        };
        let entries = match blocks.entry(first) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let held = self
                    .stored_board(first)?
                    .filter(|b| b.first() == Some(&BLOCK))
                    .ok_or_else(|| bad(format!("its block (node {first}) is missing")))?;
                v.insert(unpack_block(&held).map_err(bad)?)
            }
        };
        let delta = (id - first) as u64;
        entries
            .iter()
            .find(|(d, _)| *d == delta)
            .map(|(_, p)| Some(p.clone()))
            .ok_or_else(|| bad(format!("not in its block (node {first})")))
    }

    /// A node's `board` column as stored.
    fn stored_board(&self, id: NodeId) -> Result<Option<Vec<u8>>> {
        Ok(self
            .conn
            .prepare_cached("SELECT board FROM nodes WHERE id = ?1")?
            .query_row([id], |r| r.get(0))?)
    }

    /// A node's stored snapshot, if it has one.
    fn stored_snapshot(&self, id: NodeId) -> Result<Option<rusqlite::types::Value>> {
        Ok(self
            .conn
            .prepare_cached("SELECT state FROM snapshots WHERE node_id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?)
    }
}

/// A recorded board's JSON form read into today's type.
fn read_board(board: &Value, game: GameId, id: NodeId) -> Result<Board> {
    Board::deserialize(board).map_err(|e| {
        ArchiveError::Replay(format!(
            "game {game}, node {id}: its recorded board does not read: {e}"
        ))
    })
}

/// What today's rules make of a recorded node that they do not replay as recorded.
enum Today {
    Refused(String),
    Differs(AnyState),
}

/// `n` replayed under today's rules from `state`: the state when it agrees with the record
/// (dice and hash), else what today's rules make of it: its recorded dice first, then, if
/// today's rules roll more, the game's live dice from where the record stood (as "replay under
/// today's rules" plays it).
fn replay_agrees(
    state: &AnyState,
    n: &NodeInfo,
    rolls: &[Roll],
    live: impl FnOnce() -> SeededDice,
) -> std::result::Result<AnyState, Today> {
    let Some(command) = &n.command else {
        return Err(Today::Refused("the node has no command".into()));
    };
    match crate::engine::game::replay_step_checking(
        state,
        command,
        rolls,
        Some(n.state_hash.as_str()),
        &format!("node {}", n.id),
    ) {
        Ok(a) => Ok(a.state),
        Err(_) => {
            let mut live = live();
            let mut faces: VecDeque<u8> =
                rolls.iter().flat_map(|r| r.faces.iter().copied()).collect();
            let mut dice = QueuedDice::new(&mut live, &mut faces);
            match state
                .rules()
                .apply(state, command, &mut dice as &mut dyn Dice)
            {
                Ok(a) => Err(Today::Differs(a.state)),
                Err(e) => Err(Today::Refused(e.to_string())),
            }
        }
    }
}

/// The first differences between today's board and the recorded one, in words: by counter
/// (its name and hex), then the hexes' markers and the sides' standing; at most three.
pub(super) fn name_difference(today: &Value, recorded: &Value) -> String {
    let mut out: Vec<String> = Vec::new();
    let empty = Vec::new();
    let list = |v: &Value, k: &str| v.get(k).and_then(Value::as_array).cloned();
    let (tc, rc) = (
        list(today, "counters").unwrap_or_default(),
        list(recorded, "counters").unwrap_or_default(),
    );
    for (t, r) in tc.iter().zip(&rc) {
        if t == r {
            continue;
        }
        let name = r.get("id").and_then(Value::as_str).unwrap_or("a unit");
        let at = r
            .get("hex")
            .and_then(Value::as_str)
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        let mut fields = Vec::new();
        let (to, ro) = (
            t.as_object().cloned().unwrap_or_default(),
            r.as_object().cloned().unwrap_or_default(),
        );
        let mut keys: Vec<&String> = ro.keys().chain(to.keys()).collect();
        keys.sort();
        keys.dedup();
        for k in keys {
            let (a, b) = (ro.get(k), to.get(k));
            if a != b {
                fields.push(format!(
                    "{k} recorded {}, today {}",
                    words(a.unwrap_or(&Value::Null)),
                    words(b.unwrap_or(&Value::Null))
                ));
            }
        }
        out.push(format!("{name}{at}: {}", fields.join("; ")));
        if out.len() == 3 {
            break;
        }
    }
    if tc.len() != rc.len() {
        out.push(format!("{} units recorded, {} today", rc.len(), tc.len()));
    }
    // The sides' standing, side by side, field by field ("side 1's notes recorded none,
    // today 2 units eliminated").
    let (ts, rs) = (
        list(today, "sides").unwrap_or_default(),
        list(recorded, "sides").unwrap_or_default(),
    );
    for (i, (t, r)) in ts.iter().zip(&rs).enumerate() {
        if out.len() >= 3 || t == r {
            continue;
        }
        for k in ["morale", "notes"] {
            let (a, b) = (
                r.get(k).unwrap_or(&Value::Null),
                t.get(k).unwrap_or(&Value::Null),
            );
            if a != b {
                out.push(format!(
                    "side {}'s {k} recorded {}, today {}",
                    i + 1,
                    words(a),
                    words(b)
                ));
            }
        }
    }
    for key in ["hex_markers", "cards", "deployment"] {
        if out.len() >= 3 {
            break;
        }
        let (t, r) = (
            list(today, key).unwrap_or_default(),
            list(recorded, key).unwrap_or_else(|| empty.clone()),
        );
        if t != r {
            out.push(format!(
                "{} differ ({} recorded, {} today)",
                key.replace('_', " "),
                r.len(),
                t.len()
            ));
        }
    }
    if out.is_empty() {
        "the boards look alike; the states differ in what the board does not show (a count, \
         a roll's position or a rule's bookkeeping)"
            .into()
    } else {
        out.join("; ")
    }
}

/// A board value in words: strings bare, `null` as "none", lists joined.
fn words(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.is_empty() => "none".into(),
        Value::Array(a) => a.iter().map(words).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// Where today's rules first part from a game's record, over all its nodes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameParting {
    /// The first node (in ply order) that today's rules replay differently.
    pub node: NodeId,
    pub turn: u32,
    pub phase: String,
    pub difference: String,
    /// The rules version the parting node's command was recorded under.
    pub recorded_version: u32,
    /// Nodes shown as recorded (every node opens).
    pub nodes_as_recorded: usize,
    pub nodes: usize,
}

impl Archive {
    /// Every node of game `game` opened: `None` when today's rules replay all of them as
    /// recorded; else where they first part. An error when a node opens neither way.
    pub fn game_parting(&self, game: GameId) -> Result<Option<GameParting>> {
        let nodes = self.nodes(game)?;
        let own = self.game(game)?.rules_version;
        let mut first: Option<GameParting> = None;
        let mut as_recorded = 0;
        for n in &nodes {
            let opened = self.open_node(n.id)?;
            if let Some(r) = opened.recorded {
                as_recorded += 1;
                if first.is_none() {
                    first = Some(GameParting {
                        node: r.parted_at.id,
                        turn: r.parted_at.turn,
                        phase: r.parted_at.phase.clone(),
                        difference: r.difference,
                        recorded_version: r.parted_at.rules_version.unwrap_or(own),
                        nodes_as_recorded: 0,
                        nodes: 0,
                    });
                }
            }
        }
        Ok(first.map(|p| GameParting {
            nodes_as_recorded: as_recorded,
            nodes: nodes.len(),
            ..p
        }))
    }
}

/// What [`Archive::replay_under_today`] made.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TodayVariation {
    /// The first node of the new variation (beside the node where the record parts).
    pub first: NodeId,
    /// Its last node: today's reading of the node asked for, or of the last command today's
    /// rules take.
    pub last: NodeId,
    /// Commands played again.
    pub played: usize,
    /// Why it stopped before the node asked for, when it did ("node 41: today's rules refuse
    /// its command: …").
    pub stopped: Option<String>,
}

impl Archive {
    /// "Replay under today's rules": the recorded commands from the node where today's rules
    /// part from node `id`'s line down to `id`, played again under today's rules with their
    /// recorded dice (then new ones if today's rules roll more), as a new variation named
    /// "today's rules" beside the record, which is not changed.
    pub fn replay_under_today(&mut self, id: NodeId) -> Result<TodayVariation> {
        // The first node of the whole line today's rules part from (a snapshot below it may
        // have brought the record back within reach, but today's reading goes on differing).
        let path = self.path_down_to(id)?;
        let mut state = self.state_at(path[0].id)?;
        let mut from = None;
        let seed = self.game(path[0].game)?.seed;
        for (k, n) in path.iter().enumerate().skip(1) {
            let draws = path[k - 1].dice_draws;
            match replay_agrees(&state, n, &self.rolls(n.id)?, || {
                SeededDice::resume(seed, draws)
            }) {
                Ok(next) => state = next,
                Err(_) => {
                    from = Some(k);
                    break;
                }
            }
        }
        let Some(from) = from else {
            return Err(ArchiveError::Invalid(format!(
                "node {id}: today's rules replay its line as recorded; there is nothing to \
                 replay differently"
            )));
        };
        let mut parent = path[from]
            .parent
            .expect("a node after the root has a parent");
        let mut first = None;
        let mut played = 0;
        let mut stopped = None;
        for n in &path[from..] {
            let command = n.command.clone().ok_or_else(|| {
                ArchiveError::Replay(format!("node {}: its command is unreadable", n.id))
            })?;
            let mut faces: std::collections::VecDeque<u8> = self
                .rolls(n.id)?
                .iter()
                .flat_map(|r| r.faces.iter().copied())
                .collect();
            match self.play(parent, &command, &mut faces) {
                Ok((new, _)) => {
                    if first.is_none() {
                        self.name_variation(new, "today's rules")?;
                        first = Some(new);
                    }
                    parent = new;
                    played += 1;
                }
                Err(e) => {
                    stopped = Some(format!(
                        "node {} (game-turn {}): today's rules refuse its command: {e}",
                        n.id, n.turn
                    ));
                    break;
                }
            }
        }
        let first = first.ok_or_else(|| {
            ArchiveError::Invalid(
                stopped
                    .clone()
                    .unwrap_or_else(|| format!("node {id}: nothing to play again")),
            )
        })?;
        Ok(TodayVariation {
            first,
            last: parent,
            played,
            stopped,
        })
    }
}

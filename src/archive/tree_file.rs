//! One game as a file (`format: kepi-game-tree`): its setup, every node of every variation with
//! its command, dice and state hash, and the annotations. Import replays every node from its
//! parent with the recorded dice and refuses a record whose state hashes do not match; nothing
//! is written unless the whole record replays.

use super::{Annotation, Archive, ArchiveError, GameId, GameSetup, NodeId, Result, time};
use crate::document::{self, DocumentKind};
use crate::engine::dice::Roll;
use crate::engine::game::{AnyState, replay_step};
use rusqlite::params;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedNode {
    /// Ids are local to the file.
    pub id: i64,
    pub parent: Option<i64>,
    pub sibling_order: i64,
    /// The ruleset's command, as JSON (absent at the root).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    pub state_hash: String,
    pub dice_draws: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The rules version its command was played under, when not the game's (`rules_version`
    /// of the tree): a game played on under a later version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_version: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<Annotation>,
    /// Its board as recorded (archive schema 7): the patch from its parent's board in
    /// [`super::board_patch`]'s JSON form, `{}` when nothing changed; absent when not kept.
    /// With `turn`, `phase` and `player` it lets a newer Kepi whose rules read the record
    /// differently import the game and show it as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Value>,
    /// Where the game stood after it: game-turn, the phase's key, the side to act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameTree {
    pub format: String,
    pub version: u32,
    pub title: String,
    pub ruleset: String,
    /// The rules version of its system it was played under; a file written before versions
    /// were recorded reads as the first.
    #[serde(default = "crate::game::first_rules_version")]
    pub rules_version: u32,
    /// The ruleset's options, as JSON.
    #[serde(default)]
    pub options: Value,
    pub seed: u64,
    #[serde(default)]
    pub players: Vec<String>,
    #[serde(default)]
    pub notes: String,
    pub created: String,
    pub scenario_hash: String,
    pub setup: GameSetup,
    /// Parents before children.
    pub nodes: Vec<ExportedNode>,
}

impl GameTree {
    pub fn from_text(text: &str) -> std::result::Result<GameTree, crate::problems::Problems> {
        document::from_text(text, DocumentKind::GameTree)
    }

    pub fn to_text(&self) -> String {
        document::to_text(self)
    }
}

impl Archive {
    pub fn export_game(&self, game: GameId) -> Result<GameTree> {
        let info = self.game(game)?;
        let setup = self.game_setup(game)?;
        let mut nodes = Vec::new();
        let mut blocks = Default::default();
        for n in self.nodes(game)? {
            let board = match self.stored_patch_of(n.id, &mut blocks)? {
                None => None,
                Some(p) if p.is_empty() => Some(Value::Object(Default::default())),
                Some(p) => Some(super::board_patch::decode(&p).map_err(|e| {
                    ArchiveError::Replay(format!(
                        "game {game}, node {}: its recorded board: {e}",
                        n.id
                    ))
                })?),
            };
            let recorded = n.parent.is_some();
            nodes.push(ExportedNode {
                board: board.filter(|_| recorded),
                turn: recorded.then_some(n.turn),
                phase: recorded.then(|| n.phase.clone()),
                player: recorded.then_some(n.player),
                id: n.id,
                parent: n.parent,
                sibling_order: n.sibling_order,
                rolls: self.rolls(n.id)?,
                command: n.command,
                state_hash: n.state_hash,
                dice_draws: n.dice_draws,
                name: n.name,
                rules_version: n.rules_version,
                annotations: self
                    .annotations(n.id)?
                    .into_iter()
                    .map(|a| Annotation {
                        id: 0,
                        node: 0,
                        ..a
                    })
                    .collect(),
            });
        }
        Ok(GameTree {
            format: DocumentKind::GameTree.format_name().to_string(),
            version: DocumentKind::GameTree.current_version() as u32,
            title: info.title,
            ruleset: info.ruleset,
            rules_version: info.rules_version,
            options: info.options,
            seed: info.seed,
            players: info.players,
            notes: info.notes,
            created: info.created,
            scenario_hash: info.scenario_hash,
            setup,
            nodes,
        })
    }

    /// Import a game record: replay all of it first, then write it in one transaction.
    /// The game of this record, when it is in the archive already: the same scenario (by its
    /// hash), seed, players, creation time and number of nodes (what a resumed import of
    /// several files skips).
    pub fn imported_already(&self, tree: &GameTree) -> Result<Option<GameId>> {
        let candidates: Vec<GameId> = {
            let mut st = self.conn.prepare_cached(
                "SELECT id FROM games WHERE scenario_hash = ?1 AND seed = ?2 AND players = ?3
                 AND created = ?4 ORDER BY id",
            )?;
            st.query_map(
                params![
                    tree.scenario_hash,
                    tree.seed as i64,
                    serde_json::to_string(&tree.players).expect("names serialize"),
                    tree.created
                ],
                |r| r.get(0),
            )?
            .collect::<rusqlite::Result<_>>()?
        };
        for g in candidates {
            if self.nodes(g)?.len() == tree.nodes.len() {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }

    pub fn import_game(&mut self, tree: &GameTree) -> Result<GameId> {
        let rules = tree.setup.rules()?;
        if rules.key() != tree.ruleset {
            return Err(ArchiveError::Invalid(format!(
                "the record says ruleset '{}', its scenario '{}'",
                tree.ruleset,
                rules.key()
            )));
        }
        let options = rules
            .check_options(&tree.options)
            .map_err(ArchiveError::Invalid)?;
        let scenario = tree.setup.scenario()?;
        let root_state = rules.start(&scenario, &options)?;
        let hash = rules.scenario_hash(&root_state);
        if hash != tree.scenario_hash {
            return Err(ArchiveError::Replay(format!(
                "the embedded setup hashes to {hash}, the record says {}",
                tree.scenario_hash
            )));
        }
        if tree.nodes.is_empty() {
            return Err(ArchiveError::Replay(
                "the record has no nodes, not even its root".to_string(),
            ));
        }
        // Replay everything before writing anything.
        let mut states: BTreeMap<i64, AnyState> = BTreeMap::new();
        let mut commands_of: BTreeMap<i64, Value> = BTreeMap::new();
        // Nodes today's rules read differently (issue 37), with their board as recorded: a
        // record of other rules, kept as recorded from the first such node of a line down.
        let mut as_recorded: BTreeMap<i64, Value> = BTreeMap::new();
        let today = rules.rules_version();
        for (i, n) in tree.nodes.iter().enumerate() {
            match (n.parent, &n.command, i) {
                (None, None, 0) => {
                    if !crate::engine::hash::recorded_hash_matches(
                        &n.state_hash,
                        &root_state.hash(),
                    ) {
                        return Err(ArchiveError::Replay(format!(
                            "the root state hashes to {}, the record says {}",
                            root_state.hash(),
                            n.state_hash
                        )));
                    }
                    states.insert(n.id, root_state.clone());
                }
                (Some(p), Some(c), i) if i > 0 => {
                    let parent_board = match (states.get(&p), as_recorded.get(&p)) {
                        (Some(ps), _) => {
                            let replayed = replay_step(
                                ps,
                                c,
                                &n.rolls,
                                &n.state_hash,
                                &format!("node {}", n.id),
                            );
                            let e = match replayed {
                                Ok(applied) => {
                                    states.insert(n.id, applied.state);
                                    commands_of.insert(n.id, applied.command);
                                    continue;
                                }
                                Err(e) => e,
                            };
                            // Recorded under other rules, with what it takes to show it.
                            let version = n.rules_version.unwrap_or(tree.rules_version);
                            if version == today || n.board.is_none() || n.turn.is_none() {
                                return Err(ArchiveError::Replay(e.to_string()));
                            }
                            super::recorded_boards::board_json(ps)
                        }
                        (None, Some(b)) => b.clone(),
                        (None, None) => {
                            return Err(ArchiveError::Replay(format!(
                                "node {}: its parent {p} does not come before it",
                                n.id
                            )));
                        }
                    };
                    let (Some(patch), Some(_), Some(_), Some(_)) =
                        (&n.board, n.turn, &n.phase, n.player)
                    else {
                        return Err(ArchiveError::Replay(format!(
                            "node {}: a node below one shown as recorded needs its board, \
                             game-turn, phase and side (`board`, `turn`, `phase`, `player`)",
                            n.id
                        )));
                    };
                    let board = super::board_patch::apply(&parent_board, patch).map_err(|e| {
                        ArchiveError::Replay(format!("node {}: its board: {e}", n.id))
                    })?;
                    // What the views will draw: refused here, not found unreadable later.
                    serde_json::from_value::<crate::engine::counters::Board>(board.clone())
                        .map_err(|e| {
                            ArchiveError::Replay(format!(
                                "node {}: its board is not a board once patched: {e}",
                                n.id
                            ))
                        })?;
                    as_recorded.insert(n.id, board);
                    commands_of.insert(n.id, c.clone());
                }
                _ => {
                    return Err(ArchiveError::Replay(format!(
                        "node {}: only the first node is the root, and every other node has a \
                         parent and a command",
                        n.id
                    )));
                }
            }
        }
        let tx = self.write()?;
        tx.execute(
            "INSERT INTO games (title, scenario_id, scenario_hash, ruleset, options, seed, setup,
                                setup_hash, players, created, notes, rules_version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, '', ?7, ?8, ?9, ?10, ?11)",
            params![
                tree.title,
                tree.setup.scenario.id,
                tree.scenario_hash,
                tree.ruleset,
                options.to_string(),
                tree.seed as i64,
                super::games::store_setup_text(
                    &tx,
                    &serde_json::to_string(&tree.setup).expect("setup serializes")
                )?,
                serde_json::to_string(&tree.players).expect("names serialize"),
                if tree.created.is_empty() {
                    time::now()
                } else {
                    tree.created.clone()
                },
                tree.notes,
                tree.rules_version,
            ],
        )?;
        let game = tx.last_insert_rowid();
        let mut ids: BTreeMap<i64, NodeId> = BTreeMap::new();
        let mut annotations: Vec<(NodeId, Annotation)> = Vec::new();
        for n in &tree.nodes {
            let id = match (n.parent, states.get(&n.id)) {
                (None, Some(state)) => super::nodes::insert_root(&tx, game, state)?,
                (Some(p), state) => {
                    // Only the fields insert_child reads matter here.
                    let parent = super::NodeInfo {
                        id: ids[&p],
                        game,
                        parent: None,
                        sibling_order: 0,
                        ply: depth(tree, p),
                        command: None,
                        state_hash: String::new(),
                        turn: 0,
                        phase: String::new(),
                        player: 0,
                        dice_draws: 0,
                        name: None,
                        rules_version: None,
                    };
                    match (state, states.get(&p)) {
                        (Some(state), Some(ps)) => super::nodes::insert_child(
                            &tx,
                            &parent,
                            &commands_of[&n.id],
                            state,
                            &n.rolls,
                            n.dice_draws,
                            n.name.as_deref(),
                            n.rules_version,
                            &super::recorded_boards::stored_patch(
                                &super::recorded_boards::board_of(ps),
                                &super::recorded_boards::board_of(state),
                            ),
                        )?,
                        // Shown as recorded: the row as the record has it.
                        _ => super::nodes::insert_recorded(
                            &tx,
                            &parent,
                            &super::nodes::RecordedRow {
                                command: &commands_of[&n.id],
                                state_hash: &n.state_hash,
                                turn: n.turn.unwrap_or_default(),
                                phase: n.phase.as_deref().unwrap_or_default(),
                                player: n.player.unwrap_or_default(),
                                rolls: &n.rolls,
                                dice_draws: n.dice_draws,
                                name: n.name.as_deref(),
                                rules_version: n.rules_version,
                                board: &match &n.board {
                                    Some(Value::Object(m)) if m.is_empty() => Vec::new(),
                                    Some(p) => super::board_patch::encode(p),
                                    None => Vec::new(),
                                },
                            },
                        )?,
                    }
                }
                (None, None) => unreachable!("the root has its state"),
            };
            ids.insert(n.id, id);
            for a in &n.annotations {
                annotations.push((id, a.clone()));
            }
        }
        // Sibling order as recorded (insert_child numbers children in insertion order).
        for n in &tree.nodes {
            tx.execute(
                "UPDATE nodes SET sibling_order = ?2 WHERE id = ?1",
                params![ids[&n.id], n.sibling_order],
            )?;
        }
        tx.commit()?;
        for (node, a) in annotations {
            self.annotate(node, &a)?;
        }
        Ok(game)
    }
}

/// Commands from the root to node `id` in the file.
fn depth(tree: &GameTree, id: i64) -> i64 {
    let mut d = 0;
    let mut cur = id;
    while let Some(p) = tree
        .nodes
        .iter()
        .find(|n| n.id == cur)
        .and_then(|n| n.parent)
    {
        d += 1;
        cur = p;
    }
    d
}

//! The `games` table: one row per game, with its setup embedded.

use super::{Archive, ArchiveError, GameId, Result, time};
use crate::engine::game::{AnyRuleset, AnyState, registry};
use crate::map::MapFile;
use crate::scenario::{Scenario, ScenarioFile};
use crate::tables::Catalog;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

pub(super) const V1: &str = "
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    title         TEXT NOT NULL,
    scenario_id   TEXT NOT NULL,
    scenario_hash TEXT NOT NULL,
    ruleset       TEXT NOT NULL,
    options       TEXT NOT NULL,            -- JSON: the ruleset's options
    seed          INTEGER NOT NULL,         -- live dice: ChaCha8 from this seed
    setup         TEXT NOT NULL,            -- JSON {scenario, map, catalog}
    players       TEXT NOT NULL DEFAULT '[]', -- JSON array, one name per side
    created       TEXT NOT NULL,            -- ISO 8601 UTC
    finished      TEXT,
    result        TEXT,                     -- JSON outcome
    winner        TEXT                      -- winning side's id
);
CREATE INDEX games_scenario ON games(scenario_id);
";

/// Schema 2: free-text notes on a game (searched with the annotations).
pub(super) const V2: &str = "
ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT '';
";

/// Schema 5: the rules version of its system each game was played under
/// ([`crate::engine::Ruleset::rules_version`]); games recorded before are read as the first,
/// [`crate::engine::game::registry::FIRST_RULES_VERSION`] (1, the default here).
pub(super) const V5: &str = "
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
";

/// The documents a game was started from, embedded so it replays anywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    pub scenario: ScenarioFile,
    pub map: MapFile,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<Catalog>,
}

impl GameSetup {
    pub fn of(scenario: &Scenario) -> GameSetup {
        GameSetup {
            scenario: scenario.file.clone(),
            map: scenario.map.to_file(),
            catalog: crate::game::own_catalog(scenario),
        }
    }

    /// The scenario, validated again.
    pub fn scenario(&self) -> Result<Scenario> {
        crate::game::embedded_scenario(&self.scenario, &self.map, &self.catalog)
            .map_err(|p| ArchiveError::Invalid(format!("embedded scenario: {p}")))
    }

    /// The rule system the scenario is played with.
    pub fn rules(&self) -> Result<&'static dyn AnyRuleset> {
        registry::get(self.scenario.ruleset.key()).map_err(ArchiveError::Invalid)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    pub id: GameId,
    pub title: String,
    pub scenario_id: String,
    pub scenario_hash: String,
    pub ruleset: String,
    /// The rules version of its system it was played under.
    pub rules_version: u32,
    /// The ruleset's options, as JSON.
    pub options: serde_json::Value,
    pub seed: u64,
    pub players: Vec<String>,
    pub notes: String,
    pub created: String,
    pub finished: Option<String>,
    pub result: Option<serde_json::Value>,
    pub winner: Option<String>,
}

pub(super) fn row_info(r: &rusqlite::Row) -> rusqlite::Result<GameInfo> {
    let options: String = r.get("options")?;
    let players: String = r.get("players")?;
    let result: Option<String> = r.get("result")?;
    Ok(GameInfo {
        id: r.get("id")?,
        title: r.get("title")?,
        scenario_id: r.get("scenario_id")?,
        scenario_hash: r.get("scenario_hash")?,
        ruleset: r.get("ruleset")?,
        rules_version: r.get("rules_version")?,
        // An unreadable options column is an error naming the game, never the defaults.
        options: serde_json::from_str(&options).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(
                0,
                rusqlite::types::Type::Text,
                format!(
                    "game {}: its options are unreadable: {e}",
                    r.get::<_, i64>("id").unwrap_or(0)
                )
                .into(),
            )
        })?,
        seed: r.get::<_, i64>("seed")? as u64,
        players: serde_json::from_str(&players).unwrap_or_default(),
        // Schema 1 had no notes.
        notes: r.get("notes").unwrap_or_default(),
        created: r.get("created")?,
        finished: r.get("finished")?,
        result: result.and_then(|s| serde_json::from_str(&s).ok()),
        winner: r.get("winner")?,
    })
}

/// Store a setup's text in `setups` (once: the same text is the same row) and return the
/// hash that names it.
pub(super) fn store_setup_text(conn: &rusqlite::Connection, text: &str) -> Result<String> {
    let hash = crate::engine::hash::sha256_hex(text.as_bytes());
    conn.execute(
        "INSERT OR IGNORE INTO setups (hash, setup) VALUES (?1, ?2)",
        params![hash, text],
    )?;
    Ok(hash)
}

impl Archive {
    /// Start a game: its row and its root node (the state before any command), in one
    /// transaction. Returns the game id.
    pub fn create_game(
        &mut self,
        scenario: &Scenario,
        options: &serde_json::Value,
        seed: u64,
        players: &[String],
    ) -> Result<GameId> {
        let setup = GameSetup::of(scenario);
        let rules = setup.rules()?;
        let options = rules
            .check_options(options)
            .map_err(ArchiveError::Invalid)?;
        let state = rules.start(scenario, &options)?;
        let tx = self.write()?;
        tx.execute(
            "INSERT INTO games (title, scenario_id, scenario_hash, ruleset, options, seed, setup,
                                setup_hash, players, created, rules_version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, '', ?7, ?8, ?9, ?10)",
            params![
                scenario.file.title,
                scenario.file.id,
                rules.scenario_hash(&state),
                scenario.file.ruleset.key(),
                serde_json::to_string(&options).expect("options serialize"),
                seed as i64,
                store_setup_text(
                    &tx,
                    &serde_json::to_string(&setup).expect("setup serializes")
                )?,
                serde_json::to_string(players).expect("names serialize"),
                time::now(),
                rules.rules_version(),
            ],
        )?;
        let game = tx.last_insert_rowid();
        super::nodes::insert_root(&tx, game, &state)?;
        tx.commit()?;
        self.remember_root(game, state);
        Ok(game)
    }

    pub fn game(&self, id: GameId) -> Result<GameInfo> {
        self.conn
            .query_row("SELECT * FROM games WHERE id = ?1", [id], row_info)
            .optional()?
            .ok_or_else(|| ArchiveError::NotFound(format!("no game {id} in the archive")))
    }

    pub fn games(&self) -> Result<Vec<GameInfo>> {
        let mut st = self.conn.prepare("SELECT * FROM games ORDER BY id")?;
        let rows = st.query_map([], row_info)?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    pub fn game_setup(&self, id: GameId) -> Result<GameSetup> {
        let text: String = self
            .conn
            .query_row(
                // Schema 3 names a shared setup; older rows (and games.setup) embed it.
                "SELECT coalesce(s.setup, g.setup) FROM games g
                 LEFT JOIN setups s ON s.hash = g.setup_hash WHERE g.id = ?1",
                [id],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| ArchiveError::NotFound(format!("no game {id} in the archive")))?;
        serde_json::from_str(&text)
            .map_err(|e| ArchiveError::Invalid(format!("game {id}: its setup is unreadable: {e}")))
    }

    pub fn set_notes(&mut self, id: GameId, notes: &str) -> Result<()> {
        let n = self.conn.execute(
            "UPDATE games SET notes = ?2 WHERE id = ?1",
            params![id, notes],
        )?;
        if n == 0 {
            return Err(ArchiveError::NotFound(format!(
                "no game {id} in the archive"
            )));
        }
        Ok(())
    }

    pub fn set_title(&mut self, id: GameId, title: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE games SET title = ?2 WHERE id = ?1",
            params![id, title],
        )?;
        Ok(())
    }

    /// The root state of a game (built once per archive handle, then cloned).
    pub fn root_state(&self, game: GameId) -> Result<AnyState> {
        if let Some(s) = self.cached_root(game) {
            return Ok(s);
        }
        let info = self.game(game)?;
        let setup = self.game_setup(game)?;
        let rules = setup.rules()?;
        if rules.key() != info.ruleset {
            return Err(ArchiveError::Invalid(format!(
                "game {game}: its row says {}, its scenario {}",
                info.ruleset,
                rules.key()
            )));
        }
        let scenario = setup.scenario()?;
        let state = rules.start(&scenario, &info.options)?;
        let hash = rules.scenario_hash(&state);
        if hash != info.scenario_hash {
            return Err(ArchiveError::Replay(format!(
                "game {game}: its embedded setup hashes to {hash}, the record says {}",
                info.scenario_hash
            )));
        }
        self.remember_root(game, state.clone());
        Ok(state)
    }

    /// Record the result of a finished game.
    pub(crate) fn finish(tx: &rusqlite::Connection, game: GameId, state: &AnyState) -> Result<()> {
        if let Some(o) = state.outcome() {
            tx.execute(
                "UPDATE games SET finished = ?2, result = ?3, winner = ?4 WHERE id = ?1",
                params![
                    game,
                    time::now(),
                    serde_json::to_string(&o).expect("outcome serializes"),
                    o.winner
                        .and_then(|w| state.sides().get(w).map(|s| s.id.clone())),
                ],
            )?;
        }
        Ok(())
    }
}

//! Full-text search (FTS5) over game titles, game notes and annotations, with filters.

use super::{Archive, ArchiveError, GameId, NodeId, Result};

use serde::Serialize;

/// One FTS row per game (title and notes, kept by triggers) and per annotation (kept by the
/// annotation functions, which also index the tags).
pub(super) const V2: &str = "
CREATE VIRTUAL TABLE search USING fts5(
    body,
    game_id UNINDEXED,
    annotation_id UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO search (body, game_id, annotation_id)
    SELECT title || ' ' || notes || ' ' || scenario_id, id, NULL FROM games;
CREATE TRIGGER games_search_insert AFTER INSERT ON games BEGIN
    INSERT INTO search (body, game_id, annotation_id)
    VALUES (new.title || ' ' || new.notes || ' ' || new.scenario_id, new.id, NULL);
END;
CREATE TRIGGER games_search_update AFTER UPDATE OF title, notes ON games BEGIN
    DELETE FROM search WHERE game_id = old.id AND annotation_id IS NULL;
    INSERT INTO search (body, game_id, annotation_id)
    VALUES (new.title || ' ' || new.notes || ' ' || new.scenario_id, new.id, NULL);
END;
CREATE TRIGGER games_search_delete AFTER DELETE ON games BEGIN
    DELETE FROM search WHERE game_id = old.id;
END;
";

pub(super) fn index_annotation(tx: &rusqlite::Connection, id: i64) -> Result<()> {
    unindex_annotation(tx, id)?;
    index_new_annotation(tx, id)
}

/// [`index_annotation`] for an annotation never indexed. Its row's rowid is the annotation's id
/// (schema 4), so re-indexing and deleting it are look-ups by rowid.
pub(super) fn index_new_annotation(tx: &rusqlite::Connection, id: i64) -> Result<()> {
    tx.execute(
        "INSERT INTO search (rowid, body, game_id, annotation_id)
         SELECT a.id, a.text || ' ' || a.author || ' ' ||
                coalesce((SELECT group_concat(tag, ' ') FROM annotation_tags WHERE annotation_id = a.id), ''),
                n.game_id, a.id
         FROM annotations a JOIN nodes n ON n.id = a.node_id WHERE a.id = ?1",
        [id],
    )?;
    Ok(())
}

pub(super) fn unindex_annotation(tx: &rusqlite::Connection, id: i64) -> Result<()> {
    // Schema 4: an annotation's row is the one whose rowid is its id (no scan).
    tx.execute("DELETE FROM search WHERE rowid = ?1", [id])?;
    Ok(())
}

/// What to look for. An empty `text` lists everything the filters let through.
#[derive(Clone, Debug, Default)]
pub struct SearchQuery {
    /// Words, as FTS5 understands them ("charge AND cavalry", "prefix*", "\"exact words\"").
    pub text: String,
    pub scenario: Option<String>,
    pub ruleset: Option<String>,
    /// ISO dates (or prefixes): games created on or after / before.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The winning side's id, or "none" for games without a winner (draws, unfinished).
    pub result: Option<String>,
    pub tag: Option<String>,
    pub limit: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    pub game: GameId,
    pub title: String,
    /// The annotated node, for annotation hits.
    pub node: Option<NodeId>,
    pub annotation: Option<i64>,
    /// The matching text with the words marked [like this].
    pub snippet: String,
}

/// The indexes the search's filters are answered from, with no text typed: the games by date
/// (the listing's order, and the date filters), by rule system and by winner, each then by date.
/// (The scenario filter has `games_scenario`, the tag filter `annotation_tags_tag`.) They are
/// created when an archive is opened without them, whatever its schema version (an index is
/// invisible to an older Kepi, so the schema version is not raised for them).
pub(super) const INDEXES: &str = "
CREATE INDEX IF NOT EXISTS games_created ON games(created);
CREATE INDEX IF NOT EXISTS games_ruleset ON games(ruleset, created);
CREATE INDEX IF NOT EXISTS games_winner ON games(winner, created);
";
const INDEX_NAMES: [&str; 3] = ["games_created", "games_ruleset", "games_winner"];

/// The games with an annotation tagged `?T`, and those annotations: each an uncorrelated
/// subquery, answered once per search from `annotation_tags_tag` (a correlated one, run again
/// for every row, took 21 s over 10,000 games).
const TAGGED_GAMES: &str = "SELECT n.game_id FROM annotation_tags t \
     JOIN annotations a ON a.id = t.annotation_id JOIN nodes n ON n.id = a.node_id \
     WHERE t.tag = ?T";
const TAGGED_ANNOTATIONS: &str = "SELECT t.annotation_id FROM annotation_tags t WHERE t.tag = ?T";

impl Archive {
    /// Create the search's indexes where they are missing (an archive from an older Kepi).
    pub(super) fn ensure_search_indexes(&mut self) -> Result<()> {
        let have: i64 = self.conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (?1, ?2, ?3)",
            INDEX_NAMES,
            |r| r.get(0),
        )?;
        if have < INDEX_NAMES.len() as i64 {
            self.in_transaction(|a| Ok(a.conn.execute_batch(INDEXES)?))?;
        }
        Ok(())
    }

    /// The SQL of a search and its arguments (`?1`…): with text, the full-text index finds the
    /// rows and the filters are checked on each game by its key; without, the games come from
    /// their indexes (by date, scenario, rule system or winner), with their rows of the search
    /// index by rowid (`-games.id`), and the annotations from their tags' index when a tag is
    /// asked (else all of them: a listing of everything).
    fn search_sql(q: &SearchQuery) -> (String, Vec<String>) {
        let limit = if q.limit == 0 { 50 } else { q.limit } as i64;
        let text = q.text.trim();
        let mut args: Vec<String> = Vec::new();
        let mut filters = String::new();
        let mut arg = |v: &str, clause: &str, sql: &mut String| {
            args.push(v.to_string());
            sql.push_str(&clause.replace('?', &format!("?{}", args.len())));
        };
        if let Some(v) = &q.scenario {
            arg(v, "AND g.scenario_id = ? ", &mut filters);
        }
        if let Some(v) = &q.ruleset {
            arg(v, "AND g.ruleset = ? ", &mut filters);
        }
        if let Some(v) = &q.from {
            arg(v, "AND g.created >= ? ", &mut filters);
        }
        if let Some(v) = &q.to {
            // A date prefix includes the whole day: compare with the prefix's end.
            let end = format!("{v}\u{10FFFF}");
            arg(&end, "AND g.created <= ? ", &mut filters);
        }
        match q.result.as_deref() {
            Some("none") => filters.push_str("AND g.winner IS NULL "),
            Some(v) => arg(v, "AND g.winner = ? ", &mut filters),
            None => {}
        }
        let tag = q.tag.as_ref().map(|v| {
            args.push(v.trim().to_lowercase());
            format!("?{}", args.len())
        });
        let tagged_games = tag.as_ref().map(|t| TAGGED_GAMES.replace("?T", t));
        let tagged_notes = tag.as_ref().map(|t| TAGGED_ANNOTATIONS.replace("?T", t));
        let sql = if !text.is_empty() {
            args.push(text.to_string());
            let m = args.len();
            let tagged = match (&tagged_games, &tagged_notes) {
                (Some(g), Some(a)) => format!(
                    "AND CASE WHEN s.annotation_id IS NULL THEN s.game_id IN ({g}) \
                     ELSE s.annotation_id IN ({a}) END "
                ),
                _ => String::new(),
            };
            format!(
                "SELECT s.game_id, g.title, a.node_id, s.annotation_id, \
                        snippet(search, 0, '[', ']', '…', 12) \
                 FROM search s JOIN games g ON g.id = s.game_id \
                 LEFT JOIN annotations a ON a.id = s.annotation_id \
                 WHERE search MATCH ?{m} {filters}{tagged}ORDER BY rank LIMIT {limit}"
            )
        } else {
            let games_tagged = tagged_games
                .map(|g| format!("AND g.id IN ({g}) "))
                .unwrap_or_default();
            let notes_tagged = tagged_notes
                .map(|a| format!("AND a.id IN ({a}) "))
                .unwrap_or_default();
            // Newest games first; a game's own row before its annotations'.
            format!(
                "SELECT game_id, title, node_id, annotation_id, body FROM ( \
                   SELECT g.id AS game_id, g.title AS title, NULL AS node_id, \
                          NULL AS annotation_id, substr(s.body, 1, 80) AS body, \
                          g.created AS created, 0 AS k \
                   FROM games g JOIN search s ON s.rowid = -g.id \
                   WHERE 1 = 1 {filters}{games_tagged}\
                   UNION ALL \
                   SELECT g.id, g.title, a.node_id, a.id, substr(s.body, 1, 80), g.created, a.id \
                   FROM annotations a JOIN nodes n ON n.id = a.node_id \
                   JOIN games g ON g.id = n.game_id JOIN search s ON s.rowid = a.id \
                   WHERE 1 = 1 {filters}{notes_tagged}) \
                 ORDER BY created DESC, game_id DESC, k LIMIT {limit}"
            )
        };
        (sql, args)
    }

    pub fn search(&self, q: &SearchQuery) -> Result<Vec<Hit>> {
        let text = q.text.trim();
        let (sql, args) = Self::search_sql(q);
        let mut st = self.conn.prepare(&sql)?;
        let rows = st.query_map(rusqlite::params_from_iter(args.iter()), |r| {
            Ok(Hit {
                game: r.get(0)?,
                title: r.get(1)?,
                node: r.get(2)?,
                annotation: r.get(3)?,
                snippet: r.get(4)?,
            })
        });
        let rows = rows.map_err(|e| bad_query(e, text))?;
        rows.collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| bad_query(e, text))
    }

    /// How SQLite answers [`Archive::search`] for `q` (`EXPLAIN QUERY PLAN`, one line a step):
    /// the tests check that the filters are answered from indexes.
    pub fn search_plan(&self, q: &SearchQuery) -> Result<Vec<String>> {
        let (sql, args) = Self::search_sql(q);
        let mut st = self.conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
        let rows = st.query_map(rusqlite::params_from_iter(args.iter()), |r| {
            r.get::<_, String>(3)
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The tags of each game's annotations, sorted, each once, in one query (games without a
    /// tag are absent).
    pub fn tags_by_game(&self) -> Result<std::collections::HashMap<GameId, Vec<String>>> {
        let mut st = self.conn.prepare(
            "SELECT DISTINCT n.game_id, t.tag FROM annotation_tags t \
             JOIN annotations a ON a.id = t.annotation_id JOIN nodes n ON n.id = a.node_id \
             ORDER BY n.game_id, t.tag",
        )?;
        let mut out: std::collections::HashMap<GameId, Vec<String>> = Default::default();
        let rows = st.query_map([], |r| Ok((r.get::<_, GameId>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (game, tag) = row?;
            out.entry(game).or_default().push(tag);
        }
        Ok(out)
    }
}

/// An error while matching: a query the full-text syntax cannot read, worded for the user.
fn bad_query(e: rusqlite::Error, text: &str) -> ArchiveError {
    match &e {
        rusqlite::Error::SqliteFailure(_, Some(m)) if !text.is_empty() => ArchiveError::Invalid(
            format!("cannot search for '{text}': {m} (quote words with special characters)"),
        ),
        _ => ArchiveError::Sql(e),
    }
}

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

impl Archive {
    pub fn search(&self, q: &SearchQuery) -> Result<Vec<Hit>> {
        let limit = if q.limit == 0 { 50 } else { q.limit } as i64;
        let text = q.text.trim();
        let mut sql = String::from("SELECT s.game_id, g.title, a.node_id, s.annotation_id, ");
        if text.is_empty() {
            sql.push_str("substr(s.body, 1, 80) FROM search s ");
        } else {
            sql.push_str("snippet(search, 0, '[', ']', '…', 12) FROM search s ");
        }
        sql.push_str(
            "JOIN games g ON g.id = s.game_id LEFT JOIN annotations a ON a.id = s.annotation_id
             WHERE 1 = 1 ",
        );
        let mut args: Vec<String> = Vec::new();
        let mut arg = |v: &str, clause: &str, sql: &mut String| {
            args.push(v.to_string());
            sql.push_str(&clause.replace('?', &format!("?{}", args.len())));
        };
        if !text.is_empty() {
            arg(text, "AND search MATCH ? ", &mut sql);
        }
        if let Some(v) = &q.scenario {
            arg(v, "AND g.scenario_id = ? ", &mut sql);
        }
        if let Some(v) = &q.ruleset {
            arg(v, "AND g.ruleset = ? ", &mut sql);
        }
        if let Some(v) = &q.from {
            arg(v, "AND g.created >= ? ", &mut sql);
        }
        if let Some(v) = &q.to {
            // A date prefix includes the whole day: compare with the prefix's end.
            let end = format!("{v}\u{10FFFF}");
            arg(&end, "AND g.created <= ? ", &mut sql);
        }
        match q.result.as_deref() {
            Some("none") => sql.push_str("AND g.winner IS NULL "),
            Some(v) => arg(v, "AND g.winner = ? ", &mut sql),
            None => {}
        }
        if let Some(v) = &q.tag {
            let tag = v.trim().to_lowercase();
            arg(
                &tag,
                "AND ((s.annotation_id IS NOT NULL AND EXISTS (SELECT 1 FROM annotation_tags t
                       WHERE t.annotation_id = s.annotation_id AND t.tag = ?))
                  OR (s.annotation_id IS NULL AND EXISTS (SELECT 1 FROM annotation_tags t
                       JOIN annotations a2 ON a2.id = t.annotation_id
                       JOIN nodes n2 ON n2.id = a2.node_id
                       WHERE n2.game_id = s.game_id AND t.tag = ?))) ",
                &mut sql,
            );
        }
        sql.push_str(if text.is_empty() {
            "ORDER BY g.created DESC, s.game_id DESC "
        } else {
            "ORDER BY rank "
        });
        sql.push_str(&format!("LIMIT {limit}"));
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

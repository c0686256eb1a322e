//! The `annotations` and `annotation_tags` tables: comments on a node, in markdown, with shapes
//! drawn on the map and tags.

use super::{Archive, ArchiveError, NodeId, Result, time};
use crate::map::HexCoord;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

pub(super) const V2: &str = "
CREATE TABLE annotations (
    id      INTEGER PRIMARY KEY,
    node_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    author  TEXT NOT NULL DEFAULT '',
    text    TEXT NOT NULL DEFAULT '',      -- markdown
    shapes  TEXT NOT NULL DEFAULT '[]',    -- JSON: arrows and hex highlights
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX annotations_node ON annotations(node_id);
CREATE TABLE annotation_tags (
    annotation_id INTEGER NOT NULL REFERENCES annotations(id) ON DELETE CASCADE,
    tag           TEXT NOT NULL,
    PRIMARY KEY (annotation_id, tag)
);
CREATE INDEX annotation_tags_tag ON annotation_tags(tag);
";

/// A shape drawn on the map, with a colour (`#rrggbb`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Shape {
    Arrow {
        from: HexCoord,
        to: HexCoord,
        color: String,
    },
    Highlight {
        hex: HexCoord,
        color: String,
    },
}

impl Shape {
    fn check(&self) -> std::result::Result<(), String> {
        let color = match self {
            Shape::Arrow { color, .. } | Shape::Highlight { color, .. } => color,
        };
        let ok = color.len() == 7
            && color.starts_with('#')
            && color[1..].chars().all(|c| c.is_ascii_hexdigit());
        if ok {
            Ok(())
        } else {
            Err(format!("'{color}' is not a colour (#rrggbb)"))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Annotation {
    #[serde(default)]
    pub id: i64,
    #[serde(default)]
    pub node: NodeId,
    #[serde(default)]
    pub author: String,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub shapes: Vec<Shape>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub created: String,
    #[serde(default)]
    pub updated: String,
}

impl Annotation {
    /// An empty annotation to fill in (`..Annotation::default_for_tests()`).
    pub fn default_for_tests() -> Annotation {
        Annotation {
            id: 0,
            node: 0,
            author: String::new(),
            text: String::new(),
            shapes: Vec::new(),
            tags: Vec::new(),
            created: String::new(),
            updated: String::new(),
        }
    }
}

fn clean_tags(tags: &[String]) -> Vec<String> {
    let mut t: Vec<String> = tags
        .iter()
        .map(|t| t.trim().to_lowercase())
        .filter(|t| !t.is_empty())
        .collect();
    t.sort();
    t.dedup();
    t
}

impl Archive {
    /// Add an annotation to a node; returns its id.
    pub fn annotate(&mut self, node: NodeId, a: &Annotation) -> Result<i64> {
        self.node(node)?;
        for s in &a.shapes {
            s.check().map_err(ArchiveError::Invalid)?;
        }
        let now = time::now();
        let tx = self.write()?;
        tx.execute(
            "INSERT INTO annotations (node_id, author, text, shapes, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
            params![
                node,
                a.author,
                a.text,
                serde_json::to_string(&a.shapes).expect("shapes serialize"),
                now
            ],
        )?;
        let id = tx.last_insert_rowid();
        for t in clean_tags(&a.tags) {
            tx.execute(
                "INSERT INTO annotation_tags (annotation_id, tag) VALUES (?1, ?2)",
                params![id, t],
            )?;
        }
        super::search::index_annotation(&tx, id)?;
        tx.commit()?;
        Ok(id)
    }

    /// Replace an annotation's text, shapes, tags and author.
    pub fn edit_annotation(&mut self, id: i64, a: &Annotation) -> Result<()> {
        for s in &a.shapes {
            s.check().map_err(ArchiveError::Invalid)?;
        }
        let tx = self.write()?;
        let n = tx.execute(
            "UPDATE annotations SET author = ?2, text = ?3, shapes = ?4, updated = ?5
             WHERE id = ?1",
            params![
                id,
                a.author,
                a.text,
                serde_json::to_string(&a.shapes).expect("shapes serialize"),
                time::now()
            ],
        )?;
        if n == 0 {
            return Err(ArchiveError::NotFound(format!("no annotation {id}")));
        }
        tx.execute("DELETE FROM annotation_tags WHERE annotation_id = ?1", [id])?;
        for t in clean_tags(&a.tags) {
            tx.execute(
                "INSERT INTO annotation_tags (annotation_id, tag) VALUES (?1, ?2)",
                params![id, t],
            )?;
        }
        super::search::index_annotation(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    pub fn delete_annotation(&mut self, id: i64) -> Result<()> {
        let tx = self.write()?;
        super::search::unindex_annotation(&tx, id)?;
        let n = tx.execute("DELETE FROM annotations WHERE id = ?1", [id])?;
        if n == 0 {
            return Err(ArchiveError::NotFound(format!("no annotation {id}")));
        }
        tx.commit()?;
        Ok(())
    }

    pub fn annotation(&self, id: i64) -> Result<Annotation> {
        let a = self
            .conn
            .query_row(
                "SELECT id, node_id, author, text, shapes, created, updated FROM annotations
                 WHERE id = ?1",
                [id],
                |r| {
                    let shapes: String = r.get(4)?;
                    Ok(Annotation {
                        id: r.get(0)?,
                        node: r.get(1)?,
                        author: r.get(2)?,
                        text: r.get(3)?,
                        shapes: serde_json::from_str(&shapes).unwrap_or_default(),
                        tags: Vec::new(),
                        created: r.get(5)?,
                        updated: r.get(6)?,
                    })
                },
            )
            .optional()?
            .ok_or_else(|| ArchiveError::NotFound(format!("no annotation {id}")))?;
        let mut st = self.conn.prepare_cached(
            "SELECT tag FROM annotation_tags WHERE annotation_id = ?1 ORDER BY tag",
        )?;
        let tags = st
            .query_map([id], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(Annotation { tags, ..a })
    }

    /// The annotations of a node, oldest first.
    /// The number of annotations of each of `nodes` that has any, in one query (the replay
    /// view's move list marks the annotated commands of a line of thousands).
    pub fn annotation_counts(
        &self,
        nodes: &[NodeId],
    ) -> Result<std::collections::HashMap<NodeId, u32>> {
        let ids = serde_json::to_string(nodes).expect("integers serialize");
        let mut st = self.conn.prepare_cached(
            "SELECT node_id, count(*) FROM annotations \
             WHERE node_id IN (SELECT value FROM json_each(?1)) GROUP BY node_id",
        )?;
        let rows = st.query_map([ids], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub fn annotations(&self, node: NodeId) -> Result<Vec<Annotation>> {
        let mut st = self
            .conn
            .prepare_cached("SELECT id FROM annotations WHERE node_id = ?1 ORDER BY id")?;
        let ids = st
            .query_map([node], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        ids.into_iter().map(|i| self.annotation(i)).collect()
    }
}

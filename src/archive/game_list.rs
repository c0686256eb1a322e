//! The Library's games table over the whole archive: the games that pass the archive's filters,
//! sorted by any column of the table, a page at a time, with how many there are in all.
//!
//! Invariants:
//! - a sort column is one of [`GameSort::ALL`] and its SQL is fixed here: nothing the caller
//!   gives is put into the SQL text but the page's bounds (numbers), every filter is an
//!   argument;
//! - the filters mean what the search's do ([`super::SearchQuery`]): `to` includes its whole
//!   day, a result of "none" is a game without a winner, a tag is matched lower-cased;
//! - ties are broken by date then id, the newest first whatever the direction (a sort by date by
//!   id in its direction), so the order is total and paging through it meets every game once;
//! - a game's length is the number of commands on its main line (first children from the root),
//!   walked in SQL ([`LINE_LENGTHS`]); only a sort by length walks every game's line, any other
//!   sort walks the page's games alone.

use super::{Archive, ArchiveError, GameId, GameInfo, Result};

/// The columns of the Library's games table, as the UI names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSort {
    Title,
    Scenario,
    Players,
    /// When the game was started.
    Date,
    /// As the table shows it: "<side> won", "finished" or "in progress".
    Result,
    /// Commands on the main line.
    Length,
    /// The tags of its annotations, sorted, joined.
    Tags,
}

impl GameSort {
    pub const ALL: [GameSort; 7] = [
        GameSort::Title,
        GameSort::Scenario,
        GameSort::Players,
        GameSort::Date,
        GameSort::Result,
        GameSort::Length,
        GameSort::Tags,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GameSort::Title => "title",
            GameSort::Scenario => "scenario",
            GameSort::Players => "players",
            GameSort::Date => "date",
            GameSort::Result => "result",
            GameSort::Length => "length",
            GameSort::Tags => "tags",
        }
    }

    /// The column named `name`; any other name is refused, naming the columns there are.
    pub fn parse(name: &str) -> Result<GameSort> {
        GameSort::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                ArchiveError::Invalid(format!(
                    "sort: '{name}' is not a column of the games table (one of {})",
                    GameSort::ALL.map(GameSort::name).join(", ")
                ))
            })
    }

    /// The SQL value sorted on, over `g` (a `games` row), `len` (its length) and `tags`.
    fn key(self) -> &'static str {
        match self {
            GameSort::Title => "g.title COLLATE NOCASE",
            GameSort::Scenario => "g.scenario_id COLLATE NOCASE",
            GameSort::Players => {
                "(SELECT group_concat(p.value, ', ') FROM json_each(g.players) AS p) \
                 COLLATE NOCASE"
            }
            GameSort::Date => "g.created",
            GameSort::Result => {
                "(CASE WHEN g.finished IS NULL THEN 'in progress' \
                 WHEN g.winner IS NULL THEN 'finished' ELSE g.winner || ' won' END) \
                 COLLATE NOCASE"
            }
            GameSort::Length => "len.length",
            GameSort::Tags => "coalesce(tags.list, '')",
        }
    }
}

/// Which games, in which order, which page.
#[derive(Clone, Debug)]
pub struct GameListQuery {
    pub sort: GameSort,
    /// Largest first (the newest, the longest, Z to A).
    pub descending: bool,
    pub scenario: Option<String>,
    pub ruleset: Option<String>,
    /// ISO dates (or prefixes): games created on or after / on or before.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The winning side's id, or "none" for games without a winner.
    pub result: Option<String>,
    pub tag: Option<String>,
    /// Games skipped, then at most `limit` listed (at most [`GAME_PAGE_MAX`]).
    pub offset: usize,
    pub limit: usize,
}

impl Default for GameListQuery {
    /// The newest games first, a page of 100.
    fn default() -> Self {
        GameListQuery {
            sort: GameSort::Date,
            descending: true,
            scenario: None,
            ruleset: None,
            from: None,
            to: None,
            result: None,
            tag: None,
            offset: 0,
            limit: 100,
        }
    }
}

/// The largest page [`Archive::list_games`] answers.
pub const GAME_PAGE_MAX: usize = 500;

/// A game of the table: its row, its main line's length and its tags.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedGame {
    pub info: GameInfo,
    pub length: u32,
    /// The tags of its annotations, sorted, each once.
    pub tags: Vec<String>,
}

/// The main line's length of each game of `picked(id)` (a query naming the games): the walk from
/// each root down the first children, one row a game (the walk's last row is the missing child
/// of the line's last node, hence `- 1`). It cannot loop: each node has one parent, so a node
/// met going down is met from its parent alone.
const LINE_LENGTHS: &str = "\
line(game, id, length) AS (
    SELECT r.game_id, r.id, 0 FROM nodes r
    WHERE r.parent_id IS NULL AND r.game_id IN (SELECT id FROM picked)
    UNION ALL
    SELECT line.game, (SELECT c.id FROM nodes c WHERE c.parent_id = line.id
                       ORDER BY c.sibling_order, c.id LIMIT 1), line.length + 1
    FROM line WHERE line.id IS NOT NULL),
len(game, length) AS (
    SELECT game, max(length) - 1 FROM line GROUP BY game)";

/// Each game's tags, sorted, each once, joined with the unit separator (character 31, which no
/// typed tag holds) (games without a tag are absent).
const GAME_TAGS: &str = "\
tags(game, list) AS (
    SELECT game, group_concat(tag, char(31) ORDER BY tag) FROM (
        SELECT DISTINCT n.game_id AS game, t.tag AS tag FROM annotation_tags t
        JOIN annotations a ON a.id = t.annotation_id JOIN nodes n ON n.id = a.node_id
        WHERE n.game_id IN (SELECT id FROM picked))
    GROUP BY game)";

impl GameListQuery {
    /// The filters as SQL over `g` (from `WHERE 1 = 1 `) and their arguments (`?1`…).
    fn filters(&self) -> (String, Vec<String>) {
        let mut sql = String::new();
        let mut args: Vec<String> = Vec::new();
        let mut arg = |v: String, clause: &str, sql: &mut String| {
            args.push(v);
            sql.push_str(&clause.replace('?', &format!("?{}", args.len())));
        };
        let given = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        if let Some(v) = given(&self.scenario) {
            arg(v, "AND g.scenario_id = ? ", &mut sql);
        }
        if let Some(v) = given(&self.ruleset) {
            arg(v, "AND g.ruleset = ? ", &mut sql);
        }
        if let Some(v) = given(&self.from) {
            arg(v, "AND g.created >= ? ", &mut sql);
        }
        if let Some(v) = given(&self.to) {
            // A date prefix includes the whole day: compare with the prefix's end.
            arg(format!("{v}\u{10FFFF}"), "AND g.created <= ? ", &mut sql);
        }
        match given(&self.result).as_deref() {
            Some("none") => sql.push_str("AND g.winner IS NULL "),
            Some(v) => arg(v.to_string(), "AND g.winner = ? ", &mut sql),
            None => {}
        }
        if let Some(v) = given(&self.tag) {
            arg(
                v.to_lowercase(),
                "AND g.id IN (SELECT n.game_id FROM annotation_tags t \
                 JOIN annotations a ON a.id = t.annotation_id \
                 JOIN nodes n ON n.id = a.node_id WHERE t.tag = ?) ",
                &mut sql,
            );
        }
        (sql, args)
    }

    /// The SQL of one page: the ids of its games, in order.
    fn page_sql(&self) -> Result<(String, Vec<String>)> {
        if self.limit == 0 || self.limit > GAME_PAGE_MAX {
            return Err(ArchiveError::Invalid(format!(
                "a page of games holds 1 to {GAME_PAGE_MAX}, not {}",
                self.limit
            )));
        }
        let (filters, args) = self.filters();
        let dir = if self.descending { "DESC" } else { "ASC" };
        let key = self.sort.key();
        let order = match self.sort {
            // The order of `games_created` (its key, then the rowid): no sort step.
            GameSort::Date => format!("g.created {dir}, g.id {dir}"),
            _ => format!("{key} {dir}, g.created DESC, g.id DESC"),
        };
        let (with, join) = match self.sort {
            GameSort::Length => (
                format!(
                    "WITH RECURSIVE picked(id) AS (SELECT g.id FROM games g WHERE 1 = 1 {filters}), {LINE_LENGTHS} "
                ),
                "JOIN len ON len.game = g.id",
            ),
            GameSort::Tags => (
                format!(
                    "WITH picked(id) AS (SELECT g.id FROM games g WHERE 1 = 1 {filters}), {GAME_TAGS} "
                ),
                "LEFT JOIN tags ON tags.game = g.id",
            ),
            _ => (String::new(), ""),
        };
        Ok((
            format!(
                "{with}SELECT g.id FROM games g {join} WHERE 1 = 1 {filters}\
                 ORDER BY {order} LIMIT {} OFFSET {}",
                self.limit, self.offset
            ),
            args,
        ))
    }
}

impl Archive {
    /// One page of the games table: the games that pass `q`'s filters in its order, from
    /// `q.offset`, at most `q.limit` (1 to [`GAME_PAGE_MAX`]), each with its main line's length
    /// and its tags; and how many games pass the filters in all.
    pub fn list_games(&self, q: &GameListQuery) -> Result<(Vec<ListedGame>, usize)> {
        let (sql, args) = q.page_sql()?;
        let ids: Vec<GameId> = {
            let mut st = self.conn.prepare(&sql)?;
            st.query_map(rusqlite::params_from_iter(args.iter()), |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?
        };
        let (filters, args) = q.filters();
        let total: i64 = self.conn.query_row(
            &format!("SELECT count(*) FROM games g WHERE 1 = 1 {filters}"),
            rusqlite::params_from_iter(args.iter()),
            |r| r.get(0),
        )?;
        if ids.is_empty() {
            return Ok((Vec::new(), total as usize));
        }
        // The page's rows, lengths and tags, each in one query over the page's ids.
        let list = ids
            .iter()
            .map(|id| id.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let picked = format!("picked(id) AS (SELECT value FROM json_each('[{list}]'))");
        let mut rows: std::collections::HashMap<GameId, GameInfo> = {
            let mut st = self.conn.prepare(&format!(
                "SELECT * FROM games WHERE id IN (SELECT value FROM json_each('[{list}]'))"
            ))?;
            st.query_map([], super::games::row_info)?
                .map(|r| r.map(|g| (g.id, g)))
                .collect::<rusqlite::Result<_>>()?
        };
        let lengths: std::collections::HashMap<GameId, i64> = {
            let mut st = self.conn.prepare(&format!(
                "WITH RECURSIVE {picked}, {LINE_LENGTHS} SELECT game, length FROM len"
            ))?;
            st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?
        };
        let mut tags: std::collections::HashMap<GameId, String> = {
            let mut st = self.conn.prepare(&format!(
                "WITH {picked}, {GAME_TAGS} SELECT game, list FROM tags"
            ))?;
            st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?
        };
        let games = ids
            .iter()
            .filter_map(|id| {
                let info = rows.remove(id)?;
                Some(ListedGame {
                    length: lengths.get(id).copied().unwrap_or(0).max(0) as u32,
                    tags: tags
                        .remove(id)
                        .map(|l| l.split('\u{1f}').map(str::to_string).collect())
                        .unwrap_or_default(),
                    info,
                })
            })
            .collect();
        Ok((games, total as usize))
    }

    /// How SQLite answers the page query of `q` (`EXPLAIN QUERY PLAN`, one line a step): the
    /// tests check that a sort by date pages through its index.
    pub fn list_games_plan(&self, q: &GameListQuery) -> Result<Vec<String>> {
        let (sql, args) = q.page_sql()?;
        let mut st = self.conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
        let rows = st.query_map(rusqlite::params_from_iter(args.iter()), |r| {
            r.get::<_, String>(3)
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::Annotation;

    /// One game of the test archive: what its row says, the commands on its main line and the
    /// tags of its annotations.
    struct Spec {
        title: &'static str,
        scenario: &'static str,
        players: &'static [&'static str],
        created: &'static str,
        finished: bool,
        winner: Option<&'static str>,
        length: usize,
        tags: &'static [&'static str],
    }

    const GAMES: [Spec; 7] = [
        Spec {
            title: "Bravo",
            scenario: "rs-02-b",
            players: &["Zoe", "Al"],
            created: "2026-03-01T10:00:00Z",
            finished: true,
            winner: Some("british"),
            length: 3,
            tags: &["cavalry"],
        },
        Spec {
            title: "alpha",
            scenario: "rs-01-a",
            players: &["Ann", "Bob"],
            created: "2026-01-15T09:00:00Z",
            finished: false,
            winner: None,
            length: 0,
            tags: &[],
        },
        Spec {
            title: "Charlie",
            scenario: "rs-01-a",
            players: &["bea", "Cy"],
            created: "2026-03-01T10:00:00Z",
            finished: true,
            winner: None,
            length: 5,
            tags: &["retreat", "artillery"],
        },
        Spec {
            title: "delta",
            scenario: "rs-03-c",
            players: &[],
            created: "2026-02-28T23:59:59Z",
            finished: true,
            winner: Some("rebels"),
            length: 1,
            tags: &["cavalry", "bridge"],
        },
        Spec {
            title: "Echo",
            scenario: "rs-02-b",
            players: &["Al"],
            created: "2026-05-05T05:05:05Z",
            finished: false,
            winner: None,
            length: 2,
            tags: &["zouaves"],
        },
        Spec {
            title: "alpha",
            scenario: "rs-03-c",
            players: &["Ann", "Bob"],
            created: "2026-01-15T09:00:00Z",
            finished: true,
            winner: Some("british"),
            length: 4,
            tags: &[],
        },
        Spec {
            title: "Foxtrot",
            scenario: "rs-01-a",
            players: &["Dan", "Eve"],
            created: "2025-12-31T23:00:00Z",
            finished: true,
            winner: Some("rebels"),
            length: 0,
            tags: &["bridge"],
        },
    ];

    /// The archive of [`GAMES`], each game's id by its index, and a variation longer than the
    /// main line in game 2 (its length stays the main line's).
    fn archive() -> (tempfile::TempDir, Archive, Vec<GameId>) {
        let dir = tempfile::tempdir().unwrap();
        let mut ar = Archive::open(&dir.path().join("a.kepi")).unwrap();
        let entry = crate::library_index::shipped_entries()
            .into_iter()
            .find(|e| e.id == "rs-01-fatehpur")
            .unwrap();
        let s = crate::library_index::scenario_of(&entry).unwrap();
        let mut ids = Vec::new();
        for (i, g) in GAMES.iter().enumerate() {
            let id = ar
                .create_game(&s, &serde_json::json!({}), i as u64, &[])
                .unwrap();
            let mut node = ar.root(id).unwrap().id;
            let mut line = vec![node];
            let mut state = ar.state_at(node).unwrap();
            let mut random = state.rules().random_player(i as u64);
            for _ in 0..g.length {
                let cmd = random.next(&state);
                let (n, applied) = ar.play(node, &cmd, &mut Default::default()).unwrap();
                (node, state) = (n, applied.state);
                line.push(n);
            }
            if i == 2 {
                let mut at = line[1];
                let mut st = ar.state_at(at).unwrap();
                let mut other = st.rules().random_player(99);
                for _ in 0..8 {
                    let cmd = other.next(&st);
                    let (n, applied) = ar.play(at, &cmd, &mut Default::default()).unwrap();
                    (at, st) = (n, applied.state);
                }
            }
            for (k, tag) in g.tags.iter().enumerate() {
                let a = Annotation {
                    text: format!("note {k}"),
                    tags: vec![tag.to_string()],
                    ..Annotation::default_for_tests()
                };
                ar.annotate(line[k % line.len()], &a).unwrap();
            }
            ar.conn
                .execute(
                    "UPDATE games SET title = ?2, scenario_id = ?3, players = ?4, created = ?5,
                     finished = ?6, winner = ?7 WHERE id = ?1",
                    rusqlite::params![
                        id,
                        g.title,
                        g.scenario,
                        serde_json::to_string(g.players).unwrap(),
                        g.created,
                        g.finished.then_some("2026-06-01T00:00:00Z"),
                        g.winner,
                    ],
                )
                .unwrap();
            ids.push(id);
        }
        (dir, ar, ids)
    }

    fn page(ar: &Archive, q: &GameListQuery) -> (Vec<GameId>, usize) {
        let (games, total) = ar.list_games(q).unwrap();
        (games.iter().map(|g| g.info.id).collect(), total)
    }

    fn sorted(sort: GameSort, descending: bool) -> GameListQuery {
        GameListQuery {
            sort,
            descending,
            ..GameListQuery::default()
        }
    }

    #[test]
    fn every_column_sorts_both_ways_with_ties_newest_first() {
        let (_d, ar, id) = archive();
        // Expected orders by index into GAMES (ties: the newer date, then the higher id).
        // Expected orders by index into GAMES, ascending then descending (ties: the newer
        // date, then the higher id, either way).
        let cases: [(GameSort, [usize; 7], [usize; 7]); 7] = [
            // "alpha" twice (5 and 1: one date, so by id), Bravo, Charlie, delta, Echo, Foxtrot.
            (
                GameSort::Title,
                [5, 1, 0, 2, 3, 4, 6],
                [6, 4, 3, 2, 0, 5, 1],
            ),
            // rs-01-a: 2 (Mar), 1 (Jan), 6 (Dec); rs-02-b: 4 (May), 0; rs-03-c: 3 (Feb), 5.
            (
                GameSort::Scenario,
                [2, 1, 6, 4, 0, 3, 5],
                [3, 5, 4, 0, 2, 1, 6],
            ),
            // No players: 3; "Al": 4; "Ann, Bob": 5 and 1; "bea, Cy"; "Dan, Eve"; "Zoe, Al".
            (
                GameSort::Players,
                [3, 4, 5, 1, 2, 6, 0],
                [0, 6, 2, 5, 1, 4, 3],
            ),
            (GameSort::Date, [6, 1, 5, 3, 0, 2, 4], [4, 2, 0, 3, 5, 1, 6]),
            // "british won": 0, 5; "finished": 2; "in progress": 4, 1; "rebels won": 3, 6.
            (
                GameSort::Result,
                [0, 5, 2, 4, 1, 3, 6],
                [3, 6, 4, 1, 2, 0, 5],
            ),
            // 0: 1 and 6 (dates); 1: 3; 2: 4; 3: 0; 4: 5; 5: 2 (its longer variation not counted).
            (
                GameSort::Length,
                [1, 6, 3, 4, 0, 5, 2],
                [2, 5, 0, 4, 3, 1, 6],
            ),
            // None: 5, 1; "artillery, retreat": 2; "bridge": 6; "bridge, cavalry": 3;
            // "cavalry": 0; "zouaves": 4.
            (GameSort::Tags, [5, 1, 2, 6, 3, 0, 4], [4, 0, 3, 6, 2, 5, 1]),
        ];
        for (sort, up, down) in cases {
            let (got, total) = page(&ar, &sorted(sort, false));
            assert_eq!(total, 7);
            assert_eq!(got, up.map(|i| id[i]), "{} ascending", sort.name());
            let (got, _) = page(&ar, &sorted(sort, true));
            assert_eq!(got, down.map(|i| id[i]), "{} descending", sort.name());
        }
    }

    #[test]
    fn each_game_carries_its_main_line_length_and_its_tags() {
        let (_d, ar, id) = archive();
        let (games, _) = ar.list_games(&GameListQuery::default()).unwrap();
        for (i, g) in GAMES.iter().enumerate() {
            let listed = games.iter().find(|l| l.info.id == id[i]).unwrap();
            assert_eq!(listed.length as usize, g.length, "game {i}");
            let mut tags: Vec<String> = g.tags.iter().map(|t| t.to_string()).collect();
            tags.sort();
            assert_eq!(listed.tags, tags, "game {i}");
            assert_eq!(listed.info.title, g.title);
        }
    }

    #[test]
    fn the_filters_mean_what_the_searchs_do_and_count_what_passes() {
        let (_d, ar, id) = archive();
        let q = |f: fn(&mut GameListQuery)| {
            let mut q = GameListQuery::default();
            f(&mut q);
            let (mut got, total) = page(&ar, &q);
            got.sort();
            assert_eq!(got.len(), total);
            got
        };
        let ids = |v: &[usize]| {
            let mut v: Vec<GameId> = v.iter().map(|&i| id[i]).collect();
            v.sort();
            v
        };
        assert_eq!(q(|q| q.scenario = Some("rs-01-a".into())), ids(&[1, 2, 6]));
        // Every game is of Fatehpur's rule system; none of another's.
        let own = crate::shipped::scenario_file("rs-01-fatehpur")
            .unwrap()
            .ruleset
            .key();
        let other = crate::engine::game::registry::all()
            .into_iter()
            .map(|r| r.key())
            .find(|k| *k != own)
            .unwrap();
        let by_system = |key: &str| {
            let q = GameListQuery {
                ruleset: Some(key.into()),
                ..Default::default()
            };
            let (got, total) = page(&ar, &q);
            assert_eq!(got.len(), total);
            got.len()
        };
        assert_eq!(by_system(own), 7);
        assert_eq!(by_system(other), 0);
        // `to` includes its whole day; `from` starts at its day.
        assert_eq!(
            q(|q| {
                q.from = Some("2026-01-15".into());
                q.to = Some("2026-02-28".into());
            }),
            ids(&[1, 3, 5])
        );
        assert_eq!(q(|q| q.result = Some("british".into())), ids(&[0, 5]));
        assert_eq!(q(|q| q.result = Some("none".into())), ids(&[1, 2, 4]));
        // A tag is matched as the annotations store it (lower case), whatever is typed.
        assert_eq!(q(|q| q.tag = Some(" Cavalry ".into())), ids(&[0, 3]));
        assert_eq!(
            q(|q| {
                q.tag = Some("bridge".into());
                q.scenario = Some("rs-03-c".into());
            }),
            ids(&[3])
        );
        // Empty filters are no filters; a filter is an argument, never SQL.
        assert_eq!(q(|q| q.scenario = Some("  ".into())).len(), 7);
        assert_eq!(q(|q| q.scenario = Some("x' OR 1 = 1 --".into())), ids(&[]));
        // Filters with a sort that computes its key (length, tags).
        let (got, total) = page(
            &ar,
            &GameListQuery {
                sort: GameSort::Length,
                descending: true,
                scenario: Some("rs-01-a".into()),
                ..GameListQuery::default()
            },
        );
        assert_eq!((got, total), (vec![id[2], id[1], id[6]], 3));
    }

    #[test]
    fn pages_meet_every_game_once_and_bounds_are_checked() {
        let (_d, ar, _) = archive();
        for sort in GameSort::ALL {
            for descending in [false, true] {
                let whole = page(&ar, &sorted(sort, descending)).0;
                let mut paged = Vec::new();
                for offset in (0..9).step_by(3) {
                    let (got, total) = page(
                        &ar,
                        &GameListQuery {
                            offset,
                            limit: 3,
                            ..sorted(sort, descending)
                        },
                    );
                    assert_eq!(total, 7);
                    assert!(got.len() <= 3);
                    paged.extend(got);
                }
                assert_eq!(paged, whole, "{} descending {descending}", sort.name());
            }
        }
        // Past the end: no games, and the total still.
        let past = GameListQuery {
            offset: 7,
            ..GameListQuery::default()
        };
        assert_eq!(page(&ar, &past), (vec![], 7));
        for limit in [0, GAME_PAGE_MAX + 1] {
            let q = GameListQuery {
                limit,
                ..GameListQuery::default()
            };
            let e = ar.list_games(&q).unwrap_err().to_string();
            assert!(e.contains("a page of games holds 1 to 500"), "{e}");
        }
        let q = GameListQuery {
            limit: GAME_PAGE_MAX,
            ..GameListQuery::default()
        };
        assert_eq!(page(&ar, &q).0.len(), 7);
    }

    #[test]
    fn a_column_not_in_the_table_is_refused_naming_the_columns() {
        for name in GameSort::ALL.map(GameSort::name) {
            assert_eq!(GameSort::parse(name).unwrap().name(), name);
        }
        for bad in ["created", "Title", "", "date; DROP TABLE games"] {
            let e = GameSort::parse(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!(
                    "sort: '{bad}' is not a column of the games table (one of title, \
                     scenario, players, date, result, length, tags)"
                )
            );
        }
    }

    #[test]
    fn the_newest_first_pages_through_the_date_index_without_sorting() {
        let (_d, ar, _) = archive();
        let plan = ar
            .list_games_plan(&GameListQuery {
                offset: 3,
                ..GameListQuery::default()
            })
            .unwrap()
            .join("\n");
        assert!(plan.contains("games_created"), "{plan}");
        assert!(!plan.contains("TEMP B-TREE"), "{plan}");
    }
}

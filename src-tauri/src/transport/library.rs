//! Transport types of the Library (the home page): entries, recent files, archived games.

use kepi::library_index::{Entry, Game, Index, Kind, Origin, Pack, Source};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "EntryKind")]
pub enum EntryKindDto {
    Map,
    Scenario,
}

/// Where an entry comes from: `shipped`, `library`, `pack` (with the pack's id and name) or
/// `recent`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(rename = "Origin")]
pub enum OriginDto {
    Shipped,
    Library,
    Pack { id: String, name: String },
    Recent,
}

/// One map or scenario of the Library. `key` names it in every library command
/// (`library_thumbnail`, `open_library_map`, `pack_export`).
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "LibraryEntry")]
pub struct LibraryEntryDto {
    pub key: String,
    pub kind: EntryKindDto,
    pub id: String,
    pub title: String,
    /// "7 July 1857 · Rifle & Saber", "32 x 40 hexes · Rifle & Saber".
    pub subtitle: String,
    /// The rule system's key, as the registry knows it; empty when the file does not parse.
    pub ruleset: String,
    /// A scenario's map id.
    pub map: Option<String>,
    pub origin: OriginDto,
    /// The shipped id (`shipped` entries) or the file's path (the others).
    pub shipped_id: Option<String>,
    pub path: Option<String>,
    /// Why the entry cannot be opened or drawn (it does not parse, or its file is gone).
    pub problem: Option<String>,
}

/// A game of the archive, the newest first.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "ArchivedGame")]
pub struct ArchivedGameDto {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub scenario_id: String,
    pub ruleset: String,
    pub players: Vec<String>,
    /// RFC 3339, UTC.
    pub created: String,
    pub finished: Option<String>,
    pub winner: Option<String>,
    /// Commands on the main line.
    pub length: u32,
    /// Its annotations' tags, sorted.
    pub tags: Vec<String>,
}

/// Which page of the games table (`library_games`): the games that pass the filters, sorted by
/// `sort` (one of `title`, `scenario`, `players`, `date`, `result`, `length`, `tags`), from
/// `offset`, at most `limit` (1 to 500). Empty filters are no filters; each is at most 500
/// characters.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct GamesQuery {
    pub sort: String,
    /// Largest first (the newest, the longest, Z to A).
    pub descending: bool,
    #[ts(optional)]
    pub scenario: Option<String>,
    /// The rule system's key, as the registry knows it.
    #[ts(optional)]
    pub ruleset: Option<String>,
    /// Games created from this date (YYYY-MM-DD), and until this one (the whole day).
    #[ts(optional)]
    pub from: Option<String>,
    #[ts(optional)]
    pub to: Option<String>,
    /// The winner's side id, or "none" (no winner: a draw, or not over).
    #[ts(optional)]
    pub result: Option<String>,
    #[ts(optional)]
    pub tag: Option<String>,
    pub offset: u32,
    pub limit: u32,
}

/// One page of the games table, and how many games pass the filters in all.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GamesPage {
    pub games: Vec<ArchivedGameDto>,
    pub total: u32,
    /// The page's first game's place in the whole list (the query's `offset`).
    pub offset: u32,
}

/// An imported pack: its manifest's words, and the keys of its entries (their thumbnails are
/// asked for by key, as any entry's).
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "ImportedPack")]
pub struct PackDto {
    pub id: String,
    pub name: String,
    pub version: String,
    pub author: String,
    pub license: String,
    pub description: String,
    pub created: String,
    /// The keys of its scenarios and maps in `entries`.
    pub entries: Vec<String>,
}

/// What `library_list` answers (no thumbnails: ask `library_thumbnail(key)` per entry, or start
/// `library_thumbnails` to draw them all in the background).
#[derive(Clone, Debug, Serialize, TS)]
pub struct LibraryListing {
    /// Shipped entries first, then the library folder's, then its packs'.
    pub entries: Vec<LibraryEntryDto>,
    /// The recent files (maps), the most recent first.
    pub recent: Vec<LibraryEntryDto>,
    /// The archive's newest games (at most 100).
    pub games: Vec<ArchivedGameDto>,
    /// How many games the archive holds.
    pub games_total: u32,
    /// The packs imported into the library folder.
    pub packs: Vec<PackDto>,
    /// The library folder (where packs are imported), when there is one.
    pub library_folder: Option<String>,
    /// What could not be read (the archive, ...), in words.
    pub problems: Vec<String>,
}

pub fn entry(e: &Entry) -> LibraryEntryDto {
    let (shipped_id, path) = match &e.source {
        Source::Shipped(s) => (Some(s.id.to_string()), None),
        Source::File(p) => (None, Some(p.display().to_string())),
    };
    LibraryEntryDto {
        key: e.key.clone(),
        kind: match e.kind {
            Kind::Map => EntryKindDto::Map,
            Kind::Scenario => EntryKindDto::Scenario,
        },
        id: e.id.clone(),
        title: e.title.clone(),
        subtitle: e.subtitle.clone(),
        ruleset: e.ruleset.clone(),
        map: e.map.clone(),
        origin: match &e.origin {
            Origin::Shipped => OriginDto::Shipped,
            Origin::Library => OriginDto::Library,
            Origin::Pack { id, name } => OriginDto::Pack {
                id: id.clone(),
                name: name.clone(),
            },
            Origin::Recent => OriginDto::Recent,
        },
        shipped_id,
        path,
        problem: e.problem.clone(),
    }
}

pub fn game(g: &Game) -> ArchivedGameDto {
    ArchivedGameDto {
        id: g.id,
        title: g.title.clone(),
        scenario_id: g.scenario_id.clone(),
        ruleset: g.ruleset.clone(),
        players: g.players.clone(),
        created: g.created.clone(),
        finished: g.finished.clone(),
        winner: g.winner.clone(),
        length: g.length,
        tags: g.tags.clone(),
    }
}

fn pack(p: &Pack, index: &Index) -> PackDto {
    PackDto {
        id: p.id.clone(),
        name: p.name.clone(),
        version: p.version.clone(),
        author: p.author.clone(),
        license: p.license.clone(),
        description: p.description.clone(),
        created: p.created.clone(),
        entries: index
            .entries
            .iter()
            .filter(|e| matches!(&e.origin, Origin::Pack { id, .. } if *id == p.id))
            .filter(|e| matches!(&e.source, Source::File(f) if f.starts_with(&p.folder)))
            .map(|e| e.key.clone())
            .collect(),
    }
}

pub fn listing(index: &Index, library_folder: Option<&std::path::Path>) -> LibraryListing {
    LibraryListing {
        entries: index.entries.iter().map(entry).collect(),
        recent: index.recent.iter().map(entry).collect(),
        games: index.games.iter().map(game).collect(),
        games_total: index.games_total as u32,
        packs: index.packs.iter().map(|p| pack(p, index)).collect(),
        library_folder: library_folder.map(|p| p.display().to_string()),
        problems: index.problems.clone(),
    }
}

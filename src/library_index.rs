//! The Library: what the app's home page lists, the maps and scenarios shipped with Kepi
//! ([`crate::shipped`]), those in the user's library folder (`maps/`, `scenarios/` and each
//! imported pack's `packs/<folder>/`, see [`crate::pack`]), the recent files, and the archive's
//! games, each with a thumbnail drawn by the core's renderer on demand.
//!
//! Invariants: listing reads and parses files but validates and draws nothing (it stays fast);
//! a file entry's path is inside the library folder it was found in, checked again with
//! symbolic links resolved before anything reads it ([`inside`]); a thumbnail is keyed by the
//! SHA-256 of everything drawn from (the scenario's, map's and catalog's text and the
//! renderer's version tag), so a cached picture is never stale, and a picture is a PNG of at
//! most [`THUMB_BOX`] pixels.

pub use crate::archive::{GameListQuery, GameSort};
use crate::map::{Map, MapFile};
use crate::problems::Problems;
use crate::render::{self, RenderOptions};
use crate::scenario::{Scenario, ScenarioFile};
use crate::shipped;
use crate::tables::Catalog;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Largest thumbnail, in pixels: the largest scale from 16 px per hex down that fits.
pub const THUMB_BOX: (u32, u32) = (256, 384);
/// Changes whenever thumbnails are drawn differently, so cached ones are drawn again.
const THUMB_VERSION: &str = "kepi-thumbnail-1";
/// At most this many thumbnails are kept in memory.
const MEMORY_MAX: usize = 256;
/// At most this many archived games are listed with the rest of the Library, the newest first
/// (the games table then asks for its pages over the whole archive: [`games_page`]).
pub const GAMES_MAX: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Map,
    Scenario,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Map => "map",
            Kind::Scenario => "scenario",
        }
    }
}

/// Where an entry comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Shipped,
    /// The library folder's own `maps/` or `scenarios/`.
    Library,
    /// An imported pack (its manifest's id and name).
    Pack {
        id: String,
        name: String,
    },
    /// The recent files (maps opened or saved in the painter).
    Recent,
}

/// How an entry's document is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Shipped(&'static shipped::Shipped),
    File(PathBuf),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Names the entry in this listing: `shipped/map/<id>`, `library/<path in the library>`,
    /// `recent/<path>`.
    pub key: String,
    pub kind: Kind,
    pub id: String,
    pub title: String,
    /// "7 July 1857 · Rifle & Saber", "32 x 40 hexes · Rifle & Saber".
    pub subtitle: String,
    /// The rule system's key, as the registry knows it; empty when the file does not parse.
    pub ruleset: String,
    /// A scenario's map id.
    pub map: Option<String>,
    pub origin: Origin,
    pub source: Source,
    /// Why the file cannot be used as it is (it does not parse, or is missing).
    pub problem: Option<String>,
}

/// A game of the archive, for the home page.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub id: i64,
    pub title: String,
    pub scenario_id: String,
    pub ruleset: String,
    pub players: Vec<String>,
    pub created: String,
    pub finished: Option<String>,
    pub winner: Option<String>,
    /// Commands on the main line.
    pub length: u32,
    /// The tags of the game's annotations, sorted, each once.
    pub tags: Vec<String>,
}

/// An imported pack, as its manifest describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    pub id: String,
    pub name: String,
    pub version: String,
    pub author: String,
    pub license: String,
    pub description: String,
    /// When the pack was made (RFC 3339).
    pub created: String,
    pub folder: PathBuf,
}

/// Everything the home page lists.
#[derive(Clone, Debug, Default)]
pub struct Index {
    pub entries: Vec<Entry>,
    pub recent: Vec<Entry>,
    pub games: Vec<Game>,
    /// How many games the archive holds (`games` lists the newest [`GAMES_MAX`] of them).
    pub games_total: usize,
    /// The packs imported into the library folder, by folder.
    pub packs: Vec<Pack>,
    /// What could not be read (the archive, a folder), in words.
    pub problems: Vec<String>,
}

impl Index {
    /// The entry named `key`, among the entries and the recent files.
    pub fn find(&self, key: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .chain(&self.recent)
            .find(|e| e.key == key)
    }
}

fn subtitle(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// An entry from a document's text; a text that does not parse gives an entry with its problem.
fn entry_from_text(
    key: String,
    kind: Kind,
    fallback_id: &str,
    text: &str,
    origin: Origin,
    source: Source,
) -> Entry {
    let mut e = Entry {
        key,
        kind,
        id: fallback_id.to_string(),
        title: fallback_id.to_string(),
        subtitle: String::new(),
        ruleset: String::new(),
        map: None,
        origin,
        source,
        problem: None,
    };
    match kind {
        Kind::Map => match MapFile::from_text(text) {
            Ok(m) => {
                e.id = m.id;
                if !m.name.is_empty() {
                    e.title = m.name;
                }
                e.ruleset = m.ruleset.key().into();
                e.subtitle = subtitle(&[
                    &format!("{} x {} hexes", m.grid.columns, m.grid.rows),
                    m.ruleset.name(),
                ]);
            }
            Err(p) => e.problem = Some(p.to_string()),
        },
        Kind::Scenario => match ScenarioFile::from_text(text) {
            Ok(s) => {
                e.id = s.id;
                e.title = s.title;
                e.ruleset = s.ruleset.key().into();
                e.subtitle = subtitle(&[&s.date, s.ruleset.name()]);
                e.map = Some(s.map);
            }
            Err(p) => e.problem = Some(p.to_string()),
        },
    }
    e
}

/// The shipped maps and scenarios.
pub fn shipped_entries() -> Vec<Entry> {
    let of = |kind: Kind, list: &'static [shipped::Shipped]| {
        list.iter().map(move |s| {
            entry_from_text(
                format!("shipped/{}/{}", kind.name(), s.id),
                kind,
                s.id,
                s.text,
                Origin::Shipped,
                Source::Shipped(s),
            )
        })
    };
    of(Kind::Map, shipped::MAPS)
        .chain(of(Kind::Scenario, shipped::SCENARIOS))
        .collect()
}

/// The path of `file` relative to `library`, `/`-separated, for keys.
fn relative(library: &Path, file: &Path) -> String {
    file.strip_prefix(library)
        .unwrap_or(file)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Read a file of at most `max` bytes.
fn read_small(path: &Path, max: u64) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if meta.len() > max {
        return Err(format!(
            "{}: {} bytes, over the limit of {max}",
            path.display(),
            meta.len()
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Largest document file listed (a 200 x 200 map is well under this).
const MAX_DOCUMENT_BYTES: u64 = 32 << 20;

fn file_entry(library: &Path, path: &Path, kind: Kind, origin: Origin) -> Entry {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let key = format!("library/{}", relative(library, path));
    let source = Source::File(path.to_path_buf());
    match read_small(path, MAX_DOCUMENT_BYTES) {
        Ok(text) => entry_from_text(key, kind, &stem, &text, origin, source),
        Err(problem) => Entry {
            problem: Some(problem),
            ..entry_from_text(key, kind, &stem, "", origin, source)
        },
    }
}

/// The `*.json` files of one folder (not its subfolders), sorted.
fn json_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}

/// The maps and scenarios of a library folder: its own `maps/` and `scenarios/`, then each
/// imported pack's (the files its manifest lists).
pub fn folder_entries(library: &Path) -> Vec<Entry> {
    let mut out = Vec::new();
    for (folder, kind) in [("maps", Kind::Map), ("scenarios", Kind::Scenario)] {
        for p in json_in(&library.join(folder)) {
            out.push(file_entry(library, &p, kind, Origin::Library));
        }
    }
    for pack in crate::pack::installed_packs(library) {
        let origin = Origin::Pack {
            id: pack.manifest.id.clone(),
            name: pack.manifest.name.clone(),
        };
        for e in &pack.manifest.entries {
            let kind = match e.kind {
                crate::pack::EntryKind::Map => Kind::Map,
                crate::pack::EntryKind::Scenario => Kind::Scenario,
                _ => continue,
            };
            if crate::pack::check_entry_name(&e.path).is_err() {
                continue;
            }
            let path = e
                .path
                .split('/')
                .fold(pack.folder.clone(), |p, c| p.join(c));
            out.push(file_entry(library, &path, kind, origin.clone()));
        }
    }
    out
}

/// The recent files (maps), the most recent first; a file that is gone is listed with that
/// problem.
pub fn recent_entries(paths: &[PathBuf]) -> Vec<Entry> {
    paths
        .iter()
        .map(|p| {
            let mut e = file_entry(Path::new(""), p, Kind::Map, Origin::Recent);
            e.key = format!("recent/{}", p.display());
            e
        })
        .collect()
}

/// The archive's games, the newest first (at most [`GAMES_MAX`]), and how many it holds. An
/// archive that does not exist has no games (it is not created).
pub fn archive_games(archive: &Path) -> Result<(Vec<Game>, usize), String> {
    let q = GameListQuery {
        limit: GAMES_MAX,
        ..GameListQuery::default()
    };
    games_page(archive, &q)
}

/// One page of the Library's games table over the whole archive: the games that pass `q`'s
/// filters, sorted by its column, from `q.offset`, at most `q.limit`
/// ([`crate::archive::GAME_PAGE_MAX`] at most); and how many pass the filters in all. An
/// archive that does not exist has no games (it is not created).
pub fn games_page(archive: &Path, q: &GameListQuery) -> Result<(Vec<Game>, usize), String> {
    if !archive.is_file() {
        return Ok((Vec::new(), 0));
    }
    let err = |e: crate::archive::ArchiveError| format!("the archive {}: {e}", archive.display());
    let a = crate::archive::Archive::open(archive).map_err(err)?;
    let (listed, total) = a.list_games(q).map_err(err)?;
    let games = listed
        .into_iter()
        .map(|l| Game {
            id: l.info.id,
            title: l.info.title,
            scenario_id: l.info.scenario_id,
            ruleset: l.info.ruleset,
            players: l.info.players,
            created: l.info.created,
            finished: l.info.finished,
            winner: l.info.winner,
            length: l.length,
            tags: l.tags,
        })
        .collect();
    Ok((games, total))
}

/// Everything the home page lists: shipped, then the library folder (if any), the recent
/// files and the archive's games (if there is an archive).
pub fn scan(library: Option<&Path>, recent: &[PathBuf], archive: Option<&Path>) -> Index {
    let mut index = Index {
        entries: shipped_entries(),
        recent: recent_entries(recent),
        ..Index::default()
    };
    if let Some(lib) = library {
        index.entries.extend(folder_entries(lib));
        index.packs = crate::pack::installed_packs(lib)
            .into_iter()
            .map(|p| Pack {
                id: p.manifest.id,
                name: p.manifest.name,
                version: p.manifest.pack_version,
                author: p.manifest.author,
                license: p.manifest.license,
                description: p.manifest.description,
                created: p.manifest.created,
                folder: p.folder,
            })
            .collect();
    }
    if let Some(a) = archive {
        match archive_games(a) {
            Ok((g, total)) => {
                index.games = g;
                index.games_total = total;
            }
            Err(e) => index.problems.push(e),
        }
    }
    index
}

/// Whether `path` is inside `folder`, with symbolic links and `..` resolved (both must exist).
pub fn inside(folder: &Path, path: &Path) -> bool {
    match (folder.canonicalize(), path.canonicalize()) {
        (Ok(f), Ok(p)) => p.starts_with(f),
        _ => false,
    }
}

/// Why a thumbnail or a document could not be made.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("{0}")]
    Problems(Problems),
    #[error("{0}")]
    Read(String),
    #[error("cannot draw the thumbnail: {0}")]
    Render(#[from] render::RenderError),
}

/// Where a scenario's map (or catalog) file is, in the order `kepi validate` looks: the
/// scenario's library (`<library>/maps/<id>.json`), beside it in `maps/`, beside it.
fn find_beside(scenario: &Path, folder: &str, id: &str) -> Option<PathBuf> {
    let dir = scenario.parent()?;
    let name = format!("{id}.json");
    let mut c = Vec::new();
    if let Some(root) = dir.parent() {
        c.push(root.join(folder).join(&name));
    }
    c.push(dir.join(folder).join(&name));
    c.push(dir.join(&name));
    c.into_iter().find(|p| p.is_file())
}

/// Where an entry's map is: for a map, itself; for a scenario, the map it names (found beside
/// it, else shipped with Kepi).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapSource {
    Shipped(&'static shipped::Shipped),
    File(PathBuf),
}

/// The map an entry shows or plays on.
pub fn map_of(entry: &Entry) -> Result<MapSource, LibraryError> {
    if let Some(p) = &entry.problem {
        return Err(LibraryError::Read(p.clone()));
    }
    match (&entry.kind, &entry.source) {
        (Kind::Map, Source::Shipped(s)) => Ok(MapSource::Shipped(s)),
        (Kind::Map, Source::File(p)) => Ok(MapSource::File(p.clone())),
        (Kind::Scenario, source) => {
            let id = entry.map.as_deref().unwrap_or_default();
            let beside = match source {
                Source::File(p) => find_beside(p, "maps", id),
                Source::Shipped(_) => None,
            };
            match (beside, shipped::map(id)) {
                (Some(p), _) => Ok(MapSource::File(p)),
                (None, Some(s)) => Ok(MapSource::Shipped(s)),
                (None, None) => Err(LibraryError::Read(format!(
                    "scenario '{}': its map '{id}' is neither beside it nor shipped with Kepi",
                    entry.id
                ))),
            }
        }
    }
}

/// What a thumbnail is drawn from: the texts, and their hash (the cache key).
struct Content {
    hash: String,
    entry_text: String,
    map_text: String,
    map_path: Option<PathBuf>,
    catalog: Option<(PathBuf, String)>,
}

fn text_of(source: &Source) -> Result<String, LibraryError> {
    match source {
        Source::Shipped(s) => Ok(s.text.to_string()),
        Source::File(p) => read_small(p, MAX_DOCUMENT_BYTES).map_err(LibraryError::Read),
    }
}

fn content(entry: &Entry) -> Result<Content, LibraryError> {
    let entry_text = text_of(&entry.source)?;
    let (map_text, map_path) = match map_of(entry)? {
        MapSource::Shipped(s) => (s.text.to_string(), None),
        MapSource::File(p) => (
            read_small(&p, MAX_DOCUMENT_BYTES).map_err(LibraryError::Read)?,
            Some(p),
        ),
    };
    let catalog = match (&entry.kind, &entry.source) {
        (Kind::Scenario, Source::File(p)) => ScenarioFile::from_text(&entry_text)
            .ok()
            .and_then(|f| f.catalog)
            .and_then(|id| find_beside(p, "catalogs", &id))
            .and_then(|c| read_small(&c, MAX_DOCUMENT_BYTES).ok().map(|t| (c, t))),
        _ => None,
    };
    let mut h = Sha256::new();
    for part in [
        THUMB_VERSION,
        entry.kind.name(),
        &entry_text,
        &map_text,
        catalog.as_ref().map_or("", |c| c.1.as_str()),
    ] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    let hash = h
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    Ok(Content {
        hash,
        entry_text,
        map_text,
        map_path,
        catalog,
    })
}

fn problems_in(path: Option<&Path>, fallback: &str) -> impl Fn(Problems) -> LibraryError {
    let file = path
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(fallback));
    move |p: Problems| LibraryError::Problems(p.in_file(&file))
}

/// The largest scale whose picture fits [`THUMB_BOX`].
fn thumb_options(map: &Map, scenario: Option<&Scenario>) -> RenderOptions {
    render::fitting_options(map, scenario, THUMB_BOX)
}

fn map_in(entry: &Entry, c: &Content) -> Result<Map, LibraryError> {
    let map_file = match (&c.map_path, &entry.source) {
        (Some(p), _) => Some(p.as_path()),
        (None, Source::File(p)) if entry.kind == Kind::Map => Some(p.as_path()),
        _ => None,
    };
    Map::from_text(&c.map_text).map_err(problems_in(map_file, "map"))
}

/// The scenario of a scenario entry, validated on its map (beside it or shipped) and its
/// catalog (beside it, or the rule system's); problems name the scenario's file.
fn scenario_in(entry: &Entry, c: &Content, map: Map) -> Result<Scenario, LibraryError> {
    let path = match &entry.source {
        Source::File(p) => p.clone(),
        Source::Shipped(s) => shipped::file_name("scenarios", s.id),
    };
    let in_scenario = problems_in(Some(&path), "");
    let file = ScenarioFile::from_text(&c.entry_text).map_err(&in_scenario)?;
    let catalog = match (&file.catalog, &c.catalog) {
        (None, _) => file.ruleset.catalog().map_err(LibraryError::Read)?.clone(),
        (Some(_), Some((cp, text))) => {
            crate::tables::Catalog::from_text(text).map_err(problems_in(Some(cp), "catalog"))?
        }
        (Some(id), None) => {
            return Err(LibraryError::Read(format!(
                "{}: catalog '{id}' not found beside the scenario",
                path.display()
            )));
        }
    };
    Scenario::new(file, map, catalog).map_err(&in_scenario)
}

/// A scenario entry opened for editing: its file as read (not validated: the scenario view
/// lists its problems), on its map and catalog as [`scenario_of`] finds them, and its path when
/// it is a file of its own (a shipped scenario has none and is saved elsewhere).
pub fn scenario_for_editing(
    entry: &Entry,
) -> Result<(ScenarioFile, Map, Catalog, Option<PathBuf>), LibraryError> {
    if entry.kind != Kind::Scenario {
        return Err(LibraryError::Read(format!(
            "'{}' is a map, not a scenario",
            entry.title
        )));
    }
    let c = content(entry)?;
    let map = map_in(entry, &c)?;
    let path = match &entry.source {
        Source::File(p) => Some(p.clone()),
        Source::Shipped(_) => None,
    };
    let shown = path
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("scenarios/{}.json", entry.id)));
    let file = ScenarioFile::from_text(&c.entry_text).map_err(problems_in(Some(&shown), ""))?;
    let catalog = match (&file.catalog, &c.catalog) {
        (None, _) => file.ruleset.catalog().map_err(LibraryError::Read)?.clone(),
        (Some(_), Some((cp, text))) => {
            Catalog::from_text(text).map_err(problems_in(Some(cp), "catalog"))?
        }
        (Some(id), None) => {
            return Err(LibraryError::Read(format!(
                "{}: catalog '{id}' not found beside the scenario",
                shown.display()
            )));
        }
    };
    Ok((file, map, catalog, path))
}

/// The map a map entry names (or a scenario entry plays on), read and validated.
pub fn map_for(entry: &Entry) -> Result<Map, LibraryError> {
    let c = content(entry)?;
    map_in(entry, &c)
}

/// The scenario a Library entry names, read and validated (what a game of it starts from).
pub fn scenario_of(entry: &Entry) -> Result<Scenario, LibraryError> {
    if entry.kind != Kind::Scenario {
        return Err(LibraryError::Read(format!(
            "'{}' is a map, not a scenario",
            entry.title
        )));
    }
    let c = content(entry)?;
    let map = map_in(entry, &c)?;
    scenario_in(entry, &c, map)
}

fn draw(entry: &Entry, c: &Content) -> Result<Vec<u8>, LibraryError> {
    let map = map_in(entry, c)?;
    let img = match entry.kind {
        Kind::Map => render::render_map(&map, &thumb_options(&map, None))?,
        Kind::Scenario => {
            let s = scenario_in(entry, c, map)?;
            render::render_scenario(&s, &thumb_options(&s.map, Some(&s)))?
        }
    };
    Ok(render::encode_png(&img)?)
}

/// Thumbnails drawn on demand and kept in memory and, when a folder is given, on disk
/// (`<folder>/<sha256>.png`).
pub struct Thumbnails {
    folder: Option<PathBuf>,
    memory: Mutex<HashMap<String, Arc<Vec<u8>>>>,
}

impl Thumbnails {
    pub fn new(folder: Option<PathBuf>) -> Thumbnails {
        Thumbnails {
            folder,
            memory: Mutex::new(HashMap::new()),
        }
    }

    fn remembered(&self, hash: &str) -> Option<Arc<Vec<u8>>> {
        self.memory.lock().ok()?.get(hash).cloned()
    }

    fn remember(&self, hash: &str, png: Arc<Vec<u8>>) {
        if let Ok(mut m) = self.memory.lock() {
            if m.len() >= MEMORY_MAX {
                m.clear();
            }
            m.insert(hash.to_string(), png);
        }
    }

    /// Whether the entry's thumbnail is ready without drawing (in memory or on disk).
    pub fn is_cached(&self, entry: &Entry) -> bool {
        content(entry).is_ok_and(|c| {
            self.remembered(&c.hash).is_some()
                || self
                    .folder
                    .as_ref()
                    .is_some_and(|f| f.join(format!("{}.png", c.hash)).is_file())
        })
    }

    /// The entry's thumbnail (PNG), drawn if it is in no cache.
    pub fn get(&self, entry: &Entry) -> Result<Arc<Vec<u8>>, LibraryError> {
        let c = content(entry)?;
        if let Some(png) = self.remembered(&c.hash) {
            return Ok(png);
        }
        let on_disk = self
            .folder
            .as_ref()
            .map(|f| f.join(format!("{}.png", c.hash)));
        if let Some(bytes) = on_disk
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .filter(|b| b.starts_with(b"\x89PNG\r\n\x1a\n"))
        {
            let png = Arc::new(bytes);
            self.remember(&c.hash, png.clone());
            return Ok(png);
        }
        let png = Arc::new(draw(entry, &c)?);
        if let (Some(path), Some(folder)) = (&on_disk, &self.folder) {
            // The disk cache is best effort: a failure costs a redraw next time, nothing more.
            if std::fs::create_dir_all(folder).is_ok() {
                let _ = crate::pack::write_file_atomically(path, &png);
            }
        }
        self.remember(&c.hash, png.clone());
        Ok(png)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn shipped_entries_list_every_shipped_map_and_scenario_with_titles_and_subtitles() {
        let e = shipped_entries();
        let shipped = crate::shipped::MAPS.len() + crate::shipped::SCENARIOS.len();
        assert_eq!(e.len(), shipped);
        let aor = e
            .iter()
            .find(|e| e.id == "aor-gettysburg-first-day" && e.map.is_some())
            .unwrap();
        assert_eq!(aor.title, "Gettysburg, the First Day");
        assert_eq!(aor.subtitle, "1 July 1863 · Age of Rifles");
        let f = e.iter().find(|e| e.id == "rs-01-fatehpur").unwrap();
        assert_eq!(f.title, "Fatehpur");
        assert_eq!(f.subtitle, "7 July 1857 · Rifle & Saber");
        // Fatehpur's map is listed by its id, with its size and rule system.
        let fatehpur_map = shipped::scenario_file("rs-01-fatehpur").unwrap().map;
        assert_eq!(f.map.as_deref(), Some(fatehpur_map.as_str()));
        let map = e
            .iter()
            .find(|e| e.key == format!("shipped/map/{fatehpur_map}"))
            .unwrap();
        assert_eq!(map.subtitle, "32 x 40 hexes · Rifle & Saber");
        let t = e
            .iter()
            .find(|e| e.id == "nc-trautenau" && e.map.is_some())
            .unwrap();
        assert_eq!(t.title, "Trautenau");
        assert_eq!(t.map.as_deref(), Some("nc-trautenau"));
        assert!(
            e.iter()
                .all(|e| e.problem.is_none() && e.origin == Origin::Shipped)
        );
    }

    #[test]
    fn a_library_folder_lists_its_files_with_problems_and_scenario_maps_resolve() {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path();
        // Worth's map beside it, under its own name.
        let worth_map = shipped::scenario_file("rs-10-worth").unwrap().map;
        let map_path = lib.join(format!("maps/{worth_map}.json"));
        write(&map_path, shipped::map(&worth_map).unwrap().text);
        write(
            &lib.join("scenarios/rs-10-worth.json"),
            shipped::scenario("rs-10-worth").unwrap().text,
        );
        write(&lib.join("scenarios/broken.json"), "{\"format\": ");
        write(&lib.join("scenarios/notes.txt"), "not listed");
        let e = folder_entries(lib);
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!(e[0].key, format!("library/maps/{worth_map}.json"));
        assert_eq!(e[0].origin, Origin::Library);
        let broken = e.iter().find(|e| e.id == "broken").unwrap();
        assert!(broken.problem.is_some());
        let worth = e.iter().find(|e| e.id == "rs-10-worth").unwrap();
        assert_eq!(map_of(worth).unwrap(), MapSource::File(map_path.clone()));
        assert!(inside(lib, &map_path));
        assert!(!inside(lib, Path::new("/etc/passwd")));
        assert!(map_of(broken).is_err());

        let index = scan(Some(lib), &[lib.join("gone.json")], None);
        let shipped = crate::shipped::MAPS.len() + crate::shipped::SCENARIOS.len();
        assert_eq!(
            index.entries.len(),
            shipped + 3,
            "the shipped and 3 in the folder"
        );
        assert!(index.recent[0].problem.is_some());
        assert!(index.find("library/scenarios/rs-10-worth.json").is_some());
        assert!(index.find("library/../../etc/passwd").is_none());
    }

    #[test]
    fn thumbnails_are_drawn_once_then_read_from_memory_or_disk() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("thumbs");
        let entries = shipped_entries();
        let fatehpur = entries.iter().find(|e| e.id == "rs-01-fatehpur").unwrap();
        let t = Thumbnails::new(Some(cache.clone()));
        assert!(!t.is_cached(fatehpur));
        let png = t.get(fatehpur).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() <= THUMB_BOX.0 && img.height() <= THUMB_BOX.1);
        assert!(
            img.width() >= THUMB_BOX.0 / 2,
            "as large as fits: {}",
            img.width()
        );
        assert!(t.is_cached(fatehpur));
        assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
        // A new cache over the same folder reads the picture from disk.
        let again = Thumbnails::new(Some(cache.clone()));
        assert!(again.is_cached(fatehpur));
        assert_eq!(again.get(fatehpur).unwrap(), png);
        // The map's thumbnail differs from the scenario's (no zones, no strip).
        let map = t.get(&entries[0]).unwrap();
        assert_ne!(map, png);
    }

    #[test]
    fn a_scenario_whose_map_is_not_beside_it_uses_the_shipped_map() {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path();
        write(
            &lib.join("scenarios/rs-11-mars-la-tour.json"),
            shipped::scenario("rs-11-mars-la-tour").unwrap().text,
        );
        let e = folder_entries(lib);
        assert_eq!(
            map_of(&e[0]).unwrap(),
            MapSource::Shipped(
                shipped::map(&shipped::scenario_file("rs-11-mars-la-tour").unwrap().map).unwrap()
            )
        );
        let t = Thumbnails::new(None);
        assert!(t.get(&e[0]).unwrap().starts_with(b"\x89PNG"));
    }

    #[test]
    fn an_empty_archive_path_lists_no_games_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("archive.kepi");
        assert_eq!(archive_games(&a).unwrap(), (Vec::new(), 0));
        assert!(!a.exists());
    }

    #[test]
    fn archived_games_are_listed_with_their_main_line_length_and_tags() {
        use crate::archive::{Annotation, Archive};
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("archive.kepi");
        let e = shipped_entries()
            .into_iter()
            .find(|e| e.id == "rs-01-fatehpur")
            .unwrap();
        let s = scenario_of(&e).unwrap();
        let mut ar = Archive::open(&db).unwrap();
        let game = ar.create_game(&s, &serde_json::json!({}), 3, &[]).unwrap();
        let untagged = ar.create_game(&s, &serde_json::json!({}), 4, &[]).unwrap();
        // Five commands of the random player on the main line, and a variation of two at the
        // second node (longer lines elsewhere do not count).
        let mut node = ar.root(game).unwrap().id;
        let mut state = ar.state_at(node).unwrap();
        let mut random = state.rules().random_player(3);
        let mut line = vec![node];
        for _ in 0..5 {
            let cmd = random.next(&state);
            let (n, applied) = ar.play(node, &cmd, &mut Default::default()).unwrap();
            (node, state) = (n, applied.state);
            line.push(n);
        }
        let mut at = line[1];
        let mut st = ar.state_at(at).unwrap();
        let mut other = st.rules().random_player(99);
        for _ in 0..6 {
            let cmd = other.next(&st);
            let (n, applied) = ar.play(at, &cmd, &mut Default::default()).unwrap();
            (at, st) = (n, applied.state);
        }
        for (n, tags) in [
            (line[2], vec!["Turning point", "cavalry"]),
            (line[4], vec!["cavalry"]),
        ] {
            let a = Annotation {
                text: "a note".into(),
                tags: tags.into_iter().map(String::from).collect(),
                ..Annotation::default_for_tests()
            };
            ar.annotate(n, &a).unwrap();
        }
        drop(ar);
        let (games, total) = archive_games(&db).unwrap();
        assert_eq!(total, games.len());
        let g = games.iter().find(|g| g.id == game).unwrap();
        assert_eq!(g.length, 5);
        assert_eq!(g.tags, ["cavalry", "turning point"]);
        let u = games.iter().find(|g| g.id == untagged).unwrap();
        assert_eq!((u.length, u.tags.len()), (0, 0));
    }
}

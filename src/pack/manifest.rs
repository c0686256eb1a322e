//! The pack manifest (`kepipack.manifest`, format `kepi-pack`, version 1): who made the pack,
//! what it is, which Kepi it needs, and every entry with its kind, size and SHA-256.
//!
//! Invariants of a manifest that [`Manifest::from_bytes`] returns: its id is a Kepi id; its
//! strings hold no control characters (a terminal shows them as they are: no escape sequences),
//! the description only newlines and tabs; every entry path is a safe name
//! ([`super::check_entry_name`]) of the layout its kind requires, listed once (case ignored),
//! never the manifest itself; every hash is 64 lower-case hex digits; and this Kepi is at least
//! the version the pack needs.

use super::path::{check_entry_name, collision_key};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;

/// The manifest's name inside the pack (not `.json`, so that `kepi validate` on an imported
/// pack's folder does not take it for a map or scenario).
pub const MANIFEST_PATH: &str = "kepipack.manifest";
/// The manifest's `format` field.
pub const FORMAT: &str = "kepi-pack";
/// The newest manifest version this Kepi reads and writes.
pub const VERSION: u64 = 1;

/// What an entry is; decides where it may be and how it is checked.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// `maps/<id>.json`, a `kepi-map`.
    Map,
    /// `catalogs/<id>.json`, a `kepi-catalog`.
    Catalog,
    /// `scenarios/<id>.json`, a `kepi-scenario`.
    Scenario,
    /// A PNG under `maps/` (a map's underlay, at the path the map names relative to its
    /// folder) or under `images/`.
    Image,
    /// `thumbnails/<scenario id>.png`, a picture of a scenario in the pack.
    Thumbnail,
}

impl EntryKind {
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Map => "map",
            EntryKind::Catalog => "catalog",
            EntryKind::Scenario => "scenario",
            EntryKind::Image => "image",
            EntryKind::Thumbnail => "thumbnail",
        }
    }

    /// Whether `path` is where an entry of this kind may be; else what is expected.
    pub fn check_path(self, path: &str) -> Result<(), String> {
        let flat = |folder: &str, ext: &str| {
            path.strip_prefix(folder)
                .and_then(|rest| rest.strip_suffix(ext))
                .is_some_and(|stem| !stem.is_empty() && !stem.contains('/'))
        };
        let ok = match self {
            EntryKind::Map => flat("maps/", ".json"),
            EntryKind::Catalog => flat("catalogs/", ".json"),
            EntryKind::Scenario => flat("scenarios/", ".json"),
            EntryKind::Thumbnail => flat("thumbnails/", ".png"),
            EntryKind::Image => {
                (path.starts_with("maps/") || path.starts_with("images/"))
                    && path.to_ascii_lowercase().ends_with(".png")
            }
        };
        if ok {
            return Ok(());
        }
        Err(match self {
            EntryKind::Map => "a map is maps/<id>.json".into(),
            EntryKind::Catalog => "a catalog is catalogs/<id>.json".into(),
            EntryKind::Scenario => "a scenario is scenarios/<id>.json".into(),
            EntryKind::Thumbnail => "a thumbnail is thumbnails/<scenario id>.png".into(),
            EntryKind::Image => "an image is a .png under maps/ or images/".into(),
        })
    }
}

/// One file of the pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Path inside the pack, `/`-separated.
    pub path: String,
    pub kind: EntryKind,
    /// Size in bytes (inflated).
    pub size: u64,
    /// SHA-256 of the bytes, 64 lower-case hex digits.
    #[schemars(regex(pattern = "^[0-9a-f]{64}$"))]
    pub sha256: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// `kepi-pack`.
    pub format: String,
    /// The manifest layout's version (1).
    pub version: u64,
    /// The pack's id: lower-case letters, digits and `-`; the folder it is imported into.
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    /// The pack's own version, chosen by its author ("1.0", "2024-05-01").
    pub pack_version: String,
    #[serde(default)]
    pub author: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub license: String,
    /// When the pack was made, RFC 3339 in UTC ("2025-11-23T10:00:00Z").
    pub created: String,
    /// The oldest Kepi that reads the pack ("0.1.0").
    pub min_kepi_version: String,
    /// Every file of the pack but the manifest, sorted by path.
    pub entries: Vec<Entry>,
}

/// This Kepi's version.
pub fn kepi_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

fn parse_version(v: &str) -> Option<Vec<u64>> {
    let parts: Option<Vec<u64>> = v
        .split('.')
        .map(|p| {
            if p.is_empty() || p.len() > 9 || !p.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                p.parse().ok()
            }
        })
        .collect();
    parts.filter(|p| (1..=3).contains(&p.len()))
}

/// Whether version `have` ("0.2.1") is at least `need` ("0.2"); `None` if either is not
/// one to three dot-separated numbers.
pub fn version_at_least(have: &str, need: &str) -> Option<bool> {
    let mut a = parse_version(have)?;
    let mut b = parse_version(need)?;
    a.resize(3, 0);
    b.resize(3, 0);
    Some(a >= b)
}

fn text_ok(field: &str, s: &str, max: usize, newlines: bool) -> Result<(), String> {
    if s.chars().count() > max {
        return Err(format!("{field}: longer than {max} characters"));
    }
    if s.chars()
        .any(|c| c.is_control() && !(newlines && (c == '\n' || c == '\t')))
    {
        return Err(format!(
            "{field}: contains a control character (refused: a terminal would run it)"
        ));
    }
    Ok(())
}

pub(crate) fn pack_version_ok(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 32
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'))
        && !v.starts_with(['.', '-'])
}

impl Manifest {
    /// Read and check a manifest; every message names the field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Manifest, String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
        let value: Value = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                format!("the manifest ends too early (truncated JSON): {e}")
            } else {
                format!("not valid JSON: {e}")
            }
        })?;
        match value.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            Some(other) => {
                return Err(format!(
                    "format: expected \"{FORMAT}\", found {other}: not a Kepi pack manifest"
                ));
            }
            None => return Err(format!("format: missing: expected \"{FORMAT}\"")),
        }
        match value.get("version") {
            Some(Value::Number(n)) if n.as_u64() == Some(VERSION) => {}
            Some(Value::Number(n)) if n.as_u64().is_some_and(|v| v > VERSION) => {
                return Err(format!(
                    "version: version {n} of {FORMAT} is newer than this Kepi, which reads \
                     version {VERSION}; update Kepi to open this pack"
                ));
            }
            Some(other) => {
                return Err(format!(
                    "version: unknown version {other} of {FORMAT}; this Kepi reads version \
                     {VERSION}"
                ));
            }
            None => return Err(format!("version: missing: expected \"version\": {VERSION}")),
        }
        let m: Manifest = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            if path == "." {
                e.inner().to_string()
            } else {
                format!("{path}: {}", e.inner())
            }
        })?;
        m.checked()
    }

    /// The field checks of the module's invariants.
    pub fn checked(self) -> Result<Manifest, String> {
        if !crate::map::valid_id(&self.id) {
            return Err(format!(
                "id: '{}' is not a pack id (lower-case letters, digits and '-', at most 64)",
                self.id.escape_debug()
            ));
        }
        if self.name.trim().is_empty() {
            return Err("name: empty; a pack has a name".into());
        }
        text_ok("name", &self.name, 200, false)?;
        if !pack_version_ok(&self.pack_version) {
            return Err(format!(
                "pack_version: '{}' is not a version (letters, digits, '.', '_', '+', '-'; at \
                 most 32)",
                self.pack_version.escape_debug()
            ));
        }
        text_ok("author", &self.author, 200, false)?;
        text_ok("license", &self.license, 200, false)?;
        text_ok("created", &self.created, 64, false)?;
        text_ok("description", &self.description, 10_000, true)?;
        match version_at_least(kepi_version(), &self.min_kepi_version) {
            None => {
                return Err(format!(
                    "min_kepi_version: '{}' is not a version such as \"0.1.0\"",
                    self.min_kepi_version.escape_debug()
                ));
            }
            Some(false) => {
                return Err(format!(
                    "min_kepi_version: this pack needs Kepi {} or newer; this is Kepi {}",
                    self.min_kepi_version,
                    kepi_version()
                ));
            }
            Some(true) => {}
        }
        let mut seen = BTreeSet::new();
        for (i, e) in self.entries.iter().enumerate() {
            let field = format!("entries[{i}]");
            check_entry_name(&e.path)
                .map_err(|why| format!("{field}.path: '{}' {why}", e.path.escape_debug()))?;
            if e.path.ends_with('/') {
                return Err(format!("{field}.path: '{}' is a folder", e.path));
            }
            if collision_key(&e.path) == collision_key(MANIFEST_PATH) {
                return Err(format!("{field}.path: the manifest does not list itself"));
            }
            e.kind
                .check_path(&e.path)
                .map_err(|want| format!("{field}.path: '{}': {want}", e.path))?;
            if !seen.insert(collision_key(&e.path)) {
                return Err(format!(
                    "{field}.path: '{}' is listed twice (case ignored)",
                    e.path
                ));
            }
            if e.sha256.len() != 64
                || !e
                    .sha256
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            {
                return Err(format!(
                    "{field}.sha256: expected 64 lower-case hex digits, found '{}'",
                    e.sha256.escape_debug()
                ));
            }
        }
        Ok(self)
    }

    pub fn to_text(&self) -> String {
        crate::document::to_text(self)
    }

    pub fn entry(&self, path: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// How many entries of a kind.
    pub fn count(&self, kind: EntryKind) -> usize {
        self.entries.iter().filter(|e| e.kind == kind).count()
    }

    /// "17 scenarios, 1 map, 17 thumbnails": the kinds present.
    pub fn summary(&self) -> String {
        let kinds = [
            (EntryKind::Scenario, "scenario", "scenarios"),
            (EntryKind::Map, "map", "maps"),
            (EntryKind::Catalog, "catalog", "catalogs"),
            (EntryKind::Image, "image", "images"),
            (EntryKind::Thumbnail, "thumbnail", "thumbnails"),
        ];
        let parts: Vec<String> = kinds
            .iter()
            .filter_map(|(k, one, many)| match self.count(*k) {
                0 => None,
                1 => Some(format!("1 {one}")),
                n => Some(format!("{n} {many}")),
            })
            .collect();
        if parts.is_empty() {
            "no entries".into()
        } else {
            parts.join(", ")
        }
    }

    /// Whether two manifests list the same files with the same bytes.
    pub fn same_content(&self, other: &Manifest) -> bool {
        let key = |m: &Manifest| {
            let mut v: Vec<(String, String)> = m
                .entries
                .iter()
                .map(|e| (e.path.clone(), e.sha256.clone()))
                .collect();
            v.sort();
            v
        };
        key(self) == key(other)
    }
}

/// RFC 3339 UTC time for seconds since 1970 (days to civil date: H. Hinnant's algorithm).
pub fn rfc3339_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        rem % 3_600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_numerically() {
        assert_eq!(version_at_least("0.10.0", "0.9"), Some(true));
        assert_eq!(version_at_least("0.1.0", "0.1"), Some(true));
        assert_eq!(version_at_least("0.1.0", "0.1.1"), Some(false));
        assert_eq!(version_at_least("1", "0.99.99"), Some(true));
        assert_eq!(version_at_least("0.1.0", "x"), None);
        assert_eq!(version_at_least("0.1.0", "1.2.3.4"), None);
    }

    #[test]
    fn times_are_rfc3339() {
        assert_eq!(rfc3339_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339_utc(1_763_893_845), "2025-11-23T10:30:45Z");
    }

    #[test]
    fn kinds_live_in_their_folders() {
        assert!(EntryKind::Map.check_path("maps/a.json").is_ok());
        assert!(EntryKind::Map.check_path("maps/x/a.json").is_err());
        assert!(EntryKind::Scenario.check_path("maps/a.json").is_err());
        assert!(EntryKind::Image.check_path("maps/underlays/a.png").is_ok());
        assert!(EntryKind::Image.check_path("scenarios/a.png").is_err());
        assert!(EntryKind::Thumbnail.check_path("thumbnails/a.png").is_ok());
    }
}

//! The map file (`maps/*.json`, format `kepi-map`, version 1) and its validation.
//!
//! Terrain and elevation are written as one text row per map row, one character per hex,
//! so that a map diffs line by line and can be read in a text editor:
//!
//! ```json
//! "terrain": { "legend": { ".": "clear", "w": "woods" }, "rows": ["..ww", ".www"] },
//! "elevation": { "rows": ["0011", "0122"] }
//! ```

use super::scale::MapScale;
use super::{Edge, Exit, Feature, Grid, HexCoord, Map, MapEdge, Route, grid::MAX_SIDE};
use crate::document::{self, DocumentKind};
use crate::engine::RulesetId;
use crate::problems::Problems;
use crate::tables::TerrainEffects;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainLayer {
    /// One character -> a terrain key of the ruleset's terrain effects chart.
    #[schemars(extend("propertyNames" = {"minLength": 1, "maxLength": 1}))]
    pub legend: BTreeMap<char, String>,
    /// One string per map row, north to south; one character per hex, west to east.
    pub rows: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElevationLayer {
    /// One string of digits 0-9 per map row.
    #[schemars(inner(regex(pattern = "^[0-9]*$")))]
    pub rows: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideEntry {
    /// The two adjacent hexes the hexside separates.
    #[schemars(inner(regex(pattern = HEX_NAME)))]
    pub between: [String; 2],
    /// Hexside feature keys ("ridge", "stream").
    pub features: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RouteEntry {
    /// A route key ("road").
    pub kind: String,
    /// The route's name ("South Road"), which exits refer to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Adjacent hexes in order along the route.
    #[schemars(inner(regex(pattern = HEX_NAME)))]
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureEntry {
    /// Capital letters and a number ("V4", "H26"); a number names one feature only.
    #[schemars(regex(pattern = r"^[A-Z]+[0-9]+$"))]
    pub code: String,
    /// The place's name ("Crossroads").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The feature's hexes.
    #[schemars(inner(regex(pattern = HEX_NAME)))]
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExitEntry {
    /// The name of the route that leaves the map here.
    pub name: String,
    /// The hex, on the edge named.
    #[schemars(regex(pattern = HEX_NAME))]
    pub hex: String,
    pub edge: MapEdge,
}

/// A picture under the grid for tracing a historical map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Underlay {
    /// Path relative to the map file's folder.
    pub image: String,
    /// Offset of the image's top-left corner, in hex radii.
    #[serde(default)]
    pub x: f64,
    #[serde(default)]
    pub y: f64,
    /// Hex radii per image pixel (above 0).
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub scale: f64,
    /// Clockwise rotation in degrees.
    #[serde(default)]
    pub rotation_deg: f64,
    /// 0 (invisible) to 1 (opaque).
    #[schemars(range(min = 0.0, max = 1.0))]
    pub opacity: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// `kepi-map`.
    pub format: String,
    /// The layout's version (1).
    pub version: u32,
    /// The map's id, its file name without `.json`: lower-case letters, digits and `-`.
    #[schemars(regex(pattern = ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Whose terrain chart the terrain, hexside and route keys come from.
    pub ruleset: RulesetId,
    pub grid: Grid,
    /// What one hex stands for, from side to side (`{"per_hex": 50, "unit": "metres"}`); when
    /// missing, the rule system's own scale (Rifle & Saber: 50 m).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<MapScale>,
    /// The scale as maps written before `scale` gave it: metres across one hex. Read (a map
    /// kept in an old archive or pack says it this way); Kepi writes `scale` (and this form
    /// only in [`Map::identity_text`]); a file gives one of the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub hex_size_m: Option<u32>,
    pub terrain: TerrainLayer,
    /// Optional: all 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elevation: Option<ElevationLayer>,
    /// Each edge shared by two adjacent hexes that has features, listed once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<HexsideEntry>,
    /// Roads, trails and railroads as chains of adjacent hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<RouteEntry>,
    /// Named places.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<FeatureEntry>,
    /// Where named roads leave the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exits: Vec<ExitEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlay: Option<Underlay>,
}

/// A hex name as the schema admits it: 2 or 3 digits of column, then of row ("0812"). Which
/// names are on the map is for validation to say (its grid sets the number of digits).
pub(crate) const HEX_NAME: &str = "^[0-9]{4,6}$";

/// An id as [`valid_id`] admits it (also at most 64 characters).
pub(crate) const ID_PATTERN: &str = "^[a-z0-9][a-z0-9-]*$";

/// Ids name files: lower-case letters, digits and '-'.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.starts_with('-')
}

/// Resolve a printed hex name, or record why it is not a hex of this map.
pub(crate) fn hex_at(
    grid: &Grid,
    name: &str,
    field: &str,
    problems: &mut Problems,
) -> Option<HexCoord> {
    let h = grid.parse(name);
    if h.is_none() {
        problems.push_hex(
            field,
            name,
            format!("not a hex of this map ({})", grid.name_hint()),
        );
    }
    h
}

fn feature_code_ok(code: &str) -> bool {
    let letters = code.trim_end_matches(|c: char| c.is_ascii_digit());
    !letters.is_empty()
        && letters.len() < code.len()
        && letters.chars().all(|c| c.is_ascii_uppercase())
}

impl MapFile {
    pub fn from_text(text: &str) -> Result<MapFile, Problems> {
        document::from_text(text, DocumentKind::Map)
    }

    /// Whether reading this file into a map keeps everything it says (see
    /// [`Map::for_editing`]): the rows fit the grid and use the legend, levels are digits,
    /// every hex name is on the map, and each hexside joins two adjacent hexes, once.
    fn read_faithfully(&self) -> bool {
        let g = &self.grid;
        let fits = |rows: &[String], ok: &dyn Fn(char) -> bool| {
            rows.len() == g.rows as usize
                && rows
                    .iter()
                    .all(|r| r.chars().count() == g.columns as usize && r.chars().all(ok))
        };
        if !fits(&self.terrain.rows, &|c| {
            self.terrain.legend.contains_key(&c)
        }) {
            return false;
        }
        if let Some(e) = &self.elevation
            && !fits(&e.rows, &|c| c.is_ascii_digit())
        {
            return false;
        }
        let on_map = |names: &[String]| names.iter().all(|n| g.parse(n).is_some());
        let mut edges = BTreeSet::new();
        for s in &self.hexsides {
            let (Some(a), Some(b)) = (g.parse(&s.between[0]), g.parse(&s.between[1])) else {
                return false;
            };
            if !g.adjacent(a, b) || !edges.insert(Edge::new(a, b)) {
                return false;
            }
        }
        self.routes.iter().all(|r| on_map(&r.hexes))
            && self.features.iter().all(|f| on_map(&f.hexes))
            && self.exits.iter().all(|e| g.parse(&e.hex).is_some())
    }

    pub fn to_text(&self) -> String {
        document::to_text(self)
    }
}

impl Map {
    /// Parse and validate a map document.
    pub fn from_text(text: &str) -> Result<Map, Problems> {
        Map::from_file(MapFile::from_text(text)?)
    }

    /// The one way to a validated map: checks everything and reports every problem.
    pub fn from_file(file: MapFile) -> Result<Map, Problems> {
        let (map, problems) = Map::read(file)?;
        problems.into_result(map)
    }

    /// A map to edit, with its problems: the painter opens a map with problems it can show and
    /// the user can fix (unknown terrain, hexside or route keys, a broken road, a feature
    /// without hexes, a number used twice, ...). Refused, with every problem, when the file
    /// cannot be read at all (unknown ruleset, impossible size) or when reading it would
    /// change it (rows of the wrong length, a character not in the legend, a hex name not on
    /// the map, a hexside between hexes that do not touch or listed twice): editing would then
    /// silently lose what the file says.
    pub fn for_editing(file: MapFile) -> Result<(Map, Problems), Problems> {
        let faithful = file.read_faithfully();
        let (map, problems) = Map::read(file)?;
        if faithful {
            Ok((map, problems))
        } else {
            Err(problems)
        }
    }

    /// Read every part of a map as far as it goes: the map with whatever could be read, and
    /// every problem. Err only when nothing can be read (the ruleset or the grid).
    fn read(file: MapFile) -> Result<(Map, Problems), Problems> {
        let mut p = Problems::new();
        if !valid_id(&file.id) {
            p.push(
                "id",
                format!(
                    "'{}' is not an id (lower-case letters, digits and '-')",
                    file.id
                ),
            );
        }
        let tec = match file.ruleset.terrain_chart() {
            Ok(t) => t,
            Err(e) => {
                p.push("ruleset", e);
                return Err(p);
            }
        };
        let grid = file.grid;
        if grid.columns == 0 || grid.rows == 0 || grid.columns > MAX_SIDE || grid.rows > MAX_SIDE {
            p.push(
                "grid",
                format!(
                    "a map has 1 to {MAX_SIDE} columns and rows, not {} x {}",
                    grid.columns, grid.rows
                ),
            );
            return Err(p);
        }
        let scale = read_scale(&file, &mut p);
        let terrain = read_terrain(&file.terrain, &grid, tec, &mut p);
        let elevation = read_elevation(file.elevation.as_ref(), &grid, &mut p);
        let hexsides = read_hexsides(&file.hexsides, &grid, tec, &mut p);

        let mut routes = Vec::new();
        for (i, r) in file.routes.iter().enumerate() {
            let field = format!("routes[{i}]");
            if tec.route(&r.kind).is_none() {
                let message = format!("unknown route '{}'; known: {}", r.kind, tec.route_keys());
                match r.hexes.first() {
                    Some(h) => p.push_hex(format!("{field}.kind"), h, message),
                    None => p.push(format!("{field}.kind"), message),
                }
            }
            if r.hexes.len() < 2 {
                p.push(format!("{field}.hexes"), "a route joins at least two hexes");
            }
            let hexes: Vec<Option<HexCoord>> = r
                .hexes
                .iter()
                .enumerate()
                .map(|(j, n)| hex_at(&grid, n, &format!("{field}.hexes[{j}]"), &mut p))
                .collect();
            for (j, w) in hexes.windows(2).enumerate() {
                if let [Some(a), Some(b)] = w
                    && !grid.adjacent(*a, *b)
                {
                    p.push_hex(
                        format!("{field}.hexes[{}]", j + 1),
                        grid.name(*b),
                        format!(
                            "a route steps from hex to adjacent hex, but this does not touch {}",
                            grid.name(*a)
                        ),
                    );
                }
            }
            routes.push(Route {
                kind: r.kind.clone(),
                name: r.name.clone(),
                hexes: hexes.into_iter().flatten().collect(),
            });
        }

        let features = read_features(&file.features, &grid, &mut p);

        let mut exits: Vec<Exit> = Vec::new();
        for (i, e) in file.exits.iter().enumerate() {
            let field = format!("exits[{i}]");
            if e.name.trim().is_empty() {
                p.push(
                    format!("{field}.name"),
                    "an exit needs a name (\"South Road\")",
                );
            }
            if exits.iter().any(|o| o.name.eq_ignore_ascii_case(&e.name)) {
                p.push(format!("{field}.name"), format!("'{}' twice", e.name));
            }
            if let Some(h) = hex_at(&grid, &e.hex, &format!("{field}.hex"), &mut p) {
                if !grid.edge_hexes(e.edge).contains(&h) {
                    p.push_hex(
                        format!("{field}.hex"),
                        &e.hex,
                        format!("not on the {} edge of the map", e.edge.name()),
                    );
                }
                exits.push(Exit {
                    name: e.name.clone(),
                    hex: h,
                    edge: e.edge,
                });
            }
        }

        if let Some(u) = &file.underlay {
            check_underlay(u, &mut p);
        }

        let map = Map {
            id: file.id,
            name: file.name,
            description: file.description,
            ruleset: file.ruleset,
            grid,
            scale,
            terrain,
            elevation,
            hexsides,
            routes,
            features,
            exits,
            underlay: file.underlay,
        };
        Ok((map, p))
    }

    /// The document for this map. Invariant: `Map::from_file(m.to_file()) == Ok(m)`.
    /// The map's text as a game's setup hash reads it (both systems' scenario hash): the file,
    /// with a scale in metres written as `hex_size_m`, the form every map had before `scale`.
    /// Invariant: a map read from a file written before `scale` gives the very text it was
    /// hashed with when its games were recorded, so those games keep their hashes and open.
    pub fn identity_text(&self) -> String {
        let mut f = self.to_file();
        if self.scale.unit == super::LengthUnit::Metres {
            f.scale = None;
            f.hex_size_m = Some(self.scale.per_hex);
        }
        f.to_text()
    }

    pub fn to_file(&self) -> MapFile {
        let g = &self.grid;
        // Legend: '.' for the default terrain, then the first free letter of each key.
        let tec = self
            .ruleset
            .terrain_chart()
            .map(|t| t.default_terrain.clone())
            .unwrap_or_default();
        let mut legend: BTreeMap<char, String> = BTreeMap::new();
        let mut char_of: BTreeMap<&str, char> = BTreeMap::new();
        let used: BTreeSet<&str> = self.terrain.iter().map(String::as_str).collect();
        for key in used {
            let candidates = std::iter::once('.')
                .filter(|_| key == tec)
                .chain(key.chars().filter(|c| c.is_ascii_alphanumeric()))
                .chain(key.chars().map(|c| c.to_ascii_uppercase()))
                .chain('a'..='z')
                .chain('A'..='Z')
                .chain('0'..='9');
            for c in candidates {
                if let std::collections::btree_map::Entry::Vacant(v) = legend.entry(c) {
                    v.insert(key.to_string());
                    char_of.insert(key, c);
                    break;
                }
            }
        }
        let rows = (1..=g.rows)
            .map(|r| {
                (1..=g.columns)
                    .map(|c| char_of[self.terrain(HexCoord::new(c, r)).expect("on map")])
                    .collect()
            })
            .collect();
        let elevation = self
            .elevation
            .iter()
            .any(|&e| e != 0)
            .then(|| ElevationLayer {
                rows: (1..=g.rows)
                    .map(|r| {
                        (1..=g.columns)
                            .map(|c| {
                                let e = self.elevation(HexCoord::new(c, r)).expect("on map");
                                char::from_digit(e as u32, 10).expect("elevation is 0-9")
                            })
                            .collect()
                    })
                    .collect(),
            });
        MapFile {
            format: DocumentKind::Map.format_name().to_string(),
            version: DocumentKind::Map.current_version() as u32,
            id: self.id.clone(),
            name: self.name.clone(),
            description: self.description.clone(),
            ruleset: self.ruleset,
            grid: *g,
            scale: Some(self.scale),
            hex_size_m: None,
            terrain: TerrainLayer { legend, rows },
            elevation,
            hexsides: self
                .hexsides
                .iter()
                .map(|(e, f)| {
                    let (a, b) = e.hexes();
                    HexsideEntry {
                        between: [g.name(a), g.name(b)],
                        features: f.clone(),
                    }
                })
                .collect(),
            routes: self
                .routes
                .iter()
                .map(|r| RouteEntry {
                    kind: r.kind.clone(),
                    name: r.name.clone(),
                    hexes: r.hexes.iter().map(|h| g.name(*h)).collect(),
                })
                .collect(),
            features: self
                .features
                .iter()
                .map(|f| FeatureEntry {
                    code: f.code.clone(),
                    name: f.name.clone(),
                    hexes: f.hexes.iter().map(|h| g.name(*h)).collect(),
                })
                .collect(),
            exits: self
                .exits
                .iter()
                .map(|e| ExitEntry {
                    name: e.name.clone(),
                    hex: g.name(e.hex),
                    edge: e.edge,
                })
                .collect(),
            underlay: self.underlay.clone(),
        }
    }
}

/// Walk a layer of text rows (one per map row, one character per hex): check the row count
/// and lengths, and call `cell` for every hex; a cell's error is recorded against its hex.
fn read_rows(
    rows: &[String],
    grid: &Grid,
    field: &str,
    p: &mut Problems,
    mut cell: impl FnMut(HexCoord, char) -> Result<(), String>,
) {
    if rows.len() != grid.rows as usize {
        p.push(
            format!("{field}.rows"),
            format!("{} rows for a map of {} rows", rows.len(), grid.rows),
        );
    }
    for (r, row) in rows.iter().enumerate().take(grid.rows as usize) {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != grid.columns as usize {
            p.push(
                format!("{field}.rows[{r}]"),
                format!(
                    "row {} has {} hexes for a map of {} columns",
                    r + 1,
                    chars.len(),
                    grid.columns
                ),
            );
        }
        for (c, ch) in chars.iter().enumerate().take(grid.columns as usize) {
            let h = HexCoord::new(c as u16 + 1, r as u16 + 1);
            if let Err(message) = cell(h, *ch) {
                p.push_hex(format!("{field}.rows[{r}]"), grid.name(h), message);
            }
        }
    }
}

/// The map's scale: `scale`, or an old file's `hex_size_m` (metres), or the rule system's own.
/// A scale of 0, both fields at once, and a table scale for a system played on the ground (or
/// the other way round) are problems; the system's scale stands in for a refused one.
fn read_scale(file: &MapFile, p: &mut Problems) -> MapScale {
    let system = file.ruleset.rules().map(|r| r.map_scale()).ok();
    let fallback = system.unwrap_or(MapScale::metres(50));
    let (field, scale) = match (file.scale, file.hex_size_m) {
        (Some(_), Some(_)) => {
            p.push(
                "hex_size_m",
                "give the scale once: `scale` replaces the older `hex_size_m`",
            );
            return fallback;
        }
        (Some(s), None) => ("scale.per_hex", s),
        (None, Some(m)) => ("hex_size_m", MapScale::metres(m)),
        (None, None) => return fallback,
    };
    if scale.per_hex == 0 {
        p.push(field, "a hex stands for at least 1 unit, not 0");
        return fallback;
    }
    if let Some(sys) = system
        && !scale.same_kind(sys)
    {
        p.push(
            "scale.unit",
            format!(
                "{} measure {}, and {} is played on {} ({sys}): give the scale in {}",
                scale.unit,
                scale.unit.measures().place(),
                file.ruleset.name(),
                sys.unit.measures().place(),
                sys.unit.measures().units(),
            ),
        );
        return fallback;
    }
    scale
}

fn read_terrain(
    layer: &TerrainLayer,
    grid: &Grid,
    tec: &TerrainEffects,
    p: &mut Problems,
) -> Vec<String> {
    for (c, key) in &layer.legend {
        if tec.terrain(key).is_none() {
            p.push(
                format!("terrain.legend.{c}"),
                format!(
                    "unknown terrain '{key}'; the {} terrain effects chart knows: {}",
                    tec.reference,
                    tec.terrain_keys()
                ),
            );
        }
    }
    let mut out = vec![tec.default_terrain.clone(); grid.len()];
    // The hexes of each unknown terrain, so that they can be shown on the map.
    let mut unknown: BTreeMap<char, Vec<HexCoord>> = BTreeMap::new();
    read_rows(&layer.rows, grid, "terrain", p, |h, ch| {
        match layer.legend.get(&ch) {
            Some(key) => {
                out[grid.index(h).expect("in range")] = key.clone();
                if tec.terrain(key).is_none() {
                    unknown.entry(ch).or_default().push(h);
                }
                Ok(())
            }
            None => Err(format!(
                "'{ch}' is not in the terrain legend (legend: {})",
                layer.legend.keys().collect::<String>()
            )),
        }
    });
    const SHOWN: usize = 12;
    for (ch, hexes) in unknown {
        let key = &layer.legend[&ch];
        for h in hexes.iter().take(SHOWN) {
            p.push_hex(
                format!("terrain.rows[{}]", h.row - 1),
                grid.name(*h),
                format!("unknown terrain '{key}'"),
            );
        }
        if hexes.len() > SHOWN {
            p.push(
                "terrain.rows",
                format!(
                    "and {} more hexes of unknown terrain '{key}'",
                    hexes.len() - SHOWN
                ),
            );
        }
    }
    out
}

fn read_elevation(layer: Option<&ElevationLayer>, grid: &Grid, p: &mut Problems) -> Vec<u8> {
    let mut out = vec![0u8; grid.len()];
    if let Some(layer) = layer {
        read_rows(&layer.rows, grid, "elevation", p, |h, ch| {
            match ch.to_digit(10) {
                Some(d) => {
                    out[grid.index(h).expect("in range")] = d as u8;
                    Ok(())
                }
                None => Err(format!("'{ch}' is not an elevation level (0 to 9)")),
            }
        });
    }
    out
}

fn read_hexsides(
    entries: &[super::file::HexsideEntry],
    grid: &Grid,
    tec: &TerrainEffects,
    p: &mut Problems,
) -> BTreeMap<Edge, Vec<String>> {
    let mut out: BTreeMap<Edge, Vec<String>> = BTreeMap::new();
    for (i, s) in entries.iter().enumerate() {
        let field = format!("hexsides[{i}]");
        let a = hex_at(grid, &s.between[0], &format!("{field}.between[0]"), p);
        let b = hex_at(grid, &s.between[1], &format!("{field}.between[1]"), p);
        if s.features.is_empty() {
            p.push_hex(
                format!("{field}.features"),
                &s.between[0],
                "lists no hexside feature",
            );
        }
        for (j, f) in s.features.iter().enumerate() {
            if tec.hexside(f).is_none() {
                p.push_hex(
                    format!("{field}.features[{j}]"),
                    &s.between[0],
                    format!(
                        "unknown hexside feature '{f}' (the side with {}); known: {}",
                        s.between[1],
                        tec.hexside_keys()
                    ),
                );
            }
            if s.features[..j].contains(f) {
                p.push(format!("{field}.features[{j}]"), format!("'{f}' twice"));
            }
        }
        let (Some(a), Some(b)) = (a, b) else { continue };
        if !grid.adjacent(a, b) {
            p.push_hex(
                format!("{field}.between"),
                &s.between[0],
                format!(
                    "a hexside lies between adjacent hexes; {} is not adjacent",
                    s.between[1]
                ),
            );
            continue;
        }
        let edge = Edge::new(a, b);
        if out.contains_key(&edge) {
            p.push_hex(
                format!("{field}.between"),
                &s.between[0],
                format!(
                    "the hexside with {} is listed twice; list each hexside once",
                    s.between[1]
                ),
            );
            continue;
        }
        out.insert(edge, s.features.clone());
    }
    out
}

fn read_features(entries: &[FeatureEntry], grid: &Grid, p: &mut Problems) -> Vec<Feature> {
    let mut out: Vec<Feature> = Vec::new();
    let mut numbers: BTreeMap<u32, String> = BTreeMap::new();
    for (i, f) in entries.iter().enumerate() {
        let field = format!("features[{i}]");
        if !feature_code_ok(&f.code) {
            p.push(
                format!("{field}.code"),
                format!(
                    "'{}' is not a feature code: capital letters then a number, as V4 or H26",
                    f.code
                ),
            );
        }
        if out.iter().any(|o| o.code == f.code) {
            p.push(format!("{field}.code"), format!("{} appears twice", f.code));
        }
        if f.hexes.is_empty() {
            p.push(format!("{field}.hexes"), format!("{} has no hexes", f.code));
        }
        let mut hexes: Vec<HexCoord> = f
            .hexes
            .iter()
            .enumerate()
            .filter_map(|(j, n)| hex_at(grid, n, &format!("{field}.hexes[{j}]"), p))
            .collect();
        let n = hexes.len();
        hexes.sort();
        hexes.dedup();
        if hexes.len() != n {
            p.push(format!("{field}.hexes"), "a hex is listed twice");
        }
        let feature = Feature {
            code: f.code.clone(),
            name: f.name.clone(),
            hexes,
        };
        // R&S 11.0: "No number is used more than once regardless of terrain feature".
        if let Some(num) = feature.number().filter(|_| feature_code_ok(&f.code)) {
            if let Some(other) = numbers.get(&num).filter(|o| **o != f.code) {
                p.push(
                    format!("{field}.code"),
                    format!(
                        "number {num} is already used by {other}; a number names one feature \
                         only (R&S 11.0)"
                    ),
                );
            }
            numbers.entry(num).or_insert_with(|| f.code.clone());
        }
        out.push(feature);
    }
    out
}

/// Whether an underlay's image path stays inside the map's folder: relative, of plain names
/// only (no `..`, no root, no backslashes).
pub(crate) fn underlay_path_inside(image: &str) -> bool {
    !image.is_empty()
        && !image.contains('\\')
        && std::path::Path::new(image)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

fn check_underlay(u: &Underlay, p: &mut Problems) {
    if !underlay_path_inside(&u.image) {
        p.push(
            "underlay.image",
            format!(
                "'{}' must be a path inside the map's folder, such as underlays/map.png",
                u.image
            ),
        );
    }
    if !(u.scale.is_finite() && u.scale > 0.0) {
        p.push("underlay.scale", "must be a number above 0");
    }
    if !(0.0..=1.0).contains(&u.opacity) {
        p.push("underlay.opacity", "must be between 0 and 1");
    }
    if !(u.x.is_finite() && u.y.is_finite() && u.rotation_deg.is_finite()) {
        p.push("underlay", "offset and rotation must be finite numbers");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4 x 3 map on the chart of Fatehpur's rule system (clear, woods, village, ridges).
    fn sample() -> String {
        let ruleset = crate::shipped::scenario_file("rs-01-fatehpur")
            .unwrap()
            .ruleset;
        r#"{
  "format": "kepi-map", "version": 1, "id": "sample", "name": "Sample",
  "ruleset": "RULESET",
  "grid": {"orientation": "flat", "shove": "even", "columns": 4, "rows": 3},
  "terrain": {"legend": {".": "clear", "w": "woods", "v": "village"},
              "rows": ["..w.", ".vw.", "...."]},
  "elevation": {"rows": ["0001", "0012", "0000"]},
  "hexsides": [{"between": ["0303", "0302"], "features": ["ridge"]}],
  "routes": [{"kind": "road", "name": "South Road", "hexes": ["0201", "0202", "0203"]}],
  "features": [{"code": "V4", "name": "Village", "hexes": ["0202"]},
               {"code": "W5", "hexes": ["0301", "0302"]}],
  "exits": [{"name": "South Road", "hex": "0203", "edge": "south"}]
}"#
        .replace("RULESET", ruleset.key())
    }

    #[test]
    fn sample_map_loads_and_round_trips() {
        let m = Map::from_text(&sample()).unwrap();
        assert_eq!(m.terrain(HexCoord::new(3, 1)), Some("woods"));
        assert_eq!(m.elevation(HexCoord::new(4, 2)), Some(2));
        assert_eq!(
            m.hexside(HexCoord::new(3, 2), HexCoord::new(3, 3)),
            ["ridge"]
        );
        assert_eq!(
            m.hexside(HexCoord::new(3, 3), HexCoord::new(3, 2)),
            ["ridge"]
        );
        assert!(
            m.route_between(HexCoord::new(2, 2), HexCoord::new(2, 1))
                .is_some()
        );
        assert_eq!(m.feature("v4").unwrap().kind(), "village");
        let again = Map::from_file(m.to_file()).unwrap();
        assert_eq!(again, m);
        let text = m.to_file().to_text();
        assert_eq!(Map::from_text(&text).unwrap(), m);
    }

    #[test]
    fn the_scale_is_read_in_any_unit_and_old_files_say_it_in_metres() {
        use crate::map::{LengthUnit, MapScale};
        let with = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&sample()).unwrap();
            edit(&mut v);
            Map::from_text(&v.to_string())
        };
        // None given: the system's own (R&S errata [1.1]: 50 m).
        assert_eq!(with(&|_| {}).unwrap().scale, MapScale::metres(50));
        // A map written before `scale`: metres, written back as `scale`.
        let old = with(&|v| v["hex_size_m"] = 75.into()).unwrap();
        assert_eq!(old.scale, MapScale::metres(75));
        let text = old.to_file().to_text();
        assert!(!text.contains("hex_size_m"), "{text}");
        assert!(text.contains("\"unit\": \"metres\""), "{text}");
        assert_eq!(Map::from_text(&text).unwrap().scale, MapScale::metres(75));
        let yards = with(&|v| v["scale"] = serde_json::json!({"per_hex": 60, "unit": "yards"}));
        assert_eq!(yards.unwrap().scale, MapScale::new(60, LengthUnit::Yards));
        let e = with(&|v| {
            v["scale"] = serde_json::json!({"per_hex": 6, "unit": "inches"});
        })
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("scale.unit: inches measure the table, and Rifle & Saber is played on the ground (1 hex = 50 m): give the scale in metres, yards or paces"),
            "{e}"
        );
        let e = with(&|v| {
            v["scale"] = serde_json::json!({"per_hex": 50, "unit": "metres"});
            v["hex_size_m"] = 50.into();
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("hex_size_m: give the scale once"), "{e}");
        let e = with(&|v| v["hex_size_m"] = 0.into())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("hex_size_m: a hex stands for at least 1 unit, not 0"),
            "{e}"
        );
        let e = with(&|v| v["scale"] = serde_json::json!({"per_hex": 3, "unit": "leagues"}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("scale.unit") && e.contains("leagues"), "{e}");
    }

    fn problems(edit: impl Fn(&mut serde_json::Value)) -> String {
        let mut v: serde_json::Value = serde_json::from_str(&sample()).unwrap();
        edit(&mut v);
        Map::from_text(&v.to_string()).unwrap_err().to_string()
    }

    #[test]
    fn unknown_terrain_lists_the_known_keys() {
        let e = problems(|v| v["terrain"]["legend"]["w"] = "jungle".into());
        assert!(e.contains("unknown terrain 'jungle'"), "{e}");
        assert!(
            e.contains("clear, village, slope, woods, river, ford, bridge"),
            "{e}"
        );
    }

    #[test]
    fn each_problem_names_field_and_hex() {
        let e = problems(|v| {
            v["terrain"]["rows"][1] = ".x..".into();
            v["hexsides"][0]["between"][1] = "0101".into();
            v["routes"][0]["hexes"][2] = "0403".into();
            v["features"][1]["code"] = "H4".into();
            v["exits"][0]["hex"] = "0202".into();
            v["elevation"]["rows"][0] = "00a1".into();
        });
        for expected in [
            "terrain.rows[1]: hex 0202: 'x' is not in the terrain legend",
            "hexsides[0].between: hex 0303: a hexside lies between adjacent hexes",
            "routes[0].hexes[2]: hex 0403: a route steps from hex to adjacent hex",
            "features[1].code: number 4 is already used by V4",
            "exits[0].hex: hex 0202: not on the south edge",
            "elevation.rows[0]: hex 0301: 'a' is not an elevation level",
        ] {
            assert!(e.contains(expected), "missing «{expected}» in:\n{e}");
        }
        assert_eq!(e.lines().count(), 6, "{e}");
    }

    #[test]
    fn hexes_off_the_map_and_duplicate_hexsides() {
        let e = problems(|v| {
            v["features"][0]["hexes"][0] = "0909".into();
            v["hexsides"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!({"between": ["0302", "0303"], "features": ["ridge"]}));
        });
        assert!(
            e.contains("features[0].hexes[0]: hex 0909: not a hex of this map"),
            "{e}"
        );
        assert!(e.contains("from 0101 to 0403"), "{e}");
        assert!(e.contains("listed twice"), "{e}");
    }

    #[test]
    fn wrong_row_lengths_and_counts() {
        let e = problems(|v| {
            v["terrain"]["rows"][2] = "...".into();
            v["terrain"]["rows"].as_array_mut().unwrap().pop();
        });
        assert!(e.contains("2 rows for a map of 3 rows"), "{e}");
        let e = problems(|v| v["terrain"]["rows"][2] = ".....".into());
        assert!(
            e.contains("row 3 has 5 hexes for a map of 4 columns"),
            "{e}"
        );
    }

    #[test]
    fn underlay_paths_stay_inside() {
        let e = problems(|v| {
            v["underlay"] = serde_json::json!({"image": "../x.png", "scale": 1.0, "opacity": 2.0})
        });
        assert!(e.contains("underlay.image"), "{e}");
        assert!(e.contains("underlay.opacity"), "{e}");
    }
}

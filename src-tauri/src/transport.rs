//! Transport types: what crosses the IPC boundary, in the UI's shape (camelCase is not used:
//! field names are snake_case on both sides, as in ui/src/api.ts). Domain types stay in the
//! core; these are built from them here and nowhere else.

use kepi::editor::files::FileError;
use kepi::editor::{Changed, Document, EditError};
use kepi::map::{Edge, Grid, HexCoord, LengthUnit, MapScale, Orientation, Shove, Underlay};
use kepi::problems::Problems;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub mod jobs;
pub mod library;
pub mod looks;
pub mod play;
pub mod scenario;

/// The closed set of error codes; exported to TypeScript as `ErrorCode` and `ERROR_CODES` in
/// ui/src/ipc/generated.ts (a test fails when that file is stale, or when [`ErrorCode::ALL`]
/// misses a variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The command needs an open map and there is none.
    NoMap,
    /// An argument the UI sent is out of range or not understood (an unknown library key, a
    /// job that was never started).
    InvalidArgument,
    /// The core refused an edit (unknown key, hexes not adjacent, ...).
    EditRefused,
    /// The map has problems: it cannot be opened or saved as it is.
    InvalidMap,
    /// Reading or writing a file failed.
    Io,
    /// An underlay picture was refused (too large, not PNG/JPEG, unreadable).
    Image,
    /// Drawing a picture (PNG export, thumbnail) failed.
    Render,
    /// A file the shell may not touch was asked for (not in the recent list, not in the
    /// library).
    NotAllowed,
    /// A pack was refused (not a pack, damaged, hostile, invalid contents), or could not be
    /// made from the scenarios given.
    InvalidPack,
    /// The library already holds a pack of this id with other content; import again with
    /// `replace` or `new_version`.
    PackConflict,
    /// The play view's command needs a game and none is open.
    NoGame,
    /// The rules refused a command; the message says why, citing the case.
    Refused,
    /// The archive could not be opened, read or written.
    Archive,
    /// The scenario view's command needs an open scenario and there is none.
    NoScenario,
    /// The scenario has problems: it cannot be saved, tested or exported as it is.
    InvalidScenario,
}

#[cfg(test)]
impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 15] = [
        ErrorCode::NoMap,
        ErrorCode::InvalidArgument,
        ErrorCode::EditRefused,
        ErrorCode::InvalidMap,
        ErrorCode::Io,
        ErrorCode::Image,
        ErrorCode::Render,
        ErrorCode::NotAllowed,
        ErrorCode::InvalidPack,
        ErrorCode::PackConflict,
        ErrorCode::NoGame,
        ErrorCode::Refused,
        ErrorCode::Archive,
        ErrorCode::NoScenario,
        ErrorCode::InvalidScenario,
    ];

    /// The code's place in [`ErrorCode::ALL`]; the match makes a new variant a compile error
    /// here, and a test checks that ALL lists each at its place.
    pub const fn ordinal(self) -> usize {
        match self {
            ErrorCode::NoMap => 0,
            ErrorCode::InvalidArgument => 1,
            ErrorCode::EditRefused => 2,
            ErrorCode::InvalidMap => 3,
            ErrorCode::Io => 4,
            ErrorCode::Image => 5,
            ErrorCode::Render => 6,
            ErrorCode::NotAllowed => 7,
            ErrorCode::InvalidPack => 8,
            ErrorCode::PackConflict => 9,
            ErrorCode::NoGame => 10,
            ErrorCode::Refused => 11,
            ErrorCode::Archive => 12,
            ErrorCode::NoScenario => 13,
            ErrorCode::InvalidScenario => 14,
        }
    }
}

/// Every error the UI sees: `{code, message}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
}

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> AppError {
        AppError {
            code,
            message: message.into(),
        }
    }

    pub fn no_map() -> AppError {
        AppError::new(ErrorCode::NoMap, "no map is open")
    }
}

impl From<EditError> for AppError {
    fn from(e: EditError) -> AppError {
        AppError::new(ErrorCode::EditRefused, e.to_string())
    }
}

impl From<FileError> for AppError {
    fn from(e: FileError) -> AppError {
        let code = match &e {
            FileError::Problems(_) => ErrorCode::InvalidMap,
            FileError::Io { .. } => ErrorCode::Io,
            FileError::BadName(_) => ErrorCode::InvalidArgument,
            FileError::Underlay { .. } => ErrorCode::Image,
            FileError::Render(_) => ErrorCode::Render,
        };
        AppError::new(code, e.to_string())
    }
}

impl From<kepi::editor::grid_spec::GridSpecError> for AppError {
    fn from(e: kepi::editor::grid_spec::GridSpecError) -> AppError {
        AppError::new(ErrorCode::InvalidArgument, e.to_string())
    }
}

impl From<kepi::pack::PackError> for AppError {
    fn from(e: kepi::pack::PackError) -> AppError {
        use kepi::pack::PackError as P;
        let code = match &e {
            P::Io { .. } => ErrorCode::Io,
            P::Conflict(_) => ErrorCode::PackConflict,
            _ => ErrorCode::InvalidPack,
        };
        AppError::new(code, e.to_string())
    }
}

impl From<kepi::library_index::LibraryError> for AppError {
    fn from(e: kepi::library_index::LibraryError) -> AppError {
        use kepi::library_index::LibraryError as L;
        let code = match &e {
            L::Problems(_) => ErrorCode::InvalidMap,
            L::Read(_) => ErrorCode::Io,
            L::Render(_) => ErrorCode::Render,
        };
        AppError::new(code, e.to_string())
    }
}

/// A recorded command that does not replay: the record is damaged (or of another engine).
impl From<kepi::engine::game::ReplayError> for AppError {
    fn from(e: kepi::engine::game::ReplayError) -> AppError {
        AppError::new(ErrorCode::Archive, e.to_string())
    }
}

/// Auto-deploy refused (nothing to deploy, or a deployment that never ends).
impl From<kepi::engine::game::session::DeployError> for AppError {
    fn from(e: kepi::engine::game::session::DeployError) -> AppError {
        AppError::new(ErrorCode::Refused, e.to_string())
    }
}

pub type AppResult<T> = Result<T, AppError>;

#[derive(Clone, Debug, Serialize, TS)]
pub struct GridDto {
    #[ts(type = "\"flat\" | \"pointy\"")]
    pub orientation: Orientation,
    #[ts(type = "\"even\" | \"odd\"")]
    pub shove: Shove,
    pub columns: u16,
    pub rows: u16,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct KeyDto {
    pub key: String,
    pub name: String,
    pub color: String,
}

#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "Palette")]
pub struct PaletteDto {
    pub terrain: Vec<KeyDto>,
    pub hexsides: Vec<KeyDto>,
    pub routes: Vec<KeyDto>,
    pub default_terrain: String,
    /// "R&S 9.2"
    pub reference: String,
    /// How each key looks on the map (what the pictures draw); none without a chart.
    pub looks: Option<looks::LooksDto>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct HexsideDto {
    /// Hex indexes (row-major, 0-based) of the two hexes.
    pub a: usize,
    pub b: usize,
    /// Empty when the hexside lost its last feature.
    pub features: Vec<String>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct RouteDto {
    pub kind: String,
    pub name: String,
    pub hexes: Vec<usize>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct FeatureDto {
    pub code: String,
    pub name: String,
    pub kind: String,
    pub hexes: Vec<usize>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct ExitDto {
    pub name: String,
    pub hex: usize,
    pub edge: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UnderlayDto {
    pub image: String,
    pub x: f64,
    pub y: f64,
    pub scale: f64,
    pub rotation_deg: f64,
    pub opacity: f64,
}

impl From<&Underlay> for UnderlayDto {
    fn from(u: &Underlay) -> UnderlayDto {
        UnderlayDto {
            image: u.image.clone(),
            x: u.x,
            y: u.y,
            scale: u.scale,
            rotation_deg: u.rotation_deg,
            opacity: u.opacity,
        }
    }
}

impl From<UnderlayDto> for Underlay {
    fn from(u: UnderlayDto) -> Underlay {
        Underlay {
            image: u.image,
            x: u.x,
            y: u.y,
            scale: u.scale,
            rotation_deg: u.rotation_deg,
            opacity: u.opacity,
        }
    }
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct ProblemDto {
    pub field: String,
    /// Printed hex name ("0812") when the problem is about one hex.
    pub hex: Option<String>,
    pub message: String,
    /// The whole line as `kepi validate` prints it.
    pub text: String,
}

pub fn problems(p: &Problems) -> Vec<ProblemDto> {
    p.iter()
        .map(|p| ProblemDto {
            field: p.field.clone(),
            hex: p.hex.clone(),
            message: p.message.clone(),
            text: p.to_string(),
        })
        .collect()
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct StatusDto {
    pub path: Option<String>,
    pub title: String,
    pub dirty: bool,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// A whole map for the view.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MapView {
    pub id: String,
    pub name: String,
    pub description: String,
    pub ruleset: String,
    pub ruleset_name: String,
    pub grid: GridDto,
    pub scale: ScaleDto,
    /// The rule system's own scale in words ("1 hex = 50 m"), beside the map's.
    pub ruleset_scale: String,
    pub palette: PaletteDto,
    /// Per hex (row-major): index into `palette.terrain`.
    pub terrain: Vec<u16>,
    /// Per hex: level 0-9.
    pub elevation: Vec<u8>,
    pub hexsides: Vec<HexsideDto>,
    pub routes: Vec<RouteDto>,
    pub features: Vec<FeatureDto>,
    pub exits: Vec<ExitDto>,
    pub underlay: Option<UnderlayDto>,
    pub status: StatusDto,
    pub problems: Vec<ProblemDto>,
}

/// What one hex stands for (the map file's `scale`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScaleDto {
    pub per_hex: u32,
    #[ts(type = "\"metres\" | \"yards\" | \"paces\" | \"inches\"")]
    pub unit: LengthUnit,
    /// In words: "1 hex = 50 m".
    pub text: String,
}

impl From<MapScale> for ScaleDto {
    fn from(s: MapScale) -> ScaleDto {
        ScaleDto {
            per_hex: s.per_hex,
            unit: s.unit,
            text: s.to_string(),
        }
    }
}

/// What the start page needs to know.
#[derive(Clone, Debug, Serialize, TS)]
pub struct AppInfo {
    pub version: String,
    pub recent: Vec<String>,
    /// The map folder in the working directory, when there is one (shipped maps are listed by
    /// `library_list` and opened with `open_shipped_map`, wherever Kepi runs).
    pub shipped_maps: Option<String>,
    /// The rule systems a new map can be made for: (key, name), the first the default.
    pub rulesets: Vec<(String, String)>,
    /// Every system's rules version, in words ("Rifle & Saber rules 1"): what a game records.
    pub rules_versions: Vec<String>,
    /// How long the app's process had run when this answer was made, in milliseconds
    /// (`launch::process_age_ms`): with the UI's clock, the launch-to-Library figure.
    #[ts(type = "number")]
    pub process_age_ms: u64,
    /// The shell's steps of the launch with the process's age at each, in milliseconds
    /// ("main 10 · setup 60 · page 250": `launch::steps`), printed with the page's own.
    pub launch_steps: String,
}

/// The start page's New map form.
#[derive(Clone, Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewMapSpec {
    pub name: String,
    pub columns: u16,
    pub rows: u16,
    /// "flat" or "pointy".
    pub orientation: String,
    /// "even" or "odd".
    pub shove: String,
    /// A rule system's key, as the registry knows it.
    pub ruleset: String,
}

/// What changed after an edit, an undo or a redo. `None` fields did not change.
#[derive(Clone, Debug, Default, Serialize, TS)]
pub struct Delta {
    /// Changed hexes: index, palette index, level.
    pub cells: Vec<[u32; 3]>,
    pub hexsides: Vec<HexsideDto>,
    pub routes: Option<Vec<RouteDto>>,
    pub features: Option<Vec<FeatureDto>>,
    pub exits: Option<Vec<ExitDto>>,
    /// Present when the underlay changed; `underlay` is then its new value (or null).
    pub underlay_changed: bool,
    pub underlay: Option<UnderlayDto>,
    pub name: Option<String>,
    /// Present when the scale changed.
    pub scale: Option<ScaleDto>,
    pub status: Option<StatusDto>,
    /// Present after a step ends (not for each point of an open stroke).
    pub problems: Option<Vec<ProblemDto>>,
}

fn index(g: &Grid, h: HexCoord) -> usize {
    g.index(h).unwrap_or(0)
}

/// The terrain's index in the palette; a key the chart does not know (a map opened with that
/// problem) gets the index past the palette's end, which the UI draws in a warning colour.
pub fn palette_index(doc: &Document, key: &str) -> u16 {
    let chart = doc.ruleset.terrain_chart().ok();
    let known = chart.map_or(0, |t| t.terrain.len());
    chart
        .and_then(|t| t.terrain.iter().position(|x| x.key == key))
        .unwrap_or(known) as u16
}

fn hexside(g: &Grid, e: Edge, features: &[String]) -> HexsideDto {
    let (a, b) = e.hexes();
    HexsideDto {
        a: index(g, a),
        b: index(g, b),
        features: features.to_vec(),
    }
}

pub fn routes(doc: &Document) -> Vec<RouteDto> {
    doc.routes()
        .iter()
        .map(|r| RouteDto {
            kind: r.kind.clone(),
            name: r.name.clone(),
            hexes: r.hexes.iter().map(|h| index(&doc.grid, *h)).collect(),
        })
        .collect()
}

pub fn features(doc: &Document) -> Vec<FeatureDto> {
    doc.features()
        .iter()
        .map(|f| FeatureDto {
            code: f.code.clone(),
            name: f.name.clone(),
            kind: f.kind().to_string(),
            hexes: f.hexes.iter().map(|h| index(&doc.grid, *h)).collect(),
        })
        .collect()
}

pub fn status(doc: &Document, path: Option<&std::path::Path>) -> StatusDto {
    StatusDto {
        path: path.map(|p| p.display().to_string()),
        title: if doc.name().is_empty() {
            doc.id.clone()
        } else {
            doc.name().to_string()
        },
        dirty: doc.is_dirty(),
        can_undo: doc.can_undo(),
        can_redo: doc.can_redo(),
    }
}

/// The keys of a chart (none without one) with their looks.
pub fn palette(tec: Option<&kepi::tables::TerrainEffects>) -> PaletteDto {
    let key = |k: &str, n: &str, c: &str| KeyDto {
        key: k.into(),
        name: n.into(),
        color: c.into(),
    };
    PaletteDto {
        terrain: tec
            .map(|t| {
                t.terrain
                    .iter()
                    .map(|x| key(&x.key, &x.name, &x.color))
                    .collect()
            })
            .unwrap_or_default(),
        hexsides: tec
            .map(|t| {
                t.hexsides
                    .iter()
                    .map(|x| key(&x.key, &x.name, &x.color))
                    .collect()
            })
            .unwrap_or_default(),
        routes: tec
            .map(|t| {
                t.routes
                    .iter()
                    .map(|x| key(&x.key, &x.name, &x.color))
                    .collect()
            })
            .unwrap_or_default(),
        default_terrain: tec.map(|t| t.default_terrain.clone()).unwrap_or_default(),
        reference: tec.map(|t| t.reference.clone()).unwrap_or_default(),
        looks: tec.map(looks::LooksDto::new),
    }
}

pub fn map_view(doc: &Document, path: Option<&std::path::Path>) -> MapView {
    let g = doc.grid;
    let palette = palette(doc.ruleset.terrain_chart().ok());
    MapView {
        id: doc.id.clone(),
        name: doc.name().to_string(),
        description: doc.description().to_string(),
        ruleset: doc.ruleset.key().to_string(),
        ruleset_name: doc.ruleset.name().to_string(),
        scale: doc.scale().into(),
        ruleset_scale: doc
            .ruleset
            .rules()
            .map(|r| r.map_scale().to_string())
            .unwrap_or_default(),
        grid: GridDto {
            orientation: g.orientation,
            shove: g.shove,
            columns: g.columns,
            rows: g.rows,
        },
        palette,
        terrain: (0..g.len())
            .map(|i| palette_index(doc, doc.terrain_at(i)))
            .collect(),
        elevation: (0..g.len()).map(|i| doc.elevation_at(i)).collect(),
        hexsides: doc.hexsides().map(|(e, f)| hexside(&g, e, f)).collect(),
        routes: routes(doc),
        features: features(doc),
        exits: exits(doc),
        underlay: doc.underlay().map(UnderlayDto::from),
        status: status(doc, path),
        problems: problems(&doc.problems()),
    }
}

fn exits(doc: &Document) -> Vec<ExitDto> {
    let g = doc.grid;
    doc.exits()
        .iter()
        .map(|e| ExitDto {
            name: e.name.clone(),
            hex: index(&g, e.hex),
            edge: e.edge.name().to_string(),
        })
        .collect()
}

/// The delta for what `ch` says changed; with `with_problems`, the live validation too.
pub fn delta(
    doc: &Document,
    ch: &Changed,
    path: Option<&std::path::Path>,
    with_problems: bool,
) -> Delta {
    let g = doc.grid;
    Delta {
        cells: ch
            .cells
            .iter()
            .map(|&i| {
                [
                    i as u32,
                    palette_index(doc, doc.terrain_at(i)) as u32,
                    doc.elevation_at(i) as u32,
                ]
            })
            .collect(),
        hexsides: ch
            .hexsides
            .iter()
            .map(|e| {
                let (a, b) = e.hexes();
                hexside(&g, *e, doc.hexside(a, b))
            })
            .collect(),
        routes: ch.routes.then(|| routes(doc)),
        features: ch.features.then(|| features(doc)),
        exits: ch.exits.then(|| exits(doc)),
        underlay_changed: ch.underlay,
        underlay: doc.underlay().map(UnderlayDto::from),
        name: ch.name.then(|| doc.name().to_string()),
        scale: ch.scale.then(|| doc.scale().into()),
        status: Some(status(doc, path)),
        problems: with_problems.then(|| problems(&doc.problems())),
    }
}

/// An edit as the UI sends it; hexes are indexes (row-major, 0-based).
#[derive(Clone, Debug, Deserialize, TS)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
#[ts(rename = "Edit")]
pub enum EditDto {
    Paint {
        hex: usize,
        size: u32,
        terrain: String,
    },
    Fill {
        hex: usize,
        terrain: String,
    },
    Elevation {
        hex: usize,
        size: u32,
        /// "raise", "lower" or "set"
        change: String,
        #[serde(default)]
        #[ts(as = "Option<u8>", optional)]
        level: u8,
    },
    Hexside {
        a: usize,
        b: usize,
        feature: String,
        on: bool,
    },
    Route {
        kind: String,
        #[serde(default)]
        #[ts(as = "Option<String>", optional)]
        name: String,
        hexes: Vec<usize>,
    },
    DeleteRoutesAt {
        hex: usize,
    },
    FeatureCreate {
        code: String,
        #[serde(default)]
        #[ts(as = "Option<String>", optional)]
        name: String,
    },
    FeatureEdit {
        code: String,
        new_code: String,
        #[serde(default)]
        #[ts(as = "Option<String>", optional)]
        name: String,
    },
    FeatureDelete {
        code: String,
    },
    FeatureHex {
        code: String,
        hex: usize,
        on: bool,
    },
    Erase {
        hex: usize,
        size: u32,
    },
    /// `edge`: "north", "east", "south" or "west".
    ExitSet {
        name: String,
        hex: usize,
        #[ts(type = "\"north\" | \"east\" | \"south\" | \"west\"")]
        edge: kepi::map::MapEdge,
    },
    ExitDelete {
        hex: usize,
    },
    ExitRemove {
        name: String,
    },
    SetUnderlay {
        underlay: Option<UnderlayDto>,
    },
    SetName {
        name: String,
        #[serde(default)]
        #[ts(as = "Option<String>", optional)]
        description: String,
    },
    /// What one hex stands for: `per_hex` units (at least 1) of `unit`.
    SetScale {
        per_hex: u32,
        #[ts(type = "\"metres\" | \"yards\" | \"paces\" | \"inches\"")]
        unit: LengthUnit,
    },
}

fn hex(g: &Grid, i: usize) -> AppResult<HexCoord> {
    if i < g.len() {
        Ok(g.coord_at(i))
    } else {
        Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!("hex index {i} is off this {} x {} map", g.columns, g.rows),
        ))
    }
}

fn brush(size: u32) -> AppResult<kepi::editor::Brush> {
    kepi::editor::Brush::from_size(size).ok_or_else(|| {
        AppError::new(
            ErrorCode::InvalidArgument,
            format!("a brush covers 1, 7 or 19 hexes, not {size}"),
        )
    })
}

impl EditDto {
    /// The core op, with hexes and sizes checked.
    pub fn into_op(self, g: &Grid) -> AppResult<kepi::editor::Op> {
        use kepi::editor::{Elevation, Op};
        Ok(match self {
            EditDto::Paint {
                hex: i,
                size,
                terrain,
            } => Op::Paint {
                center: hex(g, i)?,
                brush: brush(size)?,
                terrain,
            },
            EditDto::Fill { hex: i, terrain } => Op::Fill {
                start: hex(g, i)?,
                terrain,
            },
            EditDto::Elevation {
                hex: i,
                size,
                change,
                level,
            } => Op::Elevation {
                center: hex(g, i)?,
                brush: brush(size)?,
                change: match change.as_str() {
                    "raise" => Elevation::Raise,
                    "lower" => Elevation::Lower,
                    "set" => Elevation::Set(level),
                    other => {
                        return Err(AppError::new(
                            ErrorCode::InvalidArgument,
                            format!("elevation change '{other}': use raise, lower or set"),
                        ));
                    }
                },
            },
            EditDto::Hexside { a, b, feature, on } => Op::Hexside {
                a: hex(g, a)?,
                b: hex(g, b)?,
                feature,
                on,
            },
            EditDto::Route { kind, name, hexes } => Op::Route {
                kind,
                name,
                hexes: hexes
                    .into_iter()
                    .map(|i| hex(g, i))
                    .collect::<AppResult<_>>()?,
            },
            EditDto::DeleteRoutesAt { hex: i } => Op::DeleteRoutesAt { hex: hex(g, i)? },
            EditDto::FeatureCreate { code, name } => Op::FeatureCreate { code, name },
            EditDto::FeatureEdit {
                code,
                new_code,
                name,
            } => Op::FeatureEdit {
                code,
                new_code,
                name,
            },
            EditDto::FeatureDelete { code } => Op::FeatureDelete { code },
            EditDto::FeatureHex { code, hex: i, on } => Op::FeatureHex {
                code,
                hex: hex(g, i)?,
                on,
            },
            EditDto::Erase { hex: i, size } => Op::Erase {
                center: hex(g, i)?,
                brush: brush(size)?,
            },
            EditDto::ExitSet { name, hex: i, edge } => Op::ExitSet {
                name,
                hex: hex(g, i)?,
                edge,
            },
            EditDto::ExitDelete { hex: i } => Op::ExitDelete { hex: hex(g, i)? },
            EditDto::ExitRemove { name } => Op::ExitRemove { name },
            EditDto::SetUnderlay { underlay } => Op::SetUnderlay(underlay.map(Underlay::from)),
            EditDto::SetName { name, description } => Op::SetName { name, description },
            EditDto::SetScale { per_hex, unit } => Op::SetScale(MapScale::new(per_hex, unit)),
        })
    }
}

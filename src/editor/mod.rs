//! Map editing for the painter: a [`Document`] is a map being edited, changed only through
//! [`Document::apply`] with an [`Op`], with undo and redo by [`History`].
//!
//! A document may hold states the map format refuses (a feature whose hexes were all erased, two
//! features with one number): [`Document::problems`] lists them, as [`Map::from_file`] words them,
//! and saving refuses until they are fixed, so that no file Kepi writes fails to open.
//!
//! Strokes: a drag of the mouse is one step of the history. [`Document::begin_stroke`] opens a
//! step, every op until [`Document::end_stroke`] joins it. While a stroke is open, raising or
//! lowering changes each hex at most once, however often the brush passes over it.

pub mod files;
pub mod grid_spec;
pub mod history;
pub mod scenario;
pub mod underlay;

pub use history::History;

use crate::engine::RulesetId;
use crate::map::{
    Edge, Exit, Feature, Grid, HexCoord, Map, MapEdge, MapFile, MapScale, Route, Underlay,
};
use crate::problems::Problems;
use crate::tables::TerrainEffects;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Brush sizes: one hex, a hex and its ring (7), two rings (19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    One,
    Seven,
    Nineteen,
}

impl Brush {
    pub fn from_size(n: u32) -> Option<Brush> {
        match n {
            1 => Some(Brush::One),
            7 => Some(Brush::Seven),
            19 => Some(Brush::Nineteen),
            _ => None,
        }
    }

    pub(crate) fn radius(self) -> u32 {
        match self {
            Brush::One => 0,
            Brush::Seven => 1,
            Brush::Nineteen => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elevation {
    Raise,
    Lower,
    Set(u8),
}

/// One edit. Keys (terrain, hexside feature, route kind) are those of the ruleset's terrain
/// effects chart; an op with another key is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Paint {
        center: HexCoord,
        brush: Brush,
        terrain: String,
    },
    /// Repaint the connected area of the start hex's terrain.
    Fill {
        start: HexCoord,
        terrain: String,
    },
    Elevation {
        center: HexCoord,
        brush: Brush,
        change: Elevation,
    },
    /// Put a hexside feature on the side between two adjacent hexes, or take it off.
    Hexside {
        a: HexCoord,
        b: HexCoord,
        feature: String,
        on: bool,
    },
    /// Add a route through these hexes; gaps between hexes that do not touch are filled with the
    /// straight hex line. A route of the same kind ending at the first hex is extended instead.
    Route {
        kind: String,
        name: String,
        hexes: Vec<HexCoord>,
    },
    /// Delete the routes through a hex (all of them).
    DeleteRoutesAt {
        hex: HexCoord,
    },
    FeatureCreate {
        code: String,
        name: String,
    },
    FeatureEdit {
        code: String,
        new_code: String,
        name: String,
    },
    FeatureDelete {
        code: String,
    },
    FeatureHex {
        code: String,
        hex: HexCoord,
        on: bool,
    },
    /// Clear hexes: default terrain, level 0, no hexsides, out of every feature and route
    /// (a route is cut in two where it crosses them).
    Erase {
        center: HexCoord,
        brush: Brush,
    },
    /// Mark where a named route leaves the map: a hex on that edge of the map. An exit of the
    /// same name is moved there.
    ExitSet {
        name: String,
        hex: HexCoord,
        edge: MapEdge,
    },
    /// Delete the exits at a hex (all of them).
    ExitDelete {
        hex: HexCoord,
    },
    /// Delete the exit of this name.
    ExitRemove {
        name: String,
    },
    SetUnderlay(Option<Underlay>),
    SetName {
        name: String,
        description: String,
    },
    /// What one hex stands for (checked against the rule system's kind of scale when the map
    /// is validated: ground or table).
    SetScale(MapScale),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("hex {0} is not on the map")]
    OffMap(String),
    #[error("unknown {what} '{key}'; the {chart} knows: {known}")]
    UnknownKey {
        what: &'static str,
        key: String,
        chart: String,
        known: String,
    },
    #[error("{0} and {1} are not adjacent: a hexside lies between adjacent hexes")]
    NotAdjacent(String, String),
    #[error("a route joins at least two hexes")]
    RouteTooShort,
    #[error("there is already a feature {0}")]
    FeatureExists(String),
    #[error("there is no feature {0}")]
    NoSuchFeature(String),
    #[error("'{0}' is not a feature code: capital letters then a number, as V4 or H26")]
    BadCode(String),
    #[error("elevation {0} is out of range: 0 to 9")]
    BadLevel(u8),
    #[error("a map has 1 to {max} columns and rows, not {columns} x {rows}")]
    BadSize { columns: u16, rows: u16, max: u16 },
    #[error(
        "hex {hex} is not on the {edge} edge of the map: an exit is a hex on the edge it leaves by"
    )]
    NotOnEdge { hex: String, edge: &'static str },
    #[error("an exit needs a name (\"South Road\")")]
    ExitName,
    #[error("a hex stands for at least 1 metre, yard, pace or inch, not 0")]
    ZeroScale,
    #[error("{0}")]
    Ruleset(String),
}

/// What an op, undo or redo changed, for redrawing: hex indexes (see [`Grid::index`]), hexsides,
/// and whether the routes, features, underlay, name or scale changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changed {
    pub cells: BTreeSet<usize>,
    pub hexsides: BTreeSet<Edge>,
    pub routes: bool,
    pub features: bool,
    pub exits: bool,
    pub underlay: bool,
    pub name: bool,
    pub scale: bool,
}

impl Changed {
    pub fn is_empty(&self) -> bool {
        *self == Changed::default()
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Cell {
    terrain: String,
    elevation: u8,
}

/// One step: the before and after of everything it touched.
#[derive(Clone, Debug, Default)]
pub struct Patch {
    cells: BTreeMap<usize, (Cell, Cell)>,
    hexsides: BTreeMap<Edge, (Vec<String>, Vec<String>)>,
    routes: Option<(Vec<Route>, Vec<Route>)>,
    features: Option<(Vec<Feature>, Vec<Feature>)>,
    exits: Option<(Vec<Exit>, Vec<Exit>)>,
    underlay: Option<(Option<Underlay>, Option<Underlay>)>,
    name: Option<((String, String), (String, String))>,
    scale: Option<(MapScale, MapScale)>,
}

impl Patch {
    fn is_empty(&self) -> bool {
        self.cells.is_empty()
            && self.hexsides.is_empty()
            && self.routes.is_none()
            && self.features.is_none()
            && self.exits.is_none()
            && self.underlay.is_none()
            && self.name.is_none()
            && self.scale.is_none()
    }

    /// Add a later change of the same things: the first before, the last after.
    fn absorb(&mut self, later: Patch) {
        fn join<K: Ord, T>(m: &mut BTreeMap<K, (T, T)>, k: K, (b, a): (T, T)) {
            match m.entry(k) {
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert((b, a));
                }
                std::collections::btree_map::Entry::Occupied(mut o) => o.get_mut().1 = a,
            }
        }
        fn keep<T>(slot: &mut Option<(T, T)>, later: Option<(T, T)>) {
            match (slot.as_mut(), later) {
                (Some(s), Some((_, a))) => s.1 = a,
                (None, l) => *slot = l,
                (Some(_), None) => {}
            }
        }
        for (i, pair) in later.cells {
            join(&mut self.cells, i, pair);
        }
        for (e, pair) in later.hexsides {
            join(&mut self.hexsides, e, pair);
        }
        keep(&mut self.routes, later.routes);
        keep(&mut self.features, later.features);
        keep(&mut self.exits, later.exits);
        keep(&mut self.underlay, later.underlay);
        keep(&mut self.name, later.name);
        keep(&mut self.scale, later.scale);
    }
}

/// A map being edited.
#[derive(Clone, Debug)]
pub struct Document {
    pub id: String,
    name: String,
    description: String,
    pub ruleset: RulesetId,
    pub grid: Grid,
    /// What one hex stands for; changed by [`Op::SetScale`].
    scale: MapScale,
    terrain: Vec<String>,
    elevation: Vec<u8>,
    hexsides: BTreeMap<Edge, Vec<String>>,
    routes: Vec<Route>,
    features: Vec<Feature>,
    exits: Vec<Exit>,
    underlay: Option<Underlay>,
    history: History<Patch>,
    /// The open stroke and the hexes whose level it changed.
    stroke: Option<(Patch, BTreeSet<usize>)>,
}

fn chart(ruleset: RulesetId) -> Result<&'static TerrainEffects, EditError> {
    ruleset.terrain_chart().map_err(EditError::Ruleset)
}

fn feature_code_ok(code: &str) -> bool {
    let letters = code.trim_end_matches(|c: char| c.is_ascii_digit());
    !letters.is_empty()
        && letters.len() < code.len()
        && letters.chars().all(|c| c.is_ascii_uppercase())
}

impl Document {
    /// A new map of one terrain (the chart's default) at level 0.
    pub fn new(
        id: &str,
        name: &str,
        ruleset: RulesetId,
        grid: Grid,
    ) -> Result<Document, EditError> {
        let max = crate::map::grid::MAX_SIDE;
        if grid.columns == 0 || grid.rows == 0 || grid.columns > max || grid.rows > max {
            return Err(EditError::BadSize {
                columns: grid.columns,
                rows: grid.rows,
                max,
            });
        }
        let tec = chart(ruleset)?;
        Ok(Document {
            id: id.to_string(),
            name: name.to_string(),
            description: String::new(),
            ruleset,
            grid,
            scale: ruleset.rules().map_err(EditError::Ruleset)?.map_scale(),
            terrain: vec![tec.default_terrain.clone(); grid.len()],
            elevation: vec![0; grid.len()],
            hexsides: BTreeMap::new(),
            routes: Vec::new(),
            features: Vec::new(),
            exits: Vec::new(),
            underlay: None,
            history: History::new(),
            stroke: None,
        })
    }

    /// The document of a validated map, with an empty history.
    pub fn from_map(map: &Map) -> Document {
        let g = map.grid;
        Document {
            id: map.id.clone(),
            name: map.name.clone(),
            description: map.description.clone(),
            ruleset: map.ruleset,
            grid: g,
            scale: map.scale,
            terrain: g
                .hexes()
                .map(|h| map.terrain(h).unwrap_or_default().to_string())
                .collect(),
            elevation: g.hexes().map(|h| map.elevation(h).unwrap_or(0)).collect(),
            hexsides: map.hexsides().map(|(e, f)| (e, f.to_vec())).collect(),
            routes: map.routes.clone(),
            features: map.features.clone(),
            exits: map.exits.clone(),
            underlay: map.underlay.clone(),
            history: History::new(),
            stroke: None,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn scale(&self) -> MapScale {
        self.scale
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    pub fn terrain(&self, h: HexCoord) -> Option<&str> {
        self.grid.index(h).map(|i| self.terrain[i].as_str())
    }

    pub fn terrain_at(&self, index: usize) -> &str {
        &self.terrain[index]
    }

    pub fn elevation(&self, h: HexCoord) -> Option<u8> {
        self.grid.index(h).map(|i| self.elevation[i])
    }

    pub fn elevation_at(&self, index: usize) -> u8 {
        self.elevation[index]
    }

    pub fn hexside(&self, a: HexCoord, b: HexCoord) -> &[String] {
        self.hexsides
            .get(&Edge::new(a, b))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    pub fn hexsides(&self) -> impl Iterator<Item = (Edge, &[String])> {
        self.hexsides.iter().map(|(e, f)| (*e, f.as_slice()))
    }

    pub fn routes(&self) -> &[Route] {
        &self.routes
    }

    pub fn features(&self) -> &[Feature] {
        &self.features
    }

    pub fn exits(&self) -> &[Exit] {
        &self.exits
    }

    pub fn underlay(&self) -> Option<&Underlay> {
        self.underlay.as_ref()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Changed since opened or last saved.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty() || self.stroke.as_ref().is_some_and(|(p, _)| !p.is_empty())
    }

    pub fn mark_saved(&mut self) {
        self.history.mark_saved();
    }

    /// The map document of the current state, in the `kepi-map` layout (not checked).
    pub fn to_file(&self) -> MapFile {
        let g = &self.grid;
        let default = chart(self.ruleset)
            .map(|t| t.default_terrain.clone())
            .unwrap_or_default();
        // Legend: '.' for the default terrain, then a free letter of the key, then any letter.
        let mut legend: BTreeMap<char, String> = BTreeMap::new();
        let mut char_of: BTreeMap<&str, char> = BTreeMap::new();
        let used: BTreeSet<&str> = self.terrain.iter().map(String::as_str).collect();
        for key in used {
            let mut candidates = std::iter::once('.')
                .filter(|_| key == default)
                .chain(key.chars().filter(|c| c.is_ascii_alphanumeric()))
                .chain('a'..='z')
                .chain('A'..='Z')
                .chain('0'..='9')
                .chain('!'..='~');
            if let Some(c) = candidates.find(|c| !legend.contains_key(c)) {
                legend.insert(c, key.to_string());
                char_of.insert(key, c);
            }
        }
        let rows: Vec<String> = (0..g.rows as usize)
            .map(|r| {
                let w = g.columns as usize;
                self.terrain[r * w..(r + 1) * w]
                    .iter()
                    .map(|k| char_of.get(k.as_str()).copied().unwrap_or('?'))
                    .collect()
            })
            .collect();
        let mut doc = json!({
            "format": "kepi-map",
            "version": 1,
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "ruleset": self.ruleset,
            "grid": g,
            "scale": self.scale,
            "terrain": {"legend": legend, "rows": rows},
        });
        let set = |doc: &mut Value, k: &str, v: Value| {
            doc.as_object_mut().expect("object").insert(k.into(), v);
        };
        if self.elevation.iter().any(|&e| e != 0) {
            let rows: Vec<String> = (0..g.rows as usize)
                .map(|r| {
                    let w = g.columns as usize;
                    self.elevation[r * w..(r + 1) * w]
                        .iter()
                        .map(|&e| char::from_digit(e.min(9) as u32, 10).unwrap_or('0'))
                        .collect()
                })
                .collect();
            set(&mut doc, "elevation", json!({ "rows": rows }));
        }
        let hexsides: Vec<Value> = self
            .hexsides
            .iter()
            .map(|(e, f)| {
                let (a, b) = e.hexes();
                json!({"between": [g.name(a), g.name(b)], "features": f})
            })
            .collect();
        set(&mut doc, "hexsides", hexsides.into());
        let routes: Vec<Value> = self
            .routes
            .iter()
            .map(|r| {
                let hexes: Vec<String> = r.hexes.iter().map(|h| g.name(*h)).collect();
                json!({"kind": r.kind, "name": r.name, "hexes": hexes})
            })
            .collect();
        set(&mut doc, "routes", routes.into());
        let features: Vec<Value> = self
            .features
            .iter()
            .map(|f| {
                let hexes: Vec<String> = f.hexes.iter().map(|h| g.name(*h)).collect();
                json!({"code": f.code, "name": f.name, "hexes": hexes})
            })
            .collect();
        set(&mut doc, "features", features.into());
        let exits: Vec<Value> = self
            .exits
            .iter()
            .map(|e| json!({"name": e.name, "hex": g.name(e.hex), "edge": e.edge}))
            .collect();
        set(&mut doc, "exits", exits.into());
        if let Some(u) = &self.underlay {
            set(&mut doc, "underlay", json!(u));
        }
        serde_json::from_value(doc).expect("the document has the kepi-map layout")
    }

    /// The map, if the document is a valid one, else every problem.
    pub fn validate(&self) -> Result<Map, Problems> {
        Map::from_file(self.to_file())
    }

    /// Problems of the current state (empty when the map is valid).
    pub fn problems(&self) -> Problems {
        self.validate().err().unwrap_or_default()
    }

    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some((Patch::default(), BTreeSet::new()));
    }

    /// Close the open stroke as one step of the history (nothing if it changed nothing).
    pub fn end_stroke(&mut self) {
        if let Some((patch, _)) = self.stroke.take()
            && !patch.is_empty()
        {
            self.history.push(patch);
        }
    }

    pub fn undo(&mut self) -> Changed {
        self.end_stroke();
        match self.history.undo() {
            Some(p) => {
                let p = p.clone();
                self.put(&p, false)
            }
            None => Changed::default(),
        }
    }

    pub fn redo(&mut self) -> Changed {
        self.end_stroke();
        match self.history.redo() {
            Some(p) => {
                let p = p.clone();
                self.put(&p, true)
            }
            None => Changed::default(),
        }
    }

    /// Set the patch's after (`forward`) or before state.
    fn put(&mut self, p: &Patch, forward: bool) -> Changed {
        let pick = |pair: &(Cell, Cell)| if forward { &pair.1 } else { &pair.0 }.clone();
        let mut ch = Changed::default();
        for (i, pair) in &p.cells {
            let c = pick(pair);
            self.terrain[*i] = c.terrain;
            self.elevation[*i] = c.elevation;
            ch.cells.insert(*i);
        }
        for (e, (b, a)) in &p.hexsides {
            let f = if forward { a } else { b };
            if f.is_empty() {
                self.hexsides.remove(e);
            } else {
                self.hexsides.insert(*e, f.clone());
            }
            ch.hexsides.insert(*e);
        }
        if let Some((b, a)) = &p.routes {
            self.routes = if forward { a } else { b }.clone();
            ch.routes = true;
        }
        if let Some((b, a)) = &p.features {
            self.features = if forward { a } else { b }.clone();
            ch.features = true;
        }
        if let Some((b, a)) = &p.exits {
            self.exits = if forward { a } else { b }.clone();
            ch.exits = true;
        }
        if let Some((b, a)) = &p.underlay {
            self.underlay = if forward { a } else { b }.clone();
            ch.underlay = true;
        }
        if let Some((b, a)) = &p.name {
            let (n, d) = if forward { a } else { b }.clone();
            self.name = n;
            self.description = d;
            ch.name = true;
        }
        if let Some((b, a)) = &p.scale {
            self.scale = if forward { *a } else { *b };
            ch.scale = true;
        }
        ch
    }

    fn on_map(&self, h: HexCoord) -> Result<usize, EditError> {
        self.grid
            .index(h)
            .ok_or_else(|| EditError::OffMap(h.to_string()))
    }

    fn brush(&self, center: HexCoord, brush: Brush) -> Result<Vec<usize>, EditError> {
        self.on_map(center)?;
        let g = &self.grid;
        Ok(g.to_hex(center)
            .range(brush.radius())
            .filter_map(|x| g.from_hex(x))
            .filter_map(|h| g.index(h))
            .collect())
    }

    fn check_key(
        &self,
        what: &'static str,
        key: &str,
        known: impl Fn(&TerrainEffects) -> (bool, String),
    ) -> Result<(), EditError> {
        let tec = chart(self.ruleset)?;
        let (ok, list) = known(tec);
        if ok {
            Ok(())
        } else {
            Err(EditError::UnknownKey {
                what,
                key: key.to_string(),
                chart: format!("{} terrain effects chart", tec.reference),
                known: list,
            })
        }
    }

    /// Apply an op: the change joins the open stroke, or is a step of its own. Refused ops
    /// change nothing.
    pub fn apply(&mut self, op: Op) -> Result<Changed, EditError> {
        let patch = self.patch_for(op)?;
        let changed = self.put(&patch, true);
        if patch.is_empty() {
            return Ok(changed);
        }
        match &mut self.stroke {
            Some((open, touched)) => {
                touched.extend(patch.cells.keys().copied());
                open.absorb(patch);
            }
            None => self.history.push(patch),
        }
        Ok(changed)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell {
            terrain: self.terrain[i].clone(),
            elevation: self.elevation[i],
        }
    }

    /// The patch an op would make (nothing is changed yet).
    fn patch_for(&self, op: Op) -> Result<Patch, EditError> {
        let mut p = Patch::default();
        let touched = self.stroke.as_ref().map(|(_, t)| t);
        let set_cell = |p: &mut Patch, i: usize, terrain: Option<&str>, level: Option<u8>| {
            let before = self.cell(i);
            let mut after = before.clone();
            if let Some(t) = terrain {
                after.terrain = t.to_string();
            }
            if let Some(l) = level {
                after.elevation = l;
            }
            if after != before {
                p.cells.insert(i, (before, after));
            }
        };
        match op {
            Op::Paint {
                center,
                brush,
                terrain,
            } => {
                self.check_key("terrain", &terrain, |t| {
                    (t.terrain(&terrain).is_some(), t.terrain_keys())
                })?;
                for i in self.brush(center, brush)? {
                    set_cell(&mut p, i, Some(&terrain), None);
                }
            }
            Op::Fill { start, terrain } => {
                self.check_key("terrain", &terrain, |t| {
                    (t.terrain(&terrain).is_some(), t.terrain_keys())
                })?;
                let i0 = self.on_map(start)?;
                let from = self.terrain[i0].clone();
                if from != terrain {
                    let mut seen = vec![false; self.grid.len()];
                    let mut queue = VecDeque::from([start]);
                    seen[i0] = true;
                    while let Some(h) = queue.pop_front() {
                        let i = self.grid.index(h).expect("on map");
                        set_cell(&mut p, i, Some(&terrain), None);
                        for n in self.grid.neighbors(h) {
                            let j = self.grid.index(n).expect("on map");
                            if !seen[j] && self.terrain[j] == from {
                                seen[j] = true;
                                queue.push_back(n);
                            }
                        }
                    }
                }
            }
            Op::Elevation {
                center,
                brush,
                change,
            } => {
                if let Elevation::Set(l) = change
                    && l > 9
                {
                    return Err(EditError::BadLevel(l));
                }
                for i in self.brush(center, brush)? {
                    let relative = matches!(change, Elevation::Raise | Elevation::Lower);
                    if relative && touched.is_some_and(|t| t.contains(&i)) {
                        continue;
                    }
                    let e = self.elevation[i];
                    let level = match change {
                        Elevation::Raise => (e + 1).min(9),
                        Elevation::Lower => e.saturating_sub(1),
                        Elevation::Set(l) => l,
                    };
                    set_cell(&mut p, i, None, Some(level));
                }
            }
            Op::Hexside { a, b, feature, on } => {
                // Taking a feature off is allowed for any key: a map opened with an unknown
                // hexside feature is fixed that way.
                if on {
                    self.check_key("hexside feature", &feature, |t| {
                        (t.hexside(&feature).is_some(), t.hexside_keys())
                    })?;
                }
                self.on_map(a)?;
                self.on_map(b)?;
                if !self.grid.adjacent(a, b) {
                    return Err(EditError::NotAdjacent(self.grid.name(a), self.grid.name(b)));
                }
                let e = Edge::new(a, b);
                let before = self.hexsides.get(&e).cloned().unwrap_or_default();
                let mut after = before.clone();
                let has = after.contains(&feature);
                if on && !has {
                    after.push(feature);
                } else if !on && has {
                    after.retain(|f| *f != feature);
                }
                if after != before {
                    p.hexsides.insert(e, (before, after));
                }
            }
            Op::Route { kind, name, hexes } => {
                self.check_key("route", &kind, |t| {
                    (t.route(&kind).is_some(), t.route_keys())
                })?;
                for h in &hexes {
                    self.on_map(*h)?;
                }
                let path = self.hex_path(&hexes);
                if path.len() < 2 {
                    return Err(EditError::RouteTooShort);
                }
                let mut routes = self.routes.clone();
                let joins = routes.iter_mut().find(|r| {
                    r.kind == kind
                        && (r.hexes.last() == path.first() || r.hexes.first() == path.first())
                });
                match joins {
                    Some(r) if r.hexes.last() == path.first() => r.hexes.extend(&path[1..]),
                    Some(r) => {
                        let mut joined: Vec<HexCoord> = path.iter().rev().copied().collect();
                        joined.extend(&r.hexes[1..]);
                        r.hexes = joined;
                    }
                    None => routes.push(Route {
                        kind,
                        name,
                        hexes: path,
                    }),
                }
                p.routes = Some((self.routes.clone(), routes));
            }
            Op::DeleteRoutesAt { hex } => {
                self.on_map(hex)?;
                let routes: Vec<Route> = self
                    .routes
                    .iter()
                    .filter(|r| !r.hexes.contains(&hex))
                    .cloned()
                    .collect();
                if routes.len() != self.routes.len() {
                    p.routes = Some((self.routes.clone(), routes));
                }
            }
            Op::FeatureCreate { code, name } => {
                if !feature_code_ok(&code) {
                    return Err(EditError::BadCode(code));
                }
                if self.features.iter().any(|f| f.code == code) {
                    return Err(EditError::FeatureExists(code));
                }
                let mut features = self.features.clone();
                features.push(Feature {
                    code,
                    name,
                    hexes: Vec::new(),
                });
                p.features = Some((self.features.clone(), features));
            }
            Op::FeatureEdit {
                code,
                new_code,
                name,
            } => {
                if !feature_code_ok(&new_code) {
                    return Err(EditError::BadCode(new_code));
                }
                if new_code != code && self.features.iter().any(|f| f.code == new_code) {
                    return Err(EditError::FeatureExists(new_code));
                }
                let mut features = self.features.clone();
                let f = features
                    .iter_mut()
                    .find(|f| f.code == code)
                    .ok_or(EditError::NoSuchFeature(code))?;
                f.code = new_code;
                f.name = name;
                p.features = Some((self.features.clone(), features));
            }
            Op::FeatureDelete { code } => {
                if !self.features.iter().any(|f| f.code == code) {
                    return Err(EditError::NoSuchFeature(code));
                }
                let features = self
                    .features
                    .iter()
                    .filter(|f| f.code != code)
                    .cloned()
                    .collect();
                p.features = Some((self.features.clone(), features));
            }
            Op::FeatureHex { code, hex, on } => {
                self.on_map(hex)?;
                let mut features = self.features.clone();
                let f = features
                    .iter_mut()
                    .find(|f| f.code == code)
                    .ok_or(EditError::NoSuchFeature(code))?;
                match (f.hexes.binary_search(&hex), on) {
                    (Err(at), true) => f.hexes.insert(at, hex),
                    (Ok(at), false) => {
                        f.hexes.remove(at);
                    }
                    _ => return Ok(p),
                }
                p.features = Some((self.features.clone(), features));
            }
            Op::Erase { center, brush } => {
                let tec = chart(self.ruleset)?;
                let cells = self.brush(center, brush)?;
                let hexes: BTreeSet<HexCoord> =
                    cells.iter().map(|&i| self.grid.coord_at(i)).collect();
                for &i in &cells {
                    set_cell(&mut p, i, Some(&tec.default_terrain), Some(0));
                }
                for (e, f) in &self.hexsides {
                    let (a, b) = e.hexes();
                    if hexes.contains(&a) || hexes.contains(&b) {
                        p.hexsides.insert(*e, (f.clone(), Vec::new()));
                    }
                }
                let features: Vec<Feature> = self
                    .features
                    .iter()
                    .map(|f| Feature {
                        hexes: f
                            .hexes
                            .iter()
                            .filter(|h| !hexes.contains(h))
                            .copied()
                            .collect(),
                        ..f.clone()
                    })
                    .collect();
                if features != self.features {
                    p.features = Some((self.features.clone(), features));
                }
                let mut routes = Vec::new();
                for r in &self.routes {
                    for piece in r.hexes.split(|h| hexes.contains(h)) {
                        if piece.len() >= 2 {
                            routes.push(Route {
                                hexes: piece.to_vec(),
                                ..r.clone()
                            });
                        }
                    }
                }
                if routes != self.routes {
                    p.routes = Some((self.routes.clone(), routes));
                }
            }
            Op::SetUnderlay(u) => {
                if u != self.underlay {
                    p.underlay = Some((self.underlay.clone(), u));
                }
            }
            Op::ExitSet { name, hex, edge } => {
                self.on_map(hex)?;
                let name = name.trim().to_string();
                if name.is_empty() {
                    return Err(EditError::ExitName);
                }
                if !self.grid.edge_hexes(edge).contains(&hex) {
                    return Err(EditError::NotOnEdge {
                        hex: self.grid.name(hex),
                        edge: edge.name(),
                    });
                }
                // One exit per name (the format's rule): setting a name again moves it, in its
                // place in the list; setting it as it is changes nothing.
                let mut exits = self.exits.clone();
                let exit = Exit { name, hex, edge };
                match exits
                    .iter_mut()
                    .find(|e| e.name.eq_ignore_ascii_case(&exit.name))
                {
                    Some(e) => *e = exit,
                    None => exits.push(exit),
                }
                if exits != self.exits {
                    p.exits = Some((self.exits.clone(), exits));
                }
            }
            Op::ExitRemove { name } => {
                let exits: Vec<Exit> = self
                    .exits
                    .iter()
                    .filter(|e| !e.name.eq_ignore_ascii_case(&name))
                    .cloned()
                    .collect();
                if exits.len() != self.exits.len() {
                    p.exits = Some((self.exits.clone(), exits));
                }
            }
            Op::ExitDelete { hex } => {
                self.on_map(hex)?;
                let exits: Vec<Exit> = self
                    .exits
                    .iter()
                    .filter(|e| e.hex != hex)
                    .cloned()
                    .collect();
                if exits.len() != self.exits.len() {
                    p.exits = Some((self.exits.clone(), exits));
                }
            }
            Op::SetName { name, description } => {
                let before = (self.name.clone(), self.description.clone());
                let after = (name, description);
                if before != after {
                    p.name = Some((before, after));
                }
            }
            Op::SetScale(scale) => {
                if scale.per_hex == 0 {
                    return Err(EditError::ZeroScale);
                }
                if scale != self.scale {
                    p.scale = Some((self.scale, scale));
                }
            }
        }
        Ok(p)
    }

    /// Hexes in order with gaps filled by straight hex lines, steps back undone (a drag that
    /// returns to the hex before it shortens the path) and repeats dropped.
    fn hex_path(&self, hexes: &[HexCoord]) -> Vec<HexCoord> {
        let g = &self.grid;
        let mut out: Vec<HexCoord> = Vec::new();
        for &h in hexes {
            let steps: Vec<HexCoord> = match out.last() {
                Some(&last) if last == h => continue,
                Some(&last) => g
                    .to_hex(last)
                    .line_to(g.to_hex(h))
                    .skip(1)
                    .filter_map(|x| g.from_hex(x))
                    .collect(),
                None => vec![h],
            };
            for s in steps {
                if out.len() >= 2 && out[out.len() - 2] == s {
                    out.pop();
                } else if out.last() != Some(&s) {
                    out.push(s);
                }
            }
        }
        out
    }
}

//! Maps: terrain and elevation per hex, hexside features, routes, named features, exits and an
//! optional underlay image.
//!
//! [`MapFile`] is the JSON document as written; [`Map`] is the validated model, built only by
//! [`Map::from_file`], which reports every problem at once. Invariants of a `Map`: every hex has
//! a terrain key known to the ruleset's terrain effects chart; every hexside joins two adjacent
//! hexes on the map and is stored once; every route step joins adjacent hexes; every feature has
//! at least one hex, a unique code and a number used by no other feature (R&S 11.0).

pub mod colors;
mod file;
pub mod grid;
pub mod scale;
pub mod sight;

pub(crate) use file::{HEX_NAME, ID_PATTERN, underlay_path_inside, valid_id};
pub use file::{MapFile, TerrainLayer, Underlay};
pub use grid::{Edge, Grid, HexCoord, MapEdge, Orientation, Shove};
pub use scale::{Distance, LengthUnit, MapScale};

use crate::engine::RulesetId;
use std::collections::BTreeMap;

/// The letter codes of R&S 11.0 ("R = river; J = river junction; F = ford; V = village;
/// H = hill; W = woods") and B for bridges (B14, B15 in scenarios 3, 8 and 17).
pub const FEATURE_LETTERS: [(&str, &str); 7] = [
    ("R", "river"),
    ("J", "river junction"),
    ("F", "ford"),
    ("V", "village"),
    ("H", "hill"),
    ("W", "woods"),
    ("B", "bridge"),
];

/// A named feature such as V4 (village 4): a set of hexes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// "V4": letter code and number.
    pub code: String,
    /// Display name, e.g. "Montebello"; may be empty.
    pub name: String,
    /// Hexes in ascending order, no duplicates.
    pub hexes: Vec<HexCoord>,
}

impl Feature {
    /// The letter part of the code ("V").
    pub fn letter(&self) -> &str {
        self.code.trim_end_matches(|c: char| c.is_ascii_digit())
    }

    /// The number part of the code (4 for "V4").
    pub fn number(&self) -> Option<u32> {
        self.code[self.letter().len()..].parse().ok()
    }

    /// "village", "hill", ...
    pub fn kind(&self) -> &'static str {
        let letter = self.letter();
        FEATURE_LETTERS
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|(_, k)| *k)
            .unwrap_or("feature")
    }
}

/// A road, track or railroad: a chain of adjacent hexes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// A route key of the terrain effects chart ("road").
    pub kind: String,
    /// "South Road"; may be empty.
    pub name: String,
    pub hexes: Vec<HexCoord>,
}

/// Where a named route leaves the map ("South Road" at 1640 on the south edge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    pub name: String,
    pub hex: HexCoord,
    pub edge: MapEdge,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub id: String,
    pub name: String,
    pub description: String,
    pub ruleset: RulesetId,
    pub grid: Grid,
    /// What one hex stands for (R&S: 50 m).
    pub scale: MapScale,
    /// Terrain key per hex, row-major (see [`Grid::index`]).
    terrain: Vec<String>,
    /// Elevation level per hex, row-major; 0 is the lowest ground.
    elevation: Vec<u8>,
    /// Hexside feature keys per edge; never an empty list.
    hexsides: BTreeMap<Edge, Vec<String>>,
    pub routes: Vec<Route>,
    pub features: Vec<Feature>,
    pub exits: Vec<Exit>,
    pub underlay: Option<Underlay>,
}

impl Map {
    pub fn terrain(&self, h: HexCoord) -> Option<&str> {
        self.grid.index(h).map(|i| self.terrain[i].as_str())
    }

    pub fn elevation(&self, h: HexCoord) -> Option<u8> {
        self.grid.index(h).map(|i| self.elevation[i])
    }

    /// Feature keys on the hexside between two hexes (empty if none or not adjacent).
    pub fn hexside(&self, a: HexCoord, b: HexCoord) -> &[String] {
        self.hexsides
            .get(&Edge::new(a, b))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    pub fn hexsides(&self) -> impl Iterator<Item = (Edge, &[String])> {
        self.hexsides.iter().map(|(e, f)| (*e, f.as_slice()))
    }

    pub fn feature(&self, code: &str) -> Option<&Feature> {
        self.features
            .iter()
            .find(|f| f.code.eq_ignore_ascii_case(code))
    }

    pub fn exit(&self, name: &str) -> Option<&Exit> {
        self.exits
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// True when a route of any kind joins the two hexes directly.
    pub fn route_between(&self, a: HexCoord, b: HexCoord) -> Option<&Route> {
        self.routes.iter().find(|r| {
            r.hexes
                .windows(2)
                .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
        })
    }

    pub fn feature_codes(&self) -> String {
        self.features
            .iter()
            .map(|f| f.code.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn exit_names(&self) -> String {
        self.exits
            .iter()
            .map(|e| e.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Features whose hexes include `h`.
    pub fn features_at(&self, h: HexCoord) -> impl Iterator<Item = &Feature> {
        self.features
            .iter()
            .filter(move |f| f.hexes.binary_search(&h).is_ok())
    }
}

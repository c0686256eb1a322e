//! Hex grid geometry: printed hex names ("0812"), offset layout, neighbours and distance.
//!
//! Players and files name hexes the way wargame maps print them: column then row, each
//! zero-padded to at least two digits, both 1-based ("0812" is column 8, row 12). Inside the
//! core a hex is a [`HexCoord`]; geometry goes through `hexx` axial coordinates.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Flat-topped hexes stand in vertical columns (SPI's tactical maps); pointy-topped in rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    Flat,
    Pointy,
}

/// Which printed columns (flat) or rows (pointy) sit half a hex further down (right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Shove {
    /// Printed columns/rows 02, 04, ... are shoved.
    Even,
    /// Printed columns/rows 01, 03, ... are shoved.
    Odd,
}

/// A hex on the map, 1-based as printed. Ordered by column, then row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCoord {
    pub col: u16,
    pub row: u16,
}

impl HexCoord {
    pub const fn new(col: u16, row: u16) -> HexCoord {
        HexCoord { col, row }
    }
}

/// The four map edges, for entry and exit rules ("enters on the east edge").
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum MapEdge {
    North,
    East,
    South,
    West,
}

impl MapEdge {
    pub const ALL: [MapEdge; 4] = [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West];

    pub fn name(self) -> &'static str {
        match self {
            MapEdge::North => "north",
            MapEdge::East => "east",
            MapEdge::South => "south",
            MapEdge::West => "west",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    pub orientation: Orientation,
    pub shove: Shove,
    /// 1 to [`MAX_SIDE`].
    #[schemars(range(min = 1, max = MAX_SIDE))]
    pub columns: u16,
    /// 1 to [`MAX_SIDE`].
    #[schemars(range(min = 1, max = MAX_SIDE))]
    pub rows: u16,
}

/// Largest map side Kepi accepts (a 999 x 999 map is far beyond any printed wargame).
pub const MAX_SIDE: u16 = 999;

fn digits(n: u16) -> usize {
    n.to_string().len().max(2)
}

impl Grid {
    pub fn new(orientation: Orientation, shove: Shove, columns: u16, rows: u16) -> Grid {
        Grid {
            orientation,
            shove,
            columns,
            rows,
        }
    }

    /// Rifle & Saber style: flat-topped, even printed columns shoved down.
    pub fn flat(columns: u16, rows: u16) -> Grid {
        Grid::new(Orientation::Flat, Shove::Even, columns, rows)
    }

    pub fn len(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, h: HexCoord) -> bool {
        (1..=self.columns).contains(&h.col) && (1..=self.rows).contains(&h.row)
    }

    /// Row-major index of a hex on the map.
    pub fn index(&self, h: HexCoord) -> Option<usize> {
        self.contains(h)
            .then(|| (h.row as usize - 1) * self.columns as usize + (h.col as usize - 1))
    }

    pub fn coord_at(&self, index: usize) -> HexCoord {
        let c = self.columns as usize;
        HexCoord::new((index % c + 1) as u16, (index / c + 1) as u16)
    }

    /// Every hex, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = HexCoord> + '_ {
        (0..self.len()).map(|i| self.coord_at(i))
    }

    /// The printed name: "0812".
    pub fn name(&self, h: HexCoord) -> String {
        format!(
            "{:0cw$}{:0rw$}",
            h.col,
            h.row,
            cw = digits(self.columns),
            rw = digits(self.rows)
        )
    }

    /// Parse a printed name; `None` unless it has exactly the map's digit widths and lies on the
    /// map.
    pub fn parse(&self, name: &str) -> Option<HexCoord> {
        let (cw, rw) = (digits(self.columns), digits(self.rows));
        if name.len() != cw + rw || !name.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let col: u16 = name[..cw].parse().ok()?;
        let row: u16 = name[cw..].parse().ok()?;
        let h = HexCoord::new(col, row);
        self.contains(h).then_some(h)
    }

    /// "hex names have 4 digits here: column then row, 0101 to 3240".
    pub fn name_hint(&self) -> String {
        format!(
            "hex names here have {} digits, column then row, from {} to {}",
            digits(self.columns) + digits(self.rows),
            self.name(HexCoord::new(1, 1)),
            self.name(HexCoord::new(self.columns, self.rows))
        )
    }

    fn mode(&self) -> (OffsetHexMode, HexOrientation) {
        // Printed numbers are 1-based and hexx offsets 0-based, so printed-even is hexx-odd.
        let mode = match self.shove {
            Shove::Even => OffsetHexMode::Odd,
            Shove::Odd => OffsetHexMode::Even,
        };
        let orientation = match self.orientation {
            Orientation::Flat => HexOrientation::Flat,
            Orientation::Pointy => HexOrientation::Pointy,
        };
        (mode, orientation)
    }

    /// Axial coordinates for geometry.
    pub fn to_hex(&self, h: HexCoord) -> Hex {
        let (mode, o) = self.mode();
        Hex::from_offset_coordinates([h.col as i32 - 1, h.row as i32 - 1], mode, o)
    }

    /// The map hex at axial `hex`, if it is on the map.
    pub fn from_hex(&self, hex: Hex) -> Option<HexCoord> {
        let (mode, o) = self.mode();
        let [c, r] = hex.to_offset_coordinates(mode, o);
        if c < 0 || r < 0 || c >= self.columns as i32 || r >= self.rows as i32 {
            return None;
        }
        Some(HexCoord::new(c as u16 + 1, r as u16 + 1))
    }

    pub fn distance(&self, a: HexCoord, b: HexCoord) -> u32 {
        self.to_hex(a).unsigned_distance_to(self.to_hex(b))
    }

    /// Neighbours on the map (up to six).
    pub fn neighbors(&self, h: HexCoord) -> impl Iterator<Item = HexCoord> + '_ {
        self.to_hex(h)
            .all_neighbors()
            .into_iter()
            .filter_map(|n| self.from_hex(n))
    }

    pub fn adjacent(&self, a: HexCoord, b: HexCoord) -> bool {
        self.distance(a, b) == 1
    }

    /// Centre of a hex in units of the hex's outer radius; x grows east, y grows south.
    pub fn center(&self, h: HexCoord) -> (f64, f64) {
        let hex = self.to_hex(h);
        let (q, r) = (hex.x as f64, hex.y as f64);
        let s3 = 3f64.sqrt();
        match self.orientation {
            Orientation::Flat => (1.5 * q, s3 * (r + q / 2.0)),
            Orientation::Pointy => (s3 * (q + r / 2.0), 1.5 * r),
        }
    }

    /// Hexes that touch a map edge.
    pub fn edge_hexes(&self, edge: MapEdge) -> Vec<HexCoord> {
        self.hexes()
            .filter(|h| match edge {
                MapEdge::North => h.row == 1,
                MapEdge::South => h.row == self.rows,
                MapEdge::West => h.col == 1,
                MapEdge::East => h.col == self.columns,
            })
            .collect()
    }
}

/// A hexside: the edge shared by two adjacent hexes, stored once with `a < b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Edge {
    a: HexCoord,
    b: HexCoord,
}

impl Edge {
    /// The edge between two hexes, in canonical order. Adjacency is the caller's check.
    pub fn new(x: HexCoord, y: HexCoord) -> Edge {
        if x <= y {
            Edge { a: x, b: y }
        } else {
            Edge { a: y, b: x }
        }
    }

    pub fn hexes(self) -> (HexCoord, HexCoord) {
        (self.a, self.b)
    }
}

/// Grid-independent form for files and states: "0812" while both numbers fit two digits,
/// "col.row" beyond ("100.12"). Maps name hexes with [`Grid::name`] for display.
impl fmt::Display for HexCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col <= 99 && self.row <= 99 {
            write!(f, "{:02}{:02}", self.col, self.row)
        } else {
            write!(f, "{}.{}", self.col, self.row)
        }
    }
}

impl std::str::FromStr for HexCoord {
    type Err = String;
    fn from_str(s: &str) -> Result<HexCoord, String> {
        let bad = || format!("'{s}' is not a hex (expected e.g. 0812)");
        let (c, r) = match s.split_once('.') {
            Some(p) => p,
            None if s.len() == 4 => s.split_at(2),
            None => return Err(bad()),
        };
        if !(c.bytes().all(|b| b.is_ascii_digit()) && r.bytes().all(|b| b.is_ascii_digit())) {
            return Err(bad());
        }
        Ok(HexCoord::new(
            c.parse().map_err(|_| bad())?,
            r.parse().map_err(|_| bad())?,
        ))
    }
}

impl Serialize for HexCoord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for HexCoord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<HexCoord, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_names_round_trip() {
        let g = Grid::flat(32, 40);
        assert_eq!(g.name(HexCoord::new(8, 12)), "0812");
        assert_eq!(g.parse("0812"), Some(HexCoord::new(8, 12)));
        assert_eq!(g.parse("3340"), None, "column 33 is off a 32-column map");
        assert_eq!(g.parse("812"), None);
        let big = Grid::flat(200, 200);
        assert_eq!(big.name(HexCoord::new(8, 12)), "008012");
        assert_eq!(big.parse("200200"), Some(HexCoord::new(200, 200)));
    }

    #[test]
    fn flat_even_columns_shoved_down_neighbours() {
        // Column 02 is shoved down: 0202 touches 0102, 0103, 0302, 0303, 0201, 0203.
        let g = Grid::flat(5, 5);
        let mut n: Vec<String> = g
            .neighbors(HexCoord::new(2, 2))
            .map(|h| g.name(h))
            .collect();
        n.sort();
        assert_eq!(n, ["0102", "0103", "0201", "0203", "0302", "0303"]);
        // Column 03 is not: 0303 touches 0202, 0203, 0402, 0403, 0302, 0304.
        let mut n: Vec<String> = g
            .neighbors(HexCoord::new(3, 3))
            .map(|h| g.name(h))
            .collect();
        n.sort();
        assert_eq!(n, ["0202", "0203", "0302", "0304", "0402", "0403"]);
        assert_eq!(g.neighbors(HexCoord::new(1, 1)).count(), 2);
    }

    #[test]
    fn distance_and_centres() {
        let g = Grid::flat(10, 10);
        assert_eq!(g.distance(HexCoord::new(1, 1), HexCoord::new(1, 5)), 4);
        assert_eq!(g.distance(HexCoord::new(1, 1), HexCoord::new(5, 1)), 4);
        let (x1, y1) = g.center(HexCoord::new(1, 1));
        let (x2, y2) = g.center(HexCoord::new(2, 1));
        assert!(x2 > x1 && y2 > y1, "column 02 sits lower");
        let (_, y3) = g.center(HexCoord::new(1, 2));
        assert!(y3 > y1, "rows grow south");
    }

    #[test]
    fn serde_form_round_trips() {
        for h in [HexCoord::new(8, 12), HexCoord::new(120, 7)] {
            let s = serde_json::to_string(&h).unwrap();
            assert_eq!(serde_json::from_str::<HexCoord>(&s).unwrap(), h);
        }
        assert_eq!(HexCoord::new(8, 12).to_string(), "0812");
        assert_eq!(HexCoord::new(120, 7).to_string(), "120.7");
        assert!("812".parse::<HexCoord>().is_err());
    }

    #[test]
    fn index_round_trip() {
        let g = Grid::flat(7, 3);
        for (i, h) in g.hexes().enumerate() {
            assert_eq!(g.index(h), Some(i));
        }
        assert_eq!(g.index(HexCoord::new(8, 1)), None);
    }
}

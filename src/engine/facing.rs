//! Facing: which way a unit on a hex grid points, how far it turns, and which hexes are its
//! front, flank and rear.
//!
//! A facing is a compass bearing in steps of 30 degrees ([`Facing`], 0 = north, clockwise), so
//! it points either at a hexside (the direction of a neighbour) or at a vertex (between two
//! neighbours). On a flat-topped grid the hexsides are at 0, 60, ... degrees and the vertices
//! at 30, 90, ...; on a pointy-topped grid the other way round ([`Facing::is_hexside`]).
//! Turning goes by steps of 30 degrees ([`Facing::turn`], [`Facing::steps_to`]).
//!
//! The arcs ([`Arc`]) sort a hex by the angle between the facing and the line from the unit's
//! hex centre to that hex's centre: up to 60 degrees front, up to 120 flank, beyond rear. So a
//! unit facing a hexside has three front neighbours (the faced one straight ahead, two at 60
//! degrees, "oblique"), two flank and one rear; a unit facing a vertex two of each.
//!
//! Pure geometry on [`Grid`]: it names no rule system.

use crate::map::{Grid, HexCoord, Orientation};
use serde::{Deserialize, Serialize};

/// A bearing in steps of 30 degrees clockwise from north (0..12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Facing(u8);

/// The twelve bearings' names, from north clockwise ("NNE" is 30 degrees).
pub const NAMES: [&str; 12] = [
    "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW",
];

/// Where a hex lies seen from a facing unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    /// Within 60 degrees of the facing.
    Front,
    /// More than 60 and up to 120 degrees.
    Flank,
    /// More than 120 degrees.
    Rear,
}

impl Facing {
    /// The bearing `steps` x 30 degrees (taken modulo 12).
    pub const fn new(steps: u8) -> Facing {
        Facing(steps % 12)
    }

    /// 0..12.
    pub fn steps(self) -> u8 {
        self.0
    }

    pub fn degrees(self) -> u16 {
        self.0 as u16 * 30
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// A name of [`NAMES`] ("NNE"), any case.
    pub fn parse(name: &str) -> Option<Facing> {
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .map(|i| Facing(i as u8))
    }

    /// Whether it points at a hexside (a neighbour) rather than a vertex, on this grid.
    pub fn is_hexside(self, grid: &Grid) -> bool {
        match grid.orientation {
            Orientation::Flat => self.0.is_multiple_of(2),
            Orientation::Pointy => !self.0.is_multiple_of(2),
        }
    }

    /// The facing turned by `steps` of 30 degrees (positive clockwise).
    pub fn turn(self, steps: i8) -> Facing {
        Facing((self.0 as i16 + steps as i16).rem_euclid(12) as u8)
    }

    /// The fewest 30-degree steps between two facings (0..=6).
    pub fn steps_to(self, other: Facing) -> u8 {
        let d = (other.0 as i16 - self.0 as i16).rem_euclid(12) as u8;
        d.min(12 - d)
    }

    /// The angle in degrees (0..=180) between this facing and the line from `from`'s centre to
    /// `to`'s (0 for the same hex).
    pub fn angle_to(self, grid: &Grid, from: HexCoord, to: HexCoord) -> u16 {
        if from == to {
            return 0;
        }
        let b = bearing(grid, from, to);
        let d = (b - self.degrees() as f64).rem_euclid(360.0);
        d.min(360.0 - d).round() as u16
    }

    /// Which arc of a unit in `from` facing this way `to` lies in.
    pub fn arc(self, grid: &Grid, from: HexCoord, to: HexCoord) -> Arc {
        match self.angle_to(grid, from, to) {
            0..=60 => Arc::Front,
            61..=120 => Arc::Flank,
            _ => Arc::Rear,
        }
    }

    /// The facing pointing from `from` at the neighbour `to` (a hexside facing); the nearest
    /// bearing for hexes further away.
    pub fn toward(grid: &Grid, from: HexCoord, to: HexCoord) -> Facing {
        let b = bearing(grid, from, to);
        Facing(((b / 30.0).round() as i64).rem_euclid(12) as u8)
    }

    /// Every facing of this grid's hexsides (six) or all twelve.
    pub fn all() -> impl Iterator<Item = Facing> {
        (0..12).map(Facing)
    }
}

/// The compass bearing in degrees (0..360, clockwise from north) from `from`'s centre to
/// `to`'s.
pub fn bearing(grid: &Grid, from: HexCoord, to: HexCoord) -> f64 {
    let (x0, y0) = grid.center(from);
    let (x1, y1) = grid.center(to);
    // Centres: x grows east, y grows south.
    (x1 - x0).atan2(y0 - y1).to_degrees().rem_euclid(360.0)
}

impl std::fmt::Display for Facing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<String> for Facing {
    type Error = String;
    fn try_from(s: String) -> Result<Facing, String> {
        Facing::parse(&s).ok_or_else(|| format!("'{s}' is no facing; one of {}", NAMES.join(", ")))
    }
}

impl From<Facing> for String {
    fn from(f: Facing) -> String {
        f.name().to_string()
    }
}

/// In a schema, a facing is written as a string (what [`Facing`] reads from text).
impl schemars::JsonSchema for Facing {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Facing".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A bearing from north clockwise in steps of 30 degrees: a hexside or \
                            a vertex of the hex.",
            "type": "string",
            "enum": NAMES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(c: u16, r: u16) -> HexCoord {
        HexCoord::new(c, r)
    }

    #[test]
    fn neighbours_of_a_flat_grid_lie_at_hexside_bearings() {
        let g = Grid::flat(9, 9);
        // Flat-topped, even columns shoved down: 0505's north neighbour is 0504, its
        // north-east one 0604.
        let n = Facing::toward(&g, h(5, 5), h(5, 4));
        assert_eq!(n.name(), "N");
        assert!(n.is_hexside(&g));
        assert_eq!(Facing::toward(&g, h(5, 5), h(6, 4)).name(), "ENE");
        assert_eq!(Facing::toward(&g, h(5, 5), h(6, 5)).name(), "ESE");
        assert_eq!(Facing::toward(&g, h(5, 5), h(5, 6)).name(), "S");
        let mut seen: Vec<u8> = g
            .neighbors(h(5, 5))
            .map(|n| Facing::toward(&g, h(5, 5), n).steps())
            .collect();
        seen.sort();
        assert_eq!(seen, [0, 2, 4, 6, 8, 10]);
        assert!(!Facing::new(1).is_hexside(&g));
        let p = Grid::new(Orientation::Pointy, crate::map::Shove::Even, 9, 9);
        assert!(Facing::new(1).is_hexside(&p));
    }

    #[test]
    fn a_hexside_facing_has_three_front_two_flank_one_rear_and_a_vertex_two_each() {
        let g = Grid::flat(9, 9);
        let count = |f: Facing| {
            let mut c = [0; 3];
            for n in g.neighbors(h(5, 5)) {
                c[f.arc(&g, h(5, 5), n) as usize] += 1;
            }
            c
        };
        assert_eq!(count(Facing::new(0)), [3, 2, 1]);
        assert_eq!(count(Facing::new(1)), [2, 2, 2]);
        let f = Facing::new(0);
        assert_eq!(f.angle_to(&g, h(5, 5), h(5, 4)), 0);
        assert_eq!(f.angle_to(&g, h(5, 5), h(6, 4)), 60);
        assert_eq!(f.angle_to(&g, h(5, 5), h(6, 5)), 120);
        assert_eq!(f.arc(&g, h(5, 5), h(5, 6)), Arc::Rear);
        assert_eq!(Facing::new(1).angle_to(&g, h(5, 5), h(5, 4)), 30);
    }

    #[test]
    fn turning_goes_by_thirty_degree_steps_both_ways() {
        let f = Facing::new(0);
        assert_eq!(f.turn(-1).name(), "NNW");
        assert_eq!(f.turn(13).name(), "NNE");
        assert_eq!(f.steps_to(Facing::new(11)), 1);
        assert_eq!(f.steps_to(Facing::new(6)), 6);
        assert_eq!(Facing::new(2).steps_to(Facing::new(9)), 5);
    }

    #[test]
    fn facings_read_and_write_their_names() {
        assert_eq!(Facing::parse("wsw"), Some(Facing::new(8)));
        assert_eq!(Facing::parse("up"), None);
        let j = serde_json::to_string(&Facing::new(3)).unwrap();
        assert_eq!(j, "\"E\"");
        assert_eq!(serde_json::from_str::<Facing>(&j).unwrap(), Facing::new(3));
        assert!(serde_json::from_str::<Facing>("\"X\"").is_err());
    }
}

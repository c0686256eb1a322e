//! What one hex stands for: so much ground ("1 hex = 50 m", Rifle & Saber; "100 paces", Vae
//! Victis) or so much of the table ("6 inches", the 19th Century rules, a miniatures game taken
//! onto a hex grid).
//!
//! A map states its scale; a rule system states the one its rules are written for
//! ([`crate::engine::ruleset::Ruleset::map_scale`]) and converts the distances of its text
//! ("within 600 paces", "12 inches") into hexes through the map's ([`MapScale::hexes`]).
//!
//! Invariants: `per_hex` is at least 1 on every validated map; ground and table are never mixed
//! (a distance on the table has no length on the ground, so such a conversion is refused, never
//! guessed).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The unit a scale or a distance is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LengthUnit {
    /// Ground, in metres.
    Metres,
    /// Ground, in yards (0.9144 m).
    Yards,
    /// Ground, in military paces (Kepi reads a pace as 0.75 m; see [`LengthUnit::metres`]).
    Paces,
    /// The table, in inches: a miniatures rule's measuring stick, not ground.
    Inches,
}

/// What a unit measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measures {
    Ground,
    Table,
}

impl Measures {
    /// "the ground", "the table".
    pub fn place(self) -> &'static str {
        match self {
            Measures::Ground => "the ground",
            Measures::Table => "the table",
        }
    }

    /// The units that measure it, in words.
    pub fn units(self) -> &'static str {
        match self {
            Measures::Ground => "metres, yards or paces",
            Measures::Table => "inches",
        }
    }
}

impl LengthUnit {
    pub const ALL: [LengthUnit; 4] = [
        LengthUnit::Metres,
        LengthUnit::Yards,
        LengthUnit::Paces,
        LengthUnit::Inches,
    ];

    /// The key files use ("metres").
    pub fn key(self) -> &'static str {
        match self {
            LengthUnit::Metres => "metres",
            LengthUnit::Yards => "yards",
            LengthUnit::Paces => "paces",
            LengthUnit::Inches => "inches",
        }
    }

    pub fn from_key(key: &str) -> Option<LengthUnit> {
        LengthUnit::ALL.into_iter().find(|u| u.key() == key)
    }

    /// How the unit is written after a number ("50 m", "100 paces", "6 inches").
    pub fn short(self) -> &'static str {
        match self {
            LengthUnit::Metres => "m",
            LengthUnit::Yards => "yards",
            LengthUnit::Paces => "paces",
            LengthUnit::Inches => "inches",
        }
    }

    pub fn measures(self) -> Measures {
        match self {
            LengthUnit::Inches => Measures::Table,
            _ => Measures::Ground,
        }
    }

    /// Metres in one unit of ground; `None` for the table.
    ///
    /// The pace is Kepi's convention, 0.75 m: the regulation paces of the period run from the
    /// French 0.65 m to the 30-inch (0.76 m) quick-time step, and Hardee's 28 inches (0.71 m)
    /// lies between. It matters only when a map in paces meets a distance in another ground
    /// unit; a Vae Victis map measures its rules' paces in paces.
    pub fn metres(self) -> Option<f64> {
        match self {
            LengthUnit::Metres => Some(1.0),
            LengthUnit::Yards => Some(0.9144),
            LengthUnit::Paces => Some(0.75),
            LengthUnit::Inches => None,
        }
    }
}

impl std::fmt::Display for LengthUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// A length: an amount in a unit ("600 paces").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distance {
    pub amount: f64,
    pub unit: LengthUnit,
}

impl Distance {
    pub fn new(amount: f64, unit: LengthUnit) -> Distance {
        Distance { amount, unit }
    }
}

impl std::fmt::Display for Distance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", trim(self.amount), self.unit.short())
    }
}

/// The ground or table across one hex, from side to side (R&S: "Each hex ... represents about
/// 50 meters from side to side").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapScale {
    /// How many units across one hex: at least 1.
    #[schemars(range(min = 1))]
    pub per_hex: u32,
    pub unit: LengthUnit,
}

/// Why a distance cannot be measured on a map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScaleError(pub String);

impl MapScale {
    pub const fn new(per_hex: u32, unit: LengthUnit) -> MapScale {
        MapScale { per_hex, unit }
    }

    /// Metres across one hex: the old maps' `hex_size_m`.
    pub const fn metres(per_hex: u32) -> MapScale {
        MapScale::new(per_hex, LengthUnit::Metres)
    }

    /// Hexes a distance spans on a map of this scale (fractional: a rule rounds as its text
    /// says). Refused when the distance is on the table and the map on the ground, or the
    /// other way round, and on a scale of 0.
    pub fn hexes(self, d: Distance) -> Result<f64, ScaleError> {
        if self.per_hex == 0 {
            return Err(ScaleError(
                "the map's scale is 0 per hex: set one in the painter's Map panel".into(),
            ));
        }
        let per_hex = f64::from(self.per_hex);
        if d.unit == self.unit {
            return Ok(d.amount / per_hex);
        }
        match (d.unit.metres(), self.unit.metres()) {
            (Some(a), Some(b)) => Ok(d.amount * a / (per_hex * b)),
            _ => Err(ScaleError(format!(
                "{d} is measured on {}, and this map's hexes on {} (1 hex = {}): \
                 the one cannot be converted into the other",
                d.unit.measures().place(),
                self.unit.measures().place(),
                Distance::new(per_hex, self.unit),
            ))),
        }
    }

    /// Whether this scale measures the same thing as `other` (both ground, or both table).
    pub fn same_kind(self, other: MapScale) -> bool {
        self.unit.measures() == other.unit.measures()
    }
}

/// A number without a needless ".0" ("600", "2.5").
fn trim(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

impl std::fmt::Display for MapScale {
    /// "1 hex = 50 m", "1 hex = 6 inches (on the table)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "1 hex = {}",
            Distance::new(f64::from(self.per_hex), self.unit)
        )?;
        if self.unit.measures() == Measures::Table {
            f.write_str(" (on the table)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_convert_within_ground_and_within_the_table() {
        // Vae Victis: "within 600 paces" on hexes of 100 paces is 6 hexes.
        let vv = MapScale::new(100, LengthUnit::Paces);
        assert_eq!(vv.hexes(Distance::new(600.0, LengthUnit::Paces)), Ok(6.0));
        // R&S: 50 m hexes; 1 km is 20 hexes, 100 yards 1.8288 hexes.
        let rs = MapScale::metres(50);
        assert_eq!(
            rs.hexes(Distance::new(1000.0, LengthUnit::Metres)),
            Ok(20.0)
        );
        let y = rs.hexes(Distance::new(100.0, LengthUnit::Yards)).unwrap();
        assert!((y - 1.8288).abs() < 1e-9, "{y}");
        // 600 paces of 0.75 m on 50 m hexes: 9 hexes.
        assert_eq!(rs.hexes(Distance::new(600.0, LengthUnit::Paces)), Ok(9.0));
        // The 19th Century rules on 6-inch hexes: 12 inches is 2 hexes.
        let nc = MapScale::new(6, LengthUnit::Inches);
        assert_eq!(nc.hexes(Distance::new(12.0, LengthUnit::Inches)), Ok(2.0));
    }

    #[test]
    fn ground_and_table_do_not_mix() {
        let nc = MapScale::new(6, LengthUnit::Inches);
        let e = nc
            .hexes(Distance::new(600.0, LengthUnit::Paces))
            .unwrap_err();
        assert_eq!(
            e.0,
            "600 paces is measured on the ground, and this map's hexes on the table \
             (1 hex = 6 inches): the one cannot be converted into the other"
        );
        assert!(
            MapScale::metres(50)
                .hexes(Distance::new(6.0, LengthUnit::Inches))
                .is_err()
        );
        assert!(!nc.same_kind(MapScale::metres(50)));
        assert!(MapScale::new(100, LengthUnit::Paces).same_kind(MapScale::metres(50)));
        assert!(
            MapScale::new(0, LengthUnit::Metres)
                .hexes(Distance::new(1.0, LengthUnit::Metres))
                .is_err()
        );
    }

    #[test]
    fn scales_read_write_and_print() {
        let s: MapScale = serde_json::from_str(r#"{"per_hex": 100, "unit": "paces"}"#).unwrap();
        assert_eq!(s, MapScale::new(100, LengthUnit::Paces));
        assert_eq!(s.to_string(), "1 hex = 100 paces");
        assert_eq!(MapScale::metres(50).to_string(), "1 hex = 50 m");
        assert_eq!(
            MapScale::new(6, LengthUnit::Inches).to_string(),
            "1 hex = 6 inches (on the table)"
        );
        assert!(serde_json::from_str::<MapScale>(r#"{"per_hex": 1, "unit": "furlongs"}"#).is_err());
        for u in LengthUnit::ALL {
            assert_eq!(LengthUnit::from_key(u.key()), Some(u));
        }
    }
}

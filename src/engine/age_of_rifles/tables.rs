//! Age of Rifles tables as data: the Fire Table (AoR 7.1), the Terrain Effects on Combat chart
//! (AoR 5.2, 7.6), the Morale Modifiers, the Order numbers (AoR 12.4) and the combat modifiers.
//! The data files are `data/age-of-rifles/fire-table.json` and `charts.json`, embedded at build
//! time.
//!
//! Invariant: the embedded files parse and pass [`FireTable::checked`] and [`Charts::checked`]
//! (tested), so [`fire_table`] and [`charts`] cannot fail at run time.

use crate::frac::Frac;
use crate::problems::Problems;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

pub const FIRE_TABLE_TEXT: &str = include_str!("../../../data/age-of-rifles/fire-table.json");
pub const CHARTS_TEXT: &str = include_str!("../../../data/age-of-rifles/charts.json");

/// The map chart: terrain, hexside and route keys with their movement effects and colours.
pub const TERRAIN_TEXT: &str = include_str!("../../../data/age-of-rifles/terrain-effects.json");
/// An empty unit catalog (AoR 2.2: units carry their own values, given in the scenario).
pub const CATALOG_TEXT: &str = include_str!("../../../data/age-of-rifles/catalog.json");

/// The embedded files by name, as `kepi tables --ruleset age-of-rifles` prints them.
pub const FILES: [(&str, &str); 3] = [
    ("fire-table.json", FIRE_TABLE_TEXT),
    ("charts.json", CHARTS_TEXT),
    ("terrain-effects.json", TERRAIN_TEXT),
];

/// Age of Rifles' terrain chart (the map vocabulary).
pub fn terrain_chart() -> &'static crate::tables::TerrainEffects {
    static CHART: OnceLock<crate::tables::TerrainEffects> = OnceLock::new();
    CHART.get_or_init(|| {
        crate::tables::TerrainEffects::from_text(TERRAIN_TEXT)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles terrain chart is invalid:\n{p}"))
    })
}

/// Age of Rifles' catalog: no unit types (AoR 2.2).
pub fn catalog() -> &'static crate::tables::Catalog {
    static CATALOG: OnceLock<crate::tables::Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        crate::tables::Catalog::from_text(CATALOG_TEXT)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles catalog is invalid:\n{p}"))
    })
}

/// AoR 7.1: the highest row of the Fire Table; a greater strength is looked up in parts.
pub const TOP_ROW: u32 = 24;

/// One row of the Fire Table: the hits for each roll of 2d6, 2 to 12.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    pub strength: u32,
    pub hits: Vec<u32>,
}

/// AoR 7.1 Fire Table: combat strength x 2d6 roll -> hits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub name: String,
    pub reference: String,
    pub source: crate::tables::Source,
    pub dice: String,
    /// The roll heading each column (2..=12).
    pub rolls: Vec<u32>,
    #[serde(default)]
    pub notes: String,
    /// Strengths 1 to 24, in order.
    pub rows: Vec<FireRow>,
}

impl FireTable {
    pub fn from_text(text: &str) -> Result<FireTable, Problems> {
        let t: FireTable = serde_json::from_str(text).map_err(|e| {
            let mut p = Problems::new();
            p.push("", format!("not a fire table: {e}"));
            p
        })?;
        t.checked()
    }

    /// The table's shape: rolls 2 to 12, strengths 1 to 24 in order, one hit count a roll,
    /// and hits never fewer for a higher roll or a greater strength (the printed table's
    /// monotony, which catches a transposed cell).
    pub fn checked(self) -> Result<FireTable, Problems> {
        let mut p = Problems::new();
        if self.format != "kepi-aor-fire-table" {
            p.push(
                "format",
                format!("'{}' is not kepi-aor-fire-table", self.format),
            );
        }
        if self.dice != "2d6" {
            p.push("dice", format!("AoR 7.1 rolls 2d6, not '{}'", self.dice));
        }
        if self.rolls != (2..=12).collect::<Vec<u32>>() {
            p.push(
                "rolls",
                "the columns are the rolls 2 to 12 of 2d6 (AoR 7.1)",
            );
        }
        if self.rows.len() != TOP_ROW as usize {
            p.push(
                "rows",
                format!("{} rows; the table has strengths 1 to 24", self.rows.len()),
            );
        }
        for (i, row) in self.rows.iter().enumerate() {
            let field = format!("rows[{i}]");
            if row.strength != i as u32 + 1 {
                p.push(
                    format!("{field}.strength"),
                    format!("strength {} where {} belongs", row.strength, i + 1),
                );
            }
            if row.hits.len() != 11 {
                p.push(
                    format!("{field}.hits"),
                    format!("{} hit counts for 11 rolls", row.hits.len()),
                );
                continue;
            }
            for j in 1..row.hits.len() {
                if row.hits[j] < row.hits[j - 1] {
                    p.push(
                        format!("{field}.hits[{j}]"),
                        format!("roll {} gives fewer hits than roll {}", j + 2, j + 1),
                    );
                }
            }
            if let Some(prev) = i.checked_sub(1).and_then(|k| self.rows.get(k)) {
                for (j, (&a, &b)) in prev.hits.iter().zip(&row.hits).enumerate() {
                    if b < a {
                        p.push(
                            format!("{field}.hits[{j}]"),
                            format!(
                                "strength {} gives fewer hits than strength {} on roll {}",
                                row.strength,
                                prev.strength,
                                j + 2
                            ),
                        );
                    }
                }
            }
        }
        p.into_result(self)
    }

    /// The printed cell: hits for a strength 1..=24 and a roll 2..=12; `None` off the table.
    pub fn cell(&self, strength: u32, roll: u32) -> Option<u32> {
        let row = self.rows.iter().find(|r| r.strength == strength)?;
        let col = roll.checked_sub(2)? as usize;
        row.hits.get(col).copied()
    }

    /// The hits a rounded strength scores with one 2d6 roll. A strength of 0 scores none.
    /// AoR 7.1: "If the firing strength is greater than 24, look up twice, for 24 and for the
    /// remainder, with the same dieroll." Kepi's reading for a strength above 48: one look-up
    /// for each full 24 and one for the remainder, all with the same roll.
    pub fn hits(&self, strength: u32, roll: u32) -> Result<u32, String> {
        if !(2..=12).contains(&roll) {
            return Err(format!("{roll} is not a roll of 2d6 (2 to 12)"));
        }
        let mut left = strength;
        let mut hits = 0;
        while left > 0 {
            let part = left.min(TOP_ROW);
            hits += self
                .cell(part, roll)
                .expect("checked: rows 1..=24, rolls 2..=12");
            left -= part;
        }
        Ok(hits)
    }

    /// The look-ups [`FireTable::hits`] makes, for showing a player: "24 + 6".
    pub fn parts(strength: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut left = strength;
        while left > 0 {
            let part = left.min(TOP_ROW);
            out.push(part);
            left -= part;
        }
        out
    }
}

/// AoR 7.6: "Add all strengths with the same percentage reduction, then round normally (e.g.,
/// 4.5 is 5, 4.25 is 4)": halves round up.
pub fn round_strength(strength: Frac) -> u32 {
    let twice = strength * Frac::int(2);
    // floor(x + 1/2) = floor((2x + 1) / 2)
    let r = ((twice + Frac::int(1)) / Frac::int(2)).floor();
    r.max(0) as u32
}

/// AoR 7.4 and 7.11: halved hits "round normally but 1 becomes 0": 1 -> 0, 2 -> 1, 3 -> 2
/// (1.5 rounds up), 4 -> 2, 5 -> 3.
pub fn halve_hits(hits: u32) -> u32 {
    if hits <= 1 { 0 } else { hits.div_ceil(2) }
}

/// One effect of a terrain row on a kind of fire: a reduction ("-25%"), no effect ("NE") or
/// not allowed ("N/A"), as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Strength multiplied by this (3/4 for -25%).
    Times(Frac),
    NoEffect,
    NotAllowed,
}

impl Effect {
    pub fn parse(s: &str) -> Result<Effect, String> {
        match s.trim() {
            "NE" => Ok(Effect::NoEffect),
            "N/A" => Ok(Effect::NotAllowed),
            t => {
                let pct = t
                    .strip_prefix('-')
                    .and_then(|r| r.strip_suffix('%'))
                    .and_then(|n| n.parse::<i64>().ok())
                    .filter(|n| (0..100).contains(n))
                    .ok_or_else(|| {
                        format!("'{s}' is not an effect (\"-25%\", \"NE\" or \"N/A\")")
                    })?;
                Ok(Effect::Times(Frac::new(100 - pct, 100)))
            }
        }
    }

    /// The multiplier, or `None` when this fire is not allowed.
    pub fn factor(self) -> Option<Frac> {
        match self {
            Effect::Times(f) => Some(f),
            Effect::NoEffect => Some(Frac::int(1)),
            Effect::NotAllowed => None,
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Times(x) => write!(f, "-{}%", ((Frac::int(1) - *x) * Frac::int(100)).floor()),
            Effect::NoEffect => f.write_str("NE"),
            Effect::NotAllowed => f.write_str("N/A"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Where {
    /// The hex's terrain (the target is in it).
    Terrain,
    /// A hexside fired across.
    Hexside,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// The map chart's key (`data/age-of-rifles/terrain-effects.json`).
    pub key: String,
    pub name: String,
    pub attack: String,
    pub bombardment: String,
    pub charge: String,
    /// As printed: "1", "2/4", "+2", "NE".
    pub movement: String,
    pub kind: Where,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl TerrainRow {
    pub fn attack(&self) -> Effect {
        Effect::parse(&self.attack).expect("checked")
    }
    pub fn bombardment(&self) -> Effect {
        Effect::parse(&self.bombardment).expect("checked")
    }
    pub fn charge(&self) -> Effect {
        Effect::parse(&self.charge).expect("checked")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainChart {
    pub name: String,
    pub reference: String,
    #[serde(default)]
    pub note: String,
    pub rows: Vec<TerrainRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    pub key: String,
    pub name: String,
    pub modifier: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleChart {
    pub name: String,
    pub reference: String,
    pub rows: Vec<MoraleRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRow {
    pub order: super::section::Order,
    pub name: String,
    pub number: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderChart {
    pub name: String,
    pub reference: String,
    pub rows: Vec<OrderRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatModifierRow {
    pub combat: String,
    pub modifiers: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatModifierChart {
    pub name: String,
    pub reference: String,
    pub rows: Vec<CombatModifierRow>,
}

/// The charts printed after AoR 18, besides the Fire Table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charts {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub name: String,
    pub reference: String,
    pub terrain: TerrainChart,
    pub morale_modifiers: MoraleChart,
    pub order_numbers: OrderChart,
    pub combat_modifiers: CombatModifierChart,
}

impl Charts {
    pub fn from_text(text: &str) -> Result<Charts, Problems> {
        let c: Charts = serde_json::from_str(text).map_err(|e| {
            let mut p = Problems::new();
            p.push("", format!("not the Age of Rifles charts: {e}"));
            p
        })?;
        c.checked()
    }

    /// Every effect parses; every terrain key is one of the map chart's; every order has its
    /// number once.
    pub fn checked(self) -> Result<Charts, Problems> {
        let mut p = Problems::new();
        if self.format != "kepi-aor-charts" {
            p.push(
                "format",
                format!("'{}' is not kepi-aor-charts", self.format),
            );
        }
        let map_chart = terrain_chart();
        for (i, row) in self.terrain.rows.iter().enumerate() {
            let field = format!("terrain.rows[{i}]");
            for (name, v) in [
                ("attack", &row.attack),
                ("bombardment", &row.bombardment),
                ("charge", &row.charge),
            ] {
                if let Err(e) = Effect::parse(v) {
                    p.push(format!("{field}.{name}"), e);
                }
            }
            let known = match row.kind {
                Where::Terrain => map_chart.terrain.iter().any(|t| t.key == row.key),
                Where::Hexside => map_chart.hexsides.iter().any(|h| h.key == row.key),
            };
            if !known {
                p.push(
                    format!("{field}.key"),
                    format!("'{}' is not a {:?} of the map chart", row.key, row.kind),
                );
            }
        }
        for order in super::section::Order::ALL {
            let n = self
                .order_numbers
                .rows
                .iter()
                .filter(|r| r.order == order)
                .count();
            if n != 1 {
                p.push(
                    "order_numbers.rows",
                    format!("the order {order:?} has {n} numbers; it needs one"),
                );
            }
        }
        p.into_result(self)
    }

    /// The row of a terrain or hexside key, if the chart has one (clear terrain has none).
    pub fn terrain_row(&self, key: &str) -> Option<&TerrainRow> {
        self.terrain.rows.iter().find(|r| r.key == key)
    }

    /// AoR 12.4: the Order Number of an order.
    pub fn order_number(&self, order: super::section::Order) -> u32 {
        self.order_numbers
            .rows
            .iter()
            .find(|r| r.order == order)
            .map(|r| r.number)
            .expect("checked: every order has a number")
    }

    pub fn morale_modifier(&self, key: &str) -> Option<i32> {
        self.morale_modifiers
            .rows
            .iter()
            .find(|r| r.key == key)
            .map(|r| r.modifier)
    }
}

pub fn fire_table() -> &'static FireTable {
    static T: OnceLock<FireTable> = OnceLock::new();
    T.get_or_init(|| {
        FireTable::from_text(FIRE_TABLE_TEXT)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles fire table is invalid:\n{p}"))
    })
}

pub fn charts() -> &'static Charts {
    static C: OnceLock<Charts> = OnceLock::new();
    C.get_or_init(|| {
        Charts::from_text(CHARTS_TEXT)
            .unwrap_or_else(|p| panic!("embedded Age of Rifles charts are invalid:\n{p}"))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn age_of_rifles_chart_values() {
        // AoR 5.2: road hexes 1/2 MP, trail hexes 1 MP, bridge hexsides no extra cost, stream
        // hexsides +2 MP; 5.0: railroads count as trails; the chart: town -25%, woods -50%;
        // 10.2: fortified hexsides (walls) work like forts, attacker halved (10.1).
        let t = terrain_chart();
        assert_eq!(t.route("road").unwrap().movement, Frac::new(1, 2));
        assert_eq!(t.route("trail").unwrap().movement, Frac::int(1));
        assert_eq!(
            t.route("railroad").unwrap().movement,
            t.route("trail").unwrap().movement
        );
        assert_eq!(t.hexside("bridge").unwrap().movement_extra, Frac::ZERO);
        assert_eq!(t.hexside("stream").unwrap().movement_extra, Frac::int(2));
        assert_eq!(t.hexside("stream").unwrap().combat, Some(Frac::new(3, 4)));
        assert_eq!(t.hexside("wall").unwrap().combat, Some(Frac::new(1, 2)));
        assert!(t.hexside("crest").unwrap().blocks_line_of_sight);
        assert!(t.hexside("river").is_some());
        assert_eq!(t.terrain("town").unwrap().defense, Frac::new(3, 4));
        assert_eq!(t.terrain("woods").unwrap().defense, Frac::new(1, 2));
        assert_eq!(t.terrain("chateau").unwrap().movement, Frac::int(2));
        assert_eq!(t.terrain("fort").unwrap().defense, Frac::new(1, 2));
    }

    use super::*;

    #[test]
    fn aor_7_6_rounding_examples_4_5_is_5_and_4_25_is_4() {
        assert_eq!(round_strength(Frac::new(9, 2)), 5);
        assert_eq!(round_strength(Frac::new(17, 4)), 4);
        assert_eq!(round_strength(Frac::new(19, 4)), 5);
        assert_eq!(round_strength(Frac::int(0)), 0);
        assert_eq!(round_strength(Frac::new(1, 4)), 0);
    }

    #[test]
    fn aor_7_4_halved_hits_round_normally_but_one_becomes_zero() {
        assert_eq!(
            (0..=6).map(halve_hits).collect::<Vec<_>>(),
            vec![0, 0, 1, 2, 2, 3, 3]
        );
    }

    #[test]
    fn effects_parse_as_printed() {
        assert_eq!(
            Effect::parse("-25%").unwrap(),
            Effect::Times(Frac::new(3, 4))
        );
        assert_eq!(
            Effect::parse("-75%").unwrap().factor(),
            Some(Frac::new(1, 4))
        );
        assert_eq!(Effect::parse("NE").unwrap().factor(), Some(Frac::int(1)));
        assert_eq!(Effect::parse("N/A").unwrap().factor(), None);
        assert_eq!(Effect::parse("-50%").unwrap().to_string(), "-50%");
        assert!(Effect::parse("+25%").unwrap_err().contains("+25%"));
    }

    #[test]
    fn a_transposed_cell_is_caught_naming_it() {
        let mut t = fire_table().clone();
        t.rows[9].hits.swap(5, 6); // strength 10: rolls 7 and 8 are 2, 2; make 9 < 8 instead
        t.rows[9].hits[7] = 1;
        let p = t.checked().unwrap_err().to_string();
        assert!(p.contains("rows[9].hits[7]"), "{p}");
    }
}

//! The Vae Victis tables as data: the core's numbers and terrain classes (`data/core.json`),
//! each variant's Quick Reference Sheet (`data/<variant>.json`), the terrain chart and the
//! empty catalog, embedded at build time.
//!
//! Invariant: the embedded files parse (tested), so [`core`], [`sheet`], [`terrain_chart`]
//! and [`catalog`] cannot fail at run time.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub const TERRAIN_TEXT: &str = include_str!("data/terrain-effects.json");
pub const CATALOG_TEXT: &str = include_str!("data/catalog.json");
pub const CORE_TEXT: &str = include_str!("data/core.json");
pub const LGA_TEXT: &str = include_str!("data/la-grande-armee.json");
pub const LG_TEXT: &str = include_str!("data/los-gringos.json");
pub const RY_TEXT: &str = include_str!("data/rebel-yell.json");
pub const KR_TEXT: &str = include_str!("data/kepis-rouge.json");

/// The embedded files by name, as `kepi tables --ruleset vae-victis` prints them.
pub const FILES: [(&str, &str); 7] = [
    ("core.json", CORE_TEXT),
    ("la-grande-armee.json", LGA_TEXT),
    ("los-gringos.json", LG_TEXT),
    ("rebel-yell.json", RY_TEXT),
    ("kepis-rouge.json", KR_TEXT),
    ("terrain-effects.json", TERRAIN_TEXT),
    ("catalog.json", CATALOG_TEXT),
];

pub fn terrain_chart() -> &'static crate::tables::TerrainEffects {
    static CHART: OnceLock<crate::tables::TerrainEffects> = OnceLock::new();
    CHART.get_or_init(|| {
        crate::tables::TerrainEffects::from_text(TERRAIN_TEXT)
            .unwrap_or_else(|p| panic!("embedded Vae Victis terrain chart is invalid:\n{p}"))
    })
}

pub fn catalog() -> &'static crate::tables::Catalog {
    static CATALOG: OnceLock<crate::tables::Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        crate::tables::Catalog::from_text(CATALOG_TEXT)
            .unwrap_or_else(|p| panic!("embedded Vae Victis catalog is invalid:\n{p}"))
    })
}

/// VV 4.2 Types of General: a band of the die and its AP modifier (VV 5.1).
#[derive(Clone, Debug, Deserialize)]
pub struct Rating {
    pub key: String,
    pub name: String,
    pub from: u8,
    pub to: u8,
    pub ap_modifier: i32,
}

/// The text's distances in paces (docs/rules/vae-victis.md, "Paces to hexes").
#[derive(Clone, Debug, Deserialize)]
pub struct Paces {
    pub zone_of_control: u32,
    pub command_range: u32,
    pub command_range_in_sight: u32,
    pub commander_in_chief_range: u32,
    pub strategic: u32,
    pub flee_extra: u32,
    pub woods_fire: u32,
}

/// VV 3 Terrain Definitions: the going and the cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Clear,
    Rough,
    Difficult,
    Impassable,
}

impl Class {
    pub fn key(self) -> &'static str {
        match self {
            Class::Clear => "clear",
            Class::Rough => "rough",
            Class::Difficult => "difficult",
            Class::Impassable => "impassable",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    None,
    Soft,
    Hard,
}

#[derive(Clone, Copy, Debug, Deserialize)]
pub struct TerrainClass {
    pub class: Class,
    pub cover: Cover,
    /// VV 7.2: "the line of fire is also 50 paces for opposing units in wood, orchard, forest
    /// or village".
    #[serde(default)]
    pub close_fire: bool,
    /// Rough or difficult ground that does not block the line of sight (Kepi's reading:
    /// frozen water, water).
    #[serde(default)]
    pub sight: bool,
}

impl TerrainClass {
    /// VV 7.2: "All broken and difficult terrain ... block the line of sight".
    pub fn blocks_sight(&self) -> bool {
        !self.sight && matches!(self.class, Class::Rough | Class::Difficult)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Core {
    pub ratings: Vec<Rating>,
    pub min_ap: u32,
    pub out_of_command_ap: u32,
    pub corps_points: u32,
    pub max_corps: usize,
    /// VV 9: "loses a third of its points" as [numerator, denominator].
    pub demoralised_fraction: [u32; 2],
    pub paces: Paces,
    pub terrain: BTreeMap<String, TerrainClass>,
}

impl Core {
    pub fn rating(&self, face: u8) -> &Rating {
        self.ratings
            .iter()
            .find(|r| (r.from..=r.to).contains(&face))
            .expect("the ratings cover 1-6 (tested)")
    }

    /// The class of a terrain key; an unknown key is clear (the map checks its keys
    /// against the chart, so none reaches here).
    pub fn terrain(&self, key: &str) -> TerrainClass {
        const CLEAR: TerrainClass = TerrainClass {
            class: Class::Clear,
            cover: Cover::None,
            close_fire: false,
            sight: false,
        };
        self.terrain.get(key).copied().unwrap_or(CLEAR)
    }
}

/// A type's class of troops (VV 1, the sheets' headings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TroopClass {
    Infantry,
    Skirmishers,
    Cavalry,
    Artillery,
    General,
}

/// Cavalry by the combat results' rows and pursuit (VV 8.4: heavy cavalry must pursue).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cavalry {
    Light,
    Irregular,
    Heavy,
    /// VV LG: formed cavalry neither heavy nor light (the Dragoons, the Mexican Line): it
    /// moves with the cuirassiers and need not pursue (the sheet's heavy cavalry is its
    /// Cuirassiers).
    Line,
}

/// One row of a sheet's Fire & Melee Factors (LGA) or Unit Factors (LG: one `combat`
/// factor, which is its melee factor and, for a type with a range, its fire factor).
#[derive(Clone, Debug, Deserialize)]
pub struct ElementType {
    pub key: String,
    pub name: String,
    pub class: TroopClass,
    #[serde(default)]
    pub cavalry: Option<Cavalry>,
    #[serde(default)]
    pub fire: Option<i32>,
    #[serde(default)]
    pub melee: i32,
    /// VV LG Unit Factors: the single combat factor (then `fire` and `melee` are read from it).
    #[serde(default)]
    pub combat: Option<i32>,
    #[serde(default)]
    pub charge: i32,
    pub cost: u32,
    /// VV LG Unit Factors: figures per element (a record of the sheet; Kepi plays elements).
    #[serde(default)]
    pub figures: Option<u32>,
    /// VV LG: the army whose table lists it ("american", "mexican"); a side of another
    /// `nation` may not field it.
    #[serde(default)]
    pub nation: Option<String>,
    /// VV LG "1 element maximum" (an army).
    #[serde(default)]
    pub max_per_army: Option<u32>,
    /// The AP a change of formation costs (VV 5.6: 1; VV LG Militia: 2).
    #[serde(default = "one")]
    pub formation_ap: u32,
    /// VV LG: "Only Regular American Infantry may form square and move in the same turn".
    #[serde(default)]
    pub square_and_move: bool,
    /// VV 8.4 "American Dragoons also automatically pursue (Los Gringos)".
    #[serde(default)]
    pub pursues: bool,
    /// What a sheet's special rules name it by ("american_regular", "hussars",
    /// "mexican_irregular").
    #[serde(default)]
    pub tags: Vec<String>,
    /// Its row of the movement table.
    #[serde(rename = "move")]
    pub move_row: String,
    /// Its row of the fire ranges (`None`: it does not fire).
    pub range: Option<String>,
    /// Its row of the combat results table.
    pub results: String,
    /// VV 5.6 Squares: it may form square.
    #[serde(default)]
    pub square: bool,
    /// VV LGA Skirmishers: the type its two skirmisher elements take.
    #[serde(default)]
    pub skirmish_as: Option<String>,
    #[serde(default)]
    pub guard: bool,
    /// VV 5.6 Dismounting/mounting cavalry (RY): the type it becomes when it mounts or
    /// dismounts ("The unit is replaced by an appropriate mounted or un-mounted element").
    #[serde(default)]
    pub counterpart: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RangeRow {
    pub name: String,
    pub short: Option<u32>,
    pub medium: Option<u32>,
    pub long: Option<u32>,
}

fn one() -> u32 {
    1
}

impl ElementType {
    pub fn has(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Factor {
    pub key: String,
    pub text: String,
    pub value: Option<i32>,
    /// VV LG "Target over N (... artillery)": the firer's range row it applies to.
    #[serde(default)]
    pub range: Option<String>,
    /// ... and the paces the target must be beyond.
    #[serde(default)]
    pub over: Option<u32>,
    /// VV RY: the firer's range rows it applies to ("smooth bore muskets", "rifled muskets and
    /// carbines", the artillery's).
    #[serde(default)]
    pub ranges: Vec<String>,
    /// VV RY "Target less than 300 (artillery)": the paces the target must be within, short
    /// of them.
    #[serde(default)]
    pub under: Option<u32>,
    /// VV RY "Target over half range": beyond half the firer's range.
    #[serde(default)]
    pub over_half: bool,
}

/// VV RY Fire Ranges: "All ranges reduced by 200 in forest".
#[derive(Clone, Debug, Deserialize)]
pub struct RangeReduction {
    /// The sheet's place it applies in ("forest").
    pub place: String,
    pub paces: u32,
    pub text: String,
}

/// What a combat result does to the loser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Recoil,
    Flee,
    Destroyed,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Recoil => "recoils",
            Outcome::Flee => "flees",
            Outcome::Destroyed => "is destroyed",
        }
    }
}

/// One clause of a results cell: it applies when every condition it names holds.
#[derive(Clone, Debug, Deserialize)]
pub struct Clause {
    /// The winner is one of these ("cavalry", "heavy_cavalry", "light_cavalry",
    /// "skirmishers", "artillery", "infantry").
    #[serde(default)]
    pub by: Vec<String>,
    /// The loser's hex is of one of these classes.
    #[serde(default)]
    pub terrain: Vec<String>,
    /// The two are in contact (a melee).
    #[serde(default)]
    pub contact: bool,
    pub result: Outcome,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ResultsRow {
    pub name: String,
    pub more_than_half: Vec<Clause>,
    pub half_or_less: Vec<Clause>,
}

/// A variant's Quick Reference Sheet.
#[derive(Clone, Debug, Deserialize)]
pub struct Sheet {
    pub variant: String,
    pub name: String,
    /// Its abbreviation in citations ("LGA").
    pub sheet: String,
    pub movement_columns: Vec<String>,
    /// A terrain class the sheet has no column for, read in another's (VV LG: no Difficult
    /// column; difficult ground is moved in the Rough column).
    #[serde(default)]
    pub going: BTreeMap<String, String>,
    pub movement: BTreeMap<String, Vec<Option<u32>>>,
    /// Terrain keys its special rules name ("village", "fortified": VV LG Tactical Factors
    /// - Melee, Special Rules).
    #[serde(default)]
    pub places: BTreeMap<String, Vec<String>>,
    /// VV KR: the nations its tables name ("French Infantry", "German artillery"); a side's
    /// `nation` must be one of them (empty: any).
    #[serde(default)]
    pub nations: Vec<String>,
    /// VV LG "For each supporting enemy overlap (max 2)": at most this many count.
    #[serde(default)]
    pub max_overlaps: Option<usize>,
    pub ranges: BTreeMap<String, RangeRow>,
    /// VV RY: ranges reduced in a place.
    #[serde(default)]
    pub range_reduction: Option<RangeReduction>,
    pub types: Vec<ElementType>,
    pub fire_factors: Vec<Factor>,
    pub melee_factors: Vec<Factor>,
    pub results: BTreeMap<String, ResultsRow>,
}

impl Sheet {
    /// The paces a type moves a turn on ground of `column` ("road", "clear", ...); `None`
    /// where the sheet has "-" (it may not enter).
    pub fn paces(&self, move_row: &str, column: &str) -> Option<u32> {
        let column = self.going.get(column).map_or(column, String::as_str);
        let i = self.movement_columns.iter().position(|c| c == column)?;
        self.movement.get(move_row)?.get(i).copied().flatten()
    }

    /// Whether terrain `key` is one of the sheet's `place`s ("village", "fortified").
    pub fn is_place(&self, place: &str, key: &str) -> bool {
        self.places
            .get(place)
            .is_some_and(|v| v.iter().any(|k| k == key))
    }

    pub fn fire_factor(&self, key: &str) -> i32 {
        self.fire_factors
            .iter()
            .find(|f| f.key == key)
            .and_then(|f| f.value)
            .unwrap_or(0)
    }

    pub fn melee_factor(&self, key: &str) -> i32 {
        self.melee_factors
            .iter()
            .find(|f| f.key == key)
            .and_then(|f| f.value)
            .unwrap_or(0)
    }

    pub fn factor_text<'a>(list: &'a [Factor], key: &str) -> &'a str {
        list.iter()
            .find(|f| f.key == key)
            .map(|f| f.text.as_str())
            .unwrap_or("")
    }
}

/// A variant Kepi plays: its sheet.
#[derive(Debug)]
pub struct Variant {
    pub sheet: Sheet,
}

impl Variant {
    pub fn element_type(&self, key: &str) -> Option<&ElementType> {
        self.sheet.types.iter().find(|t| t.key == key)
    }

    pub fn type_keys(&self) -> String {
        self.sheet
            .types
            .iter()
            .map(|t| t.key.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn read_variant(text: &str) -> Result<Variant, String> {
    let mut sheet: Sheet = serde_json::from_str(text).map_err(|e| e.to_string())?;
    // VV LG Unit Factors: one combat factor serves melee and, with a range, fire.
    for t in &mut sheet.types {
        if let Some(c) = t.combat {
            t.melee = c;
            t.fire = t.range.is_some().then_some(c);
        }
    }
    Ok(Variant { sheet })
}

pub fn core() -> &'static Core {
    static CORE: OnceLock<Core> = OnceLock::new();
    CORE.get_or_init(|| {
        serde_json::from_str(CORE_TEXT)
            .unwrap_or_else(|e| panic!("embedded Vae Victis core.json is invalid: {e}"))
    })
}

/// The variants Kepi plays, by key, with their sheets.
pub fn variant(key: &str) -> Option<&'static Variant> {
    static LGA: OnceLock<Variant> = OnceLock::new();
    static LG: OnceLock<Variant> = OnceLock::new();
    static RY: OnceLock<Variant> = OnceLock::new();
    static KR: OnceLock<Variant> = OnceLock::new();
    match key {
        "la-grande-armee" => Some(LGA.get_or_init(|| {
            read_variant(LGA_TEXT)
                .unwrap_or_else(|e| panic!("embedded la-grande-armee.json is invalid: {e}"))
        })),
        "los-gringos" => Some(LG.get_or_init(|| {
            read_variant(LG_TEXT)
                .unwrap_or_else(|e| panic!("embedded los-gringos.json is invalid: {e}"))
        })),
        "rebel-yell" => Some(RY.get_or_init(|| {
            read_variant(RY_TEXT)
                .unwrap_or_else(|e| panic!("embedded rebel-yell.json is invalid: {e}"))
        })),
        "kepis-rouge" => Some(KR.get_or_init(|| {
            read_variant(KR_TEXT)
                .unwrap_or_else(|e| panic!("embedded kepis-rouge.json is invalid: {e}"))
        })),
        _ => None,
    }
}

/// Every variant of the compilation: (key, name, sheet abbreviation); [`variant`] gives each.
pub const VARIANTS: [(&str, &str, &str); 4] = [
    ("la-grande-armee", "La Grande Armée", "LGA"),
    ("los-gringos", "Los Gringos", "LG"),
    ("rebel-yell", "Rebel Yell", "RY"),
    ("kepis-rouge", "Kepis Rouge", "KR"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_parse_and_the_ratings_cover_the_die() {
        let c = core();
        for face in 1..=6 {
            let _ = c.rating(face);
        }
        assert_eq!(c.rating(1).key, "mediocre");
        assert_eq!(c.rating(6).ap_modifier, 1);
        assert_eq!(variant("la-grande-armee").unwrap().sheet.types.len(), 16);
        assert_eq!(variant("los-gringos").unwrap().sheet.types.len(), 22);
        assert_eq!(variant("rebel-yell").unwrap().sheet.types.len(), 14);
        assert_eq!(variant("kepis-rouge").unwrap().sheet.types.len(), 22);
        for (key, _, _) in VARIANTS {
            let v = variant(key).unwrap();
            for t in &v.sheet.types {
                assert!(v.sheet.movement.contains_key(&t.move_row), "{}", t.key);
                assert!(v.sheet.results.contains_key(&t.results), "{}", t.key);
                if let Some(r) = &t.range {
                    assert!(v.sheet.ranges.contains_key(r), "{}", t.key);
                }
                // A type that forms square moves in the sheet's "Infantry in square" row.
                assert!(
                    !t.square || v.sheet.movement.contains_key("square"),
                    "{}",
                    t.key
                );
                if let (Some(n), false) = (&t.nation, v.sheet.nations.is_empty()) {
                    assert!(v.sheet.nations.contains(n), "{}: {n}", t.key);
                }
            }
            for (from, to) in &v.sheet.going {
                assert!(v.sheet.movement_columns.contains(to), "{from} -> {to}");
            }
            for f in v.sheet.fire_factors.iter() {
                for r in f.range.iter().chain(&f.ranges) {
                    assert!(v.sheet.ranges.contains_key(r), "{r}");
                }
            }
            for t in &v.sheet.types {
                if let Some(c) = &t.counterpart {
                    let o = v.element_type(c).expect("a counterpart on the sheet");
                    assert_eq!(o.counterpart.as_deref(), Some(t.key.as_str()), "{}", t.key);
                }
            }
        }
        let _ = terrain_chart();
        let _ = catalog();
        for t in &terrain_chart().terrain {
            assert!(c.terrain.contains_key(&t.key), "{} has no class", t.key);
        }
    }
}

//! Scenario creation by scaling a historical battle (R&S 11.18).
//!
//! "Each unit type normally represents 100 to 150 men, or four to six guns": 1,200 infantry
//! with muzzle-loading rifles and 12 muzzle-loading cannon are `12 MZ; 2 MA`. Larger forces are
//! recreated in scale, keeping "the proportion among the various arms and the ratio between the
//! two sides" (the Worth scenario reduces both sides by about two-thirds, a scale of 1/3).
//! Sides may be given in groups, as the scenarios' orders of battle are (`(a) 12 MZ; 1 MA
//! (b) 9 MZ`): the groups are kept, each entry rounded with all the others.
//! Game length: "Victory conditions and Game Length should be based on a realistic assessment
//! of the events and duration of the battle" (R&S 11.18); the duration is counted at 5
//! minutes a game-turn (errata 1.1), and a length beyond the Turn Record Chart's 20 game-turns
//! (R&S 15.0) is said so: the printed scenarios play 7 to 20 game-turns of their battles.
//!
//! Method: each entry's exact number of units is `amount / per_unit * scale`, kept as an exact
//! [`Frac`]. Whole units are then apportioned with the largest-remainder (Hamilton) method over
//! all entries of all sides jointly, so rounding errors do not pile up on one side.
//!
//! Invariants of a [`FactorReport`]:
//! - the sum of the rounded units of all entries equals `round_half_up(sum of exact units)`;
//! - every entry gets `floor(exact)` or `floor(exact) + 1` units;
//! - the result depends only on the input (ties are broken by smaller exact value, then by input
//!   order), never on hashing or floating point;
//! - an entry rounded to 0 units is reported as dropped in the warnings, never silently lost.

pub mod panel;
mod parse;
mod text;

pub use parse::{parse_hours, parse_scale, parse_side};

use crate::engine::rifle_and_saber::oob::{Entry, Group, Item, Oob};
use crate::frac::Frac;
use crate::tables::Catalog;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::ops::RangeInclusive;

/// R&S 11.18: "Each unit type normally represents 100 to 150 men".
pub const RULES_MEN_PER_UNIT: RangeInclusive<u32> = 100..=150;
/// R&S 11.18: "... or four to six guns".
pub const RULES_GUNS_PER_UNIT: RangeInclusive<u32> = 4..=6;
/// The rules' own example (1,200 men are 12 units).
pub const DEFAULT_MEN_PER_UNIT: u32 = 100;
/// The rules' own example (12 cannon are 2 units).
pub const DEFAULT_GUNS_PER_UNIT: u32 = 6;
/// Errata 1.1: a game-turn is 5 minutes.
pub const MINUTES_PER_GAME_TURN: u32 = 5;
/// R&S 15.0: the Turn Record Chart has 20 spaces, and no printed scenario is longer.
pub const TURN_RECORD_CHART: u32 = 20;
/// R&S 11.18's guidance on game length, quoted.
pub const GAME_LENGTH_GUIDANCE: &str = "R&S 11.18: \"Victory conditions and Game Length should \
    be based on a realistic assessment of the events and duration of the battle.\"";

/// One side of the historical battle: amounts of men (infantry, cavalry, mounted rifles) or
/// guns (artillery, machine guns, see [`crate::tables::Arm::counted_in_guns`]) by unit code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStrength {
    pub name: String,
    /// In input order: one unlabelled group, or labelled groups (`(a)`, `(b)`) with distinct
    /// labels, as in an order of battle.
    pub groups: Vec<StrengthGroup>,
}

/// A group of a side: `(a) 4000 MZ, 8 MA`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrengthGroup {
    /// `a` in `(a)`; `None` for a side that is not divided.
    pub label: Option<String>,
    /// `(amount, unit code)` in input order; the amount is men or guns depending on the code.
    pub entries: Vec<(u32, String)>,
}

impl SideStrength {
    /// A side of one unlabelled group.
    pub fn ungrouped(name: &str, entries: Vec<(u32, String)>) -> SideStrength {
        SideStrength {
            name: name.to_string(),
            groups: vec![StrengthGroup {
                label: None,
                entries,
            }],
        }
    }
}

/// `Union` or `Union (a)`: a side, or a group of one.
fn group_name(side: &str, group: Option<&str>) -> String {
    match group {
        Some(g) => format!("{side} ({g})"),
        None => side.to_string(),
    }
}

/// How a battle is factored (R&S 11.18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactorOptions {
    /// Men a unit represents; the rules say 100 to 150.
    pub men_per_unit: u32,
    /// Guns a unit represents; the rules say 4 to 6.
    pub guns_per_unit: u32,
    /// Part of the forces kept: 1/3 means "reduced by two-thirds". Must be above 0.
    pub scale: Frac,
    /// Duration of the battle in hours, for the suggested game length.
    pub hours: Option<Frac>,
}

impl Default for FactorOptions {
    fn default() -> FactorOptions {
        FactorOptions {
            men_per_unit: DEFAULT_MEN_PER_UNIT,
            guns_per_unit: DEFAULT_GUNS_PER_UNIT,
            scale: Frac::ONE,
            hours: None,
        }
    }
}

/// Whether an entry's amount counts men or guns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CountedIn {
    Men,
    Guns,
}

impl fmt::Display for CountedIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountedIn::Men => "men",
            CountedIn::Guns => "guns",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FactorError {
    #[error(
        "bad side '{spec}': {reason} (expected NAME=AMOUNT CODE, AMOUNT CODE, \
         as in \"Union=1200 MZ, 12 MA\")"
    )]
    BadSideSpec { spec: String, reason: String },
    #[error("side '{side}': unknown unit code '{code}' in '{entry}'; known unit codes: {known}")]
    UnknownCode {
        side: String,
        entry: String,
        code: String,
        known: String,
    },
    #[error("side '{side}': {code} is listed twice")]
    DuplicateCode { side: String, code: String },
    #[error("side '{side}': the amount of {code} must be at least 1")]
    ZeroAmount { side: String, code: String },
    #[error("side '{0}' lists no forces")]
    EmptySide(String),
    #[error("a side needs a name")]
    UnnamedSide,
    #[error("two sides are named '{0}'")]
    DuplicateSide(String),
    #[error("no sides given")]
    NoSides,
    #[error("{what} per unit must be at least 1")]
    ZeroPerUnit { what: CountedIn },
    #[error("the scale must be a number or fraction above 0, as in 1/3 (got '{0}')")]
    BadScale(String),
    #[error("the battle's duration must be a number or fraction of hours above 0 (got '{0}')")]
    BadHours(String),
    #[error("every entry rounds to 0 units at this scale; use a larger scale or fewer men a unit")]
    AllZero,
    #[error("the numbers are too large to compute exactly")]
    TooLarge,
}

/// One side of the result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    pub name: String,
    /// The canonical order of battle, `12 MZ; 2 MA`; empty when every entry was dropped.
    pub oob: String,
    /// Units after rounding.
    pub units: u32,
    /// Units before rounding.
    pub exact_units: Frac,
    pub exact_units_f64: f64,
    /// The historical strength: men (infantry and cavalry codes) and guns.
    pub men: u64,
    pub guns: u64,
}

/// One `(amount, code)` of the input with its result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryReport {
    pub side: String,
    /// The group's label, for a side in groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// As the catalog spells it.
    pub code: String,
    pub amount: u32,
    pub counted_in: CountedIn,
    /// Men or guns a unit represents for this entry.
    pub per_unit: u32,
    /// `amount / per_unit * scale`.
    pub exact: Frac,
    pub exact_f64: f64,
    pub rounded: u32,
    /// `rounded / exact - 1`: -1 for a dropped entry.
    pub relative_error: f64,
}

/// The entry whose effective scale strays most from the overall scale.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorstRatioError {
    /// Index into [`FactorReport::entries`].
    pub entry: usize,
    pub side: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub code: String,
    /// `|(rounded / exact) / (R / E) - 1|` where `R` and `E` are the rounded and exact totals.
    pub error: f64,
}

/// The ratio between the first two sides' unit totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideRatio {
    pub first: String,
    pub second: String,
    pub exact: Frac,
    pub exact_f64: f64,
    /// `None` when the second side has no units left.
    pub rounded: Option<Frac>,
    pub rounded_f64: Option<f64>,
    /// `rounded / exact - 1`.
    pub error: Option<f64>,
}

/// The real sides compared (the first two): "the ratio between the two sides" that R&S 11.18
/// asks to keep, in men and in guns as the battle had them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoricalRatio {
    pub first: String,
    pub second: String,
    /// Men of the first and of the second side.
    pub men: [u64; 2],
    pub guns: [u64; 2],
    /// `men[0] / men[1]`; `None` when the second side has no men.
    pub men_ratio: Option<f64>,
    pub guns_ratio: Option<f64>,
}

/// Suggested game length: the battle's duration at 5 minutes a game-turn (errata 1.1), as R&S
/// 11.18 bases Game Length on "the events and duration of the battle".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLength {
    pub hours: Frac,
    pub minutes_per_turn: u32,
    /// `hours * 60 / 5` rounded half up, at least 1.
    pub game_turns: u32,
    /// The rules' guidance, quoted and cited ([`GAME_LENGTH_GUIDANCE`]).
    pub basis: String,
    /// More game-turns than the Turn Record Chart's 20 (R&S 15.0).
    pub beyond_turn_record_chart: bool,
}

/// The result of factoring a battle (R&S 11.18). Invariant: the `rounded` values of `entries`
/// sum to `rounded_total`, which is `exact_total` rounded half up; the sides' `units` sum to it
/// too.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FactorReport {
    pub men_per_unit: u32,
    pub guns_per_unit: u32,
    pub scale: Frac,
    pub sides: Vec<SideReport>,
    pub entries: Vec<EntryReport>,
    pub exact_total: Frac,
    pub exact_total_f64: f64,
    pub rounded_total: u32,
    /// Bounds how well the proportions among arms and sides are kept.
    pub worst_ratio_error: WorstRatioError,
    /// With two or more sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side_ratio: Option<SideRatio>,
    /// With two or more sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub historical_ratio: Option<HistoricalRatio>,
    pub warnings: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_length: Option<GameLength>,
}

fn mul(a: i128, b: i128) -> Result<i128, FactorError> {
    a.checked_mul(b).ok_or(FactorError::TooLarge)
}

fn add(a: i128, b: i128) -> Result<i128, FactorError> {
    a.checked_add(b).ok_or(FactorError::TooLarge)
}

fn frac(num: i128, den: i128) -> Result<Frac, FactorError> {
    let n = i64::try_from(num).map_err(|_| FactorError::TooLarge)?;
    let d = i64::try_from(den).map_err(|_| FactorError::TooLarge)?;
    Ok(Frac::new(n, d))
}

fn to_f64(num: i128, den: i128) -> f64 {
    num as f64 / den as f64
}

fn gcd(a: u64, b: u64) -> u64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `round_half_up(num / den)` for `num >= 0`, `den > 0`.
fn round_half_up(num: i128, den: i128) -> Result<i128, FactorError> {
    Ok(add(mul(num, 2)?, den)? / mul(den, 2)?)
}

/// Largest-remainder (Hamilton) apportionment of the values `nums[i] / den` (all `>= 0`,
/// `den > 0`): the total is the sum rounded half up; each value gets its floor, and the units
/// left go one each to the largest remainders (ties: the smaller value first, whose relative
/// error would be the larger if skipped, so that no arm vanishes on a tie; then lower index).
fn allocate(nums: &[i128], den: i128) -> Result<Vec<i128>, FactorError> {
    let sum = nums.iter().try_fold(0i128, |s, &n| add(s, n))?;
    let total = round_half_up(sum, den)?;
    let mut units: Vec<i128> = nums.iter().map(|n| n / den).collect();
    let floors: i128 = units.iter().sum();
    let mut order: Vec<usize> = (0..nums.len()).collect();
    order.sort_by(|&a, &b| {
        (nums[b] % den)
            .cmp(&(nums[a] % den))
            .then(nums[a].cmp(&nums[b]))
            .then(a.cmp(&b))
    });
    // The remainders sum to less than nums.len(), so 0 <= total - floors <= nums.len().
    let left = usize::try_from(total - floors).unwrap_or(0);
    debug_assert!(left <= nums.len());
    for &i in order.iter().take(left) {
        units[i] += 1;
    }
    Ok(units)
}

struct Prepared {
    side: usize,
    group: Option<String>,
    code: String,
    amount: u32,
    counted_in: CountedIn,
    per_unit: u32,
    /// Exact units are `num / den` with the common denominator of the computation.
    num: i128,
}

/// Factor a battle into units (R&S 11.18). See the module documentation for the method and
/// its invariants.
pub fn factor(
    sides: &[SideStrength],
    options: &FactorOptions,
    catalog: &Catalog,
) -> Result<FactorReport, FactorError> {
    let FactorOptions {
        men_per_unit,
        guns_per_unit,
        scale,
        hours,
    } = *options;
    if men_per_unit == 0 {
        return Err(FactorError::ZeroPerUnit {
            what: CountedIn::Men,
        });
    }
    if guns_per_unit == 0 {
        return Err(FactorError::ZeroPerUnit {
            what: CountedIn::Guns,
        });
    }
    if scale <= Frac::ZERO {
        return Err(FactorError::BadScale(scale.to_string()));
    }
    if let Some(h) = hours
        && h <= Frac::ZERO
    {
        return Err(FactorError::BadHours(h.to_string()));
    }
    if sides.is_empty() {
        return Err(FactorError::NoSides);
    }

    // Common denominator: exact units of an entry = amount * scale.num * (lcm / per_unit) / den.
    let (m, g) = (u64::from(men_per_unit), u64::from(guns_per_unit));
    let lcm = i128::from(m / gcd(m, g) * g);
    let den = mul(lcm, i128::from(scale.den()))?;
    let scale_num = i128::from(scale.num());

    let mut prepared: Vec<Prepared> = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        if side.name.trim().is_empty() {
            return Err(FactorError::UnnamedSide);
        }
        if sides[..si].iter().any(|o| o.name == side.name) {
            return Err(FactorError::DuplicateSide(side.name.clone()));
        }
        if side.groups.iter().all(|g| g.entries.is_empty()) {
            return Err(FactorError::EmptySide(side.name.clone()));
        }
        for (group, amount, code) in side
            .groups
            .iter()
            .flat_map(|g| g.entries.iter().map(move |(a, c)| (&g.label, a, c)))
        {
            let first = prepared
                .iter()
                .position(|p| p.side == si && p.group == *group)
                .unwrap_or(prepared.len());
            let unit = catalog.unit(code).ok_or_else(|| FactorError::UnknownCode {
                side: side.name.clone(),
                entry: format!("{amount} {code}"),
                code: code.clone(),
                known: catalog.codes_list(),
            })?;
            if prepared[first..].iter().any(|p| p.code == unit.code) {
                return Err(FactorError::DuplicateCode {
                    side: side.name.clone(),
                    code: unit.code.clone(),
                });
            }
            if *amount == 0 {
                return Err(FactorError::ZeroAmount {
                    side: side.name.clone(),
                    code: unit.code.clone(),
                });
            }
            let (counted_in, per_unit) = if unit.arm.counted_in_guns() {
                (CountedIn::Guns, guns_per_unit)
            } else {
                (CountedIn::Men, men_per_unit)
            };
            let num = mul(
                mul(i128::from(*amount), scale_num)?,
                lcm / i128::from(per_unit),
            )?;
            prepared.push(Prepared {
                side: si,
                group: group.clone(),
                code: unit.code.clone(),
                amount: *amount,
                counted_in,
                per_unit,
                num,
            });
        }
    }

    let nums: Vec<i128> = prepared.iter().map(|p| p.num).collect();
    let units = allocate(&nums, den)?;
    let exact_sum = nums.iter().try_fold(0i128, |s, &n| add(s, n))?;
    let rounded_sum: i128 = units.iter().sum();
    if rounded_sum == 0 {
        return Err(FactorError::AllZero);
    }

    let mut warnings: Vec<String> = Vec::new();
    if !RULES_MEN_PER_UNIT.contains(&men_per_unit) {
        warnings.push(format!(
            "{men_per_unit} men a unit is outside the rules' {} to {} (R&S 11.18)",
            RULES_MEN_PER_UNIT.start(),
            RULES_MEN_PER_UNIT.end()
        ));
    }
    if !RULES_GUNS_PER_UNIT.contains(&guns_per_unit) {
        warnings.push(format!(
            "{guns_per_unit} guns a unit is outside the rules' {} to {} (R&S 11.18)",
            RULES_GUNS_PER_UNIT.start(),
            RULES_GUNS_PER_UNIT.end()
        ));
    }

    let mut entries: Vec<EntryReport> = Vec::new();
    for (p, &u) in prepared.iter().zip(&units) {
        let rounded = u32::try_from(u).map_err(|_| FactorError::TooLarge)?;
        let exact_f64 = to_f64(p.num, den);
        if rounded == 0 {
            warnings.push(format!(
                "{} {} ({} {}, {:.2} units exactly) rounds to 0 units and is dropped",
                group_name(&sides[p.side].name, p.group.as_deref()),
                p.code,
                p.amount,
                p.counted_in,
                exact_f64
            ));
        }
        entries.push(EntryReport {
            side: sides[p.side].name.clone(),
            group: p.group.clone(),
            code: p.code.clone(),
            amount: p.amount,
            counted_in: p.counted_in,
            per_unit: p.per_unit,
            exact: frac(p.num, den)?,
            exact_f64,
            rounded,
            relative_error: f64::from(rounded) / exact_f64 - 1.0,
        });
    }

    let mut side_reports: Vec<SideReport> = Vec::new();
    let mut side_sums: Vec<(i128, i128)> = Vec::new();
    for (si, side) in sides.iter().enumerate() {
        let mut exact = 0i128;
        let mut rounded = 0i128;
        let (mut men, mut guns) = (0u64, 0u64);
        // The side's groups in input order, each with the entries that kept a unit.
        let mut groups: Vec<Group> = Vec::new();
        for (p, &u) in prepared.iter().zip(&units).filter(|(p, _)| p.side == si) {
            exact = add(exact, p.num)?;
            rounded += u;
            match p.counted_in {
                CountedIn::Men => men += u64::from(p.amount),
                CountedIn::Guns => guns += u64::from(p.amount),
            }
            if groups.last().is_none_or(|g| g.label != p.group) {
                groups.push(Group {
                    label: p.group.clone(),
                    entries: Vec::new(),
                });
            }
            if u > 0 {
                groups.last_mut().expect("pushed").entries.push(Entry {
                    count: u32::try_from(u).map_err(|_| FactorError::TooLarge)?,
                    item: Item::Unit(p.code.clone()),
                });
            }
        }
        let oob = if groups.iter().all(|g| g.entries.is_empty()) {
            warnings.push(format!("{} has no units left", side.name));
            String::new()
        } else {
            // Oob invariant: no group is empty; a group that lost every entry is said so.
            for g in groups.iter().filter(|g| g.entries.is_empty()) {
                warnings.push(format!(
                    "{} has no units left",
                    group_name(&side.name, g.label.as_deref())
                ));
            }
            groups.retain(|g| !g.entries.is_empty());
            Oob { groups }.to_string()
        };
        side_reports.push(SideReport {
            name: side.name.clone(),
            oob,
            units: u32::try_from(rounded).map_err(|_| FactorError::TooLarge)?,
            exact_units: frac(exact, den)?,
            exact_units_f64: to_f64(exact, den),
            men,
            guns,
        });
        side_sums.push((exact, rounded));
    }

    let historical_ratio = match side_reports.as_slice() {
        [a, b, ..] => {
            let ratio = |x: u64, y: u64| (y > 0).then(|| x as f64 / y as f64);
            Some(HistoricalRatio {
                first: a.name.clone(),
                second: b.name.clone(),
                men: [a.men, b.men],
                guns: [a.guns, b.guns],
                men_ratio: ratio(a.men, b.men),
                guns_ratio: ratio(a.guns, b.guns),
            })
        }
        _ => None,
    };

    let worst_ratio_error = worst_ratio(&prepared, &units, exact_sum, rounded_sum, den, sides);

    let side_ratio = match side_sums.as_slice() {
        [(e1, r1), (e2, r2), ..] => {
            let exact = frac(*e1, *e2)?;
            let rounded = if *r2 > 0 { Some(frac(*r1, *r2)?) } else { None };
            let exact_f64 = to_f64(*e1, *e2);
            let rounded_f64 = rounded.map(Frac::to_f64);
            Some(SideRatio {
                first: sides[0].name.clone(),
                second: sides[1].name.clone(),
                exact,
                exact_f64,
                rounded,
                rounded_f64,
                error: rounded_f64.map(|r| r / exact_f64 - 1.0),
            })
        }
        _ => None,
    };

    let game_length = match hours {
        Some(h) => {
            let minutes = mul(i128::from(h.num()), 60)?;
            let per = mul(i128::from(h.den()), i128::from(MINUTES_PER_GAME_TURN))?;
            let turns = round_half_up(minutes, per)?.max(1);
            let game_turns = u32::try_from(turns).map_err(|_| FactorError::TooLarge)?;
            Some(GameLength {
                hours: h,
                minutes_per_turn: MINUTES_PER_GAME_TURN,
                game_turns,
                basis: GAME_LENGTH_GUIDANCE.to_string(),
                beyond_turn_record_chart: game_turns > TURN_RECORD_CHART,
            })
        }
        None => None,
    };

    Ok(FactorReport {
        men_per_unit,
        guns_per_unit,
        scale,
        sides: side_reports,
        entries,
        exact_total: frac(exact_sum, den)?,
        exact_total_f64: to_f64(exact_sum, den),
        rounded_total: u32::try_from(rounded_sum).map_err(|_| FactorError::TooLarge)?,
        worst_ratio_error,
        side_ratio,
        historical_ratio,
        warnings,
        game_length,
    })
}

/// The entry maximising `|(r_i / x_i) / (R / E) - 1|`, which with `x_i = n_i / den` and
/// `E = S / den` is `|r_i S - n_i R| / (n_i R)`. Compared exactly when the products fit in
/// `i128`, in floating point otherwise; the first such entry in input order wins ties.
fn worst_ratio(
    prepared: &[Prepared],
    units: &[i128],
    exact_sum: i128,
    rounded_sum: i128,
    den: i128,
    sides: &[SideStrength],
) -> WorstRatioError {
    let exact_key = |i: usize| -> Option<(i128, i128)> {
        let a = units[i].checked_mul(exact_sum)?;
        let b = prepared[i].num.checked_mul(rounded_sum)?;
        Some(((a - b).abs(), b))
    };
    let float_error = |i: usize| -> f64 {
        let x = to_f64(prepared[i].num, den);
        let e = to_f64(exact_sum, den);
        ((units[i] as f64 / x) / (rounded_sum as f64 / e) - 1.0).abs()
    };
    let keys: Option<Vec<(i128, i128)>> = (0..prepared.len()).map(exact_key).collect();
    let greater = |i: usize, j: usize| -> bool {
        if let Some(k) = &keys {
            let ((a, b), (c, d)) = (k[i], k[j]);
            if let (Some(l), Some(r)) = (a.checked_mul(d), c.checked_mul(b)) {
                return l.cmp(&r) == Ordering::Greater;
            }
        }
        float_error(i) > float_error(j)
    };
    let mut best = 0;
    for i in 1..prepared.len() {
        if greater(i, best) {
            best = i;
        }
    }
    let error = match &keys {
        Some(k) => to_f64(k[best].0, k[best].1),
        None => float_error(best),
    };
    WorstRatioError {
        entry: best,
        side: sides[prepared[best].side].name.clone(),
        group: prepared[best].group.clone(),
        code: prepared[best].code.clone(),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rifle_and_saber::tables::Tables;

    fn catalog() -> &'static Catalog {
        &Tables::embedded().catalog
    }

    fn side(spec: &str) -> SideStrength {
        parse_side(spec, catalog()).unwrap()
    }

    fn run(specs: &[&str], options: FactorOptions) -> FactorReport {
        let sides: Vec<SideStrength> = specs.iter().map(|s| side(s)).collect();
        factor(&sides, &options, catalog()).unwrap()
    }

    fn with_scale(scale: &str) -> FactorOptions {
        FactorOptions {
            scale: parse_scale(scale).unwrap(),
            ..FactorOptions::default()
        }
    }

    #[test]
    fn rules_example_1200_riflemen_and_12_cannon_are_12_mz_and_2_ma() {
        // R&S 11.18: "1,200 infantry ... and 12 muzzle-loading cannon ... 12 Mz units and
        // 2 MzA units".
        let r = run(&["X=1200 MZ, 12 MA"], FactorOptions::default());
        assert_eq!(r.sides[0].oob, "12 MZ; 2 MA");
        assert_eq!(r.sides[0].units, 14);
        assert_eq!(r.rounded_total, 14);
        assert_eq!(r.exact_total, Frac::int(14));
        assert_eq!(r.entries[0].counted_in, CountedIn::Men);
        assert_eq!(r.entries[1].counted_in, CountedIn::Guns);
        assert_eq!(r.worst_ratio_error.error, 0.0);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        assert!(r.side_ratio.is_none());
        assert!(r.to_string().starts_with("X: 12 MZ; 2 MA\n"), "{r}");
    }

    #[test]
    fn two_sides_at_one_third_keep_the_rounded_sum_and_report_proportions() {
        // Exact units at 1/3: Union MZ 3500/100/3 = 35/3, CY 300/100/3 = 1, MA 18/6/3 = 1;
        // Confederates MZ 2400/100/3 = 8, MA 12/6/3 = 2/3. Sum 67/3 = 22.33 -> 22 units.
        // Floors 11+1+1+8+0 = 21; one unit left; Union MZ and Confederate MA tie on remainder
        // 2/3 and the Confederate MA, the smaller, gets it: no arm vanishes on a tie.
        let specs = [
            "Union=3500 MZ, 300 CY, 18 MA",
            "Confederates=2400 MZ, 12 MA",
        ];
        let r = run(&specs, with_scale("1/3"));
        assert_eq!(r.exact_total, Frac::new(67, 3));
        assert_eq!(r.rounded_total, 22);
        let rounded: u32 = r.entries.iter().map(|e| e.rounded).sum();
        assert_eq!(rounded, r.rounded_total);
        let by_side: u32 = r.sides.iter().map(|s| s.units).sum();
        assert_eq!(by_side, r.rounded_total);
        assert_eq!(r.sides[0].oob, "11 MZ; 1 CY; 1 MA");
        assert_eq!(r.sides[1].oob, "8 MZ; 1 MA");
        assert_eq!(r.entries[0].exact, Frac::new(35, 3));
        assert!((r.entries[0].relative_error - (33.0 / 35.0 - 1.0)).abs() < 1e-12);
        // Overall scale 22 / (67/3) = 66/67; the Confederate MA's 1 / (2/3) = 3/2 strays most:
        // (3/2) / (66/67) - 1 = 34.5/66.
        assert_eq!(r.worst_ratio_error.side, "Confederates");
        assert_eq!(r.worst_ratio_error.code, "MA");
        assert_eq!(r.worst_ratio_error.entry, 4);
        assert!((r.worst_ratio_error.error - 34.5 / 66.0).abs() < 1e-12);
        let ratio = r.side_ratio.as_ref().unwrap();
        assert_eq!(ratio.exact, Frac::new(41, 26));
        assert_eq!(ratio.rounded, Some(Frac::new(13, 9)));
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        // Deterministic: the same input gives the same report, to the byte.
        let again = run(&specs, with_scale("1/3"));
        assert_eq!(r, again);
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            serde_json::to_string(&again).unwrap()
        );
    }

    #[test]
    fn largest_remainder_follows_remainders_then_size_then_input_order() {
        // By hand, 100 men a unit:
        // A: 140 MZ = 1.4, 160 EB = 1.6, 130 CY = 1.3, 270 LB = 2.7; sum 7.0 -> 7 units.
        //    Floors 1+1+1+2 = 5; 2 left to the largest remainders .7 (LB) and .6 (EB).
        let r = run(
            &["A=140 MZ, 160 EB, 130 CY, 270 LB"],
            FactorOptions::default(),
        );
        assert_eq!(r.sides[0].oob, "1 MZ; 2 EB; 1 CY; 3 LB");
        // B: 150 MZ = 1.5, 250 EB = 2.5; sum 4.0 -> 4 units (rounding each half up would give
        //    5). Floors 1+2 = 3; 1 left; remainders tie at .5, the smaller exact (MZ) wins.
        let r = run(&["B=150 MZ, 250 EB"], FactorOptions::default());
        assert_eq!(r.sides[0].oob, "2 MZ; 2 EB");
        assert_eq!(r.rounded_total, 4);
        // C: 250 MZ, 250 EB, 250 LB = 2.5 each; sum 7.5 -> 8 (half up). Floors 6; 2 left; all
        //    tie on remainder and size, so input order: MZ and EB.
        let r = run(&["C=250 MZ, 250 EB, 250 LB"], FactorOptions::default());
        assert_eq!(r.sides[0].oob, "3 MZ; 3 EB; 2 LB");
        assert_eq!(r.rounded_total, 8);
        // Jointly over sides: D 150 MZ = 1.5, E 150 MZ = 1.5; sum 3 -> 3; input order: D.
        let r = run(&["D=150 MZ", "E=150 MZ"], FactorOptions::default());
        assert_eq!((r.sides[0].units, r.sides[1].units), (2, 1));
    }

    #[test]
    fn allocation_total_is_the_rounded_exact_sum() {
        for (nums, den, expect) in [
            (vec![1, 1, 1], 3, vec![1, 0, 0]),
            (vec![5], 10, vec![1]),
            (vec![4], 10, vec![0]),
            (vec![7, 7, 7, 7], 2, vec![4, 4, 3, 3]),
        ] {
            assert_eq!(allocate(&nums, den).unwrap(), expect, "{nums:?}/{den}");
        }
    }

    #[test]
    fn entry_rounded_to_zero_is_reported_as_dropped() {
        // 1200 MZ = 12, 40 CY = 0.4; sum 12.4 -> 12; the CY gets nothing.
        let r = run(&["X=1200 MZ, 40 CY"], FactorOptions::default());
        assert_eq!(r.sides[0].oob, "12 MZ");
        assert_eq!(r.entries[1].rounded, 0);
        assert_eq!(r.entries[1].relative_error, -1.0);
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].contains("X CY") && r.warnings[0].contains("dropped"));
        assert!(r.to_string().contains("dropped"), "{r}");
        // A side losing everything is said so.
        let r = run(&["X=1200 MZ", "Y=40 CY"], FactorOptions::default());
        assert_eq!(r.sides[1].oob, "");
        assert!(r.warnings.iter().any(|w| w == "Y has no units left"));
        assert_eq!(r.side_ratio.as_ref().unwrap().rounded, None);
        assert!(r.to_string().contains("Y: (no units)"), "{r}");
    }

    #[test]
    fn everything_rounding_to_zero_is_an_error() {
        let sides = [side("X=40 MZ")];
        let e = factor(&sides, &FactorOptions::default(), catalog()).unwrap_err();
        assert_eq!(e, FactorError::AllZero);
    }

    #[test]
    fn side_spec_accepts_commas_semicolons_spaces_and_any_case() {
        let s = side("  Army of the Potomac = 1200 mz ;12MA,300 cy; ");
        assert_eq!(s.name, "Army of the Potomac");
        assert_eq!(
            s.groups[0].entries,
            vec![
                (1200, "MZ".to_string()),
                (12, "MA".to_string()),
                (300, "CY".to_string())
            ]
        );
        assert_eq!(
            side("X=2 mah").groups[0].entries,
            vec![(2, "MAh".to_string())]
        );
    }

    #[test]
    fn side_spec_with_bad_code_names_the_entry_and_lists_known_codes() {
        let e = parse_side("Union=1200 MZ, 3 HZ", catalog()).unwrap_err();
        assert!(matches!(&e, FactorError::UnknownCode { entry, .. } if entry == "3 HZ"));
        let text = e.to_string();
        assert!(text.contains("'HZ'") && text.contains("'3 HZ'"), "{text}");
        assert!(
            text.contains("MZ, EB, LB, CY, MR, MG, MA, MAh, BA, BAh"),
            "{text}"
        );
    }

    #[test]
    fn malformed_side_specs_are_refused_with_their_text() {
        for spec in [
            "1200 MZ",
            "=1200 MZ",
            "Union=",
            "Union=MZ 1200",
            "Union=1,200 MZ",
            "Union=99999999999 MZ",
        ] {
            let e = parse_side(spec, catalog()).expect_err(spec);
            assert!(
                matches!(&e, FactorError::BadSideSpec { spec: s, .. } if s == spec),
                "{spec}: {e}"
            );
        }
        assert!(matches!(
            parse_side("U=0 MZ", catalog()),
            Err(FactorError::ZeroAmount { .. })
        ));
        assert!(matches!(
            parse_side("U=10 MZ; 20 mz", catalog()),
            Err(FactorError::DuplicateCode { .. })
        ));
    }

    #[test]
    fn invalid_options_and_sides_are_errors() {
        let sides = [side("X=1200 MZ")];
        let cat = catalog();
        let opts = |f: fn(&mut FactorOptions)| {
            let mut o = FactorOptions::default();
            f(&mut o);
            o
        };
        assert_eq!(
            factor(&sides, &opts(|o| o.men_per_unit = 0), cat),
            Err(FactorError::ZeroPerUnit {
                what: CountedIn::Men
            })
        );
        assert_eq!(
            factor(&sides, &opts(|o| o.guns_per_unit = 0), cat),
            Err(FactorError::ZeroPerUnit {
                what: CountedIn::Guns
            })
        );
        assert!(matches!(
            factor(&sides, &opts(|o| o.scale = Frac::ZERO), cat),
            Err(FactorError::BadScale(_))
        ));
        assert!(matches!(
            factor(&sides, &opts(|o| o.hours = Some(Frac::int(-1))), cat),
            Err(FactorError::BadHours(_))
        ));
        assert_eq!(
            factor(&[], &FactorOptions::default(), cat),
            Err(FactorError::NoSides)
        );
        let twice = [side("X=1200 MZ"), side("X=100 MZ")];
        assert_eq!(
            factor(&twice, &FactorOptions::default(), cat),
            Err(FactorError::DuplicateSide("X".to_string()))
        );
        let unknown = [SideStrength::ungrouped("X", vec![(10, "HZ".to_string())])];
        assert!(matches!(
            factor(&unknown, &FactorOptions::default(), cat),
            Err(FactorError::UnknownCode { .. })
        ));
        assert!(parse_scale("0").is_err());
        assert!(parse_scale("-1/3").is_err());
        assert!(parse_scale("third").is_err());
        assert_eq!(parse_scale("2/3").unwrap(), Frac::new(2, 3));
    }

    #[test]
    fn per_unit_outside_the_rules_range_is_allowed_but_warned() {
        let o = FactorOptions {
            men_per_unit: 200,
            guns_per_unit: 3,
            ..FactorOptions::default()
        };
        let r = run(&["X=1200 MZ, 12 MA"], o);
        assert_eq!(r.sides[0].oob, "6 MZ; 4 MA");
        assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
        let o = FactorOptions {
            men_per_unit: 150,
            guns_per_unit: 4,
            ..FactorOptions::default()
        };
        assert!(run(&["X=1200 MZ, 12 MA"], o).warnings.is_empty());
    }

    #[test]
    fn game_length_from_hours_at_five_minutes_a_turn() {
        let turns = |h: &str| {
            let o = FactorOptions {
                hours: Some(parse_hours(h).unwrap()),
                ..FactorOptions::default()
            };
            run(&["X=1200 MZ"], o).game_length.unwrap().game_turns
        };
        assert_eq!(turns("4"), 48);
        assert_eq!(turns("2 1/2"), 30);
        assert_eq!(turns("1/24"), 1); // 2.5 minutes: half a turn rounds up
        assert_eq!(turns("1/60"), 1); // at least one game-turn
        let o = FactorOptions {
            hours: Some(Frac::int(4)),
            ..FactorOptions::default()
        };
        let text = run(&["X=1200 MZ"], o).to_string();
        assert!(
            text.contains("Suggested game length: 48 game-turns"),
            "{text}"
        );
        assert!(parse_hours("0").is_err());
    }

    #[test]
    fn game_length_cites_11_18_and_says_when_it_passes_the_turn_record_chart() {
        let length = |h: &str| {
            let o = FactorOptions {
                hours: Some(parse_hours(h).unwrap()),
                ..FactorOptions::default()
            };
            run(&["X=1200 MZ"], o)
        };
        // 1 2/3 hours are 20 game-turns: the chart holds them.
        let r = length("1 2/3");
        let g = r.game_length.as_ref().unwrap();
        assert_eq!(g.game_turns, 20);
        assert!(!g.beyond_turn_record_chart);
        assert!(
            g.basis
                .starts_with("R&S 11.18: \"Victory conditions and Game Length")
        );
        let text = r.to_string();
        assert!(text.contains("  R&S 11.18: \""), "{text}");
        assert!(!text.contains("R&S 15.0"), "{text}");
        // 4.5 hours are 54: more than the chart.
        let r = length("4.5");
        assert_eq!(r.game_length.as_ref().unwrap().game_turns, 54);
        assert!(r.game_length.as_ref().unwrap().beyond_turn_record_chart);
        let text = r.to_string();
        assert!(
            text.contains("Suggested game length: 54 game-turns (4 1/2 hours at 5 minutes"),
            "{text}"
        );
        assert!(
            text.contains("Turn Record Chart's 20 game-turns (R&S 15.0)"),
            "{text}"
        );
    }

    #[test]
    fn groups_are_kept_and_rounded_jointly_with_everything_else() {
        // Union (a) 4000 MZ = 40, 8 MA = 8/6; (b) 3000 MZ = 30; Rebels 5000 MZ = 50, all at
        // 1/10: 4, 2/15, 3, 5; sum 12 2/15 -> 12. Floors 4+0+3+5 = 12: nothing left over, so
        // the (a) MA is dropped (warned) and (a) keeps its MZ.
        let r = run(
            &["Union=(a) 4000 MZ, 8 MA (b) 3000 MZ", "Rebels=5000 MZ"],
            with_scale("0.1"),
        );
        assert_eq!(r.sides[0].oob, "(a) 4 MZ (b) 3 MZ");
        assert_eq!(r.entries[1].group.as_deref(), Some("a"));
        assert_eq!(r.entries[2].group.as_deref(), Some("b"));
        assert!(r.entries[3].group.is_none());
        assert!(
            r.warnings
                .iter()
                .any(|w| w.starts_with("Union (a) MA (8 guns")),
            "{:?}",
            r.warnings
        );
        // The formula reads back as an order of battle, groups and all.
        let oob = Oob::parse(&r.sides[0].oob, catalog()).unwrap();
        assert_eq!(oob.groups.len(), 2);
        // At full scale (1 MA) the same groups, with their guns.
        let r = run(
            &["Union=(a) 1200 MZ, 12 MA (b) 900 MZ", "Rebels=1500 MZ"],
            FactorOptions::default(),
        );
        assert_eq!(r.sides[0].oob, "(a) 12 MZ; 2 MA (b) 9 MZ");
        // A group that loses every entry is left out and said so; the side keeps the others.
        let r = run(&["Union=(a) 1200 MZ (b) 20 CY"], FactorOptions::default());
        assert_eq!(r.sides[0].oob, "(a) 12 MZ");
        assert!(
            r.warnings
                .iter()
                .any(|w| w == "Union (b) has no units left")
        );
        assert!(r.to_string().contains("(b) CY"), "{r}");
    }

    #[test]
    fn the_real_sides_are_compared_in_men_and_guns() {
        let r = run(
            &[
                "Union=(a) 4000 MZ, 8 MA (b) 3000 MZ",
                "Rebels=5000 MZ, 300 CY, 12 MA",
            ],
            FactorOptions::default(),
        );
        let h = r.historical_ratio.as_ref().unwrap();
        assert_eq!((h.men, h.guns), ([7000, 5300], [8, 12]));
        assert!((h.men_ratio.unwrap() - 7000.0 / 5300.0).abs() < 1e-12);
        assert!((h.guns_ratio.unwrap() - 8.0 / 12.0).abs() < 1e-12);
        assert_eq!((r.sides[1].men, r.sides[1].guns), (5300, 12));
        let text = r.to_string();
        assert!(
            text.contains("Historical Union : Rebels: 7000 : 5300 men (1.32), 8 : 12 guns (0.67)"),
            "{text}"
        );
        // No guns on the second side: the guns ratio is left out, not infinite.
        let r = run(&["A=1200 MZ, 12 MA", "B=1200 MZ"], FactorOptions::default());
        assert_eq!(r.historical_ratio.as_ref().unwrap().guns_ratio, None);
        assert!(
            r.to_string()
                .contains("Historical A : B: 1200 : 1200 men (1.00), 12 : 0 guns\n"),
            "{r}"
        );
        // One side: nothing to compare.
        assert!(
            run(&["A=1200 MZ"], FactorOptions::default())
                .historical_ratio
                .is_none()
        );
    }

    #[test]
    fn report_serializes_men_and_guns_and_exact_values() {
        let r = run(
            &["Union=1200 MZ, 12 MA", "Rebels=800 MZ"],
            with_scale("1/2"),
        );
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["sides"][0]["oob"], "6 MZ; 1 MA");
        assert_eq!(json["sides"][1]["oob"], "4 MZ");
        assert_eq!(json["entries"][1]["counted_in"], "guns");
        assert_eq!(json["entries"][0]["exact"], 6);
        assert_eq!(json["scale"], "1/2");
        assert_eq!(json["side_ratio"]["exact"], "1 3/4"); // 7/4, printed as the rules print it
        assert!(json.get("game_length").is_none());
    }

    #[test]
    fn huge_inputs_are_errors_not_panics() {
        let sides = [SideStrength::ungrouped(
            "X",
            vec![(u32::MAX, "MZ".to_string()), (u32::MAX, "MA".to_string())],
        )];
        let o = FactorOptions {
            men_per_unit: u32::MAX,
            guns_per_unit: u32::MAX - 1,
            scale: Frac::new(i64::MAX, i64::MAX - 1),
            hours: Some(Frac::int(i64::MAX)),
        };
        assert_eq!(factor(&sides, &o, catalog()), Err(FactorError::TooLarge));
    }
}

//! Age of Rifles' section of a scenario file: each side's named units, formations, leaders
//! with their ratings, the formations' orders at the start, the demoralization levels and the
//! supply sources (AoR 2, 11-14, 17). Victory points are the scenario file's common
//! `victory_points` (AoR 18: "awarded per scenario instructions").
//!
//! ```json
//! { "id": "union", "name": "Union", "color": "blue",
//!   "army_demoralization": 20,
//!   "leaders": [ {"id": "meade", "name": "Meade", "role": "overall", "rating": 3,
//!                 "movement": 8, "group": "i"},
//!                {"id": "reynolds", "name": "Reynolds", "role": "formation", "rating": 3,
//!                 "movement": 8} ],
//!   "formations": [ {"id": "i", "name": "I Corps", "leader": "reynolds", "order": "attack",
//!                    "demoralization": 8} ],
//!   "units": [ {"id": "meredith", "name": "Iron Brigade", "formation": "i",
//!               "kind": "infantry", "strength": 6, "reduced_strength": 3, "movement": 4} ],
//!   "supply": ["0101"] }
//! ```
//!
//! Every problem is reported at once, each naming its field (`sides[0].units[3].morale`).

use crate::problems::Problems;
use crate::scenario::{Forces, GroupForces, Scenario, ScenarioFile, Section, SideForces, Stacking};
use crate::tables::Catalog;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// AoR 5.3: "Two friendly units per hex"; leaders do not count (AoR 11).
pub const STACKING: Stacking = Stacking {
    per_hex: 2,
    measure: "units",
    case: "AoR 5.3",
};

/// The schema of one side: its id, name and colour and the section [`read_forces`] reads:
/// `army_demoralization`, `leaders`, `formations` and `units` required, `supply` optional, no
/// other field (tests/schemas.rs checks that the two agree).
pub fn side_schema(generator: &mut schemars::SchemaGenerator) -> Value {
    let leader = generator.subschema_for::<Leader>().to_value();
    let formation = generator.subschema_for::<Formation>().to_value();
    let unit = generator.subschema_for::<Unit>().to_value();
    crate::schema::side_entry(
        "One side of an Age of Rifles scenario: its id, name and colour, and the Age of Rifles \
         section (docs/rules/age-of-rifles.md, \"The scenario section\"): its leaders with \
         their ratings, formations with their orders and demoralization levels, units, the \
         army's demoralization level and its supply sources. Any other field is refused.",
        serde_json::json!({
            "army_demoralization": {
                "description": "AoR 13: the strength of destroyed units at which the army is \
                                demoralized.",
                "type": "integer",
                "minimum": 1,
            },
            "leaders": {
                "description": "Overall and Wing Commanders and formation leaders (AoR 2.1, 11).",
                "type": "array",
                "items": leader,
            },
            "formations": {
                "description": "Corps or divisions, each with its leader, order at the start \
                                and demoralization level (AoR 2.1, 12.2, 14.1).",
                "type": "array",
                "items": formation,
            },
            "units": {
                "description": "The combat units, each in a formation (AoR 2.2, 6.1).",
                "type": "array",
                "items": unit,
            },
            "supply": {
                "description": "AoR 17: the supply source hexes.",
                "type": "array",
                "items": {"type": "string", "pattern": crate::map::HEX_NAME},
            },
        }),
        &["army_demoralization", "leaders", "formations", "units"],
    )
}

/// AoR 2.2: "the morale value of all infantry, artillery and cavalry units is 4" when a
/// counter has none printed.
pub const DEFAULT_MORALE: u32 = 4;

/// The orders of AoR 12.2.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Attack,
    Defend,
    March,
    Reserve,
}

impl Order {
    pub const ALL: [Order; 4] = [Order::Attack, Order::Defend, Order::March, Order::Reserve];

    pub fn name(self) -> &'static str {
        match self {
            Order::Attack => "Attack",
            Order::Defend => "Defend",
            Order::March => "March",
            Order::Reserve => "Reserve",
        }
    }

    /// The name with its article, as a sentence says it ("an Attack", "a Defend").
    pub fn with_article(self) -> &'static str {
        match self {
            Order::Attack => "an Attack",
            Order::Defend => "a Defend",
            Order::March => "a March",
            Order::Reserve => "a Reserve",
        }
    }
}

/// What a unit is, for movement, combat and morale (AoR 2.3, 7.3, 7.4, 7.11, 8).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Infantry,
    Cavalry,
    /// AoR 7.4: cannot retreat; AoR 4 III: does nothing after bombarding.
    FootArtillery,
    /// AoR 7.11: may retreat before assault like cavalry.
    HorseArtillery,
}

impl Kind {
    pub fn key(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::FootArtillery => "foot_artillery",
            Kind::HorseArtillery => "horse_artillery",
        }
    }
    pub fn is_artillery(self) -> bool {
        matches!(self, Kind::FootArtillery | Kind::HorseArtillery)
    }
}

/// AoR 7.6 Armament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Armament {
    /// "Units armed with rifled muskets (the default) use their normal combat value."
    #[default]
    Rifled,
    /// "underlined combat value": +50% against rifled muskets or artillery.
    Repeating,
}

/// AoR 2.1: Overall Commanders, Wing Commanders and formation leaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Overall,
    Wing,
    Formation,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Unique among the side's leaders, formations and units.
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    pub role: Role,
    /// AoR 2.1: "All leader counters have a rating (given in scenario notes)": 0 to 6.
    #[schemars(range(min = 0, max = 6))]
    pub rating: u32,
    /// In cavalry movement points (AoR 11: leaders count as cavalry for movement).
    #[schemars(range(min = 1))]
    pub movement: u32,
    /// An Overall or Wing Commander's group: the formation he sets up or arrives with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// An Overall or Wing Commander who comes later than his group: the game-turn he enters
    /// where his group set up or entered (AoR 9). With his group when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub arrives: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    /// Unique among the side's leaders, formations and units.
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    /// Its formation leader (AoR 2.1).
    pub leader: String,
    /// The Overall or Wing Commander who sends it orders (AoR 12); the side's one Overall
    /// Commander when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<String>,
    /// Its order at the start (AoR 12.2).
    pub order: Order,
    /// A March order's destination: the hex the leader is placed in (AoR 12.2 March).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = crate::map::HEX_NAME))]
    pub march_to: Option<String>,
    /// AoR 12.2: a March marker "inverted if the units shall attack after the march".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attack_after_march: bool,
    /// AoR 14.1: the full strength of eliminated units at which the formation is demoralized.
    #[schemars(range(min = 1))]
    pub demoralization: u32,
    /// The deployment or reinforcement group it belongs to; its own id when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = crate::map::ID_PATTERN))]
    pub group: Option<String>,
}

impl Formation {
    pub fn group(&self) -> &str {
        self.group.as_deref().unwrap_or(&self.id)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Unique in the scenario (both sides): how commands name it.
    #[schemars(regex(pattern = crate::map::ID_PATTERN), length(max = 64))]
    pub id: String,
    pub name: String,
    /// The id of its formation (AoR 2.1).
    pub formation: String,
    pub kind: Kind,
    /// Strength on the front (full) side.
    #[schemars(range(min = 1))]
    pub strength: u32,
    /// Strength on the back: present when the counter is backprinted, which gives it two steps
    /// (AoR 6.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub reduced_strength: Option<u32>,
    /// AoR 2.2: 4 when absent; 1 to 6 (a die is checked against it, AoR 2.3).
    #[serde(default = "default_morale")]
    #[schemars(range(min = 1, max = 6))]
    pub morale: u32,
    /// Movement points a turn.
    #[schemars(range(min = 1))]
    pub movement: u32,
    /// AoR 7.6: rifled muskets (the default) or repeating weapons.
    #[serde(default)]
    pub armament: Armament,
    /// The Morale Modifiers chart's "British and KGL": no morale loss for a step loss.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub steady: bool,
    /// The chart's "Old Guard infantry": defenders it attacks check morale at -1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guard: bool,
}

fn default_morale() -> u32 {
    DEFAULT_MORALE
}

impl Unit {
    /// AoR 6.1: two steps when backprinted, else one.
    pub fn steps(&self) -> u32 {
        if self.reduced_strength.is_some() {
            2
        } else {
            1
        }
    }
}

/// One side's section as read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSection {
    /// AoR 13: the strength of destroyed units at which the army is demoralized.
    pub army_demoralization: u32,
    pub leaders: Vec<Leader>,
    pub formations: Vec<Formation>,
    pub units: Vec<Unit>,
    /// AoR 17: the supply source hexes, by printed name.
    #[serde(default)]
    pub supply: Vec<String>,
}

impl SideSection {
    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id == id)
    }
    /// The formation's commander: its own, or the side's one Overall Commander.
    pub fn commander_of(&self, f: &Formation) -> Option<&Leader> {
        match &f.commander {
            Some(id) => self.leader(id),
            None => {
                let mut oc = self.leaders.iter().filter(|l| l.role == Role::Overall);
                let first = oc.next();
                if oc.next().is_some() { None } else { first }
            }
        }
    }
}

/// The section of a validated Age of Rifles scenario, its sides in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AorSection {
    pub sides: [SideSection; 2],
}

/// The section of a validated Age of Rifles scenario. Invariant: every such scenario is
/// validated through [`read_forces`], which stores an [`AorSection`].
pub fn section(scenario: &Scenario) -> &AorSection {
    scenario
        .section
        .get::<AorSection>()
        .expect("a validated Age of Rifles scenario carries its section")
}

const FIELDS: [&str; 5] = [
    "army_demoralization",
    "leaders",
    "formations",
    "units",
    "supply",
];

/// AoR 2.3: a morale check is one die against morale, so morale runs 1 to 6 (6 never fails).
const MORALE: std::ops::RangeInclusive<u32> = 1..=6;
/// Kepi's reading: a rating is 0 to 6 (12.3 brings a dead leader back at 1; 12.4's example
/// rates Lee 4 and Ewell 2).
const RATING: std::ops::RangeInclusive<u32> = 0..=6;

fn id_ok(s: &str) -> bool {
    crate::map::valid_id(s)
}

/// Reads both sides' sections. A side whose section does not read is `None` in the forces;
/// every problem names its field.
pub fn read_forces(file: &ScenarioFile, _catalog: &Catalog) -> (Forces, Problems) {
    let mut p = Problems::new();
    if let Some(id) = &file.catalog {
        p.push(
            "catalog",
            format!(
                "Age of Rifles units are given in the scenario with their own values (AoR \
                 2.2), not from a unit catalog; remove \"catalog\": \"{id}\""
            ),
        );
    }
    let mut sides = Vec::new();
    let mut sections = Vec::new();
    let mut unit_ids: BTreeMap<String, String> = BTreeMap::new();
    for (i, side) in file.sides.iter().enumerate() {
        let field = format!("sides[{i}]");
        let before = p.len();
        let read = read_side(&field, &side.forces, &mut p);
        if let Some(s) = &read {
            check_arrivals(&field, s, file, &side.id, &mut p);
            for (j, u) in s.units.iter().enumerate() {
                let f = format!("{field}.units[{j}].id");
                if let Some(other) = unit_ids.get(&u.id) {
                    if other.starts_with(&field) {
                        // said by read_side
                    } else {
                        p.push(f.clone(), format!("the unit id '{}' is also {other}", u.id));
                    }
                }
                unit_ids.entry(u.id.clone()).or_insert(f);
            }
        }
        let ok = p.len() == before;
        match read {
            Some(s) if ok => {
                sides.push(Some(side_forces(&s)));
                sections.push(Some(s));
            }
            _ => {
                sides.push(None);
                sections.push(None);
            }
        }
    }
    let section = match (
        sections.first().cloned().flatten(),
        sections.get(1).cloned().flatten(),
    ) {
        (Some(a), Some(b)) if sections.len() == 2 => Some(AorSection { sides: [a, b] }),
        _ => None,
    };
    // AoR 18: the victory entries Age of Rifles cannot play, by field.
    super::victory::check(file, &mut p);
    // The names the scenario's scripted events give (`scripted`).
    super::scripted::check(file, &sections, &mut p);
    let forces = Forces {
        sides,
        stacking: STACKING,
        section: match section {
            Some(s) => Section::new(s),
            None => Section::new(()),
        },
    };
    (forces, p)
}

fn side_forces(s: &SideSection) -> SideForces {
    let mut groups: Vec<String> = Vec::new();
    for f in &s.formations {
        if !groups.iter().any(|g| g == f.group()) {
            groups.push(f.group().to_string());
        }
    }
    let groups = groups
        .into_iter()
        .map(|g| {
            let units = s
                .units
                .iter()
                .filter(|u| s.formation(&u.formation).map(|f| f.group()) == Some(g.as_str()))
                .count() as u32;
            GroupForces {
                label: Some(g),
                units,
                stacking: units,
            }
        })
        .collect();
    let kinds: BTreeSet<String> = s.units.iter().map(|u| u.kind.key().to_string()).collect();
    SideForces {
        groups,
        summary: format!(
            "{} formations, {} units, {} leaders",
            s.formations.len(),
            s.units.len(),
            s.leaders.len()
        ),
        kinds,
    }
}

fn read_side(
    field: &str,
    raw: &serde_json::Map<String, Value>,
    p: &mut Problems,
) -> Option<SideSection> {
    let mut ok = true;
    for k in raw.keys() {
        if !FIELDS.contains(&k.as_str()) {
            p.push(
                format!("{field}.{k}"),
                format!(
                    "unknown field; an Age of Rifles side has {}",
                    FIELDS.join(", ")
                ),
            );
        }
    }
    for k in ["army_demoralization", "leaders", "formations", "units"] {
        if !raw.contains_key(k) {
            p.push(
                format!("{field}.{k}"),
                "missing: an Age of Rifles side needs it",
            );
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    // Each part is read on its own, so that one bad unit does not hide another's problem.
    fn part<T: serde::de::DeserializeOwned>(
        field: &str,
        raw: &serde_json::Map<String, Value>,
        key: &str,
        p: &mut Problems,
    ) -> Option<Vec<T>> {
        let Some(Value::Array(items)) = raw.get(key) else {
            if raw.contains_key(key) {
                p.push(format!("{field}.{key}"), "expected a list");
            }
            return if raw.contains_key(key) {
                None
            } else {
                Some(Vec::new())
            };
        };
        let mut out = Vec::new();
        let mut good = true;
        for (j, item) in items.iter().enumerate() {
            match serde_json::from_value::<T>(item.clone()) {
                Ok(v) => out.push(v),
                Err(e) => {
                    p.push(format!("{field}.{key}[{j}]"), e.to_string());
                    good = false;
                }
            }
        }
        good.then_some(out)
    }
    let leaders = part::<Leader>(field, raw, "leaders", p);
    let formations = part::<Formation>(field, raw, "formations", p);
    let units = part::<Unit>(field, raw, "units", p);
    let supply = part::<String>(field, raw, "supply", p);
    let army = match raw.get("army_demoralization").and_then(Value::as_u64) {
        Some(n) if n >= 1 => Some(n as u32),
        _ => {
            p.push(
                format!("{field}.army_demoralization"),
                "expected a whole number of strength points, at least 1 (AoR 13)",
            );
            None
        }
    };
    let s = SideSection {
        army_demoralization: army?,
        leaders: leaders?,
        formations: formations?,
        units: units?,
        supply: supply?,
    };
    check_side(field, &s, p);
    Some(s)
}

/// AoR 9: a commander who comes later than his group (`arrives`) comes within the game and
/// not before the group itself: turn 1 for a group that sets up, its turn for one that
/// arrives as a reinforcement.
fn check_arrivals(field: &str, s: &SideSection, file: &ScenarioFile, side: &str, p: &mut Problems) {
    for (j, l) in s.leaders.iter().enumerate() {
        let Some(turn) = l.arrives else { continue };
        let f = format!("{field}.leaders[{j}].arrives");
        if l.role == Role::Formation {
            p.push(
                f,
                "a formation leader comes with his formation; only Overall and Wing \
                 Commanders arrive on a turn of their own",
            );
            continue;
        }
        if turn == 0 || turn > file.game_length {
            p.push(
                f,
                format!(
                    "game-turn {turn} is not a turn of the game (1 to {})",
                    file.game_length
                ),
            );
            continue;
        }
        let group_turn = l.group.as_deref().and_then(|g| {
            file.reinforcements
                .iter()
                .find(|r| r.side == side && r.group.as_deref() == Some(g))
                .map(|r| r.turn)
        });
        if let Some(g) = group_turn
            && turn < g
        {
            p.push(
                f,
                format!(
                    "{} arrives on game-turn {turn}, before his group '{}' enters on game-turn \
                     {g} (AoR 9): he comes with it or later",
                    l.name,
                    l.group.as_deref().unwrap_or_default()
                ),
            );
        }
    }
}

/// The cross-field checks of one side.
fn check_side(field: &str, s: &SideSection, p: &mut Problems) {
    // Ids: letters, digits, '-'; unique among the side's leaders, formations and units.
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut id = |what: &str, j: usize, v: &str, p: &mut Problems| {
        let f = format!("{field}.{what}[{j}].id");
        if !id_ok(v) {
            p.push(
                &f,
                format!("'{v}' is not an id (lower-case letters, digits and '-')"),
            );
        }
        match seen.get(v) {
            Some(other) => p.push(&f, format!("the id '{v}' is also {other}")),
            None => {
                seen.insert(v.to_string(), f.clone());
            }
        }
    };
    for (j, l) in s.leaders.iter().enumerate() {
        id("leaders", j, &l.id, p);
    }
    for (j, f) in s.formations.iter().enumerate() {
        id("formations", j, &f.id, p);
    }
    for (j, u) in s.units.iter().enumerate() {
        id("units", j, &u.id, p);
    }

    let commanders: Vec<&Leader> = s
        .leaders
        .iter()
        .filter(|l| l.role != Role::Formation)
        .collect();
    if !s.leaders.iter().any(|l| l.role == Role::Overall) {
        p.push(
            format!("{field}.leaders"),
            "a side needs an Overall Commander (role \"overall\") to give orders (AoR 12)",
        );
    }
    let groups: BTreeSet<&str> = s.formations.iter().map(|f| f.group()).collect();
    for (j, l) in s.leaders.iter().enumerate() {
        let f = format!("{field}.leaders[{j}]");
        if !RATING.contains(&l.rating) {
            p.push(
                format!("{f}.rating"),
                format!("rating {} is outside 0 to 6 (AoR 2.1, 12.4)", l.rating),
            );
        }
        if l.movement == 0 {
            p.push(
                format!("{f}.movement"),
                "a leader moves at least 1 MP (AoR 11)",
            );
        }
        match (l.role, &l.group) {
            (Role::Formation, Some(_)) => p.push(
                format!("{f}.group"),
                "a formation leader comes with his formation; only Overall and Wing \
                 Commanders name a group",
            ),
            (Role::Formation, None) => {
                let led = s.formations.iter().filter(|x| x.leader == l.id).count();
                if led != 1 {
                    p.push(
                        format!("{f}.role"),
                        format!(
                            "{} leads {led} formations; a formation leader leads one (AoR 2.1)",
                            l.name
                        ),
                    );
                }
            }
            (_, None) => p.push(
                format!("{f}.group"),
                format!(
                    "an Overall or Wing Commander names the group he sets up or arrives with \
                     (one of: {})",
                    groups.iter().copied().collect::<Vec<_>>().join(", ")
                ),
            ),
            (_, Some(g)) => {
                if !groups.contains(g.as_str()) {
                    p.push(
                        format!("{f}.group"),
                        format!(
                            "no group '{g}' on this side; its groups: {}",
                            groups.iter().copied().collect::<Vec<_>>().join(", ")
                        ),
                    );
                }
            }
        }
    }
    for (j, fm) in s.formations.iter().enumerate() {
        let f = format!("{field}.formations[{j}]");
        match s.leader(&fm.leader) {
            None => p.push(
                format!("{f}.leader"),
                format!("no leader '{}' on this side", fm.leader),
            ),
            Some(l) if l.role != Role::Formation => p.push(
                format!("{f}.leader"),
                format!(
                    "{} is an Overall or Wing Commander; a formation has a formation leader \
                     (AoR 2.1)",
                    l.name
                ),
            ),
            Some(_) => {}
        }
        match &fm.commander {
            Some(c) => {
                if !commanders.iter().any(|l| &l.id == c) {
                    p.push(
                        format!("{f}.commander"),
                        format!("'{c}' is not an Overall or Wing Commander of this side (AoR 12)"),
                    );
                }
            }
            None => {
                let oc = s.leaders.iter().filter(|l| l.role == Role::Overall).count();
                if oc > 1 {
                    p.push(
                        format!("{f}.commander"),
                        "the side has several Overall Commanders: name the one who sends this \
                         formation its orders",
                    );
                }
            }
        }
        match (fm.order, &fm.march_to) {
            (Order::March, None) => p.push(
                format!("{f}.march_to"),
                "a March order places the leader in a hex (AoR 12.2): name it",
            ),
            (Order::March, Some(h)) if h.trim().is_empty() => {
                p.push(format!("{f}.march_to"), "an empty hex name")
            }
            (o, Some(_)) if o != Order::March => p.push(
                format!("{f}.march_to"),
                format!("only a March order has a destination, not {}", o.name()),
            ),
            _ => {}
        }
        if fm.attack_after_march && fm.order != Order::March {
            p.push(
                format!("{f}.attack_after_march"),
                "only a March order can be followed by an attack (AoR 12.2)",
            );
        }
        if fm.demoralization == 0 {
            p.push(
                format!("{f}.demoralization"),
                "a demoralization limit is at least 1 strength point (AoR 14.1)",
            );
        }
        if let Some(g) = &fm.group
            && !id_ok(g)
        {
            p.push(
                format!("{f}.group"),
                format!("'{g}' is not a group label (lower-case letters, digits and '-')"),
            );
        }
        if !s.units.iter().any(|u| u.formation == fm.id) {
            p.push(
                format!("{f}.id"),
                format!("the formation '{}' has no units", fm.id),
            );
        }
    }
    for (j, u) in s.units.iter().enumerate() {
        let f = format!("{field}.units[{j}]");
        if s.formation(&u.formation).is_none() {
            p.push(
                format!("{f}.formation"),
                format!(
                    "no formation '{}' on this side; its formations: {}",
                    u.formation,
                    s.formations
                        .iter()
                        .map(|f| f.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if u.strength == 0 {
            p.push(format!("{f}.strength"), "a unit's strength is at least 1");
        }
        if let Some(r) = u.reduced_strength
            && (r == 0 || r > u.strength)
        {
            p.push(
                format!("{f}.reduced_strength"),
                format!(
                    "the back's strength {r} must be 1 to the front's {} (AoR 6.1)",
                    u.strength
                ),
            );
        }
        if !MORALE.contains(&u.morale) {
            p.push(
                format!("{f}.morale"),
                format!(
                    "morale {} is outside 1 to 6 (a die is checked against it, AoR 2.3)",
                    u.morale
                ),
            );
        }
        if u.movement == 0 {
            p.push(
                format!("{f}.movement"),
                "a unit's movement is at least 1 MP",
            );
        }
        if u.guard && u.kind != Kind::Infantry {
            p.push(
                format!("{f}.guard"),
                "the Morale Modifiers chart names Old Guard infantry: only infantry can be guard",
            );
        }
        if u.armament == Armament::Repeating && u.kind.is_artillery() {
            p.push(
                format!("{f}.armament"),
                "repeating weapons are for infantry and cavalry (AoR 7.6)",
            );
        }
    }
    for (j, h) in s.supply.iter().enumerate() {
        if h.trim().is_empty() {
            p.push(format!("{field}.supply[{j}]"), "an empty hex name");
        }
    }
}

/// The checks that need the map: the March destinations and supply sources are hexes of it.
/// Problems name the side's field.
pub fn check_on_map(section: &AorSection, map: &crate::map::Map) -> Problems {
    let mut p = Problems::new();
    for (i, s) in section.sides.iter().enumerate() {
        for (j, f) in s.formations.iter().enumerate() {
            if let Some(h) = &f.march_to
                && map.grid.parse(h).is_none()
            {
                p.push(
                    format!("sides[{i}].formations[{j}].march_to"),
                    format!("'{h}' is not a hex of the map"),
                );
            }
        }
        for (j, h) in s.supply.iter().enumerate() {
            if map.grid.parse(h).is_none() {
                p.push(
                    format!("sides[{i}].supply[{j}]"),
                    format!("'{h}' is not a hex of the map (AoR 17)"),
                );
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The Gettysburg scenario's file with its Confederate side's leaders edited.
    fn gettysburg(edit: impl Fn(&mut Value)) -> (ScenarioFile, Problems) {
        let text = crate::shipped::scenario("aor-gettysburg-first-day")
            .expect("shipped")
            .text;
        let mut v: Value = serde_json::from_str(text).unwrap();
        edit(&mut v["sides"][1]);
        let file: ScenarioFile = serde_json::from_value(v).unwrap();
        let catalog = file.ruleset.catalog().unwrap().clone();
        let (_, p) = read_forces(&file, &catalog);
        (file, p)
    }

    #[test]
    fn aor_9_a_commander_arrives_with_his_group_or_later_within_the_game() {
        let (file, p) = gettysburg(|_| {});
        assert!(p.is_empty(), "{p}");
        let lee = &file.sides[1].forces["leaders"][0];
        assert_eq!(
            (lee["name"].as_str(), lee["arrives"].as_u64()),
            (Some("Lee"), Some(7))
        );

        // Before his group (Pender's, turn 2), at turn 0, after the last turn, and a formation
        // leader with a turn of his own: each refused at its field, all at once.
        let (_, p) = gettysburg(|s| {
            s["leaders"][0]["arrives"] = json!(1);
            s["leaders"][1]["arrives"] = json!(0);
            s["leaders"][2]["arrives"] = json!(13);
            s["leaders"][3]["arrives"] = json!(3);
        });
        let said: Vec<(&str, &str)> = p
            .iter()
            .map(|x| (x.field.as_str(), x.message.as_str()))
            .collect();
        assert_eq!(said.len(), 4, "{p}");
        assert_eq!(said[0].0, "sides[1].leaders[0].arrives");
        assert!(
            said[0]
                .1
                .contains("before his group 'div-pender' enters on game-turn 2")
        );
        assert_eq!(said[1].0, "sides[1].leaders[1].arrives");
        assert!(
            said[1]
                .1
                .contains("game-turn 0 is not a turn of the game (1 to 12)")
        );
        assert_eq!(said[2].0, "sides[1].leaders[2].arrives");
        assert!(said[2].1.contains("game-turn 13"));
        assert_eq!(said[3].0, "sides[1].leaders[3].arrives");
        assert!(
            said[3]
                .1
                .contains("a formation leader comes with his formation")
        );
    }

    #[test]
    fn gettysburgs_orders_ratings_and_levels_read_as_written() {
        let (file, _) = gettysburg(|_| {});
        let catalog = file.ruleset.catalog().unwrap().clone();
        let (forces, p) = read_forces(&file, &catalog);
        assert!(p.is_empty(), "{p}");
        let s = forces.section.get::<AorSection>().expect("read");
        let [union, csa] = &s.sides;
        // AoR 12.2: Heth attacks; Rodes marches to Oak Hill and attacks after the march.
        assert_eq!(csa.formations[0].order, Order::Attack);
        let rodes = csa.formation("div-rodes").unwrap();
        assert_eq!(
            (
                rodes.order,
                rodes.march_to.as_deref(),
                rodes.attack_after_march
            ),
            (Order::March, Some("1004"), true)
        );
        // The Iron Brigade: 1,885 men, 4 points, two steps, morale 5.
        let iron = union.units.iter().find(|u| u.id == "meredith").unwrap();
        assert_eq!((iron.strength, iron.steps(), iron.morale), (4, 2, 5));
        // AoR 12.4's example rates Lee 4 and Ewell 2, as the scenario does.
        assert_eq!(csa.leader("lee").unwrap().rating, 4);
        assert_eq!(csa.leader("ewell").unwrap().rating, 2);
        // Orders go to Hill's and Ewell's divisions through them; Buford's from Reynolds.
        let heth = csa.formation("div-heth").unwrap();
        assert_eq!(csa.commander_of(heth).unwrap().name, "A. P. Hill");
        let buford = union.formation("cav-1").unwrap();
        assert_eq!(union.commander_of(buford).unwrap().name, "Reynolds");
        // Levels: half of each division (AoR 14.1), 40 % of the army (AoR 13).
        let total: u32 = csa.units.iter().map(|u| u.strength).sum();
        assert_eq!(
            csa.army_demoralization,
            (total * 4 + 5) / 10,
            "40 % of {total}, rounded"
        );
    }
}

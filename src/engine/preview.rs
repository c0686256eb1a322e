//! What the play view shows before anything is rolled, as ruleset-neutral data: where a unit
//! may go ([`Reach`]) and what an attack would be ([`AttackPreview`]). Every rule system fills
//! these from its own engine; the UI and `kepi reach` / `kepi preview` only display them.
//!
//! Invariants: a [`Reach`] lists each hex once, with one path the engine accepts and its cost:
//! the preferred path (for Rifle & Saber, one that does not leave an enemy-controlled hex when
//! there is one, then the cheapest); the path ends at the hex and its first element is the
//! first hex entered;
//! the chances of an [`AttackPreview`] add up to 1 (exact fractions of the die's faces), or,
//! when a choice made before the roll splits the results into branches named in `result`
//! ("no square: ...", "square: ...": an Age of Rifles charge), each branch's add up to 1.

use serde::{Deserialize, Serialize};

/// One hex a unit may end its move in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReachHex {
    /// The printed name ("0812").
    pub hex: String,
    /// Movement points spent to get there, in the system's own notation ("2 1/2").
    pub cost: String,
    /// Movement points left after getting there.
    pub left: String,
    /// The hexes entered, in order, ending at `hex`.
    pub path: Vec<String>,
    /// Words about this hex (for example "charge: must shock attack").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The hexes entered where the path draws fire on the way (Age of Rifles' passing fire,
    /// AoR 7.12), one entry a firing stack, in the order fired.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<String>,
    /// The command that makes this move, in the system's stored form (what the play view
    /// sends when the hex is clicked).
    pub command: serde_json::Value,
}

/// Where a unit may go this phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reach {
    /// The unit, as labels name it ("British MZ 3").
    pub unit: String,
    /// Its hex (or entry area for a reinforcement), printed.
    pub from: Option<String>,
    /// Its movement allowance and what is spent already.
    pub allowance: String,
    pub spent: String,
    pub hexes: Vec<ReachHex>,
    /// Why it may not move at all, when `hexes` is empty for a reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// One named, cited change to an attack or a defense.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// "woods (defense x2)".
    pub name: String,
    /// The rule case ("R&S 9.2").
    pub case: String,
    /// The effect in the system's notation ("x2", "+1", "1/2").
    pub effect: String,
}

/// One unit's part in an attack or a defense.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contribution {
    pub unit: String,
    pub hex: String,
    /// Its printed value.
    pub base: String,
    /// Its value after its own modifiers.
    pub value: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
}

/// The chance of one result of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultChance {
    /// The table's result ("DE", "RD").
    pub result: String,
    /// In words ("defender eliminated").
    pub meaning: String,
    /// The die faces (or totals) that give it.
    pub faces: Vec<u32>,
    /// Chance as an exact fraction of the outcomes: `faces.len()` over `outcomes` for one die;
    /// for two dice (Age of Rifles' 2d6) `faces` are totals and the chance counts the ways
    /// each total falls, over 36.
    pub chance: f64,
}

/// Most waypoints a move names, in any system (the shell refuses more before asking).
pub const MAX_VIA: usize = 16;

/// An attack as it would be resolved, before the roll.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttackPreview {
    /// "fire" or "shock" (the system's own kinds).
    pub kind: String,
    pub target: String,
    pub attackers: Vec<Contribution>,
    pub defenders: Vec<Contribution>,
    pub attack_total: String,
    pub defense_total: String,
    /// Modifiers on the totals (terrain, disruption, trench...).
    pub modifiers: Vec<Modifier>,
    /// The table row or column used ("3-1"), after rounding in the defender's favour.
    pub column: String,
    /// How the exact odds were rounded ("7-2, rounded to 3-1").
    pub odds: String,
    /// The dice rolled on the table ("1d6").
    pub dice: String,
    /// Possible outcomes of the dice.
    pub outcomes: u32,
    pub results: Vec<ResultChance>,
    /// What else applies (line of sight, range, ammunition), in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A line of sight between two hexes, as the rules see it now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sight {
    pub from: String,
    pub to: String,
    pub clear: bool,
    /// What blocks it, in words with the case ("ridge between 0812 and 0813 (R&S 5.1(G)1)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked_by: Option<String>,
}

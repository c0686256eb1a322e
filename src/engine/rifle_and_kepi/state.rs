//! Rifle and Kepi's game state, commands and events.
//!
//! [`Setup`] is what does not change in a game (the map, the sides' ratings, the units'
//! fixed values, the objectives); [`State`] is a position, sharing its setup through an `Arc`
//! (not serialized: snapshots restore it from the game's root).

use super::section::{Armament, C3, Formation, Guns, Kind};
use crate::engine::GameOutcome;
use crate::engine::SideInfo;
use crate::engine::facing::Facing;
use crate::map::{Grid, HexCoord, Map, MapEdge};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The optional rules: Kepi's readings where the text can be read two ways, each on by
/// default (docs/rules/rifle-and-kepi.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// RK Turn sequence iv: a unit an HQ activates acts even if dithering inverted its card.
    pub hq_overrides_dithering: bool,
    /// RK Recce, RK Artillery: artillery fires only at spotted units (spotted by recce this
    /// turn, or adjacent to a friendly unit).
    pub spotting: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hq_overrides_dithering: true,
            spotting: true,
        }
    }
}

/// A unit's fixed values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    pub kind: Kind,
    pub armament: Armament,
    pub guns: Option<Guns>,
    pub large: bool,
    pub massed: bool,
    /// RK Scales: infantry and artillery two, cavalry one; HQs none.
    pub steps: u8,
    /// A reinforcement: the game-turn it arrives and the hex it enters at (off the map, with
    /// no hex and fresh, until then).
    pub arrives: Option<(u32, HexCoord)>,
}

#[derive(Debug)]
pub struct Setup {
    pub map: Map,
    pub grid: Grid,
    pub sides: Vec<SideInfo>,
    pub c3: [C3; 2],
    pub home_edge: [MapEdge; 2],
    pub units: Vec<UnitDef>,
    /// (hex, points) of every objective, in the order the sides list them.
    pub objectives: Vec<(HexCoord, u32)>,
    /// The side named first in the scenario (`moves_first`): it decides ties between equal C3
    /// ratings and fires first in the artillery phases.
    pub first: usize,
    pub game_length: u32,
    pub options: Options,
    pub scenario_hash: String,
    /// The scenario's scripted notes, told at the start (before the cards are dealt and the
    /// reinforcements arrive) and the end (before objectives are scored) of their game-turns.
    pub notes: crate::engine::setup_state::ScriptedNotes,
}

impl Setup {
    pub fn name(&self, h: HexCoord) -> String {
        self.grid.name(h)
    }

    pub fn parse(&self, name: &str) -> Result<HexCoord, crate::engine::RuleError> {
        self.grid.parse(name.trim()).ok_or_else(|| {
            crate::engine::RuleError::not_now(format!(
                "no hex '{name}' on this map; {}",
                self.grid.name_hint()
            ))
        })
    }

    pub fn unit(&self, id: &str) -> Result<usize, crate::engine::RuleError> {
        self.units
            .iter()
            .position(|u| u.id == id.trim())
            .ok_or_else(|| crate::engine::RuleError::not_now(format!("no unit called '{id}'")))
    }

    pub fn side(&self, id: &str) -> Result<usize, crate::engine::RuleError> {
        self.sides
            .iter()
            .position(|s| s.id == id.trim())
            .ok_or_else(|| crate::engine::RuleError::not_now(format!("no side called '{id}'")))
    }

    pub fn elevation(&self, h: HexCoord) -> u8 {
        self.map.elevation(h).unwrap_or(0)
    }

    pub fn terrain(&self, h: HexCoord) -> &str {
        self.map.terrain(h).unwrap_or("clear")
    }

    /// Woods or town: the hexes that slow movement, help digging in and block fire.
    pub fn covered(&self, h: HexCoord) -> bool {
        matches!(self.terrain(h), "woods" | "town")
    }

    /// An obstacle on the hexside (one with a movement cost: streams, hedges).
    pub fn obstacle(&self, a: HexCoord, b: HexCoord) -> bool {
        let chart = super::tables::terrain_chart();
        self.map.hexside(a, b).iter().any(|k| {
            chart
                .hexside(k)
                .is_some_and(|f| f.movement_extra > crate::frac::Frac::ZERO)
        })
    }

    /// The superior C3 side (RK Turn sequence iv: "Equal card value, superior C3 chooses
    /// order"); the scenario's first side when they are equal.
    pub fn superior(&self) -> usize {
        match self.c3[0].cmp(&self.c3[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => self.first,
        }
    }
}

/// A playing card: value 1 (ace) to 13 (king), suit 0 to 3 (RK Turn sequence i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub value: u8,
    pub suit: u8,
}

impl Card {
    pub fn name(self) -> String {
        let v = match self.value {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        format!("{v}{}", ["C", "D", "H", "S"][self.suit as usize % 4])
    }
}

/// Where a unit stands in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Fresh,
    /// RK Result: "Loser shaken".
    Shaken,
    /// RK Result: "Loser Disbanded. Leave field at two hex per turn."
    Disbanded,
    /// Lost its last step, or its guns (RK Result: "Guns lost").
    Eliminated,
    /// A disbanded unit that left the field by its side's edge.
    Left,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// `None` once eliminated or gone.
    pub hex: Option<HexCoord>,
    /// RK Formations: the second hex of a large division deployed over two.
    pub second: Option<HexCoord>,
    pub status: Status,
    pub steps: u8,
    pub formation: Formation,
    pub facing: Facing,
    /// Dig-in markers (RK Digging in: "Place DM").
    pub dm: u8,
    /// This turn's card (RK Turn sequence i); `None` for units in combat or disbanded.
    pub card: Option<Card>,
    /// RK Turn sequence ii: an inverted card "prevents movement/recce/dig in/formation change".
    pub inverted: bool,
    /// Its card has been played this turn.
    pub acted: bool,
    /// It stood this turn (its card inverted or its choice): RK Combat's "stand vs charge".
    pub stood: bool,
    /// It moved adjacent to the enemy this turn: RK Combat's "charging".
    pub charged: bool,
    /// Hit by artillery this turn (RK Artillery: "Hit puts target under bombardment").
    pub bombarded: bool,
    /// Spotted by the enemy's reconnaissance this turn (RK Recce).
    pub spotted: bool,
    /// Fired in this turn's artillery phases.
    pub fired: bool,
    /// Fortified in this turn's fortify phase (RK Turn sequence vi).
    pub fortified: bool,
    /// It fought in the last combat phase: not "fresh troops" (RK Combat).
    pub engaged: bool,
}

/// The unit acting on its card (or its HQ's) now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Active {
    pub unit: usize,
    /// The HQ that activated it, and whether the HQ goes with it.
    pub hq: Option<(usize, bool)>,
    /// Its movement points left, once it has chosen to move.
    pub mp: Option<u8>,
    /// It has entered a hex (formation changes are "before or after movement, not during").
    pub stepped: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// RK Turn sequence i-iii: cards, dithering, rallying and disbanded units' moves.
    Cards,
    /// RK Turn sequence iv: units and HQs act in card order.
    Activation,
    /// RK Turn sequence v: counter-battery fire.
    CounterBattery,
    /// RK Turn sequence v: bombardments (combat follows when both sides are done).
    Bombardment,
    /// RK Turn sequence vi: fortify markers.
    Fortify,
    Over,
}

impl Phase {
    pub fn key(self) -> &'static str {
        match self {
            Phase::Cards => "cards",
            Phase::Activation => "activation",
            Phase::CounterBattery => "counter_battery",
            Phase::Bombardment => "bombardment",
            Phase::Fortify => "fortify",
            Phase::Over => "over",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Cards => "Cards, dithering and rallying",
            Phase::Activation => "Activation in card order",
            Phase::CounterBattery => "Counter-battery fire",
            Phase::Bombardment => "Bombardment",
            Phase::Fortify => "Fortify",
            Phase::Over => "Game over",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    #[serde(skip)]
    pub setup: Option<Arc<Setup>>,
    pub turn: u32,
    pub phase: Phase,
    /// The side to act.
    pub player: usize,
    pub units: Vec<UnitState>,
    /// Each side's dithering score this turn (RK Turn sequence ii).
    pub dither: [Option<i8>; 2],
    pub active: Option<Active>,
    /// The card value being played when both sides hold it, and the side the superior C3
    /// side chose to act first at it.
    pub tie: Option<(u8, usize)>,
    /// The side holding each objective (the last to have a unit in it).
    pub held: Vec<Option<usize>>,
    /// Combat groups fought so far, numbered (for reports: a group lasts while its units stay
    /// engaged).
    pub groups: Vec<Vec<usize>>,
    pub outcome: Option<GameOutcome>,
}

impl State {
    pub fn setup(&self) -> &Setup {
        self.setup.as_deref().expect("states carry their setup")
    }

    /// The setup shared, for rules that change the state while reading it.
    pub fn setup_arc(&self) -> Arc<Setup> {
        self.setup.clone().expect("states carry their setup")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// RK Turn sequence i-iii: deal the cards, roll dithering, rally, move disbanded units.
    Deal,
    /// RK Turn sequence iv: at equal card values the superior C3 side says which side acts
    /// first.
    GoFirst { side: String },
    /// Stand (RK Turn sequence iv): the unit or HQ does nothing this turn.
    Stand { unit: String },
    /// RK Recce: try to spot the enemy in a hex.
    Recce { unit: String, target: String },
    /// RK Digging in: place a dig-in marker.
    DigIn { unit: String },
    /// RK Movement: roll the unit's movement points.
    Move { unit: String },
    /// Enter an adjacent hex (the moving unit).
    Step { unit: String, to: String },
    /// Change facing (the moving unit).
    Face { unit: String, facing: Facing },
    /// Change formation, deployed over two hexes with `second` (the moving unit).
    Formation {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        second: Option<String>,
    },
    /// End the moving unit's move.
    EndMove { unit: String },
    /// RK Movement: an HQ moves up to 2 hexes on its own.
    HqMove { hq: String, to: String },
    /// RK Turn sequence iv: an HQ activates a unit in its own or an adjacent hex, going with
    /// it when `accompany`.
    HqActivate {
        hq: String,
        unit: String,
        #[serde(default)]
        accompany: bool,
    },
    /// RK Artillery: counter-battery fire or a bombardment, by the phase.
    Fire { unit: String, target: String },
    /// RK Turn sequence vi: a fortify marker.
    Fortify { unit: String },
    /// End the side's artillery or fortify phase.
    End,
}

/// A roll or a note (the events every system shares).
pub use crate::engine::setup_state::Event;

impl crate::engine::setup_state::SharedSetup for State {
    fn share_setup_of(&mut self, root: &State) {
        self.setup = root.setup.clone();
    }
}

//! The 19th Century game state, commands and events.
//!
//! [`Setup`] is what does not change in a game (the map, the sides, the units' numbers in
//! whole hexes of this map, the objectives); [`State`] is a position, sharing its setup
//! through an `Arc` (not serialized: snapshots restore it from the game's root).

use super::section::{Formation, Kind};
use super::tables::HexBand;
use crate::engine::GameOutcome;
use crate::engine::SideInfo;
use crate::engine::facing::Facing;
use crate::map::{Grid, HexCoord, Map};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The 19th Century rules have no optional rules: every reading is documented in
/// docs/rules/nineteenth-century.md and played as written there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {}

/// A unit's fixed values, in whole hexes of the game's map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    pub kind: Kind,
    /// 19C Movement allowances, in hexes.
    pub move_hexes: u32,
    /// 19C Shooting: dice rolled, the highest kept; `None` for units that do not shoot.
    pub shoot_dice: Option<u8>,
    /// Its range bands in hexes, nearest first (empty for units that do not shoot).
    pub bands: Vec<HexBand>,
    /// 19C Melee: its melee dice (cavalry 2, dragoons 1), the highest kept.
    pub melee_dice: Option<u8>,
    /// 19C Elimination of units: the hits that eliminate it; `None` for a commander.
    pub eliminated_at: Option<u32>,
    /// 19C Interpenetration: it may pass through friendly units.
    pub passes_through: bool,
}

impl UnitDef {
    /// The farthest hex it shoots at (0 for units that do not shoot).
    pub fn max_range(&self) -> u32 {
        self.bands.last().map(|b| b.to).unwrap_or(0)
    }

    /// The band a distance in hexes falls in.
    pub fn band(&self, d: u32) -> Option<&HexBand> {
        self.bands.iter().find(|b| (b.from..=b.to).contains(&d))
    }
}

#[derive(Debug)]
pub struct Setup {
    pub map: Map,
    pub grid: Grid,
    pub sides: Vec<SideInfo>,
    pub units: Vec<UnitDef>,
    /// (hex, points) of every objective, in the order the sides list them.
    pub objectives: Vec<(HexCoord, u32)>,
    /// The scenario's `moves_first`: it rolls the initiative dice first.
    pub first: usize,
    pub game_length: u32,
    pub options: Options,
    pub scenario_hash: String,
    /// The scenario's scripted notes, told at the start of their game-turn (game-turn 1's with
    /// its movement initiative, the game's first command) or at its end (before it is scored).
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

    pub fn elevation(&self, h: HexCoord) -> u8 {
        self.map.elevation(h).unwrap_or(0)
    }

    pub fn terrain(&self, h: HexCoord) -> &str {
        self.map.terrain(h).unwrap_or("open")
    }
}

/// Where a unit stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// `None` once eliminated.
    pub hex: Option<HexCoord>,
    pub formation: Formation,
    /// Always a hexside facing (19C Turning; docs/rules/nineteenth-century.md, "Facing").
    pub facing: Facing,
    /// 19C Shooting: "The remaining score is the number of hits a target unit sustains."
    pub hits: u32,
    /// 19C Elimination of units.
    pub eliminated: bool,
    /// It has moved, pivoted or shot in this phase (or struck, in the melee phase).
    pub acted: bool,
    /// 19C Movement Adjustments: reformed from battle into march formation this movement
    /// phase, so its move is halved.
    pub reformed: bool,
    /// 19C Shooting: the cotton wool, "the unit has shot" this turn.
    pub shot: bool,
    /// It shot in the previous turn ("-1 If shooting in the previous turn").
    pub shot_last_turn: bool,
    /// 19C Commanders: a commander's once-a-game rally is spent.
    pub rallied: bool,
}

/// 19C Melee: two units locked in melee "until one side is eliminated".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Melee {
    /// The cavalry or dragoons that moved into contact.
    pub attacker: usize,
    pub defender: usize,
    /// No melee phase has been fought since the contact ("On first contact").
    pub first: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Movement,
    Shooting,
    Melee,
    Over,
}

impl Phase {
    pub fn key(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::Shooting => "shooting",
            Phase::Melee => "melee",
            Phase::Over => "over",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Movement => "Movement",
            Phase::Shooting => "Shooting",
            Phase::Melee => "Melee",
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
    /// 19C Sequence of Play: the phase's initiative, (first, second) side; `None` until it
    /// is rolled.
    pub order: Option<[usize; 2]>,
    /// Which of `order` acts now (0 or 1).
    pub step: usize,
    pub units: Vec<UnitState>,
    pub melees: Vec<Melee>,
    /// The side holding each objective (the last to have a unit in it).
    pub held: Vec<Option<usize>>,
    pub outcome: Option<GameOutcome>,
}

impl State {
    pub fn setup(&self) -> &Setup {
        self.setup.as_deref().expect("states carry their setup")
    }

    pub fn setup_arc(&self) -> Arc<Setup> {
        self.setup.clone().expect("states carry their setup")
    }

    /// The side to act: the phase's winner or loser of the initiative, or, before it is
    /// rolled, the scenario's first side (who rolls it).
    pub fn player(&self) -> usize {
        match self.order {
            Some(o) => o[self.step],
            None => self.setup().first,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// 19C Sequence of Play: both sides roll a D6 for the phase, ties rolled again.
    Initiative,
    /// 19C Movement: a unit in march formation moves to a hex and faces a hexside there.
    Move {
        unit: String,
        to: String,
        facing: Facing,
    },
    /// 19C Turning: the unit pivots on its central point and does not move.
    Pivot { unit: String, facing: Facing },
    /// 19C Movement Adjustments: battle into march formation (its move is halved).
    Reform { unit: String },
    /// 19C Commanders: the commander joins an infantry unit and removes 6 hits (once a game).
    Rally { commander: String, unit: String },
    /// 19C Movement note: a unit deploys into battle formation in the shooting phase.
    Deploy { unit: String },
    /// 19C Shooting: shoot at a single target.
    Shoot { unit: String, target: String },
    /// 19C Melee: a unit locked in melee strikes its enemy.
    Strike { unit: String },
    /// End the side's part of the phase.
    End,
}

/// A roll or a note (the events every system shares).
pub use crate::engine::setup_state::Event;

impl crate::engine::setup_state::SharedSetup for State {
    fn share_setup_of(&mut self, root: &State) {
        self.setup = root.setup.clone();
    }
}

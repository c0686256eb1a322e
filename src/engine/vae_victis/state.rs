//! The Vae Victis game state, commands and events.
//!
//! [`Setup`] is what does not change in a game (the map, the variant's sheet, the sides, the
//! corps and every element, a light infantry element's second skirmisher element among them);
//! [`State`] is a position, sharing its setup through an `Arc` (not serialized: snapshots
//! restore it from the game's root).

use super::tables::{ElementType, TerrainClass, TroopClass, Variant};
use crate::engine::facing::Facing;
use crate::engine::{GameOutcome, RuleError, SideInfo};
use crate::map::{Grid, HexCoord, Map, MapEdge};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// No optional rules: every reading is in docs/rules/vae-victis.md and played as written there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {}

/// What an element is in the army (VV 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A corps' general.
    General,
    CommanderInChief,
    Troop,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ElementDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    /// `None` for the commander-in-chief.
    pub corps: Option<usize>,
    pub role: Role,
    /// The sheet's type key ("line"); "general" for a general.
    pub kind: String,
    /// VV LGA Skirmishers: the light infantry element this second skirmisher element belongs
    /// to (it is off the map until that element takes skirmish formation).
    pub partner_of: Option<usize>,
    /// Its type's index in the sheet (`None` for a general), and its skirmisher type's.
    pub ty: Option<usize>,
    pub skirmish_ty: Option<usize>,
    /// VV RY Dismounting/mounting cavalry: its type's counterpart (mounted or dismounted).
    pub counterpart_ty: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CorpsDef {
    pub id: String,
    pub name: String,
    pub side: usize,
    /// Its general, by element index.
    pub general: usize,
    /// VV 2: its elements' points.
    pub points: u32,
    /// VV 4.1: a reinforcement's game-turn and entry hexes; `None`: it starts on the map.
    #[serde(skip)]
    pub arrives: Option<super::reinforcements::Arrival>,
}

pub struct Setup {
    pub map: Map,
    pub grid: Grid,
    pub sides: Vec<SideInfo>,
    pub variant: &'static Variant,
    pub nations: Vec<String>,
    pub base_edges: Vec<MapEdge>,
    pub elements: Vec<ElementDef>,
    pub corps: Vec<CorpsDef>,
    /// Each side's commander-in-chief, by element index.
    pub cinc: Vec<Option<usize>>,
    pub game_length: u32,
    /// Each hex's neighbours by the grid's index, in [`Grid::neighbors`] order: the move
    /// searches' table, read once.
    pub steps: Vec<Vec<Step>>,
    /// Each hex's printed name, by the grid's index.
    pub names: Vec<String>,
    pub scenario_hash: String,
    /// Each hex's terrain class, by the grid's index (VV 3), read once.
    pub classes: Vec<TerrainClass>,
    /// The steps along a road, both ways (VV 5.4: the Road column).
    pub road_steps: std::collections::HashSet<(HexCoord, HexCoord)>,
    /// The scenario's scripted notes, told at the start of their game-turn (game-turn 1's with
    /// the generals' ratings, the game's first command) or at its end (after the second
    /// player's melee phase and its demoralisation checks).
    pub notes: crate::engine::setup_state::ScriptedNotes,
    /// Every side's objectives (hex, points), in the order the sides list them (Kepi's
    /// reading of VV 10, `objectives.rs`).
    pub objectives: Vec<(HexCoord, u32)>,
    /// For each objective, each hex's number of steps to it over ground a troop may enter
    /// (any class but impassable; units ignored), by the grid's index; `u32::MAX` where no
    /// such way leads (the computer opponent's way to an objective round rivers and ponds).
    pub objective_ways: Vec<Vec<u32>>,
}

impl Setup {
    /// The steps from `h` to objective `i` over passable ground ([`Setup::objective_ways`]);
    /// the hex distance where none leads.
    pub fn steps_to_objective(&self, i: usize, h: HexCoord) -> u32 {
        let far = self
            .grid
            .index(h)
            .map_or(u32::MAX, |x| self.objective_ways[i][x]);
        if far == u32::MAX {
            self.grid.distance(h, self.objectives[i].0)
        } else {
            far
        }
    }
}

/// A step from a hex to a neighbour (the setup's table).
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The neighbour, by the grid's index.
    pub to: usize,
    /// The step follows a road (VV 5.4: the Road column).
    pub road: bool,
    /// The hexside facing toward the neighbour ([`super::geometry::hexside_toward`]).
    pub facing: Facing,
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Setup")
            .field("variant", &self.variant.sheet.variant)
            .field("elements", &self.elements)
            .field("corps", &self.corps)
            .finish()
    }
}

impl Setup {
    pub fn name(&self, h: HexCoord) -> String {
        match self.grid.index(h) {
            Some(i) => self.names[i].clone(),
            None => self.grid.name(h),
        }
    }

    /// The step from `a` to its neighbour `b`, from the setup's table.
    pub fn step(&self, a: HexCoord, b: HexCoord) -> Option<&Step> {
        let (i, j) = (self.grid.index(a)?, self.grid.index(b)?);
        self.steps[i].iter().find(|s| s.to == j)
    }

    pub fn parse(&self, name: &str) -> Result<HexCoord, RuleError> {
        self.grid.parse(name.trim()).ok_or_else(|| {
            RuleError::not_now(format!(
                "no hex '{name}' on this map; {}",
                self.grid.name_hint()
            ))
        })
    }

    pub fn element(&self, id: &str) -> Result<usize, RuleError> {
        self.elements
            .iter()
            .position(|e| e.id == id.trim())
            .ok_or_else(|| RuleError::not_now(format!("no element called '{id}'")))
    }

    pub fn corps_index(&self, id: &str) -> Result<usize, RuleError> {
        self.corps
            .iter()
            .position(|c| c.id == id.trim())
            .ok_or_else(|| RuleError::not_now(format!("no corps called '{id}'")))
    }

    pub fn elevation(&self, h: HexCoord) -> u8 {
        self.map.elevation(h).unwrap_or(0)
    }

    pub fn terrain(&self, h: HexCoord) -> &str {
        self.map.terrain(h).unwrap_or("clear")
    }

    /// The terrain class of a hex of the map (clear off it).
    pub fn class_at(&self, h: HexCoord) -> TerrainClass {
        match self.grid.index(h) {
            Some(i) => self.classes[i],
            None => super::tables::core().terrain(""),
        }
    }

    /// Whether the step from `a` to `b` follows a road.
    pub fn road(&self, a: HexCoord, b: HexCoord) -> bool {
        self.road_steps.contains(&(a, b))
    }

    pub fn sheet_name(&self) -> &str {
        &self.variant.sheet.sheet
    }
}

/// What an element has done in this phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Acted {
    #[default]
    Nothing,
    /// Only strategic moves (VV 5.5: it may move again).
    Strategic,
    Done,
    /// VV LG: it has moved (only a US Regular may still change formation).
    Moved,
    /// VV LG: a US Regular that has changed formation; it may still move.
    Formed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ElementState {
    pub hex: Option<HexCoord>,
    /// Always a hexside facing.
    pub facing: Facing,
    /// VV 5.6 Squares.
    pub square: bool,
    /// VV LGA Skirmishers: a light infantry element in skirmish formation (its type is the
    /// sheet's skirmisher type).
    pub skirmish: bool,
    /// VV RY Dismounting/mounting cavalry: it has mounted or dismounted, its type is its
    /// counterpart's (left out of saved states while false, so that the other variants' states
    /// and their hashes are as they were).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub switched: bool,
    pub destroyed: bool,
    /// The points its corps lost with it (VV 9).
    pub lost: u32,
    pub acted: Acted,
    /// VV 5.7: a general's first move of the phase (free) is made.
    pub moved_free: bool,
    /// VV 5.7 "Any units or group of units attached to a general may also benefit from the
    /// generals' free move": a troop element its commander stood beside when he made his free
    /// first move this phase; its next move or pivot costs no AP (`generals::move_cost_now`).
    /// Left out of saved states while false (the states of games without it hash as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carried: bool,
    /// VV 7: it has fired in this defensive fire phase.
    pub fired: bool,
    /// It moved into contact in this player-turn (its first round of melee, the charge bonus).
    pub charged: bool,
    /// It has fought in this melee phase.
    pub fought: bool,
    /// VV 9: it flees at the start of its side's next movement phase.
    pub to_flee: bool,
    /// VV 4.2: a general's rating die.
    pub rating: Option<u8>,
}

/// A corps' activation this phase (VV 5.1) and its morale (VV 9).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsState {
    /// The activation score rolled this phase (modified, at least 1).
    pub score: Option<u32>,
    pub ap: u32,
    /// VV 5.1: the commander-in-chief has taken command of it this phase.
    pub under_cinc: bool,
    pub demoralised: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// VV 4.2, VV 3: the generals' ratings and the first player are rolled.
    Begin,
    Movement,
    /// VV 7: the passive player's defensive fire.
    Fire,
    Melee,
    Over,
}

impl Phase {
    pub fn key(self) -> &'static str {
        match self {
            Phase::Begin => "begin",
            Phase::Movement => "movement",
            Phase::Fire => "fire",
            Phase::Melee => "melee",
            Phase::Over => "over",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Begin => "Generals and first player",
            Phase::Movement => "Movement",
            Phase::Fire => "Defensive fire",
            Phase::Melee => "Melee",
            Phase::Over => "Game over",
        }
    }
}

/// VV 8.4 Pursuit: a winner that may occupy the hex its loser left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pursuit {
    pub element: usize,
    pub hex: HexCoord,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    #[serde(skip)]
    pub setup: Option<Arc<Setup>>,
    pub turn: u32,
    /// VV 3: the first player, once rolled.
    pub first: usize,
    /// 0: the first player's phase of the game-turn; 1: the second's.
    pub half: u8,
    pub phase: Phase,
    /// VV 5.1: the activation dice of this movement phase are rolled.
    pub activated: bool,
    pub elements: Vec<ElementState>,
    pub corps: Vec<CorpsState>,
    /// VV 5.1: each side's commander-in-chief's score this phase.
    pub cinc_score: Vec<Option<u32>>,
    /// VV 5.1: he has taken command of a corps this phase.
    pub cinc_took: Vec<bool>,
    pub pursuit: Option<Pursuit>,
    pub outcome: Option<GameOutcome>,
    /// The side holding each objective of the setup (`objectives.rs`); empty, and left out of
    /// the state's hash, when the scenario lists none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Option<usize>>,
}

impl State {
    pub fn setup(&self) -> &Setup {
        self.setup.as_deref().expect("states carry their setup")
    }

    pub fn setup_arc(&self) -> Arc<Setup> {
        self.setup.clone().expect("states carry their setup")
    }

    /// The active player (VV 4: "The player whose phase it is").
    pub fn active(&self) -> usize {
        if self.half == 0 {
            self.first
        } else {
            1 - self.first
        }
    }

    pub fn passive(&self) -> usize {
        1 - self.active()
    }

    /// The side to act: the passive player in defensive fire, a pursuing winner's side while
    /// its pursuit is offered, else the active player.
    pub fn player(&self) -> usize {
        if let Some(p) = &self.pursuit {
            return self.setup().elements[p.element].side;
        }
        match self.phase {
            Phase::Begin | Phase::Over => 0,
            Phase::Fire => self.passive(),
            _ => self.active(),
        }
    }

    /// The element's type on the sheet now (a light infantry element in skirmish formation
    /// takes its skirmisher type, a cavalry element that has mounted or dismounted its
    /// counterpart); `None` for generals.
    pub fn etype(&self, e: usize) -> Option<&'static ElementType> {
        let setup = self.setup();
        let v: &'static Variant = setup.variant;
        let def = &setup.elements[e];
        let i = if self.elements[e].skirmish {
            def.skirmish_ty.or(def.ty)
        } else if self.elements[e].switched {
            def.counterpart_ty.or(def.ty)
        } else {
            def.ty
        }?;
        v.sheet.types.get(i)
    }

    pub fn class(&self, e: usize) -> TroopClass {
        self.etype(e)
            .map(|t| t.class)
            .unwrap_or(TroopClass::General)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// VV 4.2 and VV 3: every general's rating and the first player, rolled.
    Begin,
    /// VV 5.1: the active player's activation dice, one a corps and one for the C-in-C.
    Activate,
    /// VV 5.1: the C-in-C takes command of a corps that scored lower than he did.
    TakeCommand { corps: String },
    /// VV 5.4: an element moves to a hex and faces a hexside there.
    Move {
        element: String,
        to: String,
        facing: Facing,
    },
    /// VV 5.2: a group moves in parallel, `to` the first element's destination, every other
    /// element shifted alike, all keeping the facing `facing` (`groups.rs`).
    MoveGroup {
        elements: Vec<String>,
        to: String,
        facing: Facing,
    },
    /// VV 5.4: an about-turn (any new facing) in place, 1 AP.
    Pivot { element: String, facing: Facing },
    /// VV 5.6 Squares: infantry in line forms square, 1 AP.
    Square { element: String },
    /// VV 5.6 Squares: a square forms line again, 1 AP.
    Line { element: String },
    /// VV LGA Skirmishers: light infantry becomes two skirmisher elements, the second in
    /// `hex`, beside it.
    Skirmish { element: String, hex: String },
    /// VV LGA Skirmishers: a skirmisher pair, side by side, forms the light infantry element.
    CloseOrder { element: String },
    /// VV 5.6 Dismounting/mounting cavalry (RY): mounted cavalry dismounts, 1 AP.
    Dismount { element: String },
    /// VV 5.6 Dismounting/mounting cavalry (RY): dismounted cavalry mounts, 1 AP.
    Mount { element: String },
    /// VV 4.1: a reinforcement element enters the map at one of its entry hexes, facing a
    /// hexside there (1 AP of its corps; a general's free first move).
    Enter {
        element: String,
        hex: String,
        facing: Facing,
    },
    /// VV 7: defensive fire at `target`, with `supports` (VV 7.4).
    Fire {
        element: String,
        target: String,
        #[serde(default)]
        supports: Vec<String>,
    },
    /// VV 8: a melee of the active player's element against the enemy element at its front.
    Melee { element: String, target: String },
    /// VV 8.4 Pursuit: the winner occupies the hex its loser left.
    Pursue,
    /// VV 8.4 Pursuit: the winner stays (pursuit is optional for it).
    Hold,
    /// The end of the side's phase.
    End,
}

pub use crate::engine::setup_state::Event;

impl crate::engine::setup_state::SharedSetup for State {
    fn share_setup_of(&mut self, root: &State) {
        self.setup = root.setup.clone();
    }
}

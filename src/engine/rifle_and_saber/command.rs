//! Commands: everything a player can do, as data. The archive stores them; replay applies them
//! again with the recorded dice.

use super::scenario::Morale;
use super::state::{Ammo, Outcome, UnitId};
use crate::engine::dice::Roll;
use crate::frac::Frac;
use crate::map::HexCoord;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Set a unit up in its deployment zone (guns may set up limbered).
    Deploy {
        unit: UnitId,
        hex: HexCoord,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        limbered: bool,
    },
    /// R&S 10.3: a trench on a friendly-occupied hex, before the game.
    PlaceTrench {
        hex: HexCoord,
    },
    /// An improved position from the order of battle or a scenario rule, before the game.
    PlaceImprovedPosition {
        hex: HexCoord,
    },
    /// The deploying side is done.
    EndDeployment,
    /// R&S 5.1: allocate a unit's fire at an enemy hex (joining the attack on that hex).
    Fire {
        unit: UnitId,
        target: HexCoord,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ammo: Option<Ammo>,
    },
    CancelFire {
        unit: UnitId,
    },
    /// Execute the allocated fire attacks, in the order allocated.
    ResolveFire,
    /// R&S 10.2: begin an improved position at the start of a friendly player-turn.
    BeginWork {
        hex: HexCoord,
    },
    /// Move a unit along adjacent hexes (R&S 4.0); a reinforcement's path starts at an entry
    /// hex. `charge` raises cavalry to its charge allowance (R&S 4(K)).
    Move {
        unit: UnitId,
        path: Vec<HexCoord>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        charge: bool,
    },
    /// R&S 4(J): 3 MP.
    Limber {
        unit: UnitId,
    },
    Unlimber {
        unit: UnitId,
    },
    /// R&S 4(L): at the very beginning of the unit's Movement Phase.
    Dismount {
        unit: UnitId,
    },
    Remount {
        unit: UnitId,
    },
    /// R&S 10.5: 1 MP.
    EnterRoadMode {
        unit: UnitId,
    },
    LeaveRoadMode {
        unit: UnitId,
    },
    /// R&S 7.0(C): put a unit on top of its stack (owner's Movement Phase only).
    ToTop {
        unit: UnitId,
    },
    /// Leave the map from an exit area of a victory condition.
    ExitMap {
        unit: UnitId,
    },
    /// R&S 5.2: allocate a unit's shock attack on an adjacent enemy hex.
    Shock {
        unit: UnitId,
        target: HexCoord,
    },
    CancelShock {
        unit: UnitId,
    },
    /// Execute the allocated shock attacks.
    ResolveShock,
    /// Answer a pending retreat decision.
    ChooseRetreat {
        path: Vec<HexCoord>,
    },
    /// Answer a pending shock-losses decision.
    ChooseShockLosses {
        units: Vec<UnitId>,
    },
    /// End the current phase.
    EndPhase,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Deployed {
        unit: UnitId,
        hex: HexCoord,
    },
    TrenchPlaced {
        hex: HexCoord,
    },
    ImprovedPositionPlaced {
        hex: HexCoord,
    },
    DeploymentEnded {
        side: usize,
    },
    PhaseBegan {
        turn: u32,
        player: usize,
        phase: super::state::Phase,
    },
    FireAllocated {
        unit: UnitId,
        target: HexCoord,
    },
    FireCancelled {
        unit: UnitId,
    },
    DieRolled {
        roll: Roll,
    },
    FireResolved {
        target: HexCoord,
        defender: UnitId,
        attack: Frac,
        defense: Frac,
        odds: String,
        roll: u8,
        result: String,
        shot: bool,
    },
    Moved {
        unit: UnitId,
        path: Vec<HexCoord>,
        spent: Frac,
    },
    Limbered {
        unit: UnitId,
    },
    Unlimbered {
        unit: UnitId,
    },
    Dismounted {
        unit: UnitId,
    },
    Remounted {
        unit: UnitId,
    },
    RoadMode {
        unit: UnitId,
        on: bool,
    },
    OnTop {
        unit: UnitId,
    },
    Exited {
        unit: UnitId,
    },
    ShockAllocated {
        unit: UnitId,
        target: HexCoord,
    },
    ShockCancelled {
        unit: UnitId,
    },
    ShockResolved {
        target: HexCoord,
        attack: Frac,
        defense: Frac,
    },
    Disrupted {
        unit: UnitId,
        until: u32,
        reason: String,
    },
    Eliminated {
        unit: UnitId,
        reason: String,
    },
    Retreated {
        unit: UnitId,
        path: Vec<HexCoord>,
    },
    Recovered {
        unit: UnitId,
    },
    WorkBegan {
        hex: HexCoord,
    },
    ImprovedPositionBuilt {
        hex: HexCoord,
    },
    ImprovedPositionRemoved {
        hex: HexCoord,
    },
    WorkAbandoned {
        hex: HexCoord,
    },
    MoraleChanged {
        side: usize,
        from: Morale,
        to: Morale,
        reason: String,
    },
    DecisionNeeded {
        side: usize,
        what: String,
    },
    /// A scripted event of the scenario happened (`scripted`): its text and what it did.
    Scripted {
        turn: u32,
        at: String,
        text: String,
        did: Vec<String>,
    },
    GameOver {
        outcome: Outcome,
    },
}

impl Event {
    /// The roll this event records, if any.
    pub fn roll(&self) -> Option<&Roll> {
        match self {
            Event::DieRolled { roll } => Some(roll),
            _ => None,
        }
    }
}

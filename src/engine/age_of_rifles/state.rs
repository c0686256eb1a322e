//! The changing part of an Age of Rifles game, its commands and its events.
//!
//! The state is serialized without its shared [`Setup`] for the state hash, `kepi state --json`
//! and the archive's snapshots; a snapshot is read back onto the root state's setup.
//!
//! Invariants (checked by the property tests, tests/age_of_rifles_play.rs):
//! - no hex holds units of both sides;
//! - no hex holds more than two units of a side (AoR 5.3) unless every unit in it carries
//!   `overstacked` (a retreat into a full hex, AoR 7.4, which disrupts them);
//! - `steps` is 1 or 2 for a unit on the map, never more than its counter has;
//! - `combat` is `Some` only in the Formation Combat Segment;
//! - `eliminated_on` is `None` for a unit on the map (AoR 15 clears it when it comes back);
//! - a `permanent` unit stays eliminated (AoR 7.4, 15).

use super::setup::{Ix, Setup};
use crate::engine::GameOutcome;
use crate::engine::dice::Roll;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::section::Order;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setting up before play: `player` deploys.
    Deployment,
    /// AoR 4.1 Command and Reorganization Phase: each side in turn sends orders.
    Command,
    /// AoR 4 I.
    Bombardment,
    /// AoR 4 II.
    Charge,
    /// AoR 4 III.
    Movement,
    /// AoR 4 IV (the Turn End Segment, V, and Disruption Removal, 4.4, follow its end at once:
    /// they hold no decision).
    Combat,
    Over,
}

impl Phase {
    pub fn key(self) -> &'static str {
        match self {
            Phase::Deployment => "deployment",
            Phase::Command => "command",
            Phase::Bombardment => "bombardment",
            Phase::Charge => "charge",
            Phase::Movement => "movement",
            Phase::Combat => "combat",
            Phase::Over => "over",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Phase::Deployment => "Deployment",
            Phase::Command => "Command and Reorganization Phase",
            Phase::Bombardment => "Bombardment Segment",
            Phase::Charge => "Cavalry Charge Segment",
            Phase::Movement => "Formation Movement Segment",
            Phase::Combat => "Formation Combat Segment",
            Phase::Over => "Game over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loc {
    /// Not on the map yet (waiting to deploy or to arrive).
    Off,
    At(Ix),
    Eliminated,
    /// AoR 5.6: left the map (`exit`); never comes back (Kepi builds no reentry rule).
    Exited,
}

/// Why a unit is disrupted: bombardment's disruption is removed at the end of the game-turn
/// (AoR 8.1, 4.4); any other only by passing the Turn End Segment's morale check (AoR 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Disruption {
    Bombardment,
    Combat,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub loc: Loc,
    /// Steps left (AoR 6.1).
    pub steps: u8,
    pub disrupted: Option<Disruption>,
    /// Moved in this Formation Movement Segment.
    pub moved: bool,
    /// Bombarded this player-turn (AoR 4 III, 8.1, 8.2).
    pub bombarded: bool,
    /// Attacked in this Formation Combat Segment (AoR 7.3: one stack attacks once).
    pub attacked: bool,
    /// Retreated into a hex where it broke stacking (AoR 7.4); cleared when it moves.
    pub overstacked: bool,
    /// In an enemy ZOC when its side's player-turn began (AoR 7.11).
    #[serde(default)]
    pub started_in_zoc: bool,
    /// AoR 7.4: foot artillery destroyed where an enemy advanced; never reorganized.
    pub permanent: bool,
    /// AoR 7.6: "A cavalry unit can only charge once per turn" (a charge or a reaction charge
    /// this game-turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub charged: bool,
    /// The game-turn the unit was eliminated on (AoR 15: reorganized from the first night turn
    /// after it); `None` while it is not eliminated (or in a snapshot older than the field,
    /// read as eliminated before the current game-turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated_on: Option<u32>,
    /// AoR 7.3: the hex the unit moved out of into the hex it ended its Formation Movement
    /// Segment move in (the last hex of its path before it); set by the move, cleared when a
    /// player-turn and a Formation Movement Segment begin. `None` when it did not move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_from: Option<Ix>,
    /// AoR 5.6: the hex the unit left the map from (an `exit` condition counts the units that
    /// left through its area); `None` unless it exited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exited_from: Option<Ix>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderLoc {
    Off,
    At(Ix),
    /// AoR 11: died; back at the start of game-turn `returns` with a rating of 1.
    Dead {
        returns: u32,
    },
    /// Out of the game: left it by a scripted event, or a leader an event brings who has not
    /// come yet (`scripted`).
    Gone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub loc: LeaderLoc,
    pub rating: u32,
    pub moved: bool,
    /// Orders sent this game-turn (AoR 12.5).
    pub orders_sent: u32,
    /// AoR 15: he reorganized units (or tried to) this game-turn and "does not count as being
    /// present on the map for any other purpose for that turn": he receives no orders,
    /// moves not, and is no origin of command range (`reorganize` says the reading).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reorganizing: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub order: Order,
    pub march_to: Option<Ix>,
    pub attack_after_march: bool,
    /// The game-turn the leader complies (AoR 12.4).
    pub due: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationState {
    pub order: Order,
    /// AoR 12.2 March: the hex the leader is placed in.
    pub march_to: Option<Ix>,
    pub attack_after_march: bool,
    pub pending: Option<Pending>,
    /// AoR 12.3: under Attack orders a unit suffered a hit; checked next Command Phase.
    pub hit_under_attack: bool,
    /// AoR 14.1: the full strength of its eliminated units.
    pub lost: u32,
    pub demoralized: bool,
}

/// Where an assault stands between its fire and its end (AoR 7.3-7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// AoR 7.11: assaulted cavalry or horse artillery chooses whether to retreat first.
    BeforeAssault,
    /// The attacker chooses whether to retreat voluntarily (AoR 7.4).
    AttackerRetreat,
    /// Then the defender.
    DefenderRetreat,
    /// The target hex is empty and the attackers stayed: one may advance (AoR 7.5).
    Advance,
    /// AoR 7.1: the attacker chooses which of its units take the hits.
    AllocateAttackers,
    /// AoR 7.1: the defender chooses which of its units take the hits.
    AllocateDefenders,
    /// AoR 7.3: an attacker moved adjacent out of a nonadjacent hex in the target's line of
    /// sight: the defender chooses to fire first (losses applied sequentially) or not.
    FireFirst,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub stage: Stage,
    pub attacker: usize,
    pub target: Ix,
    pub attacker_hexes: Vec<Ix>,
    pub attackers: Vec<usize>,
    pub defenders: Vec<usize>,
    /// Hits scored on (attackers, defenders), before any halving.
    pub hits: (u32, u32),
    pub voluntary: (bool, bool),
    pub flank: bool,
    /// Artillery fired on each side (the morale chart's "fired at by artillery").
    pub artillery: (bool, bool),
    /// Old Guard infantry among the attackers.
    pub guard: bool,
    /// Defending foot artillery destroyed instead of retreating (AoR 7.4): permanent if an
    /// attacker advances.
    pub artillery_lost: Vec<usize>,
    /// AoR 7.1: the owners' choices of which units take the hits (attackers, defenders), one
    /// unit a hit, in order; asked only when there is a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_attackers: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_defenders: Option<Vec<usize>>,
    /// AoR 7.3: the defender chose to fire first: the defender's fire was rolled and the
    /// attackers' losses applied before the attack strength was determined.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sequential: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    #[serde(skip)]
    pub setup: Option<Arc<Setup>>,
    pub turn: u32,
    pub phase: Phase,
    /// Who acts: the deploying side, the side sending orders, the phasing side, or the side a
    /// decision waits for.
    pub player: usize,
    /// 0 for the first player-turn of the game-turn, 1 for the second.
    pub half: u8,
    pub units: Vec<UnitState>,
    pub leaders: Vec<LeaderState>,
    pub formations: Vec<FormationState>,
    /// AoR 13: the strength of each side's destroyed units.
    pub destroyed: [u32; 2],
    pub army_demoralized: [bool; 2],
    /// AoR 18 "Occupation": per hex, 0 none, else 1 + the side that last had a unit in it or
    /// moved one through it.
    pub occupied: Vec<u8>,
    pub points: [i64; 2],
    /// Target hexes assaulted this Formation Combat Segment (AoR 7.3's distribution).
    pub assaulted: Vec<Ix>,
    /// Each victory condition once decided (met or not), in the scenario's order.
    pub decided: Vec<Option<bool>>,
    pub combat: Option<Combat>,
    pub outcome: Option<GameOutcome>,
    /// AoR 7.6: the charges declared this Cavalry Charge Segment, resolved in parallel (all
    /// declared, then each resolved in turn) when the segment ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charges: Vec<super::cavalry::Declared>,
    /// The charge being resolved while it waits for a decision (AoR 7.6-7.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<super::cavalry::ChargeState>,
    /// AoR 7.8: a chance for the other side's cavalry to reaction charge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction: Option<super::cavalry::Reaction>,
    /// True while the segment's declared charges are being resolved.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resolving_charges: bool,
    /// AoR 18 `hold_for_turns`: per victory entry, each side's count of consecutive game-turns
    /// ending with the target held; empty when the scenario has no such entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub streaks: Vec<[u32; 2]>,
    /// The parts of `all`/`any` entries decided at their own game-turns, by path ("0.1").
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub parts: std::collections::BTreeMap<String, bool>,
    /// The points for targets held at the end (victory points `hold` without `each_turn`) are
    /// in `points` (added at the end of the last game-turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hold_points_added: bool,
    /// AoR 8.1, 7.1: a bombardment whose hits wait for the target's owner to choose the units
    /// that take them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bombardment: Option<PendingBombardment>,
    /// How many of the scenario's scripted events have happened (`scripted`); left out of the
    /// stored form while none has, so that a game without them hashes as before.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub scripted: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// AoR 8.1, 7.1: a bombardment's hits waiting for the owner of the target stack. The first hit
/// is a disruption, placed on a unit the owner chooses (`disrupt`: on infantry if possible),
/// then the further hits are allocated (`allocate`) as 7.1 says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingBombardment {
    /// The artillery that fired.
    pub unit: usize,
    pub target: Ix,
    /// The target stack's units.
    pub targets: Vec<usize>,
    /// The disruption is still to be placed.
    pub disrupt: bool,
    /// The hits after the first.
    pub step_hits: u32,
}

impl State {
    pub fn setup(&self) -> &Setup {
        self.setup.as_deref().expect("a state carries its setup")
    }
    pub fn arc(&self) -> Arc<Setup> {
        self.setup.clone().expect("a state carries its setup")
    }
    /// The phasing side of the current player-turn.
    pub fn phasing(&self) -> usize {
        (self.setup().moves_first + self.half as usize) % 2
    }
}

/// A player's command. Units, leaders and formations by their scenario ids, hexes by printed
/// name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// Place a unit or leader (by id) in its deployment zone.
    Deploy { piece: String, hex: String },
    /// AoR 12.2-12.5: an OC/WC sends a formation a new order.
    SendOrder {
        formation: String,
        order: Order,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        march_to: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        attack_after_march: bool,
    },
    /// AoR 12.3: "a player can change a leader's order from Defend to Reserve at any time".
    ToReserve { formation: String },
    /// AoR 15: an eliminated unit comes back with its reduced step strength in its formation
    /// leader's hex (Command and Reorganization Phase of a night game-turn).
    Reorganize { unit: String },
    /// AoR 8.1: one artillery unit bombards a hex up to two hexes away.
    Bombard { unit: String, target: String },
    /// AoR 7.6: cavalry in one hex charge an enemy hex up to two hexes away (declared in the
    /// Cavalry Charge Segment); AoR 7.8: when a reaction charge is offered, the reaction charge.
    Charge { units: Vec<String>, target: String },
    /// AoR 7.6, 7.10: the charged infantry tests morale to form square, or does not.
    FormSquare { square: bool },
    /// AoR 7.6, 7.7: victorious charging cavalry stays in the hex it won (or, after a pursuit,
    /// stops) or goes back to its starting hex.
    EndCharge { back: bool },
    /// AoR 7.7: victorious charging cavalry pursues into an adjacent enemy hex.
    Pursue { target: String },
    /// AoR 7.8: no reaction charge.
    Decline,
    /// AoR 7.1: the owner's units that take the hits of an assault, a bombardment or a
    /// charge, one a hit, in order (a unit named twice takes two hits).
    Allocate { units: Vec<String> },
    /// AoR 8.1, 7.1: the unit of the bombarded stack that the first hit disrupts (the owner's
    /// choice, on infantry if possible).
    Disrupt { unit: String },
    /// AoR 5: a unit moves to a hex. Without `via` the engine finds its cheapest allowed path
    /// (of the cheapest, the one through the fewest passing fires, AoR 7.12); with `via` the
    /// path passes through those hexes in order, the cheapest such path (then the fewest
    /// fires). `via` is left out of the stored form when empty, so a move without waypoints
    /// is stored as before.
    Move {
        unit: String,
        to: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        via: Vec<String>,
    },
    /// AoR 5.6: a unit on a map-edge hex of its side's exit area leaves the map (its move).
    Exit { unit: String },
    /// AoR 11: a leader moves.
    MoveLeader { leader: String, to: String },
    /// AoR 7.3: the stacks in `from` attack the stack in `target`.
    Assault { from: Vec<String>, target: String },
    /// AoR 7.3: the defender fires first at attackers that moved adjacent out of a nonadjacent
    /// hex in its line of sight (losses applied sequentially), or not (simultaneously).
    FireFirst { first: bool },
    /// AoR 7.4: the side asked retreats voluntarily or stands.
    Retreat { voluntary: bool },
    /// AoR 7.5: one attacker advances into the vacated hex, or none; `with`, a second unit of
    /// the same attacking hex when a leader is there ("both units and the leader can advance").
    Advance {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// End the deployment, the side's orders, or the segment.
    End,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Rolled {
        roll: Roll,
    },
    /// Something that happened, in words (with its rule case).
    Note {
        text: String,
    },
    /// A scripted event of the scenario happened (`scripted`): its game-turn, its time
    /// ("start" or "end") and its text; what it did follows as notes.
    Scripted {
        turn: u32,
        at: String,
        text: String,
    },
}

impl crate::engine::setup_state::SharedSetup for State {
    /// The root's setup, with what the scripted events that have happened since it changed
    /// of it (`scripted::setup_after`).
    fn share_setup_of(&mut self, root: &State) {
        self.setup = root
            .setup
            .as_ref()
            .map(|s| super::scripted::setup_after(s, root.scripted, self.scripted));
    }
}

impl crate::engine::setup_state::RollEvent for Event {
    fn roll(&self) -> Option<&Roll> {
        match self {
            Event::Rolled { roll } => Some(roll),
            Event::Note { .. } | Event::Scripted { .. } => None,
        }
    }
}

//! The changing part of a Rifle & Saber game. Serialized (without the shared [`Setup`]) for the
//! state hash and for `kepi state --json`; rebuilt by replaying commands, never deserialized.
//!
//! Invariants (checked by property tests): no hex holds more than 6 stacking points
//! (R&S 7.0); no hex holds units of both sides; a disrupted unit never attacks.

use super::scenario::Morale;
use super::setup::Setup;
use crate::engine::hash::stable_hash;
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::rules::VictoryLevel;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Index into `Setup::units` and `State::units`.
pub type UnitId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setting up before play; `State::player` is the side deploying.
    Deployment,
    /// R&S 3.0 step 1.
    Fire,
    /// R&S 3.0 step 2.
    Movement,
    /// R&S 3.0 step 3.
    Shock,
    /// The game has ended; see `State::outcome`.
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Deployment => "Deployment",
            Phase::Fire => "Fire Combat Phase",
            Phase::Movement => "Movement Phase",
            Phase::Shock => "Shock Combat Phase",
            Phase::Over => "Game over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Not yet on the map (before deployment, or a reinforcement still to come).
    Off,
    Hex(HexCoord),
    /// Left the map through an exit area.
    Exited,
    /// Left the game by a scripted event (`scripted`): neither eliminated nor exited.
    Withdrawn,
    Eliminated,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Current kind (a dismounted cavalry unit is of its dismounted kind, R&S 4(L)).
    pub kind: usize,
    /// The mounted kind while dismounted.
    pub mounted_kind: Option<usize>,
    pub location: Location,
    /// Stacking order: in a hex, the unit with the highest `order` is on top (R&S 5.1(E)).
    pub order: u32,
    /// Disrupted until the end of this player-turn number (R&S 6.0(B)).
    pub disrupted_until: Option<u32>,
    pub limbered: bool,
    /// R&S 10.5 road movement mode.
    pub road_mode: bool,
    /// Movement points spent this Movement Phase.
    pub spent: Frac,
    /// Hexes entered this Movement Phase.
    pub moved: u32,
    /// Left an enemy-controlled hex this Movement Phase: disrupted at its end (R&S 8.0(B)).
    pub left_zoc: bool,
    /// Entered a hex it must not approach (scenario special rule): disrupted at phase end.
    pub approached: bool,
    /// Charged this player-turn (R&S 4(K)): must shock attack; disrupted at the turn's end.
    pub charging: bool,
    /// Fired this Fire Combat Phase (allocated).
    pub fired: bool,
    /// Attacked this Shock Combat Phase (allocated).
    pub shocked: bool,
    /// Dismounted or remounted this phase (R&S 4(L): only at the very beginning).
    pub changed_mount: bool,
}

impl UnitState {
    pub fn hex(&self) -> Option<HexCoord> {
        match self.location {
            Location::Hex(h) => Some(h),
            _ => None,
        }
    }

    pub fn disrupted(&self) -> bool {
        self.disrupted_until.is_some()
    }
}

/// Artillery ammunition (R&S 5.1(F)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ammo {
    Canister,
    Shot,
}

/// One combined fire attack on a hex (R&S 5.1(E)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FireAttack {
    pub target: HexCoord,
    pub attackers: Vec<(UnitId, Option<Ammo>)>,
}

/// One combined shock attack on a hex (R&S 5.2(E)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShockAttack {
    pub target: HexCoord,
    pub attackers: Vec<UnitId>,
}

/// A decision the engine waits for in the middle of resolving combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pending {
    /// R&S 6.0(C): the owner picks one of the equally good retreat paths.
    Retreat {
        side: usize,
        unit: UnitId,
        options: Vec<Vec<HexCoord>>,
    },
    /// R&S 5.2: the side picks units worth at most `points` adjusted shock points, as many as
    /// fit, to be disrupted (the defender when the attacker is weaker; the attacker when
    /// stronger).
    ShockLosses {
        side: usize,
        target: HexCoord,
        candidates: Vec<(UnitId, Frac)>,
        points: Frac,
        /// True when the candidates are the attackers.
        attackers: bool,
    },
}

impl Pending {
    pub fn side(&self) -> usize {
        match self {
            Pending::Retreat { side, .. } | Pending::ShockLosses { side, .. } => *side,
        }
    }
}

/// What is left to resolve after a pending decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Resolving {
    Fire,
    /// The shock attack in progress: disrupted defenders still to retreat, in order.
    Shock {
        attack: ShockAttack,
        to_retreat: Vec<UnitId>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Work {
    pub hex: HexCoord,
    pub side: usize,
    /// The player-turn the work began; the improved position is done at the end of the second
    /// friendly player-turn (R&S 10.2), i.e. of player-turn `started + 2`.
    pub started: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<usize>,
    pub level: Option<VictoryLevel>,
    pub reason: String,
}

/// Serialized without its setup: a snapshot (archive) is read back with
/// [`State::from_snapshot`], which attaches the game's setup again.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    #[serde(skip, default = "Setup::placeholder")]
    pub setup: Arc<Setup>,
    /// Game-turn, 0 during deployment.
    pub turn: u32,
    pub phase: Phase,
    /// The phasing (or deploying) side.
    pub player: usize,
    /// Player-turns begun so far (1 in the first player-turn of game-turn 1).
    pub player_turn: u32,
    pub units: Vec<UnitState>,
    pub next_order: u32,
    pub trenches: BTreeSet<HexCoord>,
    pub trenches_left: [u32; 2],
    pub improved: BTreeSet<HexCoord>,
    pub improved_left: [u32; 2],
    pub work: Vec<Work>,
    pub fire_plan: Vec<FireAttack>,
    /// Hexes and units fire attacks have been executed against this phase: R&S 5.1(C) "No
    /// target hex, nor unit may be attacked more than once per Fire Combat Phase" (fire
    /// allocated before a unit retreats into a hex still hits it, errata 6.0(C); new fire
    /// may not be allocated at either). Not serialized while empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire_attacked: Vec<HexCoord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire_defended: Vec<UnitId>,
    /// Fire attacks being executed, in order.
    pub fire_tasks: Vec<super::fire::FireTask>,
    pub shock_plan: Vec<ShockAttack>,
    /// Hexes attacked by shock this phase (R&S 5.2(C): once each).
    pub attacked: Vec<HexCoord>,
    /// Units that have defended against a shock attack this phase: R&S 5.2(C) "No unit may be
    /// attacked more than once per Shock Combat Phase", also after retreating into another
    /// hex. (Not serialized while empty, so the state hash of older states is unchanged.)
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shock_defended: Vec<UnitId>,
    pub resolving: Option<Resolving>,
    pub pending: Option<Pending>,
    /// R&S 10.1: current morale per side.
    pub morale: [Morale; 2],
    /// Fire attack strength lost through elimination, per side (R&S 10.1).
    pub lost_strength: [Frac; 2],
    pub start_strength: [Frac; 2],
    /// Units eliminated, per side.
    pub eliminated: [u32; 2],
    /// Consecutive game-turns each side has held each hold-for-turns target.
    pub streaks: Vec<[u32; 2]>,
    /// Feature each side deployed on, for control-the-deployed-hill victories.
    pub deployed_on: [Option<String>; 2],
    /// Victory conditions decided while the game goes on, by path ("0", "1.2": part 2 of
    /// entry 1). Not serialized while empty (a game of one condition ends when it is decided,
    /// so its state hashes are unchanged).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub decided: BTreeMap<String, crate::engine::victory::Decided>,
    /// Victory points scored so far, per side: holds at the end of each game-turn and units
    /// that left the map (holds at the end of the game count when a condition is decided).
    #[serde(default, skip_serializing_if = "super::victory::no_points")]
    pub points: [i64; 2],
    pub outcome: Option<Outcome>,
    /// How many of the scenario's scripted events have happened (`scripted`); not serialized
    /// while none has, so that a game without them hashes as before.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub scripted: u32,
    /// R&S 10.1 morale levels scripted events gave groups: (side, group, the level it would
    /// have started at, as `ctx::morale_index`). Not serialized while empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub morale_set: Vec<(usize, String, i32)>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.hash() == other.hash()
    }
}

impl State {
    /// A state read back from its JSON (a snapshot), with the game's setup attached.
    pub fn from_snapshot(json: &str, setup: Arc<Setup>) -> Result<State, serde_json::Error> {
        let mut s: State = serde_json::from_str(json)?;
        s.setup = setup;
        Ok(s)
    }

    /// The state as MessagePack with named fields (the archive's binary snapshots). Named,
    /// not positional: fields left out while empty (`skip_serializing_if`, which keeps older
    /// state hashes) must read back as their defaults, which a positional format cannot do.
    pub fn to_snapshot_bytes(&self) -> Vec<u8> {
        rmp_serde::to_vec_named(self).expect("states serialize")
    }

    /// A state read back from [`State::to_snapshot_bytes`], with the game's setup attached.
    pub fn from_snapshot_bytes(bytes: &[u8], setup: Arc<Setup>) -> Result<State, String> {
        let mut s: State = rmp_serde::from_slice(bytes).map_err(|e| e.to_string())?;
        s.setup = setup;
        Ok(s)
    }

    /// Stable hash of everything that changes during play (the setup is fixed per game and
    /// identified by `Setup::scenario_hash`).
    pub fn hash(&self) -> String {
        stable_hash(self)
    }

    /// R&S 10.1 morale of a unit: its force's level, or where the scenario starts the unit's
    /// group at another level, that level moved as far as its force's has moved (10.1 (5):
    /// "Morale changes apply to the entire force").
    pub fn unit_morale(&self, u: UnitId) -> Morale {
        let side = self.side_of(u);
        let s = &self.setup.sides[side];
        // A level a scripted event gave the unit's group (`scripted`).
        if let Some(g) = &self.setup.units[u].group
            && let Some((_, _, base)) = self
                .morale_set
                .iter()
                .find(|(x, y, _)| *x == side && y == g)
        {
            use super::ctx::{morale_of, morale_shift};
            return if self.setup.options.morale {
                morale_of(base + morale_shift(self, side))
            } else {
                morale_of(*base)
            };
        }
        let group_base = self.setup.units[u]
            .group
            .as_ref()
            .and_then(|g| s.group_morale.get(g));
        match group_base {
            None => self.morale[side],
            Some(base) if !self.setup.options.morale => *base,
            Some(base) => {
                use super::ctx::{morale_index, morale_of, morale_shift};
                morale_of(morale_index(*base) + morale_shift(self, side))
            }
        }
    }

    /// The force whose morale a unit has: its side ("Union"), or its group where the scenario
    /// gives the group a morale level of its own ("Union group (b)").
    pub fn force_name(&self, u: UnitId) -> String {
        let side = &self.setup.sides[self.side_of(u)];
        match &self.setup.units[u].group {
            Some(g) if side.group_morale.contains_key(g) => format!("{} group ({g})", side.name),
            _ => side.name.clone(),
        }
    }

    pub fn unit(&self, id: UnitId) -> &UnitState {
        &self.units[id]
    }

    pub fn kind(&self, id: UnitId) -> &super::setup::UnitKind {
        &self.setup.kinds[self.units[id].kind]
    }

    pub fn side_of(&self, id: UnitId) -> usize {
        self.setup.units[id].side
    }

    /// The unit as players read it and commands name it: "British MZ 3", with its group when
    /// the side's order of battle has groups, "French (b) EB 2" (the scenarios' "(a)", "(b)").
    /// Only words: the setup's label (without the group) is what is stored and hashed.
    pub fn label(&self, id: UnitId) -> Cow<'_, str> {
        let unit = &self.setup.units[id];
        let side = &self.setup.sides[unit.side].name;
        // The setup writes "{side} {code} {n}".
        match (&unit.group, unit.label.strip_prefix(side.as_str())) {
            (Some(g), Some(rest)) => Cow::Owned(format!("{side} ({g}){rest}")),
            _ => Cow::Borrowed(&unit.label),
        }
    }

    /// Whether `name` names the unit: its label, with or without its group, in any case.
    pub fn answers_to(&self, id: UnitId, name: &str) -> bool {
        let name = name.trim();
        self.label(id).eq_ignore_ascii_case(name)
            || self.setup.units[id].label.eq_ignore_ascii_case(name)
    }

    /// Units in a hex, bottom first, top last.
    pub fn stack(&self, h: HexCoord) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = (0..self.units.len())
            .filter(|&i| self.units[i].location == Location::Hex(h))
            .collect();
        v.sort_by_key(|&i| self.units[i].order);
        v
    }

    /// Every occupied hex with its stack (bottom first).
    pub fn stacks(&self) -> BTreeMap<HexCoord, Vec<UnitId>> {
        let mut m: BTreeMap<HexCoord, Vec<UnitId>> = BTreeMap::new();
        for (i, u) in self.units.iter().enumerate() {
            if let Location::Hex(h) = u.location {
                m.entry(h).or_default().push(i);
            }
        }
        for v in m.values_mut() {
            v.sort_by_key(|&i| self.units[i].order);
        }
        m
    }

    pub fn top(&self, h: HexCoord) -> Option<UnitId> {
        self.stack(h).last().copied()
    }

    /// The side occupying a hex, if any.
    pub fn occupant(&self, h: HexCoord) -> Option<usize> {
        self.units
            .iter()
            .position(|u| u.location == Location::Hex(h))
            .map(|i| self.side_of(i))
    }

    pub fn stacking_points(&self, h: HexCoord) -> u32 {
        self.stack(h).iter().map(|&i| self.kind(i).stacking).sum()
    }

    /// R&S 8.0: the six hexes around any unit of `side` are controlled by it.
    pub fn controlled_by(&self, side: usize, h: HexCoord) -> bool {
        self.setup
            .grid
            .neighbors(h)
            .any(|n| self.occupant(n) == Some(side))
    }

    pub fn on_map(&self, side: usize) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len())
            .filter(move |&i| self.side_of(i) == side && self.units[i].hex().is_some())
    }

    /// The hexes `side`'s units stand in, each once, in order.
    pub fn hexes_of(&self, side: usize) -> Vec<HexCoord> {
        let mut hexes: Vec<HexCoord> = self
            .on_map(side)
            .filter_map(|u| self.units[u].hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        hexes
    }

    /// Units of `side` still in play: on the map or yet to arrive.
    pub fn in_play(&self, side: usize) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len()).filter(move |&i| {
            self.side_of(i) == side
                && matches!(self.units[i].location, Location::Hex(_) | Location::Off)
        })
    }
}

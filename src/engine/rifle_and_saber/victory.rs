//! Victory in Rifle & Saber: the scenario's conditions (R&S 11.0: "For one side to 'hold' a
//! hex, a Friendly unit must be in the hex on the specified Game-Turn") evaluated by the shared
//! evaluator (`engine::victory`, which says how the entries combine), on the facts of this
//! game's position, and its victory points.
//!
//! What is Rifle & Saber's own here: a hex is held by the side with a unit in it (R&S 11.0);
//! an `exit` counts every unit of the side off the map (its units leave the map only through its
//! exit areas, `Ctx::exit_map`), by unit type or by a marker made a unit (R&S 11.17's limbers);
//! `control_deployed_hill` reads the hill the enemy deployed on (R&S scenarios 14, 15);
//! victory points for eliminations and for targets held at the end are counted at the moment
//! they are read, those for holds each game-turn and for exits are scored as they happen.
//!
//! Invariants kept for the archive: the verdicts keep the shared wording (the format's first);
//! decided entries are kept with their words in `State::decided` (entries by index, parts of
//! `all`/`any` by path) and written back only while the game goes on (a scenario of one entry
//! ends when it is decided, with the state it had before), so recorded games keep their state
//! hashes.

use super::ctx::Ctx;
use super::oob::Extra;
use super::setup::Setup;
use super::state::{Location, Outcome, State};
use crate::engine::victory::{
    self, ByPath, Condition, Decided, Entry, Facts, Resolve, Target, Words,
};
use crate::map::{HexCoord, Map};
use crate::scenario::ScenarioFile;
use crate::scenario::rules::{MarkerKind, PointsSource, VictoryLevel};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum PointsSourceSetup {
    Hold {
        target: Target<HexCoord>,
        points: i64,
        each_turn: bool,
    },
    Eliminated {
        points: i64,
    },
    Exited {
        points: i64,
        area: BTreeSet<HexCoord>,
    },
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PointsSetup {
    pub side: usize,
    pub source: PointsSourceSetup,
}

pub fn no_points(p: &[i64; 2]) -> bool {
    *p == [0, 0]
}

/// How a Rifle & Saber scenario's names resolve: sides, hexes as they are, exit counts by unit
/// type or by a marker made a unit by a special rule (R&S 11.17).
struct Names<'a> {
    map: &'a Map,
    side_of: &'a dyn Fn(&str) -> usize,
    kind_of: &'a dyn Fn(&str) -> Option<usize>,
    special_kinds: &'a BTreeMap<(usize, Extra), usize>,
}

impl Resolve for Names<'_> {
    type Hex = HexCoord;
    fn side(&self, id: &str) -> usize {
        (self.side_of)(id)
    }
    fn hex(&self, h: HexCoord) -> Option<HexCoord> {
        Some(h)
    }
    fn area(&self, names: &[String]) -> Vec<HexCoord> {
        self.area_set(names).into_iter().collect()
    }
    fn exit_kind(
        &self,
        side: usize,
        unit: Option<&str>,
        extra: Option<&MarkerKind>,
    ) -> Option<usize> {
        unit.and_then(self.kind_of)
            .or_else(|| extra.and_then(|x| self.special_kinds.get(&(side, Extra::of(x))).copied()))
    }
}

impl Names<'_> {
    fn area_set(&self, names: &[String]) -> BTreeSet<HexCoord> {
        names
            .iter()
            .filter_map(|n| self.map.grid.parse(n))
            .collect()
    }
}

/// The conditions and points of a validated scenario, with sides and unit kinds resolved.
/// Invariant: a validated scenario's rules are all of the shared kinds (Rifle & Saber has none
/// of its own; validation refuses any other kind).
pub(super) fn build(
    file: &ScenarioFile,
    map: &Map,
    side_of: &dyn Fn(&str) -> usize,
    kind_of: &dyn Fn(&str) -> Option<usize>,
    special_kinds: &BTreeMap<(usize, Extra), usize>,
) -> (Vec<Entry<HexCoord>>, Vec<PointsSetup>) {
    let names = Names {
        map,
        side_of,
        kind_of,
        special_kinds,
    };
    let entries = victory::build(file, map, &names);
    let points = file
        .victory_points
        .iter()
        .map(|p| PointsSetup {
            side: side_of(&p.side),
            source: match &p.source {
                PointsSource::Hold {
                    target: t,
                    points,
                    each_turn,
                } => PointsSourceSetup::Hold {
                    target: victory::target(map, t, &names),
                    points: *points,
                    each_turn: *each_turn,
                },
                PointsSource::Eliminated { points } => {
                    PointsSourceSetup::Eliminated { points: *points }
                }
                PointsSource::Exited { points, area } => PointsSourceSetup::Exited {
                    points: *points,
                    area: names.area_set(&area.hexes),
                },
            },
        })
        .collect();
    (entries, points)
}

impl Setup {
    /// May `side`'s units leave the map from `h`: is it in the area of one of its exit
    /// conditions (parts of `all`/`any` included) or of its exit victory points?
    pub fn exits_through(&self, side: usize, h: HexCoord) -> bool {
        let mut areas = Vec::new();
        for e in &self.victory {
            e.condition.exit_areas(&mut areas);
        }
        areas.iter().any(|(s, a)| *s == side && a.contains(&h)) || self.points.iter().any(|p| {
            p.side == side
                && matches!(&p.source, PointsSourceSetup::Exited { area, .. } if area.contains(&h))
        })
    }
}

/// The position as the shared evaluator reads it.
pub struct Position<'a>(pub &'a State);

impl Facts for Position<'_> {
    type Hex = HexCoord;
    fn side_name(&self, side: usize) -> &str {
        &self.0.setup.sides[side].name
    }
    /// R&S 11.0: "a Friendly unit must be in the hex".
    fn holds(&self, side: usize, h: HexCoord) -> bool {
        self.0.occupant(h) == Some(side)
    }
    fn enemy_within(&self, side: usize, hexes: &[HexCoord], n: u32) -> bool {
        let g = &self.0.setup.grid;
        self.0.on_map(1 - side).any(|e| {
            let eh = self.0.units[e].hex().expect("on map");
            hexes.iter().any(|h| g.distance(*h, eh) <= n)
        })
    }
    /// Every unit of the side off the map, whatever the area: its units leave the map only
    /// through its exit areas.
    fn exited(&self, side: usize, _area: &[HexCoord], kind: Option<usize>) -> u32 {
        let s = self.0;
        (0..s.units.len())
            .filter(|&u| {
                s.side_of(u) == side
                    && s.units[u].location == Location::Exited
                    && kind.is_none_or(|k| s.setup.units[u].kind == k)
            })
            .count() as u32
    }
    fn units(&self, side: usize) -> u32 {
        (0..self.0.units.len())
            .filter(|&u| self.0.side_of(u) == side)
            .count() as u32
    }
    fn in_play(&self, side: usize, kind: Option<usize>) -> u32 {
        self.0
            .in_play(side)
            .filter(|&u| kind.is_none_or(|k| self.0.setup.units[u].kind == k))
            .count() as u32
    }
    fn eliminated(&self, side: usize) -> u32 {
        self.0.eliminated[side]
    }
    /// `side`'s victory points now: those scored (each game-turn's holds, exits) and those
    /// for what it holds and has eliminated at this moment.
    fn points(&self, side: usize) -> i64 {
        let s = self.0;
        let mut total = s.points[side];
        for p in s.setup.points.iter().filter(|p| p.side == side) {
            match &p.source {
                PointsSourceSetup::Hold {
                    target,
                    points,
                    each_turn: false,
                } if victory::held(self, side, target, None) => total += points,
                PointsSourceSetup::Eliminated { points } => {
                    total += points * i64::from(s.eliminated[1 - side])
                }
                _ => {}
            }
        }
        total
    }
    /// R&S scenarios 14, 15: the hill the side deployed on.
    fn deployed_hill(&self, side: usize) -> Option<&str> {
        self.0.deployed_on[side].as_deref()
    }
}

/// Rifle & Saber's verdicts are the shared wording.
impl Words for Position<'_> {}

/// The decided entries and parts with their words (`State::decided`: entries under their index,
/// parts under their path) and the hold streaks. An entry is decided "now" afresh, parts and
/// all.
fn kept(s: &State) -> ByPath {
    ByPath {
        decided: s.decided.clone(),
        streaks: s.streaks.clone(),
        fresh_parts: true,
    }
}

impl Ctx<'_> {
    fn finish(&mut self, winner: Option<usize>, level: Option<VictoryLevel>, reason: String) {
        let outcome = Outcome {
            winner,
            level,
            reason,
        };
        self.s.outcome = Some(outcome.clone());
        self.s.phase = super::state::Phase::Over;
        self.s.fire_plan.clear();
        self.s.shock_plan.clear();
        self.events
            .push(super::command::Event::GameOver { outcome });
    }

    fn end(&mut self, ending: victory::Ending) {
        self.finish(ending.winner, ending.level, ending.reason);
    }

    /// A unit of `side` left the map from `hex`: exit victory points it scores.
    pub(super) fn score_exit(&mut self, side: usize, hex: HexCoord) {
        let scored: i64 = self
            .s
            .setup
            .points
            .iter()
            .filter(|p| p.side == side)
            .filter_map(|p| match &p.source {
                PointsSourceSetup::Exited { points, area } if area.contains(&hex) => Some(*points),
                _ => None,
            })
            .sum();
        self.s.points[side] += scored;
    }

    /// Victory conditions checked at the end of each game-turn; the game ends when every
    /// entry is decided, or after the last game-turn.
    pub(super) fn end_game_turn(&mut self) {
        let turn = self.s.turn;
        let last = turn >= self.s.setup.game_length;
        // Points for what each side holds at the end of this game-turn.
        let position = Position(&self.s);
        let each_turn: Vec<(usize, i64)> = self
            .s
            .setup
            .points
            .iter()
            .filter_map(|p| match &p.source {
                PointsSourceSetup::Hold {
                    target,
                    points,
                    each_turn: true,
                } if victory::held(&position, p.side, target, None) => Some((p.side, *points)),
                _ => None,
            })
            .collect();
        for (side, points) in each_turn {
            self.s.points[side] += points;
        }
        let setup = self.s.setup.clone();
        let mut kept = kept(&self.s);
        let ending =
            victory::end_game_turn(&Position(&self.s), &setup.victory, &mut kept, turn, last);
        self.s.streaks = kept.streaks;
        match ending {
            Some(ending) => self.end(ending),
            None => self.s.decided = kept.decided,
        }
    }

    /// Victory that can come at any moment: the destruction of every enemy unit.
    pub fn check_sudden_victory(&mut self) {
        if self.s.outcome.is_some() {
            return;
        }
        let setup = self.s.setup.clone();
        if let Some(ending) = victory::destroyed(&Position(&self.s), &setup.victory, self.s.turn) {
            self.end(ending);
        }
    }
}

/// Each victory entry and where it stands: decided (kept in the state, or at the end of the
/// game read from the final position, which no longer changes), or open with whether it would
/// be met if it were decided now.
pub fn conditions(state: &State) -> Vec<crate::engine::VictoryCondition> {
    victory::report(
        &Position(state),
        &state.setup.victory,
        &kept(state),
        state.turn,
        state.outcome.is_some(),
    )
}

/// One victory entry at stake now (issue 42, the computer's guard): decided at the end of this
/// game-turn, or sudden death (checked then too), and not decided yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Stake {
    /// Its index in the scenario's entries.
    pub entry: usize,
    /// Whose condition it is (`None`: whoever).
    pub side: Option<usize>,
    /// Would it be met if it were decided now (R&S 11.0: a hold by the units in the hex now,
    /// an exit by the units off the map now)?
    pub met: bool,
}

/// The entries at stake in `state` (see [`Stake`]): what a command of this game-turn can still
/// win or lose for good. `hold_for_turns` and `destroy_all` are left out (decided by the
/// streak and by the destruction, not by one game-turn's position); so are entries whose
/// game-turn is later and that are not sudden death.
pub fn stakes(state: &State) -> Vec<Stake> {
    let turn = state.turn;
    let position = Position(state);
    let mut out = Vec::new();
    for (i, e) in state.setup.victory.iter().enumerate() {
        let key = i.to_string();
        if state.decided.contains_key(&key)
            || matches!(
                e.condition,
                Condition::HoldForTurns { .. } | Condition::DestroyAll { .. }
            )
        {
            continue;
        }
        let d = if e.sudden_death {
            let mut afresh = BTreeMap::<String, Decided>::new();
            victory::decide(&position, &mut afresh, &key, &e.condition, turn, true)
        } else {
            victory::decide(
                &position,
                &mut state.decided.clone(),
                &key,
                &e.condition,
                turn,
                false,
            )
        };
        if let Some(d) = d {
            out.push(Stake {
                entry: i,
                side: e.condition.side(),
                met: d.met,
            });
        }
    }
    out
}

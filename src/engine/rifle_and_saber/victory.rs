//! Victory: the scenario's conditions (R&S 11.0: "For one side to 'hold' a hex, a Friendly unit
//! must be in the hex on the specified Game-Turn"), victory points, and how the entries combine
//! into one result (docs/formats.md, "How victory entries combine"):
//!
//! - Each entry is decided at its game-turn (`hold`, `exit`, `control_deployed_hill`,
//!   `points`; `all`/`any` when their parts settle it), or the moment it is met
//!   (`hold_for_turns`, `destroy_all`), or at the end of the game.
//! - A met entry with `sudden_death` (and a met `hold_for_turns` or `destroy_all`) ends the game
//!   at once with its award.
//! - Otherwise the game ends when every entry is decided, or after the last game-turn. The
//!   highest level awarded wins (an unqualified victory ranks below marginal); one level
//!   awarded to both sides is a draw. With no award, failed entries of one side only are the
//!   other side's victory (R&S 11.0's form "X must ..."); failures on both sides, or nothing
//!   decided, are a draw.
//!
//! Invariant kept for the archive: a scenario of one entry ends when it is decided, with the
//! same outcome words as before this model, so recorded games keep their state hashes.

use super::ctx::Ctx;
use super::oob::Extra;
use super::setup::Setup;
use super::state::{Location, Outcome, UnitId};
use crate::frac::Frac;
use crate::map::{HexCoord, Map};
use crate::scenario::ScenarioFile;
use crate::scenario::rules::{ExitCount, PointsSource, Require, Target, VictoryLevel, VictoryRule};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A victory target: groups of hexes (one per feature; one per named hex).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetSetup {
    pub groups: Vec<(String, Vec<HexCoord>)>,
    pub require: Require,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ExitSetup {
    Units { count: u32, kind: Option<usize> },
    Fraction(Frac),
    All { kind: Option<usize> },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum VictorySetup {
    Hold {
        side: usize,
        target: TargetSetup,
        turn: u32,
        no_enemy_within: Option<u32>,
    },
    HoldForTurns {
        side: Option<usize>,
        target: TargetSetup,
        turns: u32,
    },
    Exit {
        side: usize,
        count: ExitSetup,
        area: BTreeSet<HexCoord>,
        by_turn: u32,
        no_more_losses: bool,
    },
    DestroyAll {
        side: usize,
        grades: Vec<(u32, usize, VictoryLevel)>,
        otherwise: (usize, VictoryLevel),
    },
    ControlDeployedHill {
        side: usize,
        enemy: usize,
        candidates: Vec<(String, Vec<HexCoord>)>,
        by_turn: u32,
    },
    Points {
        side: usize,
        at_least: i64,
        margin: bool,
        turn: u32,
    },
    All {
        side: usize,
        of: Vec<VictorySetup>,
    },
    Any {
        side: usize,
        of: Vec<VictorySetup>,
    },
}

impl VictorySetup {
    /// The side whose condition this is (none for "whoever holds it").
    pub fn side(&self) -> Option<usize> {
        match self {
            VictorySetup::Hold { side, .. }
            | VictorySetup::Exit { side, .. }
            | VictorySetup::DestroyAll { side, .. }
            | VictorySetup::ControlDeployedHill { side, .. }
            | VictorySetup::Points { side, .. }
            | VictorySetup::All { side, .. }
            | VictorySetup::Any { side, .. } => Some(*side),
            VictorySetup::HoldForTurns { side, .. } => *side,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VictoryEntrySetup {
    pub text: String,
    pub rule: VictorySetup,
    pub level: Option<VictoryLevel>,
    pub sudden_death: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PointsSourceSetup {
    Hold {
        target: TargetSetup,
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

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PointsSetup {
    pub side: usize,
    pub source: PointsSourceSetup,
}

/// A condition decided while play goes on: met or not, and the words that say how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decided {
    pub met: bool,
    pub detail: String,
}

pub fn no_points(p: &[i64; 2]) -> bool {
    *p == [0, 0]
}

pub(super) fn target(map: &Map, t: &Target) -> TargetSetup {
    let mut groups: Vec<(String, Vec<HexCoord>)> = t
        .features
        .iter()
        .filter_map(|c| map.feature(c).map(|f| (f.code.clone(), f.hexes.clone())))
        .collect();
    groups.extend(
        t.hexes
            .iter()
            .filter_map(|n| map.grid.parse(n).map(|h| (map.grid.name(h), vec![h]))),
    );
    TargetSetup {
        groups,
        require: t.require,
    }
}

/// The conditions and points of a validated scenario, with sides and unit kinds resolved.
pub(super) fn build(
    file: &ScenarioFile,
    map: &Map,
    side_of: &dyn Fn(&str) -> usize,
    kind_of: &dyn Fn(&str) -> Option<usize>,
    special_kinds: &BTreeMap<(usize, Extra), usize>,
) -> (Vec<VictoryEntrySetup>, Vec<PointsSetup>) {
    let hexes = |names: &[String]| -> BTreeSet<HexCoord> {
        names.iter().filter_map(|n| map.grid.parse(n)).collect()
    };
    fn rule(
        r: &VictoryRule,
        file: &ScenarioFile,
        map: &Map,
        side_of: &dyn Fn(&str) -> usize,
        kind_of: &dyn Fn(&str) -> Option<usize>,
        special_kinds: &BTreeMap<(usize, Extra), usize>,
        hexes: &dyn Fn(&[String]) -> BTreeSet<HexCoord>,
    ) -> VictorySetup {
        let last = file.game_length;
        let parts = |of: &[VictoryRule]| {
            of.iter()
                .map(|p| rule(p, file, map, side_of, kind_of, special_kinds, hexes))
                .collect()
        };
        match r {
            VictoryRule::Hold {
                side,
                target: t,
                turn,
                no_enemy_within,
            } => VictorySetup::Hold {
                side: side_of(side),
                target: target(map, t),
                turn: turn.unwrap_or(last),
                no_enemy_within: *no_enemy_within,
            },
            VictoryRule::HoldForTurns {
                side,
                target: t,
                turns,
            } => VictorySetup::HoldForTurns {
                side: side.as_deref().map(side_of),
                target: target(map, t),
                turns: *turns,
            },
            VictoryRule::Exit {
                side,
                units,
                area,
                by_turn,
                no_more_losses_than_enemy,
            } => VictorySetup::Exit {
                side: side_of(side),
                count: match units {
                    ExitCount::Units { count, unit, extra } => ExitSetup::Units {
                        count: *count,
                        kind: unit.as_deref().and_then(kind_of).or_else(|| {
                            extra.as_ref().and_then(|x| {
                                special_kinds
                                    .get(&(side_of(side), super::oob::Extra::of(x)))
                                    .copied()
                            })
                        }),
                    },
                    ExitCount::Fraction { fraction } => ExitSetup::Fraction(*fraction),
                    ExitCount::All { unit, extra } => ExitSetup::All {
                        kind: unit.as_deref().and_then(kind_of).or_else(|| {
                            extra.as_ref().and_then(|x| {
                                special_kinds
                                    .get(&(side_of(side), super::oob::Extra::of(x)))
                                    .copied()
                            })
                        }),
                    },
                },
                area: hexes(&area.hexes),
                by_turn: *by_turn,
                no_more_losses: *no_more_losses_than_enemy,
            },
            VictoryRule::DestroyAll {
                side,
                grades,
                otherwise,
            } => VictorySetup::DestroyAll {
                side: side_of(side),
                grades: grades
                    .iter()
                    .map(|g| (g.by_turn, side_of(&g.winner), g.level))
                    .collect(),
                otherwise: (side_of(&otherwise.winner), otherwise.level),
            },
            VictoryRule::ControlDeployedHill {
                side,
                enemy,
                candidates,
                by_turn,
            } => VictorySetup::ControlDeployedHill {
                side: side_of(side),
                enemy: side_of(enemy),
                candidates: candidates
                    .iter()
                    .filter_map(|c| map.feature(c).map(|f| (f.code.clone(), f.hexes.clone())))
                    .collect(),
                by_turn: *by_turn,
            },
            VictoryRule::Points {
                side,
                at_least,
                margin,
                turn,
            } => VictorySetup::Points {
                side: side_of(side),
                at_least: *at_least,
                margin: *margin,
                turn: turn.unwrap_or(last),
            },
            VictoryRule::All { side, of } => VictorySetup::All {
                side: side_of(side),
                of: parts(of),
            },
            VictoryRule::Any { side, of } => VictorySetup::Any {
                side: side_of(side),
                of: parts(of),
            },
        }
    }
    // Invariant: a validated scenario's rules are all of the shared kinds (Rifle & Saber has
    // none of its own; validation refuses any other kind).
    let entries = file
        .victory
        .iter()
        .filter_map(|v| Some((v, v.rule.shared()?)))
        .map(|(v, r)| VictoryEntrySetup {
            text: v.text.clone(),
            rule: rule(r, file, map, side_of, kind_of, special_kinds, &hexes),
            level: v.level,
            sudden_death: v.sudden_death,
        })
        .collect();
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
                    target: target(map, t),
                    points: *points,
                    each_turn: *each_turn,
                },
                PointsSource::Eliminated { points } => {
                    PointsSourceSetup::Eliminated { points: *points }
                }
                PointsSource::Exited { points, area } => PointsSourceSetup::Exited {
                    points: *points,
                    area: hexes(&area.hexes),
                },
            },
        })
        .collect();
    (entries, points)
}

impl Setup {
    /// Where `side`'s units may leave the map: the areas of its exit conditions (parts of
    /// `all`/`any` included) and of its exit victory points.
    pub fn exit_areas(&self, side: usize) -> Vec<&BTreeSet<HexCoord>> {
        fn walk<'a>(v: &'a VictorySetup, side: usize, out: &mut Vec<&'a BTreeSet<HexCoord>>) {
            match v {
                VictorySetup::Exit { side: s, area, .. } if *s == side => out.push(area),
                VictorySetup::All { of, .. } | VictorySetup::Any { of, .. } => {
                    for p in of {
                        walk(p, side, out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for e in &self.victory {
            walk(&e.rule, side, &mut out);
        }
        for p in &self.points {
            if let PointsSourceSetup::Exited { area, .. } = &p.source
                && p.side == side
            {
                out.push(area);
            }
        }
        out
    }
}

/// What an entry gives at the end: an award to a side (or a draw), or a failure of a side.
enum Verdict {
    Award(Option<usize>, Option<VictoryLevel>),
    Failed(usize),
    Nothing,
}

impl Ctx<'_> {
    /// Did `side` hold a hex? R&S 11.0: "a Friendly unit must be in the hex".
    fn holds(&self, side: usize, h: HexCoord) -> bool {
        self.s.occupant(h) == Some(side)
    }

    fn enemy_within(&self, side: usize, hexes: &[HexCoord], n: u32) -> bool {
        let g = &self.s.setup.grid;
        self.s.on_map(1 - side).any(|e| {
            let eh = self.s.units[e].hex().expect("on map");
            hexes.iter().any(|h| g.distance(*h, eh) <= n)
        })
    }

    fn target_held(&self, side: usize, t: &TargetSetup, no_enemy_within: Option<u32>) -> bool {
        let clear =
            |hexes: &[HexCoord]| no_enemy_within.is_none_or(|n| !self.enemy_within(side, hexes, n));
        match t.require {
            Require::EveryHex => t
                .groups
                .iter()
                .all(|(_, hs)| hs.iter().all(|h| self.holds(side, *h)) && clear(hs)),
            Require::EachFeature => t
                .groups
                .iter()
                .all(|(_, hs)| hs.iter().any(|h| self.holds(side, *h)) && clear(hs)),
            Require::AnyFeature => t
                .groups
                .iter()
                .any(|(_, hs)| hs.iter().any(|h| self.holds(side, *h)) && clear(hs)),
        }
    }

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

    fn side_name(&self, s: usize) -> String {
        self.s.setup.sides[s].name.clone()
    }

    /// `side`'s victory points now: those scored (each game-turn's holds, exits) and those
    /// for what it holds and has eliminated at this moment.
    pub fn victory_points(&self, side: usize) -> i64 {
        let mut total = self.s.points[side];
        for p in self.s.setup.points.iter().filter(|p| p.side == side) {
            match &p.source {
                PointsSourceSetup::Hold {
                    target,
                    points,
                    each_turn: false,
                } if self.target_held(side, target, None) => total += points,
                PointsSourceSetup::Eliminated { points } => {
                    total += points * i64::from(self.s.eliminated[1 - side])
                }
                _ => {}
            }
        }
        total
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

    /// A condition decided at a game-turn, if `turn` decides it: met or not, and how. Parts of
    /// `all`/`any` are decided at their own game-turns and kept in `decided` under their path.
    fn decide(
        &self,
        path: &str,
        v: &VictorySetup,
        turn: u32,
        decided: &mut BTreeMap<String, Decided>,
    ) -> Option<Decided> {
        let says = |met: bool, detail: String| Some(Decided { met, detail });
        match v {
            VictorySetup::Hold {
                side,
                target,
                turn: at,
                no_enemy_within,
            } if *at == turn => {
                let held = self.target_held(*side, target, *no_enemy_within);
                let how = if held { "met" } else { "not met" };
                says(held, format!("{how} at the end of game-turn {turn}"))
            }
            VictorySetup::Exit {
                side,
                count,
                by_turn,
                no_more_losses,
                ..
            } if *by_turn == turn => {
                let exited: Vec<UnitId> = (0..self.s.units.len())
                    .filter(|&u| {
                        self.s.side_of(u) == *side && self.s.units[u].location == Location::Exited
                    })
                    .collect();
                let of_kind = |k: Option<usize>| {
                    exited
                        .iter()
                        .filter(|&&u| k.is_none_or(|k| self.s.setup.units[u].kind == k))
                        .count() as u32
                };
                let total_units = (0..self.s.units.len())
                    .filter(|&u| self.s.side_of(u) == *side)
                    .count() as i64;
                let enough = match count {
                    ExitSetup::Units { count, kind } => of_kind(*kind) >= *count,
                    ExitSetup::Fraction(f) => {
                        Frac::int(exited.len() as i64) >= *f * Frac::int(total_units)
                    }
                    ExitSetup::All { kind } => {
                        let left = (0..self.s.units.len()).any(|u| {
                            self.s.side_of(u) == *side
                                && kind.is_none_or(|k| self.s.setup.units[u].kind == k)
                                && matches!(
                                    self.s.units[u].location,
                                    Location::Hex(_) | Location::Off
                                )
                        });
                        !left && of_kind(*kind) > 0
                    }
                };
                let losses_ok =
                    !no_more_losses || self.s.eliminated[*side] <= self.s.eliminated[1 - side];
                let met = enough && losses_ok;
                says(
                    met,
                    format!(
                        "{} ({} exited; losses {} to {})",
                        if met { "met" } else { "not met" },
                        exited.len(),
                        self.s.eliminated[*side],
                        self.s.eliminated[1 - side]
                    ),
                )
            }
            VictorySetup::ControlDeployedHill {
                side,
                enemy,
                candidates,
                by_turn,
            } if *by_turn == turn => {
                let hill = self.s.deployed_on[*enemy].clone();
                let hexes = candidates
                    .iter()
                    .find(|(c, _)| Some(c) == hill.as_ref())
                    .map(|(_, h)| h.clone())
                    .unwrap_or_default();
                let held = !hexes.is_empty() && hexes.iter().all(|h| self.holds(*side, *h));
                says(
                    held,
                    format!(
                        "{} {}",
                        hill.unwrap_or_else(|| "the hill".into()),
                        if held { "controlled" } else { "not controlled" }
                    ),
                )
            }
            VictorySetup::Points {
                side,
                at_least,
                margin,
                turn: at,
            } if *at == turn => {
                let own = self.victory_points(*side);
                let enemy = self.victory_points(1 - side);
                let score = if *margin { own - enemy } else { own };
                let met = score >= *at_least;
                says(
                    met,
                    format!(
                        "{} at the end of game-turn {turn}: {} victory points to {}, {} needed{}",
                        if met { "met" } else { "not met" },
                        own,
                        enemy,
                        at_least,
                        if *margin { " ahead" } else { "" }
                    ),
                )
            }
            VictorySetup::All { of, .. } | VictorySetup::Any { of, .. } => {
                let all = matches!(v, VictorySetup::All { .. });
                let mut parts = Vec::new();
                for (j, part) in of.iter().enumerate() {
                    let key = format!("{path}.{j}");
                    let d = match decided.get(&key) {
                        Some(d) => Some(d.clone()),
                        None => {
                            let d = self.decide(&key, part, turn, decided);
                            if let Some(d) = &d {
                                decided.insert(key, d.clone());
                            }
                            d
                        }
                    };
                    parts.push(d);
                }
                let met: Vec<bool> = parts.iter().flatten().map(|d| d.met).collect();
                let settled = if all {
                    if met.contains(&false) {
                        Some(false)
                    } else if met.len() == of.len() {
                        Some(true)
                    } else {
                        None
                    }
                } else if met.contains(&true) {
                    Some(true)
                } else if met.len() == of.len() {
                    Some(false)
                } else {
                    None
                };
                settled.map(|m| {
                    let details: Vec<String> = parts
                        .iter()
                        .enumerate()
                        .map(|(j, d)| match d {
                            Some(d) => format!("part {}: {}", j + 1, d.detail),
                            None => format!("part {}: not decided", j + 1),
                        })
                        .collect();
                    Decided {
                        met: m,
                        detail: format!(
                            "{} ({})",
                            if m { "met" } else { "not met" },
                            details.join("; ")
                        ),
                    }
                })
            }
            _ => None,
        }
    }

    /// A condition as if it were decided now (its game-turn moved to `turn`): how a sudden-death
    /// entry is checked at the end of every game-turn before its own.
    fn met_now(&self, v: &VictorySetup, turn: u32) -> Option<Decided> {
        fn at(v: &VictorySetup, turn: u32) -> VictorySetup {
            let mut v = v.clone();
            match &mut v {
                VictorySetup::Hold { turn: t, .. }
                | VictorySetup::Points { turn: t, .. }
                | VictorySetup::Exit { by_turn: t, .. }
                | VictorySetup::ControlDeployedHill { by_turn: t, .. } => *t = turn,
                VictorySetup::All { of, .. } | VictorySetup::Any { of, .. } => {
                    *of = of.iter().map(|p| at(p, turn)).collect()
                }
                VictorySetup::HoldForTurns { .. } | VictorySetup::DestroyAll { .. } => {}
            }
            v
        }
        self.decide("now", &at(v, turn), turn, &mut BTreeMap::new())
    }

    /// Victory conditions checked at the end of each game-turn; the game ends when every
    /// entry is decided, or after the last game-turn.
    pub(super) fn end_game_turn(&mut self) {
        let turn = self.s.turn;
        let last = turn >= self.s.setup.game_length;
        // Points for what each side holds at the end of this game-turn.
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
                } if self.target_held(p.side, target, None) => Some((p.side, *points)),
                _ => None,
            })
            .collect();
        for (side, points) in each_turn {
            self.s.points[side] += points;
        }

        let entries = self.s.setup.victory.clone();
        let mut decided = self.s.decided.clone();
        for (i, e) in entries.iter().enumerate() {
            let key = i.to_string();
            if decided.contains_key(&key) {
                continue;
            }
            match &e.rule {
                VictorySetup::HoldForTurns {
                    side,
                    target,
                    turns,
                } => {
                    let sides: Vec<usize> = match side {
                        Some(s) => vec![*s],
                        None => vec![0, 1],
                    };
                    for s in sides {
                        if self.target_held(s, target, None) {
                            self.s.streaks[i][s] += 1;
                        } else {
                            self.s.streaks[i][s] = 0;
                        }
                        if self.s.streaks[i][s] >= *turns {
                            // Met: it ends the game (sudden death by nature).
                            let reason = format!(
                                "{} — {} held it for {turns} consecutive game-turn(s)",
                                e.text,
                                self.side_name(s)
                            );
                            self.finish(Some(s), e.level, reason);
                            return;
                        }
                    }
                    if last {
                        decided.insert(
                            key,
                            Decided {
                                met: false,
                                detail: "not met by the end".into(),
                            },
                        );
                    }
                }
                // Met only by the destruction of the enemy (check_sudden_victory).
                VictorySetup::DestroyAll { .. } => {}
                rule => {
                    // Sudden death: met at the end of any game-turn before its own, it wins.
                    if e.sudden_death
                        && let Some(d) = self.met_now(rule, turn)
                        && d.met
                    {
                        let reason = format!("{} — {} (sudden death)", e.text, d.detail);
                        self.finish(rule.side(), e.level, reason);
                        return;
                    }
                    if let Some(d) = self.decide(&key, rule, turn, &mut decided) {
                        if d.met && e.sudden_death {
                            let reason = format!("{} — {}", e.text, d.detail);
                            self.finish(rule.side(), e.level, reason);
                            return;
                        }
                        decided.insert(key, d);
                    }
                }
            }
        }
        let all_decided = entries.iter().enumerate().all(|(i, e)| {
            decided.contains_key(&i.to_string())
                && !matches!(e.rule, VictorySetup::DestroyAll { .. })
        });
        if !(last || all_decided) {
            self.s.decided = decided;
            return;
        }
        self.conclude(&entries, &decided, turn);
    }

    /// The result of the whole game from every entry (see the module's documentation).
    fn conclude(
        &mut self,
        entries: &[VictoryEntrySetup],
        decided: &BTreeMap<String, Decided>,
        turn: u32,
    ) {
        let verdicts: Vec<(Verdict, String)> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let d = decided.get(&i.to_string());
                match (&e.rule, d) {
                    (VictorySetup::DestroyAll { otherwise, .. }, _) => (
                        Verdict::Award(Some(otherwise.0), Some(otherwise.1)),
                        format!("{} — units survive to the end", e.text),
                    ),
                    (rule, Some(d)) => {
                        let verdict = match (d.met, rule.side()) {
                            (true, side) => Verdict::Award(side, e.level),
                            (false, Some(side)) => Verdict::Failed(side),
                            (false, None) => Verdict::Nothing,
                        };
                        (verdict, format!("{} — {}", e.text, d.detail))
                    }
                    (rule, None) => (
                        rule.side().map_or(Verdict::Nothing, Verdict::Failed),
                        format!("{} — not decided by the end", e.text),
                    ),
                }
            })
            .collect();
        let awards: Vec<(Option<usize>, Option<VictoryLevel>, &str)> = verdicts
            .iter()
            .filter_map(|(v, why)| match v {
                Verdict::Award(side, level) => Some((*side, *level, why.as_str())),
                _ => None,
            })
            .collect();
        let join = |whys: Vec<&str>| whys.join("; ");
        if let Some(best) = awards.iter().map(|a| a.1).max() {
            let top: Vec<&(Option<usize>, Option<VictoryLevel>, &str)> =
                awards.iter().filter(|a| a.1 == best).collect();
            let mut winners: Vec<Option<usize>> = top.iter().map(|a| a.0).collect();
            winners.dedup();
            let why = join(top.iter().map(|a| a.2).collect());
            match winners.as_slice() {
                [Some(w)] => self.finish(Some(*w), best, why),
                _ => self.finish(None, None, format!("a draw: {why}")),
            }
            return;
        }
        let failed: BTreeSet<usize> = verdicts
            .iter()
            .filter_map(|(v, _)| match v {
                Verdict::Failed(s) => Some(*s),
                _ => None,
            })
            .collect();
        let whys: Vec<&str> = verdicts.iter().map(|(_, w)| w.as_str()).collect();
        match failed.len() {
            1 => {
                let loser = *failed.iter().next().expect("one");
                self.finish(Some(1 - loser), None, join(whys));
            }
            0 if whys.len() == 1 => self.finish(None, None, join(whys)),
            0 if whys.is_empty() => self.finish(
                None,
                None,
                format!("game-turn {turn} was the last; no victory condition decided the game"),
            ),
            _ => self.finish(None, None, format!("a draw: {}", join(whys))),
        }
    }

    /// Victory that can come at any moment: the destruction of every enemy unit.
    pub fn check_sudden_victory(&mut self) {
        if self.s.outcome.is_some() {
            return;
        }
        let victory = self.s.setup.victory.clone();
        for e in &victory {
            if let VictorySetup::DestroyAll {
                side,
                grades,
                otherwise,
            } = &e.rule
            {
                let enemy = 1 - side;
                if self.s.in_play(enemy).next().is_some() {
                    continue;
                }
                let turn = self.s.turn;
                let (winner, level) = grades
                    .iter()
                    .find(|(by, _, _)| turn <= *by)
                    .map(|(_, w, l)| (*w, *l))
                    .unwrap_or(*otherwise);
                self.finish(
                    Some(winner),
                    Some(level),
                    format!(
                        "{} — every {} unit destroyed on game-turn {turn}",
                        e.text,
                        self.side_name(enemy)
                    ),
                );
                return;
            }
        }
    }
}

/// Each victory entry and where it stands: decided (kept in the state, or at the end of the
/// game read from the final position, which no longer changes), or open with whether it would
/// be met if it were decided now.
pub fn conditions(state: &super::state::State) -> Vec<crate::engine::VictoryCondition> {
    use crate::engine::{ConditionStatus, VictoryCondition};
    let mut dice = crate::engine::dice::FixedDice::new(std::iter::empty());
    let cx = Ctx {
        s: state.clone(),
        events: Vec::new(),
        dice: &mut dice,
    };
    let turn = state.turn;
    let over = state.outcome.is_some();
    let setup = &state.setup;
    setup
        .victory
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let side = e.rule.side();
            let (status, detail) = match (&e.rule, state.decided.get(&i.to_string())) {
                (_, Some(d)) => (
                    if d.met {
                        ConditionStatus::Met
                    } else {
                        ConditionStatus::NotMet
                    },
                    d.detail.clone(),
                ),
                (VictorySetup::DestroyAll { side, .. }, None) => {
                    let left = state.in_play(1 - side).count();
                    let status = match (left, over) {
                        (0, _) => ConditionStatus::Met,
                        (_, true) => ConditionStatus::NotMet,
                        _ => ConditionStatus::Open,
                    };
                    (status, format!("{left} enemy unit(s) left"))
                }
                (VictorySetup::HoldForTurns { turns, .. }, None) => {
                    let held: Vec<String> = (0..2)
                        .filter(|&s| side.is_none_or(|x| x == s))
                        .map(|s| {
                            format!(
                                "{} has held it {} of {turns} game-turn(s)",
                                setup.sides[s].name,
                                state.streaks.get(i).map_or(0, |k| k[s])
                            )
                        })
                        .collect();
                    // The streak that reaches `turns` ends the game at once.
                    let reached = state.streaks.get(i).is_some_and(|k| {
                        (0..2).any(|s| side.is_none_or(|x| x == s) && k[s] >= *turns)
                    });
                    let status = match (reached, over) {
                        (true, _) => ConditionStatus::Met,
                        (false, true) => ConditionStatus::NotMet,
                        (false, false) => ConditionStatus::Open,
                    };
                    (status, held.join("; "))
                }
                (rule, None) => match cx.met_now(rule, turn) {
                    Some(d) if over => (
                        if d.met {
                            ConditionStatus::Met
                        } else {
                            ConditionStatus::NotMet
                        },
                        d.detail,
                    ),
                    Some(d) => (
                        ConditionStatus::Open,
                        format!(
                            "{}; {}",
                            decided_when(rule),
                            if d.met {
                                "met if it were decided now"
                            } else {
                                "not met if it were decided now"
                            }
                        ),
                    ),
                    None => (ConditionStatus::Open, decided_when(rule)),
                },
            };
            VictoryCondition {
                text: e.text.clone(),
                side,
                level: e.level.map(|l| l.name().to_string()),
                status,
                detail,
            }
        })
        .collect()
}

/// When a condition is decided, in words.
fn decided_when(rule: &VictorySetup) -> String {
    match rule {
        VictorySetup::Hold { turn, .. } | VictorySetup::Points { turn, .. } => {
            format!("decided at the end of game-turn {turn}")
        }
        VictorySetup::Exit { by_turn, .. } | VictorySetup::ControlDeployedHill { by_turn, .. } => {
            format!("decided at the end of game-turn {by_turn}")
        }
        VictorySetup::All { .. } | VictorySetup::Any { .. } => {
            "decided when its parts settle it".into()
        }
        VictorySetup::HoldForTurns { .. } | VictorySetup::DestroyAll { .. } => {
            "decided the moment it is met".into()
        }
    }
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
pub fn stakes(state: &super::state::State) -> Vec<Stake> {
    let turn = state.turn;
    let setup = &state.setup;
    let mut dice = crate::engine::dice::FixedDice::new(std::iter::empty());
    let cx = Ctx {
        s: state.clone(),
        events: Vec::new(),
        dice: &mut dice,
    };
    let mut out = Vec::new();
    for (i, e) in setup.victory.iter().enumerate() {
        let key = i.to_string();
        if state.decided.contains_key(&key)
            || matches!(
                e.rule,
                VictorySetup::HoldForTurns { .. } | VictorySetup::DestroyAll { .. }
            )
        {
            continue;
        }
        let d = if e.sudden_death {
            cx.met_now(&e.rule, turn)
        } else {
            cx.decide(&key, &e.rule, turn, &mut state.decided.clone())
        };
        if let Some(d) = d {
            out.push(Stake {
                entry: i,
                side: e.rule.side(),
                met: d.met,
            });
        }
    }
    out
}

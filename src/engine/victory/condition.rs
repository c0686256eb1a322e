//! The shared victory kinds as a rule system plays them: a scenario's entries with their sides,
//! hexes and unit kinds resolved, in the system's own hex type (`H`: a `HexCoord`, or an index
//! into the map's grid).

use crate::frac::Frac;
use crate::map::{HexCoord, Map};
use crate::scenario::ScenarioFile;
use crate::scenario::rules::{self, ExitCount, MarkerKind, Require, VictoryLevel, VictoryRule};
use serde::Serialize;

/// One part of a target: a named feature's hexes, or one named hex.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Part<H> {
    /// The feature's code, or the hex's printed name.
    pub name: String,
    pub hexes: Vec<H>,
}

/// A hold target: its parts (each feature named, then each hex named) and how much of them must
/// be held.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target<H> {
    pub parts: Vec<Part<H>>,
    pub require: Require,
}

impl<H: Copy> Target<H> {
    /// Every hex of every part.
    pub fn hexes(&self) -> impl Iterator<Item = H> + '_ {
        self.parts.iter().flat_map(|p| p.hexes.iter().copied())
    }
}

/// How many of a side's units an `exit` needs off the map (`kind`: only units of that kind, a
/// unit type of the system's catalog or a marker made a unit by a special rule).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ExitNeed {
    /// At least `count` units.
    Units { count: u32, kind: Option<usize> },
    /// At least this fraction of all the side's units (those to arrive and those lost
    /// included).
    Fraction(Frac),
    /// Every unit not eliminated (of the kind), and at least one.
    All { kind: Option<usize> },
}

/// A victory condition of the shared kinds (`VictoryRule`), resolved.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Condition<H> {
    /// `side` holds the target at the end of `turn`; with `no_enemy_within`, no enemy unit is
    /// that close to a held part.
    Hold {
        side: usize,
        target: Target<H>,
        turn: u32,
        no_enemy_within: Option<u32>,
    },
    /// The target held at the end of `turns` consecutive game-turns, by `side` or (none) by
    /// either side, ends the game.
    HoldForTurns {
        side: Option<usize>,
        target: Target<H>,
        turns: u32,
    },
    /// `side`'s units off the map through `area` by the end of `by_turn`; with
    /// `no_more_losses`, the side has no more units eliminated than the enemy.
    Exit {
        side: usize,
        need: ExitNeed,
        area: Vec<H>,
        by_turn: u32,
        no_more_losses: bool,
    },
    /// `side` eliminates every enemy unit; `grades` (by game-turn, winner, level) grade the
    /// result by when, `otherwise` is the result if it never happens.
    DestroyAll {
        side: usize,
        grades: Vec<(u32, usize, VictoryLevel)>,
        otherwise: (usize, VictoryLevel),
    },
    /// `side` holds every hex of the candidate hill `enemy` deployed on, at the end of
    /// `by_turn`.
    ControlDeployedHill {
        side: usize,
        enemy: usize,
        candidates: Vec<Part<H>>,
        by_turn: u32,
    },
    /// `side`'s victory points (less the enemy's with `margin`) reach `at_least` at the end of
    /// `turn`.
    Points {
        side: usize,
        at_least: i64,
        margin: bool,
        turn: u32,
    },
    /// Every part met (parts are conditions decided at a game-turn, of the same side).
    All { side: usize, of: Vec<Condition<H>> },
    /// At least one part met.
    Any { side: usize, of: Vec<Condition<H>> },
}

impl<H> Condition<H> {
    /// The side whose condition it is (none: whoever holds the target first).
    pub fn side(&self) -> Option<usize> {
        match self {
            Condition::Hold { side, .. }
            | Condition::Exit { side, .. }
            | Condition::DestroyAll { side, .. }
            | Condition::ControlDeployedHill { side, .. }
            | Condition::Points { side, .. }
            | Condition::All { side, .. }
            | Condition::Any { side, .. } => Some(*side),
            Condition::HoldForTurns { side, .. } => *side,
        }
    }

    /// The game-turn it is decided at, for the kinds decided at one.
    pub fn turn(&self) -> Option<u32> {
        match self {
            Condition::Hold { turn, .. } | Condition::Points { turn, .. } => Some(*turn),
            Condition::Exit { by_turn, .. } | Condition::ControlDeployedHill { by_turn, .. } => {
                Some(*by_turn)
            }
            _ => None,
        }
    }

    /// When it is decided, in words.
    pub fn when(&self) -> String {
        match self {
            Condition::All { .. } | Condition::Any { .. } => {
                "decided when its parts settle it".into()
            }
            Condition::HoldForTurns { .. } | Condition::DestroyAll { .. } => {
                "decided the moment it is met".into()
            }
            c => format!(
                "decided at the end of game-turn {}",
                c.turn().expect("decided at a game-turn")
            ),
        }
    }

    /// Each exit area it names for a side, parts included: `(side, area)`.
    pub fn exit_areas<'a>(&'a self, out: &mut Vec<(usize, &'a [H])>) {
        match self {
            Condition::Exit { side, area, .. } => out.push((*side, area)),
            Condition::All { of, .. } | Condition::Any { of, .. } => {
                for p in of {
                    p.exit_areas(out);
                }
            }
            _ => {}
        }
    }
}

/// A victory entry of the scenario: its condition, the level it is worth when met and whether
/// it ends the game at once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry<H> {
    pub text: String,
    pub condition: Condition<H>,
    pub level: Option<VictoryLevel>,
    pub sudden_death: bool,
}

/// How a system resolves the names of a validated scenario into its own terms.
pub trait Resolve {
    type Hex;
    /// The index of the side with this id.
    fn side(&self, id: &str) -> usize;
    /// The system's hex for a hex of the map (none: not one it plays).
    fn hex(&self, h: HexCoord) -> Option<Self::Hex>;
    /// The hexes of an exit area, by their printed names.
    fn area(&self, names: &[String]) -> Vec<Self::Hex>;
    /// The kind of unit an exit count names of `side` (a unit type, or a marker made a unit by
    /// a special rule); none for a system whose units have neither.
    fn exit_kind(
        &self,
        _side: usize,
        _unit: Option<&str>,
        _extra: Option<&MarkerKind>,
    ) -> Option<usize> {
        None
    }
}

/// A target's parts on the map: each named feature (its hexes the system plays), then each
/// named hex.
pub fn target<R: Resolve>(map: &Map, t: &rules::Target, r: &R) -> Target<R::Hex> {
    let mut parts: Vec<Part<R::Hex>> = t.features.iter().filter_map(|c| hill(map, c, r)).collect();
    parts.extend(t.hexes.iter().filter_map(|n| {
        let h = map.grid.parse(n)?;
        Some(Part {
            name: map.grid.name(h),
            hexes: vec![r.hex(h)?],
        })
    }));
    Target {
        parts,
        require: t.require,
    }
}

/// A feature of the map as a part, named by its code.
fn hill<R: Resolve>(map: &Map, code: &str, r: &R) -> Option<Part<R::Hex>> {
    map.feature(code).map(|f| Part {
        name: f.code.clone(),
        hexes: f.hexes.iter().filter_map(|h| r.hex(*h)).collect(),
    })
}

/// The entries of a validated scenario of the shared kinds (entries of a system's own kinds are
/// the system's to play, and are left out).
pub fn build<R: Resolve>(file: &ScenarioFile, map: &Map, r: &R) -> Vec<Entry<R::Hex>> {
    file.victory
        .iter()
        .filter_map(|v| Some((v, v.rule.shared()?)))
        .map(|(v, rule)| Entry {
            text: v.text.clone(),
            condition: condition(rule, file.game_length, map, r),
            level: v.level,
            sudden_death: v.sudden_death,
        })
        .collect()
}

fn condition<R: Resolve>(rule: &VictoryRule, last: u32, map: &Map, r: &R) -> Condition<R::Hex> {
    let parts = |of: &[VictoryRule]| of.iter().map(|p| condition(p, last, map, r)).collect();
    match rule {
        VictoryRule::Hold {
            side,
            target: t,
            turn,
            no_enemy_within,
        } => Condition::Hold {
            side: r.side(side),
            target: target(map, t, r),
            turn: turn.unwrap_or(last),
            no_enemy_within: *no_enemy_within,
        },
        VictoryRule::HoldForTurns {
            side,
            target: t,
            turns,
        } => Condition::HoldForTurns {
            side: side.as_deref().map(|s| r.side(s)),
            target: target(map, t, r),
            turns: *turns,
        },
        VictoryRule::Exit {
            side,
            units,
            area,
            by_turn,
            no_more_losses_than_enemy,
        } => {
            let side = r.side(side);
            Condition::Exit {
                side,
                need: match units {
                    ExitCount::Units { count, unit, extra } => ExitNeed::Units {
                        count: *count,
                        kind: r.exit_kind(side, unit.as_deref(), extra.as_ref()),
                    },
                    ExitCount::Fraction { fraction } => ExitNeed::Fraction(*fraction),
                    ExitCount::All { unit, extra } => ExitNeed::All {
                        kind: r.exit_kind(side, unit.as_deref(), extra.as_ref()),
                    },
                },
                area: r.area(&area.hexes),
                by_turn: *by_turn,
                no_more_losses: *no_more_losses_than_enemy,
            }
        }
        VictoryRule::DestroyAll {
            side,
            grades,
            otherwise,
        } => Condition::DestroyAll {
            side: r.side(side),
            grades: grades
                .iter()
                .map(|g| (g.by_turn, r.side(&g.winner), g.level))
                .collect(),
            otherwise: (r.side(&otherwise.winner), otherwise.level),
        },
        VictoryRule::ControlDeployedHill {
            side,
            enemy,
            candidates,
            by_turn,
        } => Condition::ControlDeployedHill {
            side: r.side(side),
            enemy: r.side(enemy),
            candidates: candidates.iter().filter_map(|c| hill(map, c, r)).collect(),
            by_turn: *by_turn,
        },
        VictoryRule::Points {
            side,
            at_least,
            margin,
            turn,
        } => Condition::Points {
            side: r.side(side),
            at_least: *at_least,
            margin: *margin,
            turn: turn.unwrap_or(last),
        },
        VictoryRule::All { side, of } => Condition::All {
            side: r.side(side),
            of: parts(of),
        },
        VictoryRule::Any { side, of } => Condition::Any {
            side: r.side(side),
            of: parts(of),
        },
    }
}

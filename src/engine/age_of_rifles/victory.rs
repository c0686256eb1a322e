//! Victory in play (AoR 13, 18): the scenario's victory conditions, decided as the scenario
//! format says they combine (docs/formats.md, "How victory entries combine"), with AoR 18's
//! occupation and its army demoralization (`losses::check_armies`).
//!
//! AoR 18: "Victory points are awarded per scenario instructions. 'Occupation' means having a
//! unit in the hex or being the last to move a unit into or through. If the French are
//! demoralized or either of the other two armies disintegrates in a battle game, the other
//! side wins." The scenario instructions are the file's `victory` and `victory_points`:
//!
//! - `hold` (with `no_enemy_within`), `exit`, `points`, `all` and `any` are decided at the end
//!   of their game-turn (`all`/`any` when their parts, each at its own game-turn, settle it);
//! - `hold_for_turns` ends the game the moment a side has held its target at the end of that
//!   many consecutive game-turns; `destroy_all` the moment the enemy has no unit left on the
//!   map or still to arrive (checked after every command);
//! - an entry with `sudden_death` is checked at the end of every game-turn before its own as if
//!   it were decided then: met, it ends the game at once;
//! - otherwise the game ends at the end of the game-turn in which every entry is decided, or
//!   after the last game-turn: the highest level awarded wins (one level awarded to both sides
//!   is a draw); with nothing awarded, the failures of one side only are the other side's
//!   victory; failures on both sides are a draw.
//! - `control_deployed_hill` is refused (AoR deployment has no choice of a hill), as are exit
//!   counts by unit code or marker (Age of Rifles has neither, AoR 2.2).
//!
//! Invariants: `State::decided[i]` is set once, never changed; `State::streaks` is empty
//! unless a `hold_for_turns` entry exists; a part of `all`/`any` decided is kept in
//! `State::parts` under its path ("0.1": entry 0, part 1).

use super::losses::note;
use super::setup::{Ix, PointsDef, Setup, TargetHexes};
use super::state::{Event, Loc, Phase, State};
use crate::engine::{ConditionStatus, GameOutcome, RuleError, VictoryCondition};
use crate::frac::Frac;
use crate::problems::Problems;
use crate::scenario::ScenarioFile;
use crate::scenario::rules::{ExitCount, Require, VictoryLevel, VictoryRule};
use std::collections::BTreeMap;

/// How many units an `exit` condition needs off the map.
#[derive(Clone, Debug, PartialEq)]
pub enum ExitNeed {
    /// At least this many of the side's units.
    Units(u32),
    /// At least this fraction of all the side's units (those to arrive included).
    Fraction(Frac),
    /// Every unit of the side not eliminated, and at least one.
    All,
}

#[derive(Clone, Debug)]
pub enum Condition {
    /// AoR 18 with the scenario's `hold`: `side` occupies the target at the end of `turn`;
    /// with `no_enemy_within`, no enemy unit is that close to a held part.
    Hold {
        side: usize,
        target: TargetHexes,
        turn: u32,
        no_enemy_within: Option<u32>,
    },
    /// `hold_for_turns`: the target occupied at the end of `turns` consecutive game-turns,
    /// by `side` or (none) by either side, ends the game.
    HoldForTurns {
        side: Option<usize>,
        target: TargetHexes,
        turns: u32,
    },
    /// `exit` (AoR 5.6): `side`'s units that left the map from a hex of `area` by the end of
    /// `by_turn`; with `no_more_losses`, the side has no more units eliminated than the enemy.
    Exit {
        side: usize,
        need: ExitNeed,
        area: Vec<Ix>,
        by_turn: u32,
        no_more_losses: bool,
    },
    /// `destroy_all`: `side` eliminates every enemy unit; `grades` (by game-turn, winner,
    /// level) grade the result by when, `otherwise` is the result if it never happens.
    DestroyAll {
        side: usize,
        grades: Vec<(u32, usize, VictoryLevel)>,
        otherwise: (usize, VictoryLevel),
    },
    /// The scenario's `points`: `side`'s points (less the enemy's with `margin`) reach
    /// `at_least` at the end of `turn`.
    Points {
        side: usize,
        at_least: i64,
        margin: bool,
        turn: u32,
    },
    All {
        side: usize,
        of: Vec<Condition>,
    },
    Any {
        side: usize,
        of: Vec<Condition>,
    },
}

impl Condition {
    /// The side whose condition it is (none: whoever holds it first).
    pub fn side(&self) -> Option<usize> {
        match self {
            Condition::Hold { side, .. }
            | Condition::Exit { side, .. }
            | Condition::DestroyAll { side, .. }
            | Condition::Points { side, .. }
            | Condition::All { side, .. }
            | Condition::Any { side, .. } => Some(*side),
            Condition::HoldForTurns { side, .. } => *side,
        }
    }

    /// When it is decided, in words.
    fn when(&self) -> String {
        match self {
            Condition::Hold { turn, .. } | Condition::Points { turn, .. } => {
                format!("decided at the end of game-turn {turn}")
            }
            Condition::Exit { by_turn, .. } => format!("decided at the end of game-turn {by_turn}"),
            Condition::All { .. } | Condition::Any { .. } => {
                "decided when its parts settle it".into()
            }
            Condition::HoldForTurns { .. } | Condition::DestroyAll { .. } => {
                "decided the moment it is met".into()
            }
        }
    }

    /// The game-turn it is decided at, for the kinds decided at one.
    fn turn(&self) -> Option<u32> {
        match self {
            Condition::Hold { turn, .. } | Condition::Points { turn, .. } => Some(*turn),
            Condition::Exit { by_turn, .. } => Some(*by_turn),
            _ => None,
        }
    }

    /// The exit areas it names (parts included).
    fn exit_areas(&self, out: &mut Vec<(usize, Vec<Ix>)>) {
        match self {
            Condition::Exit { side, area, .. } => out.push((*side, area.clone())),
            Condition::All { of, .. } | Condition::Any { of, .. } => {
                for p in of {
                    p.exit_areas(out);
                }
            }
            _ => {}
        }
    }
}

#[derive(Clone, Debug)]
pub struct VictoryDef {
    pub text: String,
    pub level: Option<VictoryLevel>,
    pub condition: Condition,
    pub sudden_death: bool,
}

/// What Age of Rifles cannot play of a rule, with its field: the scenario checks (every
/// problem at once, by field) and the setup's refusal say the same.
fn unplayable(field: &str, rule: &VictoryRule, out: &mut Vec<(String, String)>) {
    match rule {
        VictoryRule::ControlDeployedHill { .. } => out.push((
            field.to_string(),
            "AoR 18: control_deployed_hill needs the enemy to deploy on one hill of its \
             choice (a Rifle & Saber `one_feature` deployment); Age of Rifles deploys in zones, \
             so it cannot be decided: use `hold`"
                .into(),
        )),
        VictoryRule::Exit { units, .. } => match units {
            ExitCount::Units { unit: Some(_), .. } | ExitCount::All { unit: Some(_), .. } => out
                .push((
                    format!("{field}.units.unit"),
                    "Age of Rifles units have no unit codes (AoR 2.2: each carries its own \
                     values): count the side's units without `unit`"
                        .into(),
                )),
            ExitCount::Units { extra: Some(_), .. } | ExitCount::All { extra: Some(_), .. } => out
                .push((
                    format!("{field}.units.extra"),
                    "markers made units are Rifle & Saber's special rules; Age of Rifles has \
                     none: count the side's units without `extra`"
                        .into(),
                )),
            _ => {}
        },
        VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
            for (j, p) in of.iter().enumerate() {
                unplayable(&format!("{field}.of[{j}]"), p, out);
            }
        }
        _ => {}
    }
}

/// AoR 18: the victory entries Age of Rifles does not play, by field (`kepi validate` reports
/// them all at once with the rest of the scenario's problems).
pub fn check(file: &ScenarioFile, p: &mut Problems) {
    let mut out = Vec::new();
    for (i, v) in file.victory.iter().enumerate() {
        if let Some(rule) = v.rule.shared() {
            unplayable(&format!("victory[{i}].rule"), rule, &mut out);
        }
    }
    for (field, why) in out {
        p.push(field, why);
    }
}

/// The entries of a validated scenario as Age of Rifles plays them.
pub fn build(
    file: &ScenarioFile,
    target: &dyn Fn(&crate::scenario::rules::Target) -> TargetHexes,
    hexes: &dyn Fn(&[String]) -> Vec<Ix>,
    side_of: &dyn Fn(&str) -> usize,
) -> Result<Vec<VictoryDef>, RuleError> {
    let mut refused = Vec::new();
    for (i, v) in file.victory.iter().enumerate() {
        match v.rule.shared() {
            Some(rule) => unplayable(&format!("victory[{i}].rule"), rule, &mut refused),
            // Validation refuses kinds Age of Rifles does not own (it has none).
            None => refused.push((
                format!("victory[{i}].rule"),
                "not a kind of victory condition Age of Rifles plays".to_string(),
            )),
        }
    }
    if let Some((field, why)) = refused.into_iter().next() {
        return Err(RuleError::Unimplemented(format!("{field}: {why}")));
    }
    fn rule(
        r: &VictoryRule,
        last: u32,
        target: &dyn Fn(&crate::scenario::rules::Target) -> TargetHexes,
        hexes: &dyn Fn(&[String]) -> Vec<Ix>,
        side_of: &dyn Fn(&str) -> usize,
    ) -> Condition {
        let parts = |of: &[VictoryRule]| {
            of.iter()
                .map(|p| rule(p, last, target, hexes, side_of))
                .collect()
        };
        match r {
            VictoryRule::Hold {
                side,
                target: t,
                turn,
                no_enemy_within,
            } => Condition::Hold {
                side: side_of(side),
                target: target(t),
                turn: turn.unwrap_or(last),
                no_enemy_within: *no_enemy_within,
            },
            VictoryRule::HoldForTurns {
                side,
                target: t,
                turns,
            } => Condition::HoldForTurns {
                side: side.as_deref().map(side_of),
                target: target(t),
                turns: *turns,
            },
            VictoryRule::Exit {
                side,
                units,
                area,
                by_turn,
                no_more_losses_than_enemy,
            } => Condition::Exit {
                side: side_of(side),
                need: match units {
                    ExitCount::Units { count, .. } => ExitNeed::Units(*count),
                    ExitCount::Fraction { fraction } => ExitNeed::Fraction(*fraction),
                    ExitCount::All { .. } => ExitNeed::All,
                },
                area: hexes(&area.hexes),
                by_turn: *by_turn,
                no_more_losses: *no_more_losses_than_enemy,
            },
            VictoryRule::DestroyAll {
                side,
                grades,
                otherwise,
            } => Condition::DestroyAll {
                side: side_of(side),
                grades: grades
                    .iter()
                    .map(|g| (g.by_turn, side_of(&g.winner), g.level))
                    .collect(),
                otherwise: (side_of(&otherwise.winner), otherwise.level),
            },
            VictoryRule::Points {
                side,
                at_least,
                margin,
                turn,
            } => Condition::Points {
                side: side_of(side),
                at_least: *at_least,
                margin: *margin,
                turn: turn.unwrap_or(last),
            },
            VictoryRule::All { side, of } => Condition::All {
                side: side_of(side),
                of: parts(of),
            },
            VictoryRule::Any { side, of } => Condition::Any {
                side: side_of(side),
                of: parts(of),
            },
            VictoryRule::ControlDeployedHill { .. } => unreachable!("refused above"),
        }
    }
    Ok(file
        .victory
        .iter()
        .filter_map(|v| Some((v, v.rule.shared()?)))
        .map(|(v, r)| VictoryDef {
            text: v.text.clone(),
            level: v.level,
            condition: rule(r, file.game_length, target, hexes, side_of),
            sudden_death: v.sudden_death,
        })
        .collect())
}

/// Each side's exit areas (AoR 5.6: where its units may leave the map): the areas of its
/// `exited` victory points and of its `exit` conditions, hexes sorted, once each.
pub fn exit_areas(victory: &[VictoryDef], points: &[PointsDef]) -> [Vec<Ix>; 2] {
    let mut all = Vec::new();
    for v in victory {
        v.condition.exit_areas(&mut all);
    }
    for p in points {
        if let PointsDef::Exited { side, area, .. } = p {
            all.push((*side, area.clone()));
        }
    }
    let mut out = [Vec::new(), Vec::new()];
    for (side, area) in all {
        out[side].extend(area);
    }
    for o in &mut out {
        o.sort_unstable();
        o.dedup();
    }
    out
}

/// AoR 18 "Occupation": a side holds a hex it occupies or was the last to move a unit into or
/// through; an enemy unit in the hex takes it.
pub fn held(s: &State, side: usize, t: &TargetHexes) -> bool {
    held_clear(s, side, t, None)
}

/// As `held`, each part counted only with no enemy unit within `clear` hexes of it.
fn held_clear(s: &State, side: usize, t: &TargetHexes, clear: Option<u32>) -> bool {
    let setup = s.setup();
    let has = |h: &Ix| s.occupied[*h as usize] == side as u8 + 1;
    let clear_of = |part: &[Ix]| {
        clear.is_none_or(|n| {
            !s.units.iter().enumerate().any(|(u, us)| {
                setup.units[u].side != side
                    && matches!(us.loc, Loc::At(e) if part.iter().any(|&h| setup.distance(h, e) <= n))
            })
        })
    };
    match t.require {
        Require::EveryHex => t.parts.iter().all(|p| p.iter().all(has) && clear_of(p)),
        Require::EachFeature => t.parts.iter().all(|p| p.iter().any(has) && clear_of(p)),
        Require::AnyFeature => t.parts.iter().any(|p| p.iter().any(has) && clear_of(p)),
    }
}

/// `side`'s victory points at this moment: those scored (eliminations, exits, each game-turn's
/// holds), and, until the last game-turn has added them, those for what it holds now.
pub fn points(s: &State, side: usize) -> i64 {
    let setup = s.setup();
    let mut total = s.points[side];
    if !s.hold_points_added {
        for p in &setup.points {
            if let PointsDef::Hold {
                side: ps,
                target,
                points,
                each_turn: false,
            } = p
                && *ps == side
                && held(s, side, target)
            {
                total += points;
            }
        }
    }
    total
}

/// Units of `side` eliminated now (units, as the format's "losing more units").
fn eliminated(s: &State, side: usize) -> usize {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| setup.units[u].side == side && s.units[u].loc == Loc::Eliminated)
        .count()
}

/// The units of `side` that left the map from a hex of `area`.
pub fn exited_through(s: &State, side: usize, area: &[Ix]) -> usize {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| {
            setup.units[u].side == side
                && s.units[u].loc == Loc::Exited
                && s.units[u].exited_from.is_some_and(|h| area.contains(&h))
        })
        .count()
}

/// Whether `side` has a unit on the map or still to arrive.
fn in_play(s: &State, side: usize) -> usize {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| setup.units[u].side == side && matches!(s.units[u].loc, Loc::At(_) | Loc::Off))
        .count()
}

/// A condition decided at the end of game-turn `turn` (`now`: as if `turn` were its own), with
/// how in words; `None` when `turn` does not decide it. Parts of `all`/`any` decided are kept
/// in `parts` under their path.
fn decide(
    s: &State,
    path: &str,
    c: &Condition,
    turn: u32,
    now: bool,
    parts: &mut BTreeMap<String, bool>,
) -> Option<(bool, String)> {
    let at = |t: u32| now || t == turn;
    let says = |met: bool, how: String| Some((met, how));
    let yes = |m: bool| if m { "met" } else { "not met" };
    match c {
        Condition::Hold {
            side,
            target,
            turn: t,
            no_enemy_within,
        } if at(*t) => {
            let m = held_clear(s, *side, target, *no_enemy_within);
            says(m, format!("{} at the end of game-turn {turn}", yes(m)))
        }
        Condition::Exit {
            side,
            need,
            area,
            by_turn,
            no_more_losses,
        } if at(*by_turn) => {
            let setup = s.setup();
            let out = exited_through(s, *side, area);
            let enough = match need {
                ExitNeed::Units(n) => out as u32 >= *n,
                ExitNeed::Fraction(f) => {
                    let total = setup.units.iter().filter(|u| u.side == *side).count() as i64;
                    Frac::int(out as i64) >= *f * Frac::int(total)
                }
                ExitNeed::All => out > 0 && in_play(s, *side) == 0,
            };
            let (own, enemy) = (eliminated(s, *side), eliminated(s, 1 - side));
            let m = enough && (!no_more_losses || own <= enemy);
            says(
                m,
                format!(
                    "{} at the end of game-turn {turn} ({out} left the map through the area; \
                     units eliminated {own} to {enemy})",
                    yes(m)
                ),
            )
        }
        Condition::Points {
            side,
            at_least,
            margin,
            turn: t,
        } if at(*t) => {
            let own = points(s, *side);
            let enemy = points(s, 1 - side);
            let score = if *margin { own - enemy } else { own };
            let m = score >= *at_least;
            says(
                m,
                format!(
                    "{} at the end of game-turn {turn} ({} {own}, {} {enemy})",
                    yes(m),
                    s.setup().sides[*side].1,
                    s.setup().sides[1 - side].1
                ),
            )
        }
        Condition::All { of, .. } | Condition::Any { of, .. } => {
            let all = matches!(c, Condition::All { .. });
            let mut results = Vec::new();
            for (j, p) in of.iter().enumerate() {
                let key = format!("{path}.{j}");
                let r = match parts.get(&key) {
                    Some(&m) => Some((m, if m { "met" } else { "not met" }.to_string())),
                    None => {
                        let r = decide(s, &key, p, turn, now, parts);
                        if let Some((m, _)) = &r
                            && !now
                        {
                            parts.insert(key, *m);
                        }
                        r
                    }
                };
                results.push(r);
            }
            let settled = if all {
                if results.iter().any(|r| matches!(r, Some((false, _)))) {
                    Some(false)
                } else if results.iter().all(|r| matches!(r, Some((true, _)))) {
                    Some(true)
                } else {
                    None
                }
            } else if results.iter().any(|r| matches!(r, Some((true, _)))) {
                Some(true)
            } else if results.iter().all(|r| matches!(r, Some((false, _)))) {
                Some(false)
            } else {
                None
            };
            settled.map(|m| {
                let how: Vec<String> = results
                    .iter()
                    .enumerate()
                    .map(|(j, r)| match r {
                        Some((_, how)) => format!("part {}: {how}", j + 1),
                        None => format!("part {}: not decided", j + 1),
                    })
                    .collect();
                (m, format!("{} ({})", yes(m), how.join("; ")))
            })
        }
        _ => None,
    }
}

/// The game ends now with this result.
fn finish(
    s: &mut State,
    winner: Option<usize>,
    level: Option<VictoryLevel>,
    reason: String,
    events: &mut Vec<Event>,
) {
    let reason = format!("AoR 18: {reason}");
    note(events, format!("the game ends: {reason}"));
    s.outcome = Some(GameOutcome {
        winner,
        level: level.map(|l| l.name().to_string()),
        reason,
    });
    s.phase = Phase::Over;
    s.combat = None;
    s.charge = None;
    s.charges.clear();
    s.reaction = None;
    s.resolving_charges = false;
    s.bombardment = None;
}

/// After every command: `destroy_all` is met the moment the enemy has no unit on the map or
/// still to arrive; the game ends with the grade of the game-turn.
pub fn check_destroyed(s: &mut State, events: &mut Vec<Event>) {
    if s.outcome.is_some() || s.phase == Phase::Deployment {
        return;
    }
    let setup = s.arc();
    for v in &setup.victory {
        if let Condition::DestroyAll {
            side,
            grades,
            otherwise,
        } = &v.condition
        {
            let enemy = 1 - side;
            if in_play(s, enemy) > 0 {
                continue;
            }
            let turn = s.turn;
            let (winner, level) = grades
                .iter()
                .find(|(by, _, _)| turn <= *by)
                .map(|(_, w, l)| (*w, *l))
                .unwrap_or(*otherwise);
            let reason = format!(
                "{} — no {} unit left on game-turn {turn}",
                v.text, setup.sides[enemy].1
            );
            finish(s, Some(winner), Some(level), reason, events);
            return;
        }
    }
}

/// The end of a game-turn's victory: points for what each side holds, the entries this
/// game-turn decides, sudden death, and the end of the game when every entry is decided or
/// the last game-turn is over. True when the game is over.
pub fn end_game_turn(s: &mut State, events: &mut Vec<Event>) -> bool {
    let setup = s.arc();
    let turn = s.turn;
    let last = turn >= setup.game_length;
    for p in &setup.points {
        if let PointsDef::Hold {
            side,
            target,
            points,
            each_turn,
        } = p
            && (*each_turn || last)
            && held(s, *side, target)
        {
            s.points[*side] += points;
        }
    }
    if last {
        s.hold_points_added = true;
    }
    let mut parts = s.parts.clone();
    for (i, v) in setup.victory.iter().enumerate() {
        if s.decided[i].is_some() {
            continue;
        }
        match &v.condition {
            Condition::HoldForTurns {
                side,
                target,
                turns,
            } => {
                for x in 0..2 {
                    if side.is_some_and(|y| y != x) {
                        continue;
                    }
                    if held(s, x, target) {
                        s.streaks[i][x] += 1;
                    } else {
                        s.streaks[i][x] = 0;
                    }
                    if s.streaks[i][x] >= *turns {
                        s.decided[i] = Some(true);
                        let reason = format!(
                            "{} — {} held it at the end of {turns} consecutive game-turn(s)",
                            v.text, setup.sides[x].1
                        );
                        s.parts = parts;
                        finish(s, Some(x), v.level, reason, events);
                        return true;
                    }
                }
                if last {
                    s.decided[i] = Some(false);
                }
            }
            Condition::DestroyAll { .. } => {}
            c => {
                if v.sudden_death
                    && let Some((true, how)) =
                        decide(s, &i.to_string(), c, turn, true, &mut parts.clone())
                {
                    s.decided[i] = Some(true);
                    s.parts = parts;
                    let reason = format!("{} — {how} (sudden death)", v.text);
                    finish(s, c.side(), v.level, reason, events);
                    return true;
                }
                if let Some((m, _)) = decide(s, &i.to_string(), c, turn, false, &mut parts) {
                    s.decided[i] = Some(m);
                }
            }
        }
    }
    s.parts = parts;
    let all_decided = setup.victory.iter().enumerate().all(|(i, v)| {
        s.decided[i].is_some() && !matches!(v.condition, Condition::DestroyAll { .. })
    });
    if !(last || all_decided) {
        return false;
    }
    conclude(s, events);
    true
}

/// What an entry gives at the end.
enum Verdict {
    Award(Option<usize>, Option<VictoryLevel>),
    Failed(usize),
    Nothing,
}

/// The result of the whole game from every entry (the module's rules).
fn conclude(s: &mut State, events: &mut Vec<Event>) {
    let setup = s.arc();
    let turn = s.turn;
    let verdicts: Vec<(Verdict, String)> = setup
        .victory
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let c = &v.condition;
            match (c, s.decided[i]) {
                (Condition::DestroyAll { otherwise, .. }, _) => (
                    Verdict::Award(Some(otherwise.0), Some(otherwise.1)),
                    format!("{} — enemy units are left at the end", v.text),
                ),
                (c, Some(m)) => {
                    let how = match c {
                        Condition::HoldForTurns { .. } => "not met by the end".to_string(),
                        _ => how_decided(s, i, c, m),
                    };
                    let verdict = match (m, c.side()) {
                        (true, side) => Verdict::Award(side, v.level),
                        (false, Some(side)) => Verdict::Failed(side),
                        (false, None) => Verdict::Nothing,
                    };
                    (verdict, format!("{} — {how}", v.text))
                }
                (c, None) => (
                    c.side().map_or(Verdict::Nothing, Verdict::Failed),
                    format!("{} — not decided by the end", v.text),
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
    if let Some(best) = awards.iter().map(|a| a.1).max() {
        let top: Vec<_> = awards.iter().filter(|a| a.1 == best).collect();
        let mut winners: Vec<Option<usize>> = top.iter().map(|a| a.0).collect();
        winners.sort();
        winners.dedup();
        let why = top.iter().map(|a| a.2).collect::<Vec<_>>().join("; ");
        match winners.as_slice() {
            [Some(w)] => finish(s, Some(*w), best, why, events),
            _ => finish(s, None, None, format!("a draw: {why}"), events),
        }
        return;
    }
    let mut failed: Vec<usize> = verdicts
        .iter()
        .filter_map(|(v, _)| match v {
            Verdict::Failed(x) => Some(*x),
            _ => None,
        })
        .collect();
    failed.sort();
    failed.dedup();
    let whys = verdicts
        .iter()
        .map(|(_, w)| w.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    match failed.as_slice() {
        [loser] => {
            let loser = *loser;
            let reason = format!(
                "{} did not meet their conditions: {whys}",
                setup.sides[loser].1
            );
            finish(s, Some(1 - loser), None, reason, events)
        }
        [] if whys.is_empty() => finish(
            s,
            None,
            None,
            format!("game-turn {turn} was the last; no victory condition decided the game"),
            events,
        ),
        _ => finish(s, None, None, format!("a draw: {whys}"), events),
    }
}

/// Each victory entry and where it stands (`kepi state`, the app's victory panel): decided,
/// or open with whether it would be met if it were decided now.
pub fn report(s: &State) -> Vec<VictoryCondition> {
    let setup = s.setup();
    let over = s.outcome.is_some();
    setup
        .victory
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let c = &v.condition;
            let sudden = if v.sudden_death {
                " (sudden death: checked at the end of every game-turn before its own)"
            } else {
                ""
            };
            let (status, detail) = match (c, s.decided[i]) {
                (Condition::HoldForTurns { turns, side, .. }, d) => {
                    let held: Vec<String> = (0..2)
                        .filter(|&x| side.is_none_or(|y| y == x))
                        .map(|x| {
                            format!(
                                "{} has held it {} of {turns} game-turn(s)",
                                setup.sides[x].1,
                                s.streaks.get(i).map_or(0, |k| k[x])
                            )
                        })
                        .collect();
                    let status = match (d, over) {
                        (Some(true), _) => ConditionStatus::Met,
                        (Some(false), _) | (None, true) => ConditionStatus::NotMet,
                        (None, false) => ConditionStatus::Open,
                    };
                    (status, held.join("; "))
                }
                (Condition::DestroyAll { side, .. }, _) => {
                    let left = in_play(s, 1 - side);
                    let status = match (left, over) {
                        (0, _) => ConditionStatus::Met,
                        (_, true) => ConditionStatus::NotMet,
                        _ => ConditionStatus::Open,
                    };
                    (
                        status,
                        format!("{left} enemy unit(s) on the map or still to arrive"),
                    )
                }
                (c, Some(m)) => {
                    let how = how_decided(s, i, c, m);
                    (
                        if m {
                            ConditionStatus::Met
                        } else {
                            ConditionStatus::NotMet
                        },
                        how,
                    )
                }
                (c, None) => match decide(s, &i.to_string(), c, s.turn, true, &mut s.parts.clone())
                {
                    Some((m, how)) if over => (
                        if m {
                            ConditionStatus::Met
                        } else {
                            ConditionStatus::NotMet
                        },
                        how,
                    ),
                    Some((m, _)) => (
                        ConditionStatus::Open,
                        format!(
                            "{}; {} if it were decided now{}{sudden}",
                            c.when(),
                            if m { "met" } else { "not met" },
                            progress(s, c)
                        ),
                    ),
                    None => (ConditionStatus::Open, format!("{}{sudden}", c.when())),
                },
            };
            VictoryCondition {
                text: v.text.clone(),
                side: c.side(),
                level: v.level.map(|l| l.name().to_string()),
                status,
                detail,
            }
        })
        .collect()
}

/// How entry `i`, decided `met`, was decided, in words: with its figures when it was decided at
/// the end of this game-turn (the position is still the one it was decided on), else with its
/// game-turn.
fn how_decided(s: &State, i: usize, c: &Condition, met: bool) -> String {
    let yes = if met { "met" } else { "not met" };
    match c.turn() {
        Some(t) if t == s.turn => decide(s, &i.to_string(), c, t, true, &mut s.parts.clone())
            .filter(|(now, _)| *now == met)
            .map(|(_, how)| how)
            .unwrap_or_else(|| format!("{yes} at the end of game-turn {t}")),
        Some(t) => format!("{yes} at the end of game-turn {t}"),
        // `all`/`any`: their parts decided are kept, each with its own game-turn.
        None => decide(s, &i.to_string(), c, s.turn, true, &mut s.parts.clone())
            .filter(|(now, _)| *now == met)
            .map(|(_, how)| how)
            .unwrap_or_else(|| yes.to_string()),
    }
}

/// The figures an open condition is decided on, in words.
fn progress(s: &State, c: &Condition) -> String {
    match c {
        Condition::Points { .. } => format!(" (points now {} to {})", points(s, 0), points(s, 1)),
        Condition::Exit { side, area, .. } => format!(
            " ({} unit(s) left the map through the area)",
            exited_through(s, *side, area)
        ),
        _ => String::new(),
    }
}

/// Whether the setup plays an entry that needs the hold streaks.
pub fn needs_streaks(setup: &Setup) -> bool {
    setup
        .victory
        .iter()
        .any(|v| matches!(v.condition, Condition::HoldForTurns { .. }))
}

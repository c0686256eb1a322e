//! Victory in play (AoR 13, 18): the scenario's victory conditions, evaluated by the shared
//! evaluator (`engine::victory`, which says how the entries combine) on AoR 18's occupation,
//! with its army demoralization (`losses::check_armies`).
//!
//! AoR 18: "Victory points are awarded per scenario instructions. 'Occupation' means having a
//! unit in the hex or being the last to move a unit into or through. If the French are
//! demoralized or either of the other two armies disintegrates in a battle game, the other
//! side wins." The scenario instructions are the file's `victory` and `victory_points`.
//!
//! What is Age of Rifles' own here: a hex is held by occupation (AoR 18); an `exit` counts the
//! side's units that left the map from a hex of its area (AoR 5.6); `destroy_all` is checked
//! after every command once deployment is over; victory points are scored as they happen
//! (eliminations, exits, each game-turn's holds) and the holds at the end at the end of the
//! last game-turn; `control_deployed_hill` is refused (AoR deployment has no choice of a
//! hill), as are exit counts by unit code or marker (Age of Rifles has neither, AoR 2.2); and
//! its verdicts' words (each reason cites AoR 18).
//!
//! Invariants: `State::decided[i]` is set once, never changed; `State::streaks` is empty
//! unless a `hold_for_turns` entry exists; a part of `all`/`any` decided is kept in
//! `State::parts` under its path ("0.1": entry 0, part 1), met or not only, and stands when an
//! entry is decided "now".

use super::losses::note;
use super::setup::{Condition, Ix, PointsDef, Setup, TargetHexes, VictoryDef};
use super::state::{Event, Loc, Phase, State};
use crate::engine::victory::{self, Decided, Facts, Parts, Record, Resolve, Words};
use crate::engine::{GameOutcome, RuleError, VictoryCondition};
use crate::map::{HexCoord, Map};
use crate::problems::Problems;
use crate::scenario::ScenarioFile;
use crate::scenario::rules::{ExitCount, VictoryLevel, VictoryRule};
use std::collections::BTreeMap;

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

/// How an Age of Rifles scenario's names resolve: hexes as grid indices (areas in their
/// order), no unit kinds (refused by `unplayable`).
struct Names<'a>(&'a Map, &'a dyn Fn(&str) -> usize);

impl Resolve for Names<'_> {
    type Hex = Ix;
    fn side(&self, id: &str) -> usize {
        (self.1)(id)
    }
    fn hex(&self, h: HexCoord) -> Option<Ix> {
        self.0.grid.index(h).map(|i| i as Ix)
    }
    fn area(&self, names: &[String]) -> Vec<Ix> {
        names
            .iter()
            .filter_map(|h| self.0.grid.parse(h).and_then(|h| self.hex(h)))
            .collect()
    }
}

/// A hold target's hexes.
pub fn target(
    map: &Map,
    t: &crate::scenario::rules::Target,
    side_of: &dyn Fn(&str) -> usize,
) -> TargetHexes {
    victory::target(map, t, &Names(map, side_of))
}

/// The hexes of an area, by their printed names, in their order.
pub fn area(map: &Map, names: &[String]) -> Vec<Ix> {
    Names(map, &|_| 0).area(names)
}

/// The entries of a validated scenario as Age of Rifles plays them.
pub fn build(
    file: &ScenarioFile,
    map: &Map,
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
    Ok(victory::build(file, map, &Names(map, side_of)))
}

/// Each side's exit areas (AoR 5.6: where its units may leave the map): the areas of its
/// `exited` victory points and of its `exit` conditions, hexes sorted, once each.
pub fn exit_areas(entries: &[VictoryDef], points: &[PointsDef]) -> [Vec<Ix>; 2] {
    let mut all = Vec::new();
    for v in entries {
        v.condition.exit_areas(&mut all);
    }
    for p in points {
        if let PointsDef::Exited { side, area, .. } = p {
            all.push((*side, area));
        }
    }
    let mut out = [Vec::new(), Vec::new()];
    for (side, area) in all {
        out[side].extend_from_slice(area);
    }
    for o in &mut out {
        o.sort_unstable();
        o.dedup();
    }
    out
}

/// The position as the shared evaluator reads it.
struct Position<'a>(&'a State);

impl Facts for Position<'_> {
    type Hex = Ix;
    fn side_name(&self, side: usize) -> &str {
        &self.0.setup().sides[side].1
    }
    /// AoR 18 "Occupation": a side holds a hex it occupies or was the last to move a unit into
    /// or through; an enemy unit in the hex takes it.
    fn holds(&self, side: usize, h: Ix) -> bool {
        self.0.occupied[h as usize] == side as u8 + 1
    }
    fn enemy_within(&self, side: usize, hexes: &[Ix], n: u32) -> bool {
        let setup = self.0.setup();
        self.0.units.iter().enumerate().any(|(u, us)| {
            setup.units[u].side != side
                && matches!(us.loc, Loc::At(e) if hexes.iter().any(|&h| setup.distance(h, e) <= n))
        })
    }
    /// AoR 5.6: the units that left the map from a hex of `area` (Age of Rifles has no unit
    /// kinds, AoR 2.2: `kind` is none).
    fn exited(&self, side: usize, area: &[Ix], _kind: Option<usize>) -> u32 {
        exited_through(self.0, side, area) as u32
    }
    fn units(&self, side: usize) -> u32 {
        self.0
            .setup()
            .units
            .iter()
            .filter(|u| u.side == side)
            .count() as u32
    }
    fn in_play(&self, side: usize, _kind: Option<usize>) -> u32 {
        in_play(self.0, side) as u32
    }
    fn eliminated(&self, side: usize) -> u32 {
        let (s, setup) = (self.0, self.0.setup());
        (0..s.units.len())
            .filter(|&u| setup.units[u].side == side && s.units[u].loc == Loc::Eliminated)
            .count() as u32
    }
    fn points(&self, side: usize) -> i64 {
        points(self.0, side)
    }
}

/// Age of Rifles' verdicts, as it has always worded them.
impl Words for Position<'_> {
    fn held_for_turns(&self, side: usize, turns: u32) -> String {
        format!(
            "{} held it at the end of {turns} consecutive game-turn(s)",
            self.side_name(side)
        )
    }
    fn destroyed(&self, enemy: usize, turn: u32) -> String {
        format!("no {} unit left on game-turn {turn}", self.side_name(enemy))
    }
    fn survived(&self) -> &'static str {
        "enemy units are left at the end"
    }
    fn enemies_left(&self, left: u32) -> String {
        format!("{left} enemy unit(s) on the map or still to arrive")
    }
    fn exit_decided(&self, met: bool, turn: u32, exited: u32, losses: [u32; 2]) -> String {
        format!(
            "{} at the end of game-turn {turn} ({exited} left the map through the area; units \
             eliminated {} to {})",
            yes(met),
            losses[0],
            losses[1]
        )
    }
    fn points_decided(
        &self,
        met: bool,
        turn: u32,
        side: usize,
        points: [i64; 2],
        _at_least: i64,
        _margin: bool,
    ) -> String {
        format!(
            "{} at the end of game-turn {turn} ({} {}, {} {})",
            yes(met),
            self.side_name(side),
            points[0],
            self.side_name(1 - side),
            points[1]
        )
    }
    fn failed(&self, loser: usize, whys: String) -> String {
        format!(
            "{} did not meet their conditions: {whys}",
            self.side_name(loser)
        )
    }
    fn no_award(&self, whys: String, _entries: usize) -> String {
        format!("a draw: {whys}")
    }
    /// The figures an open condition is decided on.
    fn progress(&self, c: &Condition) -> String {
        match c {
            Condition::Points { .. } => {
                format!(" (points now {} to {})", self.points(0), self.points(1))
            }
            Condition::Exit { side, area, .. } => format!(
                " ({} unit(s) left the map through the area)",
                exited_through(self.0, *side, area)
            ),
            _ => String::new(),
        }
    }
    fn sudden_note(&self) -> &'static str {
        " (sudden death: checked at the end of every game-turn before its own)"
    }
}

fn yes(met: bool) -> &'static str {
    if met { "met" } else { "not met" }
}

/// What is decided, as the state keeps it: each entry met or not (`State::decided`), the parts
/// of `all`/`any` met or not (`State::parts`), the hold streaks (`State::streaks`). An entry
/// decided "now" keeps the parts decided at their own game-turns.
struct Kept {
    decided: Vec<Option<bool>>,
    parts: BTreeMap<String, bool>,
    streaks: Vec<[u32; 2]>,
}

impl Kept {
    fn of(s: &State) -> Kept {
        Kept {
            decided: s.decided.clone(),
            parts: s.parts.clone(),
            streaks: s.streaks.clone(),
        }
    }
}

impl Parts for Kept {
    fn part(&self, path: &str) -> Option<Decided> {
        self.parts.part(path)
    }
    fn set_part(&mut self, path: &str, d: &Decided) {
        self.parts.set_part(path, d)
    }
}

impl Record for Kept {
    fn entry(&self, i: usize) -> Option<bool> {
        self.decided[i]
    }
    fn set_entry(&mut self, i: usize, d: &Decided) {
        self.decided[i] = Some(d.met);
    }
    fn words(&self, _i: usize) -> Option<String> {
        None
    }
    fn streak(&self, i: usize) -> [u32; 2] {
        self.streaks.get(i).copied().unwrap_or_default()
    }
    fn set_streak(&mut self, i: usize, side: usize, turns: u32) {
        self.streaks[i][side] = turns;
    }
    fn parts_now(&self) -> Box<dyn Parts> {
        Box::new(self.parts.clone())
    }
}

/// AoR 18 "Occupation": does `side` hold the target?
pub fn held(s: &State, side: usize, t: &TargetHexes) -> bool {
    victory::held(&Position(s), side, t, None)
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

/// The units of `side` on the map or still to arrive.
fn in_play(s: &State, side: usize) -> usize {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| setup.units[u].side == side && matches!(s.units[u].loc, Loc::At(_) | Loc::Off))
        .count()
}

/// The game ends now with this result.
fn finish(s: &mut State, ending: victory::Ending, events: &mut Vec<Event>) {
    let reason = format!("AoR 18: {}", ending.reason);
    note(events, format!("the game ends: {reason}"));
    s.outcome = Some(GameOutcome {
        winner: ending.winner,
        level: ending.level.map(|l: VictoryLevel| l.name().to_string()),
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
    if let Some(ending) = victory::destroyed(&Position(s), &setup.victory, s.turn) {
        finish(s, ending, events);
    }
}

/// The end of a game-turn's victory: points for what each side holds (each game-turn, and at
/// the end of the last those held at the end), then the entries (`victory::end_game_turn`).
/// True when the game is over.
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
    let mut kept = Kept::of(s);
    let ending = victory::end_game_turn(&Position(s), &setup.victory, &mut kept, turn, last);
    s.decided = kept.decided;
    s.parts = kept.parts;
    s.streaks = kept.streaks;
    match ending {
        Some(ending) => {
            finish(s, ending, events);
            true
        }
        None => false,
    }
}

/// Each victory entry and where it stands (`kepi state`, the app's victory panel): decided,
/// or open with whether it would be met if it were decided now.
pub fn report(s: &State) -> Vec<VictoryCondition> {
    victory::report(
        &Position(s),
        &s.setup().victory,
        &Kept::of(s),
        s.turn,
        s.outcome.is_some(),
    )
}

/// Whether the setup plays an entry that needs the hold streaks.
pub fn needs_streaks(setup: &Setup) -> bool {
    setup
        .victory
        .iter()
        .any(|v| matches!(v.condition, Condition::HoldForTurns { .. }))
}

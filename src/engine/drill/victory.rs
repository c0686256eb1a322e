//! Victory in Drill (Drill 6.2): the scenario's entries of Kepi's shared kinds, evaluated by the
//! shared evaluator (`engine::victory`, which says how entries combine) on Drill's position,
//! and Drill's own rule that a side left with no unit loses.
//!
//! What is Drill's own here: a side holds a hex with one of its units in it; Drill's units
//! never leave the map, it scores no victory points and its sides deploy in zones, not on a
//! hill of their choice, so `exit`, `points`, `control_deployed_hill` and `victory_points` are
//! refused by field (at validation, every problem at once, and at the start); its verdicts are
//! the shared wording, each reason citing Drill 6.2.
//!
//! Invariants: `State::decided` keeps each entry decided under its index and each part of an
//! `all`/`any` decided at its own game-turn under its path ("0.1": entry 0, part 1), with its
//! words, set once and never changed; a part kept there stands when its entry is decided "now"
//! (sudden death, the report); `State::streaks` has one entry per scenario entry.

use super::state::{Event, State};
use crate::engine::victory::{self, ByPath, Entry, Facts, Resolve, Words};
use crate::engine::{GameOutcome, RuleError, VictoryCondition};
use crate::map::{HexCoord, Map};
use crate::problems::Problems;
use crate::scenario::ScenarioFile;
use crate::scenario::rules::VictoryRule;

/// What Drill cannot play of a rule, with its field (parts of `all`/`any` included).
fn unplayable(field: &str, rule: &VictoryRule, out: &mut Vec<(String, String)>) {
    let why = match rule {
        VictoryRule::Exit { .. } => {
            "Drill 6.2: Drill's units never leave the map, so an exit cannot be met: use \
             `hold` or `destroy_all`"
        }
        VictoryRule::Points { .. } => {
            "Drill 6.2: Drill scores no victory points: use `hold`, `hold_for_turns` or \
             `destroy_all`"
        }
        VictoryRule::ControlDeployedHill { .. } => {
            "Drill 6.2: Drill's sides deploy in zones (Drill 2.1), not on a hill of their \
             choice: use `hold`"
        }
        VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
            for (j, p) in of.iter().enumerate() {
                unplayable(&format!("{field}.of[{j}]"), p, out);
            }
            return;
        }
        VictoryRule::Hold { .. }
        | VictoryRule::HoldForTurns { .. }
        | VictoryRule::DestroyAll { .. } => {
            return;
        }
    };
    out.push((field.to_string(), why.to_string()));
}

/// Every victory entry and victory point source Drill does not play, by field.
fn refused(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, v) in file.victory.iter().enumerate() {
        let field = format!("victory[{i}].rule");
        match v.rule.shared() {
            Some(rule) => unplayable(&field, rule, &mut out),
            // Validation refuses kinds Drill does not own (it has none).
            None => out.push((
                field,
                "Drill 6.2: not a kind of victory condition Drill plays".into(),
            )),
        }
    }
    for i in 0..file.victory_points.len() {
        out.push((
            format!("victory_points[{i}]"),
            "Drill 6.2: Drill scores no victory points".into(),
        ));
    }
    out
}

/// Drill 6.2: the victory entries Drill does not play (`kepi validate` and the scenario view
/// report them with the scenario's other problems).
pub fn check(file: &ScenarioFile, p: &mut Problems) {
    for (field, why) in refused(file) {
        p.push(field, why);
    }
}

/// How a Drill scenario's names resolve: sides by id, hexes as they are (Drill has no exit
/// areas: `exit` is refused).
struct Names<'a>(&'a Map, &'a dyn Fn(&str) -> usize);

impl Resolve for Names<'_> {
    type Hex = HexCoord;
    fn side(&self, id: &str) -> usize {
        (self.1)(id)
    }
    fn hex(&self, h: HexCoord) -> Option<HexCoord> {
        Some(h)
    }
    fn area(&self, names: &[String]) -> Vec<HexCoord> {
        names.iter().filter_map(|n| self.0.grid.parse(n)).collect()
    }
}

/// The entries of a scenario as Drill plays them; the first entry Drill does not play is
/// refused, naming its field.
pub fn build(
    file: &ScenarioFile,
    map: &Map,
    side_of: &dyn Fn(&str) -> usize,
) -> Result<Vec<Entry<HexCoord>>, RuleError> {
    if let Some((field, why)) = refused(file).into_iter().next() {
        return Err(RuleError::Unimplemented(format!("{field}: {why}")));
    }
    Ok(victory::build(file, map, &Names(map, side_of)))
}

/// The position as the shared evaluator reads it.
struct Position<'a>(&'a State);

impl Facts for Position<'_> {
    type Hex = HexCoord;
    fn side_name(&self, side: usize) -> &str {
        &self.0.setup().sides[side].name
    }
    /// Drill 6.2: a side holds a hex with one of its units in it.
    fn holds(&self, side: usize, h: HexCoord) -> bool {
        self.0.at(h).is_some_and(|u| self.0.side_of(u) == side)
    }
    fn enemy_within(&self, side: usize, hexes: &[HexCoord], n: u32) -> bool {
        let (s, grid) = (self.0, &self.0.setup().grid);
        (0..s.hex.len()).any(|u| {
            s.alive[u]
                && s.side_of(u) != side
                && s.hex[u].is_some_and(|e| hexes.iter().any(|h| grid.distance(*h, e) <= n))
        })
    }
    /// Drill's units never leave the map (`exit` is refused).
    fn exited(&self, _side: usize, _area: &[HexCoord], _kind: Option<usize>) -> u32 {
        0
    }
    fn units(&self, side: usize) -> u32 {
        (0..self.0.hex.len())
            .filter(|&u| self.0.side_of(u) == side)
            .count() as u32
    }
    /// The side's units not eliminated, deployed or not (Drill has no unit kinds to count by).
    fn in_play(&self, side: usize, _kind: Option<usize>) -> u32 {
        (0..self.0.hex.len())
            .filter(|&u| self.0.side_of(u) == side && self.0.alive[u])
            .count() as u32
    }
    fn eliminated(&self, side: usize) -> u32 {
        self.units(side) - self.in_play(side, None)
    }
    /// Drill scores no victory points (`points` is refused).
    fn points(&self, _side: usize) -> i64 {
        0
    }
}

/// Drill's verdicts are the shared wording.
impl Words for Position<'_> {}

/// What is decided, as the state keeps it (`State::decided`, `State::streaks`): the parts
/// decided at their own game-turns stand when an entry is decided "now".
fn kept(s: &State) -> ByPath {
    ByPath {
        decided: s.decided.clone(),
        streaks: s.streaks.clone(),
        fresh_parts: false,
    }
}

/// The game ends now (Drill 6.2).
fn finish(s: &mut State, outcome: GameOutcome, events: &mut Vec<Event>) {
    events.push(Event::Over {
        outcome: outcome.clone(),
    });
    s.outcome = Some(outcome);
}

fn end(s: &mut State, ending: victory::Ending, events: &mut Vec<Event>) {
    let outcome = GameOutcome {
        winner: ending.winner,
        level: ending.level.map(|l| l.name().to_string()),
        reason: format!("Drill 6.2: {}", ending.reason),
    };
    finish(s, outcome, events);
}

/// After a card is played (Drill 6.2): a `destroy_all` met ends the game with its grade; else a
/// side left with no unit loses at once (Drill's own rule, whatever the entries).
pub fn after_card(s: &mut State, events: &mut Vec<Event>) {
    if s.outcome.is_some() {
        return;
    }
    let setup = s.setup.clone().expect("states carry their setup");
    if let Some(ending) = victory::destroyed(&Position(s), &setup.victory, s.turn) {
        end(s, ending, events);
        return;
    }
    let position = Position(s);
    if let Some(side) = (0..2).find(|&side| position.in_play(side, None) == 0) {
        let outcome = GameOutcome {
            winner: Some(1 - side),
            level: None,
            reason: format!(
                "Drill 6.2: every {} unit is eliminated",
                setup.sides[side].name
            ),
        };
        finish(s, outcome, events);
    }
}

/// The end of the game-turn (Drill 2.4, 6.2): the hold streaks, the entries it decides and
/// sudden death; the game ends when every entry is decided, or after the last game-turn.
pub fn end_game_turn(s: &mut State, events: &mut Vec<Event>) {
    let setup = s.setup.clone().expect("states carry their setup");
    let (turn, last) = (s.turn, s.turn >= setup.last_turn);
    let mut kept = kept(s);
    let ending = victory::end_game_turn(&Position(s), &setup.victory, &mut kept, turn, last);
    s.decided = kept.decided;
    s.streaks = kept.streaks;
    if let Some(ending) = ending {
        end(s, ending, events);
    }
}

/// Each victory entry and where it stands (`kepi state`, the app's victory panel).
pub fn conditions(s: &State) -> Vec<VictoryCondition> {
    victory::report(
        &Position(s),
        &s.setup().victory,
        &kept(s),
        s.turn,
        s.outcome.is_some(),
    )
}

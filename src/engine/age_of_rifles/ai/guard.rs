//! Never throw away a win (issue 42), Age of Rifles: what a move of this game-turn does to the
//! victory entries its end would decide (AoR 18), found by deciding them on a copy of the
//! state before the move and on one after it (`victory::end_game_turn`, as the engine does at
//! the end of the game-turn). The verdict goes with the candidate to the ruleset-neutral
//! choice (`crate::ai::candidates::best_index`): a win now is taken over any score, a met
//! condition is not given up while another candidate gives up nothing.
//!
//! Invariants: a side holds a hex it occupies or was the last to move a unit into or through
//! (AoR 18 "Occupation"), so a side's own move never makes its met hold fail: only a move into
//! a hex of a hold target (a condition's or the points') that its side does not hold can change
//! what would be decided now, and only such moves are played. A move the engine cannot play
//! without dice (one that draws passing fire, AoR 7.12) is not played: its verdict stays open.
//! The copies are never shown to anyone: the state the player was given is not changed.

use super::super::sequence;
use super::super::setup::Condition;
use super::super::setup::{Ix, PointsDef, Setup, TargetHexes};
use super::super::state::{Command, State};
use super::super::victory::end_game_turn;
use crate::ai::candidates::Verdict;
use crate::engine::dice::FixedDice;

/// What the end of this game-turn would decide, seen from one side: per victory entry not
/// decided yet, whether it would be good for the side (its own met, or the enemy's not met;
/// `None`: not decided by this end), and whether the game would end with the side winning.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    good: Vec<Option<bool>>,
    wins: bool,
}

/// The ending of the game-turn as `s` stands, for `side`: `None` when its end would decide no
/// entry not yet decided and not end the game (then nothing is at stake and no move is
/// played).
pub fn at_stake(s: &State, side: usize) -> Option<Ending> {
    let e = ending(s, side);
    let open = e
        .good
        .iter()
        .zip(&s.decided)
        .any(|(now, before)| now.is_some() && before.is_none());
    (open || e.wins).then_some(e)
}

/// [`Ending`] of the game-turn as `s` stands.
fn ending(s: &State, side: usize) -> Ending {
    let mut end = s.clone();
    end_game_turn(&mut end, &mut Vec::new());
    let setup = s.setup();
    let good = setup
        .victory
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if s.decided[i].is_some() {
                return None;
            }
            let met = end.decided[i]?;
            Some(match v.condition.side() {
                Some(x) if x == side => met,
                Some(_) => !met,
                None => met,
            })
        })
        .collect();
    let wins = end.outcome.as_ref().is_some_and(|o| o.winner == Some(side));
    Ending { good, wins }
}

/// Per grid index: is the hex part of a hold target, of a victory condition (its parts
/// included) or of the points (AoR 18)? Only there does occupation decide anything.
pub fn victory_hexes(setup: &Setup) -> Vec<bool> {
    fn mark(t: &TargetHexes, at: &mut [bool]) {
        for h in t.hexes() {
            at[h as usize] = true;
        }
    }
    fn walk(c: &Condition, at: &mut [bool]) {
        match c {
            Condition::Hold { target, .. } | Condition::HoldForTurns { target, .. } => {
                mark(target, at)
            }
            Condition::All { of, .. } | Condition::Any { of, .. } => {
                of.iter().for_each(|p| walk(p, at))
            }
            _ => {}
        }
    }
    let mut at = vec![false; setup.map.grid.len()];
    for v in &setup.victory {
        walk(&v.condition, &mut at);
    }
    for p in &setup.points {
        if let PointsDef::Hold { target, .. } = p {
            mark(target, &mut at);
        }
    }
    at
}

/// Does unit `u`'s move to `to` need playing: does it enter a hex of a hold target
/// (`targets`, [`victory_hexes`]) that its side does not hold?
pub fn takes_a_hex(s: &State, targets: &[bool], u: usize, to: Ix) -> bool {
    let side = s.setup().units[u].side;
    targets[to as usize] && s.occupied[to as usize] != side as u8 + 1
}

/// The verdict of unit `u`'s move to `to` for its side, against the ending `before` it.
pub fn verdict(s: &State, before: &Ending, u: usize, to: Ix) -> Verdict {
    let setup = s.setup();
    let side = setup.units[u].side;
    let c = Command::Move {
        unit: setup.units[u].id.clone(),
        to: setup.name(to),
        via: Vec::new(),
    };
    let Ok((after, _)) = sequence::apply(s, &c, &mut FixedDice::new([])) else {
        return Verdict::Open;
    };
    if after.outcome.is_some() {
        return match after.outcome.as_ref().and_then(|o| o.winner) {
            Some(x) if x == side => Verdict::Wins,
            Some(_) => Verdict::GivesUp,
            None => Verdict::Open,
        };
    }
    let now = ending(&after, side);
    let mut gained = now.wins && !before.wins;
    let mut lost = before.wins && !now.wins;
    for (b, a) in before.good.iter().zip(&now.good) {
        gained |= *a == Some(true) && *b != Some(true);
        lost |= *b == Some(true) && *a != Some(true);
    }
    match (gained, lost) {
        (true, false) => Verdict::Wins,
        (false, true) => Verdict::GivesUp,
        _ => Verdict::Open,
    }
}

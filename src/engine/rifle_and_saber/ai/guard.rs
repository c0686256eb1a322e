//! Never throw away a win, never walk into a loss (issue 42): what a command of this
//! game-turn does to the victory conditions at stake (those decided at its end, R&S 11.0, and
//! sudden-death ones), found by playing it on a copy of the state. The verdict goes with the
//! candidate to the ruleset-neutral choice (`crate::ai::candidates::best_index`), which takes
//! a win now over any score and refuses to give up a met condition while another candidate
//! does not.
//!
//! Invariant: the position decides the conditions at stake only through the hexes of the
//! objectives (hold, control, points for holding: who stands in them), the exits and the
//! losses; so every move of a unit that neither starts nor ends in an objective hex or exit
//! area gives the same verdict, and one such move is played for all of them.

use super::super::apply::apply;
use super::super::command::Command;
use super::super::state::{State, UnitId};
use super::super::victory::{Stake, stakes};
use crate::ai::candidates::Verdict;
use crate::engine::dice::FixedDice;
use crate::map::HexCoord;

/// The conditions at stake before the command (see [`stakes`]); empty where nothing is
/// decided this game-turn and no entry is sudden death (then no command is played).
pub fn before(state: &State) -> Vec<Stake> {
    stakes(state)
}

/// Is the stake good for `side`: its own condition met, or the enemy's not met?
fn good(s: &Stake, side: usize) -> Option<bool> {
    s.side.map(|x| if x == side { s.met } else { !s.met })
}

/// The verdict of the position `after` for `side`, against the stakes `before` it.
pub fn verdict(before: &[Stake], after: &State, side: usize) -> Verdict {
    if let Some(o) = &after.outcome {
        return match o.winner {
            Some(w) if w == side => Verdict::Wins,
            Some(_) => Verdict::GivesUp,
            None => Verdict::Open,
        };
    }
    let now = stakes(after);
    let (mut gained, mut lost) = (false, false);
    for b in before {
        let Some(was) = good(b, side) else { continue };
        let is = now
            .iter()
            .find(|a| a.entry == b.entry)
            .and_then(|a| good(a, side))
            .unwrap_or(was);
        gained |= is && !was;
        lost |= was && !is;
    }
    match (gained, lost) {
        (true, false) => Verdict::Wins,
        (false, true) => Verdict::GivesUp,
        _ => Verdict::Open,
    }
}

/// The state after unit `u` moves by `path` (none: stays) and then, where `leave`, leaves the
/// map from where it ends (R&S 4(C): leaving costs a movement point, the road rate at a road
/// exit); with whether it left. `None` where the move is refused.
pub fn after_move(
    state: &State,
    u: UnitId,
    path: Option<Vec<HexCoord>>,
    leave: bool,
) -> Option<(State, bool)> {
    let mut dice = FixedDice::new([]);
    let moved = match path {
        Some(path) => {
            let c = Command::Move {
                unit: u,
                path,
                charge: false,
            };
            apply(state, &c, &mut dice).ok()?.0
        }
        None => state.clone(),
    };
    if leave && let Ok((left, _)) = apply(&moved, &Command::ExitMap { unit: u }, &mut dice) {
        return Some((left, true));
    }
    Some((moved, false))
}

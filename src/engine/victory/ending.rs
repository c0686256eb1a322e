//! When the shared kinds end the game, and with what result.

use super::condition::{Condition, Entry};
use super::decide::{NOT_MET_BY_THE_END, decide, held, recall};
use super::facts::Words;
use super::record::{Decided, Record};
use crate::scenario::rules::VictoryLevel;
use std::collections::BTreeSet;

/// The game's end: the winner (none: a draw), the level and why. The system ends its game with
/// it (its own outcome, events and case cited).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<usize>,
    pub level: Option<VictoryLevel>,
    pub reason: String,
}

/// `destroy_all`, met the moment the enemy has no unit on the map or still to arrive: the
/// first such entry's grade for game-turn `turn`, or `None` while the enemies of every
/// `destroy_all` entry are still in play.
pub fn destroyed<F: Words>(f: &F, entries: &[Entry<F::Hex>], turn: u32) -> Option<Ending> {
    entries.iter().find_map(|e| {
        let Condition::DestroyAll {
            side,
            grades,
            otherwise,
        } = &e.condition
        else {
            return None;
        };
        let enemy = 1 - side;
        if f.in_play(enemy, None) > 0 {
            return None;
        }
        let (winner, level) = grades
            .iter()
            .find(|(by, _, _)| turn <= *by)
            .map(|(_, w, l)| (*w, *l))
            .unwrap_or(*otherwise);
        Some(Ending {
            winner: Some(winner),
            level: Some(level),
            reason: format!("{} — {}", e.text, f.destroyed(enemy, turn)),
        })
    })
}

/// The end of game-turn `turn` (`last`: the last game-turn) for the entries: the hold streaks,
/// the entries this game-turn decides (kept in `rec`), sudden death, and the end of the game
/// when every entry is decided or the last game-turn is over. `None` while the game goes on.
/// The system scores its victory points for the game-turn before.
pub fn end_game_turn<F: Words>(
    f: &F,
    entries: &[Entry<F::Hex>],
    rec: &mut dyn Record,
    turn: u32,
    last: bool,
) -> Option<Ending> {
    for (i, e) in entries.iter().enumerate() {
        if rec.entry(i).is_some() {
            continue;
        }
        let key = i.to_string();
        let ends = |rec: &mut dyn Record, d: Decided, winner, reason| {
            rec.set_entry(i, &d);
            Some(Ending {
                winner,
                level: e.level,
                reason,
            })
        };
        match &e.condition {
            Condition::HoldForTurns {
                side,
                target,
                turns,
            } => {
                for s in (0..2).filter(|s| side.is_none_or(|x| x == *s)) {
                    let streak = if held(f, s, target, None) {
                        rec.streak(i)[s] + 1
                    } else {
                        0
                    };
                    rec.set_streak(i, s, streak);
                    if streak >= *turns {
                        // Met: it ends the game (sudden death by nature).
                        let detail = f.held_for_turns(s, *turns);
                        let reason = format!("{} — {detail}", e.text);
                        return ends(rec, Decided { met: true, detail }, Some(s), reason);
                    }
                }
                if last {
                    rec.set_entry(
                        i,
                        &Decided {
                            met: false,
                            detail: NOT_MET_BY_THE_END.into(),
                        },
                    );
                }
            }
            // Met only by the destruction of the enemy ([`destroyed`]).
            Condition::DestroyAll { .. } => {}
            c => {
                // Sudden death: met at the end of any game-turn before its own, it wins.
                if e.sudden_death
                    && let Some(d) = decide(f, &mut *rec.parts_now(), &key, c, turn, true)
                    && d.met
                {
                    let reason = format!("{} — {} (sudden death)", e.text, d.detail);
                    return ends(rec, d, c.side(), reason);
                }
                if let Some(d) = decide(f, &mut *rec, &key, c, turn, false) {
                    // Met at its own game-turn with the parts kept at theirs: for a record that
                    // decides "now" afresh, an `all`/`any` whose earlier part no longer holds.
                    if d.met && e.sudden_death {
                        let reason = format!("{} — {}", e.text, d.detail);
                        return ends(rec, d, c.side(), reason);
                    }
                    rec.set_entry(i, &d);
                }
            }
        }
    }
    let all_decided = entries.iter().enumerate().all(|(i, e)| {
        rec.entry(i).is_some() && !matches!(e.condition, Condition::DestroyAll { .. })
    });
    (last || all_decided).then(|| conclude(f, entries, rec, turn))
}

/// What an entry gives at the end: an award to a side (or a draw), or a failure of a side.
enum Verdict {
    Award(Option<usize>, Option<VictoryLevel>),
    Failed(usize),
    Nothing,
}

/// The result of the whole game from every entry (see the module's documentation).
fn conclude<F: Words>(f: &F, entries: &[Entry<F::Hex>], rec: &dyn Record, turn: u32) -> Ending {
    let verdicts: Vec<(Verdict, String)> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| match (&e.condition, rec.entry(i)) {
            (Condition::DestroyAll { otherwise, .. }, _) => (
                Verdict::Award(Some(otherwise.0), Some(otherwise.1)),
                format!("{} — {}", e.text, f.survived()),
            ),
            (c, Some(met)) => {
                let how = rec
                    .words(i)
                    .unwrap_or_else(|| recall(f, rec, i, c, met, turn));
                let verdict = match (met, c.side()) {
                    (true, side) => Verdict::Award(side, e.level),
                    (false, Some(side)) => Verdict::Failed(side),
                    (false, None) => Verdict::Nothing,
                };
                (verdict, format!("{} — {how}", e.text))
            }
            (c, None) => (
                c.side().map_or(Verdict::Nothing, Verdict::Failed),
                format!("{} — not decided by the end", e.text),
            ),
        })
        .collect();
    let ending = |winner, level, reason| Ending {
        winner,
        level,
        reason,
    };
    let awards: Vec<(Option<usize>, Option<VictoryLevel>, &str)> = verdicts
        .iter()
        .filter_map(|(v, why)| match v {
            Verdict::Award(side, level) => Some((*side, *level, why.as_str())),
            _ => None,
        })
        .collect();
    if let Some(best) = awards.iter().map(|a| a.1).max() {
        let top: Vec<_> = awards.iter().filter(|a| a.1 == best).collect();
        let winners: BTreeSet<Option<usize>> = top.iter().map(|a| a.0).collect();
        let why = top.iter().map(|a| a.2).collect::<Vec<_>>().join("; ");
        return match winners.into_iter().collect::<Vec<_>>().as_slice() {
            [Some(w)] => ending(Some(*w), best, why),
            _ => ending(None, None, format!("a draw: {why}")),
        };
    }
    let failed: BTreeSet<usize> = verdicts
        .iter()
        .filter_map(|(v, _)| match v {
            Verdict::Failed(s) => Some(*s),
            _ => None,
        })
        .collect();
    let whys = verdicts
        .iter()
        .map(|(_, w)| w.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    match failed.into_iter().collect::<Vec<_>>().as_slice() {
        [loser] => ending(Some(1 - loser), None, f.failed(*loser, whys)),
        [] if verdicts.is_empty() => ending(
            None,
            None,
            format!("game-turn {turn} was the last; no victory condition decided the game"),
        ),
        [] => ending(None, None, f.no_award(whys, verdicts.len())),
        _ => ending(None, None, format!("a draw: {whys}")),
    }
}

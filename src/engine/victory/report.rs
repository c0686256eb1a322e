//! Each entry and where it stands, for `kepi state` and the app's victory panel.

use super::condition::{Condition, Entry};
use super::decide::{decide, recall};
use super::facts::Words;
use super::record::Record;
use crate::engine::{ConditionStatus, VictoryCondition};

fn status(met: bool) -> ConditionStatus {
    if met {
        ConditionStatus::Met
    } else {
        ConditionStatus::NotMet
    }
}

/// Each entry at game-turn `turn` (`over`: the game has ended): decided (with the words kept,
/// or recalled), or open with whether it would be met if it were decided now; at the end of
/// the game an open entry is read from the final position, which no longer changes.
pub fn report<F: Words>(
    f: &F,
    entries: &[Entry<F::Hex>],
    rec: &dyn Record,
    turn: u32,
    over: bool,
) -> Vec<VictoryCondition> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let c = &e.condition;
            let sudden = if e.sudden_death { f.sudden_note() } else { "" };
            let (status, detail) = match (c, rec.entry(i)) {
                (Condition::HoldForTurns { side, turns, .. }, d) => {
                    let streak = rec.streak(i);
                    let sides = || (0..2).filter(|&s| side.is_none_or(|x| x == s));
                    let held: Vec<String> = sides()
                        .map(|s| {
                            format!(
                                "{} has held it {} of {turns} game-turn(s)",
                                f.side_name(s),
                                streak[s]
                            )
                        })
                        .collect();
                    // The streak that reaches `turns` ends the game at once.
                    let reached = sides().any(|s| streak[s] >= *turns);
                    let status = match (d, reached, over) {
                        (Some(m), _, _) => status(m),
                        (None, true, _) => ConditionStatus::Met,
                        (None, false, true) => ConditionStatus::NotMet,
                        (None, false, false) => ConditionStatus::Open,
                    };
                    let words = d.and_then(|_| rec.words(i));
                    (status, words.unwrap_or_else(|| held.join("; ")))
                }
                (Condition::DestroyAll { side, .. }, _) => {
                    let left = f.in_play(1 - side, None);
                    let status = match (left, over) {
                        (0, _) => ConditionStatus::Met,
                        (_, true) => ConditionStatus::NotMet,
                        _ => ConditionStatus::Open,
                    };
                    (status, f.enemies_left(left))
                }
                (c, Some(met)) => (
                    status(met),
                    rec.words(i)
                        .unwrap_or_else(|| recall(f, rec, i, c, met, turn)),
                ),
                (c, None) => {
                    match decide(f, &mut *rec.parts_now(), &i.to_string(), c, turn, true) {
                        Some(d) if over => (status(d.met), d.detail),
                        Some(d) => (
                            ConditionStatus::Open,
                            format!(
                                "{}; {} if it were decided now{}{sudden}",
                                c.when(),
                                if d.met { "met" } else { "not met" },
                                f.progress(c)
                            ),
                        ),
                        None => (ConditionStatus::Open, format!("{}{sudden}", c.when())),
                    }
                }
            };
            VictoryCondition {
                text: e.text.clone(),
                side: c.side(),
                level: e.level.map(|l| l.name().to_string()),
                status,
                detail,
            }
        })
        .collect()
}

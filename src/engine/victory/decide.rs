//! Deciding one condition on the position a system gives.

use super::condition::{Condition, ExitNeed, Target};
use super::facts::{Facts, Words, yes};
use super::record::{Decided, Parts, Record};
use crate::frac::Frac;
use crate::scenario::rules::Require;

/// The words of a `hold_for_turns` entry decided without being met (it is decided met only by
/// ending the game).
pub(super) const NOT_MET_BY_THE_END: &str = "not met by the end";

/// Does `side` hold the target (`Require`), each part counted only with no enemy unit within
/// `clear` hexes of it?
pub fn held<F: Facts>(f: &F, side: usize, t: &Target<F::Hex>, clear: Option<u32>) -> bool {
    let has = |h: &F::Hex| f.holds(side, *h);
    let clear_of = |hexes: &[F::Hex]| clear.is_none_or(|n| !f.enemy_within(side, hexes, n));
    match t.require {
        Require::EveryHex => t
            .parts
            .iter()
            .all(|p| p.hexes.iter().all(has) && clear_of(&p.hexes)),
        Require::EachFeature => t
            .parts
            .iter()
            .all(|p| p.hexes.iter().any(has) && clear_of(&p.hexes)),
        Require::AnyFeature => t
            .parts
            .iter()
            .any(|p| p.hexes.iter().any(has) && clear_of(&p.hexes)),
    }
}

/// A condition decided at the end of game-turn `turn` (`now`: as if `turn` were its own and
/// its parts'), with how in words; `None` when `turn` does not decide it (and always for
/// `hold_for_turns` and `destroy_all`, decided the moment they are met). Parts of `all`/`any`
/// are read from `parts` under their path (`path.j`); those decided at their own game-turn are
/// kept there, unless `now`.
pub fn decide<F: Words>(
    f: &F,
    parts: &mut dyn Parts,
    path: &str,
    c: &Condition<F::Hex>,
    turn: u32,
    now: bool,
) -> Option<Decided> {
    let at = |t: u32| now || t == turn;
    let says = |met: bool, detail: String| Some(Decided { met, detail });
    match c {
        Condition::Hold {
            side,
            target,
            turn: t,
            no_enemy_within,
        } if at(*t) => {
            let met = held(f, *side, target, *no_enemy_within);
            says(met, format!("{} at the end of game-turn {turn}", yes(met)))
        }
        Condition::Exit {
            side,
            need,
            area,
            by_turn,
            no_more_losses,
        } if at(*by_turn) => {
            let side = *side;
            let enough = match need {
                ExitNeed::Units { count, kind } => f.exited(side, area, *kind) >= *count,
                ExitNeed::Fraction(fraction) => {
                    Frac::int(f.exited(side, area, None).into())
                        >= *fraction * Frac::int(f.units(side).into())
                }
                ExitNeed::All { kind } => {
                    f.exited(side, area, *kind) > 0 && f.in_play(side, *kind) == 0
                }
            };
            let losses = [f.eliminated(side), f.eliminated(1 - side)];
            let met = enough && (!no_more_losses || losses[0] <= losses[1]);
            says(
                met,
                f.exit_decided(met, turn, f.exited(side, area, None), losses),
            )
        }
        Condition::ControlDeployedHill {
            side,
            enemy,
            candidates,
            by_turn,
        } if at(*by_turn) => {
            let hill = f.deployed_hill(*enemy);
            let hexes = candidates
                .iter()
                .find(|c| Some(c.name.as_str()) == hill)
                .map_or(&[][..], |c| &c.hexes[..]);
            let met = !hexes.is_empty() && hexes.iter().all(|h| f.holds(*side, *h));
            says(
                met,
                format!(
                    "{} {}",
                    hill.unwrap_or("the hill"),
                    if met { "controlled" } else { "not controlled" }
                ),
            )
        }
        Condition::Points {
            side,
            at_least,
            margin,
            turn: t,
        } if at(*t) => {
            let points = [f.points(*side), f.points(1 - side)];
            let score = if *margin {
                points[0] - points[1]
            } else {
                points[0]
            };
            let met = score >= *at_least;
            says(
                met,
                f.points_decided(met, turn, *side, points, *at_least, *margin),
            )
        }
        Condition::All { of, .. } | Condition::Any { of, .. } => {
            let all = matches!(c, Condition::All { .. });
            let mut results = Vec::new();
            for (j, p) in of.iter().enumerate() {
                let key = format!("{path}.{j}");
                let r = match parts.part(&key) {
                    Some(d) => Some(d),
                    None => {
                        let r = decide(f, parts, &key, p, turn, now);
                        if let Some(d) = &r
                            && !now
                        {
                            parts.set_part(&key, d);
                        }
                        r
                    }
                };
                results.push(r);
            }
            let met = |m: bool| {
                results
                    .iter()
                    .any(|r| r.as_ref().is_some_and(|d| d.met == m))
            };
            let every = |m: bool| {
                results
                    .iter()
                    .all(|r| r.as_ref().is_some_and(|d| d.met == m))
            };
            let settled = if all {
                if met(false) {
                    Some(false)
                } else if every(true) {
                    Some(true)
                } else {
                    None
                }
            } else if met(true) {
                Some(true)
            } else if every(false) {
                Some(false)
            } else {
                None
            };
            settled.map(|m| {
                let how: Vec<String> = results
                    .iter()
                    .enumerate()
                    .map(|(j, r)| match r {
                        Some(d) => format!("part {}: {}", j + 1, d.detail),
                        None => format!("part {}: not decided", j + 1),
                    })
                    .collect();
                Decided {
                    met: m,
                    detail: format!("{} ({})", yes(m), how.join("; ")),
                }
            })
        }
        _ => None,
    }
}

/// The words of entry `i`, decided `met`, for a record that keeps none: with its figures when
/// it was decided at the end of this game-turn `turn` (the position is still the one it was
/// decided on), else with its game-turn; `all`/`any` from their parts decided.
pub fn recall<F: Words>(
    f: &F,
    rec: &dyn Record,
    i: usize,
    c: &Condition<F::Hex>,
    met: bool,
    turn: u32,
) -> String {
    let now = |t: u32| {
        decide(f, &mut *rec.parts_now(), &i.to_string(), c, t, true)
            .filter(|d| d.met == met)
            .map(|d| d.detail)
    };
    match (c, c.turn()) {
        (_, Some(t)) if t == turn => {
            now(t).unwrap_or_else(|| format!("{} at the end of game-turn {t}", yes(met)))
        }
        (_, Some(t)) => format!("{} at the end of game-turn {t}", yes(met)),
        (Condition::HoldForTurns { .. }, None) => NOT_MET_BY_THE_END.into(),
        (_, None) => now(turn).unwrap_or_else(|| yes(met).to_string()),
    }
}

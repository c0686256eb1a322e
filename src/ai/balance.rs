//! Scenario balance by self-play: paired games (the same dice seed twice, the two players'
//! seats swapped) at one level, each side's win rate with its 95 % Wilson score interval,
//! draws, the average length and which victory conditions decided the games; the same at the
//! random level; and a flag when the result swings with the players' skill. Ruleset-neutral.
//!
//! Invariant: a report is a pure function of the scenario, options, level, number of games
//! and first seed (threads only share out the seeds; the games are gathered in seed order).

use super::Opponent;
use super::selfplay::{Played, play};
use crate::engine::game::AnyRuleset;
use crate::scenario::Scenario;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The 95 % Wilson score interval of `wins` in `n` (0..1); (0, 1) when `n` is 0.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 and n the bounds are exactly 0 and 1 (the formula leaves rounding dust there).
    let low = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if wins as f64 == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// One side's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideResult {
    pub side: String,
    pub wins: u64,
    pub rate: f64,
    /// The 95 % Wilson interval of the win rate.
    pub low: f64,
    pub high: f64,
}

/// The games of one level.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelReport {
    pub level: String,
    pub games: u64,
    pub sides: Vec<SideResult>,
    pub draws: u64,
    pub average_turns: f64,
    /// How many games each victory condition (or other reason) decided, most first.
    pub decided_by: Vec<(String, u64)>,
}

/// `kepi balance`'s report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub scenario: String,
    pub level: LevelReport,
    pub random: LevelReport,
    /// Set when the result depends on the players' skill: the side favoured changes between
    /// the levels, or a side's win-rate intervals at the two levels do not overlap.
    pub swings_with_skill: Option<String>,
}

/// Pair `k` and its two games.
type Pair = (u64, [Played; 2]);

/// The players' seeds, side 0 then side 1, of one game of the pair with dice seed `seed`: `2 seed`
/// and `2 seed + 1`, swapped in the pair's second game. `kepi balance --db` seeds its games
/// with this too, so its report equals this module's.
pub fn player_seeds(seed: u64, swap: bool) -> [u64; 2] {
    let (a, b) = (seed.wrapping_mul(2), seed.wrapping_mul(2) + 1);
    if swap { [b, a] } else { [a, b] }
}

/// The games of pair `k`: dice seed `first_seed + k`, players seeded by [`player_seeds`], the
/// second game with the seats swapped.
pub fn pair(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    levels: [&str; 2],
    seed: u64,
) -> Result<[Played; 2], String> {
    let mut out = Vec::with_capacity(2);
    for swap in [false, true] {
        let [s0, s1] = player_seeds(seed, swap);
        let mut players = vec![
            Opponent::new(rules, levels[0], s0)?,
            Opponent::new(rules, levels[1], s1)?,
        ];
        out.push(play(rules, scenario, options, seed, &mut players)?.1);
    }
    Ok([out[0].clone(), out[1].clone()])
}

/// Play `pairs` pairs of games with `levels[i]` on side `i`, on `threads` threads; the games
/// in seed order.
pub fn games(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    levels: [&str; 2],
    pairs: u64,
    first_seed: u64,
    threads: usize,
) -> Result<Vec<Played>, String> {
    let threads = threads.max(1) as u64;
    // Each thread takes the next pair not yet taken, so none waits idle at the end while
    // another plays out a share of long games.
    let next = std::sync::atomic::AtomicU64::new(0);
    let results: Vec<Result<Vec<Pair>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= pairs {
                            break;
                        }
                        mine.push((k, pair(rules, scenario, options, levels, first_seed + k)?));
                    }
                    Ok(mine)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a game thread panicked".into()))
            })
            .collect()
    });
    let mut all = Vec::new();
    for r in results {
        all.extend(r?);
    }
    all.sort_by_key(|(k, _)| *k);
    Ok(all.into_iter().flat_map(|(_, g)| g).collect())
}

/// The report of games played at one level.
pub fn level_report(level: &str, sides: &[String], games: &[Played]) -> LevelReport {
    let n = games.len() as u64;
    let mut decided: BTreeMap<String, u64> = BTreeMap::new();
    for g in games {
        *decided.entry(g.decided_by.clone()).or_default() += 1;
    }
    let mut decided_by: Vec<(String, u64)> = decided.into_iter().collect();
    decided_by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    LevelReport {
        level: level.to_string(),
        games: n,
        sides: sides
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let wins = games.iter().filter(|g| g.winner == Some(i)).count() as u64;
                let (low, high) = wilson(wins, n);
                SideResult {
                    side: s.clone(),
                    wins,
                    rate: if n == 0 { 0.0 } else { wins as f64 / n as f64 },
                    low,
                    high,
                }
            })
            .collect(),
        draws: games.iter().filter(|g| g.winner.is_none()).count() as u64,
        average_turns: if n == 0 {
            0.0
        } else {
            games.iter().map(|g| f64::from(g.turns)).sum::<f64>() / n as f64
        },
        decided_by,
    }
}

/// Does the result swing with skill? The favoured side changes, or a side's intervals at the
/// two levels are disjoint.
pub fn swing(level: &LevelReport, random: &LevelReport) -> Option<String> {
    let favoured = |r: &LevelReport| -> Option<usize> {
        let (a, b) = (r.sides[0].wins, r.sides[1].wins);
        (a != b).then_some(if a > b { 0 } else { 1 })
    };
    if let (Some(x), Some(y)) = (favoured(level), favoured(random))
        && x != y
    {
        return Some(format!(
            "{} wins more at the {} level, {} at the random level",
            level.sides[x].side, level.level, random.sides[y].side
        ));
    }
    for (a, b) in level.sides.iter().zip(&random.sides) {
        if a.low > b.high || b.low > a.high {
            return Some(format!(
                "{} wins {:.0} % at the {} level but {:.0} % at the random level",
                a.side,
                a.rate * 100.0,
                level.level,
                b.rate * 100.0
            ));
        }
    }
    None
}

/// Balance of a scenario at `level`: `games` games (rounded up to pairs) at that level and as
/// many at the random level.
pub fn balance(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    level: &str,
    games_wanted: u64,
    first_seed: u64,
    threads: usize,
) -> Result<Report, String> {
    let pairs = games_wanted.div_ceil(2).max(1);
    let start = rules.start(scenario, options).map_err(|e| e.to_string())?;
    let sides: Vec<String> = start.sides().into_iter().map(|s| s.name).collect();
    let at = games(
        rules,
        scenario,
        options,
        [level, level],
        pairs,
        first_seed,
        threads,
    )?;
    let rnd = games(
        rules,
        scenario,
        options,
        ["random", "random"],
        pairs,
        first_seed,
        threads,
    )?;
    let level = level_report(level, &sides, &at);
    let random = level_report("random", &sides, &rnd);
    let swings_with_skill = swing(&level, &random);
    Ok(Report {
        scenario: scenario.file.id.clone(),
        level,
        random,
        swings_with_skill,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_textbook_values() {
        // 8 of 10: the interval given in Wilson (1927) tables, 0.490-0.943.
        let (lo, hi) = wilson(8, 10);
        assert!((lo - 0.4902).abs() < 1e-3, "{lo}");
        assert!((hi - 0.9433).abs() < 1e-3, "{hi}");
        let (lo, hi) = wilson(0, 20);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.1611).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    fn report(level: &str, wins: [u64; 2], n: u64) -> LevelReport {
        let sides = ["A".to_string(), "B".to_string()];
        let mut games = Vec::new();
        for (i, w) in wins.iter().enumerate() {
            for _ in 0..*w {
                games.push(Played {
                    winner: Some(i),
                    turns: 10,
                    commands: 1,
                    decided_by: "x".into(),
                });
            }
        }
        while (games.len() as u64) < n {
            games.push(Played {
                winner: None,
                turns: 20,
                commands: 1,
                decided_by: "y".into(),
            });
        }
        level_report(level, &sides, &games)
    }

    #[test]
    fn a_result_that_changes_side_with_skill_is_flagged() {
        let s = report("standard", [80, 20], 100);
        assert_eq!(s.draws, 0);
        assert_eq!(s.decided_by, vec![("x".to_string(), 100)]);
        let r = report("random", [30, 60], 100);
        assert_eq!(r.draws, 10);
        assert!((r.average_turns - 11.0).abs() < 1e-9);
        assert!(
            swing(&s, &r)
                .unwrap()
                .contains("A wins more at the standard level")
        );
        let same = report("random", [75, 25], 100);
        assert_eq!(swing(&s, &same), None);
    }
}

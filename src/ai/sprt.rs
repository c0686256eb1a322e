//! The sequential probability ratio test of one level against another, as chess engines test a
//! change (fishtest, cutechess): games are played in pairs on the same dice seed with the seats
//! swapped, each pair scores the candidate 0, ¼, ½, ¾ or 1, and after each batch of pairs the
//! log-likelihood ratio of "the candidate is `elo1` stronger" against "it is `elo0` stronger"
//! is compared with Wald's bounds ln(β/(1-α)) and ln((1-β)/α). Ruleset-neutral.
//!
//! The ratio is the normal approximation of the generalized SPRT over the pairs' scores
//! (Van den Bergh's, as fishtest computes it for pentanomial results):
//! LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v), with m and v the mean and variance of the pair
//! scores and s the expected score of an Elo difference, 1 / (1 + 10^(-elo/400)). Pairs, not
//! games, are the samples, so the correlation the shared dice give a pair's two games is in v.
//!
//! Invariants: the verdict is a pure function of the pair scores in seed order (threads only
//! share out the pairs); the variance is that of the pairs with one pseudo-pair of variance
//! [`PRIOR_VARIANCE`] (two coin-flip games) pooled in, and kept above [`MIN_VARIANCE`], so that
//! a run of equal pairs gives a finite ratio and a single pair of two wins does not decide the
//! test (with the bare floor, one such pair gave an LLR of 8.3 against bounds of ±2.94).

use super::Opponent;
use super::balance::player_seeds;
use super::selfplay::play;
use crate::engine::game::AnyRuleset;
use crate::scenario::Scenario;
use serde::Serialize;
use serde_json::Value;

/// The variance of the pair scores is taken as at least this (a quarter of a pair's steps,
/// squared, over 4): all pairs won would otherwise divide by zero.
pub const MIN_VARIANCE: f64 = 0.004;

/// The variance of a pair score between two even players whose games are coin flips (0, ½, 1
/// with chances ¼, ½, ¼): pooled into the pairs' variance as one pseudo-pair.
pub const PRIOR_VARIANCE: f64 = 0.125;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Hypotheses {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The expected score of a player `elo` points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a mean score (infinite at 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Each pair's score: the mean of the candidate's two results.
pub fn pair_scores(results: &[[f64; 2]]) -> Vec<f64> {
    results.iter().map(|r| (r[0] + r[1]) / 2.0).collect()
}

/// The candidate's games won, drawn and lost.
pub fn games(results: &[[f64; 2]]) -> (u64, u64, u64) {
    let count = |x: f64| results.iter().flatten().filter(|r| **r == x).count() as u64;
    (count(1.0), count(0.5), count(0.0))
}

/// The mean of the pair scores (½ with none).
pub fn mean_score(pairs: &[f64]) -> f64 {
    if pairs.is_empty() {
        0.5
    } else {
        pairs.iter().sum::<f64>() / pairs.len() as f64
    }
}

/// The pair scores' variance about `m`, pooled with one coin-flip pseudo-pair and floored.
pub fn pooled_variance(pairs: &[f64], m: f64) -> f64 {
    let spread = pairs.iter().map(|x| (x - m) * (x - m)).sum::<f64>();
    ((spread + PRIOR_VARIANCE) / (pairs.len() as f64 + 1.0)).max(MIN_VARIANCE)
}

/// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) for pair scores in 0..1.
pub fn llr(pairs: &[f64], h: &Hypotheses) -> f64 {
    let n = pairs.len() as f64;
    if n == 0.0 {
        return 0.0;
    }
    let m = pairs.iter().sum::<f64>() / n;
    let v = pooled_variance(pairs, m);
    let (s0, s1) = (expected_score(h.elo0), expected_score(h.elo1));
    n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
}

/// Wald's bounds (lower, upper).
pub fn bounds(h: &Hypotheses) -> (f64, f64) {
    (
        (h.beta / (1.0 - h.alpha)).ln(),
        ((1.0 - h.beta) / h.alpha).ln(),
    )
}

/// Where the test stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub hypotheses: Hypotheses,
    pub pairs: u64,
    /// The candidate's games won, drawn and lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The candidate's mean score, and the Elo difference it means.
    pub score: f64,
    pub elo: f64,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// "H1" (the candidate is at least `elo1` stronger), "H0" (at most `elo0`), or "open" (the
    /// pairs allowed ran out first).
    pub accepted: String,
}

/// The verdict on the pair scores so far (each pair: the candidate's two results, 1 a win, ½
/// a draw, 0 a loss).
pub fn verdict(results: &[[f64; 2]], h: &Hypotheses) -> Verdict {
    let pairs = pair_scores(results);
    let (wins, draws, losses) = games(results);
    let score = mean_score(&pairs);
    let l = llr(&pairs, h);
    let (lower, upper) = bounds(h);
    Verdict {
        hypotheses: *h,
        pairs: pairs.len() as u64,
        wins,
        draws,
        losses,
        score,
        elo: elo_of(score),
        llr: l,
        lower,
        upper,
        accepted: if l >= upper {
            "H1".into()
        } else if l <= lower {
            "H0".into()
        } else {
            "open".into()
        },
    }
}

/// The candidate's results in pair `seed` of `scenario`: `levels[0]` (the candidate) on side
/// 0 then on side 1, the other level on the other side, on the same dice, players seeded as
/// `kepi balance` seeds them.
pub fn pair(
    rules: &'static dyn AnyRuleset,
    scenario: &Scenario,
    options: &Value,
    levels: [&str; 2],
    seed: u64,
) -> Result<[f64; 2], String> {
    let mut out = [0.0; 2];
    for (g, swap) in [false, true].into_iter().enumerate() {
        let seeds = player_seeds(seed, swap);
        let candidate = usize::from(swap);
        let mut players = vec![
            Opponent::new(rules, levels[candidate], seeds[0])?,
            Opponent::new(rules, levels[1 - candidate], seeds[1])?,
        ];
        let played = play(rules, scenario, options, seed, &mut players)?.1;
        out[g] = match played.winner {
            Some(w) if w == candidate => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    Ok(out)
}

/// Pairs `range` of `levels` (the candidate first): pair k on `games[k % n]` with dice seed
/// `first_seed + k`, up to `threads` pairs at a time, their results in pair order.
pub fn play_pairs(
    games: &[(&'static dyn AnyRuleset, Scenario, Value)],
    levels: [&str; 2],
    range: std::ops::Range<u64>,
    first_seed: u64,
    threads: usize,
) -> Result<Vec<[f64; 2]>, String> {
    if games.is_empty() {
        return Err("no scenario to play".into());
    }
    let threads = threads.max(1) as u64;
    let mut out = Vec::with_capacity((range.end.saturating_sub(range.start)) as usize);
    let mut k = range.start;
    while k < range.end {
        let end = (k + threads).min(range.end);
        let got: Vec<Result<[f64; 2], String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (k..end)
                .map(|i| {
                    let (r, s, o) = &games[(i % games.len() as u64) as usize];
                    scope.spawn(move || pair(*r, s, o, levels, first_seed + i))
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
        for g in got {
            out.push(g?);
        }
        k = end;
    }
    Ok(out)
}

/// Run the test: pair k is played on `scenarios[k % n]` with dice seed `first_seed + k`,
/// `threads` pairs at a time, until the ratio crosses a bound or `max_pairs` are played.
/// `progress` is told the verdict after each batch.
#[allow(clippy::too_many_arguments)]
pub fn run(
    rules: &[(&'static dyn AnyRuleset, Scenario, Value)],
    levels: [&str; 2],
    h: &Hypotheses,
    max_pairs: u64,
    first_seed: u64,
    threads: usize,
    mut progress: impl FnMut(&Verdict),
) -> Result<Verdict, String> {
    if rules.is_empty() {
        return Err("no scenario to play".into());
    }
    let threads = threads.max(1) as u64;
    let mut results: Vec<[f64; 2]> = Vec::new();
    let mut k = 0u64;
    while k < max_pairs {
        let end = (k + threads).min(max_pairs);
        results.extend(play_pairs(
            rules,
            levels,
            k..end,
            first_seed,
            threads as usize,
        )?);
        k = end;
        let v = verdict(&results, h);
        progress(&v);
        if v.accepted != "open" {
            return Ok(v);
        }
    }
    Ok(verdict(&results, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: Hypotheses = Hypotheses {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn wald_bounds_and_expected_scores_are_the_textbook_ones() {
        let (lo, hi) = bounds(&H);
        assert!((lo + 2.944_438_979).abs() < 1e-6, "{lo}");
        assert!((hi - 2.944_438_979).abs() < 1e-6, "{hi}");
        assert!((expected_score(0.0) - 0.5).abs() < 1e-12);
        assert!((expected_score(50.0) - 0.571_463).abs() < 1e-5);
        assert!((elo_of(expected_score(50.0)) - 50.0).abs() < 1e-9);
    }

    #[test]
    fn the_ratio_favours_the_hypothesis_the_scores_are_nearer() {
        // Pair scores averaging 0.5 speak for H0; averaging 0.65 for H1.
        let even: Vec<f64> = (0..100).map(|i| [0.25, 0.75][i % 2]).collect();
        assert!(llr(&even, &H) < bounds(&H).0);
        let better: Vec<f64> = (0..100).map(|i| [0.5, 0.75, 0.75, 0.6][i % 4]).collect();
        assert!(llr(&better, &H) > bounds(&H).1);
        // The midpoint of s0 and s1 gives a ratio of zero.
        let mid = (expected_score(0.0) + expected_score(50.0)) / 2.0;
        assert!(llr(&[mid - 0.1, mid + 0.1], &H).abs() < 1e-9);
    }

    #[test]
    fn a_verdict_counts_games_and_names_the_hypothesis() {
        let won: Vec<[f64; 2]> = vec![[1.0, 1.0]; 10];
        let v = verdict(&won, &H);
        assert_eq!((v.wins, v.draws, v.losses, v.pairs), (20, 0, 0, 10));
        assert_eq!(v.accepted, "H1");
        let lost: Vec<[f64; 2]> = vec![[0.0, 0.5]; 10];
        let v = verdict(&lost, &H);
        assert_eq!((v.wins, v.draws, v.losses), (0, 10, 10));
        assert_eq!(v.accepted, "H0");
        let v = verdict(&[[1.0, 0.0]], &H);
        assert_eq!(v.accepted, "open");
        // One pair of two wins is not enough (the prior pseudo-pair), three are.
        assert_eq!(verdict(&[[1.0, 1.0]], &H).accepted, "open");
        assert_eq!(verdict(&[[1.0, 1.0]; 2], &H).accepted, "open");
        assert_eq!(verdict(&[[1.0, 1.0]; 3], &H).accepted, "H1");
    }
}

//! The strength ladder: each computer level measured against the one below it on paired games
//! (the [`super::sprt`] pairs: the same dice seed with the seats swapped), a fixed number of
//! pairs a rung, and the results put on one Elo scale with the weakest level at 0.
//!
//! A rung's Elo difference is that of the candidate's mean pair score; its 95 % interval is
//! that of the mean (the normal approximation over the pairs, the variance pooled with one
//! coin-flip pseudo-pair as the test pools it) turned into Elo. A score of 0 or 1 has no finite
//! Elo: scores are kept a quarter of a pair from either end (half a game in the `2 n` games),
//! and a bound past that end is open (`None`): "at least +400". A level's interval on the
//! ladder adds its rungs' half-widths in quadrature (the rungs are played on separate games).
//!
//! Invariants: a pure function of the scenarios, the levels, the pairs a rung and the first
//! seed (threads only share out the pairs); the first level is the anchor, at 0 exactly.

use super::sprt::{elo_of, games, mean_score, pair_scores, play_pairs, pooled_variance};
use crate::engine::game::AnyRuleset;
use crate::scenario::Scenario;
use serde::Serialize;
use serde_json::Value;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_964;

/// One rung: `candidate` against `against`, the level below it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rung {
    pub candidate: String,
    pub against: String,
    pub pairs: u64,
    /// The candidate's games won, drawn and lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The candidate's mean score.
    pub score: f64,
    /// The Elo difference and its 95 % interval; `high` is `None` when open above (every
    /// game won, or near enough), `low` when open below.
    pub elo: f64,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// A level's place on the ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Place {
    pub level: String,
    pub elo: f64,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// The whole ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    pub rungs: Vec<Rung>,
    pub places: Vec<Place>,
}

/// A rung from its pairs' results (each: the candidate's two results, 1 a win, ½ a draw).
pub fn rung(candidate: &str, against: &str, results: &[[f64; 2]]) -> Rung {
    let n = results.len() as f64;
    let pairs = pair_scores(results);
    let (wins, draws, losses) = games(results);
    let m = mean_score(&pairs);
    let v = pooled_variance(&pairs, m);
    let se = (v / n.max(1.0)).sqrt();
    // A quarter of a pair (half a game) from either end.
    let edge = 0.25 / n.max(1.0);
    let clamp = |x: f64| x.clamp(edge, 1.0 - edge);
    let bound = |x: f64| (x > edge && x < 1.0 - edge).then(|| elo_of(x));
    Rung {
        candidate: candidate.into(),
        against: against.into(),
        pairs: results.len() as u64,
        wins,
        draws,
        losses,
        score: m,
        elo: elo_of(clamp(m)),
        low: bound(m - Z95 * se),
        high: bound(m + Z95 * se),
    }
}

/// The levels' places from the rungs (rung i: level i + 1 against level i), level 0 at 0.
pub fn places(levels: &[&str], rungs: &[Rung]) -> Vec<Place> {
    let mut out = Vec::with_capacity(levels.len());
    let (mut elo, mut below, mut above) = (0.0, Some(0.0), Some(0.0));
    for (i, level) in levels.iter().enumerate() {
        if i > 0 {
            let r = &rungs[i - 1];
            elo += r.elo;
            below = below
                .zip(r.low)
                .map(|(b, l): (f64, f64)| b + (r.elo - l).powi(2));
            above = above
                .zip(r.high)
                .map(|(a, h): (f64, f64)| a + (h - r.elo).powi(2));
        }
        out.push(Place {
            level: (*level).into(),
            elo,
            low: below.map(|b| elo - b.sqrt()),
            high: above.map(|a| elo + a.sqrt()),
        });
    }
    out
}

/// Play the ladder: for each pair of neighbouring `levels` (weakest first), `pairs` pairs of
/// games, pair k on `games[k % n]` with dice seed `first_seed + k`. `progress` is told each
/// rung as it is done.
pub fn run(
    games: &[(&'static dyn AnyRuleset, Scenario, Value)],
    levels: &[&str],
    pairs: u64,
    first_seed: u64,
    threads: usize,
    mut progress: impl FnMut(&Rung),
) -> Result<Ladder, String> {
    if levels.len() < 2 {
        return Err("a ladder needs at least two levels".into());
    }
    if pairs == 0 {
        return Err("a ladder needs at least one pair a rung".into());
    }
    let mut rungs = Vec::with_capacity(levels.len() - 1);
    for w in levels.windows(2) {
        let results = play_pairs(games, [w[1], w[0]], 0..pairs, first_seed, threads)?;
        let r = rung(w[1], w[0], &results);
        progress(&r);
        rungs.push(r);
    }
    Ok(Ladder {
        places: places(levels, &rungs),
        rungs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_rung_is_zero_with_an_interval_either_side() {
        let r = rung("b", "a", &[[1.0, 0.0]; 20]);
        assert_eq!((r.wins, r.draws, r.losses, r.pairs), (20, 0, 20, 20));
        assert!(r.elo.abs() < 1e-9);
        // Every pair scores ½: the spread is the prior's alone, v = 0.125 / 21.
        let se = (0.125f64 / 21.0 / 20.0).sqrt();
        assert!((r.high.unwrap() - elo_of(0.5 + Z95 * se)).abs() < 1e-9);
        assert!((r.low.unwrap() + r.high.unwrap()).abs() < 1e-9);
    }

    #[test]
    fn every_game_won_is_open_above_and_bounded_below() {
        let r = rung("strong", "weak", &[[1.0, 1.0]; 10]);
        assert_eq!(r.high, None);
        // Kept a quarter of a pair from 1: 0.975, +636 Elo.
        assert!((r.elo - elo_of(0.975)).abs() < 1e-9);
        let low = r.low.unwrap();
        assert!(low > 200.0 && low < r.elo, "{low}");
    }

    #[test]
    fn places_add_the_rungs_and_their_half_widths_in_quadrature() {
        let a = Rung {
            candidate: "b".into(),
            against: "a".into(),
            pairs: 1,
            wins: 0,
            draws: 0,
            losses: 0,
            score: 0.5,
            elo: 100.0,
            low: Some(70.0),
            high: Some(140.0),
        };
        let b = Rung {
            elo: 50.0,
            low: Some(10.0),
            high: None,
            ..a.clone()
        };
        let p = places(&["a", "b", "c"], &[a, b]);
        assert_eq!(p[0].elo, 0.0);
        assert_eq!((p[0].low, p[0].high), (Some(0.0), Some(0.0)));
        assert_eq!(
            (p[1].elo, p[1].low, p[1].high),
            (100.0, Some(70.0), Some(140.0))
        );
        assert_eq!(p[2].elo, 150.0);
        assert!(
            (p[2].low.unwrap() - (150.0 - 50.0)).abs() < 1e-9,
            "30² + 40² = 50²"
        );
        assert_eq!(p[2].high, None);
    }
}

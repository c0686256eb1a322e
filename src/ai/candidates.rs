//! Candidate actions (in the manner of Battle for Wesnoth's RCA AI): each evaluation term
//! scores the commands it proposes, with its reasons in words; the player gives the best, with
//! a little seeded noise so that it is not predictable. Ruleset-neutral.
//!
//! Never throw away a win, never walk into a loss (issue 42): a candidate may carry a
//! [`Verdict`] on the victory conditions at stake (met now, or a met one given up), found by
//! its ruleset playing the command (or the short sequence of commands within the phase that
//! it stands for). Before the noise chooses, the candidates that win now are the only ones
//! considered; those that give up a met condition are refused unless every candidate does.
//! Among candidates of equal score the noise does not choose alone either: a candidate whose
//! [`Candidate::secondary`] score (what its ruleset counts as left to do after it, such as the
//! movement points a unit keeps) is beaten by another of the same verdict and score is never
//! chosen.

use crate::engine::Reason;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A command proposed by the evaluation, with its score and the terms that made it.
#[derive(Clone, Debug)]
pub struct Candidate<C> {
    pub command: C,
    pub score: f64,
    pub reasons: Vec<Reason>,
    /// What the command does to the victory conditions at stake (see [`Verdict`]).
    pub verdict: Verdict,
    /// What breaks a tie of `score` between candidates whose outcomes differ (issue 42): the
    /// higher is preferred before the noise chooses. 0 unless the ruleset gives one.
    pub secondary: f64,
    /// A quiet candidate keeps its score but not its words: a player that weighs hundreds of
    /// candidates puts into words only the one it gives (the same terms, scored again).
    quiet: bool,
}

impl<C> Candidate<C> {
    pub fn new(command: C) -> Candidate<C> {
        Candidate {
            command,
            score: 0.0,
            reasons: Vec::new(),
            verdict: Verdict::Open,
            secondary: 0.0,
            quiet: false,
        }
    }

    /// A candidate that keeps no reasons (see `quiet`).
    pub fn quiet(command: C) -> Candidate<C> {
        Candidate {
            quiet: true,
            ..Candidate::new(command)
        }
    }

    /// Add a term: its score, and its words when it is worth saying.
    pub fn term(&mut self, term: &str, score: f64, words: impl Into<String>) {
        self.score += score;
        if self.quiet {
            return;
        }
        let words = words.into();
        if !words.is_empty() {
            self.reasons.push(Reason {
                term: term.to_string(),
                words,
                score,
            });
        }
    }

    /// [`Candidate::term`] with words made only when they are kept.
    pub fn term_with(&mut self, term: &str, score: f64, words: impl FnOnce() -> String) {
        if self.quiet {
            self.score += score;
        } else {
            self.term(term, score, words());
        }
    }
}

/// What a candidate does to the victory conditions at stake this game-turn (those decided at
/// its end, and sudden-death ones), as its ruleset finds it by playing the command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// It makes a condition that was met fail (the side's own, or the enemy's met against it),
    /// and meets none.
    GivesUp,
    /// Neither, or both.
    #[default]
    Open,
    /// It meets a condition of the side (or makes the enemy's fail) and gives up none.
    Wins,
}

/// The player's own seeded generator (a stream apart from the dice of the same seed).
/// Invariant: the same seed gives the same values on every platform (ChaCha8).
pub struct Noise {
    rng: ChaCha8Rng,
}

impl Noise {
    pub fn new(seed: u64, stream: u8) -> Noise {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8] = 0xA1;
        bytes[9] = stream;
        Noise {
            rng: ChaCha8Rng::from_seed(bytes),
        }
    }

    /// A value in `[0, scale)`.
    pub fn jitter(&mut self, scale: f64) -> f64 {
        (self.rng.next_u32() as f64 / (u32::MAX as f64 + 1.0)) * scale
    }
}

/// The best candidate after noise of at most `noise` is added to each score; the first of
/// equals (candidates come in a deterministic order). Its score keeps the noise, which is not
/// a reason.
pub fn best<C>(candidates: Vec<Candidate<C>>, rng: &mut Noise, noise: f64) -> Option<Candidate<C>> {
    let (at, score) = best_index(&candidates, rng, noise)?;
    let mut c = candidates.into_iter().nth(at)?;
    c.score = score;
    Some(c)
}

/// Scores closer than this are a tie (terms summed in another order differ in the last bits).
pub const TIE: f64 = 1e-9;

/// The index of [`best`]'s choice (the same draws of the noise) and its score with the noise.
/// Only the candidates of the best [`Verdict`] present are chosen among: one that wins now
/// whatever the scores, never one that gives up a met condition while another does not.
/// Among those, a candidate tied in score (within [`TIE`]) with one of a higher
/// [`Candidate::secondary`] is not chosen: ties are broken by the secondary score, and only
/// then by the noise. The noise is drawn for every candidate in order all the same, so that
/// where every verdict is open and no tie has a better secondary the choice (and the draws
/// after it) are what they were without the guard.
pub fn best_index<C>(
    candidates: &[Candidate<C>],
    rng: &mut Noise,
    noise: f64,
) -> Option<(usize, f64)> {
    let class = candidates.iter().map(|c| c.verdict).max()?;
    let outranked = outranked_in_ties(candidates, class);
    let mut top: Option<(usize, f64)> = None;
    for (i, c) in candidates.iter().enumerate() {
        let score = c.score + rng.jitter(noise);
        if c.verdict == class && !outranked[i] && top.is_none_or(|(_, t)| score > t) {
            top = Some((i, score));
        }
    }
    top
}

/// Per candidate: is it of verdict `class` and tied in score with another of that verdict
/// whose secondary score is higher? Ties are chains of scores each within [`TIE`] of the
/// next, taken in score order. O(n log n).
fn outranked_in_ties<C>(candidates: &[Candidate<C>], class: Verdict) -> Vec<bool> {
    let mut out = vec![false; candidates.len()];
    let mut order: Vec<usize> = (0..candidates.len())
        .filter(|&i| candidates[i].verdict == class)
        .collect();
    if order.len() < 2 {
        return out;
    }
    order.sort_by(|&a, &b| candidates[a].score.total_cmp(&candidates[b].score));
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len()
            && candidates[order[end]].score - candidates[order[end - 1]].score <= TIE
        {
            end += 1;
        }
        let group = &order[start..end];
        let top = group
            .iter()
            .map(|&i| candidates[i].secondary)
            .fold(f64::NEG_INFINITY, f64::max);
        for &i in group {
            out[i] = candidates[i].secondary < top - TIE;
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_candidate_wins_unless_noise_can_swap_it() {
        let mut rng = Noise::new(1, 0);
        let mk = |c: u32, s: f64| {
            let mut k = Candidate::new(c);
            k.term("t", s, format!("{c}"));
            k
        };
        for _ in 0..50 {
            let b = best(vec![mk(1, 1.0), mk(2, 2.0), mk(3, 0.5)], &mut rng, 0.9).unwrap();
            assert_eq!(b.command, 2);
            assert_eq!(b.reasons[0].words, "2");
        }
        // With noise larger than the gap, both appear over many draws.
        let picks: std::collections::BTreeSet<u32> = (0..200)
            .map(|_| {
                best(vec![mk(1, 1.0), mk(2, 1.1)], &mut rng, 1.0)
                    .unwrap()
                    .command
            })
            .collect();
        assert_eq!(picks.len(), 2);
    }

    #[test]
    fn a_win_now_is_taken_and_a_loss_refused_whatever_the_scores() {
        let mk = |c: u32, s: f64, v: Verdict| {
            let mut k = Candidate::new(c);
            k.term("t", s, "");
            k.verdict = v;
            k
        };
        let mut rng = Noise::new(3, 0);
        for _ in 0..20 {
            let all = vec![
                mk(1, 5.0, Verdict::Open),
                mk(2, 0.1, Verdict::Wins),
                mk(3, 9.0, Verdict::GivesUp),
            ];
            assert_eq!(best(all, &mut rng, 1.0).unwrap().command, 2);
            let all = vec![mk(1, 0.5, Verdict::Open), mk(3, 9.0, Verdict::GivesUp)];
            assert_eq!(best(all, &mut rng, 1.0).unwrap().command, 1);
            // Every candidate gives something up: the scores decide.
            let all = vec![mk(1, 0.5, Verdict::GivesUp), mk(3, 9.0, Verdict::GivesUp)];
            assert_eq!(best(all, &mut rng, 1.0).unwrap().command, 3);
        }
        // The draws are the same as without verdicts.
        let (mut a, mut b) = (Noise::new(4, 0), Noise::new(4, 0));
        let open = vec![mk(1, 1.0, Verdict::Open), mk(2, 1.0, Verdict::Open)];
        let mixed = vec![mk(1, 1.0, Verdict::Wins), mk(2, 1.0, Verdict::Open)];
        best_index(&open, &mut a, 1.0);
        best_index(&mixed, &mut b, 1.0);
        assert_eq!(a.jitter(1.0), b.jitter(1.0));
    }

    #[test]
    fn a_tie_is_broken_by_the_secondary_score_before_the_noise() {
        let mk = |c: u32, s: f64, second: f64| {
            let mut k = Candidate::new(c);
            k.term("t", s, "");
            k.secondary = second;
            k
        };
        // Two equal scores, the second with more left to do: it, in every draw; a third with
        // a higher secondary but a score lower by more than the noise does not count.
        let mut rng = Noise::new(5, 0);
        for _ in 0..50 {
            let all = vec![mk(1, 1.0, 0.0), mk(2, 1.0, 2.0), mk(3, 0.5, 9.0)];
            assert_eq!(best(all, &mut rng, 0.4).unwrap().command, 2);
        }
        // Without secondaries the noise chooses between the tied two.
        let picks: std::collections::BTreeSet<u32> = (0..200)
            .map(|_| {
                best(vec![mk(1, 1.0, 0.0), mk(2, 1.0, 0.0)], &mut rng, 1.0)
                    .unwrap()
                    .command
            })
            .collect();
        assert_eq!(picks.len(), 2);
        // Scores apart by more than a tie: the secondary does nothing.
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let all = vec![mk(1, 1.0, 0.0), mk(2, 1.0 + 1e-6, 2.0)];
            seen.insert(best(all, &mut rng, 1.0).unwrap().command);
        }
        assert_eq!(seen.len(), 2);
        // The draws are the same as without the tie-break.
        let (mut a, mut b) = (Noise::new(6, 0), Noise::new(6, 0));
        best_index(&[mk(1, 1.0, 0.0), mk(2, 1.0, 0.0)], &mut a, 1.0);
        best_index(&[mk(1, 1.0, 0.0), mk(2, 1.0, 3.0)], &mut b, 1.0);
        assert_eq!(a.jitter(1.0), b.jitter(1.0));
    }

    #[test]
    fn noise_is_the_same_for_the_same_seed() {
        let a: Vec<f64> = (0..5).map(|_| Noise::new(9, 1).jitter(1.0)).collect();
        let mut n = Noise::new(9, 1);
        assert_eq!(a[0], n.jitter(1.0));
        let mut m = Noise::new(9, 2);
        assert_ne!(n.jitter(1.0), m.jitter(1.0));
    }
}

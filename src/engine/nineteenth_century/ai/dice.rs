//! The dice of the 19th Century rules as chances: "roll 2D6 selecting the highest score"
//! (one die is its own highest), a modifier, the remaining score the hits (never below none),
//! doubled by cavalry on first contact (19C Shooting, 19C Melee).

/// The chance of each highest face (index 1..=6) of `n` six-sided dice.
pub fn highest(n: u8) -> [f64; 7] {
    let n = i32::from(n.max(1));
    let all = 6f64.powi(n);
    let mut p = [0.0; 7];
    for (k, slot) in p.iter_mut().enumerate().skip(1) {
        *slot = ((k as f64).powi(n) - ((k - 1) as f64).powi(n)) / all;
    }
    p
}

/// The hits of each face: `(highest + modifier).max(0) * times`, with its chance.
pub fn hits(n: u8, modifier: i32, times: u32) -> impl Iterator<Item = (u32, f64)> {
    let p = highest(n);
    (1..=6).map(move |k| (((k + modifier).max(0) as u32) * times, p[k as usize]))
}

/// The expected hits, counting no more than `cap` (what is left of the target).
pub fn expected(n: u8, modifier: i32, times: u32, cap: u32) -> f64 {
    hits(n, modifier, times)
        .map(|(h, p)| f64::from(h.min(cap)) * p)
        .sum()
}

/// The chance of at least `need` hits.
pub fn at_least(n: u8, modifier: i32, times: u32, need: u32) -> f64 {
    hits(n, modifier, times)
        .filter(|&(h, _)| h >= need)
        .map(|(_, p)| p)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_highest_at_short_range_score_three_and_a_half_hits() {
        // 19C Infantry Shooting: 2D6 highest -1 at short range: (1·3+2·5+3·7+4·9+5·11)/36.
        assert!((expected(2, -1, 1, 99) - 125.0 / 36.0).abs() < 1e-9);
        assert!((expected(1, 0, 1, 99) - 3.5).abs() < 1e-9);
        // Cavalry on first contact against 7 hits: a 4 or better doubled, 27 of 36.
        assert!((at_least(2, 0, 2, 7) - 27.0 / 36.0).abs() < 1e-9);
        // At long range (-3) against a unit one hit from elimination: a 4 or better, 27 of 36.
        assert!((expected(2, -3, 1, 1) - 27.0 / 36.0).abs() < 1e-9);
        assert!((at_least(2, -3, 1, 1) - 27.0 / 36.0).abs() < 1e-9);
    }
}

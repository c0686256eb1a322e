//! The exact expected outcome of an attack over the die's faces, from the attack preview the
//! play view shows ([`AttackPreview`]): each result weighted by its exact chance (its faces over
//! the die's outcomes). Ruleset-neutral: what a result is worth is the caller's (a rule
//! system's evaluation terms).

use crate::engine::preview::{AttackPreview, ResultChance};

/// The expected value of an attack: the sum over its results of chance times `value`.
pub fn expected(preview: &AttackPreview, value: impl Fn(&ResultChance) -> f64) -> f64 {
    preview.results.iter().map(|r| r.chance * value(r)).sum()
}

/// The chance of the results for which `which` holds.
pub fn chance(preview: &AttackPreview, which: impl Fn(&ResultChance) -> bool) -> f64 {
    preview
        .results
        .iter()
        .filter(|r| which(r))
        .map(|r| r.chance)
        .sum()
}

/// A chance in words, rounded to whole percent ("50 %").
pub fn percent(p: f64) -> String {
    format!("{:.0} %", p * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(code: &str, faces: Vec<u32>) -> ResultChance {
        ResultChance {
            result: code.into(),
            meaning: code.into(),
            chance: faces.len() as f64 / 6.0,
            faces,
        }
    }

    #[test]
    fn the_expected_value_weights_each_result_by_its_faces() {
        let p = AttackPreview {
            kind: "fire".into(),
            target: "0505".into(),
            attackers: vec![],
            defenders: vec![],
            attack_total: "7".into(),
            defense_total: "2".into(),
            modifiers: vec![],
            column: "3-1".into(),
            odds: "7-2, rounded to 3-1".into(),
            dice: "1d6".into(),
            outcomes: 6,
            results: vec![
                result("-", vec![1]),
                result("RD", vec![2, 3, 4, 5]),
                result("E", vec![6]),
            ],
            notes: vec![],
        };
        let v = expected(&p, |r| match r.result.as_str() {
            "RD" => 1.0,
            "E" => 3.0,
            _ => 0.0,
        });
        assert!((v - (4.0 + 3.0) / 6.0).abs() < 1e-12);
        assert!((chance(&p, |r| r.result != "-") - 5.0 / 6.0).abs() < 1e-12);
        assert_eq!(percent(4.0 / 6.0), "67 %");
    }
}

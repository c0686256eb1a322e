//! `kepi factor`'s report in words.

use super::{FactorReport, TURN_RECORD_CHART, group_name};
use std::fmt;

fn percent(x: f64) -> String {
    format!("{:+.1}%", x * 100.0)
}

/// A readable report: the sides' orders of battle, the entries, the errors, the warnings and
/// the suggested game length.
impl fmt::Display for FactorReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.sides {
            if s.oob.is_empty() {
                writeln!(f, "{}: (no units)", s.name)?;
            } else {
                writeln!(f, "{}: {}", s.name, s.oob)?;
            }
        }
        writeln!(f)?;
        writeln!(
            f,
            "Scale {}; {} men or {} guns a unit (R&S 11.18)",
            self.scale, self.men_per_unit, self.guns_per_unit
        )?;
        let side_w = self
            .entries
            .iter()
            .map(|e| e.side.chars().count())
            .chain(["Side".len(), "Total".len()])
            .max()
            .unwrap_or(5);
        let codes: Vec<String> = self
            .entries
            .iter()
            .map(|e| match &e.group {
                Some(g) => format!("({g}) {}", e.code),
                None => e.code.clone(),
            })
            .collect();
        let code_w = codes
            .iter()
            .map(|c| c.chars().count())
            .chain(["Code".len()])
            .max()
            .unwrap_or(4);
        let amounts: Vec<String> = self
            .entries
            .iter()
            .map(|e| format!("{} {}", e.amount, e.counted_in))
            .collect();
        let amount_w = amounts
            .iter()
            .map(String::len)
            .chain(["Amount".len()])
            .max()
            .unwrap_or(6);
        writeln!(
            f,
            "{:<side_w$}  {:<code_w$}  {:>amount_w$}  {:>8}  {:>6}  {:>7}",
            "Side", "Code", "Amount", "Exact", "Units", "Error"
        )?;
        for ((e, amount), code) in self.entries.iter().zip(&amounts).zip(&codes) {
            writeln!(
                f,
                "{:<side_w$}  {:<code_w$}  {:>amount_w$}  {:>8.2}  {:>6}  {:>7}",
                e.side,
                code,
                amount,
                e.exact_f64,
                e.rounded,
                percent(e.relative_error)
            )?;
        }
        writeln!(
            f,
            "{:<side_w$}  {:<code_w$}  {:>amount_w$}  {:>8.2}  {:>6}  {:>7}",
            "Total",
            "",
            "",
            self.exact_total_f64,
            self.rounded_total,
            percent(f64::from(self.rounded_total) / self.exact_total_f64 - 1.0)
        )?;
        writeln!(f)?;
        let w = &self.worst_ratio_error;
        writeln!(
            f,
            "Worst ratio error: {:.1}% at {} {} (proportions among arms and sides)",
            w.error * 100.0,
            group_name(&w.side, w.group.as_deref()),
            w.code
        )?;
        if let Some(h) = &self.historical_ratio {
            let ratio = |r: Option<f64>| r.map(|r| format!(" ({r:.2})")).unwrap_or_default();
            writeln!(
                f,
                "Historical {} : {}: {} : {} men{}, {} : {} guns{}",
                h.first,
                h.second,
                h.men[0],
                h.men[1],
                ratio(h.men_ratio),
                h.guns[0],
                h.guns[1],
                ratio(h.guns_ratio)
            )?;
        }
        if let Some(r) = &self.side_ratio {
            match r.rounded_f64 {
                Some(rounded) => writeln!(
                    f,
                    "Units {} : {}: {:.2} exact, {:.2} rounded ({})",
                    r.first,
                    r.second,
                    r.exact_f64,
                    rounded,
                    percent(r.error.unwrap_or(0.0))
                )?,
                None => writeln!(
                    f,
                    "Units {} : {}: {:.2} exact, undefined rounded ({} has no units)",
                    r.first, r.second, r.exact_f64, r.second
                )?,
            }
        }
        if !self.warnings.is_empty() {
            writeln!(f, "Warnings:")?;
            for warning in &self.warnings {
                writeln!(f, "  - {warning}")?;
            }
        }
        if let Some(g) = &self.game_length {
            writeln!(
                f,
                "Suggested game length: {} game-turns ({} hours at {} minutes a game-turn, errata 1.1)",
                g.game_turns, g.hours, g.minutes_per_turn
            )?;
            writeln!(f, "  {}", g.basis)?;
            if g.beyond_turn_record_chart {
                writeln!(
                    f,
                    "  That is more than the Turn Record Chart's {TURN_RECORD_CHART} game-turns \
                     (R&S 15.0); the printed scenarios play 7 to 20 game-turns of their battles: \
                     give --hours for the events to be played."
                )?;
            }
        }
        Ok(())
    }
}

//! Validation of victory conditions and victory points: every entry is checked, and every
//! entry counts in play (docs/formats.md, "How victory entries combine"). A condition the engine
//! would not evaluate is refused here, by its field.

use super::rule_kinds::Rule;
use super::rules::{ExitCount, PointsSource, VictoryRule};
use super::validate::Checker;
use crate::frac::Frac;

impl Checker<'_> {
    pub(super) fn victory(&mut self) {
        let file = self.file;
        // A system that scores victory itself needs no entry; any it carries are a warning
        // (checks::warnings), so scenarios and packs written before still open.
        if self.own_victory.is_some() {
            return;
        }
        if file.victory.is_empty() {
            self.p
                .push("victory", "a scenario needs at least one victory condition");
        }
        for (i, v) in file.victory.iter().enumerate() {
            let field = format!("victory[{i}].rule");
            let rule = match &v.rule {
                Rule::Shared(rule) => rule,
                Rule::Own(own) => {
                    self.own_kind(&field, own, true);
                    continue;
                }
            };
            self.victory_rule(&field, rule, None);
            if v.sudden_death
                && matches!(
                    rule,
                    VictoryRule::DestroyAll { .. } | VictoryRule::HoldForTurns { .. }
                )
            {
                self.p.push(
                    format!("victory[{i}].sudden_death"),
                    "destroy_all and hold_for_turns end the game when met already; \
                     sudden_death is for conditions decided at a game-turn",
                );
            }
            if v.level.is_some() && matches!(rule, VictoryRule::DestroyAll { .. }) {
                self.p.push(
                    format!("victory[{i}].level"),
                    "destroy_all gives its levels in its grades",
                );
            }
        }
        let with_points: Vec<&str> = file
            .victory_points
            .iter()
            .map(|p| p.side.as_str())
            .collect();
        for (i, p) in file.victory_points.iter().enumerate() {
            let field = format!("victory_points[{i}]");
            self.side(&format!("{field}.side"), &p.side);
            match &p.source {
                PointsSource::Hold { target, .. } => {
                    self.target(&format!("{field}.source.target"), target)
                }
                PointsSource::Eliminated { .. } => {}
                PointsSource::Exited { area, .. } => {
                    self.edge_zone(&format!("{field}.source.area"), area);
                }
            }
        }
        // A points condition for a side that scores nothing would be decided by its threshold
        // alone: say so rather than play it.
        let mut uses_points = Vec::new();
        for (i, v) in file.victory.iter().enumerate() {
            if let Some(rule) = v.rule.shared() {
                collect_points(&format!("victory[{i}].rule"), rule, &mut uses_points);
            }
        }
        for (field, side, margin) in uses_points {
            let scores = with_points.contains(&side.as_str())
                || (margin && file.victory_points.iter().any(|p| p.side != side));
            if !scores {
                self.p.push(
                    field,
                    format!("{side} scores no victory points: add victory_points for it"),
                );
            }
        }
    }

    /// One condition; `part_of` is the side of the `all`/`any` it is a part of.
    fn victory_rule(&mut self, field: &str, rule: &VictoryRule, part_of: Option<&str>) {
        let game_length = self.file.game_length;
        if let Some(side) = rule.side() {
            self.side(&format!("{field}.side"), side);
            if let Some(outer) = part_of
                && outer != side
            {
                self.p.push(
                    format!("{field}.side"),
                    format!("a part of {outer}'s condition must be {outer}'s too, not {side}'s"),
                );
            }
        }
        match rule {
            VictoryRule::Hold { target, turn, .. } => {
                self.target(&format!("{field}.target"), target);
                if let Some(t) = turn {
                    self.turn(&format!("{field}.turn"), *t);
                }
            }
            VictoryRule::HoldForTurns {
                target,
                turns,
                side,
            } => {
                if part_of.is_some() {
                    self.not_a_part(field, "hold_for_turns");
                }
                if side.is_none() && part_of.is_some() {
                    self.p
                        .push(format!("{field}.side"), "a part names its side");
                }
                self.target(&format!("{field}.target"), target);
                if *turns == 0 || *turns > game_length {
                    self.p.push(
                        format!("{field}.turns"),
                        format!("must be 1 to {game_length} game-turns"),
                    );
                }
            }
            VictoryRule::Exit {
                units,
                area,
                by_turn,
                ..
            } => {
                self.turn(&format!("{field}.by_turn"), *by_turn);
                self.edge_zone(&format!("{field}.area"), area);
                match units {
                    // A system whose units carry their own values has no unit codes (an empty
                    // catalog): its own check says what it makes of one.
                    ExitCount::Units { unit: Some(_), .. }
                    | ExitCount::All { unit: Some(_), .. }
                        if self.catalog.units.is_empty() => {}
                    ExitCount::Units { unit: Some(u), .. }
                    | ExitCount::All { unit: Some(u), .. } => {
                        self.unit(&format!("{field}.units.unit"), u)
                    }
                    ExitCount::Fraction { fraction }
                        if *fraction <= Frac::ZERO || *fraction > Frac::ONE =>
                    {
                        self.p.push(
                            format!("{field}.units.fraction"),
                            "must be above 0 and at most 1",
                        )
                    }
                    // Markers named by `extra` are the rule system's to check.
                    _ => {}
                }
            }
            VictoryRule::DestroyAll {
                grades, otherwise, ..
            } => {
                if part_of.is_some() {
                    self.not_a_part(field, "destroy_all");
                }
                for (j, g) in grades.iter().enumerate() {
                    self.turn(&format!("{field}.grades[{j}].by_turn"), g.by_turn);
                    self.side(&format!("{field}.grades[{j}].winner"), &g.winner);
                }
                self.side(&format!("{field}.otherwise.winner"), &otherwise.winner);
                if grades.windows(2).any(|w| w[0].by_turn >= w[1].by_turn) {
                    self.p
                        .push(format!("{field}.grades"), "grades must rise in game-turn");
                }
            }
            VictoryRule::ControlDeployedHill {
                enemy,
                candidates,
                by_turn,
                ..
            } => {
                self.side(&format!("{field}.enemy"), enemy);
                self.features(&format!("{field}.candidates"), candidates);
                self.turn(&format!("{field}.by_turn"), *by_turn);
            }
            VictoryRule::Points { turn, .. } => {
                if let Some(t) = turn {
                    self.turn(&format!("{field}.turn"), *t);
                }
            }
            VictoryRule::All { side, of } | VictoryRule::Any { side, of } => {
                if of.is_empty() {
                    self.p.push(format!("{field}.of"), "combines no condition");
                }
                for (j, part) in of.iter().enumerate() {
                    self.victory_rule(&format!("{field}.of[{j}]"), part, Some(side));
                }
            }
        }
    }

    fn not_a_part(&mut self, field: &str, kind: &str) {
        self.p.push(
            field,
            format!(
                "{kind} cannot be a part of all/any: parts are hold, exit, \
                 control_deployed_hill, points, all and any"
            ),
        );
    }
}

/// Every `points` condition with its field, side and whether it counts the margin.
fn collect_points(field: &str, rule: &VictoryRule, out: &mut Vec<(String, String, bool)>) {
    match rule {
        VictoryRule::Points { side, margin, .. } => {
            out.push((field.to_string(), side.clone(), *margin))
        }
        VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
            for (j, part) in of.iter().enumerate() {
                collect_points(&format!("{field}.of[{j}]"), part, out);
            }
        }
        _ => {}
    }
}

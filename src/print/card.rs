//! The scenario card: title, date and portion of the battle, length, sides, each side's
//! forces (every counter with its printed values and where it starts or when it arrives),
//! set-up, reinforcements, victory, special rules and notes, as the scenario file words them.

use super::PrintError;
use super::text::{BODY, Line, heading, para, usable_width};
use crate::scenario::Scenario;

pub fn lines(scenario: &Scenario, page: (f64, f64)) -> Result<Vec<Line>, PrintError> {
    let f = &scenario.file;
    let width = usable_width(page);
    let mut out = vec![heading(&f.title, 16.0)];
    let mut sub = f.date.clone();
    if !f.portion.is_empty() {
        sub = format!("{sub} - {}", f.portion);
    }
    out.extend(para(&sub, 10.0, width, 0.0));
    let side_name = |id: &str| {
        f.sides
            .iter()
            .find(|s| s.id == id)
            .map_or(id.to_string(), |s| s.name.clone())
    };
    let mut facts = vec![
        format!("Rules: {}", f.ruleset.key()),
        format!("Map: {}", scenario.map.name),
        format!("Length: {} game-turns", f.game_length),
        format!("Deploys first: {}", side_name(&f.deploys_first)),
        format!("Moves first: {}", side_name(&f.moves_first)),
    ];
    let list = |turns: &[u32]| {
        turns
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !f.night_turns.is_empty() {
        facts.push(format!("Night turns: {}", list(&f.night_turns)));
    }
    if !f.rain_turns.is_empty() {
        facts.push(format!("Rain turns: {}", list(&f.rain_turns)));
    }
    out.push(heading("The game", 12.0));
    for t in facts {
        out.extend(para(&t, BODY, width, 0.0));
    }

    // Forces: every counter of the set-up, by side.
    let rules = crate::engine::game::registry::get(f.ruleset.key()).map_err(PrintError::Setup)?;
    let state = rules
        .start(scenario, &rules.default_options())
        .map_err(|e| PrintError::Setup(format!("{}: {e}", f.id)))?;
    let board = rules.board(&state);
    for (i, side) in f.sides.iter().enumerate() {
        out.push(heading(
            &format!("{} ({}): forces", side.name, side.color),
            12.0,
        ));
        for c in board.counters.iter().filter(|c| c.side == i) {
            let mut t = format!("{}  {} ({})  {}", c.id, c.code, c.kind, c.values);
            if let Some(h) = &c.hex {
                t.push_str(&format!("  at {h}"));
            }
            if let Some(g) = &c.group {
                t.push_str(&format!("  group {g}"));
            }
            if let Some(a) = &c.arrives {
                t.push_str(&format!("  arrives {a}"));
            }
            out.extend(para(&t, BODY, width, 8.0));
        }
    }

    if !f.deployment.is_empty() {
        out.push(heading("Set-up", 12.0));
        for d in &f.deployment {
            let group = d
                .group
                .as_ref()
                .map_or(String::new(), |g| format!(", group {g}"));
            let t = format!("{}{group}: {}", side_name(&d.side), d.zone.text);
            out.extend(para(&t, BODY, width, 8.0));
        }
    }
    if !f.reinforcements.is_empty() {
        out.push(heading("Reinforcements", 12.0));
        for r in &f.reinforcements {
            let group = r
                .group
                .as_ref()
                .map_or(String::new(), |g| format!(", group {g}"));
            let t = format!(
                "Game-turn {}: {}{group}: {}",
                r.turn,
                side_name(&r.side),
                r.entry.text
            );
            out.extend(para(&t, BODY, width, 8.0));
        }
    }
    if !f.victory.is_empty() {
        out.push(heading("Victory", 12.0));
        for v in &f.victory {
            let mut t = v.text.clone();
            if let Some(level) = v.level {
                t = format!("{} victory: {t}", level.name());
            }
            if v.sudden_death {
                t.push_str(" (sudden death)");
            }
            out.extend(para(&t, BODY, width, 8.0));
        }
    }
    if !f.special_rules.is_empty() {
        out.push(heading("Special rules", 12.0));
        for r in &f.special_rules {
            out.extend(para(&r.text, BODY, width, 8.0));
        }
    }
    let n = &f.notes;
    if !(n.history.is_empty() && n.reading.is_empty() && n.source.is_empty()) {
        out.push(heading("Notes", 12.0));
        for (name, t) in [
            ("History", &n.history),
            ("Reading", &n.reading),
            ("Source", &n.source),
        ] {
            if !t.is_empty() {
                out.extend(para(&format!("{name}: {t}"), BODY, width, 8.0));
            }
        }
    }
    Ok(out)
}

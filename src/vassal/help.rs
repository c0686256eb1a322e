//! The module's help page: the scenario as the printed rules give it (forces, deployment,
//! reinforcements by game-turn with their units, game length, victory conditions, special
//! rules, notes), and for a game where it stands. Built from the scenario and the position's
//! neutral [`Board`], so every rule system has one. HTML, every text escaped.

use crate::engine::Progress;
use crate::engine::counters::{Board, Place};
use crate::scenario::Scenario;
use std::collections::BTreeMap;
use std::fmt::Write;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn list(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = write!(out, "<h2>{}</h2>\n<ul>\n", esc(title));
    for i in items {
        let _ = writeln!(out, "<li>{}</li>", esc(i));
    }
    out.push_str("</ul>\n");
}

/// The page: `board` is the position exported (the scenario's start for a scenario), `game`
/// where a game stands when one is exported.
pub fn page(s: &Scenario, system: &str, board: &Board, game: Option<&Progress>) -> String {
    let f = &s.file;
    let mut o = String::new();
    let _ = write!(
        o,
        "<html><head><meta charset=\"utf-8\"><title>{t}</title></head><body>\n<h1>{t}</h1>\n<p>{d}</p>\n<p>{sys}</p>\n",
        t = esc(&f.title),
        d = esc(&[f.date.as_str(), f.portion.as_str()]
            .iter()
            .filter(|x| !x.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(". ")),
        sys = esc(&format!("Rules: {system}")),
    );
    let forces: Vec<String> = s
        .sides
        .iter()
        .map(|side| format!("{}: {}", side.name, side.forces.summary))
        .collect();
    list(&mut o, "Forces", &forces);
    let deploy: Vec<String> = s.deployments.iter().map(|d| d.text.clone()).collect();
    list(&mut o, "Deployment", &deploy);
    // Reinforcements by game-turn, each with its units: the counters of its side and group
    // still to arrive on that game-turn.
    let mut by_turn: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for r in &s.reinforcements {
        let when = format!("game-turn {} ", r.turn);
        let units: Vec<&str> = board
            .counters
            .iter()
            .filter(|c| c.side == r.side && c.group == r.group)
            .filter(|c| c.arrives.as_deref().is_some_and(|a| a.starts_with(&when)))
            .map(|c| c.id.as_str())
            .collect();
        let line = if units.is_empty() {
            format!("Game-Turn {}: {}", r.turn, r.text)
        } else {
            format!("Game-Turn {}: {} ({})", r.turn, r.text, units.join(", "))
        };
        by_turn.entry(r.turn).or_default().push(line);
    }
    list(
        &mut o,
        "Reinforcements",
        &by_turn.into_values().flatten().collect::<Vec<_>>(),
    );
    list(
        &mut o,
        "Game length",
        &[format!("{} game-turns", f.game_length)],
    );
    let mut victory: Vec<String> = f.victory.iter().map(|v| v.text.clone()).collect();
    if let Some(how) = f.ruleset.rules().ok().and_then(|r| r.own_victory()) {
        victory.push(format!(
            "{} scores victory itself: {how}.",
            f.ruleset.name()
        ));
    }
    list(&mut o, "Victory conditions", &victory);
    let special: Vec<String> = f.special_rules.iter().map(|r| r.text.clone()).collect();
    list(&mut o, "Special rules", &special);
    let notes: Vec<String> = [&f.notes.history, &f.notes.reading, &f.notes.source]
        .into_iter()
        .filter(|n| !n.is_empty())
        .cloned()
        .collect();
    list(&mut o, "Notes", &notes);
    if let Some(p) = game {
        let off: Vec<String> = board
            .counters
            .iter()
            .filter_map(|c| {
                let where_ = match c.place {
                    Place::Map => return None,
                    Place::Off => "not yet on the map",
                    Place::Exited => "exited",
                    Place::Eliminated => "eliminated",
                    Place::Unseen => "not seen",
                };
                Some(format!("{}: {where_}", c.id))
            })
            .collect();
        list(
            &mut o,
            &format!("The game at game-turn {}, {}", p.turn, p.phase),
            &off,
        );
    }
    o.push_str("<p>Exported by Kepi.</p>\n</body></html>\n");
    o
}

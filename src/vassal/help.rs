//! The module's help page: the scenario as the printed rules give it (forces, deployment,
//! reinforcements by game-turn, game length, victory conditions, special rules, notes), and
//! for a game where it stands. HTML, every text escaped.

use crate::engine::rifle_and_saber::setup::Setup;
use crate::engine::rifle_and_saber::state::{Location, State};
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

/// The page.
pub fn page(s: &Scenario, setup: &Setup, state: Option<&State>) -> String {
    let f = &s.file;
    let mut o = String::new();
    let _ = write!(
        o,
        "<html><head><meta charset=\"utf-8\"><title>{t}</title></head><body>\n<h1>{t}</h1>\n<p>{d}</p>\n",
        t = esc(&f.title),
        d = esc(&[f.date.as_str(), f.portion.as_str()]
            .iter()
            .filter(|x| !x.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(". ")),
    );
    let forces: Vec<String> = s
        .sides
        .iter()
        .map(|side| format!("{}: {}", side.name, side.forces.summary))
        .collect();
    list(&mut o, "Forces", &forces);
    let deploy: Vec<String> = s.deployments.iter().map(|d| d.text.clone()).collect();
    list(&mut o, "Deployment", &deploy);
    // Reinforcements by game-turn, each with its units.
    let mut by_turn: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (i, r) in s.reinforcements.iter().enumerate() {
        let units: Vec<&str> = setup
            .units
            .iter()
            .filter(|u| u.arrival.is_some_and(|(_, e)| e == i))
            .map(|u| u.label.as_str())
            .collect();
        by_turn.entry(r.turn).or_default().push(format!(
            "Game-Turn {}: {} ({})",
            r.turn,
            r.text,
            units.join(", ")
        ));
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
    let victory: Vec<String> = f.victory.iter().map(|v| v.text.clone()).collect();
    list(&mut o, "Victory conditions", &victory);
    let special: Vec<String> = f.special_rules.iter().map(|r| r.text.clone()).collect();
    list(&mut o, "Special rules", &special);
    let notes: Vec<String> = [&f.notes.history, &f.notes.reading, &f.notes.source]
        .into_iter()
        .filter(|n| !n.is_empty())
        .cloned()
        .collect();
    list(&mut o, "Notes", &notes);
    if let Some(st) = state {
        let mut off = Vec::new();
        for (i, u) in st.units.iter().enumerate() {
            let where_ = match u.location {
                Location::Hex(_) => continue,
                Location::Off => "not yet on the map",
                Location::Exited => "exited",
                Location::Eliminated => "eliminated",
            };
            off.push(format!("{}: {where_}", setup.units[i].label));
        }
        list(
            &mut o,
            &format!("The game at game-turn {}, {}", st.turn, st.phase.name()),
            &off,
        );
    }
    o.push_str("<p>Exported by Kepi.</p>\n</body></html>\n");
    o
}

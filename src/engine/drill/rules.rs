//! What Drill's commands do and which are legal: the start of a game from its scenario, the
//! sequence of cards (Drill 2), facing (Drill 3), movement (Drill 4) and fire (Drill 5).

use super::ruleset::Options;
use super::section::{DrillSection, stubborn};
use super::state::{Command, Event, Setup, State, UnitSetup, new_deck};
use super::tables::tables;
use super::victory;
use crate::engine::dice::{DiceSpec, Roll, RollRequest};
use crate::engine::facing::{Arc as FacingArc, Facing};
use crate::engine::hash::stable_hash;
use crate::engine::{RuleError, SideInfo};
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::Scenario;
use std::sync::Arc;

fn refuse(case: &str, m: String) -> RuleError {
    RuleError::rule(case, m)
}

pub fn start(sc: &Scenario, options: &Options) -> Result<State, RuleError> {
    if !sc.reinforcements.is_empty() {
        return Err(RuleError::Unimplemented(
            "reinforcements: Drill has no reinforcements (Drill 2.1 deploys every unit)".into(),
        ));
    }
    let side_index = |id: &str| sc.sides.iter().position(|s| s.id == id).unwrap_or(0);
    // Drill 6.2: the shared kinds it plays, the others refused by field.
    let victory = victory::build(&sc.file, &sc.map, &side_index)?;
    let DrillSection(rosters) = sc
        .section
        .get::<DrillSection>()
        .ok_or_else(|| RuleError::Unimplemented("not a Drill scenario".into()))?;
    let grid = sc.map.grid;
    for (i, r) in rosters.iter().enumerate() {
        // Drill 3.1: units face a hexside, never a vertex.
        if !r.faces.is_hexside(&grid) {
            return Err(refuse(
                "Drill 3.1",
                format!(
                    "sides[{i}].faces: {} is a vertex of this map's hexes; units face a hexside",
                    r.faces
                ),
            ));
        }
    }
    let stubborn = stubborn(&sc.file);
    let mut units = Vec::new();
    for (side, roster) in rosters.iter().enumerate() {
        for u in &roster.units {
            let t = sc
                .catalog
                .unit(&u.kind)
                .expect("kinds are checked when read");
            let stubborn = stubborn.contains(&u.name);
            units.push(UnitSetup {
                side,
                name: u.name.clone(),
                code: t.code.clone(),
                kind: t.name.clone(),
                attack: t.fire_attack.value.floor() as u32,
                // Drill 6.1: stubborn units defend one point stronger.
                defense: t.fire_defense.value.floor() as u32 + u32::from(stubborn),
                range: t.range.value,
                horse: t.code == "HS",
                stubborn,
                group: u.group.clone(),
            });
        }
    }
    let chart = &tables().terrain;
    let terrain_of = |h: HexCoord| sc.map.terrain(h).unwrap_or(&chart.default_terrain);
    let setup = Setup {
        grid,
        sides: sc.sides.iter().map(SideInfo::from).collect(),
        zones: (0..2)
            .map(|i| {
                sc.deployments
                    .iter()
                    .filter(|d| d.side == i)
                    .flat_map(|d| d.hexes.iter().copied())
                    .collect()
            })
            .collect(),
        zone_texts: (0..2)
            .map(|i| {
                sc.deployments
                    .iter()
                    .filter(|d| d.side == i)
                    .map(|d| d.text.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect(),
        faces: rosters.iter().map(|r| r.faces).collect(),
        cards: rosters.iter().map(|r| r.cards).collect(),
        deploys_first: sc.deploys_first,
        first: sc.moves_first,
        last_turn: sc.file.game_length,
        bog: grid.hexes().map(|h| terrain_of(h) == "bog").collect(),
        terrain_defense: grid
            .hexes()
            .map(|h| {
                chart
                    .terrain
                    .iter()
                    .find(|t| t.key == terrain_of(h))
                    .map_or(Frac::int(1), |t| t.defense)
            })
            .collect(),
        victory,
        hash: stable_hash(&(&sc.file, &sc.map.to_file(), options)),
        options: options.clone(),
        units,
    };
    let (n, entries) = (setup.units.len(), setup.victory.len());
    let facing = setup.units.iter().map(|u| setup.faces[u.side]).collect();
    Ok(State {
        turn: 0,
        player: sc.deploys_first,
        deploying: true,
        deck: new_deck(&setup),
        card: None,
        hex: vec![None; n],
        facing,
        alive: vec![true; n],
        acted: vec![false; n],
        decided: Default::default(),
        streaks: vec![[0, 0]; entries],
        outcome: None,
        setup: Some(Arc::new(setup)),
    })
}

/// The fire table's column for `unit` firing at `target` (Drill 5.1, 5.2, 5.3).
pub fn column(s: &State, unit: usize, target: usize) -> usize {
    let st = s.setup();
    let (a, d) = (&st.units[unit], &st.units[target]);
    // Drill 5.3 (optional): fierce horse attacks at twice its attack.
    let attack = if st.options.fierce_horse && a.horse {
        a.attack * 2
    } else {
        a.attack
    };
    let th = s.hex[target].expect("targets are on the map");
    let multiplier = st
        .grid
        .index(th)
        .map_or(Frac::int(1), |i| st.terrain_defense[i]);
    let table = &tables().fire;
    let col = table.column_for(
        Frac::int(attack as i64),
        Frac::int(d.defense as i64) * multiplier,
    );
    // Drill 5.2: from outside the target's front, one column to the right.
    let from = s.hex[unit].expect("firers are on the map");
    if s.facing[target].arc(&st.grid, th, from) != FacingArc::Front {
        (col + 1).min(table.columns.len() - 1)
    } else {
        col
    }
}

/// Whether `unit` may fire at the unit in `target` (Drill 5.1): an enemy in its front within
/// its range.
fn may_fire(s: &State, unit: usize, target: HexCoord) -> Option<usize> {
    let st = s.setup();
    let from = s.hex[unit]?;
    let t = s.at(target).filter(|&t| s.side_of(t) != s.side_of(unit))?;
    let in_range = st.grid.distance(from, target) <= st.units[unit].range;
    let ahead = s.facing[unit].arc(&st.grid, from, target) == FacingArc::Front;
    (in_range && ahead).then_some(t)
}

/// Whether `unit` may move into `to` (Drill 4.1, 4.2); a refusal gives its case.
fn may_enter(s: &State, unit: usize, to: HexCoord) -> Result<(), (&'static str, String)> {
    let st = s.setup();
    let name = st.grid.name(to);
    let from = s.hex[unit].ok_or(("Drill 4.1", "it is not on the map".to_string()))?;
    if st.grid.index(to).is_none() || st.grid.distance(from, to) != 1 {
        return Err(("Drill 4.1", format!("{name} is not next to it")));
    }
    if s.facing[unit].arc(&st.grid, from, to) != FacingArc::Front {
        return Err(("Drill 4.1", format!("{name} is not in its front")));
    }
    if s.at(to).is_some() {
        return Err(("Drill 1.2", format!("{name} holds a unit")));
    }
    if st.units[unit].horse && s.is_bog(to) {
        return Err((
            "Drill 4.2",
            format!("horse may not enter the bog at {name}"),
        ));
    }
    Ok(())
}

/// The hex straight ahead of a unit in `from` facing `facing` (a hexside facing), if on the
/// map: where a unit of a line steps (Drill 4.3).
pub fn ahead(s: &State, from: HexCoord, facing: Facing) -> Option<HexCoord> {
    let grid = &s.setup().grid;
    grid.neighbors(from)
        .find(|&n| Facing::toward(grid, from, n) == facing)
}

/// The line of `unit` (Drill 4.3): it and every unit of its side on the map that has not acted
/// this game-turn, faces as it does and is joined to it through units next to each other that
/// do too; in the scenario's unit order. Empty for a unit that is not alive on the map (a
/// command may name any unit before the rules check it).
pub fn line(s: &State, unit: usize) -> Vec<usize> {
    let st = s.setup();
    if unit >= s.hex.len() || !s.alive[unit] || s.hex[unit].is_none() {
        return Vec::new();
    }
    let joins = |u: usize| {
        s.alive[u]
            && s.hex[u].is_some()
            && !s.acted[u]
            && s.side_of(u) == s.side_of(unit)
            && s.facing[u] == s.facing[unit]
    };
    let mut line = vec![unit];
    let mut k = 0;
    while k < line.len() {
        let h = s.hex[line[k]].expect("line units are on the map");
        for n in st.grid.neighbors(h) {
            if let Some(v) = s.at(n).filter(|&v| joins(v) && !line.contains(&v)) {
                line.push(v);
            }
        }
        k += 1;
    }
    line.sort_unstable();
    line
}

/// Where each unit of the line of `unit` steps (Drill 4.3), or why the line may not advance.
/// A unit may step into a hex another unit of the line leaves, as they step at once.
pub fn advance(s: &State, unit: usize) -> Result<Vec<(usize, HexCoord)>, (&'static str, String)> {
    let line = line(s, unit);
    if line.is_empty() {
        return Err(("Drill 4.3", format!("unit {unit} is not on the map")));
    }
    if line.len() < 2 {
        return Err((
            "Drill 4.3",
            format!(
                "{} has no unit beside it facing as it does that has not acted: a line is two \
                 units or more",
                s.name(unit)
            ),
        ));
    }
    let mut steps = Vec::new();
    for &u in &line {
        let from = s.hex[u].expect("line units are on the map");
        let Some(to) = ahead(s, from, s.facing[u]) else {
            return Err((
                "Drill 4.3",
                format!("{} has no hex ahead of it on the map", s.name(u)),
            ));
        };
        let name = s.hex_name(to);
        if s.at(to).is_some_and(|v| !line.contains(&v)) {
            return Err((
                "Drill 1.2",
                format!("{name}, ahead of {}, holds a unit", s.name(u)),
            ));
        }
        if s.setup().units[u].horse && s.is_bog(to) {
            return Err((
                "Drill 4.2",
                format!("horse may not enter the bog at {name} ({})", s.name(u)),
            ));
        }
        steps.push((u, to));
    }
    Ok(steps)
}

/// The end of a card (Drill 2.3, 2.4): units eliminated may end the game (Drill 6.2); else the
/// drawing side draws next, and an empty deck ends the game-turn, whose end may end the game
/// (Drill 6.2) or starts the next with a new deck.
fn card_played(s: &mut State, events: &mut Vec<Event>) {
    s.card = None;
    s.player = s.setup().first;
    victory::after_card(s, events);
    if s.outcome.is_none() && s.deck.is_empty() {
        events.push(Event::TurnEnded { turn: s.turn });
        victory::end_game_turn(s, events);
        if s.outcome.is_none() {
            s.turn += 1;
            s.acted.iter_mut().for_each(|a| *a = false);
            s.deck = new_deck(s.setup());
        }
    }
}

/// The unit `u` of the side with the card, able to act (Drill 2.3).
fn activating(s: &State, u: usize) -> Result<(), RuleError> {
    if s.deploying {
        return Err(RuleError::not_now(
            "units act once both sides have deployed",
        ));
    }
    let Some(card) = s.card else {
        return Err(RuleError::not_now("draw a card first (Drill 2.2)"));
    };
    if u >= s.hex.len() || s.side_of(u) != card.side || !s.alive[u] || s.hex[u].is_none() {
        return Err(RuleError::not_now(format!(
            "unit {u} is not a unit of {} on the map",
            s.setup().sides[card.side].name
        )));
    }
    if s.acted[u] {
        return Err(refuse(
            "Drill 2.3",
            format!("{} has acted this game-turn", s.name(u)),
        ));
    }
    Ok(())
}

pub fn apply(
    state: &State,
    c: &Command,
    dice: &mut dyn crate::engine::dice::Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut s = state.clone();
    let mut ev = Vec::new();
    if s.outcome.is_some() {
        return Err(RuleError::not_now("the game is over"));
    }
    match c {
        Command::Deploy { unit, hex } => {
            let u = *unit;
            if !s.deploying {
                return Err(RuleError::not_now("deployment is over"));
            }
            if u >= s.hex.len() || s.side_of(u) != s.player || s.hex[u].is_some() {
                return Err(RuleError::not_now(format!(
                    "unit {u} is not a unit of {} waiting to deploy",
                    s.setup().sides[s.player].name
                )));
            }
            if !s.setup().zones[s.player].contains(hex) || s.at(*hex).is_some() {
                let name = s.hex_name(*hex);
                return Err(refuse(
                    "Drill 2.1",
                    format!("{name} is not a free hex of the zone"),
                ));
            }
            s.hex[u] = Some(*hex);
            let waiting = |s: &State, side: usize| {
                (0..s.hex.len()).any(|u| s.side_of(u) == side && s.hex[u].is_none())
            };
            if !waiting(&s, s.player) {
                if waiting(&s, 1 - s.player) {
                    s.player = 1 - s.player;
                } else {
                    s.deploying = false;
                    s.turn = 1;
                    s.player = s.setup().first;
                }
            }
        }
        Command::Draw => {
            if s.deploying {
                return Err(RuleError::not_now(
                    "cards are drawn once both sides have deployed",
                ));
            }
            if let Some(card) = s.card {
                return Err(refuse(
                    "Drill 2.3",
                    format!("{} is in play: play it first", s.card_name(card)),
                ));
            }
            // Drill 2.2: one die with as many faces as cards are left.
            let drawn = s
                .deck
                .draw(
                    dice,
                    "activation card (Drill 2.2)",
                    serde_json::json!({"turn": s.turn}),
                )
                .map_err(|e| RuleError::not_now(e.to_string()))?;
            s.card = Some(drawn.card);
            s.player = drawn.card.side;
            ev.push(Event::Drawn {
                card: drawn.card,
                roll: drawn.roll,
            });
        }
        Command::Move { unit, to } => {
            activating(&s, *unit)?;
            may_enter(&s, *unit, *to).map_err(|(case, m)| refuse(case, m))?;
            s.hex[*unit] = Some(*to);
            s.acted[*unit] = true;
            card_played(&mut s, &mut ev);
        }
        Command::Advance { unit } => {
            activating(&s, *unit)?;
            let steps = advance(&s, *unit).map_err(|(case, m)| refuse(case, m))?;
            for (u, to) in steps {
                s.hex[u] = Some(to);
                s.acted[u] = true;
            }
            card_played(&mut s, &mut ev);
        }
        Command::Face { unit, facing } => {
            activating(&s, *unit)?;
            if !facing.is_hexside(&s.setup().grid) {
                return Err(refuse(
                    "Drill 3.1",
                    format!("{facing} is a vertex; a unit faces a hexside"),
                ));
            }
            if *facing == s.facing[*unit] {
                return Err(refuse(
                    "Drill 3.2",
                    format!("{} faces {facing} already", s.name(*unit)),
                ));
            }
            s.facing[*unit] = *facing;
            s.acted[*unit] = true;
            card_played(&mut s, &mut ev);
        }
        Command::Fire { unit, target } => {
            activating(&s, *unit)?;
            let Some(t) = may_fire(&s, *unit, *target) else {
                let name = s.hex_name(*target);
                return Err(refuse(
                    "Drill 5.1",
                    format!("no enemy in its front within its range at {name}"),
                ));
            };
            let col = column(&s, *unit, t);
            let table = &tables().fire;
            let req = RollRequest {
                purpose: "fire (Drill 5.1)".into(),
                spec: DiceSpec::D6,
                context: serde_json::json!({"column": table.columns[col].to_string()}),
            };
            let r = dice.roll(&req)?;
            let face = r.faces[0];
            ev.push(Event::Rolled {
                roll: Roll {
                    purpose: req.purpose,
                    spec: req.spec,
                    faces: r.faces.clone(),
                    total: face as u32,
                    context: req.context,
                    forced: r.forced,
                },
            });
            s.acted[*unit] = true;
            if table.result(col, face as u32) == Some("E") {
                s.alive[t] = false;
                ev.push(Event::Eliminated { unit: t });
            }
            card_played(&mut s, &mut ev);
        }
        Command::Pass => {
            if s.card.is_none() {
                return Err(RuleError::not_now("no card is in play (Drill 2.3)"));
            }
            card_played(&mut s, &mut ev);
        }
    }
    Ok((s, ev))
}

pub fn legal(s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    if s.outcome.is_some() {
        return out;
    }
    let st = s.setup();
    if s.deploying {
        for u in 0..s.hex.len() {
            if s.side_of(u) == s.player && s.hex[u].is_none() {
                for h in &st.zones[s.player] {
                    if s.at(*h).is_none() {
                        out.push(Command::Deploy { unit: u, hex: *h });
                    }
                }
            }
        }
        return out;
    }
    let Some(card) = s.card else {
        return vec![Command::Draw];
    };
    for u in 0..s.hex.len() {
        if s.side_of(u) != card.side || !s.alive[u] || s.acted[u] {
            continue;
        }
        let Some(h) = s.hex[u] else { continue };
        for n in st.grid.neighbors(h) {
            if may_enter(s, u, n).is_ok() {
                out.push(Command::Move { unit: u, to: n });
            }
        }
        // Drill 4.3: a line is offered once, by its first unit.
        if line(s, u).first() == Some(&u) && advance(s, u).is_ok() {
            out.push(Command::Advance { unit: u });
        }
        for f in Facing::all().filter(|f| f.is_hexside(&st.grid) && *f != s.facing[u]) {
            out.push(Command::Face { unit: u, facing: f });
        }
        for t in 0..s.hex.len() {
            if let Some(th) = s.hex[t].filter(|_| s.alive[t])
                && may_fire(s, u, th).is_some()
            {
                out.push(Command::Fire {
                    unit: u,
                    target: th,
                });
            }
        }
    }
    out.push(Command::Pass);
    out
}

//! Vae Victis in words and on the board: commands and events described, the state reported
//! one element a line, every counter with its values, and the markers.

use super::geometry::standing;
use super::morale;
use super::state::{Command, Event, Phase, Role, State};
use super::tables::TroopClass;
use crate::engine::counters::{Board, Counter, MarkerKind, Place, SideStanding, Symbol};

/// VV 5.6: 1 AP; VV LG Militia: 2.
fn formation_ap(s: &State, element: &str) -> u32 {
    s.setup()
        .element(element)
        .ok()
        .and_then(|e| s.etype(e))
        .map_or(1, |t| t.formation_ap)
}

pub fn describe_command(s: &State, c: &Command) -> String {
    match c {
        Command::Begin => "Roll every general's rating and the first player (VV 4.2, VV 3)".into(),
        Command::Activate => format!(
            "Roll {}'s activation dice, one a corps (VV 5.1)",
            s.setup().sides[s.active()].name
        ),
        Command::TakeCommand { corps } => {
            format!("The Commander-in-Chief takes command of corps {corps} (VV 5.1)")
        }
        Command::Move {
            element,
            to,
            facing,
        } => format!("{element} moves to {to}, facing {facing}"),
        Command::MoveGroup {
            elements,
            to,
            facing,
        } => format!(
            "The group of {} moves in parallel, {} to {to}, facing {facing} (VV 5.2)",
            elements.join(", "),
            elements.first().map_or("", |e| e.as_str())
        ),
        Command::Pivot { element, facing } => format!("{element} turns to face {facing} (1 AP)"),
        Command::Square { element } => {
            format!("{element} forms square ({} AP)", formation_ap(s, element))
        }
        Command::Line { element } => {
            format!("{element} forms line ({} AP)", formation_ap(s, element))
        }
        Command::Skirmish { element, hex } => {
            format!("{element} takes skirmish formation, its second element to {hex} (1 AP)")
        }
        Command::CloseOrder { element } => {
            format!("{element}'s skirmisher pair forms the light infantry element (1 AP)")
        }
        Command::Dismount { element } => format!("{element} dismounts (1 AP)"),
        Command::Mount { element } => format!("{element} mounts (1 AP)"),
        Command::Enter {
            element,
            hex,
            facing,
        } => format!("{element} enters at {hex}, facing {facing} (reinforcement, 1 AP)"),
        Command::Fire {
            element,
            target,
            supports,
        } => {
            if supports.is_empty() {
                format!("{element} fires at {target}")
            } else {
                format!(
                    "{element} fires at {target}, supported by {}",
                    supports.join(", ")
                )
            }
        }
        Command::Melee { element, target } => format!("{element} engages {target} in melee"),
        Command::Pursue => "The winner pursues into the hex its loser left (VV 8.4)".into(),
        Command::Hold => "The winner does not pursue (VV 8.4)".into(),
        Command::End => format!("End the {} phase", s.phase.name().to_lowercase()),
    }
}

pub fn describe_event(e: &Event) -> Option<String> {
    Some(match e {
        Event::Note { .. } | Event::Scripted { .. } => {
            return crate::engine::setup_state::common_words(e);
        }
        Event::Rolled { roll } => format!(
            "{}: rolled {}",
            roll.purpose,
            roll.faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

fn status(s: &State, e: usize) -> Vec<String> {
    let x = &s.elements[e];
    let mut w = Vec::new();
    if x.destroyed {
        w.push("destroyed".to_string());
        return w;
    }
    if x.hex.is_none() {
        w.push("not on the map".to_string());
        return w;
    }
    if x.square {
        w.push("in square".into());
    }
    if x.skirmish {
        w.push("in skirmish formation".into());
    }
    if let Some(r) = x.rating {
        w.push(super::tables::core().rating(r).name.to_lowercase());
    }
    if x.to_flee {
        w.push("to flee".into());
    }
    w
}

pub fn report(s: &State) -> String {
    let setup = s.setup();
    let mut out = format!(
        "Vae Victis ({}), game-turn {} of {}: {} phase, {} active\n",
        setup.variant.sheet.name,
        s.turn,
        setup.game_length,
        s.phase.name(),
        setup.sides[s.active()].name
    );
    if let Some(o) = &s.outcome {
        out.push_str(&format!("Game over: {}\n", o.reason));
    }
    for (c, def) in setup.corps.iter().enumerate() {
        out.push_str(&format!(
            "{} corps {}: {} AP, lost {} of {} points{}\n",
            setup.sides[def.side].name,
            def.id,
            s.corps[c].ap,
            morale::lost(s, c),
            def.points,
            if s.corps[c].demoralised {
                ", demoralised"
            } else {
                ""
            }
        ));
    }
    for (e, d) in setup.elements.iter().enumerate() {
        if d.partner_of.is_some() && s.elements[e].hex.is_none() && !s.elements[e].destroyed {
            continue;
        }
        out.push_str(&format!(
            "{} {} ({}) {} facing {}: {}\n",
            setup.sides[d.side].name,
            d.id,
            s.etype(e).map(|t| t.key.as_str()).unwrap_or(&d.kind),
            s.elements[e]
                .hex
                .map(|h| setup.name(h))
                .unwrap_or_else(|| "-".into()),
            s.elements[e].facing,
            status(s, e).join(", ")
        ));
    }
    out
}

pub fn board(s: &State) -> Board {
    let setup = s.setup();
    let mut counters = Vec::new();
    for (e, d) in setup.elements.iter().enumerate() {
        let x = &s.elements[e];
        if d.partner_of.is_some() && x.hex.is_none() && !x.destroyed {
            continue;
        }
        let t = s.etype(e);
        let mut markers = Vec::new();
        if x.square {
            markers.push("square".to_string());
        }
        if x.to_flee {
            markers.push("to_flee".into());
        }
        if d.corps.is_some_and(|c| s.corps[c].demoralised) {
            markers.push("demoralised".into());
        }
        let mut properties = vec![("Facing".to_string(), x.facing.to_string())];
        if let Some(c) = d.corps {
            properties.push(("Corps".into(), setup.corps[c].id.clone()));
        }
        if let Some(t) = t {
            properties.push((
                "Fire".into(),
                t.fire.map(|f| f.to_string()).unwrap_or_else(|| "-".into()),
            ));
            properties.push(("Melee".into(), t.melee.to_string()));
            // VV LG and RY have no charge column (LG's charges are tactical factors, `lg.rs`).
            if !super::lg::plays(s) && !super::ry::plays(s) {
                properties.push(("Charge bonus".into(), t.charge.to_string()));
            }
            properties.push(("Cost".into(), t.cost.to_string()));
        }
        if let Some(r) = x.rating {
            properties.push((
                "Rating".into(),
                super::tables::core().rating(r).name.clone(),
            ));
        }
        counters.push(Counter {
            id: d.id.clone(),
            side: d.side,
            code: t.map(|t| t.key.clone()).unwrap_or_else(|| "general".into()),
            kind: t.map(|t| t.name.clone()).unwrap_or_else(|| match d.role {
                Role::CommanderInChief => "Commander-in-Chief".into(),
                _ => "General".into(),
            }),
            symbol: match s.class(e) {
                TroopClass::Infantry | TroopClass::Skirmishers => Symbol::Infantry,
                TroopClass::Cavalry => Symbol::Cavalry,
                TroopClass::Artillery => Symbol::Artillery,
                TroopClass::General => Symbol::Leader,
            },
            values: match t {
                Some(t) => format!(
                    "{}-{}",
                    t.fire.map(|f| f.to_string()).unwrap_or_else(|| "-".into()),
                    t.melee
                ),
                None => "G".into(),
            },
            place: if x.destroyed {
                Place::Eliminated
            } else if standing(s, e) {
                Place::Map
            } else {
                Place::Off
            },
            hex: x.hex.map(|h| setup.name(h)),
            order: e as u32,
            markers,
            group: d.corps.map(|c| setup.corps[c].id.clone()),
            arrives: super::reinforcements::to_arrive(s, e).map(|a| {
                let at = match a.hexes.as_slice() {
                    [] => String::new(),
                    [h] => format!(" at {}", setup.name(*h)),
                    [first, .., last] => format!(
                        " at {} to {} ({} hexes)",
                        setup.name(*first),
                        setup.name(*last),
                        a.hexes.len()
                    ),
                };
                format!("game-turn {}{at}", a.turn)
            }),
            properties,
            facing: Some(x.facing.degrees()),
        });
    }
    let sides = (0..2)
        .map(|i| SideStanding {
            morale: None,
            notes: setup
                .corps
                .iter()
                .enumerate()
                .filter(|(_, c)| c.side == i)
                .map(|(c, def)| {
                    // VV 5.1: the action points a corps that rolled has left, while its side
                    // moves (a corps still to come, or with nothing left, rolls none).
                    let rolled = s.corps[c].score.is_some();
                    let ap =
                        if s.phase == Phase::Movement && s.activated && s.active() == i && rolled {
                            format!("{} AP, ", s.corps[c].ap)
                        } else {
                            String::new()
                        };
                    format!(
                        "corps {}: {ap}lost {} of {} points{}",
                        def.id,
                        morale::lost(s, c),
                        def.points,
                        if s.corps[c].demoralised {
                            ", demoralised"
                        } else {
                            ""
                        }
                    )
                })
                .collect(),
        })
        .collect();
    Board {
        counters,
        hex_markers: Vec::new(),
        sides,
        deployment: Vec::new(),
        cards: Vec::new(),
    }
}

pub fn markers() -> Vec<MarkerKind> {
    vec![
        MarkerKind::new("square", "SQUARE", [0xa0, 0xc0, 0xe8]),
        MarkerKind::new("to_flee", "TO FLEE", [0xe8, 0xa0, 0x90]),
        MarkerKind::new("demoralised", "DEMORALISED", [0xc0, 0x40, 0x40]),
    ]
}

//! The game in words and on the board: commands and events described, the position as a
//! report of one line a unit, and the counters with their markers.

use super::board::{self, in_combat};
use super::section::{Formation, Kind};
use super::state::{Command, Event, State, Status};
use crate::engine::counters::{Board, CardShown, Counter, MarkerKind, Place, SideStanding, Symbol};

pub fn describe_command(s: &State, c: &Command) -> String {
    let side = |id: &str| {
        s.setup()
            .side(id)
            .map(|i| s.setup().sides[i].name.clone())
            .unwrap_or_else(|_| id.to_string())
    };
    match c {
        Command::Deal => "Deal the cards, roll dithering, rally and rout".into(),
        Command::GoFirst { side: x } => format!("{} acts first at this card value", side(x)),
        Command::Stand { unit } => format!("{unit} stands"),
        Command::Recce { unit, target } => format!("{unit} scouts {target}"),
        Command::DigIn { unit } => format!("{unit} digs in"),
        Command::Move { unit } => format!("{unit} moves (roll movement points)"),
        Command::Step { unit, to } => format!("{unit} enters {to}"),
        Command::Face { unit, facing } => format!("{unit} faces {facing}"),
        Command::Formation { unit, second } => {
            let to = s
                .setup()
                .unit(unit)
                .ok()
                .map(|u| match s.units[u].formation {
                    Formation::Column => "deploys",
                    Formation::Deployed => "forms column",
                })
                .unwrap_or("changes formation");
            match second {
                Some(h) => format!("{unit} {to} over two hexes, into {h} too"),
                None => format!("{unit} {to}"),
            }
        }
        Command::EndMove { unit } => format!("{unit} ends its move"),
        Command::HqMove { hq, to } => format!("{hq} moves to {to}"),
        Command::HqActivate {
            hq,
            unit,
            accompany,
        } => format!(
            "{hq} activates {unit}{}",
            if *accompany { ", going with it" } else { "" }
        ),
        Command::Fire { unit, target } => format!("{unit} fires at {target}"),
        Command::Fortify { unit } => format!("{unit} fortifies"),
        Command::End => "End the phase".into(),
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
                .join("+")
        ),
    })
}

fn status_words(s: &State, u: usize) -> Vec<String> {
    let us = &s.units[u];
    let mut w = Vec::new();
    w.push(match us.status {
        Status::Fresh => "fresh".to_string(),
        Status::Shaken => "shaken".to_string(),
        Status::Disbanded => "disbanded".to_string(),
        Status::Eliminated => "eliminated".to_string(),
        Status::Left => "left the field".to_string(),
    });
    if let (Some((t, _)), None, Status::Fresh) = (s.setup().units[u].arrives, us.hex, us.status) {
        w.push(format!("arrives on game-turn {t}"));
    }
    if s.setup().units[u].kind != Kind::Hq {
        w.push(match us.formation {
            Formation::Column => "column".to_string(),
            Formation::Deployed => "deployed".to_string(),
        });
    }
    if let Some(c) = us.card {
        w.push(format!(
            "card {}{}{}",
            c.name(),
            if us.inverted { " inverted" } else { "" },
            if us.acted { " played" } else { "" }
        ));
    }
    if us.dm > 0 {
        w.push(format!("{} DM", us.dm));
    }
    if us.bombarded {
        w.push("under bombardment".into());
    }
    if us.spotted {
        w.push("spotted".into());
    }
    if board::standing(s, u) && in_combat(s, u) {
        w.push("in combat".into());
    }
    w
}

pub fn report(s: &State) -> String {
    let setup = s.setup();
    let mut out = format!(
        "Rifle and Kepi, game-turn {} of {}: {}\n",
        s.turn,
        setup.game_length,
        s.phase.name()
    );
    if let Some(o) = &s.outcome {
        out.push_str(&format!("Game over: {}\n", o.reason));
    }
    for (i, d) in setup.units.iter().enumerate() {
        let us = &s.units[i];
        let at = match (us.hex, us.second) {
            (Some(h), Some(x)) => format!("{}+{}", setup.name(h), setup.name(x)),
            (Some(h), None) => setup.name(h),
            _ => "-".to_string(),
        };
        out.push_str(&format!(
            "{} {} ({}, {}) {at} facing {} steps {}/{}: {}\n",
            setup.sides[d.side].name,
            d.id,
            d.kind.key(),
            d.guns
                .map(|g| g.key().to_string())
                .unwrap_or_else(|| format!("{:?}", d.armament).to_lowercase()),
            us.facing,
            us.steps,
            d.steps,
            status_words(s, i).join(", ")
        ));
    }
    for c in super::victory::conditions(s) {
        out.push_str(&format!("{}\n", c.detail));
    }
    out
}

pub fn markers() -> Vec<MarkerKind> {
    vec![
        MarkerKind::new("shaken", "SHAKEN", [0xf0, 0xc8, 0x20]),
        MarkerKind::new("disbanded", "DISBANDED", [0xc0, 0x40, 0x40]),
        MarkerKind::new("deployed", "DEPLOYED", [0xa0, 0xc0, 0xe8]),
        MarkerKind::new("inverted", "DITHER", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("dug_in", "DM", [0x9c, 0x7b, 0x50]),
        MarkerKind::new("bombarded", "BOMBARDED", [0xe8, 0xa0, 0x90]).transient(),
        MarkerKind::new("reduced", "REDUCED", [0xe8, 0xa0, 0x90]),
    ]
}

pub fn board(s: &State) -> Board {
    let setup = s.setup();
    let mut counters = Vec::new();
    for (u, d) in setup.units.iter().enumerate() {
        let us = &s.units[u];
        let place = match us.status {
            Status::Eliminated => Place::Eliminated,
            Status::Left => Place::Exited,
            _ if us.hex.is_none() => Place::Off,
            _ => Place::Map,
        };
        let mut markers = Vec::new();
        match us.status {
            Status::Shaken => markers.push("shaken".to_string()),
            Status::Disbanded => markers.push("disbanded".to_string()),
            _ => {}
        }
        if us.formation == Formation::Deployed && d.kind != Kind::Hq {
            markers.push("deployed".into());
        }
        if us.inverted {
            markers.push("inverted".into());
        }
        if us.dm > 0 {
            markers.push("dug_in".into());
        }
        if us.bombarded {
            markers.push("bombarded".into());
        }
        if us.steps < d.steps {
            markers.push("reduced".into());
        }
        let mut properties = vec![
            ("Steps".to_string(), format!("{} of {}", us.steps, d.steps)),
            ("Facing".to_string(), us.facing.to_string()),
        ];
        if let Some(g) = d.guns {
            properties.push(("Guns".into(), g.key().into()));
        } else if d.kind != Kind::Hq {
            properties.push((
                "Armament".into(),
                format!("{:?}", d.armament).to_lowercase(),
            ));
        }
        if let Some(c) = us.card {
            properties.push(("Card".into(), c.name()));
        }
        if let Some(x) = us.second {
            properties.push(("Second hex".into(), setup.name(x)));
        }
        counters.push(Counter {
            id: d.id.clone(),
            side: d.side,
            code: d.kind.key().to_string(),
            kind: d.name.clone(),
            symbol: match d.kind {
                Kind::Infantry => Symbol::Infantry,
                Kind::Cavalry => Symbol::Cavalry,
                Kind::Artillery => Symbol::Artillery,
                Kind::Hq => Symbol::Other,
            },
            values: if d.kind == Kind::Hq {
                "HQ".into()
            } else {
                format!("{}", us.steps)
            },
            place,
            hex: us.hex.map(|h| setup.name(h)),
            order: u as u32,
            markers,
            group: None,
            arrives: match (d.arrives, us.hex) {
                (Some((t, h)), None) if us.status == Status::Fresh => {
                    Some(format!("game-turn {t} at {}", setup.name(h)))
                }
                _ => None,
            },
            properties,
            facing: Some(us.facing.degrees()),
        });
    }
    let sides = (0..2)
        .map(|i| SideStanding {
            morale: None,
            notes: vec![
                format!("C3 {:?}", setup.c3[i]).to_lowercase(),
                format!("{} points", super::victory::points(s, i)),
            ],
        })
        .collect();
    Board {
        counters,
        hex_markers: Vec::new(),
        sides,
        deployment: Vec::new(),
        cards: cards_shown(s),
    }
}

/// RK Turn sequence i-iv, beside the map: each side's dithering score once rolled, then the
/// cards dealt this turn still to play in the order they act (highest value first), each
/// saying whether it acts now, is inverted by dithering or is still to come.
fn cards_shown(s: &State) -> Vec<CardShown> {
    let setup = s.setup();
    let mut out = Vec::new();
    // Before the deal the scores are last game-turn's: none shown.
    if s.phase == super::state::Phase::Cards {
        return out;
    }
    for side in 0..2 {
        if let Some(d) = s.dither[side] {
            out.push(CardShown {
                title: format!("{} dithers at {d}", setup.sides[side].name),
                side: Some(side),
                detail: "cards of lower value are inverted (RK Turn sequence ii)".into(),
            });
        }
    }
    if s.phase != super::state::Phase::Activation {
        return out;
    }
    let actors = super::sequence::actors(s);
    let mut pending = super::sequence::pending(s);
    pending.sort_by_key(|&u| {
        let c = s.units[u].card.expect("a pending unit holds a card");
        (std::cmp::Reverse(c.value), setup.units[u].side, u)
    });
    for u in pending {
        let card = s.units[u].card.expect("a pending unit holds a card");
        let detail = if actors.contains(&u) {
            "acts now (RK Turn sequence iv)"
        } else if s.units[u].inverted {
            "inverted: stands, unless an HQ activates it"
        } else {
            "to come, in card order"
        };
        out.push(CardShown {
            title: format!("{} {}", card.name(), setup.units[u].id),
            side: Some(setup.units[u].side),
            detail: detail.into(),
        });
    }
    out
}

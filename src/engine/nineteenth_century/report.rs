//! The game in words and on the board: commands and events described, the position as a
//! report of one line a unit, and the counters with their markers (formation, the cotton wool
//! of a unit that has shot, melee, hits).

use super::board::{self, melee_of};
use super::section::{Formation, Kind};
use super::state::{Command, Event, State};
use crate::engine::counters::{Board, Counter, MarkerKind, Place, SideStanding, Symbol};

pub fn describe_command(s: &State, c: &Command) -> String {
    match c {
        Command::Initiative => format!(
            "Roll the {} phase's initiative (a D6 each, ties rolled again)",
            s.phase.name().to_lowercase()
        ),
        Command::Move { unit, to, facing } => format!("{unit} moves to {to}, facing {facing}"),
        Command::Pivot { unit, facing } => format!("{unit} pivots to face {facing}"),
        Command::Reform { unit } => format!("{unit} reforms into march formation (half move)"),
        Command::Rally { commander, unit } => {
            format!("{commander} joins {unit} and rallies it (6 hits removed, once a game)")
        }
        Command::Deploy { unit } => format!("{unit} deploys into battle formation"),
        Command::Shoot { unit, target } => format!("{unit} shoots at {target}"),
        Command::Strike { unit } => format!("{unit} strikes in melee"),
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

fn limit(s: &State, u: usize) -> String {
    s.setup().units[u]
        .eliminated_at
        .map(|n| n.to_string())
        .unwrap_or_else(|| "-".into())
}

fn status_words(s: &State, u: usize) -> Vec<String> {
    let setup = s.setup();
    let us = &s.units[u];
    let mut w = Vec::new();
    if us.eliminated {
        w.push("eliminated".to_string());
        return w;
    }
    if setup.units[u].kind != Kind::Commander {
        w.push(format!("{} formation", us.formation.key()));
        w.push(format!("{} hits of {}", us.hits, limit(s, u)));
    } else if us.rallied {
        w.push("has rallied".into());
    }
    if us.shot {
        w.push("has shot this turn".into());
    }
    if us.shot_last_turn {
        w.push("shot last turn".into());
    }
    if let Some(o) = board::opponent(s, u) {
        w.push(format!("locked in melee with {}", setup.units[o].id));
    }
    w
}

pub fn report(s: &State) -> String {
    let setup = s.setup();
    let mut out = format!(
        "19th Century, game-turn {} of {}: {} phase{}\n",
        s.turn,
        setup.game_length,
        s.phase.name(),
        match s.order {
            Some(o) => format!(
                ", {} first, {} acting",
                setup.sides[o[0]].name,
                setup.sides[s.player()].name
            ),
            None if s.phase != super::state::Phase::Over => ", initiative to roll".into(),
            None => String::new(),
        }
    );
    if let Some(o) = &s.outcome {
        out.push_str(&format!("Game over: {}\n", o.reason));
    }
    for (i, d) in setup.units.iter().enumerate() {
        let us = &s.units[i];
        out.push_str(&format!(
            "{} {} ({}) {} facing {}: {}\n",
            setup.sides[d.side].name,
            d.id,
            d.kind.key(),
            us.hex.map(|h| setup.name(h)).unwrap_or_else(|| "-".into()),
            us.facing,
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
        MarkerKind::new("battle", "BATTLE", [0xa0, 0xc0, 0xe8]),
        MarkerKind::new("shot", "SHOT", [0xf4, 0xf4, 0xf4]).transient(),
        MarkerKind::new("shot_last_turn", "SHOT LAST TURN", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("melee", "MELEE", [0xc0, 0x40, 0x40]),
        MarkerKind::new("hits", "HITS", [0xe8, 0xa0, 0x90]),
        MarkerKind::new("rallied", "RALLIED", [0xf0, 0xc8, 0x20]),
    ]
}

pub fn board(s: &State) -> Board {
    let setup = s.setup();
    let mut counters = Vec::new();
    for (u, d) in setup.units.iter().enumerate() {
        let us = &s.units[u];
        let mut markers = Vec::new();
        if us.formation == Formation::Battle {
            markers.push("battle".to_string());
        }
        if us.shot {
            markers.push("shot".into());
        }
        if us.shot_last_turn {
            markers.push("shot_last_turn".into());
        }
        if melee_of(s, u).is_some() {
            markers.push("melee".into());
        }
        if us.hits > 0 {
            markers.push("hits".into());
        }
        if us.rallied {
            markers.push("rallied".into());
        }
        let mut properties = vec![
            ("Formation".to_string(), us.formation.key().to_string()),
            ("Facing".to_string(), us.facing.to_string()),
            ("Move".to_string(), format!("{} hexes", d.move_hexes)),
        ];
        if d.kind != Kind::Commander {
            properties.push(("Hits".into(), format!("{} of {}", us.hits, limit(s, u))));
        }
        if let Some(n) = d.shoot_dice {
            properties.push((
                "Shooting".into(),
                format!(
                    "{n}D6 highest; {}",
                    d.bands
                        .iter()
                        .map(|b| format!("{} {}-{} ({:+})", b.name, b.from, b.to, b.modifier))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if let Some(n) = d.melee_dice {
            properties.push(("Melee".into(), format!("{n}D6 highest")));
        }
        counters.push(Counter {
            id: d.id.clone(),
            side: d.side,
            code: d.kind.key().to_string(),
            kind: d.name.clone(),
            symbol: match d.kind {
                Kind::Infantry | Kind::Skirmishers => Symbol::Infantry,
                Kind::Cavalry => Symbol::Cavalry,
                Kind::Dragoons => Symbol::MountedRifles,
                Kind::Artillery => Symbol::Artillery,
                Kind::Commander => Symbol::Leader,
            },
            values: if d.kind == Kind::Commander {
                "C".into()
            } else {
                format!("{}/{}", us.hits, limit(s, u))
            },
            place: if us.eliminated {
                Place::Eliminated
            } else {
                Place::Map
            },
            hex: us.hex.map(|h| setup.name(h)),
            order: u as u32,
            markers,
            group: None,
            arrives: None,
            properties,
            facing: Some(us.facing.degrees()),
        });
    }
    let sides = (0..2)
        .map(|i| SideStanding {
            morale: None,
            notes: vec![format!("{} points", super::victory::points(s, i))],
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

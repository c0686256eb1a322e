//! What Drill shows: commands and events in words, the
//! board (counters with their facing, the card in play and the deck), the report, a move's
//! reach and a shot's preview (how the victory entries stand is `victory::conditions`).

use super::rules::column;
use super::state::{Command, Event, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::counters::{
    Board, CardShown, Corner, CornerText, Counter, CounterLayout, CounterText, FacingLook,
    MarkerKind, Place, SideStanding, Symbol,
};
use crate::engine::preview::{
    AttackPreview, Contribution, Modifier, Reach, ReachHex, ResultChance,
};

pub fn describe_command(s: &State, c: &Command) -> String {
    let l = |u: &usize| {
        s.setup()
            .units
            .get(*u)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    match c {
        Command::Deploy { unit, hex: h } => format!("Deploy {} at {}", l(unit), s.hex_name(*h)),
        Command::Draw => "Draw a card".into(),
        Command::Move { unit, to } => format!("Move {} to {}", l(unit), s.hex_name(*to)),
        Command::Advance { unit } => {
            let line = super::rules::line(s, *unit);
            if line.len() < 2 {
                return format!("Advance the line of {}", l(unit));
            }
            let names: Vec<String> = line.iter().map(l).collect();
            format!("Advance the line of {} ({})", line.len(), names.join(", "))
        }
        Command::Face { unit, facing } => format!("Turn {} to face {facing}", l(unit)),
        Command::Fire { unit, target } => format!("{} fires at {}", l(unit), s.hex_name(*target)),
        Command::Pass => match s.card {
            Some(c) => format!("Pass {}", s.card_name(c)),
            None => "Pass".into(),
        },
    }
}

pub fn describe_event(s: &State, e: &Event) -> String {
    match e {
        Event::Drawn { card, roll } => match roll {
            Some(r) => format!(
                "{} drawn (a {} of 1-{}, Drill 2.2)",
                s.card_name(*card),
                r.total,
                r.spec.sides
            ),
            None => format!("{} drawn, the last card (Drill 2.2)", s.card_name(*card)),
        },
        Event::Rolled { roll } => format!("rolled {} ({})", roll.total, roll.purpose),
        Event::Eliminated { unit } => format!("{} eliminated (Drill 5.1)", s.name(*unit)),
        Event::TurnEnded { turn } => format!("game-turn {turn} ends (Drill 2.4)"),
        Event::Over { outcome } => format!("game over: {}", outcome.reason),
    }
}

/// A command as people write it: units by name, hexes by printed name, facings by compass
/// name (`{"type": "face", "unit": "West FT 1", "facing": "NE"}`).
pub fn parse_command(s: &State, mut v: serde_json::Value) -> Result<Command, String> {
    if let Some(serde_json::Value::String(label)) = v.get("unit").cloned() {
        let u = s.setup().units.iter().position(|x| x.name == label);
        v["unit"] = serde_json::json!(u.ok_or(format!("unit: no unit is called '{label}'"))?);
    }
    for k in ["hex", "to", "target"] {
        if let Some(serde_json::Value::String(name)) = v.get(k).cloned() {
            let h = s
                .setup()
                .grid
                .parse(&name)
                .ok_or(format!("{k}: no hex {name} on this map"))?;
            v[k] = serde_json::to_value(h).expect("hexes serialize");
        }
    }
    serde_json::from_value(v).map_err(|e| {
        format!(
            "not a Drill command ({e}); `kepi legal` lists them, e.g. \
             {{\"type\":\"face\",\"unit\":\"West FT 1\",\"facing\":\"NNE\"}}"
        )
    })
}

pub fn report(s: &State) -> String {
    let st = s.setup();
    let mut lines = vec![format!(
        "Game-turn {} of {}; {}; deck: {} card(s) left",
        s.turn,
        st.last_turn,
        match s.card {
            Some(c) => format!("{} in play", s.card_name(c)),
            None => "no card in play".into(),
        },
        s.deck.len()
    )];
    for (u, x) in st.units.iter().enumerate() {
        let at = match (s.alive[u], s.hex[u]) {
            (false, _) => "eliminated".to_string(),
            (true, Some(h)) => format!("{} facing {}", s.hex_name(h), s.facing[u]),
            (true, None) => "not deployed".to_string(),
        };
        let acted = if s.acted[u] { ", acted" } else { "" };
        lines.push(format!("{} {at}{acted}", x.name));
    }
    lines.join("\n")
}

pub fn markers() -> Vec<MarkerKind> {
    vec![
        MarkerKind::new("acted", "ACTED", [0xc8, 0xc8, 0xc8]).transient(),
        MarkerKind::new("stubborn", "STUB", [0x8a, 0x5a, 0x2b]),
    ]
}

/// How Drill's counters print (Drill 1.3): code above, attack lower left, defense in a ring
/// lower right, range between them; the counter turned to its front.
pub fn counter_layout() -> CounterLayout {
    let value = |name: &str| CounterText::Property {
        name: name.to_string(),
    };
    CounterLayout {
        top: CounterText::Code,
        bottom: value("Range"),
        corners: vec![
            CornerText {
                corner: Corner::BottomLeft,
                text: value("Attack"),
                ring: false,
            },
            CornerText {
                corner: Corner::BottomRight,
                text: value("Defense"),
                ring: true,
            },
        ],
        facing: FacingLook::Turned,
        back: Default::default(),
    }
}

pub fn board(s: &State) -> Board {
    let st = s.setup();
    let counters = st
        .units
        .iter()
        .enumerate()
        .map(|(u, x)| {
            let mut markers = Vec::new();
            if s.acted[u] {
                markers.push("acted".to_string());
            }
            if x.stubborn {
                markers.push("stubborn".to_string());
            }
            Counter {
                id: x.name.clone(),
                side: x.side,
                code: x.code.clone(),
                kind: x.kind.clone(),
                symbol: if x.horse {
                    Symbol::Cavalry
                } else {
                    Symbol::Infantry
                },
                values: format!("{}-{}-{}", x.attack, x.defense, x.range),
                place: match (s.alive[u], s.hex[u]) {
                    (false, _) => Place::Eliminated,
                    (true, Some(_)) => Place::Map,
                    (true, None) => Place::Off,
                },
                hex: s.hex[u].filter(|_| s.alive[u]).map(|h| s.hex_name(h)),
                order: u as u32,
                markers,
                group: x.group.clone(),
                arrives: None,
                properties: vec![
                    ("Attack".into(), x.attack.to_string()),
                    ("Defense".into(), x.defense.to_string()),
                    ("Range".into(), x.range.to_string()),
                ],
                facing: Some(s.facing[u].degrees()),
            }
        })
        .collect();
    let mut cards = Vec::new();
    if let Some(c) = s.card {
        cards.push(CardShown {
            title: s.card_name(c),
            side: Some(c.side),
            detail: "in play: activate one unit or pass (Drill 2.3)".into(),
        });
    }
    if !s.deploying && s.outcome.is_none() {
        cards.push(CardShown {
            title: "Deck".into(),
            side: None,
            detail: format!(
                "{} card(s) left this game-turn: {}",
                s.deck.len(),
                s.deck
                    .cards()
                    .iter()
                    .map(|c| s.card_name(*c))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    Board {
        counters,
        hex_markers: Vec::new(),
        sides: (0..st.sides.len())
            .map(|side| SideStanding {
                morale: None,
                notes: vec![format!("{} card(s) a game-turn", st.cards[side])],
            })
            .collect(),
        deployment: if s.deploying {
            (0..st.sides.len())
                .map(|side| crate::engine::counters::DeploymentArea {
                    side,
                    text: st.zone_texts[side].clone(),
                    hexes: st.zones[side].iter().map(|h| s.hex_name(*h)).collect(),
                })
                .collect()
        } else {
            Vec::new()
        },
        cards,
    }
}

fn unit_named(s: &State, name: &str) -> Result<usize, RuleError> {
    s.setup()
        .units
        .iter()
        .position(|x| x.name == name)
        .ok_or_else(|| RuleError::not_now(format!("no unit is called '{name}'")))
}

/// The hexes a unit may move into now (Drill 4.1).
pub fn reach(s: &State, unit: &str) -> Result<Reach, RuleError> {
    let u = unit_named(s, unit)?;
    let hexes: Vec<ReachHex> = super::rules::legal(s)
        .into_iter()
        .filter_map(|c| match c {
            Command::Move { unit, to } if unit == u => Some(ReachHex {
                hex: s.hex_name(to),
                cost: "1".into(),
                left: "0".into(),
                path: vec![s.hex_name(to)],
                notes: Vec::new(),
                fires: Vec::new(),
                command: serde_json::to_value(Command::Move { unit, to })
                    .expect("commands serialize"),
            }),
            _ => None,
        })
        .collect();
    let refused = hexes.is_empty().then(|| {
        format!("{unit} may not move now: it moves one hex into its front when its side's card is in play (Drill 2.3, 4.1)")
    });
    Ok(Reach {
        unit: unit.into(),
        from: s.hex[u].map(|h| s.hex_name(h)),
        allowance: "1".into(),
        spent: "0".into(),
        hexes,
        refused,
    })
}

/// A shot as it would be resolved (Drill 5).
pub fn preview(s: &State, cs: &[Command]) -> Result<AttackPreview, RuleError> {
    let Some(Command::Fire { unit, target }) = cs.last() else {
        return Err(RuleError::not_now("Drill previews a shot only (Drill 5)"));
    };
    let t = s
        .at(*target)
        .ok_or_else(|| RuleError::not_now(format!("no unit at {}", s.hex_name(*target))))?;
    let (unit, st) = (*unit, s.setup());
    if unit >= st.units.len() || s.hex[unit].is_none() {
        return Err(RuleError::not_now(format!("unit {unit} is not on the map")));
    }
    let col = column(s, unit, t);
    let table = &tables().fire;
    let mut results: Vec<ResultChance> = Vec::new();
    for row in &table.rows {
        let code = table.result(col, row.roll).unwrap_or("-").to_string();
        match results.iter_mut().find(|r| r.result == code) {
            Some(r) => r.faces.push(row.roll),
            None => results.push(ResultChance {
                meaning: table
                    .results
                    .iter()
                    .find(|r| r.code == code)
                    .map(|r| r.name.clone())
                    .unwrap_or_default(),
                result: code,
                faces: vec![row.roll],
                chance: 0.0,
            }),
        }
    }
    for r in &mut results {
        r.chance = r.faces.len() as f64 / 6.0;
    }
    let mut modifiers = Vec::new();
    let th = s.hex[t].expect("targets are on the map");
    if s.is_bog(th) {
        modifiers.push(Modifier {
            name: "bog (defense x2)".into(),
            case: "Drill 5.1".into(),
            effect: "x2".into(),
        });
    }
    let from = s.hex[unit].expect("checked above");
    if s.facing[t].arc(&st.grid, th, from) != crate::engine::facing::Arc::Front {
        modifiers.push(Modifier {
            name: "outside the target's front".into(),
            case: "Drill 5.2".into(),
            effect: "1 column right".into(),
        });
    }
    let c = |u: usize| Contribution {
        unit: st.units[u].name.clone(),
        hex: s.hex[u].map(|h| s.hex_name(h)).unwrap_or_default(),
        base: String::new(),
        value: String::new(),
        modifiers: Vec::new(),
    };
    Ok(AttackPreview {
        kind: "fire".into(),
        target: s.hex_name(*target),
        attackers: vec![c(unit)],
        defenders: vec![c(t)],
        attack_total: st.units[unit].attack.to_string(),
        defense_total: st.units[t].defense.to_string(),
        modifiers,
        column: table.columns[col].to_string(),
        odds: table.columns[col].to_string(),
        dice: "1d6".into(),
        outcomes: 6,
        results,
        notes: Vec::new(),
    })
}

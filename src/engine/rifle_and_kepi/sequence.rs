//! RK Turn sequence: the game's start from a scenario, the one transition (`apply`), and the
//! turn's six steps: cards (i), dithering (ii), rallying and disbanded units' moves (iii),
//! activation in card order (iv), counter-battery fire, bombardment and combat (v) and
//! fortifying (vi).

use super::board::{self, average_die, fighting, in_combat, note, roll, standing};
use super::section::{C3, Formation, Kind, RkSection};
use super::state::{
    Active, Card, Command, Event, Options, Phase, Setup, State, Status, UnitDef, UnitState,
};
use super::tables::tables;
use crate::engine::deck::Deck;
use crate::engine::dice::Dice;
use crate::engine::facing::Facing;
use crate::engine::hash::stable_hash;
use crate::engine::{RuleError, SideInfo};
use crate::map::MapEdge;
use crate::scenario::Scenario;
use crate::scenario::events::EventTime;
use std::sync::Arc;

/// The facing away from a home edge, towards the far one.
pub fn away_from(edge: MapEdge) -> Facing {
    match edge {
        MapEdge::West => Facing::new(3),
        MapEdge::East => Facing::new(9),
        MapEdge::North => Facing::new(6),
        MapEdge::South => Facing::new(0),
    }
}

/// The state before the first command: every unit in its hex, at the start of game-turn 1.
pub fn start(sc: &Scenario, options: &Options) -> Result<State, RuleError> {
    let RkSection(sides) = sc.section.get::<RkSection>().ok_or_else(|| {
        RuleError::not_now("this scenario was not read by the Rifle and Kepi rules")
    })?;
    let grid = sc.map.grid;
    let t = tables();
    let mut defs = Vec::new();
    let mut states = Vec::new();
    let mut objectives = Vec::new();
    let mut held = Vec::new();
    for (i, side) in sides.iter().enumerate() {
        let zone: std::collections::BTreeSet<_> = sc
            .deployments
            .iter()
            .filter(|d| d.side == i)
            .flat_map(|d| d.hexes.iter().copied())
            .collect();
        for u in &side.units {
            let h = grid.parse(&u.hex).ok_or_else(|| {
                RuleError::rule(
                    "RK Scenario",
                    format!("{}: no hex '{}' on the map", u.id, u.hex),
                )
            })?;
            if u.arrives.is_none() && !zone.contains(&h) {
                return Err(RuleError::rule(
                    "RK Scenario",
                    format!(
                        "{} at {} is outside {}'s deployment zone",
                        u.id, u.hex, sc.sides[i].name
                    ),
                ));
            }
            let steps = match u.kind {
                Kind::Infantry => t.steps.infantry,
                Kind::Artillery => t.steps.artillery,
                Kind::Cavalry => t.steps.cavalry,
                Kind::Hq => 0,
            };
            defs.push(UnitDef {
                id: u.id.clone(),
                name: u.name.clone().unwrap_or_else(|| u.id.clone()),
                side: i,
                kind: u.kind,
                armament: u.armament,
                guns: u.guns,
                large: u.large,
                massed: u.massed,
                steps,
                arrives: u.arrives.map(|t| (t, h)),
            });
            states.push(UnitState {
                hex: if u.arrives.is_some() { None } else { Some(h) },
                second: None,
                status: Status::Fresh,
                steps,
                formation: if u.kind == Kind::Hq {
                    Formation::Column
                } else {
                    u.formation
                },
                facing: u.facing.unwrap_or_else(|| away_from(side.home_edge)),
                dm: 0,
                card: None,
                inverted: false,
                acted: false,
                stood: false,
                charged: false,
                bombarded: false,
                spotted: false,
                fired: false,
                fortified: false,
                engaged: false,
            });
        }
        for o in &side.objectives {
            let h = grid.parse(&o.hex).ok_or_else(|| {
                RuleError::rule("RK Scenario", format!("no objective hex '{}'", o.hex))
            })?;
            objectives.push((h, o.points));
            held.push(Some(i));
        }
    }
    let setup = Setup {
        map: sc.map.clone(),
        grid,
        sides: sc.sides.iter().map(SideInfo::from).collect(),
        c3: [sides[0].c3, sides[1].c3],
        home_edge: [sides[0].home_edge, sides[1].home_edge],
        units: defs,
        objectives,
        first: sc.moves_first,
        game_length: sc.file.game_length,
        options: options.clone(),
        scenario_hash: stable_hash(&(&sc.file, &sc.map.to_file(), options)),
        notes: crate::engine::setup_state::ScriptedNotes::of(&sc.file),
    };
    let s = State {
        setup: Some(Arc::new(setup)),
        turn: 1,
        phase: Phase::Cards,
        player: sc.moves_first,
        units: states,
        dither: [None, None],
        active: None,
        tie: None,
        held,
        groups: Vec::new(),
        outcome: None,
    };
    for u in 0..s.units.len() {
        let Some(h) = s.units[u].hex else { continue };
        if let Some(o) = board::crowded(&s, u, h) {
            return Err(RuleError::rule(
                "RK Movement",
                format!(
                    "{} and {} start in the same hex: a hex holds one division and one artillery regiment",
                    s.setup().units[u].id,
                    s.setup().units[o].id
                ),
            ));
        }
    }
    Ok(s)
}

pub fn apply(
    state: &State,
    command: &Command,
    dice: &mut dyn Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::not_now("the game is over"));
    }
    let mut s = state.clone();
    let mut ev = Vec::new();
    match command {
        Command::Deal => {
            if s.phase != Phase::Cards {
                return Err(RuleError::not_now(
                    "the cards are dealt at the start of a turn",
                ));
            }
            deal(&mut s, dice, &mut ev)?;
        }
        Command::GoFirst { side } => {
            let side = s.setup().side(side)?;
            let Some((v, false)) = top(&s).map(|(v, sides)| (v, sides.len() == 1)) else {
                return Err(RuleError::not_now("no equal card values to order now"));
            };
            if s.tie.is_some_and(|(tv, _)| tv == v) || s.active.is_some() {
                return Err(RuleError::not_now("the order at this card value is chosen"));
            }
            s.tie = Some((v, side));
            note(
                &mut ev,
                format!(
                    "{} (superior C3) has {} act first at card value {v}",
                    s.setup().sides[s.setup().superior()].name,
                    s.setup().sides[side].name
                ),
            );
            advance(&mut s, dice, &mut ev)?;
        }
        Command::Stand { unit } => {
            let u = s.setup().unit(unit)?;
            may_act(&s, u)?;
            let hq = s.active.as_ref().and_then(|a| a.hq);
            s.units[u].stood = true;
            note(&mut ev, format!("{} stands", s.setup().units[u].id));
            finish(&mut s, u, hq, dice, &mut ev)?;
        }
        Command::Recce { unit, target } => {
            let u = s.setup().unit(unit)?;
            may_act(&s, u)?;
            not_inverted(&s, u, "scout")?;
            let h = s.setup().parse(target)?;
            let hq = s.active.as_ref().and_then(|a| a.hq);
            super::fire::recce(&mut s, u, h, dice, &mut ev)?;
            finish(&mut s, u, hq, dice, &mut ev)?;
        }
        Command::DigIn { unit } => {
            let u = s.setup().unit(unit)?;
            may_act(&s, u)?;
            not_inverted(&s, u, "dig in")?;
            super::movement::dig_in(&mut s, u, &mut ev)?;
            let hq = s.active.as_ref().and_then(|a| a.hq);
            finish(&mut s, u, hq, dice, &mut ev)?;
        }
        Command::Move { unit } => {
            let u = s.setup().unit(unit)?;
            may_act(&s, u)?;
            not_inverted(&s, u, "move")?;
            super::movement::start_move(&mut s, u, dice, &mut ev)?;
        }
        Command::Step { unit, to } => {
            let u = moving(&s, unit)?;
            let to = s.setup().parse(to)?;
            super::movement::step(&mut s, u, to, &mut ev)?;
            end_if_spent(&mut s, dice, &mut ev)?;
        }
        Command::Face { unit, facing } => {
            let u = moving(&s, unit)?;
            super::movement::face(&mut s, u, *facing, &mut ev)?;
        }
        Command::Formation { unit, second } => {
            let u = moving(&s, unit)?;
            let second = second.as_deref().map(|h| s.setup().parse(h)).transpose()?;
            let ends = super::movement::formation(&mut s, u, second, &mut ev)?;
            if ends {
                let hq = s.active.as_ref().and_then(|a| a.hq);
                finish(&mut s, u, hq, dice, &mut ev)?;
            }
        }
        Command::EndMove { unit } => {
            let u = moving(&s, unit)?;
            let hq = s.active.as_ref().and_then(|a| a.hq);
            finish(&mut s, u, hq, dice, &mut ev)?;
        }
        Command::HqMove { hq, to } => {
            let h = s.setup().unit(hq)?;
            may_act(&s, h)?;
            not_inverted(&s, h, "move")?;
            let to = s.setup().parse(to)?;
            super::movement::hq_move(&mut s, h, to, &mut ev)?;
            finish(&mut s, h, None, dice, &mut ev)?;
        }
        Command::HqActivate {
            hq,
            unit,
            accompany,
        } => {
            let h = s.setup().unit(hq)?;
            may_act(&s, h)?;
            not_inverted(&s, h, "activate a unit")?;
            let u = s.setup().unit(unit)?;
            activate(&mut s, h, u, *accompany, &mut ev)?;
        }
        Command::Fire { unit, target } => {
            let u = s.setup().unit(unit)?;
            let h = s.setup().parse(target)?;
            super::fire::fire(&mut s, u, h, dice, &mut ev)?;
            skip_empty(&mut s, dice, &mut ev)?;
        }
        Command::Fortify { unit } => {
            let u = s.setup().unit(unit)?;
            fortify(&mut s, u, &mut ev)?;
        }
        Command::End => {
            if !matches!(
                s.phase,
                Phase::CounterBattery | Phase::Bombardment | Phase::Fortify
            ) {
                return Err(RuleError::not_now(format!(
                    "nothing to end in the {} phase",
                    s.phase.name()
                )));
            }
            end_side(&mut s, dice, &mut ev)?;
            skip_empty(&mut s, dice, &mut ev)?;
        }
    }
    Ok((s, ev))
}

/// RK Turn sequence i-iii, then the first activation.
pub fn deal(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let t = tables();
    for us in s.units.iter_mut() {
        us.card = None;
        us.inverted = false;
        us.acted = false;
        us.stood = false;
        us.charged = false;
        us.bombarded = false;
        us.spotted = false;
        us.fired = false;
        us.fortified = false;
    }
    s.tie = None;
    s.dither = [None, None];
    // Kepi's scenario format: the game-turn's scripted notes, before anything else of it.
    s.setup_arc().notes.tell(s.turn, EventTime::Start, ev);
    arrivals(s, ev);
    // RK Turn sequence i: "place card by each unit not disbanded or in combat, or HQ".
    let new_deck = || {
        let cards = (1..=t.deck.values)
            .flat_map(|value| (0..t.deck.suits).map(move |suit| Card { value, suit }))
            .collect();
        Deck::new(cards).expect("a deck of 52 cards")
    };
    let mut deck = new_deck();
    for u in 0..s.units.len() {
        let hq = s.setup().units[u].kind == Kind::Hq;
        if !standing(s, u) || (!hq && in_combat(s, u)) {
            continue;
        }
        if deck.is_empty() {
            deck = new_deck();
        }
        let id = s.setup().units[u].id.clone();
        let drawn = deck
            .draw(
                dice,
                &format!("card for {id} (RK Turn sequence i)"),
                serde_json::json!({"unit": id}),
            )
            .map_err(|e| match e {
                crate::engine::deck::DeckError::Dice(d) => RuleError::Dice(d),
                other => RuleError::not_now(other.to_string()),
            })?;
        if let Some(r) = drawn.roll {
            ev.push(Event::Rolled { roll: r });
        }
        s.units[u].card = Some(drawn.card);
    }
    // RK Turn sequence ii: "roll Av Dice. (-1 good C3, +1 bad C3), invert cards less than
    // score".
    for side in 0..2 {
        if !(0..s.units.len()).any(|u| s.setup().units[u].side == side && s.units[u].card.is_some())
        {
            continue;
        }
        let c3 = s.setup().c3[side];
        let m = match c3 {
            C3::Good => t.dithering.good,
            C3::Average => t.dithering.average,
            C3::Bad => t.dithering.bad,
        };
        let name = s.setup().sides[side].name.clone();
        let a = average_die(
            dice,
            ev,
            &format!("dithering, {name} (RK Turn sequence ii)"),
            serde_json::json!({"side": name, "c3": c3, "modifier": m}),
        )?;
        let score = a + m;
        s.dither[side] = Some(score);
        let mut inverted = Vec::new();
        for u in 0..s.units.len() {
            if s.setup().units[u].side == side
                && let Some(c) = s.units[u].card
                && (c.value as i8) < score
            {
                s.units[u].inverted = true;
                inverted.push(format!("{} ({})", s.setup().units[u].id, c.name()));
            }
        }
        note(
            ev,
            format!(
                "{name} dithers at {score}: {}",
                if inverted.is_empty() {
                    "no card inverted".to_string()
                } else {
                    format!("inverted {}", inverted.join(", "))
                }
            ),
        );
    }
    // RK Turn sequence iii, RK Rallying: "shaken D6 >= 3. -1 if in woods and per loss
    // suffered."
    for u in 0..s.units.len() {
        if s.units[u].status != Status::Shaken || s.units[u].hex.is_none() {
            continue;
        }
        rally(s, u, dice, ev)?;
    }
    // RK Turn sequence iii: "Move disbanded units."
    for u in 0..s.units.len() {
        if s.units[u].status == Status::Disbanded {
            super::movement::rout(s, u, ev);
        }
    }
    super::victory::update_held(s);
    if super::victory::sudden_death(s, ev) {
        return Ok(());
    }
    s.phase = Phase::Activation;
    advance(s, dice, ev)
}

/// Reinforcements (Kepi's reading; the text has none): before the cards, each unit due by
/// this game-turn and still off the map enters at its hex, or, that hex taken (an enemy unit
/// in it, disbanded ones included, or a standing one next to it, or no room for it), at the
/// nearest free hex within two of it (the
/// first in the map's order of equals); with none free it waits for the next game-turn. It
/// enters in the formation and facing the scenario gives it.
pub fn arrivals(s: &mut State, ev: &mut Vec<Event>) {
    let setup = s.setup_arc();
    for u in 0..s.units.len() {
        let Some((turn, entry)) = setup.units[u].arrives else {
            continue;
        };
        if turn > s.turn || s.units[u].hex.is_some() || s.units[u].status != Status::Fresh {
            continue;
        }
        let side = setup.units[u].side;
        let mut near: Vec<_> = setup
            .grid
            .hexes()
            .filter(|&h| setup.grid.distance(entry, h) <= 2)
            .collect();
        near.sort_by_key(|&h| setup.grid.distance(entry, h));
        let free = near.into_iter().find(|&h| {
            // Rules 2: a disbanded enemy unit's hex is taken too (rules 1 let a unit arrive
            // in it, both sides then in one hex).
            !board::enemy_adjacent(s, side, h)
                && board::enemy_in(s, side, h).is_empty()
                && board::routed_enemy_in(s, side, h).is_empty()
                && board::crowded(s, u, h).is_none()
        });
        match free {
            Some(h) => {
                s.units[u].hex = Some(h);
                note(
                    ev,
                    format!(
                        "{} arrives at {} (reinforcement, game-turn {turn})",
                        setup.units[u].id,
                        setup.name(h)
                    ),
                );
            }
            None => note(
                ev,
                format!(
                    "{} cannot enter at {}: no free hex near it; it waits",
                    setup.units[u].id,
                    setup.name(entry)
                ),
            ),
        }
    }
}

/// RK Rallying: one shaken unit's attempt.
pub fn rally(
    s: &mut State,
    u: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let r = &tables().rally;
    let h = s.units[u].hex.expect("on the map");
    let woods = if s.setup().terrain(h) == "woods" {
        r.woods
    } else {
        0
    };
    let lost = (s.setup().units[u].steps - s.units[u].steps) as i8;
    let id = s.setup().units[u].id.clone();
    let f = roll(
        dice,
        ev,
        &format!("rally {id} (RK Rallying)"),
        r.die,
        serde_json::json!({"unit": id, "woods": woods, "losses": lost}),
    )?;
    let score = f as i8 + woods + r.per_loss * lost;
    if score >= r.at_least {
        s.units[u].status = Status::Fresh;
        note(ev, format!("{id} rallies ({score})"));
    } else {
        note(ev, format!("{id} stays shaken ({score})"));
    }
    Ok(())
}

/// The highest card value still to act, and the sides holding it (units not acted, standing,
/// not in combat; inverted cards included).
pub fn top(s: &State) -> Option<(u8, Vec<usize>)> {
    if s.phase != Phase::Activation {
        return None;
    }
    top_of(s, &pending(s))
}

/// [`top`] over the cards still to play, already listed.
fn top_of(s: &State, pending: &[usize]) -> Option<(u8, Vec<usize>)> {
    let v = pending
        .iter()
        .filter(|&&u| !s.units[u].inverted)
        .filter_map(|&u| s.units[u].card.map(|c| c.value))
        .max()?;
    let mut sides: Vec<usize> = pending
        .iter()
        .filter(|&&u| !s.units[u].inverted && s.units[u].card.map(|c| c.value) == Some(v))
        .map(|&u| s.setup().units[u].side)
        .collect();
    sides.sort();
    sides.dedup();
    Some((v, sides))
}

/// Units and HQs with a card still to play.
pub fn pending(s: &State) -> Vec<usize> {
    let combat = board::in_combat_all(s);
    (0..s.units.len())
        .filter(|&u| {
            let us = &s.units[u];
            us.card.is_some()
                && !us.acted
                && standing(s, u)
                && (s.setup().units[u].kind == Kind::Hq || !combat[u])
        })
        .collect()
}

/// The units and HQs that may act now: the active one, or the acting side's cards at the
/// highest value still to play.
pub fn actors(s: &State) -> Vec<usize> {
    if s.phase != Phase::Activation {
        return Vec::new();
    }
    if let Some(a) = &s.active {
        return vec![a.unit];
    }
    let pending = pending(s);
    let Some((v, sides)) = top_of(s, &pending) else {
        return Vec::new();
    };
    let side = match (sides.as_slice(), s.tie) {
        ([one], _) => *one,
        (_, Some((tv, first))) if tv == v => first,
        _ => return Vec::new(),
    };
    pending
        .into_iter()
        .filter(|&u| {
            !s.units[u].inverted
                && s.units[u].card.map(|c| c.value) == Some(v)
                && s.setup().units[u].side == side
        })
        .collect()
}

/// RK Turn sequence iv: whether `u` may choose its action now.
fn may_act(s: &State, u: usize) -> Result<(), RuleError> {
    if s.phase != Phase::Activation {
        return Err(RuleError::not_now(format!(
            "units act in the activation phase, not the {} phase",
            s.phase.name()
        )));
    }
    if let Some(a) = &s.active {
        if a.unit != u || a.mp.is_some() {
            return Err(RuleError::not_now(format!(
                "{} is acting now",
                s.setup().units[a.unit].id
            )));
        }
        return Ok(());
    }
    if actors(s).contains(&u) {
        return Ok(());
    }
    let us = &s.units[u];
    let id = &s.setup().units[u].id;
    Err(match (us.card, top(s)) {
        (None, _) if in_combat(s, u) => RuleError::rule(
            "RK Formations",
            format!("{id} is in combat: out of control until it wins or loses"),
        ),
        (None, _) => RuleError::rule("RK Turn sequence i", format!("{id} has no card this turn")),
        (Some(_), _) if us.acted => RuleError::not_now(format!("{id} has acted this turn")),
        (Some(c), Some((v, _))) => RuleError::rule(
            "RK Turn sequence iv",
            format!(
                "{id}'s card is {}; the cards of value {v} act now",
                c.name()
            ),
        ),
        _ => RuleError::not_now(format!("{id} cannot act now")),
    })
}

/// RK Turn sequence ii: an inverted card "prevents movement/recce/dig in/formation change"
/// (an HQ's activation overrides it, by the optional reading).
fn not_inverted(s: &State, u: usize, what: &str) -> Result<(), RuleError> {
    let by_hq = s
        .active
        .as_ref()
        .is_some_and(|a| a.unit == u && a.hq.is_some());
    if s.units[u].inverted && !(by_hq && s.setup().options.hq_overrides_dithering) {
        return Err(RuleError::rule(
            "RK Turn sequence ii",
            format!(
                "{}'s card is inverted (dithering): it cannot {what}",
                s.setup().units[u].id
            ),
        ));
    }
    Ok(())
}

fn moving(s: &State, unit: &str) -> Result<usize, RuleError> {
    let u = s.setup().unit(unit)?;
    match &s.active {
        Some(Active {
            unit: a,
            mp: Some(_),
            ..
        }) if *a == u => Ok(u),
        _ => Err(RuleError::not_now(format!(
            "{unit} is not moving now (give it a move first)"
        ))),
    }
}

/// RK Turn sequence iv: "HQ may activate same/adjacent hex".
fn activate(
    s: &mut State,
    hq: usize,
    u: usize,
    accompany: bool,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup();
    if setup.units[hq].kind != Kind::Hq {
        return Err(RuleError::rule(
            "RK Turn sequence iv",
            format!("{} is not an HQ", setup.units[hq].id),
        ));
    }
    let (hid, uid) = (setup.units[hq].id.clone(), setup.units[u].id.clone());
    if setup.units[u].side != setup.units[hq].side || setup.units[u].kind == Kind::Hq {
        return Err(RuleError::rule(
            "RK Turn sequence iv",
            format!("{hid} activates only its own side's units"),
        ));
    }
    let hh = s.units[hq].hex.expect("an HQ acting is on the map");
    let near = board::hexes(s, u)
        .iter()
        .any(|&x| x == hh || setup.grid.adjacent(x, hh));
    if !near {
        return Err(RuleError::rule(
            "RK Turn sequence iv",
            format!("{uid} is not in {hid}'s hex or an adjacent one"),
        ));
    }
    let us = &s.units[u];
    if us.card.is_none() || us.acted || !fighting(s, u) || in_combat(s, u) {
        return Err(RuleError::rule(
            "RK Turn sequence iv",
            format!("{uid} has no card left to play this turn (acted, in combat or disbanded)"),
        ));
    }
    s.units[hq].acted = true;
    s.active = Some(Active {
        unit: u,
        hq: Some((hq, accompany)),
        mp: None,
        stepped: false,
    });
    note(
        ev,
        format!(
            "{hid} activates {uid}{}",
            if accompany { " and goes with it" } else { "" }
        ),
    );
    Ok(())
}

/// The unit's action is over: its card is played (an accompanying HQ joins it), and the next
/// card comes up.
fn finish(
    s: &mut State,
    u: usize,
    hq: Option<(usize, bool)>,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    s.units[u].acted = true;
    if let Some((h, true)) = hq
        && let Some(at) = s.units[u].hex
    {
        s.units[h].hex = Some(at);
        note(
            ev,
            format!(
                "{} goes with {} to {}",
                s.setup().units[h].id,
                s.setup().units[u].id,
                s.setup().name(at)
            ),
        );
    }
    s.active = None;
    super::victory::update_held(s);
    advance(s, dice, ev)
}

fn end_if_spent(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    if let Some(a) = s.active.clone()
        && a.mp == Some(0)
        && super::movement::no_further_choice(s, a.unit)
    {
        finish(s, a.unit, a.hq, dice, ev)?;
    }
    Ok(())
}

/// Plays inverted cards as they come up (the unit stands), and moves on to the artillery
/// phases when no card is left; stops where a player must choose.
pub fn advance(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    if s.phase != Phase::Activation || s.active.is_some() {
        return Ok(());
    }
    loop {
        let pending = pending(s);
        let Some(v) = pending
            .iter()
            .filter_map(|&u| s.units[u].card.map(|c| c.value))
            .max()
        else {
            s.phase = Phase::CounterBattery;
            s.player = s.setup().first;
            return skip_empty(s, dice, ev);
        };
        // Inverted cards at the value stand (RK Turn sequence ii).
        let mut stood = false;
        for &u in &pending {
            if s.units[u].inverted && s.units[u].card.map(|c| c.value) == Some(v) {
                s.units[u].acted = true;
                s.units[u].stood = true;
                stood = true;
                note(
                    ev,
                    format!("{}'s card is inverted: it stands", s.setup().units[u].id),
                );
            }
        }
        if stood {
            continue;
        }
        let (_, sides) = top_of(s, &pending).expect("a card is pending");
        s.player = match (sides.as_slice(), s.tie) {
            ([one], _) => *one,
            (_, Some((tv, first))) if tv == v => first,
            _ => s.setup().superior(),
        };
        return Ok(());
    }
}

/// Whether the side to act has anything to do in an artillery or fortify phase; a side with
/// nothing passes at once.
pub fn skip_empty(
    s: &mut State,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for _ in 0..8 {
        let busy = match s.phase {
            Phase::CounterBattery | Phase::Bombardment => !super::fire::fires(s).is_empty(),
            Phase::Fortify => !fortifiable(s).is_empty(),
            _ => return Ok(()),
        };
        if busy {
            return Ok(());
        }
        end_side(s, dice, ev)?;
    }
    Ok(())
}

/// The side to act is done with its artillery or fortify phase.
fn end_side(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let first = s.setup().first;
    if s.player == first {
        s.player = 1 - first;
        return Ok(());
    }
    s.player = first;
    match s.phase {
        Phase::CounterBattery => s.phase = Phase::Bombardment,
        Phase::Bombardment => {
            // RK Turn sequence v: "combat" after the artillery.
            super::combat::resolve(s, dice, ev)?;
            super::victory::update_held(s);
            if super::victory::sudden_death(s, ev) {
                return Ok(());
            }
            s.phase = Phase::Fortify;
        }
        Phase::Fortify => end_turn(s, ev),
        _ => {}
    }
    Ok(())
}

/// RK Turn sequence vi: "Place fortify markers for deployed units not in combat if desired."
pub fn fortifiable(s: &State) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&u| fortify_check(s, u).is_ok())
        .collect()
}

fn fortify_check(s: &State, u: usize) -> Result<(), RuleError> {
    let d = &s.setup().units[u];
    let id = &d.id;
    if s.phase != Phase::Fortify {
        return Err(RuleError::not_now(
            "fortify markers are placed in the fortify phase",
        ));
    }
    if d.side != s.player {
        return Err(RuleError::not_now(format!("{id} is not yours")));
    }
    if !fighting(s, u) {
        return Err(RuleError::not_now(format!(
            "{id} is not a unit on the field"
        )));
    }
    if d.kind == Kind::Cavalry {
        return Err(RuleError::rule(
            "RK Digging in",
            "cavalry does not dig in ('Not cav')",
        ));
    }
    if s.units[u].formation != Formation::Deployed {
        return Err(RuleError::rule(
            "RK Turn sequence vi",
            format!("{id} is not deployed"),
        ));
    }
    if in_combat(s, u) {
        return Err(RuleError::rule(
            "RK Turn sequence vi",
            format!("{id} is in combat"),
        ));
    }
    if s.units[u].fortified {
        return Err(RuleError::not_now(format!("{id} has fortified this turn")));
    }
    Ok(())
}

fn fortify(s: &mut State, u: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    fortify_check(s, u)?;
    s.units[u].fortified = true;
    s.units[u].dm += 1;
    note(
        ev,
        format!("{} fortifies ({} DM)", s.setup().units[u].id, s.units[u].dm),
    );
    Ok(())
}

fn end_turn(s: &mut State, ev: &mut Vec<Event>) {
    // Kepi's scenario format: the game-turn's scripted notes, before it is scored.
    s.setup_arc().notes.tell(s.turn, EventTime::End, ev);
    super::victory::update_held(s);
    if s.turn >= s.setup().game_length {
        super::victory::final_result(s, ev);
        return;
    }
    s.turn += 1;
    s.phase = Phase::Cards;
    s.player = s.setup().first;
    s.active = None;
    s.tie = None;
}

/// The decision the engine waits for, in words.
pub fn waiting(s: &State) -> Option<String> {
    match s.phase {
        Phase::Activation => {
            if let Some(a) = &s.active {
                let id = &s.setup().units[a.unit].id;
                return Some(match a.mp {
                    Some(mp) => format!("{id} moving, {mp} points left"),
                    None => format!("{id}'s action (activated by its HQ)"),
                });
            }
            let (v, sides) = top(s)?;
            if sides.len() > 1 && s.tie.is_none_or(|(tv, _)| tv != v) {
                return Some(format!(
                    "which side acts first at card value {v} ({} chooses)",
                    s.setup().sides[s.setup().superior()].name
                ));
            }
            Some(format!("an action for a card of value {v}"))
        }
        _ => None,
    }
}

//! 19C Sequence of Play: the game's start from a scenario, the one transition (`apply`), and
//! the turn's three phases (movement, shooting, melee), each opened by its own initiative
//! roll: "Both players roll a D6 and the highest scoring player [acts] first followed by the
//! other player (re-roll any ties)".
//!
//! Kepi's reading: a melee phase with no melee locked has nothing to fight and is passed over
//! without its roll (docs/rules/nineteenth-century.md, "Sequence of Play").

use super::board::{self, crowded, fighting, note};
use super::section::{Formation, Kind, NcSection};
use super::state::{Command, Event, Options, Phase, Setup, State, UnitDef, UnitState};
use super::tables::{self, tables};
use crate::engine::dice::Dice;
use crate::engine::facing::Facing;
use crate::engine::hash::stable_hash;
use crate::engine::{RuleError, SideInfo};
use crate::scenario::Scenario;
use crate::scenario::events::EventTime;
use std::sync::Arc;

/// The state before the first command: every unit in its hex, game-turn 1, the movement
/// phase's initiative to roll.
pub fn start(sc: &Scenario, options: &Options) -> Result<State, RuleError> {
    let NcSection(sides) = sc.section.get::<NcSection>().ok_or_else(|| {
        RuleError::not_now("this scenario was not read by the 19th Century rules")
    })?;
    let grid = sc.map.grid;
    let scale = sc.map.scale;
    let t = tables();
    let conv = |inches: u32| {
        tables::hexes(scale, inches).map_err(|m| {
            RuleError::rule(
                "19C Movement allowances",
                format!("the rules measure in inches: {m}"),
            )
        })
    };
    let mut defs = Vec::new();
    let mut states = Vec::new();
    let mut objectives = Vec::new();
    let mut held = Vec::new();
    let centre = grid.center(crate::map::HexCoord::new(
        grid.columns.div_ceil(2).max(1),
        grid.rows.div_ceil(2).max(1),
    ));
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
                    "19C Scenario",
                    format!("{}: no hex '{}' on the map", u.id, u.hex),
                )
            })?;
            if !zone.contains(&h) {
                return Err(RuleError::rule(
                    "19C Scenario",
                    format!(
                        "{} at {} is outside {}'s deployment zone",
                        u.id, u.hex, sc.sides[i].name
                    ),
                ));
            }
            let ty = t.unit(u.kind);
            let bands = match &ty.shooting {
                Some(sh) => tables::hex_bands(scale, &sh.bands)
                    .map_err(|m| RuleError::rule("19C Shooting", m))?,
                None => Vec::new(),
            };
            defs.push(UnitDef {
                id: u.id.clone(),
                name: u.name.clone().unwrap_or_else(|| u.id.clone()),
                side: i,
                kind: u.kind,
                move_hexes: conv(ty.move_inches)?,
                shoot_dice: ty.shooting.as_ref().map(|s| s.dice),
                bands,
                melee_dice: ty.melee_dice,
                eliminated_at: ty.eliminated_at,
                passes_through: ty.passes_through,
            });
            let facing = match u.facing {
                Some(f) if !f.is_hexside(&grid) => {
                    return Err(RuleError::rule(
                        "19C Turning",
                        format!(
                            "{} faces {f}, a vertex: a unit faces a hexside ({})",
                            u.id,
                            Facing::all()
                                .filter(|f| f.is_hexside(&grid))
                                .map(|f| f.name())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
                Some(f) => f,
                None => toward_centre(&grid, h, centre),
            };
            states.push(UnitState {
                hex: Some(h),
                formation: if u.kind == Kind::Commander {
                    Formation::March
                } else {
                    u.formation
                },
                facing,
                hits: 0,
                eliminated: false,
                acted: false,
                reformed: false,
                shot: false,
                shot_last_turn: false,
                rallied: false,
            });
        }
        for o in &side.objectives {
            let h = grid.parse(&o.hex).ok_or_else(|| {
                RuleError::rule("19C Scenario", format!("no objective hex '{}'", o.hex))
            })?;
            objectives.push((h, o.points));
            held.push(Some(i));
        }
    }
    let setup = Setup {
        map: sc.map.clone(),
        grid,
        sides: sc.sides.iter().map(SideInfo::from).collect(),
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
        phase: Phase::Movement,
        order: None,
        step: 0,
        units: states,
        melees: Vec::new(),
        held,
        outcome: None,
    };
    for u in 0..s.units.len() {
        let h = s.units[u].hex.expect("placed");
        if let Some(o) = crowded(&s, u, h) {
            return Err(RuleError::rule(
                "19C Units",
                format!(
                    "{} and {} start in the same hex: a hex holds one unit (and a commander)",
                    s.setup().units[u].id,
                    s.setup().units[o].id
                ),
            ));
        }
        if let Some(&e) = board::enemy_in(&s, s.setup().units[u].side, h).first() {
            return Err(RuleError::rule(
                "19C Units",
                format!(
                    "{} and the enemy {} start in the same hex",
                    s.setup().units[u].id,
                    s.setup().units[e].id
                ),
            ));
        }
        // From a hex to itself: only the hex's terrain is read.
        if let Err(m) = super::movement::step_cost(&s, u, h, h) {
            return Err(RuleError::rule("19C Terrain", m));
        }
    }
    Ok(s)
}

/// The hexside facing nearest the bearing from `h` to the map's centre.
fn toward_centre(grid: &crate::map::Grid, h: crate::map::HexCoord, centre: (f64, f64)) -> Facing {
    let (x0, y0) = grid.center(h);
    let b = (centre.0 - x0)
        .atan2(y0 - centre.1)
        .to_degrees()
        .rem_euclid(360.0);
    Facing::all()
        .filter(|f| f.is_hexside(grid))
        .min_by_key(|f| {
            let d = (b - f64::from(f.degrees())).rem_euclid(360.0);
            (d.min(360.0 - d) * 1000.0) as i64
        })
        .expect("six hexside facings")
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
    let setup = s.setup_arc();
    let unit = |id: &str| -> Result<usize, RuleError> {
        let u = setup.unit(id)?;
        Ok(u)
    };
    if !matches!(command, Command::Initiative) && s.order.is_none() {
        return Err(RuleError::rule(
            "19C Sequence of Play",
            format!(
                "the {} phase opens with its initiative roll: both players roll a D6",
                s.phase.name().to_lowercase()
            ),
        ));
    }
    let own = |s: &State, u: usize| -> Result<(), RuleError> {
        if setup.units[u].side != s.player() {
            return Err(RuleError::not_now(format!(
                "{} is not {}'s: {} acts now",
                setup.units[u].id,
                setup.sides[s.player()].name,
                setup.sides[s.player()].name
            )));
        }
        if !board::standing(s, u) {
            return Err(RuleError::not_now(format!(
                "{} is eliminated",
                setup.units[u].id
            )));
        }
        Ok(())
    };
    let phase_is = |s: &State, p: Phase, what: &str| -> Result<(), RuleError> {
        if s.phase != p {
            return Err(RuleError::rule(
                "19C Sequence of Play",
                format!("{what} in the {} phase", p.name().to_lowercase()),
            ));
        }
        Ok(())
    };
    match command {
        Command::Initiative => {
            if s.order.is_some() {
                return Err(RuleError::rule(
                    "19C Sequence of Play",
                    "this phase's initiative is rolled",
                ));
            }
            initiative(&mut s, dice, &mut ev)?;
        }
        Command::Move {
            unit: id,
            to,
            facing,
        } => {
            phase_is(&s, Phase::Movement, "units move")?;
            let u = unit(id)?;
            own(&s, u)?;
            let to = setup.parse(to)?;
            hexside(&s, *facing)?;
            let reach = super::movement::reach(&s, u)?;
            let Some(path) = reach.get(&to) else {
                return Err(RuleError::rule("19C Movement", why_not(&s, u, to)));
            };
            let path = path.clone();
            s.units[u].hex = Some(to);
            s.units[u].facing = *facing;
            s.units[u].acted = true;
            note(
                &mut ev,
                format!(
                    "{id} moves {} to {}, facing {facing} ({} of {} hexes{})",
                    setup.name(state.units[u].hex.expect("standing")),
                    path.hexes
                        .iter()
                        .map(|h| setup.name(*h))
                        .collect::<Vec<_>>()
                        .join("-"),
                    path.cost,
                    super::movement::allowance(state, u),
                    if path.road {
                        format!(", +{} all on road", tables().movement.road_bonus_hexes)
                    } else {
                        String::new()
                    }
                ),
            );
            super::melee::contact(&mut s, u, &mut ev);
        }
        Command::Pivot { unit: id, facing } => {
            phase_is(&s, Phase::Movement, "units pivot")?;
            let u = unit(id)?;
            own(&s, u)?;
            hexside(&s, *facing)?;
            if s.units[u].acted {
                return Err(RuleError::rule(
                    "19C Turning",
                    format!("{id} has moved this phase"),
                ));
            }
            if board::melee_of(&s, u).is_some() {
                return Err(RuleError::rule(
                    "19C Melee",
                    format!("{id} is locked in melee"),
                ));
            }
            if *facing == s.units[u].facing {
                return Err(RuleError::rule(
                    "19C Turning",
                    format!("{id} faces {facing} already"),
                ));
            }
            s.units[u].facing = *facing;
            s.units[u].acted = true;
            note(
                &mut ev,
                format!("{id} pivots on its central point to face {facing} (19C Turning)"),
            );
            super::melee::contact(&mut s, u, &mut ev);
        }
        Command::Reform { unit: id } => {
            phase_is(&s, Phase::Movement, "units reform")?;
            let u = unit(id)?;
            own(&s, u)?;
            if s.units[u].formation != Formation::Battle || s.units[u].acted {
                return Err(RuleError::rule(
                    "19C Movement Adjustments",
                    format!("{id} is not in battle formation, or has moved this phase"),
                ));
            }
            if board::melee_of(&s, u).is_some() {
                return Err(RuleError::rule(
                    "19C Melee",
                    format!("{id} is locked in melee"),
                ));
            }
            s.units[u].formation = Formation::March;
            s.units[u].reformed = true;
            note(
                &mut ev,
                format!(
                    "{id} reforms from battle into march formation: its move is halved to {} \
                     hexes (19C Movement Adjustments)",
                    super::movement::allowance(&s, u)
                ),
            );
        }
        Command::Rally {
            commander,
            unit: id,
        } => {
            phase_is(&s, Phase::Movement, "a commander joins a unit")?;
            let c = unit(commander)?;
            let u = unit(id)?;
            own(&s, c)?;
            own(&s, u)?;
            rally(&mut s, c, u, &mut ev)?;
        }
        Command::Deploy { unit: id } => {
            phase_is(&s, Phase::Shooting, "units deploy into battle formation")?;
            let u = unit(id)?;
            own(&s, u)?;
            if setup.units[u].kind == Kind::Commander
                || s.units[u].formation == Formation::Battle
                || board::melee_of(&s, u).is_some()
            {
                return Err(RuleError::rule(
                    "19C Movement",
                    format!(
                        "{id} cannot deploy: it is a commander, in battle formation already, \
                         or locked in melee"
                    ),
                ));
            }
            s.units[u].formation = Formation::Battle;
            note(
                &mut ev,
                format!("{id} deploys into battle formation (19C Movement note)"),
            );
        }
        Command::Shoot { unit: id, target } => {
            phase_is(&s, Phase::Shooting, "units shoot")?;
            let u = unit(id)?;
            own(&s, u)?;
            let t = unit(target)?;
            super::fire::shoot(&mut s, u, t, dice, &mut ev)?;
            super::victory::update_held(&mut s);
            if super::victory::sudden_death(&mut s, &mut ev) {
                return Ok((s, ev));
            }
        }
        Command::Strike { unit: id } => {
            phase_is(&s, Phase::Melee, "units strike")?;
            let u = unit(id)?;
            own(&s, u)?;
            super::melee::strike(&mut s, u, dice, &mut ev)?;
            super::victory::update_held(&mut s);
            if super::victory::sudden_death(&mut s, &mut ev) {
                return Ok((s, ev));
            }
        }
        Command::End => {
            if s.phase == Phase::Melee {
                let left = super::melee::to_strike(&s, s.player());
                if let Some(&u) = left.first() {
                    return Err(RuleError::rule(
                        "19C Melee",
                        format!(
                            "{} is locked in melee and must strike first",
                            setup.units[u].id
                        ),
                    ));
                }
            }
            end(&mut s, dice, &mut ev)?;
        }
    }
    Ok((s, ev))
}

fn hexside(s: &State, f: Facing) -> Result<(), RuleError> {
    if !f.is_hexside(&s.setup().grid) {
        return Err(RuleError::rule(
            "19C Turning",
            format!(
                "{f} points at a vertex: a unit faces a hexside ({})",
                super::movement::hexside_facings(s)
                    .iter()
                    .map(|f| f.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(())
}

/// Why `u` may not end its move in `to`, in words.
fn why_not(s: &State, u: usize, to: crate::map::HexCoord) -> String {
    let setup = s.setup();
    if let Some(o) = crowded(s, u, to) {
        return format!(
            "{} stands in {}: one unit a hex (19C Units)",
            setup.units[o].id,
            setup.name(to)
        );
    }
    if let Some(&e) = board::enemy_in(s, setup.units[u].side, to).first() {
        return format!("{} holds {}", setup.units[e].id, setup.name(to));
    }
    format!(
        "{} cannot reach {} this move: {} hexes, halved through terrain, walls, fords and \
         climbs, +{} all on road, straight ahead or along a road",
        setup.units[u].id,
        setup.name(to),
        super::movement::allowance(s, u),
        tables().movement.road_bonus_hexes
    )
}

/// 19C Commanders: "Only once during a game a commander can move to join an infantry unit.
/// Remove 6 hits from the infantry unit." Kepi's reading: the commander moves to the unit's
/// hex by its move (as [`super::movement::reach`] allows, ignoring the one-unit-a-hex rule
/// there) and stays with it.
fn rally(s: &mut State, c: usize, u: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let t = tables();
    let (cd, ud) = (&setup.units[c], &setup.units[u]);
    if cd.kind != Kind::Commander {
        return Err(RuleError::rule(
            "19C Commanders",
            format!("{} is no commander", cd.id),
        ));
    }
    if s.units[c].rallied {
        return Err(RuleError::rule(
            "19C Commanders",
            format!(
                "{} has rallied a unit already: a commander's heroics are limited to once per game",
                cd.id
            ),
        ));
    }
    if !t.commander.joins.contains(&ud.kind) || !fighting(s, u) {
        return Err(RuleError::rule(
            "19C Commanders",
            format!(
                "{} is not an infantry unit: a commander joins infantry",
                ud.id
            ),
        ));
    }
    let to = s.units[u].hex.expect("standing");
    let from = s.units[c].hex.expect("standing");
    if to != from {
        let reach = super::movement::reach(s, c)?;
        if !reach.contains_key(&to) {
            return Err(RuleError::rule(
                "19C Commanders",
                format!(
                    "{} cannot reach {} at {} this move",
                    cd.id,
                    ud.id,
                    setup.name(to)
                ),
            ));
        }
    } else if s.units[c].acted {
        return Err(RuleError::rule(
            "19C Commanders",
            format!("{} has moved this phase", cd.id),
        ));
    }
    let before = s.units[u].hits;
    let removed = before.min(t.commander.rally_hits);
    s.units[u].hits -= removed;
    s.units[c].hex = Some(to);
    s.units[c].acted = true;
    s.units[c].rallied = true;
    note(
        ev,
        format!(
            "{} joins {} at {} and rallies it: {removed} hits removed ({before} to {}); a \
             commander's heroics are limited to once per game (19C Commanders)",
            cd.id,
            ud.id,
            setup.name(to),
            s.units[u].hits
        ),
    );
    Ok(())
}

/// 19C Sequence of Play: both sides roll a D6 for the phase, ties rolled again; the higher
/// acts first.
fn initiative(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    if s.turn == 1 && s.phase == Phase::Movement {
        // Kepi's scenario format: game-turn 1's scripted notes, before anything of it (its
        // movement initiative is the game's first command; later game-turns' are told as they
        // begin, in `end_of_turn`).
        setup.notes.tell(1, EventTime::Start, ev);
    }
    let die = tables().initiative.die;
    let phase = s.phase.name().to_lowercase();
    let first = setup.first;
    let sides = [first, 1 - first];
    loop {
        let mut faces = [0u8; 2];
        for (i, &side) in sides.iter().enumerate() {
            let request = crate::engine::dice::RollRequest {
                purpose: format!("{phase} initiative: {}", setup.sides[side].name),
                spec: crate::engine::dice::DiceSpec {
                    count: 1,
                    sides: die,
                },
                context: serde_json::json!({"phase": s.phase.key(), "side": setup.sides[side].id, "turn": s.turn}),
            };
            let r = dice.roll(&request)?;
            faces[i] = r.faces[0];
            ev.push(Event::Rolled {
                roll: crate::engine::dice::Roll {
                    purpose: request.purpose,
                    spec: request.spec,
                    faces: r.faces,
                    total: u32::from(faces[i]),
                    context: request.context,
                    forced: r.forced,
                },
            });
        }
        if faces[0] == faces[1] {
            note(
                ev,
                format!("{phase} initiative: both roll {}, rolled again", faces[0]),
            );
            continue;
        }
        let winner = if faces[0] > faces[1] {
            sides[0]
        } else {
            sides[1]
        };
        s.order = Some([winner, 1 - winner]);
        s.step = 0;
        note(
            ev,
            format!(
                "{phase} initiative: {} {}, {} {}: {} acts first (19C Sequence of Play)",
                setup.sides[sides[0]].name,
                faces[0],
                setup.sides[sides[1]].name,
                faces[1],
                setup.sides[winner].name
            ),
        );
        return Ok(());
    }
}

/// The side to act ends its part of the phase: the other side acts, or the next phase opens
/// (the melee phase only with a melee locked), or the turn ends.
fn end(s: &mut State, _dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    for u in s.units.iter_mut() {
        u.acted = false;
    }
    if s.step == 0 {
        s.step = 1;
        note(
            ev,
            format!(
                "{} acts in the {} phase",
                setup.sides[s.player()].name,
                s.phase.name().to_lowercase()
            ),
        );
        return Ok(());
    }
    for u in s.units.iter_mut() {
        u.reformed = false;
    }
    s.order = None;
    s.step = 0;
    match s.phase {
        Phase::Movement => {
            s.phase = Phase::Shooting;
        }
        Phase::Shooting if !s.melees.is_empty() => {
            s.phase = Phase::Melee;
        }
        Phase::Shooting | Phase::Melee => {
            for m in s.melees.iter_mut() {
                m.first = false;
            }
            end_of_turn(s, ev);
        }
        Phase::Over => {}
    }
    Ok(())
}

/// The end of a game-turn: the cotton wool of the units that shot marks "shooting in the
/// previous turn", the others' is removed; objectives are held; the last turn scores.
fn end_of_turn(s: &mut State, ev: &mut Vec<Event>) {
    for u in s.units.iter_mut() {
        u.shot_last_turn = u.shot;
        u.shot = false;
    }
    // Kepi's scenario format: the game-turn's scripted notes, before it is scored.
    s.setup_arc().notes.tell(s.turn, EventTime::End, ev);
    super::victory::update_held(s);
    if s.turn >= s.setup().game_length {
        super::victory::final_result(s, ev);
        return;
    }
    s.turn += 1;
    s.phase = Phase::Movement;
    note(ev, format!("Game-turn {} begins", s.turn));
    // Kepi's scenario format: the new game-turn's scripted notes, before anything of it.
    s.setup_arc().notes.tell(s.turn, EventTime::Start, ev);
}

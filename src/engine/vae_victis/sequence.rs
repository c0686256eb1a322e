//! The start (the scenario's corps and elements placed, one element a hex) and the one
//! transition, VV 4.1 Game Phases: movement (the activation dice first), the passive player's
//! defensive fire, melee, the passive player's demoralisation checks; then the other player.

use super::dice::note;
use super::geometry;
use super::reinforcements::Arrival;
use super::section::{Formation, VvSection};
use super::state::{
    Acted, Command, CorpsDef, CorpsState, ElementDef, ElementState, Event, Options, Phase, Role,
    Setup, State, Step,
};
use super::tables;
use super::{fire, formations, generals, melee, morale, movement, objectives, reinforcements};
use crate::engine::dice::Dice;
use crate::engine::facing::Facing;
use crate::engine::hash::stable_hash;
use crate::engine::{RuleError, SideInfo};
use crate::map::{HexCoord, LengthUnit, MapScale};
use crate::scenario::Scenario;
use std::sync::Arc;

struct Placed {
    hex: HexCoord,
    facing: Option<Facing>,
    square: bool,
    /// VV 4.1: a reinforcement's element, off the map until it enters.
    arrives: bool,
}

pub fn start(sc: &Scenario, options: &Options) -> Result<State, RuleError> {
    let VvSection(sides) = sc
        .section
        .get::<VvSection>()
        .ok_or_else(|| RuleError::not_now("this scenario was not read by the Vae Victis rules"))?;
    if sc.map.scale != MapScale::new(100, LengthUnit::Paces) {
        return Err(RuleError::rule(
            "VV Scale",
            format!(
                "Kepi plays Vae Victis on hexes of 100 paces (docs/rules/vae-victis.md); this \
                 map's hexes are {} {}",
                sc.map.scale.per_hex,
                sc.map.scale.unit.key()
            ),
        ));
    }
    let variant_key = sides.first().map(|s| s.variant.as_str()).unwrap_or("");
    let variant = tables::variant(variant_key).ok_or_else(|| {
        RuleError::Unimplemented(format!(
            "no Vae Victis variant '{variant_key}'; Kepi plays La Grande Armée, Los Gringos, Rebel Yell and Kepis Rouge"
        ))
    })?;
    let grid = sc.map.grid;
    let mut elements: Vec<ElementDef> = Vec::new();
    let mut placed: Vec<Placed> = Vec::new();
    let mut corps: Vec<CorpsDef> = Vec::new();
    let mut cinc = Vec::new();
    let parse = |id: &str, hex: &str| {
        grid.parse(hex)
            .ok_or_else(|| RuleError::rule("VV 3", format!("{id}: no hex '{hex}' on the map")))
    };
    for (i, side) in sides.iter().enumerate() {
        for c in &side.corps {
            let ci = corps.len();
            // VV 4.1: the scenario's reinforcement naming this corps as its group.
            let arrives = match sc
                .reinforcements
                .iter()
                .find(|r| r.side == i && r.group.as_deref() == Some(c.id.as_str()))
            {
                Some(r) => {
                    // In the map's order, row by row (`Arrival`'s invariant: the entry
                    // offers follow it whatever the order of the scenario's hex set).
                    let mut hexes: Vec<HexCoord> = r.hexes.iter().copied().collect();
                    hexes.sort_by_key(|h| (h.row, h.col));
                    let hex_of = std::iter::once((&c.general.id, &c.general.hex))
                        .chain(c.elements.iter().map(|e| (&e.id, &e.hex)));
                    for (id, hex) in hex_of {
                        let h = parse(id, hex)?;
                        if !hexes.contains(&h) {
                            return Err(RuleError::rule(
                                "VV 4.1",
                                format!(
                                    "{id} arrives as a reinforcement (corps {}, game-turn {}): \
                                     its hex {hex} must be one of the entry hexes {}",
                                    c.id,
                                    r.turn,
                                    hexes
                                        .iter()
                                        .map(|h| grid.name(*h))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ),
                            ));
                        }
                    }
                    Some(Arrival {
                        turn: r.turn,
                        hexes,
                    })
                }
                None => None,
            };
            let g = elements.len();
            elements.push(ElementDef {
                id: c.general.id.clone(),
                name: c
                    .general
                    .name
                    .clone()
                    .unwrap_or_else(|| c.general.id.clone()),
                side: i,
                corps: Some(ci),
                role: Role::General,
                kind: "general".into(),
                partner_of: None,
                ty: None,
                skirmish_ty: None,
                counterpart_ty: None,
            });
            placed.push(Placed {
                hex: parse(&c.general.id, &c.general.hex)?,
                facing: c.general.facing,
                square: false,
                arrives: arrives.is_some(),
            });
            let mut points = 0;
            for e in &c.elements {
                let t = variant.element_type(&e.kind).ok_or_else(|| {
                    RuleError::rule(
                        "VV 2",
                        format!(
                            "{}: no type '{}' in the {} sheet",
                            e.id, e.kind, variant.sheet.name
                        ),
                    )
                })?;
                points += t.cost;
                elements.push(ElementDef {
                    id: e.id.clone(),
                    name: e.name.clone().unwrap_or_else(|| e.id.clone()),
                    side: i,
                    corps: Some(ci),
                    role: Role::Troop,
                    kind: e.kind.clone(),
                    partner_of: None,
                    ty: None,
                    skirmish_ty: None,
                    counterpart_ty: None,
                });
                placed.push(Placed {
                    hex: parse(&e.id, &e.hex)?,
                    facing: e.facing,
                    square: e.formation == Formation::Square,
                    arrives: arrives.is_some(),
                });
            }
            corps.push(CorpsDef {
                id: c.id.clone(),
                name: c.name.clone().unwrap_or_else(|| c.id.clone()),
                side: i,
                general: g,
                points,
                arrives,
            });
        }
        cinc.push(match &side.commander_in_chief {
            Some(c) => {
                elements.push(ElementDef {
                    id: c.id.clone(),
                    name: c.name.clone().unwrap_or_else(|| c.id.clone()),
                    side: i,
                    corps: None,
                    role: Role::CommanderInChief,
                    kind: "general".into(),
                    partner_of: None,
                    ty: None,
                    skirmish_ty: None,
                    counterpart_ty: None,
                });
                placed.push(Placed {
                    hex: parse(&c.id, &c.hex)?,
                    facing: c.facing,
                    square: false,
                    arrives: false,
                });
                Some(elements.len() - 1)
            }
            None => None,
        });
    }
    // VV LGA Skirmishers: each light infantry element's second skirmisher element, off the map.
    let on_map = elements.len();
    for e in 0..on_map {
        let Some(t) = variant.element_type(&elements[e].kind) else {
            continue;
        };
        if let Some(k) = &t.skirmish_as {
            let d = &elements[e];
            elements.push(ElementDef {
                id: format!("{}-2", d.id),
                name: format!("{} (second skirmishers)", d.name),
                side: d.side,
                corps: d.corps,
                role: Role::Troop,
                kind: k.clone(),
                partner_of: Some(e),
                ty: None,
                skirmish_ty: None,
                counterpart_ty: None,
            });
        }
    }
    let index = |k: &str| variant.sheet.types.iter().position(|t| t.key == k);
    for d in elements.iter_mut() {
        if d.role == Role::Troop {
            d.ty = index(&d.kind);
            d.skirmish_ty =
                d.ty.and_then(|i| variant.sheet.types[i].skirmish_as.as_deref())
                    .and_then(index);
            d.counterpart_ty =
                d.ty.and_then(|i| variant.sheet.types[i].counterpart.as_deref())
                    .and_then(index);
        }
    }
    let centre = grid.center(HexCoord::new(
        grid.columns.div_ceil(2).max(1),
        grid.rows.div_ceil(2).max(1),
    ));
    let mut states = Vec::new();
    for (e, d) in elements.iter().enumerate() {
        let Some(p) = placed.get(e).filter(|p| !p.arrives) else {
            states.push(ElementState {
                hex: None,
                facing: Facing::new(0),
                square: false,
                skirmish: false,
                switched: false,
                destroyed: false,
                lost: 0,
                acted: Acted::Nothing,
                moved_free: false,
                carried: false,
                fired: false,
                charged: false,
                fought: false,
                to_flee: false,
                rating: None,
            });
            continue;
        };
        let zone: std::collections::BTreeSet<_> = sc
            .deployments
            .iter()
            .filter(|z| z.side == d.side)
            .flat_map(|z| z.hexes.iter().copied())
            .collect();
        if !zone.contains(&p.hex) {
            return Err(RuleError::rule(
                "VV 3",
                format!(
                    "{} at {} is outside {}'s deployment zone",
                    d.id,
                    grid.name(p.hex),
                    sc.sides[d.side].name
                ),
            ));
        }
        if let Some(o) = placed[..e]
            .iter()
            .position(|q| !q.arrives && q.hex == p.hex)
        {
            return Err(RuleError::rule(
                "VV 1",
                format!(
                    "{} and {} both stand at {}: one element a hex",
                    elements[o].id,
                    d.id,
                    grid.name(p.hex)
                ),
            ));
        }
        let facing = match p.facing {
            Some(f) if f.is_hexside(&grid) => f,
            Some(f) => {
                return Err(RuleError::rule(
                    "VV 1",
                    format!("{} faces {f}: an element faces a hexside", d.id),
                ));
            }
            None => {
                let (cx, cy) = centre;
                let (x, y) = grid.center(p.hex);
                let b = (cx - x).atan2(y - cy).to_degrees().rem_euclid(360.0);
                Facing::all()
                    .filter(|f| f.is_hexside(&grid))
                    .min_by(|a, c| {
                        let da = (b - f64::from(a.degrees())).rem_euclid(360.0);
                        let dc = (b - f64::from(c.degrees())).rem_euclid(360.0);
                        da.min(360.0 - da).total_cmp(&dc.min(360.0 - dc))
                    })
                    .expect("six hexsides")
            }
        };
        states.push(ElementState {
            hex: Some(p.hex),
            facing,
            square: p.square,
            skirmish: false,
            switched: false,
            destroyed: false,
            lost: 0,
            acted: Acted::Nothing,
            moved_free: false,
            carried: false,
            fired: false,
            charged: false,
            fought: false,
            to_flee: false,
            rating: None,
        });
    }
    let classes: Vec<tables::TerrainClass> = grid
        .hexes()
        .map(|h| tables::core().terrain(sc.map.terrain(h).unwrap_or("clear")))
        .collect();
    let mut road_steps = std::collections::HashSet::new();
    for r in &sc.map.routes {
        for w in r.hexes.windows(2) {
            road_steps.insert((w[0], w[1]));
            road_steps.insert((w[1], w[0]));
        }
    }
    let steps: Vec<Vec<Step>> = grid
        .hexes()
        .map(|h| {
            grid.neighbors(h)
                .map(|n| Step {
                    to: grid.index(n).expect("a neighbour on the map"),
                    road: road_steps.contains(&(h, n)),
                    facing: geometry::bearing_facing(&grid, h, n),
                })
                .collect()
        })
        .collect();
    // Kepi's reading of VV 10: each side holds the objectives it lists at the start.
    let mut objectives = Vec::new();
    let mut held = Vec::new();
    for (i, side) in sides.iter().enumerate() {
        for (j, o) in side.objectives.iter().enumerate() {
            let h = grid.parse(&o.hex).ok_or_else(|| {
                RuleError::rule(
                    "VV 10",
                    format!(
                        "sides[{i}].objectives[{j}].hex: no hex '{}' on this map",
                        o.hex
                    ),
                )
            })?;
            objectives.push((h, o.points));
            held.push(Some(i));
        }
    }
    let objective_ways = objectives
        .iter()
        .map(|&(h, _)| ways_to(&grid, &classes, &steps, h))
        .collect();
    let setup = Setup {
        objective_ways,
        classes,
        road_steps,
        steps,
        names: grid.hexes().map(|h| grid.name(h)).collect(),
        map: sc.map.clone(),
        grid,
        sides: sc.sides.iter().map(SideInfo::from).collect(),
        variant,
        nations: sides.iter().map(|s| s.nation.to_lowercase()).collect(),
        base_edges: sides.iter().map(|s| s.base_edge).collect(),
        elements,
        corps: corps.clone(),
        cinc,
        game_length: sc.file.game_length,
        scenario_hash: stable_hash(&(&sc.file, &sc.map.to_file(), options)),
        notes: crate::engine::setup_state::ScriptedNotes::of(&sc.file),
        objectives,
    };
    let s = State {
        setup: Some(Arc::new(setup)),
        turn: 1,
        first: 0,
        half: 0,
        phase: Phase::Begin,
        activated: false,
        elements: states,
        corps: vec![CorpsState::default(); corps.len()],
        cinc_score: vec![None; 2],
        cinc_took: vec![false; 2],
        pursuit: None,
        outcome: None,
        held,
    };
    for e in 0..s.elements.len() {
        if let Some(h) = s.elements[e].hex
            && !super::results::passable(&s, e, h)
        {
            return Err(RuleError::rule(
                "VV 5.4",
                format!(
                    "{} may not stand at {} ({})",
                    s.setup().elements[e].id,
                    grid.name(h),
                    s.setup().terrain(h)
                ),
            ));
        }
    }
    Ok(s)
}

/// Each hex's number of steps to `goal` over ground that is not impassable (a breadth-first
/// search out from it; `u32::MAX` where none leads); `goal` itself 0.
fn ways_to(
    grid: &crate::map::Grid,
    classes: &[tables::TerrainClass],
    steps: &[Vec<Step>],
    goal: HexCoord,
) -> Vec<u32> {
    let mut far = vec![u32::MAX; classes.len()];
    let Some(g) = grid.index(goal) else {
        return far;
    };
    far[g] = 0;
    let mut next = std::collections::VecDeque::from([g]);
    while let Some(i) = next.pop_front() {
        for st in &steps[i] {
            if far[st.to] == u32::MAX && classes[st.to].class != tables::Class::Impassable {
                far[st.to] = far[i] + 1;
                next.push_back(st.to);
            }
        }
    }
    far
}

fn element(s: &State, id: &str) -> Result<usize, RuleError> {
    s.setup().element(id)
}

/// The one transition.
pub fn apply(
    state: &State,
    command: &Command,
    dice: &mut dyn Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut s = state.clone();
    let mut ev = Vec::new();
    if s.phase == Phase::Over {
        return Err(RuleError::not_now("the game is over"));
    }
    if s.pursuit.is_some() && !matches!(command, Command::Pursue | Command::Hold) {
        return Err(RuleError::not_now(
            "a pursuit is offered first: pursue or hold (VV 8.4)",
        ));
    }
    match (s.phase, command) {
        (Phase::Begin, Command::Begin) => {
            // Kepi's scenario format: game-turn 1's scripted notes, before anything of it.
            s.setup_arc()
                .notes
                .tell(1, crate::scenario::events::EventTime::Start, &mut ev);
            generals::begin(&mut s, dice, &mut ev)?
        }
        (Phase::Begin, _) => {
            return Err(RuleError::not_now(
                "the game begins with the generals' ratings and the first player's roll (begin)",
            ));
        }
        (Phase::Movement, Command::Activate) if !s.activated => {
            generals::activate(&mut s, dice, &mut ev)?
        }
        (Phase::Movement, _) if !s.activated => {
            return Err(RuleError::not_now(
                "the movement phase opens with the activation dice (activate, VV 5.1)",
            ));
        }
        (Phase::Movement, Command::TakeCommand { corps }) => {
            let c = s.setup().corps_index(corps)?;
            generals::take_command(&mut s, c, &mut ev)?
        }
        (
            Phase::Movement,
            Command::Move {
                element: e,
                to,
                facing,
            },
        ) => {
            let e = element(&s, e)?;
            let to = s.setup().parse(to)?;
            movement::move_to(&mut s, e, to, *facing, &mut ev)?
        }
        (
            Phase::Movement,
            Command::MoveGroup {
                elements,
                to,
                facing,
            },
        ) => {
            let members = elements
                .iter()
                .map(|e| element(&s, e))
                .collect::<Result<Vec<_>, _>>()?;
            let to = s.setup().parse(to)?;
            super::groups::move_group(&mut s, &members, to, *facing, &mut ev)?
        }
        (Phase::Movement, Command::Pivot { element: e, facing }) => {
            let e = element(&s, e)?;
            movement::pivot(&mut s, e, *facing, &mut ev)?
        }
        (Phase::Movement, Command::Square { element: e }) => {
            let e = element(&s, e)?;
            formations::square(&mut s, e, true, &mut ev)?
        }
        (Phase::Movement, Command::Line { element: e }) => {
            let e = element(&s, e)?;
            formations::square(&mut s, e, false, &mut ev)?
        }
        (Phase::Movement, Command::Skirmish { element: e, hex }) => {
            let e = element(&s, e)?;
            let h = s.setup().parse(hex)?;
            formations::skirmish(&mut s, e, h, &mut ev)?
        }
        (Phase::Movement, Command::CloseOrder { element: e }) => {
            let e = element(&s, e)?;
            formations::close_order(&mut s, e, &mut ev)?
        }
        (Phase::Movement, Command::Dismount { element: e }) => {
            let e = element(&s, e)?;
            formations::mount(&mut s, e, false, &mut ev)?
        }
        (Phase::Movement, Command::Mount { element: e }) => {
            let e = element(&s, e)?;
            formations::mount(&mut s, e, true, &mut ev)?
        }
        (
            Phase::Movement,
            Command::Enter {
                element: e,
                hex,
                facing,
            },
        ) => {
            let e = element(&s, e)?;
            let h = s.setup().parse(hex)?;
            reinforcements::enter(&mut s, e, h, *facing, &mut ev)?
        }
        (Phase::Movement, Command::End) => {
            s.phase = Phase::Fire;
            for e in s.elements.iter_mut() {
                e.fired = false;
            }
            note(&mut ev, "defensive fire: the passive player fires (VV 4.1)");
        }
        (
            Phase::Fire,
            Command::Fire {
                element: e,
                target,
                supports,
            },
        ) => {
            let e = element(&s, e)?;
            if geometry::side(&s, e) != s.passive() {
                return Err(RuleError::rule(
                    "VV 4.1",
                    "in defensive fire only the passive player fires",
                ));
            }
            let t = element(&s, target)?;
            let sup = supports
                .iter()
                .map(|x| element(&s, x))
                .collect::<Result<Vec<_>, _>>()?;
            fire::fire(&mut s, e, t, &sup, dice, &mut ev)?
        }
        (Phase::Fire, Command::End) => {
            s.phase = Phase::Melee;
            for e in s.elements.iter_mut() {
                e.fought = false;
            }
            if melee::pending(&s).is_empty() {
                note(&mut ev, "no melee to fight (VV 8)");
                end_melee(&mut s, dice, &mut ev)?;
            }
        }
        (Phase::Melee, Command::Melee { element: e, target }) => {
            let (a, d) = (element(&s, e)?, element(&s, target)?);
            melee::melee(&mut s, a, d, dice, &mut ev)?
        }
        (Phase::Melee, Command::End) => {
            let left = melee::pending(&s);
            if let Some(&(a, d)) = left.first() {
                return Err(RuleError::rule(
                    "VV 8",
                    format!(
                        "melee is obligatory between units in contact: {} has not fought {}",
                        s.setup().elements[a].id,
                        s.setup().elements[d].id
                    ),
                ));
            }
            end_melee(&mut s, dice, &mut ev)?;
        }
        (_, Command::Pursue) => melee::resolve_pursuit(&mut s, true, &mut ev)?,
        (_, Command::Hold) => melee::resolve_pursuit(&mut s, false, &mut ev)?,
        (p, c) => {
            return Err(RuleError::not_now(format!(
                "{} is not a command of the {} phase",
                serde_json::to_value(c)
                    .ok()
                    .and_then(|v| v.get("kind").and_then(|k| k.as_str().map(String::from)))
                    .unwrap_or_default(),
                p.name().to_lowercase()
            )));
        }
    }
    // Kepi's reading of VV 10: an objective changes hands when a troop element stands in it.
    objectives::update_held(&mut s, &mut ev);
    Ok((s, ev))
}

/// The end of the melee phase: VV 4.1 step 4, the passive player's demoralisation checks (and
/// VV 10), then the other player's phase or the next game-turn.
fn end_melee(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let passive = s.passive();
    morale::check(s, passive, dice, ev)?;
    if s.outcome.is_some() {
        return Ok(());
    }
    for e in s.elements.iter_mut() {
        e.charged = false;
        e.fought = false;
        e.acted = Acted::Nothing;
        e.moved_free = false;
        e.carried = false;
        e.fired = false;
    }
    for c in s.corps.iter_mut() {
        c.ap = 0;
        c.score = None;
        c.under_cinc = false;
    }
    if s.half == 0 {
        s.half = 1;
    } else {
        s.half = 0;
        // Kepi's scenario format: the game-turn's scripted notes, at its end.
        s.setup_arc()
            .notes
            .tell(s.turn, crate::scenario::events::EventTime::End, ev);
        s.turn += 1;
        if s.turn > s.setup().game_length {
            s.turn = s.setup().game_length;
            // VV 10, and Kepi's reading of it: the objectives decide (a draw without them).
            objectives::update_held(s, ev);
            let outcome = objectives::final_result(s);
            note(ev, format!("the game ends: {}", outcome.reason));
            s.outcome = Some(outcome);
            s.phase = Phase::Over;
            return Ok(());
        }
    }
    s.phase = Phase::Movement;
    s.activated = false;
    let setup = s.setup_arc();
    if s.half == 0 {
        // Kepi's scenario format: the new game-turn's scripted notes, before anything of it.
        setup
            .notes
            .tell(s.turn, crate::scenario::events::EventTime::Start, ev);
    }
    note(
        ev,
        format!(
            "game-turn {}: {}'s movement phase (VV 4.1)",
            s.turn,
            setup.sides[s.active()].name
        ),
    );
    Ok(())
}

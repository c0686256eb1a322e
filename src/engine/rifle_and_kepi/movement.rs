//! RK Movement and RK Formations: movement points by die and arm, the cost of each hex
//! (terrain, contours, obstacles, leaving entrenchments, a deployed unit's turns), formation
//! and facing changes and their limits next to the enemy, artillery's caution, HQs' moves,
//! digging in, and disbanded units' flight (RK Result: "Leave field at two hex per turn").

use super::board::{self, crowded, enemy_adjacent, enemy_in, fighting, note, roll};
use super::section::{Formation, Kind};
use super::state::{Active, Event, State, Status};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::engine::facing::Facing;
use crate::map::{HexCoord, MapEdge};

/// RK Movement: "deployed face up to 60deg" costs 1, "more than 60 deg" 2; a column turns
/// for nothing.
pub fn facing_cost(s: &State, u: usize, to: Facing) -> u8 {
    let t = &tables().movement;
    let steps = s.units[u].facing.steps_to(to);
    if steps == 0 || s.units[u].formation == Formation::Column {
        0
    } else if steps <= 2 {
        t.face_up_to_60
    } else {
        t.face_over_60
    }
}

/// RK Movement: "D6 per unit, D8 for cav, +2 if col/limbered".
pub fn start_move(
    s: &mut State,
    u: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let d = &s.setup().units[u];
    let id = d.id.clone();
    if d.kind == Kind::Hq {
        return Err(RuleError::rule(
            "RK Movement",
            format!("{id} is an HQ: it moves 2 hexes (hq_move) or goes with a unit it activates"),
        ));
    }
    let t = &tables().movement;
    let key = d.kind.key();
    let die = t.die[key];
    let column = s.units[u].formation == Formation::Column;
    let face = roll(
        dice,
        ev,
        &format!("movement points of {id} (RK Movement)"),
        die,
        serde_json::json!({"unit": id, "die": format!("d{die}"), "column": column}),
    )?;
    let mp = face + if column { t.column_bonus } else { 0 };
    note(ev, format!("{id} has {mp} movement points"));
    let hq = s.active.as_ref().and_then(|a| a.hq);
    s.active = Some(Active {
        unit: u,
        hq,
        mp: Some(mp),
        stepped: false,
    });
    Ok(())
}

fn mp_left(s: &State) -> u8 {
    s.active.as_ref().and_then(|a| a.mp).unwrap_or(0)
}

fn spend(s: &mut State, cost: u8) {
    if let Some(a) = s.active.as_mut() {
        a.mp = Some(a.mp.unwrap_or(0).saturating_sub(cost));
    }
}

/// The cost of entering `to` from the unit's hex, with its parts in words; or why it may not.
pub fn step_cost(s: &State, u: usize, to: HexCoord) -> Result<(u8, Vec<String>), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    let us = &s.units[u];
    let id = &d.id;
    let from = us.hex.expect("a moving unit is on the map");
    if us.second.is_some() {
        return Err(RuleError::rule(
            "RK Formations",
            format!("{id} is deployed over two hexes: it must reform (one turn) before moving"),
        ));
    }
    if !setup.grid.adjacent(from, to) {
        return Err(RuleError::rule(
            "RK Movement",
            format!("{} is not next to {}", setup.name(to), setup.name(from)),
        ));
    }
    let t = &tables().movement;
    let chart = super::tables::terrain_chart();
    let terrain = setup.terrain(to);
    let mut cost = chart
        .terrain(terrain)
        .map(|x| x.movement.floor() as u8)
        .unwrap_or(2);
    let mut why = vec![format!("{cost} to enter {terrain}")];
    if setup.elevation(from) != setup.elevation(to) {
        cost += t.contour;
        why.push(format!("{} to cross a contour", t.contour));
    }
    for k in setup.map.hexside(from, to) {
        if let Some(f) = chart.hexside(k) {
            let x = f.movement_extra.floor() as u8;
            if x > 0 {
                cost += x;
                why.push(format!("{x} to cross the {}", f.name.to_lowercase()));
            }
        }
    }
    if us.dm > 0 {
        cost += t.entrenched;
        why.push(format!("{} to leave its entrenchment", t.entrenched));
    }
    let turn = facing_cost(s, u, Facing::toward(&setup.grid, from, to));
    if turn > 0 {
        cost += turn;
        why.push(format!("{turn} to face the way it moves (deployed)"));
    }
    // Where it may not go.
    let side = d.side;
    if !enemy_in(s, side, to).is_empty() {
        return Err(RuleError::rule(
            "RK Movement",
            format!("{} holds the enemy", setup.name(to)),
        ));
    }
    if !board::routed_enemy_in(s, side, to).is_empty() && d.kind != Kind::Cavalry {
        return Err(RuleError::rule(
            "RK Movement",
            format!(
                "only cavalry may overrun the disbanded enemy in {}",
                setup.name(to)
            ),
        ));
    }
    if let Some(o) = crowded(s, u, to) {
        return Err(RuleError::rule(
            "RK Movement",
            format!(
                "units may not move through each other (apart from artillery): {} is in {}",
                setup.units[o].id,
                setup.name(to)
            ),
        ));
    }
    if enemy_adjacent(s, side, to) {
        if d.kind == Kind::Artillery {
            return Err(RuleError::rule(
                "RK Movement",
                format!(
                    "artillery never voluntarily enters hexes adjacent to the enemy ({})",
                    setup.name(to)
                ),
            ));
        }
        if us.formation == Formation::Column {
            return Err(RuleError::rule(
                "RK Formations",
                format!(
                    "a column may never move adjacent to the enemy ({})",
                    setup.name(to)
                ),
            ));
        }
    }
    Ok((cost, why))
}

/// Enter an adjacent hex (RK Movement). Entering a hex next to the enemy is a charge: the
/// move ends there (RK Formations: "out of control in combat").
pub fn step(s: &mut State, u: usize, to: HexCoord, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let (cost, why) = step_cost(s, u, to)?;
    let left = mp_left(s);
    let id = s.setup().units[u].id.clone();
    if cost > left {
        return Err(RuleError::rule(
            "RK Movement",
            format!(
                "{id} has {left} points left; {} costs {cost} ({})",
                s.setup().name(to),
                why.join(", ")
            ),
        ));
    }
    let side = s.setup().units[u].side;
    let from = s.units[u].hex.expect("on the map");
    // RK Movement: "Cavalry may overrun disbanded units."
    for e in board::routed_enemy_in(s, side, to) {
        s.units[e].status = Status::Eliminated;
        s.units[e].hex = None;
        s.units[e].second = None;
        note(
            ev,
            format!("{id} overruns the disbanded {}", s.setup().units[e].id),
        );
    }
    spend(s, cost);
    let f = Facing::toward(&s.setup().grid, from, to);
    let us = &mut s.units[u];
    us.hex = Some(to);
    us.facing = f;
    // RK Digging in: "Remove when move off".
    us.dm = 0;
    if let Some(a) = s.active.as_mut() {
        a.stepped = true;
    }
    note(
        ev,
        format!(
            "{id} enters {} ({}), facing {f}",
            s.setup().name(to),
            why.join(", ")
        ),
    );
    if enemy_adjacent(s, side, to) {
        s.units[u].charged = true;
        spend(s, u8::MAX);
        note(ev, format!("{id} charges: it is in combat"));
    }
    Ok(())
}

/// Whether the moving unit has nothing left it could do (no points and no formation change).
pub fn no_further_choice(s: &State, u: usize) -> bool {
    s.units[u].charged || mp_left(s) == 0 && !may_change_formation(s, u)
}

fn may_change_formation(s: &State, u: usize) -> bool {
    formation_check(s, u, None).is_ok()
}

/// RK Formations: "May not change formation or facing adjacent to the enemy".
fn not_engaged(s: &State, u: usize, what: &str) -> Result<(), RuleError> {
    let side = s.setup().units[u].side;
    if board::hexes(s, u)
        .iter()
        .any(|&h| enemy_adjacent(s, side, h))
    {
        return Err(RuleError::rule(
            "RK Formations",
            format!(
                "{} is adjacent to the enemy: it may not change {what}",
                s.setup().units[u].id
            ),
        ));
    }
    Ok(())
}

/// RK Movement: a change of facing, paid by a deployed unit.
pub fn face(s: &mut State, u: usize, to: Facing, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    not_engaged(s, u, "facing")?;
    let cost = facing_cost(s, u, to);
    let left = mp_left(s);
    let id = s.setup().units[u].id.clone();
    if cost > left {
        return Err(RuleError::rule(
            "RK Movement",
            format!("{id} has {left} points left; turning to {to} costs {cost}"),
        ));
    }
    if s.units[u].facing == to {
        return Err(RuleError::not_now(format!("{id} already faces {to}")));
    }
    spend(s, cost);
    s.units[u].facing = to;
    // RK Digging in: "Remove when ... change face".
    s.units[u].dm = 0;
    note(ev, format!("{id} turns to face {to} ({cost} points)"));
    Ok(())
}

fn formation_check(s: &State, u: usize, second: Option<HexCoord>) -> Result<(), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    let id = &d.id;
    let us = &s.units[u];
    let a = s.active.as_ref().expect("moving");
    if s.units[u].charged {
        return Err(RuleError::rule(
            "RK Formations",
            format!("{id} is in combat: out of control"),
        ));
    }
    not_engaged(s, u, "formation")?;
    if us.second.is_some() && a.stepped {
        return Err(RuleError::rule(
            "RK Formations",
            format!("{id} deployed over two hexes takes one turn to reform"),
        ));
    }
    if let Some(h) = second {
        if us.formation != Formation::Column || !d.large {
            return Err(RuleError::rule(
                "RK Formations",
                format!("only a large division deploying from column takes a second hex ({id})"),
            ));
        }
        let at = us.hex.expect("on the map");
        if !setup.grid.adjacent(at, h) {
            return Err(RuleError::rule(
                "RK Formations",
                format!("{} is not next to {}", setup.name(h), setup.name(at)),
            ));
        }
        if !enemy_in(s, d.side, h).is_empty() || crowded(s, u, h).is_some() {
            return Err(RuleError::rule(
                "RK Formations",
                format!("{} is not free for {id}", setup.name(h)),
            ));
        }
        if enemy_adjacent(s, d.side, h) {
            return Err(RuleError::rule(
                "RK Formations",
                format!(
                    "{} is adjacent to the enemy: {id} may not deploy into it",
                    setup.name(h)
                ),
            ));
        }
    }
    Ok(())
}

/// RK Formations and RK Movement: "Formation change before or after movement, not during";
/// "-2 Changing formation/limber/unlimber"; "may change formation whatever score"; "Large
/// divisions may deploy in two adjacent hex, one turn to reform". Returns whether the move
/// is over (a change after moving, or a two-hex division reforming).
pub fn formation(
    s: &mut State,
    u: usize,
    second: Option<HexCoord>,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    formation_check(s, u, second)?;
    let t = &tables().movement;
    let id = s.setup().units[u].id.clone();
    let stepped = s.active.as_ref().is_some_and(|a| a.stepped);
    let us = &mut s.units[u];
    let two = us.second.is_some();
    us.formation = match us.formation {
        Formation::Column => Formation::Deployed,
        Formation::Deployed => Formation::Column,
    };
    us.second = if us.formation == Formation::Deployed {
        second
    } else {
        None
    };
    if us.formation == Formation::Column {
        us.dm = 0;
    }
    let words = match (us.formation, us.second) {
        (Formation::Deployed, Some(h)) => {
            format!("deploys over two hexes, into {} too", s.setup().name(h))
        }
        (Formation::Deployed, None) => "deploys".to_string(),
        (Formation::Column, _) if two => "reforms in column (its whole turn)".to_string(),
        (Formation::Column, _) => "forms column".to_string(),
    };
    if two {
        spend(s, u8::MAX);
    } else {
        spend(s, t.formation);
    }
    note(ev, format!("{id} {words}"));
    Ok(stepped || two)
}

/// RK Digging in: "Place DM"; only deployed units, "Not cav". Kepi's reading: one marker for
/// each activation spent digging in.
pub fn dig_in(s: &mut State, u: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let d = &s.setup().units[u];
    let id = d.id.clone();
    if d.kind == Kind::Cavalry || d.kind == Kind::Hq {
        return Err(RuleError::rule(
            "RK Digging in",
            format!("{id} cannot dig in ('Not cav')"),
        ));
    }
    if s.units[u].formation != Formation::Deployed {
        return Err(RuleError::rule(
            "RK Turn sequence iv",
            format!("{id} digs in only if deployed"),
        ));
    }
    s.units[u].dm += 1;
    note(ev, format!("{id} digs in ({} DM)", s.units[u].dm));
    Ok(())
}

/// RK Movement: "HQ may accompany or move separately 2 hexes". Kepi's reading: by any path
/// of up to two hexes free of the enemy, and not ending next to the enemy unless with a
/// friendly unit.
pub fn hq_move(
    s: &mut State,
    h: usize,
    to: HexCoord,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup();
    let d = &setup.units[h];
    let id = d.id.clone();
    if d.kind != Kind::Hq {
        return Err(RuleError::not_now(format!("{id} is not an HQ")));
    }
    let from = s.units[h].hex.expect("on the map");
    let max = tables().movement.hq_hexes;
    // No enemy unit of any kind (disbanded ones too) in the hexes it passes.
    let free = |x: HexCoord| {
        board::at(s, x)
            .iter()
            .all(|&o| setup.units[o].side == d.side)
    };
    let g = &setup.grid;
    let reach = to != from
        && free(to)
        && match g.distance(from, to) {
            1 => true,
            2 if max >= 2 => g.neighbors(from).any(|m| g.adjacent(m, to) && free(m)),
            _ => false,
        };
    if !reach {
        return Err(RuleError::rule(
            "RK Movement",
            format!(
                "{id} moves up to {max} hexes clear of the enemy; {} is not one",
                setup.name(to)
            ),
        ));
    }
    let with_friend = board::at(s, to)
        .iter()
        .any(|&o| setup.units[o].side == d.side && fighting(s, o));
    if enemy_adjacent(s, d.side, to) && !with_friend {
        return Err(RuleError::rule(
            "RK Movement",
            format!(
                "{id} may not stand alone next to the enemy at {}",
                setup.name(to)
            ),
        ));
    }
    let name = setup.name(to);
    s.units[h].hex = Some(to);
    note(ev, format!("{id} moves to {name}"));
    Ok(())
}

/// The number of hexes from `h` to the side's home edge.
pub fn to_edge(s: &State, side: usize, h: HexCoord) -> u32 {
    let g = &s.setup().grid;
    match s.setup().home_edge[side] {
        MapEdge::West => h.col as u32 - 1,
        MapEdge::East => (g.columns - h.col) as u32,
        MapEdge::North => h.row as u32 - 1,
        MapEdge::South => (g.rows - h.row) as u32,
    }
}

/// RK Result: a disbanded unit leaves the field "at two hex per turn" towards its side's
/// edge (leaving the map from an edge hex counts as one hex). RK Movement: "Disbanded units
/// rout through friendlies if no other path, losing their turn": Kepi's reading is that the
/// friendly units routed through lose their turn (their cards are inverted).
pub fn rout(s: &mut State, u: usize, ev: &mut Vec<Event>) {
    let side = s.setup().units[u].side;
    let id = s.setup().units[u].id.clone();
    s.units[u].second = None;
    for _ in 0..tables().disbanded_hexes {
        let Some(h) = s.units[u].hex else { return };
        let d = to_edge(s, side, h);
        if d == 0 {
            s.units[u].hex = None;
            s.units[u].status = Status::Left;
            note(ev, format!("{id} (disbanded) leaves the field"));
            return;
        }
        let g = s.setup().grid;
        let mut options: Vec<(bool, HexCoord)> = g
            .neighbors(h)
            .filter(|&n| {
                to_edge(s, side, n) < d
                    && board::at(s, n)
                        .iter()
                        .all(|&o| s.setup().units[o].side == side)
            })
            .map(|n| {
                let friends = board::at(s, n)
                    .into_iter()
                    .any(|o| o != u && s.setup().units[o].side == side && fighting(s, o));
                (friends, n)
            })
            .collect();
        options.sort();
        let Some(&(through, n)) = options.first() else {
            note(ev, format!("{id} (disbanded) finds no way back"));
            return;
        };
        if through {
            for o in board::at(s, n) {
                if s.setup().units[o].side == side && fighting(s, o) && !s.units[o].inverted {
                    s.units[o].inverted = true;
                    note(
                        ev,
                        format!(
                            "{id} routs through {}, which loses its turn",
                            s.setup().units[o].id
                        ),
                    );
                }
            }
        }
        s.units[u].hex = Some(n);
        note(
            ev,
            format!("{id} (disbanded) falls back to {}", s.setup().name(n)),
        );
    }
}

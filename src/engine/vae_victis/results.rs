//! VV 8 Results of fire and melee combat applied: recoil (pushing a column back), flight to
//! the base line, destruction, and the generals lost beside an element destroyed (VV 2).

use super::combat::Severity;
use super::dice::note;
use super::geometry::{self, Around, around, at, standing, terrain, troop};
use super::paces::move_hexes;
use super::state::{Role, State};
use super::tables::{Class, Outcome, core};
use crate::engine::setup_state::Event;
use crate::map::{HexCoord, MapEdge};

/// VV 5.4: whether `e` may stand on `h` at all (its sheet's movement has a figure there).
pub fn passable(s: &State, e: usize, h: HexCoord) -> bool {
    let t = terrain(s, h);
    if t.class == Class::Impassable {
        return false;
    }
    let row = move_row(s, e);
    s.setup().variant.sheet.paces(&row, t.class.key()).is_some()
}

/// Its row of the movement table now (a square moves as "Infantry in square").
pub fn move_row(s: &State, e: usize) -> String {
    if s.elements[e].square {
        return "square".into();
    }
    s.etype(e)
        .map(|t| t.move_row.clone())
        .unwrap_or_else(|| "general".into())
}

/// VV 2, VV 9: `e` is destroyed; by combat, the generals beside it are lost with it.
pub fn destroy(s: &mut State, e: usize, by_combat: bool, why: &str, ev: &mut Vec<Event>) {
    let setup = s.setup_arc();
    let hex = s.elements[e].hex;
    s.elements[e].destroyed = true;
    s.elements[e].hex = None;
    s.elements[e].lost = s.etype(e).map(|t| t.cost).unwrap_or(0);
    note(ev, format!("{} is destroyed ({why})", setup.elements[e].id));
    let Some(h) = hex.filter(|_| by_combat) else {
        return;
    };
    for g in 0..s.elements.len() {
        if setup.elements[g].role != Role::Troop
            && standing(s, g)
            && s.elements[g].hex.is_some_and(|x| setup.grid.adjacent(x, h))
        {
            s.elements[g].destroyed = true;
            s.elements[g].hex = None;
            note(
                ev,
                format!(
                    "{} is killed or captured: contiguous with an element destroyed by combat \
                     (VV 2)",
                    setup.elements[g].id
                ),
            );
        }
    }
}

/// VV 8 Recoil: one hex straight back, pushing a column of friends facing the same way;
/// destroyed when it cannot. Returns whether it survived.
pub fn recoil(s: &mut State, e: usize, ev: &mut Vec<Event>) -> bool {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    let h = s.elements[e].hex.expect("standing");
    let pinned = geometry::contacts(s, e).into_iter().find(|&o| {
        matches!(
            around(s, e, s.elements[o].hex.expect("standing")),
            Around::Flank | Around::Rear
        ) && geometry::front_enemy(s, o) == Some(e)
    });
    if let Some(o) = pinned {
        destroy(
            s,
            e,
            true,
            &format!(
                "VV 8 Recoil: it cannot recoil with {} frontally contacted on its flank or rear",
                setup.elements[o].id
            ),
            ev,
        );
        return false;
    }
    let dir = s.elements[e].facing.turn(6);
    let mut chain = vec![e];
    let mut cur = h;
    let blocked = loop {
        let Some(next) = geometry::toward(s, cur, dir) else {
            break Some(format!("the map's edge behind {}", setup.name(cur)));
        };
        let last = *chain.last().expect("one at least");
        if !passable(s, last, next) {
            break Some(format!(
                "{} ({}) behind it",
                setup.name(next),
                setup.terrain(next)
            ));
        }
        match at(s, next) {
            None => break None,
            Some(o) if geometry::side(s, o) != setup.elements[e].side => {
                break Some(format!("the enemy {} behind it", setup.elements[o].id));
            }
            Some(o)
                if troop(s, o)
                    && (s.elements[o].facing != s.elements[e].facing || s.elements[o].square) =>
            {
                break Some(format!(
                    "{} behind it facing in a different direction (VV 5.3)",
                    setup.elements[o].id
                ));
            }
            Some(o) => {
                chain.push(o);
                cur = next;
            }
        }
    };
    if let Some(why) = blocked {
        destroy(
            s,
            e,
            true,
            &format!("VV 8 Recoil: it cannot recoil: {why}"),
            ev,
        );
        return false;
    }
    for &x in chain.iter().rev() {
        let from = s.elements[x].hex.expect("standing");
        let to = geometry::toward(s, from, dir).expect("checked");
        s.elements[x].hex = Some(to);
    }
    let pushed: Vec<String> = chain[1..]
        .iter()
        .map(|&x| setup.elements[x].id.clone())
        .collect();
    note(
        ev,
        format!(
            "{id} recoils to {}{} (VV 8 Recoil)",
            setup.name(s.elements[e].hex.expect("moved")),
            if pushed.is_empty() {
                String::new()
            } else {
                format!(", pushing {} back", pushed.join(", "))
            }
        ),
    );
    true
}

/// How far `h` is from a side's base edge, in rows or columns.
pub fn from_edge(s: &State, edge: MapEdge, h: HexCoord) -> u32 {
    let g = &s.setup().grid;
    u32::from(match edge {
        MapEdge::North => h.row - 1,
        MapEdge::South => g.rows - h.row,
        MapEdge::West => h.col - 1,
        MapEdge::East => g.columns - h.col,
    })
}

/// VV 8 Fleeing: (after its recoil, when `recoil_first`) it about-turns and flees its clear
/// move + 100 paces toward its side's base edge, each step to a free neighbour nearer the edge,
/// straight back where it can ("need not move in a straight line, but may veer to avoid any
/// impassable obstacles"; then farther from the nearest enemy, then the hex order); leaving
/// the map destroys it (VV 9). Returns whether it is still on the map.
pub fn flee(s: &mut State, e: usize, recoil_first: bool, ev: &mut Vec<Event>) -> bool {
    if recoil_first && !recoil(s, e, ev) {
        return false;
    }
    let setup = s.setup_arc();
    let edge = setup.base_edges[setup.elements[e].side];
    s.elements[e].square = false;
    let clear = setup
        .variant
        .sheet
        .paces(&move_row(s, e), "clear")
        .unwrap_or(100);
    let steps = move_hexes(clear) + move_hexes(core().paces.flee_extra);
    let start = s.elements[e].hex.expect("standing");
    for _ in 0..steps {
        let h = s.elements[e].hex.expect("standing");
        if from_edge(s, edge, h) == 0 {
            destroy(
                s,
                e,
                false,
                "VV 9: it flees off the table by its base line: \"All elements that leave the \
                 table are considered destroyed\"",
                ev,
            );
            return false;
        }
        let enemy_gap = |x: HexCoord| {
            (0..s.elements.len())
                .filter(|&o| troop(s, o) && geometry::side(s, o) != setup.elements[e].side)
                .map(|o| setup.grid.distance(x, s.elements[o].hex.expect("standing")))
                .min()
                .unwrap_or(u32::MAX)
        };
        let best = setup
            .grid
            .neighbors(h)
            .filter(|&n| at(s, n).is_none() && passable(s, e, n))
            .filter(|&n| from_edge(s, edge, n) < from_edge(s, edge, h))
            .min_by_key(|&n| {
                let straight = match edge {
                    MapEdge::North | MapEdge::South => n.col == h.col,
                    MapEdge::East | MapEdge::West => n.row == h.row,
                };
                (
                    from_edge(s, edge, n),
                    !straight,
                    std::cmp::Reverse(enemy_gap(n)),
                    n,
                )
            });
        let Some(n) = best else { break };
        s.elements[e].facing = geometry::hexside_toward(s, h, n);
        s.elements[e].hex = Some(n);
    }
    let end = s.elements[e].hex.expect("standing");
    if let Some(step) = setup
        .grid
        .neighbors(end)
        .find(|&n| from_edge(s, edge, n) < from_edge(s, edge, end))
    {
        s.elements[e].facing = geometry::hexside_toward(s, end, step);
    }
    note(
        ev,
        format!(
            "{} flees from {} to {} toward its base line ({}) (VV 8 Fleeing)",
            setup.elements[e].id,
            setup.name(start),
            setup.name(end),
            edge.name()
        ),
    );
    true
}

/// Apply `outcome` to `loser`; the hex it left, if it left one (for pursuit).
pub fn apply(
    s: &mut State,
    loser: usize,
    outcome: Outcome,
    sev: Severity,
    ev: &mut Vec<Event>,
) -> Option<HexCoord> {
    let setup = s.setup_arc();
    let h = s.elements[loser].hex;
    let row = s
        .etype(loser)
        .map(|t| setup.variant.sheet.results[&t.results].name.clone())
        .unwrap_or_default();
    let cell = match sev {
        Severity::MoreThanHalf => "less than the enemy's but more than half",
        Severity::HalfOrLess => "half or less than half the enemy's",
    };
    note(
        ev,
        format!(
            "{} {}: its total is {cell}, row {row} of the combat results table (VV {} Combat \
             Results Table)",
            setup.elements[loser].id,
            outcome.word(),
            setup.sheet_name()
        ),
    );
    match outcome {
        Outcome::Recoil => {
            recoil(s, loser, ev);
        }
        Outcome::Flee => {
            flee(s, loser, true, ev);
        }
        Outcome::Destroyed => destroy(s, loser, true, "VV 8 Results", ev),
    }
    h.filter(|&x| at(s, x).is_none())
}

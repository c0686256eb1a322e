//! The Command and Reorganization Phase for the standard level (AoR 12.2-12.5): which order
//! each formation should have, sent only when it differs from the one in force or on its way,
//! and only when it can be complied with before the game ends (AoR 12.4's delay).
//!
//! - Attack (AoR 12.2: may enter enemy ZOCs, must close and assault) where the side's
//!   strength near the formation beats the enemy's there;
//! - March (roads at their rates) to the formation's goal when it is far and no enemy is near:
//!   reinforcements brought up;
//! - Defend otherwise: free to move and take what is not in an enemy ZOC, to hold and to
//!   leave a ZOC.

use super::super::orders::compliance;
use super::super::position::Ctx;
use super::super::section::Order;
use super::super::setup::Ix;
use super::super::state::{Command, LeaderLoc, Loc, State};
use super::maneuver::{centre, formation_goal};
use super::maps::{Fields, Geometry};
use super::weights::Weights;
use crate::ai::candidates::Candidate;
use crate::engine::dice::FixedDice;
use std::collections::BTreeSet;

/// The order a formation should have now, with the words that say why.
fn wanted(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    f: usize,
    w: &Weights,
) -> Option<(Order, Option<Ix>, String)> {
    let setup = s.setup();
    let side = setup.formations[f].side;
    let hexes: Vec<Ix> = (0..s.units.len())
        .filter(|&u| setup.units[u].formation == f)
        .filter_map(|u| match s.units[u].loc {
            Loc::At(h) => Some(h),
            _ => None,
        })
        .collect();
    let centre = centre(geo, &hexes)?;
    let strength = |side: usize, near: &dyn Fn(Ix) -> bool| -> f64 {
        (0..s.units.len())
            .filter(|&u| setup.units[u].side == side)
            .filter_map(|u| match s.units[u].loc {
                Loc::At(h) if near(h) => {
                    let st = setup.units[u].strength_at(s.units[u].steps) as f64;
                    Some(if s.units[u].disrupted.is_some() {
                        st * 0.5
                    } else {
                        st
                    })
                }
                _ => None,
            })
            .sum()
    };
    let enemy = strength(1 - side, &|h| hexes.iter().any(|&x| geo.d(x, h) <= 4));
    let friends = strength(side, &|h| geo.d(centre, h) <= 4);
    let goal = formation_goal(s, ctx, fields, geo, f);
    let cur = &s.formations[f];
    let now = cur.pending.as_ref().map(|p| p.order).unwrap_or(cur.order);
    if enemy <= 0.0 {
        if let Some(g) = goal
            && geo.d(centre, g) > w.march_beyond
        {
            // The March hex: the goal, or the free hex next to it nearest the formation.
            let to = if ctx.enemy_in(side, g) {
                setup
                    .neighbors(g)
                    .filter(|&h| !ctx.enemy_in(side, h))
                    .min_by_key(|&h| geo.d(centre, h))?
            } else {
                g
            };
            let words = format!(
                "March to {}: no enemy near, {} hexes to go{}",
                setup.name(to),
                geo.d(centre, g),
                fields.label[g as usize]
                    .as_ref()
                    .map(|l| format!(" towards {l}"))
                    .unwrap_or_default()
            );
            return Some((Order::March, Some(to), words));
        }
        return Some((
            Order::Defend,
            None,
            "Defend: no enemy near, free to move and hold".into(),
        ));
    }
    let ratio = friends / enemy;
    let last_turns = s.turn + 2 >= setup.game_length;
    let needs = goal.is_some_and(|g| s.occupied[g as usize] != side as u8 + 1);
    let attack = ratio >= w.attack_ratio
        || (now == Order::Attack && ratio >= w.keep_attack)
        || (last_turns && needs && ratio >= w.last_turns_ratio);
    // Hold the line (AoR 12.2, 5.4): the formation stands by an objective its side holds, its
    // goal is not one to take, and the enemy approaches it. Attack orders would oblige its
    // units to close with the enemy and leave the objective; Defend keeps them on it and on
    // the approaches, where their ZOCs stop what is not ordered to attack and make the rest
    // pay in passing fire (7.12). Not when the side is strong enough to crush what comes
    // (`Weights::hold_line` times the enemy's strength).
    if attack
        && w.hold_line > 0.0
        && !needs
        && ratio < w.hold_line
        && let Some(o) = held_objective(s, fields, geo, &hexes, side)
    {
        let name = fields.label[o as usize]
            .clone()
            .unwrap_or_else(|| setup.name(o));
        return Some((
            Order::Defend,
            None,
            format!(
                "Defend to hold the line before {name}: the enemy {} hexes from it, {friends:.0} \
                 strength near against its {enemy:.0}; Attack would oblige its units to leave it \
                 (AoR 12.2, 5.4)",
                fields.enemy_dist[o as usize]
            ),
        ));
    }
    if attack {
        return Some((
            Order::Attack,
            None,
            format!("Attack: {friends:.0} strength near against the enemy's {enemy:.0}"),
        ));
    }
    Some((
        Order::Defend,
        None,
        format!(
            "Defend: {friends:.0} strength near against the enemy's {enemy:.0}, not enough to attack"
        ),
    ))
}

/// The objective hex (worth something at the end, `Fields::value`) the side holds that the
/// formation's units (in `hexes`) stand on or next to and the enemy approaches (within four
/// hexes of it), the nearest the enemy first.
fn held_objective(
    s: &State,
    fields: &Fields,
    geo: &Geometry,
    hexes: &[Ix],
    side: usize,
) -> Option<Ix> {
    (0..fields.value.len() as Ix)
        .filter(|&o| fields.value[o as usize] > 0.0 && s.occupied[o as usize] == side as u8 + 1)
        .filter(|&o| fields.enemy_dist[o as usize] <= 4)
        .filter(|&o| hexes.iter().any(|&h| geo.d(h, o) <= 1))
        .min_by_key(|&o| (fields.enemy_dist[o as usize], o))
}

/// The next order to send this phase, if any; each formation is considered once a phase
/// (`tried`).
pub fn next_order(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    tried: &mut BTreeSet<usize>,
    w: &Weights,
) -> Option<Candidate<Command>> {
    let setup = s.setup();
    let side = s.player;
    // The formations closest to the enemy first: their orders matter most.
    let mut formations: Vec<(u32, usize)> = (0..setup.formations.len())
        .filter(|&f| setup.formations[f].side == side && !tried.contains(&f))
        .map(|f| {
            let near = (0..s.units.len())
                .filter(|&u| setup.units[u].formation == f)
                .filter_map(|u| match s.units[u].loc {
                    Loc::At(h) => Some(fields.enemy_dist[h as usize]),
                    _ => None,
                })
                .min()
                .unwrap_or(u32::MAX);
            (near, f)
        })
        .collect();
    formations.sort();
    for (_, f) in formations {
        tried.insert(f);
        let fd = &setup.formations[f];
        let cur = &s.formations[f];
        if cur.pending.is_some() {
            continue;
        }
        let Some((order, march_to, words)) = wanted(s, ctx, fields, geo, f, w) else {
            continue;
        };
        let same = cur.order == order
            && match (order, cur.march_to, march_to) {
                (Order::March, Some(a), Some(b)) => geo.d(a, b) <= 2,
                (Order::March, _, _) => false,
                _ => true,
            };
        if same {
            continue;
        }
        // AoR 12.4: how long until the leader complies; an order that would come after the
        // last game-turn is not sent.
        let (LeaderLoc::At(a), LeaderLoc::At(b)) =
            (s.leaders[fd.commander].loc, s.leaders[fd.leader].loc)
        else {
            continue;
        };
        let dist = setup.cavalry_distance(a, b).unwrap_or(u32::MAX / 4);
        let comp = compliance(
            order,
            s.leaders[fd.commander].rating,
            s.leaders[fd.leader].rating,
            dist,
        );
        if s.turn + comp.turns > setup.game_length {
            continue;
        }
        let c = Command::SendOrder {
            formation: fd.id.clone(),
            order,
            march_to: march_to.map(|h| setup.name(h)),
            attack_after_march: false,
        };
        if super::super::sequence::apply(s, &c, &mut FixedDice::new([])).is_err() {
            continue;
        }
        let mut k = Candidate::new(c);
        k.term("order", 1.0, format!("{}: {words}", fd.name));
        k.term(
            "compliance",
            0.0,
            if comp.turns == 0 {
                "complied with now (AoR 12.4)".to_string()
            } else {
                format!(
                    "complied with on game-turn {} (AoR 12.4)",
                    s.turn + comp.turns
                )
            },
        );
        return Some(k);
    }
    None
}

//! Exiting the map (AoR 5.6): "Units exiting the map are not considered eliminated for VP
//! purposes unless they exited as part of a retreat. However, they can only reenter if
//! permitted by game specific rules."
//!
//! Kepi's readings (docs/rules/age-of-rifles.md, "Exiting the map"):
//! - A side's exit area is the union of the `area`s of its `exited` victory points and of its
//!   `exit` victory conditions (`Setup::exit_areas`); without one, its units never leave the
//!   map. The hex a unit leaves from is kept (`exited_from`): an `exit` condition counts the
//!   units that left through its own area (`victory`).
//! - Leaving is a unit's whole move in its side's Formation Movement Segment (AoR 4 III): it
//!   stands on a map-edge hex of its exit area, has not moved, and pays what entering one more
//!   clear hex costs (1 MP, `movement::terrain_cost`), within its allowance (one less for a
//!   demoralized formation, AoR 14.1).
//! - It may move as movement allows (`position::Ctx::unit_options`): not artillery that
//!   bombarded (AoR 8.1); not from an enemy ZOC (AoR 5.4: a ZOC is left only by advance or
//!   retreat, and the Defend order's exception moves a unit to a hex, not off the map); not
//!   out of command range (AoR 12.1: a unit out of range must move back towards it); not
//!   under Attack orders while an enemy unit is on the map (AoR 12.2 Attack: "may not move
//!   away from it"). Reserve, Defend and March orders may leave.
//! - The unit goes to [`Loc::Exited`] for good: it is no loss (no formation or army
//!   demoralization, AoR 13, 14.1, no points for the enemy's `eliminated`), and scores its
//!   side the points of each `exited` entry whose area holds the hex. The format has no
//!   reentry rule, so nothing brings it back.
//! - A retreat never leaves the map: a stack whose only way away from the enemy is off the
//!   map has no hex to retreat into and is eliminated (`losses::retreat`), which counts for
//!   victory points as 5.6 says a unit exiting as part of a retreat does.

use super::losses;
use super::movement::{Mover, terrain_cost};
use super::position::Ctx;
use super::section::Order;
use super::setup::{Ix, PointsDef, Setup};
use super::state::{Event, Loc, Phase, State};
use crate::engine::RuleError;

const CASE: &str = "AoR 5.6";

/// The hexes `side`'s units may leave the map from: its `exited` areas, in index order.
pub fn exit_hexes(setup: &Setup, side: usize) -> &[Ix] {
    &setup.exit_areas[side]
}

/// Whether hex `h` lies on the map edge (it has fewer than six neighbours on the map).
pub fn on_edge(setup: &Setup, h: Ix) -> bool {
    setup.neighbors(h).count() < 6
}

/// Why unit `u` may not leave the map now, or the hex it leaves from.
pub fn exit_check(s: &State, ctx: &Ctx, u: usize) -> Result<Ix, String> {
    let setup = s.setup();
    let d = &setup.units[u];
    let us = &s.units[u];
    if s.phase != Phase::Movement || d.side != s.phasing() || s.combat.is_some() {
        return Err(format!(
            "{CASE}: units leave the map in their side's Formation Movement Segment (AoR 4 III)"
        ));
    }
    let Loc::At(h) = us.loc else {
        return Err(format!("{CASE}: {} is not on the map", d.name));
    };
    if us.moved {
        return Err(format!("{CASE}: {} has moved this segment already", d.name));
    }
    if !exit_hexes(setup, d.side).contains(&h) || !on_edge(setup, h) {
        return Err(format!(
            "{CASE}: {} may leave the map only from a map-edge hex of its side's exit area; {} \
             is not one",
            d.name,
            setup.name(h)
        ));
    }
    if us.bombarded && d.kind.is_artillery() {
        return Err("AoR 4 III, 8.1: artillery that bombarded cannot move".into());
    }
    if ctx.enemy_zoc(d.side, h) {
        return Err(format!(
            "{CASE}, 5.4: {} is in an enemy ZOC and may leave it only by advance or retreat",
            d.name
        ));
    }
    let fs = &s.formations[d.formation];
    if fs.order == Order::Attack && ctx.nearest_enemy(d.side, h).is_some() {
        return Err(format!(
            "{CASE}, 12.2: {} has Attack orders and may not move away from the enemy",
            d.name
        ));
    }
    if !ctx.in_range(d.formation, h) {
        return Err(format!(
            "{CASE}, 12.1: {} is out of command range and must move back towards it",
            d.name
        ));
    }
    // AoR 14.1: a demoralized formation's units move 1 MP less.
    let allowance = d.movement.saturating_sub(u32::from(fs.demoralized)) * 2;
    let cost = terrain_cost("clear", Mover::of(d.kind)).expect("clear has a cost");
    if cost > allowance {
        return Err(format!(
            "{CASE}, 5: {} has {} MP, and leaving costs 1 MP",
            d.name,
            allowance / 2
        ));
    }
    Ok(h)
}

/// The units that may leave the map now, in unit order.
pub fn exiters(s: &State, ctx: &Ctx) -> Vec<usize> {
    let setup = s.setup();
    if setup.exit_areas.iter().all(|a| a.is_empty()) {
        return Vec::new();
    }
    (0..setup.units.len())
        .filter(|&u| exit_check(s, ctx, u).is_ok())
        .collect()
}

/// Unit `u` leaves the map (AoR 5.6) and scores its side's exit points.
pub fn exit(s: &mut State, u: usize, events: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.arc();
    let h = {
        let ctx = Ctx::new(s);
        exit_check(s, &ctx, u).map_err(|e| RuleError::rule(CASE, e))?
    };
    let d = &setup.units[u];
    s.units[u].loc = Loc::Exited;
    s.units[u].exited_from = Some(h);
    s.units[u].moved = true;
    s.units[u].overstacked = false;
    let mut scored = 0;
    for p in &setup.points {
        if let PointsDef::Exited { side, points, area } = p
            && *side == d.side
            && area.contains(&h)
        {
            scored += points;
        }
    }
    s.points[d.side] += scored;
    losses::note(
        events,
        format!(
            "{} leaves the map from {} ({CASE}){}",
            d.name,
            setup.name(h),
            if scored != 0 {
                format!(": {} victory points for {}", scored, setup.sides[d.side].1)
            } else {
                String::new()
            }
        ),
    );
    Ok(())
}

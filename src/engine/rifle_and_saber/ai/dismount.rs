//! Dismounting and remounting (issue 42, R&S 4(L)): at the very beginning of its Movement
//! Phase a mounted unit may dismount (or a dismounted one remount), for half the movement
//! allowance of what it becomes (rounded up). Dismounted cavalry fights as MZ infantry and
//! mounted rifles as EB: more fire, longer range (the mounted kinds reach two hexes), the
//! defense of the infantry, and the benefit of trenches and improved positions (10.2, 10.3),
//! which mounted units do not get; they lose the mounted movement and the charge (4(K)).
//!
//! So dismounting pays for a unit that will stay and fire or hold cover rather than move:
//! the standard level dismounts a unit whose best candidate is to stay where it is, within
//! its movement on foot of its objectives (not counting toward an exit, nor escorting units
//! that do, `maneuver::convoy`), when,
//! dismounted, it would have fire to give next turn that it has not mounted (an enemy within
//! the infantry's range at better than hopeless odds, `maneuver::fire_to_give`) or would
//! defend better there against fire that can reach it (`Fields::fire`). It remounts a
//! dismounted unit with far to go (beyond its movement on foot) that has no target in range,
//! where no enemy fire or shock can reach it, and that stands in no position only infantry
//! uses.

use super::super::apply::apply;
use super::super::command::Command;
use super::super::fire::fire_defense;
use super::super::movement::mounted;
use super::super::state::{State, UnitId};
use super::maneuver::{convoy, enemy_tops, fire_to_give};
use super::maps::Fields;
use super::weights::Weights;
use crate::engine::dice::FixedDice;
use crate::frac::Frac;

/// May unit `u` change its mount now (R&S 4(L): at the very beginning of its Movement Phase)?
fn at_the_beginning(state: &State, u: UnitId) -> bool {
    let unit = &state.units[u];
    unit.hex().is_some() && unit.moved == 0 && unit.spent == Frac::ZERO && !unit.changed_mount
}

/// Should unit `u`, mounted and choosing to stay where it is, dismount? Its words if so.
pub fn dismount(state: &State, fields: &Fields, w: &Weights, u: UnitId) -> Option<String> {
    if !mounted(state, u)
        || state.kind(u).dismounts_as.is_none()
        || !at_the_beginning(state, u)
        || state.units[u].disrupted()
    {
        return None;
    }
    let h = state.units[u].hex()?;
    let x = fields.at(state, h);
    // Only a unit that will stay: within its movement on foot of its objectives (it holds
    // them or steps onto them as infantry), and neither counting toward its side's exit nor
    // escorting the units that do (`maneuver::convoy`): those move on.
    let on_foot = state
        .kind(u)
        .dismounts_as
        .map_or(0.0, |k| f64::from(state.setup.kinds[k].movement));
    let near = fields.distance_for(state, u, x);
    let exits = fields
        .objectives
        .iter()
        .any(|o| o.exit && o.own && o.counts(state, u));
    if !near.is_finite() || near > on_foot || exits || !convoy(state, fields, u).is_empty() {
        return None;
    }
    let (after, _) = apply(
        state,
        &Command::Dismount { unit: u },
        &mut FixedDice::new([]),
    )
    .ok()?;
    let tops = enemy_tops(state, u);
    let fires_on_foot = fire_to_give(&after, w, u, h, &tops);
    let fires_mounted = fire_to_give(state, w, u, h, &tops);
    let stronger = after.kind(u).fire_attack > state.kind(u).fire_attack;
    let (mounted_defense, foot_defense) = (fire_defense(state, u), fire_defense(&after, u));
    let shot_at = fields.fire[x] > Frac::ZERO;
    let firing = fires_on_foot && (!fires_mounted || stronger);
    let holding = shot_at && foot_defense > mounted_defense;
    if !firing && !holding {
        return None;
    }
    let mut why = Vec::new();
    if firing {
        why.push(format!(
            "it has fire to give next turn on foot (fire {} against {} mounted)",
            after.kind(u).fire_attack,
            state.kind(u).fire_attack
        ));
    }
    if holding {
        why.push(format!(
            "it defends at {foot_defense} on foot against {mounted_defense} mounted, under \
             enemy fire"
        ));
    }
    Some(format!(
        "dismounts to hold {} as {} (R&S 4(L): half the new movement allowance): {}",
        state.setup.name(h),
        after.kind(u).code,
        why.join("; ")
    ))
}

/// Should unit `u`, dismounted, remount now? Its words if so.
pub fn remount(state: &State, fields: &Fields, u: UnitId) -> Option<String> {
    let unit = &state.units[u];
    let mounted_kind = unit.mounted_kind?;
    if !at_the_beginning(state, u) || unit.disrupted() {
        return None;
    }
    let h = unit.hex()?;
    let x = fields.at(state, h);
    let far = fields.distance_for(state, u, x);
    let on_foot = f64::from(state.kind(u).movement);
    let works = state.improved.contains(&h) || state.trenches.contains(&h);
    if !far.is_finite()
        || far <= on_foot
        || fields.targets[x] > 0
        || fields.fire[x] > Frac::ZERO
        || fields.shock[x] > Frac::ZERO
        || works
    {
        return None;
    }
    Some(format!(
        "remounts as {} (R&S 4(L)): {far:.0} to go to its objectives, beyond its {on_foot:.0} \
         MP on foot, no target in range and no enemy fire or shock can reach it",
        state.setup.kinds[mounted_kind].code
    ))
}

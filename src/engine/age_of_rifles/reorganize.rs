//! Reorganization of eliminated units, AoR 15: "Eliminated units can be reorganized starting
//! with the first night turn after their elimination. The formation must have Reserve orders,
//! and the formation leader must not be in extended LOS from any enemy unit. The leader does not
//! count as being present on the map for any other purpose for that turn. Reorganized units
//! are placed in the leader's hex up to the stacking limit with their reduced step strength
//! (meaning at most two per turn can be reorganized per leader). Units of a demoralized corps
//! or army are only reorganized on a dieroll of 5-6, otherwise they are eliminated
//! permanently."
//!
//! Kepi's readings (docs/rules/age-of-rifles.md records them):
//! - it is done in the Command and Reorganization Phase (AoR 4.1) of a night game-turn, by the
//!   side sending orders, one `reorganize` command a unit;
//! - "after their elimination": eliminated on an earlier game-turn than this one;
//! - "Reserve orders": the order in force (one sent but not yet complied with does not count);
//! - "extended LOS": line of sight (AoR 8.3, `los`) from any enemy unit on the map at any
//!   range; none may see the leader's hex;
//! - "up to the stacking limit": the leader's hex holds fewer than two units (AoR 5.3) before
//!   each unit is placed;
//! - "reduced step strength": one step (its reduced side; a one-step unit is its only side);
//! - "a demoralized corps or army": the unit's formation is demoralized (AoR 14.1) or its
//!   army is (AoR 13); one die, 5-6 the unit is placed, 1-4 it is eliminated permanently and
//!   never offered again;
//! - "not present for any other purpose": the formation leader (once he has reorganized or
//!   rolled for a unit) receives no orders (AoR 12; formation leaders send none: commanders
//!   are other leaders), does not move, and his hex is no origin of his formation's command
//!   range (AoR 12.1; the commander's still is) until the next game-turn. His counter stays in
//!   its hex (what moves or kills leaders in a hex, AoR 11, still applies to it); the leader
//!   effects of combat (AoR 7.5, 7.8) cannot arise on a night turn;
//! - the unit leaves the eliminated strength of its formation and army (AoR 13, 14.1): a
//!   formation or army already demoralized stays so, and victory points scored for the
//!   elimination stay scored.

use super::losses::{note, roll};
use super::position::Ctx;
use super::section::Order;
use super::setup::Ix;
use super::state::{Event, LeaderLoc, Loc, Phase, State};
use super::weather::{self, Dark};
use crate::engine::RuleError;
use crate::engine::dice::Dice;

const CASE: &str = "AoR 15";

fn refuse(why: String) -> RuleError {
    RuleError::rule(CASE, why)
}

/// The enemy unit (of `side`'s enemy) that sees hex `h` (AoR 8.3 line of sight at any range:
/// Kepi's reading of "extended LOS"), the first in unit order.
pub fn seen_by(s: &State, side: usize, h: Ix) -> Option<usize> {
    let setup = s.setup();
    (0..s.units.len()).find(|&e| {
        setup.units[e].side != side
            && matches!(s.units[e].loc, Loc::At(eh)
                if super::los::line_of_sight(&setup.map, setup.hex(eh), setup.hex(h)).is_ok())
    })
}

/// Whether unit `u` may be reorganized now; the leader and his hex if so, else why not (each
/// condition of AoR 15 in words).
pub fn check(s: &State, u: usize) -> Result<(usize, Ix), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    if s.phase != Phase::Command || s.combat.is_some() {
        return Err(RuleError::not_now(
            "units are reorganized in the Command and Reorganization Phase (AoR 4.1, 15)",
        ));
    }
    if weather::of(setup, s.turn) != Some(Dark::Night) {
        return Err(refuse(format!(
            "game-turn {} is not a night turn: eliminated units are reorganized on night turns",
            s.turn
        )));
    }
    if d.side != s.player {
        return Err(RuleError::not_now(format!(
            "{} is not a unit of the side sending orders now: each side reorganizes its own \
             units in its part of the phase (AoR 4.1, 15)",
            d.name
        )));
    }
    if s.units[u].loc != Loc::Eliminated {
        return Err(refuse(format!("{} is not eliminated", d.name)));
    }
    if s.units[u].permanent {
        return Err(refuse(format!(
            "{} is eliminated permanently (AoR 7.4 or a failed AoR 15 roll)",
            d.name
        )));
    }
    if s.units[u].eliminated_on.is_some_and(|t| t >= s.turn) {
        return Err(refuse(format!(
            "{} was eliminated on this game-turn: units are reorganized from the first night \
             turn after their elimination",
            d.name
        )));
    }
    let f = d.formation;
    let fd = &setup.formations[f];
    if s.formations[f].order != Order::Reserve {
        return Err(refuse(format!(
            "{} has {} orders: the formation must have Reserve orders",
            fd.name,
            s.formations[f].order.name()
        )));
    }
    let l = fd.leader;
    let ld = &setup.leaders[l];
    let LeaderLoc::At(h) = s.leaders[l].loc else {
        return Err(refuse(format!(
            "{}, the formation leader, is not on the map",
            ld.name
        )));
    };
    if let Some(e) = seen_by(s, d.side, h) {
        let Loc::At(eh) = s.units[e].loc else {
            unreachable!("a seeing unit is on the map")
        };
        return Err(refuse(format!(
            "{} in {} is in line of sight of the enemy's {} in {} (Kepi's reading of \"extended \
             LOS\": AoR 8.3 at any range)",
            ld.name,
            setup.name(h),
            setup.units[e].name,
            setup.name(eh)
        )));
    }
    let ctx = Ctx::new(s);
    if ctx.friends_in(d.side, h) >= setup.stack_limit(h) || ctx.enemy_in(d.side, h) {
        return Err(RuleError::rule(
            "AoR 15, 5.3",
            format!(
                "{}'s hex {} holds two units already: reorganized units are placed up to the \
                 stacking limit",
                ld.name,
                setup.name(h)
            ),
        ));
    }
    Ok((l, h))
}

/// The units the side sending orders may reorganize now, in unit order.
pub fn offered(s: &State) -> Vec<usize> {
    if s.phase != Phase::Command
        || s.combat.is_some()
        || weather::of(s.setup(), s.turn) != Some(Dark::Night)
    {
        return Vec::new();
    }
    (0..s.units.len())
        .filter(|&u| s.units[u].loc == Loc::Eliminated && check(s, u).is_ok())
        .collect()
}

/// AoR 15: reorganizes unit `u` (or, in a demoralized formation or army, rolls for it).
pub fn reorganize(
    s: &mut State,
    u: usize,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (l, h) = check(s, u)?;
    let setup = s.arc();
    let d = &setup.units[u];
    let f = d.formation;
    s.leaders[l].reorganizing = true;
    let demoralized = s.formations[f].demoralized;
    let army = s.army_demoralized[d.side];
    if demoralized || army {
        let faces = roll(
            dice,
            events,
            "reorganization",
            1,
            serde_json::json!({
                "unit": d.id,
                "formation": setup.formations[f].id,
                "demoralized": demoralized,
                "army_demoralized": army,
            }),
        )?;
        if faces[0] < 5 {
            s.units[u].permanent = true;
            note(
                events,
                format!(
                    "{} of the demoralized {} rolls {}: eliminated permanently (AoR 15: 5-6 \
                     needed)",
                    d.name,
                    if demoralized {
                        setup.formations[f].name.as_str()
                    } else {
                        "army"
                    },
                    faces[0]
                ),
            );
            return Ok(());
        }
    }
    let us = &mut s.units[u];
    us.loc = Loc::At(h);
    us.steps = 1;
    us.eliminated_on = None;
    us.disrupted = None;
    us.moved = false;
    us.bombarded = false;
    us.attacked = false;
    us.overstacked = false;
    us.started_in_zoc = false;
    us.charged = false;
    s.occupied[h as usize] = d.side as u8 + 1;
    s.formations[f].lost = s.formations[f].lost.saturating_sub(d.strength);
    s.destroyed[d.side] = s.destroyed[d.side].saturating_sub(d.strength);
    note(
        events,
        format!(
            "{} is reorganized in {} with {}, its reduced strength: {} (AoR 15)",
            d.name,
            setup.name(h),
            setup.leaders[l].name,
            d.strength_at(1)
        ),
    );
    Ok(())
}

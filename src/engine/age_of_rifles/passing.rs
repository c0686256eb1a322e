//! Passing fire (AoR 7.12, 5.4): "If a unit or stack moves from the ZOC of an enemy stack into
//! another ZOC hex of the same stack, all units in the stack can fire at it at half strength.
//! If a hit is scored, the moving unit or stack has to check for retreat as in 7.4." And AoR
//! 7.4: "A stack that retreats into an enemy ZOC suffers passing fire" ([`on_retreat`], its
//! readings there).
//!
//! Kepi moves one unit a command along the cheapest allowed path (`position`), so the move is
//! walked hex by hex here ([`walk`]): at each step from a hex in the ZOC of an enemy stack into
//! another hex of that stack's ZOC, the stack fires. Readings (docs/rules/age-of-rifles.md,
//! "Passing fire"):
//! - **Automatic.** Firing costs the firing side nothing (no return fire, no retreat of its
//!   own, its assault untouched), so declining is never better: every stack that can score a
//!   hit (its strength at half rounds to at least 1) fires, with no command asked.
//! - **Strength.** All units of the stack, halved (7.12), with the modifiers of normal fire:
//!   disruption (6.2), cavalry halved (7.3), repeating weapons (7.6 Armament) and the chart's
//!   effect of the hex entered and of the hexside between (7.6 Terrain, as an assault on it).
//! - **Hits.** One moving unit takes them all (7.1's choice has one result); it is the
//!   attacker of no assault, so a hit under Attack orders counts for 12.3 like any other.
//! - **Retreat check.** Each hit scored is followed by the 7.4 morale check of the moving
//!   unit (2.3, with the chart's demoralized and fired-at-by-artillery modifiers); failed, it
//!   retreats one hex away from the firing stack as in 7.4 (disrupted) and its move ends
//!   there; passed, it moves on. No voluntary retreat halves the hits: that choice belongs to
//!   an assault round (7.4).
//! - **Cavalry** ignores ZOCs "under all circumstances" (5.4): it draws no passing fire.
//!
//! Invariants: the firing stacks are found from the position before the move (the moving
//! side's own unit does not change where enemy ZOCs are), in map order; every roll is
//! recorded (`passing fire`), so a replay reproduces the move.

use super::assault::{rifled_or_artillery, terrain};
use super::combat::{Firer, Situation, hits, strength};
use super::losses::{self, note, roll};
use super::position::Ctx;
use super::setup::Ix;
use super::state::{Event, Loc, State};
use super::zoc;
use crate::engine::RuleError;
use crate::engine::dice::Dice;

/// The enemy stacks (their hexes, in map order) whose ZOC holds both `from` and `to`: the
/// stacks that fire at a unit of `side` stepping from `from` into `to` (AoR 7.12).
pub fn firing_stacks(ctx: &Ctx, side: usize, from: Ix, to: Ix) -> Vec<Ix> {
    let setup = ctx.s.setup();
    let mut out: Vec<Ix> = setup
        .neighbors(to)
        .filter(|&e| {
            ctx.enemy_in(side, e)
                && setup.zones[e as usize].contains(&from)
                && setup.zones[e as usize].contains(&to)
        })
        .collect();
    out.sort_unstable();
    out
}

/// Whether a step from `from` into `to` draws passing fire on a unit of `side` (not cavalry).
pub fn exposed(ctx: &Ctx, side: usize, from: Ix, to: Ix) -> bool {
    ctx.enemy_zoc(side, from)
        && ctx.enemy_zoc(side, to)
        && !firing_stacks(ctx, side, from, to).is_empty()
}

/// The passing fires unit `u` would draw along `path` (the hexes entered from its hex), in
/// order: the firing stack's hex, the hex entered and the strength (AoR 7.12).
pub fn path_fires(s: &State, ctx: &Ctx, u: usize, path: &[Ix]) -> Vec<(Ix, Ix, u32)> {
    let setup = s.setup();
    let side = setup.units[u].side;
    let Loc::At(mut prev) = s.units[u].loc else {
        return Vec::new();
    };
    if zoc::ignores_zocs(setup.units[u].kind) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &h in path {
        if ctx.enemy_zoc(side, prev) && ctx.enemy_zoc(side, h) {
            for stack in firing_stacks(ctx, side, prev, h) {
                if let Some((st, _)) = strength_at(s, u, stack, h) {
                    out.push((stack, h, st));
                }
            }
        }
        prev = h;
    }
    out
}

/// The passing fires of [`path_fires`] in words for the reach view: "passing fire from 0903
/// entering 1003: strength 3 (AoR 7.12)".
pub fn path_notes(s: &State, ctx: &Ctx, u: usize, path: &[Ix]) -> Vec<String> {
    let setup = s.setup();
    path_fires(s, ctx, u, path)
        .into_iter()
        .map(|(stack, h, st)| {
            format!(
                "passing fire from {} entering {}: strength {st}, then a retreat check on a hit \
                 (AoR 7.12, 7.4)",
                setup.name(stack),
                setup.name(h)
            )
        })
        .collect()
}

/// How a passing fire ended for the moving unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No hit, or the retreat check passed: the move goes on.
    MovesOn,
    /// The unit failed its check and retreated (its move ends) or was eliminated.
    Stopped,
}

/// The passing-fire strength of the stack in `stack` at unit `u` entering `at` (AoR 7.12):
/// the rounded Fire Table row and the modifiers' names, or `None` when it cannot fire.
pub fn strength_at(s: &State, u: usize, stack: Ix, at: Ix) -> Option<(u32, Vec<String>)> {
    strength_on(s, &[u], stack, at)
}

/// As [`strength_at`], for the units `targets` (one stack of one side, not empty) in `at`.
pub fn strength_on(s: &State, targets: &[usize], stack: Ix, at: Ix) -> Option<(u32, Vec<String>)> {
    let setup = s.setup();
    let side = setup.units[*targets.first()?].side;
    let firers: Vec<Firer> = (0..s.units.len())
        .filter(|&x| setup.units[x].side != side && s.units[x].loc == Loc::At(stack))
        .map(|x| Firer {
            kind: setup.units[x].kind,
            strength: setup.units[x].strength_at(s.units[x].steps),
            armament: setup.units[x].armament,
            disrupted: s.units[x].disrupted.is_some(),
        })
        .collect();
    let sit = Situation {
        terrain: terrain(setup, stack, at, false),
        target_has_rifled_or_artillery: rifled_or_artillery(s, targets),
        passing: true,
        ..Situation::normal()
    };
    let st = strength(&firers, &sit).ok()?;
    (st.rounded > 0).then(|| {
        (
            st.rounded,
            st.modifiers.into_iter().map(|m| m.name).collect(),
        )
    })
}

/// The stack in `stack` fires at unit `u`, which has just stepped into `at` (AoR 7.12).
pub fn fire(
    s: &mut State,
    u: usize,
    stack: Ix,
    at: Ix,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<Outcome, RuleError> {
    let setup = s.arc();
    let name = setup.units[u].name.clone();
    let Some((st, words)) = strength_at(s, u, stack, at) else {
        return Ok(Outcome::MovesOn);
    };
    let faces = roll(
        dice,
        events,
        "passing fire",
        2,
        serde_json::json!({
            "unit": setup.units[u].id,
            "hex": setup.name(at),
            "from": setup.name(stack),
            "strength": st,
        }),
    )?;
    let h = hits(st, [faces[0], faces[1]]);
    note(
        events,
        format!(
            "passing fire (AoR 7.12) from {} at {name} entering {}: strength {st} ({}) scores {h}",
            setup.name(stack),
            setup.name(at),
            words.join(", ")
        ),
    );
    if h == 0 {
        return Ok(Outcome::MovesOn);
    }
    losses::apply_hits(s, &[u], h, events);
    if !matches!(s.units[u].loc, Loc::At(_)) {
        losses::check_armies(s, events);
        return Ok(Outcome::Stopped);
    }
    // AoR 7.4 as 7.12 asks; the chart's "fired at by artillery in normal combat" counts.
    let artillery = (0..s.units.len()).any(|x| {
        setup.units[x].side != setup.units[u].side
            && s.units[x].loc == Loc::At(stack)
            && setup.units[x].kind.is_artillery()
    });
    let extra = if artillery { -1 } else { 0 };
    if losses::check_morale(
        s,
        &[u],
        extra,
        "retreat check after passing fire, AoR 7.12, 7.4",
        dice,
        events,
    )? {
        return Ok(Outcome::MovesOn);
    }
    losses::retreat(s, &[u], &[stack], dice, events)?;
    losses::check_armies(s, events);
    Ok(Outcome::Stopped)
}

/// Unit `u` moves along `path` (the hexes entered, from its hex), drawing passing fire where
/// a step goes from one hex of an enemy stack's ZOC into another (AoR 7.12). Marks the hexes
/// entered as occupied (AoR 18) and relocates enemy leaders alone in them (AoR 11). Returns
/// the hexes entered before the move ended (all of `path`, or fewer when passing fire stopped
/// it) and whether it was stopped.
pub fn walk(
    s: &mut State,
    u: usize,
    path: &[Ix],
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(Vec<Ix>, bool), RuleError> {
    let setup = s.arc();
    let side = setup.units[u].side;
    let Loc::At(start) = s.units[u].loc else {
        return Ok((Vec::new(), true));
    };
    // The firing stacks of each step, from the position before the move.
    let fire_at: Vec<Vec<Ix>> = if zoc::ignores_zocs(setup.units[u].kind) {
        vec![Vec::new(); path.len()]
    } else {
        let ctx = Ctx::new(s);
        let mut prev = start;
        path.iter()
            .map(|&h| {
                let f = if ctx.enemy_zoc(side, prev) && ctx.enemy_zoc(side, h) {
                    firing_stacks(&ctx, side, prev, h)
                } else {
                    Vec::new()
                };
                prev = h;
                f
            })
            .collect()
    };
    let mut entered = Vec::new();
    for (i, &h) in path.iter().enumerate() {
        s.units[u].loc = Loc::At(h);
        s.occupied[h as usize] = side as u8 + 1;
        entered.push(h);
        losses::relocate_leaders(s, h, side, events);
        for &stack in &fire_at[i] {
            if fire(s, u, stack, h, dice, events)? == Outcome::Stopped {
                return Ok((entered, true));
            }
        }
    }
    Ok((entered, false))
}

/// The enemy stacks (their hexes, in map order) whose ZOC holds `at`: the stacks that fire
/// at a stack of `side` retreating into `at` (AoR 7.4).
pub fn zoc_stacks(ctx: &Ctx, side: usize, at: Ix) -> Vec<Ix> {
    let setup = ctx.s.setup();
    let mut out: Vec<Ix> = setup
        .neighbors(at)
        .filter(|&e| ctx.enemy_in(side, e) && setup.zones[e as usize].contains(&at))
        .collect();
    out.sort_unstable();
    out
}

/// AoR 7.4: "A stack that retreats into an enemy ZOC suffers passing fire." The stack
/// `units` (of one side) has just retreated into `at`; every enemy stack whose ZOC holds `at`
/// fires at it as in 7.12 (half strength, the same modifiers, no command asked), in map
/// order, and each roll is recorded (`passing fire`, its context naming the retreat).
/// Readings (docs/rules/age-of-rifles.md, "Retreats (7.4)"):
/// - the hits fall on the stack by `losses::apply_hits`'s fixed rule for the owner (7.1: a
///   damaged unit first, the first hit on infantry, then the weakest), as the engine takes
///   automatic hits: no decision is asked in the middle of a retreat;
/// - no retreat check follows a hit: 7.12's check "for retreat as in 7.4" decides whether a
///   mover retreats, and this stack is already retreating, so a retreat never chains;
/// - an all-cavalry stack ignores ZOCs (5.4) and draws no fire, and no ZOC reaches into a
///   fort (10.1), so a stack retreating into an empty fort draws none.
///
/// Returns the hits scored.
pub fn on_retreat(
    s: &mut State,
    units: &[usize],
    at: Ix,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<u32, RuleError> {
    let setup = s.arc();
    let Some(&first) = units.first() else {
        return Ok(0);
    };
    if units
        .iter()
        .all(|&u| zoc::ignores_zocs(setup.units[u].kind))
    {
        return Ok(0);
    }
    let side = setup.units[first].side;
    // The firing stacks from the position as the stack arrives (invariant: a fire moves no
    // enemy unit, so the list holds for every fire).
    let stacks = zoc_stacks(&Ctx::new(s), side, at);
    let mut scored = 0;
    for stack in stacks {
        let alive: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| s.units[u].loc == Loc::At(at))
            .collect();
        if alive.is_empty() {
            break;
        }
        let Some((st, words)) = strength_on(s, &alive, stack, at) else {
            continue;
        };
        let names: Vec<&str> = alive.iter().map(|&u| setup.units[u].id.as_str()).collect();
        let faces = roll(
            dice,
            events,
            "passing fire",
            2,
            serde_json::json!({
                "units": names,
                "hex": setup.name(at),
                "from": setup.name(stack),
                "strength": st,
                "retreat": true,
            }),
        )?;
        let h = hits(st, [faces[0], faces[1]]);
        note(
            events,
            format!(
                "passing fire on a retreat into an enemy ZOC (AoR 7.4, 7.12) from {} at {} in \
                 {}: strength {st} ({}) scores {h}{}",
                setup.name(stack),
                alive
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                setup.name(at),
                words.join(", "),
                if h > 0 && alive.len() > 1 {
                    " (taken by Kepi's rule for the owner, AoR 7.1: a damaged unit first, the \
                     first hit on infantry, then the weakest; no retreat check follows, the \
                     stack is already retreating)"
                } else if h > 0 {
                    " (no retreat check follows: the stack is already retreating)"
                } else {
                    ""
                }
            ),
        );
        if h > 0 {
            losses::apply_hits(s, &alive, h, events);
            scored += h;
        }
    }
    Ok(scored)
}

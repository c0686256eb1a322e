//! What fire does to units in play: dice asked as data, hits allocated and applied (AoR 6.1,
//! 7.1, 7.2), eliminations with their demoralization (AoR 13, 14.1) and victory points, morale
//! checks (AoR 2.3 and the Morale Modifiers chart), retreats (AoR 7.4) and leaders left alone
//! (AoR 11).
//!
//! Hit allocation is the owner's choice (AoR 7.1): `allocations` lists the different results
//! the owner may choose among (the assault, bombardment and charge ask when there are two or
//! more: `allocate`, `disrupt`), `apply_allocation` takes the one chosen. `apply_hits` takes
//! the hits for the owner by a fixed rule that obeys 7.1, used only where the rule leaves one
//! result (or for a single unit, as supply's step, AoR 17): a damaged unit while one is
//! present, the first hit on infantry if possible, otherwise the weakest unit (ties in unit
//! order). docs/rules/age-of-rifles.md records these readings.

use super::combat::{MoraleUnit, Target, check_allocation_from, group_morale, morale_passes};
use super::section::{Kind, Order};
use super::setup::{Ix, PointsDef};
use super::state::{Disruption, Event, LeaderLoc, Loc, State};
use super::zoc;
use crate::engine::RuleError;
use crate::engine::dice::{Dice, DiceSpec, Roll, RollRequest};
use serde_json::Value;

/// Ask the dice for `count` d6 and record the roll as an event; the faces come back.
pub fn roll(
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
    purpose: &str,
    count: u8,
    context: Value,
) -> Result<Vec<u8>, RuleError> {
    let spec = DiceSpec { count, sides: 6 };
    let req = RollRequest {
        purpose: purpose.to_string(),
        spec,
        context: context.clone(),
    };
    let r = dice.roll(&req)?;
    let total = r.faces.iter().map(|&f| f as u32).sum();
    events.push(Event::Rolled {
        roll: Roll {
            purpose: purpose.to_string(),
            spec,
            faces: r.faces.clone(),
            total,
            context,
            forced: r.forced,
        },
    });
    Ok(r.faces)
}

pub fn note(events: &mut Vec<Event>, text: impl Into<String>) {
    events.push(Event::Note { text: text.into() });
}

/// The units in `targets` still on the map that take `hits`, allocated for the owner (see the
/// module's note). Returns the steps lost.
pub fn apply_hits(s: &mut State, targets: &[usize], hits: u32, events: &mut Vec<Event>) -> u32 {
    let setup = s.arc();
    let alive: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect();
    if hits == 0 || alive.is_empty() {
        return 0;
    }
    let t: Vec<Target> = alive
        .iter()
        .map(|&u| Target {
            kind: setup.units[u].kind,
            steps: s.units[u].steps as u32,
            damaged: (s.units[u].steps as u32) < setup.units[u].steps() as u32,
        })
        .collect();
    let mut steps: Vec<u32> = t.iter().map(|x| x.steps).collect();
    let mut damaged: Vec<bool> = t.iter().map(|x| x.damaged).collect();
    let mut allocation = Vec::new();
    for n in 0..hits {
        let live: Vec<usize> = (0..t.len()).filter(|&k| steps[k] > 0).collect();
        if live.is_empty() {
            break;
        }
        let pool: Vec<usize> = if live.iter().any(|&k| damaged[k]) {
            live.iter().copied().filter(|&k| damaged[k]).collect()
        } else {
            live.clone()
        };
        let infantry: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&k| t[k].kind == Kind::Infantry)
            .collect();
        let pool = if n == 0 && !infantry.is_empty() {
            infantry
        } else {
            pool
        };
        let k = *pool
            .iter()
            .min_by_key(|&&k| setup.units[alive[k]].strength_at(steps[k] as u8))
            .expect("a unit to hit");
        allocation.push(k);
        steps[k] -= 1;
        damaged[k] = steps[k] > 0;
    }
    let order: Vec<usize> = allocation.iter().map(|&k| alive[k]).collect();
    apply_allocation(s, &alive, &order, events)
}

pub fn targets_of(s: &State, alive: &[usize]) -> Vec<Target> {
    let setup = s.setup();
    alive
        .iter()
        .map(|&u| Target {
            kind: setup.units[u].kind,
            steps: s.units[u].steps as u32,
            damaged: (s.units[u].steps as u32) < setup.units[u].steps() as u32,
        })
        .collect()
}

/// AoR 7.1: every way the owner may take `hits` on `targets` (those still on the map), one
/// sequence of units (one a hit) for each different result, in the order found.
pub fn allocations(s: &State, targets: &[usize], hits: u32) -> Vec<Vec<usize>> {
    allocations_from(s, targets, hits, true)
}

/// As [`allocations`]; `first` false for hits after a first hit already taken (the hits of a
/// bombardment after its disruption, AoR 8.1: none of them is 7.1's "first hit").
pub fn allocations_from(s: &State, targets: &[usize], hits: u32, first: bool) -> Vec<Vec<usize>> {
    let alive: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect();
    let t = targets_of(s, &alive);
    let total: u32 = t.iter().map(|x| x.steps).sum();
    let n = hits.min(total) as usize;
    let mut out: Vec<(Vec<u32>, Vec<usize>)> = Vec::new();
    let mut seq: Vec<usize> = Vec::new();
    fn walk(
        t: &[Target],
        n: usize,
        first: bool,
        seq: &mut Vec<usize>,
        out: &mut Vec<(Vec<u32>, Vec<usize>)>,
    ) {
        let Ok(after) = check_allocation_from(t, seq, first) else {
            return;
        };
        if seq.len() == n {
            if !out.iter().any(|(a, _)| *a == after) {
                out.push((after, seq.clone()));
            }
            return;
        }
        for k in 0..t.len() {
            seq.push(k);
            walk(t, n, first, seq, out);
            seq.pop();
        }
    }
    walk(&t, n, first, &mut seq, &mut out);
    out.into_iter()
        .map(|(_, seq)| seq.into_iter().map(|k| alive[k]).collect())
        .collect()
}

/// Whether `order` (one unit a hit) is an allocation of `hits` on `targets` that obeys AoR 7.1
/// and takes every hit that can be taken.
pub fn valid_allocation(s: &State, targets: &[usize], hits: u32, order: &[usize]) -> bool {
    valid_allocation_from(s, targets, hits, order, true)
}

/// As [`valid_allocation`], `first` as for [`allocations_from`].
pub fn valid_allocation_from(
    s: &State,
    targets: &[usize],
    hits: u32,
    order: &[usize],
    first: bool,
) -> bool {
    let alive: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect();
    let t = targets_of(s, &alive);
    let total: u32 = t.iter().map(|x| x.steps).sum();
    let Some(local) = order
        .iter()
        .map(|u| alive.iter().position(|a| a == u))
        .collect::<Option<Vec<usize>>>()
    else {
        return false;
    };
    local.len() == hits.min(total) as usize && check_allocation_from(&t, &local, first).is_ok()
}

/// Takes the hits on the units in `order` (one a hit; AoR 6.1, 7.2), which obeys AoR 7.1.
/// Returns the steps lost.
pub fn apply_allocation(
    s: &mut State,
    targets: &[usize],
    order: &[usize],
    events: &mut Vec<Event>,
) -> u32 {
    apply_allocation_from(s, targets, order, true, events)
}

/// As [`apply_allocation`], `first` as for [`allocations_from`].
pub fn apply_allocation_from(
    s: &mut State,
    targets: &[usize],
    order: &[usize],
    first: bool,
    events: &mut Vec<Event>,
) -> u32 {
    let setup = s.arc();
    let alive: Vec<usize> = targets
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect();
    let t = targets_of(s, &alive);
    let allocation: Vec<usize> = order
        .iter()
        .map(|u| alive.iter().position(|a| a == u).expect("a target unit"))
        .collect();
    let after =
        check_allocation_from(&t, &allocation, first).expect("the allocation obeys AoR 7.1");
    let mut lost = 0;
    for (k, &u) in alive.iter().enumerate() {
        let before = s.units[u].steps as u32;
        let now = after[k];
        if now == before {
            continue;
        }
        lost += before - now;
        let f = setup.units[u].formation;
        // AoR 12.3: a leader with Attack orders whose unit suffers a hit checks next turn.
        if s.formations[f].order == Order::Attack {
            s.formations[f].hit_under_attack = true;
        }
        if now == 0 {
            eliminate(s, u, events, "AoR 6.1, 7.2");
        } else {
            s.units[u].steps = now as u8;
            note(
                events,
                format!(
                    "{} loses a step (AoR 6.1, 7.2): now {}",
                    setup.units[u].name,
                    setup.units[u].strength_at(now as u8)
                ),
            );
        }
    }
    lost
}

/// A unit leaves play: its formation's and army's losses grow (AoR 13, 14.1) and the enemy
/// scores any points for it.
pub fn eliminate(s: &mut State, u: usize, events: &mut Vec<Event>, case: &str) {
    let setup = s.arc();
    let d = &setup.units[u];
    if s.units[u].loc == Loc::Eliminated {
        return;
    }
    s.units[u].loc = Loc::Eliminated;
    // AoR 15: reorganized from the first night turn after this one.
    s.units[u].eliminated_on = Some(s.turn);
    s.units[u].steps = 0;
    s.units[u].disrupted = None;
    s.units[u].overstacked = false;
    note(events, format!("{} is eliminated ({case})", d.name));
    let f = d.formation;
    s.formations[f].lost += d.strength;
    if !s.formations[f].demoralized && s.formations[f].lost >= setup.formations[f].demoralization {
        s.formations[f].demoralized = true;
        note(
            events,
            format!(
                "{} is demoralized (AoR 14.1): {} strength eliminated, limit {}; its units \
                 move 1 MP less and check morale at -1 (AoR 14.2's effect on compliance is cut \
                 off in the text: Kepi's reading gives it none)",
                setup.formations[f].name, s.formations[f].lost, setup.formations[f].demoralization
            ),
        );
    }
    s.destroyed[d.side] += d.strength;
    for p in &setup.points {
        if let PointsDef::Eliminated { side, points } = p
            && *side != d.side
        {
            s.points[*side] += points;
        }
    }
}

/// AoR 13, 18: an army whose destroyed strength reaches its level is demoralized, and the
/// other side wins ("non phasing player first if it happens in the same instant").
pub fn check_armies(s: &mut State, events: &mut Vec<Event>) {
    if s.outcome.is_some() {
        return;
    }
    let setup = s.arc();
    let phasing = s.phasing();
    for side in [1 - phasing, phasing] {
        if s.destroyed[side] >= setup.army_demoralization[side] {
            s.army_demoralized[side] = true;
            let reason = format!(
                "AoR 13, 18: the {} army is demoralized ({} strength destroyed, level {})",
                setup.sides[side].1, s.destroyed[side], setup.army_demoralization[side]
            );
            note(events, reason.clone());
            s.outcome = Some(crate::engine::GameOutcome {
                winner: Some(1 - side),
                level: None,
                reason,
            });
            s.phase = super::state::Phase::Over;
            s.combat = None;
            return;
        }
    }
}

/// AoR 2.3: a group's morale (highest infantry, else cavalry, else artillery) with its
/// modifiers; demoralized formations take 1 off (AoR 2.2, chart).
pub fn group(s: &State, units: &[usize]) -> (i32, i32) {
    let setup = s.setup();
    let m: Vec<MoraleUnit> = units
        .iter()
        .filter(|&&u| matches!(s.units[u].loc, Loc::At(_)))
        .map(|&u| MoraleUnit {
            kind: setup.units[u].kind,
            morale: setup.units[u].morale,
            reduced: s.units[u].steps < setup.units[u].steps(),
            steady: setup.units[u].steady,
        })
        .collect();
    let morale = group_morale(&m).unwrap_or(0);
    let demoralized = units
        .iter()
        .any(|&u| s.formations[setup.units[u].formation].demoralized);
    (morale, if demoralized { -1 } else { 0 })
}

/// How a group's morale was found, in words for the log: whose morale counts (AoR 2.3), its
/// step-loss modifier and the readings behind it (AoR 2.2's lost number read as 1; "British and
/// KGL" read as a unit's `steady` flag), a demoralized formation's -1 (AoR 14.1) and the other
/// modifiers' total. Shown in the app wherever the check is, so the readings are seen where
/// they apply (docs/rules/age-of-rifles.md).
pub fn morale_in_words(s: &State, units: &[usize], demo: i32, extra: i32) -> String {
    let setup = s.setup();
    let on_map: Vec<usize> = units
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect();
    let own = |u: usize| {
        let reduced = s.units[u].steps < setup.units[u].steps();
        setup.units[u].morale as i32 - i32::from(reduced && !setup.units[u].steady)
    };
    // The unit whose morale counts: the same order as `group_morale` (infantry, cavalry,
    // artillery), the first of the highest.
    let pick = |pred: &dyn Fn(Kind) -> bool| {
        on_map
            .iter()
            .copied()
            .filter(|&u| pred(setup.units[u].kind))
            .fold(None::<usize>, |b, u| match b {
                Some(b) if own(b) >= own(u) => Some(b),
                _ => Some(u),
            })
    };
    let Some(u) = pick(&|k| k == Kind::Infantry)
        .or_else(|| pick(&|k| k == Kind::Cavalry))
        .or_else(|| pick(&|k: Kind| k.is_artillery()))
    else {
        return "no unit left to check".to_string();
    };
    let unit = &setup.units[u];
    let mut parts = vec![format!("{}'s morale {}", unit.name, unit.morale)];
    if s.units[u].steps < unit.steps() {
        parts.push(if unit.steady {
            "no step-loss modifier: steady, Kepi's reading of \"British and KGL\"".to_string()
        } else {
            "-1 for its lost step (AoR 2.2; the number is lost, Kepi's reading)".to_string()
        });
    }
    if demo != 0 {
        parts.push(format!("{demo:+} demoralized (AoR 14.1)"));
    }
    if extra != 0 {
        parts.push(format!("{extra:+} modifiers"));
    }
    parts.join(", ")
}

/// One morale check of a group, rolled and recorded; true when it passes.
pub fn check_morale(
    s: &State,
    units: &[usize],
    extra: i32,
    why: &str,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let (morale, demo) = group(s, units);
    let names: Vec<&str> = units
        .iter()
        .map(|&u| s.setup().units[u].id.as_str())
        .collect();
    let how = morale_in_words(s, units, demo, extra);
    let faces = roll(
        dice,
        events,
        "morale check",
        1,
        serde_json::json!({"units": names, "morale": morale, "modifiers": demo + extra, "why": why}),
    )?;
    let pass = morale_passes(morale, demo + extra, faces[0] as u32);
    note(
        events,
        format!(
            "morale check ({why}, AoR 2.3): rolled {} against {} ({how}) — {}",
            faces[0],
            morale + demo + extra,
            if pass { "passed" } else { "failed" }
        ),
    );
    Ok(pass)
}

/// Where a stack at `from` retreats one hex (AoR 7.4), away from `enemies`: a hex with no
/// enemy unit (and no friendly unit if it is a fort, AoR 10.1) that the stack can enter,
/// farther from `enemies`; of those, one out of enemy ZOC if any (an all-cavalry stack
/// ignores ZOCs, AoR 5.4), then as far from the enemy as possible, then one with room (AoR
/// 5.3), then the first in map order. A hex in an enemy ZOC is a retreat hex: the stack
/// suffers passing fire there (AoR 7.4, `passing::on_retreat`). `None` when there is none, and
/// the units are eliminated.
pub fn retreat_hex(
    s: &State,
    side: usize,
    units: &[usize],
    from: Ix,
    enemies: &[Ix],
) -> Option<Ix> {
    let setup = s.setup();
    let ctx = super::position::Ctx::new(s);
    let all_cav = units
        .iter()
        .all(|&u| zoc::ignores_zocs(setup.units[u].kind));
    let away = |h: Ix| {
        enemies
            .iter()
            .map(|&e| setup.distance(h, e))
            .min()
            .unwrap_or(0)
    };
    let here = away(from);
    setup
        .neighbors(from)
        .filter(|&n| !ctx.enemy_in(side, n))
        // AoR 10.1: "Units cannot ... retreat into them if occupied."
        .filter(|&n| !(setup.fort(n) && ctx.friends_in(side, n) > 0))
        .filter(|&n| away(n) > here || enemies.is_empty())
        .filter(|&n| {
            super::movement::step_cost(
                &setup.map,
                setup.hex(from),
                setup.hex(n),
                super::movement::Mover::Foot,
                super::movement::Routes::Ignore,
            )
            .is_some()
        })
        .max_by_key(|&n| {
            let room =
                (ctx.friends_in(side, n) as usize + units.len()) <= setup.stack_limit(n) as usize;
            // Kepi's reading of AoR 7.4: a retreat into an enemy ZOC (and its passing fire)
            // only when every other hex is closed.
            let free = all_cav || !ctx.enemy_zoc(side, n);
            (free, away(n), room, std::cmp::Reverse(n))
        })
}

/// A stack retreats one hex (AoR 7.4): foot artillery is destroyed instead; the others are
/// disrupted, and all units in a hex whose stacking the retreat breaks are disrupted; a stack
/// that retreats into an enemy ZOC suffers passing fire (`passing::on_retreat`, its rolls
/// asked of `dice` and recorded). Stacks retreat in the map order of their hexes. Returns the
/// foot artillery destroyed.
pub fn retreat(
    s: &mut State,
    units: &[usize],
    enemies: &[Ix],
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<Vec<usize>, RuleError> {
    let setup = s.arc();
    let mut lost = Vec::new();
    let mut movers = Vec::new();
    for &u in units {
        if !matches!(s.units[u].loc, Loc::At(_)) {
            continue;
        }
        if setup.units[u].kind == Kind::FootArtillery {
            eliminate(s, u, events, "AoR 7.4: foot artillery cannot retreat");
            lost.push(u);
        } else {
            movers.push(u);
        }
    }
    // By hex: each stack retreats together.
    let mut hexes: Vec<Ix> = movers
        .iter()
        .filter_map(|&u| match s.units[u].loc {
            Loc::At(h) => Some(h),
            _ => None,
        })
        .collect();
    hexes.sort();
    hexes.dedup();
    for from in hexes {
        let stack: Vec<usize> = movers
            .iter()
            .copied()
            .filter(|&u| s.units[u].loc == Loc::At(from))
            .collect();
        let side = setup.units[stack[0]].side;
        match retreat_hex(s, side, &stack, from, enemies) {
            None => {
                // AoR 5.6: a retreat never leaves the map; off the map edge is no retreat
                // hex, and the unit is eliminated (it counts so for victory points).
                let case = if super::exits::on_edge(&setup, from) {
                    "AoR 7.4, 5.6: no hex to retreat into on the map (Kepi's reading: enemy \
                     units block a retreat, and a unit leaving the map in a retreat is \
                     eliminated)"
                } else {
                    "AoR 7.4: no hex to retreat into (no adjacent hex farther from the enemy \
                     that is free of enemy units, passable and not an occupied fort)"
                };
                for &u in &stack {
                    eliminate(s, u, events, case);
                }
            }
            Some(to) => {
                for &u in &stack {
                    s.units[u].loc = Loc::At(to);
                    s.units[u].disrupted = Some(Disruption::Combat);
                }
                s.occupied[to as usize] = side as u8 + 1;
                note(
                    events,
                    format!(
                        "{} retreat{} from {} to {} disrupted (AoR 7.4)",
                        stack
                            .iter()
                            .map(|&u| setup.units[u].name.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                        if stack.len() == 1 { "s" } else { "" },
                        setup.name(from),
                        setup.name(to)
                    ),
                );
                let there: Vec<usize> = (0..s.units.len())
                    .filter(|&x| setup.units[x].side == side && s.units[x].loc == Loc::At(to))
                    .collect();
                if there.len() > setup.stack_limit(to) as usize {
                    for &x in &there {
                        s.units[x].disrupted = Some(Disruption::Combat);
                        s.units[x].overstacked = true;
                    }
                    note(
                        events,
                        format!(
                            "the retreat breaks stacking in {}: all its units are disrupted \
                             (AoR 7.4)",
                            setup.name(to)
                        ),
                    );
                }
                relocate_leaders(s, to, side, events);
                // AoR 7.4: "A stack that retreats into an enemy ZOC suffers passing fire."
                if super::passing::on_retreat(s, &stack, to, dice, events)? > 0 {
                    // AoR 11: a leader left alone in `to` by the units the fire eliminated.
                    leaders_left_alone(s, &[to], dice, events)?;
                }
            }
        }
    }
    Ok(lost)
}

/// AoR 11: enemy leaders alone in `h`, which units of `side` have entered, are placed with the
/// closest friendly unit (or leave play until next turn when none is left).
pub fn relocate_leaders(s: &mut State, h: Ix, side: usize, events: &mut Vec<Event>) {
    let setup = s.arc();
    for l in 0..s.leaders.len() {
        let d = &setup.leaders[l];
        if d.side == side || s.leaders[l].loc != LeaderLoc::At(h) {
            continue;
        }
        // AoR 12.2 March: that leader is not present in his hex.
        if let Some(f) = d.formation
            && s.formations[f].order == Order::March
        {
            continue;
        }
        let to = (0..s.units.len())
            .filter(|&u| setup.units[u].side == d.side)
            .filter_map(|u| match s.units[u].loc {
                Loc::At(x) => Some(x),
                _ => None,
            })
            .min_by_key(|&x| (setup.distance(h, x), x));
        match to {
            Some(to) => {
                s.leaders[l].loc = LeaderLoc::At(to);
                note(
                    events,
                    format!(
                        "{} is placed with the closest friendly unit in {} (AoR 11)",
                        d.name,
                        setup.name(to)
                    ),
                );
            }
            None => {
                s.leaders[l].loc = LeaderLoc::Dead {
                    returns: s.turn + 1,
                };
            }
        }
    }
}

/// AoR 11: "If a leader is left alone in a hex due to elimination or retreat he dies on a roll
/// of 1. He comes back at the start of the next turn with a rating of 1." `hexes` are the
/// hexes units left or died in.
pub fn leaders_left_alone(
    s: &mut State,
    hexes: &[Ix],
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    for l in 0..s.leaders.len() {
        let d = &setup.leaders[l];
        let LeaderLoc::At(h) = s.leaders[l].loc else {
            continue;
        };
        if !hexes.contains(&h) {
            continue;
        }
        if let Some(f) = d.formation
            && s.formations[f].order == Order::March
        {
            continue;
        }
        let alone = !(0..s.units.len())
            .any(|u| setup.units[u].side == d.side && s.units[u].loc == Loc::At(h));
        if !alone {
            continue;
        }
        let f = roll(
            dice,
            events,
            "leader left alone",
            1,
            serde_json::json!({"leader": d.id}),
        )?;
        if f[0] == 1 {
            s.leaders[l].loc = LeaderLoc::Dead {
                returns: s.turn + 1,
            };
            note(
                events,
                format!(
                    "{} is killed (AoR 11: rolled 1); he returns next turn rated 1",
                    d.name
                ),
            );
        }
    }
    Ok(())
}

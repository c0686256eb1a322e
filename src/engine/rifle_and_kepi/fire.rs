//! RK Recce and RK Artillery: spotting by reconnaissance, and counter-battery fire and
//! bombardment, each a roll against twice the range.

use super::board::{self, enemy_adjacent, fighting, in_combat, line_clear, note, roll};
use super::section::{Formation, Kind};
use super::state::{Event, Phase, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::engine::facing::Arc;
use crate::map::HexCoord;

/// RK Recce: "unit rolls D6 >= twice range in hexes to spot. +1 if uphill. Spot if adjacent."
pub fn recce(
    s: &mut State,
    u: usize,
    h: HexCoord,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (bonus, d) = recce_check(s, u, h)?;
    let r = &tables().recce;
    let setup = s.setup();
    let id = setup.units[u].id.clone();
    let name = setup.name(h);
    let f = roll(
        dice,
        ev,
        &format!("recce by {id} of {name} (RK Recce)"),
        r.die,
        serde_json::json!({"unit": id, "target": name, "range": d, "uphill": bonus}),
    )?;
    let score = f as i8 + bonus;
    if score >= (r.times_range * d) as i8 {
        let side = setup.units[u].side;
        let spotted: Vec<usize> = board::enemy_in(s, side, h);
        for &e in &spotted {
            s.units[e].spotted = true;
        }
        let ids: Vec<String> = spotted
            .iter()
            .map(|&e| s.setup().units[e].id.clone())
            .collect();
        note(
            ev,
            format!("{id} spots {} at {name} ({score})", ids.join(", ")),
        );
    } else {
        note(ev, format!("{id} sees nothing at {name} ({score})"));
    }
    Ok(())
}

/// The +1 uphill and the range of a reconnaissance, or why it cannot be made.
pub fn recce_check(s: &State, u: usize, h: HexCoord) -> Result<(i8, u32), RuleError> {
    let setup = s.setup();
    let r = &tables().recce;
    let d = &setup.units[u];
    if d.kind == Kind::Hq {
        return Err(RuleError::rule("RK Recce", "HQs do not scout; units do"));
    }
    let from = s.units[u].hex.expect("on the map");
    let dist = setup.grid.distance(from, h);
    if board::enemy_in(s, d.side, h).is_empty() {
        return Err(RuleError::rule(
            "RK Recce",
            format!("no enemy at {} to spot", setup.name(h)),
        ));
    }
    if dist <= 1 {
        return Err(RuleError::rule(
            "RK Recce",
            format!(
                "{} is adjacent: spotted already ('Spot if adjacent')",
                setup.name(h)
            ),
        ));
    }
    let bonus = if setup.elevation(from) > setup.elevation(h) {
        r.uphill
    } else {
        0
    };
    if (r.die as i8 + bonus) < (r.times_range * dist) as i8 {
        return Err(RuleError::rule(
            "RK Recce",
            format!(
                "{} is {dist} hexes away: no roll of the D6 reaches twice that",
                setup.name(h)
            ),
        ));
    }
    line_clear(s, from, h).map_err(|why| RuleError::rule("RK Recce", why))?;
    Ok((bonus, dist))
}

/// The enemy units a fire at `h` aims at, its modifiers and range; or why it may not fire.
pub fn fire_check(s: &State, u: usize, h: HexCoord) -> Result<(Vec<usize>, i8, u32), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    let id = &d.id;
    let a = &tables().artillery;
    let cb = match s.phase {
        Phase::CounterBattery => true,
        Phase::Bombardment => false,
        _ => {
            return Err(RuleError::not_now(
                "artillery fires in the counter-battery and bombardment phases",
            ));
        }
    };
    if d.side != s.player {
        return Err(RuleError::not_now(format!("{id} is not yours")));
    }
    let Some(guns) = d.guns.filter(|_| d.kind == Kind::Artillery) else {
        return Err(RuleError::rule(
            "RK Artillery",
            format!("{id} is not artillery"),
        ));
    };
    if !fighting(s, u) {
        return Err(RuleError::not_now(format!("{id} is not on the field")));
    }
    if s.units[u].fired {
        return Err(RuleError::not_now(format!("{id} has fired this turn")));
    }
    if s.units[u].formation != Formation::Deployed {
        return Err(RuleError::rule(
            "RK Artillery",
            format!("{id} is limbered: it fires unlimbered"),
        ));
    }
    if in_combat(s, u) {
        return Err(RuleError::rule(
            "RK Artillery",
            format!("{id} is attacked: it engages in self defence in the combat"),
        ));
    }
    let from = s.units[u].hex.expect("on the map");
    let dist = setup.grid.distance(from, h);
    let max = a.max_range[guns.key()];
    if dist > max || dist == 0 {
        return Err(RuleError::rule(
            "RK Artillery",
            format!(
                "{} is {dist} hexes away; {} guns reach {max}",
                setup.name(h),
                guns.key()
            ),
        ));
    }
    let targets: Vec<usize> = board::enemy_in(s, d.side, h)
        .into_iter()
        .filter(|&e| {
            fighting(s, e)
                && if cb {
                    setup.units[e].kind == Kind::Artillery
                } else {
                    in_combat(s, e)
                }
        })
        .collect();
    if targets.is_empty() {
        return Err(RuleError::rule(
            "RK Artillery",
            if cb {
                format!(
                    "no enemy artillery at {} (counter-battery fire)",
                    setup.name(h)
                )
            } else {
                format!(
                    "no enemy at {} in combat with friendly units (bombardments support friendly units)",
                    setup.name(h)
                )
            },
        ));
    }
    if setup.options.spotting {
        let seen = targets.iter().any(|&e| {
            s.units[e].spotted
                || board::hexes(s, e)
                    .iter()
                    .any(|&x| enemy_adjacent(s, setup.units[e].side, x))
        });
        if !seen {
            return Err(RuleError::rule(
                "RK Recce",
                format!(
                    "the enemy at {} is not spotted (recce this turn, or a unit adjacent)",
                    setup.name(h)
                ),
            ));
        }
    }
    if dist > 1 {
        line_clear(s, from, h).map_err(|why| RuleError::rule("RK Artillery", why))?;
    }
    let uphill = setup.elevation(from) > setup.elevation(h);
    let enfilade = targets
        .iter()
        .any(|&e| s.units[e].facing.arc(&setup.grid, h, from) != Arc::Front);
    let mut m = 0;
    if uphill || enfilade {
        m += a.uphill_or_enfilade;
    }
    if s.units[u].bombarded {
        m += a.under_bombardment;
    }
    Ok((targets, m, dist))
}

/// RK Artillery: "Roll D6 (mixed/smooth), D8 (rifled), +1 uphill/enfilade fire, -1 under
/// bombardment. Score >= twice distance in hexes ... Hit puts target under bombardment".
pub fn fire(
    s: &mut State,
    u: usize,
    h: HexCoord,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (targets, m, dist) = fire_check(s, u, h)?;
    let a = &tables().artillery;
    let setup = s.setup();
    let d = &setup.units[u];
    let guns = d.guns.expect("artillery");
    let die = a.die[guns.key()];
    let id = d.id.clone();
    let name = setup.name(h);
    let what = if s.phase == Phase::CounterBattery {
        "counter-battery fire"
    } else {
        "bombardment"
    };
    let f = roll(
        dice,
        ev,
        &format!("{what} by {id} at {name} (RK Artillery)"),
        die,
        serde_json::json!({"unit": id, "target": name, "range": dist, "modifier": m,
                           "guns": guns.key()}),
    )?;
    s.units[u].fired = true;
    let score = f as i8 + m;
    if score >= (a.times_range * dist) as i8 {
        let ids: Vec<String> = targets
            .iter()
            .map(|&e| s.setup().units[e].id.clone())
            .collect();
        for &e in &targets {
            s.units[e].bombarded = true;
        }
        note(
            ev,
            format!(
                "{id}'s {what} hits: {} under bombardment ({score})",
                ids.join(", ")
            ),
        );
    } else {
        note(ev, format!("{id}'s {what} at {name} misses ({score})"));
    }
    Ok(())
}

/// Every fire the side to act may make now: (unit, target hex).
pub fn fires(s: &State) -> Vec<(usize, HexCoord)> {
    let setup = s.setup();
    let mut out = Vec::new();
    // The enemy's hexes, and who is in combat, once for every gun (the hot path: asked on
    // every list of legal commands in the artillery phases).
    let mut hexes: Vec<HexCoord> = (0..s.units.len())
        .filter(|&e| setup.units[e].side != s.player && fighting(s, e))
        .flat_map(|e| board::hexes(s, e))
        .collect();
    hexes.sort();
    hexes.dedup();
    let combat = board::in_combat_all(s);
    for (u, &engaged) in combat.iter().enumerate() {
        let d = &setup.units[u];
        // Only what `fire_check` would refuse anyway is passed over here; it decides the rest.
        let Some(guns) = d.guns else { continue };
        if d.side != s.player
            || d.kind != Kind::Artillery
            || s.units[u].fired
            || !fighting(s, u)
            || s.units[u].formation != Formation::Deployed
            || engaged
        {
            continue;
        }
        let from = s.units[u].hex.expect("a fighting unit is on the map");
        let max = tables().artillery.max_range[guns.key()];
        for &h in &hexes {
            let dist = setup.grid.distance(from, h);
            if (1..=max).contains(&dist) && fire_check(s, u, h).is_ok() {
                out.push((u, h));
            }
        }
    }
    out
}

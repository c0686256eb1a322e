//! The standard level's attacks: fire (R&S 5.1) scored by the exact expected outcome over the
//! die's faces from the attack preview, and shock (5.2), which has no dice. Each attacker
//! joins one attack; the best attacks are planned first; an attack is trimmed to the fewest
//! units that keep its odds column, so the others can fire elsewhere; a hopeless attack is
//! vetoed unless the turn limit forces it (its target stands on an objective decided this
//! game-turn).

use super::super::command::Command;
use super::super::fire::{attack_strength, fire_defense};
use super::super::legal::legal;
use super::super::retreat::retreat_options;
use super::super::ruleset::preview;
use super::super::shock::{attack_value, defense_value};
use super::super::state::{Ammo, State, UnitId};
use super::maps::Fields;
use super::risk::threat;
use super::weights::{Weights, unit_value};
use crate::ai::odds::{chance, expected, percent};
use crate::engine::Reason;
use crate::engine::preview::{AttackPreview, ResultChance};
use crate::frac::Frac;
use crate::map::HexCoord;
use std::collections::{BTreeMap, BTreeSet};

/// A planned command with the terms that chose it.
pub type Planned = (Command, Vec<Reason>);

fn reason(term: &str, score: f64, words: String) -> Reason {
    Reason {
        term: term.into(),
        words,
        score,
    }
}

/// The objective a target hex stands on, in words, and the bonus for clearing it.
fn objective_words(state: &State, fields: &Fields, w: &Weights, t: HexCoord) -> (f64, String) {
    match fields.objective(state, t) {
        Some((o, u)) if o.own => (
            w.hold * u * 0.5,
            format!("the enemy holds our objective {}", o.name),
        ),
        Some((o, u)) => (
            w.hold * u * 0.5,
            format!("denies the enemy objective {}", o.name),
        ),
        None => (0.0, String::new()),
    }
}

/// Is an attack on `t` forced by the turn limit: `t` is on an objective decided this
/// game-turn?
fn forced(state: &State, fields: &Fields, t: HexCoord) -> bool {
    fields.objective(state, t).is_some_and(|(o, _)| {
        o.turn == state.turn || o.ongoing && state.turn == state.setup.game_length
    })
}

/// What a fire result is worth against `defender` (R&S 9.1, 5.1(H), 6.0); `trapped`: its
/// retreat from the firing hexes is blocked, so an RD eliminates it (6.0(C)). Any effect also
/// silences it for its side's next player-turn (6.0(A): disrupted units may not attack; 6.0(B):
/// a disruption lasts to the end of the next player-turn of the side that caused it), so it
/// is worth the harm its fire could do then ([`threat`]).
fn fire_value(
    state: &State,
    w: &Weights,
    defender: UnitId,
    bonus: f64,
    trapped: bool,
) -> impl Fn(&ResultChance) -> f64 {
    let v = unit_value(state, defender);
    let disruption = w.disruption;
    let silenced = threat(state, w, defender);
    move |r: &ResultChance| {
        silenced
            + if r.meaning.starts_with("Eliminated") {
                v + bonus
            } else if r.meaning.starts_with("Disrupted") {
                v * disruption
            } else if r.result == "RD" && trapped {
                v + bonus
            } else if r.result == "RD" {
                v * disruption + bonus
            } else {
                return 0.0;
            }
    }
}

fn hurts(r: &ResultChance) -> bool {
    r.result != "-" && !r.meaning.starts_with("No effect")
}

/// The preview's chances in words: "3-1 (7-2, rounded to 3-1), 67 % to disrupt, 17 % to
/// eliminate".
fn odds_words(p: &AttackPreview) -> String {
    let elim = chance(p, |r| r.meaning.starts_with("Eliminated"));
    let disrupt = chance(p, |r| hurts(r) && !r.meaning.starts_with("Eliminated"));
    let mut s = if p.odds == p.column {
        p.column.clone()
    } else {
        format!("{} ({})", p.column, p.odds)
    };
    if disrupt > 0.0 {
        s.push_str(&format!(", {} to disrupt", percent(disrupt)));
    }
    if elim > 0.0 {
        s.push_str(&format!(", {} to eliminate", percent(elim)));
    }
    if disrupt + elim == 0.0 {
        s.push_str(", no chance of any effect");
    }
    s
}

/// The fire attacks of the Fire Combat Phase, best first, as allocations in order.
pub fn plan_fire(state: &State, fields: &Fields, w: &Weights) -> Vec<Planned> {
    let setup = &state.setup;
    // Each unit's legal fire, the stronger ammunition per target (shot on a tie, R&S 5.1(F)).
    let mut by_target: BTreeMap<HexCoord, BTreeMap<UnitId, (Option<Ammo>, Frac)>> = BTreeMap::new();
    for c in legal(state) {
        if let Command::Fire { unit, target, ammo } = c {
            let from = state.units[unit]
                .hex()
                .expect("firing units are on the map");
            let s = attack_strength(state, unit, ammo, setup.grid.distance(from, target));
            let slot = by_target.entry(target).or_default();
            match slot.get(&unit) {
                Some((a, old)) if *old > s || *old == s && *a == Some(Ammo::Shot) => {}
                _ => {
                    slot.insert(unit, (ammo, s));
                }
            }
        }
    }
    let crt = &setup.crt;
    let column = |attack: Frac, defense: Frac| {
        if defense == Frac::ZERO {
            crt.columns.len() - 1
        } else {
            crt.column_for(attack, defense)
        }
    };
    // Every target with every hex that can reach it (its strongest unit: R&S 5.1(D), units
    // in one hex fire at different hexes), best expected outcome first.
    let mut ranked: Vec<(f64, HexCoord)> = Vec::new();
    for (t, units) in &by_target {
        let Some(top) = state.top(*t) else { continue };
        let all: Vec<(UnitId, Option<Ammo>, Frac)> =
            units.iter().map(|(u, (a, s))| (*u, *a, *s)).collect();
        let cmds: Vec<Command> = one_per_hex(state, all)
            .into_iter()
            .map(|(u, ammo, _)| Command::Fire {
                unit: u,
                target: *t,
                ammo,
            })
            .collect();
        if let Ok(p) = preview(state, &cmds) {
            let (bonus, _) = objective_words(state, fields, w, *t);
            let trapped = cannot_retreat(state, top, *t, &cmds);
            ranked.push((expected(&p, fire_value(state, w, top, bonus, trapped)), *t));
        }
    }
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut used: BTreeSet<UnitId> = BTreeSet::new();
    let mut out = Vec::new();
    for (_, t) in ranked {
        let top = state.top(t).expect("ranked targets are occupied");
        let mut mine: Vec<(UnitId, Option<Ammo>, Frac)> = one_per_hex(
            state,
            by_target[&t]
                .iter()
                .filter(|(u, _)| !used.contains(u))
                .map(|(u, (a, s))| (*u, *a, *s))
                .collect(),
        );
        if mine.is_empty() {
            continue;
        }
        // Trim: drop the weakest while the column stays (R&S 5.1: odds rounded down).
        let defense = fire_defense(state, top);
        mine.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(&b.0)));
        let mut total = mine.iter().fold(Frac::ZERO, |x, m| x + m.2);
        let col = column(total, defense);
        let mut kept = Vec::new();
        for m in mine {
            if column(total - m.2, defense) == col && total - m.2 > Frac::ZERO {
                total = total - m.2;
            } else {
                kept.push(m);
            }
        }
        let cmds: Vec<Command> = kept
            .iter()
            .map(|(u, a, _)| Command::Fire {
                unit: *u,
                target: t,
                ammo: *a,
            })
            .collect();
        let Ok(p) = preview(state, &cmds) else {
            continue;
        };
        let (bonus, obj) = objective_words(state, fields, w, t);
        let trapped = cannot_retreat(state, top, t, &cmds);
        let ev = expected(&p, fire_value(state, w, top, bonus, trapped));
        let effect = chance(&p, hurts);
        let is_forced = forced(state, fields, t);
        if effect < w.hopeless && !is_forced {
            continue;
        }
        let target = setup.name(t);
        let mut why = vec![reason(
            "attack",
            ev,
            format!("fire at {target}: {}", odds_words(&p)),
        )];
        if kept.len() > 1 {
            why.push(reason(
                "combined",
                0.0,
                format!(
                    "with {}",
                    kept[1..]
                        .iter()
                        .map(|(u, _, _)| state.label(*u).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if !obj.is_empty() {
            why.push(reason("objective", bonus, obj));
        }
        if effect < w.hopeless {
            why.push(reason(
                "forced",
                0.0,
                "poor odds, but the objective is decided this game-turn".into(),
            ));
        }
        for (i, c) in cmds.into_iter().enumerate() {
            used.insert(kept[i].0);
            if i == 0 {
                out.push((c, why.clone()));
            } else {
                out.push((
                    c,
                    vec![reason(
                        "combined",
                        0.0,
                        format!("joins the fire at {target}"),
                    )],
                ));
            }
        }
    }
    out
}

/// Would `defender` in `t`, fired on by `cmds`, have no retreat (R&S 6.0(C): "If a unit's path
/// of retreat is blocked by Enemy units, it is eliminated")? Guns do not retreat from fire
/// (5.1(H)).
fn cannot_retreat(state: &State, defender: UnitId, t: HexCoord, cmds: &[Command]) -> bool {
    if state.kind(defender).is_gun() {
        return false;
    }
    let mut from: Vec<HexCoord> = cmds
        .iter()
        .filter_map(|c| match c {
            Command::Fire { unit, .. } => state.units[*unit].hex(),
            _ => None,
        })
        .collect();
    from.sort();
    from.dedup();
    let allowance = Frac::int(state.kind(defender).movement as i64);
    retreat_options(state, defender, t, &from, allowance).is_empty()
}

/// Of units that could fire at one target, the strongest of each hex (R&S 5.1(D): "firing
/// units in the same hex must fire at targets in different hexes"); the others stay free to
/// fire elsewhere.
fn one_per_hex(
    state: &State,
    units: Vec<(UnitId, Option<Ammo>, Frac)>,
) -> Vec<(UnitId, Option<Ammo>, Frac)> {
    let mut best: BTreeMap<HexCoord, (UnitId, Option<Ammo>, Frac)> = BTreeMap::new();
    for m in units {
        let h = state.units[m.0].hex().expect("firing units are on the map");
        match best.get(&h) {
            Some(b) if b.2 > m.2 || b.2 == m.2 && b.0 < m.0 => {}
            _ => {
                best.insert(h, m);
            }
        }
    }
    best.into_values().collect()
}

/// The shock attacks of the Shock Combat Phase (R&S 5.2): only where the attack is stronger
/// (the weaker side is disrupted, no dice), unless a charging unit must attack (4(K)).
pub fn plan_shock(state: &State, fields: &Fields, w: &Weights) -> Vec<Planned> {
    let setup = &state.setup;
    let mut by_target: BTreeMap<HexCoord, Vec<UnitId>> = BTreeMap::new();
    for c in legal(state) {
        if let Command::Shock { unit, target } = c {
            by_target.entry(target).or_default().push(unit);
        }
    }
    let mut options: Vec<(f64, HexCoord, Vec<UnitId>, Vec<Reason>)> = Vec::new();
    let mut used: BTreeSet<UnitId> = BTreeSet::new();
    let mut out = Vec::new();
    loop {
        options.clear();
        for (t, units) in &by_target {
            let mut avail: Vec<UnitId> = units
                .iter()
                .copied()
                .filter(|u| !used.contains(u))
                .collect();
            if avail.is_empty() {
                continue;
            }
            avail.sort_by(|a, b| {
                attack_value(state, *b)
                    .cmp(&attack_value(state, *a))
                    .then(a.cmp(b))
            });
            let defenders: Vec<UnitId> = state
                .stack(*t)
                .into_iter()
                .filter(|&d| state.side_of(d) != state.player && !state.shock_defended.contains(&d))
                .collect();
            let defense = defenders
                .iter()
                .filter(|&&d| !state.kind(d).is_gun())
                .fold(Frac::ZERO, |acc, &d| acc + defense_value(state, d));
            let mut total = Frac::ZERO;
            let mut chosen = Vec::new();
            for &u in &avail {
                if total > defense {
                    break;
                }
                total = total + attack_value(state, u);
                chosen.push(u);
            }
            // R&S 6.0(C): a defender whose retreat is blocked is eliminated. Where the attack
            // as chosen leaves the defenders a way out but every hex that can join it would
            // close it (attacked from all sides), one unit of each such hex joins.
            let hexes_of = |us: &[UnitId]| -> Vec<HexCoord> {
                let mut hs: Vec<HexCoord> =
                    us.iter().filter_map(|u| state.units[*u].hex()).collect();
                hs.sort();
                hs.dedup();
                hs
            };
            let trapped_by = |from: &[HexCoord]| {
                defenders.iter().any(|&d| {
                    !state.kind(d).is_gun()
                        && retreat_options(
                            state,
                            d,
                            *t,
                            from,
                            Frac::int(state.kind(d).movement as i64),
                        )
                        .is_empty()
                })
            };
            let mut trapped = total > defense && trapped_by(&hexes_of(&chosen));
            if total > defense && !trapped && trapped_by(&hexes_of(&avail)) {
                let have = hexes_of(&chosen);
                for &u in &avail {
                    let h = state.units[u].hex();
                    if h.is_some_and(|h| !have.contains(&h))
                        && !chosen.iter().any(|c| state.units[*c].hex() == h)
                    {
                        total = total + attack_value(state, u);
                        chosen.push(u);
                    }
                }
                trapped = true;
            }
            let mut gain = 0.0;
            for &d in &defenders {
                let v = unit_value(state, d);
                let unit = &state.units[d];
                gain += if state.kind(d).is_gun() {
                    if unit.limbered && !unit.disrupted() && !trapped {
                        v * w.disruption
                    } else {
                        v
                    }
                } else if unit.disrupted() || trapped {
                    v
                } else {
                    v * w.disruption
                };
            }
            let charging = chosen.iter().any(|u| state.units[*u].charging);
            if total <= defense && !charging {
                continue;
            }
            let cost: f64 = chosen.iter().map(|u| unit_value(state, *u)).sum::<f64>()
                * w.disruption
                * if total > defense {
                    (defense / total).to_f64().min(1.0)
                } else {
                    1.0
                };
            let (bonus, obj) = objective_words(state, fields, w, *t);
            let score = if total > defense {
                gain + bonus - cost
            } else {
                -cost
            };
            if score <= 0.05 && !charging {
                continue;
            }
            let cmds: Vec<Command> = chosen
                .iter()
                .map(|u| Command::Shock {
                    unit: *u,
                    target: *t,
                })
                .collect();
            let words = match preview(state, &cmds) {
                Ok(p) => format!(
                    "shock at {}: {}, {}",
                    setup.name(*t),
                    p.column,
                    p.results.first().map(|r| r.result.as_str()).unwrap_or("")
                ),
                Err(_) => continue,
            };
            let mut why = vec![reason("attack", score, words)];
            if !obj.is_empty() {
                why.push(reason("objective", bonus, obj));
            }
            if total <= defense {
                why.push(reason(
                    "forced",
                    0.0,
                    "a charging unit must attack (R&S 4(K))".into(),
                ));
            }
            options.push((score, *t, chosen, why));
        }
        let Some(best) = options
            .iter()
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
            .cloned()
        else {
            break;
        };
        let (_, t, chosen, why) = best;
        by_target.remove(&t);
        let target = setup.name(t);
        for (i, u) in chosen.into_iter().enumerate() {
            used.insert(u);
            let r = if i == 0 {
                why.clone()
            } else {
                vec![reason(
                    "combined",
                    0.0,
                    format!("joins the shock at {target}"),
                )]
            };
            out.push((Command::Shock { unit: u, target: t }, r));
        }
    }
    out
}

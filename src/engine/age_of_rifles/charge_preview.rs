//! What a cavalry charge would be before anything is rolled (AoR 7.6-7.10), for the play view
//! and `kepi preview`: the charging and defending strengths with their factors, the square
//! (the defender's choice), the hits each side's roll scores, the charge's result over both
//! rolls, the owners' 7.1 allocations, pursuit (7.7) and the reaction charges around it (7.8).
//!
//! Invariants: the charge is checked by the command's own check (`cavalry::charge_check`: a
//! fort, a wall, a night turn... refuse the preview as they refuse the command) and begins as
//! the resolution begins it (`cavalry::planned`); the strengths are the resolution's
//! (`cavalry::charge_fire`), the hits the Fire Table's (`combat::hits`) and the result
//! `charge::charge_result` of the steps lost, which are the hits up to the steps a side has
//! (every hit takes a step while one is left, whatever the allocation, AoR 7.1, 7.2). Each
//! branch of the square choice lists its results with chances that add up to 1: exact
//! fractions of 36 rolls for one roll, of 36 x 36 for two.

use super::cavalry::{
    ChargeFire, ChargeState, charge_check, charge_fire, names, planned, pursuable, reaction_leader,
    square_possible, unit_strength,
};
use super::charge::{ChargeResult, charge_result};
use super::combat::hits;
use super::losses;
use super::position::Ctx;
use super::preview::{
    allocation_choices, counts, defenders_retreat_note, hit_chances, plural, ways,
};
use super::section::Kind;
use super::setup::Ix;
use super::state::{Loc, State};
use super::tables::FireTable;
use crate::engine::RuleError;
use crate::engine::preview::{AttackPreview, Contribution, Modifier, ResultChance};
use crate::frac::Frac;

/// One way the square decision can go, with the strengths the charge fires at then.
pub struct Branch {
    /// "" when no square can be formed; else "no square" or "square".
    pub label: &'static str,
    pub fire: ChargeFire,
}

/// A charge as the command would begin it now, before its square decision: what the preview
/// shows and the standard level weighs (`ai/charges.rs`).
pub struct Odds {
    pub charge: ChargeState,
    /// A reaction charge (AoR 7.8).
    pub reaction: bool,
    /// A backhand blow (AoR 7.10).
    pub backhand: bool,
    /// The fire with no square (or none possible), then, when the defenders may choose to
    /// test for one, the fire with the square formed (AoR 7.6, 7.10).
    pub branches: Vec<Branch>,
    /// The chance the defenders' morale test forms the square (0 when none may be formed).
    pub square_chance: f64,
}

/// The charge of `units` (ids) on `target` (a hex name) as the command would begin now,
/// checked by the command's own check (`charge_check`).
pub fn odds(s: &State, units: &[String], target: &str) -> Result<Odds, RuleError> {
    let setup = s.setup();
    let ids = units
        .iter()
        .map(|u| setup.unit(u))
        .collect::<Result<Vec<_>, _>>()?;
    let t = setup.parse(target)?;
    let declared = charge_check(s, &ids, t)?;
    let reaction = s.reaction.is_some();
    let backhand = s.reaction.as_ref().is_some_and(|r| r.backhand.contains(&t));
    let c = planned(s, &declared, reaction, backhand)
        .ok_or_else(|| RuleError::not_now("no charging unit or no defender is left"))?;
    let square = square_possible(s, &c);
    let mut branches = vec![Branch {
        label: if square { "no square" } else { "" },
        fire: charge_fire(s, &c, false)?,
    }];
    let mut square_chance = 0.0;
    if square {
        branches.push(Branch {
            label: "square",
            fire: charge_fire(s, &c, true)?,
        });
        let (morale, demo) = losses::group(s, &c.defenders);
        square_chance = passes_in_six(morale + demo) as f64 / 6.0;
    }
    Ok(Odds {
        charge: c,
        reaction,
        backhand,
        branches,
        square_chance,
    })
}

/// The results of a charge over its rolls: (result, the totals of the one roll that give it,
/// ways out of `outcomes`), and `outcomes` (36 for one roll, 1296 for two, 1 for none).
fn results(fire: &ChargeFire, steps_chargers: u32, steps_defenders: u32) -> (Vec<Outcome>, u32) {
    let totals = |strength: u32| -> Vec<(u32, u32, u32)> {
        if strength == 0 {
            return vec![(0, 0, 1)];
        }
        (2..=12u32)
            .map(|t| {
                let a = (t - 1).min(6) as u8;
                (t, hits(strength, [a, t as u8 - a]), ways(t))
            })
            .collect()
    };
    let (on_defenders, on_chargers) = (totals(fire.charge), totals(fire.defense));
    let mut out: Vec<Outcome> = Vec::new();
    for &(t1, h1, w1) in &on_defenders {
        for &(t2, h2, w2) in &on_chargers {
            let r = charge_result(h2.min(steps_chargers), h1.min(steps_defenders));
            let o = match out.iter_mut().position(|o| o.result == r) {
                Some(k) => &mut out[k],
                None => {
                    out.push(Outcome {
                        result: r,
                        faces: Vec::new(),
                        ways: 0,
                    });
                    out.last_mut().expect("pushed")
                }
            };
            o.ways += w1 * w2;
            // One roll only: its totals name the result.
            let total = match (fire.charge > 0, fire.defense > 0) {
                (true, false) => Some(t1),
                (false, true) => Some(t2),
                _ => None,
            };
            if let Some(t) = total {
                o.faces.push(t);
            }
        }
    }
    let rank = |r: ChargeResult| match r {
        ChargeResult::TargetLoses => 0,
        ChargeResult::Even => 1,
        ChargeResult::ChargerLoses => 2,
    };
    out.sort_by_key(|o| rank(o.result));
    let outcomes = [fire.charge, fire.defense]
        .iter()
        .filter(|&&x| x > 0)
        .fold(1, |a, _| a * 36);
    (out, outcomes)
}

struct Outcome {
    result: ChargeResult,
    faces: Vec<u32>,
    ways: u32,
}

/// "0 hits on 2, 3, 4 (6/36); 1 hit on 5, 6 (9/36)": the hits of `strength` for each total.
fn hits_in_words(strength: u32) -> String {
    hit_chances(strength)
        .into_iter()
        .map(|(n, totals, _)| {
            let w: u32 = totals.iter().map(|&t| ways(t)).sum();
            format!(
                "{n} hit{} on {} ({w}/36)",
                plural(n),
                totals
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// "30 (24 + 6 with the same roll, AoR 7.1)" above 24, else the strength.
fn row(strength: u32) -> String {
    let parts = FireTable::parts(strength);
    if parts.len() > 1 {
        format!(
            "{strength} ({} with the same roll, AoR 7.1)",
            parts
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        )
    } else {
        strength.to_string()
    }
}

/// "k in 6": the faces of one die for which a morale test at `rating` passes (AoR 2.3: a roll
/// above the morale fails).
fn in_six(rating: i32) -> String {
    format!("{} in 6", passes_in_six(rating))
}

/// The faces of one die out of 6 for which a morale test at `rating` passes (AoR 2.3).
fn passes_in_six(rating: i32) -> usize {
    (1..=6)
        .filter(|&d| super::combat::morale_passes(rating, 0, d))
        .count()
}

/// A factor as the charts print it: "x2" for a whole one, else the change in percent ("+50%",
/// "-25%").
fn effect(f: Frac) -> String {
    if f.den() == 1 {
        return format!("x{f}");
    }
    let pct = ((f - Frac::int(1)) * Frac::int(100)).to_f64().round() as i64;
    format!("{pct:+}%")
}

fn contribution(s: &State, u: usize, targets: &[usize], factor: Frac) -> Contribution {
    let (v, own) = unit_strength(s, u, targets);
    let mut c = super::preview::contribution(s, u);
    c.value = (v * factor).to_string();
    c.modifiers = own
        .iter()
        .map(|f| Modifier {
            name: f.name.to_string(),
            case: f.case.to_string(),
            effect: effect(f.factor),
        })
        .collect();
    c
}

/// The preview of the charge of `units` (ids) on `target` (a hex name), as the command would
/// be given now: declared in the Cavalry Charge Segment, or a reaction charge when one is
/// offered (AoR 7.8).
pub fn preview(s: &State, units: &[String], target: &str) -> Result<AttackPreview, RuleError> {
    let setup = s.setup();
    let Odds {
        charge: c,
        reaction,
        backhand,
        branches,
        ..
    } = odds(s, units, target)?;
    let t = c.target;
    let side = c.side;
    let (me, them) = (&setup.sides[side].1, &setup.sides[1 - side].1);
    let square = branches.len() > 1;
    let steps = |us: &[usize]| -> u32 { us.iter().map(|&u| s.units[u].steps as u32).sum() };
    let (steps_a, steps_d) = (steps(&c.units), steps(&c.defenders));
    let mut notes = Vec::new();

    // How the charge is made.
    if reaction {
        let (morale, demo) = losses::group(s, &c.units);
        let leader = reaction_leader(s, side, c.from);
        notes.push(format!(
            "AoR 7.8: a reaction charge: {} first stand a morale test at {}{} ({}); failed, \
             they do not charge and have spent their charge this turn",
            names(s, &c.units),
            morale + demo + i32::from(leader),
            if leader {
                ", +1 with a leader in the hex"
            } else {
                ""
            },
            in_six(morale + demo + i32::from(leader))
        ));
    } else if !s.charges.is_empty() {
        notes.push(format!(
            "AoR 7.6: declared now and resolved when the segment ends, after the {} charge{} \
             declared before it (all charges in parallel): they may change the position shown \
             here",
            s.charges.len(),
            plural(s.charges.len() as u32)
        ));
    } else {
        notes.push(
            "AoR 7.6: declared now and resolved when the segment ends (all charges in \
             parallel), as the position stands then"
                .into(),
        );
    }
    if c.via != c.from {
        notes.push(format!(
            "AoR 7.6: the charge rides through the empty hex {} into {}",
            setup.name(c.via),
            setup.name(t)
        ));
    }
    if c.flank {
        let friends: Vec<String> = (0..s.units.len())
            .filter(|&u| {
                setup.units[u].side == side
                    && !c.units.contains(&u)
                    && matches!(s.units[u].loc, Loc::At(h) if h != c.via && setup.distance(h, t) == 1)
            })
            .map(|u| setup.units[u].name.clone())
            .collect();
        notes.push(format!(
            "AoR 7.10: a flank charge (double strength): the defenders are already adjacent to \
             {}, and the charge comes from another hex",
            friends.join(", ")
        ));
    } else if setup.terrain(t) == "town" {
        notes.push("AoR 7.10: defenders in a town cannot be flanked".into());
    }
    if backhand {
        notes.push(
            "AoR 7.10: a backhand blow (double strength): the reaction charge falls on \
             pursuing or retreating cavalry"
                .into(),
        );
    }
    if c.units.iter().any(|&u| s.units[u].disrupted.is_some()) {
        notes.push(
            "AoR 6.2: a disrupted charger is halved; the Combat modifiers chart's \"not ready\" \
             charge modifier is never defined, and Kepi's reading gives it no effect of its own"
                .into(),
        );
    }

    // The square (AoR 7.6, 7.10): the defender's choice.
    let infantry = c
        .defenders
        .iter()
        .any(|&u| setup.units[u].kind == Kind::Infantry);
    if square {
        let (morale, demo) = losses::group(s, &c.defenders);
        notes.push(format!(
            "AoR 7.6, 7.10: {them} choose whether the infantry tests morale to form square (at \
             {}, {}): formed, the charge is at normal strength {}; not formed, double, {}",
            morale + demo,
            in_six(morale + demo),
            branches[1].fire.charge,
            branches[0].fire.charge
        ));
    } else if infantry {
        notes.push(
            "AoR 7.10: no square: the infantry in the target hex is not all undisrupted, so the \
             charge is at double strength"
                .into(),
        );
    } else {
        notes.push(
            "AoR 7.6: no infantry in the target hex: no square, the charge is at normal strength"
                .into(),
        );
    }
    if c.defenders
        .iter()
        .any(|&u| matches!(setup.units[u].kind, Kind::Cavalry | Kind::HorseArtillery))
    {
        notes.push(
            "AoR 7.11 does not apply: cavalry and horse artillery retreat before an assault, \
             not before a charge"
                .into(),
        );
    }

    // Both rolls.
    for b in &branches {
        notes.push(format!(
            "AoR 7.6, 7.1: {}the charge at strength {} scores on the defenders ({} step{}): {}",
            if b.label.is_empty() {
                String::new()
            } else {
                format!("{}: ", b.label)
            },
            row(b.fire.charge),
            steps_d,
            plural(steps_d),
            if b.fire.charge == 0 {
                "nothing (no roll)".into()
            } else {
                hits_in_words(b.fire.charge)
            }
        ));
    }
    let defense = branches[0].fire.defense;
    notes.push(if defense == 0 {
        "AoR 7.6: the defenders have no strength to fire back".into()
    } else {
        format!(
            "AoR 7.6: the defenders fire back at the same time at strength {} on the cavalry \
             ({} step{}): {}",
            row(defense),
            steps_a,
            plural(steps_a),
            hits_in_words(defense)
        )
    });

    // AoR 7.1: the allocations, the charging side's first (as played).
    let mut on_defenders: Vec<u32> = Vec::new();
    for b in &branches {
        for n in counts(&hit_chances(b.fire.charge)) {
            if !on_defenders.contains(&n) {
                on_defenders.push(n);
            }
        }
    }
    on_defenders.sort();
    if let Some(ch) = allocation_choices(s, &c.units, &counts(&hit_chances(defense)), true) {
        notes.push(format!(
            "AoR 7.1: {me} (charging) choose first which of their units take the defenders' \
             hits (damaged units first): {ch}"
        ));
    }
    if let Some(ch) = allocation_choices(s, &c.defenders, &on_defenders, true) {
        notes.push(format!(
            "AoR 7.1: then {them} choose which units take the charge's hits (the first on \
             infantry if possible, damaged units first): {ch}"
        ));
    }
    notes.push(
        "AoR 7.6: losses are taken at once; the side that loses more steps loses the charge, \
         and a retreat after a charge never reduces losses"
            .into(),
    );
    if let Some(n) = defenders_retreat_note(s, &c.defenders, t, &[c.at, c.via]) {
        notes.push(n);
    }
    notes.push(pursuit_note(s, &c));
    notes.push(reactions_note(s, &c));

    // The results, each branch's adding up to 1.
    let from = setup.name(c.from);
    let mut rows = Vec::new();
    let mut outcomes = 1;
    for b in &branches {
        let (out, n) = results(&b.fire, steps_a, steps_d);
        outcomes = outcomes.max(n);
        for o in out {
            let (result, meaning) = match o.result {
                ChargeResult::TargetLoses => (
                    "defenders lose",
                    format!(
                        "they lose more steps and retreat a hex, disrupted (AoR 7.6); the cavalry \
                         stays in {}, goes back to {from} or pursues (7.7)",
                        setup.name(t)
                    ),
                ),
                ChargeResult::ChargerLoses => (
                    "cavalry loses",
                    format!("it loses more steps and goes back to {from}, disrupted (AoR 7.6)"),
                ),
                ChargeResult::Even => (
                    "even",
                    format!(
                        "as many steps lost each: the defenders hold and the cavalry goes back \
                         to {from} (Kepi's reading of AoR 7.6)"
                    ),
                ),
            };
            rows.push(ResultChance {
                result: if b.label.is_empty() {
                    result.to_string()
                } else {
                    format!("{}: {result}", b.label)
                },
                meaning,
                faces: o.faces,
                chance: o.ways as f64 / n as f64,
            });
        }
    }
    let first = &branches[0].fire;
    let strengths = |f: fn(&ChargeFire) -> u32| -> String {
        match branches.get(1) {
            Some(sq) => format!("{} ({} against a square)", f(first), f(&sq.fire)),
            None => f(first).to_string(),
        }
    };
    Ok(AttackPreview {
        kind: "charge".into(),
        target: setup.name(t),
        attackers: c
            .units
            .iter()
            .map(|&u| contribution(s, u, &c.defenders, Frac::int(1)))
            .collect(),
        defenders: c
            .defenders
            .iter()
            .map(|&u| contribution(s, u, &c.units, Frac::int(1)))
            .collect(),
        attack_total: strengths(|f| f.charge),
        defense_total: defense.to_string(),
        modifiers: first
            .factors
            .iter()
            .map(|f| Modifier {
                name: f.name.to_string(),
                case: f.case.to_string(),
                effect: effect(f.factor),
            })
            .collect(),
        column: match branches.get(1) {
            Some(sq) => format!(
                "{} ({} against a square)",
                row(first.charge),
                row(sq.fire.charge)
            ),
            None => row(first.charge),
        },
        odds: format!(
            "{}charge {} against defense {defense}",
            if reaction { "reaction " } else { "" },
            strengths(|f| f.charge)
        ),
        dice: if outcomes == 1296 {
            "2d6 twice (the charge's and the defenders')".into()
        } else {
            "2d6".into()
        },
        outcomes,
        results: rows,
        notes,
    })
}

/// AoR 7.7: whom a won charge could pursue, as the position stands: the hex the beaten
/// defenders would retreat into (they "may not fire back") and the other enemy hexes adjacent
/// to the target that a charge may enter; and the pursuit test if the cavalry does not choose
/// to pursue.
fn pursuit_note(s: &State, c: &ChargeState) -> String {
    let setup = s.setup();
    let movers: Vec<usize> = c
        .defenders
        .iter()
        .copied()
        .filter(|&u| setup.units[u].kind != Kind::FootArtillery)
        .collect();
    let retreat = movers
        .first()
        .and_then(|_| losses::retreat_hex(s, 1 - c.side, &movers, c.target, &[c.at, c.via]))
        .filter(|&h| pursuable(s, c.target, h));
    let ctx = Ctx::new(s);
    let others: Vec<Ix> = setup
        .neighbors(c.target)
        .filter(|&h| ctx.enemy_in(c.side, h) && Some(h) != retreat)
        .filter(|&h| pursuable(s, c.target, h))
        .collect();
    drop(ctx);
    let mut into = Vec::new();
    if let Some(h) = retreat {
        into.push(format!(
            "the retreated defenders in {} (one-sided: they may not fire back)",
            setup.name(h)
        ));
    }
    if !others.is_empty() {
        into.push(format!(
            "{} (a normal charge)",
            others
                .iter()
                .map(|&h| setup.name(h))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if into.is_empty() {
        return "AoR 7.7: if the defenders lose, no pursuit is possible from the hex won, as the \
                position stands (no enemy hex next to it that a charge may enter)"
            .into();
    }
    let (morale, demo) = losses::group(s, &c.units);
    let rating = morale + demo;
    let anyway = (1..=6).filter(|&d| d > rating).count();
    format!(
        "AoR 7.7: if the defenders lose, the cavalry may pursue into {}; not choosing to, it \
         tests its pursuit rating (Kepi's reading: its morale, {rating} now, lower after a \
         step lost) and pursues anyway on a roll above it ({anyway} in 6)",
        into.join(" or ")
    )
}

/// AoR 7.8: who may reaction charge the cavalry after this charge: the other side's cavalry
/// that has not charged this turn, within two hexes of where the charge may end (its starting
/// hex or the hex it wins); none after a reaction charge (Kepi's reading).
fn reactions_note(s: &State, c: &ChargeState) -> String {
    let setup = s.setup();
    let other = &setup.sides[1 - c.side].1;
    if c.reaction {
        return "AoR 7.8: no reaction to a reaction charge (Kepi's reading)".into();
    }
    let near: Vec<&str> = (0..s.units.len())
        .filter(|&u| {
            let d = &setup.units[u];
            d.side != c.side
                && d.kind == Kind::Cavalry
                && !s.units[u].charged
                && matches!(s.units[u].loc, Loc::At(h)
                    if setup.distance(h, c.from) <= 2 || setup.distance(h, c.target) <= 2)
        })
        .map(|u| setup.units[u].name.as_str())
        .collect();
    if near.is_empty() {
        format!(
            "AoR 7.8: {other} have no cavalry within two hexes that could reaction charge the \
             cavalry where the charge ends"
        )
    } else {
        format!(
            "AoR 7.8: after the charge, {other} may reaction charge the cavalry where it ends \
             (their choice, after a morale test; a backhand blow if it pursued or went back, \
             7.10) with their cavalry within two hexes, {}, where its orders, command range and \
             the ground allow (7.6, 12.1, 12.2)",
            near.join(", ")
        )
    }
}

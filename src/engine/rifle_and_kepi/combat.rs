//! RK Combat and RK Result: who is engaged (groups of adjacent hostile units, lasting while
//! their units stay in contact), each unit's average die with its modifiers and multipliers,
//! the groups' totals compared (3-1, 3-2 or an exchange of fire), step losses and their
//! saves, shaken and disbanded units, lost guns and the massed troops' extra loss.

use super::board::{average_die, engaged_with, fighting, hexes, note, roll};
use super::section::{Armament, Formation, Kind};
use super::state::{Event, State, Status};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::frac::Frac;
use serde::Serialize;

/// RK Combat: "Combat occurs between groups of adjacent hostile units": the units linked by
/// contact with the enemy, each group in the order of its first unit.
pub fn groups(s: &State) -> Vec<Vec<usize>> {
    let n = s.units.len();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for u in 0..n {
        if seen[u] || !fighting(s, u) || engaged_with(s, u).is_empty() {
            continue;
        }
        let mut group = vec![u];
        seen[u] = true;
        let mut i = 0;
        while i < group.len() {
            for e in engaged_with(s, group[i]) {
                if !seen[e] {
                    seen[e] = true;
                    group.push(e);
                }
            }
            i += 1;
        }
        group.sort();
        out.push(group);
    }
    out
}

/// Where a unit's enemies stand seen from its facing (RK Combat's flank and oblique attacks
/// and its fire "at 60 deg to front").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Contact {
    /// An enemy in its flank or rear (more than 60 degrees off its facing).
    pub flank: bool,
    /// An enemy at 60 degrees (the front corners of a unit facing a hexside), none in flank.
    pub oblique: bool,
    /// Some enemy straight ahead (within 30 degrees).
    pub ahead: bool,
}

pub fn contact(s: &State, u: usize) -> Contact {
    let g = &s.setup().grid;
    let f = s.units[u].facing;
    let mut c = Contact::default();
    for e in engaged_with(s, u) {
        for x in hexes(s, u) {
            for y in hexes(s, e) {
                if !g.adjacent(x, y) {
                    continue;
                }
                match f.angle_to(g, x, y) {
                    0..=30 => c.ahead = true,
                    31..=60 => c.oblique = true,
                    _ => c.flank = true,
                }
            }
        }
    }
    if c.flank {
        c.oblique = false;
    }
    c
}

/// One unit's part in a combat: its average die, modifiers and multipliers, and its score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    pub unit: usize,
    pub die: i8,
    pub modifiers: Vec<(String, i8)>,
    pub multipliers: Vec<(String, Frac)>,
    pub steps: u8,
    pub value: Frac,
}

/// A unit's combat factors: the modifiers added (name, value) and the multipliers (name, factor).
pub type Factors = (Vec<(String, i8)>, Vec<(String, Frac)>);

/// RK Combat: the modifiers and multipliers of `u`'s score, before the die; `dug` says
/// whether its dig-in roll made it dug in.
pub fn factors(s: &State, u: usize, dug: bool) -> Factors {
    let t = &tables().combat;
    let setup = s.setup();
    let d = &setup.units[u];
    let us = &s.units[u];
    let enemies = engaged_with(s, u);
    let c = contact(s, u);
    let mut m: Vec<(String, i8)> = Vec::new();
    if !us.engaged {
        m.push(("fresh troops".into(), t.fresh));
    }
    if dug && !c.flank {
        m.push(("dug in".into(), t.dug_in));
    }
    if us.stood && enemies.iter().any(|&e| s.units[e].charged) {
        m.push(("stand vs charge".into(), t.stand_vs_charge));
    }
    if us.bombarded {
        m.push(("under bombardment".into(), t.bombarded));
    }
    if c.oblique {
        m.push(("oblique attack".into(), t.oblique));
    }
    if us.status == Status::Shaken {
        m.push(("shaken".into(), t.shaken));
    }
    let breech = |e: usize| {
        setup.units[e].kind == Kind::Infantry && setup.units[e].armament == Armament::Breech
    };
    if us.charged && enemies.iter().any(|&e| breech(e)) {
        m.push((
            "charging breechloading rifles".into(),
            t.charging_breechloaders,
        ));
    }
    if c.flank {
        m.push(("under flank attack".into(), t.flank));
    }
    let mut x: Vec<(String, Frac)> = Vec::new();
    if d.kind == Kind::Artillery {
        x.push((
            "gunners in self defence".into(),
            Frac::int(t.gunners_self_defence),
        ));
    }
    if us.formation == Formation::Column {
        x.push(("in column".into(), t.column));
    }
    if !c.ahead {
        x.push(("firing at 60 deg to front".into(), t.oblique_fire));
    }
    if d.kind == Kind::Cavalry
        && enemies.iter().any(|&e| {
            s.units[e].status == Status::Fresh
                && matches!(setup.units[e].kind, Kind::Infantry | Kind::Artillery)
        })
    {
        x.push((
            "cavalry vs unshaken infantry or guns".into(),
            t.cavalry_vs_infantry_or_guns,
        ));
    }
    (m, x)
}

/// RK Combat: "Multiply modified score by total steps left in unit", then the multipliers
/// (a modified score below 0 counts 0).
pub fn score(
    die: i8,
    modifiers: &[(String, i8)],
    multipliers: &[(String, Frac)],
    steps: u8,
) -> Frac {
    let modified = (die + modifiers.iter().map(|(_, v)| v).sum::<i8>()).max(0);
    multipliers
        .iter()
        .fold(Frac::int(modified as i64 * steps as i64), |acc, (_, f)| {
            acc * *f
        })
}

/// RK Result: how a group's fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The side beaten 3-1: disbanded.
    Beaten31 { loser: usize },
    /// The side beaten 3-2: shaken and a loss (disbanded if shaken already).
    Beaten32 { loser: usize },
    /// "Exchange fire. Both sides suffer loss".
    Exchange,
}

/// RK Result: the totals compared.
pub fn outcome(totals: [Frac; 2]) -> Outcome {
    let r = &tables().results;
    let (hi, lo) = if totals[0] >= totals[1] {
        (0, 1)
    } else {
        (1, 0)
    };
    let (a, b) = (totals[hi], totals[lo]);
    if a > Frac::ZERO && a >= b * Frac::int(r.disband) {
        Outcome::Beaten31 { loser: lo }
    } else if a > Frac::ZERO && a > b && a >= b * r.shake {
        Outcome::Beaten32 { loser: lo }
    } else {
        Outcome::Exchange
    }
}

/// RK Turn sequence v: every group's combat, after the artillery.
pub fn resolve(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let groups = groups(s);
    let mut engaged = vec![false; s.units.len()];
    for g in &groups {
        for &u in g {
            engaged[u] = true;
        }
        fight(s, g, dice, ev)?;
    }
    for (u, e) in engaged.into_iter().enumerate() {
        s.units[u].engaged = e;
    }
    s.groups = groups;
    Ok(())
}

/// RK Digging in: whether `u` is covered (woods, town or an obstacle between it and an enemy
/// it touches) and the modifier of its dig-in roll; `None` when it has no dig-in marker (it
/// rolls nothing and is not dug in).
pub fn dig_in_modifier(s: &State, u: usize) -> Option<(bool, i8)> {
    let t = &tables().dig_in;
    let setup = s.setup();
    let dm = s.units[u].dm;
    if dm == 0 {
        return None;
    }
    let covered = hexes(s, u).iter().any(|&h| setup.covered(h))
        || engaged_with(s, u).iter().any(|&e| {
            hexes(s, u).iter().any(|&x| {
                hexes(s, e)
                    .iter()
                    .any(|&y| setup.grid.adjacent(x, y) && setup.obstacle(x, y))
            })
        });
    let bonus =
        if covered { t.woods_town_obstacle } else { 0 } + t.per_two_markers * (dm / 2) as i8;
    Some((covered, bonus))
}

/// RK Digging in: "If attacked roll 5+ on D6 to be dug in. +1 if in woods/town/obstacle, +1
/// per two DM."
pub fn dig_in_roll(
    s: &State,
    u: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let t = &tables().dig_in;
    let Some((covered, bonus)) = dig_in_modifier(s, u) else {
        return Ok(false);
    };
    let dm = s.units[u].dm;
    let id = s.setup().units[u].id.clone();
    let f = roll(
        dice,
        ev,
        &format!("{id} dug in? (RK Digging in)"),
        t.die,
        serde_json::json!({"unit": id, "dm": dm, "cover": covered, "modifier": bonus}),
    )?;
    let dug = f as i8 + bonus >= t.at_least;
    note(
        ev,
        format!(
            "{id} is {}dug in ({})",
            if dug { "" } else { "not " },
            f as i8 + bonus
        ),
    );
    Ok(dug)
}

fn fight(
    s: &mut State,
    group: &[usize],
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let ids = |us: &[usize]| {
        us.iter()
            .map(|&u| setup.units[u].id.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    note(ev, format!("Combat: {} (RK Combat)", ids(group)));
    let mut dug = vec![false; s.units.len()];
    for &u in group {
        dug[u] = dig_in_roll(s, u, dice, ev)?;
    }
    let mut totals = [Frac::ZERO; 2];
    for &u in group {
        let (m, x) = factors(s, u, dug[u]);
        let id = setup.units[u].id.clone();
        let die = average_die(
            dice,
            ev,
            &format!("combat, {id} (RK Combat)"),
            serde_json::json!({"unit": id, "modifiers": m, "multipliers": x
                .iter().map(|(k, f)| (k.clone(), f.to_string())).collect::<Vec<_>>(),
                "steps": s.units[u].steps}),
        )?;
        let v = score(die, &m, &x, s.units[u].steps);
        totals[setup.units[u].side] = totals[setup.units[u].side] + v;
        let words: Vec<String> = m
            .iter()
            .map(|(k, v)| format!("{v:+} {k}"))
            .chain(x.iter().map(|(k, f)| format!("x{f} {k}")))
            .collect();
        note(
            ev,
            format!(
                "{id}: {die}{} x {} steps = {v}",
                if words.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", words.join(", "))
                },
                s.units[u].steps
            ),
        );
    }
    let o = outcome(totals);
    let side_name = |i: usize| setup.sides[i].name.clone();
    let of = |side: usize| -> Vec<usize> {
        group
            .iter()
            .copied()
            .filter(|&u| setup.units[u].side == side)
            .collect()
    };
    // "Loss: lose one step per enemy division engaged."
    let divisions = |side: usize| {
        of(side)
            .iter()
            .filter(|&&u| matches!(setup.units[u].kind, Kind::Infantry | Kind::Cavalry))
            .count()
    };
    let sides: Vec<usize> = {
        let mut v: Vec<usize> = group.iter().map(|&u| setup.units[u].side).collect();
        v.dedup();
        v.sort();
        v.dedup();
        v
    };
    match o {
        Outcome::Beaten31 { loser } => {
            note(
                ev,
                format!(
                    "{} {} against {}: {} beaten 3-1, disbanded (RK Result)",
                    side_name(1 - loser),
                    totals[1 - loser],
                    totals[loser],
                    side_name(loser)
                ),
            );
            for u in of(loser) {
                disband(s, u, ev);
            }
        }
        Outcome::Beaten32 { loser } => {
            note(
                ev,
                format!(
                    "{} {} against {}: {} beaten 3-2 (RK Result)",
                    side_name(1 - loser),
                    totals[1 - loser],
                    totals[loser],
                    side_name(loser)
                ),
            );
            for u in of(loser) {
                if s.units[u].status == Status::Shaken {
                    disband(s, u, ev);
                } else {
                    s.units[u].status = Status::Shaken;
                    note(ev, format!("{} is shaken", setup.units[u].id));
                }
            }
            let n = divisions(1 - loser);
            lose(s, &of(loser), n, &dug, dice, ev)?;
        }
        Outcome::Exchange => {
            note(
                ev,
                format!(
                    "{} {} against {} {}: exchange fire, both sides suffer loss (RK Result)",
                    side_name(sides[0]),
                    totals[sides[0]],
                    side_name(1 - sides[0]),
                    totals[1 - sides[0]]
                ),
            );
            for side in [0, 1] {
                let n = divisions(1 - side);
                lose(s, &of(side), n, &dug, dice, ev)?;
            }
        }
    }
    // RK Result: "Any massed units (e.g. 1866 Austrians) vs breechloaders suffer extra loss
    // per turn win or lose."
    for &u in group {
        let breech = engaged_with(s, u).iter().any(|&e| {
            setup.units[e].kind == Kind::Infantry && setup.units[e].armament == Armament::Breech
        });
        if setup.units[u].massed && fighting(s, u) && breech {
            note(
                ev,
                format!("{}: massed troops against breechloaders", setup.units[u].id),
            );
            lose(s, &[u], 1, &dug, dice, ev)?;
        }
    }
    Ok(())
}

/// RK Result: a disbanded unit (artillery's guns are lost: it is eliminated).
fn disband(s: &mut State, u: usize, ev: &mut Vec<Event>) {
    let id = s.setup().units[u].id.clone();
    s.units[u].second = None;
    s.units[u].dm = 0;
    if s.setup().units[u].kind == Kind::Artillery {
        s.units[u].status = Status::Eliminated;
        s.units[u].hex = None;
        note(ev, format!("{id} is disbanded: guns lost"));
    } else {
        s.units[u].status = Status::Disbanded;
        note(ev, format!("{id} is disbanded"));
    }
}

/// RK Result: `n` step losses among `units` (those still fighting), each on the unit with
/// the most steps left (the first listed of equals: Kepi's reading); a dug-in unit saves
/// each loss on 4+ ("If dug in save each loss on 4+").
fn lose(
    s: &mut State,
    units: &[usize],
    n: usize,
    dug: &[bool],
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let t = &tables().dig_in;
    for _ in 0..n {
        let Some(&u) = units
            .iter()
            .filter(|&&u| fighting(s, u))
            .max_by_key(|&&u| (s.units[u].steps, std::cmp::Reverse(u)))
        else {
            return Ok(());
        };
        let id = s.setup().units[u].id.clone();
        if dug[u] {
            let f = roll(
                dice,
                ev,
                &format!("{id} saves a loss? (RK Result)"),
                t.die,
                serde_json::json!({"unit": id, "at_least": t.save_at_least}),
            )?;
            if f >= t.save_at_least {
                note(ev, format!("{id} saves the loss (dug in, {f})"));
                continue;
            }
        }
        s.units[u].steps -= 1;
        if s.units[u].steps == 0 {
            s.units[u].status = Status::Eliminated;
            s.units[u].hex = None;
            s.units[u].second = None;
            note(ev, format!("{id} loses its last step: eliminated"));
        } else {
            note(ev, format!("{id} loses a step ({} left)", s.units[u].steps));
        }
    }
    Ok(())
}

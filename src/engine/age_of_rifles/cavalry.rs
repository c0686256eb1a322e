//! Cavalry charges in play (AoR 4 II, 7.6-7.10): declaring charges in the Cavalry Charge
//! Segment and resolving them in parallel, squares, the charge combat, staying, going back or
//! pursuing (7.7) with the pursuit test, and reaction charges (7.8: after a move, a charge, or
//! an assault's retreats, `assault::resolve`) with the backhand blow (7.10), and the owners'
//! allocation of a charge's hits (7.1). The arithmetic (what a charge may cross, its factors, who wins) is `charge.rs`'s.
//!
//! Every choice is a command the legal list offers: the charge itself, the defender's square
//! (`FormSquare`), the victor's stay, go back or pursue (`EndCharge`, `Pursue`), and the other
//! side's reaction charge or not (`Charge` while a reaction is offered, `Decline`).
//!
//! Invariants: while `State::charge` or `State::reaction` is set, only that decision's answers
//! are accepted; charging cavalry stays in the hex it charged from until it wins the target hex
//! (the defenders are gone then), so no hex ever holds both sides; each cavalry unit charges
//! at most once a game-turn (`UnitState::charged`).

use super::charge::{ChargeFactor, ChargeResult, ChargeTarget, charge_factors, charge_result};
use super::combat::hits;
use super::losses::{self, note, roll};
use super::position::Ctx;
use super::section::{Armament, Kind, Order};
use super::setup::Ix;
use super::state::{Command, Disruption, Event, LeaderLoc, Loc, Phase, State};
use super::tables::{Effect, charts, round_strength};
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::frac::Frac;
use serde::{Deserialize, Serialize};

/// A charge declared in the Cavalry Charge Segment (AoR 7.6: "all move, then all attack").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub units: Vec<usize>,
    /// The hex the cavalry charges from.
    pub from: Ix,
    /// The hex it enters the target from: `from` when adjacent, else the empty hex between.
    pub via: Ix,
    pub target: Ix,
}

/// Where a charge being resolved waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeStage {
    /// AoR 7.6, 7.10: the charged infantry chooses whether to test morale to form square.
    Square,
    /// AoR 7.6: the target lost; the cavalry stays, goes back or pursues (AoR 7.7).
    Won,
    /// AoR 7.7: "After one round of pursuit it stops or retreats to its original starting hex."
    Pursued,
    /// AoR 7.1: the charging side chooses which of its units take the defenders' hits.
    AllocateChargers,
    /// AoR 7.1: then the defending side chooses which of its units take the charge's hits.
    AllocateDefenders,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeState {
    pub stage: ChargeStage,
    /// The charging side.
    pub side: usize,
    pub units: Vec<usize>,
    /// The original starting hex.
    pub from: Ix,
    /// The hex the cavalry is in now (`from`, or the hex it won when it pursues).
    pub at: Ix,
    pub via: Ix,
    pub target: Ix,
    pub defenders: Vec<usize>,
    pub reaction: bool,
    pub pursuit: bool,
    pub backhand: bool,
    pub flank: bool,
    /// AoR 7.7: a pursuit of the units that just retreated, "which may not fire back".
    pub one_sided: bool,
    /// Where the beaten defenders retreated to.
    pub retreated: Option<Ix>,
    /// The hits of the fire (on the chargers, on the defenders), while their allocation waits
    /// (AoR 7.1); `None` before the fire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<(u32, u32)>,
    /// AoR 7.1: the owners' choices of which units take the hits (chargers, defenders), one
    /// unit a hit, in order; asked only when there is a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_chargers: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_defenders: Option<Vec<usize>>,
}

/// AoR 7.8: the other side may reaction charge the enemy units in `targets`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reaction {
    pub side: usize,
    pub targets: Vec<Ix>,
    /// The targets that are pursuing or retreating cavalry (AoR 7.10 Backhand blow).
    pub backhand: Vec<Ix>,
}

fn at(s: &State, u: usize) -> Option<Ix> {
    match s.units[u].loc {
        Loc::At(h) => Some(h),
        _ => None,
    }
}

fn alive(s: &State, units: &[usize]) -> Vec<usize> {
    units
        .iter()
        .copied()
        .filter(|&u| at(s, u).is_some())
        .collect()
}

/// AoR 7.6 "Only clear and crest terrain can be crossed by charges" with the chart's Charge
/// column. Kepi's reading: the hexes and hexsides passed on the way (the hex between, for a
/// charge two hexes away) must be clear and crest; the last hexside into the target takes the
/// chart's Charge effect (stream -25%, crest none, a bridge "N/A"; a river or any other feature
/// refuses); the target hex takes the chart's Charge column (town -50%, woods -75%, chateau
/// "N/A"). Returns the factor of the last hexside.
fn last_hexside(s: &State, via: Ix, target: Ix) -> Result<Option<ChargeFactor>, String> {
    let setup = s.setup();
    let sides = setup.hexside(via, target);
    let mut out = None;
    for f in sides {
        match f.as_str() {
            "crest" => {}
            "stream" => {
                let e = charts()
                    .terrain_row("stream")
                    .map(|r| r.charge())
                    .unwrap_or(Effect::NoEffect);
                if let Effect::Times(x) = e {
                    out = Some(ChargeFactor {
                        name: "charge across a stream",
                        case: "AoR Terrain Effects on Combat",
                        factor: x,
                    });
                }
            }
            super::setup::WALL => {
                return Err(format!(
                    "AoR 10.2: a fortified hexside lies between {} and {}; units behind it \
                     cannot be charged across it (10.1)",
                    setup.name(via),
                    setup.name(target)
                ));
            }
            other => {
                return Err(format!(
                    "AoR 7.6: a charge cannot cross the {other} hexside between {} and {}",
                    setup.name(via),
                    setup.name(target)
                ));
            }
        }
    }
    Ok(out)
}

/// The hex a charge from `from` enters `target` from (AoR 7.6: "If they are two hexes away the
/// intervening hex must be empty"), or why there is none.
fn route(s: &State, from: Ix, target: Ix) -> Result<Ix, String> {
    let setup = s.setup();
    match setup.distance(from, target) {
        1 => {
            last_hexside(s, from, target)?;
            Ok(from)
        }
        2 => {
            let ctx = Ctx::new(s);
            let mut best: Option<(bool, Ix)> = None;
            for mid in setup.neighbors(from) {
                if setup.distance(mid, target) != 1
                    || ctx.count[0][mid as usize] + ctx.count[1][mid as usize] > 0
                    || setup.terrain(mid) != "clear"
                    || !setup.hexside(from, mid).iter().all(|f| f == "crest")
                {
                    continue;
                }
                let Ok(f) = last_hexside(s, mid, target) else {
                    continue;
                };
                let key = (f.is_some(), mid);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
            best.map(|b| b.1).ok_or_else(|| {
                format!(
                    "AoR 7.6: no empty clear hex between {} and {} that a charge may cross",
                    setup.name(from),
                    setup.name(target)
                )
            })
        }
        d => Err(format!(
            "AoR 7.6: {} is {d} hexes from {}; cavalry charges up to two hexes",
            setup.name(target),
            setup.name(from)
        )),
    }
}

/// Whether `units` may charge `target` (AoR 7.6, 12.1, 12.2), apart from when: the declared
/// charge.
fn check_geometry(s: &State, units: &[usize], target: Ix) -> Result<Declared, RuleError> {
    let setup = s.setup();
    let Some(&first) = units.first() else {
        return Err(RuleError::rule("AoR 7.6", "name the charging cavalry"));
    };
    let side = setup.units[first].side;
    let Some(from) = at(s, first) else {
        return Err(RuleError::not_now(format!(
            "{} is not on the map",
            setup.units[first].name
        )));
    };
    let ctx = Ctx::new(s);
    for (i, &u) in units.iter().enumerate() {
        let d = &setup.units[u];
        if units[..i].contains(&u) {
            return Err(RuleError::not_now(format!("{} named twice", d.name)));
        }
        if d.side != side || at(s, u) != Some(from) {
            return Err(RuleError::rule(
                "AoR 7.6",
                "the charging units are cavalry of one side in one hex",
            ));
        }
        if d.kind != Kind::Cavalry {
            return Err(RuleError::rule(
                "AoR 7.6",
                format!("{} is not cavalry", d.name),
            ));
        }
        if s.units[u].charged {
            return Err(RuleError::rule(
                "AoR 7.6",
                format!(
                    "{} has charged this turn (a cavalry unit can only charge once per turn)",
                    d.name
                ),
            ));
        }
        let order = s.formations[d.formation].order;
        if matches!(order, Order::Reserve | Order::March) {
            return Err(RuleError::rule(
                "AoR 12.2",
                format!("units with {} orders may not attack", order.name()),
            ));
        }
        if !ctx.in_range(d.formation, from) {
            return Err(RuleError::rule(
                "AoR 12.1",
                format!("{} is outside command range and may not attack", d.name),
            ));
        }
    }
    if ctx.units_at(1 - side, target).is_empty() {
        return Err(RuleError::rule(
            "AoR 7.6",
            format!("no enemy unit in {}", setup.name(target)),
        ));
    }
    drop(ctx);
    let via = route(s, from, target).map_err(|e| RuleError::rule("AoR 7.6", e))?;
    charge_factors(&ChargeTarget::default(), Some(setup.terrain(target)))
        .map_err(|e| RuleError::rule("AoR 7.6", e))?;
    Ok(Declared {
        units: units.to_vec(),
        from,
        via,
        target,
    })
}

/// Is a charge of `units` on `target` a command the side to act may give now?
pub fn charge_check(s: &State, units: &[usize], target: Ix) -> Result<Declared, RuleError> {
    // AoR 5.5, 16: no charge (nor reaction charge) on a night or rain turn.
    if let Some((case, why)) = super::weather::no_combat(s) {
        return Err(RuleError::rule(case, why));
    }
    let setup = s.setup();
    let side = units.first().map(|&u| setup.units[u].side);
    if let Some(r) = &s.reaction {
        if side != Some(r.side) || !r.targets.contains(&target) {
            return Err(RuleError::rule(
                "AoR 7.8",
                format!(
                    "a reaction charge is offered to {} against {} only",
                    setup.sides[r.side].1,
                    r.targets
                        .iter()
                        .map(|&h| setup.name(h))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    } else {
        if s.phase != Phase::Charge
            || s.resolving_charges
            || s.charge.is_some()
            || s.combat.is_some()
        {
            return Err(RuleError::not_now(
                "charges are declared in the Cavalry Charge Segment (AoR 4 II), or as reaction \
                 charges when one is offered (AoR 7.8)",
            ));
        }
        if side != Some(s.phasing()) {
            return Err(RuleError::rule(
                "AoR 7.6",
                "only phasing cavalry charges in the Cavalry Charge Segment",
            ));
        }
        if s.charges.iter().any(|d| d.target == target) {
            return Err(RuleError::rule(
                "AoR 7.6",
                format!(
                    "{} is charged already this segment (Kepi's reading: one charge a target \
                     hex)",
                    setup.name(target)
                ),
            ));
        }
    }
    check_geometry(s, units, target)
}

/// The charges `side`'s cavalry may make now on `targets` (each stack's units alone and
/// together).
fn options(s: &State, side: usize, targets: Option<&[Ix]>) -> Vec<Command> {
    let setup = s.setup();
    let mut stacks: Vec<(Ix, Vec<usize>)> = Vec::new();
    for (u, d) in setup.units.iter().enumerate() {
        if d.side != side || d.kind != Kind::Cavalry || s.units[u].charged {
            continue;
        }
        let Some(h) = at(s, u) else { continue };
        match stacks.iter_mut().find(|(x, _)| *x == h) {
            Some((_, v)) => v.push(u),
            None => stacks.push((h, vec![u])),
        }
    }
    // Only stacks within two hexes of a target can charge it (checked before the position's
    // zones are built: most moves have no enemy cavalry near).
    if let Some(t) = targets {
        stacks.retain(|(h, _)| t.iter().any(|&x| setup.distance(*h, x) <= 2));
    }
    if stacks.is_empty() {
        return Vec::new();
    }
    let ctx = Ctx::new(s);
    let mut out = Vec::new();
    for (h, units) in stacks {
        let mut groups: Vec<Vec<usize>> = units.iter().map(|&u| vec![u]).collect();
        if units.len() > 1 {
            groups.push(units.clone());
        }
        let candidates: Vec<Ix> = match targets {
            Some(t) => t.to_vec(),
            None => (0..setup.map.grid.len() as Ix)
                .filter(|&t| ctx.enemy_in(side, t))
                .collect(),
        };
        for t in candidates {
            if setup.distance(h, t) > 2 || !ctx.enemy_in(side, t) {
                continue;
            }
            for g in &groups {
                if charge_check(s, g, t).is_ok() {
                    out.push(Command::Charge {
                        units: g.iter().map(|&u| setup.units[u].id.clone()).collect(),
                        target: setup.name(t),
                    });
                }
            }
        }
    }
    out
}

/// The charges the phasing side may declare now (AoR 4 II).
pub fn declarations(s: &State) -> Vec<Command> {
    options(s, s.phasing(), None)
}

/// The answers of the charge decision or reaction that waits, if one does.
pub fn pending_legal(s: &State) -> Option<Vec<Command>> {
    let setup = s.setup();
    if let Some(r) = &s.reaction {
        let mut out = vec![Command::Decline];
        out.extend(options(s, r.side, Some(&r.targets)));
        return Some(out);
    }
    let c = s.charge.as_ref()?;
    Some(match c.stage {
        ChargeStage::Square => vec![
            Command::FormSquare { square: true },
            Command::FormSquare { square: false },
        ],
        ChargeStage::Won => {
            let mut out = vec![
                Command::EndCharge { back: false },
                Command::EndCharge { back: true },
            ];
            for t in pursuit_targets(s, c) {
                out.push(Command::Pursue {
                    target: setup.name(t),
                });
            }
            out
        }
        ChargeStage::Pursued => vec![
            Command::EndCharge { back: false },
            Command::EndCharge { back: true },
        ],
        ChargeStage::AllocateChargers | ChargeStage::AllocateDefenders => {
            let (units, hits) = allocation_asked(s, c);
            losses::allocations(s, &units, hits)
                .into_iter()
                .map(|a| Command::Allocate {
                    units: a.iter().map(|&u| setup.units[u].id.clone()).collect(),
                })
                .collect()
        }
    })
}

/// Whether `command` answers the decision that waits (a charge or a reaction), or why not.
/// `Ok(false)` when none waits and the command is not a charge decision.
pub fn gate(s: &State, command: &Command) -> Result<bool, RuleError> {
    let decision = matches!(
        command,
        Command::FormSquare { .. }
            | Command::EndCharge { .. }
            | Command::Pursue { .. }
            | Command::Decline
    );
    let waits = s.reaction.is_some() || s.charge.is_some();
    if !waits {
        if decision {
            return Err(RuleError::not_now(
                "no cavalry charge waits for this decision",
            ));
        }
        return Ok(false);
    }
    let ok = match (&s.reaction, &s.charge, command) {
        (Some(_), _, Command::Charge { .. } | Command::Decline) => true,
        (None, Some(c), Command::FormSquare { .. }) => c.stage == ChargeStage::Square,
        (None, Some(c), Command::EndCharge { .. }) => {
            matches!(c.stage, ChargeStage::Won | ChargeStage::Pursued)
        }
        (None, Some(c), Command::Allocate { .. }) => matches!(
            c.stage,
            ChargeStage::AllocateChargers | ChargeStage::AllocateDefenders
        ),
        (None, Some(c), Command::Pursue { .. }) => c.stage == ChargeStage::Won,
        _ => false,
    };
    if !ok {
        return Err(RuleError::not_now(format!(
            "the charge waits for {}",
            waiting(s).unwrap_or_default()
        )));
    }
    Ok(true)
}

/// What a charge decision waits for, in words.
pub fn waiting(s: &State) -> Option<String> {
    let setup = s.setup();
    let side = |i: usize| setup.sides[i].1.clone();
    if let Some(r) = &s.reaction {
        return Some(format!(
            "{} to reaction charge {} or decline (AoR 7.8)",
            side(r.side),
            r.targets
                .iter()
                .map(|&h| setup.name(h))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let c = s.charge.as_ref()?;
    Some(match c.stage {
        ChargeStage::Square => format!(
            "{} to form square in {} or not (AoR 7.6, 7.10)",
            side(1 - c.side),
            setup.name(c.target)
        ),
        ChargeStage::Won => format!(
            "{} to stay in {}, go back to {} or pursue (AoR 7.6, 7.7)",
            side(c.side),
            setup.name(c.target),
            setup.name(c.from)
        ),
        ChargeStage::Pursued => format!(
            "{} to stop in {} or go back to {} (AoR 7.7)",
            side(c.side),
            setup.name(c.at),
            setup.name(c.from)
        ),
        ChargeStage::AllocateChargers => format!(
            "{} (charging) to choose which units take the hits (AoR 7.1)",
            side(c.side)
        ),
        ChargeStage::AllocateDefenders => format!(
            "{} (charged) to choose which units take the hits (AoR 7.1)",
            side(1 - c.side)
        ),
    })
}

/// The command's part of a charge: declaring, reacting, or one of the decisions.
pub fn apply(
    s: &mut State,
    command: &Command,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    match command {
        Command::Charge { units, target } => {
            let units = units
                .iter()
                .map(|u| setup.unit(u))
                .collect::<Result<Vec<_>, _>>()?;
            let t = setup.parse(target)?;
            let d = charge_check(s, &units, t)?;
            let names = names(s, &d.units);
            if let Some(r) = s.reaction.clone() {
                // AoR 7.8: "by standing a morale test (+1 to morale if stacked with a
                // leader)".
                let leader = reaction_leader(s, r.side, d.from);
                for &u in &d.units {
                    s.units[u].charged = true;
                }
                s.reaction = None;
                let passed = losses::check_morale(
                    s,
                    &d.units,
                    i32::from(leader),
                    "reaction charge, AoR 7.8",
                    dice,
                    events,
                )?;
                if !passed {
                    note(
                        events,
                        format!(
                            "{names} fail their morale test and do not reaction charge (AoR 7.8)"
                        ),
                    );
                    return proceed(s, dice, events);
                }
                note(
                    events,
                    format!("{names} reaction charge {} (AoR 7.8)", setup.name(d.target)),
                );
                let backhand = r.backhand.contains(&d.target);
                start(s, d, true, backhand, dice, events)?;
                return proceed(s, dice, events);
            }
            for &u in &d.units {
                s.units[u].charged = true;
            }
            note(
                events,
                format!(
                    "{names} declare a charge from {} on {} (AoR 7.6; resolved when the segment \
                     ends, all charges in parallel)",
                    setup.name(d.from),
                    setup.name(d.target)
                ),
            );
            s.charges.push(d);
            Ok(())
        }
        Command::Decline => {
            s.reaction = None;
            note(events, "no reaction charge (AoR 7.8)");
            proceed(s, dice, events)
        }
        Command::FormSquare { square } => {
            let c = s.charge.clone().expect("gated");
            let formed = if *square {
                let defenders = alive(s, &c.defenders);
                let ok = losses::check_morale(
                    s,
                    &defenders,
                    0,
                    "forming square, AoR 7.6",
                    dice,
                    events,
                )?;
                note(
                    events,
                    if ok {
                        "the infantry forms square: the charge is at normal strength (AoR 7.6)"
                    } else {
                        "the infantry fails to form square (AoR 7.6)"
                    },
                );
                ok
            } else {
                note(events, "the infantry does not try to form square (AoR 7.6)");
                false
            };
            s.charge = None;
            fire(s, c, formed, dice, events)?;
            proceed(s, dice, events)
        }
        Command::Pursue { target } => {
            let t = setup.parse(target)?;
            let c = s.charge.clone().expect("gated");
            if !pursuit_targets(s, &c).contains(&t) {
                return Err(RuleError::rule(
                    "AoR 7.7",
                    format!(
                        "the cavalry cannot pursue into {} (an adjacent enemy hex a charge may \
                         enter)",
                        setup.name(t)
                    ),
                ));
            }
            s.charge = None;
            pursue(s, c, t, dice, events)?;
            proceed(s, dice, events)
        }
        Command::EndCharge { back } => {
            let c = s.charge.clone().expect("gated");
            s.charge = None;
            if c.stage == ChargeStage::Won {
                // AoR 7.7: "If the player does not choose to pursue, he still has to do a test
                // against the pursuit rating - if he rolls more, the cavalry pursues anyway."
                let targets = pursuit_targets(s, &c);
                if !targets.is_empty() {
                    let (morale, demo) = losses::group(s, &c.units);
                    let f = roll(
                        dice,
                        events,
                        "pursuit test",
                        1,
                        serde_json::json!({"units": names(s, &c.units), "rating": morale + demo}),
                    )?;
                    if f[0] as i32 > morale + demo {
                        let t = c
                            .retreated
                            .filter(|r| targets.contains(r))
                            .unwrap_or(targets[0]);
                        note(
                            events,
                            format!(
                                "pursuit test: rolled {} against {}: the cavalry pursues anyway \
                                 into {} (AoR 7.7)",
                                f[0],
                                morale + demo,
                                setup.name(t)
                            ),
                        );
                        pursue(s, c, t, dice, events)?;
                        return proceed(s, dice, events);
                    }
                    note(
                        events,
                        format!(
                            "pursuit test: rolled {} against {}: no pursuit (AoR 7.7)",
                            f[0],
                            morale + demo
                        ),
                    );
                }
                if *back {
                    note(
                        events,
                        format!(
                            "{} go back to {} (AoR 7.6)",
                            names(s, &c.units),
                            setup.name(c.from)
                        ),
                    );
                } else {
                    enter(s, &c, c.target, events);
                    note(
                        events,
                        format!(
                            "{} stay in {} (AoR 7.6)",
                            names(s, &c.units),
                            setup.name(c.target)
                        ),
                    );
                }
                finish(s, &c, *back);
            } else {
                if *back {
                    go_back(s, &c, false, dice, events)?;
                } else {
                    note(
                        events,
                        format!(
                            "{} stop in {} (AoR 7.7)",
                            names(s, &c.units),
                            setup.name(c.at)
                        ),
                    );
                }
                finish(s, &c, true);
            }
            proceed(s, dice, events)
        }
        _ => Err(RuleError::not_now("not a charge command")),
    }
}

/// AoR 7.8: "+1 to morale if stacked with a leader": a leader of `side` in the reacting
/// cavalry's hex `from`.
pub fn reaction_leader(s: &State, side: usize, from: Ix) -> bool {
    let setup = s.setup();
    (0..s.leaders.len())
        .any(|l| setup.leaders[l].side == side && s.leaders[l].loc == LeaderLoc::At(from))
}

/// The units' names, joined with commas (the charge's notes and its preview).
pub(super) fn names(s: &State, units: &[usize]) -> String {
    let setup = s.setup();
    units
        .iter()
        .map(|&u| setup.units[u].name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game ended (AoR 13): nothing of the charges is left to do.
fn over(s: &mut State) -> bool {
    if s.outcome.is_some() {
        s.charges.clear();
        s.charge = None;
        s.reaction = None;
        s.resolving_charges = false;
        return true;
    }
    false
}

/// AoR 4 II ends: the declared charges are resolved, one after another in the order declared
/// (Kepi's reading of "all move, then all attack": every charge is declared before any is
/// resolved). False when none was declared (the segment simply ends).
pub fn end_segment(
    s: &mut State,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    if s.charges.is_empty() {
        return Ok(false);
    }
    s.resolving_charges = true;
    proceed(s, dice, events)?;
    Ok(true)
}

/// Go on after a decision: the next declared charge, or the Formation Movement Segment once
/// every charge is resolved; the phasing side acts again when nothing waits.
fn proceed(s: &mut State, dice: &mut dyn Dice, events: &mut Vec<Event>) -> Result<(), RuleError> {
    loop {
        if over(s) {
            return Ok(());
        }
        if s.charge.is_some() || s.reaction.is_some() {
            return Ok(());
        }
        s.player = s.phasing();
        if !s.resolving_charges {
            return Ok(());
        }
        if s.charges.is_empty() {
            s.resolving_charges = false;
            super::sequence::begin_movement(s);
            return Ok(());
        }
        let d = s.charges.remove(0);
        start(s, d, false, false, dice, events)?;
    }
}

/// A charge begins: the target's infantry may form square, else both sides fire.
fn start(
    s: &mut State,
    d: Declared,
    reaction: bool,
    backhand: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let Some(c) = planned(s, &d, reaction, backhand) else {
        note(
            events,
            format!(
                "the charge on {} finds no one to charge (an earlier charge changed the \
                 position) and is spent (AoR 7.6)",
                setup.name(d.target)
            ),
        );
        return Ok(());
    };
    begin(s, c, dice, events)
}

/// The charge `d` as it begins in the position `s` (its square decision not yet asked), or
/// `None` when no charging unit is left in its hex or no defender in the target. The attack
/// preview (`charge_preview.rs`) starts from the same state.
pub fn planned(s: &State, d: &Declared, reaction: bool, backhand: bool) -> Option<ChargeState> {
    let setup = s.setup();
    let units = alive(s, &d.units)
        .into_iter()
        .filter(|&u| at(s, u) == Some(d.from))
        .collect::<Vec<_>>();
    let side = setup.units[d.units[0]].side;
    let defenders = Ctx::new(s).units_at(1 - side, d.target);
    if units.is_empty() || defenders.is_empty() {
        return None;
    }
    Some(ChargeState {
        stage: ChargeStage::Square,
        side,
        flank: flank(s, side, &units, d.via, d.target),
        units,
        from: d.from,
        at: d.from,
        via: d.via,
        target: d.target,
        defenders,
        reaction,
        pursuit: false,
        backhand,
        one_sided: false,
        retreated: None,
        hits: None,
        allocate_chargers: None,
        allocate_defenders: None,
    })
}

/// AoR 7.10 Flank charge: "the defender is already adjacent to units friendly to the charging
/// units and is charged from a different hex".
fn flank(s: &State, side: usize, units: &[usize], via: Ix, target: Ix) -> bool {
    let setup = s.setup();
    (0..s.units.len()).any(|u| {
        setup.units[u].side == side
            && !units.contains(&u)
            && matches!(at(s, u), Some(h) if h != via && setup.distance(h, target) == 1)
    })
}

/// The square decision if the target can form one (AoR 7.10: infantry, all of it
/// undisrupted), else the fire at once.
fn begin(
    s: &mut State,
    mut c: ChargeState,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if square_possible(s, &c) {
        c.stage = ChargeStage::Square;
        s.player = 1 - c.side;
        s.charge = Some(c);
        return Ok(());
    }
    fire(s, c, false, dice, events)
}

/// AoR 7.6, 7.10: the charged stack may choose to test morale to form square: it holds
/// infantry, all of it undisrupted, and may fire back (not the one-sided fire of a pursuit of
/// units that just retreated, 7.7).
/// The charged stack's infantry (what may form square, AoR 7.10, and what doubles the
/// charge when not in square, 7.6).
fn infantry_defenders(s: &State, c: &ChargeState) -> Vec<usize> {
    let setup = s.setup();
    c.defenders
        .iter()
        .copied()
        .filter(|&u| setup.units[u].kind == Kind::Infantry)
        .collect()
}

pub fn square_possible(s: &State, c: &ChargeState) -> bool {
    let infantry = infantry_defenders(s, c);
    !c.one_sided && !infantry.is_empty() && infantry.iter().all(|&u| s.units[u].disrupted.is_none())
}

fn rifled_or_artillery(s: &State, units: &[usize]) -> bool {
    units.iter().any(|&u| {
        let d = &s.setup().units[u];
        d.armament == Armament::Rifled || d.kind.is_artillery()
    })
}

/// One side's exact fire strength in a charge: each unit's current strength, halved when
/// disrupted (AoR 6.2), +50% for repeating weapons against rifled muskets or artillery
/// (AoR 7.6 Armament), times `factor`; nobody else is halved in a charge (AoR 7.10:
/// cavalry's value is whole, unlike in normal combat, AoR 7.3).
fn side_strength(s: &State, firers: &[usize], targets: &[usize], factor: Frac) -> Frac {
    let mut exact = Frac::int(0);
    for &u in firers {
        exact = exact + unit_strength(s, u, targets).0 * factor;
    }
    exact
}

/// One unit's exact fire strength in a charge against `targets`, with the factors applied to
/// it (see [`side_strength`]).
pub fn unit_strength(s: &State, u: usize, targets: &[usize]) -> (Frac, Vec<ChargeFactor>) {
    let d = &s.setup().units[u];
    let mut v = Frac::int(d.strength_at(s.units[u].steps) as i64);
    let mut factors = Vec::new();
    if s.units[u].disrupted.is_some() {
        factors.push(ChargeFactor {
            name: "disrupted: half strength",
            case: "AoR 6.2",
            factor: Frac::new(1, 2),
        });
    }
    if d.armament == Armament::Repeating && rifled_or_artillery(s, targets) {
        factors.push(ChargeFactor {
            name: "repeating weapons against rifled muskets or artillery",
            case: "AoR 7.6",
            factor: Frac::new(3, 2),
        });
    }
    for f in &factors {
        v = v * f.factor;
    }
    (v, factors)
}

/// The strengths a charge fires at once its square is decided (`square`: formed): the
/// factors on the charging strength (7.6, 7.10, the chart's Charge column for the target and
/// the last hexside) and both sides' strengths, rounded (7.1); the defenders' is 0 when they
/// may not fire back (7.7). The resolution ([`fire`]) and the preview use it alike.
pub struct ChargeFire {
    pub factors: Vec<ChargeFactor>,
    pub charge: u32,
    pub defense: u32,
}

pub fn charge_fire(s: &State, c: &ChargeState, square: bool) -> Result<ChargeFire, RuleError> {
    let setup = s.setup();
    let infantry = infantry_defenders(s, c);
    let t = ChargeTarget {
        infantry: !infantry.is_empty(),
        infantry_undisrupted: infantry.iter().all(|&u| s.units[u].disrupted.is_none()),
        square_formed: square,
        flank: c.flank,
        backhand: c.backhand,
        in_town: setup.terrain(c.target) == "town",
    };
    let mut factors = charge_factors(&t, Some(setup.terrain(c.target)))
        .map_err(|e| RuleError::rule("AoR 7.6", e))?;
    factors.extend(last_hexside(s, c.via, c.target).map_err(|e| RuleError::rule("AoR 7.6", e))?);
    let factor = factors.iter().fold(Frac::int(1), |a, f| a * f.factor);
    let charge = round_strength(side_strength(s, &c.units, &c.defenders, factor));
    let defense = if c.one_sided {
        0
    } else {
        round_strength(side_strength(s, &c.defenders, &c.units, Frac::int(1)))
    };
    Ok(ChargeFire {
        factors,
        charge,
        defense,
    })
}

/// AoR 7.6: "Both sides have one round of fire. The side that loses more steps loses the
/// charge combat and retreats."
fn fire(
    s: &mut State,
    mut c: ChargeState,
    square: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    c.units = alive(s, &c.units);
    c.defenders = alive(s, &c.defenders);
    if c.units.is_empty() || c.defenders.is_empty() {
        return Ok(());
    }
    let ChargeFire {
        factors,
        charge: a_strength,
        defense: d_strength,
    } = charge_fire(s, &c, square)?;
    let context = serde_json::json!({
        "charge": names(s, &c.units),
        "from": setup.name(c.at),
        "target": setup.name(c.target),
        "charge_strength": a_strength,
        "defense": d_strength,
    });
    let mut shoot = |st: u32, who: &str, events: &mut Vec<Event>| -> Result<u32, RuleError> {
        if st == 0 {
            return Ok(0);
        }
        let f = roll(dice, events, who, 2, context.clone())?;
        Ok(hits(st, [f[0], f[1]]))
    };
    let on_defenders = shoot(a_strength, "charge: charging cavalry's fire", events)?;
    let on_chargers = shoot(d_strength, "charge: defenders' fire", events)?;
    note(
        events,
        format!(
            "{} on {} (AoR 7.6{}): charge strength {a_strength}{} scores {on_defenders}; {}",
            if c.pursuit {
                "pursuit charge"
            } else if c.reaction {
                "reaction charge"
            } else {
                "charge"
            },
            setup.name(c.target),
            if c.pursuit { ", 7.7" } else { "" },
            if factors.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    factors
                        .iter()
                        .map(|f| format!("{}, {}", f.name, f.case))
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            },
            if c.one_sided {
                "the pursued units may not fire back (AoR 7.7)".to_string()
            } else {
                format!("defense {d_strength} scores {on_chargers}")
            }
        ),
    );
    // The Combat modifiers chart's "not ready" for charges is never defined; a disrupted
    // charger is the nearest case, and the halving of AoR 6.2 is all it gets (Kepi's reading).
    if c.units.iter().any(|&u| s.units[u].disrupted.is_some()) {
        note(
            events,
            "a disrupted charger is halved (AoR 6.2); the chart's \"not ready\" charge modifier \
             is never defined, and Kepi's reading gives it no effect of its own",
        );
    }
    c.hits = Some((on_chargers, on_defenders));
    take_losses(s, c, dice, events)
}

/// AoR 7.1: the units (on the map) and hits an allocation of the charge waits for.
pub fn allocation_asked(s: &State, c: &ChargeState) -> (Vec<usize>, u32) {
    let (on_chargers, on_defenders) = c.hits.unwrap_or_default();
    if c.stage == ChargeStage::AllocateChargers {
        (alive(s, &c.units), on_chargers)
    } else {
        (alive(s, &c.defenders), on_defenders)
    }
}

/// AoR 7.1: the owner's allocation of the charge's hits (the charging side first, then the
/// defending side); the charge then goes on.
pub fn allocate(
    s: &mut State,
    units: Vec<usize>,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(mut c) = s.charge.clone().filter(|c| {
        matches!(
            c.stage,
            ChargeStage::AllocateChargers | ChargeStage::AllocateDefenders
        )
    }) else {
        return Err(RuleError::not_now("no charge waits for an allocation"));
    };
    let (targets, hits) = allocation_asked(s, &c);
    if !losses::valid_allocation(s, &targets, hits, &units) {
        let setup = s.setup();
        return Err(RuleError::rule(
            "AoR 7.1",
            format!(
                "{hits} hit(s): one unit a hit, among {}; the first on infantry if possible,                  and on damaged units while any is left",
                targets
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if c.stage == ChargeStage::AllocateChargers {
        c.allocate_chargers = Some(units);
    } else {
        c.allocate_defenders = Some(units);
    }
    s.charge = None;
    take_losses(s, c, dice, events)?;
    proceed(s, dice, events)
}

/// The charge's losses, once each owner has chosen where the hits go when there is a choice
/// (AoR 7.1: the charging side, "attacking", first); then who lost the charge (AoR 7.6).
fn take_losses(
    s: &mut State,
    mut c: ChargeState,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let (on_chargers, on_defenders) = c.hits.expect("the charge has fired");
    if c.allocate_chargers.is_none() && losses::allocations(s, &c.units, on_chargers).len() > 1 {
        c.stage = ChargeStage::AllocateChargers;
        s.player = c.side;
        s.charge = Some(c);
        return Ok(());
    }
    if c.allocate_defenders.is_none()
        && losses::allocations(s, &c.defenders, on_defenders).len() > 1
    {
        c.stage = ChargeStage::AllocateDefenders;
        s.player = 1 - c.side;
        s.charge = Some(c);
        return Ok(());
    }
    // Losses at once; a retreat after a charge never reduces them (AoR 7.6).
    let lost_d = match c.allocate_defenders.take() {
        Some(order) => losses::apply_allocation(s, &c.defenders, &order, events),
        None => losses::apply_hits(s, &c.defenders, on_defenders, events),
    };
    let lost_a = match c.allocate_chargers.take() {
        Some(order) => losses::apply_allocation(s, &c.units, &order, events),
        None => losses::apply_hits(s, &c.units, on_chargers, events),
    };
    c.hits = None;
    losses::leaders_left_alone(s, &[c.target, c.at], dice, events)?;
    losses::check_armies(s, events);
    if over(s) {
        return Ok(());
    }
    c.units = alive(s, &c.units);
    if c.units.is_empty() {
        return Ok(());
    }
    if c.one_sided {
        c.stage = ChargeStage::Pursued;
        s.player = c.side;
        s.charge = Some(c);
        return Ok(());
    }
    match charge_result(lost_a, lost_d) {
        ChargeResult::TargetLoses => {
            note(
                events,
                format!(
                    "the defenders of {} lose the charge ({lost_d} step(s) to {lost_a}) and \
                     retreat (AoR 7.6)",
                    setup.name(c.target)
                ),
            );
            let survivors = alive(s, &c.defenders);
            losses::retreat(s, &survivors, &[c.at, c.via], dice, events)?;
            c.retreated = survivors.iter().find_map(|&u| at(s, u));
            losses::leaders_left_alone(s, &[c.target], dice, events)?;
            losses::check_armies(s, events);
            if over(s) {
                return Ok(());
            }
            c.stage = if c.pursuit {
                ChargeStage::Pursued
            } else {
                ChargeStage::Won
            };
            s.player = c.side;
            s.charge = Some(c);
        }
        ChargeResult::ChargerLoses => {
            note(
                events,
                format!(
                    "the cavalry loses the charge ({lost_a} step(s) to {lost_d}) and retreats \
                     to its starting hex (AoR 7.6)",
                ),
            );
            go_back(s, &c, true, dice, events)?;
            finish(s, &c, true);
        }
        ChargeResult::Even => {
            note(
                events,
                format!(
                    "as many steps lost on each side ({lost_a}): the defenders hold and the \
                     cavalry goes back to its starting hex (Kepi's reading of AoR 7.6)"
                ),
            );
            go_back(s, &c, false, dice, events)?;
            finish(s, &c, true);
        }
    }
    Ok(())
}

/// The charging cavalry enters hex `h` (the hex it won), taking it for occupation (AoR 18);
/// enemy leaders alone there are placed with their units (AoR 11).
fn enter(s: &mut State, c: &ChargeState, h: Ix, events: &mut Vec<Event>) {
    let units = alive(s, &c.units);
    for &u in &units {
        s.units[u].loc = Loc::At(h);
        s.units[u].overstacked = false;
    }
    s.occupied[h as usize] = c.side as u8 + 1;
    losses::relocate_leaders(s, h, c.side, events);
}

/// The cavalry goes back to its original starting hex (disrupted when it lost); if an enemy
/// unit or two friendly units hold that hex now it stays where it is (Kepi's reading).
fn go_back(
    s: &mut State,
    c: &ChargeState,
    lost: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let units = alive(s, &c.units);
    if lost {
        for &u in &units {
            s.units[u].disrupted = Some(Disruption::Combat);
        }
    }
    if c.at == c.from || units.is_empty() {
        return Ok(());
    }
    let ctx = Ctx::new(s);
    // AoR 5.3, 10.1: the stacking limit of the hex gone back to.
    let free = !ctx.enemy_in(c.side, c.from)
        && ctx.friends_in(c.side, c.from) as usize + units.len()
            <= s.setup().stack_limit(c.from) as usize;
    drop(ctx);
    if free {
        for &u in &units {
            s.units[u].loc = Loc::At(c.from);
        }
        note(
            events,
            format!(
                "{} go back to {} (AoR 7.7)",
                names(s, &units),
                setup.name(c.from)
            ),
        );
        losses::leaders_left_alone(s, &[c.at], dice, events)?;
    } else {
        note(
            events,
            format!(
                "{} cannot go back to {} (held) and stay in {}",
                names(s, &units),
                setup.name(c.from),
                setup.name(c.at)
            ),
        );
    }
    Ok(())
}

/// AoR 7.7: the hexes victorious cavalry may pursue into from the hex it won: adjacent enemy
/// hexes a charge may enter.
pub fn pursuit_targets(s: &State, c: &ChargeState) -> Vec<Ix> {
    let setup = s.setup();
    if alive(s, &c.units).is_empty() {
        return Vec::new();
    }
    let ctx = Ctx::new(s);
    setup
        .neighbors(c.target)
        .filter(|&t| ctx.enemy_in(c.side, t))
        .filter(|&t| pursuable(s, c.target, t))
        .collect()
}

/// AoR 7.7: whether cavalry in `won` (the hex it won) may pursue into the adjacent hex `t`:
/// the hexside between and `t`'s terrain let a charge in (7.6, the chart's Charge column).
pub fn pursuable(s: &State, won: Ix, t: Ix) -> bool {
    last_hexside(s, won, t).is_ok()
        && charge_factors(&ChargeTarget::default(), Some(s.setup().terrain(t))).is_ok()
}

/// AoR 7.7: the cavalry moves into the hex it won and charges `t`: the units that just
/// retreated "may not fire back"; any other adjacent enemy gets "normal charge resolution".
fn pursue(
    s: &mut State,
    c: ChargeState,
    t: Ix,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    enter(s, &c, c.target, events);
    let units = alive(s, &c.units);
    let defenders = Ctx::new(s).units_at(1 - c.side, t);
    let one_sided = c.retreated == Some(t);
    note(
        events,
        format!(
            "{} pursue from {} into {} (AoR 7.7)",
            names(s, &units),
            setup.name(c.target),
            setup.name(t)
        ),
    );
    let n = ChargeState {
        stage: ChargeStage::Square,
        side: c.side,
        flank: flank(s, c.side, &units, c.target, t),
        units,
        from: c.from,
        at: c.target,
        via: c.target,
        target: t,
        defenders,
        reaction: c.reaction,
        pursuit: true,
        backhand: false,
        one_sided,
        retreated: None,
        hits: None,
        allocate_chargers: None,
        allocate_defenders: None,
    };
    begin(s, n, dice, events)
}

/// A charge is over: the other side may reaction charge the cavalry where it ended (AoR 7.8:
/// "a hex that enemy units ... charge ... into"), with a backhand blow if it pursued or went
/// back (AoR 7.10). Not after a reaction charge (Kepi's reading: no reaction to a reaction).
fn finish(s: &mut State, c: &ChargeState, pursuing_or_retreating: bool) {
    if c.reaction {
        return;
    }
    let Some(h) = alive(s, &c.units).first().and_then(|&u| at(s, u)) else {
        return;
    };
    offer_reaction(
        s,
        1 - c.side,
        vec![h],
        if pursuing_or_retreating {
            vec![h]
        } else {
            Vec::new()
        },
    );
}

/// AoR 7.8: offer `side` a reaction charge on `targets` when one is possible.
pub fn offer_reaction(s: &mut State, side: usize, targets: Vec<Ix>, backhand: Vec<Ix>) {
    // AoR 5.5, 16: no reaction charge on a night or rain turn.
    if s.outcome.is_some() || super::weather::no_combat(s).is_some() {
        return;
    }
    s.reaction = Some(super::cavalry::Reaction {
        side,
        targets: targets.clone(),
        backhand,
    });
    if options(s, side, Some(&targets)).is_empty() {
        s.reaction = None;
    } else {
        s.player = side;
    }
}

/// AoR 7.8 after a retreat: the hexes `units` retreated into (those of them not in `from`),
/// and those holding cavalry (AoR 7.10 Backhand blow: "retreating cavalry").
pub fn retreated_into(s: &State, units: &[usize], from: &[Ix]) -> (Vec<Ix>, Vec<Ix>) {
    let setup = s.setup();
    let mut hexes: Vec<Ix> = Vec::new();
    let mut cavalry: Vec<Ix> = Vec::new();
    for &u in units {
        if let Loc::At(h) = s.units[u].loc
            && !from.contains(&h)
        {
            if !hexes.contains(&h) {
                hexes.push(h);
            }
            if setup.units[u].kind == Kind::Cavalry && !cavalry.contains(&h) {
                cavalry.push(h);
            }
        }
    }
    (hexes, cavalry)
}

/// AoR 7.8, 7.11: after a cavalry retreat before assault, the attacker's cavalry within two
/// hexes of the hexes retreated into may reaction charge (before the advance, which waits),
/// with the backhand blow on the retreating cavalry (AoR 7.10).
pub fn after_retreat_before_assault(s: &mut State, attacker: usize, units: &[usize], from: Ix) {
    let (hexes, cavalry) = retreated_into(s, units, &[from]);
    if !hexes.is_empty() {
        offer_reaction(s, attacker, hexes, cavalry);
    }
}

/// AoR 7.8: after a unit's move, the other side's cavalry within two hexes of the hex it moved
/// into may reaction charge it there (Kepi's reading: a move is one command, so the reaction
/// comes where it ends).
pub fn after_move(s: &mut State, side: usize, to: Ix) {
    offer_reaction(s, 1 - side, vec![to], Vec::new());
}

/// AoR 12.2: "Cavalry charges satisfy the attack requirement for cavalry formations": a stack
/// of cavalry that all charged this turn need not assault.
pub fn charged_stack(s: &State, units: &[usize]) -> bool {
    !units.is_empty()
        && units
            .iter()
            .all(|&u| s.setup().units[u].kind == Kind::Cavalry && s.units[u].charged)
}

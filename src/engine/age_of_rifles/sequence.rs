//! The sequence of play (AoR 4) and the one transition, [`apply`]: deployment, the Command
//! and Reorganization Phase (orders and their compliance, AoR 12; the 12.3 check;
//! reinforcements, AoR 9), each player-turn's segments, the Turn End Segment (AoR 4 V, 6.2),
//! Disruption Removal (AoR 4.4, 8.1), supply (AoR 17) and victory (AoR 13, 18).
//!
//! A refused command leaves the state untouched: `apply` works on a copy.

use super::assault;
use super::losses::{self, note, roll};
use super::movement::half_mp;
use super::orders::compliance;
use super::position::Ctx;
use super::section::{Kind, Order, Role};
use super::setup::{Ix, Setup};
use super::state::{
    Command, Disruption, Event, FormationState, LeaderLoc, LeaderState, Loc, Pending, Phase, Stage,
    State, UnitState,
};
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::scenario::events::EventTime;
use std::collections::VecDeque;
use std::sync::Arc;

/// The state before the first command: deployment by the side that deploys first; formation
/// leaders under March orders are placed in their hex (AoR 12.2).
pub fn start(setup: Arc<Setup>) -> State {
    let n = setup.map.grid.len();
    let mut s = State {
        setup: Some(setup.clone()),
        turn: 0,
        phase: Phase::Deployment,
        player: setup.deploys_first,
        half: 0,
        units: setup
            .units
            .iter()
            .map(|u| UnitState {
                loc: Loc::Off,
                steps: u.steps(),
                disrupted: None,
                moved: false,
                bombarded: false,
                attacked: false,
                overstacked: false,
                started_in_zoc: false,
                permanent: false,
                charged: false,
                eliminated_on: None,
                moved_from: None,
                exited_from: None,
            })
            .collect(),
        leaders: setup
            .leaders
            .iter()
            .map(|l| LeaderState {
                loc: super::scripted::start_loc(l),
                rating: l.rating,
                moved: false,
                orders_sent: 0,
                reorganizing: false,
            })
            .collect(),
        formations: setup
            .formations
            .iter()
            .map(|f| FormationState {
                order: f.order,
                march_to: f.march_to,
                attack_after_march: f.attack_after_march,
                pending: None,
                hit_under_attack: false,
                lost: 0,
                demoralized: false,
            })
            .collect(),
        destroyed: [0, 0],
        army_demoralized: [false, false],
        occupied: vec![0; n],
        points: [0, 0],
        assaulted: Vec::new(),
        decided: vec![None; setup.victory.len()],
        combat: None,
        outcome: None,
        charges: Vec::new(),
        charge: None,
        reaction: None,
        resolving_charges: false,
        streaks: if super::victory::needs_streaks(&setup) {
            vec![[0, 0]; setup.victory.len()]
        } else {
            Vec::new()
        },
        parts: Default::default(),
        hold_points_added: false,
        bombardment: None,
        scripted: 0,
    };
    for (f, fd) in setup.formations.iter().enumerate() {
        if fd.order == Order::March
            && let Some(m) = fd.march_to
            && setup
                .placement(fd.side, &fd.group)
                .is_some_and(|p| p.turn == 0)
        {
            s.leaders[fd.leader].loc = LeaderLoc::At(m);
        }
        let _ = f;
    }
    s
}

/// The pieces (units, then leaders, by index offset) the deploying side still places.
pub fn to_deploy(s: &State) -> (Vec<usize>, Vec<usize>) {
    let setup = s.setup();
    let side = s.player;
    let deploys = |group: &str| setup.placement(side, group).is_some_and(|p| p.turn == 0);
    let units = (0..setup.units.len())
        .filter(|&u| {
            let d = &setup.units[u];
            d.side == side
                && s.units[u].loc == Loc::Off
                && deploys(&setup.formations[d.formation].group)
        })
        .collect();
    let leaders = (0..setup.leaders.len())
        .filter(|&l| {
            let d = &setup.leaders[l];
            d.side == side && s.leaders[l].loc == LeaderLoc::Off && deploys(&d.group)
        })
        .collect();
    (units, leaders)
}

/// The hexes a piece of `group` deploys in.
pub fn zone_of<'a>(setup: &'a Setup, side: usize, group: &str) -> &'a [Ix] {
    setup
        .placement(side, group)
        .map(|p| p.hexes.as_slice())
        .unwrap_or(&[])
}

pub fn apply(
    s0: &State,
    command: &Command,
    dice: &mut dyn Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut s = s0.clone();
    let mut events = Vec::new();
    if s.phase == Phase::Over {
        return Err(RuleError::not_now("the game is over"));
    }
    let setup = s.arc();
    // (A reaction charge against units retreating after the assault, AoR 7.8, and its
    // charge's decisions come first: the cavalry's gate below takes them.)
    if let Some(c) = &s.combat
        && s.reaction.is_none()
        && s.charge.is_none()
    {
        let ok = matches!(
            (c.stage, command),
            (
                Stage::BeforeAssault | Stage::AttackerRetreat | Stage::DefenderRetreat,
                Command::Retreat { .. }
            ) | (Stage::Advance, Command::Advance { .. })
                | (
                    Stage::AllocateAttackers | Stage::AllocateDefenders,
                    Command::Allocate { .. }
                )
                | (Stage::FireFirst, Command::FireFirst { .. })
        );
        if !ok {
            return Err(RuleError::not_now(format!(
                "the assault on {} waits for {}",
                setup.name(c.target),
                waiting(&s).unwrap_or_default()
            )));
        }
    }
    // AoR 8.1, 7.1: a bombardment waiting for its owner's choice takes only its answer.
    if let Some(p) = &s.bombardment {
        let ok = matches!(
            (p.disrupt, command),
            (true, Command::Disrupt { .. }) | (false, Command::Allocate { .. })
        );
        if !ok {
            return Err(RuleError::not_now(format!(
                "the bombardment of {} waits for {}",
                setup.name(p.target),
                waiting(&s).unwrap_or_default()
            )));
        }
    } else if matches!(command, Command::Disrupt { .. }) {
        return Err(RuleError::not_now(
            "no bombardment waits for its disruption to be placed (AoR 8.1)",
        ));
    }
    // AoR 7.6-7.10: a charge decision or reaction charge that waits takes only its answers.
    super::cavalry::gate(&s, command)?;
    match command {
        Command::Deploy { piece, hex } => deploy(&mut s, piece, hex, &mut events)?,
        Command::SendOrder {
            formation,
            order,
            march_to,
            attack_after_march,
        } => send_order(
            &mut s,
            formation,
            *order,
            march_to.as_deref(),
            *attack_after_march,
            &mut events,
        )?,
        Command::ToReserve { formation } => {
            if s.phase != Phase::Command {
                return Err(RuleError::not_now(
                    "orders are changed in the Command Phase (Kepi's reading of AoR 12.3's \"at \
                     any time\")",
                ));
            }
            let f = setup.formation(formation)?;
            if setup.formations[f].side != s.player {
                return Err(RuleError::not_now(format!("{formation} is not yours")));
            }
            if s.formations[f].order != Order::Defend {
                return Err(RuleError::rule(
                    "AoR 12.3",
                    "only a Defend order may be changed to Reserve at will",
                ));
            }
            s.formations[f].order = Order::Reserve;
            note(
                &mut events,
                format!(
                    "{} goes from Defend to Reserve (AoR 12.3)",
                    setup.formations[f].name
                ),
            );
        }
        Command::Reorganize { unit } => {
            let u = setup.unit(unit)?;
            super::reorganize::reorganize(&mut s, u, dice, &mut events)?;
        }
        Command::Bombard { unit, target } => {
            if let Some((case, why)) = super::weather::no_combat(&s) {
                return Err(RuleError::rule(case, why));
            }
            let u = setup.unit(unit)?;
            let t = setup.parse(target)?;
            assault::bombard(&mut s, u, t, dice, &mut events)?;
        }
        Command::Charge { .. }
        | Command::FormSquare { .. }
        | Command::EndCharge { .. }
        | Command::Pursue { .. }
        | Command::Decline => super::cavalry::apply(&mut s, command, dice, &mut events)?,
        Command::Move { unit, to, via } => {
            let u = setup.unit(unit)?;
            let to = setup.parse(to)?;
            let via = via
                .iter()
                .map(|h| setup.parse(h))
                .collect::<Result<Vec<_>, _>>()?;
            move_unit(&mut s, u, to, &via, dice, &mut events)?;
        }
        Command::Exit { unit } => {
            let u = setup.unit(unit)?;
            super::exits::exit(&mut s, u, &mut events)?;
        }
        Command::MoveLeader { leader, to } => {
            let l = setup.leader(leader)?;
            let to = setup.parse(to)?;
            let ctx = Ctx::new(&s);
            let options = ctx
                .leader_moves(l)
                .map_err(|e| RuleError::rule("AoR 11", e))?;
            if !options.iter().any(|o| o.to == to) {
                return Err(RuleError::rule(
                    "AoR 11",
                    format!(
                        "{} cannot reach {} now",
                        setup.leaders[l].name,
                        setup.name(to)
                    ),
                ));
            }
            s.leaders[l].loc = LeaderLoc::At(to);
            s.leaders[l].moved = true;
        }
        Command::Assault { from, target } => {
            if let Some((case, why)) = super::weather::no_combat(&s) {
                return Err(RuleError::rule(case, why));
            }
            let from = from
                .iter()
                .map(|h| setup.parse(h))
                .collect::<Result<Vec<_>, _>>()?;
            let t = setup.parse(target)?;
            assault::assault(&mut s, &from, t, dice, &mut events)?;
        }
        Command::Allocate { units } => {
            let units = units
                .iter()
                .map(|u| setup.unit(u))
                .collect::<Result<Vec<_>, _>>()?;
            // AoR 7.1: the hits of the charge, bombardment or assault that waits.
            if s.charge.is_some() {
                super::cavalry::allocate(&mut s, units, dice, &mut events)?;
            } else if s.bombardment.is_some() {
                assault::bombard_allocate(&mut s, units, dice, &mut events)?;
            } else {
                assault::allocate(&mut s, units, dice, &mut events)?;
            }
        }
        Command::Disrupt { unit } => {
            let u = setup.unit(unit)?;
            assault::bombard_disrupt(&mut s, u, dice, &mut events)?;
        }
        Command::FireFirst { first } => {
            assault::choose_fire_first(&mut s, *first, dice, &mut events)?
        }
        Command::Retreat { voluntary } => {
            assault::choose_retreat(&mut s, *voluntary, dice, &mut events)?
        }
        Command::Advance { unit, with } => {
            let u = unit.as_deref().map(|u| setup.unit(u)).transpose()?;
            let w = with.as_deref().map(|u| setup.unit(u)).transpose()?;
            assault::advance(&mut s, u, w, &mut events)?;
        }
        Command::End => end(&mut s, dice, &mut events)?,
    }
    // AoR 18 `destroy_all`: met the moment the enemy has no unit left.
    super::victory::check_destroyed(&mut s, &mut events);
    Ok((s, events))
}

/// What a pending decision waits for, in words.
pub fn waiting(s: &State) -> Option<String> {
    if let Some(w) = super::cavalry::waiting(s) {
        return Some(w);
    }
    let setup = s.setup();
    if let Some(p) = &s.bombardment {
        let owner = setup.sides[1 - setup.units[p.unit].side].1.clone();
        return Some(if p.disrupt {
            format!(
                "{owner} to choose the unit in {} the bombardment's first hit disrupts (AoR 8.1,                  7.1)",
                setup.name(p.target)
            )
        } else {
            format!(
                "{owner} to choose which units in {} take the bombardment's hits (AoR 8.1, 7.1)",
                setup.name(p.target)
            )
        });
    }
    let c = s.combat.as_ref()?;
    let side = |i: usize| setup.sides[i].1.clone();
    Some(match c.stage {
        Stage::BeforeAssault => format!(
            "{} to retreat before the assault or stand (AoR 7.11)",
            side(1 - c.attacker)
        ),
        Stage::AttackerRetreat => format!(
            "{} (attacker) to choose whether to retreat voluntarily (AoR 7.4)",
            side(c.attacker)
        ),
        Stage::DefenderRetreat => format!(
            "{} (defender) to choose whether to retreat voluntarily (AoR 7.4)",
            side(1 - c.attacker)
        ),
        Stage::AllocateAttackers => format!(
            "{} (attacker) to choose which units take the hits (AoR 7.1)",
            side(c.attacker)
        ),
        Stage::AllocateDefenders => format!(
            "{} (defender) to choose which units take the hits (AoR 7.1)",
            side(1 - c.attacker)
        ),
        Stage::FireFirst => format!(
            "{} (defender) to choose whether to fire first (AoR 7.3)",
            side(1 - c.attacker)
        ),
        Stage::Advance => format!(
            "{} to advance into {} or not (AoR 7.5)",
            side(c.attacker),
            setup.name(c.target)
        ),
    })
}

fn deploy(s: &mut State, piece: &str, hex: &str, events: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.arc();
    if s.phase != Phase::Deployment {
        return Err(RuleError::not_now("deployment is over"));
    }
    let h = setup.parse(hex)?;
    let (units, leaders) = to_deploy(s);
    if let Ok(u) = setup.unit(piece) {
        if !units.contains(&u) {
            return Err(RuleError::not_now(format!(
                "{} is not a unit the side deploying now still places",
                setup.units[u].name
            )));
        }
        let group = &setup.formations[setup.units[u].formation].group;
        if !zone_of(&setup, s.player, group).contains(&h) {
            return Err(RuleError::not_now(format!(
                "{} is not in the deployment zone of group '{group}'",
                setup.name(h)
            )));
        }
        let ctx = Ctx::new(s);
        if ctx.friends_in(s.player, h) >= setup.stack_limit(h) || ctx.enemy_in(s.player, h) {
            return Err(RuleError::rule(
                "AoR 5.3, 10.1",
                format!(
                    "{} holds {} unit(s) already, its limit (a fort holds one), or enemy units",
                    setup.name(h),
                    ctx.friends_in(s.player, h)
                ),
            ));
        }
        s.units[u].loc = Loc::At(h);
        s.occupied[h as usize] = s.player as u8 + 1;
        return Ok(());
    }
    let l = setup.leader(piece)?;
    if !leaders.contains(&l) {
        return Err(RuleError::not_now(format!(
            "{} is not a leader the side deploying now still places",
            setup.leaders[l].name
        )));
    }
    if !zone_of(&setup, s.player, &setup.leaders[l].group).contains(&h) {
        return Err(RuleError::not_now(format!(
            "{} is not in {}'s deployment zone",
            setup.name(h),
            setup.leaders[l].name
        )));
    }
    if Ctx::new(s).enemy_in(s.player, h) {
        return Err(RuleError::rule(
            "AoR 11",
            "a leader may not set up with enemy units",
        ));
    }
    s.leaders[l].loc = LeaderLoc::At(h);
    let _ = events;
    Ok(())
}

/// The distance in half cavalry MP between two leaders, as AoR 12.4 counts it (road costs,
/// AoR 5.2).
fn leader_distance(s: &State, a: Ix, b: Ix) -> u32 {
    let setup = s.setup();
    setup.cavalry_distance(a, b).unwrap_or(u32::MAX / 4)
}

fn send_order(
    s: &mut State,
    formation: &str,
    order: Order,
    march_to: Option<&str>,
    attack_after_march: bool,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    if s.phase != Phase::Command {
        return Err(RuleError::not_now(
            "orders are sent in the Command and Reorganization Phase (AoR 4.1, 12)",
        ));
    }
    let f = setup.formation(formation)?;
    let fd = &setup.formations[f];
    if fd.side != s.player {
        return Err(RuleError::not_now(format!("{} is not yours", fd.name)));
    }
    let march_to = match (order, march_to) {
        (Order::March, Some(h)) => Some(setup.parse(h)?),
        (Order::March, None) => {
            return Err(RuleError::rule(
                "AoR 12.2",
                "a March order places the leader in a hex: name it (march_to)",
            ));
        }
        (_, Some(_)) => {
            return Err(RuleError::rule(
                "AoR 12.2",
                "only a March order names a hex",
            ));
        }
        (_, None) => None,
    };
    if attack_after_march && order != Order::March {
        return Err(RuleError::rule(
            "AoR 12.2",
            "only a March order may say the units attack after the march",
        ));
    }
    let c = fd.commander;
    let LeaderLoc::At(ch) = s.leaders[c].loc else {
        return Err(RuleError::rule(
            "AoR 12",
            format!("{} is not on the map to send orders", setup.leaders[c].name),
        ));
    };
    let LeaderLoc::At(lh) = s.leaders[fd.leader].loc else {
        return Err(RuleError::rule(
            "AoR 12",
            format!(
                "{} is not on the map to receive orders",
                setup.leaders[fd.leader].name
            ),
        ));
    };
    // AoR 15: a leader who reorganizes this turn is not present for any other purpose
    // (formation leaders only receive orders: commanders are other leaders).
    if s.leaders[fd.leader].reorganizing {
        return Err(RuleError::rule(
            "AoR 15",
            format!(
                "{} reorganizes units this turn and does not count as present: he receives no \
                 orders",
                setup.leaders[fd.leader].name
            ),
        ));
    }
    let rating = s.leaders[c].rating;
    // AoR 12.5: as many new orders per turn as his rating.
    if s.leaders[c].orders_sent >= rating {
        return Err(RuleError::rule(
            "AoR 12.5",
            format!(
                "{} (rating {rating}) has sent his {rating} orders this turn",
                setup.leaders[c].name
            ),
        ));
    }
    let cur = &s.formations[f];
    if cur.order == order && cur.pending.is_none() && cur.march_to == march_to {
        return Err(RuleError::not_now(format!(
            "{} has {} orders already",
            fd.name,
            order.name()
        )));
    }
    let dist = leader_distance(s, ch, lh);
    let comp = compliance(order, rating, s.leaders[fd.leader].rating, dist);
    s.leaders[c].orders_sent += 1;
    note(
        events,
        format!(
            "{} sends {} {} order (AoR 12.4: order number {} - {} for the ratings = {}, + {} \
             for {} MP): {}",
            setup.leaders[c].name,
            setup.leaders[fd.leader].name,
            order.with_article(),
            comp.order_number,
            comp.half_ratings,
            comp.base,
            comp.distance_turns,
            dist as f64 / 2.0,
            if comp.turns == 0 {
                "complied with now".to_string()
            } else {
                format!("complied with on game-turn {}", s.turn + comp.turns)
            }
        ),
    );
    if comp.turns == 0 {
        set_order(s, f, order, march_to, attack_after_march);
    } else {
        s.formations[f].pending = Some(Pending {
            order,
            march_to,
            attack_after_march,
            due: s.turn + comp.turns,
        });
    }
    Ok(())
}

/// AoR 12.3: "Leaders change orders the moment they receive a new order"; a March order places
/// the leader in his hex (AoR 12.2).
fn set_order(s: &mut State, f: usize, order: Order, march_to: Option<Ix>, after: bool) {
    let setup = s.arc();
    let fs = &mut s.formations[f];
    fs.order = order;
    fs.march_to = march_to;
    fs.attack_after_march = after;
    fs.pending = None;
    fs.hit_under_attack = false;
    if let Some(m) = march_to {
        let l = setup.formations[f].leader;
        if matches!(s.leaders[l].loc, LeaderLoc::At(_)) {
            s.leaders[l].loc = LeaderLoc::At(m);
        }
    }
}

/// AoR 5: unit `u` moves to `to`, through the waypoints `via` in order when given (the
/// player's path); refused, naming the rule, when no allowed path does.
fn move_unit(
    s: &mut State,
    u: usize,
    to: Ix,
    via: &[Ix],
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let ctx = Ctx::new(s);
    let options = if via.is_empty() {
        ctx.unit_moves(u).map_err(|e| RuleError::rule("AoR 5", e))?
    } else {
        ctx.unit_moves_via(u, via)?
    };
    let through = if via.is_empty() {
        String::new()
    } else {
        format!(
            " through {}",
            via.iter()
                .map(|&h| setup.name(h))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let Some(o) = options.into_iter().find(|o| o.to == to) else {
        return Err(RuleError::rule(
            "AoR 5, 5.3, 5.4, 12.1, 12.2",
            format!(
                "{} cannot move to {}{through} now (movement points, ZOCs, stacking, command \
                 range or its formation's orders)",
                setup.units[u].name,
                setup.name(to)
            ),
        ));
    };
    drop(ctx);
    let side = setup.units[u].side;
    let Loc::At(start) = s.units[u].loc else {
        return Err(RuleError::not_now("the unit is not on the map"));
    };
    // The path taken, for the log and the replay: "moves 0504-0505-0506 (2 MP)".
    note(
        events,
        format!(
            "{} moves {}-{} ({} MP{through})",
            setup.units[u].name,
            setup.name(start),
            o.path
                .iter()
                .map(|&h| setup.name(h))
                .collect::<Vec<_>>()
                .join("-"),
            half_mp(o.cost)
        ),
    );
    s.units[u].moved = true;
    s.units[u].overstacked = false;
    // AoR 7.12: walked hex by hex, with passing fire where a step stays in an enemy stack's
    // ZOC; AoR 18 occupation and AoR 11 leaders along the way.
    let (entered, stopped) = super::passing::walk(s, u, &o.path, dice, events)?;
    // AoR 7.3: the hex it moved out of into its last hex (none after a retreat: it did not
    // move into the hex it retreated to).
    s.units[u].moved_from = if stopped {
        None
    } else {
        Some(match entered.len() {
            0 | 1 => start,
            n => entered[n - 2],
        })
    };
    let Loc::At(to) = s.units[u].loc else {
        return Ok(()); // eliminated by passing fire
    };
    // AoR 7.8: the other side's cavalry may reaction charge it.
    super::cavalry::after_move(s, side, to);
    Ok(())
}

/// The Attack-order units that must still move closer (AoR 12.2 Attack).
pub fn must_move(s: &State, ctx: &Ctx) -> Vec<usize> {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| {
            let d = &setup.units[u];
            d.side == s.phasing()
                && s.formations[d.formation].order == Order::Attack
                && !s.units[u].moved
                && matches!(s.units[u].loc, Loc::At(h) if ctx.nearest_enemy(d.side, h).is_some_and(|e| e > 2))
                && ctx.unit_destinations(u).is_ok_and(|o| !o.is_empty())
        })
        .collect()
}

/// The hexes of Attack-order stacks in an enemy ZOC that must still attack (AoR 7.3).
pub fn must_attack(s: &State, ctx: &Ctx) -> Vec<Ix> {
    let setup = s.setup();
    let side = s.phasing();
    let mut out = Vec::new();
    // AoR 5.5, 16: no combat on a night or rain turn, so no obligation to attack.
    if super::weather::no_combat(s).is_some() {
        return out;
    }
    for h in 0..setup.map.grid.len() as Ix {
        if ctx.friends_in(side, h) == 0 || !ctx.enemy_zoc(side, h) {
            continue;
        }
        let a = ctx.attackers_at(side, h);
        if super::cavalry::charged_stack(s, &a) {
            continue;
        }
        if !a
            .iter()
            .any(|&u| s.formations[setup.units[u].formation].order == Order::Attack)
        {
            continue;
        }
        if setup
            .neighbors(h)
            .any(|t| ctx.enemy_in(side, t) && assault::assault_check(s, &[h], t).is_ok())
        {
            out.push(h);
        }
    }
    out
}

fn end(s: &mut State, dice: &mut dyn Dice, events: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.arc();
    match s.phase {
        Phase::Deployment => {
            let (u, l) = to_deploy(s);
            if !u.is_empty() || !l.is_empty() {
                return Err(RuleError::not_now(format!(
                    "{} piece(s) still to deploy",
                    u.len() + l.len()
                )));
            }
            if s.player == setup.deploys_first {
                s.player = 1 - setup.deploys_first;
                if to_deploy(s) == (Vec::new(), Vec::new()) {
                    begin_turn(s, 1, dice, events)?;
                }
            } else {
                begin_turn(s, 1, dice, events)?;
            }
        }
        Phase::Command => {
            if s.player == setup.moves_first {
                s.player = 1 - setup.moves_first;
            } else {
                begin_player_turn(s, 0);
            }
        }
        Phase::Bombardment => s.phase = Phase::Charge,
        Phase::Charge => {
            if !super::cavalry::end_segment(s, dice, events)? {
                begin_movement(s);
            }
        }
        Phase::Movement => {
            let ctx = Ctx::new(s);
            let left = must_move(s, &ctx);
            if let Some(&u) = left.first() {
                return Err(RuleError::rule(
                    "AoR 12.2",
                    format!(
                        "{} has Attack orders and must move towards the closest enemy unit",
                        setup.units[u].name
                    ),
                ));
            }
            drop(ctx);
            march_stopped(s, events);
            s.phase = Phase::Combat;
            s.assaulted.clear();
        }
        Phase::Combat => {
            let ctx = Ctx::new(s);
            if let Some(&h) = must_attack(s, &ctx).first() {
                return Err(RuleError::rule(
                    "AoR 7.3",
                    format!(
                        "the stack in {} has Attack orders, is in an enemy ZOC and must attack",
                        setup.name(h)
                    ),
                ));
            }
            drop(ctx);
            turn_end_segment(s, dice, events)?;
            if s.half == 0 {
                begin_player_turn(s, 1);
            } else {
                end_game_turn(s, dice, events)?;
            }
        }
        Phase::Over => return Err(RuleError::not_now("the game is over")),
    }
    Ok(())
}

/// AoR 12.2 March: "when stopped by a ZOC the leader is placed with the leading unit and the
/// OoC counter is placed underneath it" (Kepi's reading: the order becomes Defend).
fn march_stopped(s: &mut State, events: &mut Vec<Event>) {
    let setup = s.arc();
    let ctx = Ctx::new(s);
    let mut stopped = Vec::new();
    for (f, fd) in setup.formations.iter().enumerate() {
        if fd.side != s.phasing() || s.formations[f].order != Order::March {
            continue;
        }
        let lead = (0..s.units.len()).find_map(|u| match s.units[u].loc {
            Loc::At(h) if setup.units[u].formation == f && ctx.enemy_zoc(fd.side, h) => Some(h),
            _ => None,
        });
        if let Some(h) = lead {
            stopped.push((f, h));
        }
    }
    drop(ctx);
    for (f, h) in stopped {
        let fd = &setup.formations[f];
        s.formations[f].order = Order::Defend;
        s.formations[f].march_to = None;
        s.leaders[fd.leader].loc = LeaderLoc::At(h);
        note(
            events,
            format!(
                "{} is stopped by an enemy ZOC: its leader joins the leading unit in {} and the \
                 order becomes Defend (AoR 12.2)",
                fd.name,
                setup.name(h)
            ),
        );
    }
}

/// AoR 4 III begins.
pub fn begin_movement(s: &mut State) {
    s.phase = Phase::Movement;
    for u in &mut s.units {
        u.moved = false;
        u.moved_from = None;
    }
    for l in &mut s.leaders {
        l.moved = false;
    }
}

fn begin_player_turn(s: &mut State, half: u8) {
    s.half = half;
    s.phase = Phase::Bombardment;
    s.player = s.phasing();
    let setup = s.arc();
    let ctx = Ctx::new(s);
    let in_zoc: Vec<bool> = (0..s.units.len())
        .map(|u| matches!(s.units[u].loc, Loc::At(h) if ctx.enemy_zoc(setup.units[u].side, h)))
        .collect();
    drop(ctx);
    for (u, z) in s.units.iter_mut().zip(in_zoc) {
        u.moved = false;
        u.moved_from = None;
        u.bombarded = false;
        u.attacked = false;
        u.started_in_zoc = z;
    }
    for l in &mut s.leaders {
        l.moved = false;
    }
}

/// AoR 4 V: "All disrupted units check morale and become undisrupted if they pass the check"
/// (Kepi's reading: the phasing side's units, in its own Turn End Segment).
fn turn_end_segment(
    s: &mut State,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    for u in 0..s.units.len() {
        if setup.units[u].side != s.phasing()
            || s.units[u].disrupted.is_none()
            || !matches!(s.units[u].loc, Loc::At(_))
        {
            continue;
        }
        if losses::check_morale(
            s,
            &[u],
            0,
            "recovery from disruption, AoR 6.2",
            dice,
            events,
        )? {
            s.units[u].disrupted = None;
            note(
                events,
                format!("{} recovers (AoR 4 V, 6.2)", setup.units[u].name),
            );
        }
    }
    Ok(())
}

/// AoR 4.4 Disruption Removal, AoR 17 supply, victory points and AoR 18 at the end of the
/// game-turn; then the next game-turn or the end.
fn end_game_turn(
    s: &mut State,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // AoR 8.1: "Disruption is removed at the end of the turn".
    for u in &mut s.units {
        if u.disrupted == Some(Disruption::Bombardment) {
            u.disrupted = None;
        }
    }
    // The scenario's events at the end of the game-turn (AoR 2.1, 9; `scripted`).
    super::scripted::happen(s, EventTime::End, events);
    supply(s, events);
    losses::check_armies(s, events);
    if s.outcome.is_some() {
        return Ok(());
    }
    if super::victory::end_game_turn(s, events) {
        return Ok(());
    }
    let next = s.turn + 1;
    begin_turn(s, next, dice, events)
}

/// AoR 17: "Supply can be traced offroad for five hexes, then on roads or trails towards
/// specified supply source hexes. ZOCs and enemy units block the line of supply. Units that
/// cannot trace such a line at the end of a turn lose a step." Kepi's readings: railroads
/// count as trails (AoR 5); an enemy ZOC blocks a hex with no friendly unit in it; the unit's
/// own hex never blocks; a side with no supply sources named is always supplied.
fn supply(s: &mut State, events: &mut Vec<Event>) {
    let setup = s.arc();
    let n = setup.map.grid.len();
    for side in 0..2 {
        if setup.supply[side].is_empty() {
            continue;
        }
        let ctx = Ctx::new(s);
        let blocked = |h: Ix| {
            ctx.enemy_in(side, h) || (ctx.enemy_zoc(side, h) && ctx.friends_in(side, h) == 0)
        };
        // The road net from the sources.
        let mut road = vec![false; n];
        let mut q: VecDeque<Ix> = VecDeque::new();
        for &h in &setup.supply[side] {
            if !blocked(h) {
                road[h as usize] = true;
                q.push_back(h);
            }
        }
        while let Some(h) = q.pop_front() {
            for st in &setup.steps[h as usize] {
                let nb = st.to;
                if !road[nb as usize] && !blocked(nb) && st.route {
                    road[nb as usize] = true;
                    q.push_back(nb);
                }
            }
        }
        // Five hexes off-road from it.
        let mut dist: Vec<Option<u32>> = vec![None; n];
        for h in 0..n {
            if road[h] {
                dist[h] = Some(0);
                q.push_back(h as Ix);
            }
        }
        while let Some(h) = q.pop_front() {
            let d = dist[h as usize].expect("queued");
            if d >= 5 {
                continue;
            }
            for nb in setup.neighbors(h) {
                if dist[nb as usize].is_none() {
                    dist[nb as usize] = Some(d + 1);
                    if !blocked(nb) {
                        q.push_back(nb);
                    }
                }
            }
        }
        drop(ctx);
        let out: Vec<usize> = (0..s.units.len())
            .filter(|&u| setup.units[u].side == side)
            .filter(|&u| matches!(s.units[u].loc, Loc::At(h) if dist[h as usize].is_none()))
            .collect();
        for u in out {
            note(
                events,
                format!("{} cannot trace supply (AoR 17)", setup.units[u].name),
            );
            losses::apply_hits(s, &[u], 1, events);
        }
    }
}

/// The start of game-turn `t`: the Command and Reorganization Phase (AoR 4.1).
fn begin_turn(
    s: &mut State,
    t: u32,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    s.turn = t;
    s.phase = Phase::Command;
    s.half = 0;
    s.player = setup.moves_first;
    for l in &mut s.leaders {
        l.orders_sent = 0;
        l.moved = false;
        // AoR 15: absent "for that turn" only.
        l.reorganizing = false;
    }
    // AoR 7.6: "A cavalry unit can only charge once per turn."
    for u in &mut s.units {
        u.charged = false;
    }
    // The scenario's events at the start of the game-turn (AoR 2.1, 9; `scripted`), before
    // its reinforcements.
    super::scripted::happen(s, EventTime::Start, events);
    let setup = s.arc();
    // AoR 9: reinforcements arrive.
    for p in setup.placements.iter().filter(|p| p.turn == t) {
        arrive(s, p.side, &p.group.clone(), &p.hexes.clone(), events);
    }
    // AoR 11: dead leaders come back rated 1, with a unit of their formation (or any).
    for l in 0..s.leaders.len() {
        if let LeaderLoc::Dead { returns } = s.leaders[l].loc
            && returns <= t
        {
            let d = &setup.leaders[l];
            let at = (0..s.units.len())
                .filter(|&u| setup.units[u].side == d.side)
                .filter(|&u| d.formation.is_none_or(|f| setup.units[u].formation == f))
                .find_map(|u| match s.units[u].loc {
                    Loc::At(h) => Some(h),
                    _ => None,
                });
            if let Some(h) = at {
                s.leaders[l].loc = LeaderLoc::At(h);
                s.leaders[l].rating = 1;
                note(events, format!("{} returns rated 1 (AoR 11)", d.name));
            }
        }
    }
    // AoR 12.4: orders whose turn has come.
    for f in 0..s.formations.len() {
        if let Some(p) = s.formations[f].pending.clone()
            && p.due <= t
        {
            set_order(s, f, p.order, p.march_to, p.attack_after_march);
            note(
                events,
                format!(
                    "{} complies with its {} order (AoR 12.4)",
                    setup.formations[f].name,
                    p.order.name()
                ),
            );
        }
    }
    // AoR 16: Attack orders that hold nothing fail at night.
    super::weather::night_orders(s, events);
    // AoR 12.3: leaders with Attack orders whose units were hit check morale.
    for f in 0..s.formations.len() {
        if !s.formations[f].hit_under_attack {
            continue;
        }
        s.formations[f].hit_under_attack = false;
        if s.formations[f].order != Order::Attack {
            continue;
        }
        let fd = &setup.formations[f];
        let rating = s.leaders[fd.leader].rating;
        let demo = s.formations[f].demoralized;
        let faces = roll(
            dice,
            events,
            "attack order check",
            1,
            serde_json::json!({"formation": fd.id, "rating": rating, "demoralized": demo}),
        )?;
        if super::orders::attack_order_holds(rating, demo, faces[0] as u32) {
            note(
                events,
                format!("{} holds to its Attack order (AoR 12.3)", fd.name),
            );
            continue;
        }
        s.formations[f].order = Order::Reserve;
        note(
            events,
            format!(
                "{} fails its check: Reserve orders, and its units retreat 3 hexes (AoR 12.3)",
                fd.name
            ),
        );
        let units: Vec<usize> = (0..s.units.len())
            .filter(|&u| setup.units[u].formation == f && matches!(s.units[u].loc, Loc::At(_)))
            .collect();
        for _ in 0..3 {
            let enemies: Vec<Ix> = (0..s.units.len())
                .filter(|&u| setup.units[u].side != fd.side)
                .filter_map(|u| match s.units[u].loc {
                    Loc::At(h) => Some(h),
                    _ => None,
                })
                .collect();
            let live: Vec<usize> = units
                .iter()
                .copied()
                .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
                .collect();
            let hexes: Vec<Ix> = live
                .iter()
                .filter_map(|&u| match s.units[u].loc {
                    Loc::At(h) => Some(h),
                    _ => None,
                })
                .collect();
            // Each step away from the enemies within 3 hexes (Kepi's reading of "retreat 3
            // hexes": three retreats of AoR 7.4, so foot artillery is lost).
            let near: Vec<Ix> = enemies
                .into_iter()
                .filter(|&e| hexes.iter().any(|&h| setup.distance(h, e) <= 3))
                .collect();
            if near.is_empty() {
                break;
            }
            losses::retreat(s, &live, &near, dice, events)?;
            losses::leaders_left_alone(s, &hexes, dice, events)?;
        }
        losses::check_armies(s, events);
        if s.outcome.is_some() {
            return Ok(());
        }
    }
    // AoR 12.2 March: once every unit is back in range, an "attack after the march" order
    // becomes Attack.
    let ctx = Ctx::new(s);
    let mut arrived = Vec::new();
    for (f, _) in setup.formations.iter().enumerate() {
        if s.formations[f].order == Order::March && s.formations[f].attack_after_march {
            let all_in = (0..s.units.len())
                .filter(|&u| setup.units[u].formation == f)
                .all(|u| match s.units[u].loc {
                    Loc::At(h) => ctx.in_range(f, h),
                    _ => false,
                });
            if all_in {
                arrived.push(f);
            }
        }
    }
    drop(ctx);
    for f in arrived {
        s.formations[f].order = Order::Attack;
        s.formations[f].march_to = None;
        s.formations[f].attack_after_march = false;
        note(
            events,
            format!(
                "{} has arrived and attacks after its march (AoR 12.2)",
                setup.formations[f].name
            ),
        );
    }
    Ok(())
}

/// AoR 9: "Enter at entry hexes, potentially stacked. If entry hex is blocked or in ZOC, enter
/// in closest non-ZOC hex." Kepi's reading: each unit in turn takes the first entry hex with
/// room, else the closest hex (then the first in map order) with room, no enemy unit and no
/// enemy ZOC; its leaders come with its first unit (a March leader to his hex).
fn arrive(s: &mut State, side: usize, group: &str, entry: &[Ix], events: &mut Vec<Event>) {
    let setup = s.arc();
    let units: Vec<usize> = (0..setup.units.len())
        .filter(|&u| {
            setup.units[u].side == side
                && setup.formations[setup.units[u].formation].group == group
                && s.units[u].loc == Loc::Off
        })
        .collect();
    let first = arrive_units(s, side, &units, entry, events);
    let Some(h) = first else { return };
    for l in 0..setup.leaders.len() {
        let d = &setup.leaders[l];
        if d.side != side || d.group != group || s.leaders[l].loc != LeaderLoc::Off {
            continue;
        }
        let at = match d.formation {
            Some(f) if s.formations[f].order == Order::March => {
                s.formations[f].march_to.unwrap_or(h)
            }
            _ => h,
        };
        s.leaders[l].loc = LeaderLoc::At(at);
    }
    let _ = (Role::Formation, Kind::Infantry);
}

/// AoR 9 for `units` (off the map) of `side` entering at `entry`, as [`arrive`] reads it; the
/// hex the first entered, if any did.
pub(super) fn arrive_units(
    s: &mut State,
    side: usize,
    units: &[usize],
    entry: &[Ix],
    events: &mut Vec<Event>,
) -> Option<Ix> {
    let setup = s.arc();
    let mut first = None;
    for &u in units {
        let ctx = Ctx::new(s);
        let ok = |h: Ix| {
            ctx.friends_in(side, h) < setup.stack_limit(h)
                && !ctx.enemy_in(side, h)
                && !ctx.enemy_zoc(side, h)
        };
        let at = entry.iter().copied().find(|&h| ok(h)).or_else(|| {
            (0..setup.map.grid.len() as Ix)
                .filter(|&h| ok(h))
                .min_by_key(|&h| {
                    (
                        entry
                            .iter()
                            .map(|&e| setup.distance(h, e))
                            .min()
                            .unwrap_or(0),
                        h,
                    )
                })
        });
        drop(ctx);
        let Some(h) = at else {
            note(
                events,
                format!(
                    "{} finds no hex to enter and waits (AoR 9)",
                    setup.units[u].name
                ),
            );
            continue;
        };
        s.units[u].loc = Loc::At(h);
        s.occupied[h as usize] = side as u8 + 1;
        first.get_or_insert(h);
        note(
            events,
            format!(
                "{} arrives in {} (AoR 9)",
                setup.units[u].name,
                setup.name(h)
            ),
        );
    }
    first
}

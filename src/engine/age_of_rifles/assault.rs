//! Fire in play: bombardment (AoR 8.1) and assault (AoR 7.3) with its voluntary retreats,
//! morale checks and retreats (AoR 7.4) and advance (AoR 7.5). The strengths are
//! `combat::strength`'s, the hits the Fire Table's (`combat::hits`).

use super::combat::{
    Fire, Firer, Modifier, Situation, bombardment_hits, first_hit_candidates, hits, strength,
};
use super::los;
use super::losses::{self, note, roll};
use super::position::Ctx;
use super::retreat::{after_round, may_retreat_before_assault};
use super::section::{Armament, Kind, Order};
use super::setup::{Ix, Setup};
use super::state::{Combat, Disruption, Event, Loc, PendingBombardment, Phase, Stage, State};
use super::tables::{Effect, charts, round_strength};
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::frac::Frac;

fn firer(s: &State, u: usize) -> Firer {
    let d = &s.setup().units[u];
    Firer {
        kind: d.kind,
        strength: d.strength_at(s.units[u].steps),
        armament: d.armament,
        disrupted: s.units[u].disrupted.is_some(),
    }
}

pub(super) fn rifled_or_artillery(s: &State, units: &[usize]) -> bool {
    units.iter().any(|&u| {
        let d = &s.setup().units[u];
        d.armament == Armament::Rifled || d.kind.is_artillery()
    })
}

/// The chart's effects on fire from `from` into `into` (AoR 7.6 Terrain): the terrain of the
/// target hex, and the hexside between when adjacent (a bridge's effect instead of its
/// stream's). `bomb` takes the Bombardment column.
pub(super) fn terrain(setup: &Setup, from: Ix, into: Ix, bomb: bool) -> Vec<(String, Effect)> {
    let mut out = Vec::new();
    let pick = |key: &str| {
        charts().terrain_row(key).map(|r| {
            (
                r.name.clone(),
                if bomb { r.bombardment() } else { r.attack() },
            )
        })
    };
    if let Some(e) = pick(setup.terrain(into)) {
        out.push(e);
    }
    if setup.distance(from, into) == 1 {
        let sides = setup.hexside(from, into);
        if sides.iter().any(|x| x == "bridge") {
            out.extend(pick("bridge"));
        } else {
            for k in ["stream", "crest"] {
                if sides.iter().any(|x| x == k) {
                    out.extend(pick(k));
                }
            }
        }
        // AoR 10.2: a fortified hexside works like a fort (10.1: attacker strengths halved;
        // bombardment from the hex across it is not allowed, the row's "N/A").
        if setup.wall(from, into) {
            out.extend(pick(super::setup::WALL));
        }
    }
    // The chart's footnote on woods: "Including defender's fire *out of* woods".
    if !bomb && setup.terrain(from) == "woods" && setup.terrain(into) != "woods" {
        out.extend(pick("woods"));
    }
    out
}

/// AoR 8.1: whether `u` may bombard `target` now, and with what strength.
pub fn bombard_check(s: &State, u: usize, target: Ix) -> Result<(u32, String), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    if s.phase != Phase::Bombardment || d.side != s.phasing() {
        return Err(RuleError::not_now(
            "artillery bombards in its side's Bombardment Segment (AoR 4 I)",
        ));
    }
    let Loc::At(h) = s.units[u].loc else {
        return Err(RuleError::not_now(format!("{} is not on the map", d.name)));
    };
    if !d.kind.is_artillery() {
        return Err(RuleError::rule(
            "AoR 8.1",
            format!("{} is not artillery", d.name),
        ));
    }
    if s.units[u].bombarded {
        return Err(RuleError::rule(
            "AoR 8.1",
            format!("{} has bombarded this turn", d.name),
        ));
    }
    let order = s.formations[d.formation].order;
    if matches!(order, Order::Reserve | Order::March) {
        return Err(RuleError::rule(
            "AoR 12.2",
            format!("units with {} orders may not attack", order.name()),
        ));
    }
    let ctx = Ctx::new(s);
    if !ctx.in_range(d.formation, h) {
        return Err(RuleError::rule(
            "AoR 12.1",
            "units outside command range may not attack",
        ));
    }
    let dist = setup.distance(h, target);
    if dist == 0 || dist > 2 {
        return Err(RuleError::rule(
            "AoR 8.1",
            format!(
                "{} is {dist} hexes away; artillery bombards up to two",
                setup.name(target)
            ),
        ));
    }
    let targets = ctx.units_at(1 - d.side, target);
    if targets.is_empty() {
        return Err(RuleError::rule(
            "AoR 8.1",
            format!("no enemy unit in {}", setup.name(target)),
        ));
    }
    fort_not_bombarded(setup, h, target)?;
    if let Err(b) = los::line_of_sight(&setup.map, setup.hex(h), setup.hex(target)) {
        let why = b.words(&setup.map);
        return Err(RuleError::rule(
            "AoR 8.1",
            format!("no line of sight: {why}"),
        ));
    }
    let sit = Situation {
        fire: Fire::Bombardment,
        terrain: terrain(setup, h, target, true),
        target_has_rifled_or_artillery: rifled_or_artillery(s, &targets),
        ..Situation::normal()
    };
    let st = strength(&[firer(s, u)], &sit).map_err(|e| RuleError::rule("AoR 8.1", e))?;
    let mut exact = st.exact;
    let mut words: Vec<String> = st.modifiers.iter().map(|m| m.name.clone()).collect();
    // The chart's optional rule: "+50% for stacked non-arty targets".
    if setup.options.stacked_bombardment
        && targets
            .iter()
            .filter(|&&t| !setup.units[t].kind.is_artillery())
            .count()
            >= 2
    {
        exact = exact * Frac::new(3, 2);
        words.push("stacked target +50%".into());
    }
    Ok((round_strength(exact), words.join(", ")))
}

/// AoR 10.1: "Units in forts ... cannot be bombarded"; AoR 10.2: nor across a fortified
/// hexside from the hex beyond it.
fn fort_not_bombarded(setup: &Setup, from: Ix, target: Ix) -> Result<(), RuleError> {
    if setup.fort(target) {
        return Err(RuleError::rule(
            "AoR 10.1",
            format!(
                "units in forts cannot be bombarded ({} is a fort)",
                setup.name(target)
            ),
        ));
    }
    if setup.distance(from, target) == 1 && setup.wall(from, target) {
        return Err(RuleError::rule(
            "AoR 10.2",
            format!(
                "a fortified hexside lies between {} and {}: units behind it cannot be \
                 bombarded across it (10.1)",
                setup.name(from),
                setup.name(target)
            ),
        ));
    }
    Ok(())
}

/// AoR 8.1: resolve one bombardment.
pub fn bombard(
    s: &mut State,
    u: usize,
    target: Ix,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (st, words) = bombard_check(s, u, target)?;
    let setup = s.arc();
    s.units[u].bombarded = true;
    let targets = Ctx::new(s).units_at(1 - setup.units[u].side, target);
    let n = if st == 0 {
        0
    } else {
        let f = roll(
            dice,
            events,
            "bombardment",
            2,
            serde_json::json!({"unit": setup.units[u].id, "target": setup.name(target), "strength": st}),
        )?;
        hits(st, [f[0], f[1]])
    };
    note(
        events,
        format!(
            "{} bombards {} at strength {st}{}: {n} hit(s) (AoR 8.1)",
            setup.units[u].name,
            setup.name(target),
            if words.is_empty() {
                String::new()
            } else {
                format!(" ({words})")
            }
        ),
    );
    let (disrupts, step_hits) = bombardment_hits(n);
    let p = PendingBombardment {
        unit: u,
        target,
        targets,
        disrupt: disrupts,
        step_hits,
    };
    bombardment_losses(s, p, dice, events)
}

/// The units of a bombarded stack still on the map.
fn on_map(s: &State, units: &[usize]) -> Vec<usize> {
    units
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
        .collect()
}

/// AoR 8.1, 7.1: the units the bombardment's first hit, a disruption, may go to (the owner
/// chooses among them: damaged units while any is present, infantry if possible).
pub fn disrupt_candidates(s: &State, p: &PendingBombardment) -> Vec<usize> {
    let alive = on_map(s, &p.targets);
    let t = losses::targets_of(s, &alive);
    first_hit_candidates(&t)
        .into_iter()
        .map(|k| alive[k])
        .collect()
}

/// AoR 8.1, 7.1: the ways the owner may take the bombardment's hits after the disruption
/// (none of them is 7.1's "first hit": the disruption was).
pub fn bombardment_allocations(s: &State, p: &PendingBombardment) -> Vec<Vec<usize>> {
    losses::allocations_from(s, &p.targets, p.step_hits, false)
}

/// A bombardment's hits: the disruption, then the further hits, each asked of the target's
/// owner when there is a choice (`disrupt`, `allocate`); then leaders left alone and army
/// demoralization.
fn bombardment_losses(
    s: &mut State,
    mut p: PendingBombardment,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let owner = 1 - setup.units[p.unit].side;
    if p.disrupt {
        let candidates = disrupt_candidates(s, &p);
        match candidates.as_slice() {
            [] => p.disrupt = false,
            [t] => {
                let t = *t;
                place_disruption(s, t, events);
                p.disrupt = false;
            }
            _ => {
                s.player = owner;
                s.bombardment = Some(p);
                return Ok(());
            }
        }
    }
    if p.step_hits > 0 {
        let ways = bombardment_allocations(s, &p);
        if ways.len() > 1 {
            s.player = owner;
            s.bombardment = Some(p);
            return Ok(());
        }
        if let Some(order) = ways.first() {
            losses::apply_allocation_from(s, &p.targets, order, false, events);
        }
    }
    s.bombardment = None;
    s.player = s.phasing();
    losses::leaders_left_alone(s, &[p.target], dice, events)?;
    losses::check_armies(s, events);
    Ok(())
}

/// AoR 8.1: "place a Disrupted marker on the target unit" (removed at the end of the
/// game-turn); a unit disrupted already stays so.
fn place_disruption(s: &mut State, t: usize, events: &mut Vec<Event>) {
    let setup = s.arc();
    if s.units[t].disrupted.is_none() {
        s.units[t].disrupted = Some(Disruption::Bombardment);
    }
    let f = setup.units[t].formation;
    // AoR 12.3: a hit on a unit of a formation with Attack orders.
    if s.formations[f].order == Order::Attack {
        s.formations[f].hit_under_attack = true;
    }
    note(
        events,
        format!("{} is disrupted (AoR 8.1)", setup.units[t].name),
    );
}

/// AoR 8.1, 7.1: the owner of the bombarded stack places the disruption on `unit`.
pub fn bombard_disrupt(
    s: &mut State,
    unit: usize,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(mut p) = s.bombardment.clone().filter(|p| p.disrupt) else {
        return Err(RuleError::not_now(
            "no bombardment waits for its disruption to be placed",
        ));
    };
    let candidates = disrupt_candidates(s, &p);
    if !candidates.contains(&unit) {
        let setup = s.setup();
        return Err(RuleError::rule(
            "AoR 8.1, 7.1",
            format!(
                "the first hit, a disruption, goes to {} (damaged units while any is present,                  infantry if possible), not to {}",
                candidates
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
                setup.units[unit].name
            ),
        ));
    }
    place_disruption(s, unit, events);
    p.disrupt = false;
    s.bombardment = None;
    bombardment_losses(s, p, dice, events)
}

/// AoR 8.1, 7.1: the owner of the bombarded stack allocates the hits after the disruption.
pub fn bombard_allocate(
    s: &mut State,
    units: Vec<usize>,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(p) = s.bombardment.clone() else {
        return Err(RuleError::not_now("no bombardment waits for an allocation"));
    };
    if p.disrupt {
        return Err(RuleError::not_now(
            "the bombardment's first hit, a disruption, is placed first (`disrupt`, AoR 8.1)",
        ));
    }
    if !losses::valid_allocation_from(s, &p.targets, p.step_hits, &units, false) {
        let setup = s.setup();
        return Err(RuleError::rule(
            "AoR 8.1, 7.1",
            format!(
                "{} hit(s) after the disruption, one unit a hit, among {}; on damaged units                  while any is left",
                p.step_hits,
                on_map(s, &p.targets)
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    losses::apply_allocation_from(s, &p.targets, &units, false, events);
    s.bombardment = None;
    s.player = s.phasing();
    losses::leaders_left_alone(s, &[p.target], dice, events)?;
    losses::check_armies(s, events);
    Ok(())
}

/// The stacks of the phasing side that may attack `target` from `from`, checked (AoR 7.3,
/// 12.1, 12.2): the attacking units.
pub fn assault_check(s: &State, from: &[Ix], target: Ix) -> Result<Vec<usize>, RuleError> {
    let setup = s.setup();
    let side = s.phasing();
    if s.phase != Phase::Combat || s.combat.is_some() {
        return Err(RuleError::not_now(
            "assaults are made in the Formation Combat Segment (AoR 4 IV)",
        ));
    }
    let ctx = Ctx::new(s);
    if ctx.units_at(1 - side, target).is_empty() {
        return Err(RuleError::rule(
            "AoR 7.3",
            format!("no enemy unit in {}", setup.name(target)),
        ));
    }
    if from.is_empty() {
        return Err(RuleError::rule(
            "AoR 7.3",
            "name the attacking stacks' hexes",
        ));
    }
    let mut all = Vec::new();
    for (i, &h) in from.iter().enumerate() {
        if from[..i].contains(&h) {
            return Err(RuleError::not_now(format!("{} named twice", setup.name(h))));
        }
        if setup.distance(h, target) != 1 {
            return Err(RuleError::rule(
                "AoR 7.3",
                format!(
                    "{} is not adjacent to {}",
                    setup.name(h),
                    setup.name(target)
                ),
            ));
        }
        let a = ctx.attackers_at(side, h);
        if a.is_empty() {
            return Err(RuleError::rule(
                "AoR 7.3, 12.1, 12.2",
                format!(
                    "no unit in {} may attack (attacked already, Reserve or March orders, out \
                     of command range, or artillery that bombarded)",
                    setup.name(h)
                ),
            ));
        }
        let adjacent: Vec<Ix> = setup
            .neighbors(h)
            .filter(|&n| ctx.enemy_in(side, n))
            .collect();
        let mut choice = adjacent.clone();
        // AoR 10.1: "If a unit could attack a fort or another stack, it must attack the fort
        // unless that is already being attacked by another unit."
        let forts = forts_to_attack(s, &adjacent);
        if !forts.is_empty() {
            choice = forts;
        }
        // AoR 7.3: stacks with Attack orders distribute their attacks evenly.
        let attack_orders = a
            .iter()
            .any(|&u| s.formations[setup.units[u].formation].order == Order::Attack);
        if attack_orders {
            let fresh: Vec<Ix> = choice
                .iter()
                .copied()
                .filter(|t| !s.assaulted.contains(t))
                .collect();
            if !fresh.is_empty() {
                choice = fresh;
            }
        }
        // AoR 7.3: a stack containing infantry attacks chateaux, then infantry, cavalry,
        // artillery.
        if a.iter().any(|&u| setup.units[u].kind == Kind::Infantry) {
            let best = choice.iter().map(|&t| ctx.target_rank(side, t)).min();
            choice.retain(|&t| Some(ctx.target_rank(side, t)) == best);
        }
        if !choice.contains(&target) {
            return Err(RuleError::rule(
                if setup.fort(choice[0]) {
                    "AoR 10.1"
                } else {
                    "AoR 7.3"
                },
                format!(
                    "the stack in {} must attack {} first (a fort not yet attacked first, \
                     AoR 10.1; attacks are distributed evenly under Attack orders; infantry \
                     attacks chateaux, infantry, cavalry, artillery in that order)",
                    setup.name(h),
                    choice
                        .iter()
                        .map(|&t| setup.name(t))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            ));
        }
        all.extend(a);
    }
    Ok(all)
}

/// AoR 10.1: the fort hexes among `adjacent` (enemy-held hexes next to an attacking stack)
/// that no unit has attacked yet this segment: while one is left, the stack must attack one.
pub(super) fn forts_to_attack(s: &State, adjacent: &[Ix]) -> Vec<Ix> {
    let setup = s.setup();
    adjacent
        .iter()
        .copied()
        .filter(|&t| setup.fort(t) && !s.assaulted.contains(&t))
        .collect()
}

/// AoR 7.6 Flanking: two attacking stacks "attacking through hexsides that have at least one
/// hexside between them" (their hexes are not adjacent); "Defenders in towns and forts cannot
/// be flanked" (AoR 7.6, 10.1), and a stack attacking across a fortified hexside does not
/// count towards a flank (AoR 10.2: it works like a fort).
pub(super) fn flanked(setup: &Setup, from: &[Ix], target: Ix) -> bool {
    let open: Vec<Ix> = from
        .iter()
        .copied()
        .filter(|&a| !setup.wall(a, target))
        .collect();
    setup.terrain(target) != "town"
        && !setup.fort(target)
        && open
            .iter()
            .enumerate()
            .any(|(i, &a)| open[i + 1..].iter().any(|&b| setup.distance(a, b) >= 2))
}

/// AoR 10.1: units in forts "ignore retreat results"; AoR 10.2: so do defenders attacked
/// only across fortified hexsides (Kepi's reading of "work like forts"). The units of
/// `units` that stay, given the round's target and attacking hexes; `defenders` says which
/// side `units` is.
pub(super) fn hold_fast(
    s: &State,
    units: &[usize],
    defenders: bool,
    target: Ix,
    attacker_hexes: &[Ix],
) -> Vec<usize> {
    let setup = s.setup();
    let walled = defenders
        && !attacker_hexes.is_empty()
        && attacker_hexes.iter().all(|&a| setup.wall(a, target));
    units
        .iter()
        .copied()
        .filter(|&u| match s.units[u].loc {
            Loc::At(h) => setup.fort(h) || (walled && h == target),
            _ => false,
        })
        .collect()
}

/// AoR 7.3: an assault is declared; cavalry and horse artillery may first retreat before it
/// (AoR 7.11), else both sides fire at once.
pub fn assault(
    s: &mut State,
    from: &[Ix],
    target: Ix,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let attackers = assault_check(s, from, target)?;
    let setup = s.arc();
    let side = s.phasing();
    let defenders = Ctx::new(s).units_at(1 - side, target);
    for &u in &attackers {
        s.units[u].attacked = true;
    }
    s.assaulted.push(target);
    let art = |units: &[usize]| units.iter().any(|&u| setup.units[u].kind.is_artillery());
    let kinds =
        |units: &[usize]| -> Vec<Kind> { units.iter().map(|&u| setup.units[u].kind).collect() };
    // AoR 7.11: "Cavalry or horse artillery being assaulted may retreat one hex if it did not
    // start the turn in an enemy ZOC and there is no cavalry among the attackers."
    let may_leave = may_retreat_before_assault(
        &kinds(&defenders),
        defenders.iter().any(|&u| s.units[u].started_in_zoc),
        &kinds(&attackers),
    );
    s.combat = Some(Combat {
        stage: if may_leave {
            Stage::BeforeAssault
        } else {
            Stage::AttackerRetreat
        },
        attacker: side,
        target,
        attacker_hexes: from.to_vec(),
        artillery: (art(&attackers), art(&defenders)),
        guard: attackers
            .iter()
            .any(|&u| setup.units[u].guard && setup.units[u].kind == Kind::Infantry),
        attackers,
        defenders,
        hits: (0, 0),
        voluntary: (false, false),
        flank: flanked(&setup, from, target),
        artillery_lost: Vec::new(),
        allocate_attackers: None,
        allocate_defenders: None,
        sequential: false,
    });
    if may_leave {
        s.player = 1 - side;
        return Ok(());
    }
    offer_fire_first(s, dice, events)
}

/// AoR 7.3: the attacking units that "moved adjacent out of a nonadjacent hex that was in LOS
/// of the defending stack" this player-turn: the hex they moved out of into their hex is not
/// adjacent to the target and sees it (AoR 8.3).
pub fn fire_first_units(s: &State, attackers: &[usize], target: Ix) -> Vec<usize> {
    let setup = s.setup();
    attackers
        .iter()
        .copied()
        .filter(|&u| {
            let (Loc::At(h), Some(from)) = (s.units[u].loc, s.units[u].moved_from) else {
                return false;
            };
            setup.distance(h, target) == 1
                && setup.distance(from, target) >= 2
                && los::line_of_sight(&setup.map, setup.hex(from), setup.hex(target)).is_ok()
        })
        .collect()
}

/// AoR 7.3: before the fire, the defender may choose to fire first when an attacker moved
/// adjacent out of a nonadjacent hex in its line of sight; else both sides fire at once.
fn offer_fire_first(
    s: &mut State,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let mut c = s.combat.clone().expect("an assault declared");
    let movers = fire_first_units(s, &c.attackers, c.target);
    if movers.is_empty() {
        return fire(s, dice, events);
    }
    let setup = s.setup();
    note(
        events,
        format!(
            "{} moved adjacent out of a nonadjacent hex in the line of sight of {}: the \
             defender may fire first (AoR 7.3)",
            movers
                .iter()
                .map(|&u| setup.units[u].name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            setup.name(c.target)
        ),
    );
    c.stage = Stage::FireFirst;
    s.player = 1 - c.attacker;
    s.combat = Some(c);
    Ok(())
}

/// AoR 7.3: the defender's choice: fire first (losses applied sequentially: the attackers'
/// losses are applied, then the attack strength is determined and the attacker fires) or
/// not (both fire at once, losses applied simultaneously).
pub fn choose_fire_first(
    s: &mut State,
    first: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(mut c) = s.combat.clone().filter(|c| c.stage == Stage::FireFirst) else {
        return Err(RuleError::rule(
            "AoR 7.3",
            "the defender chooses to fire first only when an attacking unit moved adjacent out \
             of a nonadjacent hex in its line of sight, before the assault's fire",
        ));
    };
    if !first {
        note(
            events,
            "the defender fires together with the attacker: losses are applied simultaneously \
             (AoR 7.3)",
        );
        return fire(s, dice, events);
    }
    let setup = s.arc();
    c.sequential = true;
    let f = assault_fire(
        s,
        &c.attacker_hexes,
        c.target,
        &c.attackers,
        &c.defenders,
        c.flank,
    )?;
    let ctx_json = serde_json::json!({
        "target": setup.name(c.target),
        "from": c.attacker_hexes.iter().map(|&h| setup.name(h)).collect::<Vec<_>>(),
        "defense": f.defense,
        "sequential": true,
    });
    let on_attacker = if f.defense == 0 {
        0
    } else {
        let r = roll(dice, events, "assault: defender fires first", 2, ctx_json)?;
        hits(f.defense, [r[0], r[1]])
    };
    note(
        events,
        format!(
            "the defender of {} fires first (AoR 7.3): defense {}{} scores {on_attacker}; the \
             attackers' losses are applied before they fire",
            setup.name(c.target),
            f.defense,
            words(&f.defense_modifiers),
        ),
    );
    c.hits.0 = on_attacker;
    // AoR 7.1: the attacker chooses which units take the hits when there is a choice.
    if losses::allocations(s, &c.attackers, on_attacker).len() > 1 {
        c.stage = Stage::AllocateAttackers;
        s.player = c.attacker;
        s.combat = Some(c);
        return Ok(());
    }
    losses::apply_hits(s, &c.attackers, on_attacker, events);
    s.combat = Some(c);
    attacker_fires_after_losses(s, dice, events)
}

fn words(m: &[Modifier]) -> String {
    if m.is_empty() {
        String::new()
    } else {
        format!(
            " ({})",
            m.iter()
                .map(|m| m.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// AoR 7.3 sequential losses: with its losses applied, "attacker strength is determined and
/// the attacker fires" (an eliminated unit does not fire, a reduced one fires reduced); then
/// the voluntary retreats (AoR 7.4), or, with no attacker left, the end of the round.
fn attacker_fires_after_losses(
    s: &mut State,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let mut c = s.combat.clone().expect("an assault in sequential fire");
    let alive: Vec<usize> = c
        .attackers
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(h) if c.attacker_hexes.contains(&h)))
        .collect();
    // The chart's "fired at by artillery": only artillery left to fire fired.
    c.artillery.0 = alive.iter().any(|&u| setup.units[u].kind.is_artillery());
    let f = assault_fire(
        s,
        &c.attacker_hexes,
        c.target,
        &alive,
        &c.defenders,
        c.flank,
    )?;
    let ctx_json = serde_json::json!({
        "target": setup.name(c.target),
        "from": c.attacker_hexes.iter().map(|&h| setup.name(h)).collect::<Vec<_>>(),
        "attack": f.attack,
        "sequential": true,
    });
    let on_defender = if f.attack == 0 || alive.is_empty() {
        0
    } else {
        let r = roll(dice, events, "assault: attacker's fire", 2, ctx_json)?;
        hits(f.attack, [r[0], r[1]])
    };
    note(
        events,
        format!(
            "after its losses the attacker fires (AoR 7.3): attack {}{} scores {on_defender}",
            f.attack,
            words(&f.attack_modifiers),
        ),
    );
    c.hits.1 = on_defender;
    if alive.is_empty() {
        // No attacker left to choose a retreat: the round ends (no hit on the defender).
        s.combat = Some(c);
        return resolve(s, dice, events);
    }
    c.stage = Stage::AttackerRetreat;
    s.player = c.attacker;
    s.combat = Some(c);
    Ok(())
}

/// The two fires of an assault before the roll (AoR 7.1, 7.3, 7.6): each side's rounded
/// strength and the modifiers that changed it (each named once).
pub struct AssaultFire {
    pub attack: u32,
    pub attack_modifiers: Vec<Modifier>,
    pub defense: u32,
    pub defense_modifiers: Vec<Modifier>,
}

/// [`AssaultFire`] for `attackers` in `from` against `defenders` in `target`, as the assault
/// would fire now (shared by the resolution and the play view's preview).
pub fn assault_fire(
    s: &State,
    from: &[Ix],
    target: Ix,
    attackers: &[usize],
    defenders: &[usize],
    flank: bool,
) -> Result<AssaultFire, RuleError> {
    let setup = s.setup();
    // Attackers: each stack with its own hexside, the exact strengths added, rounded once
    // (AoR 7.1, 7.6).
    let mut exact = Frac::int(0);
    let mut attack_modifiers: Vec<Modifier> = Vec::new();
    for &h in from {
        let firers: Vec<Firer> = attackers
            .iter()
            .filter(|&&u| s.units[u].loc == Loc::At(h))
            .map(|&u| firer(s, u))
            .collect();
        let sit = Situation {
            terrain: terrain(setup, h, target, false),
            flanking: flank,
            target_has_rifled_or_artillery: rifled_or_artillery(s, defenders),
            ..Situation::normal()
        };
        let st = strength(&firers, &sit).map_err(|e| RuleError::rule("AoR 7.6", e))?;
        exact = exact + st.exact;
        for m in st.modifiers {
            if !attack_modifiers.iter().any(|x| x.name == m.name) {
                attack_modifiers.push(m);
            }
        }
    }
    // Defenders fire at all attackers at once (AoR 7.3); Kepi's reading: through the
    // attacking hex whose terrain reduces their fire least.
    let d_firers: Vec<Firer> = defenders.iter().map(|&u| firer(s, u)).collect();
    let mut best: Option<(Frac, Vec<Modifier>)> = None;
    for &h in from {
        let sit = Situation {
            terrain: terrain(setup, target, h, false),
            target_has_rifled_or_artillery: rifled_or_artillery(s, attackers),
            ..Situation::normal()
        };
        let st = strength(&d_firers, &sit).map_err(|e| RuleError::rule("AoR 7.6", e))?;
        if best.as_ref().is_none_or(|(b, _)| st.exact > *b) {
            best = Some((st.exact, st.modifiers));
        }
    }
    let (d_exact, defense_modifiers) = best.expect("at least one attacking hex");
    Ok(AssaultFire {
        attack: round_strength(exact),
        attack_modifiers,
        defense: round_strength(d_exact),
        defense_modifiers,
    })
}

/// AoR 7.3: the assault's fire, both sides rolled; the voluntary retreats come next.
fn fire(s: &mut State, dice: &mut dyn Dice, events: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.arc();
    let mut c = s.combat.clone().expect("an assault declared");
    let (from, target) = (c.attacker_hexes.clone(), c.target);
    let f = assault_fire(s, &from, target, &c.attackers, &c.defenders, c.flank)?;
    let (a_strength, d_strength) = (f.attack, f.defense);
    let names = |m: &[Modifier]| m.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
    let (words, d_words) = (names(&f.attack_modifiers), names(&f.defense_modifiers));
    let ctx_json = serde_json::json!({
        "target": setup.name(target),
        "from": from.iter().map(|&h| setup.name(h)).collect::<Vec<_>>(),
        "attack": a_strength,
        "defense": d_strength,
    });
    let mut shoot = |st: u32, who: &str, events: &mut Vec<Event>| -> Result<u32, RuleError> {
        if st == 0 {
            return Ok(0);
        }
        let f = roll(dice, events, who, 2, ctx_json.clone())?;
        Ok(hits(st, [f[0], f[1]]))
    };
    let on_defender = shoot(a_strength, "assault: attacker's fire", events)?;
    let on_attacker = shoot(d_strength, "assault: defender's fire", events)?;
    note(
        events,
        format!(
            "assault on {} (AoR 7.3): attack {a_strength}{} scores {on_defender}; defense \
             {d_strength}{} scores {on_attacker}",
            setup.name(target),
            if words.is_empty() {
                String::new()
            } else {
                format!(" ({})", words.join(", "))
            },
            if d_words.is_empty() {
                String::new()
            } else {
                format!(" ({})", d_words.join(", "))
            },
        ),
    );
    c.hits = (on_attacker, on_defender);
    c.stage = Stage::AttackerRetreat;
    s.player = c.attacker;
    s.combat = Some(c);
    Ok(())
}

/// AoR 7.4: a side's voluntary-retreat choice; after the defender's, the round ends.
pub fn choose_retreat(
    s: &mut State,
    voluntary: bool,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let Some(mut c) = s.combat.clone() else {
        return Err(RuleError::not_now("no assault waits for a retreat choice"));
    };
    match c.stage {
        Stage::BeforeAssault => {
            if !voluntary {
                note(events, "the defenders stand (AoR 7.11)");
                return offer_fire_first(s, dice, events);
            }
            // AoR 7.11: they retreat one hex (Kepi's reading: undisrupted, as no combat was
            // fought); "The attackers may advance."
            let before: Vec<Option<super::state::Disruption>> =
                c.defenders.iter().map(|&u| s.units[u].disrupted).collect();
            losses::retreat(s, &c.defenders.clone(), &c.attacker_hexes, dice, events)?;
            for (k, &u) in c.defenders.iter().enumerate() {
                // Not for a unit the passing fire of a retreat into an enemy ZOC eliminated.
                if !s.units[u].overstacked && matches!(s.units[u].loc, Loc::At(_)) {
                    s.units[u].disrupted = before[k];
                }
            }
            note(events, "the cavalry retreats before the assault (AoR 7.11)");
            losses::leaders_left_alone(s, &[c.target], dice, events)?;
            losses::check_armies(s, events);
            if s.outcome.is_some() {
                return Ok(());
            }
            let emptied = Ctx::new(s).units_at(1 - c.attacker, c.target).is_empty();
            let (attacker, defenders, target) = (c.attacker, c.defenders.clone(), c.target);
            if emptied && !advancers(s, &c).is_empty() {
                c.stage = Stage::Advance;
                s.player = c.attacker;
                s.combat = Some(c);
            } else {
                s.combat = None;
                s.player = s.phasing();
            }
            // AoR 7.8: the attacker's cavalry may reaction charge the retreating units.
            super::cavalry::after_retreat_before_assault(s, attacker, &defenders, target);
            Ok(())
        }
        Stage::AttackerRetreat => {
            c.voluntary.0 = voluntary;
            // AoR 7.3: "Cavalry involved in normal combat ... always retreats voluntarily if
            // defending alone."
            let cavalry_alone = c
                .defenders
                .iter()
                .all(|&u| setup.units[u].kind == Kind::Cavalry);
            if cavalry_alone {
                c.voluntary.1 = true;
                note(
                    events,
                    "the cavalry defending alone retreats voluntarily (AoR 7.3)",
                );
                s.combat = Some(c);
                return resolve(s, dice, events);
            }
            c.stage = Stage::DefenderRetreat;
            s.player = 1 - c.attacker;
            s.combat = Some(c);
            Ok(())
        }
        Stage::DefenderRetreat => {
            c.voluntary.1 = voluntary;
            s.combat = Some(c);
            resolve(s, dice, events)
        }
        Stage::Advance | Stage::AllocateAttackers | Stage::AllocateDefenders | Stage::FireFirst => {
            Err(RuleError::not_now(format!(
                "the assault waits for {}",
                super::sequence::waiting(s).unwrap_or_default()
            )))
        }
    }
}

/// Which side's morale modifiers apply: (attackers, defenders), from the chart, each total
/// with the modifiers in words for the log.
fn morale_extra(s: &State, c: &Combat) -> ((i32, String), (i32, String)) {
    let chart = charts();
    let m = |k: &str| chart.morale_modifier(k).unwrap_or(0);
    let setup = s.setup();
    let mut a = (0, Vec::new());
    let mut d = (0, Vec::new());
    let add = |side: &mut (i32, Vec<String>), v: i32, words: &str| {
        side.0 += v;
        side.1.push(format!("{words} {v:+}"));
    };
    if c.artillery.1 {
        add(&mut a, m("artillery_fire"), "fired at by artillery");
    }
    if c.artillery.0 {
        add(&mut d, m("artillery_fire"), "fired at by artillery");
    }
    if c.flank {
        add(&mut d, m("flank_attack"), "flank attack");
    }
    if c.guard {
        // The chart's "Old Guard infantry" is a scenario's `guard` flag (Kepi's reading).
        add(
            &mut d,
            m("old_guard"),
            "attacked by guard infantry (Kepi's reading of \"Old Guard\")",
        );
    }
    // AoR 12.2: March and Reserve units "defend normally but morale is reduced by 1".
    if c.defenders.iter().any(|&u| {
        matches!(
            s.formations[setup.units[u].formation].order,
            Order::March | Order::Reserve
        )
    }) {
        add(&mut d, -1, "under March or Reserve orders (AoR 12.2)");
    }
    let words = |(v, w): (i32, Vec<String>)| (v, w.join(", "));
    (words(a), words(d))
}

/// The end of a round: hits halved by a voluntary retreat and applied together, morale
/// checks, retreats, then the advance if the target hex is empty (AoR 7.3-7.5).
fn resolve(s: &mut State, dice: &mut dyn Dice, events: &mut Vec<Event>) -> Result<(), RuleError> {
    let mut c = s.combat.clone().expect("an assault to resolve");
    let (mut a, d) = after_round(c.hits, c.voluntary);
    if c.sequential {
        // AoR 7.3, 7.4, Kepi's reading: the attackers' hits were applied before the attacker
        // fired, so a voluntary retreat does not halve them (only the defenders' hits); the
        // attackers check morale on the hits they took.
        a.hits = c.hits.0;
        a.checks_morale = !c.voluntary.0 && c.hits.0 >= 1;
    }
    // (Said once: not again when the round is resolved after an allocation, AoR 7.1.)
    let first = c.allocate_defenders.is_none() && (c.sequential || c.allocate_attackers.is_none());
    if first && c.sequential && (c.voluntary.0 || c.voluntary.1) {
        note(
            events,
            format!(
                "a voluntary retreat halves the defenders' hits (AoR 7.4): they take {}; the \
                 attackers' {} hit(s), applied before they fired, are not halved (AoR 7.3)",
                d.hits, a.hits
            ),
        );
    } else if first && (c.voluntary.0 || c.voluntary.1) {
        note(
            events,
            format!(
                "a voluntary retreat halves the hits (AoR 7.4): attackers take {}, defenders {}",
                a.hits, d.hits
            ),
        );
    }
    let before: Vec<Ix> = c
        .attacker_hexes
        .iter()
        .copied()
        .chain(std::iter::once(c.target))
        .collect();
    // AoR 7.1: "the owner chooses which ones take the hits", asked when there is a choice:
    // first the attacker, then the defender (nothing is rolled before, so the round is
    // resolved again from here once both have chosen).
    for attackers in [true, false] {
        if attackers && c.sequential {
            continue; // AoR 7.3: applied before the attacker fired.
        }
        let (units, hits, chosen) = if attackers {
            (&c.attackers, a.hits, &c.allocate_attackers)
        } else {
            (&c.defenders, d.hits, &c.allocate_defenders)
        };
        if chosen.is_none() && losses::allocations(s, units, hits).len() > 1 {
            c.stage = if attackers {
                Stage::AllocateAttackers
            } else {
                Stage::AllocateDefenders
            };
            s.player = if attackers {
                c.attacker
            } else {
                1 - c.attacker
            };
            s.combat = Some(c);
            return Ok(());
        }
    }
    // Simultaneous losses (AoR 7.3); in sequential fire only the defenders' are left.
    if !c.sequential {
        match c.allocate_attackers.clone() {
            Some(order) => losses::apply_allocation(s, &c.attackers, &order, events),
            None => losses::apply_hits(s, &c.attackers, a.hits, events),
        };
    }
    match c.allocate_defenders.clone() {
        Some(order) => losses::apply_allocation(s, &c.defenders, &order, events),
        None => losses::apply_hits(s, &c.defenders, d.hits, events),
    };
    let alive = |s: &State, us: &[usize]| -> Vec<usize> {
        us.iter()
            .copied()
            .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
            .collect()
    };
    let ((ax, a_why), (dx, d_why)) = morale_extra(s, &c);
    let why = |who: &str, mods: &str| {
        if mods.is_empty() {
            who.to_string()
        } else {
            format!("{who}; {mods}")
        }
    };
    let mut a_retreats = a.retreats_voluntarily;
    let mut d_retreats = d.retreats_voluntarily;
    let a_alive = alive(s, &c.attackers);
    if a.checks_morale && !a_alive.is_empty() {
        a_retreats =
            !losses::check_morale(s, &a_alive, ax, &why("attackers hit", &a_why), dice, events)?;
    }
    let d_alive = alive(s, &c.defenders);
    if d.checks_morale && !d_alive.is_empty() {
        d_retreats =
            !losses::check_morale(s, &d_alive, dx, &why("defenders hit", &d_why), dice, events)?;
    }
    if a_retreats {
        let a_alive = alive(s, &c.attackers);
        let stay = forced_retreat_ignored(s, &a_alive, false, &c, a.retreats_voluntarily, events);
        let go: Vec<usize> = a_alive.into_iter().filter(|u| !stay.contains(u)).collect();
        a_retreats = !go.is_empty();
        losses::retreat(s, &go, &[c.target], dice, events)?;
    }
    if d_retreats {
        let d_alive = alive(s, &c.defenders);
        let stay = forced_retreat_ignored(s, &d_alive, true, &c, d.retreats_voluntarily, events);
        let go: Vec<usize> = d_alive.into_iter().filter(|u| !stay.contains(u)).collect();
        d_retreats = !go.is_empty();
        c.artillery_lost = losses::retreat(s, &go, &c.attacker_hexes, dice, events)?;
    }
    losses::leaders_left_alone(s, &before, dice, events)?;
    losses::check_armies(s, events);
    if s.outcome.is_some() {
        return Ok(());
    }
    let emptied = Ctx::new(s).units_at(1 - c.attacker, c.target).is_empty();
    let can_advance = !a_retreats && emptied && !advancers(s, &c).is_empty();
    // AoR 7.8: the hexes each side's units retreated into (for the other side's reaction).
    let retreated = |s: &State, units: &[usize], from: &[Ix]| -> (Vec<Ix>, Vec<Ix>) {
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
    };
    let d_into = if d_retreats {
        retreated(s, &c.defenders, &[c.target])
    } else {
        Default::default()
    };
    let a_into = if a_retreats {
        retreated(s, &c.attackers, &c.attacker_hexes)
    } else {
        Default::default()
    };
    let attacker = c.attacker;
    if can_advance {
        c.stage = Stage::Advance;
        s.player = c.attacker;
        s.combat = Some(c);
    } else {
        s.combat = None;
        s.player = s.phasing();
    }
    // AoR 7.8: "Cavalry within two hexes of a hex that enemy units ... retreat into ... can
    // reaction charge", before the advance; a retreating cavalry target takes the backhand
    // blow (AoR 7.10). Kepi's reading: one reaction a round, the attacker's cavalry against
    // the retreating defenders first, else the defender's against the retreating attackers.
    if !d_into.0.is_empty() {
        super::cavalry::offer_reaction(s, attacker, d_into.0, d_into.1);
    }
    if s.reaction.is_none() && !a_into.0.is_empty() {
        super::cavalry::offer_reaction(s, 1 - attacker, a_into.0, a_into.1);
    }
    Ok(())
}

/// AoR 10.1, 10.2: of the units a failed morale check would retreat, those that ignore the
/// result (in a fort, or defending behind fortified hexsides only), with a note. A voluntary
/// retreat (AoR 7.4) is the owner's choice, not a result, and is made as chosen.
fn forced_retreat_ignored(
    s: &State,
    units: &[usize],
    defenders: bool,
    c: &Combat,
    voluntary: bool,
    events: &mut Vec<Event>,
) -> Vec<usize> {
    if voluntary {
        return Vec::new();
    }
    let stay = hold_fast(s, units, defenders, c.target, &c.attacker_hexes);
    if !stay.is_empty() {
        let setup = s.setup();
        note(
            events,
            format!(
                "{} ignore{} the retreat result (AoR 10.1{})",
                stay.iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                if stay.len() == 1 { "s" } else { "" },
                if stay
                    .iter()
                    .any(|&u| matches!(s.units[u].loc, Loc::At(h) if setup.fort(h)))
                {
                    ": in a fort"
                } else {
                    ", 10.2: behind fortified hexsides"
                }
            ),
        );
    }
    stay
}

/// The units (on the map) and hits an allocation decision is asked for (AoR 7.1).
pub fn allocation_asked(s: &State, c: &Combat) -> (Vec<usize>, u32) {
    let (a, d) = after_round(c.hits, c.voluntary);
    let (units, hits) = if c.stage == Stage::AllocateAttackers {
        (&c.attackers, a.hits)
    } else {
        (&c.defenders, d.hits)
    };
    (
        units
            .iter()
            .copied()
            .filter(|&u| matches!(s.units[u].loc, Loc::At(_)))
            .collect(),
        hits,
    )
}

/// AoR 7.1: the owner's allocation of the assault's hits; the round then goes on.
pub fn allocate(
    s: &mut State,
    units: Vec<usize>,
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(mut c) = s.combat.clone() else {
        return Err(RuleError::not_now("no assault waits for an allocation"));
    };
    let (targets, hits) = allocation_asked(s, &c);
    if !losses::valid_allocation(s, &targets, hits, &units) {
        let setup = s.setup();
        return Err(RuleError::rule(
            "AoR 7.1",
            format!(
                "{} hit(s) on {}: one unit a hit, among {}; the first on infantry if possible, \
                 and on damaged units while any is left",
                hits,
                units
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                targets
                    .iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if c.stage == Stage::AllocateAttackers && c.sequential {
        // AoR 7.3 sequential: the attackers' losses are applied, then the attacker fires.
        losses::apply_allocation(s, &c.attackers, &units, events);
        c.allocate_attackers = Some(units);
        s.combat = Some(c);
        return attacker_fires_after_losses(s, dice, events);
    }
    if c.stage == Stage::AllocateAttackers {
        c.allocate_attackers = Some(units);
    } else {
        c.allocate_defenders = Some(units);
    }
    s.combat = Some(c);
    resolve(s, dice, events)
}

/// AoR 7.5: the attackers that may advance (not artillery); none into a fort (AoR 10.1:
/// "Units cannot advance into forts").
pub fn advancers(s: &State, c: &Combat) -> Vec<usize> {
    let setup = s.setup();
    if setup.fort(c.target) {
        return Vec::new();
    }
    c.attackers
        .iter()
        .copied()
        .filter(|&u| matches!(s.units[u].loc, Loc::At(h) if c.attacker_hexes.contains(&h)))
        .filter(|&u| !setup.units[u].kind.is_artillery())
        .collect()
}

/// AoR 7.5: "If a leader is in an attacking hex with two units, both units and the leader can
/// advance": the pairs of advancing units that share an attacking hex with a friendly leader.
pub fn pairs_with_leader(s: &State, c: &Combat) -> Vec<(usize, usize)> {
    let setup = s.setup();
    let adv = advancers(s, c);
    let mut out = Vec::new();
    for (i, &a) in adv.iter().enumerate() {
        for &b in &adv[i + 1..] {
            let (Loc::At(h), Loc::At(hb)) = (s.units[a].loc, s.units[b].loc) else {
                continue;
            };
            let leader = (0..s.leaders.len()).any(|l| {
                setup.leaders[l].side == c.attacker
                    && s.leaders[l].loc == super::state::LeaderLoc::At(h)
            });
            if h == hb && leader {
                out.push((a, b));
            }
        }
    }
    out
}

/// AoR 7.5: one attacking unit advances into the vacated hex ("ZOCs are ignored"), or none;
/// or two with their leader (`with`).
pub fn advance(
    s: &mut State,
    unit: Option<usize>,
    with: Option<usize>,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.arc();
    let Some(c) = s.combat.clone().filter(|c| c.stage == Stage::Advance) else {
        return Err(RuleError::not_now("no assault waits for an advance"));
    };
    if let Some(w) = with {
        let Some(u) = unit else {
            return Err(RuleError::rule("AoR 7.5", "name the first unit to advance"));
        };
        if !pairs_with_leader(s, &c).contains(&(u, w))
            && !pairs_with_leader(s, &c).contains(&(w, u))
        {
            return Err(RuleError::rule(
                "AoR 7.5",
                format!(
                    "{} and {} may advance together only from one attacking hex with a leader",
                    setup.units[u].name, setup.units[w].name
                ),
            ));
        }
        let Loc::At(from) = s.units[u].loc else {
            unreachable!("an advancer is on the map")
        };
        for l in 0..s.leaders.len() {
            if setup.leaders[l].side == c.attacker
                && s.leaders[l].loc == super::state::LeaderLoc::At(from)
            {
                s.leaders[l].loc = super::state::LeaderLoc::At(c.target);
                s.leaders[l].moved = true;
                note(
                    events,
                    format!("{} advances with them (AoR 7.5)", setup.leaders[l].name),
                );
            }
        }
        s.units[w].loc = Loc::At(c.target);
        s.units[w].overstacked = false;
        note(
            events,
            format!(
                "{} advances into {} (AoR 7.5)",
                setup.units[w].name,
                setup.name(c.target)
            ),
        );
    }
    if let Some(u) = unit {
        if !advancers(s, &c).contains(&u) {
            return Err(RuleError::rule(
                "AoR 7.5",
                format!(
                    "{} is not an attacker that may advance",
                    setup.units[u].name
                ),
            ));
        }
        s.units[u].loc = Loc::At(c.target);
        s.units[u].overstacked = false;
        s.occupied[c.target as usize] = c.attacker as u8 + 1;
        note(
            events,
            format!(
                "{} advances into {} (AoR 7.5)",
                setup.units[u].name,
                setup.name(c.target)
            ),
        );
        // AoR 7.4: foot artillery destroyed where the enemy advances is permanently eliminated.
        for &a in &c.artillery_lost {
            s.units[a].permanent = true;
        }
        losses::relocate_leaders(s, c.target, c.attacker, events);
    }
    s.combat = None;
    s.player = s.phasing();
    Ok(())
}

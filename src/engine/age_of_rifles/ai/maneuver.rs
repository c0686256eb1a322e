//! Movement for the standard level (AoR 5, 11, 12.1, 12.2): each unit, most constrained first,
//! weighs staying against each hex it may reach (the legal destinations: stacking, ZOCs,
//! command range and what its order obliges are the engine's); leaders keep with their
//! formations, ahead towards their goal.
//!
//! A hex is worth: the objective it takes or keeps (AoR 18 occupation), the pull of the
//! objectives still to take, the terrain's cover where the enemy can reach, less the expected
//! cost of the enemy's next assault there (more for a disrupted unit, which is pulled back);
//! for a unit under Attack orders, the assault it could make from there next segment; an
//! objective held in a fort (AoR 10.1) is worth more; a move is worth less by the passing
//! fires its path draws (AoR 7.12, [`super::passing`]); where the default path draws fire, a
//! dearer one through a waypoint round it (`via`, AoR 5) is weighed against it.

use super::super::position::{Ctx, MoveOption};
use super::super::section::Order;
use super::super::setup::Ix;
use super::super::state::{Command, LeaderLoc, Loc, State};
use super::attack::unit_value;
use super::lines::Approaches;
use super::maps::{Fields, Geometry, cover, expected_hits};
use super::passing::{PathRisk, detour_waypoints, entry_pairs, fire_hexes, path_risk};
use super::weights::Weights;
use crate::ai::candidates::{Candidate, Verdict};

/// The score of unit `u` standing in `h` after its move, with the words of its main terms;
/// `line`: the approaches, for a unit that defends ([`Approaches::defends`]).
#[allow(clippy::too_many_arguments)]
pub fn hex_score(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    u: usize,
    h: Ix,
    w: &Weights,
    line: Option<&Approaches>,
) -> Candidate<Ix> {
    let setup = s.setup();
    let d = &setup.units[u];
    let side = d.side;
    let mut k = Candidate::new(h);
    let here = s.units[u].loc == Loc::At(h);
    // Taking an objective: entering it flips its occupation (AoR 18).
    if !here && s.occupied[h as usize] != side as u8 + 1 && fields.value[h as usize] > 0.0 {
        let words = match &fields.label[h as usize] {
            Some(l) => format!("takes {l}"),
            None => String::new(),
        };
        k.term("objective", fields.value[h as usize] * w.take, words);
    }
    // Keeping a held objective within the enemy's reach.
    if s.occupied[h as usize] == side as u8 + 1
        && fields.value[h as usize] > 0.0
        && fields.enemy_dist[h as usize] <= 4
    {
        let others = ctx.friends_in(side, h) as usize - usize::from(here);
        if others == 0 {
            let words = match &fields.label[h as usize] {
                Some(l) => format!("holds {l}"),
                None => String::new(),
            };
            k.term("hold", fields.value[h as usize] * w.hold, words);
        }
    }
    // AoR 10.1: an objective held in a fort is held against assault (its defenders ignore
    // retreat results, cannot be bombarded, charged or flanked, and attackers are halved);
    // one unit garrisons it (stacking limit 1).
    if setup.fort(h)
        && w.fort > 0.0
        && fields.value[h as usize] > 0.0
        && fields.enemy_dist[h as usize] <= 4
    {
        k.term(
            "fort",
            fields.value[h as usize] * w.fort,
            format!(
                "{} the fort at {}: its defenders ignore retreat results (AoR 10.1)",
                if here { "holds" } else { "garrisons" },
                setup.name(h)
            ),
        );
    }
    let (pull, goal) = fields.pull_exits(s, ctx, geo, h, w.exit);
    let words = match goal.and_then(|g| fields.label[g as usize].clone()) {
        Some(l) if !here => format!("towards {l}"),
        _ if !here && goal.is_some_and(|g| fields.exit_later[g as usize] > 0.0) => {
            "towards its exit (AoR 5.6)".to_string()
        }
        _ => String::new(),
    };
    // Standing where it may leave the map next Formation Movement Segment (AoR 5.6): worth
    // what leaving then still scores (issue 42: nothing on the condition's last game-turn).
    if fields.exit_later[h as usize] > 0.0 && w.exit > 0.0 && !here {
        k.term(
            "exit",
            fields.exit_later[h as usize] * w.exit,
            format!("reaches its exit at {}", setup.name(h)),
        );
    }
    k.term("approach", pull * w.approach, words);
    // A line (AoR 5.4, 12.2): the approaches its ZOC would hold from here, on good ground.
    if let Some(a) = line
        && w.line > 0.0
        && let (value, Some(at)) = a.value(s, u, h)
    {
        k.term(
            "line",
            value * w.line,
            format!(
                "its ZOC holds the enemy's approach at {} (AoR 5.4, 12.2)",
                setup.name(at)
            ),
        );
    }
    // A fighting withdrawal (AoR 12.2 Defend "may leave ZOC", 5.4): a unit too weak to hold
    // the enemy's ZOC it stands in falls back out of it to a better position.
    if w.withdraw > 0.0
        && !here
        && let Some((v, words)) = withdrawal(s, ctx, fields, u, h)
    {
        k.term("withdraw", v * w.withdraw, words);
    }
    // The enemy's next assault: expected hits on the unit where it stands, with the cover.
    let threat = fields.threat[h as usize] * cover(setup, h);
    if threat > 0.0 {
        let friends = ctx.friends_in(side, h) as f64 - if here { 1.0 } else { 0.0 };
        let own = d.strength_at(s.units[u].steps) as f64 + friends * 2.0;
        let pressure = (threat / (own + 1.0)).min(3.0);
        let disrupted = s.units[u].disrupted.is_some();
        let weight = if disrupted {
            w.risk_disrupted
        } else {
            w.risk_steady
        };
        let risk = expected_hits(threat.round() as u32) * pressure * weight * unit_value(s, u);
        let words = if disrupted && fields.enemy_dist[h as usize] >= 4 {
            "disrupted: pulled out of the enemy's reach".to_string()
        } else {
            String::new()
        };
        k.term("threat", -risk * w.threat, words);
        let c = cover(setup, h);
        if c < 1.0 {
            k.term(
                "cover",
                (1.0 - c) * w.cover,
                format!("cover in {}", setup.terrain(h)),
            );
        }
    }
    // Under Attack orders the unit will assault from here (AoR 7.3): the best odds next to it.
    if s.formations[d.formation].order == Order::Attack && s.units[u].disrupted.is_none() {
        let mine = d.strength_at(s.units[u].steps) as f64;
        let mut best: Option<f64> = None;
        for &(e, eh) in &fields.enemies {
            if geo.d(h, eh) != 1 {
                continue;
            }
            let ed = &setup.units[e];
            let theirs = ed.strength_at(s.units[e].steps) as f64;
            let gain =
                expected_hits((mine * cover(setup, eh)).round() as u32) * unit_value(s, e) * 0.6;
            let loss = expected_hits(theirs.round() as u32) * unit_value(s, u) * 0.6;
            let v = gain - loss;
            if best.is_none_or(|b| v < b) {
                // The worst neighbour counts: the stack may be obliged to attack it.
                best = Some(v);
            }
        }
        if w.support > 0.0
            && let Some((v, words)) = support(s, ctx, fields, geo, u, h)
        {
            k.term("support", v * w.support, words);
        }
        if let Some(v) = best {
            k.term(
                "assault",
                v * w.close,
                if v > 0.0 {
                    "closes with a beatable enemy".to_string()
                } else {
                    String::new()
                },
            );
        }
    }
    k
}

/// How many times a unit's strength (with its hex's friends) the enemy strength that can
/// assault its hex next player-turn (`Fields::threat`, the hex's terrain counted) must be for
/// the unit to be overrun there: too weak to hold it.
pub const TOO_WEAK: f64 = 2.0;

/// A fighting withdrawal (AoR 12.2: a formation under Defend orders "may leave ZOC"; 5.4: the
/// last unit to leave a ZOC hex pays 1 MP more, which the engine's destinations count): unit
/// `u`, not cavalry (cavalry ignores ZOCs), under Defend orders, starts its move in an enemy
/// ZOC where the enemy that can assault it next player-turn is at least [`TOO_WEAK`] times its
/// stack's strength, and not on an objective its side holds (there it holds: the hold and
/// victory terms weigh it). `h` is a better line to fall back to: out of every enemy ZOC (the
/// enemy must come on to assault it, and cannot make it pay passing fire on the way, 7.12),
/// farther from the enemy but within four hexes (the ground is not given up), and less
/// threatened there, the terrain's cover counted. Worth the expected hits it no longer faces
/// (the Fire Table over the 36 rolls) by the unit's value, plus a quarter of its value when `h`
/// is cover, or next to an objective its side holds (the line before it).
pub fn withdrawal(s: &State, ctx: &Ctx, fields: &Fields, u: usize, h: Ix) -> Option<(f64, String)> {
    use super::super::section::Kind;
    let setup = s.setup();
    let d = &setup.units[u];
    let side = d.side;
    let Loc::At(start) = s.units[u].loc else {
        return None;
    };
    if d.kind == Kind::Cavalry
        || s.formations[d.formation].order != Order::Defend
        || !ctx.enemy_zoc(side, start)
        || ctx.enemy_zoc(side, h)
    {
        return None;
    }
    let held = |x: Ix| fields.value[x as usize] > 0.0 && s.occupied[x as usize] == side as u8 + 1;
    if held(start) {
        return None;
    }
    let own: f64 = ctx
        .units_at(side, start)
        .iter()
        .map(|&x| setup.units[x].strength_at(s.units[x].steps) as f64)
        .sum();
    let threat = fields.threat[start as usize] * cover(setup, start);
    if threat < TOO_WEAK * own.max(1.0) {
        return None;
    }
    let (from, to) = (
        fields.enemy_dist[start as usize],
        fields.enemy_dist[h as usize],
    );
    if to <= from || to > 4 {
        return None;
    }
    let there = fields.threat[h as usize] * cover(setup, h);
    let saved = expected_hits(threat.round() as u32) - expected_hits(there.round() as u32);
    if saved <= 0.0 {
        return None;
    }
    let mut good = Vec::new();
    if cover(setup, h) < 1.0 {
        good.push(format!("cover in {}", setup.terrain(h)));
    }
    if let Some(o) = setup.neighbors(h).find(|&x| held(x)) {
        let name = fields.label[o as usize]
            .clone()
            .unwrap_or_else(|| setup.name(o));
        good.push(format!("before {name}"));
    }
    let value = unit_value(s, u);
    let bonus = if good.is_empty() { 0.0 } else { 0.25 * value };
    Some((
        saved * value + bonus,
        format!(
            "withdraws from {} to {}{}: {threat:.0} strength can assault it there against its \
             {own:.0}, too weak to hold; Defend orders may leave an enemy ZOC (AoR 12.2, 5.4)",
            setup.name(start),
            setup.name(h),
            if good.is_empty() {
                String::new()
            } else {
                format!(" ({})", good.join(", "))
            },
        ),
    ))
}

/// A supporting attack (AoR 7.6 Flanking): from `h`, unit `u` (under Attack orders) and a
/// friendly stack would assault an enemy hex through hexsides with at least one between them
/// (the engine's `assault::flanked`: not a town or fort, not across a fortified hexside): the
/// attackers' strength +50 % and the defenders' morale -2. The partner is a friendly stack
/// already next to the target, or (at a quarter of the worth) an unmoved unit of a formation under
/// Attack orders within its movement, on the hex distance, of a free hex next to the target
/// that flanks with `h`: the two stacks move to flank it together. Worth the extra expected
/// hits on the defenders (by their value, `attack::unit_value`) and the lower morale's chance
/// to clear them; the best target counts, with its words.
pub fn support(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    u: usize,
    h: Ix,
) -> Option<(f64, String)> {
    use super::super::assault::flanked;
    let setup = s.setup();
    let side = setup.units[u].side;
    let mine = setup.units[u].strength_at(s.units[u].steps) as f64;
    let mut best: Option<(f64, String)> = None;
    for &(e, eh) in &fields.enemies {
        if geo.d(h, eh) != 1 || setup.wall(h, eh) {
            continue;
        }
        // The enemy stack's hex once (the first of its units).
        if fields.enemies.iter().find(|x| x.1 == eh).map(|x| x.0) != Some(e) {
            continue;
        }
        let defenders: Vec<usize> = ctx.units_at(1 - side, eh);
        let theirs: f64 = defenders
            .iter()
            .map(|&x| setup.units[x].strength_at(s.units[x].steps) as f64)
            .sum();
        if theirs <= 0.0 {
            continue;
        }
        // A partner already there: a friendly stack next to the target, flanking with `h`.
        let mut partner: Option<(f64, String, bool)> = None;
        for x in 0..s.units.len() {
            if x == u
                || setup.units[x].side != side
                || s.units[x].disrupted.is_some()
                || s.formations[setup.units[x].formation].order != Order::Attack
            {
                continue;
            }
            let Loc::At(xh) = s.units[x].loc else {
                continue;
            };
            let st = setup.units[x].strength_at(s.units[x].steps) as f64;
            if xh != h && geo.d(xh, eh) == 1 && flanked(setup, &[h, xh], eh) {
                if partner.as_ref().is_none_or(|p| p.2 || st > p.0) {
                    partner = Some((
                        st,
                        format!("with the {} at {}", setup.units[x].name, setup.name(xh)),
                        false,
                    ));
                }
                continue;
            }
            // A unit still to move, under Attack orders, that can reach a flanking hex.
            if s.units[x].moved || partner.as_ref().is_some_and(|p| !p.2) {
                continue;
            }
            let reach = setup.units[x].movement;
            let to = setup.neighbors(eh).find(|&g| {
                g != h
                    && !ctx.enemy_in(side, g)
                    && ctx.friends_in(side, g) == 0
                    && geo.d(xh, g) <= reach
                    && flanked(setup, &[h, g], eh)
            });
            if let Some(g) = to
                && partner.as_ref().is_none_or(|p| st > p.0)
            {
                partner = Some((
                    st,
                    format!(
                        "the {} can reach {} to join it",
                        setup.units[x].name,
                        setup.name(g)
                    ),
                    true,
                ));
            }
        }
        let Some((st, who, later)) = partner else {
            continue;
        };
        // AoR 7.6: attackers +50 %; the terrain's multiplier on the target's hex.
        let c = cover(setup, eh);
        let plain = ((mine + st) * c).round() as u32;
        let flank = ((mine + st) * 1.5 * c).round() as u32;
        let value: f64 =
            defenders.iter().map(|&x| unit_value(s, x)).sum::<f64>() / defenders.len() as f64;
        let extra = (expected_hits(flank) - expected_hits(plain)) * value;
        // Morale -2: the defenders hit are likelier to fail their check and leave the hex
        // (7.4), and with it the objective there.
        let clear = 0.15 * (value + fields.value[eh as usize]);
        let v = (extra + clear) * if later { 0.25 } else { 1.0 };
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((
                v,
                format!(
                    "flanks {} {who}: attackers +50 %, the defenders' morale -2 (AoR 7.6)",
                    setup.name(eh)
                ),
            ));
        }
    }
    best
}

/// The best move for unit `u`, or `None` when staying is as good (or it may not move).
#[allow(clippy::too_many_arguments)]
pub fn unit_move(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    u: usize,
    must: bool,
    noise: &mut crate::ai::candidates::Noise,
    w: &Weights,
    line: Option<&Approaches>,
) -> Option<Candidate<Command>> {
    let setup = s.setup();
    let Loc::At(start) = s.units[u].loc else {
        return None;
    };
    let side = setup.units[u].side;
    let mut options = ctx.unit_destinations(u).ok()?;
    if options.is_empty() {
        return None;
    }
    // A path draws passing fire only by a step from one enemy-ZOC hex into another (AoR 7.12),
    // and a unit in an enemy ZOC moves on only into enemy-ZOC hexes (5.4, 12.2; a Defend unit
    // leaving its start never enters one): so only a move ending in an enemy ZOC can draw
    // it. Only then are the paths asked for (the search again, with its paths).
    let exposed = w.passing > 0.0 && options.iter().any(|o| ctx.enemy_zoc(side, o.to));
    if exposed {
        options = ctx.unit_moves(u).ok()?;
    }
    let line = line.filter(|a| a.defends(s, geo, u));
    let stay = hex_score(s, ctx, fields, geo, u, start, w, line);
    // Paths round the fire (AoR 5, 7.12): a few waypoints next to the hexes where the
    // default paths draw it, each searched by the engine.
    let detours: Vec<(Ix, Vec<MoveOption>)> = if exposed {
        let fired: Vec<Ix> = options
            .iter()
            .filter(|o| ctx.enemy_zoc(side, o.to))
            .flat_map(|o| fire_hexes(ctx, side, start, &o.path))
            .collect();
        detour_waypoints(s, ctx, side, &fired, &options)
            .into_iter()
            .filter_map(|h| Some((h, ctx.unit_moves_via(u, &[h]).ok()?)))
            .collect()
    } else {
        Vec::new()
    };
    // Issue 42's guard: where the end of this game-turn decides an entry (or the game), each
    // move into a hex its side does not hold is played on a copy (`guard`); only the moves of
    // the best verdict present are chosen among (a win now over any score). The noise is
    // drawn for every move all the same, so where every verdict is open the choice is what it
    // was.
    let stake = if w.guard {
        super::guard::at_stake(s, side)
    } else {
        None
    };
    let targets = if stake.is_some() {
        super::guard::victory_hexes(setup)
    } else {
        Vec::new()
    };
    let verdicts: Vec<Verdict> = options
        .iter()
        .map(|o| match &stake {
            Some(before) if super::guard::takes_a_hex(s, &targets, u, o.to) => {
                super::guard::verdict(s, before, u, o.to)
            }
            _ => Verdict::Open,
        })
        .collect();
    let class = verdicts.iter().copied().max()?;
    if class == Verdict::GivesUp && !must {
        // Every move gives up a met condition; staying does not.
        return None;
    }
    let mut best: Option<(f64, Candidate<Ix>, Vec<Ix>)> = None;
    for (o, verdict) in options.iter().zip(&verdicts) {
        let mut k = hex_score(s, ctx, fields, geo, u, o.to, w, line);
        k.verdict = *verdict;
        let mut cost = o.cost;
        let mut via: Vec<Ix> = Vec::new();
        if exposed && ctx.enemy_zoc(side, o.to) {
            let r = path_risk(s, ctx, u, &o.path);
            if r.fires > 0 {
                // The hits' cost, and the gain lost when a failed retreat check ends the move
                // short (AoR 7.4).
                let gain = (k.score - stay.score).max(0.0);
                let price = |r: &PathRisk, cost: u32| -> f64 {
                    (r.loss + r.stopped * gain) * w.passing + 0.01 * cost as f64 / 2.0
                };
                // The dearer path through a waypoint, to the same end hex, when it costs less
                // in fire than the default path saves in movement points.
                let mut risk = r.clone();
                for (h, moves) in &detours {
                    let Some(d) = moves.iter().find(|d| d.to == o.to) else {
                        continue;
                    };
                    let rd = path_risk(s, ctx, u, &d.path);
                    if price(&rd, d.cost) < price(&risk, cost) {
                        (risk, cost, via) = (rd, d.cost, vec![*h]);
                    }
                }
                // Still under fire: a path through two waypoints, entering the ZOC by a side
                // door (`passing::entry_pairs`, AoR 5, 5.4, 7.12), searched by the engine.
                if w.two_waypoints && risk.fires > 0 {
                    for pair in entry_pairs(s, ctx, side, o.to, &options) {
                        let Ok(moves) = ctx.unit_moves_via(u, &pair) else {
                            continue;
                        };
                        let Some(d) = moves.iter().find(|d| d.to == o.to) else {
                            continue;
                        };
                        let rd = path_risk(s, ctx, u, &d.path);
                        if price(&rd, d.cost) < price(&risk, cost) {
                            (risk, cost, via) = (rd, d.cost, pair.to_vec());
                        }
                    }
                }
                if !via.is_empty() {
                    let names: Vec<String> = via.iter().map(|&h| setup.name(h)).collect();
                    k.term(
                        "path",
                        0.0,
                        format!(
                            "goes round by {}{} (AoR 5): the cheapest path would draw {} \
                             passing fire{} (AoR 7.12)",
                            names.join(" and "),
                            if via.len() > 1 {
                                ", two waypoints, entering the enemy's ZOC where no stack \
                                 fires on the step in (AoR 5.4)"
                            } else {
                                ""
                            },
                            r.fires,
                            if r.fires == 1 { "" } else { "s" },
                        ),
                    );
                }
                if risk.fires > 0 {
                    k.term(
                        "passing",
                        -(risk.loss + risk.stopped * gain) * w.passing,
                        format!(
                            "draws {} passing fire{} on the way: {:.1} hits expected, {:.0} % to \
                             be stopped short (AoR 7.12, 7.4)",
                            risk.fires,
                            if risk.fires == 1 { "" } else { "s" },
                            risk.hits,
                            risk.stopped * 100.0
                        ),
                    );
                }
            }
        }
        let v = k.score + noise.jitter(w.noise) - 0.01 * cost as f64 / 2.0;
        if k.verdict == class && best.as_ref().is_none_or(|(b, _, _)| v > *b) {
            best = Some((v, k, via));
        }
    }
    let (v, k, via) = best?;
    let wins = k.verdict == Verdict::Wins;
    if !must && !wins && v <= stay.score + 0.02 {
        return None;
    }
    let mut c = Candidate::new(Command::Move {
        unit: setup.units[u].id.clone(),
        to: setup.name(k.command),
        via: via.iter().map(|&h| setup.name(h)).collect(),
    });
    c.score = k.score;
    c.reasons = k.reasons;
    c.verdict = k.verdict;
    if wins {
        c.reasons.insert(
            0,
            crate::engine::Reason {
                term: "victory".into(),
                words: "meets a victory condition at stake this game-turn (AoR 18)".into(),
                score: 0.0,
            },
        );
    }
    if must {
        c.term(
            "obliged",
            0.0,
            "Attack orders oblige it to move towards the closest enemy (AoR 12.2)",
        );
    }
    Some(c)
}

/// Where a formation is going: the hex its units should gather round (the objective that
/// pulls its units most, else the closest enemy), from their hexes.
pub fn formation_goal(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    f: usize,
) -> Option<Ix> {
    let setup = s.setup();
    let hexes: Vec<Ix> = (0..s.units.len())
        .filter(|&u| setup.units[u].formation == f)
        .filter_map(|u| match s.units[u].loc {
            Loc::At(h) => Some(h),
            _ => None,
        })
        .collect();
    let centre = centre(geo, &hexes)?;
    // A formation whose side scores by leaving the map is sent towards its exit (AoR 5.6).
    let (p, goal) = fields.pull_exits(s, ctx, geo, centre, 1.0);
    if p > 0.05 {
        return goal;
    }
    fields
        .enemies
        .iter()
        .min_by_key(|(_, e)| geo.d(centre, *e))
        .map(|(_, e)| *e)
}

/// The hex of `hexes` closest to all the others (the sum of distances least).
pub fn centre(geo: &Geometry, hexes: &[Ix]) -> Option<Ix> {
    hexes
        .iter()
        .copied()
        .min_by_key(|&a| hexes.iter().map(|&b| geo.d(a, b)).sum::<u32>())
}

/// A leader's move: a formation leader stays within reach of his units, a step towards their
/// goal, never alone next to the enemy; a commander (OC or WC) goes to the middle of the
/// formation leaders he sends orders to (AoR 12.4: distance delays orders).
pub fn leader_move(
    s: &State,
    ctx: &Ctx,
    fields: &Fields,
    geo: &Geometry,
    l: usize,
) -> Option<Candidate<Command>> {
    let setup = s.setup();
    let d = &setup.leaders[l];
    let LeaderLoc::At(start) = s.leaders[l].loc else {
        return None;
    };
    let options = ctx.leader_moves(l).ok()?;
    if options.is_empty() {
        return None;
    }
    // The hexes to keep near and the goal to lean towards.
    let (near, goal, words): (Vec<Ix>, Option<Ix>, &str) = match d.formation {
        Some(f) => {
            let hexes: Vec<Ix> = (0..s.units.len())
                .filter(|&u| setup.units[u].formation == f)
                .filter_map(|u| match s.units[u].loc {
                    Loc::At(h) => Some(h),
                    _ => None,
                })
                .collect();
            (
                hexes,
                formation_goal(s, ctx, fields, geo, f),
                "keeps his units in command range (AoR 12.1)",
            )
        }
        None => {
            let leaders: Vec<Ix> = setup
                .formations
                .iter()
                .filter(|fd| fd.commander == l)
                .filter_map(|fd| match s.leaders[fd.leader].loc {
                    LeaderLoc::At(h) => Some(h),
                    _ => None,
                })
                .collect();
            (
                leaders,
                None,
                "near the leaders he sends orders to (AoR 12.4)",
            )
        }
    };
    if near.is_empty() {
        return None;
    }
    let score = |h: Ix| -> f64 {
        let spread: f64 = near.iter().map(|&x| geo.d(h, x) as f64).sum::<f64>() / near.len() as f64;
        let far = near.iter().map(|&x| geo.d(h, x)).max().unwrap_or(0);
        let mut v = -spread - if far > 3 { (far - 3) as f64 } else { 0.0 };
        if let Some(g) = goal {
            v -= 0.3 * geo.d(h, g) as f64;
        }
        // Never alone next to the enemy (AoR 11: he would be displaced or lost).
        if fields.enemy_dist[h as usize] <= 1 && ctx.friends_in(d.side, h) == 0 {
            v -= 5.0;
        }
        if fields.enemy_dist[h as usize] <= 2 {
            v -= 0.5;
        }
        v
    };
    let stay = score(start);
    let best = options
        .iter()
        .map(|o| (score(o.to) - 0.001 * o.cost as f64, o.to))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    if best.0 <= stay + 0.2 {
        return None;
    }
    let mut c = Candidate::new(Command::MoveLeader {
        leader: d.id.clone(),
        to: setup.name(best.1),
    });
    c.term("leader", best.0 - stay, words);
    Some(c)
}

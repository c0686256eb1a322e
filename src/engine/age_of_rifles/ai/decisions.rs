//! The standard level's answers to the choices an Age of Rifles game waits for, by sensible
//! simple rules: deployment (AoR 4, objectives and cover), the voluntary retreats of an
//! assault (AoR 7.4, 7.11), firing first (7.3), hit allocation (7.1), the advance (7.5),
//! cavalry charges, squares, pursuit and reaction charges (7.6-7.10).

use super::super::assault::assault_fire;
use super::super::position::Ctx;
use super::super::section::Kind;
use super::super::setup::Ix;
use super::super::state::{Command, Loc, Stage, State};
use super::attack::{loss_value, unit_value};
use super::charges::charge;
use super::maps::{Fields, Geometry, cover, hit_distribution};
use super::passing::retreat_fire;
use super::weights::Weights;
use crate::ai::candidates::{Candidate, Noise};
use crate::engine::Reason;
use crate::engine::age_of_rifles::tables::halve_hits;

fn said(term: &str, words: impl Into<String>) -> Vec<Reason> {
    vec![Reason {
        term: term.into(),
        words: words.into(),
        score: 0.0,
    }]
}

/// Deployment: the first piece the legal list names goes where the objectives pull most,
/// in cover, not crowded; a leader goes among his formation's units.
pub fn deploy(
    s: &State,
    options: &[Command],
    fields: &Fields,
    geo: &Geometry,
    noise: &mut Noise,
) -> Option<(Command, Vec<Reason>)> {
    let setup = s.setup();
    let ctx = Ctx::new(s);
    let Some(Command::Deploy { piece, .. }) = options.first() else {
        return None;
    };
    let side = s.player;
    let leader = setup.leader(piece).ok();
    let mine: Vec<Ix> = match leader.and_then(|l| setup.leaders[l].formation) {
        Some(f) => (0..s.units.len())
            .filter(|&u| setup.units[u].formation == f)
            .filter_map(|u| match s.units[u].loc {
                Loc::At(h) => Some(h),
                _ => None,
            })
            .collect(),
        None => Vec::new(),
    };
    let mut best: Option<Candidate<Command>> = None;
    for c in options {
        let Command::Deploy { piece: p, hex } = c else {
            continue;
        };
        if p != piece {
            continue;
        }
        let Ok(h) = setup.parse(hex) else { continue };
        let mut k = Candidate::new(c.clone());
        if leader.is_some() {
            if !mine.is_empty() {
                let spread: u32 = mine.iter().map(|&x| geo.d(h, x)).sum();
                k.term(
                    "leader",
                    -(spread as f64) / mine.len() as f64,
                    "among his formation's units",
                );
            }
            if ctx.friends_in(side, h) > 0 {
                k.term("leader", 0.3, "");
            }
        } else {
            let (pull, goal) = fields.pull(s, &ctx, geo, h);
            let words = goal
                .and_then(|g| fields.label[g as usize].clone())
                .map(|l| format!("near {l}"))
                .unwrap_or_default();
            k.term("objective", pull, words);
            if fields.value[h as usize] > 0.0 {
                k.term("objective", fields.value[h as usize] * 0.5, "");
            }
            let c = cover(setup, h);
            if c < 1.0 {
                k.term(
                    "cover",
                    (1.0 - c) * 0.5,
                    format!("cover in {}", setup.terrain(h)),
                );
            }
            k.term("spread", -0.3 * ctx.friends_in(side, h) as f64, "");
        }
        k.score += noise.jitter(0.05);
        if best.as_ref().is_none_or(|b| k.score > b.score) {
            best = Some(k);
        }
    }
    best.map(|b| (b.command, b.reasons))
}

/// The cost of a retreat's passing fire (AoR 7.4) and its words ("; its retreat into an enemy
/// ZOC at 0605 draws passing fire (cost 0.40, AoR 7.4)"); `looked` says whether `fire` was
/// asked for, so its `None` means no hex to retreat to.
fn retreat_words(s: &State, fire: &Option<(f64, Vec<Ix>)>, looked: bool) -> (f64, String) {
    match fire {
        None if looked => (
            0.0,
            "; no hex to retreat to: it would be eliminated (AoR 7.4)".to_string(),
        ),
        None => (0.0, String::new()),
        Some((_, hexes)) if hexes.is_empty() => (0.0, String::new()),
        Some((cost, hexes)) => {
            let names: Vec<String> = hexes.iter().map(|&h| s.setup().name(h)).collect();
            (
                *cost,
                format!(
                    "; its retreat into an enemy ZOC at {} draws passing fire (cost {cost:.2}, AoR 7.4)",
                    names.join(", ")
                ),
            )
        }
    }
}

/// The choices of an assault under way (AoR 7.3-7.5, 7.11), for the side asked.
pub fn combat(s: &State, options: &[Command], fields: &Fields) -> Option<(Command, Vec<Reason>)> {
    let setup = s.setup();
    let c = s.combat.as_ref()?;
    let me = s.player;
    let attacker = c.attacker == me;
    let mine: Vec<usize> = if attacker {
        c.attackers.clone()
    } else {
        c.defenders.clone()
    };
    let theirs: Vec<usize> = if attacker {
        c.defenders.clone()
    } else {
        c.attackers.clone()
    };
    let has_foot_artillery = mine.iter().any(|&u| {
        setup.units[u].kind == Kind::FootArtillery && matches!(s.units[u].loc, Loc::At(_))
    });
    match c.stage {
        Stage::FireFirst => Some((
            Command::FireFirst { first: true },
            said(
                "fire first",
                "fires first: the attackers' losses come before they fire (AoR 7.3)",
            ),
        )),
        Stage::BeforeAssault => {
            // AoR 7.11: cavalry or horse artillery may step back rather than be assaulted.
            let f = assault_fire(
                s,
                &c.attacker_hexes,
                c.target,
                &c.attackers,
                &c.defenders,
                c.flank,
            )
            .ok()?;
            let taken: f64 = hit_distribution(f.attack)
                .iter()
                .map(|(h, p)| p * loss_value(s, &mine, *h))
                .sum();
            let given: f64 = hit_distribution(f.defense)
                .iter()
                .map(|(h, p)| p * loss_value(s, &theirs, *h))
                .sum();
            let hold = fields.value[c.target as usize];
            // The retreat's own passing fire (AoR 7.4), or no hex to go to (eliminated).
            let fire = retreat_fire(s, &mine, &c.attacker_hexes);
            let (fire_cost, zoc_words) = retreat_words(s, &fire, true);
            let retreat = fire.is_some() && taken > given + hold * 0.3 + fire_cost;
            Some((
                Command::Retreat { voluntary: retreat },
                said(
                    "retreat",
                    format!(
                        "{} before the assault (AoR 7.11): expected losses {taken:.2} against {given:.2}{zoc_words}",
                        if retreat { "steps back" } else { "stands" }
                    ),
                ),
            ))
        }
        Stage::AttackerRetreat | Stage::DefenderRetreat => {
            // AoR 7.4: a voluntary retreat halves both sides' hits.
            let (on_me, on_them) = if attacker {
                (c.hits.0, c.hits.1)
            } else {
                (c.hits.1, c.hits.0)
            };
            let halved_already = c.voluntary.0 || c.voluntary.1;
            let saved = loss_value(s, &mine, on_me) - loss_value(s, &mine, halve_hits(on_me));
            let spared =
                loss_value(s, &theirs, on_them) - loss_value(s, &theirs, halve_hits(on_them));
            let mut cost = spared + 0.2;
            if !attacker {
                cost += fields.value[c.target as usize];
            }
            // The retreat's own passing fire (AoR 7.4), or no hex to go to (eliminated): the
            // attackers retreat away from the target, the defenders away from the attackers.
            let enemies = if attacker {
                vec![c.target]
            } else {
                c.attacker_hexes.clone()
            };
            let looked = !(halved_already || has_foot_artillery || saved <= cost);
            let fire = if looked {
                retreat_fire(s, &mine, &enemies)
            } else {
                None
            };
            let (fire_cost, zoc_words) = retreat_words(s, &fire, looked);
            // Foot artillery cannot retreat: it would be destroyed (AoR 7.4).
            let retreat = !halved_already
                && !has_foot_artillery
                && fire.is_some()
                && saved > cost + fire_cost;
            Some((
                Command::Retreat { voluntary: retreat },
                said(
                    "retreat",
                    if retreat {
                        format!(
                            "retreats voluntarily: halving {on_me} hits saves {saved:.2} (AoR 7.4){zoc_words}"
                        )
                    } else {
                        format!("stands: {on_me} hits taken, {on_them} given (AoR 7.4){zoc_words}")
                    },
                ),
            ))
        }
        Stage::AllocateAttackers | Stage::AllocateDefenders => {
            // AoR 7.1: the allocation that costs least.
            let cost = |c: &Command| -> f64 {
                let Command::Allocate { units } = c else {
                    return f64::MAX;
                };
                let mut steps: Vec<(usize, u8)> = Vec::new();
                let mut v = 0.0;
                for id in units {
                    let Ok(u) = setup.unit(id) else { continue };
                    let left = match steps.iter_mut().find(|(x, _)| *x == u) {
                        Some((_, k)) => k,
                        None => {
                            steps.push((u, s.units[u].steps));
                            &mut steps.last_mut().expect("pushed").1
                        }
                    };
                    *left = left.saturating_sub(1);
                    v += if *left == 0 {
                        unit_value(s, u)
                    } else {
                        0.3 + 0.15
                            * (setup.units[u].strength - setup.units[u].strength_at(1)) as f64
                    };
                }
                v
            };
            let pick = options
                .iter()
                .filter(|c| matches!(c, Command::Allocate { .. }))
                .min_by(|a, b| cost(a).total_cmp(&cost(b)))?;
            Some((
                pick.clone(),
                said("losses", "the units worth least take the hits (AoR 7.1)"),
            ))
        }
        Stage::Advance => {
            // AoR 7.5: into an objective, or cover the enemy cannot easily reach.
            let t = c.target;
            let worth = fields.value[t as usize] > 0.0
                || (cover(setup, t) < 1.0 && fields.threat[t as usize] < 8.0);
            let best = options
                .iter()
                .filter_map(|o| match o {
                    Command::Advance {
                        unit: Some(u),
                        with,
                    } => setup.unit(u).ok().map(|x| {
                        let st = setup.units[x].strength_at(s.units[x].steps) as f64;
                        let ok = s.units[x].disrupted.is_none();
                        (
                            st + if with.is_some() { 1.0 } else { 0.0 }
                                + if ok { 5.0 } else { 0.0 },
                            o,
                        )
                    }),
                    _ => None,
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|x| x.1.clone());
            match best {
                Some(b) if worth => Some((
                    b,
                    said(
                        "advance",
                        match &fields.label[t as usize] {
                            Some(l) => format!("advances into {l} (AoR 7.5)"),
                            None => format!("advances into cover in {} (AoR 7.5)", setup.name(t)),
                        },
                    ),
                )),
                _ => Some((
                    Command::Advance {
                        unit: None,
                        with: None,
                    },
                    said("advance", "stays: nothing to gain in the emptied hex"),
                )),
            }
        }
        // A stage the engine grows later is not scored: the seeded fallback answers it.
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// The Cavalry Charge Segment's declarations and the decisions of a charge (AoR 7.6-7.10).
pub fn cavalry(
    s: &State,
    options: &[Command],
    fields: &Fields,
    w: &Weights,
) -> Option<(Command, Vec<Reason>)> {
    let setup = s.setup();
    // A charge to declare (or a reaction charge to make) when its expected outcome is worth
    // it (`charges.rs`, from the charge preview).
    if let Some(k) = charge(s, options, fields, w) {
        return Some((k.command, k.reasons));
    }
    if options.contains(&Command::Decline) {
        return Some((
            Command::Decline,
            said("charge", "no reaction charge worth making"),
        ));
    }
    if options.contains(&(Command::FormSquare { square: true })) {
        return Some((
            Command::FormSquare { square: true },
            said("square", "forms square against the charge (AoR 7.10)"),
        ));
    }
    if options.contains(&(Command::EndCharge { back: false })) {
        // Stay in an objective won; otherwise back to the starting hex, out of reach.
        let at = s.charge.as_ref().map(|c| c.at)?;
        let stay = fields.value[at as usize] > 0.0;
        return Some((
            Command::EndCharge { back: !stay },
            said(
                "charge",
                if stay {
                    "stays in the objective it won (AoR 7.6)".to_string()
                } else {
                    format!(
                        "goes back to its starting hex (AoR 7.7), out of {}",
                        setup.name(at)
                    )
                },
            ),
        ));
    }
    None
}

//! What an Age of Rifles attack would be before anything is rolled, for the play view and
//! `kepi preview`: a bombardment (AoR 8.1) or an assault (AoR 7.3) with both sides' fire; a
//! cavalry charge (AoR 7.6-7.10) is `charge_preview.rs`'s.
//!
//! Invariants: the strengths are those the resolution uses (`assault::assault_fire`,
//! `assault::bombard_check`), so the preview and the roll cannot disagree; the chances count the
//! 36 ways two dice fall and add up to 1.

use super::assault::{
    assault_check, assault_fire, bombard_check, fire_first_units, flanked, hold_fast,
};
use super::combat::{self, bombardment_hits, first_hit_candidates, hits};
use super::losses;
use super::position::Ctx;
use super::retreat::may_retreat_before_assault;
use super::section::Kind;
use super::setup::Ix;
use super::state::{Command, Loc, State};
use crate::engine::RuleError;
use crate::engine::preview::{AttackPreview, Contribution, Modifier, ResultChance};

/// AoR 7.1: the ways two dice make each total (2..=12), out of 36.
pub(super) fn ways(total: u32) -> u32 {
    6 - (total as i32 - 7).unsigned_abs()
}

/// The Fire Table's hits for `strength` over the 36 rolls, one entry per number of hits:
/// (hits, the totals that give them, their chance).
pub(super) fn hit_chances(strength: u32) -> Vec<(u32, Vec<u32>, f64)> {
    let mut out: Vec<(u32, Vec<u32>, u32)> = Vec::new();
    for total in 2..=12u32 {
        let a = (total - 1).min(6) as u8;
        let n = if strength == 0 {
            0
        } else {
            hits(strength, [a, (total as u8) - a])
        };
        match out.iter_mut().find(|(h, _, _)| *h == n) {
            Some((_, totals, w)) => {
                totals.push(total);
                *w += ways(total);
            }
            None => out.push((n, vec![total], ways(total))),
        }
    }
    out.sort_by_key(|(h, _, _)| *h);
    out.into_iter()
        .map(|(h, t, w)| (h, t, w as f64 / 36.0))
        .collect()
}

pub(super) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn modifiers(m: &[combat::Modifier]) -> Vec<Modifier> {
    m.iter()
        .map(|m| Modifier {
            name: m.name.clone(),
            case: m.case.to_string(),
            effect: m.factor.to_string(),
        })
        .collect()
}

pub(super) fn contribution(s: &State, u: usize) -> Contribution {
    let setup = s.setup();
    let d = &setup.units[u];
    let v = d.strength_at(s.units[u].steps);
    Contribution {
        unit: d.name.clone(),
        hex: match s.units[u].loc {
            Loc::At(h) => setup.name(h),
            _ => String::new(),
        },
        base: v.to_string(),
        value: v.to_string(),
        modifiers: Vec::new(),
    }
}

/// The preview of one bombardment, assault or charge command (the play view previews one at a time).
pub fn preview(s: &State, commands: &[Command]) -> Result<AttackPreview, RuleError> {
    let setup = s.setup();
    let [command] = commands else {
        return Err(RuleError::not_now(
            "an Age of Rifles attack is one command: name one bombardment or assault",
        ));
    };
    match command {
        Command::Bombard { unit, target } => {
            let u = setup.unit(unit)?;
            let t = setup.parse(target)?;
            let (st, words) = bombard_check(s, u, t)?;
            let defenders = Ctx::new(s).units_at(1 - setup.units[u].side, t);
            let chances = hit_chances(st);
            let mut notes = vec![
                "AoR 8.1: the first hit disrupts a unit; each further hit is a step loss.".into(),
            ];
            // AoR 7.1, 8.1: the defender's owner places the disruption and the further hits.
            let first = first_hit_candidates(&losses::targets_of(s, &defenders));
            if first.len() > 1 {
                notes.push(format!(
                    "AoR 7.1, 8.1: the defender's owner chooses the unit the first hit disrupts \
                     (a damaged unit if any, infantry if possible): {}",
                    first
                        .iter()
                        .map(|&k| setup.units[defenders[k]].name.as_str())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ));
            }
            let further: Vec<u32> = counts(&chances)
                .into_iter()
                .filter(|&n| n >= 2)
                .map(|n| n - 1)
                .collect();
            if let Some(c) = allocation_choices(s, &defenders, &further, false) {
                notes.push(format!(
                    "AoR 7.1, 8.1: then the owner allocates the step losses (damaged units \
                     first), for each number of further hits: {c}"
                ));
            }
            let results = chances
                .into_iter()
                .map(|(n, faces, chance)| {
                    let (disrupts, steps) = bombardment_hits(n);
                    ResultChance {
                        result: format!("{n} hit{}", plural(n)),
                        meaning: match (disrupts, steps) {
                            (false, _) => "no effect".into(),
                            (true, 0) => "a unit disrupted (AoR 8.1)".into(),
                            (true, k) => {
                                format!("a unit disrupted and {k} step loss{}", plural_es(k))
                            }
                        },
                        faces,
                        chance,
                    }
                })
                .collect();
            Ok(AttackPreview {
                kind: "bombardment".into(),
                target: setup.name(t),
                attackers: vec![contribution(s, u)],
                defenders: defenders.iter().map(|&d| contribution(s, d)).collect(),
                attack_total: st.to_string(),
                defense_total: "-".into(),
                modifiers: if words.is_empty() {
                    Vec::new()
                } else {
                    vec![Modifier {
                        name: words,
                        case: "AoR 8.1, 7.6".into(),
                        effect: format!("strength {st}"),
                    }]
                },
                column: st.to_string(),
                odds: format!("strength {st} on the Fire Table"),
                dice: "2d6".into(),
                outcomes: 36,
                results,
                notes,
            })
        }
        Command::Assault { from, target } => {
            let from: Vec<Ix> = from
                .iter()
                .map(|h| setup.parse(h))
                .collect::<Result<_, _>>()?;
            let t = setup.parse(target)?;
            let attackers = assault_check(s, &from, t)?;
            let defenders = Ctx::new(s).units_at(s.phasing() ^ 1, t);
            let flank = flanked(setup, &from, t);
            let f = assault_fire(s, &from, t, &attackers, &defenders, flank)?;
            let chances = hit_chances(f.attack);
            let choices = (
                allocation_choices(s, &attackers, &counts(&hit_chances(f.defense)), true),
                allocation_choices(s, &defenders, &counts(&chances), true),
            );
            let results = chances
                .into_iter()
                .map(|(n, faces, chance)| ResultChance {
                    result: format!("{n} hit{}", plural(n)),
                    meaning: if n == 0 {
                        "no hits on the defender".into()
                    } else {
                        format!("{n} hit{} on the defender (AoR 7.1)", plural(n))
                    },
                    faces,
                    chance,
                })
                .collect();
            let back: Vec<String> = hit_chances(f.defense)
                .into_iter()
                .map(|(n, _, c)| format!("{n}: {:.0} %", c * 100.0))
                .collect();
            let mut notes = vec![format!(
                "AoR 7.3: the defender fires back at the same time at strength {}; hits on the \
                 attackers: {}",
                f.defense,
                back.join(", ")
            )];
            let movers = fire_first_units(s, &attackers, t);
            if !movers.is_empty() {
                notes.push(format!(
                    "AoR 7.3: {} moved adjacent out of a nonadjacent hex in the defender's line of \
                     sight: the defender may choose to fire first; then the attackers' losses are \
                     applied before the attack strength is determined and the attacker fires",
                    movers
                        .iter()
                        .map(|&u| setup.units[u].name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            let kinds =
                |us: &[usize]| -> Vec<Kind> { us.iter().map(|&u| setup.units[u].kind).collect() };
            if may_retreat_before_assault(
                &kinds(&defenders),
                defenders.iter().any(|&u| s.units[u].started_in_zoc),
                &kinds(&attackers),
            ) {
                notes.push(
                    "AoR 7.11: the defending cavalry or horse artillery may retreat before the \
                     assault instead"
                        .into(),
                );
            }
            notes.push(
                "AoR 7.4: after the fire each side may retreat voluntarily (halving the hits it \
                 takes) or check morale."
                    .into(),
            );
            if let Some(n) = defenders_retreat_note(s, &defenders, t, &from) {
                notes.push(n);
            }
            // AoR 7.1: the owners' allocation choices, the attacker's first (as played).
            if let Some(c) = choices.0 {
                notes.push(format!(
                    "AoR 7.1: you choose which of your units take the defender's hits (the first \
                     on infantry if possible, damaged units first): {c}"
                ));
            }
            if let Some(c) = choices.1 {
                notes.push(format!(
                    "AoR 7.1: the defender's owner chooses which units take your hits (the \
                     first on infantry if possible, damaged units first): {c}"
                ));
            }
            notes.extend(fort_notes(s, &from, t, &attackers, &defenders));
            let mut mods = modifiers(&f.attack_modifiers);
            mods.extend(modifiers(&f.defense_modifiers).into_iter().map(|mut m| {
                m.name = format!("defender: {}", m.name);
                m
            }));
            Ok(AttackPreview {
                kind: "assault".into(),
                target: setup.name(t),
                attackers: attackers.iter().map(|&u| contribution(s, u)).collect(),
                defenders: defenders.iter().map(|&d| contribution(s, d)).collect(),
                attack_total: f.attack.to_string(),
                defense_total: f.defense.to_string(),
                modifiers: mods,
                column: f.attack.to_string(),
                odds: format!("attack {} against defense {}", f.attack, f.defense),
                dice: "2d6".into(),
                outcomes: 36,
                results,
                notes,
            })
        }
        Command::Charge { units, target } => super::charge_preview::preview(s, units, target),
        other => Err(RuleError::not_now(format!(
            "only a bombardment, an assault or a charge has a preview, not {}",
            serde_json::to_value(other)
                .ok()
                .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
                .unwrap_or_default()
        ))),
    }
}

/// AoR 7.1: "the owner chooses which ones take the hits" — for each number of hits in
/// `counts` that can fall on `units` in more than one way, the ways (one unit name a hit), so
/// that the attacker knows what the owner will choose among. `first` false for hits after a
/// bombardment's disruption (AoR 8.1). `None` when there is never a choice.
pub(super) fn allocation_choices(
    s: &State,
    units: &[usize],
    counts: &[u32],
    first: bool,
) -> Option<String> {
    const SHOWN: usize = 4;
    let setup = s.setup();
    let mut parts = Vec::new();
    for &n in counts {
        let ways = losses::allocations_from(s, units, n, first);
        if ways.len() < 2 {
            continue;
        }
        let mut shown: Vec<String> = ways
            .iter()
            .take(SHOWN)
            .map(|w| {
                w.iter()
                    .map(|&u| setup.units[u].name.as_str())
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect();
        if ways.len() > SHOWN {
            shown.push(format!("{} more", ways.len() - SHOWN));
        }
        parts.push(format!("{n} hit{}: {}", plural(n), shown.join(" or ")));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The hit counts of a strength's rolls that hit at all.
pub(super) fn counts(chances: &[(u32, Vec<u32>, f64)]) -> Vec<u32> {
    chances.iter().map(|c| c.0).filter(|&n| n > 0).collect()
}

/// AoR 10.1, 10.2: what a fort or fortified hexside does to this assault, beyond the halved
/// strength the modifiers list.
fn fort_notes(
    s: &State,
    from: &[Ix],
    t: Ix,
    attackers: &[usize],
    defenders: &[usize],
) -> Vec<String> {
    let setup = s.setup();
    let mut notes = Vec::new();
    if setup.fort(t) {
        notes.push(
            "AoR 10.1: the defenders are in a fort: attacker strengths halved, no flanking; \
             they ignore retreat results, and no unit advances into the fort"
                .into(),
        );
    } else if !hold_fast(s, defenders, true, t, from).is_empty() {
        notes.push(
            "AoR 10.2: every attacking stack fires across a fortified hexside (halved): the \
             defenders ignore retreat results"
                .into(),
        );
    } else if from.iter().any(|&h| setup.wall(h, t)) {
        notes.push(
            "AoR 10.2: a stack firing across a fortified hexside is halved and does not count \
             towards a flank"
                .into(),
        );
    }
    let in_fort: Vec<&str> = attackers
        .iter()
        .filter(|&&u| matches!(s.units[u].loc, Loc::At(h) if setup.fort(h)))
        .map(|&u| setup.units[u].name.as_str())
        .collect();
    if !in_fort.is_empty() {
        notes.push(format!(
            "AoR 10.1: {} attack{} out of a fort and ignore{} retreat results",
            in_fort.join(", "),
            if in_fort.len() == 1 { "s" } else { "" },
            if in_fort.len() == 1 { "s" } else { "" }
        ));
    }
    notes
}

fn plural_es(n: u32) -> &'static str {
    if n == 1 { "" } else { "es" }
}

/// AoR 7.4, as the position stands before the roll: where the defenders in `t` (but foot
/// artillery, destroyed instead) would retreat away from `from` when it is not a plain hex: no
/// hex at all (they would be eliminated), or only hexes in an enemy ZOC (they would draw
/// passing fire there, `passing::on_retreat`). `None` for a free hex.
pub(super) fn defenders_retreat_note(
    s: &State,
    defenders: &[usize],
    t: Ix,
    from: &[Ix],
) -> Option<String> {
    let setup = s.setup();
    let movers: Vec<usize> = defenders
        .iter()
        .copied()
        .filter(|&u| setup.units[u].kind != Kind::FootArtillery)
        .collect();
    let side = setup.units[*movers.first()?].side;
    match losses::retreat_hex(s, side, &movers, t, from) {
        None => Some(format!(
            "AoR 7.4: the defenders have no hex to retreat into from {}: a retreat would \
             eliminate them",
            setup.name(t)
        )),
        Some(h) => {
            let ctx = Ctx::new(s);
            let all_cavalry = movers
                .iter()
                .all(|&u| super::zoc::ignores_zocs(setup.units[u].kind));
            if all_cavalry || !ctx.enemy_zoc(side, h) {
                return None;
            }
            let stacks: Vec<String> = super::passing::zoc_stacks(&ctx, side, h)
                .into_iter()
                .map(|x| setup.name(x))
                .collect();
            Some(format!(
                "AoR 7.4: every hex the defenders could retreat into is in an enemy ZOC: a \
                 retreat would go into {} under passing fire from {} (half strength, AoR 7.12)",
                setup.name(h),
                stacks.join(", ")
            ))
        }
    }
}

//! What an Age of Rifles attack would be before anything is rolled, for the play view and
//! `kepi preview`: a bombardment (AoR 8.1) or an assault (AoR 7.3) with both sides' fire.
//!
//! Invariants: the strengths are those the resolution uses (`assault::assault_fire`,
//! `assault::bombard_check`), so the preview and the roll cannot disagree; the chances count the
//! 36 ways two dice fall and add up to 1.

use super::assault::{assault_check, assault_fire, bombard_check, fire_first_units, flanked};
use super::combat::{self, bombardment_hits, hits};
use super::position::Ctx;
use super::retreat::may_retreat_before_assault;
use super::section::Kind;
use super::setup::Ix;
use super::state::{Command, Loc, State};
use crate::engine::RuleError;
use crate::engine::preview::{AttackPreview, Contribution, Modifier, ResultChance};

/// AoR 7.1: the ways two dice make each total (2..=12), out of 36.
fn ways(total: u32) -> u32 {
    6 - (total as i32 - 7).unsigned_abs()
}

/// The Fire Table's hits for `strength` over the 36 rolls, one entry per number of hits:
/// (hits, the totals that give them, their chance).
fn hit_chances(strength: u32) -> Vec<(u32, Vec<u32>, f64)> {
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

fn plural(n: u32) -> &'static str {
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

fn contribution(s: &State, u: usize) -> Contribution {
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

/// The preview of one bombardment or assault command (the play view previews one at a time).
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
            let results = hit_chances(st)
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
                notes: vec![
                    "AoR 8.1: the first hit disrupts a unit; each further hit is a step loss."
                        .into(),
                ],
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
            let results = hit_chances(f.attack)
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
        other => Err(RuleError::not_now(format!(
            "only a bombardment or an assault has a preview, not {}",
            serde_json::to_value(other)
                .ok()
                .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
                .unwrap_or_default()
        ))),
    }
}

fn plural_es(n: u32) -> &'static str {
    if n == 1 { "" } else { "es" }
}

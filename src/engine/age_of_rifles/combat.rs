//! Combat arithmetic (AoR 6, 7.1, 7.2, 7.6, 8.1, 2.3): a side's fire strength with its named
//! modifiers, the hits it scores, how hits are allocated and applied, and morale checks. These
//! are pure functions of the units involved; the sequence of play that calls them (AoR 4) is
//! not built yet.
//!
//! Invariants: strengths are added as exact fractions and rounded once (AoR 7.1 "Always add
//! reduced strengths, then round"); every modifier that changed a strength is listed by name
//! with its case.

use super::section::{Armament, Kind};
use super::tables::{Effect, fire_table, round_strength};
use crate::frac::Frac;

/// One firing unit as combat sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Firer {
    pub kind: Kind,
    /// Its current side's strength (front or back).
    pub strength: u32,
    pub armament: Armament,
    /// AoR 6.2, 7.6: disrupted at the start of the segment.
    pub disrupted: bool,
}

/// What kind of fire this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fire {
    /// Assault (AoR 7.3) or its return fire, or passing fire (AoR 7.12, at half strength).
    Normal,
    Bombardment,
    Charge,
}

/// The circumstances of one side's fire.
#[derive(Clone, Debug, PartialEq)]
pub struct Situation {
    pub fire: Fire,
    /// The terrain and hexside effects of the chart that apply (AoR 7.6 Terrain: "Reductions
    /// apply to firing into that type of terrain").
    pub terrain: Vec<(String, Effect)>,
    /// AoR 7.6 Flanking: attacker strength +50%.
    pub flanking: bool,
    /// AoR 7.6 Armament: the target stack contains units with rifled muskets or artillery.
    pub target_has_rifled_or_artillery: bool,
    /// AoR 7.6 Armament: firing "in a situation where enemy losses are applied first (see
    /// 7.3)".
    pub enemy_losses_first: bool,
    /// AoR 5.4, 7.12: units moving through a ZOC are fired on at half strength.
    pub passing: bool,
}

impl Situation {
    pub fn normal() -> Situation {
        Situation {
            fire: Fire::Normal,
            terrain: Vec::new(),
            flanking: false,
            target_has_rifled_or_artillery: true,
            enemy_losses_first: false,
            passing: false,
        }
    }
}

/// One named modifier that changed the strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub name: String,
    pub case: &'static str,
    pub factor: Frac,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The exact sum before rounding.
    pub exact: Frac,
    /// The Fire Table row (AoR 7.1, 7.6: rounded normally).
    pub rounded: u32,
    pub modifiers: Vec<Modifier>,
}

/// A side's fire strength, or why it may not fire (a terrain effect "N/A").
pub fn strength(firers: &[Firer], s: &Situation) -> Result<Strength, String> {
    let mut modifiers: Vec<Modifier> = Vec::new();
    let mut side_factor = Frac::int(1);
    for (name, effect) in &s.terrain {
        match effect.factor() {
            None => {
                return Err(format!(
                    "AoR Terrain Effects on Combat: {:?} into {name} is not allowed",
                    s.fire
                ));
            }
            Some(f) if f != Frac::int(1) => {
                side_factor = side_factor * f;
                modifiers.push(Modifier {
                    name: format!("{name} {effect}"),
                    case: "AoR 7.6 Terrain",
                    factor: f,
                });
            }
            Some(_) => {}
        }
    }
    if s.flanking && s.fire == Fire::Normal {
        side_factor = side_factor * Frac::new(3, 2);
        modifiers.push(Modifier {
            name: "flanking +50%".into(),
            case: "AoR 7.6 Flanking",
            factor: Frac::new(3, 2),
        });
    }
    if s.passing {
        side_factor = side_factor * Frac::new(1, 2);
        modifiers.push(Modifier {
            name: "passing fire, half strength".into(),
            case: "AoR 5.4, 7.12",
            factor: Frac::new(1, 2),
        });
    }
    let mut exact = Frac::int(0);
    for f in firers {
        let mut v = Frac::int(f.strength as i64);
        if f.disrupted {
            v = v * Frac::new(1, 2);
            push_once(
                &mut modifiers,
                "disrupted, halved",
                "AoR 6.2, 7.6",
                Frac::new(1, 2),
            );
        }
        let repeating = f.armament == Armament::Repeating
            && (s.target_has_rifled_or_artillery || s.enemy_losses_first);
        if repeating {
            v = v * Frac::new(3, 2);
            push_once(
                &mut modifiers,
                "repeating weapons +50%",
                "AoR 7.6 Armament",
                Frac::new(3, 2),
            );
        }
        // AoR 7.3: "Cavalry involved in normal combat is halved in strength"; AoR 7.10: a
        // repeating (underlined) value "is not halved against a charge" - in normal combat it is.
        if f.kind == Kind::Cavalry && s.fire == Fire::Normal {
            v = v * Frac::new(1, 2);
            push_once(
                &mut modifiers,
                "cavalry in normal combat, halved",
                "AoR 7.3",
                Frac::new(1, 2),
            );
        }
        exact = exact + v * side_factor;
    }
    Ok(Strength {
        exact,
        rounded: round_strength(exact),
        modifiers,
    })
}

fn push_once(m: &mut Vec<Modifier>, name: &str, case: &'static str, factor: Frac) {
    if !m.iter().any(|x| x.name == name) {
        m.push(Modifier {
            name: name.into(),
            case,
            factor,
        });
    }
}

/// AoR 7.1: the hits a strength scores with one roll of 2d6 (two faces).
pub fn hits(strength: u32, faces: [u8; 2]) -> u32 {
    fire_table()
        .hits(strength, faces[0] as u32 + faces[1] as u32)
        .expect("two faces of a d6 sum to 2..=12")
}

/// One target unit as allocation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub kind: Kind,
    /// Steps left (AoR 6.1: 2 for a backprinted unit on its front).
    pub steps: u32,
    /// Flipped already (AoR 7.1 "damaged").
    pub damaged: bool,
}

/// AoR 7.1: "the owner chooses which ones take the hits except the first hit must always come
/// from an infantry unit if possible. Also, hits must be allocated to damaged units if any are
/// present." Checks an owner's allocation (target indices, one a hit, in order) against the
/// units; `Ok` with the units' steps after the hits, or the first broken rule.
/// Kepi's reading of the two together: each hit goes to a damaged unit if one is left, and the
/// first hit to infantry if possible among the units it may go to.
pub fn check_allocation(targets: &[Target], allocation: &[usize]) -> Result<Vec<u32>, String> {
    check_allocation_from(targets, allocation, true)
}

/// As [`check_allocation`]; with `first` false the allocation's hits come after a first hit
/// already taken (a bombardment's disruption, AoR 8.1), so none of them is "the first hit".
pub fn check_allocation_from(
    targets: &[Target],
    allocation: &[usize],
    first: bool,
) -> Result<Vec<u32>, String> {
    let mut steps: Vec<u32> = targets.iter().map(|t| t.steps).collect();
    let mut damaged: Vec<bool> = targets.iter().map(|t| t.damaged).collect();
    for (n, &i) in allocation.iter().enumerate() {
        let alive = |k: usize, steps: &Vec<u32>| steps[k] > 0;
        if i >= targets.len() || !alive(i, &steps) {
            return Err(format!("hit {}: unit {i} is not a target left", n + 1));
        }
        let any_damaged = (0..targets.len()).any(|k| alive(k, &steps) && damaged[k]);
        if any_damaged && !damaged[i] {
            return Err(format!(
                "AoR 7.1: hit {} must go to a damaged unit while one is present",
                n + 1
            ));
        }
        if first && n == 0 && targets[i].kind != Kind::Infantry {
            let infantry_possible = (0..targets.len()).any(|k| {
                alive(k, &steps)
                    && targets[k].kind == Kind::Infantry
                    && (!any_damaged || damaged[k])
            });
            if infantry_possible {
                return Err("AoR 7.1: the first hit must come from an infantry unit".into());
            }
        }
        // AoR 6.1, 7.2: a hit flips a two-step unit; a one-step unit is eliminated.
        steps[i] -= 1;
        damaged[i] = steps[i] > 0;
    }
    Ok(steps)
}

/// AoR 7.1, 8.1: the units the first hit may go to (indices into `targets`, those with steps
/// left): the damaged ones while any is present, and among them the infantry if any. A
/// bombardment's first hit, a disruption, goes to one of them.
pub fn first_hit_candidates(targets: &[Target]) -> Vec<usize> {
    let alive: Vec<usize> = (0..targets.len())
        .filter(|&k| targets[k].steps > 0)
        .collect();
    let pool: Vec<usize> = if alive.iter().any(|&k| targets[k].damaged) {
        alive.into_iter().filter(|&k| targets[k].damaged).collect()
    } else {
        alive
    };
    let infantry: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|&k| targets[k].kind == Kind::Infantry)
        .collect();
    if infantry.is_empty() { pool } else { infantry }
}

/// AoR 8.1: "The first hit caused by bombardment is always a disruption"; further hits apply
/// normally. Returns (disrupts, step hits).
pub fn bombardment_hits(hits: u32) -> (bool, u32) {
    (hits >= 1, hits.saturating_sub(1))
}

/// One unit of a group that checks morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleUnit {
    pub kind: Kind,
    pub morale: u32,
    /// Lost a step (AoR 2.2).
    pub reduced: bool,
    /// "British and KGL": no step-loss modifier.
    pub steady: bool,
}

/// AoR 2.3: "If a group of units checks morale, use the highest infantry morale. If there is no
/// infantry unit, use the highest cavalry morale." Kepi's reading when there is neither: the
/// highest artillery morale. Each unit's morale is taken after its own step-loss modifier
/// (AoR 2.2, chart: -1, not for "British and KGL").
pub fn group_morale(units: &[MoraleUnit]) -> Option<i32> {
    let own = |u: &MoraleUnit| u.morale as i32 - i32::from(u.reduced && !u.steady);
    let best = |pred: &dyn Fn(&MoraleUnit) -> bool| units.iter().filter(|u| pred(u)).map(own).max();
    best(&|u| u.kind == Kind::Infantry)
        .or_else(|| best(&|u| u.kind == Kind::Cavalry))
        .or_else(|| best(&|u| u.kind.is_artillery()))
}

/// AoR 2.3: "roll a die. If the roll is higher than the morale, the test fails." `modifiers`
/// are the chart's (demoralized -1, fired at by artillery -1, flank attack -2, Old Guard -1).
pub fn morale_passes(morale: i32, modifiers: i32, die: u32) -> bool {
    (die as i32) <= morale + modifiers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inf(strength: u32) -> Firer {
        Firer {
            kind: Kind::Infantry,
            strength,
            armament: Armament::Rifled,
            disrupted: false,
        }
    }

    #[test]
    fn aor_7_1_strengths_are_added_then_rounded_once() {
        // Two disrupted units of 3: 1.5 + 1.5 = 3 (rounding each first would give 4).
        let mut a = inf(3);
        a.disrupted = true;
        let s = strength(&[a.clone(), a], &Situation::normal()).unwrap();
        assert_eq!((s.exact, s.rounded), (Frac::int(3), 3));
        assert_eq!(s.modifiers.len(), 1, "named once: {:?}", s.modifiers);
    }

    #[test]
    fn aor_7_6_modifiers_terrain_flanking_repeating_cavalry() {
        let town = Effect::parse("-25%").unwrap();
        let mut sit = Situation::normal();
        sit.terrain = vec![("town".into(), town)];
        sit.flanking = true;
        // 4 * 3/4 * 3/2 = 4.5 -> 5 (AoR 7.6's own example of rounding).
        let s = strength(&[inf(4)], &sit).unwrap();
        assert_eq!((s.exact, s.rounded), (Frac::new(9, 2), 5));
        // Repeating: +50% against rifled muskets or artillery, not otherwise (unless enemy
        // losses are applied first).
        let rep = Firer {
            armament: Armament::Repeating,
            ..inf(4)
        };
        let mut sit = Situation::normal();
        assert_eq!(
            strength(std::slice::from_ref(&rep), &sit).unwrap().rounded,
            6
        );
        sit.target_has_rifled_or_artillery = false;
        assert_eq!(
            strength(std::slice::from_ref(&rep), &sit).unwrap().rounded,
            4
        );
        sit.enemy_losses_first = true;
        assert_eq!(strength(&[rep], &sit).unwrap().rounded, 6);
        // Cavalry halved in normal combat, not in a charge.
        let cav = Firer {
            kind: Kind::Cavalry,
            ..inf(3)
        };
        assert_eq!(
            strength(std::slice::from_ref(&cav), &Situation::normal())
                .unwrap()
                .rounded,
            2
        );
        let charge = Situation {
            fire: Fire::Charge,
            ..Situation::normal()
        };
        assert_eq!(strength(&[cav], &charge).unwrap().rounded, 3);
    }

    #[test]
    fn terrain_not_allowed_refuses_the_fire() {
        let sit = Situation {
            fire: Fire::Bombardment,
            terrain: vec![("chateau".into(), Effect::NotAllowed)],
            ..Situation::normal()
        };
        let e = strength(&[inf(3)], &sit).unwrap_err();
        assert!(e.contains("chateau") && e.contains("not allowed"), "{e}");
    }

    #[test]
    fn aor_7_1_allocation_first_hit_infantry_then_damaged_units_first() {
        let t = |kind, steps, damaged| Target {
            kind,
            steps,
            damaged,
        };
        let stack = [t(Kind::Cavalry, 2, false), t(Kind::Infantry, 2, false)];
        let e = check_allocation(&stack, &[0, 1]).unwrap_err();
        assert!(e.contains("infantry"), "{e}");
        // First hit on the infantry flips it; the second must go to it too (damaged), which
        // eliminates it (AoR 7.2); a third may then go to the cavalry.
        assert_eq!(check_allocation(&stack, &[1, 1, 0]).unwrap(), vec![1, 0]);
        let e = check_allocation(&stack, &[1, 0]).unwrap_err();
        assert!(e.contains("damaged"), "{e}");
        // Only cavalry and artillery: the first hit may go anywhere.
        let horse = [t(Kind::Cavalry, 1, false), t(Kind::FootArtillery, 1, false)];
        assert_eq!(check_allocation(&horse, &[1]).unwrap(), vec![1, 0]);
        // A damaged unit present takes the hits before fresh infantry.
        let mixed = [t(Kind::Infantry, 2, false), t(Kind::Cavalry, 1, true)];
        assert_eq!(check_allocation(&mixed, &[1]).unwrap(), vec![2, 0]);
        assert!(check_allocation(&mixed, &[0]).is_err());
        // A hit on a unit already gone is refused.
        assert!(check_allocation(&horse, &[0, 0]).is_err());
    }

    #[test]
    fn aor_8_1_first_bombardment_hit_is_a_disruption() {
        assert_eq!(bombardment_hits(0), (false, 0));
        assert_eq!(bombardment_hits(1), (true, 0));
        assert_eq!(bombardment_hits(3), (true, 2));
    }

    #[test]
    fn aor_2_3_group_morale_highest_infantry_else_cavalry() {
        let m = |kind, morale, reduced, steady| MoraleUnit {
            kind,
            morale,
            reduced,
            steady,
        };
        let g = [
            m(Kind::Cavalry, 6, false, false),
            m(Kind::Infantry, 4, false, false),
            m(Kind::Infantry, 5, true, false),
        ];
        assert_eq!(
            group_morale(&g),
            Some(4),
            "5 - 1 for the step loss ties with 4"
        );
        let steady = [m(Kind::Infantry, 5, true, true)];
        assert_eq!(
            group_morale(&steady),
            Some(5),
            "British and KGL: no step-loss modifier"
        );
        assert_eq!(group_morale(&[m(Kind::Cavalry, 3, false, false)]), Some(3));
        assert_eq!(group_morale(&[]), None);
        // AoR 2.3: fails when the roll is higher; flank attack -2 (chart).
        assert!(morale_passes(4, 0, 4));
        assert!(!morale_passes(4, 0, 5));
        assert!(!morale_passes(4, -2, 3));
    }

    #[test]
    fn two_faces_are_one_2d6_roll() {
        assert_eq!(hits(24, [1, 1]), 1);
        assert_eq!(hits(30, [3, 4]), 5);
    }
}

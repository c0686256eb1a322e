//! Cavalry charges (AoR 7.6 Cavalry Charges, 7.10 their modifiers): who may charge across
//! what, the charging strength's factor, and who wins the charge combat. The Cavalry Charge
//! Segment that uses them (AoR 4 II) is `cavalry.rs`.

use super::tables::{Effect, charts};
use crate::frac::Frac;

/// AoR 7.6: "Only clear and crest terrain can be crossed by charges." True when a charge may
/// enter or cross terrain `hex` (and hexside features `sides`).
pub fn can_cross(hex: &str, sides: &[String]) -> bool {
    hex == "clear" && sides.iter().all(|s| s == "crest")
}

/// What the charged stack and the charge are like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChargeTarget {
    /// Infantry in the target hex (AoR 7.6).
    pub infantry: bool,
    /// All of that infantry undisrupted (AoR 7.10 Form square).
    pub infantry_undisrupted: bool,
    /// The infantry passed its morale test and formed square.
    pub square_formed: bool,
    /// AoR 7.10 Flank charge: the defender is already adjacent to units friendly to the
    /// charging units and is charged from a different hex (not in towns).
    pub flank: bool,
    /// AoR 7.10 Backhand blow: a reaction charge against pursuing or retreating cavalry.
    pub backhand: bool,
    /// The defender is in a town (cannot be flanked).
    pub in_town: bool,
}

/// A named factor on the charging strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeFactor {
    pub name: &'static str,
    pub case: &'static str,
    pub factor: Frac,
}

/// The factors on the charging cavalry's strength. Kepi's reading of 7.6 and 7.10 together:
/// 7.6 doubles the charge against infantry that did not form square and leaves it at normal
/// strength against a square; 7.10's "If it succeeds, the charging strength is halved" is the
/// same rule seen from the doubled strength, so it is applied once, not on top. A square can
/// only be formed by undisrupted infantry (7.10). Terrain: the chart's Charge column for the
/// target hex (a "N/A" refuses the charge).
pub fn charge_factors(
    t: &ChargeTarget,
    terrain: Option<&str>,
) -> Result<Vec<ChargeFactor>, String> {
    let mut out = Vec::new();
    if terrain == Some(super::setup::FORT) {
        return Err("AoR 10.1: units in forts cannot be charged".into());
    }
    if t.square_formed && !(t.infantry && t.infantry_undisrupted) {
        return Err(
            "AoR 7.10: only a hex whose infantry is all undisrupted can form square".into(),
        );
    }
    if t.infantry && !t.square_formed {
        out.push(ChargeFactor {
            name: "infantry not in square: double strength",
            case: "AoR 7.6",
            factor: Frac::int(2),
        });
    }
    if t.flank && !t.in_town {
        out.push(ChargeFactor {
            name: "flank charge: double strength",
            case: "AoR 7.10",
            factor: Frac::int(2),
        });
    }
    if t.backhand {
        out.push(ChargeFactor {
            name: "backhand blow: double strength",
            case: "AoR 7.10",
            factor: Frac::int(2),
        });
    }
    if let Some(key) = terrain
        && let Some(row) = charts().terrain_row(key)
    {
        match row.charge() {
            Effect::NotAllowed => {
                return Err(format!(
                    "AoR Terrain Effects on Combat: {} cannot be charged",
                    row.name
                ));
            }
            Effect::Times(f) => out.push(ChargeFactor {
                name: "terrain",
                case: "AoR Terrain Effects on Combat",
                factor: f,
            }),
            Effect::NoEffect => {}
        }
    }
    Ok(out)
}

/// Who lost the charge combat (AoR 7.6: "The side that loses more steps loses the charge
/// combat and retreats").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeResult {
    /// The target lost more steps: the cavalry may stay, go back or pursue (7.6, 7.7).
    TargetLoses,
    /// The cavalry lost more steps: it retreats to its starting hex.
    ChargerLoses,
    /// As many steps each. Kepi's reading (the text is silent): nobody has lost, the defender
    /// holds its hex, and the charging cavalry, which cannot share a hex with it, goes back to
    /// its starting hex without being disrupted.
    Even,
}

pub fn charge_result(charger_steps_lost: u32, target_steps_lost: u32) -> ChargeResult {
    use std::cmp::Ordering::*;
    match target_steps_lost.cmp(&charger_steps_lost) {
        Greater => ChargeResult::TargetLoses,
        Less => ChargeResult::ChargerLoses,
        Equal => ChargeResult::Even,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(f: &[ChargeFactor]) -> Frac {
        f.iter().fold(Frac::int(1), |a, x| a * x.factor)
    }

    #[test]
    fn aor_7_6_charges_cross_only_clear_and_crest() {
        assert!(can_cross("clear", &[]));
        assert!(can_cross("clear", &["crest".to_string()]));
        assert!(!can_cross("woods", &[]));
        assert!(!can_cross("clear", &["stream".to_string()]));
    }

    #[test]
    fn aor_7_6_and_7_10_square_or_double() {
        let open = ChargeTarget {
            infantry: true,
            infantry_undisrupted: true,
            ..Default::default()
        };
        assert_eq!(
            product(&charge_factors(&open, Some("clear")).unwrap()),
            Frac::int(2)
        );
        let square = ChargeTarget {
            square_formed: true,
            ..open
        };
        assert_eq!(
            product(&charge_factors(&square, None).unwrap()),
            Frac::int(1)
        );
        // Disrupted infantry cannot form square.
        let shaken = ChargeTarget {
            infantry_undisrupted: false,
            ..square
        };
        assert!(
            charge_factors(&shaken, None)
                .unwrap_err()
                .contains("AoR 7.10")
        );
        // Cavalry charged: normal strength; flanked and backhand each double.
        let horse = ChargeTarget {
            flank: true,
            backhand: true,
            ..Default::default()
        };
        assert_eq!(
            product(&charge_factors(&horse, None).unwrap()),
            Frac::int(4)
        );
        // Not in a town (7.10), where the chart also takes 50%.
        let town = ChargeTarget {
            flank: true,
            in_town: true,
            ..Default::default()
        };
        assert_eq!(
            product(&charge_factors(&town, Some("town")).unwrap()),
            Frac::new(1, 2)
        );
        // Woods -75%; a chateau cannot be charged.
        assert_eq!(
            product(&charge_factors(&ChargeTarget::default(), Some("woods")).unwrap()),
            Frac::new(1, 4)
        );
        assert!(charge_factors(&ChargeTarget::default(), Some("chateau")).is_err());
    }

    #[test]
    fn aor_7_6_more_steps_lost_loses_the_charge() {
        assert_eq!(charge_result(0, 1), ChargeResult::TargetLoses);
        assert_eq!(charge_result(2, 1), ChargeResult::ChargerLoses);
        assert_eq!(charge_result(1, 1), ChargeResult::Even);
    }
}

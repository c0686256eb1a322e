//! After a round of assault (AoR 7.4 Retreats, 7.11 cavalry retreat): voluntary retreats
//! halving both sides' hits, which sides check morale, and what a retreat does to foot
//! artillery. The combat segment that uses them (AoR 4 IV) is not built yet.

use super::section::Kind;
use super::tables::halve_hits;

/// One side's hits after the voluntary-retreat choices, and whether it must check morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AfterRound {
    pub hits: u32,
    pub retreats_voluntarily: bool,
    /// AoR 7.4: a side "that suffered at least one hit makes a morale check"; a side that
    /// retreats voluntarily does not (it retreats anyway).
    pub checks_morale: bool,
}

/// AoR 7.4: "First the attacker, then the defender chooses whether he will voluntarily
/// retreat. If one side retreats voluntarily, both sides halve the hits taken (round
/// normally but 1 becomes 0)." Kepi's reading: the morale check is made on the hits as
/// halved. `hits` and `voluntary` are (attacker, defender).
pub fn after_round(hits: (u32, u32), voluntary: (bool, bool)) -> (AfterRound, AfterRound) {
    let halve = voluntary.0 || voluntary.1;
    let side = |h: u32, v: bool| {
        let h = if halve { halve_hits(h) } else { h };
        AfterRound {
            hits: h,
            retreats_voluntarily: v,
            checks_morale: !v && h >= 1,
        }
    };
    (side(hits.0, voluntary.0), side(hits.1, voluntary.1))
}

/// What a retreat does to a unit (AoR 7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatFate {
    /// It retreats one hex and is disrupted.
    RetreatsDisrupted,
    /// "Foot Artillery cannot retreat and is destroyed instead"; `permanently` when "an enemy
    /// unit advances into the hex as a result of the combat".
    Destroyed { permanently: bool },
}

pub fn retreat_fate(kind: Kind, enemy_advances: bool) -> RetreatFate {
    if kind == Kind::FootArtillery {
        RetreatFate::Destroyed {
            permanently: enemy_advances,
        }
    } else {
        RetreatFate::RetreatsDisrupted
    }
}

/// AoR 7.11: "Cavalry or horse artillery being assaulted may retreat one hex if it did not
/// start the turn in an enemy ZOC and there is no cavalry among the attackers."
pub fn may_retreat_before_assault(
    defenders: &[Kind],
    started_in_enemy_zoc: bool,
    attackers: &[Kind],
) -> bool {
    !defenders.is_empty()
        && defenders
            .iter()
            .all(|k| matches!(k, Kind::Cavalry | Kind::HorseArtillery))
        && !started_in_enemy_zoc
        && !attackers.contains(&Kind::Cavalry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aor_7_4_a_voluntary_retreat_halves_both_sides_hits() {
        let (a, d) = after_round((1, 3), (false, true));
        assert_eq!((a.hits, d.hits), (0, 2), "1 becomes 0; 3 halved is 2");
        assert!(!a.checks_morale, "no hit left, no check");
        assert!(!d.checks_morale && d.retreats_voluntarily);
        let (a, d) = after_round((2, 4), (false, false));
        assert_eq!((a.hits, d.hits), (2, 4));
        assert!(a.checks_morale && d.checks_morale);
        let (a, d) = after_round((0, 0), (false, false));
        assert!(!a.checks_morale && !d.checks_morale);
    }

    #[test]
    fn aor_7_4_foot_artillery_is_destroyed_instead_of_retreating() {
        assert_eq!(
            retreat_fate(Kind::FootArtillery, false),
            RetreatFate::Destroyed { permanently: false }
        );
        assert_eq!(
            retreat_fate(Kind::FootArtillery, true),
            RetreatFate::Destroyed { permanently: true }
        );
        assert_eq!(
            retreat_fate(Kind::HorseArtillery, true),
            RetreatFate::RetreatsDisrupted
        );
        assert_eq!(
            retreat_fate(Kind::Infantry, true),
            RetreatFate::RetreatsDisrupted
        );
    }

    #[test]
    fn aor_7_11_cavalry_and_horse_artillery_may_retreat_before_assault() {
        let horse = [Kind::Cavalry, Kind::HorseArtillery];
        assert!(may_retreat_before_assault(&horse, false, &[Kind::Infantry]));
        assert!(!may_retreat_before_assault(&horse, true, &[Kind::Infantry]));
        assert!(!may_retreat_before_assault(&horse, false, &[Kind::Cavalry]));
        assert!(!may_retreat_before_assault(
            &[Kind::Cavalry, Kind::Infantry],
            false,
            &[Kind::Infantry]
        ));
    }
}

//! 19C Shooting: who may shoot, at whom (a single target within 45 degrees of the frontal
//! facing, in range and in sight), the score (the highest of its dice less the range band, the
//! cover, the previous turn's shooting and, for artillery, a target of artillery or
//! skirmishers) and the hits, applied at once.

use super::board::{self, fighting, in_arc, melee_of, note, roll_highest, take_hits};
use super::section::{Formation, Kind};
use super::state::{Event, State};
use super::tables::tables;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use serde_json::json;

/// One modifier of a shot, with its case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub name: String,
    pub value: i32,
    pub case: &'static str,
}

/// A shot as it would be rolled: the dice and the modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub dice: u8,
    pub distance: u32,
    pub terms: Vec<Term>,
}

impl Shot {
    pub fn modifier(&self) -> i32 {
        self.terms.iter().map(|t| t.value).sum()
    }

    /// The hits a highest face of `high` scores (never below none).
    pub fn hits(&self, high: u8) -> u32 {
        (i32::from(high) + self.modifier()).max(0) as u32
    }
}

/// Whether `u` may shoot at all now (not who at).
pub fn may_shoot(s: &State, u: usize) -> Result<(), RuleError> {
    let setup = s.setup();
    let d = &setup.units[u];
    if !fighting(s, u) {
        return Err(RuleError::not_now(format!("{} does not shoot", d.id)));
    }
    if d.shoot_dice.is_none() {
        return Err(RuleError::rule(
            "19C Shooting",
            format!(
                "{} is {}: {} (19C Shooting)",
                d.id,
                d.kind.key(),
                if d.kind == Kind::Cavalry {
                    "cavalry units do not shoot"
                } else {
                    "a commander does not shoot (Kepi's reading)"
                }
            ),
        ));
    }
    if s.units[u].acted {
        return Err(RuleError::rule(
            "19C Shooting",
            format!("{} has shot this phase", d.id),
        ));
    }
    if melee_of(s, u).is_some() {
        return Err(RuleError::rule(
            "19C Melee",
            format!(
                "{} is locked in melee: it fights in the melee phase, not by shooting \
                 (Kepi's reading)",
                d.id
            ),
        ));
    }
    Ok(())
}

/// The shot `u` would make at `target`, or why it may not.
pub fn shot(s: &State, u: usize, target: usize) -> Result<Shot, RuleError> {
    may_shoot(s, u)?;
    let setup = s.setup();
    let t = tables();
    let d = &setup.units[u];
    let e = &setup.units[target];
    if e.side == d.side || !fighting(s, target) {
        return Err(RuleError::rule(
            "19C Shooting",
            format!(
                "{} is not an enemy unit that can be shot at (a commander takes no hits)",
                e.id
            ),
        ));
    }
    if melee_of(s, target).is_some() {
        return Err(RuleError::rule(
            "19C Melee",
            format!(
                "{} is locked in melee: friend and foe are mixed there, and it is not shot \
                 at (Kepi's reading)",
                e.id
            ),
        ));
    }
    let from = s.units[u].hex.expect("standing");
    let to = s.units[target].hex.expect("standing");
    let dist = setup.grid.distance(from, to);
    let band = d.band(dist).ok_or_else(|| {
        RuleError::rule(
            "19C Shooting",
            format!(
                "{} is {dist} hexes away; {} shoots at most {} hexes",
                e.id,
                d.id,
                d.max_range()
            ),
        )
    })?;
    if !in_arc(s, u, to) {
        return Err(RuleError::rule(
            "19C Shooting",
            format!(
                "{} is not within 45 degrees of {}'s frontal facing ({})",
                e.id, d.id, s.units[u].facing
            ),
        ));
    }
    board::sight(s, u, to).map_err(|m| RuleError::rule("19C Terrain", m))?;
    let case = if d.kind == Kind::Artillery {
        "19C Artillery Shooting"
    } else {
        "19C Infantry and Skirmishers Shooting"
    };
    let mut terms = vec![Term {
        name: format!("{} range ({dist} hexes)", band.name),
        value: band.modifier,
        case,
    }];
    if let Some(c) = board::cover(s, target, from) {
        terms.push(Term {
            name: format!("target in cover ({c})"),
            value: t.shooting.target_in_cover,
            case,
        });
    }
    if s.units[u].shot_last_turn {
        terms.push(Term {
            name: "shot in the previous turn".into(),
            value: t.shooting.shot_previous_turn,
            case,
        });
    }
    if d.kind == Kind::Artillery && matches!(e.kind, Kind::Artillery | Kind::Skirmishers) {
        terms.push(Term {
            name: format!("target is {}", e.kind.key()),
            value: t.shooting.artillery_target_artillery_or_skirmishers,
            case,
        });
    }
    Ok(Shot {
        dice: d.shoot_dice.expect("shoots"),
        distance: dist,
        terms,
    })
}

/// 19C Shooting: `u` shoots at `target`: it takes battle formation and its cotton wool, rolls,
/// and the hits are applied at once.
pub fn shoot(
    s: &mut State,
    u: usize,
    target: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let sh = shot(s, u, target)?;
    let setup = s.setup_arc();
    let (d, e) = (&setup.units[u], &setup.units[target]);
    if s.units[u].formation == Formation::March {
        s.units[u].formation = Formation::Battle;
        note(
            ev,
            format!(
                "{} deploys into battle formation to shoot (19C Shooting)",
                d.id
            ),
        );
    }
    let high = roll_highest(
        dice,
        ev,
        &format!("{} shoots at {}", d.id, e.id),
        sh.dice,
        json!({
            "unit": d.id, "target": e.id, "distance": sh.distance,
            "modifiers": sh.terms.iter().map(|t| json!({"name": t.name, "value": t.value})).collect::<Vec<_>>(),
        }),
    )?;
    let hits = sh.hits(high);
    s.units[u].acted = true;
    s.units[u].shot = true;
    note(
        ev,
        format!(
            "{} shoots at {}: highest {high}{} = {hits} hits",
            d.id,
            e.id,
            sh.terms
                .iter()
                .map(|t| format!(" {:+} {}", t.value, t.name))
                .collect::<String>()
        ),
    );
    take_hits(s, target, hits, ev);
    Ok(())
}

//! VV 9 Demoralisation (a corps that lost a third of its points; the rally die; the rest flee
//! in their side's next movement phase) and VV 10 Victory conditions (more than half of an
//! army's corps demoralised; between two corps, a third of the enemy's points destroyed).

use super::dice::{note, roll_d6};
use super::geometry::{self, standing, troop};
use super::results;
use super::state::{Acted, Role, State};
use super::tables::core;
use crate::engine::dice::Dice;
use crate::engine::setup_state::Event;
use crate::engine::{GameOutcome, RuleError};

/// The points corps `c` has lost (its elements destroyed).
pub fn lost(s: &State, c: usize) -> u32 {
    let setup = s.setup();
    (0..s.elements.len())
        .filter(|&e| setup.elements[e].corps == Some(c) && setup.elements[e].role == Role::Troop)
        .map(|e| s.elements[e].lost)
        .sum()
}

/// VV 9: "If an army corps loses a third of its points (i.e. 12 points)".
pub fn past_threshold(s: &State, c: usize) -> bool {
    let [n, d] = core().demoralised_fraction;
    lost(s, c) * d >= s.setup().corps[c].points * n
}

/// VV 9: the passive player's checks, then VV 10.
pub fn check(
    s: &mut State,
    side: usize,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    for c in 0..setup.corps.len() {
        if setup.corps[c].side != side || s.corps[c].demoralised || !past_threshold(s, c) {
            continue;
        }
        s.corps[c].demoralised = true;
        let def = &setup.corps[c];
        note(
            ev,
            format!(
                "corps {} has lost {} of its {} points: demoralised (VV 9)",
                def.id,
                lost(s, c),
                def.points
            ),
        );
        let rallier = if standing(s, def.general) {
            Some(def.general)
        } else {
            setup.cinc[side].filter(|&g| standing(s, g))
        };
        let members: Vec<usize> = (0..s.elements.len())
            .filter(|&e| troop(s, e) && setup.elements[e].corps == Some(c))
            .collect();
        let mut rallied = Vec::new();
        if let Some(g) = rallier {
            let n = roll_d6(
                dice,
                ev,
                &format!("VV 9 rally: corps {}", def.id),
                serde_json::json!({"corps": def.id, "general": setup.elements[g].id}),
            )?;
            let gh = s.elements[g].hex.expect("standing");
            let mut near: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&e| geometry::within_command(s, g, s.elements[e].hex.expect("standing")))
                .collect();
            near.sort_by_key(|&e| {
                (
                    geometry::distance(s, gh, s.elements[e].hex.expect("standing")),
                    e,
                )
            });
            rallied = near.into_iter().take(usize::from(n)).collect();
            note(
                ev,
                format!(
                    "{} rallies {n} element(s) within his command range: {} (VV 9)",
                    setup.elements[g].id,
                    if rallied.is_empty() {
                        "none".to_string()
                    } else {
                        rallied
                            .iter()
                            .map(|&e| setup.elements[e].id.clone())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ),
            );
        } else {
            note(
                ev,
                format!(
                    "corps {}'s general is lost and no Commander-in-Chief stands: all its \
                     elements flee (VV 9)",
                    def.id
                ),
            );
        }
        for e in members {
            if !rallied.contains(&e) {
                s.elements[e].to_flee = true;
            }
        }
    }
    victory(s, ev);
    Ok(())
}

/// VV 9: the elements marked to flee flee now, at the start of their side's movement phase
/// (after its activation dice); they are available again the next turn.
pub fn flee_demoralised(s: &mut State, side: usize, ev: &mut Vec<Event>) {
    for e in 0..s.elements.len() {
        if s.elements[e].to_flee && geometry::side(s, e) == side {
            s.elements[e].to_flee = false;
            if troop(s, e) {
                results::flee(s, e, false, ev);
                if standing(s, e) {
                    s.elements[e].acted = Acted::Done;
                }
            }
        }
    }
}

/// VV 10: an army with more than half of its corps demoralised loses; in a battle of one corps
/// a side, the side that destroyed a third of the enemy's points wins; an army with no troop
/// element left loses (Kepi's reading).
pub fn victory(s: &mut State, ev: &mut Vec<Event>) {
    if s.outcome.is_some() {
        return;
    }
    let setup = s.setup_arc();
    let mut lost_side = [false, false];
    let mut why = [String::new(), String::new()];
    let single = (0..2).all(|i| setup.corps.iter().filter(|c| c.side == i).count() == 1);
    for (i, (lost_i, why_i)) in lost_side.iter_mut().zip(why.iter_mut()).enumerate() {
        let corps: Vec<usize> = (0..setup.corps.len())
            .filter(|&c| setup.corps[c].side == i)
            .collect();
        let down = corps.iter().filter(|&&c| s.corps[c].demoralised).count();
        let any_troop = (0..s.elements.len()).any(|e| troop(s, e) && geometry::side(s, e) == i);
        if !any_troop {
            *lost_i = true;
            *why_i = format!("{} has no element left", setup.sides[i].name);
        } else if single && past_threshold(s, corps[0]) {
            *lost_i = true;
            *why_i = format!(
                "{} lost a third of its points ({} of {}): \"In the case of a battle between \
                 two corps, the winner is the side that destroys a third of the enemies points\" \
                 (VV 10)",
                setup.sides[i].name,
                lost(s, corps[0]),
                setup.corps[corps[0]].points
            );
        } else if down * 2 > corps.len() {
            *lost_i = true;
            *why_i = format!(
                "{} has {down} of its {} corps demoralised: more than half (VV 10)",
                setup.sides[i].name,
                corps.len()
            );
        }
    }
    let outcome = match lost_side {
        [true, true] => Some(GameOutcome {
            winner: None,
            level: None,
            reason: format!("a draw: {}; {}", why[0], why[1]),
        }),
        [true, false] => Some(GameOutcome {
            winner: Some(1),
            level: None,
            reason: why[0].clone(),
        }),
        [false, true] => Some(GameOutcome {
            winner: Some(0),
            level: None,
            reason: why[1].clone(),
        }),
        [false, false] => None,
    };
    if let Some(o) = outcome {
        note(ev, format!("the game ends: {}", o.reason));
        s.outcome = Some(o);
        s.phase = super::state::Phase::Over;
    }
}

/// VV 10 as the victory panel shows it: each side's corps demoralised against its army.
pub fn conditions(s: &State) -> Vec<crate::engine::VictoryCondition> {
    use crate::engine::ConditionStatus;
    let setup = s.setup();
    (0..2)
        .map(|i| {
            let corps: Vec<usize> = (0..setup.corps.len())
                .filter(|&c| setup.corps[c].side == i)
                .collect();
            let down = corps.iter().filter(|&&c| s.corps[c].demoralised).count();
            let beaten = s.outcome.as_ref().is_some_and(|o| o.winner == Some(1 - i))
                && !super::objectives::decided(s);
            crate::engine::VictoryCondition {
                text: format!(
                    "VV 10: {} loses when more than half of its corps are demoralised",
                    setup.sides[i].name
                ),
                side: Some(1 - i),
                level: None,
                status: if beaten {
                    ConditionStatus::Met
                } else if s.outcome.is_some() {
                    ConditionStatus::NotMet
                } else {
                    ConditionStatus::Open
                },
                detail: format!(
                    "{}: {down} of {} corps demoralised; {}",
                    setup.sides[i].name,
                    corps.len(),
                    corps
                        .iter()
                        .map(|&c| format!(
                            "corps {} lost {} of {} points",
                            setup.corps[c].id,
                            lost(s, c),
                            setup.corps[c].points
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        })
        .collect()
}

//! VV 4.2 Types of General (rated at the start), VV 3 the first player, VV 5.1 Activation
//! points (one die a corps each movement phase, the rating applied, at least 1; the
//! Commander-in-Chief taking command of a corps that rolled lower), VV 5.2 command range and
//! VV 2 a corps whose general is lost (out of command: 2 AP a move).

use super::dice::{note, roll_d6};
use super::geometry::{self, standing, troop};
use super::paces::within;
use super::reinforcements;
use super::state::{Acted, Phase, Role, State};
use super::tables::core;
use crate::engine::RuleError;
use crate::engine::dice::Dice;
use crate::engine::setup_state::Event;

/// VV 4.2 and VV 3: every general's rating, then the first player (ties rolled again).
pub fn begin(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    for side in 0..setup.sides.len() {
        let mut gens: Vec<usize> = setup
            .corps
            .iter()
            .filter(|c| c.side == side)
            .map(|c| c.general)
            .collect();
        gens.extend(setup.cinc[side]);
        for g in gens {
            let id = &setup.elements[g].id;
            let face = roll_d6(
                dice,
                ev,
                &format!("VV 4.2 type of general: {id}"),
                serde_json::json!({"general": id}),
            )?;
            s.elements[g].rating = Some(face);
            note(
                ev,
                format!("{id} is {} (VV 4.2: {face})", core().rating(face).name),
            );
        }
    }
    loop {
        let a = roll_d6(
            dice,
            ev,
            &format!("VV 3 first player: {}", setup.sides[0].name),
            serde_json::json!({"side": setup.sides[0].id}),
        )?;
        let b = roll_d6(
            dice,
            ev,
            &format!("VV 3 first player: {}", setup.sides[1].name),
            serde_json::json!({"side": setup.sides[1].id}),
        )?;
        if a == b {
            note(ev, format!("{a} and {b}: rolled again (VV 3)"));
            continue;
        }
        s.first = if a > b { 0 } else { 1 };
        note(
            ev,
            format!(
                "{} is the first player ({a} against {b}, VV 3)",
                setup.sides[s.first].name
            ),
        );
        break;
    }
    s.phase = Phase::Movement;
    Ok(())
}

/// VV 5.1: Mediocre -1, Good +1.
pub fn modifier(s: &State, g: usize) -> i32 {
    s.elements[g]
        .rating
        .map(|r| core().rating(r).ap_modifier)
        .unwrap_or(0)
}

/// VV 5.1: one die for each corps of the active player with elements left (its general's
/// rating applied if he stands, at least 1) and one for the C-in-C.
pub fn activate(s: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let side = s.active();
    let min = core().min_ap as i32;
    for (c, def) in setup.corps.iter().enumerate() {
        if def.side != side {
            continue;
        }
        s.corps[c].under_cinc = false;
        // VV 4.1: a reinforcement corps whose game-turn has come rolls too (its elements
        // enter for AP).
        let alive = (0..s.elements.len()).any(|e| {
            setup.elements[e].corps == Some(c)
                && (troop(s, e)
                    || (setup.elements[e].role == Role::Troop && reinforcements::due(s, e)))
        });
        if !alive {
            s.corps[c].score = None;
            s.corps[c].ap = 0;
            continue;
        }
        let face = roll_d6(
            dice,
            ev,
            &format!("VV 5.1 activation points: corps {}", def.id),
            serde_json::json!({"corps": def.id}),
        )?;
        // A general still to enter is not lost: his rating counts (VV 4.1, Kepi's reading).
        let general = standing(s, def.general) || reinforcements::due(s, def.general);
        let m = if general { modifier(s, def.general) } else { 0 };
        let score = (i32::from(face) + m).max(min) as u32;
        s.corps[c].score = Some(score);
        s.corps[c].ap = score;
        note(
            ev,
            format!(
                "corps {} has {score} AP ({face}{}{}; VV 5.1)",
                def.id,
                if m != 0 {
                    format!(" {m:+} for its general")
                } else {
                    String::new()
                },
                if general {
                    String::new()
                } else {
                    ", its general lost: every move costs 2 AP (VV 2)".into()
                }
            ),
        );
    }
    s.cinc_took[side] = false;
    s.cinc_score[side] = None;
    if let Some(g) = setup.cinc[side].filter(|&g| standing(s, g)) {
        let face = roll_d6(
            dice,
            ev,
            &format!("VV 5.1 activation points: {}", setup.elements[g].id),
            serde_json::json!({"commander_in_chief": setup.elements[g].id}),
        )?;
        let score = (i32::from(face) + modifier(s, g)).max(min) as u32;
        s.cinc_score[side] = Some(score);
        note(
            ev,
            format!(
                "the Commander-in-Chief {} scores {score} (VV 5.1)",
                setup.elements[g].id
            ),
        );
    }
    s.activated = true;
    super::morale::flee_demoralised(s, side, ev);
    Ok(())
}

/// VV 5.1: "If the score of the Commander-in-Chief is greater than that of a subordinate
/// general he may take command of that corps".
pub fn take_command(s: &mut State, c: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let side = s.active();
    let def = &setup.corps[c];
    let case = "VV 5.1";
    if def.side != side {
        return Err(RuleError::rule(
            case,
            format!("corps {} is not the active player's", def.id),
        ));
    }
    let Some(g) = setup.cinc[side].filter(|&g| standing(s, g)) else {
        return Err(RuleError::rule(
            case,
            "the army has no Commander-in-Chief on the map",
        ));
    };
    if s.cinc_took[side] {
        return Err(RuleError::rule(
            case,
            "the Commander-in-Chief has taken command of a corps this phase already",
        ));
    }
    let (Some(cs), Some(score)) = (s.cinc_score[side], s.corps[c].score) else {
        return Err(RuleError::not_now("the activation dice are not rolled"));
    };
    if cs <= score {
        return Err(RuleError::rule(
            case,
            format!(
                "the Commander-in-Chief scored {cs}, not more than corps {}'s {score}",
                def.id
            ),
        ));
    }
    if s.corps[c].ap != score {
        return Err(RuleError::rule(
            case,
            format!("corps {} has spent AP already", def.id),
        ));
    }
    s.corps[c].ap = cs;
    s.corps[c].under_cinc = true;
    s.cinc_took[side] = true;
    // VV 5.7: the units its general's free move carried were his to carry; the corps is the
    // C-in-C's now, and they pay as his.
    for x in 0..s.elements.len() {
        if s.setup().elements[x].corps == Some(c) {
            s.elements[x].carried = false;
        }
    }
    note(
        ev,
        format!(
            "{} takes command of corps {}: {cs} AP for its elements within 600 paces of him \
             (VV 5.1)",
            setup.elements[g].id, def.id
        ),
    );
    Ok(())
}

/// The general whose command range counts for `e` now: the C-in-C for a corps he commands,
/// else its own general if he stands.
pub fn commander(s: &State, e: usize) -> Option<usize> {
    let setup = s.setup();
    let c = setup.elements[e].corps?;
    if s.corps[c].under_cinc {
        return setup.cinc[setup.elements[e].side];
    }
    Some(setup.corps[c].general).filter(|&g| standing(s, g))
}

/// VV 5.1, 5.2: what moving `e` costs in AP (1, or 2 out of command range); refused for an
/// element of a corps the C-in-C commands beyond 600 paces of him.
pub fn move_cost(s: &State, e: usize) -> Result<u32, RuleError> {
    let setup = s.setup();
    let c = setup.elements[e]
        .corps
        .ok_or_else(|| RuleError::not_now("no corps"))?;
    let Some(h) = s.elements[e].hex else {
        return Err(RuleError::not_now(format!(
            "{} is not on the map",
            setup.elements[e].id
        )));
    };
    if s.corps[c].under_cinc {
        let Some(gh) = commander(s, e).and_then(|g| s.elements[g].hex) else {
            return Err(RuleError::not_now(
                "the Commander-in-Chief commanding this corps is not on the map",
            ));
        };
        if geometry::distance(s, gh, h) > within(core().paces.commander_in_chief_range) {
            return Err(RuleError::rule(
                "VV 5.1",
                format!(
                    "corps {} is under the Commander-in-Chief this phase: only its troops \
                     within 600 paces of him move",
                    setup.corps[c].id
                ),
            ));
        }
        return Ok(1);
    }
    Ok(match commander(s, e) {
        Some(g) if geometry::within_command(s, g, h) => 1,
        _ => core().out_of_command_ap,
    })
}

/// VV 5.7: what moving or turning `e` costs now: nothing when its commander carried it with
/// his free first move (`carried`), else [`move_cost`] (whose refusals stand).
pub fn move_cost_now(s: &State, e: usize) -> Result<u32, RuleError> {
    let c = move_cost(s, e)?;
    Ok(if s.elements[e].carried { 0 } else { c })
}

/// VV 5.7: the general `g` makes his free first move of the phase from where he stands: every
/// troop element he commands ([`commander`]: its corps' general, or the C-in-C for a corps he
/// took command of) standing beside him ("attached") and not yet acted is carried. Returns
/// them.
pub fn carry(s: &mut State, g: usize) -> Vec<usize> {
    let mut carried = Vec::new();
    let Some(gh) = s.elements[g].hex else {
        return carried;
    };
    for x in 0..s.elements.len() {
        if s.setup().elements[x].role == Role::Troop
            && standing(s, x)
            && s.elements[x].acted == Acted::Nothing
            && commander(s, x) == Some(g)
            && s.elements[x]
                .hex
                .is_some_and(|h| s.setup().grid.adjacent(h, gh))
        {
            s.elements[x].carried = true;
            carried.push(x);
        }
    }
    carried
}

/// Spend `cost` AP of `e`'s corps.
pub fn spend(s: &mut State, e: usize, cost: u32) -> Result<(), RuleError> {
    let setup = s.setup();
    let c = setup.elements[e]
        .corps
        .ok_or_else(|| RuleError::not_now("no corps"))?;
    if s.corps[c].ap < cost {
        return Err(RuleError::rule(
            "VV 5.1",
            format!(
                "corps {} has {} AP left; {} needs {cost}{}",
                setup.corps[c].id,
                s.corps[c].ap,
                setup.elements[e].id,
                if cost > 1 {
                    " (out of command range, VV 5.2)"
                } else {
                    ""
                }
            ),
        ));
    }
    s.corps[c].ap -= cost;
    Ok(())
}

/// Whether `e` is one of the generals (a corps' or the C-in-C).
pub fn is_general(s: &State, e: usize) -> bool {
    s.setup().elements[e].role != Role::Troop
}

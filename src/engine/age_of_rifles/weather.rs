//! Night and rain (AoR 5.5, 16): the game-turns a scenario names (`night_turns`,
//! `rain_turns`) and what they forbid.
//!
//! - AoR 5.5: "Units may not enter ZOCs on such turns, and there is no combat. Units *can*
//!   leave ZOCs." AoR 16: "no units (not even cavalry) may enter ZOCs (but may still leave
//!   them if orders allow it). Artillery cannot bombard."
//! - Kepi's readings: "no combat" is every form of combat of AoR 7.1 (assault, charge,
//!   bombardment), so rain forbids bombardment as night does; the Attack obligations of 7.3
//!   and 12.2 ("must attack") lapse with it.
//! - AoR 16: "All Attack/Probe orders that do not occupy a part of the target fail." The
//!   basic rules' Attack order has no target hex (12.2: "towards the closest enemy unit") and
//!   no Probe order exists. Kepi's reading: at the start of a night game-turn an Attack order
//!   whose formation has no unit in an enemy ZOC (none "occupies a part of the target") fails
//!   and becomes Reserve, as a failed 12.3 check does (without its retreat). Rain does not
//!   make orders fail (16 is about night).

use super::losses::note;
use super::section::Order;
use super::setup::Setup;
use super::state::{Event, Loc, State};

/// What darkens a game-turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dark {
    Night,
    Rain,
}

impl Dark {
    pub fn name(self) -> &'static str {
        match self {
            Dark::Night => "night",
            Dark::Rain => "rain",
        }
    }
    pub fn case(self) -> &'static str {
        match self {
            Dark::Night => "AoR 5.5, 16",
            Dark::Rain => "AoR 5.5",
        }
    }
}

/// Night or rain on game-turn `turn` (night first when a scenario names both).
pub fn of(setup: &Setup, turn: u32) -> Option<Dark> {
    if setup.night_turns.contains(&turn) {
        Some(Dark::Night)
    } else if setup.rain_turns.contains(&turn) {
        Some(Dark::Rain)
    } else {
        None
    }
}

/// Why there is no combat now (AoR 5.5, 16), or `None` when there may be.
pub fn no_combat(s: &State) -> Option<(&'static str, String)> {
    let dark = of(s.setup(), s.turn)?;
    Some((
        dark.case(),
        format!(
            "game-turn {} is a {} turn: there is no combat (no assault, charge or bombardment)",
            s.turn,
            dark.name()
        ),
    ))
}

/// No unit may enter an enemy ZOC now (AoR 5.5, 16: not even cavalry).
pub fn no_zoc_entry(s: &State) -> bool {
    of(s.setup(), s.turn).is_some()
}

/// AoR 16 at the start of a night game-turn (Kepi's reading, see the module): Attack orders of
/// formations with no unit in an enemy ZOC fail and become Reserve.
pub fn night_orders(s: &mut State, events: &mut Vec<Event>) {
    let setup = s.arc();
    if of(&setup, s.turn) != Some(Dark::Night) {
        return;
    }
    let ctx = super::position::Ctx::new(s);
    let failing: Vec<usize> = (0..setup.formations.len())
        .filter(|&f| s.formations[f].order == Order::Attack)
        .filter(|&f| {
            !(0..s.units.len()).any(|u| {
                setup.units[u].formation == f
                    && matches!(s.units[u].loc, Loc::At(h) if ctx.enemy_zoc(setup.units[u].side, h))
            })
        })
        .collect();
    drop(ctx);
    for f in failing {
        s.formations[f].order = Order::Reserve;
        note(
            events,
            format!(
                "{}'s Attack order fails at night: none of its units is in an enemy ZOC (Kepi's \
                 reading of AoR 16's \"Attack/Probe orders that do not occupy a part of the \
                 target\") and it goes to Reserve",
                setup.formations[f].name
            ),
        );
    }
}

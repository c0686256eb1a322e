//! Victory. The text has no victory rules; Kepi's reading (docs/rules/rifle-and-kepi.md,
//! "Victory"), read from the scenario's side sections: objectives held (a hex is held by the
//! side that last had a unit in it, at the start by the side listing it) are worth their
//! points, and each enemy unit broken (disbanded, eliminated or gone) one point; at the end of
//! the last game-turn the side with more points wins, equal points draw. A side with no unit
//! left standing (and none still to arrive as a reinforcement) loses at once.

use super::board::{at, fighting, note};
use super::section::Kind;
use super::state::{Event, Phase, State, Status};
use crate::engine::points_victory;
use crate::engine::{GameOutcome, VictoryCondition};

/// Each objective goes to the side with a unit standing in it (both sides cannot).
pub fn update_held(s: &mut State) {
    let setup = s.setup_arc();
    for (i, &(h, _)) in setup.objectives.iter().enumerate() {
        let here: Vec<usize> = at(s, h)
            .into_iter()
            .filter(|&u| fighting(s, u))
            .map(|u| setup.units[u].side)
            .collect();
        if let Some(&side) = here.first() {
            s.held[i] = Some(side);
        }
    }
}

/// Enemy units of `side`'s enemy broken: disbanded, eliminated or gone.
pub fn broken(s: &State, side: usize) -> u32 {
    let setup = s.setup();
    (0..s.units.len())
        .filter(|&u| {
            setup.units[u].side != side
                && setup.units[u].kind != Kind::Hq
                && matches!(
                    s.units[u].status,
                    Status::Disbanded | Status::Eliminated | Status::Left
                )
        })
        .count() as u32
}

pub fn objective_points(s: &State, side: usize) -> u32 {
    points_victory::held_points(&s.setup().objectives, &s.held, side)
}

pub fn points(s: &State, side: usize) -> u32 {
    objective_points(s, side) + broken(s, side)
}

fn end(s: &mut State, outcome: GameOutcome, ev: &mut Vec<Event>) {
    note(ev, format!("Game over: {}", outcome.reason));
    s.outcome = Some(outcome);
    s.phase = Phase::Over;
    s.active = None;
}

/// A side with no unit standing, and none still to arrive, loses at once. Returns whether the
/// game ended.
pub fn sudden_death(s: &mut State, ev: &mut Vec<Event>) -> bool {
    let alive = |side: usize| {
        (0..s.units.len()).any(|u| {
            s.setup().units[u].side == side
                && (fighting(s, u)
                    || (s.setup().units[u].kind != Kind::Hq && super::board::to_arrive(s, u)))
        })
    };
    let names = [
        s.setup().sides[0].name.clone(),
        s.setup().sides[1].name.clone(),
    ];
    match points_victory::last_side_standing(
        [&names[0], &names[1]],
        [alive(0), alive(1)],
        "left standing",
    ) {
        Some(outcome) => {
            end(s, outcome, ev);
            true
        }
        None => false,
    }
}

/// The end of the last game-turn: the points compared.
pub fn final_result(s: &mut State, ev: &mut Vec<Event>) {
    let p = [points(s, 0), points(s, 1)];
    let names = [
        s.setup().sides[0].name.clone(),
        s.setup().sides[1].name.clone(),
    ];
    let outcome = points_victory::on_points([&names[0], &names[1]], p, s.turn);
    end(s, outcome, ev);
}

/// Each side's points and where they stand.
pub fn conditions(s: &State) -> Vec<VictoryCondition> {
    let setup = s.setup();
    (0..2)
        .map(|side| {
            let held =
                points_victory::held_names(&setup.objectives, &s.held, side, |h| setup.name(h));
            points_victory::condition(
                &points_victory::SidePoints {
                    name: &setup.sides[side].name,
                    side,
                    game_length: setup.game_length,
                    held,
                    objective_points: objective_points(s, side),
                    taken: broken(s, side),
                    taken_word: "broken",
                    nothing_left: "no unit standing",
                },
                s.outcome.as_ref(),
            )
        })
        .collect()
}

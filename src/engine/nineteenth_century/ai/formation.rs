//! Formation and facing (19C Movement: "players can move units which are in march formation",
//! "Deployed units cannot move, but are allowed to pivot"; 19C Movement Adjustments: reforming
//! halves the move; 19C Shooting: shooting deploys the unit; 19C Turning): when shooting pins a
//! unit that still has ground to gain, when a deployed unit reforms to move on, and the facing
//! that brings a target into the 45-degree arc.

use super::super::section::{Formation, Kind};
use super::super::state::State;
use super::objectives::nearest_enemy;
use super::roads::Distances;
use super::weights::Weights;

/// The turns `u` still needs to reach the nearest objective its side does not hold (`None`:
/// none left to take).
pub fn ground_to_gain(s: &State, u: usize, dist: &mut Distances) -> Option<f64> {
    let setup = s.setup();
    let side = setup.units[u].side;
    let h = s.units[u].hex?;
    setup
        .objectives
        .iter()
        .enumerate()
        .filter(|(i, _)| s.held[*i] != Some(side))
        .map(|(_, &(o, _))| dist.turns(s, u, h, o))
        .filter(|t| t.is_finite())
        .min_by(f64::total_cmp)
}

/// An objective the side does not hold, with no enemy unit in it, that `u` can enter with its
/// next move (a turn of movement or less, `roads`; not the hex it stands in): its hex name and
/// points.
pub fn open_objective(s: &State, u: usize, dist: &mut Distances) -> Option<(String, u32)> {
    let setup = s.setup();
    let d = &setup.units[u];
    let h = s.units[u].hex?;
    if d.kind == Kind::Commander {
        return None;
    }
    setup
        .objectives
        .iter()
        .enumerate()
        .filter(|&(i, &(o, _))| {
            s.held[i] != Some(d.side)
                && o != h
                && super::super::board::enemy_in(s, d.side, o).is_empty()
                && dist.turns(s, u, h, o) <= 1.0
        })
        .map(|(_, &(o, p))| (setup.name(o), p))
        .max_by_key(|(_, p)| *p)
}

/// What a shot at `hexes` costs a unit in march formation that still has ground to gain: it
/// deploys and cannot move until it reforms (19C Shooting, 19C Movement). Only a shot at long
/// range (the unit's last band, the weakest) pays it; nothing for a unit in battle formation
/// already, one at its objective, or one with the enemy at short range (it would stand and
/// shoot there anyway); artillery, whose work is shooting, pays a third.
pub fn pin(s: &State, u: usize, hexes: u32, dist: &mut Distances, w: &Weights) -> (f64, String) {
    let setup = s.setup();
    let d = &setup.units[u];
    let long = d
        .bands
        .last()
        .is_some_and(|b| (b.from..=b.to).contains(&hexes));
    if s.units[u].formation == Formation::Battle {
        return (0.0, String::new());
    }
    // Shooting now would keep it from the objective it can take with its next move.
    if let Some((name, p)) = open_objective(s, u, dist) {
        return (
            -0.5 * w.take * f64::from(p),
            format!(
                "deploying to shoot would keep it from taking the objective at {name} with its \
                 next move (19C Movement)"
            ),
        );
    }
    if !long {
        return (0.0, String::new());
    }
    let Some(turns) = ground_to_gain(s, u, dist) else {
        return (0.0, String::new());
    };
    if turns < 0.5 {
        return (0.0, String::new());
    }
    let h = s.units[u].hex.expect("standing");
    if nearest_enemy(s, d.side, h)
        .is_some_and(|(_, hexes)| d.band(hexes).is_some_and(|b| b.from <= 1 && hexes <= b.to))
    {
        return (0.0, String::new());
    }
    let share = if d.kind == Kind::Artillery {
        1.0 / 3.0
    } else {
        1.0
    };
    let cost = w.pin * share * turns.min(3.0) / 3.0 * 2.0;
    (
        -cost,
        format!(
            "deploys to shoot and cannot move on until it reforms (19C Movement), {turns:.0} \
             turns from its objective"
        ),
    )
}

/// Whether a unit in battle formation should reform into march formation to move on (19C
/// Movement Adjustments): an objective to take lies within its next move (worth half its
/// take, against the shot it gives up); or it has nothing to shoot at from where it stands in
/// any facing, no enemy is within its range and a move, and it has ground to gain (or,
/// without objectives to take, an enemy to close on). The worth and the words.
pub fn reform(
    s: &State,
    u: usize,
    can_shoot: bool,
    dist: &mut Distances,
    w: &Weights,
) -> Option<(f64, String)> {
    let setup = s.setup();
    let d = &setup.units[u];
    if s.units[u].formation != Formation::Battle || d.kind == Kind::Commander {
        return None;
    }
    let h = s.units[u].hex?;
    // An objective to take within its next move: reform now to move into it (the shot given
    // up is weighed against it by the caller, `can_shoot` aside).
    if let Some((name, p)) = open_objective(s, u, dist) {
        return Some((
            0.5 * w.take * f64::from(p),
            format!(
                "reforms into march formation to take the objective at {name} ({p} points) \
                 with its next move (19C Movement Adjustments)"
            ),
        ));
    }
    if can_shoot {
        return None;
    }
    let reach = d.max_range().max(1) + d.move_hexes;
    let near = nearest_enemy(s, d.side, h);
    if near.is_some_and(|(_, hexes)| hexes <= reach) {
        return None;
    }
    let goal = ground_to_gain(s, u, dist)
        .filter(|&t| t >= 0.5)
        .map(|t| format!("its objective {t:.0} turns off"))
        .or_else(|| near.map(|(e, hexes)| format!("{} {hexes} hexes off", setup.units[e].id)))?;
    let halved = super::super::movement::allowance(s, u) / 2;
    Some((
        w.approach * 1.5,
        format!(
            "reforms into march formation to move on ({} hexes this phase, 19C Movement \
             Adjustments): nothing in range, {goal}",
            halved
        ),
    ))
}

//! Shooting odds (19C Shooting): what a shot is worth, from the engine's own shot (`fire::shot`:
//! the range band, cover, the previous turn's shooting, artillery against artillery or
//! skirmishers) over the dice; and the enemy's shooting where a unit would stand.

use super::super::board::{self, fighting, melee_of};
use super::super::fire;
use super::super::section::{Formation, Kind};
use super::super::state::State;
use super::dice;
use super::weights::worth;

/// What hits on a unit cost its side: its elimination point and its worth, by the share of
/// what is left of it that the hits take (19C Elimination of units).
pub fn loss(s: &State, u: usize, expected_hits: f64) -> f64 {
    let d = &s.setup().units[u];
    let Some(limit) = d.eliminated_at else {
        return 0.0;
    };
    let left = limit.saturating_sub(s.units[u].hits).max(1);
    (1.0 + worth(d.kind)) * expected_hits.min(f64::from(left)) / f64::from(left)
}

/// What is left of a unit before it is eliminated.
pub fn left(s: &State, u: usize) -> u32 {
    s.setup().units[u]
        .eliminated_at
        .map(|l| l.saturating_sub(s.units[u].hits).max(1))
        .unwrap_or(u32::MAX)
}

/// One shot weighed.
#[derive(Clone, Debug)]
pub struct Weighed {
    pub target: usize,
    /// The range in hexes.
    pub hexes: u32,
    pub value: f64,
    pub hits: f64,
    pub kill: f64,
    /// "shoots at a-m1 at short range, 2 dice, in cover (in town): 2.5 hits expected, 12 % to
    /// eliminate it"
    pub words: String,
}

/// `u`'s shot at `t` as the engine would roll it now, weighed; `None` where it may not shoot.
pub fn weigh(s: &State, u: usize, t: usize) -> Option<Weighed> {
    let shot = fire::shot(s, u, t).ok()?;
    let m = shot.modifier();
    let cap = left(s, t);
    let hits = dice::expected(shot.dice, m, 1, cap);
    let kill = dice::at_least(shot.dice, m, 1, cap);
    let setup = s.setup();
    let band = shot
        .terms
        .first()
        .map(|b| b.name.split(" (").next().unwrap_or("").to_string())
        .unwrap_or_default();
    let cover = shot
        .terms
        .iter()
        .find(|x| x.name.starts_with("target in cover"))
        .map(|x| {
            x.name
                .trim_start_matches("target in cover (")
                .trim_end_matches(')')
                .to_string()
        })
        .unwrap_or_else(|| "in the open".into());
    let mut value = loss(s, t, hits);
    // A unit eliminated in an objective hex leaves it to be taken (19C Victory).
    let at = s.units[t].hex;
    for (i, &(h, p)) in setup.objectives.iter().enumerate() {
        if Some(h) == at && s.held[i] == Some(setup.units[t].side) {
            value += 0.25 * f64::from(p) * kill;
        }
    }
    let words = format!(
        "shoots at {} at {band}, {} {}, {cover}{}: {hits:.1} hits expected{}",
        setup.units[t].id,
        shot.dice,
        if shot.dice == 1 { "die" } else { "dice" },
        if s.units[u].shot_last_turn {
            ", shot last turn"
        } else {
            ""
        },
        if kill > 0.005 {
            format!(", {:.0} % to eliminate it", kill * 100.0)
        } else {
            String::new()
        }
    );
    Some(Weighed {
        target: t,
        hexes: shot.distance,
        value,
        hits,
        kill,
        words,
    })
}

/// The best shot `u` has now, if any.
pub fn best(s: &State, u: usize) -> Option<Weighed> {
    let side = s.setup().units[u].side;
    (0..s.units.len())
        .filter(|&t| s.setup().units[t].side != side && fighting(s, t))
        .filter_map(|t| weigh(s, u, t))
        .max_by(|a, b| a.value.total_cmp(&b.value))
}

/// The enemy units of `side` that may still shoot this turn: fighting, with shooting dice, not
/// locked in melee.
pub fn shooters(s: &State, side: usize) -> Vec<usize> {
    (0..s.units.len())
        .filter(|&e| {
            let d = &s.setup().units[e];
            d.side != side && fighting(s, e) && d.shoot_dice.is_some() && melee_of(s, e).is_none()
        })
        .collect()
}

/// The hits the enemy's shooting this turn is expected to put on `u` standing at its hex in
/// `s` (already placed there). `settled`: the enemy has moved this turn (its units shoot from
/// where they stand, as they face; every mark of having acted is cleared by the end of the
/// phase, so they may shoot); otherwise a unit in march may come a move nearer and any
/// unit may pivot first (19C Turning). Each enemy shoots a single target: its expected hits
/// are shared among `u` and the other units of `u`'s side it could shoot.
pub fn threat(s: &State, u: usize, settled: bool) -> f64 {
    let setup = s.setup();
    let side = setup.units[u].side;
    let Some(h) = s.units[u].hex else { return 0.0 };
    if melee_of(s, u).is_some() {
        return 0.0;
    }
    let mut total = 0.0;
    for e in shooters(s, side) {
        let d = &setup.units[e];
        let Some(eh) = s.units[e].hex else { continue };
        let (n, modifier) = if settled {
            match fire::shot(s, e, u) {
                Ok(shot) => (shot.dice, shot.modifier()),
                Err(_) => continue,
            }
        } else {
            let march = s.units[e].formation == Formation::March && !s.units[e].acted;
            let reach = if march { d.move_hexes } else { 0 };
            let dist = setup.grid.distance(eh, h).saturating_sub(reach).max(1);
            let Some(band) = d.band(dist) else { continue };
            if reach == 0 && board::sight(s, e, h).is_err() {
                continue;
            }
            let mut m = band.modifier;
            if board::cover(s, u, eh).is_some() {
                m -= 1;
            }
            if s.units[e].shot_last_turn || s.units[e].shot {
                m -= 1;
            }
            if d.kind == Kind::Artillery
                && matches!(setup.units[u].kind, Kind::Artillery | Kind::Skirmishers)
            {
                m -= 1;
            }
            (d.shoot_dice.unwrap_or(1), m)
        };
        let reach = d.max_range() + if settled { 0 } else { d.move_hexes };
        let targets = (0..s.units.len())
            .filter(|&o| {
                o != u
                    && setup.units[o].side == side
                    && fighting(s, o)
                    && s.units[o]
                        .hex
                        .is_some_and(|oh| setup.grid.distance(eh, oh) <= reach)
            })
            .count();
        total += dice::expected(n, modifier, 1, left(s, u)) / (1 + targets) as f64;
    }
    total
}

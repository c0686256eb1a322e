//! The artillery phases (RK Artillery) and fortifying (RK Turn sequence vi). Each fire is
//! weighed by its chance to hit ("Roll D6 (mixed/smooth), D8 (rifled) ... Score >= twice
//! distance") times what a hit does: a bombardment's "-1 under bombardment" changes the odds
//! of the combat its target is in (`odds`, the engine's own factors); counter-battery fire
//! puts the enemy guns under bombardment (-1 to their fire and in combat). A gun that could
//! bombard later does not spend its fire on counter-battery worth less.

use super::super::board::fighting;
use super::super::combat;
use super::super::fire::fire_check;
use super::super::section::Kind;
use super::super::state::{Command, Phase, State};
use super::super::tables::tables;
use super::Weights;
use super::odds;
use super::place::Fields;
use crate::ai::candidates::Candidate;
use crate::map::HexCoord;

/// The chance a fire from `u` at `h` hits, and its targets; `None` when it may not fire.
fn hit_chance(s: &State, u: usize, h: HexCoord) -> Option<(f64, Vec<usize>)> {
    let (targets, m, dist) = fire_check(s, u, h).ok()?;
    let a = &tables().artillery;
    let guns = s.setup().units[u].guns?;
    let die = a.die[guns.key()];
    let need = (a.times_range * dist) as i8 - m;
    let faces = (1..=die as i8).filter(|&f| f >= need).count();
    Some((faces as f64 / die as f64, targets))
}

/// What a hit on `targets` is worth to `side`: the change in their combat groups' value.
fn hit_value(s: &State, targets: &[usize], side: usize, counter_battery: bool) -> f64 {
    let mut t = s.clone();
    for &e in targets {
        t.units[e].bombarded = true;
    }
    let groups = combat::groups(s);
    let mut gain: f64 = groups
        .iter()
        .filter(|g| g.iter().any(|e| targets.contains(e)))
        .map(|g| odds::group_odds(&t, g, side).value - odds::group_odds(s, g, side).value)
        .sum();
    if counter_battery {
        // Its own fire at -1 this turn.
        gain += 0.15 * targets.len() as f64;
    }
    gain
}

/// The best a gun could do in the bombardment phase as the board stands.
fn bombardment_later(s: &State, u: usize, side: usize) -> f64 {
    let mut t = s.clone();
    t.phase = Phase::Bombardment;
    t.player = side;
    enemy_hexes(&t, side)
        .into_iter()
        .filter_map(|h| hit_chance(&t, u, h).map(|(p, tg)| p * hit_value(&t, &tg, side, false)))
        .fold(0.0, f64::max)
}

fn enemy_hexes(s: &State, side: usize) -> Vec<HexCoord> {
    let mut v: Vec<HexCoord> = (0..s.units.len())
        .filter(|&e| s.setup().units[e].side != side && fighting(s, e))
        .filter_map(|e| s.units[e].hex)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The fires worth making now, best first.
pub fn fires(s: &State, legal: &[Command], f: &Fields, w: &Weights) -> Vec<Candidate<Command>> {
    let setup = s.setup();
    let cb = s.phase == Phase::CounterBattery;
    let mut out = Vec::new();
    for c in legal {
        let Command::Fire { unit, target } = c else {
            continue;
        };
        let (Ok(u), Some(h)) = (setup.unit(unit), setup.grid.parse(target)) else {
            continue;
        };
        let Some((p, targets)) = hit_chance(s, u, h) else {
            continue;
        };
        let v = p * hit_value(s, &targets, f.side, cb);
        if w.artillery * v <= 0.005 || (cb && bombardment_later(s, u, f.side) >= v) {
            continue;
        }
        let mut k = Candidate::new(c.clone());
        let names: Vec<String> = targets
            .iter()
            .map(|&e| setup.units[e].name.clone())
            .collect();
        k.term_with("artillery", w.artillery * v, || {
            format!(
                "{} {} at {target}: {:.0} % to hit, worth {v:.2} (RK Artillery)",
                if cb {
                    "counter-battery fire at"
                } else {
                    "bombards"
                },
                names.join(", "),
                100.0 * p
            )
        });
        out.push(k);
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

/// RK Turn sequence vi: a fortify marker for each deployed unit of a side that holds rather
/// than attacks, and for a side that must attack, each holding an objective (the others move
/// on: `Fields::moves_on`).
pub fn fortify(
    s: &State,
    legal: &[Command],
    f: &Fields,
    w: &Weights,
) -> Option<Candidate<Command>> {
    if w.dig_in <= 0.0 {
        return None;
    }
    let setup = s.setup();
    legal.iter().find_map(|c| {
        let Command::Fortify { unit } = c else {
            return None;
        };
        let u = setup.unit(unit).ok()?;
        let h = s.units[u].hex?;
        let threats = f.enemies.attackers(s, h);
        // A side that holds fortifies every unit, one that must attack only those in
        // objectives (`Fields::moves_on`: the others move on).
        let worth = !f.moves_on(s, u);
        (worth && setup.units[u].kind != Kind::Cavalry).then(|| {
            let mut k = Candidate::new(c.clone());
            k.term(
                "dig_in",
                w.dig_in * 0.3,
                if let Some(&e) = threats.first() {
                    format!(
                        "fortifies: {} can attack it (RK Digging in)",
                        setup.units[e].name
                    )
                } else {
                    "fortifies where it holds (RK Turn sequence vi)".to_string()
                },
            );
            k
        })
    })
}

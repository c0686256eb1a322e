//! The movement phase (19C Movement, Turning, Commanders): each unit's commands weighed
//! against leaving it where it stands, by where it would stand: the objectives
//! ([`objectives`]), the pull of its goals by road and terrain ([`roads`]), the shot it would
//! have in the shooting phase ([`shooting`]) less what shooting would pin ([`formation`]), the
//! charge it would make ([`melee`]), and the enemy's shooting and charges there.

use super::super::board::fighting;
use super::super::movement;
use super::super::section::{Formation, Kind};
use super::super::state::{Command, State};
use super::roads::{self, Distances};
use super::weights::Weights;
use super::{formation, melee, objectives, shooting};
use crate::ai::candidates::{Candidate, Noise, best};
use crate::engine::Reason;
use crate::map::HexCoord;
use std::collections::BTreeMap;

/// `s` with `u` standing at `h` facing `f`, free to shoot in the shooting phase.
fn placed(s: &State, u: usize, h: HexCoord, f: crate::engine::facing::Facing) -> State {
    let mut c = s.clone();
    c.units[u].hex = Some(h);
    c.units[u].facing = f;
    c.units[u].acted = false;
    c
}

/// The terms of `u` standing as in `at` (the state with it placed), added to `k`. `threat`
/// caches the enemy's fire by hex.
fn terms(
    k: &mut Candidate<Command>,
    s: &State,
    at: &State,
    u: usize,
    dist: &mut Distances,
    w: &Weights,
    threat: &mut BTreeMap<HexCoord, f64>,
) {
    let setup = s.setup();
    let d = &setup.units[u];
    let h = at.units[u].hex.expect("placed");
    let (v, words) = objectives::place(at, u, h, w);
    k.term("objective", v, words);
    if d.kind == Kind::Commander {
        // Near the army, ready to rally a unit (19C Commanders).
        let near = (0..s.units.len())
            .filter(|&o| o != u && setup.units[o].side == d.side && fighting(s, o))
            .filter_map(|o| at.units[o].hex.map(|x| setup.grid.distance(h, x)))
            .min()
            .unwrap_or(0);
        k.term("approach", -0.05 * f64::from(near.saturating_sub(1)), "");
        return;
    }
    let (v, words) = objectives::approach(at, u, h, dist, w);
    k.term("approach", v, words);
    if let Some(c) = melee::charge(at, u) {
        k.term("melee", w.melee * c.value, c.words);
        return;
    }
    if d.shoot_dice.is_some()
        && let Some(shot) = shooting::best(at, u)
    {
        let (pin, _) = formation::pin(at, u, shot.hexes, dist, w);
        let v = (w.shoot * shot.value + pin).max(0.0);
        if v > 0.0 {
            k.term("shoot", v, format!("then {}", shot.words));
        }
    }
    let settled = s.step == 1;
    let hits = *threat
        .entry(h)
        .or_insert_with(|| shooting::threat(at, u, settled) + melee::charge_threat(at, u));
    let risk = w.risk * shooting::loss(at, u, hits);
    k.term_with("risk", -risk, || {
        if hits >= 0.5 {
            format!("{hits:.1} hits expected from the enemy there")
        } else if hits < 0.05 {
            "out of the enemy's reach".into()
        } else {
            String::new()
        }
    });
}

/// The best command for `u` in the movement phase, or `None` to leave it as it stands.
pub fn unit(
    s: &State,
    u: usize,
    legal: &[Command],
    dist: &mut Distances,
    noise: &mut Noise,
    w: &Weights,
) -> Option<(Command, Vec<Reason>)> {
    let setup = s.setup();
    let d = &setup.units[u];
    let id = &d.id;
    let h0 = s.units[u].hex?;
    let f0 = s.units[u].facing;
    let side = d.side;
    let mut threat = BTreeMap::new();
    let mut out: Vec<Candidate<Command>> = Vec::new();
    // Left as it stands: the baseline (`End` stands for it and is never given for it). A
    // command that gains nothing over it is not given: it wins ties (`secondary`).
    let mut stay = Candidate::new(Command::End);
    stay.secondary = 1.0;
    terms(&mut stay, s, &placed(s, u, h0, f0), u, dist, w, &mut threat);
    let paths = movement::reach(s, u).unwrap_or_default();
    let mut can_shoot = false;
    for c in legal {
        let mut k = Candidate::new(c.clone());
        let at = match c {
            Command::Move { unit, to, facing } if unit == id => {
                let h = setup.parse(to).ok()?;
                if let Some(p) = paths.get(&h)
                    && let Some(words) = roads::road_words(p.road, p.hexes.len())
                {
                    k.term("road", w.road * p.hexes.len() as f64, words);
                }
                placed(s, u, h, *facing)
            }
            Command::Pivot { unit, facing } if unit == id => {
                let at = placed(s, u, h0, *facing);
                if s.units[u].formation == Formation::Battle && shooting::best(&at, u).is_some() {
                    can_shoot = true;
                }
                at
            }
            Command::Rally { commander, unit } if commander == id => {
                let o = setup.unit(unit).ok()?;
                let removed = s.units[o]
                    .hits
                    .min(super::super::tables::tables().commander.rally_hits);
                k.term(
                    "rally",
                    w.rally * f64::from(removed),
                    format!(
                        "joins {unit} and removes {removed} of its {} hits (19C Commanders, \
                         once a game)",
                        s.units[o].hits
                    ),
                );
                placed(s, u, s.units[o].hex?, f0)
            }
            _ => continue,
        };
        terms(&mut k, s, &at, u, dist, w, &mut threat);
        k.verdict = objectives::verdict(s, &at, side);
        if matches!(c, Command::Pivot { .. }) {
            // 19C Turning: a pivot is the unit's move; worth it only for what it faces.
            let gain = k.score - stay.score;
            if gain > 0.0 {
                k.term(
                    "facing",
                    0.0,
                    "pivots to bring it into its 45-degree arc (19C Turning)",
                );
            }
        }
        out.push(k);
    }
    if s.units[u].formation == Formation::Battle && shooting::best(s, u).is_some() {
        can_shoot = true;
    }
    if legal.contains(&Command::Reform { unit: id.clone() })
        && let Some((v, words)) = formation::reform(s, u, can_shoot, dist, w)
    {
        let mut k = Candidate::new(Command::Reform { unit: id.clone() });
        // Standing as it is, less the shot it gives up (shooting would deploy it again).
        let shot: f64 = stay
            .reasons
            .iter()
            .filter(|r| r.term == "shoot")
            .map(|r| r.score)
            .sum();
        k.score = stay.score - shot;
        k.term("formation", v, words);
        out.push(k);
    }
    out.push(stay);
    let pick = best(out, noise, w.noise)?;
    if pick.command == Command::End {
        return None;
    }
    Some((pick.command, pick.reasons))
}

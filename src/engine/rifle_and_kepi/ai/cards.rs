//! The cards (RK Turn sequence i-iv): which side acts first at equal card values, what each
//! unit does when its card comes up (move, stand, dig in, scout), and what an HQ does with
//! its card: activate a unit whose card dithering inverted, or move near its units.

use super::super::board::{self, fighting, in_combat};
use super::super::fire::recce_check;
use super::super::section::{Formation, Kind};
use super::super::sequence::top;
use super::super::state::{Command, State};
use super::super::tables::tables;
use super::Weights;

use super::place::{self, Fields};
use crate::ai::candidates::Candidate;
use crate::engine::Reason;
use crate::map::HexCoord;
use std::collections::BTreeMap;

/// RK Turn sequence iv: "Equal card value, superior C3 chooses order". A side that must
/// attack acts first (its units reach the enemy before the enemy's move); a side that holds
/// lets the enemy come first (its units then answer where the enemy stands).
pub fn go_first(s: &State, legal: &[Command], f: &Fields) -> Option<(Command, Vec<Reason>)> {
    let setup = s.setup();
    let (v, _) = top(s)?;
    let side = if f.attacker { f.side } else { 1 - f.side };
    let c = Command::GoFirst {
        side: setup.sides[side].id.clone(),
    };
    legal.contains(&c).then(|| {
        let words = if side == f.side {
            format!("acts first at card value {v}: it must attack (RK Turn sequence iv)")
        } else {
            format!("lets the enemy act first at card value {v}: it holds and answers (RK Turn sequence iv)")
        };
        (
            c,
            vec![Reason {
                term: "cards".into(),
                words,
                score: 0.0,
            }],
        )
    })
}

/// The ends of a move scored in full (`place::ranked`).
pub const RANKED: usize = 8;

/// The best end of `u`'s move for each roll of its movement die (RK Movement: "D6 per unit,
/// D8 for cav, +2 if col/limbered"), scored, and the chance of each; with the reasons of the
/// best end for the middle roll.
pub fn move_value(s: &State, u: usize, f: &Fields, w: &Weights) -> (f64, Vec<Reason>) {
    let (v, reasons, _) = move_value_with_end(s, u, f, w);
    (v, reasons)
}

/// [`move_value`], with the position after the best end for the middle roll (where the unit
/// most likely stands after its move).
pub fn move_value_with_end(
    s: &State,
    u: usize,
    f: &Fields,
    w: &Weights,
) -> (f64, Vec<Reason>, Option<State>) {
    let t = &tables().movement;
    let d = &s.setup().units[u];
    let die = t.die[d.kind.key()];
    let bonus = if s.units[u].formation == Formation::Column {
        t.column_bonus
    } else {
        0
    };
    let max = die + bonus;
    let m = place::moving(s, u, max);
    let ends = place::ends(&m, u, w.two_hexes > 0.0);
    let rolls: Vec<u8> = (1..=die).map(|face| face + bonus).collect();
    let scored: Vec<(u8, f64, usize)> = place::ranked_by_roll(s, &ends, u, f, w, &rolls, 2)
        .into_iter()
        .map(|(i, c)| (ends[i].spent, c.score, i))
        .collect();
    let mut total = 0.0;
    let mut median = None;
    for face in 1..=die {
        let mp = face + bonus;
        let best = scored
            .iter()
            .filter(|(spent, _, _)| *spent <= mp)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some(&(_, v, i)) = best {
            total += v;
            if face == die.div_ceil(2) {
                median = Some(i);
            }
        }
    }
    let reasons = median
        .map(|i| place::score(s, &ends[i].state, u, f, w).reasons)
        .unwrap_or_default();
    let after = median.map(|i| ends[i].state.clone());
    (total / die as f64, reasons, after)
}

/// A unit's action when its card comes up (or its HQ activates it): each the legal list
/// offers, scored against standing where it is.
pub fn unit_actions(
    s: &State,
    u: usize,
    legal: &[Command],
    f: &Fields,
    w: &Weights,
) -> Vec<Candidate<Command>> {
    let setup = s.setup();
    let id = setup.units[u].id.clone();
    let side = f.side;
    let here = place::score(s, s, u, f, w);
    let stay = here.score;
    let at = s.units[u].hex.expect("on the map");
    let threats = f.enemies.attackers(s, at);
    let mut out = Vec::new();
    for c in legal {
        let mut k = Candidate::new(c.clone());
        match c {
            Command::Stand { unit } if *unit == id => {
                // RK Combat: "+1 ... stand vs charge (inverted card and enemy moved adj)".
                if !threats.is_empty() {
                    k.term(
                        "stand",
                        w.dig_in * w.stand,
                        format!(
                            "stands ready: +1 if {} charges it (RK Combat)",
                            setup.units[threats[0]].name
                        ),
                    );
                } else {
                    k.term("stand", 0.0, "nothing better to do");
                }
            }
            Command::DigIn { unit } if *unit == id => {
                let dm = s.units[u].dm as f64;
                if f.moves_on(s, u) {
                    // RK Movement: its markers would cost a point when it moves on.
                    k.term("dig_in", 0.0, "");
                } else if !threats.is_empty() {
                    k.term(
                        "dig_in",
                        w.dig_in * w.dig / (1.0 + dm),
                        format!(
                            "digs in: {} can attack it (RK Digging in: +1 and saves on 4+)",
                            setup.units[threats[0]].name
                        ),
                    );
                } else {
                    k.term("dig_in", 0.01 * w.dig_in / (1.0 + dm), "digs in");
                }
            }
            Command::Move { unit } if *unit == id => {
                let (v, reasons) = move_value(s, u, f, w);
                k.term("move", v - stay, "");
                k.reasons = reasons;
            }
            Command::Recce { unit, target } if *unit == id => {
                let Some(h) = setup.grid.parse(target) else {
                    continue;
                };
                let v = recce_value(s, u, h, side);
                if v <= 0.0 {
                    continue;
                }
                k.term(
                    "recce",
                    v,
                    format!("scouts the enemy guns at {target} for its own guns (RK Recce)"),
                );
            }
            _ => continue,
        }
        out.push(k);
    }
    out
}

/// RK Recce: spotting enemy artillery a friendly gun could fire at (counter-battery fire needs
/// a spotted target): the chance to spot it.
fn recce_value(s: &State, u: usize, h: HexCoord, side: usize) -> f64 {
    let setup = s.setup();
    let Ok((bonus, dist)) = recce_check(s, u, h) else {
        return 0.0;
    };
    let guns_there = board::enemy_in(s, side, h)
        .iter()
        .any(|&e| setup.units[e].kind == Kind::Artillery && !s.units[e].spotted);
    let ours = (0..s.units.len()).any(|g| {
        setup.units[g].side == side
            && setup.units[g].kind == Kind::Artillery
            && fighting(s, g)
            && s.units[g].hex.is_some_and(|x| {
                let max = tables().artillery.max_range
                    [setup.units[g].guns.map(|k| k.key()).unwrap_or("mixed")];
                setup.grid.distance(x, h) <= max
            })
    });
    if !guns_there || !ours {
        return 0.0;
    }
    let need = (tables().recce.times_range * dist) as i8 - bonus;
    let faces = (1..=tables().recce.die as i8)
        .filter(|&x| x >= need)
        .count();
    0.1 * faces as f64 / tables().recce.die as f64
}

/// An HQ's card: activate a unit whose card is inverted (RK Turn sequence iv: "HQ may
/// activate same/adjacent hex"; the optional reading lets it act in spite of dithering), or
/// move (2 hexes) where it has the most units around it, or stand.
pub fn hq_actions(
    s: &State,
    hq: usize,
    legal: &[Command],
    f: &Fields,
    w: &Weights,
) -> Vec<Candidate<Command>> {
    let setup = s.setup();
    let id = setup.units[hq].id.clone();
    let side = f.side;
    let near = |h: HexCoord| {
        (0..s.units.len())
            .filter(|&o| {
                setup.units[o].side == side
                    && setup.units[o].kind != Kind::Hq
                    && fighting(s, o)
                    && !in_combat(s, o)
                    && board::hexes(s, o)
                        .iter()
                        .any(|&x| x == h || setup.grid.adjacent(x, h))
            })
            .count() as f64
    };
    let at = s.units[hq].hex.expect("on the map");
    let mut moves: BTreeMap<usize, (f64, Option<State>)> = BTreeMap::new();
    let mut out = Vec::new();
    for c in legal {
        let mut k = Candidate::new(c.clone());
        match c {
            Command::Stand { unit } if *unit == id => {
                k.term("hq", 0.0, "");
            }
            Command::HqMove { hq: h, to } if *h == id => {
                let Some(x) = setup.grid.parse(to) else {
                    continue;
                };
                let gain = 0.05 * (near(x) - near(at));
                let far = |y: HexCoord| f.enemies.nearest(s, y).map(|(_, d)| d).unwrap_or(0) as f64;
                // Near its units, not in front of them.
                let safety = if far(x) <= 2.0 { -0.1 } else { 0.0 };
                k.term_with("hq", w.hq * (gain + safety) - 0.001, || {
                    format!(
                        "moves among {} of its units (RK Movement: 2 hexes)",
                        near(x)
                    )
                });
            }
            Command::HqActivate {
                hq: h,
                unit,
                accompany,
            } if *h == id => {
                let Ok(u) = setup.unit(unit) else { continue };
                if !s.units[u].inverted || (*accompany && w.follow <= 0.0) {
                    continue;
                }
                let (gain, after) = moves.entry(u).or_insert_with(|| {
                    let stay = place::score(s, s, u, f, w).score;
                    let (v, _, after) = move_value_with_end(s, u, f, w);
                    ((v - stay).max(0.0), after)
                });
                // Off (a weight of 0), below standing whatever the noise.
                k.term_with("hq", w.hq * (0.15 + *gain) - 0.1, || {
                    format!(
                        "activates {}, whose card dithering inverted: it acts on the HQ's card (RK Turn sequence iv)",
                        setup.units[u].name
                    )
                });
                if *accompany {
                    let Some(t) = after.as_ref() else { continue };
                    follow_term(t, hq, u, at, f, w, &mut k);
                }
            }
            _ => continue,
        }
        out.push(k);
    }
    out
}

/// RK Movement: "HQ may accompany". Going with the unit it activates puts the HQ in the hex
/// the unit ends in (`t`, after its likely move); next turn it activates units in or next to
/// its hex (RK Turn sequence iv). Worth `Weights::follow` for each unit of its side not in
/// combat it would have about it there more than about `at`, where it stands, less half of
/// one (at equal numbers it stays); a unit in combat counts for none (it gets no card).
fn follow_term(
    t: &State,
    hq: usize,
    u: usize,
    at: HexCoord,
    f: &Fields,
    w: &Weights,
    k: &mut Candidate<Command>,
) {
    let setup = t.setup();
    let Some(to) = t.units[u].hex else { return };
    let about = |h: HexCoord| {
        (0..t.units.len())
            .filter(|&o| {
                o != hq
                    && setup.units[o].side == f.side
                    && setup.units[o].kind != Kind::Hq
                    && fighting(t, o)
                    && !in_combat(t, o)
                    && board::hexes(t, o)
                        .iter()
                        .any(|&x| x == h || setup.grid.adjacent(x, h))
            })
            .count()
    };
    let (there, here) = (about(to), about(at));
    k.term_with(
        "hq",
        w.hq * w.follow * (there as f64 - here as f64 - 0.5),
        || {
            format!(
                "goes with it to {}: {there} of its units about it there, {here} here (RK Movement: HQ may accompany)",
                setup.name(to)
            )
        },
    );
}

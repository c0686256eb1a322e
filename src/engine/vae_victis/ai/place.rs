//! Where an element stands, scored: the melee its position leads to (VV 8), the enemy's
//! defensive fire it is exposed to (VV 7), how near the enemy it is, its facing against the
//! enemies that could reach its flanks or rear (VV 1), the friends beside it, squares against
//! cavalry (VV 5.6), artillery's field of fire (VV 7.1), and a general's safety and command
//! range (VV 2 Generals lost, VV 5.2).
//!
//! Invariant: the scores read only the position given (a copy with the element placed, as
//! `movement::move_to` would leave it); nothing here changes a state it is shown.

use super::{Weights, odds};
use crate::ai::candidates::Candidate;
use crate::engine::facing::Facing;
use crate::engine::vae_victis::fire;
use crate::engine::vae_victis::geometry::{
    self, at, contacts, distance, front_enemy, hexside_toward, in_field, side, troop,
};
use crate::engine::vae_victis::state::{Acted, Role, State};
use crate::engine::vae_victis::tables::TroopClass;
use crate::map::HexCoord;

/// How near an enemy must be to threaten an element's flank or a general, in hexes.
const THREAT: u32 = 4;
/// How near enemy cavalry must be for a square to be worth its slowness (VV 5.6).
const CAVALRY_REACH: u32 = 6;
/// How near enemy troops must be to an objective the side holds for it to want a guard.
const GUARD_REACH: u32 = 6;
/// The reach of the objective term, in hexes (see [`Weights::objective`]).
const OBJECTIVE_REACH: f64 = 4.0;

/// `s` with `e` moved to `to` facing `facing`, as `movement::move_to` leaves it: a move into
/// contact charges, and the enemies it contacts without a frontal opponent turn to face it
/// (VV 8).
pub fn placed(s: &State, e: usize, to: HexCoord, facing: Facing) -> State {
    let mut x = s.clone();
    x.elements[e].hex = Some(to);
    x.elements[e].facing = facing;
    if x.setup().elements[e].role == Role::Troop {
        x.elements[e].acted = Acted::Done;
        let cs = contacts(&x, e);
        if !cs.is_empty() {
            x.elements[e].charged = true;
            for o in cs {
                if front_enemy(&x, o).is_none() && !x.elements[o].square {
                    let oh = x.elements[o].hex.expect("standing");
                    x.elements[o].facing = hexside_toward(&x, oh, to);
                }
            }
        }
    }
    x
}

/// `s` with the group `members` moved in parallel (VV 5.2), its first element to `to`, every
/// other shifted alike, all facing `facing`, as `groups::move_group` leaves it: each element
/// placed as [`placed`] places it, the group lifted off the board first (an element may take
/// a hex another of the group leaves). `None` when an element would leave the map.
pub fn placed_group(s: &State, members: &[usize], to: HexCoord, facing: Facing) -> Option<State> {
    let g = &s.setup().grid;
    let from0 = s.elements[*members.first()?].hex?;
    let offset = g.to_hex(to) - g.to_hex(from0);
    let mut dests = Vec::with_capacity(members.len());
    for &e in members {
        dests.push(g.from_hex(g.to_hex(s.elements[e].hex?) + offset)?);
    }
    let mut x = s.clone();
    for &e in members {
        x.elements[e].hex = None;
    }
    for (&e, &d) in members.iter().zip(&dests) {
        x = placed(&x, e, d, facing);
    }
    Some(x)
}

/// The march term of `e`'s position (see [`Weights::march`]), a penalty growing with its
/// distance from the enemy corps it closes on; 0 for a general. It scores only the change a
/// move makes: an entry (VV 4.1), which has no position before, adds it back.
pub fn march(s: &State, e: usize, w: &Weights) -> f64 {
    if s.setup().elements[e].role != Role::Troop || w.march <= 0.0 {
        return 0.0;
    }
    let Some(h) = s.elements[e].hex else {
        return 0.0;
    };
    let enemy = live_enemies(s, e, w)
        .map(|o| distance(s, h, s.elements[o].hex.expect("standing")))
        .min()
        .map_or(0.0, |d| -w.march * f64::from(d));
    let objective =
        objective_to_take(s, e, h).map_or(0.0, |(d, _, _)| -w.objective_march * f64::from(d));
    enemy + objective
}

/// The nearest objective `e`'s side does not hold, from `h`: (steps over passable ground,
/// round rivers and ponds, `Setup::steps_to_objective`; hex, points), the more valuable first
/// at equal distance.
fn objective_to_take(s: &State, e: usize, h: HexCoord) -> Option<(u32, HexCoord, u32)> {
    let me = side(s, e);
    let setup = s.setup();
    setup
        .objectives
        .iter()
        .zip(&s.held)
        .enumerate()
        .filter(|(_, (_, held))| **held != Some(me))
        .map(|(i, (&(o, p), _))| (setup.steps_to_objective(i, h), o, p))
        .min_by_key(|&(d, _, p)| (d, std::cmp::Reverse(p)))
}

/// The score of element `e`'s position in `s` for its side, the active player's, added to
/// `c` term by term.
pub fn score<C>(s: &State, e: usize, w: &Weights, c: &mut Candidate<C>) {
    if s.setup().elements[e].role == Role::Troop {
        troop_terms(s, e, w, c);
    } else {
        general_terms(s, e, w, c);
    }
}

/// Standing enemy troop elements of `e`'s side's enemy.
fn enemies(s: &State, e: usize) -> impl Iterator<Item = usize> + '_ {
    let me = side(s, e);
    (0..s.elements.len()).filter(move |&o| troop(s, o) && side(s, o) != me)
}

/// The enemies worth closing on: with [`Weights::live`], those of corps not yet demoralised
/// (VV 10 counts corps), or every enemy when all are.
fn live_enemies<'a>(s: &'a State, e: usize, w: &Weights) -> impl Iterator<Item = usize> + 'a {
    let setup = s.setup();
    let live = |o: usize| {
        setup.elements[o]
            .corps
            .is_none_or(|c| !s.corps[c].demoralised)
    };
    let any_live = w.live > 0.0 && enemies(s, e).any(live);
    enemies(s, e).filter(move |&o| !any_live || live(o))
}

fn troop_terms<C>(s: &State, e: usize, w: &Weights, c: &mut Candidate<C>) {
    let setup = s.setup();
    let h = s.elements[e].hex.expect("standing");
    let class = s.class(e);
    let in_contact = !contacts(s, e).is_empty();
    // VV 8: the melee this position leads to (artillery never attacks).
    if let Some(d) = front_enemy(s, e)
        && class != TroopClass::Artillery
    {
        let o = odds::melee(s, e, d, w);
        c.term_with("melee", w.melee * o.value(), || {
            format!(
                "melee against {}: {}",
                setup.elements[d].id,
                odds::words(&o)
            )
        });
    }
    // VV 7: the enemy's defensive fire, out of contact.
    if !in_contact {
        let mut loss = 0.0;
        let mut firers = 0;
        for f in enemies(s, e) {
            let fh = s.elements[f].hex.expect("standing");
            if s.etype(f).is_none_or(|t| t.fire.is_none())
                || distance(s, fh, h) > fire::max_range(s, f)
                || !in_field(s, f, h)
            {
                continue;
            }
            if let Some(o) = odds::fire(s, f, e, &[], w) {
                loss += o.gain;
                firers += 1;
            }
        }
        if firers > 0 {
            c.term_with("exposure", -w.exposure * loss, || {
                format!("under the fire of {firers} enemy elements, {loss:.1} points expected lost")
            });
        }
    }
    // Closing on the enemy (artillery: bringing the enemy into its field of fire); VV 10:
    // on the enemy corps not yet demoralised, while there are any.
    let nearest = live_enemies(s, e, w)
        .map(|o| distance(s, h, s.elements[o].hex.expect("standing")))
        .min();
    if let Some(d) = nearest
        && w.march > 0.0
    {
        c.term_with("march", -w.march * f64::from(d), || {
            format!("{d} hexes from the enemy corps it closes on")
        });
    }
    if let Some(d) = nearest {
        let reach = w.reach;
        if class == TroopClass::Artillery {
            let range = fire::max_range(s, e);
            let seen = enemies(s, e)
                .filter(|&o| {
                    let oh = s.elements[o].hex.expect("standing");
                    distance(s, h, oh) <= range && in_field(s, e, oh)
                })
                .count()
                .min(3);
            let gap = d.saturating_sub(range.div_ceil(2)) as f64;
            c.term_with("approach", w.approach * 0.5 * reach / (gap + reach), || {
                format!("{d} hexes from the enemy")
            });
            if seen > 0 {
                c.term_with("guns", w.guns * seen as f64, || {
                    format!("{seen} enemy elements in its field of fire")
                });
            }
            if d <= 2 {
                c.term_with("guns", -w.flank * 2.0, || {
                    "guns within the enemy's charge".into()
                });
            }
        } else {
            let d = d.saturating_sub(1) as f64;
            c.term_with("approach", w.approach * reach / (d + reach), || {
                if d == 0.0 {
                    "in contact with the enemy".into()
                } else {
                    format!("{d} hexes short of the enemy")
                }
            });
        }
    }
    // VV 1: enemies that could reach its flanks or rear (a square has none).
    if !s.elements[e].square {
        let g = &setup.grid;
        let f = s.elements[e].facing;
        let open = enemies(s, e)
            .filter(|&o| {
                let oh = s.elements[o].hex.expect("standing");
                distance(s, h, oh) <= THREAT && f.angle_to(g, h, oh) > 90
            })
            .count()
            .min(3);
        if open > 0 {
            c.term_with("flank", -w.flank * open as f64, || {
                format!("{open} enemy elements within reach of its flank or rear")
            });
        }
    }
    objective_terms(s, e, h, w, c);
    // Friends beside it.
    let beside = setup
        .grid
        .neighbors(h)
        .filter_map(|n| at(s, n))
        .filter(|&o| troop(s, o) && side(s, o) == side(s, e))
        .count()
        .min(2);
    if beside > 0 {
        c.term_with("together", w.together * beside as f64, || {
            format!("{beside} friends beside it")
        });
    }
    // VV 5.6 Squares: against cavalry within reach.
    if s.etype(e).is_some_and(|t| t.square) {
        let cavalry = enemies(s, e)
            .filter(|&o| {
                s.class(o) == TroopClass::Cavalry
                    && distance(s, h, s.elements[o].hex.expect("standing")) <= CAVALRY_REACH
            })
            .count();
        if s.elements[e].square {
            if cavalry > 0 {
                c.term_with("square", w.square * cavalry.min(2) as f64, || {
                    format!("in square against {cavalry} enemy cavalry within reach")
                });
            } else {
                c.term_with("square", -w.square_idle, || {
                    "in square with no enemy cavalry about".into()
                });
            }
        }
    }
}

fn general_terms<C>(s: &State, g: usize, w: &Weights, c: &mut Candidate<C>) {
    let setup = s.setup();
    let h = s.elements[g].hex.expect("standing");
    let me = side(s, g);
    let grid = &setup.grid;
    // VV 2 Generals lost: beside an enemy, or beside a friend in contact.
    let mut risk = 0.0;
    for n in grid.neighbors(h) {
        if let Some(o) = at(s, n)
            && troop(s, o)
        {
            if side(s, o) != me {
                risk += 2.0;
            } else if !contacts(s, o).is_empty() {
                risk += 1.0;
            }
        }
    }
    let near_enemy = enemies(s, g)
        .filter(|&o| distance(s, h, s.elements[o].hex.expect("standing")) <= 2)
        .count();
    risk += 0.5 * near_enemy.min(2) as f64;
    if risk > 0.0 {
        c.term_with("general", -w.general_risk * risk, || {
            "the general within reach of the enemy's blows".into()
        });
    }
    // VV 5.2: his corps' troops in command range (the C-in-C: every troop of the army).
    let corps = setup.elements[g].corps;
    let mine: Vec<usize> = (0..s.elements.len())
        .filter(|&e| {
            troop(s, e) && side(s, e) == me && (corps.is_none() || setup.elements[e].corps == corps)
        })
        .collect();
    if corps.is_some() {
        let out = mine
            .iter()
            .filter(|&&e| !geometry::within_command(s, g, s.elements[e].hex.expect("standing")))
            .count();
        if out > 0 {
            c.term_with("command", -w.command * out as f64, || {
                format!("{out} of his elements out of command range")
            });
        }
    }
    if !mine.is_empty() {
        let mean = mine
            .iter()
            .map(|&e| distance(s, h, s.elements[e].hex.expect("standing")) as f64)
            .sum::<f64>()
            / mine.len() as f64;
        c.term_with("follow", -0.05 * mean, || {
            format!("{mean:.0} hexes from his troops on average")
        });
    }
}

/// Kepi's reading of VV 10, the scenario's objectives: taking the nearest one the side does
/// not hold (standing in it, or closing on it), and guarding those it holds that enemy troops
/// are near.
fn objective_terms<C>(s: &State, e: usize, h: HexCoord, w: &Weights, c: &mut Candidate<C>) {
    let setup = s.setup();
    if setup.objectives.is_empty() {
        return;
    }
    let me = side(s, e);
    if let Some((d, o, p)) = objective_to_take(s, e, h) {
        let value = w.objective * f64::from(p) * OBJECTIVE_REACH / (f64::from(d) + OBJECTIVE_REACH);
        c.term_with("objective", value, || {
            if d == 0 {
                format!("takes the objective {} ({p} points)", setup.name(o))
            } else {
                format!(
                    "{d} hexes from the objective {} ({p} points)",
                    setup.name(o)
                )
            }
        });
        if w.objective_march > 0.0 {
            c.term_with("objective march", -w.objective_march * f64::from(d), || {
                format!("marching on the objective {}", setup.name(o))
            });
        }
    }
    for (&(o, p), _) in setup
        .objectives
        .iter()
        .zip(&s.held)
        .filter(|(_, held)| **held == Some(me))
    {
        let d = distance(s, h, o);
        if d > 1 {
            continue;
        }
        let threatened = enemies(s, e)
            .any(|x| distance(s, o, s.elements[x].hex.expect("standing")) <= GUARD_REACH);
        if threatened {
            let share = if d == 0 { 1.0 } else { 0.5 };
            c.term_with("guard", w.guard * share * f64::from(p), || {
                format!("guards the objective {} ({p} points)", setup.name(o))
            });
        }
    }
}

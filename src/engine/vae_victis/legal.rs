//! The legal commands of a position (every one of them accepted by `apply`), and the seeded
//! random player.

use super::fire;
use super::formations::partner;
use super::generals;
use super::geometry::{self, at, distance, hexside_toward, side, standing, troop};
use super::groups;
use super::melee;
use super::movement::{self, Board};
use super::results::passable;
use super::ruleset::VaeVictis;
use super::state::{Acted, Command, Phase, Role, State};
use super::tables::TroopClass;
use crate::engine::Player;
use crate::engine::facing::Facing;

pub fn legal(s: &State) -> Vec<Command> {
    listed(s, true)
}

/// [`legal`], with VV 5.2's group moves or without them (the random player's list: the same
/// list with every `MoveGroup` left out, made without planning them).
fn listed(s: &State, with_groups: bool) -> Vec<Command> {
    let setup = s.setup();
    if s.phase == Phase::Over {
        return Vec::new();
    }
    if s.pursuit.is_some() {
        return vec![Command::Pursue, Command::Hold];
    }
    let id = |e: usize| setup.elements[e].id.clone();
    let mut out = Vec::new();
    match s.phase {
        Phase::Begin => out.push(Command::Begin),
        Phase::Movement if !s.activated => out.push(Command::Activate),
        Phase::Movement => {
            let me = s.active();
            if let (Some(cs), false) = (s.cinc_score[me], s.cinc_took[me])
                && setup.cinc[me].is_some_and(|g| standing(s, g))
            {
                for (c, def) in setup.corps.iter().enumerate() {
                    if def.side == me
                        && s.corps[c]
                            .score
                            .is_some_and(|x| x < cs && s.corps[c].ap == x)
                    {
                        out.push(Command::TakeCommand {
                            corps: def.id.clone(),
                        });
                    }
                }
            }
            // Who stands where, contacts and enemy zones, once for every element's moves.
            let board = Board::new(s, me);
            for e in 0..s.elements.len() {
                if standing(s, e) && side(s, e) == me && movement::may_act(s, e).is_ok() {
                    element_commands(s, &board, e, &mut out);
                }
            }
            if with_groups {
                group_commands(s, &board, &mut out);
            }
            // VV 4.1: reinforcements entering.
            super::reinforcements::commands(s, &board, &mut out);
            out.push(Command::End);
        }
        Phase::Fire => fire_commands(s, &mut out),
        Phase::Melee => {
            let pending = melee::pending(s);
            for (a, d) in &pending {
                out.push(Command::Melee {
                    element: id(*a),
                    target: id(*d),
                });
            }
            if pending.is_empty() {
                out.push(Command::End);
            }
        }
        Phase::Over => {}
    }
    out
}

/// VV 7: the passive player's fires, each (firer, target) pair `fire::combat` allows, alone
/// and with every friend that may target the same enemy as its supports (VV 7.4), in the
/// order of firers then targets. Pairs are prefiltered by what `fire::check_target` refuses
/// first and cheaply (a firer that does not fire or has fired, either side in contact, the
/// target beyond the firer's longest range or outside its field of fire) and by the firer's
/// priority target (VV 7.3), computed once a firer; each target's possible supports are
/// found once. The seeded random games check the list against every pair's full check
/// (tests/vae_victis.rs).
fn fire_commands(s: &State, out: &mut Vec<Command>) {
    let setup = s.setup();
    let id = |e: usize| setup.elements[e].id.clone();
    let me = s.passive();
    let n = s.elements.len();
    // VV 7: "neither the firing unit nor the target may be in contact with opposing elements".
    let board = [Board::contacts(s, 0), Board::contacts(s, 1)];
    let free = |e: usize| {
        troop(s, e) && {
            let h = s.elements[e].hex.expect("standing");
            !board[side(s, e)].contact(h)
        }
    };
    // May `x` fire (VV 7.1: troops with a fire factor, not fired, out of contact), and how far.
    let reach: Vec<Option<u32>> = (0..n)
        .map(|x| {
            (free(x)
                && side(s, x) == me
                && !s.elements[x].fired
                && s.etype(x).is_some_and(|t| t.fire.is_some()))
            .then(|| fire::max_range(s, x))
        })
        .collect();
    // The cheap necessary conditions of `check_target(x, t)`: range and field of fire.
    let near = |x: usize, t: usize| {
        let (xh, th) = (s.elements[x].hex, s.elements[t].hex);
        let (Some(xh), Some(th)) = (xh, th) else {
            return false;
        };
        reach[x].is_some_and(|r| distance(s, xh, th) <= r) && geometry::in_field(s, x, th)
    };
    let targets: Vec<usize> = (0..n).filter(|&t| free(t) && side(s, t) != me).collect();
    // Each target's possible supports (VV 7.4), found when first needed.
    let mut supporters: Vec<Option<Vec<usize>>> = vec![None; n];
    for (f, r) in reach.iter().enumerate() {
        if r.is_none() {
            continue;
        }
        // VV 7.3: with a priority target, it fires at that one only.
        let first = fire::priority(s, f);
        for &t in &targets {
            if first.is_some_and(|p| p != t) || !near(f, t) {
                continue;
            }
            if fire::check_target(s, f, t).is_err() {
                continue;
            }
            out.push(Command::Fire {
                element: id(f),
                target: id(t),
                supports: Vec::new(),
            });
            let all = supporters[t].get_or_insert_with(|| {
                (0..n)
                    .filter(|&x| near(x, t) && fire::check_target(s, x, t).is_ok())
                    .collect()
            });
            // Every one passes `check_target` against `t` and is `f`'s friend: `fire::combat`
            // accepts them all.
            let sup: Vec<usize> = all.iter().copied().filter(|&x| x != f).collect();
            if !sup.is_empty() {
                out.push(Command::Fire {
                    element: id(f),
                    target: id(t),
                    supports: sup.into_iter().map(id).collect(),
                });
            }
        }
    }
    out.push(Command::End);
}

/// The moves, pivot and formation changes of `e` (the active player's, free to act). A move
/// that passes through a friend or ends in contact is offered when the rule check of `apply`
/// would accept it: the hex in `e`'s reach ending with that facing (VV 5.3, computed once a
/// facing) and, into contact, `movement::contact_checks` (VV 8, 8.1, 8.4).
fn element_commands(s: &State, board: &Board, e: usize, out: &mut Vec<Command>) {
    let setup = s.setup();
    let id = setup.elements[e].id.clone();
    let role = setup.elements[e].role;
    let acted = s.elements[e].acted;
    let ap = setup.elements[e].corps.map(|c| s.corps[c].ap).unwrap_or(0);
    let move_cost = match role {
        Role::CommanderInChief if s.elements[e].moved_free => None,
        Role::CommanderInChief => Some(0),
        Role::General if !s.elements[e].moved_free => Some(0),
        Role::General => Some(1),
        Role::Troop => generals::move_cost_now(s, e).ok(),
    };
    let can_move =
        move_cost.is_some_and(|c| c <= ap) && !matches!(acted, Acted::Done | Acted::Moved);
    let from = s.elements[e].hex.expect("standing");
    if can_move {
        let free = movement::reach_of(board, s, e, None);
        // The searches for a final facing, one for each different list of the friends `e`
        // may pass through (`movement::passable`, all that `reach_of` reads of the facing);
        // a facing that allows the same friends as no facing at all reaches what `free` does.
        let free_passable = movement::passable(s, e, None);
        let mut searches: Vec<(Vec<bool>, movement::Reach)> = Vec::new();
        let mut by_facing: Vec<(Facing, Option<usize>)> = Vec::new();
        for h in free.hexes() {
            if acted == Acted::Strategic && !movement::strategic(s, e, from, h) {
                continue;
            }
            let (last, passes) = free.last_step(h).expect("a hex reached");
            let mut facings: Vec<Facing> = Vec::new();
            let contact = board.contact(h);
            if contact {
                if role != Role::Troop || s.class(e) == TroopClass::Artillery {
                    continue;
                }
                for n in setup.grid.neighbors(h) {
                    if let Some(o) = board.at(n)
                        && troop(s, o)
                        && side(s, o) != side(s, e)
                    {
                        facings.push(hexside_toward(s, h, n));
                    }
                }
            } else if role == Role::Troop
                && !s.elements[e].square
                && !board.zone_owners(h).is_empty()
            {
                // VV 6: in an enemy zone of control it ends facing one of the zones' owners.
                let owners = board.zone_owners(h);
                facings.extend(
                    Facing::all()
                        .filter(|f| f.is_hexside(&setup.grid))
                        .filter(|&f| geometry::aligned(s, owners, h, f, false)),
                );
            } else {
                facings.push(hexside_toward(s, last, h));
                if role == Role::Troop && s.elements[e].facing != facings[0] {
                    facings.push(s.elements[e].facing);
                }
            }
            for f in facings {
                let c = Command::Move {
                    element: id.clone(),
                    to: setup.name(h),
                    facing: f,
                };
                let ok = if passes || contact {
                    let i = match by_facing.iter().find(|(x, _)| *x == f) {
                        Some(&(_, i)) => i,
                        None => {
                            let p = movement::passable(s, e, Some(f));
                            let i = if p == free_passable {
                                None
                            } else if let Some(i) = searches.iter().position(|(x, _)| *x == p) {
                                Some(i)
                            } else {
                                searches.push((p, movement::reach_of(board, s, e, Some(f))));
                                Some(searches.len() - 1)
                            };
                            by_facing.push((f, i));
                            i
                        }
                    };
                    let reached = match i {
                        None => free.contains(h),
                        Some(i) => searches[i].1.contains(h),
                    };
                    reached && (!contact || movement::contact_checks(s, e, h, f).is_ok())
                } else {
                    true
                };
                if ok {
                    out.push(c);
                }
            }
        }
    }
    let t = s.etype(e);
    // VV LG: "Only Regular American Infantry may form square and move in the same turn".
    let formable =
        acted == Acted::Nothing || (acted == Acted::Moved && t.is_some_and(|t| t.square_and_move));
    if role != Role::Troop || !formable {
        return;
    }
    if acted == Acted::Nothing && move_cost.is_some_and(|c| c <= ap) && !s.elements[e].square {
        // VV 6: in an enemy zone of control it turns only to face one of the zones' owners.
        let owners = board.zone_owners(from);
        for f in Facing::all().filter(|f| f.is_hexside(&setup.grid)) {
            if f != s.elements[e].facing && geometry::aligned(s, owners, from, f, false) {
                out.push(Command::Pivot {
                    element: id.clone(),
                    facing: f,
                });
            }
        }
    }
    if ap == 0 || ap < t.map_or(1, |t| t.formation_ap) {
        return;
    }
    if t.is_some_and(|t| t.square) {
        if s.elements[e].square {
            out.push(Command::Line {
                element: id.clone(),
            });
        } else if super::results::passable(
            &{
                let mut x = s.clone();
                x.elements[e].square = true;
                x
            },
            e,
            from,
        ) {
            out.push(Command::Square {
                element: id.clone(),
            });
        }
    }
    // VV 5.6 Dismounting/mounting cavalry (RY), where its counterpart may stand.
    if setup.elements[e].counterpart_ty.is_some() && {
        let mut x = s.clone();
        x.elements[e].switched = !x.elements[e].switched;
        passable(&x, e, from)
    } {
        let element = id.clone();
        out.push(if s.class(e) == TroopClass::Cavalry {
            Command::Dismount { element }
        } else {
            Command::Mount { element }
        });
    }
    if let Some(p) = partner(s, e) {
        if !s.elements[e].skirmish && !s.elements[e].square && !s.elements[p].destroyed {
            for n in setup.grid.neighbors(from) {
                if at(s, n).is_none() && passable(s, p, n) {
                    out.push(Command::Skirmish {
                        element: id.clone(),
                        hex: setup.name(n),
                    });
                }
            }
        } else if s.elements[e].skirmish
            && standing(s, p)
            && s.elements[p]
                .hex
                .is_some_and(|ph| setup.grid.adjacent(ph, from))
        {
            out.push(Command::CloseOrder {
                element: id.clone(),
            });
        }
    }
}

/// VV 5.2: the parallel moves of each maximal line (`groups::lines`) whose AP its corps has,
/// to every hex of its first element's reach (on the board without the group) where every
/// element's shifted move passes `groups::plan`, in the order of the hexes.
fn group_commands(s: &State, board: &Board, out: &mut Vec<Command>) {
    let setup = s.setup();
    for members in groups::lines(s) {
        let first = members[0];
        let corps = setup.elements[first]
            .corps
            .expect("a troop element's corps");
        if groups::cost(s, &members).is_ok_and(|c| c <= s.corps[corps].ap) {
            let facing = s.elements[first].facing;
            let board = board.without(s, &members);
            let reaches = groups::reaches(s, &board, &members, facing);
            for to in reaches[0].hexes() {
                if groups::plan(s, &board, &members, &reaches, to, facing).is_ok() {
                    out.push(Command::MoveGroup {
                        elements: members
                            .iter()
                            .map(|&e| setup.elements[e].id.clone())
                            .collect(),
                        to: setup.name(to),
                        facing,
                    });
                }
            }
        }
    }
}

/// A seeded player of legal commands, uniformly (replayable: its own LCG, no ambient
/// randomness).
pub struct RandomPlayer {
    state: u64,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            state: seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407),
        }
    }

    fn next_u32(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.state >> 33) as u32
    }
}

impl Player<VaeVictis> for RandomPlayer {
    fn next(&mut self, s: &State) -> Command {
        // VV 5.2's group moves are left out, so that the seeded games (the golden games, the
        // fixtures' random games) stay those recorded before groups; the groups' tests play
        // them with their own player (tests/vae_victis_groups.rs).
        let legal = listed(s, false);
        debug_assert!(!legal.iter().any(|c| matches!(c, Command::MoveGroup { .. })));
        // Ending the phase is one choice in five while anything else is open, so that
        // random games move and fight.
        let end = legal.iter().position(|c| *c == Command::End);
        let others: Vec<&Command> = legal.iter().filter(|c| **c != Command::End).collect();
        let r = self.next_u32();
        match end {
            Some(i) if others.is_empty() || r.is_multiple_of(5) => legal[i].clone(),
            _ if others.is_empty() => Command::End,
            _ => others[(r / 5) as usize % others.len()].clone(),
        }
    }
}

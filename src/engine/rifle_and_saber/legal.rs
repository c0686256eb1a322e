//! Every legal command in a state (for `kepi legal`, the UI and autoplay). Moves are listed
//! once per reachable hex, along the cheapest path that does not disrupt the unit if one
//! exists; combined attacks are built one unit at a time (each `Fire` or `Shock` joins the
//! attack on its target hex).

use super::apply::apply;
use super::board::Board;
use super::command::Command;
use super::fire::{check_fire_on, range_of};
use super::movement::{mounted, reachable_on};
use super::shock::{check_shock, loss_choices};
use super::state::{Ammo, Location, Pending, Phase, State, UnitId};
use crate::engine::dice::FixedDice;
use crate::map::HexCoord;

/// Does this command apply? (Commands that roll dice are not tried here.)
fn ok(state: &State, c: &Command) -> bool {
    apply(state, c, &mut FixedDice::new([])).is_ok()
}

pub fn legal(state: &State) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase == Phase::Over {
        return out;
    }
    if let Some(p) = &state.pending {
        match p {
            Pending::Retreat { options, .. } => {
                for o in options {
                    out.push(Command::ChooseRetreat { path: o.clone() });
                }
            }
            Pending::ShockLosses {
                candidates, points, ..
            } => {
                for units in loss_choices(candidates, *points, 64) {
                    out.push(Command::ChooseShockLosses { units });
                }
            }
        }
        return out;
    }
    let player = state.player;
    let own: Vec<UnitId> = (0..state.units.len())
        .filter(|&u| state.side_of(u) == player)
        .collect();
    match state.phase {
        Phase::Deployment => deployment(state, &own, &mut out),
        Phase::Fire => {
            let board = Board::new(state);
            if state.setup.options.improved_positions {
                let mut hexes: Vec<HexCoord> =
                    own.iter().filter_map(|&u| state.units[u].hex()).collect();
                hexes.sort();
                hexes.dedup();
                for h in hexes {
                    let c = Command::BeginWork { hex: h };
                    if ok(state, &c) {
                        out.push(c);
                    }
                }
            }
            let targets: Vec<HexCoord> = state
                .stacks()
                .into_keys()
                .filter(|h| board.side(state, *h) == Some(1 - player))
                .collect();
            for &u in &own {
                let unit = &state.units[u];
                let Some(from) = unit.hex() else { continue };
                if unit.fired || unit.disrupted() {
                    continue;
                }
                let kind = state.kind(u);
                let ammos: Vec<Option<Ammo>> = if kind.shot_attack.is_some() {
                    vec![Some(Ammo::Canister), Some(Ammo::Shot)]
                } else {
                    vec![None]
                };
                for ammo in ammos {
                    let range = range_of(state, u, ammo);
                    for &t in &targets {
                        if state.setup.grid.distance(from, t) <= range
                            && check_fire_on(state, &board, u, t, ammo).is_ok()
                        {
                            out.push(Command::Fire {
                                unit: u,
                                target: t,
                                ammo,
                            });
                        }
                    }
                }
            }
            for a in &state.fire_plan {
                for (u, _) in &a.attackers {
                    out.push(Command::CancelFire { unit: *u });
                }
            }
            if state.fire_plan.is_empty() {
                out.push(Command::EndPhase);
            } else {
                out.push(Command::ResolveFire);
            }
        }
        Phase::Movement => {
            let board = Board::new(state);
            for &u in &own {
                movement(state, &board, u, &mut out);
            }
            out.push(Command::EndPhase);
        }
        Phase::Shock => {
            for &u in &own {
                let Some(from) = state.units[u].hex() else {
                    continue;
                };
                for n in state.setup.grid.neighbors(from) {
                    if check_shock(state, u, n).is_ok() {
                        out.push(Command::Shock { unit: u, target: n });
                    }
                }
            }
            for a in &state.shock_plan {
                for u in &a.attackers {
                    out.push(Command::CancelShock { unit: *u });
                }
            }
            if state.shock_plan.is_empty() {
                if ok(state, &Command::EndPhase) {
                    out.push(Command::EndPhase);
                }
            } else {
                out.push(Command::ResolveShock);
            }
        }
        Phase::Over => {}
    }
    out
}

fn deployment(state: &State, own: &[UnitId], out: &mut Vec<Command>) {
    let setup = &state.setup;
    let board = Board::new(state);
    for &u in own {
        if state.units[u].location != Location::Off {
            continue;
        }
        let Some(d) = setup.units[u].deployment else {
            continue;
        };
        let gun = state.kind(u).limbers;
        for &h in &setup.deployments[d].hexes {
            if board.side(state, h).is_some_and(|s| s != state.player)
                || board.points(state, h) + state.kind(u).stacking > 6
            {
                continue;
            }
            for limbered in if gun { vec![false, true] } else { vec![false] } {
                let c = Command::Deploy {
                    unit: u,
                    hex: h,
                    limbered,
                };
                if setup.deployments[d].constraints.is_empty() || ok(state, &c) {
                    out.push(c);
                }
            }
        }
    }
    let mut hexes: Vec<HexCoord> = own.iter().filter_map(|&u| state.units[u].hex()).collect();
    hexes.sort();
    hexes.dedup();
    for h in hexes {
        for c in [
            Command::PlaceTrench { hex: h },
            Command::PlaceImprovedPosition { hex: h },
        ] {
            if ok(state, &c) {
                out.push(c);
            }
        }
    }
    if ok(state, &Command::EndDeployment) {
        out.push(Command::EndDeployment);
    }
}

fn movement(state: &State, board: &Board, u: UnitId, out: &mut Vec<Command>) {
    let unit = &state.units[u];
    let kind = state.kind(u);
    let waiting = unit.location == Location::Off
        && state.setup.units[u]
            .arrival
            .is_some_and(|(t, _)| t <= state.turn);
    if unit.hex().is_none() && !waiting {
        return;
    }
    for (_, path) in reachable_on(state, board, u, false) {
        out.push(Command::Move {
            unit: u,
            path,
            charge: false,
        });
    }
    if kind.charge_movement.is_some() && mounted(state, u) && unit.hex().is_some() {
        let player = state.player;
        for (h, path) in reachable_on(state, board, u, true) {
            let enemy_next = state
                .setup
                .grid
                .neighbors(h)
                .any(|n| board.side(state, n) == Some(1 - player));
            if enemy_next {
                out.push(Command::Move {
                    unit: u,
                    path,
                    charge: true,
                });
            }
        }
    }
    if unit.hex().is_none() {
        return;
    }
    for c in [
        Command::Limber { unit: u },
        Command::Unlimber { unit: u },
        Command::Dismount { unit: u },
        Command::Remount { unit: u },
        Command::EnterRoadMode { unit: u },
        Command::LeaveRoadMode { unit: u },
        Command::ToTop { unit: u },
        Command::ExitMap { unit: u },
    ] {
        if ok(state, &c) {
            out.push(c);
        }
    }
}

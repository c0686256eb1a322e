//! A random player: picks sensible legal commands at random, for seeded test games,
//! `kepi autoplay` and `--auto-deploy`. It has its own generator (ChaCha8 from its seed),
//! separate from the dice. Every phase ends: each unit is offered at most a few actions per
//! phase, and cancelling or reordering is never chosen.

use super::board::Board;
use super::command::Command;
use super::fire::{check_fire_on, range_of};
use super::legal::legal;
use super::movement::{mounted, search};
use super::shock::check_shock;
use super::state::{Ammo, Location, Phase, State, UnitId};
use crate::engine::dice::FixedDice;
use crate::map::HexCoord;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::BTreeSet;

pub struct Policy {
    rng: ChaCha8Rng,
    /// (player-turn, phase, unit) already offered their turn to act.
    done: BTreeSet<(u32, u8, UnitId)>,
    /// Hexes tried for trenches and positions this deployment.
    tried: BTreeSet<(usize, HexCoord, u8)>,
}

fn phase_code(p: Phase) -> u8 {
    p as u8
}

fn applies(state: &State, c: &Command) -> bool {
    super::apply::apply(state, c, &mut FixedDice::new([])).is_ok()
}

impl Policy {
    pub fn new(seed: u64) -> Policy {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8] = 0x50; // a different stream from the dice of the same seed
        Policy {
            rng: ChaCha8Rng::from_seed(bytes),
            done: BTreeSet::new(),
            tried: BTreeSet::new(),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u32() as usize) % n.max(1)
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.next_u32() % 100 < percent
    }

    fn pick<T: Clone>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.below(v.len())].clone())
        }
    }

    fn shuffled(&mut self, mut v: Vec<UnitId>) -> Vec<UnitId> {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
        v
    }

    /// The next command for whoever must act.
    pub fn next(&mut self, state: &State) -> Command {
        if state.pending.is_some() {
            let options = legal(state);
            return self.pick(&options).expect("a pending decision has options");
        }
        match state.phase {
            Phase::Deployment => self.deploy(state),
            Phase::Fire => self.fire(state),
            Phase::Movement => self.movement(state),
            Phase::Shock => self.shock(state),
            Phase::Over => Command::EndPhase,
        }
    }

    fn offer(&mut self, state: &State, u: UnitId) -> bool {
        self.done
            .insert((state.player_turn, phase_code(state.phase), u))
    }

    fn deploy(&mut self, state: &State) -> Command {
        let setup = &state.setup;
        let side = state.player;
        // Largest units first, so that crowded zones still take every gun (R&S 7.0: guns 3
        // points, others 2).
        let mut waiting: Vec<UnitId> = (0..state.units.len())
            .filter(|&u| {
                setup.units[u].side == side
                    && setup.units[u].deployment.is_some()
                    && state.units[u].location == Location::Off
            })
            .collect();
        waiting.sort_by_key(|&u| std::cmp::Reverse(state.kind(u).stacking));
        if let Some(&u) = waiting.first() {
            let d = setup.units[u].deployment.expect("filtered");
            let hexes: Vec<HexCoord> = setup.deployments[d].hexes.iter().copied().collect();
            let board = Board::new(state);
            let limber = state.kind(u).limbers && self.chance(20);
            // Try random hexes; then every hex in order.
            for _ in 0..24 {
                let h = hexes[self.below(hexes.len())];
                if board.points(state, h) + state.kind(u).stacking > 6 {
                    continue;
                }
                let c = Command::Deploy {
                    unit: u,
                    hex: h,
                    limbered: limber,
                };
                if applies(state, &c) {
                    return c;
                }
            }
            // Then the fullest hex that still takes it, to leave whole hexes for the rest.
            let mut by_fill = hexes.clone();
            by_fill.sort_by_key(|h| std::cmp::Reverse(board.points(state, *h)));
            for h in by_fill {
                let c = Command::Deploy {
                    unit: u,
                    hex: h,
                    limbered: false,
                };
                if applies(state, &c) {
                    return c;
                }
            }
            // Nowhere to go: EndDeployment will say which units could not be placed.
            return Command::EndDeployment;
        }
        let hexes = state.hexes_of(side);
        for (kind, left) in [
            (0u8, state.trenches_left[side]),
            (1, state.improved_left[side]),
        ] {
            if left == 0 {
                continue;
            }
            let fresh: Vec<HexCoord> = hexes
                .iter()
                .copied()
                .filter(|h| !self.tried.contains(&(side, *h, kind)))
                .collect();
            if let Some(h) = self.pick(&fresh) {
                self.tried.insert((side, h, kind));
                return if kind == 0 {
                    Command::PlaceTrench { hex: h }
                } else {
                    Command::PlaceImprovedPosition { hex: h }
                };
            }
        }
        Command::EndDeployment
    }

    fn fire(&mut self, state: &State) -> Command {
        let side = state.player;
        let board = Board::new(state);
        let targets: Vec<HexCoord> = state
            .stacks()
            .into_keys()
            .filter(|h| board.side(state, *h) == Some(1 - side))
            .collect();
        let units = self.shuffled(state.on_map(side).collect());
        for u in units {
            let unit = &state.units[u];
            if unit.fired || unit.disrupted() || !self.offer(state, u) || !self.chance(80) {
                continue;
            }
            let from = unit.hex().expect("on map");
            let ammo = if state.kind(u).shot_attack.is_some() {
                Some(if self.chance(50) {
                    Ammo::Canister
                } else {
                    Ammo::Shot
                })
            } else {
                None
            };
            let range = range_of(state, u, ammo);
            let ok: Vec<HexCoord> = targets
                .iter()
                .copied()
                .filter(|t| {
                    state.setup.grid.distance(from, *t) <= range
                        && check_fire_on(state, &board, u, *t, ammo).is_ok()
                })
                .collect();
            if let Some(t) = self.pick(&ok) {
                return Command::Fire {
                    unit: u,
                    target: t,
                    ammo,
                };
            }
        }
        if state.fire_plan.is_empty() {
            Command::EndPhase
        } else {
            Command::ResolveFire
        }
    }

    fn movement(&mut self, state: &State) -> Command {
        let side = state.player;
        let enemies: Vec<HexCoord> = state
            .on_map(1 - side)
            .filter_map(|u| state.units[u].hex())
            .collect();
        let candidates: Vec<UnitId> = (0..state.units.len())
            .filter(|&u| {
                state.side_of(u) == side
                    && match state.units[u].location {
                        Location::Hex(_) => true,
                        Location::Off => state.setup.units[u]
                            .arrival
                            .is_some_and(|(t, _)| t <= state.turn),
                        _ => false,
                    }
            })
            .collect();
        let units = self.shuffled(candidates);
        for u in units {
            if !self.offer(state, u) {
                continue;
            }
            let unit = &state.units[u];
            let kind = state.kind(u);
            let arriving = unit.location == Location::Off;
            if !arriving && !self.chance(75) {
                continue;
            }
            // Exits first, where a victory condition asks for them.
            let exit = Command::ExitMap { unit: u };
            if !arriving && applies(state, &exit) && self.chance(90) {
                return exit;
            }
            if kind.limbers && !unit.limbered && !unit.disrupted() && !arriving {
                if self.chance(40) {
                    let c = Command::Limber { unit: u };
                    if applies(state, &c) {
                        // Offer the move once more this phase.
                        self.done
                            .remove(&(state.player_turn, phase_code(state.phase), u));
                        return c;
                    }
                }
                continue;
            }
            if !arriving && kind.dismounts_as.is_some() && mounted(state, u) && self.chance(5) {
                let c = Command::Dismount { unit: u };
                if applies(state, &c) {
                    return c;
                }
            }
            let charge =
                !arriving && kind.charge_movement.is_some() && mounted(state, u) && self.chance(30);
            // The destinations in map order; only the chosen one's path is built.
            let reach = search(state, &Board::new(state), u, charge);
            let mut dests: Vec<HexCoord> = reach
                .destinations()
                .filter(|h| !charge || state.setup.grid.neighbors(*h).any(|n| enemies.contains(&n)))
                .collect();
            dests.sort();
            if dests.is_empty() {
                continue;
            }
            // Half the time head for the enemy, so that games come to blows.
            let to = if self.chance(50) && !enemies.is_empty() {
                let g = &state.setup.grid;
                *dests
                    .iter()
                    .min_by_key(|h| enemies.iter().map(|e| g.distance(**h, *e)).min())
                    .expect("non-empty")
            } else {
                self.pick(&dests).expect("non-empty")
            };
            return Command::Move {
                unit: u,
                path: reach.path(to).expect("a destination of the search"),
                charge,
            };
        }
        Command::EndPhase
    }

    fn shock(&mut self, state: &State) -> Command {
        let side = state.player;
        let units = self.shuffled(state.on_map(side).collect());
        // Charging units must attack; offer them first.
        let (charging, others): (Vec<UnitId>, Vec<UnitId>) =
            units.into_iter().partition(|&u| state.units[u].charging);
        for u in charging.into_iter().chain(others) {
            if state.units[u].shocked || !self.offer(state, u) {
                continue;
            }
            if !state.units[u].charging && !self.chance(60) {
                continue;
            }
            let h = state.units[u].hex().expect("on map");
            let ok: Vec<HexCoord> = state
                .setup
                .grid
                .neighbors(h)
                .filter(|n| check_shock(state, u, *n).is_ok())
                .collect();
            if let Some(t) = self.pick(&ok) {
                return Command::Shock { unit: u, target: t };
            }
        }
        if state.shock_plan.is_empty() {
            Command::EndPhase
        } else {
            Command::ResolveShock
        }
    }
}

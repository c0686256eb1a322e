//! Sequence of play (R&S 3.0), end-of-phase and end-of-player-turn effects, and victory.

use super::command::Event;
use super::ctx::Ctx;
use super::scenario::Morale;
use super::state::{Phase, UnitId, Work};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::scenario::events::EventTime;

fn r(case: &str, msg: String) -> RuleError {
    RuleError::rule(case, msg)
}

impl Ctx<'_> {
    /// The first player-turn of game-turn 1 begins.
    pub fn start_game(&mut self) {
        self.s.turn = 1;
        self.s.player = self.s.setup.moves_first;
        self.begin_player_turn();
    }

    fn begin_player_turn(&mut self) {
        self.s.player_turn += 1;
        self.s.phase = Phase::Fire;
        for u in &mut self.s.units {
            u.fired = false;
            u.shocked = false;
        }
        self.s.attacked.clear();
        self.s.shock_defended.clear();
        self.s.fire_attacked.clear();
        self.s.fire_defended.clear();
        self.events.push(Event::PhaseBegan {
            turn: self.s.turn,
            player: self.s.player,
            phase: Phase::Fire,
        });
        // The scenario's events at the start of the game-turn (R&S 11.0; `scripted`).
        if self.s.player == self.s.setup.moves_first {
            self.scripted_events(EventTime::Start);
        }
    }

    /// `EndPhase`: advance to the next phase, applying what the ending phase leaves behind.
    pub fn end_phase(&mut self) -> Result<(), RuleError> {
        match self.s.phase {
            Phase::Deployment => Err(RuleError::not_now(
                "during deployment, end with EndDeployment",
            )),
            Phase::Over => Err(RuleError::not_now("the game is over")),
            Phase::Fire => {
                if !self.s.fire_plan.is_empty() {
                    return Err(RuleError::not_now(
                        "fire is allocated: resolve it (ResolveFire) or cancel it first",
                    ));
                }
                self.s.phase = Phase::Movement;
                let player = self.s.player;
                for i in 0..self.s.units.len() {
                    if self.s.side_of(i) == player {
                        let u = &mut self.s.units[i];
                        u.spent = Frac::ZERO;
                        u.moved = 0;
                        u.left_zoc = false;
                        u.approached = false;
                        u.changed_mount = false;
                    }
                }
                self.events.push(Event::PhaseBegan {
                    turn: self.s.turn,
                    player,
                    phase: Phase::Movement,
                });
                Ok(())
            }
            Phase::Movement => {
                let player = self.s.player;
                let ids: Vec<UnitId> = self.s.on_map(player).collect();
                for u in ids {
                    if self.s.units[u].left_zoc {
                        // R&S 8.0(B): disrupted at the end of the Movement Phase.
                        self.disrupt(u, false, "R&S 8.0(B): it left an enemy-controlled hex");
                    }
                    if self.s.units[u].approached {
                        self.disrupt(u, false, "Scenario special rule: it came too close");
                    }
                }
                self.s.phase = Phase::Shock;
                self.events.push(Event::PhaseBegan {
                    turn: self.s.turn,
                    player,
                    phase: Phase::Shock,
                });
                Ok(())
            }
            Phase::Shock => {
                if !self.s.shock_plan.is_empty() {
                    return Err(RuleError::not_now(
                        "shock attacks are allocated: resolve them (ResolveShock) or cancel \
                         them first",
                    ));
                }
                let player = self.s.player;
                // R&S 4(K)1: a charging unit must attack in the Shock Combat Phase (if any
                // attack is still open to it: R&S 5.2(C) allows one attack on a hex).
                for u in self.s.on_map(player) {
                    let unit = &self.s.units[u];
                    let h = unit.hex().expect("on map");
                    let can_attack = self
                        .s
                        .setup
                        .grid
                        .neighbors(h)
                        .any(|n| super::shock::check_shock(&self.s, u, n).is_ok());
                    if unit.charging && !unit.shocked && can_attack {
                        return Err(r(
                            "R&S 4(K)",
                            format!(
                                "{} charged and must make a shock attack this phase",
                                self.s.label(u)
                            ),
                        ));
                    }
                }
                self.end_player_turn();
                Ok(())
            }
        }
    }

    fn end_player_turn(&mut self) {
        let player = self.s.player;
        let pt = self.s.player_turn;
        // R&S 4(K)3: charging units are disrupted at the end of the player-turn.
        for u in 0..self.s.units.len() {
            if self.s.units[u].charging {
                self.s.units[u].charging = false;
                if self.s.units[u].hex().is_some() {
                    self.disrupt(u, false, "R&S 4(K): it charged this player-turn");
                }
            }
        }
        // R&S 6.0(B): recovery at the very end of the player-turn; R&S 10.1: demoralized
        // units stay disrupted (errata: until their force's morale rises again).
        for u in 0..self.s.units.len() {
            if let Some(until) = self.s.units[u].disrupted_until {
                let demoralized =
                    self.s.setup.options.morale && self.s.unit_morale(u) == Morale::Demoralized;
                if until <= pt && !demoralized && self.s.units[u].hex().is_some() {
                    self.s.units[u].disrupted_until = None;
                    self.events.push(Event::Recovered { unit: u });
                }
            }
        }
        // R&S 10.2: work becomes an improved position at the end of the second friendly
        // player-turn in the hex.
        let done: Vec<Work> = self
            .s
            .work
            .iter()
            .filter(|w| w.side == player && w.started + 2 <= pt)
            .cloned()
            .collect();
        for w in done {
            self.s.work.retain(|o| o.hex != w.hex);
            if self.s.occupant(w.hex) == Some(w.side) {
                self.s.improved.insert(w.hex);
                self.events
                    .push(Event::ImprovedPositionBuilt { hex: w.hex });
            }
        }
        let second = player != self.s.setup.moves_first;
        if second {
            // The scenario's events at the end of the game-turn (R&S 11.0; `scripted`).
            self.scripted_events(EventTime::End);
            self.end_game_turn();
            if self.s.outcome.is_some() {
                return;
            }
            self.s.turn += 1;
        }
        self.s.player = 1 - player;
        self.begin_player_turn();
    }
}

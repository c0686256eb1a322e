//! The working copy of a state while one command is applied, with the effects every rule
//! shares: rolling dice, disrupting, eliminating, morale.

use super::command::Event;
use super::scenario::Morale;
use super::setup::Setup;
use super::state::{Location, State, UnitId};
use crate::engine::dice::{Dice, DiceSpec, Roll, RollRequest};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;

pub struct Ctx<'a> {
    pub s: State,
    pub events: Vec<Event>,
    pub dice: &'a mut dyn Dice,
}

/// The rule case for the disruption of a unit by the enemy.
pub const SECOND_DISRUPTION: &str = "R&S 6.0(A)";

impl<'a> Ctx<'a> {
    pub fn setup(&self) -> &Setup {
        &self.s.setup
    }

    pub fn label(&self, u: UnitId) -> String {
        self.s.label(u).to_string()
    }

    pub fn name(&self, h: HexCoord) -> String {
        self.s.setup.name(h)
    }

    /// Roll one die for `purpose`; the roll is recorded as an event.
    pub fn roll_d6(&mut self, purpose: &str, context: serde_json::Value) -> Result<u8, RuleError> {
        let request = RollRequest {
            purpose: purpose.to_string(),
            spec: DiceSpec::D6,
            context,
        };
        let rolled = self.dice.roll(&request)?;
        let face = rolled.faces[0];
        self.events.push(Event::DieRolled {
            roll: Roll {
                purpose: request.purpose,
                spec: request.spec,
                total: rolled.faces.iter().map(|&f| f as u32).sum(),
                faces: rolled.faces,
                context: request.context,
                forced: rolled.forced,
            },
        });
        Ok(face)
    }

    /// Put a unit on top of the stack in its hex.
    pub fn to_top(&mut self, u: UnitId) {
        self.s.units[u].order = self.s.next_order;
        self.s.next_order += 1;
        // R&S 10.5(E): units in road movement mode are always topmost.
        if let Some(h) = self.s.units[u].hex() {
            for o in self.s.stack(h) {
                if o != u && self.s.units[o].road_mode {
                    self.s.units[o].order = self.s.next_order;
                    self.s.next_order += 1;
                }
            }
        }
    }

    /// Place a unit in a hex, on top (the errata to 6.0(C) for retreats; moves alike).
    pub fn place(&mut self, u: UnitId, h: HexCoord) {
        if let Some(from) = self.s.units[u].hex()
            && from != h
        {
            self.left_hex(from);
        }
        self.s.units[u].location = Location::Hex(h);
        self.to_top(u);
    }

    /// A unit left `h`: R&S 10.2 "When a unit moves out of an Improved Position, the Improved
    /// Position Marker is removed"; work in progress there is abandoned.
    pub fn left_hex(&mut self, h: HexCoord) {
        if self.s.improved.remove(&h) {
            self.events.push(Event::ImprovedPositionRemoved { hex: h });
        }
        if let Some(i) = self.s.work.iter().position(|w| w.hex == h) {
            self.s.work.remove(i);
            self.events.push(Event::WorkAbandoned { hex: h });
        }
    }

    /// Disrupt a unit. `by_enemy`: a direct result of enemy fire or shock, which eliminates an
    /// already disrupted unit (R&S 6.0(A)). Returns true if the unit was eliminated instead.
    pub fn disrupt(&mut self, u: UnitId, by_enemy: bool, reason: &str) -> bool {
        if self.s.units[u].disrupted() {
            if by_enemy {
                self.eliminate(
                    u,
                    &format!("{SECOND_DISRUPTION}: a second disruption ({reason}) eliminates it"),
                );
                return true;
            }
            return false;
        }
        // R&S 6.0(B): back to normal at the very end of the next player-turn of the same kind
        // (friendly or enemy) as the one in which it was disrupted: two player-turns on.
        let until = self.s.player_turn + 2;
        let unit = &mut self.s.units[u];
        unit.disrupted_until = Some(until);
        if self.s.setup.kinds[unit.kind].limbers {
            // R&S 6.0(A): disrupted guns are considered automatically unlimbered.
            unit.limbered = false;
        }
        if unit.road_mode {
            // R&S 10.5(F): a disrupted unit converts out of road movement mode.
            unit.road_mode = false;
            self.events.push(Event::RoadMode { unit: u, on: false });
        }
        self.events.push(Event::Disrupted {
            unit: u,
            until,
            reason: reason.to_string(),
        });
        false
    }

    pub fn eliminate(&mut self, u: UnitId, reason: &str) {
        if let Some(h) = self.s.units[u].hex() {
            self.left_hex(h);
        }
        let side = self.s.side_of(u);
        self.s.units[u].location = Location::Eliminated;
        self.s.units[u].disrupted_until = None;
        self.s.eliminated[side] += 1;
        let strength = self.s.setup.kinds[self.s.setup.units[u].kind].fire_attack;
        self.s.lost_strength[side] = self.s.lost_strength[side] + strength;
        self.events.push(Event::Eliminated {
            unit: u,
            reason: reason.to_string(),
        });
        self.update_morale();
    }

    /// R&S 10.1: morale follows losses at the instant the conditions are met.
    pub fn update_morale(&mut self) {
        if !self.s.setup.options.morale {
            return;
        }
        for side in 0..2 {
            let level = morale_index(self.s.setup.sides[side].morale) + morale_shift(&self.s, side);
            let new = morale_of(level);
            let old = self.s.morale[side];
            if new != old {
                self.s.morale[side] = new;
                self.events.push(Event::MoraleChanged {
                    side,
                    from: old,
                    to: new,
                    reason: format!(
                        "R&S 10.1: losses {} against {} of {} fire attack strength",
                        self.s.lost_strength[side],
                        self.s.lost_strength[1 - side],
                        self.s.start_strength[side]
                    ),
                });
            }
        }
    }
}

/// R&S 10.1 (1)-(3): the levels a force has risen (positive) or fallen (negative) from its
/// starting level, from the fire attack strength both sides have lost through elimination.
pub fn morale_shift(s: &super::state::State, side: usize) -> i32 {
    let lost = s.lost_strength[side];
    let enemy_lost = s.lost_strength[1 - side];
    let start = s.start_strength[side];
    let mut shift = 0;
    // (1) Rise one level while enemy losses are at least three times friendly losses.
    if enemy_lost > Frac::ZERO && enemy_lost >= Frac::int(3) * lost {
        shift += 1;
    }
    let remaining = start - lost;
    // (2) Fall one level below 75% of the starting fire attack strength...
    if remaining < start * Frac::new(3, 4) {
        shift -= 1;
    }
    // (3) ...and another below 50%.
    if remaining < start * Frac::new(1, 2) {
        shift -= 1;
    }
    shift
}

pub fn morale_index(m: Morale) -> i32 {
    match m {
        Morale::Demoralized => 0,
        Morale::Normal => 1,
        Morale::High => 2,
    }
}

pub fn morale_of(i: i32) -> Morale {
    match i {
        i32::MIN..=0 => Morale::Demoralized,
        1 => Morale::Normal,
        _ => Morale::High,
    }
}

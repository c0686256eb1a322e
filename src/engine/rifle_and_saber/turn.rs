//! Sequence of play (R&S 3.0), end-of-phase and end-of-player-turn effects, and victory.

use super::command::Event;
use super::ctx::Ctx;
use super::scenario::Morale;
use super::setup::{ExitSetup, TargetSetup, VictorySetup};
use super::state::{Location, Outcome, Phase, UnitId, Work};
use crate::engine::error::RuleError;
use crate::frac::Frac;
use crate::map::HexCoord;
use crate::scenario::rules::Require;

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
                let side = self.s.side_of(u);
                let demoralized =
                    self.s.setup.options.morale && self.s.morale[side] == Morale::Demoralized;
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
            self.end_game_turn();
            if self.s.outcome.is_some() {
                return;
            }
            self.s.turn += 1;
        }
        self.s.player = 1 - player;
        self.begin_player_turn();
    }

    /// Did `side` hold a hex? R&S 11.0: "a Friendly unit must be in the hex".
    fn holds(&self, side: usize, h: HexCoord) -> bool {
        self.s.occupant(h) == Some(side)
    }

    fn enemy_within(&self, side: usize, hexes: &[HexCoord], n: u32) -> bool {
        let g = &self.s.setup.grid;
        self.s.on_map(1 - side).any(|e| {
            let eh = self.s.units[e].hex().expect("on map");
            hexes.iter().any(|h| g.distance(*h, eh) <= n)
        })
    }

    fn target_held(&self, side: usize, t: &TargetSetup, no_enemy_within: Option<u32>) -> bool {
        let clear =
            |hexes: &[HexCoord]| no_enemy_within.is_none_or(|n| !self.enemy_within(side, hexes, n));
        match t.require {
            Require::EveryHex => t
                .groups
                .iter()
                .all(|(_, hs)| hs.iter().all(|h| self.holds(side, *h)) && clear(hs)),
            Require::EachFeature => t
                .groups
                .iter()
                .all(|(_, hs)| hs.iter().any(|h| self.holds(side, *h)) && clear(hs)),
            Require::AnyFeature => t
                .groups
                .iter()
                .any(|(_, hs)| hs.iter().any(|h| self.holds(side, *h)) && clear(hs)),
        }
    }

    fn finish(
        &mut self,
        winner: Option<usize>,
        level: Option<crate::scenario::rules::VictoryLevel>,
        reason: String,
    ) {
        let outcome = Outcome {
            winner,
            level,
            reason,
        };
        self.s.outcome = Some(outcome.clone());
        self.s.phase = Phase::Over;
        self.s.fire_plan.clear();
        self.s.shock_plan.clear();
        self.events.push(Event::GameOver { outcome });
    }

    fn side_name(&self, s: usize) -> String {
        self.s.setup.sides[s].name.clone()
    }

    /// Victory conditions checked at the end of each game-turn; the game ends after the last.
    fn end_game_turn(&mut self) {
        let turn = self.s.turn;
        let last = turn >= self.s.setup.game_length;
        let victory = self.s.setup.victory.clone();
        for (i, (text, v)) in victory.iter().enumerate() {
            match v {
                VictorySetup::Hold {
                    side,
                    target,
                    turn: at,
                    no_enemy_within,
                } if *at == turn => {
                    let held = self.target_held(*side, target, *no_enemy_within);
                    let winner = if held { *side } else { 1 - side };
                    let how = if held { "met" } else { "not met" };
                    self.finish(
                        Some(winner),
                        None,
                        format!("{text} — {how} at the end of game-turn {turn}"),
                    );
                    return;
                }
                VictorySetup::HoldForTurns {
                    side,
                    target,
                    turns,
                } => {
                    let sides: Vec<usize> = match side {
                        Some(s) => vec![*s],
                        None => vec![0, 1],
                    };
                    for s in sides {
                        if self.target_held(s, target, None) {
                            self.s.streaks[i][s] += 1;
                        } else {
                            self.s.streaks[i][s] = 0;
                        }
                        if self.s.streaks[i][s] >= *turns {
                            self.finish(
                                Some(s),
                                None,
                                format!(
                                    "{text} — {} held it for {turns} consecutive game-turn(s)",
                                    self.side_name(s)
                                ),
                            );
                            return;
                        }
                    }
                    if last {
                        let winner = side.map(|s| 1 - s);
                        self.finish(winner, None, format!("{text} — not met by the end"));
                        return;
                    }
                }
                VictorySetup::Exit {
                    side,
                    count,
                    area: _,
                    by_turn,
                    no_more_losses,
                } if *by_turn == turn => {
                    let exited: Vec<UnitId> = (0..self.s.units.len())
                        .filter(|&u| {
                            self.s.side_of(u) == *side
                                && self.s.units[u].location == Location::Exited
                        })
                        .collect();
                    let of_kind = |k: Option<usize>| {
                        exited
                            .iter()
                            .filter(|&&u| k.is_none_or(|k| self.s.setup.units[u].kind == k))
                            .count() as u32
                    };
                    let total_units = (0..self.s.units.len())
                        .filter(|&u| self.s.side_of(u) == *side)
                        .count() as i64;
                    let enough = match count {
                        ExitSetup::Units { count, kind } => of_kind(*kind) >= *count,
                        ExitSetup::Fraction(f) => {
                            Frac::int(exited.len() as i64) >= *f * Frac::int(total_units)
                        }
                        ExitSetup::All { kind } => {
                            let left = (0..self.s.units.len()).any(|u| {
                                self.s.side_of(u) == *side
                                    && kind.is_none_or(|k| self.s.setup.units[u].kind == k)
                                    && matches!(
                                        self.s.units[u].location,
                                        Location::Hex(_) | Location::Off
                                    )
                            });
                            !left && of_kind(*kind) > 0
                        }
                    };
                    let losses_ok =
                        !no_more_losses || self.s.eliminated[*side] <= self.s.eliminated[1 - side];
                    let met = enough && losses_ok;
                    let winner = if met { *side } else { 1 - side };
                    self.finish(
                        Some(winner),
                        None,
                        format!(
                            "{text} — {} ({} exited; losses {} to {})",
                            if met { "met" } else { "not met" },
                            exited.len(),
                            self.s.eliminated[*side],
                            self.s.eliminated[1 - side]
                        ),
                    );
                    return;
                }
                VictorySetup::DestroyAll { otherwise, .. } if last => {
                    self.finish(
                        Some(otherwise.0),
                        Some(otherwise.1),
                        format!("{text} — units survive to the end"),
                    );
                    return;
                }
                VictorySetup::ControlDeployedHill {
                    side,
                    enemy,
                    candidates,
                    by_turn,
                } if *by_turn == turn => {
                    let hill = self.s.deployed_on[*enemy].clone();
                    let hexes = candidates
                        .iter()
                        .find(|(c, _)| Some(c) == hill.as_ref())
                        .map(|(_, h)| h.clone())
                        .unwrap_or_default();
                    let held = !hexes.is_empty() && hexes.iter().all(|h| self.holds(*side, *h));
                    let winner = if held { *side } else { *enemy };
                    self.finish(
                        Some(winner),
                        None,
                        format!(
                            "{text} — {} {}",
                            hill.unwrap_or_else(|| "the hill".into()),
                            if held { "controlled" } else { "not controlled" }
                        ),
                    );
                    return;
                }
                _ => {}
            }
        }
        if last {
            self.finish(
                None,
                None,
                format!("game-turn {turn} was the last; no victory condition decided the game"),
            );
        }
    }

    /// Victory that can come at any moment: the destruction of every enemy unit.
    pub fn check_sudden_victory(&mut self) {
        if self.s.outcome.is_some() {
            return;
        }
        let victory = self.s.setup.victory.clone();
        for (text, v) in &victory {
            if let VictorySetup::DestroyAll {
                side,
                grades,
                otherwise,
            } = v
            {
                let enemy = 1 - side;
                if self.s.in_play(enemy).next().is_some() {
                    continue;
                }
                let turn = self.s.turn;
                let (winner, level) = grades
                    .iter()
                    .find(|(by, _, _)| turn <= *by)
                    .map(|(_, w, l)| (*w, *l))
                    .unwrap_or(*otherwise);
                self.finish(
                    Some(winner),
                    Some(level),
                    format!(
                        "{text} — every {} unit destroyed on game-turn {turn}",
                        self.side_name(enemy)
                    ),
                );
                return;
            }
        }
    }
}

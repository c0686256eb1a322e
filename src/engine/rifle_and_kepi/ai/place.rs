//! Where a unit ends its move (RK Movement, RK Formations): every end the engine allows for
//! its movement points (steps one hex at a time, a formation change before or after moving,
//! a last facing), each scored by the terms: objectives, the pull of the objectives and the
//! enemy, the combat it joins (`odds`), its formation and facing against the enemy who can
//! reach it, and for artillery a firing position out of the enemy's reach.

use super::super::board::{self, enemy_adjacent, engaged_with, fighting, in_combat, line_clear};
use super::super::combat::{self, contact};
use super::super::movement;
use super::super::section::{Formation, Kind};
use super::super::state::{Active, Command, State};
use super::super::tables::tables;
use super::super::victory::{points, update_held};
use super::Weights;
use super::maps::{self, Enemies, Goal, attacker, nearest_enemy};
use super::odds::{self, unit_value};
use super::posture::{self, Posture, Stance};
use crate::ai::candidates::{Candidate, Verdict};
use crate::engine::facing::Facing;
use crate::map::HexCoord;
use std::collections::BTreeMap;

/// A way the moving unit can end its move: the commands and the position after them.
pub struct End {
    pub path: Vec<Command>,
    pub state: State,
    /// Movement points spent.
    pub spent: u8,
}

/// `s` with `u` moving with `mp` points (as after its `move` roll).
pub fn moving(s: &State, u: usize, mp: u8) -> State {
    let mut t = s.clone();
    let hq = t.active.as_ref().and_then(|a| a.hq);
    t.active = Some(Active {
        unit: u,
        hq,
        mp: Some(mp),
        stepped: false,
    });
    t
}

fn left(s: &State) -> u8 {
    s.active.as_ref().and_then(|a| a.mp).unwrap_or(0)
}

/// The facing towards the nearest enemy from `h` (a column turns for nothing).
fn toward_enemy(s: &State, side: usize, h: HexCoord) -> Option<Facing> {
    nearest_enemy(s, side, h).map(|(x, _)| Facing::toward(&s.setup().grid, h, x))
}

/// Every end of `u`'s move in `s` (where it is moving), the stay (`end_move` at once) first;
/// with `two_hexes`, a large division's deployments over two hexes too (RK Formations).
pub fn ends(s: &State, u: usize, two_hexes: bool) -> Vec<End> {
    let setup = s.setup();
    let side = setup.units[u].side;
    let id = setup.units[u].id.clone();
    let start_mp = left(s);
    let mut out = Vec::new();
    let mut nodes: Vec<(State, Vec<Command>)> = vec![(s.clone(), Vec::new())];
    // RK Formations: "Formation change before or after movement, not during".
    if !s.active.as_ref().is_some_and(|a| a.stepped) && s.units[u].second.is_none() {
        let mut t = s.clone();
        if let Ok(false) = movement::formation(&mut t, u, None, &mut Vec::new()) {
            nodes.push((
                t,
                vec![Command::Formation {
                    unit: id.clone(),
                    second: None,
                }],
            ));
        }
    }
    // One way to each hex in each formation, the one with most points left (a last facing
    // is among the ends of each).
    let key = |t: &State| (t.units[u].hex, t.units[u].formation == Formation::Column);
    let mut best: BTreeMap<_, u8> = BTreeMap::new();
    for (t, _) in &nodes {
        best.insert(key(t), left(t));
    }
    let mut i = 0;
    while i < nodes.len() {
        let (t, path) = (nodes[i].0.clone(), nodes[i].1.clone());
        i += 1;
        finishes(&t, u, side, &path, start_mp, two_hexes, &mut out);
        if t.units[u].charged || t.units[u].second.is_some() {
            continue;
        }
        let at = t.units[u].hex.expect("on the map");
        for n in setup.grid.neighbors(at) {
            let mut x = t.clone();
            if movement::step(&mut x, u, n, &mut Vec::new()).is_err() {
                continue;
            }
            let mut p = path.clone();
            p.push(Command::Step {
                unit: id.clone(),
                to: setup.name(n),
            });
            if x.units[u].charged {
                // RK Formations: in combat, out of control: the move ends.
                let spent = start_mp.saturating_sub(left(&t));
                out.push(End {
                    path: p,
                    state: x,
                    spent,
                });
                continue;
            }
            let k = key(&x);
            if best.get(&k).is_some_and(|&m| m >= left(&x)) {
                continue;
            }
            best.insert(k, left(&x));
            nodes.push((x, p));
        }
    }
    out
}

/// The ways to end the move where `t` stands: at once, after facing the enemy, after a
/// formation change (with `two_hexes`, a large division's deployment over two hexes).
fn finishes(
    t: &State,
    u: usize,
    side: usize,
    path: &[Command],
    start: u8,
    two_hexes: bool,
    out: &mut Vec<End>,
) {
    let id = t.setup().units[u].id.clone();
    let at = t.units[u].hex.expect("on the map");
    let spent = |x: &State| start.saturating_sub(left(x));
    let mut end = |x: State, mut p: Vec<Command>, over: bool| {
        if !over {
            p.push(Command::EndMove { unit: id.clone() });
        }
        out.push(End {
            spent: spent(&x),
            path: p,
            state: x,
        });
    };
    end(t.clone(), path.to_vec(), false);
    if t.units[u].charged || enemy_adjacent(t, side, at) {
        return;
    }
    let mut faced = (t.clone(), path.to_vec());
    if let Some(f) = toward_enemy(t, side, at)
        && f != t.units[u].facing
    {
        let mut x = t.clone();
        if movement::face(&mut x, u, f, &mut Vec::new()).is_ok() {
            let mut p = path.to_vec();
            p.push(Command::Face {
                unit: id.clone(),
                facing: f,
            });
            end(x.clone(), p.clone(), false);
            faced = (x, p);
        }
    }
    let (x0, p0) = faced;
    if x0.units[u].second.is_some() || path.iter().any(|c| matches!(c, Command::Formation { .. })) {
        return;
    }
    let mut x = x0.clone();
    if let Ok(over) = movement::formation(&mut x, u, None, &mut Vec::new()) {
        let mut p = p0.clone();
        p.push(Command::Formation {
            unit: id.clone(),
            second: None,
        });
        end(x, p, over);
    }
    // RK Formations: "Large divisions may deploy in two adjacent hex" (from column, into a
    // free hex not next to the enemy: the engine's own check refuses the others).
    let g = &t.setup().grid;
    if !two_hexes || !t.setup().units[u].large || x0.units[u].formation != Formation::Column {
        return;
    }
    for n in g.neighbors(at) {
        let mut x = x0.clone();
        if let Ok(over) = movement::formation(&mut x, u, Some(n), &mut Vec::new()) {
            let mut p = p0.clone();
            p.push(Command::Formation {
                unit: id.clone(),
                second: Some(t.setup().name(n)),
            });
            end(x, p, over);
        }
    }
}

/// The terms' context for one side: its goals and whether it must attack.
pub struct Fields {
    pub side: usize,
    pub goals: Vec<Goal>,
    pub attacker: bool,
    /// The combat groups' values to the side now, and each enemy unit's group.
    pub groups: Vec<f64>,
    pub before: BTreeMap<usize, usize>,
    pub urgency: f64,
    pub enemies: Enemies,
    /// `Weights::hunt`, `Weights::cavalry_hunts`.
    pub hunt: f64,
    pub cavalry_hunts: f64,
    /// The side's posture over the game-turns left (`posture`).
    pub posture: Posture,
}

impl Fields {
    pub fn new(s: &State, side: usize, w: &Weights) -> Fields {
        let mut before = BTreeMap::new();
        let mut groups = Vec::new();
        for g in combat::groups(s) {
            for &e in &g {
                if s.setup().units[e].side != side {
                    before.insert(e, groups.len());
                }
            }
            groups.push(odds::group_odds(s, &g, side).value);
        }
        Fields {
            side,
            goals: maps::goals(s, side),
            attacker: attacker(s, side),
            groups,
            before,
            urgency: 1.0 + s.turn as f64 / s.setup().game_length.max(1) as f64,
            enemies: Enemies::new(s, side),
            hunt: w.hunt,
            cavalry_hunts: w.cavalry_hunts,
            posture: Posture::new(s, w),
        }
    }

    /// The goal `u` is pulled to from where it stands in `s`, its hex and name: the best
    /// objective to take by [`Fields::pull`]'s measure, or for a side that must attack the
    /// enemy to break if that pulls more.
    pub fn target(&self, s: &State, u: usize) -> Option<(HexCoord, String)> {
        let g = &s.setup().grid;
        let h = s.units[u].hex?;
        let mut best: Option<(f64, HexCoord, String)> = None;
        let mut consider = |v: f64, x: HexCoord, name: &str| {
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, x, name.to_string()));
            }
        };
        for goal in self.goals.iter().filter(|g| g.take) {
            consider(
                goal.points * 0.8f64.powi(g.distance(h, goal.hex) as i32),
                goal.hex,
                &goal.name,
            );
        }
        if self.attacker {
            let setup = s.setup();
            for (e, at) in self.enemies.all() {
                consider(
                    self.hunt * odds::BROKEN * 0.8f64.powi(g.distance(h, at) as i32),
                    at,
                    &setup.units[e].name,
                );
            }
        }
        best.map(|(_, x, n)| (x, n))
    }

    /// Whether `u` is to move on rather than dig in where it stands in `s`: its side must attack
    /// (RK Victory) and it holds no objective there. Dig-in markers cost a movement point to
    /// leave (RK Movement: "-1 ... entrenched"), a hex in three of a deployed unit's D6, so a
    /// unit that must still go forward does not dig in or fortify.
    pub fn moves_on(&self, s: &State, u: usize) -> bool {
        self.attacker
            && !board::hexes(s, u)
                .iter()
                .any(|&h| self.goals.iter().any(|g| g.hex == h))
    }

    /// `u`'s stance under the side's posture, from where it stands in `s`.
    pub fn stance(&self, s: &State, u: usize) -> Stance {
        let t = self.target(s, u);
        self.posture
            .stance(s, u, t.as_ref().map(|(h, n)| (*h, n.as_str())))
    }

    /// The pull of the objectives (and, for a side that must attack, of the enemy to be
    /// broken) at `h`: the best of each goal's worth times 0.8 a hex.
    pub fn pull(&self, s: &State, u: usize, h: HexCoord) -> (f64, String) {
        let g = &s.setup().grid;
        let mut best = (0.0, String::new());
        for goal in &self.goals {
            let worth = if goal.take {
                goal.points
            } else {
                0.5 * goal.points
            };
            let v = worth * 0.8f64.powi(g.distance(h, goal.hex) as i32);
            if v > best.0 {
                best = (v, goal.name.clone());
            }
        }
        if self.attacker || (self.cavalry_hunts > 0.0 && s.setup().units[u].kind == Kind::Cavalry) {
            let setup = s.setup();
            for (e, at) in self.enemies.all() {
                let v = self.hunt * odds::BROKEN * 0.8f64.powi(g.distance(h, at) as i32);
                if v > best.0 {
                    best = (v, setup.units[e].name.clone());
                }
            }
        }
        best
    }
}

/// The score of `u` standing as in `t` (after its move, or where it is) with the terms'
/// reasons: `s` is the position before the move.
pub fn score(s: &State, t: &State, u: usize, f: &Fields, w: &Weights) -> Candidate<()> {
    score_with(s, t, u, f, w, true)
}

/// [`score`], with the charge the enemy may make where it stands (`exposure`) only when
/// `full` (a first pass over every end leaves it out).
pub fn score_with(
    s: &State,
    t: &State,
    u: usize,
    f: &Fields,
    w: &Weights,
    full: bool,
) -> Candidate<()> {
    let mut c = if full {
        Candidate::new(())
    } else {
        Candidate::quiet(())
    };
    let setup = t.setup();
    let d = &setup.units[u];
    let Some(h) = t.units[u].hex else {
        return c;
    };
    let engaged = engaged_with(t, u);
    // Every hex it stands in (RK Formations: a large division may hold two).
    let mine = board::hexes(t, u);
    let threats = if engaged.is_empty() {
        let mut v: Vec<usize> = mine
            .iter()
            .flat_map(|&x| f.enemies.attackers(t, x))
            .collect();
        v.sort();
        v.dedup();
        v
    } else {
        Vec::new()
    };
    // The side's posture (`posture`): holding, or striking for the objectives at the end.
    let fighter = matches!(d.kind, Kind::Infantry | Kind::Cavalry);
    let stance = if fighter && (w.posture > 0.0 || w.strike != 1.0) {
        Some(f.stance(s, u))
    } else {
        None
    };
    let striking = matches!(stance, Some(Stance::Strike { .. }));
    // RK Combat, RK Result: the combat it joins, or the charge it may meet where it stands.
    let fight = if engaged.is_empty() {
        None
    } else {
        Some(combat_term(t, u, &engaged, f, w, &mut c))
    };
    let exposed = if full && fight.is_none() && d.kind != Kind::Artillery {
        let share = if striking { w.strike_exposure } else { 1.0 };
        exposure(t, u, h, &threats, f, w, share, &mut c)
    } else {
        None
    };
    // A turn ahead: the chance the enemy units that may charge it before it moves again break
    // it where it stands (RK Result), worth the unit and the point it gives the enemy.
    // A side that must attack weighs it less (`Weights::danger_press`).
    let danger_w = w.danger * if f.attacker { w.danger_press } else { 1.0 };
    let broken_ahead = if w.danger > 0.0 && !full && fight.is_none() && d.kind != Kind::Artillery {
        // The first pass: the chance each number of them comes, and a step lost per enemy
        // division in an exchange of fire (the massed troops' one more against breechloaders).
        let p = danger_estimate(t, u);
        c.term("danger", -danger_w * unit_value(t, u) * p, "");
        p
    } else if w.danger > 0.0 && full && fight.is_none() && d.kind != Kind::Artillery {
        let p = danger(t, u, h, f.side);
        c.term_with("danger", -danger_w * unit_value(t, u) * p, || {
            if p >= 0.05 {
                format!(
                    "{:.0} % to be broken here by the enemy units that can charge it before it moves again",
                    100.0 * p
                )
            } else {
                String::new()
            }
        });
        p
    } else {
        0.0
    };
    // Objectives (RK Victory, Kepi's reading): held by the side last in them, so one taken
    // next to the enemy is kept only if the unit is not beaten there.
    // On the last game-turn no enemy move follows the combat phase (RK Turn sequence v, vi),
    // and no enemy enters a hex the unit stands in: an objective entered is held at the end
    // whatever the combat.
    let last = t.turn >= setup.game_length;
    let keep = match (&fight, &exposed) {
        _ if last => 1.0,
        (Some(o), _) => o.win31 + o.win32 + w.keep_exchange * o.exchange,
        (None, Some((o, broken))) => {
            (1.0 - 0.5 * (o.lose31 + o.lose32) - w.keep_exposed * broken).max(0.0)
        }
        _ => 1.0,
    } * if last { 1.0 } else { 1.0 - broken_ahead };
    for goal in &f.goals {
        if !mine.contains(&goal.hex) {
            continue;
        }
        if goal.take {
            let strike = if striking { w.strike } else { 1.0 };
            c.term(
                "objective",
                w.objective * w.take * goal.points * f.urgency * keep * strike,
                format!("takes {} ({} points)", goal.name, goal.points),
            );
        } else if w.cover > 0.0 && covered_by_friend(t, u, goal.hex) {
            // A second unit adds nothing to an objective a friend holds.
        } else if !threats.is_empty() || fight.is_some() {
            c.term(
                "objective",
                w.objective * goal.points * keep,
                format!("holds {} against the enemy near it", goal.name),
            );
        } else {
            c.term("objective", w.objective * 0.2 * goal.points, "");
        }
    }
    let (pull, towards) = f.pull(t, u, h);
    let pull = if d.kind == Kind::Artillery {
        0.5 * pull
    } else {
        pull
    };
    let moved = s.units[u].hex != Some(h);
    let pull = if striking { w.strike * pull } else { pull };
    c.term(
        "advance",
        w.advance * pull,
        if moved && !towards.is_empty() {
            format!("towards {towards}")
        } else {
            String::new()
        },
    );
    match &stance {
        Some(Stance::Strike { goal, eta }) if moved => {
            let left = f.posture.left();
            c.term("posture", 0.0, format!(
                "counterattacks for {goal} with its side: {eta} game-turns away, {left} left after this one"
            ));
        }
        Some(Stance::Hold { from })
            if fight.is_none() && w.posture > 0.0 && f.posture.turn < *from =>
        {
            hold_term(t, u, *from, f, w, &mut c);
        }
        _ => {}
    }
    if fight.is_some() {
        return c;
    }
    // RK Formations: "Large divisions may deploy in two adjacent hex, one turn to reform":
    // over two hexes it cannot move next turn but to reform.
    if let Some(x) = t.units[u].second
        && s.units[u].second.is_none()
    {
        c.term(
            "formation",
            -w.two_hexes * w.reform,
            format!(
                "deploys over two hexes, into {} too (RK Formations: one turn to reform)",
                setup.name(x)
            ),
        );
    }
    let value = unit_value(t, u);
    if d.kind == Kind::Artillery {
        artillery_term(t, u, h, &threats, w, &mut c);
        return c;
    }
    // RK Combat: "X 0.5 if in column".
    let column = t.units[u].formation == Formation::Column;
    if column && !threats.is_empty() {
        c.term(
            "formation",
            -w.formation * 0.5 * value,
            format!(
                "in column where {} can reach it (columns fight at half, RK Combat)",
                setup.units[threats[0]].name
            ),
        );
    } else if !column && !threats.is_empty() && s.units[u].formation == Formation::Column {
        c.term(
            "formation",
            0.0,
            format!(
                "deploys: {} can reach it (RK Formations)",
                setup.units[threats[0]].name
            ),
        );
    } else if !column && f.enemies.nearest(t, h).is_none_or(|(_, dist)| dist > 5) {
        c.term("formation", -w.formation * 0.1, "");
    }
    // RK Combat: "-2 Under flank attack", "-1 oblique attack".
    if !column && !threats.is_empty() {
        let g = &setup.grid;
        let facing = t.units[u].facing;
        let flanked = threats
            .iter()
            .filter(|&&e| facing.angle_to(g, h, t.units[e].hex.expect("on the map")) > 60)
            .count();
        if flanked > 0 {
            c.term(
                "facing",
                -w.facing * 0.3 * value * flanked as f64 / threats.len() as f64,
                "",
            );
        } else {
            c.term(
                "facing",
                0.0,
                format!(
                    "faces {} (RK Combat: flank attacks -2)",
                    setup.units[threats[0]].name
                ),
            );
        }
    }
    c
}

/// RK Combat, RK Result: the combat the unit is in after its move, against what its group was
/// worth before.
fn combat_term(
    t: &State,
    u: usize,
    engaged: &[usize],
    f: &Fields,
    w: &Weights,
    c: &mut Candidate<()>,
) -> odds::Odds {
    let setup = t.setup();
    let group = odds::group_of(t, u);
    let o = odds::group_odds(t, &group, f.side);
    let mut seen: Vec<usize> = group
        .iter()
        .filter_map(|e| f.before.get(e).copied())
        .collect();
    seen.sort();
    seen.dedup();
    let before: f64 = seen.iter().map(|&i| f.groups[i]).sum();
    let gain = o.value - before;
    let names: Vec<String> = engaged
        .iter()
        .map(|&e| {
            let flank = contact(t, e).flank;
            format!(
                "{}{}",
                setup.units[e].name,
                if flank { " in the flank" } else { "" }
            )
        })
        .collect();
    let charged = t.units[u].charged;
    c.term_with(
        "combat",
        w.combat * gain * if f.attacker { w.press } else { 1.0 },
        || {
            format!(
                "{} {}: {}",
                if charged { "attacks" } else { "fights" },
                names.join(" and "),
                o.words()
            )
        },
    );
    o
}

/// The enemy units (infantry and cavalry not in combat) that may charge `u` where it stands in
/// `t` before it moves again, each with the chance its movement die lets it come next to it
/// (RK Movement: D6, D8 for cavalry, two points a hex; a column's +2 goes on deploying, RK
/// Formations: columns never move next to the enemy), most likely first. On the last
/// game-turn only those whose card is still to come this turn (RK Turn sequence iv: no move
/// follows its combat phase).
pub fn chargers(t: &State, u: usize) -> Vec<(usize, f64)> {
    let setup = t.setup();
    let side = setup.units[u].side;
    let g = &setup.grid;
    let mine = board::hexes(t, u);
    let last = t.turn >= setup.game_length;
    let m = &tables().movement;
    let mut out: Vec<(usize, f64)> = (0..t.units.len())
        .filter(|&e| {
            setup.units[e].side != side
                && fighting(t, e)
                && matches!(setup.units[e].kind, Kind::Infantry | Kind::Cavalry)
                && !in_combat(t, e)
                && !(last && (t.units[e].acted || t.units[e].inverted || t.units[e].card.is_none()))
        })
        .filter_map(|e| {
            let d = board::hexes(t, e)
                .iter()
                .flat_map(|&x| mine.iter().map(move |&y| g.distance(x, y)))
                .min()?;
            let die = m.die[setup.units[e].kind.key()] as u32;
            let need = 2 * d.saturating_sub(1);
            let faces = (1..=die).filter(|&f| f >= need).count();
            let p = faces as f64 / die as f64;
            (p > 0.0).then_some((e, p))
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// `t` with each of `who` charged next to `u` at `h` (on the free hex next to it nearest its
/// own, facing it, having moved adjacent); `u` standing ready if it has not moved.
fn charged_by(t: &State, u: usize, h: HexCoord, who: &[usize], side: usize) -> State {
    let g = &t.setup().grid;
    let mut x = t.clone();
    // A unit that stays may stand: "+1 ... stand vs charge" (RK Combat).
    if s_hex_unchanged(t, u, h) {
        x.units[u].stood = true;
    }
    for &e in who {
        let from = x.units[e].hex.expect("on the map");
        let Some(spot) = g
            .neighbors(h)
            .filter(|&n| {
                n == from
                    || (board::at(&x, n).iter().all(|&o| !board::standing(&x, o))
                        && board::routed_enemy_in(&x, 1 - side, n).is_empty())
            })
            .min_by_key(|&n| (g.distance(from, n), n))
        else {
            continue;
        };
        x.units[e].hex = Some(spot);
        x.units[e].second = None;
        x.units[e].facing = Facing::toward(g, spot, h);
        x.units[e].charged = true;
        x.units[e].dm = 0;
    }
    x
}

/// RK Combat, RK Result, looked at a turn ahead: the chance `u` is broken where it stands by
/// the enemy units that may charge it before it moves again ([`chargers`]): for the one, two
/// or three most likely, the chance that exactly that many come (each by its own roll) times
/// the chance the combat breaks it with them all next to it (friends next to them fight in the
/// group). A massed unit against breechloaders loses a step whatever the result, and a step
/// per enemy division: against two brigades even an exchange of fire breaks it.
pub fn danger(t: &State, u: usize, h: HexCoord, side: usize) -> f64 {
    let mut c = chargers(t, u);
    c.truncate(3);
    if c.is_empty() {
        return 0.0;
    }
    // The chance exactly k of them come (each independently).
    let exactly = come(&c);
    let who: Vec<usize> = c.iter().map(|&(e, _)| e).collect();
    let mut total = 0.0;
    for k in 1..=who.len() {
        if exactly[k] < 1e-3 {
            continue;
        }
        let x = charged_by(t, u, h, &who[..k], side);
        let group = odds::group_of(&x, u);
        if group.is_empty() {
            continue;
        }
        let o = odds::group_odds(&x, &group, side);
        total += exactly[k] * odds::broken_chance(&x, u, &o);
    }
    total
}

/// The chance exactly k of `c`'s units come, each by its own chance.
fn come(c: &[(usize, f64)]) -> Vec<f64> {
    let mut exactly = vec![1.0];
    for &(_, p) in c {
        let mut next = vec![0.0; exactly.len() + 1];
        for (k, &q) in exactly.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        exactly = next;
    }
    exactly
}

/// [`danger`] for the first pass over every end, without the odds: for each number k of the
/// units that may charge it, its steps lost in an exchange of fire (RK Result: one per enemy
/// division, and the massed troops' one more against breechloaders) over its steps.
fn danger_estimate(t: &State, u: usize) -> f64 {
    let setup = t.setup();
    let mut c = chargers(t, u);
    c.truncate(3);
    let steps = t.units[u].steps.max(1) as f64;
    let breech = c.iter().any(|&(e, _)| {
        setup.units[e].kind == Kind::Infantry
            && setup.units[e].armament == super::super::section::Armament::Breech
    });
    let massed = if setup.units[u].massed && breech {
        1.0
    } else {
        0.0
    };
    come(&c)
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, &q)| q * ((k as f64 + massed) / steps).min(1.0))
        .sum()
}

/// RK Combat, RK Result: the charge the nearest enemy that can reach the unit would make on it
/// where it stands (the enemy on the free hex next to it nearest its own, facing it, having
/// moved adjacent): half its expected result, the enemy choosing whether to come.
#[allow(clippy::too_many_arguments)]
fn exposure(
    t: &State,
    u: usize,
    h: HexCoord,
    threats: &[usize],
    f: &Fields,
    w: &Weights,
    share: f64,
    c: &mut Candidate<()>,
) -> Option<(odds::Odds, f64)> {
    let setup = t.setup();
    let g = &setup.grid;
    let mut near: Vec<usize> = threats.to_vec();
    near.sort_by_key(|&e| (g.distance(t.units[e].hex.expect("on the map"), h), e));
    near.truncate(w.exposure_units.max(1));
    let e = *near.first()?;
    let x = charged_by(t, u, h, &near, f.side);
    let group = odds::group_of(&x, u);
    if group.is_empty() {
        return None;
    }
    let o = odds::group_odds(&x, &group, f.side);
    let v = share * w.exposure * o.value.min(0.0);
    c.term_with("exposure", w.combat * v, || {
        if v < -0.05 {
            format!(
                "where {} could charge it at {}",
                setup.units[e].name,
                o.words()
            )
        } else {
            String::new()
        }
    });
    let broken = odds::broken_chance(&x, u, &o);
    Some((o, broken))
}

/// The side holding (`posture`): a unit worth its value less where the enemy's infantry and
/// cavalry that can reach it are stronger than its side's units in or next to its hexes, by
/// the share of the enemy's strength beyond its friends' (RK Result: a step lost per enemy
/// division, so the stronger side breaks the weaker; RK Victory: each unit broken a point).
fn hold_term(t: &State, u: usize, from: u32, f: &Fields, w: &Weights, c: &mut Candidate<()>) {
    let (enemy, friends, threats) = posture::balance(t, u, &f.enemies);
    if enemy <= friends || threats.is_empty() {
        return;
    }
    let v = -w.posture * unit_value(t, u) * (enemy - friends) / enemy;
    let setup = t.setup();
    c.term_with("posture", v, || {
        format!(
            "holds back until game-turn {from}: {}{} can reach it here, stronger than its side about it ({enemy:.1} to {friends:.1})",
            setup.units[threats[0]].name,
            if threats.len() > 1 {
                format!(" and {} more", threats.len() - 1)
            } else {
                String::new()
            }
        )
    });
}

/// RK Artillery: unlimbered with the enemy in range and line ("Score >= twice distance"),
/// never where enemy infantry or cavalry can come next to it, unless a division shares its
/// hex (RK Movement: "May defend with infantry in same hex").
fn artillery_term(
    t: &State,
    u: usize,
    h: HexCoord,
    threats: &[usize],
    w: &Weights,
    c: &mut Candidate<()>,
) {
    let setup = t.setup();
    let side = setup.units[u].side;
    let a = &tables().artillery;
    let guns = setup.units[u].guns.map(|g| g.key()).unwrap_or("mixed");
    let max = a.max_range[guns];
    let in_range = (0..t.units.len())
        .filter(|&e| setup.units[e].side != side && fighting(t, e))
        .filter(|&e| {
            let x = t.units[e].hex.expect("on the map");
            let d = setup.grid.distance(h, x);
            d >= 1 && d <= max && (d == 1 || line_clear(t, h, x).is_ok())
        })
        .count();
    let deployed = t.units[u].formation == Formation::Deployed;
    if in_range > 0 {
        c.term(
            "artillery",
            w.artillery * if deployed { 0.4 } else { 0.1 } * in_range.min(3) as f64,
            if deployed {
                format!("unlimbered with {in_range} enemy units in range (RK Artillery)")
            } else {
                String::new()
            },
        );
    }
    if !threats.is_empty() {
        let covered = board::at(t, h).iter().any(|&o| {
            o != u
                && setup.units[o].side == side
                && fighting(t, o)
                && setup.units[o].kind != Kind::Hq
        });
        c.term(
            "artillery",
            -w.artillery * unit_value(t, u) * if covered { 0.1 } else { 0.4 },
            "",
        );
    }
}

/// Issue 42's guard for a move on the last game-turn: the objectives held after it decide the
/// game (RK Victory, Kepi's reading): a move that puts the side ahead wins, one that loses
/// the lead gives it up.
pub fn verdict(s: &State, t: &State, side: usize) -> Verdict {
    if s.turn < s.setup().game_length {
        return Verdict::Open;
    }
    let mut a = s.clone();
    update_held(&mut a);
    let mut b = t.clone();
    update_held(&mut b);
    let ahead = |x: &State| points(x, side) > points(x, 1 - side);
    match (ahead(&a), ahead(&b)) {
        (false, true) => Verdict::Wins,
        (true, false) => Verdict::GivesUp,
        _ => Verdict::Open,
    }
}

/// Whether another of `u`'s side's fighting units (not an HQ, not artillery) stands in `h`.
fn covered_by_friend(t: &State, u: usize, h: HexCoord) -> bool {
    let setup = t.setup();
    board::at(t, h).into_iter().any(|o| {
        o != u
            && setup.units[o].side == setup.units[u].side
            && matches!(setup.units[o].kind, Kind::Infantry | Kind::Cavalry)
            && fighting(t, o)
    })
}

/// Whether `u` is where it stood before its move (the position asked of is the one before).
fn s_hex_unchanged(t: &State, u: usize, h: HexCoord) -> bool {
    t.active.as_ref().is_none_or(|a| a.unit != u || !a.stepped) && t.units[u].hex == Some(h)
}

/// The ends worth scoring in full: the first pass's best `n` and the stay (the first end), by
/// index, each with its full score.
pub fn ranked(
    s: &State,
    ends: &[End],
    u: usize,
    f: &Fields,
    w: &Weights,
    n: usize,
) -> Vec<(usize, Candidate<()>)> {
    let mut quick: Vec<(f64, usize)> = ends
        .iter()
        .enumerate()
        .map(|(i, e)| (score_with(s, &e.state, u, f, w, false).score, i))
        .collect();
    quick.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut keep: Vec<usize> = quick.iter().take(n).map(|&(_, i)| i).collect();
    if !ends.is_empty() && !keep.contains(&0) {
        keep.push(0);
    }
    keep.sort();
    keep.into_iter()
        .map(|i| (i, score(s, &ends[i].state, u, f, w)))
        .collect()
}

/// [`ranked`] for a move not yet rolled: for each roll in `rolls` (the movement points), the
/// first pass's best `per` ends those points reach, and the stay, each with its full score (so
/// that a low roll is weighed by the ends it reaches, not only by the stay).
pub fn ranked_by_roll(
    s: &State,
    ends: &[End],
    u: usize,
    f: &Fields,
    w: &Weights,
    rolls: &[u8],
    per: usize,
) -> Vec<(usize, Candidate<()>)> {
    let mut quick: Vec<(f64, usize)> = ends
        .iter()
        .enumerate()
        .map(|(i, e)| (score_with(s, &e.state, u, f, w, false).score, i))
        .collect();
    quick.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut keep: Vec<usize> = Vec::new();
    for &mp in rolls {
        keep.extend(
            quick
                .iter()
                .filter(|&&(_, i)| ends[i].spent <= mp)
                .take(per)
                .map(|&(_, i)| i),
        );
    }
    if !ends.is_empty() {
        keep.push(0);
    }
    keep.sort();
    keep.dedup();
    keep.into_iter()
        .map(|i| (i, score(s, &ends[i].state, u, f, w)))
        .collect()
}

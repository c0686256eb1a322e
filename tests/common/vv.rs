//! Vae Victis test helpers: the system registered (it is under development: not yet in the
//! built-in list), the fixture scenario edited (each side's corps replaced, both sides free to
//! set up anywhere), the opening rolls and the activation dice made with chosen faces, and
//! commands applied with exactly the faces given or refused.
#![allow(dead_code)]

use kepi::engine::Ruleset;
use kepi::engine::facing::Facing;
use kepi::engine::vae_victis::VaeVictis;
use kepi::engine::vae_victis::formations::partner;
use kepi::engine::vae_victis::geometry::{self, at, hexside_toward, side, standing, troop};
use kepi::engine::vae_victis::movement::{self, contact_hex};
use kepi::engine::vae_victis::results::passable;
use kepi::engine::vae_victis::state::{Acted, Command, Phase, Role};
use kepi::engine::vae_victis::state::{Event, State};
use kepi::engine::vae_victis::tables::TroopClass;
use kepi::engine::vae_victis::{fire, generals, groups, melee};
use kepi::scenario::Scenario;
use serde_json::{Value, json};

pub const FIXTURE: &str = "tests/fixtures/vae-victis/scenarios/vv-ridge.json";

/// The Los Gringos fixture: the United States (side 0) against Mexico (side 1) on vv-rio.
pub const LG_FIXTURE: &str = "tests/fixtures/vae-victis/scenarios/vv-los-gringos.json";

/// The Rebel Yell fixture: the Union (side 0) against the Confederacy (side 1) on
/// vv-wilderness (woods, the sheet's Forest column).
pub const RY_FIXTURE: &str = "tests/fixtures/vae-victis/scenarios/vv-rebel-yell.json";

/// The Kepis Rouge fixture: France (side 0) against the Germans (side 1) on vv-wilderness.
pub const KR_FIXTURE: &str = "tests/fixtures/vae-victis/scenarios/vv-kepis-rouge.json";

/// The ridge fixture with its French corps C (Kellermann, C-1 to C-3) arriving as a
/// reinforcement on game-turn 2 at 0912, 1012, 1112 and 1212 (VV 4.1).
pub const REINFORCEMENT_FIXTURE: &str =
    "tests/fixtures/vae-victis/scenarios/vv-ridge-reinforcement.json";

/// The system, registered once for the process (registering again returns the entry).
pub fn register() {
    kepi::engine::game::registry::register(VaeVictis).expect("vae-victis registers");
}

pub fn fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, FIXTURE, edit)
}

pub fn try_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, FIXTURE, edit)
}

pub fn reinforcement_fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, REINFORCEMENT_FIXTURE, edit)
}

pub fn try_reinforcement_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, REINFORCEMENT_FIXTURE, edit)
}

pub fn lg_fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, LG_FIXTURE, edit)
}

pub fn try_lg_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, LG_FIXTURE, edit)
}

pub fn ry_fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, RY_FIXTURE, edit)
}

pub fn try_ry_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, RY_FIXTURE, edit)
}

pub fn kr_fixture(edit: impl FnOnce(&mut Value)) -> Scenario {
    register();
    super::system::fixture(&VaeVictis, KR_FIXTURE, edit)
}

pub fn try_kr_fixture(edit: impl FnOnce(&mut Value)) -> Result<Scenario, String> {
    register();
    super::system::try_fixture(&VaeVictis, KR_FIXTURE, edit)
}

/// An element's entry.
pub fn el(id: &str, kind: &str, hex: &str, facing: &str) -> Value {
    json!({"id": id, "type": kind, "hex": hex, "facing": facing})
}

/// A corps' entry: its general's id and hex and its elements.
pub fn corps(id: &str, general: (&str, &str), elements: Vec<Value>) -> Value {
    json!({"id": id, "general": {"id": general.0, "hex": general.1}, "elements": elements})
}

/// The fixture with each side's corps (and commander-in-chief, `None` for none) replaced and
/// both sides free to set up anywhere; started, before its opening rolls.
pub fn position(
    france: (Vec<Value>, Option<(&str, &str)>),
    britain: (Vec<Value>, Option<(&str, &str)>),
) -> State {
    position_in(FIXTURE, france, britain)
}

/// [`position`] on the fixture `path` ([`FIXTURE`] or [`LG_FIXTURE`]).
pub fn position_in(
    path: &str,
    france: (Vec<Value>, Option<(&str, &str)>),
    britain: (Vec<Value>, Option<(&str, &str)>),
) -> State {
    position_with(path, france, britain, |_| {})
}

/// [`position_in`] with the scenario edited further by `edit` (after the sides are set).
pub fn position_with(
    path: &str,
    france: (Vec<Value>, Option<(&str, &str)>),
    britain: (Vec<Value>, Option<(&str, &str)>),
    edit: impl FnOnce(&mut Value),
) -> State {
    register();
    let sc = super::system::fixture(&VaeVictis, path, |v| {
        let all = super::system::zone(1..=14, 1..=12);
        v["deployment"][0]["zone"]["hexes"] = json!(all);
        v["deployment"][1]["zone"]["hexes"] = json!(all);
        for (i, (c, cinc)) in [france, britain].into_iter().enumerate() {
            v["sides"][i]["corps"] = json!(c);
            match cinc {
                Some((id, hex)) => {
                    v["sides"][i]["commander_in_chief"] = json!({"id": id, "hex": hex})
                }
                None => {
                    v["sides"][i]
                        .as_object_mut()
                        .unwrap()
                        .remove("commander_in_chief");
                }
            }
        }
        edit(v);
    });
    VaeVictis.start(&sc, &Default::default()).unwrap()
}

/// The invariants of every position: one element a hex, hexside facings, every element on
/// ground it may enter, a destroyed element off the map.
pub fn invariants(s: &State) {
    let setup = s.setup();
    let mut seen = std::collections::BTreeSet::new();
    for (e, x) in s.elements.iter().enumerate() {
        if x.destroyed {
            assert!(x.hex.is_none());
            continue;
        }
        let Some(h) = x.hex else { continue };
        assert!(seen.insert(h), "two elements at {}", setup.name(h));
        assert!(
            x.facing.is_hexside(&setup.grid),
            "{} faces a vertex",
            setup.elements[e].id
        );
        assert!(
            passable(s, e, h),
            "{} on ground it may not enter",
            setup.elements[e].id
        );
    }
}

/// Seeded random games of `sc`, one per seed, to their end (at most 3000 commands each),
/// checking at every step that the command played is legal, that the legal list equals the
/// rule checks' ([`legal_by_rule`]), and the [`invariants`]; then each game replayed from its
/// recorded dice gives back every state hash, and its last snapshot restores to its hash.
/// Returns how many games ended and every command played (for the callers' counts).
pub fn random_games(sc: &Scenario, seeds: std::ops::RangeInclusive<u64>) -> (usize, Vec<Command>) {
    random_games_by(sc, seeds, |seed| VaeVictis.random_player(seed))
}

/// [`random_games`] played by the players `player` makes, one a seed.
pub fn random_games_by(
    sc: &Scenario,
    seeds: std::ops::RangeInclusive<u64>,
    player: impl Fn(u64) -> Box<dyn kepi::engine::Player<VaeVictis>>,
) -> (usize, Vec<Command>) {
    use kepi::engine::dice::{Dice, RecordedDice, Roll, SeededDice};
    let mut finished = 0;
    let mut played = Vec::new();
    for seed in seeds {
        let root = VaeVictis.start(sc, &Default::default()).unwrap();
        let mut s = root.clone();
        let mut player = player(seed);
        let mut dice = SeededDice::new(seed);
        let mut line: Vec<(Command, Vec<Roll>, String)> = Vec::new();
        for _ in 0..3000 {
            if VaeVictis.outcome(&s).is_some() {
                break;
            }
            let c = player.next(&s);
            let legal = VaeVictis.legal(&s);
            assert!(legal.contains(&c), "seed {seed}: {c:?} not legal");
            // The list's shortcuts (fire pairs prefiltered, reach computed once a facing)
            // offer exactly what the rule checks alone allow, in the same order.
            let by_rule = legal_by_rule(&s);
            if legal != by_rule {
                let only_list: Vec<_> = legal.iter().filter(|c| !by_rule.contains(c)).collect();
                let only_rule: Vec<_> = by_rule.iter().filter(|c| !legal.contains(c)).collect();
                let at = legal.iter().zip(&by_rule).position(|(a, b)| a != b);
                panic!(
                    "seed {seed}: the legal commands against the rule checks: only in the \
                     list {only_list:?}; only by the rule checks {only_rule:?}; {} and {} \
                     commands, the first difference at {at:?}: {:?} against {:?}",
                    legal.len(),
                    by_rule.len(),
                    at.map(|i| &legal[i.saturating_sub(1)..(i + 2).min(legal.len())]),
                    at.map(|i| &by_rule[i.saturating_sub(1)..(i + 2).min(by_rule.len())]),
                );
            }
            let (n, ev) = VaeVictis
                .apply(&s, &c, &mut dice as &mut dyn Dice)
                .unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            invariants(&n);
            line.push((c.clone(), VaeVictis.rolls(&ev), VaeVictis.state_hash(&n)));
            played.push(c);
            s = n;
        }
        if VaeVictis.outcome(&s).is_some() {
            finished += 1;
        }
        // Replay: the recorded dice give back every state hash.
        let mut r = root.clone();
        for (c, rolls, hash) in &line {
            let mut d = RecordedDice::new(rolls.iter().cloned());
            let (n, _) = VaeVictis.apply(&r, c, &mut d).unwrap();
            assert_eq!(d.remaining(), 0);
            assert_eq!(&VaeVictis.state_hash(&n), hash, "seed {seed}");
            r = n;
        }
        // Snapshots restore to the same hash.
        let back = VaeVictis.restore(&root, &VaeVictis.snapshot(&s)).unwrap();
        assert_eq!(VaeVictis.state_hash(&back), VaeVictis.state_hash(&s));
    }
    (finished, played)
}

/// A list of tactical factors as (key, value) pairs, to compare with [`k`]'s.
pub fn keys(terms: &[kepi::engine::vae_victis::combat::Term]) -> Vec<(String, i32)> {
    terms.iter().map(|t| (t.key.clone(), t.value)).collect()
}

/// Expected (key, value) pairs written as string slices.
pub fn k(list: &[(&str, i32)]) -> Vec<(String, i32)> {
    list.iter().map(|(a, b)| (a.to_string(), *b)).collect()
}

/// `c` applied with exactly these faces (all must be used).
pub fn play(s: &State, c: Value, faces: &[u8]) -> (State, Vec<Event>) {
    super::system::play(&VaeVictis, s, c, faces)
}

pub fn refused(s: &State, c: Value) -> String {
    super::system::refused(&VaeVictis, s, c)
}

/// The notes of `events`, joined.
pub fn notes(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The opening rolls with these rating faces (every general in the sides' order, each side's
/// corps generals then its C-in-C), `first` the first player; then the first player's
/// activation dice `ap` (one a corps, then the C-in-C's).
pub fn opened(s: &State, ratings: &[u8], first: usize, ap: &[u8]) -> State {
    let mut faces = ratings.to_vec();
    faces.extend(if first == 0 { [6, 1] } else { [1, 6] });
    let (s, _) = play(s, json!({"kind": "begin"}), &faces);
    play(&s, json!({"kind": "activate"}), ap).0
}

pub fn id(s: &State, id: &str) -> usize {
    s.setup().element(id).unwrap()
}

pub fn hex_of(s: &State, e: &str) -> Option<String> {
    let i = id(s, e);
    s.elements[i].hex.map(|h| s.setup().name(h))
}

// ---------------------------------------------------------------------------------------
// The legal commands by the rule checks alone (the engine's list as first written, before its
// shortcuts): every fire pair through `fire::combat`, every move through a friend or into
// contact through `apply`. The seeded random games compare the engine's list with it.

/// `apply` accepts `c` in `s` (with no dice).
fn accepted(s: &State, c: &Command) -> bool {
    kepi::engine::vae_victis::sequence::apply(s, c, &mut kepi::engine::dice::FixedDice::new([]))
        .is_ok()
}

/// Every legal command of `s`, found by the rule checks alone, in the engine's order.
pub fn legal_by_rule(s: &State) -> Vec<Command> {
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
            for e in 0..s.elements.len() {
                if standing(s, e) && side(s, e) == me && movement::may_act(s, e).is_ok() {
                    element_commands_by_rule(s, e, &mut out);
                }
            }
            // VV 5.2: each line the list offers groups (`groups::lines`), moved to every hex
            // its first element reaches alone with the rest of the line lifted off the map,
            // kept where `apply` accepts the group's move keeping its facing.
            for members in groups::lines(s) {
                let first = members[0];
                let mut lifted = s.clone();
                for &e in &members[1..] {
                    lifted.elements[e].hex = None;
                }
                let facing = s.elements[first].facing;
                for h in movement::reach(&lifted, first, Some(facing)).into_keys() {
                    let c = Command::MoveGroup {
                        elements: members.iter().map(|&e| id(e)).collect(),
                        to: setup.name(h),
                        facing,
                    };
                    if accepted(s, &c) {
                        out.push(c);
                    }
                }
            }
            // VV 4.1: every element off the map, every hex of the map, every hexside facing,
            // kept where `apply` accepts the entry.
            for e in 0..s.elements.len() {
                if standing(s, e) || s.elements[e].destroyed || side(s, e) != me {
                    continue;
                }
                for h in setup.grid.hexes() {
                    for f in Facing::all().filter(|f| f.is_hexside(&setup.grid)) {
                        let c = Command::Enter {
                            element: id(e),
                            hex: setup.name(h),
                            facing: f,
                        };
                        if accepted(s, &c) {
                            out.push(c);
                        }
                    }
                }
            }
            out.push(Command::End);
        }
        Phase::Fire => {
            let me = s.passive();
            for f in 0..s.elements.len() {
                if !troop(s, f) || geometry::side(s, f) != me || s.elements[f].fired {
                    continue;
                }
                for t in 0..s.elements.len() {
                    if !troop(s, t) || geometry::side(s, t) == me {
                        continue;
                    }
                    if fire::combat(s, f, t, &[]).is_err() {
                        continue;
                    }
                    out.push(Command::Fire {
                        element: id(f),
                        target: id(t),
                        supports: Vec::new(),
                    });
                    let sup: Vec<usize> = (0..s.elements.len())
                        .filter(|&x| {
                            x != f
                                && troop(s, x)
                                && geometry::side(s, x) == me
                                && fire::check_target(s, x, t).is_ok()
                        })
                        .collect();
                    if !sup.is_empty() && fire::combat(s, f, t, &sup).is_ok() {
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

/// The moves, pivots and formation changes of `e` as first written: every move through a
/// friend or into contact checked by `apply` itself.
fn element_commands_by_rule(s: &State, e: usize, out: &mut Vec<Command>) {
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
        for (h, path) in movement::reach(s, e, None) {
            if acted == Acted::Strategic && !movement::strategic(s, e, from, h) {
                continue;
            }
            let last = path.hexes[path.hexes.len() - 2];
            let mut facings: Vec<Facing> = Vec::new();
            let mut zone = false;
            if contact_hex(s, e, h) {
                if role != Role::Troop || s.class(e) == TroopClass::Artillery {
                    continue;
                }
                for n in setup.grid.neighbors(h) {
                    if let Some(o) = at(s, n)
                        && troop(s, o)
                        && side(s, o) != side(s, e)
                    {
                        facings.push(hexside_toward(s, h, n));
                    }
                }
            } else if role == Role::Troop
                && !s.elements[e].square
                && !geometry::zone_owners(s, side(s, e), h).is_empty()
            {
                // VV 6: in an enemy zone, every hexside facing, as `apply` takes them.
                facings.extend(Facing::all().filter(|f| f.is_hexside(&setup.grid)));
                zone = true;
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
                let ok = if path.passes || contact_hex(s, e, h) || zone {
                    kepi::engine::vae_victis::sequence::apply(
                        s,
                        &c,
                        &mut kepi::engine::dice::FixedDice::new([]),
                    )
                    .is_ok()
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
        for f in Facing::all().filter(|f| f.is_hexside(&setup.grid)) {
            let c = Command::Pivot {
                element: id.clone(),
                facing: f,
            };
            // VV 6: in an enemy zone, the pivots `apply` takes.
            let zone = !geometry::zone_owners(s, side(s, e), from).is_empty();
            if f != s.elements[e].facing
                && (!zone
                    || kepi::engine::vae_victis::sequence::apply(
                        s,
                        &c,
                        &mut kepi::engine::dice::FixedDice::new([]),
                    )
                    .is_ok())
            {
                out.push(c);
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
        } else if passable(
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
    // VV 5.6 Dismounting/mounting cavalry (RY): whichever of the two the rule allows.
    for (mount, c) in [
        (
            false,
            Command::Dismount {
                element: id.clone(),
            },
        ),
        (
            true,
            Command::Mount {
                element: id.clone(),
            },
        ),
    ] {
        let mut x = s.clone();
        if kepi::engine::vae_victis::formations::mount(&mut x, e, mount, &mut Vec::new()).is_ok() {
            out.push(c);
        }
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

/// The best of the commands of element `who` (and the end of the phase: standing still) by
/// the level's scores, without noise.
pub fn best_for(s: &State, w: &kepi::engine::vae_victis::ai::Weights, who: &str) -> Command {
    let options = kepi::engine::vae_victis::legal::legal(s);
    let mine: Vec<_> = kepi::engine::vae_victis::ai::turn::candidates(s, &options, w)
        .into_iter()
        .filter(|k| match &k.command {
            Command::Move { element, .. }
            | Command::Pivot { element, .. }
            | Command::Square { element }
            | Command::Line { element } => element == who,
            Command::End => true,
            _ => false,
        })
        .collect();
    kepi::ai::candidates::best(mine, &mut kepi::ai::candidates::Noise::new(1, 0), 0.0)
        .expect("a candidate")
        .command
}

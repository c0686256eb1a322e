//! The play view's state: one game of the archive open at a time, at one node. Every command
//! the players give goes through the core's generic game layer and is written to the archive
//! (the same SQLite file as `kepi --db`) with its dice before the view answers; the view holds
//! no rules. Tested without a window (tests at the end).
//!
//! Invariants: `live.state` is the state at `live.node`, and `live.line` holds one step per
//! command on the path from the game's root to `live.node`, in order (its dice and what it did),
//! built by replaying the recorded line hash for hash when the game is opened. Taking back a
//! command moves to its parent; the next command then records a new variation, which becomes
//! the main line (the original is kept beside it).

use crate::transport::play::{
    DiceEntry, GameChoices, LegalCommand, NewGameSpec, OptionalRuleDto, PlayOpened, PlayView,
    SideDto, mirror,
};
use crate::transport::{self, AppError, AppResult, ErrorCode};
use kepi::archive::{Archive, GameId, NodeId};
use kepi::editor::Document;
use kepi::engine::AnyState;
use kepi::engine::command_info::{self, CommandInfo, Offer};
use kepi::engine::dice::Roll;
use kepi::engine::game::session::{self, DeployUntil, Recorded, auto_deploy};
use kepi::engine::game::{AnyRuleset, options_from_rules, registry};
use kepi::scenario::Scenario;
use serde_json::Value;
use std::collections::VecDeque;
use std::path::PathBuf;

/// One command of the line played so far.
pub struct Step {
    pub node: NodeId,
    /// The command in words.
    pub command: String,
    /// Where the game stood after it.
    pub progress: kepi::engine::Progress,
    pub dice: Vec<DiceEntry>,
    pub results: Vec<String>,
    /// The scenario's scripted events that happened in it, in words.
    pub scripted: Vec<String>,
    /// The side that gave it.
    pub by: usize,
    /// The units it involves (`CommandInfo::units`), kept only in a system that hides units:
    /// a side that sees none of them is told only that the other side acted.
    pub units: Vec<String>,
}

/// The side that gives the next command and the units `command` involves (those only in a
/// system that hides units, [`Step::units`]).
fn step_of(state: &AnyState, command: &Value) -> (usize, Vec<String>) {
    let rules = state.rules();
    let units = if rules.hides_units() {
        rules
            .command_infos(state, std::slice::from_ref(command))
            .pop()
            .map(|i| i.units)
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    (state.progress().player, units)
}

/// Computer explanations kept for the panel.
const EXPLANATIONS_MAX: usize = 100;

struct Live {
    /// Per side: the computer player playing it, if any.
    computer: Vec<Option<kepi::ai::Opponent>>,
    /// Each with the node of the command it explains (shown as "acts out of sight" to a side
    /// that sees none of its units, as its step is).
    explanations: std::collections::VecDeque<(NodeId, String)>,
    /// The game's scenario, as validated when it was opened (what a VASSAL export draws).
    scenario: Scenario,
    game: GameId,
    node: NodeId,
    state: AnyState,
    title: String,
    seed: u64,
    players: Vec<String>,
    /// The rules version of its system the game was recorded under (`games.rules_version`).
    recorded_under: u32,
    line: Vec<Step>,
    /// Continuing from a node in review: the nodes from the root to it. A command played at one
    /// of them that already has a next command makes a new variation, which is not promoted (the
    /// recorded game stays the main line); elsewhere a command after a take-back is promoted.
    keep_main: std::collections::HashSet<NodeId>,
}

pub struct Play {
    archive_path: Option<PathBuf>,
    archive: Option<Archive>,
    live: Option<Live>,
}

impl Live {
    /// Whose eyes the board is drawn with ([`PlayView::seen_by`]): in a system that hides
    /// units, the one side people play against the computer, or with two people at one screen
    /// the side to act; the whole board otherwise (and when the computer plays both sides).
    fn seen_by(&self) -> Option<usize> {
        // Once the game is over, both sides see the whole board.
        if !self.state.rules().hides_units() || self.state.progress().over {
            return None;
        }
        let people: Vec<usize> = (0..self.computer.len())
            .filter(|&i| self.computer[i].is_none())
            .collect();
        match people.as_slice() {
            [one] => Some(*one),
            [] => None,
            _ => Some(self.state.progress().player),
        }
    }
}

fn no_game() -> AppError {
    AppError::new(ErrorCode::NoGame, "no game is open")
}

pub fn rules_of(scenario: &Scenario) -> AppResult<&'static dyn AnyRuleset> {
    registry::get(scenario.file.ruleset.key()).map_err(|e| AppError::new(ErrorCode::Refused, e))
}

/// A context value in words: strings bare, lists joined, objects as their fields in words
/// (a card drawn, `{"number": 1, "side": 1}`, is "(number 1, side 1)").
fn value_words(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(xs) => xs.iter().map(value_words).collect::<Vec<_>>().join(" and "),
        Value::Object(_) => format!("({})", context_words(v)),
        other => other.to_string(),
    }
}

/// The roll's context in words: `{"odds": "1-2", "shot": true}` is "odds 1-2, shot".
fn context_words(v: &Value) -> String {
    match v {
        Value::Object(m) => m
            .iter()
            .filter(|(_, v)| !matches!(v, Value::Bool(false) | Value::Null))
            .map(|(k, v)| match v {
                Value::Bool(true) => k.replace('_', " "),
                other => format!("{} {}", k.replace('_', " "), value_words(other)),
            })
            .collect::<Vec<_>>()
            .join(", "),
        Value::Null => String::new(),
        other => value_words(other),
    }
}

pub fn dice_entries(
    node: NodeId,
    command: &str,
    rolls: &[Roll],
    results: &[String],
) -> Vec<DiceEntry> {
    rolls
        .iter()
        .map(|r| DiceEntry {
            node,
            command: command.to_string(),
            purpose: r.purpose.clone(),
            dice: r.spec.to_string(),
            faces: r.faces.clone(),
            total: r.total,
            context: context_words(&r.context),
            forced: r.forced,
            results: results.to_vec(),
        })
        .collect()
}

/// Open the app's archive at `path`, creating it (and its folder) when there is none yet.
pub fn open_or_create(path: Option<&std::path::Path>) -> AppResult<Archive> {
    let path = path.ok_or_else(|| {
        AppError::new(ErrorCode::Archive, "Kepi has no place for its archive here")
    })?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| AppError::new(ErrorCode::Archive, format!("{}: {e}", dir.display())))?;
    }
    Ok(Archive::open(path)?)
}

/// A random seed for a game whose players gave none.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default(),
    );
    // Seeds stay within what SQLite's INTEGER and JavaScript's numbers hold exactly.
    h.finish() & ((1 << 53) - 1)
}

impl Play {
    pub fn new(archive: Option<PathBuf>) -> Play {
        Play {
            archive_path: archive,
            archive: None,
            live: None,
        }
    }

    /// Let go of the archive and of the game open on it: the file at the archive's path is
    /// about to be replaced (a backup restored, a recovery). The next command opens the archive
    /// at the same path again, so nothing goes on writing the file set aside.
    pub fn release_archive(&mut self) {
        self.archive = None;
        self.live = None;
    }

    /// The archive, opened (and created) on first use.
    fn archive(&mut self) -> AppResult<&mut Archive> {
        if self.archive.is_none() {
            self.archive = Some(open_or_create(self.archive_path.as_deref())?);
        }
        Ok(self.archive.as_mut().expect("opened above"))
    }

    /// What a game of `scenario` may be started with.
    pub fn choices(scenario: &Scenario) -> AppResult<GameChoices> {
        let rules = rules_of(scenario)?;
        let options = options_from_rules(rules, scenario, &[])
            .map_err(|e| AppError::new(ErrorCode::Refused, e))?;
        Ok(GameChoices {
            title: scenario.file.title.clone(),
            ruleset_name: rules.name().to_string(),
            sides: scenario_sides(scenario),
            levels: kepi::ai::levels(rules)
                .iter()
                .map(|l| l.to_string())
                .collect(),
            rules: rules
                .optional_rules()
                .iter()
                .map(|r| {
                    let on = options
                        .get(&r.key)
                        .and_then(Value::as_bool)
                        .unwrap_or(r.default);
                    (mirror::<_, OptionalRuleDto>(r), on)
                })
                .collect(),
        })
    }

    /// Start a game of `scenario` in the archive and open it at its root.
    pub fn start(&mut self, scenario: &Scenario, spec: &NewGameSpec) -> AppResult<PlayOpened> {
        let rules = rules_of(scenario)?;
        let settings: Vec<String> = spec
            .rules
            .iter()
            .map(|(k, on)| format!("{k}={}", if *on { "on" } else { "off" }))
            .collect();
        let options = options_from_rules(rules, scenario, &settings)
            .map_err(|e| AppError::new(ErrorCode::InvalidArgument, e))?;
        let seed = match spec.seed.as_deref().map(str::trim) {
            None | Some("") => random_seed(),
            Some(s) => s.parse::<u64>().map_err(|_| {
                AppError::new(
                    ErrorCode::InvalidArgument,
                    format!("seed '{s}': write a whole number (digits only)"),
                )
            })?,
        };
        let players: Vec<String> = spec.players.iter().map(|p| p.trim().to_string()).collect();
        if players.len() > 2 || players.iter().any(|p| p.chars().count() > 80) {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "players: at most two names of at most 80 characters",
            ));
        }
        let levels: Vec<String> = spec.computer.clone().unwrap_or_default();
        let sides = scenario.file.sides.len();
        if levels.len() > sides {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "computer: one level (or \"\") per side",
            ));
        }
        let known = kepi::ai::levels(rules);
        if let Some(bad) = levels
            .iter()
            .find(|l| !l.is_empty() && !known.contains(&l.as_str()))
        {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "{} has no computer level '{bad}'; its levels are {}",
                    rules.name(),
                    known.join(", ")
                ),
            ));
        }
        // The archive records a computer side's player by its name ("Kepi, standard").
        let mut players: Vec<String> = (0..sides)
            .map(|i| players.get(i).cloned().unwrap_or_default())
            .collect();
        for (i, l) in levels.iter().enumerate() {
            if !l.is_empty() {
                players[i] = kepi::ai::player_name(l);
            }
        }
        let players = if players.iter().all(String::is_empty) {
            Vec::new()
        } else {
            players
        };
        let game = self
            .archive()?
            .create_game(scenario, &options, seed, &players)?;
        let opened = self.open(game, None, scenario)?;
        for (i, l) in levels.iter().enumerate() {
            if !l.is_empty() {
                self.set_computer(i, Some(l))?;
            }
        }
        Ok(PlayOpened {
            view: self.view()?,
            ..opened
        })
    }

    /// Hand a side to the computer at `level`, or (None) take it over as a person.
    pub fn set_computer(&mut self, side: usize, level: Option<&str>) -> AppResult<PlayView> {
        let l = self.live.as_mut().ok_or_else(no_game)?;
        if side >= l.computer.len() {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("side {side}: the game has {} sides", l.computer.len()),
            ));
        }
        l.computer[side] = match level {
            None => None,
            Some(level) => {
                // Seeded from the game's seed, the side and the node, so a game replays alike.
                let seed = l.seed ^ ((side as u64 + 1) << 40) ^ (l.node as u64);
                Some(
                    kepi::ai::Opponent::new(l.state.rules(), level, seed)
                        .map_err(|e| AppError::new(ErrorCode::InvalidArgument, e))?,
                )
            }
        };
        self.view()
    }

    /// The computer plays one command for the side to act, recorded like a person's; its
    /// explanation goes to the panel.
    pub fn computer_step(&mut self) -> AppResult<PlayView> {
        let (command, explanation) = {
            let l = self.live.as_mut().ok_or_else(no_game)?;
            let p = l.state.progress();
            if p.over {
                return Err(AppError::new(ErrorCode::Refused, "the game is over"));
            }
            let state = l.state.clone();
            let Some(cpu) = l.computer.get_mut(p.player).and_then(Option::as_mut) else {
                return Err(AppError::new(
                    ErrorCode::Refused,
                    "the side to act is played by a person",
                ));
            };
            let d = cpu.next(&state);
            (d.command, format!("{}: {}", cpu.name(), d.explanation))
        };
        let v = self.apply(&command, &[])?;
        let l = self.live.as_mut().expect("checked above");
        l.explanations.push_front((l.node, explanation));
        l.explanations.truncate(EXPLANATIONS_MAX);
        let _ = v;
        self.view()
    }

    /// Open a game of the archive at the end of its main line (to go on playing it).
    pub fn resume(&mut self, game: GameId) -> AppResult<PlayOpened> {
        let ar = self.archive()?;
        let scenario = ar.game_setup(game)?.scenario()?;
        self.open(game, None, &scenario)
    }

    /// Open a game of the archive at any of its nodes (from the replay view) to play on from
    /// there: the line to `node` is replayed and checked; the next command played there starts
    /// a new variation (named "played on from node N") and the recorded game stays as it was.
    pub fn continue_from(&mut self, game: GameId, node: NodeId) -> AppResult<PlayOpened> {
        let ar = self.archive()?;
        let at = ar.node(node)?;
        if at.game != game {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("node {node} is not a node of game {game}"),
            ));
        }
        let keep_main = ar.path_to(node)?.iter().map(|n| n.id).collect();
        let scenario = ar.game_setup(game)?.scenario()?;
        let opened = self.open(game, Some(node), &scenario)?;
        self.live.as_mut().expect("opened above").keep_main = keep_main;
        Ok(opened)
    }

    fn open(
        &mut self,
        game: GameId,
        node: Option<NodeId>,
        scenario: &Scenario,
    ) -> AppResult<PlayOpened> {
        let ar = self.archive()?;
        let info = ar.game(game)?;
        let node = match node {
            Some(n) => n,
            None => ar.tip(game)?.id,
        };
        let (state, line) = replay_line(ar, node)?;
        let sides = scenario.file.sides.len();
        self.live = Some(Live {
            computer: (0..sides).map(|_| None).collect(),
            explanations: Default::default(),
            scenario: scenario.clone(),
            game,
            node,
            state,
            title: info.title,
            seed: info.seed,
            players: info.players,
            recorded_under: info.rules_version,
            line,
            keep_main: Default::default(),
        });
        let doc = Document::from_map(&scenario.map);
        Ok(PlayOpened {
            map: transport::map_view(&doc, None),
            view: self.view()?,
        })
    }

    fn live(&self) -> AppResult<&Live> {
        self.live.as_ref().ok_or_else(no_game)
    }

    /// The open game's scenario, position and node (for a VASSAL module of the position).
    pub fn position(&self) -> AppResult<(Scenario, AnyState, NodeId)> {
        let l = self.live()?;
        Ok((l.scenario.clone(), l.state.clone(), l.node))
    }

    pub fn view(&self) -> AppResult<PlayView> {
        let l = self.live()?;
        let s = &l.state;
        let rules = s.rules();
        let seen_by = l.seen_by();
        let unseen = seen_by.map(|v| rules.unseen(s, v)).unwrap_or_default();
        let board = rules.board(s).seen_by(&unseen);
        // A step of the other side whose units the side at the keyboard sees none of.
        let out_of_sight = |st: &Step| {
            seen_by.is_some_and(|v| {
                st.by != v && !st.units.is_empty() && st.units.iter().all(|u| unseen.contains(u))
            })
        };
        let sides = s.sides();
        let acted = |st: &Step| {
            format!(
                "{} acts out of sight",
                sides
                    .get(st.by)
                    .map_or("The other side", |x| x.name.as_str())
            )
        };
        let legal = rules.legal(s);
        let infos = rules.command_infos(s, &legal);
        let moving = infos.iter().any(|i| i.offer == Offer::Reach);
        let mut shown = command_info::general(&infos).into_iter().peekable();
        let mut general = Vec::new();
        for (i, (c, info)) in legal.into_iter().zip(infos).enumerate() {
            if shown.next_if_eq(&i).is_some() {
                general.push(legal_command(rules, s, c, info));
            }
        }
        Ok(PlayView {
            game: l.game,
            node: l.node,
            title: l.title.clone(),
            ruleset_name: rules.name().to_string(),
            seed: l.seed.to_string(),
            players: l.players.clone(),
            sides: sides_dto(
                &l.scenario,
                sides.iter().map(|x| (x.id.as_str(), x.name.as_str())),
            ),
            phases: rules.phases().iter().map(mirror).collect(),
            progress: mirror(&s.progress()),
            markers: rules.markers().iter().map(mirror).collect(),
            counter_layout: mirror(&rules.counter_layout()),
            board: mirror(&board),
            seen_by,
            rules_note: (l.recorded_under != rules.rules_version()).then(|| {
                format!(
                    "Recorded under {} rules {}; the commands played now follow today's rules \
                     {} and are recorded so.",
                    rules.name(),
                    l.recorded_under,
                    rules.rules_version()
                )
            }),
            victory: s
                .victory()
                .into_iter()
                .map(|mut c| {
                    // What an open condition would give now may tell where a unit out of
                    // sight stands: said only once decided.
                    if !unseen.is_empty() && c.status == kepi::engine::ConditionStatus::Open {
                        c.detail = "open (how it stands now is not known while enemy units \
                                    are out of sight)"
                            .into();
                    }
                    mirror(&c)
                })
                .collect(),
            result: s.result_words().map(|(w, why)| format!("{w}: {why}")),
            dice: l
                .line
                .iter()
                .rev()
                .flat_map(|st| {
                    let hidden = out_of_sight(st);
                    st.dice.iter().rev().map(move |d| {
                        let mut d = d.clone();
                        if hidden {
                            d.command = acted(st);
                            d.results = vec![acted(st)];
                        }
                        d
                    })
                })
                .collect(),
            last: l
                .line
                .last()
                .map(|st| {
                    if out_of_sight(st) {
                        vec![acted(st)]
                    } else {
                        st.results.clone()
                    }
                })
                .unwrap_or_default(),
            happened: l
                .line
                .last()
                .map(|st| st.scripted.clone())
                .unwrap_or_default(),
            general,
            moving,
            can_take_back: !l.line.is_empty(),
            state_hash: s.hash(),
            computer: l
                .computer
                .iter()
                .map(|c| c.as_ref().map(|o| o.level().to_string()))
                .collect(),
            explanations: l
                .explanations
                .iter()
                .map(
                    |(node, text)| match l.line.iter().rev().find(|st| st.node == *node) {
                        Some(st) if out_of_sight(st) => acted(st),
                        _ => text.clone(),
                    },
                )
                .collect(),
            levels: kepi::ai::levels(rules)
                .iter()
                .map(|x| x.to_string())
                .collect(),
        })
    }

    /// The legal commands of the position: those of `unit`, or those naming `hex` and no unit,
    /// or (neither given) those naming no unit and no hex.
    pub fn legal(&self, unit: Option<&str>, hex: Option<&str>) -> AppResult<Vec<LegalCommand>> {
        let s = &self.live()?.state;
        let rules = s.rules();
        let legal = rules.legal(s);
        let infos = rules.command_infos(s, &legal);
        // Filtered before they are described: a Movement Phase has thousands of moves.
        Ok(legal
            .into_iter()
            .zip(infos)
            .filter(|(_, info)| command_info::listed(info, unit, hex))
            .map(|(c, info)| legal_command(rules, s, c, info))
            .collect())
    }

    /// Where `unit` may go now, along paths through the waypoint hexes `via` in order (none:
    /// the engine's path).
    pub fn reach(&self, unit: &str, via: &[String]) -> AppResult<kepi::engine::preview::Reach> {
        let s = &self.live()?.state;
        Ok(s.rules().reach_via(s, unit, via)?)
    }

    pub fn sight(&self, from: &str, to: &str) -> AppResult<kepi::engine::preview::Sight> {
        let s = &self.live()?.state;
        Ok(s.rules().sight(s, from, to)?)
    }

    pub fn preview(&self, commands: &[Value]) -> AppResult<kepi::engine::preview::AttackPreview> {
        let s = &self.live()?.state;
        let rules = s.rules();
        let parsed = commands
            .iter()
            .map(|c| rules.parse_command(s, c.clone()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| AppError::new(ErrorCode::Refused, e))?;
        Ok(rules.preview(s, &parsed)?)
    }

    /// [`Play::apply`], the command aimed at the hex `at` first when given (its system's
    /// [`AnyRuleset::command_at`]; a command that aims at no hex is refused).
    pub fn apply_at(
        &mut self,
        command: &Value,
        forced: &[u8],
        at: Option<&str>,
    ) -> AppResult<PlayView> {
        let Some(hex) = at else {
            return self.apply(command, forced);
        };
        let state = self.live()?.state.clone();
        let rules = state.rules();
        let parsed = rules
            .parse_command(&state, command.clone())
            .map_err(|e| AppError::new(ErrorCode::Refused, e))?;
        let aimed = rules.command_at(&state, &parsed, hex).ok_or_else(|| {
            AppError::new(
                ErrorCode::Refused,
                format!(
                    "{} cannot be aimed at {hex}",
                    rules.describe_command(&state, &parsed)
                ),
            )
        })?;
        self.apply(&aimed, forced)
    }

    /// Play `command` (stored form, or as people write it), recorded in the archive with its
    /// dice; `forced` faces replace the next rolls (marked forced in the record).
    pub fn apply(&mut self, command: &Value, forced: &[u8]) -> AppResult<PlayView> {
        let (node, state, keep_main) = {
            let l = self.live()?;
            (l.node, l.state.clone(), l.keep_main.contains(&l.node))
        };
        let rules = state.rules();
        let command = rules
            .parse_command(&state, command.clone())
            .map_err(|e| AppError::new(ErrorCode::Refused, e))?;
        let described = rules.describe_command(&state, &command);
        let ar = self.archive()?;
        let had_children = !ar.children(node)?.is_empty();
        let mut forced: VecDeque<u8> = forced.iter().copied().collect();
        let (id, applied) = ar.play(node, &command, &mut forced)?;
        // Described once the rules took it: a command refused may name no unit at all.
        let (by, units) = step_of(&state, &applied.command);
        if had_children && keep_main {
            // Played on from a node in review: a new variation beside the recorded line.
            ar.name_variation(id, &format!("played on from node {node}"))?;
        } else if had_children {
            // Played after a take-back: the new line is the game now; the old one stays as a
            // variation.
            ar.promote(id)?;
        }
        let l = self.live.as_mut().expect("checked above");
        l.line.push(Step {
            node: id,
            command: described.clone(),
            progress: applied.state.progress(),
            dice: dice_entries(id, &described, &applied.rolls, &applied.described),
            results: applied.described,
            scripted: applied.scripted,
            by,
            units,
        });
        l.node = id;
        l.state = applied.state;
        self.view()
    }

    /// Take back the last command: the view goes back to its parent node; the archive keeps it.
    pub fn take_back(&mut self) -> AppResult<PlayView> {
        let parent = {
            let l = self.live()?;
            if l.line.is_empty() {
                return Err(AppError::new(
                    ErrorCode::Refused,
                    "nothing to take back: no command has been played",
                ));
            }
            self.archive
                .as_ref()
                .ok_or_else(no_game)?
                .node(l.node)?
                .parent
                .expect("a node with a command has a parent")
        };
        let state = self.archive()?.state_at(parent)?;
        let l = self.live.as_mut().expect("checked above");
        l.line.pop();
        l.node = parent;
        l.state = state;
        self.view()
    }

    /// Deploy the side now deploying with the system's random legal player (seeded by the game's
    /// seed and the node), recording each command.
    pub fn auto_deploy(&mut self) -> AppResult<PlayView> {
        let (state, seed, node) = {
            let l = self.live()?;
            (l.state.clone(), l.seed, l.node)
        };
        auto_deploy(
            state,
            seed ^ (node as u64).rotate_left(32),
            DeployUntil::SideDone,
            |_, cmd| {
                self.apply(cmd, &[])?;
                Ok::<_, AppError>(self.live()?.state.clone())
            },
        )?;
        self.view()
    }
}

/// The sides as the views show them, `(id, name)` in the scenario's order, each in the colour
/// the core's pictures give it (`side_rgb`: counter ink readable on it, the two sides' colours
/// clearly apart), as `#rrggbb`.
pub fn sides_dto<'a>(
    scenario: &Scenario,
    sides: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<SideDto> {
    let colors = kepi::render::side_rgb(scenario);
    sides
        .into_iter()
        .enumerate()
        .map(|(i, (id, name))| {
            let [r, g, b] = colors.get(i).copied().unwrap_or([0xcc, 0xcc, 0xcc]);
            SideDto {
                id: id.to_string(),
                name: name.to_string(),
                color: format!("#{r:02x}{g:02x}{b:02x}"),
            }
        })
        .collect()
}

fn scenario_sides(scenario: &Scenario) -> Vec<SideDto> {
    sides_dto(
        scenario,
        scenario
            .file
            .sides
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str())),
    )
}

fn legal_command(
    rules: &dyn AnyRuleset,
    state: &AnyState,
    command: Value,
    info: CommandInfo,
) -> LegalCommand {
    LegalCommand {
        label: rules.describe_command(state, &command),
        command,
        info: mirror(&info),
    }
}

/// The state at `node` and the line from the root to it, replayed with the recorded dice and
/// checked hash for hash (a damaged record is refused naming the node).
pub fn replay_line(ar: &Archive, node: NodeId) -> AppResult<(AnyState, Vec<Step>)> {
    replay_line_each(ar, node, |_, _| Ok(()))
}

/// [`replay_line`], calling `before` with the state before each command and its node (the
/// replay view describes a fork's other commands against it, without opening it again).
pub fn replay_line_each(
    ar: &Archive,
    node: NodeId,
    before: impl FnMut(&AnyState, &kepi::archive::NodeInfo) -> AppResult<()>,
) -> AppResult<(AnyState, Vec<Step>)> {
    let path = ar.path_to(node)?;
    let state = ar.root_state(path[0].game)?;
    replay_steps(ar, state, &path[1..], before)
}

/// Replay `nodes` from `state` (the state at the first one's parent; each node a child of the
/// one before), with the recorded dice, checked hash for hash: the state after the last and
/// each step described. `before` is called with the state before each command and its node.
pub fn replay_steps(
    ar: &Archive,
    state: AnyState,
    nodes: &[kepi::archive::NodeInfo],
    mut before: impl FnMut(&AnyState, &kepi::archive::NodeInfo) -> AppResult<()>,
) -> AppResult<(AnyState, Vec<Step>)> {
    let steps = nodes.iter().map(|n| {
        Ok::<_, AppError>(Recorded {
            command: n.command.clone().ok_or_else(|| {
                AppError::new(
                    ErrorCode::Archive,
                    format!("node {}: its command is missing", n.id),
                )
            })?,
            rolls: ar.rolls(n.id)?,
            hash: Some(n.state_hash.clone()),
            at: format!("node {}", n.id),
        })
    });
    let mut line = Vec::with_capacity(nodes.len());
    let state = session::replay_line(state, steps, |state, applied| {
        let n = &nodes[line.len()];
        before(state, n)?;
        let described = state.rules().describe_command(state, &applied.command);
        let (by, units) = step_of(state, &applied.command);
        line.push(Step {
            node: n.id,
            command: described.clone(),
            progress: applied.state.progress(),
            dice: dice_entries(n.id, &described, &applied.rolls, &applied.described),
            results: applied.described.clone(),
            scripted: applied.scripted.clone(),
            by,
            units,
        });
        Ok(())
    })?;
    Ok((state, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::play::CommandInfoDto;
    use kepi::library_index::{scenario_of, shipped_entries};

    fn shipped(id: &str) -> Scenario {
        let e = shipped_entries()
            .into_iter()
            .find(|e| e.id == id)
            .expect("a shipped scenario");
        scenario_of(&e).expect("it loads")
    }

    fn spec(seed: &str) -> NewGameSpec {
        NewGameSpec {
            key: String::new(),
            rules: vec![("morale".into(), false)],
            players: vec!["Ann".into(), "Bob".into()],
            seed: Some(seed.into()),
            computer: None,
        }
    }

    /// The button that ends the phase.
    fn end_button(v: &PlayView) -> Value {
        v.general
            .iter()
            .find(|c| c.info.ends_phase)
            .unwrap_or_else(|| panic!("no end among {:?}", v.general))
            .command
            .clone()
    }

    #[test]
    fn a_game_is_played_recorded_taken_back_and_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("a.kepidb");
        let s = shipped("rs-01-fatehpur");
        let choices = Play::choices(&s).unwrap();
        assert!(choices.rules.iter().any(|(r, _)| r.key == "morale"));
        let mut play = Play::new(Some(db.clone()));
        let opened = play.start(&s, &spec("7")).unwrap();
        assert_eq!(
            opened.map.grid.columns as usize * opened.map.grid.rows as usize,
            opened.map.terrain.len()
        );
        let v = opened.view;
        assert!(v.progress.deploying);
        assert_eq!(v.players, ["Ann", "Bob"]);
        assert!(v.board.counters.iter().all(|c| c.place == "off"));
        assert!(
            !v.board.deployment.is_empty(),
            "the deploying side's area is shown"
        );
        assert!(!v.can_take_back);
        // A unit's deploy commands name it and a hex of its area.
        let first = v
            .board
            .counters
            .iter()
            .find(|c| c.side == v.progress.player)
            .unwrap();
        let deploys = play.legal(Some(&first.id), None).unwrap();
        let area: Vec<&String> = v.board.deployment.iter().flat_map(|d| &d.hexes).collect();
        assert!(!deploys.is_empty());
        assert!(
            deploys
                .iter()
                .all(|c| c.info.offer == "map" && area.contains(&c.info.hex.as_ref().unwrap()))
        );
        // A hex outside the area is refused, citing the rule.
        let e = play
            .apply_at(&deploys[0].command, &[], Some("3240"))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Refused, "{}", e.message);
        play.apply(&deploys[0].command, &[]).unwrap();
        // Auto-deploy finishes this side, then the other.
        let v = play.auto_deploy().unwrap();
        let v = if v.progress.deploying {
            play.auto_deploy().unwrap()
        } else {
            v
        };
        assert!(!v.progress.deploying, "{:?}", v.progress);
        assert!(
            v.board
                .counters
                .iter()
                .filter(|c| c.arrives.is_none())
                .all(|c| c.place == "map")
        );
        // To the first Movement Phase.
        let mut v = v;
        while v.progress.phase_key != "movement" {
            v = play.apply(&end_button(&v), &[]).unwrap();
        }
        let mover = v
            .board
            .counters
            .iter()
            .filter(|c| c.side == v.progress.player && c.place == "map")
            .find(|c| !play.reach(&c.id, &[]).unwrap().hexes.is_empty())
            .expect("a unit that may move")
            .id
            .clone();
        let reach = play.reach(&mover, &[]).unwrap();
        let from = reach.from.clone().unwrap();
        let sight = play.sight(&from, &reach.hexes[0].hex).unwrap();
        assert_eq!(sight.from, from);
        assert_eq!(
            play.sight(&from, "9999").unwrap_err().code,
            ErrorCode::Refused
        );
        let to = reach.hexes.last().unwrap();
        let before = v.state_hash.clone();
        let v = play.apply(&to.command, &[]).unwrap();
        let moved = v.board.counters.iter().find(|c| c.id == mover).unwrap();
        assert_eq!(moved.hex.as_deref(), Some(to.hex.as_str()));
        assert!(moved.markers.contains(&"moved".to_string()));
        let taken = v.node;
        // Take back: the position before the move, and the archive keeps the move.
        let v = play.take_back().unwrap();
        assert_eq!(v.state_hash, before);
        let other = &reach.hexes[0];
        let v = play.apply(&other.command, &[]).unwrap();
        let ar = play.archive.as_ref().unwrap();
        let main: Vec<i64> = ar.main_line(v.game).unwrap().iter().map(|n| n.id).collect();
        assert_eq!(main.last(), Some(&v.node), "the new move is the main line");
        assert!(!main.contains(&taken));
        assert_eq!(
            ar.node(taken).unwrap().parent,
            ar.node(v.node).unwrap().parent
        );
        ar.verify_game(v.game).unwrap();
        // Resumed in a new session: the same position and the same dice log.
        let (game, hash, dice) = (v.game, v.state_hash.clone(), v.dice.len());
        let mut again = Play::new(Some(db));
        let r = again.resume(game).unwrap().view;
        assert_eq!((r.state_hash, r.dice.len()), (hash, dice));
        assert!(r.can_take_back);
    }

    #[test]
    fn playing_on_from_a_node_in_review_records_a_variation_and_keeps_the_main_line() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.kepidb");
        let s = shipped("rs-01-fatehpur");
        let mut play = Play::new(Some(db.clone()));
        let game = play.start(&s, &spec("11")).unwrap().view.game;
        play.auto_deploy().unwrap();
        let end = play.auto_deploy().unwrap();
        let main_before: Vec<NodeId> = {
            let ar = play.archive.as_ref().unwrap();
            ar.main_line(game).unwrap().iter().map(|n| n.id).collect()
        };
        assert!(main_before.len() > 4, "{main_before:?}");
        // Continue from the third node of the main line, in a new session.
        let from = main_before[2];
        let mut again = Play::new(Some(db.clone()));
        let v = again.continue_from(game, from).unwrap().view;
        assert_eq!(v.node, from);
        let expected = Archive::open(&db).unwrap().state_at(from).unwrap().hash();
        assert_eq!(v.state_hash, expected, "the position at that node");
        assert_eq!(
            v.dice.len(),
            again
                .live()
                .unwrap()
                .line
                .iter()
                .map(|s| s.dice.len())
                .sum::<usize>()
        );
        // A different command from the one recorded next.
        let recorded_next = main_before[3];
        let mut candidates = Vec::new();
        for c in v
            .board
            .counters
            .iter()
            .filter(|c| c.side == v.progress.player && c.place == "off")
        {
            candidates.extend(again.legal(Some(&c.id), None).unwrap());
        }
        let recorded = Archive::open(&db)
            .unwrap()
            .node(recorded_next)
            .unwrap()
            .command;
        let other = candidates
            .into_iter()
            .find(|c| Some(&c.command) != recorded.as_ref())
            .expect("another deployment");
        let v1 = again.apply(&other.command, &[]).unwrap();
        let v2 = again.auto_deploy().unwrap();
        let ar = Archive::open(&db).unwrap();
        let main_after: Vec<NodeId> = ar.main_line(game).unwrap().iter().map(|n| n.id).collect();
        assert_eq!(
            main_after, main_before,
            "the recorded game stays the main line"
        );
        let first = ar.node(v1.node).unwrap();
        assert_eq!(first.parent, Some(from));
        assert!(first.sibling_order > 0, "a variation, not the main line");
        assert_eq!(
            first.name.as_deref(),
            Some(format!("played on from node {from}").as_str())
        );
        assert_eq!(
            ar.path_to(v2.node).unwrap()[3].id,
            v1.node,
            "the variation goes on"
        );
        assert_ne!(end.node, v2.node);
        ar.verify_game(game).unwrap();
        // A node of another game, or of none, is refused.
        assert!(again.continue_from(game, 999_999).is_err());
        let other_game = play.start(&s, &spec("12")).unwrap().view.game;
        let e = again.continue_from(other_game, from).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument, "{}", e.message);
    }

    #[test]
    fn a_scripted_event_is_announced_in_the_view_of_the_command_it_happened_in() {
        use kepi::scenario::events::{EventAction, EventTime, ScriptedEvent};
        let dir = tempfile::tempdir().unwrap();
        let mut s = shipped("rs-01-fatehpur");
        s.file.events = vec![ScriptedEvent {
            turn: 1,
            at: EventTime::End,
            text: "Dusk over Fatehpur.".into(),
            does: EventAction::Note,
        }];
        let mut play = Play::new(Some(dir.path().join("e.kepidb")));
        let mut sp = spec("4");
        sp.computer = Some(vec!["random".into(), "random".into()]);
        let mut v = play.start(&s, &sp).unwrap().view;
        assert!(v.happened.is_empty());
        let mut told = Vec::new();
        while v.progress.turn < 2 && !v.progress.over {
            v = play.computer_step().unwrap();
            if !v.happened.is_empty() {
                told.push((v.progress.turn, v.happened.clone(), v.last.clone()));
            }
        }
        assert_eq!(told.len(), 1, "announced once: {told:?}");
        let (turn, happened, last) = &told[0];
        assert_eq!(*turn, 2, "at the end of game-turn 1");
        assert_eq!(
            happened,
            &["Game-turn 1, end: Dusk over Fatehpur.".to_string()]
        );
        // The command's results keep it too, as the dice log and the replay show them.
        assert!(
            last.iter()
                .any(|r| r == "Game-turn 1, end: Dusk over Fatehpur. (the scenario's event)"),
            "{last:?}"
        );
        // The next command announces nothing new; a resumed game shows the same last view.
        let node = v.node;
        let next = play.computer_step().unwrap();
        assert!(next.happened.is_empty());
        let mut again = Play::new(Some(dir.path().join("e.kepidb")));
        let resumed = again.continue_from(next.game, node).unwrap().view;
        assert_eq!(resumed.happened, *happened);
    }

    #[test]
    fn the_computer_plays_a_side_recorded_with_its_explanations_and_hands_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let s = shipped("rs-01-fatehpur");
        let mut play = Play::new(Some(dir.path().join("c.kepidb")));
        let mut sp = spec("21");
        sp.computer = Some(vec!["".into(), "standard".into()]);
        let v = play.start(&s, &sp).unwrap().view;
        assert_eq!(v.computer, vec![None, Some("standard".to_string())]);
        assert_eq!(v.players[1], "Kepi, standard");
        let mut bad = spec("21");
        bad.computer = Some(vec!["grandmaster".into()]);
        assert_eq!(
            play.start(&s, &bad).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        play.start(&s, &sp).unwrap();
        // Whoever deploys first: the person's side auto-deployed, the computer's by itself.
        let mut v = play.view().unwrap();
        let mut steps = 0;
        while v.progress.deploying || v.progress.player == 1 {
            v = if v.computer[v.progress.player].is_some() {
                steps += 1;
                play.computer_step().unwrap()
            } else {
                play.auto_deploy().unwrap()
            };
            if steps > 500 || v.progress.over {
                break;
            }
        }
        assert!(steps > 0, "the computer played");
        assert!(!v.explanations.is_empty());
        assert!(
            v.explanations[0].starts_with("Kepi, standard: "),
            "{}",
            v.explanations[0]
        );
        // The person's side: the computer refuses to play it; handed over, it plays it.
        if !v.progress.over && v.progress.player == 0 {
            assert_eq!(play.computer_step().unwrap_err().code, ErrorCode::Refused);
            play.set_computer(0, Some("random")).unwrap();
            let before = play.view().unwrap().node;
            assert_ne!(play.computer_step().unwrap().node, before);
            assert_eq!(play.set_computer(0, None).unwrap().computer[0], None);
        }
        let ar = play.archive.as_ref().unwrap();
        ar.verify_game(v.game).unwrap();
    }

    #[test]
    fn forced_faces_are_recorded_as_forced_and_bad_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let s = shipped("rs-01-fatehpur");
        let mut play = Play::new(Some(dir.path().join("b.kepidb")));
        assert_eq!(play.view().unwrap_err().code, ErrorCode::NoGame);
        let mut bad = spec("x1");
        assert_eq!(
            play.start(&s, &bad).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        bad = spec("3");
        bad.rules = vec![("no_such_rule".into(), true)];
        let e = play.start(&s, &bad).unwrap_err();
        assert!(e.message.contains("unknown rule"), "{}", e.message);
        let v = play.start(&s, &spec("3")).unwrap().view;
        assert_eq!(play.take_back().unwrap_err().code, ErrorCode::Refused);
        let e = play
            .apply(&serde_json::json!({"type": "fly"}), &[])
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Refused);
        play.auto_deploy().unwrap();
        let mut v = play.auto_deploy().unwrap_or(v);
        // Play on with random commands until a roll is made, its faces forced to 6.
        let mut player = v.progress.player;
        let rules = play.live.as_ref().unwrap().state.rules();
        let mut random = rules.random_player(11);
        for _ in 0..2000 {
            let cmd = random.next(&play.live.as_ref().unwrap().state);
            let before = v.dice.len();
            v = play.apply(&cmd, &[6, 6, 6, 6]).unwrap();
            if v.dice.len() > before {
                assert!(v.dice[0].forced && v.dice[0].faces.iter().all(|f| *f == 6));
                player = usize::MAX;
                break;
            }
        }
        assert_eq!(player, usize::MAX, "a roll was made");
    }

    /// Every system through the same layer, from its commands' descriptions alone: a command
    /// is listed by each unit it involves, one for no unit at its hex when the hex is clicked,
    /// a button among the view's general commands, a previewed attack has its preview, a move
    /// taking waypoints is asked again through its first hex, and a choice among a few for no
    /// unit is all buttons. `want` counts the shapes the game must have shown before it stops.
    fn offers_hold(id: &str, seed: &str, want_waypoints: bool) {
        let dir = tempfile::tempdir().unwrap();
        let s = shipped(id);
        let mut play = Play::new(Some(dir.path().join("offers.kepidb")));
        let mut spec = spec(seed);
        spec.rules.clear();
        play.start(&s, &spec).unwrap();
        let rules = play.live.as_ref().unwrap().state.rules();
        let mut random = rules.random_player(3);
        // Each kind is checked a few times (a phase may list thousands of moves).
        const ENOUGH: usize = 4;
        let mut seen: std::collections::HashMap<String, usize> = Default::default();
        let (mut by_unit, mut at_hex, mut buttons, mut previews, mut vias, mut choices) =
            (0, 0, 0, 0, 0, 0);
        let mut ends = false;
        for _ in 0..4000 {
            let st = play.live.as_ref().unwrap().state.clone();
            let legal = rules.legal(&st);
            let infos = rules.command_infos(&st, &legal);
            assert_eq!(infos.len(), legal.len());
            let v = play.view().unwrap();
            ends |= v.general.iter().any(|c| c.info.ends_phase);
            for (c, info) in legal.iter().zip(&infos) {
                let n = seen.entry(info.kind.clone()).or_default();
                if *n >= ENOUGH {
                    continue;
                }
                *n += 1;
                let dto: CommandInfoDto = mirror(info);
                if info.offer == Offer::Button {
                    assert!(v.general.iter().any(|x| &x.command == c), "{c} is a button");
                    buttons += 1;
                }
                for u in info.units.iter().take(3) {
                    let listed = play.legal(Some(u), None).unwrap();
                    let it = listed.iter().find(|x| &x.command == c);
                    let it = it.unwrap_or_else(|| panic!("{c} among {u}'s commands"));
                    assert_eq!(it.info, dto);
                    by_unit += 1;
                }
                if let (None, Some(h)) = (&info.unit, &info.hex) {
                    let listed = play.legal(None, Some(h)).unwrap();
                    assert!(listed.iter().any(|x| &x.command == c), "{c} at {h}");
                    at_hex += 1;
                }
                if info.preview {
                    let p = play.preview(std::slice::from_ref(c)).unwrap();
                    assert!(p.outcomes > 0 && !p.results.is_empty(), "{c}: {p:?}");
                    assert_eq!(info.hex.as_deref(), Some(&*p.target), "{c}");
                    previews += 1;
                }
                if info.waypoints && vias < ENOUGH {
                    let unit = info.unit.as_deref().expect("a move is a unit's");
                    let reach = play.reach(unit, &[]).unwrap();
                    if let Some(h) = reach.hexes.iter().find(|h| h.path.len() >= 2) {
                        let via = vec![h.path[0].clone()];
                        let through = play.reach(unit, &via).unwrap();
                        let same = through.hexes.iter().find(|x| x.hex == h.hex).unwrap();
                        assert_eq!(same.path[0], via[0], "{unit} to {} through {via:?}", h.hex);
                        assert!(through.hexes.iter().all(|x| x.path.contains(&via[0])));
                        vias += 1;
                    }
                }
            }
            // A choice the game waits for, among a few, none for a unit: every one a button.
            if legal.len() <= command_info::CHOICES_AS_BUTTONS
                && infos.iter().all(|i| i.units.is_empty())
            {
                assert_eq!(v.general.len(), legal.len(), "{legal:?}");
                choices += 1;
            }
            let done = by_unit.min(at_hex).min(buttons).min(previews) >= ENOUGH
                && choices > 2
                && (vias >= ENOUGH || !want_waypoints);
            if v.progress.over || done {
                break;
            }
            let cmd = random.next(&play.live.as_ref().unwrap().state);
            play.apply(&cmd, &[]).unwrap();
        }
        assert!(ends, "ending the phase is a button");
        assert!(
            by_unit > 0 && at_hex > 0 && buttons > 0 && previews > 0 && choices > 0,
            "{id}: {by_unit} by unit, {at_hex} at a hex, {buttons} buttons, {previews} \
             previews, {choices} choices"
        );
        assert!(
            vias > 0 || !want_waypoints,
            "no move was asked through a waypoint"
        );
        let l = play.live.as_ref().unwrap();
        play.archive.as_ref().unwrap().verify_game(l.game).unwrap();
    }

    #[test]
    fn fatehpur_commands_are_offered_as_their_system_describes_them() {
        offers_hold("rs-01-fatehpur", "5", false);
    }

    #[test]
    fn gettysburg_commands_are_offered_as_their_system_describes_them() {
        offers_hold("aor-gettysburg-first-day", "5", true);
    }

    /// A deployment dropped on a hex its listed commands do not name is aimed there and
    /// refused by the rules, naming why; a command that aims at no hex cannot be aimed.
    #[test]
    fn a_command_aimed_at_another_hex_is_refused_by_the_rules() {
        let dir = tempfile::tempdir().unwrap();
        let s = shipped("rs-01-fatehpur");
        let mut play = Play::new(Some(dir.path().join("at.kepidb")));
        let v = play.start(&s, &spec("4")).unwrap().view;
        let first = v
            .board
            .counters
            .iter()
            .find(|c| c.side == v.progress.player);
        let deploys = play.legal(Some(&first.unwrap().id), None).unwrap();
        let e = play
            .apply_at(&deploys[0].command, &[], Some("3240"))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::Refused, "{}", e.message);
        assert_eq!(play.view().unwrap().node, v.node, "nothing was played");
        let mut v = play.auto_deploy().unwrap();
        while v.progress.deploying {
            v = play.auto_deploy().unwrap();
        }
        let end = v.general.iter().find(|c| c.info.ends_phase).unwrap();
        let e = play.apply_at(&end.command, &[], Some("0101")).unwrap_err();
        assert!(
            e.message.contains("cannot be aimed at 0101"),
            "{}",
            e.message
        );
        assert_eq!(play.view().unwrap().node, v.node, "nothing was played");
    }
}

//! The replay view's state: one game of the archive open for review at one line (the main line,
//! or the line through a variation), replayed once (hash for hash, with the recorded dice) into
//! a move list; each position is opened from the archive (`Archive::state_at`, from the nearest
//! snapshot). What writes: "what if" (a command played again with a forced roll, as a new
//! variation), promoting, naming and deleting variations.

use crate::play::{replay_steps, rules_of, sides_dto};
use crate::transport::play::{
    AnnotationDto, HitDto, LineEntry, ReplayOpened, ReplayPosition, SearchSpec, VariationDto,
    mirror,
};
use crate::transport::{self, AppError, AppResult, ErrorCode};
use kepi::archive::Annotation;
use kepi::archive::{Archive, GameId, NodeId, NodeInfo};
use kepi::editor::Document;
use kepi::engine::AnyState;
use std::collections::HashMap;
use std::path::PathBuf;

/// A line of at most this many commands is described whole when it is opened.
pub const DESCRIBED_WHOLE: usize = 300;
/// A longer one is answered with the commands from this many before the position opened to
/// this many after it described (the move list's rows around the current one).
const FIRST_BEFORE: usize = 60;
const FIRST_AFTER: usize = 20;
/// The most commands one page of [`Replay::moves`] describes.
pub const PAGE_MAX: usize = 500;

pub struct Replay {
    archive_path: Option<PathBuf>,
    archive: Option<Archive>,
    game: Option<GameId>,
    /// The line open: its root, then each node to its last (pages of it are described).
    line: Vec<NodeInfo>,
    /// The open game's phases in words, by key (an archive row holds the key).
    phases: HashMap<String, String>,
}

impl Replay {
    pub fn new(archive: Option<PathBuf>) -> Replay {
        Replay {
            archive_path: archive,
            archive: None,
            game: None,
            line: Vec::new(),
            phases: HashMap::new(),
        }
    }

    /// Let go of the archive and of the game open on it: the file at the archive's path is
    /// about to be replaced (a backup restored, a recovery). The next command opens the archive
    /// at the same path again.
    pub fn release_archive(&mut self) {
        self.archive = None;
        self.game = None;
        self.line.clear();
        self.phases.clear();
    }

    fn archive(&mut self) -> AppResult<&mut Archive> {
        if self.archive.is_none() {
            let path = self.archive_path.clone().ok_or_else(|| {
                AppError::new(ErrorCode::Archive, "Kepi has no place for its archive here")
            })?;
            if !path.exists() {
                return Err(AppError::new(
                    ErrorCode::Archive,
                    format!("{}: there is no archive yet", path.display()),
                ));
            }
            self.archive = Some(Archive::open(&path)?);
        }
        Ok(self.archive.as_mut().expect("opened above"))
    }

    /// Open a game for review: its map and its main line, replayed and checked.
    pub fn open(&mut self, game: GameId) -> AppResult<ReplayOpened> {
        self.open_line(game, None)
    }

    /// Open a game at the line through `through` (the main line without it): the path from the
    /// root to it, then first children to the end. The answer holds every command's node, turn,
    /// phase, player, fork and name (the archive's rows hold them) and the position opened;
    /// a line of at most [`DESCRIBED_WHOLE`] commands is described whole (in words, with its
    /// dice and results, replayed and checked hash for hash), a longer one around the position
    /// opened, the rest by [`Replay::moves`] in pages, so the first picture does not wait for
    /// the whole line to be replayed.
    pub fn open_line(&mut self, game: GameId, through: Option<NodeId>) -> AppResult<ReplayOpened> {
        let ar = self.archive()?;
        let info = ar.game(game)?;
        let scenario = ar.game_setup(game)?.scenario()?;
        let phases: HashMap<String, String> = rules_of(&scenario)?
            .phases()
            .into_iter()
            .map(|p| (p.key, p.name))
            .collect();
        let path = match through {
            Some(n) => {
                if ar.node(n)?.game != game {
                    return Err(AppError::new(
                        ErrorCode::InvalidArgument,
                        format!("node {n} is not a node of game {game}"),
                    ));
                }
                ar.line_through(n)?
            }
            None => ar.line_through(ar.root(game)?.id)?,
        };
        let root = path[0].id;
        let tip = path.last().expect("a line has its root").id;
        let at = through.unwrap_or(tip);
        // The position opened: after `k` commands.
        let k = path
            .iter()
            .position(|n| n.id == at)
            .expect("the line passes through the node it was opened at");
        let mut line = skeleton(ar, &phases, &path, 0, path.len() - 1)?;
        let (from, to) = if line.len() <= DESCRIBED_WHOLE {
            (0, line.len())
        } else {
            (
                k.saturating_sub(FIRST_BEFORE),
                (k + FIRST_AFTER).min(line.len()),
            )
        };
        let after = describe(ar, &path, from, &mut line[from..to])?;
        // The state at the line's end, and whether that end is shown as recorded (its result
        // then the record's).
        let (end, end_recorded) = if to == line.len() {
            (after, line.last().is_some_and(|l| l.as_recorded))
        } else {
            let opened = ar.open_node(tip)?;
            match (opened.state, opened.recorded) {
                (Some(s), _) => (s, false),
                (None, Some(r)) => (r.agreed, true),
                (None, None) => unreachable!("a node opens one way or the other"),
            }
        };
        let main = line.iter().all(|l| l.first);
        self.game = Some(game);
        self.line = path;
        self.phases = phases;
        let position = Some(self.at(at)?);
        Ok(ReplayOpened {
            map: transport::map_view(&Document::from_map(&scenario.map), None),
            game,
            title: info.title,
            players: info.players,
            sides: sides_dto(
                &scenario,
                end.sides().iter().map(|x| (x.id.as_str(), x.name.as_str())),
            ),
            root,
            line,
            main,
            last_turn: end.progress().last_turn,
            markers: end.rules().markers().iter().map(mirror).collect(),
            counter_layout: mirror(&end.rules().counter_layout()),
            hides_units: end.rules().hides_units(),
            rules_note: rules_note(end.rules(), info.rules_version),
            result: if end_recorded {
                // A line's end shown as recorded: the result the record holds.
                info.winner
                    .as_ref()
                    .filter(|_| info.finished.is_some())
                    .map(|w| format!("{w} won (as recorded)"))
            } else {
                end.result_words().map(|(w, why)| format!("{w}: {why}"))
            },
            position,
            tip,
        })
    }

    /// Commands `from .. from + count` of the line open (the one ending at `tip`), described:
    /// replayed from the position before the first (opened from its nearest snapshot) with the
    /// recorded dice and checked hash for hash, each in words with its dice and results, each
    /// fork's other commands described against the state before it.
    pub fn moves(&mut self, tip: NodeId, from: usize, count: usize) -> AppResult<Vec<LineEntry>> {
        if self.line.last().map(|n| n.id) != Some(tip) {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("the line ending at node {tip} is not the one open for review"),
            ));
        }
        let len = self.line.len() - 1;
        if from > len || count > PAGE_MAX {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "commands {from} and {count} after: the line has {len}, a page at most {PAGE_MAX}"
                ),
            ));
        }
        let to = (from + count).min(len);
        let path = std::mem::take(&mut self.line);
        let phases = std::mem::take(&mut self.phases);
        let described = (|| {
            let ar = self.archive()?;
            let mut page = skeleton(ar, &phases, &path, from, to)?;
            describe(ar, &path, from, &mut page)?;
            Ok(page)
        })();
        self.line = path;
        self.phases = phases;
        described
    }

    fn open_game(&self) -> AppResult<GameId> {
        self.game
            .ok_or_else(|| AppError::new(ErrorCode::NoGame, "no game is open for review"))
    }

    /// A node of the open game (refused otherwise).
    fn own_node(&mut self, node: NodeId) -> AppResult<kepi::archive::NodeInfo> {
        let game = self.open_game()?;
        let n = self.archive()?.node(node)?;
        if n.game != game {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("node {node} is not a node of game {game}"),
            ));
        }
        Ok(n)
    }

    /// "What if that roll had been a `face`?": node's command played again from its parent
    /// with its roll number `roll` (0 for its first) forced, as a new variation, which is opened.
    pub fn what_if(&mut self, node: NodeId, roll: usize, face: u8) -> AppResult<ReplayOpened> {
        let game = self.own_node(node)?.game;
        let ar = self.archive()?;
        let rolls = ar.rolls(node)?;
        let r = rolls.get(roll).ok_or_else(|| {
            AppError::new(
                ErrorCode::InvalidArgument,
                format!("node {node} has {} roll(s), not a roll {roll}", rolls.len()),
            )
        })?;
        let sides = r.spec.sides;
        if r.faces.len() != 1 {
            return Err(AppError::new(
                ErrorCode::Refused,
                format!(
                    "a roll of {} is forced face by face with `kepi branch --force` for now",
                    r.spec
                ),
            ));
        }
        if face == 0 || face > sides {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("face {face}: a roll of {} has faces 1 to {sides}", r.spec),
            ));
        }
        let forced = std::collections::BTreeMap::from([(roll, vec![face])]);
        let name = format!("what if {}: {face}", r.purpose);
        let (new, _) = ar.branch_forced(node, forced, Some(&name))?;
        self.open_line(game, Some(new))
    }

    /// Make the line through `node` the main line at its fork; the view shows that line.
    pub fn promote(&mut self, node: NodeId) -> AppResult<ReplayOpened> {
        let game = self.own_node(node)?.game;
        self.archive()?.promote(node)?;
        self.open_line(game, Some(node))
    }

    pub fn rename(&mut self, node: NodeId, name: &str) -> AppResult<ReplayOpened> {
        if name.chars().count() > 200 {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                "a variation's name: at most 200 characters",
            ));
        }
        let game = self.own_node(node)?.game;
        self.archive()?.name_variation(node, name)?;
        self.open_line(game, Some(node))
    }

    /// Delete the variation beginning at `node` (it and everything after); the view shows the
    /// line through its parent.
    pub fn delete(&mut self, node: NodeId) -> AppResult<ReplayOpened> {
        let n = self.own_node(node)?;
        let parent = n.parent.ok_or_else(|| {
            AppError::new(ErrorCode::Refused, "the start of a game cannot be deleted")
        })?;
        self.archive()?.delete_variation(node)?;
        self.open_line(n.game, Some(parent))
    }

    /// Add an annotation to a node of the open game, or (with an id) edit one; the node's
    /// annotations after it.
    pub fn annotate(&mut self, node: NodeId, a: &AnnotationDto) -> AppResult<Vec<AnnotationDto>> {
        self.own_node(node)?;
        check_annotation(a)?;
        let core: Annotation = serde_json::to_value(a)
            .and_then(serde_json::from_value)
            .map_err(|e| AppError::new(ErrorCode::InvalidArgument, format!("annotation: {e}")))?;
        let ar = self.archive()?;
        if a.id > 0 {
            if ar.annotation(a.id)?.node != node {
                return Err(AppError::new(
                    ErrorCode::InvalidArgument,
                    format!("annotation {} is not on node {node}", a.id),
                ));
            }
            ar.edit_annotation(a.id, &core)?;
        } else {
            ar.annotate(node, &core)?;
        }
        Ok(ar.annotations(node)?.iter().map(mirror).collect())
    }

    pub fn delete_annotation(&mut self, node: NodeId, id: i64) -> AppResult<Vec<AnnotationDto>> {
        self.own_node(node)?;
        let ar = self.archive()?;
        if ar.annotation(id)?.node != node {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("annotation {id} is not on node {node}"),
            ));
        }
        ar.delete_annotation(id)?;
        Ok(ar.annotations(node)?.iter().map(mirror).collect())
    }

    /// Write a game of the archive, with all its variations, dice and annotations, to `out`
    /// (atomically); answers the number of nodes written.
    pub fn export_game(&mut self, game: GameId, out: &std::path::Path) -> AppResult<usize> {
        let tree = self.archive()?.export_game(game)?;
        kepi::atomic::write_atomic(out, tree.to_text().as_bytes())
            .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", out.display())))?;
        Ok(tree.nodes.len())
    }

    /// Where the archive is (an import job opens its own connection to it).
    pub fn archive_path(&self) -> Option<PathBuf> {
        self.archive_path.clone()
    }

    /// Search the archive's games and annotations (no archive yet: nothing found).
    pub fn search(&mut self, spec: &SearchSpec) -> AppResult<Vec<HitDto>> {
        if !self.archive_path.as_ref().is_some_and(|p| p.exists()) {
            return Ok(Vec::new());
        }
        let opt = |v: &Option<String>| {
            v.as_ref()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        };
        let q = kepi::archive::SearchQuery {
            text: fts_words(&spec.text),
            scenario: opt(&spec.scenario),
            ruleset: opt(&spec.ruleset),
            from: opt(&spec.from),
            to: opt(&spec.to),
            result: opt(&spec.result),
            tag: opt(&spec.tag).map(|t| t.to_lowercase()),
            limit: 50,
        };
        Ok(self.archive()?.search(&q)?.iter().map(mirror).collect())
    }

    /// The scenario and the state at a node of the open game (for a VASSAL module of it).
    pub fn position(
        &mut self,
        node: NodeId,
    ) -> AppResult<(kepi::scenario::Scenario, kepi::engine::AnyState)> {
        let game = self.own_node(node)?.game;
        let ar = self.archive()?;
        Ok((ar.game_setup(game)?.scenario()?, ar.state_at(node)?))
    }

    /// The position at a node of the open game, the whole board.
    pub fn at(&mut self, node: NodeId) -> AppResult<ReplayPosition> {
        self.at_seen_by(node, None)
    }

    /// The position at a node of the open game, its board as side `seen_by` saw it (the
    /// whole board when none; the same in a system that hides no units).
    pub fn at_seen_by(
        &mut self,
        node: NodeId,
        seen_by: Option<usize>,
    ) -> AppResult<ReplayPosition> {
        let game = self
            .game
            .ok_or_else(|| AppError::new(ErrorCode::NoGame, "no game is open for review"))?;
        let ar = self.archive()?;
        if ar.node(node)?.game != game {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!("node {node} is not a node of game {game}"),
            ));
        }
        let opened = ar.open_node(node)?;
        let Some(s) = opened.state else {
            let r = opened.recorded.expect("a node opens one way or the other");
            return self.recorded_position(node, seen_by, r);
        };
        if let Some(side) = seen_by.filter(|&i| i >= s.sides().len()) {
            return Err(AppError::new(
                ErrorCode::InvalidArgument,
                format!(
                    "seen_by: side {side} of a game of {} sides (0 is the first)",
                    s.sides().len()
                ),
            ));
        }
        let ar = self.archive()?;
        Ok(ReplayPosition {
            node,
            annotations: ar.annotations(node)?.iter().map(mirror).collect(),
            board: mirror(&s.rules().board_seen_by(&s, seen_by)),
            seen_by,
            progress: mirror(&s.progress()),
            victory: s.victory().iter().map(mirror).collect(),
            state_hash: s.hash(),
            as_recorded: None,
        })
    }

    /// A position shown as recorded: its board as recorded (whole: the record keeps no
    /// side's view), where the game stood from the node's row, and the note saying where
    /// today's rules part from the record and how.
    fn recorded_position(
        &mut self,
        node: NodeId,
        seen_by: Option<usize>,
        r: kepi::archive::Recorded,
    ) -> AppResult<ReplayPosition> {
        let phases = self.phases.clone();
        let ar = self.archive()?;
        let n = ar.node(node)?;
        let info = ar.game(n.game)?;
        let rules = r.agreed.rules();
        let word = |key: &str| phases.get(key).cloned().unwrap_or_else(|| key.to_string());
        let mut progress = r.agreed.progress();
        progress.turn = n.turn;
        progress.phase = word(&n.phase);
        progress.phase_key = n.phase.clone();
        progress.player = n.player;
        let under = r.parted_at.rules_version.unwrap_or(info.rules_version);
        // A record of today's own rules that today's replay parts from is damaged, not older.
        let mut note = if under == rules.rules_version() {
            format!(
                "Recorded under {} rules {}, today's own, yet from game-turn {} ({}) the replay \
                 and the record disagree: {}. Shown as recorded; the record may be damaged \
                 (check the archive).",
                rules.name(),
                under,
                r.parted_at.turn,
                word(&r.parted_at.phase),
                r.difference
            )
        } else {
            format!(
                "Recorded under {} rules {}; from game-turn {} ({}) today's rules {} read this \
                 differently: {}. Shown as recorded.",
                rules.name(),
                under,
                r.parted_at.turn,
                word(&r.parted_at.phase),
                rules.rules_version(),
                r.difference
            )
        };
        if seen_by.is_some() && rules.hides_units() {
            note += " The record keeps the whole board, not a side's view of it.";
        }
        Ok(ReplayPosition {
            node,
            annotations: ar.annotations(node)?.iter().map(mirror).collect(),
            board: mirror(&r.board),
            seen_by: None,
            progress: mirror(&progress),
            victory: Vec::new(),
            state_hash: n.state_hash,
            as_recorded: Some(note),
        })
    }

    /// "Replay under today's rules": the line through `node` played again under today's rules
    /// from where they part from the record, as a new variation, which is opened.
    pub fn under_today(&mut self, node: NodeId) -> AppResult<ReplayOpened> {
        let game = self.own_node(node)?.game;
        let v = self.archive()?.replay_under_today(node)?;
        self.open_line(game, Some(v.last))
    }
}

/// "Recorded under <system> rules 1", and that today's rules are a later version when they
/// are.
fn rules_note(rules: &dyn kepi::engine::game::AnyRuleset, recorded: u32) -> String {
    let today = rules.rules_version();
    let mut note = format!("Recorded under {} rules {recorded}", rules.name());
    if today != recorded {
        note += &format!(
            "; Kepi plays rules {today} today, and commands played on from here follow them"
        );
    }
    note
}

/// Commands `from .. to` of the line `path` (its root, then each node) as the move list lists
/// them before they are described: node, turn, phase (in words, from `phases`) and player after it, whether it is its
/// parent's first child, its name, its fork's other nodes, its annotations counted.
fn skeleton(
    ar: &Archive,
    phases: &HashMap<String, String>,
    path: &[NodeInfo],
    from: usize,
    to: usize,
) -> AppResult<Vec<LineEntry>> {
    let ids: Vec<NodeId> = path[from + 1..to + 1].iter().map(|n| n.id).collect();
    let mut notes = ar.annotation_counts(&ids)?;
    let parents: Vec<NodeId> = path[from..to].iter().map(|n| n.id).collect();
    let mut forks = ar.children_of(&parents)?;
    let mut line = Vec::with_capacity(ids.len());
    for w in path[from..to + 1].windows(2) {
        let (parent, n) = (&w[0], &w[1]);
        let siblings = forks.remove(&parent.id).unwrap_or_default();
        line.push(LineEntry {
            node: n.id,
            command: String::new(),
            turn: n.turn,
            phase: phases.get(&n.phase).unwrap_or(&n.phase).clone(),
            player: n.player,
            dice: Vec::new(),
            results: Vec::new(),
            name: n.name.clone(),
            first: siblings.first().is_some_and(|c| c.0 == n.id),
            variations: siblings
                .into_iter()
                .filter(|c| c.0 != n.id)
                .map(|(node, name)| VariationDto {
                    node,
                    name,
                    command: String::new(),
                })
                .collect(),
            annotations: notes.remove(&n.id).unwrap_or(0),
            rules_version: n.rules_version,
            as_recorded: false,
            described: false,
        });
    }
    Ok(line)
}

/// Describe `entries`, commands `from ..` of the line `path`: replayed from the state at
/// `path[from]` (opened from its nearest snapshot) with the recorded dice, checked hash for
/// hash; each fork's other commands described against the state before them. The state after
/// the last (today's, or where the line is shown as recorded the last state both agree on).
///
/// Issue 37: from a node where today's rules part from the record, rows are shown as
/// recorded; at a snapshot below it (the record's own state) the archive may find today's
/// rules agreeing again, and rows go on as replayed from there. A replay that fails where the
/// archive finds no parting (a damaged record) is the error, not a parting.
fn describe(
    ar: &Archive,
    path: &[NodeInfo],
    from: usize,
    entries: &mut [LineEntry],
) -> AppResult<AnyState> {
    let nodes = &path[from + 1..from + 1 + entries.len()];
    let opened = ar.open_node(path[from].id)?;
    // Today's state while today's rules read the record; else the last state both agree on.
    let mut today = opened.state;
    let mut agreed = opened.recorded.map(|r| r.agreed);
    let snapshot_ply = |n: &NodeInfo| n.ply % kepi::archive::SNAPSHOT_EVERY == 0;
    for (k, n) in nodes.iter().enumerate() {
        let e = &mut entries[k];
        if let Some(state) = today.take() {
            let step = replay_steps(ar, state.clone(), std::slice::from_ref(n), |before, n| {
                describe_variations(ar, before, n, e)
            });
            match step {
                Ok((next, steps)) => {
                    let s = steps.into_iter().next().expect("one step");
                    debug_assert_eq!(e.node, s.node, "the rows and the replay walk the same path");
                    // As the replay has them (the archive's row says the same: a record is
                    // checked hash for hash, and the row was written from that state).
                    e.turn = s.progress.turn;
                    e.phase = s.progress.phase;
                    e.player = s.progress.player;
                    e.command = s.command;
                    e.dice = s.dice;
                    e.results = s.results;
                    e.described = true;
                    today = Some(next);
                    continue;
                }
                Err(failed) => {
                    let opened = ar.open_node(n.id)?;
                    match (opened.state, opened.recorded) {
                        // Parted on a snapshot ply: the snapshot is the record's own state, so
                        // the step is shown as recorded and the replay goes on from it.
                        (Some(s), _) if snapshot_ply(n) => {
                            as_recorded_entry(ar, &state, n, e)?;
                            today = Some(s);
                            continue;
                        }
                        (_, Some(r)) => agreed = Some(r.agreed),
                        _ => return Err(failed),
                    }
                }
            }
        } else if snapshot_ply(n) {
            let opened = ar.open_node(n.id)?;
            if let Some(s) = opened.state {
                // The step into the snapshot was not replayed (its parent is shown as
                // recorded): its row is too; the position after it is today's again.
                let before = agreed
                    .as_ref()
                    .expect("a line shown as recorded has a state");
                as_recorded_entry(ar, before, n, e)?;
                today = Some(s);
                continue;
            }
            if let Some(r) = opened.recorded {
                agreed = Some(r.agreed);
            }
        }
        let before = agreed
            .as_ref()
            .expect("a line shown as recorded has a state");
        as_recorded_entry(ar, before, n, e)?;
    }
    Ok(today
        .or(agreed)
        .expect("a line is replayed or shown as recorded"))
}

/// Each fork's other commands at `n`, described against the state before it.
fn describe_variations(
    ar: &Archive,
    before: &AnyState,
    n: &NodeInfo,
    e: &mut LineEntry,
) -> AppResult<()> {
    if !e.variations.is_empty() {
        let parent = n.parent.expect("a node after the root has a parent");
        for c in ar.children(parent)? {
            if let Some(v) = e.variations.iter_mut().find(|v| v.node == c.id) {
                v.command = c
                    .command
                    .as_ref()
                    .map(|cmd| before.rules().describe_command(before, cmd))
                    .unwrap_or_default();
            }
        }
    }
    Ok(())
}

/// An entry of a line today's rules part from, shown as recorded: its command in words
/// against `agreed` (the last position both agree on: a command's words name units and
/// hexes), its recorded dice, no results.
fn as_recorded_entry(
    ar: &Archive,
    agreed: &AnyState,
    n: &NodeInfo,
    e: &mut LineEntry,
) -> AppResult<()> {
    e.command = n
        .command
        .as_ref()
        .map(|c| agreed.rules().describe_command(agreed, c))
        .unwrap_or_default();
    e.dice = crate::play::dice_entries(n.id, &e.command, &ar.rolls(n.id)?, &[]);
    e.results = Vec::new();
    e.as_recorded = true;
    describe_variations(ar, agreed, n, e)?;
    e.described = true;
    Ok(())
}

/// Write a game file's tree into the archive: every node replayed and checked first, then
/// written in one transaction (a refusal writes nothing).
fn import_tree(
    ar: &mut Archive,
    tree: &kepi::archive::GameTree,
    path: &std::path::Path,
) -> AppResult<GameId> {
    ar.import_game(tree).map_err(|e| {
        AppError::new(
            ErrorCode::Archive,
            format!("{}: {e}; nothing was imported", path.display()),
        )
    })
}

/// A job's work: import the game file at `path` into the archive at `archive` (its own
/// connection; created if missing): read, parsed, every node replayed and checked, written in
/// one transaction. Cancelling is honoured until the writing starts.
pub fn import_game_job(
    job: &crate::jobs::Job,
    archive: Option<&std::path::Path>,
    path: &std::path::Path,
) -> Result<crate::transport::jobs::JobResult, crate::jobs::Stop> {
    job.progress(0, 3, format!("reading {}", path.display()), None);
    let tree = read_game_file(path)?;
    job.checkpoint()?;
    let nodes = tree.nodes.len() as u32;
    job.progress(
        1,
        3,
        format!("replaying and checking its {nodes} nodes, then writing them"),
        None,
    );
    let mut ar = crate::play::open_or_create(archive)?;
    job.checkpoint()?;
    let game = import_tree(&mut ar, &tree, path)?;
    job.progress(3, 3, "imported", None);
    Ok(crate::transport::jobs::JobResult::GameImported {
        path: path.display().to_string(),
        game,
        nodes,
        title: ar.game(game).map(|g| g.title).unwrap_or_default(),
    })
}

/// A game file read and parsed (at most 256 MiB); a problem names the file.
fn read_game_file(path: &std::path::Path) -> AppResult<kepi::archive::GameTree> {
    const MAX: u64 = 256 * 1024 * 1024;
    let size = std::fs::metadata(path)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", path.display())))?
        .len();
    if size > MAX {
        return Err(AppError::new(
            ErrorCode::InvalidArgument,
            format!(
                "{}: {size} bytes; a game file is at most {MAX}",
                path.display()
            ),
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| AppError::new(ErrorCode::Io, format!("{}: {e}", path.display())))?;
    kepi::archive::GameTree::from_text(&text)
        .map_err(|p| AppError::new(ErrorCode::InvalidArgument, p.in_file(path).to_string()))
}

/// Words typed in a search box as an FTS5 query: each word a prefix, all of them required;
/// anything but letters and digits is a separator, so no typed text is an FTS5 syntax error.
fn fts_words(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(16)
        .map(|w| format!("\"{w}\"*"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An annotation as the view may send it: text of at most 100,000 characters, at most 200
/// shapes, at most 32 tags of at most 64 characters (hexes and colours are checked by the core).
fn check_annotation(a: &AnnotationDto) -> AppResult<()> {
    let bad = |m: &str| Err(AppError::new(ErrorCode::InvalidArgument, m.to_string()));
    if a.text.chars().count() > 100_000 {
        return bad("annotation text: at most 100,000 characters");
    }
    if a.shapes.len() > 200 {
        return bad("annotation: at most 200 shapes");
    }
    if a.tags.len() > 32 || a.tags.iter().any(|t| t.chars().count() > 64) {
        return bad("annotation tags: at most 32, of at most 64 characters");
    }
    if a.text.trim().is_empty() && a.shapes.is_empty() && a.tags.is_empty() {
        return bad("an annotation needs text, a shape or a tag");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;
    use crate::transport::play::NewGameSpec;
    use kepi::library_index::{scenario_of, shipped_entries};

    #[test]
    fn a_recorded_game_is_stepped_through_node_by_node() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("r.kepidb");
        let e = shipped_entries()
            .into_iter()
            .find(|e| e.id == "rs-02-varese")
            .unwrap();
        let s = scenario_of(&e).unwrap();
        let mut play = Play::new(Some(db.clone()));
        let spec = NewGameSpec {
            key: String::new(),
            rules: Vec::new(),
            players: Vec::new(),
            seed: Some("5".into()),
            computer: None,
        };
        let game = play.start(&s, &spec).unwrap().view.game;
        play.auto_deploy().unwrap();
        let last = play.auto_deploy().unwrap();
        let mut r = Replay::new(Some(db));
        let opened = r.open(game).unwrap();
        assert_eq!(opened.line.last().map(|l| l.node), Some(last.node));
        assert!(
            opened
                .line
                .iter()
                .all(|l| l.command.starts_with("Deploy") || !l.command.is_empty())
        );
        // The last node's position is the one play showed; the root has every unit off the map.
        let at = r.at(last.node).unwrap();
        assert_eq!(at.state_hash, last.state_hash);
        let root = r.at(opened.root).unwrap();
        assert!(root.board.counters.iter().all(|c| c.place == "off"));
        // A node of no game, or of another game, is refused.
        assert!(r.at(999_999).is_err());
    }

    /// A game of Fatehpur recorded in a new archive at `db` (dice and random player seeded
    /// with `seed`): the archive, the game, its root's state and the random player.
    fn fatehpur(
        db: &std::path::Path,
        seed: u64,
    ) -> (
        Archive,
        GameId,
        NodeId,
        AnyState,
        Box<dyn kepi::engine::game::AnyPlayer>,
    ) {
        let s = scenario_of(
            &shipped_entries()
                .into_iter()
                .find(|e| e.id == "rs-01-fatehpur")
                .unwrap(),
        )
        .unwrap();
        let mut ar = Archive::open(db).unwrap();
        let game = ar
            .create_game(&s, &serde_json::json!({}), seed, &[])
            .unwrap();
        let root = ar.root(game).unwrap().id;
        let state = ar.state_at(root).unwrap();
        let player = state.rules().random_player(seed);
        (ar, game, root, state, player)
    }

    /// Issue 37: the move list shows rows as recorded from where the record and today's
    /// replay part, and as replayed again after a snapshot below (the record's own state)
    /// where the two agree again. A same-version parting is made here by changing the recorded
    /// hashes of plies 40-63 (then the command of ply 128), so no rules change is switched on
    /// for the whole process.
    #[test]
    fn rows_are_shown_as_recorded_from_a_parting_until_a_snapshot_agrees_again() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("p.kepidb");
        let (mut ar, game, mut node, mut state, mut policy) = fatehpur(&db, 7);
        // Past the snapshot at ply 128, and short enough to be described whole.
        for _ in 0..150 {
            if state.progress().over {
                break;
            }
            let cmd = policy.next(&state);
            let (n, applied) = ar
                .play(node, &cmd, &mut std::collections::VecDeque::new())
                .unwrap();
            node = n;
            state = applied.state;
        }
        let line = ar.main_line(game).unwrap();
        assert!(
            line.len() > 140 && line.len() <= DESCRIBED_WHOLE,
            "a game past its second snapshot ply"
        );
        drop(ar);
        // A replay that parts at ply 40 and stays apart down to the snapshot at ply 64 (the
        // record's own state): the hashes of plies 40-63 no state of today's replay has.
        let c = rusqlite::Connection::open(&db).unwrap();
        for n in &line[40..64] {
            c.execute(
                "UPDATE nodes SET state_hash = X'0000000000000000' WHERE id = ?1",
                [n.id],
            )
            .unwrap();
        }
        drop(c);

        let mut r = Replay::new(Some(db));
        let opened = r.open(game).unwrap();
        let rec: Vec<(i64, bool)> = opened
            .line
            .iter()
            .map(|l| {
                (
                    line.iter().find(|n| n.id == l.node).unwrap().ply,
                    l.as_recorded,
                )
            })
            .collect();
        for &(ply, shown_recorded) in &rec {
            assert_eq!(
                shown_recorded,
                (40..=64).contains(&ply),
                "ply {ply}: recorded from the parting (40) to the snapshot at 64, whose step \
                 was not replayed"
            );
        }
        assert!(
            opened
                .line
                .iter()
                .all(|l| l.described && !l.command.is_empty())
        );
        // Recorded under today's own rules: the note says the record may be damaged.
        let note = r
            .at(line[50].id)
            .unwrap()
            .as_recorded
            .expect("shown as recorded");
        assert!(
            note.contains("today's own, yet from game-turn") && note.contains("may be damaged"),
            "{note}"
        );
        assert!(r.at(line[64].id).unwrap().as_recorded.is_none());
        assert!(r.at(line[70].id).unwrap().as_recorded.is_none());

        // A parting on a snapshot ply (the step into ply 128 fails; its snapshot and hash
        // stand): that row alone is shown as recorded, the replay going on from the snapshot.
        let c = rusqlite::Connection::open(dir.path().join("p.kepidb")).unwrap();
        c.execute(
            "UPDATE nodes SET command = NULL WHERE id = ?1",
            [line[128].id],
        )
        .unwrap();
        drop(c);
        let opened = r.open(game).unwrap();
        for l in &opened.line {
            let ply = line.iter().find(|n| n.id == l.node).unwrap().ply;
            assert_eq!(
                l.as_recorded,
                (40..=64).contains(&ply) || ply == 128,
                "ply {ply}"
            );
        }
    }

    #[test]
    fn what_if_a_roll_had_been_another_face_promote_rename_delete() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("w.kepidb");
        // A game played by the random player until a one-die roll is made.
        let (mut ar, game, mut node, mut state, mut random) = fatehpur(&db, 3);
        let rolled = loop {
            let cmd = random.next(&state);
            let (n, applied) = ar.play(node, &cmd, &mut Default::default()).unwrap();
            node = n;
            state = applied.state;
            if !applied.rolls.is_empty() {
                break n;
            }
        };
        drop(ar);
        let face = ar_roll(&db, rolled);
        let other = if face == 6 { 1 } else { 6 };
        let mut r = Replay::new(Some(db.clone()));
        r.open(game).unwrap();
        let w = r.what_if(rolled, 0, other).unwrap();
        assert!(
            !w.main,
            "the line through the new variation is not the main line"
        );
        let new = w.line.last().unwrap();
        assert_eq!(new.dice[0].faces, vec![other]);
        assert!(new.dice[0].forced);
        assert!(new.name.as_deref().unwrap().starts_with("what if"));
        assert_eq!(new.variations.len(), 1, "the original is its variation");
        assert_eq!(new.variations[0].node, rolled);
        assert!(r.what_if(rolled, 0, 7).is_err(), "a d6 has no 7");
        assert!(r.what_if(rolled, 5, 1).is_err(), "no sixth roll");
        // Promoted, renamed, then the original deleted: the main line is the new one.
        let p = r.promote(new.node).unwrap();
        assert!(p.main);
        let n = r.rename(new.node, "Six instead").unwrap();
        assert_eq!(n.line.last().unwrap().name.as_deref(), Some("Six instead"));
        // An annotation with text, an arrow and a highlight; edited, then deleted.
        let a = AnnotationDto {
            id: 0,
            node: 0,
            author: String::new(),
            text: "The **forced** six".into(),
            shapes: vec![
                crate::transport::play::ShapeDto::Arrow {
                    from: "1005".into(),
                    to: "1006".into(),
                    color: "#c62828".into(),
                },
                crate::transport::play::ShapeDto::Highlight {
                    hex: "1005".into(),
                    color: "#1565c0".into(),
                },
            ],
            tags: vec!["Turning point".into()],
            created: String::new(),
            updated: String::new(),
        };
        let list = r.annotate(new.node, &a).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].tags, ["turning point"]);
        assert_eq!(r.at(new.node).unwrap().annotations, list);
        let mut bad = a.clone();
        bad.shapes = vec![crate::transport::play::ShapeDto::Highlight {
            hex: "1005".into(),
            color: "red".into(),
        }];
        assert!(r.annotate(new.node, &bad).is_err(), "a colour is #rrggbb");
        let mut edited = list[0].clone();
        edited.text = "Changed".into();
        assert_eq!(r.annotate(new.node, &edited).unwrap()[0].text, "Changed");
        assert!(r.delete_annotation(new.node, edited.id).unwrap().is_empty());
        // The game file: exported with its variation and annotation, imported back as a new
        // game; a tampered copy is refused naming the node, and nothing is written.
        let file = dir.path().join("game.json");
        assert!(r.export_game(game, &file).unwrap() > 1);
        let again = import(&db, &file).unwrap();
        assert_ne!(again, game);
        let text = std::fs::read_to_string(&file).unwrap();
        let hash = &r.at(new.node).unwrap().state_hash;
        let bad = dir.path().join("bad.json");
        std::fs::write(
            &bad,
            // The file has the hash as the archive keeps it: its first 16 digits.
            text.replacen(&hash[..16], "0123456789abcdef", 1),
        )
        .unwrap();
        let games = Archive::open(&db).unwrap().games().unwrap().len();
        let e = import(&db, &bad).unwrap_err();
        assert!(e.message.contains("nothing was imported"), "{}", e.message);
        assert_eq!(Archive::open(&db).unwrap().games().unwrap().len(), games);
        // Found by a word of the note as typed (a prefix, punctuation ignored), with its node.
        let spec = |text: &str, tag: Option<&str>| SearchSpec {
            text: text.into(),
            scenario: None,
            ruleset: None,
            tag: tag.map(Into::into),
            result: None,
            from: None,
            to: None,
        };
        let mut keep = a.clone();
        keep.text = "The decisive volley".into();
        r.annotate(new.node, &keep).unwrap();
        let hits = r.search(&spec("decis \"(", None)).unwrap();
        assert!(hits.iter().any(|h| h.node == Some(new.node)), "{hits:?}");
        assert!(
            r.search(&spec("", Some("Turning Point")))
                .unwrap()
                .iter()
                .any(|h| h.node == Some(new.node))
        );
        assert!(r.search(&spec("nowhere", None)).unwrap().is_empty());
        // The rule system's filter.
        let system = |key: &str| SearchSpec {
            ruleset: Some(key.into()),
            ..spec("decis", None)
        };
        let own = state.rules().key();
        let other = kepi::engine::game::registry::all()
            .into_iter()
            .map(|r| r.key())
            .find(|k| *k != own)
            .unwrap();
        assert!(!r.search(&system(own)).unwrap().is_empty());
        assert!(r.search(&system(other)).unwrap().is_empty());
        let d = r.delete(rolled).unwrap();
        assert!(d.line.iter().all(|l| l.variations.is_empty()));
        assert!(
            Archive::open(&r.archive_path.clone().unwrap())
                .unwrap()
                .verify_game(game)
                .is_ok()
        );
    }

    #[test]
    fn a_long_line_is_opened_around_its_position_and_described_in_pages() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("l.kepidb");
        let s = scenario_of(
            &shipped_entries()
                .into_iter()
                .find(|e| e.id == "rs-01-fatehpur")
                .unwrap(),
        )
        .unwrap();
        // A game of more than DESCRIBED_WHOLE commands by the random player, and a variation.
        let mut ar = Archive::open(&db).unwrap();
        let game = ar.create_game(&s, &serde_json::json!({}), 7, &[]).unwrap();
        let mut node = ar.root(game).unwrap().id;
        let mut state = ar.state_at(node).unwrap();
        let mut random = state.rules().random_player(7);
        let mut line = Vec::new();
        while line.len() < DESCRIBED_WHOLE + 100 && !state.progress().over {
            let cmd = random.next(&state);
            let (n, applied) = ar.play(node, &cmd, &mut Default::default()).unwrap();
            (node, state) = (n, applied.state);
            line.push(n);
        }
        assert!(line.len() > DESCRIBED_WHOLE, "{} commands", line.len());
        let fork = line[line.len() - 30];
        let parent = ar.node(fork).unwrap().parent.unwrap();
        let other = {
            let before = ar.state_at(parent).unwrap();
            let cmd = before.rules().random_player(99).next(&before);
            ar.play(parent, &cmd, &mut Default::default()).unwrap().0
        };
        let (_, whole) = crate::play::replay_line(&ar, node).unwrap();
        drop(ar);
        let mut r = Replay::new(Some(db));
        let o = r.open(game).unwrap();
        assert_eq!(o.tip, node);
        assert_eq!(o.line.len(), line.len());
        assert_eq!(o.position.as_ref().unwrap().node, node);
        // Described: the rows around the position opened (the end), not the start.
        let n = o.line.len();
        assert!(o.line[n - FIRST_BEFORE..].iter().all(|l| l.described));
        assert!(
            o.line[..n - FIRST_BEFORE]
                .iter()
                .all(|l| !l.described && l.command.is_empty())
        );
        assert!(o.main);
        // The fork's other command is listed (undescribed yet) with the skeleton.
        let k = line.len() - 30;
        assert_eq!(o.line[k].variations[0].node, other);
        // Pages: the whole line as replayed at once, turn, phase and player as the rows say.
        let mut paged = Vec::new();
        while paged.len() < n {
            paged.extend(r.moves(o.tip, paged.len(), 128).unwrap());
        }
        assert_eq!(paged.len(), n);
        for (p, w) in paged.iter().zip(&whole) {
            assert!(p.described);
            assert_eq!(p.node, w.node);
            assert_eq!(p.command, w.command);
            assert_eq!(p.results, w.results);
            assert_eq!(p.dice.len(), w.dice.len());
            assert_eq!(
                (p.turn, &p.phase, p.player),
                (w.progress.turn, &w.progress.phase, w.progress.player)
            );
        }
        // The rows before they were described said the same turn, phase, player and fork.
        for (p, l) in paged.iter().zip(&o.line) {
            assert_eq!((p.turn, &p.phase, p.player), (l.turn, &l.phase, l.player));
            assert_eq!((p.first, &p.name), (l.first, &l.name));
            assert_eq!(p.variations.len(), l.variations.len());
            if l.described {
                assert_eq!(p.command, l.command);
            }
        }
        assert!(!paged[k].variations[0].command.is_empty());
        // Another line's tip, a page too long, or a start past the end are refused.
        assert!(r.moves(other, 0, 10).is_err());
        assert!(r.moves(o.tip, 0, PAGE_MAX + 1).is_err());
        assert!(r.moves(o.tip, n + 1, 1).is_err());
        assert!(r.moves(o.tip, n, 10).unwrap().is_empty());
        // Opened through the variation: that line, the position at it.
        let v = r.open_line(game, Some(other)).unwrap();
        assert!(!v.main);
        assert_eq!(v.position.as_ref().unwrap().node, other);
        let at = v.line.iter().position(|l| l.node == other).unwrap();
        assert!(v.line[at].described && v.line[at].variations[0].node == fork);
        assert_eq!(v.line[at].variations[0].command, paged[k].command);
    }

    /// Import a game file as the app does: a job with its own connection to the archive.
    fn import(db: &std::path::Path, file: &std::path::Path) -> Result<GameId, AppError> {
        use crate::jobs::tests::{channel, until_finished};
        use crate::transport::jobs::{JobKind, JobResult};
        let jobs = std::sync::Arc::new(crate::jobs::Jobs::default());
        let (sink, rx) = channel();
        let (db, file) = (db.to_path_buf(), file.to_path_buf());
        jobs.start(JobKind::GameImport, sink, move |job| {
            import_game_job(job, Some(&db), &file)
        })
        .unwrap();
        let (progress, f) = until_finished(&rx);
        assert!(progress.len() >= 2, "{progress:?}");
        match (f.result, f.error) {
            (Some(JobResult::GameImported { game, nodes, .. }), None) => {
                assert!(nodes > 1);
                Ok(game)
            }
            (_, Some(e)) => Err(e),
            other => panic!("{other:?}"),
        }
    }

    fn ar_roll(db: &std::path::Path, node: NodeId) -> u8 {
        Archive::open(db).unwrap().rolls(node).unwrap()[0].faces[0]
    }
}

//! The replay view's state: one game of the archive open for review at one line (the main line,
//! or the line through a variation), replayed once (hash for hash, with the recorded dice) into
//! a move list; each position is opened from the archive (`Archive::state_at`, from the nearest
//! snapshot). What writes: "what if" (a command played again with a forced roll, as a new
//! variation), promoting, naming and deleting variations.

use crate::play::{replay_line_each, rules_of, side_dto};
use crate::transport::play::{
    AnnotationDto, HitDto, LineEntry, ReplayOpened, ReplayPosition, SearchSpec, VariationDto,
    mirror,
};
use crate::transport::{self, AppError, AppResult, ErrorCode};
use kepi::archive::Annotation;
use kepi::archive::{Archive, GameId, NodeId};
use kepi::editor::Document;
use std::path::PathBuf;

pub struct Replay {
    archive_path: Option<PathBuf>,
    archive: Option<Archive>,
    game: Option<GameId>,
}

impl Replay {
    pub fn new(archive: Option<PathBuf>) -> Replay {
        Replay {
            archive_path: archive,
            archive: None,
            game: None,
        }
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
    /// root to it, then first children to the end.
    pub fn open_line(&mut self, game: GameId, through: Option<NodeId>) -> AppResult<ReplayOpened> {
        let ar = self.archive()?;
        let info = ar.game(game)?;
        let scenario = ar.game_setup(game)?.scenario()?;
        rules_of(&scenario)?;
        let root = ar.root(game)?.id;
        let tip = match through {
            Some(n) => {
                let at = ar.node(n)?;
                if at.game != game {
                    return Err(AppError::new(
                        ErrorCode::InvalidArgument,
                        format!("node {n} is not a node of game {game}"),
                    ));
                }
                ar.line_from(at)?
                    .last()
                    .expect("a line has its first node")
                    .id
            }
            None => ar.tip(game)?.id,
        };
        // Each fork's other commands are described against the state before them, which the
        // replay of the line passes by (no position is opened again).
        let mut forks: std::collections::HashMap<
            NodeId,
            (Vec<VariationDto>, bool, Option<String>),
        > = std::collections::HashMap::new();
        let (state, steps) = replay_line_each(ar, tip, |before, n| {
            let parent = n.parent.ok_or_else(|| {
                AppError::new(
                    ErrorCode::Archive,
                    format!("node {}: a command without the node before it", n.id),
                )
            })?;
            let siblings = ar.children(parent)?;
            let first = siblings.first().is_some_and(|c| c.id == n.id);
            let name = siblings
                .iter()
                .find(|c| c.id == n.id)
                .and_then(|c| c.name.clone());
            let variations = siblings
                .iter()
                .filter(|c| c.id != n.id)
                .map(|c| VariationDto {
                    node: c.id,
                    name: c.name.clone(),
                    command: c
                        .command
                        .as_ref()
                        .map(|cmd| before.rules().describe_command(before, cmd))
                        .unwrap_or_default(),
                })
                .collect();
            forks.insert(n.id, (variations, first, name));
            Ok(())
        })?;
        let ids: Vec<NodeId> = steps.iter().map(|s| s.node).collect();
        let mut notes = ar.annotation_counts(&ids)?;
        let mut line = Vec::with_capacity(steps.len());
        let mut main = true;
        for s in steps {
            let (variations, first, name) = forks.remove(&s.node).unwrap_or_default();
            main &= first;
            line.push(LineEntry {
                annotations: notes.remove(&s.node).unwrap_or(0),
                node: s.node,
                name,
                first,
                variations,
                command: s.command,
                turn: s.progress.turn,
                phase: s.progress.phase,
                player: s.progress.player,
                dice: s.dice,
                results: s.results,
            });
        }
        self.game = Some(game);
        let position = Some(self.at(through.unwrap_or(tip))?);
        Ok(ReplayOpened {
            map: transport::map_view(&Document::from_map(&scenario.map), None),
            game,
            title: info.title,
            players: info.players,
            sides: state
                .sides()
                .iter()
                .map(|x| side_dto(&x.id, &x.name, &x.color))
                .collect(),
            root,
            line,
            main,
            last_turn: state.progress().last_turn,
            result: state.result_words().map(|(w, why)| format!("{w}: {why}")),
            position,
        })
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

    /// The position at a node of the open game.
    pub fn at(&mut self, node: NodeId) -> AppResult<ReplayPosition> {
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
        let s = ar.state_at(node)?;
        Ok(ReplayPosition {
            node,
            annotations: ar.annotations(node)?.iter().map(mirror).collect(),
            board: mirror(&s.rules().board(&s)),
            progress: mirror(&s.progress()),
            victory: s.victory().iter().map(mirror).collect(),
            state_hash: s.hash(),
        })
    }
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

    #[test]
    fn what_if_a_roll_had_been_another_face_promote_rename_delete() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("w.kepidb");
        let s = scenario_of(
            &shipped_entries()
                .into_iter()
                .find(|e| e.id == "rs-01-fatehpur")
                .unwrap(),
        )
        .unwrap();
        // A game played by the random player until a one-die roll is made.
        let mut ar = Archive::open(&db).unwrap();
        let game = ar.create_game(&s, &serde_json::json!({}), 3, &[]).unwrap();
        let mut node = ar.root(game).unwrap().id;
        let mut state = ar.state_at(node).unwrap();
        let mut random = state.rules().random_player(3);
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
            text.replacen(hash.as_str(), "0123456789abcdef0123456789abcdef", 1),
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
        assert!(!r.search(&system("rifle-and-saber")).unwrap().is_empty());
        assert!(r.search(&system("age-of-rifles")).unwrap().is_empty());
        let d = r.delete(rolled).unwrap();
        assert!(d.line.iter().all(|l| l.variations.is_empty()));
        assert!(
            Archive::open(&r.archive_path.clone().unwrap())
                .unwrap()
                .verify_game(game)
                .is_ok()
        );
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

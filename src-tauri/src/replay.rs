//! The replay view's state: one game of the archive open for review, its main line replayed
//! once (hash for hash, with the recorded dice) into a move list; each position is opened from
//! the archive (`Archive::state_at`, from the nearest snapshot). Nothing here writes.

use crate::play::{replay_line, rules_of, side_dto};
use crate::transport::play::{LineEntry, ReplayOpened, ReplayPosition, mirror};
use crate::transport::{self, AppError, AppResult, ErrorCode};
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
        let ar = self.archive()?;
        let info = ar.game(game)?;
        let scenario = ar.game_setup(game)?.scenario()?;
        rules_of(&scenario)?;
        let root = ar.root(game)?.id;
        let tip = ar.tip(game)?.id;
        let (state, steps) = replay_line(ar, tip)?;
        let line = steps
            .into_iter()
            .map(|s| LineEntry {
                node: s.node,
                command: s.command,
                turn: s.progress.turn,
                phase: s.progress.phase,
                player: s.progress.player,
                dice: s.dice,
                results: s.results,
            })
            .collect();
        self.game = Some(game);
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
            last_turn: state.progress().last_turn,
            result: state.result_words().map(|(w, why)| format!("{w}: {why}")),
        })
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
            board: mirror(&s.rules().board(&s)),
            progress: mirror(&s.progress()),
            victory: s.victory().iter().map(mirror).collect(),
            state_hash: s.hash(),
        })
    }
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
}

//! `kepi new`, `legal`, `play`, `state` and `autoplay`: games as JSON files.

use super::Outcome;
use kepi::engine::rifle_and_saber::autoplay::Policy;
use kepi::engine::rifle_and_saber::describe::{describe_command, describe_event, parse_command};
use kepi::engine::rifle_and_saber::state::{Location, Phase, State};
use kepi::engine::rifle_and_saber::{Event, GameOptions};
use kepi::engine::{RifleAndSaber, Ruleset};
use kepi::game::GameRecord;
use kepi::library::{load_scenario, read_text};
use std::collections::VecDeque;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Optional rules as `--rule NAME=on|off`.
fn options(rules: &[String]) -> Result<GameOptions, String> {
    let mut o = GameOptions::default();
    for r in rules {
        let (name, value) = r
            .split_once('=')
            .ok_or_else(|| format!("--rule {r}: write NAME=on or NAME=off"))?;
        let on = match value {
            "on" => true,
            "off" => false,
            _ => return Err(format!("--rule {r}: the value is on or off")),
        };
        match name {
            "morale" => o.morale = on,
            "improved_positions" => o.improved_positions = on,
            "trenches" => o.trenches = on,
            "range_effects" => o.range_effects = on,
            "road_movement" => o.road_movement = on,
            _ => {
                return Err(format!(
                    "--rule {r}: unknown rule; the optional rules are morale, \
                     improved_positions, trenches, range_effects, road_movement"
                ));
            }
        }
    }
    Ok(o)
}

fn load_game(path: &Path) -> Result<(GameRecord, State), String> {
    let text = read_text(path).map_err(|p| p.to_string())?;
    let game = GameRecord::from_text(&text).map_err(|p| p.in_file(path).to_string())?;
    let state = game
        .replay(None)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((game, state))
}

/// Write through a temporary file and a rename, so a crash never leaves half a file.
fn save_game(path: &Path, game: &GameRecord) -> Result<(), String> {
    kepi::atomic::write_atomic(path, game.to_text().as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn print_events(state: &State, events: &[Event]) {
    for e in events {
        if let Some(line) = describe_event(state, e) {
            outln!("  {line}");
        }
    }
}

/// Play the deploying sides with the random policy, recording every command.
fn auto_deploy(game: &mut GameRecord, mut state: State, seed: u64) -> Result<State, String> {
    let mut policy = Policy::new(seed);
    while state.phase == Phase::Deployment {
        let cmd = policy.next(&state);
        let (next, _) = game
            .play(&state, cmd.clone(), Default::default())
            .map_err(|e| format!("auto-deploy: {}: {e}", describe_command(&state, &cmd)))?;
        state = next;
    }
    Ok(state)
}

#[derive(clap::Args)]
pub struct NewArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// Seed of the live dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Deploy both sides legally at random (seeded).
    #[arg(long)]
    auto_deploy: bool,
    /// Optional rules: morale, improved_positions, trenches, range_effects, road_movement
    /// (e.g. --rule range_effects=on).
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// The game file to write...
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// ...or the archive to record the game in (every command and roll, with branches).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Player names, one per side, in the scenario's order.
    #[arg(long = "player")]
    players: Vec<String>,
}

pub fn new(a: NewArgs) -> Outcome {
    let scenario = load_scenario(&a.scenario).map_err(|p| p.to_string())?;
    let opts = options(&a.rules)?;
    if a.db.is_some() || a.out.is_none() {
        let mut ar = super::archive::open(&a.db)?;
        let id = ar
            .create_game(&scenario, opts, a.seed, &a.players)
            .map_err(|e| e.to_string())?;
        let mut node = ar.root(id).map_err(|e| e.to_string())?.id;
        let mut state = ar.state_at(node).map_err(|e| e.to_string())?;
        if a.auto_deploy {
            let mut policy = Policy::new(a.seed);
            while state.phase == Phase::Deployment {
                let cmd = policy.next(&state);
                let (n, next, _) = ar
                    .play(node, cmd, &mut VecDeque::new())
                    .map_err(|e| format!("auto-deploy: {e}"))?;
                node = n;
                state = next;
            }
        }
        outln!(
            "game {id} of '{}' (seed {}) in {}, at node {node}: {} — {}",
            scenario.file.title,
            a.seed,
            ar.path().display(),
            state.phase.name(),
            state.setup.sides[state.player].name
        );
        return Ok(ExitCode::SUCCESS);
    }
    let out = a.out.expect("checked");
    let mut game = GameRecord::new(&scenario, opts, a.seed);
    let mut state = RifleAndSaber
        .start(&scenario, &opts)
        .map_err(|e| e.to_string())?;
    if a.auto_deploy {
        state = auto_deploy(&mut game, state, a.seed)?;
    }
    save_game(&out, &game)?;
    outln!(
        "{}: new game of '{}' (seed {}), {} — {}",
        out.display(),
        scenario.file.title,
        a.seed,
        state.phase.name(),
        state.setup.sides[state.player].name
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct LegalArgs {
    /// A game file (or use --db with --game / --node).
    game: Option<PathBuf>,
    #[arg(long)]
    db: Option<PathBuf>,
    #[arg(long = "game")]
    game_id: Option<i64>,
    #[arg(long)]
    node: Option<i64>,
    /// One command a line as JSON (for `kepi play --script`).
    #[arg(long)]
    json: bool,
}

/// The state a command targets: a game file, or a node of an archived game (default: the end
/// of the main line).
fn target_state(
    file: &Option<PathBuf>,
    db: &Option<PathBuf>,
    game: Option<i64>,
    node: Option<i64>,
) -> Result<State, String> {
    match (file, game, node) {
        (Some(f), None, None) => Ok(load_game(f)?.1),
        (None, g, n) if g.is_some() || n.is_some() => {
            let ar = super::archive::open(db)?;
            let node = match (n, g) {
                (Some(n), _) => n,
                (None, Some(g)) => ar.tip(g).map_err(|e| e.to_string())?.id,
                _ => unreachable!(),
            };
            ar.state_at(node).map_err(|e| e.to_string())
        }
        _ => Err("give a game file, or --game ID / --node N (with --db)".into()),
    }
}

pub fn legal(a: LegalArgs) -> Outcome {
    let state = target_state(&a.game, &a.db, a.game_id, a.node)?;
    let commands = RifleAndSaber.legal(&state);
    for c in &commands {
        if a.json {
            outln!("{}", serde_json::to_string(c).map_err(|e| e.to_string())?);
        } else {
            outln!("{}", describe_command(&state, c));
        }
    }
    if !a.json {
        outln!("{} legal command(s)", commands.len());
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A game file (or use --db with --game / --node).
    game: Option<PathBuf>,
    #[arg(long)]
    db: Option<PathBuf>,
    /// An archived game: play on from the end of its main line...
    #[arg(long = "game")]
    game_id: Option<i64>,
    /// ...or from this node (a node with children gets a new variation).
    #[arg(long)]
    node: Option<i64>,
    /// Commands, one JSON object a line ('-' for standard input); units by label or number,
    /// hexes by name: {"type": "move", "unit": "British MZ 3", "path": ["0812", "0813"]}.
    #[arg(long)]
    script: PathBuf,
    /// Faces for the next rolls, in order (forced, recorded as such): --dice 6,3
    #[arg(long, value_delimiter = ',')]
    dice: Vec<u8>,
}

pub fn play(a: PlayArgs) -> Outcome {
    let reader: Box<dyn BufRead> = if a.script.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(&a.script)
                .map_err(|e| format!("{}: cannot read: {e}", a.script.display()))?,
        ))
    };
    let mut queue: VecDeque<u8> = a.dice.into_iter().collect();
    // Where the commands go: an archived game (each command recorded as a node) or a file.
    enum Target {
        Archive(kepi::archive::Archive, i64),
        File(PathBuf, GameRecord),
    }
    let (mut target, mut state) = match &a.game {
        None => {
            let ar = super::archive::open(&a.db)?;
            let node = match (a.node, a.game_id) {
                (Some(n), _) => n,
                (None, Some(g)) => ar.tip(g).map_err(|e| e.to_string())?.id,
                _ => return Err("give a game file, or --game ID / --node N (with --db)".into()),
            };
            let state = ar.state_at(node).map_err(|e| e.to_string())?;
            (Target::Archive(ar, node), state)
        }
        Some(file) => {
            let (game, state) = load_game(file)?;
            (Target::File(file.clone(), game), state)
        }
    };
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let where_ = format!("{} line {}", a.script.display(), n + 1);
        let value: serde_json::Value =
            serde_json::from_str(t).map_err(|e| format!("{where_}: not JSON: {e}"))?;
        let cmd = parse_command(&state, value).map_err(|e| format!("{where_}: {e}"))?;
        outln!("{}", describe_command(&state, &cmd));
        let refused = |e: String| format!("{where_}: refused: {e}");
        let (next, events) = match &mut target {
            Target::Archive(ar, node) => {
                let (id, next, events) = ar
                    .play(*node, cmd, &mut queue)
                    .map_err(|e| refused(e.to_string()))?;
                *node = id;
                outln!("  recorded as node {id}");
                (next, events)
            }
            Target::File(file, game) => {
                let r = game
                    .play_queued(&state, cmd, &mut queue)
                    .map_err(|e| refused(e.to_string()))?;
                // Each command is saved as soon as it is applied.
                save_game(file, game)?;
                r
            }
        };
        print_events(&next, &events);
        state = next;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct StateArgs {
    game: PathBuf,
    /// The state as JSON, with its hash.
    #[arg(long)]
    json: bool,
    /// After this many commands (default: all).
    #[arg(long)]
    at: Option<usize>,
}

pub fn state(a: StateArgs) -> Outcome {
    let text = read_text(&a.game).map_err(|p| p.to_string())?;
    let game = GameRecord::from_text(&text).map_err(|p| p.in_file(&a.game).to_string())?;
    let s = game
        .replay(a.at)
        .map_err(|e| format!("{}: {e}", a.game.display()))?;
    if a.json {
        let mut v = serde_json::to_value(&s).map_err(|e| e.to_string())?;
        v["hash"] = serde_json::Value::String(s.hash());
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let p = RifleAndSaber.progress(&s);
    outln!(
        "{} — game-turn {} of {}, {} {}{}",
        s.setup.title,
        p.turn,
        p.last_turn,
        s.setup.sides[p.player].name,
        p.phase,
        p.waiting_for
            .map(|w| format!(" (waiting for {w})"))
            .unwrap_or_default()
    );
    if let Some(o) = &s.outcome {
        outln!(
            "Result: {} — {}",
            o.winner
                .map(|w| format!("{} wins", s.setup.sides[w].name))
                .unwrap_or_else(|| "no winner".into()),
            o.reason
        );
    }
    for side in 0..2 {
        outln!(
            "{} (morale {:?}):",
            s.setup.sides[side].name,
            s.morale[side]
        );
        for u in (0..s.units.len()).filter(|&u| s.side_of(u) == side) {
            let unit = &s.units[u];
            let at = match unit.location {
                Location::Hex(h) => s.setup.name(h),
                Location::Off => "not on the map yet".into(),
                Location::Exited => "left the map".into(),
                Location::Eliminated => "eliminated".into(),
            };
            let mut notes = Vec::new();
            if unit.disrupted() {
                notes.push("disrupted");
            }
            if unit.limbered {
                notes.push("limbered");
            }
            if unit.mounted_kind.is_some() {
                notes.push("dismounted");
            }
            if unit.road_mode {
                notes.push("road mode");
            }
            outln!("  {:<24} {:<20} {}", s.label(u), at, notes.join(", "));
        }
    }
    outln!("state hash {}", s.hash());
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct AutoplayArgs {
    scenario: PathBuf,
    /// Seed of the first game; game k uses seed + k for dice and moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 1)]
    games: u64,
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// Save each game as DIR/<scenario>-<seed>.json.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Record every game in this archive, each command in its own transaction.
    #[arg(long)]
    db: Option<PathBuf>,
}

pub fn autoplay(a: AutoplayArgs) -> Outcome {
    let scenario = load_scenario(&a.scenario).map_err(|p| p.to_string())?;
    let opts = options(&a.rules)?;
    let mut archive = match &a.db {
        // Generated games are written thousands a second and cheap to make again: synced at
        // checkpoints only (docs/archive.md "Durability").
        Some(_) => Some(
            super::archive::open(&a.db)?
                .with_durability(kepi::archive::Durability::Batch)
                .map_err(|e| e.to_string())?,
        ),
        None => None,
    };
    for k in 0..a.games {
        let seed = a.seed + k;
        if let Some(ar) = archive.as_mut() {
            let id = ar
                .create_game(&scenario, opts, seed, &[])
                .map_err(|e| e.to_string())?;
            let mut node = ar.root(id).map_err(|e| e.to_string())?.id;
            let mut state = ar.state_at(node).map_err(|e| e.to_string())?;
            let mut policy = Policy::new(seed);
            let mut plies = 0;
            while state.phase != Phase::Over {
                let cmd = policy.next(&state);
                let (n, next, _) = ar
                    .play(node, cmd, &mut VecDeque::new())
                    .map_err(|e| format!("seed {seed}: {e}"))?;
                node = n;
                state = next;
                plies += 1;
            }
            let o = state.outcome.clone().expect("over");
            outln!(
                "seed {seed}: game {id}, {} after {plies} commands: {}",
                o.winner
                    .map(|w| format!("{} wins", state.setup.sides[w].name))
                    .unwrap_or_else(|| "no winner".into()),
                o.reason
            );
            continue;
        }
        let mut game = GameRecord::new(&scenario, opts, seed);
        let mut state = RifleAndSaber
            .start(&scenario, &opts)
            .map_err(|e| e.to_string())?;
        let mut policy = Policy::new(seed);
        let mut fights = 0;
        while state.phase != Phase::Over {
            let cmd = policy.next(&state);
            let (next, events) = game
                .play(&state, cmd.clone(), Default::default())
                .map_err(|e| format!("seed {seed}: {}: {e}", describe_command(&state, &cmd)))?;
            fights += events
                .iter()
                .filter(|e| matches!(e, Event::FireResolved { .. } | Event::ShockResolved { .. }))
                .count();
            state = next;
        }
        let o = state.outcome.clone().expect("over");
        outln!(
            "seed {seed}: {} after {} commands, {} combats, losses {}-{}: {}",
            o.winner
                .map(|w| format!("{} wins", state.setup.sides[w].name))
                .unwrap_or_else(|| "no winner".into()),
            game.moves.len(),
            fights,
            state.eliminated[0],
            state.eliminated[1],
            o.reason
        );
        if let Some(dir) = &a.save {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            save_game(
                &dir.join(format!("{}-{seed}.json", scenario.file.id)),
                &game,
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

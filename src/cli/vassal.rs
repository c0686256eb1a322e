//! `kepi vassal export`: a scenario, or a game's position, as a VASSAL module.

use super::Outcome;
use crate::game::GameRecord;
use crate::library::load_scenario;
use crate::vassal::{self, DEFAULT_HEX_SIZE, ExportOptions};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Write a VASSAL module (.vmod): the map with its hex grid, counter trays, set-up, dice,
    /// turn counter and the scenario as its help page.
    Export(ExportArgs),
}

#[derive(clap::Args)]
pub struct ExportArgs {
    /// The scenario file (optional with --game or --db, whose scenario is used).
    #[arg(required_unless_present_any = ["game", "db"])]
    scenario: Option<PathBuf>,
    /// The module file to write.
    #[arg(long, value_name = "FILE.vmod")]
    out: PathBuf,
    /// Pixels across one hex of the board picture, corner to corner.
    #[arg(long, value_name = "PX", default_value_t = DEFAULT_HEX_SIZE)]
    hex_size: u32,
    /// A game file: its current position is set up on the map.
    #[arg(long, value_name = "GAME", conflicts_with = "db")]
    game: Option<PathBuf>,
    /// An archive: the position at --node is set up on the map.
    #[arg(long, value_name = "DB", requires = "node")]
    db: Option<PathBuf>,
    #[arg(long, value_name = "N", requires = "db")]
    node: Option<i64>,
    /// Also write what the module holds as JSON (hex centres of the board picture, units with
    /// their values and hexes), for independent readers' checks.
    #[arg(long, value_name = "FILE.json")]
    expected: Option<PathBuf>,
}

pub fn run(a: Args) -> Outcome {
    match a.command {
        Command::Export(e) => export(e),
    }
}

fn export(a: ExportArgs) -> Outcome {
    let start = Instant::now();
    let (scenario, state) = if let Some(path) = &a.game {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let record = GameRecord::from_text(&text).map_err(|p| p.in_file(path).to_string())?;
        let scenario = record
            .setup_scenario()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let state = record
            .replay(None)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        (scenario, Some(state))
    } else if a.db.is_some() {
        let ar = super::archive::open(&a.db)?;
        let node = a.node.ok_or("give --node N with --db")?;
        let info = ar.node(node).map_err(|e| e.to_string())?;
        let scenario = ar
            .game_setup(info.game)
            .and_then(|g| g.scenario())
            .map_err(|e| e.to_string())?;
        let state = ar.state_at(info.id).map_err(|e| e.to_string())?;
        (scenario, Some(state))
    } else {
        let path = a.scenario.as_ref().ok_or("give a scenario")?;
        (load_scenario(path).map_err(|p| p.to_string())?, None)
    };
    if let (Some(path), Some(_)) = (&a.scenario, &state) {
        let given = load_scenario(path).map_err(|p| p.to_string())?;
        if given.file.id != scenario.file.id {
            return Err(format!(
                "{}: the game is of scenario '{}', not '{}'",
                path.display(),
                scenario.file.id,
                given.file.id
            ));
        }
    }
    let options = ExportOptions {
        hex_size: a.hex_size,
    };
    // The file the export was asked of, for errors: the game file, the archive, or the scenario.
    let source = a
        .game
        .as_ref()
        .or(a.db.as_ref())
        .or(a.scenario.as_ref())
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let m = vassal::export(&scenario, state.as_ref(), &options)
        .map_err(|e| format!("{source}: {e}"))?;
    super::archive::write_atomic_bytes(&a.out, &m.vmod)?;
    if let Some(p) = &a.expected {
        let text = serde_json::to_string_pretty(&m.expected).map_err(|e| e.to_string())?;
        super::archive::write_atomic(p, &text)?;
    }
    outln!(
        "{}: VASSAL module of {}{}: board {} x {} px, {} piece slots, {} KB, {:.2} s",
        a.out.display(),
        scenario.file.title,
        if state.is_some() {
            " (game position)"
        } else {
            ""
        },
        m.board_size.0,
        m.board_size.1,
        m.slots,
        m.vmod.len() / 1024,
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

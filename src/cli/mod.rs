//! The `kepi` command line. Each subcommand parses its arguments, calls the core and prints;
//! exit codes: 0 success, 1 the input has problems (printed), 2 usage errors (from clap).
//! Everything goes to standard output through `outln!`/`out!` ([`out`]), never `println!`.

// First, so that its macros are in scope in every module below.
#[macro_use]
mod out;

mod archive;
mod archive_maintenance;
mod autoplay;
mod balance;
mod balance_recorded;
mod bench;
mod bench_archive_size;
mod bench_game;
mod bench_replay;
mod game;
mod ladder;
mod pack;
mod print;
mod render;
mod schema;
mod sprt;
mod tables;
mod validate;
mod vassal;
mod zones;

use crate::engine::game::registry;
use clap::{CommandFactory, FromArgMatches, Subcommand};
use std::process::ExitCode;

#[derive(clap::Parser)]
#[command(
    name = "kepi",
    version,
    about = "Kepi: maps, scenarios and rules for 19th-century hex wargames"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check maps, scenarios, catalogs and tables (files or folders); exit 1 if any has problems.
    Validate(validate::Args),
    /// Print a rule system's tables (unit catalog, combat results, terrain effects, ...) as aligned
    /// columns, or as JSON with `--json`.
    Tables(tables::Args),
    /// Draw a map (and optionally a scenario on it) as a PNG picture.
    Render(render::Args),
    /// Print and play: a scenario's map at true scale, counter sheets (duplex), card and charts
    /// as a vector PDF.
    Print(print::Args),
    /// Start a game of a scenario, as a game file.
    New(game::NewArgs),
    /// List the legal commands in a game's current state.
    Legal(game::LegalArgs),
    /// Apply commands (JSON lines) to a game; every roll is recorded.
    Play(game::PlayArgs),
    /// Print a game's state (replayed and checked from its record).
    State(game::StateArgs),
    /// Where a unit may go now: each hex with its cost and path.
    Reach(game::ReachArgs),
    /// The attack a script's allocations would make, before anything is rolled.
    Preview(game::PreviewArgs),
    /// The rule systems Kepi plays, with their phases and optional rules.
    Rules(game::RulesArgs),
    /// Play seeded games to the end, each side by a computer player of a level.
    Autoplay(autoplay::Args),
    /// A scenario's balance by self-play: win rates with 95 % intervals, at a level and random.
    Balance(balance::Args),
    /// One computer level against another by a sequential probability ratio test (paired games).
    Sprt(sprt::Args),
    /// The computer levels on one Elo scale, each against the level below it (paired games).
    Ladder(ladder::Args),
    /// Open a node of an archived game: the state, replayed and checked.
    Replay(archive::ReplayArgs),
    /// Show an archived game's tree of variations.
    Tree(archive::TreeArgs),
    /// Branch at a node (forcing rolls), or promote, delete or name a variation.
    Branch(archive::BranchArgs),
    /// Add, edit, delete or list annotations on a node.
    Annotate(archive::AnnotateArgs),
    /// Search the archive's games and annotations.
    Search(archive::SearchArgs),
    /// List the archive's games.
    Games(archive::GamesArgs),
    /// Write an archived game, with all its variations, dice and annotations, to a file.
    ExportGame(archive::ExportArgs),
    /// Import a game file into the archive, replaying and checking it first.
    ImportGame(archive::ImportArgs),
    /// Look after an archive: stats, check, recover, backup, backups, restore, vacuum, compact.
    Archive(archive_maintenance::Args),
    /// Measure the engine's speed on the shipped scenarios.
    Bench(bench::Args),
    /// Show a scenario's zones, or recompute their hexes from their rules with --write.
    Zones(zones::Args),
    /// Scenario packs: export, import, list and verify `.kepipack` files.
    Pack(pack::Args),
    /// VASSAL modules: export a scenario or a game's position as a `.vmod`.
    Vassal(vassal::Args),
    /// Print the JSON Schema of maps, scenarios, catalogs or pack manifests, for text editors.
    Schema(schema::Args),
}

/// `kepi` with the process's arguments.
pub fn run() -> ExitCode {
    run_from(std::env::args_os())
}

/// `kepi` with the given arguments (the first is the program name), in this process: tests
/// drive the command line this way with rule systems registered only for them.
pub fn run_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // The generic commands, and the ones each registered system adds (`Ruleset::tools`).
    let tools: Vec<_> = registry::all().iter().flat_map(|r| r.tools()).collect();
    // `kepi --version` names every system's rules version beside Kepi's own.
    let rules = registry::all()
        .iter()
        .map(|r| format!("{} rules {}", r.name(), r.rules_version()))
        .collect::<Vec<_>>()
        .join(", ");
    let version: &'static str =
        Box::leak(format!("{} ({rules})", env!("CARGO_PKG_VERSION")).into_boxed_str());
    let mut command = Cli::command().version(version);
    for t in &tools {
        command = command.subcommand(t.command.clone());
    }
    let usage = |e: clap::Error| {
        let _ = e.print();
        ExitCode::from(if e.use_stderr() { 2 } else { 0 })
    };
    let matches = match command.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return usage(e),
    };
    if let Some((name, m)) = matches.subcommand()
        && let Some(tool) = tools.iter().find(|t| t.command.get_name() == name)
    {
        return finish((tool.run)(m).map(|text| {
            out!("{text}");
            ExitCode::SUCCESS
        }));
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let result = match cli.command {
        Command::Validate(a) => validate::run(a),
        Command::Tables(a) => tables::run(a),
        Command::Render(a) => render::run(a),
        Command::Print(a) => print::run(a),
        Command::Zones(a) => zones::run(a),
        Command::Pack(a) => pack::run(a),
        Command::Vassal(a) => vassal::run(a),
        Command::Schema(a) => schema::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Archive(a) => archive_maintenance::run(a),
        Command::Replay(a) => archive::replay(a),
        Command::Tree(a) => archive::tree(a),
        Command::Branch(a) => archive::branch(a),
        Command::Annotate(a) => archive::annotate(a),
        Command::Search(a) => archive::search(a),
        Command::Games(a) => archive::games(a),
        Command::ExportGame(a) => archive::export_game(a),
        Command::ImportGame(a) => archive::import_game(a),
        Command::New(a) => game::new(a),
        Command::Legal(a) => game::legal(a),
        Command::Play(a) => game::play(a),
        Command::State(a) => game::state(a),
        Command::Reach(a) => game::reach(a),
        Command::Preview(a) => game::preview(a),
        Command::Rules(a) => game::rules(a),
        Command::Autoplay(a) => autoplay::run(a),
        Command::Balance(a) => balance::run(a),
        Command::Sprt(a) => sprt::run(a),
        Command::Ladder(a) => ladder::run(a),
    };
    finish(result)
}

fn finish(result: Outcome) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("kepi: {message}");
            ExitCode::from(1)
        }
    }
}

/// What a command returns: an exit code, or a message for stderr (exit 1).
pub type Outcome = Result<ExitCode, String>;

#[cfg(test)]
mod tests {
    use super::*;

    /// A system's commands (`Ruleset::tools`) take no name of `kepi`'s own nor of another
    /// system's: clap would refuse the command line otherwise.
    #[test]
    fn every_command_name_is_kepis_once() {
        let mut names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        for r in registry::all() {
            for t in r.tools() {
                let name = t.command.get_name().to_string();
                assert!(
                    !names.contains(&name),
                    "{} adds `kepi {name}`, a name already taken",
                    r.name()
                );
                names.push(name);
            }
        }
        assert!(names.iter().any(|n| n == "factor"), "{names:?}");
    }
}

use super::Outcome;
use crate::engine::rifle_and_saber::oob::Oob;
use crate::engine::rifle_and_saber::tables::Tables;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The formula, e.g. "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2MA".
    formula: String,
    /// Print the parsed structure as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Outcome {
    let catalog = &Tables::embedded().catalog;
    let oob = Oob::parse(&args.formula, catalog)
        .map_err(|e| format!("{}\n{}", e.message, e.pointer()))?;
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&oob).map_err(|e| e.to_string())?
        );
    } else {
        outln!("{oob}");
    }
    Ok(ExitCode::SUCCESS)
}

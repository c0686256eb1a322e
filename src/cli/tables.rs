use super::Outcome;
use crate::tables::RIFLE_AND_SABER_FILES;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Which table: catalog, combat-results, terrain-effects or range-effects (all if absent).
    table: Option<String>,
}

pub fn run(args: Args) -> Outcome {
    let names: Vec<&str> = RIFLE_AND_SABER_FILES
        .iter()
        .map(|(n, _)| n.trim_end_matches(".json"))
        .collect();
    let mut shown = false;
    for (name, text) in RIFLE_AND_SABER_FILES {
        let short = name.trim_end_matches(".json");
        if args.table.as_deref().is_none_or(|t| t == short) {
            out!("{text}");
            shown = true;
        }
    }
    if !shown {
        return Err(format!(
            "no table '{}'; Rifle & Saber tables: {}",
            args.table.unwrap_or_default(),
            names.join(", ")
        ));
    }
    Ok(ExitCode::SUCCESS)
}

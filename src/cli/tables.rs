use super::Outcome;
use crate::tables::{RIFLE_AND_SABER_FILES, RulesetId};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Which table: for Rifle & Saber catalog, combat-results, terrain-effects or
    /// range-effects; for Age of Rifles fire-table, charts or terrain-effects (all if absent).
    table: Option<String>,
    /// The rule system whose tables to print (rifle-and-saber, age-of-rifles).
    #[arg(long, default_value = "rifle-and-saber")]
    ruleset: String,
}

pub fn run(args: Args) -> Outcome {
    let ruleset = RulesetId::from_key(&args.ruleset)
        .ok_or_else(|| format!("unknown rule system '{}'", args.ruleset))?;
    let files: Vec<(&str, &str)> = match ruleset {
        RulesetId::RifleAndSaber => RIFLE_AND_SABER_FILES.to_vec(),
        RulesetId::AgeOfRifles => {
            let mut f = crate::engine::age_of_rifles::tables::FILES.to_vec();
            f.push(("terrain-effects.json", crate::tables::AGE_OF_RIFLES_TERRAIN));
            f
        }
        other => {
            return Err(format!(
                "Kepi has no tables for {}; it has Rifle & Saber's and Age of Rifles'",
                other.name()
            ));
        }
    };
    let names: Vec<&str> = files
        .iter()
        .map(|(n, _)| n.trim_end_matches(".json"))
        .collect();
    let mut shown = false;
    for (name, text) in &files {
        let short = name.trim_end_matches(".json");
        if args.table.as_deref().is_none_or(|t| t == short) {
            out!("{text}");
            shown = true;
        }
    }
    if !shown {
        return Err(format!(
            "no table '{}'; {} tables: {}",
            args.table.unwrap_or_default(),
            ruleset.name(),
            names.join(", ")
        ));
    }
    Ok(ExitCode::SUCCESS)
}

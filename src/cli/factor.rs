use super::Outcome;
use crate::engine::rifle_and_saber::factor::{
    FactorOptions, factor, parse_hours, parse_scale, parse_side,
};
use crate::engine::rifle_and_saber::tables::Tables;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A side: "NAME=AMOUNT CODE, ...": men for infantry and cavalry codes, guns for artillery
    /// and machine-gun codes, e.g. "Union=1200 MZ, 12 MA". Repeat for the other side.
    #[arg(long, required = true)]
    side: Vec<String>,
    /// Men in one unit (the rules say 100 to 150).
    #[arg(long, default_value_t = crate::engine::rifle_and_saber::factor::DEFAULT_MEN_PER_UNIT)]
    men_per_unit: u32,
    /// Guns in one unit (the rules say 4 to 6).
    #[arg(long, default_value_t = crate::engine::rifle_and_saber::factor::DEFAULT_GUNS_PER_UNIT)]
    guns_per_unit: u32,
    /// Keep this fraction of the forces, e.g. 1/3 ("reduced by two-thirds").
    #[arg(long, default_value = "1")]
    scale: String,
    /// The battle's duration in hours, for a suggested game length (5 minutes a turn).
    #[arg(long)]
    hours: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Outcome {
    let catalog = &Tables::embedded().catalog;
    let sides = args
        .side
        .iter()
        .map(|s| parse_side(s, catalog))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let options = FactorOptions {
        men_per_unit: args.men_per_unit,
        guns_per_unit: args.guns_per_unit,
        scale: parse_scale(&args.scale).map_err(|e| e.to_string())?,
        hours: args
            .hours
            .as_deref()
            .map(parse_hours)
            .transpose()
            .map_err(|e| e.to_string())?,
    };
    let report = factor(&sides, &options, catalog).map_err(|e| e.to_string())?;
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        out!("{report}");
    }
    Ok(ExitCode::SUCCESS)
}

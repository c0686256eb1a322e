//! The commands Rifle & Saber adds to `kepi` ([`crate::engine::Ruleset::tools`]): `kepi factor`,
//! the scenario-creation method (R&S 11.18), and `kepi oob`, an order of battle parsed and
//! printed in its canonical formula. Both read the system's own catalog.

use super::factor::{
    DEFAULT_GUNS_PER_UNIT, DEFAULT_MEN_PER_UNIT, FactorOptions, factor, parse_hours, parse_scale,
    parse_side,
};
use super::oob::Oob;
use super::tables::Tables;
use crate::engine::ruleset::Tool;
use clap::{Args, FromArgMatches};

/// `kepi factor` and `kepi oob`.
pub fn tools() -> Vec<Tool> {
    vec![
        Tool {
            command: FactorArgs::augment_args(
                clap::Command::new("factor")
                    .about("Turn historical strengths into units (Rifle & Saber 11.18)"),
            ),
            run: run_factor,
        },
        Tool {
            command: OobArgs::augment_args(
                clap::Command::new("oob")
                    .about("Parse an order of battle and print it in the canonical formula"),
            ),
            run: run_oob,
        },
    ]
}

#[derive(clap::Args)]
struct FactorArgs {
    /// A side: "NAME=AMOUNT CODE, ...": men for infantry and cavalry codes, guns for artillery
    /// and machine-gun codes, e.g. "Union=1200 MZ, 12 MA". Repeat for the other side.
    #[arg(long, required = true)]
    side: Vec<String>,
    /// Men in one unit (the rules say 100 to 150).
    #[arg(long, default_value_t = DEFAULT_MEN_PER_UNIT)]
    men_per_unit: u32,
    /// Guns in one unit (the rules say 4 to 6).
    #[arg(long, default_value_t = DEFAULT_GUNS_PER_UNIT)]
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

fn run_factor(m: &clap::ArgMatches) -> Result<String, String> {
    let args = FactorArgs::from_arg_matches(m).map_err(|e| e.to_string())?;
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
        serde_json::to_string_pretty(&report)
            .map(|t| t + "\n")
            .map_err(|e| e.to_string())
    } else {
        Ok(report.to_string())
    }
}

#[derive(clap::Args)]
struct OobArgs {
    /// The formula, e.g. "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2MA".
    formula: String,
    /// Print the parsed structure as JSON.
    #[arg(long)]
    json: bool,
}

fn run_oob(m: &clap::ArgMatches) -> Result<String, String> {
    let args = OobArgs::from_arg_matches(m).map_err(|e| e.to_string())?;
    let catalog = &Tables::embedded().catalog;
    let oob = Oob::parse(&args.formula, catalog)
        .map_err(|e| format!("{}\n{}", e.message, e.pointer()))?;
    if args.json {
        serde_json::to_string_pretty(&oob)
            .map(|t| t + "\n")
            .map_err(|e| e.to_string())
    } else {
        Ok(format!("{oob}\n"))
    }
}

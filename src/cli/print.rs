use super::Outcome;
use crate::library::load_scenario;
use crate::print::{DEFAULT_HEX_MM, Paper, PrintOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The scenario file.
    scenario: PathBuf,
    /// The PDF file to write.
    #[arg(long, value_name = "FILE.pdf")]
    out: PathBuf,
    /// a4 (the default), letter (the map tiled across pages to tape together) or sheet (the
    /// whole map on one large page; the other pages A4).
    #[arg(long, value_name = "PAPER", default_value = "a4")]
    paper: String,
    /// The size of a hex across its flats on paper, in millimetres (8 to 40); counters are
    /// 12.7/16 of it (half an inch at the default).
    #[arg(long, value_name = "MM", default_value_t = DEFAULT_HEX_MM)]
    hex_mm: f64,
}

fn check_out(out: &Path) -> Result<(), String> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("pdf") => Ok(()),
        _ => Err(format!(
            "--out {}: kepi print writes PDF; name the file with .pdf",
            out.display()
        )),
    }
}

pub fn run(args: Args) -> Outcome {
    // Everything is checked before the scenario is read, and nothing is written unless the
    // whole document was made.
    check_out(&args.out)?;
    let options = PrintOptions {
        paper: args.paper.parse::<Paper>().map_err(|e| e.to_string())?,
        hex_mm: args.hex_mm,
    };
    options.check().map_err(|e| e.to_string())?;
    let scenario = load_scenario(&args.scenario).map_err(|p| p.to_string())?;
    let printed = crate::print::write_pdf(&scenario, &options, &args.out, &mut |_| {}).map_err(
        |e| match e {
            crate::print::PrintError::Write(..) => e.to_string(),
            _ => format!("{}: {e}", args.scenario.display()),
        },
    )?;
    outln!(
        "{}: {} pages ({} x {} map, {} counters on {} sheets front and back, {} card, {} chart pages), hex {} mm across flats",
        args.out.display(),
        printed.pages,
        printed.map_tiles.0,
        printed.map_tiles.1,
        printed.counters,
        printed.counter_sheets,
        printed.card_pages,
        printed.chart_pages,
        options.hex_mm
    );
    Ok(ExitCode::SUCCESS)
}

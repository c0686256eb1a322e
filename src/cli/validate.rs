use super::Outcome;
use crate::library::{json_files, validate_file};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Files or folders (searched for *.json).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print only problems.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Outcome {
    let files = json_files(&args.paths).map_err(|p| p.to_string())?;
    let mut bad = 0;
    let mut warned = 0;
    for f in &files {
        let checked = validate_file(f);
        match &checked.result {
            Ok(summary) => {
                if !args.quiet {
                    outln!("ok   {}: {summary}", f.display());
                }
                // Warnings are shown even with --quiet: they are what the file gets away with.
                for w in checked.warnings.iter() {
                    outln!("  warning: {w}");
                }
                warned += usize::from(!checked.warnings.is_empty());
            }
            Err(problems) => {
                bad += 1;
                outln!("FAIL {}: {} problem(s)", f.display(), problems.len());
                for p in problems.iter() {
                    outln!("  {p}");
                }
            }
        }
    }
    if warned > 0 {
        outln!(
            "{} file(s) checked, {} with problems, {} with warnings",
            files.len(),
            bad,
            warned
        );
    } else {
        outln!("{} file(s) checked, {} with problems", files.len(), bad);
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

use super::Outcome;
use crate::library::{load_scenario_map, read_text};
use crate::scenario::ScenarioFile;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The scenario file.
    scenario: PathBuf,
    /// Write in each zone's hexes as its rule computes them (those the file leaves to the rule,
    /// and those that differ), and save the file.
    #[arg(long)]
    write: bool,
}

pub fn run(args: Args) -> Outcome {
    let path = &args.scenario;
    let text = read_text(path).map_err(|p| p.to_string())?;
    let mut file = ScenarioFile::from_text(&text).map_err(|p| p.in_file(path).to_string())?;
    let map = load_scenario_map(path, &file).map_err(|p| p.to_string())?;
    let mut changed = 0;
    let mut problems = Vec::new();
    for (field, zone) in file.zones_mut() {
        let computed = match zone.rule_hexes(&map) {
            Some(Ok(names)) => Some(names),
            Some(Err(errors)) => {
                for e in errors {
                    let at = crate::problems::join_field(&format!("{field}.rule"), &e.field);
                    let hex = e.hex.map(|h| format!("hex {h}: ")).unwrap_or_default();
                    problems.push(format!("{}: {at}: {hex}{}", path.display(), e.message));
                }
                None
            }
            None => {
                if zone.hexes.is_empty() {
                    problems.push(format!(
                        "{}: {field}.hexes: the zone has no hexes and no `rule` to compute them",
                        path.display()
                    ));
                }
                None
            }
        };
        let names = computed.clone().unwrap_or_else(|| zone.hexes.clone());
        let note = match &computed {
            Some(_) if zone.hexes.is_empty() => " (left to the rule in the file)",
            Some(c) if *c != zone.hexes => " (differs from the file)",
            _ => "",
        };
        outln!(
            "{field}: {} {}{note} — {}",
            names.len(),
            if names.len() == 1 { "hex" } else { "hexes" },
            zone.text
        );
        if args.write && !note.is_empty() {
            zone.hexes = names;
            changed += 1;
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    if args.write && changed > 0 {
        crate::atomic::write_atomic(path, file.to_text().as_bytes())
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        outln!("{}: {changed} zone(s) rewritten", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

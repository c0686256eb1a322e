use super::Outcome;
use crate::library::{load_scenario_map, read_text};
use crate::scenario::ScenarioFile;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The scenario file.
    scenario: PathBuf,
    /// Replace each zone's hexes with what its rule computes, and save the file.
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
        let computed = match &zone.rule {
            Some(rule) => match rule.compute(&map) {
                Ok(hexes) => Some(hexes),
                Err(e) => {
                    problems.push(format!("{}: {field}.rule: {e}", path.display()));
                    None
                }
            },
            None => None,
        };
        let names: Vec<String> = computed
            .as_ref()
            .map(|c| c.iter().map(|h| map.grid.name(*h)).collect())
            .unwrap_or_else(|| zone.hexes.clone());
        let differs = computed.is_some() && names != zone.hexes;
        outln!(
            "{field}: {} {}{} — {}",
            names.len(),
            if names.len() == 1 { "hex" } else { "hexes" },
            if differs {
                " (differs from the file)"
            } else {
                ""
            },
            zone.text
        );
        if differs && args.write {
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

use super::Outcome;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Which table, by its file's name without ".json" (all if absent; a wrong name lists the
    /// system's tables).
    table: Option<String>,
    /// The rule system whose tables to print, by key (the first registered system if absent).
    #[arg(long)]
    ruleset: Option<String>,
    /// The files as shipped (JSON) instead of aligned tables.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Outcome {
    let key = match &args.ruleset {
        Some(k) => k.clone(),
        None => crate::engine::game::registry::all()
            .first()
            .map(|r| r.key().to_string())
            .ok_or("no rule system is registered")?,
    };
    let ruleset = crate::engine::game::registry::id(&key)
        .ok_or_else(|| format!("unknown rule system '{key}'"))?;
    let files = ruleset.rules()?.table_files();
    let names: Vec<&str> = files
        .iter()
        .map(|(n, _)| n.trim_end_matches(".json"))
        .collect();
    let mut shown = false;
    for (name, text) in &files {
        let short = name.trim_end_matches(".json");
        if args.table.as_deref().is_none_or(|t| t == short) {
            if args.json {
                out!("{text}");
            } else {
                let doc: serde_json::Value =
                    serde_json::from_str(text).map_err(|e| format!("{name}: not JSON: {e}"))?;
                if shown {
                    out!("\n");
                }
                out!("{}", crate::tables::print::text(&doc));
            }
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

//! `kepi schema`: the JSON Schemas of maps, scenarios, catalogs and pack manifests, for users
//! without the repository's `schemas/` folder (the same text, byte for byte).

use super::Outcome;
use crate::schema::SchemaKind;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Which schema: map, scenario, catalog or pack-manifest (with --out, all if absent; without
    /// it, the list of schemas).
    kind: Option<String>,
    /// Write the schema files (kepi-map.schema.json, …) into this folder instead of printing.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Outcome {
    let kinds = match &args.kind {
        Some(key) => vec![SchemaKind::from_key(key).ok_or_else(|| {
            format!(
                "no schema '{key}'; the schemas: {}",
                SchemaKind::ALL.map(|k| k.key()).join(", ")
            )
        })?],
        None => SchemaKind::ALL.to_vec(),
    };
    match (&args.out, &args.kind) {
        (Some(dir), _) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for k in kinds {
                let path = dir.join(k.file_name());
                crate::atomic::write_atomic(&path, k.text().as_bytes())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                outln!("{}", path.display());
            }
        }
        (None, Some(_)) => out!("{}", kinds[0].text()),
        (None, None) => {
            for k in kinds {
                outln!("{:<14} {:<32} {}", k.key(), k.file_name(), k.id());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

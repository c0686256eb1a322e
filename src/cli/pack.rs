//! `kepi pack export|import|list|verify`: scenario packs.

use super::Outcome;
use crate::pack::{
    self, ExportOptions, ImportOptions, ImportOutcome, Limits, OnConflict, PackError,
};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: PackCommand,
}

#[derive(Subcommand)]
enum PackCommand {
    /// Make a pack of scenarios (files or folders) with their maps, catalogs, images and
    /// thumbnails; everything is validated first.
    Export(ExportArgs),
    /// Check a pack and import it into a library folder (the app's, by default).
    Import(ImportArgs),
    /// Show a pack's manifest and entries without importing it.
    List(FileArgs),
    /// Check everything import checks, without writing anything.
    Verify(FileArgs),
}

#[derive(clap::Args)]
struct ExportArgs {
    /// The pack file to write (FILE.kepipack).
    #[arg(long, value_name = "FILE.kepipack")]
    out: PathBuf,
    /// The pack's name (default: the scenario's title, or "N scenarios").
    #[arg(long)]
    name: Option<String>,
    /// The pack's id (default: from the name).
    #[arg(long)]
    id: Option<String>,
    /// The pack's version (default: 1.0).
    #[arg(long)]
    version: Option<String>,
    #[arg(long, default_value = "")]
    author: String,
    #[arg(long, default_value = "")]
    description: String,
    #[arg(long, default_value = "")]
    license: String,
    /// Print how long the export took.
    #[arg(long)]
    timing: bool,
    /// Scenario files, or folders searched for scenarios.
    #[arg(required = true, value_name = "SCENARIO")]
    scenarios: Vec<PathBuf>,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// The pack file.
    file: PathBuf,
    /// The library folder (default: the app's library folder).
    #[arg(long, value_name = "DIR")]
    into: Option<PathBuf>,
    /// If a pack of this id with other content is there, replace it.
    #[arg(long, conflicts_with = "as_new_version")]
    replace: bool,
    /// If a pack of this id with other content is there, keep it and import this one beside it.
    #[arg(long)]
    as_new_version: bool,
    /// Print how long the import took.
    #[arg(long)]
    timing: bool,
}

#[derive(clap::Args)]
struct FileArgs {
    /// The pack file.
    file: PathBuf,
}

pub fn run(args: Args) -> Outcome {
    match args.command {
        PackCommand::Export(a) => export(a),
        PackCommand::Import(a) => import(a),
        PackCommand::List(a) => list(a),
        PackCommand::Verify(a) => verify(a),
    }
}

fn fail(file: &Path, e: PackError) -> String {
    match e {
        PackError::Io { .. } => e.to_string(),
        e => format!("{}: {e}", file.display()),
    }
}

fn ms(t: Instant) -> String {
    format!("{:.1} ms", t.elapsed().as_secs_f64() * 1000.0)
}

fn export(a: ExportArgs) -> Outcome {
    let t = Instant::now();
    let options = ExportOptions {
        id: a.id,
        name: a.name,
        version: a.version,
        author: a.author,
        description: a.description,
        license: a.license,
        created: None,
    };
    let made = pack::export(&a.scenarios, &options).map_err(|e| match e {
        PackError::Invalid(p) => format!("nothing written: the scenarios have problems:\n{p}"),
        e => format!("nothing written: {e}"),
    })?;
    pack::write_file_atomically(&a.out, &made.bytes).map_err(|e| e.to_string())?;
    let m = &made.manifest;
    outln!(
        "{}: pack '{}' ({}) version {}: {}; {} bytes",
        a.out.display(),
        m.id,
        m.name,
        m.pack_version,
        m.summary(),
        made.bytes.len()
    );
    if a.timing {
        outln!("export took {}", ms(t));
    }
    Ok(ExitCode::SUCCESS)
}

fn import(a: ImportArgs) -> Outcome {
    let t = Instant::now();
    let library = match a.into {
        Some(d) => d,
        None => pack::default_library_dir().ok_or(
            "no library folder: HOME (or XDG_DATA_HOME) is not set; give one with --into DIR",
        )?,
    };
    let options = ImportOptions {
        on_conflict: if a.replace {
            OnConflict::Replace
        } else if a.as_new_version {
            OnConflict::NewVersion
        } else {
            OnConflict::Refuse
        },
        ..ImportOptions::default()
    };
    let bytes = pack::read_file(&a.file, &options.limits).map_err(|e| fail(&a.file, e))?;
    let r = pack::import(&bytes, &library, &options).map_err(|e| fail(&a.file, e))?;
    let m = &r.manifest;
    let what = format!("pack '{}' ({}) version {}", m.id, m.name, m.pack_version);
    match r.outcome {
        ImportOutcome::AlreadyPresent => outln!(
            "{what} is already in the library at {} with the same content; nothing written",
            r.folder.display()
        ),
        ImportOutcome::Imported => outln!(
            "imported {what} into {}: {}, {} files",
            r.folder.display(),
            m.summary(),
            r.files_written
        ),
        ImportOutcome::Replaced => outln!(
            "replaced the pack at {} with {what}: {}, {} files",
            r.folder.display(),
            m.summary(),
            r.files_written
        ),
        ImportOutcome::NewVersion => outln!(
            "imported {what} as a new version into {} (the other is kept): {}, {} files",
            r.folder.display(),
            m.summary(),
            r.files_written
        ),
    }
    if a.timing {
        outln!("import took {}", ms(t));
    }
    Ok(ExitCode::SUCCESS)
}

fn list(a: FileArgs) -> Outcome {
    let limits = Limits::default();
    let bytes = pack::read_file(&a.file, &limits).map_err(|e| fail(&a.file, e))?;
    let m = pack::read_manifest(&bytes, &limits).map_err(|e| fail(&a.file, e))?;
    outln!("pack '{}': {}", m.id, m.name);
    outln!("  version:     {}", m.pack_version);
    let or_none = |s: &str| {
        if s.is_empty() {
            "(none given)".to_string()
        } else {
            s.to_string()
        }
    };
    outln!("  author:      {}", or_none(&m.author));
    outln!("  license:     {}", or_none(&m.license));
    outln!("  created:     {}", m.created);
    outln!("  needs:       Kepi {} or newer", m.min_kepi_version);
    if !m.description.is_empty() {
        outln!(
            "  description: {}",
            m.description.replace('\n', "\n               ")
        );
    }
    outln!("  contents:    {}", m.summary());
    for e in &m.entries {
        outln!("  {:<9} {:>9}  {}", e.kind.name(), e.size, e.path);
    }
    outln!("(listed from the manifest; `kepi pack verify` checks every entry)");
    Ok(ExitCode::SUCCESS)
}

fn verify(a: FileArgs) -> Outcome {
    let limits = Limits::default();
    let bytes = pack::read_file(&a.file, &limits).map_err(|e| fail(&a.file, e))?;
    let p = pack::read_pack(&bytes, &limits).map_err(|e| fail(&a.file, e))?;
    let m = &p.manifest;
    outln!(
        "ok {}: pack '{}' version {}: {}; every entry listed, hashed and valid",
        a.file.display(),
        m.id,
        m.pack_version,
        m.summary()
    );
    for (id, title, map) in &p.contents.scenarios {
        outln!("  scenario {id}: {title} (map {map})");
    }
    Ok(ExitCode::SUCCESS)
}

//! `kepi archive stats|check|vacuum|compact`: looking after an archive file.

use super::Outcome;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Games, nodes, dice and snapshots, and the bytes of every table and index.
    Stats(DbArgs),
    /// SQLite's integrity check, every game replayed hash for hash, every snapshot restored
    /// and checked; exit 1 when anything is wrong, each problem naming its game and node.
    Check(DbArgs),
    /// Give the file's free pages back to the disk (after deleting games or compacting).
    Vacuum(DbArgs),
    /// Rewrite every snapshot in the compact form at the current interval, in one transaction
    /// (opening an older archive does it too).
    Compact(DbArgs),
}

#[derive(clap::Args)]
struct DbArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Outcome {
    match a.what {
        What::Stats(d) => stats(d),
        What::Check(d) => check(d),
        What::Vacuum(d) => vacuum(d),
        What::Compact(d) => compact(d),
    }
}

/// A progress reporter for standard error: "LABEL: game D of T", at most a hundred times.
pub fn progress(label: &'static str) -> impl FnMut(usize, usize) {
    let mut shown = None;
    move |done, total| {
        if total == 0 {
            return;
        }
        let pct = done * 100 / total;
        if shown != Some(pct) {
            shown = Some(pct);
            eprint!("\r{label}: game {done} of {total}");
            if done == total {
                eprintln!();
            }
        }
    }
}

fn kb(bytes: i64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}

fn stats(d: DbArgs) -> Outcome {
    let ar = super::archive::open(&d.db)?;
    let s = ar.stats().map_err(|e| e.to_string())?;
    if d.json {
        let mut v = serde_json::to_value(&s).map_err(|e| e.to_string())?;
        v["bytes_per_node"] = serde_json::json!(s.bytes_per_node());
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{} (schema {})", ar.path().display(), s.schema);
    outln!(
        "{} games, {} nodes, {} dice, {} snapshots ({} in the old JSON form), {} annotations",
        s.games,
        s.nodes,
        s.dice,
        s.snapshots,
        s.json_snapshots,
        s.annotations
    );
    outln!(
        "{} in use, {} free; {:.0} bytes a node",
        kb(s.bytes - s.free_bytes),
        kb(s.free_bytes),
        s.bytes_per_node()
    );
    for t in &s.tables {
        let per_node = if s.nodes > 0 {
            t.bytes as f64 / s.nodes as f64
        } else {
            0.0
        };
        outln!(
            "  {:<32} {:>12}  {:>8.1} B/node",
            t.name,
            kb(t.bytes),
            per_node
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn check(d: DbArgs) -> Outcome {
    let ar = super::archive::open(&d.db)?;
    let r = ar
        .check(&mut progress("checking"))
        .map_err(|e| e.to_string())?;
    if d.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
        );
    } else {
        outln!(
            "SQLite integrity: {}; {} games, {} nodes replayed, {} snapshots restored",
            r.sqlite,
            r.games,
            r.nodes,
            r.snapshots
        );
        for p in &r.problems {
            outln!("problem: {p}");
        }
        if r.problems.is_empty() && r.sqlite == "ok" {
            outln!("every game replays hash for hash");
        }
    }
    Ok(if r.problems.is_empty() && r.sqlite == "ok" {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn vacuum(d: DbArgs) -> Outcome {
    let mut ar = super::archive::open(&d.db)?;
    let (before, after) = ar.vacuum().map_err(|e| e.to_string())?;
    outln!(
        "{}: {} before, {} after",
        ar.path().display(),
        kb(before),
        kb(after)
    );
    Ok(ExitCode::SUCCESS)
}

fn compact(d: DbArgs) -> Outcome {
    let mut ar = super::archive::open(&d.db)?;
    let c = ar
        .compact(&mut progress("compacting"))
        .map_err(|e| e.to_string())?;
    outln!(
        "{} games: {} snapshots rewritten, {} removed (off the interval of {} plies){}",
        c.games,
        c.rewritten,
        c.deleted,
        crate::archive::SNAPSHOT_EVERY,
        if c.skipped.is_empty() {
            String::new()
        } else {
            format!(
                "; games left as they were (rule system unknown here): {:?}",
                c.skipped
            )
        }
    );
    for (g, n) in &c.unreadable {
        outln!(
            "game {g}, node {n}: its snapshot does not restore to its hash; left as it was (see kepi archive check)"
        );
    }
    outln!("kepi archive vacuum gives the freed pages back to the disk");
    Ok(ExitCode::SUCCESS)
}

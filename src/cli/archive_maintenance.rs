//! `kepi archive stats|check|vacuum|compact|recover|backup|backups|restore`: looking after an
//! archive file, recovering a damaged one, and its rolling backups.

use super::Outcome;
use crate::archive::{Archive, ArchiveError, RecoveryReport};
use std::path::{Path, PathBuf};
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
    /// and checked; exit 1 when anything is wrong, each problem naming its game and node. A
    /// damaged file is surveyed: which games can be recovered, which are lost and why.
    Check(DbArgs),
    /// Salvage every game of a damaged archive that can be read into a new archive (each
    /// replayed hash for hash before it is written), and say what was lost. The damaged file is
    /// only read (copied). Exit 1 when games or rows were lost.
    Recover(RecoverArgs),
    /// Back the archive up now (SQLite's online backup) into the backup folder, as today's
    /// backup, keeping the newest few.
    Backup(BackupArgs),
    /// List the archive's backups.
    Backups(BackupsArgs),
    /// Put a backup in the place of the archive; the current archive is kept aside, renamed,
    /// never deleted. Close the app first.
    Restore(RestoreArgs),
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

#[derive(clap::Args)]
struct RecoverArgs {
    /// The damaged archive (only read).
    damaged: PathBuf,
    /// The new archive to write (must not exist).
    #[arg(long)]
    out: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct BackupArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// The backup folder (default: `backups/` beside the archive).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// How many daily backups to keep.
    #[arg(long, default_value_t = crate::archive::BACKUPS_KEPT)]
    keep: usize,
    /// Only when today's backup is not there yet (what the app does once a day); without it,
    /// today's backup is made again.
    #[arg(long)]
    if_due: bool,
}

#[derive(clap::Args)]
struct BackupsArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// The backup folder (default: `backups/` beside the archive).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Print the list as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct RestoreArgs {
    /// The backup to bring back.
    backup: PathBuf,
    /// The archive it replaces (kept aside, renamed).
    #[arg(long)]
    db: Option<PathBuf>,
}

pub fn run(a: Args) -> Outcome {
    match a.what {
        What::Stats(d) => stats(d),
        What::Check(d) => check(d),
        What::Recover(r) => recover(r),
        What::Backup(b) => backup(b),
        What::Backups(b) => backups(b),
        What::Restore(r) => restore(r),
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
    let s = ar.stats().map_err(super::archive::named(ar.path()))?;
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
    let path = d.db.clone().unwrap_or_else(Archive::default_path);
    // Opened as every command opens it (an older schema is migrated); a damaged file is
    // surveyed instead, from a copy.
    let opened =
        Archive::open_with_progress(&path, &mut progress("migrating the archive (schema 4)"));
    let ar = match opened {
        Ok(ar) => ar,
        Err(ArchiveError::Damaged { detail, .. }) => return check_damaged(&path, &detail, d.json),
        Err(e) => return Err(e.to_string()),
    };
    let r = match ar.check(&mut progress("checking")) {
        Ok(r) => r,
        Err(ArchiveError::Sql(e)) if crate::archive::is_corrupt(&e) => {
            drop(ar);
            return check_damaged(&path, &e.to_string(), d.json);
        }
        Err(e) => return Err(e.to_string()),
    };
    if r.sqlite != "ok" {
        drop(ar);
        return check_damaged(
            &path,
            &format!("SQLite's integrity check: {}", r.sqlite),
            d.json,
        );
    }
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
        for g in &r.shown_as_recorded {
            outln!("readable: {g}");
        }
        if r.problems.is_empty() && r.shown_as_recorded.is_empty() {
            outln!("every game replays hash for hash");
        } else if r.problems.is_empty() {
            outln!(
                "every game opens: {} replayed differently by today's rules, shown as recorded",
                r.shown_as_recorded.len()
            );
        }
    }
    Ok(if r.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `check` of a damaged file: what `recover` would salvage and what is lost, by game; exit 1.
fn check_damaged(path: &Path, detail: &str, json: bool) -> Outcome {
    let r = crate::archive::survey(path, &mut progress("surveying the damaged archive"))
        .map_err(|e| e.to_string())?;
    if json {
        let v = serde_json::json!({ "damaged": true, "detail": detail, "survey": r });
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::from(1));
    }
    outln!("{}: DAMAGED ({detail})", path.display());
    print_report(&r, "can be recovered");
    outln!(
        "to salvage the {} game(s) that can be read into a new archive (this file is only \
         read): kepi archive recover {} --out NEW.kepi",
        r.recovered.len(),
        path.display()
    );
    Ok(ExitCode::from(1))
}

/// A recovery's report, a line a game: `kept` says what became of the games read whole.
fn print_report(r: &RecoveryReport, kept: &str) {
    outln!("SQLite integrity: {}", r.sqlite);
    for g in &r.recovered {
        outln!(
            "game {} «{}»: {kept} ({} nodes, replayed hash for hash){}",
            g.id,
            g.title,
            g.nodes,
            if r.out.is_some() && g.new_id != g.id {
                format!(", now game {}", g.new_id)
            } else {
                String::new()
            }
        );
        if let Some(w) = &g.warning {
            outln!("  warning: {w}");
        }
    }
    for g in &r.lost {
        match &g.title {
            Some(t) => outln!("game {} «{t}»: LOST: {}", g.id, g.reason),
            None => outln!("game {}: LOST: {}", g.id, g.reason),
        }
    }
    for l in &r.lost_rows {
        outln!("unreadable: {l}");
    }
    outln!(
        "{} game(s) {kept}, {} lost",
        r.recovered.len(),
        r.lost.len()
    );
}

fn recover(a: RecoverArgs) -> Outcome {
    let r = crate::archive::recover(&a.damaged, &a.out, &mut progress("recovering"))
        .map_err(|e| e.to_string())?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
        );
    } else {
        print_report(&r, "recovered");
        outln!(
            "{} written; {} was not changed",
            a.out.display(),
            a.damaged.display()
        );
    }
    Ok(if r.nothing_lost() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn backup(b: BackupArgs) -> Outcome {
    let ar = super::archive::open(&b.db)?;
    let dir = b
        .dir
        .unwrap_or_else(|| crate::archive::default_backup_dir(ar.path()));
    match ar
        .rolling_backup(&dir, b.keep, !b.if_due)
        .map_err(super::archive::named(ar.path()))?
    {
        Some(p) => outln!("{} backed up to {}", ar.path().display(), p.display()),
        None => outln!("today's backup is there already (in {})", dir.display()),
    }
    Ok(ExitCode::SUCCESS)
}

fn backups(b: BackupsArgs) -> Outcome {
    let path = b.db.unwrap_or_else(Archive::default_path);
    let dir = b
        .dir
        .unwrap_or_else(|| crate::archive::default_backup_dir(&path));
    let list = crate::archive::list_backups(&dir, &path).map_err(|e| e.to_string())?;
    if b.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if list.is_empty() {
        outln!("no backups of {} in {}", path.display(), dir.display());
    }
    for f in &list {
        outln!(
            "{}  {:>12}  {}",
            f.date,
            kb(f.bytes as i64),
            f.path.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn restore(r: RestoreArgs) -> Outcome {
    let target = r.db.unwrap_or_else(Archive::default_path);
    let done = crate::archive::restore_backup(&r.backup, &target).map_err(|e| e.to_string())?;
    outln!("{} restored to {}", r.backup.display(), target.display());
    if let Some(aside) = &done.kept_aside {
        outln!("the archive that was there is kept as {}", aside.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn vacuum(d: DbArgs) -> Outcome {
    let mut ar = super::archive::open(&d.db)?;
    let (before, after) = ar.vacuum().map_err(super::archive::named(ar.path()))?;
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
        .map_err(super::archive::named(ar.path()))?;
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

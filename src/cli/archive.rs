//! Archive commands: `replay`, `tree`, `branch`, `annotate`, `search`, `games`, `export-game`,
//! `import-game`. Each takes `--db PATH` (default: the app's archive in the user's data folder).

use super::Outcome;
use crate::archive::{Annotation, Archive, ArchiveError, GameTree, NodeInfo, SearchQuery, Shape};
use crate::engine::AnyState;
use crate::library::read_text;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn open(db: &Option<PathBuf>) -> Result<Archive, String> {
    open_at(&db_path(db))
}

/// Open the archive at `path`, its errors in words (a damaged file named: [`named`]).
pub fn open_at(path: &Path) -> Result<Archive, String> {
    // Opening a schema 1-3 archive migrates it (one transaction: schema 1-2 snapshots
    // compacted, then every node row rewritten): say how far it is.
    Archive::open_with_progress(
        path,
        &mut super::archive_maintenance::progress("migrating the archive (schema 4)"),
    )
    .map_err(named(path))
}

/// The archive a command names (`--db`), or the app's.
fn db_path(db: &Option<PathBuf>) -> PathBuf {
    db.clone().unwrap_or_else(Archive::default_path)
}

/// An error of the archive at `path`, in words. SQLite's "database disk image is malformed",
/// met part way through a command (opening reads only the first pages), names the file and the
/// two commands that help ([`ArchiveError::Damaged`]'s words), as opening a damaged file does.
pub fn named(path: &Path) -> impl Fn(ArchiveError) -> String + Copy + '_ {
    move |err| match err {
        ArchiveError::Sql(s) if crate::archive::is_corrupt(&s) => ArchiveError::Damaged {
            path: path.display().to_string(),
            detail: s.to_string(),
        }
        .to_string(),
        other => other.to_string(),
    }
}

/// A node in words; commands are described against `state` (any state of the game: their
/// words name units and hexes, which do not change).
fn node_line(state: &AnyState, n: &NodeInfo) -> String {
    let what = match &n.command {
        Some(c) => state.rules().describe_command(state, c),
        None => "(start)".to_string(),
    };
    format!(
        "node {:>5}  ply {:>4}  turn {:>2} {:<10} {}{}",
        n.id,
        n.ply,
        n.turn,
        n.phase,
        what,
        n.name
            .as_ref()
            .map(|x| format!("  «{x}»"))
            .unwrap_or_default()
    )
}

#[derive(clap::Args)]
pub struct ReplayArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// The node to open.
    #[arg(long)]
    node: Option<i64>,
    /// Or a game, at the end of its main line, or at a game-turn (and phase) of it.
    #[arg(long)]
    game: Option<i64>,
    #[arg(long)]
    turn: Option<u32>,
    /// fire, movement, shock (with --turn).
    #[arg(long)]
    phase: Option<String>,
    /// Step this many commands forward along the line (first children) from there...
    #[arg(long, default_value_t = 0)]
    forward: usize,
    /// ...or back towards the start.
    #[arg(long, default_value_t = 0)]
    back: usize,
    /// Print the state as JSON with its hash.
    #[arg(long)]
    json: bool,
}

pub fn replay(a: ReplayArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let ar = open_at(&path)?;
    let node = match (a.node, a.game) {
        (Some(n), _) => ar.node(n).map_err(e)?,
        (None, Some(g)) => match a.turn {
            Some(t) => ar.find_on_main_line(g, t, a.phase.as_deref()).map_err(e)?,
            None => ar.tip(g).map_err(e)?,
        },
        (None, None) => return Err("give --node N, or --game G (with --turn T)".into()),
    };
    let mut node = node;
    for _ in 0..a.back {
        match node.parent {
            Some(p) => node = ar.node(p).map_err(e)?,
            None => break,
        }
    }
    for _ in 0..a.forward {
        match ar.children(node.id).map_err(e)?.into_iter().next() {
            Some(c) => node = c,
            None => break,
        }
    }
    // Issue 37: a node today's rules replay differently is shown as recorded.
    let opened = ar.open_node(node.id).map_err(e)?;
    let s = match (&opened.state, &opened.recorded) {
        (Some(s), _) => s.clone(),
        (None, Some(r)) => return replay_as_recorded(&ar, &node, r, a.json),
        (None, None) => unreachable!("a node opens one way or the other"),
    };
    if a.json {
        let mut v = s.rules().state_json(&s);
        v["hash"] = serde_json::Value::String(s.hash());
        v["node"] = serde_json::json!(node.id);
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|x| x.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}", node_line(&s, &node));
    let p = s.progress();
    let info = ar.game(node.game).map_err(e)?;
    // Issue 37: which rules the game, and this node's command, were played under.
    let rules = s.rules();
    let today = rules.rules_version();
    let mut under = format!(
        "recorded under {} rules {}",
        rules.name(),
        info.rules_version
    );
    if let Some(v) = node.rules_version {
        under += &format!("; this command played under rules {v}");
    }
    if today != info.rules_version || node.rules_version.is_some_and(|v| v != today) {
        under += &format!("; Kepi plays rules {today} today");
    }
    outln!("{under}");
    outln!(
        "{} — game-turn {} of {}, {} {}",
        info.title,
        p.turn,
        p.last_turn,
        s.sides()
            .get(p.player)
            .map(|x| x.name.clone())
            .unwrap_or_default(),
        p.phase
    );
    print_rolls(&ar, node.id)?;
    if let Ok(events) =
        serde_json::from_value::<Vec<serde_json::Value>>(ar.events(node.id).map_err(e)?)
    {
        outln!("  {} event(s)", events.len());
    }
    for ann in ar.annotations(node.id).map_err(e)? {
        outln!("  note {} by {}: {}", ann.id, ann.author, ann.text);
    }
    outln!("state hash {} (checked against the record)", s.hash());
    Ok(ExitCode::SUCCESS)
}

/// A node's recorded dice, one line a roll.
fn print_rolls(ar: &Archive, node: i64) -> Result<(), String> {
    for r in ar.rolls(node).map_err(named(ar.path()))? {
        outln!(
            "  rolled {:?} for {}{}",
            r.faces,
            r.purpose,
            if r.forced { " (forced)" } else { "" }
        );
    }
    Ok(())
}

/// `kepi replay` of a node shown as recorded: where and how today's rules part from the
/// record, and the board as recorded (its counters on the map, by hex).
fn replay_as_recorded(
    ar: &Archive,
    node: &NodeInfo,
    r: &crate::archive::Recorded,
    json: bool,
) -> Outcome {
    let e = named(ar.path());
    let rules = r.agreed.rules();
    let info = ar.game(node.game).map_err(e)?;
    let under = r.parted_at.rules_version.unwrap_or(info.rules_version);
    // A record of today's own rules that today's replay parts from is damaged, not older.
    let said = if under == rules.rules_version() {
        format!(
            "recorded under {} rules {}, today's own, yet from game-turn {} (node {}, {}) the \
             replay and the record disagree: {}; the record may be damaged (kepi archive check)",
            rules.name(),
            under,
            r.parted_at.turn,
            r.parted_at.id,
            r.parted_at.phase,
            r.difference
        )
    } else {
        format!(
            "recorded under {} rules {}; from game-turn {} (node {}, {}) today's rules {} read \
             this differently: {}",
            rules.name(),
            under,
            r.parted_at.turn,
            r.parted_at.id,
            r.parted_at.phase,
            rules.rules_version(),
            r.difference
        )
    };
    if json {
        let v = serde_json::json!({
            "node": node.id,
            "as_recorded": true,
            "rules_note": said,
            "parted_at": r.parted_at.id,
            "hash": node.state_hash,
            "board": r.board,
        });
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|x| x.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}", node_line(&r.agreed, node));
    outln!("{said}");
    outln!(
        "{} — game-turn {}, {} (shown as recorded: `kepi branch --node {} --today` plays it \
         under today's rules as a variation)",
        info.title,
        node.turn,
        node.phase,
        node.id
    );
    for c in &r.board.counters {
        if let Some(h) = &c.hex {
            let marks = if c.markers.is_empty() {
                String::new()
            } else {
                format!(" [{}]", c.markers.join(", "))
            };
            outln!("  {h} {} {}{marks}", c.id, c.values);
        }
    }
    print_rolls(ar, node.id)?;
    for ann in ar.annotations(node.id).map_err(e)? {
        outln!("  note {} by {}: {}", ann.id, ann.author, ann.text);
    }
    outln!("state hash {} (as recorded)", node.state_hash);
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct TreeArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    #[arg(long)]
    game: i64,
    /// Print every node of the main line, not only where variations branch off.
    #[arg(long)]
    all: bool,
}

pub fn tree(a: TreeArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let ar = open_at(&path)?;
    let info = ar.game(a.game).map_err(e)?;
    let root = ar.root(a.game).map_err(e)?;
    let state = ar.state_at(root.id).map_err(e)?;
    outln!(
        "game {}: {} (seed {}), created {}{}",
        info.id,
        info.title,
        info.seed,
        info.created,
        info.winner
            .as_ref()
            .map(|w| format!(", won by {w}"))
            .unwrap_or_default()
    );
    fn walk(
        ar: &Archive,
        s: &AnyState,
        n: &NodeInfo,
        depth: usize,
        all: bool,
    ) -> Result<(), String> {
        let children = ar.children(n.id).map_err(named(ar.path()))?;
        let show = all || depth > 0 || children.len() > 1 || n.parent.is_none();
        if show {
            outln!("{}{}", "  ".repeat(depth), node_line(s, n));
        }
        for (i, c) in children.iter().enumerate() {
            walk(ar, s, c, depth + usize::from(i > 0), all)?;
        }
        Ok(())
    }
    walk(&ar, &state, &root, 0, a.all)?;
    let tip = ar.tip(a.game).map_err(e)?;
    outln!("main line: {} commands, ends at node {}", tip.ply, tip.id);
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct BranchArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// The node to branch at, promote, delete or rename.
    #[arg(long)]
    node: i64,
    /// Play the node's command again with roll SEQ (0 = its first roll) given these faces:
    /// --force 0=6 ("what if that roll had been a 6?").
    #[arg(long)]
    force: Vec<String>,
    /// Name the new (or this) variation.
    #[arg(long)]
    name: Option<String>,
    /// Make this node's line the main line.
    #[arg(long)]
    promote: bool,
    /// Delete this node and everything after it.
    #[arg(long)]
    delete: bool,
    /// Replay under today's rules: a node shown as recorded (today's rules read its line
    /// differently) played again from where they part, as a new variation.
    #[arg(long)]
    today: bool,
}

pub fn branch(a: BranchArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let mut ar = open_at(&path)?;
    if a.promote {
        ar.promote(a.node).map_err(e)?;
        outln!("node {} is now the main line", a.node);
        return Ok(ExitCode::SUCCESS);
    }
    if a.today {
        let v = ar.replay_under_today(a.node).map_err(e)?;
        outln!(
            "new variation «today's rules»: nodes {} to {}, {} command(s) played under today's \
             rules",
            v.first,
            v.last,
            v.played
        );
        if let Some(why) = v.stopped {
            outln!("stopped at {why}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.delete {
        ar.delete_variation(a.node).map_err(e)?;
        outln!("node {} and everything after it deleted", a.node);
        return Ok(ExitCode::SUCCESS);
    }
    if a.force.is_empty() {
        let name = a
            .name
            .as_deref()
            .ok_or("say what to do: --force SEQ=FACE, --promote, --delete or --name NAME")?;
        ar.name_variation(a.node, name).map_err(e)?;
        outln!("node {} named «{name}»", a.node);
        return Ok(ExitCode::SUCCESS);
    }
    let mut forced: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
    for f in &a.force {
        let (seq, faces) = f
            .split_once('=')
            .ok_or_else(|| format!("--force {f}: write SEQ=FACE, e.g. 0=6"))?;
        let seq: usize = seq
            .parse()
            .map_err(|_| format!("--force {f}: SEQ is a number"))?;
        let faces: Vec<u8> = faces
            .split('+')
            .map(|x| {
                x.parse()
                    .map_err(|_| format!("--force {f}: FACE is a number"))
            })
            .collect::<Result<_, _>>()?;
        forced.insert(seq, faces);
    }
    let (id, applied) = ar
        .branch_forced(a.node, forced, a.name.as_deref())
        .map_err(e)?;
    outln!("new variation: node {id}");
    for l in &applied.described {
        outln!("  {l}");
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_color(s: Option<&str>) -> String {
    s.map(str::to_string)
        .unwrap_or_else(|| "#c0392b".to_string())
}

#[derive(clap::Args)]
pub struct AnnotateArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// The node to annotate (or whose notes to list).
    #[arg(long)]
    node: Option<i64>,
    /// Markdown text.
    #[arg(long)]
    text: Option<String>,
    #[arg(long, default_value = "")]
    author: String,
    /// An arrow FROM:TO[:#rrggbb], e.g. 0812:0915:#c0392b.
    #[arg(long)]
    arrow: Vec<String>,
    /// A highlighted hex HEX[:#rrggbb].
    #[arg(long)]
    highlight: Vec<String>,
    #[arg(long)]
    tag: Vec<String>,
    /// Replace annotation ID instead of adding one.
    #[arg(long)]
    edit: Option<i64>,
    /// Delete annotation ID.
    #[arg(long)]
    delete: Option<i64>,
    /// List the node's annotations.
    #[arg(long)]
    list: bool,
}

pub fn annotate(a: AnnotateArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let mut ar = open_at(&path)?;
    if let Some(id) = a.delete {
        ar.delete_annotation(id).map_err(e)?;
        outln!("annotation {id} deleted");
        return Ok(ExitCode::SUCCESS);
    }
    let node = match (a.node, a.edit) {
        (Some(n), _) => n,
        (None, Some(id)) => ar.annotation(id).map_err(e)?.node,
        _ => return Err("give --node N (or --edit ID / --delete ID)".into()),
    };
    if a.list {
        for n in ar.annotations(node).map_err(e)? {
            outln!(
                "{} by {} [{}]: {} ({} shape(s))",
                n.id,
                n.author,
                n.tags.join(", "),
                n.text,
                n.shapes.len()
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let grid = ar
        .game_setup(ar.node(node).map_err(e)?.game)
        .map_err(e)?
        .map
        .grid;
    let hex = |s: &str| {
        grid.parse(s)
            .ok_or_else(|| format!("'{s}' is not a hex of this map ({})", grid.name_hint()))
    };
    let mut shapes = Vec::new();
    for ar_ in &a.arrow {
        let parts: Vec<&str> = ar_.split(':').collect();
        if parts.len() < 2 {
            return Err(format!("--arrow {ar_}: write FROM:TO[:#rrggbb]"));
        }
        shapes.push(Shape::Arrow {
            from: hex(parts[0])?,
            to: hex(parts[1])?,
            color: parse_color(parts.get(2).copied()),
        });
    }
    for h in &a.highlight {
        let parts: Vec<&str> = h.split(':').collect();
        shapes.push(Shape::Highlight {
            hex: hex(parts[0])?,
            color: parse_color(parts.get(1).copied()),
        });
    }
    let ann = Annotation {
        id: 0,
        node,
        author: a.author,
        text: a.text.unwrap_or_default(),
        shapes,
        tags: a.tag,
        created: String::new(),
        updated: String::new(),
    };
    match a.edit {
        Some(id) => {
            ar.edit_annotation(id, &ann).map_err(e)?;
            outln!("annotation {id} updated");
        }
        None => {
            let id = ar.annotate(node, &ann).map_err(e)?;
            outln!("annotation {id} added to node {node}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct SearchArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// Words to find in titles, notes and annotations (FTS5 syntax: AND, OR, "exact", pre*).
    query: Option<String>,
    #[arg(long)]
    scenario: Option<String>,
    #[arg(long)]
    ruleset: Option<String>,
    /// Games created on or after this date (YYYY-MM-DD).
    #[arg(long)]
    from: Option<String>,
    /// ... and on or before this date.
    #[arg(long)]
    to: Option<String>,
    /// The winner's side id, or "none".
    #[arg(long)]
    result: Option<String>,
    #[arg(long)]
    tag: Option<String>,
    #[arg(long, default_value_t = 50)]
    limit: usize,
    #[arg(long)]
    json: bool,
}

pub fn search(a: SearchArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let ar = open_at(&path)?;
    let hits = ar
        .search(&SearchQuery {
            text: a.query.unwrap_or_default(),
            scenario: a.scenario,
            ruleset: a.ruleset,
            from: a.from,
            to: a.to,
            result: a.result,
            tag: a.tag,
            limit: a.limit,
        })
        .map_err(e)?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&hits).map_err(|x| x.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    for h in &hits {
        match (h.node, h.annotation) {
            (Some(n), Some(id)) => outln!(
                "game {} «{}» node {n}, note {id}: {}",
                h.game,
                h.title,
                h.snippet
            ),
            _ => outln!("game {} «{}»: {}", h.game, h.title, h.snippet),
        }
    }
    outln!("{} hit(s)", hits.len());
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct GamesArgs {
    #[arg(long)]
    db: Option<PathBuf>,
}

pub fn games(a: GamesArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let ar = open_at(&path)?;
    for g in ar.games().map_err(e)? {
        let tip = ar.tip(g.id).map_err(e)?;
        outln!(
            "game {:>5}  {:<28} seed {:<6} {} commands  {}  {}",
            g.id,
            g.title,
            g.seed,
            tip.ply,
            g.created,
            g.winner
                .map(|w| format!("won by {w}"))
                .unwrap_or_else(|| if g.finished.is_some() {
                    "no winner".into()
                } else {
                    "in progress".into()
                })
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct ExportArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    #[arg(long)]
    game: i64,
    #[arg(long, short)]
    out: PathBuf,
}

pub fn export_game(a: ExportArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let ar = open_at(&path)?;
    let tree = ar.export_game(a.game).map_err(e)?;
    write_atomic(&a.out, &tree.to_text())?;
    outln!(
        "{}: game {} with {} nodes",
        a.out.display(),
        a.game,
        tree.nodes.len()
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct ImportArgs {
    #[arg(long)]
    db: Option<PathBuf>,
    /// Game records written by `kepi export-game`: each is replayed and checked, then written
    /// with its annotations; several share transactions (`--batch`), each batch whole or not
    /// at all.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Skip every record already in the archive (the same scenario, seed, players, creation
    /// time and number of nodes), so an import stopped part way goes on from its last
    /// finished game.
    #[arg(long)]
    resume: bool,
    /// Games a transaction holds at most (1: each game alone).
    #[arg(long, default_value_t = 32)]
    batch: u32,
}

/// Import each file: one batch of at most `--batch` games at a time. A file that does not
/// read or replay stops the import with its name; the games before it are kept (their batch
/// is committed), nothing of it is written.
pub fn import_game(a: ImportArgs) -> Outcome {
    let path = db_path(&a.db);
    let e = named(&path);
    let mut ar = open_at(&path)?;
    let mut in_batch = 0usize;
    let mut imported = 0usize;
    let mut skipped = 0usize;
    let batch = a.batch.max(1) as usize;
    let mut failed: Option<String> = None;
    for file in &a.files {
        let tree = match read_text(file)
            .map_err(|x| x.to_string())
            .and_then(|t| GameTree::from_text(&t).map_err(|p| p.in_file(file).to_string()))
        {
            Ok(t) => t,
            Err(x) => {
                failed = Some(format!("{x}; nothing of it was imported"));
                break;
            }
        };
        if a.resume
            && let Some(id) = ar.imported_already(&tree).map_err(e)?
        {
            outln!("{}: imported already as game {id}", file.display());
            skipped += 1;
            continue;
        }
        if in_batch == 0 {
            ar.begin_batch().map_err(e)?;
        }
        match ar.import_game(&tree) {
            Ok(id) => outln!(
                "{}: imported as game {id} ({} nodes replayed and checked)",
                file.display(),
                tree.nodes.len()
            ),
            Err(x) => {
                failed = Some(format!(
                    "{}: {}; nothing of it was imported",
                    file.display(),
                    e(x)
                ));
                break;
            }
        }
        imported += 1;
        in_batch += 1;
        if in_batch >= batch {
            ar.commit_batch().map_err(e)?;
            in_batch = 0;
        }
    }
    ar.commit_batch().map_err(e)?;
    if a.files.len() > 1 {
        outln!("{imported} game(s) imported, {skipped} imported already");
    }
    match failed {
        Some(x) => Err(x),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Write a text file whole or not at all ([`crate::atomic::write_atomic`]), with an error that
/// names the file.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    write_atomic_bytes(path, text.as_bytes())
}

/// Write bytes whole or not at all ([`crate::atomic::write_atomic`]), with an error that names
/// the file.
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::atomic::write_atomic(path, bytes)
        .map_err(|x| format!("{}: cannot write: {x}", path.display()))
}

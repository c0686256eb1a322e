//! `kepi new`, `legal`, `play`, `state`, `reach`, `preview` and `autoplay`: games as JSON
//! files or in the archive, for any rule system (through `engine::game`).

use super::Outcome;
use crate::engine::game::session::{DeployUntil, auto_deploy};
use crate::engine::game::{AnyRuleset, AnyState, Applied, options_from_rules, registry};
use crate::game::GameRecord;
use crate::library::{load_scenario, read_text};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub(super) fn rules_of(
    scenario: &crate::scenario::Scenario,
) -> Result<&'static dyn AnyRuleset, String> {
    registry::get(scenario.file.ruleset.key())
}

fn load_game(path: &Path) -> Result<(GameRecord, AnyState), String> {
    let text = read_text(path).map_err(|p| p.to_string())?;
    let game = GameRecord::from_text(&text).map_err(|p| p.in_file(path).to_string())?;
    let state = game
        .replay(None)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((game, state))
}

/// Written whole or not at all (`crate::atomic`).
pub(super) fn save_game(path: &Path, game: &GameRecord) -> Result<(), String> {
    crate::atomic::write_atomic(path, game.to_text().as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn print_applied(applied: &Applied) {
    for line in &applied.described {
        outln!("  {line}");
    }
}

/// "Phase — side" of a state, for one-line reports.
fn where_line(state: &AnyState) -> String {
    let p = state.progress();
    let side = state
        .sides()
        .get(p.player)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    format!("{} — {side}", p.phase)
}

#[derive(clap::Args)]
pub struct NewArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// Seed of the live dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Deploy both sides legally at random (seeded).
    #[arg(long)]
    auto_deploy: bool,
    /// Optional rules, NAME=on|off (e.g. --rule range_effects=on); `kepi rules` lists them.
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// The game file to write...
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// ...or the archive to record the game in (every command and roll, with branches).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Player names, one per side, in the scenario's order.
    #[arg(long = "player")]
    players: Vec<String>,
}

pub fn new(a: NewArgs) -> Outcome {
    let scenario = load_scenario(&a.scenario).map_err(|p| p.to_string())?;
    let rules = rules_of(&scenario)?;
    let opts = options_from_rules(rules, &scenario, &a.rules)?;
    if a.db.is_some() || a.out.is_none() {
        let mut ar = super::archive::open(&a.db)?;
        let id = ar
            .create_game(&scenario, &opts, a.seed, &a.players)
            .map_err(|e| e.to_string())?;
        let mut node = ar.root(id).map_err(|e| e.to_string())?.id;
        let mut state = ar.state_at(node).map_err(|e| e.to_string())?;
        if a.auto_deploy && state.progress().deploying {
            state = auto_deploy(state, a.seed, DeployUntil::DeploymentOver, |_, cmd| {
                let (n, applied) = ar
                    .play(node, cmd, &mut VecDeque::new())
                    .map_err(|e| format!("auto-deploy: {e}"))?;
                node = n;
                Ok::<_, String>(applied.state)
            })?;
        }
        outln!(
            "game {id} of '{}' (seed {}) in {}, at node {node}: {}",
            scenario.file.title,
            a.seed,
            ar.path().display(),
            where_line(&state)
        );
        return Ok(ExitCode::SUCCESS);
    }
    let out = a.out.expect("checked");
    let mut game = GameRecord::new(&scenario, &opts, a.seed)?;
    let mut state = rules
        .start(&scenario, &game.options)
        .map_err(|e| e.to_string())?;
    if a.auto_deploy && state.progress().deploying {
        state = auto_deploy(state, a.seed, DeployUntil::DeploymentOver, |s, cmd| {
            let applied = game
                .play(s, cmd, Default::default())
                .map_err(|e| format!("auto-deploy: {}: {e}", rules.describe_command(s, cmd)))?;
            Ok::<_, String>(applied.state)
        })?;
    }
    save_game(&out, &game)?;
    outln!(
        "{}: new game of '{}' (seed {}), {}",
        out.display(),
        scenario.file.title,
        a.seed,
        where_line(&state)
    );
    Ok(ExitCode::SUCCESS)
}

/// Where a command reads its state: a game file, or a node of an archived game.
#[derive(clap::Args)]
pub struct Target {
    /// A game file (or use --db with --game / --node).
    game: Option<PathBuf>,
    #[arg(long)]
    db: Option<PathBuf>,
    /// An archived game (at the end of its main line)...
    #[arg(long = "game")]
    game_id: Option<i64>,
    /// ...or a node of one.
    #[arg(long)]
    node: Option<i64>,
}

impl Target {
    /// The state a command targets: a game file, or a node of an archived game (default: the
    /// end of the main line).
    fn state(&self) -> Result<AnyState, String> {
        match (&self.game, self.game_id, self.node) {
            (Some(f), None, None) => Ok(load_game(f)?.1),
            (None, g, n) if g.is_some() || n.is_some() => {
                let ar = super::archive::open(&self.db)?;
                let node = match (n, g) {
                    (Some(n), _) => n,
                    (None, Some(g)) => ar.tip(g).map_err(|e| e.to_string())?.id,
                    _ => unreachable!("one of them is given"),
                };
                ar.state_at(node).map_err(|e| e.to_string())
            }
            _ => Err("give a game file, or --game ID / --node N (with --db)".into()),
        }
    }
}

#[derive(clap::Args)]
pub struct LegalArgs {
    #[command(flatten)]
    target: Target,
    /// One command a line as JSON, as `kepi play --script` reads them: units by label, as
    /// the commands in words name them.
    #[arg(long)]
    json: bool,
}

/// `command` (stored form) with its units named by label, as people write commands (`"unit":
/// "British MZ 3"` for `"unit": 4`). The label is the one the rule system gives the unit
/// (its [`Reach`](crate::engine::preview::Reach) names it); `labels` caches them by number.
/// Invariant: the result reads back ([`AnyRuleset::parse_command`]) as `command` itself; a
/// command that would not is returned unchanged.
fn with_labels(
    rules: &dyn AnyRuleset,
    state: &AnyState,
    command: &Value,
    labels: &mut std::collections::HashMap<u64, Option<String>>,
) -> Value {
    let mut label = |v: &mut Value| {
        if let Some(n) = v.as_u64() {
            let name = labels
                .entry(n)
                .or_insert_with(|| rules.reach(state, &n.to_string()).ok().map(|r| r.unit));
            if let Some(name) = name {
                *v = Value::String(name.clone());
            }
        }
    };
    let mut out = command.clone();
    if let Value::Object(m) = &mut out {
        if let Some(u) = m.get_mut("unit") {
            label(u);
        }
        if let Some(Value::Array(us)) = m.get_mut("units") {
            us.iter_mut().for_each(label);
        }
    }
    match rules.parse_command(state, out.clone()) {
        Ok(back) if back == *command => out,
        _ => command.clone(),
    }
}

pub fn legal(a: LegalArgs) -> Outcome {
    let state = a.target.state()?;
    let rules = state.rules();
    let commands = rules.legal(&state);
    let mut labels = std::collections::HashMap::new();
    for c in &commands {
        if a.json {
            let c = with_labels(rules, &state, c, &mut labels);
            outln!("{}", serde_json::to_string(&c).map_err(|e| e.to_string())?);
        } else {
            outln!("{}", rules.describe_command(&state, c));
        }
    }
    if !a.json {
        outln!("{} legal command(s)", commands.len());
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    target: Target,
    /// Commands, one JSON object a line ('-' for standard input); units by label or number,
    /// hexes by name: {"type": "move", "unit": "British MZ 3", "path": ["0812", "0813"]}.
    #[arg(long)]
    script: PathBuf,
    /// Faces for the next rolls, in order (forced, recorded as such): --dice 6,3
    #[arg(long, value_delimiter = ',')]
    dice: Vec<u8>,
}

/// The script's commands: (where, JSON) for each non-empty, non-comment line.
fn read_script(script: &Path) -> Result<Vec<(String, Value)>, String> {
    let reader: Box<dyn BufRead> = if script.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(script)
                .map_err(|e| format!("{}: cannot read: {e}", script.display()))?,
        ))
    };
    let mut out = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let where_ = format!("{} line {}", script.display(), n + 1);
        let value: Value =
            serde_json::from_str(t).map_err(|e| format!("{where_}: not JSON: {e}"))?;
        out.push((where_, value));
    }
    Ok(out)
}

pub fn play(a: PlayArgs) -> Outcome {
    let mut queue: VecDeque<u8> = a.dice.into_iter().collect();
    // Where the commands go: an archived game (each command recorded as a node) or a file.
    enum Sink {
        Archive(Box<crate::archive::Archive>, i64),
        File(PathBuf, Box<GameRecord>),
    }
    let t = &a.target;
    let (mut sink, mut state) = match &t.game {
        None => {
            let ar = super::archive::open(&t.db)?;
            let node = match (t.node, t.game_id) {
                (Some(n), _) => n,
                (None, Some(g)) => ar.tip(g).map_err(|e| e.to_string())?.id,
                _ => return Err("give a game file, or --game ID / --node N (with --db)".into()),
            };
            let state = ar.state_at(node).map_err(|e| e.to_string())?;
            (Sink::Archive(Box::new(ar), node), state)
        }
        Some(file) => {
            let (game, state) = load_game(file)?;
            (Sink::File(file.clone(), Box::new(game)), state)
        }
    };
    let rules = state.rules();
    let script = read_script(&a.script);
    let played = || -> Outcome {
        for (where_, value) in script? {
            let cmd = rules
                .parse_command(&state, value)
                .map_err(|e| format!("{where_}: {e}"))?;
            // Described before it is applied (the words name the state it was played in), but
            // printed only once it is played: a refused command is reported as refused, never
            // echoed as if it had been played.
            let words = rules.describe_command(&state, &cmd);
            let refused = |e: String| format!("{where_}: refused: {e}");
            let (applied, node) = match &mut sink {
                Sink::Archive(ar, node) => {
                    let (id, applied) = ar
                        .play(*node, &cmd, &mut queue)
                        .map_err(|e| refused(e.to_string()))?;
                    *node = id;
                    (applied, Some(id))
                }
                Sink::File(file, game) => {
                    let r = game
                        .play_queued(&state, &cmd, &mut queue)
                        .map_err(|e| refused(e.to_string()))?;
                    // Each command is saved as soon as it is applied.
                    save_game(file, game)?;
                    (r, None)
                }
            };
            outln!("{words}");
            if let Some(id) = node {
                outln!("  recorded as node {id}");
            }
            print_applied(&applied);
            state = applied.state;
        }
        Ok(ExitCode::SUCCESS)
    };
    let outcome = played();
    // Forced rolls no command asked for: the script ended (or was refused) before them.
    if !queue.is_empty() {
        let faces: Vec<String> = queue.iter().map(u8::to_string).collect();
        // Standard error may be gone: never panic on a warning.
        let _ = writeln!(
            std::io::stderr(),
            "kepi: warning: {} --dice roll(s) left unused: {}",
            queue.len(),
            faces.join(", ")
        );
    }
    outcome
}

#[derive(clap::Args)]
pub struct StateArgs {
    game: PathBuf,
    /// The state as JSON, with its hash.
    #[arg(long)]
    json: bool,
    /// After this many commands (default: all).
    #[arg(long)]
    at: Option<usize>,
    /// The board as this side (its id or name) sees it: where each unit is, and the enemy
    /// units out of its sight in a system that hides units (with --json, the board as the
    /// app draws it).
    #[arg(long, value_name = "SIDE")]
    seen_by: Option<String>,
}

pub fn state(a: StateArgs) -> Outcome {
    let text = read_text(&a.game).map_err(|p| p.to_string())?;
    let game = GameRecord::from_text(&text).map_err(|p| p.in_file(&a.game).to_string())?;
    let in_file = |e: &dyn std::fmt::Display| format!("{}: {e}", a.game.display());
    let (s, parted) = game
        .replay_as_far_as_agreed(a.at)
        .map_err(|e| in_file(&e))?;
    // Issue 37: a game recorded under other rules than today's is shown as far as both read it
    // alike; this file's form keeps no boards as recorded to show the rest (an archive's and a
    // game tree's do: `kepi replay`). A record of today's own rules that does not replay is
    // damaged, and only the error is shown.
    let parted = match parted {
        None => None,
        Some((index, e)) => {
            let rules = s.rules();
            if game.rules_version == rules.rules_version() {
                return Err(in_file(&e));
            }
            Some(format!(
                "{}: recorded under {} rules {}; from command {index} today's rules {} read it \
                 differently ({e}). This game file keeps no boards as recorded, so the position \
                 shown is the last both read alike, after {index} commands.",
                a.game.display(),
                rules.name(),
                game.rules_version,
                rules.rules_version()
            ))
        }
    };
    // The position printed, then the note as the error (exit 1: not the position asked for).
    let shown = state_shown(&s, &a);
    match (shown, parted) {
        (Ok(_), Some(note)) => Err(note),
        (shown, _) => shown,
    }
}

/// The state printed as `kepi state` asks: the board as a side sees it, JSON, or the report.
fn state_shown(s: &AnyState, a: &StateArgs) -> Outcome {
    if let Some(side) = &a.seen_by {
        return print_seen_by(s, side, a.json);
    }
    if a.json {
        let v = s.rules().state_json(s);
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}", s.rules().report(s));
    print_victory(s);
    Ok(ExitCode::SUCCESS)
}

/// The board as side `side` (id or name) sees it: each unit where it is, those out of its
/// sight listed apart (`kepi state --seen-by`).
fn print_seen_by(s: &AnyState, side: &str, json: bool) -> Outcome {
    let sides = s.sides();
    let i = sides
        .iter()
        .position(|x| x.id == side || x.name.eq_ignore_ascii_case(side))
        .ok_or_else(|| {
            let known: Vec<String> = sides.iter().map(|x| x.id.clone()).collect();
            format!(
                "--seen-by: no side '{side}' in this game (its sides: {})",
                known.join(", ")
            )
        })?;
    let rules = s.rules();
    let board = rules.board_seen_by(s, Some(i));
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&board).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let name = &sides[i].name;
    if rules.hides_units() {
        outln!("The board as {name} sees it:");
    } else {
        outln!(
            "The board as {name} sees it ({} hides no units):",
            rules.name()
        );
    }
    let mut unseen = Vec::new();
    for c in &board.counters {
        let at = match (c.place, &c.hex) {
            (crate::engine::counters::Place::Unseen, _) => {
                unseen.push(c.id.clone());
                continue;
            }
            (crate::engine::counters::Place::Map, Some(h)) => h.clone(),
            (place, _) => format!("{place:?}").to_lowercase(),
        };
        outln!("  {}: {at}", c.id);
    }
    if !unseen.is_empty() {
        outln!("Out of {name}'s sight: {}", unseen.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

/// The scenario's victory conditions and where each stands.
fn print_victory(s: &AnyState) {
    let sides = s.sides();
    outln!("Victory:");
    for v in s.victory() {
        let status = match v.status {
            crate::engine::ConditionStatus::Open => "open",
            crate::engine::ConditionStatus::Met => "met",
            crate::engine::ConditionStatus::NotMet => "not met",
        };
        let whose = v
            .side
            .and_then(|i| sides.get(i))
            .map(|s| format!("{}: ", s.name))
            .unwrap_or_default();
        let level = v.level.map(|l| format!(" ({l})")).unwrap_or_default();
        outln!("  [{status}] {whose}{}{level} — {}", v.text, v.detail);
    }
}

#[derive(clap::Args)]
pub struct ReachArgs {
    #[command(flatten)]
    target: Target,
    /// The unit, by label ("British MZ 3") or number.
    #[arg(long)]
    unit: String,
    /// Waypoint hexes the paths pass through, in order ("0611,0712"; Age of Rifles): each
    /// hex's path and passing fires along it, and its command with `via`.
    #[arg(long, value_delimiter = ',')]
    via: Vec<String>,
    /// The reach as JSON.
    #[arg(long)]
    json: bool,
}

/// Where a unit may go now: each hex with its cost and path (the play view's highlight).
pub fn reach(a: ReachArgs) -> Outcome {
    let state = a.target.state()?;
    let r = state
        .rules()
        .reach_via(&state, &a.unit, &a.via)
        .map_err(|e| e.to_string())?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{} at {}{}: allowance {}, spent {}",
        r.unit,
        r.from.as_deref().unwrap_or("(off the map)"),
        if a.via.is_empty() {
            String::new()
        } else {
            format!(" through {}", a.via.join(", "))
        },
        r.allowance,
        r.spent
    );
    if let Some(why) = &r.refused {
        outln!("may not move: {why}");
    }
    for h in &r.hexes {
        outln!(
            "  {:<6} cost {:<6} left {:<6} by {}{}",
            h.hex,
            h.cost,
            h.left,
            h.path.join("-"),
            h.notes
                .iter()
                .map(|n| format!("  ({n})"))
                .collect::<String>()
        );
    }
    outln!("{} hex(es)", r.hexes.len());
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct PreviewArgs {
    #[command(flatten)]
    target: Target,
    /// The allocations of the attack, one JSON command a line, as for `kepi play --script`.
    #[arg(long)]
    script: PathBuf,
    /// The preview as JSON.
    #[arg(long)]
    json: bool,
}

/// The attack the script's allocations would make, before anything is rolled; the game is
/// left unchanged.
pub fn preview(a: PreviewArgs) -> Outcome {
    let state = a.target.state()?;
    let rules = state.rules();
    // Each line is read against the state it will meet: the allocations before it applied.
    // Applying checks that it is legal; a command that rolls at once (an Age of Rifles
    // bombardment or assault) rolls seeded dice there, whose result is not used.
    let mut commands = Vec::new();
    let mut s = state.clone();
    for (where_, value) in read_script(&a.script)? {
        let c = rules
            .parse_command(&s, value)
            .map_err(|e| format!("{where_}: {e}"))?;
        s = rules
            .apply(&s, &c, &mut crate::engine::dice::SeededDice::new(0))
            .map_err(|e| format!("{where_}: refused: {e}"))?
            .state;
        commands.push(c);
    }
    let p = rules
        .preview(&state, &commands)
        .map_err(|e| e.to_string())?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&p).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{} attack on {}", p.kind, p.target);
    for c in &p.attackers {
        outln!(
            "  attacker {} in {}: {} (printed {})",
            c.unit,
            c.hex,
            c.value,
            c.base
        );
        for m in &c.modifiers {
            outln!("    {} {} ({})", m.name, m.effect, m.case);
        }
    }
    for c in &p.defenders {
        outln!(
            "  defender {} in {}: {} (printed {})",
            c.unit,
            c.hex,
            c.value,
            c.base
        );
        for m in &c.modifiers {
            outln!("    {} {} ({})", m.name, m.effect, m.case);
        }
    }
    outln!(
        "attack {} against defense {}",
        p.attack_total,
        p.defense_total
    );
    outln!("odds: {}", p.odds);
    for r in &p.results {
        outln!(
            "  {:>5.1} %  {:<4} {}{}",
            r.chance * 100.0,
            r.result,
            r.meaning,
            if r.faces.is_empty() {
                String::new()
            } else {
                format!(
                    " (rolls {})",
                    r.faces
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
    }
    for n in &p.notes {
        outln!("  note: {n}");
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct RulesArgs {
    /// As JSON.
    #[arg(long)]
    json: bool,
}

/// Every rule system that plays, with its rules version, phases and optional rules
/// (`--rule KEY=on|off`).
pub fn rules(a: RulesArgs) -> Outcome {
    let all = registry::all();
    if a.json {
        let v: Vec<Value> = all
            .iter()
            .map(|r| {
                serde_json::json!({
                    "key": r.key(),
                    "name": r.name(),
                    "rules_version": r.rules_version(),
                    "phases": r.phases(),
                    "levels": crate::ai::levels(*r),
                    "optional_rules": r.optional_rules(),
                    "event_kinds": r
                        .event_kinds()
                        .iter()
                        .map(|(k, case)| serde_json::json!({"kind": k, "case": case}))
                        .collect::<Vec<_>>(),
                })
            })
            .collect();
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    for r in all {
        outln!("{} ({}), rules {}", r.name(), r.key(), r.rules_version());
        outln!(
            "  phases: {}",
            r.phases()
                .iter()
                .map(|p| format!("{} ({})", p.name, p.case))
                .collect::<Vec<_>>()
                .join(", ")
        );
        outln!(
            "  computer levels (kepi autoplay --side SIDE=LEVEL): {}",
            crate::ai::levels(r).join(", ")
        );
        let kinds = r.event_kinds();
        outln!(
            "  scripted events (a scenario's `events`): {}",
            if kinds.is_empty() {
                "none".to_string()
            } else {
                kinds
                    .iter()
                    .map(|(k, case)| format!("{k} ({case})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
        for o in r.optional_rules() {
            outln!(
                "  --rule {}={}  {} ({}){}",
                o.key,
                if o.default { "on" } else { "off" },
                o.name,
                o.case,
                if o.note.is_empty() {
                    String::new()
                } else {
                    format!(": {}", o.note)
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

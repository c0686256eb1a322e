//! The golden-game corpus (issue 37): `tests/golden-games/<system>/rules-<version>/`, for every
//! shipped scenario three seeded games of its system's random player, recorded as game files
//! (the archive's export, as the app's "Export game…" and `kepi game export` write them),
//! compressed with zstd. Each one is opened in a fresh archive (the import replays every node
//! with its recorded dice and compares its hash before it writes anything), then verified again
//! from the archive's own rows, and keeps the rules version it was recorded under.
//!
//! A change that alters the replay of a golden game fails here, unless the game was recorded
//! under an older rules version of its system and the system's changelog
//! (docs/rules/<system>-changes.md) has a row for every version since. Raising a version keeps
//! the old files as they are; `KEPI_BLESS=1` then records three games of the new version for
//! every scenario of the system (it never rewrites a file). Every shipped scenario has its
//! games at its system's current version, so the corpus always holds games of every version.

use kepi::archive::{Archive, GameTree};
use kepi::engine::game::registry;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Games kept of each shipped scenario at each rules version (seeds 1 to 3).
const GAMES: usize = 3;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn corpus() -> PathBuf {
    root().join("tests/golden-games")
}

/// Every shipped scenario, by id, with its system's key.
fn shipped() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let id = p.file_stem().unwrap().to_string_lossy().into_owned();
            let sc = kepi::shipped::load_scenario(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
            (id, sc.file.ruleset.key().to_string())
        })
        .collect();
    out.sort();
    out
}

/// The folder of a system's games at a rules version.
fn folder(key: &str, version: u32) -> PathBuf {
    corpus().join(key).join(format!("rules-{version}"))
}

/// Every game file of the corpus, in order.
fn files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.to_string_lossy().ends_with(".json.zst") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&corpus(), &mut out);
    out.sort();
    out
}

fn read(path: &Path) -> GameTree {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8(zstd::decode_all(&bytes[..]).unwrap()).unwrap();
    GameTree::from_text(&text).unwrap_or_else(|p| panic!("{}: {p}", path.display()))
}

/// The versions the changelog of system `key` has a row for (`| 2 | 2026-12-01 | ... |`).
fn changelog_versions(key: &str) -> Vec<u32> {
    let path = root().join(format!("docs/rules/{key}-changes.md"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (every system keeps a changelog)", path.display()));
    text.lines()
        .filter_map(|l| {
            l.strip_prefix("| ")?
                .split(" |")
                .next()?
                .trim()
                .parse()
                .ok()
        })
        .collect()
}

/// Record `GAMES` games of `scenario` under today's rules of its system (`kepi autoplay` into
/// an archive, each game exported), writing only the files not there yet.
fn bless(scenario: &str, key: &str, version: u32) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bless.kepi");
    let path = root().join("scenarios").join(format!("{scenario}.json"));
    let code = kepi::cli::run_from([
        "kepi",
        "autoplay",
        path.to_str().unwrap(),
        "--games",
        &GAMES.to_string(),
        "--seed",
        "1",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(
        format!("{code:?}"),
        format!("{:?}", std::process::ExitCode::SUCCESS)
    );
    let ar = Archive::open(&db).unwrap();
    let out = folder(key, version);
    std::fs::create_dir_all(&out).unwrap();
    for g in ar.games().unwrap() {
        let file = out.join(format!("{scenario}-seed{}.json.zst", g.seed));
        if !file.exists() {
            let text = ar.export_game(g.id).unwrap().to_text();
            std::fs::write(&file, zstd::encode_all(text.as_bytes(), 19).unwrap()).unwrap();
        }
    }
}

/// A game of an older rules version that today's rules replay otherwise: what is wrong when the
/// system's changelog has no row for a version since (`rules`: the system's name).
fn unsaid(
    name: &str,
    rules: &str,
    tree: &GameTree,
    now: u32,
    e: &dyn std::fmt::Display,
) -> Option<String> {
    let said = changelog_versions(&tree.ruleset);
    let unsaid: Vec<u32> = (tree.rules_version + 1..=now)
        .filter(|v| !said.contains(v))
        .collect();
    (!unsaid.is_empty()).then(|| {
        format!(
            "{name}: replays otherwise under {rules} rules {now} ({e}), and the changelog has \
             no row for version(s) {unsaid:?}"
        )
    })
}

#[test]
fn every_golden_game_opens_in_a_fresh_archive_hash_for_hash() {
    let blessing = std::env::var_os("KEPI_BLESS").is_some();
    let mut wrong = Vec::new();
    // Every shipped scenario has its games at its system's current rules version.
    for (id, key) in shipped() {
        let version = registry::get(&key).unwrap().rules_version();
        let count = |id: &str| {
            std::fs::read_dir(folder(&key, version))
                .map(|d| {
                    d.flatten()
                        .filter(|e| {
                            let name = e.file_name().to_string_lossy().into_owned();
                            name.strip_prefix(id)
                                .is_some_and(|rest| rest.starts_with("-seed"))
                        })
                        .count()
                })
                .unwrap_or(0)
        };
        if count(&id) < GAMES && blessing {
            bless(&id, &key, version);
        }
        if count(&id) < GAMES {
            wrong.push(format!(
                "{id}: {} of {GAMES} golden games under {key} rules {version} \
                 (KEPI_BLESS=1 records them)",
                count(&id)
            ));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let mut ar = Archive::open(&dir.path().join("golden.kepi")).unwrap();
    let mut per_version: BTreeMap<(String, u32), usize> = BTreeMap::new();
    let files = files();
    for f in &files {
        let name = f.strip_prefix(corpus()).unwrap().display().to_string();
        let tree = read(f);
        let rules = registry::get(&tree.ruleset).unwrap();
        let now = rules.rules_version();
        if f.parent() != Some(&folder(&tree.ruleset, tree.rules_version)) {
            wrong.push(format!(
                "{name}: recorded under {} rules {}, filed elsewhere",
                tree.ruleset, tree.rules_version
            ));
            continue;
        }
        *per_version
            .entry((tree.ruleset.clone(), tree.rules_version))
            .or_default() += 1;
        match ar.import_game(&tree) {
            Ok(g) => {
                // Every node again, from the archive's snapshots and rows.
                match ar.verify_game(g) {
                    Ok(n) if n == tree.nodes.len() => {}
                    Ok(n) => wrong.push(format!("{name}: {n} of {} nodes", tree.nodes.len())),
                    // A game of an older version that today's rules replay otherwise from a
                    // node on: every node opens, shown as recorded from there, when the
                    // changelog says what changed since (docs/archive.md).
                    Err(e) if tree.rules_version < now => {
                        match ar.game_parting(g) {
                            Ok(Some(p)) if p.nodes == tree.nodes.len() => println!(
                                "{name}: today's rules part from it at node {} (game-turn {}, \
                                 {}): {}; {} of {} nodes shown as recorded",
                                p.node, p.turn, p.phase, p.difference, p.nodes_as_recorded, p.nodes
                            ),
                            other => wrong.push(format!(
                                "{name}: replays otherwise under {} rules {now} ({e}) and does \
                                 not open as recorded: {other:?}",
                                rules.name()
                            )),
                        }
                        wrong.extend(unsaid(&name, rules.name(), &tree, now, &e));
                    }
                    Err(e) => wrong.push(format!("{name}: verified from the archive: {e}")),
                }
                let kept = ar.game(g).unwrap().rules_version;
                if kept != tree.rules_version {
                    wrong.push(format!(
                        "{name}: recorded under rules {}, the archive says {kept}",
                        tree.rules_version
                    ));
                }
            }
            // A game of an older version may replay otherwise today, when the changelog says
            // what changed since.
            Err(e) if tree.rules_version < now => {
                wrong.extend(unsaid(&name, rules.name(), &tree, now, &e));
            }
            Err(e) => wrong.push(format!(
                "{name}: a change altered its replay under {} rules {now}: {e}. Raise the \
                 system's rules version, say why in docs/rules/{}-changes.md, and record \
                 games of the new version (KEPI_BLESS=1)",
                rules.name(),
                tree.ruleset
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(files.len() >= GAMES * shipped().len());
    for ((key, version), n) in &per_version {
        println!(
            "{key} rules {version}: {n} golden games open (hash for hash, or as recorded where today's rules part)"
        );
    }
}

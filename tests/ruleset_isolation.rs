//! A rule system is its own folders (src/engine/<system>/ and ui/src/rulesets/<system>/) and
//! one line in each registry (src/engine/game/registry.rs with the module list in
//! src/engine/mod.rs; ui/src/rulesets/index.ts). This test lists every other file of the core,
//! the shell and the UI that names a system: its module (`rifle_and_saber`), its type
//! (`RifleAndSaber`) or its key (`rifle-and-saber`), counting the lines that do.
//!
//! None does: the test fails when one does (ask the registry instead, or add what it lacks
//! there).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The systems' folders under src/engine/: a folder with a `ruleset.rs` is a system.
fn systems() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("src/engine"))
        .expect("src/engine")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("ruleset.rs").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// How a system is named: module, type and key ("rifle_and_saber", "RifleAndSaber",
/// "rifle-and-saber").
fn names(module: &str) -> [String; 3] {
    let camel: String = module
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect();
    [module.to_string(), camel, module.replace('_', "-")]
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "rs" || x == "ts" || x == "svelte")
        {
            out.push(p);
        }
    }
}

/// A file's path from the repository's root, with forward slashes.
fn relative(f: &Path) -> String {
    f.strip_prefix(root())
        .expect("under the root")
        .to_string_lossy()
        .replace('\\', "/")
}

/// Files allowed to name systems: their own folders and the registries.
fn exempt(rel: &str, systems: &[String]) -> bool {
    rel == "src/engine/game/registry.rs"
        || rel == "src/engine/mod.rs"
        || rel == "ui/src/rulesets/index.ts"
        || systems.iter().any(|s| {
            rel.starts_with(&format!("src/engine/{s}/"))
                || rel.starts_with(&format!("ui/src/rulesets/{}/", s.replace('_', "-")))
        })
}

fn naming_now() -> BTreeMap<String, usize> {
    let systems = systems();
    assert!(
        systems.len() >= 2,
        "no system folders found under src/engine: {systems:?}"
    );
    let words: Vec<String> = systems.iter().flat_map(|s| names(s)).collect();
    let mut files = Vec::new();
    for dir in ["src", "src-tauri/src", "ui/src"] {
        walk(&root().join(dir), &mut files);
    }
    let mut out = BTreeMap::new();
    for f in files {
        let rel = relative(&f);
        // Generated transport types mirror the shell's; the shell's own files are checked.
        if exempt(&rel, &systems) || rel == "ui/src/ipc/generated.ts" {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("a source file");
        let n = text
            .lines()
            .filter(|l| words.iter().any(|w| l.contains(w.as_str())))
            .count();
        if n > 0 {
            out.insert(rel, n);
        }
    }
    out
}

#[test]
fn only_the_registries_and_the_systems_own_folders_name_a_system() {
    let wrong: Vec<String> = naming_now()
        .iter()
        .map(|(f, n)| format!("{f} names a rule system on {n} line(s): ask the registry instead"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_closed_list_of_systems_outside_the_registry() {
    // `RulesetId` is a key looked up in the registry; nothing outside it writes
    // `RulesetId::` (there are no variants to name).
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files);
    walk(&root().join("src-tauri/src"), &mut files);
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("src/engine/game/registry.rs"))
        .filter(|f| {
            std::fs::read_to_string(f)
                .map(|t| t.contains("RulesetId::"))
                .unwrap_or(false)
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "{offenders:?}");
}

/// The command kinds the systems describe (the first argument of `CommandInfo::button`,
/// `of_unit`, `at_hex` and `new` in each system's `offers.rs`).
fn command_kinds() -> Vec<String> {
    let mut kinds = Vec::new();
    for s in systems() {
        let path = root().join(format!("src/engine/{s}/offers.rs"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (a system describes its commands there)",
                path.display()
            )
        });
        for opener in [
            "button(\"",
            "of_unit(\"",
            "at_hex(\"",
            "CommandInfo::new(\"",
            "unit(\"",
        ] {
            for part in text.split(opener).skip(1) {
                if let Some(end) = part.find('"') {
                    kinds.push(part[..end].to_string());
                }
            }
        }
    }
    kinds.sort();
    kinds.dedup();
    kinds
}

/// The shell and the UI offer commands from their systems' descriptions alone: no command
/// kind of any system is written, quoted, in src-tauri/src or ui/src (outside the systems' UI
/// folders). Tests of the shell name none either: they read the descriptions too.
#[test]
fn the_shell_and_the_ui_know_no_command_kind() {
    let kinds = command_kinds();
    assert!(
        kinds.len() >= 20 && kinds.iter().any(|k| k == "end_phase"),
        "the systems' command kinds were not found: {kinds:?}"
    );
    let systems = systems();
    let mut files = Vec::new();
    walk(&root().join("src-tauri/src"), &mut files);
    walk(&root().join("ui/src"), &mut files);
    let mut found = Vec::new();
    for f in files {
        let rel = relative(&f);
        // The painter's tools are map vocabulary ("exit" paints exit areas), not commands.
        if exempt(&rel, &systems) || rel.starts_with("ui/src/views/paint/") {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("a source file");
        for (i, line) in text.lines().enumerate() {
            // Comments may give an example.
            let code = line.trim_start();
            if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
                continue;
            }
            for k in &kinds {
                if line.contains(&format!("\"{k}\"")) {
                    found.push(format!("{rel}:{}: \"{k}\": {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "command kinds in the shell or the UI:\n{}",
        found.join("\n")
    );
}

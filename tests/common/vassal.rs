//! The VASSAL modules' independent reader: `tests/vassal/check_vmod.py` reads a module with
//! pywargame (pinned, in the project-local environment `scripts/vassal-venv.sh` makes) and
//! checks it against what the export says it holds.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The environment's python, made once (idempotent script).
pub fn python() -> PathBuf {
    let out = Command::new("bash")
        .arg(root().join("scripts/vassal-venv.sh"))
        .output()
        .expect("run scripts/vassal-venv.sh");
    assert!(
        out.status.success(),
        "scripts/vassal-venv.sh failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

/// Run the checker; (success, its output).
pub fn check(py: &Path, vmod: &Path, expected: &Path) -> (bool, String) {
    let out = Command::new(py)
        .arg(root().join("tests/vassal/check_vmod.py"))
        .arg(vmod)
        .arg(expected)
        .env("PYTHONPATH", root().join("tests/vassal"))
        .output()
        .expect("run the checker");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// `kepi vassal export ARGS --out DIR/NAME.vmod --expected DIR/NAME.json`, which must succeed
/// and write a module the checker reads back; what the module holds (the expected JSON).
pub fn cli_export(
    py: &Path,
    dir: &Path,
    name: &str,
    args: &[&std::ffi::OsStr],
) -> serde_json::Value {
    let (vmod, exp) = (
        dir.join(format!("{name}.vmod")),
        dir.join(format!("{name}.json")),
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(["vassal", "export"])
        .args(args)
        .arg("--out")
        .arg(&vmod)
        .arg("--expected")
        .arg(&exp)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ok, text) = check(py, &vmod, &exp);
    assert!(ok, "{text}");
    serde_json::from_str(&std::fs::read_to_string(&exp).unwrap()).unwrap()
}

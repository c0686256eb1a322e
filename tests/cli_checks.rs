//! What used to be accepted silently: warnings that `kepi validate` shows and the validation
//! result carries, and `kepi render` refusing to write a PNG under another name.
//! (The scenario checks' refusals are in tests/cli_validate.rs, one broken fixture each.)

use crate::common;
use common::cli::kepi;
use std::path::Path;

const TARAPACA: &str = "scenarios/rs-14-tarapaca.json";
/// R&S scenario 14: both sides deploy "on H25 or H24 or H27", the Peruvians "on one of the two
/// other hills": the zones overlap by the rules text, the one_feature constraint separates them.
const TARAPACA_WARNING: &str = "warning: scenarios/rs-14-tarapaca.json: deployment[1].zone.hexes: \
     overlaps the zone of the enemy side 'chileans' (deployment[0]) in 39 hexes: 0933, 0934";

#[test]
fn overlapping_zones_kept_apart_by_a_constraint_are_a_warning() {
    let (code, out) = kepi(&["validate", TARAPACA]);
    assert_eq!(code, 0, "a warning is not a failure: {out}");
    assert!(out.contains(&format!("ok   {TARAPACA}")), "{out}");
    assert!(out.contains(TARAPACA_WARNING), "{out}");
    assert!(
        out.contains(
            "its units deploy on a feature other than the enemy's (one_feature, not_enemys)"
        ),
        "{out}"
    );
    assert!(
        out.contains("1 file(s) checked, 0 with problems, 1 with warnings"),
        "{out}"
    );
    // --quiet leaves out the "ok" lines, not the warnings.
    let (code, out) = kepi(&["validate", "--quiet", TARAPACA]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("ok   "), "{out}");
    assert!(out.contains(TARAPACA_WARNING), "{out}");
    // away_from_enemy (scenario 15: "13 hexes or more away from the Spanish").
    let (code, out) = kepi(&["validate", "scenarios/rs-15-el-caney.json"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("its units keep 13 hexes from every enemy unit (away_from_enemy)"),
        "{out}"
    );
}

#[test]
fn overlapping_zones_are_a_warning_naming_the_hexes() {
    // R&S 7.0 keeps the second side out of the hexes the first holds, so the file is accepted;
    // the warning names the shared hexes.
    let f = "tests/fixtures/library/warnings/zones-overlap.json";
    let (code, out) = kepi(&["validate", f]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!(
            "warning: {f}: deployment[1].zone.hexes: overlaps the zone of the enemy side 'red' \
             (deployment[0]) in 2 hexes: 0604, 0605; nothing keeps the sides apart but R&S 7.0: \
             the side deploying second may not set up where the enemy stands"
        )),
        "{out}"
    );
}

#[test]
fn the_validation_result_carries_the_warnings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let checked = kepi::library::validate_file(&root.join(TARAPACA));
    assert!(checked.result.is_ok(), "{:?}", checked.result);
    let w: Vec<String> = checked.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("deployment[1].zone.hexes: overlaps"), "{w:?}");
    assert!(
        w[0].contains("rs-14-tarapaca.json"),
        "the file is named: {w:?}"
    );
    // A scenario whose zones are apart has none.
    let checked = kepi::library::validate_file(&root.join("scenarios/rs-01-fatehpur.json"));
    assert!(checked.result.is_ok() && checked.warnings.is_empty());
}

#[test]
fn render_writes_png_files_only() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["map.jpg", "map.JPEG", "map"] {
        let out = dir.path().join(name);
        let (code, text) = kepi(&[
            "render",
            "maps/rifle-and-saber.json",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{name}: {text}");
        assert!(
            text.contains(&format!(
                "--out {}: kepi render writes PNG only; name the file with .png",
                out.display()
            )),
            "{name}: {text}"
        );
        assert!(!out.exists(), "{name}: nothing written");
    }
    let (_, text) = kepi(&["render", "maps/rifle-and-saber.json", "--out", "x.jpg"]);
    assert!(text.contains("not .jpg"), "{text}");
    let out = dir.path().join("map.PNG");
    let (code, text) = kepi(&[
        "render",
        "maps/rifle-and-saber.json",
        "--out",
        out.to_str().unwrap(),
        "--scale",
        "8",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(std::fs::read(&out).unwrap().starts_with(b"\x89PNG"));
}

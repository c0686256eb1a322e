//! `kepi validate` on the fixtures: the valid library passes; each broken file fails with a
//! message naming the file, the field or hex, and what was expected.

use crate::common;
use common::cli::kepi;
use std::path::Path;

const LIB: &str = "tests/fixtures/library";

#[test]
fn the_valid_library_passes() {
    let (code, out) = kepi(&[
        "validate",
        &format!("{LIB}/maps"),
        &format!("{LIB}/scenarios"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("2 file(s) checked, 0 with problems"), "{out}");
}

#[test]
fn shipped_maps_and_scenarios_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut args = vec!["validate".to_string()];
    for d in ["maps", "scenarios"] {
        if root.join(d).is_dir() {
            args.push(d.to_string());
        }
    }
    if args.len() == 1 {
        return; // nothing shipped yet
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out) = kepi(&args);
    assert_eq!(code, 0, "{out}");
}

/// (file, expected fragments of the output)
const BROKEN: [(&str, &[&str]); 20] = [
    (
        "truncated",
        &["truncated.json: the file ends too early (truncated JSON) at line"],
    ),
    (
        "wrong-type",
        &["wrong-type.json: grid.columns: invalid type: string \"twelve\", expected u16"],
    ),
    (
        "unknown-terrain",
        &[
            "terrain.legend.v: unknown terrain 'swamp'",
            "knows: clear, village, slope, woods",
        ],
    ),
    (
        "not-kepi",
        &["format: missing: a Kepi file starts with \"format\""],
    ),
    (
        "unknown-version",
        &["version: version 7 of kepi-scenario is newer than this Kepi"],
    ),
    (
        "out-of-range-hex",
        &[
            "deployment[0].zone.hexes[1]: hex 1320: not a hex of the map 'sample'",
            "from 0101 to 1210",
        ],
    ),
    (
        "unknown-feature",
        &[
            "victory[0].rule.target.features[0]: the map 'sample' has no feature V99; its features: V4, V12, H26, W22",
        ],
    ),
    (
        "zone-outside-map",
        &["deployment[0].zone.rule.hexes[1]: hex 0011: not a hex of the map 'sample'"],
    ),
    (
        "unknown-unit",
        &[
            "sides[0].oob: unknown unit 'HZ'; known unit codes: MZ, EB, LB, CY, MR, MG, MA, MAh, BA, BAh",
            "at character 9",
        ],
    ),
    (
        "bad-side-section",
        &[
            "sides[0].morale: \"brave\" is not a morale level: high, normal or demoralized (R&S 10.1)",
            "sides[1].obb: unknown field; a Rifle & Saber side has id, name, color, `oob`",
            "sides[1].oob: missing: a side needs its order of battle",
        ],
    ),
    (
        "zone-differs-from-rule",
        &[
            "deployment[0].zone.hexes: the hexes differ from what the zone's rule computes: missing [0804, 0805], not in the rule [0101]",
        ],
    ),
    (
        "group-not-placed",
        &["Red group (b) is neither deployed nor arriving as a reinforcement"],
    ),
    (
        "unknown-side",
        &["moves_first: no side 'green'; the sides are: blue, red"],
    ),
    (
        "many-problems",
        &[
            "4 problem(s)",
            "moves_first: no side 'green'",
            "reinforcements[0].turn: game-turn 12 is outside the game (1 to 8)",
            "has no feature V99",
            "special_rules[1].rule.unit: unknown unit 'XB'",
        ],
    ),
    (
        // Structural problems are listed all at once, each at its exact path, inside the
        // tagged rules too.
        "structural-problems",
        &[
            "3 problem(s)",
            "deployment[1].zone.rule.of[0].distance: invalid type: string \"five\", expected u32",
            "victory[0].rule.target.require: unknown variant `every-hex`, expected one of `every_hex`",
            "structural-problems.json: title: missing field `title`",
        ],
    ),
    (
        "river-crossing-not-river",
        &[
            "special_rules[2].rule.terrain[0]: 'woods' is not river terrain: rivers are entered at hexes of a river, whose terrain is one of river, ford, bridge (R&S 9.2)",
            "special_rules[2].rule.features[0]: V4 is not on a river: its hexes are village terrain, none of river, ford, bridge",
        ],
    ),
    (
        "unit-not-in-oob",
        &[
            "special_rules[1].rule.unit: Blue has no EB units (its unit codes: CY, MA, MZ); the rule would apply to nothing",
            "victory[1].rule.units.unit: Blue has no MR units (its unit codes: CY, MA, MZ)",
        ],
    ),
    (
        "deployment-places-nothing",
        &[
            "deployment[2].group: places no unit: Red group (c) has no units, only markers",
            "deployment[3]: places nothing: every group of Red is placed by another deployment or arrives as a reinforcement",
        ],
    ),
    (
        "unknown-colour",
        &[
            "sides[0].color: unknown colour 'chartreuse'; a side's colour is one of red, blue, green,",
            "light blue, lightblue, sky or #rrggbb",
        ],
    ),
    (
        "zone-too-small",
        &["deployment[0].zone: 8 stacking points do not fit in 1 hex of 6 each (R&S 7.0)"],
    ),
];

#[test]
fn each_broken_fixture_fails_with_a_clear_message() {
    for (name, fragments) in BROKEN {
        let path = format!("{LIB}/broken/{name}.json");
        let (code, out) = kepi(&["validate", &path]);
        assert_eq!(code, 1, "{name} should fail:\n{out}");
        assert!(out.contains(&format!("FAIL {path}")), "{name}: {out}");
        for f in fragments {
            assert!(out.contains(f), "{name}: missing «{f}» in\n{out}");
        }
    }
}

#[test]
fn every_broken_fixture_is_covered() {
    let mut files: Vec<String> = std::fs::read_dir(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(LIB)
            .join("broken"),
    )
    .unwrap()
    .map(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .trim_end_matches(".json")
            .to_string()
    })
    .collect();
    files.sort();
    let mut named: Vec<String> = BROKEN.iter().map(|(n, _)| n.to_string()).collect();
    named.sort();
    assert_eq!(files, named);
}

#[test]
fn a_folder_with_broken_files_fails_as_a_whole() {
    let (code, out) = kepi(&["validate", "--quiet", LIB]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("23 file(s) checked, 20 with problems, 1 with warnings"),
        "{out}"
    );
    let (code, out) = kepi(&["validate", "no/such/folder"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("no/such/folder: no such file or folder"),
        "{out}"
    );
}

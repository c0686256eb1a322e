//! `kepi factor`, `kepi oob`, `kepi zones` and `kepi tables` from the command line.

use crate::common;
use common::cli::kepi_split as kepi;

#[test]
fn factor_reproduces_the_r_and_s_11_18_example() {
    // R&S 11.18: "1,200 infantry equipped with muzzleloading rifles and 12 muzzle-loading
    // cannon ... you merely need 12 Mz units and 2 MzA units."
    let (code, out, err) = kepi(&["factor", "--side", "X=1200 MZ, 12 MA"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("X: 12 MZ; 2 MA"));
}

#[test]
fn factor_two_sides_scaled_with_report_and_json() {
    let args = [
        "factor",
        "--side",
        "Union=3500 MZ, 300 CY, 18 MA",
        "--side",
        "Confederates=2400 MZ, 12 MA",
        "--scale",
        "1/3",
        "--hours",
        "4",
    ];
    let (code, out, err) = kepi(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Union: 11 MZ; 1 CY; 1 MA\nConfederates: 8 MZ; 1 MA\n"),
        "{out}"
    );
    assert!(
        out.contains("Worst ratio error: 52.3% at Confederates MA"),
        "{out}"
    );
    assert!(
        out.contains("Suggested game length: 48 game-turns"),
        "{out}"
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let (code, out, _) = kepi(&json_args);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rounded_total"], 22);
    assert_eq!(v["sides"][1]["oob"], "8 MZ; 1 MA");
    assert_eq!(v["game_length"]["game_turns"], 48);
}

#[test]
fn factor_keeps_groups_reads_decimals_and_compares_the_real_sides() {
    let args = [
        "factor",
        "--side",
        "Union=(a) 1200 MZ, 12 MA (b) 900 MZ",
        "--side",
        "Rebels=1500 MZ, 6 MA",
        "--scale",
        "0.5",
        "--hours",
        "4.5",
    ];
    let (code, out, err) = kepi(&args);
    assert_eq!(code, 0, "{err}");
    // The groups are kept, in the formula's syntax. Exact units: (a) 6 MZ, 1 MA, (b) 4.5 MZ;
    // Rebels 7.5 MZ, 0.5 MA; 19.5 -> 20. Floors 18; the two left go to the ties at .5, the
    // smaller first: the Rebel MA, then the (b) MZ.
    assert!(
        out.starts_with("Union: (a) 6 MZ; 1 MA (b) 5 MZ\nRebels: 7 MZ; 1 MA\n"),
        "{out}"
    );
    assert!(out.contains("Scale 1/2;"), "{out}");
    assert!(
        out.contains("Historical Union : Rebels: 2100 : 1500 men (1.40), 12 : 6 guns (2.00)"),
        "{out}"
    );
    // 4.5 hours at 5 minutes a game-turn, with the rules' own guidance, and the chart's limit.
    assert!(
        out.contains("Suggested game length: 54 game-turns (4 1/2 hours at 5 minutes a game-turn"),
        "{out}"
    );
    assert!(out.contains("R&S 11.18: \"Victory conditions and Game Length should be based on a realistic assessment of the events and duration of the battle.\""), "{out}");
    assert!(out.contains("(R&S 15.0)"), "{out}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let (code, out, _) = kepi(&json_args);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["entries"][0]["group"], "a");
    assert_eq!(
        v["historical_ratio"]["men"],
        serde_json::json!([2100, 1500])
    );
    assert_eq!(v["game_length"]["game_turns"], 54);
    assert_eq!(v["game_length"]["beyond_turn_record_chart"], true);
    // A bad decimal is refused for what it is.
    let (code, _, err) = kepi(&["factor", "--side", "X=1200 MZ", "--hours", "4.5.1"]);
    assert_eq!(code, 1);
    assert!(err.contains("'4.5.1'"), "{err}");
}

#[test]
fn factor_bad_input_is_explained() {
    let (code, _, err) = kepi(&["factor", "--side", "X=1200 QQ"]);
    assert_eq!(code, 1);
    assert!(err.contains("QQ") && err.contains("MZ, EB, LB"), "{err}");
}

#[test]
fn oob_prints_canonical_and_points_at_errors() {
    let (code, out, _) = kepi(&["oob", "(a) 8 MZ: 1 MAh (b) 10 MZ; 5 CY; 1MA"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "(a) 8 MZ; 1 MAh (b) 10 MZ; 5 CY; 1 MA");
    let (code, _, err) = kepi(&["oob", "12 MZ; 3 HZ"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown unit 'HZ'"), "{err}");
    assert!(err.contains("12 MZ; 3 HZ\n         ^"), "{err}");
}

#[test]
fn zones_write_recomputes_hexes_from_rules() {
    let dir = tempfile::tempdir().unwrap();
    let lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/library");
    std::fs::create_dir_all(dir.path().join("maps")).unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::copy(
        lib.join("maps/sample.json"),
        dir.path().join("maps/sample.json"),
    )
    .unwrap();
    let original = std::fs::read_to_string(lib.join("scenarios/sample.json")).unwrap();
    // Leave two zones' hexes to their rules, then let `kepi zones --write` fill them in again.
    let mut v: serde_json::Value = serde_json::from_str(&original).unwrap();
    v["deployment"][0]["zone"]
        .as_object_mut()
        .unwrap()
        .remove("hexes");
    v["reinforcements"][0]["entry"]["hexes"] = serde_json::json!([]);
    let target = dir.path().join("scenarios/sample.json");
    std::fs::write(&target, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let t = target.to_str().unwrap();
    let (code, out, _) = kepi(&["validate", t]);
    assert_eq!(code, 0, "zones left to their rules are valid: {out}");
    let (code, out, err) = kepi(&["zones", t, "--write"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 zone(s) rewritten"), "{out}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), original);
    let (code, out, _) = kepi(&["validate", t]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn tables_prints_the_embedded_data() {
    let (code, out, _) = kepi(&["tables", "combat-results", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "kepi-combat-results");
    let (code, _, err) = kepi(&["tables", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("catalog, combat-results, terrain-effects, range-effects"),
        "{err}"
    );
}

/// `kepi bench --game` measures a scenario of any registered system through the interface the
/// app uses; a system with no computer level says so.
#[test]
fn bench_measures_a_scenario_of_any_system() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (scenario, name, level) in [
        (
            "scenarios/rs-01-fatehpur.json",
            "Rifle & Saber",
            Some("standard"),
        ),
        (
            "tests/fixtures/rifle-and-kepi/scenarios/rk-meeting.json",
            "Rifle and Kepi",
            Some("standard"),
        ),
        (
            "tests/fixtures/nineteenth-century/scenarios/nc-crossing.json",
            "19th Century",
            Some("standard"),
        ),
    ] {
        let path = format!("{root}/{scenario}");
        let (code, out, err) = kepi(&["bench", "--game", &path, "--runs", "1"]);
        assert_eq!(code, 0, "{scenario}: {err}");
        assert!(
            out.contains(&format!("{name}: one seeded random game of")),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "{name}: all legal commands of the slowest position met"
            )),
            "{out}"
        );
        // The engine's list and the same list as JSON, timed apart.
        assert!(
            out.contains("(the engine's list); median") && out.contains("as JSON"),
            "{out}"
        );
        match level {
            Some(l) => assert!(
                out.contains(&format!("the {l} level's commands of one game-turn")),
                "{out}"
            ),
            None => assert!(
                out.contains("no computer level besides random play yet"),
                "{out}"
            ),
        }
    }
}

/// A system's own commands are `kepi`'s: listed in its help beside the generic ones.
#[test]
fn a_systems_own_commands_are_listed_in_kepis_help() {
    let (code, out, _) = kepi(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("factor") && out.contains("Rifle & Saber 11.18"),
        "{out}"
    );
    assert!(out.contains("oob") && out.contains("validate"), "{out}");
    let (code, _, err) = kepi(&["factor"]);
    assert_eq!(code, 2, "a usage error, as clap reports it: {err}");
    assert!(err.contains("--side"), "{err}");
}

/// `kepi rules` names each system's computer levels (what `kepi autoplay --side` takes), from
/// the registry: random for every system, and the system's own.
#[test]
fn rules_lists_each_systems_computer_levels() {
    let (code, out, err) = kepi(&["rules", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let systems = v.as_array().unwrap();
    for s in systems {
        let key = s["key"].as_str().unwrap();
        let levels: Vec<&str> = s["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        let rules = kepi::engine::game::registry::get(key).unwrap();
        assert_eq!(levels, kepi::ai::levels(rules), "{key}");
        assert_eq!(levels[0], "random", "{key}");
    }
    let (_, text, _) = kepi(&["rules"]);
    assert_eq!(
        text.matches("  computer levels (kepi autoplay --side SIDE=LEVEL): random")
            .count(),
        systems.len()
    );
}

/// `kepi tables` prints aligned tables by default: the Combat Results Table as R&S 9.1 prints
/// it (odds across, the die down).
#[test]
fn tables_print_the_combat_results_table_as_the_rules_do() {
    let (code, out, err) = kepi(&["tables", "combat-results"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Combat Results Table (R&S 9.1"), "{out}");
    let crt = "\
roll \\ columns  1-3  1-2  1-1  2-1  3-1  4-1  5-1  6-1
--------------  ---  ---  ---  ---  ---  ---  ---  ---
             1  -    -    -    -    -    -    RD   E
             2  -    -    -    -    RD   RD   RD   E
             3  -    -    -    -    RD   RD   RD   E
             4  -    -    -    RD   RD   RD   RD   E
             5  -    -    RD   RD   RD   E    E    E
             6  -    RD   RD   RD   E    E    E    E
";
    assert!(out.contains(crt), "{out}");
    assert!(out.contains("RD    Retreat and disrupt"), "{out}");
}

/// Every value of every registered system's table files is in its printed text (a word of a
/// long text may be wrapped onto the next line, so words are looked for).
#[test]
fn tables_print_every_value_of_every_systems_files() {
    fn leaves(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if !["format", "version", "ruleset"].contains(&k.as_str()) {
                        leaves(x, out);
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| leaves(x, out)),
            serde_json::Value::String(s) => out.extend(s.split_whitespace().map(String::from)),
            serde_json::Value::Bool(b) => out.push((if *b { "yes" } else { "no" }).into()),
            serde_json::Value::Number(n) => out.push(n.to_string()),
            serde_json::Value::Null => {}
        }
    }
    let mut checked = 0;
    for r in kepi::engine::game::registry::all() {
        for (name, text) in r.table_files() {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            let printed = kepi::tables::print::text(&doc);
            let mut words = Vec::new();
            leaves(&doc, &mut words);
            for w in words {
                assert!(
                    printed.contains(&w),
                    "{} {name}: '{w}' is not printed:\n{printed}",
                    r.key()
                );
            }
            // Aligned: in every table, the header and each row have a space just before each
            // column the rule line under the header starts.
            let lines: Vec<Vec<char>> = printed.lines().map(|l| l.chars().collect()).collect();
            for (i, rule) in lines.iter().enumerate().skip(1) {
                if !(rule.starts_with(&['-', '-']) && rule.windows(3).any(|w| w == [' ', ' ', '-']))
                {
                    continue;
                }
                let starts: Vec<usize> = (2..rule.len())
                    .filter(|&p| rule[p] == '-' && rule[p - 1] == ' ' && rule[p - 2] == ' ')
                    .collect();
                let rows = std::iter::once(&lines[i - 1])
                    .chain(lines[i + 1..].iter().take_while(|l| !l.is_empty()));
                for row in rows {
                    for &p in &starts {
                        assert!(
                            row.get(p - 1).is_none_or(|c| *c == ' '),
                            "{} {name}: column at {p} not aligned:\n{}\n{}",
                            r.key(),
                            row.iter().collect::<String>(),
                            rule.iter().collect::<String>()
                        );
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} table files");
    // --json keeps the files as shipped.
    let (code, out, _) = kepi(&["tables", "combat-results", "--json"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("{"), "{out}");
}

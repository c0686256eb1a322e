//! `kepi autoplay` with levels per side and `kepi balance`, as a user runs them.

use crate::common;

use common::cli::kepi;
use serde_json::Value;

const LRT: &str = "scenarios/rs-07-gettysburg-little-round-top.json";

#[test]
fn autoplay_plays_a_level_per_side_and_explains_it_in_json() {
    let (code, out) = kepi(&[
        "autoplay",
        LRT,
        "--games",
        "1",
        "--side",
        "union=standard",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(last["players"][0], "Kepi, standard");
    assert_eq!(last["players"][1], "Kepi, random");
    let explained = lines
        .iter()
        .filter(|l| {
            l["player"] == "Kepi, standard" && l["explanation"].as_str().unwrap().contains(": ")
        })
        .count();
    assert!(explained > 10, "{explained} explained commands");
    assert!(
        lines
            .iter()
            .any(|l| l["side"] == "Confederates" && l["player"] == "Kepi, random")
    );
}

#[test]
fn autoplay_names_the_players_in_the_summary_and_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.kepi");
    let db = db.to_str().unwrap();
    let (code, out) = kepi(&[
        "autoplay",
        LRT,
        "--games",
        "1",
        "--level",
        "standard",
        "--side",
        "Confederates=random",
        "--db",
        db,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("players: Union: Kepi, standard, Confederates: Kepi, random"),
        "{out}"
    );
    let ar = kepi::archive::Archive::open(std::path::Path::new(db)).unwrap();
    let games = ar.games().unwrap();
    assert_eq!(games[0].players, vec!["Kepi, standard", "Kepi, random"]);
}

#[test]
fn autoplay_refuses_an_unknown_side_or_level() {
    let (code, out) = kepi(&["autoplay", LRT, "--side", "prussians=standard"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("no side 'prussians'; the sides are union, confederates"),
        "{out}"
    );
    let (code, out) = kepi(&["autoplay", LRT, "--level", "expert"]);
    assert_eq!(code, 1);
    assert!(out.contains("no level 'expert'"), "{out}");
}

#[test]
fn balance_reports_each_level_with_intervals_and_what_decided_the_games() {
    let (code, out) = kepi(&["balance", LRT, "--games", "6", "--json"]);
    assert_eq!(code, 0, "{out}");
    let r: Value = serde_json::from_str(&out).unwrap();
    for level in ["level", "random"] {
        let l = &r[level];
        assert_eq!(l["games"], 6);
        let wins: u64 = l["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["wins"].as_u64().unwrap())
            .sum();
        assert_eq!(wins + l["draws"].as_u64().unwrap(), 6);
        let decided: u64 = l["decided_by"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d[1].as_u64().unwrap())
            .sum();
        assert_eq!(decided, 6);
        for s in l["sides"].as_array().unwrap() {
            let (lo, rate, hi) = (
                s["low"].as_f64().unwrap(),
                s["rate"].as_f64().unwrap(),
                s["high"].as_f64().unwrap(),
            );
            assert!(lo <= rate && rate <= hi, "{s}");
        }
    }
    assert_eq!(r["level"]["level"], "standard");
    // The same arguments give the same report (paired seeds, threads only share them out).
    let (_, again) = kepi(&["balance", LRT, "--games", "6", "--json", "--threads", "1"]);
    assert_eq!(out, again);
    let (code, text) = kepi(&["balance", LRT, "--games", "2"]);
    assert_eq!(code, 0);
    assert!(text.contains("standard: Union "), "{text}");
    assert!(text.contains("95 % interval"), "{text}");
}

#[test]
fn sprt_tests_one_level_against_another_on_paired_games() {
    let (code, out) = kepi(&[
        "sprt",
        LRT,
        "--candidate",
        "standard",
        "--against",
        "random",
        "--max-pairs",
        "4",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let pairs = v["pairs"].as_u64().unwrap();
    assert!((1..=4).contains(&pairs), "{v}");
    let games =
        v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap();
    assert_eq!(games, 2 * pairs, "two games a pair");
    // Wald's bounds for alpha = beta = 0.05.
    assert!((v["upper"].as_f64().unwrap() - 2.944).abs() < 1e-3, "{v}");
    // Standard against random wins nearly all on Little Round Top: H1 within 4 pairs.
    assert_eq!(v["accepted"], "H1", "{v}");
    let (code, text) = kepi(&[
        "sprt",
        LRT,
        "--candidate",
        "standard",
        "--against",
        "random",
        "--max-pairs",
        "2",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("LLR"), "{text}");
    let (code, err) = kepi(&["sprt", LRT, "--elo0", "10", "--elo1", "5"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--elo1 (5) must be above --elo0 (10)"),
        "{err}"
    );
    let (code, err) = kepi(&["sprt", LRT, "--candidate", "expert"]);
    assert_eq!(code, 1);
    assert!(err.contains("no level 'expert'"), "{err}");
}

#[test]
fn ladder_places_the_levels_on_one_elo_scale() {
    let (code, out) = kepi(&[
        "ladder",
        LRT,
        "--levels",
        "random,standard",
        "--pairs",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).expect("json");
    let rung = &v["rungs"][0];
    assert_eq!(
        (rung["candidate"].as_str(), rung["against"].as_str()),
        (Some("standard"), Some("random"))
    );
    assert_eq!(rung["pairs"], 3);
    let games = rung["wins"].as_u64().unwrap()
        + rung["draws"].as_u64().unwrap()
        + rung["losses"].as_u64().unwrap();
    assert_eq!(games, 6, "two games a pair");
    // The anchor is 0; standard beats random on Little Round Top, so it places above it.
    assert_eq!(v["places"][0]["level"], "random");
    assert_eq!(v["places"][0]["elo"].as_f64(), Some(0.0));
    let standard = v["places"][1]["elo"].as_f64().unwrap();
    assert!(standard > 100.0, "{v}");
    assert_eq!(v["places"][1]["elo"], rung["elo"]);
    let (code, text) = kepi(&["ladder", LRT, "--levels", "random,standard", "--pairs", "1"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("(the anchor)") && text.contains("95 % interval"),
        "{text}"
    );
    for (args, says) in [
        (vec!["--levels", "standard"], "at least two levels"),
        (vec!["--levels", "random,random"], "names 'random' twice"),
        (vec!["--levels", "random,expert"], "no level 'expert'"),
        (vec!["--pairs", "0"], "--pairs must be at least 1"),
    ] {
        let mut all = vec!["ladder", LRT];
        all.extend(args);
        let (code, err) = kepi(&all);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}

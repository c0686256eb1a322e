//! The first day at Gettysburg checked against the history (issue 43): each fact corrected in
//! `scenarios/aor-gettysburg-first-day.json` and `maps/aor-gettysburg.json`, read from the
//! shipped files. The sources are named in docs/scenarios/aor-gettysburg-first-day.md.

use kepi::library::load_scenario;
use kepi::map::{HexCoord, Map};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn scenario() -> Value {
    let text = std::fs::read_to_string(root().join("scenarios/aor-gettysburg-first-day.json"))
        .expect("the shipped scenario");
    serde_json::from_str(&text).expect("JSON")
}

fn map() -> Map {
    let text =
        std::fs::read_to_string(root().join("maps/aor-gettysburg.json")).expect("the shipped map");
    Map::from_text(&text).unwrap_or_else(|p| panic!("{p}"))
}

fn side<'a>(sc: &'a Value, id: &str) -> &'a Value {
    sc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("no side {id}"))
}

fn units(sc: &Value) -> impl Iterator<Item = &Value> {
    sc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["units"].as_array().unwrap())
}

fn unit<'a>(sc: &'a Value, id: &str) -> &'a Value {
    units(sc)
        .find(|u| u["id"] == id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn reinforcement<'a>(sc: &'a Value, group: &str) -> &'a Value {
    sc["reinforcements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["group"] == group)
        .unwrap_or_else(|| panic!("no reinforcement {group}"))
}

fn entry_hexes(r: &Value) -> Vec<&str> {
    r["entry"]["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect()
}

fn hex(m: &Map, name: &str) -> HexCoord {
    m.grid
        .parse(name)
        .unwrap_or_else(|| panic!("no hex {name}"))
}

fn route<'a>(m: &'a Map, name: &str) -> &'a [HexCoord] {
    &m.routes
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no route {name}"))
        .hexes
}

#[test]
fn the_shipped_scenario_and_map_validate() {
    load_scenario(&root().join("scenarios/aor-gettysburg-first-day.json"))
        .unwrap_or_else(|p| panic!("{p}"));
}

/// Davis's brigade without the 11th Mississippi, left with the division's wagon train (Davis's
/// report): 2,305 - 592 = 1,713 men, 3 points. Cutler's without the 7th Indiana, on duty in
/// the rear at Emmitsburg (Cutler's report, OR 27/1 p. 281): 2,017 - 434 = 1,583 men, 3 points.
#[test]
fn davis_and_cutler_fight_without_their_detached_regiments() {
    let sc = scenario();
    for id in ["davis", "cutler"] {
        let u = unit(&sc, id);
        assert_eq!(u["strength"], 3, "{id}");
        assert_eq!(u["reduced_strength"], 1, "{id}");
    }
}

/// de Trobriand's brigade stayed at Emmitsburg on 1 July (his report, OR 27/1); Lockwood's came
/// up on 2 July (OR 27/1 p. 145). Birney's and Williams's divisions come with two brigades each,
/// and the totals and demoralization levels follow (AoR 13, 14.1).
#[test]
fn de_trobriand_and_lockwood_are_not_on_the_field() {
    let sc = scenario();
    for id in ["de-trobriand", "lockwood"] {
        assert!(units(&sc).all(|u| u["id"] != id), "{id} is on the field");
    }
    let of = |f: &str| -> Vec<&str> {
        units(&sc)
            .filter(|u| u["formation"] == f)
            .map(|u| u["id"].as_str().unwrap())
            .collect()
    };
    assert_eq!(of("iii-1"), ["graham", "ward"]);
    assert_eq!(of("xii-1"), ["mcdougall", "ruger"]);
    for (sid, total, army) in [("union", 73, 29), ("confederates", 94, 38)] {
        let s = side(&sc, sid);
        let strength = |u: &Value| u["strength"].as_i64().unwrap();
        let sum: i64 = s["units"].as_array().unwrap().iter().map(strength).sum();
        assert_eq!(sum, total, "{sid}'s strength");
        assert_eq!(s["army_demoralization"], army, "{sid}: 40 % of {total}");
        for f in s["formations"].as_array().unwrap() {
            let fs: i64 = s["units"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|u| u["formation"] == f["id"])
                .map(strength)
                .sum();
            assert_eq!(f["demoralization"], (fs + 1) / 2, "{}", f["id"]);
        }
    }
}

/// Howard sent Barlow's division after the I Corps by the direct road, the Emmitsburg Road, and
/// Schurz's and von Steinwehr's by Horner's Mill and the Taneytown Road (Howard's report, OR
/// 27/1 p. 701); the hour, noon, is unchanged.
#[test]
fn barlow_follows_the_i_corps_up_the_emmitsburg_road() {
    let sc = scenario();
    let m = map();
    let emmitsburg = m.grid.name(m.exit("Emmitsburg Road").unwrap().hex);
    let taneytown = m.grid.name(m.exit("Taneytown Road").unwrap().hex);
    assert_eq!(emmitsburg, "1117");
    let barlow = reinforcement(&sc, "xi-1");
    assert_eq!(entry_hexes(barlow), [emmitsburg.as_str()]);
    assert_eq!(barlow["turn"], 5, "noon");
    for g in ["i-1", "i-2", "i-3"] {
        assert_eq!(
            entry_hexes(reinforcement(&sc, g)),
            [emmitsburg.as_str()],
            "{g}"
        );
    }
    for g in ["xi-2", "xi-3"] {
        assert_eq!(
            entry_hexes(reinforcement(&sc, g)),
            [taneytown.as_str()],
            "{g}"
        );
    }
}

/// Marsh Creek crosses the Chambersburg Pike half a mile beyond the Wisler house on Knoxlyn
/// Ridge, off this map; on the map it runs only through the southwest corner, crossing the
/// Fairfield Road at Black Horse Tavern, the road's map-edge hex.
#[test]
fn marsh_creek_is_off_the_chambersburg_pike_and_at_black_horse_tavern() {
    let m = map();
    let stream = |a: HexCoord, b: HexCoord| m.hexside(a, b).iter().any(|f| f == "stream");
    let pike = route(&m, "Chambersburg Pike");
    let tavern = m.feature("X14").unwrap().hexes[0];
    let west_of_herr: Vec<_> = pike
        .windows(2)
        .filter(|w| w[0].col <= tavern.col && w[1].col <= tavern.col)
        .collect();
    assert!(!west_of_herr.is_empty());
    for w in west_of_herr {
        assert!(
            !stream(w[0], w[1]),
            "a stream crosses the Chambersburg Pike at {}-{}, west of Herr's Tavern",
            m.grid.name(w[0]),
            m.grid.name(w[1])
        );
    }
    let fairfield = route(&m, "Fairfield Road");
    let edge = *fairfield.last().unwrap();
    assert_eq!(m.grid.name(edge), "0114");
    let before = fairfield[fairfield.len() - 2];
    assert_eq!(
        m.hexside(before, edge),
        ["stream".to_string(), "bridge".to_string()],
        "Marsh Creek at Black Horse Tavern"
    );
    // Everywhere else on the map the creek stays west of Herr Ridge: no stream hexside in
    // columns 1-5 north of the Fairfield Road.
    for (e, features) in m.hexsides() {
        let (a, b) = e.hexes();
        if features.iter().any(|f| f == "stream") && a.col <= 5 && b.col <= 5 {
            assert!(
                a.row >= 13 && b.row >= 13,
                "a stream at {}-{}, north of the Fairfield Road",
                m.grid.name(a),
                m.grid.name(b)
            );
        }
    }
}

/// The Baltimore Pike passed over Cemetery Hill and then between it and Culp's Hill, about 600
/// m west of Culp's summit: it crosses no hex of Culp's Hill.
#[test]
fn the_baltimore_pike_passes_between_cemetery_and_culps_hills() {
    let m = map();
    let pike = route(&m, "Baltimore Pike");
    let culps = &m.feature("H3").unwrap().hexes;
    let cemetery = &m.feature("H2").unwrap().hexes;
    assert!(pike.iter().all(|h| !culps.contains(h)), "over Culp's Hill");
    assert!(
        pike.iter().any(|h| cemetery.contains(h)),
        "not over Cemetery Hill"
    );
    // 1512, by the Evergreen Cemetery gatehouse, is two hexes (800 m) west of Culp's summit.
    assert!(pike.contains(&hex(&m, "1512")));
    assert_eq!(m.grid.distance(hex(&m, "1512"), hex(&m, "1712")), 2);
    // Its exit, where the XII Corps comes up, is where it was.
    assert_eq!(m.grid.name(*pike.last().unwrap()), "2117");
}

/// Pegram's and McIntosh's battalions, which went into action with Heth and Pender, were Hill's
/// corps reserve; the divisions' own, Garnett's and Poague's, were held back (Walker's report,
/// OR 27/2 p. 610).
#[test]
fn pegram_and_mcintosh_are_hills_reserve() {
    let sc = scenario();
    for (id, with) in [("pegram", "Heth"), ("mcintosh", "Pender")] {
        let name = unit(&sc, id)["name"].as_str().unwrap();
        assert!(
            name.contains("Hill's reserve") && name.contains(with),
            "{id}: {name}"
        );
    }
}

/// Wadsworth's division enters at 9 a.m. (game-turn 2): by the march rates a division entering
/// at 1117 reaches McPherson's Ridge in the game-turn after its entry (checked by play, docs),
/// and Cutler was in line there by 10:15-10:30 (his report, OR 27/1 p. 281).
#[test]
fn wadsworth_enters_at_nine_to_be_on_mcphersons_ridge_at_ten() {
    let sc = scenario();
    let i1 = reinforcement(&sc, "i-1");
    assert_eq!(i1["turn"], 2);
    assert_eq!(entry_hexes(i1), ["1117"]);
    // Reynolds comes with it.
    let reynolds = side(&sc, "union")["leaders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == "reynolds")
        .unwrap();
    assert_eq!(reynolds["group"], "i-1");
    assert!(reynolds.get("arrives").is_none());
}

/// The Confederates score the I Corps' last line by the hour: a point at the end of every
/// game-turn for each of the Seminary and Oak Ridge they hold; the margins are those of the
/// arithmetic in the docs (the day +12 to +18, falling back at once +23 to +24).
#[test]
fn the_confederates_score_the_seminary_and_oak_ridge_by_the_hour() {
    let sc = scenario();
    let hourly: Vec<(&str, &str, i64)> = sc["victory_points"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["source"]["each_turn"] == true)
        .map(|v| {
            (
                v["side"].as_str().unwrap(),
                v["source"]["target"]["features"][0].as_str().unwrap(),
                v["source"]["points"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        hourly,
        [("confederates", "S10", 1), ("confederates", "R13", 1)]
    );
    let margins: Vec<(&str, i64, &str)> = sc["victory"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            assert_eq!(v["rule"]["kind"], "points");
            assert_eq!(v["rule"]["margin"], true);
            (
                v["rule"]["side"].as_str().unwrap(),
                v["rule"]["at_least"].as_i64().unwrap(),
                v["level"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        margins,
        [
            ("confederates", 10, "marginal"),
            ("confederates", 20, "substantive"),
            ("union", -6, "marginal"),
        ]
    );
}

/// Item 1 (scripted events): Reynolds leaves at the end of the 10 a.m. turn (3); from the 11
/// a.m. turn (4) Howard, rated 2, commands the field from Cemetery Hill, Schurz the XI Corps
/// and Schimmelfennig its 3rd Division; Hancock, rated 4, takes the field at the 4 p.m. turn
/// (9), Howard the XI Corps again and Schurz his division. Played by the seeded random player,
/// the command at each hour read from the position.
#[test]
fn reynolds_falls_howard_commands_then_hancock() {
    use kepi::engine::age_of_rifles::section::Role;
    use kepi::engine::age_of_rifles::state::{LeaderLoc, State};
    use kepi::engine::dice::SeededDice;
    use kepi::engine::{AgeOfRifles, Ruleset};

    let sc = load_scenario(&root().join("scenarios/aor-gettysburg-first-day.json")).unwrap();
    let mut s = AgeOfRifles.start(&sc, &Default::default()).unwrap();
    let mut player = AgeOfRifles.random_player(7);
    let mut dice = SeededDice::new(7);
    // The first position of each game-turn (its Command Phase).
    let mut first: std::collections::BTreeMap<u32, State> = Default::default();
    while s.turn < 9 && !AgeOfRifles.progress(&s).over {
        let c = player.next(&s);
        s = AgeOfRifles.apply(&s, &c, &mut dice).unwrap().0;
        first.entry(s.turn).or_insert_with(|| s.clone());
    }
    let at = |t: u32| {
        first
            .get(&t)
            .unwrap_or_else(|| panic!("game-turn {t} reached"))
    };
    let l = |s: &State, id: &str| s.setup().leader(id).unwrap();
    let f = |s: &State, id: &str| s.setup().formation(id).unwrap();
    let commander = |s: &State, fid: &str| {
        let setup = s.setup();
        setup.leaders[setup.formations[f(s, fid)].commander]
            .id
            .clone()
    };
    let leader_of = |s: &State, fid: &str| {
        let setup = s.setup();
        setup.leaders[setup.formations[f(s, fid)].leader].id.clone()
    };

    // Until the end of game-turn 3, Reynolds (4) commands Buford and Wadsworth.
    let t3 = at(3);
    assert_eq!(t3.setup().leaders[l(t3, "reynolds")].role, Role::Overall);
    assert_eq!(t3.leaders[l(t3, "reynolds")].rating, 4);
    assert_eq!(commander(t3, "i-1"), "reynolds");
    assert_eq!(commander(t3, "xi-3"), "howard");
    assert_eq!(leader_of(t3, "xi-3"), "schurz");
    // Schimmelfennig and Hancock are not in the game yet.
    assert_eq!(t3.leaders[l(t3, "schimmelfennig")].loc, LeaderLoc::Gone);
    assert_eq!(t3.leaders[l(t3, "hancock")].loc, LeaderLoc::Gone);

    // Game-turn 4 (11 a.m.): Reynolds gone; Doubleday has the whole I Corps; Howard (2) is the
    // Overall Commander on Cemetery Hill; Schurz the XI Corps' Wing Commander; Schimmelfennig
    // leads the 3rd Division.
    let t4 = at(4);
    assert_eq!(t4.leaders[l(t4, "reynolds")].loc, LeaderLoc::Gone);
    assert_eq!(commander(t4, "i-1"), "doubleday");
    assert_eq!(commander(t4, "cav-1"), "howard");
    let howard = l(t4, "howard");
    assert_eq!(t4.setup().leaders[howard].role, Role::Overall);
    assert_eq!(t4.leaders[howard].rating, 2);
    match t4.leaders[howard].loc {
        LeaderLoc::At(h) => assert_eq!(t4.setup().name(h), "1511", "Cemetery Hill"),
        other => panic!("Howard at {other:?}"),
    }
    for xi in ["xi-1", "xi-2", "xi-3"] {
        assert_eq!(commander(t4, xi), "schurz", "{xi}");
    }
    assert_eq!(t4.setup().leaders[l(t4, "schurz")].role, Role::Wing);
    assert_eq!(leader_of(t4, "xi-3"), "schimmelfennig");
    assert_eq!(t4.leaders[l(t4, "schimmelfennig")].rating, 2);
    // Schurz rode ahead to Cemetery Hill; Schimmelfennig comes with the division at noon.
    match t4.leaders[l(t4, "schurz")].loc {
        LeaderLoc::At(h) => assert_eq!(t4.setup().name(h), "1511"),
        other => panic!("Schurz at {other:?}"),
    }
    assert_eq!(t4.leaders[l(t4, "schimmelfennig")].loc, LeaderLoc::Off);
    assert!(matches!(
        at(5).leaders[l(t4, "schimmelfennig")].loc,
        LeaderLoc::At(_)
    ));

    // Game-turn 9 (4 p.m.): Hancock (4) commands the field; Howard has the XI Corps again,
    // Schurz his division; Schimmelfennig is out of the game.
    let t9 = at(9);
    let hancock = l(t9, "hancock");
    assert_eq!(t9.setup().leaders[hancock].role, Role::Overall);
    assert_eq!(t9.leaders[hancock].rating, 4);
    assert_ne!(t9.leaders[hancock].loc, LeaderLoc::Gone);
    assert_eq!(commander(t9, "cav-1"), "hancock");
    for xi in ["xi-1", "xi-2", "xi-3"] {
        assert_eq!(commander(t9, xi), "howard", "{xi}");
    }
    assert_eq!(t9.setup().leaders[l(t9, "howard")].role, Role::Wing);
    assert_eq!(leader_of(t9, "xi-3"), "schurz");
    assert_eq!(t9.leaders[l(t9, "schimmelfennig")].loc, LeaderLoc::Gone);
}

//! The shipped Rifle & Saber content: Kepi's own map (`maps/rifle-and-saber.json`) and the 17
//! scenarios of R&S 11.1-11.17 (`scenarios/*.json`). Checks that every feature the scenarios
//! name exists once, that the three main roads run from V4 to their edges, that every scenario
//! loads and validates with the canonical order of battle of the rules (errata applied), and a
//! number of geographic facts the scenario texts demand.

use kepi::library::{load_map, load_scenario};
use kepi::map::{HexCoord, Map, MapEdge};
use kepi::scenario::Scenario;
use kepi::scenario::rules::VictoryRule;
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn map() -> Map {
    load_map(&root().join("maps/rifle-and-saber.json")).unwrap_or_else(|p| panic!("{p}"))
}

fn scenario(id: &str) -> Scenario {
    load_scenario(&root().join("scenarios").join(format!("{id}.json")))
        .unwrap_or_else(|p| panic!("{p}"))
}

type Hexes = BTreeSet<HexCoord>;

fn feature(m: &Map, code: &str) -> Hexes {
    m.feature(code)
        .unwrap_or_else(|| panic!("no feature {code}"))
        .hexes
        .iter()
        .copied()
        .collect()
}

fn features(m: &Map, codes: &[&str]) -> Hexes {
    codes.iter().flat_map(|c| feature(m, c)).collect()
}

fn dist_to(m: &Map, h: HexCoord, to: &Hexes) -> u32 {
    to.iter().map(|t| m.grid.distance(h, *t)).min().unwrap()
}

fn centroid(m: &Map, hexes: &Hexes) -> (f64, f64) {
    let n = hexes.len() as f64;
    let (x, y) = hexes.iter().fold((0.0, 0.0), |(x, y), h| {
        let (cx, cy) = m.grid.center(*h);
        (x + cx, y + cy)
    });
    (x / n, y / n)
}

fn on_edge(m: &Map, h: HexCoord, edge: MapEdge) -> bool {
    m.grid.edge_hexes(edge).contains(&h)
}

/// The zone of the `i`-th deployment entry of a scenario.
fn deployment(s: &Scenario, i: usize) -> &Hexes {
    &s.deployments[i].hexes
}

fn side_id(s: &Scenario, i: usize) -> &str {
    &s.sides[s.deployments[i].side].id
}

fn is_water(m: &Map, h: HexCoord) -> bool {
    matches!(m.terrain(h), Some("river" | "ford" | "bridge"))
}

/// Hexes reached from the north edge without entering a river, ford or bridge hex.
fn north_of_the_river(m: &Map) -> Hexes {
    let mut seen: Hexes = m
        .grid
        .edge_hexes(MapEdge::North)
        .into_iter()
        .filter(|h| !is_water(m, *h))
        .collect();
    let mut queue: VecDeque<HexCoord> = seen.iter().copied().collect();
    while let Some(h) = queue.pop_front() {
        for n in m.grid.neighbors(h).collect::<Vec<_>>() {
            if !is_water(m, n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

// ------------------------------------------------------------------------------------------
// The map

/// Every feature a scenario names (R&S 11.1-11.17), with the rules' letter codes.
const NAMED: [&str; 22] = [
    "R1", "R3", "V4", "V5", "V6", "V7", "V8", "V9", "V11", "V12", "B14", "B15", "F17", "W22",
    "H24", "H25", "H26", "H27", "H28", "H30", "H32", "J34",
];

#[test]
fn every_named_feature_exists_exactly_once_with_its_terrain() {
    let m = map();
    assert_eq!(m.id, "rifle-and-saber");
    assert_eq!((m.grid.columns, m.grid.rows), (32, 40));
    for code in NAMED {
        let n = m.features.iter().filter(|f| f.code == code).count();
        assert_eq!(n, 1, "{code} appears {n} times");
    }
    // No number twice, whatever the letter (R&S 11.0).
    let mut numbers = BTreeSet::new();
    for f in &m.features {
        assert!(
            numbers.insert(f.number().unwrap()),
            "number of {} reused",
            f.code
        );
        assert!(!f.name.is_empty(), "{} has no display name", f.code);
        for h in &f.hexes {
            let t = m.terrain(*h).unwrap();
            let ok = match f.letter() {
                "V" => t == "village",
                "H" => t == "slope" || t == "village",
                "W" => t == "woods",
                "B" => t == "bridge",
                "F" => t == "ford",
                "R" | "J" => t == "river",
                other => panic!("unexpected letter {other}"),
            };
            assert!(ok, "{} hex {} is {t}", f.code, m.grid.name(*h));
            if f.letter() == "H" {
                let e = m.elevation(*h).unwrap();
                assert!(
                    (1..=2).contains(&e),
                    "{} hex {} elevation {e}",
                    f.code,
                    m.grid.name(*h)
                );
            }
        }
    }
    // Sizes the deployments need (7.0: 6 stacking points a hex).
    for (code, at_least) in [
        ("V4", 5),
        ("H30", 12),
        ("H24", 10),
        ("H25", 10),
        ("H27", 10),
    ] {
        assert!(feature(&m, code).len() >= at_least, "{code} too small");
    }
    for v in ["V4", "V5", "V6", "V7", "V8", "V9", "V11", "V12"] {
        assert!(feature(&m, v).len() <= 5, "{v} is a village of 1-5 hexes");
    }
}

#[test]
fn rivers_meet_at_the_junction_with_bridges_and_a_ford() {
    let m = map();
    let j34 = feature(&m, "J34");
    assert_eq!(j34.len(), 1);
    let j = *j34.iter().next().unwrap();
    for r in ["R1", "R3"] {
        assert!(
            feature(&m, r).iter().any(|h| m.grid.adjacent(*h, j)),
            "{r} does not reach J34"
        );
    }
    // R1 runs to the west edge, R3 to the south edge (Palestro: "south edge, west of R3").
    assert!(
        feature(&m, "R1")
            .iter()
            .any(|h| on_edge(&m, *h, MapEdge::West))
    );
    assert!(
        feature(&m, "R3")
            .iter()
            .any(|h| on_edge(&m, *h, MapEdge::South))
    );
    // Bridges carry roads over the river; the ford is in the river line.
    for b in ["B14", "B15"] {
        let h = *feature(&m, b).iter().next().unwrap();
        assert!(
            m.routes.iter().any(|r| r.hexes.contains(&h)),
            "{b} carries no road"
        );
        assert!(
            m.grid.neighbors(h).filter(|n| is_water(&m, *n)).count() >= 2,
            "{b} is not in the river"
        );
    }
    // The great forest: unnumbered woods in the north-west.
    let numbered: Hexes = m.features.iter().flat_map(|f| f.hexes.clone()).collect();
    let forest = m
        .grid
        .hexes()
        .filter(|h| m.terrain(*h) == Some("woods") && !numbered.contains(h))
        .collect::<Vec<_>>();
    assert!(forest.len() > 100, "forest of {} hexes", forest.len());
    assert!(
        forest.iter().all(|h| h.col <= 16 && h.row <= 20),
        "forest outside the NW"
    );
    // Hexside features of both kinds.
    let kinds: BTreeSet<&str> = m
        .hexsides()
        .flat_map(|(_, f)| f.iter().map(String::as_str))
        .collect();
    assert!(
        kinds.contains("ridge") && kinds.contains("stream"),
        "{kinds:?}"
    );
}

#[test]
fn three_main_roads_join_at_v4_and_leave_by_their_edges() {
    let m = map();
    let v4 = feature(&m, "V4");
    for (name, edge) in [
        ("South Road", MapEdge::South),
        ("East Road", MapEdge::East),
        ("Northwest Road", MapEdge::North),
    ] {
        let routes: Vec<_> = m.routes.iter().filter(|r| r.name == name).collect();
        assert_eq!(routes.len(), 1, "{name}");
        let r = routes[0];
        assert_eq!(r.kind, "road");
        assert!(v4.contains(&r.hexes[0]), "{name} does not start in V4");
        for w in r.hexes.windows(2) {
            assert!(m.grid.adjacent(w[0], w[1]), "{name} breaks");
        }
        let last = *r.hexes.last().unwrap();
        assert!(on_edge(&m, last, edge), "{name} ends off its edge");
        let exit = m.exit(name).unwrap_or_else(|| panic!("no exit {name}"));
        assert_eq!(exit.hex, last, "{name} exit");
        assert_eq!(exit.edge, edge, "{name} exit edge");
        assert!(on_edge(&m, exit.hex, exit.edge));
    }
    // The Northwest Road leaves near the north-west corner.
    let nw = m.exit("Northwest Road").unwrap().hex;
    assert!(m.grid.distance(nw, HexCoord::new(1, 1)) <= 8);
    // Every exit hex is on its edge.
    for e in &m.exits {
        assert!(on_edge(&m, e.hex, e.edge), "exit {}", e.name);
    }
    // The crossroads hexes of V4 (Varese) are where the roads meet.
    let south = &m
        .routes
        .iter()
        .find(|r| r.name == "South Road")
        .unwrap()
        .hexes;
    for (other, at) in [("Northwest Road", "1619"), ("East Road", "1620")] {
        let h = m.grid.parse(at).unwrap();
        let r = &m.routes.iter().find(|r| r.name == other).unwrap().hexes;
        assert!(
            v4.contains(&h) && south.contains(&h) && r.contains(&h),
            "{at}"
        );
    }
    // The South Road crosses the river at B14 and nowhere else; V8 lies on it.
    let water: Vec<HexCoord> = south.iter().copied().filter(|h| is_water(&m, *h)).collect();
    assert_eq!(water, feature(&m, "B14").into_iter().collect::<Vec<_>>());
    assert!(feature(&m, "V8").iter().any(|h| south.contains(h)));
    // V6 is on the East Road.
    let east = &m
        .routes
        .iter()
        .find(|r| r.name == "East Road")
        .unwrap()
        .hexes;
    assert!(feature(&m, "V6").iter().any(|h| east.contains(h)));
}

// ------------------------------------------------------------------------------------------
// The scenarios

/// (side id, colour, canonical order of battle).
type SideOob = (&'static str, &'static str, &'static str);

/// (id, [(side id, colour, canonical order of battle); 2]) — R&S 11.1-11.17, errata applied.
const OOB: [(&str, [SideOob; 2]); 17] = [
    (
        "rs-01-fatehpur",
        [
            ("sepoys", "blue", "27 MZ; 3 CY; 2 MAh"),
            ("british", "red", "15 MZ; 1 CY; 3 MA"),
        ],
    ),
    (
        "rs-02-varese",
        [
            ("austrians", "blue", "33 MZ; 2 CY; 2 MA"),
            ("garibaldini", "red", "30 MZ; 2 EB; 1 MR; 3 Trenches"),
        ],
    ),
    (
        "rs-03-palestro",
        [
            ("allies", "red", "30 MZ; 2 CY; 2 MA"),
            ("austrians", "blue", "15 MZ; 2 CY; 3 MA"),
        ],
    ),
    (
        "rs-04-magenta",
        [
            ("french", "red", "(a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2 MA"),
            ("austrians", "blue", "(a) 8 MZ; 1 MAh (b) 10 MZ; 5 CY; 1 MA"),
        ],
    ),
    (
        "rs-05-first-bull-run",
        [
            ("union", "blue", "(a) 20 MZ; 2 MA (b) 10 MZ; 2 MA"),
            ("confederates", "red", "15 MZ; 3 CY; 3 MA"),
        ],
    ),
    (
        "rs-06-shiloh",
        [
            ("confederates", "red", "30 MZ; 5 MA; 2 MAh"),
            ("union", "blue", "16 MZ; 2 MA"),
        ],
    ),
    (
        "rs-07-gettysburg-little-round-top",
        [
            ("union", "blue", "30 MZ; 1 MA"),
            ("confederates", "red", "25 MZ; 2 MA"),
        ],
    ),
    (
        "rs-08-gettysburg-picketts-charge",
        [
            ("confederates", "red", "30 MZ; 4 MA; 2 MAh"),
            ("union", "blue", "25 MZ; 5 MA"),
        ],
    ),
    (
        "rs-09-langensalza",
        [
            ("hanoverians", "blue", "20 MZ; 15 CY; 4 MA; 2 MAh"),
            ("prussians", "red", "12 EB; 2 CY; 2 MA"),
        ],
    ),
    (
        "rs-10-worth",
        [
            ("prussians", "blue", "(a) 17 EB; 2 BA (b) 10 EB; 2 BA"),
            ("french", "red", "17 EB; 12 CY; 2 MA; 2 MG"),
        ],
    ),
    (
        "rs-11-mars-la-tour",
        [
            ("french", "red", "10 EB; 15 CY; 1 MA; 1 MG"),
            ("germans", "blue", "10 EB; 9 CY; 3 BA"),
        ],
    ),
    (
        "rs-12-plevna-grivitza",
        [
            ("russians", "blue", "35 EB; 6 CY; 5 BA"),
            ("turks", "red", "14 EB; 2 BA; 2 MG; 16 Trenches"),
        ],
    ),
    (
        "rs-13-plevna-green-hills",
        [
            ("russians", "blue", "35 EB; 4 CY; 4 BA; 4 BAh"),
            (
                "turks",
                "red",
                "15 EB; 2 BA; 2 MG; 8 Improved Positions; 6 Trenches",
            ),
        ],
    ),
    (
        "rs-14-tarapaca",
        [
            ("peruvians", "blue", "30 EB"),
            ("chileans", "red", "20 EB; 2 CY; 1 BA"),
        ],
    ),
    (
        "rs-15-el-caney",
        [
            ("americans", "blue", "30 EB; 1 MR"),
            ("spanish", "red", "5 LB; 5 Trenches"),
        ],
    ),
    (
        "rs-16-modder-river",
        [
            ("british", "blue", "35 LB; 3 CY; 2 BA; 2 MG"),
            ("boers", "red", "20 LB; 2 BAh"),
        ],
    ),
    (
        "rs-17-south-africa",
        [
            ("british", "red", "6 LB; 4 CY; 1 BAh; 4 Limber Markers"),
            ("boers", "blue", "6 MR; 1 BAh"),
        ],
    ),
];

/// (id, game length, deploys first, moves first)
const SEQUENCE: [(&str, u32, &str, &str); 17] = [
    ("rs-01-fatehpur", 20, "british", "sepoys"),
    ("rs-02-varese", 10, "garibaldini", "austrians"),
    ("rs-03-palestro", 10, "austrians", "allies"),
    ("rs-04-magenta", 10, "austrians", "french"),
    ("rs-05-first-bull-run", 8, "confederates", "union"),
    ("rs-06-shiloh", 10, "union", "confederates"),
    ("rs-07-gettysburg-little-round-top", 20, "union", "union"),
    (
        "rs-08-gettysburg-picketts-charge",
        10,
        "union",
        "confederates",
    ),
    ("rs-09-langensalza", 8, "prussians", "hanoverians"),
    ("rs-10-worth", 20, "french", "prussians"),
    ("rs-11-mars-la-tour", 7, "french", "french"),
    ("rs-12-plevna-grivitza", 10, "turks", "russians"),
    ("rs-13-plevna-green-hills", 8, "turks", "russians"),
    ("rs-14-tarapaca", 8, "chileans", "peruvians"),
    ("rs-15-el-caney", 7, "spanish", "americans"),
    ("rs-16-modder-river", 10, "boers", "british"),
    ("rs-17-south-africa", 7, "british", "boers"),
];

/// The 17 Rifle & Saber scenarios (`rs-*.json`; the folder also ships Age of Rifles').
fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("rs-"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn seventeen_scenarios_load_and_validate() {
    let files = scenario_files();
    assert_eq!(files.len(), 17, "{files:?}");
    for (i, path) in files.iter().enumerate() {
        let s = load_scenario(path).unwrap_or_else(|p| panic!("{p}"));
        assert_eq!(s.file.id, OOB[i].0);
        assert_eq!(s.map.id, "rifle-and-saber");
        assert_eq!(s.file.notes.source, format!("R&S 11.{}", i + 1));
        assert!(!s.file.notes.history.is_empty(), "{}: history", s.file.id);
        assert!(!s.file.notes.reading.is_empty(), "{}: reading", s.file.id);
    }
}

#[test]
fn orders_of_battle_are_the_rules_canonical_lines() {
    use kepi::engine::rifle_and_saber::scenario::Morale;
    for (id, sides) in OOB {
        let s = scenario(id);
        for (i, (side, color, oob)) in sides.iter().enumerate() {
            assert_eq!(s.sides[i].id, *side, "{id}");
            assert_eq!(s.sides[i].color, *color, "{id} {side}");
            let rs = &kepi::engine::rifle_and_saber::scenario::section(&s).sides[i];
            assert_eq!(rs.oob.to_string(), *oob, "{id} {side}");
            assert_eq!(s.sides[i].forces.summary, *oob, "{id} {side}");
            let morale = if id == "rs-02-varese" && *side == "garibaldini" {
                Morale::High
            } else {
                Morale::Normal
            };
            assert_eq!(rs.morale, morale, "{id} {side}");
        }
    }
}

#[test]
fn game_lengths_and_who_deploys_and_moves_first() {
    for (id, length, deploys, moves) in SEQUENCE {
        let s = scenario(id);
        assert_eq!(s.file.game_length, length, "{id}");
        assert_eq!(s.sides[s.deploys_first].id, deploys, "{id}");
        assert_eq!(s.sides[s.moves_first].id, moves, "{id}");
    }
}

#[test]
fn opposing_zones_do_not_overlap_unless_placement_decides() {
    for (id, _) in OOB {
        let s = scenario(id);
        // Tarapaca and El Caney share the candidate hills; South Africa's Boers may go anywhere
        // 5 hexes from the British: their constraints decide at placement.
        let decided = s.file.deployment.iter().any(|d| !d.constraints.is_empty());
        let mut by_side: [Hexes; 2] = [Hexes::new(), Hexes::new()];
        for d in &s.deployments {
            by_side[d.side].extend(d.hexes.iter().copied());
        }
        let overlap = by_side[0].intersection(&by_side[1]).count();
        assert!(
            decided || overlap == 0,
            "{id}: {overlap} hexes in both sides' zones"
        );
    }
}

#[test]
fn entries_and_exits_are_on_their_edges() {
    let m = map();
    for (id, _) in OOB {
        let s = scenario(id);
        for r in &s.reinforcements {
            assert!(
                r.hexes
                    .iter()
                    .all(|h| MapEdge::ALL.iter().any(|e| on_edge(&m, *h, *e))),
                "{id}: entry off the edge"
            );
        }
        for v in &s.file.victory {
            if let Some(VictoryRule::Exit { area, .. }) = v.rule.shared() {
                for n in &area.hexes {
                    let h = m.grid.parse(n).unwrap();
                    assert!(MapEdge::ALL.iter().any(|e| on_edge(&m, h, *e)), "{id}: {n}");
                }
            }
        }
    }
    // Road entries and exits are the road's edge hex.
    let south = m.exit("South Road").unwrap().hex;
    let east = m.exit("East Road").unwrap().hex;
    let one = |h: HexCoord| [h].into_iter().collect::<Hexes>();
    assert_eq!(
        scenario("rs-04-magenta").reinforcements[0].hexes,
        one(south)
    );
    assert_eq!(scenario("rs-10-worth").reinforcements[0].hexes, one(east));
    for (id, exit) in [("rs-09-langensalza", east), ("rs-17-south-africa", south)] {
        let s = scenario(id);
        let Some(VictoryRule::Exit { area, .. }) = s.file.victory[0].rule.shared() else {
            panic!("{id}: not an exit victory")
        };
        assert_eq!(area.hexes, vec![m.grid.name(exit)], "{id}");
    }
    // Plevna: edge hexes within 4 of the north-east corner.
    let s = scenario("rs-12-plevna-grivitza");
    let Some(VictoryRule::Exit { area, .. }) = s.file.victory[0].rule.shared() else {
        panic!()
    };
    let corner = HexCoord::new(32, 1);
    assert!(!area.hexes.is_empty());
    for n in &area.hexes {
        assert!(m.grid.distance(m.grid.parse(n).unwrap(), corner) <= 4);
    }
}

// ------------------------------------------------------------------------------------------
// Geography the scenario texts demand

#[test]
fn fatehpur_sepoys_at_v4_british_north_of_h26_west_of_h32() {
    let s = scenario("rs-01-fatehpur");
    let m = &s.map;
    let v4 = feature(m, "V4");
    assert_eq!(side_id(&s, 0), "british");
    let (h26, h32) = (feature(m, "H26"), feature(m, "H32"));
    let (_, h26y) = centroid(m, &h26);
    let (h32x, _) = centroid(m, &h32);
    for h in deployment(&s, 0) {
        let (x, y) = m.grid.center(*h);
        assert!(y < h26y || h26.contains(h), "{}", m.grid.name(*h));
        assert!(x < h32x || h32.contains(h), "{}", m.grid.name(*h));
        assert!(dist_to(m, *h, &v4) >= 3, "British next to the Sepoys");
    }
    assert!(
        feature(m, "V12").is_subset(deployment(&s, 0)),
        "V12 in the British area"
    );
    let sepoys = deployment(&s, 1);
    assert!(sepoys.iter().all(|h| dist_to(m, *h, &v4) <= 1));
    assert!(v4.is_subset(sepoys));
}

#[test]
fn varese_garibaldini_northwest_of_v4_austrians_near_v11() {
    let s = scenario("rs-02-varese");
    let m = &s.map;
    let v4 = feature(m, "V4");
    let (cx, cy) = centroid(m, &v4);
    for h in deployment(&s, 0) {
        let (x, y) = m.grid.center(*h);
        assert!(x < cx && y < cy && dist_to(m, *h, &v4) <= 5);
    }
    let v11 = feature(m, "V11");
    assert!(deployment(&s, 1).iter().all(|h| dist_to(m, *h, &v11) <= 5));
    assert!(
        dist_to(m, *v11.iter().next().unwrap(), &v4) >= 10,
        "V11 far from V4"
    );
}

#[test]
fn palestro_austrians_north_of_the_river_allies_south_edge_west_of_r3() {
    let s = scenario("rs-03-palestro");
    let m = &s.map;
    let north = north_of_the_river(m);
    let bridges = features(m, &["B14", "B15"]);
    let austrians = deployment(&s, 0);
    assert!(!austrians.is_empty());
    for h in austrians {
        assert!(north.contains(h), "{} south of the river", m.grid.name(*h));
        assert!(dist_to(m, *h, &bridges) <= 5);
    }
    // Both bridges are reachable from the Allied entry without crossing R3.
    let (r3x, _) = centroid(m, &feature(m, "R3"));
    let entry = &s.reinforcements[0].hexes;
    assert!(entry.len() >= 10);
    for h in entry {
        assert!(on_edge(m, *h, MapEdge::South) && m.grid.center(*h).0 < r3x);
    }
    for b in &bridges {
        assert!(m.grid.center(*b).0 < r3x, "bridge east of R3");
    }
}

#[test]
fn magenta_french_in_v4_and_near_v5_austrians_northeast_of_v9() {
    let s = scenario("rs-04-magenta");
    let m = &s.map;
    assert_eq!(deployment(&s, 1), &feature(m, "V4"));
    let v5 = feature(m, "V5");
    assert!(deployment(&s, 2).iter().all(|h| dist_to(m, *h, &v5) <= 3));
    let v9 = feature(m, "V9");
    let (cx, cy) = centroid(m, &v9);
    for h in deployment(&s, 0) {
        let (x, y) = m.grid.center(*h);
        assert!(x > cx && y < cy && dist_to(m, *h, &v9) <= 5);
    }
    // Ponte Vecchio stands at the Old Bridge, just behind the river.
    assert!(dist_to(m, *feature(m, "B15").iter().next().unwrap(), &v9) == 1);
}

#[test]
fn bull_run_confederates_between_h32_and_h26_union_at_the_ford() {
    let s = scenario("rs-05-first-bull-run");
    let m = &s.map;
    assert!(features(m, &["H32", "H26"]).is_subset(deployment(&s, 0)));
    let f17 = feature(m, "F17");
    // Within one hex of the ford, less the two river hexes beside it (units enter rivers only
    // at bridges and fords).
    assert_eq!(deployment(&s, 2).len(), 5);
    assert!(deployment(&s, 2).iter().all(|h| dist_to(m, *h, &f17) <= 1));
    let v11 = feature(m, "V11");
    let (cx, _) = centroid(m, &v11);
    assert!(
        deployment(&s, 1)
            .iter()
            .all(|h| m.grid.center(*h).0 > cx && dist_to(m, *h, &v11) <= 6)
    );
}

#[test]
fn gettysburg_fronts_and_little_round_top() {
    let s = scenario("rs-07-gettysburg-little-round-top");
    let m = &s.map;
    let h26 = feature(m, "H26");
    let (cx, cy) = centroid(m, &h26);
    for (i, north_east) in [(0, true), (1, false)] {
        for h in deployment(&s, i) {
            let (x, y) = m.grid.center(*h);
            assert!(dist_to(m, *h, &h26) >= 12);
            assert_eq!((x > cx, y < cy), (north_east, north_east));
        }
    }
    // R3 and H27 lie between the Confederate area and H26 (hence "treat as clear").
    let (r3x, _) = centroid(m, &feature(m, "R3"));
    let (h27x, _) = centroid(m, &feature(m, "H27"));
    let (cfx, _) = centroid(m, deployment(&s, 1));
    assert!(cfx < h27x && h27x < r3x && r3x < cx);

    let s = scenario("rs-08-gettysburg-picketts-charge");
    let m = &s.map;
    let union = deployment(&s, 0);
    assert!(features(m, &["H24", "H25", "H26"]).is_subset(union));
    let confederates = deployment(&s, 1);
    assert!(confederates.is_disjoint(union));
    assert!(features(m, &["V4", "B14"]).is_subset(confederates));
}

#[test]
fn langensalza_prussians_at_v6_hanoverians_far_west() {
    let s = scenario("rs-09-langensalza");
    let m = &s.map;
    let v6 = feature(m, "V6");
    let east: Hexes = m
        .routes
        .iter()
        .find(|r| r.name == "East Road")
        .unwrap()
        .hexes
        .iter()
        .copied()
        .collect();
    let prussians = deployment(&s, 0);
    assert!(v6.is_subset(prussians));
    assert!(prussians.iter().all(|h| dist_to(m, *h, &v6) <= 2));
    assert!(
        prussians.intersection(&east).count() >= 3,
        "covering the East Road"
    );
    let line = features(m, &["V4", "V5", "V8"]);
    for h in deployment(&s, 1) {
        assert!(dist_to(m, *h, &line) >= 6);
    }
}

#[test]
fn worth_mars_la_tour_and_plevna_zones() {
    let s = scenario("rs-10-worth");
    let m = &s.map;
    assert_eq!(deployment(&s, 0), &feature(m, "H30"));
    let h26 = feature(m, "H26");
    assert!(deployment(&s, 1).iter().all(|h| dist_to(m, *h, &h26) <= 3));

    let s = scenario("rs-11-mars-la-tour");
    let m = &s.map;
    let villages = features(m, &["V4", "V5"]);
    assert!(
        deployment(&s, 0).is_disjoint(&villages),
        "between but not on"
    );
    assert!(features(m, &["W22", "V6"]).is_subset(deployment(&s, 1)));

    let s = scenario("rs-12-plevna-grivitza");
    let m = &s.map;
    let turks = deployment(&s, 0);
    let russians = deployment(&s, 1);
    assert!(features(m, &["V5", "V6"]).is_subset(turks));
    assert!(
        turks.contains(&HexCoord::new(32, 1)),
        "the north-east corner"
    );
    let v4 = feature(m, "V4");
    assert!(russians.iter().all(|h| dist_to(m, *h, &v4) <= 1));
    assert!(turks.iter().all(|h| dist_to(m, *h, &v4) >= 4));

    let s = scenario("rs-13-plevna-green-hills");
    let m = &s.map;
    let h25 = feature(m, "H25");
    assert!(deployment(&s, 0).iter().all(|h| dist_to(m, *h, &h25) <= 3));
    let russians = deployment(&s, 1);
    assert!(features(m, &["H26", "V11"]).is_subset(russians));
    // The Russians start clear of the forbidden approaches to H24 and H28.
    let flanks = features(m, &["H24", "H28"]);
    assert!(russians.iter().all(|h| dist_to(m, *h, &flanks) > 3));
    // The Turks face north-east: the Russians start north-east of H25.
    let (hx, hy) = centroid(m, &h25);
    let (rx, ry) = centroid(m, russians);
    assert!(rx > hx && ry < hy);
}

#[test]
fn hill_choices_of_tarapaca_and_el_caney() {
    use kepi::scenario::DeployConstraint;
    let s = scenario("rs-14-tarapaca");
    let m = &s.map;
    for d in &s.file.deployment {
        assert!(matches!(
            d.constraints[..],
            [DeployConstraint::OneFeature { .. }]
        ));
    }
    assert!(matches!(
        s.file.deployment[1].constraints[0],
        DeployConstraint::OneFeature {
            not_enemys: true,
            ..
        }
    ));
    // Each hill holds the larger force alone (Peruvians: 30 EB, 60 stacking points).
    for h in ["H24", "H25", "H27"] {
        assert!(feature(m, h).len() * 6 >= 60, "{h}");
    }
    let s = scenario("rs-15-el-caney");
    assert!(matches!(
        s.file.deployment[1].constraints[..],
        [DeployConstraint::AwayFromEnemy { distance: 13 }]
    ));
    // Whichever hill the Spanish take, there is room 13 hexes away.
    let m = &s.map;
    for h in ["H24", "H25", "H26"] {
        let hill = feature(m, h);
        let far = m
            .grid
            .hexes()
            .filter(|x| dist_to(m, *x, &hill) >= 13)
            .count();
        assert!(far >= 11, "{h}");
    }
}

#[test]
fn modder_river_british_six_hexes_from_the_river_line() {
    let s = scenario("rs-16-modder-river");
    let m = &s.map;
    let h25 = feature(m, "H25");
    let boers = deployment(&s, 0);
    assert!(boers.iter().all(|h| dist_to(m, *h, &h25) <= 4));
    let line = features(m, &["R1", "J34", "R3"]);
    let british = deployment(&s, 1);
    assert!(!british.is_empty());
    assert!(british.iter().all(|h| dist_to(m, *h, &line) >= 6));
    // Across the river line from the Boers, who stand in the angle of R1 and R3.
    let north = north_of_the_river(m);
    assert!(british.is_subset(&north));
    assert!(boers.iter().all(|h| !north.contains(h)));
}

#[test]
fn south_africa_column_on_the_east_road_limbers_by_b14() {
    use kepi::scenario::rules::SpecialRule;
    let s = scenario("rs-17-south-africa");
    let m = &s.map;
    let east = &m
        .routes
        .iter()
        .find(|r| r.name == "East Road")
        .unwrap()
        .hexes;
    let british = deployment(&s, 0);
    assert!(british.iter().all(|h| east.contains(h)));
    assert!(british.contains(&m.exit("East Road").unwrap().hex));
    let (v6x, _) = centroid(m, &feature(m, "V6"));
    let v6 = feature(m, "V6");
    assert!(
        british
            .iter()
            .all(|h| m.grid.center(*h).0 >= v6x || v6.contains(h))
    );
    let limbers = s
        .file
        .special_rules
        .iter()
        .find_map(|r| match r.rule.shared() {
            Some(SpecialRule::SpecialUnit {
                movement,
                combat,
                road_only,
                eliminated_alone_next_to_enemy,
                ..
            }) => Some((
                *movement,
                *combat,
                *road_only,
                *eliminated_alone_next_to_enemy,
            )),
            _ => None,
        })
        .expect("limber rule");
    assert_eq!(limbers, (5, 0, true, true));
    // The road from the column to the South Road's exit crosses the river only at B14.
    let south = &m
        .routes
        .iter()
        .find(|r| r.name == "South Road")
        .unwrap()
        .hexes;
    let b14 = feature(m, "B14");
    for h in east.iter().chain(south) {
        assert!(!is_water(m, *h) || b14.contains(h), "{}", m.grid.name(*h));
    }
}

/// A shipped scenario read and written back unchanged is the same bytes: the sides' rule
/// system sections (`oob`, `morale`) included, so an editor that saves without a change leaves
/// the file as it was.
#[test]
fn shipped_scenarios_read_and_written_back_are_the_same_bytes() {
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = kepi::scenario::ScenarioFile::from_text(&text).unwrap();
        assert!(
            file.to_text() == text,
            "{} is not written back as it was read",
            path.display()
        );
    }
}

/// R&S 11.5 ("Rivers may only be entered at bridges and fords") and 11.17: a deployment zone
/// never offers a hex its units may not enter.
#[test]
fn no_deployment_zone_offers_a_river_hex_its_units_may_not_enter() {
    use kepi::scenario::rules::SpecialRule;
    for path in scenario_files() {
        let s = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
        let m = &s.map;
        for r in &s.file.special_rules {
            let Some(SpecialRule::RiverCrossings {
                side,
                group,
                unit: None,
                terrain,
                features: crossings,
            }) = r.rule.shared()
            else {
                continue;
            };
            let allowed: Hexes =
                features(m, &crossings.iter().map(String::as_str).collect::<Vec<_>>());
            for (i, d) in s.file.deployment.iter().enumerate() {
                if side.as_ref().is_some_and(|x| *x != d.side)
                    || group.as_ref().is_some_and(|g| d.group.as_ref() != Some(g))
                {
                    continue;
                }
                for h in deployment(&s, i) {
                    let t = m.terrain(*h).unwrap();
                    assert!(
                        !is_water(m, *h) || allowed.contains(h) || terrain.iter().any(|x| x == t),
                        "{}: deployment {i} offers {}",
                        s.file.id,
                        m.grid.name(*h)
                    );
                }
            }
        }
    }
}

#[test]
fn a_zone_holding_river_hexes_a_river_rule_forbids_is_refused() {
    let path = root().join("scenarios/rs-05-first-bull-run.json");
    let s = scenario("rs-05-first-bull-run");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // The Confederate band as first written: on and between H32 and H26, rivers included.
    v["deployment"][0]["zone"]["rule"] =
        serde_json::json!({"kind": "between", "features": ["H32", "H26"], "slack": 0});
    v["deployment"][0]["zone"]["hexes"] = serde_json::json!([]);
    let file = kepi::scenario::ScenarioFile::from_text(&v.to_string()).unwrap();
    let e = Scenario::new(file.clone(), s.map.clone(), s.catalog.clone())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "deployment[0].zone: the zone holds 5 river hexes that Confederates may not \
             enter ('Rivers may only be entered at bridges and fords.', special_rules[0]): \
             1928, 2028, 2128, 2228, 2229"
        ),
        "{e}"
    );
    // A game recorded with that text still opens: it replays as it was played.
    assert!(Scenario::recorded(file, s.map.clone(), s.catalog.clone()).is_ok());
}

/// "By the end of Game-Turn N" (and "by the last Game-Turn", "on or before Game-Turn N"): met
/// at the end of any game-turn up to N, which ends the game; "at the end of Game-Turn N": that
/// game-turn only. One phrase, one reading, in every scenario (R&S 11.8, 11.9, 11.12,
/// 11.14-11.17).
#[test]
fn by_the_end_of_game_turn_n_is_read_one_way() {
    let mut by = Vec::new();
    for path in scenario_files() {
        let s = load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
        for v in &s.file.victory {
            let t = v.text.to_lowercase();
            let is_by = t.contains("by the end of")
                || t.contains("by the last")
                || t.contains("on or before game-turn");
            if is_by && !matches!(v.rule.shared(), Some(VictoryRule::DestroyAll { .. })) {
                by.push(s.file.id.clone());
                assert!(v.sudden_death, "{}: {}", s.file.id, v.text);
                assert!(
                    !matches!(v.rule.shared(), Some(VictoryRule::HoldForTurns { .. })),
                    "{}: {}",
                    s.file.id,
                    v.text
                );
            } else {
                assert!(!v.sudden_death, "{}: {}", s.file.id, v.text);
            }
        }
    }
    assert_eq!(
        by,
        [
            "rs-08-gettysburg-picketts-charge",
            "rs-09-langensalza",
            "rs-12-plevna-grivitza",
            "rs-14-tarapaca",
            "rs-15-el-caney",
            "rs-16-modder-river",
            "rs-17-south-africa"
        ]
    );
}

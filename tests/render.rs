//! `kepi render` and the library's render functions, on the sample fixture map and scenario
//! and on maps made here (pointy, too large).

use crate::common;
use common::cli::kepi_split as kepi;
use image::{Rgba, RgbaImage};
use kepi::library::{load_map, load_scenario};
use kepi::map::{HexCoord, Map};
use kepi::render::{
    Layout, RenderError, RenderOptions, encode_png, image_size, render_map, render_scenario,
};
use std::path::{Path, PathBuf};

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/library")
        .join(rel)
}

fn sample_map() -> Map {
    load_map(&fixture("maps/sample.json")).unwrap()
}

fn hex(map: &Map, name: &str) -> HexCoord {
    map.grid.parse(name).unwrap()
}

fn rgb(s: &str) -> [u8; 3] {
    let s = s.trim_start_matches('#');
    let c = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
    [c(0), c(2), c(4)]
}

fn terrain_color(map: &Map, key: &str) -> [u8; 3] {
    rgb(&map
        .ruleset
        .terrain_chart()
        .unwrap()
        .terrain(key)
        .unwrap()
        .color)
}

fn hexside_color(map: &Map, key: &str) -> [u8; 3] {
    rgb(&map
        .ruleset
        .terrain_chart()
        .unwrap()
        .hexside(key)
        .unwrap()
        .color)
}

fn route_color(map: &Map, key: &str) -> [u8; 3] {
    rgb(&map
        .ruleset
        .terrain_chart()
        .unwrap()
        .route(key)
        .unwrap()
        .color)
}

fn at(img: &RgbaImage, p: (f64, f64)) -> [u8; 3] {
    let Rgba([r, g, b, a]) = *img.get_pixel(p.0.floor() as u32, p.1.floor() as u32);
    assert_eq!(a, 255, "pictures are opaque");
    [r, g, b]
}

fn mid(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

#[test]
fn the_sample_map_has_the_expected_size() {
    let map = sample_map();
    let img = render_map(&map, &RenderOptions::default()).unwrap();
    // 32 px per hex: radius 16 px, margin 8 px. 12 flat columns are 1.5 * 11 + 2 = 18.5 radii
    // wide; 10 rows with shoved columns are 10.5 * sqrt(3) radii tall.
    assert_eq!(img.dimensions(), (312, 307));
    let layout = Layout::new(&map.grid, 32).unwrap();
    assert_eq!(layout.size(), img.dimensions());
    assert_eq!(
        image_size(&map, None, &RenderOptions::default()),
        Ok((312, 307))
    );
    let big = RenderOptions {
        scale: 64,
        ..RenderOptions::default()
    };
    assert_eq!(render_map(&map, &big).unwrap().dimensions(), (624, 614));
}

#[test]
fn hexes_are_painted_in_their_terrain_colours() {
    let map = sample_map();
    let img = render_map(&map, &RenderOptions::default()).unwrap();
    let layout = Layout::new(&map.grid, 32).unwrap();
    // 0908 is woods, level 0, away from W22's label (which sits among 0908, 1008 and 1009).
    assert_eq!(
        at(&img, layout.center(hex(&map, "0908"))),
        terrain_color(&map, "woods")
    );
    assert_eq!(
        at(&img, layout.center(hex(&map, "0110"))),
        terrain_color(&map, "clear")
    );
    // Village 1002 carries the V12 label at its centre; without labels the centre shows.
    let bare = RenderOptions {
        labels: false,
        ..RenderOptions::default()
    };
    let img = render_map(&map, &bare).unwrap();
    assert_eq!(
        at(&img, layout.center(hex(&map, "1002"))),
        terrain_color(&map, "village")
    );
    // Higher ground is darker: slope 0303 is at level 1.
    let slope = terrain_color(&map, "slope");
    let (cx, cy) = layout.center(hex(&map, "0303"));
    let shaded = (-4..=4)
        .map(|d| at(&img, (cx + d as f64, cy)))
        .collect::<Vec<_>>();
    assert!(
        shaded
            .iter()
            .all(|p| p.iter().zip(slope).all(|(a, b)| *a < b)),
        "{shaded:?} vs {slope:?}"
    );
}

#[test]
fn roads_and_ridges_are_drawn_in_the_chart_colours() {
    let map = sample_map();
    let img = render_map(&map, &RenderOptions::default()).unwrap();
    let layout = Layout::new(&map.grid, 32).unwrap();
    let road = route_color(&map, "road");
    // South Road: 0606 to 0607 (straight south); East Road: 0804 to 0905 (diagonal).
    for (a, b) in [("0606", "0607"), ("0804", "0905"), ("1004", "1105")] {
        let p = mid(layout.center(hex(&map, a)), layout.center(hex(&map, b)));
        assert_eq!(at(&img, p), road, "road between {a} and {b}");
    }
    // Ridges on the hexsides 0302/0303 and 0402/0403.
    let ridge = hexside_color(&map, "ridge");
    for (a, b) in [("0302", "0303"), ("0402", "0403")] {
        let (a, b) = (hex(&map, a), hex(&map, b));
        let (p, q) = layout.hexside(a, b).unwrap();
        assert_eq!(at(&img, mid(p, q)), ridge);
        // The midpoint of the side is halfway between the two hex centres.
        let m = mid(layout.center(a), layout.center(b));
        assert!((m.0 - mid(p, q).0).abs() < 1e-6 && (m.1 - mid(p, q).1).abs() < 1e-6);
    }
    // A plain side with no feature is not ridge-coloured.
    let (p, q) = layout
        .hexside(hex(&map, "0502"), hex(&map, "0503"))
        .unwrap();
    assert_ne!(at(&img, mid(p, q)), ridge);
}

#[test]
fn a_scenario_tints_deployment_zones_and_adds_a_strip() {
    let scenario = load_scenario(&fixture("scenarios/sample.json")).unwrap();
    let map = &scenario.map;
    let options = RenderOptions::default();
    let plain = render_map(map, &options).unwrap();
    let img = render_scenario(&scenario, &options).unwrap();
    assert_eq!(img.width(), plain.width());
    assert!(
        img.height() > plain.height(),
        "a title and legend strip below"
    );
    assert_eq!(
        image_size(map, Some(&scenario), &options),
        Ok(img.dimensions())
    );
    let layout = Layout::new(&map.grid, 32).unwrap();
    // Blue deploys in 0101, red (a) in 0506; 0910 is in no zone.
    let c = layout.center(hex(map, "0101"));
    let (before, after) = (at(&plain, c), at(&img, c));
    assert_ne!(before, after);
    assert!(after[2] > after[0], "blue tint: {after:?}");
    let c = layout.center(hex(map, "0506"));
    let after = at(&img, c);
    assert_ne!(at(&plain, c), after);
    assert!(after[0] > after[2], "red tint: {after:?}");
    let c = layout.center(hex(map, "0910"));
    assert_eq!(at(&plain, c), at(&img, c));
    // The objective V4 (0605 and 0705) is outlined in gold along its outer sides only.
    let gold = [0xf0, 0xb4, 0x00];
    let side = |a: &str, b: &str| {
        let (p, q) = layout.hexside(hex(map, a), hex(map, b)).unwrap();
        at(&img, mid(p, q))
    };
    assert_eq!(side("0605", "0505"), gold);
    assert_eq!(side("0705", "0704"), gold);
    assert_ne!(side("0605", "0705"), gold, "inside the objective");
}

#[test]
fn rendering_is_deterministic() {
    let scenario = load_scenario(&fixture("scenarios/sample.json")).unwrap();
    let options = RenderOptions::default();
    let a = encode_png(&render_scenario(&scenario, &options).unwrap()).unwrap();
    let b = encode_png(&render_scenario(&scenario, &options).unwrap()).unwrap();
    assert_eq!(a, b);
    let m1 = encode_png(&render_map(&scenario.map, &options).unwrap()).unwrap();
    let m2 = encode_png(&render_map(&sample_map(), &options).unwrap()).unwrap();
    assert_eq!(m1, m2);
    assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
    let back = image::load_from_memory(&a).unwrap().to_rgba8();
    assert_eq!(back, render_scenario(&scenario, &options).unwrap());
}

/// A map of `cols` x `rows` clear hexes with an optional extra JSON tail.
fn map_json(orientation: &str, cols: usize, rows: usize, extra: &str) -> String {
    let row = format!("\"{}\"", ".".repeat(cols));
    let rows_json = vec![row; rows].join(", ");
    format!(
        r#"{{"format": "kepi-map", "version": 1, "id": "made", "name": "Made",
            "ruleset": "rifle-and-saber",
            "grid": {{"orientation": "{orientation}", "shove": "odd", "columns": {cols}, "rows": {rows}}},
            "terrain": {{"legend": {{".": "clear"}}, "rows": [{rows_json}]}}{extra}}}"#
    )
}

#[test]
fn a_pointy_map_renders() {
    let extra = r#", "hexsides": [{"between": ["0303", "0403"], "features": ["ridge"]},
                                  {"between": ["0505", "0506"], "features": ["stream"]}],
        "routes": [{"kind": "road", "hexes": ["0102", "0202", "0302", "0402", "0403"]}],
        "features": [{"code": "V1", "hexes": ["0606"]}]"#;
    let map = Map::from_text(&map_json("pointy", 8, 7, extra)).unwrap();
    let options = RenderOptions {
        scale: 40,
        ..RenderOptions::default()
    };
    let img = render_map(&map, &options).unwrap();
    let layout = Layout::new(&map.grid, 40).unwrap();
    assert_eq!(img.dimensions(), layout.size());
    // Pointy: rows are 1.5 radii apart, hexes sqrt 3 radii wide.
    assert!(img.width() > img.height());
    let road = route_color(&map, "road");
    for (a, b) in [("0102", "0202"), ("0402", "0403")] {
        let p = mid(layout.center(hex(&map, a)), layout.center(hex(&map, b)));
        assert_eq!(at(&img, p), road, "road between {a} and {b}");
    }
    for (a, b, key) in [("0303", "0403", "ridge"), ("0505", "0506", "stream")] {
        let (p, q) = layout.hexside(hex(&map, a), hex(&map, b)).unwrap();
        assert_eq!(at(&img, mid(p, q)), hexside_color(&map, key));
    }
    assert_eq!(
        at(&img, layout.center(hex(&map, "0707"))),
        terrain_color(&map, "clear")
    );
}

#[test]
fn absurd_sizes_are_refused() {
    let map = Map::from_text(&map_json("flat", 300, 300, "")).unwrap();
    let options = RenderOptions {
        scale: 64,
        ..RenderOptions::default()
    };
    let Err(RenderError::TooLarge { max_scale, .. }) = render_map(&map, &options) else {
        panic!("a 300 x 300 map at 64 px per hex is over 100 megapixels");
    };
    let at_scale = |scale| {
        image_size(
            &map,
            None,
            &RenderOptions {
                scale,
                ..RenderOptions::default()
            },
        )
    };
    assert!(at_scale(max_scale).is_ok());
    assert!(at_scale(max_scale + 1).is_err());
    let msg = render_map(&map, &options).unwrap_err().to_string();
    assert!(
        msg.contains("megapixels") && msg.contains(&format!("at most {max_scale} px")),
        "{msg}"
    );
    for scale in [0, 3, 5000] {
        assert_eq!(at_scale(scale), Err(RenderError::Scale(scale)));
    }
}

#[test]
fn the_cli_writes_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.png");
    let out_s = out.to_str().unwrap();
    let (code, stdout, err) = kepi(&[
        "render",
        "tests/fixtures/library/maps/sample.json",
        "--out",
        out_s,
        "--scale",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("px per hex"), "{stdout}");
    let img = image::open(&out).unwrap().to_rgba8();
    let layout = Layout::new(&sample_map().grid, 40).unwrap();
    assert_eq!(img.dimensions(), layout.size());

    // With the scenario (its map found from the scenario), and with the map given too.
    let out2 = dir.path().join("scenario.png");
    let out2_s = out2.to_str().unwrap();
    let scen = "tests/fixtures/library/scenarios/sample.json";
    let (code, _, err) = kepi(&["render", "--scenario", scen, "--out", out2_s]);
    assert_eq!(code, 0, "{err}");
    let a = std::fs::read(&out2).unwrap();
    let (code, _, err) = kepi(&[
        "render",
        "tests/fixtures/library/maps/sample.json",
        "--scenario",
        scen,
        "--out",
        out2_s,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(a, std::fs::read(&out2).unwrap());
    let img = image::load_from_memory(&a).unwrap();
    assert_eq!(img.width(), 312);
    assert!(
        img.height() > 307,
        "the sample map at 32 px per hex, and a strip"
    );
}

#[test]
fn the_cli_refuses_absurd_sizes_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.png");
    let out_s = out.to_str().unwrap();
    let (code, _, err) = kepi(&[
        "render",
        "tests/fixtures/library/maps/sample.json",
        "--out",
        out_s,
        "--scale",
        "5000",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("5000 px per hex is out of range: use 4 to 1024"),
        "{err}"
    );
    let big = dir.path().join("made.json");
    std::fs::write(&big, map_json("flat", 400, 300, "")).unwrap();
    let (code, _, err) = kepi(&[
        "render",
        big.to_str().unwrap(),
        "--out",
        out_s,
        "--scale",
        "100",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("over the limit of 100 megapixels"), "{err}");
    assert!(err.contains("use a scale of at most"), "{err}");
    assert!(!out.exists(), "nothing written");
    let (code, _, err) = kepi(&["render", "--out", out_s]);
    assert_eq!(code, 2, "a map or a scenario is required: {err}");
}

#[test]
fn an_age_of_rifles_map_draws_walls_rivers_bridges_and_railroads() {
    // Age of Rifles has a terrain chart (the map vocabulary) but no rules yet: its maps are
    // validated and drawn like any other.
    let extra = r#", "hexsides": [{"between": ["0303", "0304"], "features": ["wall"]},
                                  {"between": ["0505", "0506"], "features": ["river"]},
                                  {"between": ["0605", "0606"], "features": ["bridge"]}],
        "routes": [{"kind": "railroad", "hexes": ["0102", "0202", "0302"]}]"#;
    let text = map_json("flat", 8, 7, extra).replace("rifle-and-saber", "age-of-rifles");
    let map = Map::from_text(&text).unwrap();
    let img = render_map(&map, &RenderOptions::default()).unwrap();
    let layout = Layout::new(&map.grid, 32).unwrap();
    for (a, b, key) in [
        ("0303", "0304", "wall"),
        ("0505", "0506", "river"),
        ("0605", "0606", "bridge"),
    ] {
        let (p, q) = layout.hexside(hex(&map, a), hex(&map, b)).unwrap();
        assert_eq!(
            at(&img, mid(p, q)),
            hexside_color(&map, key),
            "{key} between {a} and {b}"
        );
    }
    let p = mid(
        layout.center(hex(&map, "0102")),
        layout.center(hex(&map, "0202")),
    );
    assert_eq!(at(&img, p), route_color(&map, "railroad"));
    // The same file for Rifle & Saber is refused: its chart has no wall, river hexside or
    // railroad, and each is named.
    let e = Map::from_text(&map_json("flat", 8, 7, extra))
        .unwrap_err()
        .to_string();
    for word in ["'wall'", "'river'", "'bridge'", "'railroad'"] {
        assert!(e.contains(word), "{word} in {e}");
    }
}

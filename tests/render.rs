//! `kepi render` and the library's render functions, on the sample fixture map and scenario
//! and on maps made here (pointy, too large).

use crate::common;
use common::cli::kepi_split as kepi;
use image::{Rgba, RgbaImage};
use kepi::library::{load_map, load_scenario};
use kepi::look::HexsideLook;
use kepi::map::{HexCoord, Map};
use kepi::render::{
    Layout, RenderError, RenderOptions, encode_png, fill_color, image_size, render_map,
    render_map_with_key, render_scenario,
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

/// The map fill of a terrain on flat ground (its look's fill, else its colour).
fn terrain_fill(map: &Map, key: &str) -> [u8; 3] {
    let t = map.ruleset.terrain_chart().unwrap().terrain(key).unwrap();
    rgb(t.look.fill.as_deref().unwrap_or(&t.color))
}

/// The colour a hexside feature shows at its side's middle: its water, its crest line, its
/// wall line, a crossing's deck.
fn hexside_color(map: &Map, key: &str) -> [u8; 3] {
    let h = map.ruleset.terrain_chart().unwrap().hexside(key).unwrap();
    match h.look.as_ref() {
        Some(HexsideLook::Water { water, .. }) => rgb(water),
        Some(HexsideLook::Hachures { line, .. } | HexsideLook::Lined { line, .. }) => {
            rgb(&line.color)
        }
        Some(HexsideLook::Crossing { ink, light, .. }) => rgb(light.as_deref().unwrap_or(ink)),
        None => rgb(&h.color),
    }
}

/// The colour of a route's line.
fn route_color(map: &Map, key: &str) -> [u8; 3] {
    let r = map.ruleset.terrain_chart().unwrap().route(key).unwrap();
    rgb(r.look.as_ref().map_or(&r.color, |l| &l.line.color))
}

/// The pixel 0.8 radii from the centre toward the hex's corner 1 (south-east on a flat
/// map): outside the circle glyphs stay in and away from the hex number, inside the hex, so
/// it shows the hex's fill.
fn fill_at(img: &RgbaImage, layout: &Layout, hex: HexCoord) -> [u8; 3] {
    let (cx, cy) = layout.center(hex);
    let c = layout.corners(hex)[1];
    at(img, (cx + 0.8 * (c.0 - cx), cy + 0.8 * (c.1 - cy)))
}

/// Whether two colours are within 24 per channel (an anti-aliased line's core).
fn like(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 24)
}

/// Whether `want` (nearly) is within `d` pixels of `p` (a line a pixel or two wide,
/// anti-aliased).
fn near(img: &RgbaImage, p: (f64, f64), want: [u8; 3], d: i32) -> bool {
    (-d..=d).any(|dy| (-d..=d).any(|dx| like(at(img, (p.0 + dx as f64, p.1 + dy as f64)), want)))
}

/// Pixels of `ink` within `radius` pixels of `c`.
fn inked(img: &RgbaImage, c: (f64, f64), radius: f64, ink: [u8; 3]) -> usize {
    let r = radius.ceil() as i32;
    (-r..=r)
        .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
        .filter(|&(dx, dy)| ((dx * dx + dy * dy) as f64).sqrt() <= radius)
        .filter(|&(dx, dy)| like(at(img, (c.0 + dx as f64, c.1 + dy as f64)), ink))
        .count()
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
    // Without names (a one-hex feature's name is set below its centre, over its fill).
    let options = RenderOptions {
        labels: false,
        ..RenderOptions::default()
    };
    let img = render_map(&map, &options).unwrap();
    let layout = Layout::new(&map.grid, 32).unwrap();
    // The fill shows beyond the glyphs: woods 0908 (its look's light green under the trees),
    // clear 0110, village 1002; all on flat ground at level 0.
    for (name, key) in [("0908", "woods"), ("0110", "clear"), ("1002", "village")] {
        let h = hex(&map, name);
        assert_eq!(fill_color(&map, h), terrain_fill(&map, key), "{name}");
        assert_eq!(fill_at(&img, &layout, h), terrain_fill(&map, key), "{name}");
    }
    let woods = map
        .ruleset
        .terrain_chart()
        .unwrap()
        .terrain("woods")
        .unwrap();
    assert_ne!(
        terrain_fill(&map, "woods"),
        rgb(&woods.color),
        "woods' own fill"
    );
    // Higher ground is darker: slope 0303 is at level 1, its fill darker than the chart's
    // slope colour in every channel.
    let slope = terrain_fill(&map, "slope");
    let h = hex(&map, "0303");
    let shaded = fill_at(&img, &layout, h);
    assert_eq!(shaded, fill_color(&map, h));
    assert!(
        shaded.iter().zip(slope).all(|(a, b)| *a < b),
        "{shaded:?} vs {slope:?}"
    );
}

#[test]
fn woods_show_trees_that_thin_out_when_zoomed_out() {
    let map = sample_map();
    let tree = rgb(&map
        .ruleset
        .terrain_chart()
        .unwrap()
        .terrain("woods")
        .unwrap()
        .look
        .texture
        .as_ref()
        .unwrap()
        .ink);
    let h = hex(&map, "0908");
    let count = |scale: u32| {
        let options = RenderOptions {
            scale,
            labels: false,
            ..RenderOptions::default()
        };
        let img = render_map(&map, &options).unwrap();
        let layout = Layout::new(&map.grid, scale).unwrap();
        inked(&img, layout.center(h), 0.74 * layout.radius(), tree)
    };
    let (big, mid, small) = (count(64), count(24), count(12));
    assert!(big >= 30, "tree crowns at 64 px per hex: {big} pixels");
    assert!(mid >= 3, "some trees at 24 px per hex: {mid} pixels");
    assert_eq!(small, 0, "no trees at 12 px per hex");
    // The clear hex 0110 has none.
    let img = render_map(
        &map,
        &RenderOptions {
            scale: 64,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    let layout = Layout::new(&map.grid, 64).unwrap();
    let c = layout.center(hex(&map, "0110"));
    assert_eq!(inked(&img, c, 0.74 * layout.radius(), tree), 0);
}

#[test]
fn the_key_strip_shows_the_map_s_terrain_under_the_same_map() {
    let map = sample_map();
    let options = RenderOptions {
        scale: 48,
        ..RenderOptions::default()
    };
    let plain = render_map(&map, &options).unwrap();
    let keyed = render_map_with_key(&map, &options).unwrap();
    assert_eq!(keyed.width(), plain.width());
    assert!(
        keyed.height() > plain.height() + 40,
        "a strip under the map"
    );
    for y in 0..plain.height() {
        for x in 0..plain.width() {
            assert_eq!(plain.get_pixel(x, y), keyed.get_pixel(x, y), "({x}, {y})");
        }
    }
    // The woods swatch shows tree crowns; the sample map has no ford, so no ford swatch
    // (the ford's look has its own light stones): the key holds what the map holds.
    let chart = map.ruleset.terrain_chart().unwrap();
    let count = |key: &str| {
        let ink = rgb(&chart
            .terrain(key)
            .unwrap()
            .look
            .texture
            .as_ref()
            .unwrap()
            .ink);
        (plain.height()..keyed.height())
            .flat_map(|y| (0..keyed.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| at(&keyed, (x as f64, y as f64)) == ink)
            .count()
    };
    assert!(count("woods") >= 20, "tree crowns in the key");
    let ford = chart
        .terrain("ford")
        .unwrap()
        .look
        .texture
        .as_ref()
        .unwrap();
    let stones = rgb(ford.light.as_ref().unwrap());
    let light = (plain.height()..keyed.height())
        .flat_map(|y| (0..keyed.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| at(&keyed, (x as f64, y as f64)) == stones)
        .count();
    assert_eq!(light, 0, "no ford in the key");
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
        assert!(near(&img, p, road, 1), "road between {a} and {b}");
    }
    // Ridges on the hexsides 0302/0303 and 0402/0403: the crest line on the side, and its
    // hachures on the lower hex's side only (0302 and 0402 are at level 0, 0303 and 0403 at 1).
    let ridge = hexside_color(&map, "ridge");
    let r = layout.radius();
    for (a, b) in [("0302", "0303"), ("0402", "0403")] {
        let (a, b) = (hex(&map, a), hex(&map, b));
        let (p, q) = layout.hexside(a, b).unwrap();
        assert!(near(&img, mid(p, q), ridge, 1));
        // The midpoint of the side is halfway between the two hex centres.
        let m = mid(layout.center(a), layout.center(b));
        assert!((m.0 - mid(p, q).0).abs() < 1e-6 && (m.1 - mid(p, q).1).abs() < 1e-6);
        assert!(map.elevation(a) < map.elevation(b));
        // Sample 0.15 radii off the side toward each centre, along a strip across the side.
        let toward = |c: (f64, f64)| {
            let d = ((c.0 - m.0) / (r * 0.866), (c.1 - m.1) / (r * 0.866));
            let (ax, ay) = ((q.0 - p.0) / r, (q.1 - p.1) / r);
            (-8..=8)
                .filter(|k| {
                    let t = *k as f64 / 8.0 * 0.45 * r;
                    let x = m.0 + d.0 * 0.15 * r + ax * t;
                    let y = m.1 + d.1 * 0.15 * r + ay * t;
                    like(at(&img, (x, y)), ridge)
                })
                .count()
        };
        // The lower hex (clear, level 0, no glyphs) is darkened by its ticks' anti-aliased
        // wedges; the higher one shows no crest colour.
        let fill = fill_at(&img, &layout, a);
        let dark = |c: (f64, f64)| {
            let d = ((c.0 - m.0) / (r * 0.866), (c.1 - m.1) / (r * 0.866));
            let (ax, ay) = ((q.0 - p.0) / r, (q.1 - p.1) / r);
            (-8..=8)
                .filter(|k| {
                    let t = *k as f64 / 8.0 * 0.45 * r;
                    let px = at(
                        &img,
                        (m.0 + d.0 * 0.15 * r + ax * t, m.1 + d.1 * 0.15 * r + ay * t),
                    );
                    px.iter().map(|&v| v as i32).sum::<i32>()
                        < fill.iter().map(|&v| v as i32).sum::<i32>() - 90
                })
                .count()
        };
        assert!(
            dark(layout.center(a)) >= 2,
            "ticks down toward the lower hex"
        );
        assert_eq!(toward(layout.center(b)), 0, "no ticks on the higher side");
    }
    // A plain side with no feature is not ridge-coloured.
    let (p, q) = layout
        .hexside(hex(&map, "0502"), hex(&map, "0503"))
        .unwrap();
    assert!(!near(&img, mid(p, q), ridge, 1));
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
        assert!(near(&img, p, road, 1), "road between {a} and {b}");
    }
    for (a, b, key) in [("0303", "0403", "ridge"), ("0505", "0506", "stream")] {
        let (p, q) = layout.hexside(hex(&map, a), hex(&map, b)).unwrap();
        assert!(near(&img, mid(p, q), hexside_color(&map, key), 1), "{key}");
    }
    assert_eq!(
        at(&img, layout.center(hex(&map, "0707"))),
        terrain_fill(&map, "clear")
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
        assert!(
            near(&img, mid(p, q), hexside_color(&map, key), 1),
            "{key} between {a} and {b}"
        );
    }
    // The river's water is between darker banks: 0.2 radii across it, the bank colour shows.
    let Some(HexsideLook::Water { bank, .. }) = &map
        .ruleset
        .terrain_chart()
        .unwrap()
        .hexside("river")
        .unwrap()
        .look
    else {
        panic!("the river is water");
    };
    let (a, b) = (hex(&map, "0505"), hex(&map, "0506"));
    let (ca, cb) = (layout.center(a), layout.center(b));
    let strip: Vec<[u8; 3]> = (0..=40)
        .map(|k| {
            let t = 0.3 + 0.4 * k as f64 / 40.0;
            at(&img, (ca.0 + (cb.0 - ca.0) * t, ca.1 + (cb.1 - ca.1) * t))
        })
        .collect();
    assert!(
        strip.iter().any(|p| like(*p, rgb(&bank.color))),
        "{strip:?}"
    );
    let p = mid(
        layout.center(hex(&map, "0102")),
        layout.center(hex(&map, "0202")),
    );
    assert!(near(&img, p, route_color(&map, "railroad"), 1));
    // The same file for Rifle & Saber is refused: its chart has no wall, river hexside or
    // railroad, and each is named.
    let e = Map::from_text(&map_json("flat", 8, 7, extra))
        .unwrap_err()
        .to_string();
    for word in ["'wall'", "'river'", "'bridge'", "'railroad'"] {
        assert!(e.contains(word), "{word} in {e}");
    }
}

/// The map's ink (names, labels, the scale bar).
const INK: [u8; 3] = [0x24, 0x22, 0x1e];

#[test]
fn a_feature_is_named_along_itself_and_a_name_that_does_not_fit_is_left_out() {
    // A ridge of six hexes running east, lettered along it, and a one-hex feature whose name
    // is far longer than its hex.
    let extra = r#", "features": [
        {"code": "R1", "name": "Long Ridge", "hexes": ["0203", "0303", "0403", "0503", "0603", "0703"]},
        {"code": "V2", "name": "Saint-Pierre-les-Eglises", "hexes": ["0408"]}]"#;
    let map = Map::from_text(&map_json("flat", 9, 9, extra)).unwrap();
    let options = RenderOptions {
        scale: 64,
        hex_numbers: false,
        ..RenderOptions::default()
    };
    let img = render_map(&map, &options).unwrap();
    let layout = Layout::new(&map.grid, 64).unwrap();
    let centres: Vec<(f64, f64)> = ["0203", "0303", "0403", "0503", "0603", "0703"]
        .iter()
        .map(|h| layout.center(hex(&map, h)))
        .collect();
    let n = centres.len() as f64;
    let mean = (
        centres.iter().map(|c| c.0).sum::<f64>() / n,
        centres.iter().map(|c| c.1).sum::<f64>() / n,
    );
    let r = layout.radius();
    // Ink pixels in a band `half` pixels either side of the ridge's row, `dy` below it, over
    // the ridge's length.
    let band = |dy: f64, half: f64| {
        let (x0, x1) = (centres[0].0 as u32, centres[5].0 as u32);
        let (y0, y1) = ((mean.1 + dy - half) as u32, (mean.1 + dy + half) as u32);
        (x0..x1)
            .flat_map(|x| (y0..=y1).map(move |y| (x, y)))
            .filter(|&(x, y)| like(at(&img, (x as f64, y as f64)), INK))
            .count()
    };
    let along = band(0.0, 8.0);
    eprintln!("ink along the ridge: {along}");
    // "LONG RIDGE": 9 letters of some 12 font pixels each at 2 px a font pixel.
    assert!(along > 9 * 12 * 4 / 2, "{along}");
    assert_eq!(band(r * 1.2, 8.0), 0, "nothing a hex away");
    // No code box: where "R1"'s box would have stood round the middle, its border is not
    // drawn (the box was 30 x 22 px at this scale).
    for (dx, dy) in [(-15.0, -11.0), (15.0, -11.0), (-15.0, 11.0), (15.0, 11.0)] {
        let p = (mean.0 + dx, mean.1 + dy);
        assert!(!like(at(&img, p), INK), "a box's corner at {p:?}");
    }
    // The long name of one hex does not fit its hex: no ink round it.
    let c = layout.center(hex(&map, "0408"));
    assert_eq!(inked(&img, c, 2.0 * r, INK), 0);
    // Below the chart's `lod.feature_names` no names.
    let small = RenderOptions {
        scale: 20,
        ..options.clone()
    };
    let img = render_map(&map, &small).unwrap();
    let layout = Layout::new(&map.grid, 20).unwrap();
    let c = layout.center(hex(&map, "0403"));
    assert_eq!(inked(&img, c, 2.0 * layout.radius(), INK), 0);
}

#[test]
fn the_scenario_strip_has_a_scale_bar_at_its_right_end() {
    let scenario = load_scenario(&fixture("scenarios/sample.json")).unwrap();
    for scale in [32, 64] {
        let options = RenderOptions {
            scale,
            ..RenderOptions::default()
        };
        let img = render_scenario(&scenario, &options).unwrap();
        let (w, h) = Layout::new(&scenario.map.grid, scale).unwrap().size();
        // The bar's segments, ink and white (the strip's paper is not white): a row of the
        // strip crossing them shows four runs, alternating, ending near the right edge.
        let white = [0xff; 3];
        let runs = |y: u32| {
            let mut out: Vec<([u8; 3], u32, u32)> = Vec::new();
            for x in 0..w {
                let p = at(&img, (x as f64, y as f64));
                let c = if p == white {
                    white
                } else if p == INK {
                    INK
                } else {
                    continue;
                };
                match out.last_mut() {
                    Some((k, _, end)) if *k == c && *end + 1 == x => *end = x,
                    _ => out.push((c, x, x)),
                }
            }
            out
        };
        let bar = (h..img.height())
            .map(runs)
            .find(|r| r.iter().filter(|(c, _, _)| *c == white).count() == 2)
            .unwrap_or_else(|| panic!("no scale bar in the strip at {scale} px a hex"));
        // Ink, white, ink, white: each a quarter of the bar, within a pixel (the title's
        // letters may lie on the same row, to the left).
        let first_white = bar.iter().position(|(c, _, _)| *c == white).unwrap();
        let segs: Vec<&([u8; 3], u32, u32)> = bar[first_white - 1..]
            .iter()
            .filter(|(_, a, b)| b - a >= 2)
            .collect();
        assert_eq!(segs.len(), 4, "{bar:?}");
        let kinds: Vec<[u8; 3]> = segs.iter().map(|s| s.0).collect();
        assert_eq!(kinds, [INK, white, INK, white], "{bar:?}");
        let lens: Vec<u32> = segs.iter().map(|(_, a, b)| b - a + 1).collect();
        assert!(
            lens.iter().max().unwrap() - lens.iter().min().unwrap() <= 2,
            "{lens:?}"
        );
        let end = segs[3].2;
        assert!(
            end + 20 > w && end < w,
            "the bar's right end at {end} of {w}"
        );
        assert!(segs[0].1 > w / 2, "in the right half: {bar:?}");
        // After the sides' legend, the map's key: the woods' swatch with its trees.
        let tree = rgb(&scenario
            .map
            .ruleset
            .terrain_chart()
            .unwrap()
            .terrain("woods")
            .unwrap()
            .look
            .texture
            .as_ref()
            .unwrap()
            .ink);
        let trees = (h..img.height())
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| like(at(&img, (x as f64, y as f64)), tree))
            .count();
        eprintln!("{scale} px a hex: {trees} px of tree ink in the strip");
        assert!(trees >= 4, "tree crowns in the strip's key: {trees}");
    }
}

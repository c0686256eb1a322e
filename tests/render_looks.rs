//! The looks of the five shipped terrain charts, drawn: a synthetic map per system with every
//! terrain, hexside feature and route of its chart (Vae Victis ships no map, so this is where
//! its looks are seen), checked where a look can be told from the pixels, and written to
//! `target/looks/` for eyes (not compared).

use image::{Rgba, RgbaImage};
use kepi::look::glyphs::glyph;
use kepi::look::{ChartLook, HexsideLook, place::PLACEMENT_RADIUS};
use kepi::map::{HexCoord, Map};
use kepi::render::{Layout, RenderOptions, fill_color, render_map};
use kepi::tables::TerrainEffects;
use std::path::Path;

const SYSTEMS: [&str; 5] = [
    "rifle-and-saber",
    "age-of-rifles",
    "nineteenth-century",
    "rifle-and-kepi",
    "vae-victis",
];

fn rgb(s: &str) -> [u8; 3] {
    let s = s.trim_start_matches('#');
    let c = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
    [c(0), c(2), c(4)]
}

/// Whether two colours are within 24 per channel (a thin glyph's or line's anti-aliased core).
fn like(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 24)
}

fn px(img: &RgbaImage, p: (f64, f64)) -> [u8; 3] {
    let Rgba([r, g, b, _]) = *img.get_pixel(p.0.floor() as u32, p.1.floor() as u32);
    [r, g, b]
}

/// A map of the system's chart: each terrain in a two-column band (rows 1-6), each hexside
/// feature on a side below it (rows 8-9, columns 2k + 1), each route along its own row from
/// row 11 on.
fn chart_map(system: &str) -> (Map, &'static TerrainEffects) {
    let chart = kepi::engine::game::registry::id(system)
        .unwrap()
        .terrain_chart()
        .unwrap();
    let letters: Vec<char> = ('a'..='z').collect();
    let n = chart.terrain.len();
    let cols = (2 * n).max(2 * chart.hexsides.len() + 2).max(8);
    let rows = 11 + chart.routes.len() + 1;
    let legend: Vec<String> = chart
        .terrain
        .iter()
        .enumerate()
        .map(|(i, t)| format!("\"{}\": \"{}\"", letters[i], t.key))
        .collect();
    let default = chart
        .terrain
        .iter()
        .position(|t| t.key == chart.default_terrain)
        .unwrap();
    let row_text: Vec<String> = (1..=rows)
        .map(|r| {
            let s: String = (0..cols)
                .map(|c| {
                    if r <= 6 && c / 2 < n {
                        letters[c / 2]
                    } else {
                        letters[default]
                    }
                })
                .collect();
            format!("\"{s}\"")
        })
        .collect();
    let hexsides: Vec<String> = chart
        .hexsides
        .iter()
        .enumerate()
        .map(|(k, h)| {
            let c = 2 * k + 2;
            format!(
                r#"{{"between": ["{c:02}08", "{c:02}09"], "features": ["{}"]}}"#,
                h.key
            )
        })
        .collect();
    let routes: Vec<String> = chart
        .routes
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let r = 11 + k;
            let hexes: Vec<String> = (1..=6).map(|c| format!("\"{c:02}{r:02}\"")).collect();
            format!(
                r#"{{"kind": "{}", "hexes": [{}]}}"#,
                t.key,
                hexes.join(", ")
            )
        })
        .collect();
    let text = format!(
        r#"{{"format": "kepi-map", "version": 1, "id": "looks", "name": "Looks", "ruleset": "{system}",
            "grid": {{"orientation": "flat", "shove": "odd", "columns": {cols}, "rows": {rows}}},
            "terrain": {{"legend": {{{}}}, "rows": [{}]}},
            "hexsides": [{}], "routes": [{}]}}"#,
        legend.join(", "),
        row_text.join(", "),
        hexsides.join(", "),
        routes.join(", ")
    );
    (Map::from_text(&text).unwrap(), chart)
}

fn snapshot(img: &RgbaImage, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/looks");
    std::fs::create_dir_all(&dir).unwrap();
    img.save(dir.join(name)).unwrap();
}

#[test]
fn every_key_of_every_chart_has_a_look_that_parses() {
    for system in SYSTEMS {
        let (_, chart) = chart_map(system);
        for t in &chart.terrain {
            // The default terrain is plain ground; everything else shows a texture or an edge.
            assert!(
                t.key == chart.default_terrain || t.look.texture.is_some() || t.look.edge.is_some(),
                "{system}: terrain '{}' has no look",
                t.key
            );
            if let Some(x) = &t.look.texture {
                assert!(!glyph(x.glyph).parts.is_empty());
            }
        }
        for h in &chart.hexsides {
            assert!(
                h.look.is_some(),
                "{system}: hexside '{}' has no look",
                h.key
            );
        }
        for r in &chart.routes {
            assert!(r.look.is_some(), "{system}: route '{}' has no look", r.key);
        }
    }
}

#[test]
fn every_chart_draws_its_terrain_hexsides_and_routes() {
    for system in SYSTEMS {
        let (map, chart) = chart_map(system);
        for scale in [16, 32, 64] {
            let img = render_map(
                &map,
                &RenderOptions {
                    scale,
                    ..RenderOptions::default()
                },
            )
            .unwrap();
            snapshot(&img, &format!("{system}-{scale}.png"));
            if scale != 64 {
                continue;
            }
            let layout = Layout::new(&map.grid, scale).unwrap();
            let r = layout.radius();
            for (i, t) in chart.terrain.iter().enumerate() {
                let hex = HexCoord::new(2 * i as u16 + 1, 3);
                // The fill shows where no glyph can be: beyond the placement circle.
                let (cx, cy) = layout.center(hex);
                let corner = layout.corners(hex)[1];
                let f = (cx + 0.8 * (corner.0 - cx), cy + 0.8 * (corner.1 - cy));
                assert_eq!(px(&img, f), fill_color(&map, hex), "{system} {}", t.key);
                let want = rgb(t.look.fill.as_deref().unwrap_or(&t.color));
                assert_eq!(
                    fill_color(&map, hex),
                    want,
                    "{system} {}: a flat hex",
                    t.key
                );
                // A texture's ink shows inside the circle.
                if let Some(x) = &t.look.texture {
                    // Its ink, or its light part (a river's ripples are all light).
                    let ink = rgb(&x.ink);
                    let light = x.light.as_deref().map(rgb);
                    let inked = (-(r as i64)..=r as i64)
                        .flat_map(|dy| (-(r as i64)..=r as i64).map(move |dx| (dx, dy)))
                        .filter(|&(dx, dy)| {
                            ((dx * dx + dy * dy) as f64).sqrt() <= PLACEMENT_RADIUS * r
                        })
                        .filter(|&(dx, dy)| {
                            let p = px(&img, (cx + dx as f64, cy + dy as f64));
                            like(p, ink) || light.is_some_and(|l| like(p, l) && !like(p, want))
                        })
                        .count();
                    assert!(inked >= 3, "{system} {}: {inked} pixels of ink", t.key);
                }
            }
            for (k, h) in chart.hexsides.iter().enumerate() {
                let c = 2 * k as u16 + 2;
                let (a, b) = (HexCoord::new(c, 8), HexCoord::new(c, 9));
                let (p, q) = layout.hexside(a, b).unwrap();
                let m = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let want = match h.look.as_ref().unwrap() {
                    HexsideLook::Water { water, .. } => rgb(water),
                    HexsideLook::Hachures { line, .. } | HexsideLook::Lined { line, .. } => {
                        rgb(&line.color)
                    }
                    HexsideLook::Crossing { ink, light, .. } => {
                        rgb(light.as_deref().unwrap_or(ink))
                    }
                };
                let near = (-2..=2)
                    .flat_map(|dy| (-2..=2).map(move |dx| (dx as f64, dy as f64)))
                    .any(|(dx, dy)| like(px(&img, (m.0 + dx, m.1 + dy)), want));
                assert!(near, "{system} {}: {want:?} at the side's middle", h.key);
            }
            for (k, t) in chart.routes.iter().enumerate() {
                let row = 11 + k as u16;
                let (a, b) = (HexCoord::new(3, row), HexCoord::new(4, row));
                let (pa, pb) = (layout.center(a), layout.center(b));
                let m = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
                let want = rgb(&t.look.as_ref().unwrap().line.color);
                let near = (-2..=2)
                    .flat_map(|dy| (-2..=2).map(move |dx| (dx as f64, dy as f64)))
                    .chain((-20..=20).map(|d| (d as f64, 0.0)))
                    .any(|(dx, dy)| like(px(&img, (m.0 + dx, m.1 + dy)), want));
                assert!(near, "{system} {}: {want:?} between the hexes", t.key);
            }
        }
    }
}

// --- a chart's looks are checked when it is read (src/tables/terrain_effects.rs) ---

/// The Rifle & Saber chart as shipped: the chart the checks of a look are tried on.
const CHART: &str = include_str!("../data/rifle-and-saber/terrain-effects.json");

#[test]
fn a_bad_look_is_refused_naming_the_key_and_the_field() {
    let text = CHART.replacen("\"#3f6b35\"", "\"dark green\"", 1).replacen(
        "\"density\": 7",
        "\"density\": 30",
        1,
    );
    let problems = TerrainEffects::from_text(&text).unwrap_err().to_string();
    assert!(
        problems.contains("terrain[3] (woods).look.texture.ink")
            && problems.contains("'dark green' is not a colour")
            && problems.contains("terrain[3] (woods).look.texture.density"),
        "{problems}"
    );
}

#[test]
fn a_terrain_edge_must_be_a_line() {
    let text = CHART.replacen(
        "\"style\": \"lined\"",
        "\"style\": \"hachures\", \"tick_len\": 0.2, \"tick_gap\": 0.2",
        1,
    );
    let problems = TerrainEffects::from_text(&text).unwrap_err().to_string();
    assert!(problems.contains("look.edge"), "{problems}");
}

#[test]
fn a_chart_without_looks_still_reads() {
    let mut v: serde_json::Value = serde_json::from_str(CHART).unwrap();
    for g in ["terrain", "hexsides", "routes"] {
        for t in v[g].as_array_mut().unwrap() {
            t.as_object_mut().unwrap().remove("look");
        }
    }
    let t = TerrainEffects::from_text(&v.to_string()).unwrap();
    assert_eq!(t.look, ChartLook::default());
    assert!(t.routes[0].look.is_none());
}

//! How the things of a chart look, for the app's map view: the core's looks (`kepi::look`)
//! field for field, with the glyphs they use as path data and each texture's placements as
//! the core places them, so the canvas draws what the pictures draw from the same data. The
//! UI ports only the hex seed, the variant pick and the hill-shade factor, checked against
//! ui/src/map/look-fixture.json (written by a test here).

use super::play::mirror;
use kepi::look::glyphs::{Ink, Paint, glyph};
use kepi::look::place::variants;
use kepi::look::{GlyphKind, HexsideLook, Texture};
use kepi::tables::TerrainEffects;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use ts_rs::TS;

/// A chart's looks (`PaletteDto.looks`). Keys are the chart's keys; a hexside feature or
/// route missing from `hexsides` or `routes` has no look: a plain line in its palette colour.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "Looks")]
pub struct LooksDto {
    pub chart: ChartLookDto,
    pub terrain: BTreeMap<String, TerrainLookDto>,
    pub hexsides: BTreeMap<String, HexsideLookDto>,
    pub routes: BTreeMap<String, RouteLookDto>,
    /// Every glyph a look here names, by its name (`TextureDto.glyph`, a lined or crossing
    /// look's `glyph`).
    pub glyphs: BTreeMap<String, GlyphDto>,
}

/// `kepi::look::ChartLook`, field for field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "ChartLook")]
#[serde(deny_unknown_fields)]
pub struct ChartLookDto {
    /// Fill darkened by this much per elevation level, up to level 6.
    pub tint_per_level: f32,
    pub contour: LineLookDto,
    /// Every `index_every`th level's contour is drawn 1.8 times wider.
    pub index_every: u8,
    /// Hill shading: light from this compass bearing, and its strength (0: none).
    pub light_deg: f32,
    pub shade: f32,
    pub lod: LodDto,
}

/// `kepi::look::Lod`, field for field: thresholds in device pixels per hex radius.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "Lod")]
#[serde(deny_unknown_fields)]
pub struct LodDto {
    /// Below it no texture (fill and edges only).
    pub symbols_min: f32,
    /// From it every placement; between `symbols_min` and it, only the lod-0 ones.
    pub full_detail: f32,
    /// Below it a crest is its line only, and lined hexsides and edges lose their glyphs.
    pub hachure_ticks: f32,
    /// From it hex numbers are drawn.
    pub hex_numbers: f32,
    /// From it feature names are set along their features (`kepi::look::label::along`).
    pub feature_names: f32,
}

/// `kepi::look::LineLook`: widths and dashes in hex radii.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LineLook")]
#[serde(deny_unknown_fields)]
pub struct LineLookDto {
    pub width: f32,
    /// The least width in pixels it is drawn at.
    pub min_px: f32,
    pub color: String,
    /// On and off lengths; none: solid.
    #[serde(default)]
    pub dash: Option<[f32; 2]>,
}

/// `kepi::look::HexsideLook`, tagged by `style`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "HexsideLook")]
#[serde(tag = "style", rename_all = "snake_case", deny_unknown_fields)]
pub enum HexsideLookDto {
    /// A crest line and ticks down-slope (on the lower hex's side, both ways on a level top).
    Hachures {
        line: LineLookDto,
        tick_len: f32,
        tick_gap: f32,
    },
    /// A band of `water` between two bank lines, meandering by `wiggle`.
    Water {
        width: f32,
        water: String,
        bank: LineLookDto,
        wiggle: f32,
    },
    /// A line with glyphs along it every `gap` (hedge, wall; a terrain's edge).
    Lined {
        line: LineLookDto,
        #[serde(default)]
        glyph: Option<String>,
        gap: f32,
        size: f32,
        /// The glyphs' ink; none: the line's colour.
        #[serde(default)]
        ink: Option<String>,
    },
    /// One glyph across the middle of the side (bridge, ford).
    Crossing {
        glyph: String,
        size: f32,
        ink: String,
        #[serde(default)]
        light: Option<String>,
    },
}

/// `kepi::look::RouteLook`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "RouteLook")]
#[serde(deny_unknown_fields)]
pub struct RouteLookDto {
    pub line: LineLookDto,
    #[serde(default)]
    pub casing: Option<LineLookDto>,
    #[serde(default)]
    pub ties: Option<TiesDto>,
}

/// `kepi::look::Ties`: every `gap` radii, `len` long, `width` thick.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "Ties")]
#[serde(deny_unknown_fields)]
pub struct TiesDto {
    pub gap: f32,
    pub len: f32,
    pub width: f32,
}

/// How one terrain looks on the map.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "TerrainLook")]
pub struct TerrainLookDto {
    /// The map's fill, `#rrggbb`: the look's `fill`, else the terrain's colour.
    pub fill: String,
    pub texture: Option<TextureDto>,
    /// Drawn on each side this terrain shares with another terrain, on its own side (style
    /// `lined` only).
    pub edge: Option<HexsideLookDto>,
}

/// `kepi::look::Arrange`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Arrange")]
#[serde(rename_all = "snake_case")]
pub enum ArrangeDto {
    Scatter,
    Rows,
    /// One glyph at the centre, never mirrored, turned along a route through the hex.
    Centre,
    Blocks,
}

/// A texture with its placements (`kepi::look::place::variants`).
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "Texture")]
pub struct TextureDto {
    /// A key of `LooksDto.glyphs`.
    pub glyph: String,
    pub arrange: ArrangeDto,
    /// The glyph's unit box's half-width, in hex radii.
    pub size: f32,
    pub ink: String,
    /// The light parts' colour (the look's, else the ink lightened as the core does).
    pub light: String,
    /// The arrangements a hex picks from (`place::pick`): per variant, five numbers per
    /// placement, `x, y, s, turn, lod` (hex radii from the centre, size factor, radians
    /// clockwise on screen, 0 or 1), sorted back to front; rounded to 1/10000.
    pub variants: Vec<Vec<f32>>,
}

/// A glyph: parts painted in order, path data (M/L/Z) in a unit box (-1..1, y down).
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "Glyph")]
pub struct GlyphDto {
    pub parts: Vec<GlyphPartDto>,
}

#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "GlyphPart")]
pub struct GlyphPartDto {
    pub d: String,
    pub ink: GlyphInkDto,
    /// A stroke this wide in unit-box units (round joins and ends); none: filled (nonzero).
    pub stroke: Option<f64>,
}

/// Which colour a glyph part takes: the look's ink, its light colour, or the fill under it.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(rename = "GlyphInk")]
#[serde(rename_all = "snake_case")]
pub enum GlyphInkDto {
    Ink,
    Light,
    Fill,
}

/// A glyph's name as the chart files write it ("orchard_tree").
fn glyph_name(k: GlyphKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn r4(v: f32) -> f32 {
    (v * 10_000.0).round() / 10_000.0
}

/// `c` lightened by `f` toward white (the core's default light colour of a texture).
fn lighten(c: &str, f: f32) -> String {
    let Some(n) = c
        .strip_prefix('#')
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .filter(|_| c.len() == 7)
    else {
        return c.to_string();
    };
    let m = |v: u32| (v as f32 + (255.0 - v as f32) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        m((n >> 16) & 255),
        m((n >> 8) & 255),
        m(n & 255)
    )
}

fn texture(t: &Texture) -> TextureDto {
    TextureDto {
        glyph: glyph_name(t.glyph),
        arrange: mirror(&t.arrange),
        size: t.size,
        ink: t.ink.clone(),
        light: t.light.clone().unwrap_or_else(|| lighten(&t.ink, 0.45)),
        variants: variants(t)
            .iter()
            .map(|v| {
                v.iter()
                    .flat_map(|p| [r4(p.x), r4(p.y), r4(p.s), r4(p.turn), p.lod as f32])
                    .collect()
            })
            .collect(),
    }
}

fn glyph_dto(k: GlyphKind) -> GlyphDto {
    GlyphDto {
        parts: glyph(k)
            .parts
            .iter()
            .map(|p| {
                let (ink, stroke) = match p.paint {
                    Paint::Fill(i) => (i, None),
                    Paint::Stroke(i, w) => (i, Some(w)),
                };
                GlyphPartDto {
                    d: p.d.clone(),
                    ink: match ink {
                        Ink::Ink => GlyphInkDto::Ink,
                        Ink::Light => GlyphInkDto::Light,
                        Ink::Fill => GlyphInkDto::Fill,
                    },
                    stroke,
                }
            })
            .collect(),
    }
}

/// The glyphs a hexside look names.
fn side_glyph(l: &HexsideLook) -> Option<GlyphKind> {
    match l {
        HexsideLook::Lined { glyph, .. } => *glyph,
        HexsideLook::Crossing { glyph, .. } => Some(*glyph),
        _ => None,
    }
}

impl LooksDto {
    pub fn new(tec: &TerrainEffects) -> LooksDto {
        let mut used: BTreeSet<GlyphKind> = BTreeSet::new();
        let terrain = tec
            .terrain
            .iter()
            .map(|t| {
                used.extend(t.look.texture.as_ref().map(|x| x.glyph));
                used.extend(t.look.edge.as_ref().and_then(side_glyph));
                let look = TerrainLookDto {
                    fill: t.look.fill.clone().unwrap_or_else(|| t.color.clone()),
                    texture: t.look.texture.as_ref().map(texture),
                    edge: t.look.edge.as_ref().map(mirror),
                };
                (t.key.clone(), look)
            })
            .collect();
        let hexsides = tec
            .hexsides
            .iter()
            .filter_map(|h| {
                let l = h.look.as_ref()?;
                used.extend(side_glyph(l));
                Some((h.key.clone(), mirror(l)))
            })
            .collect();
        let routes = tec
            .routes
            .iter()
            .filter_map(|r| Some((r.key.clone(), mirror(r.look.as_ref()?))))
            .collect();
        LooksDto {
            chart: mirror(&tec.look),
            terrain,
            hexsides,
            routes,
            glyphs: used
                .into_iter()
                .map(|k| (glyph_name(k), glyph_dto(k)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kepi::look::place::{hex_seed, hill_shade, pick};
    use kepi::map::{HexCoord, Map};
    use kepi::render::{DEFAULT_SCALE, Layout};

    const UI_MAP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/map/");

    /// Write `text` to ui/src/map/`name` with `KEPI_BLESS=1`, else fail if it differs.
    fn fresh(name: &str, text: &str) {
        let path = format!("{UI_MAP}{name}");
        if std::env::var_os("KEPI_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(&path, text).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "ui/src/map/{name} is stale: refresh it with \
             `KEPI_BLESS=1 cargo test --workspace --features kepi/test-ruleset --bins generated`"
        );
    }

    /// A hex's fill as the core's pictures compute it: the terrain's fill, tinted per level,
    /// times the hill-shade factor, each channel rounded (`Color::shade`, in f32).
    fn shaded(fill: &str, level: i32, tint_per_level: f32, factor: f32) -> [u8; 3] {
        let n = u32::from_str_radix(&fill[1..], 16).unwrap();
        let tint = 1.0 - tint_per_level * level.min(6) as f32;
        let f = tint * factor;
        let m = |c: u32| (c as f32 * f).round().clamp(0.0, 255.0) as u8;
        [m((n >> 16) & 255), m((n >> 8) & 255), m(n & 255)]
    }

    /// A hex's neighbours as the core's hill shade takes them: the unit vector toward each
    /// (screen, y down) and its level, in the order of the sides.
    fn neighbours(map: &Map, layout: &Layout, hex: HexCoord) -> Vec<((f64, f64), i32)> {
        let c = layout.center(hex);
        let k = layout.radius() * 3f64.sqrt();
        layout
            .neighbours(hex)
            .iter()
            .flatten()
            .map(|n| {
                let p = layout.center(*n);
                let d = ((p.0 - c.0) / k, (p.1 - c.1) / k);
                (d, map.elevation(*n).unwrap_or(0) as i32)
            })
            .collect()
    }

    /// ui/src/map/look-fixture.json: what the UI's ports of `hex_seed`, `pick` and
    /// `hill_shade` (with the fill it tints) must give. The hill-shade cases are hexes of a
    /// shipped map with hills, the expected colour the core's own `render::fill_color`.
    fn fixture() -> String {
        let mut seeds = Vec::new();
        let cases = (1..=6).flat_map(|c| (1..=4).map(move |r| (c, r))).chain([
            (0, 0),
            (-3, 7),
            (8, 12),
            (120, 199),
            (32, 40),
            (200, 200),
            (-1, -1),
        ]);
        for (c, r) in cases {
            let seed = hex_seed(c, r);
            let (variant, mirrored) = pick(seed);
            seeds.push(serde_json::json!({
                "col": c, "row": r, "seed": seed, "variant": variant, "mirror": mirrored
            }));
        }
        let map = kepi::shipped::load_map("aor-gettysburg").expect("a shipped map with hills");
        let tec = map.ruleset.terrain_chart().expect("its chart");
        let layout = Layout::new(&map.grid, DEFAULT_SCALE).expect("a layout");
        let mut shades = Vec::new();
        let (mut lit, mut flat) = (0, 0);
        for (i, hex) in map.grid.hexes().enumerate() {
            let own = map.elevation(hex).unwrap_or(0) as i32;
            let nbs = neighbours(&map, &layout, hex);
            let factor = hill_shade(own, &nbs, &tec.look);
            // A few dozen: mostly shaded hexes, some flat, some at the map's edge.
            let edge = nbs.len() < 6;
            let take = if factor != 1.0 && lit < 30 {
                lit += 1;
                true
            } else if (factor == 1.0 || edge) && flat < 8 && i % 7 == 0 {
                flat += 1;
                true
            } else {
                false
            };
            if !take {
                continue;
            }
            let key = map.terrain(hex).expect("a terrain");
            let t = tec
                .terrain
                .iter()
                .find(|t| t.key == key)
                .expect("a chart key");
            let fill = t.look.fill.clone().unwrap_or_else(|| t.color.clone());
            let rgb = kepi::render::fill_color(&map, hex);
            assert_eq!(shaded(&fill, own, tec.look.tint_per_level, factor), rgb);
            shades.push(serde_json::json!({
                "index": i, "seed": hex_seed(hex.col as i32, hex.row as i32),
                "own": own,
                "neighbours": nbs.iter().map(|((x, y), l)| [*x, *y, *l as f64]).collect::<Vec<_>>(),
                "factor": factor, "fill": fill, "rgb": rgb,
            }));
        }
        assert!(lit >= 20, "the map has slopes to shade");
        let lod: LodDto = mirror(&tec.look.lod);
        let levels: Vec<_> = [0.0, 4.0, 7.99, 8.0, 12.0, 19.99, 20.0, 48.0, 200.0]
            .iter()
            .map(|&px| serde_json::json!({ "px": px, "level": tec.look.lod.level(px) }))
            .collect();
        let v = serde_json::json!({
            "grid": { "columns": map.grid.columns, "rows": map.grid.rows,
                      "orientation": map.grid.orientation, "shove": map.grid.shove },
            "chart": mirror::<_, ChartLookDto>(&tec.look),
            "seeds": seeds,
            "shades": shades,
            "lod": { "thresholds": lod, "levels": levels },
        });
        serde_json::to_string_pretty(&v).unwrap() + "\n"
    }

    #[test]
    fn generated_look_fixture_is_fresh() {
        fresh("look-fixture.json", &fixture());
    }

    /// ui/src/map/bench-palette.json: a shipped chart's palette with its looks (the one of the
    /// first scenarios, whose woods, villages, slopes, ridges, streams and roads the bench's
    /// synthetic map paints), for the frame-time benchmark.
    #[test]
    fn generated_bench_palette_is_fresh() {
        let s = kepi::shipped::scenario_file("rs-01-fatehpur").expect("a shipped scenario");
        let tec = s.ruleset.terrain_chart().expect("its chart");
        let p = crate::transport::palette(Some(tec));
        fresh(
            "bench-palette.json",
            &(serde_json::to_string(&p).unwrap() + "\n"),
        );
    }

    /// Every shipped chart's looks cross over whole: the mirrors hold every field of the
    /// core's types (they refuse unknown fields, so a field added in the core fails here),
    /// and every glyph named is shipped.
    #[test]
    fn every_chart_mirrors_into_looks() {
        for id in kepi::engine::game::registry::known() {
            let Ok(tec) = id.terrain_chart() else {
                continue;
            };
            let l = LooksDto::new(tec);
            assert_eq!(l.terrain.len(), tec.terrain.len(), "{}", id.key());
            for t in l.terrain.values() {
                if let Some(x) = &t.texture {
                    assert!(l.glyphs.contains_key(&x.glyph), "{}", x.glyph);
                    assert_eq!(x.variants.len(), kepi::look::place::VARIANTS);
                    assert!(x.variants.iter().all(|v| !v.is_empty() && v.len() % 5 == 0));
                }
            }
            assert!(l.glyphs.values().all(|g| !g.parts.is_empty()));
        }
    }

    #[test]
    fn a_light_colour_is_the_ink_lightened() {
        assert_eq!(lighten("#000000", 0.5), "#808080");
        assert_eq!(lighten("#3f6b35", 0.0), "#3f6b35");
    }
}

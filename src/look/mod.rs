//! How the things of a terrain effects chart look, in every picture of a map (PNG, print,
//! VASSAL boards; the app's map view reads the same data): one definition per terrain,
//! hexside feature and route, owned by the system's chart JSON (`look` fields of
//! [`crate::tables::terrain_effects`]), and one chart-wide [`ChartLook`] (elevation, thresholds).
//!
//! Units: lengths are in hex radii (outer radius = 1), so a look is the same at every scale;
//! level-of-detail thresholds ([`Lod`]) are in device pixels per hex radius. Glyph geometry is
//! written once ([`glyphs`]), as path data (M/L/Z) in a unit box; where glyphs go in a hex is
//! decided by [`place`] from the hex's seed, the same in every picture.

pub mod glyphs;
pub mod label;
pub mod path;
pub mod place;

use serde::{Deserialize, Serialize};

/// How one hex terrain looks. `Terrain.color` stays the painter's swatch and, without `fill`,
/// the map's fill.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainLook {
    /// The map's fill under the texture, `#rrggbb`, when it differs from the swatch colour
    /// (woods: a light green under dark tree crowns).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<String>,
    /// Symbols scattered or arranged over the fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texture: Option<Texture>,
    /// Drawn on each side this terrain shares with another terrain, on its own side: a wood's
    /// edge, a lake's shore, a hedged field's hedge. Only the `lined` style is admitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<HexsideLook>,
}

/// Symbols over a hex's fill.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texture {
    pub glyph: GlyphKind,
    /// Placements per hex at full detail (1-14).
    pub density: u8,
    pub arrange: Arrange,
    /// Glyph size: its unit box's half-width, in hex radii (0.04-1).
    pub size: f32,
    /// The glyph's dark ink and its light part (crown highlight, roof), `#rrggbb`.
    pub ink: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<String>,
}

/// How the placements of a texture are laid out in a hex ([`place::variants`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrange {
    /// Jittered, non-overlapping, inside the placement circle: trees, tufts.
    Scatter,
    /// Parallel rows at one of three hex-aligned angles: orchards, fields, hachured slopes.
    Rows,
    /// One glyph at the centre: fort, redoubt, bridge.
    Centre,
    /// Blocks on a small street grid: towns, villages.
    Blocks,
}

/// The glyph library's names ([`glyphs::glyph`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GlyphKind {
    Tree,
    Bush,
    OrchardTree,
    Building,
    Church,
    MarshTuft,
    FieldRows,
    StoneWall,
    Hachure,
    Ripple,
    IceCrack,
    Bastion,
    Redoubt,
    Bridge,
    Ford,
}

impl GlyphKind {
    pub const ALL: [GlyphKind; 15] = [
        GlyphKind::Tree,
        GlyphKind::Bush,
        GlyphKind::OrchardTree,
        GlyphKind::Building,
        GlyphKind::Church,
        GlyphKind::MarshTuft,
        GlyphKind::FieldRows,
        GlyphKind::StoneWall,
        GlyphKind::Hachure,
        GlyphKind::Ripple,
        GlyphKind::IceCrack,
        GlyphKind::Bastion,
        GlyphKind::Redoubt,
        GlyphKind::Bridge,
        GlyphKind::Ford,
    ];
}

fn one_px() -> f32 {
    1.0
}

/// A drawn line: a hexside, a route, an edge, a contour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineLook {
    /// Width in hex radii (0.005-0.5).
    pub width: f32,
    /// The least width in pixels it is drawn at.
    #[serde(default = "one_px")]
    pub min_px: f32,
    pub color: String,
    /// On and off lengths in hex radii (trails); none: solid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dash: Option<[f32; 2]>,
}

/// How a hexside feature is drawn on its side (`HexsideFeature.look`), or a terrain's edge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "style", rename_all = "snake_case", deny_unknown_fields)]
pub enum HexsideLook {
    /// A crest line and ticks (hachures) down-slope: on the lower hex's side (by the map's
    /// elevation), on both sides where the levels are equal (a ridge top).
    Hachures {
        line: LineLook,
        tick_len: f32,
        tick_gap: f32,
    },
    /// Water along the side: a band of `water` `width` radii wide between two bank lines,
    /// meandering by `wiggle` radii (a whole number of half-waves: joins at corners are exact).
    Water {
        width: f32,
        water: String,
        bank: LineLook,
        wiggle: f32,
    },
    /// A line with glyphs along it every `gap` radii (hedge: bushes; wall: stones).
    Lined {
        line: LineLook,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        glyph: Option<GlyphKind>,
        #[serde(default)]
        gap: f32,
        #[serde(default)]
        size: f32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ink: Option<String>,
    },
    /// One glyph across the middle of the side, over whatever water is there (bridge, ford).
    Crossing {
        glyph: GlyphKind,
        size: f32,
        ink: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        light: Option<String>,
    },
}

/// How a route is drawn (`Route.look`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteLook {
    pub line: LineLook,
    /// Drawn first, wider: a cased road's dark edges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casing: Option<LineLook>,
    /// Cross-ties (railroad).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ties: Option<Ties>,
}

/// Railroad cross-ties: every `gap` radii along the line, `len` radii long, `width` thick.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ties {
    pub gap: f32,
    pub len: f32,
    pub width: f32,
}

/// Chart-wide: elevation and thresholds (`TerrainEffects.look`, all defaulted).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChartLook {
    /// Fill darkened by this much per elevation level, up to level 6.
    pub tint_per_level: f32,
    pub contour: LineLook,
    /// Every `index_every`th level's contour is drawn 1.8 times wider (index contours).
    pub index_every: u8,
    /// Hill shading: light from `light_deg` (compass, 315: north-west, as printed maps light
    /// them) and its strength (0: none).
    pub light_deg: f32,
    pub shade: f32,
    pub lod: Lod,
}

impl Default for ChartLook {
    fn default() -> ChartLook {
        ChartLook {
            tint_per_level: 0.07,
            contour: LineLook {
                width: 0.05,
                min_px: 1.0,
                color: "#8a5e2c".into(),
                dash: None,
            },
            index_every: 5,
            light_deg: 315.0,
            shade: 0.12,
            lod: Lod::default(),
        }
    }
}

/// Level-of-detail thresholds in device pixels per hex radius, one table for every renderer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Lod {
    /// Below it no texture (fill and edges only).
    pub symbols_min: f32,
    /// From it every placement; between `symbols_min` and it, only the lod-0 ones.
    pub full_detail: f32,
    /// Below it a crest is its line only, and lined hexsides lose their glyphs.
    pub hachure_ticks: f32,
    /// From it hex numbers are drawn (the core's `HEX_NUMBER_MIN_SCALE` is twice it: a scale
    /// is a hex's corner-to-corner size).
    pub hex_numbers: f32,
    /// From it feature names are set along their features ([`label::along`]).
    pub feature_names: f32,
}

impl Default for Lod {
    fn default() -> Lod {
        Lod {
            symbols_min: 8.0,
            full_detail: 20.0,
            hachure_ticks: 9.0,
            hex_numbers: 12.0,
            feature_names: 12.0,
        }
    }
}

impl Lod {
    /// The highest placement lod drawn at `px_per_radius`: none, lod 0, or all.
    pub fn level(&self, px_per_radius: f64) -> Option<u8> {
        if px_per_radius < self.symbols_min as f64 {
            None
        } else if px_per_radius < self.full_detail as f64 {
            Some(0)
        } else {
            Some(1)
        }
    }
}

/// Whether `s` is a `#rrggbb` colour.
pub fn is_color(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// The problems of a look, each as (field under `at`, message).
pub(crate) fn line_problems(at: &str, l: &LineLook, out: &mut Vec<(String, String)>) {
    color_problem(&format!("{at}.color"), &l.color, out);
    range(&format!("{at}.width"), l.width, 0.005, 0.5, out);
    range(&format!("{at}.min_px"), l.min_px, 0.0, 8.0, out);
    if let Some([on, off]) = l.dash {
        range(&format!("{at}.dash[0]"), on, 0.01, 2.0, out);
        range(&format!("{at}.dash[1]"), off, 0.01, 2.0, out);
    }
}

pub(crate) fn color_problem(at: &str, c: &str, out: &mut Vec<(String, String)>) {
    if !is_color(c) {
        out.push((at.into(), format!("'{c}' is not a colour (#rrggbb)")));
    }
}

pub(crate) fn range(at: &str, v: f32, lo: f32, hi: f32, out: &mut Vec<(String, String)>) {
    if !(v >= lo && v <= hi) {
        out.push((at.into(), format!("{v} is out of range ({lo} to {hi})")));
    }
}

impl TerrainLook {
    pub(crate) fn problems(&self, at: &str, out: &mut Vec<(String, String)>) {
        if let Some(f) = &self.fill {
            color_problem(&format!("{at}.fill"), f, out);
        }
        if let Some(t) = &self.texture {
            let at = format!("{at}.texture");
            if !(1..=14).contains(&t.density) {
                out.push((
                    format!("{at}.density"),
                    format!("{} is out of range (1 to 14)", t.density),
                ));
            }
            if t.arrange == Arrange::Centre && t.density != 1 {
                out.push((
                    format!("{at}.density"),
                    "a centred glyph has a density of 1".into(),
                ));
            }
            range(&format!("{at}.size"), t.size, 0.04, 1.0, out);
            color_problem(&format!("{at}.ink"), &t.ink, out);
            if let Some(l) = &t.light {
                color_problem(&format!("{at}.light"), l, out);
            }
        }
        if let Some(e) = &self.edge {
            let at = format!("{at}.edge");
            if !matches!(e, HexsideLook::Lined { .. }) {
                out.push((at.clone(), "a terrain's edge has the style 'lined'".into()));
            }
            e.problems(&at, out);
        }
    }
}

impl HexsideLook {
    pub(crate) fn problems(&self, at: &str, out: &mut Vec<(String, String)>) {
        match self {
            HexsideLook::Hachures {
                line,
                tick_len,
                tick_gap,
            } => {
                line_problems(&format!("{at}.line"), line, out);
                range(&format!("{at}.tick_len"), *tick_len, 0.02, 0.5, out);
                range(&format!("{at}.tick_gap"), *tick_gap, 0.04, 1.0, out);
            }
            HexsideLook::Water {
                width,
                water,
                bank,
                wiggle,
            } => {
                range(&format!("{at}.width"), *width, 0.01, 0.5, out);
                color_problem(&format!("{at}.water"), water, out);
                line_problems(&format!("{at}.bank"), bank, out);
                range(&format!("{at}.wiggle"), *wiggle, 0.0, 0.2, out);
            }
            HexsideLook::Lined {
                line,
                glyph,
                gap,
                size,
                ink,
            } => {
                line_problems(&format!("{at}.line"), line, out);
                if glyph.is_some() {
                    range(&format!("{at}.gap"), *gap, 0.04, 1.0, out);
                    range(&format!("{at}.size"), *size, 0.01, 0.3, out);
                    match ink {
                        Some(c) => color_problem(&format!("{at}.ink"), c, out),
                        None => out.push((format!("{at}.ink"), "a glyph needs an ink".into())),
                    }
                }
            }
            HexsideLook::Crossing {
                size, ink, light, ..
            } => {
                range(&format!("{at}.size"), *size, 0.05, 1.0, out);
                color_problem(&format!("{at}.ink"), ink, out);
                if let Some(l) = light {
                    color_problem(&format!("{at}.light"), l, out);
                }
            }
        }
    }
}

impl RouteLook {
    pub(crate) fn problems(&self, at: &str, out: &mut Vec<(String, String)>) {
        line_problems(&format!("{at}.line"), &self.line, out);
        if let Some(c) = &self.casing {
            line_problems(&format!("{at}.casing"), c, out);
        }
        if let Some(t) = &self.ties {
            range(&format!("{at}.ties.gap"), t.gap, 0.04, 1.0, out);
            range(&format!("{at}.ties.len"), t.len, 0.02, 0.5, out);
            range(&format!("{at}.ties.width"), t.width, 0.005, 0.2, out);
        }
    }
}

impl ChartLook {
    pub(crate) fn problems(&self, at: &str, out: &mut Vec<(String, String)>) {
        range(
            &format!("{at}.tint_per_level"),
            self.tint_per_level,
            0.0,
            0.15,
            out,
        );
        line_problems(&format!("{at}.contour"), &self.contour, out);
        range(&format!("{at}.shade"), self.shade, 0.0, 0.5, out);
        range(&format!("{at}.light_deg"), self.light_deg, 0.0, 360.0, out);
        let l = &self.lod;
        if !(l.symbols_min >= 0.0 && l.symbols_min <= l.full_detail) {
            out.push((
                format!("{at}.lod"),
                "symbols_min must be at least 0 and at most full_detail".into(),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lod_levels_follow_the_thresholds() {
        let l = Lod::default();
        assert_eq!(l.level(4.0), None);
        assert_eq!(l.level(12.0), Some(0));
        assert_eq!(l.level(48.0), Some(1));
    }

    #[test]
    fn looks_are_checked_field_by_field() {
        let mut out = Vec::new();
        let look = TerrainLook {
            fill: Some("green".into()),
            texture: Some(Texture {
                glyph: GlyphKind::Tree,
                density: 20,
                arrange: Arrange::Scatter,
                size: 0.2,
                ink: "#3f6b35".into(),
                light: None,
            }),
            edge: None,
        };
        look.problems("terrain[3].look", &mut out);
        let fields: Vec<&str> = out.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            ["terrain[3].look.fill", "terrain[3].look.texture.density"]
        );
    }

    #[test]
    fn a_hexside_look_reads_from_its_style() {
        let l: HexsideLook = serde_json::from_str(
            r##"{"style":"water","width":0.1,"water":"#7fb1d8","bank":{"width":0.025,"color":"#2f5f90"},"wiggle":0.05}"##,
        )
        .unwrap();
        let HexsideLook::Water { bank, .. } = l else {
            panic!("{l:?}")
        };
        assert_eq!(bank.min_px, 1.0);
    }
}

//! Pictures of maps and scenarios as PNG images, drawn by the core (no window, no web view):
//! `kepi render`, the desktop app's "export PNG" and scenario-pack thumbnails all call
//! [`render_map`] or [`render_scenario`], then [`encode_png`].
//!
//! The rasteriser is Kepi's own (anti-aliased scanline polygons, thick lines, a built-in bitmap
//! font); the `image` crate only holds the pixels and writes the PNG. Output is deterministic:
//! the same input gives the same bytes.
//!
//! Geometry: [`RenderOptions::scale`] is the number of pixels across one hex from corner to
//! corner, so the hex's outer radius is `scale / 2` pixels (flat-topped hexes are `scale` wide
//! and `scale * 0.866` tall). The map is drawn with a margin of `max(4, scale / 4)` pixels; a
//! scenario picture adds a strip at the bottom with the title and a legend, so hex positions
//! are the same in both ([`Layout`] gives them).
//!
//! What is drawn, bottom to top, each thing by its look in the ruleset's terrain effects
//! chart ([`crate::look`]): each hex in its terrain's fill, darker for each elevation level and
//! hill-shaded (lit from the north-west); its texture (trees, buildings, hachures), thinned out
//! at small scales; terrain edges (a wood's edge); with a scenario, each side's deployment
//! hexes tinted in its colour; hex outlines; contour lines where the elevation changes (index
//! contours wider); with a scenario, deployment zone borders, reinforcement entry hexes outlined in the
//! side's colour and tagged with the turn ("T3"), victory objectives outlined in gold (hold and
//! control targets with a star, exit areas dashed); hexside features on the shared edge (water
//! between banks, crests with hachures toward the lower hex, walls and hedges as lines of
//! stones and bushes, bridges and fords across); routes through hex centres (cased roads,
//! dashed trails, railroads with ties; to the map edge at exits); hex numbers at the top of each hex from the
//! chart's `lod.hex_numbers` on (24 px per hex for the shipped charts); each feature's name
//! with its code in brackets ([`crate::look::label::name_text`]) along the feature, where [`crate::look::label::along`] puts
//! it, letter-spaced, left out when it does not fit, from `lod.feature_names` on; a victory
//! objective's code ("V4") with a star on a light box, from 16 px per hex on. In the strip, a title too wide for a small picture is drawn smaller and
//! legend entries that cannot fit are left out.

mod cartography;
mod counter;
mod draw;
mod font;
mod furniture;
mod raster;
mod scenario;
pub(crate) mod surface;
pub mod unit_symbols;

pub(crate) use counter::draw_counter;
pub use counter::{CounterPicture, render_counter, side_rgb};
pub(crate) use draw::PAPER;
pub(crate) use font::Font;
pub(crate) use raster::{Color, Pt, disc, signed_area2};

use crate::map::{Grid, HexCoord, Map, Orientation};
use crate::scenario::Scenario;
use image::RgbaImage;

/// Default pixels per hex (corner to corner).
pub const DEFAULT_SCALE: u32 = 32;
/// Smallest and largest scale accepted.
pub const MIN_SCALE: u32 = 4;
pub const MAX_SCALE: u32 = 1024;
/// Largest picture made: 100 megapixels (400 MB of pixels in memory).
pub const MAX_PIXELS: u64 = 100_000_000;
/// Objectives' codes and turn tags are printed from this scale on. (Hex numbers and feature
/// names start at the chart's `lod.hex_numbers` and `lod.feature_names`, in pixels a hex
/// radius: from 24 px a hex for the shipped charts.)
pub const LABEL_MIN_SCALE: u32 = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Pixels across one hex, corner to corner (twice the outer radius). Default 32.
    pub scale: u32,
    /// Print hex numbers ("0812") at the top of each hex, when the scale allows.
    pub hex_numbers: bool,
    /// Print feature codes ("V4") and reinforcement turn tags, when the scale allows.
    pub labels: bool,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            scale: DEFAULT_SCALE,
            hex_numbers: true,
            labels: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error("a scale of {0} px per hex is out of range: use {MIN_SCALE} to {MAX_SCALE}")]
    Scale(u32),
    #[error(
        "the picture would be {width} x {height} px ({} megapixels), over the limit of {} megapixels; \
         use a scale of at most {max_scale} px per hex for this map",
        (width * height).div_ceil(1_000_000),
        MAX_PIXELS / 1_000_000
    )]
    TooLarge {
        width: u64,
        height: u64,
        max_scale: u32,
    },
    #[error("{0}")]
    Ruleset(String),
    #[error("cannot encode the PNG: {0}")]
    Png(String),
}

/// Where hexes fall in a picture: pixel positions of hex centres and corners for a grid at a
/// scale. The same for a map picture and a scenario picture of that map.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    grid: Grid,
    /// Outer radius of a hex in pixels (`scale / 2`).
    radius: f64,
    /// Pixel position of the origin of [`Grid::center`]'s units.
    origin: (f64, f64),
    /// Size of the map part of the picture in pixels (with its margin).
    width: u32,
    height: u32,
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

impl Layout {
    /// The layout of `grid` at `scale` px per hex. Refuses a scale out of range, not a large
    /// picture (see [`check_size`]).
    pub fn new(grid: &Grid, scale: u32) -> Result<Layout, RenderError> {
        if !(MIN_SCALE..=MAX_SCALE).contains(&scale) {
            return Err(RenderError::Scale(scale));
        }
        let radius = scale as f64 / 2.0;
        let margin = (scale / 4).max(4) as f64;
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for h in grid.hexes() {
            let (x, y) = grid.center(h);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        // How far a hex reaches from its centre across and down, in radii.
        let (ex, ey) = match grid.orientation {
            Orientation::Flat => (1.0, SQRT3 / 2.0),
            Orientation::Pointy => (SQRT3 / 2.0, 1.0),
        };
        let width = ((x1 - x0 + 2.0 * ex) * radius + 2.0 * margin).ceil();
        let height = ((y1 - y0 + 2.0 * ey) * radius + 2.0 * margin).ceil();
        Ok(Layout {
            grid: *grid,
            radius,
            origin: (margin + (ex - x0) * radius, margin + (ey - y0) * radius),
            width: width.min(u32::MAX as f64) as u32,
            height: height.min(u32::MAX as f64) as u32,
        })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Outer radius of a hex in pixels.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// Width and height of the map part of the picture in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Pixel position of a hex's centre.
    pub fn center(&self, h: HexCoord) -> (f64, f64) {
        let (x, y) = self.grid.center(h);
        (
            self.origin.0 + x * self.radius,
            self.origin.1 + y * self.radius,
        )
    }

    /// Angle of corner 0 in degrees; corner i is at `a0 + 60 i`, clockwise on screen.
    fn corner0(&self) -> f64 {
        match self.grid.orientation {
            Orientation::Flat => 0.0,
            Orientation::Pointy => 30.0,
        }
    }

    /// The six corners of a hex of radius `r` pixels around the hex's centre, clockwise on
    /// screen from the east (flat) or east-south-east (pointy) corner.
    pub fn corners_at(&self, h: HexCoord, r: f64) -> [(f64, f64); 6] {
        let (cx, cy) = self.center(h);
        let a0 = self.corner0();
        std::array::from_fn(|i| {
            let t = (a0 + 60.0 * i as f64).to_radians();
            (cx + r * t.cos(), cy + r * t.sin())
        })
    }

    pub fn corners(&self, h: HexCoord) -> [(f64, f64); 6] {
        self.corners_at(h, self.radius)
    }

    /// The hex across each side of `h`: entry i is across the side from corner i to corner
    /// i + 1; `None` off the map.
    pub fn neighbours(&self, h: HexCoord) -> [Option<HexCoord>; 6] {
        let mut out = [None; 6];
        let (cx, cy) = self.grid.center(h);
        for n in self.grid.neighbors(h) {
            let (nx, ny) = self.grid.center(n);
            let angle = (ny - cy).atan2(nx - cx).to_degrees();
            let i = ((angle - self.corner0() - 30.0) / 60.0)
                .round()
                .rem_euclid(6.0) as usize;
            out[i % 6] = Some(n);
        }
        out
    }

    /// The end points of the side shared by two adjacent hexes.
    pub fn hexside(&self, a: HexCoord, b: HexCoord) -> Option<((f64, f64), (f64, f64))> {
        let i = self.neighbours(a).iter().position(|n| *n == Some(b))?;
        let c = self.corners(a);
        Some((c[i], c[(i + 1) % 6]))
    }

    /// The map hex under a pixel, if any.
    pub fn hex_at(&self, x: f64, y: f64) -> Option<HexCoord> {
        let (ux, uy) = (
            (x - self.origin.0) / self.radius,
            (y - self.origin.1) / self.radius,
        );
        // Invert Grid::center to fractional axial coordinates, then round in cube space.
        let (q, r) = match self.grid.orientation {
            Orientation::Flat => {
                let q = ux / 1.5;
                (q, uy / SQRT3 - q / 2.0)
            }
            Orientation::Pointy => {
                let r = uy / 1.5;
                (ux / SQRT3 - r / 2.0, r)
            }
        };
        let s = -q - r;
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        if rq.abs() > 1e6 || rr.abs() > 1e6 {
            return None;
        }
        self.grid.from_hex(hexx::Hex::new(rq as i32, rr as i32))
    }
}

/// Size of the whole picture of `map` (with the scenario strip if `scenario` is given), checked
/// against [`MAX_PIXELS`].
fn checked_size(
    map: &Map,
    options: &RenderOptions,
    scenario: Option<&Scenario>,
) -> Result<(Layout, u32), RenderError> {
    let layout = Layout::new(&map.grid, options.scale)?;
    let strip = scenario.map_or(0, |s| scenario::strip_height(s, &layout, options.scale));
    let (w, h) = (layout.width as u64, layout.height as u64 + strip as u64);
    if w * h > MAX_PIXELS {
        // The largest scale that fits, by bisection (sizes grow with the scale).
        let fits = |s: u32| {
            Layout::new(&map.grid, s).is_ok_and(|l| {
                let strip = scenario.map_or(0, |sc| scenario::strip_height(sc, &l, s));
                l.width as u64 * (l.height as u64 + strip as u64) <= MAX_PIXELS
            })
        };
        let (mut lo, mut hi) = (MIN_SCALE, options.scale);
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2;
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return Err(RenderError::TooLarge {
            width: w,
            height: h,
            max_scale: lo,
        });
    }
    Ok((layout, strip))
}

/// Check that a picture of `map` at `options.scale` can be made, without making it: the
/// scale is in range and the picture is at most [`MAX_PIXELS`]. Returns its width and height.
pub fn image_size(
    map: &Map,
    scenario: Option<&Scenario>,
    options: &RenderOptions,
) -> Result<(u32, u32), RenderError> {
    let (layout, strip) = checked_size(map, options, scenario)?;
    Ok((layout.width, layout.height + strip))
}

/// Thumbnail options: labels, no hex numbers, and the largest scale (16 px per hex down to
/// [`MIN_SCALE`]) whose picture fits in `fit` (width, height); [`MIN_SCALE`] when none fits.
pub fn fitting_options(map: &Map, scenario: Option<&Scenario>, fit: (u32, u32)) -> RenderOptions {
    let at = |scale| RenderOptions {
        scale,
        hex_numbers: false,
        labels: true,
    };
    (MIN_SCALE..=16)
        .rev()
        .map(at)
        .find(|o| image_size(map, scenario, o).is_ok_and(|(w, h)| w <= fit.0 && h <= fit.1))
        .unwrap_or_else(|| at(MIN_SCALE))
}

/// A picture of a map.
pub fn render_map(map: &Map, options: &RenderOptions) -> Result<RgbaImage, RenderError> {
    let (layout, _) = checked_size(map, options, None)?;
    draw::draw(map, None, &layout, 0, options)
}

/// A picture of a map with a strip under it: the key of the terrain, hexside features and
/// routes on the map (each swatch drawn as the map draws it) and a scale bar. The map part is
/// [`render_map`]'s picture, to the pixel.
pub fn render_map_with_key(map: &Map, options: &RenderOptions) -> Result<RgbaImage, RenderError> {
    let (layout, _) = checked_size(map, options, None)?;
    let (w, h) = layout.size();
    let strip = furniture::key_height(map, options.scale, w);
    let mut img = draw::draw(map, None, &layout, strip, options)?;
    let across = layout.radius() * SQRT3;
    furniture::draw_key(&mut img, map, h as f64, w as f64, across, options.scale);
    Ok(img)
}

/// A picture of a scenario's map with its deployment zones, entry hexes and victory
/// objectives, and a strip at the bottom with the title and a legend.
pub fn render_scenario(
    scenario: &Scenario,
    options: &RenderOptions,
) -> Result<RgbaImage, RenderError> {
    let (layout, strip) = checked_size(&scenario.map, options, Some(scenario))?;
    draw::draw(&scenario.map, Some(scenario), &layout, strip, options)
}

/// Where hexes fall in a scenario's picture at `options.scale`, and the height of its strip,
/// with no limit on the picture's size (a PDF page has no pixels to count).
pub(crate) fn scenario_layout(
    scenario: &Scenario,
    options: &RenderOptions,
) -> Result<(Layout, u32), RenderError> {
    let layout = Layout::new(&scenario.map.grid, options.scale)?;
    let strip = scenario::strip_height(scenario, &layout, options.scale);
    Ok((layout, strip))
}

/// Draw what [`render_scenario`] draws on `surf` (whose paper is already laid), at `layout`
/// from [`scenario_layout`].
pub(crate) fn draw_scenario_on(
    surf: &mut dyn surface::Surface,
    scenario: &Scenario,
    layout: &Layout,
    options: &RenderOptions,
) -> Result<(), RenderError> {
    draw::draw_on(surf, &scenario.map, Some(scenario), layout, options)
}

/// The map's scale bar as the pictures draw it, on `surf` in its units: its bar's right end
/// at `right`, its top at `y`, at most `max_w` long for hexes `across` units from side to
/// side, its text at font scale `k`. Returns its height (0 when no round length fits).
pub(crate) fn draw_scale_bar_on(
    surf: &mut dyn surface::Surface,
    map: &Map,
    across: f64,
    (right, y): (f64, f64),
    max_w: f64,
    k: u32,
) -> f64 {
    let Some((_, _, w)) = furniture::scale_bar_size(map.scale, across, max_w, k) else {
        return 0.0;
    };
    furniture::draw_scale_bar(surf, map.scale, across, right - w, y, max_w, k)
}

/// The map's key (`kepi render --key`'s strip: a swatch and name for each terrain, hexside
/// feature and route on the map, and the scale bar for hexes `across` units wide) on `surf`
/// from `top`, `width` units wide and [`key_height`] high, laid out as at `scale` px per hex.
pub(crate) fn draw_key_on(
    surf: &mut dyn surface::Surface,
    map: &Map,
    top: f64,
    width: u32,
    across: f64,
    scale: u32,
) {
    furniture::draw_key(surf, map, top, width as f64, across, scale);
}

/// The height [`draw_key_on`] takes.
pub(crate) fn key_height(map: &Map, scale: u32, width: u32) -> u32 {
    furniture::key_height(map, scale, width)
}

/// The colour a hex is filled with in every picture of `map` (its terrain's fill, tinted by
/// elevation and hill-shaded), where no glyph covers it; grey when the ruleset has no chart.
pub fn fill_color(map: &Map, hex: HexCoord) -> [u8; 3] {
    let Ok(tec) = map.ruleset.terrain_chart() else {
        return [0xcc; 3];
    };
    let Ok(layout) = Layout::new(&map.grid, DEFAULT_SCALE) else {
        return [0xcc; 3];
    };
    let c = cartography::Looks::new(tec).fill(map, &layout, hex);
    [c.r, c.g, c.b]
}

/// The picture as PNG bytes (deterministic: no time stamps or other metadata).
pub fn encode_png(img: &RgbaImage) -> Result<Vec<u8>, RenderError> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| RenderError::Png(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Shove;

    #[test]
    fn layout_sizes_and_centres() {
        let g = Grid::flat(12, 10);
        let l = Layout::new(&g, 32).unwrap();
        // 12 flat columns: 1.5 * 11 + 2 radii across; 10 rows of a shoved grid: (10 + 0.5) * sqrt 3
        // radii down; margin 8 each side.
        assert_eq!(
            l.size(),
            (
                (18.5f64 * 16.0 + 16.0).ceil() as u32,
                (10.5 * SQRT3 * 16.0 + 16.0).ceil() as u32
            )
        );
        let (x, y) = l.center(HexCoord::new(1, 1));
        assert!((x - 24.0).abs() < 1e-9 && (y - (8.0 + SQRT3 * 8.0)).abs() < 1e-9);
        assert_eq!(Layout::new(&g, 2), Err(RenderError::Scale(2)));
    }

    #[test]
    fn pixels_map_back_to_hexes_and_sides_join_neighbours() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for shove in [Shove::Even, Shove::Odd] {
                let g = Grid::new(o, shove, 7, 6);
                let l = Layout::new(&g, 40).unwrap();
                for h in g.hexes() {
                    let (x, y) = l.center(h);
                    assert_eq!(l.hex_at(x, y), Some(h));
                    assert_eq!(l.hex_at(x + 7.0, y - 5.0), Some(h));
                    let nb = l.neighbours(h);
                    assert_eq!(nb.iter().flatten().count(), g.neighbors(h).count());
                    for (i, n) in nb.iter().enumerate() {
                        let Some(n) = n else { continue };
                        // The side's midpoint is halfway between the two centres.
                        let c = l.corners(h);
                        let (a, b) = (c[i], c[(i + 1) % 6]);
                        let (nx, ny) = l.center(*n);
                        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                        assert!((mid.0 - (x + nx) / 2.0).abs() < 1e-6, "{o:?} {h:?} {n:?}");
                        assert!((mid.1 - (y + ny) / 2.0).abs() < 1e-6, "{o:?} {h:?} {n:?}");
                    }
                }
                assert_eq!(l.hex_at(-100.0, -100.0), None);
            }
        }
    }
}

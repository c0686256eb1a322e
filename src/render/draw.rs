//! Drawing a map (and a scenario's overlays) layer by layer; see the module documentation of
//! [`super`] for the order.

use super::font::{Font, fold};
use super::raster::{self, Color, Pt};
use super::scenario::Overlay;
use super::surface::Surface;
use super::{HEX_NUMBER_MIN_SCALE, LABEL_MIN_SCALE, Layout, RenderError, RenderOptions};
use crate::map::{HexCoord, Map, MapEdge, Orientation};
use crate::scenario::Scenario;
use crate::tables::terrain_effects::TerrainSymbol;
use image::{Rgba, RgbaImage};
use std::collections::{BTreeMap, BTreeSet};

/// The margin and the legend strip.
pub(crate) const PAPER: Color = Color::rgb(0xfa, 0xf8, 0xf1);
const GRID_LINE: Color = Color::rgb(0x6e, 0x68, 0x5a);
const CONTOUR: Color = Color::rgb(0x8a, 0x5e, 0x2c);
const INK: Color = Color::rgb(0x24, 0x22, 0x1e);
const LABEL_BACK: Color = Color::rgb(0xff, 0xfe, 0xf8);
/// Used when the chart's colour is not `#rrggbb`.
const FALLBACK: Color = Color::rgb(0xcc, 0xcc, 0xcc);

/// A pixel-aligned box: x, y, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Box {
    pub x: i64,
    pub y: i64,
    pub w: i64,
    pub h: i64,
}

impl Box {
    fn overlaps(&self, o: &Box) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
}

/// Line widths and text sizes for a scale.
pub(super) struct Style {
    pub scale: f64,
    pub grid: f64,
    pub contour: f64,
    pub hexside: f64,
    pub route: f64,
    /// Width of zone borders, entry and objective outlines.
    pub border: f64,
    pub outline: f64,
    /// Scale of the 5x7 label font and of the 3x5 hex number font.
    pub label_k: u32,
    pub number_k: u32,
}

impl Style {
    pub fn new(scale: u32) -> Style {
        let s = scale as f64;
        Style {
            scale: s,
            grid: (s / 32.0).max(1.0),
            contour: (s / 22.0).max(1.0),
            hexside: (s / 7.0).max(2.0),
            route: (s / 9.0).max(1.5),
            border: (s / 20.0).max(1.5),
            outline: (s / 12.0).max(2.0),
            label_k: (scale / 32).max(1),
            number_k: (scale / 48).max(1),
        }
    }
}

pub(super) fn chart_color(c: &str) -> Color {
    Color::hex(c).unwrap_or(FALLBACK)
}

pub(super) fn draw(
    map: &Map,
    scenario: Option<&Scenario>,
    layout: &Layout,
    strip: u32,
    options: &RenderOptions,
) -> Result<RgbaImage, RenderError> {
    let (w, h) = layout.size();
    let paper = Rgba([PAPER.r, PAPER.g, PAPER.b, 255]);
    let mut img = RgbaImage::from_pixel(w, h + strip, paper);
    draw_on(&mut img, map, scenario, layout, options)?;
    Ok(img)
}

/// Draw the map (and the scenario's overlays and strip) on `surf`, whose paper is already
/// laid: the map part is `layout.size()`, the strip (with a scenario) below it.
pub(super) fn draw_on(
    surf: &mut dyn Surface,
    map: &Map,
    scenario: Option<&Scenario>,
    layout: &Layout,
    options: &RenderOptions,
) -> Result<(), RenderError> {
    let tec = map.ruleset.terrain_chart().map_err(RenderError::Ruleset)?;
    let (_, h) = layout.size();
    let st = Style::new(options.scale);
    let r = layout.radius();
    let grid = &map.grid;
    let overlay = scenario.map(|s| Overlay::new(s, layout));

    // Hex fills: terrain colour, darker and hatched with height. Each hex is filled half a
    // pixel beyond its sides so that no paper shows between neighbours.
    let mut colors: BTreeMap<&str, Color> = BTreeMap::new();
    for t in &tec.terrain {
        colors.insert(t.key.as_str(), chart_color(&t.color));
    }
    let mut fills: Vec<Color> = Vec::with_capacity(grid.len());
    for hex in grid.hexes() {
        let base = map
            .terrain(hex)
            .and_then(|k| colors.get(k).copied())
            .unwrap_or(FALLBACK);
        let level = map.elevation(hex).unwrap_or(0).min(6) as u32;
        let c = base.shade(1.0 - 0.07 * level as f32);
        fills.push(c);
        let poly = layout.corners_at(hex, r + 0.5).to_vec();
        if level == 0 {
            surf.fill(&[poly], c);
        } else {
            let hatch = c.shade(0.8);
            let period = ((st.scale / (3.0 + 1.5 * level as f64)).round() as u32).max(3);
            surf.fill_hatched(&poly, c, hatch, period, st.number_k);
        }
    }

    if let Some(o) = &overlay {
        o.draw_tints(surf, layout);
    }

    // A terrain its chart gives the bastion symbol (Age of Rifles' fort, AoR 10.1): over its
    // colour, a bastioned trace (a four-pointed outline) tells it apart at a glance.
    let bastions: BTreeSet<&str> = tec
        .terrain
        .iter()
        .filter(|t| t.symbol == Some(TerrainSymbol::Bastion))
        .map(|t| t.key.as_str())
        .collect();
    for hex in grid.hexes() {
        if map.terrain(hex).is_some_and(|k| bastions.contains(k)) {
            let c = layout.center(hex);
            let mut trace: Vec<Pt> = (0..8)
                .map(|k| {
                    let a = std::f64::consts::FRAC_PI_4 * k as f64;
                    let q = if k % 2 == 0 { 0.62 } else { 0.34 } * r;
                    (c.0 + q * a.cos(), c.1 + q * a.sin())
                })
                .collect();
            trace.push(trace[0]);
            surf.stroke(&trace, (st.hexside * 0.5).max(1.0), INK);
        }
    }

    // Hex outlines, each side once.
    for hex in grid.hexes() {
        let c = layout.corners(hex);
        for (i, n) in layout.neighbours(hex).iter().enumerate() {
            if n.is_none_or(|n| n > hex) {
                surf.segment(c[i], c[(i + 1) % 6], st.grid, GRID_LINE);
            }
        }
    }

    // Contour lines between elevation levels.
    for hex in grid.hexes() {
        let c = layout.corners(hex);
        let level = map.elevation(hex);
        for (i, n) in layout.neighbours(hex).iter().enumerate() {
            if let Some(n) = n
                && *n > hex
                && map.elevation(*n) != level
            {
                surf.stroke(&[c[i], c[(i + 1) % 6]], st.contour, CONTOUR);
            }
        }
    }

    // Zone borders, entry and objective outlines: under the map's hexsides and routes, so
    // that they hide none of the terrain.
    if let Some(o) = &overlay {
        o.draw_marks(surf, layout, &st);
    }

    // Hexside features on the shared side, several side by side across it.
    for (edge, features) in map.hexsides() {
        let (a, b) = edge.hexes();
        let Some((p, q)) = layout.hexside(a, b) else {
            continue;
        };
        let (ca, cb) = (layout.center(a), layout.center(b));
        let d = ((cb.0 - ca.0) / (2.0 * r), (cb.1 - ca.1) / (2.0 * r));
        let n = features.len() as f64;
        let wdt = if n > 1.0 {
            st.hexside * 0.75
        } else {
            st.hexside
        };
        for (i, f) in features.iter().enumerate() {
            let color = tec.hexside(f).map_or(FALLBACK, |h| chart_color(&h.color));
            let off = (i as f64 - (n - 1.0) / 2.0) * wdt * 1.15;
            let shift = |p: Pt| (p.0 + d.0 * off, p.1 + d.1 * off);
            surf.stroke(&[shift(p), shift(q)], wdt, color);
        }
    }

    // Routes through hex centres, continued to the map edge where a route leaves the map.
    for route in &map.routes {
        let color = tec
            .route(&route.kind)
            .map_or(FALLBACK, |t| chart_color(&t.color));
        let mut pts: Vec<Pt> = route.hexes.iter().map(|h| layout.center(*h)).collect();
        // The exit named after the route at that hex, else any exit there.
        let exit_point = |hex: HexCoord| {
            let mut here = map.exits.iter().filter(|e| e.hex == hex);
            let named = here
                .clone()
                .find(|e| e.name.eq_ignore_ascii_case(&route.name));
            named
                .or_else(|| here.next())
                .map(|e| edge_point(layout, hex, e.edge))
        };
        if let (Some(first), Some(last)) = (route.hexes.first(), route.hexes.last()) {
            if let Some(p) = exit_point(*first) {
                pts.insert(0, p);
            }
            if first != last
                && let Some(p) = exit_point(*last)
            {
                pts.push(p);
            }
        }
        let casing = Color::rgb(0xf6, 0xf0, 0xdc).alpha(0.7);
        surf.stroke(&pts, st.route + 2.0 * (st.scale / 40.0).max(0.75), casing);
        surf.stroke(&pts, st.route, color);
    }

    let with_labels = options.labels && options.scale >= LABEL_MIN_SCALE;
    let mut labels: Vec<Label> = Vec::new();
    if let Some(o) = &overlay
        && with_labels
    {
        labels.extend(o.labels(layout));
    }

    // Feature labels first, so that they win the best places.
    if with_labels {
        let star: BTreeSet<&str> = overlay
            .as_ref()
            .map(|o| o.objective_features())
            .unwrap_or_default();
        let mut features: Vec<Label> = map
            .features
            .iter()
            .map(|f| {
                let n = f.hexes.len() as f64;
                let (sx, sy) = f.hexes.iter().fold((0.0, 0.0), |(x, y), h| {
                    let (cx, cy) = layout.center(*h);
                    (x + cx, y + cy)
                });
                Label {
                    text: fold(&f.code),
                    anchor: (sx / n, sy / n),
                    star: star.contains(f.code.as_str()),
                    border: INK,
                }
            })
            .collect();
        features.append(&mut labels);
        labels = features;
    }

    let numbers = if options.hex_numbers {
        hex_numbers(map, layout, &st)
    } else {
        Vec::new()
    };
    let boxes = place_labels(&labels, layout, &st, &numbers);
    for (hex, b) in &numbers {
        if boxes.iter().any(|lb| lb.overlaps(b)) {
            continue;
        }
        let fill = fills[grid.index(*hex).unwrap_or(0)];
        let ink = if fill.luma() < 0.5 {
            Color::rgb(0xf4, 0xf2, 0xea)
        } else {
            INK.alpha(0.8)
        };
        surf.text(&grid.name(*hex), b.x, b.y, st.number_k, Font::Small, ink);
    }
    for (label, b) in labels.iter().zip(&boxes) {
        draw_label(surf, label, *b, &st);
    }

    if let Some(o) = &overlay {
        o.draw_strip(surf, layout.size().0, h, &st);
    }
    Ok(())
}

/// The point where a route leaves the map: on the hex's boundary towards the edge.
fn edge_point(layout: &Layout, hex: HexCoord, edge: MapEdge) -> Pt {
    let (cx, cy) = layout.center(hex);
    let r = layout.radius();
    let across = r * super::SQRT3 / 2.0;
    let (along_y, along_x) = match layout.grid().orientation {
        Orientation::Flat => (across, r),
        Orientation::Pointy => (r, across),
    };
    match edge {
        MapEdge::North => (cx, cy - along_y),
        MapEdge::South => (cx, cy + along_y),
        MapEdge::East => (cx + along_x, cy),
        MapEdge::West => (cx - along_x, cy),
    }
}

/// Where each hex number goes (top of the hex), or nothing if they do not fit at this scale.
fn hex_numbers(map: &Map, layout: &Layout, st: &Style) -> Vec<(HexCoord, Box)> {
    let grid = &map.grid;
    if (st.scale as u32) < HEX_NUMBER_MIN_SCALE || grid.is_empty() {
        return Vec::new();
    }
    let k = st.number_k;
    let sample = grid.name(crate::map::HexCoord::new(1, 1));
    let (tw, th) = (
        Font::Small.width(&sample, k) as f64,
        Font::Small.height(k) as f64,
    );
    let r = layout.radius();
    let pad = (r * 0.16).max(1.0);
    // Distance below the top of the hex at which the hex is wide enough for the text.
    let (top, depth) = match grid.orientation {
        Orientation::Flat => (
            r * super::SQRT3 / 2.0,
            (super::SQRT3 * (tw / 2.0 + 1.0 - r / 2.0)).max(pad),
        ),
        Orientation::Pointy => (r, ((tw / 2.0 + 1.0) / super::SQRT3).max(pad)),
    };
    if top - depth - th < r * 0.2 {
        return Vec::new();
    }
    grid.hexes()
        .map(|h| {
            let (cx, cy) = layout.center(h);
            let b = Box {
                x: (cx - tw / 2.0).round() as i64,
                y: (cy - top + depth).round() as i64,
                w: tw as i64,
                h: th as i64,
            };
            (h, b)
        })
        .collect()
}

/// A text on a light box: feature codes, turn tags.
#[derive(Clone, Debug)]
pub(super) struct Label {
    pub text: String,
    /// Where the box's centre would like to be.
    pub anchor: Pt,
    /// A star before the text (a victory objective).
    pub star: bool,
    pub border: Color,
}

fn label_size(l: &Label, st: &Style) -> (i64, i64) {
    let k = st.label_k as i64;
    let star = if l.star { 8 * k } else { 0 };
    let text = Font::Label.width(&l.text, st.label_k) as i64;
    (text + star + 4 * k, 7 * k + 4 * k)
}

/// Boxes for the labels, in order: each at its anchor if free, else at the first free place
/// nearby; a label never covers an earlier one when it can help it, and avoids hex numbers
/// where it can (a hex number under a label is left out).
fn place_labels(
    labels: &[Label],
    layout: &Layout,
    st: &Style,
    numbers: &[(HexCoord, Box)],
) -> Vec<Box> {
    let r = layout.radius();
    let (w, h) = layout.size();
    let grid = layout.grid();
    let number_of = |hex: HexCoord| {
        grid.index(hex)
            .and_then(|i| numbers.get(i))
            .map(|(_, b)| *b)
    };
    let offsets: [(f64, f64); 9] = [
        (0.0, 0.0),
        (0.0, 0.45),
        (0.0, -0.45),
        (0.6, 0.0),
        (-0.6, 0.0),
        (0.0, 0.9),
        (0.0, -0.9),
        (0.9, 0.45),
        (-0.9, 0.45),
    ];
    let mut placed: Vec<Box> = Vec::new();
    for l in labels {
        let (bw, bh) = label_size(l, st);
        let candidates: Vec<Box> = offsets
            .iter()
            .map(|(dx, dy)| Box {
                x: (l.anchor.0 + dx * r - bw as f64 / 2.0).round() as i64,
                y: (l.anchor.1 + dy * r - bh as f64 / 2.0).round() as i64,
                w: bw,
                h: bh,
            })
            .filter(|b| b.x >= 0 && b.y >= 0 && b.x + b.w <= w as i64 && b.y + b.h <= h as i64)
            .collect();
        let hides_number = |b: &Box| {
            let probes = [
                (b.x, b.y),
                (b.x + b.w, b.y),
                (b.x, b.y + b.h),
                (b.x + b.w, b.y + b.h),
                (b.x + b.w / 2, b.y + b.h / 2),
            ];
            let mut near: BTreeSet<HexCoord> = BTreeSet::new();
            for (x, y) in probes {
                if let Some(hex) = layout.hex_at(x as f64, y as f64) {
                    near.insert(hex);
                    near.extend(grid.neighbors(hex));
                }
            }
            near.into_iter()
                .filter_map(number_of)
                .any(|nb| nb.overlaps(b))
        };
        let free = |b: &Box| !placed.iter().any(|p| p.overlaps(b));
        let chosen = candidates
            .iter()
            .find(|b| free(b) && !hides_number(b))
            .or_else(|| candidates.iter().find(|b| free(b)))
            .or(candidates.first())
            .copied()
            .unwrap_or(Box {
                x: (l.anchor.0 - bw as f64 / 2.0).round() as i64,
                y: (l.anchor.1 - bh as f64 / 2.0).round() as i64,
                w: bw,
                h: bh,
            });
        placed.push(chosen);
    }
    placed
}

fn draw_label(surf: &mut dyn Surface, l: &Label, b: Box, st: &Style) {
    let k = st.label_k as i64;
    surf.rect(b.x, b.y, b.w, b.h, l.border);
    surf.rect(
        b.x + k,
        b.y + k,
        b.w - 2 * k,
        b.h - 2 * k,
        LABEL_BACK.alpha(0.92),
    );
    let mut x = b.x + 2 * k;
    let y = b.y + 2 * k;
    if l.star {
        let c = (x as f64 + 3.5 * k as f64, y as f64 + 3.6 * k as f64);
        draw_star(surf, c, 4.2 * k as f64);
        x += 8 * k;
    }
    surf.text(&l.text, x, y, st.label_k, Font::Label, INK);
}

/// The objective star: gold with a dark rim.
pub(super) fn draw_star(surf: &mut dyn Surface, c: Pt, r: f64) {
    surf.fill(&[raster::star(c, r + 1.0)], INK);
    surf.fill(&[raster::star(c, r - 0.3)], super::scenario::GOLD);
}

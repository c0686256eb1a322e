//! Drawing a map (and a scenario's overlays) layer by layer; see the module documentation of
//! [`super`] for the order.

use super::cartography::{self, Looks};
use super::font::{Font, fold};
use super::raster::{self, Color, Pt};
use super::scenario::Overlay;
use super::surface::Surface;
use super::{LABEL_MIN_SCALE, Layout, RenderError, RenderOptions};
use crate::look::HexsideLook;
use crate::map::{HexCoord, Map, MapEdge, Orientation};
use crate::scenario::Scenario;
use crate::tables::terrain_effects::HexsideFeature;
use image::{Rgba, RgbaImage};
use std::collections::{BTreeMap, BTreeSet};

/// The margin and the legend strip.
pub(crate) const PAPER: Color = Color::rgb(0xfa, 0xf8, 0xf1);
const GRID_LINE: Color = Color::rgb(0x6e, 0x68, 0x5a);
const INK: Color = Color::rgb(0x24, 0x22, 0x1e);
const LABEL_BACK: Color = Color::rgb(0xff, 0xfe, 0xf8);
use cartography::FALLBACK;

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

    let looks = Looks::new(tec);
    let lod = &tec.look.lod;

    // 1. Fills: the terrain's fill, darker per elevation level and hill-shaded. Each hex is
    // filled half a pixel beyond its sides so that no paper shows between neighbours.
    let mut fills: Vec<Color> = Vec::with_capacity(grid.len());
    for hex in grid.hexes() {
        let c = looks.fill(map, layout, hex);
        fills.push(c);
        surf.fill(&[layout.corners_at(hex, r + 0.5).to_vec()], c);
    }

    // 2. Textures: trees, buildings, hachures, from the hex's seed; fewer when zoomed out
    // (the chart's thresholds, in pixels per hex radius), none below `lod.symbols_min`.
    if let Some(level) = lod.level(r) {
        let turns = route_turns(map, layout);
        for (i, hex) in grid.hexes().enumerate() {
            let Some(t) = map
                .terrain(hex)
                .and_then(|k| looks.terrain.get(k))
                .and_then(|t| t.texture.as_ref())
            else {
                continue;
            };
            let turn = turns.get(&hex).copied();
            cartography::draw_texture(surf, t, layout, hex, level, fills[i], turn);
        }
    }

    // 3. Terrain edges: a wood's edge, a lake's shore, on the terrain's own side of each side
    // it shares with another terrain.
    let ticks = r >= lod.hachure_ticks as f64;
    for hex in grid.hexes() {
        let Some(key) = map.terrain(hex) else {
            continue;
        };
        let Some(edge) = looks.terrain.get(key).and_then(|t| t.edge.as_ref()) else {
            continue;
        };
        let HexsideLook::Lined { line, .. } = edge else {
            continue;
        };
        let inset = cartography::width(line, r) / 2.0;
        let corners = layout.corners_at(hex, r - inset * 2.0 / super::SQRT3);
        for (i, n) in layout.neighbours(hex).iter().enumerate() {
            if let Some(n) = n
                && map.terrain(*n) != Some(key)
            {
                let pts = [corners[i], corners[(i + 1) % 6]];
                cartography::draw_lined(surf, edge, &pts, r, ticks);
            }
        }
    }

    if let Some(o) = &overlay {
        o.draw_tints(surf, layout);
    }

    // 4. Hex outlines, each side once.
    for hex in grid.hexes() {
        let c = layout.corners(hex);
        for (i, n) in layout.neighbours(hex).iter().enumerate() {
            if n.is_none_or(|n| n > hex) {
                surf.segment(c[i], c[(i + 1) % 6], st.grid, GRID_LINE);
            }
        }
    }

    // 5. Contour lines between elevation levels; a side crossing an index level (every
    // `index_every`th) is drawn wider, as printed index contours are.
    let chart = &tec.look;
    let contour_w = cartography::width(&chart.contour, r);
    let contour_c = cartography::color(&chart.contour.color);
    for hex in grid.hexes() {
        let c = layout.corners(hex);
        let level = map.elevation(hex).unwrap_or(0);
        for (i, n) in layout.neighbours(hex).iter().enumerate() {
            if let Some(n) = n
                && *n > hex
            {
                let other = map.elevation(*n).unwrap_or(0);
                if other == level {
                    continue;
                }
                let (lo, hi) = (level.min(other), level.max(other));
                let every = chart.index_every.max(1);
                let index = (lo + 1..=hi).any(|l| l % every == 0);
                let w = if index { contour_w * 1.8 } else { contour_w };
                surf.stroke(&[c[i], c[(i + 1) % 6]], w, contour_c);
            }
        }
    }

    // Zone borders, entry and objective outlines: under the map's hexsides and routes, so
    // that they hide none of the terrain.
    if let Some(o) = &overlay {
        o.draw_marks(surf, layout, &st);
    }

    // 6. Hexside features on the shared side, several side by side across it: water first
    // (all banks, then all water, so that sides join cleanly), then crests, lines, and the
    // crossings (bridges, fords) over everything.
    let mut sides: Vec<Side> = Vec::new();
    for (edge, features) in map.hexsides() {
        let (a, b) = edge.hexes();
        let Some((p, q)) = layout.hexside(a, b) else {
            continue;
        };
        let (ca, cb) = (layout.center(a), layout.center(b));
        let d = (
            (cb.0 - ca.0) / (super::SQRT3 * r),
            (cb.1 - ca.1) / (super::SQRT3 * r),
        );
        let n = features.len() as f64;
        let wdt = if n > 1.0 {
            st.hexside * 0.75
        } else {
            st.hexside
        };
        for (i, f) in features.iter().enumerate() {
            let off = (i as f64 - (n - 1.0) / 2.0) * wdt * 1.15;
            let shift = |p: Pt| (p.0 + d.0 * off, p.1 + d.1 * off);
            sides.push(Side {
                a,
                b,
                p: shift(p),
                q: shift(q),
                d,
                feature: tec.hexside(f),
                plain_width: wdt,
            });
        }
    }
    for pass in 0..5 {
        for s in &sides {
            draw_side(surf, map, s, pass, r, ticks);
        }
    }

    // 7. Routes through hex centres, continued to the map edge where a route leaves the map.
    for route in &map.routes {
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
        let chart_route = tec.route(&route.kind);
        match chart_route.and_then(|t| t.look.as_ref()) {
            Some(look) => cartography::draw_route(surf, look, &pts, r),
            None => {
                let color = chart_route.map_or(FALLBACK, |t| chart_color(&t.color));
                let casing = Color::rgb(0xf6, 0xf0, 0xdc).alpha(0.7);
                surf.stroke(&pts, st.route + 2.0 * (st.scale / 40.0).max(0.75), casing);
                surf.stroke(&pts, st.route, color);
            }
        }
    }

    let with_labels = options.labels && options.scale >= LABEL_MIN_SCALE;
    let mut labels: Vec<Label> = Vec::new();
    if let Some(o) = &overlay
        && with_labels
    {
        labels.extend(o.labels(layout));
    }

    // Objectives' codes first, with their star, so that they win the best places; every
    // other feature is named along itself (below), not boxed.
    if with_labels && let Some(o) = &overlay {
        let star = o.objective_features();
        let mut features: Vec<Label> = map
            .features
            .iter()
            .filter(|f| star.contains(f.code.as_str()))
            .map(|f| {
                let n = f.hexes.len() as f64;
                let (sx, sy) = f.hexes.iter().fold((0.0, 0.0), |(x, y), h| {
                    let (cx, cy) = layout.center(*h);
                    (x + cx, y + cy)
                });
                Label {
                    text: fold(&f.code),
                    anchor: (sx / n, sy / n),
                    star: true,
                    border: INK,
                }
            })
            .collect();
        features.append(&mut labels);
        labels = features;
    }

    let numbers = if options.hex_numbers {
        hex_numbers(map, layout, &st, 2.0 * lod.hex_numbers as f64)
    } else {
        Vec::new()
    };
    let names = if options.labels && r >= lod.feature_names as f64 {
        feature_names(map, layout)
    } else {
        Vec::new()
    };
    let lettered: Vec<Box> = names.iter().flat_map(Name::boxes).collect();
    let boxes = place_labels(&labels, layout, &st, &numbers, &lettered);
    for (hex, b) in &numbers {
        if boxes.iter().any(|lb| lb.overlaps(b)) || names.iter().any(|n| n.covers(b)) {
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
    for n in &names {
        surf.glyphs(
            &n.glyphs,
            n.angle,
            n.k,
            Font::Label,
            INK,
            Some(LABEL_BACK.alpha(0.75)),
        );
    }
    for (label, b) in labels.iter().zip(&boxes) {
        draw_label(surf, label, *b, &st);
    }

    if let Some(o) = &overlay {
        o.draw_strip(surf, layout.size().0, h, &st);
    }
    Ok(())
}

/// One hexside feature on its side, ready to draw.
struct Side<'a> {
    /// The two hexes (for the crest's lower side and the meander's seed).
    a: HexCoord,
    b: HexCoord,
    /// The side's end points, shifted across when several features share it.
    p: Pt,
    q: Pt,
    /// Unit vector from `a`'s centre to `b`'s.
    d: Pt,
    feature: Option<&'a HexsideFeature>,
    /// Width of the plain line of a feature without a look.
    plain_width: f64,
}

fn draw_side(surf: &mut dyn Surface, map: &Map, s: &Side, pass: u8, r: f64, ticks: bool) {
    let levels = (
        map.elevation(s.a).unwrap_or(0),
        map.elevation(s.b).unwrap_or(0),
    );
    let seed = crate::look::place::hex_seed(s.a.col as i32, s.a.row as i32)
        ^ crate::look::place::hex_seed(s.b.col as i32, s.b.row as i32);
    let way = cartography::SideWay {
        p: s.p,
        q: s.q,
        d: s.d,
        levels,
        seed,
    };
    cartography::draw_side_pass(surf, s.feature, &way, pass, r, ticks, s.plain_width);
}

/// The turn of a centred glyph along the route through its hex (a bridge along its road):
/// the direction between the route's hexes before and after it.
fn route_turns(map: &Map, layout: &Layout) -> BTreeMap<HexCoord, f64> {
    let mut out = BTreeMap::new();
    for route in &map.routes {
        let h = &route.hexes;
        for i in 0..h.len() {
            let (a, b) = (h[i.saturating_sub(1)], h[(i + 1).min(h.len() - 1)]);
            if a == b {
                continue;
            }
            let (pa, pb) = (layout.center(a), layout.center(b));
            // Unit (0, 1) turned by t is (-sin t, cos t): the glyph's y along a to b.
            out.entry(h[i])
                .or_insert((-(pb.0 - pa.0)).atan2(pb.1 - pa.1));
        }
    }
    out
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

/// A feature's name set along it: each glyph's centre, the baseline's angle, the glyphs'
/// scale (pixels a font pixel).
struct Name {
    glyphs: Vec<(char, Pt)>,
    angle: f64,
    k: f64,
}

impl Name {
    /// A box round each glyph, whatever its turn (its halo included).
    fn boxes(&self) -> impl Iterator<Item = Box> + '_ {
        let (w, h) = Font::Label.cell();
        let reach = (w.max(h) as f64 + 1.0) * self.k / 2.0;
        self.glyphs.iter().map(move |(_, (x, y))| Box {
            x: (x - reach).floor() as i64,
            y: (y - reach).floor() as i64,
            w: (2.0 * reach).ceil() as i64 + 1,
            h: (2.0 * reach).ceil() as i64 + 1,
        })
    }

    /// Whether a glyph of the name lies on the box (a hex number under it is left out).
    fn covers(&self, b: &Box) -> bool {
        self.boxes().any(|g| g.overlaps(b))
    }
}

/// Every feature's name with its code (`label::name_text`) set along the feature where
/// [`crate::look::label::along`] puts it, at a size that grows with the hexes, letter-spaced
/// to use up to the room along it (never more than two and a half times the font's own
/// spacing); a name longer than the room is left out.
fn feature_names(map: &Map, layout: &Layout) -> Vec<Name> {
    let r = layout.radius();
    let (cw, _) = Font::Label.cell();
    let mut out = Vec::new();
    for f in &map.features {
        let text: Vec<char> = fold(&crate::look::label::name_text(&f.name, &f.code))
            .chars()
            .collect();
        let centres: Vec<Pt> = f
            .hexes
            .iter()
            .map(|h| {
                let (x, y) = layout.center(*h);
                (x / r, y / r)
            })
            .collect();
        let Some(at) = crate::look::label::along(&centres) else {
            continue;
        };
        let level = at.angle == 0.0;
        // Level names in whole font pixels, crisp; turned ones at any size.
        let k = if level {
            (r / 16.0).floor().max(1.0)
        } else {
            (r / 16.0).max(1.0)
        };
        let n = text.len();
        let own = (cw + 1) as f64 * k;
        let natural = n as f64 * own - k;
        let room = at.extent * r;
        if n == 0 || natural > room {
            continue;
        }
        let spare = (0.85 * room - natural).max(0.0);
        let advance = own + (spare / (n.max(2) - 1) as f64).min(1.5 * own);
        let (ux, uy) = (at.angle.cos(), at.angle.sin());
        let (mx, my) = (at.x * r, at.y * r);
        let first = -((n - 1) as f64) * advance / 2.0;
        let glyphs = text
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let d = first + i as f64 * advance;
                let (mut x, mut y) = (mx + d * ux, my + d * uy);
                if level {
                    // The cell's corner on a whole pixel.
                    let (w, h) = Font::Label.cell();
                    x = (x - w as f64 * k / 2.0).round() + w as f64 * k / 2.0;
                    y = (y - h as f64 * k / 2.0).round() + h as f64 * k / 2.0;
                }
                (c, (x, y))
            })
            .collect();
        out.push(Name {
            glyphs,
            angle: at.angle,
            k,
        });
    }
    out
}

/// Where each hex number goes (top of the hex), or nothing if they do not fit at this scale
/// or the scale is under `min_scale` pixels a hex.
fn hex_numbers(map: &Map, layout: &Layout, st: &Style, min_scale: f64) -> Vec<(HexCoord, Box)> {
    let grid = &map.grid;
    if st.scale < min_scale || grid.is_empty() {
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
/// nearby; a label never covers an earlier one or a feature's name (`lettered`, its glyphs'
/// boxes) when it can help it, and avoids hex numbers where it can (a hex number under a
/// label is left out).
fn place_labels(
    labels: &[Label],
    layout: &Layout,
    st: &Style,
    numbers: &[(HexCoord, Box)],
    lettered: &[Box],
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
        let free = |b: &Box| !placed.iter().chain(lettered).any(|p| p.overlaps(b));
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

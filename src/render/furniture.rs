//! The map's furniture: a scale bar and a terrain key, drawn in a strip under a bare map
//! (`kepi render --key`). The key's swatches are drawn by the map's own look code
//! ([`super::cartography`]) on one-hex layouts, so the key shows exactly what the map shows.

use super::cartography::{self, Looks};
use super::font::{Font, fold};
use super::raster::{Color, Pt};
use super::surface::Surface;
use super::{Layout, SQRT3};
use crate::look::HexsideLook;
use crate::map::{Grid, HexCoord, Map, MapScale};
use crate::tables::TerrainEffects;
use std::collections::BTreeSet;

const INK: Color = Color::rgb(0x24, 0x22, 0x1e);
const PAPER: Color = Color::rgb(0xff, 0xff, 0xff);

/// A round length of at most `max` (1, 2 or 5 times a power of ten).
pub(super) fn round_length(max: f64) -> f64 {
    if max <= 0.0 {
        return 0.0;
    }
    let p = 10f64.powf(max.log10().floor());
    [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * p)
        .find(|v| *v <= max)
        .unwrap_or(p)
}

/// A scale bar's length in pixels for a map of `scale` drawn with hexes `across` pixels from
/// side to side, at most `max_w`, and its label; `None` when no round length fits.
fn scale_bar_length(scale: MapScale, across: f64, max_w: f64) -> Option<(f64, String)> {
    let per_px = scale.per_hex as f64 / across;
    let len = round_length(max_w * per_px);
    if len <= 0.0 || !len.is_finite() {
        return None;
    }
    Some((
        len / per_px,
        fold(&format!("{} {}", trim(len), scale.unit.short())),
    ))
}

/// The scale bar [`draw_scale_bar`] draws with the same arguments: its width with its label
/// (right-aligned under its right end, so reaching left of it when wider), its height, and
/// the bar's own length.
pub(super) fn scale_bar_size(
    scale: MapScale,
    across: f64,
    max_w: f64,
    k: u32,
) -> Option<(f64, f64, f64)> {
    let (w, label) = scale_bar_length(scale, across, max_w)?;
    let lw = Font::Label.width(&label, k) as f64;
    let h = 5.0 * k as f64 + Font::Label.height(k) as f64 + 1.0;
    Some((w.max(lw) + 1.0, h, w))
}

/// A scale bar at (x, y), at most `max_w` pixels long, for a map of `scale` drawn with hexes
/// `across` pixels from side to side: four segments alternating ink and paper, "0" under its
/// left end and the length with its unit under its right. Returns its height.
pub(super) fn draw_scale_bar(
    surf: &mut dyn Surface,
    scale: MapScale,
    across: f64,
    x: f64,
    y: f64,
    max_w: f64,
    k: u32,
) -> f64 {
    let Some((w, label)) = scale_bar_length(scale, across, max_w) else {
        return 0.0;
    };
    let h = 3.0 * k as f64;
    let n = 4;
    surf.fill(
        &[vec![
            (x - 1.0, y - 1.0),
            (x + w + 1.0, y - 1.0),
            (x + w + 1.0, y + h + 1.0),
            (x - 1.0, y + h + 1.0),
        ]],
        INK,
    );
    for i in 0..n {
        let (a, b) = (
            x + w * i as f64 / n as f64,
            x + w * (i + 1) as f64 / n as f64,
        );
        let c = if i % 2 == 0 { INK } else { PAPER };
        surf.fill(&[vec![(a, y), (b, y), (b, y + h), (a, y + h)]], c);
    }
    let ty = (y + h + 2.0 * k as f64).round() as i64;
    surf.text("0", x.round() as i64, ty, k, Font::Label, INK);
    let lw = Font::Label.width(&label, k) as f64;
    surf.text(&label, (x + w - lw).round() as i64, ty, k, Font::Label, INK);
    h + 2.0 * k as f64 + Font::Label.height(k) as f64
}

fn trim(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// What a key entry shows: a terrain, a hexside feature or a route, by its chart key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Entry {
    Terrain(String),
    Hexside(String),
    Route(String),
}

/// The key's entries: the chart's terrain, hexside features and routes that are on `map`,
/// in the chart's order, with their names.
pub(super) fn entries(map: &Map, tec: &TerrainEffects) -> Vec<(Entry, String)> {
    let terrain: BTreeSet<&str> = map.grid.hexes().filter_map(|h| map.terrain(h)).collect();
    let sides: BTreeSet<&str> = map
        .hexsides()
        .flat_map(|(_, f)| f.iter().map(String::as_str))
        .collect();
    let routes: BTreeSet<&str> = map.routes.iter().map(|r| r.kind.as_str()).collect();
    let mut out = Vec::new();
    for t in &tec.terrain {
        if terrain.contains(t.key.as_str()) {
            out.push((Entry::Terrain(t.key.clone()), t.name.clone()));
        }
    }
    for h in &tec.hexsides {
        if sides.contains(h.key.as_str()) {
            out.push((Entry::Hexside(h.key.clone()), h.name.clone()));
        }
    }
    for r in &tec.routes {
        if routes.contains(r.key.as_str()) {
            out.push((Entry::Route(r.key.clone()), r.name.clone()));
        }
    }
    out
}

/// A one-hex layout whose hex's centre is at `c`, radius `r`.
fn one_hex(c: Pt, r: f64) -> (Layout, HexCoord) {
    let grid = Grid::flat(1, 1);
    let hex = HexCoord::new(1, 1);
    let (gx, gy) = grid.center(hex);
    let layout = Layout {
        grid,
        radius: r,
        origin: (c.0 - gx * r, c.1 - gy * r),
        width: 0,
        height: 0,
    };
    (layout, hex)
}

/// Height of the key strip for a map at `scale` px per hex, `width` pixels wide.
pub(super) fn key_height(map: &Map, scale: u32, width: u32) -> u32 {
    let Ok(tec) = map.ruleset.terrain_chart() else {
        return 0;
    };
    let (cell_w, cell_h, _, k) = key_cells(scale);
    let per_row = ((width as f64 - cell_w * 0.5) / cell_w).floor().max(1.0) as usize;
    let n = entries(map, tec).len();
    let rows = n.div_ceil(per_row).max(1);
    (rows as f64 * cell_h + 2.0 * cell_h / 3.0 + 10.0 * k as f64).ceil() as u32
}

/// A key cell's width and height, the swatch's radius, and the font scale.
fn key_cells(scale: u32) -> (f64, f64, f64, u32) {
    let r = (scale as f64 / 2.0).clamp(14.0, 32.0);
    let k = (scale / 32).clamp(1, 2);
    (r * 2.0 + 26.0 * 6.0 * k as f64, r * 2.4, r, k)
}

/// The key and the scale bar in the strip from `top`, `width` pixels wide.
pub(super) fn draw_key(
    surf: &mut dyn Surface,
    map: &Map,
    top: f64,
    width: f64,
    across: f64,
    scale: u32,
) {
    let Ok(tec) = map.ruleset.terrain_chart() else {
        return;
    };
    let looks = Looks::new(tec);
    let (cell_w, cell_h, r, k) = key_cells(scale);
    let per_row = ((width - cell_w * 0.5) / cell_w).floor().max(1.0) as usize;
    for (i, (entry, name)) in entries(map, tec).iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let c = (
            cell_w * 0.25 + col as f64 * cell_w + r,
            top + cell_h * 0.6 + row as f64 * cell_h,
        );
        draw_swatch(surf, tec, &looks, entry, c, r);
        let text = fold(name);
        let ty = (c.1 - Font::Label.height(k) as f64 / 2.0).round() as i64;
        surf.text(
            &text,
            (c.0 + r + 6.0).round() as i64,
            ty,
            k,
            Font::Label,
            INK,
        );
    }
    let rows = entries(map, tec).len().div_ceil(per_row).max(1);
    let y = top + rows as f64 * cell_h + cell_h * 0.2;
    draw_scale_bar(
        surf,
        map.scale,
        across,
        cell_w * 0.25,
        y,
        (width / 3.0).min(8.0 * across),
        k,
    );
}

/// One entry's swatch: a hex of radius `r` centred at `c`, drawn as the map draws the entry
/// (its terrain's fill, texture and edge; a hexside feature on its upper side; a route across
/// it), outlined.
pub(super) fn draw_swatch(
    surf: &mut dyn Surface,
    tec: &TerrainEffects,
    looks: &Looks,
    entry: &Entry,
    c: Pt,
    r: f64,
) {
    let lod = tec.look.lod.level(r).unwrap_or(0);
    let plain = looks
        .terrain
        .get(tec.default_terrain.as_str())
        .map_or(cartography::FALLBACK, |t| t.fill);
    let (layout, hex) = one_hex(c, r);
    let corners = layout.corners(hex).to_vec();
    let fill = match entry {
        Entry::Terrain(key) => looks.terrain.get(key.as_str()).map_or(plain, |t| t.fill),
        _ => plain,
    };
    surf.fill(std::slice::from_ref(&corners), fill);
    match entry {
        Entry::Terrain(key) => {
            if let Some(t) = looks.terrain.get(key.as_str()) {
                if let Some(x) = &t.texture {
                    cartography::draw_texture(surf, x, &layout, hex, lod, fill, None);
                }
                if let Some(e @ HexsideLook::Lined { line, .. }) = &t.edge {
                    let inset = cartography::width(line, r) / 2.0;
                    let ring = layout.corners_at(hex, r - inset * 2.0 / SQRT3);
                    let mut pts = ring.to_vec();
                    pts.push(ring[0]);
                    cartography::draw_lined(surf, e, &pts, r, true);
                }
            }
        }
        Entry::Hexside(key) => {
            // The feature on the hex's upper side, the swatch's hex the lower (a crest
            // ticked down into it).
            let (p, q) = (corners[4], corners[5]);
            if let Some(h) = tec.hexside(key) {
                cartography::draw_side_look(surf, h, p, q, (0.0, 1.0), r);
            }
        }
        Entry::Route(key) => {
            let across = r * SQRT3 / 2.0;
            let pts = [
                (c.0 - across, c.1 + r * 0.25),
                (c.0 + across, c.1 - r * 0.25),
            ];
            if let Some(look) = tec.route(key).and_then(|t| t.look.as_ref()) {
                cartography::draw_route(surf, look, &pts, r);
            } else if let Some(t) = tec.route(key) {
                surf.stroke(&pts, (r * 0.2).max(1.5), cartography::color(&t.color));
            }
        }
    }
    let mut outline = corners.clone();
    outline.push(corners[0]);
    surf.stroke(&outline, 1.0, INK.alpha(0.6));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_bars_have_round_lengths() {
        assert_eq!(round_length(730.0), 500.0);
        assert_eq!(round_length(230.0), 200.0);
        assert_eq!(round_length(19.0), 10.0);
        assert_eq!(round_length(1.0), 1.0);
    }
}
